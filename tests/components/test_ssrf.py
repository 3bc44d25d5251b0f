"""SSRF guard: the downloader middleware and the resolver check."""

from __future__ import annotations

import asyncio

import pytest
from scrapy import Request
from scrapy.downloadermiddlewares.httpproxy import HttpProxyMiddleware
from scrapy.exceptions import IgnoreRequest
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from topiccrawl.middlewares import ssrf
from topiccrawl.middlewares.ssrf import AddressPolicy, SafeResolver, SSRFGuardMiddleware, UnsafeAddressError


def _middleware(**settings: object) -> SSRFGuardMiddleware:
    crawler = get_crawler(settings_dict={"TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": False, **settings})
    crawler.stats.open_spider()
    return build_from_crawler(SSRFGuardMiddleware, crawler)


def _check(mw: SSRFGuardMiddleware, request: Request) -> None:
    """Run the middleware's (async) check; requests that need no DNS lookup never wait on the reactor."""
    return asyncio.run(mw.process_request(request))


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/admin",
        "http://10.0.0.5/",
        "http://192.168.1.1:8080/",
        "http://169.254.169.254/latest/meta-data/",  # cloud metadata (link-local)
        "http://100.64.0.1/",  # CGNAT
        "http://[::1]/",
        "http://[::ffff:127.0.0.1]/",  # IPv4-mapped
        "file:///etc/passwd",
        "ftp://8.8.8.8/",
    ],
)
def test_refuses_private_targets_and_other_schemes(url: str) -> None:
    mw = _middleware()
    with pytest.raises(IgnoreRequest):
        _check(mw, Request(url))
    assert sum(v for k, v in mw.crawler.stats.get_stats().items() if k.startswith("topiccrawl/ssrf/refused/")) == 1


def test_public_and_named_hosts_pass_the_middleware() -> None:
    mw = _middleware()
    assert _check(mw, Request("data:,")) is None  # no network, no files: a spider's own wake-up
    assert _check(mw, Request("http://93.184.216.34/")) is None
    # Names are checked by the resolver at connect time, not here.
    assert _check(mw, Request("http://example.org/")) is None


def test_redirected_request_is_checked_like_any_other() -> None:
    mw = _middleware()
    redirected = Request("http://127.0.0.1/secret", meta={"redirect_times": 1, "redirect_urls": ["http://a.cn/"]})
    with pytest.raises(IgnoreRequest):
        _check(mw, redirected)


def test_setting_and_allowlist() -> None:
    assert _check(_middleware(TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES=True), Request("http://127.0.0.1/")) is None
    mw = _middleware(TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS=["10.1.0.0/16"])
    assert _check(mw, Request("http://10.1.2.3/")) is None
    with pytest.raises(IgnoreRequest):
        _check(mw, Request("http://10.2.0.1/"))


def test_resolver_refuses_private_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ssrf, "_CRAWLER_POLICIES", [])
    resolver = SafeResolver.__new__(SafeResolver)  # only the answer check, no reactor needed
    resolver.policy = AddressPolicy(allow_private=False)
    assert resolver._check("93.184.216.34", "example.org") == "93.184.216.34"
    for address in ("127.0.0.1", "10.0.0.1", "169.254.169.254", "100.100.1.1"):
        with pytest.raises(UnsafeAddressError):
            resolver._check(address, "rebind.example")


def test_resolver_follows_crawlers_only_when_all_allow(monkeypatch: pytest.MonkeyPatch) -> None:
    resolver = SafeResolver.__new__(SafeResolver)
    resolver.policy = AddressPolicy(allow_private=False)
    monkeypatch.setattr(ssrf, "_CRAWLER_POLICIES", [AddressPolicy(True), AddressPolicy(True)])
    assert resolver._check("127.0.0.1", "localhost") == "127.0.0.1"
    monkeypatch.setattr(ssrf, "_CRAWLER_POLICIES", [AddressPolicy(True), AddressPolicy(False)])
    with pytest.raises(UnsafeAddressError):
        resolver._check("127.0.0.1", "localhost")


_PROXY_VARIABLES = ("http_proxy", "https_proxy", "no_proxy", "all_proxy")


@pytest.mark.parametrize(
    "environment",
    [
        {},
        {"http_proxy": "http://127.0.0.1:3128"},
        {"http_proxy": "http://127.0.0.1:3128", "no_proxy": "localhost,.corp"},
        {"https_proxy": "http://proxy.example:3128", "NO_PROXY": "example.org"},
        {"http_proxy": "http://127.0.0.1:3128", "https_proxy": "http://127.0.0.1:3128", "no_proxy": "*"},
        {"http_proxy": "/var/run/docker.sock"},  # unparsable: HttpProxyMiddleware skips it
    ],
)
@pytest.mark.parametrize("enabled", [True, False])
def test_proxy_decision_is_the_one_httpproxymiddleware_makes_later(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], enabled: bool
) -> None:
    for name in _PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.upper(), raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    mw = _middleware(HTTPPROXY_ENABLED=enabled)
    proxy_mw = HttpProxyMiddleware.from_crawler(get_crawler(settings_dict={})) if enabled else None
    requests = [
        Request("http://localhost:8080/"),
        Request("https://intranet.corp/"),
        Request("http://a.corp/"),
        Request("https://example.org/x"),
        Request("http://example.org/", meta={"proxy": "http://127.0.0.1:3128"}),  # the spider's proxy wins
        Request("http://example.org/", meta={"proxy": None}),  # ... and so does its "no proxy"
        Request("http://example.org/", meta={"proxy": ""}),
    ]
    for request in requests:
        applied = request.copy()
        if proxy_mw is not None:
            proxy_mw.process_request(applied)
        assert mw.uses_proxy(request) is bool(applied.meta.get("proxy")), (request, request.meta, environment)


def test_no_lookup_when_private_addresses_are_allowed() -> None:
    mw = _middleware(TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES=True)
    request = Request("http://localhost:8080/", meta={"proxy": "http://127.0.0.1:3128"})
    assert mw.uses_proxy(request)
    assert _check(mw, request) is None
    assert "topiccrawl/ssrf/proxy_lookups" not in mw.crawler.stats.get_stats()
