"""Repeated-region detection over an lxml tree, in the spirit of MDR and partial tree alignment.

Forum software renders boards, threads and posts from templates, so a list page or
a thread page contains *repeated regions*: runs of sibling subtrees with the same
structure. For every element we compare its children by a structural signature
(the set of tag paths below each child, a few levels deep, ignoring presentational
tags such as ``<b>``/``<font>``/``<br>`` that user content scatters around), label
them by greedy clustering, and look for the record period ``k`` (1..3 siblings per
record, so a phpBB post made of three ``<tr>`` rows is one record) that covers the
most children. Records need not be contiguous: sticky threads, ads between posts
and deleted posts that differ from the template are kept aside as *extras* of the
region instead of breaking it. Nothing here knows any site's class names.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from lxml import html as lxml_html

from topiccrawl.htmlprolog import without_xml_declaration
from topiccrawl.pagelets import expand_pagelets

# Tags that only style text; user-written content is full of them.
PRESENTATIONAL = frozenset(
    [
        "br",
        "wbr",
        "font",
        "b",
        "i",
        "u",
        "em",
        "strong",
        "small",
        "big",
        "s",
        "strike",
        "sub",
        "sup",
        "center",
        "tt",
        "nobr",
        "img",
        "p",
        "hr",
    ]
)
_SKIP = frozenset(["script", "style", "noscript", "head", "title", "meta", "link", "option", "select", "iframe", "svg"])
SIGNATURE_DEPTH = 4
SIMILARITY = 0.55
MAX_PERIOD = 3
MARKS_ENOUGH = 2  # class names each of two templates needs before they can tell the two apart
MARKS_APART = 0.25  # similarity of class names below which templates alike in tags are two
_DIGIT_CLASS = re.compile(r"\d")


@functools.lru_cache(maxsize=4096)
def template_key(location: str, paths: frozenset[str], marks: frozenset[str] = frozenset()) -> str:
    """Stable short id of a template (a region's, a known one's), from where its records sit and
    what they look like. (Asked for a page's every region, and of every known template, on each
    page: a digest of the sorted paths each time.) A template without class names keeps the key
    it had before they were read (site templates saved by older versions)."""
    text = location + "|" + "|".join(sorted(paths))
    if marks:
        text += "||" + "|".join(sorted(marks))
    return hashlib.sha1(text.encode()).hexdigest()[:10]


def tag_of(el: lxml_html.HtmlElement) -> str:
    return el.tag if isinstance(el.tag, str) else ""


def child_elements(el: lxml_html.HtmlElement) -> list[lxml_html.HtmlElement]:
    return [c for c in el if isinstance(c.tag, str) and c.tag not in _SKIP]


def tag_paths(el: lxml_html.HtmlElement, depth: int = SIGNATURE_DEPTH) -> Iterator[tuple[lxml_html.HtmlElement, str]]:
    """Each element below ``el``, ``depth`` levels deep (``el`` first), with its tag path relative
    to ``el`` (``el``'s own tag first). Styling wrappers are looked through rather than recorded."""
    stack = [(el, tag_of(el), 0)]
    while stack:
        node, path, d = stack.pop()
        yield node, path
        if d < depth:
            for child in child_elements(node):
                tag = child.tag
                stack.append((child, path if tag in PRESENTATIONAL else f"{path}/{tag}", d + 1))


def subtree_paths(el: lxml_html.HtmlElement, depth: int = SIGNATURE_DEPTH) -> frozenset[str]:
    """Tag paths below ``el`` (:func:`tag_paths`), ``depth`` levels deep."""
    return frozenset(path for _, path in tag_paths(el, depth))


def subtree_marks(el: lxml_html.HtmlElement, depth: int = SIGNATURE_DEPTH) -> set[str]:
    """The class names below ``el`` as ``path.class``, on the tag paths of :func:`subtree_paths`;
    names with digits are left out (``t_123``, ``post-5``: an item's, not the template's)."""
    return {
        f"{path}.{name}"
        for node, path in tag_paths(el, depth)
        for name in (node.get("class") or "").split()
        if not _DIGIT_CLASS.search(name)
    }


def record_marks(records: list[Record]) -> frozenset[str]:
    """The class names (:func:`subtree_marks`) of at least half of ``records``, by the index of
    the record's element: the template's class names, as its shared paths are its tags."""
    counts: Counter[str] = Counter()
    for rec in records:
        counts.update({f"{i}:{m}" for i, el in enumerate(rec.elements) for m in subtree_marks(el)})
    return frozenset(m for m, c in counts.items() if c * 2 >= len(records))


def marks_apart(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two templates alike in their tags are told apart by their class names: each names
    a few, and they share few of them. On V2EX a topic row and a reply are both a ``div.cell``
    holding a table of an avatar cell and a cell of text, the row's ``span.item_title`` and
    ``span.topic_info``, the reply's ``span.ago`` and ``div.reply_content``. A template's rows on
    another page that add a state's class (``th.new`` for ``th.common``, ``sticky``) share most of
    their names still; a site that names nothing is read by its tags alone, as before."""
    if len(a) < MARKS_ENOUGH or len(b) < MARKS_ENOUGH:
        return False
    return jaccard(a, b) < MARKS_APART


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


@dataclass(frozen=True, slots=True)
class Link:
    url: str  # href as written (resolve against the page URL)
    text: str  # normalised anchor text
    slot: str  # position inside the record: "<sibling index>:<tag path>"
    record: int  # index of the record in the region (-1 for links of extras)


@dataclass(slots=True)
class Record:
    elements: list[lxml_html.HtmlElement]  # 1..MAX_PERIOD adjacent siblings
    # (a page's tree is not changed once parsed, and a record's text is asked for by every
    # reading of its region: its profile, the main region, the chrome, the page's roles)
    _text: str | None = field(default=None, init=False, repr=False, compare=False)
    _size: int = field(default=-1, init=False, repr=False, compare=False)

    def text(self) -> str:
        if self._text is None:
            self._text = " ".join(" ".join(t.split()) for el in self.elements for t in el.itertext() if t.strip())
        return self._text

    def size(self) -> int:
        if self._size < 0:
            self._size = sum(1 for el in self.elements for _ in el.iter())
        return self._size


@dataclass(slots=True)
class Region:
    parent: lxml_html.HtmlElement
    records: list[Record]
    extras: list[lxml_html.HtmlElement]  # siblings inside the region's span that differ (sticky, ads)
    period: int
    paths: frozenset[str]  # tag paths shared by most records: the template
    location: str  # tag path of the parent from the root, without indices
    marks: frozenset[str] = frozenset()  # class names of most records (``record_marks``)
    links: list[Link] = field(default_factory=list)
    matched: bool = False  # found by a known template rather than by repetition
    split: bool = False  # one box of a list split over several parents (``splitlists.split_regions``)
    bare: bool = False  # a list of bare titled links, the content of a page with no richer records

    @property
    def key(self) -> str:
        """Stable short id of the template: same template on another page, same key."""
        return template_key(self.location, self.paths, self.marks)

    def __len__(self) -> int:
        return len(self.records)

    def mean_record_size(self) -> float:
        return sum(r.size() for r in self.records) / max(1, len(self.records))


def _location(el: lxml_html.HtmlElement) -> str:
    parts = []
    while el is not None and isinstance(el.tag, str):
        parts.append(el.tag)
        el = el.getparent()
    return "/".join(reversed(parts))


def slot_path(record: lxml_html.HtmlElement, a: lxml_html.HtmlElement) -> str:
    """Tag path from a record's element to one of its links, with the record's *cells* (its
    children) numbered among their siblings of the same tag: a record's cells are often all
    ``div``s or ``td``s (XenForo's avatar, title and last-post cells are each ``div/div/a``), and
    links in different cells lead to different kinds of page. Only the cells: their positions are
    the template's, while deeper positions are the content's (the boards of a category, the
    paragraphs of a post) and would give every item a slot of its own."""
    parts = []
    el = a
    while el is not None and el is not record:
        parent = el.getparent()
        if parent is record:
            same = [c for c in record if c.tag == el.tag]
            parts.append(f"{el.tag}[{same.index(el) + 1}]" if len(same) > 1 else el.tag)
        else:
            parts.append(el.tag)
        el = parent
    return "/".join(reversed(parts))


def label_by_structure(sigs: list[frozenset[str]], threshold: float) -> list[int]:
    reps: list[frozenset[str]] = []
    labels = []
    for sig in sigs:
        for i, rep in enumerate(reps):
            if jaccard(sig, rep) >= threshold:
                labels.append(i)
                break
        else:
            reps.append(sig)
            labels.append(len(reps) - 1)
    return labels


def _best_period(labels: list[int], min_records: int) -> tuple[int, int, tuple[int, ...], int] | None:
    """(k, offset, label tuple, count) covering most children; ties go to the smaller k."""
    best = None
    n = len(labels)
    for k in range(1, MAX_PERIOD + 1):
        for off in range(k):
            groups = [tuple(labels[i : i + k]) for i in range(off, n - k + 1, k)]
            if not groups:
                continue
            tup, count = Counter(groups).most_common(1)[0]
            if count < min_records or (k > 1 and len(set(tup)) == 1):
                continue  # k>1 with identical members is just the k=1 region
            score = count * k
            if best is None or score > best[3] * best[0]:
                best = (k, off, tup, count)
    return best


_LANDMARK_TAGS = frozenset({"header", "footer", "main", "aside", "nav"})
_LANDMARK_ROLES = frozenset({"banner", "main", "contentinfo", "complementary", "navigation", "search"})
_DIGIT = re.compile(r"\d")


def layout_block(el: lxml_html.HtmlElement) -> str | None:
    """The name of the block of a page's layout ``el`` is (top bar, header, main column, footer,
    toolbar, reply form), or None: a landmark element (``<header>``, ``<main>``,
    ``role="banner"``...) or one with an id of its own that is a word (``#head``, ``#footer``,
    ``#quickpost``). Items of a list carry no id, or ids numbered by the item (``post_123``,
    ``category_2``)."""
    ident = el.get("id") or ""
    if el.tag in _LANDMARK_TAGS or el.get("role") in _LANDMARK_ROLES:
        return ident or el.tag
    return ident if ident and not _DIGIT.search(ident) else None


def without_layout_blocks(records: list[Record]) -> list[Record]:
    """``records`` but the blocks of the page's layout among them, unless all are: a thread's
    toolbar ``#readTop`` and reply form ``#quickpost``, framed like the posts between them, are
    none of its posts (a region of blocks only is the page's layout, see ``pagetypes.is_layout``)."""
    kept = [r for r in records if layout_block(r.elements[0]) is None]
    return kept or records


def _region_at(parent: lxml_html.HtmlElement, min_records: int, threshold: float) -> Region | None:
    kids = child_elements(parent)
    if len(kids) < min_records:
        return None
    sigs = [subtree_paths(k) for k in kids]
    labels = label_by_structure(sigs, threshold)
    found = _best_period(labels, min_records)
    if found is None:
        return None
    k, off, tup, _count = found
    records: list[Record] = []
    starts: list[int] = []
    record_index: set[int] = set()
    i = off
    while i <= len(kids) - k:
        if tuple(labels[i : i + k]) == tup:
            records.append(Record(kids[i : i + k]))
            starts.append(i)
            record_index.update(range(i, i + k))
            i += k
        else:
            i += 1
    if len(records) < min_records:
        return None
    # A record that is a bare presentational node or has no element below it is not a template.
    if all(r.size() <= 1 for r in records):
        return None
    kept = without_layout_blocks(records)
    if len(kept) < len(records):
        ids = {id(r) for r in kept}
        starts = [start for start, r in zip(starts, records, strict=True) if id(r) in ids]
        records = kept
        record_index = {j for start in starts for j in range(start, start + k)}
    first, last = min(record_index), max(record_index)
    # Extras: differing siblings inside the span, plus a differing neighbour right before it
    # (sticky threads are usually rendered first, ads last).
    span = range(max(0, first - 1), min(len(kids), last + 2))
    extras = [kids[j] for j in span if j not in record_index]
    counts: Counter[str] = Counter()
    for start in starts:  # (each record's elements are kids[start : start + k], their paths sigs[...])
        counts.update({f"{j}:{p}" for j in range(k) for p in sigs[start + j]})
    common = frozenset(p for p, c in counts.items() if c * 2 >= len(records))
    region = Region(parent, records, extras, k, common, _location(parent), record_marks(records))
    region.links = record_links(region)
    return region


def record_links(region: Region) -> list[Link]:
    out = []
    for ri, rec in enumerate(region.records):
        for ei, el in enumerate(rec.elements):
            for a in el.iter("a"):
                href = a.get("href")
                if href:
                    text = " ".join(a.text_content().split())
                    out.append(Link(href.strip(), text, f"{ei}:{slot_path(el, a)}", ri))
    for el in region.extras:
        for a in el.iter("a"):
            href = a.get("href")
            if href:
                out.append(Link(href.strip(), " ".join(a.text_content().split()), "extra", -1))
    return out


def links_by_record(region: Region) -> list[list[Link]]:
    """The links of each record of ``region``, in one pass over its links (those of extras left
    out)."""
    out: list[list[Link]] = [[] for _ in region.records]
    for link in region.links:
        if 0 <= link.record < len(out):
            out[link.record].append(link)
    return out


def record_nodes(regions: Iterable[Region]) -> list[lxml_html.HtmlElement]:
    """Every element of the records of ``regions``, as a list: a caller that tests elements by
    ``id()`` keeps it alive while it does (lxml hands out a new proxy, and id, for an element
    nothing refers to)."""
    return [el for r in regions for rec in r.records for top in rec.elements for el in top.iter()]


def find_regions(root: lxml_html.HtmlElement, *, min_records: int = 3, threshold: float = SIMILARITY) -> list[Region]:
    """Every repeated region of the tree (records repeating under one parent), in document order.
    :func:`topiccrawl.forum.splitlists.page_regions` adds the lists split over several parents."""
    regions = []
    for el in root.iter():
        if not isinstance(el.tag, str) or el.tag in _SKIP:
            continue
        region = _region_at(el, min_records, threshold)
        if region is not None:
            regions.append(region)
    return regions


Locations = dict[str, list[lxml_html.HtmlElement]]


def locations(root: lxml_html.HtmlElement) -> Locations:
    """The elements under ``root`` (``root`` included; not those :data:`_SKIP` names) by their
    location (:func:`_location`, from the document's top), in document order: one walk down the
    tree, where asking each element for its location walks up from every one of them."""
    out: Locations = {}
    parent = root.getparent()
    stack = [(root, _location(parent) if parent is not None else "")]
    while stack:
        el, above = stack.pop()
        if not isinstance(el.tag, str):
            continue
        here = f"{above}/{el.tag}" if above else el.tag
        if el.tag not in _SKIP:
            out.setdefault(here, []).append(el)
        stack.extend((child, here) for child in reversed(el))
    return out


def parse_html(body: str | bytes) -> lxml_html.HtmlElement:
    """The page's tree as a browser that runs no scripts shows it: markup shipped in comments for
    scripts to insert (Tieba's thread list, :mod:`topiccrawl.pagelets`) parsed in place, and what
    ``<noscript>`` elements hold shown where they stand (Flarum serves such a browser its whole
    content in one: the discussions of an index, the posts of a discussion)."""
    root = lxml_html.fromstring(without_xml_declaration(body) if isinstance(body, str) else body)
    expand_pagelets(root)
    for el in list(root.iter("noscript")):
        el.drop_tag()
    return root
