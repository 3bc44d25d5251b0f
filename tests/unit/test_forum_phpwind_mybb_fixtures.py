"""The PHPWind 8.7 and MyBB 1.8 fixture forums (held out from the spider) agree with their own truth."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from topiccrawl.demo.forum_mybb import MybbForum
from topiccrawl.demo.forum_phpwind import PhpwindForum
from topiccrawl.demo.forum_truth import ForumTruth, TruthPost
from topiccrawl.demo.server import SiteRequest
from topiccrawl.forum.regions import parse_html


def _phpwind_page(post: TruthPost) -> str:
    return f"/read.php?tid={post.thread_id}&page={post.page_number}"


def _mybb_page(post: TruthPost) -> str:
    page = f"&page={post.page_number}" if post.page_number > 1 else ""
    return f"/showthread.php?tid={post.thread_id}{page}"


FORUMS: list[tuple[Callable[..., ForumTruth], Callable[[TruthPost], str]]] = [
    (PhpwindForum, _phpwind_page),
    (MybbForum, _mybb_page),
]


def _get(site: ForumTruth, target: str) -> str:
    reply = site.handle(SiteRequest("GET", target, {}, "http://forum.test"))  # type: ignore[attr-defined]
    assert reply.status == 200, target
    return reply.payload().decode(site.charset)


@pytest.mark.parametrize(("factory", "page_of"), FORUMS, ids=["phpwind", "mybb"])
def test_every_post_is_on_its_thread_page_and_every_thread_page_is_canonical(
    factory: Callable[..., ForumTruth], page_of: Callable[[TruthPost], str]
) -> None:
    site = factory(size=0.3)
    posts = site.posts()
    assert posts and site.thread_targets() and site.index_targets()
    pages: dict[str, str] = {}
    for post in posts:
        target = page_of(post)
        assert site.classify(target) == "thread" and site.canonical(target) in site.thread_targets(), target
        if target not in pages:
            pages[target] = "".join(parse_html(_get(site, target)).text_content().split())
        # (lines of code and quotes join differently in a page's text: compare without whitespace,
        # the post's first and last words, which are its own)
        text = "".join(post.text.split())
        assert text[:24] in pages[target] and text[-24:] in pages[target], (target, post.position)
        assert "".join(post.author.split()) in pages[target], (target, post.position)
    assert {site.canonical(t) for t in pages} == set(site.thread_targets())
    # positions run 1..n in every thread
    by_thread: dict[str, list[int]] = {}
    for post in posts:
        by_thread.setdefault(post.thread_id, []).append(post.position)
    assert all(p == list(range(1, len(p) + 1)) for p in by_thread.values())


@pytest.mark.parametrize(("factory", "page_of"), FORUMS, ids=["phpwind", "mybb"])
def test_pages_are_deterministic(factory: Callable[..., ForumTruth], page_of: Callable[[TruthPost], str]) -> None:
    a, b = factory(size=0.3), factory(size=0.3)
    targets = [a.start_target(), *sorted(a.index_targets())[:3], *sorted(a.thread_targets())[:5]]
    for target in targets:
        assert _get(a, target) == _get(b, target), target


def test_phpwind_is_served_in_gbk() -> None:
    site = PhpwindForum(size=0.3)
    reply = site.handle(SiteRequest("GET", site.start_target(), {}, "http://forum.test"))
    body = reply.payload()
    assert "charset=gbk" in body.decode("gbk").lower()
    with pytest.raises(UnicodeDecodeError):
        body.decode("utf-8")
