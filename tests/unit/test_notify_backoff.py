from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.notify.backoff import Backoff


def test_doubles_until_the_cap_without_jitter() -> None:
    b = Backoff(base=2.0, cap=60.0, jitter=0.0)
    assert [b.delay(n) for n in range(8)] == [0.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0]


@given(st.integers(min_value=1, max_value=10_000), st.integers(min_value=0, max_value=2**32))
def test_jittered_delay_stays_within_bounds(failures: int, seed: int) -> None:
    b = Backoff(base=30.0, cap=3600.0, jitter=0.1)
    d = b.delay(failures, random.Random(seed))
    nominal = min(3600.0, 30.0 * 2 ** min(failures - 1, 62))
    assert 0.9 * nominal - 1e-9 <= d <= min(3600.0, 1.1 * nominal) + 1e-9
