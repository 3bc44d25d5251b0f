"""Decide the character encoding of an HTML body.

Scrapy trusts the HTTP header, then a ``<meta>`` in the first 4 KB, then guesses.
Chinese forums break all three: the charset is often only in a ``<meta>`` placed
after kilobytes of inline script, the header may claim UTF-8 or ISO-8859-1 while
the bytes are GBK, and GB2312/GBK labels undersell pages that use GB18030's
four-byte characters. :func:`detect_encoding` checks every declaration against
the bytes and prefers what decodes cleanly.

A byte-order mark is checked too: a UTF-8 BOM in front of GBK bytes (an editor
that added one to a file it did not re-encode) is ignored, and the guess says
how many bytes to cut (:attr:`EncodingGuess.strip`), because Scrapy's
``TextResponse`` obeys a BOM whatever encoding it is given. A Western header
(ISO-8859-1, cp1252) on a body with high bytes gives way to the ``<meta>``
before any sniffing. Undeclared pages are sniffed as UTF-8, then Shift_JIS
(cp932) if that reads as Japanese (kana), then GB18030, then Big5, rejecting a
GB18030 reading with Private Use Area characters or kana/Cyrillic/Greek/box
drawing among its characters: that is what Big5 bytes look like as GB18030.
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
_PUA_RE = re.compile(r"[\ue000-\uf8ff]")
_KANA_RE = re.compile(r"[\u3041-\u30ff]")
# What the GB2312 symbol rows (kana, Greek, Cyrillic, box drawing, pinyin and bopomofo) hold:
# rare in Chinese text, everywhere in Big5 bytes read as GB18030.
_GB_ODD_RE = re.compile(r"[\u0370-\u03ff\u0400-\u04ff\u2500-\u257f\u3041-\u30ff\u3105-\u312f\u0101-\u01dc]")
_BIG5 = ("big5", "big5hkscs")


@dataclass(frozen=True, slots=True)
class EncodingGuess:
    encoding: str  # a Python codec name
    reason: str  # "bom", "header", "meta", "sniffed", "override" (declared but wrong)
    strip: int = 0  # bytes to cut from the front of the body: a byte-order mark the bytes contradict


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


def _looks_japanese(text: str) -> bool:
    """Kana make at least a quarter of the non-ASCII characters (three at least)."""
    kana = len(_KANA_RE.findall(text))
    return kana >= 3 and kana >= 0.25 * len(_NON_ASCII_RE.findall(text))


def _looks_like_gb(text: str) -> bool:
    """Chinese, with no Private Use Area character and (almost) nothing from GB2312's symbol rows."""
    if not _looks_chinese(text) or _PUA_RE.search(text):
        return False
    return len(_GB_ODD_RE.findall(text)) <= 0.05 * len(_NON_ASCII_RE.findall(text))


def _sniff(body: bytes) -> str | None:
    """An encoding that decodes ``body`` cleanly: UTF-8, Shift_JIS, GB18030 or Big5.

    Short GBK texts can also be valid UTF-8 (D2 BB is both 一 and Cyrillic һ),
    so when both decode, the one that reads as Chinese wins. Shift_JIS bytes read
    as GB18030 are rare but valid ideographs, so Japanese (kana in the cp932
    reading) is tried before GB18030; Big5 bytes read as GB18030 have Private
    Use Area and symbol-row characters, so such a reading gives way to Big5.
    """
    utf8 = _decodes(body, "utf-8")
    if utf8 is not None and (not _NON_ASCII_RE.search(utf8) or _looks_chinese(utf8)):
        return "utf-8"
    japanese = _decodes(body, "cp932")
    if japanese is not None and _looks_japanese(japanese):
        return "cp932"
    gb = _decodes(body, "gb18030")
    if gb is not None and _looks_like_gb(gb):
        return "gb18030"
    for big5 in _BIG5:
        text = _decodes(body, big5)
        if text is not None and _looks_chinese(text) and not _PUA_RE.search(text):
            return big5
    if gb is not None and _looks_chinese(gb):
        return "gb18030"
    return "utf-8" if utf8 is not None else None


def _bom_guess(body: bytes, content_type: str | None) -> EncodingGuess | None:
    """The byte-order mark's encoding if the bytes after it decode so; None without a mark."""
    bom, mark = read_bom(body)
    if not (bom and mark):
        return None
    encoding = _canonical(bom) or bom
    if _decodes(body[len(mark) :], encoding) is not None:
        return EncodingGuess(encoding, "bom")
    # The mark lies (an editor added it to bytes it did not re-encode): decide without it.
    inner = detect_encoding(body[len(mark) :], content_type)
    return EncodingGuess(inner.encoding, "override", strip=len(mark))


def detect_encoding(body: bytes, content_type: str | None = None) -> EncodingGuess:
    """Return the encoding to decode an HTML ``body`` with, and why."""
    by_bom = _bom_guess(body, content_type)
    if by_bom is not None:
        return by_bom
    candidates = [
        (_canonical(http_content_type_encoding(content_type or "")), "header"),
        (_canonical(meta_declared_encoding(body)), "meta"),
    ]
    western: EncodingGuess | None = None  # a Western label on high bytes: the last resort among declarations
    for encoding, reason in candidates:
        if encoding is None:
            continue
        text = _decodes(body, encoding)
        if text is None:
            continue  # declared wrongly: the bytes do not decode
        if encoding in _WESTERN and _NON_ASCII_RE.search(text):
            western = western or EncodingGuess(encoding, reason)
            continue  # servers send these by default: try the other declaration, then sniff
        return EncodingGuess(encoding, "override" if western else reason)
    if western is not None:
        sniffed = _sniff(body)
        return EncodingGuess(sniffed, "override") if sniffed else western
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
