"""A slow tree of pages: the fixture of the distributed crawl's failure tests.

Page ``/p/<n>`` links to its children ``/p/<fanout*n+1>`` .. ``/p/<fanout*n+fanout>``
(below ``pages``) and to nothing else, so each page is reachable only through its
parent: a request that a crawler loses takes its whole subtree with it, which
makes a lost request visible in the set of pages crawled. Every reply waits
``delay`` seconds first (in the server's thread), so a crawler has requests in
flight at any moment.
"""

from __future__ import annotations

import random
import time

from topiccrawl.demo.server import Reply, SiteRequest, html, not_found

_CJK_FIRST, _CJK_COUNT = 0x4E00, 20902  # the CJK Unified Ideographs block


class SlowTreeSite:
    """``pages`` pages in a tree of the given fan-out, each reply delayed by ``delay`` seconds."""

    def __init__(self, pages: int = 60, fanout: int = 3, delay: float = 0.3) -> None:
        self.pages = pages
        self.fanout = fanout
        self.delay = delay

    def paths(self) -> list[str]:
        """Every page's path: the site's ground truth."""
        return [self.path(n) for n in range(self.pages)]

    @staticmethod
    def path(n: int) -> str:
        return f"/p/{n}"

    @staticmethod
    def text(n: int) -> str:
        """Forty ideographs drawn by a generator seeded with ``n``: unrelated texts, so no page is a
        near duplicate of another (digits would not do: the simhash leaves them out)."""
        rng = random.Random(n)
        return "".join(chr(_CJK_FIRST + rng.randrange(_CJK_COUNT)) for _ in range(40))

    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            return Reply(200, "User-agent: *\nAllow: /\n", {"Content-Type": "text/plain"})
        path = "/p/0" if request.path == "/" else request.path
        if not path.startswith("/p/") or not path[3:].isdigit() or int(path[3:]) >= self.pages:
            return not_found()
        n = int(path[3:])
        time.sleep(self.delay)
        children = [c for c in range(self.fanout * n + 1, self.fanout * n + self.fanout + 1) if c < self.pages]
        links = "".join(f'<li><a href="{self.path(c)}">第{c}页</a></li>' for c in children)
        return html(
            f"<html><head><title>第{n}页</title></head><body><p>{self.text(n)}</p><ul>{links}</ul></body></html>"
        )
