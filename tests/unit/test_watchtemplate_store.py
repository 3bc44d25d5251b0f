"""The watch tables of the state store, and masking of notification URLs."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from topiccrawl.notify.redact import mask_channel_url
from topiccrawl.store.watches import WatchStore


@pytest.mark.parametrize(
    ("url", "secret"),
    [
        ("mailto://bob:hunter2@example.com", "hunter2"),
        ("tgram://123456789:AAHsecretTOKEN/987654", "AAHsecretTOKEN"),
        ("json://hooks.example.com/services/T0/B0/sekrit", "sekrit"),
        ("ntfy://ntfy.sh/topic?token=tk_abcdef", "tk_abcdef"),
        ("dingtalk://accesstokenvalue/", "accesstokenvalue"),
    ],
)
def test_masked_notify_urls_hide_secrets(url: str, secret: str) -> None:
    masked = mask_channel_url(url)
    assert secret not in masked
    assert masked.startswith(url.split("://", maxsplit=1)[0] + "://")


def test_mask_keeps_what_identifies_the_channel() -> None:
    assert mask_channel_url("mailto://bob:pw@mail.example.com") == "mailto://bob:****@mail.example.com"
    assert mask_channel_url("json://127.0.0.1:8080/hook?key=v") == "json://127.0.0.1:8080/****?key=****"
    assert mask_channel_url("ntfy://ntfy.sh/my-topic") == "ntfy://ntfy.sh/****"  # a topic is a password
    assert mask_channel_url("tgram://123456789:AAHsecret/42") == "tgram://****/****"


def test_watch_round_trip_history_and_known_items(tmp_path: Path) -> None:
    store = WatchStore.in_state_dir(tmp_path)
    wid = store.add_watch("http://h.org/list", '{"kind": "auto"}', ["mailto://a:b@c.org"], now=10.0)
    watch = store.get(wid)
    assert watch is not None and watch.notify == ("mailto://a:b@c.org",) and not watch.baselined
    store.record_fetch(
        wid, fetched_at=20.0, status=200, changed=False, items=[("u1", "u1", "t1")], etag='"e1"', baseline=True
    )
    store.record_fetch(wid, fetched_at=30.0, status=304, changed=False)
    store.record_fetch(
        wid, fetched_at=40.0, status=200, changed=True, items=[("u1", "u1", "x"), ("k2", "u2", "t2")], new_items=1
    )
    watch = store.get(wid)
    assert watch is not None
    assert watch.baselined and watch.last_status == 200 and watch.last_change_at == 40.0
    assert watch.etag is None  # the last 200 sent no ETag: the old one is stale
    assert store.known_keys(wid) == {"u1", "k2"}
    assert [(f.status, f.changed, f.new_items) for f in store.history(wid)] == [(200, 0, 0), (304, 0, 0), (200, 1, 1)]
    # Another reader (the notification side) sees the notify URLs as JSON.
    with sqlite3.connect(store.path) as conn:
        assert json.loads(conn.execute("SELECT notify FROM watches").fetchone()[0]) == ["mailto://a:b@c.org"]
    assert store.remove(wid) and store.get(wid) is None
    assert store.known_keys(wid) == set() and store.history(wid) == []
    assert not store.remove(wid)
    # A fetch that lands after its watch was removed is dropped, not an error.
    store.record_fetch(wid, fetched_at=50.0, status=200, changed=False)
    store.close()


def test_saved_templates(tmp_path: Path) -> None:
    store = WatchStore.in_state_dir(tmp_path)
    tid = store.save_template("http://h.org/", '{"kind": "page", "threshold": 3}')
    assert store.template(tid) == ("http://h.org/", '{"kind": "page", "threshold": 3}')
    assert store.template(tid + 1) is None
    store.close()


def _old_store(path: Path, *statements: str) -> Path:
    """A state store as an earlier version left it: made by ``statements``, not by WatchStore."""
    with sqlite3.connect(path) as conn:
        for sql in statements:
            conn.execute(sql)
    return path


def test_a_store_made_before_fetches_recorded_their_match_count_is_upgraded(tmp_path: Path) -> None:
    path = _old_store(
        tmp_path / "state.sqlite3",
        "CREATE TABLE watch_fetches (id INTEGER PRIMARY KEY AUTOINCREMENT, watch_id INTEGER NOT NULL,"
        " fetched_at REAL NOT NULL, status INTEGER NOT NULL, changed INTEGER NOT NULL,"
        " new_items INTEGER NOT NULL DEFAULT 0, error TEXT)",
        "INSERT INTO watch_fetches (watch_id, fetched_at, status, changed) VALUES (1, 5.0, 200, 0)",
    )
    store = WatchStore(path)
    wid = store.add_watch("http://h.org/list", '{"kind": "auto"}')
    assert wid == 1 and store.last_matched(wid) is None and store.history(wid)[0].matched is None
    store.record_fetch(wid, fetched_at=10.0, status=200, changed=False, matched=7)
    store.record_fetch(wid, fetched_at=20.0, status=304, changed=False)
    assert store.last_matched(wid) == 7
    assert store.last_fetch(wid).status == 304  # type: ignore[union-attr]
    store.close()
    WatchStore(path).close()  # opening it again is no migration


def test_a_store_made_before_paragraphs_were_kept_is_upgraded(tmp_path: Path) -> None:
    path = _old_store(
        tmp_path / "state.sqlite3",
        "CREATE TABLE watches (id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL, template TEXT NOT NULL,"
        " notify TEXT NOT NULL DEFAULT '[]', created_at REAL NOT NULL, etag TEXT, last_modified TEXT,"
        " page_checksum TEXT, page_simhash TEXT, baselined INTEGER NOT NULL DEFAULT 0, last_fetch_at REAL,"
        " last_status INTEGER, last_change_at REAL)",
        "INSERT INTO watches (url, template, created_at, page_checksum, page_simhash, baselined)"
        " VALUES ('http://h.org/a', '{\"kind\": \"page\"}', 1.0, 'abc', '00000000000000ff', 1)",
    )
    store = WatchStore(path)
    old = store.get(1)
    assert old is not None and old.page_simhash == "00000000000000ff" and old.page_segments is None
    store.record_fetch(
        1, fetched_at=5.0, status=200, changed=True, page_checksum="def", page_simhash="1", page_segments=b"\x01"
    )
    assert store.get(1).page_segments == b"\x01"  # type: ignore[union-attr]
    store.close()
