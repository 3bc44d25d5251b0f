"""Write the crawl's final stats to a JSON file, for scripts and benchmarks.

Setting: ``TOPICCRAWL_STATS_FILE`` (path; unset disables the extension).

The file is written at ``engine_stopped``, not ``spider_closed``: Scrapy runs the
``spider_closed`` handlers concurrently, and some of them still add stats while they
finish (the notification outbox's last drain counts what it sent). ``engine_stopped``
is sent after every ``spider_closed`` handler has completed and the stats collector
has closed, so the file holds the final figures.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING

from scrapy import signals
from scrapy.exceptions import NotConfigured

from topiccrawl.atomicfile import atomic_open

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)


class StatsFile:
    def __init__(self, crawler: Crawler, path: str) -> None:
        self.crawler = crawler
        self.path = path
        self.reason: str | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> StatsFile:
        path = crawler.settings.get("TOPICCRAWL_STATS_FILE")
        if not path:  # off by default: a bare NotConfigured, so Scrapy logs no warning about it
            raise NotConfigured
        ext = cls(crawler, path)
        crawler.signals.connect(ext.spider_closed, signal=signals.spider_closed)
        crawler.signals.connect(ext.engine_stopped, signal=signals.engine_stopped)
        return ext

    def spider_closed(self, reason: str) -> None:
        self.reason = reason  # only remembered: other handlers of this signal may still be adding stats

    def engine_stopped(self) -> None:
        if self.reason is None:
            return  # the spider never ran (the engine stopped before opening it): no stats to write
        assert self.crawler.stats is not None
        stats = dict(self.crawler.stats.get_stats())
        stats["finish_reason"] = self.reason
        with atomic_open(self.path) as f:  # (never a half-written file)
            json.dump(stats, f, ensure_ascii=False, indent=1, default=str, sort_keys=True)
