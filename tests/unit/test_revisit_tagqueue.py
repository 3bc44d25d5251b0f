"""The virtual-time queue with per-host politeness: its choice against a brute-force model, and its
heaps staying the size of its hosts however many fetches go through it."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from topiccrawl.revisit.queue import host_of
from topiccrawl.revisit.tagqueue import TagQueue

KEYS = [f"https://h{i % 3}.example/p{i}" for i in range(7)] + ["plain-a", "plain-b"]
GAP, MIN_GAP = 2.0, 0.25


def expected(queue: TagQueue, tags: dict[str, tuple[float, int, float]], last_host: dict[str, float], now: float):
    """What the next fetch must be: the least (tag, seq) of the keys whose host may be fetched at the
    gate; when every host is resting, the first key of the host that wakes first."""
    gate = max(now, queue.last_fetch + MIN_GAP)

    def wake(key: str) -> float:
        host = host_of(key)
        return -math.inf if host is None or host not in last_host else last_host[host] + GAP

    awake = [k for k in tags if wake(k) <= gate]
    if awake:
        key = min(awake, key=lambda k: tags[k][:2])
        return key, max(gate, tags[key][2])
    first_wake = min(wake(k) for k in tags)
    resting = [k for k in tags if wake(k) == first_wake]
    key = min(resting, key=lambda k: tags[k][:2])
    return key, max(first_wake, gate, tags[key][2])


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["push", "push", "fetch", "fetch", "fetch", "discard"]),
        st.integers(0, len(KEYS) - 1),
        st.integers(0, 40).map(lambda i: i / 4.0),  # many equal tags
        st.sampled_from([0.0, 0.1, 1.0, 3.0]),  # how far the clock moves
    ),
    max_size=150,
)


@given(STEPS)
@settings(max_examples=300, deadline=None)
def test_the_next_fetch_is_the_least_tag_among_hosts_that_may_be_fetched(steps) -> None:
    queue = TagQueue(max_rate=1.0 / MIN_GAP, host_gap=GAP)
    tags: dict[str, tuple[float, int, float]] = {}  # key -> (tag, order set, earliest)
    last_host: dict[str, float] = {}
    now = 0.0
    for order, (op, index, tag, advance) in enumerate(steps):
        key = KEYS[index]
        now += advance
        if op == "push":
            earliest = now + advance
            queue.push(key, tag, earliest)
            tags[key] = (tag, order, earliest)
        elif op == "discard":
            queue.discard(key)
            tags.pop(key, None)
        elif tags:
            # fetch what the queue says, when it says, and queue the key again later in virtual time
            got = queue.peek(now)
            assert got is not None
            assert got == expected(queue, tags, last_host, now)
            fetched, when = got
            if (host := host_of(fetched)) is not None:
                last_host[host] = when
            later = tags[fetched][0] + tag
            queue.requeue(fetched, when, later, -math.inf)
            tags[fetched] = (later, order, -math.inf)
            now = when
        else:
            assert queue.peek(now) is None


def test_its_heaps_stay_the_size_of_its_hosts_over_many_fetches() -> None:
    # a key without a host fetched over and over while three polite hosts rest: every requeue used
    # to leave one more entry behind, and each peek walked all of them
    queue = TagQueue(max_rate=100.0, host_gap=3.0)
    keys = KEYS[:-1]  # one key without a host
    for i, key in enumerate(keys):
        queue.push(key, float(i))
    now, counts = 0.0, dict.fromkeys(keys, 0)
    for _ in range(20_000):
        got = queue.peek(now)
        assert got is not None
        key, when = got
        counts[key] += 1
        queue.requeue(key, when, (queue.tag(key) or 0.0) + 1.0, -math.inf)
        now = when
    assert len(queue._active) + len(queue._sleeping) <= 2 * len(keys)
    # the polite hosts still had their turns, one fetch per 3 s each
    fetched_hosts = sum(n for k, n in counts.items() if host_of(k) is not None)
    assert 3 * math.floor(now / 3.0) <= fetched_hosts <= 3 * (math.floor(now / 3.0) + 1)
