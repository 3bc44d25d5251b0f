"""URL canonicalisation and crawler-trap checks (pure functions).

Session ids make every visit to a page a new URL, so the duplicate filter never
sees the same page twice; calendars, repeated path segments and query strings
that grow on every click are endless by construction. :func:`canonical_url`
removes session parameters and sorts query keys; :func:`trap_reason` names the
trap a URL looks like, if any.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from w3lib.url import canonicalize_url, url_query_cleaner

# Query parameters that carry a session and nothing about the page.
SESSION_PARAMS = ("sid", "sessionid", "session_id", "phpsessid", "jsessionid", "aspsessionid", "cfid", "cftoken")
# vBulletin's "s=" session parameter: only stripped when its value looks like one.
_HEX32 = re.compile(r"[0-9a-fA-F]{32}")
# ;jsessionid=... path parameters (Java servlets) and friends.
_PATH_SESSION = re.compile(r";(?:jsessionid|phpsessid|sid|sessionid)=[^/?#]*", re.IGNORECASE)


def strip_session(url: str, session_params: Iterable[str] = SESSION_PARAMS) -> str:
    """``url`` without session parameters and fragment, its other parameters in their order.

    This is what a crawl fetches: the same page under a new session id is the
    same URL, while the order of the remaining keys is left alone (a few
    servers care, and Scrapy's request fingerprint already ignores it).
    """
    names = {name.lower() for name in session_params}
    parts = urlsplit(url)
    path = _PATH_SESSION.sub("", parts.path)
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    drop = [k for k, v in pairs if k.lower() in names or (k == "s" and _HEX32.fullmatch(v))]
    stripped = urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))
    if drop:
        stripped = url_query_cleaner(stripped, drop, remove=True, keep_fragments=False)
    return stripped


_DEFAULT_PORTS = {"http": "80", "https": "443"}


def location_key(url: str, session_params: Iterable[str] = SESSION_PARAMS) -> str:
    """What identifies the page at ``url`` across sessions and an http/https move: ``//host[:port]/path?query``.

    Session parameters and the fragment are removed (:func:`strip_session`), the
    scheme and the scheme's default port dropped and the host lower-cased; the
    other query keys keep their order. Idempotent: the key of a key is itself.
    """
    parts = urlsplit(strip_session(url, session_params))
    return urlunsplit(("", netloc_key(parts.scheme, parts.netloc), parts.path or "/", parts.query, ""))


def netloc_key(scheme: str, netloc: str) -> str:
    """``netloc`` lower-cased and without the scheme's default port (``h.org:443`` of https is ``h.org``)."""
    netloc = netloc.lower()
    default = _DEFAULT_PORTS.get(scheme.lower())
    if default and netloc.endswith(f":{default}"):
        netloc = netloc[: -len(default) - 1]
    return netloc


def canonical_url(url: str, session_params: Iterable[str] = SESSION_PARAMS) -> str:
    """``url`` without session parameters, with sorted query keys and no fragment: its identity."""
    return canonicalize_url(strip_session(url, session_params))


@dataclass(frozen=True, slots=True)
class TrapLimits:
    max_repeated_segments: int = 3  # one path segment at most this many times
    max_query_params: int = 16
    max_query_length: int = 512


def repeated_segments(path: str) -> int:
    """How often the most frequent non-empty path segment occurs."""
    counts = Counter(s for s in path.split("/") if s)
    return max(counts.values(), default=0)


def trap_reason(url: str, limits: TrapLimits) -> str | None:
    """``"repeated_segments"``, ``"query_params"``, ``"query_length"`` or None for a URL that looks fine."""
    parts = urlsplit(url)
    if limits.max_repeated_segments and repeated_segments(parts.path) > limits.max_repeated_segments:
        return "repeated_segments"
    if limits.max_query_length and len(parts.query) > limits.max_query_length:
        return "query_length"
    if limits.max_query_params and len(parse_qsl(parts.query, keep_blank_values=True)) > limits.max_query_params:
        return "query_params"
    return None
