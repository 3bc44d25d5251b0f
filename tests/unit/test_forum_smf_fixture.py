"""The SMF 2.1 (Curve2) fixture forum serves what its truth says: targets, variants, redirects, noise,
posts, pagers, quotes, times and session ids. Only the fixture is tested here, no crawler."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from datetime import datetime, timedelta

import lxml.etree
import lxml.html
import pytest

from tests.helpers import walk_forum
from topiccrawl.demo.forum_smf import SmfForum
from topiccrawl.demo.forum_smf_pages import NOW, PER_PAGE, TOPICS_PER_PAGE
from topiccrawl.demo.forum_truth import ForumTruth, TruthPost, thread_pages_read
from topiccrawl.demo.server import Reply, SiteRequest
from topiccrawl.textutil import normalize_space

BASE = "http://127.0.0.1:8123"
SIZE = 0.3
COOKIE = {"cookie": "PHPSESSID=0123456789abcdef0123456789"}
BROWSER = {"user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0"}
POST = '//div[@id="forumposts"]//div[contains(concat(" ", @class, " "), " windowbg ")][starts-with(@id, "msg")]'
ABSOLUTE = re.compile(r"[A-Z][a-z]+ \d\d, \d{4}, \d\d:\d\d:\d\d [AP]M")


@pytest.fixture(scope="module")
def forum() -> SmfForum:
    return SmfForum(size=SIZE)


@pytest.fixture(scope="module")
def big() -> SmfForum:
    return SmfForum(size=1.0)


def fetch(site: SmfForum, target: str, headers: dict[str, str] | None = None) -> Reply:
    return site.handle(SiteRequest("GET", target, COOKIE if headers is None else headers, BASE))


def page(site: SmfForum, target: str, headers: dict[str, str] | None = None) -> lxml.html.HtmlElement:
    reply = fetch(site, target, headers)
    assert reply.status == 200, target
    assert reply.headers["Content-Type"] == "text/html; charset=utf-8"
    return lxml.html.fromstring(reply.payload().decode(site.charset))


def target_of(url: str) -> str:
    """The target an absolute link on the forum's host points to, without its fragment."""
    assert url.startswith(BASE + "/"), url
    return url.removeprefix(BASE).partition("#")[0]


def links(doc: lxml.html.HtmlElement) -> list[str]:
    return [target_of(h) for h in doc.xpath("//a/@href") if h.startswith(BASE)]


def by_page(site: SmfForum) -> dict[str, list[TruthPost]]:
    pages: dict[str, list[TruthPost]] = defaultdict(list)
    for post in site.posts():
        pages[site.thread_target(int(post.thread_id), post.page_number)].append(post)
    return pages


def words(element: lxml.html.HtmlElement, drop: str) -> str:
    """The text of ``element`` without the parts matching ``drop``, ``<br>`` read as a space."""
    inner = lxml.html.fromstring(lxml.html.tostring(element, with_tail=False))
    for part in inner.xpath(drop):
        part.drop_tree()
    for br in inner.xpath(".//br"):
        br.tail = " " + (br.tail or "")
    return normalize_space("".join(inner.itertext()))


def own_text(post: lxml.html.HtmlElement) -> str:
    """A post's words as SMF shows them: ``div.inner`` without quote blocks."""
    return words(post.xpath('.//div[@class="post"]/div[@class="inner"]')[0], "./blockquote")


def shown_time(text: str) -> str:
    """The truth's time for a post header's time: as shown, or the wall clock for 'Today'/'Yesterday'."""
    day, sep, clock = text.partition(" at ")
    if not sep:
        return text
    base = NOW.date() - timedelta(days={"Today": 0, "Yesterday": 1}[day])
    return f"{base}T{datetime.strptime(clock, '%I:%M:%S %p'):%H:%M:%S}"


