"""XenForo 2.2 fixture forum in the default style (English, UTF-8), as a guest sees it.

URLs are XenForo's friendly ones: the forum list at ``/``, forums ``/forums/SLUG.ID/`` and
``/forums/SLUG.ID/page-2``, threads ``/threads/SLUG.ID/`` and ``/threads/SLUG.ID/page-2``
(20 posts a page, 20 threads a page; page 1 never has ``page-1``, which redirects to the bare URL,
as do a wrong slug and a page past the end). Slugs are the lower-cased title with every run of
other characters turned into ``-`` and cut at a word boundary after 50 characters. Node ids are
shared by categories, forums and a link forum; post ids are global and grow with time, so a
thread's post ids interleave with other threads'. Sticky threads head page 1 of their forum only.

Pages carry XenForo's chrome: the ``p-nav`` header (Forums, What's new, Members, Log in,
Register, Search), ``ul.p-breadcrumbs`` top and bottom (a category is an anchor on the forum list,
``/#slug.ID``), the footer (Contact us, Terms and rules, Privacy policy, Help, RSS), a cookie
notice, the ``XF.config`` script, ``<link rel="canonical">`` (absolute, with the request's host;
page N canonicalises to itself), ``rel="next"/"prev"``, Open Graph tags and, on threads, a
``DiscussionForumPosting`` JSON-LD block. The forum list has categories of ``div.node--forum``
nodes (description, ``dl.pairs`` counts, the latest post linked as ``/threads/SLUG.ID/post-PID``)
and a sidebar of Members online, Latest posts (``/threads/SLUG.ID/unread`` links) and Forum
statistics. Forum pages are ``div.structItem--thread`` rows (stickies in their own group) with a
prefix label linking ``?prefix_id=N``, the starter and start ``<time>``, a ``structItem-pageJump``
to the last (up to three) pages, replies/views and the latest poster with a ``.../latest`` link;
a 'Sort by' menu links ``?order=...&direction=...`` views. Pagers are ``div.pageNav`` where every
page number is a link (the current one too) between 'Prev' and 'Next', collapsed with '…'.

A post is an ``article.message--post`` with the user cell (avatar, which may be a letter,
``h4.message-name``, ``h5.userTitle``, a staff banner for the admin, 'Joined' date, 'Messages'
and 'Reaction score'), the attribution ``<time>`` and a ``#N`` link, the ``div.bbWrapper`` body
(lines split by ``<br />``, autolinked URLs, sometimes a ``blockquote.bbCodeBlock--quote`` of an
earlier post with '<name> said:' and 'Click to expand...'), sometimes a 'Last edited:' time, the
user's signature for users who have one, and the footer with Like/Reply/Report links and a
reactions bar. Noise, all served: ``/threads/…/latest``, ``/unread``, ``/post-PID``, ``/posts/PID/``
and ``/goto/post?id=PID`` (302 to the thread page holding the post, with ``#post-PID``);
profiles, member lists, login, register, what's new (a duplicate list of active threads),
search, help pages, RSS feeds, tag pages, post reactions, and (403, 'You must be logged-in to
do that.') report, react, reply and post-thread; sort/prefix views of forums; a link forum.

Times are shown as XenForo does for a guest in the board's Europe/London time zone (so
``datetime`` offsets are ``+0000`` or ``+0100``): 'A moment ago', 'N minutes ago', 'Today at
9:02 AM', 'Yesterday at 8:47 PM', 'Monday at 3:12 PM' within the last week, then 'Jun 1, 2023';
every ``<time>`` has ``datetime="2023-06-01T10:15:37+0100"``, ``data-time`` (Unix time) and a
``title`` ('Jun 1, 2023 at 10:15 AM'). The board's clock is :data:`NOW`.

Truth: a post's ``time`` is the text shown when it is an absolute date ('Jun 1, 2023'), and for
a relative one the local wall-clock time of its ``datetime`` attribute without the offset
('2025-06-12T09:02:37'), as the prosilver fixture does. A post's ``text`` is what its author
wrote, whitespace-normalised: without the quoted post (title, quote and 'Click to expand...'),
without the signature and 'Last edited'. ``post_id`` is the post's anchor, ``post-PID``. A
thread's title is the title without its prefix label.

This module holds the board's data (nodes, prefixes, users, threads and posts, generated from the seed),
XenForo's date, time and slug formatting, URL routing and the ground truth. The pages are rendered by
:mod:`topiccrawl.demo.forum_xenforo_pages`, with the chrome every page shares (page shell, pager,
``<time>``, avatars, BB code) in :mod:`topiccrawl.demo.forum_xenforo_chrome`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qsl

from topiccrawl.demo import forum_xenforo_pages as pages
from topiccrawl.demo.forum_truth import PageKind
from topiccrawl.demo.forums_base import (
    ENGLISH,
    Vocabulary,
    _Board,
    _FixtureForum,
    _ForumData,
    _Post,
    _Thread,
    pick_quotes,
)
from topiccrawl.demo.server import Reply, SiteRequest, redirect

SITE = "Gadget Hub Forums"
NOW = int(datetime(2025, 6, 12, 15, 40, 0, tzinfo=UTC).timestamp())  # Thursday 4:40 PM in London
SLUG_LENGTH = 50

# (category, description, [(forum, description, prefix ids)]); forums are taken in this order.
_NODES: list[tuple[str, str, list[tuple[str, str, tuple[int, ...]]]]] = [
    (
        "Devices",
        "Phones, laptops and everything that needs charging.",
        [
            ("Phones and Tablets", "Battery life, screens, cameras and everything handheld.", (1, 2, 3)),
            ("Laptops & Desktops", "Portable or not: buying advice, upgrades and repairs.", (1, 2, 4)),
        ],
    ),
    (
        "Software",
        "Firmware, operating systems and the networks they talk over.",
        [
            ("Firmware, Kernels and Updates", "Flashing, custom kernels, OTA updates gone wrong.", (1, 3, 4)),
            ("Networking & Wi-Fi", "Routers, mesh systems, drops after sleep mode.", (1, 2)),
        ],
    ),
    (
        "Community",
        "Everything else.",
        [
            ("Buy, Sell & Trade", "Spare cables, used phones, bargains. Be nice.", (5, 6)),
            ("Off-topic Lounge", "Talk about anything that is not a gadget.", ()),
            ("Introductions", "New here? Say hello.", ()),
        ],
    ),
]
PREFIXES = {
    1: ("Solved", "label--green"),
    2: ("Question", "label--blue"),
    3: ("Guide", "label--accent"),
    4: ("Bug", "label--red"),
    5: ("For sale", "label--orange"),
    6: ("Wanted", "label--skyBlue"),
}
TAGS = ["battery", "wifi", "firmware", "camera", "charger", "kernel", "mesh", "screen"]
_SIGNATURES = [
    "Pixel 8 Pro | GrapheneOS | 20000 mAh power bank that weighs more than the phone",
    "ThinkPad X220 forever. Running Linux since 2009.",
    "If it ain't broke, flash a new firmware anyway.",
    "Sent from my toaster",
    "Mesh: 3x satellites, 1x very patient partner",
]
_ORDERS = {"last_post_date", "post_date", "title", "reply_count", "view_count", "first_post_reaction_score"}


# -- time, as XenForo prints it ------------------------------------------------------------------


def _last_sunday(year: int, month: int) -> datetime:
    end = datetime(year, month, 31, 1, tzinfo=UTC)  # March and October have 31 days
    return end - timedelta(days=(end.weekday() + 1) % 7)


def uk_offset(ts: int) -> int:
    """Seconds east of UTC in Europe/London at Unix time ``ts`` (BST between 01:00 UTC on the last
    Sundays of March and October)."""
    year = datetime.fromtimestamp(ts, UTC).year
    return 3600 if _last_sunday(year, 3).timestamp() <= ts < _last_sunday(year, 10).timestamp() else 0


def local_time(ts: int) -> datetime:
    """Board-local wall-clock time (naive)."""
    return datetime.fromtimestamp(ts + uk_offset(ts), UTC).replace(tzinfo=None)


def iso_time(ts: int) -> str:
    """``datetime`` attribute: PHP's ``Y-m-d\\TH:i:sO``."""
    return f"{local_time(ts):%Y-%m-%dT%H:%M:%S}{'+0100' if uk_offset(ts) else '+0000'}"


