"""RFC 9309 outcomes of robots.txt fetches."""

from __future__ import annotations

from topiccrawl.robotspolicy import RobotsOutcome, bounded_crawl_delay, outcome_for, sitemap_urls


def test_outcomes() -> None:
    assert outcome_for(200) is RobotsOutcome.PARSE
    assert outcome_for(404) is RobotsOutcome.ALLOW_ALL
    assert outcome_for(403) is RobotsOutcome.ALLOW_ALL
    assert outcome_for(500) is RobotsOutcome.DISALLOW_ALL
    assert outcome_for(503) is RobotsOutcome.DISALLOW_ALL
    assert outcome_for(None) is RobotsOutcome.DISALLOW_ALL  # unreachable


def test_sitemap_lines() -> None:
    body = b"User-agent: *\nDisallow: /x\nSitemap: https://a.cn/s1.xml\nsitemap:http://a.cn/s2.xml # c\nSitemap: ftp://no\n"
    assert sitemap_urls(body) == ["https://a.cn/s1.xml", "http://a.cn/s2.xml"]
    assert sitemap_urls(b"") == []


def test_crawl_delay_is_capped() -> None:
    assert bounded_crawl_delay(None, 60) is None
    assert bounded_crawl_delay(0, 60) is None
    assert bounded_crawl_delay(2.5, 60) == 2.5
    assert bounded_crawl_delay(3600, 60) == 60
