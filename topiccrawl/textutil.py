"""Small text helpers shared by spiders and pipelines."""

from __future__ import annotations

import re
from datetime import UTC, datetime

# Control characters are never text: a backspace pasted into a post ("累\x08我") reads as a space.
_WS_RE = re.compile(r"[\s\x00-\x08\x0e-\x1f\x7f]+")


def normalize_space(text: str) -> str:
    """Collapse runs of whitespace (including full-width spaces) and control characters to one space, and strip."""
    return _WS_RE.sub(" ", text.replace("\u3000", " ")).strip()


def utc_now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
