"""Write the crawl's final stats to a JSON file, for scripts and benchmarks.

Setting: ``TOPICCRAWL_STATS_FILE`` (path; unset disables the extension).
"""

from __future__ import annotations

import json
import logging
import os
from typing import TYPE_CHECKING

from scrapy import signals
from scrapy.exceptions import NotConfigured

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)


class StatsFile:
    def __init__(self, crawler: Crawler, path: str) -> None:
        self.crawler = crawler
        self.path = path

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> StatsFile:
        path = crawler.settings.get("TOPICCRAWL_STATS_FILE")
        if not path:
            raise NotConfigured("TOPICCRAWL_STATS_FILE is not set")
        ext = cls(crawler, path)
        crawler.signals.connect(ext.spider_closed, signal=signals.spider_closed)
        return ext

    def spider_closed(self, reason: str) -> None:
        assert self.crawler.stats is not None
        stats = dict(self.crawler.stats.get_stats())
        stats["finish_reason"] = reason
        tmp = f"{self.path}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(stats, f, ensure_ascii=False, indent=1, default=str, sort_keys=True)
        os.replace(tmp, self.path)  # never leave a half-written file behind
