"""Slot and URL-pattern learning, and the site template file."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from topiccrawl.forum.pagetypes import PageTypes
from topiccrawl.forum.policy import CrawlPolicy, title_length
from topiccrawl.forum.sitetemplate import SiteTemplate, SiteTemplateError, from_state
from topiccrawl.forum.templatebook import TemplateBook
from topiccrawl.forum.templatematch import Template


def test_a_slot_is_sampled_then_parked_then_released_when_wanted() -> None:
    policy = CrawlPolicy(samples=2)
    title = policy.slot("T", "0:th/a", "a long thread title")
    decisions = [policy.decide(title, "t=\\d").action for i in range(4)]
    assert decisions == ["explore", "explore", "park", "park"]
    title.parked += [("u3", {"pattern": "t=\\d"}), ("u4", {"pattern": "t=\\d"})]
    assert policy.record(title.key, "t=\\d", outcome="wanted", page_type="3", why="thread") == []
    assert policy.state(title) == "wanted"  # (what it decides of its template, at once)
    assert policy.decide(title, "t=\\d").action == "park"  # (its links wait: its second sample is out)
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
    assert policy.record(cell.key, "thread?t=\\d", outcome="wanted", page_type="3", why="thread") == []
    released = policy.record(cell.key, "member?find=*&t=\\d", outcome="unwanted", page_type="4", why="other")
    assert released == [("t2", {"pattern": "thread?t=\\d"})]  # the profile link waits
    assert policy.decide(cell, "thread?t=\\d").action == "follow"
    assert policy.decide(cell, "member?find=*&t=\\d").action == "explore"  # its own second sample
    policy.record(cell.key, "member?find=*&t=\\d", outcome="unwanted", page_type="4", why="other")
    assert policy.decide(cell, "member?find=*&t=\\d").action == "skip"
    assert cell.parked == []  # dropped once its pattern proved unwanted


def test_a_slot_unwanted_for_its_feeds_still_follows_the_kind_of_link_that_led_to_new_pages() -> None:
    # V2EX's topic rows hold the title and the topic's node in one td/span/a; a node's page lists
    # topics the home page lists, a feed of them, and the feeds outnumber the one title sampled
    policy = CrawlPolicy(samples=2)
    cell = policy.slot("T", "0:table/tr/td/span/a", "标题")
    assert policy.decide(cell, "/go/\\w").action == "explore"
    assert policy.decide(cell, "/t/\\d").action == "explore"
    cell.parked += [("t9", {"pattern": "/t/\\d"}), ("g9", {"pattern": "/go/\\w"})]
    for _ in range(2):  # (a second node's page, linked from another row)
        policy.record(cell.key, "/go/\\w", outcome="unwanted", page_type="list", why="feed")
    released = policy.record(cell.key, "/t/\\d", outcome="wanted", page_type="thread", why="thread")
    assert policy.state(cell) == "unwanted"
    assert released == [("t9", {"pattern": "/t/\\d"})]  # the node's link stays parked
    assert policy.decide(cell, "/t/\\d").action == "follow"
    assert policy.decide(cell, "/go/\\w").action == "skip"
    # a kind of link that led to a new page and to a feed is no such kind
    both = policy.slot("T", "0:table/tr/td/a", "标题")
    policy.record(both.key, "/t/\\d", outcome="wanted", page_type="thread", why="thread")
    for _ in range(2):
        policy.record(both.key, "/t/\\d", outcome="unwanted", page_type="list", why="feed")
    assert policy.decide(both, "/t/\\d").action == "skip"


def test_unwanted_patterns_are_skipped_anywhere_before_fetching() -> None:
    policy = CrawlPolicy(samples=2)
    author = policy.slot("T", "0:td/cite/a", "老王")
    for _ in range(2):
        assert policy.decide(author, "space-uid-\\d.html").action == "explore"
        policy.record(author.key, "space-uid-\\d.html", outcome="unwanted", page_type="4", why="other")
    other_template_slot = policy.slot("U", "0:div/a", "木子")
    decision = policy.decide(other_template_slot, "space-uid-\\d.html")
    assert (decision.action, decision.reason) == ("skip", "pattern-unwanted")


def test_a_page_taken_back_as_a_feed_vouches_for_its_slot_and_pattern_no_more() -> None:
    # A member's page read as a thread, then another of its template as a feed of the crawl's
    # threads: the first is taken back, so the members' pattern is not followed elsewhere.
    policy = CrawlPolicy(samples=2)
    poster = policy.slot("P", "0:div/ul/li/a", "另一块木板")
    member = "home/main?fr=*&un=*"
    assert policy.decide(poster, member).action == "explore"
    policy.record(poster.key, member, outcome="wanted", page_type="thread", why="thread", template="M")
    reply = policy.slot("R", "0:div/a", "路飞")
    assert policy.decide(reply, member).reason == "pattern-wanted"  # (on the first page's word)
    policy.record(poster.key, member, outcome="unwanted", page_type="list", why="feed", template="M")
    assert policy.pattern_state(member) == "wanted"  # (one page for, one against)
    assert policy.take_back(poster.key, member, "thread", "feed", "M") == []
    assert policy.pattern_state(member) == "unwanted"
    assert poster.outcomes == Counter({"unwanted:feed": 2}) and not poster.vouches(member)
    assert policy.state(poster) == "unwanted"
    assert policy.decide(reply, member).action == "skip"
    # (taken back once: a second call finds no wanted page of its slot to take)
    policy.take_back(poster.key, member, "thread", "feed", "M")
    assert poster.outcomes == Counter({"unwanted:feed": 2})


def test_a_pattern_whose_pages_turn_out_views_is_no_longer_followed_as_wanted() -> None:
    # PHPWind's 'only this author' (read.php?tid=5&uid=7): its first samples, read before their
    # threads, were new posts, and every later one a view of a thread read since; the pattern
    # stayed wanted and 280-290 views were fetched in 2 crawls of 20
    policy = CrawlPolicy(samples=2)
    only = policy.slot("P", "0:div/span/a", "只看该作者")
    pattern = "read.php?tid=\\d&uid=\\d"
    for _ in range(2):
        policy.record(only.key, pattern, outcome="wanted", page_type="thread", why="thread")
    assert policy.pattern_state(pattern) == "wanted"
    for _ in range(6):  # a category's page beside its boards: a few views keep the pattern
        policy.record(only.key, pattern, outcome="unwanted", page_type="thread", why="view")
    assert policy.pattern_state(pattern) == "wanted"
    policy.record(only.key, pattern, outcome="unwanted", page_type="thread", why="view")
    assert policy.pattern_state(pattern) == "open"
    assert policy.decide(policy.slot("Q", "0:a", "只看该作者"), pattern).reason != "pattern-wanted"


def test_of_two_slots_reaching_one_page_type_the_title_like_one_owns_it() -> None:
    policy = CrawlPolicy(samples=2)
    title = policy.slot("T", "0:th/a", "一个很长的帖子标题")
    last = policy.slot("T", "0:td/em/a", "05-01")
    policy.record(last.key, "a", outcome="wanted", page_type="3", why="thread")
    assert policy.state(last) == "wanted"
    policy.record(title.key, "b", outcome="wanted", page_type="3", why="thread")
    assert policy.state(title) == "wanted" and policy.state(last) == "unwanted"


def test_a_slot_outranked_for_its_page_type_still_leads_on_but_a_redundant_one_does_not() -> None:
    policy = CrawlPolicy(samples=2)
    title = policy.slot("T", "0:th/a", "一个很长的帖子标题")
    last = policy.slot("T", "0:td/em/a", "05-01")
    member = policy.slot("T", "0:td/cite/a", "someone")
    assert not policy.outranked(title)  # (open: nothing known yet)
    policy.record(last.key, "a", outcome="wanted", page_type="3", why="thread")
    policy.record(title.key, "b", outcome="wanted", page_type="3", why="thread")
    assert policy.state(title) == "wanted" and not policy.outranked(title)  # (wanted: not outranked)
    assert policy.state(last) == "unwanted" and policy.outranked(last)
    for _ in range(2):
        policy.record(member.key, "u", outcome="unwanted", page_type="4", why="feed")
    policy.record(member.key, "u", outcome="wanted", page_type="3", why="thread")
    assert policy.state(member) == "unwanted" and not policy.outranked(member)  # (its feeds outweigh it)


def test_a_slot_competes_for_the_page_type_most_of_its_samples_reached() -> None:
    # A board index's category block links each board by its name, and in its 'last post' cell
    # each board's latest thread by its long subject and, now and then, a child board. Owning
    # lists by the longest anchor, the cell left the boards' own links unwanted, their boards unread.
    policy = CrawlPolicy(samples=2)
    boards = policy.slot("C", "0:div/a", "General")
    cell = policy.slot("C", "0:div/p/span/a", "Re: a long topic title in the last post cell")
    for page_type in ("thread", "thread", "list"):
        policy.record(cell.key, "cell", outcome="wanted", page_type=page_type, why=page_type, template="L")
    policy.record(boards.key, "board", outcome="wanted", page_type="list", why="list", template="L")
    assert policy.state(boards) == "wanted" and policy.state(cell) == "wanted"  # each owns its own
    # ... and of two slots reaching mostly lists, the longer-anchored owns them (as for threads)
    other = policy.slot("C", "0:div/p/a", "x")
    policy.record(other.key, "other", outcome="wanted", page_type="list", why="list", template="L")
    assert policy.state(other) == "unwanted"


def test_a_list_of_a_template_proved_a_thread_pages_counts_as_a_thread() -> None:
    # A title link whose samples were short threads read as lists before the post template was
    # known owns the thread pages once that template is proved, not a poster's link beside it.
    policy = CrawlPolicy(samples=2)
    roles = {"P": "open"}
    policy.template_role = lambda template: roles.get(template, "list")
    title = policy.slot("R", "0:div/a", "A long thread title")
    poster = policy.slot("R", "0:span/a", "bob")
    policy.record(title.key, "t", outcome="wanted", page_type="list", why="list", template="P")
    policy.record(poster.key, "u", outcome="wanted", page_type="thread", why="thread", template="F")
    assert policy.state(poster) == "wanted"  # (while P may still be a list)
    roles["P"] = "posts"
    assert policy.state(title) == "wanted" and policy.state(poster) == "unwanted"


def test_when_the_crawl_runs_dry_a_parked_link_of_a_wanted_pattern_is_sampled() -> None:
    policy = CrawlPolicy(samples=2)
    other = policy.slot("R", "0:td/a", "Board name")  # another slot's two samples show where the pattern leads
    assert [policy.decide(other, "board").action for _ in range(2)] == ["explore", "explore"]
    for _ in range(2):
        policy.record(other.key, "board", outcome="wanted", page_type="list", why="list", template="L")
    parked = policy.slot("C", "0:div/a", "Board")
    parked.parked.append(("u3", {"pattern": "board"}))  # parked behind its record's longest link
    assert policy.pattern_state("board") == "wanted"
    assert [url for url, _ in policy.next_samples()] == ["u3"]


def test_when_the_crawl_runs_dry_an_unwanted_slot_samples_one_link_of_each_kind_it_never_tried() -> None:
    # PHPWind's index lists a board's sub-board ('子版块: 笔记本专区') in the cell of its
    # moderators' links: the moderators' pages make the slot unwanted, the sub-board link waits
    # as a kind the slot has not tried, and no other page may link that board (one crawl in
    # eight lost its 153 posts).
    policy = CrawlPolicy(samples=2)
    boards = policy.slot("R", "0:th/h3/a", "电脑硬件")
    for _ in range(2):
        policy.decide(boards, "thread.php?fid=\\d")
        policy.record(boards.key, "thread.php?fid=\\d", outcome="wanted", page_type="list", why="list", template="L")
    cell = policy.slot("R", "0:th/a", "kevin2008")
    for _ in range(2):
        assert policy.decide(cell, "u.php?uid=\\d").action == "explore"
        policy.record(cell.key, "u.php?uid=\\d", outcome="unwanted", page_type="other", why="other")
    assert policy.state(cell) == "unwanted"
    assert policy.decide(cell, "thread.php?fid=\\d").action == "park"
    cell.parked += [("fid9", {"pattern": "thread.php?fid=\\d"}), ("fid10", {"pattern": "thread.php?fid=\\d"})]
    cell.parked.append(("uid9", {"pattern": "u.php?uid=\\d"}))
    assert [url for url, _ in policy.next_samples()] == ["fid9"]
    assert policy.next_samples() == []  # (one of its kind: the sample's page tells the rest)


@pytest.mark.parametrize(
    ("anchor", "length"),
    [
        ("求助", 2),
        ("新人报到", 4),
        ("2024-4-24 00:27", 0),
        ("3 天前", 0),
        ("Today, 10:15 AM", 0),
        ("1121", 0),
        ("#5", 0),
    ],
)
def test_a_date_or_a_number_is_no_title(anchor: str, length: int) -> None:
    assert title_length(anchor) == length


def test_a_short_chinese_title_owns_its_page_type_against_a_last_post_date() -> None:
    # '最后发表' shows a date longer than many a Chinese title: dates count as no text
    policy = CrawlPolicy(samples=2)
    title = policy.slot("T", "0:th/a", "求助")
    last = policy.slot("T", "0:td/em/a", "2024-4-24 00:27")
    policy.record(last.key, "last", outcome="wanted", page_type="3", why="thread")
    policy.record(title.key, "title", outcome="wanted", page_type="3", why="thread")
    assert policy.state(title) == "wanted" and policy.state(last) == "unwanted"


def test_a_last_post_slot_waits_while_the_title_slots_samples_are_out() -> None:
    policy = CrawlPolicy(samples=2)
    title = policy.slot("T", "0:th/a", "一个帖子标题")
    last = policy.slot("T", "0:td/em/a", "2024-4-24 00:27")
    assert policy.decide(title, "title").action == "explore"  # sent, no answer yet
    assert policy.decide(last, "last").action == "explore"
    last.parked.append(("l2", {"pattern": "last"}))
    # the 'last post' sample answers first: a thread page, but the title may own that type
    assert policy.record(last.key, "last", outcome="wanted", page_type="3", why="thread") == []
    assert policy.state(last) == "waiting"
    assert (policy.decide(last, "last").action, policy.decide(last, "last").reason) == ("park", "slot-waiting")
    policy.record(title.key, "title", outcome="wanted", page_type="3", why="thread")
    assert policy.state(title) == "wanted" and policy.state(last) == "unwanted"
    assert policy.decide(last, "last").action == "skip"


def test_a_wanted_pattern_beside_a_titled_slot_is_sampled_not_followed() -> None:
    policy = CrawlPolicy(samples=2)
    # elsewhere (the board index) the 'last post' pattern led to a thread page
    index_last = policy.slot("I", "0:td/div/a", "2024-4-24 00:27")
    policy.record(index_last.key, "last", outcome="wanted", page_type="3", why="thread")
    assert policy.pattern_state("last") == "wanted"
    # on a board page it sits beside the title slot, whose sample led to threads too
    title = policy.slot("T", "0:th/a", "一个帖子标题")
    policy.decide(title, "title")
    policy.record(title.key, "title", outcome="wanted", page_type="3", why="thread")
    last = policy.slot("T", "0:td/em/a", "2024-4-24 00:30")
    assert policy.decide(last, "last").reason == "slot-sample"
    # without a titled sibling a wanted pattern is followed from an open slot, as before
    lone = policy.slot("U", "0:td/em/a", "2024-4-24 00:31")
    assert policy.decide(lone, "last").reason == "pattern-wanted"


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


def test_a_templates_class_names_are_saved_so_a_reused_template_keeps_its_key(tmp_path: Path) -> None:
    named = Template("html/body/div", frozenset({"0:div", "0:div/a"}), 1, frozenset({"0:div.cell", "0:div/a.title"}))
    plain = Template("html/body/ul", frozenset({"0:li", "0:li/a"}))
    book = TemplateBook([named, plain], {TemplateBook.key_of(named), TemplateBook.key_of(plain)})
    site = from_state("http://f.test/", PageTypes(), book, {}, CrawlPolicy())
    again = SiteTemplate.load(site.save(tmp_path / "f.forum-template.json")).book()
    assert {TemplateBook.key_of(t) for t in again.templates} == {TemplateBook.key_of(named), TemplateBook.key_of(plain)}
    assert again.sticky == book.sticky
    # (a template saved before class names were read has none, and its key is the one it had)
    assert TemplateBook.key_of(plain) == TemplateBook.key_of(Template(plain.location, plain.paths))
    assert TemplateBook.key_of(named) != TemplateBook.key_of(Template(named.location, named.paths))


def test_a_hand_edited_template_with_a_bad_decision_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(
        json.dumps({"version": 2, "templates": [], "slots": [{"template": "a", "path": "b", "decision": "maybe"}]})
    )
    with pytest.raises(SiteTemplateError, match="follow/skip"):
        SiteTemplate.load(path)
    with pytest.raises(SiteTemplateError, match="no such file"):
        SiteTemplate.load(tmp_path / "missing.json")


def test_a_template_of_an_older_version_is_refused_with_what_to_do(tmp_path: Path) -> None:
    # version 1 slot paths did not number a record's cells: they would match no link
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"version": 1, "templates": [], "slots": []}))
    with pytest.raises(SiteTemplateError, match=r"version 1.*without -a template="):
        SiteTemplate.load(path)


def _posts_policy() -> CrawlPolicy:
    policy = CrawlPolicy(samples=2)
    # "P": a post template (its pages read as posts); "R": the list a post's reactions link opens
    policy.template_role = lambda template: "posts" if template == "P" else "list"
    return policy


def test_a_posts_link_to_a_list_waits_until_that_list_is_seen_to_lead_on() -> None:
    policy = _posts_policy()
    reactions = policy.slot("P", "0:div/footer/a", "peggy, olivia and 3 others")
    for _ in range(2):
        policy.record(
            reactions.key, "posts/\\d/reactions", outcome="wanted", page_type="list", why="list", template="R"
        )
    assert policy.state(reactions) == "waiting"  # nothing known yet of where the reaction lists lead
    member = policy.slot("R", "0:div/a", "peggy")
    member.sent = 2
    for _ in range(2):
        policy.record(member.key, "members/\\d/", outcome="unwanted", page_type="other", why="other")
    assert policy.leads_on("R") == "no"
    assert policy.state(reactions) == "unwanted"  # a list of members that leads nowhere


def test_a_posts_link_to_a_list_that_leads_on_is_wanted() -> None:
    policy = _posts_policy()
    box = policy.slot("P", "0:div/a", "more threads by this poster")
    for _ in range(2):
        policy.record(box.key, "u/\\d/threads", outcome="wanted", page_type="list", why="list", template="R")
    rows = policy.slot("R", "0:td/a", "a thread title")
    policy.record(rows.key, "t/\\d", outcome="wanted", page_type="thread", why="thread")
    assert policy.leads_on("R") == "yes" and policy.state(box) == "wanted"


def test_a_lists_own_links_to_lists_are_taken_at_their_word() -> None:
    policy = CrawlPolicy(samples=2)  # every template a list's: boards link sub-boards
    boards = policy.slot("L", "0:td/a", "a board name")
    for _ in range(2):
        policy.record(boards.key, "f=\\d", outcome="wanted", page_type="list", why="list", template="L2")
    assert policy.state(boards) == "wanted"


def test_a_slot_whose_redirects_land_on_pages_already_fetched_is_unwanted() -> None:
    policy = CrawlPolicy(samples=2)
    latest = policy.slot("W", "0:a", "a thread title")
    policy.record(latest.key, "t/\\d/latest", outcome="wanted", page_type="thread", why="thread")
    for _ in range(2):
        policy.record(latest.key, "t/\\d/latest", outcome="unwanted", page_type="other", why="redirect-unwanted")
    assert policy.state(latest) == "unwanted"


def test_a_wanted_slot_vouches_for_titles_of_its_shape_but_not_for_a_label_beside_them() -> None:
    policy = CrawlPolicy(samples=2)
    title = policy.slot("B", "0:div[2]/div/a", "a thread title")
    for slug in ("mode-fixes-downtown", "gets-kernel-me-but"):
        policy.record(title.key, f"h/threads/{slug}.\\d/", outcome="wanted", page_type="thread", why="thread")
    assert policy.decide(title, "h/threads/use-replacing-bit-uses.\\d/").action == "follow"
    assert not title.vouches("h/forums/phones-and-tablets.\\d/?prefix_id=\\d")


def test_a_slot_never_sampled_competes_by_what_the_pages_it_links_were_read_as() -> None:
    # Discourse's latest topics: each row links its category (every category requested already
    # from the list above the topics, so the link was never sampled) and its tags (lists of the
    # same topics again). The tags were taken for the rows' way to lists, and every tag page and
    # its pages fetched; the category link, the longer anchor, owns lists by what its pages read as.
    policy = CrawlPolicy(samples=2)
    category = policy.slot("T", "0:td/div/a", "Battery and Charging")
    tags = policy.slot("T", "0:td/div/div/a", "wifi")
    leads: dict[str, tuple[Counter[str], bool]] = {}
    policy.known_leads = lambda s: leads.get(s.key, (Counter(), False))
    tags.parked.append(("/tag/firmware", {"pattern": "tag/firmware"}))
    for tag in ("wifi", "battery"):
        policy.decide(tags, f"tag/{tag}")
        policy.record(tags.key, f"tag/{tag}", outcome="wanted", page_type="list", why="list")
    assert policy.state(tags) == "wanted"  # nothing known of the category link yet
    leads[category.key] = (Counter(), True)  # its categories on their way
    assert policy.state(tags) == "waiting"
    leads[category.key] = (Counter({"list": 2}), False)
    assert policy.state(tags) == "unwanted"
    assert policy.release() == [] and policy.decide(tags, "tag/wifi").action == "skip"
    # (a tag of another name is a kind of link the slot has not tried: kept, not followed)
    assert policy.decide(tags, "tag/camera").action == "park" and policy.release() == []
    assert policy.state(category) == "open"  # (it still samples its own new links)
    leads[category.key] = (Counter({"thread": 2}), False)  # had its pages been threads instead
    assert policy.state(tags) == "wanted"


def test_a_cell_linking_a_few_child_boards_leaves_the_rows_own_board_links_wanted() -> None:
    # A board index's row: its board's link, and a cell of moderators' profiles with, in a few rows,
    # a child board's link (a longer anchor). Both led to lists; the child-board links are few, and
    # lead to other boards than the rows' own (was: the rows' board links unwanted, as the
    # child-board cell "owned" lists, and every board but one or two was never read).
    policy = CrawlPolicy(samples=2)
    for _ in range(10):
        boards = policy.slot("T", "0:th/h3/a", "手机数码", "f.php?fid=\\d")
    cell = policy.slot("T", "0:th/a", "笔记本专区", "f.php?fid=\\d")
    for _ in range(12):
        policy.slot("T", "0:th/a", "版主阿杰", "u.php?uid=\\d")
    policy.record(boards.key, "f.php?fid=\\d", outcome="wanted", page_type="list", why="list")
    policy.record(cell.key, "f.php?fid=\\d", outcome="wanted", page_type="list", why="list")
    assert policy.state(boards) == "wanted" and policy.state(cell) == "wanted"
    # ...while of a title and its 'last post' link, in every row, the title still owns threads
    for _ in range(10):
        title = policy.slot("T", "0:td[2]/a", "a long thread title", "t.php?tid=\\d")
        last = policy.slot("T", "0:td[4]/a", "by someone", "t.php?tid=\\d&page=\\d")
    policy.record(title.key, "t.php?tid=\\d", outcome="wanted", page_type="thread", why="thread")
    policy.record(last.key, "t.php?tid=\\d&page=\\d", outcome="wanted", page_type="thread", why="thread")
    assert policy.state(title) == "wanted" and policy.state(last) == "unwanted"


def test_a_view_counts_against_its_slot_but_not_its_url_pattern() -> None:
    # a category's page shows the index's rows of its boards: a view, whose URL is a board's
    policy = CrawlPolicy(samples=2)
    heading = policy.slot("I", "0:h2/a", "分类一", "f.php?fid=\\d")
    for _ in range(2):
        assert policy.decide(heading, "f.php?fid=\\d").action == "explore"
        policy.record(heading.key, "f.php?fid=\\d", outcome="unwanted", page_type="list", why="view")
    assert policy.state(heading) == "unwanted"
    assert policy.pattern_state("f.php?fid=\\d") == "open"
    board = policy.slot("I", "0:td/a", "版块名称", "f.php?fid=\\d")
    assert policy.decide(board, "f.php?fid=\\d").action == "explore"  # the pattern is still to be sampled


def test_two_links_of_a_slot_leading_to_one_page_take_back_what_the_first_was_taken_for() -> None:
    # MyBB's 'Report' link under every post answers a guest with one login page, whose menus read
    # as a list: the first sample made the slot wanted, and every post's report link (537 of
    # them, at 0.3) was fetched in one crawl of six
    policy = CrawlPolicy(samples=2)
    report = policy.slot("P", "0:td/a", "Report")
    pattern = "report.php?pid=\\d&type=*"
    assert policy.decide(report, pattern).action == "explore"
    policy.record(report.key, pattern, outcome="wanted", page_type="2", why="list")
    report.parked += [(f"r{i}", {"pattern": pattern}) for i in range(5)]
    assert policy.record(report.key, pattern, outcome="unwanted", page_type="2", why="wall") == []
    assert policy.state(report) == "unwanted"
    assert policy.pattern_state(pattern) == "unwanted"
    elsewhere = policy.slot("Q", "0:div/a", "Report")
    assert policy.decide(elsewhere, pattern).action == "skip"
    # a duplicate of a page some other slot led to takes back nothing
    title = policy.slot("T", "0:th/a", "a long thread title")
    policy.record(title.key, "t=\\d", outcome="wanted", page_type="3", why="thread")
    policy.record(title.key, "t=\\d", outcome="unwanted", page_type="3", why="duplicate")
    assert policy.state(title) == "wanted"


def test_a_slot_with_samples_out_waits_for_them_before_its_one_wanted_page_releases_its_links() -> None:
    # Both 'Report' samples asked for at once, every other post's report link parked: the first
    # login page, read as a list, released them all (550 requests at MyBB 0.3, about one crawl
    # in eight) before the second came back the same page, a wall
    policy = CrawlPolicy(samples=2)
    report = policy.slot("P", "0:td/a", "Report")
    pattern = "report.php?pid=\\d&type=*"
    assert [policy.decide(report, pattern).action for _ in range(3)] == ["explore", "explore", "park"]
    report.parked += [(f"r{i}", {"pattern": pattern}) for i in range(5)]
    assert policy.record(report.key, pattern, outcome="wanted", page_type="2", why="list") == []
    assert policy.decide(report, pattern).action == "park"
    assert policy.record(report.key, pattern, outcome="unwanted", page_type="2", why="wall") == []
    assert policy.state(report) == "unwanted"


def test_samples_never_answered_are_forgotten_when_the_crawl_runs_dry() -> None:
    policy = CrawlPolicy(samples=2)
    title = policy.slot("T", "0:th/a", "a long thread title")
    assert [policy.decide(title, "t=\\d").action for _ in range(2)] == ["explore", "explore"]
    title.parked.append(("u3", {"pattern": "t=\\d"}))
    assert policy.record(title.key, "t=\\d", outcome="wanted", page_type="3", why="thread") == []
    # (the second sample was dropped on its way: no callback, no outcome)
    assert policy.settle_samples() == [("u3", {"pattern": "t=\\d"})]
    assert policy.state(title) == "wanted"


def test_a_duplicate_reached_by_a_pages_own_flip_says_nothing_of_its_pattern() -> None:
    # A small Douban group's discussion?start=0, linked from its home by '更多', repeats the home;
    # two such made the pattern unwanted, and a larger group's list behind it was skipped.
    policy = CrawlPolicy(samples=2)
    for _ in range(2):
        policy.record(None, "group/\\\\d/discussion?start=\\\\d", outcome="unwanted", page_type="list", why="duplicate")
    assert policy.pattern_state("group/\\\\d/discussion?start=\\\\d") == "open"
    assert policy.decide(None, "group/\\\\d/discussion?start=\\\\d").action == "follow"
    # ... while such links' other outcomes still count against it
    for _ in range(2):
        policy.record(None, "print.php?tid=\\\\d", outcome="unwanted", page_type="thread", why="alias")
    assert policy.pattern_state("print.php?tid=\\\\d") == "unwanted"


def test_a_slot_split_between_a_new_list_and_a_view_samples_on_until_its_views_outweigh() -> None:
    # MyBB's 'sort by' links: the first, answered before its board was read as a list, showed
    # rows new to the crawl; the second was a view of them. The slot was wanted on the first
    # word, and every board's five sorted views fetched (35 requests of 140 at MyBB 0.3).
    policy = CrawlPolicy(samples=2)
    sort = policy.slot("B", "0:span/strong/a", "Subject")
    pattern = "forumdisplay.php?datecut=\\d&fid=\\d&order=*&prefix=\\d&sortby=*"
    assert [policy.decide(sort, pattern).action for _ in range(2)] == ["explore", "explore"]
    sort.parked += [(f"s{i}", {"pattern": pattern}) for i in range(8)]
    assert policy.record(sort.key, pattern, outcome="wanted", page_type="list", why="list") == []
    assert policy.record(sort.key, pattern, outcome="unwanted", page_type="list", why="view") == []
    # still wanted, for what its template's links lead to, but its links wait while it samples
    # on, one more sample for each view
    assert policy.state(sort) == "wanted"
    assert [policy.decide(sort, pattern).reason for _ in range(2)] == ["slot-split-sample", "slot-split"]
    for _ in range(3):
        assert policy.record(sort.key, pattern, outcome="unwanted", page_type="list", why="view") == []
    assert policy.state(sort) == "unwanted"
    assert len(sort.parked) == 8  # (left parked: an unwanted slot's links are not released)


def test_a_slot_whose_new_lists_outnumber_its_views_releases_its_links() -> None:
    policy = CrawlPolicy(samples=2)
    boards = policy.slot("I", "0:td/strong/a", "A board's name")
    pattern = "forumdisplay.php?fid=\\d"
    boards.parked.append(("b4", {"pattern": pattern}))
    assert policy.record(boards.key, pattern, outcome="wanted", page_type="list", why="list") == [
        ("b4", {"pattern": pattern})
    ]
    assert policy.record(boards.key, pattern, outcome="unwanted", page_type="list", why="view") == []
    assert policy.decide(boards, pattern).action == "explore"  # (a category's page beside its boards)
    boards.parked.append(("b5", {"pattern": pattern}))
    assert policy.record(boards.key, pattern, outcome="wanted", page_type="list", why="list") == [
        ("b5", {"pattern": pattern})
    ]
    assert policy.decide(boards, pattern).reason == "slot-wanted"


def test_a_slot_leading_to_threads_and_as_many_views_still_follows_its_links() -> None:
    # (the split is a list's: a thread reached before the box of other threads that shows it
    # again is no reason to hold a topic list's titles back)
    policy = CrawlPolicy(samples=2)
    title = policy.slot("T", "0:h3/a", "a long thread title")
    for why in ("thread", "view"):
        policy.record(
            title.key, "topic/\\d", outcome="unwanted" if why == "view" else "wanted", page_type="thread", why=why
        )
    assert policy.decide(title, "topic/\\d").reason == "slot-wanted"
