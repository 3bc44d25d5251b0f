"""Draining the outbox: plan folded messages, claim them, send, record the outcome.

Blocking (SQLite, SMTP, HTTP): the Scrapy extension runs :meth:`OutboxWorker.drain_once`
in a thread; ``scrapy notify run`` calls it in a loop. Several drainers may run at once
(a crawl and ``scrapy notify run --forever``): claiming is transactional, so each entry
is sent by one of them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from topiccrawl.notify.backoff import Backoff
from topiccrawl.notify.channels import SendResult, send
from topiccrawl.notify.fold import Queued, plan_batches
from topiccrawl.notify.message import EventView, Message, render
from topiccrawl.notify.redact import scrub_text
from topiccrawl.store.events import PENDING, EventStore, OutboxEntry

logger = logging.getLogger(__name__)

Sender = Callable[..., SendResult]


@dataclass(frozen=True, slots=True)
class OutboxConfig:
    fold_window: float = 30.0  # seconds an event waits for others of its watch to join its message
    timeout: float = 15.0  # per network operation of one send
    backoff: Backoff = field(default_factory=Backoff)
    max_attempts: int = 50  # then the entry is marked failed (0: retry forever)
    lease: float = 300.0  # a 'sending' claim older than this belongs to a stopped sender
    resend_uncertain: bool = False  # at-least-once instead of at-most-once for interrupted sends
    max_batch: int = 50  # events per message at most


@dataclass(slots=True)
class DrainReport:
    messages_sent: int = 0
    events_sent: int = 0
    messages_failed: int = 0
    events_given_up: int = 0
    errors: list[str] = field(default_factory=list)  # redacted

    def add(self, other: DrainReport) -> None:
        self.messages_sent += other.messages_sent
        self.events_sent += other.events_sent
        self.messages_failed += other.messages_failed
        self.events_given_up += other.events_given_up
        self.errors.extend(other.errors)


def _view(entry: OutboxEntry) -> EventView:
    e = entry.event
    return EventView(e.id, e.kind, e.watch_url, e.item_url, e.item_title, e.detected_at, e.watch_id, e.source)


class OutboxWorker:
    def __init__(
        self,
        store: EventStore,
        config: OutboxConfig | None = None,
        *,
        sender: Sender = send,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.config = config or OutboxConfig()
        self.sender = sender
        self.clock = clock

    def drain_once(self, *, flush: bool = False, budget: float | None = None, retry_now: bool = False) -> DrainReport:
        """Send every message that is due now; ``flush`` ignores the fold window (end of a crawl).

        ``retry_now`` also tries entries still waiting out a failed attempt's backoff: a person
        running ``scrapy notify run`` after fixing a channel means "now", not "in an hour".

        A channel that fails is not tried again in this drain: its other due entries are
        postponed to its retry time, so a dead SMTP server costs one timeout per backoff
        period, not one per message. ``budget`` (seconds) stops starting new sends after it.
        """
        cfg = self.config
        report = DrainReport()
        now = self.clock()
        stop_at = None if budget is None else now + budget
        self.store.recover_stale(now=now, lease=cfg.lease, resend=cfg.resend_uncertain)
        waiting = self.store.entries(PENDING) if retry_now else self.store.due(now)
        queued = [Queued(e.channel_id, e.fold_key, e.created_at, e) for e in waiting]
        down: dict[int, float] = {}  # channel id -> when it may be tried again
        for batch in plan_batches(queued, now=now, window=cfg.fold_window, max_batch=cfg.max_batch, flush=flush):
            entries = [q.payload for q in batch]
            channel_id = entries[0].channel_id
            if channel_id in down:
                self.store.defer([e.id for e in entries], until=down[channel_id])
                continue
            if stop_at is not None and self.clock() >= stop_at:
                break
            result, retry_at = self._send_batch(entries)
            report.add(result)
            if result.messages_failed:
                down[channel_id] = retry_at if retry_at is not None else self.clock() + cfg.backoff.cap
        return report

    def _send_batch(self, entries: list[OutboxEntry]) -> tuple[DrainReport, float | None]:
        """Send one folded message; returns the report and, on failure, when to retry (None: gave up)."""
        cfg = self.config
        report = DrainReport()
        claimed_at = self.clock()
        won = set(self.store.claim([e.id for e in entries], now=claimed_at))
        entries = [e for e in entries if e.id in won]
        if not entries:
            return report, None  # another sender claimed them first
        ids = [e.id for e in entries]
        channel_id = entries[0].channel_id
        label = self.store.channel_label(channel_id)
        url = self.store.channel_url(channel_id)
        if url is None:
            self.store.mark_failed(ids, error="channel no longer exists", retry_at=None)
            report.events_given_up += len(ids)
            return report, None
        message: Message = render([_view(e) for e in entries])
        result = self.sender(url, message, timeout=cfg.timeout)
        if result.ok:
            self.store.mark_done(ids, now=self.clock())
            report.messages_sent += 1
            report.events_sent += len(ids)
            logger.info("Sent %d event(s) to %s", len(ids), label)
            return report, None
        # Scrubbed again here, whatever the sender did: last_error is shown by `notify status` and kept.
        error = scrub_text(result.error or "delivery failed", url)
        # claim() counted this attempt only in rows that were due; rows tried ahead of their backoff
        # (a one-shot `notify run`) keep their attempts and their schedule.
        due = [e for e in entries if e.next_attempt_at <= claimed_at]
        early = [e for e in entries if e.next_attempt_at > claimed_at]
        attempts = max([e.attempts + 1 for e in due] + [e.attempts for e in early])
        give_up = result.permanent or (bool(due) and cfg.max_attempts > 0 and attempts >= cfg.max_attempts)
        if give_up:
            retry_at = None
            self.store.mark_failed(ids, error=error, retry_at=None)
        else:
            retry_at = self.clock() + cfg.backoff.delay(max(1, attempts)) if due else None
            self.store.mark_failed([e.id for e in due], error=error, retry_at=retry_at)
            self.store.mark_failed([e.id for e in early], error=error, retry_at=None, keep_schedule=True)
            retry_at = min([e.next_attempt_at for e in early] + ([retry_at] if retry_at is not None else []))
        report.messages_failed += 1
        report.errors.append(error)
        if give_up:
            report.events_given_up += len(ids)
            logger.error("Giving up on %d event(s) for %s after %d attempts: %s", len(ids), label, attempts, error)
        else:
            logger.warning(
                "Sending %d event(s) to %s failed (attempt %d%s), next retry in %.0f s: %s",
                len(ids),
                label,
                attempts,
                "" if due else ", ahead of the retry schedule: not counted",
                max(0.0, retry_at - self.clock()),
                error,
            )
        return report, retry_at
