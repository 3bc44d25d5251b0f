"""The V2EX fixture forum (held out from the spider) serves what its truth says, in UTF-8: canonical targets and
their aliases, the opening post repeated on every page of a topic but counted once, replies with their floors,
authors, times and texts, pagers with ``onclick`` prev/next, member pages that look like boards and posts, redirects,
noise and 404s. Only the fixture is tested here."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from functools import cache
from urllib.parse import urljoin, urlsplit

import lxml.html
import pytest

from topiccrawl.demo.forum_truth import ForumTruth, PageKind, TruthPost
from topiccrawl.demo.forum_v2ex import V2exForum
from topiccrawl.demo.server import FixtureServer, Reply, SiteRequest
from topiccrawl.textutil import normalize_space

BASE = "http://www.v2ex.test"
BLOCKS = {"p", "div", "li", "ul", "ol", "pre", "h1", "h2", "h3", "h4", "blockquote", "table", "tr", "td", "hr"}
ONCLICK = re.compile(r"location\.href='([^']+)'")


@cache
def _site(size: float) -> V2exForum:
    return V2exForum(size=size)


def _fetch(site: V2exForum, target: str) -> Reply:
    return site.handle(SiteRequest("GET", target, {}, BASE))


def _get(site: V2exForum, target: str) -> str:
    reply = _fetch(site, target)
    assert reply.status == 200, target
    assert reply.headers["Content-Type"] == "text/html; charset=utf-8", target
    return reply.payload().decode("utf-8")


def _tree(site: V2exForum, target: str) -> lxml.html.HtmlElement:
    return lxml.html.fromstring(_get(site, target))


def _reader_text(el: lxml.html.HtmlElement) -> str:
    """The text as a reader sees it: inline elements run together, ``<br>`` and blocks break words apart."""
    out: list[str] = []

    def walk(e: lxml.html.HtmlElement, top: bool) -> None:
        if isinstance(e.tag, str) and e.tag not in {"script", "style"}:
            brk = e.tag in BLOCKS or e.tag == "br"
            if brk:
                out.append("\n")
            out.append(e.text or "")
            for child in e:
                walk(child, False)
            if brk:
                out.append("\n")
        if not top:
            out.append(e.tail or "")

    walk(el, True)
    return normalize_space("".join(out))


def _page_target(post: TruthPost) -> str:
    return f"/t/{post.thread_id}" + (f"?p={post.page_number}" if post.page_number > 1 else "")


def _opening(tree: lxml.html.HtmlElement) -> tuple[str, str, str]:
    """Author, time and text of the opening post shown on a topic page."""
    (header,) = tree.xpath("//div[@id='Main']/div[@class='box'][1]/div[@class='header']")
    (small,) = header.xpath("./small[@class='gray']")
    (body,) = tree.xpath("//div[@id='Main']/div[@class='box'][1]/div[@class='cell']/div[@class='topic_content']")
    extra = tree.xpath("//div[@id='Main']/div[@class='box'][1]/div[@class='subtle']/div[@class='topic_content']")
    text = normalize_space(" ".join([_reader_text(body), *(_reader_text(a) for a in extra)]))
    return small.xpath("string(./a)"), small.xpath("string(./span/@title)"), text


def test_it_is_a_forum_truth() -> None:
    site = _site(0.3)
    assert isinstance(site, ForumTruth)
    assert site.name == "v2ex" and site.charset == "utf-8" and site.start_target() == "/"
    assert site.classify("/") == "index" and site.canonical("/") == "/" and "/" in site.index_targets()


@pytest.mark.parametrize("size", [0.3, 1.0])
def test_every_target_serves_utf8_html(size: float) -> None:
    site = _site(size)
    for target in sorted(site.index_targets() | site.thread_targets()):
        reply = _fetch(site, target)
        assert reply.status == 200 and reply.headers["Content-Type"] == "text/html; charset=utf-8", target
        body = reply.payload()
        assert b'<meta name="Content-Type" content="text/html;charset=utf-8">' in body, target
        assert b"V2EX" in body and body.decode("utf-8")
        kind = "index" if target == "/" else "board" if target.startswith("/go/") else "thread"
        assert site.classify(target) == kind and site.canonical(target) == target, target


def test_every_post_is_on_its_topic_page_as_the_truth_says() -> None:
    site = _site(0.3)
    posts = site.posts()
    trees: dict[str, lxml.html.HtmlElement] = {}
    shown: dict[str, list[str]] = {}
    for post in posts:
        target = _page_target(post)
        assert site.classify(target) == "thread" and site.canonical(target) == target
        assert target in site.thread_targets()
        tree = trees.setdefault(target, _tree(site, target))
        assert tree.findtext(".//title") == f"{post.thread_title} - V2EX"
        assert tree.xpath("string(//div[@class='header']/h1)") == post.thread_title
        assert tree.xpath("//div[@class='header']/a[starts-with(@href,'/go/')]/text()") == [post.board]
        if post.position == 1:
            assert post.page_number == 1 and post.post_id == post.thread_id
            assert _opening(tree) == (post.author, post.time, post.text), target
            continue
        (cell,) = tree.xpath(f"//div[@id='r_{post.post_id}']")
        assert cell.get("class") == "cell"
        assert cell.xpath("string(.//div[@class='fr']/span[@class='no'])") == str(post.position - 1)
        assert cell.xpath(".//strong/a[@class='dark']/text()") == [post.author]
        assert cell.xpath(".//strong/a[@class='dark']/@href") == [f"/member/{post.author}"]
        assert cell.xpath(".//span[@class='ago']/@title") == [post.time]
        (content,) = cell.xpath(".//div[@class='reply_content']")
        assert _reader_text(content) == post.text, (target, post.position)
        shown.setdefault(target, []).append(f"r_{post.post_id}")
    assert set(trees) == set(site.thread_targets())
    for target, tree in trees.items():  # every reply of a page is in the truth, in its order
        assert tree.xpath("//div[starts-with(@id,'r_')]/@id") == shown.get(target, []), target
    by_thread: dict[str, list[int]] = {}
    for post in posts:
        by_thread.setdefault(post.thread_id, []).append(post.position)
        if post.position > 1:
            assert post.page_number == (post.position - 2) // 30 + 1
    assert all(p == list(range(1, len(p) + 1)) for p in by_thread.values())
    assert len({p.post_id for p in posts}) == len(posts) and all(p.text for p in posts)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+08:00", p.time) for p in posts)
    assert sum("@" in p.text for p in posts) > 20 and sum(len(p.text) <= 4 for p in posts) > 20


def test_the_opening_post_repeats_on_every_page_and_counts_once() -> None:
    site = _site(1.0)
    posts = site.posts()
    firsts = {p.thread_id: p for p in posts if p.position == 1}
    assert len(firsts) == len(site.data.topics) == sum(p.post_id == p.thread_id for p in posts)
    multi = [t for t in site.data.topics.values() if t.pages > 1]
    assert len(multi) >= 10
    for t in multi:
        op = firsts[str(t.tid)]
        for n in range(1, t.pages + 1):
            tree = _tree(site, f"/t/{t.tid}" + (f"?p={n}" if n > 1 else ""))
            assert _opening(tree) == (op.author, op.time, op.text)
            floors = [int(x) for x in tree.xpath("//div[starts-with(@id,'r_')]//span[@class='no']/text()")]
            assert floors == list(range(30 * (n - 1) + 1, min(30 * n, len(t.replies)) + 1))
    with_appendix = [t for t in site.data.topics.values() if t.appendices]
    assert len(with_appendix) >= 5
    for t in with_appendix:
        tree = _tree(site, f"/t/{t.tid}")
        assert len(tree.xpath("//div[@class='subtle']")) == len(t.appendices)
        assert "第 1 条附言" in tree.xpath("string(//div[@class='subtle']/span[@class='fade'])")
        assert "附言" not in firsts[str(t.tid)].text
        assert firsts[str(t.tid)].text.endswith(t.appendices[-1].text)


def test_markup_kinds_are_present() -> None:
    data = _site(1.0).data
    ops = [t.html for t in data.topics.values()]
    replies = [r.html for r in data.replies.values()]
    assert sum('class="markdown_body"' in h for h in ops) > 80 and sum("markdown_body" not in h for h in ops) > 15
    for needle in ("<pre><code", "<ul>", "<ol>", "<h2>", "<code>", 'rel="nofollow"', "<img"):
        assert any(needle in h for h in ops), needle
    for needle in ('@<a href="/member/', '<a href="#reply', '<a href="/t/', "embedded_image", "<br />"):
        assert sum(needle in h for h in replies) >= 5, needle
    assert any(len(t.replies) == 0 for t in data.topics.values())
    tree = _tree(_site(1.0), f"/t/{next(t.tid for t in data.topics.values() if not t.replies)}")
    assert "目前尚无回复" in tree.text_content() and not tree.xpath("//div[starts-with(@id,'r_')]")


def test_node_listings_and_pagers() -> None:
    site = _site(1.0)
    listed: list[str] = []
    for nd in (nd for nodes in site.data.groups().values() for nd in nodes):
        seen: list[str] = []
        for n in range(1, nd.pages + 1):
            target = f"/go/{nd.name}" + (f"?p={n}" if n > 1 else "")
            assert target in site.index_targets() and site.classify(target) == "board"
            tree = _tree(site, target)
            assert tree.findtext(".//title") == f"V2EX › {nd.title}"
            rows = tree.xpath("//div[@id='TopicsNode']/div[contains(@class,'cell')]")
            assert len(rows) == (20 if n < nd.pages else len(nd.topics) - 20 * (nd.pages - 1))
            times = [r.xpath("string(.//span[@class='topic_info']/span/@title)") for r in rows]
            assert times == sorted(times, reverse=True)
            for r in rows:
                assert not r.xpath(".//a[@class='node']")
                href = r.xpath(".//span[@class='item_title']/a[@class='topic-link']/@href")[0]
                seen.append(re.fullmatch(r"/t/(\d+)#reply\d+", href)[1])  # type: ignore[index]
            pagers = tree.xpath("//div[contains(@class,'ps_container')]")
            assert len(pagers) == (2 if nd.pages > 1 else 0)
            for pg in pagers:
                assert pg.xpath("string(.//span[@class='page_current'])") == str(n)
                assert pg.xpath(".//a[@class='page_normal']/@href") == [f"?p={k}" for k in range(1, nd.pages + 1)
                                                                         if k != n]  # fmt: skip
                assert pg.xpath(".//input[@class='page_input']/@max") == [str(nd.pages)]
                prev, nxt = (pg.xpath(f".//td[@title='{t}']")[0] for t in ("上一页", "下一页"))
                assert not prev.xpath(".//a") and not nxt.xpath(".//a")
                assert ONCLICK.findall(prev.get("onclick") or "") == ([f"/go/{nd.name}?p={n - 1}"] if n > 1 else [])
                assert ONCLICK.findall(nxt.get("onclick") or "") == (
                    [f"/go/{nd.name}?p={n + 1}"] if n < nd.pages else []
                )
        assert len(seen) == len(set(seen)) == len(nd.topics)
        listed += seen
    truth = [p.thread_id for p in site.posts() if p.position == 1]
    assert truth == listed


def test_topic_pagers() -> None:
    site = _site(1.0)
    t = max(site.data.topics.values(), key=lambda t: t.pages)
    assert t.pages == 5
    for n in range(1, 6):
        tree = _tree(site, f"/t/{t.tid}" + (f"?p={n}" if n > 1 else ""))
        (cur,) = set(tree.xpath("//span[@class='page_current']/text()"))
        assert cur == str(n)
        prev = tree.xpath("//td[@title='上一页']/@onclick")
        assert prev == ([f"location.href='/t/{t.tid}?p={n - 1}';"] * 2 if n > 1 else [])
        count = tree.xpath("string(//div[@id='Main']/div[@class='box'][2]/div[@class='cell'][1]/span)")
        assert count.startswith(f"{len(t.replies)} 条回复")


def _expected_kind(path: str, query: str) -> PageKind:
    """What a link should be, written independently of the fixture's router."""
    if path == "/":
        return "noise" if "tab=" in query else "index"
    if re.fullmatch(r"/go/\w+", path):
        return "board"
    if re.fullmatch(r"/t/\d+", path):
        return "thread"
    if path.startswith(("/member/", "/favorite/", "/ignore/", "/thank/", "/new/", "/top/", "/help")):
        return "noise"
    if path in {"/signin", "/signup", "/forgot", "/recent", "/planes", "/about", "/faq", "/advertise", "/tools",
                "/worldclock"}:  # fmt: skip
        return "noise"
    return "other"


