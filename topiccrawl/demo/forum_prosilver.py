"""phpBB 3.2/3.3 fixture forum in the default *prosilver* style (English, UTF-8).

Unlike :class:`~topiccrawl.demo.forums_phpbb.PhpbbForum` (phpBB 2/subSilver tables), prosilver
lays a board out in ``<ul class="topiclist"><li class="row"><dl>`` rows and a post in a
``<div class="post">`` with the profile in a ``<dl class="postprofile">`` beside the body. It
follows phpBB 3.2: the site's name is the page's ``<h1>`` and the topic's a ``<h2>``; boards
link topics as ``viewtopic.php?f=F&t=T`` while ``<link rel="canonical">`` names
``viewtopic.php?t=T`` (without ``f=``), which is what the truth counts; a global announcement
(with its own row pager) and the board's stickies head every page of every board's list; pages
are ``start=`` offsets; quotes carry the quoted post's date in ``<cite>``; profiles show a
'Joined:' date; signatures sit under the post; recent posts are dated relatively ('Today,
9:41 am', '12 minutes ago') with the absolute time only in ``<time datetime>``; and the noise
of a guest's view: login with a ``redirect=``, profiles, quote/reply/new-topic/print links,
'last post' and jump ``p=`` links, search and member lists, ``sid=`` on some links.
Soft-deleted replies are hidden from guests, so there are none.
"""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta
from html import escape
from urllib.parse import quote

from topiccrawl.demo.forums_base import ENGLISH, _FixtureForum, _Post, _Thread, pick_quotes, post_datetime
from topiccrawl.demo.forums_phpbb import PhpbbUrls
from topiccrawl.demo.server import Reply, SiteRequest, html

SITE = "Tinkerers Board"
NOW = datetime(2025, 1, 15, 14, 0)  # the board's clock: what 'Today' and 'minutes ago' count from
_SIGNED = 5  # the first few users sign their posts


def own_text(post: _Post) -> str:
    """What the poster wrote (a quote of the post repeats this, not the post's own quote)."""
    return " ".join(post.paragraphs)


def is_relative(shown: str) -> bool:
    return shown.startswith(("Today", "Yesterday")) or shown.endswith(" ago")


def shown_time(when: datetime) -> str:
    """phpBB's default date format ``D M d, Y g:i a``, relative for the last two days."""
    clock = f"{when.hour % 12 or 12}:{when.minute:02d} {'am' if when.hour < 12 else 'pm'}"
    if timedelta(0) <= NOW - when < timedelta(hours=1):
        return f"{(NOW - when).seconds // 60} minutes ago"
    if when.date() == NOW.date():
        return f"Today, {clock}"
    if when.date() == NOW.date() - timedelta(days=1):
        return f"Yesterday, {clock}"
    return f"{when:%a %b %d, %Y} {clock}"


