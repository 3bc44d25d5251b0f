"""A crawl of a site full of near duplicates stores each article once, and a re-crawl stores nothing new."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

from tests.helpers import crawl
from topiccrawl.demo.dupsite import VARIANTS, DupSite
from topiccrawl.store.db import connect, state_db_path

# The variants of each article here are within k=3 bits of each other; how often
# the k=3 rule misses real near duplicates is measured by benchmarks/neardup_quality.py.
SITE = DupSite(articles=6, seed=5)


def test_crawl_stores_each_article_once(serve, tmp_path: Path) -> None:
    web = serve({"news": SITE})
    base = web.base_urls["news"]
    result = crawl("follow", tmp_path, args={"start_url": base + "/"}).check()

    articles = [SITE.truth[urlsplit(i["url"]).path] for i in result.items if urlsplit(i["url"]).path in SITE.truth]
    assert Counter(articles) == Counter(range(len(SITE.articles)))
    for item in result.items:
        if urlsplit(item["url"]).path in SITE.truth:
            # main text, not the body with navigation and ads
            assert "广告" not in item["text"] and "首页 新闻 本地" not in item["text"]
            assert item["keywords"] and item["summary"] and len(item["simhash"]) == 16
    # Every variant was fetched and all but one per article dropped as a duplicate.
    served = {urlsplit(u).path for u in web.log.urls()}
    assert set(SITE.truth) <= served and len(SITE.truth) == len(SITE.articles) * len(VARIANTS)
    assert result.stats.get("item_dropped_count", 0) == len(SITE.truth) - len(SITE.articles)

    db = connect(state_db_path(tmp_path / "state"))
    stored = db.execute("SELECT url FROM pages WHERE page_type = 'topic_page'").fetchall()
    stored_articles = [SITE.truth[urlsplit(r["url"]).path] for r in stored if urlsplit(r["url"]).path in SITE.truth]
    assert sorted(stored_articles) == list(range(len(SITE.articles)))
    assert (tmp_path / "state" / "neardup.npz").exists()

    # Incremental re-crawl with the same state: old articles are not stored again.
    again_dir = tmp_path / "again"
    again_dir.mkdir()
    again = crawl(
        "follow", again_dir, args={"start_url": base + "/"}, settings={"TOPICCRAWL_STATE_DIR": str(tmp_path / "state")}
    ).check()
    assert [i for i in again.items if urlsplit(i["url"]).path in SITE.truth] == []
