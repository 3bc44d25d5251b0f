"""The bucketed slot heap gives the order of (tag, seq) whatever its width, and adapts the width."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from topiccrawl.revisit.slotheap import CHECK, HIGH, Slot, SlotHeap
from topiccrawl.revisit.tagqueue import TagQueue

TAGS = st.one_of(
    st.integers(-8, 40).map(lambda i: i / 4.0),  # many equal tags, some negative
    st.floats(-1e6, 1e6, allow_nan=False),
    st.sampled_from([math.inf, -math.inf, 1e300, -1e300, 0.0]),
)
OPS = st.lists(
    st.tuples(st.sampled_from(["place", "place", "move", "remove", "pop", "rebuild", "top"]), st.integers(0, 11), TAGS),
    max_size=120,
)


@given(OPS, st.floats(1e-3, 1e3))
@settings(max_examples=300)
def test_the_top_is_the_least_tag_then_seq_after_any_operations(ops, width: float) -> None:
    heap = SlotHeap(width)
    slots: dict[int, Slot] = {}
    queued: set[int] = set()
    for seq, (op, key, drawn) in enumerate(ops, start=1):
        tag = drawn
        if op in {"place", "move"} or (op == "pop" and queued):
            if op == "pop":  # the top goes to a later tag, as a fetched key does
                top = heap.top()
                assert top is not None
                slot = top
                later = top.tag + abs(drawn)
                tag = top.tag if math.isnan(later) else later
            elif op == "move" and queued:
                slot = slots[sorted(queued)[key % len(queued)]]
            else:
                slot = slots.setdefault(key, Slot(key, ""))
            slot.tag, slot.seq = tag, seq
            heap.place(slot)
            queued.add(slot.key)  # type: ignore[arg-type]
        elif op == "remove" and queued:
            gone = sorted(queued)[key % len(queued)]
            heap.remove(slots[gone])
            queued.discard(gone)
        elif op == "rebuild":
            heap.rebuild(width * (key + 1) / 3.0)
        assert len(heap) == len(queued)
        if op == "top":  # not after every operation: a look at the top refills the heap
            _check_top(heap, slots, queued)
    _check_top(heap, slots, queued)


def _check_top(heap: SlotHeap, slots: dict[int, Slot], queued: set[int]) -> None:
    top = heap.top()
    if queued:
        want = min(queued, key=lambda k: (slots[k].tag, slots[k].seq))
        assert top is slots[want]
    else:
        assert top is None


def test_the_width_follows_the_pace_tags_are_consumed_at() -> None:
    """Popped in order however fine the pace; the heap of the current bucket stays small once
    the width has been reset (it starts a million times too wide here)."""
    rng = random.Random(3)
    n, pace = 5000, 1e-6  # the tag advances 1e-6 per pop; waits are up to n pops ahead
    heap = SlotHeap(width=1.0)
    for i in range(n):
        slot = Slot(i, "")
        slot.tag, slot.seq = rng.uniform(0.0, n * pace), i
        heap.place(slot)
    seq, last, sizes = n, -math.inf, []
    for step in range(20 * CHECK):
        top = heap.top()
        assert top is not None and top.tag >= last
        last = top.tag
        seq += 1
        top.tag, top.seq = last + rng.uniform(0.0, 2 * n * pace), seq
        heap.place(top)
        if step > 10 * CHECK:
            sizes.append(len(heap.heap))
    assert len(heap) == n
    assert heap.width < 1e-3
    assert max(sizes) <= 4 * HIGH < n / 5


def test_tag_queue_moves_a_key_in_place_and_forgets_a_discarded_one() -> None:
    queue = TagQueue(max_rate=10.0, host_gap=0.0)
    slots = {key: queue.push(key, tag) for key, tag in zip("abc", (3.0, 1.0, 2.0), strict=True)}
    assert queue.peek(0.0) == ("b", 0.0) and queue.head is slots["b"]
    assert queue.push("b", 5.0) is slots["b"]  # re-queued: the same slot, moved
    assert queue.peek(0.0)[0] == "c"
    queue.discard("c")
    assert queue.head is None and slots["c"].pos == -1
    queue.requeue_slot(slots["c"], 1.0, 0.5, 0.0)  # a stale slot re-queues its key
    assert queue.peek(1.0)[0] == "c" and len(queue) == 3
