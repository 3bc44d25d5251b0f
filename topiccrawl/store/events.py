"""The event log and the notification outbox, in the SQLite state store.

Tables (created on first use):

- ``events``: every change event, ``id`` strictly increasing and never reused
  (``AUTOINCREMENT``): it is the feed cursor (``/events.json?since=N``).
- ``channels``: the notification URLs (Apprise) events are sent to. They hold secrets
  (passwords, tokens), like the settings they come from; nothing here is ever logged
  unredacted.
- ``outbox``: one row per (event, channel), with ``state``, ``attempts``,
  ``next_attempt_at`` and ``last_error`` (redacted).

Delivery guarantees. An event and its outbox rows are written in one transaction
before anything is sent. A sender *claims* rows (``pending`` -> ``sending``, with a
claim token and time) in a transaction, calls the channel, then marks them ``done``
(or ``pending`` with a later ``next_attempt_at``) in another transaction. So a restart
never resends a ``done`` row. The one window no local database can close is a crash
*between* the channel accepting a message and the ``done`` commit: the row is left in
``sending``. After the claim lease expires such a row is *uncertain*. By default it is
set to ``uncertain`` and not resent (at most once: nothing is ever sent twice, at the
price of possibly losing that one message, which is logged); with
``resend_uncertain=True`` it goes back to ``pending`` (at least once: nothing is lost,
at the price of a possible duplicate). Exactly-once would need the channel to
deduplicate by a message id, which email and most webhooks do not.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from topiccrawl.notify.fold import fold_key
from topiccrawl.notify.redact import mask_channel_url
from topiccrawl.notify.targets import split_targets
from topiccrawl.store.db import connect, state_db_path

logger = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    watch_id INTEGER,
    watch_url TEXT,
    kind TEXT NOT NULL,
    item_url TEXT,
    item_title TEXT,
    detected_at TEXT NOT NULL,
    source TEXT,
    fold_key TEXT NOT NULL,
    created_at REAL NOT NULL,
    dedup_key TEXT UNIQUE
);
CREATE TABLE IF NOT EXISTS channels (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    redacted TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id),
    channel_id INTEGER NOT NULL REFERENCES channels(id),
    fold_key TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    next_attempt_at REAL NOT NULL,
    claim_token TEXT,
    claimed_at REAL,
    sent_at REAL,
    last_error TEXT,
    UNIQUE (event_id, channel_id)
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (state, next_attempt_at);
"""

# Kinds that announce something new: the same new thing is announced once, ever.
ONCE_KINDS = frozenset({"new_item", "new_thread", "new_post"})

# Outbox states.
PENDING = "pending"
SENDING = "sending"
DONE = "done"
FAILED = "failed"  # gave up after the maximum number of attempts
UNCERTAIN = "uncertain"  # the sender stopped mid-send; see the module docstring


@dataclass(frozen=True, slots=True)
class NewEvent:
    kind: str
    detected_at: str
    watch_id: int | None = None
    watch_url: str | None = None
    item_url: str | None = None
    item_title: str | None = None
    source: str | None = None


@dataclass(frozen=True, slots=True)
class StoredEvent:
    id: int
    kind: str
    detected_at: str
    watch_id: int | None
    watch_url: str | None
    item_url: str | None
    item_title: str | None
    source: str | None


@dataclass(frozen=True, slots=True)
class OutboxEntry:
    id: int
    event: StoredEvent
    channel_id: int
    fold_key: str
    state: str
    attempts: int
    created_at: float
    next_attempt_at: float
    last_error: str | None


def _event(row: sqlite3.Row, prefix: str = "") -> StoredEvent:
    return StoredEvent(
        id=row[f"{prefix}id"],
        kind=row["kind"],
        detected_at=row["detected_at"],
        watch_id=row["watch_id"],
        watch_url=row["watch_url"],
        item_url=row["item_url"],
        item_title=row["item_title"],
        source=row["source"],
    )


