"""Main-text extraction (noise removal) for topical pages, with trafilatura.

trafilatura is the strongest open extractor in published comparisons and works
on Chinese news pages; writing our own would be worse. This module is the one
place that calls it, so spiders (page relevance) and pipelines (stored text)
agree on what a page's main text is.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

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
    paragraphs = [normalize_space(p) for p in doc.text.splitlines()]
    return MainText(
        title=normalize_space(doc.title or ""),
        text="\n".join(p for p in paragraphs if p),
        author=doc.author or None,
        date=doc.date or None,
    )
