"""``scrapy crawl forum`` on Vanilla 2.8 (``topiccrawl.demo.forum_vanilla``) and Douban groups
(``topiccrawl.demo.forum_douban``), both written by reviewers who had not read the spider.

Both put a thread's opening post in a template of its own above the list of replies (Vanilla's
``div.ItemDiscussion`` before ``ul.Comments``, Douban's ``div.topic-doc`` before ``ul#comments``),
so the opening post is no record of the replies' region. Vanilla's replies each carry a bar of
eight reaction buttons and a member's page reads as a stream of posts, named by the poster's
link; Douban repeats its most-liked replies above the list, in the list's markup. Not in
``FORUMS``: held out, and measured by ``benchmarks/forum_heldout.py``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.integration.test_forum_crawl import _crawl, _score
from topiccrawl.demo.forum_douban import DoubanGroups
from topiccrawl.demo.forum_vanilla import VanillaForum
from topiccrawl.demo.server import FixtureWeb


@pytest.mark.parametrize(
    ("factory", "size"),
    # (at size 1 a member's page, reached from a thread list's poster link, read as a stream of
    # posts, and a thread reached from it was taken for a feed of members: every later thread
    # page was read as a list, 0-1,791 of 2,446 posts in five crawls)
    [(VanillaForum, 0.3), (VanillaForum, 1.0), (DoubanGroups, 0.3)],
    ids=["vanilla-0.3", "vanilla-1.0", "douban-0.3"],
)
def test_opening_posts_above_their_replies_are_read_at_their_place(
    factory: Callable[..., object], size: float, serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    site = factory(size=size)
    result, hits, _base = _crawl(serve, site, tmp_path)
    coverage, _effectiveness = _score(site, hits)  # type: ignore[arg-type]
    assert coverage >= 0.95
    posts = site.posts()  # type: ignore[attr-defined]
    truth = {(p.thread_title, p.position, p.author) for p in posts}
    got = [(i["thread_title"], i["position"], i["author"]) for i in result.items]
    # (Vanilla: none before the buttons were left out of a post's links, every thread page was
    # read as a list; Douban: 53 of 721 at their place, the opening posts missing)
    exact = [g for g in got if g in truth]
    # (Vanilla's category index read as a thread now and then: README, "Forum spider")
    assert len(exact) >= 0.9 * len(truth) and len(exact) >= 0.97 * len(got)
    # the opening post of every thread with replies, read as its first post
    replied = {p.thread_title for p in posts if p.position == 2}
    openers = {(p.thread_title, p.author) for p in posts if p.position == 1 and p.thread_title in replied}
    found = {(t, a) for t, pos, a in got if pos == 1}
    assert len(openers & found) >= 0.9 * len(openers)
    # every thread of one post, however it was first reached (Vanilla's index links each
    # category's latest thread, often one without replies, before any thread page is read)
    # (but one: now and then, under load, a Douban topic of one post read early reads as its
    # sidebar's list: README, "Forum spider")
    lone = {(p.thread_title, p.author) for p in posts if p.position == 1 and p.thread_title not in replied}
    assert len(lone) >= 4 and len(lone - found) <= 1
    # a member's page is no thread: nothing filed under one
    assert not [i for i in result.items if "/profile/" in i["thread_url"] or "/people/" in i["thread_url"]]
