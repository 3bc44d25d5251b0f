from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from scrapy import Request, Spider
from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.http import HtmlResponse
from scrapy.pqueues import ScrapyPriorityQueue
from scrapy.squeues import FifoMemoryQueue, PickleFifoDiskQueue
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from topiccrawl.middlewares.focus import FocusMiddleware, dictionary_output_path
from topiccrawl.middlewares.traps import TrapGuardMiddleware
from topiccrawl.middlewares.upgrades import SupersededRequestMiddleware
from topiccrawl.relevance import PRIORITY_LEVELS

ON_TOPIC = "辛亥革命爆发于武昌。武昌起义之后，同盟会和孙中山领导革命党人建立中华民国，湖北军政府成立。"
OFF_TOPIC = "周末的篮球比赛非常精彩，双方球员打到了加时赛，球迷们在看台上欢呼。"


class PlainSpider(Spider):
    """Any spider: it knows nothing about topics."""

    name = "plain"


def make_middleware(**settings: Any) -> tuple[FocusMiddleware, Any]:
    crawler = get_crawler(PlainSpider, {"TOPICCRAWL_FOCUS_DICTIONARY": "xinhai", "LOGSTATS_INTERVAL": 0, **settings})
    crawler.spider = crawler._create_spider()
    crawler.stats.open_spider()
    return build_from_crawler(FocusMiddleware, crawler), crawler


def page(url: str, text: str, links: list[tuple[str, str]], meta: dict[str, Any] | None = None) -> HtmlResponse:
    anchors = "".join(f'<li><a href="{href}">{anchor}</a></li>' for href, anchor in links)
    body = (
        f"<html><head><title>t</title></head><body><div class='nav'><a href='/'>首页</a></div>"
        f"<article><h1>t</h1><p>{text}</p><p>{text}</p></article><ul>{anchors}</ul></body></html>"
    )
    request = Request(url, meta=meta or {})
    return HtmlResponse(url, body=body.encode("utf-8"), encoding="utf-8", request=request)


def run(mw: FocusMiddleware, response: HtmlResponse, requests: list[Request]) -> list[Request]:
    return [r for r in mw.process_spider_output(response, requests) if isinstance(r, Request)]


def test_disabled_without_a_topic() -> None:
    crawler = get_crawler(PlainSpider, {})
    crawler.spider = crawler._create_spider()
    with pytest.raises(NotConfigured) as off:
        build_from_crawler(FocusMiddleware, crawler)
    assert not off.value.args  # a bare NotConfigured: Scrapy logs a warning for one with a message


def test_priority_follows_the_score_and_anchors_come_from_the_page() -> None:
    mw, crawler = make_middleware()
    links = [
        ("/sports/1.html", "篮球比赛集锦"),
        ("/xinhai/wuchang-qiyi.html", "武昌起义始末"),
        ("/a/9f8e.html", "黄兴与同盟会"),
    ]
    response = page("http://127.0.0.1/x.html", OFF_TOPIC, links)
    out = run(mw, response, [Request(response.urljoin(href)) for href, _ in links])
    by_url = {r.url.rsplit("/", 1)[-1]: r for r in out}
    assert by_url["wuchang-qiyi.html"].priority > by_url["9f8e.html"].priority > 0
    assert "9f8e.html" in by_url and by_url["9f8e.html"].meta["anchor"] == "黄兴与同盟会"
    assert all(isinstance(r.priority, int) and 0 <= r.priority <= PRIORITY_LEVELS for r in out)
    assert by_url["wuchang-qiyi.html"].meta["topic_score"] == pytest.approx(
        by_url["wuchang-qiyi.html"].priority / PRIORITY_LEVELS, abs=1e-3
    )
    assert crawler.stats.get_value("topic/links_scored") == 3


