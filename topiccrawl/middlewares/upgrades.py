"""Drops the stale copy of a request whose priority a better link raised (see :mod:`topiccrawl.priorityupgrades`).

A downloader middleware, first in the chain: whichever copy of an upgraded URL
reaches the downloader second is ignored (``IgnoreRequest``, stat
``topic/superseded_dropped``). Retries and redirects are the downloader's own
copies and always pass. Active only in focused crawls with upgrades on
(``TOPICCRAWL_TOPIC_UPGRADES``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrapy.exceptions import IgnoreRequest, NotConfigured

if TYPE_CHECKING:
    from scrapy import Request
    from scrapy.crawler import Crawler


class SupersededRequestMiddleware:
    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> SupersededRequestMiddleware:
        if not crawler.settings.getbool("TOPICCRAWL_TOPIC_UPGRADES", True):
            raise NotConfigured("TOPICCRAWL_TOPIC_UPGRADES is off")
        return cls(crawler)

    def process_request(self, request: Request) -> None:
        # The focus is the spider's (the topic spider, or any spider a dictionary setting
        # focused); it is built after the downloader, so it is looked up here.
        focus = getattr(self.crawler.spider, "topic_focus", None)
        upgrades = getattr(focus, "upgrades", None)
        meta = request.meta
        if upgrades is None or "topic_score" not in meta or meta.get("retry_times") or meta.get("redirect_times"):
            return
        if not upgrades.dispatch(self.crawler.request_fingerprinter.fingerprint(request), request.priority):
            assert self.crawler.stats is not None
            self.crawler.stats.inc_value("topic/superseded_dropped")
            raise IgnoreRequest(f"{request.url}: a copy of it at a better priority was scheduled")
