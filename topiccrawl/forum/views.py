"""Views of pages already read: their records again, filtered or reordered, under another URL.

A forum shows one thread's posts under many URLs besides its pages: one member's posts only
(PHPWind's ``read.php?tid=5&uid=7``, Discuz!'s ``authorid=``), newest first (``ordertype=desc``),
and a board's threads filtered by type or sorted another way. Such a page is no copy of any one
page the crawl has read (its records are a subset, or in another order), so the digest of its
main region (:func:`topiccrawl.forum.pageinfo.records_digest`) does not find it, but most of its
records have been read before, each on some page. Its posts would be emitted a second time at
wrong positions, and a link that leads to such views, one per member and thread, would fetch
many of them.
"""

from __future__ import annotations

import hashlib

from topiccrawl.forum.regions import Region

MIN_TEXT = 20  # characters a record needs to be told apart ("+1" and "顶" repeat across threads)
VIEW_SHARE = 0.8  # share of a page's records read elsewhere first that makes it a view
MAX_RECORDS = 2_000_000  # past this, records are no longer remembered (a bound on memory, not on pages)


class SeenRecords:
    """Remembers on which page each record of a page's content was first read."""

    def __init__(self, limit: int = MAX_RECORDS) -> None:
        self._first: dict[bytes, str] = {}
        self.limit = limit

    def shown_before(self, url: str, region: Region) -> bool:
        """Whether most of ``region``'s records (of those with text enough to tell them apart)
        were first read on pages other than ``url``. If not, its records not seen before are
        remembered as read here."""
        digests = [_digest(text) for r in region.records if len(text := r.text()) >= MIN_TEXT]
        if not digests:
            return False
        elsewhere = sum(1 for d in digests if self._first.get(d, url) != url)
        if elsewhere >= VIEW_SHARE * len(digests):
            return True
        for d in digests:
            if len(self._first) >= self.limit:
                break
            self._first.setdefault(d, url)
        return False

    def unread(self, region: Region) -> int:
        """How many of ``region``'s records (with text enough to tell them apart) no page showed before."""
        return sum(1 for r in region.records if len(text := r.text()) >= MIN_TEXT and _digest(text) not in self._first)


def _digest(text: str) -> bytes:
    return hashlib.sha1(text.encode()).digest()[:12]
