"""A held-out fixture forum in the style of a Chinese vBulletin 3.8 board.

The forum spider was not tuned against this template: it exists so the project
can report the spider's figures on a forum engine it has not seen. It follows
vBulletin 3 conventions rather than Discuz! or phpBB ones: nested layout tables,
``/forumdisplay.php?f=5&order=desc&page=3`` thread lists (announcements and
sticky threads on the first page only), ``/showthread.php?t=123&page=2`` threads
whose posts are ``<table id="post12345">`` postbits, ``&lt; 1 2 3 &gt;`` page
navigation with first/last links, and the noise of a real vBulletin: ``s=<32
hex>`` session ids on some pages' links, login/register links carrying the
current URL, ``showthread.php?p=`` jump-to-post and ``goto=lastpost`` links,
print views with their own pages, display modes, sort views, reply, quote,
subscribe, 'who posted', profiles and a 'who is online' box.

Everything derives from a seeded RNG, so two instances with the same arguments
serve byte-identical pages and report identical ground truth.
"""

from __future__ import annotations

import hashlib
import logging
import math
import random
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from html import escape
from urllib.parse import parse_qs, quote, urlsplit

from topiccrawl.demo import forum_heldout_pages as pages
from topiccrawl.demo import forum_heldout_text as words
from topiccrawl.demo.forum_truth import PageKind, TruthPost
from topiccrawl.demo.server import Reply, SiteRequest

logger = logging.getLogger(__name__)

CHARSETS = ("utf-8", "gb18030", "gbk")
_BASE_TIME = datetime(2026, 3, 1, 8, 0)
# Scripts a vBulletin guest can reach that are never index, board or thread pages.
_NOISE_SCRIPTS = frozenset(
    f"/{script}.php"
    for script in (
        *("login", "register", "member", "memberlist", "calendar", "faq", "search", "online", "usercp"),
        *("newreply", "newthread", "subscription", "sendmessage", "private", "report", "misc"),
        *("printthread", "showpost", "announcement"),
    )
)


@dataclass(frozen=True, slots=True)
class Member:
    uid: int
    name: str
    rank: str
    joined: str
    signature: str  # HTML, "" for none


@dataclass(slots=True)
class Post:
    pid: int
    position: int
    author: Member
    when: datetime
    title: str = ""  # vBulletin shows a post title only when the poster set one
    html: str = ""  # the message as rendered inside div#post_message_N
    text: str = ""  # what a crawler should emit: the message text, whitespace-normalised
    own: str = ""  # the poster's own words, without any quote (what a later quote excerpts)
    deleted: bool = False

    @property
    def time(self) -> str:
        return self.when.strftime("%Y-%m-%d, %H:%M")


@dataclass(slots=True)
class Thread:
    tid: int
    board: Board
    title: str
    sticky: bool
    created: datetime
    views: int
    posts: list[Post] = field(default_factory=list)

    @property
    def last(self) -> Post:
        return self.posts[-1]


@dataclass(slots=True)
class Board:
    fid: int
    name: str
    description: str
    theme: int
    category: Category
    moderator: Member
    threads: list[Thread] = field(default_factory=list)  # list order: stickies, then last post first


@dataclass(slots=True)
class Category:
    fid: int
    name: str
    description: str
    boards: list[Board] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Route:
    """What a target is: its page kind, canonical target, and what serves it."""

    kind: PageKind
    canonical: str | None
    view: str  # name of the view that renders it ("" for 404)
    args: tuple[object, ...] = ()


def _normalise(text: str) -> str:
    return " ".join(text.split())


def _params(query: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(query, keep_blank_values=True).items()}


