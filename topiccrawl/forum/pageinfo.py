"""What a forum page says about itself: its heading, whether it is a view of another URL, its
pager, and a digest of its records. Pure functions of an lxml tree and the page's URL, used by
the forum spider to tell a thread's pages apart from aliases of them ('last post', sorted or
printable views) and to follow a thread's page-flipping links.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urljoin, urlsplit

from topiccrawl.forum.links import ARROWS, PageFlip, canonicalize, flip_text, page_flip
from topiccrawl.forum.regions import Region, record_nodes
from topiccrawl.forum.templatematch import Template, template_records
from topiccrawl.textutil import normalize_space

MAX_LABEL = 20  # characters of a label a heading may put before the title
MIN_TITLE = 4  # characters of an anchor that can name a page
MORE_DEPTH = 2  # ancestors of a list's parent whose links may continue it
MORE_LINKS = 2  # 'more' links followed from one list page
# A link that continues a list elsewhere: "更多 >>", "> 更多小组讨论", "查看全部", "View all", "See more"
_MORE = re.compile(r"(?:查看)?(?:更多|全部)\S{0,6}|(?:view|see|show)\s*(?:all|more)|more(?:\s+\w+)?", re.IGNORECASE)


@dataclass
class Flips:
    own: list[tuple[str, PageFlip]] = field(default_factory=list)  # (URL, flip) of this page's sequence
    numbers: list[int] = field(default_factory=list)  # page numbers linked
    # URL -> the page number its link shows: the page a flip leads to, when the pager marks its
    # current page by a class rather than by leaving it unlinked (XenForo links every number)
    labels: dict[str, int] = field(default_factory=dict)
    current: int | None = None  # the pager's current page (the number that is not a link)
    first: str | None = None  # URL of page 1, when linked
    next: str | None = None  # URL of the next page, when linked as such ("next", "下一页")
    prev: str | None = None  # URL of the previous page, when linked as such ("previous", "上一页")
    foreign: bool = False  # a pager flipping another URL (this page is an alias view)
    # every flip's href a query alone ("?page=2", NodeBB): the pager names no path, so it
    # shows as this URL's own at whatever URL serves the page (a post's permalink too)
    query_only: bool = False

    def add(self, a: Any, target: str, flip: PageFlip, value: int | str) -> None:
        """Add link ``a``, a flip of this page to ``target`` labelled ``value`` (a number, "next"...)."""
        self.own.append((target, flip))
        if value == "next" and self.next is None:
            self.next = target
        if value == "prev" and self.prev is None:
            self.prev = target
        if isinstance(value, int):
            self.numbers.append(value)
            self.labels.setdefault(target, value)
            if value == 1:
                self.first = target
            if self.current is None:
                self.current = _pager_current(a)

    def numbers_current(self, url: str) -> bool:
        """Whether ``url`` is, by this pager's own links, the page the pager marks current."""
        if self.current is None:
            return False
        shown = str(self.current)
        return any((flip := page_flip(t, url, shown)) is not None and flip.value == self.current for t, _ in self.own)


