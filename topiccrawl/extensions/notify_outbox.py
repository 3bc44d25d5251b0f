"""Drain the notification outbox during any crawl: periodically, in a thread, and once more at the end.

Never blocks the reactor: each drain runs in Twisted's thread pool, and a new one is
not started while the previous is still sending. At ``spider_closed`` the extension
waits for a last drain that ignores the fold window, so a crawl's events are sent
before it exits (each send bounded by ``TOPICCRAWL_NOTIFY_TIMEOUT``). Whatever fails is
retried by later crawls or ``scrapy notify run``.

Settings: ``TOPICCRAWL_NOTIFY_ENABLED`` (on), ``TOPICCRAWL_NOTIFY_DRAIN_INTERVAL`` (5 s).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from scrapy import signals
from scrapy.exceptions import NotConfigured
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet import task, threads
from twisted.internet.defer import Deferred

from topiccrawl.notify.config import outbox_config
from topiccrawl.notify.outbox_worker import DrainReport, OutboxWorker
from topiccrawl.store.db import STATE_DB_NAME
from topiccrawl.store.events import EventStore

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)


class NotifyOutbox:
    def __init__(self, crawler: Crawler, interval: float) -> None:
        self.crawler = crawler
        self.interval = interval
        self.state_dir = Path(crawler.settings.get("TOPICCRAWL_STATE_DIR", ".topiccrawl"))
        self.config = outbox_config(crawler.settings)
        self._loop: task.LoopingCall | None = None
        self._running: Deferred[DrainReport | None] | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> NotifyOutbox:
        if not crawler.settings.getbool("TOPICCRAWL_NOTIFY_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_NOTIFY_ENABLED is off")
        interval = crawler.settings.getfloat("TOPICCRAWL_NOTIFY_DRAIN_INTERVAL", 5.0)
        if interval <= 0:
            raise NotConfigured("TOPICCRAWL_NOTIFY_DRAIN_INTERVAL <= 0")
        ext = cls(crawler, interval)
        crawler.signals.connect(ext.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(ext.spider_closed, signal=signals.spider_closed)
        return ext

    def spider_opened(self) -> None:
        self._loop = task.LoopingCall(self._tick)
        self._loop.start(self.interval, now=True)

    def _tick(self) -> None:
        if self._running is None:
            self._start(flush=False)

    def _start(self, *, flush: bool) -> Deferred[DrainReport | None]:
        d: Deferred[DrainReport | None] = threads.deferToThread(self._drain, flush)
        self._running = d

        def done(result: DrainReport | None) -> DrainReport | None:
            self._running = None
            if result is not None and self.crawler.stats is not None:
                self.crawler.stats.inc_value("topiccrawl/notify/messages_sent", result.messages_sent)
                self.crawler.stats.inc_value("topiccrawl/notify/events_sent", result.events_sent)
                self.crawler.stats.inc_value("topiccrawl/notify/messages_failed", result.messages_failed)
            return result

        def failed(failure: object) -> None:
            self._running = None
            logger.error("Draining the notification outbox failed: %s", failure)

        d.addCallbacks(done, failed)
        return d

    def _drain(self, flush: bool) -> DrainReport | None:
        """Runs in a worker thread, with its own connection (SQLite connections stay in one thread)."""
        if not (self.state_dir / STATE_DB_NAME).exists():
            return None  # nothing was ever queued
        store = EventStore.open(self.state_dir)
        try:
            # The last drain of a closing crawl must not hold the exit for long: budget it.
            budget = max(30.0, 4 * self.config.timeout) if flush else None
            return OutboxWorker(store, self.config).drain_once(flush=flush, budget=budget)
        finally:
            store.close()

    async def spider_closed(self) -> None:
        """Scrapy waits for this: a last drain (fold window ignored) after any one still running."""
        if self._loop is not None and self._loop.running:
            self._loop.stop()
        if self._running is not None:
            await maybe_deferred_to_future(self._running)  # its errors are logged by its own errback
        await maybe_deferred_to_future(self._start(flush=True))