@pytest.mark.parametrize("which", ["index", "tab", "node", "node-last", "topic", "topic-last", "member", "recent"])
def test_every_link_resolves_to_its_intended_kind(which: str) -> None:
    site = _site(1.0)
    t = max(site.data.topics.values(), key=lambda t: t.pages)
    qna = site.data.nodes["qna"]
    target = {
        "index": "/",
        "tab": "/?tab=all",
        "node": "/go/qna",
        "node-last": f"/go/qna?p={qna.pages}",
        "topic": f"/t/{t.tid}",
        "topic-last": f"/t/{t.tid}?p={t.pages}",
        "member": f"/member/{t.author.name}",
        "recent": "/recent?p=2",
    }[which]
    tree = _tree(site, target)
    hrefs = {a.get("href") for a in tree.iter("a") if a.get("href")}
    hrefs |= {url for c in tree.xpath("//@onclick") for url in ONCLICK.findall(c)}
    kinds: dict[str, int] = {}
    for href in sorted(hrefs):
        url = urljoin(BASE + target, href)
        parts = urlsplit(url)
        if parts.netloc != urlsplit(BASE).netloc or href.startswith(("#", "javascript:")):
            continue
        link = parts.path + (f"?{parts.query}" if parts.query else "")
        kind = site.classify(link)
        assert kind == _expected_kind(parts.path, parts.query), link
        status = _fetch(site, link).status
        assert status == 200 if kind in {"index", "board", "thread"} else status in {200, 302}, link
        if kind in {"index", "board", "thread"}:
            assert site.canonical(link) in site.index_targets() | site.thread_targets(), link
        kinds[kind] = kinds.get(kind, 0) + 1
    assert "other" not in kinds and kinds.get("noise", 0) >= 5
    assert kinds.get("board", 0) >= 1 and kinds.get("thread", 0) >= 1
    if which == "index":
        assert {f"/go/{name}" for name in site.data.nodes} <= hrefs


