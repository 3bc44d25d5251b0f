"""An indexed priority queue of slots ordered by (tag, seq), bucketed by tag.

A revisit queue pops the key with the smallest tag and pushes it back with a later
one, once per fetch, over every watched key. In a binary heap over all keys each of
those moves walks about log2(n) levels, and at n = 10000 most of them end near the
bottom (a new tag lies a whole polling interval ahead): 14 slots read from all over
memory per fetch. Here only the slots whose tags fall in the current *bucket*
(``floor(tag / width)``) are kept in a binary heap; later ones wait unordered in
their bucket's list, and a bucket is heapified when the heap runs dry and it is the
next. A move costs an append, and the heap stays small and in cache.

The order is exact: buckets split the tags by value, so every slot in the heap
comes before every slot in a bucket, and equal tags share a bucket, where the
sequence number orders them. The width follows the pace at which tags are consumed:
every ``CHECK`` placements it is reset to about ``TARGET`` pops per bucket when the
measured number has left ``[LOW, HIGH]`` (a rebuild, O(n), rare once the crawl's pace
settles). Arbitrary moves and removals are O(1) in a bucket and O(log m) in the heap.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Hashable
from typing import Final, final

TARGET: Final = 32.0  # pops per bucket the width aims at
LOW: Final = 8.0  # pops per bucket below which the width is reset
HIGH: Final = 128.0  # and above which
CHECK: Final = 4096  # placements between two checks of the width
LIMIT: Final = 1.0e18  # |tag / width| beyond which tags share an end bucket (bucket indices stay machine ints)


@final
class Slot:
    """A queued key: its tag, its sequence number (ties between equal tags go in the order they
    were set), and where it sits. ``owner`` is whatever the queue's user keeps with the key."""

    __slots__ = ("bucket", "earliest", "host", "in_heap", "key", "owner", "pos", "seq", "tag")

    def __init__(self, key: Hashable, host: str) -> None:
        self.key = key
        self.owner: object = None
        self.host = host
        self.tag = 0.0
        self.seq = 0
        self.earliest = -math.inf  # not fetched before (seconds)
        self.pos = -1  # index in the heap or in its bucket; -1 when not queued
        self.bucket = 0
        self.in_heap = False


def _before(a: Slot, b: Slot) -> bool:
    return a.tag < b.tag or (a.tag == b.tag and a.seq < b.seq)


def _sift_up(heap: list[Slot], pos: int) -> None:
    slot = heap[pos]
    while pos > 0:
        up = (pos - 1) >> 1
        parent = heap[up]
        if not _before(slot, parent):
            break
        heap[pos] = parent
        parent.pos = pos
        pos = up
    heap[pos] = slot
    slot.pos = pos


def _sift_down(heap: list[Slot], pos: int) -> None:
    n = len(heap)
    slot = heap[pos]
    while True:
        child = 2 * pos + 1
        if child >= n:
            break
        least = heap[child]
        if child + 1 < n:
            right = heap[child + 1]
            if _before(right, least):
                child += 1
                least = right
        if not _before(least, slot):
            break
        heap[pos] = least
        least.pos = pos
        pos = child
    heap[pos] = slot
    slot.pos = pos


def _restore(heap: list[Slot], pos: int) -> None:
    """Put the slot at ``pos``, whose tag or seq changed, back in order."""
    if pos > 0 and _before(heap[pos], heap[(pos - 1) >> 1]):
        _sift_up(heap, pos)
    else:
        _sift_down(heap, pos)


