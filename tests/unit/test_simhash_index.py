"""The permuted-table simhash index: finds everything within k bits, nothing beyond."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from topiccrawl.fingerprint import hamming
from topiccrawl.simhash_index import SimhashIndex

u64 = st.integers(min_value=0, max_value=(1 << 64) - 1)


def _flip(value: int, bits: list[int]) -> int:
    for bit in bits:
        value ^= 1 << bit
    return value


@settings(max_examples=200, deadline=None)
@given(
    stored=st.lists(u64, min_size=1, max_size=40),
    pick=st.integers(min_value=0),
    bits=st.lists(st.integers(0, 63), max_size=6, unique=True),
    k=st.integers(0, 4),
    buffered=st.booleans(),
)
def test_query_reports_exactly_the_stored_values_within_k(
    stored: list[int], pick: int, bits: list[int], k: int, buffered: bool
) -> None:
    index = SimhashIndex(k, buffer_size=64 if buffered else 1)
    for value in stored:
        index.add(value)
    query = _flip(stored[pick % len(stored)], bits)
    expected = sorted({v for v in stored if hamming(v, query) <= k})
    assert index.query_one(query) == expected


@settings(max_examples=50, deadline=None)
@given(stored=st.lists(u64, min_size=1, max_size=30), queries=st.lists(u64, min_size=1, max_size=10))
def test_batch_queries_agree_with_single_queries(stored: list[int], queries: list[int]) -> None:
    index = SimhashIndex(3)
    index.add_many(stored)
    qidx, values = index.query_many(queries)
    batch = {(int(q), int(v)) for q, v in zip(qidx, values, strict=True)}
    single = {(i, v) for i, q in enumerate(queries) for v in index.query_one(q)}
    assert batch == single


def test_planted_neighbours_found_among_many_random_values() -> None:
    rng = random.Random(5)
    stored = [rng.getrandbits(64) for _ in range(20_000)]
    index = SimhashIndex(3, buffer_size=1000)
    for value in stored:  # exercises many buffer merges
        index.add(value)
    assert len(index) == len(stored)
    for value in stored[:300]:
        bits = rng.sample(range(64), rng.randint(0, 3))
        assert value in index.query_one(_flip(value, bits))
        far = _flip(value, rng.sample(range(64), 4))
        assert all(hamming(v, far) <= 3 for v in index.query_one(far))


@pytest.mark.parametrize("blocks", [None, 5, 6])
def test_more_blocks_same_answers(blocks: int | None) -> None:
    rng = random.Random(blocks or 0)
    stored = [rng.getrandbits(64) for _ in range(2000)]
    index = SimhashIndex(3, blocks=blocks)
    index.add_many(stored)
    assert index.tables == {None: 4, 5: 10, 6: 20}[blocks]
    for value in stored[:100]:
        assert value in index.query_one(_flip(value, rng.sample(range(64), 3)))


def test_save_and_load_round_trip(tmp_path) -> None:
    rng = random.Random(9)
    stored = [rng.getrandbits(64) for _ in range(5000)] + [0, (1 << 64) - 1]
    index = SimhashIndex(3, buffer_size=128)
    for value in stored:
        index.add(value)  # some still in the buffer when saved
    path = tmp_path / "state" / "index.npz"
    index.save(path)
    loaded = SimhashIndex.load(path)
    assert loaded.k == 3 and len(loaded) == len(stored)
    assert np.array_equal(loaded.fingerprints(), np.sort(np.array(stored, dtype=np.uint64)))
    assert loaded.query_one(_flip(stored[7], [1, 2])) == [stored[7]]
    assert not path.with_name("index.npz.tmp").exists()


def test_invalid_parameters_are_rejected() -> None:
    with pytest.raises(ValueError, match="blocks"):
        SimhashIndex(3, blocks=3)
    with pytest.raises(ValueError, match="k must be"):
        SimhashIndex(-1)
