"""Dynamic growth of the topic dictionary (the seed paper's dynamic topic library).

Unknown words in the anchor texts and URLs of the crawl are *candidates*. A
candidate ``u`` is judged by feedback: a set ``X`` of pages about ``u`` (the
paper asks a web search engine; here a pluggable :class:`FeedbackSource`, by
default :class:`CrawlFeedback`, the pages of the crawl itself whose text or URL
contains ``u``). The ``S`` most frequent terms of ``X`` (by the number of pages
of ``X`` they occur in), with URL aliases mapped to their dictionary term, form
``ST``; the match ``M(ST, D) = sum of the dictionary weights of ST / |ST|`` is
the share of the feedback vocabulary that is topical. ``M > threshold`` admits
``u`` as a learned term with weight ``min(max_weight, M * weight_scale)``. The
learned part of the dictionary is bounded (:meth:`TopicDictionary.learn`
replaces the weakest learned term), and so are the candidate counts and the
feedback store. Pure Python: no Scrapy here.
"""

from __future__ import annotations

import heapq
import math
import random
import re
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from topiccrawl.dictionary.terms import TopicDictionary, alias_key

_CJK = re.compile(r"[\u3400-\u9fff]")
_WORD = re.compile(r"^[a-z][a-z]{2,}$")


def is_candidate_word(token: str) -> bool:
    """Words worth judging: two or more Chinese characters, or an alphabetic URL word of 3+ letters."""
    if _CJK.search(token):
        return len(token) >= 2 and not token.isdigit()
    return bool(_WORD.match(token))


class FeedbackSource(Protocol):
    """Where pages about a candidate term come from (a search engine in the paper)."""

    def pages_about(self, term: str, limit: int) -> list[set[str]]:
        """Up to ``limit`` pages about ``term``, each as the set of its words."""
        ...


class CrawlFeedback:
    """Feedback pages gathered from the crawl itself: the most recent pages whose words
    (main text, title and URL tokens) include the candidate. Keeps ``capacity`` pages.

    A page is kept as its candidate words only (:func:`is_candidate_word`), picked once
    when it is added: they are the only words growth judges, counts or compares, and a
    step reads the same pages for every candidate it judges."""

    def __init__(self, capacity: int = 3000) -> None:
        self.capacity = capacity
        self._pages: deque[tuple[int, tuple[str, ...]]] = deque()
        self._index: dict[str, deque[int]] = {}
        self._next = 0

    def add_page(self, words: Iterable[str]) -> None:
        page = tuple(w for w in frozenset(words) if is_candidate_word(w))
        doc_id = self._next
        self._next += 1
        self._pages.append((doc_id, page))
        for word in page:
            self._index.setdefault(word, deque()).append(doc_id)
        if len(self._pages) > self.capacity:
            old_id, old = self._pages.popleft()
            for word in old:
                ids = self._index.get(word)
                if ids and ids[0] == old_id:
                    ids.popleft()
                    if not ids:
                        del self._index[word]

    def __len__(self) -> int:
        return len(self._pages)

    def count(self, term: str) -> int:
        return len(self._index.get(term, ()))

    def sample(self, limit: int) -> list[set[str]]:
        """``limit`` pages sampled from the whole store (the background feedback is compared with)."""
        return [set(page) for page in self.sample_candidate_words(limit)]

    def sample_candidate_words(self, limit: int) -> list[tuple[str, ...]]:
        """:meth:`sample`, each page as the tuple of its candidate words."""
        n = len(self._pages)
        return [self._pages[i][1] for i in _spread(n, limit)]

    def pages_about(self, term: str, limit: int) -> list[set[str]]:
        """Up to ``limit`` pages containing ``term``, sampled from the whole crawl so far: the most
        recent ones alone would all come from wherever the crawler happens to be."""
        return [set(page) for page in self.candidate_words_about(term, limit)]

    def candidate_words_about(self, term: str, limit: int) -> list[tuple[str, ...]]:
        """:meth:`pages_about`, each page as the tuple of its candidate words (oldest first)."""
        ids = self._index.get(term)
        if not ids or not self._pages:
            return []
        first = self._pages[0][0]  # doc ids in the store are consecutive
        return [self._pages[ids[i] - first][1] for i in _spread(len(ids), limit)]


def _spread(n: int, k: int) -> list[int]:
    """``min(n, k)`` indexes sampled uniformly from ``range(n)``; seeded, so runs repeat exactly.
    (Evenly spaced indexes would alias with any periodic structure of the crawl.)"""
    if n <= k:
        return list(range(n))
    return sorted(random.Random(n * 7919 + k).sample(range(n), k))