def page_flips(url: str, root: Any, main: Region | None) -> Flips:
    """Page-flipping links of this page, and numbered links that flip some other URL."""
    # Keep the proxies alive: lxml hands out new Python objects (and ids) otherwise.
    inside_nodes = list(main.parent.iter()) if main is not None else []
    inside = {id(el) for el in inside_nodes}
    out = Flips()
    foreign: list[Any] = []  # numbered links outside the main region that flip another URL
    linked_here: int | None = None  # the number on a pager link to this very page
    paths = 0  # own flips whose href names a path
    for a in root.iter("a"):
        href = a.get("href")
        if not href:
            continue
        text = normalize_space(a.text_content())
        value = flip_text(text)
        if value is None:
            continue
        target = canonicalize(urljoin(url, href.strip()))
        if target == url and isinstance(value, int) and linked_here is None:
            linked_here = value
        flip = page_flip(url, target, text)
        if flip is not None:
            out.add(a, target, flip, value)
            paths += not href.strip().startswith("?")
        elif isinstance(value, int) and id(a) not in inside and urlsplit(target).netloc == urlsplit(url).netloc:
            foreign.append(a)
    out.query_only = bool(out.own) and not paths
    if out.current is None and out.own and linked_here is not None:
        # A pager that links every number, the current page's too, marking it by a class
        # (XenForo): a page entered at page 8 by a 'latest' link is page 8, not page 1.
        out.current = linked_here
    # A pager (two or more numbered links close together) that flips another URL: this
    # page is a view of a paged sequence under a URL of its own (e.g. 'last post').
    out.foreign = _is_pager(foreign) or (not out.own and any(_before_current(a) for a in foreign))
    if out.foreign and main is not None:
        # A row shaped like the main region's records but kept apart from it (an
        # announcement block above a board's threads) links a thread's pages, as the rows
        # of the region do: that is a row's own pager, not this page's.
        rows = [el for r in template_records(root, Template.of(main), skip=main.parent) for el in r.elements]
        row_nodes = [el for top in rows for el in top.iter()]  # kept alive, as inside_nodes above
        in_rows = {id(el) for el in row_nodes}
        kept = [a for a in foreign if id(a) not in in_rows]
        out.foreign = _is_pager(kept) or (not out.own and any(_before_current(a) for a in kept))
    return out


def _before_current(a: Any) -> bool:
    """Whether numbered link ``a`` is the page before its pager's current page, which is not a
    link: a two-page thread's last page shows the pager "1 [2]", one numbered link, so a
    permalink to a post there flips another URL by that link alone."""
    current = _pager_current(a)
    return current is not None and flip_text(normalize_space(a.text_content())) == current - 1


def more_links(url: str, main: Region) -> list[str]:
    """URLs of the links that continue the list ``main`` at another URL: a 'more' link beside it
    (within :data:`MORE_DEPTH` ancestors of its parent, outside its records), on this host. A
    group's home page lists its 50 newest topics and links the full list, whose pager reaches
    the rest, by "更多小组讨论" alone: no pager, no repeated region leads there."""
    in_records = record_nodes([main])
    skip = {id(el) for el in in_records}
    box = main.parent
    for _ in range(MORE_DEPTH):
        if box.getparent() is None or box.getparent().tag == "body":
            break
        box = box.getparent()
    host = urlsplit(url).netloc
    out: list[str] = []
    for a in box.iter("a"):
        href = (a.get("href") or "").strip()
        if not href or id(a) in skip or not _MORE.fullmatch(normalize_space(a.text_content()).strip(ARROWS + "＞ ")):
            continue
        target = canonicalize(urljoin(url, href))
        if target != url and urlsplit(target).netloc == host and target not in out:
            out.append(target)
    return out[:MORE_LINKS]


def numbers_beside(url: str, home: str) -> bool:
    """Whether ``url`` is ``home`` with more query parameters, each a number: where the link
    stood (``read.php?tid=5&fpage=2`` beside ``read.php?tid=5``), not what it asks for."""
    a, b = urlsplit(url), urlsplit(home)
    if (a.scheme, a.netloc, a.path) != (b.scheme, b.netloc, b.path):
        return False
    ours, theirs = parse_qsl(a.query, keep_blank_values=True), parse_qsl(b.query, keep_blank_values=True)
    extra = [(k, v) for k, v in ours if (k, v) not in theirs]
    return bool(extra) and all(item in ours for item in theirs) and all(v.isdigit() for _, v in extra)


def has_pager(url: str, root: Any, main: Region | None) -> bool:
    """Whether the page shows a pager of any sequence (numbered links close together on its
    host) outside the records of ``main``, whose rows may each link their own thread's pages."""
    in_records = record_nodes([main]) if main is not None else []
    skip = {id(el) for el in in_records}
    host = urlsplit(url).netloc
    numbered = [
        a
        for a in root.iter("a")
        if a.get("href")
        and id(a) not in skip
        and isinstance(flip_text(normalize_space(a.text_content())), int)
        and urlsplit(urljoin(url, a.get("href").strip())).netloc == host
    ]
    return _is_pager(numbered)


