"""Folding bursts: the outbox entries of one watch and one channel become one message.

A watch that gains ten items in a minute should send one email, not ten. An entry is
held for ``window`` seconds after it was queued, so later events of the same watch can
join it; then everything queued for that (channel, watch) goes out as one message.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar
from urllib.parse import urlsplit

T = TypeVar("T")


def fold_key(watch_id: int | None, watch_url: str | None, source: str | None) -> str:
    """What events fold together: one watch, or for a crawl's own events, one spider on one host."""
    if watch_id is not None:
        return f"watch:{watch_id}"
    host = urlsplit(watch_url or "").hostname or ""
    return f"crawl:{source or ''}:{host}"


@dataclass(frozen=True, slots=True)
class Queued(Generic[T]):
    """One outbox entry as the planner sees it; ``payload`` is whatever the caller needs back."""

    channel_id: int
    fold_key: str
    created_at: float
    payload: T


def plan_batches(
    queued: Sequence[Queued[T]], *, now: float, window: float, max_batch: int = 50, flush: bool = False
) -> list[list[Queued[T]]]:
    """Group due entries into messages: one list per (channel, fold key) whose oldest entry waited ``window`` s.

    ``flush`` ignores the window (the crawl is ending: send what there is). Groups larger than
    ``max_batch`` are split, oldest first, so one message never grows without bound.
    """
    groups: dict[tuple[int, str], list[Queued[T]]] = defaultdict(list)
    for entry in sorted(queued, key=lambda e: e.created_at):
        groups[(entry.channel_id, entry.fold_key)].append(entry)
    batches: list[list[Queued[T]]] = []
    for entries in groups.values():
        if not flush and entries[0].created_at + window > now:
            continue
        for start in range(0, len(entries), max(1, max_batch)):
            batches.append(entries[start : start + max_batch])
    return batches
