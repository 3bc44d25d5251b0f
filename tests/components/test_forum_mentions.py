"""A mention ('@name') in a post links the member's page: the spider never fetches it, and the
mention's slot learns from a sample taken without a fetch that it leads to no thread.

(Flarum, ``topiccrawl.demo.forum_flarum``: a member's page, first reached by a mention, shows the
member's posts in the posts' own template and read as a thread page; its posts link their
discussions, so the post template was taken for a list's, and every discussion page read after
it was a list: 147-382 posts of 2,439 in about one crawl at size 1.0 in four.)"""

from __future__ import annotations

import itertools

from scrapy import Request

from tests.components.test_forum_spider_order import BASE, _answer, _spider
from topiccrawl.demo.forum_flarum import FlarumForum
from topiccrawl.demo.forum_nodebb import NodebbForum
from topiccrawl.demo.forums_base import _FixtureForum
from topiccrawl.demo.server import SiteRequest
from topiccrawl.forum.links import url_pattern
from topiccrawl.forum.posts import is_mention
from topiccrawl.spiders.forum import ForumSpider


def _read(spider: ForumSpider, site: _FixtureForum, target: str) -> list[Request]:
    request = Request(BASE + target, meta={"forum": {"pattern": url_pattern(BASE + target), "slot": None}})
    return [r for r in spider.parse(_answer(site, request)) if isinstance(r, Request)]


def _read_showing(site: _FixtureForum, words: str, count: int = 6) -> tuple[ForumSpider, list[Request]]:
    """A spider fed the index, then the first ``count`` thread pages (by target) that show
    ``words``; with the requests it made, those its idle handler queued included."""
    spider, queue = _spider()
    requests = _read(spider, site, "/")
    pages = (t for t in sorted(site.thread_targets()) if words in site.handle(SiteRequest("GET", t, {}, BASE)).body)
    for target in itertools.islice(pages, count):
        requests += _read(spider, site, target)
    return spider, [*requests, *queue]


def test_mentions_in_posts_are_neither_fetched_nor_kept_for_later() -> None:
    spider, requests = _read_showing(FlarumForum(size=0.3), "UserMention")
    assert requests  # (the discussions' pagers and links are followed)
    assert not [r.url for r in requests if "/u/" in r.url]
    assert not [url for _, url in spider.parked if "/u/" in url]  # (parked links are sampled at the end)
    assert spider.crawler.stats.get_value("topiccrawl/forum/skipped/mention", 0) > 0
    assert spider.thread_pages  # ... and the discussions read as thread pages, under a thread page's template
    assert all(spider._thread_template_state(template) != "list" for template in spider.thread_pages)


def test_a_quotes_mentions_teach_its_slot_without_a_fetch() -> None:
    # NodeBB heads a quote '@name said in <a href="/post/N">': the member's and the quoted post's
    # links share a slot. Its samples were the members' pages, feeds; taken without a fetch now,
    # they still make the slot unwanted, and the quoted posts' links (redirects to thread pages
    # read already) are not fetched either.
    spider, requests = _read_showing(NodebbForum(size=0.3), "said in")
    quoting = [s for s in spider.policy.slots.values() if s.outcomes["unwanted:mention"]]
    assert quoting and all(spider.policy.state(s) == "unwanted" for s in quoting)
    assert not [r.url for r in requests if "/post/" in r.url]


def test_a_mention_is_an_at_sign_and_a_name_of_a_word_or_two() -> None:
    assert is_mention("@Hannah Schmidt") and is_mention("@黄小明") and is_mention(" ＠张三 ")
    assert is_mention("@J. Wilson")
    assert not is_mention("@everyone please read the rules")  # (a title)
    assert not is_mention("email me @ home") and not is_mention("@") and not is_mention("Re: @bob")
