"""User-supplied regular expressions that cannot hang the crawl.

Python's ``re`` backtracks: ``(a+)+$`` against a long run of ``a`` followed by
``!`` takes exponential time, and a match runs on the reactor thread, stopping
every download. No user-supplied pattern is accepted anywhere in topiccrawl
today; any future option that takes one (link filters, templates, watches)
must compile it with :func:`compile_user_pattern`, which refuses the shapes that
backtrack catastrophically (a repeat inside a repeat, a repeated alternation,
back-references) and long patterns, and match with :func:`bounded_search`,
which looks at a bounded prefix of the text.
"""

from __future__ import annotations

import re

try:  # Python 3.11+
    from re import _constants as sre_constants  # type: ignore[attr-defined]
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

MAX_PATTERN_LENGTH = 200
MAX_SUBJECT_CHARS = 100_000

_REPEATS = {sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, getattr(sre_constants, "POSSESSIVE_REPEAT", None)}


class UnsafePatternError(ValueError):
    """A user-supplied pattern that is invalid or could backtrack catastrophically."""


def _check(items: sre_parse.SubPattern | list, repeated: bool, unbounded: bool) -> None:  # type: ignore[name-defined]
    """``repeated``: inside a repeat of more than once; ``unbounded``: inside an unbounded repeat."""
    for op, arg in items:
        if op in _REPEATS:
            _low, high, body = arg
            endless = high == sre_constants.MAXREPEAT
            if repeated and endless:
                raise UnsafePatternError("an unbounded repeat inside a repeat (like (a+)+) can take exponential time")
            _check(body, repeated or high > 1, unbounded or endless)
        elif op is sre_constants.BRANCH:
            if unbounded:
                raise UnsafePatternError("a repeated alternation (like (a|ab)*) can take exponential time")
            for branch in arg[1]:
                _check(branch, repeated, unbounded)
        elif op is sre_constants.SUBPATTERN:
            _check(arg[-1], repeated, unbounded)
        elif op in {sre_constants.GROUPREF, sre_constants.GROUPREF_EXISTS}:
            raise UnsafePatternError("back-references are not supported in user patterns")
        elif op in {sre_constants.ASSERT, sre_constants.ASSERT_NOT}:
            _check(arg[1], repeated, unbounded)


def compile_user_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """Compile ``pattern`` or raise :class:`UnsafePatternError` saying what is wrong."""
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise UnsafePatternError(f"pattern longer than {MAX_PATTERN_LENGTH} characters")
    try:
        parsed = sre_parse.parse(pattern, flags)
        compiled = re.compile(pattern, flags)
    except re.error as exc:
        raise UnsafePatternError(f"not a valid regular expression: {exc}") from None
    _check(parsed, repeated=False, unbounded=False)
    return compiled


def bounded_search(regex: re.Pattern[str], text: str, max_chars: int = MAX_SUBJECT_CHARS) -> re.Match[str] | None:
    """``regex.search`` over at most the first ``max_chars`` characters of ``text``."""
    return regex.search(text, 0, max_chars)
