"""The Vanilla Forums 2.8 fixture forum (held out from the spider) serves what its truth says: canonical
targets and their aliases, redirects, noise, posts, pagers, authors and times. Only the fixture is tested here."""

from __future__ import annotations

import re
import urllib.request
from functools import cache
from urllib.parse import urljoin, urlsplit

import lxml.html
import pytest

from topiccrawl.demo.forum_truth import ForumTruth, PageKind, TruthPost
from topiccrawl.demo.forum_vanilla import VanillaForum
from topiccrawl.demo.server import FixtureServer, Reply, SiteRequest

BASE = "http://forum.test"


@cache
def _site(size: float) -> VanillaForum:
    return VanillaForum(size=size)


def _fetch(site: VanillaForum, target: str) -> Reply:
    return site.handle(SiteRequest("GET", target, {}, BASE))


def _get(site: VanillaForum, target: str) -> str:
    reply = _fetch(site, target)
    assert reply.status == 200, target
    return reply.payload().decode(site.charset)


def _tree(site: VanillaForum, target: str) -> lxml.html.HtmlElement:
    return lxml.html.fromstring(_get(site, target))


def _flat(text: str) -> str:
    return "".join(text.split())


def _page_target(site: VanillaForum, post: TruthPost) -> str:
    """The canonical target of a post's page, found through an alias (no slug, or a wrong one)."""
    alias = f"/discussion/{post.thread_id}" + (f"/x/p{post.page_number}" if post.page_number > 1 else "")
    target = site.canonical(alias)
    assert target is not None and site.classify(alias) == "thread", alias
    return target


def test_it_is_a_forum_truth() -> None:
    site = _site(0.3)
    assert isinstance(site, ForumTruth)
    assert site.name == "vanilla" and site.charset == "utf-8" and site.start_target() == "/"
    assert site.classify("/") == "index" and site.canonical("/") == "/categories" in site.index_targets()


def test_every_post_is_on_its_thread_page_and_every_thread_page_is_canonical() -> None:
    site = _site(0.3)
    posts = site.posts()
    assert posts and site.thread_targets() and site.index_targets()
    pages: dict[str, str] = {}
    for post in posts:
        target = _page_target(site, post)
        assert site.canonical(target) == target and target in site.thread_targets(), target
        if target not in pages:
            pages[target] = _flat(lxml.html.fromstring(_get(site, target)).text_content())
        text = _flat(post.text)
        assert text[:24] in pages[target] and text[-24:] in pages[target], (target, post.position)
        assert _flat(post.author) in pages[target], (target, post.position)
    assert set(pages) == set(site.thread_targets())
    by_thread: dict[str, list[int]] = {}
    for post in posts:
        by_thread.setdefault(post.thread_id, []).append(post.position)
    assert all(p == list(range(1, len(p) + 1)) for p in by_thread.values())
    assert len({p.post_id for p in posts}) == len(posts)


def test_posts_match_the_markup() -> None:
    """Ids, headings, authors and the ``title`` of each post's own ``<time>``, as a parser would see them."""
    site = _site(0.3)
    trees: dict[str, lxml.html.HtmlElement] = {}
    for post in site.posts():
        target = _page_target(site, post)
        tree = trees.setdefault(target, _tree(site, target))
        assert tree.xpath("string(//div[@id='Item_0']/h1)") == post.thread_title
        crumbs = tree.xpath("//span[contains(@class,'Breadcrumbs')]//span[@itemprop='title']/text()")
        assert crumbs[0] == "Home" and crumbs[-1] == post.board
        if post.position == 1:
            assert post.post_id == f"Discussion_{post.thread_id}" and post.page_number == 1
            (item,) = tree.xpath(f"//div[@id='{post.post_id}']")
        else:
            # the last one: an accepted answer is shown twice on page 1 (Best Answer box first)
            item = tree.xpath(f"//ul[contains(@class,'Comments')]/li[@id='{post.post_id}']")[-1]
        assert item.xpath("string(.//span[@class='Author']/a[contains(@class,'Username')])") == post.author
        title = item.xpath("string(.//span[contains(@class,'DateCreated')]//time/@title)")
        assert " ".join(title.split()) == post.time
        message = _flat(item.xpath(".//div[contains(@class,'Message')]")[0].text_content())
        assert _flat(post.text)[-24:] in message


