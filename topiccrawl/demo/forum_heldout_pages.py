# ruff: noqa: E501  (HTML templates read best one element per line, however long)
"""HTML of the held-out vBulletin-3-style forum: page chrome, board index, thread lists, postbits, noise pages.

Markup follows vBulletin 3.8's default style (layout tables with ``tborder``/``alt1``/``alt2``
cells, ``threadbits_forum_N`` thread rows, ``post12345`` postbit tables, ``pagenav``
tables) but is written from scratch. Every link is root-relative and goes through
``Context.href`` so that pages carrying a session id put it on every link.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from topiccrawl.demo.forum_heldout import Category, Context, HeldoutForum, Post, Route, Thread

_NOW = "2026-11-30 12:00"
_SORTS = [
    ("title", "标题"),
    ("postusername", "作者"),
    ("lastpost", "最后发表"),
    ("replycount", "回复"),
    ("views", "查看"),
]

Page = str | tuple[int, str]


def render(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    view = _VIEWS.get(route.view, _simple)
    return view(forum, ctx, route)


def not_found(forum: HeldoutForum, ctx: Context) -> str:
    return _chrome(forum, ctx, "没有找到页面", [], "<p>您请求的页面不存在。</p>")


# ------------------------------------------------------------------ chrome


def _chrome(
    forum: HeldoutForum, ctx: Context, title: str, navbits: list[tuple[str, str]], content: str, *, jump: bool = False
) -> str:
    h = ctx.href
    crumbs = f'<span class="navbar"><a href="{h("/index.php")}" accesskey="1">{escape(forum.site_name)}</a></span>\n'
    crumbs += "".join(
        f'<span class="navbar">&gt; <a href="{h(t)}">{escape(label)}</a></span>\n' for label, t in navbits
    )
    session_js = f"s={ctx.session}&" if ctx.session else ""
    ret = ctx.return_url()
    jump_box = _forum_jump(forum) if jump else ""
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" dir="ltr" lang="zh-cn">
<head>
<meta http-equiv="Content-Type" content="text/html; charset={forum.charset}" />
<meta name="generator" content="vBulletin 3.8.7" />
<meta name="keywords" content="{escape(forum.site_name)},论坛,社区" />
<link rel="stylesheet" type="text/css" href="/clientscript/vbulletin_common.css?v=387" />
<script type="text/javascript" src="/clientscript/vbulletin_global.js?v=387"></script>
<script type="text/javascript">
<!--
var SESSIONURL = "{session_js}";
var SECURITYTOKEN = "guest";
var IMGDIR_MISC = "/images/misc";
// -->
</script>
<title>{escape(title)} - {escape(forum.site_name)}</title>
</head>
<body>
<a name="top"></a>
<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center">
<tr>
<td class="alt1" align="left"><a href="{h("/index.php")}"><img src="/images/misc/logo.gif" border="0" alt="{escape(forum.site_name)}" /></a></td>
<td align="right" id="header_right_cell">&nbsp;</td>
</tr>
</table>
<div align="center"><div class="page" style="width:100%; text-align:left">
<div style="padding:0px 25px 0px 25px" align="left">
<br />
<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center">
<tr>
<td class="alt1" width="100%">
<table cellpadding="0" cellspacing="0" border="0"><tr valign="bottom">
<td><a href="#" onclick="history.back(1); return false;"><img src="/images/misc/navbits_start.gif" alt="返回" border="0" /></a></td>
<td>&nbsp;</td>
<td width="100%">{crumbs}</td>
</tr>
<tr><td class="navbar" style="font-size:10pt; padding-top:1px" colspan="3"><img class="inlineimg" src="/images/misc/navbits_finallink_ltr.gif" alt="" border="0" /> <strong>{escape(title)}</strong></td></tr>
</table>
</td>
<td class="alt2" nowrap="nowrap" style="padding:0px">
<div class="smallfont" style="padding:6px">您好，游客。请 <a href="{h("/login.php?url=" + ret)}" rel="nofollow">登录</a> 或 <a href="{h("/register.php?url=" + ret)}" rel="nofollow">注册</a></div>
</td>
</tr>
</table>
<br />
<div class="tborder" style="padding:1px; border-top-width:0px">
<table cellpadding="0" cellspacing="0" border="0" width="100%" align="center">
<tr align="center">
<td class="vbmenu_control"><a href="{h("/register.php?url=" + ret)}" rel="nofollow">注册</a></td>
<td class="vbmenu_control"><a rel="help" href="{h("/faq.php")}" accesskey="5">帮助</a></td>
<td class="vbmenu_control"><a href="{h("/memberlist.php")}">会员列表</a></td>
<td class="vbmenu_control"><a href="{h("/calendar.php")}">日历</a></td>
<td class="vbmenu_control"><a href="{h("/search.php?do=getdaily")}" accesskey="2">今日新帖</a></td>
<td id="navbar_search" class="vbmenu_control"><a href="{h("/search.php")}" accesskey="4" rel="nofollow">搜索</a></td>
</tr>
</table>
</div>
<br />
{content}
{jump_box}
<br />
<div class="smallfont" align="center">所有时间均为北京时间。现在的时间是 <span class="time">{_NOW}</span>。</div>
<br />
</div>
</div></div>
<table cellpadding="6" cellspacing="0" border="0" width="100%" class="page" align="center">
<tr>
<td class="tfoot" align="right" width="100%">
<div class="smallfont"><strong>
<a href="{h("/sendmessage.php")}" rel="nofollow" accesskey="9">联系我们</a> -
<a href="{h("/index.php")}">{escape(forum.site_name)}</a> -
<a href="{h("/faq.php?faq=vb_board_usage")}">论坛规则</a> -
<a href="#top" onclick="self.scrollTo(0, 0); return false;">返回顶部</a>
</strong></div>
</td>
</tr>
</table>
<br />
<div align="center"><div class="smallfont" align="center">Powered by vBulletin&reg; 版本 3.8.7<br />版权所有 &copy;2000 - 2026，Jelsoft Enterprises Ltd.</div></div>
</body>
</html>
"""


