"""The experiment of benchmarks/revisit_mixture.py: a page's posterior over its spread cut into
components, and the wait solved on their mixture (one component: the Normal forecast's own wait)."""

from __future__ import annotations

import math

from tests.helpers import bounded_spread_population, load_benchmark
from topiccrawl.revisit.model import PageModel
from topiccrawl.revisit.spread import SpreadPrior

mixture = load_benchmark("revisit_mixture")


def _population(pages: int = 800, seed: int = 4) -> SpreadPrior:
    prior = SpreadPrior()
    bounded_spread_population(prior, pages, seed)
    return prior


def _page(intervals: list[float]) -> PageModel:
    page = PageModel(anchor=0.0, anchor_var=100.0**2 / 12.0, intervals=intervals, last_fetch=0.0, born=-1e6)
    page.refit()
    return page


def test_the_components_carry_the_posterior_and_its_mean_square() -> None:
    prior = _population()
    for intervals in ([50000.0], [50000.0, 50400.0, 49800.0], [50000.0, 56000.0, 44000.0, 51000.0]):
        page = _page(intervals)
        k = len(intervals)
        nodes = mixture.spread_nodes(prior, page, 5)
        assert nodes is not None and 1 <= len(nodes) <= 5
        assert math.isclose(sum(w for w, _ in nodes), 1.0, rel_tol=1e-9)
        spreads = [sd for _, sd in nodes]
        assert spreads == sorted(spreads)  # cut in order of the spread
        # the mixture's mean square is the posterior mean of spread^2 (the scheduler's point estimate)
        mean_square = sum(w * (sd * sd - 2.0 * page.anchor_var) / (1.0 + 1.0 / k) for w, sd in nodes)
        assert math.isclose(mean_square, prior.variance(page.mu, k, page.ss), rel_tol=0.03)
    # intervals that agree closely pull the posterior to the population's low end; wild ones to its top
    tight = mixture.spread_nodes(prior, _page([50000.0, 50100.0, 49950.0, 50050.0, 50000.0]), 5)
    wild = mixture.spread_nodes(prior, _page([50000.0, 58000.0, 42000.0, 55000.0, 45000.0]), 5)
    assert max(sd for _, sd in tight) < min(sd for _, sd in wild)


def test_no_components_before_the_scatter_is_learned_or_beyond_the_calibrated_histories() -> None:
    assert mixture.spread_nodes(SpreadPrior(), _page([50000.0, 50400.0]), 5) is None
    assert mixture.spread_nodes(_population(), _page([50000.0] * 25), 5) is None


def test_one_component_waits_as_the_normal_forecast_does() -> None:
    page = PageModel(anchor=0.0, mu=50000.0, sigma=3000.0, w_exp=0.001, changes=3.0, exposure=150000.0)
    lam = page.lam(3600.0)
    for t0 in (1000.0, 35000.0, 44000.0, 49000.0, 50500.0, 56000.0):
        for theta in (0.5, 5.0, 50.0):
            expected = page.wait_for(t0, theta, 3600.0)
            got = mixture.mixture_wait(
                [(1.0, 3000.0)], origin=50000.0, t0=t0, w_exp=0.001, lam=lam, age=t0, theta=theta, cap=7 * 86400.0
            )
            assert math.isclose(got, expected, rel_tol=0.02), (t0, theta, got, expected)


def test_a_possible_wide_spread_polls_earlier_far_before_the_forecast() -> None:
    args = {"origin": 50000.0, "w_exp": 0.0, "lam": 1e-5, "theta": 5.0, "cap": 7 * 86400.0}
    narrow = mixture.mixture_wait([(1.0, 2000.0)], t0=35000.0, age=35000.0, **args)
    mixed = mixture.mixture_wait([(0.8, 2000.0), (0.2, 5000.0)], t0=35000.0, age=35000.0, **args)
    assert mixed < narrow
    # near the forecast the narrow component dominates and the two agree more closely
    near_narrow = mixture.mixture_wait([(1.0, 2000.0)], t0=49000.0, age=49000.0, **args)
    near_mixed = mixture.mixture_wait([(0.8, 2000.0), (0.2, 5000.0)], t0=49000.0, age=49000.0, **args)
    assert abs(near_mixed - near_narrow) / near_narrow < abs(mixed - narrow) / narrow
