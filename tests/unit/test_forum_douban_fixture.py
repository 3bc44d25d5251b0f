"""The Douban groups fixture forum (held out from the spider) agrees with its own truth."""

from __future__ import annotations

import re
import urllib.request
from functools import cache
from urllib.parse import urlsplit

import lxml.html
import pytest

from topiccrawl.demo.forum_douban import DoubanGroups
from topiccrawl.demo.forum_truth import ForumTruth, TruthPost
from topiccrawl.demo.server import FixtureServer, Reply, SiteRequest

BASE = "http://forum.test"


@cache
def _site(size: float) -> DoubanGroups:
    return DoubanGroups(size=size)


def _reply(site: DoubanGroups, target: str) -> Reply:
    return site.handle(SiteRequest("GET", target, {}, BASE))


def _get(site: DoubanGroups, target: str) -> str:
    reply = _reply(site, target)
    assert reply.status == 200, target
    return reply.payload().decode(site.charset)


def _page_of(post: TruthPost) -> str:
    start = f"?start={(post.page_number - 1) * 100}" if post.page_number > 1 else ""
    return f"/group/topic/{post.thread_id}/{start}"


def _doc(markup: str) -> lxml.html.HtmlElement:
    """The page, ``<br>`` read as a line break (as a crawler reads it)."""
    doc = lxml.html.fromstring(markup)
    for br in doc.iter("br"):
        br.tail = "\n" + (br.tail or "")
    return doc


def _text(markup: str) -> str:
    return "".join(_doc(markup).text_content().split())


def test_is_a_forum_truth() -> None:
    site = _site(0.3)
    assert isinstance(site, ForumTruth)
    assert site.name == "douban" and site.charset == "utf-8"
    assert site.start_target() == "/"


def test_every_post_is_on_its_thread_page_and_every_thread_page_is_canonical() -> None:
    site = _site(0.3)
    posts = site.posts()
    assert posts and site.thread_targets() and site.index_targets()
    pages: dict[str, str] = {}
    for post in posts:
        target = _page_of(post)
        assert site.classify(target) == "thread" and site.canonical(target) == target, target
        if target not in pages:
            pages[target] = _text(_get(site, target))
        text = "".join(post.text.split())
        assert text, (target, post.position)
        assert text[:24] in pages[target] and text[-24:] in pages[target], (target, post.position)
        assert "".join(post.author.split()) in pages[target], (target, post.position)
        assert post.time.replace(" ", "") in pages[target], (target, post.position)
    assert {site.canonical(t) for t in pages} == set(site.thread_targets())
    by_thread: dict[str, list[int]] = {}
    for post in posts:
        by_thread.setdefault(post.thread_id, []).append(post.position)
    assert all(p == list(range(1, len(p) + 1)) for p in by_thread.values())
    assert len({(p.thread_id, p.post_id) for p in posts}) == len(posts)


def test_thread_pages_hold_exactly_their_comments() -> None:
    """Page 1 repeats the most-liked comments in ``ul#popular-comments``; ``ul#comments`` holds the page's own."""
    site = _site(1.0)
    posts = site.posts()
    by_page: dict[str, list[TruthPost]] = {}
    for post in posts:
        if post.position > 1:
            by_page.setdefault(_page_of(post), []).append(post)
    big = [t for t in by_page if t.endswith("?start=200")]
    assert big, "no thread of three pages"
    first = big[0].split("?")[0]
    popular_seen = False
    for target in [first, first + "?start=100", big[0]]:
        doc = _doc(_get(site, target))
        items = doc.xpath('//ul[@id="comments"]/li')
        assert [li.get("data-cid") for li in items] == [p.post_id for p in by_page[target]]
        texts = [
            " ".join(li.xpath('.//p[contains(@class, "reply-content")]')[0].text_content().split()) for li in items
        ]
        assert texts == [p.text for p in by_page[target]]
        popular_seen |= bool(doc.xpath('//ul[@id="popular-comments"]/li'))
        # the opening post is repeated on every page, in its own markup
        assert doc.xpath('//div[@id="topic-content"]//span[contains(@class, "create-time")]')
        assert doc.xpath('//div[@class="paginator"]/span[@class="thispage"]/@data-total-page') == ["3"]
    assert popular_seen
    title = next(p.thread_title for p in posts if _page_of(p) == first)
    assert " ".join(lxml.html.fromstring(_get(site, first)).xpath("//h1")[0].text_content().split()) == title


