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
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from html import escape
from urllib.parse import parse_qsl

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
from topiccrawl.demo.server import Reply, SiteRequest, html

SITE = "Gadget Hub Forums"
NOW = int(datetime(2025, 6, 12, 15, 40, 0, tzinfo=UTC).timestamp())  # Thursday 4:40 PM in London
SLUG_LENGTH = 50
_ASSET_VERSION = "1676401234"

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
_SORT_MENU = [
    ("last_post_date", "desc", "Last message"),
    ("post_date", "desc", "First message"),
    ("title", "asc", "Title"),
    ("reply_count", "desc", "Replies"),
    ("view_count", "desc", "Views"),
]


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
_IMAGE, _NAME, _PUBLISHED = ' itemprop="image"', ' itemprop="name"', ' itemprop="datePublished"'


def _csrf(target: str) -> str:
    return f"{NOW},{hashlib.md5(target.encode()).hexdigest()}"


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

    # -- rendering helpers -----------------------------------------------------
    def _time(self, ts: int, cls: str = "u-dt", extra: str = "") -> str:
        ds, tstr = date_string(ts), time_string(ts)
        return (
            f'<time  class="{cls}" dir="auto" datetime="{iso_time(ts)}" data-time="{ts}" data-date-string="{ds}" '
            f'data-time-string="{tstr}" title="{ds} at {tstr}"{extra}>{shown_time(ts)}</time>'
        )

    def _user_link(self, u: _User, cls: str = "username ", extra: str = "") -> str:
        name = escape(u.name)
        inner = f'<span class="username--staff username--admin">{name}</span>' if u.staff else name
        return (
            f'<a href="{u.url}" class="{cls}" dir="auto" data-user-id="{u.uid}" data-xf-init="member-tooltip"{extra}>'
            f"{inner}</a>"
        )

    def _avatar(self, u: _User, size: str, extra: str = "") -> str:
        letter = "m" if size in {"m", "l"} else "s"
        pixels = {"xxs": 24, "xs": 32, "s": 48, "m": 96, "l": 192}[size]
        common = f'data-user-id="{u.uid}" data-xf-init="member-tooltip"'
        if u.letter_avatar:
            hue = hashlib.md5(u.name.encode()).hexdigest()
            return (
                f'<a href="{u.url}" class="avatar avatar--{size} avatar--default avatar--default--dynamic" {common} '
                f'style="background-color: #{hue[:6]}; color: #{hue[6:12]}"><span class="avatar-u{u.uid}-{letter}" '
                f'role="img" aria-label="{escape(u.name)}">{escape(u.name[0].upper())}</span></a>'
            )
        src = f"/data/avatars/{letter}/{u.uid // 1000}/{u.uid}.jpg?{u.joined}"
        return (
            f'<a href="{u.url}" class="avatar avatar--{size}" {common}><img src="{src}" '
            f'srcset="/data/avatars/l/{u.uid // 1000}/{u.uid}.jpg?{u.joined} 2x" alt="{escape(u.name)}" '
            f'class="avatar-u{u.uid}-{letter}" width="{pixels}" height="{pixels}" loading="lazy"{extra} /></a>'
        )

    def _label(self, prefix: int) -> str:
        title, cls = PREFIXES[prefix]
        return f'<span class="label {cls}" dir="auto">{escape(title)}</span>'

    def _prefix_text(self, t: _XfThread) -> str:
        return f"{PREFIXES[t.prefix][0]} - " if t.prefix else ""

    @staticmethod
    def _bb(paragraphs: list[str]) -> str:
        """BB code as XenForo renders it: a line break per line, a blank line between paragraphs, URLs linked."""

        def line(text: str) -> str:
            return re.sub(
                r"https?://\S+",
                lambda m: (
                    f'<a href="{m[0]}" target="_blank" class="link link--external" '
                    f'rel="nofollow ugc noopener">{m[0]}</a>'
                ),
                escape(text),
            )

        return "<br />\n<br />\n".join(line(p) for p in paragraphs)

    def _pagenav(self, url: Callable[[int], str], page: int, last: int) -> str:
        """XenForo's pager: first, last, two either side of the current page, '…' for the rest; every
        number a link; 'Prev'/'Next' jumps; and the small-screen 'pageNavSimple' beside it."""
        if last <= 1:
            return ""
        jump_url = escape(url(987654).replace("987654", "%page%"))
        jump_menu = (
            '<div class="menu menu--pageJump" data-menu="menu" aria-hidden="true"><div class="menu-content">'
            '<h4 class="menu-tabHeader tabs" data-xf-init="tabs" role="tablist"><span class="hScroller" '
            'data-xf-init="h-scroller"><span class="hScroller-scroll"><a class="tabs-tab is-active" role="tab" '
            'tabindex="0">Go to page</a></span></span></h4><div class="menu-row" data-xf-init="page-jump" '
            f'data-page-url="{jump_url}"><div class="inputGroup inputGroup--numbers"><div class="inputGroup '
            'inputGroup--numbers inputNumber" data-xf-init="number-box"><input type="number" pattern="\\d*" '
            'class="input input--number js-numberBoxTextInput input input--numberNarrow js-pageJumpPage" '
            f'value="{page}" '
            f'min="1" max="{last}" step="1" required="required" data-menu-autofocus="true" /></div>'
            '<span class="inputGroup-text"><button type="button" class="button js-pageJumpGo">'
            '<span class="button-text">Go</span></button></span></div></div></div></div>'
        )
        skip = (
            '<li class="pageNav-page pageNav-page--skip pageNav-page--skip{}"><a data-xf-init="tooltip" '
            'title="Go to page" data-xf-click="menu" role="button" tabindex="0" aria-expanded="false" '
            f'aria-haspopup="true">…</a>{jump_menu}</li>'
        )
        lo, hi = max(2, page - 2), min(last - 1, page + 2)

        def item(n: int) -> str:
            cls = "pageNav-page "
            if n == page:
                cls = "pageNav-page pageNav-page--current "
            elif lo <= n < page:
                cls = "pageNav-page pageNav-page--earlier"
            elif page < n <= hi:
                cls = "pageNav-page pageNav-page--later"
            return f'<li class="{cls}"><a href="{escape(url(n))}">{n}</a></li>'

        items = [item(1)]
        if lo > 2:
            items.append(skip.format("Start"))
        items += [item(n) for n in range(lo, hi + 1)]
        if hi < last - 1:
            items.append(skip.format("End"))
        items.append(item(last))
        prev = f'<a href="{escape(url(page - 1))}" class="pageNav-jump pageNav-jump--prev">Prev</a>' if page > 1 else ""
        nxt = (
            f'<a href="{escape(url(page + 1))}" class="pageNav-jump pageNav-jump--next">Next</a>' if page < last else ""
        )
        simple = []
        if page > 1:
            simple.append(f'<a href="{escape(url(1))}" class="pageNavSimple-el pageNavSimple-el--first">First</a>')
            simple.append(f'<a href="{escape(url(page - 1))}" class="pageNavSimple-el pageNavSimple-el--prev">Prev</a>')
        simple.append(
            '<a class="pageNavSimple-el pageNavSimple-el--current" data-xf-init="tooltip" title="Go to page" '
            f'data-xf-click="menu" role="button" tabindex="0" aria-expanded="false" aria-haspopup="true">'
            f"{page} of {last}</a>{jump_menu}"
        )
        if page < last:
            simple.append(
                f'<a href="{escape(url(page + 1))}" class="pageNavSimple-el pageNavSimple-el--next">Next '
                '<i aria-hidden="true"></i></a>'
            )
            simple.append(f'<a href="{escape(url(last))}" class="pageNavSimple-el pageNavSimple-el--last">Last</a>')
        return (
            f'<nav class="pageNavWrapper pageNavWrapper--mixed "><div class="pageNav  ">{prev}'
            f'<ul class="pageNav-main">{"".join(items)}</ul>{nxt}</div>'
            f'<div class="pageNavSimple">{"".join(simple)}</div></nav>'
        )

    def _crumbs(self, crumbs: list[tuple[str, str]], variant: str = "") -> str:
        items = "".join(
            '<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">'
            f'<a href="{href}" itemprop="item"><span itemprop="name">{escape(label)}</span></a>'
            f'<meta itemprop="position" content="{i}" /></li>'
            for i, (href, label) in enumerate([("/", "Forums"), *crumbs], 1)
        )
        cls = f"p-breadcrumbs p-breadcrumbs--{variant}" if variant else "p-breadcrumbs "
        return f'<ul class="{cls}" itemscope itemtype="https://schema.org/BreadcrumbList">{items}</ul>'

    def _board_crumbs(self, fid: int) -> list[tuple[str, str]]:
        cid, cname = self.category_of[fid]
        return [(f"/#{slugify(cname)}.{cid}", cname)]

    def _page(
        self,
        req: SiteRequest,
        *,
        template: str,
        title: str,
        body: str,
        header: str = "",
        crumbs: list[tuple[str, str]] | None = None,
        canonical: str = "",
        head: str = "",
        sidebar: str = "",
        description: str = "",
        keys: tuple[str, str] = ("", ""),
    ) -> str:
        base = req.base_url
        crumbs = crumbs or []
        canon = ""
        if canonical:
            canon = (
                f'<link rel="canonical" href="{escape(base + canonical)}" />'
                f'<meta property="og:url" content="{escape(base + canonical)}" />'
            )
        desc = escape(description or "A community for people who take their gadgets apart.")
        main_cls = "p-body-main p-body-main--withSidebar " if sidebar else "p-body-main  "
        side_col = '<div class="p-body-sidebarCol"></div>' if sidebar else ""
        side = f'<div class="p-body-sidebar">{sidebar}</div>' if sidebar else ""
        section = "forums" if template in {"forum_list", "forum_view", "thread_view"} else template
        nav = self._nav(section)
        config = json.dumps(
            {
                "url": {
                    "fullBase": f"{base}/",
                    "basePath": "/",
                    "css": f"/css.php?css=__SENTINEL__&s=1&l=1&d={_ASSET_VERSION}",
                    "keepAlive": "/login/keep-alive",
                },
                "cookie": {"path": "/", "domain": "", "prefix": "xf_", "secure": False},
                "csrf": _csrf(req.target),
                "js": {},
                "visitorCounts": {"conversations_unread": "0", "alerts_unviewed": "0", "total_unread": "0"},
            }
        ).replace("/", "\\/")
        phrases = json.dumps(
            {
                "date_x_at_time_y": "{date} at {time}",
                "day_x_at_time_y": "{day} at {time}",
                "yesterday_at_x": "Yesterday at {time}",
                "x_minutes_ago": "{minutes} minutes ago",
                "one_minute_ago": "1 minute ago",
                "a_moment_ago": "A moment ago",
                "today_at_x": "Today at {time}",
                "in_a_moment": "In a moment",
            }
        )
        return (
            f'<!DOCTYPE html>\n<html id="XF" lang="en-US" dir="LTR" data-app="public" data-template="{template}" '
            f'data-container-key="{keys[0]}" data-content-key="{keys[1]}" data-logged-in="false" '
            f'data-cookie-prefix="xf_" data-csrf="{_csrf(req.target)}" class="has-no-js template-{template}">\n'
            f'<head>\n\t<meta charset="{self.charset}" />\n\t<meta http-equiv="X-UA-Compatible" content="IE=Edge" />\n'
            '\t<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">\n'
            f"\t<title>{escape(title)} | {SITE}</title>\n"
            '\t<link rel="manifest" href="/webmanifest.php">\n\t<meta name="theme-color" content="#185886" />\n'
            f'\t<meta name="description" content="{desc}" />\n\t<meta property="og:description" content="{desc}" />\n'
            f'\t<meta property="og:site_name" content="{SITE}" />\n\t<meta property="og:type" content="website" />\n'
            f'\t<meta property="og:title" content="{escape(title)}" />\n'
            f'\t<meta property="twitter:title" content="{escape(title)}" />\n\t{canon}\n{head}'
            f'\t<link rel="alternate" type="application/rss+xml" title="RSS feed for {SITE}" '
            'href="/forums/-/index.rss" />\n'
            '\t<link rel="stylesheet" href="/css.php?css=public%3Anormalize.css%2Cpublic%3Afa.css%2Cpublic%3A'
            f'core.less%2Cpublic%3Aapp.less&amp;s=1&amp;l=1&amp;d={_ASSET_VERSION}&amp;k=5e2b1c0d" />\n'
            '\t<script src="/js/xf/preamble.min.js?_v=3f2a1b9c"></script>\n</head>\n'
            f'<body data-template="{template}">\n'
            '<div class="p-pageWrapper" id="top">\n'
            '<header class="p-header" id="header"><div class="p-header-inner"><div class="p-header-content">'
            '<div class="p-header-logo p-header-logo--image"><a href="/"><img src="/styles/default/xenforo/'
            f'xenforo-logo.png" srcset="" alt="{SITE}" width="100" height="36" /></a></div></div></div></header>\n'
            f"{nav}\n"
            '<div class="p-body">\n<div class="p-body-inner">\n<!--XF:EXTRA_OUTPUT-->\n'
            '<ul class="notices notices--block  js-notices" data-xf-init="notices" data-type="block" '
            'data-scroll-interval="6"><li class="notice js-notice notice--primary" data-notice-id="2" '
            'data-delay-duration="0" data-display-duration="0" data-auto-dismiss="" data-visibility="">'
            '<div class="notice-content">Welcome to the Gadget Hub! <a href="/register/">Register</a> to join '
            "the discussion, it only takes a minute.</div></li></ul>\n"
            f"{self._crumbs(crumbs)}\n"
            '<noscript class="js-jsWarning"><div class="blockMessage blockMessage--important blockMessage--iconic '
            'u-noJsOnly">JavaScript is disabled. For a better experience, please enable JavaScript in your browser '
            "before proceeding.</div></noscript>\n"
            f"{header}\n"
            f'<div class="{main_cls}"><div class="p-body-contentCol"></div>{side_col}'
            f'<div class="p-body-content"><div class="p-body-pageContent">{body}</div></div>'
            f"{side}</div>\n"
            f"{self._crumbs(crumbs, 'bottom')}\n</div>\n</div>\n"
            f"{self._footer()}\n</div> <!-- closing p-pageWrapper -->\n"
            '<div class="u-bottomFixer js-bottomFixTarget"><ul class="notices notices--bottom_fixer  js-notices" '
            'data-xf-init="notices" data-type="bottom_fixer" data-scroll-interval="6"><li class="notice js-notice '
            'notice--primary notice--cookie" data-notice-id="-1" data-delay-duration="0" data-display-duration="0" '
            'data-auto-dismiss="0" data-visibility=""><div class="notice-content"><div class="u-alignCenter">This '
            "site uses cookies to help personalise content, tailor your experience and to keep you logged in if you "
            "register.<br />By continuing to use this site, you are consenting to our use of cookies.</div>"
            '<div class="u-inputSpacer u-alignCenter"><a href="/account/dismiss-notice" class="js-noticeDismiss '
            'button--notice button"><span class="button-text">Accept</span></a><a href="/help/cookies/" '
            'class="button--notice button"><span class="button-text">Learn more…</span></a></div></div></li></ul>'
            "</div>\n"
            f'<script src="/js/xf/core-compiled.js?_v=3f2a1b9c"></script>\n<script>\n\tjQuery.extend(true, XF.config, '
            f"{config});\n\tjQuery.extend(XF.phrases, {phrases});\n</script>\n"
            '<form style="display:none" hidden="hidden"><input type="text" name="_xfClientLoadTime" value="" '
            'id="_xfClientLoadTime" title="_xfClientLoadTime" tabindex="-1" /></form>\n</body>\n</html>'
        )

    def _nav(self, section: str) -> str:
        def el(href: str, label: str, nav_id: str, menu: list[tuple[str, str]]) -> str:
            selected = " is-selected" if nav_id == section else ""
            rows = "".join(
                f'<a href="{h}" class="menu-linkRow u-indentDepth0 js-offCanvasCopy " data-nav-id="{nav_id}{i}">'
                f"{escape(label_)}</a>"
                for i, (h, label_) in enumerate(menu)
            )
            return (
                f'<li><div class="p-navEl{selected}" data-has-children="true"><a href="{href}" '
                f'class="p-navEl-link p-navEl-link--splitMenu " data-nav-id="{nav_id}">{escape(label)}</a>'
                '<a data-xf-key="1" data-xf-click="menu" data-menu-pos-ref="< .p-navEl" class="p-navEl-splitTrigger" '
                'role="button" tabindex="0" aria-label="Toggle expanded" aria-expanded="false" aria-haspopup="true">'
                '</a><div class="menu menu--structural" data-menu="menu" aria-hidden="true"><div class="menu-content">'
                f"{rows}</div></div></div></li>"
            )

        items = [
            el("/", "Forums", "forums", [("/whats-new/posts/", "New posts"), ("/search/?type=post", "Search forums")]),
            el(
                "/whats-new/",
                "What's new",
                "whatsNew",
                [("/whats-new/posts/", "New posts"), ("/whats-new/profile-posts/", "New profile posts")],
            ),
            el(
                "/members/",
                "Members",
                "members",
                [("/members/list/", "Registered members"), ("/online/", "Current visitors")],
            ),
        ]
        return (
            '<div class="p-navSticky p-navSticky--primary" data-xf-init="sticky-header"><nav class="p-nav">'
            '<div class="p-nav-inner"><button type="button" class="button--plain p-nav-menuTrigger button" '
            'data-xf-click="off-canvas" data-menu=".js-headerOffCanvasMenu" tabindex="0" aria-label="Menu">'
            '<span class="button-text"><i aria-hidden="true"></i></span></button>'
            f'<div class="p-nav-smallLogo"><a href="/"><img src="/styles/default/xenforo/xenforo-logo.png" alt="{SITE}"'
            ' /></a></div><div class="p-nav-scroller hScroller" data-xf-init="h-scroller" '
            'data-auto-scroll=".p-navEl.is-selected"><div class="hScroller-scroll">'
            f'<ul class="p-nav-list js-offCanvasNavSource">{"".join(items)}</ul></div></div>'
            '<div class="p-nav-opposite"><div class="p-navgroup p-account p-navgroup--guest">'
            '<a href="/login/" class="p-navgroup-link p-navgroup-link--textual p-navgroup-link--logIn" '
            'data-xf-click="overlay" data-follow-redirects="on"><span class="p-navgroup-linkText">Log in</span></a>'
            '<div class="p-navgroup-divider"></div><a href="/register/" class="p-navgroup-link '
            'p-navgroup-link--textual p-navgroup-link--register" data-xf-click="overlay" data-follow-redirects="on">'
            '<span class="p-navgroup-linkText">Register</span></a></div><div class="p-navgroup p-discovery">'
            '<a href="/whats-new/" class="p-navgroup-link p-navgroup-link--iconic p-navgroup-link--whatsnew" '
            'aria-label="What&#039;s new" title="What&#039;s new"><i aria-hidden="true"></i>'
            '<span class="p-navgroup-linkText">What\'s new</span></a><a href="/search/" class="p-navgroup-link '
            'p-navgroup-link--iconic p-navgroup-link--search" data-xf-click="menu" data-xf-key="/" '
            'aria-label="Search" aria-expanded="false" aria-haspopup="true" title="Search"><i aria-hidden="true">'
            '</i><span class="p-navgroup-linkText">Search</span></a><div class="menu menu--structural menu--wide" '
            'data-menu="menu" aria-hidden="true"><form action="/search/search" method="post" class="menu-content" '
            'data-xf-init="quick-search"><h3 class="menu-header">Search</h3><div class="menu-row"><input '
            'type="text" class="input" name="keywords" placeholder="Search…" aria-label="Search" '
            'data-menu-autofocus="true" /></div></form></div></div></div></div></nav></div>'
            '<div class="p-sectionLinks"><div class="p-sectionLinks-inner hScroller" data-xf-init="h-scroller">'
            '<div class="hScroller-scroll"><ul class="p-sectionLinks-list"><li><div class="p-navEl ">'
            '<a href="/whats-new/posts/" class="p-navEl-link " data-xf-key="alt+1" data-nav-id="newPosts">New posts'
            '</a></div></li><li><div class="p-navEl "><a href="/search/?type=post" class="p-navEl-link " '
            'data-xf-key="alt+2" data-nav-id="searchForums">Search forums</a></div></li></ul></div></div></div>'
        )

    def _footer(self) -> str:
        return (
            '<footer class="p-footer" id="footer"><div class="p-footer-inner"><div class="p-footer-row">'
            '<div class="p-footer-row-main"><ul class="p-footer-linkList"><li><a href="/misc/contact" '
            'data-xf-click="overlay">Contact us</a></li></ul></div><div class="p-footer-row-opposite">'
            '<ul class="p-footer-linkList"><li><a href="/misc/contact" data-xf-click="overlay">Contact us</a></li>'
            '<li><a href="/help/terms/">Terms and rules</a></li><li><a href="/help/privacy-policy/">Privacy policy'
            '</a></li><li><a href="/help/">Help</a></li><li><a href="https://www.example.com/">Home</a></li>'
            '<li><a href="/forums/-/index.rss" target="_blank" class="p-footer-rssLink" title="RSS"><span '
            'aria-hidden="true"><i class="fa--xf far fa-rss" aria-hidden="true"></i><span class="u-srOnly">RSS'
            "</span></span></a></li></ul></div></div>"
            '<div class="p-footer-copyright"><a href="https://xenforo.com" class="u-concealed" dir="ltr" '
            'target="_blank" rel="sponsored noopener">Community platform by XenForo<sup>&reg;</sup> '
            '<span class="copyright">&copy; 2010-2022 XenForo Ltd.</span></a></div></div></footer>'
        )

    def _title_header(self, title_html: str, description: str = "", action: str = "") -> str:
        desc = f'<div class="p-description">{description}</div>' if description else ""
        return (
            f'<div class="p-body-header"><div class="p-title "><h1 class="p-title-value">{title_html}</h1>'
            f"{action}</div>{desc}</div>"
        )

    def _redirect(self, req: SiteRequest, target: str, status: int = 302) -> Reply:
        return Reply(status, "", {"Location": req.base_url + target, "Content-Type": "text/html; charset=utf-8"})

    def _rel_links(self, req: SiteRequest, url: Callable[[int], str], page: int, last: int) -> str:
        links = []
        if page > 1:
            links.append(f'\t<link rel="prev" href="{escape(req.base_url + url(page - 1))}" />\n')
        if page < last:
            links.append(f'\t<link rel="next" href="{escape(req.base_url + url(page + 1))}" />\n')
        return "".join(links)

    def _reactors(self, post: _Post) -> list[str]:
        rng = random.Random(post.pid)
        others = [n for n in self.vocab.names if n != post.author]
        return rng.sample(others, rng.choice([0, 0, 0, 1, 1, 2, 3, 5]))

    def _latest(self, board: _Board) -> tuple[_XfThread, _Post]:
        thread = max(board.threads, key=lambda t: self.when[t.posts[-1].pid])
        return thread, thread.posts[-1]

    # -- forum list ------------------------------------------------------------
    def _node(self, board: _Board) -> str:
        fid = board.fid
        thread, last = self._latest(board)
        u = self.users[last.author]
        n_threads, n_msgs = len(board.threads), sum(len(t.posts) for t in board.threads)
        stats = (
            f'<dl class="pairs pairs--{{0}}"><dt>Threads</dt><dd>{number_short(n_threads)}</dd></dl>'
            f'<dl class="pairs pairs--{{0}}"><dt>Messages</dt><dd>{number_short(n_msgs)}</dd></dl>'
        )
        prefix = self._label(thread.prefix) + '<span class="label-append">&nbsp;</span>' if thread.prefix else ""
        return (
            f'<div class="node node--id{fid} node--depth2 node--forum node--read"><div class="node-body">'
            '<span class="node-icon" aria-hidden="true"><i class="fa--xf far fa-comments" aria-hidden="true"></i>'
            '</span><div class="node-main js-nodeMain"><h3 class="node-title">'
            f'<a href="{self.board_target(fid, 1)}" data-xf-init="element-tooltip" data-shortcut="node-description">'
            f"{escape(board.name)}</a></h3>"
            '<div class="node-description node-description--tooltip js-nodeDescTooltip">'
            f"{escape(self.data.description[fid])}</div>"
            f'<div class="node-meta"><div class="node-statsMeta">{stats.format("inline")}</div></div></div>'
            f'<div class="node-stats">{stats.format("rows")}</div>'
            f'<div class="node-extra"><div class="node-extra-icon">{self._avatar(u, "xs")}</div>'
            f'<div class="node-extra-row"><a href="{self.post_url(last.pid)}" class="node-extra-title" '
            f'title="{escape(thread.title)}">{prefix}{escape(thread.title)}</a></div>'
            '<div class="node-extra-row"><ul class="listInline listInline--bullet">'
            f'<li class="node-extra-date">{self._time(self.when[last.pid])}</li>'
            f'<li class="node-extra-user">{self._user_link(u)}</li></ul></div></div></div></div>'
        )

    def _link_node(self) -> str:
        nid, title = self.data.link_forum
        return (
            f'<div class="node node--id{nid} node--depth2 node--link"><div class="node-body">'
            '<span class="node-icon" aria-hidden="true"><i class="fa--xf far fa-link" aria-hidden="true"></i></span>'
            f'<div class="node-main js-nodeMain"><h3 class="node-title"><a href="/link-forums/{slugify(title)}.{nid}/" '
            f'data-xf-init="element-tooltip" data-shortcut="node-description">{title}</a></h3>'
            '<div class="node-description node-description--tooltip js-nodeDescTooltip">The rules, on one page.'
            '</div></div><div class="node-stats node-stats--single"><dl class="pairs pairs--rows"><dt>Redirects</dt>'
            "<dd>1.2K</dd></dl></div></div></div>"
        )

    def _sidebar(self) -> str:
        d = self.data
        names = self.vocab.names
        online = [self.users[n] for n in names[::3]]
        online_list = "".join(f"<li>{self._user_link(u)}</li>" for u in online)
        recent = sorted(d.threads.values(), key=lambda t: -self.when[t.posts[-1].pid])[:5]
        latest = []
        for t in recent:
            last = t.posts[-1]
            board = d.board_by_fid[t.board]
            prefix = self._label(t.prefix) + '<span class="label-append">&nbsp;</span>' if t.prefix else ""
            latest.append(
                '<li class="block-row"><div class="contentRow"><div class="contentRow-figure">'
                f'{self._avatar(self.users[last.author], "xxs")}</div><div class="contentRow-main '
                f'contentRow-main--close"><a href="/threads/{self.slugs[t.tid]}.{t.tid}/unread">{prefix}'
                f'{escape(t.title)}</a><div class="contentRow-minor contentRow-minor--hideLinks">'
                f'<ul class="listInline listInline--bullet"><li>Latest: {escape(last.author)}</li>'
                f'<li>{self._time(self.when[last.pid])}</li></ul></div><div class="contentRow-minor '
                f'contentRow-minor--hideLinks"><a href="{self.board_target(board.fid, 1)}">{escape(board.name)}</a>'
                "</div></div></div></li>"
            )
        newest = max(self.users.values(), key=lambda u: u.joined)
        n_posts = sum(len(t.posts) for t in d.threads.values())
        return (
            '<div class="block" data-widget-section="onlineNow" data-widget-id="6" '
            'data-widget-key="forum_overview_members_online" data-widget-definition="members_online">'
            '<div class="block-container"><h3 class="block-minorHeader"><a href="/online/">Members online</a></h3>'
            '<div class="block-body"><div class="block-row block-row--minor"><ul class="listInline '
            f'listInline--comma">{online_list}</ul></div></div><div class="block-footer"><span '
            f'class="block-footer-counter">Total: {len(online) + 41} (members: {len(online)}, guests: 41)</span>'
            "</div></div></div>"
            '<div class="block" data-widget-section="latestPosts" data-widget-id="7" '
            'data-widget-key="forum_overview_new_posts" data-widget-definition="new_posts">'
            '<div class="block-container">'
            '<h3 class="block-minorHeader"><a href="/whats-new/posts/?skip=1" rel="nofollow">Latest posts</a></h3>'
            f'<ul class="block-body">{"".join(latest)}</ul></div></div>'
            '<div class="block" data-widget-section="forumStats" data-widget-id="8" '
            'data-widget-key="forum_overview_forum_statistics" data-widget-definition="forum_statistics">'
            '<div class="block-container"><h3 class="block-minorHeader">Forum statistics</h3>'
            '<div class="block-body block-row"><dl class="pairs pairs--justified count--threads"><dt>Threads</dt>'
            f'<dd>{len(d.threads):,}</dd></dl><dl class="pairs pairs--justified count--messages"><dt>Messages</dt>'
            f'<dd>{n_posts:,}</dd></dl><dl class="pairs pairs--justified count--users"><dt>Members</dt>'
            f'<dd>{len(self.users)}</dd></dl><dl class="pairs pairs--justified"><dt>Latest member</dt>'
            f"<dd>{self._user_link(newest)}</dd></dl></div></div></div>"
            '<div class="block" data-widget-section="onlineNow" data-widget-key="forum_overview_share_page">'
            '<div class="block-container"><h3 class="block-minorHeader">Share this page</h3>'
            '<div class="block-body block-row block-row--separated"><div class="shareButtons shareButtons--iconic" '
            'data-xf-init="share-buttons"><div class="shareButtons-buttons"><a class="shareButtons-button '
            'shareButtons-button--brand shareButtons-button--facebook" data-href="https://www.facebook.com/'
            'sharer.php?u={url}"><i aria-hidden="true"></i><span>Facebook</span></a><a class="shareButtons-button '
            'shareButtons-button--brand shareButtons-button--twitter" data-href="https://twitter.com/intent/tweet?'
            'url={url}&amp;text={title}"><i aria-hidden="true"></i><span>Twitter</span></a></div></div></div></div>'
            "</div>"
        )

    def _index(self, m: re.Match[str], req: SiteRequest) -> str:
        d = self.data
        blocks = []
        for i, (cid, cname, cdesc, boards) in enumerate(d.categories):
            nodes = "".join(self._node(b) for b in boards) + (self._link_node() if i == 0 else "")
            anchor = f"{slugify(cname)}.{cid}"
            blocks.append(
                f'<div class="block block--category block--category{cid}"><span class="u-anchorTarget" '
                f'id="{anchor}"></span><div class="block-container"><h2 class="block-header"><a href="/#{anchor}">'
                f'{escape(cname)}</a><span class="block-desc">{escape(cdesc)}</span></h2>'
                f'<div class="block-body">{nodes}</div></div></div>'
            )
        body = (
            '<div class="block-outer"><div class="block-outer-opposite"><div class="buttonGroup">'
            '<a href="/whats-new/posts/" class="button--link button" rel="nofollow"><span class="button-text">'
            f"New posts</span></a></div></div></div>{''.join(blocks)}"
        )
        header = self._title_header("Forums")
        return self._page(
            req, template="forum_list", title="Forums", body=body, header=header, canonical="/", sidebar=self._sidebar()
        )

    # -- forum view --------------------------------------------------------------
    def _row(self, t: _XfThread) -> str:
        first, last = t.posts[0], t.posts[-1]
        starter, poster = self.users[first.author], self.users[last.author]
        url = self.thread_target(t.tid, 1)
        pages = self.data.thread_pages(t)
        jump = ""
        if pages > 1:
            numbers = range(2, pages + 1) if pages <= 3 else range(pages - 2, pages + 1)
            jump = (
                '<span class="structItem-pageJump">'
                + "".join(f'<a href="{self.thread_target(t.tid, n)}">{n}</a>' for n in numbers)
                + "</span>"
            )
        status = ""
        if t.sticky:
            status = (
                '<li><i class="structItem-status structItem-status--sticky" aria-hidden="true" title="Sticky"></i>'
                '<span class="u-srOnly">Sticky</span></li>'
            )
        prefix = ""
        if t.prefix:
            prefix = (
                f'<a href="{escape(self.prefix_url(t))}" class="labelLink" rel="nofollow">{self._label(t.prefix)}</a>'
            )
        score = len(self._reactors(first))
        return (
            f'<div class="structItem structItem--thread{" is-prefix" + str(t.prefix) if t.prefix else ""} '
            f'js-inlineModContainer js-threadListItem-{t.tid}" data-author="{escape(first.author)}">'
            '<div class="structItem-cell structItem-cell--icon"><div class="structItem-iconContainer">'
            f"{self._avatar(starter, 's')}</div></div>"
            '<div class="structItem-cell structItem-cell--main" data-xf-init="touch-proxy">'
            f'<ul class="structItem-statuses">{status}</ul><div class="structItem-title">{prefix}'
            f'<a href="{url}" class="" data-tp-primary="on" data-xf-init="preview-tooltip" '
            f'data-preview-url="{url}preview">{escape(t.title)}</a></div>'
            f'<div class="structItem-minor"><ul class="structItem-parts"><li>{self._user_link(starter)}</li>'
            f'<li class="structItem-startDate"><a href="{url}" rel="nofollow">{self._time(self.when[first.pid])}</a>'
            f"</li></ul>{jump}</div></div>"
            f'<div class="structItem-cell structItem-cell--meta" title="First message reaction score: {score}">'
            f'<dl class="pairs pairs--justified"><dt>Replies</dt><dd>{len(t.posts) - 1:,}</dd></dl>'
            f'<dl class="pairs pairs--justified structItem-minor"><dt>Views</dt><dd>{number_short(t.views)}</dd></dl>'
            '</div><div class="structItem-cell structItem-cell--latest">'
            f'<a href="/threads/{self.slugs[t.tid]}.{t.tid}/latest" rel="nofollow">'
            f"{self._time(self.when[last.pid], 'structItem-latestDate u-dt')}</a>"
            f'<div class="structItem-minor">{self._user_link(poster)}</div></div>'
            '<div class="structItem-cell structItem-cell--icon structItem-cell--iconEnd">'
            f'<div class="structItem-iconContainer">{self._avatar(poster, "xxs")}</div></div></div>'
        )

    def _filter_bar(self, board: _Board, filters: dict[str, str]) -> str:
        base = self.board_target(board.fid, 1)
        active = []
        prefix = filters.get("prefix_id")
        sort = {k: v for k, v in filters.items() if k in {"order", "direction"}}
        if prefix:
            rest = "&".join(f"{k}={v}" for k, v in sort.items())
            active.append(
                f'<li><a href="{escape(base + ("?" + rest if rest else ""))}" class="filterBar-filterToggle" '
                'data-xf-init="tooltip" title="Remove this filter"><span class="filterBar-filterToggle-label">'
                f"Prefix:</span> {escape(PREFIXES[int(prefix)][0])}</a></li>"
            )
        order = filters.get("order", "last_post_date")
        label = next((lbl for o, _, lbl in _SORT_MENU if o == order), "Last message")
        if "order" in filters:
            rest = f"prefix_id={prefix}" if prefix else ""
            active.append(
                f'<li><a href="{escape(base + ("?" + rest if rest else ""))}" class="filterBar-filterToggle" '
                'data-xf-init="tooltip" title="Return to the default order"><span class="filterBar-filterToggle-label">'
                f"Sort by:</span> {label}</a></li>"
            )
        sorts = "".join(
            f'<a href="{escape(f"{base}?order={o}&direction={d}")}" class="menu-linkRow" rel="nofollow">{lbl}</a>'
            for o, d, lbl in _SORT_MENU
        )
        filters_html = f'<ul class="filterBar-filters">{"".join(active)}</ul>' if active else ""
        return (
            f'<div class="block-filterBar"><div class="filterBar">{filters_html}'
            '<a class="filterBar-menuTrigger" data-xf-click="menu" role="button" tabindex="0" aria-expanded="false" '
            'aria-haspopup="true">Filters</a><div class="menu menu--wide" data-menu="menu" aria-hidden="true" '
            f'data-href="{base}filters" data-load-target=".js-filterMenuBody"><div class="menu-content">'
            '<h4 class="menu-header">Show only:</h4><div class="js-filterMenuBody"><div class="menu-row">Loading…'
            '</div></div></div></div><a class="filterBar-menuTrigger" data-xf-click="menu" role="button" '
            f'tabindex="0" aria-expanded="false" aria-haspopup="true">Sort by: {label}</a><div class="menu" '
            'data-menu="menu" aria-hidden="true"><div class="menu-content"><h4 class="menu-header">Sort by</h4>'
            f"{sorts}</div></div></div></div>"
        )

    def _render_board(
        self,
        req: SiteRequest,
        *,
        board: _Board,
        page: int,
        threads: tuple[list[_XfThread], list[_XfThread]],
        last: int,
        url: Callable[[int], str],
        filters: dict[str, str],
    ) -> str:
        sticky, normal = threads
        groups = ""
        if sticky:
            groups += (
                '<div class="structItemContainer-group structItemContainer-group--sticky">'
                f"{''.join(self._row(t) for t in sticky)}</div>"
            )
        rows = "".join(self._row(t) for t in normal)
        if not rows and not sticky:
            rows = '<div class="structItem structItem--note">There are no threads in this forum.</div>'
        groups += f'<div class="structItemContainer-group js-threadList">{rows}</div>'
        nav = self._pagenav(url, page, last)
        desc = self.data.description[board.fid]
        body = (
            '<div class="block " data-xf-init="" data-type="thread" data-href="/inline-mod/">'
            f'<div class="block-outer"><div class="block-outer-main">{nav}</div></div>'
            f'<div class="block-container">{self._filter_bar(board, filters)}'
            f'<div class="block-body"><div class="structItemContainer">{groups}</div></div></div>'
            f'<div class="block-outer block-outer--after"><div class="block-outer-main">{nav}</div></div></div>'
        )
        action = (
            f'<div class="p-title-pageAction"><a href="{self.board_target(board.fid, 1)}post-thread" '
            'class="button--cta button button--icon button--icon--write" data-xf-click="prefix-grabber" '
            'rel="nofollow"><span class="button-text">Post thread</span></a></div>'
        )
        header = self._title_header(escape(board.name), escape(desc), action)
        rss = (
            f'\t<link rel="alternate" type="application/rss+xml" title="RSS feed for {escape(board.name)}" '
            f'href="{self.board_target(board.fid, 1)}index.rss" />\n'
        )
        return self._page(
            req,
            template="forum_view",
            title=board.name + (f" | Page {page}" if page > 1 else ""),
            body=body,
            header=header,
            crumbs=self._board_crumbs(board.fid),
            canonical=self.board_target(board.fid, page),
            head=self._rel_links(req, url, page, last) + rss,
            description=desc,
            keys=(f"node-{board.fid}", ""),
        )

    def _board(self, m: re.Match[str], req: SiteRequest) -> str | Reply | None:
        board = self.data.board_by_fid.get(int(m["fid"]))
        canonical = self._canonical_of(m, "_board")
        if board is None or canonical is None:
            return None
        if canonical != self.strip_session(req.target):
            return self._redirect(req, canonical, 301)
        page = int(m["page"] or 1)
        listed: list[_XfThread] = self.data.list_page(board, page)
        threads = ([t for t in listed if t.sticky], [t for t in listed if not t.sticky])
        url = lambda n: self.board_target(board.fid, n)  # noqa: E731
        return self._render_board(
            req, board=board, page=page, threads=threads, last=self.data.list_pages(board), url=url, filters={}
        )

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
        keys: dict[str, Callable[[_XfThread], object]] = {
            "last_post_date": lambda t: self.when[t.posts[-1].pid],
            "post_date": lambda t: self.when[t.posts[0].pid],
            "title": lambda t: t.title.lower(),
            "reply_count": lambda t: len(t.posts),
            "view_count": lambda t: t.views,
            "first_post_reaction_score": lambda t: len(self._reactors(t.posts[0])),
        }
        chosen: list[_XfThread] = [t for t in board.threads if not prefix or t.prefix == int(prefix)]
        normal = sorted((t for t in chosen if not t.sticky), key=keys[order], reverse=direction == "desc")
        per = self.threads_per_page
        last = max(1, -(-len(normal) // per))
        page = int(m["page"] or 1)
        if not 1 <= page <= last:
            return None
        filters = {
            k: v
            for k, v in (("prefix_id", prefix), ("order", params.get("order")), ("direction", params.get("direction")))
            if v
        }
        query = "&".join(f"{k}={v}" for k, v in filters.items())
        url = lambda n: f"{self.board_target(board.fid, n)}?{query}"  # noqa: E731
        sticky = [t for t in chosen if t.sticky] if page == 1 else []
        shown = (sticky, normal[(page - 1) * per : page * per])
        return self._render_board(req, board=board, page=page, threads=shown, last=last, url=url, filters=filters)

    # -- thread view -------------------------------------------------------------
    def _quote(self, quoted: _Post) -> str:
        u = self.users[quoted.author]
        return (
            f'<blockquote data-attributes="member: {u.uid}" data-quote="{escape(u.name)}" '
            f'data-source="post: {quoted.pid}" class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote '
            'js-expandWatch"><div class="bbCodeBlock-title">'
            f'<a href="/goto/post?id={quoted.pid}" class="bbCodeBlock-sourceJump" rel="nofollow" '
            f'data-xf-click="attribution" data-content-selector="#post-{quoted.pid}">{escape(u.name)} said:</a></div>'
            '<div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent js-expandContent ">'
            f'{self._bb(quoted.paragraphs)}</div><div class="bbCodeBlock-expandLink js-expandLink">'
            '<a role="button" tabindex="0">Click to expand...</a></div></div></blockquote>'
        )

    def _reactions_bar(self, post: _Post) -> str:
        who = self._reactors(post)
        if not who:
            return '<div class="reactionsBar js-reactionsList "></div>'
        names = [f"<bdi>{escape(n)}</bdi>" for n in who]
        if len(names) == 1:
            text = names[0]
        elif len(names) <= 3:
            text = f"{', '.join(names[:-1])} and {names[-1]}"
        else:
            text = f"{', '.join(names[:2])} and {len(names) - 2} others"
        return (
            '<div class="reactionsBar js-reactionsList is-active"><ul class="reactionSummary"><li><span '
            'class="reaction reaction--small reaction--1" data-reaction-id="1"><i aria-hidden="true"></i><img '
            'src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" '
            'class="reaction-sprite js-reaction" alt="Like" title="Like" /></span></li></ul>'
            '<span class="u-srOnly">Reactions:</span><a class="reactionsBar-link" '
            f'href="/posts/{post.pid}/reactions" data-xf-click="overlay" data-cache="false" rel="nofollow">'
            f"{text}</a></div>"
        )

    def _article(self, t: _XfThread, post: _Post) -> str:
        u = self.users[post.author]
        pid, ts = post.pid, self.when[post.pid]
        link = self.post_url(pid)
        quoted = self.quotes.get(pid)
        banner = ""
        if u.staff:
            banner = (
                '<div class="userBanner userBanner--staff message-userBanner" dir="auto" itemprop="jobTitle">'
                '<span class="userBanner-before"></span><strong>Staff member</strong>'
                '<span class="userBanner-after"></span></div>'
            )
        edited = ""
        if pid in self.edited:
            edited = f'<div class="message-lastEdit">Last edited: {self._time(self.edited[pid])}</div>'
        signature = ""
        if u.signature:
            signature = (
                f'<aside class="message-signature"><div class="bbWrapper">{self._bb([u.signature])}</div></aside>'
            )
        caption = f"{escape(u.name)} &middot; {date_string(ts)} at {time_string(ts)}"
        return (
            f'<article class="message message--post js-post js-inlineModContainer  " data-author="{escape(u.name)}" '
            f'data-content="post-{pid}" id="js-post-{pid}"><span class="u-anchorTarget" id="post-{pid}"></span>'
            '<div class="message-inner"><div class="message-cell message-cell--user">'
            '<section itemscope itemtype="https://schema.org/Person" class="message-user">'
            '<div class="message-avatar "><div class="message-avatar-wrapper">'
            f"{self._avatar(u, 'm', extra=_IMAGE)}</div></div>"
            '<div class="message-userDetails"><h4 class="message-name">'
            f"{self._user_link(u, extra=_NAME)}</h4>"
            f'<h5 class="userTitle message-userTitle" dir="auto" itemprop="jobTitle">{u.title}</h5>{banner}</div>'
            '<div class="message-userExtras"><dl class="pairs pairs--justified"><dt>Joined</dt>'
            f"<dd>{date_string(u.joined)}</dd></dl>"
            f'<dl class="pairs pairs--justified"><dt>Messages</dt><dd>{u.messages:,}</dd></dl>'
            '<dl class="pairs pairs--justified"><dt>Reaction score</dt>'
            f"<dd>{u.reaction_score:,}</dd></dl></div>"
            '<span class="message-userArrow"></span></section></div>'
            '<div class="message-cell message-cell--main"><div class="message-main js-quickEditTarget">'
            '<header class="message-attribution message-attribution--split">'
            '<ul class="message-attribution-main listInline "><li class="u-concealed">'
            f'<a href="{link}" rel="nofollow">{self._time(ts, extra=_PUBLISHED)}</a></li></ul>'
            '<ul class="message-attribution-opposite message-attribution-opposite--list ">'
            f'<li><a href="{link}" class="message-attribution-gadget" data-xf-init="share-tooltip" '
            f'data-href="/posts/{pid}/share" aria-label="Share" rel="nofollow"><i class="fa--xf far fa-share-alt" '
            'aria-hidden="true"></i></a></li>'
            f'<li><a href="{link}" rel="nofollow">#{self.position[pid]:,}</a></li></ul></header>'
            '<div class="message-content js-messageContent"><div class="message-userContent lbContainer '
            f'js-lbContainer " data-lb-id="post-{pid}" data-lb-caption-desc="{caption}">'
            '<article class="message-body js-selectToQuote"><div itemprop="text">'
            f'<div class="bbWrapper">{self._quote(quoted) if quoted else ""}{self._bb(post.paragraphs)}</div>'
            '</div><div class="js-selectToQuoteEnd">&nbsp;</div></article></div>'
            f"{edited}{signature}</div>"
            '<footer class="message-footer"><div class="message-actionBar actionBar">'
            '<div class="actionBar-set actionBar-set--external">'
            f'<a href="/posts/{pid}/react?reaction_id=1" class="reaction reaction--small actionBar-action '
            'actionBar-action--reaction" data-xf-init="reaction" data-reaction-id="1" rel="nofollow">'
            '<i aria-hidden="true"></i><img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAA'
            'EAAAIBRAA7" class="reaction-sprite js-reaction" alt="Like" title="Like" /><span class="reaction-text '
            'js-reactionText"><bdi>Like</bdi></span></a>'
            f'<a href="/threads/{self.slugs[t.tid]}.{t.tid}/reply?quote={pid}" class="actionBar-action '
            'actionBar-action--reply" title="Reply, quoting this message" rel="nofollow" data-xf-click="quote" '
            f'data-quote-href="/posts/{pid}/quote">Reply</a></div>'
            '<div class="actionBar-set actionBar-set--internal">'
            f'<a href="/posts/{pid}/report" class="actionBar-action actionBar-action--report" '
            'data-xf-click="overlay">Report</a></div></div>'
            f'{self._reactions_bar(post)}<div class="js-historyTarget message-historyTarget toggleTarget" '
            'data-href="trigger-href"></div></footer></div></div></div></article>'
        )

    def _json_ld(self, req: SiteRequest, t: _XfThread) -> str:
        first, last = t.posts[0], t.posts[-1]
        board = self.data.board_by_fid[t.board]
        body = " ".join(first.paragraphs)
        data = {
            "@context": "https://schema.org",
            "@type": "DiscussionForumPosting",
            "@id": req.base_url + self.thread_target(t.tid, 1),
            "headline": t.title,
            "articleBody": body[:497] + "..." if len(body) > 500 else body,
            "articleSection": board.name,
            "author": {"@type": "Person", "name": first.author},
            "datePublished": re.sub(r"(\d\d)(\d\d)$", r"\1:\2", iso_time(self.when[first.pid])),
            "dateModified": re.sub(r"(\d\d)(\d\d)$", r"\1:\2", iso_time(self.when[last.pid])),
            "interactionStatistic": {
                "@type": "InteractionCounter",
                "interactionType": "https://schema.org/ReplyAction",
                "userInteractionCount": len(t.posts) - 1,
            },
        }
        payload = json.dumps(data, indent=1).replace("</", "<\\/")
        return f'\t<script type="application/ld+json">\n{payload}\n\t</script>\n'

    def _thread(self, m: re.Match[str], req: SiteRequest) -> str | Reply | None:
        t = self.data.threads.get(int(m["tid"]))
        canonical = self._canonical_of(m, "_thread")
        if t is None or canonical is None:
            return None
        if canonical != self.strip_session(req.target):
            return self._redirect(req, canonical, 301)
        assert isinstance(t, _XfThread)
        page = int(m["page"] or 1)
        last = self.data.thread_pages(t)
        per = self.posts_per_page
        first = t.posts[0]
        starter = self.users[first.author]
        url = lambda n: self.thread_target(t.tid, n)  # noqa: E731
        nav = self._pagenav(url, page, last)
        articles = "".join(self._article(t, p) for p in t.posts[(page - 1) * per : page * per])
        title_html = escape(t.title)
        if t.prefix:
            title_html = f'{self._label(t.prefix)}<span class="label-append">&nbsp;</span>{title_html}'
        description = (
            '<ul class="listInline listInline--bullet"><li><i class="fa--xf far fa-user" aria-hidden="true" '
            'title="Thread starter"></i><span class="u-srOnly">Thread starter</span>'
            f'{self._user_link(starter, "username  u-concealed")}</li><li><i class="fa--xf far fa-clock" '
            'aria-hidden="true" title="Start date"></i><span class="u-srOnly">Start date</span>'
            f'<a href="{self.thread_target(t.tid, 1)}" class="u-concealed" rel="nofollow">'
            f"{self._time(self.when[first.pid])}</a></li></ul>"
        )
        tags = ""
        if t.tags:
            links = "".join(f'<a href="/tags/{g}/" class="tagItem tagItem--tag_{g}" dir="auto">{g}</a>' for g in t.tags)
            tags = (
                f'<div class="block-outer block-outer--after"><dl class="tagList tagList--thread-{t.tid} ">'
                f'<dt><i class="fa--xf far fa-tags" aria-hidden="true" title="Tags"></i><span class="u-srOnly">Tags'
                f'</span></dt><dd><span class="js-tagList">{links}</span></dd></dl></div>'
            )
        body = (
            '<div class="block block--messages" data-xf-init="" data-type="post" data-href="/inline-mod/" '
            'data-search-target="*"><span class="u-anchorTarget" id="posts"></span>'
            f'<div class="block-outer"><div class="block-outer-main">{nav}</div></div>{tags}'
            '<div class="block-outer js-threadStatusField"></div><div class="block-container lbContainer" '
            'data-xf-init="lightbox select-to-quote" data-message-selector=".js-post" '
            f'data-lb-id="thread-{t.tid}" data-lb-universal="0"><div class="block-body js-replyNewMessageContainer">'
            f"{articles}</div></div>"
            f'<div class="block-outer block-outer--after"><div class="block-outer-main">{nav}</div>'
            '<div class="block-outer-opposite"><a href="/login/" class="button--link button--wrap button" '
            'data-xf-click="overlay"><span class="button-text">You must log in or register to reply here.</span>'
            "</a></div></div></div>"
            '<div class="blockMessage blockMessage--none"><div class="shareButtons shareButtons--iconic" '
            'data-xf-init="share-buttons" data-page-url="" data-page-title="" data-page-desc="" data-page-image="">'
            '<span class="shareButtons-label">Share:</span><div class="shareButtons-buttons">'
            '<a class="shareButtons-button shareButtons-button--brand shareButtons-button--facebook" '
            'data-href="https://www.facebook.com/sharer.php?u={url}"><i aria-hidden="true"></i><span>Facebook</span>'
            '</a><a class="shareButtons-button shareButtons-button--brand shareButtons-button--reddit" '
            'data-href="https://reddit.com/submit?url={url}&amp;title={title}"><i aria-hidden="true"></i>'
            "<span>Reddit</span></a></div></div></div>"
        )
        board = self.data.board_by_fid[t.board]
        crumbs = [*self._board_crumbs(t.board), (self.board_target(t.board, 1), board.name)]
        return self._page(
            req,
            template="thread_view",
            title=self._prefix_text(t) + t.title + (f" | Page {page}" if page > 1 else ""),
            body=body,
            header=self._title_header(title_html, description),
            crumbs=crumbs,
            canonical=canonical,
            head=self._rel_links(req, url, page, last) + self._json_ld(req, t),
            description=" ".join(first.paragraphs)[:155],
            keys=(f"node-{t.board}", f"thread-{t.tid}"),
        )

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

    def _simple(self, req: SiteRequest, title: str, content: str, template: str, status: int = 200) -> Reply:
        header = self._title_header(escape(title))
        body = f'<div class="block"><div class="block-container"><div class="block-body">{content}</div></div></div>'
        page = self._page(req, template=template, title=title, body=body, header=header)
        return html(page, charset=self.charset, status=status)

    def _noise_guest(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        """What a guest gets for report/react/reply/post-thread: XenForo's 'no permission' error (403)."""
        if "pid" in m.re.groupindex and m["pid"] and int(m["pid"]) not in self.thread_of:
            return None
        content = (
            '<div class="blockMessage blockMessage--error blockMessage--iconic">You must be logged-in to do that.'
            '</div><form action="/login/login" method="post" class="block"><div class="block-container">'
            '<div class="block-body"><dl class="formRow"><dt><label>Your name or email address</label></dt>'
            '<dd><input type="text" class="input" name="login" /></dd></dl><dl class="formRow"><dt>'
            '<label>Password</label></dt><dd><input type="password" class="input" name="password" />'
            '<a href="/lost-password/" data-xf-click="overlay">Forgot your password?</a></dd></dl></div>'
            '<div class="formSubmitRow"><button type="submit" class="button--primary button">Log in</button></div>'
            "</div></form>"
        )
        return self._simple(req, "Oops! We ran into some problems.", content, "login", status=403)

    def _noise_reactions(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        pid = int(m["pid"])
        t = self.thread_of.get(pid)
        if t is None:
            return None
        post = t.posts[self.position[pid] - 1]
        rows = (
            "".join(
                f'<li class="block-row block-row--separated"><div class="contentRow"><div class="contentRow-figure">'
                f'{self._avatar(self.users[n], "s")}</div><div class="contentRow-main"><h3 class="contentRow-header">'
                f"{self._user_link(self.users[n])}</h3></div></div></li>"
                for n in self._reactors(post)
            )
            or '<div class="block-row">No one has reacted to this post yet.</div>'
        )
        return self._simple(req, f"Members who reacted to message #{self.position[pid]}", rows, "reaction_list")

    def _noise_member(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        u = next((u for u in self.users.values() if u.uid == int(m["uid"])), None)
        if u is None:
            return None
        seen = max(
            (self.when[p.pid] for t in self.data.threads.values() for p in t.posts if p.author == u.name),
            default=u.joined,
        )
        content = (
            f'<div class="memberHeader "><div class="memberHeader-main"><div class="memberHeader-avatar">'
            f'{self._avatar(u, "l")}</div><div class="memberHeader-content memberHeader-content--info">'
            f'<h1 class="memberHeader-name"><span class="memberHeader-nameWrapper"><span class="username " '
            f'dir="auto" data-user-id="{u.uid}">{escape(u.name)}</span></span></h1><div '
            f'class="memberHeader-blurbContainer"><div class="memberHeader-blurb" dir="auto"><span class="userTitle" '
            f'dir="auto">{u.title}</span></div><div class="memberHeader-blurb"><dl class="pairs pairs--inline">'
            f'<dt>Joined</dt><dd>{self._time(u.joined)}</dd></dl></div><div class="memberHeader-blurb">'
            f'<dl class="pairs pairs--inline"><dt>Last seen</dt><dd dir="auto">{self._time(seen)}</dd></dl></div>'
            '</div></div></div><div class="memberHeader-stats"><div class="pairJustifier"><dl class="pairs '
            'pairs--rows pairs--rows--centered fauxBlockLink"><dt>Messages</dt><dd><a href="/search/member?user_id='
            f'{u.uid}" rel="nofollow" class="fauxBlockLink-linkRow u-concealed">{u.messages:,}</a></dd></dl>'
            '<dl class="pairs pairs--rows pairs--rows--centered"><dt>Reaction score</dt>'
            f"<dd>{u.reaction_score:,}</dd></dl></div></div></div>"
            f'<h2 class="block-tabHeader tabs"><a href="{u.url}" class="tabs-tab is-active">Profile posts</a>'
            f'<a href="{u.url}#latest-activity" class="tabs-tab">Latest activity</a>'
            f'<a href="{u.url}#recent-content" class="tabs-tab">Postings</a>'
            f'<a href="{u.url}#about" class="tabs-tab">About</a></h2>'
            f'<div class="block-row">There are no messages on {escape(u.name)}\'s profile yet.</div>'
        )
        return self._simple(req, u.name, content, "member_view")

    def _noise_linkforum(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        return self._redirect(req, "/help/terms/") if int(m["fid"]) == self.data.link_forum[0] else None

    def _thread_list(self, threads: list[_XfThread]) -> str:
        return (
            '<div class="structItemContainer"><div class="structItemContainer-group js-threadList">'
            f"{''.join(self._row(t) for t in threads)}</div></div>"
        )

    def _noise_newposts(self, m: re.Match[str], req: SiteRequest) -> Reply:
        recent = sorted(self.data.threads.values(), key=lambda t: -self.when[t.posts[-1].pid])[:20]
        return self._simple(req, "New posts", self._thread_list(recent), "whats_new_posts")

    def _noise_tag(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        tag = m["tag"]
        if tag not in TAGS:
            return None
        tagged = [t for t in self.data.threads.values() if tag in t.tags]
        rows = "".join(
            '<li class="block-row block-row--separated"><div class="contentRow"><div class="contentRow-main">'
            f'<h3 class="contentRow-title"><a href="{self.thread_target(t.tid, 1)}">{escape(t.title)}</a></h3>'
            f'<div class="contentRow-minor contentRow-minor--hideLinks"><ul class="listInline listInline--bullet">'
            f"<li>{escape(t.posts[0].author)}</li><li>Thread</li><li>{self._time(self.when[t.posts[0].pid])}</li>"
            f'<li>Forum: <a href="{self.board_target(t.board, 1)}">'
            f"{escape(self.data.board_by_fid[t.board].name)}</a></li></ul></div></div></div></li>"
            for t in tagged
        )
        return self._simple(req, f"Tagged content: {tag}", f'<ol class="block-body">{rows}</ol>', "tag_view")

    def _noise_rss(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        fid = m["fid"]
        if fid and int(fid) not in self.data.board_by_fid:
            return None
        threads = [t for t in self.data.threads.values() if not fid or t.board == int(fid)]
        threads.sort(key=lambda t: -self.when[t.posts[0].pid])
        items = "".join(
            f"<item><title>{escape(t.title)}</title>"
            f"<pubDate>{datetime.fromtimestamp(self.when[t.posts[0].pid], UTC):%a, %d %b %Y %H:%M:%S} +0000</pubDate>"
            f'<link>{req.base_url}{self.thread_target(t.tid, 1)}</link><guid isPermaLink="false">{t.tid}</guid>'
            f"<author>invalid@example.com ({escape(t.posts[0].author)})</author>"
            f"<dc:creator>{escape(t.posts[0].author)}</dc:creator>"
            f'<content:encoded><![CDATA[<div class="bbWrapper">{self._bb(t.posts[0].paragraphs)}</div>]]>'
            f"</content:encoded><slash:comments>{len(t.posts) - 1}</slash:comments></item>"
            for t in threads[:20]
        )
        title = self.data.board_by_fid[int(fid)].name if fid else "Latest threads"
        body = (
            '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
            'xmlns:slash="http://purl.org/rss/1.0/modules/slash/"><channel>'
            f"<title>{escape(title)}</title><description>{escape(title)}</description>"
            f"<pubDate>{datetime.fromtimestamp(NOW, UTC):%a, %d %b %Y %H:%M:%S} +0000</pubDate>"
            f"<generator>{SITE}</generator><link>{req.base_url}/</link>{items}</channel></rss>"
        )
        return Reply(200, body, {"Content-Type": "application/rss+xml; charset=utf-8"})

    def _noise_static(self, m: re.Match[str], req: SiteRequest) -> Reply:
        path = self.strip_session(req.target)
        users = sorted(self.users.values(), key=lambda u: -u.messages)
        member_list = "".join(
            f'<li class="block-row"><div class="contentRow"><div class="contentRow-figure">{self._avatar(u, "s")}'
            f'</div><div class="contentRow-main"><h3 class="contentRow-header">{self._user_link(u)}</h3>'
            f'<div class="contentRow-minor">{u.title} &middot; Messages: {u.messages:,}</div></div></div></li>'
            for u in users
        )
        pages: dict[str, tuple[str, str, str]] = {
            "/members/": ("Notable members", "member_notable", f'<ol class="listPlain">{member_list}</ol>'),
            "/members/list/": ("Registered members", "member_list", f'<ol class="listPlain">{member_list}</ol>'),
            "/online/": ("Current visitors", "online_list", f'<ol class="listPlain">{member_list[:2000]}</ol>'),
            "/login/": (
                "Log in",
                "login",
                '<form action="/login/login" method="post"><input name="login" />'
                '<a href="/lost-password/">Forgot your password?</a></form>',
            ),
            "/register/": (
                "Register",
                "register_form",
                '<form action="/register/register" method="post">'
                '<input name="username" /><a href="/help/terms/">terms and rules</a></form>',
            ),
            "/lost-password/": ("Lost password", "lost_password", '<form method="post"><input name="email" /></form>'),
            "/whats-new/": (
                "What's new",
                "whats_new",
                '<a href="/whats-new/posts/">New posts</a> <a href="/whats-new/profile-posts/">New profile posts</a>',
            ),
            "/whats-new/profile-posts/": (
                "New profile posts",
                "whats_new_profile_posts",
                '<div class="block-row">No results found.</div>',
            ),
            "/help/": (
                "Help",
                "help_index",
                '<a href="/help/terms/">Terms and rules</a> <a href="/help/'
                'privacy-policy/">Privacy policy</a> <a href="/help/cookies/">Cookie usage</a>',
            ),
            "/help/terms/": ("Terms and rules", "help_page", "<p>Be excellent to each other.</p>"),
            "/help/privacy-policy/": ("Privacy policy", "help_page", "<p>We keep as little as we can.</p>"),
            "/help/cookies/": ("Cookie usage", "help_page", "<p>This site uses cookies.</p>"),
            "/misc/contact": (
                "Contact us",
                "contact_form",
                '<form method="post"><textarea name="message"></textarea></form>',
            ),
            "/account/dismiss-notice": (
                "Dismiss notice",
                "account_dismiss_notice",
                "<p>The notice has been dismissed.</p>",
            ),
        }
        if path.startswith("/search/"):
            title, template, content = (
                "Search",
                "search_form",
                (
                    '<form action="/search/search" method="post"><input type="search" name="keywords" /></form>'
                    if "user_id" not in path
                    else '<div class="block-row">No results found.</div>'
                ),
            )
        else:
            title, template, content = pages[path]
        return self._simple(req, title, content, template)
