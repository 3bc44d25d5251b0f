"""``scrapy crawl forum`` on PHPWind 8.7 served in GBK (``topiccrawl.demo.forum_phpwind``), an engine
written by a reviewer who had not read the spider.

Its board index puts each category's boards in a table of their own (one or two boards at this
size), framed like the box of latest threads beside them; a thread's page frames its posts like
its toolbar and reply form, and its pager adds ``&fpage=0&toread=`` beside the page number. Each
thread is also shown one member's posts at a time (``&uid=``), newest first (``ordertype=desc``)
and as a print view. Not in ``FORUMS``: held out, and measured by ``benchmarks/forum_heldout.py``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from tests.integration.test_forum_crawl import _crawl, _score
from topiccrawl.demo.forum_phpwind import PhpwindForum
from topiccrawl.demo.server import FixtureWeb


def test_phpwind_boards_threads_and_their_later_pages_are_read_and_views_left(
    serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    site = PhpwindForum(size=0.3)
    result, hits, _base = _crawl(serve, site, tmp_path)
    coverage, effectiveness = _score(site, hits)
    # was 0.53 and 0.34: no board was read (their categories repeat no row), no thread's later
    # page (its pager's links add two numbers at once), and one-post pages read as lists made
    # every login prompt and quote form one too. (Now 0.88-1.0, and 0.34-0.93 as requests come
    # back in another order: README, "Forum spider".)
    assert coverage >= 0.85
    assert effectiveness >= 0.3
    boards = {h.target for h in hits if site.classify(h.target) == "board"}
    assert len(boards) >= 5
    # each record the right post at its place: its poster too, for a post dropped early in a
    # thread (the first, which alone carries the thread's title) moves every later one up
    truth = {(p.thread_title, p.position, p.author) for p in site.posts()}
    exact = [i for i in result.items if (i["thread_title"], i["position"], i["author"]) in truth]
    assert len(exact) >= 0.9 * len(truth)  # (was 237 records of 620 at best; 34 with the right poster in most)
    # a member's posts only, newest first: their posts are the thread's, read there
    views = [i for i in result.items if {"uid", "ordertype"} & set(parse_qs(urlsplit(i["page_url"]).query))]
    assert not views
