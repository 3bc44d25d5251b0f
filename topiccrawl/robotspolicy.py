"""RFC 9309 rules for robots.txt fetch outcomes (pure functions).

* 2xx: parse the file.
* 4xx ("unavailable"): the crawler may access everything.
* 5xx or no answer at all ("unreachable"): assume everything is disallowed,
  and fetch robots.txt again later. Scrapy allows everything in both cases.
"""

from __future__ import annotations

from enum import Enum


class RobotsOutcome(Enum):
    PARSE = "parse"
    ALLOW_ALL = "allow_all"
    DISALLOW_ALL = "disallow_all"


def outcome_for(status: int | None) -> RobotsOutcome:
    """What a robots.txt answer with HTTP ``status`` (None: no answer) means for the host."""
    if status is None or status >= 500:
        return RobotsOutcome.DISALLOW_ALL
    if 400 <= status < 500:
        return RobotsOutcome.ALLOW_ALL
    if 200 <= status < 300:
        return RobotsOutcome.PARSE
    # 1xx or an unfollowed 3xx: RFC 9309 treats too many redirects as unavailable.
    return RobotsOutcome.ALLOW_ALL


def sitemap_urls(body: bytes) -> list[str]:
    """The ``Sitemap:`` URLs of a robots.txt body, in order, without duplicates."""
    text = body.decode("utf-8", "replace")
    urls: list[str] = []
    for line in text.splitlines():
        name, sep, value = line.partition(":")
        if sep and name.strip().lower() == "sitemap":
            url = value.split("#", 1)[0].strip()
            if url.startswith(("http://", "https://")) and url not in urls:
                urls.append(url)
    return urls


def bounded_crawl_delay(delay: float | None, maximum: float) -> float | None:
    """A ``Crawl-delay`` capped at ``maximum`` seconds; None when absent or not positive."""
    if delay is None or delay <= 0:
        return None
    return min(float(delay), maximum)