def date_string(ts: int) -> str:
    """XenForo's default date format ``M j, Y``."""
    when = local_time(ts)
    return f"{when:%b} {when.day}, {when.year}"


def time_string(ts: int) -> str:
    """XenForo's default time format ``g:i A``."""
    when = local_time(ts)
    return f"{when.hour % 12 or 12}:{when.minute:02d} {'AM' if when.hour < 12 else 'PM'}"


def shown_time(ts: int) -> str:  # noqa: PLR0911
    """What a ``<time>`` shows, relative to :data:`NOW` as XenForo's ``getRelativeDateTimeOutput``."""
    ago = NOW - ts
    if ago <= 60:
        return "A moment ago"
    if ago <= 120:
        return "1 minute ago"
    if ago < 3600:
        return f"{ago // 60} minutes ago"
    day, today = local_time(ts).date(), local_time(NOW).date()
    if day == today:
        return f"Today at {time_string(ts)}"
    if day == today - timedelta(days=1):
        return f"Yesterday at {time_string(ts)}"
    if day >= today - timedelta(days=6):
        return f"{local_time(ts):%A} at {time_string(ts)}"
    return date_string(ts)


def is_relative(shown: str) -> bool:
    return re.fullmatch(r"[A-Z][a-z]{2} \d{1,2}, \d{4}", shown) is None