class SlotHeap:
    """Slots by (tag, seq): :meth:`top`, :meth:`place` (insert, or move after the tag or seq
    changed) and :meth:`remove`."""

    def __init__(self, width: float = 1.0) -> None:
        self.heap: list[Slot] = []  # the slots of buckets <= cur, a binary heap
        self.cur = -(1 << 61)  # the bucket the heap was last refilled from
        self.width = width
        self._inv = 1.0 / width
        self.buckets: dict[int, list[Slot]] = {}  # later buckets, unordered
        self._order: list[int] = []  # heap of bucket indices (stale ones skipped)
        self.size = 0
        self._placed = 0
        self._refills = 0

    def __len__(self) -> int:
        return self.size

    def index(self, tag: float) -> int:
        x = tag * self._inv
        if x < LIMIT and x > -LIMIT:
            i = int(x)
            return i - 1 if float(i) > x else i
        return -(1 << 60) if x <= -LIMIT else 1 << 60  # +-inf; NaN goes last

    def top(self) -> Slot | None:
        heap = self.heap
        if heap:
            return heap[0]
        order = self._order
        buckets = self.buckets
        while order:
            b = heapq.heappop(order)
            bucket = buckets.pop(b, None)
            if not bucket:
                continue  # emptied by removals (and dropped)
            self.cur = b
            self._refills += 1
            for i, slot in enumerate(bucket):
                slot.pos = i
                slot.in_heap = True
            self.heap = heap = bucket
            for i in range(len(heap) // 2 - 1, -1, -1):
                _sift_down(heap, i)
            return heap[0]
        return None

    def place(self, slot: Slot) -> None:
        """Insert ``slot``, or move it after its tag or seq changed."""
        self._placed += 1
        if self._placed >= CHECK:
            self._check_width()
        b = self.index(slot.tag)
        if slot.pos >= 0:
            if slot.in_heap:
                if b <= self.cur:
                    _restore(self.heap, slot.pos)
                    return
                self._heap_remove(slot)
            elif b == slot.bucket:
                return
            else:
                self._bucket_remove(slot)
        else:
            self.size += 1
        self._put(slot, b)

    def _put(self, slot: Slot, b: int) -> None:
        if b <= self.cur:
            heap = self.heap
            slot.in_heap = True
            heap.append(slot)
            _sift_up(heap, len(heap) - 1)
            return
        slot.in_heap = False
        slot.bucket = b
        bucket = self.buckets.get(b)
        if bucket is None:
            bucket = self.buckets[b] = []
            heapq.heappush(self._order, b)
        slot.pos = len(bucket)
        bucket.append(slot)

    def remove(self, slot: Slot) -> None:
        if slot.pos < 0:
            return
        if slot.in_heap:
            self._heap_remove(slot)
        else:
            self._bucket_remove(slot)
        slot.pos = -1
        self.size -= 1

    def _heap_remove(self, slot: Slot) -> None:
        heap = self.heap
        last = heap.pop()
        if last is not slot:
            heap[slot.pos] = last
            last.pos = slot.pos
            _restore(heap, slot.pos)

    def _bucket_remove(self, slot: Slot) -> None:
        bucket = self.buckets[slot.bucket]
        last = bucket.pop()
        if last is not slot:
            bucket[slot.pos] = last
            last.pos = slot.pos
        if not bucket:
            del self.buckets[slot.bucket]

    def slots(self) -> list[Slot]:
        out = list(self.heap)
        for bucket in self.buckets.values():
            out.extend(bucket)
        return out

    def _check_width(self) -> None:
        per = self._placed / (self._refills if self._refills > 0 else 1)
        self._placed = 0
        self._refills = 0
        if per > HIGH or (per < LOW and self.size > 4 * TARGET):
            factor = TARGET / per
            self.rebuild(self.width * min(32.0, max(1.0 / 32.0, factor)))

    def rebuild(self, width: float) -> None:
        """Re-bucket every slot at ``width`` (kept within [1e-200, 1e200])."""
        slots = self.slots()
        self.width = min(1.0e200, max(1.0e-200, width))
        self._inv = 1.0 / self.width
        self.heap = []
        self.buckets = {}
        self._order = []
        self.cur = -(1 << 61)
        for slot in slots:
            self._put(slot, self.index(slot.tag))