def _is_pager(links: list[Any]) -> bool:
    """Two or more numbered links close together: pagers wrap each number in its own cell
    or item, so each link counts for its parent and the two ancestors above it."""
    parents: Counter[int] = Counter()
    keep: list[Any] = []  # ancestors counted, kept alive so that their ids stay unique
    for a in links:
        el = a.getparent()
        for _ in range(3):
            if el is None:
                break
            keep.append(el)
            parents[id(el)] += 1
            el = el.getparent()
    return any(c >= 2 for c in parents.values())


def records_digest(main: Region | None, regions: Sequence[Region] = ()) -> str | None:
    """SHA-1 of the main region's record texts: two URLs showing the same records are one page.
    With the page's ``regions``, the records of every region of the main region's template: a
    board index lists each category's boards apart, and a category's own page, showing one of
    those lists, is no copy of the index."""
    if main is None:
        return None
    parts = [r for r in regions if r.key == main.key]
    if not any(part is main for part in parts):
        parts = [main, *parts]
    text = "\n".join(rec.text() for part in parts for rec in part.records)
    return hashlib.sha1(text.encode()).hexdigest() if text else None


def page_heading(root: Any, titles: bool = True) -> str | None:
    """The page's own heading: its first non-empty ``h1``, else ``h2``, else (with ``titles``)
    what ``title`` names. A heading the ``title`` starts with is preferred: many boards put
    the site's name in the first ``h1`` and the topic in an ``h2``, and titles name the page
    first ("Topic - Board - Site")."""
    headings = [text for xpath in ("//h1", "//h2") for el in root.xpath(xpath) if (text := _heading_text(el))]
    title = _page_title(root)
    for text in headings:
        if title.startswith(text) and (len(title) == len(text) or not title[len(text)].isalnum()):
            return text
    if headings:
        return headings[0]
    return _title_on_page(root, title) if titles and title else None


def thread_title(root: Any, heading: str | None) -> str | None:
    """A thread's title: its page's ``heading`` without a short label that is no link (XenForo's
    thread prefix, "Question Mode fixes?"), when the page's ``<title>`` parts the two ("Question -
    Mode fixes? | Site"). The heading keeps the label as a page's name: links name the page so."""
    return _unlabelled(heading, _page_title(root)) if heading else heading


def _page_title(root: Any) -> str:
    return next((t for el in root.xpath("//title") if (t := normalize_space(el.text_content()))), "")


_TITLE_SEPARATOR = re.compile(r"\s+[-–—|·»_]\s+|\s*[|｜]\s*")


def _unlabelled(heading: str, title: str) -> str:
    """The heading without a short label that is no link (XenForo's thread prefix, "Question Mode
    fixes?"), when the ``title`` parts them: "Question - Mode fixes? | Site". A title cut at a
    separator of its own ("Python - how to parse - Site") parts no label from it."""
    for m in _TITLE_SEPARATOR.finditer(title):
        label = _TITLE_SEPARATOR.split(title[: m.start()])[-1].strip()
        if not label or len(label) > MAX_LABEL or not heading.startswith(label + " "):
            continue
        rest = heading[len(label) :].strip()
        after = title[m.end() :]
        ends = len(after) == len(rest) or _TITLE_SEPARATOR.match(after, len(rest)) is not None
        if len(rest) >= MIN_TITLE and after.startswith(rest) and ends:
            return rest
    return heading


def titled_heading(heading: str | None, anchor: str | None) -> str | None:
    """The page's heading, or the anchor of the link that led here when the heading is that
    anchor after a short label ("Question Mode fixes?" for "Mode fixes?": XenForo's thread
    prefix, Discuz!'s "[分类]"), which boards print before a title but do not link with it."""
    if heading and anchor and len(anchor) >= 2 and heading.endswith(anchor):
        label = heading[: -len(anchor)].strip()
        if label and len(label) <= MAX_LABEL:
            return anchor
    return heading


_REPLY_PREFIX = re.compile(r"^(?:re|回复|回覆|答复)\s*[:：]\s*", re.IGNORECASE)


def title_key(text: str) -> str:
    """A title as compared with another: its words, whatever their spacing and case."""
    return normalize_space(text).casefold()


