"""Judge a redirect's target like a link before fetching it (``scrapy crawl forum`` only).

Forums answer many links with a redirect ('last poster' to a profile, 'go to last post'
to a jump-to-post URL, ``redirect.php?goto=lastpost``). Scrapy's RedirectMiddleware
fetches the target whatever it is; here a redirected request whose URL the forum spider
already knows to be unwanted (its URL pattern led only to unwanted pages) or has already
fetched is dropped before it costs a second request. The spider's errback records the
outcome against the link that redirected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scrapy.exceptions import IgnoreRequest

if TYPE_CHECKING:
    from scrapy import Request
    from scrapy.crawler import Crawler


class RedirectUnwanted(IgnoreRequest):
    """A redirect whose target is known not to be worth fetching."""


class _Judge(Protocol):
    def redirect_unwanted(self, url: str) -> str | None: ...


class ForumRedirectFilterMiddleware:
    """Downloader middleware; acts only for spiders with a ``redirect_unwanted(url)`` method."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ForumRedirectFilterMiddleware:
        return cls(crawler)

    def process_request(self, request: Request) -> None:
        previous = request.meta.get("redirect_urls")
        if not previous or request.url.split("#")[0] in {u.split("#")[0] for u in previous}:
            return  # not a redirect, or one back to the same URL (a cookie challenge)
        judge = getattr(self.crawler.spider, "redirect_unwanted", None)
        if judge is None:
            return
        why = judge(request.url)
        if why:
            raise RedirectUnwanted(f"redirect target {request.url} is {why}")
