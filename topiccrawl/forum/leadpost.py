"""A thread's opening post marked up apart from its replies.

Many boards render the post that opens a thread in a template of its own, above the list of
replies: Vanilla's ``div.ItemDiscussion`` before ``ul.Comments``, Douban's ``div.topic-doc``
before ``ul#comments``, a question above its answers. The replies are a repeated region and
read as posts; the opening post is no record of it, and would be lost. It is found by what
every post shows: a link of the kind the replies' posters are linked by, a date, and text,
together in one block of the page before the replies, outside them.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qsl, urlsplit

from lxml import html as lxml_html

from topiccrawl.forum.posts import PostRecord
from topiccrawl.forum.posttext import element_text, is_notice, post_parts, record_time
from topiccrawl.forum.regions import Region, layout_block
from topiccrawl.textutil import LINKLESS_TEXT, normalize_space

HEADINGS = frozenset({"h1", "h2"})  # a block holding the page's heading is its header, not a post
LEAD_TEXT = 10  # characters outside links of the block below a header, to be an opening post's text


def member_shape(url: str) -> tuple[str, str, tuple[str, ...]]:
    """Where a member's link goes, whoever the member: the host, and the path with its query's
    names (``/u.php?uid=5``) or, without a query, its directory (``/profile/MikaT``,
    ``/people/52766897/``), as members are named by ids and by names alike."""
    parts = urlsplit(url)
    if parts.query:
        return parts.netloc.lower(), parts.path, tuple(sorted({k for k, _ in parse_qsl(parts.query, True)}))
    path = parts.path.rstrip("/")
    return parts.netloc.lower(), path.rsplit("/", 1)[0] + "/", ()


def lead_post(
    region: Region,
    is_poster: Callable[[str], bool],
    skip: set[int] | frozenset[int] = frozenset(),
    bodies: frozenset[tuple[str, str]] = frozenset(),
) -> PostRecord | None:
    """The opening post above ``region`` (the thread's replies), or None.

    ``is_poster(href)``: whether a link goes where the replies' posters' links go (a member's
    page). ``skip``: ids of elements of the page's other repeated regions' records (a box of the
    most-liked replies, repeated from the list), whose posters' links lead no opening post.
    The post is the smallest block around such a link, found before the replies in the page,
    that holds a date and text outside the link's element, and neither the page's heading (a
    thread's header names its starter and date: 'Started by X, Jun 12') nor the replies.
    ``bodies``: (tag, class) pairs of the replies' text elements (:func:`~topiccrawl.forum.posts.
    body_shapes`); the element of the post's content with most of their classes is its text,
    without the tags, buttons and signature beside it."""
    if not region.records:
        return None
    return _first_post(region.parent.getroottree().getroot(), region.parent, is_poster, skip, bodies)


def lone_post(
    root: lxml_html.HtmlElement,
    is_poster: Callable[[str], bool],
    skip: set[int] | frozenset[int] = frozenset(),
    bodies: frozenset[tuple[str, str]] = frozenset(),
) -> PostRecord | None:
    """The one post of a thread that has no replies, marked up as an opening post
    (:func:`lead_post` without the replies), or None: the first block around a poster's link
    anywhere in the page, outside the records of ``skip``."""
    return _first_post(root, None, is_poster, skip, bodies)


def _first_post(
    root: lxml_html.HtmlElement,
    container: lxml_html.HtmlElement | None,
    is_poster: Callable[[str], bool],
    skip: set[int] | frozenset[int],
    bodies: frozenset[tuple[str, str]],
) -> PostRecord | None:
    for a in root.iter("a"):
        if container is not None and _within(a, container):
            break  # (document order: the replies are reached, and nothing was found before them)
        if id(a) in skip or not is_poster(a.get("href") or ""):
            continue
        found = _block_around(a, container)
        if found is not None and (post := _read(*found, a, bodies)) is not None:
            return post
    return None


def _within(el: lxml_html.HtmlElement, ancestor: lxml_html.HtmlElement) -> bool:
    while el is not None:
        if el is ancestor:
            return True
        el = el.getparent()
    return False


def _block_around(
    a: lxml_html.HtmlElement, container: lxml_html.HtmlElement | None
) -> tuple[lxml_html.HtmlElement, lxml_html.HtmlElement] | None:
    """The smallest ancestor of ``a`` holding a date and text beside ``a``'s own element, with
    that text's element (:func:`_content`), or None when the climb reaches the replies or the
    page's heading first."""
    el = a.getparent()
    while el is not None and isinstance(el.tag, str) and el.tag != "body":
        if container is not None and _within(container, el):
            return None
        if any(h.tag in HEADINGS for h in el.iter("h1", "h2")):
            return _below_header(el, a, container)
        if record_time([el]) is not None and (content := _content(el, a)) is not None:
            return el, content
        el = el.getparent()
    return None


def _below_header(
    header: lxml_html.HtmlElement, a: lxml_html.HtmlElement, container: lxml_html.HtmlElement | None
) -> tuple[lxml_html.HtmlElement, lxml_html.HtmlElement] | None:
    """The opening post whose poster and date are in the thread's header, beside its heading, and
    whose text is the block right below the header, in one box that holds no replies (V2EX:
    ``div.header`` with the ``h1``, the starter and the date, then ``div.cell > div.topic_content``),
    with that text's element; or None. A header naming its starter above replies that begin with
    the opening post ('Started by X, Jun 12') holds them in its box, or nothing of a post's size
    below it."""
    box = header.getparent()
    if box is None or not isinstance(box.tag, str) or box.tag == "body" or record_time([header]) is None:
        return None
    if _names_poster(header, a):
        return None  # (a member's page: its heading is the member's name, its date when they joined)
    if container is not None and _within(container, box):
        return None
    after = header.getnext()
    while after is not None and not isinstance(after.tag, str):
        after = after.getnext()
    if after is None or _linkless_size(after) < LEAD_TEXT or record_time([after]) is not None:
        return None
    return box, after


def _content(block: lxml_html.HtmlElement, a: lxml_html.HtmlElement) -> lxml_html.HtmlElement | None:
    """The child of ``block`` after the one holding ``a`` (the poster's line or column: a post
    names its poster first) that holds most text of its own (outside links: a bar of 'like',
    'share' and counts is mostly links), when it has some, is not a date's line and is no heading
    (a box of members titled 'In this Discussion')."""
    best, best_len, after = None, 0, False
    for kid in block:
        if not isinstance(kid.tag, str):
            continue
        if _within(a, kid):
            after = True
            continue
        size = _linkless_size(kid)
        if after and size > best_len:
            best, best_len = kid, size
    if best is None or best.tag in {"h1", "h2", "h3", "h4", "h5", "h6"}:
        return None
    return best if record_time([best]) is None else None


def _names_poster(header: lxml_html.HtmlElement, a: lxml_html.HtmlElement) -> bool:
    """Whether the heading in ``header`` is the name of the member ``a`` links, as its links to
    them show it: their text, or an avatar's title, alt text or label."""
    heading = next((element_text(h) for h in header.iter("h1", "h2")), "")
    if not heading:
        return False
    names = set()
    for link in header.iter("a"):
        if link.get("href") != a.get("href"):
            continue
        names.add(element_text(link))
        for el in link.iter():
            names.update(normalize_space(el.get(k) or "") for k in ("title", "alt", "aria-label"))
    return heading in names


def _linkless_size(el: lxml_html.HtmlElement) -> int:
    return sum(len("".join(text.split())) for text in el.xpath(LINKLESS_TEXT))


def _read(
    block: lxml_html.HtmlElement,
    content: lxml_html.HtmlElement,
    a: lxml_html.HtmlElement,
    bodies: frozenset[tuple[str, str]],
) -> PostRecord | None:
    if is_notice(content):
        return None  # (a login prompt below the post, 'log in to reply': the post is elsewhere)
    body = _body(content, bodies)
    text, quotes = post_parts(body)
    # the poster's name: a link of the poster's beside the avatar's, else the avatar's tooltip
    named = [el for el in block.iter("a") if el.get("href") == a.get("href") and element_text(el)]
    author = element_text(named[0]) if named else normalize_space(a.get("title") or "") or None
    if not text or not author:
        return None
    ids = [block, *list(block.iterancestors())[:2]]
    # (not a block of the page's layout: V2EX's post box sits in ``div#Main``)
    post_id = next((el.get("id") for el in ids if el.get("id") and layout_block(el) is None), None)
    return PostRecord(post_id, author, record_time([block], element_text(body)), text, tuple(quotes))


def _body(content: lxml_html.HtmlElement, bodies: frozenset[tuple[str, str]]) -> lxml_html.HtmlElement:
    """The element of ``content`` (itself included) with most classes of the replies' text
    elements (a signature may share one, Vanilla's ``userContent``), the first of a tie (a
    post's text comes before its signature), or ``content`` when none has any."""
    if not bodies:
        return content
    scored = []
    for el in content.iter():
        if isinstance(el.tag, str) and (score := sum((el.tag, c) in bodies for c in (el.get("class") or "").split())):
            scored.append((score, el))
    if not scored:
        return content
    best = max(score for score, _ in scored)
    top = [el for score, el in scored if score == best]
    outer = [el for el in top if not any(anc in top for anc in el.iterancestors())]
    return outer[0] if element_text(outer[0]) else content
