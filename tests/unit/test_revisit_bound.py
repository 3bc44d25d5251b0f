"""The fluid optimum of benchmarks/revisit_bound.py: its hazard is the Normal's, and a learner
that must find each page's law stays well above it."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm

from tests.helpers import load_benchmark
from topiccrawl.revisit import LearnedScheduler

sim = load_benchmark("revisit_sim")
bound = load_benchmark("revisit_bound")


def test_sqrt_hazard_is_the_normals_in_both_tails() -> None:
    age = np.array([0.0, 50000.0, 90000.0, 100000.0, 110000.0, 125000.0])
    expected = np.sqrt(norm.pdf(age, 100000.0, 3000.0) / norm.sf(age, 100000.0, 3000.0))
    np.testing.assert_allclose(bound.sqrt_hazard(age, 100000.0, 3000.0), expected, rtol=1e-9)


def test_a_learner_stays_above_the_optimum_and_moving_budget_would_lower_it() -> None:
    n, days, fetch_cost = 30, 5.0, 5.0  # one fetch every 5 s: a small, busy run
    for seed in (1, 2):
        moment, budget = bound.fluid_optimum(n, seed, days=days, warmup_days=1.0, fetch_cost=fetch_cost, step=10.0)
        pages = sim.seeded_pages(n, "seed", days * sim.DAY, seed)  # the same pages
        run = sim.simulate(
            "learned", LearnedScheduler(), pages, fetch_cost=fetch_cost, horizon=days * sim.DAY, warmup=sim.DAY
        )
        assert 0.0 < budget <= moment < run.delays.mean()
