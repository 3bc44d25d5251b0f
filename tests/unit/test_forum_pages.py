"""Page roles, online clustering into page types, and post records (fixture templates)."""

from __future__ import annotations

import pytest

from topiccrawl.demo.forums import DiscuzForum, PhpbbForum
from topiccrawl.demo.server import SiteRequest
from topiccrawl.forum.links import url_pattern
from topiccrawl.forum.pagetypes import PageTypes, feature, is_layout, is_navigation, main_region, page_role, profile
from topiccrawl.forum.posts import PostRecord, extract_posts, learn_fields
from topiccrawl.forum.regions import parse_html
from topiccrawl.forum.templatebook import TemplateBook
from topiccrawl.forum.threads import ThreadAssembler

SITES = [DiscuzForum(size=0.3), PhpbbForum(size=0.3)]


def _regions(site: object, target: str, book: TemplateBook | None = None) -> list:
    body = site.handle(SiteRequest("GET", target, {}, "http://forum.test")).payload()  # type: ignore[attr-defined]
    return (book or TemplateBook()).regions(parse_html(body))


@pytest.mark.parametrize("site", SITES, ids=["discuz", "phpbb"])
def test_roles_of_list_and_thread_pages(site: DiscuzForum | PhpbbForum) -> None:
    board = site.data.boards[0]
    assert page_role(_regions(site, site.board_target(board.fid, 1))) == "list"
    thread = max(site.data.threads.values(), key=lambda t: len(t.posts))
    assert page_role(_regions(site, site.thread_target(thread.tid, 1))) == "thread"


@pytest.mark.parametrize("site", SITES, ids=["discuz", "phpbb"])
def test_pages_cluster_into_types_by_template_and_url(site: DiscuzForum | PhpbbForum) -> None:
    types = PageTypes()
    threads = sorted(site.data.threads.values(), key=lambda t: -len(t.posts))[:4]
    boards = site.data.boards[:3]
    got = {}
    for target in [site.thread_target(t.tid, 1) for t in threads] + [site.board_target(b.fid, 1) for b in boards]:
        regions = _regions(site, target)
        ptype, _new = types.add(target, feature(regions, url_pattern("http://forum.test" + target)))
        got[target] = ptype.id
    thread_ids = {got[site.thread_target(t.tid, 1)] for t in threads}
    board_ids = {got[site.board_target(b.fid, 1)] for b in boards}
    assert len(thread_ids) == 1 and len(board_ids) == 1 and thread_ids != board_ids
    assert types.settled_after <= 5  # the first board page founded the last type
    assert {t.role for t in types.types} == {"thread", "list"}


@pytest.mark.parametrize("site", SITES, ids=["discuz", "phpbb"])
def test_post_fields_match_the_ground_truth(site: DiscuzForum | PhpbbForum) -> None:
    thread = max(site.data.threads.values(), key=lambda t: len(t.posts))
    regions = _regions(site, site.thread_target(thread.tid, 1))
    main = main_region(regions)
    assert main is not None
    fields = learn_fields(main)
    assert fields is not None
    posts = extract_posts(main, fields)
    truth = [p for p in site.posts() if p.thread_id == str(thread.tid) and p.page_number == 1]
    assert [(p.post_id, p.author, p.time, p.text) for p in posts] == [
        (t.post_id, t.author, t.time, t.text) for t in truth
    ]


def test_thread_assembler_numbers_posts_across_pages_in_any_order() -> None:
    asm = ThreadAssembler()

    def page(n: int, count: int) -> list[PostRecord]:
        return [PostRecord(f"{n}-{i}", "a", None, "x") for i in range(count)]

    assert asm.add("t1", 2, "u2", page(2, 10), last_page=3, title="T", board="B") == []
    assert asm.add("t1", 3, "u3", page(3, 4), last_page=3, title="T", board="B") == []
    assert asm.add("t1", 2, "u2bis", page(2, 10), last_page=3, title="T", board="B") == []  # same page again
    done = asm.add("t1", 1, "u1", page(1, 10), last_page=3, title="T", board="B")
    assert [p.position for p in done] == list(range(1, 25))
    assert [p.page_number for p in done] == [1] * 10 + [2] * 10 + [3] * 4
    assert {p.thread_url for p in done} == {"t1"} and len(asm) == 0


