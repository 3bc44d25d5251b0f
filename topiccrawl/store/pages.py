"""Page records of crawled pages, in the state store: what incremental crawls and the monitor reuse.

One row per stored page or post (keyed by its record key: the page URL, or the
thread URL plus post id/position for forum posts): when it was fetched, the
checksum and simhash of its text, the HTTP validators to send on a re-fetch
(ETag, Last-Modified), its relevance and page type. Behind the small
:class:`PageStore` protocol so that a Redis-backed store shared by distributed
workers can replace :class:`SqlitePageStore`.

Crash safety: the database runs in WAL mode (``topiccrawl.store.db.connect``)
and every record is written in one transaction, so a killed crawl leaves every
committed record whole and no half-written one.
"""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Protocol

from topiccrawl.fingerprint import MASK64
from topiccrawl.store.db import connect

_SCHEMA = """
CREATE TABLE IF NOT EXISTS pages (
    key TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    fetched_at TEXT,
    checksum TEXT,
    simhash INTEGER,
    etag TEXT,
    last_modified TEXT,
    relevance REAL,
    page_type TEXT,
    title TEXT,
    duplicate_of TEXT
);
CREATE INDEX IF NOT EXISTS pages_checksum ON pages (checksum);
CREATE INDEX IF NOT EXISTS pages_simhash ON pages (simhash);
CREATE INDEX IF NOT EXISTS pages_url ON pages (url);
"""


def _to_signed(value: int | None) -> int | None:
    # SQLite integers are signed 64-bit; store the simhash's bit pattern.
    if value is None:
        return None
    value &= MASK64
    return value - (1 << 64) if value >= 1 << 63 else value


def _to_unsigned(value: int | None) -> int | None:
    return None if value is None else value & MASK64


@dataclass(slots=True)
class PageRecord:
    key: str  # record identity: page URL, or thread URL#post for forum posts
    url: str
    fetched_at: str | None = None
    checksum: str | None = None
    simhash: int | None = None  # unsigned 64-bit
    etag: str | None = None
    last_modified: str | None = None
    relevance: float | None = None
    page_type: str | None = None  # "topic_page", "forum_post", ...
    title: str | None = None
    duplicate_of: str | None = None  # key of the record this one nearly duplicates (marked, not dropped)


class PageStore(Protocol):
    """What the pipelines, incremental crawls and the monitor need from a page store."""

    def put(self, record: PageRecord) -> None: ...

    def get(self, key: str) -> PageRecord | None: ...

    def key_for_checksum(self, checksum: str) -> str | None: ...

    def key_for_simhash(self, simhash: int) -> str | None: ...

    def __len__(self) -> int: ...

    def close(self) -> None: ...


_COLUMNS = [f.name for f in fields(PageRecord)]


class SqlitePageStore:
    """:class:`PageStore` in the SQLite state database (WAL, one transaction per record)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._conn: sqlite3.Connection = connect(self.path)
        self._conn.executescript(_SCHEMA)

    def put(self, record: PageRecord) -> None:
        """Insert or replace the record under its key, atomically."""
        row = asdict(record)
        row["simhash"] = _to_signed(record.simhash)
        placeholders = ", ".join(f":{c}" for c in _COLUMNS)
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            self._conn.execute(f"INSERT OR REPLACE INTO pages ({', '.join(_COLUMNS)}) VALUES ({placeholders})", row)
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        self._conn.execute("COMMIT")

    def simhashes_since(self, rowid: int) -> tuple[list[int], int]:
        """Simhashes of original (not duplicate) records written after ``rowid``, and the last rowid."""
        rows = self._conn.execute(
            "SELECT rowid, simhash FROM pages WHERE rowid > ? AND simhash IS NOT NULL AND duplicate_of IS NULL",
            (rowid,),
        ).fetchall()
        return [r[1] & MASK64 for r in rows], self.last_rowid()

    def last_rowid(self) -> int:
        return int(self._conn.execute("SELECT COALESCE(MAX(rowid), 0) FROM pages").fetchone()[0])

    def get(self, key: str) -> PageRecord | None:
        row = self._conn.execute("SELECT * FROM pages WHERE key = ?", (key,)).fetchone()
        return self._record(row) if row else None

    def key_for_checksum(self, checksum: str) -> str | None:
        row = self._conn.execute("SELECT key FROM pages WHERE checksum = ? LIMIT 1", (checksum,)).fetchone()
        return row["key"] if row else None

    def key_for_simhash(self, simhash: int) -> str | None:
        """Key of the page a record with this simhash belongs to: its own, or the one a marked copy duplicates."""
        row = self._conn.execute(
            "SELECT COALESCE(duplicate_of, key) AS owner FROM pages WHERE simhash = ?"
            " ORDER BY duplicate_of IS NOT NULL LIMIT 1",
            (_to_signed(simhash),),
        ).fetchone()
        return row["owner"] if row else None

    def checksums(self) -> list[str]:
        return [r[0] for r in self._conn.execute("SELECT DISTINCT checksum FROM pages WHERE checksum IS NOT NULL")]

    def all(self) -> list[PageRecord]:
        return [self._record(r) for r in self._conn.execute("SELECT * FROM pages ORDER BY rowid")]

    def __len__(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM pages").fetchone()[0])

    def close(self) -> None:
        self._conn.close()

    @staticmethod
    def _record(row: sqlite3.Row) -> PageRecord:
        values = {c: row[c] for c in _COLUMNS}
        values["simhash"] = _to_unsigned(values["simhash"])
        return PageRecord(**values)
