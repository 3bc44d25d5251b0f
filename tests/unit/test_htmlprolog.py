"""XHTML pages open with an XML declaration, which lxml refuses in decoded text: every parser of
the project reads them as the pages they are."""

from __future__ import annotations

import pytest

from topiccrawl.forum.regions import parse_html
from topiccrawl.forum.templatebook import TemplateBook
from topiccrawl.htmlprolog import without_xml_declaration
from topiccrawl.maintext import extract_main_text
from topiccrawl.urlcluster import auto_choose, extract_links
from topiccrawl.watchtemplate import page_fingerprint

_PROLOG = (
    '<?xml version="1.0" encoding="utf-8"?>\n'
    '<!DOCTYPE html PUBLIC "-//WAPFORUM//DTD XHTML Mobile 1.0//EN" '
    '"http://www.wapforum.org/DTD/xhtml-mobile10.dtd">'
)


def _board(bom: str = "") -> str:
    """A mobile board of an XHTML-MP forum (newsmth's ``m.newsmth.net`` style)."""
    rows = "".join(
        f'<li class="{"hla" if i % 2 else ""}"><div><a href="/article/Stock/{i}">第{i}个帖子的标题写得长一点</a>'
        f'</div><div>2024-06-{i % 28 + 1:02d} <a href="/user/query/user{i}">user{i}</a></div></li>'
        for i in range(70100, 70120)
    )
    return (
        f'{bom}{_PROLOG}<html xmlns="http://www.w3.org/1999/xhtml"><head><title>股市 - 水木社区</title></head>'
        f'<body><div id="m_main"><ul class="list sec">{rows}</ul></div></body></html>'
    )


@pytest.mark.parametrize("bom", ["", "\ufeff"])
def test_a_declaration_is_dropped_and_nothing_else(bom: str) -> None:
    page = _board(bom)
    assert without_xml_declaration(page).lstrip().startswith("<!DOCTYPE html")
    plain = "<html><body><p>a <?xml-stylesheet?> is kept inside</p></body></html>"
    assert without_xml_declaration(plain) == plain


@pytest.mark.parametrize("bom", ["", "\ufeff"])
def test_an_xhtml_boards_links_and_list_are_found(bom: str) -> None:
    links = extract_links(_board(bom), "https://m.newsmth.example/board/Stock")
    assert len(links) == 40  # (before: none, the page unparsed)
    chosen = auto_choose(links)
    assert chosen is not None
    assert sorted(chosen.urls) == [f"https://m.newsmth.example/article/Stock/{i}" for i in range(70100, 70120)]


def test_an_xhtml_page_is_read_by_the_forum_spiders_parser() -> None:
    root = parse_html(_board())  # (before: ValueError, and the page was dropped as unparsable)
    regions = TemplateBook().regions(root)
    assert max(len(region.records) for region in regions) == 20


def test_an_xhtml_articles_text_is_fingerprinted() -> None:
    paragraphs = "".join(
        f"<p>第{i}段：沪深两市今日震荡走高，成交额较上一交易日有所放大，市场情绪回暖。</p>" for i in range(8)
    )
    page = f"{_PROLOG}<html><head><title>收评</title></head><body><div class='article'>{paragraphs}</div></body></html>"
    assert page_fingerprint(page).text
    main = extract_main_text(page)
    assert main is not None and "沪深两市" in main.text
