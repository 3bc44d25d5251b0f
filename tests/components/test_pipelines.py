"""Each pipeline with hand-built items, through a real crawler's settings and stats."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from scrapy.exceptions import DropItem, NotConfigured
from scrapy.http import HtmlResponse, Request
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from topiccrawl.demo.dupsite import DupSite
from topiccrawl.fingerprint import from_hex, hamming, text_fingerprint
from topiccrawl.items import ForumPost, TopicPage
from topiccrawl.pipelines.enrich import EnrichmentPipeline
from topiccrawl.pipelines.exactdup import ExactDuplicatePipeline
from topiccrawl.pipelines.maintext import MainTextPipeline, PageContextMiddleware
from topiccrawl.pipelines.neardup import NearDuplicatePipeline
from topiccrawl.pipelines.storage import StoragePipeline
from topiccrawl.store.db import state_db_path
from topiccrawl.store.pages import SqlitePageStore

SITE = DupSite(6, seed=5)
ARTICLE = SITE.articles[0]
LONG_TEXT = "\n".join(ARTICLE.paragraphs)


def _crawler(tmp_path: Path, **settings: Any):
    return get_crawler(settings_dict={"TOPICCRAWL_STATE_DIR": str(tmp_path / "state"), **settings})


def _open(cls, crawler):
    component = build_from_crawler(cls, crawler)
    if hasattr(component, "open_spider"):
        component.open_spider()
    return component


def _page(url: str, text: str, **fields: Any) -> TopicPage:
    return TopicPage(url=url, text=text, fetched_at="2026-01-01T00:00:00+00:00", **fields)


def _post(thread: str, position: int, author: str, text: str) -> ForumPost:
    return ForumPost(thread_url=thread, page_url=thread, position=position, author=author, text=text)


def _response(path: str, variant: str, headers: dict[str, str] | None = None) -> HtmlResponse:
    url = f"http://news.test{path}"
    body = SITE.render(ARTICLE, variant).encode("utf-8")
    return HtmlResponse(url, body=body, encoding="utf-8", headers=headers or {}, request=Request(url))


# --- main text -------------------------------------------------------------------------
def test_main_text_replaces_body_text_and_fills_metadata(tmp_path: Path) -> None:
    crawler = _crawler(tmp_path)
    middleware = build_from_crawler(PageContextMiddleware, crawler)
    pipeline = build_from_crawler(MainTextPipeline, crawler)
    response = _response("/news/0.html", "news")
    body_text = " ".join(response.xpath("//body//text()").getall())
    item = _page(response.url, body_text)
    assert list(middleware.process_spider_output(response, [item])) == [item]

    out = pipeline.process_item(item)
    assert "首页 新闻 本地" in body_text and "首页 新闻 本地" not in out["text"]
    assert "广告" not in out["text"] and "版权所有" not in out["text"]
    assert ARTICLE.paragraphs[1] in out["text"]
    assert out["title"] == ARTICLE.title
    assert out["published"] == ARTICLE.published
    assert "html" not in out  # raw HTML never rides on the item
    assert crawler.stats.get_value("topiccrawl/maintext/extracted") == 1


def test_main_text_fill_only_mode_keeps_spider_text(tmp_path: Path) -> None:
    crawler = _crawler(tmp_path, TOPICCRAWL_MAINTEXT_REPLACE=False)
    middleware = build_from_crawler(PageContextMiddleware, crawler)
    pipeline = build_from_crawler(MainTextPipeline, crawler)
    response = _response("/news/0.html", "news")
    kept = _page(response.url, "the spider's own main text")
    empty = _page(response.url, "")
    list(middleware.process_spider_output(response, [kept]))
    assert pipeline.process_item(kept)["text"] == "the spider's own main text"
    assert ARTICLE.paragraphs[0][:20] in pipeline.process_item(empty)["text"]


def test_main_text_leaves_forum_posts_and_pages_without_html(tmp_path: Path) -> None:
    crawler = _crawler(tmp_path)
    pipeline = build_from_crawler(MainTextPipeline, crawler)
    post = _post("http://f.test/t/1", 1, "a", "原帖内容")
    assert pipeline.process_item(post)["text"] == "原帖内容"
    page = _page("http://elsewhere.test/", "spider text")
    assert pipeline.process_item(page)["text"] == "spider text"
    assert crawler.stats.get_value("topiccrawl/maintext/no_html") == 1


@pytest.mark.parametrize(
    ("cls", "setting"),
    [
        (MainTextPipeline, "TOPICCRAWL_MAINTEXT_ENABLED"),
        (ExactDuplicatePipeline, "TOPICCRAWL_EXACTDUP_ENABLED"),
        (NearDuplicatePipeline, "TOPICCRAWL_NEARDUP_ENABLED"),
        (EnrichmentPipeline, "TOPICCRAWL_ENRICH_ENABLED"),
        (StoragePipeline, "TOPICCRAWL_STORAGE_ENABLED"),
    ],
)
def test_each_pipeline_can_be_switched_off(tmp_path: Path, cls: type, setting: str) -> None:
    with pytest.raises(NotConfigured, match=setting):
        build_from_crawler(cls, _crawler(tmp_path, **{setting: False}))


# --- exact duplicates --------------------------------------------------------------------
def test_exact_copy_is_dropped_or_marked(tmp_path: Path) -> None:
    pipeline = _open(ExactDuplicatePipeline, _crawler(tmp_path))
    first = pipeline.process_item(_page("http://a.test/1", LONG_TEXT))
    assert len(first["checksum"]) == 40
    with pytest.raises(DropItem, match=r"http://a\.test/1"):
        pipeline.process_item(_page("http://mirror.test/1", "  " + LONG_TEXT.replace("\n", "  \n ")))

    marking = _open(ExactDuplicatePipeline, _crawler(tmp_path / "m", TOPICCRAWL_EXACTDUP_ACTION="mark"))
    marking.process_item(_page("http://a.test/1", LONG_TEXT))
    assert marking.process_item(_page("http://b.test/1", LONG_TEXT))["duplicate_of"] == "http://a.test/1"


def test_exact_dedup_of_forum_posts_drops_only_the_same_post_twice(tmp_path: Path) -> None:
    pipeline = _open(ExactDuplicatePipeline, _crawler(tmp_path))
    # '顶' in other threads, by other people, or a double post: separate posts on the site.
    for thread, position, author in [("t1", 2, "甲"), ("t2", 2, "甲"), ("t1", 3, "乙"), ("t1", 4, "甲")]:
        assert pipeline.process_item(_post(f"http://f.test/{thread}", position, author, "顶"))["checksum"]
    with pytest.raises(DropItem):  # the same post (thread and position) reached twice
        pipeline.process_item(_post("http://f.test/t1", 4, "甲", "顶"))


def test_a_post_stored_before_its_job_was_resumed_is_emitted_again_not_dropped_as_unchanged(
    tmp_path: Path,
) -> None:
    # A forum crawl killed outright may have stored a post its feed never wrote; resumed, it
    # emits the post again. Only a post stored by an earlier job is unchanged news.
    post = _post("http://f.test/t1", 1, "甲", "楼主的第一帖")
    post["fetched_at"] = "2026-01-02T00:00:00+00:00"
    first = _crawler(tmp_path)
    _open(StoragePipeline, first).process_item(_open(ExactDuplicatePipeline, first).process_item(post))
    for started, dropped in [("2026-01-01T00:00:00+00:00", False), ("2026-01-03T00:00:00+00:00", True)]:
        crawler = _crawler(tmp_path)
        crawler.spider = SimpleNamespace(job_started=started)
        pipeline = _open(ExactDuplicatePipeline, crawler)
        if dropped:
            with pytest.raises(DropItem, match="exact unchanged"):
                pipeline.process_item(_post("http://f.test/t1", 1, "甲", "楼主的第一帖"))
        else:
            assert pipeline.process_item(_post("http://f.test/t1", 1, "甲", "楼主的第一帖"))["checksum"]


def test_empty_texts_are_not_duplicates_of_each_other(tmp_path: Path) -> None:
    crawler = _crawler(tmp_path)
    pipeline = _open(ExactDuplicatePipeline, crawler)
    for i in range(3):
        assert "checksum" not in pipeline.process_item(_page(f"http://a.test/{i}", ""))
    assert crawler.stats.get_value("topiccrawl/exactdup/no_text") == 3


def test_bad_action_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="TOPICCRAWL_NEARDUP_ACTION must be one of drop, mark"):
        build_from_crawler(NearDuplicatePipeline, _crawler(tmp_path, TOPICCRAWL_NEARDUP_ACTION="delete"))


# --- near duplicates ---------------------------------------------------------------------
def _edited(text: str) -> str:
    return text.replace("，", "，据悉，", 1)


def test_near_duplicate_is_dropped_with_the_original_named(tmp_path: Path) -> None:
    crawler = _crawler(tmp_path)
    pipeline = _open(NearDuplicatePipeline, crawler)
    original = pipeline.process_item(_page("http://a.test/1", LONG_TEXT))
    copy = _page("http://b.test/1", _edited(LONG_TEXT))
    with pytest.raises(DropItem, match=r"near duplicate \(<= 3 bits\) of http://a.test/1"):
        pipeline.process_item(copy)
    assert hamming(from_hex(original["simhash"]), from_hex(copy["simhash"])) <= 3
    other = SITE.articles[1]
    assert pipeline.process_item(_page("http://a.test/2", "\n".join(other.paragraphs)))["simhash"]
    assert crawler.stats.get_value("topiccrawl/neardup/duplicate") == 1


def test_mark_mode_keeps_the_copy(tmp_path: Path) -> None:
    pipeline = _open(NearDuplicatePipeline, _crawler(tmp_path, TOPICCRAWL_NEARDUP_ACTION="mark"))
    pipeline.process_item(_page("http://a.test/1", LONG_TEXT))
    assert pipeline.process_item(_page("http://b.test/1", _edited(LONG_TEXT)))["duplicate_of"] == "http://a.test/1"


def test_tiny_texts_never_collide_and_posts_are_not_near_deduplicated(tmp_path: Path) -> None:
    pipeline = _open(NearDuplicatePipeline, _crawler(tmp_path))
    for i, text in enumerate(["", "顶", "谢谢分享", "好文"]):
        assert "simhash" not in pipeline.process_item(_page(f"http://a.test/{i}", text))
    # Long identical posts in two threads (a quoted repost) both stay; exact dedup scopes posts.
    for thread in ("t1", "t2"):
        post = pipeline.process_item(_post(f"http://f.test/{thread}", 5, "甲", LONG_TEXT))
        assert post["simhash"] and "duplicate_of" not in post


def test_a_recrawled_page_is_not_a_duplicate_of_itself(tmp_path: Path) -> None:
    pipeline = _open(NearDuplicatePipeline, _crawler(tmp_path))
    pipeline.process_item(_page("http://a.test/1", LONG_TEXT))
    assert pipeline.process_item(_page("http://a.test/1", _edited(LONG_TEXT)))["simhash"]


def test_index_persists_across_crawls(tmp_path: Path) -> None:
    first = _open(NearDuplicatePipeline, _crawler(tmp_path))
    first.process_item(_page("http://a.test/1", LONG_TEXT))
    first.close_spider()
    assert (tmp_path / "state" / "neardup.npz").exists()

    second = _open(NearDuplicatePipeline, _crawler(tmp_path))
    assert len(second.index) == 1
    with pytest.raises(DropItem):
        second.process_item(_page("http://b.test/1", _edited(LONG_TEXT)))


def test_index_recovers_pages_stored_by_a_killed_crawl(tmp_path: Path) -> None:
    crawler = _crawler(tmp_path)
    near = _open(NearDuplicatePipeline, crawler)
    storage = _open(StoragePipeline, crawler)
    storage.process_item(near.process_item(_page("http://a.test/1", LONG_TEXT)))
    # No close_spider: the crawl was killed; the index file was never written.
    assert not (tmp_path / "state" / "neardup.npz").exists()
    again = _open(NearDuplicatePipeline, _crawler(tmp_path))
    with pytest.raises(DropItem, match=r"http://a\.test/1"):
        again.process_item(_page("http://b.test/1", _edited(LONG_TEXT)))


MIRROR = LONG_TEXT + "（编辑：李明）"  # a copy a bit or two away: its own fingerprint joins the index


def _run(tmp_path: Path, pages: list[TopicPage], **settings: Any) -> list[str]:
    """One crawl's duplicate and storage steps over ``pages``; the URLs kept."""
    crawler = _crawler(tmp_path, **settings)
    chain = [_open(cls, crawler) for cls in (ExactDuplicatePipeline, NearDuplicatePipeline, StoragePipeline)]
    kept = []
    for page in pages:
        item = page
        try:
            for step in chain:
                item = step.process_item(item)
        except DropItem:
            continue
        kept.append(item["url"])
    for step in chain:
        step.close_spider()
    return kept


