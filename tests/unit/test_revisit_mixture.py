"""A young page's forecast as a mixture over its posterior spread: the spread prior's nodes, the
wait solved on their mixture, and the scheduler using them."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate
from scipy.stats import norm

from tests.helpers import bounded_spread_population, clockwork_pages
from topiccrawl.revisit import LearnedScheduler
from topiccrawl.revisit.mixture import Nodes, forecast_nodes, mixture_wait
from topiccrawl.revisit.model import PageModel, poisson_due
from topiccrawl.revisit.spread import NODES, TABLE_DOF, SpreadPrior
from topiccrawl.revisit.zhazard import CALIBRATED_FROM

CAP = 7 * 86400.0


def _population(pages: int = 800, seed: int = 4) -> SpreadPrior:
    prior = SpreadPrior()
    bounded_spread_population(prior, pages, seed)
    return prior


def _page(intervals: list[float]) -> PageModel:
    page = PageModel(anchor=0.0, anchor_var=100.0**2 / 12.0, intervals=intervals, last_fetch=0.0, born=-1e6)
    page.refit()
    return page


def test_the_nodes_carry_the_posterior_and_its_mean_square() -> None:
    prior = _population()
    for intervals in ([50000.0], [50000.0, 50400.0, 49800.0], [50000.0, 56000.0, 44000.0, 51000.0]):
        page = _page(intervals)
        k = len(intervals)
        nodes = prior.nodes(page.mu, k, page.ss)
        assert nodes is not None and len(nodes) == 2 * NODES
        masses, squares = nodes[0::2], nodes[1::2]
        assert math.isclose(sum(masses), 1.0, rel_tol=1e-9)
        # cut at equal mass, but the learned prior lumps its mass on a few grid points: parts are uneven
        assert all(m > 0.0 for m in masses)
        assert squares == sorted(squares)  # in order of the spread
        # their mean is the posterior mean of spread^2, the single-spread forecast's estimate
        mean_square = sum(m * s for m, s in zip(masses, squares, strict=True))
        assert math.isclose(mean_square, prior.variance(page.mu, k, page.ss), rel_tol=0.03)
    # intervals that agree closely pull the posterior to the population's low end; wild ones to its top
    tight = prior.nodes(50000.0, 5, 4 * 60.0**2)
    wild = prior.nodes(50000.0, 5, 4 * 6000.0**2)
    assert tight is not None and wild is not None
    assert max(tight[1::2]) < min(wild[1::2])


def test_no_nodes_before_the_scatter_is_learned_or_beyond_the_tabulated_histories() -> None:
    assert SpreadPrior().nodes(50000.0, 2, 400.0**2) is None
    assert _population().nodes(50000.0, TABLE_DOF + 2, 1e6) is None


def test_nodes_hold_up_to_the_priors_parts_and_give_them_back() -> None:
    for count in range(NODES + 1):
        pairs = [x for i in range(count) for x in (0.1 * (i + 1), 1000.0 * (i + 1))]
        nodes = Nodes(pairs)
        assert nodes.count == count and nodes.pairs() == pairs
    with pytest.raises(ValueError):
        Nodes([0.5, 1000.0] * (NODES + 1))
    with pytest.raises(ValueError):
        Nodes([0.5, 1000.0, 0.5])


def test_forecast_nodes_widen_each_spread_as_the_single_forecast_is_widened() -> None:
    page = _page([50000.0, 50400.0, 49800.0])
    nodes = forecast_nodes([0.5, 1000.0**2, 0.5, 3000.0**2], 3, page.anchor_var)
    assert nodes[0::2] == [0.5, 0.5]
    for spread, square in zip(nodes[1::2], (1000.0**2, 3000.0**2), strict=True):
        assert math.isclose(spread, math.sqrt(square * (1 + 1 / 3) + 2 * page.anchor_var), rel_tol=1e-6)
    assert forecast_nodes([0.0, 1000.0**2, 1.0, 2000.0**2], 3, 0.0)[0::2] == [1.0]  # an empty part is dropped


def test_one_node_waits_as_the_normal_forecast_does() -> None:
    page = PageModel(anchor=0.0, mu=50000.0, sigma=3000.0, w_exp=0.001, changes=3.0, exposure=150000.0)
    lam = page.lam(3600.0)
    for t0 in (1000.0, 35000.0, 44000.0, 49000.0, 50500.0, 56000.0):
        for theta in (0.5, 5.0, 50.0):
            expected = page.wait_for(t0, theta, 3600.0)
            got = mixture_wait(
                Nodes([1.0, 3000.0]), origin=50000.0, t0=t0, w_exp=0.001, lam=lam, age=t0, theta=theta, cap=CAP
            )
            assert math.isclose(got, expected, rel_tol=0.02), (t0, theta, got, expected)


def _expected_wait(nodes: list[float], *, origin: float, t0: float, w_exp: float, lam: float, d: float) -> float:
    """The expected undetected wait at t0 + d, by quadrature of the conditional law (the reference)."""
    weights, spreads = nodes[0::2], nodes[1::2]
    memoryless = w_exp * math.exp(-lam * t0)  # the last change at 0
    normal = [(1 - w_exp) * w * norm.sf(t0, origin, s) for w, s in zip(weights, spreads, strict=True)]
    total = memoryless + sum(normal)

    def changed_by(u: float) -> float:
        p = memoryless * -math.expm1(-lam * u)
        for w, s in zip(weights, spreads, strict=True):
            p += (1 - w_exp) * w * (norm.cdf(t0 + u, origin, s) - norm.cdf(t0, origin, s))
        return p / total

    points = [max(0.0, origin + z * s - t0) for s in spreads for z in (-1.0, 0.0, 1.0)]
    return integrate.quad(changed_by, 0.0, d, points=[p for p in points if 0 < p < d] or None, limit=200)[0]


@settings(max_examples=150, deadline=None)
@given(
    weights=st.lists(st.floats(0.05, 1.0), min_size=1, max_size=5),
    widest=st.floats(500.0, 8000.0),
    z=st.floats(-8.0, 4.0),
    w_exp=st.sampled_from([0.0, 0.001, 0.05, 0.5]),
    lam=st.sampled_from([1e-6, 1e-5, 1e-4]),
    theta=st.floats(0.05, 500.0),
)
def test_the_wait_brings_the_expected_undetected_wait_to_theta(
    *, weights: list[float], widest: float, z: float, w_exp: float, lam: float, theta: float
) -> None:
    spreads = [widest * (i + 1) / len(weights) for i in range(len(weights))]
    total = sum(weights)
    nodes = [x for w, s in zip(weights, spreads, strict=True) for x in (w / total, s)]
    origin = 50000.0
    t0 = origin + z * widest
    d = mixture_wait(Nodes(nodes), origin=origin, t0=t0, w_exp=w_exp, lam=lam, age=t0, theta=theta, cap=CAP)
    assert 0.0 < d <= CAP
    if d < CAP:  # the fast path's linear density and Newton's tolerance both stay within a few percent
        got = _expected_wait(nodes, origin=origin, t0=t0, w_exp=w_exp, lam=lam, d=d)
        assert math.isclose(got, theta, rel_tol=0.03), (d, got, theta)


def test_a_page_without_a_normal_part_waits_as_a_poisson_page() -> None:
    nodes = [0.5, 2000.0, 0.5, 4000.0]
    for theta in (0.5, 50.0):
        got = mixture_wait(Nodes(nodes), origin=5e4, t0=4e4, w_exp=1.0, lam=1e-5, age=4e4, theta=theta, cap=CAP)
        assert got == poisson_due(theta, 1e-5)


def test_a_possible_wide_spread_polls_earlier_far_before_the_forecast() -> None:
    args = {"origin": 50000.0, "w_exp": 0.0, "lam": 1e-5, "theta": 5.0, "cap": CAP}
    narrow = mixture_wait(Nodes([1.0, 2000.0]), t0=35000.0, age=35000.0, **args)
    mixed = mixture_wait(Nodes([0.8, 2000.0, 0.2, 5000.0]), t0=35000.0, age=35000.0, **args)
    assert mixed < narrow
    # near the forecast the narrow component dominates and the two agree more closely
    near_narrow = mixture_wait(Nodes([1.0, 2000.0]), t0=49000.0, age=49000.0, **args)
    near_mixed = mixture_wait(Nodes([0.8, 2000.0, 0.2, 5000.0]), t0=49000.0, age=49000.0, **args)
    assert abs(near_mixed - near_narrow) / near_narrow < abs(mixed - narrow) / narrow


def _clockwork_crawl(scheduler: LearnedScheduler, pages: int = 60, changes: int = 6) -> None:
    """Pages changing every 20000-40000 s with spreads of 1000-4000 s, each fetched just before and
    just after each change, in rounds (so the spread prior is learned before the last round)."""
    clocks = clockwork_pages(scheduler, pages)
    last = [0.0] * pages
    for j in range(changes):
        for i, (mean, spread) in enumerate(clocks):
            change = last[i] = last[i] + mean + spread * math.sin(1.7 * j + i)
            scheduler.observe(f"p{i}", change - 30.0, False)
            scheduler.observe(f"p{i}", change + 30.0, True)


def test_young_pages_are_forecast_as_a_mixture_once_the_spread_prior_is_learned() -> None:
    mixed, single = LearnedScheduler(spread_mixture=True), LearnedScheduler(spread_mixture=False)
    for scheduler in (mixed, single):
        _clockwork_crawl(scheduler)
    young = [page for page in mixed._pages.values() if 0 < len(page.intervals) < CALIBRATED_FROM]
    assert young and all(page.nodes is not None and page.nodes.count >= 2 for page in young)
    assert all(page.nodes is None for page in single._pages.values())
    # the two schedulers learned the same pages and forecast them differently
    assert [p.intervals for p in mixed._pages.values()] == [p.intervals for p in single._pages.values()]
    key = "p5"
    t0 = mixed._pages[key].anchor + 0.8 * mixed._pages[key].mu  # type: ignore[operator]
    mixed.observe(key, t0, False)
    single.observe(key, t0, False)
    assert mixed.export_state()["pages"][key]["due_in"] != single.export_state()["pages"][key]["due_in"]  # type: ignore[index]


def test_a_restored_scheduler_forecasts_its_young_pages_as_a_mixture_again() -> None:
    scheduler = LearnedScheduler(spread_mixture=True)
    _clockwork_crawl(scheduler)
    restored = LearnedScheduler(spread_mixture=True)
    restored.import_state(scheduler.export_state())
    for key, page in scheduler._pages.items():
        again = restored._pages[key].nodes
        assert (page.nodes is None) == (again is None)
        if page.nodes is not None and again is not None:
            # the restored prior is learned from a cold start: close, not identical
            assert again.count == page.nodes.count
            for a, b in zip(again.pairs()[1::2], page.nodes.pairs()[1::2], strict=True):
                assert math.isclose(a, b, rel_tol=0.25)
