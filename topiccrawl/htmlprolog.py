"""A page's XML declaration, which lxml refuses in decoded text.

XHTML pages (mobile sites such as newsmth's, WAP portals, older CMSs) open with
``<?xml version="1.0" encoding="utf-8"?>``. Given a ``str`` that declares an encoding,
``lxml.html`` raises ``ValueError: Unicode strings with encoding declaration are not
supported``: the page would read as no page at all. The text is decoded already (by
Scrapy or w3lib, from the headers, the declaration or the bytes), so the declaration
says nothing more and is dropped.

Pure function; no Scrapy.
"""

from __future__ import annotations

import re

_XML_DECLARATION = re.compile(r"\A\ufeff?\s*<\?xml\b[^>]*\?>")


def without_xml_declaration(markup: str) -> str:
    """``markup`` without a leading XML declaration (and a byte-order mark before it)."""
    return _XML_DECLARATION.sub("", markup, count=1)
