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
# Shortest secret worth scrubbing from free text: shorter strings would mask ordinary words
# (a one- or two-letter value is in every log line, and no secret anyway).
_MIN_SECRET_LEN = 3
# Shortest all-digit secret: shorter numbers are ports, status codes, counts and years.
_MIN_DIGITS_SECRET_LEN = 6
# Values that configure a channel rather than address it (``format=json``, ``mode=insecure``,
# ``method=POST``, a ``/hooks/`` path segment): never scrubbed from free text, where they are
# ordinary words; a path or topic that *is* one of them is guessable anyway. Passwords and values
# under credential keys (`token=`, `pass=`) are scrubbed whatever they are, if 3+ characters.
_COMMON_VALUES = frozenset(
    """
    json xml form html text markdown plain true false yes no on off none null default auto
    insecure ssl tls starttls secure http https mailto mailtos smtp smtps
    get post put patch delete head options
    low min normal high max urgent emergency info warning error success failure
    hook hooks webhook webhooks api v1 v2 v3 services service notify notification message messages
    send topic topics bearer basic token localhost example
    """.split()  # noqa: SIM905 (a word list reads better as words)
)


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


def _real_host(host: str) -> bool:
    """Whether ``host`` is a host name or address (as :func:`mask_channel_url` keeps it), not a token."""
    if host.startswith("[") and host.endswith("]"):
        return True  # an IPv6 address
    return "." in host or host.lower() == "localhost"


def _worth_scrubbing(value: str) -> bool:
    """Whether ``value`` may be registered as a secret to scrub from free text.

    Not: strings under :data:`_MIN_SECRET_LEN` characters, digit runs under
    :data:`_MIN_DIGITS_SECRET_LEN` (ports, status codes, years), and :data:`_COMMON_VALUES`:
    scrubbing those would mangle every log line while protecting nothing a guess would not find.
    """
    stripped = value.strip()
    if len(stripped) < _MIN_SECRET_LEN or stripped.lower() in _COMMON_VALUES:
        return False
    return not (stripped.isdigit() and len(stripped) < _MIN_DIGITS_SECRET_LEN)


def _with_pieces(value: str) -> set[str]:
    """``value`` and its percent-decoded form, and the comma, space and colon separated pieces of both."""
    out: set[str] = set()
    for form in {value, unquote(value)}:
        out.add(form)
        out.update(p for p in re.split(r"[,\s:;]+", form) if p)
    return out


def secrets_of(url: str) -> set[str]:
    """The literal secret strings in ``url`` (raw and percent-decoded), for scrubbing free text.

    Everything :func:`mask_channel_url` masks: the password, every path segment and the whole
    path, every query value (and each comma-separated entry of one), the fragment, a host
    that is not a host name (an ntfy topic or a bot token in the host's place), and a
    token-like user; minus what :func:`_worth_scrubbing` leaves out (very short strings,
    short numbers, and words like ``json`` or ``insecure`` that are settings, not secrets).
    """
    found: set[str] = set()
    declared: set[str] = set()  # a password, a credential query value: scrubbed unless very short
    try:
        parts = urlsplit(url)
    except ValueError:
        return {url.partition("://")[2]} if "://" in url else {url}
    userinfo, at, hostport = parts.netloc.rpartition("@")
    host, colon, port = hostport.rpartition(":")
    if not (colon and port.isdigit()):
        host = hostport
    if host and not _real_host(host):
        found |= _with_pieces(hostport)
    if at:
        user, sep, password = userinfo.partition(":")
        if sep and password:
            declared |= _with_pieces(password) | {password, unquote(password)}
        if _is_tokenish(unquote(user)):
            found |= _with_pieces(user)
    path = parts.path.strip("/")
    if path:
        found |= {path, unquote(path)}
        for seg in path.split("/"):
            found |= _with_pieces(seg)
    raw_pairs = [raw.partition("=")[::2] for raw in re.split(r"[&;]", parts.query)]  # forms parse_qsl decodes away
    for key, value in [*parse_qsl(parts.query, keep_blank_values=True), *raw_pairs]:
        if value:
            (declared if _SECRET_KEY_RE.search(key) else found).update(_with_pieces(value))
    if parts.fragment:
        found |= _with_pieces(parts.fragment)
    found |= {quote(s, safe="") for s in found}
    declared |= {quote(s, safe="") for s in declared}
    scheme = parts.scheme.lower()
    found = {s for s in found if _worth_scrubbing(s) and s.lower() != scheme}
    return found | {s for s in declared if len(s.strip()) >= _MIN_SECRET_LEN}


def scrub_text(text: str, url: str) -> str:
    """``text`` with any URL in it shown as :func:`mask_channel_url` shows it, and ``url``'s secrets masked."""
    return redact_text(mask_urls(text), secrets_of(url))


# A URL in free text; trailing punctuation is the sentence's, not the URL's.
_URL_IN_TEXT_RE = re.compile(r"\b[A-Za-z][A-Za-z0-9+.\-]{0,19}://[^\s'\"<>`]*[^\s'\"<>`.,;:!?)\]]")


def mask_urls(text: str) -> str:
    """``text`` with every ``scheme://...`` in it replaced by its :func:`mask_channel_url` form."""
    return _URL_IN_TEXT_RE.sub(lambda m: mask_channel_url(m.group()), text)


def redact_text(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every occurrence of any of ``secrets`` replaced by ``****`` (longest first)."""
    for secret in sorted(set(secrets), key=len, reverse=True):
        if secret:
            text = text.replace(secret, MASK)
    return text
