from __future__ import annotations

from topiccrawl.dictionary import LEARNED, CrawlFeedback, DictionaryGrower, GrowthConfig, parse_dictionary
from topiccrawl.dictionary.growth import is_candidate_word, match_score

TOPIC = ["辛亥革命", "武昌起义", "同盟会", "孙中山", "黄兴"]
OTHER = ["足球", "联赛", "火锅", "股票", "芯片", "酒店", "景点"]


def dictionary():
    return parse_dictionary("\n".join(f"{t} 1.0" for t in TOPIC) + "\n清朝 0.3 qing\n")


def test_candidate_words() -> None:
    assert is_candidate_word("熊秉坤")
    assert is_candidate_word("wuchang")
    assert not is_candidate_word("更")  # one character
    assert not is_candidate_word("12345")
    assert not is_candidate_word("ab")


def test_match_is_the_mean_weight_of_feedback_terms() -> None:
    d = dictionary()
    assert match_score(["辛亥革命", "同盟会"], d) == 1.0
    assert match_score(["辛亥革命", "足球"], d) == 0.5
    assert match_score(["qing", "足球"], d) == 0.15  # an alias counts as its term
    assert match_score([], d) == 0.0


def _crawl(grower: DictionaryGrower) -> None:
    """A crawl where 熊秉坤 occurs on on-topic pages only and 意义 on every kind of page."""
    for i in range(60):
        if i % 2 == 0:
            words = [*TOPIC[i % 3 : i % 3 + 3], "熊秉坤", "意义", "文章"]
        else:
            words = [OTHER[i % 7], OTHER[(i + 1) % 7], "意义", "文章"]
        grower.observe_page(words)
        grower.observe_link(["熊秉坤", "意义"])


def test_topical_candidate_is_admitted_and_common_word_is_not() -> None:
    d = dictionary()
    grower = DictionaryGrower(d, CrawlFeedback(), GrowthConfig(threshold=0.2))
    _crawl(grower)
    admitted = {j.term for j in grower.step()}
    assert "熊秉坤" in admitted
    assert "意义" not in admitted  # as common on off-topic pages as on on-topic ones
    term = d.get("熊秉坤")
    assert term is not None and term.source == LEARNED
    assert 0 < term.weight <= GrowthConfig().max_weight
    assert term.evidence["pages"] >= 3


def test_known_words_and_alias_parts_are_not_candidates() -> None:
    d = parse_dictionary("孙中山 1 sun-yat-sen\n")
    grower = DictionaryGrower(d)
    grower.observe_link(["孙中山", "sun", "yat", "sen", "熊秉坤"])
    assert set(grower.candidates) == {"熊秉坤"}


def test_no_judgement_without_enough_feedback() -> None:
    grower = DictionaryGrower(dictionary(), CrawlFeedback(), GrowthConfig(min_feedback_pages=3))
    grower.observe_page(["熊秉坤", "辛亥革命"])
    grower.observe_link(["熊秉坤"])
    grower.observe_link(["熊秉坤"])
    assert grower.judge("熊秉坤") is None
    assert grower.step() == []


def test_feedback_store_and_candidates_are_bounded() -> None:
    feedback = CrawlFeedback(capacity=10)
    for i in range(50):
        feedback.add_page([f"词{i}", "共同"])
    assert len(feedback) == 10
    assert feedback.count("共同") == 10
    assert feedback.count("词0") == 0
    grower = DictionaryGrower(dictionary(), feedback, GrowthConfig(max_candidates=100))
    for i in range(1000):
        grower.observe_link([f"候选{i}"])
    assert len(grower.candidates) <= 100


class FixedFeedback:
    """A pluggable feedback source (a search engine stand-in): fixed pages per term."""

    def pages_about(self, term: str, limit: int) -> list[set[str]]:
        return [{"辛亥革命", "武昌起义", "同盟会"}] * 5 if term == "首义" else [{"足球", "联赛"}] * 5


def test_feedback_source_is_pluggable() -> None:
    grower = DictionaryGrower(dictionary(), FixedFeedback(), GrowthConfig(min_occurrences=1))
    grower.observe_link(["首义", "球迷"])
    assert [j.term for j in grower.step()] == ["首义"]