def test_home_tabs_and_node_navigation() -> None:
    site = _site(1.0)
    home = _tree(site, "/")
    assert home.xpath("//div[@id='Tabs']/a[@class='tab_current']/text()") == ["技术"]
    assert "/?tab=tech" in home.xpath("//div[@id='Tabs']/a/@href")
    rows = home.xpath("//div[@id='Main']//div[@class='cell item']")
    assert 10 <= len(rows) <= 40
    assert {r.xpath("string(.//a[@class='node'])") for r in rows} <= {"程序员", "Python", "Linux"}
    nav = home.xpath("//div[@id='Main']/div[@class='box'][2]//a[starts-with(@href,'/go/')]/@href")
    assert sorted(nav) == sorted(f"/go/{name}" for name in site.data.nodes)
    assert home.xpath("//div[@id='Main']/div[@class='box'][2]//td/span[@class='fade']/text()") == [
        "分享与探索",
        "Geek",
        "生活",
    ]
    hot = home.xpath("//div[@id='TopicsHot']//span[@class='item_hot_topic_title']/a/@href")
    assert len(hot) == 10 and all(site.classify(h) == "thread" for h in hot)
    assert home.xpath("//div[@id='Top']//a/@href") == ["/", "/", "/signup", "/signin"]
    assert "/about" in home.xpath("//div[@id='Bottom']//a/@href")
    everything = _tree(site, "/?tab=all").xpath("//div[@id='Main']//div[@class='cell item']")
    assert len(everything) == 40 and {r.xpath("string(.//a[@class='node'])") for r in everything} > {"问与答"}
    zero = next(t for t in site.data.topics.values() if not t.replies)
    (row,) = _tree(site, f"/member/{zero.author.name}").xpath(
        f"//div[@class='cell item'][.//a[@id='topic-link-{zero.tid}']]"
    )
    assert not row.xpath(".//a[@class='count_livid']") and "最后回复来自" not in row.text_content()


