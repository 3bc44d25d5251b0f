"""Which forecast a young clockwork page waits on: the mixture over its spread, or the z-table.

A page with fewer than ``CALIBRATED_FROM`` intervals has two forecasts of its next change:

* the population's z-table for its history length (:mod:`~topiccrawl.revisit.zhazard`): one
  Normal, at the posterior mean of the spread, reshaped by the hazard the population's pages
  showed in its units. It learns how the intervals depart from a Normal (skewed intervals);
* the mixture over the spread the page may have (:mod:`~topiccrawl.revisit.mixture`): exact
  Bayes when the intervals are Normal, nothing learned about their shape.

On the issue's simulation (Normal intervals) the mixture detects changes sooner; on skewed
intervals the z-table does, by 6-10%. Neither is known to be right for a given crawl, so the
scheduler lets the crawl's own pages decide: when a page with both forecasts changes, each
forecast, as it stood when the page last changed, gave some probability to the bracket the
fetches found the change in, ``(S(last) - S(now)) / S(since)`` with ``S`` its survival
(memoryless part included), ``since`` the fetch that refitted the page, ``last`` the last
fetch that found nothing. The log of their ratio is the mixture's log-likelihood ratio for
that change; summed over the changes of one stratum of history lengths it is the evidence for
the mixture there. A stratum waits on the mixture once that sum is ahead by more than
``MARGIN`` times its own spread (the root of its sum of squares), on the z-table until then.

The unchanged fetches in between need not be scored one by one: the product of their
conditional survivals telescopes to the ratio above. Sums are never decayed, like the
z-tables' counts: the comparison is between two forecasts that learn from the same pages.
"""

from __future__ import annotations

import math
from typing import Final

from topiccrawl.revisit.mixture import Nodes, normal_survival
from topiccrawl.revisit.zhazard import ZTable, stratum

# how far ahead (in units of the root of the summed squared log-ratios) the mixture must be to be
# used: at 0 the first few changes decide, and a lucky start cost 1-4% on left-skewed intervals
MARGIN: Final = 1.0
_TINY: Final = 1e-12


def table_survival(table: ZTable, mu: float, sigma: float, t: float) -> float:
    """Probability that the z-table's forecast (mean interval ``mu``, spread ``sigma``, counted
    from the page's last change) puts the change more than ``t`` seconds after that change."""
    return _survival_from(table, table.cumulative(-mu / sigma), mu, sigma, t)


def _survival_from(table: ZTable, start: float, mu: float, sigma: float, t: float) -> float:
    """:func:`table_survival` given the table's cumulative hazard at the last change (``start``)."""
    return math.exp(min(0.0, start - table.cumulative((t - mu) / sigma)))


class ForecastScore:
    """The mixture's log-likelihood ratio over the z-table, per stratum of history lengths."""

    __slots__ = ("always", "chosen", "counts", "squares", "sums")

    def __init__(self, strata: int, *, always: bool = False) -> None:
        self.always = always  # the mixture wherever a page has one, whatever the score
        self.sums = [0.0] * strata
        self.squares = [0.0] * strata
        self.counts = [0] * strata
        self.chosen = [always] * strata  # whether each stratum waits on the mixture

    def add(self, k: int, mixture: float, table: float) -> None:
        """One change of a page with ``k`` intervals, to which the mixture gave probability
        ``mixture`` and the z-table ``table``."""
        i = stratum(k)
        r = math.log(max(mixture, _TINY) / max(table, _TINY))
        self.sums[i] += r
        self.squares[i] += r * r
        self.counts[i] += 1
        self._choose(i)

    def _choose(self, i: int) -> None:
        if not self.always:
            self.chosen[i] = self.sums[i] > MARGIN * math.sqrt(self.squares[i])

    def score_change(
        self,
        k: int,
        table: ZTable,
        nodes: Nodes,
        *,
        w_exp: float,
        lam: float,
        mu: float,
        sigma: float,
        since: float,
        last: float,
        now: float,
    ) -> None:
        """Score both forecasts of a change found between ``last`` and ``now`` (seconds after the
        page's last change, as ``since``, the fetch since which the forecasts stand)."""
        # the table's cumulative hazard at the last change, which all three survivals start from
        law = (w_exp, lam, mu, sigma, table.cumulative(-mu / sigma))
        tz, nz = _survivals(table, nodes, law, since)
        if tz <= 0.0 or nz <= 0.0:
            return
        t1, n1 = _survivals(table, nodes, law, last)
        t2, n2 = _survivals(table, nodes, law, now)
        self.add(k, (n1 - n2) / nz, (t1 - t2) / tz)

    def to_dict(self) -> dict[str, object]:
        return {"sums": list(self.sums), "squares": list(self.squares), "counts": list(self.counts)}

    def load(self, data: object) -> None:
        """Restore :meth:`to_dict`'s output; ``None`` (a state saved before scores existed) or a
        different number of strata starts the scores afresh."""
        if not isinstance(data, dict):
            return
        sums, squares, counts = data.get("sums"), data.get("squares"), data.get("counts")
        n = len(self.sums)
        if not all(isinstance(x, list) and len(x) == n for x in (sums, squares, counts)):
            return
        self.sums = [float(x) for x in sums]  # type: ignore[union-attr]
        self.squares = [float(x) for x in squares]  # type: ignore[union-attr]
        self.counts = [int(x) for x in counts]  # type: ignore[union-attr]
        for i in range(n):
            self._choose(i)


def _survivals(
    table: ZTable, nodes: Nodes, law: tuple[float, float, float, float, float], t: float
) -> tuple[float, float]:
    """Both forecasts' survivals at ``t`` (``law``: memoryless weight, rate, mean, spread, and the
    table's cumulative hazard at the last change)."""
    w_exp, lam, mu, sigma, start = law
    memoryless = w_exp * math.exp(-lam * t) if t > 0.0 else w_exp
    clock = 1.0 - w_exp
    table_part = clock * _survival_from(table, start, mu, sigma, t)
    return table_part + memoryless, clock * normal_survival(nodes, mu, t) + memoryless
