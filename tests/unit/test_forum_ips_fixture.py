"""The Invision Community 4.7 fixture forum serves what its truth says: targets, redirects, noise,
posts, pagers, quotes and times. Only the fixture is tested here, no crawler."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from datetime import UTC, datetime
from urllib.parse import quote, unquote, urlsplit

import lxml.html
import pytest

from tests.helpers import walk_forum
from topiccrawl.demo.forum_ips import NOW, IpsForum, is_relative, relative, seo_title, short, title_date
from topiccrawl.demo.forum_truth import ForumTruth, TruthPost
from topiccrawl.demo.server import Reply, SiteRequest
from topiccrawl.textutil import normalize_space

BASE = "http://127.0.0.1:8123"
SIZE = 0.3


def has_class(name: str) -> str:
    return f'contains(concat(" ", normalize-space(@class), " "), " {name} ")'


POST = f"//article[{has_class('cPost')}][{has_class('ipsComment')}]"
ROWS = '//ol[@data-role="tableRows"]/li'
ROW_LINK = f".//h4[{has_class('ipsDataItem_title')}]/span[{has_class('ipsType_break')}]/a"


@pytest.fixture(scope="module")
def forum() -> IpsForum:
    return IpsForum(size=SIZE)


@pytest.fixture(scope="module")
def big() -> IpsForum:
    return IpsForum(size=1.0)


def fetch(site: IpsForum, target: str) -> Reply:
    return site.handle(SiteRequest("GET", target, {}, BASE))


def page(site: IpsForum, target: str) -> lxml.html.HtmlElement:
    reply = fetch(site, target)
    assert reply.status == 200, (target, reply.status)
    assert reply.headers["Content-Type"] == "text/html; charset=utf-8"
    return lxml.html.fromstring(reply.payload().decode(site.charset))


def target_of(href: str) -> str | None:
    """An absolute link as a target on the board's host (fragment dropped); None if off-site."""
    if not href.startswith(BASE + "/"):
        return None
    return href.removeprefix(BASE).partition("#")[0]


def location(reply: Reply) -> str:
    assert reply.headers["Location"].startswith(BASE + "/"), reply.headers
    return reply.headers["Location"].removeprefix(BASE)


def by_page(site: IpsForum) -> dict[str, list[TruthPost]]:
    pages: dict[str, list[TruthPost]] = defaultdict(list)
    for post in site.posts():
        pages[site.thread_target(int(post.thread_id), post.page_number)].append(post)
    return pages


def own_text(article: lxml.html.HtmlElement) -> str:
    """The post's words: its commentContent without the quote blocks and the edit note."""
    body = lxml.html.fromstring(lxml.html.tostring(article.xpath('.//div[@data-role="commentContent"]')[0]))
    for junk in body.xpath(f".//blockquote[{has_class('ipsQuote')}] | .//span[@data-excludequote]"):
        junk.drop_tree()
    return normalize_space(" ".join(body.itertext()))


def links(site: IpsForum, target: str) -> list[str]:
    return [t for href in page(site, target).xpath("//a/@href") if (t := target_of(href)) is not None]


def test_sizes_and_shape(forum: IpsForum, big: IpsForum) -> None:
    assert isinstance(big, ForumTruth) and big.name == "ips" and big.charset == "utf-8"
    assert big.start_target() == "/" and big.posts_per_page == 25 and big.threads_per_page == 25
    assert (forum.posts_per_page, forum.threads_per_page) == (15, 12)
    assert 300 <= len(forum.posts()) <= 1100 and 2000 <= len(big.posts()) <= 4500
    assert len(big.posts()) > 2.5 * len(forum.posts())
    for site in (forum, big):
        lengths = Counter(len(t.posts) for t in site.data.topics.values())
        assert lengths[1] and lengths[2]
        pages = Counter(site.data.topic_pages(t) for t in site.data.topics.values())
        assert max(pages) >= 3 and pages[1] > len(site.data.topics) / 2
        assert any(site.data.forum_pages(f) > 1 for f in site.data.boards())
        assert sum(t.pinned for t in site.data.topics.values()) >= 5
        assert any(f.children for f in site.data.boards())  # subforums
    posts = list(big.data.post_by_id.values())
    assert sum(p.quote is not None for p in posts) > 200 and sum(p.edited is not None for p in posts) > 100
    assert sum(bool(m.signature) for m in big.data.members.values()) == 5