def test_aliases_classify_and_canonicalise() -> None:
    site = _site(1.0)
    d = site.data
    big = max(d.topics.values(), key=lambda t: len(t.comments))
    small = min(d.topics.values(), key=lambda t: len(t.comments))
    g = d.groups[0]
    tid = big.tid
    cases = {
        "/": ("index", "/group/explore"),
        "/group": ("index", "/group/explore"),
        "/group/": ("index", "/group/explore"),
        "/group/explore": ("index", "/group/explore"),
        "/group/explore?start=0": ("index", "/group/explore"),
        f"/group/topic/{tid}/": ("thread", f"/group/topic/{tid}/"),
        f"/group/topic/{tid}/?start=0": ("thread", f"/group/topic/{tid}/"),
        f"/group/topic/{tid}": ("thread", f"/group/topic/{tid}/"),
        f"/group/topic/{tid}?start=100": ("thread", f"/group/topic/{tid}/?start=100"),
        f"/group/topic/{tid}/?start=150": ("thread", f"/group/topic/{tid}/?start=100"),
        f"/group/topic/{tid}/?start=abc": ("thread", f"/group/topic/{tid}/"),
        f"/group/topic/{tid}/?_i=4823194aBcDeF&_dtcc=1": ("thread", f"/group/topic/{tid}/"),
        f"/group/topic/{tid}/?start=200#last": ("thread", f"/group/topic/{tid}/?start=200"),
        f"/group/{g.slug}/": ("board", f"/group/{g.slug}/"),
        f"/group/{g.slug}": ("board", f"/group/{g.slug}/"),
        f"/group/{g.slug}/?ref=sidebar": ("board", f"/group/{g.slug}/"),
        f"/group/{g.slug}/discussion": ("board", f"/group/{g.slug}/discussion?start=0"),
        f"/group/{g.slug}/discussion?start=0": ("board", f"/group/{g.slug}/discussion?start=0"),
        f"/group/{g.slug}/discussion?start=30": ("board", f"/group/{g.slug}/discussion?start=25"),
        f"/group/{g.slug}/discussion?start=50": ("board", f"/group/{g.slug}/discussion?start=50"),
    }
    noise = [
        f"/group/topic/{tid}/?author=1",
        f"/group/topic/{tid}/?type=like",
        f"/group/topic/{tid}/?cid={big.comments[3].cid}",
        f"/group/topic/{tid}/?start=100000",
        f"/group/topic/{small.tid}/?start=100",
        f"/group/topic/{tid}/add_comment",
        f"/group/{g.slug}/discussion?start=0&type=elite",
        f"/group/{g.slug}/discussion?start=10000",
        f"/group/{g.slug}/?tab=41",
        f"/group/{g.slug}/members?start=70",
        f"/group/{g.slug}/new_topic",
        "/group/explore?tag=%E7%A7%9F%E6%88%BF",
        "/group/explore?start=15",
        "/group/search?cat=1013&q=%E7%A7%9F",
        f"/group/people/{big.user.uid}/publish",
        f"/people/{big.user.uid}/",
        "/accounts/login?redir=http%3A%2F%2Fforum.test%2Fgroup%2F&source=group",
        "/link2/?url=https%3A%2F%2Fwww.zhihu.com%2F",
        "/hnypt/variformcyst.py",
        f"/feed/group/{g.slug}/discussion",
    ]
    for target, (kind, canonical) in cases.items():
        assert (site.classify(target), site.canonical(target)) == (kind, canonical), target
        assert _reply(site, target).status in {200, 301, 302}, target
    for target in noise:
        assert (site.classify(target), site.canonical(target)) == ("noise", None), target
        assert _reply(site, target).status in {200, 302, 403}, target
    for target in ["/robots.txt", "/nope", "/group/topic/1/", "/group/no-such-group/", "/people/nobody/"]:
        assert site.classify(target) == "other" and site.canonical(target) is None, target
    assert _reply(site, "/robots.txt").status == 200
    assert _reply(site, "/nope").status == 404
    assert _reply(site, f"/group/topic/{tid}").headers["Location"] == f"{BASE}/group/topic/{tid}/"


