"""The lease operations of the shared frontier, against a real redis-server."""

from __future__ import annotations

import time

import pytest
import redis
from scrapy import Request, Spider

from topiccrawl import redisjson
from topiccrawl.redisqueue import FifoPriorityQueue, queue_member

pytestmark = pytest.mark.redis


@pytest.fixture
def queue(redis_url: str) -> FifoPriorityQueue:
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    return FifoPriorityQueue(client, Spider("lease"), "%(spider)s:requests", redisjson)


def _urls(queue: FifoPriorityQueue) -> list[str]:
    out = []
    while (popped := queue.pop_leased(60)) is not None:
        out.append(popped[0].url.rsplit("/", 1)[-1])
    return out


def test_pop_leases_until_acknowledged(queue: FifoPriorityQueue) -> None:
    queue.push(Request("http://127.0.0.1/a", priority=2))
    request, member = queue.pop_leased(30)
    assert request.url == "http://127.0.0.1/a" and request.priority == 2
    assert queue.counts() == (0, 1)
    seconds, micros = queue.server.time()
    deadline = queue.server.zscore(queue.inflight_key, member)
    assert deadline == pytest.approx(seconds + micros / 1e6 + 30, abs=2)  # Redis's clock, not ours
    assert queue.requeue_expired() == (0, 0)  # a live lease stays put
    assert queue.ack([member]) == 1
    assert queue.counts() == (0, 0)
    assert queue.ack([member]) == 0


def test_expired_lease_goes_back_to_its_exact_place(queue: FifoPriorityQueue) -> None:
    for name, priority in [("a", 5), ("b", 5), ("c", 5), ("low", 1)]:
        queue.push(Request(f"http://127.0.0.1/{name}", priority=priority))
    queue.pop_leased(0.2)  # "a", by a worker that then dies
    time.sleep(0.3)
    assert queue.requeue_expired() == (1, 0)
    assert queue.counts() == (4, 0)
    assert _urls(queue) == ["a", "b", "c", "low"]  # same priority, same arrival order as before


def test_a_requeued_request_is_not_filtered_as_a_duplicate(queue: FifoPriorityQueue) -> None:
    dupefilter = "lease:dupefilter"
    request = Request("http://127.0.0.1/seen")
    assert queue.push_new(request, "fp-seen", dupefilter)
    assert not queue.push_new(request, "fp-seen", dupefilter)  # the filter works...
    queue.pop_leased(0.2)
    time.sleep(0.3)
    queue.requeue_expired()
    assert _urls(queue) == ["seen"]  # ...and the sweep does not go through it
    assert queue.server.sismember(dupefilter, "fp-seen")


def test_renewal_keeps_a_live_workers_lease(queue: FifoPriorityQueue) -> None:
    queue.push(Request("http://127.0.0.1/slow"))
    _request, member = queue.pop_leased(0.5)
    for _ in range(4):
        time.sleep(0.25)
        assert queue.renew([member], 0.5) == 1
        assert queue.requeue_expired() == (0, 0)
    time.sleep(0.6)
    assert queue.requeue_expired() == (1, 0)
    assert queue.renew([member], 0.5) == 0  # gone back to the queue: not re-leased by a renewal


def test_requests_that_keep_killing_workers_are_set_aside(queue: FifoPriorityQueue) -> None:
    queue.push(Request("http://127.0.0.1/poison"))
    queue.push(Request("http://127.0.0.1/fine", priority=-1))
    for expected in [(1, 0), (1, 0), (0, 1)]:
        request, member = queue.pop_leased(0.1)
        assert request.url.endswith("/poison")
        time.sleep(0.2)
        assert queue.requeue_expired(max_deliveries=3) == expected
    (dead,) = queue.server.lrange(queue.dead_key, 0, -1)
    assert dead == queue_member(member)
    assert redisjson.loads(dead.partition(b":")[2])["url"].endswith("/poison")
    assert _urls(queue) == ["fine"]
    assert queue.server.hlen(queue.deliveries_key) == 0


def test_acknowledging_forgets_the_expiry_count(queue: FifoPriorityQueue) -> None:
    queue.push(Request("http://127.0.0.1/x"))
    queue.pop_leased(0.1)
    time.sleep(0.2)
    queue.requeue_expired(max_deliveries=3)
    _request, member = queue.pop_leased(30)
    assert queue.server.hlen(queue.deliveries_key) == 1
    queue.ack([member])
    assert queue.server.hlen(queue.deliveries_key) == 0


def test_give_back_returns_only_leases_still_held(queue: FifoPriorityQueue) -> None:
    queue.push(Request("http://127.0.0.1/mine"))
    queue.push(Request("http://127.0.0.1/expired"))
    _r1, mine = queue.pop_leased(30)
    _r2, expired = queue.pop_leased(0.1)
    time.sleep(0.2)
    queue.requeue_expired()  # another worker took "expired" back already
    assert queue.give_back([mine, expired]) == 1
    assert sorted(_urls(queue)) == ["expired", "mine"]  # each once: nothing doubled


def test_clear_removes_every_key(queue: FifoPriorityQueue) -> None:
    queue.push(Request("http://127.0.0.1/a"))
    queue.push(Request("http://127.0.0.1/b"))
    queue.pop_leased(0.1)
    time.sleep(0.2)
    queue.requeue_expired(max_deliveries=1)
    queue.pop_leased(30)
    queue.clear()
    assert not queue.server.keys("lease:requests*")