def test_sizes_and_shapes(forum: SmfForum, big: SmfForum) -> None:
    assert isinstance(forum, ForumTruth) and forum.name == "smf" and forum.charset == "utf-8"
    assert len(forum.data.boards) == 3 and len(big.data.boards) == 8
    assert 200 <= len(forum.posts()) <= 800 and 2000 <= len(big.posts()) <= 6000
    assert len(forum.posts()) < len(big.posts()) / 3
    lengths = Counter(len(t.messages) for t in big.data.real_topics())
    assert lengths[1] >= 5 and lengths[2] >= 5 and max(lengths) > 4 * PER_PAGE
    small = Counter(len(t.messages) for t in forum.data.real_topics())
    assert small[1] and small[2] and any(forum.data.pages(t) > 1 for t in forum.data.real_topics())
    assert any(t.moved_to for t in forum.data.topics.values()) and any("T" in p.time for p in forum.posts())
    assert sum(big.data.list_pages(b) > 1 for b in big.data.boards.values()) >= 5
    topics = big.data.real_topics()
    assert any(t.sticky for t in topics) and any(t.locked for t in topics)
    assert any(t.moved_to for t in big.data.topics.values())
    assert any(b.parent for b in big.data.boards.values())


def test_every_target_is_served_and_classified(forum: SmfForum, big: SmfForum) -> None:
    for site in (forum, big):
        for target in site.thread_targets():
            doc = page(site, target)
            assert site.classify(target) == "thread" and site.canonical(target) == target
            assert doc.xpath('//link[@rel="canonical"]/@href') == [BASE + target]
        for target in site.index_targets():
            doc = page(site, target)
            assert site.classify(target) == ("index" if target == "/index.php" else "board")
            assert site.canonical(target) == target
            assert doc.xpath('//link[@rel="canonical"]/@href') == [BASE + target]
    assert forum.start_target() == "/" and forum.canonical("/") == "/index.php"
    assert all(re.fullmatch(r"/index\.php\?topic=\d+\.\d+", t) for t in big.thread_targets())
    assert any(t.endswith(f".{2 * PER_PAGE}") for t in big.thread_targets())
    assert any(t.endswith(f".{TOPICS_PER_PAGE}") for t in big.index_targets())


def test_thread_pages_hold_exactly_their_truth_posts(forum: SmfForum) -> None:
    pages = by_page(forum)
    assert set(pages) == forum.thread_targets()
    shown = 0
    for target, posts in pages.items():
        doc = page(forum, target)
        assert normalize_space(doc.xpath('//span[@id="top_subject"]')[0].text_content()) == posts[0].thread_title
        divs = doc.xpath(POST)
        shown += len(divs)
        assert len(divs) == len(posts) <= PER_PAGE, target
        for div, post in zip(divs, posts, strict=True):
            assert div.get("id") == post.post_id
            assert normalize_space(div.xpath('.//div[@class="poster"]/h4/a')[0].text_content()) == post.author
            time = div.xpath('.//div[@class="postinfo"]/a[@class="smalltext"]')[0].text_content()
            assert shown_time(normalize_space(time)) == post.time
            assert own_text(div) == post.text and post.text
            number = div.xpath('.//span[@class="page_number floatright"]/text()')
            assert number == ([f"#{post.position - 1}"] if post.position > 1 else [])
    assert shown == len(forum.posts())
    positions: dict[str, list[int]] = defaultdict(list)
    for post in forum.posts():
        positions[post.thread_id].append(post.position)
        assert post.page_number == (post.position - 1) // PER_PAGE + 1
    assert all(p == list(range(1, len(p) + 1)) for p in positions.values())


def test_board_pages_list_every_topic_once(big: SmfForum) -> None:
    for board in big.data.boards.values():
        listed: list[str] = []
        moved = 0
        for number in range(1, big.data.list_pages(board) + 1):
            doc = page(big, big.board_target(board.bid, number))
            rows = doc.xpath('//div[@id="topic_container"]/div[contains(@class, "windowbg")]')
            assert 0 < len(rows) <= TOPICS_PER_PAGE
            for row in rows:
                href = target_of(row.xpath('.//span[contains(@class, "preview")]//a/@href')[0])
                if row.xpath('.//span[@class="main_icons move"]'):
                    moved += 1
                    assert big.classify(href) == "noise" and fetch(big, href).status == 301
                else:
                    listed.append(big.canonical(href) or href)
                assert ("sticky" in row.get("class").split()) == bool(row.xpath('.//span[@class="main_icons sticky"]'))
        expected = [big.thread_target(t.tid, 1) for t in board.topics if not t.moved_to]
        assert listed == expected and len(set(listed)) == len(listed)
        assert moved == sum(bool(t.moved_to) for t in board.topics)


