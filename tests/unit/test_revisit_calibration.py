"""The population calibration of periodic forecasts (topiccrawl.revisit.zhazard)."""

from __future__ import annotations

import itertools
import math
import random

from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.revisit import zhazard
from topiccrawl.revisit.zhazard import ZHazard, ZTable, _rising, wait_until

_NORMAL_AT_MINUS_3 = zhazard._PRIOR[zhazard._bin(-3.0)]


@given(st.lists(st.tuples(st.floats(0.0, 50.0), st.floats(0.01, 100.0)), min_size=1, max_size=40))
def test_rising_rates_never_fall_and_keep_the_events(data: list[tuple[float, float]]) -> None:
    events, exposure = [e for e, _ in data], [x for _, x in data]
    rates = _rising(events, exposure)
    assert len(rates) == len(data)
    assert all(a <= b * (1 + 1e-9) + 1e-12 for a, b in itertools.pairwise(rates))
    # pooling moves events between neighbours, never creates or loses them
    assert math.isclose(
        sum(r * x for r, x in zip(rates, exposure, strict=True)), sum(events), rel_tol=1e-9, abs_tol=1e-9
    )


@given(st.floats(-20.0, 20.0), st.floats(0.0, 20.0))
def test_exposure_is_conserved_across_bins(z0: float, span: float) -> None:
    table = ZTable()
    table.expose(z0, z0 + span)
    assert math.isclose(sum(table.exposure), span, rel_tol=1e-9, abs_tol=1e-9)


def _watch(table: ZTable, change_at: float, start: float = -8.0, step: float = 0.05) -> None:
    """A page polled every ``step`` z-units from ``start`` until it sees its change."""
    z = start
    while z + step < change_at:
        table.expose(z, z + step)
        z += step
    mid = z + 0.5 * step
    table.expose(z, mid)
    table.event(mid)


def test_learns_heavier_tails_than_the_normal_prior() -> None:
    # forecasts from few intervals: the true z of the change is Student-t with 3 degrees of freedom
    rng = random.Random(3)
    table = ZTable()
    for _ in range(4000):
        t = rng.gauss(0.0, 1.0) / math.sqrt(sum(rng.gauss(0.0, 1.0) ** 2 for _ in range(3)) / 3.0)
        _watch(table, t)
    table.refresh()
    tail = table.rates[zhazard._bin(-3.0)]
    # Student-t(3) hazard around z = -3 is about 0.024 per z-unit; the Normal's is 0.006
    assert 0.017 < tail < 0.032
    assert tail > 3 * _NORMAL_AT_MINUS_3
    # ... and the hazard left of the centre rises
    left = [table.rates[zhazard._bin(z / 10)] for z in range(-50, 1, 5)]
    assert left == sorted(left)


def test_keeps_the_normal_when_forecasts_are_right() -> None:
    rng = random.Random(4)
    table = ZTable()
    for _ in range(4000):
        _watch(table, rng.gauss(0.0, 1.0))
    table.refresh()
    for z in (-1.5, -0.5, 0.5):
        b = zhazard._bin(z)
        assert 0.7 * zhazard._PRIOR[b] < table.rates[b] < 1.3 * zhazard._PRIOR[b]


def test_strata_by_history_length_and_state_round_trip() -> None:
    hazard = ZHazard()
    hazard.observe(1, -2.0, -1.0, changed=True)
    hazard.observe(12, -2.0, -1.0, changed=False)
    assert math.isclose(sum(hazard.table(1).events), 1.0) and sum(hazard.table(1).exposure) > 0
    assert sum(hazard.table(12).events) == 0 and sum(hazard.table(12).exposure) == 1.0
    again = ZHazard()
    again.load(hazard.to_dict())
    assert again.to_dict() == hazard.to_dict()
    again.load({"tables": "nonsense"})  # malformed state is ignored, not fatal
    assert again.to_dict() == hazard.to_dict()