def slugify(text: str, limit: int = SLUG_LENGTH) -> str:
    slug = re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-")
    if len(slug) > limit:
        slug = slug[: limit + 1].rsplit("-", 1)[0] if "-" in slug[: limit + 1] else slug[:limit]
    return slug


def number_short(n: int) -> str:
    if n < 1000:
        return str(n)
    return f"{n / 1000:.1f}".removesuffix(".0") + "K"


# -- content ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _User:
    name: str
    uid: int
    joined: int
    messages: int
    reaction_score: int
    signature: str
    letter_avatar: bool
    staff: bool = False

    @property
    def url(self) -> str:
        return f"/members/{slugify(self.name)}.{self.uid}/"

    @property
    def title(self) -> str:
        if self.staff:
            return "Administrator"
        for limit, title in ((10, "New member"), (100, "Member"), (800, "Active member")):
            if self.messages < limit:
                return title
        return "Well-known member"


@dataclass
class _XfThread(_Thread):
    prefix: int = 0
    views: int = 0
    tags: list[str] = field(default_factory=list)


@dataclass
class _Proto:
    board: _Board
    title: str
    sticky: bool
    times: list[int]
    authors: list[str]
    paragraphs: list[list[str]]
    prefix: int
    tags: list[str]


class _XenforoData(_ForumData):
    """Boards, threads, posts and users of the XenForo board (the shared generator's shapes, but
    XenForo's: node ids, global post ids in time order, threads in last-post order)."""

    def __init__(self, seed: int, size: float, vocab: Vocabulary) -> None:  # noqa: PLR0915
        rng = random.Random(seed)
        self.posts_per_page = 20
        self.threads_per_page = 20
        specs = [(c, cd, f, fd, p) for c, cd, forums in _NODES for f, fd, p in forums]
        n_boards = min(len(specs), max(3, round(5 * size)))
        self.boards = []
        self.categories: list[tuple[int, str, str, list[_Board]]] = []
        self.description: dict[int, str] = {}
        self.board_prefixes: dict[int, tuple[int, ...]] = {}
        node = 0
        protos: list[_Proto] = []
        for cat, cat_desc, name, desc, prefixes in specs[:n_boards]:
            if not self.categories or self.categories[-1][1] != cat:
                node += 1
                self.categories.append((node, cat, cat_desc, []))
            node += 1
            board = _Board(node, name)
            self.categories[-1][3].append(board)
            self.boards.append(board)
            self.description[node] = desc
            self.board_prefixes[node] = prefixes
            for t in range(max(3, round(rng.randint(26, 34) * size))):
                protos.append(self._proto(rng, vocab, board, prefixes, sticky=t < 2))
        self.link_forum = (node + 1, "Read this first")
        # Thread ids follow the threads' start, post ids every post's time, across the board.
        protos.sort(key=lambda p: p.times[0])
        self.threads = {}
        proto_of: dict[int, _Proto] = {}
        tid = 100
        for proto in protos:
            tid += rng.randint(1, 4)
            thread = _XfThread(tid, proto.board.fid, proto.title, proto.sticky, [], proto.prefix, tags=proto.tags)
            thread.views = len(proto.times) * rng.randint(8, 60) + rng.randint(3, 400)
            self.threads[tid] = thread
            proto_of[tid] = proto
        names = vocab.names
        uid_of = dict(zip(names, [1, *sorted(rng.sample(range(2, 3000), len(names) - 1))], strict=True))
        self.when: dict[int, int] = {}
        posts: dict[tuple[int, int], _Post] = {}
        pid = 1000
        for ts, tid, i in sorted((ts, tid, i) for tid, pr in proto_of.items() for i, ts in enumerate(pr.times)):
            pid += rng.randint(1, 5)
            proto = proto_of[tid]
            author = proto.authors[i]
            posts[tid, i] = _Post(pid, author, uid_of[author], f"{local_time(ts):%Y-%m-%d %H:%M}", proto.paragraphs[i])
            self.when[pid] = ts
        for tid, thread in self.threads.items():
            thread.posts = [posts[tid, i] for i in range(len(proto_of[tid].times))]
        for board in self.boards:
            mine = [t for t in self.threads.values() if t.board == board.fid]
            mine.sort(key=lambda t: (not t.sticky, -self.when[t.posts[-1].pid]))
            board.threads = mine
        self.board_by_fid = {b.fid: b for b in self.boards}
        self.post_location = {
            p.pid: (t.tid, i // self.posts_per_page + 1) for t in self.threads.values() for i, p in enumerate(t.posts)
        }
        first_post: dict[str, int] = {}
        for p in sorted((p for t in self.threads.values() for p in t.posts), key=lambda p: p.pid, reverse=True):
            first_post[p.author] = self.when[p.pid]
        signed = set(rng.sample(names, len(_SIGNATURES)))
        sigs = iter(_SIGNATURES)
        self.users: dict[str, _User] = {}
        for i, name in enumerate(names):
            joined = first_post.get(name, NOW) - rng.randint(1, 900) * 86400 - rng.randint(0, 86399)
            self.users[name] = _User(
                name,
                uid_of[name],
                joined,
                rng.choice([rng.randint(3, 99), rng.randint(100, 9000)]),
                rng.randint(0, 4000),
                next(sigs) if name in signed else "",
                letter_avatar=i % 2 == 0,
                staff=i == 0,
            )

    @staticmethod
    def _proto(rng: random.Random, vocab: Vocabulary, board: _Board, prefixes: tuple[int, ...], sticky: bool) -> _Proto:
        words = [rng.choice(vocab.words) for _ in range(rng.randint(3, 11))]
        title = " ".join(words)
        title = title[:1].upper() + title[1:] + rng.choice(["", "", "", "?", "?", "!", " (help)"])
        # Long-tailed lengths: most threads fit a page, a few run to 8 pages of 20.
        n = min(160, max(1, int(rng.paretovariate(1.0) * 5) - 4 + rng.randint(0, 3)))
        mean = rng.choice([15 * 60, 2 * 3600, 12 * 3600, 2 * 86400])
        gaps = [30 + int(rng.expovariate(1 / mean)) for _ in range(n - 1)]
        if sticky:
            end_ago = rng.randint(30, 600) * 86400 + rng.randint(0, 86399)
        elif rng.random() < 0.3:  # active lately: relative times
            end_ago = rng.choice([rng.randint(5, 3500), rng.randint(3600, 86400), rng.randint(86400, 9 * 86400)])
        else:
            end_ago = rng.randint(8 * 86400, 1400 * 86400)
        times = [NOW - end_ago - sum(gaps)]
        for gap in gaps:
            times.append(times[-1] + gap)
        starter = rng.choice(vocab.names)
        authors = [starter] + [starter if rng.random() < 0.25 else rng.choice(vocab.names) for _ in gaps]
        paragraphs = []
        for _ in times:
            paras = [
                " ".join(vocab.sentence(rng, rng.randint(3, 14)) for _ in range(rng.randint(1, 2)))
                for _ in range(rng.randint(1, 3))
            ]
            if rng.random() < 0.06:
                paras.append(f"More here: https://www.example.com/{rng.choice(vocab.words)}-{rng.randint(2, 99)}")
            paragraphs.append(paras)
        if sticky:
            prefix = 3 if 3 in prefixes else 0
        else:
            prefix = rng.choice(prefixes) if prefixes and rng.random() < 0.4 else 0
        tags = sorted(rng.sample(TAGS, rng.randint(1, 3))) if rng.random() < 0.35 else []
        return _Proto(board, title, sticky, times, authors, paragraphs, prefix, tags)

    def list_page(self, board: _Board, page: int) -> list[_Thread]:
        """XenForo shows sticky threads on page 1 only."""
        sticky = [t for t in board.threads if t.sticky]
        normal = [t for t in board.threads if not t.sticky]
        n = self.threads_per_page
        return (sticky if page == 1 else []) + normal[(page - 1) * n : page * n]


# -- the board -------------------------------------------------------------------------------------

_SLUG = r"(?:(?P<slug>[\w-]*)\.)?"


class XenforoForum(_FixtureForum):
    """XenForo 2.2: ``/forums/phones-and-tablets.2/page-2``, ``/threads/battery-drains-fast.123/page-3``."""

    name = "xenforo"
    vocab = ENGLISH
    posts_per_page = 20  # XenForo's default 'Messages per page'
    threads_per_page = 20  # and 'Threads per page'
    routes = [
        (r"/", "_index"),
        (rf"/forums/{_SLUG}(?P<fid>\d+)/(?:page-(?P<page>\d+))?", "_board"),
        (rf"/forums/{_SLUG}(?P<fid>\d+)/(?:page-(?P<page>\d+))?\?(?P<query>[^#]+)", "_noise_filtered"),
        (rf"/forums/{_SLUG}(?P<fid>\d+)/post-thread", "_noise_guest"),
        (rf"/forums/(?:-|{_SLUG}(?P<fid>\d+))/index\.rss", "_noise_rss"),
        (rf"/threads/{_SLUG}(?P<tid>\d+)/(?:page-(?P<page>\d+))?", "_thread"),
        (rf"/threads/{_SLUG}(?P<tid>\d+)/(?:latest|unread|post-(?P<pid>\d+))", "_noise_jump"),
        (rf"/threads/{_SLUG}(?P<tid>\d+)/reply\?quote=(?P<pid>\d+)", "_noise_guest"),
        (r"/posts/(?P<pid>\d+)/", "_noise_jump"),
        (r"/goto/post\?id=(?P<pid>\d+)", "_noise_jump"),
        (r"/posts/(?P<pid>\d+)/reactions", "_noise_reactions"),
        (r"/posts/(?P<pid>\d+)/(?:report|react\?reaction_id=\d+|share|quote)", "_noise_guest"),
        (r"/members/(?P<mslug>[\w-]*)\.(?P<uid>\d+)/", "_noise_member"),
        (rf"/link-forums/{_SLUG}(?P<fid>\d+)/", "_noise_linkforum"),
        (r"/tags/(?P<tag>[a-z]+)/", "_noise_tag"),
        (r"/whats-new/posts/(?:\?skip=1)?", "_noise_newposts"),
        (
            r"/(?:members/(?:list/)?|online/|login/|register/|lost-password/|whats-new/(?:profile-posts/)?"
            r"|search/(?:\?type=post)?|search/member\?user_id=\d+|help/(?:terms/|privacy-policy/|cookies/)?"
            r"|misc/contact|account/dismiss-notice)",
            "_noise_static",
        ),
    ]

    def __init__(self, *, size: float = 1.0, charset: str = "utf-8", seed: int = 22) -> None:
        super().__init__(size=size, charset=charset, seed=seed)
        self.data: _XenforoData = _XenforoData(seed, size, self.vocab)
        d = self.data
        self.quotes = pick_quotes(d, seed + 1, 0.2)
        self.when = d.when
        self.users = d.users
        self.position = {p.pid: i + 1 for t in d.threads.values() for i, p in enumerate(t.posts)}
        self.thread_of = {p.pid: t for t in d.threads.values() for p in t.posts}
        self.slugs = {t.tid: slugify(t.title) for t in d.threads.values()}
        self.board_slugs = {b.fid: slugify(b.name) for b in d.boards}
        self.category_of = {b.fid: (cid, name) for cid, name, _, boards in d.categories for b in boards}
        rng = random.Random(seed + 2)
        self.edited: dict[int, int] = {}
        for t in d.threads.values():
            for p in t.posts:
                if self.when[p.pid] < NOW - 3600 and rng.random() < 0.08:
                    self.edited[p.pid] = min(NOW - 60, self.when[p.pid] + rng.randint(60, 2 * 86400))

    # -- truth -----------------------------------------------------------------
    def _resolve(self, target: str) -> tuple[PageKind, str | None]:
        """Kind and canonical target; a wrong slug, ``page-1`` or a page past the end redirect (noise)."""
        found = self._route(target)
        if found is None:
            return "other", None
        handler, m = found
        kind = handler.__name__
        if kind == "_index":
            return "index", "/"
        if kind in {"_board", "_thread"}:
            canonical = self._canonical_of(m, kind)
            if canonical is None:
                return "other", None  # 404
            if canonical != self.strip_session(target):
                return "noise", None  # 301 to the canonical URL
            return ("board" if kind == "_board" else "thread"), canonical
        return "noise", None

    def _canonical_of(self, m: re.Match[str], kind: str) -> str | None:
        """Where a board or thread URL's id and page lead (clamped into range), None if the id is unknown."""
        page = int(m["page"] or 1)
        if kind == "_board":
            board = self.data.board_by_fid.get(int(m["fid"]))
            if board is None:
                return None
            return self.board_target(board.fid, min(max(page, 1), self.data.list_pages(board)))
        thread = self.data.threads.get(int(m["tid"]))
        if thread is None:
            return None
        return self.thread_target(thread.tid, min(max(page, 1), self.data.thread_pages(thread)))

    def classify(self, target: str) -> PageKind:
        return self._resolve(target)[0]

    def canonical(self, target: str) -> str | None:
        return self._resolve(target)[1]

    def board_target(self, fid: int, page: int) -> str:
        return f"/forums/{self.board_slugs[fid]}.{fid}/" + (f"page-{page}" if page > 1 else "")

    def thread_target(self, tid: int, page: int) -> str:
        return f"/threads/{self.slugs[tid]}.{tid}/" + (f"page-{page}" if page > 1 else "")

    def post_anchor(self, post: _Post) -> str:
        return f"post-{post.pid}"

    def truth_time(self, post: _Post) -> str:
        ts = self.when[post.pid]
        shown = shown_time(ts)
        return f"{local_time(ts):%Y-%m-%dT%H:%M:%S}" if is_relative(shown) else shown

    def truth_text(self, post: _Post) -> str:
        return " ".join(" ".join(post.paragraphs).split())

    # -- urls ------------------------------------------------------------------
    def post_url(self, pid: int) -> str:
        t = self.thread_of[pid]
        return f"/threads/{self.slugs[t.tid]}.{t.tid}/post-{pid}"

    def page_of_post(self, pid: int) -> str:
        """The thread page holding post ``pid``, with its fragment (where the jump links redirect)."""
        tid, page = self.data.post_location[pid]
        return f"{self.thread_target(tid, page)}#post-{pid}"

    def prefix_url(self, t: _XfThread) -> str:
        return f"{self.board_target(t.board, 1)}?prefix_id={t.prefix}"

    def _redirect(self, req: SiteRequest, target: str, status: int = 302) -> Reply:
        return redirect(req.base_url + target, status)

    # -- pages -------------------------------------------------------------------
    def _index(self, m: re.Match[str], req: SiteRequest) -> str:
        return pages.index_page(self, req)

    def _board(self, m: re.Match[str], req: SiteRequest) -> str | Reply | None:
        board = self.data.board_by_fid.get(int(m["fid"]))
        canonical = self._canonical_of(m, "_board")
        if board is None or canonical is None:
            return None
        if canonical != self.strip_session(req.target):
            return self._redirect(req, canonical, 301)
        return pages.board_page(self, req, board, int(m["page"] or 1))

    def _noise_filtered(self, m: re.Match[str], req: SiteRequest) -> str | None:
        """A sorted or prefix-filtered view of a forum: the same threads again (noise)."""
        board = self.data.board_by_fid.get(int(m["fid"]))
        params = dict(parse_qsl(m["query"]))
        if board is None or not params or set(params) - {"order", "direction", "prefix_id"}:
            return None
        order, direction = params.get("order", "last_post_date"), params.get("direction", "desc")
        prefix = params.get("prefix_id", "")
        if order not in _ORDERS or direction not in {"asc", "desc"}:
            return None
        if prefix and (not prefix.isdigit() or int(prefix) not in self.data.board_prefixes[board.fid]):
            return None
        return pages.filtered_page(self, req, board, int(m["page"] or 1), params)

    def _thread(self, m: re.Match[str], req: SiteRequest) -> str | Reply | None:
        t = self.data.threads.get(int(m["tid"]))
        canonical = self._canonical_of(m, "_thread")
        if t is None or canonical is None:
            return None
        if canonical != self.strip_session(req.target):
            return self._redirect(req, canonical, 301)
        assert isinstance(t, _XfThread)
        return pages.thread_page(self, req, t, int(m["page"] or 1))

    # -- noise -------------------------------------------------------------------
    def _noise_jump(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        """``/threads/…/latest``, ``/unread``, ``/post-PID``, ``/posts/PID/``, ``/goto/post?id=PID``: 302 to
        the thread page holding the post (the last post for latest/unread), with its fragment."""
        pid = int(m["pid"]) if m["pid"] else None
        if "tid" in m.re.groupindex:
            t = self.data.threads.get(int(m["tid"]))
            if t is None:
                return None
            if pid is None:
                pid = t.posts[-1].pid
            elif self.thread_of.get(pid) is not t:
                return None
        elif pid not in self.thread_of:
            return None
        return self._redirect(req, self.page_of_post(pid))

    def _noise_guest(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        """What a guest gets for report/react/reply/post-thread: XenForo's 'no permission' error (403)."""
        if "pid" in m.re.groupindex and m["pid"] and int(m["pid"]) not in self.thread_of:
            return None
        return pages.guest_error(self, req)

    def _noise_reactions(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        pid = int(m["pid"])
        t = self.thread_of.get(pid)
        if t is None:
            return None
        return pages.reactions_page(self, req, t.posts[self.position[pid] - 1])

    def _noise_member(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        u = next((u for u in self.users.values() if u.uid == int(m["uid"])), None)
        return None if u is None else pages.member_page(self, req, u)

    def _noise_linkforum(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        return self._redirect(req, "/help/terms/") if int(m["fid"]) == self.data.link_forum[0] else None

    def _noise_newposts(self, m: re.Match[str], req: SiteRequest) -> Reply:
        return pages.new_posts_page(self, req)

    def _noise_tag(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        tag = m["tag"]
        return pages.tag_page(self, req, tag) if tag in TAGS else None

    def _noise_rss(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        fid = m["fid"]
        if fid and int(fid) not in self.data.board_by_fid:
            return None
        board = self.data.board_by_fid[int(fid)] if fid else None
        return Reply(200, pages.rss(self, req, board), {"Content-Type": "application/rss+xml; charset=utf-8"})

    def _noise_static(self, m: re.Match[str], req: SiteRequest) -> Reply:
        return pages.static_page(self, req)
