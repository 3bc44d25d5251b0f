"""The forum spider's pause and resume: its state on disk, so that a crawl run with Scrapy's
``JOBDIR`` resumes where it stopped: what it learned of the site's templates and links, the pages
it read, the posts it holds, and the requests still unanswered.

The state is written at every close (Ctrl-C, ``CLOSESPIDER_*``, the end) and, while the crawl
runs, every ``TOPICCRAWL_FORUM_CHECKPOINT`` seconds, each time whole: a temporary file replaced in
one step, so a process killed while writing leaves the previous one.

A resumed crawl asks again for every request the state waits for. Scrapy's own request queue in
``JOBDIR`` is cleared at the start instead of taken up: it loses the requests in flight at a
stop, knows nothing of the state, and a process killed outright can leave it unreadable (Scrapy
then fails on every request of a priority whose queue file was cut short).

A save waits until no callback's output is half taken by Scrapy, so a page counts as read in a
saved state only once read whole. The posts handed to Scrapy and not
yet written by its feed exports are saved too, and emitted again on resume; local feed files are
flushed after every post and synced to disk at every save. So a crawl killed outright loses no
post: it reads again the pages read since the last save, and may write twice a post written
after it.

The file is a pickle, as Scrapy's own ``JOBDIR`` queues are: it is the job's own file on the
machine that runs it, never data from elsewhere (nothing here reads a shared store).
"""

from __future__ import annotations

import logging
import os
import pickle
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from itemadapter import ItemAdapter
from scrapy import signals
from scrapy.utils.job import job_dir

from topiccrawl.args import UserInputError
from topiccrawl.atomicfile import write_atomic
from topiccrawl.items import ForumPost
from topiccrawl.spiders.forum_reread import SecondLooks

logger = logging.getLogger(__name__)

FILE_NAME = "forum-state.pickle"
# raised whenever the state's attributes change meaning (2: posters' names by template; 3: templates'
# class names, slots' redundant kinds of link)
FORMAT = 3
_UNWRITTEN = "unwritten"  # the saved state's posts handed to Scrapy and not yet written


class CheckpointError(UserInputError):
    """The ``JOBDIR`` holds a forum state this crawl cannot resume from."""


def save_checkpoint(path: Path, start_urls: list[str], state: dict[str, Any]) -> int:
    """Write ``state`` for a crawl from ``start_urls``; the bytes written."""
    data = pickle.dumps({"format": FORMAT, "start_urls": start_urls, "state": state}, protocol=pickle.HIGHEST_PROTOCOL)
    write_atomic(path, data)
    return len(data)


def load_checkpoint(path: Path, start_urls: list[str]) -> dict[str, Any]:
    """The state saved at ``path`` by a crawl from the same ``start_urls``."""
    try:
        payload = pickle.loads(path.read_bytes())  # (the job's own file: see the docstring)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError, TypeError) as e:
        raise CheckpointError(
            f"JOBDIR: the forum crawl's state {path} cannot be read ({type(e).__name__}: {e}); "
            "delete it to start the crawl over, or use another JOBDIR"
        ) from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise CheckpointError(
            f"JOBDIR: {path} was written by another version of topiccrawl; "
            "delete it to start the crawl over, or use another JOBDIR"
        )
    if payload["start_urls"] != start_urls:
        raise CheckpointError(
            f"JOBDIR holds a forum crawl from {', '.join(payload['start_urls'])}, not from {', '.join(start_urls)}; "
            "use another JOBDIR for another crawl, or the same start URLs to resume that one"
        )
    return payload["state"]


def _post_key(item: Any) -> tuple[Any, Any]:
    adapter = ItemAdapter(item)
    return adapter.get("thread_url"), adapter.get("position")


