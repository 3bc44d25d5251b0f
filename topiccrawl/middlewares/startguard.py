"""Bad input found while a spider's ``start()`` runs closes the spider instead of ending as a logged traceback.

Scrapy logs an exception raised by ``Spider.start()`` ("Error while reading
start items and requests") and lets the crawl finish normally, with 0 items and
exit status 0. A :class:`~topiccrawl.args.UserInputError` raised there (a spider
that loads its model or checks a watched URL once it starts) is bad input like
one raised in ``__init__``: this middleware keeps its message in the stats
(``topiccrawl/bad_input``, the line to print) and closes the spider with the finish reason
``bad_input``, which ``scrapy crawl`` (:mod:`topiccrawl.commands.crawl`) turns
into one line on stderr and exit status 2.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

from scrapy.exceptions import CloseSpider
from scrapy.spidermiddlewares.base import BaseSpiderMiddleware

from topiccrawl.args import UserInputError, error_line

logger = logging.getLogger(__name__)

FINISH_REASON = "bad_input"
STAT = "topiccrawl/bad_input"


class StartGuardMiddleware(BaseSpiderMiddleware):
    async def process_start(self, start: AsyncIterator[Any]) -> AsyncIterator[Any]:
        try:
            async for item_or_request in start:
                yield item_or_request
        except UserInputError as exc:
            assert self.crawler.stats is not None
            self.crawler.stats.set_value(STAT, error_line(exc, self.crawler.spider.name))
            logger.info("bad input found when the spider started: %s", exc)
            raise CloseSpider(FINISH_REASON) from None