def test_links_with_session_ids_keep_their_anchor() -> None:
    # TrapGuardMiddleware (850) strips session ids from the requests before FocusMiddleware (600)
    # scores them; the page's hrefs still carry them.
    mw, crawler = make_middleware()
    guard = build_from_crawler(TrapGuardMiddleware, crawler)
    links = [("/t1.html?sid=abc123", "辛亥革命与武昌起义"), ("/t3.html;jsessionid=XYZ", "孙中山与同盟会")]
    response = page("http://127.0.0.1/forum.html", OFF_TOPIC, links)
    guarded = list(guard.process_spider_output(response, [response.follow(href) for href, _ in links]))
    assert [r.url for r in guarded] == ["http://127.0.0.1/t1.html", "http://127.0.0.1/t3.html"]
    out = run(mw, response, guarded)
    assert [r.meta["anchor"] for r in out] == ["辛亥革命与武昌起义", "孙中山与同盟会"]
    assert all(r.meta["topic_score"] > 0.5 for r in out)


def test_a_link_through_a_redirector_keeps_its_anchor_and_is_scored_by_the_url_it_carries() -> None:
    mw, crawler = make_middleware()
    guard = build_from_crawler(TrapGuardMiddleware, crawler)
    links = [("/go?url=http%3A%2F%2F127.0.0.2%2Fxinhai%2Fwuchang-qiyi.html", "辛亥革命与武昌起义")]
    response = page("http://127.0.0.1/news.html", OFF_TOPIC, links)
    guarded = list(guard.process_spider_output(response, [response.follow(href) for href, _ in links]))
    (out,) = run(mw, response, guarded)
    assert out.url == "http://127.0.0.2/xinhai/wuchang-qiyi.html"
    assert out.meta["anchor"] == "辛亥革命与武昌起义"  # found on the page under the redirector's href
    assert out.meta["topic_score"] > 0.5


def test_on_topic_parent_lifts_generic_links() -> None:
    mw, _ = make_middleware()
    on = page("http://127.0.0.1/on.html", ON_TOPIC, [("/next1.html", "更多")])
    off = page("http://127.0.0.1/off.html", OFF_TOPIC, [("/next2.html", "更多")])
    (from_on,) = run(mw, on, [Request("http://127.0.0.1/next1.html")])
    # The off-topic parent's link is below the threshold: fetched only as a tunnel hop.
    (from_off,) = run(mw, off, [Request("http://127.0.0.1/next2.html")])
    assert from_on.priority > from_off.priority
    assert from_on.meta["topic_hops"] == 0
    assert from_off.meta["topic_hops"] == 1


def test_tunnelling_budget_drops_links_beyond_it() -> None:
    mw, crawler = make_middleware(TOPICCRAWL_TOPIC_TUNNEL_HOPS=2)
    deep = page("http://127.0.0.1/deep.html", OFF_TOPIC, [("/more.html", "篮球")], meta={"topic_hops": 2})
    assert run(mw, deep, [Request("http://127.0.0.1/more.html")]) == []
    assert crawler.stats.get_value("topic/links_dropped") == 1
    # A relevant link on the same page is still followed, and resets the count.
    deep2 = page("http://127.0.0.1/deep2.html", OFF_TOPIC, [("/x.html", "辛亥革命与武昌起义")], meta={"topic_hops": 2})
    (kept,) = run(mw, deep2, [Request("http://127.0.0.1/x.html")])
    assert kept.meta["topic_hops"] == 0


def test_an_on_topic_page_ends_the_tunnel() -> None:
    # A page reached by tunnelling (its hop budget spent) that turns out to be on topic: its
    # below-threshold links start a new tunnel instead of being dropped.
    mw, crawler = make_middleware(TOPICCRAWL_TOPIC_TUNNEL_HOPS=2)
    on = page("http://127.0.0.1/on.html", ON_TOPIC, [("/a/77.html", "第七章")], meta={"topic_hops": 2})
    (kept,) = run(mw, on, [Request("http://127.0.0.1/a/77.html")])
    assert kept.meta["topic_hops"] == 1  # below the threshold, one hop into a new tunnel
    assert crawler.stats.get_value("topic/links_dropped") is None