@dataclass(frozen=True, slots=True)
class GrowthConfig:
    threshold: float = 0.2  # admission threshold on the match M (the paper's delta)
    feedback_pages: int = 10  # n: feedback pages per candidate
    min_feedback_pages: int = 3  # judge a candidate only on this much evidence
    feedback_terms: int = 20  # S: frequent feedback terms matched against the dictionary
    min_occurrences: int = 2  # times a candidate must be seen in anchors/URLs before it is judged
    per_step: int = 30  # candidates judged per step
    max_candidates: int = 20_000
    min_lift: float = 1.5  # feedback pages must be this much more topical than the crawl's average page
    background_pages: int = 300  # pages sampled for the crawl's average topicality
    weight_scale: float = 1.5
    max_weight: float = 0.7  # learned terms never outweigh the user's strongest terms


@dataclass(frozen=True, slots=True)
class Judgement:
    term: str
    match: float  # M(ST, D)
    lift: float  # topicality of X over the topicality of the crawl's pages (1 without a background)
    pages: int  # |X|
    admitted: bool
    weight: float
    feedback: tuple[str, ...]  # ST, most frequent first


def match_score(feedback_terms: Iterable[str], dictionary: TopicDictionary) -> float:
    """M(ST, D): mean dictionary weight of the feedback terms (aliases mapped to their term)."""
    terms = list(feedback_terms)
    if not terms:
        return 0.0
    total = 0.0
    for term in terms:
        weight = dictionary.weight(term)
        if not weight:
            weight = dictionary.alias_weight(alias_key(term)) if alias_key(term) else 0.0
        total += weight
    return total / len(terms)


def topicality(page: Iterable[str], dictionary: TopicDictionary) -> float:
    """Mean dictionary weight of a page's distinct words."""
    return _topicality([w for w in page if is_candidate_word(w)], dictionary)


def _topicality(candidate_words: Sequence[str], dictionary: TopicDictionary) -> float:
    """:func:`topicality` of words that are all candidate words already."""
    if not candidate_words:
        return 0.0
    return sum(dictionary.weight(w) for w in candidate_words) / len(candidate_words)


def frequent_terms(
    pages: list[set[str]], exclude: str, limit: int, background: Callable[[str], int] | None = None, total: int = 0
) -> list[str]:
    """The ``limit`` words in most of the feedback pages. With a background (pages of the whole
    collection containing a word, out of ``total``), words are ranked by ``df * idf`` instead, so
    boilerplate that every page carries does not crowd out the words that characterise the pages."""
    candidate_pages = [[w for w in page if is_candidate_word(w)] for page in pages]
    return _frequent_terms(candidate_pages, exclude, limit, background, total)


def _frequent_terms(
    pages: Iterable[Sequence[str]],
    exclude: str,
    limit: int,
    background: Callable[[str], int] | None = None,
    total: int = 0,
) -> list[str]:
    """:func:`frequent_terms` of pages given as their (distinct) candidate words."""
    counts: Counter[str] = Counter()
    for page in pages:
        counts.update(w for w in page if w != exclude)

    def rank(item: tuple[str, int]) -> tuple[float, str]:
        word, df = item
        if background is None or total <= 0:
            return (-df, word)
        return (-df * math.log((1 + total) / (1 + background(word))), word)

    # heapq.nsmallest(n, ...) == sorted(...)[:n], without sorting every word of the pages
    return [w for w, _ in heapq.nsmallest(limit, counts.items(), key=rank)]


