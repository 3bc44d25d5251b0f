"""Clusters of a page's links by URL shape, and how much each looks like a list of items.

:func:`cluster_links` groups links at every granularity level of
:data:`~topiccrawl.urlcluster.patterns.LEVELS` up to ``region``;
:func:`list_score` scores a :class:`Cluster` with no knowledge of any particular
site, and :func:`ranked_clusters` orders them by it.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from topiccrawl.urlcluster.links import Link, _same_place, carries_url
from topiccrawl.urlcluster.patterns import LEVELS, UrlPattern, _file_shapes, _host_directory

_DEDUP_ORDER = ("file", "directory", "host", "region", "container", "block")
# A feed's posts are linked by their time ("今天20:52", "5分钟前", "3h ago"): such a link names its
# item as a short title would, and counts as one of this length (a third of a full title).
STAMP_LENGTH = 8.0
_STAMP = re.compile(
    r"(?:(?:今天|昨天|前天|\d{1,4}[-/.年月]\d{1,2}(?:[-/.月]\d{1,2})?日?)\s*)?\d{1,2}:\d{2}(?::\d{2})?"
    r"|\d+\s*(?:秒|分钟|小时|天)前|刚刚"
    r"|\d+\s*(?:s|m|h|d|sec|secs|min|mins|minutes?|hours?|hrs?|days?)\s+ago|just now",
    re.IGNORECASE,
)


# Scripts whose every character is a syllable or a word: Han, kana, Hangul syllables.
_SYLLABIC = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3\uf900-\ufaff]")
_WORD = re.compile(r"[^\W\d_]+")  # letters of any other alphabet


@dataclass
class Cluster:
    pattern: UrlPattern
    links: list[Link] = field(default_factory=list)
    score: float = 0.0

    @property
    def urls(self) -> list[str]:
        return list(dict.fromkeys(link.url for link in self.links))

    def items(self) -> list[Link]:
        """Distinct links in page order, each with its longest anchor text."""
        best: dict[str, Link] = {}
        for link in self.links:
            if link.url not in best or len(link.text) > len(best[link.url].text):
                best[link.url] = link
        return list(best.values())


def cluster_links(links: Sequence[Link]) -> list[Cluster]:
    """Clusters at every granularity level; a member set found at several levels is kept once (coarsest)."""
    by_key: dict[UrlPattern, list[Link]] = defaultdict(list)
    by_dir: dict[tuple[str, tuple[str, ...]], list[Link]] = defaultdict(list)
    for link in links:
        host, directory = _host_directory(link.url)
        by_key[UrlPattern("host", host)].append(link)
        by_key[UrlPattern("directory", host, directory)].append(link)
        by_dir[(host, directory)].append(link)
    shapes = _file_shapes(by_dir)
    for members in by_dir.values():
        for link in members:
            pattern = shapes[link.url]
            by_key[pattern].append(link)
            region = replace(pattern, level="region", dom_path=link.dom_path)
            by_key[region].append(link)
    # The same member set at several levels is kept once: at the most specific URL
    # level (file before directory before host), so its template does not
    # over-generalise; as a DOM region only when no URL shape alone yields it, and
    # then the region whose links read most like items (titles, not reply counts).
    best: dict[frozenset[str], Cluster] = {}
    for pattern, members in by_key.items():
        cluster = Cluster(pattern, list(members))
        cluster.score = list_score(cluster)
        key = frozenset(link.url for link in members)
        kept = best.get(key)
        rank = (_DEDUP_ORDER.index(pattern.level), -cluster.score)
        if kept is None or rank < (_DEDUP_ORDER.index(kept.pattern.level), -kept.score):
            best[key] = cluster
    return sorted(best.values(), key=lambda c: LEVELS.index(c.pattern.level))


def _text_length(text: str) -> float:
    """Length in 'characters of meaning': a Chinese character, a kana or a Hangul syllable counts
    1, a word of any alphabet (Latin, Cyrillic, Greek...) 2, and more when it is longer than six
    letters (a German compound: "Jahresprognose"). Hangul, kana and other alphabets than Latin
    counted nothing before, so a Korean board's titles read as empty."""
    cjk = len(_SYLLABIC.findall(text))
    words = sum(max(1.0, len(word) / 6) for word in _WORD.findall(_SYLLABIC.sub(" ", text)))
    # Numbers say little: a date or a reply count is not a title.
    numbers = len(re.findall(r"\d+", text))
    return cjk + 2 * words + 0.5 * numbers