def test_pager_anchor_on_an_on_topic_page_is_relevant() -> None:
    mw, crawler = make_middleware()
    on = page("http://127.0.0.1/list_1.html", ON_TOPIC, [("/list_2.html", "下一页")])
    (nxt,) = run(mw, on, [Request("http://127.0.0.1/list_2.html")])
    assert nxt.meta["topic_hops"] == 0
    assert crawler.stats.get_value("topic/links_relevant") == 1


def test_seeds_get_the_best_priority() -> None:
    mw, _ = make_middleware()

    async def start():
        yield Request("http://127.0.0.1/seed")

    import asyncio

    async def collect() -> list[Request]:
        return [r async for r in mw.process_start(start())]

    (seed,) = asyncio.run(collect())
    assert seed.priority == PRIORITY_LEVELS
    assert seed.meta["topic_hops"] == 0


def test_items_update_harvest_stats() -> None:
    mw, crawler = make_middleware()
    on = page("http://127.0.0.1/on.html", ON_TOPIC, [])
    off = page("http://127.0.0.1/off.html", OFF_TOPIC, [])
    list(mw.process_spider_output(on, [{"url": on.url}]))
    list(mw.process_spider_output(off, [{"url": off.url}]))
    assert crawler.stats.get_value("topic/pages") == 2
    assert crawler.stats.get_value("topic/pages_on_topic") == 1
    assert crawler.stats.get_value("topic/harvest_rate") == 0.5


def test_naive_and_bfs_scorings() -> None:
    naive, _ = make_middleware(TOPICCRAWL_TOPIC_SCORING="naive")
    response = page("http://127.0.0.1/p.html", OFF_TOPIC, [("/xinhai/1.html", "辛亥革命与孙中山"), ("/b.html", "篮球")])
    out = run(naive, response, [Request("http://127.0.0.1/xinhai/1.html"), Request("http://127.0.0.1/b.html")])
    assert [r.priority for r in out] == [3, 0]  # two terms in the anchor, one in the URL; nothing dropped
    bfs, _ = make_middleware(TOPICCRAWL_TOPIC_SCORING="bfs")
    out = run(bfs, response, [Request("http://127.0.0.1/xinhai/1.html"), Request("http://127.0.0.1/b.html")])
    assert [r.priority for r in out] == [0, 0]


def _queue_order(crawler: Any, requests: list[Request], key: str, downstream: type) -> list[str]:
    queue = ScrapyPriorityQueue.from_crawler(crawler, downstream, key)
    for request in requests:
        queue.push(request)
    order = []
    while (request := queue.pop()) is not None:
        order.append(request.url)
    queue.close()
    return order


@pytest.mark.parametrize("downstream", [FifoMemoryQueue, PickleFifoDiskQueue])
def test_scheduler_pops_best_first_and_equal_scores_in_arrival_order(tmp_path: Path, downstream: type) -> None:
    mw, crawler = make_middleware()
    links = [(f"/g{i}.html", "下一页") for i in range(3)] + [("/xinhai/t.html", "辛亥革命")]
    links += [(f"/h{i}.html", "下一页") for i in range(3, 5)]
    response = page("http://127.0.0.1/p.html", OFF_TOPIC, links)
    scored = run(mw, response, [Request(response.urljoin(href)) for href, _ in links])
    assert len({r.priority for r in scored if "/g" in r.url or "/h" in r.url}) == 1  # equal scores
    key = str(tmp_path / "q") if downstream is PickleFifoDiskQueue else ""
    order = _queue_order(crawler, scored, key, downstream)
    names = [u.rsplit("/", 1)[-1] for u in order]
    assert names == ["t.html", "g0.html", "g1.html", "g2.html", "h3.html", "h4.html"]


