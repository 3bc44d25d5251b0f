"""Whole threads across pages: posts numbered once every page of their thread is in."""

from __future__ import annotations

from dataclasses import dataclass, field

from topiccrawl.forum.posts import PostRecord


@dataclass
class _Thread:
    title: str | None
    board: str | None
    last_page: int = 1
    pages: dict[int, tuple[str, list[PostRecord]]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class AssembledPost:
    thread_url: str
    thread_title: str | None
    board: str | None
    page_url: str
    page_number: int
    position: int
    post: PostRecord


class ThreadAssembler:
    """Collects thread pages; hands out a thread's posts, numbered, once all its pages are in."""

    def __init__(self) -> None:
        self.threads: dict[str, _Thread] = {}

    def add(
        self,
        thread_url: str,
        page_number: int,
        page_url: str,
        posts: list[PostRecord],
        *,
        last_page: int,
        title: str | None,
        board: str | None,
    ) -> list[AssembledPost]:
        t = self.threads.setdefault(thread_url, _Thread(title, board))
        t.title = t.title or title
        t.board = t.board or board
        t.last_page = max(t.last_page, last_page, page_number)
        if page_number in t.pages:
            return []  # the same page under another URL
        t.pages[page_number] = (page_url, posts)
        return self._emit_if_whole(thread_url)

    def merge(self, alias: str, thread_url: str) -> list[AssembledPost]:
        """The pages held under ``alias``, another URL of ``thread_url``'s first page (a later
        page entered directly names its first page as its pager links it), moved to
        ``thread_url``; its posts, numbered, if that completes it."""
        t = self.threads.pop(alias, None)
        if t is None:
            return []
        into = self.threads.setdefault(thread_url, _Thread(t.title, t.board))
        into.title = into.title or t.title
        into.board = into.board or t.board
        into.last_page = max(into.last_page, t.last_page)
        for n, page in t.pages.items():
            into.pages.setdefault(n, page)
        return self._emit_if_whole(thread_url)

    def _emit_if_whole(self, thread_url: str) -> list[AssembledPost]:
        """The thread's posts, numbered, once it has every page up to its last; else nothing yet."""
        t = self.threads[thread_url]
        if all(p in t.pages for p in range(1, t.last_page + 1)):
            return self._emit(thread_url)
        return []

    def drop_page(self, thread_url: str, page_number: int) -> None:
        """Forget a page of a thread still waiting for its other pages (it is to be read again)."""
        if (t := self.threads.get(thread_url)) is not None:
            t.pages.pop(page_number, None)

    def flush(self) -> list[AssembledPost]:
        """Whatever is left (threads with pages missing), numbered as well as can be."""
        out = []
        for url in list(self.threads):
            out.extend(self._emit(url))
        return out

    def _emit(self, thread_url: str) -> list[AssembledPost]:
        t = self.threads.pop(thread_url)
        full = max((len(p[1]) for n, p in t.pages.items() if n < t.last_page), default=0)
        out = []
        position = 0
        for n in sorted(t.pages):
            page_url, posts = t.pages[n]
            if n - 1 not in t.pages and n > 1 and full:
                position = (n - 1) * full  # a missing page before this one
            for post in posts:
                position += 1
                out.append(AssembledPost(thread_url, t.title, t.board, page_url, n, position, post))
        return out

    def __len__(self) -> int:
        return len(self.threads)
