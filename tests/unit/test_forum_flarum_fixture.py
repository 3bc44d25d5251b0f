"""The Flarum fixture forum (held out from the spider) serves what its truth says: Flarum 1.8 without JavaScript,
the content inside ``<noscript id="flarum-content">``, the JSON preload, canonical targets and their aliases,
noise, unknown ids, posts, authors and texts. Only the fixture is tested here."""

from __future__ import annotations

import copy
import json
import re
import urllib.error
import urllib.request
from functools import cache
from urllib.parse import parse_qs, urljoin, urlsplit

import lxml.html
import pytest

from topiccrawl.demo.forum_flarum import FlarumForum
from topiccrawl.demo.forum_truth import ForumTruth, PageKind, TruthPost
from topiccrawl.demo.server import FixtureServer, Reply, SiteRequest
from topiccrawl.textutil import normalize_space

BASE = "http://forum.quillnote.test"
_BLOCKS = {"p", "li", "ul", "ol", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "br", "div"}


@cache
def _site(size: float) -> FlarumForum:
    return FlarumForum(size=size)


def _fetch(site: FlarumForum, target: str) -> Reply:
    return site.handle(SiteRequest("GET", target, {}, BASE))


def _tree(site: FlarumForum, target: str) -> lxml.html.HtmlElement:
    reply = _fetch(site, target)
    assert reply.status == 200, target
    assert reply.headers["Content-Type"] == "text/html; charset=utf-8", target
    return lxml.html.fromstring(reply.payload().decode("utf-8"))


def _content(tree: lxml.html.HtmlElement) -> lxml.html.HtmlElement:
    (noscript,) = tree.xpath("//main[@class='App-content']/noscript[@id='flarum-content']")
    (container,) = noscript.xpath("./div[@class='container']")
    return container


def _payload(tree: lxml.html.HtmlElement) -> dict:  # type: ignore[type-arg]
    (script,) = tree.xpath("//script[@id='flarum-json-payload']")
    return json.loads(script.text)


def _posts_of(container: lxml.html.HtmlElement) -> list[lxml.html.HtmlElement]:
    """The post boxes: a ``div`` holding an ``h3`` and a ``div.Post-body``, children of the list ``div``."""
    return container.xpath("./div/div[h3 and div[@class='Post-body']]")


def _post_text(body: lxml.html.HtmlElement) -> str:
    """The documented rule: the body's text without blockquotes, blocks separated by a space."""
    body = copy.deepcopy(body)
    for quote in body.xpath(".//blockquote"):
        quote.drop_tree()
    for el in body.iter():
        if isinstance(el.tag, str) and el.tag in _BLOCKS:
            el.tail = " " + (el.tail or "")
            if el.tag not in {"br", "hr"}:
                el.text = " " + (el.text or "")
    return normalize_space(body.text_content())


def _target(url: str) -> str:
    parts = urlsplit(url)
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def test_it_is_a_forum_truth() -> None:
    site = _site(0.3)
    assert isinstance(site, ForumTruth)
    assert site.name == "flarum" and site.charset == "utf-8" and site.start_target() == "/"
    assert site.classify("/") == "index" and site.canonical("/") == "/" and "/" in site.index_targets()
    assert site.index_targets().isdisjoint(site.thread_targets())


