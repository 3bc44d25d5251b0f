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
happens, starting from a prior of one such change in a thousand.
"""

from __future__ import annotations

from dataclasses import dataclass

# a change this many forecast spreads early is a broken clock, not chance (Normal: 3e-5)
EARLY_Z = -4.0
# the prior: PRIOR_EARLY early changes in PRIOR_CHANGES (0.1%)
PRIOR_EARLY = 1.0
PRIOR_CHANGES = 1000.0
# bounds of the learned weight
LEAST = 1e-4
MOST = 0.05


@dataclass(slots=True)
class Insurance:
    """Early changes seen among changes of calibrated clockwork pages."""

    early: float = 0.0
    changes: float = 0.0

    def observe(self, z: float) -> None:
        """A calibrated clockwork page changed at forecast coordinate ``z``."""
        self.changes += 1.0
        if z < EARLY_Z:
            self.early += 1.0

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