def test_every_target_is_served_classified_and_canonical(forum: IpsForum) -> None:
    assert forum.classify("/") == "index" and forum.canonical("/") == "/"
    for target in forum.thread_targets() | forum.index_targets():
        doc = page(forum, target)
        kind = forum.classify(target)
        assert kind == (
            "thread" if target.startswith("/topic/") else "board" if "/page/" in target or kind == "board" else "index"
        )
        assert forum.canonical(target) == target
        assert doc.xpath('//link[@rel="canonical"]/@href') == [BASE + target]
    categories = {forum.board_target(fid) for fid in forum.data.roots}
    assert categories <= forum.index_targets() and all(forum.classify(t) == "index" for t in categories)
    boards = forum.index_targets() - categories - {"/"}
    assert boards and all(forum.classify(t) == "board" for t in boards)
    assert all("page/1/" not in t for t in forum.thread_targets() | forum.index_targets())


def test_posts_are_the_posts_on_the_topic_pages(forum: IpsForum) -> None:
    pages = by_page(forum)
    assert set(pages) == forum.thread_targets()
    shown = 0
    for target, posts in pages.items():
        doc = page(forum, target)
        title = doc.xpath(f"//h1[{has_class('ipsType_pageTitle')}]/span[{has_class('ipsType_break')}]")[0]
        assert normalize_space(title.text_content()) == posts[0].thread_title
        articles = doc.xpath(POST)
        shown += len(articles)
        assert len(articles) == len(posts) <= forum.posts_per_page, target
        for article, post in zip(articles, posts, strict=True):
            anchor = article.getprevious()
            assert anchor.tag == "a" and anchor.get("id") == post.post_id == f"comment-{article.get('id')[10:]}"
            author = article.xpath(
                f".//aside[{has_class('ipsComment_author')}]//h3[{has_class('cAuthorPane_author')}]/strong/a"
            )
            assert [a.text for a in author] == [post.author]
            assert unquote(author[0].get("href")).startswith(f"{BASE}/profile/")
            time = article.xpath(f".//div[{has_class('ipsComment_meta')}]//time")[0]
            if is_relative(time.text):
                assert time.get("datetime") == post.time + "Z"
            else:
                assert time.text == post.time and time.get("datetime").endswith("Z")
            assert own_text(article) == post.text, (target, post.post_id)
    assert shown == len(forum.posts())
    threads: dict[str, list[int]] = defaultdict(list)
    for post in forum.posts():
        threads[post.thread_id].append(post.position)
    assert all(positions == list(range(1, len(positions) + 1)) for positions in threads.values())
    assert len({p.post_id for p in forum.posts()}) == len(forum.posts())


def test_forum_pages_list_every_topic_once_pinned_first(forum: IpsForum) -> None:
    for board in forum.data.boards():
        listed: list[str] = []
        n = forum.data.forum_pages(board)
        for number in range(1, n + 1):
            rows = page(forum, forum.board_target(board.fid, number)).xpath(ROWS)
            assert 0 < len(rows) <= forum.threads_per_page
            hrefs = [target_of(r.xpath(ROW_LINK)[0].get("href")) for r in rows]
            pinned = [bool(r.xpath(".//span[@title='Pinned']")) for r in rows]
            assert pinned == sorted(pinned, reverse=True) and (number == 1 or not any(pinned))
            listed += hrefs
        assert listed == [forum.thread_target(t.tid) for t in board.topics]
        assert len(set(listed)) == len(listed)
        assert sum(t.pinned for t in board.topics) == sum(1 for t in board.topics[: forum.threads_per_page] if t.pinned)


