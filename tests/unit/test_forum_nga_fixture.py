"""The NGA fixture forum (held out from the spider) serves what its truth says, in GBK: canonical targets and
their aliases (``page=e`` among them), redirects, noise, posts, pagers, authors and times. Only the fixture is
tested here."""

from __future__ import annotations

import urllib.error
import urllib.request
from functools import cache
from urllib.parse import parse_qs, urljoin, urlsplit

import lxml.html
import pytest

from topiccrawl.demo.forum_nga import NgaForum
from topiccrawl.demo.forum_truth import ForumTruth, PageKind, TruthPost
from topiccrawl.demo.server import FixtureServer, Reply, SiteRequest
from topiccrawl.textutil import normalize_space

BASE = "http://bbs.nga.test"


@cache
def _site(size: float) -> NgaForum:
    return NgaForum(size=size)


def _fetch(site: NgaForum, target: str) -> Reply:
    return site.handle(SiteRequest("GET", target, {}, BASE))


def _get(site: NgaForum, target: str) -> str:
    reply = _fetch(site, target)
    assert reply.status == 200, target
    assert reply.headers["Content-Type"] == "text/html; charset=gbk", target
    return reply.payload().decode("gbk")


def _tree(site: NgaForum, target: str) -> lxml.html.HtmlElement:
    reply = _fetch(site, target)
    assert reply.status == 200, target
    return lxml.html.fromstring(reply.payload().decode("gbk"))


def _post_text(span: lxml.html.HtmlElement) -> str:
    """The documented rule: text nodes of the content, without quotes and collapse buttons, joined by spaces."""
    span = lxml.html.fromstring(lxml.html.tostring(span, encoding="unicode"))
    for bad in span.xpath(".//div[contains(@class,'quote')] | .//div[contains(@class,'collapse_btn')]"):
        bad.drop_tree()
    return normalize_space(" ".join(span.xpath(".//text()")))


def _page_target(site: NgaForum, post: TruthPost) -> str:
    """The canonical target of a post's page, found through an alias (parameters swapped, extra ``_ff``)."""
    fid = next(b.fid for b in site.data.boards.values() if b.name == post.board)
    alias = f"/read.php?page={post.page_number}&_ff={fid}&tid={post.thread_id}"
    target = site.canonical(alias)
    assert target is not None and site.classify(alias) == "thread", alias
    return target


def test_it_is_a_forum_truth() -> None:
    site = _site(0.3)
    assert isinstance(site, ForumTruth)
    assert site.name == "nga" and site.charset == "gbk" and site.start_target() == "/"
    assert site.classify("/") == "index" and site.canonical("/") == "/" and "/" in site.index_targets()


def test_every_post_is_on_its_thread_page_as_the_truth_says() -> None:
    site = _site(0.3)
    posts = site.posts()
    assert posts and site.thread_targets() and site.index_targets()
    trees: dict[str, lxml.html.HtmlElement] = {}
    for post in posts:
        target = _page_target(site, post)
        expected = f"/read.php?tid={post.thread_id}" + (f"&page={post.page_number}" if post.page_number > 1 else "")
        assert target == expected and site.canonical(target) == target and target in site.thread_targets()
        tree = trees.setdefault(target, _tree(site, target))
        assert tree.findtext(".//title") == f"{post.thread_title} {post.board} NGA玩家社区"
        crumbs = tree.xpath("//div[@id='m_nav']//a/text()")
        assert crumbs[0] == "NGA" and post.board in crumbs
        (anchor,) = tree.xpath(f"//a[@id='pid{post.post_id}Anchor']")
        (row,) = anchor.xpath("ancestor::tr[contains(@class,'postrow')]")
        floor = post.position - 1
        assert row.get("id") == f"post1strow{floor}"
        assert row.xpath("string(.//a[contains(@class,'author')])") == post.author
        assert row.xpath(f"string(.//span[@id='postdate{floor}'])") == post.time
        (span,) = row.xpath(f".//span[@id='postcontent{floor}']")
        assert "postcontent" in span.get("class") and "ubbcode" in span.get("class")
        assert _post_text(span) == post.text, (target, post.position)
        if floor == 0:
            assert row.xpath("string(.//h3[@id='postsubject0'])") == post.thread_title
        else:
            assert not row.xpath(".//h3")
    assert set(trees) == set(site.thread_targets())
    by_thread: dict[str, list[int]] = {}
    for post in posts:
        by_thread.setdefault(post.thread_id, []).append(post.position)
        assert post.page_number == (post.position - 1) // 20 + 1
    assert all(p == list(range(1, len(p) + 1)) for p in by_thread.values())
    assert len({p.post_id for p in posts}) == len(posts)
    assert all(len(p.post_id) == 9 and len(p.thread_id) == 8 for p in posts)
    assert all(p.text for p in posts)
    assert sum(len(p.text) <= 5 for p in posts) > 20 and sum(len(p.text) > 120 for p in posts) > 20


