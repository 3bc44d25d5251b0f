"""phpBB-like fixture forum (tables, three rows per post, ``start=`` offsets)."""

from __future__ import annotations

import re
from urllib.parse import quote

from topiccrawl.demo.forums_base import _DELETED, _NAMES, _Board, _FixtureForum, _Post, _Thread, post_text
from topiccrawl.demo.server import SiteRequest


class PhpbbUrls:
    """phpBB's URL scheme, shared by its styles: ``viewforum.php?f=F&start=N`` boards and
    ``viewtopic.php?t=T&start=N`` topics (page 1 without ``start``), ``#pN`` post anchors.
    Mixed in before :class:`_FixtureForum`, whose routing and truth it relies on."""

    threads_per_page: int
    posts_per_page: int

    def page_of(self, m: re.Match[str]) -> int:
        """Pages are ``start=`` offsets."""
        per = self.posts_per_page if m.re.pattern.startswith("/viewtopic") else self.threads_per_page
        return int(m["start"] or 0) // per + 1

    def canonical(self, target: str) -> str | None:
        found = self._route(target)
        if found is not None and found[0].__name__ == "_board":
            m = found[1]
            return self.board_target(int(m["fid"]), self.page_of(m))
        return super().canonical(target)

    def board_target(self, fid: int, page: int) -> str:
        start = (page - 1) * self.threads_per_page
        return f"/viewforum.php?f={fid}" + (f"&start={start}" if start else "")

    def thread_target(self, tid: int, page: int) -> str:
        start = (page - 1) * self.posts_per_page
        return f"/viewtopic.php?t={tid}" + (f"&start={start}" if start else "")

    def post_anchor(self, post: _Post) -> str:
        return f"p{post.pid}"


