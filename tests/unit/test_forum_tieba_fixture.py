"""The Baidu Tieba fixture serves what its truth says (the fixture only, no crawler).

A bar page's thread list and pager are in a BigPipe pagelet (inside an HTML comment), so the
DOM as sent has no thread links; thread pages are in the DOM; 楼中楼 sub-replies are not posts.
"""

from __future__ import annotations

import json
from collections import defaultdict
from urllib.parse import urljoin, urlsplit

import lxml.html
import pytest

from tests.helpers import walk_forum
from topiccrawl.demo.forum_tieba import PAGELET, TiebaForum
from topiccrawl.demo.forum_truth import ForumTruth, TruthPost
from topiccrawl.demo.server import SiteRequest
from topiccrawl.textutil import normalize_space

BASE = "http://127.0.0.1:1"
SIZE = 0.3


@pytest.fixture(scope="module")
def site() -> TiebaForum:
    return TiebaForum(size=SIZE)


def _body(site: TiebaForum, target: str) -> str:
    reply = site.handle(SiteRequest("GET", target, {}, BASE))
    assert reply.status == 200, target
    assert reply.headers["Content-Type"] == "text/html; charset=utf-8"
    return reply.payload().decode(site.charset)


def _get(site: TiebaForum, target: str) -> lxml.html.HtmlElement:
    return lxml.html.fromstring(_body(site, target))


def _text(el: lxml.html.HtmlElement) -> str:
    return normalize_space(" ".join(t.strip() for t in el.itertext() if t.strip()))


def _pagelet(doc: lxml.html.HtmlElement) -> lxml.html.HtmlElement:
    """The thread list a browser would show: the markup in the pagelet's comment."""
    code = doc.xpath(f'//code[@class="pagelet_html"][@id="pagelet_html_{PAGELET}"]')
    assert len(code) == 1
    comments = code[0].xpath("comment()")
    assert len(comments) == 1
    return lxml.html.fromstring(comments[0].text)


def _target(href: str, page: str) -> str | None:
    """A link as a crawler resolves it (protocol-relative links included); None if off-site."""
    url = urljoin(BASE + page, href.partition("#")[0])
    parts = urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}" != BASE:
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _links(site: TiebaForum, target: str) -> list[str]:
    doc = _get(site, target)
    hrefs = list(doc.xpath("//a/@href"))
    if doc.xpath('//code[@class="pagelet_html"]'):
        hrefs += _pagelet(doc).xpath("//a/@href")
    return [t for h in hrefs if (t := _target(h, target)) is not None]


def test_every_thread_and_index_target_is_served_and_classified(site: TiebaForum) -> None:
    assert isinstance(site, ForumTruth)
    assert site.start_target() == "/" and site.classify("/") == "index" and site.canonical("/") == "/"
    for target in site.thread_targets():
        _body(site, target)
        assert site.classify(target) == "thread" and site.canonical(target) == target
    assert "/" in site.index_targets()
    for target in site.index_targets() - {"/"}:
        _body(site, target)
        assert site.classify(target) == "board" and site.canonical(target) == target
    n_pages = sum(site.data.list_pages(b) for b in site.data.boards)
    assert len(site.index_targets()) == 1 + n_pages
    assert any(site.data.list_pages(b) > 1 for b in site.data.boards)
    assert any(site.data.thread_pages(t) > 1 for t in site.data.threads.values())


