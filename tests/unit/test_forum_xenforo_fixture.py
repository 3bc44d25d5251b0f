"""The XenForo 2.2 fixture forum serves what its truth says: targets, redirects, noise, posts,
pagers, quotes and times. Only the fixture is tested here, no crawler."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import UTC, datetime
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import lxml.html
import pytest

from tests.helpers import walk_forum
from topiccrawl.demo.forum_truth import ForumTruth, TruthPost
from topiccrawl.demo.forum_xenforo import NOW, XenforoForum, is_relative, iso_time, slugify, uk_offset
from topiccrawl.demo.server import Reply, SiteRequest
from topiccrawl.textutil import normalize_space

BASE = "http://127.0.0.1:8123"
SIZE = 0.3


def has_class(name: str) -> str:
    return f'contains(concat(" ", normalize-space(@class), " "), " {name} ")'


POST = f"//article[{has_class('message--post')}]"


@pytest.fixture(scope="module")
def forum() -> XenforoForum:
    return XenforoForum(size=SIZE)


@pytest.fixture(scope="module")
def big() -> XenforoForum:
    return XenforoForum(size=1.0)


def fetch(site: XenforoForum, target: str) -> Reply:
    return site.handle(SiteRequest("GET", target, {}, BASE))


def page(site: XenforoForum, target: str) -> lxml.html.HtmlElement:
    reply = fetch(site, target)
    assert reply.status == 200, target
    return lxml.html.fromstring(reply.payload().decode(site.charset))


def location(reply: Reply) -> str:
    """The target (path, query and fragment) a redirect points to, checking it stays on the host."""
    assert reply.headers["Location"].startswith(BASE + "/"), reply.headers
    return reply.headers["Location"].removeprefix(BASE)


def by_page(site: XenforoForum) -> dict[str, list[TruthPost]]:
    pages: dict[str, list[TruthPost]] = defaultdict(list)
    for post in site.posts():
        pages[site.thread_target(int(post.thread_id), post.page_number)].append(post)
    return pages


def own_text(article: lxml.html.HtmlElement) -> str:
    """The post's words: its bbWrapper without the quote blocks."""
    body = lxml.html.fromstring(lxml.html.tostring(article.xpath(f".//div[{has_class('bbWrapper')}]")[0]))
    for quote in body.xpath(".//blockquote"):
        quote.drop_tree()
    return normalize_space(" ".join(body.itertext()))


def test_sizes(forum: XenforoForum, big: XenforoForum) -> None:
    assert isinstance(big, ForumTruth) and big.name == "xenforo" and big.charset == "utf-8"
    assert 4 <= len(big.data.boards) <= 6
    assert all(26 <= len(b.threads) <= 34 for b in big.data.boards)
    pages = Counter(big.data.thread_pages(t) for t in big.data.threads.values())
    assert max(pages) <= 8 and sum(n for p, n in pages.items() if p >= 4) >= 3 and pages[1] > len(big.data.threads) / 2
    assert all(big.data.list_pages(b) == 2 for b in big.data.boards)  # 20 threads a page, stickies on page 1
    assert 20 <= len(forum.thread_targets()) <= 80 and len(forum.posts()) < len(big.posts()) / 3


def test_every_target_is_served_and_classified(forum: XenforoForum, big: XenforoForum) -> None:
    for site in (forum, big):
        for target in site.thread_targets():
            doc = page(site, target)
            assert site.classify(target) == "thread" and site.canonical(target) == target
            assert doc.xpath('//link[@rel="canonical"]/@href') == [BASE + target]
        for target in site.index_targets():
            doc = page(site, target)
            assert site.classify(target) == ("index" if target == "/" else "board")
            assert site.canonical(target) == target
            assert doc.xpath('//link[@rel="canonical"]/@href') == [BASE + target]
    assert all(t.startswith("/threads/") and "page-1" not in t for t in big.thread_targets())
    assert any(t.endswith("/page-2") for t in big.index_targets())


def test_posts_are_the_posts_on_the_thread_pages(forum: XenforoForum) -> None:
    pages = by_page(forum)
    assert set(pages) == forum.thread_targets()
    shown = 0
    for target, posts in pages.items():
        articles = page(forum, target).xpath(POST)
        shown += len(articles)
        assert len(articles) == len(posts) <= 20, target
        for article, post in zip(articles, posts, strict=True):
            assert article.get("data-content") == post.post_id == article.xpath("./span/@id")[0]
            assert article.get("data-author") == post.author
            assert normalize_space(article.xpath('.//h4[@class="message-name"]')[0].text_content()) == post.author
            assert own_text(article) == post.text
            time = article.xpath('.//header[contains(@class, "message-attribution")]//time')[0]
            if is_relative(time.text):
                assert time.get("datetime")[:19] == post.time
            else:
                assert time.text == post.time
            assert article.xpath(f'.//a[@href="{forum.post_url(int(post.post_id[5:]))}"]/text()')[-1] == (
                f"#{post.position:,}"
            )
    assert shown == len(forum.posts())
    threads: dict[str, list[int]] = defaultdict(list)
    for post in forum.posts():
        threads[post.thread_id].append(post.position)
    assert all(positions == list(range(1, len(positions) + 1)) for positions in threads.values())


