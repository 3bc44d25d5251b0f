"""vBulletin-like fixture forum (``<li>`` lists, ``page=`` numbers)."""

from __future__ import annotations

import re
from urllib.parse import quote

from topiccrawl.demo.forums_base import _DELETED, _Board, _FixtureForum, _Post, _Thread, post_text
from topiccrawl.demo.server import SiteRequest


class VbulletinForum(_FixtureForum):
    """vBulletin style: ordered lists of ``<li>`` records, ``showthread.php?t=T&page=P``.

    Added after the spider was first built, as an unseen template; it exposed two bugs
    (board indexes with descriptions, pagers whose current page sits in its own ``<span>``).
    """

    name = "vb"
    posts_per_page = 12
    threads_per_page = 15
    routes = [
        (r"/(?:index\.php)?", "_index"),
        (r"/forumdisplay\.php\?f=(?P<fid>\d+)(?:&page=(?P<page>\d+))?", "_board"),
        (r"/showthread\.php\?t=(?P<tid>\d+)(?:&page=(?P<page>\d+))?", "_thread"),
        (r"/member\.php\?u=(?P<uid>\d+)", "_noise_profile"),
        (r"/login\.php\?do=login&url=.*", "_noise_login"),
        (r"/printthread\.php\?t=(?P<tid>\d+)", "_noise_print"),
        (r"/newreply\.php\?do=newreply&t=(?P<tid>\d+)", "_noise_reply"),
        (r"/showthread\.php\?t=(?P<tid>\d+)&goto=newpost", "_noise_lastpost"),
        (r"/forumdisplay\.php\?f=(?P<fid>\d+)&sort=\w+&order=\w+", "_noise_sort"),
    ]

    def __init__(self, *, size: float = 1.0, charset: str = "utf-8", seed: int = 23) -> None:
        super().__init__(size=size, charset=charset, seed=seed)

    def board_target(self, fid: int, page: int) -> str:
        return f"/forumdisplay.php?f={fid}" + (f"&page={page}" if page > 1 else "")

    def thread_target(self, tid: int, page: int) -> str:
        return f"/showthread.php?t={tid}" + (f"&page={page}" if page > 1 else "")

    def post_anchor(self, post: _Post) -> str:
        return f"post_{post.pid}"

    def _page(self, title: str, target: str, body: str) -> str:
        return (
            f'<html><head><meta charset="{self.charset}"><title>{title} - VB Board</title></head><body>'
            '<div id="header"><ul class="navbar"><li><a href="index.php">Home</a></li><li>'
            '<a href="search.php">Search</a></li>'
            f'<li><a href="login.php?do=login&amp;url={quote(target, safe="")}">Log in</a></li><li>'
            '<a href="faq.php">FAQ</a></li></ul></div>'
            f'<div id="content">{body}</div><div id="footer">'
            '<a href="archive/index.php">Archive</a> <a href="sendmessage.php">Contact</a></div></body>'
            "</html>"
        )

    def _pager(self, current: int, last: int, base: str) -> str:
        if last <= 1:
            return ""
        parts = []
        if current > 1:
            parts.append(f'<span class="prev"><a href="{base}&amp;page={current - 1}">&lt; Prev</a></span>')
        for n in self.page_numbers(current, last):
            parts.append(
                f'<span class="current">{n}</span>'
                if n == current
                else f'<span><a href="{base}&amp;page={n}">{n}</a></span>'
            )
        if current < last:
            parts.append(f'<span class="next"><a href="{base}&amp;page={current + 1}">Next &gt;</a></span>')
        return f'<div class="pagination">Page {current} of {last} {"".join(parts)}</div>'

    def _index(self, m: re.Match[str], req: SiteRequest) -> str | None:
        items = "".join(
            '<li class="forumbit"><div class="forumrow"><h2 class="forumtitle">'
            f'<a href="forumdisplay.php?f={b.fid}">{b.name}</a></h2>'
            f'<p class="forumdescription">Everything about {b.name}</p><ul class="forumstats">'
            f"<li>Threads: {len(b.threads)}</li></ul>"
            '<div class="lastpost">'
            f'<a href="showthread.php?t={b.threads[-1].tid}&amp;goto=newpost">{b.threads[-1].title}</a> by '
            f'<a href="member.php?u={b.threads[-1].posts[-1].uid}">{b.threads[-1].posts[-1].author}</a>'
            "</div></div></li>"
            for b in self.data.boards
        )
        return self._page("Forum", req.target, f'<ol id="forums">{items}</ol>')

    def _board(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board = self.data.board_by_fid.get(int(m["fid"]))
        page = int(m["page"] or 1)
        if board is None or not 1 <= page <= self.data.list_pages(board):
            return None
        return self._render_board(board, page, req.target)

    def _render_board(self, board: _Board, page: int, target: str) -> str:
        rows = "".join(
            f'<li class="threadbit{" sticky" if t.sticky else ""}" id="thread_{t.tid}">'
            '<div class="threadinfo"><h3 class="threadtitle">'
            f"{'<span class=prefix>Sticky:</span> ' if t.sticky else ''}"
            f'<a class="title" href="{self.sid(f"showthread.php?t={t.tid}")}">{t.title}</a>'
            "</h3>"
            '<div class="author">'
            f'<a href="member.php?u={t.posts[0].uid}">{t.posts[0].author}</a>, {t.posts[0].time}</div></div>'
            f'<ul class="threadstats"><li>Replies: {len(t.posts) - 1}</li><li>Views: {len(t.posts) * 9}</li></ul>'
            '<dl class="threadlastpost"><dd>'
            f'<a href="member.php?u={t.posts[-1].uid}">{t.posts[-1].author}</a></dd>'
            f'<dd>{t.posts[-1].time} <a href="showthread.php?t={t.tid}&amp;goto=newpost">Go to last post</a>'
            "</dd></dl></li>"
            for t in self.data.list_page(board, page)
        )
        pager = self._pager(page, self.data.list_pages(board), f"forumdisplay.php?f={board.fid}")
        sort = (
            '<div class="sort">'
            f'<a href="forumdisplay.php?f={board.fid}&amp;sort=lastpost&amp;order=desc">Last post</a> '
            f'<a href="forumdisplay.php?f={board.fid}&amp;sort=title&amp;order=asc">Title</a></div>'
        )
        return self._page(
            board.name,
            target,
            f'<h1><a href="forumdisplay.php?f={board.fid}">{board.name}</a>'
            f'</h1>{pager}{sort}<ol id="threads">{rows}</ol>{pager}',
        )

    def _thread(self, m: re.Match[str], req: SiteRequest) -> str | None:
        thread = self.data.threads.get(int(m["tid"]))
        page = int(m["page"] or 1)
        if thread is None or not 1 <= page <= self.data.thread_pages(thread):
            return None
        return self._render_thread(thread, page, req.target)

    def _render_thread(self, thread: _Thread, page: int, target: str) -> str:
        board = self.data.board_by_fid[thread.board]
        posts = "".join(
            f'<li class="postbit" id="post_{p.pid}"><div class="posthead">'
            f'<span class="date">{p.time}</span> '
            f'<a name="post{p.pid}" href="showthread.php?p={p.pid}#post{p.pid}" class="postcounter">#{pos}</a>'
            "</div>"
            f'<div class="userinfo"><a class="username" href="member.php?u={p.uid}">'
            f'<strong>{p.author}</strong></a><span class="usertitle">Member</span></div>'
            '<div class="postbody"><div class="content">'
            f'<blockquote class="postcontent">{"<br />".join(p.paragraphs) if not p.deleted else _DELETED}</blockquote>'
            "</div></div>"
            '<div class="postfoot">'
            f'<a href="newreply.php?do=newreply&amp;t={thread.tid}">Reply With Quote</a></div></li>'
            for pos, p in self.data.page_posts(thread, page)
        )
        pager = self._pager(page, self.data.thread_pages(thread), f"showthread.php?t={thread.tid}")
        return self._page(
            thread.title,
            target,
            '<div class="breadcrumb">'
            f'<a href="index.php">Forum</a> &gt; <a href="forumdisplay.php?f={board.fid}">{board.name}</a> &gt; '
            f'<a href="showthread.php?t={thread.tid}">{thread.title}</a>'
            "</div>"
            f'<h1>{thread.title}</h1><div class="tools"><a href="printthread.php?t={thread.tid}">Print</a>'
            f'</div>{pager}<ol id="posts">{posts}</ol>{pager}',
        )

    def _noise_profile(self, m: re.Match[str], req: SiteRequest) -> str | None:
        return self._page("member", req.target, "<div>Profile</div>")

    def _noise_login(self, m: re.Match[str], req: SiteRequest) -> str | None:
        return self._page("Log in", req.target, "<form></form>")

    def _noise_reply(self, m: re.Match[str], req: SiteRequest) -> str | None:
        return self._page("Reply", req.target, "<form><textarea></textarea></form>")

    def _noise_print(self, m: re.Match[str], req: SiteRequest) -> str | None:
        t = self.data.threads.get(int(m["tid"]))
        return (
            None
            if t is None
            else "<html><body>"
            + "".join(f"<div><b>{p.author}</b><p>{post_text(p)}</p></div>" for p in t.posts)
            + "</body></html>"
        )

    def _noise_lastpost(self, m: re.Match[str], req: SiteRequest) -> str | None:
        t = self.data.threads.get(int(m["tid"]))
        return None if t is None else self._render_thread(t, self.data.thread_pages(t), req.target)

    def _noise_sort(self, m: re.Match[str], req: SiteRequest) -> str | None:
        b = self.data.board_by_fid.get(int(m["fid"]))
        return None if b is None else self._render_board(b, 1, req.target)
