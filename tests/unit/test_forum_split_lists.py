"""Lists split into boxes, blocks of a page's layout framed like records, and a known post among boxes.

A board index puts each category's boards in a table of its own; a category of one or two boards
repeats nothing there, and the boxes the tables sit in are alike enough to repeat. A thread's
last page of one post shows it between a toolbar and a reply form, all boxes of one frame. These
pages are written here the way PHPWind 8.7 writes them."""

from __future__ import annotations

from topiccrawl.demo.forum_phpwind import PhpwindForum
from topiccrawl.demo.server import SiteRequest
from topiccrawl.forum.pagetypes import is_layout, main_region, profile
from topiccrawl.forum.regions import parse_html
from topiccrawl.forum.splitlists import page_regions
from topiccrawl.forum.templatebook import TemplateBook


def _board(fid: int) -> str:
    return (
        f'<tr class="tr3"><td class="icon"><a href="thread.php?fid={fid}"><img src="new.gif"/></a></td>'
        f'<th><h3><a href="thread.php?fid={fid}">版块名称{fid}</a></h3><span class="gray">版块的介绍文字{fid}</span>'
        f'<br/><span class="gray">版主: </span><a href="u.php?uid={fid}">版主{fid}</a></th>'
        f'<td class="tac"><span>{fid}2</span> / <span>{fid}40</span></td>'
        f'<td class="tal"><a href="read.php?tid={fid}00&page=e">最近回复的帖子标题{fid}</a><br/>'
        f'<span class="gray">2013-06-18 13:3{fid}</span></td></tr>'
    )


def _category(cid: int, fids: list[int]) -> str:
    rows = "".join(_board(f) for f in fids)
    return (
        f'<div class="t"><table><tr><th class="h"><h2><a href="index.php?cateid={cid}">分类{cid}</a></h2></th></tr>'
        f'<tbody id="cate_{cid}">{rows}</tbody></table></div>'
    )


def _latest(n: int) -> str:
    cols = "".join(
        f'<div class="col"><h4>栏目{c}</h4><ul>'
        + "".join(f'<li><a href="read.php?tid={c}{i}">最新的帖子标题第{c}{i}个</a></li>' for i in range(8))
        + "</ul></div>"
        for c in range(n)
    )
    head = '<tr><th class="h">论坛动态</th></tr>'
    return f'<div class="t" id="infobox"><table>{head}<tr><td>{cols}</td></tr></table></div>'


def _index(*categories: list[int]) -> str:
    boxes = "".join(_category(i + 1, fids) for i, fids in enumerate(categories))
    online = (
        '<div class="t"><table><tr><th class="h">在线用户</th></tr>'
        '<tr><td><a href="u.php?uid=9">某人</a></td></tr></table></div>'
    )
    return f'<html><body><div id="main"><div class="wrap">{_latest(4)}{boxes}{online}</div></div></body></html>'


def test_boards_in_categories_of_one_or_two_form_one_list_split_into_boxes() -> None:
    regions = page_regions(parse_html(_index([4, 6], [12])))
    boards = [r for r in regions if r.records and r.records[0].elements[0].get("class") == "tr3"]
    assert [len(r) for r in boards] == [2, 1]  # was none: no table repeats a board three times
    assert len({r.key for r in boards}) == 1  # one template: the boards' links share their slots
    links = {link.url for r in boards for link in r.links if link.slot == "0:th/h3/a"}
    assert links == {"thread.php?fid=4", "thread.php?fid=6", "thread.php?fid=12"}


def test_the_boxes_the_lists_sit_in_are_not_the_pages_list() -> None:
    site = PhpwindForum(size=0.3)
    page = site.handle(SiteRequest("GET", site.start_target(), {}, "http://forum.test")).payload()
    regions = page_regions(parse_html(page))
    boxes = [r for r in regions if r.location == "html/body/div/div" and r.records[0].elements[0].get("class") == "t"]
    # ``div#infobox``, a block of the page's own, is no record of the boxes like it
    assert boxes and "infobox" not in {r.elements[0].get("id") for r in boxes[0].records}
    main = main_region(regions)
    # was the ``div.t`` boxes (latest threads, who is online, links): their template, taken for
    # a list's, then matched the login box of every prompt page, and each read as a list
    assert main is not None and main.records[0].elements[0].get("class") == "infobox-col fl"


def test_a_row_per_category_of_a_category_box_is_no_box_of_its_rows() -> None:
    # every category's table is one record's markup (a Discuz! post's table of two rows is the
    # post's own): tables of three boards repeat by themselves, and nothing is split
    regions = page_regions(parse_html(_index([1, 2, 3], [4, 5, 6], [7, 8, 9])))
    boards = [r for r in regions if r.records and r.records[0].elements[0].get("class") == "tr3"]
    assert [len(r) for r in boards] == [3, 3, 3]


def _post(pid: int) -> str:
    return (
        f'<div class="post" id="post_{pid}"><table><tr><td class="author"><a href="u.php?uid={pid}">作者{pid}</a>'
        f'<p>等级: 侠客</p></td><td class="body"><p>发表于 2013-06-1{pid % 10} 12:00</p><div>帖子的正文内容{pid}，'
        f"比较长的一段文字，说明问题的来龙去脉。</div></td></tr>"
        f'<tr><td class="author"><a href="u.php?uid={pid}">作者{pid}</a><p>在线</p></td><td class="body">'
        f'<a href="post.php?action=quote&pid={pid}">引用</a> <a href="post.php?action=reply">回复</a>'
        "</td></tr></table></div>"
    )


