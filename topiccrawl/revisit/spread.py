"""Population prior for the spread of a page's intervals between changes.

Two or three intervals say little about a page's spread, and getting it wrong is
costly (too narrow: the scheduler polls a window that misses the change; too
wide: it spreads its fetches thin). Pages in one crawl share two things the
prior learns from all pages with at least two intervals:

* how spread scales with the mean interval (a fixed jitter in seconds, or a
  fixed share of the period): a weighted least-squares line of log(spread)
  against log(mean) (weight: each page's degrees of freedom);
* how far pages scatter around that line: the distribution of the log ratio
  of a page's true spread to the line, estimated without assuming its shape
  (the nonparametric maximum-likelihood prior of Kiefer and Wolfowitz, by EM
  on a grid, each page's sum of squares entering through its chi-square
  likelihood). A population whose spreads lie between 1000 and 5000 s thus
  gives a page whose two intervals happen to agree to 100 s a spread near
  1000 s, not 100 s, and not the population's middle.

A page's spread is then its posterior mean of sigma^2 under that prior
(tabulated by degrees of freedom after each refresh, so a lookup is O(1)); a page
with few intervals also gets that posterior itself, in NODES parts of equal mass
(:meth:`SpreadPrior.nodes`, tabulated likewise; see :mod:`topiccrawl.revisit.mixture`).
A small share of the prior is kept broad (log-normal around the line), so a
page with many intervals whose spread lies outside the population's is still
believed.

Adding or replacing a page's contribution is O(1); the EM refresh, O(pages x
grid), runs once as many contributions have changed as there are pages, and
continues from the last estimate (a few EM steps each time).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Final

import numpy as np

# Fallback spread, as a share of the mean, until the population has pages to fit.
DEFAULT_CV: Final = 0.05
# Least population weight (degrees of freedom) before the line is used.
MIN_WEIGHT: Final = 8.0
# Weight of the prior spread, in intervals, while the scatter is not yet learned.
PRIOR_WEIGHT: Final = 5.0
# Pages with two or more intervals needed before the scatter is learned, the
# share of them that must have changed before it is learned again, and the EM
# steps each time (warm-started).
MIN_PAGES: Final = 30
REFRESH_SHARE: Final = 1.0
EM_STEPS: Final = 10
# share of the prior kept as a log-normal around the line, of log-sd 1 (a page unlike the
# population can still show it; a flat share would weigh 50x spreads and inflate every mean)
FLOOR: Final = 0.01
# grid of log(true spread / line) and of log(sample spread / line), and the largest
# degrees of freedom tabulated (beyond it the page's own spread wins anyway)
_R = np.linspace(-4.0, 4.0, 101)
_U0, _U_STEP, _U_POINTS = -5.0, 0.1, 101
TABLE_DOF: Final = 48
# parts of equal posterior mass a page's spread is cut into (SpreadPrior.nodes)
NODES: Final = 5


def conjugate_variance(prior: float, k: int, ss: float) -> float:
    """Spread^2 of a page with ``k`` intervals whose squared deviations sum to ``ss``, given a
    prior spread worth PRIOR_WEIGHT intervals (a scaled inverse chi-square prior)."""
    return (ss + PRIOR_WEIGHT * prior * prior) / (k - 1 + PRIOR_WEIGHT)


def prior_weights(scatter: np.ndarray) -> np.ndarray:
    """The prior over _R: the learned ``scatter``, with FLOOR of it a log-normal around the line."""
    floor = np.exp(-0.5 * _R * _R)
    return (1.0 - FLOOR) * scatter + FLOOR * floor / floor.sum()


class SpreadPrior:
    """Population prior of a page's spread: the line of log spread on log mean, and the
    scatter of pages around it (see the module docstring)."""

    __slots__ = ("_changed", "_nodes", "_parts", "_scatter", "_sums", "_table")

    def __init__(self) -> None:
        self._sums = [0.0] * 5  # w, w x, w y, w x^2, w x y
        self._parts: dict[Hashable, tuple[float, float, float]] = {}
        self._changed = 0  # contributions set since the scatter was last learned
        self._scatter: np.ndarray | None = None  # prior weights over _R
        # [dof][u point] -> E[exp(2r)] given a sample spread at that u; row 0 (no sample) has one value
        self._table: list[list[float]] | None = None
        # [dof][u point] -> the posterior in NODES parts, [mass, E[exp(2r)] over the part] per part
        # (built by the first call to nodes after each learn_scatter)
        self._nodes: list[list[list[float]]] | None = None

    def _add(self, part: tuple[float, float, float], sign: float) -> None:
        x, y, w = part
        w *= sign
        s = self._sums
        s[0] += w
        s[1] += w * x
        s[2] += w * y
        s[3] += w * x * x
        s[4] += w * x * y

    def update(self, key: Hashable, mean: float, spread: float, dof: float, *, learn: bool = True) -> None:
        """Set ``key``'s contribution (replacing its previous one); dof 0 removes it. With ``learn``
        False the scatter is not relearned, however many contributions changed (a bulk load
        calls :meth:`learn_scatter` once at its end)."""
        old = self._parts.pop(key, None)
        if old is not None:
            self._add(old, -1.0)
        if dof > 0 and mean > 0 and spread > 0:
            part = (math.log(mean), math.log(spread), dof)
            self._parts[key] = part
            self._add(part, 1.0)
        self._changed += 1
        if learn and len(self._parts) >= MIN_PAGES and self._changed >= REFRESH_SHARE * len(self._parts):
            self.learn_scatter()

    def discard(self, key: Hashable, *, learn: bool = True) -> None:
        self.update(key, 0.0, 0.0, 0.0, learn=learn)

    def _line(self) -> tuple[float, float, float] | None:
        """(mean x, mean y, slope) of the fit, or None before MIN_WEIGHT."""
        w, sx, sy, sxx, sxy = self._sums
        if w < MIN_WEIGHT:
            return None
        mx, my = sx / w, sy / w
        var = sxx / w - mx * mx
        slope = (sxy / w - mx * my) / var if var > 1e-6 else 0.0
        return mx, my, min(1.5, max(0.0, slope))

    def predict(self, mean: float) -> float:
        """Prior spread (seconds) on the line, for a page whose intervals average ``mean`` seconds."""
        line = self._line()
        if line is None or mean <= 0:
            return DEFAULT_CV * mean
        mx, my, slope = line
        return math.exp(my + slope * (math.log(mean) - mx))

    def variance(self, mean: float, k: int, ss: float) -> float:
        """Spread^2 to expect for a page with ``k`` intervals averaging ``mean`` seconds whose squared
        deviations from their mean sum to ``ss``: its posterior mean under the population's prior."""
        prior = self.predict(mean)
        table = self._table
        dof = k - 1
        if table is None or dof > TABLE_DOF or prior <= 0:
            return conjugate_variance(prior, k, ss)
        if dof <= 0:
            return prior * prior * table[0][0]
        i, f, beyond = _on_grid(ss / dof, prior)
        row = table[dof]
        ratio = row[i] + (row[i + 1] - row[i]) * f if f > 0.0 else row[i]
        return prior * prior * ratio * beyond

    def nodes(self, mean: float, k: int, ss: float) -> list[float] | None:
        """The posterior over the spread^2 of the page :meth:`variance` describes, in NODES parts of
        equal mass: [mass, the part's mean spread^2, ...] in order of spread; None before the scatter
        is learned or beyond TABLE_DOF + 1 intervals. The masses sum to 1 and the parts' mean is
        about :meth:`variance`'s (the sample spread is interpolated on the same grid)."""
        dof = k - 1
        prior = self.predict(mean)
        if self._scatter is None or not 0 <= dof <= TABLE_DOF or prior <= 0:
            return None
        table = self._nodes
        if table is None:
            table = self._nodes = [_cut(w, NODES) for w in _posteriors(self._scatter)]
        scale = prior * prior
        if dof == 0:
            row = table[0][0]
        else:
            i, f, beyond = _on_grid(ss / dof, prior)
            row = table[dof][i]
            if f > 0.0:
                after = table[dof][i + 1]
                row = [row[j] + (after[j] - row[j]) * f for j in range(len(row))]
            scale *= beyond
        return [row[j] * scale if j % 2 else row[j] for j in range(len(row))]

    def learn_scatter(self, *, cold: bool = False) -> None:
        """Learn the scatter of spreads around the line (EM, warm-started unless ``cold``: after a
        bulk load the last scatter may belong to other pages) and tabulate the posterior spread
        by degrees of freedom and sample spread."""
        self._changed = 0
        line = self._line()
        if line is None or len(self._parts) < MIN_PAGES:
            return
        mx, my, slope = line
        parts = np.array(list(self._parts.values()))
        u = parts[:, 1] - (my + slope * (parts[:, 0] - mx))  # log(sample spread / line)
        dof = parts[:, 2:3]
        loglik = -dof * _R[None, :] - 0.5 * dof * np.exp(2.0 * (u[:, None] - _R[None, :]))
        lik = np.exp(loglik - loglik.max(axis=1, keepdims=True))
        g = self._scatter
        steps = EM_STEPS
        if g is None or cold:  # a cold start (the first time, or after loading a state) converges further
            g, steps = np.full(len(_R), 1.0 / len(_R)), 5 * EM_STEPS
        for _ in range(steps):
            post = lik * g
            post /= post.sum(axis=1, keepdims=True)
            g = post.mean(axis=0)
        self._scatter = g
        e2r = np.exp(2.0 * _R)
        prior, *rows = _posteriors(g)
        self._table = [[float((prior[0] * e2r).sum())]] + [
            ((w * e2r).sum(axis=1) / w.sum(axis=1)).tolist() for w in rows
        ]
        self._nodes = None  # built when first asked for: only pages with a mixture forecast use them