class Resumable(SecondLooks):
    """Part of :class:`topiccrawl.spiders.forum.ForumSpider`: pause and resume with ``JOBDIR``,
    the mixin above :class:`~topiccrawl.spiders.forum_reread.SecondLooks`."""

    start_urls: list[str]
    crawler: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # (not crawl state: set after it)
        self.checkpoint: Path | None = None
        self.checkpoint_every = 0.0
        self.checkpointed = time.monotonic()
        self.resumed = False
        self.unwritten: dict[tuple[Any, Any], Any] = {}  # posts handed to Scrapy, not yet written
        self.reading = 0  # callbacks' outputs Scrapy has begun and not finished taking
        self.to_emit_again: list[Any] = []

    def _hook_policy(self) -> None:
        """The policy's hooks into the spider: what a template's pages read as, and what a slot's
        links requested from elsewhere first led to."""
        self.policy.template_role = self._template_role
        self.policy.known_leads = self._known_leads

    def _set_up_checkpoints(self, crawler: Any) -> None:
        folder = job_dir(crawler.settings)
        if not folder:
            return
        self.checkpoint = Path(folder) / FILE_NAME
        self.checkpoint_every = max(0.0, crawler.settings.getfloat("TOPICCRAWL_FORUM_CHECKPOINT", 60.0))
        crawler.signals.connect(self._opened, signal=signals.spider_opened)
        queue = Path(folder) / "requests.queue"
        if self.checkpoint.exists():
            self._resume(self.checkpoint)
            if queue.exists():
                shutil.rmtree(queue)
                logger.info("Scrapy's request queue in %s cleared: the forum spider keeps its own", folder)
        elif queue.exists():
            # (a forum crawl saves its state as it opens: this queue is another job's)
            raise CheckpointError(
                f"JOBDIR {folder} holds a request queue but no forum crawl's state; "
                "use another JOBDIR for this crawl, or delete its requests.queue to start over"
            )

    def _resume(self, path: Path) -> None:
        """Take up the state a crawl of this JOBDIR saved."""
        state = load_checkpoint(path, self.start_urls)
        self.to_emit_again = state.pop(_UNWRITTEN, [])
        for name, value in state.items():
            setattr(self, name, value)
        self._hook_policy()  # (a policy is saved without them)
        self.resumed = True
        feeds = self.crawler.settings.getdict("FEEDS") or {}
        if overwritten := [str(uri) for uri, options in feeds.items() if options.get("overwrite")]:
            logger.warning(
                "Resuming a crawl into %s with -O: the posts emitted before the stop are overwritten; use -o to append",
                ", ".join(overwritten),
            )
        logger.info(
            "Resuming the forum crawl saved in %s: %d pages read, %d requests unanswered, %d posts held, "
            "%d to emit again",
            path,
            self.pages,
            len(self.pending),
            len(self.held),
            len(self.to_emit_again),
        )

    def _resumed_start(self) -> Iterator[Any]:
        """The posts not written when the state was saved, and every request unanswered then."""
        yield from self._reading(iter(self.to_emit_again))
        self.to_emit_again = []
        for url, (info, priority) in list(self.pending.items()):
            yield self._request(url, info, priority)

    def _reading(self, output: Iterator[Any]) -> Iterator[Any]:
        """A callback's ``output`` as Scrapy takes it, a little at a time and interleaved with
        other callbacks': counted while under way, so that a save waits until no page is half
        read (done, its links not yet made), and its posts noted as not yet written."""
        self.reading += 1
        try:
            for out in output:
                if self.checkpoint is not None and isinstance(out, ForumPost):
                    self.unwritten[_post_key(out)] = out
                yield out
        finally:
            self.reading -= 1

    def _opened(self) -> None:
        # (at spider_opened, after the feed exports connected theirs: _written runs once they wrote)
        for signal in (signals.item_scraped, signals.item_dropped, signals.item_error):
            self.crawler.signals.connect(self._written, signal=signal)
        if not self.resumed:
            self._save()  # (so that a JOBDIR with a queue always has a state: see _set_up_checkpoints)

    def _written(self, item: Any, signal: Any = None, **kwargs: Any) -> None:
        self.unwritten.pop(_post_key(item), None)
        if signal is signals.item_scraped:
            # Out of Python's buffer at once, as the storage pipeline has recorded the post
            # already (a file flush costs microseconds per post).
            self._flush_feeds(sync=False)

    def _checkpoint_due(self) -> None:
        if self.checkpoint_every and not self.reading and time.monotonic() - self.checkpointed >= self.checkpoint_every:
            self._save()

    def _save(self) -> None:
        if self.checkpoint is None:
            return
        self._flush_feeds()  # (first: what Scrapy wrote is on disk before the state says so)
        state = {**self.crawl_state(), _UNWRITTEN: list(self.unwritten.values())}
        size = save_checkpoint(self.checkpoint, self.start_urls, state)
        self.checkpointed = time.monotonic()
        self._inc("checkpoints")
        logger.debug("Forum crawl state saved to %s (%d bytes)", self.checkpoint, size)

    def _save_at_close(self) -> None:
        if self.checkpoint is None:
            return
        self._save()
        logger.info(
            "Forum crawl state saved to %s: %d requests unanswered, %d posts held (run again with the same "
            "JOBDIR to resume)",
            self.checkpoint,
            len(self.pending),
            len(self.held),
        )

    def _flush_feeds(self, sync: bool = True) -> None:
        """Local feed files flushed to the system (and to disk with ``sync``): a post Scrapy has
        written is then written for good."""
        for extension in getattr(self.crawler.extensions, "middlewares", ()):
            for slot in getattr(extension, "slots", ()):
                file = getattr(slot, "file", None)
                if file is None or getattr(file, "closed", True):
                    continue
                try:
                    file.flush()
                    if sync:
                        os.fsync(file.fileno())
                except (OSError, ValueError, AttributeError):  # (not a local file: stored at close)
                    continue
