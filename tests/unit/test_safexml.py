"""XML and HTML parsing never resolves external or internal entities (XXE, billion laughs)."""

from __future__ import annotations

from pathlib import Path

from parsel import Selector
from scrapy.utils.sitemap import Sitemap

from topiccrawl.safexml import parse_xml, sitemap_locations


def _xxe(secret: Path) -> bytes:
    return (
        '<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file://'
        + str(secret)
        + '">]><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>http://example.org/&xxe;</loc></url>"
        "<url><loc>http://example.org/ok</loc></url></urlset>"
    ).encode()


def test_sitemap_locations_do_not_read_local_files(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET", encoding="utf-8")
    urls = sitemap_locations(_xxe(secret))
    assert "http://example.org/ok" in urls
    assert not any("TOP-SECRET" in u for u in urls)


def test_billion_laughs_is_not_expanded() -> None:
    body = (
        b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><r>&c;</r>'
    )
    root = parse_xml(body)
    assert root is not None
    assert "aaaaaaaaaa" not in "".join(root.itertext())


def test_scrapy_sitemap_and_parsel_are_safe_too(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET", encoding="utf-8")
    body = _xxe(secret)
    assert not any("TOP-SECRET" in entry["loc"] for entry in Sitemap(body))
    assert "TOP-SECRET" not in Selector(body=body, type="xml").get()
    html = body.replace(b"urlset", b"html")
    assert "TOP-SECRET" not in Selector(body=html, type="html").get()


def test_not_xml_gives_nothing() -> None:
    assert sitemap_locations(b"<html><body>not a sitemap") == []
    assert sitemap_locations(b"") == []
