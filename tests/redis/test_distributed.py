from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import redis

from tests.helpers import crawl
from topiccrawl import redisjson
from topiccrawl.demo.sample import SampleSite
from topiccrawl.demo.server import FixtureWeb

pytestmark = pytest.mark.redis


def test_two_workers_share_frontier_and_dedup(serve: Callable[..., FixtureWeb], tmp_path: Path, redis_url: str) -> None:
    site = SampleSite()
    web = serve({"sample": site})
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    settings = {"TOPICCRAWL_REDIS_URL": redis_url}
    first = crawl(
        "follow", tmp_path / "w1", args={"start_url": web.base_urls["sample"] + "/"}, settings=settings
    ).check()
    assert first.stats["item_scraped_count"] == len(site.pages) + 1
    keys = {k.decode() for k in client.keys("*")}
    assert "follow:dupefilter" in keys
    fetched_once = len(web.log.urls())
    # A second worker on the same Redis finds every URL already seen: it fetches
    # only its start URL again (start requests bypass the dedup) and nothing else.
    second = crawl(
        "follow", tmp_path / "w2", args={"start_url": web.base_urls["sample"] + "/"}, settings=settings
    ).check()
    assert len(web.log.urls()) - fetched_once <= 1
    assert second.stats.get("item_scraped_count", 0) <= 1


def test_queue_holds_json_not_pickle(redis_url: str) -> None:
    from scrapy import Request

    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    payload = redisjson.dumps(Request("http://127.0.0.1/x", priority=3).to_dict())
    client.zadd("t:requests", {payload: -3})
    (raw,) = client.zrange("t:requests", 0, 0)
    assert raw.startswith(b"{")  # JSON object, not a pickle stream (b"\x80")
    assert redisjson.loads(raw)["priority"] == 3