def _forum_jump(forum: HeldoutForum) -> str:
    options = []
    for cat in forum.categories:
        options.append(f'<option value="{cat.fid}" class="fjdpth0">{escape(cat.name)}</option>')
        options += [
            f'<option value="{b.fid}" class="fjdpth1">&nbsp; &nbsp; {escape(b.name)}</option>' for b in cat.boards
        ]
    return (
        '<div class="smallfont" style="text-align:left; white-space:nowrap; float:right">\n'
        '<form action="/forumdisplay.php" method="get">\n<strong>论坛跳转</strong><br />\n'
        '<select name="f" onchange="this.form.submit();">\n' + "\n".join(options) + "\n</select>\n"
        '<input type="submit" class="button" value="进入" />\n</form>\n</div>\n'
    )


def _pagenav(ctx: Context, first: str, current: int, last: int, *, per: int, total: int) -> str:
    """vBulletin's page navigation: 'page x of y', first, <, a window of numbers, >, last."""
    if last <= 1:
        return ""

    def target(n: int) -> str:
        return first if n == 1 else f"{first}&page={n}"

    def shown(n: int) -> str:
        return f"显示结果 {(n - 1) * per + 1} 至 {min(n * per, total)}，共 {total}"

    h = ctx.href
    cells = [f'<td class="vbmenu_control" style="font-weight:normal">第 {current} 页，共 {last} 页</td>']
    if current > 3:
        cells.append(
            f'<td class="alt1" nowrap="nowrap"><a rel="start" class="smallfont" href="{h(target(1))}" '
            f'title="第一页 - {shown(1)}">&laquo; 第一页</a></td>'
        )
    if current > 1:
        cells.append(
            f'<td class="alt1"><a rel="prev" class="smallfont" href="{h(target(current - 1))}" '
            f'title="上一页 - {shown(current - 1)}">&lt;</a></td>'
        )
    for n in range(max(1, current - 2), min(last, current + 2) + 1):
        if n == current:
            cells.append(
                f'<td class="alt2"><span class="smallfont" title="{shown(n)}"><strong>{n}</strong></span></td>'
            )
        else:
            cells.append(f'<td class="alt1"><a class="smallfont" href="{h(target(n))}" title="{shown(n)}">{n}</a></td>')
    if current < last:
        cells.append(
            f'<td class="alt1"><a rel="next" class="smallfont" href="{h(target(current + 1))}" '
            f'title="下一页 - {shown(current + 1)}">&gt;</a></td>'
        )
    if current < last - 2:
        cells.append(
            f'<td class="alt1" nowrap="nowrap"><a class="smallfont" href="{h(target(last))}" '
            f'title="最后一页 - {shown(last)}">最后一页 &raquo;</a></td>'
        )
    return (
        '<div class="pagenav" align="right">\n<table class="tborder" cellpadding="3" cellspacing="1" border="0">\n'
        "<tr>\n" + "\n".join(cells) + "\n</tr>\n</table>\n</div>"
    )


