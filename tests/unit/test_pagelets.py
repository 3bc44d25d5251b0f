"""Markup shipped in comments for scripts to insert (``topiccrawl.pagelets``), on the real Tieba
board page as Tieba's server sends it: the thread list inside a hidden ``<code>``'s comment."""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
import pytest
from lxml import etree

from topiccrawl.forum.regions import find_regions, parse_html
from topiccrawl.pagelets import expand_pagelets
from topiccrawl.urlcluster import auto_choose, extract_links

TIEBA = Path(__file__).resolve().parent.parent / "fixtures" / "real_pages" / "tieba_thread_list.html"
BASE = "http://127.0.0.1:8080"


def _as_served() -> str:
    """The saved page (the list in place, as a browser leaves it) turned back into what the
    server sends: the list's markup in a comment inside a hidden ``<code>``, its placeholder empty."""
    doc = lxml.html.document_fromstring(TIEBA.read_text(encoding="utf-8"))
    holder = doc.get_element_by_id("pagelet_frs-list/pagelet/thread_list")
    inner = "".join(lxml.html.tostring(child, encoding="unicode") for child in holder)
    inner = re.sub(r"<!--.*?-->", "", inner, flags=re.S)  # a comment cannot hold comments
    for child in list(holder):
        holder.remove(child)
    holder.text = None
    code = lxml.html.Element("code", {"class": "pagelet_html", "id": "pagelet_html_frs-list/pagelet/thread_list"})
    code.set("style", "display:none;")
    code.append(etree.Comment(inner))
    holder.addprevious(code)
    return lxml.html.tostring(doc, encoding="unicode")


def _threads(urls: list[str]) -> set[str]:
    return {u for u in urls if re.fullmatch(r"(?:http://127\.0\.0\.1:8080)?/p/\d+", u)}


def test_as_served_the_list_is_invisible_to_a_parser() -> None:
    served = _as_served()
    plain = lxml.html.document_fromstring(served)
    assert not _threads([a.get("href", "") for a in plain.iter("a")])
    assert len(set(re.findall(r'href="(/p/\d+)"', served))) == 50  # but it is all there, in the comment


def test_the_forum_spiders_parser_finds_the_fifty_thread_links() -> None:
    root = parse_html(_as_served())
    best = max(len(_threads([link.url for link in r.links if link.text])) for r in find_regions(root))
    assert best == 50


def test_the_watch_template_finds_the_thread_list() -> None:
    served = _as_served()
    truth = {BASE + href for href in re.findall(r'href="(/p/\d+)"', served)}
    chosen = auto_choose(extract_links(served, BASE + "/f?kw=test"))
    assert chosen is not None
    got = set(chosen.urls)
    assert len(got & truth) / len(got) >= 0.95 and len(got & truth) / len(truth) >= 0.9


@pytest.mark.parametrize(
    "html",
    [
        "<div><!-- <a href='/x'>commented out</a> --><a href='/y'>y</a></div>",  # not a code's content
        "<code>x = 1 <!-- <b>note</b> --></code>",  # the code holds text of its own
        "<code><!-- just a note, no markup --></code>",
        "<code><!--[if IE]><p>old</p><![endif]--> <b>shown</b></code>",  # beside an element
    ],
)
def test_other_comments_stay_comments(html: str) -> None:
    root = lxml.html.fragment_fromstring(f"<section>{html}</section>")
    before = lxml.html.tostring(root)
    assert expand_pagelets(root) == 0
    assert lxml.html.tostring(root) == before


def test_a_pagelet_is_parsed_in_place_with_its_text() -> None:
    root = lxml.html.fragment_fromstring(
        "<section><p>before</p><code><!-- lead <ul><li><a href='/p/1'>one</a></li></ul> tail --></code>"
        "<p>after</p></section>"
    )
    assert expand_pagelets(root) == 1
    code = root.find("code")
    assert code is not None and not any(c.tag is etree.Comment for c in code)
    assert code.text.strip() == "lead" and [a.get("href") for a in code.iter("a")] == ["/p/1"]
    assert code.find("ul").tail.strip() == "tail"
    assert [el.tag for el in root] == ["p", "code", "p"]
