"""Main-text extraction (noise removal) for topical pages, with trafilatura.

trafilatura is the strongest open extractor in published comparisons and works
on Chinese news pages; writing our own would be worse. This module is the one
place that calls it, so spiders (page relevance) and pipelines (stored text)
agree on what a page's main text is.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from lxml import etree
from lxml import html as lxml_html

from topiccrawl.htmlprolog import without_xml_declaration
from topiccrawl.maincontainer import main_paragraphs
from topiccrawl.textutil import normalize_space

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class MainText:
    title: str
    text: str  # paragraphs joined by newlines, each whitespace-normalised
    author: str | None = None
    date: str | None = None  # ISO date, when the page says


# Larger pages are not article pages worth extracting (and trafilatura's lxml tree
# of an 8 MB page costs hundreds of MB): they keep the spider's own text.
MAX_HTML_CHARS = 1_000_000


def extract_main_text(html: str, url: str | None = None, *, max_html_chars: int = MAX_HTML_CHARS) -> MainText | None:
    """The main text and metadata of an HTML page, or None when nothing article-like is found
    or the page is larger than ``max_html_chars``.

    Comments and tables of navigation are left out. Default precision/recall
    balance: ``favor_precision`` drops the body of some Chinese news pages and
    keeps only a reader comment.
    """
    if len(html) > max_html_chars:
        logger.info("Page too large for main-text extraction (%d characters): %s", len(html), url)
        return None
    import trafilatura

    try:
        doc = trafilatura.bare_extraction(
            html, url=url, with_metadata=True, include_comments=False, include_tables=True
        )
    except Exception:  # trafilatura raises assorted errors on broken markup
        logger.debug("main-text extraction failed for %s", url, exc_info=True)
        return None
    if doc is None or not doc.text:
        return None
    paragraphs = [p for line in doc.text.splitlines() if (p := normalize_space(line))]
    return MainText(
        title=normalize_space(doc.title or ""),
        text="\n".join(_in_main_container(html, paragraphs, normalize_space(doc.title or ""), url)),
        author=doc.author or None,
        date=doc.date or None,
    )


def _in_main_container(html: str, paragraphs: list[str], title: str, url: str | None) -> list[str]:
    """trafilatura's paragraphs without the comments, lists and footer lines it let through
    from outside the body's element (:mod:`topiccrawl.maincontainer`)."""
    try:
        root = lxml_html.document_fromstring(without_xml_declaration(html))
    except (ValueError, etree.ParserError):
        return paragraphs
    kept = main_paragraphs(root, paragraphs, headline=title)
    if len(kept) < len(paragraphs):
        logger.debug(
            "main text of %s: %d of %d paragraphs outside the main container",
            url,
            len(paragraphs) - len(kept),
            len(paragraphs),
        )
    return kept