def test_urls_in_any_parameter_order_and_spelling_map_to_one_canonical_target(site: TiebaForum) -> None:
    board = site.data.boards[0]
    kw = board.name.removesuffix("吧")
    second = site.board_target(board.fid, 2)
    assert second.endswith(f"&pn={site.threads_per_page}")
    path, _, query = second.partition("?")
    reordered = path + "?" + "&".join(reversed(query.split("&")))
    assert site.classify(reordered) == "board" and site.canonical(reordered) == second
    first = site.board_target(board.fid, 1)
    for variant in (f"{first}&pn=0", f"{first}&tab=main", f"{first}&fr=home", f"/f?ie=utf-8&kw={kw}"):
        assert site.classify(variant) == "board" and site.canonical(variant) == first, variant
    thread = next(t for t in site.data.threads.values() if site.data.thread_pages(t) > 1)
    assert site.canonical(f"/p/{thread.tid}?pn=1") == f"/p/{thread.tid}"
    assert site.canonical(f"/p/{thread.tid}?pn=2") == site.thread_target(thread.tid, 2) == f"/p/{thread.tid}?pn=2"
    for missing in (f"{first}&pn=3", f"/p/{thread.tid}?pn=99", "/f?kw=nosuchbar&ie=utf-8"):
        assert site.handle(SiteRequest("GET", missing, {}, BASE)).status == 404
        assert site.canonical(missing) is None


def test_bar_pages_have_their_thread_list_only_inside_the_pagelet_comment(site: TiebaForum) -> None:
    per = site.threads_per_page
    for board in site.data.boards:
        order = site.order[board.fid]
        pinned = [t for t in board.threads if t.sticky]
        assert len(pinned) == 2
        last = site.data.list_pages(board)
        for page in range(1, last + 1):
            target = site.board_target(board.fid, page)
            raw = _body(site, target)
            doc = lxml.html.fromstring(raw)  # no comment handling: what the server sent, as the DOM
            assert not [h for h in doc.xpath("//a/@href") if "/p/" in h], target
            assert not doc.xpath('//*[@id="thread_list"] | //*[@id="frs_list_pager"] | //li[@data-field]')
            holder = doc.xpath(f'//div[@id="pagelet_{PAGELET}"]')
            assert len(holder) == 1 and len(holder[0]) == 0 and not (holder[0].text or "").strip()
            assert doc.xpath('//a[@class="card_title_fname"]')[0].text == board.name
            assert f'Bigpipe.register("{PAGELET}"' in raw

            inner = _pagelet(doc)
            expected = (pinned if page == 1 else []) + order[(page - 1) * per : page * per]
            rows = inner.xpath('//ul[@id="thread_list"]//li[contains(concat(" ", @class, " "), " j_thread_list ")]')
            assert [r.xpath('.//a[contains(@class, "j_th_tit")]/@href')[0] for r in rows] == [
                f"/p/{t.tid}" for t in expected
            ]
            assert [r.xpath('.//a[contains(@class, "j_th_tit")]')[0].text for r in rows] == [t.title for t in expected]
            top = inner.xpath('//ul[@id="thread_top_list"]/li')
            assert len(top) == (2 if page == 1 else 0)
            for row, t in zip(rows, expected, strict=True):
                data = json.loads(row.get("data-field"))
                assert data["id"] == t.tid and data["reply_num"] == len(t.posts) - 1
                assert data["author_name"] == t.posts[0].author and data["is_top"] == (True if t.sticky else None)
                reps = row.xpath('.//span[contains(@class, "threadlist_rep_num")]')[0].text
                assert reps == str(len(t.posts) - 1)
                author = row.xpath('.//span[@class="frs-author-name-wrap"]/a')[0]
                assert author.text == t.posts[0].author and author.get("href").startswith("/home/main/?un=")
                if not t.sticky:
                    assert row.xpath('.//span[contains(@class, "threadlist_reply_date")]')[0].text.strip()
                    assert row.xpath('.//div[contains(@class, "threadlist_abs")]')[0].text.strip()
            # every /p/ link of the page is in the comment (no other thread links elsewhere)
            comment_links = {h for h in inner.xpath("//a/@href") if h.startswith("/p/")}
            assert comment_links == {f"/p/{t.tid}" for t in expected}
            pager = inner.xpath('//div[@id="frs_list_pager"]')[0]
            hrefs = {_target(h, target) for h in pager.xpath(".//a/@href")}
            others = {site.board_target(board.fid, n) for n in range(1, last + 1) if n != page}
            assert {site.canonical(h) for h in hrefs if h} == others
            assert all(h.startswith("//127.0.0.1:1/f?kw=") for h in pager.xpath(".//a/@href"))  # protocol-relative
            labels = [a.text for a in pager.xpath(".//a")]
            assert ("下一页>" in labels and "尾页" in labels) == (page < last)
            ads = inner.xpath('//li[not(@data-field)]//span[@class="pull_right label_text"]')
            assert len(ads) == (1 if len(expected) - len(top) > 3 else 0)


