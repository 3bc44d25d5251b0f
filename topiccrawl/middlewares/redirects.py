"""Redirect hygiene around Scrapy's RedirectMiddleware (register between cookies, 700, and redirects, 600).

* A redirect to the same URL that sets a cookie is an anti-crawler challenge:
  the browser comes back with the cookie and gets the page. Scrapy schedules
  the redirected request like any other and its duplicate filter drops it, as
  the URL was just seen. Here the request is retried with the cookie (the
  cookies middleware has stored it by now), bypassing the duplicate filter,
  at most ``TOPICCRAWL_CHALLENGE_RETRIES`` times (default 1).
* A redirect to a non-HTTP(S) scheme (``file:``, ``data:``, ``ftp:``, ...) is
  refused with a warning; Scrapy would silently hand the 3xx to the spider.

Redirect loops and meta-refresh loops are bounded by Scrapy itself: each hop
counts against ``REDIRECT_MAX_TIMES`` and a URL already fetched is dropped by
the duplicate filter. Redirects to private addresses are refused by
:mod:`topiccrawl.middlewares.ssrf`, which sees every redirected request.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlsplit

from scrapy.exceptions import IgnoreRequest
from w3lib.url import safe_url_string

if TYPE_CHECKING:
    from scrapy import Request
    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)

_REDIRECTS = {301, 302, 303, 307, 308}


def _same_url(a: str, b: str) -> bool:
    return a.split("#", 1)[0] == b.split("#", 1)[0]


class RedirectGuardMiddleware:
    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.max_challenges = crawler.settings.getint("TOPICCRAWL_CHALLENGE_RETRIES", 1)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> RedirectGuardMiddleware:
        return cls(crawler)

    def _inc(self, key: str) -> None:
        if self.crawler.stats is not None:
            self.crawler.stats.inc_value(f"topiccrawl/redirect/{key}")

    def process_response(self, request: Request, response: Response) -> Request | Response:
        if response.status not in _REDIRECTS or b"Location" not in response.headers:
            return response
        if request.meta.get("dont_redirect"):
            return response
        location = safe_url_string(response.headers[b"Location"].decode("latin-1"))
        target = urljoin(request.url, location)
        scheme = urlsplit(target).scheme.lower()
        if scheme not in {"http", "https"}:
            self._inc("refused_scheme")
            logger.warning("Refused redirect from %s to a %s: URL (only http(s) is followed)", request.url, scheme)
            raise IgnoreRequest(f"redirect to {scheme}: refused")
        if _same_url(target, request.url) and b"Set-Cookie" in response.headers:
            tries = request.meta.get("topiccrawl_challenge", 0)
            if tries < self.max_challenges:
                self._inc("challenge_retried")
                logger.info("Self-redirect with a cookie at %s: retrying once with the cookie", request.url)
                retry = request.replace(dont_filter=True)
                retry.meta["topiccrawl_challenge"] = tries + 1
                return retry
            self._inc("challenge_given_up")
        return response