def _posteriors(scatter: np.ndarray) -> list[np.ndarray]:
    """The posterior over _R (unnormalised) for each degrees of freedom up to TABLE_DOF (row 0: the
    prior alone, one row) and each sample spread on the u grid, under the prior ``scatter`` gives."""
    prior = prior_weights(scatter)
    us = _U0 + _U_STEP * np.arange(_U_POINTS)
    rows = [prior[None, :]]
    for d in range(1, TABLE_DOF + 1):
        ll = -d * _R[None, :] - 0.5 * d * np.exp(2.0 * (us[:, None] - _R[None, :]))
        rows.append(np.exp(ll - ll.max(axis=1, keepdims=True)) * prior)
    return rows


def _on_grid(sample_variance: float, prior: float) -> tuple[int, float, float]:
    """Where a page's sample spread lies on the tables' grid of u = log(sample spread / prior):
    (point i, fraction of the way to point i + 1, factor on spread^2 beyond the grid's end, where
    a larger sample spread scales the posterior with it)."""
    u = 0.5 * math.log(max(sample_variance, 1e-12)) - math.log(prior)
    x = (u - _U0) / _U_STEP
    if x <= 0.0:
        return 0, 0.0, 1.0
    if x >= _U_POINTS - 1:
        return _U_POINTS - 1, 0.0, math.exp(2.0 * (u - (_U0 + (_U_POINTS - 1) * _U_STEP)))
    i = int(x)
    return i, x - i, 1.0


