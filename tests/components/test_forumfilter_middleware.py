"""The forum request filter drops redirects to targets the spider knows are unwanted, and queued
links whose slot the spider no longer vouches for."""

from __future__ import annotations

from typing import Any

import pytest
import scrapy
from scrapy import Request
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from topiccrawl.middlewares.forumfilter import ForumRequestFilterMiddleware, RedirectUnwanted, SlotUnwanted


class _Judging(scrapy.Spider):
    name = "judging"

    def redirect_unwanted(self, url: str) -> str | None:
        return "of an unwanted URL pattern" if "/member.php" in url else None

    def slot_unwanted(self, url: str, info: dict[str, Any]) -> str | None:
        return "a poster's page" if info.get("slot") == "T|0:a" and "/profile/" in url else None


class _Plain(scrapy.Spider):
    name = "plain"


def _middleware(spidercls: type[scrapy.Spider]) -> ForumRequestFilterMiddleware:
    crawler = get_crawler(spidercls)
    crawler.spider = crawler._create_spider()
    return build_from_crawler(ForumRequestFilterMiddleware, crawler)


def test_a_redirect_to_an_unwanted_target_is_dropped_before_fetching() -> None:
    mw = _middleware(_Judging)
    hop = Request("http://f.test/member.php?u=3", meta={"redirect_urls": ["http://f.test/m.php?find=last&t=5"]})
    with pytest.raises(RedirectUnwanted):
        mw.process_request(hop)


def test_first_requests_wanted_targets_and_same_url_challenges_pass() -> None:
    mw = _middleware(_Judging)
    assert mw.process_request(Request("http://f.test/member.php?u=3")) is None  # not a redirect
    ok = Request("http://f.test/thread?t=5", meta={"redirect_urls": ["http://f.test/goto?t=5"]})
    assert mw.process_request(ok) is None
    same = Request("http://f.test/member.php?u=3", meta={"redirect_urls": ["http://f.test/member.php?u=3"]})
    assert mw.process_request(same) is None  # a cookie challenge comes back to its own URL


def test_a_link_of_a_slot_the_spider_no_longer_vouches_for_is_dropped_before_fetching() -> None:
    mw = _middleware(_Judging)
    with pytest.raises(SlotUnwanted):
        mw.process_request(Request("http://f.test/profile/ann", meta={"forum": {"slot": "T|0:a"}}))
    assert mw.process_request(Request("http://f.test/discussion/5", meta={"forum": {"slot": "T|0:a"}})) is None
    assert mw.process_request(Request("http://f.test/profile/ann", meta={"forum": {"slot": "L|0:a"}})) is None


def test_a_redirect_hop_is_judged_as_a_redirect_only() -> None:
    hop = Request(
        "http://f.test/profile/ann", meta={"forum": {"slot": "T|0:a"}, "redirect_urls": ["http://f.test/u/1"]}
    )
    assert _middleware(_Judging).process_request(hop) is None


def test_other_spiders_are_untouched() -> None:
    mw = _middleware(_Plain)
    hop = Request("http://f.test/member.php?u=3", meta={"redirect_urls": ["http://f.test/x"]})
    assert mw.process_request(hop) is None
    assert mw.process_request(Request("http://f.test/profile/ann", meta={"forum": {"slot": "T|0:a"}})) is None
