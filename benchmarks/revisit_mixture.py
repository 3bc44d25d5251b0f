"""What the shape of a young page's forecast is worth: the learned scheduler with each page
of 1-19 intervals forecast as a mixture over its posterior spread (an experiment, not the
shipped scheduler).

``LearnedScheduler`` forecasts a page with fewer than 20 intervals with one spread, the
posterior mean of its spread^2 under the learned population prior, and takes the shape of the
law of its next change from the population's z-tables (one per history length). Exact Bayes
(``pop-bayes`` in ``revisit_bayes.py``) forecasts with a mixture over every spread the page may
have. ``MixtureScheduler`` does the same with the learned prior: once the prior's scatter is
learned, the posterior over a page's spread (the prior times the chi-square likelihood of the
page's squared deviations) is cut into ``--nodes`` parts of equal mass, and each part's mean
spread^2 (times 1 + 1/k for the estimated mean, plus the bracket's variance) is one Normal
component; the wait is solved on that mixture and the page's memoryless part. The z-tables are
still fed, and still used for pages whose nodes are not known yet. Everything else is the
compiled scheduler's own code; the mixture is plain Python, so a run takes about 5 minutes of
CPU at n = 10000.

    python benchmarks/revisit_mixture.py                    # n = 10000, seed 6
    python benchmarks/revisit_mixture.py --sizes 1000 --seed 7 --nodes 3
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Hashable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from revisit_sim import DAY, seeded_pages, simulate

from topiccrawl.revisit import LearnedScheduler
from topiccrawl.revisit.model import PageModel, _cdf, _normal_wait, _phi, _poisson_wait, _sf, poisson_due
from topiccrawl.revisit.spread import _R, SpreadPrior, prior_weights
from topiccrawl.revisit.zhazard import CALIBRATED_FROM

Node = tuple[float, float]  # (weight, spread of the next change in seconds)


def spread_nodes(prior: SpreadPrior, page: PageModel, parts: int) -> list[Node] | None:
    """The page's posterior over its spread, in ``parts`` components of equal mass (None before
    the prior's scatter is learned, or for a page without 1..CALIBRATED_FROM - 1 intervals)."""
    k = len(page.intervals)
    scatter = prior._scatter  # the experiment reads the prior's learned weights over _R
    if not 1 <= k < CALIBRATED_FROM or scatter is None:
        return None
    line = prior.predict(page.mu)
    weights = prior_weights(scatter)
    dof = k - 1
    if dof > 0:
        u = 0.5 * math.log(max(page.ss / dof, 1e-12)) - math.log(line)
        loglik = -dof * _R - 0.5 * dof * np.exp(2.0 * (u - _R))
        weights = weights * np.exp(loglik - loglik.max())
    weights = weights / weights.sum()
    e2r = np.exp(2.0 * _R)
    cuts = [*np.searchsorted(np.cumsum(weights), np.arange(1, parts) / parts).tolist(), len(_R)]
    nodes: list[Node] = []
    lo = 0
    for cut in cuts:
        hi = min(len(_R), max(int(cut), lo + 1))
        mass = float(weights[lo:hi].sum())
        if mass > 0.0:
            var = line * line * float((weights[lo:hi] * e2r[lo:hi]).sum()) / mass
            nodes.append((mass, math.sqrt(var * (1.0 + 1.0 / k) + 2.0 * page.anchor_var)))
        lo = hi
        if lo >= len(_R):
            break
    return nodes


