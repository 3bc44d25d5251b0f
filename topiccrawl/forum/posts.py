"""Posts as records: fields of each post of a post region, and whole threads across pages.

Fields are found by structure across the region's records, never by class names:

* **text**: the element path (tag and class, relative to the record) that holds most
  of the records' text, taking the deepest such path so that author boxes and
  toolbars are left out; a record without that path (a deleted post) falls back to
  the nearest ancestor path it has;
* **author**: the first short text field of the record that varies between records
  and is neither a number nor a date;
* **time**: the first date-time in the record's text;
* **post id**: the first ``id`` (or ``<a name>``) in the record that carries digits.

:class:`ThreadAssembler` gathers the pages of a thread and numbers posts across
pages once all pages are in, so a thread split over pages stays one thread.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from lxml import html as lxml_html

from topiccrawl.forum.dates import chronological
from topiccrawl.forum.regions import Record, Region, child_elements, layout_block, slot_path
from topiccrawl.textutil import SCREEN_READER_ONLY, normalize_space

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_CLOCK = r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\b\.?)?"
TIME_RE = re.compile(
    r"(?:\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?(?:(?:\s*|T)\d{1,2}:\d{2}(?::\d{2})?)?)"
    r"|(?:\d{1,2}[-/]\d{1,2}\s+\d{1,2}:\d{2})"
    # the year last: "06-12-2025, 01:40 PM" (MyBB), "12.06.2025 13:40" (European boards), "06/12/25 13:40"
    rf"|(?:\b\d{{1,2}}[-/.]\d{{1,2}}[-/.]\d{{4}}\b(?:\s*,?\s+(?:at\s+)?{_CLOCK})?)"
    rf"|(?:\b\d{{1,2}}[-/.]\d{{1,2}}[-/.]\d{{2}}\s*,?\s+{_CLOCK})"
    r"|(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*\s+\w{3}\s+\d{1,2},\s+\d{4}\s+\d{1,2}:\d{2}(?:\s*[ap]m)?)"
    # "January 2, 2023, 3:35am", "Mar 02, 2024 3:15 pm", "2 January 2023 at 10:15"
    rf"|(?:\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}(?:,?\s+(?:at\s+)?{_CLOCK})?)"
    rf"|(?:\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+\d{{4}}(?:,?\s+(?:at\s+)?{_CLOCK})?)",
    re.IGNORECASE,
)
# Boards print recent posts' times relative to now ("3 天前", "昨天 10:15", "Today, 10:15 AM",
# "5 minutes ago"), often with the absolute time in a title attribute.
RELATIVE_TIME_RE = re.compile(
    r"\d+\s*(?:秒|分钟|分鐘|小时|小時|天|周|星期|个月|個月)前|半小时前|半小時前"
    r"|(?:昨天|前天|今天)\s*\d{1,2}:\d{2}"
    rf"|\b(?:today|yesterday)\b\s*,?\s*(?:at\s+)?{_CLOCK}"  # ("Yesterday , 08:35 PM": a tag's text ends at the comma)
    # within the last week: "Saturday at 11:47 PM" (XenForo, Invision), "星期六 10:15", "周六 10:15"
    rf"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s*(?:at\s+)?{_CLOCK}"
    r"|(?:星期|周)[一二三四五六日天]\s*\d{1,2}:\d{2}"
    r"|\b(?:\d+|an?|one)\s+(?:second|minute|hour|day|week|month|year)s?\s+ago\b|\ba moment ago\b|\bjust now\b",
    re.IGNORECASE,
)
_DATE_ATTRS = ("datetime", "title", "data-time", "data-datetime")
_CLOCK_RE = re.compile(r"\d{1,2}:\d{2}")
# vBulletin, phpBB and most bulletin boards print a signature under a line of underscores
# (Usenet's "-- " habit): what follows it is the poster's signature, not the post.
_SIGNATURE = re.compile(r"(?:^|\s)_{10,}(?:\s|$)")
_DIGITS = re.compile(r"\d")
_NUMERIC = re.compile(r"[\d#\s.,:/()-]*")
_SKIP_TEXT = frozenset({"script", "style", "noscript"})
_TEXT = ".//text()[not(ancestor::script)][not(ancestor::style)][not(ancestor::noscript)]"
# Words for screen readers alone are no text either: a status "Offline" inside the avatar's link
# would be read as part of the poster's name, and that field taken for the author's. (Their
# elements are looked for once a page, and text nodes checked only on a page that has some: a
# test of every text node's ancestors in the XPath made reading a page seven times as slow, and
# looking for them under every element read nearly twice as slow.)
_SCREEN_READER = f"//*[{SCREEN_READER_ONLY}]"
_PAGES_KEPT = 4  # pages whose screen-reader elements are remembered (the page being read, mostly)
_screen_reader_cache: dict[int, tuple[lxml_html.HtmlElement, set[lxml_html.HtmlElement]]] = {}
_STYLE = "translate(@style, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ ', 'abcdefghijklmnopqrstuvwxyz')"
_VISIBLE_TEXT = (
    _TEXT + f"[not(ancestor-or-self::*[@hidden or contains({_STYLE}, 'display:none')"
    f" or contains({_STYLE}, 'visibility:hidden')])]"
)
# Characters per post an enclosing field may add to the post text and still not be the text.
LABEL_CHARS = 3
PROMPT_CHARS = 200  # longest login prompt inside a post
STATUS_CHARS = 80  # longest edit notice opening a post
_LOGIN_URL = re.compile(r"(?i)[/?&=._-](?:log_?in|logging|sign_?in|sign_?up|register|reg)(?:\b|_)")
_LOGIN_TEXT = re.compile(r"(?i)\s*(?:登录|登陆|注册|立即注册|log ?in|sign ?in|sign ?up|register)\s*")
_INLINE = frozenset({"i", "em", "span", "font", "small"})
# Share of neighbouring dates in one direction above which a field reads as the posts' times.
CHRONOLOGICAL = 0.8


def _step(el: lxml_html.HtmlElement) -> str:
    """One element of a field's path: its tag and its sorted classes (``div.a.b``)."""
    cls = ".".join(sorted((el.get("class") or "").split()))
    return el.tag + ("." + cls if cls else "")


