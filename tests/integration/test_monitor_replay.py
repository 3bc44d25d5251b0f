"""The monitor spider's scheduling side, driven directly (no reactor): history replay and lost fetches."""

from __future__ import annotations

from pathlib import Path

from scrapy.utils.test import get_crawler

from topiccrawl.spiders.monitor import MonitorSpider
from topiccrawl.store.watches import WatchStore


def _spider(tmp_path: Path, **settings: object) -> MonitorSpider:
    crawler = get_crawler(MonitorSpider, {"TOPICCRAWL_STATE_DIR": str(tmp_path), **settings})
    return MonitorSpider.from_crawler(crawler)


def test_history_is_replayed_into_the_scheduler(tmp_path: Path) -> None:
    store = WatchStore.in_state_dir(tmp_path)
    old = store.add_watch("http://h.org/old", '{"kind": "page"}', now=0.0)
    new = store.add_watch("http://h.org/new", '{"kind": "page"}', now=0.0)
    for t in (1000.0, 2000.0, 3000.0):
        store.record_fetch(old, fetched_at=t, status=200, changed=False, baseline=True)
    spider = _spider(tmp_path)
    spider._sync(now=3500.0)
    # The never-fetched watch is due now.
    assert spider.scheduler.next_fetch(3500.0) == (str(new), 3500.0)
    assert spider._last_fetch == {str(old): 3000.0}
    spider.scheduler.remove(str(new))
    # Replayed: not due before its last recorded fetch (3000 s) plus the minimum
    # interval, where a fresh add would be due at once.
    key, when = spider.scheduler.next_fetch(3010.0)  # type: ignore[misc]
    assert key == str(old) and when == 3000.0 + spider.scheduler.min_interval > 3010.0
    store.remove(old)
    spider._sync(now=3600.0)
    assert spider.scheduler.next_fetch(3600.0) is None and spider._last_fetch == {}
    store.close()


def test_a_fetch_that_never_reports_back_is_released(tmp_path: Path) -> None:
    store = WatchStore.in_state_dir(tmp_path)
    wid = store.add_watch("http://h.org/", '{"kind": "page"}', now=0.0)
    store.close()
    spider = _spider(tmp_path, DOWNLOAD_TIMEOUT=10, RETRY_TIMES=0)
    spider._sync(now=0.0)
    spider._in_flight[str(wid)] = 0.0
    spider._release_lost(now=30.0)
    assert str(wid) in spider._in_flight  # 10 s download + 60 s grace not yet over
    spider._release_lost(now=100.0)
    assert spider._in_flight == {}
    key, when = spider.scheduler.next_fetch(100.0)  # type: ignore[misc]
    assert key == str(wid) and when > 100.0  # rescheduled, not fetched in a loop
