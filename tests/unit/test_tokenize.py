"""Word segmentation: stopwords, the segmented prefix, and user words taking effect at once."""

from __future__ import annotations

from topiccrawl.tokenize import STOPWORDS, add_words, tokenize


def test_stopwords_and_punctuation_are_left_out_unless_asked_for() -> None:
    text = "辛亥革命的历史意义，and the Wuchang Uprising!"
    tokens = tokenize(text)
    assert "的" not in tokens and "the" not in tokens and "，" not in tokens and "!" not in tokens
    assert {"wuchang", "uprising"} <= set(tokens)
    with_stopwords = tokenize(text, keep_stopwords=True)
    assert "的" in with_stopwords and "the" in with_stopwords
    assert [t for t in with_stopwords if t not in STOPWORDS] == tokens


def test_a_token_list_is_the_callers_own() -> None:
    # (segmentations are cached for the next pipeline: a caller editing its list changes no other's)
    first = tokenize("武昌起义爆发")
    first.append("x")
    assert tokenize("武昌起义爆发") == first[:-1]


def test_only_the_first_max_chars_are_segmented() -> None:
    assert tokenize("abc " * 10, max_chars=8) == ["abc", "abc"]


def test_a_word_added_cuts_texts_segmented_before_it_was() -> None:
    text = "桑塔喀勒图鲁姆克特尔是一个地名"
    before = tokenize(text)
    assert "桑塔喀勒图鲁姆克特尔" not in before
    add_words(["桑塔喀勒图鲁姆克特尔"])
    assert "桑塔喀勒图鲁姆克特尔" in tokenize(text)
