"""The phpBB 3 prosilver and Discourse fixture forums: they serve what their truth says, and
``scrapy crawl forum`` gets every post of them with its author and time.

Both were ported from a review's generated forums that exposed spider bugs (fixed in 8233eba).
A forum the spider crawls completely is registered in ``FORUMS`` (and so also covered by
``test_forum_crawl``'s parametrised test); the crawl tests here run on both either way.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable
from pathlib import Path

import lxml.html
import pytest

from tests.integration.test_forum_crawl import SIZE, _crawl, _score
from topiccrawl.demo.forum_discourse import WITHDRAWN, DiscourseForum
from topiccrawl.demo.forum_prosilver import ProsilverForum, is_relative
from topiccrawl.demo.forum_truth import ForumTruth, TruthPost
from topiccrawl.demo.forums import FAILING_FORUMS, FORUMS
from topiccrawl.demo.server import FixtureWeb, SiteRequest
from topiccrawl.textutil import normalize_space

Forum = ProsilverForum | DiscourseForum
# (post record, post text, author) in each template's own markup
_XPATHS = {
    "prosilver": (
        '//div[contains(@class, "post has-profile")]',
        './/div[@class="content"]',
        './/a[@class="username"]',
    ),
    "discourse": ('//div[@itemprop="comment"]', './/div[@class="post"]', './/span[@itemprop="name"]'),
}
_LOST_STICKY = (
    "spider bug: on prosilver the sticky topic 102 of board f=2 (8 posts, one page), listed only in that "
    "board's 'Announcements' box under the global announcement, is never fetched (coverage 32/33, 258/266 posts)"
)
_SPLIT_THREADS = (
    "spider bug: on Discourse a topic's page fetched first under a post link (/t/SLUG/ID/N, the activity "
    "column's 'last post' link) whose rel=canonical is /t/SLUG/ID?page=K is read as that page but emitted as "
    "a thread of its own (thread_url ...?page=K, positions from 1), and ?page=K itself is never fetched"
)


def _get(site: Forum, target: str) -> lxml.html.HtmlElement:
    reply = site.handle(SiteRequest("GET", target, {}, "http://127.0.0.1:1"))
    assert reply.status == 200, target
    return lxml.html.fromstring(reply.payload().decode(site.charset))


def _text(el: lxml.html.HtmlElement) -> str:
    """Text nodes joined by spaces (blocks such as a quote's <cite> are separate words)."""
    return normalize_space(" ".join(t.strip() for t in el.itertext() if t.strip()))


@pytest.fixture(params=["prosilver", "discourse"])
def site(request: pytest.FixtureRequest) -> Forum:
    return ProsilverForum(size=SIZE) if request.param == "prosilver" else DiscourseForum(size=SIZE)


def test_every_thread_page_shows_its_truth_posts(site: Forum) -> None:
    assert isinstance(site, ForumTruth)
    pages: dict[str, list[TruthPost]] = defaultdict(list)
    for post in site.posts():
        pages[site.thread_target(int(post.thread_id), post.page_number)].append(post)
    assert set(pages) == site.thread_targets()
    record, body, author = _XPATHS[site.name]
    for target, posts in pages.items():
        served = [
            (r.get("id"), _text(r.xpath(body)[0]), r.xpath(author)[0].text) for r in _get(site, target).xpath(record)
        ]
        assert served == [(p.post_id, p.text, p.author) for p in posts], target
    for _, group in groupby_thread(site.posts()):
        assert [p.position for p in group] == list(range(1, len(group) + 1))


def groupby_thread(posts: list[TruthPost]) -> list[tuple[str, list[TruthPost]]]:
    out: dict[str, list[TruthPost]] = defaultdict(list)
    for p in posts:
        out[p.thread_id].append(p)
    return list(out.items())


def test_index_board_and_thread_pages_are_reachable_and_noise_is_noise(site: Forum) -> None:
    wanted = site.thread_targets() | site.index_targets()
    seen, queue, links = {site.start_target()}, deque([site.start_target()]), set()
    while queue:
        for href in _get(site, queue.popleft()).xpath("//a/@href"):
            link = href.partition("#")[0]
            link = "/" + link.removeprefix("./") if link.startswith("./") else link
            if not link.startswith("/"):
                continue
            links.add(link)
            canonical = site.canonical(link)
            if canonical is not None and canonical not in seen:
                seen.add(canonical)
                queue.append(canonical)
    assert seen == wanted
    kinds = defaultdict(list)
    for link in links:
        kinds[site.classify(link)].append(link)
    assert not kinds["other"]
    assert len(kinds["noise"]) > len(kinds["thread"])
    noise = {
        "prosilver": ["/memberlist.php?mode=viewprofile&u=", "/posting.php?mode=quote&p=", "/viewtopic.php?p="],
        "discourse": ["/u/", "/tag/"],
    }[site.name]
    assert all(any(link.startswith(n) for link in kinds["noise"]) for n in noise)
    assert all(site.canonical(link) is None for link in kinds["noise"])


def test_template_traits() -> None:
    pro, disc = ProsilverForum(size=SIZE), DiscourseForum(size=SIZE)
    posts = pro.posts()
    assert sum("wrote: ↑" in p.text for p in posts) > 20  # quotes, with the quoted post's date in <cite>
    relative = [p for p in posts if p.time.startswith("2025-01-1")]  # shown as 'Today, 9:41 am'
    thread = pro.thread_target(int(relative[0].thread_id), relative[0].page_number)
    shown = _get(pro, thread).xpath(f'//div[@id="{relative[0].post_id}"]//p[@class="author"]/time')[0]
    assert is_relative(shown.text) and shown.get("datetime") == relative[0].time + "+00:00"
    page = _get(pro, pro.thread_target(int(posts[0].thread_id), 1))
    assert page.xpath("//h1")[0].text == "Tinkerers Board" and page.xpath("//h2/a")[0].text == posts[0].thread_title
    assert page.xpath('//link[@rel="canonical"]/@href')[0].endswith(f"/viewtopic.php?t={posts[0].thread_id}")
    assert page.xpath('//div[@class="signature"]') and page.xpath('//dd[@class="profile-joined"]')
    board = _get(pro, "/viewforum.php?f=3")
    assert board.xpath('//li[contains(@class, "global-announce")]') and board.xpath('//li[contains(@class, "sticky")]')

    dposts = disc.posts()
    assert any(p.text == WITHDRAWN for p in dposts) and sum(": " in p.text[:20] for p in dposts) > 20
    longest = max(disc.data.threads.values(), key=lambda t: len(t.posts))
    page2 = _get(disc, disc.thread_target(longest.tid, 2))
    pager = [a.text for a in page2.xpath('//div[@role="navigation"]//a')]
    assert pager == ["← previous page", "next page →"]  # no page numbers anywhere
    latest = _get(disc, "/")
    assert [a.text for a in latest.xpath('//a[@rel="next"]')] == ["next page"]
    assert latest.xpath('//a[starts-with(@href, "/tag/")]')


def test_generation_is_deterministic() -> None:
    for cls in (ProsilverForum, DiscourseForum):
        a, b = cls(size=SIZE), cls(size=SIZE)
        assert a.posts() == b.posts()
        target = sorted(a.thread_targets())[0]
        assert _get(a, target).text_content() == _get(b, target).text_content()
        assert cls(size=SIZE, seed=1).posts() != a.posts()


def _crawl_checked(site: Forum, serve: Callable[..., FixtureWeb], tmp_path: Path) -> list[dict]:
    result, hits, base = _crawl(serve, site, tmp_path)
    coverage, effectiveness = _score(site, hits)
    assert coverage >= 0.99
    assert effectiveness >= 0.85
    truth = site.posts()
    assert sorted((i["thread_title"], i["position"], i["text"]) for i in result.items) == sorted(
        (p.thread_title, p.position, p.text) for p in truth
    )
    by_thread: dict[str, list[dict]] = defaultdict(list)
    for item in result.items:
        by_thread[item["thread_url"]].append(item)
    assert len(by_thread) == len({p.thread_id for p in truth})
    for items in by_thread.values():
        items.sort(key=lambda i: i["position"])
        assert items[0]["page_url"] == items[0]["thread_url"] and items[0]["thread_url"].startswith(base)
        assert [i["page_number"] for i in items] == [(i["position"] - 1) // site.posts_per_page + 1 for i in items]
    return result.items


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("prosilver", marks=pytest.mark.xfail(reason=_LOST_STICKY, strict=False)),
        pytest.param("discourse", marks=pytest.mark.xfail(reason=_SPLIT_THREADS, strict=False)),
    ],
)
def test_crawl_gets_every_post_once(name: str, serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    site = ProsilverForum(size=SIZE) if name == "prosilver" else DiscourseForum(size=SIZE)
    _crawl_checked(site, serve, tmp_path)


@pytest.mark.parametrize("cls", [ProsilverForum, DiscourseForum])
def test_post_time_and_author_match_the_truth(
    cls: type[Forum], serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    site = cls(size=SIZE)
    result, _hits, _base = _crawl(serve, site, tmp_path)
    # Discourse numbers posts per topic: a post id is unique only with its thread
    truth = {(p.thread_title, p.post_id): p for p in site.posts()}
    got = {(i["thread_title"], i["post_id"]): i for i in result.items}
    # every emitted post is a true one; whether all are emitted is test_crawl_gets_every_post_once's question
    assert set(got) <= set(truth) and len(got) >= 0.9 * len(truth)
    wrong = [(k, (i["author"], i["time"]), (truth[k].author, truth[k].time)) for k, i in got.items()]
    wrong = [w for w in wrong if w[1] != w[2]]
    assert not wrong, wrong[:5]
    if cls is ProsilverForum:  # relative times ('Today, 9:41 am') come out as their <time datetime>
        assert any("T" in i["time"] for i in result.items)


def test_forums_the_spider_fails_on_stay_out_of_the_registry() -> None:
    assert {"prosilver": ProsilverForum, "discourse": DiscourseForum} == FAILING_FORUMS
    assert not set(FAILING_FORUMS) & set(FORUMS)  # register them once their crawl tests pass
