"""Near duplicates: 64-bit simhash within Hamming distance k of a stored page.

Every record with enough text gets ``simhash`` (16 hex digits, over jieba tokens
weighted by frequency). A TopicPage within ``k`` bits of an earlier page (this
run or, through the saved index, an earlier run) is dropped, or marked with
``duplicate_of`` (the earlier page's URL) when the action is "mark". The
copy's fingerprint joins the index under the original's URL, so a chain of
small edits stays one article.

Forum posts get a simhash but are not near-deduplicated: replies quote each
other and short replies look alike, and dropping posts would leave holes in a
thread that a researcher collects whole. Exact re-deliveries of a post are the
exact-duplicate step's job.

Texts with fewer than ``TOPICCRAWL_NEARDUP_MIN_FEATURES`` distinct tokens get no
simhash (their fingerprints would collide with each other) and rely on the
exact checksum only.

The index (:class:`topiccrawl.simhash_index.SimhashIndex`) is loaded from the
state directory at open and saved there at close; records the state store got
after the last save (a killed crawl) are added back from the store at open.
Next to it, ``<index>.owners.json`` maps each fingerprint to the key of the page
it belongs to (a copy's fingerprint to its original's): dropped copies are never
stored, and without the map a page re-crawled in a later run was taken for a
duplicate of its own dropped copy. A fingerprint whose owner is known neither
from the map nor from the page store (a state directory written before the map
existed) is ignored: it cannot be named, so nothing is dropped because of it.

- ``TOPICCRAWL_NEARDUP_ENABLED`` (True), ``TOPICCRAWL_NEARDUP_K`` (3),
  ``TOPICCRAWL_NEARDUP_ACTION`` ("drop" or "mark"),
  ``TOPICCRAWL_NEARDUP_MIN_FEATURES`` (8), ``TOPICCRAWL_NEARDUP_INDEX`` (file
  name in the state directory, "neardup.npz").
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem, NotConfigured

from topiccrawl.args import SettingError
from topiccrawl.atomicfile import write_atomic
from topiccrawl.fingerprint import MIN_FEATURES, from_hex, text_fingerprint, to_hex
from topiccrawl.items import TopicPage
from topiccrawl.pipelines.common import handles, record_key, state_path
from topiccrawl.pipelines.exactdup import dedup_action
from topiccrawl.simhash_index import SimhashIndex
from topiccrawl.store.pages import SqlitePageStore

logger = logging.getLogger(__name__)


class NearDuplicatePipeline:
    def __init__(self, crawler: Crawler) -> None:
        settings = crawler.settings
        self.crawler = crawler
        self.k = settings.getint("TOPICCRAWL_NEARDUP_K", 3)
        if not 0 <= self.k <= 16:
            raise SettingError(f"TOPICCRAWL_NEARDUP_K must be in 0..16, got {self.k}")
        self.action = dedup_action(crawler, "TOPICCRAWL_NEARDUP_ACTION")
        self.min_features = settings.getint("TOPICCRAWL_NEARDUP_MIN_FEATURES", MIN_FEATURES)
        self.index_path: Path = state_path(crawler, settings.get("TOPICCRAWL_NEARDUP_INDEX") or "neardup.npz")
        self.index = SimhashIndex(self.k)
        self.keys: dict[int, str] = {}  # fingerprint -> key of the page it belongs to (saved with the index)
        self.store: SqlitePageStore | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> NearDuplicatePipeline:
        if not crawler.settings.getbool("TOPICCRAWL_NEARDUP_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_NEARDUP_ENABLED is off")
        return cls(crawler)

    @property
    def _meta_path(self) -> Path:
        return self.index_path.with_name(self.index_path.name + ".json")

    @property
    def _owners_path(self) -> Path:
        return self.index_path.with_name(self.index_path.name + ".owners.json")

    def open_spider(self) -> None:
        self.store = SqlitePageStore(state_path(self.crawler))
        watermark = 0
        if self.index_path.exists():
            self.index = SimhashIndex.load(self.index_path, k=self.k)
            if self._meta_path.exists():
                watermark = int(json.loads(self._meta_path.read_text())["store_rowid"])
            if self._owners_path.exists():
                owners = json.loads(self._owners_path.read_text(encoding="utf-8"))
                self.keys = {from_hex(fingerprint): key for fingerprint, key in owners.items()}
        # Pages stored after the last save (a killed crawl saves nothing at close).
        missing, _ = self.store.simhashes_since(watermark)
        self.index.add_many(missing)
        logger.info("near-duplicate index: %d fingerprints (k=%d)", len(self.index), self.k)

    def close_spider(self) -> None:
        self.index.save(self.index_path)
        owners = {to_hex(fingerprint): key for fingerprint, key in self.keys.items()}
        write_atomic(self._owners_path, json.dumps(owners, ensure_ascii=False, separators=(",", ":")))
        if self.store is not None:
            self._meta_path.write_text(json.dumps({"store_rowid": self.store.last_rowid()}))
            self.store.close()
        self.crawler.stats.set_value("topiccrawl/neardup/index_size", len(self.index))

    def _key_of(self, fingerprint: int) -> str | None:
        """Key of the page ``fingerprint`` belongs to; None if unknown."""
        key = self.keys.get(fingerprint)
        if key is None and self.store is not None:
            key = self.store.key_for_simhash(fingerprint)
        return key

    def process_item(self, item: Any) -> Any:
        if not handles(item):
            return item
        fingerprint = text_fingerprint(item.get("text") or "", min_features=self.min_features)
        if fingerprint is None:
            self.crawler.stats.inc_value("topiccrawl/neardup/too_short")
            return item
        item["simhash"] = to_hex(fingerprint)
        if not isinstance(item, TopicPage) or item.get("duplicate_of"):
            return item
        key = record_key(item)
        near = self.index.query_one(fingerprint)
        # The page's own earlier version (an incremental re-crawl) is not a duplicate of it.
        earlier = [k for k in (self._key_of(f) for f in near) if k is not None and k != key]
        if earlier:
            self.crawler.stats.inc_value("topiccrawl/neardup/duplicate")
            # Index the copy too, under the original's key: a later copy that is
            # within k bits of this one but not of the original (two small edits
            # in a row) is still recognised.
            if fingerprint not in self.keys:
                self.index.add(fingerprint)
                self.keys[fingerprint] = earlier[0]
            if self.action == "drop":
                raise DropItem(f"near duplicate (<= {self.k} bits) of {earlier[0]}: {key}", log_level="DEBUG")
            item["duplicate_of"] = earlier[0]
            return item
        self.index.add(fingerprint)
        if key:
            self.keys[fingerprint] = key
        return item
