"""Simulate the seed paper's evaluation of revisit schedulers (issue 6, "How good").

n pages change at times drawn from a model; one fetcher takes ``fetch_cost``
seconds per fetch and fetches whatever the scheduler says; a fetch reports only
"changed since my last fetch of this page" to the scheduler, which never sees the
model. Measured over the days after the warm-up:

* notification delay of each update (update time to the first fetch after it):
  mean, median, 95th percentile;
* share of updates overwritten before detection (another update of the same
  page came before any fetch saw the first);
* fetches per detected change.

Models: "seed" (intervals ~ Normal(mean, sd), mean ~ U[3600, 360000] s,
sd ~ U[1000, 5000] s, non-positive draws redrawn; the first update at a uniform
phase) and "poisson" (exponential intervals with the same means). For the
Poisson model the optimum (poll each page at a rate proportional to the square
root of its true change rate, all capacity used) is printed for comparison.
Two more models test how far a scheduler leans on the seed model's Normal
intervals (not in the default run): "skewed", intervals mean - sd + Exp(sd) (the
seed model's means and spreads, skewness 2: a page that is never early by more
than its spread and sometimes late by several), and "left-skewed", mean + sd -
Exp(sd) (sometimes early by several spreads, never late by more than one).

    python benchmarks/revisit_sim.py            # n = 100, 1000, 10000; 14 days
    python benchmarks/revisit_sim.py --quick    # n = 100, 1000; 4 days
"""

from __future__ import annotations

import argparse
import bisect
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from topiccrawl.revisit import (
    COMPILED,
    AdaptiveIntervalScheduler,
    LearnedScheduler,
    SeedDoublingScheduler,
)

DAY = 86400.0
MEAN_RANGE = (3600.0, 360000.0)
SD_RANGE = (1000.0, 5000.0)
MODELS = ("seed", "poisson", "skewed", "left-skewed")  # in the order of their seeds' offsets


@dataclass
class Pages:
    """True update times of every page (the scheduler never sees these)."""

    means: np.ndarray
    updates: list[list[float]]
    sds: np.ndarray  # the seed model's spreads (drawn for the Poisson model too, unused there)


def make_pages(n: int, model: str, horizon: float, seed: int) -> Pages:
    rng = np.random.default_rng(seed)
    means = rng.uniform(*MEAN_RANGE, size=n)
    sds = rng.uniform(*SD_RANGE, size=n)
    updates: list[list[float]] = []
    for mean, sd in zip(means, sds, strict=True):
        count = int(horizon / mean) + 20
        if model == "poisson":
            gaps = rng.exponential(mean, size=count)
            first = gaps[0]
        elif model in {"skewed", "left-skewed"}:
            tails = rng.exponential(sd, size=count)
            gaps = np.maximum(1.0, mean - sd + tails if model == "skewed" else mean + sd - tails)
            first = rng.uniform(0.0, mean)
        elif model == "seed":
            gaps = rng.normal(mean, sd, size=count)
            bad = gaps < 1.0
            while bad.any():  # a truncated normal: redraw non-positive intervals
                gaps[bad] = rng.normal(mean, sd, size=int(bad.sum()))
                bad = gaps < 1.0
            first = rng.uniform(0.0, mean)
        else:
            raise ValueError(f"unknown model {model!r}")
        times = first + np.concatenate(([0.0], np.cumsum(gaps[1:])))
        updates.append(times[times < horizon].tolist())
    return Pages(means, updates, sds)


def seeded_pages(n: int, model: str, horizon: float, seed: int) -> Pages:
    """The pages this script draws for ``--seed seed`` at size ``n`` (each size and model its own
    draw), so the other benchmarks measure the same pages."""
    return make_pages(n, model, horizon, seed=seed * 1_000_003 + n + MODELS.index(model))


@dataclass
class Result:
    name: str
    delays: np.ndarray
    overwritten: float
    fetches: int
    detections: int
    cpu: float

    def row(self) -> str:
        d = self.delays
        per = self.fetches / self.detections if self.detections else math.inf
        return (
            f"  {self.name:<10} mean {d.mean():9.2f} s  median {np.median(d):9.2f} s  "
            f"p95 {np.percentile(d, 95):9.2f} s  overwritten {100 * self.overwritten:5.2f}%  "
            f"fetches/change {per:8.1f}  cpu {self.cpu:6.1f} s"
        )


def _measure(pages: Pages, detect: list[list[float]], horizon: float, warmup: float) -> tuple[np.ndarray, float]:
    delays: list[float] = []
    overwritten = 0
    for ups, det in zip(pages.updates, detect, strict=True):
        for j, u in enumerate(ups):
            if u < warmup:
                continue
            t = det[j] if det[j] < math.inf else horizon  # undetected at the end
            delays.append(t - u)
            if j + 1 < len(ups) and ups[j + 1] <= t:
                overwritten += 1
    arr = np.asarray(delays)
    return arr, overwritten / max(1, len(delays))