def test_quotes_collapses_and_images_are_excluded_or_kept_as_documented() -> None:
    site = _site(1.0)
    by_pid = {p.post_id: p for p in site.posts()}
    quoted = [p for p in site.data.pids.values() if "class='quote'" in p.html]
    collapsed = [p for p in site.data.pids.values() if "collapse_content" in p.html]
    assert len(quoted) > 50 and len(collapsed) > 5
    assert any("smile_ac" in p.html for p in site.data.pids.values())
    assert any("attachments/mon_" in p.html for p in site.data.pids.values())
    for p in quoted[:10]:
        assert "Post by" not in by_pid[str(p.pid)].text
    for p in collapsed[:5]:
        assert "点击显示隐藏的内容" not in by_pid[str(p.pid)].text


def test_aliases_and_canonicals() -> None:
    site = _site(0.3)
    t = max(site.data.threads.values(), key=lambda t: t.pages)
    assert t.pages >= 3
    first, second = f"/read.php?tid={t.tid}", f"/read.php?tid={t.tid}&page=2"
    last = f"/read.php?tid={t.tid}&page={t.pages}"
    for alias in (first, f"{first}&page=1", f"/read.php?page=1&tid={t.tid}", f"{first}&page=0", f"{first}&page=x",
                  f"{first}&rand=123", f"{first}&_ff={t.board.fid}", f"{first}#l0", f"{first}&pid="):  # fmt: skip
        assert (site.classify(alias), site.canonical(alias)) == ("thread", first), alias
        assert _fetch(site, alias).status == 200, alias
    for alias in (second, f"/read.php?page=2&tid={t.tid}", f"{second}&rand=961", f"{second}&_ff={t.board.fid}"):
        assert (site.classify(alias), site.canonical(alias)) == ("thread", second), alias
    for alias in (f"{first}&page=e", f"{first}&page=e#a", f"/read.php?page=e&tid={t.tid}", f"{first}&page={t.pages}"):
        assert (site.classify(alias), site.canonical(alias)) == ("thread", last), alias
    one = next(x for x in site.data.threads.values() if x.pages == 1)
    assert site.canonical(f"/read.php?tid={one.tid}&page=e") == f"/read.php?tid={one.tid}"
    b = site.data.boards[-7]
    for alias in ("/thread.php?fid=-7", "/thread.php?fid=-7&page=1", "/thread.php?page=1&fid=-7",
                  "/thread.php?fid=-7&rand=5", "/thread.php?fid=-7&page=0"):  # fmt: skip
        assert (site.classify(alias), site.canonical(alias)) == ("board", "/thread.php?fid=-7"), alias
    for alias in ("/", "/index.php", "/?rand=1"):
        assert (site.classify(alias), site.canonical(alias)) == ("index", "/"), alias
    p = t.posts[-1]
    uid = t.posts[0].uid
    for noise in (
        f"/read.php?tid={t.tid}&authorid={uid}", f"/read.php?tid={t.tid}&order_by=postdatedesc",
        f"/read.php?tid={t.tid}&order_by=postdatedesc&page=2", f"/read.php?pid={p.pid}",
        f"/read.php?tid={t.tid}&pid={p.pid}", f"/nuke.php?func=ucp&uid={uid}",
        "/nuke.php?__lib=login&__act=account&login",
        "/nuke.php?__lib=login&__act=account&register", f"/nuke.php?func=report&tid={t.tid}&pid={p.pid}",
        f"/post.php?action=reply&fid={b.fid}&tid={t.tid}", "/thread.php?fid=-7&order_by=postdatedesc",
        "/thread.php?fid=-7&recommend=1", f"/thread.php?authorid={uid}", f"/thread.php?stid={b.stids[0][0]}",
        "/thread.php?fid=-7&key=x", "/misc/privacy.html",
    ):  # fmt: skip
        assert site.classify(noise) == "noise" and site.canonical(noise) is None, noise
        assert _fetch(site, noise).status in {200, 302}, noise
    for other in (
        "/robots.txt", "/nope", "/read.php", "/read.php?tid=1", f"/read.php?tid={t.tid}&page={t.pages + 1}",
        "/thread.php", "/thread.php?fid=12345", f"/thread.php?fid=-7&page={b.pages + 1}", "/nuke.php?func=ucp&uid=1",
        "/read.php?pid=1", "/thread.php?stid=1", "/favicon.ico", "/Read.php?tid=" + str(t.tid),
    ):  # fmt: skip
        assert site.classify(other) == "other" and site.canonical(other) is None, other
        assert _fetch(site, other).status == (200 if other == "/robots.txt" else 404), other
    error = _get_any(site, "/read.php?tid=1")
    assert "ERROR:<!--msgcodestart-->7<!--msgcodeend-->" in error and "帖子不存在" in error