def list_score(cluster: Cluster) -> float:
    """How much a cluster looks like a list of items (higher is more list-like; 0 for fewer than 3 links).

    Item lists have many distinct URLs whose anchors are titles: several words
    long, different from each other, in one repeated position of the DOM.
    Navigation, footers, user names, page numbers and 'more' links have short or
    repeated texts, few members, or are scattered over the page.
    """
    items = cluster.items()
    n = len(items)
    if n < 3:
        return 0.0
    texts = [link.text for link in items]
    lengths = [STAMP_LENGTH if _STAMP.fullmatch(t) else _text_length(t) for t in texts]
    median_len = statistics.median(lengths)
    # Titles are a few words; saturate so that long teaser paragraphs gain nothing.
    title_like = min(median_len, 24.0) / 24.0
    # Generic texts ('Read more', 'Save job') repeat over most of a cluster's links; titles may repeat
    # a few times (one role at several employers) and still name their items.
    top = Counter(texts).most_common(1)[0][1]
    distinct = 1.0 - (top - 1) / n
    empty = sum(1 for t in texts if not t) / n
    # The share of the URLs linked from one place (a path of tags and classes): an item's
    # thumbnail, reply count or title may each be the link with the longest text, but one of
    # them is in every row.
    main = _main_place(cluster.links)
    dom_consistency = len({link.url for link in main}) / n
    shared = _shared_share(main)
    # Items are linked up to three times (thumbnail, title, reply count); navigation more often.
    repeats = max(1.0, len(cluster.links) / n - 2.0)
    spread = 0.4 + 0.6 * dom_consistency
    # Filters of this very list (its facets, its sort orders) are no items of it.
    views = sum(1 for link in items if link.view) / n
    # Links carrying another URL are actions or redirects, no items (:func:`carries_url`).
    carried = sum(1 for link in items if carries_url(link.url)) / n
    return (
        math.log2(n)
        * (0.1 + title_like)
        * distinct**2
        * (1.0 - empty)
        * spread
        * (1.0 - shared)
        * (1.0 - views)
        * (1.0 - carried)
        / repeats**0.25
    )


def _main_place(links: Sequence[Link]) -> list[Link]:
    """The links of the place (:func:`_same_place`) that links the most of the links' URLs."""
    places: dict[str, list[Link]] = defaultdict(list)
    for link in links:
        places[link.block or link.dom_path].append(link)
    groups: list[tuple[str, list[Link]]] = []
    for place, members in sorted(places.items(), key=lambda kv: -len(kv[1])):
        group = next((g for rep, g in groups if _same_place(place, rep)), None)
        if group is None:
            groups.append((place, list(members)))
        else:
            group.extend(members)
    return max((g for _, g in groups), key=lambda g: len({link.url for link in g}))


def _shared_share(links: Sequence[Link]) -> float:
    """The share of URLs that several records link from the same place: attributes of the records
    (each row's author, department or board), where an item is linked from its own record only."""
    depth = _common_depth(links)
    records: dict[str, set[tuple[int, ...]]] = defaultdict(set)
    for link in links:
        records[link.url].add(link.dom_position[: depth + 1])
    return sum(1 for where in records.values() if len(where) > 1) / len(records)


def ranked_clusters(links: Sequence[Link], limit: int | None = None) -> list[Cluster]:
    """Clusters with at least two distinct URLs, most list-like first."""
    clusters = [c for c in cluster_links(links) if len(c.urls) >= 2]
    clusters.sort(key=lambda c: (-c.score, -len(c.urls), LEVELS.index(c.pattern.level)))
    return clusters[:limit] if limit else clusters


def _common_depth(links: Sequence[Link]) -> int:
    """How many ancestors all the links share: the depth of their deepest common ancestor."""
    positions = [link.dom_position for link in links]
    depth = 0
    while all(len(p) > depth for p in positions) and len({p[depth] for p in positions}) == 1:
        depth += 1
    return depth