def test_a_recrawled_page_is_not_a_duplicate_of_its_copy_dropped_in_an_earlier_run(tmp_path: Path) -> None:
    assert 1 <= hamming(text_fingerprint(LONG_TEXT), text_fingerprint(MIRROR)) <= 3
    # Run 1: an article, and a mirror of it elsewhere (dropped, so never stored).
    first = _run(tmp_path, [_page("http://a.test/1", LONG_TEXT + "阅读 1024"), _page("http://b.test/1", MIRROR)])
    assert first == ["http://a.test/1"]
    # Run 2: the article again, only its view counter changed (digits are not in the simhash).
    updated = _page("http://a.test/1", LONG_TEXT + "阅读 5873")
    assert _run(tmp_path, [updated]) == ["http://a.test/1"]
    record = SqlitePageStore(state_db_path(tmp_path / "state")).get("http://a.test/1")
    assert record is not None and record.checksum == updated["checksum"]
    # A new mirror is still a duplicate, named by the original's URL (not a hex fingerprint).
    with pytest.raises(DropItem, match=r"of http://a\.test/1: http://c\.test/1"):
        _open(NearDuplicatePipeline, _crawler(tmp_path)).process_item(_page("http://c.test/1", MIRROR))


def test_a_fingerprint_of_unknown_owner_drops_nothing(tmp_path: Path) -> None:
    _run(tmp_path, [_page("http://a.test/1", LONG_TEXT), _page("http://b.test/1", MIRROR)])
    (tmp_path / "state" / "neardup.npz.owners.json").unlink(missing_ok=True)  # a state dir from before the file
    near = _open(NearDuplicatePipeline, _crawler(tmp_path))
    assert len(near.index) == 2  # the dropped mirror's fingerprint is there, its owner unknown
    assert near.process_item(_page("http://a.test/1", MIRROR))["simhash"]  # the article now reads like the mirror
    with pytest.raises(DropItem, match=r"of http://a\.test/1:"):  # the article's owner is known from the store
        near.process_item(_page("http://c.test/1", LONG_TEXT))


