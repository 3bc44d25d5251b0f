"""Channel secrets that read like words (an ntfy topic, a webhook path, a query value) never reach logs or the outbox.

Apprise logs an ntfy topic at INFO and a whole unusable URL at ERROR; urllib3 logs request
paths at DEBUG. Real local receivers, real Apprise, logging at DEBUG.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import run_scrapy
from tests.integration.notify_receivers import WebhookReceiver
from topiccrawl.notify.backoff import Backoff
from topiccrawl.notify.channels import describe, is_usable, send
from topiccrawl.notify.message import EventView, render
from topiccrawl.notify.outbox_worker import OutboxConfig, OutboxWorker
from topiccrawl.store.db import STATE_DB_NAME
from topiccrawl.store.events import EventStore, NewEvent

pytestmark = pytest.mark.integration

SECRETS = ["myPrivateTopic", "SecretHookPath", "SecretParamValue", "DiscordWebhookTokenAbc"]


@pytest.fixture
def failing_receiver() -> Iterator[WebhookReceiver]:
    receiver = WebhookReceiver(fail_first=10_000).start()  # answers 500 to everything
    yield receiver
    receiver.stop()


def channel_urls(port: int) -> list[str]:
    return [
        f"ntfy://127.0.0.1:{port}/myPrivateTopic",
        f"json://127.0.0.1:{port}/hooks/SecretHookPath?-X=SecretParamValue",
    ]


def test_failed_sends_log_and_store_no_topic_path_or_query_value(
    tmp_path: Path, failing_receiver: WebhookReceiver, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    store = EventStore.open(tmp_path)
    store.add_event(
        NewEvent("new_item", "t", None, "http://w/", "http://w/1", "one", "follow"),
        channel_urls(failing_receiver.port),
        now=0.0,
    )
    config = OutboxConfig(fold_window=0.0, timeout=5.0, backoff=Backoff(base=60, cap=60, jitter=0))
    report = OutboxWorker(store, config).drain_once(flush=True)
    assert report.messages_failed == 2  # both reached the receiver and were refused
    errors = [e.last_error or "" for e in store.entries()]
    assert all(errors)
    # the records did quote the channels (so the test looks where a leak would be) ...
    assert any("topic" in r.getMessage() for r in caplog.records if r.name == "apprise")
    assert any("POST" in r.getMessage() for r in caplog.records if r.name.startswith("urllib3"))
    logged = caplog.text + "\n".join(errors)
    for secret in SECRETS[:3]:
        assert secret not in logged, secret


def test_unusable_url_is_not_quoted_by_apprise(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    url = "ntfy://mysecrettopic?mode=publik"
    assert not is_usable(url)
    assert describe(url) == "<unusable ntfy URL>"
    assert any(r.name == "apprise" and r.levelno >= logging.ERROR for r in caplog.records)  # Apprise did complain
    assert "mysecrettopic" not in caplog.text
    assert "publik" not in caplog.text


def test_a_discord_token_without_digits_is_scrubbed(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    url = "discord://111222333/DiscordWebhookTokenAbc"
    view = EventView(1, "new_item", "http://w/", "http://w/1", "one", "t")
    # discord.com does not resolve here: the request fails, and urllib3/Apprise log the attempt
    result = send(url, render([view]), timeout=2)
    assert not result.ok
    assert "DiscordWebhookTokenAbc" not in caplog.text + (result.error or "")


def test_cli_test_and_run_print_no_secret(tmp_path: Path, failing_receiver: WebhookReceiver) -> None:
    state = tmp_path / "state"
    store = EventStore.open(state)
    store.add_event(
        NewEvent("new_item", "t", None, "http://w/", "http://w/1", "one", "follow"),
        channel_urls(failing_receiver.port),
        now=0.0,
    )
    store.close()
    settings = ["-s", f"TOPICCRAWL_STATE_DIR={state}", "-s", "LOG_LEVEL=DEBUG"]
    runs = [
        run_scrapy("notify", "run", *settings),
        run_scrapy("notify", "test", f"ntfy://127.0.0.1:{failing_receiver.port}/myPrivateTopic", *settings),
        run_scrapy("notify", "test", "ntfy://myPrivateTopic?mode=SecretParamValue", *settings),
    ]
    assert [p.returncode for p in runs] == [1, 1, 1]
    output = "\n".join(p.stdout + p.stderr for p in runs)
    assert "127.0.0.1" in output
    for secret in SECRETS[:3]:
        assert secret not in output, secret
    with sqlite3.connect(state / STATE_DB_NAME) as conn:
        stored = " ".join(str(r[0]) for r in conn.execute("SELECT last_error FROM outbox"))
    assert "refused" in stored or "500" in stored or "Failed" in stored
    assert not any(s in stored for s in SECRETS)
