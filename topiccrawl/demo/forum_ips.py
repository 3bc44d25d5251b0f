"""Invision Community (IPS) 4.7 fixture forum in the default theme, as a guest sees it (Chinese, UTF-8).

A held-out template: written from IPS 4.7's own theme templates without sight of the forum spider.
The community runs an English interface with Chinese content, forums as the default application and
search-engine friendly URLs. The board index is ``/`` (also served, unchanged, at ``/forums/``);
categories and forums are ``/forum/ID-SLUG/`` (a category lists its forums, a forum its subforums and
topics) with pages ``/forum/ID-SLUG/page/2/``; topics are ``/topic/ID-SLUG/`` with pages
``/topic/ID-SLUG/page/2/``. Slugs are IPS's ``seoTitle()``: lower-cased, whitespace to ``-``,
punctuation dropped, Chinese kept and percent-encoded in links (``%E6%89%8B%E6%9C%BA``). Every link is
absolute, as IPS prints its base URL. A forum lists 25 topics a page and a topic 25 posts a page (15
and 12 below ``size`` 0.5); pinned topics head page 1 of their forum only (IPS sorts them first).
As IPS 4.4+ does, every other spelling of a forum or topic page redirects (301) to the canonical one:
``?page=2``, ``/page/1/``, a page past the end, a wrong or missing slug, a missing trailing slash.

Pages carry the IPS chrome: the ``ipsLayout_header`` with sign-in/sign-up links and the Browse /
Activity navigation (Forums, Staff, Online Users, Leaderboard, All Activity, Search), top and bottom
``nav.ipsBreadcrumb``, the guest cookie-terms bar whose dismiss link carries the page's URL in
``ref=`` (a new URL on every page), ``<link rel="canonical">``, ``first/prev/next/last`` links, the
forum's RSS feed and JSON-LD (``WebSite``, ``BreadcrumbList`` and, on topics,
``DiscussionForumPosting`` with the page's posts as ``comment``). The index is ``ol.cForumList``
categories of ``li.cForumRow.ipsDataItem`` rows (``h4.ipsDataItem_title a``, subforum list, post count
``ipsDataItem_stats``, ``ul.ipsDataItem_lastPoster``) and the Who's Online / statistics widgets. A
forum has its subforum rows, a sort menu (``?sortby=…&sortdirection=…``: duplicate views), the
``ul.ipsPagination`` pagers and ``ol.ipsDataList.cForumTopicTable[data-role=tableRows]`` of
``li.ipsDataItem`` rows: pinned badge, ``h4.ipsDataItem_title span.ipsType_break a`` title, a
``span.ipsPagination_mini`` row pager, ``div.ipsDataItem_meta`` 'By X, <time>', ``ul.ipsDataItem_stats``
(replies, views) and the last poster with a ``?do=getLastComment`` link (a guest has no read markers, so
IPS shows no 'first unread' ``?do=getNewComment`` links; the URL is still served). A topic has the
``ipsPageHeader`` (``h1.ipsType_pageTitle span.ipsType_break``, starter, date, forum, follow), pagers
with page-jump forms and, per post, ``<a id="comment-PID">`` then ``article#elComment_PID.cPost.ipsComment``:
the ``aside.ipsComment_author`` (``h3.cAuthorPane_author strong a`` to ``/profile/UID-SLUG/``, photo,
group, post count), ``div.ipsComment_meta`` ('Posted <time>' linking ``?do=findComment&comment=PID``,
'(edited)'), the body ``div[data-role=commentContent].ipsType_richText`` of ``<p>`` paragraphs (at
times a ``blockquote.ipsQuote`` of an earlier post with its stored ``ipsQuote_citation``, an @mention,
a link, blank ``&nbsp;`` paragraphs, the 'Edited <time> by X' ``span.ipsType_reset.ipsType_medium
.ipsType_light`` with a reason), the ``div.ipsReact`` reaction bar, Quote and MultiQuote controls, the
member's signature (``div[data-role=memberSignature]``) and the hidden 'Link to comment' share menu.
Below: 'Recently Browsing', a sign-in prompt, 'Go to topic listing' and 'Next unread topic'.

Times: the board clock is :data:`NOW`; guests see UTC. A ``<time>`` has ``datetime='2023-06-01T10:15:37Z'``,
``title='06/01/2023 10:15  AM'``, ``data-short='2 yr'`` and shows, as IPS's ``DateTime::relative()``:
'Just now', 'N minutes ago', 'N hours ago' within a day, 'Yesterday at 09:02 AM' or 'Monday at
03:12 PM' within six days, else 'June 1, 2023'.

Noise, all served: ``?do=findComment&comment=PID``, ``?do=getLastComment``, ``?do=getNewComment`` and
``?do=nextUnread`` (301 to the page holding the post, ``#comment-PID``), ``?do=embed``,
``?do=showReactionsComment``, ``?preview=1`` hover cards, forum sort views, RSS ``/forum/ID-SLUG.xml/``,
profiles ``/profile/UID-SLUG/`` with their ``content/`` streams (duplicate posts) and ``?do=hovercard``,
All Activity ``/discover/`` (duplicate posts), search, member search, login, register, lost password,
online users, leaderboard, staff, terms, privacy, cookies, contact, follow/followers and the terms
dismiss (302 back to ``ref``). ``robots.txt`` is IPS's optimised one with its ``/sitemap.php`` (other).

Truth: ``thread_title`` is the title in ``h1.ipsType_pageTitle``; ``position`` is 1-based in the
topic, ``page_number`` 1-based; ``post_id`` is the post's anchor ``comment-PID``; ``author`` the
poster's display name; ``time`` the shown date for an absolute one ('June 1, 2023'), else the
``datetime`` attribute without its zone ('2025-06-12T09:02:37', UTC = board time for guests);
``text`` what the author wrote, whitespace-normalised, without the quoted post (the whole
``blockquote.ipsQuote``), the signature or the 'Edited … by …' note (an @mention stays, as '@name').
Categories are index pages. A redirect is noise (canonical None); ``/forums/`` is the index (canonical
``/``); a slug with lower-case escapes is the page itself (canonical: upper-case); an unknown id is other.
"""

