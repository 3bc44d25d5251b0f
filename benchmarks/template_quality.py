"""Precision and recall of ``scrapy template --auto`` (the seed's metric for Algorithm 1).

For each list page: the links of the cluster that :func:`topiccrawl.urlcluster.auto_choose`
picks (the code path of ``scrapy template URL --auto``) against the page's true
item links. Pages: the three changing fixture list pages (truth from the
generator) and two real pages saved from real sites (truth from the page's own
markup: Tieba's thread links ``/p/<digits>``, Discuz!'s thread-title class ``xst``);
then each batch of ``benchmarks/data/list_pages/`` (pages written by helpers who
had not read the clustering, in the styles of real sites, each ``NAME.html`` with
``NAME.json`` holding its URL and true items), with the batch's mean precision and recall.

    .venv/bin/python benchmarks/template_quality.py
"""

from __future__ import annotations

import json
import re
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urldefrag, urljoin

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from w3lib.encoding import html_to_unicode  # noqa: E402

from topiccrawl.demo.changing import LIST_PATHS, ChangingSite  # noqa: E402
from topiccrawl.demo.server import SiteRequest  # noqa: E402
from topiccrawl.urlcluster import auto_choose, extract_links  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "real_pages"
LIST_PAGES = ROOT / "benchmarks" / "data" / "list_pages"
BASE = "http://127.0.0.1:8080"


def tieba_truth(html: str, url: str) -> set[str]:
    return {urljoin(url, href) for href in re.findall(r'href="(/p/\d+)"', html)}


def discuz_truth(html: str, url: str) -> set[str]:
    import lxml.html

    doc = lxml.html.document_fromstring(html)
    return {urljoin(url, str(h)) for h in doc.xpath('//a[contains(concat(" ", @class, " "), " xst ")]/@href')}


def _batch_order(folder: Path) -> tuple[int, str]:
    """batch2 before batch10."""
    digits = re.sub(r"\D", "", folder.name)
    return (int(digits) if digits else 0, folder.name)


def pages() -> list[tuple[str, str, str, Callable[[str, str], set[str]]]]:
    """(name, url, html, truth function)."""
    site = ChangingSite()
    out = []
    for layout, target in LIST_PATHS.items():
        body = site.handle(SiteRequest("GET", target, {}, BASE)).payload().decode("utf-8")
        truth = set(site.item_urls(layout, BASE))
        out.append((f"fixture {layout}", BASE + target, body, lambda _h, _u, t=truth: t))
    tieba = (FIXTURES / "tieba_thread_list.html").read_text(encoding="utf-8")
    out.append(("real Tieba thread list", "https://tieba.baidu.com/f?kw=x", tieba, tieba_truth))
    discuz = (FIXTURES / "discuz_catalog.html").read_text(encoding="utf-8")
    out.append(("real Discuz! thread list", "http://bbs.talkop.com/forum-1-1.html", discuz, discuz_truth))
    return out


def batch(folder: Path) -> list[tuple[str, str, str, Callable[[str, str], set[str]]]]:
    out = []
    for meta_path in sorted(folder.glob("*.json")):
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        _, body = html_to_unicode(None, meta_path.with_suffix(".html").read_bytes())
        truth = set(meta["items"])
        out.append((meta_path.stem, meta["url"], body, lambda _h, _u, t=truth: t))
    return out


def table(rows: list[tuple[str, str, str, Callable[[str, str], set[str]]]]) -> list[tuple[float, float]]:
    """Print one row per page; return each page's (precision, recall)."""
    print("| page | links on page | true items | chosen cluster | chosen | precision | recall |")
    print("| --- | ---: | ---: | --- | ---: | ---: | ---: |")
    precisions, recalls = [], []
    for name, url, body, truth_of in rows:
        links = extract_links(body, url)
        # (a fragment names a place in a page, never another item: links are compared without it)
        truth = {urldefrag(u)[0] for u in truth_of(body, url)}
        cluster = auto_choose(links)
        got = {urldefrag(u)[0] for u in cluster.urls} if cluster else set()
        hits = len(got & truth)
        precision = hits / len(got) if got else 0.0
        recall = hits / len(truth) if truth else 0.0
        precisions.append(precision)
        recalls.append(recall)
        shape = cluster.pattern.describe().split("  in ")[0] if cluster else "(whole page)"
        shape = re.sub(r"^[^/]+", "HOST", shape) if cluster and cluster.pattern.level != "block" else shape
        if len(shape) > 70:
            shape = "..." + shape[-67:]
        print(
            f"| {name} | {len({link.url for link in links})} | {len(truth)} | `{shape}` | {len(got)} "
            f"| {precision:.0%} | {recall:.0%} |"
        )
    return list(zip(precisions, recalls, strict=True))


def main() -> None:
    table(pages())
    folders = sorted((p for p in LIST_PAGES.iterdir() if p.is_dir()), key=_batch_order) if LIST_PAGES.is_dir() else []
    scores: list[tuple[float, float]] = []
    for folder in folders:
        print(f"\n{folder.name}:\n")
        batch_scores = table(batch(folder))
        scores += batch_scores
        print(f"\n{folder.name}: {_summary(batch_scores)}")
    if scores:
        print(f"\nall {len(folders)} batches, {len(scores)} pages: {_summary(scores)}")


def _summary(scores: list[tuple[float, float]]) -> str:
    precision = statistics.fmean(p for p, _ in scores)
    recall = statistics.fmean(r for _, r in scores)
    perfect = sum(p == 1.0 and r == 1.0 for p, r in scores)
    failed = sum(r < 0.5 for _, r in scores)
    return (
        f"mean precision {precision:.3f}, mean recall {recall:.3f}; "
        f"{perfect} of {len(scores)} pages at 100% / 100%, {failed} under 50% recall"
    )


if __name__ == "__main__":
    main()