def test_every_thread_and_board_page_links_the_next(forum: XenforoForum, big: XenforoForum) -> None:
    for site in (forum, big):
        last: dict[str, int] = {}
        for thread in site.data.threads.values():
            last[site.thread_target(thread.tid, 1)] = site.data.thread_pages(thread)
        for board in site.data.boards:
            last[site.board_target(board.fid, 1)] = site.data.list_pages(board)
        for first, n in last.items():
            for number in range(1, n + 1):
                target = first + (f"page-{number}" if number > 1 else "")
                doc = page(site, target)
                nav = doc.xpath(f"//div[{has_class('pageNav')}]")
                if n == 1:
                    assert not nav
                    continue
                assert len(nav) == 2  # above and below the list
                nxt = nav[0].xpath(f".//a[{has_class('pageNav-jump--next')}]/@href")
                prev = nav[0].xpath(f".//a[{has_class('pageNav-jump--prev')}]/@href")
                assert nxt == ([f"{first}page-{number + 1}"] if number < n else [])
                assert prev == ([first + (f"page-{number - 1}" if number > 2 else "")] if number > 1 else [])
                current = nav[0].xpath(f".//li[{has_class('pageNav-page--current')}]/a")
                assert [(a.get("href"), a.text) for a in current] == [(target, str(number))]
                numbers = nav[0].xpath('.//ul[@class="pageNav-main"]/li/a[@href]')
                assert numbers[0].get("href") == first and numbers[-1].text == str(n)
                assert not any(href.endswith("page-1") for href in doc.xpath("//a/@href"))


def test_long_pagers_collapse_and_rows_jump_to_the_last_pages(big: XenforoForum) -> None:
    longest = max(big.data.threads.values(), key=lambda t: len(t.posts))
    n = big.data.thread_pages(longest)
    assert n >= 6
    doc = page(big, big.thread_target(longest.tid, 1))
    items = [li.xpath("string()") for li in doc.xpath('(//ul[@class="pageNav-main"])[1]/li')]
    assert items[:3] == ["1", "2", "3"] and items[-1] == str(n) and "…" in items[3]
    board = page(big, big.board_target(longest.board, big.data.list_pages(big.data.board_by_fid[longest.board])))
    board_1 = page(big, big.board_target(longest.board, 1))
    jumps = [
        a.get("href")
        for doc_ in (board, board_1)
        for a in doc_.xpath(
            f'//div[contains(@class, "js-threadListItem-{longest.tid}")]//span[@class="structItem-pageJump"]/a'
        )
    ]
    assert jumps == [big.thread_target(longest.tid, k) for k in range(n - 2, n + 1)]


