"""Redirect guard: cookie challenges retried once, non-HTTP schemes refused."""

from __future__ import annotations

import pytest
from scrapy import Request
from scrapy.exceptions import IgnoreRequest
from scrapy.http import Response
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from topiccrawl.middlewares.redirects import RedirectGuardMiddleware


def _mw() -> RedirectGuardMiddleware:
    crawler = get_crawler()
    crawler.stats.open_spider()
    return build_from_crawler(RedirectGuardMiddleware, crawler)


def _redirect(url: str, location: str, cookie: bool) -> Response:
    headers = {"Location": location, **({"Set-Cookie": "c=1; Path=/"} if cookie else {})}
    return Response(url, status=302, headers=headers)


def test_self_redirect_with_cookie_is_retried_once_past_the_dupefilter() -> None:
    mw = _mw()
    request = Request("http://a.cn/challenge")
    retry = mw.process_response(request, _redirect(request.url, "/challenge", cookie=True))
    assert isinstance(retry, Request)
    assert retry.url == request.url and retry.dont_filter
    again = mw.process_response(retry, _redirect(request.url, "/challenge", cookie=True))
    assert isinstance(again, Response)  # bounded: handed on to the redirect middleware


def test_other_redirects_pass_through() -> None:
    mw = _mw()
    request = Request("http://a.cn/a")
    for response in (_redirect(request.url, "/b", cookie=True), _redirect(request.url, "/a", cookie=False)):
        assert mw.process_response(request, response) is response


@pytest.mark.parametrize("location", ["file:///etc/passwd", "data:text/html,x", "ftp://a.cn/x", "javascript:alert(1)"])
def test_non_http_redirects_are_refused_with_a_warning(location: str, caplog: pytest.LogCaptureFixture) -> None:
    mw = _mw()
    with caplog.at_level("WARNING"), pytest.raises(IgnoreRequest):
        mw.process_response(Request("http://a.cn/x"), _redirect("http://a.cn/x", location, cookie=False))
    assert "Refused redirect from http://a.cn/x" in caplog.text
    assert mw.crawler.stats.get_value("topiccrawl/redirect/refused_scheme") == 1
