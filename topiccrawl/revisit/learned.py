"""The learned revisit scheduler (see :mod:`topiccrawl.revisit.model` for the model)."""

from __future__ import annotations

import logging
import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Final, SupportsFloat, cast

from mypy_extensions import mypyc_attr

from topiccrawl.revisit.forecastscore import ForecastScore
from topiccrawl.revisit.hazard import (
    ABS_UNIT,
    AgeHazard,
    YoungHazards,
    age_bin,
    age_edge,
    age_unit,
    hazard_rate,
    switch_age,
)
from topiccrawl.revisit.insurance import Insurance, early_probability
from topiccrawl.revisit.mixture import MIXTURE_BELOW, Nodes, forecast_nodes, mixture_wait
from topiccrawl.revisit.model import PageModel, poisson_due
from topiccrawl.revisit.regimes import RegimeShare, pace_bin
from topiccrawl.revisit.slotheap import Slot
from topiccrawl.revisit.spread import SpreadPrior
from topiccrawl.revisit.tagqueue import TagQueue
from topiccrawl.revisit.zhazard import (
    BINS,
    CALIBRATED_FROM,
    REFRESH_EVERY,
    WIDTH,
    Z_MIN,
    ZHazard,
    ZTable,
    stratum,
    wait_until,
)

logger = logging.getLogger(__name__)

STATE_VERSION: Final = 1


@dataclass(slots=True)
class _Page(PageModel):
    """A page's model plus what the scheduler caches about it (not part of the saved state).

    A page with no interval yet remembers the population hazards its state feeds and
    the age bin of its last fetch, so an unchanged fetch in the same bin (most: bins
    grow with age) adds its exposure without a logarithm or a call."""

    young_hazards: tuple[AgeHazard, ...] | None = None
    young_unit: float = 1.0  # age units per second of the state (see hazard.age_unit)
    young_cut: float = math.inf  # seconds in the state at which young_unit becomes ABS_UNIT (hazard.switch_age)
    # a page with a few intervals: cumulative z-hazard at its last change, for ZHazard.version
    z_version: int = -1
    z_origin: float = 0.0
    young_bin: int = -1  # -1: unknown (the state changed, or the last fetch took the general path)
    young_edge: float = 0.0  # upper age edge of young_bin
    # where the page's regime is counted in the population's RegimeShare (pace bin -1: nowhere)
    regime_bin: int = -1
    counted_regime: int = 0
    # a page with a few intervals: its forecast as a mixture over its posterior spread
    # (its components, mixture.Nodes; None: one spread, shaped by the z-table of its history length)
    nodes: Nodes | None = None
    nodes_since: float = 0.0  # the fetch since which the nodes forecast (the one that refitted the page)
    slot: Slot | None = None  # its place in the queue, whose owner is this page (no lookup of the key next_fetch gave)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, it may still be subclassed (tests do)
