"""Exact duplicates: a checksum of the normalised text drops mirrors and print versions.

Every TopicPage and ForumPost gets ``checksum`` (SHA-1 of its whitespace-normalised
text). What counts as "the same record" differs:

- a TopicPage duplicates any earlier page with the same text (this run, or a
  page stored by an earlier run in the state store, so an incremental crawl does
  not store an unchanged page again);
- a ForumPost duplicates only the same post reached twice (same thread and
  post id, or position when the page has no ids); one stored by the same crawl job
  before it was resumed (``JOBDIR``) is no duplicate: it is emitted again because
  the feed may have lost it. Identical short replies
  ("顶", "+1") and a user's double post are separate posts on the site, and a
  dataset of posts keeps them; without an identity, a post duplicates one with
  the same text by the same author in the same thread.

Records without text are not deduplicated (empty texts would all collide).

- ``TOPICCRAWL_EXACTDUP_ENABLED`` (True)
- ``TOPICCRAWL_EXACTDUP_ACTION`` ("drop"): "drop" the duplicate, or "mark" it
  with ``duplicate_of`` (the key of the first record) and keep it.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem, NotConfigured

from topiccrawl.args import SettingError
from topiccrawl.fingerprint import checksum
from topiccrawl.items import ForumPost
from topiccrawl.pipelines.common import handles, record_key, state_path
from topiccrawl.store.pages import SqlitePageStore

logger = logging.getLogger(__name__)
ACTIONS = ("drop", "mark")


def dedup_action(crawler: Crawler, setting: str) -> str:
    action = (crawler.settings.get(setting) or "drop").strip().lower()
    if action not in ACTIONS:
        raise SettingError(f"{setting} must be one of {', '.join(ACTIONS)}, got {action!r}")
    return action


class ExactDuplicatePipeline:
    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.action = dedup_action(crawler, "TOPICCRAWL_EXACTDUP_ACTION")
        self.seen: dict[bytes, str] = {}  # dedup key digest -> record key, this run
        self.store: SqlitePageStore | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ExactDuplicatePipeline:
        if not crawler.settings.getbool("TOPICCRAWL_EXACTDUP_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_EXACTDUP_ENABLED is off")
        return cls(crawler)

    def open_spider(self) -> None:
        self.store = SqlitePageStore(state_path(self.crawler))

    def close_spider(self) -> None:
        if self.store is not None:
            self.store.close()

    def _earlier(self, item: Any, digest: str, key: str | None) -> str | None:
        """Key of the earlier record ``item`` exactly duplicates, or None."""
        if isinstance(item, ForumPost):
            identity = key or f"{item.get('thread_url') or item.get('page_url')}\0{item.get('author')}"
            scope = f"{identity}\0{digest}"
        else:
            scope = digest
        dedup_key = hashlib.sha1(scope.encode("utf-8")).digest()
        earlier = self.seen.get(dedup_key)
        if earlier is None and self.store is not None:
            if isinstance(item, ForumPost):
                stored = self.store.get(key) if key else None
                same = stored is not None and stored.checksum == digest
                earlier = key if same and not self._stored_by_this_job(stored) else None
            else:
                earlier = self.store.key_for_checksum(digest)
        if earlier is None:
            self.seen[dedup_key] = key or digest
        return earlier

    def _stored_by_this_job(self, record: Any) -> bool:
        """Whether ``record`` was stored by the crawl job this run belongs to: a resumed job (the
        forum spider's ``JOBDIR``, see ``job_started``) emits again the posts it cannot know were
        written to its feed before a kill, and those are no earlier run's."""
        started = getattr(self.crawler.spider, "job_started", None)
        return bool(started and record.fetched_at and record.fetched_at >= started)

    def process_item(self, item: Any) -> Any:
        if not handles(item):
            return item
        text = item.get("text") or ""
        if not text.strip():
            self.crawler.stats.inc_value("topiccrawl/exactdup/no_text")
            return item
        digest = checksum(text)
        item["checksum"] = digest
        key = record_key(item)
        earlier = self._earlier(item, digest, key)
        if earlier is None:
            return item
        reason = "unchanged" if earlier == key else "duplicate"
        self.crawler.stats.inc_value(f"topiccrawl/exactdup/{reason}")
        if self.action == "drop":
            # Expected and frequent: counted in stats, logged at DEBUG (the default WARNING dumps the item).
            raise DropItem(f"exact {reason} of {earlier}: {key}", log_level="DEBUG")
        if earlier != key:
            item["duplicate_of"] = earlier
        return item
