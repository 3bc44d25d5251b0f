"""Benchmark: focused crawling of the topical fixture web, scored from the server's request log.

Serves :class:`topiccrawl.demo.topicweb.TopicWeb` (default 10,000 articles on six
hosts; seeds are the home pages of the three hosts without on-topic pages) and
crawls it, one fresh server per run, with:

* ``follow``: ``scrapy crawl follow`` (breadth-first, but only on the seeds' hosts);
* ``bfs``: breadth-first over every host (the topic spider with every priority 0,
  FIFO: same link extraction as topiccrawl, no scoring);
* ``naive``: naive best-first (priority = number of dictionary terms in the anchor
  text and the URL; nothing dropped, static dictionary);
* ``topiccrawl``: the topic spider with its defaults;
* ablations of topiccrawl, one part switched off each: URL term, anchor term,
  parent inheritance, tunnelling, dynamic dictionary, priority upgrades, link calibration;
* ``generic-half``: topiccrawl with ``TOPICCRAWL_TOPIC_GENERIC_INHERIT=0.5``.
* ``prior-3``, ``prior-30``: topiccrawl with ``TOPICCRAWL_TOPIC_CALIBRATION_PRIOR`` 3 and 30 (default 10).

For each run it reports, from the first N requests the servers answered (robots.txt
excluded), the harvest rate (on-topic pages / N) and the target recall (on-topic
pages fetched / all on-topic pages) at N = 500, 1000 and 2000.

    .venv/bin/python benchmarks/topic_crawl.py            # full run (about 10 minutes on 2 cores)
    .venv/bin/python benchmarks/topic_crawl.py --size 3000 --runs bfs,naive,topiccrawl
    .venv/bin/python benchmarks/topic_crawl.py --web nev --runs bfs,naive,topiccrawl   # a held-out web
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from topiccrawl.demo.server import FixtureWeb  # noqa: E402

# The webs to crawl: (module, class, dictionary, default size). ``xinhai`` was written with the
# spider; the others were written by helpers who had not read it, each with the dictionary its
# writer gave as a user would, and are the held-out figures.
WEBS: dict[str, tuple[str, str, str, int]] = {
    "xinhai": ("topiccrawl.demo.topicweb", "TopicWeb", "xinhai", 10_000),
    "nev": ("topiccrawl.demo.topicweb_nev", "NevWeb", "seeds/nev.dictionary.txt", 8_000),
    "quantum": ("topiccrawl.demo.topicweb_quantum", "QuantumWeb", "seeds/quantum.dictionary.txt", 8_000),
}

BUDGETS = (500, 1000, 2000)
FAST = {
    "AUTOTHROTTLE_ENABLED": "False",
    "DOWNLOAD_DELAY": "0",
    "CONCURRENT_REQUESTS": "8",
    "CONCURRENT_REQUESTS_PER_DOMAIN": "4",
    "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": "True",
    "TELNETCONSOLE_ENABLED": "False",
    "LOG_LEVEL": "WARNING",
}
STATIC = {"TOPICCRAWL_TOPIC_GROW": "False"}
RUNS: dict[str, tuple[str, dict[str, str]]] = {
    "follow": ("follow", {}),
    "bfs": ("topic", {"TOPICCRAWL_TOPIC_SCORING": "bfs", **STATIC}),
    "naive": ("topic", {"TOPICCRAWL_TOPIC_SCORING": "naive", **STATIC}),
    "topiccrawl": ("topic", {}),
    "-url": ("topic", {"TOPICCRAWL_TOPIC_USE_URL": "False"}),
    "-anchor": ("topic", {"TOPICCRAWL_TOPIC_USE_ANCHOR": "False"}),
    "-inherit": ("topic", {"TOPICCRAWL_TOPIC_INHERIT": "False"}),
    "-tunnel": ("topic", {"TOPICCRAWL_TOPIC_TUNNELLING": "False"}),
    "-dynamic": ("topic", STATIC),
    "-upgrades": ("topic", {"TOPICCRAWL_TOPIC_UPGRADES": "False"}),
    "generic-half": ("topic", {"TOPICCRAWL_TOPIC_GENERIC_INHERIT": "0.5"}),
    "-calibrate": ("topic", {"TOPICCRAWL_TOPIC_CALIBRATE": "False"}),
    "prior-3": ("topic", {"TOPICCRAWL_TOPIC_CALIBRATION_PRIOR": "3"}),
    "prior-30": ("topic", {"TOPICCRAWL_TOPIC_CALIBRATION_PRIOR": "30"}),
}


def make_web(web: str, size: int | None) -> tuple[object, str]:
    """The web ``web`` of ``size`` articles (its default when None), and its dictionary argument."""
    module, cls, dictionary, default = WEBS[web]
    factory = getattr(importlib.import_module(module), cls)
    # (a bundled name or a file relative to the project, where the crawls run: load_dictionary tells)
    return factory(size=size or default), dictionary


def run(name: str, web: str, size: int | None, budget: int, workdir: Path) -> dict[str, object]:
    spider, settings = RUNS[name]
    topic_web, dictionary = make_web(web, size)
    web = FixtureWeb(topic_web.sites(), topic_web.hosts()).start()
    try:
        cli = [sys.executable, "-m", "scrapy", "crawl", spider]
        cli += ["-a", "start_urls=" + ",".join(topic_web.seed_urls()), "-a", f"max_pages={budget + 20}"]
        if spider == "topic":
            cli += ["-a", f"dictionary={dictionary}"]
        cli += ["-O", str(workdir / f"{name.strip('-')}.jsonl")]
        # a state directory of its own: pages stored by earlier runs would be dropped as duplicates
        own_state = {"TOPICCRAWL_STATE_DIR": str(workdir / f"state-{name.strip('-')}")}
        for key, value in {**FAST, **settings, **own_state}.items():
            cli += ["-s", f"{key}={value}"]
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SCRAPY_SETTINGS_MODULE": "topiccrawl.settings"}
        started = time.monotonic()
        proc = subprocess.run(cli, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        elapsed = time.monotonic() - started
        if proc.returncode != 0:
            print(proc.stderr[-3000:], file=sys.stderr)
        urls = web.log.urls()
        targets = topic_web.targets
    finally:
        web.stop()
    row: dict[str, object] = {"run": name, "fetched": len(urls), "seconds": round(elapsed)}
    for n in BUDGETS:
        first = urls[:n]
        found = {u for u in first if u in targets}
        row[f"harvest@{n}"] = len(found) / n if len(first) >= n else None
        row[f"recall@{n}"] = len(found) / len(targets)
    row["targets"] = len(targets)
    row["articles"] = getattr(topic_web, "size", None)
    return row


def fmt(value: object) -> str:
    return "-" if value is None else f"{value:.3f}" if isinstance(value, float) else str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--web", default="xinhai", choices=sorted(WEBS), help="the topical web to crawl")
    parser.add_argument("--size", type=int, default=None, help="articles in the topical web (default: the web's own)")
    parser.add_argument("--budget", type=int, default=max(BUDGETS), help="pages fetched per run")
    parser.add_argument("--runs", default=",".join(RUNS), help=f"comma-separated, of {', '.join(RUNS)}")
    args = parser.parse_args()
    names = [n.strip() for n in args.runs.split(",") if n.strip()]
    unknown = [n for n in names if n not in RUNS]
    if unknown:
        parser.error(f"unknown runs: {', '.join(unknown)}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            rows.append(run(name, args.web, args.size, args.budget, Path(tmp)))
            print(f"# {name}: done ({rows[-1]['seconds']} s)", file=sys.stderr)
    cols = ["run", *(f"harvest@{n}" for n in BUDGETS), *(f"recall@{n}" for n in BUDGETS), "fetched"]
    print(
        f"topical web {args.web}: {rows[0]['articles']} articles, {rows[0]['targets']} on-topic; command: "
        f"python benchmarks/topic_crawl.py --web {args.web} --size {rows[0]['articles']} --budget {args.budget} "
        f"--runs {','.join(names)}"
    )
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for row in rows:
        print("| " + " | ".join(fmt(row[c]) for c in cols) + " |")
    by = {r["run"]: r for r in rows}
    if {"bfs", "naive", "topiccrawl"} <= by.keys():
        h = {k: by[k]["harvest@1000"] or 0.0 for k in ("bfs", "naive", "topiccrawl")}
        r = {k: by[k]["recall@2000"] for k in ("bfs", "topiccrawl")}
        print(
            f"\nharvest@1000: topiccrawl/bfs = {h['topiccrawl'] / max(h['bfs'], 1e-9):.1f}x (target >= 3x), "
            f"topiccrawl/naive = {h['topiccrawl'] / max(h['naive'], 1e-9):.2f}x; "
            f"recall@2000: topiccrawl/bfs = {r['topiccrawl'] / max(r['bfs'], 1e-9):.1f}x (target >= 2x)"
        )


if __name__ == "__main__":
    main()