def test_mark_mode_owner_of_a_copys_fingerprint_is_the_original(tmp_path: Path) -> None:
    settings = {"TOPICCRAWL_NEARDUP_ACTION": "mark"}
    _run(tmp_path, [_page("http://a.test/1", LONG_TEXT), _page("http://b.test/1", MIRROR)], **settings)
    store = SqlitePageStore(state_db_path(tmp_path / "state"))
    copy = store.get("http://b.test/1")
    assert copy is not None and copy.duplicate_of == "http://a.test/1" and copy.simhash is not None
    assert store.key_for_simhash(copy.simhash) == "http://a.test/1"


# --- enrichment ----------------------------------------------------------------------------
def test_enrichment_adds_keywords_and_summary(tmp_path: Path) -> None:
    pipeline = build_from_crawler(EnrichmentPipeline, _crawler(tmp_path, TOPICCRAWL_KEYWORDS_TOP_K=5))
    item = pipeline.process_item(_page("http://a.test/1", LONG_TEXT))
    assert len(item["keywords"]) == 5 and all(k in LONG_TEXT.lower() for k in item["keywords"])
    assert item["summary"] and len(item["summary"]) < len(LONG_TEXT)
    assert all(part in LONG_TEXT for part in item["summary"].split("。") if part)
    short = pipeline.process_item(_post("http://f.test/t", 2, "甲", "同意楼上的看法"))
    assert "summary" not in short
    assert "category" not in short


