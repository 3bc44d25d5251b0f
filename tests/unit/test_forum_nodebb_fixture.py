"""The NodeBB 3.x (Harmony) fixture forum (held out from the spider) serves what its truth says: canonical targets
and their aliases, redirects, noise, posts, pagers, authors and times. Only the fixture is tested here."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from functools import cache
from urllib.parse import urljoin, urlsplit

import lxml.html
import pytest

from topiccrawl.demo.forum_nodebb import NodebbForum, Topic
from topiccrawl.demo.forum_truth import ForumTruth, PageKind, TruthPost
from topiccrawl.demo.server import FixtureServer, Reply, SiteRequest
from topiccrawl.textutil import normalize_space

BASE = "http://forum.test"


@cache
def _site(size: float) -> NodebbForum:
    return NodebbForum(size=size)


def _fetch(site: NodebbForum, target: str) -> Reply:
    return site.handle(SiteRequest("GET", target, {}, BASE))


def _follow(site: NodebbForum, target: str) -> tuple[str, Reply]:
    """Fetch ``target``, following redirects through the site itself; the final target and reply."""
    for _ in range(5):
        reply = _fetch(site, target)
        if reply.status not in {301, 302, 303, 307, 308}:
            return target, reply
        parts = urlsplit(urljoin(BASE + target, reply.headers["Location"]))
        assert parts.netloc == urlsplit(BASE).netloc, reply.headers["Location"]
        target = parts.path + (f"?{parts.query}" if parts.query else "")
    raise AssertionError(f"redirect loop at {target}")


def _get(site: NodebbForum, target: str) -> str:
    reply = _fetch(site, target)
    assert reply.status == 200, (target, reply.status)
    return reply.payload().decode(site.charset)


def _tree(site: NodebbForum, target: str) -> lxml.html.HtmlElement:
    return lxml.html.fromstring(_get(site, target))


def _content_text(content: lxml.html.HtmlElement) -> str:
    """The documented rule: text nodes outside blockquotes, each normalised, joined with spaces, normalised."""
    nodes = content.xpath(".//text()[not(ancestor::blockquote)]")
    return normalize_space(" ".join(normalize_space(str(n)) for n in nodes))


def _biggest(site: NodebbForum) -> Topic:
    return max(site.data.topics.values(), key=lambda t: (t.pages, t.tid))


def test_it_is_a_forum_truth() -> None:
    site = _site(0.3)
    assert isinstance(site, ForumTruth)
    assert site.name == "nodebb" and site.charset == "utf-8" and site.start_target() == "/"
    assert site.classify("/") == "index" and site.canonical("/") == "/categories" in site.index_targets()


def test_every_post_is_on_its_canonical_page_as_the_markup_says() -> None:
    site = _site(0.3)
    posts = site.posts()
    assert posts and site.thread_targets() and site.index_targets()
    by_page: dict[str, dict[str, TruthPost]] = {}
    for post in posts:
        target = f"/topic/{post.thread_id}/x" + (f"?page={post.page_number}" if post.page_number > 1 else "")
        assert site.classify(target) == "thread", target
        canonical = site.canonical(target)
        assert canonical in site.thread_targets() and site.canonical(canonical) == canonical, target
        by_page.setdefault(canonical, {})[post.post_id] = post
    assert set(by_page) == set(site.thread_targets())
    for target, expected in by_page.items():
        tree = _tree(site, target)
        title = tree.xpath("string(//h1[@component='post/header']/span[@component='topic/title'])")
        crumbs = tree.xpath("//ol[contains(@class,'breadcrumb')]//span[@itemprop='name']/text()")
        items = tree.xpath("//ul[@component='topic']/li[@component='post']")
        assert [i.get("data-pid") for i in items] == list(expected), target
        for item in items:
            post = expected[item.get("data-pid")]
            assert title == post.thread_title and crumbs[0] == "Home" and crumbs[-2:] == [post.board, title]
            assert int(item.get("data-index")) + 1 == post.position
            assert item.get("itemtype") == "http://schema.org/Comment"
            (author,) = item.xpath(".//a[@itemprop='author']")
            assert author.text_content() == post.author and author.get("href").startswith("/user/")
            (stamp,) = item.xpath(".//a[contains(@class,'permalink')]/span[contains(@class,'timeago')]")
            assert stamp.get("title") == post.time and not stamp.text_content()
            assert stamp.getparent().get("href") == f"/post/{post.post_id}"
            (content,) = item.xpath(".//div[@component='post/content']")
            assert _content_text(content) == post.text, (target, post.post_id)
    by_thread: dict[str, list[int]] = {}
    for post in posts:
        by_thread.setdefault(post.thread_id, []).append(post.position)
    assert all(p == list(range(1, len(p) + 1)) for p in by_thread.values())
    assert len({p.post_id for p in posts}) == len(posts)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", p.time) for p in posts)
    assert all(p.text for p in posts)


def test_quotes_signatures_and_edits_stay_out_of_the_text() -> None:
    site = _site(1.0)
    all_posts = list(site.data.posts.values())
    quoting = [p for p in all_posts if p.reply_to is not None]
    edited = [p for p in all_posts if p.edited is not None]
    signed = [p for p in all_posts if site.data.users[p.uid].signature]
    short = [p for p in all_posts if len(p.text) <= 12]
    assert len(quoting) > 20 and len(edited) > 20 and len(signed) > 50 and len(short) > 50
    assert max(len(p.text) for p in all_posts) > 600
    p = quoting[0]
    assert " said in " in p.text and "<blockquote>" in p.body
    wanted = {str(p.pid) for p in quoting[:4] + edited[:4] + signed[:4]}
    for post in (t for t in site.posts() if t.post_id in wanted):
        alias = f"/topic/{post.thread_id}/x" + (f"?page={post.page_number}" if post.page_number > 1 else "")
        (item,) = _tree(site, site.canonical(alias)).xpath(f"//li[@component='post'][@data-pid='{post.post_id}']")
        (content,) = item.xpath(".//div[@component='post/content']")
        assert _content_text(content) == post.text
        whole = normalize_space(item.text_content())
        if item.xpath(".//i[@component='post/edit-indicator']"):
            assert "last edited by" in whole and "last edited by" not in post.text
        if content.xpath(".//blockquote"):
            quoted = normalize_space(content.xpath("string(.//blockquote)"))
            assert quoted and len(normalize_space(content.text_content())) > len(post.text)
        for signature in item.xpath(".//div[@component='post/signature']"):
            assert normalize_space(signature.text_content()) not in post.text


def test_aliases_redirects_and_canonicals() -> None:
    site = _site(0.3)
    t = _biggest(site)
    assert t.pages >= 4
    slug = t.slug.split("/", 1)[1]
    first, second, last = f"/topic/{t.slug}", f"/topic/{t.slug}?page=2", f"/topic/{t.slug}?page={t.pages}"
    served = [first, f"{first}?page=1", f"{first}/", f"{first}?page=abc", f"{first}?lang=en", f"{first}/1",
              f"{first}/20", f"{first}#3"]  # fmt: skip
    redirected = [f"/topic/{t.tid}", f"/topic/{t.tid}/", f"/topic/{t.tid}/wrong-slug", f"/topic/{t.tid}/{slug}/0"]
    for alias in served + redirected:
        assert (site.classify(alias), site.canonical(alias)) == ("thread", first), alias
        final, reply = _follow(site, alias)
        assert reply.status == 200 and site.canonical(final) == first, alias
        assert f'<link rel="canonical" href="{BASE}{first}" />' in reply.payload().decode(), alias
    assert _fetch(site, f"/topic/{t.tid}").status == 308
    assert _fetch(site, f"/topic/{t.tid}/wrong?page=2").headers["Location"] == f"/topic/{t.slug}?page=2"
    for alias in (second, f"{first}/21", f"{first}/40", f"/topic/{t.tid}/wrong/25", f"/topic/{t.tid}?page=2"):
        assert (site.classify(alias), site.canonical(alias)) == ("thread", second), alias
        assert _follow(site, alias)[1].status == 200, alias
    for alias in (last, f"{first}/{len(t.posts)}", f"{first}/{len(t.posts) + 5}", f"{first}/99999"):
        assert (site.classify(alias), site.canonical(alias)) == ("thread", last), alias
        final, reply = _follow(site, alias)
        assert reply.status == 200 and site.canonical(final) == last, alias
    for out in (f"{first}?page={t.pages + 1}", f"{first}?page=0", f"{first}/abc", "/topic/1/x", "/topic/99999999"):
        assert site.classify(out) == "other" and site.canonical(out) is None, out
        assert _fetch(site, out).status == 404, out
    c = site.data.categories[4]
    board = f"/category/{c.slug}"
    for alias in (board, f"{board}?page=1", f"{board}/", "/category/4", "/category/4/support", f"{board}/3",
                  f"{board}?sort=most_votes"):  # fmt: skip
        assert (site.classify(alias), site.canonical(alias)) == ("board", board), alias
        assert _follow(site, alias)[1].status == 200, alias
    assert site.classify(f"{board}?page=2") == "other" and _fetch(site, f"{board}?page=2").status == 404
    for alias in ("/", "/categories", "/categories/", "/?foo=1"):
        assert (site.classify(alias), site.canonical(alias)) == ("index", "/categories"), alias
    p = t.posts[-1]
    u = site.data.users[p.uid]
    for noise in (
        f"/post/{p.pid}", f"/uid/{u.uid}", f"/user/{u.slug}", f"/user/{u.slug}/posts", f"/user/{u.slug}/topics",
        f"/user/{u.slug}/followers", "/users", "/users?section=sort-posts", "/groups", "/groups/administrators",
        "/recent", "/recent?page=2", "/popular", "/popular?term=alltime", "/unread", "/tags", f"/tags/{t.tags[0]}"
        if t.tags else "/tags/upgrade", "/search", "/search?term=nginx", "/login", "/register", "/reset",
        f"/compose?tid={t.tid}", "/compose?cid=4", f"/category/{c.cid}.rss", f"/topic/{t.tid}.rss", "/recent.rss",
    ):  # fmt: skip
        assert site.classify(noise) == "noise" and site.canonical(noise) is None, noise
        assert _fetch(site, noise).status in {200, 302, 307}, noise
    for other in ("/robots.txt", "/nope", "/user/nobody-here", "/tags/no-such-tag", "/assets/client.css", "/post/1"):
        assert site.classify(other) == "other" and site.canonical(other) is None, other
    assert _fetch(site, "/robots.txt").status == 200 and _fetch(site, "/nope").status == 404


def test_post_permalinks_redirect_to_the_page_holding_them() -> None:
    site = _site(0.3)
    t = _biggest(site)
    for i in (0, 19, 20, 41, len(t.posts) - 1):
        p = t.posts[i]
        reply = _fetch(site, f"/post/{p.pid}")
        assert reply.status == 307 and reply.headers["Location"] == f"/topic/{t.slug}/{i + 1}"
        final, page = _follow(site, f"/post/{p.pid}")
        assert site.canonical(final) == site.thread_target(t, i // 20 + 1)
        assert f'data-pid="{p.pid}"' in page.payload().decode()


def _expected_kind(path: str, query: str) -> PageKind:
    """What a link should be, written independently of the fixture's router."""
    if path in {"/", "/categories"}:
        return "index"
    if re.fullmatch(r"/category/\d+/[^/]+", path):
        return "board"
    if re.fullmatch(r"/topic/\d+/[^/]+(/\d+)?", path) and not path.endswith(".rss"):
        return "thread"
    if path.endswith(".rss"):
        return "noise"
    if re.match(r"/(post|uid|user|users|groups|tags|recent|popular|search|login|register|reset|compose)(/|$)", path):
        return "noise"
    return "other"


