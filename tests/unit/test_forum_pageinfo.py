"""What a page says about itself: heading, alias views, pager (``topiccrawl.forum.pageinfo``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from topiccrawl.forum.pageinfo import (
    has_pager,
    heading_home,
    lives_elsewhere,
    more_links,
    names_title,
    numbers_beside,
    page_flips,
    page_heading,
    records_digest,
    thread_title,
    titled_heading,
)
from topiccrawl.forum.regions import Region, find_regions, parse_html

URL = "http://bbs.example.com/thread-7-2-1.html"
REAL = Path(__file__).resolve().parent.parent / "fixtures" / "real_pages"


def _pager(current: int, pages: int, url_of: str = "thread-7-{}-1.html") -> str:
    cells = [
        f"<strong>{n}</strong>" if n == current else f'<a href="{url_of.format(n)}">{n}</a>'
        for n in range(1, pages + 1)
    ]
    return f'<div class="pg">{"".join(cells)}<a href="{url_of.format(current + 1)}">下一页</a></div>'


def test_heading_is_the_title_without_the_site_name_when_the_page_shows_it() -> None:
    root = parse_html(
        "<html><head><title>手机摄影技巧分享 - 摄影论坛 - Powered by Discuz!</title></head>"
        "<body><div class='crumb'><a href='/'>首页</a> <em>手机摄影技巧分享</em></div></body></html>"
    )
    assert page_heading(root) == "手机摄影技巧分享"
    assert page_heading(root, titles=False) is None  # no h1/h2: the title alone is not a heading
    assert page_heading(parse_html("<html><body><h1> 版块 </h1><h2>x</h2></body></html>")) == "版块"


def test_a_view_names_its_own_url_by_canonical_link_or_by_a_link_with_its_heading() -> None:
    canonical = "<html><head><link rel='canonical' href='/thread-7-1-1.html'></head><body></body></html>"
    assert lives_elsewhere("http://bbs.example.com/redirect.php?tid=7&goto=lastpost", parse_html(canonical))
    assert not lives_elsewhere("http://bbs.example.com/thread-7-1-1.html", parse_html(canonical))
    crumb = "<html><body><a href='/thread-7-1-1.html'>手机摄影技巧分享</a><h1>手机摄影技巧分享</h1></body></html>"
    assert lives_elsewhere("http://bbs.example.com/viewthread.php?tid=7&ordertype=1", parse_html(crumb))
    assert not lives_elsewhere("http://bbs.example.com/thread-7-1-1.html", parse_html(crumb))  # page 1 links itself
    offsite = (
        "<html><body><a href='http://other.example.org/t/7'>手机摄影技巧分享</a><h1>手机摄影技巧分享</h1></body></html>"
    )
    assert not lives_elsewhere(URL, parse_html(offsite))


def test_pager_of_this_page_gives_its_links_numbers_current_page_and_page_one() -> None:
    root = parse_html(f"<html><body>{_pager(2, 4)}</body></html>")
    flips = page_flips(URL, root, None)
    assert sorted(flips.numbers) == [1, 3, 4] and flips.current == 2 and not flips.foreign
    assert flips.first == "http://bbs.example.com/thread-7-1-1.html"
    assert {target for target, _ in flips.own} == {
        "http://bbs.example.com/thread-7-1-1.html",
        "http://bbs.example.com/thread-7-3-1.html",
        "http://bbs.example.com/thread-7-4-1.html",
    }


def test_a_current_page_marked_by_an_anchor_without_href_is_the_pagers_current_page() -> None:
    # (NGA: <a class='invert' title='当前页'>6</a>; the thread's last page, read before the pages
    # that link it, was read as page 1 and its posts went in place of the first page's)
    cells = "".join(f"<td><a href='read.php?tid=7&page={n}'>{n}</a></td>" for n in range(2, 6))
    pager = (
        "<table><tr><td><a href='read.php?tid=7&page=1' title='首页'>&lt;&lt;</a></td>"
        f"<td><a href='read.php?tid=7&page=5'>上一页</a></td>{cells}"
        "<td><a class='invert' title='当前页'>6</a></td><td><span>共6页</span></td></tr></table>"
    )
    flips = page_flips(
        "http://bbs.example.com/read.php?page=6&tid=7", parse_html(f"<html><body>{pager}</body></html>"), None
    )
    assert flips.current == 6
    assert sorted(set(flips.numbers)) == [2, 3, 4, 5]


def test_a_pager_of_queries_alone_is_the_own_pager_of_any_url_and_names_its_current_page() -> None:
    # (NodeBB serves a post's permalink /topic/5/x/24 as page 2, with its pager's '?page=N')
    html = f"<html><body>{_pager(2, 3, url_of='?page={}')}</body></html>"
    topic = "http://bbs.example.com/topic/5/x"
    permalink = page_flips(f"{topic}/24", parse_html(html), None)
    assert permalink.query_only and permalink.current == 2
    assert permalink.first == f"{topic}/24?page=1"  # (its own at the permalink, as at any URL)
    at_canonical = page_flips(f"{topic}?page=2", parse_html(html), None)
    assert at_canonical.numbers_current(f"{topic}?page=2")
    assert not at_canonical.numbers_current(topic)  # (a canonical naming page 1 for page 2)
    assert not at_canonical.numbers_current(f"{topic}?page=3")
    assert not page_flips(URL, parse_html(f"<html><body>{_pager(2, 4)}</body></html>"), None).query_only


def test_a_pager_flipping_another_url_marks_the_page_as_a_view_of_it() -> None:
    # a 'last post' view: its pager flips thread-7-N pages, not this URL
    view = "http://bbs.example.com/redirect.php?tid=7&goto=lastpost"
    root = parse_html(f"<html><body>{_pager(2, 4)}</body></html>")
    flips = page_flips(view, root, None)
    assert flips.own == [] and flips.foreign


def test_a_two_page_pager_on_its_last_page_flipping_another_url_marks_a_view() -> None:
    # vBulletin's link to a post (showthread.php?p=N) shows the post's page; on a two-page
    # thread's last page its pager is "1 [2]": one numbered link, to the thread's first page
    permalink = "http://bbs.example.com/showthread.php?p=31817"
    pager = (
        "<table><tr><td>第 2 页，共 2 页</td><td><a rel='prev' href='/showthread.php?t=7'>&lt;</a></td>"
        "<td><a href='/showthread.php?t=7'>1</a></td><td><span><strong>2</strong></span></td></tr></table>"
    )
    flips = page_flips(permalink, parse_html(f"<html><body>{pager}</body></html>"), None)
    assert flips.own == [] and flips.foreign
    # a lone numbered link beside no current page, or not the page before it, is no pager
    for html in (
        "<div><a href='/showthread.php?t=7'>1</a> reply</div>",
        "<div><a href='/showthread.php?t=7'>1</a> <b>7</b></div>",
    ):
        assert not page_flips(permalink, parse_html(f"<html><body>{html}</body></html>"), None).foreign


def _main(html: str) -> Region:
    return max(find_regions(parse_html(html)), key=lambda r: len(r.records))


def test_records_digest_is_the_same_for_the_same_records_and_moves_with_their_text() -> None:
    page = (REAL / "discuz_thread_3.html").read_text(encoding="utf-8", errors="replace")
    digest = records_digest(_main(page))
    assert digest is not None and len(digest) == 40
    # the same records under other chrome (another URL's view of them) give the same digest
    assert records_digest(_main(page.replace("<title>", "<title>sorted view - "))) == digest
    posts = "".join(f"<li><a href='/t/{i}'>post number {i} text</a> by user{i}</li>" for i in range(5))
    one = records_digest(_main(f"<html><body><ul>{posts}</ul></body></html>"))
    other = records_digest(_main(f"<html><body><ul>{posts.replace('number 3', 'number 33')}</ul></body></html>"))
    assert one is not None and other is not None and one != other
    assert records_digest(None) is None


def _topic_row(tid: int, pages: int = 1) -> str:
    mini = "".join(
        f'<li><a href="/viewtopic.php?t={tid}&start={10 * (n - 1)}">{n}</a></li>' for n in range(1, pages + 1)
    )
    return (
        f'<li class="row"><dl><dt><a class="topictitle" href="/viewtopic.php?t={tid}">Topic number {tid}</a>'
        f'<div class="pagination"><ul>{mini}</ul></div></dt><dd class="posts">{tid} replies</dd></dl></li>'
    )


def test_a_row_like_the_lists_own_rows_kept_apart_from_them_has_a_pager_of_its_own() -> None:
    # phpBB shows a global announcement in a block of its own above a board's topics; its
    # row links the announcement's pages 1 and 2. That is the row's pager, not the board's.
    board = "http://bbs.example.com/viewforum.php?f=3"
    page = (
        f"<html><body><ul class='topics'>{_topic_row(1, pages=2)}</ul>"
        f"<ul class='topics'>{''.join(_topic_row(tid) for tid in range(10, 16))}</ul></body></html>"
    )
    root = parse_html(page)
    main = max(find_regions(root), key=len)
    assert len(main) == 6
    flips = page_flips(board, root, main)
    assert not flips.foreign and not flips.own
    # the same pager outside any such row still marks a view of another URL
    alone = page.replace(
        "</body>",
        '<div class="pg"><a href="/viewforum.php?f=9&start=0">1</a> '
        '<a href="/viewforum.php?f=9&start=25">2</a></div></body>',
    )
    root = parse_html(alone)
    assert page_flips(board, root, max(find_regions(root), key=len)).foreign


def test_heading_prefers_the_one_the_title_starts_with() -> None:
    # prosilver puts the site's name in <h1> and the topic in <h2>
    root = parse_html(
        "<html><head><title>Battery drains overnight - Tinkerers Board</title></head>"
        "<body><h1>Tinkerers Board</h1><h2><a href='/t/5'>Battery drains overnight</a></h2></body></html>"
    )
    assert page_heading(root) == "Battery drains overnight"
    # a title that starts with neither: the first h1, as before
    root = parse_html("<html><head><title>Index</title></head><body><h1>Site</h1><h2>Boards</h2></body></html>")
    assert page_heading(root) == "Site"


def test_a_next_link_is_remembered_for_pagers_without_numbers() -> None:
    url = "http://bbs.example.com/t/some-topic/161"
    root = parse_html("<html><body><a rel='next' href='/t/some-topic/161?page=2'>next page →</a></body></html>")
    flips = page_flips(url, root, None)
    assert flips.next == "http://bbs.example.com/t/some-topic/161?page=2"
    assert flips.numbers == [] and flips.current is None


def test_each_flip_remembers_the_page_number_its_link_shows() -> None:
    # XenForo links every page number, the current one too (marked by a class): the number on
    # the link that leads to a page is the only sure sign of which page it is
    base = "http://f.test/threads/a-b-c.5/"
    cells = "".join(f'<li><a href="/threads/a-b-c.5/page-{n}">{n}</a></li>' for n in range(2, 9))
    pager = f'<ul class="pageNav"><li><a href="/threads/a-b-c.5/">1</a></li>{cells}</ul>'
    root = parse_html(f"<html><body>{pager}</body></html>")
    flips = page_flips(base, root, None)
    assert flips.labels[base + "page-8"] == 8 and flips.labels[base + "page-3"] == 3
    assert flips.current == 1  # no unlinked number, but the pager's link to this very page says


def test_a_heading_drops_the_labels_it_links_but_keeps_a_heading_that_is_one_link() -> None:
    labelled = "<html><body><h1><a href='/f-2-1.html?typeid=3'>[求助]</a> 相机进水怎么办</h1></body></html>"
    assert page_heading(parse_html(labelled)) == "相机进水怎么办"
    linked = "<html><body><h1><a href='/thread-7-1-1.html'>相机进水怎么办</a></h1></body></html>"
    assert page_heading(parse_html(linked)) == "相机进水怎么办"


@pytest.mark.parametrize(
    ("heading", "title", "expected"),
    [
        # XenForo's prefix is no link; its <title> parts it from the thread's title
        ("Question&nbsp;Mode fixes?", "Question - Mode fixes? | Gadget Hub", "Mode fixes?"),
        ("Solved Battery - charger swap", "Solved - Battery - charger swap | Hub", "Battery - charger swap"),
        # a title with separators of its own, a heading the title starts with, a lone heading
        ("Python - how to parse", "Python - how to parse - Board", "Python - how to parse"),
        ("Mode fixes?", "Mode fixes? | Gadget Hub", "Mode fixes?"),
        ("Question Mode fixes?", "Gadget Hub", "Question Mode fixes?"),
    ],
)
def test_a_thread_title_drops_a_label_that_is_no_link_when_the_page_title_parts_them(heading, title, expected) -> None:
    root = parse_html(f"<html><head><title>{title}</title></head><body><h1>{heading}</h1></body></html>")
    shown = page_heading(root)
    assert thread_title(root, shown) == expected
    assert shown == heading.replace("&nbsp;", " ")  # as a page's name, the heading keeps its label


def test_an_anchor_names_a_page_by_its_whole_title_or_the_start_of_it_cut_short() -> None:
    assert names_title("辛亥革命大家怎么看？", "辛亥革命大家怎么看？")
    assert names_title("  Battery  drain after the update ", "battery drain after the update")
    assert names_title("辛亥革命和丝绸之路，纠结...", "辛亥革命和丝绸之路，纠结了一个月")
    assert names_title("Battery drain after…", "Battery drain after the update")
    # a reply's subject, as a board's 'last post' cell shows it (SMF), names the thread it is in
    assert names_title("Re: Battery drain after the update", "Battery drain after the update")
    assert names_title("回复：辛亥革命大家怎么看？", "辛亥革命大家怎么看？")
    assert names_title("Re: Re: fix", "Re: Re: fix") and not names_title("Re: x", "Re: other")
    # a permalink, a floor number, a date, a reply label or a title of another page do not
    assert not names_title("#5", "#5")  # too short to be a title
    assert not names_title("5楼", "辛亥革命大家怎么看？")
    assert not names_title("2024-03-01 10:15", "辛亥革命大家怎么看？")
    assert not names_title("回复", "回复: 辛亥革命大家怎么看？")
    assert not names_title("辛亥革命大家怎么看？", "辛亥革命和丝绸之路，纠结了一个月")
    assert not names_title("辛亥革命大...", "丝绸之路辛亥革命大家怎么看？")  # cut short means the start
    assert not names_title(None, "辛亥革命") and not names_title("辛亥革命", None)


def test_a_heading_is_the_anchor_that_led_to_it_after_a_short_label() -> None:
    assert titled_heading("Question Mode fixes?", "Mode fixes?") == "Mode fixes?"
    assert titled_heading("[分类] 辛亥革命大家怎么看？", "辛亥革命大家怎么看？") == "辛亥革命大家怎么看？"
    assert titled_heading("Mode fixes?", "Mode fixes?") == "Mode fixes?"
    assert titled_heading("A very long label before the title itself: Mode fixes?", "Mode fixes?") == (
        "A very long label before the title itself: Mode fixes?"
    )
    assert titled_heading("Mode fixes?", None) == "Mode fixes?" and titled_heading(None, "x") is None


def test_a_pager_that_links_every_number_numbers_the_page_by_its_own_link() -> None:
    # XenForo links the current page's number too and marks it by a class: a page entered at
    # page 3 (from a 'latest' box, not by a flip) is page 3, not page 1
    url = "http://bbs.example.com/threads/battery-drain.7/page-3"
    pager = "".join(
        f"<li class='pageNav-page{' pageNav-page--current' if n == 3 else ''}'>"
        f"<a href='/threads/battery-drain.7/{f'page-{n}' if n > 1 else ''}'>{n}</a></li>"
        for n in range(1, 6)
    )
    flips = page_flips(url, parse_html(f"<html><body><ul class='pageNav-main'>{pager}</ul></body></html>"), None)
    assert flips.current == 3 and sorted(flips.numbers) == [1, 2, 4, 5]
    assert flips.first == "http://bbs.example.com/threads/battery-drain.7/"


def test_records_digest_takes_every_region_of_the_main_template() -> None:
    # a board index lists each category's boards in a box of its own; a category's page shows one
    # of those lists, and is no copy of the index (was: taken for one, and the boards' URL pattern,
    # which the category's shares, then for one that leads to duplicates)
    def box(names: str) -> str:
        rows = "".join(f"<li><a href='/forum/{n}'>board {n}</a> about {n} and more</li>" for n in names)
        return f"<div class='cat'><ul>{rows}</ul></div>"

    index = find_regions(parse_html(f"<html><body>{box('abc')}{box('def')}</body></html>"))
    category = find_regions(parse_html(f"<html><body>{box('abc')}</body></html>"))
    assert records_digest(index[0], index) != records_digest(category[0], category)
    assert len(index) == 2 and records_digest(index[0]) == records_digest(category[0], category)  # (one list alone)


def test_a_page_named_under_another_url_by_its_heading_link_gives_that_url_as_its_home() -> None:
    # PHPWind links each thread from a board's second page with the board's page beside it
    # (read.php?tid=5&fpage=2); the thread's breadcrumb names it read.php?tid=5.
    title = "端午节有奖征文活动获奖名单公布"
    page = parse_html(f"<html><body><a href='read.php?tid=5'>{title}</a><h1>{title}</h1></body></html>")
    assert (
        heading_home("http://bbs.example.com/read.php?fpage=2&tid=5", page) == "http://bbs.example.com/read.php?tid=5"
    )
    assert heading_home("http://bbs.example.com/read.php?tid=5", page) is None  # page 1 links itself
    assert heading_home(URL, parse_html("<html><body><h1>没有链接的标题</h1></body></html>")) is None


def test_a_pager_anywhere_but_in_the_records_marks_a_page_of_a_sequence() -> None:
    rows = "".join(
        f"<li class='row'><a href='thread-{i}-1-1.html'>第{i}个主题的标题</a> "
        f"<a href='thread-{i}-1-1.html'>1</a><a href='thread-{i}-2-1.html'>2</a></li>"
        for i in range(5)
    )
    listing = parse_html(f"<html><body><ul>{rows}</ul></body></html>")
    (main,) = [r for r in find_regions(listing) if r.location.endswith("ul")]
    # each row's own pager links that thread's pages: no pager of this page
    assert not has_pager(URL, listing, main)
    paged = parse_html(f"<html><body><ul>{rows}</ul>{_pager(2, 3)}</body></html>")
    (own,) = [r for r in find_regions(paged) if r.location.endswith("ul")]
    assert has_pager(URL, paged, own)
    assert not has_pager(URL, parse_html("<html><body><p>one page</p></body></html>"), None)


def test_numbers_beside_a_url_say_where_its_link_stood_words_what_it_asks_for() -> None:
    home = "http://bbs.example.com/read.php?tid=5"
    assert numbers_beside("http://bbs.example.com/read.php?fpage=2&tid=5", home)
    assert not numbers_beside(home, home)
    assert not numbers_beside(
        "http://bbs.example.com/showthread.php?goto=newpost&t=5", "http://bbs.example.com/showthread.php?t=5"
    )
    assert not numbers_beside("http://bbs.example.com/read.php?ordertype=desc&tid=5", home)
    assert not numbers_beside("http://bbs.example.com/read.php?fpage=2&tid=6", home)
    assert not numbers_beside("http://bbs.example.com/print.php?fpage=2&tid=5", home)


def test_a_more_link_beside_a_list_continues_it() -> None:
    # Douban's group home lists its 50 newest topics and links the full list by "> 更多小组讨论"
    # alone; a sidebar's 'more' and a row's own links are not the list's
    rows = "".join(
        f'<tr><td class="title"><a href="/group/topic/{n}/">租房话题第{n}个，地铁旁边的单间</a></td>'
        f'<td><a href="/people/{n}/">用户{n}</a></td><td>{n}</td><td>11-2{n % 9} 15:03</td></tr>'
        for n in range(1, 7)
    )
    html = (
        '<html><body><div class="article"><div class="mod"><h2>最近讨论 '
        '(<a href="/group/g/discussion?start=0">全部</a>)</h2>'
        f'<table class="olt">{rows}</table><div class="more"><a href="/group/g/discussion?start=50">'
        '&gt; 更多小组讨论</a></div></div></div><div class="aside"><div class="mod"><h2>热门</h2>'
        '<a href="/group/explore">更多 &raquo;</a></div></div></body></html>'
    )
    main = max(find_regions(parse_html(html)), key=len)
    got = more_links("http://f.test/group/g/", main)
    assert got == ["http://f.test/group/g/discussion?start=0", "http://f.test/group/g/discussion?start=50"]
