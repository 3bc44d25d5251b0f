from __future__ import annotations

import random

from topiccrawl.dictionary import (
    LEARNED,
    CrawlFeedback,
    DictionaryGrower,
    GrowthConfig,
    TopicDictionary,
    load_dictionary,
    parse_dictionary,
)
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


class CountingDictionary(TopicDictionary):
    """A real dictionary that counts its weight lookups (the unit of work of a growth step)."""

    lookups = 0

    def weight(self, token: str) -> float:
        self.lookups += 1
        return super().weight(token)


class CountingGrower(DictionaryGrower):
    judge_calls = 0

    def judge(self, term: str):  # type: ignore[no-untyped-def]
        self.judge_calls += 1
        return super().judge(term)


def _synthetic_crawl(grower: DictionaryGrower, pages: int, every: int = 100) -> list[list[tuple]]:
    """Pages of a crawl: one in three on topic (with 史料NN, which occur nowhere else), common words
    (常见NN) everywhere, sports words elsewhere; a growth step every ``every`` pages."""
    topic = sorted(t.text for t in grower.dictionary if len(t.text) >= 2)[:40]
    rng = random.Random(5)
    hidden = [f"史料{i:02d}" for i in range(12)]
    common = [f"常见{i:02d}" for i in range(12)]
    other = [f"体育{i:03d}" for i in range(300)]
    steps = []
    for p in range(pages):
        words = rng.sample(topic, 6) + rng.sample(hidden, 3) if p % 3 == 0 else rng.sample(other, 20)
        words += rng.sample(common, 3) + rng.sample(other, 5)
        grower.observe_page(words)
        for _ in range(5):
            grower.observe_link(rng.sample(hidden + common + other[:40], 3))
        if (p + 1) % every == 0:
            steps.append([(j.term, j.match, j.lift, j.pages, j.weight) for j in grower.step()])
    return steps


def test_growth_learns_what_it_learned_before_it_was_made_faster() -> None:
    # Recorded with the implementation that recomputed the background for every candidate
    # (commit 68c8549): computing it once per step must not change any judgement.
    grower = DictionaryGrower(
        load_dictionary("xinhai"), CrawlFeedback(capacity=400), GrowthConfig(per_step=8, background_pages=60)
    )
    steps = _synthetic_crawl(grower, 600)
    assert steps == [
        [("史料01", 0.575, 3.892, 10, 0.7), ("史料03", 0.455, 3.629, 6, 0.6825)],
        [],
        [],
        [("史料05", 0.615, 2.851, 10, 0.7), ("史料09", 0.5841, 2.967, 10, 0.7)],
        [("史料02", 0.62, 2.61, 10, 0.7)],
        [("常见08", 0.255, 2.009, 10, 0.3825), ("史料04", 0.7, 3.221, 10, 0.7)],
    ]
    assert grower.judged == 48
    judged = dict(grower._judged_at)
    assert sum(t.startswith("体育") for t in judged) == 27
    assert {t: n for t, n in judged.items() if not t.startswith("体育")} == {
        "史料01": 12, "史料02": 36, "史料03": 6, "史料04": 37, "史料05": 38, "史料09": 31,
        "常见00": 71, "常见02": 103, "常见03": 96, "常见05": 108, "常见07": 63, "常见08": 94,
    }  # fmt: skip


def test_a_step_reads_the_background_once_and_skips_candidates_without_feedback() -> None:
    base = load_dictionary("xinhai")
    d = CountingDictionary(list(base), name=base.name)
    config = GrowthConfig(per_step=30, background_pages=300, min_occurrences=1)
    grower = CountingGrower(d, CrawlFeedback(), config)
    rng = random.Random(2)
    vocab = [f"词{i:04d}" for i in range(3000)]
    words_per_page = 60
    for _ in range(600):
        grower.observe_page(rng.sample(vocab, words_per_page))
    for i in range(2000):  # candidates seen in links only: no page is about them
        grower.observe_link([f"链接{i:04d}", f"链接{i:04d}x"])
        grower.observe_link([f"链接{i:04d}"])
    for word in vocab[:100]:
        grower.observe_link([word])
    d.lookups = 0
    grower.step()
    # 2000 frequent candidates have no feedback page: none of them is judged.
    assert grower.judge_calls == config.per_step
    # The background (300 pages) is read once per step, not once per candidate judged;
    # each candidate reads its own 10 feedback pages and the matches of its 20 feedback terms.
    per_candidate = config.feedback_pages * words_per_page + 4 * config.feedback_terms
    assert d.lookups <= config.background_pages * words_per_page + config.per_step * per_candidate
