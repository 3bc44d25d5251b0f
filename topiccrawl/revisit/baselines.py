"""Baseline revisit schedulers, kept for the simulation (benchmarks/revisit_sim.py).

All share the interface of :class:`topiccrawl.revisit.RevisitScheduler`.
"""

from __future__ import annotations

from collections.abc import Hashable

from topiccrawl.revisit.queue import DueQueue


class _QueueScheduler:
    """add/remove/next_fetch over a :class:`DueQueue`; subclasses decide the due times."""

    early = False  # fetch the first key when the fetcher would otherwise idle

    def __init__(self, *, max_rate: float = 0.5, host_gap: float = 5.0) -> None:
        self._queue = DueQueue(max_rate, host_gap)

    def __len__(self) -> int:
        return len(self._queue)

    def add(self, key: Hashable, now: float) -> None:
        if key not in self._queue:
            self._queue.push(key, now)
            self._added(key, now)

    def _added(self, key: Hashable, now: float) -> None:
        pass

    def remove(self, key: Hashable) -> None:
        self._queue.discard(key)

    def next_fetch(self, now: float) -> tuple[Hashable, float] | None:
        head = self._queue.peek(now, early=self.early)
        return None if head is None else (head[0], head[2])


class RoundRobinScheduler(_QueueScheduler):
    """Fetch the key fetched least recently, always, as fast as the rate bound allows."""

    early = True

    def observe(self, key: Hashable, fetch_time: float, changed: bool) -> None:
        if key in self._queue:
            self._queue.fetched(key, fetch_time)
            self._queue.push(key, fetch_time)  # to the back of the cycle


class SeedDoublingScheduler(_QueueScheduler):
    """The seed paper's scheme: the interval doubles after each unchanged fetch and
    halves after each changed one (t = t0 * 2^(sum of (1 - 2 x_i))), and when the
    fetcher is idle the key due first is fetched early ("real-time matters more
    than hit rate")."""

    early = True

    def __init__(
        self,
        *,
        max_rate: float = 0.5,
        host_gap: float = 5.0,
        initial_interval: float = 3600.0,
        min_interval: float = 60.0,
        max_interval: float = 7 * 86400.0,
    ) -> None:
        super().__init__(max_rate=max_rate, host_gap=host_gap)
        self.initial_interval = initial_interval
        self.min_interval = min_interval
        self.max_interval = max_interval
        self._interval: dict[Hashable, float] = {}

    def _added(self, key: Hashable, now: float) -> None:
        self._interval[key] = self.initial_interval

    def remove(self, key: Hashable) -> None:
        super().remove(key)
        self._interval.pop(key, None)

    def observe(self, key: Hashable, fetch_time: float, changed: bool) -> None:
        interval = self._interval.get(key)
        if interval is None:
            return
        interval = interval / 2 if changed else interval * 2
        interval = min(self.max_interval, max(self.min_interval, interval))
        self._interval[key] = interval
        self._queue.fetched(key, fetch_time)
        self._queue.push(key, fetch_time + interval)


class AdaptiveIntervalScheduler(SeedDoublingScheduler):
    """Nutch's AdaptiveFetchSchedule: interval x1.4 when unchanged, x0.8 when
    changed, within bounds; a key is fetched only when due."""

    early = False
    inc_rate = 1.4
    dec_rate = 0.8

    def observe(self, key: Hashable, fetch_time: float, changed: bool) -> None:
        interval = self._interval.get(key)
        if interval is None:
            return
        interval *= self.dec_rate if changed else self.inc_rate
        interval = min(self.max_interval, max(self.min_interval, interval))
        self._interval[key] = interval
        self._queue.fetched(key, fetch_time)
        self._queue.push(key, fetch_time + interval)