def _shown(el: lxml_html.HtmlElement, xpath: str) -> list[str]:
    """The text nodes ``xpath`` selects in ``el``, but those inside an element for screen readers."""
    texts = el.xpath(xpath)
    marked = _screen_reader_elements(el)
    if not marked:
        return texts
    kept = []
    for text in texts:
        node = _owner(text)
        while node is not None and node not in marked and node is not el:
            node = node.getparent()
        if node is None or node not in marked:
            kept.append(text)
    return kept


def _owner(text: Any) -> lxml_html.HtmlElement:
    """The element a text node (an lxml "smart string") is the text of."""
    owner = text.getparent()
    if text.is_tail:  # the text after an element belongs to its parent
        owner = owner.getparent()
    return owner


def _screen_reader_elements(el: lxml_html.HtmlElement) -> set[lxml_html.HtmlElement]:
    root = el.getroottree().getroot()
    cached = _screen_reader_cache.get(id(root))
    if cached is None or cached[0] is not root:
        if len(_screen_reader_cache) >= _PAGES_KEPT:
            _screen_reader_cache.pop(next(iter(_screen_reader_cache)))
        # (the root is kept with its elements: while it lives, its id is no other page's)
        cached = _screen_reader_cache[id(root)] = (root, set(root.xpath(_SCREEN_READER)))
    return cached[1]


def element_text(el: lxml_html.HtmlElement) -> str:
    """Whitespace-normalised text of ``el`` without scripts and styles, text nodes joined by spaces."""
    return _joined(_shown(el, _TEXT))


def _joined(texts: list[str]) -> str:
    return normalize_space(" ".join(t.strip() for t in texts if t.strip()))


def visible_text(el: lxml_html.HtmlElement) -> str:
    """``element_text`` without what the page hides (inline ``display:none``, ``visibility:hidden``,
    the ``hidden`` attribute): Discuz!'s attachment tips ("下载附件 保存到相册 … 上传") and
    user cards sit in a post hidden until hovered, and a reader never sees them there."""
    return _joined(_shown(el, _VISIBLE_TEXT))


def _login_prompt(link: lxml_html.HtmlElement, body: lxml_html.HtmlElement) -> lxml_html.HtmlElement | None:
    """The block of ``body`` that a link to the login or sign-up page belongs to, when it is a
    notice rather than the post (at most PROMPT_CHARS of text): a board shows guests "register
    to see attachments, 您需要 登录 才可以下载或查看" inside the first post (Discuz!). Only a
    relative link is the board's own: a poster's link to another site's sign-up page is absolute."""
    href = (link.get("href") or "").strip()
    if not href or "//" in href or href.startswith(("#", "javascript:")):
        return None
    if not (_LOGIN_URL.search("/" + href) or _LOGIN_TEXT.fullmatch(element_text(link))):
        return None
    block = None
    el = link
    while el is not None and el is not body:
        if len(element_text(el)) > PROMPT_CHARS:
            break
        block = el
        el = el.getparent()
    return block if block is not None and block is not link else None


