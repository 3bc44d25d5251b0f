"""Population priors of the learned scheduler: age hazards and the spread prior."""

from __future__ import annotations

import math
import random

from hypothesis import example, given
from hypothesis import strategies as st

from tests.helpers import bounded_spread_population
from topiccrawl.revisit.hazard import AgeHazard, YoungHazards, age_bin, hazard_rate
from topiccrawl.revisit.insurance import EARLY_Z, Insurance, early_probability
from topiccrawl.revisit.spread import DEFAULT_CV, SpreadPrior, conjugate_variance


@given(st.floats(0.0, 1e7), st.floats(0.0, 1e7))
def test_exposure_is_conserved_across_bins(a: float, b: float) -> None:
    hazard = AgeHazard()
    hazard.expose(min(a, b), max(a, b))
    assert math.isclose(sum(hazard.exposure), abs(a - b), rel_tol=1e-9, abs_tol=1e-6)


def test_hazard_recovers_a_constant_rate_from_censored_waits() -> None:
    rng = random.Random(1)
    hazard = AgeHazard()
    rate = 1.0 / 5000.0
    for _ in range(4000):
        wait, censor = rng.expovariate(rate), rng.uniform(0, 20000)
        hazard.expose(0.0, min(wait, censor))
        if wait < censor:
            hazard.event(wait)
    for age in (500.0, 3000.0, 8000.0):
        assert 0.7 * rate < hazard_rate((hazard,), age_bin(age), 1.0) < 1.4 * rate


def test_hazard_of_a_periodic_population_is_low_early_and_high_late() -> None:
    hazard = AgeHazard()
    for period in range(3600, 36000, 100):  # every page changes exactly once, at its period
        hazard.expose(0.0, period)
        hazard.event(period)
    early, late = (hazard_rate((hazard,), age_bin(age), 1e-4) for age in (1800.0, 30000.0))
    assert late > 10 * early


def test_slow_first_changes_predict_slow_second_changes() -> None:
    young = YoungHazards()
    for fast in range(200):  # fast pages: first change at 10 min, next 20 min later
        young.observe(600.0 + fast, 0.0, 1200.0, True)
    for slow in range(200):  # slow pages: first change at 1 day, none in the next 2 h
        young.observe(86400.0 + slow, 0.0, 7200.0, False)
    assert young.rate(86400.0, 1200.0, 1e-4) < 0.1 * young.rate(600.0, 1200.0, 1e-4)


def test_spread_prior_follows_the_population_scaling() -> None:
    constant, relative = SpreadPrior(), SpreadPrior()
    assert math.isclose(constant.predict(1000.0), DEFAULT_CV * 1000.0)  # nothing learned yet
    for i, mean in enumerate([3600.0 * 1.5**j for j in range(12)]):
        constant.update(f"p{i}", mean, 3000.0, 3.0)
        relative.update(f"p{i}", mean, 0.1 * mean, 3.0)
    assert math.isclose(constant.predict(1e5), 3000.0, rel_tol=1e-6)
    assert math.isclose(relative.predict(1e5), 1e4, rel_tol=1e-6)
    relative.update("p0", 3600.0, 3600.0, 3.0)  # replaced, not added
    for i in range(12):
        relative.discard(f"p{i}")
    assert math.isclose(relative.predict(1000.0), DEFAULT_CV * 1000.0)


def test_spread_prior_learns_how_far_the_population_scatters_and_predicts_better_for_it() -> None:
    prior = SpreadPrior()
    bounded_spread_population(prior, 1500, seed=3)
    # fresh pages of the same population, with 1-5 degrees of freedom each: the log score
    # of each one's next interval under the predicted spread (a proper scoring rule)
    rng = random.Random(103)
    learned = line = 0.0
    for _ in range(4000):
        sigma, dof, mean = rng.uniform(1000.0, 5000.0), rng.randint(1, 5), rng.uniform(3600.0, 360000.0)
        ss = sigma * sigma * 2.0 * rng.gammavariate(dof / 2.0, 1.0)
        x = rng.gauss(0.0, sigma)
        for var, learned_one in (
            (prior.variance(mean, dof + 1, ss), True),
            (conjugate_variance(prior.predict(mean), dof + 1, ss), False),
        ):
            score = -0.5 * math.log(var) - x * x / (2.0 * var)
            if learned_one:
                learned += score
            else:
                line += score
    assert (learned - line) / 4000 > 0.015  # nats per page (0.02-0.04 across seeds)
    # with nothing of its own a page gets the population's mean square, between its bounds
    assert 2500.0 < math.sqrt(prior.variance(50000.0, 1, 0.0)) < 3500.0


