from __future__ import annotations

import pytest

from topiccrawl.notify.message import EventView, render

HOSTILE = '</title><script>alert("x")</script>&amp;'


def test_single_event_message_has_title_and_url() -> None:
    m = render([EventView(3, "new_item", "http://w/", "http://w/item/9", "武昌起义新帖", "2026-01-01T00:00:00+00:00")])
    assert "武昌起义新帖" in m.title
    for body in (m.text, m.html):
        assert "武昌起义新帖" in body
        assert "http://w/item/9" in body


def test_folded_message_lists_every_item() -> None:
    events = [EventView(i, "new_item", "http://w/", f"http://w/{i}", f"title {i}", "t") for i in range(4)]
    m = render(events)
    assert "4 changes" in m.title
    assert all(f"http://w/{i}" in m.text and f"title {i}" in m.html for i in range(4))


def test_html_body_escapes_hostile_titles_and_urls() -> None:
    m = render([EventView(1, "new_item", "http://w/", 'http://w/"><img src=x>', HOSTILE, "t")])
    assert "<script>" not in m.html
    assert "<img" not in m.html
    assert "&lt;script&gt;" in m.html


def test_render_needs_events() -> None:
    with pytest.raises(ValueError):
        render([])


def test_only_http_urls_become_links() -> None:
    m = render([EventView(1, "new_item", "javascript:alert(1)", "javascript:alert(2)", "t", "d")])
    assert "href" not in m.html
    assert "javascript:alert(2)" in m.text  # still shown, as text


def test_a_folded_crawl_message_names_the_crawl_not_its_first_page() -> None:
    urls = ["http://news.example/a.html", "http://news.example/b.html", "http://news.example/c.html"]
    events = [EventView(i, "new_item", u, u, f"t{i}", "d", None, "follow") for i, u in enumerate(urls)]
    m = render(events)
    assert m.title == "[topiccrawl] 3 changes found by crawl follow on news.example"
    assert m.text.startswith("Found by crawl follow on news.example\n")
    assert "Watched page" not in m.text and "Watched page" not in m.html
    assert "Found by crawl follow on news.example" in m.html
    assert all(u in m.text and u in m.html for u in urls)
    # a watch's events still name the watched page
    watched = render([EventView(i, "new_item", "http://w/", f"http://w/{i}", "t", "d", 7, "monitor") for i in range(2)])
    assert watched.title == "[topiccrawl] 2 changes on http://w/"
    assert watched.text.startswith("Watched page: http://w/\n")