def test_thread_assembler_flush_keeps_positions_after_a_missing_page() -> None:
    asm = ThreadAssembler()
    asm.add("t", 1, "u1", [PostRecord(str(i), None, None, "x") for i in range(10)], last_page=3, title=None, board=None)
    asm.add("t", 3, "u3", [PostRecord("z", None, None, "x")], last_page=3, title=None, board=None)
    out = asm.flush()
    assert [p.position for p in out][-1] == 21


def test_thread_assembler_merges_a_later_page_filed_under_another_url_of_the_first_page() -> None:
    # (PHPWind's last page, read.php?tid=5&page=e, names its first page as its pager links it,
    # read.php?tid=5&fpage=0&toread=&page=1; the thread's title links read.php?tid=5)
    asm = ThreadAssembler()
    assert asm.add("alias", 2, "u-e", [PostRecord("b", "a", None, "x")], last_page=2, title="T", board=None) == []
    assert asm.merge("nothing held", "t") == []
    assert (
        asm.add(
            "t", 1, "u1", [PostRecord(str(i), "a", None, "x") for i in range(3)], last_page=2, title=None, board="B"
        )
        == []
    )
    done = asm.merge("alias", "t")
    assert [(p.thread_url, p.page_url, p.position) for p in done] == [
        ("t", "u1", 1),
        ("t", "u1", 2),
        ("t", "u1", 3),
        ("t", "u-e", 4),
    ]
    assert done[0].thread_title == "T" and done[0].board == "B" and len(asm) == 0


def _trail(outer: str, close: str) -> str:
    crumbs = "".join(
        f'<li><a href="/{h}"><span>{name} <i class="fa fa-angle-right"></i></span></a></li>'
        for h, name in [("", "Home"), ("forums/", "Forums"), ("forum/2-phones/", "Phones and tablets")]
    )
    return f"{outer}<ul>{crumbs}</ul>{close}"


@pytest.mark.parametrize(
    ("outer", "close"),
    [
        ("<nav class='ipsBreadcrumb'>", "</nav>"),  # Invision
        ('<div class="navigate_section">', "</div>"),  # SMF
        ('<div class="p-breadcrumbs-wrap"><div>', "</div></div>"),  # XenForo-like
        ('<div itemscope itemtype="https://schema.org/BreadcrumbList">', "</div>"),
        ('<div role="navigation"><div><div><div><div>', "</div></div></div></div></div>"),
    ],
)
def test_a_trail_of_links_is_never_a_pages_content(outer: str, close: str) -> None:
    # A thread of two posts has no repeated region of posts; its breadcrumbs are one, of rich
    # records. Taken for the content, their template became a known one, preferred on every
    # later thread page over its posts.
    posts = "".join(
        f'<div class="post"><b><a href="/u/{i}">user{i}</a></b><span>2024-05-0{i} 10:00</span>'
        f"<p>这是第{i}个帖子的正文，内容足够长，可以算作一个帖子。</p></div>"
        for i in (1, 2)
    )
    html = f"<html><body>{_trail(outer, close)}<h1>标题</h1>{posts}</body></html>"
    regions = TemplateBook().regions(parse_html(html))
    trail = [r for r in regions if any(link.url == "/forums/" for link in r.links)]
    assert trail and is_navigation(trail[0]) and not profile(trail[0]).rich
    assert main_region(regions) is None or main_region(regions) is not trail[0]
    assert page_role(regions) != "list"


def test_a_thread_list_is_not_navigation() -> None:
    rows = "".join(
        f'<li class="ipsDataItem"><h4><a href="/topic/{i}-t/">一个帖子的标题 {i}</a></h4>'
        f'<div class="meta">By <a href="/profile/{i}">u{i}</a>, <time>June {i}, 2024</time></div></li>'
        for i in range(1, 6)
    )
    html = f'<html><body><ol class="ipsDataList" data-role="tableRows">{rows}</ol></body></html>'
    regions = TemplateBook().regions(parse_html(html))
    main = main_region(regions)
    assert main is not None and not is_navigation(main) and page_role(regions) == "list"


