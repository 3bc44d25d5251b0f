"""Simple Machines Forum 2.1 fixture in the default Curve2 theme (English, UTF-8), as a guest sees it.

Everything is ``/index.php`` (``/`` serves the board index too) with SMF's ``;``-separated queries,
links absolute (``$scripturl``). Board index ``index.php``: categories (``div.main_container``, anchor
``#cN``) of ``div.up_contain`` board rows (``div.info``, ``div.board_stats``, ``div.lastpost`` with the
latest post as ``?topic=T.msgM#new``, sub-boards in ``div.children``), the news fader and the info center
(recent posts as ``?topic=T.msgM;topicseen#msgM``, stats, users online). Boards ``?board=B.0``, later
pages ``?board=B.20`` (20 topics a page; stickies first, then by last post; one board has a sub-board
listed on its first page): ``div#messageindex`` with sort links (``;sort=subject``, ``;desc``) and
``div#topic_container`` rows (``div.windowbg`` + ``sticky``/``locked``, ``span.preview`` with the
first post's text as its title, 'Started by', ``span.topic_pages`` page links with an 'All' link,
replies/views, last post ``?topic=T.15#msgM``), and 'MOVED:' notices whose topic redirects (301).
Topics ``?topic=T.0``, later pages ``?topic=T.15`` (15 posts a page): ``div#display_head`` with the
subject in ``span#top_subject``, '« previous - next »' (``;prev_next=prev#new``), ``div.pagesection``
pagers (``a.nav_page``, ``span.current_page``, ``span.expand_pages`` whose onclick holds the link
template) with a Print button and an 'All' link (``;all``), then ``div#forumposts`` of ``div.windowbg``
posts ``id="msgM"``: ``div.poster`` (``h4`` profile link ``?action=profile;u=N``, avatar, star icons,
membergroup, custom title, post group, 'Posts: N', personal text, website, 'Logged'),
``div.keyinfo`` (hidden subject 'Re: …' linked ``?msg=M``, ``#N`` for replies, the time linked
``?msg=M`` titled 'Reply #N - Re: …', ``span.modified`` 'Last Edit: … by …'), the body in
``div.post > div.inner#msg_M`` (lines joined by ``<br>`` with no whitespace, bold/italic, links,
smileys, ``blockquote.bbc_standard_quote`` quotes of earlier posts headed by ``cite`` 'Quote from: X on
…' linking ``?msg=M``, sometimes nested in ``bbc_alternate_quote``), likes ('2 people like this.',
linking ``action=likes`` with the session token) and ``div.moderatorbar > div.signature``.

Sessions: a request without a ``PHPSESSID`` cookie gets one (``Set-Cookie``); for such a request from
a browser (SMF's test: 'Mozilla' or 'Opera' in the user agent and no 'bot'/'crawl'/'slurp') every link
to the script is rewritten ``index.php?PHPSESSID=…&amp;…`` (``ob_sessrewrite``), and redirects of any
cookie-less client carry ``?PHPSESSID=…;`` (``redirectexit``). Noise: ``?msg=M`` (302 to
``?topic=T.msgM#msgM``), moved notices, ``;all``, print (``action=printpage``), sorted board views,
recent posts (``action=recent``, ``;start=10``), RSS/Atom (``action=.xml``), profiles and a member's
posts, who's online, stats (``;expand=YYYYMM``), search, help, login, sign up, terms, credits, likes,
and (not linked for guests) notify/mark read/unread/post, which ask a guest to log in. As SMF, the
fixture ignores parameters and actions it does not know (``?action=nothing`` is the board index).
The forum's clock is :data:`~topiccrawl.demo.forum_smf_pages.NOW` (UTC); at ``size`` 1 it has 8 boards
(one a sub-board) in 4 categories, about 200 topics and 3,700 posts; at 0.3, 3 boards, 25 topics and
300 posts. Every board has a topic active today or yesterday, all but Announcements one of one post
and one of two.
The main templates are in :mod:`topiccrawl.demo.forum_smf_pages`, the lesser pages' here.

Truth: a thread's ``thread_title`` is the topic subject in ``span#top_subject``; ``post_id`` the post's
anchor ``msgM``; ``author`` the poster's display name; ``time`` the post header's time as shown
('June 01, 2023, 10:15:37 AM'; SMF 2.1 prints no '« Reply #N on: »' around it, that is in the link's
title), and for 'Today at …'/'Yesterday at …' the wall-clock time ``2025-06-12T09:02:37``; ``text``
what the author wrote, whitespace-normalised, ``<br>`` read as a space, without the quote blocks (with
their 'Quote from:' line), the signature, the 'Last Edit' note and the likes. Canonical targets are
``/index.php``, ``/index.php?board=B.S`` and ``/index.php?topic=T.S`` (S a multiple of the page size, as
SMF's own ``<link rel="canonical">``); a URL that SMF serves as one of those pages (``PHPSESSID``, ``&``
for ``;``, ``topic=T`` or ``;start=``, offsets not on a page boundary or past the end, ``topic=T.msgM``,
``topic=T.new``, ``;topicseen``, ``action=forum``, and ``;prev_next=`` — which shows the last page of
the neighbouring topic) has that page's kind and canonical target; redirects and duplicate views are
noise with no canonical target (though SMF gives ``;all``, print and sorted views a ``<link
rel="canonical">`` to the plain page).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from urllib.parse import unquote

from topiccrawl.demo.forum_smf_pages import (
    FORUM,
    MONTHS,
    NOW,
    PER_PAGE,
    RECENT_PER_PAGE,
    SMILEYS,
    TOPICS_PER_PAGE,
    Ctx,
    SmfPages,
    esc,
    is_relative,
    long_date,
    number,
    sessrewrite,
    timeformat,
)
from topiccrawl.demo.forum_truth import PageKind, RoutedTruth, TruthPost
from topiccrawl.demo.forums_base import ENGLISH, Vocabulary, _FixtureForum, _Post
from topiccrawl.demo.server import Reply, SiteRequest, not_found
from topiccrawl.textutil import normalize_space

# (category, board, description) in display order; as the forum grows, boards are added in _PICK's order.
_BOARDS = [
    ("General Discussion", "Announcements", "News about the forum: rule changes, downtime, new boards."),
    ("Hardware", "Phones and Tablets", "Battery life, screens, cameras and everything handheld."),
    ("Hardware", "Chargers, Cables & Accessories", "Power banks, cases and cables that die after a month."),
    ("Hardware", "Laptops & Desktops", "Buying advice, upgrades, repairs and the occasional rant."),
    ("Software", "Firmware and Updates", "Flashing, custom kernels and OTA updates gone wrong."),
    ("Software", "Networking & Wi-Fi", "Routers, mesh systems and drops after sleep mode."),
    ("Community", "Introductions", "New here? Say hello."),
    ("Community", "The Lounge", "Anything that is not a gadget."),
]
_PICK = [1, 7, 0, 3, 5, 4, 6, 2]
_PARENT = {"Chargers, Cables & Accessories": "Phones and Tablets"}
_NAMES = [
    *("Marco", "Sarah K.", "jdoe", "TechieTom", "Jim O'Brien", "nightowl", "Priya", "G. Lindqvist"),
    *("old_timer", "Kev", "bluefalcon", "Hannah", "Rusty", "mika_s", "DaveB", "Linnea", "cr4ig", "Fernando"),
    *("Wendy & Co", "Ozzie", "quietstorm", "Beatrix", "Z3r0", "Ned"),
]
_SIGNATURES = [
    "Pixel 8 Pro | GrapheneOS | a power bank that weighs more than the phone",
    'ThinkPad X220 forever.<br><a href="https://www.example.org/x220" class="bbc_link" target="_blank" '
    'rel="noopener">My X220 build log</a>',
    "<i>If it ain't broke, flash a new firmware anyway.</i>",
    "Sent from my toaster",
    "Mesh: 3 satellites, 1 very patient partner",
    "<b>Rule #1:</b> back up before you flash.",
    "-- Ned",
    "Current: Galaxy S23 / previous: too many to count",
    "Running OpenWrt on everything that boots",
]
_TITLES = ["Forum Founder", "Battery Whisperer", "Resident cynic"]
_BLURBS = ["Tinkerer", "Breaking things since 1998", "Mostly harmless", "Ask me about routers", "Lurker"]
_SITES = [("https://www.example.org/blog", "My blog"), ("https://www.example.net/", "Repair shop")]
_ICONS = ["thumbup", "thumbdown", "exclamation", "question", "lamp", "smiley", "angry", "cheesy", "grin", "sad"]
_SMILEYS = [("smiley", "&#58;&#41;", "Smiley"), ("wink", "&#59;&#41;", "Wink"), ("grin", "&#59;D", "Grin")]
_SMILEYS += [("cheesy", "&#58;D", "Cheesy"), ("huh", "&#63;&#63;&#63;", "Huh"), ("sad", "&#58;&#40;", "Sad")]
_POST_GROUPS = [(500, "Hero Member", 5), (250, "Sr. Member", 4), (100, "Full Member", 3), (50, "Jr. Member", 2)]
_ACTIONS_KICK = {"notify", "markasread", "unread", "unreadreplies", "post", "reporttm", "pm", "admin", "moderate"}
_ACTIONS = {"forum", "printpage", "dlattach", "recent", "profile", ".xml", "likes", "stats", *_ACTIONS_KICK}
_ACTIONS |= {"who", "search", "help", "login", "signup", "agreement", "credits"}  # static pages
_SORTS = {"subject", "starter", "last_poster", "replies", "views", "first_post", "last_post"}


@dataclass(frozen=True)
class Member:
    uid: int
    name: str
    registered: datetime
    last_active: datetime
    posts: int  # the post count SMF shows (posts in boards that count, deleted ones included)
    group: str = ""
    title: str = ""
    blurb: str = ""
    signature: str = ""  # HTML
    website: tuple[str, str] | None = None
    avatar: int = 0  # attachment id of an uploaded avatar; 0: the default picture

    @property
    def post_group(self) -> str:
        return next((name for limit, name, _ in _POST_GROUPS if self.posts >= limit), "Newbie")

    @property
    def stars(self) -> int:
        return next((n for limit, _, n in _POST_GROUPS if self.posts >= limit), 1)


@dataclass(eq=False)
class Message:
    mid: int
    uid: int
    when: datetime
    subject: str
    paragraphs: list[str]  # what the author wrote, a line each
    markup: list[str]  # the same lines as parse_bbc() renders them
    icon: str = "xx"
    quote: Message | None = None  # the earlier post quoted at the top
    quote_count: int = 0  # how many of its lines
    nested: bool = False  # whether the quoted post's own quote is kept
    edited: tuple[datetime, str, str] | None = None  # when, by whom, reason
    likes: int = 0


@dataclass(eq=False)
class Topic:
    tid: int
    board: int
    subject: str
    sticky: bool
    locked: bool
    views: int
    messages: list[Message] = field(default_factory=list)
    moved_to: int = 0  # a 'MOVED:' notice: the topic it redirects to


@dataclass(eq=False)
class Board:
    bid: int
    cat: int
    name: str
    description: str
    parent: int = 0
    topics: list[Topic] = field(default_factory=list)  # as the message index lists them


@dataclass(eq=False)
class _Proto:
    board: Board
    subject: str
    sticky: bool
    locked: bool
    times: list[datetime]
    authors: list[str]
    lines: list[list[tuple[str, str]]]
    moved_from: _Proto | None = None
    topic: Topic | None = None


def _lines(rng: random.Random, vocab: Vocabulary) -> list[tuple[str, str]]:
    """A message's lines as (plain text, markup)."""
    out = []
    for _ in range(rng.choice([1, 1, 2, 2, 3])):
        sentences = [vocab.sentence(rng, rng.randint(3, 14)) for _ in range(rng.randint(1, 3))]
        marks = [esc(s) for s in sentences]
        roll = rng.random()
        if roll < 0.06:
            marks[-1] = f"<b>{marks[-1]}</b>"
        elif roll < 0.1:
            marks[0] = f"<i>{marks[0]}</i>"
        markup = " ".join(marks)
        if rng.random() < 0.07:
            name, alt, title = rng.choice(_SMILEYS)
            markup += f' <img src="{SMILEYS}/fugue/{name}.png" alt="{alt}" title="{title}" class="smiley">'
        out.append((" ".join(sentences), markup))
    if rng.random() < 0.06:
        url = f"https://www.example.com/{rng.choice(vocab.words)}-{rng.randint(2, 99)}"
        link = f'<a href="{url}" class="bbc_link" target="_blank" rel="noopener">{url}</a>'
        out.append((f"More here: {url}", f"More here: {link}"))
    return out


