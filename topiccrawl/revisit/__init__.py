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

from topiccrawl.revisit import native

COMPILED = native.prepare()
"""True when the scheduler's modules run compiled by ``build_native.py`` (mypyc), else plain Python."""

from topiccrawl.revisit.baselines import (  # noqa: E402  (after native.prepare() chose what to load)
    AdaptiveIntervalScheduler,
    RoundRobinScheduler,
    SeedDoublingScheduler,
)
from topiccrawl.revisit.learned import LearnedScheduler  # noqa: E402

RevisitScheduler = LearnedScheduler
"""The project's scheduler; constructible with no arguments."""

__all__ = [
    "COMPILED",
    "AdaptiveIntervalScheduler",
    "LearnedScheduler",
    "RevisitScheduler",
    "RoundRobinScheduler",
    "SeedDoublingScheduler",
]