def test_pagers_link_every_page(forum: IpsForum, big: IpsForum) -> None:
    for site in (forum, big):
        firsts = {site.thread_target(t.tid): site.data.topic_pages(t) for t in site.data.topics.values()}
        firsts |= {site.board_target(b.fid): site.data.forum_pages(b) for b in site.data.boards()}
        for first, n in firsts.items():
            if n == 1:
                assert not page(site, first).xpath("//ul[@class='ipsPagination']")
                continue
            reached = {first}
            for number in range(1, n + 1):
                target = first + (f"page/{number}/" if number > 1 else "")
                pagers = page(site, target).xpath("//ul[@class='ipsPagination']")
                assert len(pagers) == 2 and all(p.get("data-pages") == str(n) for p in pagers)
                pager = pagers[0]
                active = pager.xpath(".//li[contains(@class, 'ipsPagination_active')]/a")
                assert [(target_of(a.get("href")), a.text) for a in active] == [(target, str(number))]
                nxt = pager.xpath(".//li[contains(@class, 'ipsPagination_next')]")[0]
                assert ("ipsPagination_inactive" in nxt.get("class")) == (number == n)
                if number < n:
                    assert target_of(nxt.xpath("./a/@href")[0]) == f"{first}page/{number + 1}/"
                last = pager.xpath(".//li[contains(@class, 'ipsPagination_last')]/a/@href")
                assert [target_of(h) for h in last] == [f"{first}page/{n}/"]
                assert pager.xpath(".//li[@class='ipsPagination_pageJump']/a")[0].text.startswith(
                    f"Page {number} of {n}"
                )
                assert pager.xpath(".//form[@data-role='pageJump']/@action") == [BASE + first]
                reached |= {target_of(h) for h in pager.xpath(f".//li[{has_class('ipsPagination_page')}]/a/@href")}
            assert reached == {first + (f"page/{k}/" if k > 1 else "") for k in range(1, n + 1)}


def test_topic_rows_carry_mini_pagers_and_last_post_links(big: IpsForum) -> None:
    longest = max(big.data.topics.values(), key=lambda t: len(t.posts))
    n = big.data.topic_pages(longest)
    assert n >= 5
    board = big.data.forums[longest.fid]
    number = board.topics.index(longest) // big.threads_per_page + 1
    doc = page(big, big.board_target(board.fid, number))
    row = doc.xpath(f"{ROWS}[@data-rowid='{longest.tid}']")[0]
    mini = row.xpath(f".//span[{has_class('ipsPagination_mini')}]//a/@href")
    first = big.thread_target(longest.tid)
    assert [target_of(h) for h in mini] == [first, *(f"{first}page/{k}/" for k in (2, 3, 4)), f"{first}page/{n}/"]
    last = row.xpath(".//ul[contains(@class, 'ipsDataItem_lastPoster')]//a[@title='Go to last post']/@href")
    assert [target_of(h) for h in last] == [f"{first}?do=getLastComment"]
    stats = row.xpath(".//ul[@class='ipsDataItem_stats']//span[@class='ipsDataItem_stats_number']/text()")
    assert stats[0] == str(len(longest.posts) - 1)
    meta = normalize_space(row.xpath(".//div[contains(@class, 'ipsDataItem_meta')]")[0].text_content())
    assert meta.startswith(f"By {longest.posts[0].author}, ")


