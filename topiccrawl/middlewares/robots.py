"""robots.txt per RFC 9309, with ``Crawl-delay`` and ``Sitemap:`` (replaces Scrapy's RobotsTxtMiddleware).

Scrapy's middleware parses whatever a robots.txt request returns and allows
everything when it fails. This one follows RFC 9309 (:mod:`topiccrawl.robotspolicy`):

* a 4xx robots.txt allows everything;
* a 5xx or unreachable one (error, timeout) disallows everything on the host for
  ``TOPICCRAWL_ROBOTS_RETRY_AFTER`` seconds (default 600), then robots.txt is
  fetched again. robots.txt requests time out after ``TOPICCRAWL_ROBOTS_TIMEOUT``
  seconds and are not retried (they are re-fetched after the wait instead);
* ``Crawl-delay`` raises the host's download-slot delay (and removes its jitter),
  also after AutoThrottle adjusts it, capped at ``TOPICCRAWL_ROBOTS_MAX_CRAWL_DELAY``;
* ``Sitemap:`` URLs are kept per host: ``await robots_middleware(crawler).sitemaps(url)``
  fetches the host's robots.txt if needed and returns them (for the topic spider).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from scrapy import signals
from scrapy.downloadermiddlewares.robotstxt import RobotsTxtMiddleware
from scrapy.exceptions import IgnoreRequest
from scrapy.http import Request
from scrapy.http.request import NO_CALLBACK
from scrapy.utils.defer import maybe_deferred_to_future
from scrapy.utils.httpobj import urlparse_cached
from scrapy.utils.misc import build_from_crawler
from twisted.internet.defer import Deferred

from topiccrawl.robotspolicy import RobotsOutcome, bounded_crawl_delay, outcome_for, sitemap_urls

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.http import Response
    from scrapy.robotstxt import RobotParser

logger = logging.getLogger(__name__)


class DisallowAll:
    """A robots parser that refuses everything (robots.txt unreachable)."""

    def allowed(self, url: str | bytes, user_agent: str | bytes) -> bool:
        return False

    def crawl_delay(self, user_agent: str | bytes) -> float | None:
        return None


class RobotsPolicyMiddleware(RobotsTxtMiddleware):
    def __init__(self, crawler: Crawler) -> None:
        super().__init__(crawler)
        settings = crawler.settings
        self.retry_after = settings.getfloat("TOPICCRAWL_ROBOTS_RETRY_AFTER", 600.0)
        self.timeout = settings.getfloat("TOPICCRAWL_ROBOTS_TIMEOUT", 10.0)
        self.max_crawl_delay = settings.getfloat("TOPICCRAWL_ROBOTS_MAX_CRAWL_DELAY", 60.0)
        self._expires: dict[str, float] = {}
        self._sitemaps: dict[str, list[str]] = {}
        self._crawl_delays: dict[str, float] = {}  # download-slot key (host name) -> seconds
        # Connected after AutoThrottle's handler, so the clamp has the last word.
        crawler.signals.connect(self._reclamp, signal=signals.response_downloaded)

    @property
    def _useragent(self) -> str:
        return self._robotstxt_useragent or self._default_useragent

    async def sitemaps(self, url: str) -> list[str]:
        """``Sitemap:`` URLs of the robots.txt of ``url``'s host (fetched if not yet)."""
        request = Request(url)
        await self.robot_parser(request)
        return list(self._sitemaps.get(urlparse_cached(request).netloc, []))

    async def robot_parser(self, request: Request) -> RobotParser | None:
        netloc = urlparse_cached(request).netloc
        expires = self._expires.get(netloc)
        if expires is not None and time.monotonic() >= expires and not isinstance(self._parsers.get(netloc), Deferred):
            # RFC 9309: an unreachable robots.txt is tried again after a while.
            del self._parsers[netloc], self._expires[netloc]
            self._stats.inc_value("topiccrawl/robots/refetched")
        if netloc not in self._parsers:
            self._parsers[netloc] = Deferred()
            url = urlparse_cached(request)
            robots_request = Request(
                f"{url.scheme}://{netloc}/robots.txt",
                priority=self.DOWNLOAD_PRIORITY,
                meta={"dont_obey_robotstxt": True, "dont_retry": True, "download_timeout": self.timeout},
                callback=NO_CALLBACK,
                dont_filter=True,
            )
            try:
                response = await self.crawler.engine.download_async(robots_request)
            except IgnoreRequest as exc:
                self._unreachable(netloc, f"refused ({exc})")
            except Exception as exc:  # any failure means "unreachable" in RFC 9309
                self._unreachable(netloc, f"{type(exc).__name__}: {exc}")
            else:
                await self._parse_robots(response, netloc, request)
            self._stats.inc_value("robotstxt/request_count")
        parser = self._parsers[netloc]
        if isinstance(parser, Deferred):
            return await maybe_deferred_to_future(parser)
        return parser

    async def _parse_robots(self, response: Response, netloc: str, request: Request) -> None:
        self._stats.inc_value("robotstxt/response_count")
        self._stats.inc_value(f"robotstxt/response_status_count/{response.status}")
        outcome = outcome_for(response.status)
        if outcome is RobotsOutcome.DISALLOW_ALL:
            self._unreachable(netloc, f"HTTP {response.status}")
            return
        body = response.body if outcome is RobotsOutcome.PARSE else b""
        parser = build_from_crawler(self._parserimpl, self.crawler, body)
        self._sitemaps[netloc] = sitemap_urls(body)
        delay = bounded_crawl_delay(parser.crawl_delay(self._useragent), self.max_crawl_delay)
        if delay is not None:
            self._crawl_delays[urlparse_cached(response).hostname or ""] = delay
            self._stats.set_value(f"topiccrawl/robots/crawl_delay/{netloc}", delay)
            logger.info("robots.txt of %s asks for Crawl-delay %.1f s: honoured", netloc, delay)
        await self.crawler.signals.send_catch_log_async(
            signal=signals.robots_parsed, robotparser=parser, request=request
        )
        self._resolve(netloc, parser)

    def _unreachable(self, netloc: str, why: str) -> None:
        self._stats.inc_value("topiccrawl/robots/unreachable")
        logger.warning(
            "robots.txt of %s is unreachable (%s): nothing there is fetched for %.0f s (RFC 9309)",
            netloc,
            why,
            self.retry_after,
        )
        self._expires[netloc] = time.monotonic() + self.retry_after
        self._resolve(netloc, DisallowAll())

    def _resolve(self, netloc: str, parser: RobotParser | DisallowAll) -> None:
        pending = self._parsers[netloc]
        self._parsers[netloc] = parser  # type: ignore[assignment]
        if isinstance(pending, Deferred):
            pending.callback(parser)

    def process_request_2(self, rp: RobotParser | None, request: Request) -> None:
        super().process_request_2(rp, request)
        self._clamp(request)

    def _clamp(self, request: Request) -> None:
        delay = self._crawl_delays.get(urlparse_cached(request).hostname or "")
        engine = self.crawler.engine
        if delay is None or engine is None:
            return
        slot = engine.downloader.slots.get(engine.downloader.get_slot_key(request))
        if slot is not None and (slot.delay < delay or slot.jitter):
            slot.delay = max(slot.delay, delay)
            slot.jitter = 0.0  # a Crawl-delay is a minimum, not an average

    def _reclamp(self, response: Response, request: Request) -> None:
        self._clamp(request)


def robots_middleware(crawler: Crawler) -> RobotsPolicyMiddleware | None:
    """The crawl's :class:`RobotsPolicyMiddleware`, if enabled (to ask it for sitemaps)."""
    engine = crawler.engine
    if engine is None:
        return None
    for middleware in engine.downloader.middleware.middlewares:
        if isinstance(middleware, RobotsPolicyMiddleware):
            return middleware
    return None
