"""Keywords (TF-IDF over jieba tokens) and the TextRank summary."""

from __future__ import annotations

from topiccrawl.keywords import keywords
from topiccrawl.summary import split_sentences, summarize

TEXT = (
    "武昌起义爆发于一九一一年十月十日，揭开了辛亥革命的序幕。"
    "起义成功后，湖北军政府成立，黎元洪被推举为都督。"
    "辛亥革命推翻了清朝的统治，结束了两千多年的君主专制制度。"
    "各省纷纷响应武昌起义，宣布独立。"
    "今天的天气很好，适合出门散步。"
    "孙中山在南京就任临时大总统，中华民国成立，辛亥革命取得了胜利。"
)


def test_keywords_rank_topic_words_first() -> None:
    top = keywords(TEXT, 5)
    assert len(top) == 5
    assert "辛亥革命" in top[:3] or "武昌起义" in top[:3]
    assert all(len(k) >= 2 for k in top)
    assert "的" not in top


def test_keywords_of_empty_text() -> None:
    assert keywords("") == []
    assert keywords("123 456") == []


def test_summary_picks_central_sentences_in_order() -> None:
    summary = summarize(TEXT, 2)
    sentences = split_sentences(TEXT)
    picked = [s for s in sentences if s in summary]
    assert len(picked) == 2
    assert picked == sorted(picked, key=sentences.index)
    assert "天气" not in summary  # the off-topic sentence is least central


def test_short_text_summary_is_the_text() -> None:
    assert summarize("只有一句话而已。", 3) == "只有一句话而已。"
    assert summarize("", 3) == ""