def test_a_page_with_many_intervals_keeps_a_spread_unlike_the_populations() -> None:
    prior = SpreadPrior()
    bounded_spread_population(prior, 1500, seed=4)
    assert math.sqrt(prior.variance(50000.0, 31, 30 * 20000.0**2)) > 15000.0


def test_spread_prior_uses_the_line_alone_until_it_has_pages_enough_to_learn_the_scatter() -> None:
    prior = SpreadPrior()
    bounded_spread_population(prior, 10, seed=5)
    for k, ss in ((1, 0.0), (3, 2 * 800.0**2), (12, 11 * 4000.0**2)):
        assert prior.variance(20000.0, k, ss) == conjugate_variance(prior.predict(20000.0), k, ss)


def test_insurance_follows_how_often_clocks_change_far_before_their_forecast() -> None:
    punctual, erratic = Insurance(), Insurance()
    assert math.isclose(punctual.weight, 0.001)  # the prior: one broken clock in a thousand changes
    rng = random.Random(2)
    for i in range(20000):
        punctual.observe(rng.gauss(0.0, 1.0))
        erratic.observe(-6.0 if i % 50 == 0 else rng.gauss(0.0, 1.0))  # 2% come hours early
    assert punctual.weight < 0.0002
    assert 0.015 < erratic.weight < 0.025
    restored = Insurance()
    restored.load(erratic.to_dict())
    assert restored.weight == erratic.weight
    restored.load({"early": 5.0, "changes": 1.0})  # impossible counts are ignored
    assert restored.weight == erratic.weight


def test_insurance_learns_from_the_first_days_of_a_small_crawl() -> None:
    # a crawl of 1000 pages sees a hundred or so calibrated changes a day: the prior must not
    # outweigh them, either way
    punctual, erratic = Insurance(), Insurance()
    rng = random.Random(3)
    for i in range(300):
        punctual.observe(rng.gauss(0.0, 1.0))
        erratic.observe(-6.0 if i % 20 == 0 else rng.gauss(0.0, 1.0))  # 5% come hours early
    assert punctual.weight < 0.0005  # a prior worth 1000 changes would still say 0.08%
    assert erratic.weight > 0.02  # and 0.6% here


@given(st.floats(-30.0, 5.0), st.floats(0.0, 20.0), st.floats(0.0, 0.5), st.floats(0.0, 2.0))
@example(EARLY_Z, 0.0, 0.0, 0.0)  # found by Hypothesis: both rules applied at the boundary
def test_early_probability_is_a_probability_and_certain_outside_the_bracket(
    z0: float, span: float, weight: float, rate: float
) -> None:
    p = early_probability(z0, z0 + span, weight=weight, rate=rate, anchor=z0 - 1.0)
    assert 0.0 <= p <= 1.0
    if z0 + span <= EARLY_Z:  # a bracket ending at EARLY_Z, even one of no width there, is early
        assert p == 1.0
    elif z0 >= EARLY_Z:
        assert p == 0.0


def test_a_change_seen_by_the_windows_first_fetch_is_not_a_broken_clock() -> None:
    # fetched at -9.7 and -3.1 spreads: the midpoint says -6.4, but a Normal puts 97% of such
    # changes after -4; a bracket wholly before -4 is early for sure
    p = early_probability(-9.7, -3.1, weight=1e-4, rate=0.01, anchor=-30.0)
    assert 0.0 < p < 0.05
    assert early_probability(-12.0, -5.0, weight=1e-4, rate=0.01, anchor=-30.0) == 1.0
    # with much insurance the memoryless part, spread over the whole bracket, makes early likelier
    assert early_probability(-9.7, -3.1, weight=0.05, rate=0.01, anchor=-30.0) > 10 * p
    insurance = Insurance()
    insurance.observe_share(p)
    assert insurance.early == p and insurance.changes == 1.0


