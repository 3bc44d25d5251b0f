"""Revisit scheduling for watched pages (pure code, injected clock).

The interface every scheduler here has, so simulators can drive it::

    scheduler.add(key, now)
    key, when = scheduler.next_fetch(now)   # or None when nothing is scheduled
    scheduler.observe(key, fetch_time, changed)

This module currently holds Nutch's AdaptiveFetchSchedule as the default; a
learned scheduler replaces it (issue: Monitor).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field


@dataclass(slots=True)
class _Entry:
    interval: float
    due: float


@dataclass
class AdaptiveIntervalScheduler:
    """Nutch's rule: interval x1.4 when unchanged, x0.8 when changed, within bounds."""

    initial_interval: float = 3600.0
    min_interval: float = 60.0
    max_interval: float = 7 * 86400.0
    inc_rate: float = 1.4
    dec_rate: float = 0.8
    _entries: dict[str, _Entry] = field(default_factory=dict)
    _heap: list[tuple[float, int, str]] = field(default_factory=list)
    _seq: int = 0

    def add(self, key: str, now: float) -> None:
        if key in self._entries:
            return
        self._entries[key] = _Entry(self.initial_interval, now)
        self._push(key, now)

    def remove(self, key: str) -> None:
        self._entries.pop(key, None)

    def _push(self, key: str, due: float) -> None:
        self._seq += 1
        heapq.heappush(self._heap, (due, self._seq, key))

    def next_fetch(self, now: float) -> tuple[str, float] | None:
        while self._heap:
            due, _, key = self._heap[0]
            entry = self._entries.get(key)
            if entry is None or entry.due != due:
                heapq.heappop(self._heap)  # stale: removed or rescheduled
                continue
            return key, max(due, now)
        return None

    def observe(self, key: str, fetch_time: float, changed: bool) -> None:
        entry = self._entries.get(key)
        if entry is None:
            return
        rate = self.dec_rate if changed else self.inc_rate
        entry.interval = min(self.max_interval, max(self.min_interval, entry.interval * rate))
        entry.due = fetch_time + entry.interval
        self._push(key, entry.due)


RevisitScheduler = AdaptiveIntervalScheduler
"""The project's scheduler; constructible with no arguments."""
