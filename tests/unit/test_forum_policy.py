"""Slot and URL-pattern learning, and the site template file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from topiccrawl.forum.pagetypes import PageTypes
from topiccrawl.forum.policy import CrawlPolicy
from topiccrawl.forum.regions import TemplateBook
from topiccrawl.forum.sitetemplate import SiteTemplate, SiteTemplateError, from_state


def test_a_slot_is_sampled_then_parked_then_released_when_wanted() -> None:
    policy = CrawlPolicy(samples=2)
    title = policy.slot("T", "0:th/a", "a long thread title")
    decisions = [policy.decide(title, "t=\\d").action for i in range(4)]
    assert decisions == ["explore", "explore", "park", "park"]
    title.parked += [("u3", {"pattern": "t=\\d"}), ("u4", {"pattern": "t=\\d"})]
    released = policy.record(title.key, "t=\\d", outcome="wanted", page_type="3", why="thread")
    assert released == [("u3", {"pattern": "t=\\d"}), ("u4", {"pattern": "t=\\d"})]
    assert policy.decide(title, "t=\\d").action == "follow"


def test_a_wanted_slot_vouches_only_for_the_url_patterns_it_led_to_wanted_pages() -> None:
    # One record position holding two kinds of link: the thread title and the last
    # poster's profile (same path in different cells).
    policy = CrawlPolicy(samples=2)
    cell = policy.slot("T", "0:td/div/a", "a long thread title")
    assert policy.decide(cell, "thread?t=\\d").action == "explore"
    assert policy.decide(cell, "member?find=*&t=\\d").action == "explore"
    cell.parked += [("t2", {"pattern": "thread?t=\\d"}), ("m2", {"pattern": "member?find=*&t=\\d"})]
    released = policy.record(cell.key, "thread?t=\\d", outcome="wanted", page_type="3", why="thread")
    assert released == [("t2", {"pattern": "thread?t=\\d"})]  # the profile link waits
    assert policy.decide(cell, "thread?t=\\d").action == "follow"
    assert policy.decide(cell, "member?find=*&t=\\d").action == "explore"  # its own second sample
    for _ in range(2):
        policy.record(cell.key, "member?find=*&t=\\d", outcome="unwanted", page_type="4", why="other")
    assert policy.decide(cell, "member?find=*&t=\\d").action == "skip"
    assert cell.parked == []  # dropped once its pattern proved unwanted


def test_unwanted_patterns_are_skipped_anywhere_before_fetching() -> None:
    policy = CrawlPolicy(samples=2)
    author = policy.slot("T", "0:td/cite/a", "老王")
    for _ in range(2):
        assert policy.decide(author, "space-uid-\\d.html").action == "explore"
        policy.record(author.key, "space-uid-\\d.html", outcome="unwanted", page_type="4", why="other")
    other_template_slot = policy.slot("U", "0:div/a", "木子")
    decision = policy.decide(other_template_slot, "space-uid-\\d.html")
    assert (decision.action, decision.reason) == ("skip", "pattern-unwanted")


def test_of_two_slots_reaching_one_page_type_the_title_like_one_owns_it() -> None:
    policy = CrawlPolicy(samples=2)
    title = policy.slot("T", "0:th/a", "一个很长的帖子标题")
    last = policy.slot("T", "0:td/em/a", "05-01")
    policy.record(last.key, "a", outcome="wanted", page_type="3", why="thread")
    assert policy.state(last) == "wanted"
    policy.record(title.key, "b", outcome="wanted", page_type="3", why="thread")
    assert policy.state(title) == "wanted" and policy.state(last) == "unwanted"


def test_site_template_round_trip_and_reuse(tmp_path: Path) -> None:
    policy = CrawlPolicy()
    title = policy.slot("abc", "0:th/a", "title text")
    policy.record(title.key, "thread-\\d.html", outcome="wanted", page_type="2", why="thread")
    site = from_state("http://f.test/", PageTypes(), TemplateBook(), {}, policy)
    path = site.save(tmp_path / "f.forum-template.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["slots"][0]["decision"] == "follow" and data["url_patterns"] == {"thread-\\d.html": "follow"}
    fresh = CrawlPolicy()
    SiteTemplate.load(path).apply(fresh)
    assert fresh.decide(fresh.slot("abc", "0:th/a", "x"), "other").action == "follow"
    assert fresh.decide(fresh.slot("abc", "0:td/a", "x"), "other").reason == "not-in-template"


def test_a_hand_edited_template_with_a_bad_decision_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(
        json.dumps({"version": 1, "templates": [], "slots": [{"template": "a", "path": "b", "decision": "maybe"}]})
    )
    with pytest.raises(SiteTemplateError, match="follow/skip"):
        SiteTemplate.load(path)
    with pytest.raises(SiteTemplateError, match="no such file"):
        SiteTemplate.load(tmp_path / "missing.json")
