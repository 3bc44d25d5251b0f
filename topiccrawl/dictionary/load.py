"""Loading a topic dictionary by bundled name or from a UTF-8 text file.

File format, one term per line::

    # comment
    辛亥革命 1.0 xinhai xinhai-revolution
    武昌起义 wuchang-qiyi
    孙中山

``TERM [WEIGHT] [ALIAS ...]``, separated by whitespace (or by tabs, then a term
may contain spaces). The weight is optional (default 1); weights on any
positive scale are divided by the largest, so ``1..10`` works as well as
``0..1``. Aliases are the English or pinyin tokens by which URLs name the term.
A plain list of terms is a valid dictionary.
"""

from __future__ import annotations

import logging
import math
import re
from importlib import resources
from pathlib import Path

from topiccrawl.args import SpiderArgumentError
from topiccrawl.dictionary.terms import Term, TopicDictionary

_BUNDLED_PACKAGE = "topiccrawl.dictionary.data"
_NAME_RE = re.compile(r"^[A-Za-z0-9_-]+$")
# A weight written with a decimal comma ("0,5") or a letter O for a zero ("O.5") is no number:
# read as an alias it would silently leave the term at weight 1.
_NUMBER_LIKE = re.compile(r"^[\dOo]*[.,]\d+$|^\d+,\d*$")

logger = logging.getLogger(__name__)


def bundled_names() -> list[str]:
    return sorted(p.name[:-4] for p in resources.files(_BUNDLED_PACKAGE).iterdir() if p.name.endswith(".txt"))


def _number(text: str) -> float | None:
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None  # "inf", "nan": words, not weights


def parse_dictionary(text: str, *, source: str = "dictionary", max_learned: int = 200) -> TopicDictionary:
    """Parse dictionary text; errors name the source and line."""
    raw_terms: list[tuple[str, float, tuple[str, ...]]] = []
    seen: set[str] = set()
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("#"):
            continue
        if "\t" in line:
            fields = [f.strip() for f in line.split("\t")]
            term, rest = fields[0], " ".join(fields[1:]).split()
        else:
            term, *rest = line.split()
        weight = 1.0
        if rest and (number := _number(rest[0])) is not None:
            weight, rest = number, rest[1:]
            if not weight > 0:
                raise SpiderArgumentError(f"{source}:{lineno}: weight of {term!r} must be positive, got {weight}")
        elif rest and _NUMBER_LIKE.match(rest[0]):
            logger.warning(
                "%s:%d: %r after %r is not a number (write a weight as 0.5), so it is read as an alias"
                " and the term weighs 1",
                source,
                lineno,
                rest[0],
                term,
            )
        if term.lower() in seen:
            continue  # a repeated term keeps its first line
        seen.add(term.lower())
        raw_terms.append((term, weight, tuple(a.lower() for a in rest)))
    if not raw_terms:
        raise SpiderArgumentError(f"{source}: the dictionary has no terms (one term per line)")
    top = max(w for _, w, _ in raw_terms)
    scale = top if top > 1 else 1.0
    terms = [Term(t, round(w / scale, 4), aliases) for t, w, aliases in raw_terms]
    return TopicDictionary(terms, name=source, max_learned=max_learned)


def load_dictionary(spec: str, *, max_learned: int = 200) -> TopicDictionary:
    """A bundled dictionary by name (``xinhai``) or a dictionary file by path."""
    spec = str(spec).strip()
    if not spec:
        raise SpiderArgumentError("-a dictionary=: give a bundled name or the path of a term file")
    path = Path(spec)
    if _NAME_RE.match(spec) and not path.is_file():
        try:
            text = resources.files(_BUNDLED_PACKAGE).joinpath(f"{spec}.txt").read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SpiderArgumentError(
                f"-a dictionary={spec}: no bundled dictionary of that name ({', '.join(bundled_names())}) "
                "and no such file"
            ) from None
        return parse_dictionary(text, source=spec, max_learned=max_learned)
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError):
        raise SpiderArgumentError(f"-a dictionary={spec}: no such file") from None
    except UnicodeDecodeError:
        raise SpiderArgumentError(f"-a dictionary={spec}: not a UTF-8 text file") from None
    return parse_dictionary(text, source=str(path), max_learned=max_learned)
