"""A page's links: their URLs, texts as the page shows them, and places in the DOM.

:class:`Link` is one anchor of a page, found by :func:`extract_links` with its
tag path, its position and its *block* (the path of tags and classes that
:func:`block_step` builds); :func:`is_view` tells a filter of the page itself
from an item. The block paths' comparisons (one place of a list, inside a
list's container) live here too, for the patterns and the scoring that use them.

Pure module: lxml only, no Scrapy.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urljoin, urlsplit, urlunsplit

from topiccrawl.htmlprolog import without_xml_declaration
from topiccrawl.pagelets import expand_pagelets
from topiccrawl.textutil import SCREEN_READER_ONLY, normalize_space

if TYPE_CHECKING:
    from lxml.html import HtmlElement

_DIGITS = re.compile(r"\d+")
_DIGIT = re.compile(r"\d")
# Elements that hold words for screen readers only, or that are not shown at all.
_HIDDEN_XPATH = (
    "//a//*[@hidden or @aria-hidden='true' or contains(translate(@style, ' ', ''), 'display:none') or "
    + SCREEN_READER_ONLY
    + "]"
)
_HASHED = re.compile(r"\d[A-Za-z]")
# A query carrying another URL, plain, escaped or in base64 ("aHR0c" is "http").
_CARRIED_URL = re.compile(r"https?(?::|%3A)|(?:^|=)aHR0c", re.IGNORECASE)
# Words of a class name that name an ad, each a word of its own in the name (``is-sponsored``,
# ``ad-item``), not inside another word (``head``, ``shadow``).
_AD_CLASS_WORDS = r"ads?|adv|advert\w*|sponsor\w*|commercial|tuiguang|guanggao"
# A class that sets a record apart as an ad or a promotion, not as a mark of the list's own records
# (:func:`marked_variant`)...
_AD_WORD = re.compile(rf"(?i)(?:^|[-_])(?:{_AD_CLASS_WORDS}|promo\w*)(?:$|[-_])")
# ...and one that marks a box as an ad, not a sale: ``li.product.promo`` is a discounted item.
_AD_BOX = re.compile(rf"(?i)(?:^|[-_])(?:{_AD_CLASS_WORDS}|promoted)(?:$|[-_])")
_AD_HOST_LABELS = frozenset({"doubleclick", "googleadservices", "googlesyndication", "adservice", "adclick"})
_AD_SEGMENTS = frozenset({"ad", "ads", "adv", "advert", "adverts", "pagead", "aclk", "adclick", "adclk", "sspa"})
_AD_KEYS = frozenset({"ad", "ad_id", "adid", "ad_pos", "adpos"})
_AD_VALUES = frozenset({"promoted", "sponsored", "advert", "advertisement"})  # (Eventbrite's ``_eboga=promoted``)
MARK_STEPS = 2  # steps at a link's end (the anchor, its parent) where a class on a plain element marks a record
_SCRIPTED = ("javascript:", "#")  # hrefs that leave the navigation to the anchor's onclick, if any
_QUOTED = re.compile(r"""['"]([^'"\s]+)['"]""")
# A path or URL: a scheme, a slash or dot-slash start, or a file with an extension or a query.
_URL_LIKE = re.compile(r"(?i)(?:https?://|//|/|\.\.?/)\S*|[\w.-]+\.(?:s?html?|php|aspx?|jsp|cgi)(?:[?#]\S*)?$")
_SKIP_SCHEMES = ("javascript:", "mailto:", "tel:", "data:", "#")
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


def extract_links(html: str, base_url: str) -> list[Link]:
    """Every followable link of an HTML page, in document order, resolved and without fragments."""
    import lxml.html

    try:
        doc = lxml.html.document_fromstring(without_xml_declaration(html))
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
        if not href or href.lower().startswith(_SCRIPTED):
            # (a title whose link is a script's: javascript:openDetail('…') or an onclick)
            script = href if href.lower().startswith("javascript:") else ""
            href = script_target(script) or script_target(anchor.get("onclick") or "")
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


def ad_url(url: str) -> bool:
    """Whether a link goes to an ad: through an ad server (``ad.doubleclick.net``), or through the
    site's own ad redirect, named so in its path (``/action/visit/ad?id=``, ``/pagead/clk``) or its
    query (``?ad_id=``, ``&_eboga=promoted``). Some sites name every listing so (leboncoin's ``/ad/…``): a list's few
    ads among its items are told by this, not a list all of whose links read so."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if any(label in _AD_HOST_LABELS for label in host.split(".")):
        return True
    if any(segment.lower() in _AD_SEGMENTS for segment in parts.path.split("/")):
        return True
    query = parse_qsl(parts.query, keep_blank_values=True)
    return any(key.lower() in _AD_KEYS or value.lower() in _AD_VALUES for key, value in query)


def in_ad_box(block: str) -> bool:
    """Whether a link's block path (:func:`block_step`) runs through an element whose class names
    an ad (``div.advertisement.entry``, ``li.is-sponsored``, ``div.ad-slot``), not a sale's
    (``li.product.promo``)."""
    return any(_AD_BOX.search(name) for step in block.split("/") for name in _step(step)[1])


def script_target(onclick: str) -> str:
    """The URL an anchor's ``onclick`` opens, when its ``href`` is a script or nothing: the first
    quoted argument that reads as a URL (``openBookDetail('../opac/item.php?marc_no=1')``,
    ``window.open('https://…')``, ``location.href='/t/5'``), not an id (``addBookShelf('1')``)."""
    for candidate in _QUOTED.findall(onclick):
        if _URL_LIKE.match(candidate):
            return candidate
    return ""


def carries_url(url: str) -> bool:
    """Whether a link's query carries another URL: a click counter, an ad's redirect, or an action
    that returns to the page when done ("add to watch list", ``?ru=https%3A%2F%2F...``). Such a link
    is no item of a list, however titled."""
    return _CARRIED_URL.search(urlsplit(url).query) is not None


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
    same classes, or one's with a class or two added (:func:`_kin_steps`). A list's sections differ
    so (phpBB's announcements are ``div.forumbg.announcement`` and ``ul.topiclist``, its topics
    ``div.forumbg`` and ``ul.topiclist.topics``); a sidebar does not (``div.hot`` beside
    ``div.list``; Semantic UI's ``div.column.four.sidebar.wide`` beside the main
    ``div.column.twelve.wide``: classes in common, but each has its own)."""
    if block.startswith(f"{container}/"):
        return True
    want = container.split("/")
    got = block.split("/")
    return len(got) > len(want) and all(map(_kin_steps, got, want))


def _same_place(block: str, other: str) -> bool:
    """Whether two links' block paths are one place of a list: the same tags, and at each step the
    same classes or one's with classes added (a news front's cards with and without a picture,
    ``div.card`` and ``div.card.card--image``)."""
    mine, theirs = block.split("/"), other.split("/")
    return len(mine) == len(theirs) and all(map(_kin_steps, mine, theirs))


def marked_variant(block: str, other: str) -> bool:
    """Whether two links' block paths are one place of a list but for a class that marks some of
    its records: the same steps but one, where one adds classes to the other's, none of them an
    ad's (Reddit's ``a.title.stickied-link``, Tildes' ``article.topic.topic-with-excerpt``; not
    Newegg's ``div.item-container.is-sponsored``). A class added to a step with none is such a
    mark only on the anchor or its parent (a featured job's ``li.feature`` among plain ``li``, a
    generated style class on some titles' anchors): higher up, a plain ``table`` beside a
    ``table.listtab`` is another box."""
    mine, theirs = block.split("/"), other.split("/")
    if len(mine) != len(theirs):
        return False
    differ = [i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b]
    if len(differ) != 1:
        return False
    tag, classes = _step(mine[differ[0]])
    their_tag, their_classes = _step(theirs[differ[0]])
    few, more = sorted((classes, their_classes), key=len)
    if tag != their_tag or not few < more or any(_AD_WORD.search(name) for name in more - few):
        return False
    return bool(few) or differ[0] >= len(mine) - MARK_STEPS


def _kin_steps(mine: str, theirs: str) -> bool:
    """Whether two steps of block paths are one element's kind: the same tag, and classes in
    common, all of one's among the other's (a layout framework's classes are shared by boxes
    that are not one kind, each with classes of its own)."""
    if mine == theirs:
        return True
    tag, classes = _step(mine)
    their_tag, their_classes = _step(theirs)
    return tag == their_tag and bool(classes & their_classes) and (classes <= their_classes or their_classes <= classes)


def _step(step: str) -> tuple[str, set[str]]:
    """A block path's step (``li.item.top``: :func:`block_step`) as its tag and its classes."""
    tag, *classes = step.split(".")
    return tag, set(classes)


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
