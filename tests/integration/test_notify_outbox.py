"""The outbox against real channels: SMTP outage, restarts, folding, interrupted sends, secrets."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import scrapy
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from tests.helpers import PROJECT_ROOT, run_scrapy
from tests.integration.notify_receivers import (
    SMTP_PASSWORD,
    WEBHOOK_TOKEN,
    SMTPReceiver,
    WebhookReceiver,
    wait_until,
)
from topiccrawl.items import ChangeEvent
from topiccrawl.notify.backoff import Backoff
from topiccrawl.notify.outbox_worker import OutboxConfig, OutboxWorker
from topiccrawl.pipelines.notify import ChangeNotifyPipeline
from topiccrawl.store.events import DONE, FAILED, PENDING, UNCERTAIN, EventStore

pytestmark = pytest.mark.integration


class Monitor(scrapy.Spider):
    name = "monitor"


def emit(state: Path, urls: list[str], events: list[dict[str, Any]]) -> list[int]:
    """Push ChangeEvent items through the real pipeline component, as a crawl would."""
    crawler = get_crawler(Monitor, {"TOPICCRAWL_STATE_DIR": str(state), "TOPICCRAWL_NOTIFY_URLS": urls})
    crawler.spider = Monitor()
    crawler.stats.open_spider()
    pipe = build_from_crawler(ChangeNotifyPipeline, crawler)
    pipe.open_spider()
    ids = []
    for fields in events:
        item = ChangeEvent(kind="new_item", detected_at="2026-11-30T08:00:00+00:00", **fields)
        pipe.process_item(item)
        ids.append(item["event_id"])
    pipe.close_spider()
    return ids


def item(n: int, watch_id: int | None = 1) -> dict[str, Any]:
    return {
        "watch_id": watch_id,
        "watch_url": "http://forum.example/list",
        "item_url": f"http://forum.example/t/{n}",
        "item_title": f"第{n}个新帖",
    }


def scrapy_args(state: Path, **settings: Any) -> list[str]:
    out = ["-s", f"TOPICCRAWL_STATE_DIR={state}"]
    for name, value in settings.items():
        out += ["-s", f"{name}={value}"]
    return out


def test_smtp_outage_delays_the_email_but_loses_nothing_and_a_restart_resends_nothing(tmp_path: Path) -> None:
    state = tmp_path / "state"
    smtp = SMTPReceiver()  # port chosen, server not started: the relay is down
    emit(state, [smtp.url], [item(1, watch_id=None)])
    settings = {
        "TOPICCRAWL_NOTIFY_RETRY_BASE": 0.2,
        "TOPICCRAWL_NOTIFY_RETRY_CAP": 0.5,
        "TOPICCRAWL_NOTIFY_TIMEOUT": 5,
        "TOPICCRAWL_NOTIFY_FOLD_WINDOW": 0,
        "LOG_LEVEL": "DEBUG",
    }
    cmd = [sys.executable, "-m", "scrapy", "notify", "run", "--forever", "--interval", "0.1"]
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "SCRAPY_SETTINGS_MODULE": "topiccrawl.settings"}
    proc = subprocess.Popen(
        cmd + scrapy_args(state, **settings),
        cwd=PROJECT_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    store = EventStore.open(state)
    try:
        wait_until(
            lambda: (e := store.entries()[0]).attempts >= 2 and e.state == PENDING,
            what="two failed attempts recorded while SMTP is down",
        )
        (entry,) = store.entries()
        assert entry.last_error and SMTP_PASSWORD not in entry.last_error
        assert smtp.messages == []
        smtp.start()
        try:
            wait_until(lambda: store.entries()[0].state == DONE, what="delivery once SMTP is back")
        finally:
            proc.send_signal(signal.SIGTERM)
            output, _ = proc.communicate(timeout=30)
        assert proc.returncode == 0, output
        assert len(smtp.messages) == 1
        assert "第1个新帖" in smtp.messages[0].text and "http://forum.example/t/1" in smtp.messages[0].text
        (entry,) = store.entries()
        assert entry.attempts >= 3
        # A new process finds nothing to send.
        again = run_scrapy("notify", "run", *scrapy_args(state))
        assert again.returncode == 0, again.stderr
        assert "sent 0 event(s)" in again.stdout
        assert len(smtp.messages) == 1
        status = run_scrapy("notify", "status", *scrapy_args(state))
        assert "done       1" in status.stdout and "crawler:****@127.0.0.1" in status.stdout
        for text in (output, again.stdout + again.stderr, status.stdout + status.stderr):
            assert SMTP_PASSWORD not in text
            assert "Sm7p" not in text
    finally:
        if proc.poll() is None:
            proc.kill()
        smtp.stop()


def test_failing_webhook_is_retried_and_its_token_never_shows(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    state = tmp_path / "state"
    hook = WebhookReceiver(fail_first=2).start()
    try:
        emit(state, [hook.url], [item(7)])
        store = EventStore.open(state)
        config = OutboxConfig(fold_window=0, timeout=5, backoff=Backoff(base=0.0, jitter=0.0))
        worker = OutboxWorker(store, config)
        with caplog.at_level("DEBUG"):
            reports = [worker.drain_once() for _ in range(4)]
        assert [r.messages_failed for r in reports] == [1, 1, 0, 0]
        assert [r.events_sent for r in reports] == [0, 0, 1, 0]
        assert len(hook.posts) == 1
        assert "第7个新帖" in hook.posts[0]["message"] and "http://forum.example/t/7" in hook.posts[0]["message"]
        (entry,) = store.entries()
        assert entry.state == DONE and entry.attempts == 3
        errors = " ".join(reports[0].errors + reports[1].errors)
        assert errors and WEBHOOK_TOKEN not in errors
        assert WEBHOOK_TOKEN not in caplog.text
        assert "500" in errors  # the error says what went wrong
    finally:
        hook.stop()


def test_burst_for_one_watch_is_one_message_per_channel_with_per_watch_urls(tmp_path: Path) -> None:
    state = tmp_path / "state"
    smtp, hook = SMTPReceiver().start(), WebhookReceiver().start()
    try:
        store = EventStore.open(state)
        store.conn.execute("CREATE TABLE watches (id INTEGER PRIMARY KEY, url TEXT, notify_urls TEXT)")
        store.conn.execute("INSERT INTO watches VALUES (1, 'http://forum.example/list', ?)", (json.dumps([hook.url]),))
        emit(state, [smtp.url], [item(n) for n in range(1, 6)] + [item(99, watch_id=2)])
        result = run_scrapy("notify", "run", *scrapy_args(state))
        assert result.returncode == 0, result.stderr
        assert "sent 11 event(s) in 3 message(s)" in result.stdout
        burst = [m for m in smtp.messages if "第1个新帖" in m.text]
        assert len(smtp.messages) == 2 and len(burst) == 1
        assert all(
            f"第{n}个新帖" in burst[0].text and f"http://forum.example/t/{n}" in burst[0].html for n in range(1, 6)
        )
        assert len(hook.posts) == 1  # watch 2 has no per-watch URL: its event went to email only
        assert "第5个新帖" in hook.posts[0]["message"] and "第99个新帖" not in hook.posts[0]["message"]
    finally:
        smtp.stop()
        hook.stop()


def test_send_interrupted_by_a_crash_is_not_resent_unless_configured(tmp_path: Path) -> None:
    state = tmp_path / "state"
    hook = WebhookReceiver().start()
    try:
        first, second = emit(state, [hook.url], [item(1, watch_id=None), item(2, watch_id=3)])
        store = EventStore.open(state)
        ids = {e.event.id: e.id for e in store.entries()}
        # A sender claimed both, then died before recording the outcome.
        store.claim([ids[first], ids[second]], now=time.time() - 60)
        at_most_once = run_scrapy("notify", "run", *scrapy_args(state, TOPICCRAWL_NOTIFY_LEASE=10))
        assert at_most_once.returncode == 0, at_most_once.stderr
        assert hook.posts == []
        assert {e.state for e in store.entries()} == {UNCERTAIN}
        assert "not resent" in at_most_once.stderr
        # With at-least-once delivery an interrupted send is sent again.
        store.conn.execute(
            "UPDATE outbox SET state = 'sending', claimed_at = ? WHERE id = ?", (time.time() - 60, ids[second])
        )
        at_least_once = run_scrapy(
            "notify", "run", *scrapy_args(state, TOPICCRAWL_NOTIFY_LEASE=10, TOPICCRAWL_NOTIFY_RESEND_UNCERTAIN=True)
        )
        assert at_least_once.returncode == 0, at_least_once.stderr
        assert len(hook.posts) == 1 and "第2个新帖" in hook.posts[0]["message"]
    finally:
        hook.stop()


def test_notify_test_command(tmp_path: Path) -> None:
    hook = WebhookReceiver().start()
    try:
        ok = run_scrapy("notify", "test", hook.url, *scrapy_args(tmp_path))
        assert ok.returncode == 0, ok.stderr
        assert len(hook.posts) == 1 and "topiccrawl test message" in hook.posts[0]["title"]
        assert WEBHOOK_TOKEN not in ok.stdout + ok.stderr
        bad = run_scrapy("notify", "test", f"nosuchscheme://x:{SMTP_PASSWORD}@h/", *scrapy_args(tmp_path))
        assert bad.returncode == 1 and "failed" in bad.stdout
        assert SMTP_PASSWORD not in bad.stdout + bad.stderr
        usage = run_scrapy("notify", "explode", *scrapy_args(tmp_path))
        assert usage.returncode == 2 and "subcommand" in usage.stderr
    finally:
        hook.stop()


def test_cron_runs_during_an_outage_keep_the_attempts_and_given_up_entries_are_reported(tmp_path: Path) -> None:
    state = tmp_path / "state"
    smtp = SMTPReceiver()  # the relay is down
    emit(state, [smtp.url], [item(1, watch_id=None)])
    slow = scrapy_args(state, TOPICCRAWL_NOTIFY_MAX_ATTEMPTS=2, TOPICCRAWL_NOTIFY_RETRY_BASE=3600)
    for _ in range(3):  # cron, every few seconds: far ahead of a one-hour backoff
        proc = run_scrapy("notify", "run", *slow)
        assert proc.returncode == 1, proc.stdout + proc.stderr
    store = EventStore.open(state)
    (entry,) = store.entries()
    assert (entry.state, entry.attempts) == (PENDING, 1)  # only the first try was due

    # another queue whose one attempt is all it gets: given up at once
    state2 = tmp_path / "state2"
    emit(state2, [smtp.url], [item(2, watch_id=None)])
    due_now = scrapy_args(state2, TOPICCRAWL_NOTIFY_MAX_ATTEMPTS=1)
    proc = run_scrapy("notify", "run", *due_now)
    assert proc.returncode == 1
    store = EventStore.open(state2)
    assert [e.state for e in store.entries()] == [FAILED]
    again = run_scrapy("notify", "run", *due_now)  # nothing left to try, yet the failed entry is news
    assert again.returncode == 1
    assert "1 notification(s) given up on (failed)" in again.stdout

    proc = run_scrapy("notify", "retry-failed", *due_now)
    assert proc.returncode == 0 and "1 failed notification(s) queued again" in proc.stdout
    smtp.start()
    try:
        proc = run_scrapy("notify", "run", *due_now)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert len(smtp.messages) == 1
    finally:
        smtp.stop()
    assert [e.state for e in store.entries()] == [DONE]


def test_a_refusing_recipient_is_retried_alone_and_the_others_get_one_copy(tmp_path: Path) -> None:
    smtp = SMTPReceiver(refuse=frozenset({"bad@example.org"})).start()
    try:
        url = smtp.url.replace("to=reader@example.org", "to=good@example.org,bad@example.org")
        assert url != smtp.url
        store = EventStore.open(tmp_path / "state")
        emit(tmp_path / "state", [url], [item(1)])
        worker = OutboxWorker(store, OutboxConfig(fold_window=0.0, timeout=10.0))
        for _ in range(3):  # a refusal, then two retries (run now, as `scrapy notify run` does)
            worker.drain_once(flush=True, retry_now=True)
        assert [m.rcpt for m in smtp.messages] == [["good@example.org"]]
        states = sorted(e.state for e in store.entries())
        assert states == [DONE, PENDING]
        (pending,) = store.entries(PENDING)
        assert "to=bad@example.org" in (store.channel_url(pending.channel_id) or "")
        assert SMTP_PASSWORD not in (pending.last_error or "")
    finally:
        smtp.stop()


def test_a_channel_url_with_several_topics_retries_only_the_refusing_one(tmp_path: Path) -> None:
    # ntfy, pointed at a local server: Apprise posts each topic separately and reports one
    # result for the URL. Split per topic, a refusal is retried alone and topic1 gets one copy.
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    posts: list[dict[str, Any]] = []

    class Ntfy(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
            refused = body.get("topic") == "refused"
            if not refused:
                posts.append(body)
            self.send_response(500 if refused else 200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Ntfy)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        store = EventStore.open(tmp_path / "state")
        emit(tmp_path / "state", [f"ntfy://127.0.0.1:{server.server_address[1]}/news/refused"], [item(1)])
        worker = OutboxWorker(store, OutboxConfig(fold_window=0.0, timeout=10.0))
        for _ in range(3):  # a refusal, then two retries
            worker.drain_once(flush=True, retry_now=True)
        assert [p["topic"] for p in posts] == ["news"]
        assert sorted(e.state for e in store.entries()) == [DONE, PENDING]
        (pending,) = store.entries(PENDING)
        assert "/refused" in (store.channel_url(pending.channel_id) or "")
    finally:
        server.shutdown()
        server.server_close()
