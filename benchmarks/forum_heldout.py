"""Crawl the held-out fixture forums (not in ``FORUMS``) with ``scrapy crawl forum`` and score it.

    python benchmarks/forum_heldout.py [--sizes 0.3,1.0] [--repeat 3] [--only xenforo]

For each of XenForo 2.2, Baidu Tieba, SMF 2.1, Invision Community 4.7, PHPWind 8.7 (GBK), MyBB 1.8,
Vanilla 2.8, Douban groups, NGA (GBK), NodeBB 3, V2EX and Flarum 1.8 for clients without JavaScript
(fixtures written by reviewers who had not read the spider; the last two, added 2026-12-05, not yet
looked at beyond one crawl each), serves it locally, crawls it as a subprocess, and prints per
crawl: requests (robots.txt excluded), coverage and effectiveness as ``benchmarks/forum_crawl.py``
counts them, records emitted against the truth's posts, and how many records are truth posts at
their exact (thread title, position, poster): a post dropped early in a thread moves every later
one, so position alone would count them all right; then, of the records at a truth post's place, the
share whose text is the truth's, exactly and up to whitespace (the truths' authors differ on whether
markup splitting a word is a space: NodeBB's and NGA's join every text node with one, '@ ann', 'x
.', the others write what a reader sees). A truth that keeps a post's quotations in its text (the
vBulletin 3 board, prosilver, Discourse) is compared with the record's quotes followed by its text.
Crawls are concurrent and their order varies, so each is repeated.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.forum_crawl import run, score  # noqa: E402
from topiccrawl.demo.forum_douban import DoubanGroups  # noqa: E402
from topiccrawl.demo.forum_flarum import FlarumForum  # noqa: E402
from topiccrawl.demo.forum_ips import IpsForum  # noqa: E402
from topiccrawl.demo.forum_mybb import MybbForum  # noqa: E402
from topiccrawl.demo.forum_nga import NgaForum  # noqa: E402
from topiccrawl.demo.forum_nodebb import NodebbForum  # noqa: E402
from topiccrawl.demo.forum_phpwind import PhpwindForum  # noqa: E402
from topiccrawl.demo.forum_smf import SmfForum  # noqa: E402
from topiccrawl.demo.forum_tieba import TiebaForum  # noqa: E402
from topiccrawl.demo.forum_v2ex import V2exForum  # noqa: E402
from topiccrawl.demo.forum_vanilla import VanillaForum  # noqa: E402
from topiccrawl.demo.forum_xenforo import XenforoForum  # noqa: E402
from topiccrawl.demo.server import FixtureWeb  # noqa: E402

HELDOUT = {
    "xenforo": XenforoForum,
    "tieba": TiebaForum,
    "smf": SmfForum,
    "ips": IpsForum,
    "phpwind": PhpwindForum,
    "mybb": MybbForum,
    "vanilla": VanillaForum,
    "douban": DoubanGroups,
    "nga": NgaForum,
    "nodebb": NodebbForum,
    "v2ex": V2exForum,
    "flarum": FlarumForum,
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="0.3,1.0")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument(
        "--latency", type=float, default=0.0, help="answer each request after a random delay up to this many seconds"
    )
    args = ap.parse_args()
    print(
        f"{'forum':8} {'size':>4} {'requests':>8} {'coverage':>8} {'effect.':>7} {'records':>13} {'exact':>6} "
        f"{'text':>6} {'text~':>6}"
    )
    for name, factory in HELDOUT.items():
        if args.only and name not in args.only:
            continue
        for size in (float(s) for s in args.sizes.split(",")):
            site = factory(size=size)
            # a multiset: two threads can share a title (Douban's pinned welcome thread in two groups)
            truth = Counter((p.thread_title, p.position, p.author) for p in site.posts())
            texts = defaultdict(set)
            for p in site.posts():
                texts[(p.thread_title, p.position, p.author)].add(p.text)
            for _ in range(args.repeat):
                with FixtureWeb({"forum": site}, latency=args.latency) as web, tempfile.TemporaryDirectory() as tmp:
                    items, _stats = run("forum", web.base_urls["forum"] + site.start_target(), Path(tmp) / "out.jsonl")
                    hits = [h for h in web.log.hits() if h.target != "/robots.txt"]
                coverage, effectiveness = score(site, hits)
                got = Counter((i.get("thread_title"), i.get("position"), i.get("author")) for i in items)
                exact = sum((got & truth).values())
                records = f"{len(items)}/{truth.total()}"
                scores = f"{coverage:8.3f} {effectiveness:7.3f}"
                text, loose = text_scores(items, texts)
                print(
                    f"{name:8} {size:4.1f} {len(hits):8d} {scores} {records:>13} {exact:6d} {text:6.3f} {loose:6.3f}",
                    flush=True,
                )
    return 0


def text_scores(items: list[dict], texts: dict[tuple, set[str]]) -> tuple[float, float]:
    """Of the records at a truth post's place, the shares whose text is the truth's exactly and up
    to whitespace (the text alone, or the quotes and then the text)."""

    def squash(text: str) -> str:
        return "".join(text.split())

    placed = exact = loose = 0
    for item in items:
        want = texts.get((item.get("thread_title"), item.get("position"), item.get("author")))
        if not want:
            continue
        placed += 1
        own = item.get("text") or ""
        shown = {own, " ".join([*(item.get("quotes") or []), own])}
        exact += bool(shown & want)
        loose += bool({squash(t) for t in shown} & {squash(t) for t in want})
    return (exact / placed, loose / placed) if placed else (0.0, 0.0)


if __name__ == "__main__":
    raise SystemExit(main())
