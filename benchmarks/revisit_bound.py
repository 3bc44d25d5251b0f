"""The fluid optimum of the revisit simulation (seed model, revisit_sim's pages): the mean delay
of the best use of the capacity by a scheduler told every page's law and last update, in the
limit of polls dense enough that a page's hazard is flat between two of them. A reference for
the oracles of ``revisit_oracles.py`` and ``revisit_bayes.py``.

At each moment t, page i changes with hazard h_i(t) (its truncated Normal law at the age since
its last true update; before its first update, which comes at a uniform phase in (0, mean),
1 / (mean - t)). Polled at rate m_i, an update waits 1 / (2 m_i) on average, so the delay accrues
at sum h_i / (2 m_i); with the capacity C = sum m_i fixed at every moment, the best split is
m_i proportional to sqrt(h_i), and the delay accrues at (sum sqrt(h_i))^2 / 2C. Summed over the
measured days and divided by the updates measured, that is the *moment* optimum. The *budget*
optimum lets capacity move between moments (one price for all time; by Cauchy-Schwarz it is
lower): (integral of sum sqrt(h_i))^2 / (2C x measured time). Neither is a strict bound: real
polls are discrete, and where the hazard rises between two polls the updates cluster before the
second, so they wait less than half the interval (oracle-trunc at n = 10000, seed 6: 37.57 s
against a moment optimum of 37.87 s).

    python benchmarks/revisit_bound.py                 # n = 1000, seed 6 (about 20 s)
    python benchmarks/revisit_bound.py --sizes 100,1000,10000 --seed 7
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from scipy.special import log_ndtr

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from revisit_sim import DAY, seeded_pages

_LOG_SQRT_2PI = 0.5 * np.log(2.0 * np.pi)


def sqrt_hazard(age: np.ndarray, mean: float, sd: float) -> np.ndarray:
    """sqrt of the hazard of a Normal(mean, sd) at ``age`` (truncation at zero scales density and
    survival alike, so the hazard is the Normal's)."""
    z = (age - mean) / sd
    return np.exp(0.5 * (-0.5 * z * z - _LOG_SQRT_2PI - np.log(sd) - log_ndtr(-z)))


def fluid_optimum(
    n: int, seed: int, *, days: float, warmup_days: float, fetch_cost: float, step: float
) -> tuple[float, float]:
    horizon, warmup = days * DAY, warmup_days * DAY
    pages = seeded_pages(n, "seed", horizon, seed)
    t = np.arange(0.0, horizon, step) + 0.5 * step
    total = np.zeros_like(t)  # sum over pages of sqrt(hazard) at each moment
    for mean, sd, ups in zip(pages.means, pages.sds, pages.updates, strict=True):
        times = np.asarray(ups)
        seen = np.searchsorted(times, t, side="right")
        root = np.empty_like(t)
        first = seen == 0
        root[first] = 1.0 / np.sqrt(np.maximum(mean - t[first], step))
        age = t[~first] - times[seen[~first] - 1]
        root[~first] = sqrt_hazard(age, float(mean), float(sd))
        total += root
    measured = sum(1 for ups in pages.updates for u in ups if u >= warmup)
    capacity = 1.0 / fetch_cost
    kept = total[t >= warmup]
    moment = float((kept**2).sum() * step / (2.0 * capacity) / measured)
    budget = float((kept.sum() * step) ** 2 / (2.0 * capacity * (horizon - warmup)) / measured)
    return moment, budget


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000", help="comma-separated page counts")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--days", type=float, default=14.0)
    parser.add_argument("--warmup-days", type=float, default=2.0)
    parser.add_argument("--fetch-cost", type=float, default=0.1)
    parser.add_argument("--step", type=float, default=10.0, help="time step of the sum, seconds")
    args = parser.parse_args(argv)
    print(f"seed model, seed {args.seed}, {args.days:g} days, first {args.warmup_days:g} warm-up")
    for n in (int(x) for x in args.sizes.split(",")):
        moment, budget = fluid_optimum(
            n, args.seed, days=args.days, warmup_days=args.warmup_days, fetch_cost=args.fetch_cost, step=args.step
        )
        print(f"  n = {n:<6} moment optimum {moment:8.3f} s   budget optimum {budget:8.3f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
