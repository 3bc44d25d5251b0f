"""Throughput of the whole pipeline chain, in pages per CPU-second, with each step's share.

Feeds the fixture topical web through the real components (page-context spider
middleware, then main text -> exact dups -> near dups -> enrichment -> storage,
built from the project settings with a temporary state directory): every page of
the duplicate site (each article in five variants) and the sample site, plus the
two real Chinese news pages from ``tests/fixtures/news``. Items start as the
baseline ``follow`` spider makes them (the body's text). CPU time is
``time.process_time`` per step.

    python benchmarks/pipeline_throughput.py [--articles 100]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scrapy.exceptions import DropItem  # noqa: E402
from scrapy.http import HtmlResponse, Request  # noqa: E402
from scrapy.utils.misc import build_from_crawler, load_object  # noqa: E402
from scrapy.utils.project import get_project_settings  # noqa: E402
from scrapy.utils.test import get_crawler  # noqa: E402

from topiccrawl.demo.dupsite import VARIANTS, DupSite  # noqa: E402
from topiccrawl.demo.sample import SampleSite  # noqa: E402
from topiccrawl.items import TopicPage  # noqa: E402
from topiccrawl.keywords import keywords  # noqa: E402
from topiccrawl.maintext import extract_main_text  # noqa: E402
from topiccrawl.pipelines.maintext import PageContextMiddleware  # noqa: E402
from topiccrawl.textutil import normalize_space  # noqa: E402


def _pages(articles: int) -> list[tuple[str, bytes, str]]:
    """(URL, body, encoding) of every page; the charset middleware's work is not measured here."""
    site = DupSite(articles, seed=7)
    pages = [
        (f"http://news.test{site.path(a.number, v)}", site.render(a, v).encode("utf-8"), "utf-8")
        for a in site.articles
        for v in VARIANTS
    ]
    sample = SampleSite()
    for page in sample.pages:
        reply = SampleSite.render(page)
        charset = "gb18030" if page.charset in ("gbk", "gb18030") else page.charset
        pages.append((f"http://sample.test{page.path}", reply.payload(), charset))
    for name in ("163_article.html", "sina_article.html"):
        pages.append((f"http://real.test/{name}", (ROOT / "tests" / "fixtures" / "news" / name).read_bytes(), "utf-8"))
    return pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=100)
    args = parser.parse_args()
    pages = _pages(args.articles)
    settings = get_project_settings()
    with tempfile.TemporaryDirectory() as state:
        # The project's own settings (no reactor: components run here without one).
        own = {k: v for k, v in settings.copy_to_dict().items() if k.startswith("TOPICCRAWL_")}
        crawler = get_crawler(settings_dict={**own, "TOPICCRAWL_STATE_DIR": state})
        middleware = build_from_crawler(PageContextMiddleware, crawler)
        steps = []
        for path, _order in sorted(settings.getdict("ITEM_PIPELINES").items(), key=lambda kv: kv[1]):
            component = build_from_crawler(load_object(path), crawler)
            if hasattr(component, "open_spider"):
                component.open_spider()
            steps.append((path.rsplit(".", 1)[-1], component))
        cpu: dict[str, float] = defaultdict(float)
        # One-time costs (jieba's dictionary, the IDF table, trafilatura's imports) are reported apart.
        t0 = time.process_time()
        keywords("预热一下分词器和词频表")
        extract_main_text("<html><body><p>预热</p></body></html>")
        cpu["(one-time: jieba, IDF, imports)"] = time.process_time() - t0
        kept = dropped = 0
        start = time.process_time()
        for url, body, encoding in pages:
            t0 = time.process_time()
            response = HtmlResponse(url, body=body, encoding=encoding, request=Request(url))
            text = normalize_space(" ".join(response.xpath("//body//text()[not(ancestor::script)]").getall()))
            item = TopicPage(url=url, title="", text=text, fetched_at="2026-01-01T00:00:00+00:00")
            list(middleware.process_spider_output(response, [item]))
            cpu["(spider: body text + context)"] += time.process_time() - t0
            try:
                for name, step in steps:
                    t0 = time.process_time()
                    try:
                        item = step.process_item(item)
                    finally:
                        cpu[name] += time.process_time() - t0
                kept += 1
            except DropItem:
                dropped += 1
        total = time.process_time() - start
        for _name, step in steps:
            if hasattr(step, "close_spider"):
                step.close_spider()
    chain = sum(v for k, v in cpu.items() if not k.startswith("("))
    print(f"{len(pages)} pages ({kept} kept, {dropped} dropped as duplicates), {total:.2f} CPU-s in all")
    for name, seconds in cpu.items():
        share = f"{seconds / chain:6.1%} of chain" if not name.startswith("(") else ""
        print(f"  {name:30} {seconds:7.3f} CPU-s {share}")
    main_share = cpu["MainTextPipeline"] / chain
    print(f"pipeline_pages_per_cpu_s={len(pages) / chain:.1f} maintext_share={main_share:.3f}")


if __name__ == "__main__":
    main()
