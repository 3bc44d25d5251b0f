"""How far the learned scheduler's per-page rule is from the optimal polling plan.

For one page whose next update has a known law (Normal, or Student-t with 3
degrees of freedom: a forecast from few intervals), the best plan of fetch times
t1 < t2 < ... minimises E[delay] + p E[fetches], where a fetch is made only while
the update is still undetected. It is found by dynamic programming on a fine
grid. The scheduler's rule (fetch when the expected undetected wait since the
last fetch reaches theta) is run through ``PageModel.wait_for`` for the Normal
and on the same grid for both laws, with theta chosen to spend the same expected
number of fetches. The figure printed is E[fetches] x E[delay] in units of the
law's scale: the lower, the better; equal products mean the rule loses nothing.

    python benchmarks/revisit_policy.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from scipy.optimize import brentq
from scipy.stats import norm, t

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from topiccrawl.revisit.model import PageModel

LO, HI, N = -10.0, 10.0, 4000
CENTRE = 20.0  # the predicted update, in scale units after the last change


class Grid:
    """E[delay] and E[fetches] of a plan on a grid of times (the law's scale = 1)."""

    def __init__(self, law) -> None:  # type: ignore[no-untyped-def]
        self.x = np.linspace(LO, HI, N)
        self.cdf = law.cdf(self.x)
        self.sf = 1.0 - self.cdf
        step = self.x[1] - self.x[0]
        self.icdf = np.concatenate(([0.0], np.cumsum((self.cdf[1:] + self.cdf[:-1]) / 2.0 * step)))

    def wait(self, i: int, j: np.ndarray | int) -> np.ndarray | float:
        """Expected delay added by the fetches at grid points i then j: the integral of F(u) - F(x_i)."""
        return self.icdf[j] - self.icdf[i] - self.cdf[i] * (self.x[j] - self.x[i])

    def optimal(self, price: float) -> tuple[float, float]:
        value = np.zeros(N)
        nxt = np.full(N, N - 1)
        for i in range(N - 2, -1, -1):
            j = np.arange(i + 1, N)
            cost = price * self.sf[i] + self.wait(i, j) + value[j]
            k = int(np.argmin(cost))
            value[i], nxt[i] = cost[k], j[k]
        return self.follow(lambda i: int(nxt[i]))

    def myopic(self, theta: float) -> tuple[float, float]:
        def after(i: int) -> int:
            c = self.wait(i, np.arange(i + 1, N)) / max(self.sf[i], 1e-300)
            return min(i + 1 + int(np.searchsorted(c, theta)), N - 1)

        return self.follow(after)

    def follow(self, after) -> tuple[float, float]:  # type: ignore[no-untyped-def]
        i, fetches, delay = 0, 0.0, 0.0
        while i < N - 1:
            j = after(i)
            fetches += self.sf[i]  # the fetch at x_j is made only if nothing was detected by x_i
            delay += float(self.wait(i, j))
            i = j
        return fetches, delay


def scheduler_rule(theta: float) -> tuple[float, float]:
    """The same on the Normal, with the fetch times PageModel.wait_for gives."""
    page = PageModel(last_fetch=0.0, born=0.0, anchor=0.0, changes=1e6, exposure=1e6 * CENTRE)
    page.mu, page.sigma, page.w_exp = CENTRE, 1.0, 1e-12
    times = [CENTRE + LO]
    while times[-1] < CENTRE + HI:
        times.append(times[-1] + page.wait_for(times[-1], theta, 3600.0))
    z = np.asarray(times) - CENTRE
    cdf = norm.cdf(z)
    # between fetches a and b an update at u waits b - u: the integral of F(u) - F(a) over [a, b]
    psi = z * cdf + norm.pdf(z)
    delay = float(np.sum(psi[1:] - psi[:-1] - cdf[:-1] * (z[1:] - z[:-1])))
    fetches = float(np.sum(1.0 - cdf[:-1]))
    return fetches, delay


def main() -> int:
    print("E[fetches] x E[delay] per update, in units of the law's scale (DP: optimal plan)")
    for name, law in (("Normal", norm), ("Student-t 3", t(3))):
        grid = Grid(law)
        for price in (0.02, 0.005, 0.001):
            fetches, delay = grid.optimal(price)
            theta = brentq(lambda th, f=fetches, g=grid: g.myopic(th)[0] - f, 1e-8, 5.0, xtol=1e-10)
            mf, md = grid.myopic(theta)
            row = f"  {name:<12} fetches {fetches:6.1f}  DP {fetches * delay:.3f}  rule {mf * md:.3f}"
            if law is norm:
                theta = brentq(lambda th, f=fetches: scheduler_rule(th)[0] - f, 1e-8, 5.0, xtol=1e-10)
                sf, sd = scheduler_rule(theta)
                row += f"  wait_for {sf * sd:.3f}"
            print(row, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
