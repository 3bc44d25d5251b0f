"""``scrapy notify``: send queued change notifications, or a test message.

    scrapy notify run              # send everything queued now (fold window and backoff ignored), then exit
    scrapy notify run --forever    # keep draining every --interval seconds (Ctrl-C stops)
    scrapy notify retry-failed     # queue the entries given up on (state 'failed') again, attempts reset
    scrapy notify test URL         # send a test message to one Apprise URL
    scrapy notify status           # outbox entries by state, and the latest event id

A one-shot ``run`` tries entries still waiting out their backoff too, but such an early
attempt does not count towards ``TOPICCRAWL_NOTIFY_MAX_ATTEMPTS``: running it from cron
every minute during an outage does not use up the attempts in an hour.

Exit status: ``run`` exits 1 if any message failed (it stays queued for a retry) or if
any entry is ``failed`` (given up; ``retry-failed`` queues it again); ``test`` exits 1 if
the test message was not delivered.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from argparse import ArgumentParser, Namespace
from pathlib import Path

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from topiccrawl.commands.crawl import require_numeric_settings
from topiccrawl.notify.channels import describe, send
from topiccrawl.notify.config import outbox_config
from topiccrawl.notify.message import EventView, render
from topiccrawl.notify.outbox_worker import DrainReport, OutboxWorker
from topiccrawl.store.events import FAILED, EventStore
from topiccrawl.textutil import utc_now_iso

logger = logging.getLogger(__name__)


class Command(ScrapyCommand):
    requires_project = True
    default_settings = {"LOG_LEVEL": "INFO"}

    def syntax(self) -> str:
        return "run [--forever] | retry-failed | test URL | status"

    def short_desc(self) -> str:
        return "Send queued change notifications, or a test message"

    def add_options(self, parser: ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--forever", action="store_true", help="run: keep draining until stopped")
        parser.add_argument("--interval", type=float, default=5.0, help="run --forever: seconds between drains")

    def run(self, args: list[str], opts: Namespace) -> None:
        require_numeric_settings(self.settings)
        if not args:
            raise UsageError("expected a subcommand: run, retry-failed, test URL or status")
        sub, rest = args[0], args[1:]
        if sub == "run" and not rest:
            self._run(forever=opts.forever, interval=opts.interval)
        elif sub == "retry-failed" and not rest:
            self._retry_failed()
        elif sub == "test" and len(rest) == 1:
            self._test(rest[0])
        elif sub == "status" and not rest:
            self._status()
        else:
            raise UsageError(
                f"unknown or malformed subcommand: {' '.join(args)}; try run, retry-failed, test URL or status"
            )

    @property
    def _state_dir(self) -> Path:
        return Path(self.settings.get("TOPICCRAWL_STATE_DIR", ".topiccrawl"))

    def _run(self, *, forever: bool, interval: float) -> None:
        if interval <= 0:
            raise UsageError("--interval must be positive")
        store = EventStore.open(self._state_dir)
        worker = OutboxWorker(store, outbox_config(self.settings))
        total = DrainReport()
        stop = threading.Event()
        if forever:
            # A clean stop between drains; a send in progress finishes first (bounded by its timeout).
            signal.signal(signal.SIGTERM, lambda *_: stop.set())
            signal.signal(signal.SIGINT, lambda *_: stop.set())
        try:
            while True:
                # A one-shot run is someone asking for delivery now (say, after fixing a channel):
                # it skips the fold window and the backoff; --forever keeps both.
                report = worker.drain_once(flush=not forever, retry_now=not forever)
                total.add(report)
                if not forever or stop.wait(interval):
                    break
            failed = store.counts().get(FAILED, 0)
        finally:
            store.close()
        print(
            f"notify: sent {total.events_sent} event(s) in {total.messages_sent} message(s); "
            f"{total.messages_failed} message(s) failed and stay queued"
        )
        if failed:
            # Given up on for good: without this line nobody would notice them.
            print(
                f"notify: {failed} notification(s) given up on (failed); `scrapy notify retry-failed` queues them again"
            )
        if (total.messages_failed or failed) and not forever:
            self.exitcode = 1

    def _retry_failed(self) -> None:
        store = EventStore.open(self._state_dir)
        try:
            n = store.retry_failed(now=time.time())
        finally:
            store.close()
        print(f"notify: {n} failed notification(s) queued again; `scrapy notify run` sends them")

    def _test(self, url: str) -> None:
        view = EventView(
            0, "new_item", "https://example.org/", "https://example.org/test", "topiccrawl test message", utc_now_iso()
        )
        result = send(url, render([view]), timeout=self.settings.getfloat("TOPICCRAWL_NOTIFY_TIMEOUT", 15.0))
        if result.ok:
            print(f"notify: test message sent to {describe(url)}")
        else:
            print(f"notify: test message to {describe(url)} failed: {result.error}")
            self.exitcode = 1

    def _status(self) -> None:
        store = EventStore.open(self._state_dir)
        try:
            counts = store.counts()
            print(f"latest event id: {store.latest_event_id()}")
            for state in sorted(counts):
                print(f"{state:10} {counts[state]}")
            for label, state, n in store.channel_counts():
                print(f"  {label}: {state} {n}")
        finally:
            store.close()
