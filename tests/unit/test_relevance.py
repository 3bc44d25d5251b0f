from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from topiccrawl import relevance as rel
from topiccrawl.dictionary import load_dictionary, parse_dictionary
from topiccrawl.tokenize import add_words, tokenize

D = load_dictionary("xinhai")
add_words(D.words())


def test_url_tokens() -> None:
    assert rel.url_tokens("http://127.0.0.2:8080/xinhai/wuchang-qiyi-12.html") == ["xinhai", "wuchang", "qiyi", "12"]
    assert rel.url_tokens("https://www.history.example.com/a/8f3a.html") == ["history", "example", "8f3a"]
    assert "辛亥革命" in rel.url_tokens("http://x.org/wiki/%E8%BE%9B%E4%BA%A5%E9%9D%A9%E5%91%BD")
    assert rel.url_tokens("http://x.org/article.php?id=1234567") == ["article"]


@pytest.mark.parametrize("encoding", ["utf-8", "gbk", "gb18030"])
def test_chinese_in_urls_is_read_in_utf8_or_gbk(encoding: str) -> None:
    from urllib.parse import quote

    for url in (
        f"http://bbs.example.cn/tag.php?name={quote('辛亥革命', encoding=encoding)}",
        f"http://bbs.example.cn/tag/{quote('武昌起义', encoding=encoding)}.html",
    ):
        assert rel.url_score(rel.url_tokens(url), D) == 1.0, url
    assert isinstance(rel.url_tokens("http://x.org/a%FF%FE%41b%80"), list)  # bytes of no charset do not raise


def test_url_score() -> None:
    assert rel.url_score(rel.url_tokens("http://h.cn/xinhai/p1.html"), D) == 1.0
    assert rel.url_score(rel.url_tokens("http://h.cn/wuchang-qiyi/p1.html"), D) == 1.0  # two-token alias
    assert rel.url_score(rel.url_tokens("http://h.cn/a/8f3a2c.html"), D) == 0.0  # opaque ids cost nothing
    weak = rel.url_score(rel.url_tokens("http://h.cn/tech/revolution/"), D)
    assert 0 < weak < 1
    both = rel.url_score(rel.url_tokens("http://h.cn/qing/revolution/"), D)
    assert both > weak  # weak terms add up (noisy-or)


def test_anchor_similarity_orders_anchors() -> None:
    def sim(text: str) -> float:
        return rel.anchor_similarity(tokenize(text), D)

    assert sim("孙中山与同盟会") == 1.0
    assert sim("武昌起义的历史意义") > sim("芯片技术革命的新阶段") > 0
    assert sim("乾隆下江南的故事") == 0.0
    assert sim("") == 0.0


@given(st.text(alphabet="辛亥革命武昌起义足球股票的了和abc 12", max_size=30))
def test_anchor_similarity_is_between_0_and_1(text: str) -> None:
    assert 0.0 <= rel.anchor_similarity(tokenize(text), D) <= 1.0


def test_link_formula_and_inheritance() -> None:
    cfg = rel.ScoringConfig(beta=0.2, gamma=0.3, threshold=0.2)
    s = rel.score_link(cfg, url_part=1.0, anchor_part=0.5, inherit=0.0, parent_tunnel_hops=0)
    assert s.link == pytest.approx(0.2 * 1.0 + 0.8 * 0.5)
    assert s.score == pytest.approx(0.7 * s.link)
    inherited = rel.score_link(cfg, url_part=1.0, anchor_part=0.5, inherit=0.5, parent_tunnel_hops=0)
    assert inherited.score == pytest.approx(0.3 * 0.5 + 0.7 * s.link)
    # From an on-topic parent, relevance passes on decayed; through an off-topic one, the inheritance does.
    assert rel.inherited(0.9, 0.2, on_topic=True, decay=0.5) == pytest.approx(0.45)
    assert rel.inherited(0.1, 0.2, on_topic=False, decay=0.5) == pytest.approx(0.1)


def test_generic_anchor_falls_back_on_the_parent() -> None:
    cfg = rel.ScoringConfig()
    generic = rel.score_link(cfg, 0.0, 0.0, 0.5, 0, generic_anchor=True)
    descriptive_off_topic = rel.score_link(cfg, 0.0, 0.0, 0.5, 0)
    assert generic.score > descriptive_off_topic.score
    stats = rel.AnchorStats(max_targets=3)
    assert stats.is_generic("更多") and stats.is_generic("12") and stats.is_generic(">>")
    assert not stats.is_generic("本站公告")
    for i in range(3):
        stats.observe("本站公告", f"http://h/{i}")
    assert stats.is_generic("本站公告")  # links to many different pages: says nothing about any
    stats.observe("武昌起义始末", "http://h/1")
    stats.observe("武昌起义始末", "http://h/1")
    assert not stats.is_generic("武昌起义始末")


