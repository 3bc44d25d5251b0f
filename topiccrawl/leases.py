"""Bookkeeping of a distributed crawl worker's leased requests and of Redis outages.

Pure decisions, no Redis, Scrapy or Twisted: the Redis side is
:mod:`topiccrawl.redisqueue`, the Scrapy side :mod:`topiccrawl.redisscheduler`.

*Leases.* A worker that pops a request holds it under a lease (a deadline in
Redis's clock) until the request is finished; a worker that dies never
finishes, its leases expire, and any live worker puts the requests back.
:class:`Holdings` tracks which popped requests this worker still holds and
which of them the engine has finished with; :func:`lease_timings` derives how
often to renew and to sweep from the lease length.

*Outages.* :class:`RetryWindow` decides, after Redis stopped answering, when to
try again (exponential backoff) and when to give up.
"""

from __future__ import annotations

import math
from collections.abc import Container, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from topiccrawl.notify.backoff import Backoff

R = TypeVar("R", bound=Hashable)


@dataclass(frozen=True, slots=True)
class LeaseTimings:
    lease: float  # seconds a popped request stays leased without renewal
    renew_every: float  # seconds between renewals of this worker's leases
    sweep_every: float  # seconds between checks for other workers' expired leases


def lease_timings(lease: float) -> LeaseTimings:
    """Renew three times per lease, so two missed renewals (a busy reactor) still keep it;
    sweep as often, but at least every 30 s, so a dead worker's requests come back soon
    after its leases run out even when the lease is long."""
    if not math.isfinite(lease) or lease <= 0:
        raise ValueError(f"lease must be a positive number of seconds, got {lease!r}")
    renew = lease / 3
    return LeaseTimings(lease=lease, renew_every=renew, sweep_every=min(renew, 30.0))


class Holdings(Generic[R]):
    """The requests this worker popped and has not yet acknowledged, with their queue members.

    Requests are matched by identity (Scrapy requests hash by identity), so two
    pops of equal requests are two holdings.
    """

    def __init__(self) -> None:
        self._held: dict[R, bytes] = {}

    def __len__(self) -> int:
        return len(self._held)

    def take(self, request: R, member: bytes) -> None:
        self._held[request] = member

    def members(self) -> list[bytes]:
        return list(self._held.values())

    def finished(self, in_progress: Container[R] | None) -> list[bytes]:
        """Release and return the members of requests no longer ``in_progress`` (all if None)."""
        done = [r for r in self._held if in_progress is None or r not in in_progress]
        return [self._held.pop(r) for r in done]

    def release_all(self) -> list[bytes]:
        members = list(self._held.values())
        self._held.clear()
        return members


@dataclass(slots=True)
class RetryWindow:
    """Redis outage state: when to retry, when to give up.

    ``failed(now)`` after an operation could not reach Redis, ``succeeded()`` after
    one could; ``may_try(now)`` says whether an operation should reach out now
    (outside an outage always; inside, after the backoff delay); ``expired(now)``
    whether the outage has outlasted ``timeout`` seconds.
    """

    timeout: float
    backoff: Backoff = field(default_factory=lambda: Backoff(base=0.5, cap=5.0, jitter=0.1))
    since: float | None = None  # start of the current outage
    failures: int = 0
    next_try: float = 0.0

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, now: float) -> bool:
        """Record a failure; True when it starts an outage (the one to log)."""
        starts = self.since is None
        if starts:
            self.since = now
        self.failures += 1
        self.next_try = now + self.backoff.delay(self.failures)
        return starts

    def succeeded(self, now: float) -> float:
        """End the outage, if any; returns how long it lasted (0.0 if there was none)."""
        lasted = 0.0 if self.since is None else now - self.since
        self.since = None
        self.failures = 0
        self.next_try = 0.0
        return lasted

    def may_try(self, now: float) -> bool:
        return self.since is None or now >= self.next_try

    def expired(self, now: float) -> bool:
        return self.since is not None and now - self.since >= self.timeout
