"""Choosing a young page's forecast by log-score: the survivals, the score and its margin, its state,
and the scheduler's choice on Normal and on skewed intervals."""

from __future__ import annotations

import math
import random

import pytest
from scipy.stats import norm

from tests.helpers import clockwork_pages
from topiccrawl.revisit import LearnedScheduler
from topiccrawl.revisit.forecastscore import MARGIN, ForecastScore, table_survival
from topiccrawl.revisit.mixture import Nodes, normal_survival
from topiccrawl.revisit.zhazard import CALIBRATED_FROM, ZTable, stratum

STRATA = stratum(CALIBRATED_FROM - 1) + 1


def test_normal_survival_is_the_nodes_weighted_normal_tails() -> None:
    nodes = Nodes([0.25, 1000.0, 0.75, 3000.0])
    for t in (-9000.0, -2000.0, 0.0, 1500.0, 7000.0):
        expected = 0.25 * norm.sf(t / 1000.0) + 0.75 * norm.sf(t / 3000.0)
        assert math.isclose(normal_survival(nodes, 0.0, t), expected, rel_tol=1e-9, abs_tol=1e-12)
    assert normal_survival(nodes, 5000.0, 5000.0) == pytest.approx(0.5)


def test_a_fresh_z_table_survives_as_a_normal_counted_from_the_last_change() -> None:
    table = ZTable()  # no counts yet: the Normal hazard in bins of 0.2 z
    mu, sigma = 20000.0, 2000.0
    assert table_survival(table, mu, sigma, 0.0) == pytest.approx(1.0)
    for t in (16000.0, 20000.0, 23000.0):
        expected = norm.sf((t - mu) / sigma) / norm.sf(-mu / sigma)
        assert table_survival(table, mu, sigma, t) == pytest.approx(expected, rel=0.03)
    assert table_survival(table, mu, sigma, 18000.0) > table_survival(table, mu, sigma, 19000.0)


def test_the_mixture_is_chosen_only_once_its_evidence_clears_the_margin() -> None:
    score = ForecastScore(STRATA)
    assert not any(score.chosen)
    score.add(1, 0.6, 0.5)  # one change that the mixture called likelier: ahead by exactly 1 sd
    assert not score.chosen[stratum(1)]
    score.add(1, 0.6, 0.5)  # two: ahead by sqrt(2) sd
    assert score.chosen[stratum(1)] and math.sqrt(2.0) > MARGIN
    for _ in range(3):
        score.add(1, 0.2, 0.5)
    assert not score.chosen[stratum(1)]
    assert not any(score.chosen[i] for i in range(STRATA) if i != stratum(1))
    assert score.counts[stratum(1)] == 5
    # a probability of 0 is floored, not a log of zero
    score.add(12, 0.0, 0.5)
    assert math.isfinite(score.sums[stratum(12)]) and score.sums[stratum(12)] < -20.0


def test_always_keeps_the_mixture_whatever_the_score() -> None:
    score = ForecastScore(STRATA, always=True)
    score.add(3, 0.01, 0.9)
    assert all(score.chosen)


def test_the_score_survives_a_round_trip_and_ignores_what_does_not_fit() -> None:
    score = ForecastScore(STRATA)
    for _ in range(4):
        score.add(2, 0.7, 0.4)
    again = ForecastScore(STRATA)
    again.load(score.to_dict())
    assert again.to_dict() == score.to_dict() and again.chosen == score.chosen and any(again.chosen)
    for broken in (None, {"sums": [1.0]}, {"sums": [1.0] * STRATA, "squares": [0.0] * STRATA}, "x"):
        fresh = ForecastScore(STRATA)
        fresh.load(broken)
        assert fresh.sums == [0.0] * STRATA and not any(fresh.chosen)


def _scored(draw: random.Random, law: str, changes: int = 400) -> ForecastScore:
    """Changes drawn from one of the two forecasts' laws and found by fetches every 400 s; the
    z-table (a fresh one: the Normal at sigma 2000 s) against a mixture with heavier tails."""
    mu, sigma = 30000.0, 2000.0
    nodes = Nodes([0.5, 1000.0, 0.5, 2800.0])  # mean square 1000^2/2 + 2800^2/2, near sigma^2
    table = ZTable()
    score = ForecastScore(STRATA)
    for _ in range(changes):
        spread = sigma if law == "table" else (1000.0 if draw.random() < 0.5 else 2800.0)
        t = mu + draw.gauss(0.0, spread)
        last = 400.0 * math.floor(t / 400.0)
        score.score_change(
            3, table, nodes, w_exp=0.02, lam=1e-5, mu=mu, sigma=sigma, since=0.0, last=last, now=last + 400.0
        )
    return score


def test_the_score_favours_the_forecast_whose_law_the_changes_follow() -> None:
    draw = random.Random(11)
    i = stratum(3)
    from_mixture = _scored(draw, "mixture")
    from_table = _scored(draw, "table")
    assert from_mixture.sums[i] > 0.0 and from_mixture.chosen[i]
    assert from_table.sums[i] < 0.0 and not from_table.chosen[i]
    assert from_mixture.counts[i] == from_table.counts[i] == 400


def _crawl(scheduler: LearnedScheduler, skewed: bool, pages: int = 150, changes: int = 14) -> None:
    """Pages changing every 20000-40000 s with spreads of 1000-4000 s, Normal or skewed (a shifted
    exponential, skewness 2), each fetched every 500 s around each change, in rounds."""
    draw = random.Random(5)
    clocks = clockwork_pages(scheduler, pages)
    last = [0.0] * pages
    for _ in range(changes):
        for i, (mean, spread) in enumerate(clocks):
            interval = mean - spread + draw.expovariate(1.0 / spread) if skewed else draw.gauss(mean, spread)
            change = last[i] + interval
            t = last[i] + 500.0 * math.ceil((mean - 4.0 * spread) / 500.0)
            while t < change:
                scheduler.observe(f"p{i}", t, False)
                t += 500.0
            scheduler.observe(f"p{i}", t, True)
            last[i] = change


def test_skewed_intervals_keep_the_z_tables_where_normal_ones_take_the_mixture() -> None:
    normal, skewed = LearnedScheduler(), LearnedScheduler()
    _crawl(normal, skewed=False)
    _crawl(skewed, skewed=True)
    many = stratum(10)  # pages with 10-19 intervals: the z-table has learned their shape
    assert skewed._forecast_score.sums[many] < 0.0 and not skewed._forecast_score.chosen[many]
    assert normal._forecast_score.sums[many] > skewed._forecast_score.sums[many]
    assert normal._forecast_score.chosen[stratum(5)]  # 5-9 intervals: the most changes scored
    assert sum(normal._forecast_score.counts) > 1000
    # the choice is saved with the scheduler's state
    restored = LearnedScheduler()
    restored.import_state(skewed.export_state())
    assert restored._forecast_score.chosen == skewed._forecast_score.chosen


def test_spread_mixture_false_has_no_nodes_to_score() -> None:
    scheduler = LearnedScheduler(spread_mixture=False)
    _crawl(scheduler, skewed=False, pages=40, changes=6)
    assert sum(scheduler._forecast_score.counts) == 0
    assert all(page.nodes is None for page in scheduler._pages.values())
