"""``scrapy demo``: serve the bundled fixture web on localhost and crawl it with the real spiders.

Needs no internet and no Redis. Writes one JSONL dataset per job into ``--out``
(default ``demo-output/``) and prints where each is and what it holds.
"""

from __future__ import annotations

import json
import logging
import shutil
from argparse import ArgumentParser, Namespace
from pathlib import Path

from scrapy.commands import ScrapyCommand
from scrapy.crawler import Crawler
from scrapy.exceptions import UsageError

from topiccrawl.demo.jobs import DEMO_JOBS
from topiccrawl.demo.server import FixtureWeb

logger = logging.getLogger(__name__)

# Fixture servers are local and fast: no politeness delays, and loopback allowed.
DEMO_SETTINGS = {
    "AUTOTHROTTLE_ENABLED": False,
    "DOWNLOAD_DELAY": 0,
    "CONCURRENT_REQUESTS_PER_DOMAIN": 8,
    "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": True,
    "LOG_LEVEL": "INFO",
}


# Fields the pipelines add to every record: left out of the preview, which shows what the spider found.
_PIPELINE_FIELDS = {"checksum", "simhash", "keywords", "summary", "duplicate_of", "category"}


def _preview(record: dict, width: int = 300) -> str:
    shown = {k: v for k, v in record.items() if k not in _PIPELINE_FIELDS and v not in (None, "", [])}
    for key, value in shown.items():
        if isinstance(value, str) and len(value) > 60:
            shown[key] = value[:60] + "…"
    text = json.dumps(shown, ensure_ascii=False)
    return text if len(text) <= width else text[:width] + "…"


class Command(ScrapyCommand):
    requires_project = True
    default_settings = {"LOG_LEVEL": "INFO"}

    def syntax(self) -> str:
        return "[options]"

    def short_desc(self) -> str:
        return "Crawl the bundled fixture web offline with the real spiders"

    def add_options(self, parser: ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--out", default="demo-output", help="folder for the JSONL datasets")
        parser.add_argument("--job", action="append", default=[], help="run only this job (repeatable); see --list")
        parser.add_argument("--list", action="store_true", help="list the demo jobs and exit")

    def run(self, args: list[str], opts: Namespace) -> None:
        if args:
            raise UsageError("scrapy demo takes no positional arguments")
        if opts.list:
            for job in DEMO_JOBS:
                print(f"{job.name:12} scrapy crawl {job.spider:8} {job.description}")
            return
        jobs = [j for j in DEMO_JOBS if not opts.job or j.name in opts.job]
        unknown = set(opts.job) - {j.name for j in DEMO_JOBS}
        if unknown:
            raise UsageError(f"unknown demo job(s): {', '.join(sorted(unknown))}; see scrapy demo --list")
        out = Path(opts.out)
        out.mkdir(parents=True, exist_ok=True)
        webs = []
        assert self.crawler_process is not None
        for job in jobs:
            web = FixtureWeb(job.sites(), job.hosts).start()
            webs.append(web)
            settings = self.settings.copy()
            settings.setdict({**DEMO_SETTINGS, **job.settings}, priority="cmdline")
            settings.set(
                "FEEDS",
                {str(out / f"{job.name}.jsonl"): {"format": "jsonlines", "overwrite": True}},
                priority="cmdline",
            )
            # Each run starts from an empty state store: what an earlier run stored (pages seen,
            # near-duplicates) would otherwise thin this one's datasets, down to none.
            state = out / "state" / job.name
            shutil.rmtree(state, ignore_errors=True)
            settings.set("TOPICCRAWL_STATE_DIR", str(state), priority="cmdline")
            spidercls = self.crawler_process.spider_loader.load(job.spider)
            crawler = Crawler(spidercls, settings)
            self.crawler_process.crawl(crawler, **job.spider_args(web.base_urls))
            print(f"demo: {job.name}: serving {', '.join(web.base_urls.values())}; scrapy crawl {job.spider}")
        try:
            self.crawler_process.start()
        finally:
            for web in webs:
                web.stop()
        self._report(jobs, out, webs)

    def _report(self, jobs: list, out: Path, webs: list[FixtureWeb]) -> None:
        print("\ndemo finished; datasets:")
        for job, web in zip(jobs, webs, strict=True):
            path = out / f"{job.name}.jsonl"
            records = []
            if path.exists():
                with path.open(encoding="utf-8") as f:
                    records = [json.loads(line) for line in f if line.strip()]
            extra = ""
            if records and "on_topic" in records[0]:
                extra = f", {sum(bool(r.get('on_topic')) for r in records)} on topic"
            print(f"  {path}: {len(records)} records{extra} from {len(web.log.hits())} requests ({job.description})")
            if records:
                print(f"    first record: {_preview(records[0])}")
            if not records:
                self.exitcode = 1