def test_posts_are_the_floors_rendered_on_the_thread_pages(site: TiebaForum) -> None:
    truth = site.posts()
    by_page: dict[str, list[TruthPost]] = defaultdict(list)
    for post in truth:
        by_page[site.thread_target(int(post.thread_id), post.page_number)].append(post)
    assert set(by_page) == site.thread_targets()
    rendered = 0
    for target, posts in by_page.items():
        doc = _get(site, target)
        floors = doc.xpath('//div[contains(concat(" ", @class, " "), " j_l_post ")]')
        assert len(floors) <= site.posts_per_page
        rendered += len(floors)
        assert doc.xpath('//h3[contains(@class, "core_title_txt")]')[0].text == posts[0].thread_title
        assert doc.xpath('//a[@class="card_title_fname"]')[0].text == posts[0].board
        canonical = doc.xpath('//link[@rel="canonical"]/@href')
        assert canonical == [f"//127.0.0.1:1/p/{posts[0].thread_id}"]
        thread = site.data.threads[int(posts[0].thread_id)]
        reply_num = doc.xpath('//li[@class="l_reply_num"]')[0]
        assert reply_num.text_content() == f"{len(thread.posts) - 1}回复贴，共{site.data.thread_pages(thread)}页"
        served = []
        for floor in floors:
            data = json.loads(floor.get("data-field"))
            tail = [
                _text(s) for s in floor.xpath('.//div[contains(@class, "core_reply_tail")]//span[@class="tail-info"]')
            ]
            assert tail[-2] == f"{data['content']['post_no']}楼" and tail[-1] == data["content"]["date"]
            served.append(
                (
                    str(data["content"]["post_id"]),
                    data["content"]["post_no"],
                    floor.xpath('.//a[contains(@class, "p_author_name")]')[0].text,
                    data["author"]["user_name"],
                    tail[-1],
                    _text(floor.xpath('.//div[contains(@class, "j_d_post_content")]')[0]),
                )
            )
        assert served == [(p.post_id, p.position, p.author, p.author, p.time, p.text) for p in posts], target
    assert rendered == len(truth)
    assert len({p.post_id for p in truth}) == len(truth)


def test_lzl_sub_replies_are_not_part_of_the_floor_text(site: TiebaForum) -> None:
    truth = {p.post_id: p for p in site.posts()}
    checked = more = 0
    for pid, subs in site.lzl.items():
        post = truth[str(pid)]
        doc = _get(site, site.thread_target(int(post.thread_id), post.page_number))
        floor = doc.xpath(f'//div[@id="post_content_{pid}"]/ancestor::div[contains(@class, "j_l_post")]')[0]
        shown = [_text(s) for s in floor.xpath('.//li[contains(@class, "lzl_single_post")]')]
        assert len(shown) == min(len(subs), 4)
        assert [_text(s) for s in floor.xpath('.//span[@class="lzl_time"]')]
        for sub in subs[:4]:
            assert sub.text in _text(floor) and sub.text not in post.text
        assert post.text == _text(floor.xpath('.//div[contains(@class, "j_d_post_content")]')[0])
        assert not any(text in post.text for text in shown)
        checked += 1
        if len(subs) > 4:
            link = floor.xpath('.//a[@class="j_lzl_m"]')[0]
            assert link.text == f"还有{len(subs) - 4}条回复，点击查看"
            comment = _target(link.get("href"), "/")
            assert comment is not None and comment.startswith("/p/comment?tid=")
            assert site.classify(comment) == "noise" and site.canonical(comment) is None
            fragment = lxml.html.fragment_fromstring(_body(site, comment), create_parent="ul")
            assert len(fragment.xpath('.//li[contains(@class, "lzl_single_post")]')) == min(len(subs), 10)
            more += 1
    assert checked > 20 and more > 5


