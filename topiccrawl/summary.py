"""Extractive summary: TextRank over sentences (Mihalcea and Tarau, 2004).

Sentences are split at Chinese and Western sentence ends; two sentences are
linked by the overlap of their word sets, normalised by the logs of their
lengths; PageRank on that graph ranks them and the best few are returned in
their original order.
"""

from __future__ import annotations

import math
import re

import numpy as np

from topiccrawl.tokenize import MAX_CHARS, tokenize

_MIN_SENTENCE_CHARS = 6
_MAX_SENTENCES = 200  # the graph is quadratic; long pages are ranked on their first 200 sentences


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text`` (Chinese and Western punctuation, and line breaks)."""
    parts = re.split(r"(?<=[。！？!?；;])|\n|(?<=[.!?])\s+", text)
    return [p.strip() for p in parts if len(p.strip()) >= _MIN_SENTENCE_CHARS]


def _pagerank(weights: np.ndarray, damping: float = 0.85, iterations: int = 50) -> np.ndarray:
    n = len(weights)
    out = weights.sum(axis=1)
    out[out == 0] = 1.0
    transition = weights / out[:, None]
    scores = np.full(n, 1.0 / n)
    for _ in range(iterations):
        new = (1 - damping) / n + damping * (transition.T @ scores)
        if np.abs(new - scores).sum() < 1e-6:
            return new
        scores = new
    return scores


def summarize(text: str, sentences: int = 3) -> str:
    """The ``sentences`` most central sentences of ``text``, in reading order, joined."""
    candidates = split_sentences(text[:MAX_CHARS])[:_MAX_SENTENCES]
    if len(candidates) <= sentences:
        return "".join(_joinable(candidates))
    words = [set(tokenize(s)) for s in candidates]
    n = len(candidates)
    weights = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            overlap = len(words[i] & words[j])
            if overlap and len(words[i]) > 1 and len(words[j]) > 1:
                w = overlap / (math.log(len(words[i])) + math.log(len(words[j])))
                weights[i, j] = weights[j, i] = w
    scores = _pagerank(weights)
    best = sorted(np.argsort(-scores, kind="stable")[:sentences])
    return "".join(_joinable([candidates[i] for i in best]))


def _joinable(parts: list[str]) -> list[str]:
    # Western sentences need a space between them; Chinese ones do not.
    return [p if not p[-1:].isascii() else p + " " for p in parts[:-1]] + parts[-1:]
