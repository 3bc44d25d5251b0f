"""User patterns: catastrophic shapes refused, safe ones compiled, matching bounded."""

from __future__ import annotations

import pytest

from topiccrawl.safepattern import UnsafePatternError, bounded_search, compile_user_pattern


@pytest.mark.parametrize("pattern", [r"(a+)+$", r"(\w*)*x", r"(a|aa)*b", r"(.*a){20}", r"(x)\1", "(", "a" * 201])
def test_dangerous_or_invalid_patterns_are_refused(pattern: str) -> None:
    with pytest.raises(UnsafePatternError):
        compile_user_pattern(pattern)


@pytest.mark.parametrize(
    "pattern",
    [
        r"/thread-\d+-\d+\.html",
        r"(\d{1,3}\.){3}\d{1,3}",
        r"forum\.php\?mod=viewthread&tid=\d+",
        r"(foo|bar)/\d+",
        r"^第\d+页$",
    ],
)
def test_ordinary_patterns_compile(pattern: str) -> None:
    assert compile_user_pattern(pattern).pattern == pattern


def test_search_is_bounded() -> None:
    regex = compile_user_pattern(r"needle")
    assert bounded_search(regex, "x" * 10 + "needle") is not None
    assert bounded_search(regex, "x" * 200 + "needle", max_chars=100) is None
