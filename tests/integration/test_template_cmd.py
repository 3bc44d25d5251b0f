"""``scrapy template URL``: fetch a page, cluster its links, pick one (auto, by number, or at the prompt)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import PROJECT_ROOT, run_scrapy
from topiccrawl.demo.changing import LIST_PATHS, ChangingSite
from topiccrawl.demo.server import FixtureWeb, Reply, SiteRequest, html, not_found

TIEBA = Path(__file__).resolve().parent.parent / "fixtures" / "real_pages" / "tieba_thread_list.html"
TIEBA_PATH = "/f?kw=%E8%B4%B4%E5%90%A7&ie=utf-8"


class SavedPage:
    """Serves one saved real page at one path."""

    def __init__(self, path: str, body: bytes) -> None:
        self.path, self.body = path, body

    def handle(self, request: SiteRequest) -> Reply:
        if request.target == self.path:
            return html(self.body.decode("utf-8"))
        return not_found()


def _settings(tmp_path: Path, allow_private: bool = True) -> list[str]:
    return [
        *("-s", f"TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES={allow_private}"),
        *("-s", f"TOPICCRAWL_STATE_DIR={tmp_path}"),
        *("-s", "TELNETCONSOLE_ENABLED=False"),
    ]


def _auto_json(url: str, tmp_path: Path, *extra: str) -> dict:
    proc = run_scrapy("template", url, "--auto", "--json", *extra, *_settings(tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def _precision_recall(got: set[str], truth: set[str]) -> tuple[float, float]:
    hits = len(got & truth)
    return hits / max(1, len(got)), hits / len(truth)


def test_auto_json_picks_the_item_list_of_a_fixture_page(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    # Every layout is checked on the pure code path in tests/unit/test_urlcluster.py.
    layout = "forum"
    site = ChangingSite()
    base = serve({"c": site}).base_urls["c"]
    doc = _auto_json(base + LIST_PATHS[layout], tmp_path)
    assert doc["chosen"]["kind"] == "links" and doc["template"]["kind"] == "links"
    got = {link["url"] for link in doc["links"]}
    precision, recall = _precision_recall(got, set(site.item_urls(layout, base)))
    assert precision >= 0.95 and recall >= 0.95, (precision, recall, doc["chosen"])
    titles = {item.title for item in site.items(layout)}
    assert {link["text"] for link in doc["links"]} <= titles


def test_auto_json_on_the_real_tieba_thread_list(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    body = TIEBA.read_bytes()
    base = serve({"tieba": SavedPage(TIEBA_PATH, body)}).base_urls["tieba"]
    truth = {base + href for href in re.findall(r'href="(/p/\d+)"', body.decode("utf-8"))}
    assert len(truth) == 50
    doc = _auto_json(base + TIEBA_PATH, tmp_path)
    precision, recall = _precision_recall({link["url"] for link in doc["links"]}, truth)
    assert precision >= 0.95 and recall >= 0.9, (precision, recall)
    assert isinstance(doc["template_id"], int)


def test_pick_by_number_and_whole_page(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    base = serve({"c": ChangingSite()}).base_urls["c"]
    url = base + LIST_PATHS["notice"]
    listing = run_scrapy("template", url, "--pick", "2", *_settings(tmp_path))
    assert listing.returncode == 0, listing.stderr[-2000:]
    assert re.search(r"saved template \d+: scrapy watch add", listing.stdout)
    # The answer is not buried under the fetch's log (the project's LOG_LEVEL is INFO), unless asked
    assert "Dumping Scrapy stats" not in listing.stderr and "INFO" not in listing.stderr
    page = run_scrapy("template", url, "--pick", "0", "--json", "--no-save", "-L", "INFO", *_settings(tmp_path))
    assert "Dumping Scrapy stats" in page.stderr
    doc = json.loads(page.stdout)
    assert doc["template"] == {"kind": "page", "threshold": 3, "min_new_chars": 30} and doc["links"] == []
    assert "template_id" not in doc
    assert re.fullmatch(r"[0-9a-f]{16}", doc["chosen"]["simhash"])
    too_far = run_scrapy("template", url, "--pick", "999", *_settings(tmp_path))
    assert too_far.returncode == 2 and "no cluster 999" in too_far.stderr


def test_interactive_choice_lists_clusters_with_link_texts(serve: Callable[..., FixtureWeb], tmp_path: Path) -> None:
    site = ChangingSite()
    base = serve({"c": site}).base_urls["c"]
    url = base + LIST_PATHS["forum"]
    cli = [sys.executable, "-m", "scrapy", "template", url, *_settings(tmp_path)]
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "SCRAPY_SETTINGS_MODULE": "topiccrawl.settings"}
    proc = subprocess.run(
        cli, input="1\n", capture_output=True, text=True, cwd=PROJECT_ROOT, env=env, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    # The clusters are listed with their first link texts; the best is listed first.
    newest = site.items("forum")[0].title
    listing, _, chosen = proc.stdout.partition("chosen:")
    assert "0  the whole page" in listing and f"- {newest}" in listing
    assert newest in chosen and "template:" in chosen


@pytest.mark.parametrize(
    ("url", "allow", "message"),
    [
        ("http://127.0.0.1:9/list", False, "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES"),
        ("http://[::1/", True, "'http://[::1/' is not a valid URL (Invalid IPv6 URL); check its host and port"),
    ],
)
def test_refuses_unsafe_urls_with_one_line(url: str, allow: bool, message: str, tmp_path: Path) -> None:
    proc = run_scrapy("template", url, "--auto", *_settings(tmp_path, allow_private=allow))
    assert proc.returncode == 2
    errors = [line for line in proc.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and message in errors[0]