def test_a_stratum_with_little_data_borrows_the_tails_of_all_strata_pooled() -> None:
    # pages with many intervals show a heavy right tail (Student-t(3) errors); the pages with one
    # interval have seen nothing beyond z = 1.5, where alone they would keep the Normal
    rng = random.Random(5)
    hazard = ZHazard()
    deep = hazard.table(12)
    for _ in range(4000):
        _watch(deep, rng.gauss(0.0, 1.0) / math.sqrt(sum(rng.gauss(0.0, 1.0) ** 2 for _ in range(3)) / 3.0))
    young = hazard.table(1)
    for _ in range(1000):
        _watch(young, min(1.5, rng.gauss(0.0, 1.0)))
    hazard.refresh()
    b = zhazard._bin(2.5)
    assert deep.rates[b] < 0.6 * zhazard._PRIOR[b]  # the t's hazard at 2.5 is about a third of the Normal's
    assert young.rates[b] < 0.75 * zhazard._PRIOR[b]
    # where the stratum has data of its own, its own rates count
    b = zhazard._bin(-0.5)
    assert math.isclose(young.rates[b], young.events[b] / young.exposure[b], rel_tol=0.15)
    # a saved state loads to the same rates
    again = ZHazard()
    again.load(hazard.to_dict())
    assert again.table(1).rates == young.rates


def _brute_force_wait(table: ZTable, z0: float, sigma: float, *, theta: float, pn: float, lam: float) -> float:
    """C(d) integrated on a fine grid: first d where it reaches theta. (The grid is finer near
    t0: a wait of a second or two, on a page already past its forecast, falls inside one step of
    sigma / 2000, where the midpoint rule takes the quadratic C(d) for a linear one.)"""
    u = acc = 0.0
    base = table.cumulative(z0)
    while True:
        du = min(sigma * 0.0005, max(0.01, 0.01 * u))
        g = pn * (1 - math.exp(-(table.cumulative(z0 + (u + du / 2) / sigma) - base)))
        g += (1 - pn) * (1 - math.exp(-lam * (u + du / 2)))
        if acc + g * du >= theta:
            return u + (theta - acc) / g if g > 0 else u
        acc += g * du
        u += du


@given(
    st.floats(-7.0, 3.0),
    st.floats(500.0, 5000.0),
    st.floats(0.001, 5.0),
    st.floats(0.5, 1.0),
    st.floats(1e-6, 1e-4),
)
def test_wait_solves_the_expected_undetected_wait(z0: float, sigma: float, theta: float, pn: float, lam: float) -> None:
    table = ZTable()
    got = wait_until(table, z0, sigma, theta=theta, pn=pn, lam=lam, cap=1e9)
    want = _brute_force_wait(table, z0, sigma, theta=theta, pn=pn, lam=lam)
    assert math.isclose(got, want, rel_tol=0.03, abs_tol=0.5)


@given(st.floats(-20.0, 8.0), st.floats(0.001, 15.0), st.floats(0.0, 3.0))
def test_a_bracketed_change_keeps_one_event_and_at_most_the_brackets_exposure(
    z0: float, span: float, scale: float
) -> None:
    table = ZTable()
    table.rates = [r * scale for r in table.rates]  # any rates, zero ones included
    table.expose_event(z0, z0 + span)
    assert math.isclose(sum(table.events), 1.0, rel_tol=1e-9)
    assert 0.0 <= sum(table.exposure) <= span * (1 + 1e-9)
    # the event lies inside the bracket
    assert all(e == 0.0 for b, e in enumerate(table.events) if zhazard._upper(b) <= z0 or zhazard._edge(b) >= z0 + span)


def test_a_narrow_bracket_counts_as_its_midpoint() -> None:
    table, reference = ZTable(), ZTable()
    table.expose_event(-1.33, -1.31)
    reference.expose(-1.33, -1.32)
    reference.event(-1.32)
    assert all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(table.events, reference.events, strict=True))
    # the hazard hardly changes over 0.02 z-units: about half the bracket was watched
    assert all(math.isclose(a, b, rel_tol=1e-3) for a, b in zip(table.exposure, reference.exposure, strict=True))


def test_a_change_seen_after_a_long_gap_is_counted_where_the_hazard_puts_it() -> None:
    # the window's first fetch, 8 spreads after the last one, sees a change: the Normal puts it
    # near the bracket's right end, not at its midpoint (-6) where it would fake a far tail
    table = ZTable()
    table.expose_event(-10.0, -2.0)
    near = sum(table.events[zhazard._bin(-3.0) :])
    assert near > 0.9
    assert sum(table.events[: zhazard._bin(-5.0)]) < 1e-3
