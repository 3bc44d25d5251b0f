"""When to fetch a page whose next change is a mixture over the spread it may have.

A page with a few intervals does not know its spread. The population's prior
(:class:`~topiccrawl.revisit.spread.SpreadPrior`) gives a posterior over it, and one
point estimate of it (the posterior mean of spread^2) forecasts a Normal whose tails
are too light where the page may be a wide one and too heavy where it may be a tight
one. Exact Bayes forecasts with the mixture over every spread the page may have; the
scheduler takes that posterior in a few parts of equal mass (``SpreadPrior.nodes``),
each part one Normal component, and solves its wait on their mixture and the page's
memoryless part.

The wait solved is :meth:`PageModel.wait_for <topiccrawl.revisit.model.PageModel.wait_for>`'s:
the time at which the expected wait of a change undetected since ``t0`` reaches
``theta``. Over most waits the density of the next change is smooth (each component's
log-density changes by little), and Simpson's rule, d^2 (f(0) + 2 f(d / 2)) / 6, solves it
with a few evaluations of the density, which need only exp. The other waits (a wait that
crosses a narrow component's peak, say) are solved by Newton's method on the exact
expected wait, from where an exponential through the density at both ends puts the root.
Within a percent of the exact wait either way (a Hypothesis test integrates it).

Compiled code calls ``math.erfc`` through Python, so the smooth path avoids it but for
the survival at t0, and skips that where it is 1 to 16 digits.

Not every young page waits on it: the mixture assumes Normal intervals, while the population's
z-tables it competes with learn how the pages' laws depart from a Normal (on skewed intervals
they detect changes 6-10% sooner). The scheduler uses the mixture per stratum of history lengths
where its log-score on the crawl's own changes is ahead (:mod:`~topiccrawl.revisit.forecastscore`).
"""

from __future__ import annotations

import math
from typing import Final, final

from topiccrawl.revisit.model import poisson_due
from topiccrawl.revisit.spread import NODES

_SQRT2: Final = math.sqrt(2.0)
_INV_SQRT_2PI: Final = 1.0 / math.sqrt(2.0 * math.pi)
# The mixture is a clock's forecast whose spread is uncertain: it forecasts pages whose memoryless
# weight is below this. A page that may well be memoryless keeps the population's z-table, whose
# law is learned from such pages' outcomes (on the Poisson model the mixture lost 1.5-2% there).
MIXTURE_BELOW: Final = 0.1
# fixed-point steps of Simpson's rule for the wait, and how far (in log-density) a component may
# change over the wait for it to be used
SIMPSON_STEPS: Final = 6
SMOOTH: Final = 2.0


@final
class Nodes:
    """The Normal components of a mixture forecast, (weight, spread) each, at most NODES of them.

    Kept in native float fields rather than a list: a page's components are read at every fetch
    of the page, pages come up in no particular order, and as a list each float was an object of
    its own in another cache line. Those misses were a seventh of the CPU of the n = 10000
    simulation."""

    __slots__ = ("count", "s0", "s1", "s2", "s3", "s4", "w0", "w1", "w2", "w3", "w4")

    def __init__(self, pairs: list[float]) -> None:
        """From ``[weight, spread, ...]`` (what :func:`forecast_nodes` returns)."""
        count = len(pairs) // 2
        if len(pairs) % 2 or count > NODES:
            raise ValueError(f"expected up to {NODES} (weight, spread) pairs, got {len(pairs)} numbers")
        self.count = count
        padded = pairs + [0.0, 1.0] * (NODES - count)  # never read: every loop stops at count
        self.w0, self.s0 = padded[0], padded[1]
        self.w1, self.s1 = padded[2], padded[3]
        self.w2, self.s2 = padded[4], padded[5]
        self.w3, self.s3 = padded[6], padded[7]
        self.w4, self.s4 = padded[8], padded[9]

    def weight(self, i: int) -> float:
        if i == 0:
            return self.w0
        if i == 1:
            return self.w1
        if i == 2:
            return self.w2
        return self.w3 if i == 3 else self.w4

    def spread(self, i: int) -> float:
        if i == 0:
            return self.s0
        if i == 1:
            return self.s1
        if i == 2:
            return self.s2
        return self.s3 if i == 3 else self.s4

    def pairs(self) -> list[float]:
        """``[weight, spread, ...]`` again."""
        out: list[float] = []
        for i in range(self.count):
            out.append(self.weight(i))
            out.append(self.spread(i))
        return out


def forecast_nodes(posterior: list[float], k: int, anchor_var: float) -> list[float]:
    """[weight, forecast spread, ...] of a page with ``k`` intervals from the posterior over its
    spread ([mass, spread^2, ...], see SpreadPrior.nodes): each spread^2 widened as PageModel.refit
    widens its point estimate (the mean is estimated from k intervals; the last change and the
    anchor are bracket midpoints)."""
    inflate = 1.0 + 1.0 / k
    extra = 2.0 * anchor_var
    nodes: list[float] = []
    for i in range(0, len(posterior), 2):
        mass = posterior[i]
        if mass > 0.0:
            nodes.append(mass)
            nodes.append(math.sqrt(posterior[i + 1] * inflate + extra) + 1e-3)
    return nodes