@pytest.mark.parametrize("size", [0.3, 1.0])
def test_every_post_is_on_its_page_as_the_truth_says(size: float) -> None:
    site = _site(size)
    posts = site.posts()
    pages: dict[tuple[str, int], list[TruthPost]] = {}
    for post in posts:
        pages.setdefault((post.thread_id, post.page_number), []).append(post)
    seen: set[str] = set()
    for (tid, n), expected in pages.items():
        d = site.data.discussions[int(tid)]
        target = f"/d/{d.key}" + (f"?page={n}" if n > 1 else "")
        assert site.classify(target) == "thread" and site.canonical(target) == target, target
        seen.add(target)
        tree = _tree(site, target)
        title = expected[0].thread_title
        assert tree.findtext(".//title") == (f"{title} - Quillnote Community" if n == 1 else
                                             f"{title}: Page {n} - Quillnote Community")  # fmt: skip
        assert tree.xpath("//link[@rel='canonical']/@href") == [BASE + target]
        container = _content(tree)
        assert container.xpath("string(./h2)") == title
        boxes = _posts_of(container)
        assert len(boxes) == len(expected), target
        assert len(container.xpath("./div/hr")) == len(expected)
        payload = _payload(tree)
        included = [r for r in payload["apiDocument"]["included"] if r["type"] == "posts"]
        assert [r["id"] for r in included] == [p.post_id for p in expected], target
        for post, box, resource in zip(expected, boxes, included, strict=True):
            assert box.xpath("string(./h3)") == post.author
            assert not box.xpath("./h3//a")
            (body,) = box.xpath("./div[@class='Post-body']")
            assert _post_text(body) == post.text, (target, post.position)
            assert post.time == "" and post.board == d.primary.name
            assert post.position == (n - 1) * 20 + expected.index(post) + 1
            again = lxml.html.fragment_fromstring(resource["attributes"]["contentHtml"], create_parent="div")
            assert _post_text(again) == post.text
    assert seen == set(site.thread_targets())
    assert len({p.post_id for p in posts}) == len(posts) and all(p.text for p in posts)
    ids = [int(p.post_id) for p in posts]
    assert max(ids) - min(ids) + 1 > len(ids)  # Flarum's global post ids, with gaps
    by_thread: dict[str, list[int]] = {}
    for post in posts:
        by_thread.setdefault(post.thread_id, []).append(post.position)
    assert all(p == list(range(1, len(p) + 1)) for p in by_thread.values())
    assert list(by_thread) == [str(d.did) for d in site.data.listing()]


def test_post_markup_and_text_rules() -> None:
    site = _site(1.0)
    by_id = {p.post_id: p for p in site.posts()}
    data = site.data.pids.values()
    quoted = [p for p in data if "<blockquote>" in p.html]
    assert len(quoted) > 40
    for p in quoted:
        (quote,) = re.findall(r"<blockquote><p>.*?</blockquote>", p.html)
        assert 'class="PostMention"' in quote
        assert by_id[str(p.pid)].text == _post_text(lxml.html.fragment_fromstring(p.html, create_parent="div"))
    mentions = [p for p in data if p.html.startswith("<p><a ") and "PostMention" in p.html.split("</p>")[0]]
    assert len(mentions) > 50
    for p in mentions[:20]:
        name = re.search(r'class="PostMention" data-id="\d+">([^<]+)</a>', p.html)
        assert name and by_id[str(p.pid)].text.startswith(lxml.html.fromstring(name.group(1)).text_content())
    users = [p for p in data if "UserMention" in p.html]
    assert users and all("@" in by_id[str(p.pid)].text for p in users)
    code = [p for p in data if "<pre><code" in p.html]
    assert len(code) > 10
    assert any("<b>bold</b>" in by_id[str(p.pid)].text for p in code if "&lt;b&gt;" in p.html)
    assert any("<h3>" in p.html for p in data)  # a heading inside a post, looking like a poster's name
    assert any('class="emoji"' in p.html for p in data) and any("i.imgur.com" in p.html for p in data)
    assert any('rel="ugc nofollow"' in p.html for p in data) and any("<ol>" in p.html for p in data)
    assert any("<br>" in p.html for p in data) and any("<strong>" in p.html for p in data)
    assert sum(len(p.text) <= 8 for p in by_id.values()) > 50 and sum(len(p.text) > 200 for p in by_id.values()) > 50


