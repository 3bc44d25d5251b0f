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

Lists whose items share no URL shape (a news roll over several channels' hosts,
a link aggregator's stories, a blog's slugs) or share it with a sidebar are found
from the other side: links in one *block*, the same path of tags and classes
(``div.list/ul/li/a``, where the sidebar is ``div.hot/ul/li/a``), become a list
``container`` that keeps the block's URL shape when most of its links have one,
or a ``block`` pattern (any URL at that path) when they do not.

Each cluster carries a :class:`UrlPattern` that matches single URLs, so a chosen
cluster becomes a template that applies to later versions of the page.
:func:`auto_choose` scores clusters by how much they look like a list of items
(many distinct links, title-like anchor texts that differ from each other, one
repeated DOM position) with no knowledge of any particular site.

Pure module: lxml only, no Scrapy.
"""

from __future__ import annotations

import functools
import math
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urljoin, urlsplit, urlunsplit

from topiccrawl.pagelets import expand_pagelets
from topiccrawl.textutil import SCREEN_READER_ONLY, normalize_space
from topiccrawl.urltraps import netloc_key, strip_session

if TYPE_CHECKING:
    from lxml.html import HtmlElement

LEVELS = ("host", "directory", "file", "region", "container", "block")
_DEDUP_ORDER = ("file", "directory", "host", "region", "container", "block")
# Below this score nothing looks like a list (e.g. three short navigation links):
# about log2(3) links of 3-character titles, or 5 links of 1-2 characters.
MIN_LIST_SCORE = 0.5
_DIGITS = re.compile(r"\d+")
_DIGIT = re.compile(r"\d")
_ID_IN_NAME = re.compile(r"\d{3}")
_OPAQUE_ID = re.compile(r"[0-9A-Za-z]+")
# A query carrying another URL, plain, escaped or in base64 ("aHR0c" is "http"): a click counter or
# an ad's redirect, not an item of the list however titled.
_REDIRECT = re.compile(r"https?(?::|%3A)|(?:^|=)aHR0c", re.IGNORECASE)
# Elements that hold words for screen readers only, or that are not shown at all.
_HIDDEN_XPATH = (
    "//a//*[@hidden or @aria-hidden='true' or contains(translate(@style, ' ', ''), 'display:none') or "
    + SCREEN_READER_ONLY
    + "]"
)
_HASHED = re.compile(r"\d[A-Za-z]")
_TRAILING_ID = re.compile(r"[\d_\-.]+$")
_SKIP_SCHEMES = ("javascript:", "mailto:", "tel:", "data:", "#")
# A file-name prefix shorter than this is no evidence of a common kind of page.
MIN_PREFIX = 2
# Share of a block's links of one URL shape for the list to be that shape's (the rest: ads, outside links).
BLOCK_SHAPE_SHARE = 0.75
# A feed's posts are linked by their time ("今天20:52", "5分钟前", "3h ago"): such a link names its
# item as a short title would, and counts as one of this length (a third of a full title).
STAMP_LENGTH = 8.0
_STAMP = re.compile(
    r"(?:(?:今天|昨天|前天|\d{1,4}[-/.年月]\d{1,2}(?:[-/.月]\d{1,2})?日?)\s*)?\d{1,2}:\d{2}(?::\d{2})?"
    r"|\d+\s*(?:秒|分钟|小时|天)前|刚刚"
    r"|\d+\s*(?:s|m|h|d|sec|secs|min|mins|minutes?|hours?|hrs?|days?)\s+ago|just now",
    re.IGNORECASE,
)
# Share of a record's longest item text from which more of its links are items too (titles, not page numbers).
TITLE_SHARE = 0.5
# Classes that mark a state or a row's parity rather than what an element is: one list's rows
# differ by them (odd/even, the current item), so a block's path leaves them out, as it leaves
# out digits (``trow1``/``trow2``, ``post_12``).
_STATE_CLASSES = frozenset(
    {"odd", "even", "first", "last", "active", "current", "cur", "on", "selected", "hover", "alt", "clearfix", "cf"}
)


@dataclass(frozen=True, slots=True)
class Link:
    url: str  # absolute, without fragment
    text: str  # whitespace-normalised anchor text (or title/alt when the anchor has none)
    dom_path: str = ""  # tag path of the anchor's ancestors, e.g. "html/body/div/ul/li"
    dom_position: tuple[int, ...] = ()  # index of each of those ancestors among its parent's children
    block: str = ""  # the same ancestors and the anchor with their classes (:func:`block_step`)
    view: bool = False  # this page again with other query values: a filter of the list (:func:`is_view`)


def _generalise(segment: str) -> str:
    return _DIGITS.sub("{n}", segment)


def _generalise_directory(segment: str) -> str:
    """A directory with digit runs generalised, and an opaque id (``4193b5343ceb801b``, ``1p3k22i``:
    letters and digits mixed, six characters or more) as ``{id}``: one directory per item is one
    kind of page."""
    if len(segment) >= 6 and _OPAQUE_ID.fullmatch(segment) and not segment.isdigit() and _DIGIT.search(segment):
        return "{id}"
    return _generalise(segment)


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
    # region level: the anchors' exact tag path; container level: the tag path of
    # the element that holds the list (anchors anywhere below it match)
    dom_path: str | None = None
    # container level: how many items one record (child of the container) holds
    per_record: int | None = None
    # container level: the container's path with classes (a sidebar of the same tags is outside
    # it); block level: the anchors' path with classes (any URL there matches)
    block_path: str | None = None
    # container level: the items' own place (their anchors' path with classes), where a link is an
    # item whatever its URL when its text reads like the others' (a school's news on its WeChat)
    item_block: str | None = None

    def matches(self, url: str, dom_path: str | None = None) -> bool:
        """Whether ``url`` (found at ``dom_path``, when known) has this shape.

        Shapes are of URLs without session parameters (``;jsessionid=``, ``?sid=``:
        see :func:`~topiccrawl.urltraps.strip_session`), so a new session id does not
        change what matches; a URL with its session is tried too, for patterns made
        before shapes left sessions out.
        """
        if self.level == "block":
            return True  # any URL: the place is the pattern (:meth:`matches_link`)
        stripped = strip_session(url)
        return self._matches(stripped, dom_path) or (stripped != url and self._matches(url, dom_path))

    def matches_link(self, link: Link) -> bool:
        """Whether a link of a page has this shape, at this pattern's place in the page."""
        if self.block_path is not None and link.block:
            if self.level == "block":
                return link.block == self.block_path
            if not _inside(link.block, self.block_path):
                return False
            if self.item_block is not None and _same_place(link.block, self.item_block):
                return True
        elif self.level == "block":
            return False  # (a link without its classes cannot be placed)
        return self.matches(link.url, link.dom_path)

    def _matches(self, url: str, dom_path: str | None) -> bool:
        parts = urlsplit(url)
        if netloc_key(parts.scheme, parts.netloc) != self.host and parts.netloc.lower() != self.host:
            return False
        if self.level == "host":
            return True
        segments, name = _split_path(parts.path)
        if self.directory is not None and tuple(map(_generalise_directory, segments)) != self.directory:
            return False
        if self.level == "directory":
            return True
        file_ok = self._dynamic_matches(name, parts.query) if self.dynamic else self._static_matches(name, parts.query)
        if not file_ok or dom_path is None or self.level not in ("region", "container"):
            return file_ok
        inside = self.level == "container" and dom_path.startswith(f"{self.dom_path}/")
        return inside or dom_path == self.dom_path

    def _dynamic_matches(self, name: str, query: str) -> bool:
        keys = tuple(sorted({k for k, _ in parse_qsl(query, keep_blank_values=True)}))
        return bool(query) and name == self.file_name and keys == self.query_keys

    def _static_matches(self, name: str, query: str) -> bool:
        stem, ext = _split_ext(name)
        if (query and not _has_id(stem)) or ext != (self.file_ext or ""):
            return False
        if self.file_prefix:
            return stem.startswith(self.file_prefix)
        return _generalise(stem) == (self.file_shape or "")

    def describe(self) -> str:
        if self.level == "block":
            return f"any link at <{self.block_path}>"
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
            text += f"  at <{self.dom_path}>"
        elif self.level == "container":
            text += f"  in <{self.block_path or self.dom_path}>"
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
    expand_pagelets(doc)  # a list shipped in a comment for a script to insert (Tieba's threads)
    base = base_url
    for href in doc.xpath("//base/@href"):
        base = urljoin(base_url, str(href).strip())
        break
    links: list[Link] = []
    # Keyed by the elements, which keeps their proxies alive: lxml hands out a new Python object,
    # and perhaps a freed object's id, for a node whose proxy has gone.
    kin_cache: dict[tuple[HtmlElement, str], list[set[str]]] = {}
    steps: dict[HtmlElement, str] = {}  # an ancestor's step, shared by the anchors below it
    hidden = set(doc.xpath(_HIDDEN_XPATH))
    hiding = {a for el in hidden for a in el.iterancestors("a")}
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
        if text and anchor in hiding:  # (when all its words are for screen readers, they are its text)
            text = _shown_text(anchor, hidden) or text
        if not text:  # a card's overlay link, an icon: its name for screen readers, else its tooltip
            text = normalize_space(anchor.get("aria-label") or anchor.get("title") or "")
        if not text:
            alts = anchor.xpath(".//img/@alt")
            text = normalize_space(str(alts[0])) if alts else ""
        ancestors = [el for el in reversed(list(anchor.iterancestors())) if isinstance(el.tag, str)]
        path = "/".join(el.tag for el in ancestors)
        position = tuple(_index_in_parent(el) for el in ancestors)
        for el in ancestors:
            if el not in steps:
                steps[el] = block_step(el, kin_cache)
        block = "/".join([*(steps[el] for el in ancestors), block_step(anchor, kin_cache)])
        links.append(Link(url, text, path, position, block, is_view(url, base_url)))
    return links


