"""Page roles and online clustering of pages into page types, as in the seed paper.

A page is described by the repeated templates it contains (region keys with their
record counts) and by its URL pattern. :class:`PageTypes` clusters pages online:
a page joins the most similar existing type, or founds a new one. Each type keeps
the URLs crawled and pending, its URL patterns, example URLs, and a *role* voted by
its pages:

* ``thread``: the page's largest repeated region holds *posts*: records whose own
  text (not inside links) is long compared to their link text;
* ``list``: a board index or thread list: a repeated region of rich records
  (several elements each) whose records mostly carry a titled link, or, on a page without
  such records, a list of bare titled links (:func:`~topiccrawl.forum.templatebook.bare_list`);
* ``other``: neither (login forms, profiles, print views, search pages...).
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import dataclass, field

from lxml import html as lxml_html

from topiccrawl.forum.regions import Region, jaccard, layout_block, links_by_record

ROLES = ("list", "thread", "other")
POST_MIN_TEXT = 12.0  # mean chars of non-link text per record for a post-like region
# Class, id or label words of a trail of links (breadcrumbs: Bootstrap's .breadcrumb, XenForo's
# p-breadcrumbs, phpBB's span.crumb, IPS's ipsBreadcrumb, vBulletin's navbit, SMF's linktree and
# navigate_section) and of navigation in general.
_NAVIGATION_WORDS = re.compile(r"bread|crumb|linktree|navbit|navigat", re.IGNORECASE)
NAVIGATION_DEPTH = 3  # ancestors of a region's parent whose class or id can name it navigation


def _texts_by_record(region: Region) -> list[list[str]]:
    """The anchor texts of each record's links."""
    return [[link.text for link in own] for own in links_by_record(region)]


def buttons(region: Region, texts: list[list[str]] | None = None) -> frozenset[str]:
    """Anchor texts that most records repeat word for word: a post's buttons ('Quote', 'Like',
    'Flag', '回复'), the template's words rather than the record's. A post's own text is weighed
    against its other links (names, titles, links in its text): a bar of eight reaction buttons
    under every short reply must not make a thread page a list."""
    n = len(region.records)
    if n < 3:
        return frozenset()
    per: Counter[str] = Counter()
    for record_texts in texts if texts is not None else _texts_by_record(region):
        per.update({text for text in record_texts if text})
    return frozenset(t for t, c in per.items() if 2 * c >= n and c >= 3)


@dataclass(frozen=True, slots=True)
class RegionProfile:
    key: str
    records: int
    mean_size: float
    text: float  # mean characters of text per record
    own_text: float  # mean characters of text outside links per record
    titled: float  # share of records with a link of 4+ characters of anchor text

    navigation: bool = False  # marked up as navigation or page layout (:func:`is_navigation`, :func:`is_layout`)
    button_text: float = 0.0  # mean characters of :func:`buttons` text per record
    bare: bool = False  # the page's content, a list of bare titled links (``Region.bare``)

    @property
    def rich(self) -> bool:
        return (self.mean_size >= 4 or self.bare) and self.records >= 1 and not self.navigation

    @property
    def postlike(self) -> bool:
        named = self.text - self.own_text - self.button_text  # names, titles, links in the text
        return self.rich and self.own_text >= POST_MIN_TEXT and self.own_text >= 1.5 * named

    @property
    def listlike(self) -> bool:
        return self.rich and self.titled >= 0.6


def is_layout(region: Region) -> bool:
    """Whether the region's records are the blocks a page is laid out in (top bar, header, main
    column, footer; :func:`~topiccrawl.forum.regions.layout_block`), not items of a list. Such
    blocks are often alike enough to repeat (``div > div.wrap > ...``), and on a page with little
    content (a login prompt, a profile) they are its largest region, whose "records" are the
    whole page. (A region with other records too has its blocks among its extras.)"""
    names = [layout_block(record.elements[0]) for record in region.records]
    return bool(names) and None not in names and len(set(names)) == len(names)


def _names_navigation(el: lxml_html.HtmlElement) -> bool:
    words = " ".join(el.get(a) or "" for a in ("class", "id", "aria-label"))
    return bool(_NAVIGATION_WORDS.search(words)) or "BreadcrumbList" in (el.get("itemtype") or "")


def is_navigation(region: Region) -> bool:
    """Whether the page's markup says the region is navigation, which is never a page's content:
    inside a ``<nav>`` element or an element of ARIA role navigation, or named a trail of links by
    its records, its parent or their nearest ancestors. A trail ('Home > Forums > Board') is a
    repeated region of rich records on every page of a site; on a page whose content is no
    repeated region (a thread of two posts) it would be taken for the content, and its template,
    known from then on, preferred to the posts of every later thread."""
    if region.records and _names_navigation(region.records[0].elements[0]):
        return True
    el = region.parent
    depth = 0
    while el is not None and isinstance(el.tag, str):
        if el.tag == "nav" or el.get("role") == "navigation":
            return True
        if depth <= NAVIGATION_DEPTH and _names_navigation(el):
            return True
        el, depth = el.getparent(), depth + 1
    return False