class DictionaryGrower:
    """Collects candidates, judges them by feedback, and admits the topical ones."""

    def __init__(
        self,
        dictionary: TopicDictionary,
        feedback: FeedbackSource | None = None,
        config: GrowthConfig | None = None,
    ) -> None:
        self.dictionary = dictionary
        self.feedback: FeedbackSource = feedback if feedback is not None else CrawlFeedback()
        self.config = config or GrowthConfig()
        self.candidates: Counter[str] = Counter()
        self._judged_at: dict[str, int] = {}  # candidate -> feedback pages it was last judged on
        self.learned: list[Judgement] = []
        self.judged = 0
        self._stepping = False
        self._background: tuple[int, float] | None = None  # (dictionary version, topicality), during step()

    def observe_link(self, words: Iterable[str]) -> None:
        """Words of one link (anchor text tokens and URL tokens)."""
        for word in set(words):
            if not self.dictionary.names(word) and is_candidate_word(word):
                self.candidates[word] += 1
        if len(self.candidates) > self.config.max_candidates:
            keep = self.candidates.most_common(self.config.max_candidates // 2)
            self.candidates = Counter(dict(keep))

    def observe_page(self, words: Iterable[str]) -> None:
        """Words of one fetched page, when the feedback source learns from the crawl."""
        add = getattr(self.feedback, "add_page", None)
        if add is not None:
            add(words)

    def judge(self, term: str) -> Judgement | None:
        """Judge one candidate, or None while there are too few feedback pages about it."""
        cfg = self.config
        pages = self._feedback_words(term)
        if len(pages) < cfg.min_feedback_pages:
            return None
        count = getattr(self.feedback, "count", None)
        total = len(self.feedback) if count is not None and hasattr(self.feedback, "__len__") else 0  # type: ignore[arg-type]
        st = _frequent_terms(pages, term, cfg.feedback_terms, count, total)
        m = match_score(st, self.dictionary)
        lift = self._lift(pages)
        weight = min(cfg.max_weight, m * cfg.weight_scale)
        admitted = m > cfg.threshold and lift >= cfg.min_lift
        return Judgement(term, round(m, 4), round(lift, 3), len(pages), admitted, round(weight, 4), tuple(st))

    def _feedback_words(self, term: str) -> list[Sequence[str]]:
        """The feedback pages about ``term``, each as its candidate words."""
        limit = self.config.feedback_pages
        about = getattr(self.feedback, "candidate_words_about", None)
        if about is not None:
            return list(about(term, limit))
        return [[w for w in page if is_candidate_word(w)] for page in self.feedback.pages_about(term, limit)]

    def _lift(self, pages: list[Sequence[str]]) -> float:
        """How much more topical the feedback pages (as candidate words) are than the crawl's pages.
        Feedback drawn from a focused crawl is itself biased toward the topic (a search engine's would
        not be), so a word common to every page of the crawl (a title suffix, a URL's ``article``)
        passes the match test; it fails this one."""
        base = self._background_topicality()
        if base is None:
            return float("inf")
        mine = sum(_topicality(p, self.dictionary) for p in pages) / len(pages)
        if base <= 0:
            return float("inf") if mine > 0 else 0.0
        return mine / base

    def _background_topicality(self) -> float | None:
        """Mean topicality of the sampled background pages, None without a background. Within a
        step it is computed once per dictionary version (the pages do not change during a step)."""
        cached = self._background
        if cached is not None and cached[0] == self.dictionary.version:
            return cached[1]
        sample_words = getattr(self.feedback, "sample_candidate_words", None)
        if sample_words is not None:
            background: list[Sequence[str]] = list(sample_words(self.config.background_pages))
        else:
            sample = getattr(self.feedback, "sample", None)
            if sample is None:
                return None
            background = [[w for w in p if is_candidate_word(w)] for p in sample(self.config.background_pages)]
        base = sum(_topicality(p, self.dictionary) for p in background) / len(background) if background else 0.0
        if self._stepping:
            self._background = (self.dictionary.version, base)
        return base

    def step(self) -> list[Judgement]:
        """Judge the most frequent candidates not judged on this much evidence; admit the topical ones."""
        cfg = self.config
        admitted: list[Judgement] = []
        judged = 0
        self._stepping, self._background = True, None
        try:
            for term, seen in self.candidates.most_common():
                if judged >= cfg.per_step or seen < cfg.min_occurrences:
                    break
                judgement = self._judge_in_step(term)
                if judgement is None:
                    continue
                judged += 1
                if judgement.admitted and self.dictionary.learn(
                    term,
                    judgement.weight,
                    {
                        "match": judgement.match,
                        "lift": judgement.lift,
                        "pages": judgement.pages,
                        "feedback": list(judgement.feedback[:10]),
                    },
                ):
                    admitted.append(judgement)
                    self.learned.append(judgement)
                    del self.candidates[term]
        finally:
            self._stepping, self._background = False, None
        return admitted

    def _judge_in_step(self, term: str) -> Judgement | None:
        """Judge ``term`` if it is due: not yet a term, with enough feedback pages, and (if judged
        before) with twice the feedback it was rejected on. None when it is not due."""
        cfg = self.config
        if self.dictionary.names(term):
            return None
        count = getattr(self.feedback, "count", None)
        evidence = count(term) if count is not None else cfg.feedback_pages
        # judge() would find too few pages: skip it without reading any.
        if count is not None and evidence < cfg.min_feedback_pages:
            return None
        last = self._judged_at.get(term)
        # A rejected candidate is judged again only once its feedback has doubled.
        if last is not None and evidence < 2 * last:
            return None
        judgement = self.judge(term)
        if judgement is None:
            return None
        self.judged += 1
        self._judged_at[term] = max(evidence, 1)
        return judgement