@pytest.mark.parametrize("which", ["index", "category", "category-last", "topic", "topic-last", "recent"])
def test_every_link_resolves_to_its_intended_kind(which: str) -> None:
    site = _site(1.0) if which == "category-last" else _site(0.3)
    t = _biggest(site)
    c = site.data.categories[4]
    target = {
        "index": "/",
        "category": f"/category/{site.data.categories[5].slug}",
        "category-last": f"/category/{c.slug}?page={c.pages}",
        "topic": f"/topic/{t.slug}",
        "topic-last": f"/topic/{t.slug}?page={t.pages}",
        "recent": "/recent",
    }[which]
    tree = _tree(site, target)
    hrefs = {a.get("href") for a in tree.iter("a") if a.get("href") is not None}
    kinds: dict[str, int] = {}
    for href in sorted(hrefs):
        url = urljoin(BASE + target, href)
        parts = urlsplit(url)
        if parts.netloc != urlsplit(BASE).netloc or href.startswith("#"):
            continue
        link = parts.path + (f"?{parts.query}" if parts.query else "")
        kind = site.classify(link)
        assert kind == _expected_kind(parts.path, parts.query), link
        final, reply = _follow(site, link)
        if kind in {"index", "board", "thread"}:
            assert reply.status == 200 and site.classify(final) == kind, link
            assert site.canonical(link) == site.canonical(final), link
            assert site.canonical(link) in site.index_targets() | site.thread_targets(), link
        else:
            assert reply.status == 200, link
        kinds[kind] = kinds.get(kind, 0) + 1
    assert kinds.get("noise", 0) > 5 and "other" not in kinds
    assert kinds.get("index", 0) >= 1 and kinds.get("thread", 0) >= 1
    assert kinds.get("board", 0) >= (1 if which != "index" else 7)


