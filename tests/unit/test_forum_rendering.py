"""Text nodes joined as laid out (``topiccrawl.forum.rendering``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.forum.posttext import visible_text
from topiccrawl.forum.regions import parse_html
from topiccrawl.forum.rendering import glue


def _text(inner: str) -> str:
    return visible_text(parse_html(f"<html><body><div>{inner}</div></body></html>").find(".//div"))


def test_inline_markup_inside_a_chinese_sentence_splits_no_word() -> None:
    assert (
        _text("<strong>小区</strong>：花家地西里 <strong>租金</strong>：5600元/月")
        == "小区：花家地西里 租金：5600元/月"
    )
    assert _text('参考：<a href="https://x.cn/1">https://x.cn/1</a>') == "参考：https://x.cn/1"


def test_blocks_and_line_breaks_separate_and_source_whitespace_is_kept() -> None:
    assert _text("<p>第一段。</p><p>第二段</p>三<br>四") == "第一段。 第二段 三 四"
    assert _text("see <a>the docs</a>. Or <b>ask</b> @<a>ann</a>") == "see the docs. Or ask @ann"


def test_latin_words_that_touch_only_through_markup_stay_apart() -> None:
    # phpBB's quote header: a stylesheet sets the date apart from the arrow and the text
    html = "<cite><a>ann</a> wrote: <a>↑</a><span>Fri Jul 19, 2024 12:06 am</span></cite>Normal."
    assert _text(html) == "ann wrote: ↑ Fri Jul 19, 2024 12:06 am Normal."


def test_hidden_text_joins_its_neighbours_as_shown() -> None:
    assert _text('上班<span style="display:none">jammer</span>的意义') == "上班的意义"


@given(st.characters(), st.characters())
def test_glue_is_a_space_or_nothing_and_nothing_beside_cjk(a: str, b: str) -> None:
    g = glue(a, b)
    assert g in {"", " "}
    if (ord(a) >= 0x4E00 and ord(a) <= 0x9FFF) or (ord(b) >= 0x4E00 and ord(b) <= 0x9FFF):
        assert g == ""
