"""What every fixture forum knows about itself: the ground truth benchmarks and tests score against.

A fixture forum is a :class:`~topiccrawl.demo.server.Site` that also implements
:class:`ForumTruth`. URLs are compared as *targets* (path plus query, as the
server's request log records them), so truth does not depend on the port.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

PageKind = Literal["index", "board", "thread", "noise", "other"]
"""index: the board index; board: a page of a board's thread list; thread: a page of
a thread (each page of a multi-page thread counts); noise: login, profile, print,
reply, sort, 'last post' and other pages a forum crawler should not need (including
duplicate views of thread pages); other: anything else (robots.txt, static files)."""


@dataclass(frozen=True, slots=True)
class TruthPost:
    thread_id: str  # the forum's thread id
    thread_title: str
    board: str
    page_number: int  # 1-based page of the thread the post is on
    position: int  # 1-based position in the whole thread
    post_id: str  # the site's own post id / anchor
    author: str
    time: str  # as shown on the page
    text: str  # whitespace-normalised post text, as a crawler should emit it


@runtime_checkable
class ForumTruth(Protocol):
    name: str  # short template name, e.g. "discuz", "phpbb"
    charset: str  # the encoding the forum's pages are served in

    def start_target(self) -> str:
        """Target of the page a crawl starts from (usually "/")."""
        ...

    def classify(self, target: str) -> PageKind:
        """Kind of the page at ``target`` (path and query, possibly with session ids)."""
        ...

    def canonical(self, target: str) -> str | None:
        """The canonical target of an index, board or thread page (None for noise/other),
        so that the same thread page fetched under two URLs counts once."""
        ...

    def thread_targets(self) -> frozenset[str]:
        """Canonical targets of every page of every thread."""
        ...

    def index_targets(self) -> frozenset[str]:
        """Canonical targets of the board index and of every page of every board."""
        ...

    def posts(self) -> list[TruthPost]:
        """Every post of every thread, in thread order."""
        ...


class Routed(Protocol):
    kind: PageKind
    canonical: str | None


class RoutedTruth:
    """:meth:`ForumTruth.classify` and :meth:`ForumTruth.canonical` of a fixture whose
    ``resolve(target)`` gives the route serving a target (its kind and canonical target), or None."""

    def resolve(self, target: str) -> Routed | None:
        raise NotImplementedError

    def classify(self, target: str) -> PageKind:
        route = self.resolve(target)
        return "other" if route is None else route.kind

    def canonical(self, target: str) -> str | None:
        route = self.resolve(target)
        return None if route is None else route.canonical


def thread_pages_read(truth: ForumTruth, targets: Iterable[str]) -> set[str]:
    """The thread pages (canonical targets) whose posts the requests for ``targets`` got: each
    thread page fetched, and each page of a thread whose posts a one-page view of the whole
    thread showed (SMF's ``;all``: noise, a duplicate view, yet it holds every page's posts), for
    a fixture that tells such views by a ``pages_shown(target)`` method."""
    shown = getattr(truth, "pages_shown", None)
    read: set[str] = set()
    for target in targets:
        if truth.classify(target) == "thread":
            canonical = truth.canonical(target)
            if canonical is not None:
                read.add(canonical)
        elif shown is not None:
            read |= shown(target)
    return read & truth.thread_targets()