def test_listings_order_and_pagers() -> None:
    site = _site(1.0)
    assert max(c.pages for c in site.data.ordered()) >= 4
    for c in site.data.ordered():
        seen: list[str] = []
        for page in range(1, c.pages + 1):
            tree = _tree(site, site.board_target(c, page))
            rows = tree.xpath("//ul[@component='category']/li[@component='category/topic']")
            assert [int(r.get("data-index")) for r in rows] == list(range((page - 1) * 20, (page - 1) * 20 + len(rows)))
            assert len(rows) == 20 or page == c.pages
            seen += [r.get("data-tid") for r in rows]
            for r in rows:
                (link,) = r.xpath(".//h3[@component='topic/header']/a")
                assert site.classify(link.get("href")) == "thread" and link.get("href").startswith("/topic/")
            pager = tree.xpath("//nav[@component='pagination']/ul[contains(@class,'pagination')][1]")
            if c.pages == 1:
                assert not pager
                continue
            (active,) = pager[0].xpath("li[contains(@class,'active')]/a")
            assert active.get("href") is None and active.text == str(page)
            numbers = [
                a.get("href")
                for a in pager[0].xpath("li[contains(concat(' ', @class, ' '), ' page ')]/a")
                if a.get("href")
            ]
            assert numbers == [f"?page={n}" for n in range(1, c.pages + 1) if n != page]
            (nxt,) = pager[0].xpath("li/a[@rel='next']")
            assert nxt.get("href") == f"?page={min(page + 1, c.pages)}"
            head_next = tree.xpath("//head/link[@rel='next']/@href")
            assert head_next == ([site.board_target(c, page + 1)] if page < c.pages else [])
        pinned = [t for t in c.topics if t.pinned]
        assert seen == [str(t.tid) for t in c.listing()] and set(seen[: len(pinned)]) == {str(t.tid) for t in pinned}
    truth_threads = [p.thread_id for p in site.posts() if p.position == 1]
    assert truth_threads == [str(t.tid) for c in site.data.ordered() for t in c.listing()]
    index = _tree(site, "/categories")
    rows = index.xpath("//ul[contains(@class,'categories-list')]/li[@component='categories/category']")
    child_links = index.xpath("//ul[contains(@class,'category-children')]//a/@href")
    assert len(rows) == 6 and child_links == [f"/category/{site.data.categories[6].slug}"]


