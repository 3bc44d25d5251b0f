"""Cluster a page's links by URL shape, and pick the cluster that looks like a list of items.

The seed's Algorithm 1: links of one kind of item share a host, a directory, a
file-name prefix (static pages) or a dynamic page with the same query keys. We
group links at increasing granularity:

1. ``host``: the host (and port);
2. ``directory``: host plus the directory path, digit runs generalised (so
   ``/2024/05/`` and ``/2024/06/`` are one directory);
3. ``file``: for static pages the file name's longest prefix shared with
   another file of the directory (digits cut off, so ids do not split it) and
   its extension; for dynamic pages (a query string) the file name and the set
   of query keys;
4. ``region``: a ``file`` cluster split by the links' tag path in the DOM, for
   pages that link the same kind of URL from a list and from a sidebar.

Each cluster carries a :class:`UrlPattern` that matches single URLs, so a chosen
cluster becomes a template that applies to later versions of the page.
:func:`auto_choose` scores clusters by how much they look like a list of items
(many distinct links, title-like anchor texts that differ from each other, one
repeated DOM position) with no knowledge of any particular site.

Pure module: lxml only, no Scrapy.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from urllib.parse import parse_qsl, urljoin, urlsplit, urlunsplit

from topiccrawl.textutil import normalize_space

LEVELS = ("host", "directory", "file", "region")
_DEDUP_ORDER = ("file", "directory", "host", "region")
# A cluster that contains the best one and scores nearly as well is preferred:
# items split over two DOM positions (pinned and ordinary threads) are one list.
NEAR_TIE = 0.9
STRAGGLERS = 0.1  # at most this share of the best cluster's size may be added
# Below this score nothing looks like a list (e.g. three short navigation links):
# about log2(3) links of 3-character titles, or 5 links of 1-2 characters.
MIN_LIST_SCORE = 0.5
_DIGITS = re.compile(r"\d+")
_TRAILING_ID = re.compile(r"[\d_\-.]+$")
_SKIP_SCHEMES = ("javascript:", "mailto:", "tel:", "data:", "#")
# A file-name prefix shorter than this is no evidence of a common kind of page.
MIN_PREFIX = 2


@dataclass(frozen=True, slots=True)
class Link:
    url: str  # absolute, without fragment
    text: str  # whitespace-normalised anchor text (or title/alt when the anchor has none)
    dom_path: str = ""  # tag path of the anchor's ancestors, e.g. "html/body/div/ul/li"


def _generalise(segment: str) -> str:
    return _DIGITS.sub("{n}", segment)


def _split_path(path: str) -> tuple[tuple[str, ...], str]:
    """(directory segments, file name) of a URL path."""
    parts = path.split("/")
    return tuple(p for p in parts[:-1] if p), parts[-1]


def _split_ext(name: str) -> tuple[str, str]:
    stem, dot, ext = name.rpartition(".")
    if not dot or not stem or not ext.isalnum():
        return name, ""
    return stem, ext.lower()


@dataclass(frozen=True, slots=True)
class UrlPattern:
    """A URL shape at one granularity level; serialisable, and matches single URLs."""

    level: str
    host: str
    directory: tuple[str, ...] | None = None  # generalised segments ({n} for digit runs)
    dynamic: bool | None = None
    file_prefix: str | None = None  # static pages: shared prefix of the file stem
    file_shape: str | None = None  # static pages without a shared prefix: stem with {n} for digits
    file_ext: str | None = None
    file_name: str | None = None  # dynamic pages: the script name
    query_keys: tuple[str, ...] | None = None  # dynamic pages: sorted query keys
    dom_path: str | None = None  # region level only

    def matches(self, url: str, dom_path: str | None = None) -> bool:
        """Whether ``url`` (found at ``dom_path``, when known) has this shape."""
        parts = urlsplit(url)
        if parts.netloc.lower() != self.host:
            return False
        if self.level == "host":
            return True
        segments, name = _split_path(parts.path)
        if self.directory is not None and tuple(_generalise(s) for s in segments) != self.directory:
            return False
        if self.level == "directory":
            return True
        file_ok = self._dynamic_matches(name, parts.query) if self.dynamic else self._static_matches(name, parts.query)
        if self.level == "region":
            return file_ok and (dom_path is None or dom_path == self.dom_path)
        return file_ok

    def _dynamic_matches(self, name: str, query: str) -> bool:
        keys = tuple(sorted({k for k, _ in parse_qsl(query, keep_blank_values=True)}))
        return bool(query) and name == self.file_name and keys == self.query_keys

    def _static_matches(self, name: str, query: str) -> bool:
        stem, ext = _split_ext(name)
        if query or ext != (self.file_ext or ""):
            return False
        if self.file_prefix:
            return stem.startswith(self.file_prefix)
        return _generalise(stem) == (self.file_shape or "")

    def describe(self) -> str:
        if self.level == "host":
            return f"{self.host}/*"
        directory = "/" + "/".join(self.directory or ()) + ("/" if self.directory else "")
        if self.level == "directory":
            return f"{self.host}{directory}*"
        if self.dynamic:
            keys = "&".join(f"{k}=*" for k in self.query_keys or ())
            text = f"{self.host}{directory}{self.file_name}?{keys}"
        else:
            ext = f".{self.file_ext}" if self.file_ext else ""
            stem = f"{self.file_prefix}*" if self.file_prefix else (self.file_shape or "")
            text = f"{self.host}{directory}{stem}{ext}"
        if self.level == "region":
            text += f"  in <{self.dom_path}>"
        return text

    def to_dict(self) -> dict[str, object]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> UrlPattern:
        if data.get("level") not in LEVELS or not isinstance(data.get("host"), str):
            raise ValueError(f"not a URL pattern: {data!r}")
        kwargs = dict(data)
        for key in ("directory", "query_keys"):
            if kwargs.get(key) is not None:
                kwargs[key] = tuple(str(x) for x in kwargs[key])  # type: ignore[union-attr]
        allowed = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in kwargs.items() if k in allowed})  # type: ignore[arg-type]


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


def extract_links(html: str, base_url: str) -> list[Link]:
    """Every followable link of an HTML page, in document order, resolved and without fragments."""
    import lxml.html

    try:
        doc = lxml.html.document_fromstring(html)
    except (ValueError, lxml.etree.ParserError):
        return []
    base = base_url
    for href in doc.xpath("//base/@href"):
        base = urljoin(base_url, str(href).strip())
        break
    links: list[Link] = []
    for anchor in doc.iter("a"):
        href = (anchor.get("href") or "").strip()
        if not href or href.lower().startswith(_SKIP_SCHEMES):
            continue
        url = urljoin(base, href)
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            continue
        url = urlunsplit((parts.scheme, parts.netloc.lower(), parts.path or "/", parts.query, ""))
        text = normalize_space(anchor.text_content() or "")
        if not text:
            text = normalize_space(anchor.get("title") or "")
        if not text:
            alts = anchor.xpath(".//img/@alt")
            text = normalize_space(str(alts[0])) if alts else ""
        path = "/".join(el.tag for el in reversed(list(anchor.iterancestors())) if isinstance(el.tag, str))
        links.append(Link(url, text, path))
    return links


def _static_prefixes(stems: Iterable[str]) -> dict[str, str]:
    """For each stem, its longest common prefix with another stem, with any trailing id cut off."""
    ordered = sorted(set(stems))
    result: dict[str, str] = {}
    for i, stem in enumerate(ordered):
        best = ""
        # In sorted order the longest common prefix is with a neighbour.
        for j in (i - 1, i + 1):
            if 0 <= j < len(ordered):
                other = ordered[j]
                n = 0
                while n < min(len(stem), len(other)) and stem[n] == other[n]:
                    n += 1
                if n > len(best):
                    best = stem[:n]
        best = _TRAILING_ID.sub("", best)
        result[stem] = best if len(best) >= MIN_PREFIX else ""
    return result


def _file_patterns(links: Sequence[Link], host: str, directory: tuple[str, ...]) -> dict[str, UrlPattern]:
    """The ``file``-level pattern of each URL of one directory cluster."""
    static: list[str] = []
    out: dict[str, UrlPattern] = {}
    for link in links:
        parts = urlsplit(link.url)
        _, name = _split_path(parts.path)
        if parts.query:
            keys = tuple(sorted({k for k, _ in parse_qsl(parts.query, keep_blank_values=True)}))
            out[link.url] = UrlPattern("file", host, directory, True, file_name=name, query_keys=keys)
        else:
            static.append(name)
    prefixes = _static_prefixes(_split_ext(n)[0] for n in static)
    for link in links:
        if link.url in out:
            continue
        stem, ext = _split_ext(_split_path(urlsplit(link.url).path)[1])
        prefix = prefixes.get(stem, "")
        # Without a shared prefix, names of one shape ("123", "n123") are one kind
        # of page and a word ("about") is its own.
        shape = None if prefix else _generalise(stem)
        out[link.url] = UrlPattern(
            "file", host, directory, False, file_prefix=prefix or None, file_shape=shape, file_ext=ext
        )
    return out


def cluster_links(links: Sequence[Link]) -> list[Cluster]:
    """Clusters at every granularity level; a member set found at several levels is kept once (coarsest)."""
    by_key: dict[UrlPattern, list[Link]] = defaultdict(list)
    by_dir: dict[tuple[str, tuple[str, ...]], list[Link]] = defaultdict(list)
    for link in links:
        parts = urlsplit(link.url)
        host = parts.netloc.lower()
        segments, _ = _split_path(parts.path)
        directory = tuple(_generalise(s) for s in segments)
        by_key[UrlPattern("host", host)].append(link)
        by_key[UrlPattern("directory", host, directory)].append(link)
        by_dir[(host, directory)].append(link)
    for (host, directory), members in by_dir.items():
        patterns = _file_patterns(members, host, directory)
        for link in members:
            pattern = patterns[link.url]
            by_key[pattern].append(link)
            region = replace(pattern, level="region", dom_path=link.dom_path)
            by_key[region].append(link)
    seen: set[frozenset[str]] = set()
    clusters: list[Cluster] = []
    # The same member set at several levels is kept at the most specific URL level
    # (file before directory before host), so its template does not over-generalise;
    # a DOM region only when no URL shape alone yields that set.
    for level in _DEDUP_ORDER:
        for pattern, members in by_key.items():
            if pattern.level != level:
                continue
            key = frozenset(link.url for link in members)
            if key in seen:
                continue
            seen.add(key)
            clusters.append(Cluster(pattern, list(members)))
    for cluster in clusters:
        cluster.score = list_score(cluster)
    return clusters


def _text_length(text: str) -> float:
    """Length in 'characters of meaning': a CJK character counts 1, a Latin word about 2."""
    cjk = sum(1 for ch in text if "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff")
    words = len(re.findall(r"[A-Za-z]+", text))
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
    lengths = [_text_length(t) for t in texts]
    median_len = statistics.median(lengths)
    # Titles are a few words; saturate so that long teaser paragraphs gain nothing.
    title_like = min(median_len, 24.0) / 24.0
    distinct = len(set(texts)) / n
    empty = sum(1 for t in texts if not t) / n
    # Judged on each URL's title link: an item's reply count or thumbnail may
    # link it again from elsewhere in its row.
    paths = Counter(link.dom_path for link in items)
    dom_consistency = paths.most_common(1)[0][1] / n
    # Items are linked once or twice (title, thumbnail); navigation many times.
    repeats = len(cluster.links) / n
    return (
        math.log2(n) * (0.1 + title_like) * distinct**2 * (1.0 - empty) * (0.4 + 0.6 * dom_consistency) / repeats**0.25
    )


def ranked_clusters(links: Sequence[Link], limit: int | None = None) -> list[Cluster]:
    """Clusters with at least two distinct URLs, most list-like first."""
    clusters = [c for c in cluster_links(links) if len(c.urls) >= 2]
    clusters.sort(key=lambda c: (-c.score, -len(c.urls), LEVELS.index(c.pattern.level)))
    return clusters[:limit] if limit else clusters


def auto_choose(links: Sequence[Link]) -> Cluster | None:
    """The cluster that looks most like a list of items, or None when none scores :data:`MIN_LIST_SCORE`."""
    ranked = ranked_clusters(links)
    if not ranked or ranked[0].score < MIN_LIST_SCORE:
        return None
    best = ranked[0]
    members = set(best.urls)
    # Stragglers only: a superset that adds a second list (a sidebar) is another choice.
    stragglers = max(2, int(STRAGGLERS * len(members)))
    supersets = [
        c
        for c in ranked[1:]
        if c.score >= NEAR_TIE * best.score and members < set(c.urls) and len(c.urls) - len(members) <= stragglers
    ]
    return max(supersets, key=lambda c: len(c.urls), default=best)
