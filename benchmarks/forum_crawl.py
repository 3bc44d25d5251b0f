"""Score ``scrapy crawl forum`` against the breadth-first baseline on every fixture forum.

    python benchmarks/forum_crawl.py [--size 1.0] [--budgets 100,200,500] [--only NAME]

For every forum of :data:`topiccrawl.demo.forums.FORUMS`, serves it locally, runs
``scrapy crawl follow`` (BFS) and ``scrapy crawl forum`` as subprocesses, and counts
from the server's request log (robots.txt excluded), at request budgets (prefixes of
the log in request order) and for the full crawl:

* coverage: share of all thread pages (every page of every thread, by canonical URL) fetched, or
  shown by a one-page view of the whole thread that was (SMF's ``;all``, which holds their posts);
* effectiveness: share of requests that were thread or index (board index, board list) pages.

Also prints how many pages the forum spider fetched before its page types settled
and how many posts it emitted against the ground truth.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers import TEST_SETTINGS, read_jsonl, run_scrapy  # noqa: E402
from topiccrawl.demo.forum_truth import ForumTruth, thread_pages_read  # noqa: E402
from topiccrawl.demo.forums import FORUMS, build_forum  # noqa: E402
from topiccrawl.demo.server import FixtureWeb, Hit  # noqa: E402


def score(truth: ForumTruth, hits: list[Hit]) -> tuple[float, float]:
    got = thread_pages_read(truth, (h.target for h in hits))
    useful = sum(truth.classify(h.target) in {"index", "board", "thread"} for h in hits)
    return len(got) / max(1, len(truth.thread_targets())), useful / max(1, len(hits))


def run(spider: str, start: str, out: Path, max_pages: int = 0) -> tuple[list[dict], dict]:
    stats_path = out.with_suffix(".stats.json")
    # a state directory of its own: what earlier runs stored (seen posts) must not thin this one's output
    state = out.with_suffix(".state")
    settings = {
        **TEST_SETTINGS,
        "LOG_LEVEL": "WARNING",
        "TOPICCRAWL_STATS_FILE": str(stats_path),
        "TOPICCRAWL_STATE_DIR": str(state),
    }
    cli = ["crawl", spider, "-a", f"start_url={start}", "-O", f"{out}:jsonlines"]
    if max_pages:
        cli += ["-a", f"max_pages={max_pages}"]
    for k, v in settings.items():
        cli += ["-s", f"{k}={v}"]
    proc = run_scrapy(*cli, timeout=1800)
    if proc.returncode:
        print(proc.stderr[-3000:], file=sys.stderr)
    stats = json.loads(stats_path.read_text()) if stats_path.exists() else {}
    return read_jsonl(out), stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=float, default=None, help="forum size (default: each forum's own default)")
    ap.add_argument("--budgets", default="100,200,500")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument(
        "--latency", type=float, default=0.0, help="answer each request after a random delay up to this many seconds"
    )
    ap.add_argument(
        "--bfs-pages",
        type=int,
        default=3000,
        help="stop the BFS baseline after this many pages (its 'full' row): login links with a new "
        "referer on every page make a forum endless for a breadth-first crawler",
    )
    args = ap.parse_args()
    budgets = [int(b) for b in args.budgets.split(",") if b]
    rows = []
    worst = {"coverage": 1.0, "effectiveness": 1.0}
    print(f"{'forum':10} {'crawler':7} {'budget':>6} {'requests':>8} {'coverage':>8} {'effect.':>8}")
    for name, factory in FORUMS.items():
        if args.only and name not in args.only:
            continue
        site = build_forum(factory, args.size)
        with FixtureWeb({name: site}, latency=args.latency) as web, tempfile.TemporaryDirectory() as tmp:
            start = web.base_urls[name] + site.start_target()
            extra_info = ""
            for crawler in ("follow", "forum"):
                web.log.clear()
                cap = args.bfs_pages if crawler == "follow" else 0
                items, stats = run(crawler, start, Path(tmp) / f"{crawler}.jsonl", cap)
                hits = [h for h in web.log.hits() if h.target != "/robots.txt"]
                for budget in [*budgets, None]:
                    prefix = hits if budget is None else hits[:budget]
                    if budget is not None and len(hits) < budget:
                        continue
                    cov, eff = score(site, prefix)
                    label = "full" if budget is None else str(budget)
                    print(f"{name:10} {crawler:7} {label:>6} {len(prefix):>8} {cov:>8.3f} {eff:>8.3f}")
                    rows.append((name, crawler, label, len(prefix), cov, eff))
                    if crawler == "forum" and budget is None:
                        worst["coverage"] = min(worst["coverage"], cov)
                        worst["effectiveness"] = min(worst["effectiveness"], eff)
                if crawler == "forum":
                    settled = stats.get("topiccrawl/forum/pages_before_types_settled")
                    types = stats.get("topiccrawl/forum/types")
                    extra_info = (
                        f"{name:10} forum: {types} page types, settled after {settled} pages; "
                        f"posts {len(items)}/{len(site.posts())} (truth); "
                        f"thread pages {len(site.thread_targets())}, index pages {len(site.index_targets())}"
                    )
            print(extra_info)
    print(
        f"SUMMARY forum spider, full crawl, worst template: coverage {worst['coverage']:.3f}, "
        f"effectiveness {worst['effectiveness']:.3f} (targets 0.99 / 0.95)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
