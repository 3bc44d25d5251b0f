"""SSRF through a proxy: the proxy resolves the target, so the guard resolves proxied names itself.

A real forwarding proxy on 127.0.0.2 and a real page server on 127.0.0.1; crawls run as
``scrapy runspider`` subprocesses. ``localhost`` resolves to 127.0.0.1, which the guard refuses.
Scrapy reaches even a literal-IP proxy through the resolver, so the proxy's own address is
allowed (``TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS``); without that, the guard would refuse the
connection to the proxy and a refusal here would prove nothing.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import FIXTURES, read_jsonl, run_scrapy
from topiccrawl.demo.server import FixtureServer, Reply, SiteRequest, html

PROXY_HOST = "127.0.0.2"
PAGE_TEXT = "behind the proxy"
VIA_PROXY = "topiccrawl/ssrf/refused/private_address_via_proxy"
LOOKUPS = "topiccrawl/ssrf/proxy_lookups"
# Blank every proxy variable the test process may have: each crawl sets only the ones it needs.
NO_PROXY_ENV = {
    name: "" for base in ("http", "https", "all", "no") for name in (f"{base}_proxy", f"{base.upper()}_PROXY")
}


class Page:
    def handle(self, request: SiteRequest) -> Reply:
        return html(f"<html><head><title>internal</title></head><body><p>{PAGE_TEXT}</p></body></html>")


class ForwardingProxy:
    """A forward HTTP proxy: relays GETs for absolute URIs, resolving their hosts itself."""

    def __init__(self) -> None:
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never proxied itself

    def handle(self, request: SiteRequest) -> Reply:
        if not request.target.startswith("http://"):
            return Reply(400, b"absolute URI expected")
        try:
            with self.opener.open(request.target, timeout=10) as upstream:
                status, headers, body = upstream.status, upstream.headers, upstream.read()
        except urllib.error.HTTPError as error:
            status, headers, body = error.code, error.headers, error.read()
        return Reply(status, body, {"Content-Type": headers.get("Content-Type", "application/octet-stream")})


@pytest.fixture
def servers() -> Iterator[tuple[FixtureServer, FixtureServer]]:
    with FixtureServer(Page()) as page, FixtureServer(ForwardingProxy(), PROXY_HOST) as proxy:
        yield page, proxy


def _probe(
    out: Path,
    *,
    direct: list[str] | None = None,
    proxied: list[str] | None = None,
    proxy: str = "",
    env: dict[str, str] | None = None,
    settings: dict[str, object] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any], str]:
    """Run the proxy_probe spider; its items (one per URL: a page or an error), stats and log."""
    out.mkdir(parents=True)
    cli = ["runspider", str(FIXTURES / "proxy_probe.py"), "-O", f"{out / 'items.jsonl'}:jsonlines"]
    cli += [
        "-a",
        f"direct={','.join(direct or [])}",
        "-a",
        f"proxied={','.join(proxied or [])}",
        "-a",
        f"proxy={proxy}",
    ]
    merged = {
        "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": False,
        "TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS": f"{PROXY_HOST}/32",
        "TOPICCRAWL_STATS_FILE": out / "stats.json",
        "TELNETCONSOLE_ENABLED": False,
        # robots.txt requests pass the guard like any other, but a refused one disallows the
        # whole host and hides how the page request itself fared (its robots.txt request
        # carries no meta["proxy"] and would meet the resolver instead).
        "ROBOTSTXT_OBEY": False,
        "RETRY_ENABLED": False,
        **(settings or {}),
    }
    for name, value in merged.items():
        cli += ["-s", f"{name}={value}"]
    proc = run_scrapy(*cli, env={**NO_PROXY_ENV, **(env or {})}, timeout=60)
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log[-3000:]
    stats = json.loads((out / "stats.json").read_text(encoding="utf-8"))
    return read_jsonl(out / "items.jsonl"), stats, log


@pytest.mark.parametrize("how", ["meta", "environment"])
def test_proxied_names_resolving_to_loopback_are_refused_before_the_proxy_sees_them(
    servers: tuple[FixtureServer, FixtureServer], tmp_path: Path, how: str
) -> None:
    page, proxy = servers
    port = page.base_url.rsplit(":", 1)[1]
    urls = [f"http://localhost:{port}/one", f"http://localhost:{port}/two"]
    # meta["proxy"] set by the spider, or http_proxy in the environment (applied by HttpProxyMiddleware)
    route: dict[str, Any] = (
        {"proxied": urls, "proxy": proxy.base_url}
        if how == "meta"
        else {"direct": urls, "env": {"http_proxy": proxy.base_url}}
    )

    items, stats, log = _probe(tmp_path / "guarded", **route)
    assert sorted(item["url"] for item in items) == urls
    assert all(item.get("error", "").startswith("IgnoreRequest: SSRF guard") for item in items), items
    assert stats[VIA_PROXY] == 2
    assert stats[LOOKUPS] == 1  # one lookup per host, cached
    assert f"localhost:{port}/one (private_address_via_proxy: localhost resolves to 127.0.0.1)" in log
    assert proxy.log.hits() == []
    assert page.log.hits() == []

    # The same crawl with private addresses allowed goes through the proxy and gets the
    # page: the proxy works, so the refusal above was the guard's.
    items, stats, _ = _probe(tmp_path / "allowed", settings={"TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": True}, **route)
    assert sorted((item["url"], item.get("status"), PAGE_TEXT in item.get("text", "")) for item in items) == [
        (url, 200, True) for url in urls
    ]
    assert sorted(hit.target for hit in proxy.log.hits()) == urls  # absolute URIs: a proxy's requests
    assert sorted(hit.target for hit in page.log.hits()) == ["/one", "/two"]
    assert VIA_PROXY not in stats
    assert LOOKUPS not in stats  # nothing to check when every address is allowed


def test_no_proxy_hosts_go_direct_and_meet_the_resolver(
    servers: tuple[FixtureServer, FixtureServer], tmp_path: Path
) -> None:
    page, proxy = servers
    port = page.base_url.rsplit(":", 1)[1]
    direct, proxied = f"http://localhost:{port}/direct", f"http://localhost:{port}/proxied"
    items, stats, log = _probe(
        tmp_path / "crawl",
        direct=[direct],  # no_proxy'd: HttpProxyMiddleware sends it direct
        proxied=[proxied],  # meta["proxy"] outranks no_proxy
        proxy=proxy.base_url,
        env={"http_proxy": proxy.base_url, "no_proxy": "localhost"},
        settings={"TOPICCRAWL_SSRF_PROXY_DNS_TTL": 0.0},  # no cache: every proxied request is looked up
    )
    errors = {item["url"]: item.get("error", "") for item in items}
    assert set(errors) == {direct, proxied}
    # The direct request passed the middleware and was refused by the resolver at connect time ...
    assert errors[direct].startswith("CannotResolveHostError"), errors
    assert "SSRF guard refused localhost: it resolves to 127.0.0.1" in log
    # ... only the proxied one was looked up and refused by the middleware.
    assert errors[proxied].startswith("IgnoreRequest: SSRF guard"), errors
    assert stats[LOOKUPS] == 1
    assert stats[VIA_PROXY] == 1
    assert proxy.log.hits() == []
    assert page.log.hits() == []