def mixture_wait(
    nodes: Nodes, *, origin: float, t0: float, w_exp: float, lam: float, age: float, theta: float, cap: float
) -> float:
    """Seconds after ``t0`` at which the expected undetected wait reaches ``theta`` (at most ``cap``),
    for a page whose next change is, with probability 1 - ``w_exp``, Normal(``origin``, spread) with
    the weights and spreads of ``nodes``, else memoryless of rate ``lam``
    (``age`` seconds since its last change); all conditioned on no change up to ``t0``."""
    if w_exp >= 1.0:  # no Normal part
        return min(cap, poisson_due(theta, lam))
    # Given no change by t0 a component's weight is proportional to its survival, and its density
    # divided by that survival: the density of the next change needs no survival but the total's.
    memoryless = w_exp * math.exp(-lam * age)
    survival = 0.0  # of the Normal part
    normal = 0.0  # its density at t0
    for i in range(nodes.count):
        weight = nodes.weight(i)
        spread = nodes.spread(i)
        z0 = (t0 - origin) / spread
        # left of -8 spreads the survival is 1 to 16 digits: most pages wait there, far from their forecast,
        # and erfc is a call through Python from compiled code
        survival += weight if z0 < -8.0 else weight * 0.5 * math.erfc(z0 / _SQRT2)
        normal += weight * _INV_SQRT_2PI * math.exp(-0.5 * z0 * z0) / spread
    if survival <= 0.0:
        return min(cap, poisson_due(theta, lam))
    total = memoryless + (1.0 - w_exp) * survival
    f0 = (memoryless * lam + (1.0 - w_exp) * normal) / total
    if f0 <= 0.0:  # no density at t0 (far left of every component): the solver starts from the right
        return _solve(_Mixture(nodes, origin=origin, t0=t0, w_exp=w_exp, lam=lam, age=age), cap, theta, cap)
    d = math.sqrt(2.0 * theta / f0)
    d = d if d < cap else cap  # far beyond cap the sums lose their digits
    scale = (1.0 - w_exp) / total
    rate = memoryless * lam / total
    f1 = rate * math.exp(-lam * d) + scale * _normal_density(nodes, origin, t0 + d)
    if f1 > 0.0 and abs(f1 - f0) > 0.1 * f0:  # far from the forecast the density grows or decays about
        guess = _exponential_root(f0, math.log(f1 / f0) / d, theta)  # exponentially: start there
        d = guess if guess < cap else cap
    # Simpson's rule: the expected wait is d^2 (f0 + 2 f(d / 2)) / 6, exact for a density quadratic
    # over the wait, which a smooth one is closely enough (_smooth); d is its fixed point
    for _ in range(SIMPSON_STEPS):
        half = rate * math.exp(-0.5 * lam * d) + scale * _normal_density(nodes, origin, t0 + 0.5 * d)
        new = math.sqrt(6.0 * theta / (f0 + 2.0 * half))
        if new >= cap:
            break
        step = new - d
        d = new
        if -1e-3 * d <= step <= 1e-3 * d:
            if lam * d <= SMOOTH and _smooth(nodes, origin, t0, d, 1e-3 * f0 / scale):
                return d
            break
    return _solve(_Mixture(nodes, origin=origin, t0=t0, w_exp=w_exp, lam=lam, age=age), d, theta, cap)


def _smooth(nodes: Nodes, origin: float, t0: float, d: float, negligible: float) -> bool:
    """Whether every component whose density reaches ``negligible`` within [t0, t0 + d] changes its
    log-density by at most about SMOOTH over it (Simpson's rule then errs by well under a percent)."""
    for i in range(nodes.count):
        spread = nodes.spread(i)
        z0 = (t0 - origin) / spread
        z1 = z0 + d / spread
        peak = z1 if z1 < 0.0 else (z0 if z0 > 0.0 else 0.0)  # where the window's density is highest
        if nodes.weight(i) * _INV_SQRT_2PI * math.exp(-0.5 * peak * peak) / spread < negligible:
            continue
        steepest = -z0 if -z0 > z1 else z1
        span = d / spread
        if steepest * span + span * span > SMOOTH:
            return False
    return True


def _normal_density(nodes: Nodes, origin: float, t: float) -> float:
    """Density at ``t`` of the Normal components (unconditioned)."""
    f = 0.0
    for i in range(nodes.count):
        spread = nodes.spread(i)
        z = (t - origin) / spread
        f += nodes.weight(i) * _INV_SQRT_2PI * math.exp(-0.5 * z * z) / spread
    return f


