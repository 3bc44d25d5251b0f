"""Baidu Tieba (百度贴吧) fixture: a few 吧 (bars), each one board, served as a crawler downloads them.

A bar is ``/f?kw=NAME&ie=utf-8`` (``NAME`` percent-encoded UTF-8) with further pages
``&pn=OFFSET`` (offsets in steps of :attr:`TiebaForum.threads_per_page`); its heading is
``NAME吧``. As the server sends a bar page (the FRS page), the thread list and its pager are
not in the DOM: they are a BigPipe pagelet, the markup inside an HTML comment in
``<code class="pagelet_html" id="pagelet_html_frs-list/pagelet/thread_list">`` that a script
moves into the empty ``<div id="pagelet_frs-list/pagelet/thread_list">`` in a browser. Inside:
``ul#thread_list`` with pinned threads (置顶, first page only) in ``ul#thread_top_list``, then
``li.j_thread_list`` rows (``data-field`` JSON, title ``a.j_th_tit`` to ``/p/TID``, reply count,
author, abstract, last reply time as '16:09' today, '5-14' this year, '2023-11' before), an ad
row between them, and the pager ``div#frs_list_pager`` whose links are protocol-relative
(``//HOST/f?kw=…&ie=utf-8&pn=40``), as on tieba.baidu.com. Rows are ordered by last reply.

A thread is ``/p/TID`` with pages ``?pn=2`` … of 30 floors (楼), served in the DOM: a floor is
``div.l_post.j_l_post`` with ``data-field`` JSON, the author in ``div.d_author``, the text in
``div.d_post_content`` (paragraphs split by ``<br>``, sometimes a smiley), a tail of
``span.tail-info`` ('来自Android客户端', '3楼', '2024-05-14 12:35') and, on some floors, 楼中楼
sub-replies (``li.lzl_single_post``, with '还有N条回复，点击查看' to ``/p/comment?tid=&pid=&pn=1``),
and between floors an ad block. Every view of a thread names ``//HOST/p/TID`` (no page) as its
``<link rel="canonical">``, as Tieba does, so pages 2+ claim page 1 as their canonical URL.

Noise: '只看楼主' (``?see_lz=1``), floor links ``/p/TID?pid=PID&cid=0`` (the page holding the
floor), share links ``?share=9105&fr=share``, the 楼中楼 fragments, user pages
``/home/main?un=…`` (a feed of the user's floors), the 精品 and 图片 tabs, ``/f/good?kw=…``,
bar search ``/f/search/res?…``, level help ``/f/like/level?…`` and login ``/passport?login…``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from html import escape
from urllib.parse import quote, unquote

from topiccrawl.demo.forums_base import CHINESE, _Board, _FixtureForum, _Post, _Thread
from topiccrawl.demo.server import SiteRequest

NOW = datetime(2024, 6, 3, 18, 30)  # the site's clock: what 'today' on a bar page counts from
BARS = ["篮球", "辛亥革命", "数码相机", "牛肉面", "单机游戏", "周末去哪儿"]
MAX_THREAD_PAGES = 5
INLINE_LZL = 4  # 楼中楼 replies shown under a floor; the rest behind '还有N条回复'
COMMENT_PAGE = 10  # 楼中楼 replies per /p/comment page
FEED = 15  # floors on a user's page
PAGELET = "frs-list/pagelet/thread_list"
CLIENTS = ["Android客户端", "iPhone客户端"]
TITLES = ["初级粉丝", "中级粉丝", "高级粉丝", "正式会员", "核心会员", "铁杆会员", "知名人士", "人气楷模"]
_STATIC = "//tb1.bdstatic.com/tb/_"
_PORTRAIT = "https://gss0.bdstatic.com/6LZ1dD3d1sgCo2Kml5_Y_D3/sys/portrait/item/"
_SMILEY = "https://gsp0.baidu.com/5aAHeD3nKhI2p27j8IqW0jdnxx1xbK/tb/editor/images/client/image_emoticon{}.png"


@dataclass(frozen=True)
class SubReply:
    """One 楼中楼 reply under a floor (not a post of the thread)."""

    spid: int
    author: str
    when: datetime
    to: str | None  # '回复 NAME :' prefix
    text: str


def field(obj: object) -> str:
    """A ``data-field`` attribute value: JSON as PHP writes it (``\\u`` escapes, ``\\/``), HTML-escaped."""
    return escape(json.dumps(obj, separators=(",", ":")).replace("/", "\\/"))


def portrait(name: str) -> str:
    digest = hashlib.md5(name.encode()).digest()
    return f"tb.1.{digest[:4].hex()}.{base64.urlsafe_b64encode(digest).decode()[:22]}"


def full_date(when: datetime) -> str:
    """A floor's date in its tail (and what the truth reports)."""
    return f"{when:%Y-%m-%d %H:%M}"


def list_date(when: datetime) -> str:
    """A bar page's last-reply/creation time: the clock today, month-day this year, year-month before."""
    if when.date() == NOW.date():
        return f"{when:%H:%M}"
    if when.year == NOW.year:
        return f"{when.month}-{when.day}"
    return f"{when.year}-{when.month}"


def lzl_date(when: datetime) -> str:
    return f"{when.year}-{when.month}-{when.day} {when:%H:%M}"


def home_link(name: str, fr: str = "pb") -> str:
    return f"/home/main?un={quote(name)}&amp;ie=utf-8&amp;fr={fr}"


