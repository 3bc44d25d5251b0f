"""URL canonicalisation and trap checks."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.urltraps import TrapLimits, canonical_url, repeated_segments, strip_session, trap_reason


def test_session_parameters_are_stripped_and_keys_sorted() -> None:
    assert canonical_url("http://a.cn/list?sid=1f&page=2&board=7") == "http://a.cn/list?board=7&page=2"
    assert canonical_url("http://a.cn/t?PHPSESSID=abc&tid=5#post3") == "http://a.cn/t?tid=5"
    assert canonical_url("http://a.cn/item;jsessionid=A1B2?id=1") == "http://a.cn/item?id=1"


def test_fetched_url_keeps_key_order_and_loses_session() -> None:
    assert strip_session("http://a.cn/v.php?t=5&sid=1f&start=10#p3") == "http://a.cn/v.php?t=5&start=10"
    assert strip_session("http://a.cn/v.php?t=5&start=10") == "http://a.cn/v.php?t=5&start=10"


def test_s_parameter_only_stripped_when_it_looks_like_a_session() -> None:
    session = "0123456789abcdef0123456789abcdef"
    assert canonical_url(f"http://a.cn/f.php?s={session}&f=2") == "http://a.cn/f.php?f=2"
    assert canonical_url("http://a.cn/search?s=keyword") == "http://a.cn/search?s=keyword"


def test_two_visits_with_different_sessions_give_one_url() -> None:
    a = canonical_url("http://a.cn/t?tid=9&sid=aaa")
    b = canonical_url("http://a.cn/t?sid=bbb&tid=9")
    assert a == b


@given(st.lists(st.sampled_from(["a", "b", "sid", "page", "s"]), max_size=6), st.text("xyz01", max_size=4))
def test_canonical_url_is_idempotent(keys: list[str], value: str) -> None:
    url = "http://a.cn/p?" + "&".join(f"{k}={value}" for k in keys)
    once = canonical_url(url)
    assert canonical_url(once) == once
    assert "sid=" not in once


def test_repeated_segments() -> None:
    assert repeated_segments("/a/b/c/") == 1
    assert repeated_segments("/rep/x/x/x/x/") == 4
    limits = TrapLimits()
    assert trap_reason("http://a.cn/rep/x/x/x/x/", limits) == "repeated_segments"
    assert trap_reason("http://a.cn/2024/01/01/news.html", limits) is None


def test_growing_query_strings() -> None:
    limits = TrapLimits(max_query_params=4, max_query_length=40)
    assert trap_reason("http://a.cn/g?a=1&b=2&c=3&d=4", limits) is None
    assert trap_reason("http://a.cn/g?a=1&b=2&c=3&d=4&e=5", limits) == "query_params"
    assert trap_reason("http://a.cn/g?q=" + "x" * 50, limits) == "query_length"
    assert trap_reason("http://a.cn/g?q=" + "x" * 50, TrapLimits(max_query_length=0)) is None
