"""Storage: page records into the state store; the items themselves go to Scrapy's feed exports.

Users choose the dataset with ``-O items.jsonl`` (or ``FEEDS``); JSONL is the
project's default format. This step writes one :class:`~topiccrawl.store.pages.PageRecord`
per TopicPage/ForumPost to ``TOPICCRAWL_STATE_DIR/state.sqlite3`` (WAL, one
transaction per record), with the page's HTTP validators (ETag, Last-Modified)
for conditional re-fetches by incremental crawls and the monitor.

- ``TOPICCRAWL_STORAGE_ENABLED`` (True)
"""

from __future__ import annotations

import logging
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import NotConfigured

from topiccrawl.fingerprint import from_hex
from topiccrawl.pipelines.common import handles, page_contexts, page_type, record_key, state_path
from topiccrawl.store.pages import PageRecord, SqlitePageStore

logger = logging.getLogger(__name__)


def _relevance(value: Any) -> float | None:
    try:
        return None if value is None else float(value)
    except (TypeError, ValueError):
        return None


class StoragePipeline:
    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.contexts = page_contexts(crawler)
        self.store: SqlitePageStore | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> StoragePipeline:
        if not crawler.settings.getbool("TOPICCRAWL_STORAGE_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_STORAGE_ENABLED is off")
        return cls(crawler)

    def open_spider(self) -> None:
        path = state_path(self.crawler)
        self.store = SqlitePageStore(path)
        logger.info("page records: %s (%d stored)", path, len(self.store))

    def close_spider(self) -> None:
        if self.store is not None:
            self.store.close()

    def process_item(self, item: Any) -> Any:
        if not handles(item) or self.store is None:
            return item
        key = record_key(item)
        if not key:
            self.crawler.stats.inc_value("topiccrawl/storage/no_key")
            return item
        url = item.get("url") or item.get("page_url") or key
        context = self.contexts.pop(url)
        simhash = item.get("simhash")
        record = PageRecord(
            key=key,
            url=url,
            fetched_at=item.get("fetched_at"),
            checksum=item.get("checksum"),
            simhash=from_hex(simhash) if simhash else None,
            etag=context.etag if context else None,
            last_modified=context.last_modified if context else None,
            relevance=_relevance(item.get("relevance")),
            page_type=page_type(item),
            title=item.get("title") or item.get("thread_title"),
            duplicate_of=item.get("duplicate_of"),
        )
        self.store.put(record)
        self.crawler.stats.inc_value("topiccrawl/storage/records")
        return item