def test_topic_pages_hold_consecutive_posts() -> None:
    site = _site(0.3)
    t = _biggest(site)
    indices: list[int] = []
    for page in range(1, t.pages + 1):
        tree = _tree(site, site.thread_target(t, page))
        indices += [int(i) for i in tree.xpath("//ul[@component='topic']/li[@component='post']/@data-index")]
        suggested = tree.xpath("//div[contains(@class,'suggested-topics')]//h3[@component='topic/header']/a/@href")
        assert len(suggested) == 5 and f"/topic/{t.slug}" not in suggested
    assert indices == list(range(len(t.posts)))


def test_sizes() -> None:
    small, full = _site(0.3), _site(1.0)
    for site, (lo_t, hi_t), (lo_p, hi_p) in ((small, (40, 60), (600, 1200)), (full, (140, 170), (2200, 2900))):
        boards = {c.name for c in site.data.ordered()}
        assert len(boards) == 7 and {p.board for p in site.posts()} == boards
        assert lo_t <= len(site.data.topics) <= hi_t
        assert lo_p <= len(site.posts()) <= hi_p
        pages = [t.pages for t in site.data.topics.values()]
        assert {1, 2, 3, 4, 5} <= set(pages)
        assert any(len(t.posts) == 1 for t in site.data.topics.values())
        assert all(1000 <= t.tid <= 99999 for t in site.data.topics.values())
        assert all(10000 <= p <= 999999 for p in site.data.posts)
    assert sorted(c.pages for c in full.data.ordered())[-2:] == [3, 4]
    assert len(full.index_targets()) > len(small.index_targets()) == 8
    child = full.data.categories[6]
    assert child.parent is full.data.categories[5] and child.parent.topics and child.topics


