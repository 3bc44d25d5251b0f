"""The forum slot filter drops queued links whose slot the spider no longer vouches for."""

from __future__ import annotations

from typing import Any

import pytest
import scrapy
from scrapy import Request
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from topiccrawl.middlewares.forumslots import ForumSlotFilterMiddleware, SlotUnwanted


class _Judging(scrapy.Spider):
    name = "judging"

    def slot_unwanted(self, url: str, info: dict[str, Any]) -> str | None:
        return "a poster's page" if info.get("slot") == "T|0:a" and "/profile/" in url else None


class _Plain(scrapy.Spider):
    name = "plain"


def _middleware(spidercls: type[scrapy.Spider]) -> ForumSlotFilterMiddleware:
    crawler = get_crawler(spidercls)
    crawler.spider = crawler._create_spider()
    return build_from_crawler(ForumSlotFilterMiddleware, crawler)


def test_a_link_of_a_slot_the_spider_no_longer_vouches_for_is_dropped_before_fetching() -> None:
    mw = _middleware(_Judging)
    with pytest.raises(SlotUnwanted):
        mw.process_request(Request("http://f.test/profile/ann", meta={"forum": {"slot": "T|0:a"}}))
    assert mw.process_request(Request("http://f.test/discussion/5", meta={"forum": {"slot": "T|0:a"}})) is None
    assert mw.process_request(Request("http://f.test/profile/ann", meta={"forum": {"slot": "L|0:a"}})) is None


def test_redirect_hops_and_other_spiders_are_untouched() -> None:
    hop = Request(
        "http://f.test/profile/ann", meta={"forum": {"slot": "T|0:a"}, "redirect_urls": ["http://f.test/u/1"]}
    )
    assert _middleware(_Judging).process_request(hop) is None
    assert (
        _middleware(_Plain).process_request(Request("http://f.test/profile/ann", meta={"forum": {"slot": "T|0:a"}}))
        is None
    )
