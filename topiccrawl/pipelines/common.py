"""What the pipelines share: record identity, and the page context that spider middleware keeps.

Scrapy pipelines see items, not responses. The main-text step needs the page's
HTML and storage needs its HTTP validators, so :class:`PageContextMiddleware`
(in ``maintext.py``) records them per page URL in a small bounded table kept per
crawler, and the pipelines look them up by the item's URL. Nothing is added to the
item, so raw HTML can never end up in an exported dataset.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scrapy.crawler import Crawler

from topiccrawl.items import ForumPost, TopicPage
from topiccrawl.store.db import state_db_path

# A page's items reach the pipelines right after it is parsed, and the scraper
# holds only a few responses at once (SCRAPER_SLOT_MAX_ACTIVE_SIZE), so a small
# table suffices; it also bounds the memory held by HTML that nothing consumed.
CONTEXT_CAPACITY = 64


@dataclass(frozen=True, slots=True)
class PageContext:
    html: str | None
    etag: str | None
    last_modified: str | None


class PageContexts:
    """A bounded URL -> :class:`PageContext` table (oldest entries go first)."""

    def __init__(self, capacity: int = CONTEXT_CAPACITY) -> None:
        self.capacity = capacity
        self._entries: OrderedDict[str, PageContext] = OrderedDict()

    def put(self, url: str, context: PageContext) -> None:
        self._entries[url] = context
        self._entries.move_to_end(url)
        while len(self._entries) > self.capacity:
            self._entries.popitem(last=False)

    def release_html(self, url: str | None) -> None:
        """Forget a page's HTML once its main text is extracted (it can be megabytes)."""
        context = self._entries.get(url) if url else None
        if context is not None and context.html is not None:
            self._entries[url] = PageContext(None, context.etag, context.last_modified)

    def get(self, url: str | None) -> PageContext | None:
        return self._entries.get(url) if url else None

    def pop(self, url: str | None) -> PageContext | None:
        return self._entries.pop(url, None) if url else None

    def __len__(self) -> int:
        return len(self._entries)


_contexts: weakref.WeakKeyDictionary[Crawler, PageContexts] = weakref.WeakKeyDictionary()


def page_contexts(crawler: Crawler) -> PageContexts:
    """The page-context table of ``crawler`` (one per crawl)."""
    table = _contexts.get(crawler)
    if table is None:
        table = _contexts[crawler] = PageContexts()
    return table


def record_key(item: Any) -> str | None:
    """Identity of a record: a page's URL; a forum post's thread URL plus its post id (or position)."""
    if isinstance(item, ForumPost):
        thread = item.get("thread_url") or item.get("page_url")
        post = item.get("post_id") or item.get("position")
        return f"{thread}#{post}" if thread and post is not None else None
    return item.get("url") if isinstance(item, TopicPage) else None


def page_type(item: Any) -> str:
    if isinstance(item, ForumPost):
        return "forum_post"
    if isinstance(item, TopicPage):
        return "topic_page"
    return type(item).__name__


def handles(item: Any) -> bool:
    """Whether the pipelines process this item (other item types pass through untouched)."""
    return isinstance(item, TopicPage | ForumPost)


def state_path(crawler: Crawler, name: str | None = None) -> Path:
    """The state database (or ``name`` next to it) under ``TOPICCRAWL_STATE_DIR``."""
    db = state_db_path(crawler.settings.get("TOPICCRAWL_STATE_DIR") or ".topiccrawl")
    return db if name is None else db.parent / name
