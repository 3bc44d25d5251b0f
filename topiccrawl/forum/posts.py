"""Posts as records: the fields of each post of a post region, and who posted it.

Fields are found by structure across the region's records, never by class names:

* **text**: the element path (tag and class, relative to the record) that holds most
  of the records' text, taking the deepest such path so that author boxes and
  toolbars are left out; a record without that path (a deleted post) falls back to
  the nearest ancestor path it has;
* **author**: the first short text field of the record that varies between records
  and is neither a number nor a date;
* **time**: the first date-time in the record's text;
* **post id**: the first ``id`` (or ``<a name>``) in the record that carries digits.

What a post's elements show (text, time) is read by :mod:`topiccrawl.forum.posttext`; whole
threads are put together by :mod:`topiccrawl.forum.threads`.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from lxml import html as lxml_html

from topiccrawl.forum.dates import TIME_RE, chronological, has_date
from topiccrawl.forum.posttext import (
    attr_time,
    element_text,
    post_parts,
    record_time,
    signatures,
    text_outside,
    unquoted_text,
    visible_text,
)
from topiccrawl.forum.quotes import quotations
from topiccrawl.forum.regions import Record, Region, child_elements, layout_block, slot_path
from topiccrawl.textutil import LINKLESS_TEXT, normalize_space

_SKIP_TEXT = frozenset({"script", "style", "noscript"})
# What a post body holds besides paragraphs: lists, code, tables, headings, quotations and
# inline markup.
_BODY_TAGS = frozenset(
    (  # noqa: SIM905 (a word list)
        "p ul ol dl pre code table blockquote aside h1 h2 h3 h4 h5 h6 hr br figure img a b strong i em u s strike "
        "del ins small big font span sub sup mark cite abbr bdi kbd samp var tt"
    ).split()
)
# vBulletin, phpBB and most bulletin boards print a signature under a line of underscores
# (Usenet's "-- " habit): what follows it is the poster's signature, not the post.
_SIGNATURE = re.compile(r"(?:^|\s)_{10,}(?:\s|$)")
_DIGITS = re.compile(r"\d")
_NUMERIC = re.compile(r"[\d#\s.,:/()-]*")
# '@name', '@Hannah Schmidt', '@黄小明' (full-width '＠' too): a name of one or two words, no more
_MENTION = re.compile(r"[@＠][^\s@＠]{1,40}(?: [^\s@＠]{1,40})?")
# Characters per post an enclosing field may add to the post text and still not be the text.
LABEL_CHARS = 3
# Share of neighbouring dates in one direction above which a field reads as the posts' times.
CHRONOLOGICAL = 0.8


def _step(el: lxml_html.HtmlElement) -> str:
    """One element of a field's path: its tag and its sorted classes (``div.a.b``)."""
    cls = ".".join(sorted((el.get("class") or "").split()))
    return el.tag + ("." + cls if cls else "")


def _paths(record: Record) -> dict[str, list[lxml_html.HtmlElement]]:
    """The record's elements by their path from its element (``"<index>:div.post/p"``), in
    document order: one walk down, each element's path its parent's and one step."""
    out: dict[str, list[lxml_html.HtmlElement]] = defaultdict(list)
    for i, root in enumerate(record.elements):
        stack = [(root, "")]
        while stack:
            el, path = stack.pop()
            if el.tag not in _SKIP_TEXT:
                out[f"{i}:{path}"].append(el)
            for child in reversed(el):
                if isinstance(child.tag, str):  # (not a comment)
                    stack.append((child, f"{path}/{_step(child)}" if path else _step(child)))
    return out


def _segments(path: str) -> list[tuple[str, frozenset[str]]]:
    return [(tag, frozenset(classes)) for tag, *classes in (part.split(".") for part in path.split("/"))]


def _find(paths: dict[str, list[lxml_html.HtmlElement]], path: str) -> str | None:
    """The key of ``paths`` for field ``path``: the path itself, else the first path of the same
    tags whose classes overlap the field's at every level. One post of a thread often carries an
    extra class (the first post's ``firstfloor``, a moderator's or the thread starter's mark):
    its fields are still the template's fields."""
    if path in paths:
        return path
    want = _segments(path)
    for key in paths:
        got = _segments(key)
        if len(got) == len(want) and all(
            t1 == t2 and (c1 & c2 or not (c1 or c2)) for (t1, c1), (t2, c2) in zip(got, want, strict=True)
        ):
            return key
    return None


