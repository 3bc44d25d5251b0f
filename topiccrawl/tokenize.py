"""Word segmentation for Chinese (and mixed) text with jieba.

One shared, lazily initialised tokenizer: dictionaries add their terms as user
words (:func:`add_words`) so that "辛亥革命" stays one token.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import jieba

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_added: set[str] = set()
_TOKEN_RE = re.compile(r"[\w\u3400-\u9fff]", re.UNICODE)
# Function words and punctuation that carry no topic. Kept short on purpose:
# TF-IDF and dictionary weights do the rest.
_STOPWORDS_TEXT = """
的 了 和 是 在 也 就 都 而 及 与 着 或 一个 没有 我们 你们 他们 她们 它们 这 那 之 于 为 以 对
把 被 让 从 到 向 上 下 中 等 个 其 此 又 但 并 很 更 最 将 已 已经 还 再 所 所以 因为 如果
the a an of to in and or for on at by with from is are was were be this that it as
"""
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())
# Longest prefix of a text that is segmented (see :func:`tokenize`).
MAX_CHARS = 100_000
SEGMENTED = 16  # texts whose tokens are kept (see :func:`_segment`)


@functools.cache
def _get() -> jieba.Tokenizer:
    import jieba

    jieba.setLogLevel(logging.WARNING)
    tok = jieba.Tokenizer()
    tok.initialize()
    return tok


def add_words(words: Iterable[str]) -> None:
    """Teach the tokenizer multi-character terms (dictionary terms) so they stay whole."""
    tok = _get()
    with _lock:
        new = False
        for raw in words:
            word = raw.strip()
            if len(word) > 1 and word not in _added:
                tok.add_word(word, freq=None)
                _added.add(word)
                new = True
        if new:
            _segment.cache_clear()  # texts segmented before may cut otherwise now


def tokenize(text: str, *, keep_stopwords: bool = False, max_chars: int = MAX_CHARS) -> list[str]:
    """Lower-cased word tokens of ``text``: no punctuation, no whitespace, no stopwords.

    Only the first ``max_chars`` characters are segmented: jieba runs on the
    reactor thread, and a multi-megabyte page would stall the crawl for seconds
    and balloon memory, while its first 100k characters say what it is about.
    """
    if not text:
        return []
    tokens = _segment(text[:max_chars])
    return list(tokens) if keep_stopwords else [t for t in tokens if t not in STOPWORDS]


@functools.lru_cache(maxsize=SEGMENTED)
def _segment(text: str) -> tuple[str, ...]:
    """The word tokens of ``text``, stopwords included. Cached: one item's text is segmented by
    several pipelines (near duplicates, keywords, the classifier) one after the other."""
    tokens = []
    for raw in _get().cut(text, HMM=True):
        token = raw.strip().lower()
        if token and _TOKEN_RE.search(token):
            tokens.append(token)
    return tuple(tokens)