def test_aliases_and_canonicals() -> None:
    site = _site(1.0)
    d = max((d for d in site.data.discussions.values() if d.slug), key=lambda d: d.pages)
    first, second = f"/d/{d.key}", f"/d/{d.key}?page=2"
    assert d.pages >= 5
    for alias in (first, f"/d/{d.did}", f"/d/{d.did}-wrong-slug", f"/d/{d.did}-", f"/d/{d.key}/", f"{first}?page=1",
                  f"{first}?page=0", f"{first}?page=x", f"/d/{d.did}/1", f"/d/{d.key}/1", f"/d/{d.did}/0",
                  f"{first}?utm_source=newsletter"):  # fmt: skip
        assert (site.classify(alias), site.canonical(alias)) == ("thread", first), alias
    last = site.data.discussions[d.did].posts[-1]
    for alias in (second, f"/d/{d.did}?page=2", f"/d/{d.did}-x?page=2", f"/d/{d.did}/{d.posts[20].number}",
                  f"/d/{d.key}/{d.posts[39].number}", f"{first}?page=2&utm_source=x"):  # fmt: skip
        assert (site.classify(alias), site.canonical(alias)) == ("thread", second), alias
    near_last = f"/d/{d.did}/{last.number + 50}"
    assert site.canonical(near_last) == f"/d/{d.key}?page={d.pages}"
    for alias, canonical in ((f"/d/{d.did}", first), (f"/d/{d.did}-wrong-slug", first), (f"/d/{d.did}/25", second)):
        a, c = _tree(site, alias), _tree(site, canonical)
        assert lxml.html.tostring(_content(a)) == lxml.html.tostring(_content(c)), alias
        assert a.xpath("//link[@rel='canonical']/@href") == [BASE + canonical]
    no_slug = next(x for x in site.data.discussions.values() if not x.slug)
    assert site.canonical(f"/d/{no_slug.did}") == f"/d/{no_slug.did}" and no_slug.title != ""
    assert site.canonical(f"/d/{no_slug.did}-{no_slug.did}") == f"/d/{no_slug.did}"
    for alias in ("/", "/all", "/?page=1", "/all?page=1", "/?page=0", "/?page=abc", "/?utm_source=x"):
        assert (site.classify(alias), site.canonical(alias)) == ("index", "/"), alias
    for alias in ("/?page=2", "/all?page=2", "/?page=2&utm_source=x"):
        assert (site.classify(alias), site.canonical(alias)) == ("index", "/?page=2"), alias
    for alias in ("/t/support", "/t/support?page=1", "/t/Support"):
        assert (site.classify(alias), site.canonical(alias)) == ("index", "/t/support"), alias
    assert (site.classify("/tags"), site.canonical("/tags")) == ("index", "/tags")
    for alias in ("/all", "/all?page=1", "/?page=1"):
        assert lxml.html.tostring(_content(_tree(site, alias))) == lxml.html.tostring(_content(_tree(site, "/")))


def test_post_mention_links_lead_to_the_page_of_the_post() -> None:
    site = _site(1.0)
    checked = 0
    for p in site.data.pids.values():
        for href, pid in re.findall(r'href="@@BASE@@(/d/\d+/\d+)" class="PostMention" data-id="(\d+)"', p.html):
            q = site.data.pids[int(pid)]
            d = site.data.discussions[q.did]
            assert (site.classify(href), site.canonical(href)) == ("thread", d.target(q.page)), href
            checked += 1
    assert checked > 100


def test_noise_pages() -> None:
    site = _site(0.3)
    d = max(site.data.discussions.values(), key=lambda d: d.pages)
    u = site.data.users[d.posts[0].uid]
    for noise, status in (
        ("/?sort=latest", 200), ("/?sort=top", 200), ("/all?sort=newest&page=2", 200), ("/?sort=oldest", 200),
        ("/?q=sync", 200), ("/t/support?sort=top", 200), ("/t/general?q=notes", 200), ("/following", 200),
        (f"/?page={site.index_pages + 1}", 200), ("/t/dev?page=9", 200), (f"/d/{d.key}?page={d.pages + 3}", 200),
        (f"/u/{u.username}", 200), (f"/u/{u.username}/discussions", 200), (f"/u/{u.username.upper()}", 200),
        ("/settings", 401), ("/notifications", 401), ("/login", 405), ("/register", 405),
        ("/api", 200), ("/api/discussions", 200), ("/api/discussions?page%5Boffset%5D=20", 200),
        (f"/api/discussions/{d.did}", 200), (f"/api/posts/{d.posts[0].pid}", 200), (f"/api/users/{u.uid}", 200),
        (f"/api/users/{u.username}", 200), ("/api/tags", 200), ("/api/tags/support", 200),
    ):  # fmt: skip
        assert (site.classify(noise), site.canonical(noise)) == ("noise", None), noise
        assert _fetch(site, noise).status == status, noise
    api = _fetch(site, f"/api/discussions/{d.did}")
    assert api.headers["Content-Type"] == "application/vnd.api+json"
    doc = json.loads(api.payload())
    assert doc["data"]["attributes"]["slug"] == d.key and "\\/" not in api.payload().decode()
    assert [r["id"] for r in doc["data"]["relationships"]["posts"]["data"]] == [str(p.pid) for p in d.posts]
    top = _content(_tree(site, "/?sort=top")).xpath("./ul/li/a/@href")
    assert top[0] == f"{BASE}/d/{max(site.data.discussions.values(), key=lambda x: (len(x.posts), x.did)).key}"