def normal_survival(nodes: Nodes, origin: float, t: float) -> float:
    """Probability that the Normal components (``nodes``: weights summing to 1, all centred on
    ``origin``) put the change after ``t``."""
    survival = 0.0
    for i in range(nodes.count):
        z = (t - origin) / nodes.spread(i)
        weight = nodes.weight(i)
        survival += weight if z < -8.0 else weight * 0.5 * math.erfc(z / _SQRT2)
    return survival


def _exponential_root(f0: float, growth: float, theta: float) -> float:
    """Where the expected wait f0 (e^(g d) - 1 - g d) / g^2 of a density f0 e^(g d) (g: ``growth``)
    reaches ``theta``."""
    if abs(growth) * math.sqrt(2.0 * theta / f0) < 1e-3:
        return math.sqrt(2.0 * theta / f0)
    # x = g d solves e^x - 1 - x = r; the function is convex, so Newton from the side of the root
    # where it exceeds r converges monotonically
    r = theta * growth * growth / f0
    x = min(math.sqrt(2.0 * r), math.log(1.0 + r + math.sqrt(2.0 * r))) if growth > 0.0 else -(1.0 + r)
    for _ in range(30):
        slope = math.exp(x) - 1.0  # not expm1, which compiled code calls through Python: |x| is not small here
        step = (slope - x - r) / slope
        x -= step
        if abs(step) <= 1e-9 * abs(x):
            break
    return x / growth


def _solve(law: _Mixture, d: float, theta: float, cap: float) -> float:
    """Newton on the expected wait from ``d``: it is convex and increasing, so a step from the left of
    the root lands right of it and from there the steps converge monotonically."""
    excess, g = law.excess(d, theta)
    for _ in range(40):
        if -1e-3 * theta <= excess <= 1e-3 * theta:
            break
        if excess < 0.0 and d >= cap:
            return cap
        step = d - excess / g if g > 0.0 else 2.0 * d
        d = 1e-3 if step < 1e-3 else (cap if step > cap else step)
        excess, g = law.excess(d, theta)
    return d


class _Mixture:
    """The law of a page's next change given none up to t0 (see :func:`mixture_wait`), with what
    the expected wait needs of each Normal component at t0, for the solver's repeated evaluations."""

    __slots__ = ("at0", "lam", "left", "memoryless", "scales", "spreads", "zs")

    def __init__(self, nodes: Nodes, *, origin: float, t0: float, w_exp: float, lam: float, age: float) -> None:
        self.lam = lam
        self.scales: list[float] = []  # a component's weight over the total survival at t0
        self.zs: list[float] = []  # t0 in the component's units
        self.spreads: list[float] = []
        self.left: list[bool] = []  # t0 left of the component's mean: its sums are taken from the left
        # from the left: Phi(z0) and z0 Phi(z0) + phi(z0); from the right: Q(z0) and phi(z0) - z0 Q(z0)
        self.at0: list[float] = []
        memoryless = w_exp * math.exp(-lam * age)
        total = memoryless
        for i in range(nodes.count):
            spread = nodes.spread(i)
            weight = nodes.weight(i)
            z0 = (t0 - origin) / spread
            density = _INV_SQRT_2PI * math.exp(-0.5 * z0 * z0)
            left = z0 <= 0.0
            tail = 0.5 * math.erfc((-z0 if left else z0) / _SQRT2)
            total += (1.0 - w_exp) * weight * (1.0 - tail if left else tail)
            self.scales.append((1.0 - w_exp) * weight)
            self.zs.append(z0)
            self.spreads.append(spread)
            self.left.append(left)
            self.at0.append(tail)
            self.at0.append(z0 * tail + density if left else density - z0 * tail)
        self.memoryless = memoryless / total  # weight of the memoryless part given no change by t0
        for j in range(len(self.scales)):
            self.scales[j] /= total

    def excess(self, d: float, theta: float) -> tuple[float, float]:
        """(expected wait within ``d`` seconds of t0 of a change undetected since t0, minus ``theta``;
        the probability of a change within ``d``, its derivative), each component's sums taken on
        the side of its mean where they do not cancel."""
        lam = self.lam
        x = lam * d
        wait = self.memoryless * (d * x * (0.5 - x / 6.0) if x < 1e-4 else d + math.expm1(-x) / lam)
        probability = -self.memoryless * math.expm1(-x)
        at0 = self.at0
        for j in range(len(self.zs)):
            spread = self.spreads[j]
            z1 = self.zs[j] + d / spread
            density = _INV_SQRT_2PI * math.exp(-0.5 * z1 * z1)
            tail0 = at0[2 * j]
            if self.left[j]:
                tail = 0.5 * math.erfc(-z1 / _SQRT2)
                c = spread * (z1 * tail + density - at0[2 * j + 1]) - tail0 * d
                p = tail - tail0
            else:
                tail = 0.5 * math.erfc(z1 / _SQRT2)
                c = tail0 * d - spread * (at0[2 * j + 1] - (density - z1 * tail))
                p = tail0 - tail
            scale = self.scales[j]
            wait += scale * (c if c > 0.0 else 0.0)
            probability += scale * p
        return wait - theta, probability