class ProsilverForum(PhpbbUrls, _FixtureForum):
    """phpBB 3.2 prosilver: ``viewforum.php?f=F&start=15``, ``viewtopic.php?f=F&t=T&start=10``."""

    name = "prosilver"
    vocab = ENGLISH
    posts_per_page = 10
    threads_per_page = 15  # the board's 'Topics per page' setting (phpBB's default is 25)
    routes = [
        (r"/(?:index\.php)?", "_index"),
        (r"/viewforum\.php\?f=(?P<fid>\d+)(?:&start=(?P<start>\d+))?", "_board"),
        (r"/viewtopic\.php\?(?:f=\d+&)?t=(?P<tid>\d+)(?:&start=(?P<start>\d+))?", "_thread"),
        (r"/viewtopic\.php\?(?:f=\d+&)?t=(?P<tid>\d+)&view=print", "_noise_print"),
        (r"/viewtopic\.php\?p=(?P<pid>\d+)", "_noise_lastpost"),
        (r"/memberlist\.php\?mode=viewprofile&u=(?P<uid>\d+)", "_noise_profile"),
        (r"/(?:posting|ucp|search|memberlist)\.php(?:\?.*)?|/app\.php/help/faq", "_noise_form"),
    ]

    def __init__(self, *, size: float = 1.0, charset: str = "utf-8", seed: int = 31) -> None:
        super().__init__(size=size, charset=charset, seed=seed)
        d = self.data
        self.quotes = pick_quotes(d, seed + 1, 0.3)
        self.when = {p.pid: post_datetime(p) for t in d.threads.values() for p in t.posts}
        rng = random.Random(seed + 2)
        for t in d.threads.values():  # a third of the threads had replies in the last two days
            if t.tid % 3 == 0 and len(t.posts) > 1:
                minutes = sorted(rng.sample(range(3, 36 * 60), 2), reverse=True)
                for p, ago in zip(t.posts[-2:], minutes, strict=True):
                    self.when[p.pid] = NOW - timedelta(minutes=ago)
        sticky = [t for t in d.threads.values() if t.sticky]
        self.announcement = max(sticky, key=lambda t: (len(t.posts), -t.tid))  # global, on every board

    # -- truth -----------------------------------------------------------------
    def truth_time(self, post: _Post) -> str:
        """As shown, but for a relative time the absolute one of its ``<time datetime>`` (board time, UTC)."""
        when = self.when[post.pid]
        shown = shown_time(when)
        return f"{when:%Y-%m-%dT%H:%M:%S}" if is_relative(shown) else shown

    def truth_text(self, post: _Post) -> str:
        quoted = self.quotes.get(post.pid)
        cite = f"{quoted.author} wrote: ↑ {shown_time(self.when[quoted.pid])} {own_text(quoted)}" if quoted else ""
        return " ".join(f"{cite} {' '.join(post.paragraphs)}".split())

    # -- rendering -------------------------------------------------------------
    def reply(self, body: str) -> Reply:
        return html(body, charset=self.charset)

    def _user(self, name: str, uid: int) -> str:
        return f'<a href="./memberlist.php?mode=viewprofile&amp;u={uid}" class="username">{escape(name)}</a>'

    def _time(self, pid: int) -> str:
        when = self.when[pid]
        return f'<time datetime="{when:%Y-%m-%dT%H:%M:%S}+00:00">{shown_time(when)}</time>'

    def _page(self, req: SiteRequest, title: str, body: str, crumbs: str = "", canonical: str = "") -> str:
        canon = f'<link rel="canonical" href="{req.base_url}{canonical}">' if canonical else ""
        login = f"./ucp.php?mode=login&amp;redirect={quote(req.target.lstrip('/'), safe='')}"
        return (
            f'<!DOCTYPE html><html dir="ltr" lang="en-gb"><head><meta charset="{self.charset}" />'
            f"<title>{escape(title)} - {SITE}</title>{canon}"
            '<link href="./styles/prosilver/theme/stylesheet.css?assets_version=3" rel="stylesheet"></head>'
            '<body id="phpbb" class="nojs notouch section-index ltr"><div id="wrap" class="wrap">'
            '<div id="page-header"><div class="headerbar" role="banner"><div class="inner"><div id="site-description">'
            '<a id="logo" class="logo" href="./index.php" title="Board index"><span class="site_logo"></span></a>'
            f"<h1>{SITE}</h1><p>A place for hardware tinkerers</p></div>"
            '<div id="search-box" class="search-box"><form action="./search.php" method="get" id="search">'
            '<input name="keywords" type="search" placeholder="Search…"><button type="submit">Search</button>'
            '</form></div></div></div><div class="navbar" role="navigation"><div class="inner">'
            '<ul id="nav-main" class="nav-main linklist" role="menubar"><li class="quick-links"><ul>'
            '<li><a href="./search.php?search_id=unanswered">Unanswered topics</a></li>'
            '<li><a href="./search.php?search_id=active_topics">Active topics</a></li></ul></li>'
            '<li><a href="/app.php/help/faq" rel="help">FAQ</a></li>'
            f'<li class="rightside"><a href="{login}" title="Login" accesskey="x">Login</a></li>'
            '<li class="rightside"><a href="./ucp.php?mode=register">Register</a></li></ul>'
            '<ul id="nav-breadcrumbs" class="nav-breadcrumbs linklist navlinks"><li class="breadcrumbs">'
            f'<span class="crumb"><a href="./index.php" accesskey="h">Board index</a></span>{crumbs}</li></ul>'
            f'</div></div></div><div id="page-body" class="page-body" role="main">{body}</div>'
            '<div id="page-footer" class="page-footer"><ul id="nav-footer" class="nav-footer linklist">'
            '<li class="rightside"><a href="./ucp.php?mode=delete_cookies">Delete cookies</a></li>'
            '<li class="rightside"><a href="./memberlist.php?mode=team">The team</a></li></ul>'
            '<div class="time">All times are <span title="UTC">UTC</span></div><div class="copyright">'
            'Powered by <a href="https://www.phpbb.com/">phpBB</a>® Forum Software © phpBB Limited</div></div>'
            "</div></body></html>"
        )

    def _pagination(self, base: str, total: int, per: int, page: int, label: str) -> str:
        last = max(1, -(-total // per))
        items = []
        if last > 1:
            href = lambda n: base + (f"&amp;start={(n - 1) * per}" if n > 1 else "")  # noqa: E731
            if page > 1:
                items.append(
                    f'<li class="arrow previous"><a class="button" href="{href(page - 1)}" rel="prev">Prev</a>'
                )
            for n in self.page_numbers(page, last):
                link = f'<a class="button" href="{self.sid(href(n))}">{n}</a>'
                items.append(f'<li class="active"><span>{n}</span></li>' if n == page else f"<li>{link}</li>")
            if page < last:
                items.append(f'<li class="arrow next"><a class="button" href="{href(page + 1)}" rel="next">Next</a>')
        pages = f" &bull; Page <strong>{page}</strong> of <strong>{last}</strong>" if last > 1 else ""
        return f'<div class="pagination">{total} {label}{pages}<ul>{"".join(items)}</ul></div>'

    def _index(self, m: re.Match[str], req: SiteRequest) -> str:
        rows = []
        for b in self.data.boards:
            last = max((p for t in b.threads for p in t.posts), key=lambda p: self.when[p.pid])
            rows.append(
                '<li class="row"><dl class="row-item forum_read"><dt title="No unread posts"><div class="list-inner">'
                f'<a href="./viewforum.php?f={b.fid}" class="forumtitle">{escape(b.name)}</a><br />'
                f"Everything about {escape(b.name.lower())}</div></dt>"
                f'<dd class="topics">{len(b.threads)} <dfn>Topics</dfn></dd>'
                f'<dd class="posts">{sum(len(t.posts) for t in b.threads)} <dfn>Posts</dfn></dd>'
                f'<dd class="lastpost"><span><dfn>Last post</dfn> by {self._user(last.author, last.uid)} '
                f'<a href="./viewtopic.php?p={last.pid}#p{last.pid}" title="Go to last post">'
                f'<i class="icon fa-external-link-square"></i></a><br />{self._time(last.pid)}</span></dd></dl></li>'
            )
        online = ", ".join(self._user(n, i + 1) for i, n in enumerate(self.vocab.names[:6]))
        body = (
            '<div class="forabg"><div class="inner"><ul class="topiclist"><li class="header"><dl class="row-item">'
            '<dt><div class="list-inner"><a href="#">Tinkering</a></div></dt><dd class="topics">Topics</dd>'
            '<dd class="posts">Posts</dd><dd class="lastpost"><span>Last post</span></dd></dl></li></ul>'
            f'<ul class="topiclist forums">{"".join(rows)}</ul></div></div>'
            '<div class="stat-block online-list"><h3>Who is online</h3><p>In total there are 9 users online :: '
            f"6 registered, 0 hidden and 3 guests<br />Registered users: {online}</p></div>"
        )
        return self._page(req, "Index page", body, canonical="/")

    def _row(self, t: _Thread, fid: int, cls: str = "") -> str:
        first, last = t.posts[0], t.posts[-1]
        base = f"./viewtopic.php?f={fid}&amp;t={t.tid}"
        pages = self.data.thread_pages(t)
        mini = ""
        if pages > 1:
            links = "".join(
                f'<li><a class="button" href="{base}{f"&amp;start={(k - 1) * self.posts_per_page}" if k > 1 else ""}">'
                f"{k}</a></li>"
                for k in self.page_numbers(1, pages)
            )
            mini = f'<div class="pagination"><span class="fa fa-clone"></span><ul>{links}</ul></div>'
        return (
            f'<li class="row bg1 {cls}"><dl class="row-item topic_read"><dt title="No unread posts">'
            f'<div class="list-inner"><a href="{self.sid(base, 4)}" class="topictitle">{escape(t.title)}</a><br />'
            f'<div class="responsive-hide left-box">by {self._user(first.author, first.uid)} &raquo; '
            f"{self._time(first.pid)}</div>{mini}</div></dt>"
            f'<dd class="posts">{len(t.posts) - 1} <dfn>Replies</dfn></dd>'
            f'<dd class="views">{t.tid * 7 % 900} <dfn>Views</dfn></dd>'
            f'<dd class="lastpost"><span><dfn>Last post </dfn>by {self._user(last.author, last.uid)} '
            f'<a href="./viewtopic.php?p={last.pid}#p{last.pid}" title="Go to last post">'
            f'<i class="icon fa-external-link-square"></i></a><br />{self._time(last.pid)}</span></dd></dl></li>'
        )

    def _board(self, m: re.Match[str], req: SiteRequest) -> str | None:
        d = self.data
        board = d.board_by_fid.get(int(m["fid"]))
        page = self.page_of(m)
        if board is None or int(m["start"] or 0) % self.threads_per_page or page > d.list_pages(board):
            return None
        ann = self.announcement
        top = [self._row(ann, ann.board, "global-announce")]
        top += [self._row(t, board.fid, "sticky") for t in board.threads if t.sticky and t is not ann]
        normal = [t for t in board.threads if not t.sticky]
        rows = [self._row(t, board.fid) for t in d.list_page(board, page) if not t.sticky]
        base = f"./viewforum.php?f={board.fid}"
        pag = self._pagination(base, len(normal), self.threads_per_page, page, "topics")
        header = (
            '<ul class="topiclist"><li class="header"><dl class="row-item"><dt><div class="list-inner">{}</div></dt>'
            '<dd class="posts">Replies</dd><dd class="views">Views</dd><dd class="lastpost"><span>Last post</span>'
            "</dd></dl></li></ul>"
        )
        body = (
            f'<h2 class="forum-title"><a href="{base}">{escape(board.name)}</a></h2>'
            f'<div class="action-bar bar-top"><a href="./posting.php?mode=post&amp;f={board.fid}" class="button">'
            f"New Topic</a>{pag}</div>"
            f'<div class="forumbg announcement"><div class="inner">{header.format("Announcements")}'
            f'<ul class="topiclist topics">{"".join(top)}</ul></div></div>'
            f'<div class="forumbg"><div class="inner">{header.format("Topics")}'
            f'<ul class="topiclist topics">{"".join(rows)}</ul></div></div>'
            f'<div class="action-bar bar-bottom">{pag}</div>'
            f'<form method="post" action="{base}"><label>Sort by <select name="sk"><option value="t">Post time'
            "</option></select></label></form>"
        )
        crumb = f'<span class="crumb"><a href="{base}">{escape(board.name)}</a></span>'
        return self._page(req, board.name, body, crumb, self.board_target(board.fid, page))

    def _post(self, t: _Thread, p: _Post, i: int) -> str:
        quoted = self.quotes.get(p.pid)
        cite = ""
        if quoted:
            cite = (
                f'<blockquote><div><cite><a href="./memberlist.php?mode=viewprofile&amp;u={quoted.uid}">'
                f'{escape(quoted.author)}</a> wrote: <a href="./viewtopic.php?p={quoted.pid}#p{quoted.pid}" '
                f'data-post-id="{quoted.pid}">↑</a>'
                f'<span class="responsive-hide">{shown_time(self.when[quoted.pid])}</span></cite>'
                f"{escape(own_text(quoted))}</div></blockquote>"
            )
        sig = self.vocab.names.index(p.author) < _SIGNED
        joined = shown_time(datetime(2016, 1 + p.uid % 12, p.uid, 21, 12))
        signature = f'<div id="sig{p.pid}" class="signature">Running Linux since 20{p.uid:02d} | my blog</div>'
        return (
            f'<div id="p{p.pid}" class="post has-profile bg{1 + i % 2}"><div class="inner">'
            f'<dl class="postprofile" id="profile{p.pid}"><dt class="has-profile-rank no-avatar">'
            f'<div class="avatar-container"></div>{self._user(p.author, p.uid)}</dt>'
            '<dd class="profile-rank">Registered User</dd><dd class="profile-posts"><strong>Posts:</strong> '
            f'<a href="./search.php?author_id={p.uid}&amp;sr=posts">{p.uid * 37}</a></dd>'
            f'<dd class="profile-joined"><strong>Joined:</strong> {joined}'
            f'</dd></dl><div class="postbody"><div id="post_content{p.pid}">'
            f'<h3{" class=first" if i == 0 else ""}><a href="#p{p.pid}">{"Re: " if i else ""}{escape(t.title)}</a></h3>'
            '<ul class="post-buttons"><li><a href="./posting.php?mode=quote&amp;p='
            f'{p.pid}" title="Reply with quote" class="button button-icon-only"><span>Quote</span></a></li></ul>'
            f'<p class="author"><a class="unread" href="./viewtopic.php?p={p.pid}#p{p.pid}" title="Post">'
            f'<span class="sr-only">Post</span></a><span class="responsive-hide">by <strong>'
            f"{self._user(p.author, p.uid)}</strong> &raquo; </span>{self._time(p.pid)}</p>"
            f'<div class="content">{cite}{"<br /><br />".join(escape(x) for x in p.paragraphs)}</div>'
            f"{signature if sig else ''}</div></div>"
            '<div class="back2top"><a href="#top" class="top" title="Top">Top</a></div></div></div>'
            '<hr class="divider" />'
        )

    def _thread(self, m: re.Match[str], req: SiteRequest) -> str | None:
        d = self.data
        thread = d.threads.get(int(m["tid"]))
        page = self.page_of(m)
        if thread is None or int(m["start"] or 0) % self.posts_per_page or page > d.thread_pages(thread):
            return None
        return self._render_thread(thread, page, req)

    def _render_thread(self, t: _Thread, page: int, req: SiteRequest) -> str:
        board = self.data.board_by_fid[t.board]
        base = f"./viewtopic.php?f={t.board}&amp;t={t.tid}"
        pag = self._pagination(base, len(t.posts), self.posts_per_page, page, "posts")
        first = (page - 1) * self.posts_per_page
        posts = "".join(self._post(t, p, first + i) for i, p in enumerate(t.posts[first : first + self.posts_per_page]))
        body = (
            f'<h2 class="topic-title"><a href="{base}">{escape(t.title)}</a></h2>'
            f'<div class="action-bar bar-top"><a href="./posting.php?mode=reply&amp;f={t.board}&amp;t={t.tid}" '
            f'class="button">Post Reply</a><div class="dropdown-container"><a href="{base}&amp;view=print" '
            f'title="Print view">Print view</a></div>{pag}</div>{posts}<div class="action-bar bar-bottom">{pag}</div>'
            f'<p class="jumpbox-return"><a href="./viewforum.php?f={t.board}" class="left-box arrow-left">'
            f"Return to &ldquo;{escape(board.name)}&rdquo;</a></p>"
        )
        crumb = f'<span class="crumb"><a href="./viewforum.php?f={t.board}">{escape(board.name)}</a></span>'
        return self._page(req, t.title, body, crumb, self.thread_target(t.tid, page))

    def _noise_print(self, m: re.Match[str], req: SiteRequest) -> str | None:
        t = self.data.threads.get(int(m["tid"]))
        if t is None:
            return None
        posts = "".join(
            f"<div><b>{p.author}</b> {shown_time(self.when[p.pid])}<p>{own_text(p)}</p></div>" for p in t.posts
        )
        return f"<html><head><title>{escape(t.title)} - {SITE}</title></head><body><h1>{SITE}</h1>{posts}</body></html>"

    def _noise_lastpost(self, m: re.Match[str], req: SiteRequest) -> str | None:
        loc = self.data.post_location.get(int(m["pid"]))
        return None if loc is None else self._render_thread(self.data.threads[loc[0]], loc[1], req)

    def _noise_profile(self, m: re.Match[str], req: SiteRequest) -> str | None:
        uid = int(m["uid"])
        if not 1 <= uid <= len(self.vocab.names):
            return None
        name = self.vocab.names[uid - 1]
        body = f"<h2>Viewing profile - {name}</h2><dl><dt>Username:</dt><dd>{name}</dd><dt>Posts:</dt><dd>12</dd></dl>"
        return self._page(req, f"Viewing profile - {name}", body)

    def _noise_form(self, m: re.Match[str], req: SiteRequest) -> str:
        body = '<p>You need to be logged in to do that.</p><form method="post"><input name="username" /></form>'
        return self._page(req, "Information", body)