def test_the_blocks_a_page_is_laid_out_in_are_no_list() -> None:
    # PHPWind's #top, #head, #main and #footer are alike enough to repeat; on a login prompt the
    # main block holds little, and the page read as a "list" of head, main and footer made every
    # link to a prompt (quote, reply, message) look like a way to lists.
    def block(ident: str, links: str) -> str:
        return f'<div id="{ident}"><div class="wrap cc">{links}</div></div>'

    links = "".join(f'<a href="/{w}.php">{w} 这里有一些链接文字</a> | ' for w in ("login", "register", "faq"))
    html = "<html><body>" + "".join(block(i, links) for i in ("top", "head", "main", "footer")) + "</body></html>"
    regions = TemplateBook().regions(parse_html(html))
    layout = [r for r in regions if r.location == "html/body"]
    assert layout and is_layout(layout[0]) and not profile(layout[0]).rich
    assert page_role(regions) == "other"
    # items numbered by their ids, or landmarks named otherwise, are not layout
    posts = "".join(f'<div id="post_{i}"><b>u{i}</b><p>第{i}个帖子的正文，内容足够长。</p></div>' for i in range(4))
    items = TemplateBook().regions(parse_html(f"<html><body><div>{posts}</div></body></html>"))
    assert items and not any(is_layout(r) for r in items)


def _bare_content(items: list[str], *, wrap: str = "noscript") -> str:
    rows = "".join(f'<li><a href="/d/{i}-x">{title}</a></li>' for i, title in enumerate(items))
    menu = '<ul class="menu"><li><a href="/">Home</a></li><li><a href="/tags">Tags</a></li></ul>'
    return (
        f'<header>{menu}</header><div id="content"></div><{wrap} id="flarum-content">'
        f'<div><h2>All Discussions</h2><ul>{rows}</ul><a href="/all?page=2">Next Page »</a></div></{wrap}>'
    )


def _bare_index(items: list[str]) -> str:
    return f"<html><body>{_bare_content(items)}</body></html>"


TITLES = [f"How do I sync my notes between devices, part {n}?" for n in range(8)]


def test_a_list_of_bare_titled_links_is_the_content_of_a_page_with_nothing_richer() -> None:
    # (Flarum's pages for a browser without scripts: the content sits in <noscript>, and the
    # index is a <ul> of <li><a>Title</a></li>, records too thin for a list's by their size)
    regions = TemplateBook().regions(parse_html(_bare_index(TITLES)))
    main = main_region(regions)
    assert main is not None and main.bare and len(main) == len(TITLES)
    assert page_role(regions) == "list"
    assert {link.text for link in main.links} == set(TITLES)


def test_what_noscript_holds_is_read_where_it_stands() -> None:
    root = parse_html(_bare_index(TITLES))
    assert not root.xpath("//noscript") and len(root.xpath("//li/a")) == len(TITLES) + 2


def test_a_menu_of_short_words_is_no_bare_list() -> None:
    regions = TemplateBook().regions(parse_html(_bare_index(["Home", "Tags", "Users", "Help", "About", "News"])))
    assert not any(r.bare for r in regions) and page_role(regions) == "other"


def test_a_footers_links_to_pages_of_every_kind_are_no_bare_list() -> None:
    # (MyBB's footer on a page without a list or posts: 'Forum Team', 'Contact Us', the forum's
    # name, 'Return to Top', 'Lite (Archive) Mode', 'Mark all forums read', 'RSS Syndication')
    places = ["showteam.php", "contact.php", "index.php", "#top", "archive/index.php", "misc.php?action=markread"]
    texts = ["Forum Team", "Contact Us", "Homelab Hangout", "Return to Top", "Lite (Archive) Mode", "Mark all read"]
    rows = "".join(f'<li><a href="/{href}">{text}</a></li>' for href, text in zip(places, texts, strict=True))
    regions = TemplateBook().regions(parse_html(f"<html><body><p>Please log in.</p><ul>{rows}</ul></body></html>"))
    assert regions and not any(r.bare for r in regions) and page_role(regions) == "other"


def test_a_bare_list_beside_richer_records_changes_nothing() -> None:
    # A page that has a list or posts of its own keeps them, and its sidebars of bare titles stay
    # what they were: no other forum's page reads differently.
    site = DiscuzForum(size=0.3)
    board = site.data.boards[0]
    body = site.handle(SiteRequest("GET", site.board_target(board.fid, 1), {}, "http://forum.test")).payload()
    html = body.decode(site.charset).replace("</body>", _bare_content(TITLES, wrap="div") + "</body>")
    regions = TemplateBook().regions(parse_html(html))
    assert not any(r.bare for r in regions) and page_role(regions) == "list"