def test_aliases_and_canonicals() -> None:
    site = _site(0.3)
    d = max(site.data.discussions.values(), key=lambda d: d.pages)
    assert d.pages >= 2
    first, second = f"/discussion/{d.did}/{d.slug}", f"/discussion/{d.did}/{d.slug}/p2"
    for alias in (
        first, f"{first}/p1", f"{first}/p0", f"{first}/", f"/discussion/{d.did}", f"/discussion/{d.did}/",
        f"/discussion/{d.did}/wrong-slug", f"/discussion/{d.did}/p2", f"{first}?utm_source=x", f"{first}#Comment_1",
        f"{first}/page", first.upper().replace("/DISCUSSION/", "/discussion/"), f"/Discussion/{d.did}",
    ):  # fmt: skip
        assert (site.classify(alias), site.canonical(alias)) == ("thread", first), alias
        assert _fetch(site, alias).status == 200, alias
    for alias in (second, f"/discussion/{d.did}/wrong-slug/p2", f"{second}/", f"{second}?foo=bar"):
        assert (site.classify(alias), site.canonical(alias)) == ("thread", second), alias
    html = _get(site, f"/discussion/{d.did}/wrong-slug/p2")
    assert f'<link rel="canonical" href="{BASE}{second}" />' in html
    out = f"/discussion/{d.did}/{d.slug}/p{d.pages + 1}"
    assert site.classify(out) == "other" and site.canonical(out) is None and _fetch(site, out).status == 404
    c = site.data.categories["hardware"]
    for alias in ("/categories/hardware", "/categories/hardware/p1", "/categories/hardware/", "/categories/HARDWARE",
                  "/categories/hardware?Sort=hot"):  # fmt: skip
        assert (site.classify(alias), site.canonical(alias)) == ("board", "/categories/hardware"), alias
    assert site.classify(f"/categories/hardware/p{c.pages + 1}") == "other"
    for alias in ("/", "/categories", "/categories/", "/?foo=1"):
        assert (site.classify(alias), site.canonical(alias)) == ("index", "/categories"), alias
    for noise in (
        "/categories/smart-home", "/discussions", "/discussions/p2", "/discussions/bookmarked",
        "/discussions/tagged/docker", "/categories/hardware/feed.rss", f"{first}/feed.rss", "/discussions/feed.rss",
        "/activity", "/activity/p3", "/entry/signin?Target=discussions", "/entry/register", "/search?Search=zfs",
        "/search/p2?Search=the", "/profile/Jürgen", "/profile/J%C3%BCrgen", f"/discussion/embed/{d.did}/{d.slug}",
        f"/post/discussion/{c.slug}", "/react/comment/like?id=1", "/messages/add/dnsdan",
    ):  # fmt: skip
        assert site.classify(noise) == "noise" and site.canonical(noise) is None, noise
        assert _fetch(site, noise).status in {200, 302}, noise
    for other in ("/robots.txt", "/nope", "/discussion/1/x", "/categories/nope", "/profile/nobody-here", "/p2"):
        assert site.classify(other) == "other" and site.canonical(other) is None, other
    assert _fetch(site, "/robots.txt").status == 200 and _fetch(site, "/nope").status == 404


def test_comment_permalinks_redirect_to_the_page_holding_them() -> None:
    site = _site(0.3)
    d = max(site.data.discussions.values(), key=lambda d: d.pages)
    for i in (1, 30, 31, len(d.posts) - 1):
        p = d.posts[i]
        reply = _fetch(site, f"/discussion/comment/{p.pid}")
        assert reply.status == 302
        page = (i - 1) // 30 + 1
        expected = f"{BASE}/discussion/{d.did}/{d.slug}" + (f"/p{page}" if page > 1 else "") + f"#Comment_{p.pid}"
        assert reply.headers["Location"] == expected
        target = urlsplit(expected).path
        assert site.classify(target) == "thread" and f'id="Comment_{p.pid}"' in _get(site, target)


def _expected_kind(path: str) -> PageKind:  # noqa: PLR0911
    """What a link's path should be, written independently of the fixture's router."""
    if path in {"/", "/categories"}:
        return "index"
    if re.fullmatch(r"/categories/smart-home", path):
        return "noise"
    if re.fullmatch(r"/categories/[a-z-]+(/p\d+)?", path):
        return "board"
    if re.fullmatch(r"/discussion/\d+/[^/]+(/p\d+)?", path) and not path.startswith("/discussion/comment/"):
        return "thread"
    if re.match(r"/(discussion/comment|discussions|profile|entry|activity|post|react|messages|search)(/|$)", path):
        return "noise"
    if path.endswith("/feed.rss"):
        return "noise"
    return "other"


@pytest.mark.parametrize("which", ["index", "category", "discussion", "discussion-last"])
def test_every_link_resolves_to_its_intended_kind(which: str) -> None:
    site = _site(0.3)
    d = max(site.data.discussions.values(), key=lambda d: d.pages)
    c = site.data.categories["hardware"]
    target = {
        "index": "/",
        "category": f"/categories/{c.slug}",
        "discussion": f"/discussion/{d.did}/{d.slug}",
        "discussion-last": f"/discussion/{d.did}/{d.slug}/p{d.pages}",
    }[which]
    tree = _tree(site, target)
    hrefs = {a.get("href") for a in tree.iter("a") if a.get("href")}
    kinds: dict[str, int] = {}
    for href in sorted(hrefs):
        url = urljoin(BASE + target, href)
        parts = urlsplit(url)
        if parts.netloc != urlsplit(BASE).netloc or (not parts.path and parts.fragment) or href.startswith("#"):
            continue
        link = parts.path + (f"?{parts.query}" if parts.query else "")
        kind = site.classify(link)
        assert kind == _expected_kind(parts.path), link
        status = _fetch(site, link).status
        assert status < 500 and (status == 200 if kind in {"index", "board", "thread"} else status in {200, 302}), link
        if kind in {"index", "board", "thread"}:
            canonical = site.canonical(link)
            assert canonical in site.index_targets() | site.thread_targets(), link
        kinds[kind] = kinds.get(kind, 0) + 1
    assert kinds.get("noise", 0) > 5 and "other" not in kinds
    assert kinds.get("board", 0) >= 1 and (kinds.get("thread", 0) >= 1 or which == "index")


