"""Repeated-region detection on real forum pages and on the fixture templates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from topiccrawl.demo.forum_mybb import MybbForum
from topiccrawl.demo.forum_nga import NgaForum
from topiccrawl.demo.forum_v2ex import V2exForum
from topiccrawl.demo.forums import DiscuzForum, PhpbbForum
from topiccrawl.demo.server import SiteRequest
from topiccrawl.forum.pagetypes import main_region
from topiccrawl.forum.regions import _SKIP, _location, find_regions, locations, parse_html, subtree_marks, subtree_paths
from topiccrawl.forum.templatebook import TemplateBook
from topiccrawl.forum.templatematch import Template, match_template

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "real_pages"


def _page(site: object, target: str) -> bytes:
    return site.handle(SiteRequest("GET", target, {}, "http://forum.test")).payload()  # type: ignore[attr-defined]


def test_a_known_template_is_matched_on_the_box_most_like_it_when_several_fit() -> None:
    # NGA: each post is a table in a div, and so is the pager above the posts; on a thread's last
    # page of one post both fit the post template with one record, and the pager came first
    site = NgaForum(size=0.3)
    book = TemplateBook()
    long_page = "/read.php?tid=42225045&page=4"  # a thread of 81 posts, 20 a page
    regions = book.regions(parse_html(_nga_page(site, long_page)))
    posts = main_region(regions)
    assert posts is not None and len(posts) == 20
    last = parse_html(_nga_page(site, "/read.php?tid=42225045&page=5"))
    found = match_template(last, Template.of(posts))
    assert found is not None and len(found) == 1
    assert "跳槽" in found.records[0].text() and "当前页" not in " ".join(
        a.get("title") or "" for el in found.records[0].elements for a in el.iter("a")
    )


def test_rows_heading_a_boards_groups_leave_its_few_threads_to_the_known_row_template() -> None:
    # MyBB: a board of two sticky threads and one other shows them in one table with the rows
    # 'Forum Announcements', 'Important Threads', 'Normal Threads', which repeat by themselves; that
    # thin region held the table, and the board read as nothing (4 threads of 50 never fetched)
    site = MybbForum(size=0.3)
    book = TemplateBook()
    rows = main_region(book.regions(parse_html(_mybb_page(site, "/forumdisplay.php?fid=8"))))
    assert rows is not None and len(rows) >= 5
    book.sticky.add(rows.key)
    small = parse_html(_mybb_page(site, "/forumdisplay.php?fid=2"))
    found = [r for r in book.regions(small) if r.key == rows.key]
    assert len(found) == 1
    titles = {
        link.text for link in found[0].links if link.url.startswith("showthread.php?tid=") and "&" not in link.url
    }
    assert {"New sub-forum: Storage & NAS", "Spam wave: new accounts need approval"} <= titles


def _mybb_page(site: MybbForum, target: str) -> str:
    return site.handle(SiteRequest("GET", target, {}, "http://bbs.example.com")).payload().decode()


def _nga_page(site: NgaForum, target: str) -> str:
    return site.handle(SiteRequest("GET", target, {}, "http://bbs.example.com")).payload().decode("gbk")


@pytest.mark.parametrize("name", ["discuz_thread_3", "discuz_thread_6", "discuz_thread_13"])
def test_discuz_thread_page_has_a_region_of_exactly_its_ten_posts(name: str) -> None:
    root = parse_html((FIXTURES / f"{name}.html").read_bytes())
    post_ids = {
        el.get("id") for el in root.xpath("//*[starts-with(@id, 'post_')]") if re.fullmatch(r"post_\d+", el.get("id"))
    }
    assert len(post_ids) == 10
    regions = [r for r in find_regions(root) if len(r) == 10]
    matching = [r for r in regions if {rec.elements[0].get("id") for rec in r.records} == post_ids]
    assert len(matching) == 1


def test_tieba_list_region_holds_its_fifty_thread_links() -> None:
    root = parse_html((FIXTURES / "tieba_thread_list.html").read_bytes())
    best = 0
    for region in find_regions(root):
        threads = {link.url for link in region.links if re.fullmatch(r"/p/\d+", link.url) and link.text}
        best = max(best, len(threads))
    assert best == 50  # 48 ordinary rows plus the 2 sticky threads folded into the first row


@pytest.mark.parametrize("site", [DiscuzForum(size=0.3), PhpbbForum(size=0.3)], ids=["discuz", "phpbb"])
def test_fixture_thread_pages_yield_one_record_per_post(site: DiscuzForum | PhpbbForum) -> None:
    thread = max(site.data.threads.values(), key=lambda t: len(t.posts))
    expected = len(site.data.page_posts(thread, 1))
    root = parse_html(_page(site, site.thread_target(thread.tid, 1)))
    sizes = [len(r) for r in find_regions(root) if r.mean_record_size() >= 4]
    assert expected in sizes


def test_phpbb_posts_are_three_row_records() -> None:
    site = PhpbbForum(size=0.3)
    thread = max(site.data.threads.values(), key=lambda t: len(t.posts))
    root = parse_html(_page(site, site.thread_target(thread.tid, 1)))
    region = max(find_regions(root), key=lambda r: len(r) * r.period)
    assert region.period == 3
    assert [rec.elements[0].xpath("string(.//b[@class='postauthor'])") for rec in region.records] == [
        p.author for _, p in site.data.page_posts(thread, 1)
    ]


def test_sticky_threads_and_ads_do_not_break_a_region() -> None:
    site = DiscuzForum(size=0.3)
    board = site.data.boards[0]
    root = parse_html(_page(site, site.board_target(board.fid, 1)))
    titles = {t.title for t in site.data.list_page(board, 1)}
    found = set()
    for region in find_regions(root):
        found |= {link.text for link in region.links} & titles
    assert found == titles  # sticky rows differ from the template but their links are kept


def test_a_known_template_is_found_again_with_a_single_record() -> None:
    site = DiscuzForum(size=0.3)
    long_thread = max(site.data.threads.values(), key=lambda t: len(t.posts))
    book = TemplateBook()
    regions = book.regions(parse_html(_page(site, site.thread_target(long_thread.tid, 1))))
    post_region = max(regions, key=lambda r: sum(len(rec.text()) for rec in r.records))
    book.sticky.add(post_region.key)
    # The last page of a thread whose posts overflow a page by one.
    short = next(t for t in site.data.threads.values() if len(t.posts) % site.posts_per_page == 1)
    root = parse_html(_page(site, site.thread_target(short.tid, site.data.thread_pages(short))))
    assert not [r for r in find_regions(root) if r.key == post_region.key]
    again = [r for r in book.regions(root) if r.key == post_region.key]
    assert len(again) == 1 and len(again[0]) == 1
    assert match_template(root, Template.of(post_region)) is not None


@pytest.mark.parametrize("name", ["discuz_thread_3", "discuz_thread_6", "discuz_thread_13"])
def test_real_discuz_posts_have_their_fields(name: str) -> None:
    from topiccrawl.forum.pagetypes import main_region, page_role
    from topiccrawl.forum.posts import extract_posts, learn_fields

    regions = find_regions(parse_html((FIXTURES / f"{name}.html").read_bytes()))
    assert page_role(regions) == "thread"
    main = main_region(regions)
    assert main is not None and len(main) == 10
    fields = learn_fields(main)
    assert fields is not None
    posts = extract_posts(main, fields)
    assert all(re.fullmatch(r"post_\d+", p.post_id or "") for p in posts)
    assert all(p.author and p.time and p.text for p in posts)
    assert len({p.author for p in posts}) > 1
    # Each post's time is its "发表于" header, not the sign-in plugin's "TA的每日心情" date
    # in the poster's profile box (shorter, and also different between posters).
    html = (FIXTURES / f"{name}.html").read_text(encoding="utf-8")
    posted = dict(re.findall(r'id="authorposton(\d+)">发表于 ([^<]+)<', html))
    assert len(posted) == 10
    assert [p.time for p in posts] == [posted[(p.post_id or "").removeprefix("post_")] for p in posts]
    # the attachments' hover tips (hidden: "下载附件 保存到相册 … 上传") are in the post's markup, not its text
    if "下载附件" in html:
        assert not any("下载附件" in p.text or "保存到相册" in p.text for p in posts)


def test_posts_that_mostly_quote_keep_their_template() -> None:
    # On one page most posts quote another, so the quote's markup is shared by most records and
    # joins the region's paths; it is still the posts' template, with the same key.
    def page(quoting: int) -> str:
        posts = []
        for i in range(6):
            quote = "<aside><div>bob:</div><blockquote>earlier words here</blockquote></aside>" if i < quoting else ""
            posts.append(
                f"<div class='post'><div><span><a href='/u/{i}'>user{i}</a><time>2024-01-0{i + 1}</time></span>"
                f"{quote}<p>reply number {i} with some words</p></div></div>"
            )
        return f"<html><body><div id='posts'>{''.join(posts)}</div></body></html>"

    book = TemplateBook()
    plain = max(book.regions(parse_html(page(0))), key=len)
    book.sticky.add(plain.key)
    quoting = max(book.regions(parse_html(page(5))), key=len)
    assert quoting.key == plain.key
    other = TemplateBook()
    assert max(other.regions(parse_html(page(5))), key=len).key != plain.key  # the paths do differ


def _row(i: int) -> str:
    # a XenForo-like thread row: avatar, title and last-post cells are all div/div/a
    return (
        f'<div class="row"><div class="icon"><div><a href="/members/u{i}/"><img src="a.png"></a></div></div>'
        f'<div class="main"><div class="title"><a href="/threads/t.{i}/">Thread title number {i}</a></div>'
        f'<div class="minor"><ul><li><a href="/members/u{i}/">user{i}</a></li><li>today</li></ul></div></div>'
        f'<div class="meta"><dl><dt>Replies</dt><dd>{i}</dd></dl></div>'
        f'<div class="latest"><div><a href="/threads/t.{i}/latest">1 minute ago</a></div></div></div>'
    )


def test_links_in_different_cells_of_a_record_are_different_slots() -> None:
    root = parse_html(f"<html><body><div>{''.join(_row(i) for i in range(6))}</div></body></html>")
    region = max(find_regions(root), key=len)
    slots: dict[str, set[str]] = {}
    for link in region.links:
        slots.setdefault(link.slot, set()).add(link.url.split("/")[1] + ("/latest" if "latest" in link.url else ""))
    # each slot holds one kind of link: the avatar, the title and the last post no longer share div/div/a
    assert all(len(kinds) == 1 for kinds in slots.values()), slots
    assert len([s for s in slots if slots[s] == {"threads"}]) == 1


def test_links_of_items_inside_a_record_share_one_slot() -> None:
    # a category of a board index: each board's link is one slot, whatever the board's place
    boards = "".join(
        f'<div class="node"><h3><a href="/forums/b.{i}/">Board {i}</a></h3><p>about</p></div>' for i in range(4)
    )
    category = f'<div class="cat"><h2><a href="/c/">Category</a></h2><div class="body">{boards}</div></div>'
    root = parse_html(f"<html><body><div>{category * 3}</div></body></html>")
    region = max(find_regions(root), key=lambda r: len(r.links))
    board_slots = {link.slot for link in region.links if "/forums/" in link.url}
    assert len(board_slots) == 1


@pytest.mark.parametrize("name", ["discuz_thread_3", "discuz_catalog", "tieba_thread_list"])
def test_locations_are_each_elements_path_from_the_top_in_document_order(name: str) -> None:
    # (one walk down the tree stands for asking every element its path up: same groups, same order)
    root = parse_html((FIXTURES / f"{name}.html").read_bytes())
    body = root.find("body")
    biggest = max(body, key=lambda child: sum(1 for _ in child.iter()))  # a subtree, not the whole page
    for top in (root, body, biggest):
        expected: dict[str, list[object]] = {}
        for el in top.iter():
            if isinstance(el.tag, str) and el.tag not in _SKIP:
                expected.setdefault(_location(el), []).append(el)
        got = locations(top)
        assert got == expected and len(got) > 3


def _v2ex_page(site: V2exForum, target: str) -> str:
    return site.handle(SiteRequest("GET", target, {}, "http://www.v2ex.test")).payload().decode()


def test_topic_rows_and_replies_alike_in_tags_are_two_templates_by_their_class_names() -> None:
    # V2EX: a topic row and a reply are each a div.cell holding a table of an avatar cell and a
    # cell of text, at #Main > .box > .cell; by tags a reply page read as the topic list's rows
    site = V2exForum(size=0.3)
    book = TemplateBook()
    rows = main_region(book.regions(parse_html(_v2ex_page(site, "/"))))
    assert rows is not None and len(rows) >= 15
    book.sticky.add(rows.key)
    topic = book.regions(parse_html(_v2ex_page(site, "/t/1104511")))  # 30 replies on its first page
    replies = max(topic, key=lambda r: sum(len(rec.text()) for rec in r.records))
    assert replies.key != rows.key
    assert sum(1 for rec in replies.records if rec.elements[0].get("id", "").startswith("r_")) == 30
    # nor are the replies taken out of their region for the known rows' template, one by one
    assert not [r for r in topic if r.key == rows.key]


def test_a_templates_rows_with_a_state_class_more_on_another_page_keep_its_key() -> None:
    def board(state: str) -> str:
        rows = "".join(
            f'<tbody id="thread_{n}"><tr><td class="icn"><img src="/i.gif"></td><th class="{state}">'
            f'<a class="s xst" href="/thread-{n}-1-1.html">Thread title number {n} here</a></th>'
            f'<td class="by"><cite><a href="/space-uid-{n}.html">user{n}</a></cite><em>2025-03-0{n % 9 + 1}</em></td>'
            f'<td class="num"><a class="xi2" href="/thread-{n}-1-1.html">{n}</a><em>{n * 3}</em></td></tr></tbody>'
            for n in range(1, 9)
        )
        return f'<html><body><div id="threadlist"><table id="threadlisttable">{rows}</table></div></body></html>'

    book = TemplateBook()
    first = main_region(book.regions(parse_html(board("common"))))
    again = main_region(book.regions(parse_html(board("new"))))  # every thread of this board has news
    assert first is not None and again is not None and len(again) == 8
    assert again.key == first.key
    assert len(book.templates) == len({TemplateBook.key_of(t) for t in book.templates})


def test_a_topics_one_reply_is_found_by_its_template_beside_a_sidebar_of_alike_rows() -> None:
    # V2EX's sidebar of hot topics sits at #Rightbar > .box > .cell, where a reply sits at
    # #Main > .box > .cell: by tags alone that place was taken, and one reply made no region
    site = V2exForum(size=0.3)
    book = TemplateBook()
    long_topic = book.regions(parse_html(_v2ex_page(site, "/t/1104511")))
    replies = max(long_topic, key=lambda r: sum(len(rec.text()) for rec in r.records))
    book.sticky.add(replies.key)
    short = [r for r in book.regions(parse_html(_v2ex_page(site, "/t/1101415"))) if r.key == replies.key]
    assert len(short) == 1 and len(short[0]) == 1
    assert short[0].records[0].elements[0].get("id", "").startswith("r_")


def test_tag_paths_look_through_styling_wrappers_and_stop_at_the_depth() -> None:
    root = parse_html(
        "<html><body><div class='post first'><b><span class='who'>ann</span></b>"
        "<ul class='t_12 text'><li class='x'><a>deep</a></li></ul></div></body></html>"
    )
    post = root.find(".//div")
    assert post is not None
    assert subtree_paths(post, depth=2) == {"div", "div/span", "div/ul", "div/ul/li"}
    assert subtree_paths(post, depth=1) == {"div", "div/ul"}  # (<b> is looked through, but it is a level deep)
    # class names sit on those same paths; one with digits names an item, not the template
    assert subtree_marks(post, depth=2) == {"div.post", "div.first", "div/span.who", "div/ul.text", "div/ul/li.x"}
    assert {m.rsplit(".", 1)[0] for m in subtree_marks(post)} <= subtree_paths(post)
