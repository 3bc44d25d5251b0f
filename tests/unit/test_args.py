from __future__ import annotations

from pathlib import Path

import pytest

from topiccrawl.args import SpiderArgumentError, parse_int, read_seed_file, start_urls_from_args


def test_start_urls_merge_and_dedupe(tmp_path: Path) -> None:
    seeds = tmp_path / "seeds.txt"
    seeds.write_text("# comment\nhttp://a.example/\n\nhttp://b.example/x  # trailing\n")
    urls = start_urls_from_args("http://a.example/", "http://c.example/", str(seeds))
    assert urls == ["http://a.example/", "http://c.example/", "http://b.example/x"]


@pytest.mark.parametrize("content", ["", "# only comments\n", "not a url\n", "ftp://x/\n"])
def test_bad_seed_files(tmp_path: Path, content: str) -> None:
    seeds = tmp_path / "seeds.txt"
    seeds.write_text(content)
    with pytest.raises(SpiderArgumentError, match="seeds"):
        read_seed_file(seeds)


def test_missing_seed_file(tmp_path: Path) -> None:
    with pytest.raises(SpiderArgumentError, match="no such file"):
        read_seed_file(tmp_path / "nope.txt")


def test_no_start_url() -> None:
    with pytest.raises(SpiderArgumentError, match="start_url"):
        start_urls_from_args()


def test_parse_int() -> None:
    assert parse_int("max_pages", "25", minimum=0) == 25
    with pytest.raises(SpiderArgumentError, match="max_pages"):
        parse_int("max_pages", "lots")
    with pytest.raises(SpiderArgumentError, match="at least"):
        parse_int("max_pages", "-1", minimum=0)


def test_every_numeric_setting_is_checked_before_a_crawl() -> None:
    # the check covers exactly the settings the code reads with Scrapy's typed getters
    import re

    from topiccrawl.commands.crawl import numeric_settings

    root = Path(__file__).resolve().parents[2] / "topiccrawl"
    read = {
        m.group(2): float if m.group(1) == "float" else int
        for path in root.rglob("*.py")
        for m in re.finditer(r'get(float|int)\(\s*"(TOPICCRAWL_[A-Z0-9_]+)"', path.read_text(encoding="utf-8"))
    }
    # ... and as the type they are read as (a float setting with an int default would refuse "0.5")
    assert read and read == numeric_settings()
