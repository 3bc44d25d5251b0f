"""Fingerprints: the vectorised simhash equals the textbook one; tiny texts get none."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.fingerprint import (
    _hash64,
    checksum,
    from_hex,
    hamming,
    simhash,
    text_fingerprint,
    to_hex,
)
from topiccrawl.maintext import extract_main_text

NEWS = Path(__file__).resolve().parent.parent / "fixtures" / "news"


def _reference_simhash(features: dict[str, float]) -> int:
    vector = [0.0] * 64
    for feature, weight in features.items():
        h = _hash64(feature)
        for bit in range(64):
            vector[bit] += weight if (h >> bit) & 1 else -weight
    return sum(1 << bit for bit in range(64) if vector[bit] > 0)


@given(st.dictionaries(st.text(min_size=1, max_size=8), st.integers(1, 20), max_size=50))
def test_simhash_matches_the_bit_loop(features: dict[str, int]) -> None:
    assert simhash(features) == _reference_simhash(features)


def test_tiny_and_empty_texts_get_no_fingerprint() -> None:
    assert text_fingerprint("") is None
    assert text_fingerprint("顶") is None
    assert text_fingerprint("谢谢楼主分享") is None
    long = "武昌起义爆发于一九一一年十月十日，揭开了辛亥革命的序幕，湖北军政府随后成立，黎元洪被推举为都督。"
    assert text_fingerprint(long) is not None


def test_timestamps_and_counters_do_not_move_the_fingerprint() -> None:
    body = "武昌起义爆发，揭开了辛亥革命的序幕，湖北军政府随后成立，黎元洪被推举为都督，各省纷纷响应。"
    a = text_fingerprint(f"发布时间：2024-01-02 08:30 阅读 1234 次。{body}")
    b = text_fingerprint(f"发布时间：2025-11-30 17:45 阅读 98765 次。{body}")
    assert a is not None and a == b


def test_checksum_ignores_whitespace_only() -> None:
    assert checksum("a  b\n c") == checksum("a b c")
    assert checksum("a b c") != checksum("a b d")


def test_hex_round_trip_and_hamming() -> None:
    value = (1 << 63) | 5
    assert to_hex(value) == "8000000000000005"
    assert from_hex(to_hex(value)) == value
    assert hamming(value, 5) == 1
    assert len(to_hex(1)) == 16


def test_real_chinese_news_pages_keep_their_body() -> None:
    """trafilatura's default keeps the 163 article's body; favor_precision loses it."""
    import trafilatura

    html = (NEWS / "163_article.html").read_text(encoding="utf-8")
    main = extract_main_text(html)
    assert main is not None and "龙湖" in main.title
    assert len(main.text) > 2000 and "吴亚军" in main.text
    precise = trafilatura.bare_extraction(html, with_metadata=True, favor_precision=True)
    assert precise is None or "吴亚军" not in (precise.text or "")

    sina = extract_main_text((NEWS / "sina_article.html").read_text(encoding="utf-8"))
    assert sina is not None and "公园" in sina.text and len(sina.text) > 800
    assert sina.date == "2019-11-25"
    # Main text without the page's navigation: its fingerprint is defined and stable.
    assert text_fingerprint(sina.text) == text_fingerprint(sina.text + "\n")
    assert Counter(sina.text.splitlines()).most_common(1)[0][1] < 3
