"""How likely a page too young to tell is memoryless, from the pages of its pace that could tell.

A page needs a few intervals (:data:`~topiccrawl.revisit.model.DECIDED_INTERVALS`) before its
own dispersion says whether it keeps a clock or changes at random; until then its model leans
on the share of memoryless pages among those already decided. One share for the whole
population is biased: fast pages are decided first (four intervals of an hourly page take four
hours, of a weekly one a month), and whether a page keeps a clock depends on what kind of page
it is. A crawl can hold hourly pages that change at random and daily ones that keep a clock,
and a few erratic fast pages would then make every young slow page poll for changes at random
every few hours while its forecast is days away.

:class:`RegimeShare` counts decided pages by pace, bins a factor of two wide in mean interval,
and gives a page the share among decided pages of nearby pace: the neighbouring bins weigh
a quarter as much per factor of two, and the population's own share is a prior worth
:data:`PRIOR_PAGES` pages (so a pace no page has shown yet gets the population's share).
"""

from __future__ import annotations

import math
from typing import Final

# bin 0 holds mean intervals below FIRST seconds; each bin is a factor of two wider than the last
FIRST: Final = 60.0
PACE_BINS: Final = 26  # the last (open) bin starts at about 60 years
# weight of the population's share, in pages, against the pages of nearby pace
PRIOR_PAGES: Final = 2.0
# weight kept by a bin's counts per bin of distance (a factor of two in pace)
NEIGHBOUR: Final = 0.25


def pace_bin(mean: float) -> int:
    """Bin of a page whose intervals average ``mean`` seconds."""
    if mean < FIRST:
        return 0
    b = int(math.log2(mean / FIRST)) + 1
    return b if b < PACE_BINS else PACE_BINS - 1


class RegimeShare:
    """Decided pages by pace and regime (periodic or memoryless)."""

    __slots__ = ("memoryless", "periodic")

    def __init__(self) -> None:
        self.periodic = [0.0] * PACE_BINS
        self.memoryless = [0.0] * PACE_BINS

    def count(self, regime: int, b: int, delta: float) -> None:
        """Add ``delta`` pages of ``regime`` (0 periodic, 1 memoryless) to pace bin ``b``."""
        counts = self.memoryless if regime else self.periodic
        counts[b] += delta

    def population(self) -> float:
        """Share of memoryless pages among all decided ones (Laplace-smoothed: 1/2 with none)."""
        m = sum(self.memoryless, 0.0)
        return (m + 1.0) / (m + sum(self.periodic, 0.0) + 2.0)

    def share(self, mean: float) -> float:
        """Share of memoryless pages among decided pages of about ``mean`` seconds between changes."""
        b = pace_bin(mean)
        m = d = 0.0
        periodic, memoryless = self.periodic, self.memoryless
        for j in range(PACE_BINS):
            w = NEIGHBOUR ** abs(j - b)
            m += w * memoryless[j]
            d += w * (memoryless[j] + periodic[j])
        return (m + PRIOR_PAGES * self.population()) / (d + PRIOR_PAGES)
