"""Two more reference points for the revisit simulation (seed model), both using the
learned scheduler's wait rule, virtual-time queue and budget (``Told``):

* ``oracle-trunc``: the issue's oracle. Each page's exact interval law (a Normal
  truncated at zero) and the time of its last true update.
* ``pop-bayes``: a learner that is told the *population* the simulation draws
  pages from, not any page's own law. It knows that a page's mean interval is
  uniform in [3600, 360000] s, its spread uniform in [1000, 5000] s, its intervals
  a Normal truncated at zero and its first update at a uniform phase in (0, mean).
  After each detected change it forms the posterior of the page's mean and spread
  from the page's own change brackets and the predictive law of its next update;
  between changes the wait rule conditions that law on "no update since".

The learned scheduler has to learn the population as well as each page, so
``pop-bayes`` bounds what learning from fetch outcomes can reach with this rule:
the gap from ``oracle-trunc`` to ``pop-bayes`` is what any learner pays, the gap
from ``pop-bayes`` to ``learned`` what the learned scheduler loses on top.

Approximations: the posterior is a grid over mean and spread; with two or more
changes the mean's posterior given each spread is replaced by a Normal with its
moments, and the intervals' bracket noise is added to their variance with the
correlation of neighbouring intervals ignored. Neither scheduler keeps the learned
scheduler's memoryless insurance, so waits longer than an hour are queued as
reviews (``Told(park=True)``): otherwise a drift of the budget's scale over a
days-long wait can carry a fetch past the update.

    python benchmarks/revisit_bayes.py --sizes 1000     # about 5 min
    python benchmarks/revisit_bayes.py --sizes 10000    # about 25 min
"""

from __future__ import annotations

import bisect
import math
import sys
from pathlib import Path

import numpy as np
from scipy.special import log_ndtr, ndtr

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from revisit_oracles import Told, reference_parser, reference_runs
from revisit_sim import MEAN_RANGE, SD_RANGE, Pages, simulate

from topiccrawl.revisit.model import poisson_due

L, M = MEAN_RANGE
S1, S2 = SD_RANGE
_S_GRID = np.linspace(S1, S2, 35)[1:-1:2]  # 17 midpoints of equal slices
_KERNEL_STEP = 50.0


class Predictive:
    """CDF F of a page's next update time on a grid x0 + i*h, with G = integral of F."""

    __slots__ = ("F", "G", "h", "n", "x0")

    def __init__(self, x0: float, h: float, cdf: np.ndarray) -> None:
        cdf = np.clip(cdf, 0.0, 1.0)
        cdf = np.maximum.accumulate(cdf)
        cum = np.concatenate(([0.0], np.cumsum(0.5 * (cdf[1:] + cdf[:-1]) * h)))
        self.x0, self.h, self.n = x0, h, len(cdf)
        self.F, self.G = cdf.tolist(), cum.tolist()

    def wait(self, t0: float, theta: float) -> float | None:
        """Seconds after t0 at which the expected undetected wait, given no update by t0, reaches theta;
        None when no update by t0 is past what the law allows (see :class:`Surprises`)."""
        F, G, h, x0, n = self.F, self.G, self.h, self.x0, self.n
        u = (t0 - x0) / h
        if u < 0.0:
            f0, g0, i = 0.0, 0.0, -1
        elif u >= n - 1:
            return None
        else:
            i = int(u)
            r = t0 - (x0 + i * h)
            f0 = F[i] + (F[i + 1] - F[i]) * r / h
            g0 = G[i] + 0.5 * r * (F[i] + f0)
        s0 = 1.0 - f0
        if s0 < 1e-12:
            return None
        target = theta * s0

        def excess(k: int) -> float:  # expected undetected wait (times s0) if the fetch came at grid point k
            return G[k] - g0 - (x0 + k * h - t0) * f0

        k = bisect.bisect_left(range(n), target, lo=max(i + 1, 0), key=excess)
        if k >= n:  # beyond the grid F = 1
            return (target - excess(n - 1)) / s0 + (x0 + (n - 1) * h - t0)
        if k == i + 1 and i >= 0:  # inside the cell of t0: the density is flat there
            dens = (F[i + 1] - F[i]) / h
            return math.sqrt(2.0 * target / dens) if dens > 0 else x0 + k * h - t0
        lo_x = x0 + (k - 1) * h - t0 if k > i + 1 else 0.0
        lo_e = excess(k - 1) if k > i + 1 else 0.0
        hi_e = excess(k)
        return max(0.0, lo_x) + (x0 + k * h - t0 - max(0.0, lo_x)) * (target - lo_e) / max(hi_e - lo_e, 1e-300)