def test_dictionary_is_saved_beside_the_feed(tmp_path: Path) -> None:
    crawler = get_crawler(PlainSpider, {"FEEDS": {str(tmp_path / "pages.jsonl"): {"format": "jsonlines"}}})
    assert dictionary_output_path(crawler.settings) == tmp_path / "pages.dictionary.jsonl"
    crawler = get_crawler(PlainSpider, {"TOPICCRAWL_STATE_DIR": str(tmp_path / "state")})
    assert dictionary_output_path(crawler.settings) == tmp_path / "state" / "topic-dictionary.jsonl"


def test_a_better_link_to_a_queued_url_raises_its_priority_and_the_stale_copy_is_dropped() -> None:
    mw, crawler = make_middleware()
    superseded = build_from_crawler(SupersededRequestMiddleware, crawler)
    target = "http://127.0.0.1/a/9f8e.html"
    weak = page("http://127.0.0.1/x.html", OFF_TOPIC, [("/a/9f8e.html", "篮球比赛集锦")])
    strong = page("http://127.0.0.1/y.html", ON_TOPIC, [("/a/9f8e.html", "武昌起义与辛亥革命始末")])
    [first] = run(mw, weak, [Request(target)])
    [again] = run(mw, weak, [Request(target)])  # no better: left to the dupefilter
    [better] = run(mw, strong, [Request(target)])
    assert not first.dont_filter and not again.dont_filter
    assert better.dont_filter and better.priority >= first.priority + 100
    assert crawler.stats.get_value("topic/priority_upgrades") == 1
    assert superseded.process_request(better) is None
    with pytest.raises(IgnoreRequest):
        superseded.process_request(first)
    assert crawler.stats.get_value("topic/superseded_dropped") == 1
    # the downloader's own copies (a retry) always pass
    assert superseded.process_request(first.replace(meta={**first.meta, "retry_times": 1})) is None


def test_priority_upgrades_can_be_switched_off() -> None:
    mw, crawler = make_middleware(TOPICCRAWL_TOPIC_UPGRADES=False)
    assert mw.focus.upgrades is None
    with pytest.raises(NotConfigured):
        build_from_crawler(SupersededRequestMiddleware, crawler)
    _mw, _crawler = make_middleware(TOPICCRAWL_REDIS_URL="redis://127.0.0.1:1/0")
    assert _mw.focus.upgrades is None  # another worker could not tell the stale copy


def test_calibration_lowers_a_kind_of_link_that_led_off_topic_and_keeps_the_formula_score() -> None:
    calibrated, _ = make_middleware()  # calibrated by default
    plain, _ = make_middleware(TOPICCRAWL_TOPIC_CALIBRATE=False)
    hub = page("http://127.0.0.1/on.html", ON_TOPIC, [(f"/g{i}.html", "更多") for i in range(30)])
    sent = run(calibrated, hub, [Request(f"http://127.0.0.1/g{i}.html") for i in range(30)])
    assert len({r.meta["topic_kind"] for r in sent}) == 1  # generic anchors on an on-topic page
    for request in sent:  # every "more" link of an on-topic page led to an off-topic page
        child = HtmlResponse(
            request.url,
            body=f"<html><body><p>{OFF_TOPIC}</p></body></html>".encode(),
            encoding="utf-8",
            request=request,
        )
        calibrated.focus.assess(child)
    fresh = page("http://127.0.0.1/on2.html", ON_TOPIC, [("/g99.html", "更多"), ("/w.html", "武昌起义始末")])
    links = [Request("http://127.0.0.1/g99.html"), Request("http://127.0.0.1/w.html")]
    by_cal = {r.url: r for r in run(calibrated, fresh, links)}
    by_plain = {r.url: r for r in run(plain, fresh, [r.replace() for r in links])}
    generic, named = "http://127.0.0.1/g99.html", "http://127.0.0.1/w.html"
    assert by_cal[generic].priority < by_plain[generic].priority / 2
    assert by_cal[generic].meta["topic_score"] == by_plain[generic].meta["topic_score"]  # what is fetched: unchanged
    assert by_cal[named].priority == by_plain[named].priority  # a kind not yet seen: the formula's order
