"""Learning, during a crawl, how often each kind of link leads to an on-topic page.

The link score ``L(i)`` of :mod:`topiccrawl.relevance` is a fixed formula: it ranks a
thumbnail on an on-topic page (inherited relevance, nothing else) against an anchor
of middling similarity the same way on every web. Which of the two leads to on-topic
pages more often differs from web to web, and a crawl finds out as it goes: every
fetched page is the outcome of the link that led to it.

:class:`LinkCalibration` keeps, per *kind* of link, how many pages such links led to
and how many of them were on topic (plus ``hub_credit`` for each off-topic page that
led to an on-topic one), and scales a link's formula score by how its kind fared
against its scores: ``score x rate / mean score`` of the kind, the rate shrunk toward
the kind's mean score by ``prior_weight`` pseudo-observations. So an unseen kind is
ranked by the formula alone, a kind seen a few times moves only a little, and within
a kind the formula's order stands. A kind is the link's score parts, bucketed
(:func:`link_kind`): anchor similarity, URL score, whether the anchor is generic,
whether the parent page was on topic. It says nothing about hosts or URL shapes, so
what it learns on one web is about links in general, not one site's layout. Pure
Python: no Scrapy here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ANCHOR_EDGES = (0.0, 0.15, 0.3, 0.45, 0.6, 0.8)  # similarity buckets: 0, (0, .15), [.15, .3), ...
URL_EDGES = (0.0, 0.5)


def _bucket(value: float, edges: tuple[float, ...]) -> int:
    """0 for ``value <= edges[0]``, else 1 + the number of further edges ``value`` reaches."""
    if value <= edges[0]:
        return 0
    return 1 + sum(1 for edge in edges[1:] if value >= edge)


def link_kind(anchor: float, url: float, generic_anchor: bool, parent_on_topic: bool) -> str:
    """A short key for the kind of a link: ``a<bucket>u<bucket>[g][p]``."""
    flags = ("g" if generic_anchor else "") + ("p" if parent_on_topic else "")
    return f"a{_bucket(anchor, ANCHOR_EDGES)}u{_bucket(url, URL_EDGES)}{flags}"


@dataclass(slots=True)
class KindRecord:
    fetched: int = 0
    on_topic: float = 0.0  # on-topic pages, plus hub_credit for each off-topic page that led to one
    scored: float = 0.0  # sum of the formula scores of the links fetched


@dataclass(slots=True)
class LinkCalibration:
    """Per-kind outcome counts and the calibrated score (see the module docstring). A kind's
    ``on_topic`` is a reward: 1 per on-topic page, ``hub_credit`` per off-topic page that led to
    one, so its "rate" (:meth:`summary`) can exceed 1 for kinds that mostly lead to hubs."""

    prior_weight: float = 10.0  # pseudo-observations at the formula's score
    hub_credit: float = 0.5  # what an off-topic page that links to an on-topic page counts for
    max_hubs: int = 100_000  # off-topic pages remembered until one of their links proves on topic
    kinds: dict[str, KindRecord] = field(default_factory=dict)
    _hubs: dict[str, str] = field(default_factory=dict, init=False, repr=False)  # page id -> its kind

    def __post_init__(self) -> None:
        if self.prior_weight <= 0:
            raise ValueError(f"prior_weight must be positive, got {self.prior_weight}")

    def page(self, page: str, kind: str | None, score: float, on_topic: bool, parent: str | None) -> None:
        """Page ``page`` (an id unique in the crawl), fetched through a link of ``kind`` (None for a
        seed) scored ``score``, found on page ``parent``. An off-topic page is a hub of its kind once
        a link on it leads to an on-topic page: the way into new on-topic regions often crosses an
        off-topic list page."""
        if kind:
            self.observe(kind, score, on_topic)
        if on_topic and parent is not None:
            hub_kind = self._hubs.pop(parent, None)
            if hub_kind is not None:
                self.kinds[hub_kind].on_topic += self.hub_credit
        elif not on_topic and kind:
            self._hubs[page] = kind
            if len(self._hubs) > self.max_hubs:
                del self._hubs[next(iter(self._hubs))]  # the oldest: its links have long been fetched

    def observe(self, kind: str, score: float, on_topic: bool) -> None:
        """One page fetched through a link of ``kind`` scored ``score``, and whether it was on topic."""
        record = self.kinds.get(kind)
        if record is None:
            record = self.kinds[kind] = KindRecord()
        record.fetched += 1
        record.on_topic += on_topic
        record.scored += score

    def estimate(self, kind: str, score: float) -> float:
        """The chance that a link of ``kind`` with formula score ``score`` leads to an on-topic page:
        the score scaled by how its kind's links fared against their scores, so that within a kind
        the formula's order stands."""
        record = self.kinds.get(kind)
        if record is None or record.scored <= 0:
            return score
        mean = record.scored / record.fetched
        rate = (record.on_topic + self.prior_weight * mean) / (record.fetched + self.prior_weight)
        return min(1.0, score * rate / mean)

    def summary(self, top: int = 12) -> list[tuple[str, int, float]]:
        """The most fetched kinds: (kind, pages fetched, on-topic rate)."""
        ranked = sorted(self.kinds.items(), key=lambda item: -item[1].fetched)[:top]
        return [(kind, r.fetched, r.on_topic / r.fetched) for kind, r in ranked]
