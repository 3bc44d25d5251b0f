from __future__ import annotations

import json
from pathlib import Path

from topiccrawl.store.events import (
    DONE,
    FAILED,
    PENDING,
    SENDING,
    UNCERTAIN,
    EventStore,
    NewEvent,
    watch_notify_urls,
)

A = "json://127.0.0.1:9/a"
B = "mailto://u:pw123456@127.0.0.1:9?from=a@example.org"


def ev(title: str, watch_id: int | None = None) -> NewEvent:
    return NewEvent("new_item", "2026-01-01T00:00:00+00:00", watch_id, "http://w/", f"http://w/{title}", title, "t")


def test_event_ids_increase_and_each_event_is_queued_per_channel(tmp_path: Path) -> None:
    store = EventStore.open(tmp_path)
    ids = [store.add_event(ev(str(i)), [A, B, A], now=1.0) for i in range(3)]
    assert ids == sorted(ids) and len(set(ids)) == 3
    assert [e.id for e in store.events_since(ids[0], 10)] == ids[1:]
    assert [e.id for e in store.events_since(0, 2)] == ids[:2]
    assert len(store.entries(PENDING)) == 6  # duplicate channel URL queued once
    assert store.latest_event_id() == ids[-1]


def test_claim_is_exclusive_and_done_is_final(tmp_path: Path) -> None:
    s1 = EventStore.open(tmp_path)
    s2 = EventStore.open(tmp_path)  # a second sender (another process in real life)
    s1.add_event(ev("x"), [A], now=1.0)
    ids = [e.id for e in s1.due(now=2.0)]
    assert s1.claim(ids, now=2.0) == ids
    assert s2.claim(ids, now=2.0) == []
    s1.mark_done(ids, now=3.0)
    assert s2.due(now=100.0) == []
    assert [e.state for e in s2.entries()] == [DONE]


def test_failure_reschedules_then_gives_up(tmp_path: Path) -> None:
    store = EventStore.open(tmp_path)
    store.add_event(ev("x"), [A], now=1.0)
    ids = [e.id for e in store.due(now=1.0)]
    store.claim(ids, now=1.0)
    store.mark_failed(ids, error="connection refused", retry_at=50.0)
    assert store.due(now=49.0) == []
    (entry,) = store.due(now=50.0)
    assert (entry.attempts, entry.last_error) == (1, "connection refused")
    store.claim(ids, now=50.0)
    store.mark_failed(ids, error="still down", retry_at=None)
    assert [e.state for e in store.entries()] == [FAILED]


def test_interrupted_send_is_not_resent_by_default_and_resent_when_asked(tmp_path: Path) -> None:
    store = EventStore.open(tmp_path)
    store.add_event(ev("x"), [A], now=1.0)
    store.add_event(ev("y"), [A], now=1.0)
    first, second = (e.id for e in store.due(now=1.0))
    store.claim([first], now=1.0)  # then the process "dies"
    assert store.recover_stale(now=100.0, lease=300.0, resend=False) == 0  # lease not over: maybe still sending
    assert store.recover_stale(now=400.0, lease=300.0, resend=False) == 1
    assert {e.id: e.state for e in store.entries()} == {first: UNCERTAIN, second: PENDING}
    store.claim([second], now=500.0)
    assert store.recover_stale(now=900.0, lease=300.0, resend=True) == 1
    assert {e.id for e in store.due(now=900.0)} == {second}
    assert not store.entries(SENDING)


def test_watch_urls_read_defensively(tmp_path: Path) -> None:
    store = EventStore.open(tmp_path)
    assert watch_notify_urls(store.conn, 1) == []  # no watches table: global URLs only
    store.conn.execute("CREATE TABLE watches (id INTEGER PRIMARY KEY, url TEXT, notify_urls TEXT, extra TEXT)")
    store.conn.execute("INSERT INTO watches VALUES (1, 'http://w/', ?, 'x')", (json.dumps([A, B]),))
    store.conn.execute("INSERT INTO watches VALUES (2, 'http://w/', ?, 'x')", (f"{A}, {B}",))
    store.conn.execute("INSERT INTO watches VALUES (3, 'http://w/', '[1, 2]', 'x')")
    assert watch_notify_urls(store.conn, 1) == [A, B]
    assert watch_notify_urls(store.conn, 2) == [A, B]
    assert watch_notify_urls(store.conn, 3) == []
    assert watch_notify_urls(store.conn, 99) == []


def test_the_same_new_item_is_announced_once(tmp_path: Path) -> None:
    store = EventStore.open(tmp_path)
    first = store.add_event(ev("x", watch_id=1), [A], now=1.0)
    assert store.add_event(ev("x", watch_id=1), [A, B], now=2.0) == first  # re-emitted after a crash
    assert store.add_event(ev("x", watch_id=2), [A], now=2.0) != first  # another watch
    changed = NewEvent("changed_page", "t", 1, "http://w/", "http://w/", "w", "m")
    assert store.add_event(changed, [A], now=3.0) != store.add_event(changed, [A], now=4.0)  # may recur
    assert len(store.entries()) == 4


def test_watch_urls_from_the_monitors_notify_column(tmp_path: Path) -> None:
    store = EventStore.open(tmp_path)
    store.conn.execute("CREATE TABLE watches (id INTEGER PRIMARY KEY, url TEXT, template TEXT, notify TEXT)")
    store.conn.execute("INSERT INTO watches VALUES (5, 'http://w/', '{}', ?)", (json.dumps([B]),))
    assert watch_notify_urls(store.conn, 5) == [B]