def _watched_from_a_random_phase(young: YoungHazards, pages: int, seed: int) -> None:
    """Clockwork pages (periods U[20000, 80000] s) first fetched at a uniform phase of their
    cycle: each shows its first change after a ~ U(0, period), its second a period later."""
    rng = random.Random(seed)
    for _ in range(pages):
        period = rng.uniform(20000.0, 80000.0)
        young.observe(rng.uniform(0.0, period), 0.0, period, True)


def test_above_its_first_changes_age_a_page_shares_the_populations_hazard_by_age_in_seconds() -> None:
    young = YoungHazards()
    _watched_from_a_random_phase(young, 4000, seed=5)
    # the first change's age only says "period above it": two pages that took 6000 s and
    # 18000 s (different strata) are alike once both are past those ages
    for age in (30000.0, 50000.0, 70000.0):
        assert math.isclose(young.rate(6000.0, age, 1e-4), young.rate(18000.0, age, 1e-4), rel_tol=0.3)
    # ... and unlike before: a page that took 40000 s cannot have a period below that
    assert young.rate(40000.0, 25000.0, 1e-4) < 0.2 * young.rate(40000.0, 60000.0, 1e-4)
    assert young.rate(40000.0, 25000.0, 1e-4) < 0.2 * young.rate(6000.0, 25000.0, 1e-4)


def test_once_changed_tables_saved_with_another_age_coordinate_are_not_loaded() -> None:
    young = YoungHazards()
    _watched_from_a_random_phase(young, 200, seed=1)
    young.observe(None, 0.0, 5000.0, True)
    saved = young.to_dict()
    restored = YoungHazards()
    restored.load(saved)
    assert restored.to_dict() == saved
    old = {key: value for key, value in saved.items() if key != "once_ages"}  # saved before the switch
    restored = YoungHazards()
    restored.load(old)
    assert restored.never.events == young.never.events  # its coordinate did not change
    assert sum(restored.once.events) == 0 and all(sum(h.events) == 0 for h in restored.strata)


def _clock_state(spread: float, seed: int) -> dict[str, object]:
    """The saved state of a scheduler that watched 40 clocks jittered by ``spread`` seconds."""
    from topiccrawl.revisit import RevisitScheduler

    rng = random.Random(seed)
    s = RevisitScheduler()
    for i in range(40):
        key, mean = f"page-{i}", rng.uniform(3000.0, 9000.0)
        s.add(key, 0.0)
        due, t = mean, 0.0
        s.observe(key, t, changed=False)
        for _ in range(6):
            t = due + 30.0
            s.observe(key, t, changed=True)
            due += mean + rng.gauss(0.0, spread)
    return s.export_state()


def test_a_loaded_page_replaces_the_spread_it_had_before() -> None:
    from topiccrawl.revisit import RevisitScheduler

    tight, loose = _clock_state(50.0, 1), _clock_state(2000.0, 2)
    fresh = RevisitScheduler()
    fresh.import_state(loose)
    reloaded = RevisitScheduler()
    reloaded.import_state(tight)
    reloaded.import_state(loose)  # the same keys, now with loose intervals: the tight ones must go
    for mean in (3000.0, 6000.0, 9000.0):
        assert math.isclose(reloaded._spread.predict(mean), fresh._spread.predict(mean), rel_tol=1e-9)
        # and the scatter is learned afresh, not warm-started from the tight clocks'
        assert math.isclose(reloaded._spread.variance(mean, 3, 4e6), fresh._spread.variance(mean, 3, 4e6), rel_tol=1e-6)
    assert fresh._spread.predict(6000.0) > 500.0  # the loose clocks' spread, not the tight ones'
