"""A post's links that are its poster's own ('send a message', 'find all posts'), beside the
post's own links ('report', 'reply') in one button bar: the spider tells them apart by whether
they follow the poster from post to post, and pages they lead to make no list of the posts."""

from __future__ import annotations

from collections import Counter

from scrapy import Request

from tests.components.test_forum_spider_order import BASE, _answer, _spider
from topiccrawl.demo.forum_mybb import MybbForum
from topiccrawl.forum.links import pattern_shape, url_pattern
from topiccrawl.forum.posts import PostRecord
from topiccrawl.forum.threads import AssembledPost
from topiccrawl.spiders.forum import ForumSpider
from topiccrawl.spiders.forum_evidence import HELD_PAGES


def _read(spider: ForumSpider, site: MybbForum, target: str, meta: dict[str, object]) -> list[object]:
    request = Request(BASE + target, meta={"forum": {"pattern": url_pattern(BASE + target), **meta}})
    return list(spider.parse(_answer(site, request)))


def _shape(target: str) -> str:
    return pattern_shape(url_pattern(BASE + target))


def _threads_with_repeat_posters(site: MybbForum, count: int) -> list[int]:
    """Threads whose first page shows some poster twice or more."""
    found = []
    for thread in site.data.threads.values():
        posters = Counter(p.uid for p in thread.posts[:20] if p.uid)
        if posters and posters.most_common(1)[0][1] >= 2:
            found.append(thread.tid)
    return found[:count]


def test_a_posts_links_that_follow_its_poster_are_told_from_the_posts_own() -> None:
    site = MybbForum(size=0.3)
    spider, _ = _spider()
    for tid in _threads_with_repeat_posters(site, 3):
        _read(spider, site, f"/showthread.php?tid={tid}", {"slot": None})
    bar = next(s for s in spider.policy.slots.values() if s.shapes[_shape("/report.php?pid=1&type=post")])
    assert spider._poster_shape(bar.key, _shape("/private.php?action=send&uid=1"))  # one per poster
    assert not spider._poster_shape(bar.key, _shape("/report.php?pid=1&type=post"))  # one per post
    assert not spider._poster_shape(bar.key, _shape("/newreply.php?replyto=1&tid=1"))


def test_a_page_about_a_posts_poster_read_as_a_list_does_not_make_the_posts_a_lists() -> None:
    # (MyBB: a guest's 'PM' under a post is a login page whose menus read as a list, and 'Find'
    # redirects to a list of the poster's posts. Read as the bar's first samples, before its
    # 'Report' links showed it leads to a wall, they made the bar a post's way on to lists, so that
    # every thread page read after was a list's and its posts were dropped: 2,256-2,460 of 2,599
    # posts in most full crawls at size 1.0 with answers in random order.)
    site = MybbForum(size=0.3)
    spider, _ = _spider()
    _read(spider, site, "/", {"slot": None})
    _read(spider, site, "/online.php", {"slot": None})  # (the box every such page is drawn in: a list's)
    tids = _threads_with_repeat_posters(site, 3)
    for tid in tids:
        _read(spider, site, f"/showthread.php?tid={tid}", {"slot": None})
    bar = next(s for s in spider.policy.slots.values() if s.shapes[_shape("/report.php?pid=1&type=post")])
    uid = next(p.uid for p in site.data.threads[tids[0]].posts if p.uid)
    target = f"/private.php?action=send&uid={uid}"
    bar.sent += 1
    _read(spider, site, target, {"slot": bar.key, "pattern": url_pattern(BASE + target)})
    assert spider.crawler.stats.get_value("topiccrawl/forum/pages/list") == 2  # online.php, and this
    assert dict(bar.outcomes) == {"unwanted:poster": 1}
    assert spider.policy.state(bar) == "unwanted"
    assert spider._thread_template_state(bar.template) != "list"