def profile(region: Region) -> RegionProfile:
    texts, own, titled = [], [], 0
    anchors = _texts_by_record(region)
    skip = buttons(region, anchors)
    pressed = []  # characters of button text per record
    for rec, record_anchors in zip(region.records, anchors, strict=True):
        t = len(rec.text().replace(" ", ""))
        lt = sum(len(a) for a in record_anchors)
        pressed.append(sum(len(a) for a in record_anchors if a in skip))
        texts.append(t)
        own.append(max(0, t - lt))
        if any(len(a) >= 4 for a in record_anchors):
            titled += 1
    n = max(1, len(region.records))
    return RegionProfile(
        region.key,
        len(region.records),
        region.mean_record_size(),
        statistics.fmean(texts) if texts else 0.0,
        statistics.median(own) if own else 0.0,
        titled / n,
        is_navigation(region) or is_layout(region),
        statistics.fmean(pressed) if pressed else 0.0,
        region.bare,
    )


def main_region(regions: list[Region], known: set[str] | frozenset[str] = frozenset()) -> Region | None:
    """The region holding most text: the page's content (posts or the thread list).
    Regions of ``known`` content templates (post or thread-list templates seen on other
    pages) come first: a thread page with one short post is still a thread page."""
    rich = [r for r in regions if profile(r).rich]
    # Known templates first, and of those the ones that repeat on this page by themselves.
    fresh_known = [r for r in rich if r.key in known and not r.matched]
    matched_known = [r for r in rich if r.key in known and r.matched]
    rich = fresh_known or matched_known or rich
    if not rich:
        return None
    return max(rich, key=lambda r: sum(len(rec.text()) for rec in r.records))


def page_role(regions: list[Region], known: set[str] | frozenset[str] = frozenset()) -> str:
    main = main_region(regions, known)
    if main is None:
        return "other"
    p = profile(main)
    if p.postlike:
        return "thread"
    if p.listlike:
        return "list"
    return "other"


@dataclass(slots=True)
class PageFeature:
    templates: Counter[str]  # region key -> records
    paths: dict[str, frozenset[str]]  # region key -> template paths (for fuzzy matching)
    pattern: str  # URL pattern
    role: str


def feature(
    regions: list[Region],
    pattern: str,
    known: set[str] | frozenset[str] = frozenset(),
    content: list[Region] | None = None,
) -> PageFeature:
    """The page's templates (all its rich regions) and its role, read from the regions of
    ``content`` (default: all) that may hold the page's content."""
    rich = [r for r in regions if profile(r).rich]
    role = page_role(regions if content is None else content, known)
    return PageFeature(Counter({r.key: len(r) for r in rich}), {r.key: r.paths for r in rich}, pattern, role)


@dataclass
class PageType:
    id: int
    templates: dict[str, frozenset[str]]
    roles: Counter[str] = field(default_factory=Counter)
    patterns: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    crawled: set[str] = field(default_factory=set)
    pending: set[str] = field(default_factory=set)

    @property
    def role(self) -> str:
        return self.roles.most_common(1)[0][0] if self.roles else "other"

    @property
    def name(self) -> str:
        return f"{self.role}-{self.id}"


def _template_overlap(a: dict[str, frozenset[str]], b: dict[str, frozenset[str]]) -> float:
    """Dice overlap of two template sets, templates matching by key or by similar paths."""
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    matched = 0
    for key, paths in a.items():
        if key in b or any(jaccard(paths, other) >= 0.8 for other in b.values()):
            matched += 1
    return 2 * matched / (len(a) + len(b))


class PageTypes:
    """Online clustering: a page joins the most similar type (>= threshold) or founds one."""

    def __init__(self, threshold: float = 0.5, url_weight: float = 0.3) -> None:
        self.types: list[PageType] = []
        self.threshold = threshold
        self.url_weight = url_weight
        self.pages = 0
        self.settled_after = 0  # pages fetched when the last new type was founded

    def similarity(self, f: PageFeature, t: PageType) -> float:
        structure = _template_overlap(f.paths, t.templates)
        url = 1.0 if f.pattern in t.patterns else 0.0
        role = 1.0 if f.role == t.role else 0.0
        return (1 - self.url_weight) * structure * role + self.url_weight * url * role

    def add(self, url: str, f: PageFeature) -> tuple[PageType, bool]:
        self.pages += 1
        best, score = None, 0.0
        for t in self.types:
            s = self.similarity(f, t)
            if s > score:
                best, score = t, s
        new = best is None or score < self.threshold
        if new:
            best = PageType(len(self.types) + 1, dict(f.paths))
            self.types.append(best)
            self.settled_after = self.pages
        assert best is not None
        for key, paths in f.paths.items():
            best.templates.setdefault(key, paths)
        best.roles[f.role] += 1
        best.patterns[f.pattern] += 1
        if len(best.examples) < 3:
            best.examples.append(url)
        best.crawled.add(url)
        best.pending.discard(url)
        return best, new

    def by_pattern(self, pattern: str) -> PageType | None:
        """The type a URL pattern has led to, when every page of that pattern landed in one type."""
        owners = [t for t in self.types if pattern in t.patterns]
        return owners[0] if len(owners) == 1 else None