def _intended(target: str) -> str:
    path = urlsplit(target).path
    query = urlsplit(target).query
    if path in {"/", "/group", "/group/"} or (path == "/group/explore" and not query):
        return "index"
    if re.fullmatch(r"/group/topic/\d+/", path) and re.fullmatch(r"(start=(0|[1-9]\d*00)|_i=\w+&_dtcc=1)?", query):
        return "thread"
    reserved = {"explore", "search", "mine", "my_topics", "people", "topic"}
    m = re.fullmatch(r"/group/([^/]+)/(discussion)?", path)
    if m and m[1] not in reserved:
        if m[2] and re.fullmatch(r"start=\d+", query):
            return "board"
        if not m[2] and query in {"", "ref=sidebar"}:
            return "board"
    return "noise"


def test_every_link_resolves_to_the_kind_intended() -> None:
    site = _site(1.0)
    d = site.data
    zufang = d.groups[0]
    big = max(d.topics.values(), key=lambda t: len(t.comments))
    quoted = next(t for t in d.topics.values() if any(c.quote for c in t.comments) and d.popular(t))
    pages = [
        "/group/explore",
        f"/group/{zufang.slug}/",
        f"/group/{zufang.slug}/discussion?start=25",
        f"/group/topic/{big.tid}/",
        f"/group/topic/{big.tid}/?start=100",
        f"/group/topic/{quoted.tid}/",
    ]
    seen: dict[str, str] = {}
    for page in pages:
        doc = lxml.html.fromstring(_get(site, page))
        for href in doc.xpath("//a/@href | //link/@href | //form/@action"):
            assert href.count(BASE) <= 1, (page, href)  # the base URL only ever as the link's own origin
            if not href.startswith(BASE):
                continue  # other Douban hosts, doubanio images, javascript:
            target = href[len(BASE) :].partition("#")[0] or "/"
            if target in seen:
                continue
            reply = _reply(site, target)
            assert reply.status < 500 and reply.status != 404, (page, target, reply.status)
            seen[target] = site.classify(target)
            assert seen[target] == _intended(target), (page, target)
    kinds = set(seen.values())
    assert kinds == {"index", "board", "thread", "noise"}
    assert sum(1 for t, k in seen.items() if k == "noise" and t.startswith("/accounts/login?redir=")) >= len(pages)


def test_index_and_board_pages_list_what_truth_says() -> None:
    site = _site(1.0)
    d = site.data
    doc = lxml.html.fromstring(_get(site, "/group/explore"))
    cards = doc.xpath('//div[@class="group-list"]/div[@class="result"]//h3/a/@href')
    assert [c[len(BASE) :] for c in cards] == [f"/group/{g.slug}/" for g in d.groups]
    for target in sorted(site.index_targets()):
        assert site.classify(target) == "index" if target == "/group/explore" else site.classify(target) == "board"
        assert site.canonical(target) == target
        doc = lxml.html.fromstring(_get(site, target))
        if "discussion" in target:
            rows = doc.xpath('//table[@class="olt"]/tr[not(@class="th")]')
            assert 1 <= len(rows) <= 25, target
            for row in rows:
                link = row.xpath('.//td[@class="title"]/a')[0]
                tid = int(link.get("href").rstrip("/").rsplit("/", 1)[1])
                assert link.get("title") == d.topics[tid].title
                assert re.fullmatch(r"\d\d-\d\d \d\d:\d\d|\d{4}-\d\d-\d\d", row.xpath('.//td[@class="time"]')[0].text)
    zufang = d.groups[0]
    assert d.list_pages(zufang) >= 3
    doc = lxml.html.fromstring(_get(site, f"/group/{zufang.slug}/discussion?start=25"))
    assert doc.xpath('//div[@class="paginator"]/span[@class="next"]/link[@rel="next"]/@href') == [
        f"{BASE}/group/{zufang.slug}/discussion?start=50"
    ]
    sticky = doc.xpath('//span[@class="pl" and @title="置顶"]')
    assert not sticky  # stickies only on the first page
    assert lxml.html.fromstring(_get(site, f"/group/{zufang.slug}/discussion?start=0")).xpath(
        '//span[@class="pl" and @title="置顶"]'
    )


