"""``scrapy crawl forum`` against every fixture forum: coverage, effectiveness, post records."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import CrawlResult, crawl, shown_text
from topiccrawl.demo.forum_truth import ForumTruth, thread_pages_read
from topiccrawl.demo.forums import FORUMS, DiscuzForum, build_forum
from topiccrawl.demo.server import FixtureWeb

SIZE = 0.3  # small forums: a few dozen thread pages each, so a crawl takes seconds
# Discourse's crawler view links tags, users and single posts from every topic: about 13 sample
# fetches whatever the size, which a forum of 0.3 (38 useful pages) cannot amortise to 0.85; the
# dynamic Discuz! adds a 'last post' redirect to Discuz!'s ten samples (11 of 72 requests at 0.3).
# vBulletin: its posts' cells are link slots of their own (user box, footer), each sampled: at
# 0.3 those few more samples alone take effectiveness to 0.82 (0.88 at 0.5; 0.976 at full size)
FORUM_SIZES = {"discourse": 0.6, "discuz-dynamic": 0.5, "vbulletin": 0.5}


def _crawl(serve: Callable[..., FixtureWeb], site: Any, tmp_path: Path, **args: str) -> tuple[CrawlResult, list, str]:
    web = serve({"forum": site})
    base = web.base_urls["forum"]
    result = crawl("forum", tmp_path, args={"start_url": base + site.start_target(), **args}).check()
    hits = [h for h in web.log.hits() if h.target != "/robots.txt"]
    return result, hits, base


def _score(site: ForumTruth, hits: list) -> tuple[float, float]:
    kinds = [site.classify(h.target) for h in hits]
    coverage = len(thread_pages_read(site, (h.target for h in hits))) / len(site.thread_targets())
    effectiveness = sum(k in {"index", "board", "thread"} for k in kinds) / len(hits)
    return coverage, effectiveness


@pytest.mark.parametrize("name", sorted(FORUMS))
def test_forum_crawl_covers_every_thread_page_with_few_wasted_requests(
    name: str, serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    site = build_forum(FORUMS[name], FORUM_SIZES.get(name, SIZE))
    result, hits, base = _crawl(serve, site, tmp_path)
    coverage, effectiveness = _score(site, hits)
    assert coverage >= 0.99
    # Small forums make the fixed cost of learning (a few sample fetches per link slot) weigh more.
    assert effectiveness >= 0.85
    stats = result.stats
    assert stats["topiccrawl/forum/types"] >= 3
    assert stats["topiccrawl/forum/pages_before_types_settled"] >= 1
    assert any(k.startswith("topiccrawl/forum/skipped/") for k in stats)

    truth = site.posts()
    assert len(result.items) == len(truth)
    by_thread: dict[str, list[dict]] = defaultdict(list)
    for item in result.items:
        by_thread[item["thread_url"]].append(item)
    assert len(by_thread) == len({p.thread_id for p in truth})
    truth_texts = sorted((p.thread_title, p.position, p.text) for p in truth)
    assert sorted((i["thread_title"], i["position"], shown_text(i)) for i in result.items) == truth_texts
    for items in by_thread.values():
        items.sort(key=lambda i: i["position"])
        assert [i["position"] for i in items] == list(range(1, len(items) + 1))  # continuous across pages
        assert items[0]["page_number"] == 1 and items[0]["page_url"] == items[0]["thread_url"]
        assert [i["page_number"] for i in items] == sorted(i["page_number"] for i in items)
        assert all(i["thread_url"].startswith(base) for i in items)


def test_discuz_fields_are_right(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    site = DiscuzForum(size=SIZE)
    result, _hits, base = _crawl(serve, site, tmp_path)
    truth = {p.post_id: p for p in site.posts()}
    assert {i["post_id"] for i in result.items} == set(truth)
    for item in result.items:
        t = truth[item["post_id"]]
        assert (item["author"], item["time"], item["board"], item["page_number"]) == (
            t.author,
            t.time,
            t.board,
            t.page_number,
        )
        assert item["thread_url"] == base + site.thread_target(int(t.thread_id), 1)
        assert item["fetched_at"]
    # a clean crawl on the defaults warns about nothing (components that are off stay quiet)
    warnings = [line for line in result.log.splitlines() if "] WARNING:" in line]
    assert not warnings, warnings


def test_gbk_and_utf8_servings_give_identical_posts(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    texts = []
    for charset in ("gbk", "utf-8"):
        site = DiscuzForum(size=0.2, charset=charset)
        result, _hits, _base = _crawl(serve, site, tmp_path / charset)
        assert not any("\ufffd" in i["text"] or "\ufffd" in i["thread_title"] for i in result.items)
        texts.append(sorted((i["post_id"], i["thread_title"], i["author"], i["text"]) for i in result.items))
    assert texts[0] == texts[1]
    assert len(texts[0]) == len(DiscuzForum(size=0.2).posts())


def test_site_template_is_saved_next_to_the_feed_and_reused(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    site = build_forum(FORUMS["phpbb"], 0.2)
    first, hits, _ = _crawl(serve, site, tmp_path / "learn")
    template = tmp_path / "learn" / "items.forum-template.json"
    assert template.exists() and first.stats["topiccrawl/forum/template_file"] == str(template)
    web = serve({"forum": site})
    again = crawl(
        "forum", tmp_path / "reuse", args={"start_url": web.base_urls["forum"] + "/", "template": str(template)}
    ).check()
    assert len(again.items) == len(first.items) == len(site.posts())
    assert "topiccrawl/forum/links/slot-sample" not in again.stats  # no learning by sampling
    reuse_hits = [h for h in web.log.hits() if h.target != "/robots.txt"]
    assert _score(site, reuse_hits)[1] >= _score(site, hits)[1]


def test_a_bad_template_argument_fails_with_one_clear_line(tmp_path: Path) -> None:
    result = crawl(
        "forum", tmp_path, args={"start_url": "http://127.0.0.1:9/", "template": str(tmp_path / "nope.json")}
    )
    assert result.returncode != 0
    assert "-a template=" in result.log and "no such file" in result.log
