"""Templates of the Douban groups fixture (豆瓣小组, logged-out view): chrome, the group directory, a group's
home, its discussion list, topic pages and the paginator.

:mod:`topiccrawl.demo.forum_douban` holds the content, the routing, the truth and the lesser pages, and its
docstring says what is imitated. Links are absolute, as Douban writes them (``https://www.douban.com/…``,
here the fixture's own base URL); other Douban hosts (读书, 电影, …, ``img*.doubanio.com``) stay external.
Times are on the site's clock :data:`NOW` (Beijing time): lists show ``11-28 15:03`` (``2024-11-28`` for
earlier years), pages ``2025-11-28 15:03:12``.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import datetime
from html import escape
from typing import TYPE_CHECKING
from urllib.parse import quote

from topiccrawl.demo.server import Reply, SiteRequest

if TYPE_CHECKING:
    from topiccrawl.demo.forum_douban import Comment, DoubanData, Group, Topic, User

NOW = datetime(2025, 11, 28, 18, 42, 7)  # the site's clock (Asia/Shanghai), a Friday evening
PER_PAGE = 100  # comments on a topic page
TOPICS_PER_PAGE = 25  # discussion list
HOME_TOPICS = 50  # the group home's latest-topics table
MEMBERS_PER_PAGE = 35
FEED_PER_PAGE = 15  # the 精选 feed on /group/explore
TITLE_CUT = 30  # the lists cut titles longer than this
EMPTY_LIST = '<p class="pl">这个小组还没有话题</p>'
IMG = "https://img1.doubanio.com"
STATIC = "https://img1.doubanio.com/f/vendors/8c5bdc0d1b0d25ffd8d4c2cbdcf3e9a5b0c8d2a1"
# fmt: off
GLOBAL_NAV = [
    ("https://www.douban.com", "豆瓣", "main"), ("https://book.douban.com", "读书", "book"),
    ("https://movie.douban.com", "电影", "movie"), ("https://music.douban.com", "音乐", "music"),
    ("@BASE@/location", "同城", "location"), ("@BASE@/group", "小组", "group"),
    ("https://read.douban.com&#47;?dcs=top-nav&amp;dcm=douban", "阅读", "read"),
    ("https://fm.douban.com/?from_=shire_top_nav", "FM", "fm"),
    ("https://time.douban.com/?dt_time_source=douban-web_top_nav", "时间", "time"),
    ("https://market.douban.com?utm_campaign=douban_top_nav&amp;utm_source=douban&amp;utm_medium=pc_web", "豆品",
     "market"),
]
FOOTER = [
    ("@BASE@/about", "关于豆瓣"), ("@BASE@/jobs", "在豆瓣工作"), ("@BASE@/about?topic=contactus", "联系我们"),
    ("@BASE@/about/legal", "法律声明"), ("https://help.douban.com/?app=main", "帮助中心"),
    ("@BASE@/doubanapp/", "移动应用"), ("@BASE@/partner/", "豆瓣广告"),
]
SUBS = {"statuses": "广播", "contacts": "关注", "rev_contacts": "关注者"}
# fmt: on


def intval(value: str | None) -> int:
    m = re.match(r"\s*(-?\d+)", value or "")
    return int(m.group(1)) if m else 0


def esc(text: str) -> str:
    return escape(text, quote=True)


def full_time(when: datetime) -> str:
    """'2025-11-28 15:03:12'."""
    return f"{when:%Y-%m-%d %H:%M:%S}"


def list_time(when: datetime) -> str:
    """The lists' '最后回应' column: '11-28 15:03' this year, '2024-11-28' before."""
    return f"{when:%m-%d %H:%M}" if when.year == NOW.year else f"{when:%Y-%m-%d}"


def cut(title: str, limit: int = TITLE_CUT) -> str:
    return title if len(title) <= limit else title[: limit - 1] + "..."


def avatar(uid: str) -> str:
    n = int(hashlib.md5(uid.encode()).hexdigest()[:7], 16) % 280000000
    return f"{IMG}/icon/u{n}-{n % 7 + 1}.jpg"


@dataclass(frozen=True)
class Ctx:
    """One request as a template sees it."""

    req: SiteRequest

    @property
    def bb(self) -> str:
        return self.req.base_url

    @property
    def login(self) -> str:
        """'登录' links carry the page they were on: one login URL per page."""
        return f"{self.bb}/accounts/login?redir={quote(self.req.url, safe='')}&amp;source=group"

    def fix(self, markup: str) -> str:
        return markup.replace("@BASE@", self.bb)


