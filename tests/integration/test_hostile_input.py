"""Bad input to ``scrapy crawl``: one line on stderr, non-zero exit, nothing written."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.helpers import run_scrapy


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _check_one_line_error(tmp_path: Path, *args: str) -> str:
    out = tmp_path / "out.jsonl"
    proc = run_scrapy("crawl", *args, "-O", str(out), timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ") and "; " in lines[0]
    assert "Traceback" not in proc.stderr + proc.stdout
    assert not out.exists()  # nothing half-written
    return lines[0]


def test_bad_a_value(tmp_path: Path) -> None:
    line = _check_one_line_error(tmp_path, "follow", "-a", "start_url=http://a.cn/", "-a", "max_pages=lots")
    assert "max_pages" in line


def test_malformed_seed_file(tmp_path: Path) -> None:
    seeds = tmp_path / "seeds.txt"
    seeds.write_text("http://a.cn/\nnot a url\n", encoding="utf-8")
    line = _check_one_line_error(tmp_path, "follow", "-a", f"seeds={seeds}")
    assert "seeds.txt:2" in line


@pytest.mark.parametrize("content", [b"", b"# only a comment\n", b"\xff\xfe\x00binary"])
def test_empty_or_binary_seed_file(tmp_path: Path, content: bytes) -> None:
    seeds = tmp_path / "seeds.txt"
    seeds.write_bytes(content)
    _check_one_line_error(tmp_path, "follow", "-a", f"seeds={seeds}")


def test_missing_seed_file_and_missing_args(tmp_path: Path) -> None:
    assert "no such file" in _check_one_line_error(tmp_path, "follow", "-a", f"seeds={tmp_path / 'nope.txt'}")
    assert "no start URL" in _check_one_line_error(tmp_path, "follow")


def test_malformed_a_option_and_unknown_spider(tmp_path: Path) -> None:
    assert "-a" in _check_one_line_error(tmp_path, "follow", "-a", "start_url")
    assert "no spider named" in _check_one_line_error(tmp_path, "nosuchspider")


def test_unreachable_redis_is_reported_without_the_password(tmp_path: Path) -> None:
    url = f"redis://:hunter2@127.0.0.1:{_free_port()}/0"
    line = _check_one_line_error(
        tmp_path, "follow", "-a", "start_url=http://a.cn/", "-s", f"TOPICCRAWL_REDIS_URL={url}"
    )
    assert "Redis" in line and "hunter2" not in line


def test_a_numeric_setting_that_is_not_a_number(tmp_path: Path) -> None:
    line = _check_one_line_error(tmp_path, "follow", "-a", "start_url=http://a.cn/", "-s", "TOPICCRAWL_NEARDUP_K=three")
    assert "TOPICCRAWL_NEARDUP_K='three' is not a whole number" in line


@pytest.mark.parametrize(
    "command",
    [("watch", "list"), ("template", "http://127.0.0.1:9/"), ("feed", "serve"), ("notify", "status")],
)
def test_the_other_commands_refuse_a_numeric_setting_that_is_not_a_number(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    proc = run_scrapy(*command, "-s", "TOPICCRAWL_FEED_PORT=abc", "-s", f"TOPICCRAWL_STATE_DIR={tmp_path}")
    assert proc.returncode == 2
    assert "TOPICCRAWL_FEED_PORT='abc' is not a whole number" in proc.stderr
    assert "Traceback" not in proc.stderr