def _get_any(site: NgaForum, target: str) -> str:
    return _fetch(site, target).payload().decode("gbk")


def test_last_page_alias_serves_the_last_page() -> None:
    site = _site(1.0)
    for t in sorted(site.data.threads.values(), key=lambda t: -t.pages)[:8]:
        last = site.thread_target(t, t.pages)
        assert _get(site, f"/read.php?tid={t.tid}&page=e") == _get(site, last)
        tree = _tree(site, f"/read.php?tid={t.tid}&page=e")
        floors = [int(r.get("id").removeprefix("post1strow")) for r in tree.xpath("//tr[contains(@class,'postrow')]")]
        assert floors == list(range((t.pages - 1) * 20, len(t.posts)))


def _expected_kind(path: str, query: str) -> PageKind:  # noqa: PLR0911
    """What a link should be, written independently of the fixture's router."""
    q = parse_qs(query)
    if path in {"/", "/index.php"}:
        return "index"
    if path == "/thread.php":
        if {"stid", "authorid", "order_by", "recommend", "key"} & set(q):
            return "noise"
        return "board" if "fid" in q else "other"
    if path == "/read.php":
        if {"pid", "authorid", "order_by"} & set(q):
            return "noise"
        return "thread" if "tid" in q else "other"
    if path in {"/nuke.php", "/post.php"} or path.startswith("/misc/"):
        return "noise"
    return "other"


@pytest.mark.parametrize("which", ["index", "board", "board-last", "thread", "thread-last", "profile"])
def test_every_link_resolves_to_its_intended_kind(which: str) -> None:
    site = _site(1.0)
    t = max(site.data.threads.values(), key=lambda t: t.pages)
    b = site.data.boards[-7]
    target = {
        "index": "/",
        "board": "/thread.php?fid=-7",
        "board-last": f"/thread.php?fid=-7&page={b.pages}",
        "thread": f"/read.php?tid={t.tid}",
        "thread-last": f"/read.php?tid={t.tid}&page={t.pages}",
        "profile": f"/nuke.php?func=ucp&uid={t.posts[0].uid}",
    }[which]
    tree = _tree(site, target)
    hrefs = {a.get("href") for a in tree.iter("a") if a.get("href")}
    kinds: dict[str, int] = {}
    for href in sorted(hrefs):
        url = urljoin(BASE + target, href)
        parts = urlsplit(url)
        if parts.scheme not in {"http", "https"} or parts.netloc != urlsplit(BASE).netloc or href.startswith("#"):
            continue
        link = parts.path + (f"?{parts.query}" if parts.query else "")
        kind = site.classify(link)
        assert kind == _expected_kind(parts.path, parts.query), link
        status = _fetch(site, link).status
        assert status == 200 if kind in {"index", "board", "thread"} else status in {200, 302}, link
        if kind in {"index", "board", "thread"}:
            assert site.canonical(link) in site.index_targets() | site.thread_targets(), link
        kinds[kind] = kinds.get(kind, 0) + 1
    assert "other" not in kinds and kinds.get("noise", 0) >= 3
    assert kinds.get("board", 0) >= (1 if which != "profile" else 0)
    assert kinds.get("thread", 0) >= (1 if which != "index" else 0)


