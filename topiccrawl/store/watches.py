"""Watches, their fetch history and known items, and saved templates, in the SQLite state store.

Schema (the notification side reads ``watches.notify``)::

    watches(id INTEGER PRIMARY KEY, url TEXT, template TEXT  -- template JSON,
            notify TEXT  -- JSON list of Apprise URLs (secrets: never print them),
            created_at REAL, etag TEXT, last_modified TEXT,
            page_checksum TEXT, page_simhash TEXT  -- 16 hex digits,
            page_segments BLOB  -- paragraph hashes of the reference text (notify.changes),
            baselined INTEGER  -- 1 once a first successful fetch set what is known,
            last_fetch_at REAL, last_status INTEGER, last_change_at REAL)
    watch_fetches(id INTEGER PRIMARY KEY, watch_id INTEGER, fetched_at REAL,
                  status INTEGER  -- HTTP status, 0 for a failed download,
                  changed INTEGER, new_items INTEGER, error TEXT,
                  matched INTEGER  -- items the link template matched; NULL for other fetches)
    watch_items(watch_id INTEGER, key TEXT  -- the item's identity (its URL, or path and
                identity query keys), url TEXT, text TEXT, first_seen REAL,
                PRIMARY KEY (watch_id, key))
    watch_templates(id INTEGER PRIMARY KEY, url TEXT, template TEXT, created_at REAL)

Times are Unix seconds. Deleting a watch deletes its history and items.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from topiccrawl.notify.redact import mask_channel_url
from topiccrawl.store.db import connect, state_db_path

_SCHEMA = """
CREATE TABLE IF NOT EXISTS watches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    url TEXT NOT NULL,
    template TEXT NOT NULL,
    notify TEXT NOT NULL DEFAULT '[]',
    created_at REAL NOT NULL,
    etag TEXT,
    last_modified TEXT,
    page_checksum TEXT,
    page_simhash TEXT,
    page_segments BLOB,
    baselined INTEGER NOT NULL DEFAULT 0,
    last_fetch_at REAL,
    last_status INTEGER,
    last_change_at REAL
);
CREATE TABLE IF NOT EXISTS watch_fetches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    watch_id INTEGER NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
    fetched_at REAL NOT NULL,
    status INTEGER NOT NULL,
    changed INTEGER NOT NULL,
    new_items INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    matched INTEGER
);
CREATE INDEX IF NOT EXISTS watch_fetches_by_watch ON watch_fetches(watch_id, fetched_at);
CREATE TABLE IF NOT EXISTS watch_items (
    watch_id INTEGER NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    url TEXT NOT NULL,
    text TEXT NOT NULL,
    first_seen REAL NOT NULL,
    PRIMARY KEY (watch_id, key)
);
CREATE TABLE IF NOT EXISTS watch_templates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    url TEXT NOT NULL,
    template TEXT NOT NULL,
    created_at REAL NOT NULL
);
"""


@dataclass(frozen=True, slots=True)
class Watch:
    id: int
    url: str
    template: str  # JSON
    notify: tuple[str, ...]
    created_at: float
    etag: str | None = None
    last_modified: str | None = None
    page_checksum: str | None = None
    page_simhash: str | None = None
    page_segments: bytes | None = None
    baselined: bool = False
    last_fetch_at: float | None = None
    last_status: int | None = None
    last_change_at: float | None = None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Watch:
        data = dict(row)
        data["notify"] = tuple(json.loads(data["notify"] or "[]"))
        data["baselined"] = bool(data["baselined"])
        return cls(**data)

    @property
    def masked_notify(self) -> list[str]:
        return [mask_channel_url(u) for u in self.notify]


@dataclass(frozen=True, slots=True)
class Fetch:
    watch_id: int
    fetched_at: float
    status: int
    changed: bool
    new_items: int
    error: str | None
    matched: int | None = None


class WatchStore:
    """Access to the watch tables of one state database (safe to share between readers and the monitor)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.conn = connect(self.path)
        self.conn.executescript(_SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        """Add the columns that stores made by earlier versions lack."""
        for table, column, kind in (("watch_fetches", "matched", "INTEGER"), ("watches", "page_segments", "BLOB")):
            columns = {row[1] for row in self.conn.execute(f"PRAGMA table_info({table})")}
            if column in columns:
                continue
            try:
                self.conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
            except sqlite3.OperationalError as exc:  # another process added it meanwhile
                if "duplicate column" not in str(exc):
                    raise

    @classmethod
    def in_state_dir(cls, state_dir: str | Path) -> WatchStore:
        return cls(state_db_path(state_dir))

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # -- watches ---------------------------------------------------------------
    def add_watch(self, url: str, template_json: str, notify: Iterable[str] = (), now: float | None = None) -> int:
        with self._tx() as tx:
            cur = tx.execute(
                "INSERT INTO watches (url, template, notify, created_at) VALUES (?, ?, ?, ?)",
                (url, template_json, json.dumps(list(notify)), time.time() if now is None else now),
            )
            return int(cur.lastrowid or 0)

    def get(self, watch_id: int) -> Watch | None:
        row = self.conn.execute("SELECT * FROM watches WHERE id = ?", (watch_id,)).fetchone()
        return Watch.from_row(row) if row else None

    def watches(self) -> list[Watch]:
        return [Watch.from_row(r) for r in self.conn.execute("SELECT * FROM watches ORDER BY id")]

    def remove(self, watch_id: int) -> bool:
        with self._tx() as tx:
            return tx.execute("DELETE FROM watches WHERE id = ?", (watch_id,)).rowcount > 0

    def set_template(self, watch_id: int, template_json: str) -> None:
        self.conn.execute("UPDATE watches SET template = ? WHERE id = ?", (template_json, watch_id))

    # -- fetch outcomes --------------------------------------------------------
    def record_fetch(
        self,
        watch_id: int,
        *,
        fetched_at: float,
        status: int,
        changed: bool,
        items: Iterable[tuple[str, str, str]] = (),
        new_items: int = 0,
        etag: str | None = None,
        last_modified: str | None = None,
        page_checksum: str | None = None,
        page_simhash: str | None = None,
        page_segments: bytes | None = None,
        baseline: bool = False,
        error: str | None = None,
        matched: int | None = None,
    ) -> None:
        """Record one fetch in one transaction: history row, newly known items, validators, fingerprint.

        ``items`` are (identity key, URL, text) of every item on the page; ``matched``
        is how many items a link template matched (see :meth:`last_matched`).
        """
        with self._tx() as tx:
            if tx.execute("SELECT 1 FROM watches WHERE id = ?", (watch_id,)).fetchone() is None:
                return  # removed while the fetch was in flight
            tx.execute(
                "INSERT INTO watch_fetches (watch_id, fetched_at, status, changed, new_items, error, matched)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (watch_id, fetched_at, status, int(changed), new_items, error, matched),
            )
            tx.executemany(
                "INSERT OR IGNORE INTO watch_items (watch_id, key, url, text, first_seen) VALUES (?, ?, ?, ?, ?)",
                [(watch_id, key, url, text, fetched_at) for key, url, text in items],
            )
            sets = ["last_fetch_at = ?", "last_status = ?"]
            values: list[object] = [fetched_at, status]
            if status == 200:
                sets += ["etag = ?", "last_modified = ?"]
                values += [etag, last_modified]
            if page_checksum is not None:
                sets += ["page_checksum = ?", "page_simhash = ?", "page_segments = ?"]
                values += [page_checksum, page_simhash, page_segments]
            if baseline:
                sets.append("baselined = 1")
            if changed:
                sets.append("last_change_at = ?")
                values.append(fetched_at)
            tx.execute(f"UPDATE watches SET {', '.join(sets)} WHERE id = ?", (*values, watch_id))

    def known_keys(self, watch_id: int) -> set[str]:
        """Identities of the items seen on a watched page (``items`` passed to :meth:`record_fetch`)."""
        return {r[0] for r in self.conn.execute("SELECT key FROM watch_items WHERE watch_id = ?", (watch_id,))}

    def history(self, watch_id: int) -> list[Fetch]:
        rows = self.conn.execute(
            "SELECT watch_id, fetched_at, status, changed, new_items, error, matched FROM watch_fetches"
            " WHERE watch_id = ? ORDER BY fetched_at, id",
            (watch_id,),
        )
        return [Fetch(r[0], r[1], r[2], bool(r[3]), r[4], r[5], r[6]) for r in rows]

    def last_fetch(self, watch_id: int) -> Fetch | None:
        row = self.conn.execute(
            "SELECT watch_id, fetched_at, status, changed, new_items, error, matched FROM watch_fetches"
            " WHERE watch_id = ? ORDER BY fetched_at DESC, id DESC LIMIT 1",
            (watch_id,),
        ).fetchone()
        return Fetch(row[0], row[1], row[2], bool(row[3]), row[4], row[5], row[6]) if row else None

    def last_matched(self, watch_id: int) -> int | None:
        """How many items the watch's link template matched at its last fetch that applied it."""
        row = self.conn.execute(
            "SELECT matched FROM watch_fetches WHERE watch_id = ? AND matched IS NOT NULL"
            " ORDER BY fetched_at DESC, id DESC LIMIT 1",
            (watch_id,),
        ).fetchone()
        return row[0] if row else None

    # -- saved templates -------------------------------------------------------
    def save_template(self, url: str, template_json: str, now: float | None = None) -> int:
        with self._tx() as tx:
            cur = tx.execute(
                "INSERT INTO watch_templates (url, template, created_at) VALUES (?, ?, ?)",
                (url, template_json, time.time() if now is None else now),
            )
            return int(cur.lastrowid or 0)

    def template(self, template_id: int) -> tuple[str, str] | None:
        """(page URL, template JSON) of a saved template."""
        row = self.conn.execute("SELECT url, template FROM watch_templates WHERE id = ?", (template_id,)).fetchone()
        return (row[0], row[1]) if row else None