from __future__ import annotations

import base64
import hashlib
import random
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from urllib.parse import quote, unquote

from topiccrawl.demo import forum_ips_pages as pages
from topiccrawl.demo.forum_truth import PageKind, TruthPost
from topiccrawl.demo.forums_base import CHINESE, Vocabulary, _FixtureForum
from topiccrawl.demo.server import Reply, SiteRequest
from topiccrawl.textutil import normalize_space

SITE = "华语数码文史社区"
NOW = int(datetime(2025, 6, 12, 15, 40, 0, tzinfo=UTC).timestamp())  # Thursday afternoon, UTC

# (category, description, [(forum, description, topics at size 1, [(subforum, description, topics)])])
_NODES: list[tuple[str, str, list[tuple[str, str, int, list[tuple[str, str, int]]]]]] = [
    ("综合讨论区", "社区的公共话题与新人交流。", [
        ("新人报到", "新会员请在这里做个自我介绍。", 30, []),
        ("数码手机", "手机、电池、拍照与各类数码产品。", 45, [
            ("拍照与相机", "镜头、相机与拍照经验。", 25), ("电池与续航", "电池、充电与续航问题。", 18)]),
    ]),
    ("文史与兴趣", "历史资料、体育比赛与单机游戏。", [
        ("辛亥革命史料", "武昌起义、同盟会与保路运动的资料和讨论。", 35, []),
        ("篮球与比赛", "比赛、球队与加时赛。", 28, []),
        ("单机游戏", "游戏攻略与心得。", 32, [("版本更新", "游戏版本与服务器更新的讨论。", 15)]),
    ]),
    ("站务", "论坛公告与意见反馈。", [("公告与反馈", "版主公告、问题反馈与建议。", 14, [])]),
]  # fmt: skip
_SIGNATURES = [
    "手机：小米13 | 相机：富士 X-T4", "读史使人明智，读诗使人灵秀。", "潜水多年，偶尔冒泡。", "篮球场上见真章。",
    "版本更新请先看置顶帖。",
]  # fmt: skip
_EDIT_REASONS = ["修改错别字", "补充内容", "合并回复", "更新链接"]
GROUPS = {"admin": "Administrators", "mod": "Moderators", "member": "Members"}


# -- time, as IPS prints it for a guest (UTC) ---------------------------------------------------------


def utc(ts: int) -> datetime:
    return datetime.fromtimestamp(ts, UTC)


def iso(ts: int) -> str:
    """The ``datetime`` attribute: RFC 3339 in UTC."""
    return f"{utc(ts):%Y-%m-%dT%H:%M:%SZ}"


def clock(ts: int) -> str:
    """``localeTime(FALSE)`` in en_US: '09:02 AM'."""
    return f"{utc(ts):%I:%M %p}"


def full_date(ts: int) -> str:
    """``fullYearLocaleDate()``: 'June 1, 2023'."""
    when = utc(ts)
    return f"{when:%B} {when.day}, {when.year}"


