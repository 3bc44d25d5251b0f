from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.charset import detect_encoding, meta_declared_encoding

TEXT = "论坛帖子：武昌起义爆发于一九一一年十月十日，揭开了辛亥革命的序幕。生僻字𠀀𠀁。"


def page(text: str, meta: str = "", pad: int = 0) -> str:
    script = f"<script>var x='{'a' * pad}';</script>" if pad else ""
    return f"<html><head>{script}{meta}<title>t</title></head><body><p>{text}</p></body></html>"


@pytest.mark.parametrize(
    ("content_type", "meta", "pad"),
    [
        ("text/html; charset=gbk", "", 0),  # header only
        ("text/html", '<meta charset="gbk">', 6000),  # late meta only
        ("text/html", "", 0),  # neither
        ("text/html; charset=utf-8", "", 0),  # header wrong: says UTF-8
        ("text/html; charset=iso-8859-1", "", 0),  # header wrong: says Latin-1
        ("text/html; charset=gb2312", "", 0),  # narrower label than the bytes need
    ],
)
def test_gb18030_bytes_decode_exactly(content_type: str, meta: str, pad: int) -> None:
    body = page(TEXT, meta, pad).encode("gb18030")
    guess = detect_encoding(body, content_type)
    decoded = body.decode(guess.encoding)
    assert TEXT in decoded
    assert "\ufffd" not in decoded


def test_meta_found_after_4kb_of_script() -> None:
    body = page(TEXT, '<meta http-equiv="Content-Type" content="text/html; charset=GBK">', pad=8000).encode("gb18030")
    assert meta_declared_encoding(body) == "gb18030"  # w3lib resolves GBK to its superset
    assert detect_encoding(body).reason == "meta"


def test_meta_inside_body_is_ignored() -> None:
    body = b"<html><head></head><body><meta charset='gbk'>abc</body></html>"
    assert meta_declared_encoding(body) is None


def test_true_latin1_page_is_left_alone() -> None:
    body = page("Café crème brûlée à la française").encode("cp1252")
    guess = detect_encoding(body, "text/html; charset=iso-8859-1")
    assert body.decode(guess.encoding).count("é") == 2


def test_bom_wins() -> None:
    body = b"\xef\xbb\xbf" + page(TEXT).encode("utf-8")
    assert detect_encoding(body, "text/html; charset=gbk").encoding == "utf-8"


@given(st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), min_size=4))
def test_any_chinese_text_roundtrips_in_either_encoding(text: str) -> None:
    for charset in ("utf-8", "gb18030"):
        body = page(text).encode(charset)
        assert text in body.decode(detect_encoding(body, "text/html").encoding)


TRADITIONAL = [
    "我們今天去台北看電影，然後吃晚餐。",
    "請問這個問題要怎麼解決？謝謝大家的幫忙！",
    "本站會員發表的文章僅代表個人意見，與本站立場無關。",
]
JAPANESE = [
    "ログインしてください。パスワードを忘れた方はこちら。",
    "東京都内の天気は明日から崩れる見込みです。",
]


@pytest.mark.parametrize("text", TRADITIONAL)
@pytest.mark.parametrize(
    ("content_type", "meta"),
    [
        ("text/html; charset=ISO-8859-1", '<meta http-equiv="Content-Type" content="text/html; charset=big5">'),
        ("text/html", ""),  # nothing declared
        ("text/html; charset=windows-1252", ""),
    ],
)
def test_big5_pages_read_right(text: str, content_type: str, meta: str) -> None:
    body = page(text, meta).encode("big5")
    guess = detect_encoding(body, content_type)
    assert text in body.decode(guess.encoding), guess


@pytest.mark.parametrize("text", JAPANESE)
@pytest.mark.parametrize("content_type", ["text/html", "text/html; charset=iso-8859-1"])
def test_undeclared_shift_jis_pages_read_right(text: str, content_type: str) -> None:
    body = page(text).encode("shift_jis")
    guess = detect_encoding(body, content_type)
    assert text in body.decode(guess.encoding), guess


def test_a_western_header_gives_way_to_the_meta_before_sniffing() -> None:
    body = page(TRADITIONAL[0], '<meta charset="big5">').encode("big5")
    guess = detect_encoding(body, "text/html; charset=iso-8859-1")
    assert guess.reason == "override" and guess.encoding.startswith("big5")


def test_a_utf8_bom_on_gbk_bytes_is_checked_and_cut() -> None:
    body = b"\xef\xbb\xbf" + page(TEXT, '<meta charset="gbk">').encode("gb18030")
    guess = detect_encoding(body, "text/html")
    assert (guess.encoding, guess.reason, guess.strip) == ("gb18030", "override", 3)
    assert TEXT in body[guess.strip :].decode(guess.encoding)


def test_gb18030_with_an_odd_symbol_is_still_gb18030() -> None:
    text = "希腊字母α与俄文字母д出现在数学课本里，这是一篇很长的中文文章，讨论了教育制度与社会变迁的历史。"
    body = page(text).encode("gb18030")
    assert text in body.decode(detect_encoding(body, "text/html").encoding)
