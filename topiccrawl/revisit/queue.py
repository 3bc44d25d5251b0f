"""The due-time queue every heap-based scheduler here shares: O(log n) per call.

It keeps one live heap entry per key (older entries are skipped lazily), a global
rate bound (at most ``max_rate`` fetches per second, so consecutive fetches are at
least ``1 / max_rate`` apart) and per-host politeness (at least ``host_gap``
seconds between fetches of keys on the same host; the host is taken from keys that
are URLs, other keys have no host).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Hashable
from urllib.parse import urlsplit


def host_of(key: Hashable) -> str | None:
    """The host of a URL key, or None when the key is not a URL (or not a string)."""
    if not isinstance(key, str) or "://" not in key:
        return None
    try:
        return urlsplit(key).hostname
    except ValueError:
        return None


def min_fetch_gap(max_rate: float, host_gap: float) -> float:
    """Seconds between any two fetches at ``max_rate``, after checking both budget parameters."""
    if not max_rate > 0:
        raise ValueError(f"max_rate must be positive, got {max_rate!r}")
    if host_gap < 0:
        raise ValueError(f"host_gap must be >= 0, got {host_gap!r}")
    return 1.0 / max_rate


class DueQueue:
    """Keys ordered by the time they are due, with rate and politeness gates."""

    def __init__(self, max_rate: float, host_gap: float) -> None:
        self.min_gap = min_fetch_gap(max_rate, host_gap)
        self.host_gap = host_gap
        self._heap: list[tuple[float, int, Hashable]] = []
        self._live: dict[Hashable, int] = {}  # key -> seq of its live heap entry
        self._due: dict[Hashable, float] = {}
        self._hosts: dict[Hashable, str | None] = {}
        self._host_last: dict[str, float] = {}
        self._seq = 0
        self.last_fetch = -math.inf

    def __len__(self) -> int:
        return len(self._live)

    def __contains__(self, key: object) -> bool:
        return key in self._live

    def push(self, key: Hashable, due: float) -> None:
        if key not in self._hosts:
            self._hosts[key] = host_of(key)
        self._seq += 1
        self._live[key] = self._seq
        self._due[key] = due
        heapq.heappush(self._heap, (due, self._seq, key))

    def discard(self, key: Hashable) -> None:
        self._live.pop(key, None)
        self._due.pop(key, None)
        self._hosts.pop(key, None)

    def due(self, key: Hashable) -> float | None:
        return self._due.get(key)

    def gate(self, now: float) -> float:
        """Earliest time the global rate bound allows the next fetch."""
        return max(now, self.last_fetch + self.min_gap)

    def peek(self, now: float, early: bool = False) -> tuple[Hashable, float, float] | None:
        """(key, due, fetch time) of the next fetch, or None when the queue is empty.

        With ``early`` the first key is fetched as soon as the gates allow, even
        before it is due (the fetcher never idles), waiting for its host if need be. A key whose host was fetched
        too recently is moved to the time its host becomes free, so one slow host
        never blocks the others.
        """
        heap = self._heap
        live = self._live
        gate = self.gate(now)
        while heap:
            due, seq, key = heap[0]
            if live.get(key) != seq:
                heapq.heappop(heap)  # stale: removed or rescheduled
                continue
            when = gate if early else max(due, gate)
            if self.host_gap > 0:
                host = self._hosts.get(key)
                last = self._host_last.get(host) if host is not None else None
                if last is not None and last + self.host_gap > when:
                    if early:
                        # priority order: the first key waits for its host
                        return key, due, last + self.host_gap
                    heapq.heappop(heap)
                    self.push(key, last + self.host_gap)
                    continue
            return key, due, when
        return None

    def fetched(self, key: Hashable, when: float) -> None:
        """Record a fetch for the rate and politeness gates."""
        self.last_fetch = max(self.last_fetch, when)
        host = self._hosts.get(key)
        if host is not None:
            self._host_last[host] = max(self._host_last.get(host, -math.inf), when)
