"""Keywords of a text: jieba's TF-IDF over the project's tokens.

jieba ships an IDF table for Chinese; words it does not know get the median
IDF, which is fine for mixed text. The project's tokenizer decides what a word
is (dictionary terms stay whole, stopwords and punctuation go), so keywords and
fingerprints agree on the vocabulary.
"""

from __future__ import annotations

import functools
import math
from collections import Counter

from topiccrawl.tokenize import tokenize


@functools.cache
def _idf() -> tuple[dict[str, float], float]:
    # Importing jieba.analyse loads its IDF table once, into default_tfidf.
    from jieba.analyse import default_tfidf

    return default_tfidf.idf_freq, default_tfidf.median_idf


def keywords(text: str, top_k: int = 10, *, min_length: int = 2) -> list[str]:
    """The ``top_k`` most salient words of ``text`` by TF-IDF, most salient first.

    Single characters are skipped (``min_length``): in Chinese they are mostly
    particles and measure words that the stopword list does not catch. Ties
    break by first occurrence so the output is deterministic.
    """
    tokens = [t for t in tokenize(text) if len(t) >= min_length and not t.isdigit()]
    if not tokens:
        return []
    idf, median = _idf()
    counts = Counter(tokens)
    first = {t: i for i, t in reversed(list(enumerate(tokens)))}
    total = len(tokens)
    # tf * idf, nudged towards longer words: dictionary terms the IDF table does not
    # know ("辛亥革命") only get the median IDF, yet are the most specific words.
    scored = sorted(
        counts,
        key=lambda t: (-(counts[t] / total) * idf.get(t, median) * (1 + math.log(len(t))), first[t]),
    )
    return scored[:top_k]
