"""Trap guard (spider middleware) and per-host budget (downloader middleware)."""

from __future__ import annotations

import pytest
from scrapy import Request
from scrapy.crawler import Crawler
from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.http import HtmlResponse
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from topiccrawl.middlewares.traps import HostBudgetMiddleware, TrapGuardMiddleware


def _crawler(**settings: object) -> Crawler:
    crawler = get_crawler(settings_dict=settings)
    crawler.stats.open_spider()
    return crawler


def test_session_ids_are_stripped_from_spider_requests() -> None:
    mw = build_from_crawler(TrapGuardMiddleware, _crawler())
    page = HtmlResponse("http://a.cn/", body=b"<html></html>")
    out = list(mw.process_spider_output(page, [Request("http://a.cn/t?sid=abc&tid=3"), {"item": 1}]))
    assert out[0].url == "http://a.cn/t?tid=3"
    assert out[1] == {"item": 1}
    assert mw.crawler.stats.get_value("topiccrawl/traps/session_stripped") == 1


def test_start_requests_are_fetched_as_given() -> None:
    mw = build_from_crawler(TrapGuardMiddleware, _crawler())
    (out,) = mw.process_spider_output(None, [Request("http://a.cn/forum.php?mod=list&fid=2")])
    assert out.url == "http://a.cn/forum.php?mod=list&fid=2"


def test_trap_urls_are_dropped_and_counted(caplog: pytest.LogCaptureFixture) -> None:
    mw = build_from_crawler(TrapGuardMiddleware, _crawler(TOPICCRAWL_MAX_QUERY_PARAMS=3))
    requests = [
        Request("http://a.cn/x/x/x/x/"),
        Request("http://a.cn/x/x/x/x/x/"),
        Request("http://a.cn/g?a=1&b=1&c=1&d=1"),
        Request("http://a.cn/fine?a=1"),
    ]
    with caplog.at_level("INFO"):
        out = list(mw.process_spider_output(None, requests))
    assert [r.url for r in out] == ["http://a.cn/fine?a=1"]
    assert mw.crawler.stats.get_value("topiccrawl/traps/repeated_segments") == 2
    assert mw.crawler.stats.get_value("topiccrawl/traps/query_params") == 1
    assert sum("repeated_segments" in r.getMessage() for r in caplog.records) == 1  # logged once per reason


def test_host_budget() -> None:
    mw = build_from_crawler(HostBudgetMiddleware, _crawler(TOPICCRAWL_HOST_PAGE_BUDGET=2))
    robots = Request("http://a.cn/robots.txt", meta={"dont_obey_robotstxt": True})
    for _ in range(3):
        mw.process_request(robots)  # robots.txt is free
    mw.process_request(Request("http://a.cn/1"))
    mw.process_request(Request("http://a.cn/2"))
    with pytest.raises(IgnoreRequest):
        mw.process_request(Request("http://a.cn/3"))
    mw.process_request(Request("http://b.cn/1"))  # other hosts have their own budget
    assert mw.crawler.stats.get_value("topiccrawl/traps/host_budget") == 1


def test_budget_zero_disables() -> None:
    with pytest.raises(NotConfigured):
        build_from_crawler(HostBudgetMiddleware, _crawler(TOPICCRAWL_HOST_PAGE_BUDGET=0))


def test_a_redirector_link_is_fetched_as_the_url_it_carries() -> None:
    mw = build_from_crawler(TrapGuardMiddleware, _crawler())
    page = HtmlResponse("http://a.cn/news/1.html", body=b"<html></html>")
    links = [
        Request("http://a.cn/go?url=http%3A%2F%2Fb.cn%2Fa%2F7.html%3Fsid%3Dx", meta={"anchor": "t"}),
        Request("http://a.cn/article?id=5&from=http%3A%2F%2Fa.cn%2Flist%2F"),  # an article, not a redirector
    ]
    out = list(mw.process_spider_output(page, links))
    # the carried URL, its session id stripped like any link's, the link's meta kept
    assert out[0].url == "http://b.cn/a/7.html"
    assert out[0].meta["anchor"] == "t"
    assert out[0].meta["redirector"] == "http://a.cn/go?url=http%3A%2F%2Fb.cn%2Fa%2F7.html%3Fsid%3Dx"
    assert out[1].url == "http://a.cn/article?id=5&from=http%3A%2F%2Fa.cn%2Flist%2F"
    assert mw.crawler.stats.get_value("topiccrawl/redirectors_unwrapped") == 1


def test_redirector_links_are_followed_as_they_are_when_unwrapping_is_off() -> None:
    mw = build_from_crawler(TrapGuardMiddleware, _crawler(TOPICCRAWL_UNWRAP_REDIRECTORS=False))
    page = HtmlResponse("http://a.cn/", body=b"<html></html>")
    (out,) = mw.process_spider_output(page, [Request("http://a.cn/out?u=http://b.cn/p/1")])
    assert out.url == "http://a.cn/out?u=http://b.cn/p/1"