def _shown_text(anchor: HtmlElement, hidden: set[HtmlElement]) -> str:
    """An anchor's text as the page shows it: without the ``hidden`` elements' words, meant for
    screen readers alone (``Save job<span class="visually-hidden"> Economist</span>`` reads "Save
    job", the same in every row, as it looks)."""
    parts: list[str] = []

    def walk(element: HtmlElement) -> None:
        if element in hidden:
            return
        parts.append(element.text or "")
        for child in element:
            walk(child)
            parts.append(child.tail or "")

    walk(anchor)
    return normalize_space("".join(parts))


def is_view(url: str, page_url: str) -> bool:
    """Whether a link leads to the page it is on, filtered another way: the same script, some of the
    page's query values kept and the rest changed or added without an id among them
    (``/search?keywords=analyst&department=hmrc`` on ``/search?keywords=analyst&page=1``).

    A list's items on the same script carry an id (``index.php?a=show&catid=5&id=100`` on
    ``index.php?a=lists&catid=5``), so they are not views.
    """
    link = urlsplit(url)
    netloc, path, theirs = _page_query(page_url)
    if not link.query or link.path != path or link.netloc.lower() != netloc:
        return False
    mine = dict(parse_qsl(link.query, keep_blank_values=True))
    kept = [k for k, v in mine.items() if theirs.get(k) == v]
    changed = [v for k, v in mine.items() if theirs.get(k) != v]
    return bool(kept) and bool(changed) and not any(_DIGIT.search(v) for v in changed)


