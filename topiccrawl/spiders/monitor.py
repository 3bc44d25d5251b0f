"""``scrapy crawl monitor``: fetch watched pages when the revisit scheduler says, and report what is new.

Long-running by default; bounded runs for tests and cron:

    scrapy crawl monitor                       # run until stopped
    scrapy crawl monitor -a once=true          # fetch every watch once, then stop
    scrapy crawl monitor -a duration=3600      # run for an hour
    scrapy crawl monitor -a watch=URL1,URL2    # only these pages (added as auto watches if new)
    scrapy crawl monitor -a watch=3,7          # only these watches, by id (``scrapy watch list``)
    scrapy crawl monitor -a until_events=1     # stop after the first change event

Each fetch is a conditional request (the watch's stored ``ETag`` and
``Last-Modified``), so an unchanged page costs a 304. The watch's template is
applied to the page: a link template's URLs not seen before are new items (one
:class:`~topiccrawl.items.ChangeEvent` each, ``kind="new_item"``); a whole-page
template emits one ``page_changed`` event when the main text changed beyond
noise. The first successful fetch of a watch only records what is there. Every
fetch is recorded in the watch's history, and its outcome (changed or not) is
fed to :class:`topiccrawl.revisit.RevisitScheduler`. Watches added or removed
while the spider runs are picked up every ``TOPICCRAWL_MONITOR_RELOAD`` seconds;
a watch's recorded history is replayed into the scheduler when the spider first
sees it, so what the scheduler learned survives a restart.
The spider only emits events; notification happens in the pipelines.

What a fetch teaches (the items now known, the page's new validators and
fingerprint) is committed only once its events have passed the item pipelines,
where the notification pipeline stores them durably: a process killed in between
re-detects the change on its next run (the event log drops the repeat) instead of
having marked it known with no event stored. An event that a pipeline drops or
fails on leaves the change undetected, so the next fetch reports it again.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import scrapy
from scrapy.crawler import Crawler
from scrapy.http import Response, TextResponse
from scrapy.spidermiddlewares.httperror import HttpError
from twisted.python.failure import Failure

from topiccrawl.args import SpiderArgumentError, check_http_url, parse_bool, parse_float, parse_int
from topiccrawl.items import ChangeEvent
from topiccrawl.netguard import AddressPolicy, UnsafeURLError, check_url
from topiccrawl.notify.changes import Fingerprint as ChangeFingerprint
from topiccrawl.notify.changes import pack_segments, unpack_segments
from topiccrawl.revisit import RevisitScheduler
from topiccrawl.store.watches import Watch, WatchStore
from topiccrawl.textutil import utc_now_iso
from topiccrawl.urlcluster import extract_links
from topiccrawl.urltraps import canonical_url
from topiccrawl.watchtemplate import (
    AutoTemplate,
    LinkTemplate,
    PageFingerprint,
    PageTemplate,
    TemplateError,
    apply_links,
    match_drop,
    new_items,
    page_changed,
    page_fingerprint,
    resolve_auto,
    template_from_json,
    template_to_json,
)

logger = logging.getLogger(__name__)

_IDLE_POLL = 0.05  # seconds between looks at the scheduler while its next watch is still being fetched
HISTORY_REPLAY = 500  # most recent fetches of a watch replayed into the scheduler when it is first seen


@dataclass(slots=True)
class _UnrecordedFetch:
    """A fetch whose outcome waits for its change events to pass the item pipelines."""

    watch_id: int
    outcome: dict[str, Any]  # keyword arguments of WatchStore.record_fetch
    waiting: int  # events not yet through the pipelines
    lost: bool = False  # an event was dropped or failed: do not mark its change as known
    # Held so that no event is freed (and its id() reused) before its signal arrives.
    events: list[ChangeEvent] = field(default_factory=list)


class MonitorSpider(scrapy.Spider):
    name = "monitor"
    # 304 is an answer ("unchanged"), not an error.
    handle_httpstatus_list = [304]

    def __init__(
        self,
        once: str | bool = False,
        duration: str | float = 0,
        watch: str | None = None,
        until_events: str | int = 0,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.until_events = parse_int("until_events", until_events, minimum=0)
        self.events_emitted = 0
        self.once = parse_bool("once", once)
        self.duration = parse_float("duration", duration, low=0)
        wanted = [w.strip() for w in (watch or "").split(",") if w.strip()]
        self.only_given_ids = {int(w) for w in wanted if w.isdigit()}
        self.only_urls = [check_http_url(u, source="-a watch") for u in wanted if not u.isdigit()]
        self.only_ids: set[int] | None = None
        self.scheduler = RevisitScheduler()
        self._in_flight: dict[str, float] = {}  # key -> dispatch time
        self._known: set[int] = set()
        self._last_fetch: dict[str, float] = {}
        self._unrecorded: dict[int, _UnrecordedFetch] = {}  # id(event) -> its fetch

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> MonitorSpider:
        spider = super().from_crawler(crawler, *args, **kwargs)
        settings = crawler.settings
        spider.rate = settings.getfloat("TOPICCRAWL_MONITOR_RATE", 1.0)
        spider.reload_every = settings.getfloat("TOPICCRAWL_MONITOR_RELOAD", 10.0)
        spider.max_interval = settings.getfloat("TOPICCRAWL_MONITOR_MAX_INTERVAL", 0.0)
        # The scheduler spends the same budget the spider enforces; its host gap only
        # applies to URL keys, watches are keyed by id (Scrapy's per-host slots apply).
        spider.scheduler = RevisitScheduler(
            max_rate=spider.rate if spider.rate > 0 else math.inf,
            host_gap=settings.getfloat("TOPICCRAWL_MONITOR_HOST_GAP", 5.0),
            min_interval=settings.getfloat("TOPICCRAWL_MONITOR_MIN_INTERVAL", 30.0),
        )
        # Longest a fetch can take, retries included, before it counts as lost.
        attempts = 1 + settings.getint("RETRY_TIMES")
        spider.lost_after = attempts * settings.getfloat("DOWNLOAD_TIMEOUT", 180.0) + 60.0
        # The downloader's SSRF guard's policy, allowed private networks included.
        spider.policy = AddressPolicy.from_settings(settings)
        spider.store = WatchStore.in_state_dir(settings.get("TOPICCRAWL_STATE_DIR"))
        crawler.signals.connect(spider._close_store, signal=scrapy.signals.spider_closed)
        crawler.signals.connect(spider._event_stored, signal=scrapy.signals.item_scraped)
        crawler.signals.connect(spider._event_lost, signal=scrapy.signals.item_dropped)
        crawler.signals.connect(spider._event_lost, signal=scrapy.signals.item_error)
        return spider

    def _selected_watches(self, urls: list[str], ids: set[int]) -> set[int] | None:
        """Ids of the watches ``-a watch=`` names (None: it names none, so all): ``ids`` as given,
        and the watches of ``urls``, adding an ``auto`` watch for a URL not watched yet.

        A URL is matched as ``scrapy watch add`` matches duplicates (session ids, fragment and
        query order aside), so ``-a watch=`` finds the watch however its URL was typed. An
        unknown id, or a URL the address guard refuses, is bad input (``scrapy crawl`` reports
        it in one line, exit status 2), not a watch to add and then skip at every fetch.
        """
        if not urls and not ids:
            return None
        watches = self.store.watches()
        unknown = sorted(ids - {w.id for w in watches})
        if unknown:
            raise SpiderArgumentError(
                f"-a watch: no watch with id {', '.join(map(str, unknown))} (see: scrapy watch list)"
            )
        for url in urls:
            try:
                # No DNS here: a name that fails to resolve now may resolve later; fetches check it.
                check_url(url, policy=self.policy, resolve=False)
            except UnsafeURLError as exc:
                raise SpiderArgumentError(f"-a watch={url}: {exc}") from None
        existing: dict[str, set[int]] = {}
        for w in watches:
            existing.setdefault(canonical_url(w.url), set()).add(w.id)
        auto = template_to_json(AutoTemplate())
        chosen = set(ids)
        for url in urls:
            key = canonical_url(url)
            if key not in existing:
                existing[key] = {self.store.add_watch(url, auto)}
            chosen |= existing[key]
        return chosen

    def _watches(self) -> list[Watch]:
        return [w for w in self.store.watches() if self.only_ids is None or w.id in self.only_ids]

    def _close_store(self) -> None:
        self.store.close()

    # -- what to fetch, and when ----------------------------------------------
    async def start(self) -> AsyncIterator[scrapy.Request]:
        self.only_ids = self._selected_watches(self.only_urls, self.only_given_ids)
        gap = 1.0 / self.rate if self.rate > 0 else 0.0
        next_slot = 0.0
        if self.once:
            for watch in self._watches():
                if (request := self._request(watch)) is not None:
                    await asyncio.sleep(max(0.0, next_slot - time.time()))
                    next_slot = time.time() + gap
                    yield request
            return
        deadline = time.time() + self.duration if self.duration else None
        last_sync = float("-inf")
        while True:
            now = time.time()
            if deadline is not None and now >= deadline:
                logger.info("monitor: duration of %.0f s reached", self.duration)
                return
            if self.until_events and self.events_emitted >= self.until_events:
                logger.info("monitor: %d change events emitted; stopping", self.events_emitted)
                return
            if now - last_sync >= self.reload_every:
                self._sync(now)
                last_sync = now
            self._release_lost(now)
            nxt = self._next(now)
            if nxt is None:
                wait = self.reload_every
            else:
                key, when = nxt
                # The scheduler keeps a watch due until its fetch is observed.
                wait = _IDLE_POLL if key in self._in_flight else max(when, next_slot) - now
            if wait > 0:
                limit = min(wait, self.reload_every, (deadline - now) if deadline is not None else wait)
                await asyncio.sleep(max(limit, 0.0))
                continue
            assert nxt is not None
            key = nxt[0]
            watch = self.store.get(int(key))
            if watch is None:  # removed since the last sync
                self.scheduler.remove(key)
                self._last_fetch.pop(key, None)
                self._known.discard(int(key))
                continue
            request = self._request(watch)
            if request is None:
                continue  # refused: recorded as a failed fetch and rescheduled like one
            self._in_flight[key] = now
            next_slot = now + gap
            yield request

    def _next(self, now: float) -> tuple[str, float] | None:
        """The scheduler's choice, unless a watch has waited longer than ``TOPICCRAWL_MONITOR_MAX_INTERVAL``."""
        nxt = self.scheduler.next_fetch(now)
        if self.max_interval <= 0 or not self._last_fetch:
            return nxt
        key, last = min(
            ((k, t) for k, t in self._last_fetch.items() if k not in self._in_flight),
            key=lambda kt: kt[1],
            default=(None, 0.0),
        )
        if key is not None and (nxt is None or last + self.max_interval < nxt[1]):
            return key, last + self.max_interval
        return nxt

    def _release_lost(self, now: float) -> None:
        """Forget fetches that never reported back (dropped by a middleware without an errback)."""
        for key, since in list(self._in_flight.items()):
            if now - since > self.lost_after:
                logger.warning("monitor: watch %s: no outcome after %.0f s; rescheduling", key, now - since)
                del self._in_flight[key]
                self._observe(key, now, False)

    def _sync(self, now: float) -> None:
        """Schedule new watches (replaying their recorded history) and forget removed ones."""
        current = {w.id for w in self._watches()}
        for watch_id in current - self._known:
            key = str(watch_id)
            # The scheduler learns from past fetches, so a restart keeps what it learned.
            history = self.store.history(watch_id)[-HISTORY_REPLAY:]
            self.scheduler.add(key, history[0].fetched_at if history else now)
            for fetch in history:
                self.scheduler.observe(key, fetch.fetched_at, fetch.changed)
            if history:
                self._last_fetch[key] = history[-1].fetched_at
        for watch_id in self._known - current:
            self.scheduler.remove(str(watch_id))
            self._last_fetch.pop(str(watch_id), None)
        if current != self._known:
            logger.info("monitor: %d watches", len(current))
        self._known = current

    def _request(self, watch: Watch) -> scrapy.Request | None:
        """The watch's conditional request, or None when the address guard refuses it now.

        A refusal (its name does not resolve at the moment, or resolves to a refused
        address) is a failed fetch: it goes into the watch's history and the scheduler
        tries again later, so a DNS outage does not drop the watch until a restart.
        """
        try:
            check_url(watch.url, policy=self.policy)
        except UnsafeURLError as exc:
            self.crawler.stats.inc_value("monitor/unsafe_skipped")
            self._failed(watch.id, time.time(), 0, f"refused: {exc}")
            return None
        headers = {}
        if watch.etag:
            headers["If-None-Match"] = watch.etag
        if watch.last_modified:
            headers["If-Modified-Since"] = watch.last_modified
        return scrapy.Request(
            watch.url,
            headers=headers,
            callback=self.parse_watch,
            errback=self.fetch_failed,
            dont_filter=True,  # the same URL again and again, on purpose
            cb_kwargs={"watch_id": watch.id},
            meta={"watch_id": watch.id},
        )

    # -- what came back ---------------------------------------------------------
    def parse_watch(self, response: Response, watch_id: int) -> Any:
        fetched_at = time.time()
        key = str(watch_id)
        self._in_flight.pop(key, None)
        stats = self.crawler.stats
        stats.inc_value("monitor/fetches")
        watch = self.store.get(watch_id)
        if watch is None:
            return  # removed while in flight
        if response.status == 304:
            stats.inc_value("monitor/not_modified")
            self.store.record_fetch(watch_id, fetched_at=fetched_at, status=304, changed=False)
            self._observe(key, fetched_at, False)
            return
        if not isinstance(response, TextResponse):
            self._failed(watch_id, fetched_at, response.status, "not a text page")
            return
        try:
            template = template_from_json(watch.template)
        except TemplateError as exc:
            self._failed(watch_id, fetched_at, response.status, f"bad template: {exc}")
            return
        if isinstance(template, AutoTemplate):
            template = resolve_auto(response.text, response.url)
            self.store.set_template(watch_id, template_to_json(template))
            logger.info("monitor: watch %d: auto template is %s", watch_id, template.describe())
        validators = {
            "etag": _header(response, b"ETag"),
            "last_modified": _header(response, b"Last-Modified"),
        }
        if isinstance(template, LinkTemplate):
            events, outcome = self._links(watch, template, response, fetched_at, validators)
        else:
            events, outcome = self._page(watch, template, response, fetched_at, validators)
        if events:
            fetch = _UnrecordedFetch(watch_id, outcome, waiting=len(events), events=events)
            self._unrecorded.update((id(event), fetch) for event in events)
        else:
            self.store.record_fetch(watch_id, **outcome)
        stats.inc_value("monitor/events", len(events))
        self.events_emitted += len(events)
        self._observe(key, fetched_at, bool(events))
        yield from events

    def _event_stored(self, item: Any) -> None:
        self._event_done(item, lost=False)

    def _event_lost(self, item: Any) -> None:
        self._event_done(item, lost=True)

    def _event_done(self, item: Any, *, lost: bool) -> None:
        """Record a fetch once all its events are through the pipelines (see the module docstring)."""
        fetch = self._unrecorded.pop(id(item), None)
        if fetch is None:
            return
        fetch.waiting -= 1
        fetch.lost |= lost
        if fetch.waiting > 0:
            return
        outcome = fetch.outcome
        if fetch.lost:
            logger.warning(
                "monitor: watch %d: a change event was not stored; it will be reported again", fetch.watch_id
            )
            # History only: the items, validators and fingerprint stay as they were, so the change is found again.
            keep = ("fetched_at", "status", "changed", "new_items", "matched", "error")
            outcome = {k: v for k, v in outcome.items() if k in keep}
        self.store.record_fetch(fetch.watch_id, **outcome)

    def _links(
        self, watch: Watch, template: LinkTemplate, response: TextResponse, fetched_at: float, validators: dict
    ) -> tuple[list[ChangeEvent], dict[str, Any]]:
        """The page's new items as events, and the fetch's outcome for :meth:`WatchStore.record_fetch`."""
        items = apply_links(template, extract_links(response.text, response.url))
        # Far fewer matches than last time: the page's layout changed (or an error page), and
        # the template may no longer see new items. Said in the log and in the fetch's history.
        dropped = match_drop(self.store.last_matched(watch.id), len(items))
        if dropped:
            dropped += f"; choose a template again with: scrapy template {watch.url}"
            logger.warning("monitor: watch %d: %s", watch.id, dropped)
            self.crawler.stats.inc_value("monitor/template_dropped")
        if not items:
            logger.warning("monitor: watch %d: no links match its template on %s", watch.id, response.url)
            self.crawler.stats.inc_value("monitor/template_empty")
        fresh = new_items(items, self.store.known_keys(watch.id)) if watch.baselined else []
        outcome = dict(
            fetched_at=fetched_at,
            status=response.status,
            changed=bool(fresh),
            items=[(i.identity, i.url, i.text) for i in items],
            new_items=len(fresh),
            # Any successful fetch is the baseline, an empty list too: its first items are new.
            baseline=True,
            matched=len(items),
            error=dropped,
            **validators,
        )
        detected = utc_now_iso()
        events = [
            ChangeEvent(
                watch_id=watch.id,
                watch_url=watch.url,
                kind="new_item",
                item_url=item.url,
                item_title=item.text,
                detected_at=detected,
                source=self.name,
            )
            for item in fresh
        ]
        return events, outcome

    def _page(
        self, watch: Watch, template: PageTemplate, response: TextResponse, fetched_at: float, validators: dict
    ) -> tuple[list[ChangeEvent], dict[str, Any]]:
        """A ``page_changed`` event if the main text changed beyond noise, and the fetch's outcome."""
        fingerprint = page_fingerprint(response.text, response.url, digits=template.digits)
        old = None
        if watch.baselined and watch.page_checksum and watch.page_simhash:
            simhash = int(watch.page_simhash, 16)
            # with paragraphs stored, the stored simhash is the digit-masked one (see below)
            stored = (
                ChangeFingerprint("", simhash, unpack_segments(watch.page_segments)) if watch.page_segments else None
            )
            old = PageFingerprint(watch.page_checksum, simhash, paragraphs=stored)
        changed = page_changed(old, fingerprint, template.threshold, template.min_new_chars)
        paragraphs = fingerprint.paragraphs
        # The reference text moves only on a change, so slow drift below the
        # threshold adds up and is reported once it is no longer noise.
        keep_new = changed or old is None
        outcome = dict(
            fetched_at=fetched_at,
            status=response.status,
            changed=changed,
            page_checksum=fingerprint.checksum if keep_new else None,
            page_simhash=f"{(paragraphs or fingerprint).simhash:016x}" if keep_new else None,
            page_segments=pack_segments(paragraphs.segments) if keep_new and paragraphs else None,
            baseline=True,
            **validators,
        )
        if not changed:
            return [], outcome
        return [
            ChangeEvent(
                watch_id=watch.id,
                watch_url=watch.url,
                kind="page_changed",
                item_url=response.url,
                item_title=fingerprint.title or None,
                detected_at=utc_now_iso(),
                source=self.name,
            )
        ], outcome

    def fetch_failed(self, failure: Failure) -> None:
        request = failure.request  # type: ignore[attr-defined]
        watch_id = request.meta["watch_id"]
        status = failure.value.response.status if failure.check(HttpError) else 0
        self._failed(watch_id, time.time(), status, f"{type(failure.value).__name__}: {failure.value}")

    def _failed(self, watch_id: int, fetched_at: float, status: int, error: str) -> None:
        key = str(watch_id)
        self._in_flight.pop(key, None)
        self.crawler.stats.inc_value("monitor/errors")
        logger.warning("monitor: watch %d failed: %s", watch_id, error)
        self.store.record_fetch(watch_id, fetched_at=fetched_at, status=status, changed=False, error=error[:500])
        self._observe(key, fetched_at, False)

    def _observe(self, key: str, fetched_at: float, changed: bool) -> None:
        if self.once:
            return  # nothing to schedule in a one-shot run
        self.scheduler.observe(key, fetched_at, changed)
        if int(key) in self._known:  # not removed meanwhile
            self._last_fetch[key] = fetched_at


def _header(response: Response, name: bytes) -> str | None:
    value = response.headers.get(name)
    return value.decode("latin-1") if value else None
