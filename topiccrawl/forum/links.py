"""URLs of forum links: canonical form, URL patterns, and page-flipping detection.

* :func:`canonicalize` drops fragments, session-id parameters and parameters that
  carry the referring page's query (``extra=page%3D2``), and sorts the query
  (parameter order carries no meaning, and servers, proxies and middlewares
  reorder it), so one page is one URL (session ids are recognised by name, or by a
  long hex value).
* :func:`url_pattern` is a URL's *shape*: digits masked, query keys sorted, other
  values masked; once a pattern is known to lead to a page type, new links are
  classified by pattern before fetching (the idea behind iRobot and FoCUS).
* :func:`page_flip` decides whether a link is a page-flipping link of the current
  page: its URL equals the current URL except for one number (``thread-5-2-1.html``
  vs ``thread-5-1-1.html``), or adds one parameter/segment holding a number
  (``viewtopic.php?t=5`` to ``...&start=20``), and its anchor is a page number or
  a 'next'/'下一页' word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from difflib import SequenceMatcher
from itertools import combinations
from urllib.parse import parse_qsl, quote, unquote_plus, urlsplit, urlunsplit

SESSION_PARAMS = frozenset({"sid", "s", "sessionid", "session_id", "phpsessid", "jsessionid", "sessid", "formhash"})
_QUERY_SAFE = "!$%&'()*+,/:;=?@[]~"  # kept as written in a query: reserved characters and escapes
_ESCAPED_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_NUMBERS = re.compile(r"\d+(?:[.,:_-]\d+)+")
_HEXLIKE = re.compile(r"[0-9a-f]{16,}", re.IGNORECASE)
_NESTED_QUERY = re.compile(r"[A-Za-z_][\w.\[\]-]*=[^&=/?#:\s]*(?:&[A-Za-z_][\w.\[\]-]*=[^&=/?#:\s]*)*")
_TOKEN = re.compile(r"\d+|\D+")
_NUMBER_TEXT = re.compile(r"\s*[\[(]?\s*(\d{1,5})\s*[\])]?\s*")
NEXT_WORDS = frozenset(
    [
        "下一页",
        "下页",
        "后页",
        "下一頁",
        "next",
        "next›",
        "next»",
        "nextpage",
        "›",
        "»",
        ">",
        ">>",
        "››",
        "下一页»",
        "下一页>",
        "»»",
    ]
)
PREV_WORDS = frozenset(["上一页", "上页", "前页", "上一頁", "prev", "previous", "prevpage", "previouspage"])
ARROWS = "«»‹›<>|←→"  # decoration around pager words ("最后一页 »", "« 上一页")
LAST_WORDS = frozenset(["末页", "尾页", "最后一页", "last", "last»", "»|", "..."])


def _is_session(name: str, value: str) -> bool:
    return name.lower() in SESSION_PARAMS or (bool(_HEXLIKE.fullmatch(value)) and len(value) >= 24)


def _is_came_from(value: str) -> bool:
    """Whether a (decoded) query value is itself a query string: the state of the page a link
    was found on, as Discuz!'s ``extra=page%3D2%26filter%3Dtypeid``. It names no resource (the
    server ignores it for what it shows), yet makes one thread a new URL on every list page,
    sort and filter view that links it."""
    return bool(_NESTED_QUERY.fullmatch(value))


def canonicalize(url: str) -> str:
    """The URL without fragment, session-id and came-from parameters, its query sorted by key.

    Query parameters keep their bytes as written: a value percent-encoded in GBK or Big5
    (``kw=%C0%BA%C7%F2``, common on Chinese sites) is not UTF-8 (decoded as such it would be
    U+FFFD and another URL), and a reserved character written plainly is not the same as its
    escape to every server (``topic=5.0;all`` is not ``topic=5.0%3Ball`` to SMF)."""
    parts = urlsplit(url)
    kept = []
    for piece in parts.query.split("&"):
        # SMF and other boards separate parameters by ';' as well (index.php?topic=5.0;all): a
        # session id there goes, and the rest keeps its separators (';' is no '%3B' to them)
        subs = [sub for sub in piece.split(";") if sub and not _is_session(*_decoded(sub))]
        if subs and not _is_came_from(_decoded(subs[0])[1]):
            kept.append(quote(";".join(subs), safe=_QUERY_SAFE))  # (a raw non-ASCII character as UTF-8)
    query = "&".join(sorted(kept, key=lambda piece: _decoded(piece)[0]))
    path = parts.path.split(";jsessionid=", 1)[0]
    return urlunsplit((parts.scheme, parts.netloc.lower(), path or "/", query, ""))


def narrower_queries(url: str, most: int = 3, longest: int = 8) -> Iterator[str]:
    """``url`` (canonical: :func:`canonicalize`) with some of its query's parameters left out,
    up to ``most`` at once, fewest first: the pages that a filtered or sorted view of a page
    (``read.php?tid=5&uid=7&ordertype=desc``, ``/p/5?see_lz=1``) shows again. Nothing for a query
    of more than ``longest`` parameters (a search's, whose subsets name no page)."""
    parts = urlsplit(url)
    pieces = [piece for piece in parts.query.split("&") if piece]
    if len(pieces) > longest:
        return
    for size in range(1, min(most, len(pieces)) + 1):
        for left_out in combinations(range(len(pieces)), size):
            query = "&".join(piece for i, piece in enumerate(pieces) if i not in left_out)
            yield urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


def _decoded(piece: str) -> tuple[str, str]:
    """A raw ``key=value`` query piece, decoded (undecodable bytes as surrogates)."""
    key, _, value = piece.partition("=")
    return unquote_plus(key, errors="surrogateescape"), unquote_plus(value, errors="surrogateescape")


def url_pattern(url: str) -> str:
    """The shape of a URL: host, path with digit runs and escaped text masked (a slug of Chinese
    words is ``%``), sorted query keys (split at ``;`` too) with masked values."""
    parts = urlsplit(url)
    path = re.sub(r"\d+", r"\\d", _ESCAPED_RUN.sub("%", parts.path or "/"))
    keys = []
    for piece in re.split(r"[&;]", parts.query):
        k, v = _decoded(piece)
        if piece and not _is_session(k, v):
            keys.append(f"{k}=" + _masked_value(v))
    return parts.netloc.lower() + path + ("?" + "&".join(sorted(keys)) if keys else "")


def _masked_value(value: str) -> str:
    """``\\d`` for a number, the digits masked in numbers joined by punctuation (``2.20``, an
    SMF board's offset, is ``\\d.\\d``), ``*`` for anything else."""
    if value.isdigit():
        return "\\d"
    if _NUMBERS.fullmatch(value):
        return re.sub(r"\d+", r"\\d", value)
    return "*" if value else ""


_WORD = re.compile(r"[^\W\d_]{2,}")
_EXTENSIONS = frozenset({"html", "htm", "shtml", "php", "asp", "aspx", "jsp", "cgi"})


def pattern_shape(pattern: str) -> str:
    """A URL pattern (:func:`url_pattern`) with title slugs masked: a path segment of three
    words or more joined by dashes or underscores (``/threads/how-to-fix-it.5/``) becomes ``*``,
    so that every thread of a board that puts titles in its URLs has one shape. Only for
    telling links of one slot apart (a title beside a prefix filter), never for deciding a
    pattern site-wide: one sample of a shape says little about the threads it stands for."""
    path, sep, query = pattern.partition("?")
    segments = path.split("/")
    for i, seg in enumerate(segments[1:], 1):
        words = [w for w in _WORD.findall(seg) if w.lower() not in _EXTENSIONS]
        if len(words) >= 3 and re.search(r"[-_]", seg):
            segments[i] = "*"
    return "/".join(segments) + sep + query


@dataclass(frozen=True, slots=True)
class PageFlip:
    key: str  # the URL with the page component replaced by "{}": one key per paged sequence
    value: int  # the page component's value (a page number or an offset)
    inserted: bool  # the current URL has no page component (it is the first page)


def _tokens(url: str) -> list[str]:
    parts = urlsplit(url)
    return _TOKEN.findall(parts.path + ("?" + parts.query if parts.query else ""))


def flip_text(text: str) -> int | str | None:
    """A page number (int), "next"/"last"/"prev", or None when the anchor is not pager-like."""
    # Pager words come decorated with arrows ("最后一页 »", "« 上一页", "next >"): strip them.
    t = text.strip().lower().replace(" ", "")
    bare = t.strip(ARROWS)
    if bare and bare != t:
        value = flip_text(bare)
        if value is not None:
            return value
    m = _NUMBER_TEXT.fullmatch(t)
    if m:
        return int(m.group(1))
    if t in NEXT_WORDS or _led_by(t, ("下一页", "next")):
        return "next"
    if t in LAST_WORDS or _led_by(t, ("末页", "尾页")):
        return "last"
    if t in PREV_WORDS or _led_by(t, ("上一页", "previous")):
        return "prev"
    return None


def _led_by(text: str, words: tuple[str, ...]) -> bool:
    """Whether ``text`` is one of ``words`` decorated ("next page", "下一页 >>", "next (2)"), not a
    title that starts with one ("Nextcloud behind a proxy")."""
    for word in words:
        if text.startswith(word):
            rest = text[len(word) :].strip(ARROWS + ".:()[]-_ ")
            if rest in {"", "page", "页", "頁"} or rest.isdigit():
                return True
    return False


def page_flip(current: str, link: str, anchor: str) -> PageFlip | None:  # noqa: PLR0911 - one return per case
    """A :class:`PageFlip` when ``link`` flips the pages of ``current`` (both canonical)."""
    if flip_text(anchor) is None:
        return None
    cur, new = urlsplit(current), urlsplit(link)
    if cur.netloc != new.netloc or current == link:
        return None
    if cur.path == new.path and cur.query != new.query:
        shown = flip_text(anchor)
        flip = _query_flip(cur.query, new.query, shown if isinstance(shown, int) else None)
        if flip is not None:
            key, value, inserted = flip
            return PageFlip(urlunsplit(("", "", new.path, key, "")), value, inserted)
    a, b = _tokens(current), _tokens(link)
    ops = [op for op in SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(ops) != 1:
        return _spliced_flip(current, link, anchor)
    tag, i1, i2, j1, j2 = ops[0]
    if tag == "replace" and i2 - i1 == 1 and j2 - j1 == 1 and a[i1].isdigit() and b[j1].isdigit():
        key = "".join(b[:j1]) + "{}" + "".join(b[j2:])
        return PageFlip(key, int(b[j1]), inserted=False)
    if tag == "insert":
        added = b[j1:j2]
        digits = [t for t in added if t.isdigit()]
        words = "".join(t for t in added if not t.isdigit())
        # One number plus a short connector: "&start=", "/page/", "_", "-".
        if len(digits) == 1 and len(words) <= 12:
            idx = j1 + next(i for i, t in enumerate(added) if t.isdigit())
            key = "".join(b[:idx]) + "{}" + "".join(b[idx + 1 :])
            return PageFlip(key, int(b[idx]), inserted=True)
    return _spliced_flip(current, link, anchor)


def _spliced_flip(current: str, link: str, anchor: str) -> PageFlip | None:  # noqa: PLR0911 - one return per case
    """A flip that splices a page component into the URL, or cuts it out, where the
    component does not stand apart as whole tokens: ``/threads/x.5/`` to ``/threads/x.5/page-2``
    (XenForo), ``/threads/5-title`` to ``/threads/5-title/page2`` (vBulletin 4),
    ``/topic/slug/`` to ``/topic/slug/page/2/`` (bbPress, Invision). The splice is one number
    and at most 12 other characters, not glued to a digit, and a numbered anchor must name
    that number (a thread's reply count links a URL one number longer too)."""
    a, b = _tail(current), _tail(link)
    shorter, longer = (a, b) if len(a) < len(b) else (b, a)
    start = _shared(shorter, longer)
    end = _shared(shorter[start:][::-1], longer[start:][::-1])
    if shorter[start : len(shorter) - end]:
        return None  # something was replaced, not only spliced in
    splice = longer[start : len(longer) - end]
    digits = re.findall(r"\d+", splice)
    if len(digits) != 1 or len(splice) - len(digits[0]) > 12:
        return None
    at = start + splice.index(digits[0])
    if (at and longer[at - 1].isdigit()) or longer[at + len(digits[0]) : at + len(digits[0]) + 1].isdigit():
        return None
    value = int(digits[0])
    shown = flip_text(anchor)
    if longer is b:  # the link adds the component: from the first page onwards
        if shown == "prev" or (isinstance(shown, int) and shown != value):
            return None
        return PageFlip(longer[:at] + "{}" + longer[at + len(digits[0]) :], value, inserted=True)
    if shown not in (1, "prev"):
        return None  # the link drops the component: back to the first page
    return PageFlip(longer[:at] + "{}" + longer[at + len(digits[0]) :], 1, inserted=False)


def _shared(a: str, b: str) -> int:
    """Length of the common prefix of ``a`` and ``b``."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _tail(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


PAGE_WORDS = frozenset({"e", "end", "last"})  # query values naming a sequence's last page


def _page_word(here: str | None, there: str | None) -> bool:
    """Whether a query value ``here`` names the last page by a word where the link names a page
    by number."""
    return bool(here and there and here.lower() in PAGE_WORDS and there.isdigit())


def _query_flip(  # noqa: PLR0911 - one return per case
    current: str, link: str, shown: int | None = None
) -> tuple[str, int, bool] | None:
    """Compare queries as parameter sets, not text (their order means nothing): a flip
    changes, adds or drops one numeric parameter; the others stay, except that up to two
    non-numeric ones may come or go with it (``&order=desc`` added beside ``&page=2``,
    dropped again on the way back to page 1). Returns the sequence key (the fuller query
    with the page value as "{}"), the value (1 when dropped), and whether it was added.

    Several numeric parameters changed at once (PHPWind's ``&fpage=0&toread=&page=2`` from
    ``read.php?tid=5&fpage=2``, the board page to go back to reset beside the page number) flip
    by the one whose value the anchor shows (``shown``), or, for a 'next' link, the only one that
    is not 0, when the others are all set to 0: a link adding an id and a number (Invision's
    ``?comment=5&reaction=1``, anchored by its count) flips nothing."""
    a = parse_qsl(current, keep_blank_values=True)
    b = parse_qsl(link, keep_blank_values=True)
    da, db = dict(a), dict(b)
    if len(da) != len(a) or len(db) != len(b):
        return None
    numeric = [
        k
        for k in dict.fromkeys([*da, *db])
        if da.get(k) != db.get(k) and ((da.get(k) or db.get(k) or "").isdigit() or _page_word(da.get(k), db.get(k)))
    ]
    zeroed: list[str] = []
    if len(numeric) > 1:
        paging = [k for k in numeric if db.get(k, "").isdigit() and (int(db[k]) == shown if shown else int(db[k]) > 0)]
        rest = [k for k in numeric if k not in paging]
        if len(paging) == 1 and all(db.get(k, "").isdigit() and int(db[k]) == 0 for k in rest):
            numeric, zeroed = paging, rest
    others = [k for k in dict.fromkeys([*da, *db]) if da.get(k) != db.get(k) and k not in numeric + zeroed]
    if len(numeric) != 1 or len(others) > 2 or any(k in da and k in db for k in others):
        return None  # a changed non-numeric value (sort=title) is another view, not a page
    name = numeric[0]
    if name in db and not db[name].isdigit():
        return None
    if name in da and not da[name].isdigit():
        # (a page named by a word, PHPWind's and NGA's last page '&page=e', flips to numbered
        # pages like any other: its own number is the one its pager does not link)
        if not _page_word(da[name], db.get(name)):
            return None
        key = "&".join(f"{k}={{}}" if k == name else f"{k}={v}" for k, v in b)
        return key, int(db[name]), False
    if name not in db:  # back to the first page, which has no page parameter
        if any(k in db for k in others):
            return None
        return "&".join(f"{k}={{}}" if k == name else f"{k}={v}" for k, v in a), 1, False
    if (name in da and others) or any(k in da for k in others):
        return None  # dropping a parameter (goto=newpost) while paging: another view's pager
    key = "&".join(f"{k}={{}}" if k == name else f"{k}={v}" for k, v in b)
    return key, int(db[name]), name not in da
