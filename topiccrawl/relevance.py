"""Relevance scoring of links and pages against a topic dictionary (seed paper, formulas 2-6).

For a link ``i`` with URL tokens and anchor text, found on a parent page:

* ``URL(i)``: the URL's tokens (host labels, path and query words, pinyin or
  English, and Chinese in percent-encoded paths, UTF-8 or GBK) matched against the
  dictionary's aliases and terms; matched weights combine by noisy-or,
  ``1 - prod(1 - w)``, so one strong term scores high, several weak terms add
  up, and opaque ids cost nothing.
* ``sim(anchor, T)``: cosine in a vector space over dictionary-weighted words.
  The anchor vector holds each word's count times its dictionary weight (words
  of no topic weigh ``unknown_weight``, so an anchor that is mostly about
  something else scores lower); the topic vector holds the dictionary weights.
  The topic vector is normalised per term rather than by its full length, so
  that the score of an anchor does not shrink as the dictionary grows: the
  score is ``min(1, a . w / |a|)``.
* ``W(i) = beta * URL(i) + (1 - beta) * sim(anchor_i, T)`` (formula 2).
* Inheritance (formula 5, after Shark-search): the link inherits
  ``h = decay * relevance(parent)`` from an on-topic parent, and
  ``h = decay * h(parent)`` through an off-topic one (seeds start at ``h = 1``),
  and ``L(i) = gamma * h + (1 - gamma) * W(i)``.
* Links with ``L(i) < threshold`` (the paper's epsilon) go to the *irrelevant
  queue*: they are fetched only while the path has crossed fewer than
  ``max_tunnel_hops`` such links in a row since its last on-topic page, at the
  bottom of the frontier (tunnelling through off-topic pages to reach on-topic
  regions). An on-topic page resets the count: the caller passes 0 hops for it.

Page relevance scores a page's main text: ``sqrt(density * coverage)`` where
density is the dictionary weight per word (saturating at ``density_saturation``)
and coverage is the total weight of the distinct terms present (saturating at
``coverage_saturation``), so a page must both talk about the topic and mention
more than one of its terms. Pure functions; no Scrapy.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import unquote_to_bytes, urlsplit

from topiccrawl.dictionary.terms import TopicDictionary
from topiccrawl.tokenize import tokenize

PRIORITY_LEVELS = 1000  # request.priority = round(score * PRIORITY_LEVELS)

# Web plumbing that names no topic: file extensions, generic host labels, query keys.
_URL_NOISE = frozenset(
    {"http", "https", "www", "html", "htm", "shtml", "php", "asp", "aspx", "jsp", "cgi", "index", "default"}
    | {"com", "cn", "net", "org", "edu", "gov", "info", "id", "page", "p", "do", "action"}
)
_ASCII_SPLIT = re.compile(r"[^0-9a-z\u3400-\u9fff]+")
_CJK = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True, slots=True)
class ScoringConfig:
    beta: float = 0.2  # weight of URL(i) against the anchor similarity (the paper's 0.2)
    gamma: float = 0.3  # weight of the inherited parent relevance in L(i)
    decay: float = 0.5  # inheritance decays by this factor per hop
    threshold: float = 0.2  # epsilon: links below it go to the irrelevant queue
    max_tunnel_hops: int = 3  # consecutive below-threshold links a path may cross
    unknown_weight: float = 0.3  # weight of non-topic words in the anchor vector
    generic_inherit: float = 1.0  # share of h a generic anchor stands in for its similarity with
    use_url: bool = True
    use_anchor: bool = True
    use_inheritance: bool = True
    tunnelling: bool = True


@dataclass(frozen=True, slots=True)
class LinkScore:
    url: float  # URL(i)
    anchor: float  # sim(anchor_i, T)
    link: float  # W(i)
    inherited: float  # h passed down from the parent
    score: float  # L(i), 0..1
    relevant: bool  # L(i) >= threshold
    tunnel_hops: int  # consecutive below-threshold links on the path, this one included
    fetch: bool  # relevant, or within the tunnelling budget


_phrase_cache: dict[int, tuple[int, dict[str, list[tuple[tuple[str, ...], str]]]]] = {}


def _phrases(dictionary: TopicDictionary) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """Terms that the tokenizer splits into several tokens ("machine learning", "Sun Yat-sen"):
    first token -> (the term's tokens, the term), longest first. Cached per dictionary version."""
    cached = _phrase_cache.get(id(dictionary))
    if cached is not None and cached[0] == dictionary.version:
        return cached[1]
    index: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for text in dictionary.words():
        parts = tuple(tokenize(text))
        if len(parts) > 1:
            index.setdefault(parts[0], []).append((parts, text.lower()))
    for entries in index.values():
        entries.sort(key=lambda entry: -len(entry[0]))
    _phrase_cache[id(dictionary)] = (dictionary.version, index)
    return index


def merge_phrases(tokens: Sequence[str], dictionary: TopicDictionary) -> list[str]:
    """``tokens`` with each run that spells a multi-token term replaced by the term itself (the
    longest at each position), so "machine", "learning" counts as the term "machine learning"."""
    index = _phrases(dictionary)
    if not index:
        return list(tokens)
    merged: list[str] = []
    i = 0
    while i < len(tokens):
        for parts, term in index.get(tokens[i], ()):
            if tuple(tokens[i : i + len(parts)]) == parts:
                merged.append(term)
                i += len(parts)
                break
        else:
            merged.append(tokens[i])
            i += 1
    return merged


def url_tokens(url: str) -> list[str]:
    """Topic-bearing tokens of a URL: host labels, path and query words (lower case)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    tokens: list[str] = []
    if not re.fullmatch(r"[0-9.:\[\]a-f]*", host):  # IP addresses name nothing
        tokens.extend(label for label in host.split(".")[:-1] if _keep(label))
    rest = _unquote(f"{parts.path} {parts.query}").lower()
    for chunk in _ASCII_SPLIT.split(rest):
        if not chunk:
            continue
        if _CJK.search(chunk):
            tokens.extend(tokenize(chunk))
        elif _keep(chunk):
            tokens.append(chunk)
    return tokens


def _unquote(text: str) -> str:
    """Percent-decoded ``text``: UTF-8 when the bytes are valid UTF-8, else GB18030 (a superset of
    GBK and GB2312: what the raw Chinese hrefs of a GBK page become)."""
    raw = unquote_to_bytes(text)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("gb18030", errors="replace")


def _keep(token: str) -> bool:
    """Not web plumbing, not a single letter, not a long number (ids, dates); years like 1911 stay."""
    if token in _URL_NOISE:
        return False
    if token.isdigit():
        return len(token) <= 4
    return len(token) > 1


def _noisy_or(weights: Sequence[float]) -> float:
    miss = 1.0
    for w in weights:
        miss *= 1.0 - min(1.0, max(0.0, w))
    return 1.0 - miss


def url_matches(tokens: Sequence[str], dictionary: TopicDictionary) -> dict[str, float]:
    """Dictionary terms a URL names, with their weights: the longest alias match at each position."""
    found: dict[str, float] = {}
    longest = dictionary.longest_alias
    i = 0
    while i < len(tokens):
        for n in range(min(longest, len(tokens) - i), 0, -1):
            key = tuple(tokens[i : i + n])
            weight = dictionary.alias_weight(key)
            if not weight and n == 1:
                weight = dictionary.weight(tokens[i])
            if weight:
                found["-".join(key)] = max(found.get("-".join(key), 0.0), weight)
                i += n
                break
        else:
            i += 1
    return found


def url_score(tokens: Sequence[str], dictionary: TopicDictionary) -> float:
    """URL(i): noisy-or of the weights of the terms the URL names."""
    return _noisy_or(list(url_matches(tokens, dictionary).values()))


def anchor_similarity(tokens: Sequence[str], dictionary: TopicDictionary, unknown_weight: float = 0.3) -> float:
    """sim(anchor, T): ``min(1, a . w / |a|)`` over dictionary-weighted word vectors."""
    if not tokens:
        return 0.0
    counts = Counter(merge_phrases(tokens, dictionary))
    dot = 0.0
    norm2 = 0.0
    for word, tf in counts.items():
        w = dictionary.weight(word)
        a = tf * (w if w else unknown_weight)
        norm2 += a * a
        dot += a * w
    if not norm2:
        return 0.0
    return min(1.0, dot / math.sqrt(norm2))


def inherited(parent_relevance: float, parent_inherited: float, on_topic: bool, decay: float) -> float:
    """h for the parent's links: from the parent's relevance if it is on topic, else passed on, decayed."""
    return decay * (parent_relevance if on_topic else parent_inherited)


# Pager and "more" anchors that are generic from the first page on, before the crawl has
# seen them link to many targets (compared after stripping punctuation, arrows and spaces).
GENERIC_ANCHORS = frozenset(
    {"下一页", "上一页", "下页", "上页", "下一篇", "上一篇", "下一章", "上一章", "尾页", "末页"}
    | {"阅读全文", "查看全文", "阅读原文", "查看原文", "查看原帖", "查看详情", "详情", "更多", "查看更多", "更多内容"}
    | {"点击查看", "点击进入", "全文", "展开", "展开全文", "more", "readmore", "continuereading"}
    | {"next", "previous", "prev", "nextpage", "previouspage", "prevpage", "older", "newer", "olderposts"}
    | {"newerposts", "olderentries", "newerentries", "continue", "seemore", "viewmore", "showmore"}
    | {"loadmore", "moreposts", "fullstory", "details", "nextpost", "previouspost"}
)


def _anchor_key(anchor: str) -> str:
    return anchor.strip().lower()


def _anchor_letters(key: str) -> str:
    return "".join(c for c in key if c.isalnum())


class AnchorStats:
    """Tells generic anchors ('更多', '下一页', '详情', '12', '>>') from descriptive ones.

    An anchor is generic when it has fewer than ``min_chars`` letters or digits that are
    not all digits, when its letters are those of a common pager or "more" anchor
    (:data:`GENERIC_ANCHORS`: '下一页', '阅读全文', 'Read more »', ...), or when the crawl
    has seen the same text link to ``max_targets`` or more distinct URLs. A generic
    anchor says nothing about its target, so a zero similarity is no evidence against
    it; a descriptive anchor of no topic is. Bounded to ``capacity`` anchor texts (the
    most frequent are what matter)."""

    def __init__(
        self,
        max_targets: int = 5,
        min_chars: int = 3,
        capacity: int = 50_000,
        known_generic: frozenset[str] = GENERIC_ANCHORS,
    ) -> None:
        self.max_targets = max_targets
        self.min_chars = min_chars
        self.capacity = capacity
        self.known_generic = known_generic
        self._targets: dict[str, set[str] | None] = {}  # None: known generic

    def observe(self, anchor: str, url: str) -> None:
        key = _anchor_key(anchor)
        if not key:
            return
        seen = self._targets.get(key, set())
        if seen is None:
            return
        seen.add(url)
        if len(seen) >= self.max_targets:
            self._targets[key] = None  # generic for good: stop keeping its targets
        elif key in self._targets or len(self._targets) < self.capacity:
            self._targets[key] = seen

    def is_generic(self, anchor: str) -> bool:
        key = _anchor_key(anchor)
        content = _anchor_letters(key)
        if len(content) < self.min_chars or content.isdigit() or content in self.known_generic:
            return True
        return key in self._targets and self._targets[key] is None


def score_link(
    config: ScoringConfig,
    url_part: float,
    anchor_part: float,
    inherit: float,
    parent_tunnel_hops: int,
    *,
    generic_anchor: bool = False,
) -> LinkScore:
    """Combine the parts of one link's score (formulas 2, 5 and 6) and decide whether to fetch it.

    With a generic anchor (see :class:`AnchorStats`) and inheritance on, the anchor's
    part of ``W`` is the inherited estimate instead of its (uninformative) similarity:
    '下一篇' on an on-topic page most likely leads to another on-topic page."""
    if generic_anchor and config.use_inheritance:
        anchor_part = max(anchor_part, config.generic_inherit * inherit)
    u = url_part if config.use_url else 0.0
    a = anchor_part if config.use_anchor else 0.0
    # With one part switched off, the other carries the whole link score.
    w = config.beta * u + (1 - config.beta) * a if config.use_url and config.use_anchor else u + a
    h = inherit if config.use_inheritance else 0.0
    score = config.gamma * h + (1 - config.gamma) * w if config.use_inheritance else w
    relevant = score >= config.threshold
    hops = 0 if relevant else parent_tunnel_hops + 1
    fetch = relevant or (config.tunnelling and hops <= config.max_tunnel_hops)
    return LinkScore(u, a, w, h, score, relevant, hops, fetch)


def page_relevance(
    tokens: Sequence[str],
    dictionary: TopicDictionary,
    *,
    density_saturation: float = 0.06,
    coverage_saturation: float = 3.0,
) -> float:
    """Relevance of a page's words to the topic, 0..1 (see the module docstring)."""
    if not tokens:
        return 0.0
    tokens = merge_phrases(tokens, dictionary)
    counts = Counter(tokens)
    mass = 0.0
    coverage = 0.0
    for word, tf in counts.items():
        w = dictionary.weight(word)
        if w:
            mass += w * tf
            coverage += w
    density = min(1.0, mass / len(tokens) / density_saturation)
    return math.sqrt(density * min(1.0, coverage / coverage_saturation))


def priority(score: float, levels: int = PRIORITY_LEVELS) -> int:
    """Scrapy priority (an int, higher first) for a score in 0..1: equal scores map to equal priorities."""
    return round(max(0.0, min(1.0, score)) * levels)


def naive_count(anchor_tokens: Sequence[str], url_toks: Sequence[str], dictionary: TopicDictionary) -> int:
    """The naive best-first score: how many dictionary terms the anchor and the URL contain."""
    in_anchor = sum(1 for t in merge_phrases(anchor_tokens, dictionary) if t in dictionary)
    return in_anchor + len(url_matches(url_toks, dictionary))
