"""The monitor builds its revisit scheduler from the TOPICCRAWL_MONITOR_* settings."""

from __future__ import annotations

from pathlib import Path

from scrapy.utils.test import get_crawler

from topiccrawl.spiders.monitor import MonitorSpider


def _spider(state: Path, settings: dict[str, object]) -> MonitorSpider:
    crawler = get_crawler(MonitorSpider, {"TOPICCRAWL_STATE_DIR": str(state), **settings})
    spider = MonitorSpider.from_crawler(crawler)
    spider.store.close()
    return spider


def test_scheduler_takes_rate_host_gap_and_min_interval_from_settings(tmp_path: Path) -> None:
    settings = {
        "TOPICCRAWL_MONITOR_RATE": 4.0,
        "TOPICCRAWL_MONITOR_HOST_GAP": 2.5,
        "TOPICCRAWL_MONITOR_MIN_INTERVAL": 90.0,
    }
    scheduler = _spider(tmp_path, settings).scheduler
    assert scheduler.min_interval == 90.0
    assert scheduler._queue.host_gap == 2.5
    assert scheduler._queue.min_gap == 0.25
    # the minimum interval holds: a key that changed is not due again before it
    scheduler.add("k", 0.0)
    assert scheduler.next_fetch(0.0) == ("k", 0.0)
    scheduler.observe("k", 0.0, True)
    scheduler.observe("k", 1.0, True)
    key, when = scheduler.next_fetch(1.0)  # type: ignore[misc]
    assert key == "k" and when >= 91.0


def test_defaults_come_from_the_project_settings(tmp_path: Path) -> None:
    from topiccrawl import settings as project

    spider = _spider(tmp_path, {})
    assert spider.scheduler.min_interval == project.TOPICCRAWL_MONITOR_MIN_INTERVAL
    assert spider.scheduler._queue.host_gap == project.TOPICCRAWL_MONITOR_HOST_GAP