def test_listings_order_and_pagers() -> None:
    site = _site(1.0)
    for c in site.data.ordered():
        if c.display != "D":
            continue
        seen: list[str] = []
        for page in range(1, c.pages + 1):
            tree = _tree(site, site.board_target(c, page))
            rows = tree.xpath("//ul[contains(@class,'Discussions')]/li[contains(@class,'ItemDiscussion')]")
            announced = [r for r in rows if "Announcement" in r.get("class").split()]
            assert page == 1 or not announced
            assert rows[: len(announced)] == announced  # announcements first
            seen += [r.get("id") for r in rows]
            pager = tree.xpath("//div[@id='PagerAfter']")
            assert bool(pager) == (c.pages > 1)
            if page < c.pages:
                (nxt,) = tree.xpath("//div[@id='PagerBefore']/a[contains(@class,'Next')]")
                assert nxt.get("rel") == "next" and nxt.get("href") == BASE + site.board_target(c, page + 1)
        expected = [f"Discussion_{d.did}" for d in c.listing()]
        assert seen == expected and len(seen) == len(set(seen))
    truth_threads = [p.thread_id for p in site.posts() if p.position == 1]
    listed = [str(d.did) for c in site.data.ordered() for d in c.listing()]
    assert truth_threads == listed


def test_sizes() -> None:
    small, full = _site(0.3), _site(1.0)
    for site, (lo_d, hi_d), (lo_p, hi_p) in ((small, (40, 65), (500, 900)), (full, (150, 180), (2200, 2800))):
        boards = {c.name for c in site.data.ordered() if c.display == "D"}
        assert len(boards) == 8
        assert lo_d <= len(site.data.discussions) <= hi_d
        assert lo_p <= len(site.posts()) <= hi_p
        assert {p.board for p in site.posts()} == boards
        pages = [d.pages for d in site.data.discussions.values()]
        assert pages.count(1) > 0 and {2, 3, 4} <= set(pages)
        assert any(len(d.posts) == 1 for d in site.data.discussions.values())
    assert sum(c.pages >= 3 for c in full.data.categories.values()) >= 2
    assert len(full.index_targets()) > len(small.index_targets())
    child = full.data.categories["home-assistant"]
    assert child.parent is not None and not child.parent.discussions and child.discussions


def test_pages_are_deterministic() -> None:
    a, b = VanillaForum(size=0.3), VanillaForum(size=0.3)
    targets = [a.start_target(), *sorted(a.index_targets())[:3], *sorted(a.thread_targets())[:5], "/activity"]
    for target in targets:
        assert _get(a, target) == _get(b, target), target
    assert a.posts() == b.posts()


def test_noise_pages_parse_and_carry_targets() -> None:
    site = _site(0.3)
    d = next(iter(site.data.discussions.values()))
    html = _get(site, f"/discussion/{d.did}/{d.slug}")
    assert f"/entry/signin?Target=discussion%2F{d.did}%2F{d.slug}" in html
    assert f"/entry/signin?Target=%2Fdiscussion%2F{d.did}%2F{d.slug}" in html  # the comment box's
    signin = _get(site, "/entry/signin?Target=discussions%2Fp2")
    assert "/entry/register?Target=discussions%2Fp2" in signin
    for target in ("/activity", "/profile/dnsdan", "/discussions/tagged/docker", "/search?Search=docker",
                   "/entry/passwordrequest", "/categories/smart-home"):  # fmt: skip
        assert lxml.html.fromstring(_get(site, target)).xpath("//h1"), target
    assert _get(site, "/categories/hardware/feed.rss").startswith("<?xml")
    redirect = _fetch(site, "/discussions/bookmarked")
    assert redirect.status == 302 and "/entry/signin?Target=discussions%2Fbookmarked" in redirect.headers["Location"]


def test_served_over_http() -> None:
    site = _site(0.3)
    d = max(site.data.discussions.values(), key=lambda d: d.pages)
    with FixtureServer(site) as server:
        with urllib.request.urlopen(server.url("/")) as r:
            assert r.status == 200 and "charset=utf-8" in r.headers["Content-Type"]
            assert b"DataTable CategoryTable" in r.read()
        with urllib.request.urlopen(server.url(f"/discussion/comment/{d.posts[-1].pid}")) as r:  # follows the 302
            assert urlsplit(r.url).path == f"/discussion/{d.did}/{d.slug}/p{d.pages}"
            assert f'id="Comment_{d.posts[-1].pid}"'.encode() in r.read()
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.url("/no/such/page"))
        assert err.value.code == 404
    assert [h.status for h in server.log.hits()] == [200, 302, 200, 404]
