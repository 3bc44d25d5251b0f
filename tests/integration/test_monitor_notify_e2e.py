"""The monitor and the notifications together, as a user runs them: real processes, real channels.

A watched list page (the changing fixture site) gains an item; ``scrapy crawl monitor``
detects it, the notification pipeline stores the event, and the outbox extension sends
it by email (a real SMTP server, aiosmtpd) and by webhook (a real HTTP receiver), once.
A page whose only changes are noise sends nothing. With the SMTP server down the email
waits in the outbox (the webhook does not) until ``scrapy notify run`` delivers it, once.
``scrapy feed serve`` lists the events. No secret of a channel URL shows in any output.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import PROJECT_ROOT, read_jsonl, run_scrapy
from tests.integration.notify_receivers import (
    SMTP_PASSWORD,
    WEBHOOK_TOKEN,
    SMTPReceiver,
    WebhookReceiver,
    free_port,
    wait_until,
)
from topiccrawl.demo.changing import LIST_PATHS, ChangingSite
from topiccrawl.demo.server import FixtureWeb
from topiccrawl.store.events import DONE, PENDING, EventStore

pytestmark = pytest.mark.integration

SECRETS = (SMTP_PASSWORD, WEBHOOK_TOKEN)


class Session:
    """Runs scrapy commands against one state directory and keeps every output for the secrets check."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.state = tmp_path / "state"
        self.outputs: list[str] = []
        self.runs = 0

    def settings(self, **extra: Any) -> list[str]:
        settings = {
            "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": True,
            "TOPICCRAWL_STATE_DIR": self.state,
            "TELNETCONSOLE_ENABLED": False,
            **extra,
        }
        return [arg for name, value in settings.items() for arg in ("-s", f"{name}={value}")]

    def scrapy(self, *args: str, **settings: Any) -> subprocess.CompletedProcess[str]:
        proc = run_scrapy(*args, *self.settings(**settings))
        self.outputs.append(proc.stdout + proc.stderr)
        assert proc.returncode == 0, proc.stdout + proc.stderr[-5000:]
        return proc

    def monitor(self) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """One ``scrapy crawl monitor -a once=true``: its items and its final stats."""
        self.runs += 1
        out = self.tmp_path / f"events{self.runs}.jsonl"
        stats = self.tmp_path / f"stats{self.runs}.json"
        self.scrapy(
            "crawl",
            "monitor",
            "-a",
            "once=true",
            "-O",
            f"{out}:jsonlines",
            # DEBUG: the strictest test of "no secret in any output" (Apprise and urllib3 log URLs there).
            LOG_LEVEL="DEBUG",
            TOPICCRAWL_MONITOR_RATE=50,
            TOPICCRAWL_NOTIFY_TIMEOUT=5,
            TOPICCRAWL_STATS_FILE=stats,
        )
        return read_jsonl(out), json.loads(stats.read_text(encoding="utf-8"))


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


