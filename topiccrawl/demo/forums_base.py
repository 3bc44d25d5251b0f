"""Shared pieces of the fixture forums: generated content (boards, threads, posts in
Chinese from a seeded RNG), routing, ground truth and noise; the templates render."""

from __future__ import annotations

import hashlib
import itertools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import urlsplit

from topiccrawl.demo.forum_truth import PageKind, TruthPost
from topiccrawl.demo.server import Reply, SiteRequest, html, not_found

_WORDS = [
    "辛亥革命",
    "武昌起义",
    "同盟会",
    "孙中山",
    "黄兴",
    "保路运动",
    "湖北",
    "新军",
    "清政府",
    "民国",
    "历史",
    "资料",
    "讨论",
    "观点",
    "文献",
    "手机",
    "电池",
    "拍照",
    "相机",
    "镜头",
    "篮球",
    "比赛",
    "加时",
    "球队",
    "面馆",
    "牛肉面",
    "周末",
    "公园",
    "天气",
    "电影",
    "小说",
    "游戏",
    "攻略",
    "版本",
    "更新",
    "服务器",
    "论坛",
    "版主",
    "新人",
    "报到",
    "分享",
    "经验",
    "问题",
    "请教",
    "感谢",
    "支持",
    "楼主",
    "回复",
    "补充",
]
_NAMES = [
    "烟给我烟",
    "关注朋朋",
    "另一块木板",
    "海贼迷",
    "路飞",
    "草帽小子",
    "老王",
    "小李飞刀",
    "天天向上",
    "阿杰",
    "木子",
    "清风",
    "明月",
    "山河",
    "星辰",
]
_PUNCT = "，。！？；"


@dataclass(frozen=True)
class Vocabulary:
    """What a forum's generated content is made of: words, user names, sentence ends, the
    space between words and what board names look like. Templates in another language pass
    their own; the defaults are the Chinese of the first fixture forums (and draw the same
    random numbers, so those forums stay as they were)."""

    words: list[str] = field(default_factory=lambda: _WORDS)
    names: list[str] = field(default_factory=lambda: _NAMES)
    punct: str = _PUNCT
    sep: str = ""
    board_suffix: str = "版"
    deleted_rate: float = 0.03  # share of replies shown as deleted (0: the board hides them from guests)

    def sentence(self, rng: random.Random, n: int) -> str:
        words = [rng.choice(self.words) for _ in range(n)]
        text = self.sep.join(words) + rng.choice(self.punct)
        return text[:1].upper() + text[1:]


CHINESE = Vocabulary()


@dataclass
class _Post:
    pid: int
    author: str
    uid: int
    time: str
    paragraphs: list[str]
    deleted: bool = False


@dataclass
class _Thread:
    tid: int
    board: int
    title: str
    sticky: bool
    posts: list[_Post] = field(default_factory=list)


@dataclass
class _Board:
    fid: int
    name: str
    threads: list[_Thread] = field(default_factory=list)


