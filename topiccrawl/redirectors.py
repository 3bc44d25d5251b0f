"""Links through a redirector: the URL they carry (pure functions).

Portals, forums and social sites send their outbound links through a script of
their own (``/go?url=https://…``, ``/out?u=…``, Google's ``/url?q=…``,
Facebook's ``l.php?u=…``, ``link.zhihu.com/?target=…``) to count clicks or warn
the reader. Followed as it is, such a link costs a request that only answers
with a redirect, its URL names nothing about the page it leads to, and the same
page linked directly and through the redirector is fetched twice. A crawl that
reads the carried URL fetches the page once and scores the link by its real URL.

Only links that are plainly redirectors are read so: the query carries exactly
one absolute http(s) URL, and the script is named like a redirector (its last
path segment, or the host's first label: ``go``, ``out``, ``link``, ``redirect``,
``jump``, ``away``...). An article whose query merely names the page it came
from (``/article?id=5&from=https://…``) is not a redirector and is left alone.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, unquote, urlsplit

from scrapy.linkextractors import IGNORED_EXTENSIONS

# Names of redirect scripts, as path segments (without extension) or first host labels.
REDIRECTOR_NAMES = frozenset(
    {"go", "goto", "out", "outbound", "outgoing", "link", "links", "link2", "linkfilter", "url", "redirect"}
    | {"redirector", "redir", "r", "jump", "away", "exit", "leave", "click", "external", "ext", "forward"}
    | {"l", "to", "target", "visit", "safecheck", "tiaozhuan"}
)
_ABSOLUTE = re.compile(r"https?://[^/\s?#]+", re.IGNORECASE)
_IGNORED = frozenset(f".{ext}" for ext in IGNORED_EXTENSIONS)


def carried_url(url: str) -> str | None:
    """The URL a redirector link carries, or None when ``url`` is no plain redirector link."""
    parts = urlsplit(url)
    if not parts.query or not _named_like_redirector(parts.path, parts.hostname or ""):
        return None
    carried = {_absolute(value) for _, value in parse_qsl(parts.query)} - {None}
    if len(carried) != 1:
        return None  # none, or two (a redirector's own return link beside its target): ambiguous
    target = carried.pop()
    assert target is not None
    path = urlsplit(target).path.lower()
    if any(path.endswith(ext) for ext in _IGNORED):
        return None  # an image, an archive, a document: not a page to crawl
    return target


def _absolute(value: str) -> str | None:
    """``value`` if it is an absolute http(s) URL, once more decoded if it was encoded twice."""
    value = value.strip()
    if value[:10].lower().startswith(("http%3a", "https%3a")):
        value = unquote(value)
    return value if _ABSOLUTE.match(value) else None


def _named_like_redirector(path: str, host: str) -> bool:
    segment = path.rstrip("/").rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()
    if segment in REDIRECTOR_NAMES:
        return True
    label = host.split(".", 1)[0].lower()
    return label in REDIRECTOR_NAMES and segment in {"", "index"}
