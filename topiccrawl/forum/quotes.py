"""Quotations inside a post body: the earlier posts a reply quotes.

A reply that quotes another post carries that post's words (and often its poster's name and
date) inside its own body. Left in the reply's text they count twice in a dataset (once in the
post that wrote them, once in each post that quotes them) and put another poster's words under
this one's name. Boards mark quotations up in a few ways, which this module knows by their
markup rather than by board:

- a ``blockquote`` (phpBB, XenForo, Invision, SMF, MyBB, NodeBB, Vanilla; Discuz! wraps one in
  ``div.quote``);
- a block whose class names a quote: Discuz!'s and NGA's ``div.quote``, vBulletin 4's
  ``div.bbcode_quote``, Discourse's ``aside.quote``, PHPWind's ``div.blockquote``, Douban's
  ``div.reply-quote``;
- a block opened by a bare 'Quote:' label, with the quotation after it (vBulletin 3 prints
  ``<div class="smallfont">Quote:</div>`` above a table holding the quoted post).

An inline ``<q>`` is the poster's own sentence quoting a phrase, and stays in the text. A
block that holds no text of its own outside links (a 'Quote' button styled as a quote) is no
quotation either.
"""

from __future__ import annotations

import re

from lxml import html as lxml_html

from topiccrawl.textutil import LINKLESS_TEXT

_BLOCKS = frozenset({"blockquote", "div", "aside", "section", "table", "td", "fieldset", "figure"})
# A class token that names a quotation ('quote', 'bbcode_quote', 'reply-quote', 'quotebox'), not a
# control that makes one ('js-selectToQuote' on XenForo's whole post, 'multiquote', 'quote-btn').
_QUOTE_CLASS = re.compile(
    r"(?i)(?:^|\s)(?:\S*?(?<!to)(?<!multi)quote|quote[-_]?(?:box|block|content|container|wrap))(?:\s|$)"
)
_LABEL = re.compile(r"(?i)\s*(?:quote|quotation|引用|引述|引言)\s*[:：]?\s*")
LABEL_CHARS = 12  # longest 'Quote:' label


def quotations(body: lxml_html.HtmlElement) -> list[lxml_html.HtmlElement]:
    """The outermost quotations inside ``body`` (not ``body`` itself), in document order."""
    found: list[lxml_html.HtmlElement] = []
    stack = [kid for kid in reversed(body) if isinstance(kid.tag, str)]
    while stack:
        el = stack.pop()
        if el.tag in _BLOCKS and _is_quotation(el):
            found.append(el)  # (and not what it holds: a quotation's quotations are its own)
            continue
        stack.extend(kid for kid in reversed(el) if isinstance(kid.tag, str))
    return found


def _is_quotation(el: lxml_html.HtmlElement) -> bool:
    if el.tag == "blockquote" or _QUOTE_CLASS.search(el.get("class") or ""):
        return _own_text(el)
    label = _first_child(el)
    if label is None or label.tag in _BLOCKS - {"div"} or len(el) < 2:
        return False
    text = label.text_content()
    return len(text) <= LABEL_CHARS and bool(_LABEL.fullmatch(text)) and _own_text(el, after=label)


def _first_child(el: lxml_html.HtmlElement) -> lxml_html.HtmlElement | None:
    if (el.text or "").strip():
        return None
    for kid in el:
        if isinstance(kid.tag, str):
            return kid
        if (kid.tail or "").strip():
            return None
    return None


def _own_text(el: lxml_html.HtmlElement, after: lxml_html.HtmlElement | None = None) -> bool:
    """Whether ``el`` holds text outside links (and outside its label ``after``, if given)."""
    for text in el.xpath(LINKLESS_TEXT):
        owner = text.getparent()
        if text.is_tail:  # the text after an element belongs to its parent
            owner = owner.getparent()
        if after is None or (owner is not after and not any(node is after for node in owner.iterancestors())):
            return True
    return False
