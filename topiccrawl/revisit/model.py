"""What the learned scheduler knows about one page, and when to fetch it next.

A page's next update is modelled as a mixture, learned from fetch outcomes only:

* a *periodic* part: the next update ~ Normal(anchor + mu, sigma), where the
  anchor is the midpoint of the last bracket (last unchanged fetch, first changed
  fetch] and mu, sigma are the mean and spread of the intervals between
  successive bracket midpoints (bracket widths add their uncertainty);
* a *memoryless* part: a Poisson process with rate lam, estimated from changes
  seen per observed time (a Gamma posterior mean, with slow forgetting).

The weight of the memoryless part grows with the page's own dispersion of
intervals (coefficient of variation): near 0 for pages that update like a clock,
1 for pages whose intervals look exponential. Both parts are conditioned on "no
update since the last fetch" (Bayes: a periodic page long overdue shifts weight
to the memoryless part instead of being polled ever faster).

The next fetch comes when the expected time an update would have waited
undetected since the last fetch, C(d) = integral of P(update in (t0, t0 + u]) du
for u in [0, d], reaches a global threshold theta. For a Poisson page that is
d = sqrt(2 theta / lam), i.e. polling rate proportional to sqrt(lam) (the
optimum for mean delay under a fetch budget); around a predicted update it polls
densest where an update is most likely. theta follows from the budget: the
scheduler measures it from its virtual clock (see LearnedScheduler). For a page
with few intervals the scheduler replaces the Normal by the population's
calibrated law of the forecast error (:mod:`topiccrawl.revisit.zhazard`), or by a
mixture over the spread the page may have (:mod:`topiccrawl.revisit.mixture`), whichever
has scored better on the crawl's changes (:mod:`topiccrawl.revisit.forecastscore`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Self

from topiccrawl.revisit.insurance import PRIOR_CHANGES, PRIOR_EARLY
from topiccrawl.revisit.spread import conjugate_variance

# Spread assumed for a periodic page's intervals (as a fraction of the mean) when
# no population prior is given (worth spread.PRIOR_WEIGHT intervals).
PRIOR_CV: Final = 0.05
# Intervals with a coefficient of variation below CV_PERIODIC are treated as a
# clock, above CV_POISSON as memoryless, in between as a blend; a clock-like
# page keeps some memoryless polling as insurance against a clock that stops or changes
# pace: MIN_EXP_WEIGHT (about once in a thousand intervals) unless the caller learned
# how often that happens (LearnedScheduler.insurance); pages with few intervals get
# their heavier tails from the population's calibration as well. A CV of 0.5 is
# a Gamma law of shape 4, whose hazard still climbs steeply after a change (a forecast
# with that spread beats steady polling); only towards 1, the exponential's, does the
# memoryless part take over.
CV_PERIODIC: Final = 0.5
CV_POISSON: Final = 1.0
MIN_EXP_WEIGHT: Final = PRIOR_EARLY / PRIOR_CHANGES  # Insurance's prior: one in a thousand
# intervals a page needs before its own dispersion alone decides its regime
DECIDED_INTERVALS: Final = 4

_SQRT2: Final = math.sqrt(2.0)
_INV_SQRT_2PI: Final = 1.0 / math.sqrt(2.0 * math.pi)


def _phi(z: float) -> float:
    return _INV_SQRT_2PI * math.exp(-0.5 * z * z)


def _cdf(z: float) -> float:
    return 0.5 * math.erfc(-z / _SQRT2)


def _sf(z: float) -> float:
    return 0.5 * math.erfc(z / _SQRT2)


def _normal_wait(z0: float, z1: float, sigma: float, d: float) -> float:
    """Integral over [t0, t0 + d] of (Phi(z(u)) - Phi(z0)) du, computed on the side
    of the mean where it does not cancel catastrophically."""
    if z0 <= 0.0:
        psi0 = z0 * _cdf(z0) + _phi(z0)
        psi1 = z1 * _cdf(z1) + _phi(z1)
        return max(0.0, sigma * (psi1 - psi0) - _cdf(z0) * d)
    chi0 = _phi(z0) - z0 * _sf(z0)
    chi1 = _phi(z1) - z1 * _sf(z1)
    return max(0.0, _sf(z0) * d - sigma * (chi0 - chi1))


def poisson_due(theta: float, lam: float) -> float:
    """Wait until the expected undetected wait of a Poisson page of rate ``lam`` reaches
    ``theta``: sqrt(2 theta / lam) while a change over it is unlikely, else about theta + 1/lam."""
    d = math.sqrt(2.0 * theta / lam)
    return d if lam * d < 0.5 else theta + 1.0 / lam


def _poisson_wait(lam: float, d: float) -> float:
    """Integral over [0, d] of (1 - exp(-lam u)) du."""
    x = lam * d
    if x < 1e-4:
        return d * x * (0.5 - x / 6.0)
    return d + math.expm1(-x) / lam


@dataclass(slots=True)
class PageModel:
    """Learned change behaviour of one page (JSON-able through :meth:`to_dict`)."""

    last_fetch: float | None = None
    born: float | None = None  # first fetch (the baseline)
    anchor: float | None = None  # midpoint of the last change bracket
    anchor_var: float = 0.0  # variance of the anchor (bracket width^2 / 12)
    intervals: list[float] = field(default_factory=list)
    changes: float = 0.0  # decayed count of fetches that saw a change
    exposure: float = 0.0  # decayed seconds covered by fetches
    # derived from the above by refit()
    mu: float = 0.0
    sigma: float = 0.0
    w_exp: float = 1.0
    ss: float = 0.0  # squared deviations of the intervals from their mean

    def lam(self, prior_interval: float) -> float:
        # a weak Gamma prior: half a pseudo-change per half a prior interval
        return (self.changes + 0.5) / (self.exposure + 0.5 * prior_interval)

    def record(
        self,
        fetch_time: float,
        changed: bool,
        history: int,
        forget: float,
        *,
        memoryless_share: Callable[[float], float] | None = None,
        spread_variance: Callable[[float, int, float], float] | None = None,
        insurance: float = MIN_EXP_WEIGHT,
    ) -> None:
        """Fold one fetch outcome into the model (``memoryless_share``, ``spread_variance``,
        ``insurance``: see :meth:`refit`)."""
        last = self.last_fetch
        self.last_fetch = fetch_time
        if self.born is None:
            self.born = fetch_time
        if last is None or fetch_time <= last:
            return  # the first fetch is the baseline: nothing to compare with
        self.exposure += fetch_time - last
        if not changed:
            return
        self.changes = self.changes * forget + 1.0
        self.exposure *= forget
        mid = 0.5 * (last + fetch_time)
        var = (fetch_time - last) ** 2 / 12.0
        if self.anchor is not None:
            self.intervals.append(mid - self.anchor)
            del self.intervals[:-history]
        self.anchor = mid
        self.anchor_var = var
        self.refit(memoryless_share, spread_variance, insurance)

    def refit(
        self,
        memoryless_share: Callable[[float], float] | None = None,
        spread_variance: Callable[[float, int, float], float] | None = None,
        insurance: float = MIN_EXP_WEIGHT,
    ) -> None:
        """Periodic parameters and the weight of the memoryless part.

        ``memoryless_share(mean)`` is the share of memoryless pages among pages
        of about that mean interval whose regime is already clear (one half
        without it); a page with too few intervals of its own to tell leans on
        it (a crawl of clockwork news pages and one of chatty forums call for
        different first guesses; see :mod:`topiccrawl.revisit.regimes`). ``spread_variance(mean, k, ss)``
        is the population's estimate of the spread^2 of a page with k intervals of
        that mean whose squared deviations sum to ss (see SpreadPrior.variance);
        without it, a prior of PRIOR_CV of the mean worth PRIOR_WEIGHT intervals.
        ``insurance`` is the least weight of the memoryless part."""
        xs = self.intervals
        k = len(xs)
        if k == 0:
            self.w_exp = 1.0
            return
        mu = sum(xs) / k
        self.mu = max(mu, 1e-3)
        ss = self.ss = sum((x - mu) ** 2 for x in xs)
        # a prior keeps one or two intervals from claiming a zero spread
        if spread_variance is not None:
            var = spread_variance(self.mu, k, ss)
        else:
            var = conjugate_variance(PRIOR_CV * self.mu, k, ss)
        # predictive spread of the next interval: the mean is estimated from k intervals
        self.sigma = math.sqrt(var * (1.0 + 1.0 / k) + 2.0 * self.anchor_var) + 1e-3
        population = 0.5
        if k < DECIDED_INTERVALS and memoryless_share is not None:
            population = memoryless_share(self.mu)
        if k == 1:
            w = population  # one interval cannot tell a clock from chance
        else:
            cv = math.sqrt(ss / (k - 1)) / self.mu
            w = min(1.0, max(0.0, (cv - CV_PERIODIC) / (CV_POISSON - CV_PERIODIC)))
            if k < DECIDED_INTERVALS:
                w = 0.5 * (w + population)
        self.w_exp = min(1.0, max(insurance, w))

    def young_since(self) -> float | None:
        """Start of the state a page with at most one change is in (its first fetch
        or its one change), or None once it has an interval of its own."""
        if self.anchor is None:
            return self.born
        return self.anchor if not self.intervals else None

    def first_age(self) -> float | None:
        """For a page seen to change once: how long after its first fetch (None otherwise)."""
        if self.anchor is None or self.born is None or self.intervals:
            return None
        return max(0.0, self.anchor - self.born)

    @property
    def regime(self) -> int | None:
        """1 memoryless, 0 periodic, None while undecided (too few intervals)."""
        if len(self.intervals) < DECIDED_INTERVALS:
            return None
        return 1 if self.w_exp >= 0.5 else 0

    def wait_for(self, t0: float, theta: float, prior_interval: float) -> float:
        """Seconds after t0 at which the expected undetected wait reaches theta."""
        # lam(), _sf and _phi are inlined (same arithmetic): this runs per fetch of a page with a long history
        lam = (self.changes + 0.5) / (self.exposure + 0.5 * prior_interval)
        w = self.w_exp
        anchor = self.anchor
        if w >= 0.999 or anchor is None:
            return poisson_due(theta, lam)
        sigma = self.sigma
        z0 = (t0 - anchor - self.mu) / sigma
        s0 = 0.5 * math.erfc(z0 / _SQRT2)
        a = (1.0 - w) * s0
        age = t0 - anchor
        b = w * math.exp(-lam * (age if age > 0.0 else 0.0))
        if a <= 1e-12 * b or z0 > 8.0:
            return poisson_due(theta, lam)
        pn = a / (a + b)
        pe = 1.0 - pn
        hazard = pn * (_INV_SQRT_2PI * math.exp(-0.5 * z0 * z0)) / (sigma * s0) + pe * lam
        d = math.sqrt(2.0 * theta / hazard)
        if d * (1.0 + abs(z0)) < 0.2 * sigma:
            return d  # the hazard is flat over d: the local solution is exact enough
        # C(d) is increasing: Newton steps while they stay inside the bracket
        # [lo, hi] that brackets the root, geometric bisection otherwise
        lo, hi = 0.0, math.inf
        for it in range(60):
            z1 = z0 + d / sigma
            c = pn * _normal_wait(z0, z1, sigma, d) / s0 + pe * _poisson_wait(lam, d) - theta
            if abs(c) <= 0.01 * theta:
                break
            if c > 0:
                hi = d
            else:
                lo = d
            if hi < math.inf and hi - lo <= 1e-3 * hi:  # inf - lo <= inf would stop before any bracket
                break
            g = pn * (_cdf(z1) - _cdf(z0)) / s0 - pe * math.expm1(-lam * d)
            step = d - c / g if g > 0 else math.inf
            if it < 10 and lo < step < hi:
                d = step
            elif hi == math.inf:
                d = 2.0 * d + 1.0
            elif lo == 0.0:
                d = 0.25 * hi
            else:
                d = math.sqrt(lo * hi)
        return d

    def to_dict(self) -> dict[str, object]:
        return {
            "last_fetch": self.last_fetch,
            "born": self.born,
            "anchor": self.anchor,
            "anchor_var": self.anchor_var,
            "intervals": list(self.intervals),
            "changes": self.changes,
            "exposure": self.exposure,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Self:
        model = cls(
            last_fetch=_opt_float(data.get("last_fetch")),
            born=_opt_float(data.get("born", data.get("last_fetch"))),
            anchor=_opt_float(data.get("anchor")),
            anchor_var=float(data.get("anchor_var") or 0.0),  # type: ignore[arg-type]
            intervals=[float(x) for x in data.get("intervals") or []],  # type: ignore[union-attr,attr-defined]
            changes=float(data.get("changes") or 0.0),  # type: ignore[arg-type]
            exposure=float(data.get("exposure") or 0.0),  # type: ignore[arg-type]
        )
        model.refit()
        return model


def _opt_float(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]
