"""Decide the character encoding of an HTML body.

Scrapy trusts the HTTP header, then a ``<meta>`` in the first 4 KB, then guesses.
Chinese forums break all three: the charset is often only in a ``<meta>`` placed
after kilobytes of inline script, the header may claim UTF-8 or ISO-8859-1 while
the bytes are GBK, and GB2312/GBK labels undersell pages that use GB18030's
four-byte characters. :func:`detect_encoding` checks every declaration against
the bytes and prefers what decodes cleanly.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from w3lib.encoding import (
    html_body_declared_encoding,
    http_content_type_encoding,
    read_bom,
    resolve_encoding,
)

# How far into the body a <meta charset> is looked for. Pages put it after large
# inline scripts; HTML5 says 1024 bytes, real Chinese forums disagree.
META_SCAN_BYTES = 64 * 1024
_META_RE = re.compile(rb"<meta\b[^>]{0,1024}>|<body\b", re.IGNORECASE)
# Single-byte Western labels that servers send by default; any high byte in a
# page labelled so is suspicious.
_WESTERN = {"cp1252", "latin-1", "iso8859-1", "ascii", "windows-1252", "iso-8859-1"}
_CJK_RE = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]")
_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]")


@dataclass(frozen=True, slots=True)
class EncodingGuess:
    encoding: str  # a Python codec name
    reason: str  # "bom", "header", "meta", "sniffed", "override" (declared but wrong)


def _canonical(label: str | None) -> str | None:
    if not label:
        return None
    enc = resolve_encoding(label)
    if enc is None:
        return None
    name = codecs.lookup(enc).name
    # GB2312 and GBK are subsets of GB18030; decoding as the superset never hurts
    # and keeps four-byte characters that the narrower labels lose.
    if name in {"gb2312", "gbk", "euc_cn", "cp936"}:
        return "gb18030"
    return name


def meta_declared_encoding(body: bytes, limit: int = META_SCAN_BYTES) -> str | None:
    """The charset of the first ``<meta>`` (or XML declaration) that has one, anywhere in the head."""
    declared = html_body_declared_encoding(body[:4096])
    if declared:
        return declared
    for match in _META_RE.finditer(body, 0, limit):
        tag = match.group(0)
        if tag[:5].lower() == b"<body":
            break
        if b"charset" not in tag.lower():
            continue
        label = html_body_declared_encoding(b"<html><head>" + tag)
        if label:
            return label
    return None


def _decodes(body: bytes, encoding: str) -> str | None:
    try:
        return body.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return None


def _looks_chinese(text: str) -> bool:
    non_ascii = len(_NON_ASCII_RE.findall(text))
    if non_ascii == 0:
        return False
    return len(_CJK_RE.findall(text)) >= 0.6 * non_ascii


def _sniff(body: bytes) -> str | None:
    """An encoding that decodes ``body`` cleanly, preferring UTF-8 then GB18030.

    Short GBK texts can also be valid UTF-8 (D2 BB is both 一 and Cyrillic һ),
    so when both decode, the one that reads as Chinese wins.
    """
    utf8 = _decodes(body, "utf-8")
    if utf8 is not None and (not _NON_ASCII_RE.search(utf8) or _looks_chinese(utf8)):
        return "utf-8"
    gb = _decodes(body, "gb18030")
    if gb is not None and _looks_chinese(gb):
        return "gb18030"
    return "utf-8" if utf8 is not None else None


def detect_encoding(body: bytes, content_type: str | None = None) -> EncodingGuess:
    """Return the encoding to decode an HTML ``body`` with, and why."""
    bom, _ = read_bom(body)
    if bom:
        return EncodingGuess(_canonical(bom) or bom, "bom")
    candidates = [
        (_canonical(http_content_type_encoding(content_type or "")), "header"),
        (_canonical(meta_declared_encoding(body)), "meta"),
    ]
    for encoding, reason in candidates:
        if encoding is None:
            continue
        text = _decodes(body, encoding)
        if text is None:
            continue  # declared wrongly: the bytes do not decode
        if encoding in _WESTERN and _NON_ASCII_RE.search(text):
            sniffed = _sniff(body)
            if sniffed:
                return EncodingGuess(sniffed, "override")
        return EncodingGuess(encoding, reason)
    sniffed = _sniff(body)
    if sniffed:
        return EncodingGuess(sniffed, "sniffed")
    # Last resort: the declared encoding, decoded with replacement characters by
    # Scrapy, beats a random guess; failing that, charset detection.
    for encoding, _reason in candidates:
        if encoding:
            return EncodingGuess(encoding, "declared-lossy")
    from charset_normalizer import from_bytes

    match = from_bytes(body[:META_SCAN_BYTES]).best()
    return EncodingGuess(_canonical(match.encoding) or "utf-8" if match else "utf-8", "guessed")
