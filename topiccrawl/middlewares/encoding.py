"""Downloader middleware that fixes the encoding of HTML responses before spiders read them."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from scrapy.exceptions import NotConfigured
from scrapy.http import HtmlResponse, Response

from topiccrawl.charset import detect_encoding

if TYPE_CHECKING:
    from scrapy import Request
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)


class CharsetMiddleware:
    """Re-decide each HTML response's encoding with :func:`topiccrawl.charset.detect_encoding`.

    Setting: ``TOPICCRAWL_CHARSET_ENABLED`` (default True).
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> CharsetMiddleware:
        if not crawler.settings.getbool("TOPICCRAWL_CHARSET_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_CHARSET_ENABLED is off")
        return cls(crawler)

    def process_response(self, request: Request, response: Response) -> Response:
        if not isinstance(response, HtmlResponse) or not response.body:
            return response
        content_type = response.headers.get(b"Content-Type", b"").decode("latin-1")
        guess = detect_encoding(response.body, content_type)
        stats = self.crawler.stats
        if stats is not None:
            stats.inc_value(f"topiccrawl/charset/{guess.reason}")
        if guess.reason in {"override", "declared-lossy", "guessed"}:
            logger.debug("Charset of %s: %s (%s)", response.url, guess.encoding, guess.reason)
        if guess.strip:
            # Scrapy decodes by a byte-order mark whatever encoding it is told: cut one the bytes contradict.
            return response.replace(cls=HtmlResponse, body=response.body[guess.strip :], encoding=guess.encoding)
        return response.replace(cls=HtmlResponse, encoding=guess.encoding)
