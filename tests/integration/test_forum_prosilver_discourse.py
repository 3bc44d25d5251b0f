"""The phpBB 3 prosilver and Discourse fixture forums: they serve what their truth says, and
``scrapy crawl forum`` gets every post of them with its author and time.

Both were ported from a review's generated forums that exposed spider bugs (fixed in 8233eba).
Both are registered in ``FORUMS``, so ``test_forum_crawl`` also measures coverage and
effectiveness on them; the crawl here checks what is particular to them: page numbers from a
'next'/'previous' pager, and each post's author and time (dated quotes, 'Joined:' dates and
relative times around it).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import lxml.html
import pytest

from tests.helpers import shown_text, walk_forum
from tests.integration.test_forum_crawl import FORUM_SIZES, SIZE, _crawl
from topiccrawl.demo.forum_discourse import WITHDRAWN, DiscourseForum
from topiccrawl.demo.forum_prosilver import ProsilverForum, is_relative
from topiccrawl.demo.forum_truth import ForumTruth, TruthPost
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


def _site_links(site: Forum, target: str) -> list[str]:
    """The page's links as targets: fragments cut, prosilver's ``./`` made absolute, other hosts left out."""
    out = []
    for href in _get(site, target).xpath("//a/@href"):
        link = href.partition("#")[0]
        link = "/" + link.removeprefix("./") if link.startswith("./") else link
        if link.startswith("/"):
            out.append(link)
    return out


def test_index_board_and_thread_pages_are_reachable_and_noise_is_noise(site: Forum) -> None:
    wanted = site.thread_targets() | site.index_targets()
    seen, links = walk_forum(site, lambda target: _site_links(site, target))
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


@pytest.mark.parametrize("cls", [ProsilverForum, DiscourseForum])
def test_every_post_once_with_its_page_author_and_time(
    cls: type[Forum], serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    site = cls(size=FORUM_SIZES.get(cls.name, SIZE))
    result, _hits, base = _crawl(serve, site, tmp_path)
    truth = site.posts()
    assert sorted((i["thread_title"], i["position"], shown_text(i)) for i in result.items) == sorted(
        (p.thread_title, p.position, p.text) for p in truth
    )
    # the quotations (phpBB's blockquote with its 'X wrote: ↑ date' cite, Discourse's aside.quote)
    # are the records' quotes, not their text
    quoting = [i for i in result.items if i["quotes"]]
    assert len(quoting) > 20 and not any("wrote: ↑" in i["text"] for i in result.items)
    by_thread: dict[str, list[dict]] = defaultdict(list)
    for item in result.items:
        by_thread[item["thread_url"]].append(item)
    assert len(by_thread) == len({p.thread_id for p in truth})
    for items in by_thread.values():
        items.sort(key=lambda i: i["position"])
        assert items[0]["page_url"] == items[0]["thread_url"] and items[0]["thread_url"].startswith(base)
        # Discourse's pager has 'next'/'previous' links only: the page number comes from the flip
        assert [i["page_number"] for i in items] == [(i["position"] - 1) // site.posts_per_page + 1 for i in items]
    # Discourse numbers posts per topic: a post id is unique only with its thread
    expected = {(p.thread_title, p.post_id): (p.author, p.time) for p in truth}
    wrong = [
        (k, v)
        for i in result.items
        if (v := (i["author"], i["time"])) != expected[k := (i["thread_title"], i["post_id"])]
    ]
    assert not wrong, wrong[:5]
    if cls is ProsilverForum:  # relative times ('Today, 9:41 am') come out as their <time datetime>
        assert any("T" in i["time"] for i in result.items)