class PhpbbForum(PhpbbUrls, _FixtureForum):
    """phpBB style: table layout, three ``<tr>`` per post, ``viewtopic.php?t=TID&start=N``.

    Page 1 has no ``start``; pagers link page 1 as ``start=0`` (a duplicate URL of it).
    """

    name = "phpbb"
    posts_per_page = 15
    threads_per_page = 25
    routes = [
        (r"/(?:index\.php)?", "_index"),
        (r"/viewforum\.php\?f=(?P<fid>\d+)(?:&start=(?P<start>\d+))?", "_board"),
        (r"/viewtopic\.php\?t=(?P<tid>\d+)(?:&start=(?P<start>\d+))?", "_thread"),
        (r"/memberlist\.php\?mode=viewprofile&u=(?P<uid>\d+)", "_noise_profile"),
        (r"/ucp\.php\?mode=login&redirect=.*", "_noise_login"),
        (r"/viewtopic\.php\?t=(?P<tid>\d+)&view=print", "_noise_print"),
        (r"/posting\.php\?mode=(?:reply|quote)&t=(?P<tid>\d+)(?:&p=\d+)?", "_noise_reply"),
        (r"/viewtopic\.php\?p=(?P<pid>\d+)", "_noise_lastpost"),
        (r"/viewforum\.php\?f=(?P<fid>\d+)&sk=(?P<sk>\w)&sd=(?P<sd>\w)", "_noise_sort"),
    ]

    def __init__(self, *, size: float = 1.0, charset: str = "utf-8", seed: int = 11) -> None:
        super().__init__(size=size, charset=charset, seed=seed)

    def _page(self, title: str, target: str, body: str) -> str:
        login = f"ucp.php?mode=login&amp;redirect={quote(target.lstrip('/'), safe='')}"
        return (
            f'<!DOCTYPE html><html dir="ltr" lang="en-gb"><head><meta charset="{self.charset}" />'
            f'<title>{title} • 示例社区</title></head><body id="phpbb">'
            '<table class="header" width="100%"><tr><td><a href="./index.php">示例社区首页</a></td>'
            f'<td align="right"><a href="./faq.php">FAQ</a> &bull; <a href="./search.php">Search</a> &bull; '
            f'<a href="./memberlist.php">Members</a> &bull; <a href="{login}">Login</a></td></tr></table>'
            f'<div id="wrapcentre">{body}</div>'
            '<div id="page-footer">Powered by <a href="https://www.phpbb.com/">phpBB</a>&reg; Forum Software</div>'
            "</body></html>"
        )

    def _pager(self, current: int, last: int, per: int, base: str) -> str:
        if last <= 1:
            return ""
        parts = []
        for n in self.page_numbers(current, last):
            if n == current:
                parts.append(f"<strong>{n}</strong>")
            else:
                parts.append(f'<a href="{self.sid(f"{base}&amp;start={(n - 1) * per}")}">{n}</a>')
        nxt = f' <a href="{base}&amp;start={current * per}">Next</a>' if current < last else ""
        return f'<td class="gensmall" nowrap="nowrap"><b>Goto page {", ".join(parts)}{nxt}</b></td>'

    def _index(self, m: re.Match[str], req: SiteRequest) -> str:
        rows = []
        for b in self.data.boards:
            last = b.threads[-1]
            rows.append(
                f'<tr><td class="row1" width="50"><img src="images/forum_read.gif" /></td>'
                f'<td class="row1" width="100%"><a class="forumlink" href="./viewforum.php?f={b.fid}">{b.name}</a>'
                f'<p class="forumdesc">关于{b.name}的讨论</p></td>'
                f'<td class="row2" align="center"><p class="topicdetails">{len(b.threads)}</p></td>'
                f'<td class="row2" align="center" nowrap="nowrap"><p class="topicdetails">{last.posts[-1].time}</p>'
                f'<p class="topicdetails"><a href="./memberlist.php?mode=viewprofile&amp;u={last.posts[-1].uid}">'
                f'{last.posts[-1].author}</a> <a href="./viewtopic.php?p={last.posts[-1].pid}#p{last.posts[-1].pid}">'
                '<img src="images/icon_latest_reply.gif" alt="View the latest post" /></a></p></td></tr>'
            )
        body = (
            '<table class="tablebg" cellspacing="1" width="100%"><tr><th colspan="2">Forum</th><th>Topics</th>'
            f"<th>Last post</th></tr>{''.join(rows)}</table>"
        )
        return self._page("Index page", req.target, body)

    def _board(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board = self.data.board_by_fid.get(int(m["fid"]))
        page = self.page_of(m)
        if board is None or int(m["start"] or 0) % self.threads_per_page or page > self.data.list_pages(board):
            return None
        return self._render_board(board, page, req.target)

    def _render_board(self, board: _Board, page: int, target: str) -> str:
        rows = []
        for t in self.data.list_page(board, page):
            lastp = t.posts[-1]
            label = "<b>Sticky: </b>" if t.sticky else ""
            rows.append(
                f'<tr><td class="row1" width="25" align="center"><img src="images/topic_read.gif" /></td>'
                f'<td class="row1">{label}<a title="Posted: {t.posts[0].time}" '
                f'href="{self.sid(f"./viewtopic.php?t={t.tid}", 4)}"'
                f' class="topictitle">{t.title}</a></td>'
                '<td class="row2" align="center"><p class="topicauthor">'
                '<a href="./memberlist.php?mode=viewprofile&amp;'
                f'u={t.posts[0].uid}">{t.posts[0].author}</a></p></td>'
                f'<td class="row1" align="center"><p class="topicdetails">{len(t.posts) - 1}</p></td>'
                f'<td class="row2" align="center" nowrap="nowrap"><p class="topicdetails">{lastp.time}</p>'
                f'<p class="topicdetails"><a href="./memberlist.php?mode=viewprofile&amp;u={lastp.uid}">{lastp.author}'
                f'</a> <a href="./viewtopic.php?p={lastp.pid}#p{lastp.pid}"><img src="images/icon_topic_latest.gif" '
                'alt="View the latest post" /></a></p></td></tr>'
            )
        pager = self._pager(page, self.data.list_pages(board), self.threads_per_page, f"./viewforum.php?f={board.fid}")
        sort = (
            f'<form method="post" action="./viewforum.php?f={board.fid}"><span class="gensmall">Sort by '
            f'<a href="./viewforum.php?f={board.fid}&amp;sk=t&amp;sd=d">Post time</a> '
            f'<a href="./viewforum.php?f={board.fid}&amp;sk=s&amp;sd=a">Subject</a></span></form>'
        )
        body = (
            f'<div id="pageheader"><h2><a class="titles" href="./viewforum.php?f={board.fid}">{board.name}</a>'
            "</h2></div>"
            f'<table width="100%"><tr><td><a href="./posting.php?mode=post&amp;f={board.fid}">New Topic</a></td>'
            f"{pager}</tr></table>"
            '<table class="tablebg" width="100%" cellspacing="1"><tr><th colspan="2">Topics</th><th>Author</th>'
            f"<th>Replies</th><th>Last post</th></tr>{''.join(rows)}</table>"
            f'<table width="100%"><tr><td>{sort}</td>{pager}</tr></table>'
        )
        return self._page(board.name, target, body)

    def _thread(self, m: re.Match[str], req: SiteRequest) -> str | None:
        thread = self.data.threads.get(int(m["tid"]))
        start = int(m["start"] or 0)
        page = self.page_of(m)
        if thread is None or start % self.posts_per_page or page > self.data.thread_pages(thread):
            return None
        return self._render_thread(thread, page, req.target)

    def _render_thread(self, thread: _Thread, page: int, target: str) -> str:
        board = self.data.board_by_fid[thread.board]
        rows = []
        for _pos, p in self.data.page_posts(thread, page):
            body = (
                '<div class="postbody"><i>This post was deleted by the moderator.</i></div>'
                if p.deleted
                else '<div class="postbody">' + "".join(f"<p>{x}</p>" for x in p.paragraphs) + "</div>"
            )
            body = body.replace("This post was deleted by the moderator.", _DELETED)
            rows.append(
                f'<tr class="row1"><td align="center" valign="middle"><a name="p{p.pid}" id="p{p.pid}"></a>'
                f'<b class="postauthor">{p.author}</b></td><td width="100%" height="25"><table width="100%"><tr>'
                f'<td class="gensmall"><div style="float:left">&nbsp;<b>Post subject:</b> Re: {thread.title}</div>'
                f'<div style="float:right"><b>Posted:</b> {p.time}&nbsp;</div></td>'
                '<td class="gensmall" nowrap="nowrap">'
                f'<a href="./posting.php?mode=quote&amp;t={thread.tid}&amp;p={p.pid}">'
                '<img src="images/icon_post_quote.gif" alt="Reply with quote" /></a></td></tr></table></td></tr>'
                f'<tr class="row1"><td valign="top" class="profile"><span class="postdetails">Joined: 2019<br />'
                f'<a href="./memberlist.php?mode=viewprofile&amp;u={p.uid}">Profile</a></span></td>'
                f'<td><table width="100%"><tr><td>{body}</td></tr></table></td></tr>'
                '<tr><td class="spacer" colspan="2" height="1"><img src="images/spacer.gif" alt="" /></td></tr>'
            )
        pager = self._pager(
            page, self.data.thread_pages(thread), self.posts_per_page, f"./viewtopic.php?t={thread.tid}"
        )
        body = (
            f'<div id="pageheader"><h2><a class="titles" href="./viewtopic.php?t={thread.tid}">{thread.title}</a></h2>'
            f'<p class="moderators"><a href="./viewforum.php?f={board.fid}">{board.name}</a></p></div>'
            f'<table width="100%"><tr><td><a href="./posting.php?mode=reply&amp;t={thread.tid}">Post a reply</a> '
            f'<a href="./viewtopic.php?t={thread.tid}&amp;view=print">Print view</a></td>{pager}</tr></table>'
            f'<table class="tablebg" width="100%" cellspacing="1"><tr><th>Author</th><th>Message</th></tr>'
            f'{"".join(rows)}</table><table width="100%"><tr><td></td>{pager}</tr></table>'
        )
        return self._page(thread.title, target, body)

    def _noise_profile(self, m: re.Match[str], req: SiteRequest) -> str:
        uid = int(m["uid"])
        name = _NAMES[(uid - 1) % len(_NAMES)]
        body = (
            f'<table class="tablebg"><tr><th>Viewing profile - {name}</th></tr><tr><td>Rank: Member</td></tr></table>'
        )
        return self._page(name, req.target, body)

    def _noise_login(self, m: re.Match[str], req: SiteRequest) -> str:
        return self._page("Login", req.target, '<form method="post" action="./ucp.php?mode=login"><input /></form>')

    def _noise_reply(self, m: re.Match[str], req: SiteRequest) -> str:
        return self._page("Post a reply", req.target, '<form method="post"><textarea name="message"></textarea></form>')

    def _noise_print(self, m: re.Match[str], req: SiteRequest) -> str | None:
        thread = self.data.threads.get(int(m["tid"]))
        if thread is None:
            return None
        text = "".join(f"<div><b>{p.author}</b> [{p.time}]<hr />{post_text(p)}</div><hr />" for p in thread.posts)
        return f"<html><head><title>{thread.title}</title></head><body>{text}</body></html>"

    def _noise_lastpost(self, m: re.Match[str], req: SiteRequest) -> str | None:
        loc = self.data.post_location.get(int(m["pid"]))
        if loc is None:
            return None
        return self._render_thread(self.data.threads[loc[0]], loc[1], req.target)

    def _noise_sort(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board = self.data.board_by_fid.get(int(m["fid"]))
        return None if board is None else self._render_board(board, 1, req.target)