def _int(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None


class HeldoutForum:
    """A vBulletin-3-style forum that knows its ground truth (:class:`ForumTruth`).

    ``boards``: number of boards (three to a category); ``threads_per_board``: threads in
    each board (two of them sticky from 20 up, one from 5 up); ``posts_per_thread``: the
    longest thread (lengths vary from one post up to this); ``posts_per_page`` and
    ``threads_per_page``: page sizes of threads and of thread lists. The defaults make
    about 430 index, board and thread pages.
    """

    name = "vbulletin"

    def __init__(
        self,
        *,
        boards: int = 6,
        threads_per_board: int = 30,
        posts_per_thread: int = 40,
        posts_per_page: int = 10,
        threads_per_page: int = 15,
        charset: str = "utf-8",
        seed: int = 2012,
        site_name: str = "江城茶馆",
    ) -> None:
        if charset.lower() not in CHARSETS:
            raise ValueError(f"charset must be one of {', '.join(CHARSETS)}, not {charset!r}")
        for label, value in (
            ("boards", boards),
            ("threads_per_board", threads_per_board),
            ("posts_per_thread", posts_per_thread),
            ("posts_per_page", posts_per_page),
            ("threads_per_page", threads_per_page),
        ):
            if value < 1:
                raise ValueError(f"{label} must be at least 1, not {value}")
        self.charset = charset.lower()
        self.site_name = site_name
        self.posts_per_page = posts_per_page
        self.threads_per_page = threads_per_page
        self.seed = seed
        rng = random.Random(seed)
        self.members = self._make_members(rng, max(30, boards * threads_per_board // 3))
        self.categories = self._make_boards(rng, boards)
        self.boards = [b for c in self.categories for b in c.boards]
        self.threads = self._make_threads(rng, threads_per_board, posts_per_thread)
        self._forums: dict[int, Board | Category] = {c.fid: c for c in self.categories}
        self._forums.update({b.fid: b for b in self.boards})
        self._threads = {t.tid: t for t in self.threads}
        self._post_index = {p.pid: (t, p) for t in self.threads for p in t.posts}
        self._members = {m.uid: m for m in self.members}

    # ----------------------------------------------------------------- generation

    @staticmethod
    def _make_members(rng: random.Random, count: int) -> list[Member]:
        names: dict[str, None] = {}  # ordered and unique
        while len(names) < count:
            names.setdefault(words.user_name(rng))
        members = []
        uid = 0
        for name in names:
            uid += rng.randint(1, 9)
            joined = (_BASE_TIME - timedelta(days=rng.randint(30, 2500))).strftime("%Y-%m")
            signature = words.signature(rng) if rng.random() < 0.35 else ""
            members.append(Member(uid, name, rng.choice(words.RANKS), joined, signature))
        return members

    def _make_boards(self, rng: random.Random, count: int) -> list[Category]:
        categories: list[Category] = []
        fid = 0
        for i in range(count):
            if i % 3 == 0:
                fid += 1
                cname, cdesc = words.CATEGORIES[(i // 3) % len(words.CATEGORIES)]
                suffix = "" if i // 3 < len(words.CATEGORIES) else str(i // 3 + 1)
                categories.append(Category(fid, cname + suffix, cdesc))
            fid += 1
            theme = i % len(words.THEMES)
            bname, bdesc, _ = words.THEMES[theme]
            suffix = "" if i < len(words.THEMES) else f"{i // len(words.THEMES) + 1}区"
            board = Board(fid, bname + suffix, bdesc, theme, categories[-1], rng.choice(self.members))
            categories[-1].boards.append(board)
        return categories

    def _thread_length(self, rng: random.Random, maximum: int) -> int:
        pp = self.posts_per_page
        r = rng.random()
        if r < 0.45:
            n = rng.randint(1, min(pp, maximum))
        elif r < 0.85:
            n = rng.randint(min(pp + 1, maximum), maximum)
        else:
            n = maximum
        return max(1, min(n, maximum))

    def _make_threads(self, rng: random.Random, per_board: int, max_posts: int) -> list[Thread]:
        threads: list[Thread] = []
        stickies = 2 if per_board >= 20 else 1 if per_board >= 5 else 0
        for board in self.boards:
            for i in range(per_board):
                sticky = i < stickies
                created = _BASE_TIME + timedelta(minutes=rng.randint(0, 200 * 24 * 60))
                length = rng.randint(1, min(3, max_posts)) if sticky else self._thread_length(rng, max_posts)
                title = words.title(rng, board.theme, sticky)
                thread = Thread(0, board, title, sticky, created, 0)
                when = created
                for position in range(1, length + 1):
                    thread.posts.append(Post(0, position, rng.choice(self.members), when))
                    when += timedelta(minutes=int(rng.expovariate(1 / 600)) + 1)
                thread.views = rng.randint(length * 8, length * 90 + 40)
                threads.append(thread)
        # Ids grow with time, with gaps where things were deleted, as in a real database.
        tid = 1000
        for thread in sorted(threads, key=lambda t: (t.created, t.board.fid)):
            tid += rng.randint(1, 4)
            thread.tid = tid
        pid = 20000
        for post in sorted((p for t in threads for p in t.posts), key=lambda p: p.when):
            pid += rng.randint(1, 6)
            post.pid = pid
        threads.sort(key=lambda t: t.tid)
        for thread in threads:
            self._write_posts(rng, thread)
        for board in self.boards:
            mine = [t for t in threads if t.board is board]
            board.threads = [t for t in mine if t.sticky] + sorted(
                (t for t in mine if not t.sticky), key=lambda t: (t.last.when, t.tid), reverse=True
            )
        return threads

    def _write_posts(self, rng: random.Random, thread: Thread) -> None:
        theme = thread.board.theme
        for post in thread.posts:
            if post.position == 1:
                post.title = thread.title
            elif rng.random() < 0.15:
                post.title = "回复: " + thread.title
            if post.position > 1 and rng.random() < 0.04:
                mod = thread.board.moderator.name
                post.deleted = True
                post.text = f"此帖已于 {post.time} 被 {mod} 删除。原因：{rng.choice(words.DELETE_REASONS)}"
                post.html = escape(post.text)
                continue
            paragraphs = words.body(rng, theme, long=post.position == 1, position=post.position)
            parts: list[str] = []
            html_parts: list[str] = []
            earlier = [p for p in thread.posts[: post.position - 1] if not p.deleted]
            if post.position > 2 and earlier and rng.random() < 0.18:
                quoted = rng.choice(earlier)
                excerpt = quoted.own if len(quoted.own) <= 60 else quoted.own[:60] + "……"
                parts += ["引用:", "作者为", quoted.author.name, excerpt]
                html_parts.append(_quote_html(quoted, excerpt))
            parts += paragraphs
            html_parts.append("<br />\n<br />\n".join(escape(p) for p in paragraphs))
            post.html = "\n".join(html_parts)
            post.text = _normalise(" ".join(parts))
            post.own = _normalise(" ".join(paragraphs))

    # ----------------------------------------------------------------- ground truth

    def start_target(self) -> str:
        return "/"

    def route(self, target: str) -> Route:
        """Resolve a target (path and query, session ids allowed) to its kind and view."""
        split = urlsplit(target)
        path, q = split.path, _params(split.query)
        q.pop("s", None)  # the session id never changes what a page shows
        keys = set(q)
        if path == "/robots.txt":
            return Route("other", None, "robots")
        if path in {"/", "/index.php"}:
            return Route("index", "/", "index") if not keys else Route("noise", None, "index")
        if path == "/forumdisplay.php":
            return self._route_forum(q)
        if path == "/showthread.php":
            return self._route_thread(q)
        if path in _NOISE_SCRIPTS:
            return Route("noise", None, path.strip("/").removesuffix(".php"), (q,))
        return Route("other", None, "")

    def _route_forum(self, q: dict[str, str]) -> Route:  # noqa: PLR0911 (one return per case)
        forum = self._forums.get(_int(q.get("f")) or 0)
        extra = set(q) - {"f", "page", "order"}
        if q.get("do") == "markread":
            return Route("noise", None, "markread")
        if forum is None:
            return Route("other", None, "")
        if isinstance(forum, Category):
            if extra:
                return Route("noise", None, "category", (forum,))
            return Route("index", f"/forumdisplay.php?f={forum.fid}", "category", (forum,))
        page = _int(q.get("page", "1"))
        if page is None or not 1 <= page <= self.board_pages(forum):
            return Route("other", None, "")
        if "sort" in q or "daysprune" in q or q.get("order", "desc") != "desc":
            return Route("noise", None, "board", (forum, page, q.get("sort", "lastpost"), q.get("order", "desc")))
        if extra:  # nojs=1 and the like: the same list under another URL
            return Route("noise", None, "board", (forum, page, "lastpost", "desc"))
        return Route("board", self.board_target(forum, page), "board", (forum, page, "lastpost", "desc"))

    def _route_thread(self, q: dict[str, str]) -> Route:  # noqa: PLR0911 (one return per case)
        if "p" in q:  # jump to a post: the page that holds it, under another URL
            found = self._post_index.get(_int(q["p"]) or 0)
            if found is None:
                return Route("other", None, "")
            thread, post = found
            return Route("noise", None, "thread", (thread, self.page_of(post)))
        thread = self._threads.get(_int(q.get("t")) or 0)
        if thread is None:
            return Route("other", None, "")
        if "goto" in q:
            return Route("noise", None, "goto", (thread, q["goto"]))
        page = _int(q.get("page", "1"))
        if page is None or not 1 <= page <= self.thread_pages(thread):
            return Route("other", None, "")
        if set(q) - {"t", "page"}:  # mode=hybrid, nojs=1, pp=..., highlight=...
            return Route("noise", None, "thread", (thread, page))
        return Route("thread", self.thread_target(thread, page), "thread", (thread, page))

    def classify(self, target: str) -> PageKind:
        return self.route(target).kind

    def canonical(self, target: str) -> str | None:
        return self.route(target).canonical

    def thread_targets(self) -> frozenset[str]:
        return frozenset(
            self.thread_target(t, page) for t in self.threads for page in range(1, self.thread_pages(t) + 1)
        )

    def index_targets(self) -> frozenset[str]:
        targets = {"/"} | {f"/forumdisplay.php?f={c.fid}" for c in self.categories}
        for board in self.boards:
            targets.update(self.board_target(board, page) for page in range(1, self.board_pages(board) + 1))
        return frozenset(targets)

    def posts(self) -> list[TruthPost]:
        return [
            TruthPost(
                thread_id=str(t.tid),
                thread_title=t.title,
                board=t.board.name,
                page_number=self.page_of(p),
                position=p.position,
                post_id=str(p.pid),
                author=p.author.name,
                time=p.time,
                text=p.text,
            )
            for t in self.threads
            for p in t.posts
        ]

    # ----------------------------------------------------------------- paging

    def thread_pages(self, thread: Thread) -> int:
        return math.ceil(len(thread.posts) / self.posts_per_page)

    def page_of(self, post: Post) -> int:
        return (post.position - 1) // self.posts_per_page + 1

    def board_pages(self, board: Board) -> int:
        normal = sum(1 for t in board.threads if not t.sticky)
        return max(1, math.ceil(normal / self.threads_per_page))

    def board_page_threads(self, board: Board, page: int, sort: str = "lastpost", order: str = "desc") -> list[Thread]:
        """Threads listed on a page of a board: stickies on page 1 only, then one page of the rest."""
        stickies = [t for t in board.threads if t.sticky]
        normal = [t for t in board.threads if not t.sticky]
        if sort != "lastpost" or order != "desc":
            key = words.SORT_KEYS.get(sort, words.SORT_KEYS["lastpost"])
            normal.sort(key=key, reverse=order == "desc")
        start = (page - 1) * self.threads_per_page
        return (stickies if page == 1 else []) + normal[start : start + self.threads_per_page]

    def page_posts(self, thread: Thread, page: int) -> list[Post]:
        start = (page - 1) * self.posts_per_page
        return thread.posts[start : start + self.posts_per_page]

    @staticmethod
    def thread_target(thread: Thread, page: int) -> str:
        return f"/showthread.php?t={thread.tid}" + (f"&page={page}" if page > 1 else "")

    @staticmethod
    def board_target(board: Board, page: int) -> str:
        return f"/forumdisplay.php?f={board.fid}" + (f"&order=desc&page={page}" if page > 1 else "")

    # ----------------------------------------------------------------- serving

    def handle(self, request: SiteRequest) -> Reply:
        route = self.route(request.target)
        if route.view == "robots":
            return Reply(200, "User-agent: *\nAllow: /\n", {"Content-Type": "text/plain"})
        if not route.view:
            return self._encode(pages.not_found(self, Context(self, request.target)), 404)
        ctx = Context(self, request.target)
        result = pages.render(self, ctx, route)
        if isinstance(result, tuple):  # a redirect: (status, location)
            status, location = result
            return Reply(status, b"", {"Location": ctx.href(location, raw=True), **self._cookies(ctx)})
        return self._encode(result, 200, self._cookies(ctx))

    def _cookies(self, ctx: Context) -> dict[str, str]:
        return {"Set-Cookie": f"bbsessionhash={ctx.session_value}; path=/; HttpOnly"}

    def _encode(self, body: str, status: int, headers: dict[str, str] | None = None) -> Reply:
        # Symbols GBK lacks are written as character references, as vBulletin's output filter does.
        payload = body.encode(self.charset, errors="xmlcharrefreplace")
        ctype = {"Content-Type": f"text/html; charset={self.charset}"}
        return Reply(status, payload, {**ctype, **(headers or {})}, charset=self.charset)

    def member(self, uid: int) -> Member | None:
        return self._members.get(uid)

    def post(self, pid: int) -> tuple[Thread, Post] | None:
        return self._post_index.get(pid)

    def thread(self, tid: int) -> Thread | None:
        return self._threads.get(tid)


class Context:
    """Per-request rendering state: the page's own target and its session id, if any.

    vBulletin appends ``s=<session hash>`` to every link when it cannot rely on a
    cookie; here about a third of the pages do so, each with its own hash.
    """

    def __init__(self, forum: HeldoutForum, target: str) -> None:
        self.forum = forum
        self.target = target
        digest = hashlib.md5(f"{forum.seed}:{target}".encode()).hexdigest()
        self.session_value = digest
        self.session = digest if zlib.crc32(target.encode()) % 3 == 0 else ""

    def href(self, target: str, *, raw: bool = False) -> str:
        """A link to ``target`` as this page writes it (session id first, as vBulletin does)."""
        if self.session and target.startswith("/") and ".php" in target:
            path, sep, rest = target.partition("?")
            target = f"{path}?s={self.session}" + (f"&{rest}" if sep and rest else "")
        return target if raw else escape(target)

    def return_url(self) -> str:
        return quote(self.target, safe="")


def _quote_html(quoted: Post, excerpt: str) -> str:
    return (
        '<div style="margin:20px; margin-top:5px; ">\n'
        '<div class="smallfont" style="margin-bottom:2px">引用:</div>\n'
        '<table cellpadding="6" cellspacing="0" border="0" width="100%">\n<tr>\n'
        '<td class="alt2" style="border:1px inset">\n'
        f"<div>\n作者为 <strong>{escape(quoted.author.name)}</strong>\n"
        f'<a href="/showthread.php?p={quoted.pid}#post{quoted.pid}" rel="nofollow">'
        '<img class="inlineimg" src="/images/buttons/viewpost.gif" border="0" alt="查看帖子" /></a>\n</div>\n'
        f'<div style="font-style:italic">{escape(excerpt)}</div>\n'
        "</td>\n</tr>\n</table>\n</div>"
    )