def test_aliases_noise_and_redirects() -> None:
    site = _site(0.3)
    t = max(site.data.topics.values(), key=lambda t: t.pages)
    assert t.pages >= 2
    first, second = f"/t/{t.tid}", f"/t/{t.tid}?p=2"
    for alias in (first, f"{first}?p=1", f"{first}#reply5", f"{first}?p=0", f"{first}?p=x", f"{first}?r=Livid",
                  f"{first}?p=1#reply3"):  # fmt: skip
        assert (site.classify(alias), site.canonical(alias)) == ("thread", first), alias
        assert _get(site, alias) == _get(site, first), alias
    for alias in (second, f"{second}#reply40", f"/t/{t.tid}?r=Livid&p=2"):
        assert (site.classify(alias), site.canonical(alias)) == ("thread", second), alias
    for alias in ("/go/qna", "/go/qna?p=1", "/go/qna?p=0", "/go/qna?p=abc"):
        assert (site.classify(alias), site.canonical(alias)) == ("board", "/go/qna"), alias
    for alias in ("/", "/?r=Livid"):
        assert (site.classify(alias), site.canonical(alias)) == ("index", "/"), alias
    once = site.data.once
    who = t.author.name
    redirects = [f"/favorite/topic/{t.tid}?once={once}", f"/favorite/node/12?once={once}",
                 f"/ignore/topic/{t.tid}?once={once}", f"/thank/topic/{t.tid}?once={once}", f"/t/{t.tid}/edit",
                 "/new/qna", "/new", f"/append/topic/{t.tid}"]  # fmt: skip
    pages = ["/?tab=tech", "/?tab=hot", "/?tab=all", "/?tab=nonsense", "/recent", "/recent?p=2", "/planes",
             f"/member/{who}", f"/member/{who}/topics", f"/member/{who}/replies", "/signin", "/signup",
             f"/signin?next=/t/{t.tid}", "/forgot", "/about", "/faq", "/advertise", "/tools", "/help", "/help/api",
             "/top/rich", "/top/player", "/top/dau", "/worldclock"]  # fmt: skip
    for noise in redirects + pages:
        assert site.classify(noise) == "noise" and site.canonical(noise) is None, noise
        reply = _fetch(site, noise)
        if noise in redirects:
            assert reply.status == 302 and reply.headers["Location"] == BASE + "/signin", noise
        else:
            assert reply.status == 200 and reply.headers["Content-Type"] == "text/html; charset=utf-8", noise
    assert _get(site, "/?tab=tech") == _get(site, "/") == _get(site, "/?tab=nonsense") != _get(site, "/?tab=all")
    nd = site.data.nodes["qna"]
    for other, what in (("/t/1", "Topic"), ("/t/abc", "Topic"), (f"/t/{t.tid}?p={t.pages + 1}", "Topic"),
                        ("/t/1/edit", "Topic"), ("/go/nonode", "Node"), (f"/go/qna?p={nd.pages + 1}", "Node"),
                        ("/go/QNA", "Node"), ("/member/nobody_here", "Member"), ("/member/a-b", "Member"),
                        ("/nope", "Page"), ("/favicon.ico", "Page"), ("/recent?p=99", "Page")):  # fmt: skip
        assert site.classify(other) == "other" and site.canonical(other) is None, other
        reply = _fetch(site, other)
        assert reply.status == 404, other
        assert f"404 {what} Not Found" in reply.payload().decode("utf-8"), other
    robots = _fetch(site, "/robots.txt")
    assert robots.status == 200 and site.classify("/robots.txt") == "other"
    assert robots.headers["Content-Type"].startswith("text/plain")


