"""Text nodes joined as a reader sees them laid out.

``" ".join(el.itertext())`` puts a space wherever markup splits the text: ``<b>小区</b>：两居室``
becomes "小区 ：两居室", ``<a>docs</a>.`` becomes "docs .", a mention ``@<a>ann</a>`` "@ ann".
Joining the nodes with nothing is no better: a browser shows a space where the source has
whitespace or a block or a line break separates two nodes, and a stylesheet often sets inline
elements apart as well (phpBB's quote header ``<cite>ann wrote: <a>↑</a><span>Fri Jul 19</span>``),
which a crawler cannot see. So where two nodes touch in the markup, they are glued when that
cannot split a word in a script that spaces its words: when either side is CJK (Chinese and
Japanese put no spaces between words, so markup inside a sentence never means one) or
punctuation that hugs its word (``docs.``, ``@ann``, ``e-mail``); two Latin letters or digits
that touch only through markup get a space, as their stylesheet most likely gives them one.
"""

from __future__ import annotations

from typing import Any

from lxml import html as lxml_html

from topiccrawl.textutil import normalize_space

BLOCK_TAGS = frozenset(
    (  # noqa: SIM905 (a word list reads better than 47 quoted strings)
        "address article aside blockquote br center dd details dialog div dl dt fieldset figcaption figure "
        "footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th "
        "thead tr ul img video audio iframe"
    ).split()
)
_CLOSING = frozenset(".,;:!?)]}%'\"-/_»”’…")  # punctuation that follows its word without a space
_OPENING = frozenset("([{@#$'\"-/_«“‘")  # and that precedes it
_CJK_FROM = 0x2E80  # CJK radicals, kana, ideographs, Hangul, full-width forms all come after


def rendered(el: lxml_html.HtmlElement, texts: list[Any]) -> str:
    """The text nodes ``texts`` of ``el`` (lxml smart strings, in document order, a subset of its
    text), joined as laid out (see the module's docstring) and whitespace-normalised."""
    holders = [text.getparent() for text in texts]  # kept alive: a proxy's id is its own while it lives
    wanted = {(id(holder), text.is_tail) for holder, text in zip(holders, texts, strict=True)}
    out: list[str] = []
    stack: list[tuple[Any, str]] = [(el, "open")]
    while stack:
        node, step = stack.pop()
        if step == "tail":
            _add(out, node.tail)
        elif step == "close":
            if node.tag in BLOCK_TAGS:
                out.append(" ")
        else:
            if node.tag in BLOCK_TAGS:
                out.append(" ")
            if (id(node), False) in wanted:
                _add(out, node.text)
            stack.append((node, "close"))
            for child in reversed(node):
                if (id(child), True) in wanted:
                    stack.append((child, "tail"))
                if isinstance(child.tag, str):
                    stack.append((child, "open"))
    return normalize_space("".join(out))


def _add(out: list[str], text: str) -> None:
    if not text:
        return
    if out and out[-1] and not out[-1][-1].isspace() and not text[0].isspace():
        out.append(glue(out[-1][-1], text[0]))
    out.append(text)


def glue(before: str, after: str) -> str:
    """What goes between the characters ``before`` and ``after`` of two text nodes that touch in
    the markup: nothing, or a space."""
    if ord(before) >= _CJK_FROM or ord(after) >= _CJK_FROM or after in _CLOSING or before in _OPENING:
        return ""
    return " "
