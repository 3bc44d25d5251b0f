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
from collections.abc import Iterator
from importlib import resources

import numpy as np

from topiccrawl.tokenize import tokenize


@functools.cache
def _idf() -> tuple[np.ndarray, np.ndarray, float]:
    """jieba's IDF table as sorted (hash, idf) arrays, and the median IDF.

    jieba.analyse keeps the table as a dict of 350k words (about 130 MB per
    process); two numpy arrays hold the same in 4 MB. Words are keyed by their
    Python hash, which is stable within a process; a 64-bit collision is
    negligible.
    """
    # Not via jieba.analyse: importing it builds that 130 MB dict.
    path = resources.files("jieba") / "analyse" / "idf.txt"

    def rows() -> Iterator[tuple[int, float]]:  # one line at a time: no 350k-entry list
        with path.open(encoding="utf-8") as f:
            for line in f:
                word, _, value = line.rstrip().rpartition(" ")
                if word:
                    yield hash(word), float(value)

    table = np.fromiter(rows(), dtype=[("key", np.int64), ("idf", np.float32)])
    keys, values = table["key"], table["idf"]
    order = np.argsort(keys, kind="stable")
    return keys[order], values[order], float(np.median(values))


def _lookup(words: list[str]) -> list[float]:
    keys, values, median = _idf()
    wanted = np.fromiter((hash(w) for w in words), dtype=np.int64, count=len(words))
    index = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
    found = keys[index] == wanted
    return np.where(found, values[index], median).tolist()


def keywords(text: str, top_k: int = 10, *, min_length: int = 2) -> list[str]:
    """The ``top_k`` most salient words of ``text`` by TF-IDF, most salient first.

    Single characters are skipped (``min_length``): in Chinese they are mostly
    particles and measure words that the stopword list does not catch. Ties
    break by first occurrence so the output is deterministic.
    """
    tokens = [t for t in tokenize(text) if len(t) >= min_length and not t.isdigit()]
    if not tokens:
        return []
    counts = Counter(tokens)
    idf = dict(zip(counts, _lookup(list(counts)), strict=True))
    first = {t: i for i, t in reversed(list(enumerate(tokens)))}
    total = len(tokens)
    # tf * idf, nudged towards longer words: dictionary terms the IDF table does not
    # know ("辛亥革命") only get the median IDF, yet are the most specific words.
    scored = sorted(
        counts,
        key=lambda t: (-(counts[t] / total) * idf[t] * (1 + math.log(len(t))), first[t]),
    )
    return scored[:top_k]
