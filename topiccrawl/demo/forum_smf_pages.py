"""Templates of the SMF 2.1 fixture forum (default Curve2 theme, guest view): chrome, board index,
message index and topic display.

:mod:`topiccrawl.demo.forum_smf` holds the content, the routing, the truth and the lesser pages (print,
recent posts, profiles, who's online, stats, RSS, ...), and its docstring says what is imitated; this
module renders the pages that matter in SMF's markup: the chrome of ``index.template.php``
(``#top_section`` with the guest's log in/sign up box and quick search, ``#header``, ``#upper_section``
with the user box, a news line, the menu and the linktree, ``#footer``), ``BoardIndex.template.php``,
``MessageIndex.template.php``, ``Display.template.php`` and ``constructPageIndex()``. Times are SMF's
``timeformat()`` with the default format ``%B %d, %Y, %I:%M:%S %p`` and 'Today'/'Yesterday'
(``todayMod`` 2), on the forum's UTC clock :data:`NOW`.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from topiccrawl.demo.server import SiteRequest

if TYPE_CHECKING:
    from topiccrawl.demo.forum_smf import Board, Member, Message, SmfData, Topic

NOW = datetime(2025, 6, 12, 15, 40, 0)  # the forum's clock (UTC): a Thursday afternoon
FORUM = "Gadget Garage Community"
ASSET = "smf214_1689165398"  # SMF's cache buster on theme files
PER_PAGE = 15  # defaultMaxMessages
TOPICS_PER_PAGE = 20  # defaultMaxTopics
ALL_LIMIT = 100  # enableAllMessages: topics shorter than this get an 'All' link
RECENT_PER_PAGE = 10
SMILEYS = "%SMILEYS%"  # stands for the smileys URL in stored message markup
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October"]
MONTHS += ["November", "December"]
NEWS = [
    "Welcome to the Gadget Garage! Please read the forum rules before posting.",
    "Scheduled maintenance on Sunday night: the forum may be down for an hour or so.",
    'The spring firmware round-up is out: see <a href="%s" class="bbc_link">the announcement</a>.',
]


# -- time and text, as SMF prints them ------------------------------------------------------------


def clock(when: datetime) -> str:
    return f"{when.hour % 12 or 12:02d}:{when.minute:02d}:{when.second:02d} {'AM' if when.hour < 12 else 'PM'}"


def long_date(when: datetime) -> str:
    """``%B %d, %Y, %I:%M:%S %p``: 'June 01, 2023, 10:15:37 AM'."""
    return f"{MONTHS[when.month - 1]} {when.day:02d}, {when.year}, {clock(when)}"


def is_relative(when: datetime) -> bool:
    """Whether SMF shows the time as 'Today at'/'Yesterday at' (nothing here is in the future)."""
    return when.date() >= NOW.date() - timedelta(days=1)


def timeformat(when: datetime) -> str:
    if when.date() == NOW.date():
        return f"<strong>Today</strong> at {clock(when)}"
    if when.date() == NOW.date() - timedelta(days=1):
        return f"<strong>Yesterday</strong> at {clock(when)}"
    return long_date(when)


def esc(text: str) -> str:
    """``htmlspecialchars`` with ``ENT_QUOTES``, as SMF stores names and subjects."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#039;")
    )


def shorten(subject: str, length: int) -> str:
    return subject if len(subject) <= length else subject[:length] + "..."


def number(n: int) -> str:
    return f"{n:,}"


@dataclass(frozen=True)
class Ctx:
    """One request as a template sees it: where the forum is and the visitor's PHP session."""

    req: SiteRequest
    sid: str  # the PHP session id
    fresh: bool  # no session cookie came with the request: SMF puts the session id into links
    browser: bool  # the user agent is no robot, by SMF's test (robots never get session ids in links)

    @property
    def s(self) -> str:  # $scripturl
        return self.req.base_url + "/index.php"

    @property
    def theme(self) -> str:
        return self.req.base_url + "/Themes/default"

    @property
    def session_var(self) -> str:
        digest = hashlib.sha1(("var" + self.sid).encode()).hexdigest()
        return digest.lstrip("0123456789")[: 7 + int(digest[-1], 16) % 6]

    @property
    def session_value(self) -> str:
        return hashlib.md5(("val" + self.sid).encode()).hexdigest()


def sessrewrite(html: str, ctx: Ctx) -> str:
    """SMF's ``ob_sessrewrite``: for a cookie-less browser every link to the script gets the session id."""
    if not (ctx.fresh and ctx.browser):
        return html
    sid = f"PHPSESSID={ctx.sid}"
    pattern = rf'(?<!<link rel="canonical" href=)"{re.escape(ctx.s)}(?!\?{re.escape(sid)})\??'
    return re.sub(pattern, lambda _: f'"{ctx.s}?{sid}&amp;', html)


