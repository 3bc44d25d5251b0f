"""SSRF after redirects and at DNS time, and robots.txt sitemaps, against the hostile web."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import FIXTURES, read_jsonl, run_scrapy
from tests.integration.hostile_web import PUBLIC_NETWORKS, hits_on, hostile_web
from topiccrawl.demo.hostile import HostileWeb
from topiccrawl.demo.server import FixtureWeb


@pytest.fixture(scope="module")
def web() -> tuple[HostileWeb, FixtureWeb]:
    with hostile_web(bomb_size=1 << 20, hang_seconds=30) as served:
        yield served


def _fetch(url: str, *settings: str) -> str:
    cli = ["fetch", "-L", "INFO", url, "-s", "TELNETCONSOLE_ENABLED=False"]
    for setting in settings:
        cli += ["-s", setting]
    proc = run_scrapy(*cli, timeout=60)
    return proc.stdout + proc.stderr


def test_redirect_from_a_public_page_to_loopback_is_refused(web: tuple[HostileWeb, FixtureWeb]) -> None:
    hostile, fixture = web
    log = _fetch(hostile.base_urls["main"] + "/to-internal", f"TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS={PUBLIC_NETWORKS}")
    assert "SSRF guard refused" in log
    assert [hit.target for hit in hits_on(fixture, "main")].count("/to-internal") == 1
    assert hits_on(fixture, "internal") == []


def test_names_resolving_to_loopback_are_refused_at_connect_time(web: tuple[HostileWeb, FixtureWeb]) -> None:
    hostile, fixture = web
    port = hostile.base_urls["internal"].rsplit(":", 1)[1]
    log = _fetch(f"http://localhost:{port}/admin")
    assert "resolves to 127.0.0.1" in log
    assert hits_on(fixture, "internal") == []
    # The same fetch with the setting on reaches the server: the refusal was the guard's.
    _fetch(f"http://localhost:{port}/admin", "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES=True")
    assert [hit.target for hit in hits_on(fixture, "internal")] == ["/robots.txt", "/admin"]


def test_sitemaps_named_in_robots_txt_are_exposed(web: tuple[HostileWeb, FixtureWeb], tmp_path: Path) -> None:
    hostile, _fixture = web
    out = tmp_path / "locs.jsonl"
    proc = run_scrapy(
        "runspider",
        str(FIXTURES / "sitemap_probe.py"),
        "-a",
        f"url={hostile.base_urls['main']}/",
        "-O",
        f"{out}:jsonlines",
        "-s",
        f"TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS={PUBLIC_NETWORKS}",
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    locs = {row["loc"] for row in read_jsonl(out)}
    assert locs == {hostile.page_url(page) for page in hostile.pages}
