"""Distributed crawls under failure: a worker killed mid-crawl, Redis going away mid-crawl.

Real ``scrapy crawl follow`` workers against a slow fixture tree
(:class:`~topiccrawl.demo.slowtree.SlowTreeSite`), where every page is linked
from its parent only, so a lost request shows as a missing subtree. What a
worker processed is read from its state store (one committed record per page),
which, unlike a feed file's buffer, survives SIGKILL.
"""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from tests.conftest import start_redis_server
from tests.helpers import start_crawl
from topiccrawl.demo.server import FixtureWeb
from topiccrawl.demo.slowtree import SlowTreeSite
from topiccrawl.redisjob import JobKeys, default_job, job_keys

pytestmark = pytest.mark.redis

# Short leases so that a dead worker's requests come back within seconds; the
# pipelines that need the page text only slow these crawls down.
FAST = {
    "TOPICCRAWL_REDIS_LEASE": 3,
    "TOPICCRAWL_ENRICH_ENABLED": False,
    "TOPICCRAWL_NOTIFY_ENABLED": False,
    "CONCURRENT_REQUESTS": 8,
}


def stored_urls(worker_dir: Path) -> set[str]:
    path = worker_dir / "state" / "state.sqlite3"
    if not path.exists():
        return set()
    with sqlite3.connect(path) as conn:
        return {row[0] for row in conn.execute("SELECT url FROM pages")}


def stats_of(worker_dir: Path) -> dict[str, Any]:
    return json.loads((worker_dir / "stats.json").read_text(encoding="utf-8"))


def follow_keys(start_url: str) -> JobKeys:
    """The Redis keys of a ``follow`` crawl from ``start_url`` with the default job id."""
    return job_keys("follow", default_job("follow", [start_url]))


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def finish(proc: subprocess.Popen[str], timeout: float) -> int:
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise


def test_a_killed_workers_requests_are_taken_back(
    serve: Callable[..., FixtureWeb], tmp_path: Path, redis_url: str
) -> None:
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    site = SlowTreeSite(pages=80, fanout=3, delay=0.5)
    web = serve({"tree": site})
    base = web.base_urls["tree"]
    everything = {base + p for p in site.paths()}
    args = {"start_url": base + "/p/0"}
    settings = {**FAST, "TOPICCRAWL_REDIS_URL": redis_url}

    first = start_crawl("follow", tmp_path / "w1", args=args, settings=settings)
    try:
        wait_until(lambda: len(web.log.urls()) >= 25, 60, "the first worker to be mid-crawl")
        first.send_signal(signal.SIGKILL)
    finally:
        first.wait(timeout=30)
    queue_key = follow_keys(args["start_url"]).queue
    leased_at_death = client.zcard(f"{queue_key}:inflight")
    assert leased_at_death > 0  # the test is only meaningful with requests in flight
    fetched_by_first = len(web.log.urls())
    lost_without_leases = everything - stored_urls(tmp_path / "w1")
    assert lost_without_leases  # the first worker did not finish the site

    second = start_crawl("follow", tmp_path / "w2", args=args, settings=settings)
    assert finish(second, 120) == 0, (tmp_path / "w2" / "crawl.log").read_text()[-3000:]

    assert stored_urls(tmp_path / "w1") | stored_urls(tmp_path / "w2") == everything  # nothing lost
    stats = stats_of(tmp_path / "w2")
    assert stats["topiccrawl/redis/requeued_expired"] >= 1
    assert stats["finish_reason"] == "finished"
    # At-least-once costs refetches of what the dead worker held, not a second crawl of the site.
    fetches = web.log.urls()
    assert len(fetches) - len(set(fetches)) <= leased_at_death + 1  # +1: the second worker's start URL
    assert len(fetches) - fetched_by_first < len(everything)
    assert client.zcard(f"{queue_key}:inflight") == 0
    assert client.zcard(queue_key) == 0
    assert not client.exists(f"{queue_key}:dead")


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[Callable[[], subprocess.Popen[bytes]]]:
    """Start (and restart) a redis-server of this test's own, with a password and an
    append-only file, on one free port; never the session's server."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    workdir = tmp_path / "redis"
    workdir.mkdir()
    procs: list[subprocess.Popen[bytes]] = []

    def start() -> subprocess.Popen[bytes]:
        proc = start_redis_server(
            port, workdir, "--requirepass", PASSWORD, "--appendonly", "yes", "--appendfsync", "always"
        )
        procs.append(proc)
        return proc

    start.url = f"redis://:{PASSWORD}@127.0.0.1:{port}/0"  # type: ignore[attr-defined]
    yield start
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


PASSWORD = "s3cret-Pa55"
UNAVAILABLE = "is unavailable"


def test_redis_back_within_the_timeout_loses_nothing(
    serve: Callable[..., FixtureWeb], tmp_path: Path, private_redis: Any
) -> None:
    site = SlowTreeSite(pages=60, fanout=3, delay=0.3)
    web = serve({"tree": site})
    base = web.base_urls["tree"]
    server = private_redis()
    worker = start_crawl(
        "follow",
        tmp_path / "w",
        args={"start_url": base + "/p/0"},
        settings={**FAST, "TOPICCRAWL_REDIS_URL": private_redis.url, "TOPICCRAWL_REDIS_RETRY_TIMEOUT": 60},
    )
    try:
        wait_until(lambda: len(web.log.urls()) >= 10, 60, "the worker to be mid-crawl")
        server.kill()  # SIGKILL: the append-only file (fsync always) keeps every write
        server.wait()
        log_path = tmp_path / "w" / "crawl.log"
        wait_until(lambda: UNAVAILABLE in log_path.read_text(encoding="utf-8"), 30, "the worker to notice")
        time.sleep(2)
        private_redis()
        assert finish(worker, 120) == 0
    finally:
        if worker.poll() is None:
            worker.kill()
    log = log_path.read_text(encoding="utf-8")
    assert log.count(UNAVAILABLE) == 1  # one clear line, not a traceback every few seconds
    assert "Traceback" not in log
    assert "is back after" in log
    assert PASSWORD not in log
    assert stored_urls(tmp_path / "w") == {base + p for p in site.paths()}
    stats = stats_of(tmp_path / "w")
    assert stats["finish_reason"] == "finished"
    assert stats["topiccrawl/redis/outages"] == 1


def test_redis_gone_for_good_closes_the_worker_with_a_clear_reason(
    serve: Callable[..., FixtureWeb], tmp_path: Path, private_redis: Any
) -> None:
    site = SlowTreeSite(pages=200, fanout=3, delay=0.3)
    web = serve({"tree": site})
    server = private_redis()
    retry_timeout = 6
    worker = start_crawl(
        "follow",
        tmp_path / "w",
        args={"start_url": web.base_urls["tree"] + "/p/0"},
        settings={**FAST, "TOPICCRAWL_REDIS_URL": private_redis.url, "TOPICCRAWL_REDIS_RETRY_TIMEOUT": retry_timeout},
    )
    try:
        wait_until(lambda: len(web.log.urls()) >= 10, 60, "the worker to be mid-crawl")
        server.kill()
        server.wait()
        gone = time.monotonic()
        returncode = finish(worker, retry_timeout + 30)
        took = time.monotonic() - gone
    finally:
        if worker.poll() is None:
            worker.kill()
    log = (tmp_path / "w" / "crawl.log").read_text(encoding="utf-8")
    assert returncode == 3, log[-3000:]
    assert retry_timeout <= took < retry_timeout + 20
    assert log.count(UNAVAILABLE) == 1
    assert "closing the spider (finish reason redis_unavailable)" in log
    assert "Traceback" not in log
    assert PASSWORD not in log
    assert stats_of(tmp_path / "w")["finish_reason"] == "redis_unavailable"
    assert len(web.log.urls()) < site.pages  # it stopped, it did not crawl on from memory


def test_a_request_that_does_not_decode_is_set_aside(
    serve: Callable[..., FixtureWeb], tmp_path: Path, redis_url: str
) -> None:
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    site = SlowTreeSite(pages=5, fanout=2, delay=0.0)
    web = serve({"tree": site})
    base = web.base_urls["tree"]
    # Left by an older version of the spider: a callback this one does not have.
    stale = b'00000000000000000000:{"url":"' + base.encode() + b'/p/4","callback":"parse_gone","priority":9}'
    queue_key = follow_keys(base + "/p/0").queue
    client.zadd(queue_key, {stale: -9})
    worker = start_crawl(
        "follow", tmp_path / "w", args={"start_url": base + "/p/0"}, settings={"TOPICCRAWL_REDIS_URL": redis_url}
    )
    assert finish(worker, 120) == 0
    assert client.lrange(f"{queue_key}:dead", 0, -1) == [stale]
    assert stored_urls(tmp_path / "w") == {base + p for p in site.paths()}
    assert "does not decode" in (tmp_path / "w" / "crawl.log").read_text(encoding="utf-8")