def _kernel(step: float) -> np.ndarray:
    """Density of an interval's deviation from its mean, the spread drawn from the population."""
    half = math.ceil(7 * S2 / step)
    x = np.arange(-half, half + 1) * step
    dens = np.zeros_like(x)
    for s in _S_GRID:
        dens += np.exp(-0.5 * (x / s) ** 2) / s
    return dens / dens.sum()


_KERNEL = _kernel(_KERNEL_STEP)


def first_update() -> Predictive:
    """Before any change: the first update at a uniform phase of a uniform mean."""
    h = _KERNEL_STEP
    x = np.arange(0.0, M + h, h)
    dens = np.log(M / np.maximum(x, L)) / (M - L)
    return Predictive(0.0, h, np.cumsum(dens) * h)


def after_one(u1: float, width: float, floor: float) -> Predictive:
    """After one change, seen in a bracket of ``width`` around u1, after a fetch at ``floor``
    saw none: the mean has posterior 1/m on [max(L, floor), M]; the next update comes at
    (the true u1) + mean + noise."""
    h = _KERNEL_STEP
    a = max(L, floor)
    m = np.arange(0.0, M + h, h)
    dens = np.where(m >= a, 1.0 / np.maximum(m, 1.0), 0.0)
    dens /= dens.sum()
    box = max(1, round(width / h))
    if box > 1:  # where in its bracket the change came
        dens = np.convolve(dens, np.full(box, 1.0 / box))
    conv = np.convolve(dens, _KERNEL)  # offset by the kernel's half width and half the box
    half = (len(_KERNEL) - 1) // 2 + (box - 1) / 2
    x0 = u1 - half * h
    cdf = np.cumsum(conv)
    return Predictive(x0, h, cdf)


def after_many(times: list[float], widths: list[float], floor: float, step: float) -> Predictive:
    """After two or more changes (bracket midpoints ``times``, bracket ``widths``): a grid
    posterior of (mean, spread), the mean's given each spread moment-matched. Each interval's
    noise is its spread plus its two brackets' (their correlation is ignored). The mean
    exceeds ``floor``, the last fetch that saw no first update."""
    uc = times[-1]
    d = np.diff(np.asarray(times))
    b = np.asarray(widths) ** 2 / 12.0
    j = len(d)
    s = _S_GRID[:, None]
    v = s * s + (b[:-1] + b[1:])[None, :]  # spreads x intervals
    wgt = 1.0 / v
    sw, s1, s2 = wgt.sum(axis=1), (wgt * d).sum(axis=1), (wgt * d * d).sum(axis=1)
    dbar = float(d.mean())
    span = 7.0 * S2 / math.sqrt(j) + 3.0 * math.sqrt(float(b.max()))
    m = np.linspace(max(L, floor, dbar - span), max(min(M, dbar + span), max(L, floor) + 1.0), 161)
    sw, s1, s2 = sw[:, None], s1[:, None], s2[:, None]
    logw = -np.log(m)[None, :] - 0.5 * np.log(v).sum(axis=1)[:, None] - 0.5 * (s2 - 2 * m * s1 + m * m * sw)
    logw -= j * log_ndtr(m[None, :] / s)
    logw -= logw.max()
    w = np.exp(logw)
    ws = w.sum(axis=1)
    keep = ws > 1e-9 * ws.max()
    w, ws, sd = w[keep], ws[keep], _S_GRID[keep]
    mean = (w * m).sum(axis=1) / ws
    var = (w * (m - mean[:, None]) ** 2).sum(axis=1) / ws
    ws = ws / ws.sum()
    sig = np.sqrt(sd * sd + var + b[-1])
    centre = uc + mean
    lo = max(uc - 0.5 * widths[-1], float((centre - 8 * sig).min()))
    hi = float((centre + 8 * sig).max())
    x = np.arange(lo, hi + step, step)
    base = ndtr((lo - centre) / sig)
    cdf = ((ndtr((x[:, None] - centre) / sig) - base) / (1.0 - base) * ws).sum(axis=1)
    return Predictive(lo, step, cdf)


