"""Site chrome: repeated regions that show the same records on different pages.

A navigation bar, a footer's link list or a box of announcements is rendered from a template
like any thread list, and on a page with little else (a member's profile, a help page) it is
the page's largest repeated region. Taken there as the page's content, its template becomes a
known content template, preferred on every later page, and thread pages are then read as that
bar. Content differs from page to page; chrome does not. A region whose records are exactly
those of a region on another page is chrome. When every region of a page is repeated, the page
is either a view of another page (an alias: its regions include the other page's content, which
the caller then tells by the main region's digest) or a page with nothing of its own (a
profile, a help page: chrome only), which has no content region at all.
"""

from __future__ import annotations

import hashlib

from topiccrawl.forum.regions import Region

MAX_DIGESTS = 500_000  # past this, regions are no longer remembered (a bound on memory, not on pages)


def region_digest(region: Region) -> bytes:
    """Digest of a region's template and its records' texts."""
    text = region.key + "\n" + "\n".join(r.text() for r in region.records)
    return hashlib.sha1(text.encode()).digest()[:12]


class Chrome:
    """Remembers on which page each region's records were first seen, and which were a page's content."""

    def __init__(self, limit: int = MAX_DIGESTS) -> None:
        self._first: dict[bytes, str] = {}
        self._content: set[bytes] = set()
        self.limit = limit

    def content(self, url: str, regions: list[Region]) -> list[Region]:
        """The regions of the page at ``url`` that may hold its content: those not repeated from
        another page; when every one is, those that were another page's content (an alias)."""
        fresh, seen = [], []
        for region in regions:
            digest = region_digest(region)
            first = self._first.get(digest)
            if first is None and len(self._first) < self.limit:
                self._first[digest] = first = url
            if first is None or first == url:
                fresh.append(region)
            elif digest in self._content:
                seen.append(region)
        return fresh or seen

    def mark_content(self, region: Region) -> None:
        """``region`` was taken as its page's content."""
        if len(self._content) < self.limit:
            self._content.add(region_digest(region))
