"""One outbox channel per recipient: a URL naming several is split when events are queued.

A notification URL can name several recipients (``mailto://…?to=a@x,b@y``). Apprise then
sends to each and reports one result: if one recipient refuses, the whole URL is retried,
and the recipients that accepted get the message again on every retry. Splitting such a
URL into one URL per recipient gives each its own outbox row, so a retry goes only to the
recipient that failed.

Done for email (``mailto://``, ``mailtos://``), whose recipients are the ``to=`` list and
the path segments; ``cc=`` and ``bcc=`` stay with the first recipient's URL. Other schemes
with several targets in one URL (a Telegram bot with several chats, for instance) are
left whole: a partial failure there is retried to all of them.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote, urlsplit, urlunsplit

_EMAIL_SCHEMES = frozenset({"mailto", "mailtos"})
_SEPARATORS_RE = re.compile(r"[,;\s]+")
_CARBON_COPIES = frozenset({"cc", "bcc"})


def split_targets(url: str) -> list[str]:
    """``url`` as one URL per recipient (email only); ``[url]`` if it names one or cannot be parsed."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return [url]
    if parts.scheme.lower() not in _EMAIL_SCHEMES:
        return [url]
    pairs = [raw.partition("=")[::2] for raw in parts.query.split("&") if raw]
    targets = [unquote(seg) for seg in parts.path.split("/") if seg]
    for key, value in pairs:
        if unquote(key).lower() == "to":
            targets += [t for t in _SEPARATORS_RE.split(unquote(value.replace("+", " "))) if t]
    targets = list(dict.fromkeys(targets))
    if len(targets) <= 1:
        return [url]
    out = []
    for n, target in enumerate(targets):
        kept = [
            f"{key}={value}"
            for key, value in pairs
            if unquote(key).lower() != "to" and (n == 0 or unquote(key).lower() not in _CARBON_COPIES)
        ]
        query = "&".join([*kept, f"to={quote(target, safe='@+')}"])
        out.append(urlunsplit((parts.scheme, parts.netloc, "", query, parts.fragment)))
    return out
