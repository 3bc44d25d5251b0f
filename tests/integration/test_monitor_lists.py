"""``scrapy crawl monitor`` on list pages that change under it: new sessions, position counters,
an empty first list, a redesign that breaks the template."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.helpers import crawl, run_scrapy
from topiccrawl.demo.server import FixtureWeb, Reply, SiteRequest, html, not_found
from topiccrawl.store.watches import WatchStore
from topiccrawl.watchtemplate import resolve_auto, template_to_json

TITLES = [f"Notice {n}: the city council announces new measures for district {n}" for n in range(30)]


class ListPage:
    """Serves ``self.body`` at ``/news/``; tests replace it between runs."""

    def __init__(self) -> None:
        self.body = "<html><body></body></html>"

    def handle(self, request: SiteRequest) -> Reply:
        return html(self.body) if request.path == "/news/" else not_found()


def _news(count: int, suffix: str = "", *, pos: bool = False) -> str:
    rows = []
    for k, n in enumerate(reversed(range(count))):  # newest first
        href = f"show.asp?id={n}&pos={k}" if pos else f"/news/2024-05-{n % 28 + 1:02d}/doc-ihx{1000 + n}.shtml{suffix}"
        rows.append(f'<li><a href="{href}">{TITLES[n]}</a></li>')
    return (
        '<html><body><div class="nav"><a href="/">Home</a> <a href="/about.html">About</a></div>'
        f'<ul class="list">{"".join(rows)}</ul>'
        '<div class="foot"><a href="/privacy.html">Privacy</a></div></body></html>'
    )


def _redesigned(count: int) -> str:
    cards = "".join(
        f'<div class="card"><h3><a href="/a/2024/{2000 + n}.html">{TITLES[n]}</a></h3></div>' for n in range(count)
    )
    return f'<html><body><div class="nav"><a href="/">Home</a></div><div class="main">{cards}</div></body></html>'


def _once(tmp_path: Path) -> list[dict]:
    return crawl("monitor", tmp_path, args={"once": "true"}, settings={"TOPICCRAWL_MONITOR_RATE": 50}).check().items


def _setup(serve: Callable[..., FixtureWeb], tmp_path: Path, template_page: str) -> tuple[ListPage, WatchStore, int]:
    page = ListPage()
    url = serve({"c": page}).base_urls["c"] + "/news/"
    store = WatchStore.in_state_dir(tmp_path / "state")
    watch_id = store.add_watch(url, template_to_json(resolve_auto(template_page, url)))
    return page, store, watch_id


def test_a_new_session_id_in_every_link_is_not_a_new_item(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    page, store, _ = _setup(serve, tmp_path, _news(10, ";jsessionid=AAAA111"))
    page.body = _news(10, ";jsessionid=AAAA111")
    assert _once(tmp_path) == []
    page.body = _news(11, ";jsessionid=BBBB222")
    assert [e["item_title"] for e in _once(tmp_path)] == [TITLES[10]]
    store.close()


def test_a_position_counter_in_every_link_does_not_make_every_item_new(
    serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    page, store, _ = _setup(serve, tmp_path, _news(10, pos=True))
    page.body = _news(10, pos=True)
    assert _once(tmp_path) == []
    page.body = _news(11, pos=True)
    assert [e["item_title"] for e in _once(tmp_path)] == [TITLES[10]]
    store.close()


def test_a_list_empty_at_the_first_fetch_is_the_baseline(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    page, store, watch_id = _setup(serve, tmp_path, _news(12))
    page.body = _news(0)
    assert _once(tmp_path) == []
    assert store.get(watch_id).baselined  # type: ignore[union-attr]
    page.body = _news(2)
    assert sorted(e["item_title"] for e in _once(tmp_path)) == sorted(TITLES[:2])
    store.close()


def test_a_redesign_that_breaks_the_template_is_a_warning_shown_by_watch_list(
    serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    page, store, watch_id = _setup(serve, tmp_path, _news(10))
    page.body = _news(10)
    assert _once(tmp_path) == []
    assert store.last_fetch(watch_id).error is None  # type: ignore[union-attr]
    page.body = _redesigned(11)
    result = crawl("monitor", tmp_path, args={"once": "true"}).check()
    assert result.items == []
    assert result.stats["monitor/template_dropped"] == 1
    assert "WARNING: monitor: watch 1: template matched 0 items, 10 on the previous fetch" in result.log
    last = store.last_fetch(watch_id)
    assert last is not None and last.status == 200 and last.matched == 0
    assert last.error and last.error.startswith("template matched 0 items, 10 on the previous fetch")
    listing = run_scrapy("watch", "list", "-s", f"TOPICCRAWL_STATE_DIR={tmp_path / 'state'}")
    assert "last error: template matched 0 items, 10 on the previous fetch" in listing.stdout, listing.stdout
    store.close()


def _stories(ids: list[int], pinned: int = 0) -> str:
    """A link aggregator: each story's title links its own site; rows carry their ids as classes."""
    rows = "".join(
        f'<div class="thing id-t3_{n:x}k link{" stickied" if k < pinned else ""}"><p class="title">'
        f'<a class="title" href="https://site{n}.example/post/{n}">{TITLES[n]}</a>'
        f'<span class="domain">(<a href="/domain/site{n}.example/">site{n}.example</a>)</span></p>'
        f'<ul class="buttons"><li><a href="/comments/{n}/">{n % 7} comments</a></li>'
        f'<li><a href="/user/u{n % 4}">u{n % 4}</a></li></ul></div><div class="clearleft"></div>'
        for k, n in enumerate(ids)
    )
    return (
        '<html><body><div class="nav"><a href="/">Home</a> <a href="/new/">new</a> <a href="/top/">top</a></div>'
        f'<div id="siteTable">{rows}</div>'
        '<div class="foot"><a href="/about.html">About</a> <a href="/help.html">Help</a></div></body></html>'
    )


def test_a_list_of_links_to_many_sites_gets_a_template_by_place_and_reports_the_new_story(
    serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    first = list(range(12, 2, -1))
    page, store, watch_id = _setup(serve, tmp_path, _stories(first))
    watch = store.get(watch_id)
    assert watch is not None and '"level": "block"' in watch.template
    page.body = _stories(first)
    assert _once(tmp_path) == []
    # a new story on top, the oldest gone, two rows pinned: one new item, and no other
    page.body = _stories([13, *first[:-1]], pinned=2)
    events = _once(tmp_path)
    assert [(e["item_url"], e["item_title"]) for e in events] == [("https://site13.example/post/13", TITLES[13])]
    assert store.last_fetch(watch_id).matched == 10  # type: ignore[union-attr]
    store.close()
