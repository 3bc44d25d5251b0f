"""Site chrome: regions whose records repeat across pages are not a page's content."""

from __future__ import annotations

from topiccrawl.forum.chrome import Chrome
from topiccrawl.forum.regions import find_regions, parse_html

NAV = "".join(f'<li><div><a href="/{p}/">{p.title()} page</a></div></li>' for p in ("forums", "members", "help"))
NAV = f"<ul>{NAV}</ul>"


def _regions(body: str) -> list:
    return find_regions(parse_html(f"<html><body><nav>{NAV}</nav>{body}</body></html>"))


def _list(name: str) -> str:
    rows = "".join(
        f'<li><div><a href="/threads/{name}{i}/">{name} thread {i}</a><span>by someone</span></div></li>'
        for i in range(5)
    )
    return f"<main><ol>{rows}</ol></main>"


def test_a_region_seen_on_another_page_is_chrome_and_the_page_keeps_its_content() -> None:
    chrome = Chrome()
    first = _regions(_list("a"))
    assert chrome.content("http://f/a", first) == first  # nothing seen before
    second = _regions(_list("b"))
    content = chrome.content("http://f/b", second)
    assert len(content) == len(second) - 1
    assert all("/threads/b" in link.url for region in content for link in region.links)


def test_a_page_with_nothing_but_chrome_has_no_content() -> None:
    chrome = Chrome()
    chrome.content("http://f/a", _regions(_list("a")))
    assert chrome.content("http://f/help", _regions("<p>Terms of service</p>")) == []


def test_a_view_of_a_page_already_read_keeps_that_pages_content() -> None:
    chrome = Chrome()
    first = _regions(_list("a"))
    chrome.content("http://f/a", first)
    chrome.mark_content(first[1])
    alias = _regions(_list("a"))  # the same records under another URL ('last post', a sorted view)
    content = chrome.content("http://f/a?sort=1", alias)
    assert len(content) == 1 and content[0].links[0].url == "/threads/a0/"  # not the nav: the caller sees a duplicate


def test_the_same_page_read_again_is_not_its_own_chrome() -> None:
    chrome = Chrome()
    regions = _regions(_list("a"))
    chrome.content("http://f/a", regions)
    assert chrome.content("http://f/a", regions) == regions


def test_memory_is_bounded() -> None:
    chrome = Chrome(limit=1)
    chrome.content("http://f/a", _regions(_list("a")))  # the nav comes first and is remembered, the list is not
    chrome.content("http://f/b", _regions(_list("b")))
    again = _regions(_list("a"))
    # page a's list was never remembered, so on a third page showing it, it is still content
    assert [r.location for r in chrome.content("http://f/c", again)] == ["html/body/main/ol"]
