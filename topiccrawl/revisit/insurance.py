"""How often clockwork pages break their clock: the weight of their memoryless insurance.

A page whose intervals look like a clock is polled densely around its forecast and
hardly at all far before it; the memoryless part of its model (see
:class:`~topiccrawl.revisit.model.PageModel`) is what still fetches it now and then
in case the clock stops or changes pace. How much insurance is worth buying
depends on the crawl: a population of exact schedulers needs almost none, one of
news desks that sometimes publish early needs more. :class:`Insurance` learns it
from the pages themselves: the share of changes of calibrated clockwork pages
(enough intervals for their own Normal to be trusted) that came more than
EARLY_Z spreads before the forecast, which their Normal says almost never
happens, starting from a prior of one such change in a thousand, worth a hundred changes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

# a change this many forecast spreads early is a broken clock, not chance (Normal: 3e-5)
EARLY_Z: Final = -4.0
# the prior: PRIOR_EARLY early changes in PRIOR_CHANGES (0.1%), worth 100 changes. Worth 1000, it
# outweighed what a crawl of 1000 pages sees in its first days (a hundred or so calibrated changes
# a day), which kept every clockwork page polling for a broken clock ten times as often as the
# crawl's own clocks called for, days after they had shown how punctual they were.
PRIOR_EARLY: Final = 0.1
PRIOR_CHANGES: Final = 100.0
# bounds of the learned weight
LEAST: Final = 1e-4
MOST: Final = 0.05


_SQRT2: Final = math.sqrt(2.0)


def early_probability(z0: float, z1: float, *, weight: float, rate: float, anchor: float) -> float:
    """Probability that a change seen between two fetches at forecast coordinates ``z0`` and ``z1``
    came before EARLY_Z, for a page whose interval follows its forecast Normal with weight
    ``1 - weight`` and a memoryless law of ``rate`` per forecast spread, counted from the
    coordinate ``anchor`` of its last change, with ``weight``.

    The bracket, not its midpoint, is what a fetch shows: the fetches before a clock's window are
    hours apart, and a change that came 2.5 spreads early, where the Normal expects 0.6% of them,
    has its midpoint at 6 spreads when the window's first fetch sees it."""
    if z1 <= EARLY_Z:
        return 1.0
    if z0 >= EARLY_Z:
        return 0.0

    def mass(a: float, b: float) -> float:
        normal = 0.5 * (math.erfc(-b / _SQRT2) - math.erfc(-a / _SQRT2))
        memoryless = -math.exp(-rate * (a - anchor)) * math.expm1(-rate * (b - a))
        return (1.0 - weight) * normal + weight * memoryless

    total = mass(z0, z1)
    return mass(z0, EARLY_Z) / total if total > 0.0 else 0.5


@dataclass(slots=True)
class Insurance:
    """Early changes seen among changes of calibrated clockwork pages."""

    early: float = 0.0
    changes: float = 0.0

    def observe(self, z: float) -> None:
        """A calibrated clockwork page changed at forecast coordinate ``z``."""
        self.observe_share(1.0 if z < EARLY_Z else 0.0)

    def observe_share(self, early: float) -> None:
        """A calibrated clockwork page changed, early with probability ``early`` (:func:`early_probability`)."""
        self.changes += 1.0
        self.early += early

    @property
    def weight(self) -> float:
        """Least weight of a clockwork page's memoryless part."""
        share = (self.early + PRIOR_EARLY) / (self.changes + PRIOR_CHANGES)
        return min(MOST, max(LEAST, share))

    def to_dict(self) -> dict[str, float]:
        return {"early": self.early, "changes": self.changes}

    def load(self, data: object) -> None:
        """Restore :meth:`to_dict` output; anything malformed leaves the prior (it is one)."""
        if not isinstance(data, dict):
            return
        try:
            early, changes = float(data["early"]), float(data["changes"])
        except (KeyError, TypeError, ValueError):
            return
        if 0.0 <= early <= changes:
            self.early, self.changes = early, changes
