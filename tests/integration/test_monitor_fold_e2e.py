"""One long-running monitor, two bursts of new items: each burst arrives as one folded webhook message.

``scrapy crawl monitor`` runs as a user leaves it running. The watched list page gains
items while it runs: first one item and, after the monitor has detected it, two more (two
fetches, two detections, within one fold window), later two items at once. The webhook
receiver must get exactly two messages, the first naming the three items of the first
burst, the second the two of the second; no item is lost or sent twice, and the process
runs on between bursts until SIGINT stops it cleanly.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import PROJECT_ROOT, run_scrapy
from tests.integration.notify_receivers import WebhookReceiver, wait_until
from topiccrawl.demo.changing import LIST_PATHS, ChangingSite, ListItem
from topiccrawl.demo.server import FixtureWeb
from topiccrawl.store.events import DONE, EventStore
from topiccrawl.store.watches import Fetch, WatchStore

pytestmark = pytest.mark.integration

FOLD_WINDOW = 5.0  # seconds; a burst's later detections come within ~1 s of its first

# A fast monitor: every watch fetched at least every second, drains twice a second.
SETTINGS: dict[str, Any] = {
    "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": True,
    "TELNETCONSOLE_ENABLED": False,
    "TOPICCRAWL_MONITOR_RATE": 20,
    "TOPICCRAWL_MONITOR_MIN_INTERVAL": 0.3,
    "TOPICCRAWL_MONITOR_MAX_INTERVAL": 0.5,
    "TOPICCRAWL_MONITOR_RELOAD": 1,
    "TOPICCRAWL_NOTIFY_DRAIN_INTERVAL": 0.3,
    "TOPICCRAWL_NOTIFY_FOLD_WINDOW": FOLD_WINDOW,
    "TOPICCRAWL_NOTIFY_TIMEOUT": 5,
    "LOG_LEVEL": "INFO",
}


def _settings(state: Path) -> list[str]:
    pairs = {**SETTINGS, "TOPICCRAWL_STATE_DIR": state}
    return [arg for name, value in pairs.items() for arg in ("-s", f"{name}={value}")]


def _history(state: Path) -> list[Fetch]:
    store = WatchStore.in_state_dir(str(state))
    try:
        (watch,) = store.watches()
        return store.history(watch.id)
    finally:
        store.close()


def _event_ids(post: dict[str, Any]) -> list[int]:
    return [int(n) for n in re.findall(r"\(detected [^)]*, #(\d+)\)", post["message"])]


def _names_exactly(post: dict[str, Any], base: str, items: list[ListItem], others: list[ListItem]) -> None:
    message = post["message"]
    for item in items:
        assert item.title in message and message.count(base + item.url) == 1, (item, message)
    for item in others:
        assert base + item.url not in message, (item, message)


def test_a_running_monitor_folds_each_burst_into_one_message(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    site = ChangingSite()
    base = serve({"c": site}).base_urls["c"]
    hook = WebhookReceiver().start()
    state = tmp_path / "state"
    log = tmp_path / "monitor.log"
    add = run_scrapy(
        "watch", "add", base + LIST_PATHS["news"], "--template", "auto", "--notify", hook.url, *_settings(state)
    )
    assert add.returncode == 0, add.stderr[-3000:]
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "SCRAPY_SETTINGS_MODULE": "topiccrawl.settings"}
    with log.open("w", encoding="utf-8") as out:
        monitor = subprocess.Popen(
            [sys.executable, "-m", "scrapy", "crawl", "monitor", *_settings(state)],
            cwd=PROJECT_ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        # Baseline: the first fetches only learn what is there, and send nothing.
        wait_until(lambda: len(_history(state)) >= 2, what="the baseline fetches")
        assert hook.posts == [] and not any(f.changed for f in _history(state))

        # Burst 1: one item, detected; two more, detected by a later fetch; all within the window.
        site.advance(1)
        first = site.items("news")[:1]
        wait_until(lambda: sum(f.new_items for f in _history(state)) == 1, what="the first detection")
        site.advance(2)
        burst1 = site.items("news")[:3]
        wait_until(lambda: sum(f.new_items for f in _history(state)) == 3, what="the second detection")
        assert [f.new_items for f in _history(state) if f.changed] == [1, 2]  # two fetches found them
        wait_until(lambda: len(hook.posts) >= 1, timeout=FOLD_WINDOW + 20, what="the first message")
        time.sleep(1.5)  # several more drains: nothing else may go out
        [post1] = hook.posts
        _names_exactly(post1, base, burst1, others=[])
        assert first[0] in burst1 and post1["title"].startswith("[topiccrawl] 3 changes on ")
        assert monitor.poll() is None  # still running between bursts

        # Burst 2: two items at once, one message naming just them.
        site.advance(2)
        burst2 = site.items("news")[:2]
        wait_until(lambda: len(hook.posts) >= 2, timeout=FOLD_WINDOW + 20, what="the second message")
        time.sleep(1.5)
        assert len(hook.posts) == 2
        _names_exactly(hook.posts[1], base, burst2, others=burst1)
        assert monitor.poll() is None
    finally:
        if monitor.poll() is None:
            monitor.send_signal(signal.SIGINT)
        try:
            code = monitor.wait(timeout=30)
        except subprocess.TimeoutExpired:
            monitor.kill()
            monitor.wait()
            raise
        hook.stop()
    output = log.read_text(encoding="utf-8")
    assert code == 0, output[-5000:]
    assert "Traceback" not in output and "(shutdown)" in output  # closed by the signal, cleanly
    assert len(hook.posts) == 2  # the last drain at close had nothing left to send

    # Every event stored once, delivered (state done) in exactly one of the two messages.
    store = EventStore.open(state)
    try:
        entries = store.entries()
    finally:
        store.close()
    assert sorted((e.event.item_url, e.event.item_title) for e in entries) == sorted(
        (base + i.url, i.title) for i in burst1 + burst2
    )
    assert all(e.state == DONE for e in entries)
    sent = _event_ids(hook.posts[0]) + _event_ids(hook.posts[1])
    assert sorted(sent) == sorted(e.event.id for e in entries)  # none lost, none twice
