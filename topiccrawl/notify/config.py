"""Reading the notification settings (any object with Scrapy's typed getters)."""

from __future__ import annotations

import json
from typing import Any, Protocol

from topiccrawl.args import SettingError
from topiccrawl.notify.backoff import Backoff
from topiccrawl.notify.outbox_worker import OutboxConfig


class SettingsLike(Protocol):
    def getbool(self, name: str, default: bool = ...) -> bool: ...
    def getint(self, name: str, default: int = ...) -> int: ...
    def getfloat(self, name: str, default: float = ...) -> float: ...
    def get(self, name: str, default: Any = ...) -> Any: ...


def outbox_config(settings: SettingsLike) -> OutboxConfig:
    return OutboxConfig(
        fold_window=max(0.0, settings.getfloat("TOPICCRAWL_NOTIFY_FOLD_WINDOW", 30.0)),
        timeout=max(0.1, settings.getfloat("TOPICCRAWL_NOTIFY_TIMEOUT", 15.0)),
        backoff=Backoff(
            base=max(0.0, settings.getfloat("TOPICCRAWL_NOTIFY_RETRY_BASE", 30.0)),
            cap=max(0.0, settings.getfloat("TOPICCRAWL_NOTIFY_RETRY_CAP", 3600.0)),
        ),
        max_attempts=max(0, settings.getint("TOPICCRAWL_NOTIFY_MAX_ATTEMPTS", 50)),
        lease=max(1.0, settings.getfloat("TOPICCRAWL_NOTIFY_LEASE", 300.0)),
        resend_uncertain=settings.getbool("TOPICCRAWL_NOTIFY_RESEND_UNCERTAIN", False),
    )


def parse_url_list(value: object) -> list[str]:
    """A list of URLs from a list, a JSON list string, or a whitespace-separated string.

    Not comma-separated: Apprise URLs use commas themselves (``mailto://…?to=a@x,b@y``).
    """
    if value is None:
        return []
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            try:
                value = json.loads(text)
            except ValueError:
                raise SettingError("TOPICCRAWL_NOTIFY_URLS: not a valid JSON list") from None
        else:
            return text.split()
    if isinstance(value, list | tuple):
        return [str(v).strip() for v in value if str(v).strip()]
    raise SettingError("TOPICCRAWL_NOTIFY_URLS: expected a list of Apprise URLs")


def global_urls(settings: SettingsLike) -> list[str]:
    """``TOPICCRAWL_NOTIFY_URLS``: a list, or from ``-s`` a JSON list or space-separated URLs."""
    return parse_url_list(settings.get("TOPICCRAWL_NOTIFY_URLS"))