def names_title(anchor: str | None, heading: str | None) -> bool:
    """Whether a link's anchor is the title of the page it leads to (``heading``): the whole
    heading, or its start cut short with an ellipsis, as lists and feeds shorten long titles, or
    a reply's subject ("Re: <title>", as a board's 'last post' shows it). A permalink's "#5", a
    "5楼" or a date never is."""
    if not anchor or not heading:
        return False
    a, h = title_key(anchor), title_key(heading)
    a = _REPLY_PREFIX.sub("", a) if not _REPLY_PREFIX.match(h) else a  # a reply's subject ("Re: <title>")
    for ellipsis in ("...", "…"):
        if a.endswith(ellipsis):
            a = a[: -len(ellipsis)].rstrip()
            return len(a) >= MIN_TITLE and h.startswith(a)
    return len(a) >= MIN_TITLE and a == h


def _heading_text(el: Any) -> str:
    """A heading's text without the labels it links (XenForo's prefix "Question", Discuz!'s
    "[分类]": each a link to the board filtered by it) when it has text of its own besides; a
    heading that is one link (to the thread itself) keeps it."""
    whole = normalize_space(el.text_content())
    own = normalize_space(" ".join(el.xpath(".//text()[not(ancestor::a)]")))
    return own or whole


def canonical_url(url: str, root: Any) -> str | None:
    """The page's ``<link rel=canonical>``, canonicalized, or None."""
    for href in root.xpath("//link[@rel='canonical']/@href")[:1]:
        if href.strip():
            return canonicalize(urljoin(url, href.strip()))
    return None


def lives_elsewhere(url: str, root: Any, *, canonical: bool = True) -> bool:
    """The page names another URL as its own: its ``<link rel=canonical>`` (unless
    ``canonical`` is False: a site naming one URL for all its pages), or a link whose text
    is the page's heading (the thread title in the breadcrumb or the heading itself). A
    'last post' or sorted view of a single page says so; page 1 links to itself."""
    found = canonical_url(url, root) if canonical else None
    if found is not None:
        return found != url
    return heading_home(url, root) is not None


def heading_home(url: str, root: Any) -> str | None:
    """The URL the page's heading links, on the same host, when that is not ``url`` (the
    breadcrumb's last item naming the thread): the page's own URL as the site names it. None
    when the heading links nothing, or links ``url`` itself among others."""
    title = page_heading(root, titles=False)
    if not title:
        return None
    host = urlsplit(url).netloc
    targets = {
        canonicalize(urljoin(url, a.get("href").strip()))
        for a in root.iter("a")
        if a.get("href") and normalize_space(a.text_content()) == title
    }
    targets = {t for t in targets if urlsplit(t).netloc == host}
    return None if not targets or url in targets else min(targets)


def _title_on_page(root: Any, title: str) -> str:
    """A ``<title>`` is often "page heading - site name": the longest short text on the
    page (a breadcrumb's last item, a bold heading) that the title starts with, followed
    by a separator, is the page's own heading."""
    best = ""
    for el in root.iter():
        if not isinstance(el.tag, str) or el.tag in {"title", "script", "style"} or len(el) > 2:
            continue
        text = normalize_space(el.text_content())
        if len(best) < len(text) < len(title) and title.startswith(text) and not title[len(text)].isalnum():
            best = text
    return best or title


def _pager_current(a: Any) -> int | None:
    """The current page of the pager holding link ``a``: the number in it that is not a link
    (``<strong>2</strong>`` beside ``<a>1</a><a>3</a>``, ``<span>2</span>`` beside
    ``<span><a>1</a></span>``, or an anchor without ``href``, as NGA marks it), looked for in
    ``a``'s parent and up to two levels above."""
    container = a.getparent()
    for _ in range(3):
        if container is None:
            return None
        for el in container.iter():
            if not isinstance(el.tag, str) or el is container or _is_link(el):
                continue
            if any(_is_link(inner) for inner in el.iter("a")):
                continue
            text = normalize_space(el.text_content())
            if text.isdigit() and len(text) <= 5:
                return int(text)
        container = container.getparent()
    return None


def _is_link(el: Any) -> bool:
    return el.tag == "a" and bool(el.get("href"))