class LearnedScheduler:
    """Learns each key's change behaviour from fetch outcomes alone and spends the
    fetch budget where an undetected change is most likely.

    Each key's next fetch is due when the expected time a change would have waited
    undetected since its last fetch reaches ``theta``; for a key that changes like
    a Poisson process that is a polling rate proportional to sqrt(change rate),
    for a key that changes like a clock it is dense polling around the predicted
    change (:class:`~topiccrawl.revisit.model.PageModel`). ``theta`` is not
    tuned by feedback: keys are queued by a *virtual-time* tag (stride
    scheduling) and the fetcher always takes the smallest tag, so the budget is
    used in full and all keys' intervals stretch together when it is short. The
    scale ``k`` (seconds per virtual unit, theta = k^2) is measured from how fast
    virtual time advances. ``next_fetch`` and ``observe`` are O(log n).

    With no arguments only the caller's own fetcher bounds the pace: no rate cap, no
    per-host gap, no minimum interval, so a simulator that fetches one key at a time
    (the issue's: 0.1 s per fetch) gets its whole capacity used. A crawler fetching
    real sites passes its budget and politeness; the monitor spider does, from
    ``TOPICCRAWL_MONITOR_RATE``, ``TOPICCRAWL_MONITOR_HOST_GAP`` and
    ``TOPICCRAWL_MONITOR_MIN_INTERVAL``.

    Parameters:
        max_rate: global fetch budget, fetches per second (``math.inf``: as fast as the caller fetches).
        host_gap: minimum seconds between fetches of keys on the same host (URL keys).
        min_interval, max_interval: bounds on the gap between two fetches of one key.
        prior_interval: assumed mean time between changes of a key never seen to change.
        history: how many inter-change intervals a key remembers.
        forget: weight kept by old change counts at each change (rate estimates follow drift).
        spread_mixture: how a clockwork key with fewer than ``CALIBRATED_FROM`` intervals forecasts
            its next change, once the population's spread prior is learned: ``True``, as a mixture
            over the spread it may have (:mod:`~topiccrawl.revisit.mixture`), better when the keys'
            intervals are Normal; ``False``, with one spread, the posterior mean, and the shape of
            the population's z-table for its history length, which learns how the intervals depart
            from a Normal (better by 6-10% on skewed intervals); ``None`` (the default), each
            stratum of history lengths by the forecast whose log-score on the crawl's own changes
            is ahead (:mod:`~topiccrawl.revisit.forecastscore`).
    """

    def __init__(
        self,
        *,
        max_rate: float = math.inf,
        host_gap: float = 0.0,
        min_interval: float = 0.0,
        max_interval: float = 7 * 86400.0,
        prior_interval: float = 3600.0,
        history: int = 32,
        forget: float = 0.98,
        spread_mixture: bool | None = None,
    ) -> None:
        if not 0 <= min_interval <= max_interval:
            raise ValueError("need 0 <= min_interval <= max_interval")
        if prior_interval <= 0 or history < 2 or not 0 < forget <= 1:
            raise ValueError("need prior_interval > 0, history >= 2 and 0 < forget <= 1")
        self._queue = TagQueue(max_rate, host_gap)
        self.min_interval = min_interval
        self.max_interval = max_interval
        self.prior_interval = prior_interval
        self.history = history
        self.forget = forget
        self.spread_mixture = spread_mixture
        self._pages: dict[Hashable, _Page] = {}
        self.vtime = 0.0  # virtual time: the tag of the last key fetched
        self._scale = 1.0  # k, seconds per virtual unit
        # decayed sums of real and virtual time between fetches, estimating k
        self._real_sum = 0.0
        self._virtual_sum = 0.0
        self._last_observe: float | None = None
        self._decay = 1.0 - 1.0 / 2000.0
        self._regimes = RegimeShare()  # pages decided periodic or memoryless, by pace
        # population hazards of pages never seen to change, and seen to change once
        self._young = YoungHazards()
        self._spread = SpreadPrior()
        self._insurance = Insurance()
        self._zhazard = ZHazard()
        # the z-hazard table of each history length below CALIBRATED_FROM (loading keeps the tables)
        self._ztables = [self._zhazard.table(k) for k in range(CALIBRATED_FROM)]
        self._forecast_score = ForecastScore(stratum(CALIBRATED_FROM - 1) + 1, always=spread_mixture is True)

    def __len__(self) -> int:
        return len(self._pages)

    @property
    def theta(self) -> float:
        """Current threshold of expected undetected wait, seconds."""
        return self._scale * self._scale

    def add(self, key: Hashable, now: SupportsFloat) -> None:
        if key not in self._pages:
            page = self._pages[key] = _Page()
            self._enqueue(key, page, self.vtime)

    def _enqueue(self, key: Hashable, page: _Page, tag: float, earliest: float = -math.inf) -> None:
        """Queue ``key`` and tie its slot and ``page`` to each other (observe finds the page through the slot)."""
        slot = page.slot = self._queue.push(key, tag, earliest)
        slot.owner = page

    def remove(self, key: Hashable) -> None:
        page = self._pages.pop(key, None)
        if page is not None:
            self._uncount_regime(page)
            self._spread.discard(key)
        self._queue.discard(key)

    def _uncount_regime(self, page: _Page) -> None:
        if page.regime_bin >= 0:
            self._regimes.count(page.counted_regime, page.regime_bin, -1.0)
            page.regime_bin = -1

    def _count_regime(self, page: _Page) -> None:
        """Count ``page``, if it is decided, in the population's regimes in the bin of its pace (its
        earlier count, if any, already removed)."""
        regime = page.regime
        if regime is not None:
            page.regime_bin = pace_bin(page.mu)
            page.counted_regime = regime
            self._regimes.count(regime, page.regime_bin, 1.0)

    def next_fetch(self, now: SupportsFloat) -> tuple[Hashable, float] | None:
        """(key, time) of the next fetch, or None when no key is queued."""
        return self._queue.peek(float(now))

    def observe(self, key: Hashable, fetch_time: SupportsFloat, changed: object) -> None:
        """What a fetch of ``key`` at ``fetch_time`` found: ``changed`` (any truth value, a NumPy
        bool too) when the page changed since its previous fetch."""
        # converted here so that compiled code, which checks types, takes what plain Python does
        self._observe(key, float(fetch_time), bool(changed))

    def _observe(self, key: Hashable, fetch_time: float, changed: bool) -> None:
        # this runs once per fetch: the virtual clock's advance is inlined here, as are page.young_since,
        # page.first_age and page.lam in the step helpers it calls
        page = self._page_of(key)
        if page is None:
            return
        slot = page.slot
        if slot is None:  # never: add and import_state queue every page they make
            return
        vtime = self.vtime
        if (tag := slot.tag) > vtime:
            # move virtual time to the tag and update the seconds-per-unit estimate
            last_observe = self._last_observe
            if last_observe is not None:
                d = self._decay
                dt = fetch_time - last_observe
                real = self._real_sum = self._real_sum * d + (dt if dt > 0 else 0.0)
                virtual = self._virtual_sum = self._virtual_sum * d + (tag - vtime)
                if virtual > 1e-12 and real > 1e-12:
                    self._scale = real / virtual
            self._last_observe = fetch_time
            self.vtime = vtime = tag
        k = len(page.intervals)
        last = page.last_fetch
        scale = self._scale
        theta = scale * scale
        if changed or last is None or fetch_time <= last:
            self._learn(key, page, fetch_time, changed, k)
            wait = self._wait(page, fetch_time, theta)
        elif k >= CALIBRATED_FROM:  # the common case (a page with a long history, unchanged)
            page.exposure += fetch_time - last
            page.last_fetch = fetch_time
            wait = page.wait_for(fetch_time, theta, self.prior_interval)
        elif k:
            wait = self._z_step(page, last, fetch_time, theta, k)
        else:
            wait = self._young_step(page, last, fetch_time, theta)
        if wait > self.max_interval:
            wait = self.max_interval
        elif wait < self.min_interval:
            wait = self.min_interval
        self._queue.requeue_slot(slot, fetch_time, vtime + wait / scale, fetch_time + self.min_interval)

    def _page_of(self, key: Hashable) -> _Page | None:
        head = self._queue.head
        if head is not None and head.key is key:  # the key next_fetch gave (the usual case): no lookup
            return cast(_Page, head.owner)
        return self._pages.get(key)

    def _learn(self, key: Hashable, page: _Page, fetch_time: float, changed: bool, k: int) -> None:
        """Fold a fetch outcome into the page's model and the population's hazards (``k``: its intervals)."""
        page.young_bin = -1
        last = page.last_fetch
        if last is not None and fetch_time > last:
            if not k:
                self._learn_young(page, last, fetch_time, changed)
            elif k < CALIBRATED_FROM:
                origin, sigma = page.anchor + page.mu, page.sigma  # type: ignore[operator]
                nodes = page.nodes
                # only a change is scored: the unchanged fetches before it telescope into its bracket
                if nodes is not None and changed:
                    anchor: float = page.anchor  # type: ignore[assignment]  # a page with intervals has one
                    self._forecast_score.score_change(
                        k,
                        self._ztables[k],
                        nodes,
                        w_exp=page.w_exp,
                        lam=page.lam(self.prior_interval),
                        mu=page.mu,
                        sigma=sigma,
                        since=page.nodes_since - anchor,
                        last=last - anchor,
                        now=fetch_time - anchor,
                    )
                self._zhazard.observe(k, (last - origin) / sigma, (fetch_time - origin) / sigma, changed)
            elif changed and page.w_exp < 0.5:
                anchor = page.anchor  # type: ignore[assignment]  # a page with intervals has one
                sigma = page.sigma
                origin = anchor + page.mu
                self._insurance.observe_share(
                    early_probability(
                        (last - origin) / sigma,
                        (fetch_time - origin) / sigma,
                        weight=page.w_exp,
                        rate=page.lam(self.prior_interval) * sigma,
                        anchor=-page.mu / sigma,  # the last change, in forecast coordinates
                    )
                )
            if not changed:  # what PageModel.record does with an unchanged fetch, inlined
                page.exposure += fetch_time - last
                page.last_fetch = fetch_time
                return
        if changed:
            page.young_hazards = None
            page.z_version = -1
            self._uncount_regime(page)
            page.record(
                fetch_time,
                changed,
                self.history,
                self.forget,
                memoryless_share=self._regimes.share,
                spread_variance=self._spread.variance,
                insurance=self._insurance.weight,
            )
            self._fit_spread(key, page)
            self._count_regime(page)
            page.nodes = self._nodes(page)
            page.nodes_since = fetch_time
        else:
            page.record(fetch_time, changed, self.history, self.forget)

    def _wait(self, page: _Page, t0: float, theta: float) -> float:
        """Seconds from ``t0`` to the page's next fetch (the general path: see :meth:`observe`)."""
        k = len(page.intervals)
        born = page.born
        if k or born is None:
            return self._periodic_wait(page, t0, theta, k)
        anchor = page.anchor
        first_age = None if anchor is None else max(0.0, anchor - born)
        x = t0 - (born if anchor is None else anchor)
        unit = age_unit(first_age, x)
        age = x * unit
        b = age_bin(age)
        hazards = self._young.hazards(first_age)
        lam = page.lam(self.prior_interval)
        return _young_wait(hazards, b, age, theta, lam, edge=age_edge(b), unit=unit, left=switch_age(first_age) - x)

    def _young_step(self, page: _Page, last: float, fetch_time: float, theta: float) -> float:
        """An unchanged fetch (after one at ``last``) of a page with no interval: its exposure in
        its state's population hazards, and its next wait."""
        anchor = page.anchor
        born: float = page.born  # type: ignore[assignment]  # set by the page's first fetch
        since = born if anchor is None else anchor
        hazards = page.young_hazards
        if hazards is None:
            first_age = None if anchor is None else max(0.0, anchor - born)
            hazards = page.young_hazards = self._young.hazards(first_age)
            page.young_unit = age_unit(first_age)
            page.young_cut = switch_age(first_age)
        unit = page.young_unit
        x0 = last - since
        x1 = fetch_time - since
        cut = page.young_cut
        if x1 > cut:  # past the switch to plain seconds (YoungHazards.observe, inlined)
            if x0 < cut:
                for hazard in hazards:
                    hazard.expose(x0 * unit, cut * unit)
                x0 = cut
                page.young_bin = -1
            unit = page.young_unit = ABS_UNIT
        start = x0 * unit
        end = x1 * unit
        b = page.young_bin
        if b >= 0 and end <= page.young_edge:  # in the bin of the last fetch: AgeHazard.expose inlined
            for hazard in hazards:
                hazard.exposure[b] += end - start
        else:
            for hazard in hazards:
                hazard.expose(start, end)
            b = page.young_bin = age_bin(end)
            page.young_edge = age_edge(b)
        page.exposure += fetch_time - last
        page.last_fetch = fetch_time
        lam = (page.changes + 0.5) / (page.exposure + 0.5 * self.prior_interval)
        return _young_wait(hazards, b, end, theta, lam, edge=page.young_edge, unit=unit, left=cut - x1)

    def _z_step(self, page: _Page, last: float, fetch_time: float, theta: float, k: int) -> float:
        """An unchanged fetch (after one at ``last``) of a page with ``k`` intervals, fewer than
        CALIBRATED_FROM: its z-exposure (ZHazard.observe, inlined: this runs for most fetches)
        and its next wait."""
        table = self._ztables[k]
        anchor: float = page.anchor  # type: ignore[assignment]  # a page with intervals has one
        mu = page.mu
        sigma = page.sigma
        origin = anchor + mu
        z0 = (last - origin) / sigma
        z1 = (fetch_time - origin) / sigma
        if Z_MIN <= z0 < z1 and (b := int((z0 - Z_MIN) / WIDTH) + 1) < BINS - 1 and z1 <= Z_MIN + b * WIDTH:
            table.exposure[b] += z1 - z0
        else:
            table.expose(z0, z1)
        zhazard = self._zhazard
        zhazard.since_refresh += 1
        if zhazard.since_refresh >= REFRESH_EVERY:
            zhazard.refresh()
        page.exposure += fetch_time - last
        page.last_fetch = fetch_time
        return self._calibrated_wait(page, table, fetch_time, theta)

    def _nodes(self, page: _Page) -> Nodes | None:
        """The page's forecast as a mixture over its posterior spread, if it is to have one: a clockwork
        page's (its memoryless weight, like its nodes, changes only when it is refitted)."""
        k = len(page.intervals)
        if self.spread_mixture is False or not 0 < k < CALIBRATED_FROM or page.w_exp >= MIXTURE_BELOW:
            return None
        posterior = self._spread.nodes(page.mu, k, page.ss)
        return None if posterior is None else Nodes(forecast_nodes(posterior, k, page.anchor_var))

    def _calibrated_wait(self, page: _Page, table: ZTable, t0: float, theta: float) -> float:
        """Wait of a page with fewer than CALIBRATED_FROM intervals: its forecast as a mixture over its
        posterior spread, or on the population's z-hazard ``table`` for its history length (with
        ZTable.cumulative and wait_until's first test inlined: this runs for most fetches)."""
        w = page.w_exp
        lam = (page.changes + 0.5) / (page.exposure + 0.5 * self.prior_interval)  # page.lam, inlined
        if w >= 0.999:
            return poisson_due(theta, lam)
        anchor: float = page.anchor  # type: ignore[assignment]  # a page with intervals has one
        mu = page.mu
        nodes = page.nodes
        if nodes is not None and self._forecast_score.chosen[stratum(len(page.intervals))]:
            age = t0 - anchor
            return mixture_wait(
                nodes,
                origin=anchor + mu,
                t0=t0,
                w_exp=w,
                lam=lam,
                age=age if age > 0.0 else 0.0,
                theta=theta,
                cap=self.max_interval,
            )
        sigma = page.sigma
        z0 = (t0 - anchor - mu) / sigma
        version = self._zhazard.version
        if page.z_version != version:  # the table changed (or the page did) since the page last looked
            page.z_origin = table.cumulative(-mu / sigma)
            page.z_version = version
        rates, cum = table.rates, table.cum
        b = 0 if z0 < Z_MIN else int((z0 - Z_MIN) / WIDTH) + 1
        b = b if b < BINS else BINS - 1  # not min(): a builtin call costs more than the test
        log_surv = page.z_origin - (
            (z0 - Z_MIN) * rates[0] if b == 0 else cum[b] + (z0 - (Z_MIN + (b - 1) * WIDTH)) * rates[b]
        )
        a = (1.0 - w) * math.exp(log_surv) if log_surv > -700.0 else 0.0
        e = w * math.exp(-lam * (t0 - anchor))
        pn = a / (a + e) if a > 0.0 else 0.0
        if pn < 1e-9:
            return poisson_due(theta, lam)
        # wait_until's first test (b is z0's bin): most waits end inside the bin
        h0 = pn * rates[b] / sigma + (1.0 - pn) * lam
        if h0 > 0.0:
            d = math.sqrt(2.0 * theta / h0)
            if h0 * d < 0.05 and d < ((Z_MIN + b * WIDTH if b < BINS - 1 else math.inf) - z0) * sigma:
                return d if d < self.max_interval else self.max_interval
        return wait_until(table, z0, sigma, theta=theta, pn=pn, lam=lam, cap=self.max_interval)

    def _periodic_wait(self, page: _Page, t0: float, theta: float, k: int) -> float:
        """Wait of a page with ``k`` intervals: its forecast, calibrated by the population's z-hazard."""
        if page.w_exp >= 0.999:
            return poisson_due(theta, page.lam(self.prior_interval))
        if k >= CALIBRATED_FROM:
            return page.wait_for(t0, theta, self.prior_interval)
        return self._calibrated_wait(page, self._ztables[k], t0, theta)

    def _fit_spread(self, key: Hashable, page: PageModel, *, learn: bool = True) -> None:
        """Update ``key``'s contribution to the population's spread prior (``learn``: see SpreadPrior.update)."""
        k = len(page.intervals)
        if k < 2:
            return
        # page.refit has just computed the intervals' mean and squared deviations
        self._spread.update(key, page.mu, math.sqrt(page.ss / (k - 1)), k - 1.0, learn=learn)

    def _learn_young(self, page: PageModel, last: float, fetch_time: float, changed: bool) -> None:
        """Feed a fetch (after one at ``last``) of a page with at most one change to its state's
        population hazard."""
        since = page.young_since()
        if since is None:
            return
        end = 0.5 * (last + fetch_time) if changed else fetch_time
        self._young.observe(page.first_age(), last - since, end - since, changed)

    def export_state(self) -> dict[str, object]:
        """Learned state as a JSON-able dict (see :meth:`import_state`)."""
        pages: dict[Hashable, object] = {}
        for key, page in self._pages.items():
            entry = page.to_dict()
            tag = self._queue.tag(key)
            entry["due_in"] = None if tag is None else (tag - self.vtime) * self._scale
            pages[key] = entry
        return {
            "version": STATE_VERSION,
            "scale": self._scale,
            "pages": pages,
            "young": self._young.to_dict(),
            "calibration": self._zhazard.to_dict(),
            "insurance": self._insurance.to_dict(),
            "forecast_score": self._forecast_score.to_dict(),
        }

    def import_state(self, state: dict[str, object]) -> None:
        """Restore what :meth:`export_state` saved; keys already present are replaced.

        Each key keeps its learned model (times in the clock the caller passed,
        e.g. Unix time) and its remaining wait, counted from the import; it is not
        fetched again before ``min_interval`` after its last recorded fetch.
        """
        if state.get("version") != STATE_VERSION:
            raise ValueError(f"unsupported revisit state version {state.get('version')!r}")
        pages = state.get("pages")
        if not isinstance(pages, dict):
            raise ValueError("revisit state: 'pages' must be an object")
        self._scale = float(state.get("scale") or self._scale)  # type: ignore[arg-type]
        for key, data in pages.items():
            if not isinstance(data, dict):
                raise ValueError(f"revisit state: entry for {key!r} must be an object")
            old = self._pages.get(key)
            if old is not None:
                self._uncount_regime(old)
                self._spread.discard(key, learn=False)  # its old contribution goes
            page = self._pages[key] = _Page.from_dict(data)
            self._fit_spread(key, page, learn=False)  # learned once, below, from every page
            self._count_regime(page)
            due_in = data.get("due_in")
            wait = max(0.0, float(due_in)) if due_in is not None else 0.0
            earliest = -math.inf if page.last_fetch is None else page.last_fetch + self.min_interval
            self._enqueue(key, page, self.vtime + wait / self._scale, earliest)
        self._young.load(state.get("young"))
        self._zhazard.load(state.get("calibration"))  # absent from states saved before it existed
        self._insurance.load(state.get("insurance"))  # likewise
        self._forecast_score.load(state.get("forecast_score"))  # likewise
        # the population priors are complete only now: refit with them
        self._spread.learn_scatter(cold=True)
        for key in pages:  # the share by pace only moves undecided pages, which are not counted
            page = self._pages[key]
            page.refit(self._regimes.share, self._spread.variance, self._insurance.weight)
            page.nodes = self._nodes(page)
            page.nodes_since = page.last_fetch if page.last_fetch is not None else 0.0


