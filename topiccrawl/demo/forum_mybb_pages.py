"""Templates of the MyBB 1.8 fixture forum (default theme, guest view): chrome, board index, forum display
(thread list), thread display (linear mode) and MyBB's ``multipage()``.

:mod:`topiccrawl.demo.forum_mybb` holds the content, the routing, the truth and the lesser pages, and its
docstring says what is imitated. Links are written as MyBB writes them: relative to the forum root for the
templates' own links (``showthread.php?tid=2``), absolute (``$mybb->settings['bburl']``) for profile links,
the header menu and the footer. Times are ``my_date()`` with the default ``m-d-Y`` / ``h:i A`` formats and
relative dates on, on the forum's UTC clock :data:`NOW`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from topiccrawl.demo.server import SiteRequest

if TYPE_CHECKING:
    from topiccrawl.demo.forum_mybb import Forum, MybbData, Post, Thread

NOW = datetime(2025, 6, 12, 15, 40, 0)  # the forum's clock (UTC), a Thursday afternoon
FORUM = "Homelab Hangout"
PER_PAGE = 10  # postsperpage
THREADS_PER_PAGE = 20  # threadsperpage
MAX_LINKS = 5  # maxmultipagelinks
# fmt: off
STATIC = {  # member.php actions and other form pages a guest can open: (title, content with {bb})
    "login": ("Login", '<form action="{bb}/member.php" method="post">Username: <input name="username" /> Password: '
              '<input type="password" name="password" /></form>'
              '<a href="{bb}/member.php?action=lostpw">Lost Password?</a>'),
    "register": ("Registration Agreement", "Although the administrators of this forum will attempt to keep all "
                 "objectionable messages off, it is impossible to review all messages. "
                 '<form action="{bb}/member.php" method="post"><input type="submit" name="agree" value="I Agree" />'
                 "</form>"),
    "lostpw": ("Lost Password", '<form action="{bb}/member.php" method="post">Email: <input name="email" /></form>'),
    "resendactivation": ("Resend Activation", '<form method="post">Email: <input name="email" /></form>'),
    "contact": ("Contact Us", '<form method="post">Subject: <input name="subject" /><textarea name="message">'
                "</textarea></form>"),
    "search": ("Search", '<form action="{bb}/search.php" method="post">Keywords: <input name="keywords" />'
               '<input type="hidden" name="action" value="do_search" /></form>'),
    "syndication": ("Latest Threads Syndication (RSS)", 'Pick the forums for your feed: <form action="{bb}/misc.php">'
                    '<select name="forums[]" multiple="multiple"><option value="all">All Forums</option></select>'
                    "</form>"),
}
NEW_THREAD = '<form method="post">Subject: <input name="subject" /><textarea name="message"></textarea></form>'
HELP = ["User Registration", "Updating Profile", "Use of Cookies on MyBB", "Logging In and Out", "Posting a New Thread",
        "Posting a Reply", "MyCode"]
# fmt: on
SELECTED = ' selected="selected"'
SORTS = ["subject", "starter", "replies", "views", "lastpost"]


def esc(text: str) -> str:
    """``htmlspecialchars_uni``: MyBB leaves apostrophes alone."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def day(when: datetime) -> str:
    return f"{when:%m-%d-%Y}"


def clock(when: datetime) -> str:
    return f"{when.hour % 12 or 12:02d}:{when.minute:02d} {'AM' if when.hour < 12 else 'PM'}"


def absolute(when: datetime) -> str:
    """'06-12-2025, 10:22 AM'."""
    return f"{day(when)}, {clock(when)}"