def _status_lines(body: lxml_html.HtmlElement) -> list[lxml_html.HtmlElement]:
    """Short dated lines that open or close the post body in an inline element of their own: an
    edit notice, which some boards put inside the message ("本帖最后由 X 于 2018-10-4 19:28 编辑"
    first, Discuz!; "Edited 7 hours ago by X" last, Invision)."""
    if not len(body):
        return []
    ends = []
    if not (body.text or "").strip():
        ends.append(body[0])
    if not (body[-1].tail or "").strip() and body[-1] is not body[0]:
        ends.append(body[-1])
    found = []
    for end in ends:
        if not isinstance(end.tag, str) or end.tag not in _INLINE:
            continue
        text = element_text(end)
        rest = len(element_text(body)) - len(text)
        if text and len(text) <= STATUS_CHARS and has_date(text) and rest > 0:
            found.append(end)
    return found


def post_text(body: lxml_html.HtmlElement) -> str:
    """``visible_text`` of a post body without the board's own notices in it: a login prompt and
    an opening or closing edit notice (see :func:`_login_prompt`, :func:`_status_lines`)."""
    noise = [block for a in body.iter("a") if (block := _login_prompt(a, body)) is not None]
    noise.extend(_status_lines(body))
    if not noise:
        return visible_text(body)
    nodes = [n for block in noise for n in block.iter()]  # kept alive: a proxy's id is its own while it lives
    skip = {id(n) for n in nodes}
    kept = []
    for text in _shown(body, _VISIBLE_TEXT):
        if id(_owner(text)) not in skip:
            kept.append(text)
    return _joined(kept) or visible_text(body)  # a post that is all notice stays as shown


def unquoted_text(el: lxml_html.HtmlElement) -> str:
    """``element_text`` without the quotations inside ``el``: a quoted post brings its own
    author and date, which say nothing about the element quoting it."""
    text = element_text(el)
    for quote in el.iter("blockquote", "q"):
        text = text.replace(element_text(quote), " ", 1)
    return normalize_space(text)


def has_date(text: str) -> bool:
    return bool(TIME_RE.search(text) or RELATIVE_TIME_RE.search(text))


def _attr_time(elements: list[lxml_html.HtmlElement], exclude: set[int]) -> str | None:
    """The first absolute date in a ``datetime`` or ``title`` attribute (a relative time's
    tooltip, a ``<time>`` element), outside the nodes in ``exclude``."""
    for root in elements:
        for el in root.iter():
            if not isinstance(el.tag, str) or id(el) in exclude:
                continue
            for attr in _DATE_ATTRS:
                value = el.get(attr)
                if value and (m := TIME_RE.search(value)):
                    return m.group(0)
    return None


def _exact_time(elements: list[lxml_html.HtmlElement], shown: str, exclude: set[int]) -> str | None:
    """The date-time with a clock in a date attribute of the element that shows the date ``shown``
    (its text is that date and little more): ``<time datetime="2025-01-05T14:32:00">Jan 5, 2025</time>``."""
    for root in elements:
        for el in root.iter():
            if not isinstance(el.tag, str) or id(el) in exclude:
                continue
            text = normalize_space(el.text_content())
            if shown not in text or len(text) > len(shown) + 12:
                continue
            for attr in _DATE_ATTRS:
                value = el.get(attr)
                if value and (m := TIME_RE.search(value)) and _CLOCK_RE.search(m.group(0)):
                    return m.group(0)
    return None


