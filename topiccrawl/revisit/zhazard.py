"""Population calibration of the periodic forecast: the change hazard on the forecast's own z-scale.

A page with k intervals of history forecasts its next change at
``anchor + mu`` with spread ``sigma`` (:class:`~topiccrawl.revisit.model.PageModel`).
A Normal law in ``z = (t - anchor - mu) / sigma`` is right only when mu and
sigma are known; from a few intervals they are not, and the real law of z has
heavier tails (a Student-t, in the textbook case), plus whatever the pages'
true interval laws add (skew, truncation, drift). A change that comes at
z = -3 when the Normal says it almost never does is detected late, and such
early changes dominated the mean delay of pages with few intervals.

:class:`ZHazard` learns the law of z from every page's fetch outcomes instead:
per stratum of history length k and per bin of z, changes seen divided by the
z-exposure watched without a change (Nelson-Aalen, censoring included), with
the Normal hazard as a weak prior for bins with little data. The wait until the
next fetch (when the expected undetected wait reaches theta) is then solved on
that piecewise-constant hazard, mixed with the page's memoryless part, exactly
and bin by bin (:func:`wait_until`).
"""

from __future__ import annotations

import math
from typing import ClassVar, Final

from topiccrawl.revisit.hazard import BinnedCounts

Z_MIN: Final = -6.0
Z_MAX: Final = 6.0
WIDTH: Final = 0.2
INNER: Final = round((Z_MAX - Z_MIN) / WIDTH)
BINS: Final = INNER + 2  # bin 0: z < Z_MIN; bin BINS - 1: z >= Z_MAX
# z-units of pseudo-exposure at the Normal hazard in each bin (the prior's weight)
PRIOR_EXPOSURE: Final = 2.0
# z-units of pseudo-exposure at the pooled rate of all strata in each bin of one stratum
POOLED_EXPOSURE: Final = 20.0
# history lengths (intervals) at which a new stratum starts
STRATUM_STARTS: Final = (1, 2, 3, 5, 10)
# from this many intervals on, a page's own Normal forecast is calibrated enough
CALIBRATED_FROM: Final = 20
# observations between refreshes of the rate and cumulative tables
REFRESH_EVERY: Final = 4096

_SQRT2: Final = math.sqrt(2.0)


def _log_sf(z: float) -> float:
    """log P(Z > z) for a standard Normal, accurate in both tails."""
    if z < 5.0:
        return math.log(0.5 * math.erfc(z / _SQRT2))
    # Mills-ratio expansion: P(Z > z) ~ phi(z) / z * (1 - 1/z^2 + 3/z^4)
    return -0.5 * z * z - math.log(z * math.sqrt(2.0 * math.pi)) + math.log1p(-1.0 / (z * z) + 3.0 / z**4)


def _edge(b: int) -> float:
    """Lower z edge of bin ``b``."""
    if b <= 0:
        return -math.inf
    return Z_MIN + (b - 1) * WIDTH


def _upper(b: int) -> float:
    """Upper z edge of bin ``b``."""
    return _edge(b + 1) if b < BINS - 1 else math.inf


def _bin(z: float) -> int:
    if z < Z_MIN:
        return 0
    b = int((z - Z_MIN) / WIDTH) + 1
    return b if b < BINS else BINS - 1


def _normal_prior() -> list[float]:
    """Normal hazard per z-unit, averaged over each bin."""
    rates = [0.0] * BINS
    for b in range(1, BINS - 1):
        lo, hi = _edge(b), _edge(b + 1)
        rates[b] = (_log_sf(lo) - _log_sf(hi)) / WIDTH
    rates[0] = (0.0 - _log_sf(Z_MIN)) / 1.0  # the whole left tail, over a nominal unit
    rates[-1] = Z_MAX + 1.0 / Z_MAX  # the hazard of a Normal keeps growing like z
    return rates


_PRIOR: Final = _normal_prior()
_CENTER: Final = _bin(0.0)  # bins left of the forecast's centre