def test_board_listings_and_pagers_in_order() -> None:
    site = _site(1.0)
    listed: list[str] = []
    for b in (b for bs in site.data.categories().values() for b in bs):
        seen: list[str] = []
        for n in range(1, b.pages + 1):
            tree = _tree(site, site.board_target(b, n))
            rows = tree.xpath("//table[@id='topicrows']//tr[contains(@class,'topicrow')]")
            pinned = [r for r in rows if "topicrow_top" in r.get("class")]
            assert n == 1 or not pinned
            assert rows[: len(pinned)] == pinned
            assert len(rows) - len(pinned) == (35 if n < b.pages else len(b.regular) - 35 * (b.pages - 1))
            for r in rows:
                (topic,) = r.xpath(".//a[contains(@class,'topic')]")
                seen.append(parse_qs(urlsplit(topic.get("href")).query)["tid"][0])
                assert r.xpath(".//a[contains(@class,'replies')]/@href")[0].endswith("&page=e#a")
            for box in ("pagebtop", "pagebbtm"):
                cells = tree.xpath(f"//div[@id='{box}']//a")
                assert bool(cells) == (b.pages > 1)
                if b.pages > 1:
                    (cur,) = tree.xpath(f"//div[@id='{box}']//a[@class='invert']")
                    assert cur.text == str(n) and cur.get("href") is None
                    nxt = tree.xpath(f"//div[@id='{box}']//a[@title='下一页']/@href")
                    assert nxt == ([f"/thread.php?fid={b.fid}&page={n + 1}"] if n < b.pages else [])
                    numbers = [int(x.text) for x in cells if x.text.isdigit()]
                    assert numbers == sorted(numbers) == list(range(1, b.pages + 1))
        assert seen == [str(t.tid) for t in b.listing()] and len(seen) == len(set(seen))
        listed += seen
    truth = [p.thread_id for p in site.posts() if p.position == 1]
    assert truth == listed and len(truth) == len(site.data.threads)


