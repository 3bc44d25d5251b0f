"""Main-container trimming of extracted text (``topiccrawl.maincontainer``), on the real
Chinese news pages and on hand-built pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import trafilatura
from hypothesis import given
from hypothesis import strategies as st
from lxml import html as lxml_html

from topiccrawl.maincontainer import MAIN_SHARE, is_prose, main_paragraphs
from topiccrawl.maintext import extract_main_text
from topiccrawl.textutil import normalize_space

NEWS = Path(__file__).resolve().parent.parent / "fixtures" / "news"

BODY = [
    "龙湖集团公布了2019年中期业绩报告，上半年实现合约销售金额1056.2亿元，同比增长8.8%。",
    "多地业主以实际维权行动，将近年来的楼盘质量问题公诸于众，引发市场关注。",
    "分析人士认为，土地储备成本稳定，但营业成本和营业支出的增幅却远高于营收。",
    "公司在中期业绩会上表示，将加强对在建项目的质量管理，并回应业主的诉求。",
]


def _page(body: list[str], *, before: str = "", after: str = "") -> str:
    paragraphs = "".join(f"<p>{p}</p>" for p in body)
    main = f"<div id='main'><div class='text'>{paragraphs}</div></div>"
    return f"<html><body><div id='nav'>{before}</div>{main}{after}</body></html>"


def _raw(html: str) -> list[str]:
    doc = trafilatura.bare_extraction(html, with_metadata=True, include_comments=False, include_tables=True)
    assert doc is not None
    return [p for line in doc.text.splitlines() if (p := normalize_space(line))]


@pytest.mark.parametrize(
    ("name", "body", "noise"),
    [
        (
            "163_article",
            ["吴亚军", "这需要龙湖给投资者作一个交代"],
            ["目前没有热门跟贴", "万达复星", "网友评论仅供", "- 汽车"],
        ),
        ("sina_article", ["南湖公园", "打造鼓励市民健身运动的公园"], ["推荐新闻", "举报电话", "Copyright", "马云"]),
    ],
)
def test_real_news_pages_lose_comments_lists_and_footer_but_no_body(
    name: str, body: list[str], noise: list[str]
) -> None:
    html = (NEWS / f"{name}.html").read_text(encoding="utf-8")
    raw = _raw(html)
    assert all(any(n in p for p in raw) for n in noise)  # trafilatura alone lets them through
    main = extract_main_text(html)
    assert main is not None
    assert all(b in main.text for b in body)
    assert not any(n in main.text for n in noise)
    # what goes is what lies outside the body: the body's own paragraphs all stay, in order
    kept = main.text.split("\n")
    assert kept == [p for p in raw if p in kept]
    body_box = lxml_html.document_fromstring(html).xpath("//*[@id='endText' or @id='article']")[0]
    body_text = re.sub(r"\s+", "", body_box.text_content())
    assert all(re.sub(r"\s+", "", p)[:16] in body_text for p in kept if is_prose(p) and main.title not in p)


def test_the_headline_above_the_body_stays() -> None:
    title = "杭州石桥保护工作取得新进展"
    html = _page(BODY, before=f"<h1>{title}</h1><p>推荐阅读：今日要闻。</p>")
    root = lxml_html.document_fromstring(html)
    paragraphs = [title, "推荐阅读：今日要闻。", *BODY]
    assert main_paragraphs(root, paragraphs, headline=title) == [title, *BODY]
    assert main_paragraphs(root, paragraphs) == BODY


def test_comments_after_the_body_go() -> None:
    comments = "".join(
        f"<div class='c'><p>{c}</p></div>" for c in ["这群人身边没有智囊吗，真是奇怪。", "早就出去了吧。"]
    )
    html = _page(BODY, after=f"<div id='comments'><h3>热门跟贴</h3>{comments}</div>")
    assert main_paragraphs(lxml_html.document_fromstring(html), _raw(html)) == BODY


def test_text_spread_over_sibling_containers_is_all_kept() -> None:
    # an article cut in two by a figure: half of it in each container, their parent is the container
    html = (
        "<html><body><div id='a'><div class='p1'>"
        + "".join(f"<p>{p}</p>" for p in BODY[:2])
        + "</div><figure><img src='x.jpg'></figure><div class='p2'>"
        + "".join(f"<p>{p}</p>" for p in BODY[2:])
        + "</div></div></body></html>"
    )
    root = lxml_html.document_fromstring(html)
    assert main_paragraphs(root, BODY) == BODY


def test_a_lede_outside_the_body_container_stays_when_it_is_more_than_the_margin() -> None:
    lede = "本报记者获悉，这是一段放在正文容器之外的导语，篇幅与正文的段落相当，说明文章的要点和背景。"
    html = _page(BODY, before=f"<div class='lede'><p>{lede}</p></div>")
    root = lxml_html.document_fromstring(html)
    share = len(lede) / (len(lede) + sum(map(len, BODY)))
    assert share > 1 - MAIN_SHARE  # more than the margin lies outside: the box is their parent
    assert main_paragraphs(root, [lede, *BODY]) == [lede, *BODY]


def test_untraceable_paragraphs_follow_their_neighbours() -> None:
    footer = "<div id='foot'><p>违法和不良信息举报电话：010-12345678，举报邮箱：jubao@example.com</p></div>"
    root = lxml_html.document_fromstring(_page(BODY, after=footer))
    rewritten = "（本段文字经提取器改写，页面中找不到）"
    got = main_paragraphs(
        root, [rewritten, *BODY[:2], rewritten, *BODY[2:], "违法和不良信息举报电话：010-12345678", rewritten]
    )
    assert got == [rewritten, *BODY[:2], rewritten, *BODY[2:]]


def test_no_prose_keeps_everything() -> None:
    items = ["首页", "新闻", "体育", "财经"]
    root = lxml_html.document_fromstring(
        "<html><body>" + "".join(f"<li><a>{i}</a></li>" for i in items) + "</body></html>"
    )
    assert main_paragraphs(root, items) == items


@pytest.mark.parametrize(
    ("text", "prose"),
    [
        ("北京完成河道综合治理，市民纷纷点赞。", True),
        ("The battery lasts two days with normal use, but the camera drains it.", True),
        ("【 财经 】 马云：以前对钱没兴趣 现在更没兴趣", False),
        ("Copyright © 1996-2019 SINA Corporation", False),
        ("首页 新闻 体育", False),
    ],
)
def test_is_prose(text: str, prose: bool) -> None:
    assert is_prose(text) is prose


@given(
    st.lists(st.sampled_from([*BODY, "推荐新闻", "- 【 新闻 】 今日要闻", "网友评论仅供其表达个人看法。"]), max_size=12)
)
def test_output_is_an_ordered_subset_of_the_input(paragraphs: list[str]) -> None:
    root = lxml_html.document_fromstring(
        _page(BODY, after="<div><p>推荐新闻</p><p>网友评论仅供其表达个人看法。</p></div>")
    )
    got = main_paragraphs(root, paragraphs)
    it = iter(paragraphs)
    assert all(p in it for p in got)  # a subsequence: nothing added, nothing reordered