def test_a_generic_anchor_may_stand_for_a_share_of_its_parents_relevance() -> None:
    # with half of h, a generic link on an on-topic page ranks below a fairly topical anchor
    # beside it, and stays above the threshold (fetched, not tunnelled)
    half = rel.ScoringConfig(generic_inherit=0.5)
    generic = rel.score_link(half, 0.0, 0.0, 0.5, 0, generic_anchor=True)
    topical = rel.score_link(half, 0.0, 0.4, 0.5, 0)
    assert generic.anchor == pytest.approx(0.25)
    assert topical.score > generic.score >= half.threshold
    whole = rel.score_link(rel.ScoringConfig(), 0.0, 0.0, 0.5, 0, generic_anchor=True)
    assert whole.score > topical.score


@pytest.mark.parametrize(
    "anchor", ["下一页", "上一篇", "阅读全文", "查看原帖", "更多 >>", "Next »", "« Previous", "Read more", "MORE"]
)
def test_pager_and_more_anchors_are_generic_from_the_start(anchor: str) -> None:
    # Generic before the crawl has seen them link anywhere: the first pages of a crawl need it most.
    assert rel.AnchorStats().is_generic(anchor)


@pytest.mark.parametrize("anchor", ["武昌起义始末", "Moreton Bay history", "Next generation sequencing"])
def test_descriptive_anchors_are_not_generic(anchor: str) -> None:
    assert not rel.AnchorStats().is_generic(anchor)


def test_tunnelling_budget() -> None:
    cfg = rel.ScoringConfig(threshold=0.2, max_tunnel_hops=2)
    hops = 0
    fetched = []
    for _ in range(4):  # a chain of off-topic links
        s = rel.score_link(cfg, 0.0, 0.0, 0.0, hops)
        assert not s.relevant
        fetched.append(s.fetch)
        hops = s.tunnel_hops
    assert fetched == [True, True, False, False]
    relevant = rel.score_link(cfg, 1.0, 1.0, 0.0, parent_tunnel_hops=2)
    assert relevant.fetch and relevant.tunnel_hops == 0  # an on-topic link resets the count
    strict = rel.score_link(rel.ScoringConfig(tunnelling=False), 0.0, 0.0, 0.0, 0)
    assert not strict.fetch


def test_switching_parts_off() -> None:
    s = rel.score_link(rel.ScoringConfig(use_url=False), 1.0, 0.5, 0.0, 0)
    assert s.url == 0 and s.link == 0.5
    s = rel.score_link(rel.ScoringConfig(use_anchor=False), 1.0, 0.5, 0.0, 0)
    assert s.anchor == 0 and s.link == 1.0
    s = rel.score_link(rel.ScoringConfig(use_inheritance=False), 0.0, 0.5, 1.0, 0)
    assert s.inherited == 0 and s.score == s.link


@given(st.floats(0, 1), st.floats(0, 1))
def test_priority_is_a_monotone_int(a: float, b: float) -> None:
    pa, pb = rel.priority(a), rel.priority(b)
    assert isinstance(pa, int)
    if a <= b:
        assert pa <= pb
    assert rel.priority(a) == rel.priority(a)


def test_page_relevance() -> None:
    on = tokenize("辛亥革命爆发于武昌。武昌起义之后，同盟会和孙中山领导革命党人建立中华民国。" * 2)
    history = tokenize("乾隆年间，清朝国力强盛。康熙和雍正的治理为清朝奠定了基础，紫禁城见证了这一切。")
    tech = tokenize("芯片技术正在经历一场革命，人工智能和云计算改变了数据中心。")
    assert rel.page_relevance(on, D) >= 0.5 > rel.page_relevance(history, D)
    assert rel.page_relevance(tech, D) < 0.5
    assert rel.page_relevance([], D) == 0.0


def test_naive_count() -> None:
    d = parse_dictionary("辛亥革命 1 xinhai\n武昌 0.5\n")
    assert rel.naive_count(["辛亥革命", "武昌", "故事"], ["xinhai", "p1"], d) == 3
    assert rel.naive_count(["更多"], ["a", "12"], d) == 0


EN = parse_dictionary(
    "machine learning\t1.0\nneural network\t0.8\nSun Yat-sen\t1.0\nrevolution\t0.5\n", source="en.txt"
)
add_words(EN.words())


def test_terms_of_several_words_match_as_phrases() -> None:
    text = tokenize("Machine learning with neural network models")
    assert rel.merge_phrases(text, EN) == ["machine learning", "neural network", "models"]
    assert rel.page_relevance(text, EN) > 0.5
    assert rel.anchor_similarity(tokenize("Sun Yat-sen and the 1911 revolution"), EN) > 0.9
    assert rel.anchor_similarity(tokenize("learning to cook a machine"), EN) == 0.0  # the words, not the phrase
    assert rel.naive_count(tokenize("Machine Learning basics"), [], EN) == 1


def test_terms_of_several_words_name_themselves_in_urls() -> None:
    assert rel.url_score(rel.url_tokens("https://example.org/machine-learning/intro.html"), EN) == 1.0
    assert rel.url_score(rel.url_tokens("https://example.org/wiki/Sun_Yat-sen"), EN) == 1.0
    assert rel.url_score(rel.url_tokens("https://example.org/learning/machine.html"), EN) == 0.0
    assert EN.names("learning")  # a part of the term's URL alias: not a growth candidate of its own
