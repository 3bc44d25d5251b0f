"""Scrapy add-ons of topiccrawl.

:class:`Distributed` turns a crawl into a worker of a distributed crawl when
``TOPICCRAWL_REDIS_URL`` is set: the frontier (scheduler queue) and the
duplicate filter move to Redis via scrapy-redis, so any number of
``scrapy crawl`` processes on any number of machines share them. Requests are
stored as JSON (:mod:`topiccrawl.redisjson`), never pickled. The scheduler
(:mod:`topiccrawl.redisscheduler`) leases what it pops, so a killed worker loses
nothing, and rides out short Redis outages.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

logger = logging.getLogger(__name__)


class Distributed:
    def update_settings(self, settings: BaseSettings) -> None:
        url = settings.get("TOPICCRAWL_REDIS_URL")
        if not url:
            return
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        addon = "addon"
        settings.set("REDIS_URL", url, priority=addon)
        settings.set("SCHEDULER", "topiccrawl.redisscheduler.LeasedScheduler", priority=addon)
        settings.set("DUPEFILTER_CLASS", "scrapy_redis.dupefilter.RFPDupeFilter", priority=addon)
        settings.set("SCHEDULER_SERIALIZER", "topiccrawl.redisjson", priority=addon)
        # The frontier outlives a worker: a killed or finished worker leaves the
        # shared queue for the others (scrapy-redis would otherwise flush it).
        settings.set("SCHEDULER_PERSIST", True, priority=addon)
        settings.set("SCHEDULER_QUEUE_CLASS", "topiccrawl.redisqueue.FifoPriorityQueue", priority=addon)
        # Fail fast and let the scheduler do the retrying: redis-py's default (10 retries with
        # backoff) would sleep in the reactor thread, and a 30 s connect timeout would freeze it.
        settings.set(
            "REDIS_PARAMS",
            {
                "socket_connect_timeout": 5,
                "socket_timeout": 5,
                "retry_on_timeout": False,
                "retry": Retry(NoBackoff(), 1),
            },
            priority=addon,
        )
