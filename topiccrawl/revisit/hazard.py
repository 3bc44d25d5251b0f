"""Population hazard of a page's next change, for pages with too little history of their own.

A page seen to change at most once has no interval to predict from; its
next change is best predicted from how *other* pages in the same state
behaved (empirical Bayes). :class:`AgeHazard` estimates, for one such state
("never changed since first fetch", "changed once"), the hazard of a change as
a function of the time spent in that state, from all pages' fetch outcomes:
per log-spaced age bin, changes seen divided by page-seconds watched without a
change (the Nelson-Aalen estimate, censoring included). A shared pool of
periodic pages whose periods are spread over some range gives a hazard that is
low right after a change and rises towards the longest periods, which a
per-page Poisson rate cannot express.

Every call is O(1) (a fixed number of bins; an exposure span rarely crosses
more than one bin boundary).
"""

from __future__ import annotations

import math
from typing import ClassVar, Final

# Ages below AGE0 seconds share the first bin; bins grow by GROWTH.
AGE0: Final = 60.0
GROWTH: Final = 1.25
BINS: Final = 80
_LOG_GROWTH: Final = math.log(GROWTH)


_INV_LOG_GROWTH: Final = 1.0 / _LOG_GROWTH
_LOG_AGE0: Final = math.log(AGE0)


def _bin(age: float) -> int:
    if age <= AGE0:
        return 0
    b = int((math.log(age) - _LOG_AGE0) * _INV_LOG_GROWTH) + 1
    return b if b < BINS else BINS - 1


def _edge(b: int) -> float:
    """Upper age edge of bin ``b``."""
    return AGE0 * GROWTH**b if b < BINS - 1 else math.inf


class BinnedCounts:
    """Changes seen and exposure watched without a change, per bin of some coordinate
    (a page's age in its state here, its forecast's z in :mod:`~topiccrawl.revisit.zhazard`):
    the counts of a Nelson-Aalen estimate. Subclasses give ``BINS``, ``bin_of`` and
    ``upper_edge`` (the last bin is open)."""

    __slots__ = ("events", "exposure")
    BINS: ClassVar[int]

    def bin_of(self, x: float) -> int:
        raise NotImplementedError

    def upper_edge(self, b: int) -> float:
        raise NotImplementedError

    def __init__(self) -> None:
        self.events = [0.0] * self.BINS
        self.exposure = [0.0] * self.BINS

    def expose(self, start: float, end: float) -> None:
        """Watched from ``start`` to ``end`` without a change."""
        if end <= start:
            return
        b = self.bin_of(start)
        exposure = self.exposure
        while True:
            edge = self.upper_edge(b)
            if end <= edge:
                exposure[b] += end - start
                return
            exposure[b] += edge - start
            start = edge
            b += 1

    def event(self, x: float) -> None:
        self.events[self.bin_of(x)] += 1.0

    def to_dict(self) -> dict[str, list[float]]:
        return {"events": list(self.events), "exposure": list(self.exposure)}

    def load(self, data: object) -> bool:
        """Restore :meth:`to_dict` output; False (and nothing changed) when it is malformed."""
        if not isinstance(data, dict):
            return False
        ev, ex = data.get("events"), data.get("exposure")
        if not (isinstance(ev, list) and isinstance(ex, list) and len(ev) == len(ex) == self.BINS):
            return False
        self.events = [float(x) for x in ev]
        self.exposure = [float(x) for x in ex]
        return True


class AgeHazard(BinnedCounts):
    """Change hazard by age in a state, learned from every page passing through it
    (read with :func:`hazard_rate`)."""

    __slots__ = ()
    BINS: ClassVar[int] = BINS

    def bin_of(self, x: float) -> int:
        return _bin(x)

    def upper_edge(self, b: int) -> float:
        return _edge(b)


# Strata of pages seen to change once, by how long their first change took
# (log-spaced by STRATUM_GROWTH from AGE0): a page slow to change at first is
# likely slow again, whatever the model.
STRATUM_GROWTH: Final = 2.0
STRATA: Final = 20
# changes' worth of weight the pooled hazard has in a stratum's estimate
STRATUM_PRIOR: Final = 2.0
# A page seen to change once counts its age since that change in units of its first
# change's age (mapped to AGE0-based bins as this many seconds per unit) until it reaches
# that age: a page whose first change came a seconds after it was first seen most likely
# has a period above a, so its hazard is low below age ~a, whichever end of its stratum
# a lies in. From age a on it counts plain seconds (times ABS_UNIT, which keeps the two
# parts in separate bins): a page watched from a random phase of its cycle tells by its
# first change only that its period is above a, so above a every page whose period is
# drawn from the same population has the same hazard at the same age, and pooling by
# age in seconds lets them share it (and see where the longest periods end).
_RATIO_UNIT: Final = 3600.0
ABS_UNIT: Final = _RATIO_UNIT / AGE0
# names that coordinate in saved state (tables saved before it had plain seconds are dropped)
ONCE_AGES: Final = "ratio-then-seconds"