class Surprises:
    """Counts the waits asked of a predictive law past its end (the update is later than it
    thought possible) and answers them as for an hourly Poisson page."""

    def __init__(self) -> None:
        self.count = 0

    def wait(self, predictive: Predictive, t0: float, theta: float) -> float:
        d = predictive.wait(t0, theta)
        if d is None:
            self.count += 1
            return poisson_due(theta, 1.0 / L)
        return d


class PopulationBayes(Told):
    def __init__(self, pages: Pages, *, rate: float, step: float) -> None:
        super().__init__(pages, knows_phase=False, rate=rate, park=True)
        self.step = step
        self.surprises = Surprises()
        self.first = first_update()
        self.times: dict[int, list[float]] = {}
        self.pred: dict[int, Predictive] = {}
        self.widths: dict[int, list[float]] = {}
        self.floor: dict[int, float] = {}  # the fetch before the first change: the mean exceeds it

    def observe(self, key: int, fetch_time: float, changed: bool) -> None:
        if changed and key in self.last:
            times = self.times.setdefault(key, [])
            widths = self.widths.setdefault(key, [])
            times.append(0.5 * (self.last[key] + fetch_time))
            widths.append(fetch_time - self.last[key])
            floor = self.floor.setdefault(key, self.last[key])
            if len(times) == 1:
                self.pred[key] = after_one(times[0], widths[0], floor)
            else:
                self.pred[key] = after_many(times, widths, floor, self.step)
        super().observe(key, fetch_time, changed)

    def _wait(self, key: int, i: int, t: float, theta: float) -> float:
        return self.surprises.wait(self.pred.get(key, self.first), t, theta)


class TruncatedOracle(Told):
    """``oracle`` with each page's exact interval law (a Normal truncated at zero)."""

    def __init__(self, pages: Pages, *, rate: float, step: float) -> None:
        super().__init__(pages, knows_phase=True, rate=rate, park=True)
        self.step = step
        self.surprises = Surprises()
        self.cache: dict[int, tuple[float, Predictive]] = {}

    def _wait(self, key: int, i: int, t: float, theta: float) -> float:
        ups = self.pages.updates[i]
        j = bisect.bisect_right(ups, t)
        if not j:
            return super()._wait(key, i, t, theta)
        last = ups[j - 1]
        hit = self.cache.get(key)
        if hit is None or hit[0] != last:
            mean, sd = float(self.pages.means[i]), float(self.pages.sds[i])
            hi = last + mean + 8 * sd
            x = np.arange(last, hi + self.step, self.step)
            base = ndtr(-mean / sd)
            hit = self.cache[key] = (
                last,
                Predictive(last, self.step, (ndtr((x - last - mean) / sd) - base) / (1 - base)),
            )
        return self.surprises.wait(hit[1], t, theta)


def main(argv: list[str] | None = None) -> int:
    parser = reference_parser(__doc__)
    parser.add_argument("--step", type=float, default=10.0, help="grid step of the predictive law, seconds")
    parser.add_argument("--schedulers", default="oracle-trunc,pop-bayes")
    args = parser.parse_args(argv)
    for pages, run in reference_runs(args):
        for name, cls in (("oracle-trunc", TruncatedOracle), ("pop-bayes", PopulationBayes)):
            if name not in args.schedulers.split(","):
                continue
            sched = cls(pages, rate=1.0 / args.fetch_cost, step=args.step)
            res = simulate(name, sched, pages, **run)
            print(res.row(), f" (past the predictive law: {sched.surprises.count} waits)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
