"""Helpers for tests: run Scrapy commands in a subprocess and read what they wrote.

Crawls run as real ``scrapy crawl`` processes (the Twisted reactor cannot be
restarted inside pytest), against fixture servers that the test process serves
from threads.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import random
import subprocess
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from topiccrawl.demo.forum_truth import ForumTruth
    from topiccrawl.revisit.learned import LearnedScheduler
    from topiccrawl.revisit.spread import SpreadPrior

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SHARED_FIXTURES = PROJECT_ROOT.parent / "shared" / "fixtures"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

BENCHMARKS = PROJECT_ROOT / "benchmarks"

# Settings every test crawl uses: local servers need no politeness, and loopback is allowed.
TEST_SETTINGS: dict[str, Any] = {
    "AUTOTHROTTLE_ENABLED": False,
    "DOWNLOAD_DELAY": 0,
    "CONCURRENT_REQUESTS_PER_DOMAIN": 8,
    "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": True,
    "TELNETCONSOLE_ENABLED": False,
    "LOG_LEVEL": "INFO",
}


def walk_forum(site: ForumTruth, links_of: Callable[[str], Iterable[str]]) -> tuple[set[str], set[str]]:
    """Breadth-first over a fixture forum from its start page, going on from each link to its
    canonical page: (the canonical targets reached, every link seen). ``links_of`` gives the
    links (targets) of a page."""
    start = site.start_target()
    seen, queue, links = {start}, deque([start]), set()
    while queue:
        for link in links_of(queue.popleft()):
            links.add(link)
            canonical = site.canonical(link)
            if canonical is not None and canonical not in seen:
                seen.add(canonical)
                queue.append(canonical)
    return seen, links


def run_scrapy(
    *args: str, cwd: Path = PROJECT_ROOT, timeout: float = 180, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``scrapy ARGS`` with this interpreter; never raises on a non-zero exit."""
    full_env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), **(env or {})}
    full_env.setdefault("SCRAPY_SETTINGS_MODULE", "topiccrawl.settings")
    return subprocess.run(
        [sys.executable, "-m", "scrapy", *args],
        cwd=cwd,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@dataclass
class CrawlResult:
    returncode: int
    items: list[dict[str, Any]]
    stats: dict[str, Any]
    log: str
    out_dir: Path
    extra: dict[str, Any] = field(default_factory=dict)

    def check(self) -> CrawlResult:
        assert self.returncode == 0, self.log[-5000:]
        return self


def crawl_command(
    spider: str,
    tmp_path: Path,
    *,
    args: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    append: bool = False,
) -> list[str]:
    """``crawl SPIDER ...`` arguments into ``tmp_path/items.jsonl`` (``-o`` with ``append``, else
    ``-O``), with stats in ``stats.json``."""
    merged = {
        **TEST_SETTINGS,
        "TOPICCRAWL_STATS_FILE": str(tmp_path / "stats.json"),
        "TOPICCRAWL_STATE_DIR": str(tmp_path / "state"),
        **(settings or {}),
    }
    cli = ["crawl", spider, "-o" if append else "-O", f"{tmp_path / 'items.jsonl'}:jsonlines"]
    for name, value in (args or {}).items():
        cli += ["-a", f"{name}={value}"]
    for name, value in merged.items():
        cli += ["-s", f"{name}={json.dumps(value) if isinstance(value, dict | list) else value}"]
    return cli


def start_crawl(
    spider: str,
    tmp_path: Path,
    *,
    args: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    append: bool = False,
) -> subprocess.Popen[str]:
    """Start :func:`crawl_command` in the background; its log goes to ``tmp_path/crawl.log``."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    env.setdefault("SCRAPY_SETTINGS_MODULE", "topiccrawl.settings")
    log = (tmp_path / "crawl.log").open("w", encoding="utf-8")
    cli = crawl_command(spider, tmp_path, args=args, settings=settings, append=append)
    with log:
        return subprocess.Popen(
            [sys.executable, "-m", "scrapy", *cli],
            cwd=PROJECT_ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            text=True,
        )


def crawl(
    spider: str,
    tmp_path: Path,
    *,
    args: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    timeout: float = 180,
    append: bool = False,
) -> CrawlResult:
    """``scrapy crawl SPIDER`` into ``tmp_path/items.jsonl``, with stats in ``stats.json``."""
    stats_path = tmp_path / "stats.json"
    cli = crawl_command(spider, tmp_path, args=args, settings=settings, append=append)
    proc = run_scrapy(*cli, timeout=timeout)
    stats = json.loads(stats_path.read_text(encoding="utf-8")) if stats_path.exists() else {}
    return CrawlResult(
        proc.returncode, read_jsonl(tmp_path / "items.jsonl"), stats, proc.stdout + proc.stderr, tmp_path
    )


def load_benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/NAME.py`` as a module (once: the scripts import each other by name)."""
    module = sys.modules.get(name)
    if module is not None:
        return module
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules[name] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def bounded_spread_population(prior: SpreadPrior, pages: int, seed: int) -> None:
    """Feed ``prior`` pages whose true spreads are uniform in [1000, 5000] s whatever their mean,
    each contributing the sample spread of 3-13 intervals, then learn its scatter."""
    rng = random.Random(seed)
    for i in range(pages):
        sigma, dof = rng.uniform(1000.0, 5000.0), rng.randint(2, 12)
        ss = sigma * sigma * 2.0 * rng.gammavariate(dof / 2.0, 1.0)  # sigma^2 chi-square(dof)
        prior.update(f"p{i}", rng.uniform(3600.0, 360000.0), math.sqrt(ss / dof), float(dof))
    prior.learn_scatter()  # from every page, not just those before the last refresh


def clockwork_pages(scheduler: LearnedScheduler, pages: int) -> list[tuple[float, float]]:
    """Add ``pages`` keys p0, p1, ... to ``scheduler``, each fetched once unchanged, and return
    their clocks: (mean interval, spread), means 20000-40000 s, spreads 1000-4000 s, shuffled."""
    clocks = []
    for i in range(pages):
        scheduler.add(f"p{i}", 0.0)
        scheduler.observe(f"p{i}", -10.0, False)
        clocks.append((20000.0 + 20000.0 * i / pages, 1000.0 + 3000.0 * ((7 * i) % pages) / pages))
    return clocks


def shown_text(item: dict[str, Any]) -> str:
    """A forum post record's text with the passages it quotes before it: the text of the post as
    the fixtures whose truth keeps quotations (prosilver, Discourse, the vBulletin 3 board) write
    it, quotes first as those boards show them."""
    return " ".join([*item.get("quotes", []), item["text"]])
