"""``scrapy feed serve`` as a real process: the JSON cursor, Atom validity, escaping, bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from lxml import etree

from tests.helpers import PROJECT_ROOT
from tests.integration.notify_receivers import free_port, wait_until
from topiccrawl.feed.render import ATOM_NS
from topiccrawl.store.events import EventStore, NewEvent

pytestmark = pytest.mark.integration

HOSTILE = "</title><script>alert('x')</script><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]>&e;"


def get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.headers["Content-Type"], r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers["Content-Type"], e.read()


def test_feed_server_pages_with_a_cursor_and_serves_safe_atom(tmp_path: Path) -> None:
    state = tmp_path / "state"
    store = EventStore.open(state)
    titles = ["第一条", HOSTILE, "第三条", "第四条", "第五条"]
    for n, title in enumerate(titles):
        store.add_event(
            NewEvent("new_item", f"2026-11-30T08:0{n}:00+00:00", 1, "http://w/", f"http://w/{n}?a=1&b=2", title, "m"),
            [],
            now=1.0,
        )
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "SCRAPY_SETTINGS_MODULE": "topiccrawl.settings"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "scrapy", "feed", "serve", "--port", str(port), "-s", f"TOPICCRAWL_STATE_DIR={state}"],
        cwd=PROJECT_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:

        def up() -> bool:
            try:
                return get(base + "/events.json")[0] == 200
            except OSError:
                return False

        wait_until(up, what="the feed server")
        # Walk the feed with the cursor, two at a time: every event exactly once, in order.
        seen: list[str] = []
        since = 0
        for _ in range(10):
            status, ctype, body = get(f"{base}/events.json?since={since}&limit=2")
            assert status == 200 and ctype.startswith("application/feed+json")
            assert b"<" not in body  # no markup, even from hostile titles
            doc = json.loads(body)
            if not doc["items"]:
                assert doc["next_since"] == since
                break
            seen += [i["title"] for i in doc["items"]]
            since = doc["next_since"]
        assert seen == titles

        status, ctype, body = get(base + "/events.atom?limit=3")
        assert status == 200 and ctype.startswith("application/atom+xml")
        parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
        root = etree.fromstring(body, parser)
        ns = {"a": ATOM_NS}
        entries = root.findall("a:entry", ns)
        assert [e.findtext("a:id", namespaces=ns) for e in entries] == [
            "urn:topiccrawl:event:5",
            "urn:topiccrawl:event:4",
            "urn:topiccrawl:event:3",
        ]
        all_atom = etree.fromstring(get(base + "/events.atom")[2], parser)
        hostile_entry = [e for e in all_atom.findall("a:entry", ns) if "script" in e.findtext("a:title", namespaces=ns)]
        assert len(hostile_entry) == 1
        assert HOSTILE in hostile_entry[0].findtext("a:title", namespaces=ns)
        assert all_atom.find(".//{*}script") is None
        assert b"<script>" not in get(base + "/events.atom")[2]
        assert all_atom.findall("a:entry/a:link", ns)[0].get("href").endswith("?a=1&b=2")

        assert get(base + "/events.json?since=-1")[0] == 400
        assert get(base + "/events.json?limit=abc")[0] == 400
        assert get(base + "/nothing")[0] == 404
    finally:
        proc.terminate()
        out, _err = proc.communicate(timeout=20)
    assert f"serving http://127.0.0.1:{port}/events.json" in out


def test_feed_serve_rejects_bad_arguments(tmp_path: Path) -> None:
    from tests.helpers import run_scrapy

    bad = run_scrapy("feed", "serve", "--port", "70000", "-s", f"TOPICCRAWL_STATE_DIR={tmp_path}")
    assert bad.returncode == 2 and "--port 70000" in bad.stderr
    bad = run_scrapy("feed", "publish", "-s", f"TOPICCRAWL_STATE_DIR={tmp_path}")
    assert bad.returncode == 2 and "usage" in bad.stderr
