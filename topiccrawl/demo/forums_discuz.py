"""Discuz! X-like fixture forum (div layout, GBK with a late ``<meta>`` charset)."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import quote

from topiccrawl.demo.forums_base import _DELETED, _NAMES, _Board, _FixtureForum, _Post, _Thread, post_text
from topiccrawl.demo.server import Reply, SiteRequest, html

# ---------------------------------------------------------------------------
# Discuz!-like template
# ---------------------------------------------------------------------------

_SCRIPT_PAD = (
    "<script type=\"text/javascript\">var STYLEID = '1', STATICURL = 'static/', discuz_uid = '0';\n"
    + "".join(f"var cfg_{i} = '{'x' * 60}';\n" for i in range(80))
    + "</script>"
)


class DiscuzForum(_FixtureForum):
    """Discuz! X style: div layout, ``forum-FID-PAGE.html``, ``thread-TID-PAGE-1.html``.

    Served as GBK by default with no charset in the HTTP header, the charset only in a
    ``<meta>`` placed after 4 KB of inline script (as many Chinese forums do).
    """

    name = "discuz"
    routes = [
        (r"/(?:forum\.php)?", "_index"),
        (r"/forum-(?P<fid>\d+)-(?P<page>\d+)\.html", "_board"),
        (r"/thread-(?P<tid>\d+)-(?P<page>\d+)-1\.html", "_thread"),
        (r"/space-uid-(?P<uid>\d+)\.html", "_noise_profile"),
        (r"/member\.php\?mod=logging&action=login&referer=.*", "_noise_login"),
        (r"/forum\.php\?mod=viewthread&action=printable&tid=(?P<tid>\d+)", "_noise_print"),
        (r"/forum\.php\?mod=post&action=reply&fid=\d+&tid=(?P<tid>\d+)", "_noise_reply"),
        (r"/forum\.php\?mod=redirect&tid=(?P<tid>\d+)&goto=lastpost", "_noise_lastpost"),
        (r"/forum\.php\?mod=forumdisplay&fid=(?P<fid>\d+)&orderby=(?P<order>\w+)", "_noise_sort"),
    ]

    def __init__(self, *, size: float = 1.0, charset: str = "gbk", seed: int = 7) -> None:
        super().__init__(size=size, charset=charset, seed=seed)

    def reply(self, body: str) -> Reply:
        return html(body, charset=self.charset, header_charset=False)

    def board_target(self, fid: int, page: int) -> str:
        return f"/forum-{fid}-{page}.html"

    def thread_target(self, tid: int, page: int) -> str:
        return f"/thread-{tid}-{page}-1.html"

    def post_anchor(self, post: _Post) -> str:
        return f"post_{post.pid}"

    def _page(self, title: str, target: str, body: str, head: str = "") -> str:
        login = f"member.php?mod=logging&amp;action=login&amp;referer={quote(target, safe='')}"
        return (
            '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN">\n<html><head>'
            f"{_SCRIPT_PAD}"
            f'<meta http-equiv="Content-Type" content="text/html; charset={self.charset}" />'
            f"<title>{title} - 示例论坛 - Powered by Discuz!</title>{head}</head><body>"
            '<div id="toptb" class="cl"><div class="wp"><div class="z"><a href="/">设为首页</a>'
            '<a href="/">收藏本站</a></div><div class="y">'
            f'<a href="{login}">登录</a> <a href="member.php?mod=register">立即注册</a></div></div></div>'
            '<div id="hd"><div class="wp"><div id="nv"><ul>'
            '<li class="a"><a href="/" title="BBS">论坛</a></li><li><a href="home.php" title="Space">家园</a></li>'
            '<li><a href="misc.php?mod=ranklist" title="Ranklist">排行榜</a></li>'
            '<li><a href="search.php" title="Search">搜索</a></li></ul></div></div></div>'
            f'<div id="wp" class="wp">{body}</div>'
            '<div id="ft" class="wp cl"><div id="flk" class="y"><p><a href="archiver/">Archiver</a>'
            '<span class="pipe">|</span><a href="forum.php?mobile=yes">手机版</a></p></div>'
            "<p>Powered by <strong>Discuz!</strong> X3.4</p></div></body></html>"
        )

    def _pager(self, current: int, last: int, target: Callable[[int], str]) -> str:
        if last <= 1:
            return ""
        parts = []
        for n in self.page_numbers(current, last):
            if n == current:
                parts.append(f"<strong>{n}</strong>")
            else:
                parts.append(f'<a href="{self.sid(target(n))}">{n}</a>')
        if current < last:
            parts.append(f'<a href="{target(current + 1)}" class="nxt">下一页</a>')
        return f'<div class="pg">{"".join(parts)}<label><span title="共 {last} 页"> / {last} 页</span></label></div>'

    def _index(self, m: re.Match[str], req: SiteRequest) -> str:
        rows = []
        for b in self.data.boards:
            last = b.threads[-1]
            rows.append(
                f'<tr><td class="fl_icn"><a href="forum-{b.fid}-1.html"><img src="static/forum.gif" /></a></td>'
                f'<td><h2><a href="{self.sid(f"forum-{b.fid}-1.html")}">{b.name}</a></h2>'
                f'<p class="xg2">版主: <a href="space-uid-{b.fid}.html" class="notabs">{_NAMES[b.fid]}</a></p></td>'
                f'<td class="fl_i"><span class="xi2">{len(b.threads)}</span></td>'
                f'<td class="fl_by"><div><a href="forum.php?mod=redirect&amp;tid={last.tid}&amp;goto=lastpost#lastpost"'
                f' class="xi2">最后发表: {last.posts[-1].time}</a> <cite><a href="space-uid-{last.posts[-1].uid}.html">'
                f"{last.posts[-1].author}</a></cite></div></td></tr>"
            )
        body = (
            '<div id="pt" class="bm cl"><div class="z"><a href="/" class="nvhm">示例论坛</a></div></div>'
            '<div class="bm bmw flg cl"><div class="bm_h cl"><h2>综合讨论区</h2></div>'
            f'<div class="bm_c"><table class="fl_tb">{"".join(rows)}</table></div></div>'
        )
        return self._page("论坛", req.target, body)

    def _board(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board = self.data.board_by_fid.get(int(m["fid"]))
        page = int(m["page"])
        if board is None or not 1 <= page <= self.data.list_pages(board):
            return None
        return self._render_board(board, page, req.target)

    def thread_link(self, tid: int, page: int, came_from: str) -> str:
        """How a board page links a thread's page; ``came_from`` is the board page's own query
        state (``page=2``, ``page=1&orderby=heats``), which Discuz! carries when rewriting is off."""
        return f"thread-{tid}-{page}-1.html"

    def canonical_link(self, tid: int, page: int) -> str:
        """The ``<link rel="canonical">`` of a thread page ("" for none)."""
        return ""

    def _render_board(self, board: _Board, page: int, target: str, order: str | None = None) -> str:
        came_from = f"page={page}" + (f"&orderby={order}" if order else "")
        last = self.data.list_pages(board)
        rows = []
        for t in self.data.list_page(board, page):
            kind = "stickthread" if t.sticky else "normalthread"
            icon = '<img src="static/pin_1.gif" alt="置顶" />' if t.sticky else '<img src="static/folder_new.gif" />'
            n_pages = self.data.thread_pages(t)
            mini = ""
            if n_pages > 1:
                mini = '<span class="tps">' + "".join(
                    f'<a href="{self.thread_link(t.tid, p, came_from)}">{p}</a>' for p in range(2, n_pages + 1)
                )
                mini += "</span>"
            first, lastp = t.posts[0], t.posts[-1]
            rows.append(
                f'<tbody id="{kind}_{t.tid}"><tr><td class="icn">{icon}</td>'
                f'<th class="new"><a href="{self.sid(self.thread_link(t.tid, 1, came_from))}" class="s xst">'
                f"{t.title}</a>"
                f"{mini}</th>"
                f'<td class="by"><cite><a href="space-uid-{first.uid}.html">{first.author}</a></cite>'
                f"<em><span>{first.time[:10]}</span></em></td>"
                f'<td class="num"><a href="{self.thread_link(t.tid, 1, came_from)}" class="xi2">{len(t.posts) - 1}</a>'
                f"<em>{len(t.posts) * 37}</em></td>"
                f'<td class="by"><cite><a href="space-uid-{lastp.uid}.html">{lastp.author}</a></cite>'
                f'<em><a href="forum.php?mod=redirect&amp;tid={t.tid}&amp;goto=lastpost#lastpost">{lastp.time}</a>'
                "</em></td></tr></tbody>"
            )
        sort = "".join(
            f'<a href="forum.php?mod=forumdisplay&amp;fid={board.fid}&amp;orderby={o}">{label}</a>'
            for o, label in (("lastpost", "最后发表"), ("dateline", "发帖时间"), ("heats", "热门"))
        )
        pager = self._pager(page, last, lambda n: f"forum-{board.fid}-{n}.html")
        body = (
            f'<div id="pt" class="bm cl"><div class="z"><a href="/">示例论坛</a> <em>&rsaquo;</em>'
            f' <a href="forum-{board.fid}-1.html">{board.name}</a></div></div>'
            f'<div class="bm bml pbn"><div class="bm_h cl"><h1 class="xs2"><a href="forum-{board.fid}-1.html">'
            f"{board.name}</a></h1></div></div>"
            f'<div id="pgt" class="bm bw0 pgs cl">{pager}<a href="forum.php?mod=post&amp;action=newthread&amp;fid='
            f'{board.fid}" id="newspecial">发帖</a></div>'
            f'<div id="threadlist" class="tl bm bmw"><div class="th"><table><tr><th>{sort}</th></tr></table></div>'
            f'<div class="bm_c"><table id="threadlisttableid">{"".join(rows)}</table></div></div>'
            f'<div class="bm bw0 pgs cl">{pager}</div>'
        )
        return self._page(board.name, target, body)

    def _thread(self, m: re.Match[str], req: SiteRequest) -> str | None:
        thread = self.data.threads.get(int(m["tid"]))
        page = self.page_of(m)
        if thread is None or not 1 <= page <= self.data.thread_pages(thread):
            return None
        return self._render_thread(thread, page, req.target)

    def _render_thread(self, thread: _Thread, page: int, target: str) -> str:
        board = self.data.board_by_fid[thread.board]
        last = self.data.thread_pages(thread)
        posts = []
        for pos, p in self.data.page_posts(thread, page):
            if p.deleted:
                content = f'<div class="locked">{_DELETED}</div>'
            else:
                content = (
                    f'<div class="t_fsz"><table cellspacing="0" cellpadding="0"><tr><td class="t_f" id="postmessage_'
                    f'{p.pid}">' + "<br />\r\n".join(p.paragraphs) + "</td></tr></table></div>"
                )
            posts.append(
                f'<div id="post_{p.pid}"><table id="pid{p.pid}" class="plhin" summary="pid{p.pid}"><tr>'
                f'<td class="pls" rowspan="2"><div class="pi"><div class="authi"><a href="space-uid-{p.uid}.html"'
                f' class="xw1">{p.author}</a></div></div><div class="avatar"><a href="space-uid-{p.uid}.html">'
                f'<img src="uc_server/avatar.php?uid={p.uid}" /></a></div></td>'
                f'<td class="plc"><div class="pi"><strong><a href="forum.php?mod=redirect&amp;goto=findpost&amp;'
                f'pid={p.pid}" id="postnum{p.pid}"><em>{pos}</em>#</a></strong>'
                f'<div class="pti"><div class="authi"><em id="authorposton{p.pid}">发表于 {p.time}</em>'
                f' <span class="pipe">|</span> <a href="thread-{thread.tid}-1-1.html?authorid={p.uid}">只看该作者</a>'
                f'</div></div></div><div class="pct"><div class="pcb">{content}</div></div></td></tr>'
                f'<tr><td class="plc plm"><div class="po"><a href="forum.php?mod=post&amp;action=reply&amp;'
                f'fid={board.fid}&amp;tid={thread.tid}">回复</a></div></td></tr></table></div>'
            )
            if pos % self.posts_per_page == 3:  # an ad between posts, as on real boards
                posts.append(
                    '<div class="ad"><div class="a_pr"><a href="http://ads.example.net/c?id=9">推广</a></div></div>'
                )
        pager = self._pager(page, last, lambda n: f"thread-{thread.tid}-{n}-1.html")
        body = (
            f'<div id="pt" class="bm cl"><div class="z"><a href="/">示例论坛</a> <em>&rsaquo;</em>'
            f' <a href="forum-{board.fid}-1.html">{board.name}</a> <em>&rsaquo;</em>'
            f' <a href="thread-{thread.tid}-1-1.html">{thread.title}</a></div></div>'
            f'<div id="pgt" class="pgs mbm cl">{pager}'
            f'<a href="forum.php?mod=post&amp;action=reply&amp;fid={board.fid}&amp;tid={thread.tid}">回复</a></div>'
            f'<div id="postlist" class="pl bm"><table cellspacing="0"><tr><td class="pls ptn pbn">查看: 99</td>'
            f'<td class="plc ptm pbn vwthd"><h1 class="ts"><span id="thread_subject">{thread.title}</span></h1>'
            f'<span class="xg1"><a href="forum.php?mod=viewthread&amp;action=printable&amp;tid={thread.tid}">打印</a>'
            f"</span></td></tr></table>{''.join(posts)}</div>"
            f'<div class="pgs mtm mbm cl">{pager}</div>'
        )
        canonical = self.canonical_link(thread.tid, page)
        head = f'<link href="{canonical}" rel="canonical" />' if canonical else ""
        return self._page(thread.title, target, body, head)

    def _noise_profile(self, m: re.Match[str], req: SiteRequest) -> str:
        uid = int(m["uid"])
        name = _NAMES[(uid - 1) % len(_NAMES)]
        body = (
            f'<div class="bm"><h2 class="mt">{name}的个人资料</h2><ul class="pf_l"><li>用户组: 注册会员</li></ul></div>'
        )
        return self._page(name, req.target, body)

    def _noise_login(self, m: re.Match[str], req: SiteRequest) -> str:
        body = '<form method="post" action="member.php?mod=logging&amp;action=login"><input name="username" /></form>'
        return self._page("登录", req.target, body)

    def _noise_reply(self, m: re.Match[str], req: SiteRequest) -> str:
        return self._page("发表回复", req.target, '<form method="post"><textarea name="message"></textarea></form>')

    def _noise_print(self, m: re.Match[str], req: SiteRequest) -> str | None:
        thread = self.data.threads.get(int(m["tid"]))
        if thread is None:
            return None
        text = "".join(f"<p><b>{p.author}</b> {p.time}<br />{post_text(p)}</p><hr />" for p in thread.posts)
        return f"<html><head><title>{thread.title}</title></head><body><h2>{thread.title}</h2>{text}</body></html>"

    def _noise_lastpost(self, m: re.Match[str], req: SiteRequest) -> str | None:
        thread = self.data.threads.get(int(m["tid"]))
        if thread is None:
            return None
        return self._render_thread(thread, self.data.thread_pages(thread), req.target)

    def _noise_sort(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board = self.data.board_by_fid.get(int(m["fid"]))
        return None if board is None else self._render_board(board, 1, req.target, order=m["order"])


class DiscuzDynamicForum(DiscuzForum):
    """Discuz! X with URL rewriting on for thread pages only, as many boards run it (the real
    bbs.talkop.com catalog in ``tests/fixtures/real_pages``): a board page links each thread as
    ``forum.php?mod=viewthread&tid=TID&extra=page%3D2`` (its own page and sort order carried in
    ``extra``), and the thread page names ``thread-TID-PAGE-1.html`` as its canonical URL. One
    thread thus has a URL per board page and sort view that lists it."""

    name = "discuz-dynamic"
    routes = [
        *DiscuzForum.routes,
        (r"/forum\.php\?mod=viewthread&tid=(?P<tid>\d+)(?:&extra=[^&]*)?(?:&page=(?P<page>\d+))?", "_thread"),
    ]

    def thread_link(self, tid: int, page: int, came_from: str) -> str:
        extra = quote(came_from, safe="")
        return f"forum.php?mod=viewthread&amp;tid={tid}&amp;extra={extra}" + (f"&amp;page={page}" if page > 1 else "")

    def canonical_link(self, tid: int, page: int) -> str:
        return f"/thread-{tid}-{page}-1.html"

    def _noise_lastpost(self, m: re.Match[str], req: SiteRequest) -> Reply | None:  # type: ignore[override]
        """'Last post' redirects to the thread's last page, as Discuz! does."""
        thread = self.data.threads.get(int(m["tid"]))
        if thread is None:
            return None
        return Reply(302, "", {"Location": self.canonical_link(thread.tid, self.data.thread_pages(thread))})


# ---------------------------------------------------------------------------
# phpBB-like template
# ---------------------------------------------------------------------------
