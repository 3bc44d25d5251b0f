from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import redis
from scrapy import Request, Spider

from tests.helpers import crawl
from topiccrawl import redisjson
from topiccrawl.demo.server import FixtureWeb
from topiccrawl.demo.topicweb import TopicWeb
from topiccrawl.redisjob import default_job, job_keys
from topiccrawl.redisqueue import FifoPriorityQueue

pytestmark = pytest.mark.redis


@pytest.fixture
def queue(redis_url: str) -> FifoPriorityQueue:
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    return FifoPriorityQueue(client, Spider("topic"), "%(spider)s:requests", redisjson)


def test_pops_best_first_and_fifo_within_equal_scores(queue: FifoPriorityQueue) -> None:
    # Equal priorities with URLs whose JSON sorts opposite to their arrival order: a plain
    # sorted set (scrapy-redis's PriorityQueue) would pop them z, y, x.
    pushed = [("z", 500), ("best", 900), ("y", 500), ("low", 100), ("x", 500), ("low2", 100)]
    for name, priority in pushed:
        queue.push(Request(f"http://127.0.0.1/{name}", priority=priority, meta={"topic_score": priority / 1000}))
    assert len(queue) == len(pushed)
    popped = []
    while (request := queue.pop()) is not None:
        popped.append((request.url.rsplit("/", 1)[-1], request.priority))
    assert popped == [("best", 900), ("z", 500), ("y", 500), ("x", 500), ("low", 100), ("low2", 100)]
    assert len(queue) == 0


def test_members_are_json_and_the_same_request_twice_is_kept(queue: FifoPriorityQueue) -> None:
    request = Request("http://127.0.0.1/a", priority=7)
    queue.push(request)
    queue.push(request)
    assert len(queue) == 2  # the dupefilter, not the queue, decides about duplicates
    (member,) = queue.server.zrange(queue.key, 0, 0)
    seq, _, payload = member.partition(b":")
    assert seq.isdigit() and payload.startswith(b"{")  # a JSON object, never a pickle
    assert redisjson.loads(payload)["priority"] == 7
    queue.clear()
    assert len(queue) == 0
    assert not queue.server.exists(queue.seq_key)


def test_distributed_addon_uses_the_fifo_priority_queue() -> None:
    from scrapy.settings import Settings

    from topiccrawl.addons import Distributed

    settings = Settings({"TOPICCRAWL_REDIS_URL": "redis://127.0.0.1:1/0"})
    Distributed().update_settings(settings)
    assert settings.get("SCHEDULER_QUEUE_CLASS") == "topiccrawl.redisqueue.FifoPriorityQueue"
    assert settings.get("SCHEDULER") == "topiccrawl.redisscheduler.LeasedScheduler"
    assert settings.getdict("REDIS_PARAMS")["socket_connect_timeout"] <= 5  # never freezes the reactor long


def test_topic_crawl_over_redis(serve: Callable[..., FixtureWeb], tmp_path: Path, redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    topic_web = TopicWeb(300)
    web = serve(topic_web.sites(), topic_web.hosts())
    result = crawl(
        "topic",
        tmp_path,
        args={"start_urls": ",".join(topic_web.seed_urls()), "dictionary": "xinhai", "max_pages": 60},
        settings={"TOPICCRAWL_REDIS_URL": redis_url},
    ).check()
    assert result.stats["topic/pages"] >= 60
    assert any(i["on_topic"] for i in result.items)  # tunnelled from off-topic seeds to the topic
    queue_key = job_keys("topic", default_job("topic", topic_web.seed_urls())).queue
    assert client.type(queue_key) == b"zset"  # the shared frontier, left for other workers
    assert int(client.get(f"{queue_key}:seq") or 0) >= client.zcard(queue_key)
    fetched = web.log.urls()
    assert len(fetched) == len(set(fetched))  # the Redis dupefilter let no page through twice
    # Requests still in flight when max_pages closed the worker went back to the queue, unleased.
    assert client.zcard(f"{queue_key}:inflight") == 0