@functools.lru_cache(maxsize=64)
def _page_query(page_url: str) -> tuple[str, str, dict[str, str]]:
    """A page's host, path and query values, read once for all the links of the page (:func:`is_view`)."""
    page = urlsplit(page_url)
    return page.netloc.lower(), page.path, dict(parse_qsl(page.query, keep_blank_values=True))


def _inside(block: str, container: str) -> bool:
    """Whether a link's block path runs inside a container's: the same tags, and at each step the
    same classes or some in common. A list's sections differ by a class or two (phpBB's
    announcements are ``div.forumbg.announcement`` and ``ul.topiclist``, its topics ``div.forumbg``
    and ``ul.topiclist.topics``); a sidebar shares none (``div.hot`` beside ``div.list``)."""
    if block.startswith(f"{container}/"):
        return True
    want = container.split("/")
    got = block.split("/")
    return len(got) > len(want) and all(map(_kin_steps, got, want))


def _same_place(block: str, other: str) -> bool:
    """Whether two links' block paths are one place of a list: the same tags, and at each step the
    same classes or some in common (a news front's cards with and without a picture,
    ``div.card`` and ``div.card.card--image``)."""
    mine, theirs = block.split("/"), other.split("/")
    return len(mine) == len(theirs) and all(map(_kin_steps, mine, theirs))