def my_date(when: datetime) -> str:
    """``my_date('relative', ...)``: minutes/hours ago within 3 hours, Today/Yesterday, else the date."""
    diff = (NOW - when).total_seconds()
    if diff < 3600:
        n = max(1, int(diff // 60))
        return f'<span title="{absolute(when)}">{n} minute{"s" if n > 1 else ""} ago</span>'
    if diff < 3 * 3600:
        n = int(diff // 3600)
        return f'<span title="{absolute(when)}">{n} hour{"s" if n > 1 else ""} ago</span>'
    if when.date() == NOW.date():
        return f'<span title="{day(when)}">Today</span>, {clock(when)}'
    if when.date() == NOW.date() - timedelta(days=1):
        return f'<span title="{day(when)}">Yesterday</span>, {clock(when)}'
    return absolute(when)


def number(n: int) -> str:
    return f"{n:,}"


@dataclass(frozen=True)
class Ctx:
    """One request as a template sees it."""

    req: SiteRequest

    @property
    def bb(self) -> str:  # $mybb->settings['bburl']
        return self.req.base_url

    @property
    def post_key(self) -> str:
        """A guest's ``my_post_key``: ``generate_post_check()`` hashes the user agent with the forum's secret."""
        agent = self.req.headers.get("user-agent", "")
        return hashlib.md5(f"{agent}:8f1c2e0b-homelab".encode()).hexdigest()


class MybbPages:
    """The templates. Mixed into :class:`~topiccrawl.demo.forum_mybb.MybbForum`, which provides the data."""

    data: MybbData

    # -- chrome ---------------------------------------------------------------------------------
    def page(
        self, ctx: Ctx, title: str, body: str, nav: list[tuple[str, str]], *, head: str = "", archive: str = ""
    ) -> str:
        bb = ctx.bb
        crumbs = [(f"{bb}/index.php", FORUM), *nav]
        parts = []
        for i, (url, label) in enumerate(crumbs):
            if i == len(crumbs) - 1 and i:
                parts.append(f'<span class="active">{label}</span>')
            else:
                parts.append(f'<a href="{url}">{label}</a>')
        navigation = '\n<span class="nav_sep">&rsaquo;</span>\n'.join(parts)
        if len(crumbs) > 1:
            navigation = navigation.replace(
                '<span class="nav_sep">&rsaquo;</span>\n<span class="active">',
                '<br /><img src="images/nav_bit.png" alt="" /><span class="active">',
            )
        return (
            '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
            '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><!-- start: showpage -->\n'
            '<html xml:lang="en" lang="en" xmlns="http://www.w3.org/1999/xhtml">\n<head>\n'
            f"<title>{title}</title>\n"
            f'<link rel="alternate" type="application/rss+xml" title="Latest Threads (RSS 2.0)" '
            f'href="{bb}/syndication.php" />\n'
            f'<link rel="alternate" type="application/atom+xml" title="Latest Threads (Atom 1.0)" '
            f'href="{bb}/syndication.php?type=atom1.0" />\n'
            '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />\n'
            '<meta http-equiv="Content-Script-Type" content="text/javascript" />\n'
            f'<script type="text/javascript" src="{bb}/jscripts/jquery.js?ver=1823"></script>\n'
            f'<script type="text/javascript" src="{bb}/jscripts/general.js?ver=1827"></script>\n'
            f'<link type="text/css" rel="stylesheet" href="{bb}/cache/themes/theme1/global.css?t=1718000000" />\n'
            f'<link type="text/css" rel="stylesheet" href="{bb}/cache/themes/theme1/css3.css?t=1718000000" />\n'
            '<script type="text/javascript">\n<!--\n\tlang.unknown_error = "An unknown error has occurred.";\n'
            f'\tvar cookieDomain = "";\n\tvar cookiePath = "/";\n\tvar cookiePrefix = "";\n'
            f'\tvar deleteevent_confirm = "Are you sure you want to delete this event?";\n'
            f'\tvar my_post_key = "{ctx.post_key}";\n\tvar imagepath = "images";\n// -->\n</script>\n'
            f"{head}</head>\n<body>\n"
            '<div id="container">\n\t\t<a name="top" id="top"></a>\n\t\t<div id="header">\n\t\t\t<div id="logo">\n'
            f'\t\t\t\t<div class="wrapper">\n\t\t\t\t\t<a href="{bb}/index.php"><img src="{bb}/images/logo.png" '
            f'alt="{FORUM}" title="{FORUM}" /></a>\n\t\t\t\t\t<ul class="menu top_links">\n'
            f'\t\t\t\t\t\t<li><a href="{bb}/portal.php" class="portal">Portal</a></li>\n'
            f'\t\t\t\t\t\t<li><a href="{bb}/search.php" class="search">Search</a></li>\n'
            f'\t\t\t\t\t\t<li><a href="{bb}/memberlist.php" class="memberlist">Member List</a></li>\n'
            f'\t\t\t\t\t\t<li><a href="{bb}/calendar.php" class="calendar">Calendar</a></li>\n'
            f'\t\t\t\t\t\t<li><a href="{bb}/misc.php?action=help" class="help">Help</a></li>\n'
            '\t\t\t\t\t</ul>\n\t\t\t\t</div>\n\t\t\t</div>\n\t\t\t<div id="panel">\n\t\t\t\t<div class="upper">\n'
            '\t\t\t\t\t<div class="wrapper">\n'
            f'\t\t\t\t\t\t<form action="{bb}/search.php">\n\t\t\t\t\t\t<fieldset id="search">\n'
            '\t\t\t\t\t\t\t<input name="keywords" type="text" class="textbox" />\n'
            '\t\t\t\t\t\t\t<input value="Search" type="submit" class="button" />\n'
            '\t\t\t\t\t\t\t<input type="hidden" name="action" value="do_search" />\n'
            '\t\t\t\t\t\t\t<input type="hidden" name="postthread" value="1" />\n'
            "\t\t\t\t\t\t</fieldset>\n\t\t\t\t\t\t</form>\n"
            '\t\t\t\t\t\t<span class="welcome">Hello There, Guest! '
            f'<a href="{bb}/member.php?action=login" onclick="$(\'#quick_login\').modal({{ fadeDuration: 250, '
            f"keepelement: true, zIndex: (typeof modal_zindex !== 'undefined' ? modal_zindex : 9999) }}); "
            f'return false;" class="login">Login</a> <a href="{bb}/member.php?action=register" class="register">'
            "Register</a></span>\n\t\t\t\t\t</div>\n\t\t\t\t</div>\n"
            '\t\t\t\t<div class="modal" id="quick_login" style="display: none;">\n'
            f'\t\t\t\t\t<form method="post" action="{bb}/member.php">\n'
            '\t\t\t\t\t\t<input name="action" type="hidden" value="do_login" />\n'
            f'\t\t\t\t\t\t<input name="url" type="hidden" value="{bb}{esc(ctx.req.target)}" />\n'
            '\t\t\t\t\t\t<input name="quick_login" type="hidden" value="1" />\n'
            f'\t\t\t\t\t\t<input name="my_post_key" type="hidden" value="{ctx.post_key}" />\n'
            '\t\t\t\t\t\t<table width="100%" cellspacing="0" cellpadding="5" border="0" class="tborder">\n'
            '\t\t\t\t\t\t\t<tr><td class="thead" colspan="2"><strong>Login</strong></td></tr>\n'
            '\t\t\t\t\t\t\t<tr><td class="trow1" width="25%"><strong>Username:</strong></td>'
            '<td class="trow1"><input name="quick_username" id="quick_login_username" type="text" value="" '
            'class="textbox initial_focus" /></td></tr>\n'
            '\t\t\t\t\t\t\t<tr><td class="trow2"><strong>Password:</strong></td><td class="trow2">'
            '<input name="quick_password" id="quick_login_password" type="password" value="" class="textbox" />'
            f'<br /><a href="{bb}/member.php?action=lostpw" class="lost_password">Lost Password?</a></td></tr>\n'
            "\t\t\t\t\t\t</table>\n\t\t\t\t\t</form>\n\t\t\t\t</div>\n\t\t\t</div>\n\t\t</div>\n"
            '\t\t<div id="content">\n\t\t\t<div class="wrapper">\n'
            f'<div class="navigation">\n{navigation}\n</div>\n<br />\n{body}\n'
            "\t\t\t</div>\n\t\t</div>\n" + self.footer(ctx, archive) + "\t</div>\n</body>\n</html>"
        )

    def footer(self, ctx: Ctx, archive: str) -> str:
        bb = ctx.bb
        return (
            '\t\t<div id="footer">\n\t\t\t<div class="upper">\n\t\t\t\t<div class="wrapper">\n'
            '\t\t\t\t\t<ul class="menu bottom_links">\n'
            f'\t\t\t\t\t\t<li><a href="{bb}/showteam.php">Forum Team</a></li>\n'
            f'\t\t\t\t\t\t<li><a href="{bb}/contact.php">Contact Us</a></li>\n'
            f'\t\t\t\t\t\t<li><a href="{bb}/">{FORUM}</a></li>\n'
            '\t\t\t\t\t\t<li><a href="#top">Return to Top</a></li>\n'
            f'\t\t\t\t\t\t<li><a href="{bb}/archive/index.php{archive}">Lite (Archive) Mode</a></li>\n'
            f'\t\t\t\t\t\t<li><a href="{bb}/misc.php?action=markread&amp;my_post_key={ctx.post_key}">'
            "Mark all forums read</a></li>\n"
            f'\t\t\t\t\t\t<li><a href="{bb}/misc.php?action=syndication">RSS Syndication</a></li>\n'
            '\t\t\t\t\t</ul>\n\t\t\t\t</div>\n\t\t\t</div>\n\t\t\t<div class="lower">\n\t\t\t\t<div class="wrapper">\n'
            f'\t\t\t\t\t<span id="current_time"><strong>Current time:</strong> {absolute(NOW)}</span>\n'
            '\t\t\t\t\t<span id="copyright">\n\t\t\t\t\t\tPowered By <a href="https://mybb.com" target="_blank" '
            'rel="noopener">MyBB</a>, &copy; 2002-2025 <a href="https://mybb.com" target="_blank" '
            'rel="noopener">MyBB Group</a>.\n\t\t\t\t\t</span>\n\t\t\t\t</div>\n\t\t\t</div>\n\t\t</div>\n'
        )

    def profile_link(self, ctx: Ctx, uid: int, formatted: bool = True) -> str:
        """``build_profile_link(format_name(...))``: absolute, group-styled for staff."""
        u = self.data.members[uid]
        name = esc(u.name)
        if formatted and u.group == "Administrator":
            name = f'<span style="color: green;"><strong><em>{name}</em></strong></span>'
        elif formatted and u.group == "Super Moderator":
            name = f'<span style="color: #CC00CC;"><strong>{name}</strong></span>'
        return f'<a href="{ctx.bb}/member.php?action=profile&amp;uid={uid}">{name}</a>'

    def author_link(self, ctx: Ctx, post: Post) -> str:
        return self.profile_link(ctx, post.uid) if post.uid else esc(post.guest)

    # -- multipage ------------------------------------------------------------------------------
    def multipage(self, count: int, per: int, page: int, url: str, *, jump: bool = True) -> str:
        """``multipage()``: page 1 is linked without ``&page=``, a window of five pages, first/last with dots."""
        pages = -(-count // per)
        if pages <= 1:
            return ""

        def link(n: int) -> str:
            return url if n == 1 else f"{url}{'&amp;' if '?' in url else '?'}page={n}"

        out = [f'<div class="pagination">\n<span class="pages">Pages ({pages}):</span>']
        if page > 1:
            out.append(f'<a href="{link(page - 1)}" class="pagination_previous">&laquo; Previous</a>')
        lo = max(1, page - MAX_LINKS // 2)
        hi = min(pages, lo + MAX_LINKS - 1)
        lo = max(1, hi - MAX_LINKS + 1)
        if lo > 1:
            out.append(f'<a href="{link(1)}" class="pagination_first">1</a> ...')
        for n in range(lo, hi + 1):
            if n == page:
                out.append(f'<span class="pagination_current">{n}</span>')
            else:
                out.append(f'<a href="{link(n)}" class="pagination_page">{n}</a>')
        if hi < pages:
            out.append(f'...  <a href="{link(pages)}" class="pagination_last">{pages}</a>')
        if page < pages:
            out.append(f'<a href="{link(page + 1)}" class="pagination_next">Next &raquo;</a>')
        if jump and pages > MAX_LINKS:
            action = url.replace("&amp;", "&").split("?")[0]
            hidden = "".join(
                f'<input type="hidden" name="{k}" value="{v}" />'
                for k, _, v in (p.partition("=") for p in url.replace("&amp;", "&").partition("?")[2].split("&"))
            )
            out.append(
                f'<div class="popup_menu drop_go_page" style="display: none;">\n\t<form action="{action}" method="get">'
                f'\n\t\t{hidden}\n\t\t<input type="text" class="textbox" name="page" value="{page}" size="4" />\n'
                '\t\t<input type="submit" class="button" value="Go" />\n\t</form>\n</div>\n'
                '<a href="javascript:void(0);" class="go_page" title="Jump to page">'
                '<img src="images/arrow_down.png" alt="Jump to page" /></a>'
            )
        return "\n".join(out) + "\n</div>"

    # -- forum jump -----------------------------------------------------------------------------
    def forumjump(self, current: int) -> str:
        d = self.data
        opts = [
            '<option value="-4">Private Messages</option>',
            '<option value="-3">User Control Panel</option>',
            '<option value="-5">Who\'s Online</option>',
            '<option value="-2">Search</option>',
            '<option value="-1">Forum Home</option>',
        ]
        for f in d.ordered():
            depth = d.depth(f)
            sel = ' selected="selected"' if f.fid == current else ""
            opts.append(f'<option value="{f.fid}"{sel}>{"--" * depth} {esc(f.name)}</option>')
        options = "\n".join(opts)
        return (
            '<form action="forumdisplay.php" method="get">\n'
            '<span class="smalltext"><strong>Forum Jump:</strong></span>\n'
            f'<select name="fid" class="forumjump">\n{options}\n</select>\n'
            '<input type="submit" class="button" value="Go" />\n</form>\n'
            '<script type="text/javascript">\n$(".forumjump").on(\'change\', function() {\n'
            "\tvar option = $(this).val();\n\tif(option < 0) { window.location = 'forumdisplay.php?fid='+option; }\n"
            "\telse { window.location = 'forumdisplay.php?fid='+option; }\n});\n</script>"
        )

    # -- the board index ------------------------------------------------------------------------
    def lastpost_cell(self, ctx: Ctx, forum: Forum) -> str:
        last = self.data.last_post(forum)
        if last is None:
            return '<div style="text-align: center;">Never</div>'
        thread = self.data.threads[last.tid]
        short = thread.subject if len(thread.subject) <= 25 else thread.subject[:25] + "..."
        return (
            f'<span class="smalltext">\n<a href="showthread.php?tid={thread.tid}&amp;action=lastpost" '
            f'title="{esc(thread.subject)}"><strong>{esc(short)}</strong></a>\n<br />{my_date(last.when)}<br />by '
            f"{self.author_link(ctx, last)}</span>"
        )

    def forum_row(self, ctx: Ctx, forum: Forum, alt: int) -> str:
        d = self.data
        bg = f"trow{alt % 2 + 1}"
        if forum.linkto:
            return (
                f'<tr>\n<td class="{bg}" align="center" valign="top" width="1"><span class="forum_status forum_link" '
                f'title="Forum Contains No Posts"></span></td>\n<td class="{bg}" valign="top">\n'
                f'<strong><a href="{forum.linkto}">{esc(forum.name)}</a></strong><div class="smalltext">'
                f"{esc(forum.description)}</div>\n</td>\n"
                f'<td class="{bg}" valign="top" align="center" style="white-space: nowrap">-</td>\n'
                f'<td class="{bg}" valign="top" align="center" style="white-space: nowrap">-</td>\n'
                f'<td class="{bg}" valign="top" align="right" style="white-space: nowrap">'
                '<div style="text-align: center;">-</div></td>\n</tr>'
            )
        threads, posts = d.forum_stats(forum)
        kids = d.children(forum.fid)
        subs = ""
        if kids:
            links = ", ".join(
                f'<div class="sub_forum"><span class="sub_control forum_off" title="No New Posts"></span>'
                f'<a href="forumdisplay.php?fid={k.fid}" title="">{esc(k.name)}</a></div>'
                for k in kids
            )
            subs = f"<br /><strong>Sub Forums:</strong> {links}"
        return (
            f'<tr>\n<td class="{bg}" align="center" valign="top" width="1"><span class="forum_status forum_off '
            f'ajax_mark_read" title="No New Posts" id="mark_read_{forum.fid}"></span></td>\n'
            f'<td class="{bg}" valign="top">\n<strong><a href="forumdisplay.php?fid={forum.fid}">{esc(forum.name)}'
            f'</a></strong><div class="smalltext">{esc(forum.description)}{subs}</div>\n</td>\n'
            f'<td class="{bg}" valign="top" align="center" style="white-space: nowrap">{number(threads)}</td>\n'
            f'<td class="{bg}" valign="top" align="center" style="white-space: nowrap">{number(posts)}</td>\n'
            f'<td class="{bg}" valign="top" align="right" style="white-space: nowrap">{self.lastpost_cell(ctx, forum)}'
            "</td>\n</tr>"
        )

    def forum_table(self, ctx: Ctx, cat: Forum, forums: list[Forum], title: str = "") -> str:
        rows = "\n".join(self.forum_row(ctx, f, i) for i, f in enumerate(forums))
        heading = title or f'<strong><a href="forumdisplay.php?fid={cat.fid}">{esc(cat.name)}</a></strong>'
        desc = f'<br /><div class="smalltext">{esc(cat.description)}</div>' if cat.description and not title else ""
        return (
            '<table border="0" cellspacing="0" cellpadding="5" class="tborder">\n<thead>\n<tr>\n'
            f'<td class="thead" colspan="5">\n<div class="expcolimage"><img src="images/collapse.png" '
            f'id="cat_{cat.fid}_img" class="expander" alt="[-]" title="[-]" /></div>\n'
            f"<div>{heading}{desc}</div>\n</td>\n</tr>\n</thead>\n"
            f'<tbody style="" id="cat_{cat.fid}_e">\n<tr>\n'
            '<td class="tcat" colspan="2"><span class="smalltext"><strong>Forum</strong></span></td>\n'
            '<td class="tcat" width="85" align="center" style="white-space: nowrap"><span class="smalltext">'
            "<strong>Threads</strong></span></td>\n"
            '<td class="tcat" width="85" align="center" style="white-space: nowrap"><span class="smalltext">'
            "<strong>Posts</strong></span></td>\n"
            '<td class="tcat" width="200" align="center"><span class="smalltext"><strong>Last Post</strong></span>'
            f"</td>\n</tr>\n{rows}\n</tbody>\n</table>\n<br />"
        )

    def render_index(self, ctx: Ctx) -> str:
        d = self.data
        bb = ctx.bb
        tables = "\n".join(self.forum_table(ctx, c, d.children(c.fid)) for c in d.children(0))
        newest = max(d.members.values(), key=lambda u: u.regdate)
        total_posts = sum(len(t.posts) for t in d.threads.values())
        online = [u for u in d.members.values() if NOW - u.lastvisit < timedelta(minutes=15)]
        names = ", ".join(self.profile_link(ctx, u.uid) for u in online)
        body = (
            f"{tables}\n"
            '<table border="0" cellspacing="0" cellpadding="5" class="tborder">\n<tr>\n'
            '<td class="thead">\n<div class="expcolimage"><img src="images/collapse.png" id="boardstats_img" '
            'class="expander" alt="[-]" title="[-]" /></div>\n<div><strong>Board Statistics</strong></div>\n'
            '</td>\n</tr>\n</thead>\n<tbody id="boardstats_e">\n<tr>\n<td class="tcat"><span class="smalltext">'
            f'<strong>Who\'s Online</strong> [<a href="{bb}/online.php">Complete List</a>]</span></td>\n</tr>\n'
            f'<tr>\n<td class="trow1"><span class="smalltext">{len(online) + 3} users active in the past 15 minutes '
            f"({len(online)} members, 0 of whom are invisible, and 3 guests).<br />{names}</span></td>\n</tr>\n"
            '<tr>\n<td class="tcat"><span class="smalltext"><strong>Board Statistics</strong></span></td>\n</tr>\n'
            f'<tr>\n<td class="trow1"><span class="smalltext">Our members have made a total of {number(total_posts)} '
            f"posts in {number(len(d.threads))} threads.<br />We currently have {len(d.members)} members registered."
            f"<br />Please welcome our newest member, {self.profile_link(ctx, newest.uid)}<br />"
            "The most users online at one time was 214 on 01-19-2025 at 09:12 PM</span></td>\n</tr>\n"
            '</tbody>\n</table>\n<dl class="forum_legend smalltext">\n'
            '\t<dt><span class="forum_status forum_on" title="New Posts"></span></dt><dd>New Posts</dd>\n'
            '\t<dt><span class="forum_status forum_off" title="No New Posts"></span></dt><dd>No New Posts</dd>\n'
            '\t<dt><span class="forum_status forum_offlock" title="Forum is Locked"></span></dt>'
            "<dd>Forum is Locked</dd>\n</dl>\n<br />"
        )
        return self.page(ctx, FORUM, body, [])

    # -- forum display --------------------------------------------------------------------------
    def thread_row(self, ctx: Ctx, thread: Thread, alt: int) -> str:
        d = self.data
        bg = f"trow{alt % 2 + 1}"
        cls = f"{bg} forumdisplay_sticky" if thread.sticky else f"{bg} forumdisplay_regular"
        first, last = thread.posts[0], thread.posts[-1]
        pages = d.pages(thread)
        multipage = ""
        if pages > 1:
            shown = list(range(1, pages + 1)) if pages <= 5 else [1, 2, 3, 4]
            links = " ".join(f'<a href="showthread.php?tid={thread.tid}&amp;page={n}">{n}</a>' for n in shown)
            if pages > 5:
                links += f' ... <a href="showthread.php?tid={thread.tid}&amp;page={pages}">{pages}</a>'
            multipage = f' <span class="smalltext">(Pages: {links})</span>'
        folder = ("hot" if len(thread.posts) > 15 else "") + ("lock" if thread.closed else "") + "folder"
        icon = f'<img src="images/icons/{thread.icon}.png" alt="" title="" />' if thread.icon else "&nbsp;"
        prefix = f"{d.prefix_html(thread)}&nbsp;" if thread.prefix else ""
        return (
            f'<tr class="inline_row">\n\t<td align="center" class="{cls}" width="2%"><span class="thread_status '
            f'{folder}" title="No new posts.">&nbsp;</span></td>\n'
            f'\t<td align="center" class="{cls}" width="2%">{icon}</td>\n'
            f'\t<td class="{cls}">\n\t\t\n\t\t<div>\n\t\t\t<span>{prefix}<span class=" subject_old" '
            f'id="tid_{thread.tid}"><a href="showthread.php?tid={thread.tid}">{esc(thread.subject)}</a></span>'
            f'{multipage}</span>\n\t\t\t<div class="author smalltext">{self.author_link(ctx, first)}</div>\n'
            "\t\t</div>\n\t</td>\n"
            f'\t<td align="center" class="{cls}"><a href="misc.php?action=whoposted&amp;tid={thread.tid}" '
            f'onclick="MyBB.whoPosted({thread.tid}); return false;">{number(len(thread.posts) - 1)}</a></td>\n'
            f'\t<td align="center" class="{cls}">{number(thread.views)}</td>\n'
            f'\t<td class="{cls}" style="white-space: nowrap; text-align: right;">\n'
            f'\t\t<span class="lastpost smalltext">{my_date(last.when)}<br />\n'
            f'\t\t<a href="showthread.php?tid={thread.tid}&amp;action=lastpost">Last Post</a>: '
            f"{self.author_link(ctx, last)}</span>\n\t</td>\n</tr>"
        )

    def sort_url(self, fid: int, sortby: str, order: str) -> str:
        return f"forumdisplay.php?fid={fid}&amp;datecut=9999&amp;prefix=0&amp;sortby={sortby}&amp;order={order}"

    def render_forum(self, ctx: Ctx, forum: Forum, page: int, sortby: str = "lastpost", order: str = "desc") -> str:
        d = self.data
        fid = forum.fid
        threads = d.listing(forum, sortby, order)
        shown = threads[(page - 1) * THREADS_PER_PAGE : page * THREADS_PER_PAGE]
        base = f"forumdisplay.php?fid={fid}"
        if sortby != "lastpost" or order != "desc" or ctx.req.param("datecut"):
            base = self.sort_url(fid, sortby, order)
        multipage = self.multipage(len(threads), THREADS_PER_PAGE, page, base)
        rows = []
        announcements = [a for a in d.announcements if a.fid in (fid, -1)]
        if announcements:
            rows.append('<tr>\n<td class="trow_sep" colspan="6">Forum Announcements</td>\n</tr>')
            for i, a in enumerate(announcements):
                bg = f"trow{i % 2 + 1} forumdisplay_announcement"
                rows.append(
                    f'<tr>\n<td align="center" class="{bg}" width="2%"><span class="thread_status folder" '
                    f'title="No new posts.">&nbsp;</span></td>\n'
                    f'<td align="center" class="{bg}" width="2%">&nbsp;</td>\n'
                    f'<td class="{bg}">\n<a href="announcements.php?aid={a.aid}" class="subject_old">{esc(a.subject)}'
                    f'</a>\n<div class="author smalltext">{self.profile_link(ctx, a.uid)}</div>\n</td>\n'
                    f'<td align="center" class="{bg}">-</td>\n<td align="center" class="{bg}">-</td>\n'
                    f'<td class="{bg}" style="white-space: nowrap; text-align: right"><span class="smalltext">'
                    f"{my_date(a.start)}</span></td>\n</tr>"
                )
        sticky = [t for t in shown if t.sticky]
        normal = [t for t in shown if not t.sticky]
        if sticky:
            rows.append('<tr>\n<td class="trow_sep" colspan="6">Important Threads</td>\n</tr>')
            rows += [self.thread_row(ctx, t, i) for i, t in enumerate(sticky)]
            if normal:
                rows.append('<tr>\n<td class="trow_sep" colspan="6">Normal Threads</td>\n</tr>')
        rows += [self.thread_row(ctx, t, i) for i, t in enumerate(normal)]
        heads = []
        for key, label, default in (
            ("subject", "Thread", "asc"),
            ("starter", "Author", "asc"),
            ("replies", "Replies", "desc"),
            ("views", "Views", "desc"),
            ("lastpost", "Last Post", "desc"),
        ):
            arrow = ""
            if key == sortby:
                flip = "asc" if order == "desc" else "desc"
                arrow = f' <span class="smalltext">[<a href="{self.sort_url(fid, key, flip)}">{flip}</a>]</span>'
            heads.append(f'<a href="{self.sort_url(fid, key, default)}">{label}</a>{arrow}')
        subforums = ""
        kids = d.children(fid)
        if kids:
            subforums = self.forum_table(ctx, forum, kids, f"<strong>Forums in '{esc(forum.name)}'</strong>")
        newthread = f'<a href="newthread.php?fid={fid}" class="button new_thread_button"><span>Post Thread</span></a>'
        sort_opts = "".join(
            f'<option value="{k}"{SELECTED if k == sortby else ""}>Sort by: {k.title()}</option>' for k in SORTS
        )
        body = (
            f"{subforums}\n"
            f'<div class="float_left">\n\t{multipage}\n</div>\n<div class="float_right">\n\t{newthread}\n</div>\n'
            '<table border="0" cellspacing="0" cellpadding="5" class="tborder clear">\n<tr>\n'
            '<td class="thead" colspan="6">\n<div class="float_right">\n<span class="smalltext"><strong>'
            f'<a href="misc.php?action=markread&amp;fid={fid}&amp;my_post_key={ctx.post_key}">Mark this forum read</a>'
            f"</strong></span>\n</div>\n<div>\n<strong>{esc(forum.name)}</strong>\n</div>\n</td>\n</tr>\n<tr>\n"
            f'<td class="tcat" colspan="3" width="66%"><span class="smalltext"><strong>{heads[0]} / {heads[1]}'
            "</strong></span></td>\n"
            f'<td class="tcat" align="center" width="7%"><span class="smalltext"><strong>{heads[2]}</strong></span>'
            "</td>\n"
            f'<td class="tcat" align="center" width="7%"><span class="smalltext"><strong>{heads[3]}</strong></span>'
            "</td>\n"
            f'<td class="tcat" align="right" width="20%"><span class="smalltext"><strong>{heads[4]}</strong></span>'
            "</td>\n</tr>\n" + "\n".join(rows) + "\n"
            '<tr>\n<td class="tfoot" align="right" colspan="6">\n<form action="forumdisplay.php" method="get">\n'
            f'<input type="hidden" name="fid" value="{fid}" />\n<select name="sortby">{sort_opts}</select>\n'
            '<select name="order"><option value="asc">Order: Ascending</option>'
            '<option value="desc" selected="selected">Order: Descending</option></select>\n'
            '<select name="datecut"><option value="9999" selected="selected">From: Beginning</option>'
            '<option value="1">From: Today</option><option value="7">From: 1 Week Ago</option></select>\n'
            '<input type="submit" class="button" value="Go" />\n</form>\n</td>\n</tr>\n</table>\n'
            f'<div class="float_left">\n\t{multipage}\n</div>\n<div class="float_right" style="margin-top: 4px;">\n'
            f'\t{newthread}\n</div>\n<br class="clear" />\n<br />\n'
            '<div class="float_left">\n\t<div class="float_left">\n\t\t<dl class="thread_legend smalltext">\n'
            '\t\t\t<dd><span class="thread_status newfolder" title="New Posts">&nbsp;</span> New Posts</dd>\n'
            '\t\t\t<dd><span class="thread_status hotfolder" title="Hot Thread">&nbsp;</span> Hot Thread</dd>\n'
            '\t\t\t<dd><span class="thread_status lockfolder" title="Locked Thread">&nbsp;</span> Locked Thread</dd>'
            "\n\t\t</dl>\n\t</div>\n</div>\n"
            f'<div class="float_right" style="text-align: right;">\n{self.forumjump(fid)}\n</div>\n'
            '<br class="clear" />\n'
            '<span class="smalltext">Users browsing this forum: 1 Guest(s)</span>\n<br />'
        )
        head = (
            f'<link rel="alternate" type="application/rss+xml" title="Latest Threads in {esc(forum.name)} (RSS 2.0)" '
            f'href="{ctx.bb}/syndication.php?fid={fid}" />\n'
        )
        title = f"{FORUM} - {esc(forum.name)}"
        archive = f"/forum-{fid}.html"
        return self.page(ctx, title, body, d.crumbs(forum), head=head, archive=archive)

    # -- thread display -------------------------------------------------------------------------
    def quote(self, ctx: Ctx, quoted: Post) -> str:
        """``mycode_parse_post_quotes()``: nested quotes are stripped when quoting."""
        return (
            f'<blockquote class="mycode_quote"><cite><span> ({absolute(quoted.when)})</span>'
            f'{esc(quoted.display_name(self.data))} Wrote: <a href="{ctx.bb}/showthread.php?pid={quoted.pid}'
            f'#pid{quoted.pid}" class="quick_jump">&nbsp;</a></cite>{quoted.quotable()}</blockquote>'
        )

    def message(self, ctx: Ctx, post: Post) -> str:
        quote = self.quote(ctx, post.quote) + "<br />\n" if post.quote is not None else ""
        return (quote + post.html).replace("%BB%", ctx.bb)

    def author_block(self, ctx: Ctx, post: Post) -> str:
        d = self.data
        if not post.uid:
            return (
                '<div class="post_author">\n\t<div class="author_information">\n\t\t\t<strong><span '
                f'class="largetext">{esc(post.guest)}</span></strong><br />\n\t\t\t<span class="smalltext">'
                'Unregistered<br />\n\t\t\t</span>\n\t</div>\n\t<div class="author_statistics">\n\t</div>\n</div>'
            )
        u = d.members[post.uid]
        avatar = (
            f'<div class="author_avatar"><a href="member.php?action=profile&amp;uid={u.uid}"><img '
            f'src="{ctx.bb}/uploads/avatars/avatar_{u.uid}.png?dateline={int(u.regdate.timestamp())}" alt="" '
            'width="55" height="55" /></a></div>'
            if u.avatar
            else f'<div class="author_avatar"><a href="member.php?action=profile&amp;uid={u.uid}"><img '
            f'src="{ctx.bb}/images/default_avatar.png" alt="" width="55" height="55" /></a></div>'
        )
        online = NOW - u.lastvisit < timedelta(minutes=15)
        status = (
            '<a href="online.php" title="Online"><img src="images/buddy_online.png" title="Online" alt="Online" '
            'class="buddy_status" /></a>'
            if online
            else '<img src="images/buddy_offline.png" title="Offline" alt="Offline" class="buddy_status" />'
        )
        stars = f'<img src="images/{"star" if not u.group else "star_admin"}.png" border="0" alt="*" />' * u.stars
        rep = "reputation_positive" if u.reputation > 0 else "reputation_neutral"

        def row(label: str, value: str) -> str:
            return (
                f'\t\t<div class="author_statistics_row"><div class="author_statistics_left">{label}:</div>'
                f'<div class="author_statistics_right">{value}</div></div>\n'
            )

        return (
            f'<div class="post_author scaleimages">\n\t{avatar}\n\t<div class="author_information">\n'
            f'\t\t\t<strong><span class="largetext">{self.profile_link(ctx, u.uid)}</span></strong> {status}<br />\n'
            f'\t\t\t<span class="smalltext">\n\t\t\t\t{esc(u.title)}<br />\n\t\t\t\t{stars}\n\t\t\t</span>\n'
            '\t</div>\n\t<div class="author_statistics">\n'
            + row("Posts", number(u.postnum))
            + row("Threads", number(u.threadnum))
            + row("Joined", f"{u.regdate:%b %Y}")
            + row(
                "Reputation", f'<a href="reputation.php?uid={u.uid}"><strong class="{rep}">{u.reputation}</strong></a>'
            )
            + "\t</div>\n</div>"
        )

    def post(self, ctx: Ctx, thread: Thread, counter: int, post: Post) -> str:
        d = self.data
        u = d.members.get(post.uid)
        edited = ""
        if post.edited is not None:
            when, editor, reason = post.edited
            why = f" <em>Edit Reason: {esc(reason)}</em>" if reason else ""
            edited = (
                f'<span class="edited_post">(This post was last modified: {my_date(when)} by '
                f"{self.profile_link(ctx, editor, formatted=False)}.{why})</span>"
            )
        signature = ""
        if u is not None and u.signature:
            signature = f'<div class="signature scaleimages">\n{u.signature}\n</div>'
        buttons = ""
        if u is not None:
            name = esc(u.name)
            if not u.hide_email:
                buttons += (
                    f'<a href="member.php?action=emailuser&amp;uid={u.uid}" title="Send an email to {name}" '
                    'class="postbit_email"><span>Email</span></a>'
                )
            buttons += (
                f'<a href="private.php?action=send&amp;uid={u.uid}" title="Send a private message to {name}" '
                'class="postbit_pm"><span>PM</span></a>'
            )
            if u.website:
                buttons += (
                    f'<a href="{u.website}" target="_blank" rel="noopener" title="Visit this user\'s website" '
                    'class="postbit_website"><span>Website</span></a>'
                )
            buttons += (
                f'<a href="search.php?action=finduser&amp;uid={u.uid}" title="Find all posts by this user" '
                'class="postbit_find"><span>Find</span></a>'
            )
        icon = (
            f'<img src="images/icons/{post.icon}.png" alt="" title="" style="vertical-align: middle;" />'
            if post.icon
            else ""
        )
        pid = post.pid
        return (
            f'\n<a name="pid{pid}" id="pid{pid}"></a>\n<div class="post classic " style="" id="post_{pid}">\n'
            f"{self.author_block(ctx, post)}\n"
            '<div class="post_content">\n\t<div class="post_head">\n'
            '\t\t<div class="float_right" style="vertical-align: top">\n'
            f'<strong><a href="showthread.php?tid={thread.tid}&amp;pid={pid}#pid{pid}" '
            f'title="{esc(post.subject)}">#{counter}</a></strong>\n\n</div>\n\t\t{icon}\n'
            f'\t\t<span class="post_date">{my_date(post.when)} <span class="post_edit" id="edited_by_{pid}">'
            f"{edited}</span></span>\n\t\n\t</div>\n"
            f'\t<div class="post_body scaleimages" id="pid_{pid}">\n\t\t{self.message(ctx, post)}\n\t</div>\n'
            f'\t\n\t{signature}\n\t<div class="post_meta" id="post_meta_{pid}">\n\t\t\n\t</div>\n</div>\n'
            '<div class="post_controls">\n\t<div class="postbit_buttons author_buttons float_left">\n'
            f'\t\t{buttons}\n\t</div>\n\t<div class="postbit_buttons post_management_buttons float_right">\n'
            f'\t\t<a href="report.php?type=post&amp;pid={pid}" onclick="javascript:Report.reportPost({pid}); '
            'return false;" title="Report this post to a moderator" class="postbit_report"><span>Report</span></a>'
            f'<a href="newreply.php?tid={thread.tid}&amp;replyto={pid}" title="Quote this message in a reply" '
            'class="postbit_quote postbit_mirage"><span>Reply</span></a>\n\t</div>\n</div>\n</div>'
        )

    def render_thread(self, ctx: Ctx, thread: Thread, page: int) -> str:
        d = self.data
        tid = thread.tid
        shown = thread.posts[(page - 1) * PER_PAGE : page * PER_PAGE]
        posts = "".join(self.post(ctx, thread, (page - 1) * PER_PAGE + i + 1, p) for i, p in enumerate(shown))
        multipage = self.multipage(len(thread.posts), PER_PAGE, page, f"showthread.php?tid={tid}")
        newreply = (
            f'<a href="newreply.php?tid={tid}" class="button new_reply_button"><span>New Reply</span></a>'
            if not thread.closed
            else '<a href="newreply.php?tid={tid}" class="button closed_button"><span>Closed Thread</span></a>'.replace(
                "{tid}", str(tid)
            )
        )
        first_pid = shown[0].pid
        subject = d.prefix_html(thread) + "&nbsp;" + esc(thread.subject) if thread.prefix else esc(thread.subject)
        body = (
            f'<div class="float_left">\n\t{multipage}\n</div>\n<div class="float_right">\n\t{newreply}\n</div>\n'
            '<table border="0" cellspacing="0" cellpadding="5" class="tborder tfixed clear">\n\t<tr>\n'
            '\t\t<td class="thead">\n\t\t\t<div style="float: right;">\n\t\t\t\t<span class="smalltext"><strong>'
            '<a href="javascript:void(0)" id="thread_modes">Thread Modes</a></strong></span>\n\t\t\t</div>\n'
            f"\t\t\t<div>\n\t\t\t\t<strong>{subject}</strong>\n\t\t\t</div>\n\t\t</td>\n\t</tr>\n"
            f'<tr><td id="posts_container">\n\t<div id="posts">\n\t\t{posts}\n\t</div>\n</td></tr>\n'
            '\t<tr>\n\t\t<td class="tfoot">\n\t\t\t<div class="float_right">\n'
            '\t\t\t\t<form action="search.php" method="post">\n'
            f'\t\t\t\t\t<input type="hidden" name="tid" value="{tid}" />'
            '\n\t\t\t\t\t<input type="hidden" name="action" value="thread" />\n'
            '\t\t\t\t\t<input type="text" name="keywords" value="Enter Keywords" class="textbox" size="25" />\n'
            '\t\t\t\t\t<input type="submit" class="button" value="Search Thread" />\n\t\t\t\t</form>\n\t\t\t</div>\n'
            f'\t\t\t<div>\n\t\t\t\t<strong>&laquo; <a href="showthread.php?tid={tid}&amp;action=nextoldest">Next Oldest'
            f'</a> | <a href="showthread.php?tid={tid}&amp;action=nextnewest">Next Newest</a> &raquo;</strong>\n'
            "\t\t\t</div>\n\t\t</td>\n\t</tr>\n</table>\n"
            f'<div class="float_left">\n\t{multipage}\n</div>\n<div style="padding-top: 4px;" class="float_right">\n'
            f'\t{newreply}\n</div>\n<br class="clear" />\n<br />\n'
            '<div class="float_left">\n\t<ul class="thread_tools">\n'
            f'\t\t<li class="printable"><a href="printthread.php?tid={tid}">View a Printable Version</a></li>\n'
            f'\t\t<li class="sendthread"><a href="sendthread.php?tid={tid}">Send this Thread to a Friend</a></li>\n'
            f'\t\t<li class="subscription_add"><a href="usercp2.php?action=addsubscription&amp;tid={tid}&amp;'
            f'my_post_key={ctx.post_key}">Subscribe to this thread</a></li>\n\t</ul>\n</div>\n'
            f'<div class="float_right" style="text-align: right;">\n\t{self.forumjump(thread.fid)}\n</div>\n'
            '<br class="clear" />\n<span class="smalltext">Users browsing this thread: 1 Guest(s)</span>\n'
            '<div id="thread_modes_popup" class="popup_menu" style="display: none;">'
            f'<div class="popup_item_container"><a href="showthread.php?mode=linear&amp;tid={tid}&amp;pid={first_pid}'
            f'#pid{first_pid}" class="popup_item">Linear Mode</a></div><div class="popup_item_container">'
            f'<a href="showthread.php?mode=threaded&amp;tid={tid}&amp;pid={first_pid}#pid{first_pid}" '
            'class="popup_item">Threaded Mode</a></div></div>\n'
            '<script type="text/javascript">\n// <!--\n\t$("#thread_modes").popupMenu();\n// -->\n</script>'
        )
        forum = d.forums[thread.fid]
        title = f"{esc(thread.subject)}" + (f" - Page {page}" if page > 1 else "")
        nav = [*d.crumbs(forum), ("", esc(thread.subject))]
        return self.page(ctx, title, body, nav, archive=f"/thread-{tid}.html")

    # -- lesser pages: boxes, errors and duplicate views of threads ------------------------------------
    def box(self, ctx: Ctx, title: str, rows: list[str], nav: list[tuple[str, str]] | None = None) -> str:
        """A page holding one ``table.tborder`` headed ``title`` with a ``trowN`` row per entry."""
        cells = "".join(f'<tr>\n<td class="trow{i % 2 + 1}">{r}</td>\n</tr>\n' for i, r in enumerate(rows))
        body = (
            '<table border="0" cellspacing="0" cellpadding="5" class="tborder">\n<tr>\n'
            f'<td class="thead"><strong>{title}</strong></td>\n</tr>\n{cells}</table>'
        )
        return self.page(ctx, f"{FORUM} - {title}", body, nav if nav is not None else [("", title)])

    def error(self, ctx: Ctx, text: str) -> str:
        return self.box(
            ctx, f"{FORUM} - Error", [f"The following errors occurred with your request:\n<ul>\n<li>{text}</li>\n</ul>"]
        )

    def static(self, ctx: Ctx, key: str) -> str:
        title, content = STATIC[key]
        return self.box(ctx, title, [content.replace("{bb}", ctx.bb)])

    def message_html(self, ctx: Ctx, markup: str) -> str:
        return markup.replace("%BB%", ctx.bb)

    def render_reply(self, ctx: Ctx, thread: Thread, replyto: Post | None) -> str:
        """A guest may reply (with a captcha); 'Quote' fills in the quoted post's MyCode."""
        text = ""
        if replyto is not None and replyto.tid == thread.tid:
            name, stamp = esc(replyto.display_name(self.data)), int(replyto.when.timestamp())
            quoted = esc("\n".join(replyto.plain))
            text = f"[quote=\"{name}\" pid='{replyto.pid}' dateline='{stamp}']\n{quoted}\n[/quote]\n"
        form = (
            f'<form action="newreply.php?tid={thread.tid}&amp;processed=1" method="post">Your Username: <input '
            f'name="username" /><textarea name="message" rows="20" cols="70">{text}</textarea></form>'
        )
        return self.box(ctx, f"Post Reply to thread: {esc(thread.subject)}", [form])

    def render_redirect(self, ctx: Ctx, back: str) -> str:
        """``redirect()`` with friendly redirection on."""
        return (
            f'<html xml:lang="en" lang="en" xmlns="http://www.w3.org/1999/xhtml">\n<head>\n<title>{FORUM}</title>\n'
            f'<meta http-equiv="refresh" content="2;URL={back}" />\n</head>\n<body>\n<table border="0" '
            f'cellspacing="0" cellpadding="5" class="tborder">\n<tr><td class="thead"><strong>{FORUM}</strong>'
            "</td></tr>"
            '\n<tr><td class="trow1">The selected forum has been marked as read.<br /><br /><span class="smalltext">'
            f'<a href="{back}">Click here if you don\'t want to wait any longer.</a></span></td></tr>\n</table>\n'
            "</body>\n</html>"
        )

    def render_whoposted(self, ctx: Ctx, thread: Thread, sort: str) -> str:
        counts: dict[str, tuple[int, str]] = {}
        for p in thread.posts:
            name = p.display_name(self.data)
            counts[name] = (counts.get(name, (0, ""))[0] + 1, self.author_link(ctx, p))
        order = sorted(counts.items(), key=lambda kv: kv[0].lower() if sort == "username" else -kv[1][0])
        rows = [f'<a href="misc.php?action=whoposted&amp;tid={thread.tid}&amp;sort=username">Sort by username</a>']
        rows += [f"{link}: {n}" for _, (n, link) in order]
        return self.box(ctx, f"Who Posted? {esc(thread.subject)}", rows)

    def render_help(self, ctx: Ctx, hid: int) -> str:
        if 1 <= hid <= len(HELP):
            back = f'<a href="{ctx.bb}/misc.php?action=help">Help Documents</a>'
            return self.box(ctx, HELP[hid - 1], [f"Help about {HELP[hid - 1].lower()}.", back])
        links = [f'<a href="{ctx.bb}/misc.php?action=help&amp;hid={i + 1}">{t}</a>' for i, t in enumerate(HELP)]
        return self.box(ctx, "Help Documents", links)

    def no_permission(self, ctx: Ctx) -> str:
        """``error_no_permission()`` for a guest: the login form."""
        bb = ctx.bb
        return self.box(
            ctx,
            "Error",
            [
                "You are either not logged in or do not have permission to view this page. This could be because "
                "one of the following reasons:\n<ol>\n<li>You are not logged in or registered. Please use the form "
                "at the bottom of this page to login.</li>\n<li>You do not have permission to access this page.</li>"
                "\n</ol>",
                f'<form action="{bb}/member.php" method="post"><input type="hidden" name="action" value="do_login" />'
                '<input type="text" class="textbox" name="username" /><input type="password" class="textbox" '
                f'name="password" /><input type="submit" class="button" value="Login" /></form> <a href="{bb}'
                f'/member.php?action=register">Register</a> &middot; <a href="{bb}/member.php?action=lostpw">'
                "Lost Password?</a>",
            ],
        )

    def render_threaded(self, ctx: Ctx, thread: Thread, shown: Post) -> str:
        """Threaded mode: the one post asked for and a tree of the thread's posts, each its own URL."""
        d, tid = self.data, thread.tid
        counter = thread.posts.index(shown) + 1
        tree = []
        for p in thread.posts:
            depth = 1 if p.quote is not None else 0
            url = f"showthread.php?tid={tid}&amp;pid={p.pid}&amp;mode=threaded#pid{p.pid}"
            name = f"<strong>{esc(p.subject)}</strong>" if p is shown else f'<a href="{url}">{esc(p.subject)}</a>'
            tree.append(
                f'<div style="margin-left: {depth * 13}px;">{name} <span class="smalltext">- by '
                f"{self.author_link(ctx, p)} - {my_date(p.when)}</span></div>"
            )
        body = (
            '<table border="0" cellspacing="0" cellpadding="5" class="tborder tfixed clear">\n<tr>\n<td class="thead">'
            f'<div><strong>{esc(thread.subject)}</strong></div></td>\n</tr>\n<tr><td id="posts_container">'
            f'<div id="posts">{self.post(ctx, thread, counter, shown)}</div></td></tr>\n</table>\n'
            '<table border="0" cellspacing="0" cellpadding="5" class="tborder">\n<tr>\n<td class="trow1">'
            + "\n".join(tree)
            + f'</td>\n</tr>\n</table>\n<a href="showthread.php?mode=linear&amp;tid={tid}&amp;pid={shown.pid}'
            f'#pid{shown.pid}">Linear Mode</a>'
        )
        nav = [*d.crumbs(d.forums[thread.fid]), ("", esc(thread.subject))]
        return self.page(ctx, esc(thread.subject), body, nav, archive=f"/thread-{tid}.html")

    def render_print(self, ctx: Ctx, thread: Thread, page: int) -> str:
        d, tid = self.data, thread.tid
        shown = thread.posts[(page - 1) * PER_PAGE : page * PER_PAGE]
        posts = "".join(
            f'<tr><td><span class="largetext"><strong>{esc(p.subject)}</strong></span><br />{esc(p.display_name(d))}'
            f" - {absolute(p.when)}<hr />{self.message(ctx, p)}</td></tr>\n"
            for p in shown
        )
        multipage = self.multipage(len(thread.posts), PER_PAGE, page, f"printthread.php?tid={tid}", jump=False)
        return (
            '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
            '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n<html xml:lang="en" lang="en" '
            f'xmlns="http://www.w3.org/1999/xhtml">\n<head>\n<title>{FORUM} - {esc(thread.subject)}</title>\n'
            '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />\n</head>\n<body>\n'
            f'<table width="98%" align="center">\n<tr><td><strong><span class="largetext"><a href="{ctx.bb}/">{FORUM}'
            f"</a></span></strong><br />\n<strong>{esc(d.forums[thread.fid].name)}</strong><br />\n"
            f'<a href="{ctx.bb}/showthread.php?tid={tid}">{esc(thread.subject)}</a> ({multipage or "1"})</td></tr>\n'
            f"{posts}</table>\n</body>\n</html>"
        )

    def archive_page(self, ctx: Ctx, title: str, full: str, nav: list[tuple[str, str]], body: str) -> str:
        a = f"{ctx.bb}/archive/index.php"
        crumbs = " &gt; ".join(
            [f'<a href="{a}">{FORUM}</a>', *(f'<a href="{a}/{u}">{t}</a>' if u else t for u, t in nav)]
        )
        return (
            '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">'
            f'\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">\n<head>\n<title>{title}</title>\n'
            '<meta http-equiv="content-type" content="text/html; charset=UTF-8" />\n'
            f'<link type="text/css" rel="stylesheet" href="{ctx.bb}/archive/screen.css" media="screen" />\n</head>\n'
            f'<body>\n<div id="container">\n<h1><a href="{ctx.bb}/">{FORUM}</a></h1>\n<div class="navigation">'
            f'{crumbs}</div>\n<div id="fullversion"><strong>Full Version:</strong> <a href="{full}">{title}</a></div>\n'
            f'<div id="infobox">You\'re currently viewing a stripped down version of our content. <a href="{full}">'
            f"View the full version</a> with proper formatting.</div>\n{body}\n"
            '<div id="footer">Powered By <a href="https://mybb.com">MyBB</a>, &copy; 2002-2025 MyBB Group</div>\n'
            "</div>\n</body>\n</html>"
        )

    def archive_pager(self, ctx: Ctx, stem: str, page: int, pages: int) -> str:
        if pages <= 1:
            return ""
        links = " ".join(
            str(n)
            if n == page
            else f'<a href="{ctx.bb}/archive/index.php/{stem}{"" if n == 1 else f"-{n}"}.html">{n}</a>'
            for n in range(1, pages + 1)
        )
        return f'<div class="multipage"><strong>Pages:</strong> {links}</div>'

    def archive_crumbs(self, forum: Forum) -> list[tuple[str, str]]:
        return [(f"forum-{u.rpartition('=')[2]}.html", name) for u, name in self.data.crumbs(forum)]

    def render_archive(self, ctx: Ctx) -> str:
        a, forums = f"{ctx.bb}/archive/index.php", self.data.ordered()
        items = "".join(f'<li><a href="{a}/forum-{f.fid}.html">{esc(f.name)}</a></li>' for f in forums if not f.linkto)
        return self.archive_page(ctx, FORUM, f"{ctx.bb}/index.php", [], f'<div class="listing"><ul>{items}</ul></div>')

    def archive_forum(self, ctx: Ctx, forum: Forum, page: int) -> str:
        d, a = self.data, f"{ctx.bb}/archive/index.php"
        threads = d.listing(forum)
        items = "".join(
            f'<li>{"Sticky: " if t.sticky else ""}<a href="{a}/thread-{t.tid}.html">{esc(t.subject)}</a> '
            f'<span class="replycount">({len(t.posts) - 1} Replies)</span></li>'
            for t in threads[(page - 1) * THREADS_PER_PAGE : page * THREADS_PER_PAGE]
        )
        kids = "".join(
            f'<li><a href="{k.linkto or f"{a}/forum-{k.fid}.html"}">{esc(k.name)}</a></li>'
            for k in d.children(forum.fid)
        )
        pager = self.archive_pager(ctx, f"forum-{forum.fid}", page, d.list_pages(forum))
        body = f'<div class="listing"><ul>{kids}</ul></div>{pager}<div class="threadlist"><ol>{items}</ol></div>{pager}'
        nav = [*self.archive_crumbs(forum)[:-1], ("", esc(forum.name))]
        return self.archive_page(ctx, esc(forum.name), f"{ctx.bb}/forumdisplay.php?fid={forum.fid}", nav, body)

    def archive_thread(self, ctx: Ctx, thread: Thread, page: int) -> str:
        posts = "".join(
            f'<div class="post">\n<div class="header">\n<div class="author"><h2>{self.author_link(ctx, p)}</h2></div>'
            f'\n<div class="dateline">{absolute(p.when)}</div>\n</div>\n<div class="message">{self.message(ctx, p)}'
            "</div>\n</div>\n"
            for p in thread.posts[(page - 1) * PER_PAGE : page * PER_PAGE]
        )
        pager = self.archive_pager(ctx, f"thread-{thread.tid}", page, self.data.pages(thread))
        nav = [*self.archive_crumbs(self.data.forums[thread.fid]), ("", esc(thread.subject))]
        full = f"{ctx.bb}/showthread.php?tid={thread.tid}"
        return self.archive_page(ctx, esc(thread.subject), full, nav, f"{pager}{posts}{pager}")