def test_watched_list_gains_an_item_email_and_webhook_arrive_once_even_through_an_smtp_outage(
    serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    site = ChangingSite()
    base = serve({"c": site}).base_urls["c"]
    smtp, hook = SMTPReceiver().start(), WebhookReceiver().start()
    s = Session(tmp_path)
    try:
        notify = ["--notify", smtp.url, "--notify", hook.url]
        s.scrapy("watch", "add", base + LIST_PATHS["news"], "--template", "auto", *notify)
        s.scrapy("watch", "add", base + "/page/noisy.html", "--template", "page", *notify)
        listing = s.scrapy("watch", "list").stdout
        assert listing.count("mailto://crawler:****@127.0.0.1") == 2

        # Baseline: the first fetch only learns what is there.
        events, stats = s.monitor()
        assert events == [] and smtp.messages == [] and hook.posts == []
        assert stats["finish_reason"] == "finished" and stats["monitor/fetches"] == 2

        # The list gains one item: one email and one webhook call name it. The noise page,
        # different on every fetch, sends nothing.
        site.advance(1)
        newest = site.items("news")[0]
        events, stats = s.monitor()
        [event] = events
        assert (event["kind"], event["item_url"], event["item_title"]) == ("new_item", base + newest.url, newest.title)
        assert event["watch_url"] == base + LIST_PATHS["news"] and event["event_id"] >= 1
        [mail] = smtp.messages
        assert newest.title in mail.subject + mail.text and base + newest.url in mail.text
        assert base + newest.url in mail.html
        [post] = hook.posts
        assert newest.title in post["title"] + post["message"] and base + newest.url in post["message"]
        assert hook.paths == [f"/hook?token={WEBHOOK_TOKEN}"]  # the token reached the receiver, and only there
        # The last drain of the crawl is in its stats file (written after that drain finished).
        assert stats["topiccrawl/notify/messages_sent"] == 2
        assert stats["topiccrawl/notify/events_sent"] == 2
        assert stats["topiccrawl/notify/events/new_item"] == 1

        # Nothing but noise changed: nothing is sent.
        events, stats = s.monitor()
        assert stats["monitor/fetches"] == 2 and stats["monitor/not_modified"] == 1  # the noise page: 200
        assert events == [] and len(smtp.messages) == 1 and len(hook.posts) == 1
        assert stats.get("topiccrawl/notify/messages_sent", 0) == 0

        # SMTP is down while the list gains two items: the webhook gets both in one message
        # (a burst of one watch is folded), the email waits in the outbox.
        smtp.stop()
        site.advance(2)
        burst = site.items("news")[:2]
        events, stats = s.monitor()
        assert {(e["item_url"], e["item_title"]) for e in events} == {(base + i.url, i.title) for i in burst}
        assert len(hook.posts) == 2
        assert all(i.title in hook.posts[1]["message"] and base + i.url in hook.posts[1]["message"] for i in burst)
        assert stats["topiccrawl/notify/messages_sent"] == 1 and stats["topiccrawl/notify/messages_failed"] == 1
        store = EventStore.open(s.state)
        try:
            waiting = [e for e in store.entries() if e.state != DONE]
            assert {e.event.id for e in waiting} == {e["event_id"] for e in events}
            assert all(e.state == PENDING and e.attempts == 1 and e.last_error for e in waiting)
            assert not any(secret in (e.last_error or "") for e in waiting for secret in SECRETS)
        finally:
            store.close()
        status = s.scrapy("notify", "status").stdout
        assert "pending    2" in status

        # SMTP is back: `scrapy notify run` sends the delayed email (without waiting out the
        # backoff: a manual run means now), exactly once; the webhook is not sent again.
        smtp = SMTPReceiver(port=smtp.port).start()
        sent = s.scrapy("notify", "run").stdout
        assert "sent 2 event(s) in 1 message(s)" in sent
        [mail] = smtp.messages
        assert all(i.title in mail.text and base + i.url in mail.text for i in burst)
        assert len(hook.posts) == 2
        again = s.scrapy("notify", "run").stdout
        assert "sent 0 event(s)" in again
        assert len(smtp.messages) == 1 and len(hook.posts) == 2

        # The feed lists every event, oldest first.
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "SCRAPY_SETTINGS_MODULE": "topiccrawl.settings"}
        feed = subprocess.Popen(
            [sys.executable, "-m", "scrapy", "feed", "serve", "--port", str(port), *s.settings()],
            cwd=PROJECT_ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            feed_url = f"http://127.0.0.1:{port}"

            def up() -> bool:
                try:
                    return bool(get(feed_url + "/events.json"))
                except OSError:
                    return False

            wait_until(up, what="the feed server")
            doc = json.loads(get(feed_url + "/events.json?since=0"))
            expected = [(newest.title, base + newest.url)] + [(e["item_title"], e["item_url"]) for e in events]
            assert [(i["title"], i["url"]) for i in doc["items"]] == expected
            atom = get(feed_url + "/events.atom").decode("utf-8")
            assert all(title in atom for title, _url in expected)
        finally:
            feed.terminate()
            s.outputs.append(feed.communicate(timeout=20)[0])
    finally:
        smtp.stop()
        hook.stop()
    for output in s.outputs:
        for secret in SECRETS:
            assert secret not in output


def test_watch_add_refuses_an_unusable_notify_url_without_echoing_it(
    serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    base = serve({"c": ChangingSite()}).base_urls["c"]
    s = Session(tmp_path)
    bad = f"nosuchservice://user:{SMTP_PASSWORD}@127.0.0.1/"
    proc = run_scrapy("watch", "add", base + "/news/", "--notify", bad, *s.settings())
    assert proc.returncode == 2
    assert "--notify URL #1 (nosuchservice://…) is not a usable Apprise URL" in proc.stderr
    assert SMTP_PASSWORD not in proc.stdout + proc.stderr
    assert "no watches" in s.scrapy("watch", "list").stdout  # nothing half-added
