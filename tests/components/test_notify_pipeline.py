from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import scrapy
from scrapy import signals
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from topiccrawl.args import SpiderArgumentError
from topiccrawl.items import ChangeEvent, ForumPost, TopicPage
from topiccrawl.pipelines.notify import ChangeNotifyPipeline
from topiccrawl.store.db import STATE_DB_NAME
from topiccrawl.store.events import EventStore

GLOBAL = "json://127.0.0.1:9/global"
WATCH = "mailto://u:pw@127.0.0.1:9?from=a@example.org"
TEXT = "武昌起义爆发于一九一一年十月十日，揭开了辛亥革命的序幕。湖北军政府成立后，黎元洪被推举为都督。"


class Crawl(scrapy.Spider):
    name = "follow"


def pipeline(tmp_path: Path, notify: Any = None, **settings: Any) -> ChangeNotifyPipeline:
    crawler = get_crawler(
        Crawl, {"TOPICCRAWL_STATE_DIR": str(tmp_path / "state"), "TOPICCRAWL_NOTIFY_URLS": [GLOBAL], **settings}
    )
    crawler.spider = Crawl() if notify is None else Crawl(notify=notify)
    crawler.stats.open_spider()
    pipe = build_from_crawler(ChangeNotifyPipeline, crawler)
    pipe.open_spider()
    return pipe


def run(tmp_path: Path, items: list[Any], notify: Any = "1", reason: str = "finished") -> list[tuple[str, str, str]]:
    """One crawl through the pipeline, closed as Scrapy closes one with finish ``reason``;
    returns the events it created as (kind, item_url, title)."""
    store = EventStore.open(tmp_path / "state")
    before = store.latest_event_id()
    pipe = pipeline(tmp_path, notify)
    for item in items:
        assert pipe.process_item(item) is item
    pipe.close_spider()  # Scrapy closes the pipelines first, then sends spider_closed with the reason
    pipe.crawler.signals.send_catch_log(signals.spider_closed, spider=pipe.crawler.spider, reason=reason)
    return [(e.kind, e.item_url or "", e.item_title or "") for e in store.events_since(before, 1000)]


def page(path: str, text: str, title: str = "t") -> TopicPage:
    return TopicPage(url=f"http://site.example{path}", title=title, text=text)


def post(thread: str, position: int, text: str) -> ForumPost:
    url = f"http://bbs.example/thread-{thread}.html"
    return ForumPost(thread_url=url, thread_title=f"thread {thread}", page_url=url, position=position, text=text)


def test_change_events_are_stored_and_queued_for_global_and_watch_channels(tmp_path: Path) -> None:
    store = EventStore.open(tmp_path / "state")
    store.conn.execute("CREATE TABLE watches (id INTEGER PRIMARY KEY, url TEXT, notify_urls TEXT)")
    store.conn.execute("INSERT INTO watches VALUES (4, 'http://w/', ?)", (json.dumps([WATCH]),))
    pipe = pipeline(tmp_path)
    item = ChangeEvent(watch_id=4, watch_url="http://w/", kind="new_item", item_url="http://w/9", item_title="新帖")
    pipe.process_item(item)
    other = ChangeEvent(watch_id=None, watch_url="http://x/", kind="page_changed", item_url=None, item_title=None)
    pipe.process_item(other)
    assert item["event_id"] < other["event_id"]
    channels = {store.channel_url(e.channel_id) for e in store.entries() if e.event.id == item["event_id"]}
    assert channels == {GLOBAL, WATCH}
    assert len([e for e in store.entries() if e.event.id == other["event_id"]]) == 1
    assert pipe.crawler.stats.get_value("topiccrawl/notify/events/new_item") == 1


def test_first_crawl_records_and_recrawl_reports_new_and_changed_pages_only(tmp_path: Path) -> None:
    first = [page("/a", TEXT + " 更新时间 2026-11-30 04:00"), page("/b", TEXT + " 第二篇")]
    assert run(tmp_path, first) == []
    second = [
        page("/a", TEXT + " 更新时间 2026-12-01 18:31"),  # clock only: noise
        page("/b", "周末的篮球比赛非常精彩，双方打到了加时赛。小区门口新开了一家面馆。", "b2"),
        page("/c", "孙中山先生提出三民主义：民族、民权、民生。", "新文章"),
    ]
    events = run(tmp_path, second)
    assert sorted(events) == [
        ("changed_page", "http://site.example/b", "b2"),
        ("new_item", "http://site.example/c", "新文章"),
    ]
    assert run(tmp_path, second) == []  # nothing new on a third identical crawl