def test_pagers_reach_every_page(big: SmfForum) -> None:
    starts = [(big.thread_target(t.tid, 1), big.data.pages(t), PER_PAGE) for t in big.data.real_topics()]
    starts += [(big.board_target(b.bid, 1), big.data.list_pages(b), TOPICS_PER_PAGE) for b in big.data.boards.values()]
    collapsed = 0
    for first, n, per in starts:
        if n == 1 and per == PER_PAGE:
            continue
        stem = first.rpartition(".")[0]
        seen, queue = {first}, [first]
        while queue:
            target = queue.pop()
            doc = page(big, target)
            current = doc.xpath('(//div[contains(@class, "pagelinks")])[1]/span[@class="current_page"]/text()')
            assert current == [str(int(target.rpartition(".")[2]) // per + 1)]
            collapsed += bool(doc.xpath('//span[@class="expand_pages"]'))
            for href in doc.xpath('(//div[contains(@class, "pagelinks")])[1]/a[@class="nav_page"]/@href'):
                link = target_of(href)
                if link.endswith(";all"):
                    assert big.classify(link) == "noise"
                    continue
                assert link.startswith(stem + ".") and big.canonical(link) == link
                if link not in seen:
                    seen.add(link)
                    queue.append(link)
        assert seen == {f"{stem}.{k * per}" for k in range(n)}, first
    assert collapsed > 0


def test_topic_rows_link_every_page_of_long_topics(big: SmfForum) -> None:
    board = max(big.data.boards.values(), key=lambda b: max(len(t.messages) for t in b.topics))
    doc = page(big, big.board_target(board.bid, 1))
    checked = 0
    for topic in board.topics[:TOPICS_PER_PAGE]:
        spans = doc.xpath(f'//span[@id="pages{topic.messages[0].mid}"]')
        assert bool(spans) == (len(topic.messages) > PER_PAGE)
        if spans:
            hrefs = [target_of(h) for h in spans[0].xpath("./a/@href")]
            pages = {h for h in hrefs if not h.endswith(";all")}
            last = big.thread_target(topic.tid, big.data.pages(topic))
            assert big.thread_target(topic.tid, 1) in pages and last in pages
            assert pages <= {big.thread_target(topic.tid, k) for k in range(1, big.data.pages(topic) + 1)}
            assert any(h.endswith(";all") for h in hrefs) == (len(topic.messages) < 100)
            checked += 1
    assert checked


def test_links_lead_to_served_pages_and_noise_is_noise(forum: SmfForum) -> None:
    wanted = forum.thread_targets() | forum.index_targets()
    seen, found = walk_forum(forum, lambda target: links(page(forum, target)))
    assert seen - {"/"} == wanted
    kinds: dict[str, list[str]] = defaultdict(list)
    for link in sorted(found):
        kinds[forum.classify(link)].append(link)
        assert fetch(forum, link).status in {200, 301, 302}, link
    assert not kinds["other"] and set(kinds["index"]) == {"/index.php"}
    assert {forum.canonical(link) for link in kinds["thread"]} <= forum.thread_targets()
    assert {forum.canonical(link) for link in kinds["board"]} <= forum.index_targets()
    assert all(forum.canonical(link) is None for link in kinds["noise"])
    noise = " ".join(kinds["noise"])
    for sign in [
        "?msg=",
        ";all",
        "action=printpage;topic=",
        "action=profile;u=",
        "action=recent",
        "action=likes;sa=view",
        ";sort=subject",
        "action=who",
        "action=stats",
        "action=help",
        "action=login",
        "action=signup",
        "action=agreement",
        "action=credits",
    ]:
        assert sign in noise, sign
    variants = " ".join(link for link in kinds["thread"] if link not in wanted)
    for sign in ("prev_next=prev", "prev_next=next", ".msg", ";topicseen"):
        assert sign in variants, sign


def test_variants_map_to_one_canonical_page(forum: SmfForum, big: SmfForum) -> None:
    topic = next(t for t in forum.data.real_topics() if forum.data.pages(t) >= 2)
    tid, second = topic.tid, topic.messages[PER_PAGE + 1]
    one, two = forum.thread_target(tid, 1), forum.thread_target(tid, 2)
    last = forum.thread_target(tid, forum.data.pages(topic))
    for variant, canonical in [
        (f"/index.php?topic={tid}", one),
        (f"/?topic={tid}.0", one),
        (f"/index.php?topic={tid}.0;PHPSESSID=abc", one),
        (f"/index.php?PHPSESSID=abc&topic={tid}.0", one),
        (f"/index.php?topic={tid}&start={PER_PAGE}", two),
        (f"/index.php?topic={tid}.{PER_PAGE + 2}", two),
        (f"/index.php?topic={tid}.9999", last),
        (f"/index.php?topic={tid}.msg{second.mid}", two),
        (f"/index.php?topic={tid}.msg{second.mid};topicseen#new", two),
        (f"/index.php?topic={tid}.new", last),
    ]:
        assert forum.classify(variant) == "thread" and forum.canonical(variant) == canonical, variant
        doc, want = page(forum, variant), page(forum, canonical)
        assert doc.xpath(POST + "/@id") == want.xpath(POST + "/@id"), variant
        assert doc.xpath('//link[@rel="canonical"]/@href') == [BASE + canonical]
    assert page(forum, f"/index.php?topic={tid}.msg{second.mid}").xpath('//a[@id="new"]/following::div[1]/@id') == [
        f"msg{second.mid}"
    ]
    board = next(b for b in big.data.boards.values() if big.data.list_pages(b) > 1)
    first, after = big.board_target(board.bid, 1), big.board_target(board.bid, 2)
    for variant, canonical in [
        (f"/index.php?board={board.bid}", first),
        (f"/index.php?board={board.bid}.0;PHPSESSID=abc", first),
        (f"/index.php?board={board.bid};start={TOPICS_PER_PAGE}", after),
        (f"/index.php?board={board.bid}.{TOPICS_PER_PAGE + 5}", after),
        (f"/index.php?board={board.bid}.0;desc", first),
    ]:
        assert big.classify(variant) == "board" and big.canonical(variant) == canonical, variant
        assert page(big, variant).xpath('//link[@rel="canonical"]/@href') == [BASE + canonical]
    for variant in ("/", "/index.php?PHPSESSID=abc&", "/index.php?action=forum"):
        assert forum.classify(variant) == "index" and forum.canonical(variant) == "/index.php"


def test_prev_next_shows_the_neighbouring_topic(big: SmfForum) -> None:
    board = next(b for b in big.data.boards.values() if len(b.topics) > 5)
    real = [t for t in board.topics if not t.moved_to]
    for topic in real[:6]:
        for direction in ("prev", "next"):
            target = f"/index.php?topic={topic.tid}.0;prev_next={direction}"
            other = big.data.neighbour(topic, direction)
            if other.moved_to:
                assert big.classify(target) == "noise" and fetch(big, target).status == 301
                continue
            last = big.thread_target(other.tid, big.data.pages(other))
            assert big.classify(target) == "thread" and big.canonical(target) == last
            assert page(big, target).xpath(POST + "/@id") == page(big, last).xpath(POST + "/@id")
    listed = board.topics
    assert big.data.neighbour(listed[0], "prev") is listed[-1] and big.data.neighbour(listed[-1], "next") is listed[0]


def test_jumps_redirect_and_duplicate_views_are_noise(big: SmfForum) -> None:
    topic = next(t for t in big.data.real_topics() if 2 * PER_PAGE < len(t.messages) < 100)
    m = topic.messages[PER_PAGE + 3]
    reply = fetch(big, f"/index.php?msg={m.mid}")
    assert (
        reply.status == 302 and reply.headers["Location"] == f"{BASE}/index.php?topic={topic.tid}.msg{m.mid}#msg{m.mid}"
    )
    assert big.canonical(target_of(reply.headers["Location"])) == big.thread_target(topic.tid, 2)
    cookieless = fetch(big, f"/index.php?msg={m.mid}", {})
    assert re.fullmatch(
        rf"{BASE}/index\.php\?PHPSESSID=\w+;topic={topic.tid}\.msg{m.mid}#msg{m.mid}", cookieless.headers["Location"]
    )
    everything = page(big, f"/index.php?topic={topic.tid}.0;all")
    assert len(everything.xpath(POST)) == len(topic.messages)
    printed = page(big, f"/index.php?action=printpage;topic={topic.tid}.0")
    assert len(printed.xpath('//div[@class="postbody"]')) == len(topic.messages)
    moved = next(t for t in big.data.topics.values() if t.moved_to)
    reply = fetch(big, f"/index.php?topic={moved.tid}.0")
    assert reply.status == 301 and reply.headers["Location"] == f"{BASE}/index.php?topic={moved.moved_to}.0"
    board = big.data.boards[topic.board]
    member = next(iter(big.data.members.values()))
    for target in [
        f"/index.php?msg={m.mid}",
        f"/index.php?topic={topic.tid}.0;all",
        f"/index.php?action=printpage;topic={topic.tid}.0",
        f"/index.php?topic={moved.tid}.0",
        f"/index.php?board={board.bid}.0;sort=subject",
        f"/index.php?board={board.bid}.0;sort=last_post;desc",
        f"/index.php?board={board.bid}.0;asc",
        "/index.php?action=recent",
        "/index.php?action=recent;start=10",
        f"/index.php?action=profile;u={member.uid}",
        f"/index.php?action=profile;area=showposts;u={member.uid}",
        "/index.php?action=.xml;type=rss2",
        f"/index.php?action=.xml;type=atom;board={board.bid}",
        f"/index.php?action=likes;sa=view;ltype=msg;like={m.mid};abcdef1=0123",
        "/index.php?action=stats;expand=202401",
        f"/index.php?action=notify;topic={topic.tid}.0",
        "/index.php?action=markasread;sa=all",
        "/index.php?action=who",
        "/index.php?action=search",
    ]:
        assert big.classify(target) == "noise" and big.canonical(target) is None, target
        assert fetch(big, target).status in {200, 301, 302}, target
    recent = page(big, "/index.php?action=recent")
    assert len(recent.xpath('//div[@id="recent"]/div[@class="windowbg"]')) == 10
    for target in ["/index.php?topic=99999.0", "/index.php?board=99.0", "/index.php?action=profile;u=9999", "/forum/"]:
        assert fetch(big, target).status == 404 and big.classify(target) == "other"
    for target in ["/index.php?action=nothing", "/index.php?foo=bar"]:  # SMF ignores what it does not know
        assert big.classify(target) == "index" and big.canonical(target) == "/index.php"
    assert fetch(big, "/robots.txt").status == 200


def test_session_ids_in_links_for_cookieless_browsers(forum: SmfForum) -> None:
    target = next(iter(sorted(forum.thread_targets())))
    fresh = fetch(forum, target, BROWSER)
    cookie = fresh.headers["Set-Cookie"]
    sid = re.fullmatch(r"PHPSESSID=(\w+); path=/; HttpOnly; SameSite=Lax", cookie)
    assert sid
    doc = lxml.html.fromstring(fresh.payload())
    hrefs = [h for h in doc.xpath("//a/@href") if h.startswith(BASE + "/index.php")]
    assert hrefs and all(h.startswith(f"{BASE}/index.php?PHPSESSID={sid[1]}&") for h in hrefs)
    assert doc.xpath('//link[@rel="canonical"]/@href') == [BASE + target]
    plain = page(forum, target, {**BROWSER, **COOKIE})
    for href, clean in zip(
        hrefs, [h for h in plain.xpath("//a/@href") if h.startswith(BASE + "/index.php")], strict=True
    ):
        link, want = target_of(href), target_of(clean)
        assert forum.classify(link) == forum.classify(want) and forum.canonical(link) == forum.canonical(want)
    assert "PHPSESSID" not in fetch(forum, target, {**BROWSER, **COOKIE}).payload().decode()
    assert "Set-Cookie" not in fetch(forum, target, {**BROWSER, **COOKIE}).headers
    robot = fetch(forum, target, {"user-agent": "Scrapy/2.11 (+https://scrapy.org)"})
    assert "Set-Cookie" in robot.headers and "PHPSESSID=" not in robot.payload().decode()


def test_truth_text_leaves_out_quotes_signatures_and_edits(big: SmfForum) -> None:
    truth = {p.post_id: p for p in big.posts()}
    quoting = [m for t in big.data.real_topics() for m in t.messages if m.quote is not None]
    assert len(quoting) > 100 and any(m.nested for m in quoting)
    for m in quoting[:40] + [m for m in quoting if m.nested][:10]:
        post = truth[f"msg{m.mid}"]
        assert "Quote from" not in post.text
        doc = page(big, big.thread_target(int(post.thread_id), post.page_number))
        div = doc.xpath(f'//div[@id="msg{m.mid}"]')[0]
        quote = div.xpath('.//div[@class="inner"]/blockquote[@class="bbc_standard_quote"]')[0]
        cite = normalize_space(quote.xpath("./cite")[0].text_content())
        author = big.data.members[m.quote.uid].name
        assert cite.startswith(f"Quote from: {author} on ")
        assert target_of(quote.xpath("./cite/a/@href")[0]) == f"/index.php?msg={m.quote.mid}"
        assert bool(quote.xpath('./blockquote[@class="bbc_alternate_quote"]')) == m.nested
        assert words(quote, "./cite|./blockquote") == normalize_space(" ".join(m.quote.paragraphs[: m.quote_count]))
        assert own_text(div) == post.text
    signed = {u.uid for u in big.data.members.values() if u.signature}
    edited = [m for t in big.data.real_topics() for m in t.messages if m.edited]
    assert signed and len(edited) > 100
    sample = [m for t in big.data.real_topics()[:20] for m in t.messages if m.uid in signed or m.edited]
    for m in sample[:40]:
        post = truth[f"msg{m.mid}"]
        div = page(big, big.thread_target(int(post.thread_id), post.page_number)).xpath(f'//div[@id="msg{m.mid}"]')[0]
        assert bool(div.xpath('.//div[@class="moderatorbar"]/div[@class="signature"]')) == (m.uid in signed)
        modified = normalize_space(div.xpath('.//span[starts-with(@id, "modified_")]')[0].text_content())
        assert modified.startswith("Last Edit: ") == bool(m.edited) and "Last Edit" not in post.text
        assert own_text(div) == post.text


def test_times(big: SmfForum) -> None:
    posts = big.posts()
    relative = [p for p in posts if "T" in p.time]
    absolute = [p for p in posts if "T" not in p.time]
    assert len(relative) > 50 and len(absolute) > 5 * len(relative)
    assert all(ABSOLUTE.fullmatch(p.time) for p in absolute)
    days = {p.time[:10] for p in relative}
    assert days == {f"{NOW.date()}", f"{NOW.date() - timedelta(days=1)}"}
    shown = Counter()
    for post in relative[:40]:
        doc = page(big, big.thread_target(int(post.thread_id), post.page_number))
        link = doc.xpath(f'//div[@id="{post.post_id}"]//div[@class="postinfo"]/a[@class="smalltext"]')[0]
        assert link.xpath("./strong/text()")[0] in {"Today", "Yesterday"}
        assert shown_time(normalize_space(link.text_content())) == post.time
        shown[link.xpath("./strong/text()")[0]] += 1
    assert set(shown) == {"Today", "Yesterday"}


def test_markup_of_smf(big: SmfForum) -> None:
    index = page(big, "/")
    assert len(index.xpath('//div[@id="boardindex_table"]/div[@class="main_container"]')) == len(big.data.categories)
    rows = index.xpath(
        '//div[contains(concat(" ", normalize-space(@class), " "), " up_contain ")]'
    )  # not popup_container
    assert len(rows) == sum(1 for b in big.data.boards.values() if not b.parent)
    for row in rows:
        assert row.xpath('./div[@class="info"]') and row.xpath('./div[@class="board_stats"]')
        assert row.xpath('./div[@class="lastpost"]/p/span[@class="postby"]/a')
    assert index.xpath('//div[@class="children"]//a') and index.xpath('//ul[@id="smf_slider"]/li')
    assert index.xpath('//table[@id="ic_recentposts"]//a[contains(@href, ";topicseen#msg")]')
    assert index.xpath('//div[@class="news"]/p') and index.xpath('//div[@class="user"]/time')
    board = big.data.boards[1]
    doc = page(big, big.board_target(board.bid, 1))
    row = doc.xpath('//div[@id="topic_container"]/div[contains(@class, "windowbg")]')[0]
    for part in ('div[contains(@class, "info")]', 'div[contains(@class, "board_stats")]', 'div[@class="lastpost"]'):
        assert row.xpath(part), part
    assert row.xpath('.//span[contains(@class, "preview")]/@title')
    assert "Started by" in row.xpath('.//p[@class="floatleft"]')[0].text_content()
    assert doc.xpath('//span[@class="main_icons lock"]') and doc.xpath('//div[@id="topic_header"]//a')
    topic = next(t for t in big.data.real_topics() if len(t.messages) > 3)
    doc = page(big, big.thread_target(topic.tid, 1))
    crumbs = [target_of(h) for h in doc.xpath('(//div[@class="navigate_section"])[1]//a/@href')]
    assert crumbs == ["/index.php", "/index.php", big.board_target(topic.board, 1), big.thread_target(topic.tid, 1)]
    assert len(doc.xpath('//div[@class="navigate_section"]')) == 2
    assert doc.xpath('//span[@class="nextlinks floatright"]/a') and doc.xpath('//div[@class="pagesection top"]')
    post = doc.xpath(POST)[1]
    assert post.xpath('.//div[@class="keyinfo"]//span[@class="page_number floatright"]/text()') == ["#1"]
    assert post.xpath('.//li[@class="postcount"]/text()')[0].startswith("Posts: ")
    assert post.xpath('./div[@class="post_wrapper"]/div[@class="moderatorbar"]')
    assert target_of(post.xpath('.//div[@class="poster"]/h4/a/@href')[0]).startswith("/index.php?action=profile;u=")
    assert post.xpath('.//div[@class="postinfo"]/a/@title')[0].startswith("Reply #1 - Re: ")


def test_generation_is_deterministic() -> None:
    a, b = SmfForum(size=SIZE), SmfForum(size=SIZE)
    assert a.posts() == b.posts()
    for target in [sorted(a.thread_targets())[0], "/", "/index.php?action=recent"]:
        assert fetch(a, target).payload() == fetch(b, target).payload()
        assert fetch(a, target, BROWSER).payload() == fetch(b, target, BROWSER).payload()
    assert SmfForum(size=SIZE, seed=1).posts() != a.posts()


def test_sub_board_is_reached_through_its_parent(big: SmfForum) -> None:
    child = next(b for b in big.data.boards.values() if b.parent)
    target = big.board_target(child.bid, 1)
    index = page(big, "/index.php")
    assert [target_of(h) for h in index.xpath(f'//div[@id="board_{child.parent}_children"]//a/@href')] == [target]
    assert not index.xpath(f'//div[@id="board_{child.bid}"]')
    parent = page(big, big.board_target(child.parent, 1))
    rows = parent.xpath(f'//div[@id="board_{child.parent}_childboards"]//div[@id="board_{child.bid}"]//a[@id]/@href')
    assert [target_of(h) for h in rows] == [target] and big.classify(target) == "board"
    assert not page(big, big.board_target(child.parent, 2)).xpath(f'//div[@id="board_{child.parent}_childboards"]')
    crumbs = [target_of(h) for h in page(big, target).xpath('(//div[@class="navigate_section"])[1]//a/@href')]
    assert crumbs[-2:] == [big.board_target(child.parent, 1), target]


def test_variants_say_noindex_and_name_their_canonical_page(forum: SmfForum) -> None:
    topic = next(t for t in forum.data.real_topics() if forum.data.pages(t) >= 2)
    board = forum.data.boards[topic.board]
    for target in (forum.thread_target(topic.tid, 2), forum.board_target(board.bid, 1), "/index.php"):
        assert not page(forum, target).xpath('//meta[@name="robots"]')
    for target, canonical in [
        (f"/index.php?topic={topic.tid}.msg{topic.messages[PER_PAGE].mid}", forum.thread_target(topic.tid, 2)),
        (f"/index.php?topic={topic.tid}.3", forum.thread_target(topic.tid, 1)),
        (f"/index.php?board={board.bid}.0;sort=views;desc", forum.board_target(board.bid, 1)),
        (f"/index.php?topic={topic.tid}.0;all", forum.thread_target(topic.tid, 1)),
    ]:
        doc = page(forum, target)
        assert doc.xpath('//meta[@name="robots"]/@content') == ["noindex"], target
        assert doc.xpath('//link[@rel="canonical"]/@href') == [BASE + canonical], target
    views = page(forum, f"/index.php?board={board.bid}.0;sort=views;desc")
    shown = [
        int(re.search(r"Views: ([\d,]+)", p.text_content())[1].replace(",", ""))
        for p in views.xpath(
            '//div[@id="topic_container"]/div[not(contains(@class, "sticky"))]//div[contains(@class, "board_stats")]/p'
        )
    ]
    assert shown == sorted(shown, reverse=True)


def test_recent_posts_and_feeds_repeat_posts(big: SmfForum) -> None:
    truth = {p.post_id: p for p in big.posts()}
    doc = page(big, "/index.php?action=recent;start=10")
    items = doc.xpath('//div[@id="recent"]/div[@class="windowbg"]')
    assert len(items) == 10 and doc.xpath('//span[@class="current_page"]/text()') == ["2", "2"]
    for item in items:
        link = target_of(item.xpath(".//h5/a/@href")[1])
        mid = int(re.search(r"\.msg(\d+)$", link)[1])
        if f"msg{mid}" not in truth:  # a moved-topic notice
            assert big.classify(link) == "noise"
            continue
        post = truth[f"msg{mid}"]
        assert big.canonical(link) == big.thread_target(int(post.thread_id), post.page_number)
        assert words(item.xpath('./div[@class="list_posts"]')[0], "./blockquote") == post.text
    reply = fetch(big, "/index.php?action=.xml;type=rss2")
    assert reply.headers["Content-Type"].startswith("application/rss+xml")
    feed = lxml.etree.fromstring(reply.payload())
    assert [big.classify(target_of(link)) for link in feed.xpath("//item/link/text()")] == ["thread"] * 5


def test_collapsed_pagers_keep_the_link_template_in_script(big: SmfForum) -> None:
    topic = max(big.data.real_topics(), key=lambda t: len(t.messages))
    assert big.data.pages(topic) >= 6
    doc = page(big, big.thread_target(topic.tid, 1))
    pager = doc.xpath('(//div[contains(@class, "pagelinks")])[1]')[0]
    assert [a.text for a in pager.xpath('./a[@class="nav_page"]')][:2] == ["2", "3"]
    expand = pager.xpath('./span[@class="expand_pages"]/@onclick')[0]
    assert f"' + smf_scripturl + '?topic={topic.tid}.%1$d" in expand and "href" in expand
    numbers = [a.text for a in pager.xpath('./a[@class="nav_page"]') if a.text]  # the arrows have no text
    tail = [str(big.data.pages(topic)), *(["All"] if len(topic.messages) < 100 else [])]
    assert numbers == ["2", "3", *tail]
    assert pager.xpath('./a[@class="nav_page"][span[@class="main_icons next_page"]]/@href') == [
        BASE + big.thread_target(topic.tid, 2)
    ]


def test_a_topics_all_view_is_noise_that_shows_every_page_of_it_read(big: SmfForum) -> None:
    topic = max(big.data.real_topics(), key=lambda t: len(t.messages))
    pages = {big.thread_target(topic.tid, p) for p in range(1, big.data.pages(topic) + 1)}
    assert len(pages) > 2
    every = f"/index.php?topic={topic.tid}.0;all"
    assert big.classify(every) == "noise"  # (a duplicate view: a crawler need not fetch it)
    page = fetch(big, every)
    assert page.status == 200
    shown = lxml.html.fromstring(page.body).xpath(POST)
    assert len(shown) == len(topic.messages)  # ... yet it holds every page's posts
    assert big.pages_shown(every) == pages
    assert thread_pages_read(big, [every]) == pages
    # a page of the topic shows itself only, and other noise shows nothing
    second = big.thread_target(topic.tid, 2)
    assert big.pages_shown(second) == frozenset()
    assert thread_pages_read(big, [second, f"/index.php?action=printpage;topic={topic.tid}.0"]) == {second}
    assert big.pages_shown("/index.php?topic=999999.0;all") == frozenset()