def _typical(per_record: list[dict[str, list[lxml_html.HtmlElement]]]) -> int:
    """Index of the record most like the others (the most paths most records have, the fewest
    paths few have): fields are looked for in it, not in the first post, which is often
    marked up apart (the thread starter's post)."""
    n = len(per_record)
    counts = Counter(p for paths in per_record for p in paths)

    def score(i: int) -> int:
        return sum(1 if counts[p] * 2 >= n else -1 for p in per_record[i])

    return max(range(n), key=lambda i: (score(i), -i))


@dataclass(frozen=True, slots=True)
class PostFields:
    """Where a template keeps its post fields (saved in the site template; hand-editable)."""

    content: str
    author: str | None = None
    time: str | None = None


def learn_fields(region: Region) -> PostFields | None:
    records = _posts_only(region.records)
    per_record = [_paths(r) for r in records]
    n = len(per_record)
    texts: dict[str, list[str]] = defaultdict(list)
    dated: Counter[str] = Counter()
    for record, paths in zip(records, per_record, strict=True):
        # Scored on what a post's text keeps: signatures are cut off it (extract_posts). A few
        # short posts under signatures of their own otherwise score the box holding both above
        # the post's body by more than the margin below (Vanilla's ``div.Item-Body``, reactions
        # bar and all), or the signature itself above the body (a path inside one has no text
        # outside it).
        signed = [s for root in record.elements for s in signatures(root)]
        for p, els in paths.items():
            texts[p].append(_SIGNATURE.split(" ".join(text_outside(e, signed) for e in els), 1)[0])
            # (or in a date attribute: Vanilla shows "March 27", the year and time only in a
            # ``<time datetime>``, and a record's whole box then read as its text)
            dated[p] += has_date(" ".join(unquoted_text(e) for e in els)) or attr_time(els, set()) is not None
    scores: dict[str, int] = {}
    for p, values in texts.items():
        # The post body has text in most posts. A block with text in a few of them (replies
        # nested in a post, as Tieba's 楼中楼; a signature) is not it, however much they hold.
        if sum(1 for v in values if v) * 2 < n:
            continue
        # Metadata boxes (author, post time, "Posted:" lines) carry a date in most
        # records; the post body does not (but for the dates of the posts it quotes).
        if dated[p] * 2 >= len(values):
            continue
        # Template words ("Joined:", "只看该作者") recur in most records; content does not. Nor
        # does a long run of text that recurs in two posts: a post title repeating the thread's
        # ("回复: 标题"), a stock line. Short words recur in any two posts of one language.
        words = Counter(w for v in values for w in set(v.split()))
        common = {
            w for w, c in words.items() if (len(values) >= 3 and c * 5 >= len(values) * 3) or (c >= 2 and len(w) >= 10)
        }
        scores[p] = sum(len(w) for v in values for w in v.split() if w not in common)
    if not scores or max(scores.values()) == 0:
        return None
    top = max(scores.values())
    # The field is the deepest path holding (nearly) all of it: a path within 10% of the most,
    # or short of it by a label's worth per post ("Re:", "Last edited: <date>" on a few posts).
    candidates = [p for p, t in scores.items() if t >= 0.9 * top or top - t <= LABEL_CHARS * n]
    totals = scores
    content = max(candidates, key=lambda p: (p.count("/"), totals[p]))
    author = None
    ref = _typical(per_record)
    for p in sorted(per_record[ref], key=lambda p: _order(records[ref], per_record[ref][p][0])):
        if content.startswith(p) or p.startswith(content):
            continue
        values = [element_text(paths[k][0]) if (k := _find(paths, p)) else "" for paths in per_record]
        if not _names(values):
            continue
        # The field itself must carry the name, not merely wrap other fields.
        if any(len(paths[k][0]) > 1 for paths in per_record if (k := _find(paths, p))):
            continue
        author = p
        break
    return PostFields(content, author, _time_field(records, per_record, content))


def _names(values: list[str]) -> bool:
    """Whether a field's values (one per record, "" where missing) read as posters' names:
    in most records, short, not all numbers or dates, varying between records, and not all
    a single letter (a letter avatar's initial, "F" for frank, beside the name)."""
    n = len(values)
    own = [v for v in values if v]
    if len(own) * 5 < n * 4 or any(len(v) > 30 for v in own):
        return False
    if all(_NUMERIC.fullmatch(v) or TIME_RE.search(v) for v in own) or all(len(v) < 2 for v in own):
        return False
    return n < 3 or len(set(own)) >= 2


