"""The reference schedulers of benchmarks/revisit_bayes.py: their wait and posterior are right."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.helpers import load_benchmark
from topiccrawl.revisit import LearnedScheduler

for _name in ("revisit_sim", "revisit_oracles"):
    load_benchmark(_name)
bayes = load_benchmark("revisit_bayes")


def _normal_cdf(x: np.ndarray, mean: float, sd: float) -> np.ndarray:
    return np.array([0.5 * math.erfc(-(v - mean) / (sd * math.sqrt(2.0))) for v in x])


def _waited(cdf, t0: float, d: float, steps: int = 20000) -> float:
    """Expected undetected wait over [t0, t0 + d] given no update by t0, by the midpoint rule."""
    f0 = cdf(t0)
    du = d / steps
    return sum(cdf(t0 + (k + 0.5) * du) - f0 for k in range(steps)) * du / (1.0 - f0)


@pytest.mark.parametrize(("t0", "theta"), [(60000.0, 0.3), (95000.0, 5.0), (99000.0, 0.3), (103000.0, 30.0)])
def test_the_tabulated_wait_meets_theta(t0: float, theta: float) -> None:
    mean, sd = 100000.0, 3000.0
    x = np.arange(50000.0, 150000.0, 10.0)
    predictive = bayes.Predictive(50000.0, 10.0, _normal_cdf(x, mean, sd))
    d = predictive.wait(t0, theta)
    assert d is not None

    def cdf(t: float) -> float:
        return 0.5 * math.erfc(-(t - mean) / (sd * math.sqrt(2.0)))

    assert _waited(cdf, t0, d) == pytest.approx(theta, rel=0.03)


def test_a_wait_past_the_laws_end_is_counted_and_answered_as_for_an_hourly_poisson_page() -> None:
    x = np.arange(50000.0, 150000.0, 10.0)
    predictive = bayes.Predictive(50000.0, 10.0, _normal_cdf(x, 100000.0, 3000.0))
    assert predictive.wait(200000.0, 0.3) is None
    surprises = bayes.Surprises()
    assert surprises.wait(predictive, 200000.0, 0.3) == bayes.poisson_due(0.3, 1.0 / bayes.L)
    assert surprises.wait(predictive, 90000.0, 0.3) > 0.0
    assert surprises.count == 1


def test_the_posterior_of_a_clockwork_page_centres_on_its_next_update() -> None:
    rng = np.random.default_rng(3)
    mean, sd = 50000.0, 2000.0
    gaps = rng.normal(mean, sd, size=30)
    times = list(20000.0 + np.concatenate(([0.0], np.cumsum(gaps))))
    predictive = bayes.after_many(times, [30.0] * len(times), floor=19000.0, step=10.0)
    grid = predictive.x0 + np.arange(predictive.n) * predictive.h
    cdf = np.asarray(predictive.F)
    median = grid[np.searchsorted(cdf, 0.5)]
    spread = grid[np.searchsorted(cdf, 0.8413)] - median
    # the sample's mean and spread, widened a little for the uncertainty of both
    assert abs(median - (times[-1] + gaps.mean())) < 50.0
    assert gaps.std(ddof=1) < spread < 1.1 * gaps.std(ddof=1)


def test_after_one_change_the_next_update_comes_after_the_first_changes_age() -> None:
    # the first update at a uniform phase: a page that first changed 100000 s after it was
    # first fetched has a mean interval above that, so its next update is unlikely sooner
    predictive = bayes.after_one(150000.0, 60.0, floor=100000.0)
    grid = predictive.x0 + np.arange(predictive.n) * predictive.h
    cdf = np.asarray(predictive.F)
    assert cdf[np.searchsorted(grid, 150000.0 + 90000.0)] < 0.01
    assert cdf[np.searchsorted(grid, 150000.0 + 360000.0 + 20000.0)] > 0.99


def test_told_young_waits_on_the_exact_law_only_for_the_states_it_is_told() -> None:
    young = load_benchmark("revisit_young")
    told_never = young.ToldYoung(frozenset({"never"}))
    told_once = young.ToldYoung(frozenset({"ratio", "after"}))
    plain = LearnedScheduler()
    for sched in (told_never, told_once, plain):
        sched.add(1, 0.0)
        sched.observe(1, 0.0, False)
        sched.observe(1, 500.0, False)  # never seen to change
    theta = 0.5
    exact = bayes.Surprises().wait(bayes.first_update(), 500.0, theta)
    learned = plain._wait(plain._pages[1], 500.0, theta)
    assert told_never._wait(told_never._pages[1], 500.0, theta) == pytest.approx(exact)
    assert told_once._wait(told_once._pages[1], 500.0, theta) == pytest.approx(learned)
    assert exact != pytest.approx(learned, rel=1e-3)  # the two waits differ, so the test tells them apart
    # seen to change once, at 10000 s: only the scheduler told that state waits on the exact law
    for sched in (told_never, told_once, plain):
        sched.observe(1, 10000.0, True)
    page = told_once._pages[1]
    law = bayes.after_one(
        page.anchor, math.sqrt(12.0 * page.anchor_var), page.anchor - 0.5 * math.sqrt(12.0 * page.anchor_var)
    )
    assert told_once._wait(page, 12000.0, theta) == pytest.approx(bayes.Surprises().wait(law, 12000.0, theta))
    assert told_never._wait(told_never._pages[1], 12000.0, theta) == pytest.approx(
        plain._wait(plain._pages[1], 12000.0, theta)
    )
    assert told_once._wait(page, 12000.0, theta) != pytest.approx(
        plain._wait(plain._pages[1], 12000.0, theta), rel=1e-3
    )
