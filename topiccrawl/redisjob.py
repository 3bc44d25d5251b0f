"""Which distributed crawl ("job") a worker belongs to, and the Redis keys of that job.

Every key of a distributed crawl starts with ``<spider>:<job>:``: the queue
``<spider>:<job>:requests`` (and its ``:seq``, ``:inflight``, ``:deliveries`` and
``:dead`` keys, see :mod:`topiccrawl.redisqueue`) and the duplicate filter
``<spider>:<job>:dupefilter``. Keyed by the spider's name alone, a second crawl
of a site found every URL already seen and fetched nothing, and two crawls of
one spider with different start URLs took each other's requests (which their
offsite filters then dropped for good).

The job is ``TOPICCRAWL_REDIS_JOB`` when set; otherwise it is derived from the
spider's name and its start URLs, so the workers of one crawl agree on it
without being told, and a crawl of other start URLs gets keys of its own. A
crawl of the *same* start URLs again joins the first one's job (and finds its
URLs seen): give it a new ``TOPICCRAWL_REDIS_JOB`` to crawl afresh.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from topiccrawl.args import SettingError

_JOB = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def default_job(spider: str, start_urls: Iterable[str]) -> str:
    """A job id that depends only on the spider's name and the set of its start URLs."""
    text = "\n".join([spider, *sorted(set(start_urls))])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def check_job(value: object) -> str:
    """``TOPICCRAWL_REDIS_JOB`` as given, if usable in a Redis key."""
    job = str(value).strip()
    if not _JOB.fullmatch(job):
        raise SettingError(
            f"TOPICCRAWL_REDIS_JOB={value!r}: use 1 to 64 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    return job


@dataclass(frozen=True, slots=True)
class JobKeys:
    job: str
    queue: str  # <spider>:<job>:requests (the queue's other keys add a suffix)
    dupefilter: str  # <spider>:<job>:dupefilter


def job_keys(spider: str, job: str) -> JobKeys:
    prefix = f"{spider}:{job}"
    return JobKeys(job, f"{prefix}:requests", f"{prefix}:dupefilter")