def title_date(ts: int) -> str:
    """The ``title`` attribute of a ``<time>``: '06/01/2023 10:15  AM' (two spaces, as IPS prints it)."""
    return f"{utc(ts):%m/%d/%Y %I:%M}  {utc(ts):%p}"


def relative(ts: int, now: int = NOW) -> str:
    """``DateTime::relative()``: absolute after six days, weekday or 'Yesterday' after a day."""
    ago = now - ts
    days, rest = divmod(ago, 86400)
    if days >= 6:
        return full_date(ts)
    if days:
        if (utc(ts) + timedelta(days=1)).date() == utc(now).date():
            return f"Yesterday at {clock(ts)}"
        return f"{utc(ts):%A} at {clock(ts)}"
    if rest >= 3600:
        hours = rest // 3600
        return "1 hour ago" if hours == 1 else f"{hours} hours ago"
    if rest >= 60:
        minutes = rest // 60
        return "1 minute ago" if minutes == 1 else f"{minutes} minutes ago"
    return "Just now"


def is_relative(shown: str) -> bool:
    return re.fullmatch(r"[A-Z][a-z]+ \d{1,2}, \d{4}", shown) is None


def short(ts: int, now: int = NOW) -> str:
    """The ``data-short`` attribute: the largest unit of the calendar difference ('4 yr', '3 dy')."""
    a, b = utc(ts), utc(now)
    months = (b.year - a.year) * 12 + b.month - a.month - (b.day < a.day or (b.day == a.day and b.time() < a.time()))
    if months >= 12:
        return f"{months // 12} yr"
    if months:
        return f"{months} mo"
    ago = now - ts
    for size, unit in ((86400, "dy"), (3600, "hr"), (60, "min")):
        if ago >= size:
            return f"{ago // size} {unit}"
    return "now"


def seo_title(text: str) -> str:
    """IPS's ``Friendly::seoTitle()``: lower case, whitespace to '-', punctuation dropped, letters kept."""
    slug = re.sub(r"[^\w-]", "", re.sub(r"\s+", "-", text.lower()))
    return re.sub(r"-{2,}", "-", slug).strip("-") or "-"


def number_short(n: int) -> str:
    """``formatNumberShort``: '31.8k'."""
    return str(n) if n < 1000 else f"{n / 1000:.1f}".removesuffix(".0") + "k"


# -- content ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    uid: int
    name: str
    group: str
    joined: int
    posts: int
    signature: str
    photo: str  # "" for a letter avatar

    @property
    def slug(self) -> str:
        return quote(seo_title(self.name), safe="-")


@dataclass
class Post:
    pid: int
    tid: int
    author: str
    when: int
    paragraphs: list[str]
    quote: Post | None = None
    citation: str = ""
    mention: str = ""
    link: str = ""
    blank_after_first: bool = False
    edited: tuple[int, str, str] | None = None  # (when, by, reason)
    reactions: int = 0

    @property
    def own_text(self) -> str:
        parts = ([f"@{self.mention}"] if self.mention else []) + self.paragraphs + ([self.link] if self.link else [])
        return normalize_space(" ".join(parts))


@dataclass
class Topic:
    tid: int
    fid: int
    title: str
    pinned: bool
    views: int
    posts: list[Post] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return quote(seo_title(self.title), safe="-")


@dataclass
class Forum:
    fid: int
    name: str
    description: str
    parent: int | None
    category: bool
    children: list[int] = field(default_factory=list)
    topics: list[Topic] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return quote(seo_title(self.name), safe="-")


def _title(rng: random.Random, vocab: Vocabulary) -> str:
    words = "".join(rng.choice(vocab.words) for _ in range(rng.randint(2, 5)))
    prefix = rng.choice(["", "", "", "", "[求助] ", "[分享] ", "[讨论] "])
    suffix = rng.choice(["", "", "", "？", "！", f" {rng.randint(2012, 2025)}"])
    return prefix + words + suffix


def _paragraph(rng: random.Random, vocab: Vocabulary) -> str:
    return "".join(vocab.sentence(rng, rng.randint(3, 12)) for _ in range(rng.randint(1, 2)))


