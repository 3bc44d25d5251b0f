"""``scrapy crawl monitor`` against the changing fixture pages: new items, noise, 304s, page changes."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from tests.helpers import crawl
from topiccrawl.demo.changing import LIST_PATHS, ChangingSite
from topiccrawl.demo.server import FixtureWeb
from topiccrawl.store.watches import WatchStore

FAST = {"TOPICCRAWL_MONITOR_RATE": 50}


def _once(tmp_path: Path, **settings: object) -> list[dict]:
    result = crawl("monitor", tmp_path, args={"once": "true"}, settings={**FAST, **settings}).check()
    return result.items


def test_once_reports_exactly_the_new_items_noise_nothing_and_uses_304(
    serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    site = ChangingSite()
    web = serve({"c": site})
    base = web.base_urls["c"]
    store = WatchStore.in_state_dir(tmp_path / "state")
    news = store.add_watch(base + LIST_PATHS["news"], '{"kind": "auto"}', ["json://127.0.0.1/hook"])
    forum = store.add_watch(base + LIST_PATHS["forum"], '{"kind": "auto"}')
    noisy = store.add_watch(base + "/page/noisy.html", '{"kind": "page", "threshold": 3}')
    article = store.add_watch(base + "/page/article.html", '{"kind": "page", "threshold": 3}')
    gone = store.add_watch(base + "/page/gone.html", '{"kind": "auto"}')

    # First run: only learns what is there; a failed fetch is history too.
    assert _once(tmp_path) == []
    [failed] = store.history(gone)
    assert failed.status == 404 and failed.error and "HttpError" in failed.error
    assert store.get(news).template.startswith('{"kind": "links"')  # type: ignore[union-attr]

    site.advance(2)
    events = _once(tmp_path)
    new_items = {(e["watch_id"], e["item_url"], e["item_title"]) for e in events if e["kind"] == "new_item"}
    expected = {(news, base + i.url, i.title) for i in site.items("news")[:2]}
    expected |= {(forum, base + i.url, i.title) for i in site.items("forum")[:2]}
    assert new_items == expected
    changed = [e for e in events if e["kind"] == "page_changed"]
    assert [(e["watch_id"], e["item_url"]) for e in changed] == [(article, base + "/page/article.html")]
    assert all(e["source"] == "monitor" and e["detected_at"] for e in events)
    assert noisy not in {e["watch_id"] for e in events}  # its text differed on every fetch, by noise only

    # Nothing advanced: the list pages answer 304 to the stored validators; no events.
    web.log.clear()
    assert _once(tmp_path) == []
    statuses = {h.target: h.status for h in web.log.hits() if h.target != "/robots.txt"}
    assert statuses[LIST_PATHS["news"]] == statuses[LIST_PATHS["forum"]] == statuses["/page/article.html"] == 304
    assert statuses["/page/noisy.html"] == 200
    history = store.history(news)
    assert [(f.status, f.changed, f.new_items) for f in history] == [(200, False, 0), (200, True, 2), (304, False, 0)]
    store.close()


def test_unsafe_watch_is_skipped_without_the_setting(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    web = serve({"c": ChangingSite()})
    store = WatchStore.in_state_dir(tmp_path / "state")
    watch_id = store.add_watch(web.base_urls["c"] + "/news/", '{"kind": "auto"}')
    result = crawl(
        "monitor", tmp_path, args={"once": "true"}, settings={"TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": False}
    ).check()
    assert result.stats.get("monitor/unsafe_skipped") == 1
    assert [h for h in web.log.hits() if h.target != "/robots.txt"] == []
    # A refusal is a failed fetch in the watch's history (and in scrapy watch list).
    [refused] = store.history(watch_id)
    assert refused.status == 0 and refused.error and "refused: 127.0.0.1 is a private" in refused.error
    store.close()


def test_long_run_picks_up_watches_added_while_running(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    site = ChangingSite()
    web = serve({"c": site})
    base = web.base_urls["c"]
    store = WatchStore.in_state_dir(tmp_path / "state")
    first = store.add_watch(base + "/news/", '{"kind": "auto"}')
    results = []
    run = threading.Thread(
        target=lambda: results.append(
            crawl(
                "monitor",
                tmp_path,
                # Ends once both events are out; the duration is only a safety net.
                args={"duration": 120, "until_events": 2},
                settings={**FAST, "TOPICCRAWL_MONITOR_RELOAD": 0.5, "TOPICCRAWL_MONITOR_MAX_INTERVAL": 0.5},
            )
        )
    )
    run.start()
    # Once the running spider has fetched the first watch, add a second; after its
    # first fetch, both pages gain an item.
    deadline = time.monotonic() + 60
    while not store.history(first) and time.monotonic() < deadline:
        time.sleep(0.1)
    watch_id = store.add_watch(base + "/notice/", '{"kind": "auto"}')
    while not store.history(watch_id) and time.monotonic() < deadline:
        time.sleep(0.1)
    site.advance(1)
    run.join(timeout=120)
    result = results[0].check()
    assert sorted((e["watch_id"], e["item_url"]) for e in result.items) == [
        (first, site.item_urls("news", base)[0]),
        (watch_id, site.item_urls("notice", base)[0]),
    ]
    assert len(store.history(first)) > 2  # revisited, not fetched once
    assert result.stats["finish_reason"] == "finished"
    store.close()


def test_watch_argument_restricts_the_run_and_adds_missing_watches(
    serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    web = serve({"c": ChangingSite()})
    base = web.base_urls["c"]
    store = WatchStore.in_state_dir(tmp_path / "state")
    other = store.add_watch(base + "/notice/", '{"kind": "auto"}')
    crawl("monitor", tmp_path, args={"once": "true", "watch": base + "/news/"}, settings=FAST).check()
    assert [w.url for w in store.watches()] == [base + "/notice/", base + "/news/"]
    assert store.history(other) == []
    assert {h.target for h in web.log.hits()} - {"/robots.txt"} == {"/news/"}
    bad = crawl("monitor", tmp_path, args={"once": "true", "watch": "ftp://example.org/"})
    assert bad.returncode != 0 and "-a watch: 'ftp://example.org/' is not an http(s) URL" in bad.log
    bad = crawl("monitor", tmp_path, args={"once": "true", "watch": "http://[::1/"})
    assert bad.returncode == 2 and "error: -a watch: 'http://[::1/' is not a valid URL (Invalid IPv6 URL)" in bad.log
    store.close()


def test_watch_argument_names_watches_by_id_or_by_url_however_typed(
    serve: Callable[..., FixtureWeb], tmp_path: Path
) -> None:
    web = serve({"c": ChangingSite()})
    base = web.base_urls["c"]
    store = WatchStore.in_state_dir(tmp_path / "state")
    news = store.add_watch(base + LIST_PATHS["news"], '{"kind": "auto"}')
    forum = store.add_watch(base + LIST_PATHS["forum"], '{"kind": "auto"}')
    notice = store.add_watch(base + "/notice/", '{"kind": "auto"}')

    crawl("monitor", tmp_path, args={"once": "true", "watch": str(forum)}, settings=FAST).check()
    assert [len(store.history(w)) for w in (news, forum, notice)] == [0, 1, 0]

    # the news watch's URL with a fragment and a session id is that watch, not a new one
    typed = base + LIST_PATHS["news"] + "?sid=0123456789abcdef0123456789abcdef#top"
    crawl("monitor", tmp_path, args={"once": "true", "watch": typed}, settings=FAST).check()
    assert [w.id for w in store.watches()] == [news, forum, notice]
    assert [len(store.history(w)) for w in (news, forum, notice)] == [1, 1, 0]

    bad = crawl("monitor", tmp_path, args={"once": "true", "watch": f"{notice},99"}, settings=FAST)
    assert bad.returncode == 2 and "-a watch: no watch with id 99 (see: scrapy watch list)" in bad.log
    assert store.history(notice) == []  # nothing was fetched
    store.close()


def test_allowed_private_networks_let_the_monitor_fetch(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    web = serve({"c": ChangingSite()})
    url = web.base_urls["c"] + "/news/"
    settings = {
        **FAST,
        "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": False,
        "TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS": "127.0.0.0/8",
    }
    # -a watch= adds it (checked by the same policy), and the fetch is made.
    result = crawl("monitor", tmp_path, args={"once": "true", "watch": url}, settings=settings).check()
    assert "monitor/unsafe_skipped" not in result.stats
    store = WatchStore.in_state_dir(tmp_path / "state")
    [watch] = store.watches()
    assert watch.url == url and [(f.status, f.error) for f in store.history(watch.id)] == [(200, None)]
    store.close()