def _kin_steps(mine: str, theirs: str) -> bool:
    if mine == theirs:
        return True
    tag, *classes = mine.split(".")
    their_tag, *their_classes = theirs.split(".")
    return tag == their_tag and bool(set(classes) & set(their_classes))


def block_step(element: HtmlElement, kin_cache: dict[tuple[HtmlElement, str], list[set[str]]] | None = None) -> str:
    """An element as a step of a block path: its tag and its classes, sorted, without digits or
    state classes (see :data:`_STATE_CLASSES`): ``li.item`` for ``<li class="item odd">``. Among
    three or more siblings of its tag that share a class with it (the rows of a list, whatever
    spacers lie between them), it keeps only the classes all of them carry: a row's own id as a
    class (``thing id-t3_1p3k22i``) or its kind (``self``, ``stickied``) does not make it another
    block. All, not most: what most rows carry changes from one fetch to the next, and a saved
    template must find the rows again. ``kin_cache`` keeps the siblings' classes by parent and tag."""
    own = _classes(element)
    parent = element.getparent()
    if parent is not None and own:
        key = (parent, element.tag)
        rows = kin_cache.get(key) if kin_cache is not None else None
        if rows is None:
            rows = [_classes(sibling) for sibling in parent if sibling.tag == element.tag]
            if kin_cache is not None:
                kin_cache[key] = rows
        kin = [classes for classes in rows if classes & own]
        if len(kin) >= 3:
            own = own.intersection(*kin)
    return element.tag + "".join(f".{c}" for c in sorted(own))


def _classes(element: HtmlElement) -> set[str]:
    """An element's classes, digits left out (``trow1``, ``post-12``), and without the classes
    that are hashes (a digit followed by a letter: ``css-1x2y3z``, ``title__3xK9a``), which a
    build of the site's styles renames, and state classes."""
    names = (c for c in (element.get("class") or "").split() if not _HASHED.search(c))
    classes = {_DIGITS.sub("", c).strip("-_") for c in names}
    return {c for c in classes if c and c.lower() not in _STATE_CLASSES}


def _index_in_parent(element: object) -> int:
    parent = element.getparent()  # type: ignore[attr-defined]
    return 0 if parent is None else parent.index(element)


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


def _host_directory(url: str) -> tuple[str, tuple[str, ...]]:
    """A URL's host and its directory with digit runs generalised; shapes leave session ids out
    (see :meth:`UrlPattern.matches`)."""
    parts = urlsplit(strip_session(url))
    return netloc_key(parts.scheme, parts.netloc), tuple(map(_generalise_directory, _split_path(parts.path)[0]))


def _file_shapes(by_dir: dict[tuple[str, tuple[str, ...]], list[Link]]) -> dict[str, UrlPattern]:
    """The ``file``-level pattern of each URL of links grouped by (host, directory)."""
    shapes: dict[str, UrlPattern] = {}
    for (host, directory), members in by_dir.items():
        shapes.update(_file_patterns(members, host, directory))
    return shapes


def named_by_path(url: str) -> bool:
    """Whether a URL's page is named by its path, so that its query (``?utm_source=``,
    ``?ka=search_list_5``) only says where the link was: its file name holds an id."""
    return _has_id(_split_ext(_split_path(urlsplit(url).path)[1])[0])


def _has_id(stem: str) -> bool:
    """Whether a file name holds an id (``t20261125_1297317``, ``47973``): its page is named by its path,
    and a query string after it (``?utm_source=``, ``?from=list``) says where the link was, not what
    it leads to."""
    return _ID_IN_NAME.search(stem) is not None


