"""Is a re-crawled record new, changed beyond noise, or unchanged? (pure functions)

Two signals, because each misses what the other sees:

- **New text.** The text is cut into segments (text nodes and sentences), each hashed. The
  characters in segments the previous version did not have measure what was *added*: a
  new paragraph, post or list entry. A simhash of a long page barely moves when one
  sentence is added (``benchmarks/notify_noise.py``: on real forum and news pages a
  40-200 character insertion changes no simhash bit at all most of the time), so this is
  the signal for "something new appeared".
- **Simhash distance.** Rewrites and removals that add little new text but change much of
  the page move the simhash (``topiccrawl.fingerprint``) by more than a few bits.

Noise on real pages is mostly numbers (a clock, a date, view and reply counters): digit
runs are masked before anything is hashed, so they change nothing. A rotating ad or an
"online now" line replaces a short segment: fewer new characters than
``min_new_chars``, and within the simhash distance.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from enum import StrEnum

from topiccrawl.fingerprint import checksum, hamming, text_simhash

_DIGITS_RE = re.compile(r"\d+")
# Segment boundaries: whitespace (text nodes are joined by spaces) and sentence ends.
_SEGMENT_RE = re.compile(r"[^\s。！？!?；;]+[。！？!?；;]?")
_SEG_HASH_BYTES = 4


class Change(StrEnum):
    NEW = "new"
    CHANGED = "changed"
    UNCHANGED = "unchanged"


@dataclass(frozen=True, slots=True)
class Fingerprint:
    checksum: str
    simhash: int
    segments: frozenset[int] = field(default_factory=frozenset)
    # Not stored: the length of each segment of *this* version, to count new characters.
    lengths: tuple[tuple[int, int], ...] = ()


def _seg_hash(segment: str) -> int:
    return int.from_bytes(hashlib.blake2b(segment.encode("utf-8"), digest_size=_SEG_HASH_BYTES).digest(), "big")


def fingerprint(text: str, *, mask_digits: bool = True) -> Fingerprint:
    """Checksum, simhash and segment hashes of ``text`` with digit runs masked (kept with
    ``mask_digits=False``: a page of prices or scores, where the numbers are what changes)."""
    masked = _DIGITS_RE.sub("0", text or "") if mask_digits else text or ""
    lengths = tuple((_seg_hash(m.group()), len(m.group())) for m in _SEGMENT_RE.finditer(masked))
    return Fingerprint(checksum(masked), text_simhash(masked), frozenset(h for h, _ in lengths), lengths)


def new_chars(previous: Fingerprint, current: Fingerprint) -> int:
    """Characters of ``current`` in segments ``previous`` did not have (each distinct segment once)."""
    seen: set[int] = set()
    total = 0
    for h, length in current.lengths:
        if h not in previous.segments and h not in seen:
            seen.add(h)
            total += length
    return total


def classify(
    previous: Fingerprint | None, current: Fingerprint, *, max_noise_distance: int, min_new_chars: int = 30
) -> Change:
    """NEW if never seen; CHANGED if ``min_new_chars`` of new text or a simhash move beyond the noise distance."""
    if previous is None:
        return Change.NEW
    if previous.checksum == current.checksum:
        return Change.UNCHANGED
    if previous.segments and new_chars(previous, current) >= min_new_chars:
        return Change.CHANGED
    if hamming(previous.simhash, current.simhash) > max_noise_distance:
        return Change.CHANGED
    return Change.UNCHANGED


def pack_segments(segments: frozenset[int]) -> bytes:
    return b"".join(h.to_bytes(_SEG_HASH_BYTES, "big") for h in sorted(segments))


def unpack_segments(blob: bytes | None) -> frozenset[int]:
    if not blob:
        return frozenset()
    n = _SEG_HASH_BYTES
    return frozenset(int.from_bytes(blob[i : i + n], "big") for i in range(0, len(blob), n))
