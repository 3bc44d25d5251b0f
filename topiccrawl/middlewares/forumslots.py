"""Drop a link to a poster's page once its slot has turned out to lead to feeds (``scrapy crawl forum``).

The forum spider follows a link slot once two samples led to new lists or threads. A slot of
members' links can look so early in a crawl: a member's page lists their posts, and reads as a
list leading on until the threads it names have been read, when it is known for a feed. By then
the slot's links, one per member of the site, are in the scheduler. The spider's
``slot_unwanted(url, info)`` says which of them its slot no longer vouches for; those are
dropped here, before they cost a request. The spider's errback counts them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from scrapy.exceptions import IgnoreRequest

if TYPE_CHECKING:
    from scrapy import Request
    from scrapy.crawler import Crawler


class SlotUnwanted(IgnoreRequest):
    """A link whose slot has turned out to lead to pages the crawl has by other ways."""


class _Judge(Protocol):
    def slot_unwanted(self, url: str, info: dict[str, Any]) -> str | None: ...


class ForumSlotFilterMiddleware:
    """Downloader middleware; acts only for spiders with a ``slot_unwanted(url, info)`` method."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ForumSlotFilterMiddleware:
        return cls(crawler)

    def process_request(self, request: Request) -> None:
        if request.meta.get("redirect_urls"):
            return  # (a redirect's hop: judged by its own filter)
        judge = getattr(self.crawler.spider, "slot_unwanted", None)
        if judge is None:
            return
        why = judge(request.url, request.meta.get("forum") or {})
        if why:
            raise SlotUnwanted(f"link {request.url} is {why}")