def _subject(rng: random.Random, vocab: Vocabulary) -> str:
    words = [rng.choice(vocab.words) for _ in range(rng.randint(3, 9))]
    if rng.random() < 0.07:
        words.insert(rng.randint(1, len(words) - 1), "&")
    text = " ".join(words)
    text = text[:1].upper() + text[1:] + rng.choice(["", "", "", "?", "?", "!", "..."])
    return "[SOLVED] " + text if rng.random() < 0.06 else text


class SmfData:
    """Members, categories, boards, topics and messages of the forum, from a seeded RNG."""

    def __init__(self, seed: int, size: float, vocab: Vocabulary = ENGLISH) -> None:
        rng = random.Random(seed)
        chosen = sorted(_PICK[: min(len(_PICK), max(3, round(8 * size)))])
        cats = list(dict.fromkeys(cat for cat, _, _ in _BOARDS))
        self.boards: dict[int, Board] = {}
        self.categories: list[tuple[int, str, list[int]]] = []
        for cat, name, desc in (_BOARDS[i] for i in chosen):
            parent = next((b.bid for b in self.boards.values() if b.name == _PARENT.get(name)), 0)
            board = Board(len(self.boards) + 1, cats.index(cat) + 1, name, desc, parent)
            self.boards[board.bid] = board
            if not self.categories or self.categories[-1][0] != board.cat:
                self.categories.append((board.cat, cat, []))
            if not parent:
                self.categories[-1][2].append(board.bid)
        protos = [p for b in self.boards.values() for p in self._protos(rng, vocab, b, size)]
        for board in self.boards.values():  # moved notices: a topic moved here from elsewhere
            others = [p for p in protos if p.board is not board and not p.sticky and not p.moved_from]
            first = not any(p.moved_from for p in protos)
            if board.name != "Announcements" and others and (rng.random() < 0.6 or first):
                moved = rng.choice(others)
                when = moved.times[0] + (NOW - moved.times[0]) * rng.uniform(0.02, 0.6)
                when = when.replace(microsecond=0)
                text = f"This topic has been moved to {moved.board.name}."
                lines = [[(text, esc(text))]]
                protos.append(
                    _Proto(board, f"MOVED: {moved.subject}", False, False, [when], ["Sarah K."], lines, moved)
                )
        protos.sort(key=lambda p: p.times[0])
        self.topics: dict[int, Topic] = {}
        tid = 0
        for proto in protos:
            tid += rng.randint(1, 3)
            views = len(proto.times) * rng.randint(15, 80) + rng.randint(10, 500)
            proto.topic = Topic(tid, proto.board.bid, proto.subject, proto.sticky, proto.locked, views)
            self.topics[tid] = proto.topic
        uid_of = dict(zip(_NAMES, [1, *sorted(rng.sample(range(2, 1200), len(_NAMES) - 1))], strict=True))
        mid = 0
        for when, _, proto, i in sorted((w, p.topic.tid, p, i) for p in protos for i, w in enumerate(p.times)):
            mid += rng.randint(1, 4)
            topic = proto.topic
            subject = topic.subject if i == 0 else f"Re: {topic.subject}"
            plain, markup = [list(x) for x in zip(*proto.lines[i], strict=True)]
            topic.messages.append(Message(mid, uid_of[proto.authors[i]], when, subject, plain, markup))
        for proto in protos:
            if proto.moved_from is not None:
                proto.topic.moved_to = proto.moved_from.topic.tid
        self.topic_of = {m.mid: t for t in self.topics.values() for m in t.messages}
        self.messages = {m.mid: m for t in self.topics.values() for m in t.messages}
        self._decorate(rng, {uid: name for name, uid in uid_of.items()})
        self.members = self._members(rng, uid_of)
        for board in self.boards.values():
            board.topics = self.listing(board)

    @staticmethod
    def _protos(rng: random.Random, vocab: Vocabulary, board: Board, size: float) -> list[_Proto]:
        news = board.name == "Announcements"
        if news:
            n, n_sticky, cap = max(3, round(10 * size)), 2, 25
        else:
            low, high = (10, 20) if board.parent else (24, 44)
            n, n_sticky, cap = max(4, round(rng.randint(low, high) * size)), rng.choice([0, 1, 1, 2]), 120
        out = []
        for t in range(n):
            sticky = t < n_sticky
            # Long-tailed lengths: many short topics, a few running to eight pages of 15.
            length = min(cap, max(1, int(rng.paretovariate(1.0) * 5) - 4 + rng.choice([0, 0, 1, 2, 3])))
            if not news and t - n_sticky in {1, 2}:  # every board has a topic of one post and one of two
                length = t - n_sticky
            mean = rng.choice([20 * 60, 3 * 3600, 18 * 3600, 3 * 86400])
            gaps = [60 + int(rng.expovariate(1 / mean)) for _ in range(length - 1)]
            if sticky:
                end_ago = rng.randint(20 * 86400, 900 * 86400)
            elif rng.random() < 0.3 or t == n_sticky:  # active lately: 'Today at' and 'Yesterday at'
                end_ago = rng.randint(5 * 60, 60 * 3600)
            else:
                end_ago = rng.randint(3 * 86400, 1600 * 86400)
            times = [NOW - timedelta(seconds=end_ago + sum(gaps))]
            for gap in gaps:
                times.append(times[-1] + timedelta(seconds=gap))
            starter = rng.choice(_NAMES[:2]) if news else rng.choice(_NAMES)
            authors = [starter] + [starter if rng.random() < 0.2 else rng.choice(_NAMES) for _ in gaps]
            lines = [_lines(rng, vocab) for _ in times]
            locked = (news and (sticky or rng.random() < 0.5)) or rng.random() < 0.05
            out.append(_Proto(board, _subject(rng, vocab), sticky, locked, times, authors, lines))
        return out

    def _decorate(self, rng: random.Random, name_of: dict[int, str]) -> None:
        """Quotes of earlier posts, edits, likes and message icons."""
        for topic in self.topics.values():
            for i, m in enumerate(topic.messages):
                if i and not topic.moved_to and rng.random() < 0.18:
                    m.quote = topic.messages[i - 1] if rng.random() < 0.7 else rng.choice(topic.messages[:i])
                    m.quote_count = len(m.quote.markup) if rng.random() < 0.6 else 1
                    m.nested = m.quote.quote is not None and rng.random() < 0.4
                if m.when < NOW - timedelta(hours=1) and rng.random() < 0.1:
                    edit = min(NOW - timedelta(minutes=1), m.when + timedelta(seconds=rng.randint(60, 3 * 86400)))
                    by_mod = rng.random() < 0.15
                    editor = "Sarah K." if by_mod else name_of[m.uid]
                    reason = (
                        rng.choice(["Merged double post", "fixed link"]) if by_mod else rng.choice(["", "", "typo"])
                    )
                    m.edited = (edit, editor, reason)
                m.likes = rng.choice([0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 5])
                m.icon = rng.choice(_ICONS) if rng.random() < 0.08 else "xx"

    def _members(self, rng: random.Random, uid_of: dict[str, int]) -> dict[int, Member]:
        written: dict[int, list[datetime]] = {uid: [] for uid in uid_of.values()}
        for topic in self.topics.values():
            for m in topic.messages:
                written[m.uid].append(m.when)
        signed = set(rng.sample(_NAMES, len(_SIGNATURES)))
        sigs, titles, blurbs, sites = iter(_SIGNATURES), iter(_TITLES), iter(_BLURBS), iter(_SITES)
        online = set(rng.sample(_NAMES[2:], 3))
        out = {}
        for i, name in enumerate(_NAMES):
            uid = uid_of[name]
            times = written[uid] or [NOW - timedelta(days=rng.randint(10, 400))]
            last = max(*times, NOW - timedelta(minutes=rng.randint(1, 14))) if name in online else max(times)
            out[uid] = Member(
                uid,
                name,
                min(times) - timedelta(days=rng.randint(1, 700), seconds=rng.randint(0, 86399)),
                last,
                len(written[uid]) + rng.choice([rng.randint(0, 40), rng.randint(40, 700)]),
                ["Administrator", "Global Moderator"][i] if i < 2 else "",
                next(titles, "") if i % 5 == 0 else "",
                next(blurbs, "") if i % 3 == 1 else "",
                next(sigs) if name in signed else "",
                next(sites, None) if i % 6 == 3 else None,
                rng.randint(10, 4000) if rng.random() < 0.6 else 0,
            )
        return out

    # -- queries ---------------------------------------------------------------------------------
    def listing(self, board: Board, sort: str = "", desc: bool = False) -> list[Topic]:
        """The topics as the message index lists them: stickies first, then by the sort (last post, newest
        first, by default)."""
        topics = [t for t in self.topics.values() if t.board == board.bid]
        keys: dict[str, Callable[[Topic], object]] = {
            "subject": lambda t: t.subject.lower(),
            "starter": lambda t: self.members[t.messages[0].uid].name.lower(),
            "last_poster": lambda t: self.members[t.messages[-1].uid].name.lower(),
            "replies": lambda t: len(t.messages),
            "views": lambda t: t.views,
            "first_post": lambda t: t.tid,
            "last_post": lambda t: t.messages[-1].mid,
        }
        ordered = sorted(topics, key=keys[sort or "last_post"], reverse=desc or not sort)  # type: ignore[arg-type]
        return [t for t in ordered if t.sticky] + [t for t in ordered if not t.sticky]

    def real_topics(self) -> list[Topic]:
        return [t for t in self.topics.values() if not t.moved_to]

    def pages(self, topic: Topic) -> int:
        return max(1, -(-len(topic.messages) // PER_PAGE))

    def list_pages(self, board: Board) -> int:
        return max(1, -(-len(board.topics) // TOPICS_PER_PAGE))

    def family(self, board: Board) -> list[Board]:
        return [board, *(b for b in self.boards.values() if b.parent == board.bid)]

    def board_stats(self, board: Board) -> tuple[int, int]:
        topics = [t for b in self.family(board) for t in b.topics]
        return len(topics), sum(len(t.messages) for t in topics)

    def last_message(self, board: Board) -> Message | None:
        msgs = [t.messages[-1] for b in self.family(board) for t in b.topics]
        return max(msgs, key=lambda m: m.mid, default=None)

    def latest_messages(self, n: int) -> list[Message]:
        return sorted((m for t in self.topics.values() for m in t.messages), key=lambda m: -m.mid)[:n]

    def neighbour(self, topic: Topic, direction: str) -> Topic:
        """Where '« previous'/'next »' lead: the topic above/below in the board's list, wrapping round."""
        listed = self.boards[topic.board].topics
        i = listed.index(topic)
        return listed[(i - 1) % len(listed)] if direction == "prev" else listed[(i + 1) % len(listed)]

    def start_of(self, topic: Topic, start: str) -> int | None:
        """Which message a topic's start (``15``, ``msg1234``, ``new``) shows first: SMF's ``start_from``."""
        total = len(topic.messages)
        if start.isdigit():
            return min(int(start), total - 1)
        if start == "new":
            return total - 1
        if start.startswith("msg") and start[3:].isdigit():
            mid = int(start[3:])
            if mid >= topic.messages[-1].mid:
                return total - 1
            return sum(m.mid < mid for m in topic.messages)
        return None


@dataclass(frozen=True)
class Route:
    kind: PageKind
    canonical: str | None
    render: Callable[[Ctx], str | Reply | None]


def parse_query(query: str) -> dict[str, str | None]:
    """SMF's reading of a query: parameters split on ``;`` and ``&``, a bare name set to None."""
    out: dict[str, str | None] = {}
    for part in query.replace(";", "&").split("&"):
        if part:
            name, eq, value = part.partition("=")
            out[unquote(name)] = unquote(value) if eq else None
    return out


class SmfForum(SmfPages, RoutedTruth, _FixtureForum):
    """SMF 2.1 (Curve2): ``/index.php?board=2.20``, ``/index.php?topic=12.15``, ``;``-separated queries."""

    name = "smf"
    vocab = ENGLISH
    posts_per_page = PER_PAGE
    threads_per_page = TOPICS_PER_PAGE

    def __init__(self, *, size: float = 1.0, charset: str = "utf-8", seed: int = 21) -> None:
        super().__init__(size=0.01, charset=charset, seed=seed)
        self.seed = seed
        self.data: SmfData = SmfData(seed, size, self.vocab)  # type: ignore[assignment]

    # -- truth ---------------------------------------------------------------------------------
    def start_target(self) -> str:
        return "/"

    def board_target(self, fid: int, page: int) -> str:
        return f"/index.php?board={fid}.{(page - 1) * TOPICS_PER_PAGE}"

    def thread_target(self, tid: int, page: int) -> str:
        return f"/index.php?topic={tid}.{(page - 1) * PER_PAGE}"

    def post_anchor(self, post: _Post) -> str:
        return f"msg{post.pid}"

    def thread_targets(self) -> frozenset[str]:
        d = self.data
        return frozenset(self.thread_target(t.tid, p) for t in d.real_topics() for p in range(1, d.pages(t) + 1))

    def index_targets(self) -> frozenset[str]:
        d = self.data
        boards = [self.board_target(b.bid, p) for b in d.boards.values() for p in range(1, d.list_pages(b) + 1)]
        return frozenset(["/index.php", *boards])

    def posts(self) -> list[TruthPost]:
        d = self.data
        out = []
        for board in d.boards.values():
            for topic in board.topics:
                if topic.moved_to:
                    continue
                for i, m in enumerate(topic.messages):
                    shown = long_date(m.when) if not is_relative(m.when) else f"{m.when:%Y-%m-%dT%H:%M:%S}"
                    where = (i // PER_PAGE + 1, i + 1, f"msg{m.mid}", d.members[m.uid].name, shown)
                    text = normalize_space(" ".join(m.paragraphs))
                    out.append(TruthPost(str(topic.tid), topic.subject, board.name, *where, text))
        return out

    def pages_shown(self, target: str) -> frozenset[str]:
        """The thread pages whose every post the page at ``target`` shows, when it is a topic's
        ``;all`` view (:func:`~topiccrawl.demo.forum_truth.thread_pages_read`); else none."""
        route = self.resolve(target)
        params = parse_query(target.partition("#")[0].partition("?")[2])
        if route is None or route.kind != "noise" or "all" not in params or "prev_next" in params:
            return frozenset()
        if params.get("action") in _ACTIONS:  # (an action the fixture serves, not the topic)
            return frozenset()
        tid = (params.get("topic") or "").partition(".")[0]
        topic = self.data.topics.get(int(tid)) if tid.isdigit() else None
        if topic is None or topic.moved_to:
            return frozenset()
        return frozenset(self.thread_target(topic.tid, p) for p in range(1, self.data.pages(topic) + 1))

    # -- routing -------------------------------------------------------------------------------
    def resolve(self, target: str) -> Route | None:
        """What ``index.php`` does with a target: the page's kind, canonical target and renderer."""
        path, _, query = target.partition("#")[0].partition("?")
        if path not in {"/", "/index.php"}:
            return None
        params = parse_query(query)
        params.pop("PHPSESSID", None)
        action = params.pop("action", None)
        if action in _ACTIONS:  # SMF ignores an action it does not know, and any parameter it does not read
            return self.resolve_action(action or "", params)
        if "topic" in params:
            return self.resolve_topic(params)
        if "msg" in params and action is None:  # a post's permalink: redirected to its topic
            msg = params.pop("msg") or ""
            topic = self.data.topic_of.get(int(msg)) if msg.isdigit() else None
            jump = f"topic={topic.tid}.msg{msg}#msg{msg}" if topic else ""
            return Route("noise", None, lambda ctx: self.redirect(ctx, jump)) if jump else None
        if "board" in params:
            return self.resolve_board(params)
        return Route("index", "/index.php", self.render_index)

    def resolve_topic(self, params: dict[str, str | None]) -> Route | None:
        d = self.data
        tid, dot, start = (params.pop("topic") or "").partition(".")
        start_param = params.pop("start", None)
        start = (start if dot else start_param) or "0"
        topic = d.topics.get(int(tid)) if tid.isdigit() else None
        if topic is None:
            return None
        if "prev_next" in params:
            if params["prev_next"] not in {"prev", "next"}:
                return None
            topic = d.neighbour(topic, params["prev_next"] or "")
            start = "new"
        if topic.moved_to:
            return Route("noise", None, lambda ctx: self.redirect(ctx, f"topic={topic.moved_to}.0", 301))
        first = d.start_of(topic, start)
        if first is None:
            return None
        if "all" in params:
            return Route("noise", None, lambda ctx: self.render_topic(ctx, topic, 1, all_view=True))
        page = first // PER_PAGE + 1
        new_at = -1 if start.isdigit() else first
        odd = not start.isdigit() or int(start) % PER_PAGE != 0
        return Route(
            "thread",
            self.thread_target(topic.tid, page),
            lambda ctx: self.render_topic(ctx, topic, page, new_at=new_at, noindex=odd),
        )

    def resolve_board(self, params: dict[str, str | None]) -> Route | None:
        bid, dot, start = (params.pop("board") or "").partition(".")
        start_param = params.pop("start", None)
        start = (start if dot else start_param) or "0"
        sort = params.get("sort") or ""
        sort = sort if sort in _SORTS else ""  # an unknown sort is the default order
        desc, asc = "desc" in params, "asc" in params
        board = self.data.boards.get(int(bid)) if bid.isdigit() else None
        if board is None or not start.isdigit():
            return None
        page = min(int(start), len(board.topics) - 1) // TOPICS_PER_PAGE + 1
        if sort or asc:  # a sorted view ('desc' alone is the default order)
            return Route("noise", None, lambda ctx: self.render_board(ctx, board, page, sort or "last_post", desc))
        return Route("board", self.board_target(board.bid, page), lambda ctx: self.render_board(ctx, board, page))

    def resolve_action(self, action: str, params: dict[str, str | None]) -> Route | None:
        d = self.data
        if action == "forum":
            return Route("index", "/index.php", self.render_index)
        if action == "printpage":
            tid = (params.get("topic") or "").partition(".")[0]
            topic = d.topics.get(int(tid)) if tid.isdigit() else None
            return None if topic is None else Route("noise", None, lambda ctx: self.render_print(ctx, topic))
        if action == "dlattach":
            return Route("other", None, self.render_avatar) if params.get("type") == "avatar" else None
        render = self.noise_page(action, params)
        return None if render is None else Route("noise", None, render)

    # -- serving ---------------------------------------------------------------------------------
    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            return super().handle(request)
        route = self.resolve(request.target)
        if route is None:
            return not_found()
        cookies = (c.strip().partition("=") for c in request.headers.get("cookie", "").split(";"))
        sid = next((value for name, _, value in cookies if name == "PHPSESSID" and value), "")
        agent = request.headers.get("user-agent", "").lower()
        browser = ("mozilla" in agent or "opera" in agent) and not any(w in agent for w in ("bot", "crawl", "slurp"))
        fresh = not sid
        if fresh:
            sid = hashlib.md5(f"{self.seed}:{request.target}:{agent}".encode()).hexdigest()[:26]
        ctx = Ctx(request, sid, fresh, browser)
        out = route.render(ctx)
        if out is None:
            return not_found()
        reply = out if isinstance(out, Reply) else self.reply(sessrewrite(out, ctx))
        if fresh:
            reply.headers["Set-Cookie"] = f"PHPSESSID={sid}; path=/; HttpOnly; SameSite=Lax"
        return reply

    def redirect(self, ctx: Ctx, query: str, status: int = 302) -> Reply:
        """``redirectexit()``: to the script with ``query``, the session id first for a cookie-less client."""
        location = f"{ctx.s}?PHPSESSID={ctx.sid};{query}" if ctx.fresh else f"{ctx.s}?{query}"
        return Reply(status, "", {"Location": location, "Content-Type": "text/html; charset=UTF-8"})

    def noise_page(  # noqa: PLR0911
        self, action: str, params: dict[str, str | None]
    ) -> Callable[[Ctx], str | Reply | None] | None:
        """The renderer of an action page a guest can open (None: SMF would not show it)."""
        d = self.data
        if action == "recent":
            start = params.get("start") or "0"
            if not start.isdigit() or int(start) >= 100:
                return None
            return lambda ctx: self.render_recent(ctx, int(start) // RECENT_PER_PAGE * RECENT_PER_PAGE)
        if action == "profile":
            uid, area, start = params.get("u") or "", params.get("area") or "summary", params.get("start") or "0"
            member = d.members.get(int(uid)) if uid.isdigit() else None
            if member is None or not start.isdigit() or area not in {"summary", "showposts"}:
                return None
            return lambda ctx: self.render_profile(ctx, member, area, int(start))
        if action == ".xml":
            kind, bid = params.get("type") or "rss2", params.get("board") or ""
            board = d.boards.get(int(bid)) if bid.isdigit() else None
            if kind not in {"rss", "rss2", "atom"} or (bid and not board):
                return None
            return lambda ctx: self.render_feed(ctx, kind, board)
        if action == "likes":
            like = params.get("like") or ""
            message = d.messages.get(int(like)) if like.isdigit() else None
            if params.get("sa") != "view" or params.get("ltype") != "msg" or message is None:
                return None
            return lambda ctx: self.render_likes(ctx, message)
        if action == "stats":
            return self.render_stats
        return lambda ctx: self.render_static(ctx, "kick" if action in _ACTIONS_KICK else action)

    # -- pages a guest can open besides (noise) -------------------------------------------------
    def boxed(
        self, ctx: Ctx, action: str, title: str, content: str, crumbs: list[tuple[str, str]] | None = None
    ) -> str:
        body = (
            f'\n\t\t<div class="cat_bar">\n\t\t\t<h3 class="catbg">{title}</h3>\n\t\t</div>\n'
            f'\t\t<div class="roundframe">{content}\n\t\t</div>'
        )
        crumbs = [(f"?action={action}", title)] if crumbs is None else crumbs
        return self.page(ctx, title=title, body=body, crumbs=crumbs, body_class=f"action_{action}", noindex=True)

    def post_item(self, ctx: Ctx, counter: int, m: Message) -> str:
        """A post in a list (recent posts, a member's posts): board / topic link, time and body again."""
        topic = self.data.topic_of[m.mid]
        board = self.data.boards[topic.board]
        return (
            f'\n\t\t<div class="windowbg">\n\t\t\t<div class="page_number floatright"> #{counter}</div>\n'
            f'\t\t\t<div class="topic_details">\n\t\t\t\t<h5><a href="{ctx.s}?board={board.bid}.0">{esc(board.name)}'
            f'</a> / <a href="{ctx.s}?topic={topic.tid}.msg{m.mid}#msg{m.mid}">{esc(m.subject)}</a></h5>\n'
            f'\t\t\t\t<span class="smalltext">Last post by <strong>{self.member_link(ctx, m.uid)}</strong> - '
            f'{timeformat(m.when)}</span>\n\t\t\t</div>\n\t\t\t<div class="list_posts">{self.body(ctx, m)}</div>\n'
            "\t\t</div>"
        )

    def render_recent(self, ctx: Ctx, start: int) -> str:
        latest = self.data.latest_messages(100)
        index = self.page_index(ctx, "action=recent;start=", start, len(latest), RECENT_PER_PAGE)
        items = "".join(self.post_item(ctx, start + i + 1, m) for i, m in enumerate(latest[start : start + 10]))
        body = (
            '\n\t<div id="recent" class="main_section">\n\t\t<div class="cat_bar">\n\t\t\t<h3 class="catbg">\n'
            '\t\t\t\t<span class="main_icons recent_posts"></span> Recent posts\n\t\t\t</h3>\n\t\t</div>\n'
            f'\t\t<div class="pagesection">\n\t\t\t<div class="pagelinks">{index}</div>\n\t\t</div>{items}\n'
            f'\t\t<div class="pagesection">\n\t\t\t<div class="pagelinks">{index}</div>\n\t\t</div>\n\t</div>'
        )
        return self.page(
            ctx,
            title="Recent posts",
            body=body,
            crumbs=[("?action=recent", "Recent posts")],
            body_class="action_recent",
        )

    def render_print(self, ctx: Ctx, topic: Topic) -> str:
        d = self.data
        board = d.boards[topic.board]
        cat = next(name for cid, name, _ in d.categories if cid == board.cat)
        first = topic.messages[0]
        posts = "".join(
            f'\n\t\t\t<div class="postheader">\n\t\t\t\tTitle: <strong>{esc(m.subject)}</strong><br>\n'
            f"\t\t\t\tPost by: <strong>{esc(self.member(m.uid).name)}</strong> on <strong>{long_date(m.when)}"
            f'</strong>\n\t\t\t</div>\n\t\t\t<div class="postbody">\n\t\t\t\t{self.body(ctx, m)}\n\t\t\t</div>'
            for m in topic.messages
        )
        return (
            '<!DOCTYPE html>\n<html>\n\t<head>\n\t\t<meta charset="UTF-8">\n\t\t<meta name="robots" content="noindex">'
            f'\n\t\t<link rel="canonical" href="{ctx.s}?topic={topic.tid}.0">\n'
            f"\t\t<title>Print Page - {esc(topic.subject)}</title>\n"
            "\t\t<style>\n\t\t\tbody, a { color: #000; background: #fff; }\n\t\t\t.postheader { border: solid #000; "
            "border-width: 1px 0; padding: 4px 0; }\n\t\t\t.postbody { margin: 1em 0 2em 2em; }\n\t\t</style>\n"
            f'\t</head>\n\t<body>\n\t\t<div id="print_head">\n\t\t\t<h1 id="title">{FORUM}</h1>\n'
            f'\t\t\t<h2 id="linktree">{esc(cat)} =&gt; {esc(board.name)} =&gt; Topic started by: '
            f"{esc(self.member(first.uid).name)} at {long_date(first.when)}</h2>\n\t\t</div>\n"
            f'\t\t<div id="posts">{posts}\n\t\t</div>\n\t\t<div id="footer" class="smalltext">'
            f'<a href="{ctx.s}?action=credits" title="License" target="_blank" rel="noopener">SMF 2.1.4 &copy; 2023'
            "</a>, Simple Machines</div>\n\t</body>\n</html>"
        )

    def render_profile(self, ctx: Ctx, u: Member, area: str, start: int) -> str:
        crumbs = [(f"?action=profile;u={u.uid}", f"Profile of {esc(u.name)}")]
        mine = [m for m in self.data.latest_messages(10**9) if m.uid == u.uid]
        if area == "showposts":
            index = self.page_index(ctx, f"action=profile;area=showposts;u={u.uid};start=", start, len(mine), 15)
            items = "".join(self.post_item(ctx, start + i + 1, m) for i, m in enumerate(mine[start : start + 15]))
            content = f'\n\t\t\t<div class="pagesection">{index}</div>{items}'
            return self.boxed(ctx, "profile", f"Show Posts - {esc(u.name)}", content, crumbs)
        days = max(1, (NOW - u.registered).days)
        signature = f'\n\t\t\t<div class="signature">\n\t\t\t\t<h5>Signature:</h5>\n\t\t\t\t{u.signature}\n\t\t\t</div>'
        content = (
            f'\n\t\t\t<div id="basicinfo">\n\t\t\t\t<div class="username clear">\n\t\t\t\t\t<h4>{esc(u.name)}'
            f'<span class="position">{u.group or u.post_group}</span></h4>\n\t\t\t\t</div>\n\t\t\t\t'
            f'{self.avatar(ctx, u)}\n\t\t\t\t<a href="{ctx.s}?action=profile;area=showposts;u={u.uid}">Show Posts</a>'
            '\n\t\t\t</div>\n\t\t\t<div id="detailedinfo">\n\t\t\t\t<dl class="settings">\n'
            f"\t\t\t\t\t<dt>Posts: </dt>\n\t\t\t\t\t<dd>{number(u.posts)} ({u.posts / days:.3f} per day)</dd>\n"
            f"\t\t\t\t\t<dt>Position: </dt>\n\t\t\t\t\t<dd>{u.group or u.post_group}</dd>\n"
            f"\t\t\t\t\t<dt>Date Registered: </dt>\n\t\t\t\t\t<dd>{timeformat(u.registered)}</dd>\n"
            f"\t\t\t\t\t<dt>Last Active: </dt>\n\t\t\t\t\t<dd>{timeformat(u.last_active)}</dd>\n"
            f"\t\t\t\t</dl>{signature if u.signature else ''}\n\t\t\t</div>"
        )
        return self.boxed(ctx, "profile", f"Profile of {esc(u.name)}", content, crumbs)

    def render_likes(self, ctx: Ctx, m: Message) -> str:
        others = [u for u in self.data.members.values() if u.uid != m.uid]
        likers = [others[(m.mid * 7 + k * 5) % len(others)] for k in range(m.likes)]
        rows = "".join(f"\n\t\t\t\t<li>{self.member_link(ctx, u.uid)}</li>" for u in likers)
        return self.boxed(ctx, "likes", "Likes", f"\n\t\t\t<ul>{rows or '<li>No one likes this yet.</li>'}</ul>")

    def render_stats(self, ctx: Ctx) -> str:
        d = self.data
        topics = d.real_topics()
        top = sorted(topics, key=lambda t: -len(t.messages))[:10]
        posters = sorted(d.members.values(), key=lambda u: -u.posts)[:10]
        months = sorted({(m.when.year, m.when.month) for t in topics for m in t.messages}, reverse=True)[:12]
        rows = "".join(
            f'\n\t\t\t\t<dt><a href="{ctx.s}?topic={t.tid}.0">{esc(t.subject)}</a></dt><dd>{len(t.messages) - 1}</dd>'
            for t in top
        )
        rows += "".join(f"\n\t\t\t\t<dt>{self.member_link(ctx, u.uid)}</dt><dd>{number(u.posts)}</dd>" for u in posters)
        rows += "".join(
            f'\n\t\t\t\t<dt><a id="m{y}{mo:02d}" href="{ctx.s}?action=stats;expand={y}{mo:02d}#m{y}{mo:02d}">'
            f"{MONTHS[mo - 1]} {y}</a></dt>"
            for y, mo in months
        )
        return self.boxed(ctx, "stats", f"{FORUM} - Forum Stats", f'\n\t\t\t<dl class="stats">{rows}\n\t\t\t</dl>')

    def render_static(self, ctx: Ctx, action: str) -> str:
        s = ctx.s
        if action == "who":
            people = [u for u in self.data.members.values() if NOW - u.last_active < timedelta(minutes=15)]
            topic = self.data.real_topics()[-1]
            rows = "".join(
                f'\n\t\t\t\t<tr class="windowbg"><td>{self.member_link(ctx, u.uid)}</td><td>{timeformat(u.last_active)}'
                f'</td><td>Viewing the topic <a href="{s}?topic={topic.tid}.0">{esc(topic.subject)}</a>.</td></tr>'
                for u in people
            )
            rows += '\n\t\t\t\t<tr class="windowbg"><td>Guest</td><td>-</td><td>Viewing the board index.</td></tr>'
            return self.boxed(ctx, "who", "Who's Online", f'\n\t\t\t<table class="table_grid">{rows}\n\t\t\t</table>')
        login = f'<form action="{s}?action=login2" method="post"><input type="text" name="user">'
        pages = {
            "search": ("Search", f'<form action="{s}?action=search2" method="post"><input name="search">'),
            "help": ("Help", f'<p>See the <a href="{s}?action=agreement">terms and rules</a> or ask a moderator.</p>'),
            "login": ("Log in", f'{login}<a href="{s}?action=reminder">Forgot your password?</a>'),
            "signup": ("Registration Agreement", f'<p>Please read the <a href="{s}?action=agreement">terms</a>.</p>'),
            "agreement": ("Terms and Rules", "<p>Be excellent to each other. No spam, no warez.</p>"),
            "credits": ("Credits", "<p>Simple Machines Forum &copy; Simple Machines, and thank you.</p>"),
            "kick": (  # KickGuest(): what a guest gets for notify, mark read, unread, post and the like
                "Warning!",
                '<p class="information centertext">Only registered members are allowed to access this section.<br>'
                f'Please login below or <a href="{s}?action=signup">register an account</a> with {FORUM}.</p>{login}',
            ),
        }
        title, content = pages[action]
        return self.boxed(ctx, action, title, f"\n\t\t\t{content}" + ("</form>" if "<form" in content else ""))

    def render_feed(self, ctx: Ctx, kind: str, board: Board | None) -> Reply:
        d = self.data
        topics = [t for t in d.real_topics() if board is None or t.board == board.bid]
        topics = sorted(topics, key=lambda t: -t.messages[0].mid)[:5]
        items = "".join(
            f"\n\t\t<item>\n\t\t\t<title>{esc(t.subject)}</title>\n\t\t\t<link>{ctx.s}?topic={t.tid}.0</link>\n"
            f"\t\t\t<description><![CDATA[{self.body(ctx, t.messages[0])}]]></description>\n"
            f"\t\t\t<category>{esc(d.boards[t.board].name)}</category>\n"
            f"\t\t\t<pubDate>{t.messages[0].when:%a, %d %b %Y %H:%M:%S} GMT</pubDate>\n"
            f"\t\t\t<guid>{ctx.s}?topic={t.tid}.0</guid>\n\t\t</item>"
            for t in topics
        )
        body = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">'
            f"\n\t<channel>\n\t\t<title>{FORUM}</title>\n\t\t<link>{ctx.s}</link>\n"
            f"\t\t<description>Live information from {FORUM}</description>{items}\n\t</channel>\n</rss>"
        )
        ctype = "application/atom+xml" if kind == "atom" else "application/rss+xml"
        return Reply(200, body, {"Content-Type": f"{ctype}; charset=UTF-8"})

    def render_avatar(self, ctx: Ctx) -> Reply:
        pixel = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000")
        return Reply(200, pixel, {"Content-Type": "image/png"})
