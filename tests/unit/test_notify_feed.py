from __future__ import annotations

import json

from lxml import etree

from topiccrawl.feed.render import ATOM_NS, atom_feed, json_feed
from topiccrawl.store.events import StoredEvent

HOSTILE = '</title><script>alert(1)</script>]]><!ENTITY x "y">&x;\x01'


def events() -> list[StoredEvent]:
    return [
        StoredEvent(5, "new_item", "2026-01-01T00:00:00+00:00", 1, "http://w/", "http://w/a?b=1&c=2", HOSTILE, "m"),
        StoredEvent(9, "new_post", "2026-01-02T00:00:00+00:00", None, "http://f/t", "http://f/t?p=2", "第二页", "f"),
    ]


def test_json_feed_cursor_and_no_markup() -> None:
    text = json_feed(events(), since=4)
    assert "<" not in text and ">" not in text and "&" not in text
    doc = json.loads(text)
    assert doc["next_since"] == 9
    assert [i["event_id"] for i in doc["items"]] == [5, 9]
    assert doc["items"][0]["title"] == HOSTILE
    assert json.loads(json_feed([], since=9))["next_since"] == 9


def test_atom_is_well_formed_and_hostile_text_stays_text() -> None:
    xml = atom_feed(events(), feed_url="http://127.0.0.1:1/events.atom", updated="2026-01-02T00:00:00+00:00")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    root = etree.fromstring(xml, parser)
    ns = {"a": ATOM_NS}
    entries = root.findall("a:entry", ns)
    assert [e.findtext("a:id", namespaces=ns) for e in entries] == ["urn:topiccrawl:event:9", "urn:topiccrawl:event:5"]
    title = entries[1].findtext("a:title", namespaces=ns)
    assert "</title><script>alert(1)</script>" in title  # as text, not as elements
    assert root.find(".//script") is None and root.find(".//{*}script") is None
    assert entries[1].find("a:link", ns).get("href") == "http://w/a?b=1&c=2"


def test_atom_never_links_to_javascript() -> None:
    bad = StoredEvent(3, "new_item", "2026-01-01T00:00:00+00:00", 1, "http://w/", " JavaScript:alert(1)", "t", "m")
    root = etree.fromstring(atom_feed([bad], feed_url="http://127.0.0.1:1/events.atom", updated="2026-01-01"))
    assert root.findall(f"{{{ATOM_NS}}}entry/{{{ATOM_NS}}}link") == []