def test_thread_pagers_and_mini_pagers() -> None:
    site = _site(1.0)
    t = max(site.data.threads.values(), key=lambda t: t.pages)
    assert t.pages == 6
    for n in range(1, t.pages + 1):
        tree = _tree(site, site.thread_target(t, n))
        (cur,) = tree.xpath("//div[@id='pagebtop']//a[@class='invert']")
        assert cur.text == str(n)
        prev = tree.xpath("//div[@id='pagebtop']//a[@title='上一页']/@href")
        assert prev == ([f"/read.php?tid={t.tid}&page={n - 1}"] if n > 1 else [])
        assert len(tree.xpath("//tr[contains(@class,'postrow')]")) == (20 if n < 6 else len(t.posts) - 100)
    board = _tree(site, site.board_target(t.board, 1 + t.board.regular.index(t) // 35))
    (row,) = board.xpath(f"//tr[.//a[@class='topic' and @href='/read.php?tid={t.tid}']]")
    assert row.xpath(".//span[@class='t_pager']/a/text()") == ["2", "3", "4", "6"]


def test_sizes() -> None:
    small, full = _site(0.3), _site(1.0)
    for site, (lo_t, hi_t), (lo_p, hi_p) in ((small, (40, 60), (450, 900)), (full, (140, 170), (2200, 2800))):
        boards = {b.name for b in site.data.boards.values()}
        assert len(boards) == 7 and {p.board for p in site.posts()} == boards
        assert lo_t <= len(site.data.threads) <= hi_t
        assert lo_p <= len(site.posts()) <= hi_p
        pages = [t.pages for t in site.data.threads.values()]
        assert pages.count(1) > 0 and {2, 4} <= set(pages)
        assert any(len(t.posts) == 1 for t in site.data.threads.values())
        assert all(len(str(u)) == 8 for u in site.data.users)
    assert {2, 3, 4, 5, 6} <= {t.pages for t in full.data.threads.values()}
    assert sorted(b.pages for b in full.data.boards.values())[-2:] == [2, 3]
    assert len(full.thread_targets()) > len(small.thread_targets())
    assert len(full.index_targets()) > len(small.index_targets())


def test_pages_are_deterministic() -> None:
    a, b = NgaForum(size=0.3), NgaForum(size=0.3)
    uid = next(iter(a.data.users))
    targets = [a.start_target(), *sorted(a.index_targets())[:3], *sorted(a.thread_targets())[:5],
               f"/nuke.php?func=ucp&uid={uid}"]  # fmt: skip
    for target in targets:
        assert _get(a, target) == _get(b, target), target
    assert a.posts() == b.posts()
    assert NgaForum(size=1.0).posts() == _site(1.0).posts()


def test_noise_pages_parse() -> None:
    site = _site(0.3)
    t = max(site.data.threads.values(), key=lambda t: t.pages)
    uid = t.posts[0].uid
    mine = [x for x in site.data.threads.values() if x.posts[0].uid == uid]
    profile = _tree(site, f"/nuke.php?func=ucp&uid={uid}")
    assert site.data.users[uid].name in profile.text_content()
    links = profile.xpath("//a[starts-with(@href,'/read.php?tid=')]/@href")
    assert sorted(links) == sorted(f"/read.php?tid={x.tid}" for x in mine[-20:])
    only = _tree(site, f"/read.php?tid={t.tid}&authorid={uid}")
    authors = set(only.xpath("//tr[contains(@class,'postrow')]//a[contains(@class,'author')]/text()"))
    assert authors == {site.data.users[uid].name}
    rev = _tree(site, f"/read.php?tid={t.tid}&order_by=postdatedesc")
    assert rev.xpath("//tr[contains(@class,'postrow')]/@id")[0] == f"post1strow{len(t.posts) - 1}"
    single = _tree(site, f"/read.php?pid={t.posts[5].pid}")
    assert single.xpath("//tr[contains(@class,'postrow')]/@id") == ["post1strow5"]
    for target in ("/nuke.php?__lib=login&__act=account&login", "/thread.php?fid=-7&order_by=postdatedesc",
                   "/thread.php?fid=-7&recommend=1", f"/thread.php?stid={site.data.boards[-7].stids[0][0]}",
                   "/misc/agreement.html", f"/thread.php?authorid={uid}"):  # fmt: skip
        assert _tree(site, target).xpath("//div[@id='m_nav']"), target
    for target in (f"/post.php?action=reply&tid={t.tid}", f"/nuke.php?func=add_point&tid={t.tid}&pid=1"):
        reply = _fetch(site, target)
        assert reply.status == 302 and reply.headers["Location"] == BASE + "/nuke.php?__lib=login&__act=account&login"


def test_served_over_http_in_gbk() -> None:
    site = _site(0.3)
    t = max(site.data.threads.values(), key=lambda t: t.pages)
    with FixtureServer(site) as server:
        with urllib.request.urlopen(server.url("/")) as r:
            assert r.status == 200 and r.headers["Content-Type"] == "text/html; charset=gbk"
            body = r.read()
            assert b"<meta charset='gbk'/>" in body and "网事杂谈".encode("gbk") in body
            with pytest.raises(UnicodeDecodeError):
                body.decode("utf-8")
        with urllib.request.urlopen(server.url(f"/read.php?tid={t.tid}&page=e")) as r:
            html = r.read().decode("gbk")
            assert f"id='pid{t.posts[-1].pid}Anchor'" in html and t.title in html
        with urllib.request.urlopen(server.url(f"/post.php?action=reply&tid={t.tid}")) as r:  # follows the 302
            assert urlsplit(r.url).path == "/nuke.php" and "登录".encode("gbk") in r.read()
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.url("/read.php?tid=99"))
        assert err.value.code == 404
    assert [h.status for h in server.log.hits()] == [200, 200, 302, 200, 404]
