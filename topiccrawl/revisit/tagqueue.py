"""A virtual-time queue with a global rate bound and per-host politeness.

Keys carry a *tag* in virtual time (not seconds): the key with the smallest tag
among hosts that may be fetched now goes next, as soon as the rate bound allows
(the fetcher never idles while something may be fetched). Each host has its own
queue of slots (:mod:`~topiccrawl.revisit.slotheap`); hosts fetched less than
``host_gap`` seconds ago sleep in a heap ordered by the time they wake, so a busy
host never blocks the others. Keys that are not URLs have no host and are never
held back.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Hashable
from typing import Final

from topiccrawl.revisit.queue import host_of, min_fetch_gap
from topiccrawl.revisit.slotheap import Slot, SlotHeap

_NO_HOST: Final = ""


class TagQueue:
    def __init__(self, max_rate: float, host_gap: float) -> None:
        self.min_gap = min_fetch_gap(max_rate, host_gap)
        self.host_gap = host_gap
        self.last_fetch = -math.inf
        self._seq = 0
        self._slots: dict[Hashable, Slot] = {}
        # keys without a host (all keys when host_gap is 0) share one queue, made up front
        # so the hot path finds it without a lookup
        self._one = SlotHeap()
        self._queues: dict[str, SlotHeap] = {_NO_HOST: self._one}
        # hosts by the tag of their first key. A host awake with keys has exactly one live entry here,
        # the one whose seq is in _listed; any other entry is dead and only popped. Without that, every
        # requeue of a host's first key left one more entry that later turned live again, and the heap
        # grew by one per fetch (a peek took milliseconds after ten thousand fetches)
        self._active: list[tuple[float, int, str]] = []  # (top tag, its seq, host)
        self._listed: dict[str, int] = {}  # host -> seq of its live entry in _active
        self._sleeping: list[tuple[float, str]] = []  # (wake time, host); a host is here at most once
        self._asleep: set[str] = set()  # the hosts in _sleeping
        self._host_last: dict[str, float] = {}
        self.head: Slot | None = None  # the slot of the key :meth:`peek` returned last

    def __len__(self) -> int:
        return len(self._slots)

    def __contains__(self, key: object) -> bool:
        return key in self._slots

    def tag(self, key: Hashable) -> float | None:
        slot = self._slots.get(key)
        return None if slot is None else slot.tag

    def push(self, key: Hashable, tag: float, earliest: float = -math.inf) -> Slot:
        """Queue ``key`` with ``tag`` (moving it if queued); it is not fetched before ``earliest``
        (seconds). Its slot is returned, for :meth:`requeue_slot`."""
        slot = self._slots.get(key)
        if slot is None:
            # without politeness every key shares one queue
            host = (self.host_gap > 0 and host_of(key)) or _NO_HOST
            slot = self._slots[key] = Slot(key, host)
        self._place(slot, tag, earliest)
        return slot

    def _queue(self, host: str) -> SlotHeap:
        queue = self._queues.get(host)
        if queue is None:
            queue = self._queues[host] = SlotHeap()
        return queue

    def _place(self, slot: Slot, tag: float, earliest: float) -> None:
        seq = self._seq = self._seq + 1
        slot.tag = tag
        slot.seq = seq
        slot.earliest = earliest
        queue = self._one if slot.host == _NO_HOST else self._queue(slot.host)
        queue.place(slot)
        if self.host_gap > 0 and queue.top() is slot:  # new first key of its host
            self._list(slot.host, slot)

    def discard(self, key: Hashable) -> None:
        slot = self._slots.pop(key, None)
        if slot is not None:
            self._queue(slot.host).remove(slot)
            if self.head is slot:
                self.head = None

    def _list(self, host: str, top: Slot) -> None:
        """Make ``top``'s the host's one live entry in the active heap, unless the host sleeps (it is
        listed again when it wakes)."""
        if host not in self._asleep:
            self._listed[host] = top.seq
            heapq.heappush(self._active, (top.tag, top.seq, host))

    def _top(self, host: str) -> Slot | None:
        queue = self._queues.get(host)
        return None if queue is None else queue.top()

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
        if self.host_gap <= 0:  # fast path: one queue, nothing sleeps
            slot = self.head = self._one.top()
            if slot is None:
                return None
            earliest = slot.earliest
            return slot.key, gate if gate >= earliest else earliest
        self.head = None
        active, sleeping = self._active, self._sleeping
        listed, asleep = self._listed, self._asleep
        while sleeping and sleeping[0][0] <= gate:
            _, host = heapq.heappop(sleeping)
            asleep.discard(host)
            top = self._top(host)
            if top is not None:
                self._list(host, top)
        while active:
            _, seq, host = active[0]
            if listed.get(host) != seq:  # dead: the host has a newer entry, or sleeps
                heapq.heappop(active)
                continue
            top = self._top(host)
            if top is None or top.seq != seq:  # its first key moved or left: list the new one
                heapq.heappop(active)
                del listed[host]
                if top is not None:
                    self._list(host, top)
                continue
            wake = self._wake(host)
            if wake is not None and wake > gate:
                heapq.heappop(active)
                del listed[host]
                asleep.add(host)
                heapq.heappush(sleeping, (wake, host))
                continue
            self.head = top
            return top.key, max(gate, top.earliest)
        while sleeping:
            wake, host = sleeping[0]
            top = self._top(host)
            if top is None:
                heapq.heappop(sleeping)
                asleep.discard(host)
                continue
            self.head = top
            return top.key, max(wake, gate, top.earliest)
        return None

    def requeue(self, key: Hashable, when: float, tag: float, earliest: float) -> None:
        """:meth:`fetched` at ``when``, then :meth:`push`."""
        slot = self._slots.get(key)
        if slot is None:
            self.fetched(key, when)
            self.push(key, tag, earliest)
        else:
            self.requeue_slot(slot, when, tag, earliest)

    def requeue_slot(self, slot: Slot, when: float, tag: float, earliest: float) -> None:
        """:meth:`requeue` by the key's slot (one call on the scheduler's hot path)."""
        if slot.pos < 0:  # discarded since (the key may be back, with a slot of its own)
            self.requeue(slot.key, when, tag, earliest)
            return
        self._record(slot.host, when)
        self._place(slot, tag, earliest)

    def fetched(self, key: Hashable, when: float) -> None:
        """Record a fetch for the rate and politeness gates."""
        host = _NO_HOST
        if self.host_gap > 0:
            slot = self._slots.get(key)
            host = slot.host if slot is not None else (host_of(key) or _NO_HOST)
        self._record(host, when)

    def _record(self, host: str, when: float) -> None:
        last = self.last_fetch
        self.last_fetch = when if when > last else last
        if self.host_gap > 0 and host != _NO_HOST:
            self._host_last[host] = max(self._host_last.get(host, -math.inf), when)
