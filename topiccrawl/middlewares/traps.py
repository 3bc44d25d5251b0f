"""Crawler-trap guards: canonical URLs, trap-shaped URLs dropped, a page budget per host.

* :class:`TrapGuardMiddleware` (spider middleware) strips session ids from every
  link a spider follows (:func:`topiccrawl.urltraps.strip_session`), so the
  duplicate filter, whose fingerprint already ignores query-key order,
  recognises revisits under a new session, and reads a redirector link's carried URL
  (:func:`topiccrawl.redirectors.carried_url`: ``/go?url=https://…`` is fetched as the URL it
  carries, unless ``TOPICCRAWL_UNWRAP_REDIRECTORS`` is off); start URLs are fetched as given. It drops
  URLs that look like traps (repeated path segments, long or growing query
  strings). Calendars and other endless-but-plausible URL spaces are bounded by
  ``DEPTH_LIMIT`` and by the page budget below.
* :class:`HostBudgetMiddleware` (downloader middleware) stops fetching from a
  host after ``TOPICCRAWL_HOST_PAGE_BUDGET`` pages.

Every drop is counted in the stats (``topiccrawl/traps/<reason>``) and logged
once per reason and host.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import TYPE_CHECKING

from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.spidermiddlewares.base import BaseSpiderMiddleware
from scrapy.utils.httpobj import urlparse_cached

from topiccrawl.redirectors import carried_url
from topiccrawl.urltraps import SESSION_PARAMS, TrapLimits, strip_session, trap_reason

if TYPE_CHECKING:
    from scrapy import Request
    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)


class _OncePerReason:
    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self._logged: set[tuple[str, str]] = set()

    def drop(self, reason: str, url: str, host: str) -> None:
        if self.crawler.stats is not None:
            self.crawler.stats.inc_value(f"topiccrawl/traps/{reason}")
        if (reason, host) not in self._logged:
            self._logged.add((reason, host))
            logger.info("Dropping %s: crawler trap (%s); further drops on %s are only counted", url, reason, host)


class TrapGuardMiddleware(BaseSpiderMiddleware):
    """Canonicalise request URLs and drop trap-shaped ones (see module docstring)."""

    def __init__(self, crawler: Crawler) -> None:
        super().__init__(crawler)
        settings = crawler.settings
        self.limits = TrapLimits(
            max_repeated_segments=settings.getint("TOPICCRAWL_MAX_REPEATED_SEGMENTS", 3),
            max_query_params=settings.getint("TOPICCRAWL_MAX_QUERY_PARAMS", 16),
            max_query_length=settings.getint("TOPICCRAWL_MAX_QUERY_LENGTH", 512),
        )
        self.session_params = settings.getlist("TOPICCRAWL_SESSION_PARAMS", list(SESSION_PARAMS))
        self.unwrap = settings.getbool("TOPICCRAWL_UNWRAP_REDIRECTORS", True)
        self.log = _OncePerReason(crawler)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> TrapGuardMiddleware:
        if not crawler.settings.getbool("TOPICCRAWL_TRAP_GUARD_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_TRAP_GUARD_ENABLED is off")
        return cls(crawler)

    def get_processed_request(self, request: Request, response: Response | None) -> Request | None:
        parts = urlparse_cached(request)
        if parts.scheme not in {"http", "https"}:
            return request
        if response is not None and self.unwrap and (target := carried_url(request.url)) is not None:
            # One request for the page, not a redirect and then the page; the link is known by
            # its real URL (scored by it, and the same page linked directly is fetched once).
            if self.crawler.stats is not None:
                self.crawler.stats.inc_value("topiccrawl/redirectors_unwrapped")
            request = request.replace(url=target, meta={**request.meta, "redirector": request.url})
            parts = urlparse_cached(request)
        reason = trap_reason(request.url, self.limits)
        if reason is not None:
            self.log.drop(reason, request.url, parts.netloc)
            return None
        if response is None:
            # Start requests are the user's own URLs (seeds, watches): fetched as given,
            # since a few servers do care about query order.
            return request
        url = strip_session(request.url, self.session_params)
        if url == request.url:
            return request
        if self.crawler.stats is not None and url != strip_session(request.url, ()):
            self.crawler.stats.inc_value("topiccrawl/traps/session_stripped")
        return request.replace(url=url)


class HostBudgetMiddleware:
    """Fetch at most ``TOPICCRAWL_HOST_PAGE_BUDGET`` pages per host (0: no limit); robots.txt is free."""

    def __init__(self, crawler: Crawler, budget: int) -> None:
        self.crawler = crawler
        self.budget = budget
        self.fetched: Counter[str] = Counter()
        self.log = _OncePerReason(crawler)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> HostBudgetMiddleware:
        budget = crawler.settings.getint("TOPICCRAWL_HOST_PAGE_BUDGET", 0)
        if budget <= 0:
            raise NotConfigured("TOPICCRAWL_HOST_PAGE_BUDGET is 0")
        return cls(crawler, budget)

    def process_request(self, request: Request) -> None:
        if request.meta.get("dont_obey_robotstxt") and request.url.endswith("/robots.txt"):
            return
        host = urlparse_cached(request).netloc
        if self.fetched[host] >= self.budget:
            self.log.drop("host_budget", request.url, host)
            raise IgnoreRequest(f"page budget of {host} spent")
        self.fetched[host] += 1
