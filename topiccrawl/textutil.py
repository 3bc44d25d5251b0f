"""Small text helpers shared by spiders and pipelines."""

from __future__ import annotations

import re
from datetime import UTC, datetime

# Classes of elements that hold words for screen readers only (Bootstrap's, GOV.UK's, WordPress's
# and Drupal's names for it): "Offline" beside an avatar, "Post" before a permalink's number.
SCREEN_READER_CLASSES = ("sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text", "element-invisible")
# An XPath test of the context element for those classes (``govuk-visually-hidden`` too).
SCREEN_READER_ONLY = (
    " or ".join(f"contains(concat(' ', normalize-space(@class), ' '), ' {c} ')" for c in SCREEN_READER_CLASSES)
    + " or contains(@class, '-visually-hidden')"
)
# An XPath of the text nodes of an element outside its links, scripts and styles: what a block
# says in its own words (a post's body; not a bar of buttons, which is mostly links).
LINKLESS_TEXT = ".//text()[normalize-space()][not(ancestor::a)][not(ancestor::script)][not(ancestor::style)]"

# Control characters are never text: a backspace pasted into a post ("累\x08我") reads as a space.
_WS_RE = re.compile(r"[\s\x00-\x08\x0e-\x1f\x7f]+")


def normalize_space(text: str) -> str:
    """Collapse runs of whitespace (including full-width spaces) and control characters to one space, and strip."""
    return _WS_RE.sub(" ", text.replace("\u3000", " ")).strip()


def utc_now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
