from __future__ import annotations

import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from tests.helpers import crawl, read_jsonl, run_scrapy
from topiccrawl.demo.sample import SampleSite
from topiccrawl.demo.server import FixtureWeb


def test_server_logs_every_request(serve: Callable[..., FixtureWeb]) -> None:
    web = serve({"sample": SampleSite()})
    base = web.base_urls["sample"]
    for path in ("/", "/a/1.html", "/missing"):
        try:
            urllib.request.urlopen(base + path, timeout=5).read()
        except urllib.error.HTTPError as exc:
            assert exc.code == 404
    assert [h.target for h in web.log.hits()] == ["/", "/a/1.html", "/missing"]
    assert [h.status for h in web.log.hits()] == [200, 200, 404]


def test_a_server_with_latency_answers_each_request_after_a_random_delay_up_to_it() -> None:
    with FixtureWeb({"sample": SampleSite()}, latency=0.2) as web:
        waits = []
        for _ in range(8):
            started = time.monotonic()
            urllib.request.urlopen(web.base_urls["sample"] + "/", timeout=5).read()
            waits.append(time.monotonic() - started)
    assert max(waits) < 0.2 + 0.5
    assert max(waits) - min(waits) > 0.01  # (all eight within 10 ms of each other: one chance in millions)
    assert len(web.log.hits()) == 8


def test_sample_site_serves_declared_encodings(serve: Callable[..., FixtureWeb]) -> None:
    site = SampleSite()
    web = serve({"sample": site})
    for page in site.pages:
        with urllib.request.urlopen(web.base_urls["sample"] + page.path, timeout=5) as r:
            body = r.read()
            header = r.headers.get("Content-Type")
        assert page.text in body.decode(page.charset)
        assert ("charset" in header) == (page.declared == "header")


def test_follow_spider_decodes_every_page(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    site = SampleSite()
    web = serve({"sample": site})
    result = crawl("follow", tmp_path, args={"start_url": web.base_urls["sample"] + "/"}).check()
    base = web.base_urls["sample"]
    texts = {item["url"].removeprefix(base): item["text"] for item in result.items}
    for page in site.pages:
        text = texts[page.path]
        assert page.text in text, (page, text)
        assert "\ufffd" not in text
    assert result.stats["item_scraped_count"] == len(site.pages) + 1


def test_demo_command_writes_datasets(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    proc = run_scrapy("demo", "--out", str(out), timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    datasets = sorted(out.glob("*.jsonl"))
    assert datasets, proc.stdout
    for path in datasets:
        assert read_jsonl(path), f"{path} is empty"
    assert "demo finished" in proc.stdout


def test_the_demo_run_again_gives_the_same_datasets(tmp_path: Path) -> None:
    # a second run in the same folder once found everything already stored: no records, exit 1
    out = tmp_path / "demo"
    counts = []
    for _ in range(2):
        proc = run_scrapy("demo", "--job", "sample", "--out", str(out), timeout=300)
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
        counts.append(len(read_jsonl(out / "sample.jsonl")))
    assert counts[0] > 0 and counts[0] == counts[1]
