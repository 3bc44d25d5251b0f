"""``scrapy crawl follow``: a plain breadth-first link follower.

The baseline the focused spiders are measured against, and the demo's crawler
for sites no focused spider covers. It follows every link on the start URLs'
hosts in breadth-first order and emits one :class:`~topiccrawl.items.TopicPage`
per HTML page (no relevance).

    scrapy crawl follow -a start_url=https://example.org/ -a max_pages=500 -O pages.jsonl
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import scrapy
from scrapy.exceptions import CloseSpider
from scrapy.http import HtmlResponse, Response
from scrapy.linkextractors import LinkExtractor

from topiccrawl.args import parse_int, start_urls_from_args
from topiccrawl.items import TopicPage
from topiccrawl.textutil import normalize_space, utc_now_iso

logger = logging.getLogger(__name__)


class FollowSpider(scrapy.Spider):
    name = "follow"
    custom_settings = {
        # Breadth-first: FIFO queues and lower priority for deeper requests.
        "DEPTH_PRIORITY": 1,
        "SCHEDULER_DISK_QUEUE": "scrapy.squeues.PickleFifoDiskQueue",
        "SCHEDULER_MEMORY_QUEUE": "scrapy.squeues.FifoMemoryQueue",
    }

    def __init__(
        self,
        start_url: str | None = None,
        start_urls: str | None = None,
        seeds: str | None = None,
        max_pages: str | int = 0,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.start_urls = start_urls_from_args(start_url, start_urls, seeds)
        self.max_pages = parse_int("max_pages", max_pages, minimum=0)
        self.allowed_domains = sorted({urlsplit(u).hostname or "" for u in self.start_urls})
        self.link_extractor = LinkExtractor()
        self.pages_seen = 0

    async def start(self) -> AsyncIterator[scrapy.Request]:
        for url in self.start_urls:
            yield scrapy.Request(url, cb_kwargs={"anchor": None})

    def parse(self, response: Response, anchor: str | None = None) -> Any:
        if not isinstance(response, HtmlResponse):
            return
        self.pages_seen += 1
        if self.max_pages and self.pages_seen > self.max_pages:
            raise CloseSpider("max_pages")
        body_text = " ".join(response.xpath("//body//text()[not(ancestor::script)][not(ancestor::style)]").getall())
        yield TopicPage(
            url=response.url,
            title=normalize_space(response.xpath("string(//title)").get() or ""),
            text=normalize_space(body_text),
            depth=response.meta.get("depth", 0),
            parent_url=response.request.headers.get("Referer", b"").decode() or None if response.request else None,
            anchor=anchor,
            fetched_at=utc_now_iso(),
        )
        for link in self.link_extractor.extract_links(response):
            # LinkExtractor(allow_domains=...) rejects IP hosts; filter on the host name here.
            if urlsplit(link.url).hostname not in self.allowed_domains:
                continue
            yield response.follow(link.url, cb_kwargs={"anchor": normalize_space(link.text)})