def _rising(events: list[float], exposure: list[float]) -> list[float]:
    """Least-squares non-decreasing rates (pool adjacent violators, weighted by exposure)."""
    blocks: list[list[float]] = []  # [events, exposure, bins]
    for e, x in zip(events, exposure, strict=True):
        blocks.append([e, x, 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            e2, x2, n2 = blocks.pop()
            blocks[-1][0] += e2
            blocks[-1][1] += x2
            blocks[-1][2] += n2
    rates: list[float] = []
    for e, x, n in blocks:
        rates.extend([e / x] * int(n))
    return rates


_STRATUM_OF: Final = [max(0, sum(1 for start in STRATUM_STARTS if k >= start) - 1) for k in range(CALIBRATED_FROM + 1)]


_LAST_STRATUM: Final = len(STRATUM_STARTS) - 1


def stratum(k: int) -> int:
    return _STRATUM_OF[k] if k < CALIBRATED_FROM else _LAST_STRATUM


class ZTable(BinnedCounts):
    """Hazard per z-unit of one stratum, with its cumulative table."""

    __slots__ = ("cum", "rates")
    BINS: ClassVar[int] = BINS

    def bin_of(self, x: float) -> int:
        return _bin(x)

    def upper_edge(self, b: int) -> float:
        return _upper(b)

    def __init__(self) -> None:
        super().__init__()
        self.rates = list(_PRIOR)
        self.cum: list[float] = []  # cumulative hazard at each bin's lower edge (bins 1..)
        self.refresh()

    def refresh(self, prior: list[float] | None = None, weight: float = PRIOR_EXPOSURE) -> None:
        """Rates from the counts and a prior of ``weight`` z-units at the rates ``prior`` in each bin
        (the Normal hazard without one)."""
        ev, ex = self.events, self.exposure
        if prior is None:
            prior = _PRIOR
        events = [ev[b] + weight * prior[b] for b in range(BINS)]
        exposure = [ex[b] + weight for b in range(BINS)]
        # Left of the forecast the hazard of a unimodal law can only rise: pooling
        # adjacent violators keeps a bin that happened to see no change from
        # telling the scheduler that no change can come there (it would then
        # never poll there, and never see one).
        rates = _rising(events[:_CENTER], exposure[:_CENTER])
        self.rates = rates + [events[b] / exposure[b] for b in range(_CENTER, BINS)]
        cum = [0.0] * (BINS + 1)
        for b in range(1, BINS):
            cum[b + 1] = cum[b] + self.rates[b] * WIDTH
        self.cum = cum

    def expose_event(self, z0: float, z1: float) -> None:
        """A change seen between fetches at z0 and z1: the event and the exposure before it are
        spread over the bracket's bins in proportion to what the current rates expect of each part
        (one self-consistency step of Turnbull's estimator for interval-censored data).

        The bracket's midpoint would do for the narrow brackets near the forecast, but before the
        window fetches are hours apart, and a change that came at -2.5 spreads and was seen by the
        window's first fetch would count as one at -6: a tail the scheduler then polls for."""
        rates = self.rates
        first = _bin(z0)  # the bracket's pieces lie in bins first, first + 1, ...
        widths: list[float] = []
        masses: list[float] = []
        surv = 1.0
        a = z0
        b = first
        while True:
            edge = _upper(b)  # the last bin is open: its edge is infinite
            end = edge if edge < z1 else z1
            q = -math.expm1(-rates[b] * (end - a))
            widths.append(end - a)
            masses.append(surv * q)
            surv *= 1.0 - q
            if end >= z1:
                break
            a = end
            b += 1
        total = sum(masses)  # 1 - surv, without its cancellation
        if total <= 1e-300:  # the rates expect nothing here: the midpoint
            mid = 0.5 * (z0 + z1)
            self.expose(z0, mid)
            self.event(mid)
            return
        events, exposure = self.events, self.exposure
        after = total  # mass of the pieces from this one on
        for i in range(len(widths)):
            b, w, m = first + i, widths[i], masses[i]
            after -= m
            share = m / total
            later = (after if after > 0.0 else 0.0) / total  # the change came after this piece
            rw = rates[b] * w
            part = 0.5 * w if rw < 1e-6 else 1.0 / rates[b] + w * math.exp(-rw) / math.expm1(-rw)
            exposure[b] += later * w + share * part
            events[b] += share

    def cumulative(self, z: float) -> float:
        """Cumulative hazard from Z_MIN to z (negative left of Z_MIN)."""
        # _bin and _edge inlined: this runs twice per fetch of a page with few intervals
        if z < Z_MIN:
            return (z - Z_MIN) * self.rates[0]
        b = int((z - Z_MIN) / WIDTH) + 1
        if b >= BINS:
            b = BINS - 1
        return self.cum[b] + (z - (Z_MIN + (b - 1) * WIDTH)) * self.rates[b]


class ZHazard:
    """One :class:`ZTable` per stratum of history length."""

    __slots__ = ("since_refresh", "tables", "version")

    def __init__(self) -> None:
        self.tables = [ZTable() for _ in STRATUM_STARTS]
        self.since_refresh = 0  # observations since the last refresh (the scheduler counts its own inlined ones)
        self.version = 0  # counts refreshes: a value computed from the rates holds while it stands

    def table(self, k: int) -> ZTable:
        return self.tables[stratum(k)]

    def observe(self, k: int, z0: float, z1: float, changed: bool) -> None:
        """A page with ``k`` intervals, fetched at z0 and again at z1 (a change in between if ``changed``)."""
        table = self.tables[_STRATUM_OF[k] if k < CALIBRATED_FROM else _LAST_STRATUM]
        if changed:
            table.expose_event(z0, z1)
        else:  # the scheduler's unchanged fetches do this inline (LearnedScheduler._z_step)
            table.expose(z0, z1)
        self.counted()

    def counted(self) -> None:
        """Count one observation; every REFRESH_EVERY of them the tables are refreshed."""
        self.since_refresh += 1
        if self.since_refresh >= REFRESH_EVERY:
            self.refresh()

    def refresh(self) -> None:
        """New rates for every stratum. The strata's laws differ mostly in their tails, where each
        alone has little exposure: each is drawn towards the table of all strata pooled, which
        the Normal hazard draws in turn."""
        self.since_refresh = 0
        self.version += 1
        pooled = ZTable()
        for t in self.tables:
            for b in range(BINS):
                pooled.events[b] += t.events[b]
                pooled.exposure[b] += t.exposure[b]
        pooled.refresh()
        for t in self.tables:
            t.refresh(pooled.rates, POOLED_EXPOSURE)

    def to_dict(self) -> dict[str, object]:
        return {"tables": [t.to_dict() for t in self.tables]}

    def load(self, data: object) -> None:
        """Restore :meth:`to_dict` output; anything malformed is ignored (priors only)."""
        if not isinstance(data, dict):
            return
        tables = data.get("tables")
        if isinstance(tables, list) and len(tables) == len(self.tables):
            for table, part in zip(self.tables, tables, strict=True):
                table.load(part)  # the counts: one refresh below draws each table to the pool
            self.refresh()


def _wait_over(s: float, *, acc: float, pn: float, surv: float, r: float, eu: float, lam: float) -> float:
    """Expected undetected wait ``acc`` plus what the next ``s`` seconds add, from a point
    where the periodic part survives with ``surv`` (hazard ``r`` per second from there)
    and the memoryless part with ``eu``."""
    # the integral over [0, s] of (1 - exp(-x u)) du, for x = r and x = lam
    x = r * s
    seg_r = 0.5 * x * s if x < 1e-6 else s + math.expm1(-x) / r
    x = lam * s
    seg_lam = 0.5 * x * s if x < 1e-6 else s + math.expm1(-x) / lam
    return acc + pn * (s - surv * (s - seg_r)) + (1.0 - pn) * (s - eu * (s - seg_lam))


def _newton(s: float, *, theta: float, acc: float, pn: float, surv: float, r: float, eu: float, lam: float) -> float:
    """The root of ``_wait_over(s, ...) = theta`` by Newton steps from ``s`` (right of it)."""
    pe = 1.0 - pn
    for _ in range(30):
        g = pn * (1.0 - surv * math.exp(-r * s)) + pe * (1.0 - eu * math.exp(-lam * s))
        c = _wait_over(s, acc=acc, pn=pn, surv=surv, r=r, eu=eu, lam=lam) - theta
        if c <= 1e-3 * theta or g <= 0.0:
            break
        s -= c / g
        if s <= 0.0:
            s = 0.0
            break
    return s


def wait_until(table: ZTable, z0: float, sigma: float, *, theta: float, pn: float, lam: float, cap: float) -> float:
    """Seconds after t0 (at forecast coordinate ``z0``) at which the expected undetected
    wait reaches ``theta``, for a page that changes on ``table``'s hazard with
    probability ``pn`` and as a Poisson process of rate ``lam`` otherwise (both
    conditioned on no change up to t0). At most ``cap``.
    """
    # _bin and _upper are inlined below (same arithmetic): this runs per fetch
    pe = 1.0 - pn
    rates = table.rates
    if z0 < Z_MIN:
        b = 0
    else:
        b = int((z0 - Z_MIN) / WIDTH) + 1
        b = b if b < BINS else BINS - 1
    upper = Z_MIN + b * WIDTH if b < BINS - 1 else math.inf
    h0 = pn * rates[b] / sigma + pe * lam
    guess = math.inf
    if h0 > 0.0:
        guess = math.sqrt(2.0 * theta / h0)
        # the hazard is constant inside a bin: when d stays in it and a change over d
        # is unlikely, C(d) = h0 d^2 / 2 is exact enough
        if h0 * guess < 0.05 and guess < (upper - z0) * sigma:
            return guess if guess < cap else cap
    u = 0.0  # seconds since t0
    acc = 0.0  # expected undetected wait accumulated over [t0, t0 + u]
    surv = 1.0  # P(no periodic change in (t0, t0 + u])
    z = z0
    while u < cap:
        r = rates[b] / sigma
        eu = math.exp(-lam * u)
        end = (upper - z) * sigma
        end = end if end <= cap - u else cap - u
        total = _wait_over(end, acc=acc, pn=pn, surv=surv, r=r, eu=eu, lam=lam)
        if total >= theta:
            # C is convex and increasing in s: Newton from the right converges monotonically;
            # start from the small-d guess when it is right of the root
            s = end
            if u == 0.0 and guess < end and _wait_over(guess, acc=0.0, pn=pn, surv=surv, r=r, eu=eu, lam=lam) >= theta:
                s = guess
            return u + _newton(s, theta=theta, acc=acc, pn=pn, surv=surv, r=r, eu=eu, lam=lam)
        acc = total
        surv *= math.exp(-r * end)
        u += end
        z += end / sigma
        if b < BINS - 1:
            b += 1
            upper = Z_MIN + b * WIDTH if b < BINS - 1 else math.inf
    return cap