def _cut(weights: np.ndarray, parts: int) -> list[list[float]]:
    """Each row of ``weights`` (a posterior over _R, unnormalised) cut into ``parts`` runs of grid
    points of about equal mass: [mass, E[exp(2r)] over the run] per run, flattened; a run left empty
    (mass 0) takes the value of exp(2r) where it would start, so rows interpolate smoothly."""
    w = weights / weights.sum(axis=1, keepdims=True)
    e2r = np.exp(2.0 * _R)
    zero = np.zeros((len(w), 1))
    mass_before = np.hstack([zero, np.cumsum(w, axis=1)])  # [:, i]: mass of grid points below i
    square_before = np.hstack([zero, np.cumsum(w * e2r, axis=1)])
    n = len(_R)
    rows = np.arange(len(w))
    out = np.empty((len(w), 2 * parts))
    lo = np.zeros(len(w), dtype=np.intp)
    for j in range(parts):
        if j < parts - 1:  # the run ends before the first point at which the mass reaches (j + 1) / parts
            cut = (mass_before[:, 1:] < (j + 1) / parts).sum(axis=1)
            hi = np.minimum(n, np.maximum(cut, lo + 1))
        else:
            hi = np.full(len(w), n)
        mass = mass_before[rows, hi] - mass_before[rows, lo]
        square = square_before[rows, hi] - square_before[rows, lo]
        out[:, 2 * j] = mass
        out[:, 2 * j + 1] = np.where(mass > 0.0, square / np.where(mass > 0.0, mass, 1.0), e2r[np.minimum(lo, n - 1)])
        lo = hi
    return out.tolist()
