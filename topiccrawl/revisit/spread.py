"""Population prior for the spread of a page's intervals between changes.

Two or three intervals say little about a page's spread, and underestimating it
is costly (the scheduler polls a window that misses the change). Pages in one
crawl tend to share how their spread scales with their mean interval (a fixed
jitter in seconds, or a fixed share of the period), so the prior for a page is
the population's fit of log(spread) against log(mean interval), a weighted
least-squares line over pages with at least two intervals (weight: their
degrees of freedom). Adding or replacing a page's contribution is O(1).
"""

from __future__ import annotations

import math

# Fallback spread, as a share of the mean, until the population has pages to fit.
DEFAULT_CV = 0.05
# Least population weight (degrees of freedom) before the fit is used.
MIN_WEIGHT = 8.0


class SpreadPrior:
    """Weighted least-squares fit of log spread on log mean over pages."""

    __slots__ = ("_parts", "_sums")

    def __init__(self) -> None:
        self._sums = [0.0] * 5  # w, w x, w y, w x^2, w x y
        self._parts: dict[str, tuple[float, float, float]] = {}

    def _add(self, part: tuple[float, float, float], sign: float) -> None:
        x, y, w = part
        w *= sign
        s = self._sums
        s[0] += w
        s[1] += w * x
        s[2] += w * y
        s[3] += w * x * x
        s[4] += w * x * y

    def update(self, key: str, mean: float, spread: float, dof: float) -> None:
        """Set ``key``'s contribution (replacing its previous one); dof 0 removes it."""
        old = self._parts.pop(key, None)
        if old is not None:
            self._add(old, -1.0)
        if dof > 0 and mean > 0 and spread > 0:
            part = (math.log(mean), math.log(spread), dof)
            self._parts[key] = part
            self._add(part, 1.0)

    def discard(self, key: str) -> None:
        self.update(key, 0.0, 0.0, 0.0)

    def predict(self, mean: float) -> float:
        """Prior spread (seconds) of a page whose intervals average ``mean`` seconds."""
        w, sx, sy, sxx, sxy = self._sums
        if w < MIN_WEIGHT or mean <= 0:
            return DEFAULT_CV * mean
        mx, my = sx / w, sy / w
        var = sxx / w - mx * mx
        slope = (sxy / w - mx * my) / var if var > 1e-6 else 0.0
        slope = min(1.5, max(0.0, slope))
        return math.exp(my + slope * (math.log(mean) - mx))