def test_walk_reaches_every_page_and_every_link_is_classified(forum: IpsForum) -> None:
    wanted = forum.thread_targets() | forum.index_targets()
    seen, found = walk_forum(forum, lambda target: links(forum, target))
    assert seen == wanted
    kinds: dict[str, list[str]] = defaultdict(list)
    for link in found:
        kinds[forum.classify(link)].append(link)
    assert set(kinds["thread"]) == forum.thread_targets() and set(kinds["board"]) | {"/"} <= forum.index_targets()
    assert not kinds["other"]
    noise = kinds["noise"]
    assert any("?do=findComment" in t for t in noise) and any("do=dismiss" in t for t in noise)
    for link in noise:
        assert forum.canonical(link) is None
        assert fetch(forum, link).status in {200, 301, 302, 403}, link


def test_jump_links_redirect_to_the_page_holding_the_post(forum: IpsForum) -> None:
    holder = {p.post_id: forum.thread_target(int(p.thread_id), p.page_number) for p in forum.posts()}
    for topic in forum.data.topics.values():
        first = forum.thread_target(topic.tid)
        for post in topic.posts[:: max(1, len(topic.posts) // 3)]:
            reply = fetch(forum, f"{first}?do=findComment&comment={post.pid}")
            assert reply.status == 301
            target, _, fragment = location(reply).partition("#")
            assert fragment == f"comment-{post.pid}" and holder[fragment] == target
        reply = fetch(forum, f"{first}?do=getLastComment")
        last = topic.posts[-1]
        assert location(reply) == f"{holder[f'comment-{last.pid}']}#comment-{last.pid}"
        assert location(fetch(forum, f"{first}?do=getNewComment")) == first
        listing = forum.data.forums[topic.fid].topics
        later = listing[listing.index(topic) + 1 :]
        expected = forum.thread_target(later[0].tid) if later else forum.board_target(topic.fid)
        assert location(fetch(forum, f"{first}?do=nextUnread")) == expected
        for alias in (f"{first}?do=findComment&comment={topic.posts[0].pid}", f"{first}?do=nextUnread"):
            assert forum.classify(alias) == "noise" and forum.canonical(alias) is None
    other = next(t for t in forum.data.topics.values() if len(t.posts) > 1)
    stranger = next(t for t in forum.data.topics.values() if t is not other)
    assert (
        fetch(forum, f"{forum.thread_target(stranger.tid)}?do=findComment&comment={other.posts[1].pid}").status == 404
    )


def test_url_variants_redirect_or_map_to_the_canonical_target(forum: IpsForum) -> None:
    topic = next(t for t in forum.data.topics.values() if forum.data.topic_pages(t) >= 3)
    board = next(b for b in forum.data.boards() if forum.data.forum_pages(b) >= 2)
    for oid, target in ((topic.tid, forum.thread_target), (board.fid, forum.board_target)):
        first, second = target(oid), target(oid, 2)
        kind = "thread" if first.startswith("/topic/") else "board"
        prefix = first.split("-", 1)[0]
        last = target(oid, forum.data.topic_pages(topic) if kind == "thread" else forum.data.forum_pages(board))
        for alias, goal in [
            (f"{first}?page=2", second),
            (f"{first}page/1/", first),
            (first.rstrip("/"), first),
            (second.rstrip("/"), second),
            (f"{prefix}/", first),
            (f"{prefix}-wrong-slug/", first),
            (f"{prefix}-wrong-slug/page/2/", second),
            (f"{first}page/99/", last),
        ]:
            reply = fetch(forum, alias)
            assert reply.status == 301 and location(reply) == goal, alias
            assert forum.classify(alias) == "noise" and forum.canonical(alias) is None, alias
        lower = first.split("-", 1)[0] + "-" + quote(unquote(first.split("-", 1)[1])).lower().replace("%2f", "/")
        if lower != first:  # the same slug with lower-case escapes: the page itself
            assert fetch(forum, lower).status == 200
            assert forum.classify(lower) == kind and forum.canonical(lower) == first
    for alias in ("/forums/",):
        assert fetch(forum, alias).status == 200 and forum.classify(alias) == "index" and forum.canonical(alias) == "/"
    for missing in ("/topic/99999-x/", "/forum/999-x/", "/profile/99999-x/", "/nothing/here/"):
        assert fetch(forum, missing).status == 404 and forum.classify(missing) == "other"
        assert forum.canonical(missing) is None
    assert forum.classify("/topic/99999-x/") == "other" and forum.classify("/nothing/here/") == "other"


def test_noise_pages_are_served_and_classified_noise(forum: IpsForum) -> None:
    topic = next(t for t in forum.data.topics.values() if any(p.reactions for p in t.posts))
    reacted = next(p for p in topic.posts if p.reactions)
    board = forum.data.forums[topic.fid]
    member = forum.data.members[topic.posts[0].author]
    first, fbase, profile = forum.thread_target(topic.tid), forum.board_target(board.fid), forum.profile_target(member)
    follow = "/index.php?app=core&module=system&controller=notifications&do={}&follow_app=forums&follow_area=topic"
    targets = {
        "/discover/": 200, "/search/": 200, "/search/?q=x&quick=1": 200, "/search/?type=core_members": 200,
        "/login/": 200, "/register/": 200, "/lostpassword/": 200, "/online/": 200, "/leaderboard/": 200,
        "/staff/": 200, "/privacy/": 200, "/terms/": 200, "/cookies/": 200, "/contact/": 200,
        profile: 200, f"{profile}content/": 200, f"{profile}?do=hovercard": 200,
        f"{first}?do=showReactionsComment&comment={reacted.pid}": 200,
        f"{first}?do=showReactionsComment&comment={reacted.pid}&reaction=1": 200,
        f"{first}?do=embed": 200, f"{first}?preview=1": 200,
        f"{fbase}?sortby=title&sortdirection=asc": 200, f"{fbase}?sortdirection=desc&sortby=views": 200,
        f"{fbase}?advancedSearchForm=1&sortby=last_post&sortdirection=desc": 200,
        f"/forum/{board.fid}-{board.slug}.xml/": 200,
        follow.format("follow") + f"&follow_id={topic.tid}": 403,
        follow.format("followers") + f"&follow_id={topic.tid}": 200,
    }  # fmt: skip
    for target, status in targets.items():
        assert fetch(forum, target).status == status, target
        assert forum.classify(target) == "noise" and forum.canonical(target) is None, target
    names = [
        a.text
        for a in page(forum, f"{first}?do=showReactionsComment&comment={reacted.pid}").xpath(
            f"//div[{has_class('ipsDataItem_main')}]/a"
        )
    ]
    assert len(names) == reacted.reactions
    stream = page(forum, f"{profile}content/")
    mine = sorted((p for p in forum.data.post_by_id.values() if p.author == member.name), key=lambda p: -p.when)
    snippets = [normalize_space(s.text_content()) for s in stream.xpath("//div[@data-ipstruncate]")]
    assert snippets == [p.own_text for p in mine[:25]]  # duplicates of posts: noise
    dismiss = next(h for h in page(forum, first).xpath("//a/@href") if "do=dismiss" in h)
    assert location(fetch(forum, target_of(dismiss))) == first
    assert fetch(forum, "/robots.txt").body.startswith("# Rules for Invision Community")
    for target in ("/sitemap.php", "/sitemap.php?file=sitemap_content_forums_Topic"):
        assert fetch(forum, target).status == 200 and forum.classify(target) == "other"
    sitemap = fetch(forum, "/sitemap.php?file=sitemap_content_forums_Topic").payload().decode()
    assert sitemap.count("<loc>") == len(forum.data.topics)


def test_sort_views_show_the_same_topics_in_another_order(forum: IpsForum) -> None:
    board = max(forum.data.boards(), key=lambda b: len(b.topics))
    base = forum.board_target(board.fid)
    menu = page(forum, base).xpath("//ul[contains(@id, 'elSortByMenu_')]//a/@href")
    sorts = [target_of(h) for h in menu]
    assert f"{base}?sortby=title&sortdirection=asc" in sorts and len(sorts) == 6
    for target in sorts:
        rows = page(forum, target).xpath(ROWS)
        assert len(rows) == min(len(board.topics), forum.threads_per_page)
        assert {target_of(r.xpath(ROW_LINK)[0].get("href")) for r in rows} <= {
            forum.thread_target(t.tid) for t in board.topics
        }
        assert forum.classify(target) == "noise"
    by_title = page(forum, f"{base}?sortby=title&sortdirection=asc").xpath(f"{ROWS}//{ROW_LINK[3:]}")
    titles = [normalize_space(a.text_content()) for a in by_title]
    assert titles == sorted(titles)


def test_quotes_edits_and_signatures_are_not_post_text(big: IpsForum) -> None:
    posts = {p.post_id: p for p in big.posts()}
    quoted = [p for p in big.data.post_by_id.values() if p.quote is not None][:40]
    for post in quoted:
        truth = posts[f"comment-{post.pid}"]
        doc = page(big, big.page_of_post(post.pid).partition("#")[0])
        article = doc.xpath(f"//article[@id='elComment_{post.pid}']")[0]
        quote_ = article.xpath(f".//blockquote[{has_class('ipsQuote')}]")[0]
        assert quote_.get("data-ipsquote-username") == post.quote.author
        citation = normalize_space(quote_.xpath(f"./div[{has_class('ipsQuote_citation')}]")[0].text_content())
        assert citation.endswith(f", {post.quote.author} said:")
        contents = normalize_space(quote_.xpath(f"./div[{has_class('ipsQuote_contents')}]")[0].text_content())
        assert contents == normalize_space(" ".join(post.quote.paragraphs))
        assert contents not in truth.text and own_text(article) == truth.text
    edited = [p for p in big.data.post_by_id.values() if p.edited is not None][:30]
    for post in edited:
        article = page(big, big.page_of_post(post.pid).partition("#")[0]).xpath(
            f"//article[@id='elComment_{post.pid}']"
        )[0]
        note = article.xpath('.//div[@data-role="commentContent"]/span[@data-excludequote]')[0]
        assert note.get("class") == "ipsType_reset ipsType_medium ipsType_light"
        strong = normalize_space(note.xpath("./strong")[0].text_content())
        assert strong.startswith("Edited ") and strong.endswith(f" by {post.edited[1]}")
        assert "Edited" not in posts[f"comment-{post.pid}"].text
        assert "(edited)" in article.xpath(f".//div[{has_class('ipsComment_meta')}]")[0].text_content()
    signed = {m.name: m.signature for m in big.data.members.values() if m.signature}
    checked = 0
    for truth in big.posts()[::37]:
        if truth.author in signed:
            doc = page(big, big.thread_target(int(truth.thread_id), truth.page_number))
            article = doc.xpath(f"//article[@id='elComment_{truth.post_id[8:]}']")[0]
            sig = article.xpath('.//div[@data-role="memberSignature"]')
            assert normalize_space(sig[0].text_content()) == signed[truth.author]
            assert signed[truth.author] not in truth.text
            checked += 1
    assert checked > 10


def test_times_are_shown_as_ips_does(big: IpsForum) -> None:
    posts = big.posts()
    relative_ = [p for p in posts if "T" in p.time]
    absolute = [p for p in posts if "T" not in p.time]
    assert len(relative_) > 100 and len(absolute) > len(relative_)
    assert all(datetime.strptime(p.time, "%B %d, %Y") for p in absolute)
    shown = Counter()
    for post in relative_:
        ts = int(datetime.fromisoformat(post.time).replace(tzinfo=UTC).timestamp())
        text = relative(ts)
        shown[text.split(" at ")[0] if " at " in text else " ".join(text.split()[1:])] += 1
    assert {"Yesterday", "hours ago", "minutes ago"} <= set(shown) and len(shown) >= 6
    day = 86400
    cases = {
        NOW - 30: "Just now", NOW - 60: "1 minute ago", NOW - 3599: "59 minutes ago", NOW - 3600: "1 hour ago",
        NOW - 5 * 3600: "5 hours ago", NOW - day: "Yesterday at 03:40 PM", NOW - day - 16 * 3600: "Tuesday at 11:40 PM",
        NOW - 5 * day: "Saturday at 03:40 PM", NOW - 6 * day: "June 6, 2025",
    }  # fmt: skip
    assert {ts: relative(ts) for ts in cases} == cases
    assert title_date(NOW - 6 * day) == "06/06/2025 03:40  PM"
    assert [short(NOW - s) for s in (30, 120, 7200, 3 * day, 40 * day, 800 * day)] == [
        "now", "2 min", "2 hr", "3 dy", "1 mo", "2 yr",
    ]  # fmt: skip
    doc = page(big, big.thread_target(int(relative_[0].thread_id), relative_[0].page_number))
    times = doc.xpath(f"{POST}//div[{has_class('ipsComment_meta')}]//time")
    assert all(t.get("title") and t.get("data-short") and t.get("datetime").endswith("Z") for t in times)


def test_markup_of_the_index_forums_and_topics(big: IpsForum) -> None:
    index = page(big, "/")
    forums = page(big, "/forums/")
    assert [lxml.html.tostring(x) for x in index.xpath("//section")] == [
        lxml.html.tostring(x) for x in forums.xpath("//section")
    ]
    categories = index.xpath("//ol[contains(@class, 'cForumList')]/li[@data-categoryid]")
    assert [int(c.get("data-categoryid")) for c in categories] == big.data.roots
    rows = index.xpath("//li[contains(@class, 'cForumRow') and contains(@class, 'ipsDataItem')]")
    top_level = [c for r in big.data.roots for c in big.data.forums[r].children]
    assert [int(r.get("data-forumid")) for r in rows] == top_level
    for row, fid in zip(rows, top_level, strict=True):
        forum_ = big.data.forums[fid]
        assert [target_of(h) for h in row.xpath(f".//h4[{has_class('ipsDataItem_title')}]/a/@href")] == [
            big.board_target(fid)
        ]
        subs = [target_of(h) for h in row.xpath(".//ul[contains(@class, 'ipsDataItem_subList')]//a/@href")]
        assert subs == [big.board_target(c) for c in forum_.children]
        assert row.xpath(".//ul[contains(@class, 'ipsDataItem_lastPoster')]//time/@datetime")
    subforum = next(b for b in big.data.boards() if b.children)
    doc = page(big, big.board_target(subforum.fid))
    assert doc.xpath("//h2[text()='Subforums']") and doc.xpath(f"{ROWS}")
    crumbs = [
        target_of(h)
        for h in doc.xpath("//nav[contains(@class, 'ipsBreadcrumb_top')]//ul[@data-role='breadcrumbList']//a/@href")
    ]
    assert crumbs == ["/", big.board_target(subforum.parent), big.board_target(subforum.fid)]
    topic = next(t for t in big.data.topics.values() if t.pinned and len(t.posts) > 3)
    doc = page(big, big.thread_target(topic.tid))
    assert doc.xpath("//h1[contains(@class, 'ipsType_pageTitle')]//span[@title='Pinned']")
    ld = [json.loads(s.text) for s in doc.xpath("//script[@type='application/ld+json']")]
    posting = next(x for x in ld if x["@type"] == "DiscussionForumPosting")
    assert posting["headline"] == topic.title and posting["text"] == topic.posts[0].own_text
    assert [c["text"] for c in posting["comment"]] == [p.own_text for p in topic.posts[1 : big.posts_per_page]]
    pager = doc.xpath("//div[contains(@class, 'ipsPager')]//a/@href")
    assert [target_of(h) for h in pager] == [
        big.board_target(topic.fid),
        big.thread_target(topic.tid) + "?do=nextUnread",
    ]
    assert doc.xpath("//div[@data-blocktitle='Recently Browsing']") and doc.xpath("//div[@data-role='replyArea']")
    article = doc.xpath(POST)[0]
    for button in ("Quote", "MultiQuote"):
        assert article.xpath(f".//ul[@data-role='commentControls']//*[text()='{button}' or @title='{button}']")
    assert article.xpath(f".//div[{has_class('ipsReact')}]") and article.xpath(".//a[@data-role='shareComment']")
    assert article.xpath(".//h5[text()='Link to comment']")


def test_slugs_are_ips_seo_titles_percent_encoded(forum: IpsForum) -> None:
    assert seo_title("[求助] 手机 电池？") == "求助-手机-电池"
    assert seo_title("Hello,  World! 2024") == "hello-world-2024"
    topic = next(iter(forum.data.topics.values()))
    target = forum.thread_target(topic.tid)
    assert target == f"/topic/{topic.tid}-{quote(seo_title(topic.title))}/"
    assert all(ord(c) < 128 for t in forum.thread_targets() | forum.index_targets() for c in t)
    assert urlsplit(target).path == target


def test_generation_is_deterministic_and_seeded() -> None:
    a, b = IpsForum(size=SIZE), IpsForum(size=SIZE)
    assert a.posts() == b.posts()
    for target in [*sorted(a.thread_targets())[:5], "/", sorted(a.index_targets())[-1]]:
        assert fetch(a, target).payload() == fetch(b, target).payload()
    assert IpsForum(size=SIZE, seed=1).posts() != a.posts()


def test_categories_are_index_pages_listing_their_forums(forum: IpsForum) -> None:
    for fid in forum.data.roots:
        category = forum.data.forums[fid]
        target = forum.board_target(fid)
        doc = page(forum, target)
        assert forum.classify(target) == "index" and forum.canonical(target) == target
        rows = doc.xpath(f"//li[{has_class('cForumRow')}][{has_class('ipsDataItem')}]")
        assert [int(r.get("data-forumid")) for r in rows] == category.children
        assert not doc.xpath(ROWS) and not doc.xpath("//ul[@class='ipsPagination']")
        assert fetch(forum, f"{target}page/2/").status == 301 and forum.classify(f"{target}page/2/") == "noise"


def test_chrome_links_and_the_per_page_terms_link(forum: IpsForum) -> None:
    robots = fetch(forum, "/robots.txt").payload().decode()
    assert "Disallow: /*?do=" in robots and f"Sitemap: {BASE}/sitemap.php" in robots
    targets = [*sorted(forum.thread_targets())[:3], "/"]
    dismiss = set()
    for target in targets:
        doc = page(forum, target)
        nav = {target_of(h) for h in doc.xpath("//ul[@data-role='primaryNavBar']//a/@href")}
        assert {"/", "/forums/", "/discover/", "/search/", "/staff/", "/online/", "/leaderboard/"} <= nav
        assert {target_of(h) for h in doc.xpath("//ul[@id='elUserNav']//a/@href")} == {
            "/login/",
            "/register/",
            "/lostpassword/",
        }
        footer = {target_of(h) for h in doc.xpath("//footer[@id='ipsLayout_footer']//a/@href")} - {None}
        assert footer == {"/privacy/", "/contact/", "/cookies/"}
        dismiss |= {target_of(h) for h in doc.xpath("//div[@id='elGuestTerms']//a[@data-action='dismissTerms']/@href")}
        assert doc.xpath("//nav[contains(@class, 'ipsBreadcrumb_top')]") and doc.xpath(
            "//nav[contains(@class, 'ipsBreadcrumb_bottom')]"
        )
    assert len(dismiss) == len(targets)  # the terms bar carries the page's own URL: a new link on every page
    assert all(forum.classify(t) == "noise" for t in dismiss)
