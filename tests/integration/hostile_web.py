"""Shared set-up of the hostile-web integration tests: serve it, crawl it once per module."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.helpers import CrawlResult, crawl
from topiccrawl.demo.hostile import HOSTS, HostileWeb
from topiccrawl.demo.server import FixtureWeb, Hit

# The five "public" fixture hosts; 127.0.0.1 (the internal site) stays private.
PUBLIC_NETWORKS = ",".join(f"{address}/32" for name, address in HOSTS.items() if name != "internal")

# Stalls are the point of some endpoints: short timeouts keep the test fast.
FAST = {
    "TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES": False,
    "TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS": PUBLIC_NETWORKS,
    "DOWNLOAD_TIMEOUT": 2,
    "TOPICCRAWL_ROBOTS_TIMEOUT": 2,
    "DOWNLOAD_MAXSIZE": 4 * 1024 * 1024,
    "DOWNLOAD_WARNSIZE": 1024 * 1024,
    "RETRY_TIMES": 1,
}
# Twin pages (same text in UTF-8 and GBK) are duplicates by design: keep both,
# marked, so each page's decoding can be checked (the pipelines drop them by default).
KEEP_DUPLICATES = {"TOPICCRAWL_EXACTDUP_ACTION": "mark", "TOPICCRAWL_NEARDUP_ACTION": "mark"}


@contextmanager
def hostile_web(**kwargs: object) -> Iterator[tuple[HostileWeb, FixtureWeb]]:
    web = HostileWeb(**kwargs).warm()  # type: ignore[arg-type]
    fixture = FixtureWeb(web.sites(), HOSTS).start()
    try:
        yield web, fixture
    finally:
        web.release()
        fixture.stop()


def crawl_hostile(web: HostileWeb, tmp_path: Path, settings: dict[str, object] | None = None) -> CrawlResult:
    seeds = tmp_path / "seeds.txt"
    seeds.write_text("\n".join(web.seeds()) + "\n", encoding="utf-8")
    return crawl(
        "follow", tmp_path, args={"seeds": seeds}, settings={**FAST, **KEEP_DUPLICATES, **(settings or {})}, timeout=170
    )


def hits_on(fixture: FixtureWeb, site: str) -> list[Hit]:
    base = fixture.base_urls[site]
    return [hit for hit in fixture.log.hits() if hit.server == base]