def test_jump_links_redirect_to_the_page_holding_the_post(forum: XenforoForum) -> None:
    pages = by_page(forum)
    for thread in forum.data.threads.values():
        slug = f"/threads/{forum.slugs[thread.tid]}.{thread.tid}"
        last = thread.posts[-1]
        expected = f"{forum.thread_target(thread.tid, forum.data.thread_pages(thread))}#post-{last.pid}"
        for alias in (f"{slug}/latest", f"{slug}/unread"):
            reply = fetch(forum, alias)
            assert reply.status == 302 and location(reply) == expected
            assert forum.classify(alias) == "noise" and forum.canonical(alias) is None
        for post in thread.posts[:: max(1, len(thread.posts) // 4)]:
            for alias in (f"{slug}/post-{post.pid}", f"/posts/{post.pid}/", f"/goto/post?id={post.pid}"):
                reply = fetch(forum, alias)
                assert reply.status == 302, alias
                target, _, fragment = location(reply).partition("#")
                assert target in forum.thread_targets() and fragment == f"post-{post.pid}"
                assert f"post-{post.pid}" in [p.post_id for p in pages[target]]
                assert forum.classify(alias) == "noise" and forum.canonical(alias) is None


def test_links_lead_to_served_pages_and_noise_is_noise(forum: XenforoForum) -> None:
    wanted = forum.thread_targets() | forum.index_targets()
    seen, links = walk_forum(
        forum,
        lambda target: [
            link for href in page(forum, target).xpath("//a/@href") if (link := href.partition("#")[0]).startswith("/")
        ],
    )
    assert seen == wanted
    kinds: dict[str, list[str]] = defaultdict(list)
    for link in links:
        kinds[forum.classify(link)].append(link)
        assert fetch(forum, link).status in {200, 302, 403}, link
    assert not kinds["other"]
    assert set(kinds["thread"]) <= forum.thread_targets() and set(kinds["board"]) <= forum.index_targets()
    assert all(forum.canonical(link) is None for link in kinds["noise"])
    noise = kinds["noise"]
    for sign in [
        "/members/",
        "/login/",
        "/register/",
        "/whats-new/",
        "/search/",
        "/help/terms/",
        "/forums/-/index.rss",
        "/online/",
        "/tags/",
        "/link-forums/",
        "/goto/post?id=",
        "/reactions",
        "/report",
        "/react?reaction_id=1",
        "/reply?quote=",
        "/latest",
        "/unread",
        "/post-",
        "?prefix_id=",
        "?order=reply_count&direction=desc",
        "/post-thread",
    ]:
        assert any(sign in link for link in noise), sign
    assert len(noise) > len(kinds["thread"])


def test_alias_and_filter_views_are_noise(forum: XenforoForum) -> None:
    board = forum.data.boards[0]
    base = forum.board_target(board.fid, 1)
    listed = {
        a.get("href") for a in page(forum, base).xpath('//div[@class="structItem-title"]/a[not(@class="labelLink")]')
    }
    for query in (
        "?order=reply_count&direction=desc",
        "?direction=desc&order=reply_count",
        "?order=title&direction=asc",
    ):
        doc = page(forum, base + query)
        assert {
            a.get("href") for a in doc.xpath('//div[@class="structItem-title"]/a[not(@class="labelLink")]')
        } == listed
        assert forum.classify(base + query) == "noise" and forum.canonical(base + query) is None
    prefixed = [t for t in board.threads if t.prefix]
    assert prefixed
    target = forum.prefix_url(prefixed[0])
    rows = page(forum, target).xpath(f"//div[{has_class('structItem--thread')}]")
    assert len(rows) == sum(t.prefix == prefixed[0].prefix for t in board.threads)
    assert forum.classify(target) == "noise"
    thread = board.threads[-1]
    user = forum.users[thread.posts[0].author]
    pid = thread.posts[0].pid
    for target, status in [
        (user.url, 200),
        ("/members/", 200),
        ("/login/", 200),
        ("/register/", 200),
        ("/whats-new/", 200),
        ("/whats-new/posts/", 200),
        ("/search/", 200),
        (f"/posts/{pid}/reactions", 200),
        (f"/posts/{pid}/report", 403),
        (f"/posts/{pid}/react?reaction_id=1", 403),
        (f"{base}post-thread", 403),
        ("/forums/-/index.rss", 200),
        (f"{base}page-1", 301),
        (f"/threads/wrong-slug.{thread.tid}/", 301),
        (f"/threads/{thread.tid}/", 301),
        (f"{forum.thread_target(thread.tid, 1)}page-99", 301),
        (f"/forums/{board.fid}/", 301),
    ]:
        reply = fetch(forum, target)
        assert reply.status == status, target
        assert forum.classify(target) == "noise" and forum.canonical(target) is None, target
        if status == 301:
            assert location(reply) in forum.thread_targets() | forum.index_targets()
    assert fetch(forum, "/threads/whatever.99999/").status == 404 and forum.classify("/threads/x.99999/") == "other"
    assert fetch(forum, "/nothing-here/").status == 404 and forum.classify("/nothing-here/") == "other"


def test_truth_text_leaves_out_quotes_signatures_and_chrome(big: XenforoForum) -> None:
    posts = {p.post_id: p for p in big.posts()}
    assert len(big.quotes) > 100
    checked = 0
    for pid, quoted in list(big.quotes.items())[:40]:
        truth = posts[f"post-{pid}"]
        quoted_words = " ".join(quoted.paragraphs)
        assert quoted_words not in truth.text and "Click to expand" not in truth.text and " said:" not in truth.text
        doc = page(big, big.page_of_post(pid).partition("#")[0])
        article = doc.xpath(f'//article[@data-content="post-{pid}"]')[0]
        quote = article.xpath(f".//blockquote[{has_class('bbCodeBlock--quote')}]")[0]
        assert normalize_space(quote.xpath('.//div[@class="bbCodeBlock-title"]')[0].text_content()) == (
            f"{quoted.author} said:"
        )
        assert "Click to expand..." in quote.text_content() and normalize_space(quote.text_content()).count(
            normalize_space(quoted_words)
        )
        assert own_text(article) == truth.text
        checked += 1
    assert checked == 40
    signed = [u for u in big.users.values() if u.signature]
    assert signed
    for post in big.posts():
        user = big.users[post.author]
        assert not user.signature or user.signature not in post.text
    thread = next(t for t in big.data.threads.values() if any(big.users[p.author].signature for p in t.posts))
    doc = page(big, big.thread_target(thread.tid, 1))
    signatures = doc.xpath('//aside[@class="message-signature"]')
    assert signatures and all(s.xpath('.//div[@class="bbWrapper"]') for s in signatures)


def test_times(big: XenforoForum) -> None:
    posts = big.posts()
    relative = [p for p in posts if "T" in p.time]
    shown = Counter()
    for post in relative[:60]:
        doc = page(big, big.thread_target(int(post.thread_id), post.page_number))
        time = doc.xpath(f'//article[@data-content="{post.post_id}"]//header//time')[0]
        assert is_relative(time.text) and time.get("datetime")[:19] == post.time
        shown[time.text.split(" at ")[0] if " at " in time.text else time.text.split()[-1]] += 1
    assert {"Today", "Yesterday"} <= set(shown) and len(shown) >= 4
    absolute = [p for p in posts if "T" not in p.time]
    assert all(len(p.time.split()) == 3 and p.time[:3].isalpha() for p in absolute)
    assert len(relative) > 50 and len(absolute) > len(relative)
    offsets = Counter(iso_time(ts)[-5:] for ts in big.when.values())
    assert set(offsets) == {"+0000", "+0100"}
    london = ZoneInfo("Europe/London")
    for ts in [*list(big.when.values())[::7], NOW]:
        assert uk_offset(ts) == datetime.fromtimestamp(ts, london).utcoffset().total_seconds(), ts
        assert iso_time(ts)[:19] == f"{datetime.fromtimestamp(ts, UTC).astimezone(london):%Y-%m-%dT%H:%M:%S}"


def test_markup_of_a_real_board(big: XenforoForum) -> None:
    index = page(big, "/")
    categories = index.xpath(f"//div[{has_class('block--category')}]")
    assert len(categories) == 3
    nodes = index.xpath(f"//div[{has_class('node--forum')}]")
    assert len(nodes) == len(big.data.boards)
    for node, board in zip(nodes, big.data.boards, strict=True):
        assert node.xpath('.//h3[@class="node-title"]/a/@href') == [big.board_target(board.fid, 1)]
        assert node.xpath('.//div[@class="node-stats"]/dl/dd/text()')[0] == str(len(board.threads))
        latest = node.xpath('.//a[@class="node-extra-title"]/@href')[0]
        assert "/post-" in latest and big.classify(latest) == "noise"
    assert index.xpath('//div[@data-widget-key="forum_overview_members_online"]//a[@class="username "]')
    sticky = page(big, big.board_target(big.data.boards[0].fid, 1)).xpath(
        f"//div[{has_class('structItemContainer-group--sticky')}]/div[{has_class('structItem--thread')}]"
    )
    assert len(sticky) == 2
    assert not page(big, big.board_target(big.data.boards[0].fid, 2)).xpath(
        f"//div[{has_class('structItemContainer-group--sticky')}]"
    )
    prefixed = next(t for t in big.data.threads.values() if t.prefix and len(t.posts) > 1)
    doc = page(big, big.thread_target(prefixed.tid, 1))
    h1 = doc.xpath('//h1[@class="p-title-value"]')[0]
    assert h1.xpath("./span[1]")[0].get("class").startswith("label label--")
    assert normalize_space(h1.text_content()).endswith(prefixed.title)
    crumbs = doc.xpath('//ul[@class="p-breadcrumbs "]//a/@href')
    assert crumbs[0] == "/" and crumbs[-1] == big.board_target(prefixed.board, 1) and crumbs[1].startswith("/#")
    extras = doc.xpath(f'({POST})[1]//div[@class="message-userExtras"]//dt/text()')
    assert extras == ["Joined", "Messages", "Reaction score"]
    for label in ("Contact us", "Terms and rules", "Privacy policy", "Help"):
        assert doc.xpath(f'//footer[@class="p-footer"]//a[text()="{label}"]')
    for label in ("Log in", "Register"):
        assert doc.xpath(f'//div[{has_class("p-navgroup--guest")}]//a[normalize-space()="{label}"]')


def test_slugs() -> None:
    assert slugify("Buy, Sell & Trade") == "buy-sell-trade"
    assert slugify("What's new? (help)") == "what-s-new-help"
    long = slugify("camera " * 20)
    assert len(long) <= 50 and not long.endswith("-") and long.startswith("camera-camera")


def test_generation_is_deterministic() -> None:
    a, b = XenforoForum(size=SIZE), XenforoForum(size=SIZE)
    assert a.posts() == b.posts()
    target = sorted(a.thread_targets())[0]
    assert fetch(a, target).payload() == fetch(b, target).payload()
    assert XenforoForum(size=SIZE, seed=1).posts() != a.posts()
    assert urlsplit(target).path == target
