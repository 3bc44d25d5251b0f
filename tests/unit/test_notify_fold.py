from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.notify.fold import Queued, fold_key, plan_batches


def q(channel: int, key: str, t: float, name: str) -> Queued[str]:
    return Queued(channel, key, t, name)


def test_fold_key_per_watch_or_per_spider_and_host() -> None:
    assert fold_key(7, "http://a/", "monitor") == "watch:7"
    assert fold_key(None, "http://h.example/x", "follow") == fold_key(None, "http://h.example/y", "follow")
    assert fold_key(None, "http://h.example/x", "follow") != fold_key(None, "http://other/x", "follow")


def test_burst_of_one_watch_becomes_one_message_per_channel() -> None:
    queued = [q(1, "watch:1", 100.0 + i, f"e{i}") for i in range(5)] + [q(2, "watch:1", 101.0, "f")]
    batches = plan_batches(queued, now=200.0, window=30.0)
    assert sorted([x.payload for x in b] for b in batches) == [["e0", "e1", "e2", "e3", "e4"], ["f"]]


def test_window_holds_young_groups_and_flush_sends_them() -> None:
    queued = [q(1, "watch:1", 100.0, "old"), q(1, "watch:2", 190.0, "young")]
    held = plan_batches(queued, now=200.0, window=30.0)
    assert [[x.payload for x in b] for b in held] == [["old"]]
    flushed = plan_batches(queued, now=200.0, window=30.0, flush=True)
    assert sorted(x.payload for b in flushed for x in b) == ["old", "young"]


def test_large_groups_are_split_oldest_first() -> None:
    queued = [q(1, "k", float(i), str(i)) for i in range(7)]
    batches = plan_batches(queued, now=100.0, window=0.0, max_batch=3)
    assert [[x.payload for x in b] for b in batches] == [["0", "1", "2"], ["3", "4", "5"], ["6"]]


@given(
    st.lists(st.tuples(st.integers(1, 3), st.sampled_from(["a", "b", "c"]), st.floats(0, 100)), max_size=60),
    st.integers(1, 10),
)
def test_flush_puts_every_entry_in_exactly_one_homogeneous_batch(
    rows: list[tuple[int, str, float]], max_batch: int
) -> None:
    queued = [q(c, k, t, str(i)) for i, (c, k, t) in enumerate(rows)]
    batches = plan_batches(queued, now=0.0, window=1e9, max_batch=max_batch, flush=True)
    assert sorted(x.payload for b in batches for x in b) == sorted(str(i) for i in range(len(rows)))
    for b in batches:
        assert 1 <= len(b) <= max_batch
        assert len({(x.channel_id, x.fold_key) for x in b}) == 1