def _file_patterns(links: Sequence[Link], host: str, directory: tuple[str, ...]) -> dict[str, UrlPattern]:
    """The ``file``-level pattern of each URL of one directory cluster."""
    static: list[str] = []
    out: dict[str, UrlPattern] = {}
    for link in links:
        parts = urlsplit(strip_session(link.url))
        _, name = _split_path(parts.path)
        if parts.query and not _has_id(_split_ext(name)[0]):
            keys = tuple(sorted({k for k, _ in parse_qsl(parts.query, keep_blank_values=True)}))
            out[link.url] = UrlPattern("file", host, directory, True, file_name=name, query_keys=keys)
        else:
            static.append(name)
    prefixes = _static_prefixes(_split_ext(n)[0] for n in static)
    for link in links:
        if link.url in out:
            continue
        stem, ext = _split_ext(_split_path(urlsplit(strip_session(link.url)).path)[1])
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
    return (
        math.log2(n)
        * (0.1 + title_like)
        * distinct**2
        * (1.0 - empty)
        * spread
        * (1.0 - shared)
        * (1.0 - views)
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


def auto_choose(links: Sequence[Link]) -> Cluster | None:
    """The cluster that looks most like a list of items, or None when none scores :data:`MIN_LIST_SCORE`:
    the best of the URL-shape clusters (a region taken with its whole list) and the block lists."""
    ranked = ranked_clusters(links)
    best = ranked[0] if ranked else None
    if best is not None and best.pattern.level == "region":
        best = _whole_list(best, links)
    blocks = block_lists(links)
    if blocks and (best is None or blocks[0].score > best.score):
        best = blocks[0]
    return best if best is not None and best.score >= MIN_LIST_SCORE else None


def block_lists(links: Sequence[Link]) -> list[Cluster]:
    """The lists of a page found by place: for each block (links of one path of tags and classes)
    with three URLs or more, its container (the deepest element holding them all) with the links
    there of the block's URL shape when most of its links have one, else the block's links whatever
    their URLs; each record's items as :func:`select_links` takes them. Most list-like first."""
    blocks: dict[str, list[Link]] = defaultdict(list)
    for link in links:
        if link.block:
            blocks[link.block].append(link)
    out = []
    for path, members in blocks.items():
        if len({link.url for link in members}) < 3:
            continue
        depth = _common_depth(members)
        if depth == 0:
            continue
        container = "/".join(members[0].dom_path.split("/")[:depth])
        typical = _typical_per_record(members, depth)
        shape, share = _main_shape(members)
        if share >= BLOCK_SHAPE_SHARE:
            block_path = "/".join(path.split("/")[:depth])
            pattern = replace(
                shape, level="container", dom_path=container, per_record=typical, block_path=block_path, item_block=path
            )
        else:
            host = netloc_key(*urlsplit(members[0].url)[:2])
            pattern = UrlPattern("block", host, dom_path=container, per_record=typical, block_path=path)
        cluster = Cluster(pattern, select_links(pattern, links))
        cluster.score = list_score(cluster)
        out.append(cluster)
    out.sort(key=lambda c: -c.score)
    return out


def _common_depth(links: Sequence[Link]) -> int:
    """How many ancestors all the links share: the depth of their deepest common ancestor."""
    positions = [link.dom_position for link in links]
    depth = 0
    while all(len(p) > depth for p in positions) and len({p[depth] for p in positions}) == 1:
        depth += 1
    return depth


def _typical_per_record(links: Sequence[Link], depth: int) -> int | None:
    record_tag = _record_tag(links, depth)
    per_record: dict[tuple[int, ...], set[str]] = defaultdict(set)
    for link in links:
        per_record[_record_of(link, depth, record_tag)].add(link.url)
    return round(statistics.median(len(urls) for urls in per_record.values())) if per_record else None


def _main_shape(links: Sequence[Link]) -> tuple[UrlPattern, float]:
    """The ``file``-level shape most of the links have, and their share."""
    by_dir: dict[tuple[str, tuple[str, ...]], list[Link]] = defaultdict(list)
    for link in links:
        by_dir[_host_directory(link.url)].append(link)
    shapes = _file_shapes(by_dir)
    counts = Counter(shapes[link.url] for members in by_dir.values() for link in members)
    shape, count = counts.most_common(1)[0]
    return shape, count / len(links)


def _whole_list(region: Cluster, links: Sequence[Link]) -> Cluster:
    """A region's list container, with every link of the region's URL shape inside it.

    A list's items do not always share one tag path (pinned threads are marked
    up differently from ordinary ones), but they share the element that holds
    the list: the deepest common ancestor of the region's anchors. A sidebar
    linking the same kind of URL lies outside it.
    """
    depth = _common_depth(region.links)
    if depth == 0:
        return region
    container = "/".join(region.links[0].dom_path.split("/")[:depth])
    typical = _typical_per_record(region.links, depth)
    places = Counter(link.block for link in region.links if link.block)
    item_block = places.most_common(1)[0][0] if places else None
    pattern = replace(region.pattern, level="container", dom_path=container, per_record=typical, item_block=item_block)
    cluster = Cluster(pattern, select_links(pattern, links))
    cluster.score = list_score(cluster)
    return cluster


def _record_tag(links: Sequence[Link], depth: int) -> str:
    """The tag of a list's records: the most common tag of the container's children on the links' paths."""
    tags = Counter(parts[depth] for link in links if len(parts := link.dom_path.split("/")) > depth)
    return tags.most_common(1)[0][0] if tags else ""


def _record_of(link: Link, depth: int, record_tag: str) -> tuple[int, ...]:
    """The record holding a link: its deepest ancestor with the record tag, at or below the container's children.

    The deepest, so that a record nesting a sub-list (pinned threads grouped in
    one ``li``) counts each sub-record as a record.
    """
    tags = link.dom_path.split("/")
    for j in range(len(tags) - 1, depth - 1, -1):
        if tags[j] == record_tag:
            return link.dom_position[: j + 1]
    return link.dom_position[: depth + 1]


def _titled_strangers(pattern: UrlPattern, matched: list[Link]) -> list[Link]:
    """The links of the pattern's shape, and those of other URLs at the items' place whose texts are
    titles as long as theirs: not an attachment's "附件", a vote count, an ad's slogan."""
    shaped = [pattern.matches(link.url, link.dom_path) for link in matched]
    lengths = [_text_length(link.text) for link, ok in zip(matched, shaped, strict=True) if ok]
    if not lengths:
        return matched
    floor = TITLE_SHARE * statistics.median(lengths)
    return [
        link
        for link, ok in zip(matched, shaped, strict=True)
        if ok or (floor > 0 and _text_length(link.text) >= floor and not _REDIRECT.search(urlsplit(link.url).query))
    ]


def select_links(pattern: UrlPattern, links: Sequence[Link]) -> list[Link]:
    """The links of a page that a pattern selects: its matches, minus non-items inside a list container.

    Inside a container, a URL linked from several records (a badge in every
    author's row) is not an item, and a record holds ``per_record`` items: those
    with the longest texts (a thread's title, not its author's badges).
    """
    matched = [link for link in links if pattern.matches_link(link)]
    if pattern.level not in ("container", "block") or not pattern.dom_path:
        return matched
    if pattern.item_block is not None:
        matched = _titled_strangers(pattern, matched)
    depth = pattern.dom_path.count("/") + 1
    record_tag = _record_tag(matched, depth)
    records: dict[str, set[tuple[int, ...]]] = defaultdict(set)
    longest: dict[str, float] = defaultdict(float)
    for link in matched:
        records[link.url].add(_record_of(link, depth, record_tag))
        longest[link.url] = max(longest[link.url], _text_length(link.text))
    by_record: dict[tuple[int, ...], list[str]] = defaultdict(list)
    for url, where in records.items():
        # (a record inside another holding the same URL is the same item: a title's box beside
        # the thumbnail in one news item, when records are divs)
        outer = {r for r in where if not any(o != r and r[: len(o)] == o for o in where)}
        if len(outer) == 1:
            by_record[next(iter(outer))].append(url)
    keep: set[str] = set()
    for urls in by_record.values():
        urls.sort(key=lambda u: -longest[u])
        limit = pattern.per_record or len(urls)
        # A record holding more items than records typically do (a letter's group on a category
        # page) keeps those whose texts are titles as long as its own: not a row's page numbers.
        title = TITLE_SHARE * longest[urls[0]]
        keep.update(u for rank, u in enumerate(urls) if rank < limit or longest[u] >= title > 0)
    return [link for link in matched if link.url in keep]
