"""``scrapy crawl`` with one-line errors for bad input.

Scrapy's own ``crawl`` prints a traceback when a spider rejects its arguments,
and can leave an empty output file behind. This command checks what a user
can get wrong before the crawl starts (the spider name, ``-a`` values via the
spider's own argument parsing, seed files, dictionary names, numeric
``TOPICCRAWL_`` settings that are not numbers, a reachable Redis when
``TOPICCRAWL_REDIS_URL`` is set) and reports it as one line on stderr::

    error: <what is wrong>; <what to do>

with exit status 2 and nothing written. Scrapy's log starts only once the
input is accepted. Bad input found later (a :class:`~topiccrawl.args.UserInputError`
from a spider's ``from_crawler`` or ``start()``, or from a component's
``from_crawler``) ends the same way, the line coming after Scrapy's log
instead of a traceback. Any other error that stops the start-up is logged with its
traceback and ends with an ``error:`` line and exit status 1. A distributed crawl that closes because Redis stayed away
(finish reason ``redis_unavailable``) exits with status 3.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from scrapy.commands.crawl import Command as ScrapyCrawlCommand
from scrapy.exceptions import UsageError
from scrapy.spiderloader import get_spider_loader

from topiccrawl.args import UserInputError, error_line
from topiccrawl.middlewares import startguard

if TYPE_CHECKING:
    import argparse

logger = logging.getLogger(__name__)

EXIT_BAD_INPUT = 2
EXIT_REDIS_UNAVAILABLE = 3


def fail(what: str, todo: str) -> NoReturn:
    """Print ``error: what; todo`` on stderr and exit with status 2."""
    print(f"error: {what}; {todo}", file=sys.stderr)
    sys.exit(EXIT_BAD_INPUT)


def check_redis(url: str, timeout: float = 3.0) -> None:
    """Ping the Redis at ``url``; :func:`fail` when it does not answer."""
    import redis

    safe = url.split("@", 1)[-1]  # never print a password
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
        client.ping()
    except (redis.RedisError, ValueError, OSError) as exc:
        fail(
            f"cannot reach Redis at {safe} ({type(exc).__name__})",
            "start redis-server, fix TOPICCRAWL_REDIS_URL, or unset it to crawl on one machine",
        )


def numeric_settings() -> dict[str, type]:
    """The project's numeric settings (``TOPICCRAWL_`` names whose default in
    :mod:`topiccrawl.settings` is an int or a float) and the type they are read as."""
    from topiccrawl import settings as defaults

    return {
        name: type(value)
        for name, value in vars(defaults).items()
        if name.startswith("TOPICCRAWL_") and isinstance(value, int | float) and not isinstance(value, bool)
    }


def numeric_setting_error(settings: Any) -> str | None:
    """What is wrong with the first numeric setting whose value is not a number of its type
    (Scrapy's typed getters would raise a bare ValueError mid-start-up), or None."""
    for name, kind in numeric_settings().items():
        getter = settings.getint if kind is int else settings.getfloat
        try:
            getter(name)
        except (TypeError, ValueError):
            wanted = "a whole number" if kind is int else "a number"
            return f"{name}={settings.get(name)!r} is not {wanted}"
    return None


_FIX_SETTING = "fix the setting (-s NAME=VALUE or settings.py)"


def check_numeric_settings(settings: Any) -> None:
    """:func:`fail` on a numeric setting that is not a number (see :func:`numeric_setting_error`)."""
    if (error := numeric_setting_error(settings)) is not None:
        fail(error, _FIX_SETTING)


def require_numeric_settings(settings: Any) -> None:
    """The same check for topiccrawl's other commands, as a one-line :class:`UsageError`."""
    if (error := numeric_setting_error(settings)) is not None:
        raise UsageError(f"{error}; {_FIX_SETTING}", print_help=False)


def _local_outputs(feeds: dict[str, Any]) -> list[Path]:
    paths = []
    for uri in feeds:
        text = str(uri)
        if text.startswith("file://"):
            text = text[len("file://") :]
        elif "://" in text:
            continue
        paths.append(Path(text))
    return paths


class Command(ScrapyCrawlCommand):
    # The crawler process (and Scrapy's log) starts only after the input checks.
    requires_crawler_process = False
    finish_reason: str | None = None
    bad_input: str | None = None  # the error line of a UserInputError raised after start-up
    crash: BaseException | None = None  # any other error that ended the crawl's start-up

    def _create_crawler(self, spidercls: Any) -> Any:
        from scrapy import signals

        crawler = super()._create_crawler(spidercls)
        crawler.signals.connect(self._spider_closed, signal=signals.spider_closed)
        return crawler

    def _spider_closed(self, reason: str, spider: Any, **kwargs: Any) -> None:
        self.finish_reason = reason
        if reason == startguard.FINISH_REASON:
            self.bad_input = spider.crawler.stats.get_value(startguard.STAT)

    def _crawl(self, name: str, spargs: dict[str, Any]) -> None:
        """Scrapy's ``crawl``, keeping a :class:`UserInputError` of ``from_crawler`` from becoming a
        traceback, and any other start-up error from passing unseen (it is logged with its traceback)."""
        import asyncio

        assert self.crawler_process is not None
        running = self.crawler_process.crawl(self._create_crawler(name), **spargs)

        def keep(exc: BaseException) -> None:
            if isinstance(exc, UserInputError):
                self.bad_input = error_line(exc, name)
            else:
                self.crash = exc
                logger.error("The crawl stopped on an unexpected error", exc_info=exc)

        def done(task: asyncio.Future[Any]) -> None:
            # Retrieving the exception also keeps asyncio from logging it as never retrieved.
            if not task.cancelled() and (exc := task.exception()) is not None:
                keep(exc)

        if isinstance(running, asyncio.Future):
            running.add_done_callback(done)
        else:
            running.addErrback(lambda failure: keep(failure.value))
        self.crawler_process.start()
        if self.crawler_process.bootstrap_failed:
            self.exitcode = 1

    def _set_exitcode(self) -> None:
        from topiccrawl.redisscheduler import FINISH_REASON

        if self.bad_input is not None:
            print(f"error: {self.bad_input}", file=sys.stderr)
            self.exitcode = EXIT_BAD_INPUT
        elif self.crash is not None:
            what = f"{type(self.crash).__name__}: {self.crash}".splitlines()[0]
            print(f"error: the crawl stopped on an unexpected error ({what}); see the traceback above", file=sys.stderr)
            self.exitcode = self.exitcode or 1
        elif self.finish_reason == FINISH_REASON and not self.exitcode:
            self.exitcode = EXIT_REDIS_UNAVAILABLE

    def process_options(self, args: list[str], opts: argparse.Namespace) -> None:
        try:
            super().process_options(args, opts)
        except UsageError as exc:
            fail(str(exc) or "bad command line", "see scrapy crawl -h")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1:
            fail("expected exactly one spider name", "run scrapy list to see the spiders")
        name = args[0]
        assert self.settings is not None
        loader = get_spider_loader(self.settings)
        try:
            spidercls = loader.load(name)
        except KeyError:
            fail(f"no spider named {name!r}", f"choose one of: {', '.join(sorted(loader.list()))}")
        try:
            # Spiders parse and check their -a arguments in __init__; doing it
            # here first keeps bad input from starting a crawl at all.
            spidercls(**opts.spargs)
        except UserInputError as exc:
            print(f"error: {error_line(exc, name)}", file=sys.stderr)
            sys.exit(EXIT_BAD_INPUT)
        except TypeError as exc:
            fail(f"spider {name}: {exc}", "check the -a argument names")
        except Exception:  # e.g. a spider that needs its crawler in __init__: the real run reports it
            pass
        check_numeric_settings(self.settings)
        redis_url = self.settings.get("TOPICCRAWL_REDIS_URL")
        if redis_url:
            check_redis(str(redis_url))
        outputs = _local_outputs(self.settings.getdict("FEEDS"))
        existed = {path for path in outputs if path.exists()}
        self.crawler_process = _make_process(self.settings)
        self._crawl(name, opts.spargs)
        self._set_exitcode()
        if self.exitcode:
            # A crawl that failed to start must not leave empty datasets behind, nor
            # (bad input found once it started) the few items it may have written.
            for path in outputs:
                if path not in existed and path.exists() and (self.bad_input or path.stat().st_size == 0):
                    path.unlink()


def _make_process(settings: Any) -> Any:
    """The crawler process ``scrapy.cmdline`` would have made."""
    from scrapy.crawler import AsyncCrawlerProcess, CrawlerProcess

    asyncio_reactor = "twisted.internet.asyncioreactor.AsyncioSelectorReactor"
    if (
        settings["TWISTED_REACTOR"] == asyncio_reactor and not settings.getbool("FORCE_CRAWLER_PROCESS")
    ) or not settings.getbool("TWISTED_REACTOR_ENABLED"):
        return AsyncCrawlerProcess(settings)
    return CrawlerProcess(settings)
