"""The text of a notification: a title, a plain-text body and an HTML body for one or more events."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

# How each kind of event reads in a message title.
KIND_LABELS = {
    "new_item": "New item",
    "page_changed": "Page changed",
    "new_thread": "New thread",
    "new_post": "New post",
    "changed_page": "Page changed",
}
_TITLE_LIMIT = 120


@dataclass(frozen=True, slots=True)
class EventView:
    """What a message needs to know about an event."""

    event_id: int
    kind: str
    watch_url: str | None
    item_url: str | None
    item_title: str | None
    detected_at: str
    watch_id: int | None = None
    source: str | None = None  # the spider that found it

    @property
    def crawl(self) -> tuple[str, str] | None:
        """(spider, host) for an event a crawl found rather than a watch; such events fold by both."""
        if self.watch_id is not None or not self.source:
            return None
        return self.source, urlsplit(self.watch_url or self.item_url or "").hostname or "?"


@dataclass(frozen=True, slots=True)
class Message:
    title: str
    text: str
    html: str


def safe_link(url: str | None) -> str | None:
    """``url`` if it may be a clickable link (http/https); ``javascript:``, ``data:`` etc. never are."""
    if not url:
        return None
    scheme = url.split(":", 1)[0].strip().lower() if ":" in url else ""
    return url if scheme in {"http", "https"} else None


def _label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render(events: Sequence[EventView]) -> Message:
    """One message for ``events`` (same watch). Every item's title and URL appears in both bodies."""
    if not events:
        raise ValueError("render() needs at least one event")
    first = events[0]
    crawl = first.crawl
    if len(events) == 1:
        title = f"[topiccrawl] {_label(first.kind)}: {first.item_title or first.item_url or first.watch_url}"
    elif crawl is not None:  # a crawl's events fold by spider and host: no one page stands for them
        title = f"[topiccrawl] {len(events)} changes found by crawl {crawl[0]} on {crawl[1]}"
    else:
        title = f"[topiccrawl] {len(events)} changes on {first.watch_url or 'a watched page'}"
    title = _shorten(title, _TITLE_LIMIT)
    lines: list[str] = []
    rows: list[str] = []
    for event in events:
        name = event.item_title or event.item_url or event.watch_url or ""
        url = event.item_url or event.watch_url or ""
        lines.append(f"- {_label(event.kind)}: {name}\n  {url}\n  (detected {event.detected_at}, #{event.event_id})")
        link = safe_link(url)
        shown = f'<a href="{html.escape(link, quote=True)}">{html.escape(name)}</a>' if link else html.escape(name)
        rows.append(
            f"<li>{html.escape(_label(event.kind))}: {shown}<br>"
            f"<small>{html.escape(url)} · detected {html.escape(event.detected_at)} · "
            f"event #{event.event_id}</small></li>"
        )
    if crawl is not None:
        text = f"Found by crawl {crawl[0]} on {crawl[1]}\n\n" + "\n".join(lines) + "\n"
        body_html = f"<p>Found by crawl {html.escape(crawl[0])} on {html.escape(crawl[1])}</p><ul>{''.join(rows)}</ul>"
        return Message(title=title, text=text, html=body_html)
    watched = f"Watched page: {first.watch_url}\n\n" if first.watch_url else ""
    text = watched + "\n".join(lines) + "\n"
    watch_link = safe_link(first.watch_url)
    if watch_link:
        html_watched = (
            f'<p>Watched page: <a href="{html.escape(watch_link, quote=True)}">{html.escape(watch_link)}</a></p>'
        )
    else:
        html_watched = f"<p>Watched page: {html.escape(first.watch_url)}</p>" if first.watch_url else ""
    body_html = f"{html_watched}<ul>{''.join(rows)}</ul>"
    return Message(title=title, text=text, html=body_html)
