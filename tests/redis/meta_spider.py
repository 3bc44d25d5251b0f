"""A spider for the Redis tests whose requests carry meta and cb_kwargs that plain JSON cannot carry.

Its first page's callback yields, in this order: a request with a Decimal in
``meta`` (nothing in :mod:`topiccrawl.redisjson` carries it), an item, a request
with a datetime, an int-keyed dict, a set and a tuple (all carried, and expected
back as the same types), and three plain requests. Loaded with
``-s SPIDER_MODULES=tests.redis.meta_spider``.
"""

from __future__ import annotations

import datetime
import decimal
from collections.abc import AsyncIterator, Iterator
from typing import Any

import scrapy
from scrapy.http import Response


class RedisMetaSpider(scrapy.Spider):
    name = "redis_meta"

    def __init__(self, start_url: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.start_urls = [start_url]
        self.base = start_url.rsplit("/", 1)[0]

    async def start(self) -> AsyncIterator[scrapy.Request]:
        yield scrapy.Request(self.start_urls[0], callback=self.parse_first, dont_filter=True)

    def parse_first(self, response: Response) -> Iterator[Any]:
        self.logger.info("first callback ran")
        yield scrapy.Request(f"{self.base}/bad", callback=self.parse_leaf, meta={"price": decimal.Decimal("1.5")})
        yield {"kind": "after-bad"}
        yield scrapy.Request(
            f"{self.base}/typed",
            callback=self.parse_leaf,
            meta={"seen": datetime.datetime(2024, 5, 1, 12, 0), "ranks": {1: "x", 2: "y"}},
            cb_kwargs={"tags": {"a", "b"}, "pos": (1, 2)},
        )
        for i in range(3):
            yield scrapy.Request(f"{self.base}/plain{i}", callback=self.parse_leaf)

    def parse_leaf(self, response: Response, tags: set[str] | None = None, pos: tuple[int, int] | None = None) -> Any:
        yield {
            "url": response.url,
            "tags": sorted(tags) if tags is not None else None,
            "tags_type": type(tags).__name__,
            "pos": list(pos) if pos is not None else None,
            "pos_type": type(pos).__name__,
            "rank_key_types": sorted({type(k).__name__ for k in response.meta.get("ranks", {})}),
            "seen": str(response.meta.get("seen")),
        }