def mixture_wait(
    nodes: list[Node], *, origin: float, t0: float, w_exp: float, lam: float, age: float, theta: float, cap: float
) -> float:
    """Seconds after ``t0`` at which the expected undetected wait reaches ``theta``, for a page whose
    next change is Normal(origin, spread) with the nodes' weights and spreads (with probability
    1 - ``w_exp``) or memoryless of rate ``lam`` (``age`` seconds since its last change), all
    conditioned on no change up to t0. At most ``cap``."""
    parts = []  # (posterior weight, z at t0, spread, survival at t0)
    memoryless = w_exp * math.exp(-lam * age)
    total = memoryless
    for weight, spread in nodes:
        z0 = (t0 - origin) / spread
        survival = _sf(z0)
        mass = (1.0 - w_exp) * weight * survival
        if mass > 0.0:
            parts.append((mass, z0, spread, survival))
            total += mass
    if total <= 0.0 or not parts:
        return min(cap, poisson_due(theta, lam))
    memoryless /= total
    parts = [(mass / total, z0, spread, survival) for mass, z0, spread, survival in parts]

    def wait(d: float) -> float:
        c = memoryless * _poisson_wait(lam, d)
        for p, z0, spread, survival in parts:
            c += p * _normal_wait(z0, z0 + d / spread, spread, d) / survival
        return c

    def slope(d: float) -> float:
        g = -memoryless * math.expm1(-lam * d)
        for p, z0, spread, survival in parts:
            g += p * (_cdf(z0 + d / spread) - _cdf(z0)) / survival
        return g

    hazard = memoryless * lam
    for p, z0, spread, survival in parts:
        hazard += p * _phi(z0) / (spread * survival)
    d = min(cap, math.sqrt(2.0 * theta / hazard)) if hazard > 0.0 else cap
    while wait(d) < theta:  # the wait is convex and increasing: find a point right of the root
        if d >= cap:
            return cap
        d = min(cap, 2.0 * d)
    for _ in range(30):  # Newton from the right converges monotonically
        excess = wait(d) - theta
        g = slope(d)
        if excess <= 1e-3 * theta or g <= 0.0:
            break
        d = max(1e-3, d - excess / g)
    return d


class MixtureScheduler(LearnedScheduler):
    """LearnedScheduler with young pages forecast as a mixture over their posterior spread."""

    def __init__(self, *, nodes: int = 5) -> None:
        super().__init__()
        self.parts = nodes
        self._nodes: dict[int, list[Node] | None] = {}  # id(page) -> its nodes

    def remove(self, key: Hashable) -> None:
        page = self._pages.get(key)
        if page is not None:
            self._nodes.pop(id(page), None)
        super().remove(key)

    def _learn(self, key, page, fetch_time, changed, k):  # type: ignore[no-untyped-def]
        super()._learn(key, page, fetch_time, changed, k)
        if changed:
            self._nodes[id(page)] = spread_nodes(self._spread, page, self.parts)

    def _calibrated_wait(self, page, table, t0, theta):  # type: ignore[no-untyped-def]
        nodes = self._nodes.get(id(page))
        if nodes is None or page.w_exp >= 0.999:
            return super()._calibrated_wait(page, table, t0, theta)
        return mixture_wait(
            nodes,
            origin=page.anchor + page.mu,
            t0=t0,
            w_exp=page.w_exp,
            lam=page.lam(self.prior_interval),
            age=max(0.0, t0 - page.anchor),
            theta=theta,
            cap=self.max_interval,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000", help="comma-separated page counts")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--nodes", type=int, default=5, help="mixture components per page")
    parser.add_argument("--days", type=float, default=14.0)
    parser.add_argument("--warmup-days", type=float, default=2.0)
    args = parser.parse_args(argv)
    horizon, warmup = args.days * DAY, args.warmup_days * DAY
    print(f"seed model, {args.days:g} days, first {args.warmup_days:g} warm-up; seed {args.seed}; {args.nodes} nodes")
    for n in (int(x) for x in args.sizes.split(",")):
        pages = seeded_pages(n, "seed", horizon, args.seed)
        print(f"\nn = {n}")
        for name, scheduler in (("learned", LearnedScheduler()), ("mixture", MixtureScheduler(nodes=args.nodes))):
            print(simulate(name, scheduler, pages, fetch_cost=0.1, horizon=horizon, warmup=warmup).row())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