def test_member_pages_look_like_boards_and_posts() -> None:
    site = _site(1.0)
    members = site.data.members.values()
    m = max(members, key=lambda m: sum(t.author is m for t in site.data.topics.values()))
    tree = _tree(site, f"/member/{m.name}")
    assert site.classify(f"/member/{m.name}") == "noise"
    assert tree.xpath("string(//div[@id='Main']//h1)") == m.name
    rows = tree.xpath("//div[@id='Main']//div[@class='cell item']")
    mine = sorted((t for t in site.data.topics.values() if t.author is m), key=lambda t: -t.tid)
    assert len(rows) == min(10, len(mine)) >= 3
    assert [r.xpath("string(.//a[@class='topic-link'])") for r in rows] == [t.title for t in mine[:10]]
    docks = tree.xpath("//div[@class='dock_area']")
    quotes = tree.xpath("//div[@class='inner']/div[@class='reply_content']")
    assert len(docks) == len(quotes) == 10
    by_id = {p.post_id: p for p in site.posts()}
    mine_replies = sorted((r for r in site.data.replies.values() if r.author is m), key=lambda r: (r.when, r.rid))
    assert [_reader_text(q) for q in quotes] == [by_id[str(r.rid)].text for r in mine_replies[::-1][:10]]
    assert tree.xpath("//a[@href=$h]", h=f"/member/{m.name}/topics")
    assert all(re.fullmatch(r"[A-Za-z0-9_]+", x.name) for x in members) and 55 <= len(site.data.members) <= 70


