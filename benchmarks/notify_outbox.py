"""Throughput of the durable outbox against real local channels (webhook over HTTP, SMTP via aiosmtpd).

Records N change events for W watches (each queued for both channels, one SQLite
transaction per event), then drains the outbox once (burst folding: one message per watch and
channel, at most 50 events each) and prints events recorded per second, messages sent and
delivery time.

    python benchmarks/notify_outbox.py [--events 2000] [--watches 20]
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.integration.notify_receivers import SMTPReceiver, WebhookReceiver
from topiccrawl.notify.outbox_worker import OutboxConfig, OutboxWorker
from topiccrawl.store.events import EventStore, NewEvent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--watches", type=int, default=20)
    args = ap.parse_args()
    smtp, hook = SMTPReceiver().start(), WebhookReceiver().start()
    try:
        with tempfile.TemporaryDirectory() as state:
            store = EventStore.open(state)
            t0 = time.perf_counter()
            for i in range(args.events):
                w = i % args.watches
                event = NewEvent(
                    "new_item", "2026-11-30T08:00:00+00:00", w, f"http://w/{w}", f"http://w/{w}/{i}", f"帖{i}"
                )
                store.add_event(event, [hook.url, smtp.url], now=time.time())
            recorded = time.perf_counter() - t0
            t1 = time.perf_counter()
            report = OutboxWorker(store, OutboxConfig(fold_window=0, timeout=10)).drain_once(flush=True)
            drained = time.perf_counter() - t1
            expected = 2 * args.watches * math.ceil(args.events / args.watches / 50)
            print(f"{args.events} events, {args.watches} watches, 2 channels (webhook + SMTP)")
            print(f"record: {args.events / recorded:,.0f} events/s ({recorded:.2f} s, one transaction each)")
            print(
                f"drain: {report.messages_sent} messages ({expected} expected) carrying {report.events_sent} "
                f"deliveries in {drained:.2f} s; received {len(hook.posts)} webhooks, {len(smtp.messages)} emails; "
                f"failed {report.messages_failed}"
            )
    finally:
        smtp.stop()
        hook.stop()


if __name__ == "__main__":
    main()
