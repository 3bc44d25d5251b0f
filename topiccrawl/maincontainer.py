"""Keep the paragraphs of an extracted main text that lie in the page's main container.

trafilatura finds an article's body well but lets some of the page's other text through,
most of it after the body: reader comments ("目前没有热门跟贴" and the comments under it on
163.com), a "推荐新闻" list, the footer's "违法和不良信息举报电话" and copyright lines (sina.com.cn).
Those paragraphs live outside the element that holds the body. So each paragraph is traced
back to the element its text comes from, and the deepest element holding at least
:data:`MAIN_SHARE` of the traced text is taken as the main container; paragraphs traced
outside it are dropped. At most ``1 - MAIN_SHARE`` of the text can go this way, and a page
whose text is spread over several containers (an article cut by figures, a page of many
short items) keeps its whole text: their common ancestor is the container.

Pure functions over an lxml tree; no Scrapy.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Sequence

from lxml import html as lxml_html

MAIN_SHARE = 0.9
_PROSE_CHARS = 12
_PROSE_WORDS = 8
_HEADLINE_CHARS = 4
_CJK_SENTENCE = re.compile(r"[。！？；，]")
_LATIN_SENTENCE = re.compile(r"\w[.!?;,][\"'”’)]?(?:\s|$)")
# A paragraph is traced by its first characters (whitespace left out): enough to be specific.
_PROBE_CHARS = 16
_SPACE = re.compile(r"\s+")
# trafilatura's markers: "- " for list items, "| " between table cells.
_MARKER = re.compile(r"^(?:[-*•]\s+|\|\s*)")
_SKIP = frozenset({"script", "style", "noscript", "template"})


class _PageText:
    """The page's text nodes run together without whitespace, and the element each character
    belongs to: a paragraph is found wherever its text starts, whatever elements it spans
    ("【 <a>军事</a> 】 …") and however the extractor spaced it."""

    def __init__(self, root: lxml_html.HtmlElement) -> None:
        parts: list[str] = []
        self.owners: list[lxml_html.HtmlElement] = []
        self.starts: list[int] = []
        size = 0
        for el in root.iter():
            if not isinstance(el.tag, str) or el.tag in _SKIP:
                continue
            parent = el.getparent()
            for text, owner in ((el.text, el), (el.tail, parent)):
                if not text or owner is None or owner.tag in _SKIP or not (t := _SPACE.sub("", text)):
                    continue
                parts.append(t)
                self.owners.append(owner)
                self.starts.append(size)
                size += len(t)
        self.text = "".join(parts)

    def find(self, paragraph: str, start: int) -> tuple[lxml_html.HtmlElement | None, int]:
        """The element where ``paragraph`` begins, searching from character ``start`` on, and
        where the next search may start (paragraphs come in document order)."""
        probe = _SPACE.sub("", _MARKER.sub("", paragraph))[:_PROBE_CHARS]
        pos = self.text.find(probe, start) if probe else -1
        if pos < 0:
            return None, start
        return self.owners[bisect_right(self.starts, pos) - 1], pos + len(probe)


def is_prose(paragraph: str) -> bool:
    """Whether a paragraph reads as running text: long enough, with a sentence's punctuation.
    Link lists ("【 财经 】 马云：…"), headings and footer lines ("Copyright © …") do not; only
    prose places the main container, though every traced paragraph outside it goes."""
    if len(paragraph) < _PROSE_CHARS:
        return False
    if _CJK_SENTENCE.search(paragraph):
        return True
    return bool(_LATIN_SENTENCE.search(paragraph)) and len(paragraph.split()) >= _PROSE_WORDS


def main_paragraphs(
    root: lxml_html.HtmlElement, paragraphs: Sequence[str], *, headline: str = "", share: float = MAIN_SHARE
) -> list[str]:
    """``paragraphs`` (extracted from the page ``root``, in document order) without those that
    lie outside the main container, but for the article's ``headline`` (its title), which
    pages print above the body's element and which belongs to the article all the same."""
    page = _PageText(root)
    owners: list[lxml_html.HtmlElement | None] = []
    start = 0
    for p in paragraphs:
        owner, after = page.find(p, start)
        if owner is None:  # out of order (a headline repeated above the body): search from the top
            owner, _ = page.find(p, 0)
        else:
            start = after
        owners.append(owner)
    weight: dict[lxml_html.HtmlElement, int] = defaultdict(int)
    depth: dict[lxml_html.HtmlElement, int] = {}
    total = 0
    for p, owner in zip(paragraphs, owners, strict=True):
        if owner is None or not is_prose(p):
            continue
        total += len(p)
        chain = [owner, *owner.iterancestors()]
        for d, el in enumerate(reversed(chain)):
            weight[el] += len(p)
            depth[el] = d
    if not total:
        return list(paragraphs)
    box = max((el for el, w in weight.items() if w >= share * total), key=lambda el: depth[el])
    inside = [None if o is None else o is box or any(a is box for a in o.iterancestors()) for o in owners]
    # A paragraph that cannot be traced (its text rewritten by the extractor) goes with the
    # traced paragraph before it, or the first traced one when it comes before them all.
    first = next((flag for flag in inside if flag is not None), True)
    kept, keep = [], first
    for p, flag in zip(paragraphs, inside, strict=True):
        keep = keep if flag is None else flag
        if keep or _is_headline(p, headline):
            kept.append(p)
    return kept


def _is_headline(paragraph: str, headline: str) -> bool:
    return (
        len(headline) >= _HEADLINE_CHARS
        and (headline in paragraph or paragraph in headline)
        and (len(paragraph) <= 2 * len(headline))
    )
