"""Small text helpers shared by spiders and pipelines."""

from __future__ import annotations

import re
from datetime import UTC, datetime

_WS_RE = re.compile(r"\s+")


def normalize_space(text: str) -> str:
    """Collapse runs of whitespace (including full-width spaces) to one space and strip."""
    return _WS_RE.sub(" ", text.replace("\u3000", " ")).strip()


def utc_now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
