from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import crawl, run_scrapy
from topiccrawl.demo.server import FixtureWeb, Reply, SiteRequest, html, not_found
from topiccrawl.demo.topicweb import TopicWeb
from topiccrawl.textclf import Example, TextClassifier

pytestmark = pytest.mark.integration

SIZE = 900  # articles: about 120 on topic, on six hosts
BUDGET = 150


def harvest(web: FixtureWeb, targets: set[str], n: int) -> float:
    urls = web.log.urls()[:n]
    assert len(urls) == n, f"the crawl fetched only {len(urls)} pages"
    return sum(u in targets for u in urls) / n


def test_topic_crawl_beats_breadth_first(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    topic_web = TopicWeb(SIZE)
    web = serve(topic_web.sites(), topic_web.hosts())
    args = {"start_urls": ",".join(topic_web.seed_urls()), "dictionary": "xinhai", "max_pages": BUDGET}
    bfs = crawl("topic", tmp_path / "bfs", args=args, settings={"TOPICCRAWL_TOPIC_SCORING": "bfs"}).check()
    bfs_harvest = harvest(web, topic_web.targets, BUDGET)
    web.log.clear()
    focused = crawl("topic", tmp_path / "topic", args=args).check()
    topic_harvest = harvest(web, topic_web.targets, BUDGET)
    # Better links raised queued URLs' priorities, and no page was fetched twice for it.
    assert focused.stats.get("topic/priority_upgrades", 0) > 0
    fetched = [u for u in web.log.urls() if not u.endswith("/robots.txt")]
    assert len(fetched) == len(set(fetched))
    assert topic_harvest > 2 * bfs_harvest, (topic_harvest, bfs_harvest)
    # One item per fetched page (exported, or dropped by the pipelines as a duplicate).
    for result in (bfs, focused):
        emitted = result.stats.get("item_scraped_count", 0) + result.stats.get("item_dropped_count", 0)
        assert emitted >= BUDGET
        assert len(result.items) == result.stats["item_scraped_count"]

    # Items carry the fields of the contract.
    items = focused.items
    sample = next(i for i in items if i["depth"] > 0)
    for field in ("url", "title", "text", "relevance", "on_topic", "link_score", "depth", "parent_url", "fetched_at"):
        assert field in sample
    assert 0.0 <= sample["relevance"] <= 1.0
    on_topic = [i for i in items if i["on_topic"]]
    # The page relevance agrees with the ground truth on most pages it calls on topic.
    assert sum(i["url"] in topic_web.targets for i in on_topic) >= 0.8 * len(on_topic)
    # Stats: the live harvest rate as the spider sees it, and the dictionary.
    stats = focused.stats
    assert stats["topic/pages"] >= BUDGET
    assert stats["topic/harvest_rate"] == pytest.approx(stats["topic/pages_on_topic"] / stats["topic/pages"], abs=1e-3)
    assert stats["topic/links_scored"] > 0
    # The final dictionary is saved next to the output, static and learned terms with provenance.
    saved = [json.loads(line) for line in (tmp_path / "topic" / "items.dictionary.jsonl").read_text().splitlines()]
    assert {r["source"] for r in saved} <= {"static", "learned"}
    assert sum(r["source"] == "static" for r in saved) > 50
    assert len(saved) == stats["topic/dictionary/terms"]


CHAIN_TEXT = (
    "1911年10月10日，武昌起义爆发，辛亥革命由此开始。革命党人在湖北新军中活动多年，共进会和文学社联合发动起义，"
    "黎元洪被推为湖北军政府都督。随后各省独立，孙中山回国，南京临时政府成立，清帝退位。"
)


class ChainSite:
    """Ten on-topic pages in a row, each linking only to the next with ``anchor`` (names no term)."""

    def __init__(self, anchor: str, length: int = 10) -> None:
        self.anchor = anchor
        self.length = length

    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            return Reply(200, "User-agent: *\nAllow: /\n", {"Content-Type": "text/plain"})
        name = request.path.rsplit("/", 1)[-1]
        if not (name.startswith("p") and name.endswith(".html") and name[1:-5].isdigit()):
            return not_found()
        i = int(name[1:-5])
        if not 1 <= i <= self.length:
            return not_found()
        nxt = f"<a href='/s/p{i + 1}.html'>{self.anchor}</a>" if i < self.length else ""
        return html(
            f"<html><head><meta charset='utf-8'><title>辛亥革命专题 第{i}页</title></head><body><h1>辛亥革命专题</h1>"
            f"<p>{CHAIN_TEXT}（第{i}页，编号{i * 7919}）</p>{nxt}</body></html>"
        )


@pytest.mark.parametrize("anchor", ["下一页", "专题续编"])
def test_a_chain_of_on_topic_pages_is_followed_to_its_end(
    serve: Callable[..., FixtureWeb], tmp_path: Path, anchor: str
) -> None:
    # A generic pager anchor, or one that names no term: either way an on-topic page's link is
    # followed (at worst as a tunnel hop whose count restarts on every on-topic page).
    web = serve({"chain": ChainSite(anchor)})
    args = {"start_url": web.base_urls["chain"] + "/s/p1.html", "dictionary": "xinhai"}
    result = crawl("topic", tmp_path, args=args, settings={"TOPICCRAWL_NEARDUP_ENABLED": False}).check()
    fetched = {u.rsplit("/", 1)[-1] for u in web.log.urls()}
    assert {f"p{i}.html" for i in range(1, 11)} <= fetched, sorted(fetched)
    assert len(result.items) == 10 and all(i["on_topic"] for i in result.items)
    assert result.stats.get("topic/links_dropped", 0) == 0


def test_classifier_and_on_topic_only(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    topic_web = TopicWeb(300, seed=7)
    web = serve(topic_web.sites(), topic_web.hosts())
    # Train on a different web (another seed), as a user would train on pages they labelled.
    examples = [
        Example(" ".join([a.title, *a.paragraphs]), "on_topic" if a.category == "xinhai" else "off_topic")
        for a in TopicWeb(300, seed=99).articles
    ]
    model = tmp_path / "model.joblib"
    TextClassifier.train(examples).save(model)
    result = crawl(
        "topic",
        tmp_path / "clf",
        args={
            "start_urls": ",".join(topic_web.seed_urls()),
            "dictionary": "xinhai",
            "max_pages": 150,  # 60 left some host/port layouts with no on-topic page processed yet
            "classifier": str(model),
            "on_topic_only": "true",
        },
    ).check()
    assert result.items, "no on-topic page exported"
    assert all(i["on_topic"] for i in result.items)
    assert result.stats["topic/pages"] > len(result.items)  # off-topic pages were fetched, not exported
    assert sum(i["url"] in topic_web.targets for i in result.items) >= 0.8 * len(result.items)
    assert web.log.urls()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-a", "dictionary=no-such-topic"], "no bundled dictionary of that name"),
        ([], "-a dictionary="),
        (["-a", "dictionary=xinhai", "-a", "classifier=/nonexistent/model"], "no such file"),
    ],
)
def test_bad_arguments_say_what_is_wrong(args: list[str], message: str) -> None:
    proc = run_scrapy("crawl", "topic", "-a", "start_url=http://127.0.0.1:9/", *args, timeout=60)
    assert message in proc.stdout + proc.stderr
    assert "Spider opened" not in proc.stderr
