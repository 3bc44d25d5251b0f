"""Opening the state database: WAL, so a killed crawl leaves a readable store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

STATE_DB_NAME = "state.sqlite3"


def state_db_path(state_dir: str | Path) -> Path:
    """Path of the state database inside ``state_dir`` (``TOPICCRAWL_STATE_DIR``), created if missing."""
    directory = Path(state_dir)
    directory.mkdir(parents=True, exist_ok=True)
    return directory / STATE_DB_NAME


def connect(path: str | Path) -> sqlite3.Connection:
    """Open (creating if needed) a state database with crash-safe settings.

    Write-ahead logging plus ``synchronous=NORMAL`` means a committed transaction
    survives a killed process and a half-done one is rolled back on next open;
    readers (``scrapy watch list``, the feed server) never block the crawl.
    """
    conn = sqlite3.connect(str(path), timeout=30, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=30000")
    return conn
