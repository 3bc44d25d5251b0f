"""A virtual-time queue with a global rate bound and per-host politeness.

Keys carry a *tag* in virtual time (not seconds): the key with the smallest tag
among hosts that may be fetched now goes next, as soon as the rate bound allows
(the fetcher never idles while something may be fetched). Each host has its own
heap; hosts fetched less than ``host_gap`` seconds ago sleep in a heap ordered by
the time they wake, so a busy host never blocks the others and every call is
O(log n). Keys that are not URLs have no host and are never held back.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Hashable

from topiccrawl.revisit.queue import host_of, min_fetch_gap

_NO_HOST = ""


# A heap entry: (tag, sequence number, key, earliest fetch time). The sequence number
# breaks ties in insertion order (so keys and times are never compared) and marks a key's
# live entry: the one whose sequence number is that of the key's entry in ``TagQueue.entries``
# (not the same object: compiled code re-boxes tuples); older ones are skipped lazily.
Entry = tuple[float, int, Hashable, float]


class TagQueue:
    def __init__(self, max_rate: float, host_gap: float) -> None:
        self.min_gap = min_fetch_gap(max_rate, host_gap)
        self.host_gap = host_gap
        self.last_fetch = -math.inf
        self._seq = 0
        self.entries: dict[Hashable, Entry] = {}  # each queued key's live heap entry (read-only outside)
        self._host: dict[Hashable, str] = {}
        # keys without a host (all keys when host_gap is 0) share one heap, made up front
        # so the hot path finds it without a lookup
        self._one: list[Entry] = []
        self._heaps: dict[str, list[Entry]] = {_NO_HOST: self._one}
        self._active: list[tuple[float, int, str]] = []  # (top tag, its seq, host)
        self._sleeping: list[tuple[float, str]] = []  # (wake time, host)
        self._host_last: dict[str, float] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: object) -> bool:
        return key in self.entries

    def tag(self, key: Hashable) -> float | None:
        entry = self.entries.get(key)
        return None if entry is None else entry[0]

    def push(self, key: Hashable, tag: float, earliest: float = -math.inf) -> None:
        """Queue ``key`` with ``tag``; it is not fetched before ``earliest`` (seconds)."""
        host = self._host.get(key)
        if host is None:
            # without politeness every key shares one heap
            host = self._host[key] = (self.host_gap > 0 and host_of(key)) or _NO_HOST
        seq = self._seq = self._seq + 1
        entry = self.entries[key] = (tag, seq, key, earliest)
        heap = self._heaps.get(host)
        if heap is None:
            heap = self._heaps[host] = []
        heapq.heappush(heap, entry)
        if self.host_gap > 0 and heap[0][1] == seq:  # new top of its host
            heapq.heappush(self._active, (tag, seq, host))

    def discard(self, key: Hashable) -> None:
        if self.entries.pop(key, None) is not None:
            self._host.pop(key, None)

    def _top(self, host: str) -> Entry | None:
        heap = self._heaps.get(host)
        entries = self.entries
        while heap:
            entry = heap[0]
            live = entries.get(entry[2])
            if live is not None and live[1] == entry[1]:
                return entry
            heapq.heappop(heap)  # stale: removed or re-queued
        return None

    def _wake(self, host: str) -> float | None:
        """When ``host`` may be fetched again, or None when it may be now."""
        if self.host_gap <= 0 or host == _NO_HOST:
            return None
        last = self._host_last.get(host)
        return None if last is None else last + self.host_gap

    def peek(self, now: float) -> tuple[Hashable, float] | None:
        """(key, fetch time) of the next fetch, or None when nothing is queued (the key's tag: :meth:`tag`)."""
        gate = self.last_fetch + self.min_gap
        gate = gate if gate >= now else now  # not max(): this runs per fetch
        if self.host_gap <= 0:  # fast path: one heap, nothing sleeps
            heap = self._one
            entries = self.entries
            while heap:
                entry = heap[0]
                key = entry[2]
                live = entries.get(key)
                if live is not None and live[1] == entry[1]:
                    earliest = entry[3]
                    return key, gate if gate >= earliest else earliest
                heapq.heappop(heap)
            return None
        active, sleeping = self._active, self._sleeping
        while sleeping and sleeping[0][0] <= gate:
            _, host = heapq.heappop(sleeping)
            top = self._top(host)
            if top is not None:
                heapq.heappush(active, (top[0], top[1], host))
        while active:
            _, seq, host = active[0]
            top = self._top(host)
            if top is None or top[1] != seq:
                heapq.heappop(active)
                if top is not None:
                    heapq.heappush(active, (top[0], top[1], host))
                continue
            wake = self._wake(host)
            if wake is not None and wake > gate:
                heapq.heappop(active)
                heapq.heappush(sleeping, (wake, host))
                continue
            return top[2], max(gate, top[3])
        while sleeping:
            wake, host = sleeping[0]
            top = self._top(host)
            if top is None:
                heapq.heappop(sleeping)
                continue
            return top[2], max(wake, gate, top[3])
        return None

    def requeue(self, key: Hashable, when: float, tag: float, earliest: float) -> None:
        """:meth:`fetched` at ``when``, then :meth:`push` (one call on the scheduler's hot path)."""
        if self.host_gap > 0:
            self.fetched(key, when)
            self.push(key, tag, earliest)
            return
        last = self.last_fetch
        self.last_fetch = when if when > last else last
        heap = self._one
        entries = self.entries
        live = entries.get(key)
        if heap and live is not None and heap[0][1] == live[1]:
            # the fetched key is the top of the one heap: replace it in one sift, not a push and
            # a pop (push inlined: this runs once per fetch)
            seq = self._seq = self._seq + 1
            entry = entries[key] = (tag, seq, key, earliest)
            heapq.heapreplace(heap, entry)
            return
        self.push(key, tag, earliest)

    def fetched(self, key: Hashable, when: float) -> None:
        """Record a fetch for the rate and politeness gates."""
        self.last_fetch = max(self.last_fetch, when)
        if self.host_gap <= 0:
            return
        host = self._host.get(key)
        if host and host != _NO_HOST:
            self._host_last[host] = max(self._host_last.get(host, -math.inf), when)
