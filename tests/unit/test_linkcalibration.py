from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.linkcalibration import LinkCalibration, link_kind


def test_link_kinds_bucket_the_score_parts() -> None:
    assert link_kind(0.0, 0.0, True, True) == "a0u0gp"
    assert link_kind(0.1, 0.6, False, False) == "a1u2"
    assert link_kind(0.5, 0.2, False, True) == "a4u1p"
    assert link_kind(1.0, 0.0, False, False) == "a6u0"


def test_an_unseen_kind_keeps_the_formula_score() -> None:
    cal = LinkCalibration()
    assert cal.estimate("a3u0", 0.42) == 0.42


def test_a_kind_that_leads_off_topic_sinks_below_one_that_delivers() -> None:
    cal = LinkCalibration(prior_weight=5)
    for i in range(40):
        cal.page(str(i), "a0u0gp", 0.45, on_topic=i % 10 == 0, parent=None)  # thumbnails: 10% on topic
        cal.page(str(100 + i), "a3u0p", 0.35, on_topic=i % 10 != 0, parent=None)  # middling anchors: 90%
    # the formula put the thumbnail first; what the crawl saw reverses them
    assert cal.estimate("a0u0gp", 0.45) < cal.estimate("a3u0p", 0.35)
    assert cal.estimate("a0u0gp", 0.45) == pytest.approx(0.45 * (4 + 5 * 0.45) / 45 / 0.45)


def test_within_a_kind_the_formula_order_stands() -> None:
    cal = LinkCalibration()
    for i in range(30):
        cal.page(str(i), "a0u0gp", 0.4, on_topic=i % 3 == 0, parent=None)
    assert cal.estimate("a0u0gp", 0.2) < cal.estimate("a0u0gp", 0.3) < cal.estimate("a0u0gp", 0.45)


def test_an_off_topic_page_that_leads_to_an_on_topic_one_is_credited_as_a_hub_once() -> None:
    cal = LinkCalibration(hub_credit=0.5)
    cal.page("1", "a2u0p", 0.5, on_topic=False, parent=None)  # a section's list page
    assert cal.kinds["a2u0p"].on_topic == 0
    cal.page("2", "a0u0g", 0.3, on_topic=True, parent="1")
    cal.page("3", "a0u0g", 0.3, on_topic=True, parent="1")
    assert cal.kinds["a2u0p"].on_topic == 0.5
    cal.page("4", "a0u0g", 0.3, on_topic=True, parent="2")  # page 2 was on topic: counted already
    assert cal.kinds["a2u0p"].on_topic == 0.5 and cal.kinds["a0u0g"].on_topic == 3


def test_hubs_remembered_are_bounded() -> None:
    cal = LinkCalibration(max_hubs=3)
    for i in range(10):
        cal.page(str(i), "a0u0", 0.1, on_topic=False, parent=None)
    cal.page("10", "a0u0", 0.1, on_topic=True, parent="0")  # forgotten: no credit
    cal.page("11", "a0u0", 0.1, on_topic=True, parent="9")
    assert cal.kinds["a0u0"].on_topic == 2 + 0.5


def test_summary_ranks_kinds_by_pages_fetched() -> None:
    cal = LinkCalibration()
    for i in range(5):
        cal.page(str(i), "a0u0gp", 0.4, on_topic=i < 2, parent=None)
    cal.page("9", "a6u0p", 0.9, on_topic=True, parent=None)
    assert cal.summary() == [("a0u0gp", 5, 0.4), ("a6u0p", 1, 1.0)]


def test_prior_weight_must_be_positive() -> None:
    with pytest.raises(ValueError, match="prior_weight"):
        LinkCalibration(prior_weight=0)


@given(
    st.lists(st.tuples(st.floats(0.01, 1.0), st.booleans()), min_size=1, max_size=50),
    st.floats(0.0, 1.0),
)
def test_estimates_stay_scores(outcomes: list[tuple[float, bool]], score: float) -> None:
    cal = LinkCalibration()
    for i, (link_score, on_topic) in enumerate(outcomes):
        cal.page(str(i), "k", link_score, on_topic, parent=str(i - 1) if i else None)
    assert 0.0 <= cal.estimate("k", score) <= 1.0