def _time_field(
    records: list[Record], per_record: list[dict[str, list[lxml_html.HtmlElement]]], content: str
) -> str | None:
    """The narrowest field outside the post body that dates most records with dates that
    differ between them: the post's own time, not the poster's 'Joined:' date, which
    comes first in many profile boxes and is the same on every post of one poster. A field
    whose dates keep the page's order comes first (:func:`~topiccrawl.forum.dates.chronological`):
    a sign-in plugin's date differs between posters too, and is often shorter."""
    n = len(per_record)
    if n < 2:
        return None
    best: tuple[int, float, int, str] | None = None
    ref = _typical(per_record)
    ordered = sorted(per_record[ref], key=lambda p: _order(records[ref], per_record[ref][p][0]))
    for order, p in enumerate(ordered):
        if p.startswith(content) or content.startswith(p):
            continue
        keys = [_find(paths, p) for paths in per_record]
        times = [record_time(paths[k]) if k else None for paths, k in zip(per_record, keys, strict=True)]
        found = [t for t in times if t]
        if len(found) * 5 < n * 4 or len(set(found)) < 2:
            continue
        size = sum(len(element_text(e)) for paths, k in zip(per_record, keys, strict=True) if k for e in paths[k])
        size /= len(found)
        # Posts are listed in time order; profile dates (joined, last visit, a sign-in mood) are not.
        order_share = chronological(times)
        unordered = 0 if order_share is None or order_share >= CHRONOLOGICAL else 1
        if best is None or (unordered, size, order) < best[:3]:
            best = (unordered, size, order, p)
    return best[3] if best else None


def _order(record: Record, el: lxml_html.HtmlElement) -> int:
    n = 0
    for root in record.elements:
        for node in root.iter():
            if node is el:
                return n
            n += 1
    return n


@dataclass(frozen=True, slots=True)
class PostRecord:
    post_id: str | None
    author: str | None
    time: str | None
    text: str  # the poster's own words
    quotes: tuple[str, ...] = ()  # the passages of other posts it quotes, in order


def _post_id(record: Record) -> str | None:
    for root in record.elements:
        for el in root.iter():
            if not isinstance(el.tag, str):
                continue
            for attr in ("id", "name"):
                value = el.get(attr)
                if value and _DIGITS.search(value) and (attr == "id" or el.tag == "a"):
                    return value
    return None


def _posts_only(records: list[Record]) -> list[Record]:
    """``records`` without ads: posts are dated (even deleted ones keep their header), so where
    most records carry a date-time, one without is an ad or a notice styled like a post."""
    dated = [record_time(rec.elements) is not None for rec in records]
    if len(dated) >= 2 and sum(dated) * 2 >= len(dated):
        return [rec for rec, has_date in zip(records, dated, strict=True) if has_date]
    return list(records)


def holds_posts(region: Region, fields: PostFields) -> bool:
    """Whether most records of ``region`` hold the template's text field: a region that is one
    only by matching a post template (a board index's rows, alike enough in their tags) does not."""
    found = sum(_find(_paths(rec), fields.content) is not None for rec in region.records)
    return found * 2 > len(region.records)


def with_stray_posts(region: Region, fields: PostFields) -> list[Record]:
    """The region's records and, in document order among them, its parent's other children that
    hold the post template's fields: its text and its poster or its date (not a block of the
    page's layout). Records are told apart by how alike their markup is, and one post can differ
    enough to fall out of its region: the first post of a thread, which also carries the
    thread's title, when a toolbar framed like the posts comes before it and the posts were
    taken for the toolbar's kind. Its fields are the template's all the same."""
    if region.period != 1 or not region.records:
        return list(region.records)
    taken = {id(rec.elements[0]) for rec in region.records}
    tag = region.records[0].elements[0].tag
    out: list[Record] = []
    for kid in child_elements(region.parent):
        if id(kid) in taken or (kid.tag == tag and layout_block(kid) is None and _has_fields(Record([kid]), fields)):
            out.append(Record([kid]))
    return out if len(out) > len(region.records) else list(region.records)


