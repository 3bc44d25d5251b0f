"""Bad input found after ``scrapy crawl`` started (``from_crawler``, ``start()``): one error line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_scrapy
from topiccrawl.store.watches import WatchStore


def _check_late_error(tmp_path: Path, *args: str) -> str:
    """Run a crawl whose bad input shows only once it runs; the ``error:`` line it printed."""
    out = tmp_path / "out.jsonl"
    state = tmp_path / "state"
    proc = run_scrapy(
        "crawl", *args, "-s", f"TOPICCRAWL_STATE_DIR={state}", "-s", "TELNETCONSOLE_ENABLED=False", "-O", str(out)
    )
    assert proc.returncode == 2, proc.stderr[-3000:]
    lines = proc.stderr.strip().splitlines()
    errors = [line for line in lines if line.startswith("error:")]
    assert len(errors) == 1, proc.stderr[-3000:]
    assert lines[-1] == errors[0]  # after Scrapy's log, not lost in it
    assert "; " in errors[0]
    assert "Traceback" not in proc.stderr + proc.stdout
    assert not out.exists()  # nothing half-written
    return errors[0]


def test_error_in_the_spiders_start(tmp_path: Path) -> None:
    # The monitor checks -a watch= URLs against the address guard when it starts.
    line = _check_late_error(tmp_path, "monitor", "-a", "once=true", "-a", "watch=http://127.0.0.1:9/list")
    assert "-a watch=http://127.0.0.1:9/list" in line and "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES" in line
    store = WatchStore.in_state_dir(str(tmp_path / "state"))
    try:
        assert store.watches() == []  # the refused URL was not added as a watch
    finally:
        store.close()


def test_error_in_the_spiders_from_crawler(tmp_path: Path) -> None:
    # TopicSpider.from_crawler builds its Focus from the settings.
    line = _check_late_error(
        tmp_path,
        "topic",
        "-a",
        "start_url=http://127.0.0.1:9/",
        "-a",
        "dictionary=xinhai",
        "-s",
        "TOPICCRAWL_TOPIC_SCORING=bogus",
    )
    assert line.startswith("error: TOPICCRAWL_TOPIC_SCORING='bogus': expected one of") and "setting" in line


def test_error_in_a_components_from_crawler(tmp_path: Path) -> None:
    # FocusMiddleware.from_crawler loads TOPICCRAWL_FOCUS_DICTIONARY for spiders without a topic.
    missing = tmp_path / "nope.txt"
    line = _check_late_error(
        tmp_path, "follow", "-a", "start_url=http://127.0.0.1:9/", "-s", f"TOPICCRAWL_FOCUS_DICTIONARY={missing}"
    )
    assert f"TOPICCRAWL_FOCUS_DICTIONARY={missing}: no such file" in line
    # The notification pipeline's from_crawler parses TOPICCRAWL_NOTIFY_URLS.
    line = _check_late_error(
        tmp_path, "follow", "-a", "start_url=http://127.0.0.1:9/", "-s", "TOPICCRAWL_NOTIFY_URLS=[x"
    )
    assert "TOPICCRAWL_NOTIFY_URLS: not a valid JSON list" in line


@pytest.mark.parametrize(
    ("setting", "says"),
    [
        ("TOPICCRAWL_TOPIC_USE_URL=maybe", "TOPICCRAWL_TOPIC_USE_URL='maybe' is not a boolean"),
        ("TOPICCRAWL_TOPIC_GROW=yes-please", "TOPICCRAWL_TOPIC_GROW='yes-please' is not a boolean"),
        ("TOPICCRAWL_TOPIC_FEEDBACK=mypkg.NoSuchFeedback", "TOPICCRAWL_TOPIC_FEEDBACK='mypkg.NoSuchFeedback' cannot"),
        ("TOPICCRAWL_TOPIC_CALIBRATION_PRIOR=0", "TOPICCRAWL_TOPIC_CALIBRATION_PRIOR must be positive"),
    ],
)
def test_bad_focus_settings_say_what_is_wrong(tmp_path: Path, setting: str, says: str) -> None:
    line = _check_late_error(
        tmp_path, "topic", "-a", "start_url=http://127.0.0.1:9/", "-a", "dictionary=xinhai", "-s", setting
    )
    assert line.startswith(f"error: {says}"), line


def test_an_unexpected_start_up_error_is_shown_not_swallowed(tmp_path: Path) -> None:
    # Not bad input the project checks for: a component that cannot be imported. The crawl must
    # neither pass for a success nor end without a word.
    proc = run_scrapy(
        "crawl",
        "follow",
        "-a",
        "start_url=http://127.0.0.1:9/",
        "-s",
        'SPIDER_MIDDLEWARES={"nosuch_package.Middleware": 100}',
        "-s",
        f"TOPICCRAWL_STATE_DIR={tmp_path / 'state'}",
        "-s",
        "TELNETCONSOLE_ENABLED=False",
        "-O",
        str(tmp_path / "out.jsonl"),
    )
    assert proc.returncode == 1, proc.stderr[-3000:]
    assert "Traceback" in proc.stderr and "No module named 'nosuch_package'" in proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("error: the crawl stopped on an unexpected error (ModuleNotFoundError"), last


def test_an_allowed_watch_url_is_added_and_fetched(tmp_path: Path) -> None:
    state = tmp_path / "state"
    proc = run_scrapy(
        "crawl",
        "monitor",
        "-a",
        "once=true",
        "-a",
        "watch=http://127.0.0.1:9/list",
        "-s",
        f"TOPICCRAWL_STATE_DIR={state}",
        "-s",
        "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES=true",
        "-s",
        "RETRY_ENABLED=false",
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "error:" not in proc.stderr
    store = WatchStore.in_state_dir(str(state))
    try:
        (watch,) = store.watches()
        assert watch.url == "http://127.0.0.1:9/list"
        assert len(store.history(watch.id)) == 1  # fetched once (the port refuses: a recorded failure)
    finally:
        store.close()