class _ForumData:
    """The forum's content: boards, threads, posts; independent of the template."""

    def __init__(
        self, seed: int, size: float, posts_per_page: int, threads_per_page: int, vocab: Vocabulary = CHINESE
    ) -> None:
        rng = random.Random(seed)
        sep = vocab.sep
        self.posts_per_page = posts_per_page
        self.threads_per_page = threads_per_page
        n_boards = max(3, round(5 * size))
        pid = 1000
        tid = 100
        self.boards: list[_Board] = []
        self.threads: dict[int, _Thread] = {}
        for b in range(n_boards):
            head = sep.join(rng.choice(vocab.words).title() for _ in range(2))
            board = _Board(b + 2, f"{head}{sep}{vocab.board_suffix}{sep}{b + 1}")
            n_threads = max(3, round(rng.randint(18, 30) * size))
            for t in range(n_threads):
                tid += rng.randint(1, 3)
                title = vocab.sentence(rng, rng.randint(2, 5)).rstrip(vocab.punct)
                thread = _Thread(tid, board.fid, f"{title}{sep}{tid}", sticky=t < 2)
                # Long-tailed thread lengths: most threads short, some span many pages.
                n_posts = 1 + min(int(rng.paretovariate(1.1) * 6), posts_per_page * 6 - 1)
                for i in range(n_posts):
                    pid += rng.randint(1, 4)
                    name = rng.choice(vocab.names)
                    paras = [vocab.sentence(rng, rng.randint(1, 8)) for _ in range(rng.randint(1, 3))]
                    day = 1 + (tid + i) % 28
                    time = f"2024-{1 + tid % 12}-{day} {(i * 7) % 24:02d}:{(pid * 13) % 60:02d}"
                    deleted = i > 0 and rng.random() < vocab.deleted_rate
                    thread.posts.append(_Post(pid, name, 1 + vocab.names.index(name), time, paras, deleted))
                board.threads.append(thread)
                self.threads[tid] = thread
            self.boards.append(board)
        self.board_by_fid = {b.fid: b for b in self.boards}
        self.post_location = {
            p.pid: (t.tid, i // posts_per_page + 1) for t in self.threads.values() for i, p in enumerate(t.posts)
        }

    def thread_pages(self, thread: _Thread) -> int:
        return max(1, -(-len(thread.posts) // self.posts_per_page))

    def list_pages(self, board: _Board) -> int:
        normal = [t for t in board.threads if not t.sticky]
        return max(1, -(-len(normal) // self.threads_per_page))

    def list_page(self, board: _Board, page: int) -> list[_Thread]:
        """Sticky threads head every page of the list, as on real forums."""
        sticky = [t for t in board.threads if t.sticky]
        normal = [t for t in board.threads if not t.sticky]
        n = self.threads_per_page
        return sticky + normal[(page - 1) * n : page * n]

    def page_posts(self, thread: _Thread, page: int) -> list[tuple[int, _Post]]:
        n = self.posts_per_page
        return [(i + 1, p) for i, p in enumerate(thread.posts) if (page - 1) * n <= i < page * n]


_DELETED = "提示: 作者被禁止或删除 内容自动屏蔽"

_EN_WORDS = [
    word
    for line in (
        "the battery lasts about two days with normal use but camera app drains it fast when recording video "
        "tried resetting phone and updating firmware which helped bit does anyone know if new kernel fixes wifi "
        "drops on older routers my setup uses mesh network problem only appears after sleep mode also charger "
        "gets warm thanks for detailed answer worked me replacing cable bought spare one from shop downtown price "
        "was fair shipping quick overall happy screen scratches easily so get protector",
    )
    for word in line.split()
]
_EN_NAMES = [
    *("alice", "bob_k", "carol99", "dmitri", "eve_w", "frank", "grace_h", "heidi", "ivan_t", "judy"),
    *("mallory", "niaj", "olivia", "peggy", "rupert"),
]
ENGLISH = Vocabulary(_EN_WORDS, _EN_NAMES, ".!?", " ", "Talk", 0.0)
"""English content (boards whose templates speak English); replies are never shown deleted."""


def post_text(post: _Post) -> str:
    return _DELETED if post.deleted else " ".join(post.paragraphs)


def post_datetime(post: _Post) -> datetime:
    """The post's time (``YYYY-M-D HH:MM``) as a datetime, for templates that print it their own way."""
    return datetime.strptime(post.time, "%Y-%m-%d %H:%M")


def pick_quotes(data: _ForumData, seed: int, rate: float) -> dict[int, _Post]:
    """Which earlier post of its thread a reply quotes (by the reply's post id), for ``rate`` of replies."""
    rng = random.Random(seed)
    out = {}
    for thread in data.threads.values():
        for i, post in enumerate(thread.posts):
            earlier = [p for p in thread.posts[:i] if not p.deleted]
            if earlier and not post.deleted and rng.random() < rate:
                out[post.pid] = rng.choice(earlier)
    return out


def _session(token: str) -> str:
    return hashlib.md5(token.encode()).hexdigest()


class _FixtureForum:
    """Routing, ground truth and noise shared by the templates; subclasses render."""

    name = "forum"
    routes: list[tuple[str, str]] = []  # (regex on the target, handler method name)
    vocab = CHINESE

    def __init__(self, *, size: float = 1.0, charset: str = "utf-8", seed: int = 7) -> None:
        self.charset = charset
        self.data = _ForumData(seed, size, self.posts_per_page, self.threads_per_page, self.vocab)
        self._routes = [(re.compile(rx), getattr(self, meth)) for rx, meth in self.routes]

    posts_per_page = 10
    threads_per_page = 10

    # -- serving -------------------------------------------------------------
    def start_target(self) -> str:
        return "/"

    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            return Reply(200, "User-agent: *\nDisallow: /admin/\n", {"Content-Type": "text/plain"})
        found = self._route(request.target)
        if found is None:
            return not_found()
        handler, match = found
        page = handler(match, request)
        if page is None:
            return not_found()
        return page if isinstance(page, Reply) else self.reply(page)

    def reply(self, body: str) -> Reply:
        return html(body, charset=self.charset)

    def _route(self, target: str) -> tuple[Callable[..., str | None], re.Match[str]] | None:
        target = self.strip_session(target)
        # A forum script reads its parameters by name, not by position (crawlers and
        # proxies sort them): try the routes on the query in every order.
        path, _, query = target.partition("?")
        params = [q for q in query.split("&") if q]
        orders = itertools.permutations(params) if len(params) <= 5 else iter([params])
        targets = dict.fromkeys([target, *(path + "?" + "&".join(o) for o in orders if o)])
        for candidate in targets:
            for rx, handler in self._routes:
                m = rx.fullmatch(candidate)
                if m:
                    return handler, m
        return None

    @staticmethod
    def strip_session(target: str) -> str:
        parts = urlsplit(target)
        query = "&".join(q for q in parts.query.split("&") if q and not q.startswith(("sid=", "s=")))
        return parts.path + ("?" + query if query else "")

    # -- truth ---------------------------------------------------------------
    def classify(self, target: str) -> PageKind:
        found = self._route(target)
        if found is None:
            return "other"
        kind = found[0].__name__.split("_")[1]
        if kind in {"index", "board", "thread"}:
            return "board" if kind == "board" else kind  # type: ignore[return-value]
        return "noise"

    def canonical(self, target: str) -> str | None:
        found = self._route(target)
        if found is None:
            return None
        handler, m = found
        kind = handler.__name__.split("_")[1]
        if kind == "index":
            return "/"
        if kind == "board":
            return self.board_target(int(m["fid"]), int(m["page"] or 1))
        if kind == "thread":
            return self.thread_target(int(m["tid"]), self.page_of(m))
        return None

    def page_of(self, m: re.Match[str]) -> int:
        return int(m["page"] or 1)

    def thread_targets(self) -> frozenset[str]:
        d = self.data
        return frozenset(
            self.thread_target(t.tid, p) for t in d.threads.values() for p in range(1, d.thread_pages(t) + 1)
        )

    def index_targets(self) -> frozenset[str]:
        d = self.data
        return frozenset(["/"] + [self.board_target(b.fid, p) for b in d.boards for p in range(1, d.list_pages(b) + 1)])

    def posts(self) -> list[TruthPost]:
        out = []
        for board in self.data.boards:
            for t in board.threads:
                for i, p in enumerate(t.posts):
                    out.append(
                        TruthPost(
                            str(t.tid),
                            t.title,
                            board.name,
                            i // self.posts_per_page + 1,
                            i + 1,
                            self.post_anchor(p),
                            p.author,
                            self.truth_time(p),
                            self.truth_text(p),
                        )
                    )
        return out

    def truth_time(self, post: _Post) -> str:
        """The post's time as a crawler should report it (templates that print it otherwise override)."""
        return post.time

    def truth_text(self, post: _Post) -> str:
        """The post's text as a crawler should emit it (templates that add quotes override)."""
        return post_text(post)

    # -- to be provided by templates -------------------------------------------
    def board_target(self, fid: int, page: int) -> str:
        raise NotImplementedError

    def thread_target(self, tid: int, page: int) -> str:
        raise NotImplementedError

    def post_anchor(self, post: _Post) -> str:
        raise NotImplementedError

    # -- helpers for rendering -------------------------------------------------
    def page_numbers(self, current: int, last: int) -> list[int]:
        """The numbered links a pager shows: a window around the current page, plus first and last."""
        return sorted({1, last, *range(max(1, current - 3), min(last, current + 3) + 1)})

    def sid(self, target: str, every: int = 3) -> str:
        """Append a session id to some links, as forums do for cookie-less visitors."""
        if int(_session(target)[:4], 16) % every:
            return target
        sep = "&" if "?" in target else "?"
        return f"{target}{sep}sid={_session('s' + target)[:8]}"