def test_recrawl_of_a_forum_reports_new_threads_and_new_posts(tmp_path: Path) -> None:
    assert run(tmp_path, [post("1", 1, "一楼"), post("1", 2, "二楼")]) == []
    events = run(
        tmp_path,
        [
            post("1", 1, "一楼"),
            post("1", 2, "二楼"),
            post("1", 3, "三楼"),
            post("2", 1, "新帖一楼"),
            post("2", 2, "新帖二楼"),
        ],
    )
    assert sorted(k for k, _, _ in events) == ["new_post", "new_thread"]
    assert ("new_thread", "http://bbs.example/thread-2.html", "thread 2") in events
    assert ("new_post", "http://bbs.example/thread-1.html", "thread 1 (#3)") in events


def test_detection_off_touches_nothing(tmp_path: Path) -> None:
    pipe = pipeline(tmp_path)
    pipe.process_item(page("/a", TEXT))
    pipe.close_spider()
    assert not (tmp_path / "state" / STATE_DB_NAME).exists()


def test_setting_turns_detection_on_and_spider_argument_wins(tmp_path: Path) -> None:
    assert pipeline(tmp_path, TOPICCRAWL_NOTIFY_CHANGES=True).detect
    assert not pipeline(tmp_path, "off", TOPICCRAWL_NOTIFY_CHANGES=True).detect


def test_bad_notify_argument_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SpiderArgumentError, match="notify"):
        pipeline(tmp_path, "sometimes")


def test_a_killed_first_crawl_leaves_the_next_one_a_baseline(tmp_path: Path) -> None:
    pipe = pipeline(tmp_path, "1")
    pipe.process_item(page("/a", TEXT))  # ... and the process dies: close_spider never runs
    assert run(tmp_path, [page("/a", TEXT), page("/b", TEXT + "另一篇")]) == []  # still a baseline
    assert run(tmp_path, [page("/c", "孙中山先生提出三民主义：民族、民权、民生。", "c")]) == [
        ("new_item", "http://site.example/c", "c")
    ]


@pytest.mark.parametrize("reason", ["max_pages", "closespider_pagecount", "closespider_timeout", "shutdown"])
def test_a_first_crawl_stopped_early_leaves_the_next_one_a_baseline(tmp_path: Path, reason: str) -> None:
    assert run(tmp_path, [page("/a", TEXT)], reason=reason) == []
    # the full crawl that follows reaches /b for the first time: not new, merely not reached before
    assert run(tmp_path, [page("/a", TEXT), page("/b", TEXT + "另一篇")]) == []
    assert run(
        tmp_path, [page("/a", TEXT), page("/b", TEXT + "另一篇"), page("/c", "三民主义：民族、民权、民生。", "c")]
    ) == [("new_item", "http://site.example/c", "c")]


def test_a_recrawl_stopped_early_still_reports_once_the_scope_is_known(tmp_path: Path) -> None:
    assert run(tmp_path, [page("/a", TEXT)]) == []
    assert run(tmp_path, [page("/c", "三民主义：民族、民权、民生。", "c")], reason="shutdown") == [
        ("new_item", "http://site.example/c", "c")
    ]


@pytest.mark.parametrize("kind", ["page", "thread", "post"])
def test_a_change_whose_event_was_not_stored_is_reported_by_the_next_crawl(tmp_path: Path, kind: str) -> None:
    """The fingerprint and the event are committed together: if storing the event fails
    (here a real SQLite error, as a full disk or a killed process would leave it), the
    next crawl still sees the change."""
    before = {"page": [page("/a", TEXT)], "thread": [post("1", 1, "一楼")], "post": [post("1", 1, "一楼")]}[kind]
    change = {
        "page": page("/b", "孙中山先生提出三民主义：民族、民权、民生。", "b"),
        "thread": post("2", 1, "新帖"),
        "post": post("1", 2, "二楼"),
    }[kind]
    expected_kind = {"page": "new_item", "thread": "new_thread", "post": "new_post"}[kind]
    assert run(tmp_path, before) == []
    store = EventStore.open(tmp_path / "state")
    store.conn.execute("CREATE TRIGGER no_events BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    pipe = pipeline(tmp_path, "1")
    with pytest.raises(sqlite3.IntegrityError, match="disk full"):
        pipe.process_item(change)
    pipe.close_spider()  # the crawl dies with it: no spider_closed
    store.conn.execute("DROP TRIGGER no_events")
    assert [k for k, _, _ in run(tmp_path, [*before, change])] == [expected_kind]