def holds_a_post(region: Region, fields: PostFields) -> bool:
    """Whether some record of ``region`` holds any of the template's post fields: its text, its
    poster or its date (a deleted post keeps its header). A box that only looks like a post (a
    member's profile, framed like one) holds none."""
    wanted = [f for f in (fields.content, fields.author, fields.time) if f]
    return any(_find(paths, f) is not None for paths in map(_paths, region.records) for f in wanted)


def is_mention(anchor: str) -> bool:
    """Whether a link's text mentions a member ('@name'): the convention of most forum engines
    (Discourse, Flarum, NodeBB, Vanilla, Invision, XenForo, Tieba) for a link to the member's
    page from inside a post. That page is the member's: a profile, or a feed of posts the
    threads show, never a way to threads the lists do not link."""
    return bool(_MENTION.fullmatch(" ".join(anchor.split())))


def names_posters(fields: PostFields) -> bool:
    """Whether the template's author field may be taken for its posters' names: not a field in a
    title's heading, which in a member's stream of excerpts is each excerpt's thread."""
    return bool(fields.author) and not any(step.split(".", 1)[0] in {"h1", "h2"} for step in fields.author.split("/"))


def poster_links(region: Region, fields: PostFields) -> list[tuple[int, lxml_html.HtmlElement, lxml_html.HtmlElement]]:
    """The links in the posts' author field (the poster's name and avatar), each as (index of its
    record's element, that element, the link), when the field :func:`names_posters`."""
    return [(index, top, a) for _, index, top, a in _poster_anchors(region, fields)]


def _poster_anchors(
    region: Region, fields: PostFields
) -> Iterator[tuple[int, int, lxml_html.HtmlElement, lxml_html.HtmlElement]]:
    """(record index, index of the record's element, that element, link) of :func:`poster_links`."""
    if not names_posters(fields):
        return
    for number, rec in enumerate(region.records):
        paths = _paths(rec)
        key = _find(paths, fields.author)
        if key is None:
            continue
        index = int(key.split(":", 1)[0])
        top = rec.elements[index]
        for el in paths[key]:
            anchors = list(el.iter("a"))
            up = el
            while up is not None and up is not top:  # (a field inside its link: a/span.name)
                if up.tag == "a":
                    anchors.append(up)
                up = up.getparent()
            yield from ((number, index, top, a) for a in anchors if a.get("href"))


def poster_slots(region: Region, fields: PostFields) -> frozenset[str]:
    """Slot paths (as :attr:`~topiccrawl.forum.regions.Link.slot` gives them) of
    :func:`poster_links`. The poster's page is named by the link's anchor as a thread is by its
    title's, and may read as a thread (a stream of the member's posts); a page of posts by one
    poster each shows no repeated poster to tell them by. (A slot is a path of tags: a link in
    the same tags beside the name, such as a post's permalink in the line of its date, shares it.)"""
    return posters(region, fields)[0]


def posters(region: Region, fields: PostFields) -> tuple[frozenset[str], dict[int, str]]:
    """:func:`poster_slots`, and each record's poster by the ``href`` of its first
    :func:`poster_links` link, keyed by the record's index in the region (records without one
    left out): one walk of the records for both."""
    slots: set[str] = set()
    by_record: dict[int, str] = {}
    for record, index, top, a in _poster_anchors(region, fields):
        slots.add(f"{index}:{slot_path(top, a)}")
        by_record.setdefault(record, a.get("href"))
    return frozenset(slots), by_record


def _has_fields(record: Record, fields: PostFields) -> bool:
    paths = _paths(record)
    if _find(paths, fields.content) is None:
        return False
    if fields.author and _find(paths, fields.author) is not None:
        return True
    return bool(fields.time and (key := _find(paths, fields.time)) and record_time(paths[key]))


def extract_posts(region: Region, fields: PostFields) -> list[PostRecord]:
    out = []
    for rec in _posts_only(with_stray_posts(region, fields)):
        paths = _paths(rec)
        content = _find(paths, fields.content)
        path = content or fields.content
        while path and path not in paths:
            path = path.rsplit("/", 1)[0] if "/" in path else ""
        # Without the text field itself (a deleted post, a moderator's note), the nearest
        # enclosing field also holds the header and author: keep its main text.
        elements = paths[path] if path else list(rec.elements)
        if path == content:
            elements = _whole_body(elements, rec)
        quotes: list[str] = []
        if path == content:
            parts = [post_parts(e) for e in elements]
            text = " ".join(own for own, _ in parts)
            quotes = _beside(elements, rec) or [q for _, quoted in parts for q in quoted]
        else:
            text = _main_text(elements)
        author = None
        if fields.author and (key := _find(paths, fields.author)):
            author = element_text(paths[key][0]) or None
        if fields.time and (key := _find(paths, fields.time)):
            when = record_time(paths[key])
        else:
            body = [node for e in elements for node in e.iter()] if path else []  # kept alive for their ids
            # (the body's text as the record's is joined, quotations and all: the dates a
            # quotation shows are its post's)
            shown = " ".join(element_text(e) for e in elements) if path == content else text
            when = record_time(rec.elements, shown, {id(node) for node in body})
        text = _SIGNATURE.split(normalize_space(text), 1)[0].strip()
        out.append(PostRecord(_post_id(rec), author, when, text, tuple(quotes)))
    return out