def test_user_page_looks_like_a_thread_but_is_noise() -> None:
    site = _site(1.0)
    u = max(site.data.users.values(), key=lambda u: u.comments)
    tree = _tree(site, f"/u/{u.username}")
    container = _content(tree)
    assert container.xpath("string(./h2)") == u.name
    boxes = _posts_of(container)
    assert len(boxes) == 20 and {b.xpath("string(./h3)") for b in boxes} == {u.name}
    assert not container.xpath(".//a[not(ancestor::div[@class='Post-body'])]")
    assert tree.findtext(".//title") == f"{u.name} - Quillnote Community"


def test_unknown_ids_and_other_paths() -> None:
    site = _site(0.3)
    d = next(iter(site.data.discussions.values()))
    for other in ("/d/99999", "/d/99999-some-title", "/d/abc", f"/d/{d.did}abc", "/t/nope", "/u/nobody",
                  "/nope", "/index.php", "/favicon.ico", "/api/discussions/99999", "/api/nope", "/api/users/nobody",
                  "/assets/nope.css"):  # fmt: skip
        assert (site.classify(other), site.canonical(other)) == ("other", None), other
        reply = _fetch(site, other)
        assert reply.status == 404, other
        if not other.startswith("/api/"):
            assert "The requested resource was not found." in reply.payload().decode()
    assert json.loads(_fetch(site, "/api/nope").payload())["errors"][0]["status"] == "404"
    avatar = next(iter(site.data.avatars))
    for other in ("/robots.txt", "/assets/forum.css", "/assets/forum.js", "/assets/forum-en.js", avatar,
                  "/assets/fonts/fa-solid-900.woff2", "/assets/favicon-k2ld0ajx.png"):  # fmt: skip
        assert site.classify(other) == "other" and _fetch(site, other).status == 200, other
    robots = _fetch(site, "/robots.txt").payload().decode()
    assert "Disallow: /api/" in robots and "Disallow: /d/" not in robots and "Disallow: /t/" not in robots


