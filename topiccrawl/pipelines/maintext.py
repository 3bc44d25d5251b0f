"""Main text (noise removal): the first pipeline step, for topical pages.

Spiders normally put a page's main text into ``text`` themselves, with
:func:`topiccrawl.maintext.extract_main_text`. This step extracts it from the
page's HTML (recorded by :class:`PageContextMiddleware`) with the same function,
so every TopicPage leaves it with main text instead of whatever the spider
scraped (a baseline spider takes the whole body: navigation, ads, footers).
Forum posts come as clean records from the forum spider and pass untouched.

- ``TOPICCRAWL_MAINTEXT_ENABLED`` (True): switch for both components.
- ``TOPICCRAWL_MAINTEXT_REPLACE`` (True): replace a spider's ``text`` with the
  extracted main text; False fills only fields a spider left empty.
  Title, author and published date are only ever filled when empty.

When the extractor finds nothing article-like (an index page, a form), the
spider's text stays and the stat ``topiccrawl/maintext/kept_spider_text`` counts it.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import NotConfigured
from scrapy.http import Response, TextResponse

from topiccrawl.items import TopicPage
from topiccrawl.maintext import extract_main_text
from topiccrawl.pipelines.common import PageContext, page_contexts

logger = logging.getLogger(__name__)


def _header(response: Response, name: str) -> str | None:
    value = response.headers.get(name)
    return value.decode("latin-1") if value else None


class PageContextMiddleware:
    """Spider middleware: remember the HTML and HTTP validators of each page that yields a TopicPage."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.contexts = page_contexts(crawler)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> PageContextMiddleware:
        if not crawler.settings.getbool("TOPICCRAWL_MAINTEXT_ENABLED", True) and not crawler.settings.getbool(
            "TOPICCRAWL_STORAGE_ENABLED", True
        ):
            raise NotConfigured("TOPICCRAWL_MAINTEXT_ENABLED and TOPICCRAWL_STORAGE_ENABLED are off")
        return cls(crawler)

    def _see(self, response: Response, item: Any) -> None:
        if isinstance(item, TopicPage) and item.get("url") == response.url:
            html = response.text if isinstance(response, TextResponse) else None
            self.contexts.put(
                response.url, PageContext(html, _header(response, "ETag"), _header(response, "Last-Modified"))
            )

    def process_spider_output(self, response: Response, result: Iterable[Any]) -> Iterable[Any]:
        for obj in result:
            self._see(response, obj)
            yield obj

    async def process_spider_output_async(self, response: Response, result: AsyncIterator[Any]) -> AsyncIterator[Any]:
        async for obj in result:
            self._see(response, obj)
            yield obj


class MainTextPipeline:
    """Fill a TopicPage's text, title, author and date from its page's main text."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.replace = crawler.settings.getbool("TOPICCRAWL_MAINTEXT_REPLACE", True)
        self.contexts = page_contexts(crawler)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> MainTextPipeline:
        if not crawler.settings.getbool("TOPICCRAWL_MAINTEXT_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_MAINTEXT_ENABLED is off")
        return cls(crawler)

    def process_item(self, item: Any) -> Any:
        if not isinstance(item, TopicPage):
            return item
        stats = self.crawler.stats
        context = self.contexts.get(item.get("url"))
        if context is None or not context.html:
            stats.inc_value("topiccrawl/maintext/no_html")
            return item
        if item.get("text") and not self.replace:
            return item
        main = extract_main_text(context.html, item.get("url"))
        self.contexts.release_html(item.get("url"))
        if main is None:
            stats.inc_value("topiccrawl/maintext/kept_spider_text")
            return item
        item["text"] = main.text
        for field, value in (("title", main.title), ("author", main.author), ("published", main.date)):
            if value and not item.get(field):
                item[field] = value
        stats.inc_value("topiccrawl/maintext/extracted")
        return item