def test_pages_are_deterministic() -> None:
    a, b = NodebbForum(size=0.3), NodebbForum(size=0.3)
    targets = [a.start_target(), *sorted(a.index_targets())[:3], *sorted(a.thread_targets())[:5], "/recent"]
    for target in targets:
        assert _get(a, target) == _get(b, target), target
    assert a.posts() == b.posts()


def test_noise_pages_parse() -> None:
    site = _site(0.3)
    t = _biggest(site)
    u = site.data.users[t.posts[1].uid]
    for target in ("/recent", "/popular", "/tags", f"/user/{u.slug}", "/users", "/groups", "/search?term=nginx",
                   "/login", "/register", "/tags/upgrade"):  # fmt: skip
        tree = _tree(site, target)
        assert tree.xpath("//ol[contains(@class,'breadcrumb')]") and tree.xpath("//nav[@component='sidebar/left']")
    posts = _tree(site, f"/user/{u.slug}/posts").xpath("//ul[@component='posts']/li[@component='post']")
    assert posts and posts[0].xpath(".//div[@component='post/content']")
    lists = _tree(site, "/recent").xpath("//ul[@component='category']/li[@component='category/topic']")
    assert len(lists) == 20
    assert _get(site, f"/topic/{t.tid}.rss").startswith("<?xml")
    for target in ("/unread", f"/compose?tid={t.tid}"):
        reply = _fetch(site, target)
        assert reply.status == 302 and reply.headers["Location"] == "/login"
    assert _fetch(site, f"/uid/{u.uid}").headers["Location"] == f"/user/{u.slug}"


def test_served_over_http() -> None:
    site = _site(0.3)
    t = _biggest(site)
    with FixtureServer(site) as server:
        with urllib.request.urlopen(server.url("/")) as r:
            assert r.status == 200 and "charset=utf-8" in r.headers["Content-Type"]
            assert b'component="categories/category"' in r.read()
        with urllib.request.urlopen(server.url(f"/post/{t.posts[-1].pid}")) as r:  # 307, then 200
            assert urlsplit(r.url).path == f"/topic/{t.slug}/{len(t.posts)}"
            assert f'data-pid="{t.posts[-1].pid}"'.encode() in r.read()
        with urllib.request.urlopen(server.url(f"/topic/{t.tid}")) as r:  # 308, then 200
            assert urlsplit(r.url).path == f"/topic/{t.slug}"
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.url("/no/such/page"))
        assert err.value.code == 404
    assert [h.status for h in server.log.hits()] == [200, 307, 200, 308, 200, 404]
