"""The outbox worker's retry, folding and at-most-once logic, with an injected clock and a recording channel."""

from __future__ import annotations

from pathlib import Path

from topiccrawl.notify.backoff import Backoff
from topiccrawl.notify.channels import SendResult
from topiccrawl.notify.message import Message
from topiccrawl.notify.outbox_worker import OutboxConfig, OutboxWorker
from topiccrawl.store.events import DONE, FAILED, PENDING, EventStore, NewEvent

URL = "json://127.0.0.1:9/hook?token=SeCrEt999"


class Channel:
    """Stands in for the network: up or down, and remembers what it accepted."""

    def __init__(self) -> None:
        self.up = True
        self.received: list[Message] = []

    def __call__(self, url: str, message: Message, *, timeout: float) -> SendResult:
        if not self.up:
            return SendResult(False, "connection refused")
        self.received.append(message)
        return SendResult(True)


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def setup(tmp_path: Path, **cfg: object) -> tuple[EventStore, OutboxWorker, Channel, Clock]:
    store = EventStore.open(tmp_path)
    channel, clock = Channel(), Clock()
    config = OutboxConfig(backoff=Backoff(base=10.0, cap=100.0, jitter=0.0), **cfg)  # type: ignore[arg-type]
    return store, OutboxWorker(store, config, sender=channel, clock=clock), channel, clock


def add(store: EventStore, clock: Clock, title: str, watch_id: int = 1) -> None:
    store.add_event(
        NewEvent("new_item", "t", watch_id, "http://w/", f"http://w/{title}", title, "monitor"), [URL], now=clock()
    )


def test_burst_folds_into_one_message_after_the_window(tmp_path: Path) -> None:
    store, worker, channel, clock = setup(tmp_path, fold_window=30.0)
    for i in range(3):
        add(store, clock, f"item{i}")
        clock.t += 5
    assert worker.drain_once().messages_sent == 0  # held: more may come
    clock.t += 30
    report = worker.drain_once()
    assert (report.messages_sent, report.events_sent) == (1, 3)
    assert all(f"http://w/item{i}" in channel.received[0].text for i in range(3))


def test_down_channel_is_retried_with_backoff_and_sent_once(tmp_path: Path) -> None:
    store, worker, channel, clock = setup(tmp_path, fold_window=0.0)
    add(store, clock, "x")
    channel.up = False
    assert worker.drain_once().messages_failed == 1
    assert worker.drain_once().messages_failed == 0  # not due yet (10 s backoff)
    clock.t += 10
    assert worker.drain_once().messages_failed == 1
    clock.t += 19
    assert worker.drain_once().messages_failed == 0  # second backoff is 20 s
    channel.up = True
    clock.t += 1
    assert worker.drain_once().events_sent == 1
    clock.t += 1000
    assert worker.drain_once().events_sent == 0
    assert len(channel.received) == 1
    (entry,) = store.entries()
    assert (entry.state, entry.attempts) == (DONE, 3)


def test_gives_up_after_max_attempts(tmp_path: Path) -> None:
    store, worker, channel, clock = setup(tmp_path, fold_window=0.0, max_attempts=2)
    add(store, clock, "x")
    channel.up = False
    worker.drain_once()
    clock.t += 100
    assert worker.drain_once().events_given_up == 1
    assert [e.state for e in store.entries()] == [FAILED]


def test_a_down_channel_costs_one_attempt_per_drain_not_one_per_message(tmp_path: Path) -> None:
    store, worker, channel, clock = setup(tmp_path, fold_window=0.0)
    for watch in range(4):  # four watches: four separate messages
        add(store, clock, f"w{watch}", watch_id=watch)
    channel.up = False
    report = worker.drain_once()
    assert report.messages_failed == 1
    attempts = sorted(e.attempts for e in store.entries())
    assert attempts == [0, 0, 0, 1]
    assert store.due(clock()) == []  # all postponed to the channel's retry time
    channel.up = True
    clock.t += 10
    assert worker.drain_once().messages_sent == 4


def test_one_shot_runs_ahead_of_the_backoff_do_not_use_up_the_attempts(tmp_path: Path) -> None:
    """`scrapy notify run` from cron every minute during a two-hour outage: each run tries, but only
    the tries the backoff schedule (10, 20, 40, 80, then 100 s) had come to count as attempts."""
    store, worker, channel, clock = setup(tmp_path, fold_window=0.0, max_attempts=100)
    add(store, clock, "x")
    channel.up = False
    expected, next_due = 0, clock()
    for _minute in range(120):
        assert worker.drain_once(flush=True, retry_now=True).messages_failed == 1  # tried every time
        if clock() >= next_due:
            expected += 1
            next_due = clock() + min(100.0, 10.0 * 2 ** (expected - 1))
        clock.t += 60
    (entry,) = store.entries()
    assert expected == 62  # minutes 0-3, then every second minute once the 100 s cap is reached
    assert (entry.state, entry.attempts) == (PENDING, expected)
    channel.up = True
    assert worker.drain_once(flush=True, retry_now=True).events_sent == 1


def test_early_attempts_keep_the_row_and_its_schedule(tmp_path: Path) -> None:
    store, worker, channel, clock = setup(tmp_path, fold_window=0.0, max_attempts=2)
    add(store, clock, "x")
    channel.up = False
    worker.drain_once()  # due: attempt 1, next in 10 s
    (before,) = store.entries()
    for _ in range(5):
        clock.t += 1  # still inside the 10 s backoff
        assert worker.drain_once(retry_now=True).events_given_up == 0
    (after,) = store.entries()
    assert (after.state, after.attempts, after.next_attempt_at) == (PENDING, 1, before.next_attempt_at)
    clock.t += 10
    assert worker.drain_once(retry_now=True).events_given_up == 1  # the due attempt 2 counts
    assert [e.state for e in store.entries()] == [FAILED]


def test_failed_rows_can_be_queued_again(tmp_path: Path) -> None:
    store, worker, channel, clock = setup(tmp_path, fold_window=0.0, max_attempts=1)
    add(store, clock, "x")
    channel.up = False
    assert worker.drain_once().events_given_up == 1
    assert store.retry_failed(now=clock()) == 1
    (entry,) = store.entries()
    assert (entry.state, entry.attempts) == (PENDING, 0)
    channel.up = True
    assert worker.drain_once().events_sent == 1
    assert store.retry_failed(now=clock()) == 0


def test_a_crawls_folded_events_are_sent_as_the_crawls_message(tmp_path: Path) -> None:
    store, worker, channel, clock = setup(tmp_path, fold_window=0.0)
    for name in ("a", "b"):
        page = f"http://news.example/{name}.html"
        store.add_event(NewEvent("new_item", "t", None, page, page, name, "follow"), [URL], now=clock())
    assert worker.drain_once().messages_sent == 1
    assert channel.received[0].title == "[topiccrawl] 2 changes found by crawl follow on news.example"