def _member_link(ctx: Context, uid: int, name: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f'<a{cls} href="{ctx.href(f"/member.php?u={uid}")}">{escape(name)}</a>'


# ------------------------------------------------------------------ board index


def _forum_rows(forum: HeldoutForum, ctx: Context, category: Category) -> str:
    h = ctx.href
    rows = []
    for board in category.boards:
        last = max(board.threads, key=lambda t: (t.last.when, t.tid))
        post_count = sum(len(t.posts) for t in board.threads)
        short = last.title if len(last.title) <= 12 else last.title[:12] + "..."
        rows.append(f"""<tr align="center">
<td class="alt2"><img src="/images/statusicon/forum_old.gif" alt="" border="0" id="forum_statusicon_{board.fid}" /></td>
<td class="alt1Active" align="left" id="f{board.fid}">
<div><a href="{h(f"/forumdisplay.php?f={board.fid}")}"><strong>{escape(board.name)}</strong></a></div>
<div class="smallfont">{escape(board.description)}</div>
<div class="smallfont"><strong>版主</strong>: {_member_link(ctx, board.moderator.uid, board.moderator.name)}</div>
</td>
<td class="alt2" nowrap="nowrap"><div class="smallfont" align="left">
<div style="clear:both"><a href="{h(f"/showthread.php?goto=newpost&t={last.tid}")}" title="转到第一个未读帖子: {escape(last.title)}"><strong>{escape(short)}</strong></a></div>
<div>作者 <a href="{h(f"/member.php?find=lastposter&f={board.fid}")}" rel="nofollow">{escape(last.last.author.name)}</a></div>
<div align="right">{last.last.when:%Y-%m-%d} <span class="time">{last.last.when:%H:%M}</span> <a href="{h(f"/showthread.php?p={last.last.pid}")}#post{last.last.pid}"><img class="inlineimg" src="/images/buttons/lastpost.gif" alt="转到最后一个帖子" border="0" /></a></div>
</div></td>
<td class="alt1">{len(board.threads):,}</td>
<td class="alt2">{post_count:,}</td>
</tr>""")
    return (
        f'<tbody>\n<tr><td class="tcat" colspan="5"><a style="float:right" href="#top" '
        f'onclick="return toggle_collapse(\'forumbit_{category.fid}\')"><img src="/images/buttons/collapse_tcat.gif" '
        f'alt="" border="0" /></a>\n<a href="{h(f"/forumdisplay.php?f={category.fid}")}">{escape(category.name)}</a>\n'
        f'<div class="smallfont">{escape(category.description)}</div></td></tr>\n</tbody>\n'
        f'<tbody id="collapseobj_forumbit_{category.fid}" style="">\n' + "\n".join(rows) + "\n</tbody>"
    )


def _forum_table(forum: HeldoutForum, ctx: Context, categories: list[Category]) -> str:
    return (
        '<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center">\n'
        '<thead><tr align="center"><td class="thead">&nbsp;</td><td class="thead" width="100%" align="left">论坛</td>'
        '<td class="thead" width="175">最后发表</td><td class="thead">主题</td><td class="thead">帖子</td></tr></thead>\n'
        + "\n".join(_forum_rows(forum, ctx, c) for c in categories)
        + "\n</table>\n"
    )


def _online_box(forum: HeldoutForum, ctx: Context) -> str:
    h = ctx.href
    online = forum.members[:: max(1, len(forum.members) // 7)][:7]
    names = ", ".join(_member_link(ctx, m.uid, m.name) for m in online)
    newest = forum.members[-1]
    posts = sum(len(t.posts) for t in forum.threads)
    return f"""<br />
<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center">
<thead><tr><td class="tcat" colspan="2">论坛动态</td></tr></thead>
<tbody>
<tr><td class="thead" colspan="2"><a href="{h("/online.php")}">在线用户</a>: {len(online) + 48} ({len(online)} 位会员和 48 位游客)</td></tr>
<tr><td class="alt2"><a href="{h("/online.php")}"><img src="/images/misc/whos_online.gif" alt="在线用户" border="0" /></a></td>
<td class="alt1" width="100%"><div class="smallfont"><div style="white-space:nowrap">最高在线纪录是 1,024 人，2026-06-18 21:30。</div><div>{names}</div></div></td></tr>
</tbody>
<tbody>
<tr><td class="thead" colspan="2">{escape(forum.site_name)} 统计</td></tr>
<tr><td class="alt2"><img src="/images/misc/stats.gif" alt="论坛统计" border="0" /></td>
<td class="alt1" width="100%"><div class="smallfont"><div>主题: {len(forum.threads):,}, 帖子: {posts:,}, 会员: {len(forum.members):,}</div>
<div>欢迎新会员, {_member_link(ctx, newest.uid, newest.name)}</div></div></td></tr>
</tbody>
</table>"""


def _index(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    content = _forum_table(forum, ctx, forum.categories) + _online_box(forum, ctx)
    return _chrome(forum, ctx, "欢迎光临" + forum.site_name, [], content)


def _category(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    (category,) = route.args
    return _chrome(forum, ctx, category.name, [], _forum_table(forum, ctx, [category]), jump=True)


# ------------------------------------------------------------------ thread lists


def _threadbit(forum: HeldoutForum, ctx: Context, thread: Thread) -> str:
    h = ctx.href
    tid = thread.tid
    pages = forum.thread_pages(thread)
    multipage = ""
    if pages > 1:
        links = " ".join(f'<a href="{h(forum.thread_target(thread, n))}">{n}</a>' for n in range(1, min(pages, 5) + 1))
        if pages > 5:
            links += f' ... <a href="{h(forum.thread_target(thread, pages))}">最后一页</a>'
        multipage = (
            '<span class="smallfont" style="white-space:nowrap">(<img class="inlineimg" src="/images/misc/multipage.gif" '
            f'alt="多页主题" border="0" /> {links})</span>'
        )
    first = thread.posts[0]
    sticky = "置顶: " if thread.sticky else ""
    snippet = escape(first.own[:100])
    status = "thread_hot" if len(thread.posts) > 15 else "thread"
    last = thread.last
    return f"""<tr>
<td class="alt1" id="td_threadstatusicon_{tid}"><img src="/images/statusicon/{status}.gif" id="thread_statusicon_{tid}" alt="" border="" /></td>
<td class="alt2"><img src="/images/icons/icon1.gif" alt="" border="0" /></td>
<td class="alt1" id="td_threadtitle_{tid}" title="{snippet}">
<div>
{sticky}<a href="{h(forum.thread_target(thread, 1))}" id="thread_title_{tid}"{' style="font-weight:bold"' if thread.sticky else ""}>{escape(thread.title)}</a>
{multipage}
</div>
<div class="smallfont"><span style="cursor:pointer" onclick="window.open('{h(f"/member.php?u={first.author.uid}")}', '_self')">{escape(first.author.name)}</span></div>
</td>
<td class="alt2" title="回复: {len(thread.posts) - 1:,}, 查看: {thread.views:,}">
<div class="smallfont" style="text-align:right; white-space:nowrap">{last.when:%Y-%m-%d} <span class="time">{last.when:%H:%M}</span><br />
作者 <a href="{h(f"/member.php?find=lastposter&t={tid}")}" rel="nofollow">{escape(last.author.name)}</a> <a href="{h(f"/showthread.php?p={last.pid}")}#post{last.pid}"><img class="inlineimg" src="/images/buttons/lastpost.gif" alt="转到最后一个帖子" border="0" /></a></div>
</td>
<td class="alt1" align="center"><a href="{h(f"/misc.php?do=whoposted&t={tid}")}" onclick="who({tid}); return false;">{len(thread.posts) - 1:,}</a></td>
<td class="alt2" align="center">{thread.views:,}</td>
</tr>"""


def _board(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    board, page, sort, order = route.args
    h = ctx.href
    fid = board.fid
    last = forum.board_pages(board)
    normal = sum(1 for t in board.threads if not t.sticky)
    sorted_view = (sort, order) != ("lastpost", "desc")
    first = (
        f"/forumdisplay.php?f={fid}&daysprune=-1&order={order}&sort={sort}"
        if sorted_view
        else f"/forumdisplay.php?f={fid}&order=desc"
    )
    nav = _pagenav(ctx, first, page, last, per=forum.threads_per_page, total=normal)
    sort_links = {}
    for key, label in _SORTS:
        direction = "asc" if key in {"title", "postusername"} else "desc"
        link = h(f"/forumdisplay.php?f={fid}&daysprune=-1&order={direction}&sort={key}")
        sort_links[key] = f'<a href="{link}" rel="nofollow">{label}</a>'

    announcement = ""
    if page == 1:
        announcement = f"""<tbody>
<tr>
<td class="alt1"><img src="/images/statusicon/announcement_old.gif" alt="" border="0" /></td>
<td class="alt2" colspan="5"><div><strong>公告</strong>: <a href="{h(f"/announcement.php?f={fid}")}">关于本版发帖规范的说明</a></div>
<div class="smallfont">{_member_link(ctx, board.moderator.uid, board.moderator.name)}</div></td>
</tr>
</tbody>"""
    rows = "\n".join(_threadbit(forum, ctx, t) for t in forum.board_page_threads(board, page, sort, order))
    content = f"""<table cellpadding="0" cellspacing="0" border="0" width="100%" style="margin-bottom:3px">
<tr valign="bottom">
<td class="smallfont"><a href="{h(f"/newthread.php?do=newthread&f={fid}")}" rel="nofollow"><img src="/images/buttons/newthread.gif" alt="发表新主题" border="0" /></a></td>
<td align="right">{nav}</td>
</tr>
</table>
<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center" style="border-bottom-width:0px">
<tr>
<td class="tcat" width="100%">主题 <span class="normal">: {escape(board.name)}</span></td>
<td class="vbmenu_control" id="forumtools" nowrap="nowrap"><a href="{h(f"/forumdisplay.php?f={fid}&nojs=1")}#goto_forumtools" rel="nofollow">版块工具</a></td>
<td class="vbmenu_control" id="forumsearch" nowrap="nowrap"><a href="{h(f"/search.php?f={fid}")}" rel="nofollow">搜索本版</a></td>
</tr>
</table>
<div class="vbmenu_popup" id="forumtools_menu" style="display:none"><table cellpadding="4" cellspacing="1" border="0">
<tr><td class="thead">版块工具<a name="goto_forumtools"></a></td></tr>
<tr><td class="vbmenu_option"><a href="{h("/forumdisplay.php?do=markread&f=" + str(fid))}" rel="nofollow">标记本版为已读</a></td></tr>
<tr><td class="vbmenu_option"><a href="{h(f"/subscription.php?do=addsubscription&f={fid}")}" rel="nofollow">订阅本版</a></td></tr>
</table></div>
<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center" id="threadslist">
<tbody>
<tr>
<td class="thead" colspan="2">&nbsp;</td>
<td class="thead" width="100%"><span style="float:right">{sort_links["lastpost"]}</span>{sort_links["title"]} / {sort_links["postusername"]}</td>
<td class="thead" width="150" align="center" nowrap="nowrap">{sort_links["lastpost"]}</td>
<td class="thead" align="center" nowrap="nowrap">{sort_links["replycount"]}</td>
<td class="thead" align="center" nowrap="nowrap">{sort_links["views"]}</td>
</tr>
</tbody>
{announcement}
<tbody id="threadbits_forum_{fid}">
{rows}
</tbody>
</table>
<table cellpadding="0" cellspacing="0" border="0" width="100%" style="margin-top:3px">
<tr valign="top"><td align="right">{nav}</td></tr>
</table>
<br />
<form action="/forumdisplay.php" method="get">
<input type="hidden" name="f" value="{fid}" />
<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center">
<tr><td class="thead">显示选项</td></tr>
<tr><td class="alt1"><div class="smallfont">
排序方式 <select name="sort">{"".join(f'<option value="{k}">{v}</option>' for k, v in _SORTS)}</select>
顺序 <select name="order"><option value="asc">升序</option><option value="desc" selected="selected">降序</option></select>
时间 <select name="daysprune"><option value="1">最近一天</option><option value="30">最近一个月</option><option value="-1" selected="selected">全部</option></select>
<input type="submit" class="button" value="显示主题" />
</div></td></tr>
</table>
</form>"""
    cat = board.category
    title = board.name + (f" - 第 {page} 页" if page > 1 else "")
    return _chrome(forum, ctx, title, [(cat.name, f"/forumdisplay.php?f={cat.fid}")], content, jump=True)


# ------------------------------------------------------------------ threads


def _postbit(forum: HeldoutForum, ctx: Context, thread: Thread, post: Post) -> str:
    h = ctx.href
    pid = post.pid
    head = f"""<tr>
<td class="thead" style="font-weight:normal; border:1px solid #D1D1E1; border-right:0px">
<a name="post{pid}"><img class="inlineimg" src="/images/statusicon/post_old.gif" alt="旧帖" border="0" /></a>
{post.time}
</td>
<td class="thead" style="font-weight:normal; border:1px solid #D1D1E1; border-left:0px" align="right">
&nbsp;#<a href="{h(f"/showpost.php?p={pid}&postcount={post.position}")}" target="new" rel="nofollow" id="postcount{pid}" name="{post.position}"><strong>{post.position}</strong></a>
</td>
</tr>"""
    if post.deleted:
        return f"""<div id="edit{pid}" style="padding:0px 0px 6px 0px">
<table class="tborder" id="post{pid}" cellpadding="6" cellspacing="0" border="0" width="100%" align="center">
{head}
<tr>
<td class="alt2" colspan="2" style="border:1px solid #D1D1E1; border-top:0px">
<img class="inlineimg" src="/images/misc/trashcan.gif" alt="已删除" border="0" /> <strong>{escape(post.author.name)}</strong>
<div class="smallfont" id="post_message_{pid}">{post.html}</div>
</td>
</tr>
</table>
</div>"""
    member = post.author
    title = ""
    if post.title:
        title = (
            '<div class="smallfont"><img class="inlineimg" src="/images/icons/icon1.gif" alt="默认" border="0" /> '
            f"<strong>{escape(post.title)}</strong></div>\n"
            '<hr size="1" style="color:#D1D1E1; background-color:#D1D1E1" />\n'
        )
    signature = ""
    if member.signature:
        signature = f"<div>\n__________________<br />\n{escape(member.signature)}\n</div>"
    return f"""<div id="edit{pid}" style="padding:0px 0px 6px 0px">
<table class="tborder" id="post{pid}" cellpadding="6" cellspacing="0" border="0" width="100%" align="center">
{head}
<tr valign="top">
<td class="alt2" width="175" style="border:1px solid #D1D1E1; border-top:0px; border-bottom:0px">
<div id="postmenu_{pid}">{_member_link(ctx, member.uid, member.name, "bigusername")}</div>
<div class="smallfont">{member.rank}</div>
<div class="smallfont">&nbsp;<br />
<div>注册日期: {member.joined}</div>
</div>
</td>
<td class="alt1" id="td_post_{pid}" style="border-right:1px solid #D1D1E1">
{title}<div id="post_message_{pid}">
{post.html}
</div>
{signature}
</td>
</tr>
<tr>
<td class="alt2" style="border:1px solid #D1D1E1; border-top:0px"><img class="inlineimg" src="/images/statusicon/user_offline.gif" alt="{escape(member.name)} 当前离线" border="0" />
<a href="{h(f"/report.php?p={pid}")}" rel="nofollow"><img class="inlineimg" src="/images/buttons/report.gif" alt="举报帖子" border="0" /></a></td>
<td class="alt1" align="right" style="border:1px solid #D1D1E1; border-left:0px; border-top:0px">
<a href="{h(f"/newreply.php?do=newreply&p={pid}")}" rel="nofollow"><img src="/images/buttons/quote.gif" alt="引用回复" border="0" /></a>
</td>
</tr>
</table>
</div>"""


def _ad(thread: Thread, ctx: Context) -> str:
    ad = thread.tid % 5
    return f"""<div id="post_ad_{ad}" style="padding:0px 0px 6px 0px">
<table class="tborder" cellpadding="6" cellspacing="0" border="0" width="100%" align="center">
<tr><td class="thead">推广信息</td></tr>
<tr><td class="alt1" align="center"><a href="{ctx.href(f"/misc.php?do=adclick&id={ad}")}" rel="nofollow" target="_blank"><img src="/images/ads/banner{ad}.gif" alt="年终特惠" border="0" /></a>
<div class="smallfont">年终特惠，全场包邮，点击了解详情</div></td></tr>
</table>
</div>"""


def _similar(forum: HeldoutForum, ctx: Context, thread: Thread) -> str:
    others = [t for t in thread.board.threads if t is not thread and not t.sticky][:5]
    if not others:
        return ""
    rows = "\n".join(
        f'<tr><td class="alt1"><span class="smallfont"><a href="{ctx.href(forum.thread_target(t, 1))}" '
        f'title="">{escape(t.title)}</a></span></td><td class="alt2"><span class="smallfont">{escape(t.posts[0].author.name)}'
        f'</span></td><td class="alt1"><span class="smallfont">{escape(t.board.name)}</span></td>'
        f'<td class="alt2" align="center"><span class="smallfont">{len(t.posts) - 1}</span></td>'
        f'<td class="alt1" align="right"><span class="smallfont">{t.last.when:%Y-%m-%d}</span></td></tr>'
        for t in others
    )
    return f"""<br />
<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center" id="similarthreads">
<thead><tr><td class="tcat" colspan="5">相似主题</td></tr></thead>
<tbody>
<tr><td class="thead" width="40%">主题</td><td class="thead">主题作者</td><td class="thead">版块</td><td class="thead">回复</td><td class="thead">最后发表</td></tr>
{rows}
</tbody>
</table>"""


def _thread(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    thread, page = route.args
    h = ctx.href
    tid = thread.tid
    first_pid = thread.posts[0].pid
    nav = _pagenav(
        ctx,
        f"/showthread.php?t={tid}",
        page,
        forum.thread_pages(thread),
        per=forum.posts_per_page,
        total=len(thread.posts),
    )
    bits = [_postbit(forum, ctx, thread, p) for p in forum.page_posts(thread, page)]
    if len(bits) > 1:  # vBulletin's postbit ad slot sits after the first post of every page
        bits.insert(1, _ad(thread, ctx))
    posts = "\n".join(bits)
    reply = f'<a href="{h(f"/newreply.php?do=newreply&noquote=1&p={first_pid}")}" rel="nofollow"><img src="/images/buttons/reply.gif" alt="回复" border="0" /></a>'
    content = f"""<a name="poststop" id="poststop"></a>
<table cellpadding="0" cellspacing="0" border="0" width="100%" style="margin-bottom:3px">
<tr valign="bottom"><td class="smallfont">{reply}</td><td align="right">{nav}</td></tr>
</table>
<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center" style="border-bottom-width:0px">
<tr>
<td class="tcat" width="100%"><div class="smallfont">&nbsp;</div></td>
<td class="vbmenu_control" id="threadtools" nowrap="nowrap"><a href="{h(f"/showthread.php?t={tid}&nojs=1")}#goto_threadtools">主题工具</a></td>
<td class="vbmenu_control" id="threadsearch" nowrap="nowrap"><a href="{h(f"/search.php?t={tid}")}" rel="nofollow">搜索本主题</a></td>
<td class="vbmenu_control" id="displaymodes" nowrap="nowrap"><a href="{h(f"/showthread.php?t={tid}&nojs=1")}#goto_displaymodes">显示模式</a></td>
</tr>
</table>
<div class="vbmenu_popup" id="threadtools_menu" style="display:none"><table cellpadding="4" cellspacing="1" border="0">
<tr><td class="thead">主题工具<a name="goto_threadtools"></a></td></tr>
<tr><td class="vbmenu_option"><a href="{h(f"/printthread.php?t={tid}")}">显示可打印版本</a></td></tr>
<tr><td class="vbmenu_option"><a href="{h(f"/sendmessage.php?do=sendtofriend&t={tid}")}" rel="nofollow">通过邮件发送本页面</a></td></tr>
<tr><td class="vbmenu_option"><a href="{h(f"/subscription.php?do=addsubscription&t={tid}")}" rel="nofollow">订阅此主题</a></td></tr>
</table></div>
<div class="vbmenu_popup" id="displaymodes_menu" style="display:none"><table cellpadding="4" cellspacing="1" border="0">
<tr><td class="thead">显示模式<a name="goto_displaymodes"></a></td></tr>
<tr><td class="vbmenu_option"><strong>线性模式</strong></td></tr>
<tr><td class="vbmenu_option"><a href="{h(f"/showthread.php?mode=hybrid&t={tid}")}">切换到混合模式</a></td></tr>
<tr><td class="vbmenu_option"><a href="{h(f"/showthread.php?p={first_pid}&mode=threaded")}#post{first_pid}">切换到树状模式</a></td></tr>
</table></div>
<div id="posts">
{posts}
<div id="lastpost"></div></div>
<table cellpadding="0" cellspacing="0" border="0" width="100%" style="margin-top:-3px">
<tr valign="top"><td class="smallfont">{reply}</td><td align="right">{nav}</td></tr>
</table>
<br />
<div class="smallfont" align="center">
<strong>&laquo;</strong> <a href="{h(f"/showthread.php?t={tid}&goto=nextoldest")}" rel="nofollow">上一主题</a> | <a href="{h(f"/showthread.php?t={tid}&goto=nextnewest")}" rel="nofollow">下一主题</a> <strong>&raquo;</strong>
</div>
{_similar(forum, ctx, thread)}"""
    board, cat = thread.board, thread.board.category
    navbits = [(cat.name, f"/forumdisplay.php?f={cat.fid}"), (board.name, f"/forumdisplay.php?f={board.fid}")]
    title = thread.title + (f" - 第 {page} 页" if page > 1 else "")
    return _chrome(forum, ctx, title, navbits, content, jump=True)


def _goto(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    """vBulletin answers goto= links with a redirect to the post or thread they mean."""
    thread, goto = route.args
    if goto in {"newpost", "lastpost"}:
        return 302, f"/showthread.php?p={thread.last.pid}#post{thread.last.pid}"
    listed = sorted(thread.board.threads, key=lambda t: (t.last.when, t.tid))
    i = listed.index(thread) + (1 if goto == "nextnewest" else -1)
    if goto in {"nextnewest", "nextoldest"} and 0 <= i < len(listed):
        return 302, forum.thread_target(listed[i], 1)
    return _message(forum, ctx, "提示信息", "没有更多的主题了。")


# ------------------------------------------------------------------ noise pages


def _message(forum: HeldoutForum, ctx: Context, title: str, text: str, *, login: bool = False) -> str:
    form = ""
    if login:
        form = (
            '<form action="/login.php?do=login" method="post">\n'
            '<div class="smallfont">用户名: <input type="text" class="bginput" name="vb_login_username" size="25" /></div>\n'
            '<div class="smallfont">密码: <input type="password" class="bginput" name="vb_login_password" size="25" /></div>\n'
            '<input type="submit" class="button" value="登录" />\n</form>'
        )
    content = (
        '<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="70%" align="center">\n'
        f'<tr><td class="tcat">{escape(title)}</td></tr>\n'
        f'<tr><td class="panelsurround" align="center"><div class="panel"><div align="left">{escape(text)}\n{form}</div></div></td></tr>\n'
        "</table>"
    )
    return _chrome(forum, ctx, title, [], content)


def _no_permission(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    text = "您没有登录或者您没有权限访问此页面。这可能是由于以下原因：您的帐户没有足够的权限，或者您尚未登录。"
    return _message(forum, ctx, "没有权限", text, login=True)


def _member(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    (q,) = route.args
    if q.get("find") == "lastposter":
        thread = forum.thread(int(q["t"])) if q.get("t", "").isdigit() else None
        target = thread.last.author if thread else forum.members[0]
        return 302, f"/member.php?u={target.uid}"
    member = forum.member(int(q["u"])) if q.get("u", "").isdigit() else None
    if member is None:
        return _message(forum, ctx, "提示信息", "无效的用户。")
    h = ctx.href
    uid = member.uid
    content = f"""<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center">
<tr><td class="tcat">会员资料: {escape(member.name)}</td></tr>
<tr><td class="alt1"><div class="bigusername">{escape(member.name)}</div><div class="smallfont">{member.rank}</div>
<div class="smallfont">注册日期: {member.joined}</div>
<div class="smallfont"><a href="{h(f"/search.php?do=finduser&u={uid}")}" rel="nofollow">查找 {escape(member.name)} 发表的所有帖子</a></div>
<div class="smallfont"><a href="{h(f"/search.php?do=finduser&u={uid}&starteronly=1")}" rel="nofollow">查找 {escape(member.name)} 发表的所有主题</a></div>
<div class="smallfont"><a href="{h(f"/private.php?do=newpm&u={uid}")}" rel="nofollow">发送悄悄话给 {escape(member.name)}</a></div>
</td></tr>
</table>"""
    return _chrome(forum, ctx, "会员资料: " + member.name, [], content)


def _online(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    rows = "\n".join(
        f'<tr><td class="alt1">{_member_link(ctx, m.uid, m.name)}</td><td class="alt2">正在浏览论坛首页</td></tr>'
        for m in forum.members[::9]
    )
    content = f'<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%">\n<tr><td class="tcat" colspan="2">在线用户</td></tr>\n{rows}\n</table>'
    return _chrome(forum, ctx, "在线用户", [], content)


def _whoposted(forum: HeldoutForum, ctx: Context, thread: Thread) -> str:
    counts: dict[int, int] = {}
    for p in thread.posts:
        counts[p.author.uid] = counts.get(p.author.uid, 0) + 1
    rows = "\n".join(
        f'<tr><td class="alt1">{_member_link(ctx, uid, forum.member(uid).name)}</td><td class="alt2">{n}</td></tr>'  # type: ignore[union-attr]
        for uid, n in counts.items()
    )
    content = f'<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%">\n<tr><td class="tcat" colspan="2">谁回复了</td></tr>\n{rows}\n</table>'
    return _chrome(forum, ctx, "谁回复了 - " + thread.title, [], content)


def _misc(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    (q,) = route.args
    thread = forum.thread(int(q["t"])) if q.get("t", "").isdigit() else None
    if q.get("do") == "whoposted" and thread is not None:
        return _whoposted(forum, ctx, thread)
    return _message(forum, ctx, "提示信息", "正在跳转，请稍候……")


def _printthread(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    """The print view: every post as plain blocks, with its own pages (pp= posts per page)."""
    (q,) = route.args
    thread = forum.thread(int(q["t"])) if q.get("t", "").isdigit() else None
    if thread is None:
        return _message(forum, ctx, "提示信息", "无效的主题。")
    per = int(q["pp"]) if q.get("pp", "").isdigit() and 0 < int(q["pp"]) <= 40 else 40
    last = max(1, -(-len(thread.posts) // per))
    page = min(max(1, int(q["page"]) if q.get("page", "").isdigit() else 1), last)
    blocks = "\n".join(
        f'<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%">\n'
        f'<tr><td class="page"><div class="smallfont"><strong>{escape(p.author.name)}</strong> {p.time}</div>\n'
        f"<hr /><div>{p.html}</div></td></tr>\n</table><br />"
        for p in thread.posts[(page - 1) * per : page * per]
    )
    nav = _pagenav(ctx, f"/printthread.php?t={thread.tid}&pp={per}", page, last, per=per, total=len(thread.posts))
    return (
        f'<html><head><meta http-equiv="Content-Type" content="text/html; charset={forum.charset}" />'
        f"<title>{escape(forum.site_name)} - {escape(thread.title)}</title></head><body>\n"
        f'<div class="largefont"><a href="{ctx.href(forum.thread_target(thread, 1))}">{escape(thread.title)}</a></div>\n'
        f'<div class="smallfont">查看完整版本: <a href="{ctx.href(forum.thread_target(thread, 1))}">{escape(thread.title)}</a></div>\n'
        f"{nav}\n{blocks}\n{nav}\n</body></html>"
    )


def _showpost(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    (q,) = route.args
    found = forum.post(int(q["p"])) if q.get("p", "").isdigit() else None
    if found is None:
        return _message(forum, ctx, "提示信息", "无效的帖子。")
    thread, post = found
    return (
        f'<html><head><meta http-equiv="Content-Type" content="text/html; charset={forum.charset}" />'
        f"<title>{escape(forum.site_name)} - 查看单个帖子 - {escape(thread.title)}</title></head><body>\n"
        f'<div class="smallfont">查看单个帖子: <a href="{ctx.href(forum.thread_target(thread, 1))}">{escape(thread.title)}</a></div>\n'
        f"{_postbit(forum, ctx, thread, post)}\n</body></html>"
    )


def _announcement(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    text = "请大家发帖前先搜索，标题写清楚问题，不要发布广告和与本版无关的内容，违者删帖。"
    return _message(forum, ctx, "公告: 关于本版发帖规范的说明", text)


def _simple(forum: HeldoutForum, ctx: Context, route: Route) -> Page:
    titles = {
        "login": "登录",
        "register": "注册",
        "memberlist": "会员列表",
        "calendar": "日历",
        "faq": "常见问题",
        "search": "搜索论坛",
        "sendmessage": "联系我们",
        "markread": "提示信息",
    }
    title = titles.get(route.view, "提示信息")
    if route.view == "search":
        return _message(forum, ctx, title, "对不起，没有找到匹配的结果。请换个关键词再试。")
    if route.view in {"login", "register"}:
        return _message(forum, ctx, title, "请输入您的用户名和密码登录。", login=True)
    return _message(forum, ctx, title, f"{title}：本功能暂未向游客开放。")


_VIEWS = {
    "index": _index,
    "category": _category,
    "board": _board,
    "thread": _thread,
    "goto": _goto,
    "member": _member,
    "online": _online,
    "misc": _misc,
    "printthread": _printthread,
    "showpost": _showpost,
    "announcement": _announcement,
    "newreply": _no_permission,
    "newthread": _no_permission,
    "subscription": _no_permission,
    "private": _no_permission,
    "usercp": _no_permission,
    "report": _no_permission,
}