@pytest.mark.parametrize("size", [0.3, 1.0])
def test_sizes(size: float) -> None:
    site = _site(size)
    d = site.data
    posts = site.posts()
    replies = [len(t.comments) for t in d.topics.values()]
    assert len(d.groups) == 7
    if size == 1.0:
        assert 150 <= len(d.topics) <= 175 and 2300 <= len(posts) <= 2800
        assert sum(1 for g in d.groups if d.list_pages(g) >= 3) >= 2
        assert sum(1 for n in replies if n >= 100) >= 5 and max(replies) > 200
    else:
        assert 40 <= len(d.topics) <= 60 and 550 <= len(posts) <= 950
        assert [g.slug for g in d.groups] == [g.slug for g in _site(1.0).data.groups]
    assert sum(1 for n in replies if n <= 10) > len(replies) / 2
    assert len(site.thread_targets()) == sum(d.pages(t) for t in d.topics.values())
    assert len(site.index_targets()) == 1 + len(d.groups) + sum(d.list_pages(g) for g in d.groups)


def test_pages_are_deterministic() -> None:
    a, b = DoubanGroups(size=0.3), DoubanGroups(size=0.3)
    targets = ["/group/explore", *sorted(a.index_targets())[:3], *sorted(a.thread_targets())[:5]]
    for target in targets:
        assert _get(a, target) == _get(b, target), target
    assert a.posts() == b.posts()


def test_serves_over_http() -> None:
    site = _site(0.3)
    thread = sorted(site.thread_targets())[0]
    with FixtureServer(site) as server:
        with urllib.request.urlopen(server.url("/"), timeout=10) as response:  # 302 to /group/explore
            assert response.status == 200 and response.url.endswith("/group/explore")
            assert response.headers.get_content_charset() == "utf-8"
            assert "bid=" in response.headers.get("Set-Cookie", "")
            assert "发现小组" in response.read().decode("utf-8")
        with urllib.request.urlopen(server.url(thread), timeout=10) as response:
            body = response.read().decode("utf-8")
            assert 'id="topic-content"' in body
    hits = [h.target for h in server.log.hits()]
    assert hits == ["/", "/group/explore", thread]


@pytest.mark.parametrize("size", [0.3, 1.0])
def test_every_canonical_target_is_reachable_from_the_start(size: float) -> None:
    """Following only index, board and thread links (and redirects) from ``/`` reaches every canonical target."""
    site = _site(size)
    queue, seen, reached = [site.start_target()], set(), set()
    while queue:
        target = queue.pop()
        if target in seen or site.classify(target) == "noise":
            continue
        seen.add(target)
        reached.add(site.canonical(target))
        reply = _reply(site, target)
        if reply.status in {301, 302}:
            queue.append(reply.headers["Location"][len(BASE) :])
            continue
        assert reply.status == 200, target
        for href in lxml.html.fromstring(reply.payload()).xpath("//a/@href"):
            if href.startswith(BASE):
                queue.append(href[len(BASE) :].partition("#")[0] or "/")
    assert site.thread_targets() <= reached
    assert site.index_targets() <= reached
