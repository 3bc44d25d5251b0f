"""Is a re-crawled record new, changed beyond noise, or unchanged? (pure functions)

Noise on real pages is mostly numbers: a clock, a date, view and reply counters, a
visitor count. Digits are masked before fingerprinting, so such edits change neither
the checksum nor the simhash. Other small edits (a rotating ad line, a "last active"
name) are absorbed by the simhash distance threshold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from topiccrawl.fingerprint import checksum, hamming, text_simhash

_DIGITS_RE = re.compile(r"\d+")


class Change(StrEnum):
    NEW = "new"
    CHANGED = "changed"
    UNCHANGED = "unchanged"


@dataclass(frozen=True, slots=True)
class Fingerprint:
    checksum: str
    simhash: int


def fingerprint(text: str) -> Fingerprint:
    """Checksum and simhash of ``text`` with digit runs masked (counters and clocks are noise)."""
    masked = _DIGITS_RE.sub("0", text or "")
    return Fingerprint(checksum(masked), text_simhash(masked))


def classify(previous: Fingerprint | None, current: Fingerprint, *, max_noise_distance: int) -> Change:
    """NEW if never seen, UNCHANGED if equal or within ``max_noise_distance`` simhash bits, else CHANGED."""
    if previous is None:
        return Change.NEW
    if previous.checksum == current.checksum:
        return Change.UNCHANGED
    if hamming(previous.simhash, current.simhash) <= max_noise_distance:
        return Change.UNCHANGED
    return Change.CHANGED