def test_enrichment_categorises_with_a_trained_model(tmp_path: Path) -> None:
    from topiccrawl.textclf import Example, TextClassifier

    history = ["辛亥革命 武昌起义 清朝 同盟会", "古城墙 祠堂 文物 修缮 历史", "孙中山 三民主义 革命 起义"]
    sport = ["篮球 比赛 加时赛 球员 得分", "足球 联赛 进球 教练", "马拉松 跑者 冠军 比赛"]
    model = tmp_path / "model.joblib"
    TextClassifier.train([Example(t, "history") for t in history] + [Example(t, "sport") for t in sport]).save(model)
    pipeline = build_from_crawler(EnrichmentPipeline, _crawler(tmp_path, TOPICCRAWL_CLASSIFIER_PATH=str(model)))
    assert pipeline.process_item(_page("http://a.test/1", LONG_TEXT))["category"] == "history"
    assert (
        pipeline.process_item(_page("http://a.test/2", "昨晚的篮球比赛打到加时赛，球员得分很高"))["category"] == "sport"
    )


def test_missing_model_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="TOPICCRAWL_CLASSIFIER_PATH: no model file"):
        build_from_crawler(EnrichmentPipeline, _crawler(tmp_path, TOPICCRAWL_CLASSIFIER_PATH=str(tmp_path / "x")))


