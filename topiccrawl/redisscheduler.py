"""The distributed crawl's scheduler: scrapy-redis's, with at-least-once delivery and outage handling.

**Jobs.** The queue and the duplicate filter are keyed ``<spider>:<job>:...``
(:mod:`topiccrawl.redisjob`): ``TOPICCRAWL_REDIS_JOB``, or by default an id
derived from the spider's name and start URLs. The worker logs its job and keys
when it opens, and warns when it joins a job that is over (nothing queued or
leased, URLs seen): such a worker fetches its start URLs again and nothing else.

**Leases.** :meth:`LeasedScheduler.next_request` pops a request under a lease
(:mod:`topiccrawl.redisqueue`). The request is acknowledged once Scrapy's engine
is done with it: after the download *and* the callback or errback, after every
request the callback yielded is in the Redis queue, and after its items went
through the item pipelines; or after it failed, was dropped by a middleware, or
was replaced by a redirect or retry (which are queued requests of their own).
No Scrapy signal marks that moment (``response_received`` and
``request_left_downloader`` come before the callback; the scraper schedules the
callback's requests from a queue of its own, so even the end of the spider
middlewares' output is too early), so the scheduler compares what it handed
out with the engine's set of requests in progress (``engine._slot.inprogress``,
the set the engine itself waits on when closing). Trade-off: a request the
engine finished is acknowledged at the next reconciliation (at most a second
later), so a worker killed in between fetches it again: duplicates, never loss.

Live workers renew their leases three times per lease. Every worker sweeps
expired leases (a dead worker's) back into the queue, where they skip the
duplicate filter (they were never re-filtered: the sweep moves them inside
Redis). A worker with an empty queue does not finish while other workers hold
leases: what they hold may come back, or produce new requests. Requests that
end while the spider is closing for any reason but ``finished`` (a per-worker
``max_pages``, a shutdown) are given back rather than acknowledged, since the
callback may not have run; a clean shutdown thus costs a few refetches.

**Outages.** When Redis stops answering, the worker logs one error (the URL's
password masked), keeps crawling what it holds, keeps new requests in memory,
and retries with backoff for ``TOPICCRAWL_REDIS_RETRY_TIMEOUT`` seconds. When
Redis answers again it pushes the kept requests, then sends the pending
acknowledgements, and carries on. Otherwise it closes the spider with finish
reason ``redis_unavailable`` (``scrapy crawl`` exits with status 3); its
unacknowledged leases expire in Redis and another worker takes them back.

**Requests JSON cannot carry.** A request is encoded (:mod:`topiccrawl.redisjson`)
when it is enqueued, before it is pushed or kept for an outage, so what waits in
memory is already bytes and pushing it later cannot fail. A request whose
``meta`` or ``cb_kwargs`` holds a value JSON cannot carry (a Decimal, an object;
datetimes, sets, tuples and bytes do travel), or whose callback is not a spider
method, is dropped with an error line naming its URL and the offending key, and
counted in ``topiccrawl/redis/unserializable`` (Scrapy's own disk queues catch
the same errors). No error escapes the once-a-second maintenance: it is logged,
and the next tick runs.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import redis
from scrapy.utils.asyncio import create_looping_call
from scrapy.utils.defer import deferred_from_coro
from scrapy_redis.dupefilter import RFPDupeFilter
from scrapy_redis.scheduler import Scheduler

from topiccrawl.leases import Holdings, RetryWindow, lease_timings
from topiccrawl.notify.redact import redact_text, redact_url, secrets_of
from topiccrawl.redisjob import JobKeys, check_job, default_job, job_keys
from topiccrawl.redisqueue import FifoPriorityQueue

if TYPE_CHECKING:
    from scrapy import Request, Spider
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

T = TypeVar("T")
FINISH_REASON = "redis_unavailable"
_REDIS_DOWN = (redis.ConnectionError, redis.TimeoutError)
_TICK = 1.0  # seconds between reconciliations (and lease/outage checks)


class _Down:
    """Marker: the Redis operation was not done (Redis unavailable, or backing off)."""


DOWN = _Down()


class _Encoded(NamedTuple):
    """A request ready to push: its JSON, priority and duplicate-filter fingerprint ('' = do not filter)."""

    payload: bytes
    priority: int
    fingerprint: str


class LeasedScheduler(Scheduler):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.crawler: Crawler | None = None
        self.timings = lease_timings(300.0)
        self.max_deliveries = 3
        self.window = RetryWindow(timeout=60.0)
        self.safe_url = ""
        self._secrets: set[str] = set()
        self.holdings: Holdings[Request] = Holdings()
        self._closing_done: list[bytes] = []  # finished while the spider was closing
        self._unacked: list[bytes] = []  # finished, acknowledgement not yet sent
        self._unsent: list[_Encoded] = []  # enqueued while Redis was away
        self._next_renew = 0.0
        self._next_sweep = 0.0
        self._tick: Any = None
        self.gave_up = False
        self.job_setting: str | None = None  # TOPICCRAWL_REDIS_JOB
        self.keys: JobKeys | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> LeasedScheduler:
        settings = crawler.settings
        instance = cls.from_settings(settings)
        instance.crawler = crawler
        instance.stats = crawler.stats
        instance.timings = lease_timings(settings.getfloat("TOPICCRAWL_REDIS_LEASE", 300.0))
        instance.max_deliveries = settings.getint("TOPICCRAWL_REDIS_MAX_DELIVERIES", 3)
        instance.window = RetryWindow(timeout=settings.getfloat("TOPICCRAWL_REDIS_RETRY_TIMEOUT", 60.0))
        url = str(settings.get("REDIS_URL") or "")
        instance.safe_url = redact_url(url)
        instance._secrets = secrets_of(url)
        job = settings.get("TOPICCRAWL_REDIS_JOB")
        instance.job_setting = check_job(job) if job else None
        return instance

    # --- Scheduler interface -------------------------------------------------------

    def open(self, spider: Spider) -> None:
        job = self.job_setting or default_job(spider.name, getattr(spider, "start_urls", None) or [])
        self.keys = job_keys(spider.name, job)
        self.queue_key = self.keys.queue.replace("%", "%%")  # scrapy-redis %-formats it
        self.df = RFPDupeFilter(
            self.server, key=self.keys.dupefilter, debug=spider.settings.getbool("DUPEFILTER_DEBUG")
        )
        super().open(spider)
        if not isinstance(self.queue, FifoPriorityQueue):
            raise ValueError(f"{type(self).__name__} needs SCHEDULER_QUEUE_CLASS {FifoPriorityQueue.__module__}")
        self._log_job(spider)
        self._tick = create_looping_call(self._maintain_safely)
        self._tick.start(_TICK, now=False)

    def close(self, reason: str) -> None:
        if self._tick is not None and self._tick.running:
            self._tick.stop()
        self._reconcile()
        unfinished = self.holdings.release_all()
        finished_while_closing, self._closing_done = self._closing_done, []
        if reason == "finished":
            self._unacked += finished_while_closing
        else:
            unfinished += finished_while_closing
        self._flush()
        if unfinished:
            back = self._redis(lambda: self.queue.give_back(unfinished), force=True)
            if not isinstance(back, _Down):
                self._inc("given_back", back)
                logger.info("gave %d unfinished requests back to the shared queue", back)
                unfinished = []
        if unfinished or self._unacked or self._unsent:
            # Nothing is lost: the leases of these requests expire in Redis, another worker takes
            # them back and fetches them again, and their callbacks find the kept requests again.
            logger.warning(
                "Redis at %s unreachable at close: %d requests this worker held return to the queue "
                "when their leases expire (TOPICCRAWL_REDIS_LEASE, %.0f s)",
                self.safe_url,
                len(unfinished) + len(self._unacked),
                self.timings.lease,
            )
        super().close(reason)

    def enqueue_request(self, request: Request) -> bool:
        encoded = self._encode(request)
        if encoded is None:
            return False
        if self._unsent or not self.window.may_try(time.monotonic()):
            return self._keep(encoded)
        pushed = self._redis(lambda: self._push(encoded))
        if isinstance(pushed, _Down):
            return self._keep(encoded)
        if not pushed:
            self.df.log(request, self.spider)
            return False
        self._inc("enqueued")
        return True

    def next_request(self) -> Request | None:
        self._maintain()
        while not (self.gave_up or self._unsent):
            member = self._redis(lambda: self.queue.pop_member(self.timings.lease))
            if isinstance(member, _Down) or member is None:
                return None
            try:
                request = self.queue.decode(member)
            except Exception as exc:  # e.g. a callback this version of the spider no longer has
                logger.error("set aside a queued request that does not decode (%s) in %s", exc, self.queue.dead_key)
                self._redis(lambda m=member: self.queue.bury(m))
                self._inc("dead")
                continue
            self.holdings.take(request, member)
            self._inc("dequeued")
            return request
        return None

    def has_pending_requests(self) -> bool:
        if self.gave_up:
            return False
        if self.window.down or self._unsent:
            return True  # not finished: waiting for Redis
        self._reconcile()
        self._flush()
        counts = self._redis(self.queue.counts)
        if isinstance(counts, _Down):
            return True
        queued, leased = counts
        # Leases beyond ours belong to other workers (or to a dead one, until the sweep).
        return queued > 0 or leased > len(self.holdings) + len(self._unacked)

    def _log_job(self, spider: Spider) -> None:
        assert self.keys is not None
        origin = "TOPICCRAWL_REDIS_JOB" if self.job_setting else "derived from the spider and its start URLs"
        logger.info(
            "distributed crawl job %s (%s): queue %s, duplicate filter %s",
            self.keys.job,
            origin,
            self.keys.queue,
            self.keys.dupefilter,
        )
        queued, leased = self.queue.counts()
        seen = int(self.server.scard(self.keys.dupefilter))
        if seen and not queued and not leased:
            logger.warning(
                "job %s is over (%d URLs seen, nothing queued or leased): this worker fetches its start URLs "
                "again and nothing else; to crawl afresh, give it a new job: -s TOPICCRAWL_REDIS_JOB=<id>",
                self.keys.job,
                seen,
            )

    # --- leases ----------------------------------------------------------------------

    def _engine_in_progress(self) -> tuple[Any, bool]:
        """The engine's requests in progress (None once it has no slot), and whether it is closing."""
        assert self.crawler is not None
        slot = getattr(self.crawler.engine, "_slot", None)
        if slot is None:
            return None, True
        return slot.inprogress, slot.closing is not None

    def _reconcile(self) -> None:
        in_progress, closing = self._engine_in_progress()
        done = self.holdings.finished(in_progress)
        if closing:
            self._closing_done += done
        else:
            self._unacked += done

    def _flush(self) -> None:
        """Push requests kept during an outage, then (only then) acknowledge finished ones:
        a parent is acknowledged after its children are safe in the queue."""
        while self._unsent:
            encoded = self._unsent[0]
            pushed = self._redis(lambda e=encoded: self._push(e))
            if isinstance(pushed, _Down):
                return
            self._unsent.pop(0)
            self._inc("enqueued" if pushed else "kept_duplicates")
        if self._unacked:
            members = self._unacked
            acked = self._redis(lambda: self.queue.ack(members))
            if not isinstance(acked, _Down):
                self._unacked = []
                self._inc("acked", len(members))

    def _maintain_safely(self) -> None:
        """:meth:`_maintain` for the looping call, which stops for good at the first exception."""
        try:
            self._maintain()
        except Exception:
            logger.exception("Redis scheduler maintenance failed; trying again in %.0f s", _TICK)
            self._inc("maintenance_errors")

    def _maintain(self) -> None:
        """Every tick and pop: acknowledge, renew, sweep when due; notice a lasting outage."""
        now = time.monotonic()
        if self.gave_up:
            return
        if self.window.expired(now):
            self._give_up(now)
            return
        self._reconcile()
        self._flush()
        if now >= self._next_renew and len(self.holdings):
            members = self.holdings.members()
            renewed = self._redis(lambda: self.queue.renew(members, self.timings.lease))
            if not isinstance(renewed, _Down):
                self._next_renew = now + self.timings.renew_every
                if renewed < len(members):
                    # Held past the lease (a stalled worker): another worker may fetch these too.
                    self._inc("leases_lost", len(members) - renewed)
        if now >= self._next_sweep:
            swept = self._redis(lambda: self.queue.requeue_expired(self.max_deliveries))
            if not isinstance(swept, _Down):
                self._next_sweep = now + self.timings.sweep_every
                requeued, buried = swept
                if requeued:
                    self._inc("requeued_expired", requeued)
                    logger.info("took back %d requests whose leases expired (a worker stopped)", requeued)
                if buried:
                    self._inc("dead", buried)
                    logger.error(
                        "gave up on %d requests after %d expired leases each (they may kill workers); they are in %s",
                        buried,
                        self.max_deliveries,
                        self.queue.dead_key,
                    )

    # --- Redis calls and outages ---------------------------------------------------

    def _redis(self, operation: Callable[[], T], *, force: bool = False) -> T | _Down:
        """Run ``operation`` unless Redis is away and the backoff says wait (``force``: try anyway)."""
        now = time.monotonic()
        if not force and not self.window.may_try(now):
            return DOWN
        try:
            result = operation()
        except _REDIS_DOWN as exc:
            self._failed(exc, now)
            return DOWN
        if self.window.down:
            lasted = self.window.succeeded(now)
            logger.info("Redis at %s is back after %.1f s; the crawl carries on", self.safe_url, lasted)
            self._next_renew = 0.0  # renew at once: leases may be near their end
        return result

    def _failed(self, exc: Exception, now: float) -> None:
        if self.window.failed(now):
            self._inc("outages")
            detail = redact_text(f"{type(exc).__name__}: {exc}", self._secrets)
            logger.error(
                "Redis at %s is unavailable (%s); retrying for up to %.0f s (TOPICCRAWL_REDIS_RETRY_TIMEOUT)",
                self.safe_url,
                detail,
                self.window.timeout,
            )

    def _give_up(self, now: float) -> None:
        self.gave_up = True
        assert self.crawler is not None and self.window.since is not None
        logger.error(
            "Redis at %s unavailable for %.0f s: closing the spider (finish reason %s)",
            self.safe_url,
            now - self.window.since,
            FINISH_REASON,
        )
        if self.crawler.engine is not None:
            deferred_from_coro(self.crawler.engine.close_spider_async(reason=FINISH_REASON))

    def _encode(self, request: Request) -> _Encoded | None:
        """``request`` ready to push, or None (logged and counted) if it cannot be sent through Redis."""
        try:
            payload = self.queue.encode(request)
            fingerprint = "" if request.dont_filter else self.df.request_fingerprint(request)
        except (TypeError, ValueError) as exc:
            # An UnserializableError's message starts with the key: "meta['price']: cannot send Decimal ...".
            logger.error("dropped request %s: it cannot be queued in Redis: %s", request.url, exc)
            self._inc("unserializable")
            return None
        return _Encoded(payload, request.priority, fingerprint)

    def _push(self, encoded: _Encoded) -> bool:
        return self.queue.push_encoded(encoded.payload, encoded.priority, encoded.fingerprint, self.df.key)

    def _keep(self, encoded: _Encoded) -> bool:
        if not self._unsent:  # once per outage, so the log says where new requests go
            logger.info("Redis is away: new requests are kept in memory and pushed when it is back")
        self._unsent.append(encoded)
        self._inc("kept_in_memory")
        return True

    def _inc(self, name: str, count: int = 1) -> None:
        if self.stats is not None:
            self.stats.inc_value(f"topiccrawl/redis/{name}", count)
