"""Text fingerprints: a checksum for exact duplicates, a 64-bit simhash for near duplicates."""

from __future__ import annotations

import hashlib
from collections import Counter

from topiccrawl.textutil import normalize_space
from topiccrawl.tokenize import tokenize

MASK64 = (1 << 64) - 1


def checksum(text: str) -> str:
    """SHA-1 of the whitespace-normalised text (hex): equal for exact copies."""
    return hashlib.sha1(normalize_space(text).encode("utf-8")).hexdigest()


def _hash64(token: str) -> int:
    return int.from_bytes(hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest(), "big")


def simhash(features: Counter[str] | dict[str, float]) -> int:
    """Charikar's simhash of weighted features, 64 bits."""
    vector = [0.0] * 64
    for feature, weight in features.items():
        h = _hash64(feature)
        for bit in range(64):
            vector[bit] += weight if (h >> bit) & 1 else -weight
    return sum(1 << bit for bit in range(64) if vector[bit] > 0)


def text_simhash(text: str) -> int:
    """Simhash of ``text`` over jieba tokens weighted by frequency."""
    return simhash(Counter(tokenize(text)))


def hamming(a: int, b: int) -> int:
    return ((a ^ b) & MASK64).bit_count()
