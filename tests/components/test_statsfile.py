from __future__ import annotations

import json
from pathlib import Path

import pytest
from scrapy import Spider, signals
from scrapy.exceptions import NotConfigured
from scrapy.statscollectors import MemoryStatsCollector
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from topiccrawl.extensions.statsfile import StatsFile


def test_off_by_default_without_a_warning() -> None:
    with pytest.raises(NotConfigured) as off:
        build_from_crawler(StatsFile, get_crawler(Spider, {}))
    assert not off.value.args  # Scrapy logs a warning for a NotConfigured with a message


def test_writes_the_final_stats_and_the_finish_reason_once_the_engine_stops(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    crawler = get_crawler(Spider, {"TOPICCRAWL_STATS_FILE": str(path)})
    crawler.stats = MemoryStatsCollector(crawler)
    ext = build_from_crawler(StatsFile, crawler)
    crawler.stats.set_value("item_scraped_count", 3)
    crawler.signals.send_catch_log(signals.spider_closed, reason="finished")
    assert not path.exists()  # spider_closed handlers may still be adding stats
    crawler.stats.inc_value("topiccrawl/notify/messages_sent")
    crawler.signals.send_catch_log(signals.engine_stopped)
    stats = json.loads(path.read_text(encoding="utf-8"))
    assert stats["finish_reason"] == "finished"
    assert stats["item_scraped_count"] == 3 and stats["topiccrawl/notify/messages_sent"] == 1
    assert ext.reason == "finished" and not (tmp_path / "stats.json.tmp").exists()