def _dedup_key(event: NewEvent) -> str | None:
    if event.kind not in ONCE_KINDS or not event.item_url:
        return None
    owner = f"watch:{event.watch_id}" if event.watch_id is not None else f"crawl:{event.source or ''}"
    return json.dumps([owner, event.kind, event.item_url, event.item_title or ""], ensure_ascii=False)


class EventStore:
    """Event log + outbox over one SQLite connection (thread-safe through SQLite's own locking)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        conn.executescript(SCHEMA)

    @classmethod
    def open(cls, state_dir: str | Path) -> EventStore:
        return cls(connect(state_db_path(state_dir)))

    def close(self) -> None:
        self.conn.close()

    # -- writing events -------------------------------------------------------------

    def add_event(
        self,
        event: NewEvent,
        channel_urls: Iterable[str],
        *,
        now: float,
        also: Callable[[sqlite3.Connection], None] | None = None,
    ) -> int:
        """Store ``event`` and queue it for every channel, in one transaction; returns its id.

        A ``new_*`` event identical to one already stored (same watch or spider, kind, item URL
        and title) is not stored again and returns the first one's id: a detector that re-emits
        after a crash (its own state lost, ours committed) does not notify twice.

        ``also`` runs in the same transaction (on this connection): a detector records what it
        has seen there, so the record and the event it caused are committed together or not at
        all, and a crash in between cannot lose the change.
        """
        # One row per recipient (topiccrawl.notify.targets): a retry goes only to those that failed.
        urls = list(dict.fromkeys(t for u in channel_urls if u and u.strip() for t in split_targets(u.strip())))
        key = fold_key(event.watch_id, event.watch_url, event.source)
        dedup = _dedup_key(event)
        with self._transaction():
            if also is not None:
                also(self.conn)
            if dedup is not None:
                row = self.conn.execute("SELECT id FROM events WHERE dedup_key = ?", (dedup,)).fetchone()
                if row is not None:
                    return int(row["id"])
            cur = self.conn.execute(
                "INSERT INTO events (watch_id, watch_url, kind, item_url, item_title, detected_at, source,"
                " fold_key, created_at, dedup_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    event.watch_id,
                    event.watch_url,
                    event.kind,
                    event.item_url,
                    event.item_title,
                    event.detected_at,
                    event.source,
                    key,
                    now,
                    dedup,
                ),
            )
            event_id = int(cur.lastrowid or 0)
            for url in urls:
                channel_id = self._channel_id(url)
                self.conn.execute(
                    "INSERT OR IGNORE INTO outbox (event_id, channel_id, fold_key, created_at, next_attempt_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (event_id, channel_id, key, now, now),
                )
        return event_id

    def _channel_id(self, url: str) -> int:
        row = self.conn.execute("SELECT id FROM channels WHERE url = ?", (url,)).fetchone()
        if row is not None:
            return int(row["id"])
        cur = self.conn.execute("INSERT INTO channels (url, redacted) VALUES (?, ?)", (url, mask_channel_url(url)))
        return int(cur.lastrowid or 0)

    # -- reading events (the feed) ------------------------------------------------------

    def events_since(self, since: int, limit: int) -> list[StoredEvent]:
        rows = self.conn.execute("SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?", (since, limit)).fetchall()
        return [_event(r) for r in rows]

    def latest_event_id(self) -> int:
        row = self.conn.execute("SELECT MAX(id) AS m FROM events").fetchone()
        return int(row["m"] or 0)

    # -- the outbox -------------------------------------------------------------------

    def channel_url(self, channel_id: int) -> str | None:
        row = self.conn.execute("SELECT url FROM channels WHERE id = ?", (channel_id,)).fetchone()
        return None if row is None else str(row["url"])

    def channel_label(self, channel_id: int) -> str:
        url = self.channel_url(channel_id)
        return "?" if url is None else mask_channel_url(url)

    def due(self, now: float) -> list[OutboxEntry]:
        """Pending entries whose next attempt is due."""
        return self._entries("o.state = ? AND o.next_attempt_at <= ?", (PENDING, now))

    def entries(self, state: str | None = None) -> list[OutboxEntry]:
        if state is None:
            return self._entries("1", ())
        return self._entries("o.state = ?", (state,))

    def _entries(self, where: str, params: Sequence[object]) -> list[OutboxEntry]:
        rows = self.conn.execute(
            "SELECT o.id AS oid, o.channel_id, o.fold_key, o.state, o.attempts, o.created_at, o.next_attempt_at,"
            " o.last_error, e.* FROM outbox o JOIN events e ON e.id = o.event_id"
            f" WHERE {where} ORDER BY o.id",
            tuple(params),
        ).fetchall()
        return [
            OutboxEntry(
                id=r["oid"],
                event=_event(r),
                channel_id=r["channel_id"],
                fold_key=r["fold_key"],
                state=r["state"],
                attempts=r["attempts"],
                created_at=r["created_at"],
                next_attempt_at=r["next_attempt_at"],
                last_error=r["last_error"],
            )
            for r in rows
        ]

    def claim(self, ids: Sequence[int], *, now: float) -> list[int]:
        """Move ``ids`` from pending to sending; returns the ids this call won (another sender may win some).

        An attempt counts (``attempts + 1``) only for rows that were due: trying a row still
        waiting out its backoff (``scrapy notify run`` from cron during an outage) does not use
        up its attempts ahead of the retry schedule.
        """
        if not ids:
            return []
        token = uuid.uuid4().hex
        marks = ",".join("?" * len(ids))
        with self._transaction():
            self.conn.execute(
                f"UPDATE outbox SET state = ?, claim_token = ?, claimed_at = ?,"
                f" attempts = attempts + (next_attempt_at <= ?) WHERE id IN ({marks}) AND state = ?",
                (SENDING, token, now, now, *ids, PENDING),
            )
            rows = self.conn.execute("SELECT id FROM outbox WHERE claim_token = ?", (token,)).fetchall()
        return sorted(int(r["id"]) for r in rows)

    def mark_done(self, ids: Sequence[int], *, now: float) -> None:
        marks = ",".join("?" * len(ids))
        with self._transaction():
            self.conn.execute(
                f"UPDATE outbox SET state = ?, sent_at = ?, last_error = NULL, claim_token = NULL"
                f" WHERE id IN ({marks}) AND state = ?",
                (DONE, now, *ids, SENDING),
            )

    def mark_failed(
        self, ids: Sequence[int], *, error: str, retry_at: float | None, keep_schedule: bool = False
    ) -> None:
        """Record a failed attempt (``error`` must already be redacted); ``retry_at=None`` gives up.

        ``keep_schedule`` leaves the rows pending at their old ``next_attempt_at`` (an early attempt).
        """
        if not ids:
            return
        marks = ",".join("?" * len(ids))
        state = PENDING if retry_at is not None or keep_schedule else FAILED
        with self._transaction():
            self.conn.execute(
                f"UPDATE outbox SET state = ?, next_attempt_at = COALESCE(?, next_attempt_at), last_error = ?,"
                f" claim_token = NULL WHERE id IN ({marks}) AND state = ?",
                (state, None if keep_schedule else retry_at, error[:2000], *ids, SENDING),
            )

    def retry_failed(self, *, now: float) -> int:
        """Queue every ``failed`` row again, due now, with its attempts reset; returns how many."""
        with self._transaction():
            cur = self.conn.execute(
                "UPDATE outbox SET state = ?, attempts = 0, next_attempt_at = ? WHERE state = ?", (PENDING, now, FAILED)
            )
        return cur.rowcount

    def defer(self, ids: Sequence[int], *, until: float) -> None:
        """Postpone pending entries without counting an attempt (their channel just failed for another entry)."""
        if not ids:
            return
        marks = ",".join("?" * len(ids))
        with self._transaction():
            self.conn.execute(
                f"UPDATE outbox SET next_attempt_at = MAX(next_attempt_at, ?) WHERE id IN ({marks}) AND state = ?",
                (until, *ids, PENDING),
            )

    def recover_stale(self, *, now: float, lease: float, resend: bool) -> int:
        """Deal with rows a stopped sender left in ``sending`` (claimed more than ``lease`` s ago)."""
        with self._transaction():
            if resend:
                cur = self.conn.execute(
                    "UPDATE outbox SET state = ?, next_attempt_at = ?, claim_token = NULL,"
                    " last_error = 'sender stopped mid-send; resending (at least once)'"
                    " WHERE state = ? AND claimed_at < ?",
                    (PENDING, now, SENDING, now - lease),
                )
            else:
                cur = self.conn.execute(
                    "UPDATE outbox SET state = ?, claim_token = NULL,"
                    " last_error = 'sender stopped mid-send; not resent (at most once)'"
                    " WHERE state = ? AND claimed_at < ?",
                    (UNCERTAIN, SENDING, now - lease),
                )
        if cur.rowcount:
            logger.warning(
                "%d notification(s) were being sent when a sender stopped; %s",
                cur.rowcount,
                "queued again" if resend else "marked uncertain and not resent (TOPICCRAWL_NOTIFY_RESEND_UNCERTAIN)",
            )
        return cur.rowcount

    def channel_counts(self) -> list[tuple[str, str, int]]:
        """(redacted channel URL, state, entries) for every channel with outbox entries."""
        rows = self.conn.execute(
            "SELECT c.url, o.state, COUNT(*) AS n FROM outbox o JOIN channels c ON c.id = o.channel_id"
            " GROUP BY c.id, o.state ORDER BY c.id, o.state"
        ).fetchall()
        # masked on reading, not from the stored column: rows of older versions were masked less
        return [(mask_channel_url(r["url"]), r["state"], int(r["n"])) for r in rows]

    def counts(self) -> dict[str, int]:
        rows = self.conn.execute("SELECT state, COUNT(*) AS n FROM outbox GROUP BY state").fetchall()
        return {r["state"]: int(r["n"]) for r in rows}

    # -- helpers ------------------------------------------------------------------------

    def _transaction(self) -> _Transaction:
        return _Transaction(self.conn)


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``: takes the write lock up front so two senders never claim one row."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self.conn.execute("ROLLBACK" if exc_type else "COMMIT")


def watch_notify_urls(conn: sqlite3.Connection, watch_id: int) -> list[str]:
    """The monitor's per-watch notification URLs, read defensively.

    Expected schema (owned by the monitor): ``watches(id INTEGER PRIMARY KEY, url TEXT,
    notify TEXT /* JSON list */, ...)``; a column named ``notify_urls`` or ``notify_url`` works
    too. A missing table or column, or an unreadable value, means no per-watch URLs (global
    ones still apply). A plain string of whitespace/comma-separated URLs is accepted too.
    """
    try:
        columns = {r["name"] for r in conn.execute("PRAGMA table_info(watches)").fetchall()}
    except sqlite3.Error:
        return []
    column = next((c for c in ("notify_urls", "notify", "notify_url") if c in columns), None)
    if column is None or "id" not in columns:
        return []
    try:
        row = conn.execute(f"SELECT {column} AS v FROM watches WHERE id = ?", (watch_id,)).fetchone()
    except sqlite3.Error:
        return []
    return _parse_url_list(row["v"] if row is not None else None)


def _parse_url_list(raw: object) -> list[str]:
    if not raw:
        return []
    try:
        value = json.loads(raw) if isinstance(raw, str) else raw
    except ValueError:
        value = raw
    if isinstance(value, str):
        return [u for u in value.replace(",", " ").split() if u]
    if isinstance(value, list):
        return [str(u) for u in value if isinstance(u, str) and u.strip()]
    return []