class DoubanPages:
    """The templates. Mixed into :class:`~topiccrawl.demo.forum_douban.DoubanGroups`, which provides the data."""

    data: DoubanData

    # -- chrome ---------------------------------------------------------------------------------
    def page(self, ctx: Ctx, title: str, body: str, *, head: str = "", aside: str = "", h1: str = "") -> str:
        bb = ctx.bb
        items = "\n".join(
            f'        <li class="{"on" if key == "group" else ""}">\n          <a href="{url}" target="_blank" '
            f"data-moreurl-dict='{{&#34;from&#34;:&#34;top-nav-click-{key}&#34;,&#34;uid&#34;:&#34;0&#34;}}'>"
            f"{label}</a>\n        </li>"
            for url, label, key in GLOBAL_NAV
        )
        footer = "\n        · ".join(f'<a href="{url}">{label}</a>' for url, label in FOOTER)
        heading = f"<h1>\n        {h1}\n    </h1>\n" if h1 else ""
        column = f'<div class="aside">\n{aside}\n</div>\n' if aside else ""
        return ctx.fix(
            '<!DOCTYPE html>\n<html lang="zh-CN" class="ua-linux ua-webkit">\n<head>\n'
            '    <meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n'
            '    <meta name="renderer" content="webkit">\n    <meta name="referrer" content="always">\n'
            '    <meta name="google-site-verification" content="ok0wCgT20tBBgo9_zat2iAcimtN4Ftf5ccsh092Xeyw" />\n'
            f"    <title>\n    {title}\n</title>\n"
            "    <script>var _head_start = new Date();</script>\n"
            f'    <link href="{STATIC}/css/douban.css" rel="stylesheet" type="text/css">\n'
            f'    <link href="{STATIC}/css/separation/_all.css" rel="stylesheet" type="text/css">\n'
            f'    <script type="text/javascript" src="{STATIC}/js/jquery1.8.js"></script>\n'
            f'    <script type="text/javascript" src="{STATIC}/js/douban.js"></script>\n'
            f'    <link rel="stylesheet" href="{IMG}/misc/mixed_static/3b1a3c0d8ef5b7a7.css">\n'
            f"{head}"
            f'    <link rel="shortcut icon" href="{IMG}/favicon.ico" type="image/x-icon">\n</head>\n<body>\n'
            "  <script>var _body_start = new Date();</script>\n"
            '<div id="db-global-nav" class="global-nav">\n  <div class="bd">\n    <div class="top-nav-info">\n'
            f'      <a href="{ctx.login}" class="nav-login" rel="nofollow">登录/注册</a>\n    </div>\n'
            '    <div class="top-nav-doubanapp">\n'
            f'      <a href="{bb}/doubanapp/app?channel=top-nav" class="lnk-doubanapp">下载豆瓣客户端</a>\n'
            '    </div>\n    <div class="global-nav-items">\n      <ul>\n'
            f"{items}\n      </ul>\n    </div>\n  </div>\n</div>\n"
            '<script>\n  ;window._GLOBAL_NAV = {\n    DOUBAN_URL: "https://www.douban.com",\n'
            '    N_NEW_NOTIS_URL: "/j/misc/notis",\n    N_NEW_DOUMAIL_URL: "/j/doumail/count_unread"\n  };\n'
            "</script>\n"
            '<div id="db-nav-group" class="nav">\n  <div class="nav-wrap">\n  <div class="nav-primary">\n'
            f'    <div class="nav-logo">\n      <a href="{bb}/group">豆瓣小组</a>\n    </div>\n'
            '    <div class="nav-search">\n'
            f'      <form action="{bb}/group/search" method="get">\n        <fieldset>\n'
            '          <legend>搜索：</legend>\n          <label for="inp-query"></label>\n'
            '          <div class="inp"><input type="hidden" name="cat" value="1019" />\n'
            '            <input id="inp-query" name="q" size="22" maxlength="60" placeholder="小组、话题" value="">'
            "</div>\n"
            '          <div class="inp-btn"><input type="submit" value="搜索"></div>\n'
            "        </fieldset>\n      </form>\n    </div>\n"
            '    <div class="nav-items">\n      <ul>\n'
            f'        <li><a href="{bb}/group/">首页</a></li>\n'
            f'        <li><a href="{bb}/group/explore">精选</a></li>\n'
            f'        <li><a href="{bb}/group/mine">我的小组</a></li>\n'
            "      </ul>\n    </div>\n  </div>\n  </div>\n</div>\n"
            '<div id="wrapper">\n'
            f'<div id="content">\n    {heading}'
            '    <div class="grid-16-8 clearfix">\n        <div class="article">\n'
            f"{body}\n        </div>\n{column}"
            '        <div class="extra">\n        </div>\n    </div>\n</div>\n'
            '<div id="footer">\n<span id="icp" class="fleft gray-link">\n'
            "    &copy; 2005－2025 douban.com, all rights reserved 北京豆网科技有限公司\n</span>\n"
            f'<a href="{bb}/hnypt/variformcyst.py" style="display: none;"></a>\n'
            f'<span class="fright">\n        {footer}\n</span>\n</div>\n</div>\n'
            f'<script type="text/javascript" src="{STATIC}/js/ad.release.js"></script>\n'
            '<script type="text/javascript">\n    Do.ready(function(){ DoubanAdLoader.load(); });\n</script>\n'
            "</body>\n</html>"
        )

    def people(self, ctx: Ctx, u: User, cls: str = "") -> str:
        return f'<a href="{ctx.bb}/people/{u.uid}/" class="{cls}">{esc(u.name)}</a>'

    def face(self, ctx: Ctx, u: User) -> str:
        return (
            f'<div class="user-face">\n    <a href="{ctx.bb}/people/{u.uid}/"><img class="pil" src="{avatar(u.uid)}" '
            f'alt="{esc(u.name)}"/></a>\n</div>'
        )

    def ad(self, slot: str) -> str:
        return f'<div id="dale_{slot}"></div>'

    # -- paginator ------------------------------------------------------------------------------
    def paginator(self, url: str, page: int, pages: int, per: int) -> str:
        """Douban's ``div.paginator``: '<前页', the first two pages, a window of nine, the last two, '后页>'."""
        if pages <= 1:
            return ""
        sep = "&amp;" if "?" in url else "?"

        def link(n: int) -> str:
            return f"{url}{sep}start={(n - 1) * per}"

        shown = sorted({1, 2, pages - 1, pages, *range(max(1, page - 4), min(pages, page + 4) + 1)})
        shown = [n for n in shown if 1 <= n <= pages]
        out = ['<div class="paginator">']
        if page > 1:
            out.append(
                f'        <span class="prev">\n            <link rel="prev" href="{link(page - 1)}"/>\n'
                f'            <a href="{link(page - 1)}" >&lt;前页</a>\n        </span>'
            )
        else:
            out.append('        <span class="prev">\n            &lt;前页\n        </span>')
        last = 0
        for n in shown:
            if n - last > 1:
                out.append('        <span class="break">...</span>')
            if n == page:
                out.append(f'        <span class="thispage" data-total-page="{pages}">{n}</span>')
            else:
                out.append(f'            <a href="{link(n)}" >{n}</a>')
            last = n
        if page < pages:
            out.append(
                f'        <span class="next">\n            <link rel="next" href="{link(page + 1)}"/>\n'
                f'            <a href="{link(page + 1)}" >后页&gt;</a>\n        </span>'
            )
        else:
            out.append('        <span class="next">\n            后页&gt;\n        </span>')
        out.append("    </div>")
        return "\n".join(out)

    # -- lists ----------------------------------------------------------------------------------
    def topic_table(self, ctx: Ctx, topics: list[Topic], *, group_col: bool = False) -> str:
        bb = ctx.bb
        head = "<td>讨论</td>" if not group_col else "<td>话题</td>"
        rows = [
            f'<table class="olt">\n        <tr class="th">\n            {head}\n'
            '            <td nowrap="nowrap">作者</td>\n'
            '            <td nowrap="nowrap">回应</td>\n            <td align="right" nowrap="nowrap">最后回应</td>\n'
            + ('            <td nowrap="nowrap">小组</td>\n' if group_col else "")
            + "        </tr>"
        ]
        for t in topics:
            marks = ""
            if t.sticky and not group_col:
                marks += '\n                <span class="pl" title="置顶">[置顶]</span>'
            if t.elite:
                marks += '\n                <span class="elite_topic_lable">精</span>'
            n = len(t.comments)
            group = (
                f'\n            <td nowrap="nowrap"><a href="{bb}/group/{t.group.slug}/">{esc(t.group.name)}</a></td>'
            )
            rows.append(
                '        <tr class="">\n            <td class="title">\n'
                f'                <a href="{bb}/group/topic/{t.tid}/" title="{esc(t.title)}" class="">'
                f"{esc(cut(t.title))}</a>{marks}\n            </td>\n"
                f'            <td nowrap="nowrap">{self.people(ctx, t.user)}</td>\n'
                f'            <td nowrap="nowrap" class="r-count ">{n or ""}</td>\n'
                f'            <td nowrap="nowrap" class="time">{list_time(t.last)}</td>'
                + (group if group_col else "")
                + "\n        </tr>"
            )
        rows.append("    </table>")
        return "\n".join(rows)

    def group_item(self, ctx: Ctx, g: Group) -> str:
        return (
            '<div class="group-item">\n  <div class="pic">\n'
            f'    <a href="{ctx.bb}/group/{g.slug}/?ref=sidebar"><img src="{IMG}/view/group/sqxs/public/'
            f'g{g.icon}-1.jpg" alt="{esc(g.name)}" class="pil"/></a>\n  </div>\n  <div class="info">\n'
            f'    <div class="title"><a href="{ctx.bb}/group/{g.slug}/?ref=sidebar" title="{esc(g.name)}">'
            f"{esc(g.name)}</a></div>\n"
            f'    <div class="member-count">{g.members} 个{g.word}</div>\n  </div>\n</div>'
        )

    def group_side(self, ctx: Ctx, g: Group) -> str:
        return (
            '<div class="sidebar-info-wrapper">\n'
            f"{self.group_item(ctx, g)}\n"
            f'<div class="group-intro-aside">{esc(g.intro[0])}</div>\n'
            f'<a href="{ctx.login}" class="button-join bn-join-group" rel="nofollow">加入小组</a>\n</div>'
        )

    def related(self, ctx: Ctx, g: Group) -> str:
        others = [o for o in self.data.groups if o is not g][:4]
        items = "\n".join(
            f'  <dl class="ob"><dt><a href="{ctx.bb}/group/{o.slug}/"><img src="{IMG}/view/group/sqxs/public/'
            f'g{o.icon}-1.jpg" class="m_sub_img" alt="{esc(o.name)}"/></a></dt>\n'
            f'  <dd><a href="{ctx.bb}/group/{o.slug}/">{esc(o.name)}</a> ({o.members})</dd></dl>'
            for o in others
        )
        dots = "&nbsp;&middot;" * 4
        return f'<div class="mod">\n  <h2>相关小组{dots}</h2>\n{items}\n</div>'

    # -- the group directory: the board index --------------------------------------------------------
    def render_explore(self, ctx: Ctx, start: int, tag: str) -> str:
        d, bb = self.data, ctx.bb
        tabs = " ".join(
            f'<a href="{bb}/group/explore{"?tag=" + quote(t) if t else ""}" class="{"on" if t == tag else ""}">'
            f"{t or '精选'}</a>"
            for t in ["", *d.tags]
        )
        cards = []
        for g in d.groups:
            if tag and tag not in g.tags:
                continue
            cards.append(
                '<div class="result">\n  <div class="pic">\n'
                f'    <a class="nbg" href="{bb}/group/{g.slug}/" title="{esc(g.name)}">'
                f'<img src="{IMG}/view/group/sqxs/public/g{g.icon}-1.jpg" alt="{esc(g.name)}"/></a>\n  </div>\n'
                '  <div class="content">\n    <div class="title">\n'
                f'      <h3><a href="{bb}/group/{g.slug}/" title="{esc(g.name)}">{esc(g.name)}</a></h3>\n'
                f'    </div>\n    <div class="info">{g.members} 个{g.word} 在此聚集</div>\n'
                f"    <p>{esc(g.intro[0])}</p>\n  </div>\n</div>"
            )
        feed = [t for t in d.featured() if not tag or tag in t.group.tags]
        items = []
        for t in feed[start : start + FEED_PER_PAGE]:
            snippet = " ".join(t.plain)
            snippet = snippet if len(snippet) <= 90 else snippet[:90] + "..."
            items.append(
                f'<div class="channel-item">\n  <div class="likes">{t.likes}<br>喜欢</div>\n  <div class="bd">\n'
                f'    <h3><a href="{bb}/group/topic/{t.tid}/">{esc(t.title)}</a></h3>\n'
                f'    <div class="block"><p>{esc(snippet)}</p></div>\n    <div class="source">\n'
                f'      <span class="from">来自<a href="{bb}/group/{t.group.slug}/">{esc(t.group.name)}</a></span>\n'
                f'      <span class="pubtime">{full_time(t.when)}</span>\n    </div>\n  </div>\n</div>'
            )
        pages = -(-len(feed) // FEED_PER_PAGE)
        url = f"{bb}/group/explore" + (f"?tag={quote(tag)}" if tag else "")
        body = (
            f'<div class="tabs">{tabs}</div>\n'
            + ('<div class="group-list">\n<h2>全部小组</h2>\n' + "\n".join(cards) + "\n</div>\n" if not start else "")
            + '<div class="channel-items">\n<h2>精选讨论</h2>\n'
            + ("\n".join(items) or '<p class="pl">没有更多了</p>')
            + "\n</div>\n"
            + self.paginator(url, start // FEED_PER_PAGE + 1, pages, FEED_PER_PAGE)
        )
        tags = "\n".join(f'  <a href="{bb}/group/explore?tag={quote(t)}" class="tag">{t}</a>' for t in d.tags)
        aside = (
            f"{self.ad('group_explore_right_top')}\n"
            f'<div class="mod">\n  <h2>热门标签&nbsp;&middot;&nbsp;&middot;&nbsp;&middot;</h2>\n<div class="tags">\n'
            f"{tags}\n</div>\n</div>\n"
            f'<div class="mod">\n  <a href="{bb}/group/search?cat=1019&amp;q=">搜索更多小组 &gt;</a><br>\n'
            f'  <a href="{bb}/doubanapp/app?channel=group_explore">下载豆瓣App，逛更多小组</a>\n</div>\n'
            f"{self.ad('group_explore_right_bottom')}"
        )
        title = "发现小组" if not tag else f"发现小组: {esc(tag)}"
        return self.page(ctx, title, body, aside=aside, h1="发现小组")

    # -- group home and discussion list ---------------------------------------------------------------
    def render_home(self, ctx: Ctx, g: Group, tab: int | None) -> str:
        d, bb = self.data, ctx.bb
        listing = d.listing(g)
        if tab is not None:
            listing = [t for t in listing if t.tab == tab]
        tabs = ""
        if g.tabs:
            tabs = (
                '<div class="group-topic-tabs">\n'
                f'  <a href="{bb}/group/{g.slug}/" class="{"" if tab is not None else "on"}">全部</a>\n'
                + "\n".join(
                    f'  <a href="{bb}/group/{g.slug}/?tab={k}" class="{"on" if k == tab else ""}">{esc(v)}</a>'
                    for k, v in g.tabs
                )
                + "\n</div>\n"
            )
        more = HOME_TOPICS if len(g.topics) > HOME_TOPICS else 0
        intro = "<br/>".join(esc(line) for line in g.intro)
        tags = " ".join(f'<a href="{bb}/group/explore?tag={quote(t)}" class="tag">{esc(t)}</a>' for t in g.tags)
        body = (
            '<div id="group-info">\n'
            f'    <img src="{IMG}/view/group/sqxs/public/g{g.icon}-1.jpg" class="pil groupicon" alt="{esc(g.name)}"/>\n'
            f'    <h1>\n        {esc(g.name)}\n    </h1>\n    <div class="group-board">\n'
            f"        <p>创建于{g.created:%Y-%m-%d} &nbsp; &nbsp;组长：{self.people(ctx, g.leader)}</p>\n"
            f'        <div class="group-intro">{intro}</div>\n'
            f'        <div class="group-tags">小组标签：{tags}</div>\n    </div>\n</div>\n'
            '<div class="group-misc">\n'
            f'    <a href="{ctx.login}" class="button-join bn-join-group" rel="nofollow">加入小组</a>\n'
            f'    <a href="{bb}/group/{g.slug}/new_topic" class="bn-post" rel="nofollow">发言</a>\n</div>\n'
            '<div class="mod">\n    <div class="hd">\n        <h2>最近讨论\n'
            f'            <span class="pl">&nbsp;(<a href="{bb}/group/{g.slug}/discussion?start=0">全部</a>&nbsp;'
            f'·&nbsp;<a href="{bb}/group/{g.slug}/discussion?start=0&amp;type=elite">精华</a>)</span>\n'
            f"        </h2>\n    </div>\n{tabs}"
            f"    {self.topic_table(ctx, listing[:HOME_TOPICS])}\n"
            f'    <div class="group-topics-more" style="text-align:right">\n'
            f'        <a href="{bb}/group/{g.slug}/discussion?start={more}">&gt; 更多小组讨论</a>\n    </div>\n</div>'
        )
        recent = "\n".join(
            f'  <dl class="obu"><dt><a href="{bb}/people/{u.uid}/" class="nbg"><img src="{avatar(u.uid)}" '
            f'class="m_sub_img" alt="{esc(u.name)}"/></a></dt>\n  <dd><a href="{bb}/people/{u.uid}/">'
            f"{esc(u.name)}</a></dd></dl>"
            for u in g.active[:8]
        )
        aside = (
            f'<div class="mod side-reg">\n  <h2>最近加入&nbsp;&middot;&nbsp;&middot;&nbsp;&middot;</h2>\n{recent}\n'
            f'  <p class="pl2"><a href="{bb}/group/{g.slug}/members">浏览所有{g.word} &rsaquo;</a></p>\n</div>\n'
            f"{self.ad('group_home_right_top')}\n{self.related(ctx, g)}\n"
            f'<p class="pl2"><a href="{bb}/feed/group/{g.slug}/discussion" class="feed">feed: rss 2.0</a></p>\n'
            f"{self.ad('group_home_right_bottom')}"
        )
        head = (
            f'    <link rel="alternate" type="application/rss+xml" title="{esc(g.name)}" '
            f'href="{bb}/feed/group/{g.slug}/discussion">\n'
            f'    <meta name="mobile-agent" content="format=html5; url=https://m.douban.com/group/{g.slug}/">\n'
        )
        return self.page(ctx, esc(g.name), body, head=head, aside=aside)

    def render_discussion(self, ctx: Ctx, g: Group, page: int, kind: str = "") -> str:
        d, bb = self.data, ctx.bb
        listing = d.listing(g, kind)
        pages = max(1, -(-len(listing) // TOPICS_PER_PAGE))
        shown = listing[(page - 1) * TOPICS_PER_PAGE : page * TOPICS_PER_PAGE]
        base = f"{bb}/group/{g.slug}/discussion"
        labels = [("", "最新"), ("hot", "热门"), ("elite", "精华")]
        tabs = " ".join(
            f'<a href="{base}?start=0{"&amp;type=" + k if k else ""}" class="{"on" if k == kind else ""}">{v}</a>'
            for k, v in labels
        )
        url = base + (f"?type={kind}" if kind else "")
        body = (
            f'<div class="tabs">{tabs}</div>\n'
            f"    {self.topic_table(ctx, shown) if shown else EMPTY_LIST}\n"
            f"    {self.paginator(url, page, pages, TOPICS_PER_PAGE)}"
        )
        aside = (
            f"{self.group_side(ctx, g)}\n{self.ad('group_discussion_right_top')}\n"
            f'<div class="mod">\n  <a href="{bb}/group/{g.slug}/new_topic" class="bn-post" rel="nofollow">发言</a>\n'
            f'  <p class="pl2">&gt; <a href="{bb}/group/{g.slug}/">回到小组</a></p>\n</div>\n'
            f"{self.related(ctx, g)}"
        )
        head = f'    <meta name="mobile-agent" content="format=html5; url=https://m.douban.com/group/{g.slug}/">\n'
        return self.page(ctx, f"{esc(g.name)}小组的讨论", body, head=head, aside=aside, h1=f"{esc(g.name)}讨论")

    # -- topic page -----------------------------------------------------------------------------
    def comment_li(self, ctx: Ctx, t: Topic, c: Comment) -> str:
        bb, u = ctx.bb, c.user
        badge = '\n                <span class="topic-author-icon">楼主</span>' if u is t.user else ""
        quote_html = ""
        if c.quote is not None or c.quote_gone:
            if c.quote is None:
                inner = '<span class="short ref-content">该回应已被删除</span>'
            else:
                full = " ".join(c.quote.lines)
                short = full if len(full) <= 50 else full[:50] + "..."
                toggle = "..." if short != full else ""
                inner = (
                    f'<span class="short ref-content">{esc(short)}</span>\n'
                    f'            <span class="all ref-content" style="display:none">{esc(full)}</span>\n'
                    f'            <a href="javascript:;" class="toggle-reply">{toggle}</a>\n'
                    f'            <span class="pubdate">{self.people(ctx, c.quote.user)}</span>'
                )
            ref = c.quote.cid if c.quote is not None else c.cid - 7
            quote_html = (
                '\n        <div class="reply-quote">\n'
                f'          <div class="reply-quote-content" data-ref_cid="{ref}">\n'
                f"            {inner}\n          </div>\n        </div>"
            )
        photo = ""
        if c.image:
            photo = (
                '\n        <div class="comment-photos">\n          <div class="cmt-img-wrapper">\n'
                f'            <div class="cmt-img"><img src="{IMG}/view/group_topic/sqxs/public/p{c.image}.webp" '
                f'data-orig="{IMG}/view/group_topic/l/public/p{c.image}.webp"/></div>\n          </div>\n        </div>'
            )
        vote = f"赞 ({c.likes})" if c.likes else "赞"
        report = quote(f"{bb}/group/topic/{t.tid}/?cid={c.cid}", safe="")
        text = "<br>".join(esc(line) for line in c.lines)
        return (
            f'<li class="clearfix comment-item reply-item " id="{c.cid}" data-cid="{c.cid}" >\n'
            f"    {self.face(ctx, u)}\n"
            '    <div class="reply-doc content">\n        <div class="bg-img-green">\n            <h4>\n'
            f"                {self.people(ctx, u)}{badge}\n"
            f'                <span class="pubtime">{full_time(c.when)} {esc(c.province)}</span>\n'
            f"            </h4>\n        </div>{quote_html}{photo}\n"
            f'        <p class=" reply-content">{text}</p>\n'
            f'        <div class="operation_div" id="op_{c.cid}">\n'
            '            <div class="operation-like">\n'
            f'                <a href="javascript:void(0);" data-cid="{c.cid}" class="comment-vote lnk-fav">'
            f"{vote}</a>\n"
            '            </div>\n            <div class="operation-more">\n'
            f'                <a rel="nofollow" href="{bb}/group/topic/{t.tid}/?cid={c.cid}#last" class="lnk-reply">'
            "回应</a>\n"
            f'                <a rel="nofollow" href="{ctx.login}" class="lnk-delete-comment" '
            f'title="真的要删除{esc(u.name)}的发言?">删除</a>\n'
            '                <div class="comment-report-wrapper">\n'
            f'                    <a rel="nofollow" href="{bb}/misc/audit_report?url={report}" class="comment-report">'
            "举报</a>\n                </div>\n            </div>\n        </div>\n    </div>\n</li>"
        )

    def render_topic(self, ctx: Ctx, t: Topic, page: int, view: str = "") -> str:
        """A topic page. ``view``: '' (the page), 'author' (只看楼主), 'like' (最赞回应) or 'empty' (past the end)."""
        d, bb, g, u = self.data, ctx.bb, t.group, t.user
        pages = d.pages(t)
        home = f"{bb}/group/topic/{t.tid}/"
        if view == "author":
            shown = [c for c in t.comments if c.user is u]
        elif view == "like":
            shown = sorted(t.comments, key=lambda c: -c.likes)[:PER_PAGE]
        elif view == "empty":
            shown = []
        else:
            shown = t.comments[(page - 1) * PER_PAGE : page * PER_PAGE]
        signature = f"({esc(u.signature)})" if u.signature else ""
        richtext = "\n".join(t.blocks)
        last_start = (pages - 1) * PER_PAGE
        body = (
            '<div class="topic-content clearfix" id="topic-content">\n'
            f"    {self.face(ctx, u)}\n"
            '    <div class="topic-doc">\n        <h3>\n'
            f'            <span class="from">来自: {self.people(ctx, u)}{signature}</span>\n'
            f'            <span class="create-time color-green">{full_time(t.when)}</span>\n'
            f'            <span class="ip-location">{esc(t.province)}</span>\n        </h3>\n'
            '        <div class="topic-content">\n            <div id="link-report" class="">\n'
            f'                <div class="rich-content topic-richtext">\n{richtext}\n                </div>\n'
            "            </div>\n        </div>\n"
            '        <div class="topic-opt clearfix">\n'
            f'            <a href="{home}?author=1" class="">只看楼主</a>\n'
            f'            <a href="{home}?start={last_start}#last" class="">最新回应</a>\n'
            f'            <a href="{bb}/misc/audit_report?url={quote(home, safe="")}" class="report" rel="nofollow">'
            "举报</a>\n        </div>\n"
            '        <div class="sns-bar" id="sep">\n            <div class="sns-bar-fav">\n'
            f'                <a href="{ctx.login}" class="fav-add btn-fav" rel="nofollow">喜欢</a>'
            f'<span class="fav-num"><a href="{home}?type=like#sep">{t.likes}人</a>喜欢</span>\n'
            f'                <a href="{ctx.login}" class="lnk-doulist-add" rel="nofollow">收藏</a>'
            f'<span class="collect-num">{t.collects}</span>\n'
            f'                <a href="{ctx.login}" class="lnk-sharing" rel="nofollow">转发</a>'
            f'<span class="rec-num">{t.reshares}</span>\n'
            "            </div>\n        </div>\n    </div>\n</div>\n"
            f"{self.ad('group_topic_new_inner_middle')}\n"
        )
        popular = [] if view or page > 1 else d.popular(t)
        if popular:
            body += (
                '<div id="popular-comments-block">\n    <h3 class="">最赞回应</h3>\n'
                '    <ul id="popular-comments" class="topic-reply popular-bd">\n'
                + "\n".join(self.comment_li(ctx, t, c) for c in popular)
                + f'\n    </ul>\n    <a href="{home}?type=like#popular-comments" class="more">查看更多最赞回应</a>'
                + "\n</div>\n"
            )
        if shown:
            body += (
                '<h3 class="reply-title">回应</h3>\n<ul id="comments" class="topic-reply">\n'
                + "\n".join(self.comment_li(ctx, t, c) for c in shown)
                + "\n</ul>\n"
            )
        if not view:
            body += self.paginator(home, page, pages, PER_PAGE) + "\n"
        body += (
            '<div id="last"></div>\n<div class="comment-form txd">\n'
            f'    <p class="pl">你需要<a href="{ctx.login}" rel="nofollow">登录</a>后才能回应 · '
            f'<a href="{bb}/accounts/register?source=group" rel="nofollow">注册</a></p>\n</div>'
        )
        others = [o for o in d.listing(g) if o is not t and not o.sticky][:6]
        latest = "\n".join(
            f'    <li><a href="{bb}/group/topic/{o.tid}/" title="{esc(o.title)}">{esc(cut(o.title, 20))}</a>'
            f'<span class="pl">({len(o.comments)}回应)</span></li>'
            for o in others
        )
        aside = (
            f"{self.ad('group_topic_new_top_right')}\n{self.group_side(ctx, g)}\n"
            f'<div class="mod">\n  <h2>最新话题&nbsp;&middot;&nbsp;&middot;&nbsp;&middot;&nbsp;&middot;'
            f'<span class="pl">&nbsp;(<a href="{bb}/group/{g.slug}/discussion?start=0">更多</a>)</span></h2>\n'
            f'  <ul class="topic-list">\n{latest}\n  </ul>\n'
            f"</div>\n{self.ad('group_topic_new_middle_right')}\n{self.related(ctx, g)}\n"
            f"{self.ad('group_topic_new_bottom_right')}"
        )
        ld = {
            "@context": "http://schema.org",
            "@type": "DiscussionForumPosting",
            "@id": home,
            "url": home,
            "name": t.title,
            "text": "\n".join(t.plain),
            "dateCreated": f"{t.when:%Y-%m-%dT%H:%M:%S}",
            "commentCount": len(t.comments),
            "interactionStatistic": {
                "@type": "InteractionCounter",
                "interactionType": "http://schema.org/LikeAction",
                "userInteractionCount": t.likes,
            },
            "author": {"@type": "Person", "name": u.name, "url": f"{bb}/people/{u.uid}/"},
        }
        ld_json = json.dumps(ld, ensure_ascii=False, indent=2).replace("</", "<\\/")
        description = " ".join(t.plain)[:120]
        head = (
            f'    <meta name="description" content="{esc(description)}">\n'
            f'    <meta name="mobile-agent" content="format=html5; url=https://m.douban.com/group/topic/{t.tid}/">\n'
            '    <link rel="alternate" media="only screen and (max-width: 640px)" '
            f'href="https://m.douban.com/group/topic/{t.tid}/">\n'
            f'    <script type="application/ld+json">\n{ld_json}\n    </script>\n'
        )
        return self.page(ctx, esc(t.title), body, head=head, aside=aside, h1=esc(t.title))

    # -- lesser pages ----------------------------------------------------------------------------
    def simple(self, ctx: Ctx, title: str, rows: list[str], aside: str = "") -> str:
        body = "\n".join(f'<div class="simple-row">{row}</div>' for row in rows)
        return self.page(ctx, esc(title), body, h1=esc(title), aside=aside)

    def render_profile(self, ctx: Ctx, u: User, sub: str) -> str:
        d, bb = self.data, ctx.bb
        if u.name == "[已注销]":
            return self.simple(ctx, "[已注销]", ["该用户已经主动注销帐号"])
        mine = [t for t in d.topics.values() if t.user is u]
        joined = [g for g in d.groups if u in g.active] or d.groups[int(u.uid[-1]) % len(d.groups) :][:1]
        if sub:
            h = int(hashlib.md5(f"{u.uid}:{sub}".encode()).hexdigest(), 16)
            if sub == "statuses":
                rows = [
                    f'{self.people(ctx, u)} 推荐了话题 <a href="{bb}/group/topic/{t.tid}/">{esc(t.title)}</a> '
                    f"{full_time(t.when)}"
                    for t in mine[:10]
                ] or ["还没有广播"]
            else:
                others = [d.user(str(200_000_000 + (h >> k) % 100_000_000)) for k in range(0, 60, 6)]
                rows = [self.people(ctx, o) for o in others if o is not None]
            return self.simple(ctx, f"{u.name}的{SUBS[sub]}", rows)
        rows = [
            f'<div id="db-usr-profile"><div class="pic"><img src="{avatar(u.uid)}" alt="{esc(u.name)}"/></div>'
            f'<div class="info"><h1>{esc(u.name)}<div class="signature_display pl">{esc(u.signature)}</div></h1>'
            "</div></div>",
            f'<div class="user-info">常居:&nbsp;<a href="{bb}/location/">{esc(u.province)}</a><div class="pl">{u.uid} '
            f"<br/>{u.joined:%Y-%m-%d}加入</div></div>",
            f'<span id="intro_display">{esc(u.intro)}</span>',
            '<div id="group" class="mod"><h2>常去的小组&nbsp;&middot;&nbsp;&middot;&nbsp;'
            f'(<a href="{bb}/group/people/{u.uid}/joins">全部{len(joined)}</a>)</h2>'
            + "".join(f'<dl class="ob"><dd><a href="{bb}/group/{g.slug}/">{esc(g.name)}</a></dd></dl>' for g in joined)
            + "</div>",
            f'<a href="{bb}/group/people/{u.uid}/publish">发起的话题</a> · '
            f'<a href="{bb}/group/people/{u.uid}/reply">回应的话题</a> · '
            f'<a href="{bb}/people/{u.uid}/statuses">广播</a> · '
            f'<a href="{bb}/people/{u.uid}/contacts">关注</a> · <a href="{bb}/people/{u.uid}/rev_contacts">被关注</a>',
        ]
        return self.simple(ctx, u.name, rows)

    def render_user_topics(self, ctx: Ctx, u: User, which: str, start: int) -> str:
        d, bb = self.data, ctx.bb
        if which == "joins":
            joined = [g for g in d.groups if u in g.active]
            return self.simple(
                ctx,
                f"{u.name}加入的小组",
                [f'<a href="{bb}/group/{g.slug}/">{esc(g.name)}</a> ({g.members})' for g in joined]
                or ["还没有加入小组"],
            )
        if which == "publish":
            found = sorted((t for t in d.topics.values() if t.user is u), key=lambda t: -t.last.timestamp())
        else:
            found = sorted(
                (t for t in d.topics.values() if any(c.user is u for c in t.comments)),
                key=lambda t: -t.last.timestamp(),
            )
        shown = found[start : start + TOPICS_PER_PAGE]
        pages = max(1, -(-len(found) // TOPICS_PER_PAGE))
        url = f"{bb}/group/people/{u.uid}/{which}"
        body = (
            (self.topic_table(ctx, shown, group_col=True) if shown else '<p class="pl">还没有话题</p>')
            + "\n"
            + self.paginator(url, start // TOPICS_PER_PAGE + 1, pages, TOPICS_PER_PAGE)
        )
        label = "发起的话题" if which == "publish" else "回应的话题"
        return self.page(ctx, f"{esc(u.name)}{label}", body, h1=f"{esc(u.name)}{label}")

    def render_members(self, ctx: Ctx, g: Group, start: int) -> str:
        bb, d = ctx.bb, self.data
        pages = -(-g.members // MEMBERS_PER_PAGE)
        items = []
        for i in range(start, min(g.members, start + MEMBERS_PER_PAGE)):
            h = int(hashlib.md5(f"{g.slug}:{i}".encode()).hexdigest()[:8], 16)
            u = d.user(str(200_000_000 + h % 100_000_000))
            if u is not None:
                items.append(
                    f'<li class=""><div class="pic"><a href="{bb}/people/{u.uid}/"><img class="imgnoga" '
                    f'src="{avatar(u.uid)}" alt="{esc(u.name)}"/></a></div><div class="name">'
                    f'<a href="{bb}/people/{u.uid}/">{esc(u.name)}</a><br/><span class="pl">({esc(u.province)})'
                    "</span></div></li>"
                )
        head = (
            (
                f'<div class="mod"><h2>组长</h2><div class="member-list"><ul><li><div class="name">'
                f"{self.people(ctx, g.leader)}</div></li></ul></div></div>"
            )
            if not start
            else ""
        )
        body = (
            f'{head}<div class="mod"><h2>{g.word} ({g.members})</h2><div class="member-list"><ul>'
            + "".join(items)
            + "</ul></div></div>\n"
            + self.paginator(f"{bb}/group/{g.slug}/members", start // MEMBERS_PER_PAGE + 1, pages, MEMBERS_PER_PAGE)
        )
        aside = f'<p class="pl2">&gt; <a href="{bb}/group/{g.slug}/">回到{esc(g.name)}</a></p>'
        return self.page(ctx, f"{esc(g.name)}的{g.word}", body, h1=f"{esc(g.name)}的{g.word}", aside=aside)

    def render_search(self, ctx: Ctx, params: dict[str, str]) -> str:
        d, bb = self.data, ctx.bb
        q, cat, start = params.get("q", "").strip(), params.get("cat", "1019"), max(0, intval(params.get("start")))
        if cat == "1013":
            found = sorted((t for t in d.topics.values() if q and q in t.title), key=lambda t: -t.tid)
            rows = [
                f'<tr class="pl"><td class="td-subject"><a href="{bb}/group/topic/{t.tid}/" title="{esc(t.title)}">'
                f'{esc(t.title)}</a></td><td class="td-time" title="{full_time(t.when)}">{full_time(t.when)[:10]}</td>'
                f'<td class="td-reply"><span class="">{len(t.comments)}回应</span></td></tr>'
                for t in found[start : start + 20]
            ]
            body = '<table class="olt">' + "".join(rows) + "</table>"
        else:
            found = [g for g in d.groups if not q or q in g.name or q in g.tags or q in "".join(g.intro)]
            body = "".join(
                f'<div class="result"><div class="title"><h3><a href="{bb}/group/{g.slug}/">{esc(g.name)}</a>'
                f'</h3></div><div class="info">{g.members} 个{g.word} 在此聚集</div></div>'
                for g in found[start : start + 20]
            )
        tabs = (
            f'<a href="{bb}/group/search?cat=1019&amp;q={quote(q)}">小组</a> · '
            f'<a href="{bb}/group/search?cat=1013&amp;q={quote(q)}">话题</a>'
        )
        url = f"{bb}/group/search?cat={quote(cat)}&amp;q={quote(q)}"
        pager = self.paginator(url, start // 20 + 1, max(1, -(-len(found) // 20)), 20)
        return self.page(
            ctx,
            f"搜索: {esc(q)}",
            f'<div class="tabs">{tabs}</div>\n{body or "没有找到"}\n{pager}',
            h1=f"搜索: {esc(q)}",
        )

    def render_account(self, ctx: Ctx, which: str, params: dict[str, str]) -> str:
        bb, redir = ctx.bb, params.get("redir", "")
        back = f'<a href="{esc(redir)}">返回</a>' if redir.startswith(bb) else ""
        titles = {"login": "登录豆瓣", "register": "注册豆瓣", "resetpassword": "重置密码"}
        return (
            '<!DOCTYPE html>\n<html lang="zh-CN">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{titles[which]}</title>\n</head>\n<body>\n"
            f'<div class="account-wrap"><h1>{titles[which]}</h1>\n'
            f'<form method="post" action="{bb}/accounts/{which}">'
            f'<input type="hidden" name="redir" value="{esc(redir)}"/>'
            '<input name="form_email" placeholder="手机号 / 邮箱"/><input type="password" name="form_password"/>'
            '<input type="submit" value="登录"/></form>\n'
            f'<a href="{bb}/accounts/register?source=group">注册帐号</a> · <a href="{bb}/accounts/resetpassword">'
            f"忘记密码了</a> {back}\n</div>\n</body>\n</html>"
        )

    def render_feed(self, ctx: Ctx, g: Group) -> Reply:
        items = "".join(
            f"<item><title>{esc(t.title)}</title><link>{ctx.bb}/group/topic/{t.tid}/</link>"
            f"<description><![CDATA[{' '.join(t.plain)[:200]}]]></description>"
            f"<pubDate>{t.when:%a, %d %b %Y %H:%M:%S} +0800</pubDate></item>"
            for t in self.data.listing(g, "new")[:20]
        )
        body = (
            f'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>{esc(g.name)}</title>'
            f"<link>{ctx.bb}/group/{g.slug}/</link>{items}</channel></rss>"
        )
        return Reply(200, body, {"Content-Type": "application/rss+xml; charset=utf-8"})
