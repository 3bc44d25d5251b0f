"""The last item pipeline: change events into the event log and outbox; change detection for re-crawls.

- :class:`~topiccrawl.items.ChangeEvent` items (from the monitor) are stored, queued for
  the global channels (``TOPICCRAWL_NOTIFY_URLS``) and the watch's own ones, and get their
  ``event_id``.
- Any other item, when the crawl asks for it (``TOPICCRAWL_NOTIFY_CHANGES=True`` or
  ``-a notify=1``), is compared with what earlier crawls saw: a new page (``new_item``),
  a page changed beyond noise (``changed_page``), a new thread (``new_thread``) or a new
  post in a known thread (``new_post``) becomes a change event. The first crawl of a
  (spider, host) only records, and so does every crawl after it until one *finishes*
  (finish reason ``finished``): a crawl stopped by ``max_pages``, ``CLOSESPIDER_*`` or
  Ctrl-C saw part of the site, and the pages it did not reach are not new.

Sending is not done here: the outbox extension (or ``scrapy notify run``) does it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from itemadapter import ItemAdapter
from scrapy import signals
from scrapy.exceptions import NotConfigured

from topiccrawl.args import parse_bool
from topiccrawl.items import ChangeEvent, ForumPost, TopicPage
from topiccrawl.notify.changes import Change, Fingerprint, classify, fingerprint
from topiccrawl.notify.channels import describe, is_usable
from topiccrawl.notify.config import global_urls
from topiccrawl.store.events import EventStore, NewEvent, watch_notify_urls
from topiccrawl.store.seen import SeenStore
from topiccrawl.textutil import utc_now_iso

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)


class ChangeNotifyPipeline:
    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        settings = crawler.settings
        self.state_dir = settings.get("TOPICCRAWL_STATE_DIR", ".topiccrawl")
        self.urls = global_urls(settings)
        self.max_noise = settings.getint("TOPICCRAWL_NOTIFY_NOISE_DISTANCE", 3)
        self.min_new_chars = settings.getint("TOPICCRAWL_NOTIFY_MIN_NEW_CHARS", 30)
        self.detect_setting = settings.getbool("TOPICCRAWL_NOTIFY_CHANGES", False)
        self._events: EventStore | None = None
        self._seen: SeenStore | None = None
        self._known_scopes: set[str] | None = None  # scopes crawled before this run started
        self._new_threads: set[str] = set()  # threads first seen in this run: their posts are not "new posts"
        self._scopes_this_run: set[str] = set()
        self._detect_on: bool | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ChangeNotifyPipeline:
        if not crawler.settings.getbool("TOPICCRAWL_NOTIFY_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_NOTIFY_ENABLED is off")
        pipe = cls(crawler)
        # Pipelines close before the finish reason is known; spider_closed carries it.
        crawler.signals.connect(pipe.spider_closed, signal=signals.spider_closed)
        for url in pipe.urls:
            if not is_usable(url):  # say so now, not after the crawl; the URL itself is never logged
                logger.error("TOPICCRAWL_NOTIFY_URLS: %s cannot be used; events for it will fail", describe(url))
        return pipe

    @property
    def detect(self) -> bool:
        """Change detection is on by setting, or per crawl with ``-a notify=1`` (which wins)."""
        if self._detect_on is None:
            value = getattr(self.crawler.spider, "notify", None)
            self._detect_on = self.detect_setting if value is None else parse_bool("notify", value)
        return self._detect_on

    # The stores are opened lazily: a crawl that neither emits events nor asks for
    # change detection never touches the state database.
    @property
    def events(self) -> EventStore:
        if self._events is None:
            self._events = EventStore.open(self.state_dir)
        return self._events

    @property
    def seen(self) -> SeenStore:
        if self._seen is None:
            self._seen = SeenStore(self.events.conn)
            self._known_scopes = self._seen.scopes()
        return self._seen

    def open_spider(self) -> None:
        if self.detect:  # fail on a bad -a notify= before crawling, not at the first item
            logger.info("Change notification on: new and changed records become change events")

    def close_spider(self) -> None:
        if self._events is not None:
            self._events.close()
            self._events = None
            self._seen = None

    def spider_closed(self, spider: object, reason: str) -> None:
        """Only a crawl that finished makes its scopes "crawled before" (see topiccrawl.store.seen)."""
        if not self._scopes_this_run:
            return
        if reason != "finished":
            logger.info(
                "Change notification: the crawl stopped early (%s); the %d site(s) it reached still count as"
                " never crawled, so the next crawl of them only records too",
                reason,
                len(self._scopes_this_run),
            )
            return
        seen = SeenStore.open(self.state_dir)
        try:
            seen.complete_scopes(self._scopes_this_run)
        finally:
            seen.close()

    def process_item(self, item: Any) -> Any:
        if isinstance(item, ChangeEvent):
            self._record_change_event(item)
        elif self.detect and isinstance(item, TopicPage | ForumPost):
            self._detect(item)
        return item

    # -- monitor events -------------------------------------------------------------

    def _record_change_event(self, item: ChangeEvent) -> None:
        a = ItemAdapter(item)
        watch_id = a.get("watch_id")
        urls = list(self.urls)
        if watch_id is not None:
            urls += watch_notify_urls(self.events.conn, int(watch_id))
        item["event_id"] = self._add(
            NewEvent(
                kind=str(a.get("kind") or "new_item"),
                detected_at=a.get("detected_at") or utc_now_iso(),
                watch_id=int(watch_id) if watch_id is not None else None,
                watch_url=a.get("watch_url"),
                item_url=a.get("item_url"),
                item_title=a.get("item_title"),
                source=a.get("source") or self._spider_name,
            ),
            urls,
        )

    def _add(self, event: NewEvent, urls: list[str], record: Callable[[], None] | None = None) -> int:
        """Store ``event``; ``record`` (what the detector saw) is written in the same transaction."""
        also = None if record is None else (lambda _conn: record())
        event_id = self.events.add_event(event, urls, now=time.time(), also=also)
        stats = self.crawler.stats
        if stats is not None:
            stats.inc_value(f"topiccrawl/notify/events/{event.kind}")
        return event_id

    @property
    def _spider_name(self) -> str:
        return getattr(self.crawler.spider, "name", "") or ""

    # -- change detection for re-crawls ---------------------------------------------

    def _scope(self, url: str) -> tuple[str, bool]:
        """(scope, baseline): baseline if this (spider, host) was never crawled before this run."""
        scope = f"{self._spider_name}:{urlsplit(url).hostname or ''}"
        seen = self.seen
        assert self._known_scopes is not None
        if scope not in self._scopes_this_run:
            self._scopes_this_run.add(scope)
            seen.add_scope(scope, time.time())
        return scope, scope not in self._known_scopes

    def _detect(self, item: TopicPage | ForumPost) -> None:
        a = ItemAdapter(item)
        if isinstance(item, TopicPage):
            self._detect_page(a)
        else:
            self._detect_post(a)

    def _observe(
        self, key: str, scope: str, fp: Fingerprint, now: float, *, track_text: bool = True
    ) -> tuple[Change, Callable[[], None]]:
        """Classify ``fp`` against what earlier crawls saw; returns the change and the write that records it.

        The write is the caller's to run: alone when no event follows, or inside the event's own
        transaction (:meth:`_add`) so a crash cannot record the change as seen yet lose its event.
        """
        change = classify(self.seen.get(key), fp, max_noise_distance=self.max_noise, min_new_chars=self.min_new_chars)
        if change is Change.UNCHANGED:
            # Keep the fingerprint of the last version that counted: otherwise slow drift,
            # each step below the noise threshold, would never be reported.
            return change, lambda: self.seen.touch(key, now)
        return change, lambda: self.seen.put(key, scope, fp, now, keep_segments=track_text)

    def _detect_page(self, a: ItemAdapter) -> None:
        url = a.get("url")
        if not url:
            return
        scope, baseline = self._scope(url)
        now = time.time()
        change, record = self._observe(f"page:{url}", scope, fingerprint(a.get("text") or ""), now)
        if baseline or change is Change.UNCHANGED:
            record()
            return
        kind = "new_item" if change is Change.NEW else "changed_page"
        title = a.get("title") or url
        self._add(
            NewEvent(kind, utc_now_iso(), watch_url=url, item_url=url, item_title=title, source=self._spider_name),
            self.urls,
            record,
        )

    def _detect_post(self, a: ItemAdapter) -> None:
        thread_url = a.get("thread_url") or a.get("page_url")
        if not thread_url:
            return
        scope, baseline = self._scope(thread_url)
        now = time.time()
        title = a.get("thread_title") or thread_url
        thread_key = f"thread:{thread_url}"
        thread_fp = fingerprint(title)
        if self.seen.get(thread_key) is None:
            self._new_threads.add(thread_url)

            def record_thread() -> None:
                self.seen.put(thread_key, scope, thread_fp, now, keep_segments=False)

            if baseline:
                record_thread()
            else:
                self._add(
                    NewEvent(
                        "new_thread",
                        utc_now_iso(),
                        watch_url=thread_url,
                        item_url=thread_url,
                        item_title=title,
                        source=self._spider_name,
                    ),
                    self.urls,
                    record_thread,
                )
        post_ref = a.get("post_id") or a.get("position")
        if post_ref is None:
            return
        post_fp = fingerprint(a.get("text") or "")
        change, record = self._observe(f"post:{thread_url}#{post_ref}", scope, post_fp, now, track_text=False)
        # Edited posts are not reported: edits are mostly typo fixes and signatures.
        if baseline or change is not Change.NEW or thread_url in self._new_threads:
            record()
            return
        page_url = a.get("page_url") or thread_url
        position = a.get("position")
        label = f"{title} (#{position})" if position else title
        self._add(
            NewEvent(
                "new_post",
                utc_now_iso(),
                watch_url=thread_url,
                item_url=page_url,
                item_title=label,
                source=self._spider_name,
            ),
            self.urls,
            record,
        )
