from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import redis

from tests.helpers import crawl, start_crawl
from tests.redis.test_worker_failures import finish, stats_of, stored_urls
from topiccrawl import redisjson
from topiccrawl.demo.sample import SampleSite
from topiccrawl.demo.server import FixtureWeb
from topiccrawl.demo.slowtree import SlowTreeSite
from topiccrawl.redisjob import default_job, job_keys

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
    start_url = web.base_urls["sample"] + "/"
    dupefilter = job_keys("follow", default_job("follow", [start_url])).dupefilter
    assert {k.decode() for k in client.keys("*dupefilter")} == {dupefilter}
    assert f"job {default_job('follow', [start_url])}" in first.log
    fetched_once = len(web.log.urls())
    # A second worker on the same Redis finds every URL already seen: it fetches
    # only its start URL again (start requests bypass the dedup) and nothing else.
    second = crawl(
        "follow", tmp_path / "w2", args={"start_url": web.base_urls["sample"] + "/"}, settings=settings
    ).check()
    assert len(web.log.urls()) - fetched_once <= 1
    assert second.stats.get("item_scraped_count", 0) <= 1
    assert "TOPICCRAWL_REDIS_JOB=<id>" in second.log  # it says why it fetched nothing, and what to do


def test_a_new_job_crawls_the_same_site_again(serve: Callable[..., FixtureWeb], tmp_path: Path, redis_url: str) -> None:
    site = SampleSite()
    web = serve({"sample": site})
    redis.Redis.from_url(redis_url).flushdb()
    args = {"start_url": web.base_urls["sample"] + "/"}
    settings = {"TOPICCRAWL_REDIS_URL": redis_url}
    runs = {
        job: crawl("follow", tmp_path / job, args=args, settings={**settings, "TOPICCRAWL_REDIS_JOB": job}).check()
        for job in ["monday", "tuesday"]
    }
    full = len(site.pages) + 1
    assert {job: run.stats.get("item_scraped_count") for job, run in runs.items()} == {"monday": full, "tuesday": full}
    for job, run in runs.items():
        assert f"job {job} (TOPICCRAWL_REDIS_JOB): queue follow:{job}:requests" in run.log


def test_concurrent_crawls_of_other_start_urls_keep_their_own_requests(
    serve: Callable[..., FixtureWeb], tmp_path: Path, redis_url: str
) -> None:
    sites = {"a": SlowTreeSite(pages=40, fanout=3, delay=0.1), "b": SlowTreeSite(pages=40, fanout=3, delay=0.1)}
    web = serve(sites, {"a": "127.0.0.1", "b": "127.0.0.2"})  # two hosts: each crawl's offsite filter keeps to one
    redis.Redis.from_url(redis_url).flushdb()
    settings = {"TOPICCRAWL_REDIS_URL": redis_url, "TOPICCRAWL_REDIS_LEASE": 5, "ROBOTSTXT_OBEY": False}
    workers = {
        name: start_crawl(
            "follow", tmp_path / name, args={"start_url": web.base_urls[name] + "/p/0"}, settings=settings
        )
        for name in sites
    }
    for name, worker in workers.items():
        assert finish(worker, 120) == 0, (tmp_path / name / "crawl.log").read_text(encoding="utf-8")[-3000:]
    for name, site in sites.items():
        assert stored_urls(tmp_path / name) == {web.base_urls[name] + p for p in site.paths()}, name
        assert stats_of(tmp_path / name).get("offsite/filtered", 0) == 0, name


def test_queue_holds_json_not_pickle(redis_url: str) -> None:
    from scrapy import Request

    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    payload = redisjson.dumps(Request("http://127.0.0.1/x", priority=3).to_dict())
    client.zadd("t:requests", {payload: -3})
    (raw,) = client.zrange("t:requests", 0, 0)
    assert raw.startswith(b"{")  # JSON object, not a pickle stream (b"\x80")
    assert redisjson.loads(raw)["priority"] == 3