def test_a_name_counted_on_fewer_pages_of_another_template_makes_no_members_page() -> None:
    # Tieba's user pages, read as threads before their template was known for a feed's (or never
    # known), have the threads' titles where posts have their posters: a thread the member posted
    # in twice had its title counted as a poster's name, and every post of it went as a member's
    # page's (69-856 of 4,860 posts in about one Tieba 1.0 crawl in four).
    spider, _ = _spider()
    spider.template_roles.update({"posts": Counter(thread=40), "feed": Counter(thread=3)})
    spider.poster_names.update({"posts": Counter({"老王": 5}), "feed": Counter({"补充新人417": 2})})
    spider.thread_template.update({f"{BASE}/p/417": "posts", f"{BASE}/home?un=1": "feed", f"{BASE}/u/1": "posts"})

    def post(url: str, title: str) -> AssembledPost:
        return AssembledPost(url, title, None, url, 1, 1, PostRecord(None, "x", None, "some text"))

    assert not spider._members_page(post(f"{BASE}/p/417", "补充新人417"))
    assert spider._members_page(post(f"{BASE}/home?un=1", "老王"))
    assert spider._members_page(post(f"{BASE}/u/1", "老王"))  # (a member's stream in the threads' template)
    spider.template_roles["feed"]["thread"] = 50  # (the other way round, the feed's count would hold)
    assert spider._members_page(post(f"{BASE}/p/417", "补充新人417"))
    spider.feed_templates.add("feed")  # (and none once the template is known for a feed's)
    assert not spider._members_page(post(f"{BASE}/p/417", "补充新人417"))


def test_a_members_page_read_as_a_thread_holds_its_posts_until_its_template_shows_what_it_is() -> None:
    # Tieba's user pages can read as threads before any of them is known for a feed: their
    # titles ('路飞的贴吧') are no poster's name, and their 15 excerpts each went out as posts
    # (225 in about one Tieba 1.0 crawl in six). A page a post's author field links waits while
    # no page of its template that is no member's has read as a thread.
    spider, _ = _spider()
    spider.template_roles["stream"] = Counter(thread=HELD_PAGES - 1)
    spider.policy.slot("stream", "div/a", "reply").fixed = "skip"  # (its one slot leads nowhere: a thread's)
    member = f"{BASE}/home/main?un=%E8%B7%AF%E9%A3%9E"
    spider.member_pages.add(member)
    spider.page_names[member] = ("stream", "路飞的贴吧", "thread")
    spider.thread_pages["stream"] = [member]

    def held() -> list[tuple[str, AssembledPost]]:
        excerpts = [PostRecord(None, "x", None, f"excerpt {n}") for n in (1, 2)]
        title = "路飞的贴吧"
        return [("stream", AssembledPost(member, title, None, member, 1, n, p)) for n, p in enumerate(excerpts, 1)]

    spider.held = held()
    assert spider._thread_template_state("stream") == "thread"
    assert not list(spider._emit_confirmed()) and len(spider.held) == 2  # (they wait)
    spider.feed_templates.add("stream")  # (another member's page shows the template a feed's)
    assert not list(spider._emit_confirmed(final=True)) and not spider.held
    assert spider.crawler.stats.get_value("topiccrawl/forum/posts_dropped/list_page") == 2
    # ...and a thread read in that template, which no author field links, lets them go
    spider.feed_templates.clear()
    spider.held = held()
    other = f"{BASE}/p/1"
    spider.page_names[other] = ("stream", "A thread", "thread")
    spider.thread_pages["stream"].append(other)
    spider.member_pages.add(other)  # (unless a post's author field is found to link it since)
    assert not list(spider._emit_confirmed()) and len(spider.held) == 2
    spider.member_pages.discard(other)
    assert len(list(spider._emit_confirmed())) == 2 and not spider.held
    # ...as does the end of the crawl: nothing is lost when nothing shows what the page was
    del spider.page_names[other]
    spider.thread_pages["stream"].pop()
    spider.held = held()
    assert len(list(spider._emit_confirmed(final=True))) == 2
    # ...as do HELD_PAGES pages of the template read as threads, every one linked by an author
    # field: no sample of members' pages (a board's rows misread as posts name their threads)
    spider.held = held()
    assert not list(spider._emit_confirmed()) and len(spider.held) == 2
    spider.template_roles["stream"]["thread"] += 1
    assert len(list(spider._emit_confirmed())) == 2 and not spider.held
