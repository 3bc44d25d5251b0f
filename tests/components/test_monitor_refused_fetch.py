"""A watch the address guard refuses for now (its name does not resolve) is a failed fetch, retried later.

It used to leave the long-running monitor's schedule for good: one DNS outage and the
watch was never fetched again until a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

from scrapy.utils.test import get_crawler

from topiccrawl.spiders.monitor import MonitorSpider
from topiccrawl.store.watches import WatchStore

# .invalid never resolves (RFC 2606): a real resolver failure, as in a DNS outage.
UNRESOLVABLE = "http://news.example.invalid/list/"


def _spider(state: Path) -> MonitorSpider:
    settings = {
        "TOPICCRAWL_STATE_DIR": str(state),
        "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": False,  # so the guard resolves the name
        "TOPICCRAWL_MONITOR_RATE": 50,
        "TOPICCRAWL_MONITOR_RELOAD": 0.1,
        "TOPICCRAWL_MONITOR_MIN_INTERVAL": 0.1,
        "TOPICCRAWL_MONITOR_MAX_INTERVAL": 0.2,
    }
    crawler = get_crawler(MonitorSpider, settings)
    spider = MonitorSpider.from_crawler(crawler)
    crawler.spider = spider
    crawler.stats.open_spider()
    return spider


async def _run_until(spider: MonitorSpider, done: object, limit: float) -> list[object]:
    """Drive the spider's start() until ``done()`` or ``limit`` seconds; the requests it yielded."""
    yielded: list[object] = []
    deadline = time.monotonic() + limit

    async def drive() -> None:
        async for request in spider.start():
            yielded.append(request)

    task = asyncio.ensure_future(drive())
    while not done() and time.monotonic() < deadline:  # type: ignore[operator]
        await asyncio.sleep(0.02)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return yielded


def test_a_refused_fetch_is_recorded_and_retried_until_the_watch_is_removed(tmp_path: Path) -> None:
    store = WatchStore.in_state_dir(tmp_path)
    watch_id = store.add_watch(UNRESOLVABLE, '{"kind": "auto"}')
    spider = _spider(tmp_path)
    yielded = asyncio.run(_run_until(spider, lambda: len(store.history(watch_id)) >= 3, limit=20))
    history = store.history(watch_id)
    assert yielded == []
    assert len(history) >= 3, history  # failed, and tried again (and again)
    assert all(
        f.status == 0 and not f.changed and "cannot resolve news.example.invalid" in (f.error or "") for f in history
    )
    assert store.get(watch_id).last_status == 0  # type: ignore[union-attr]
    assert spider.crawler.stats.get_value("monitor/unsafe_skipped") == len(history)

    # Removed: the next sync takes it off the schedule, and it is not tried again.
    store.remove(watch_id)
    skipped = spider.crawler.stats.get_value("monitor/unsafe_skipped")
    asyncio.run(_run_until(spider, lambda: False, limit=1.0))
    assert watch_id not in spider._known
    assert spider.scheduler.next_fetch(time.time() + 3600) is None
    assert spider.crawler.stats.get_value("monitor/unsafe_skipped") == skipped
    spider.store.close()
    store.close()
