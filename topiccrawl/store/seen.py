"""What earlier crawls saw, for change notification on re-runs (table ``seen_items``).

Keys: ``page:URL`` for pages, ``thread:THREAD_URL`` for threads, and
``post:THREAD_URL#POST_ID`` (or ``#POSITION``) for posts. ``crawl_scopes`` remembers which
(spider, host) pairs have been crawled before: a scope's first crawl only records, so
it does not flood the channels with everything it finds. A scope counts as crawled once a
crawl of it *finished* (``complete``; finish reason ``finished``); a first crawl that was
killed or stopped early (``max_pages``, ``CLOSESPIDER_*``, Ctrl-C) leaves the next one a
baseline too, rather than reporting everything the stopped one had not reached.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from topiccrawl.notify.changes import Fingerprint, pack_segments, unpack_segments
from topiccrawl.store.db import connect, state_db_path

SCHEMA = """
CREATE TABLE IF NOT EXISTS seen_items (
    key TEXT PRIMARY KEY,
    scope TEXT NOT NULL,
    checksum TEXT NOT NULL,
    simhash TEXT NOT NULL,
    segments BLOB,
    first_seen REAL NOT NULL,
    last_seen REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS crawl_scopes (
    scope TEXT PRIMARY KEY,
    first_crawled REAL NOT NULL,
    complete INTEGER NOT NULL DEFAULT 0
);
"""


class SeenStore:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        conn.executescript(SCHEMA)

    @classmethod
    def open(cls, state_dir: str | Path) -> SeenStore:
        return cls(connect(state_db_path(state_dir)))

    def close(self) -> None:
        self.conn.close()

    def scopes(self) -> set[str]:
        """Scopes with a completed earlier crawl."""
        return {r["scope"] for r in self.conn.execute("SELECT scope FROM crawl_scopes WHERE complete = 1")}

    def add_scope(self, scope: str, now: float) -> None:
        self.conn.execute("INSERT OR IGNORE INTO crawl_scopes (scope, first_crawled) VALUES (?, ?)", (scope, now))

    def complete_scopes(self, scopes: set[str]) -> None:
        self.conn.executemany("UPDATE crawl_scopes SET complete = 1 WHERE scope = ?", [(s,) for s in scopes])

    def get(self, key: str) -> Fingerprint | None:
        row = self.conn.execute("SELECT checksum, simhash, segments FROM seen_items WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        return Fingerprint(row["checksum"], int(row["simhash"], 16), unpack_segments(row["segments"]))

    def put(self, key: str, scope: str, fp: Fingerprint, now: float, *, keep_segments: bool = True) -> None:
        """Record ``fp`` for ``key``; ``keep_segments=False`` for records whose text changes are not tracked."""
        segments = pack_segments(fp.segments) if keep_segments else None
        self.conn.execute(
            "INSERT INTO seen_items (key, scope, checksum, simhash, segments, first_seen, last_seen)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(key) DO UPDATE SET checksum = excluded.checksum, simhash = excluded.simhash,"
            " segments = excluded.segments, last_seen = excluded.last_seen",
            (key, scope, fp.checksum, f"{fp.simhash:016x}", segments, now, now),
        )

    def touch(self, key: str, now: float) -> None:
        self.conn.execute("UPDATE seen_items SET last_seen = ? WHERE key = ?", (now, key))