def test_sizes() -> None:
    small, full = _site(0.3), _site(1.0)
    for site, (lo_t, hi_t), (lo_p, hi_p) in ((small, (40, 60), (450, 1000)), (full, (150, 170), (2200, 2900))):
        assert len(site.data.nodes) == 8 and len(site.data.groups()) == 3
        assert {p.board for p in site.posts()} == {nd.title for nd in site.data.nodes.values()}
        assert all(len(nd.topics) >= 3 for nd in site.data.nodes.values())
        assert lo_t <= len(site.data.topics) <= hi_t and lo_p <= len(site.posts()) <= hi_p
        counts = [len(t.replies) for t in site.data.topics.values()]
        assert counts.count(0) >= 3 and counts.count(1) >= 2 and counts.count(2) >= 2
        assert len(site.thread_targets()) == sum(t.pages for t in site.data.topics.values())
    assert {1, 2, 3, 4, 5} <= {t.pages for t in full.data.topics.values()}
    assert 4 in {t.pages for t in small.data.topics.values()}
    assert sorted(nd.pages for nd in full.data.nodes.values())[-3:] == [2, 2, 3]
    assert len(full.thread_targets()) > len(small.thread_targets())
    assert len(full.index_targets()) > len(small.index_targets())
    assert len(small.posts()) < len(full.posts()) / 2


def test_pages_are_deterministic() -> None:
    a, b = V2exForum(size=0.3), V2exForum(size=0.3)
    who = next(iter(a.data.members))
    targets = [a.start_target(), "/?tab=hot", "/recent", *sorted(a.index_targets()), *sorted(a.thread_targets())[:8],
               f"/member/{who}", f"/member/{who}/replies", "/t/1"]  # fmt: skip
    for target in targets:
        assert _fetch(a, target).payload() == _fetch(b, target).payload(), target
    assert a.posts() == b.posts()
    assert V2exForum(size=1.0).posts() == _site(1.0).posts()
    assert V2exForum(size=0.3, seed=8).posts() != a.posts()


def test_served_over_http_in_utf8() -> None:
    site = _site(0.3)
    t = max(site.data.topics.values(), key=lambda t: t.pages)
    with FixtureServer(site) as server:
        with urllib.request.urlopen(server.url("/")) as r:
            assert r.status == 200 and r.headers["Content-Type"] == "text/html; charset=utf-8"
            assert "节点导航" in r.read().decode("utf-8")
        with urllib.request.urlopen(server.url(f"/t/{t.tid}?p=2")) as r:
            page = r.read().decode("utf-8")
            assert f'id="r_{t.replies[30].rid}"' in page and t.title in page
        with urllib.request.urlopen(server.url(f"/favorite/topic/{t.tid}?once={site.data.once}")) as r:  # a 302
            assert urlsplit(r.url).path == "/signin" and "登录" in r.read().decode("utf-8")
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.url("/t/99"))
        assert err.value.code == 404
    assert [h.status for h in server.log.hits()] == [200, 200, 302, 200, 404]
