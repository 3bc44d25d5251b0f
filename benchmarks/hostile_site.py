"""Plain Scrapy (default settings) versus topiccrawl's spiders (project defaults) on the hostile web.

Serves :mod:`topiccrawl.demo.hostile` on 127.0.0.x, runs each crawler in a
subprocess with a wall-clock cap, and prints, per crawler: whether it finished
by itself or was killed at the cap, wall time, peak RSS of the crawl process
(sampled with psutil), and how many of the 20 content pages it decoded
correctly (true text present, no U+FFFD).

    .venv/bin/python benchmarks/hostile_site.py --spiders follow --cap 300

The fixture hosts are loopback addresses, so our crawls declare the five
"public" ones with TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS (127.0.0.1, the
"internal" host, stays refused), keep state in a temporary folder, and mark
duplicates instead of dropping them (the twin pages are duplicates by design);
nothing else is changed from the defaults.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from topiccrawl.demo.hostile import HOSTS, HostileWeb  # noqa: E402

# Arguments a spider needs besides its seeds (the topic spider needs a topic).
SPIDER_ARGS = {"topic": ["dictionary=xinhai"]}
from topiccrawl.demo.server import FixtureWeb  # noqa: E402

PLAIN_SPIDER = textwrap.dedent(
    """
    import json, os
    import scrapy
    from scrapy.http import TextResponse
    from scrapy.linkextractors import LinkExtractor

    class Plain(scrapy.Spider):
        name = "plain"
        start_urls = os.environ["HOSTILE_SEEDS"].split()
        out = open(os.environ["HOSTILE_OUT"], "w", encoding="utf-8", buffering=1)
        links = LinkExtractor()

        def parse(self, response):
            if not isinstance(response, TextResponse):
                return
            text = " ".join(response.xpath("//body//text()").getall())
            self.out.write(json.dumps({"url": response.url, "text": text}, ensure_ascii=False) + "\\n")
            for link in self.links.extract_links(response):
                yield response.follow(link.url)
    """
)


@dataclass
class Run:
    name: str
    finished: bool
    wall: float
    peak_rss_mb: float
    correct: int
    requests: int


def _tree_rss(proc: psutil.Process) -> int:
    total = 0
    for p in [proc, *proc.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            total += p.memory_info().rss
    return total


def run_capped(cmd: list[str], env: dict[str, str], cwd: Path, cap: float) -> tuple[bool, float, int]:
    """Run ``cmd``; kill it at ``cap`` seconds. Returns (finished by itself, wall seconds, peak RSS bytes)."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ps = psutil.Process(proc.pid)
    peak = 0
    finished = True
    while proc.poll() is None:
        peak = max(peak, _tree_rss(ps))
        if time.monotonic() - start > cap:
            finished = False
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            break
        time.sleep(0.1)
    return finished, time.monotonic() - start, peak


def count_correct(web: HostileWeb, items_path: Path) -> int:
    items = []
    if items_path.exists():
        for line in items_path.read_text(encoding="utf-8").splitlines():
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line cut by the kill
    correct = 0
    for page in web.pages:
        url = web.page_url(page)
        texts = [str(i.get("text", "")) for i in items if url in {i.get("url"), i.get("page_url"), i.get("thread_url")}]
        if texts and all("\ufffd" not in t for t in texts) and any(page.text in t for t in texts):
            correct += 1
    return correct


def _run(name: str, *, finished: bool, wall: float, peak: int, web: HostileWeb, out: Path, fixture: FixtureWeb) -> Run:
    return Run(name, finished, wall, peak / 2**20, count_correct(web, out), len(fixture.log.hits()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spiders", default="follow", help="our spiders to run, comma-separated")
    parser.add_argument("--cap", type=float, default=300.0, help="wall-clock cap per crawl, seconds")
    parser.add_argument("--bomb-mb", type=int, default=2048, help="decompressed size of the compression bombs")
    parser.add_argument("--no-plain", action="store_true", help="skip the plain Scrapy run")
    opts = parser.parse_args()

    web = HostileWeb(bomb_size=opts.bomb_mb << 20, hang_seconds=opts.cap + 60)
    fixture = FixtureWeb(web.sites(), HOSTS).start()
    # Build the bombs now, not while a crawler waits for them.
    web.warm()
    runs: list[Run] = []
    try:
        with tempfile.TemporaryDirectory() as tmp_name:
            tmp = Path(tmp_name)
            seeds = tmp / "seeds.txt"
            seeds.write_text("\n".join(web.seeds()) + "\n", encoding="utf-8")
            env = {k: v for k, v in os.environ.items() if k != "SCRAPY_SETTINGS_MODULE"}
            if not opts.no_plain:
                (tmp / "plain.py").write_text(PLAIN_SPIDER, encoding="utf-8")
                out = tmp / "plain.jsonl"
                fixture.log.clear()
                penv = {**env, "HOSTILE_SEEDS": " ".join(web.seeds()), "HOSTILE_OUT": str(out)}
                cmd = [sys.executable, "-m", "scrapy", "runspider", str(tmp / "plain.py"), "-s", "LOG_LEVEL=ERROR"]
                finished, wall, peak = run_capped(cmd, penv, tmp, opts.cap)
                runs.append(
                    _run(
                        "plain Scrapy (defaults)",
                        finished=finished,
                        wall=wall,
                        peak=peak,
                        web=web,
                        out=out,
                        fixture=fixture,
                    )
                )
            public = ",".join(f"{HOSTS[n]}/32" for n in HOSTS if n != "internal")
            for spider in [s.strip() for s in opts.spiders.split(",") if s.strip()]:
                out = tmp / f"{spider}.jsonl"
                fixture.log.clear()
                cmd = [sys.executable, "-m", "scrapy", "crawl", spider, "-a", f"seeds={seeds}"]
                cmd += [a for arg in SPIDER_ARGS.get(spider, []) for a in ("-a", arg)]
                cmd += ["-O", f"{out}:jsonlines"]
                cmd += ["-s", f"TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS={public}", "-s", "LOG_LEVEL=WARNING"]
                cmd += ["-s", f"TOPICCRAWL_STATE_DIR={tmp / 'state' / spider}"]
                # Twin pages (same text, two encodings) are duplicates by design: keep both, marked.
                cmd += ["-s", "TOPICCRAWL_EXACTDUP_ACTION=mark", "-s", "TOPICCRAWL_NEARDUP_ACTION=mark"]
                senv = {**env, "PYTHONPATH": str(ROOT), "SCRAPY_SETTINGS_MODULE": "topiccrawl.settings"}
                finished, wall, peak = run_capped(cmd, senv, ROOT, opts.cap)
                runs.append(
                    _run(
                        f"topiccrawl {spider}",
                        finished=finished,
                        wall=wall,
                        peak=peak,
                        web=web,
                        out=out,
                        fixture=fixture,
                    )
                )
    finally:
        web.release()
        fixture.stop()
    print(f"hostile web: 20 content pages, bombs of {opts.bomb_mb} MiB, cap {opts.cap:.0f} s")
    print(f"{'crawler':<26} {'ended':<10} {'wall s':>7} {'peak RSS MB':>12} {'pages right':>12} {'requests':>9}")
    for r in runs:
        ended = "by itself" if r.finished else "killed"
        print(f"{r.name:<26} {ended:<10} {r.wall:>7.1f} {r.peak_rss_mb:>12.0f} {r.correct:>9}/20 {r.requests:>9}")


if __name__ == "__main__":
    main()
