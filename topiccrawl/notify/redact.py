"""Masking secrets in notification URLs and in any text that may quote them.

A notification channel is shown, in logs, ``scrapy watch list``, ``scrapy notify`` and the
outbox's reports, only as :func:`mask_channel_url` prints it: scheme, user, host and port,
everything else masked. Apprise URLs hold secrets in too many places for a guess to be
safe (an ntfy topic or a webhook path is as good as a password, and looks like a word).
:func:`redact_url` is the gentler form for service URLs such as Redis's, whose path and
query are not secret: it masks the password, token-like parts and credential query values.
:func:`secrets_of` lists the literal secret strings of a URL so that error texts and log
lines (Apprise's own included) can be scrubbed of them wherever they came from.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

MASK = "****"

# Query keys that carry credentials (matched as substrings, case-insensitive).
_SECRET_KEY_RE = re.compile(
    r"(token|secret|pass|pwd|key|auth|sig|signature|credential|session|sid|code|access|bearer|webhook)", re.I
)
# Path segments or hosts that look like opaque tokens: long runs of letters/digits/-_:
# (Telegram bot tokens, DingTalk/WeCom keys, Slack/Discord webhook ids).
_TOKENISH_RE = re.compile(r"^[A-Za-z0-9_\-:.=]{16,}$")
_HAS_DIGIT_RE = re.compile(r"\d")
# Shortest secret worth scrubbing from free text: shorter strings would mask ordinary words.
_MIN_SECRET_LEN = 3


def _is_tokenish(part: str) -> bool:
    """A long opaque run with digits that is not a host name (``smtp1.example.com`` stays)."""
    if not (_TOKENISH_RE.match(part) and _HAS_DIGIT_RE.search(part)):
        return False
    host, colon, port = part.rpartition(":")
    if colon and port.isdigit():
        part = host  # a host:port, judged by its host
    head, dot, tld = part.rpartition(".")
    return not (dot and head and tld.isalpha())


def mask_channel_url(url: str) -> str:
    """A notification URL safe to print: scheme, user, host and port kept; password, path and
    query values masked (query keys kept: they say how the channel is set up, not to whom)."""
    try:
        parts = urlsplit(url)
    except ValueError:  # not a URL at all (an unbalanced "[" in the host)
        return f"{url.partition('://')[0][:20]}://{MASK}"
    try:
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:  # a token where a port would be ("tgram://123:ABC/...")
        host, port = MASK, ""
    # A host name has a dot or is an address; anything else in that place is a token.
    if host and not ("." in host or ":" in host or host == "localhost"):
        host = MASK
    user = unquote(parts.username or "")
    user = MASK if user and _is_tokenish(user) else quote(user, safe="@.+-_")
    userinfo = f"{user}:{MASK}@" if parts.password else (f"{user}@" if user else "")
    path = f"/{MASK}" if parts.path.strip("/") else ""
    query = ""
    if parts.query:
        query = "?" + urlencode([(k, MASK) for k, _ in parse_qsl(parts.query, keep_blank_values=True)], safe="*")
    return f"{parts.scheme or '?'}://{userinfo}{host}{port}{path}{query}"


def redact_url(url: str) -> str:
    """``url`` with its password, token-like path segments and credential query values masked."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return MASK
    userinfo, at, hostport = parts.netloc.rpartition("@")
    # A bot token can stand where the host would be (tgram://123:ABC/chat): mask it whole.
    hostport = MASK if _is_tokenish(hostport) else hostport
    if at:
        user, sep, _password = userinfo.partition(":")
        user = MASK if _is_tokenish(unquote(user)) else user
        hostport = f"{user}{':' + MASK if sep else ''}@{hostport}"
    netloc = hostport
    path = "/".join(MASK if _is_tokenish(unquote(seg)) else seg for seg in parts.path.split("/"))
    query_items = []
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        masked = MASK if value and (_SECRET_KEY_RE.search(key) or _is_tokenish(value)) else value
        query_items.append(f"{quote(key, safe='+-:')}={quote(masked, safe='*@,')}")
    return urlunsplit((parts.scheme, netloc, path, "&".join(query_items), ""))


def secrets_of(url: str) -> set[str]:
    """The literal secret strings in ``url`` (raw and percent-decoded), for scrubbing free text."""
    found: set[str] = set()
    try:
        parts = urlsplit(url)
    except ValueError:
        return {url}
    userinfo, at, hostport = parts.netloc.rpartition("@")
    if _is_tokenish(hostport):
        found.add(hostport)
    if at:
        user, sep, password = userinfo.partition(":")
        if sep and password:
            found.add(password)
        if _is_tokenish(unquote(user)):
            found.add(user)
    found.update(seg for seg in parts.path.split("/") if _is_tokenish(unquote(seg)))
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if value and (_SECRET_KEY_RE.search(key) or _is_tokenish(value)):
            found.add(value)
    found |= {unquote(s) for s in found} | {quote(s, safe="") for s in found}
    return {s for s in found if len(s) >= _MIN_SECRET_LEN}


def redact_text(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every occurrence of any of ``secrets`` replaced by ``****`` (longest first)."""
    for secret in sorted(set(secrets), key=len, reverse=True):
        if secret:
            text = text.replace(secret, MASK)
    return text
