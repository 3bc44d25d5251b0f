from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.args import SpiderArgumentError
from topiccrawl.dictionary import (
    LEARNED,
    STATIC,
    Term,
    TopicDictionary,
    bundled_names,
    load_dictionary,
    parse_dictionary,
)


def test_plain_list_of_terms_is_a_dictionary() -> None:
    d = parse_dictionary("辛亥革命\n武昌起义\n\n孙中山\n")
    assert [t.text for t in d] == ["辛亥革命", "武昌起义", "孙中山"]
    assert all(t.weight == 1.0 and t.source == STATIC for t in d)


def test_weights_aliases_comments_and_tabs() -> None:
    text = (
        "# a comment\n辛亥革命 1.0 xinhai Xinhai-Revolution\n清朝 0.3 qing\n"
        "武昌起义 wuchang-qiyi\nSun Yat-sen\t0.5\tsunyatsen\n"
    )
    d = parse_dictionary(text)
    assert d.weight("辛亥革命") == 1.0
    assert d.weight("清朝") == 0.3
    assert d.weight("武昌起义") == 1.0  # no weight: the default, the next field is an alias
    assert d.weight("sun yat-sen") == 0.5  # a tab-separated line keeps the space in its term
    assert d.alias_weight(("xinhai", "revolution")) == 1.0
    assert d.alias_weight(("wuchang", "qiyi")) == 1.0
    assert d.alias_weight(("sunyatsen",)) == 0.5
    assert d.alias_weight(("nothing",)) == 0.0


def test_weights_on_any_scale_are_normalised() -> None:
    d = parse_dictionary("甲乙 10\n丙丁 5\n")
    assert d.weight("甲乙") == 1.0
    assert d.weight("丙丁") == 0.5


def test_repeated_term_keeps_first_line() -> None:
    d = parse_dictionary("辛亥革命 0.9\n辛亥革命 0.1\n")
    assert len(d) == 1
    assert d.weight("辛亥革命") == 0.9


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "no terms"), ("# only comments\n\n", "no terms"), ("辛亥革命 -1\n", "must be positive")],
)
def test_bad_dictionary_text_is_a_one_line_error(text: str, message: str) -> None:
    with pytest.raises(SpiderArgumentError, match=message) as info:
        parse_dictionary(text, source="t.txt")
    assert "\n" not in str(info.value)


def test_bundled_xinhai_dictionary() -> None:
    assert "xinhai" in bundled_names()
    d = load_dictionary("xinhai")
    assert len(d) > 50
    assert d.weight("辛亥革命") == 1.0
    assert d.alias_weight(("xinhai",)) > 0
    assert 0 < d.weight("清朝") < d.weight("武昌起义")  # neighbouring topics weigh less


def test_dictionary_from_file(tmp_path: Path) -> None:
    path = tmp_path / "topic.txt"
    path.write_text("量子计算 1\n量子比特 0.8 qubit\n", encoding="utf-8")
    d = load_dictionary(str(path))
    assert d.weight("量子比特") == 0.8
    assert d.alias_weight(("qubit",)) == 0.8


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no-such-topic", "no bundled dictionary of that name"),
        ("missing/topic.txt", "no such file"),
        ("", "give a bundled name"),
    ],
)
def test_unknown_dictionary_is_a_one_line_error(spec: str, message: str) -> None:
    with pytest.raises(SpiderArgumentError, match=message) as info:
        load_dictionary(spec)
    assert "\n" not in str(info.value)


def test_empty_and_non_utf8_files_are_errors(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(SpiderArgumentError, match="no terms"):
        load_dictionary(str(empty))
    gbk = tmp_path / "gbk.txt"
    gbk.write_bytes("辛亥革命\n".encode("gbk"))
    with pytest.raises(SpiderArgumentError, match="not a UTF-8"):
        load_dictionary(str(gbk))


def test_learned_terms_are_bounded_and_static_terms_stay() -> None:
    d = TopicDictionary([Term("辛亥革命", 1.0), Term("清朝", 0.3)], max_learned=2)
    assert d.learn("熊秉坤", 0.5)
    assert d.learn("蔡济民", 0.6)
    assert not d.learn("辛亥革命", 0.9)  # known already
    assert not d.learn("路人", 0.4)  # weaker than every learned term: not admitted
    assert d.learn("吴兆麟", 0.7)  # stronger: replaces the weakest learned term
    assert d.count(LEARNED) == 2
    assert "熊秉坤" not in d
    assert d.weight("清朝") == 0.3


@given(st.lists(st.tuples(st.text(alphabet="甲乙丙丁戊己庚辛", min_size=2, max_size=4), st.floats(0.01, 1.0))))
def test_growth_never_exceeds_the_bound(learns: list[tuple[str, float]]) -> None:
    d = TopicDictionary([Term("辛亥革命", 1.0)], max_learned=5)
    for text, weight in learns:
        d.learn(text, weight)
        assert d.count(LEARNED) <= 5
    assert d.count(STATIC) == 1


def test_save_writes_terms_with_provenance(tmp_path: Path) -> None:
    d = parse_dictionary("辛亥革命 1 xinhai\n")
    d.learn("熊秉坤", 0.6, {"match": 0.4, "pages": 5})
    path = d.save(tmp_path / "out" / "dictionary.jsonl")
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert records[0] == {"text": "辛亥革命", "weight": 1.0, "aliases": ["xinhai"], "source": "static", "evidence": {}}
    assert records[1]["source"] == "learned"
    assert records[1]["evidence"]["pages"] == 5


def test_a_weight_that_is_no_number_is_said_and_inf_is_no_weight(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("WARNING", logger="topiccrawl.dictionary.load"):
        d = parse_dictionary("辛亥革命 0,5 xinhai\n孙中山 2\n武昌 O.5\n黄兴 wuchang\n", source="t.txt")
    weights = {t.text: t.weight for t in d}
    # "0,5" and "O.5" are read as aliases (the term weighs 1, so 孙中山's 2 is the top): each said, with its line
    assert weights == {"辛亥革命": 0.5, "孙中山": 1.0, "武昌": 0.5, "黄兴": 0.5}
    warned = [r.getMessage() for r in caplog.records]
    assert len(warned) == 2 and "t.txt:1" in warned[0] and "'0,5'" in warned[0] and "t.txt:3" in warned[1]
    # "inf" is a word: an alias, not a weight that would make every other term weigh 0
    d = parse_dictionary("辛亥革命 inf\n孙中山 1\n")
    assert {t.text: t.weight for t in d} == {"辛亥革命": 1.0, "孙中山": 1.0}