# --- storage -------------------------------------------------------------------------------------
def test_storage_writes_page_records_with_validators(tmp_path: Path) -> None:
    crawler = _crawler(tmp_path)
    middleware = build_from_crawler(PageContextMiddleware, crawler)
    chain = [_open(cls, crawler) for cls in (MainTextPipeline, ExactDuplicatePipeline, NearDuplicatePipeline)]
    storage = _open(StoragePipeline, crawler)
    response = _response("/news/0.html", "news", {"ETag": '"v1"', "Last-Modified": "Mon, 01 Jan 2024 00:00:00 GMT"})
    item = _page(response.url, "", relevance=0.75)
    list(middleware.process_spider_output(response, [item]))
    for step in chain:
        item = step.process_item(item)
    storage.process_item(item)
    storage.process_item(_post("http://f.test/t1", 3, "甲", "顶"))
    storage.close_spider()

    store = SqlitePageStore(state_db_path(tmp_path / "state"))
    page = store.get(response.url)
    assert page is not None and page.etag == '"v1"' and page.last_modified.startswith("Mon, 01 Jan 2024")
    assert page.checksum == item["checksum"] and page.simhash == from_hex(item["simhash"])
    assert page.relevance == 0.75 and page.page_type == "topic_page" and page.title == ARTICLE.title
    post = store.get("http://f.test/t1#3")
    assert post is not None and post.page_type == "forum_post" and post.simhash is None
    assert store.key_for_checksum(item["checksum"]) == response.url
    assert len(store) == 2


def test_page_context_table_is_bounded_and_drops_html_after_use(tmp_path: Path) -> None:
    from topiccrawl.pipelines.common import PageContext, PageContexts, page_contexts

    table = PageContexts(capacity=3)
    for i in range(5):
        table.put(f"u{i}", PageContext("<html/>", None, None))
    assert len(table) == 3 and table.get("u0") is None and table.get("u4") is not None

    crawler = _crawler(tmp_path)
    middleware = build_from_crawler(PageContextMiddleware, crawler)
    response = _response("/news/0.html", "news", {"ETag": '"e"'})
    item = _page(response.url, "")
    list(middleware.process_spider_output(response, [item]))
    build_from_crawler(MainTextPipeline, crawler).process_item(item)
    context = page_contexts(crawler).get(response.url)
    assert context is not None and context.html is None and context.etag == '"e"'