def _young_wait(
    hazards: tuple[AgeHazard, ...],
    b: int,
    age: float,
    theta: float,
    own_rate: float,
    *,
    edge: float,
    unit: float,
    left: float = math.inf,
) -> float:
    """Seconds until the expected undetected wait reaches ``theta`` for a page whose
    change hazard is its state's population's (``hazards``) at its ``age`` (in bin ``b``,
    which ends at age ``edge``; ages in the state's units, ``unit`` per second, until
    ``left`` more seconds, then ABS_UNIT), averaged over the wait."""
    own = own_rate / unit
    h = unit * hazard_rate(hazards, b, own)
    d = math.sqrt(2.0 * theta / h)
    if 0.0 < left <= d:  # the wait reaches the switch to plain seconds
        later = (age / unit + d) * ABS_UNIT
        h = 0.5 * (h + ABS_UNIT * hazard_rate(hazards, age_bin(later), own_rate / ABS_UNIT))
        d = math.sqrt(2.0 * theta / h)
    elif age + d * unit > edge:  # else the wait ends in the same bin: the average is h itself
        h = 0.5 * (h + unit * hazard_rate(hazards, age_bin(age + d * unit), own))
        d = math.sqrt(2.0 * theta / h)
    return d if h * d < 0.5 else theta + 1.0 / h