def test_the_two_rows_of_each_posts_table_are_no_list() -> None:
    posts = "".join(_post(i) for i in range(5))
    regions = page_regions(parse_html(f"<html><body><div id='posts'>{posts}</div></body></html>"))
    assert not [r for r in regions if r.records[0].elements[0].tag == "tr"]
    main = main_region(regions)
    assert main is not None and len(main) == 5


def _row(tid: int) -> str:
    by = '<td class="by"><cite><a href="u.php?uid={0}">用户{0}</a></cite><em><span>2013-06-1{1}</span></em></td>'
    return (
        f'<tr><td class="icn"><img src="f.gif"/></td><th><a href="read.php?tid={tid}">帖子标题{tid}</a></th>'
        f"{by.format(tid, tid % 10)}<td class='num'>3</td>{by.format(tid + 1, tid % 10)}</tr>"
    )


def test_a_rows_two_author_cells_are_no_list() -> None:
    regions = page_regions(parse_html(f"<html><body><table>{''.join(_row(i) for i in range(6))}</table></body></html>"))
    assert not [r for r in regions if r.records[0].elements[0].tag == "td"]


def _thread_page(pids: list[int]) -> str:
    top = (
        '<div class="t5" id="readTop"><table><tr><td><span><a href="read.php?tid=1&uid=1">只看楼主</a> | '
        '<a href="read.php?tid=1&ordertype=desc">倒序阅读</a></span></td></tr></table></div>'
    )
    posts = "".join(
        f'<div class="t5 t2"><table><tr><td><div><a href="u.php?uid={p}">作者{p}</a></div></td>'
        f"<td><div>发表于: 2013-06-17 13:1{p}</div>"
        f"<div>第{p}楼的正文，说了好几句话，内容各不相同{p}。</div></td></tr></table></div>"
        for p in pids
    )
    form = (
        '<div class="t" id="quickpost"><table><tr><td><a href="login.php">登录</a> | '
        '<a href="register.php">注册</a></td></tr></table></div>'
    )
    return f'<html><body><div id="main"><div class="wrap">{top}{posts}{form}</div></div></body></html>'


def test_blocks_of_the_layout_framed_like_a_post_are_not_its_records() -> None:
    regions = page_regions(parse_html(_thread_page([1])))
    (boxes,) = [r for r in regions if r.location.endswith("div/div")]
    # was three records, toolbar, post and reply form, read as a list
    assert len(boxes) == 1
    assert "第1楼" in boxes.records[0].text()
    assert {el.get("id") for el in boxes.extras} == {"readTop", "quickpost"}
    assert not is_layout(boxes) and profile(boxes).postlike


def test_a_region_of_layout_blocks_only_is_the_pages_layout() -> None:
    page = "<html><body><div id='head'><a href='/'>home</a><p>x</p></div><div id='main'><a href='/a'>a</a><p>y</p>"
    regions = page_regions(parse_html(page + "</div><div id='footer'><a href='/f'>f</a><p>z</p></div></body></html>"))
    assert [is_layout(r) for r in regions] == [True]


def test_a_known_posts_record_is_taken_apart_from_boxes_of_its_frame() -> None:
    book = TemplateBook()
    full = book.regions(parse_html(_thread_page([1, 2, 3, 4])))
    posts = main_region(full)
    assert posts is not None
    book.sticky.add(posts.key)
    last = book.regions(parse_html(_thread_page([5])))
    main = main_region(last, book.sticky)
    # was the three boxes (toolbar, post, reply form), read as a list, whose template then made
    # every page framed so (login prompts, quote forms) a list
    assert main is not None and main.key == posts.key and len(main) == 1
    assert "第5楼" in main.records[0].text()


def _post_with_bars(pid: int) -> str:
    return (
        f'<div class="post" id="post_{pid}"><div class="author"><a href="u.php?uid={pid}">作者{pid}</a></div>'
        f"<div class='body'>第{pid}楼的正文，说了好几句话，内容各不相同，也够长。</div><div class='controls'>"
        f'<div class="bar left"><a href="mail.php?uid={pid}">Email</a><a href="pm.php?uid={pid}">PM</a>'
        f'<a href="search.php?uid={pid}">Find</a></div><div class="bar right"><a href="edit.php?pid={pid}">Edit</a>'
        f'<a href="quote.php?pid={pid}">Quote</a><a href="report.php?pid={pid}">Report</a></div></div></div>'
    )


def _posts_page(pids: list[int]) -> str:
    return f"<html><body><div id='posts'>{''.join(_post_with_bars(p) for p in pids)}</div></body></html>"


def test_each_posts_two_bars_of_buttons_are_no_list_on_a_page_of_two_posts() -> None:
    # MyBB's posts carry two bars of buttons each; on a thread's last page of two posts, four bars
    # in two boxes made a list split over boxes, taken for the page's content (2,559 of 2,599
    # posts became 170-366 in three crawls of five)
    book = TemplateBook()
    posts = main_region(book.regions(parse_html(_posts_page([1, 2, 3, 4, 5]))))
    assert posts is not None and len(posts) == 5
    book.sticky.add(posts.key)
    last = book.regions(parse_html(_posts_page([6, 7])))
    assert not [r for r in last if r.split]
    main = main_region(last, book.sticky)
    assert main is not None and main.key == posts.key and len(main) == 2