def _expected_kind(site: FlarumForum, path: str, query: str) -> PageKind:
    """What a link should be, written independently of the fixture's router."""
    q = parse_qs(query)
    view = bool({"sort", "q"} & set(q))
    if path in {"/", "/all", "/tags"} or path.startswith("/t/"):
        return "noise" if view else "index"
    if m := re.fullmatch(r"/d/(\d+)(?:-[^/]*)?(?:/\d*)?", path):
        d = site.data.discussions[int(m.group(1))]
        page = int(q.get("page", ["1"])[0])
        return "thread" if page <= -(-len(d.posts) // 20) else "noise"
    if path.startswith(("/u/", "/api")):
        return "noise"
    return "other"


@pytest.mark.parametrize("which", ["index", "index-2", "tags", "tag", "thread", "thread-2", "user"])
def test_every_link_resolves_to_its_intended_kind(which: str) -> None:
    site = _site(1.0)
    d = max(site.data.discussions.values(), key=lambda d: d.pages)
    linky = max(site.data.discussions.values(), key=lambda d: sum(p.html.count("href=") for p in d.posts[:20]))
    target = {
        "index": "/", "index-2": "/?page=2", "tags": "/tags", "tag": "/t/support?page=2", "thread": linky.target(),
        "thread-2": d.target(2), "user": f"/u/{site.data.users[linky.posts[0].uid].username}",
    }[which]  # fmt: skip
    tree = _tree(site, target)
    hrefs = {x.get("href") for x in tree.xpath("//a[@href] | //link[@href]")}
    kinds: dict[str, int] = {}
    for href in sorted(hrefs):
        url = urljoin(BASE + target, href)
        parts = urlsplit(url)
        if parts.netloc != urlsplit(BASE).netloc:
            continue
        link = _target(url)
        kind = site.classify(link)
        assert kind == _expected_kind(site, parts.path or "/", parts.query), link
        reply = _fetch(site, link)
        assert reply.status == 200, link
        if kind in {"index", "thread"}:
            assert site.canonical(link) in site.index_targets() | site.thread_targets(), link
        kinds[kind] = kinds.get(kind, 0) + 1
    assert "index" in kinds
    assert kinds.get("thread", 0) >= (0 if which in {"user", "tags"} else 1)


def test_listings_and_pagers_in_order() -> None:
    site = _site(1.0)
    discussions = list(site.data.discussions.values())

    def order(items: list) -> list[int]:  # type: ignore[type-arg]
        return [x.did for x in sorted(items, key=lambda x: (not x.sticky, -x.posts[-1].when.timestamp(), -x.did))]

    def walk(first: str, more: str, heading: str) -> list[int]:
        listed: list[int] = []
        n, target = 1, first
        while True:
            tree = _tree(site, target)
            container = _content(tree)
            assert container.xpath("string(./h2)") == heading
            hrefs = container.xpath("./ul/li/a/@href")
            assert 0 < len(hrefs) <= 20
            listed += [int(re.match(rf"{BASE}/d/(\d+)", h).group(1)) for h in hrefs]  # type: ignore[union-attr]
            pager = {a.text_content(): a.get("href") for a in container.xpath("./a")}
            assert pager.get("« Previous Page") == (f"{BASE}{more}?page={n - 1}" if n > 1 else None)
            nxt = pager.get("Next Page »")
            if nxt is None:
                return listed
            assert len(hrefs) == 20 and nxt == f"{BASE}{more}?page={n + 1}"
            n, target = n + 1, _target(nxt)

    assert walk("/", "/all", "All Discussions") == order(discussions)
    tags = _content(_tree(site, "/tags")).xpath("./ul/li/a")
    assert [a.text_content().strip() for a in tags] == [t.name for t in site.data.tags.values()]
    assert len(tags) == 6 and "Announcements" in [a.text_content().strip() for a in tags]
    for a in tags:
        slug = a.get("href").removeprefix(f"{BASE}/t/")
        tag = site.data.tags[slug]
        assert walk(f"/t/{slug}", f"/t/{slug}", tag.name) == order([d for d in discussions if tag in d.tags])
        assert tag.pages == len([t for t in site.index_targets() if t.startswith(f"/t/{slug}")])
    home = _tree(site, "/?page=2")
    assert home.findtext(".//title") == "Page 2 - Quillnote Community"
    assert home.xpath("//link[@rel='canonical']/@href") == [f"{BASE}?page=2"]
    assert home.xpath("//link[@rel='prev']/@href") == [BASE]
    assert _tree(site, "/t/support").xpath("//link[@rel='canonical']") == []
    sticky = [d for d in discussions if d.sticky]
    assert len(sticky) == 3 and set(order(discussions)[:3]) == {d.did for d in sticky}


def test_discussion_pagers_and_the_empty_page_after_twenty_k_posts() -> None:
    site = _site(1.0)
    d = max(site.data.discussions.values(), key=lambda d: d.pages)
    assert d.pages == 8
    for n in range(1, d.pages + 1):
        container = _content(_tree(site, d.target(n)))
        pager = {a.text_content(): a.get("href") for a in container.xpath("./a")}
        assert pager.get("« Previous Page") == (BASE + d.target(n - 1) if n > 1 else None)
        assert pager.get("Next Page »") == (BASE + d.target(n + 1) if n < d.pages else None)
        assert len(_posts_of(container)) == (20 if n < d.pages else len(d.posts) - 140)
    forty = next(x for x in site.data.discussions.values() if len(x.posts) == 40)
    tree = _tree(site, forty.target(2))
    empty = f"/d/{forty.key}?page=3"
    assert _content(tree).xpath("./a[. = 'Next Page »']/@href") == [BASE + empty]
    assert (site.classify(empty), site.canonical(empty)) == ("noise", None) and empty not in site.thread_targets()
    page = _content(_tree(site, empty))
    assert _posts_of(page) == [] and page.xpath("./a/text()") == ["« Previous Page"]


def test_chrome_and_preload_payload() -> None:
    site = _site(0.3)
    d = max(site.data.discussions.values(), key=lambda d: len(d.posts))
    reply = _fetch(site, d.target())
    raw = reply.payload().decode()
    assert reply.headers["Set-Cookie"].startswith("flarum_session=")
    assert '<script id="flarum-json-payload" type="application/json">' in raw and "flarum.core.app.load(data)" in raw
    assert "\\/d\\/" in raw and "\\u003Cp\\u003E" in raw and "\\u0022" in raw and f"{BASE}/d/" not in raw.split(
        "flarum-json-payload")[1]  # fmt: skip
    tree = lxml.html.fromstring(raw)
    assert tree.xpath("//link[@rel='stylesheet']/@href")[0].startswith(f"{BASE}/assets/forum.css?v=")
    assert tree.xpath("//meta[@name='description']/@content")
    assert tree.xpath("//a[@id='home-link']/@href") == [BASE]
    assert tree.xpath("//div[@id='header-secondary']")[0].text_content().strip() == ""
    assert tree.xpath("//div[@id='flarum-loading']")[0].text_content().strip() == "Loading..."
    assert "modern browser with JavaScript" in tree.xpath("//noscript[not(@id)]")[0].text_content()
    payload = _payload(tree)
    assert payload["resources"][0]["attributes"]["baseUrl"] == BASE and payload["session"]["userId"] == 0
    api = payload["apiDocument"]
    assert api["data"]["attributes"]["slug"] == d.key and api["data"]["attributes"]["commentCount"] == len(d.posts)
    assert [r["id"] for r in api["data"]["relationships"]["posts"]["data"]] == [str(p.pid) for p in d.posts]
    users = {r["id"]: r["attributes"] for r in api["included"] if r["type"] == "users"}
    for r in (r for r in api["included"] if r["type"] == "posts"):
        assert users[r["relationships"]["user"]["data"]["id"]]["displayName"]
    index = _payload(_tree(site, "/"))["apiDocument"]
    assert index["links"]["next"] == f"{BASE}/api/discussions?page%5Boffset%5D=20"


def test_sizes() -> None:
    small, full = _site(0.3), _site(1.0)
    for site, (lo_t, hi_t), (lo_p, hi_p) in ((small, (45, 70), (700, 1200)), (full, (165, 195), (2200, 2800))):
        names = {t.name for t in site.data.tags.values()}
        assert len(names) == 6 and {p.board for p in site.posts()} == names
        assert all(len(t.discussions) >= 3 for t in site.data.tags.values())
        assert lo_t <= len(site.data.discussions) <= hi_t and lo_p <= len(site.posts()) <= hi_p
        assert sum(len(d.posts) == 1 for d in site.data.discussions.values()) >= 3
        assert any(len(d.tags) == 2 for d in site.data.discussions.values())
        assert any(not d.slug for d in site.data.discussions.values())
        assert any(re.search(r"[\u4e00-\u9fff]", p.author) for p in site.posts())
        assert any(" " in p.author for p in site.posts())
    assert {1, 2, 3, 4, 5, 8} <= {d.pages for d in full.data.discussions.values()}
    assert max(d.pages for d in small.data.discussions.values()) == 4
    assert len(full.thread_targets()) > 2 * len(small.thread_targets())
    assert len(full.index_targets()) > len(small.index_targets())


def test_pages_are_deterministic() -> None:
    a, b = FlarumForum(size=0.3), FlarumForum(size=0.3)
    u = next(iter(a.data.users.values()))
    targets = [a.start_target(), *sorted(a.index_targets())[:4], *sorted(a.thread_targets())[:6],
               f"/u/{u.username}", "/api/discussions"]  # fmt: skip
    for target in targets:
        assert _fetch(a, target).payload() == _fetch(b, target).payload(), target
    assert a.posts() == b.posts()
    assert FlarumForum(size=1.0).posts() == _site(1.0).posts()
    assert FlarumForum(size=0.3, seed=8).posts() != a.posts()


def test_served_over_http() -> None:
    site = _site(0.3)
    with FixtureServer(site) as server:
        with urllib.request.urlopen(server.url("/")) as r:
            assert r.status == 200 and r.headers["Content-Type"] == "text/html; charset=utf-8"
            tree = lxml.html.fromstring(r.read().decode("utf-8"))
        first = _content(tree).xpath("./ul/li/a/@href")[0]
        assert first.startswith(server.base_url + "/d/")
        with urllib.request.urlopen(first) as r:
            boxes = _posts_of(_content(lxml.html.fromstring(r.read().decode("utf-8"))))
            assert boxes
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.url("/d/99999"))
        assert err.value.code == 404
        with urllib.request.urlopen(server.url("/robots.txt")) as r:
            assert b"User-agent" in r.read()
    assert [h.status for h in server.log.hits()] == [200, 200, 404, 200]