def body_shapes(region: Region, fields: PostFields) -> frozenset[tuple[str, str]]:
    """The tag and each class of the elements that hold the posts' text in ``region``
    (``("div", "Message")``, ``("div", "userContent")``): an opening post marked up apart from
    its replies mostly shares their body's markup (:func:`~topiccrawl.forum.leadpost.lead_post`)."""
    out: set[tuple[str, str]] = set()
    for rec in region.records:
        paths = _paths(rec)
        if (key := _find(paths, fields.content)) is not None:
            # (the whole body, as the posts are read: a field learned as its paragraphs gives
            # ``p`` and no class, and the opening post was read as its whole box)
            body = _whole_body(paths[key], rec, shown_alone=True)
            out.update((el.tag, cls) for el in body for cls in (el.get("class") or "").split())
    return frozenset(out)


def _whole_body(
    elements: list[lxml_html.HtmlElement], record: Record, *, shown_alone: bool = False
) -> list[lxml_html.HtmlElement]:
    """The body whose paragraphs the text field reads, when it holds nothing but the post: a field
    learned as a body's ``p`` (NodeBB in some crawl orders, where the first posts read were all
    paragraphs) misses the lists and code blocks between them. ``elements`` when they have
    several parents, their parent is one of the record's elements, or it holds anything but
    text blocks, quotations and inline markup, or a block of links (buttons); also when it holds
    no text beside them, unless ``shown_alone`` (the body is wanted for its markup, not its text)."""
    parent = elements[0].getparent() if elements else None
    if parent is None or any(el.getparent() is not parent for el in elements):
        return elements
    if any(parent is r for r in record.elements) or not any(parent is a for r in record.elements for a in r.iter()):
        return elements
    gained = False
    for kid in parent:
        if not isinstance(kid.tag, str) or any(kid is el for el in elements):
            continue
        if kid.tag not in _BODY_TAGS:
            return elements
        if element_text(kid):
            if not kid.xpath(LINKLESS_TEXT):
                return elements
            gained = True
    return [parent] if gained or shown_alone else elements


def _beside(elements: list[lxml_html.HtmlElement], record: Record) -> list[str]:
    """The quotations of a post whose text field is the paragraphs of its body rather than the
    body: a quotation is a block of its own beside them (Discourse's ``aside.quote`` among the
    ``p`` of ``div.post``), which the field's path does not reach. Only in a body strictly inside
    the record, so that no header or signature is read for one."""
    roots = {id(el) for el in record.elements}
    parents: list[lxml_html.HtmlElement] = []
    for el in elements:
        parent = el.getparent()
        if parent is None or id(parent) in roots or any(parent is p for p in parents):
            continue
        parents.append(parent)
    if not parents or any(not any(a is r for a in p.iterancestors() for r in record.elements) for p in parents):
        return []
    return [
        text
        for parent in parents
        for q in quotations(parent)
        # (not the body itself: vBulletin 4 writes its posts in ``blockquote.postcontent``)
        if not any(q is el or _inside(el, q) for el in elements) and (text := visible_text(q))
    ]


def _inside(el: lxml_html.HtmlElement, ancestor: lxml_html.HtmlElement) -> bool:
    return any(a is ancestor for a in el.iterancestors())


def _main_text(elements: list[lxml_html.HtmlElement]) -> str:
    """The text of the deepest element holding more than half the text of ``elements``."""
    total = " ".join(element_text(e) for e in elements)
    best = total
    for root in elements:
        for el in root.iter():
            if not isinstance(el.tag, str):
                continue
            text = element_text(el)
            if len(text) * 2 > len(total) and len(text) <= len(best):
                best = text
    return best