class SmfPages:
    """The templates. Mixed into :class:`~topiccrawl.demo.forum_smf.SmfForum`, which provides the data."""

    data: SmfData

    def board_target(self, fid: int, page: int) -> str:
        raise NotImplementedError

    def thread_target(self, tid: int, page: int) -> str:
        raise NotImplementedError

    # -- chrome ---------------------------------------------------------------------------------
    def page(
        self,
        ctx: Ctx,
        *,
        title: str,
        body: str,
        crumbs: list[tuple[str, str]],
        canonical: str = "",
        head: str = "",
        body_class: str = "action_home",
        noindex: bool = False,
        description: str = "",
        board: int = 0,
        topic: int = 0,
    ) -> str:
        s, theme = ctx.s, ctx.theme
        og_url = f'\n\t<meta property="og:url" content="{ctx.req.base_url}{canonical}">' if canonical else ""
        canon = f'\n\t<link rel="canonical" href="{ctx.req.base_url}{canonical}">' if canonical else ""
        robots = '\n\t<meta name="robots" content="noindex">' if noindex else ""
        rss = f";board={board}" if board else ""
        index = f'\n\t<link rel="index" href="{s}?board={board}.0">' if board else ""
        news = NEWS[int(hashlib.md5(ctx.req.target.encode()).hexdigest()[:4], 16) % len(NEWS)]
        options = '\n\t\t\t\t\t<option value="all">Entire forum </option>'
        hidden = ""
        if topic:
            options += '\n\t\t\t\t\t<option value="topic" selected>This topic</option>'
            hidden = f'\n\t\t\t\t<input type="hidden" name="sd_topic" value="{topic}">'
        elif board:
            options += '\n\t\t\t\t\t<option value="board" selected>This board</option>'
            hidden = f'\n\t\t\t\t<input type="hidden" name="sd_brd" value="{board}">'
        else:
            options = options.replace('"all">', '"all" selected>')
        desc = esc(description or title)
        return (
            '<!DOCTYPE html>\n<html lang="en-US">\n<head>\n\t<meta charset="UTF-8">\n'
            f'\t<link rel="stylesheet" href="{theme}/css/index.css?{ASSET}">\n'
            f'\t<link rel="stylesheet" href="{theme}/css/responsive.css?{ASSET}">\n'
            "\t<script>\n"
            f'\t\tvar smf_theme_url = "{theme}";\n\t\tvar smf_default_theme_url = "{theme}";\n'
            f'\t\tvar smf_images_url = "{theme}/images";\n\t\tvar smf_smileys_url = "{ctx.req.base_url}/Smileys";\n'
            '\t\tvar smf_smiley_sets = "fugue,alienine";\n\t\tvar smf_smiley_sets_default = "fugue";\n'
            f'\t\tvar smf_avatars_url = "{ctx.req.base_url}/avatars";\n\t\tvar smf_scripturl = "{s}";\n'
            '\t\tvar smf_iso_case_folding = false;\n\t\tvar smf_charset = "UTF-8";\n'
            f'\t\tvar smf_session_id = "{ctx.session_value}";\n\t\tvar smf_session_var = "{ctx.session_var}";\n'
            "\t\tvar smf_member_id = 0;\n\t\tvar ajax_notification_text = 'Loading...';\n"
            "\t\tvar help_popup_heading_text = 'A little lost? Let me explain:';\n"
            "\t\tvar banned_text = 'Sorry Guest, you are banned from using this forum!';\n"
            "\t\tvar smf_txt_expand = 'Expand';\n\t\tvar smf_txt_shrink = 'Shrink';\n"
            "\t\tvar smf_collapseAlt = 'Hide';\n\t\tvar smf_expandAlt = 'Show';\n"
            "\t\tvar smf_quote_expand = false;\n\t\tvar allow_xhjr_credentials = false;\n\t</script>\n"
            f'\t<script src="{theme}/scripts/jquery-3.6.3.min.js" id="jQuery"></script>\n'
            f'\t<script src="{theme}/scripts/smf_jquery_plugins.js?{ASSET}" id="smf_jquery_plugins"></script>\n'
            f'\t<script src="{theme}/scripts/script.js?{ASSET}" id="smf_script"></script>\n'
            f'\t<script src="{theme}/scripts/theme.js?{ASSET}" id="theme_script"></script>\n'
            f"\t<title>{title}</title>\n"
            '\t<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'\t<meta property="og:site_name" content="{FORUM}">\n\t<meta property="og:title" content="{title}">'
            f'{og_url}\n\t<meta property="og:description" content="{desc}">\n'
            f'\t<meta name="description" content="{desc}">\n\t<meta name="theme-color" content="#557EA0">'
            f'{robots}{canon}\n\t<link rel="help" href="{s}?action=help">\n\t<link rel="contents" href="{s}">\n'
            f'\t<link rel="search" href="{s}?action=search">\n'
            f'\t<link rel="alternate" type="application/rss+xml" title="{FORUM} - RSS" '
            f'href="{s}?action=.xml;type=rss2{rss}">\n'
            f'\t<link rel="alternate" type="application/atom+xml" title="{FORUM} - Atom" '
            f'href="{s}?action=.xml;type=atom{rss}">{head}{index}\n</head>\n'
            f'<body id="chrome" class="{body_class}">\n<div id="footerfix">\n'
            '\t<div id="top_section">\n\t\t<div class="inner_wrap">\n\t\t\t<ul class="floatleft" id="top_info">\n'
            f'\t\t\t\t<li class="welcome">\n\t\t\t\t\tWelcome to <strong>{FORUM}</strong>.\n\t\t\t\t</li>\n'
            f'\t\t\t\t<li class="button_login">\n\t\t\t\t\t<a href="{s}?action=login" class="open" '
            "onclick=\"return reqOverlayDiv(this.href, 'Log in', 'login');\">\n"
            '\t\t\t\t\t\t<span class="main_icons login"></span>\n\t\t\t\t\t\t<span class="textmenu">Log in</span>\n'
            f'\t\t\t\t\t</a>\n\t\t\t\t</li>\n\t\t\t\t<li class="button_signup">\n\t\t\t\t\t<a href="{s}?action=signup" '
            'class="open">\n\t\t\t\t\t\t<span class="main_icons regcenter"></span>\n'
            '\t\t\t\t\t\t<span class="textmenu">Sign up</span>\n\t\t\t\t\t</a>\n\t\t\t\t</li>\n\t\t\t</ul>\n'
            f'\t\t\t<form id="search_form" class="floatright" action="{s}?action=search2" method="post" '
            'accept-charset="UTF-8">\n\t\t\t\t<input type="search" name="search" value="">&nbsp;\n'
            f'\t\t\t\t<select name="search_selection">{options}\n\t\t\t\t</select>{hidden}\n'
            '\t\t\t\t<input type="submit" name="search2" value="Search" class="button">\n'
            '\t\t\t\t<input type="hidden" name="advanced" value="0">\n\t\t\t</form>\n'
            "\t\t</div><!-- .inner_wrap -->\n\t</div><!-- #top_section -->\n"
            f'\t<div id="header">\n\t\t<h1 class="forumtitle">\n\t\t\t<a id="top" href="{s}">{FORUM}</a>\n\t\t</h1>\n'
            f'\t\t<img id="smflogo" src="{theme}/images/smflogo.svg" alt="Simple Machines Forum" '
            'title="Simple Machines Forum">\n\t</div>\n'
            '\t<div id="wrapper">\n\t\t<div id="upper_section">\n\t\t\t<div id="inner_section">\n'
            '\t\t\t\t<div id="inner_wrap" class="hide_720">\n\t\t\t\t\t<div class="user">\n'
            f'\t\t\t\t\t\t<time datetime="{NOW:%Y-%m-%dT%H:%M:%S}Z">{long_date(NOW)}</time>\n\t\t\t\t\t</div>\n'
            '\t\t\t\t\t<div class="news">\n\t\t\t\t\t\t<h2>News: </h2>\n'
            f"\t\t\t\t\t\t<p>{self.news_line(ctx, news)}</p>\n\t\t\t\t\t</div>\n\t\t\t\t</div>\n"
            '\t\t\t\t<a class="mobile_user_menu">\n\t\t\t\t\t<span class="menu_icon"></span>\n'
            '\t\t\t\t\t<span class="text_menu">Main Menu</span>\n\t\t\t\t</a>\n'
            '\t\t\t\t<div id="main_menu">\n\t\t\t\t\t<div id="mobile_user_menu" class="popup_container">\n'
            '\t\t\t\t\t\t<div class="popup_window description">\n\t\t\t\t\t\t\t<div class="popup_heading">Main Menu\n'
            '\t\t\t\t\t\t\t\t<a href="javascript:void(0);" class="main_icons hide_popup"></a>\n\t\t\t\t\t\t\t</div>\n'
            f"\t\t\t\t\t\t\t{self.menu(ctx, body_class)}\n\t\t\t\t\t\t</div>\n\t\t\t\t\t</div>\n\t\t\t\t</div>"
            f"{self.linktree(ctx, crumbs)}\n\t\t\t</div><!-- #inner_section -->\n\t\t</div><!-- #upper_section -->\n"
            '\t\t<div id="content_section">\n\t\t\t<div id="main_content_section">'
            f"{body}\n\t\t\t</div><!-- #main_content_section -->\n\t\t</div><!-- #content_section -->\n"
            "\t</div><!-- #wrapper -->\n</div><!-- #footerfix -->\n"
            '\t<div id="footer">\n\t\t<div class="inner_wrap">\n\t\t<ul>\n'
            f'\t\t\t<li class="floatright"><a href="{s}?action=help">Help</a> | <a href="{s}?action=agreement">'
            'Terms and Rules</a> | <a href="#top_section">Go Up &#9650;</a></li>\n'
            f'\t\t\t<li class="copyright"><a href="{s}?action=credits" title="License" target="_blank" '
            'rel="noopener">SMF 2.1.4 &copy; 2023</a>, <a href="https://www.simplemachines.org" '
            'title="Simple Machines" target="_blank" rel="noopener">Simple Machines</a></li>\n'
            "\t\t</ul>\n\t\t</div>\n\t</div><!-- #footer -->\n<script>\n"
            'window.addEventListener("DOMContentLoaded", function() {\n\tfunction triggerCron()\n\t{\n'
            f"\t\t$.get('{ctx.req.base_url}' + \"/cron.php?ts={int(NOW.timestamp()) // 15 * 15}\");\n\t}}\n"
            "\twindow.setTimeout(triggerCron, 1);\n});\n</script>\n</body>\n</html>"
        )

    def news_line(self, ctx: Ctx, news: str) -> str:
        if "%s" not in news:
            return news
        first = next(t for b in self.data.boards.values() for t in b.topics if not t.moved_to)
        return news % f"{ctx.s}?topic={first.tid}.0"

    def menu(self, ctx: Ctx, body_class: str) -> str:
        active = {"home": "action_home" in body_class or "action_messageindex" in body_class}
        active["help"], active["search"] = "action_help" in body_class, "action_search" in body_class
        on = ' class="active"'
        items = "".join(
            f'\n\t\t\t\t\t\t<li class="button_{key}">\n\t\t\t\t\t\t\t<a{on if active[key] else ""} '
            f'href="{href}">\n\t\t\t\t\t\t\t\t<span class="main_icons {key}"></span><span class="textmenu">{label}'
            "</span>\n\t\t\t\t\t\t\t</a>\n\t\t\t\t\t\t</li>"
            for key, href, label in (
                ("home", ctx.s, "Home"),
                ("help", f"{ctx.s}?action=help", "Help"),
                ("search", f"{ctx.s}?action=search", "Search"),
            )
        )
        return f'<ul class="dropmenu menu_nav">{items}\n\t\t\t\t\t</ul><!-- .menu_nav -->'

    def linktree(self, ctx: Ctx, crumbs: list[tuple[str, str]]) -> str:
        """``theme_linktree()``: the forum, then the crumbs (an empty URL is a crumb without a link)."""
        items = []
        trail = [(ctx.s, FORUM), *[(url and ctx.s + url, name) for url, name in crumbs]]
        for i, (url, name) in enumerate(trail):
            last = ' class="last"' if i == len(trail) - 1 else ""
            divider = '\n\t\t\t\t\t\t\t<span class="dividers"> &#9658; </span>' if i else ""
            link = f'<a href="{url}"><span>{name}</span></a>' if url else f"<span>{name}</span>"
            items.append(f"\n\t\t\t\t\t\t<li{last}>{divider}\n\t\t\t\t\t\t\t{link}\n\t\t\t\t\t\t</li>")
        return (
            f'\n\t\t\t\t<div class="navigate_section">\n\t\t\t\t\t<ul>{"".join(items)}\n\t\t\t\t\t</ul>\n'
            "\t\t\t\t</div><!-- .navigate_section -->"
        )

    def member(self, uid: int) -> Member:
        return self.data.members[uid]

    def member_link(self, ctx: Ctx, uid: int) -> str:
        m = self.member(uid)
        return f'<a href="{ctx.s}?action=profile;u={uid}" title="View the profile of {esc(m.name)}">{esc(m.name)}</a>'

    def avatar(self, ctx: Ctx, m: Member) -> str:
        if m.avatar:
            src = f"{ctx.s}?action=dlattach;attach={m.avatar};type=avatar"
        else:
            src = f"{ctx.req.base_url}/avatars/default.png"
        return f'<img class="avatar" src="{src}" alt="" loading="lazy">'

    def page_index(
        self, ctx: Ctx, query: str, start: int, total: int, per: int, *, suffix: str = "", arrows: bool = True
    ) -> str:
        """``constructPageIndex()`` with compact pages (two either side of the current page) for links
        ``?{query}{offset}{suffix}``; a negative ``start`` (topic rows) marks no page as current."""
        invalid = start < 0
        start = max(0, min(start, total))
        start -= start % per
        top = (total - 1) // per * per

        def link(offset: int, text: str | int) -> str:
            return f'<a class="nav_page" href="{ctx.s}?{query}{offset}{suffix}">{text}</a> '

        def expand(first: int, last: int) -> str:
            # JavaScriptEscape(htmlspecialchars($base_link)): the script URL becomes smf_scripturl.
            template = (
                f"&lt;a class=&quot;nav_page&quot; href=&quot;' + smf_scripturl + '?{query}%1$d{suffix}&quot;&gt;"
                "%2$s&lt;/a&gt; "
            )
            return (
                f'<span class="expand_pages" onclick="expandPages(this, \'{template}\', {first}, {last}, {per});">'
                " ... </span>"
            )

        out = ['<span class="pages">Pages</span>']
        if start and arrows:
            out.append(link(start - per, '<span class="main_icons previous_page"></span>'))
        if start > per * 2:
            out.append(link(0, 1))
        if start > per * 3:
            out.append(expand(per, start - per * 2))
        out += [link(start - per * n, (start - per * n) // per + 1) for n in (2, 1) if start >= per * n]
        out.append(link(start, 1) if invalid else f'<span class="current_page">{start // per + 1}</span> ')
        out += [link(start + per * n, (start + per * n) // per + 1) for n in (1, 2) if start + per * n <= top]
        if start + per * 3 < top:
            out.append(expand(start + per * 3, top))
        if start + per * 2 < top:
            out.append(link(top, top // per + 1))
        if start != top and arrows:
            out.append(link(start + per, '<span class="main_icons next_page"></span>'))
        return "".join(out)

    # -- the board index ------------------------------------------------------------------------
    def board_row(self, ctx: Ctx, board: Board, css: str = "") -> str:
        stats = self.data.board_stats(board)
        last = self.data.last_message(board)
        lastpost = ""
        if last is not None:
            topic = self.data.topic_of[last.mid]
            lastpost = (
                f'\n\t\t\t\t\t\t<p><strong>Last post: </strong>{timeformat(last.when)} <span class="postby">'
                f'<a href="{ctx.s}?topic={topic.tid}.msg{last.mid}#new" title="{esc(last.subject)}">'
                f"{esc(shorten(last.subject, 24))}</a> by {self.member_link(ctx, last.uid)}</span></p>"
            )
        children = ""
        kids = [b for b in self.data.boards.values() if b.parent == board.bid]
        if kids:
            links = "".join(
                f'<span><a href="{ctx.s}?board={k.bid}.0" title="No New Posts (Topics: '
                f'{number(self.data.board_stats(k)[0])}, Posts: {number(self.data.board_stats(k)[1])})">'
                f"{esc(k.name)}</a></span>"
                for k in kids
            )
            children = (
                f'\n\t\t\t\t\t<div id="board_{board.bid}_children" class="children">\n\t\t\t\t\t\t<p><strong '
                f'id="child_list_{board.bid}">Sub-Boards</strong>{links}</p>\n\t\t\t\t\t</div>'
            )
        return (
            f'\n\t\t\t\t<div id="board_{board.bid}" class="up_contain {css}">\n\t\t\t\t\t<div class="board_icon">\n'
            f'\t\t\t\t\t\t<a href="{ctx.s}?board={board.bid}.0" class="board_off" title="No New Posts"></a>\n'
            '\t\t\t\t\t</div>\n\t\t\t\t\t<div class="info">\n'
            f'\t\t\t\t\t\t<a class="subject mobile_subject" href="{ctx.s}?board={board.bid}.0" id="b{board.bid}">\n'
            f'\t\t\t\t\t\t\t{esc(board.name)}\n\t\t\t\t\t\t</a>\n\t\t\t\t\t\t<div class="board_description">'
            f"{esc(board.description)}</div>\n\t\t\t\t\t</div><!-- .info -->\n"
            f'\t\t\t\t\t<div class="board_stats">\n\t\t\t\t\t\t<p>\n\t\t\t\t\t\t\tPosts: {number(stats[1])}<br>'
            f"Topics: {number(stats[0])}\n\t\t\t\t\t\t</p>\n\t\t\t\t\t</div>\n"
            f'\t\t\t\t\t<div class="lastpost">{lastpost}\n\t\t\t\t\t</div>{children}\n'
            "\t\t\t\t</div><!-- #board_[id] -->"
        )

    def render_index(self, ctx: Ctx) -> str:
        d = self.data
        cats = []
        for cid, name, bids in d.categories:
            rows = "".join(self.board_row(ctx, d.boards[bid]) for bid in bids)
            cats.append(
                f'\n\t\t<div class="main_container">\n\t\t\t<div class="cat_bar " id="category_{cid}">\n'
                f'\t\t\t\t<h3 class="catbg">\n\t\t\t\t\t<span id="category_{cid}_upshrink" '
                'class="toggle_up floatright" data-collapsed="0" title="Hide this category" style="display: none;">'
                "</span>\n"
                f'\t\t\t\t\t<a id="c{cid}"></a>{esc(name)}\n\t\t\t\t</h3>\n\t\t\t</div>\n'
                f'\t\t\t<div id="category_{cid}_boards" >{rows}\n\t\t\t</div><!-- #category_[id]_boards -->\n'
                "\t\t</div><!-- .main_container -->"
            )
        news = "".join(f"\n\t\t\t<li>{self.news_line(ctx, n)}</li>" for n in NEWS)
        body = (
            f'\n\t\t<ul id="smf_slider" class="roundframe">{news}\n\t\t</ul>\n\t\t<script>\n'
            '\t\t\tjQuery("#smf_slider").slippry({\n\t\t\t\tpause: 5000,\n\t\t\t\tadaptiveHeight: 0,\n'
            "\t\t\t\tcaptions: 0,\n\t\t\t\tcontrols: 0,\n\t\t\t});\n\t\t</script>\n"
            f'\t<div id="boardindex_table" class="boardindex_table">{"".join(cats)}\n'
            f"\t</div><!-- #boardindex_table -->{self.info_center(ctx)}"
        )
        return self.page(
            ctx, title=f"{FORUM} - Index", body=body, crumbs=[], canonical="/index.php", description=f"{FORUM} - Index"
        )

    def info_center(self, ctx: Ctx) -> str:
        d = self.data
        latest = d.latest_messages(5)
        rows = "".join(
            f'\n\t\t\t\t\t<tr class="windowbg">\n\t\t\t\t\t\t<td class="recentpost"><strong><a href="{ctx.s}?topic='
            f'{d.topic_of[m.mid].tid}.msg{m.mid};topicseen#msg{m.mid}" rel="nofollow">{esc(m.subject)}</a></strong>'
            f'</td>\n\t\t\t\t\t\t<td class="recentposter">{self.member_link(ctx, m.uid)}</td>\n'
            f'\t\t\t\t\t\t<td class="recentboard"><a href="{ctx.s}?board={d.topic_of[m.mid].board}.0">'
            f"{esc(d.boards[d.topic_of[m.mid].board].name)}</a></td>\n"
            f'\t\t\t\t\t\t<td class="recenttime">{timeformat(m.when)}</td>\n\t\t\t\t\t</tr>'
            for m in latest
        )
        newest = max(d.members.values(), key=lambda m: m.registered)
        online = [m for m in d.members.values() if NOW - m.last_active < timedelta(minutes=15)]
        names = ", ".join(self.member_link(ctx, m.uid) for m in online)
        n_posts = sum(len(t.messages) for t in d.topics.values())
        first = latest[0]
        return (
            '\n\t<div class="roundframe" id="info_center">\n\t\t<div class="title_bar">\n\t\t\t<h3 class="titlebg">\n'
            '\t\t\t\t<span class="toggle_up floatright" id="upshrink_ic" title="Hide Info Center" '
            'style="display: none;"></span>\n'
            f'\t\t\t\t<a href="#" id="upshrink_link">{FORUM} - Info Center</a>\n\t\t\t</h3>\n\t\t</div>\n'
            '\t\t<div id="upshrinkHeaderIC">\n\t\t\t<div class="sub_bar">\n\t\t\t\t<h4 class="subbg">\n'
            f'\t\t\t\t\t<a href="{ctx.s}?action=recent"><span class="main_icons recent_posts"></span> Recent Posts</a>'
            '\n\t\t\t\t</h4>\n\t\t\t</div>\n\t\t\t<div id="recent_posts_content">\n\t\t\t\t<table id="ic_recentposts">'
            '\n\t\t\t\t\t<tr class="windowbg">\n\t\t\t\t\t\t<th class="recentpost">Message</th>\n'
            '\t\t\t\t\t\t<th class="recentposter">Author</th>\n\t\t\t\t\t\t<th class="recentboard">Board</th>\n'
            f'\t\t\t\t\t\t<th class="recenttime">Date</th>\n\t\t\t\t\t</tr>{rows}\n\t\t\t\t</table>\n'
            "\t\t\t</div><!-- #recent_posts_content -->\n"
            '\t\t\t<div class="sub_bar">\n\t\t\t\t<h4 class="subbg">\n'
            f'\t\t\t\t\t<a href="{ctx.s}?action=stats" title="[More Stats]"><span class="main_icons stats"></span> '
            'Forum Stats</a>\n\t\t\t\t</h4>\n\t\t\t</div>\n\t\t\t<p class="inline">\n'
            f"\t\t\t\t{number(n_posts)} Posts in {number(len(d.real_topics()))} Topics by {len(d.members)} Members - "
            f"Latest Member: <strong> {self.member_link(ctx, newest.uid)}</strong><br>\n"
            f'\t\t\t\tLatest Post: <strong>&quot;<a href="{ctx.s}?topic={d.topic_of[first.mid].tid}.msg{first.mid};'
            f'topicseen#msg{first.mid}" rel="nofollow">{esc(first.subject)}</a>&quot;</strong>  '
            f"( {timeformat(first.when)} )<br>\n"
            f'\t\t\t\t<a href="{ctx.s}?action=recent">View the most recent posts on the forum.</a>\n\t\t\t</p>\n'
            '\t\t\t<div class="sub_bar">\n\t\t\t\t<h4 class="subbg">\n'
            f'\t\t\t\t\t<a href="{ctx.s}?action=who"><span class="main_icons people"></span> Users Online</a>\n'
            f'\t\t\t\t</h4>\n\t\t\t</div>\n\t\t\t<p class="inline">\n\t\t\t\t<a href="{ctx.s}?action=who"><strong>'
            f"Online: </strong>37 Guests, {len(online)} Users</a>\n\t\t\t</p>\n"
            f'\t\t\t<p class="inline">\n\t\t\t\tUsers active in past 15 minutes: {names}\n\t\t\t</p>\n'
            '\t\t\t<p class="last smalltext">\n\t\t\t\tMost Online Today: <strong>61</strong> - \n'
            "\t\t\t\tMost Online Ever: 1,284 (March 04, 2021, 07:12:45 PM)<br>\n\t\t\t</p>\n"
            "\t\t</div><!-- #upshrinkHeaderIC -->\n\t</div><!-- #info_center -->"
        )

    # -- the message index ----------------------------------------------------------------------
    def topic_pages(self, ctx: Ctx, topic: Topic) -> str:
        total = len(topic.messages)
        if total <= PER_PAGE:
            return ""
        pages = self.page_index(ctx, f"topic={topic.tid}.", -1, total, PER_PAGE, arrows=False)
        if total < ALL_LIMIT:
            pages += f'<a class="nav_page" href="{ctx.s}?topic={topic.tid}.0;all">All</a> '
        return f'\n\t\t\t\t\t\t\t<span id="pages{topic.messages[0].mid}" class="topic_pages">{pages}</span>'

    def topic_row(self, ctx: Ctx, topic: Topic) -> str:
        first, last = topic.messages[0], topic.messages[-1]
        css = "windowbg" + (" sticky" if topic.sticky else "") + (" locked" if topic.locked else "")
        icons = "".join(
            f'\n\t\t\t\t\t\t\t\t<span class="main_icons {icon}"></span>'
            for icon, on in (("lock", topic.locked), ("sticky", topic.sticky), ("move", bool(topic.moved_to)))
            if on
        )
        preview = esc(" ".join(first.paragraphs))
        preview = preview if len(preview) <= 128 else preview[:128] + "..."
        replies = len(topic.messages) - 1
        last_href = f"{ctx.s}?topic={topic.tid}.{replies // PER_PAGE * PER_PAGE}#msg{last.mid}"
        return (
            f'\n\t\t\t\t<div class="{css}">\n\t\t\t\t\t<div class="board_icon">\n'
            f'\t\t\t\t\t\t<img src="{ctx.theme}/images/post/{"moved" if topic.moved_to else first.icon}.png" alt="">'
            f'\n\t\t\t\t\t\t\n\t\t\t\t\t</div>\n\t\t\t\t\t<div class="info info_block">\n\t\t\t\t\t\t<div >\n'
            f'\t\t\t\t\t\t\t<div class="icons floatright">{icons}\n\t\t\t\t\t\t\t</div>\n'
            '\t\t\t\t\t\t\t<div class="message_index_title">\n\t\t\t\t\t\t\t\t\n'
            f'\t\t\t\t\t\t\t\t<span class="preview{" bold_text" if topic.sticky else ""}" title="{preview}">\n'
            f'\t\t\t\t\t\t\t\t\t<span id="msg_{first.mid}"><a href="{ctx.s}?topic={topic.tid}.0">'
            f"{esc(topic.subject)}</a></span>\n\t\t\t\t\t\t\t\t</span>\n\t\t\t\t\t\t\t</div>\n"
            f'\t\t\t\t\t\t\t<p class="floatleft">\n\t\t\t\t\t\t\t\tStarted by {self.member_link(ctx, first.uid)}\n'
            f"\t\t\t\t\t\t\t</p>{self.topic_pages(ctx, topic)}\n\t\t\t\t\t\t</div><!-- #topic_[first_post][id] -->\n"
            '\t\t\t\t\t</div><!-- .info -->\n\t\t\t\t\t<div class="board_stats centertext">\n'
            f"\t\t\t\t\t\t<p>Replies: {number(replies)}<br>Views: {number(topic.views)}</p>\n\t\t\t\t\t</div>\n"
            f'\t\t\t\t\t<div class="lastpost">\n\t\t\t\t\t\t<p><a href="{last_href}">{timeformat(last.when)}</a><br>'
            f"by {self.member_link(ctx, last.uid)}</p>\n\t\t\t\t\t</div>\n\t\t\t\t</div><!-- $topic[css_class] -->"
        )

    def render_board(self, ctx: Ctx, board: Board, page: int, sort: str = "", desc: bool = False) -> str:
        d = self.data
        topics = d.listing(board, sort, desc)
        start = (page - 1) * TOPICS_PER_PAGE
        suffix = f";sort={sort}" + (";desc" if desc else "") if sort else ""
        index = self.page_index(ctx, f"board={board.bid}.", start, len(topics), TOPICS_PER_PAGE, suffix=suffix)
        headers = {}
        for key, label in (
            ("subject", "Subject"),
            ("starter", "Started by"),
            ("replies", "Replies"),
            ("views", "Views"),
            ("last_post", "Last post"),
        ):
            current = (sort or "last_post") == key
            direction = "down" if (desc or not sort) else "up"
            flip = ";desc" if current and direction == "up" else ""
            icon = f' <span class="main_icons sort_{direction}"></span>' if current else ""
            headers[key] = f'<a href="{ctx.s}?board={board.bid}.{start};sort={key}{flip}">{label}{icon}</a>'
        kids = [b for b in d.boards.values() if b.parent == board.bid]
        children = ""
        if kids and page == 1:
            rows = "".join(self.board_row(ctx, k) for k in kids)
            children = (
                f'\n\t<div id="board_{board.bid}_childboards" class="boardindex_table main_container">\n'
                f'\t\t<div class="cat_bar">\n\t\t\t<h3 class="catbg">Sub-Boards</h3>\n\t\t</div>{rows}\n'
                "\t</div><!-- #board_[current_board]_childboards -->"
            )
        rows = "".join(self.topic_row(ctx, t) for t in topics[start : start + TOPICS_PER_PAGE])
        body = (
            f'<div id="display_head" class="information">\n\t\t\t<h2 class="display_title">{esc(board.name)}</h2>\n'
            f"\t\t\t<p>{esc(board.description)}</p>\n\t\t</div>{children}\n"
            f'\t<div class="pagesection">\n\t\t\n\t\t<div class="pagelinks floatleft">\n'
            f'\t\t\t<a href="#bot" class="button">Go Down</a>\n\t\t\t{index}\n\t\t</div>\n\t\t\n\t</div>\n'
            '\t\t<div id="messageindex">\n\t\t\t<div class="title_bar" id="topic_header">\n'
            '\t\t\t\t<div class="board_icon"></div>\n'
            f'\t\t\t\t<div class="info">{headers["subject"]} / {headers["starter"]}</div>\n'
            f'\t\t\t\t<div class="board_stats centertext">{headers["replies"]} / {headers["views"]}</div>\n'
            f'\t\t\t\t<div class="lastpost">{headers["last_post"]}</div>\n\t\t\t</div><!-- #topic_header -->\n'
            f'\t\t\t<div id="topic_container">{rows}\n\t\t\t</div><!-- #topic_container -->\n'
            "\t\t</div><!-- #messageindex -->\n"
            f'\t<div class="pagesection">\n\t\t\n\t\t\n\t\t<div class="pagelinks">\n'
            f'\t\t\t<a href="#main_content_section" class="button" id="bot">Go Up</a>\n\t\t\t{index}\n\t\t</div>\n'
            f"\t</div>{self.linktree(ctx, self.board_crumbs(board))}\n"
            '\t<div class="tborder" id="topic_icons">\n\t\t<div class="information">\n'
            '\t\t\t<p id="message_index_jump_to"></p>\n\t\t\t<p class="floatleft">\n'
            '\t\t\t\t<span class="main_icons poll"></span> Poll<br>\n'
            f'\t\t\t\t<img src="{ctx.theme}/images/post/moved.png" alt="" class="centericon"> Moved Topic<br>\n'
            '\t\t\t</p>\n\t\t\t<p>\n\t\t\t\t<span class="main_icons lock"></span> Locked Topic<br>\n'
            '\t\t\t\t<span class="main_icons sticky"></span> Sticky Topic<br>\n'
            '\t\t\t\t<span class="main_icons watch"></span> Topic you are watching<br>\n\t\t\t</p>\n'
            "\t\t</div><!-- .information -->\n\t</div><!-- #topic_icons -->"
        )
        last_page = max(1, -(-len(topics) // TOPICS_PER_PAGE))
        head = "".join(
            f'\n\t<link rel="{rel}" href="{ctx.s}?board={board.bid}.{(n - 1) * TOPICS_PER_PAGE}{suffix}">'
            for rel, n, on in (("next", page + 1, page < last_page), ("prev", page - 1, page > 1))
            if on
        )
        return self.page(
            ctx,
            title=esc(board.name) + (f" - Page {page}" if page > 1 else ""),
            body=body,
            crumbs=self.board_crumbs(board),
            canonical=self.board_target(board.bid, page),
            head=head,
            body_class=f"action_messageindex board_{board.bid}",
            noindex=bool(sort),
            description=board.description,
            board=board.bid,
        )

    def board_crumbs(self, board: Board) -> list[tuple[str, str]]:
        d = self.data
        cat = next(name for cid, name, _ in d.categories if cid == board.cat)
        crumbs = [(f"#c{board.cat}", esc(cat))]
        if board.parent:
            crumbs.append((f"?board={board.parent}.0", esc(d.boards[board.parent].name)))
        return [*crumbs, (f"?board={board.bid}.0", esc(board.name))]

    # -- the topic display ----------------------------------------------------------------------
    def quote(self, ctx: Ctx, quoted: Message, count: int, nested: bool, depth: int = 0) -> str:
        """A ``[quote author=… link=msg=… date=…]`` block as ``parse_bbc()`` renders it."""
        cls = "bbc_alternate_quote" if depth % 2 else "bbc_standard_quote"
        inner = ""
        if nested and quoted.quote is not None:
            inner = self.quote(ctx, quoted.quote, quoted.quote_count, False, depth + 1)
        text = "<br><br>".join(quoted.markup[:count]).replace(SMILEYS, ctx.req.base_url + "/Smileys")
        return (
            f'<blockquote class="{cls}"><cite><a href="{ctx.s}?msg={quoted.mid}">Quote from: '
            f"{esc(self.member(quoted.uid).name)} on {timeformat(quoted.when)}</a></cite>{inner}{text}</blockquote>"
        )

    def body(self, ctx: Ctx, m: Message) -> str:
        quote = self.quote(ctx, m.quote, m.quote_count, m.nested) if m.quote is not None else ""
        return quote + "<br><br>".join(m.markup).replace(SMILEYS, ctx.req.base_url + "/Smileys")

    def poster(self, ctx: Ctx, u: Member) -> str:
        stars = ("iconadmin" if u.group == "Administrator" else "icongmod", 5) if u.group else ("icon", u.stars)
        star = f'<img src="{ctx.theme}/images/membericons/{stars[0]}.png" alt="*">'
        lis = [
            f'<li class="avatar">\n\t\t\t\t\t\t\t\t\t<a href="{ctx.s}?action=profile;u={u.uid}">{self.avatar(ctx, u)}'
            "</a>\n\t\t\t\t\t\t\t\t</li>",
            f'<li class="icons">{star * stars[1]}</li>',
        ]
        if u.group:
            lis.append(f'<li class="membergroup">{u.group}</li>')
        if u.title:
            lis.append(f'<li class="title">{esc(u.title)}</li>')
        lis += [f'<li class="postgroup">{u.post_group}</li>', f'<li class="postcount">Posts: {number(u.posts)}</li>']
        if u.blurb:
            lis.append(f'<li class="blurb">{esc(u.blurb)}</li>')
        if u.website:
            url, label = u.website
            lis.append(
                f'<li class="profile">\n\t\t\t\t\t\t\t\t\t<ol class="profile_icons">\n\t\t\t\t\t\t\t\t\t\t<li><a '
                f'href="{url}" title="{esc(label)}" target="_blank" rel="noopener"><span class="main_icons www '
                f'centericon" title="{esc(label)}"></span></a></li>\n\t\t\t\t\t\t\t\t\t</ol>\n'
                "\t\t\t\t\t\t\t\t</li><!-- .profile -->"
            )
        lis.append('<li class="poster_ip">Logged</li>')
        return "".join(f"\n\t\t\t\t\t\t\t\t{li}" for li in lis)

    def post(self, ctx: Ctx, topic: Topic, counter: int, m: Message) -> str:
        u = self.member(m.uid)
        edited = ""
        if m.edited is not None:
            when, editor, reason = m.edited
            why = f'&nbsp;<span id="reason" class="lastedit">Reason</span>: {esc(reason)}' if reason else ""
            edited = f'<span class="lastedit">Last Edit</span>: {timeformat(when)} by {esc(editor)}{why}'
        likes = ""
        if m.likes:
            href = f"{ctx.s}?action=likes;sa=view;ltype=msg;like={m.mid};{ctx.session_var}={ctx.session_value}"
            who = f"{m.likes} person</a> likes" if m.likes == 1 else f"{m.likes} people</a> like"
            likes = (
                f'\n\t\t\t\t\t\t\t\t<ul class="floatleft">\n\t\t\t\t\t\t\t\t\t<li class="like_count smalltext">\n'
                f'\t\t\t\t\t\t\t\t\t\t<a href="{href}">{who} this.\n\t\t\t\t\t\t\t\t\t</li>\n\t\t\t\t\t\t\t\t</ul>'
            )
        signature = ""
        if u.signature:
            signature = (
                f'\n\t\t\t\t\t\t\t<div class="signature" id="msg_{m.mid}_signature">\n\t\t\t\t\t\t\t\t{u.signature}'
                "\n\t\t\t\t\t\t\t</div>"
            )
        plain_icon = ' style="position: absolute; z-index: -1;"' if m.icon == "xx" else ""
        return (
            f'\n\t\t\t\t<div class="windowbg" id="msg{m.mid}">\n\t\t\t\t\t<div class="post_wrapper">\n'
            f'\t\t\t\t\t\t<div class="poster">\n\t\t\t\t\t\t\t<h4>\n\t\t\t\t\t\t\t\t{self.member_link(ctx, m.uid)}\n'
            f'\t\t\t\t\t\t\t</h4>\n\t\t\t\t\t\t\t<ul class="user_info">{self.poster(ctx, u)}\n\t\t\t\t\t\t\t</ul>\n'
            '\t\t\t\t\t\t</div><!-- .poster -->\n\t\t\t\t\t\t<div class="postarea">\n'
            '\t\t\t\t\t\t\t<div class="keyinfo">\n'
            f'\t\t\t\t\t\t\t\t<div id="subject_{m.mid}" class="subject_title subject_hidden">\n'
            f'\t\t\t\t\t\t\t\t\t<a href="{ctx.s}?msg={m.mid}" rel="nofollow">{esc(m.subject)}</a>\n'
            "\t\t\t\t\t\t\t\t</div>\n"
            + (
                f'\t\t\t\t\t\t\t\t<span class="page_number floatright">#{counter}</span>\n'
                if counter
                else "\t\t\t\t\t\t\t\t\n"
            )
            + '\t\t\t\t\t\t\t\t<div class="postinfo">\n'
            f'\t\t\t\t\t\t\t\t\t<span class="messageicon" {plain_icon}>\n'
            f'\t\t\t\t\t\t\t\t\t\t<img src="{ctx.theme}/images/post/{m.icon}.png" alt="">\n\t\t\t\t\t\t\t\t\t</span>\n'
            f'\t\t\t\t\t\t\t\t\t<a href="{ctx.s}?msg={m.mid}" rel="nofollow" title="'
            f'{f"Reply #{counter} - " if counter else ""}{esc(m.subject)}" class="smalltext">{timeformat(m.when)}</a>\n'
            '\t\t\t\t\t\t\t\t\t<span class="spacer"></span>\n'
            f'\t\t\t\t\t\t\t\t\t<span class="smalltext modified floatright{" mvisible" if edited else ""}" '
            f'id="modified_{m.mid}">{edited}\n\t\t\t\t\t\t\t\t\t</span>\n\t\t\t\t\t\t\t\t</div>\n'
            f'\t\t\t\t\t\t\t\t<div id="msg_{m.mid}_quick_mod"></div>\n\t\t\t\t\t\t\t</div><!-- .keyinfo -->\n'
            '\t\t\t\t\t\t\t<div class="post">\n'
            f'\t\t\t\t\t\t\t\t<div class="inner" data-msgid="{m.mid}" id="msg_{m.mid}">\n'
            f"\t\t\t\t\t\t\t\t\t{self.body(ctx, m)}\n\t\t\t\t\t\t\t\t</div>\n\t\t\t\t\t\t\t</div><!-- .post -->\n"
            f'\t\t\t\t\t\t\t<div class="under_message">{likes}\n\t\t\t\t\t\t\t</div><!-- .under_message -->\n'
            f'\t\t\t\t\t\t</div><!-- .postarea -->\n\t\t\t\t\t\t<div class="moderatorbar">{signature}\n'
            "\t\t\t\t\t\t</div><!-- .moderatorbar -->\n\t\t\t\t\t</div><!-- .post_wrapper -->\n"
            '\t\t\t\t</div><!-- $message[css_class] -->\n\t\t\t\t<hr class="post_separator">'
        )

    def render_topic(
        self, ctx: Ctx, topic: Topic, page: int, *, all_view: bool = False, new_at: int = -1, noindex: bool = False
    ) -> str:
        """A page of a topic (``all_view``: every post, the ';all' view); ``new_at`` is the position of the
        message a ``msgN``/``new`` start asked for, where SMF puts its ``<a id="new">``."""
        d, s, tid = self.data, ctx.s, topic.tid
        total = len(topic.messages)
        start = 0 if all_view else (page - 1) * PER_PAGE
        shown = range(total) if all_view else range(start, min(total, start + PER_PAGE))
        index = self.page_index(ctx, f"topic={tid}.", start, total, PER_PAGE)
        if PER_PAGE < total < ALL_LIMIT:
            index += (
                '<span class="current_page">All</span> '
                if all_view
                else f'<a class="nav_page" href="{s}?topic={tid}.0;all">All</a> '
            )
        first = topic.messages[0]
        posts = "".join(
            ('\n\t\t\t\t<a id="new"></a>' if i == new_at and i != start else "")
            + self.post(ctx, topic, i, topic.messages[i])
            for i in shown
        )
        print_button = (
            f'\n\t\t<div class="buttonlist floatright">\n\t\t\t\n\t\t\t\t<a class="button button_strip_print new_win" '
            f'href="{s}?action=printpage;topic={tid}.0" rel="nofollow">Print</a>\n\t\t</div>'
        )
        icons = (' <span class="main_icons lock"></span>' if topic.locked else "") + (
            ' <span class="main_icons sticky"></span>' if topic.sticky else ""
        )
        board = d.boards[topic.board]
        crumbs = [*self.board_crumbs(board), (f"?topic={tid}.0", esc(topic.subject))]
        body = (
            f'\n\t\t<div id="display_head" class="information">\n\t\t\t<h2 class="display_title">\n'
            f'\t\t\t\t<span id="top_subject">{esc(topic.subject)}</span>{icons}\n\t\t\t</h2>\n'
            f"\t\t\t<p>Started by {esc(self.member(first.uid).name)}, {timeformat(first.when)}</p>\n"
            f'\t\t\t<span class="nextlinks floatright"><a href="{s}?topic={tid}.0;prev_next=prev#new">&laquo; previous'
            f'</a> - <a href="{s}?topic={tid}.0;prev_next=next#new">next &raquo;</a></span>\n'
            "\t\t</div><!-- #display_head -->\n\t\t"
            + ('<a id="new"></a>' if new_at == start else "")
            + f'\n\t\t<div class="pagesection top">{print_button}\n\t\t\t\n\t\t\t<div class="pagelinks floatleft">\n'
            f'\t\t\t\t<a href="#bot" class="button">Go Down</a>\n\t\t\t\t{index}\n\t\t\t</div>\n'
            '\t\t<div class="mobile_buttons floatright">\n\t\t\t<a class="button mobile_act">User actions</a>\n'
            '\t\t\t\n\t\t</div>\n\t\t</div>\n\t\t<div id="forumposts">\n'
            f'\t\t\t<form action="{s}?action=quickmod2;topic={tid}.{start}" method="post" accept-charset="UTF-8" '
            'name="quickModForm" id="quickModForm" onsubmit="return oQuickModify.bInEditMode ? '
            f"oQuickModify.modifySave('{ctx.session_value}', '{ctx.session_var}') : false\">{posts}\n"
            "\t\t\t</form>\n\t\t</div><!-- #forumposts -->\n"
            f'\t\t<div class="pagesection">{print_button}\n\t\t\t\n\t\t\t<div class="pagelinks floatleft">\n'
            f'\t\t\t\t<a href="#main_content_section" class="button" id="bot">Go Up</a>\n\t\t\t\t{index}\n'
            '\t\t\t</div>\n\t\t<div class="mobile_buttons floatright">\n'
            '\t\t\t<a class="button mobile_act">User actions</a>\n\t\t\t\n\t\t</div>\n\t\t</div>'
            f'{self.linktree(ctx, crumbs)}\n\t\t<div id="moderationbuttons">\n\t\t\t\n\t\t</div>\n'
            '\t\t<div id="display_jump_to"></div>\n\t\t<div id="mobile_action" class="popup_container">\n'
            '\t\t\t<div class="popup_window description">\n\t\t\t\t<div class="popup_heading">\n'
            '\t\t\t\t\tUser actions\n\t\t\t\t\t<a href="javascript:void(0);" class="main_icons hide_popup"></a>\n'
            f"\t\t\t\t</div>\n\t\t\t\t{print_button}\n\t\t\t</div>\n\t\t</div>\n\t\t<script>\n"
            "\t\t\tif ('XMLHttpRequest' in window)\n\t\t\t{\n\t\t\t\tvar oQuickModify = new QuickModify({\n"
            f"\t\t\t\t\tsScriptUrl: smf_scripturl,\n\t\t\t\t\tsClassName: 'quick_edit',\n\t\t\t\t\tbShowModify: true,\n"
            f"\t\t\t\t\tiTopicId: {tid},\n\t\t\t\t\tsTemplateSubjectNormal: '<a hr' + 'ef=\"' + smf_scripturl + "
            f"'?topic={tid}.msg%msg_id%#msg%msg_id%\" rel=\"nofollow\">%subject%<' + '/a>',\n"
            "\t\t\t\t\tsErrorBorderStyle: '1px solid red'\n\t\t\t\t});\n\t\t\t}\n\t\t</script>"
        )
        last = d.pages(topic)
        head = "".join(
            f'\n\t<link rel="{rel}" href="{s}?topic={tid}.{(n - 1) * PER_PAGE}">'
            for rel, n, on in (("next", page + 1, page < last), ("prev", page - 1, page > 1))
            if on and not all_view
        )
        return self.page(
            ctx,
            title=esc(topic.subject) + (f" - Page {page}" if page > 1 and not all_view else ""),
            body=body,
            crumbs=crumbs,
            canonical=self.thread_target(tid, page),
            head=head,
            body_class=f"action_messageindex board_{topic.board}",
            noindex=noindex or all_view,
            description=" ".join(first.paragraphs)[:200],
            board=topic.board,
            topic=tid,
        )