class TiebaForum(_FixtureForum):
    """Baidu Tieba: ``/f?kw=NAME&ie=utf-8&pn=20`` (list in a BigPipe comment), ``/p/TID?pn=2``."""

    name = "tieba"
    vocab = replace(CHINESE, board_suffix="吧", deleted_rate=0.0)  # deleted floors vanish on Tieba
    posts_per_page = 30
    threads_per_page = 10
    routes = [
        (r"/", "_index"),
        (r"/f\?kw=(?P<kw>[^&]+)(?:&ie=(?P<ie>utf-8))?(?:&tab=main)?(?:&pn=(?P<pn>\d+))?(?:&fr=\w+)?", "_board"),
        (r"/f\?kw=(?P<kw>[^&]+)(?:&ie=(?P<ie>utf-8))?&tab=good(?:&cid=\d+)?(?:&pn=(?P<pn>\d+))?", "_noise_good"),
        (r"/f/good\?kw=(?P<kw>[^&]+)(?:&ie=(?P<ie>utf-8))?(?:&cid=\d+)?(?:&pn=(?P<pn>\d+))?", "_noise_good"),
        (r"/f\?kw=(?P<kw>[^&]+)(?:&ie=(?P<ie>utf-8))?&tab=album", "_noise_album"),
        (r"/f/search/res\?(?:ie=(?P<ie>utf-8)&)?kw=(?P<kw>[^&]+)&qw=(?P<qw>[^&]+)", "_noise_search"),
        (r"/f/like/level\?kw=(?P<kw>[^&]+)(?:&ie=(?P<ie>utf-8))?&lv_t=\w+", "_noise_level"),
        (r"/p/(?P<tid>\d+)(?:\?pn=(?P<pn>\d+))?", "_thread"),
        (r"/p/(?P<tid>\d+)\?see_lz=1(?:&pn=(?P<pn>\d+))?", "_noise_seelz"),
        (r"/p/(?P<tid>\d+)\?pid=(?P<pid>\d+)(?:&cid=\d+)?", "_noise_floor"),
        (r"/p/(?P<tid>\d+)\?share=\d+(?:&\w+=[^&]*)*", "_noise_share"),
        (r"/p/comment\?tid=(?P<tid>\d+)&pid=(?P<pid>\d+)&pn=(?P<pn>\d+)", "_noise_comment"),
        (r"/home/main/?\?un=(?P<un>[^&]+)(?:&\w+=[^&]*)*", "_noise_home"),
        (r"/passport\?login(?:&\w+=[^&]*)*", "_noise_login"),
    ]

    def __init__(self, *, size: float = 1.0, charset: str = "utf-8", seed: int = 59) -> None:
        # Bars are bigger than the other fixtures' boards and fewer: generate twice the
        # content, keep 3-4 bars of 36-60 threads (at size 1).
        super().__init__(size=2 * size, charset=charset, seed=seed)
        d = self.data
        rng = random.Random(seed + 1)
        d.boards = d.boards[:4]
        self.kw: dict[int, str] = {}
        for board, kw in zip(d.boards, rng.sample(BARS, len(BARS)), strict=False):
            board.name = f"{kw}吧"
            self.kw[board.fid] = kw
        self.fid_by_kw = {kw: fid for fid, kw in self.kw.items()}
        d.threads = {t.tid: t for b in d.boards for t in b.threads}
        for t in d.threads.values():
            del t.posts[MAX_THREAD_PAGES * self.posts_per_page :]
        d.board_by_fid = {b.fid: b for b in d.boards}
        d.post_location = {
            p.pid: (t.tid, i // self.posts_per_page + 1) for t in d.threads.values() for i, p in enumerate(t.posts)
        }
        self.when: dict[int, datetime] = {}
        self.client: dict[int, str] = {}
        self.lzl: dict[int, list[SubReply]] = {}
        spid = 9_000_000
        for t in d.threads.values():
            # Floors in time order, the last one today for some threads.
            back = rng.randint(3, 14 * 60) if rng.random() < 0.3 else rng.randint(24 * 60, 220 * 24 * 60)
            times = [NOW - timedelta(minutes=back)]
            for _ in t.posts[1:]:
                times.append(times[-1] - timedelta(minutes=1 + int(rng.expovariate(1 / 150))))
            for post, when in zip(t.posts, reversed(times), strict=True):
                self.when[post.pid] = when
                if rng.random() < 0.35:
                    self.client[post.pid] = rng.choice(CLIENTS)
                if rng.random() < 0.2:
                    subs, at = [], when
                    for _ in range(rng.choice([1, 1, 2, 2, 3, 4, 5, 6, 8, 11, 14])):
                        spid += rng.randint(1, 9)
                        at = min(NOW, at + timedelta(minutes=rng.randint(1, 90)))
                        to = rng.choice(self.vocab.names) if rng.random() < 0.4 else None
                        text = "".join(self.vocab.sentence(rng, rng.randint(3, 7)) for _ in range(rng.randint(1, 2)))
                        subs.append(SubReply(spid, rng.choice(self.vocab.names), at, to, text))
                    self.lzl[post.pid] = subs
        self.good = {t.tid for t in d.threads.values() if rng.random() < 0.12}
        self.good |= {next(t.tid for t in b.threads if t.sticky) for b in d.boards}
        self.order = {
            b.fid: sorted(
                (t for t in b.threads if not t.sticky), key=lambda t: self.when[t.posts[-1].pid], reverse=True
            )
            for b in d.boards
        }

    # -- truth -----------------------------------------------------------------
    def board_target(self, fid: int, page: int) -> str:
        base = f"/f?kw={quote(self.kw[fid])}&ie=utf-8"
        return base if page == 1 else f"{base}&pn={(page - 1) * self.threads_per_page}"

    def thread_target(self, tid: int, page: int) -> str:
        return f"/p/{tid}" + (f"?pn={page}" if page > 1 else "")

    def post_anchor(self, post: _Post) -> str:
        return str(post.pid)

    def truth_time(self, post: _Post) -> str:
        return full_date(self.when[post.pid])

    def canonical(self, target: str) -> str | None:
        found = self._route(target)
        if found is None:
            return None
        handler, m = found
        if handler.__name__ == "_index":
            return "/"
        if handler.__name__ == "_board":
            board, page = self._board_page(m)
            return None if board is None else self.board_target(board.fid, page)
        if handler.__name__ == "_thread":
            thread = self.data.threads.get(int(m["tid"]))
            page = int(m["pn"] or 1)
            if thread is None or not 1 <= page <= self.data.thread_pages(thread):
                return None
            return self.thread_target(thread.tid, page)
        return None

    # -- helpers -------------------------------------------------------------------
    def bar(self, m: re.Match[str]) -> _Board | None:
        raw = m["kw"]
        try:
            kw = unquote(raw, errors="strict")
        except UnicodeDecodeError:
            kw = unquote(raw, encoding="gbk", errors="replace")  # Tieba reads kw as GBK without ie=utf-8
        fid = self.fid_by_kw.get(kw.removesuffix("吧"))
        return None if fid is None else self.data.board_by_fid[fid]

    def _board_page(self, m: re.Match[str]) -> tuple[_Board | None, int]:
        board = self.bar(m)
        pn = int(m["pn"] or 0)
        if board is None or pn % self.threads_per_page or pn // self.threads_per_page >= self.data.list_pages(board):
            return None, 0
        return board, pn // self.threads_per_page + 1

    def level(self, name: str, fid: int) -> int:
        return 1 + int(hashlib.md5(f"{name}/{fid}".encode()).hexdigest()[:4], 16) % 12

    def bar_link(self, board: _Board, extra: str = "") -> str:
        return f"/f?kw={quote(self.kw[board.fid])}&amp;ie=utf-8{extra}"

    def _window(self, page: int, last: int) -> range:
        start = max(1, min(page - 5, last - 9))
        return range(start, min(last, start + 9) + 1)

    def _login(self, req: SiteRequest) -> str:
        return f"/passport?login&amp;tpl=tb&amp;u={quote(req.url, safe='')}"

    def _page(self, req: SiteRequest, title: str, body: str, head: str = "", kw: str = "") -> str:
        return (
            f'<!DOCTYPE html><!--STATUS OK--><html><head><meta charset="{self.charset.upper()}">'
            '<meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1">'
            f"<title>{escape(title)}</title>"
            f'<link rel="stylesheet" href="{_STATIC}/frs_pb_common_8a2c7e1.css">'
            f'<script src="{_STATIC}/bigpipe_3c8d6a2.js"></script>'
            '<script>var PageData = {"tbs": "ba4c1bd1e06f5c1d1718793208", "user": {"is_login": 0}};</script>'
            f'{head}</head><body><div id="com_userbar" class="userbar"><ul>'
            '<li><a href="/" class="u_tb_home">贴吧首页</a></li>'
            f'<li class="u_login"><a rel="noreferrer" href="{self._login(req)}" class="j_login">登录</a></li>'
            '<li class="u_reg"><a rel="noreferrer" href="/passport?login&amp;tpl=tb&amp;reg=1">注册</a></li>'
            '</ul></div><div class="wrap1"><div class="wrap2"><div class="header"><div id="head" '
            'class="search_bright clearfix"><div class="search_main_wrap"><div class="search_form">'
            '<a rel="noreferrer" title="到贴吧首页" href="/" class="search_logo"></a>'
            '<form name="f1" class="clearfix j_search_form" action="/f" id="tb_header_search_form">'
            f'<input class="search_ipt j_search_input" name="kw1" value="{escape(kw)}" type="text">'
            f'<input type="hidden" name="kw" value="{escape(kw)}">'
            '<a rel="noreferrer" class="search_btn search_btn_enter_ba j_enter_ba" href="#" '
            'onclick="return false;">进入贴吧</a><a rel="noreferrer" class="search_btn j_search_post" '
            'href="#" onclick="return false;">全吧搜索</a></form></div></div></div></div>'
            f"{body}</div></div>"
            '<div class="footer"><p>&copy;2024 Baidu <a href="/tb/eula.html">贴吧协议</a> | '
            '<a href="/tb/zt/declare/">隐私政策</a> | <a href="/hermes/feedback">吧主制度</a></p></div>'
            "</body></html>"
        )

    def _card(self, board: _Board) -> str:
        """The bar's head card and its tabs (看贴, 图片, 精品), on bar and thread pages."""
        kw = self.kw[board.fid]
        posts = sum(len(t.posts) for t in board.threads)
        tabs = "".join(
            f'<li class="{" focus" if tab == "main" else ""} j_tbnav_tab "><a href="{self.bar_link(board, extra)}" '
            f'class="j_nav_local_tab_link j_tbnav_tab_a">{label}</a></li>'
            for tab, label, extra in (
                ("main", "看贴", "&amp;tab=main"),
                ("album", "图片", "&amp;tab=album"),
                ("good", "精品", "&amp;tab=good"),
            )
        )
        return (
            '<div id="pagelet_frs-header/pagelet/head"><div class="head_main"><div class="head_content">'
            '<div class="card_top_wrap clearfix card_top_theme"><div class="card_top_left"><div class="card_head">'
            f'<a href="{self.bar_link(board)}"><img class="card_head_img" src="{_STATIC}/bar_{board.fid}.jpg" '
            'width="150" height="150"></a></div><div class="card_title">'
            f'<a href="{self.bar_link(board)}" class="card_title_fname" target="_self">{escape(kw)}吧</a>'
            '<div class="focus_btn_wrap"><a rel="noreferrer" href="#" onclick="return false" '
            'class="focus_btn islike_focus" id="j_head_focus_btn"></a></div><div class="card_num"><span class="">'
            f'<span class="card_numLabel">关注：</span><span class="card_menNum">{board.fid * 3917 + 1204:,}</span>'
            f'<span class="card_numLabel">贴子：</span><span class="card_infoNum">{posts:,}</span>'
            "</span></div></div></div></div></div>"
            f'<div id="pagelet_navigation/pagelet/navigation"><div class="nav_wrap" id="tb_nav">'
            f'<ul class="nav_list j_nav_list">{tabs}</ul></div></div></div></div>'
        )

    # -- index -------------------------------------------------------------------
    def _index(self, m: re.Match[str], req: SiteRequest) -> str:
        items = "".join(
            f'<li class="rcmd_forum_item"><a class="rcmd_forum_logo" href="{self.bar_link(b)}" target="_blank">'
            f'<img src="{_STATIC}/bar_{b.fid}.jpg"></a><div class="rcmd_forum_info">'
            f'<a class="rcmd_forum_name" href="{self.bar_link(b)}" title="{escape(self.kw[b.fid])}" '
            f'target="_blank">{escape(b.name)}</a><div class="rcmd_forum_members">关注 {b.fid * 3917 + 1204}</div>'
            f'<div class="rcmd_forum_posts">贴子 {sum(len(t.posts) for t in b.threads)}</div></div></li>'
            for b in self.data.boards
        )
        body = (
            '<div id="content" class="content clearfix"><div class="left-cont-wraper">'
            '<div id="forum_recommend" class="forum_recommend"><div class="recommend_title">'
            '<h2 class="title">进吧</h2><span class="more"><a href="/f/index/forumclass" target="_blank">'
            f'全部吧分类&gt;&gt;</a></span></div><ul class="rcmd_forum_list clearfix">{items}</ul></div></div>'
            '<div class="aside"><div class="aside_region"><h4 class="region_header">登录百度帐号</h4>'
            f'<a class="btn_login" href="{self._login(req)}">登录</a></div></div></div>'
        )
        return self._page(req, "百度贴吧——全球领先的中文社区", body)

    # -- bar (FRS) pages ------------------------------------------------------------
    def _row(self, t: _Thread, board: _Board, floor: int) -> str:
        first, last = t.posts[0], t.posts[-1]
        good = t.tid in self.good
        data = {
            "id": t.tid,
            "author_name": first.author,
            "author_nickname": None,
            "author_portrait": portrait(first.author),
            "first_post_id": first.pid,
            "reply_num": len(t.posts) - 1,
            "is_bakan": None,
            "vid": "",
            "is_good": True if good else None,
            "is_top": True if t.sticky else None,
            "is_protal": None,
            "is_membertop": None,
            "is_multi_forum": None,
            "frs_tpoint": None,
        }
        icons = '<i class="icon-top" alt="置顶" title="置顶"></i>' if t.sticky else ""
        icons += '<i class="icon-good" alt="精品" title="精品"></i>' if good else ""
        name_link = (
            f'<a rel="noreferrer" data-field="{field({"un": first.author, "id": portrait(first.author)})}" '
            f'class="frs-author-name j_user_card " href="/home/main/?un={quote(first.author)}&amp;ie=utf-8&amp;'
            f'id={portrait(first.author)}&amp;fr=frs" target="_blank">{escape(first.author)}</a>'
        )
        detail = ""
        if not t.sticky:
            abstract = " ".join(first.paragraphs)
            abstract = abstract if len(abstract) <= 60 else abstract[:60] + "..."
            detail = (
                '<div class="threadlist_detail clearfix"><div class="threadlist_text pull_left">'
                f'<div class="threadlist_abs threadlist_abs_onlyline ">\n            {escape(abstract)}\n        </div>'
                '</div><div class="threadlist_author pull_right">'
                f'<span class="tb_icon_author_rely j_replyer" title="最后回复人: {escape(last.author)}">'
                f'<i class="icon_replyer"></i><a rel="noreferrer" data-field="{field({"un": last.author})}" '
                f'class="frs-author-name j_user_card " href="/home/main/?un={quote(last.author)}&amp;ie=utf-8&amp;'
                f'id={portrait(last.author)}&amp;fr=frs" target="_blank">{escape(last.author)}</a></span>'
                '<span class="threadlist_reply_date pull_right j_reply_data" title="最后回复时间">\n            '
                f"{list_date(self.when[last.pid])}        </span></div></div>"
            )
        top = " thread_top" if t.sticky else ""
        return (
            f'<li class=" j_thread_list{top} j_thread_list clearfix" data-field="{field(data)}" '
            f'data-tid="{t.tid}" data-thread-type="0" data-floor="{floor}" \'>\n'
            '<div class="t_con cleafix"><div class="col2_left j_threadlist_li_left">'
            f'<span class="threadlist_rep_num center_text" title="回复">{len(t.posts) - 1}</span></div>'
            '<div class="col2_right j_threadlist_li_right "><div class="threadlist_lz clearfix">'
            f'<div class="threadlist_title pull_left j_th_tit ">{icons}\n'
            f'    <a rel="noreferrer" href="/p/{t.tid}" title="{escape(t.title)}" target="_blank" '
            f'class="j_th_tit ">{escape(t.title)}</a>\n</div><div class="threadlist_author pull_right">'
            f'<span class="tb_icon_author " title="主题作者: {escape(first.author)}" '
            f'data-field="{field({"user_id": 1000 + first.uid})}"><i class="icon_author"></i>'
            f'<span class="frs-author-name-wrap">{name_link}</span></span>'
            f'<span class="pull-right is_show_create_time" title="创建时间">{list_date(self.when[first.pid])}</span>'
            f"</div></div>{detail}</div></div></li>\n"
        )

    def _thread_list(self, board: _Board, pinned: list[_Thread], rows: list[_Thread], pager: str) -> str:
        """The pagelet's markup: what a browser shows after the script has run."""
        top = ""
        if pinned:
            top = (
                '<li class="thread_top_list_folder"><ul id="thread_top_list" class="thread_top_list">'
                + "".join(self._row(t, board, 0) for t in pinned)
                + '</ul><a rel="noreferrer" id="thread_top_folder" class="icon_top_folder" href="javascript:;"></a>'
                "</li>\n"
            )
        items = [self._row(t, board, i + 1) for i, t in enumerate(rows)]
        if len(items) > 3:
            ad = hashlib.md5(board.name.encode()).hexdigest()[:8]
            items.insert(
                3,
                f'<li class="qc{ad}  clearfix"><div class="t_con clearfix"><div class="col2_left">'
                '<div class="threadlist_rep_num center_text" title="广告">0</div></div><div class="col2_right">'
                '<div class="threadlist_lz clearfix"><div class="threadlist_title pull_left notStarList">'
                f'<a class="j_click_stats" href="http://ad.example.net/baidu.php?url=K00000{ad}" target="_blank" '
                'data-locate="frs_标题">手机游戏5秒极速下载 新服开启全线爆满</a></div>'
                '<span class="pull_right label_text">广告</span></div></div></div></li>\n',
            )
        normal = len(self.order[board.fid])
        total = sum(len(t.posts) for t in board.threads)
        return (
            f'\n<ul id="thread_list" class="threadlist_bright j_threadlist_bright">\n{top}{"".join(items)}</ul>\n'
            f'<div class="thread_list_bottom clearfix">{pager}<div class="th_footer_bright"><div class="th_footer_l">'
            f'共有主题数<span class="red_text">{normal + len(pinned)}</span>个，贴子数'
            f'<span class="red_text">{total}</span>篇</div></div></div>\n'
        )

    def _frs_pager(self, page: int, last: int, link: Callable[[int], str]) -> str:
        parts = []
        if page > 1:
            parts.append(f'<a href="{link(1)}" class="first pagination-item ">&lt;&lt;首页</a>')
            parts.append(f'<a href="{link(page - 1)}" class="pre pagination-item ">&lt;上一页</a>')
        for n in self._window(page, last):
            if n == page:
                parts.append(f'<span class="pagination-current pagination-item ">{n}</span>')
            else:
                parts.append(f'<a href="{link(n)}" class=" pagination-item ">{n}</a>')
        if page < last:
            parts.append(f'<a href="{link(page + 1)}" class="next pagination-item ">下一页&gt;</a>')
            parts.append(f'<a href="{link(last)}" class="last pagination-item ">尾页</a>')
        return f'<div id="frs_list_pager" class="pagination-default clearfix">{chr(10).join(parts)}</div>'

    def _frs(self, req: SiteRequest, board: _Board, inner: str, hot: list[_Thread]) -> str:
        """A bar page as the server sends it: the thread list only inside the pagelet's comment."""
        assert "-->" not in inner and "--!>" not in inner, "the pagelet's markup must not end its comment"
        kw = self.kw[board.fid]
        words = sorted({w for t in hot[:6] for w in self.vocab.words if w in t.title})[:4]
        search = "".join(
            f'<a href="/f/search/res?ie=utf-8&amp;kw={quote(kw)}&amp;qw={quote(w)}" target="_blank">{w}</a> '
            for w in words
        )
        owners = "".join(
            f'<li><a class="bawu_name" href="{home_link(n, "frs")}" target="_blank">{escape(n)}</a></li>'
            for n in self.vocab.names[board.fid : board.fid + 2]
        )
        register = json.dumps({"targetId": f"pagelet_{PAGELET}", "parent": "frs-list/pagelet/thread"})
        body = (
            f"{self._card(board)}"
            '<div class="content" id="content"><div id="pagelet_frs-base/pagelet/content">'
            '<div class="forum_content clearfix"><div class="main" id="content_wrap">'
            '<div id="pagelet_frs-list/pagelet/content"><div id="pagelet_frs-list/pagelet/thread">'
            '<div id="content_leftList" class="content_leftList j-content-leftList clearfix">'
            '<div id="pagelet_live/pagelet/live"><div id="pagelet_live/pagelet/live_thread"></div></div>'
            f'<code class="pagelet_html" id="pagelet_html_{PAGELET}" style="display:none;"><!--{inner}--></code>'
            f'<div id="pagelet_{PAGELET}"></div>'
            f'<script>Bigpipe.register("{PAGELET}", {register}).on("load", function(){{}});</script>'
            '</div></div></div></div><div class="aside" id="aside"><div class="aside_region">'
            '<h4 class="region_header">本吧信息</h4><div class="region_cnt"><p>吧主：</p>'
            f'<ul class="bawu_single">{owners}</ul><p>吧内热搜：{search}</p>'
            f'<a href="/f/like/level?kw={quote(kw)}&amp;ie=utf-8&amp;lv_t=lv_nav_who" target="_blank">'
            "等级头衔说明</a></div></div></div></div></div></div>"
        )
        titles = " ".join(f"{i}-{t.title}" for i, t in enumerate(hot[:9], 1))
        head = (
            f'<meta name="keywords" content="{escape(kw)},{escape(kw)}吧">'
            f'<meta name="description" content="本吧热帖: {escape(titles)}">'
        )
        return self._page(req, f"{kw}吧-百度贴吧--{kw}爱好者的交流天地", body, head, kw)

    def _board(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board, page = self._board_page(m)
        if board is None:
            return None
        per = self.threads_per_page
        rows = self.order[board.fid][(page - 1) * per : page * per]
        pinned = [t for t in board.threads if t.sticky] if page == 1 else []
        host = req.base_url.partition("://")[2]
        link = lambda n: f"//{host}{self.bar_link(board)}&amp;pn={(n - 1) * per}"  # noqa: E731
        pager = self._frs_pager(page, self.data.list_pages(board), link)
        return self._frs(req, board, self._thread_list(board, pinned, rows, pager), self.order[board.fid])

    def _noise_good(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board = self.bar(m)
        if board is None:
            return None
        good = [t for t in self.order[board.fid] if t.tid in self.good]
        pinned = [t for t in board.threads if t.sticky and t.tid in self.good]
        per = self.threads_per_page
        pn = int(m["pn"] or 0)
        last = max(1, -(-len(good) // per))
        if pn % per or pn // per >= last:
            return None
        page = pn // per + 1
        link = lambda n: f"/f/good?kw={quote(self.kw[board.fid])}&amp;ie=utf-8&amp;cid=0&amp;pn={(n - 1) * per}"  # noqa: E731
        inner = self._thread_list(board, pinned, good[pn : pn + per], self._frs_pager(page, last, link))
        return self._frs(req, board, inner, good)

    def _noise_album(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board = self.bar(m)
        if board is None:
            return None
        body = f'{self._card(board)}<div class="content"><div class="album_empty">本吧暂无图片</div></div>'
        return self._page(req, f"{board.name}图片-百度贴吧", body, kw=self.kw[board.fid])

    # -- thread (PB) pages ------------------------------------------------------------
    def _lzl_item(self, s: SubReply, first: bool) -> str:
        to = ""
        if s.to:
            to = (
                f'回复 <a href="{home_link(s.to)}" onclick="Stats.sendRequest(\'fr=tb0_forum&amp;st_mod=pb&amp;'
                f'st_value=atlink\');" onmouseover="showattip(this)" class="at" username="{escape(s.to)}" '
                f'target="_blank">{escape(s.to)}</a> :'
            )
        meta = {"spid": s.spid, "showname": s.author, "user_name": s.author, "portrait": portrait(s.author)}
        un = field({"un": s.author})
        return (
            f'<li class="lzl_single_post j_lzl_s_p {"first_no_border" if first else ""}" data-field="{field(meta)}">'
            f'<a rel="noopener" class="j_user_card lzl_p_p" data-field="{un}" href="{home_link(s.author)}" '
            f'target="_blank"><img src="{_PORTRAIT}{portrait(s.author)}"></a><div class="lzl_cnt">'
            f'<a rel="noopener" class="at j_user_card " data-field="{un}" alog-group="p_author" '
            f'href="{home_link(s.author)}" target="_blank" username="{escape(s.author)}">{escape(s.author)}</a>'
            f':&nbsp;<span class="lzl_content_main">{to}{escape(s.text)}</span><div class="lzl_content_reply">'
            '<span class="lzl_jb" style="display: none;"><a href="#" class="lzl_jb_in">举报</a>&nbsp;|&nbsp;</span>'
            f'<span class="lzl_op_list j_lzl_o_l"></span><span class="lzl_time">{lzl_date(s.when)}</span>'
            '<a href="#" class="lzl_s_r">回复</a></div></div></li>'
        )

    def _floor(self, t: _Thread, board: _Board, pos: int, p: _Post) -> str:
        when = self.when[p.pid]
        subs = self.lzl.get(p.pid, [])
        data = {
            "author": {"user_id": 1000 + p.uid, "user_name": p.author, "props": None, "portrait": portrait(p.author)},
            "content": {
                "post_id": p.pid,
                "is_anonym": False,
                "forum_id": board.fid * 1000003,
                "thread_id": t.tid,
                "post_no": pos,
                "type": "0",
                "comment_num": len(subs),
                "is_fold": 0,
                "props": None,
                "post_index": (pos - 1) % self.posts_per_page,
                "date": full_date(when),
                "pb_tpoint": None,
            },
        }
        lz = ""
        if p.author == t.posts[0].author:
            lz = f'<div class="louzhubiaoshi_wrap"><div class="louzhubiaoshi  j_louzhubiaoshi" author="{p.author}">'
            lz += "</div></div>"
        level = self.level(p.author, board.fid)
        un = field({"un": p.author, "id": portrait(p.author)})
        smiley = ""
        if p.pid % 5 == 0:
            smiley = f'<img class="BDE_Smiley" width="30" height="30" src="{_SMILEY.format(p.pid % 40 + 1)}" >'
        text = "<br>".join(escape(x) for x in p.paragraphs)
        client = ""
        if p.pid in self.client:
            client = (
                '<span class="tail-info">来自<a rel="noopener" href="http://c.tieba.example.net/c/s/download/pc?'
                f'src=webtbGF" target="_blank">{self.client[p.pid]}</a></span>'
            )
        lzl = '<div class="j_lzl_container core_reply_wrapper" style="display:none;"></div>'
        if subs:
            shown = "".join(self._lzl_item(s, i == 0) for i, s in enumerate(subs[:INLINE_LZL]))
            more = ""
            if len(subs) > INLINE_LZL:
                more = (
                    f'<a class="j_lzl_m" href="/p/comment?tid={t.tid}&amp;pid={p.pid}&amp;pn=1">'
                    f"还有{len(subs) - INLINE_LZL}条回复，点击查看</a>"
                )
            pages = -(-len(subs) // COMMENT_PAGE)
            lzl = (
                f'<div class="j_lzl_container core_reply_wrapper" data-field="{field({"pid": str(p.pid)})}" '
                'style="min-height: 0px; display: block;"><div class="core_reply_border_top"></div>'
                f'<div class="j_lzl_c_b_a core_reply_content"><ul class="j_lzl_m_w" style="display:">{shown}'
                f'<li class="lzl_li_pager j_lzl_l_p lzl_li_pager_s" data-field="'
                f'{field({"total_num": len(subs), "total_page": pages})}">{more}<span class="lzl_more_btn">'
                '<a class="j_lzl_p btn-sub btn-small" href="#" onclick="return false;">我也说一句</a></span></li>'
                "</ul></div></div>"
            )
        return (
            f'<div class="l_post l_post_bright j_l_post clearfix  " data-field="{field(data)}">'
            f'<div class="d_author">{lz}<ul class="p_author"><li class="icon"><div class="icon_relative j_user_card" '
            f'data-field="{un}"><a rel="noopener" data-field="{un}" class="p_author_face " '
            f'href="{home_link(p.author)}" target="_blank"><img username="{escape(p.author)}" class="" '
            f'src="{_PORTRAIT}{portrait(p.author)}"></a></div></li>'
            f'<li class="d_name" data-field="{field({"user_id": 1000 + p.uid})}"><a rel="noopener" data-field="{un}" '
            f'alog-group="p_author" class="p_author_name j_user_card" href="{home_link(p.author)}" target="_blank">'
            f'{escape(p.author)}</a></li><li class="d_icons"></li><li class="l_badge" style="display:block;">'
            f'<div class="p_badge"><a href="/f/like/level?kw={quote(self.kw[board.fid])}&amp;ie=utf-8&amp;'
            f'lv_t=lv_nav_intro" target="_blank" class="user_badge d_badge_bright d_badge_icon{1 + level // 4}" '
            f'title="本吧头衔{level}级，经验值{level * level * 37}，点击进入等级头衔说明页">'
            f'<div class="d_badge_title ">{TITLES[min(level, len(TITLES)) - 1]}</div>'
            f'<div class="d_badge_lv">{level}</div></a></div></li></ul></div>'
            f'<div class="d_post_content_main {"d_post_content_firstfloor" if pos == 1 else ""}">'
            '<div class="p_content  "><cc>'
            f'<div id="post_content_{p.pid}" class="d_post_content j_d_post_content  clearfix" style="display:;">'
            f"            {text}{smiley}</div><br></cc><br></div>"
            '<div class="core_reply j_lzl_wrapper"><div class="core_reply_tail clearfix">'
            f'<div class="j_lzl_r p_reply" data-field="{field({"pid": p.pid, "total_num": len(subs)})}">'
            f'<a rel="noopener" href="#" class="lzl_link_unfold">{"收起回复" if subs else "回复"}</a></div>'
            '<div class="post-tail-wrap"><span class="j_jb_ele"><a rel="noopener" href="#" class="tail-info" '
            f'data-checkun="un">举报</a> |</span>{client}<span class="tail-info">{pos}楼</span>'
            f'<span class="tail-info">{full_date(when)}</span><ul class="p_props_tail props_appraise_wrap"></ul>'
            f"</div></div>{lzl}</div></div></div>"
        )

    def _pb_pager(self, base: str, page: int, last: int) -> str:
        sep = "&amp;" if "?" in base else "?"
        parts = []
        if page > 1:
            parts += [f'<a href="{base}">首页</a>', f'<a href="{base}{sep}pn={page - 1}">上一页</a>']
        for n in self._window(page, last):
            parts.append(f'<span class="tP">{n}</span>' if n == page else f'<a href="{base}{sep}pn={n}">{n}</a>')
        if page < last:
            parts += [f'<a href="{base}{sep}pn={page + 1}">下一页</a>', f'<a href="{base}{sep}pn={last}">尾页</a>']
        return f'<li class="l_pager pager_theme_4 pb_list_pager">{"".join(parts) if last > 1 else ""}</li>'

    def _render_thread(self, req: SiteRequest, t: _Thread, page: int, see_lz: bool = False) -> str:
        """One page of a thread, or of its '只看楼主' view (the floors of the thread's author)."""
        board = self.data.board_by_fid[t.board]
        kw = self.kw[board.fid]
        per = self.posts_per_page
        if see_lz:
            mine = [(i, p) for i, p in enumerate(t.posts, 1) if p.author == t.posts[0].author]
            last = max(1, -(-len(mine) // per))
            shown = mine[(page - 1) * per : page * per]
        else:
            last = self.data.thread_pages(t)
            shown = self.data.page_posts(t, page)
        base = f"/p/{t.tid}?see_lz=1" if see_lz else f"/p/{t.tid}"
        items = []
        for i, (pos, p) in enumerate(shown):
            items.append(self._floor(t, board, pos, p))
            if i == 2:  # an ad among the floors
                items.append(
                    '<div class="l_post l_post_bright fengchao-wrap-feed clearfix" data-locate="pb_3">'
                    '<div class="d_post_content_main"><div class="fc-feed-title"><a href="http://ad.example.net/'
                    f'baidu.php?url=pb{t.tid}" target="_blank">夏季新款 全场包邮 点击查看</a></div>'
                    '<span class="label_text">广告</span></div></div>'
                )
        replies = len(t.posts) - 1
        info = (
            f'<div class="l_thread_info"><ul class="l_posts_num">{self._pb_pager(base, page, last)}'
            f'<li class="l_reply_num" style="margin-left:8px"><span class="red" style="margin-right:3px">{replies}'
            f'</span>回复贴，共<span class="red">{last}</span>页</li></ul></div>'
        )
        lz_link = f"/p/{t.tid}" if see_lz else f"/p/{t.tid}?see_lz=1"
        body = (
            f'{self._card(board)}<div class="content"><div class="pb_content clearfix" id="pb_content">'
            '<div class="left_section"><div class="core_title_wrap_bright clearfix" id="j_core_title_wrap">'
            f'<div class="core_title core_title_theme_bright"><h3 class="core_title_txt pull-left text-overflow  " '
            f'title="{escape(t.title)}" style="width: 396px">{escape(t.title)}</h3>'
            f'<ul class="core_title_btns pull-right"><li><a id="lzonly_cntn" href="{lz_link}" class="l_lzonly" '
            f'rel="noopener">{"取消只看楼主" if see_lz else "只看楼主"}</a></li><li><a href="#" class="j_favor" '
            'onclick="return false;">收藏</a></li><li><a href="#sub" class="j_quick_reply">回复</a></li></ul>'
            f'</div></div><div class="p_thread thread_theme_5" id="thread_theme_5">{info}</div>'
            f'<div class="p_postlist" id="j_p_postlist">{"".join(items)}</div>'
            f'<div class="p_thread thread_theme_7" id="thread_theme_7">{info}</div>'
            '<div class="share_btn_wrapper"><span>分享到：</span>'
            f'<a href="/p/{t.tid}?share=9105&amp;fr=share&amp;see_lz=0" class="share_copy" target="_blank">'
            '复制链接</a><a href="#" class="share_weibo" onclick="return false;">微博</a>'
            '<a href="#" class="share_qzone" onclick="return false;">QQ空间</a></div>'
            '<div class="editor_for_container" id="tb_rich_poster_container"><a name="sub"></a>'
            '<div class="poster_head">发表回复</div><div class="tb_poster_placeholder">发贴请先 '
            f'<a href="{self._login(req)}" class="ui_btn j_login">登录</a> | '
            '<a href="/passport?login&amp;tpl=tb&amp;reg=1">注册</a></div></div>'
            f'<div class="pb_footer"><a href="{self.bar_link(board)}">返回{escape(board.name)}</a></div>'
            "</div></div></div>"
        )
        host = req.base_url.partition("://")[2]
        description = escape(" ".join(t.posts[0].paragraphs)[:80])
        head = (
            f'<meta name="keywords" content="{escape(kw)},{escape(t.title)}">'
            f'<meta name="description" content="{description}">'
            f'<meta furl="tieba.baidu.com/f?kw={quote(kw)}&amp;ie=utf-8" fname="{escape(kw)}">'
            f'<link rel="canonical" href="//{host}/p/{t.tid}"/>'
            f'<script>PageData.thread = {{"thread_id": {t.tid}, "reply_num": {replies}}}; '
            f'PageData.pager = {{"cur_page": {page}, "total_page": {last}}};</script>'
        )
        return self._page(req, f"{t.title}【{kw}吧】_百度贴吧", body, head, kw)

    def _thread_of(self, m: re.Match[str]) -> _Thread | None:
        return self.data.threads.get(int(m["tid"]))

    def _thread(self, m: re.Match[str], req: SiteRequest) -> str | None:
        t = self._thread_of(m)
        page = int(m["pn"] or 1)
        if t is None or not 1 <= page <= self.data.thread_pages(t):
            return None
        return self._render_thread(req, t, page)

    def _noise_seelz(self, m: re.Match[str], req: SiteRequest) -> str | None:
        t = self._thread_of(m)
        if t is None:
            return None
        mine = [p for p in t.posts if p.author == t.posts[0].author]
        page = int(m["pn"] or 1)
        if not 1 <= page <= max(1, -(-len(mine) // self.posts_per_page)):
            return None
        return self._render_thread(req, t, page, see_lz=True)

    def _noise_floor(self, m: re.Match[str], req: SiteRequest) -> str | None:
        t = self._thread_of(m)
        loc = self.data.post_location.get(int(m["pid"]))
        if t is None or loc is None or loc[0] != t.tid:
            return None
        return self._render_thread(req, t, loc[1])

    def _noise_share(self, m: re.Match[str], req: SiteRequest) -> str | None:
        t = self._thread_of(m)
        return None if t is None else self._render_thread(req, t, 1)

    def _noise_comment(self, m: re.Match[str], req: SiteRequest) -> str | None:
        """The 楼中楼 of a floor, page by page: an HTML fragment, as the page's script loads it."""
        subs = self.lzl.get(int(m["pid"]), [])
        t = self._thread_of(m)
        pages = -(-len(subs) // COMMENT_PAGE)
        page = int(m["pn"])
        if t is None or not subs or not 1 <= page <= pages:
            return None
        chunk = subs[(page - 1) * COMMENT_PAGE : page * COMMENT_PAGE]
        items = "".join(self._lzl_item(s, i == 0) for i, s in enumerate(chunk))
        link = f"/p/comment?tid={t.tid}&amp;pid={m['pid']}&amp;pn="
        pager = "".join(
            f'<span class="tP">{n}</span>' if n == page else f'<a href="{link}{n}">{n}</a>' for n in range(1, pages + 1)
        )
        if page < pages:
            pager += f'<a href="{link}{page + 1}">下一页</a><a href="{link}{pages}">尾页</a>'
        total = field({"total_num": len(subs), "total_page": pages})
        return (
            f'{items}<li class="lzl_li_pager j_lzl_l_p lzl_li_pager_s" data-field="{total}">'
            f'<p class="j_pager l_pager pager_theme_2">{pager}</p></li>'
        )

    # -- other noise ----------------------------------------------------------------
    def _noise_home(self, m: re.Match[str], req: SiteRequest) -> str | None:
        name = unquote(m["un"])
        if name not in self.vocab.names:
            return None
        mine = [
            (self.when[p.pid], t, i, p)
            for t in self.data.threads.values()
            for i, p in enumerate(t.posts)
            if p.author == name
        ]
        mine.sort(key=lambda x: (x[0], x[3].pid), reverse=True)
        items = []
        for when, t, i, p in mine[:FEED]:
            board = self.data.board_by_fid[t.board]
            link = f"/p/{t.tid}" if i == 0 else f"/p/{t.tid}?pid={p.pid}&amp;cid=0#{p.pid}"
            text = " ".join(p.paragraphs)
            kind = "发贴" if i == 0 else "回复"
            items.append(
                f'<li class="thread_item"><div class="n_right clearfix"><div class="n_type">{kind}</div>'
                f'<div class="title"><a href="{link}" class="title" target="_blank">{escape(t.title)}</a></div>'
                f'<div class="n_txt">{escape(text[:40] + ("..." if len(text) > 40 else ""))}</div>'
                f'<div class="n_post_time">{full_date(when)}</div><a class="n_name" '
                f'href="{self.bar_link(board, "&amp;fr=home")}" target="_blank">{escape(board.name)}</a></div></li>'
            )
        body = (
            '<div class="userinfo_wrap"><div class="userinfo_left"><img class="userinfo_head" '
            f'src="{_PORTRAIT}{portrait(name)}"></div><div class="userinfo_middle"><div class="userinfo_title">'
            f'<span class="userinfo_username">{escape(name)}</span></div><div class="userinfo_num">'
            f"<span>吧龄:{1 + len(name) % 9}.{len(mine) % 10}年</span><span>发贴:{len(mine)}</span></div></div></div>"
            f'<div id="ihome_feed" class="ihome_feed"><ul class="new_list clearfix">{"".join(items)}</ul></div>'
        )
        return self._page(req, f"{name}的贴吧_百度贴吧", body)

    def _noise_search(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board = self.bar(m)
        word = unquote(m["qw"])
        if board is None or not word:
            return None
        hits = [
            (t, p)
            for t in self.order[board.fid]
            for p in t.posts
            if word in t.title or any(word in x for x in p.paragraphs)
        ][:10]
        items = "".join(
            f'<div class="s_post"><span class="p_title"><a class="bluelink" href="/p/{t.tid}?pid={p.pid}&amp;'
            f'cid=0#{p.pid}" target="_blank">{escape(t.title)}</a></span>'
            f'<div class="p_content">{escape(" ".join(p.paragraphs)[:50]).replace(word, f"<em>{word}</em>")}</div>'
            f'贴吧：<a class="p_forum" href="{self.bar_link(board)}"><font class="p_violet">{escape(board.name)}</font>'
            "</a>"
            f' 作者：<a href="{home_link(p.author, "search")}"><font class="p_violet">{escape(p.author)}</font></a> '
            f'<font class="p_green p_date">{full_date(self.when[p.pid])}</font></div>'
            for t, p in hits
        )
        body = f'<div class="s_main"><div class="s_post_list">{items or "抱歉，没有找到相关内容"}</div></div>'
        return self._page(req, f"{word}_百度贴吧搜索", body, kw=self.kw[board.fid])

    def _noise_level(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board = self.bar(m)
        if board is None:
            return None
        rows = "".join(f"<tr><td>{i}</td><td>{x}</td><td>{i * i * 37}</td></tr>" for i, x in enumerate(TITLES, 1))
        body = (
            f'{self._card(board)}<div class="content"><h2>{escape(board.name)}等级头衔</h2>'
            f'<table class="level_table"><tr><th>等级</th><th>头衔</th><th>经验值</th></tr>{rows}</table></div>'
        )
        return self._page(req, f"{board.name}等级头衔", body, kw=self.kw[board.fid])

    def _noise_login(self, m: re.Match[str], req: SiteRequest) -> str:
        body = (
            '<div class="pass-login"><form method="post" action="/passport?login"><input name="userName" '
            'placeholder="手机号/用户名/邮箱"><input name="password" type="password"><input type="submit" value="登录">'
            "</form></div>"
        )
        return self._page(req, "百度帐号登录", body)
