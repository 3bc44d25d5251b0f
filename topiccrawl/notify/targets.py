"""One outbox channel per recipient: a URL naming several is split when events are queued.

A notification URL can name several recipients (``mailto://…?to=a@x,b@y``). Apprise then
sends to each and reports one result: if one recipient refuses, the whole URL is retried,
and the recipients that accepted get the message again on every retry. Splitting such a
URL into one URL per recipient gives each its own outbox row, so a retry goes only to the
recipient that failed.

Email (``mailto://``, ``mailtos://``) is split here: its recipients are the ``to=`` list and
the path segments, and ``cc=`` and ``bcc=`` stay with the first recipient's URL. Other
schemes are split by Apprise itself: the URL is parsed into its plugin, and when the
plugin holds its recipients in one list attribute as long as its target count (Telegram's
chats, DingTalk's and Twilio's numbers, ntfy's topics, Slack's and Rocket.Chat's channels,
Matrix rooms, SNS numbers), each recipient gets the URL the plugin writes for itself with
that one recipient. A URL whose recipients Apprise does not keep that way stays whole, and
a partial failure there is retried to all of them.
"""

from __future__ import annotations

import copy
import functools
import re
from urllib.parse import quote, unquote, urlsplit, urlunsplit

_EMAIL_SCHEMES = frozenset({"mailto", "mailtos"})
_SEPARATORS_RE = re.compile(r"[,;\s]+")
_CARBON_COPIES = frozenset({"cc", "bcc"})


@functools.lru_cache(maxsize=1024)
def split_targets(url: str) -> list[str]:
    """``url`` as one URL per recipient; ``[url]`` if it names one or cannot be split.
    (Cached: the same channel URLs come with every event; callers must not mutate the list.)"""
    try:
        parts = urlsplit(url)
    except ValueError:
        return [url]
    if parts.scheme.lower() not in _EMAIL_SCHEMES:
        return _split_by_plugin(url)
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


def _split_by_plugin(url: str) -> list[str]:
    import apprise

    try:
        plugin = apprise.Apprise.instantiate(url)
    except Exception:  # Apprise's plugins raise assorted errors on odd URLs
        return [url]
    if plugin is None or (n := len(plugin)) <= 1:
        return [url]
    lists = [k for k, v in vars(plugin).items() if not k.startswith("_") and isinstance(v, list) and len(v) == n]
    if len(lists) != 1:
        return [url]  # the recipients are not one list (or which list they are is unclear)
    out = []
    for recipient in getattr(plugin, lists[0]):
        one = copy.copy(plugin)
        setattr(one, lists[0], [recipient])
        if len(one) != 1:
            return [url]
        out.append(one.url(privacy=False))
    return out
