"""Reading the notification settings (any object with Scrapy's typed getters)."""

from __future__ import annotations

from typing import Any, Protocol

from topiccrawl.notify.backoff import Backoff
from topiccrawl.notify.outbox_worker import OutboxConfig


class SettingsLike(Protocol):
    def getbool(self, name: str, default: bool = ...) -> bool: ...
    def getint(self, name: str, default: int = ...) -> int: ...
    def getfloat(self, name: str, default: float = ...) -> float: ...
    def getlist(self, name: str, default: Any = ...) -> list[Any]: ...


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


def global_urls(settings: SettingsLike) -> list[str]:
    """``TOPICCRAWL_NOTIFY_URLS``: a list, or a comma/space-separated string from ``-s``."""
    urls: list[str] = []
    for value in settings.getlist("TOPICCRAWL_NOTIFY_URLS", []):
        urls.extend(part for part in str(value).replace(",", " ").split() if part)
    return urls
