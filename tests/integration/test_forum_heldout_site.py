"""The held-out vBulletin-style forum serves exactly what its ground truth claims."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections import Counter, deque
from collections.abc import Callable
from itertools import groupby

import lxml.html
import pytest

from topiccrawl.demo.forum_heldout import HeldoutForum
from topiccrawl.demo.forum_truth import ForumTruth, TruthPost
from topiccrawl.demo.server import FixtureWeb, Reply, SiteRequest

SMALL = {"boards": 3, "threads_per_board": 8, "posts_per_thread": 25, "posts_per_page": 7, "threads_per_page": 5}
_POST_ID = re.compile(r"^post(\d+)$")


@pytest.fixture(scope="module")
def forum() -> HeldoutForum:
    return HeldoutForum()


def get(site: HeldoutForum, target: str) -> Reply:
    return site.handle(SiteRequest("GET", target, {}, "http://127.0.0.1:1"))


def doc(site: HeldoutForum, target: str) -> lxml.html.HtmlElement:
    reply = get(site, target)
    assert reply.status == 200, target
    return lxml.html.fromstring(reply.payload().decode(site.charset))


def hrefs(page: lxml.html.HtmlElement) -> list[str]:
    return [str(h) for h in page.xpath("//a/@href")]


def norm(text: str) -> str:
    return " ".join(text.split())


def served_posts(page: lxml.html.HtmlElement) -> list[tuple[str, str, str, str]]:
    """(post id, author, time, text) of every postbit on a thread page, in page order."""
    out = []
    for table in page.xpath("//table[@id]"):
        match = _POST_ID.match(table.get("id"))
        if not match:
            continue
        pid = match.group(1)
        author = table.xpath('.//a[@class="bigusername"]/text() | .//td[@colspan="2"]/strong/text()')[0]
        time = norm(table.xpath('.//td[@class="thead"]')[0].text_content())
        text = norm(table.xpath(f'.//div[@id="post_message_{pid}"]')[0].text_content())
        out.append((pid, author, time, text))
    return out


def truth_by_page(site: HeldoutForum) -> dict[str, list[TruthPost]]:
    pages: dict[str, list[TruthPost]] = {}
    for post in site.posts():
        suffix = f"&page={post.page_number}" if post.page_number > 1 else ""
        pages.setdefault(f"/showthread.php?t={post.thread_id}{suffix}", []).append(post)
    return pages


def expected(posts: list[TruthPost]) -> list[tuple[str, str, str, str]]:
    return [(p.post_id, p.author, p.time, p.text) for p in posts]


def test_implements_forum_truth_with_a_few_hundred_pages(forum: HeldoutForum) -> None:
    assert isinstance(forum, ForumTruth)
    assert forum.name == "vbulletin"
    assert forum.charset == "utf-8"
    assert forum.start_target() == "/"
    total = len(forum.thread_targets()) + len(forum.index_targets())
    assert 200 <= total <= 1000
    assert len(forum.boards) == 6
    assert all(forum.board_pages(b) >= 2 for b in forum.boards)
    assert sum(forum.thread_pages(t) >= 3 for t in forum.threads) >= 20
    for _, group in groupby(forum.posts(), key=lambda p: p.thread_id):
        posts = list(group)
        assert [p.position for p in posts] == list(range(1, len(posts) + 1))
        assert [p.page_number for p in posts] == [(p.position - 1) // 10 + 1 for p in posts]
    assert set(truth_by_page(forum)) == forum.thread_targets()


def test_size_parameters_shape_the_forum() -> None:
    site = HeldoutForum(**SMALL)
    assert len(site.boards) == 3
    assert len(site.threads) == 24
    assert max(len(t.posts) for t in site.threads) <= 25
    assert len(site.index_targets()) == 1 + len(site.categories) + sum(site.board_pages(b) for b in site.boards)
    assert all(len(site.board_page_threads(b, 2)) <= 5 for b in site.boards)


@pytest.mark.parametrize(
    "size",
    [
        {"boards": 1, "threads_per_board": 1, "posts_per_thread": 1, "posts_per_page": 1, "threads_per_page": 1},
        {"boards": 4, "threads_per_board": 5, "posts_per_thread": 3, "posts_per_page": 2, "threads_per_page": 2},
    ],
)
def test_tiny_forums_are_whole(size: dict[str, int]) -> None:
    site = HeldoutForum(**size)
    pages = truth_by_page(site)
    assert set(pages) == site.thread_targets()
    for target in site.thread_targets():
        assert served_posts(doc(site, target)) == expected(pages[target])
    for target in site.index_targets():
        assert site.classify(target) in {"index", "board"} and site.canonical(target) == target
        assert get(site, target).status == 200


def test_generation_is_deterministic() -> None:
    a, b = HeldoutForum(**SMALL), HeldoutForum(**SMALL)
    assert a.posts() == b.posts()
    for target in sorted(a.thread_targets())[:10] + sorted(a.index_targets()):
        assert get(a, target).payload() == get(b, target).payload()
    assert HeldoutForum(**SMALL, seed=1).posts() != a.posts()


def test_every_thread_page_shows_its_truth_posts_in_order(forum: HeldoutForum) -> None:
    pages = truth_by_page(forum)
    for target in sorted(forum.thread_targets()):
        assert served_posts(doc(forum, target)) == expected(pages[target]), target


def test_served_over_http_in_declared_charset(serve: Callable[..., FixtureWeb]) -> None:
    sites = {charset: HeldoutForum(**SMALL, charset=charset) for charset in ("utf-8", "gbk", "gb18030")}
    web = serve(sites)
    for charset, site in sites.items():
        base = web.base_urls[charset]
        pages = truth_by_page(site)
        for target in sorted(site.thread_targets() | site.index_targets()):
            with urllib.request.urlopen(base + target, timeout=5) as r:
                assert r.status == 200
                assert r.headers["Content-Type"] == f"text/html; charset={charset}"
                text = r.read().decode(charset)  # strict: raises on a wrong byte
            assert f'content="text/html; charset={charset}"' in text
            if target in pages:
                assert served_posts(lxml.html.fromstring(text)) == expected(pages[target])
        # the same forum in another encoding says the same thing
        assert site.posts() == sites["utf-8"].posts()
    probe = sorted(sites["gbk"].thread_targets())[0]
    assert get(sites["gbk"], probe).payload() != get(sites["utf-8"], probe).payload()


def test_board_pages_list_their_threads(forum: HeldoutForum) -> None:
    for board in forum.boards:
        listed: list[str] = []
        for page in range(1, forum.board_pages(board) + 1):
            rows = doc(forum, forum.board_target(board, page)).xpath(f'//tbody[@id="threadbits_forum_{board.fid}"]/tr')
            for row in rows:
                title = row.xpath('.//a[starts-with(@id, "thread_title_")]')[0]
                listed.append(title.get("href"))
                thread = forum.thread(int(title.get("id").removeprefix("thread_title_")))
                assert thread is not None
                assert title.text == thread.title
                assert ("置顶:" in row.text_content()) == thread.sticky
                assert not thread.sticky or page == 1
        assert {forum.canonical(h) for h in listed} == {f"/showthread.php?t={t.tid}" for t in board.threads}
        assert len(listed) == len(board.threads)  # so each thread is listed exactly once


def test_index_and_categories_list_boards(forum: HeldoutForum) -> None:
    board_links = {f"/forumdisplay.php?f={b.fid}" for b in forum.boards}
    index_links = {forum.canonical(h) for h in hrefs(doc(forum, "/"))}
    assert board_links <= index_links
    assert {f"/forumdisplay.php?f={c.fid}" for c in forum.categories} <= index_links
    for cat in forum.categories:
        links = {forum.canonical(h) for h in hrefs(doc(forum, f"/forumdisplay.php?f={cat.fid}"))}
        assert {f"/forumdisplay.php?f={b.fid}" for b in cat.boards} <= links
        assert forum.classify(f"/forumdisplay.php?f={cat.fid}") == "index"


def test_every_truth_page_is_reachable_from_the_start(forum: HeldoutForum) -> None:
    wanted = forum.thread_targets() | forum.index_targets()
    seen = {forum.start_target()}
    queue = deque(seen)
    while queue:
        for href in hrefs(doc(forum, queue.popleft())):
            canonical = forum.canonical(href.partition("#")[0])
            if canonical is not None and canonical not in seen:
                seen.add(canonical)
                queue.append(canonical)
    assert seen == wanted


def test_links_are_root_relative_and_resolve(forum: HeldoutForum) -> None:
    board = forum.boards[0]
    thread = max(board.threads, key=lambda t: len(t.posts))
    sample = ["/", forum.board_target(board, 1), forum.board_target(board, 2), forum.thread_target(thread, 2)]
    kinds: Counter[str] = Counter()
    for target in sample:
        for href in hrefs(doc(forum, target)):
            assert href.startswith(("/", "#")), href
            if href.startswith("#"):
                continue
            link = href.partition("#")[0]
            kinds[forum.classify(link)] += 1
            assert get(forum, link).status in {200, 302}, link
    assert kinds["other"] == 0
    assert kinds["noise"] > kinds["thread"] > 0  # a real forum page links to more noise than content


def test_duplicate_views_classify_as_noise(forum: HeldoutForum) -> None:
    thread = max(forum.threads, key=lambda t: len(t.posts))
    tid, last = thread.tid, thread.posts[-1]
    page = doc(forum, f"/showthread.php?t={tid}&page=2")
    links = set(hrefs(page))
    noise = [
        f"/printthread.php?t={tid}",
        f"/showthread.php?mode=hybrid&t={tid}",
        f"/showthread.php?t={tid}&nojs=1",
        f"/showthread.php?t={tid}&goto=nextnewest",
        f"/subscription.php?do=addsubscription&t={tid}",
        f"/newreply.php?do=newreply&noquote=1&p={thread.posts[0].pid}",
        f"/showpost.php?p={thread.posts[10].pid}&postcount=11",
        f"/member.php?u={thread.posts[10].author.uid}",
        "/login.php?url=%2Fshowthread.php%3Ft%3D" + f"{tid}%26page%3D2",
    ]
    for target in noise:
        assert target in links or target.partition("#")[0] in {h.partition("#")[0] for h in links}, target
        assert forum.classify(target) == "noise", target
        assert forum.canonical(target) is None, target
    # jump-to-post shows the page holding the post, under a noise URL
    jump = f"/showthread.php?p={last.pid}"
    assert forum.classify(jump) == "noise" and forum.canonical(jump) is None
    last_page = forum.thread_target(thread, forum.thread_pages(thread))
    assert served_posts(doc(forum, jump)) == served_posts(doc(forum, last_page))
    redirect = get(forum, f"/showthread.php?t={tid}&goto=lastpost")
    assert redirect.status == 302 and redirect.headers["Location"].endswith(f"p={last.pid}#post{last.pid}")
    board = thread.board
    sort = f"/forumdisplay.php?f={board.fid}&daysprune=-1&order=asc&sort=title"
    assert sort in hrefs(doc(forum, forum.board_target(board, 1)))
    assert forum.classify(sort) == "noise" and forum.canonical(sort) is None
    assert forum.classify(sort + "&page=2") == "noise"


def test_canonical_forms(forum: HeldoutForum) -> None:
    board, thread = forum.boards[1], max(forum.threads, key=lambda t: len(t.posts))
    fid, tid = board.fid, thread.tid
    assert forum.canonical("/index.php") == forum.canonical("/") == "/"
    assert forum.canonical(f"/forumdisplay.php?f={fid}&order=desc") == f"/forumdisplay.php?f={fid}"
    assert forum.canonical(f"/forumdisplay.php?f={fid}&page=1") == f"/forumdisplay.php?f={fid}"
    assert forum.canonical(f"/forumdisplay.php?page=2&f={fid}") == f"/forumdisplay.php?f={fid}&order=desc&page=2"
    assert forum.canonical(f"/showthread.php?t={tid}&page=1") == f"/showthread.php?t={tid}"
    assert forum.canonical(f"/showthread.php?page=2&t={tid}") == f"/showthread.php?t={tid}&page=2"
    session = "0123456789abcdef0123456789abcdef"
    assert forum.canonical(f"/showthread.php?s={session}&t={tid}&page=2") == f"/showthread.php?t={tid}&page=2"
    assert forum.canonical(f"/index.php?s={session}") == "/"
    beyond = f"/showthread.php?t={tid}&page={forum.thread_pages(thread) + 1}"
    assert forum.classify(beyond) == "other" and get(forum, beyond).status == 404
    assert forum.classify("/nowhere.html") == "other" and get(forum, "/nowhere.html").status == 404


def test_session_ids_on_some_pages(forum: HeldoutForum) -> None:
    with_session = []
    for target in sorted(forum.thread_targets()):
        # links the forum writes (not those posters wrote into their messages)
        xpath = '//a[not(ancestor::div[starts-with(@id, "post_message_")])]/@href'
        links = [str(h) for h in doc(forum, target).xpath(xpath) if ".php" in h]
        marked = [h for h in links if "?s=" in h]
        assert not marked or len(marked) == len(links), target  # vBulletin marks all its links or none
        if marked:
            with_session.append((target, marked))
    assert 0.2 < len(with_session) / len(forum.thread_targets()) < 0.5
    target, marked = with_session[0]
    sessions = {re.search(r"s=([0-9a-f]{32})", h).group(1) for h in marked}  # type: ignore[union-attr]
    assert len(sessions) == 1
    other_sessions = {re.search(r"s=([0-9a-f]{32})", h).group(1) for h in with_session[1][1]}  # type: ignore[union-attr]
    assert sessions != other_sessions
    for href in marked:
        link = href.partition("#")[0]
        assert forum.canonical(link) == forum.canonical(re.sub(r"s=[0-9a-f]{32}&?", "", link).rstrip("?"))
    paged = next(h for h in marked if "showthread.php" in h and "page=" in h and "goto" not in h)
    assert forum.classify(paged) == "thread"
    assert served_posts(doc(forum, paged)) == served_posts(doc(forum, forum.canonical(paged) or ""))


def test_login_links_carry_the_current_page(forum: HeldoutForum) -> None:
    targets = sorted(forum.index_targets())[:4]
    logins = []
    for target in targets:
        found = [h for h in hrefs(doc(forum, target)) if h.startswith("/login.php")]
        assert found and all(forum.classify(h) == "noise" for h in found)
        logins.append(found[0])
    assert len(set(logins)) == len(logins)


def test_realistic_variety(forum: HeldoutForum) -> None:
    posts = [p for t in forum.threads for p in t.posts]
    assert any(p.deleted for p in posts)
    assert sum("引用:" in p.text for p in posts) > 10
    assert sum(len(p.text) <= 12 for p in posts) > 50  # one-liners
    assert sum(len(p.text) > 150 for p in posts) > 50  # long posts
    assert len({p.author.name for p in posts}) > 40
    assert sum(t.sticky for t in forum.threads) == 2 * len(forum.boards)
    deleted = next(p for p in posts if p.deleted)
    thread = next(t for t in forum.threads if deleted in t.posts)
    page = doc(forum, forum.thread_target(thread, forum.page_of(deleted)))
    assert page.xpath(f'//table[@id="post{deleted.pid}"]//img[@alt="已删除"]')
    assert page.xpath('//div[starts-with(@id, "post_ad_")]') or len(forum.page_posts(thread, 1)) == 1
    signed = next(p for p in posts if p.author.signature and not p.deleted)
    thread = next(t for t in forum.threads if signed in t.posts)
    page = doc(forum, forum.thread_target(thread, forum.page_of(signed)))
    cell = page.xpath(f'//td[@id="td_post_{signed.pid}"]')[0]
    assert signed.author.signature in cell.text_content()
    assert signed.author.signature not in signed.text
    board_page = doc(forum, forum.board_target(forum.boards[0], 1))
    assert board_page.xpath('//a[starts-with(@href, "/announcement.php")]')
    assert any(h.startswith("/online.php") for h in hrefs(doc(forum, "/")))


def test_robots_allows_everything(serve: Callable[..., FixtureWeb]) -> None:
    site = HeldoutForum(**SMALL)
    base = serve({"vb": site}).base_urls["vb"]
    with urllib.request.urlopen(base + "/robots.txt", timeout=5) as r:
        assert r.read().decode() == "User-agent: *\nAllow: /\n"
    assert site.classify("/robots.txt") == "other" and site.canonical("/robots.txt") is None
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(base + "/showthread.php?t=1", timeout=5)
    assert err.value.code == 404


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="charset"):
        HeldoutForum(charset="big5")
    with pytest.raises(ValueError, match="posts_per_page"):
        HeldoutForum(posts_per_page=0)