class IpsData:
    """Forums, topics, posts and members of the board, from a seeded RNG."""

    def __init__(self, seed: int, size: float, vocab: Vocabulary = CHINESE) -> None:  # noqa: PLR0915
        rng = random.Random(seed)
        self.posts_per_page = 25 if size >= 0.5 else 15
        self.topics_per_page = 25 if size >= 0.5 else 12
        self.forums: dict[int, Forum] = {}
        self.roots: list[int] = []
        protos: list[tuple[int, str, bool, list[int], list[str]]] = []
        fid = 0
        for cat_name, cat_desc, children in _NODES:
            fid += 1
            cat = self._add(Forum(fid, cat_name, cat_desc, None, True))
            self.roots.append(fid)
            for name, desc, base, subs in children:
                fid += 1
                forum = self._add(Forum(fid, name, desc, cat.fid, False))
                cat.children.append(fid)
                protos += self._protos(rng, vocab, fid, base, size)
                for sub_name, sub_desc, sub_base in subs:
                    fid += 1
                    self._add(Forum(fid, sub_name, sub_desc, forum.fid, False))
                    forum.children.append(fid)
                    protos += self._protos(rng, vocab, fid, sub_base, size)
        names = vocab.names
        uids = [1, 2, *sorted(rng.sample(range(3, 9000), len(names) - 2))]
        self.uid_of = dict(zip(names, uids, strict=True))
        # Topic ids follow the topics' start, post ids every post's time, across the board.
        protos.sort(key=lambda p: p[3][0])
        self.topics: dict[int, Topic] = {}
        tid = 100
        for pfid, title, pinned, times, authors in protos:
            tid += rng.randint(1, 4)
            topic = Topic(tid, pfid, title, pinned, len(times) * rng.randint(9, 70) + rng.randint(5, 900))
            topic.posts = [Post(0, tid, a, ts, []) for ts, a in zip(times, authors, strict=True)]
            self.topics[tid] = topic
        pid = 1000
        for post in sorted((p for t in self.topics.values() for p in t.posts), key=lambda p: (p.when, p.tid)):
            pid += rng.randint(1, 6)
            post.pid = pid
        self.post_by_id = {p.pid: p for t in self.topics.values() for p in t.posts}
        for topic in self.topics.values():
            self._write(rng, vocab, topic)
        for forum in self.forums.values():
            mine = [t for t in self.topics.values() if t.fid == forum.fid]
            forum.topics = sorted(mine, key=lambda t: (not t.pinned, -t.posts[-1].when, -t.tid))
        self.position = {p.pid: i + 1 for t in self.topics.values() for i, p in enumerate(t.posts)}
        counts: dict[str, int] = {}
        first: dict[str, int] = {}
        for p in self.post_by_id.values():
            counts[p.author] = counts.get(p.author, 0) + 1
            first[p.author] = min(first.get(p.author, NOW), p.when)
        signed = set(rng.sample(names, len(_SIGNATURES)))
        sigs = iter(_SIGNATURES)
        self.members: dict[str, Member] = {}
        for i, name in enumerate(names):
            uid = self.uid_of[name]
            joined = first.get(name, NOW) - rng.randint(2, 900) * 86400 - rng.randint(0, 86399)
            month = utc(joined)
            digest = hashlib.md5(f"{uid}{name}".encode()).hexdigest()
            photo = f"/uploads/monthly_{month:%Y_%m}/avatar_{uid}.thumb.jpg.{digest}.jpg" if i % 3 else ""
            group = GROUPS["admin"] if i == 0 else GROUPS["mod"] if i == 1 else GROUPS["member"]
            posts = counts.get(name, 0) + rng.choice([rng.randint(0, 40), rng.randint(40, 3000)])
            self.members[name] = Member(uid, name, group, joined, posts, next(sigs) if name in signed else "", photo)
        self.member_by_uid = {m.uid: m for m in self.members.values()}

    def _add(self, forum: Forum) -> Forum:
        self.forums[forum.fid] = forum
        return forum

    def _protos(
        self, rng: random.Random, vocab: Vocabulary, fid: int, base: int, size: float
    ) -> list[tuple[int, str, bool, list[int], list[str]]]:
        pinned = 2 if base >= 30 else 1 if base >= 18 else 0
        out = []
        for t in range(max(2, round(base * size))):
            cap = (6 if size >= 0.5 else 4) * self.posts_per_page
            n = min(cap, max(1, int(rng.paretovariate(1.0) * 3) - 3 + rng.randint(0, 3)))
            mean = rng.choice([20 * 60, 3 * 3600, 14 * 3600, 2 * 86400])
            gaps = [45 + int(rng.expovariate(1 / mean)) for _ in range(n - 1)]
            if t < pinned:
                end_ago = rng.randint(60, 700) * 86400 + rng.randint(0, 86399)
            elif rng.random() < 0.3:  # active lately: relative times
                end_ago = rng.choice([rng.randint(5, 3500), rng.randint(3600, 86400), rng.randint(86400, 8 * 86400)])
            else:
                end_ago = rng.randint(7 * 86400, 1500 * 86400)
            times = [NOW - end_ago - sum(gaps)]
            for gap in gaps:
                times.append(times[-1] + gap)
            starter = rng.choice(vocab.names)
            authors = [starter] + [starter if rng.random() < 0.25 else rng.choice(vocab.names) for _ in gaps]
            out.append((fid, _title(rng, vocab), t < pinned, times, authors))
        return out

    def _write(self, rng: random.Random, vocab: Vocabulary, topic: Topic) -> None:
        staff = vocab.names[:2]
        for i, post in enumerate(topic.posts):
            post.paragraphs = [_paragraph(rng, vocab) for _ in range(rng.randint(1, 3))]
            post.blank_after_first = len(post.paragraphs) > 1 and rng.random() < 0.3
            earlier = topic.posts[max(0, i - 5) : i]
            if earlier and rng.random() < 0.18:
                post.quote = rng.choice(earlier)
                post.citation = citation(post.quote, post.when)
            others = [p.author for p in topic.posts[:i] if p.author != post.author]
            if others and rng.random() < 0.06:
                post.mention = rng.choice(others)
            if rng.random() < 0.04:
                post.link = f"https://www.example.com/{rng.choice(['wiki', 'news', 'bbs'])}/{rng.randint(100, 99999)}"
            if post.when < NOW - 3600 and rng.random() < 0.09:
                at = min(NOW - 60, post.when + rng.randint(60, 3 * 86400))
                by = post.author if rng.random() < 0.85 else rng.choice(staff)
                post.edited = (at, by, rng.choice(_EDIT_REASONS) if rng.random() < 0.3 else "")
            post.reactions = rng.choice([0, 0, 0, 0, 0, 1, 1, 2, 3, 5, 8])

    def topic_pages(self, topic: Topic) -> int:
        return max(1, -(-len(topic.posts) // self.posts_per_page))

    def forum_pages(self, forum: Forum) -> int:
        return max(1, -(-len(forum.topics) // self.topics_per_page))

    def page_posts(self, topic: Topic, page: int) -> list[Post]:
        n = self.posts_per_page
        return topic.posts[(page - 1) * n : page * n]

    def page_topics(self, forum: Forum, page: int) -> list[Topic]:
        n = self.topics_per_page
        return forum.topics[(page - 1) * n : page * n]

    def boards(self) -> list[Forum]:
        """Forums that hold topics, in the order the index shows them (subforums after their parent)."""
        out: list[Forum] = []

        def walk(fid: int) -> None:
            forum = self.forums[fid]
            if not forum.category:
                out.append(forum)
            for child in forum.children:
                walk(child)

        for root in self.roots:
            walk(root)
        return out


def citation(quoted: Post, at: int) -> str:
    """The citation IPS's editor stored when the post was quoted: relative to the quoting moment."""
    shown = relative(quoted.when, at)
    if not is_relative(shown):
        shown = f"On {utc(quoted.when):%m/%d/%Y} at {clock(quoted.when)}"
    return f"{shown}, {quoted.author} said:"


# -- the board ----------------------------------------------------------------------------------------

_SLUG = r"(?:-(?P<slug>[^/?#]*))?"
_PAGE = r"(?P<slash>/)?(?:page/(?P<page>\d+)(?P<pslash>/)?)?(?:\?page=(?P<qpage>\d+))?"
_TOPIC = r"/topic/(?P<tid>\d+)-(?P<slug>[^/?#]*)/(?:page/\d+/)?"
_PROFILE = r"/profile/(?P<uid>\d+)-(?P<slug>[^/?#]*)/"
_STATIC = "discover search login register lostpassword online leaderboard staff privacy terms cookies contact"
ROBOTS = """# Rules for Invision Community (https://invisioncommunity.com)
User-Agent: *
# Block pages with no unique content
Disallow: /startTopic/
Disallow: /discover/unread/
Disallow: /markallread/
Disallow: /staff/
Disallow: /cookie/
Disallow: /online/
Disallow: /discover/
Disallow: /leaderboard/
Disallow: /search/
Disallow: /*?advancedSearchForm=
Disallow: /register/
Disallow: /lostpassword/
Disallow: /login/

# Block faceted pages and 301 redirect pages
Disallow: /*?sortby=
Disallow: /*?filter=
Disallow: /*?tab=
Disallow: /*?do=
Disallow: /*ref=
Disallow: /*?forumId*
Disallow: /*?&controller=embed

# Sitemap URL
Sitemap: {base}/sitemap.php
"""


class IpsForum(_FixtureForum):
    """Invision Community 4.7: ``/forum/3-%E6%95%B0%E7%A0%81/page/2/``, ``/topic/123-slug/page/3/``."""

    name = "ips"
    vocab = CHINESE
    routes = [
        (r"/(?:forums/)?", "_index"),
        (r"/forum/(?P<fid>\d+)-(?P<slug>[^/?#]*)\.xml/?", "_noise_rss"),
        (rf"/forum/(?P<fid>\d+){_SLUG}{_PAGE}", "_board"),
        (
            r"/forum/(?P<fid>\d+)-(?P<slug>[^/?#]*)/(?:page/\d+/)?\?(?:advancedSearchForm=1&)?"
            r"sortby=(?P<sortby>[\w.]+)&sortdirection=(?P<dir>asc|desc)",
            "_noise_sorted",
        ),
        (rf"/topic/(?P<tid>\d+){_SLUG}{_PAGE}", "_thread"),
        (rf"{_TOPIC}\?do=findComment&comment=(?P<pid>\d+)", "_noise_jump"),
        (rf"{_TOPIC}\?do=(?P<do>getNewComment|getLastComment|nextUnread)", "_noise_jump"),
        (rf"{_TOPIC}\?do=showReactionsComment&comment=(?P<pid>\d+)(?:&reaction=\d+)?", "_noise_reactions"),
        (rf"{_TOPIC}\?do=embed(?:&comment=(?P<pid>\d+))?", "_noise_embed"),
        (rf"{_TOPIC}\?preview=1", "_noise_preview"),
        (rf"{_PROFILE}(?P<content>content/)?", "_noise_profile"),
        (rf"{_PROFILE}\?do=hovercard(?:&referrer=[^&]*)?", "_noise_hovercard"),
        (
            r"/index\.php\?app=core&module=system&controller=terms&do=dismiss&ref=(?P<ref>[^&]+)&csrfKey=\w+",
            "_noise_dismiss",
        ),
        (
            r"/index\.php\?app=core&module=system&controller=notifications&do=(?P<do>follow|followers)"
            r"&follow_app=forums&follow_area=(?P<area>forum|topic)&follow_id=(?P<id>\d+)",
            "_noise_follow",
        ),
        (rf"/(?P<page>{_STATIC.replace(' ', '|')})/", "_noise_static"),
        (r"/search/\?(?:q=[^&]*&quick=1|type=core_members)", "_noise_static"),
        (r"/login/\?ref=[^&]+", "_noise_static"),
        (r"/sitemap\.php(?:\?file=sitemap_content_forums_Topic)?", "_other_sitemap"),
    ]

    def __init__(self, *, size: float = 1.0, charset: str = "utf-8", seed: int = 47) -> None:
        # The shared generator's shapes do not fit IPS (categories, subforums, members): build our own.
        self.charset = charset
        self.seed = seed
        self.data = IpsData(seed, size, self.vocab)
        self.posts_per_page = self.data.posts_per_page
        self.threads_per_page = self.data.topics_per_page
        self._routes = [(re.compile(rx), getattr(self, meth)) for rx, meth in self.routes]

    # -- serving -----------------------------------------------------------------------------------
    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            return Reply(200, ROBOTS.format(base=request.base_url), {"Content-Type": "text/plain; charset=utf-8"})
        return super().handle(request)

    def redirect(self, req: SiteRequest, target: str, status: int = 301) -> Reply:
        return Reply(status, "", {"Location": req.base_url + target, "Content-Type": "text/html;charset=UTF-8"})

    # -- truth -------------------------------------------------------------------------------------
    def _resolve(self, target: str) -> tuple[PageKind, str | None]:
        """Kind and canonical target: a redirect is noise, a 404 (unknown id) or a sitemap other."""
        found = self._route(target)
        if found is None or not self._known(found[1]):
            return "other", None
        handler, m = found
        kind = handler.__name__
        if kind == "_index":
            return "index", "/"
        if kind not in {"_board", "_thread"}:
            return ("other" if kind.startswith("_other") else "noise"), None
        canonical, exact = self._locate(kind, m)
        if not exact:
            return "noise", None  # 301 to the canonical URL
        if kind == "_thread":
            return "thread", canonical
        return ("index" if self.data.forums[int(m["fid"])].category else "board"), canonical

    def _known(self, m: re.Match[str]) -> bool:
        """Whether the ids a URL names exist (else the board answers 404)."""
        d, groups = self.data, m.re.groupindex
        checks = [("tid", d.topics), ("fid", d.forums), ("uid", d.member_by_uid), ("pid", d.post_by_id)]
        return all(m[g] is None or int(m[g]) in table for g, table in checks if g in groups)

    def _locate(self, kind: str, m: re.Match[str]) -> tuple[str | None, bool]:
        """Where a forum or topic URL leads (page clamped into range) and whether it is that URL itself."""
        page = int(m["page"] or m["qpage"] or 1)
        if kind == "_board":
            forum = self.data.forums.get(int(m["fid"]))
            if forum is None:
                return None, False
            oid, slug, last = forum.fid, forum.slug, 1 if forum.category else self.data.forum_pages(forum)
            target = self.board_target
        else:
            topic = self.data.topics.get(int(m["tid"]))
            if topic is None:
                return None, False
            oid, slug, last = topic.tid, topic.slug, self.data.topic_pages(topic)
            target = self.thread_target
        canonical = target(oid, min(max(page, 1), last))
        exact = (
            m["slug"] is not None
            and unquote(m["slug"]) == unquote(slug)
            and m["slash"] is not None
            and m["qpage"] is None
            and (m["page"] is None or (m["pslash"] is not None and 1 < page <= last))
        )
        return canonical, exact

    def classify(self, target: str) -> PageKind:
        return self._resolve(target)[0]

    def canonical(self, target: str) -> str | None:
        return self._resolve(target)[1]

    def board_target(self, fid: int, page: int = 1) -> str:
        forum = self.data.forums[fid]
        return f"/forum/{fid}-{forum.slug}/" + (f"page/{page}/" if page > 1 else "")

    def thread_target(self, tid: int, page: int = 1) -> str:
        return f"/topic/{tid}-{self.data.topics[tid].slug}/" + (f"page/{page}/" if page > 1 else "")

    def profile_target(self, member: Member) -> str:
        return f"/profile/{member.uid}-{member.slug}/"

    def thread_targets(self) -> frozenset[str]:
        d = self.data
        return frozenset(
            self.thread_target(t.tid, p) for t in d.topics.values() for p in range(1, d.topic_pages(t) + 1)
        )

    def index_targets(self) -> frozenset[str]:
        d = self.data
        out = {"/"} | {self.board_target(fid) for fid in d.roots}
        out |= {self.board_target(f.fid, p) for f in d.boards() for p in range(1, d.forum_pages(f) + 1)}
        return frozenset(out)

    def posts(self) -> list[TruthPost]:
        out = []
        for forum in self.data.boards():
            for topic in forum.topics:
                for i, post in enumerate(topic.posts):
                    out.append(
                        TruthPost(
                            str(topic.tid),
                            topic.title,
                            forum.name,
                            i // self.posts_per_page + 1,
                            i + 1,
                            f"comment-{post.pid}",
                            post.author,
                            self.truth_time(post),
                            post.own_text,
                        )
                    )
        return out

    def truth_time(self, post: Post) -> str:  # type: ignore[override]
        shown = relative(post.when)
        return iso(post.when).removesuffix("Z") if is_relative(shown) else shown

    # -- urls --------------------------------------------------------------------------------------
    def page_of_post(self, pid: int) -> str:
        """The topic page holding post ``pid``, with its fragment (where the jump links redirect)."""
        post = self.data.post_by_id[pid]
        page = (self.data.position[pid] - 1) // self.posts_per_page + 1
        return f"{self.thread_target(post.tid, page)}#comment-{pid}"

    def csrf_key(self) -> str:
        """A guest's CSRF key (fixed: one guest session)."""
        return hashlib.md5(f"guest{self.seed}".encode()).hexdigest()

    def dismiss_link(self, req: SiteRequest) -> str:
        """The cookie-terms bar's 'I accept' link: it carries the page's own URL (a new link on every page)."""
        ref = quote(base64.b64encode(req.url.encode()).decode(), safe="")
        return f"/index.php?app=core&module=system&controller=terms&do=dismiss&ref={ref}&csrfKey={self.csrf_key()}"

    # -- pages -------------------------------------------------------------------------------------
    def _index(self, m: re.Match[str], req: SiteRequest) -> str:
        return pages.index_page(self, req)

    def _board(self, m: re.Match[str], req: SiteRequest) -> str | Reply | None:
        canonical, exact = self._locate("_board", m)
        if canonical is None:
            return None
        if not exact:
            return self.redirect(req, canonical)
        forum = self.data.forums[int(m["fid"])]
        if forum.category:
            return pages.category_page(self, req, forum)
        return pages.forum_page(self, req, forum, int(m["page"] or 1))

    def _thread(self, m: re.Match[str], req: SiteRequest) -> str | Reply | None:
        canonical, exact = self._locate("_thread", m)
        if canonical is None:
            return None
        if not exact:
            return self.redirect(req, canonical)
        return pages.topic_page(self, req, self.data.topics[int(m["tid"])], int(m["page"] or 1))

    def _topic_of(self, m: re.Match[str]) -> Topic | None:
        return self.data.topics.get(int(m["tid"]))

    def _noise_jump(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        """findComment, getLastComment, getNewComment (a guest has read nothing: the first post) and
        nextUnread (the next topic down the forum's list): 301 to the page holding the post."""
        topic = self._topic_of(m)
        if topic is None:
            return None
        if "pid" in m.re.groupindex and m["pid"]:
            post = self.data.post_by_id.get(int(m["pid"]))
            if post is None or post.tid != topic.tid:
                return None
            return self.redirect(req, self.page_of_post(post.pid))
        if m["do"] == "getLastComment":
            return self.redirect(req, self.page_of_post(topic.posts[-1].pid))
        if m["do"] == "getNewComment":
            return self.redirect(req, self.thread_target(topic.tid))
        listing = self.data.forums[topic.fid].topics
        later = listing[listing.index(topic) + 1 :]
        return self.redirect(req, self.thread_target(later[0].tid) if later else self.board_target(topic.fid))

    def _noise_reactions(self, m: re.Match[str], req: SiteRequest) -> str | None:
        topic, post = self._topic_of(m), self.data.post_by_id.get(int(m["pid"]))
        if topic is None or post is None or post.tid != topic.tid:
            return None
        return pages.reactions_page(self, req, post)

    def _noise_embed(self, m: re.Match[str], req: SiteRequest) -> str | None:
        topic = self._topic_of(m)
        if topic is None:
            return None
        post = self.data.post_by_id.get(int(m["pid"])) if m["pid"] else topic.posts[0]
        return None if post is None or post.tid != topic.tid else pages.embed_page(self, req, topic, post)

    def _noise_preview(self, m: re.Match[str], req: SiteRequest) -> str | None:
        topic = self._topic_of(m)
        return None if topic is None else pages.preview_fragment(self, req, topic)

    def _noise_sorted(self, m: re.Match[str], req: SiteRequest) -> str | None:
        forum = self.data.forums.get(int(m["fid"]))
        if forum is None or forum.category:
            return None
        return pages.forum_page(self, req, forum, 1, sort=(m["sortby"], m["dir"]))

    def _noise_rss(self, m: re.Match[str], req: SiteRequest) -> Reply | None:
        forum = self.data.forums.get(int(m["fid"]))
        if forum is None or forum.category:
            return None
        return Reply(200, pages.rss(self, req, forum), {"Content-Type": "text/xml; charset=UTF-8"})

    def _member_of(self, m: re.Match[str]) -> Member | None:
        return self.data.member_by_uid.get(int(m["uid"]))

    def _noise_profile(self, m: re.Match[str], req: SiteRequest) -> str | None:
        member = self._member_of(m)
        return None if member is None else pages.profile_page(self, req, member, content=bool(m["content"]))

    def _noise_hovercard(self, m: re.Match[str], req: SiteRequest) -> str | None:
        member = self._member_of(m)
        return None if member is None else pages.hovercard(self, req, member)

    def _noise_dismiss(self, m: re.Match[str], req: SiteRequest) -> Reply:
        try:
            back = base64.b64decode(unquote(m["ref"])).decode()
        except ValueError:
            back = req.base_url + "/"
        target = back.removeprefix(req.base_url) if back.startswith(req.base_url + "/") else "/"
        return self.redirect(req, target, 302)

    def _noise_follow(self, m: re.Match[str], req: SiteRequest) -> str | Reply | None:
        oid = int(m["id"])
        known = self.data.topics if m["area"] == "topic" else self.data.forums
        return pages.follow_page(self, req, m["do"]) if oid in known else None

    def _noise_static(self, m: re.Match[str], req: SiteRequest) -> str:
        return pages.static_page(self, req)

    def _other_sitemap(self, m: re.Match[str], req: SiteRequest) -> Reply:
        return Reply(200, pages.sitemap(self, req), {"Content-Type": "application/xml; charset=UTF-8"})


def build(size: float = 1.0, charset: str = "utf-8") -> IpsForum:
    """An IPS forum of ``size`` (a factory with the signature the forum registry expects)."""
    return IpsForum(size=size, charset=charset)
