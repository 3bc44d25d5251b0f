"""The topic dictionary: weighted terms with URL aliases, static (from the user) and learned.

A term is a word or phrase of the topic (``辛亥革命``) with a weight in (0, 1] and
optional aliases: the English or pinyin tokens by which URLs name it
(``xinhai``, ``wuchang-qiyi``). Static terms come from the user's dictionary
and never change during a crawl; learned terms are admitted by
:mod:`topiccrawl.dictionary.growth` and carry the evidence they were admitted on.
Pure Python: no Scrapy here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

STATIC = "static"
LEARNED = "learned"

_ALIAS_SPLIT = re.compile(r"[^0-9a-z]+")


def alias_key(alias: str) -> tuple[str, ...]:
    """An alias as the sequence of URL tokens it spans: ``Wuchang-Qiyi`` -> ``("wuchang", "qiyi")``."""
    return tuple(part for part in _ALIAS_SPLIT.split(alias.lower()) if part)


@dataclass(slots=True)
class Term:
    text: str
    weight: float = 1.0
    aliases: tuple[str, ...] = ()
    source: str = STATIC  # "static" (the user's dictionary) or "learned" (admitted during the crawl)
    evidence: dict[str, object] = field(default_factory=dict)  # for learned terms: how they were judged


class TopicDictionary:
    """Weighted topic terms, looked up by word (text) or by URL token sequence (aliases)."""

    def __init__(self, terms: Iterable[Term] = (), *, name: str = "", max_learned: int = 200) -> None:
        self.name = name
        self.max_learned = max_learned
        self._terms: dict[str, Term] = {}
        self._aliases: dict[tuple[str, ...], str] = {}
        self._alias_parts: set[str] = set()
        self.version = 0  # bumped on every change, so scorers can cache per version
        for term in terms:
            self._put(term)

    # -- lookups -------------------------------------------------------------
    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and text.lower() in self._terms

    def __len__(self) -> int:
        return len(self._terms)

    def __iter__(self) -> Iterator[Term]:
        return iter(self._terms.values())

    def get(self, text: str) -> Term | None:
        return self._terms.get(text.lower())

    def weight(self, token: str) -> float:
        """Weight of a text token (a term's text), 0 for words of no topic."""
        term = self._terms.get(token.lower())
        return term.weight if term else 0.0

    def alias_weight(self, key: tuple[str, ...]) -> float:
        """Weight of the term a URL token sequence names, 0 if none."""
        text = self._aliases.get(key)
        return self._terms[text].weight if text is not None else 0.0

    def names(self, word: str) -> bool:
        """Whether ``word`` is a term, an alias, or a part of a multi-word alias (``sun`` of ``sun-yat-sen``)."""
        word = word.lower()
        return word in self._terms or word in self._alias_parts

    @property
    def longest_alias(self) -> int:
        return max((len(k) for k in self._aliases), default=1)

    def words(self) -> list[str]:
        """Term texts, for teaching the tokenizer (so multi-character terms stay whole)."""
        return [t.text for t in self._terms.values()]

    def count(self, source: str) -> int:
        return sum(1 for t in self._terms.values() if t.source == source)

    # -- growth --------------------------------------------------------------
    def learn(self, text: str, weight: float, evidence: dict[str, object] | None = None) -> bool:
        """Admit a learned term; when the learned part is full, it replaces the weakest learned term
        if it is stronger. Static terms are never replaced or reweighted. Returns whether it was added."""
        key = text.lower()
        if key in self._terms:
            return False
        learned = [t for t in self._terms.values() if t.source == LEARNED]
        if len(learned) >= self.max_learned:
            if not learned:
                return False
            weakest = min(learned, key=lambda t: t.weight)
            if weakest.weight >= weight:
                return False
            self._remove(weakest.text)
        aliases = (key,) if alias_key(key) == (key,) else ()
        self._put(Term(text, round(weight, 4), aliases, LEARNED, dict(evidence or {})))
        return True

    def _put(self, term: Term) -> None:
        key = term.text.lower()
        self._terms[key] = term
        for alias in term.aliases:
            parts = alias_key(alias)
            # The first term to claim an alias keeps it: static terms are loaded first.
            if parts and parts not in self._aliases:
                self._aliases[parts] = key
                self._alias_parts.update(parts)
        own = alias_key(key)
        # ASCII terms name themselves in URLs: "1911", and "machine learning" as machine-learning.
        if own and key.isascii() and own not in self._aliases:
            self._aliases[own] = key
            self._alias_parts.update(own)
        self.version += 1

    def _remove(self, text: str) -> None:
        key = text.lower()
        self._terms.pop(key, None)
        self._aliases = {k: v for k, v in self._aliases.items() if v != key}
        self._alias_parts = {part for k in self._aliases for part in k}
        self.version += 1

    # -- output --------------------------------------------------------------
    def records(self) -> list[dict[str, object]]:
        """Every term with its weight, aliases and provenance: static first, then learned by weight."""
        ordered = sorted(self._terms.values(), key=lambda t: (t.source != STATIC, -t.weight, t.text))
        return [{**asdict(t), "aliases": list(t.aliases)} for t in ordered]

    def save(self, path: str | Path) -> Path:
        """Write the dictionary as JSONL (one term per line)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as f:
            for record in self.records():
                f.write(json.dumps(record, ensure_ascii=False) + "\n")
        return path
