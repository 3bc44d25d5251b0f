"""The memoryless share of undecided pages, by pace (topiccrawl.revisit.regimes), and its use."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.revisit import LearnedScheduler
from topiccrawl.revisit.regimes import FIRST, PACE_BINS, RegimeShare, pace_bin

HOUR, DAY = 3600.0, 86400.0


@given(st.floats(0.0, 1e12), st.floats(1.0, 1e3))
def test_pace_bins_grow_with_the_mean_and_are_a_factor_of_two_wide(mean: float, factor: float) -> None:
    assert 0 <= pace_bin(mean) <= pace_bin(mean * factor) < PACE_BINS
    if mean >= FIRST and pace_bin(4.0 * mean) < PACE_BINS - 1:
        assert pace_bin(4.0 * mean) - pace_bin(mean) == 2


def test_with_no_page_decided_the_share_is_a_half() -> None:
    assert RegimeShare().share(DAY) == 0.5


def test_young_pages_take_the_share_of_pages_of_their_pace() -> None:
    regimes = RegimeShare()
    for _ in range(200):  # hourly pages that change at random ...
        regimes.count(1, pace_bin(HOUR), 1.0)
    for _ in range(200):  # ... and daily pages that keep a clock
        regimes.count(0, pace_bin(DAY), 1.0)
    assert math.isclose(regimes.population(), 201 / 402)
    assert regimes.share(HOUR) > 0.95
    assert regimes.share(DAY) < 0.05
    # a pace between them is between them; one no page has shown tends to the population's share
    assert regimes.share(DAY) < regimes.share(4 * HOUR) < regimes.share(HOUR)
    assert abs(regimes.share(1e9) - regimes.population()) < 0.01


@given(
    st.lists(st.tuples(st.integers(0, 1), st.floats(1.0, 1e8)), max_size=30),
    st.integers(0, 1),
    st.floats(1.0, 1e8),
    st.floats(1.0, 1e8),
)
def test_share_is_a_probability_and_a_page_uncounted_leaves_no_trace(
    pages: list[tuple[int, float]], regime: int, mean: float, at: float
) -> None:
    regimes = RegimeShare()
    for r, m in pages:
        regimes.count(r, pace_bin(m), 1.0)
    before = regimes.share(at)
    regimes.count(regime, pace_bin(mean), 1.0)
    assert 0.0 < regimes.share(at) < 1.0
    regimes.count(regime, pace_bin(mean), -1.0)
    assert math.isclose(regimes.share(at), before, rel_tol=1e-9)


def _feed(scheduler: LearnedScheduler, key: str, intervals: list[float]) -> None:
    """Fetches of ``key`` that bracket each change within a second."""
    t = 0.0
    scheduler.observe(key, t, False)
    for gap in intervals:
        scheduler.observe(key, t + gap - 0.5, False)
        t += gap
        scheduler.observe(key, t + 0.5, True)


def test_the_scheduler_counts_each_decided_page_once_in_the_bin_of_its_pace() -> None:
    s = LearnedScheduler()
    for i in range(3):
        s.add(f"clock-{i}", 0.0)
        _feed(s, f"clock-{i}", [DAY] * 6)
    s.add("young", 0.0)
    _feed(s, "young", [DAY, DAY])  # one interval
    regimes = s._regimes
    assert math.isclose(sum(regimes.periodic), 3.0) and sum(regimes.memoryless) == 0.0
    assert regimes.periodic[pace_bin(DAY)] == 3.0
    s.remove("clock-0")
    assert math.isclose(sum(regimes.periodic), 2.0)
    # a page state saved and loaded again is counted once, not twice
    s.import_state(s.export_state())
    assert math.isclose(sum(regimes.periodic), 2.0)
    # the undecided page leans on its pace's clocks, not on the share of a half with no decided page
    assert s._pages["young"].w_exp < 0.3