def test_noise_is_served_and_classified_as_noise_and_all_pages_are_reachable(site: TiebaForum) -> None:
    wanted = site.thread_targets() | site.index_targets()
    seen, links = walk_forum(site, lambda target: _links(site, target))
    assert seen == wanted
    kinds: dict[str, list[str]] = defaultdict(list)
    for link in links:
        kinds[site.classify(link)].append(link)
    assert set(kinds) <= {"index", "board", "thread", "noise", "other"}
    assert all(link.startswith(("/tb/", "/hermes/", "/f/index/")) for link in kinds["other"]), kinds["other"]
    for prefix in ("/home/main", "/passport?login", "/p/comment?", "/f/search/res?", "/f/like/level?"):
        assert any(link.startswith(prefix) for link in kinds["noise"]), prefix
    for marker in ("?see_lz=1", "?share=", "&tab=good", "&tab=album"):
        assert any(marker in link for link in kinds["noise"]), marker
    home = next(link for link in kinds["noise"] if link.startswith("/home/main"))
    floor_views = [link for link in _links(site, home) if "?pid=" in link]
    assert floor_views
    kinds["noise"] += [*floor_views, "/f/good?kw=" + site.board_target(site.data.boards[0].fid, 1).split("kw=")[1]]
    for link in kinds["noise"]:
        assert site.handle(SiteRequest("GET", link, {}, BASE)).status == 200, link
        assert site.canonical(link) is None, link
    assert len(kinds["noise"]) > len(kinds["thread"])


def _floor_ids(doc: lxml.html.HtmlElement) -> list[int]:
    return [
        json.loads(f.get("data-field"))["content"]["post_id"] for f in doc.xpath('//div[contains(@class, "j_l_post")]')
    ]


def test_floor_views_show_the_page_holding_the_floor(site: TiebaForum) -> None:
    thread = next(t for t in site.data.threads.values() if site.data.thread_pages(t) > 1)
    post = thread.posts[site.posts_per_page + 1]  # on page 2
    view = f"/p/{thread.tid}?pid={post.pid}&cid=0"
    assert site.classify(view) == "noise"
    assert _floor_ids(_get(site, view)) == _floor_ids(_get(site, site.thread_target(thread.tid, 2)))
    lz = _get(site, f"/p/{thread.tid}?see_lz=1")
    floors = lz.xpath('//div[contains(@class, "j_l_post")]')
    authors = {f.xpath('.//a[contains(@class, "p_author_name")]')[0].text for f in floors}
    assert authors == {thread.posts[0].author}


def test_truth_fields(site: TiebaForum) -> None:
    posts = site.posts()
    boards = {p.board for p in posts}
    assert len(boards) == len(site.data.boards) == 3 and all(b.endswith("吧") for b in boards)
    assert all(len(p.time) == 16 and p.time[4] == "-" and p.time[13] == ":" for p in posts)
    by_thread: dict[str, list[TruthPost]] = defaultdict(list)
    for p in posts:
        by_thread[p.thread_id].append(p)
    for group in by_thread.values():
        assert [p.position for p in group] == list(range(1, len(group) + 1))
        assert [p.time for p in group] == sorted(p.time for p in group)  # floors in time order
    assert any(p.time.startswith("2024-06-03") for p in posts)  # replied today: '18:05' on the bar page


def test_sizes_and_determinism() -> None:
    big = TiebaForum(size=1.0)
    assert len(big.data.boards) == 4
    assert all(40 <= len(b.threads) <= 60 for b in big.data.boards)
    assert max(big.data.thread_pages(t) for t in big.data.threads.values()) == 5
    assert TiebaForum(size=SIZE).posts() == TiebaForum(size=SIZE).posts()
    assert TiebaForum(size=SIZE, seed=1).posts() != TiebaForum(size=SIZE).posts()
