"""Markup that a page ships inside HTML comments, for its scripts to insert (BigPipe pagelets).

Baidu Tieba serves a board's thread list, with its pager, as
``<code class="pagelet_html" id="pagelet_html_frs-list/pagelet/thread_list"
style="display:none;"><!-- <div>…<ul id="thread_list">…</ul>…</div> --></code>`` and a
script moves it into the page; a saved page shows it in place, but what a crawler downloads
holds the whole list in a comment, where no parser looks. So a comment that is the content of
a ``<code>`` element and holds markup is parsed into the tree in its place. Other comments
(conditional comments, commented-out links, notes) stay comments.

Pure functions over lxml trees; no Scrapy.
"""

from __future__ import annotations

import re

from lxml import etree
from lxml import html as lxml_html

_MARKUP = re.compile(r"<[a-zA-Z][^>]*>")


def expand_pagelets(root: lxml_html.HtmlElement) -> int:
    """Replace, in place, each comment holding markup that is all a ``<code>`` element holds
    (whitespace aside) by the elements it holds. Returns how many comments were expanded."""
    expanded = 0
    for code in list(root.iter("code")):
        children = list(code)
        if not children or (code.text or "").strip() or any(not _is_comment(c) for c in children):
            continue
        for comment in children:
            if (comment.tail or "").strip() or not _MARKUP.search(comment.text or ""):
                continue
            _replace(code, comment)
            expanded += 1
    return expanded


def _is_comment(node: object) -> bool:
    return getattr(node, "tag", None) is etree.Comment


def _replace(parent: lxml_html.HtmlElement, comment: etree._Comment) -> None:
    try:
        parts = lxml_html.fragments_fromstring(comment.text or "")
    except (etree.ParserError, ValueError):
        return
    index = parent.index(comment)
    parent.remove(comment)
    for part in parts:
        if isinstance(part, str):  # text before the first element: after what precedes the comment
            if index:
                before = parent[index - 1]
                before.tail = (before.tail or "") + part
            else:
                parent.text = (parent.text or "") + part
            continue
        parent.insert(index, part)
        index += 1