def simulate(name: str, scheduler: object, pages: Pages, *, fetch_cost: float, horizon: float, warmup: float) -> Result:
    """Drive ``scheduler`` through its interface, one fetch at a time."""
    start = time.process_time()
    n = len(pages.updates)
    # page i's key is i: any hashable will do, and a string key would cost this loop a lookup of
    # the page per fetch (8% of the run at n = 10000), which is the simulator's, not the scheduler's
    for i in range(n):
        scheduler.add(i, 0.0)  # type: ignore[attr-defined]
    updates = pages.updates
    seen = [0] * n  # updates of each page already seen by a fetch
    upcoming = [u[0] if u else math.inf for u in updates]  # each page's first unseen update
    detect = [[math.inf] * len(u) for u in updates]
    next_fetch = scheduler.next_fetch  # type: ignore[attr-defined]
    observe = scheduler.observe  # type: ignore[attr-defined]
    bisect_right = bisect.bisect_right
    now = 0.0
    fetches = detections = 0
    while True:
        nxt = next_fetch(now)
        if nxt is None:
            break
        i, when = nxt
        t = when if when > now else now
        if t >= horizon:
            break
        changed = t >= upcoming[i]
        if changed:  # most fetches find nothing new: only then search the update times
            j = seen[i]
            ups = updates[i]
            k = bisect_right(ups, t, j)
            det = detect[i]
            for m in range(j, k):
                det[m] = t
            seen[i] = k
            upcoming[i] = ups[k] if k < len(ups) else math.inf
        if t >= warmup:
            fetches += 1
            detections += changed
        observe(i, t, changed)
        now = t + fetch_cost
    cpu = time.process_time() - start
    delays, over = _measure(pages, detect, horizon, warmup)
    return Result(name, delays, over, fetches, detections, cpu)


def simulate_round_robin(pages: Pages, fetch_cost: float, horizon: float, warmup: float) -> Result:
    """Round robin in closed form: page i is fetched at i*c + k*n*c (what
    RoundRobinScheduler does when driven by :func:`simulate`; a test checks)."""
    start = time.process_time()
    n = len(pages.updates)
    cycle = n * fetch_cost
    detect: list[list[float]] = []
    detections = 0
    for i, ups in enumerate(pages.updates):
        u = np.asarray(ups)
        offset = i * fetch_cost
        t = offset + np.ceil(np.maximum(u - offset, 0.0) / cycle) * cycle
        t = np.where(t < horizon, t, math.inf)
        detect.append(t.tolist())
        detections += len(np.unique(t[(t >= warmup) & (t < math.inf)]))
    fetches = sum(
        max(0, math.ceil((horizon - i * fetch_cost) / cycle) - math.ceil((warmup - i * fetch_cost) / cycle))
        for i in range(n)
    )
    cpu = time.process_time() - start
    delays, over = _measure(pages, detect, horizon, warmup)
    return Result("round-robin", delays, over, fetches, detections, cpu)


def poisson_optimum(pages: Pages, fetch_cost: float) -> float:
    """Mean delay when each page is polled periodically at a rate proportional to
    sqrt(true change rate), using the whole capacity: (sum sqrt(l))^2 / (2 C sum l)."""
    lam = 1.0 / pages.means
    capacity = 1.0 / fetch_cost
    return float(np.sum(np.sqrt(lam)) ** 2 / (2.0 * capacity * np.sum(lam)))


SCHEDULERS: dict[str, Callable[[float], object]] = {
    "seed": lambda rate: SeedDoublingScheduler(max_rate=rate, host_gap=0.0),
    "nutch": lambda rate: AdaptiveIntervalScheduler(max_rate=rate, host_gap=0.0),
    # the project's scheduler exactly as a user gets it: no arguments, paced by this loop's fetcher
    "learned": lambda rate: LearnedScheduler(),
    # young clockwork pages forecast always as a mixture over their spread, or always on the z-tables
    # (the default chooses between the two per stratum of history lengths, by their log-scores)
    "learned-mixture": lambda rate: LearnedScheduler(spread_mixture=True),
    "learned-ztable": lambda rate: LearnedScheduler(spread_mixture=False),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="n = 100, 1000 over 4 days")
    parser.add_argument("--sizes", default=None, help="comma-separated page counts")
    parser.add_argument("--models", default="seed,poisson")
    parser.add_argument("--schedulers", default="round-robin,seed,nutch,learned")
    parser.add_argument("--days", type=float, default=None)
    parser.add_argument("--warmup-days", type=float, default=None)
    parser.add_argument("--fetch-cost", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args(argv)
    sizes = [int(x) for x in (args.sizes or ("100,1000" if args.quick else "100,1000,10000")).split(",")]
    days = args.days if args.days is not None else (4.0 if args.quick else 14.0)
    warmup_days = args.warmup_days if args.warmup_days is not None else (1.0 if args.quick else 2.0)
    horizon, warmup = days * DAY, warmup_days * DAY
    rate = 1.0 / args.fetch_cost
    names = args.schedulers.split(",")
    for name in names:
        if name != "round-robin" and name not in SCHEDULERS:
            parser.error(f"unknown scheduler {name!r}")
    for model in args.models.split(","):
        if model not in MODELS:
            parser.error(f"unknown model {model!r} (one of {', '.join(MODELS)})")
    print(
        f"{days:g} days, first {warmup_days:g} warm-up; {args.fetch_cost:g} s per fetch, one at a time; "
        f"seed {args.seed}; scheduler modules {'compiled (build_native.py)' if COMPILED else 'plain Python'}"
    )
    for model in args.models.split(","):
        for n in sizes:
            pages = seeded_pages(n, model, horizon, args.seed)
            measured = sum(1 for ups in pages.updates for u in ups if u >= warmup)
            print(f"\nmodel {model}, n = {n} ({measured} updates measured)")
            if model == "poisson":
                print(f"  {'optimum':<10} mean {poisson_optimum(pages, args.fetch_cost):9.2f} s")
            for name in names:
                if name == "round-robin":
                    res = simulate_round_robin(pages, args.fetch_cost, horizon, warmup)
                else:
                    res = simulate(
                        name,
                        SCHEDULERS[name](rate),
                        pages,
                        fetch_cost=args.fetch_cost,
                        horizon=horizon,
                        warmup=warmup,
                    )
                print(res.row(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
