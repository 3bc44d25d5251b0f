"""Side boxes: templates that pages of one URL shape show beside their posts.

A thread page shows more than its posts: a box of the board's other threads ('Suggested topics',
Douban's 最新话题), a box of related groups (Douban's 相关小组), a list of related links. On most
pages the posts hold more text and are taken for the content. On a thread too short for that, or
without replies, the box is the largest region left, and the page reads as a list: its posts are
lost, and its template, taken for a list's, spreads the mistake to the next short thread. What
the other pages of the same URL shape showed is the evidence: a template seen beside the posts of
two pages of a shape, more than twice as often as it was itself those pages' content, is a side
box there (the spider bars only side boxes whose records hold neither poster nor date).

Counted per URL shape (:func:`~topiccrawl.forum.links.pattern_shape`, title slugs masked: every
thread of a board that puts titles in its URLs has one shape) and only beside *proved* post
templates, whose pages read as posts and whose links are not known to lead on, as known when
asked: a thread page first read as a list under another region must not bar its own posts'
template, nor must a board's rows, read as posts (an excerpt, a poster, a date) until their
links are found to lead to threads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

SIDE_PAGES = 2  # pages of a shape that showed a template beside their posts before it is a side box there
SIDE_RATIO = 2  # ... and how many times more often than it was those pages' content
MAX_PAIRS = 100_000  # (shape, template) pairs counted: a bound on memory, not on pages


class SideBoxes:
    """Per URL shape, which templates stood beside which content, and which were the content."""

    def __init__(self, limit: int = MAX_PAIRS) -> None:
        self._beside: dict[tuple[str, str], Counter[str]] = {}  # (shape, template) -> content template -> pages
        self._content: Counter[tuple[str, str]] = Counter()  # (shape, template) -> pages it was the content of
        self.limit = limit

    def note(self, shape: str, content: str, others: Iterable[str]) -> None:
        """A page of ``shape`` was read with ``content`` for its content and showed ``others``
        (a template shown several times on the page, as a box beside each post, counts once)."""
        self._content[(shape, content)] += 1
        for key in dict.fromkeys(others):
            if key == content:
                continue
            mains = self._beside.get((shape, key))
            if mains is None:
                if len(self._beside) >= self.limit:
                    continue
                mains = self._beside[(shape, key)] = Counter()
            mains[content] += 1

    def beside_posts(self, shape: str, key: str, is_posts: Callable[[str], bool]) -> int:
        """Pages of ``shape`` whose content was a template ``is_posts`` holds a post template's (as
        it is known now, not when the page was read) and showed ``key`` beside it."""
        mains = self._beside.get((shape, key))
        return sum(n for main, n in mains.items() if is_posts(main)) if mains else 0

    def shown_beside_posts(self, shape: str, key: str, is_posts: Callable[[str], bool]) -> bool:
        """Whether ``key``, no post template, stood beside posts on :data:`SIDE_PAGES` pages of
        ``shape`` or more, however often it was those pages' content: what a page read under it
        early and fetched again bars (pages read before their posts' template was proved take
        such a box for their content, and can outnumber the pages that show it beside posts)."""
        return not is_posts(key) and self.beside_posts(shape, key, is_posts) >= SIDE_PAGES

    def is_side(self, shape: str, key: str, is_posts: Callable[[str], bool]) -> bool:
        """Whether ``key`` is a side box on pages of ``shape``, no content there. Never a post
        template itself: while a board's rows still pass for posts, a thread whose rows beside
        its posts outweigh them counts its own posts beside a post template, and barring them
        would read every later thread page as nothing."""
        if is_posts(key):
            return False
        beside = self.beside_posts(shape, key, is_posts)
        return beside >= SIDE_PAGES and beside > SIDE_RATIO * self._content[(shape, key)]
