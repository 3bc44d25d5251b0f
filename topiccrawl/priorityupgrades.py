"""Raising a queued URL's priority when a better link to it turns up.

A best-first crawler scores a URL when it first sees a link to it. Scrapy's
dupefilter then drops every later request for it, so a page first linked from an
off-topic page waits at that page's low priority even after an on-topic page links
to it with a telling anchor (seed 003 scores each link; Chakrabarti et al.'s and
Shark-Search's frontiers keep the best score). Scrapy's queues cannot reorder an
entry, so an upgrade is a second copy scheduled at the better priority past the
dupefilter, and whichever copy is dispatched second is dropped before download.

:class:`PriorityUpgrades` is that bookkeeping, by request fingerprint:

* :meth:`offer` when a scored request leaves the spider: ``"new"`` (schedule it
  as usual), ``"upgrade"`` (schedule it past the dupefilter: it beats the queued
  copy by at least ``margin``) or ``"keep"`` (let the dupefilter drop it);
* :meth:`dispatch` when a copy reaches the downloader: False for a copy made
  stale by an upgrade (the better copy is still queued, or has been dispatched).

URLs that were never upgraded are untouched: their second copies (a spider's own
``dont_filter`` requests) are dispatched as before.
"""

from __future__ import annotations

from typing import Final, Literal

# Stands for "a copy of the URL has gone to the downloader": above any priority, so nothing beats it.
DISPATCHED: Final = 2**62

Offer = Literal["new", "upgrade", "keep"]


class PriorityUpgrades:
    def __init__(self, margin: int) -> None:
        if margin <= 0:
            raise ValueError(f"margin must be positive, got {margin}")
        self.margin = margin
        self._best: dict[bytes, int] = {}  # best priority queued, or DISPATCHED
        self._upgraded: set[bytes] = set()
        self.upgrades = 0
        self.dropped = 0

    def pin(self, fp: bytes) -> None:
        """A request that is scheduled regardless (a seed): never upgraded."""
        self._best[fp] = DISPATCHED

    def offer(self, fp: bytes, priority: int) -> Offer:
        best = self._best.get(fp)
        if best is None:
            self._best[fp] = priority
            return "new"
        if priority < best + self.margin:
            return "keep"
        self._best[fp] = priority
        self._upgraded.add(fp)
        self.upgrades += 1
        return "upgrade"

    def dispatch(self, fp: bytes, priority: int) -> bool:
        """Whether the copy of ``fp`` at ``priority`` should be downloaded."""
        best = self._best.get(fp)
        if fp in self._upgraded and best is not None and priority < best:
            self.dropped += 1
            return False
        self._best[fp] = DISPATCHED
        return True