def record_time(
    elements: list[lxml_html.HtmlElement], skip_text: str = "", exclude: set[int] | None = None
) -> str | None:
    """When a post was written: the first absolute date in the text (without ``skip_text``,
    the post body), else in a date attribute (outside ``exclude``), else a relative time."""
    text = " ".join(element_text(e) for e in elements)
    if skip_text:
        text = text.replace(skip_text, " ")
    if m := TIME_RE.search(text):
        shown = m.group(0)
        # A date without its time ("Jan 5, 2025") whose element carries the exact time in an attribute.
        return shown if _CLOCK_RE.search(shown) else _exact_time(elements, shown, exclude or set()) or shown
    if found := _attr_time(elements, exclude or set()):
        return found
    m = RELATIVE_TIME_RE.search(text)
    return m.group(0) if m else None


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
    for paths in per_record:
        for p, els in paths.items():
            # scored on what a post's text keeps: signatures are cut off it (extract_posts)
            texts[p].append(_SIGNATURE.split(" ".join(element_text(e) for e in els), 1)[0])
            # (or in a date attribute: Vanilla shows "March 27", the year and time only in a
            # ``<time datetime>``, and a record's whole box then read as its text)
            dated[p] += has_date(" ".join(unquoted_text(e) for e in els)) or _attr_time(els, set()) is not None
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
    text: str


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
        text = " ".join(post_text(e) for e in elements) if path == content else _main_text(elements)
        author = None
        if fields.author and (key := _find(paths, fields.author)):
            author = element_text(paths[key][0]) or None
        if fields.time and (key := _find(paths, fields.time)):
            when = record_time(paths[key])
        else:
            body = [node for e in elements for node in e.iter()] if path else []  # kept alive for their ids
            when = record_time(rec.elements, text, {id(node) for node in body})
        text = _SIGNATURE.split(normalize_space(text), 1)[0].strip()
        out.append(PostRecord(_post_id(rec), author, when, text))
    return out


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


@dataclass
class _Thread:
    title: str | None
    board: str | None
    last_page: int = 1
    pages: dict[int, tuple[str, list[PostRecord]]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class AssembledPost:
    thread_url: str
    thread_title: str | None
    board: str | None
    page_url: str
    page_number: int
    position: int
    post: PostRecord


class ThreadAssembler:
    """Collects thread pages; hands out a thread's posts, numbered, once all its pages are in."""

    def __init__(self) -> None:
        self.threads: dict[str, _Thread] = {}

    def add(
        self,
        thread_url: str,
        page_number: int,
        page_url: str,
        posts: list[PostRecord],
        *,
        last_page: int,
        title: str | None,
        board: str | None,
    ) -> list[AssembledPost]:
        t = self.threads.setdefault(thread_url, _Thread(title, board))
        t.title = t.title or title
        t.board = t.board or board
        t.last_page = max(t.last_page, last_page, page_number)
        if page_number in t.pages:
            return []  # the same page under another URL
        t.pages[page_number] = (page_url, posts)
        return self._emit_if_whole(thread_url)

    def merge(self, alias: str, thread_url: str) -> list[AssembledPost]:
        """The pages held under ``alias``, another URL of ``thread_url``'s first page (a later
        page entered directly names its first page as its pager links it), moved to
        ``thread_url``; its posts, numbered, if that completes it."""
        t = self.threads.pop(alias, None)
        if t is None:
            return []
        into = self.threads.setdefault(thread_url, _Thread(t.title, t.board))
        into.title = into.title or t.title
        into.board = into.board or t.board
        into.last_page = max(into.last_page, t.last_page)
        for n, page in t.pages.items():
            into.pages.setdefault(n, page)
        return self._emit_if_whole(thread_url)

    def _emit_if_whole(self, thread_url: str) -> list[AssembledPost]:
        """The thread's posts, numbered, once it has every page up to its last; else nothing yet."""
        t = self.threads[thread_url]
        if all(p in t.pages for p in range(1, t.last_page + 1)):
            return self._emit(thread_url)
        return []

    def drop_page(self, thread_url: str, page_number: int) -> None:
        """Forget a page of a thread still waiting for its other pages (it is to be read again)."""
        if (t := self.threads.get(thread_url)) is not None:
            t.pages.pop(page_number, None)

    def flush(self) -> list[AssembledPost]:
        """Whatever is left (threads with pages missing), numbered as well as can be."""
        out = []
        for url in list(self.threads):
            out.extend(self._emit(url))
        return out

    def _emit(self, thread_url: str) -> list[AssembledPost]:
        t = self.threads.pop(thread_url)
        full = max((len(p[1]) for n, p in t.pages.items() if n < t.last_page), default=0)
        out = []
        position = 0
        for n in sorted(t.pages):
            page_url, posts = t.pages[n]
            if n - 1 not in t.pages and n > 1 and full:
                position = (n - 1) * full  # a missing page before this one
            for post in posts:
                position += 1
                out.append(AssembledPost(thread_url, t.title, t.board, page_url, n, position, post))
        return out

    def __len__(self) -> int:
        return len(self.threads)