class YoungHazards:
    """Population hazards of pages never seen to change, and of pages seen to change
    once (pooled, and by stratum of the age at their first change)."""

    __slots__ = ("never", "once", "strata")

    def __init__(self) -> None:
        self.never = AgeHazard()
        self.once = AgeHazard()
        self.strata = [AgeHazard() for _ in range(STRATA)]

    @staticmethod
    def stratum(first_age: float) -> int:
        if first_age <= AGE0:
            return 0
        s = int(math.log(first_age / AGE0) / math.log(STRATUM_GROWTH)) + 1
        return s if s < STRATA else STRATA - 1

    def hazards(self, first_age: float | None) -> tuple[AgeHazard, ...]:
        """The hazards a page in the state given by ``first_age`` feeds: (never,) or (once, its stratum)."""
        return (self.never,) if first_age is None else (self.once, self.strata[self.stratum(first_age)])

    def observe(self, first_age: float | None, start: float, end: float, changed: bool) -> None:
        """Watched from age ``start`` to ``end`` in the state (``first_age`` None: never
        changed; else the age of the first change); ``changed``: a change at ``end``."""
        hazards = self.hazards(first_age)
        unit = age_unit(first_age)
        cut = switch_age(first_age)
        if end > cut:
            if start < cut:  # the part before the switch, in units of the first change's age
                for hazard in hazards:
                    hazard.expose(start * unit, cut * unit)
                start = cut
            unit = ABS_UNIT
        for hazard in hazards:
            hazard.expose(start * unit, end * unit)
            if changed:
                hazard.event(end * unit)

    def to_dict(self) -> dict[str, object]:
        return {
            "never": self.never.to_dict(),
            "once": self.once.to_dict(),
            "strata": [h.to_dict() for h in self.strata],
            "once_ages": ONCE_AGES,
        }

    def load(self, data: object) -> None:
        """Restore :meth:`to_dict` output; anything malformed is ignored (priors only), and so
        are tables of pages seen to change once saved with another age coordinate."""
        if not isinstance(data, dict):
            return
        self.never.load(data.get("never"))
        if data.get("once_ages") != ONCE_AGES:
            return
        self.once.load(data.get("once"))
        strata = data.get("strata")
        if isinstance(strata, list) and len(strata) == STRATA:
            for hazard, part in zip(self.strata, strata, strict=True):
                hazard.load(part)

    def rate(self, first_age: float | None, age: float, own_rate: float) -> float:
        """Hazard per second at ``age`` (seconds in the state)."""
        unit = age_unit(first_age, age)
        return unit * hazard_rate(self.hazards(first_age), _bin(age * unit), own_rate / unit)


def age_unit(first_age: float | None, age: float = 0.0) -> float:
    """Units of the state's age coordinate per second at ``age`` seconds in the state (see ``_RATIO_UNIT``)."""
    if first_age is None:
        return 1.0
    cut = switch_age(first_age)
    return _RATIO_UNIT / cut if age <= cut else ABS_UNIT


def switch_age(first_age: float | None) -> float:
    """Seconds in the state after which its age counts in plain seconds (see ``_RATIO_UNIT``)."""
    return math.inf if first_age is None else max(first_age, AGE0)


def age_bin(age: float) -> int:
    """The bin of ``age`` in every :class:`AgeHazard`."""
    return _bin(age)


def age_edge(b: int) -> float:
    """Upper age edge of bin ``b`` of every :class:`AgeHazard`."""
    return _edge(b)


def hazard_rate(hazards: tuple[AgeHazard, ...], b: int, own_rate: float) -> float:
    """Hazard per age unit in age bin ``b`` of a page feeding ``hazards`` (see :meth:`YoungHazards.hazards`):
    the pooled estimate with the page's own rate as its prior, then the stratum's with the
    pooled one as its prior (a module function: it runs twice per fetch of a young page)."""
    pooled = hazards[0]
    h = (pooled.events[b] + 0.5) / (pooled.exposure[b] + 0.5 / own_rate)
    if len(hazards) == 1:
        return h
    stratum = hazards[1]
    return (stratum.events[b] + STRATUM_PRIOR) / (stratum.exposure[b] + STRATUM_PRIOR / h)
