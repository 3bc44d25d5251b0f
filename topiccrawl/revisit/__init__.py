"""Revisit scheduling for watched pages (pure code, injected clock).

Every scheduler here has the same interface, so simulators can drive it::

    scheduler.add(key, now)
    key, when = scheduler.next_fetch(now)   # or None when nothing is scheduled
    scheduler.observe(key, fetch_time, changed)
    scheduler.remove(key)

``RevisitScheduler`` is the project's scheduler (learned; constructible with no
arguments); the others are baselines for ``benchmarks/revisit_sim.py``.
"""

from __future__ import annotations

from topiccrawl.revisit.baselines import (
    AdaptiveIntervalScheduler,
    RoundRobinScheduler,
    SeedDoublingScheduler,
)
from topiccrawl.revisit.learned import LearnedScheduler

RevisitScheduler = LearnedScheduler
"""The project's scheduler; constructible with no arguments."""

__all__ = [
    "AdaptiveIntervalScheduler",
    "LearnedScheduler",
    "RevisitScheduler",
    "RoundRobinScheduler",
    "SeedDoublingScheduler",
]
