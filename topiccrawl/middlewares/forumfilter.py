"""Judge a request of ``scrapy crawl forum`` like a link before fetching it.

Two kinds of request are dropped before they cost a fetch, each on the spider's word:

* a redirect's hop. Forums answer many links with a redirect ('last poster' to a profile, 'go to
  last post' to a jump-to-post URL, ``redirect.php?goto=lastpost``), and Scrapy's
  RedirectMiddleware fetches the target whatever it is; one whose URL the spider already knows
  to be unwanted (its URL pattern led only to unwanted pages) or has already fetched is dropped
  (``redirect_unwanted(url)``);
* a queued link to a poster's page whose slot has turned out to lead to feeds. The spider follows
  a slot once two samples led to new lists or threads, and a slot of members' links can look so
  early in a crawl: a member's page reads as a list leading on until the threads it names have
  been read. By then the slot's links, one per member of the site, are in the scheduler
  (``slot_unwanted(url, info)``).

The spider's errback records the outcome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from scrapy.exceptions import IgnoreRequest

if TYPE_CHECKING:
    from scrapy import Request
    from scrapy.crawler import Crawler


class RedirectUnwanted(IgnoreRequest):
    """A redirect whose target is known not to be worth following."""


class SlotUnwanted(IgnoreRequest):
    """A link whose slot has turned out to lead to pages the crawl has by other ways."""


class _Judge(Protocol):
    def redirect_unwanted(self, url: str) -> str | None: ...

    def slot_unwanted(self, url: str, info: dict[str, Any]) -> str | None: ...


class ForumRequestFilterMiddleware:
    """Downloader middleware; acts only for spiders with ``redirect_unwanted(url)`` or
    ``slot_unwanted(url, info)`` methods."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ForumRequestFilterMiddleware:
        return cls(crawler)

    def process_request(self, request: Request) -> None:
        spider = self.crawler.spider
        previous = request.meta.get("redirect_urls")
        if previous:
            if request.url.split("#")[0] in {u.split("#")[0] for u in previous}:
                return  # a redirect back to the same URL (a cookie challenge)
            judge_redirect = getattr(spider, "redirect_unwanted", None)
            if judge_redirect is not None and (why := judge_redirect(request.url)):
                raise RedirectUnwanted(f"redirect target {request.url} is {why}")
            return
        judge_link = getattr(spider, "slot_unwanted", None)
        if judge_link is not None and (why := judge_link(request.url, request.meta.get("forum") or {})):
            raise SlotUnwanted(f"link {request.url} is {why}")
