"""The monitor marks a change as known only once its events are through the item pipelines.

Otherwise a process killed between the two would lose the change: known in the watch's
state, never stored as an event, never notified.
"""

from __future__ import annotations

from pathlib import Path

from scrapy import signals
from scrapy.http import HtmlResponse
from scrapy.utils.test import get_crawler

from topiccrawl.demo.changing import ChangingSite
from topiccrawl.demo.server import SiteRequest
from topiccrawl.spiders.monitor import MonitorSpider
from topiccrawl.store.watches import WatchStore

BASE = "http://news.example.org"


def _spider(state: Path) -> MonitorSpider:
    """A fresh spider, as a new ``scrapy crawl monitor -a once=true`` process would build it."""
    crawler = get_crawler(MonitorSpider, {"TOPICCRAWL_STATE_DIR": str(state)})
    spider = MonitorSpider.from_crawler(crawler, once="true")
    crawler.spider = spider
    crawler.stats.open_spider()
    return spider


def _fetch(site: ChangingSite, spider: MonitorSpider, watch_id: int) -> tuple[HtmlResponse, list]:
    reply = site.handle(SiteRequest("GET", "/news/", {}, BASE))
    response = HtmlResponse(BASE + "/news/", body=reply.payload(), headers=reply.headers, encoding="utf-8")
    return response, list(spider.parse_watch(response, watch_id))


def _signal(spider: MonitorSpider, signal: object, item: object, response: HtmlResponse) -> None:
    spider.crawler.signals.send_catch_log(signal=signal, item=item, response=response, spider=spider)


def test_new_items_become_known_only_after_their_events_passed_the_pipelines(tmp_path: Path) -> None:
    site = ChangingSite()
    store = WatchStore.in_state_dir(tmp_path)
    watch_id = store.add_watch(BASE + "/news/", '{"kind": "auto"}')
    spider = _spider(tmp_path)
    assert _fetch(site, spider, watch_id)[1] == []  # the baseline is recorded at once
    baseline_keys = store.known_keys(watch_id)
    baseline_etag = store.get(watch_id).etag  # type: ignore[union-attr]
    assert len(baseline_keys) == site.page_size and baseline_etag

    site.advance(1)
    newest = BASE + site.items("news")[0].url
    response, [event] = _fetch(site, spider, watch_id)
    assert event["item_url"] == newest
    # Not through the pipelines yet: nothing learned, as if the process died here ...
    assert store.known_keys(watch_id) == baseline_keys and store.get(watch_id).etag == baseline_etag  # type: ignore[union-attr]
    # ... so the next process reports the item again (the event log drops the repeat).
    assert [e["item_url"] for e in _fetch(site, _spider(tmp_path), watch_id)[1]] == [newest]

    _signal(spider, signals.item_scraped, event, response)
    assert store.known_keys(watch_id) > baseline_keys
    assert store.get(watch_id).etag != baseline_etag  # type: ignore[union-attr]
    assert _fetch(site, _spider(tmp_path), watch_id)[1] == []


def test_an_event_that_failed_in_a_pipeline_is_reported_again(tmp_path: Path) -> None:
    site = ChangingSite()
    store = WatchStore.in_state_dir(tmp_path)
    watch_id = store.add_watch(BASE + "/news/", '{"kind": "auto"}')
    spider = _spider(tmp_path)
    _fetch(site, spider, watch_id)
    site.advance(2)
    response, events = _fetch(site, spider, watch_id)
    assert len(events) == 2
    _signal(spider, signals.item_scraped, events[0], response)
    _signal(spider, signals.item_error, events[1], response)
    # The fetch is in the history (the scheduler learns from it), but its change is not known.
    assert [(f.changed, f.new_items) for f in store.history(watch_id)] == [(False, 0), (True, 2)]
    again = _fetch(site, _spider(tmp_path), watch_id)[1]
    assert {e["item_url"] for e in again} == {e["item_url"] for e in events}
