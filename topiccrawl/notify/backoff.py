"""Retry delays for failing channels: exponential backoff with a cap and jitter."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Backoff:
    """Delay before attempt ``n + 1`` after ``n`` failures: ``base * 2**(n-1)``, capped, +/- jitter.

    Jitter spreads retries of many queued messages so a channel that comes back is
    not hit by all of them in the same second.
    """

    base: float = 30.0
    cap: float = 3600.0
    jitter: float = 0.1  # fraction of the delay, drawn uniformly in [-jitter, +jitter]

    def delay(self, failures: int, rng: random.Random | None = None) -> float:
        if failures <= 0:
            return 0.0
        # Cap the exponent first: 2**failures overflows floats long before it matters.
        raw = min(self.cap, self.base * 2.0 ** min(failures - 1, 62))
        if self.jitter > 0:
            spread = raw * self.jitter
            raw += (rng or random).uniform(-spread, spread)
        return max(0.0, min(self.cap, raw))
