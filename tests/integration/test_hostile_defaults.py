"""The acceptance run: each spider with the project's DEFAULT settings on the whole hostile web.

It must end by itself within two minutes (the subprocess is killed at 120 s,
which fails the test) and peak under 400 MB of RSS (sampled with psutil); the
spiders that emit pages (``follow``, ``topic``) must get all 20 content pages
right. The forum spider emits forum posts, and this web has no forum: for it
the run proves only that it ends and stays bounded. Only the fixture hosts are declared public, state
goes to a temporary folder and duplicates are marked instead of dropped (the
twin pages are duplicates by design); every politeness delay, timeout and size
limit is the project default.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tests.helpers import PROJECT_ROOT, read_jsonl
from tests.integration.hostile_web import KEEP_DUPLICATES, PUBLIC_NETWORKS, hostile_web

CAP_SECONDS = 120
MAX_RSS = 400 * 1024 * 1024


@pytest.mark.parametrize(
    ("spider", "spider_args", "emits_pages"),
    [("follow", [], True), ("topic", ["dictionary=xinhai"], True), ("forum", [], False)],
)
def test_spider_with_project_defaults_survives_the_hostile_web(
    spider: str, spider_args: list[str], emits_pages: bool, tmp_path: Path
) -> None:
    with hostile_web(bomb_size=256 << 20, hang_seconds=CAP_SECONDS + 30) as (web, _fixture):
        seeds = tmp_path / "seeds.txt"
        seeds.write_text("\n".join(web.seeds()) + "\n", encoding="utf-8")
        out, stats_path = tmp_path / "items.jsonl", tmp_path / "stats.json"
        cmd = [sys.executable, "-m", "scrapy", "crawl", spider, "-a", f"seeds={seeds}", "-O", f"{out}:jsonlines"]
        for arg in spider_args:
            cmd += ["-a", arg]
        cmd += [
            "-s",
            f"TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS={PUBLIC_NETWORKS}",
            "-s",
            f"TOPICCRAWL_STATS_FILE={stats_path}",
        ]
        cmd += ["-s", f"TOPICCRAWL_STATE_DIR={tmp_path / 'state'}"]
        for name, value in KEEP_DUPLICATES.items():
            cmd += ["-s", f"{name}={value}"]
        env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "SCRAPY_SETTINGS_MODULE": "topiccrawl.settings"}
        proc = subprocess.Popen(cmd, cwd=PROJECT_ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        ps, peak, start = psutil.Process(proc.pid), 0, time.monotonic()
        while proc.poll() is None and time.monotonic() - start < CAP_SECONDS:
            try:
                peak = max(peak, ps.memory_info().rss)
            except psutil.Error:
                break
            time.sleep(0.1)
        ended_by_itself = proc.poll() is not None
        if not ended_by_itself:
            proc.kill()
        log = proc.communicate()[1].decode("utf-8", "replace")
    assert ended_by_itself, "the crawl was still running after two minutes"
    assert proc.returncode == 0, log[-3000:]
    assert json.loads(stats_path.read_text(encoding="utf-8"))["finish_reason"] == "finished"
    assert peak < MAX_RSS
    if not emits_pages:
        return
    items = {item["url"]: item for item in read_jsonl(out)}
    right = [p for p in web.pages if p.text in items.get(web.page_url(p), {}).get("text", "\ufffd")]
    assert len(right) == 20
    assert not any("\ufffd" in item["text"] for item in items.values())
    if spider == "follow":  # it follows every link, so it meets every bomb
        assert log.count("during decompression") == 3  # the bombs, cut at DOWNLOAD_MAXSIZE with a warning
