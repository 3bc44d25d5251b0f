"""Rendering events as a JSON feed (with a cursor) and as Atom XML (pure functions).

Everything in an event comes from crawled pages, i.e. from strangers: titles like
``</title><script>`` must come out as text. The Atom document is built with an XML
serializer (which escapes ``<``, ``&`` and quotes) after removing characters XML 1.0
cannot carry at all; the JSON escapes ``<``, ``>`` and ``&`` too, so a browser that
sniffs it as HTML finds no markup.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

from topiccrawl.notify.message import KIND_LABELS, safe_link
from topiccrawl.store.events import StoredEvent

ATOM_NS = "http://www.w3.org/2005/Atom"
# Characters not allowed in XML 1.0 documents even as references.
_XML_INVALID_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def event_dict(event: StoredEvent) -> dict[str, Any]:
    return {
        "id": str(event.id),
        "event_id": event.id,
        "kind": event.kind,
        "title": event.item_title or event.item_url or event.watch_url or "",
        "url": event.item_url or event.watch_url,
        "watch_id": event.watch_id,
        "watch_url": event.watch_url,
        "source": event.source,
        "date_published": event.detected_at,
    }


def json_feed(events: Sequence[StoredEvent], *, since: int, feed_url: str = "") -> str:
    """A JSON Feed 1.1 document plus ``next_since``: pass it back as ``since`` to get only newer events."""
    next_since = events[-1].id if events else since
    doc = {
        "version": "https://jsonfeed.org/version/1.1",
        "title": "topiccrawl change events",
        "feed_url": feed_url,
        "next_since": next_since,
        "items": [event_dict(e) for e in events],
    }
    text = json.dumps(doc, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _clean(text: str | None) -> str:
    return _XML_INVALID_RE.sub("", text or "")


def atom_feed(events: Sequence[StoredEvent], *, feed_url: str, updated: str) -> bytes:
    """An Atom 1.0 document, newest event first."""
    ET.register_namespace("", ATOM_NS)

    def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
        el = ET.SubElement(parent, f"{{{ATOM_NS}}}{tag}", {k: _clean(v) for k, v in attrs.items()})
        if text is not None:
            el.text = _clean(text)
        return el

    feed = ET.Element(f"{{{ATOM_NS}}}feed")
    sub(feed, "id", "urn:topiccrawl:events")
    sub(feed, "title", "topiccrawl change events")
    sub(feed, "updated", updated)
    sub(feed, "link", rel="self", href=feed_url)
    for event in sorted(events, key=lambda e: e.id, reverse=True):
        d = event_dict(event)
        entry = sub(feed, "entry")
        sub(entry, "id", f"urn:topiccrawl:event:{event.id}")
        label = KIND_LABELS.get(event.kind, event.kind)
        sub(entry, "title", f"{label}: {d['title']}")
        sub(entry, "updated", event.detected_at)
        link = safe_link(d["url"])
        if link:  # feed readers make it clickable: never a javascript: or data: URL
            sub(entry, "link", rel="alternate", href=link)
        author = sub(entry, "author")
        sub(author, "name", event.source or "topiccrawl")
        sub(entry, "summary", f"{label}: {d['title']} — {d['url'] or ''} (watched page: {event.watch_url or ''})")
    return ET.tostring(feed, encoding="utf-8", xml_declaration=True)
