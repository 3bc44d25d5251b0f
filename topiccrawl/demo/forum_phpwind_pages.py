# ruff: noqa: E501  (HTML templates read best one element per line, however long)
"""Templates of the PHPWind 8.7 fixture forum (default ``wind`` style, guest view, GBK): chrome, board
index, thread lists (``thread.php``), thread pages (``read.php``), the pager and the lesser pages
(message boxes, profiles, print view, RSS, the ``simple/`` Lite version).

:mod:`topiccrawl.demo.forum_phpwind` holds the content, the routing, the truth and the lesser pages, and
its docstring says what is imitated. Links are relative, with raw ``&`` in query strings, as PHPWind
writes them. Times are PHPWind's ``Y-m-d H:i`` on the forum's clock :data:`NOW`; thread lists show
'今天 10:22'/'昨天 23:01' for the last post of recent threads.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from html import escape
from typing import TYPE_CHECKING

from topiccrawl.demo.server import Reply

if TYPE_CHECKING:
    from topiccrawl.demo.forum_phpwind import Board, Member, PhpwindData, Post, Thread

NOW = datetime(2013, 6, 18, 16, 40)  # the forum's clock: a Tuesday afternoon
FORUM = "江城网友之家"
PER_PAGE = 10  # $db_readperpage: floors per thread page, the first post included
THREADS_PER_PAGE = 20  # $db_perpage: threads per board page
SIMPLE_PER_PAGE = 30  # posts or threads per page of the simple/ (Lite) version
FLOORS = ["楼主", "沙发", "板凳", "地板"]
TOPPED = {3: "总置顶", 2: "分类置顶", 1: "置顶"}
AD_LINK = "http://union.jcwy.example.cn/click.php?aid={aid}&amp;pos={pos}&amp;u={u}"
ADS = [
    "江城装修网：夏季装修节，全包套餐立减两千",
    "光谷数码城：正品行货，以旧换新",
    "户部巷老字号，网友凭截图九折",
    "江城驾校：暑期班火热报名中",
]


def esc(text: str) -> str:
    return escape(text, quote=True)


def when_full(when: datetime) -> str:
    return f"{when:%Y-%m-%d %H:%M}"


def when_list(when: datetime) -> str:
    """A thread list's last-post time: '今天 10:22', '昨天 23:01' or the full time."""
    if when.date() == NOW.date():
        return f"今天 {when:%H:%M}"
    if when.date() == NOW.date() - timedelta(days=1):
        return f"昨天 {when:%H:%M}"
    return when_full(when)


def floor_name(i: int) -> str:
    """The floor label of the ``i``-th post (0-based): 楼主, 沙发, 板凳, 地板, then '4楼', '5楼' ..."""
    return FLOORS[i] if i < len(FLOORS) else f"{i}楼"


def floor_ref(i: int) -> str:
    """How a quote names the floor it quotes: '楼主' or '第3楼'."""
    return "楼主" if i == 0 else f"第{i}楼"


def pager(url: str, page: int, last: int, *, anchor: str = "") -> str:
    """``numofpage()``: 首页/上一页, up to three numbers either side, 下一页/末页 and the jump box; links
    ``{url}{N}{anchor}``. Nothing for a single page."""
    if last <= 1:
        return ""
    out = [f'<div class="pages"><a href="{url}1{anchor}" class="pages_pre">&laquo; 首页</a>']
    if page > 1:
        out.append(f'<a href="{url}{page - 1}{anchor}">上一页</a>')
    out += [f'<a href="{url}{n}{anchor}">{n}</a>' for n in range(max(1, page - 3), page)]
    out.append(f"<b>{page}</b>")
    out += [f'<a href="{url}{n}{anchor}">{n}</a>' for n in range(page + 1, min(last, page + 3) + 1)]
    if page < last:
        out.append(f'<a href="{url}{page + 1}{anchor}">下一页</a>')
    out.append(f'<a href="{url}{last}{anchor}" class="pages_next">末页 &raquo;</a>')
    go = f"var value = parseInt(this.value); var page=(value&gt;{last}) ? {last} : value; location='{url}'+page+'{anchor}'; return false;"
    out.append(
        f'<span class="fl">Pages: ( {page}/{last} total )</span><div class="fl">到第</div>'
        f'<input type="text" size="3" onkeydown="javascript: if(event.keyCode==13){{{go}}}" /><div class="fl">页</div></div>'
    )
    return "".join(out)


class PhpwindPages:
    """The templates; mixed into :class:`~topiccrawl.demo.forum_phpwind.PhpwindForum`, which has the data."""

    data: PhpwindData

    # -- chrome ---------------------------------------------------------------------------------
    def page(self, base: str, target: str, *, title: str, body: str, crumbs: str = "", head: str = "") -> str:
        digest = hashlib.md5(target.encode()).hexdigest()
        verify = digest[:8]
        took = f"0.0{int(digest[8:12], 16) % 90000 + 10000}"
        queries = 4 + int(digest[12], 16) % 9
        return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=gbk" />
<title>{title} - Powered by phpwind</title>
<meta name="generator" content="phpwind 8.7" />
<meta name="description" content="{FORUM}，江城网友的网上家园：数码、电脑、美食、灌水" />
<meta name="keywords" content="{FORUM},武汉,数码,电脑,美食" />
<link rel="stylesheet" type="text/css" href="images/pw_core.css?111130" />
<link rel="stylesheet" type="text/css" href="images/wind/css/style.css?111130" />{head}
<script type="text/javascript" src="js/core/core.js"></script>
<script type="text/javascript" src="js/pw_ajax.js"></script>
<script type="text/javascript">
var imgpath = 'images';
var verifyhash = '{verify}';
var modeimg = '';
var modeBase = '';
var winduid = '';
var windid	= '';
var groupid	= 'guest';
var basename = '';
var temp_basename = '';
var db_shiftstyle = '0';
var db_ajax = '0';
var pw_baseurl = '{base}';
</script>
<!--[if IE 6]><script type="text/javascript" src="js/util/pngfix.js"></script><![endif]-->
</head>
<body onkeydown="try{{keyCodes(event);}}catch(e){{}}">
<div id="top"><div class="wrap cc">
<span class="fr"><a href="login.php" rel="nofollow">登录</a> | <a href="register.php" rel="nofollow">注册</a> | <a href="sendpwd.php" rel="nofollow">找回密码</a></span>
<a href="javascript:;" onclick="window.external.AddFavorite(pw_baseurl,'{FORUM}');">收藏本站</a> | <a href="rss.php" target="_blank">RSS订阅</a>
</div></div>
<div id="head"><div class="wrap cc">
<div id="logo" class="fl"><a href="index.php"><img src="images/wind/logo.png" alt="{FORUM}" /></a></div>
<div id="banner" class="fr"><a href="{AD_LINK.format(aid=1, pos="header", u=verify)}" target="_blank"><img src="attachment/ad/banner_728x90.gif" alt="{ADS[0]}" /></a></div>
</div></div>
<div id="navA"><div class="wrap cc"><ul class="cc">
<li class="current"><a href="index.php?m=bbs" id="td_mbbs">论坛</a></li>
<li><a href="apps.php?q=article" id="td_article">日志</a></li>
<li><a href="apps.php?q=photos" id="td_photos">相册</a></li>
<li><a href="hack.php?H_name=medal" id="td_medal">勋章中心</a></li>
<li><a href="member.php" id="td_member">会员列表</a></li>
<li><a href="sort.php" id="td_sort">统计排行</a></li>
<li><a href="faq.php" id="td_faq">帮助</a></li>
</ul></div></div>
<div id="navB"><div class="wrap cc">
<form action="search.php" method="post" class="fr"><input type="hidden" name="step" value="2" /><input type="text" name="keyword" class="input" size="18" /> <button type="submit">搜索</button> <a href="search.php" rel="nofollow">高级</a></form>
<a href="search.php?sch_time=newatc" rel="nofollow">最新帖子</a> | <a href="search.php?digest=1" rel="nofollow">精华区</a> | <a href="hack.php?H_name=bank" rel="nofollow">银行</a> | <a href="simple/" target="_blank">Lite版</a>
</div></div>
<div id="main"><div class="wrap">
<div id="breadCrumb" class="cc"><img src="images/wind/thread/home.gif" align="absmiddle" alt="forum" /> <a href="index.php" title="{FORUM}">{FORUM}</a>{crumbs}</div>
{body}
</div></div>
<div id="footer"><div class="wrap">
<div class="bottom tac">
<a href="faq.php">帮助</a> | <a href="simple/" target="_blank">Lite版</a> | <a href="rss.php" target="_blank">RSS</a> | <a href="javascript:scroll(0,0)">返回顶部</a><br />
Powered by <a href="http://www.phpwind.net/" target="_blank"><b>phpwind v8.7</b></a> <a href="http://www.phpwind.net" target="_blank"><b style="color:#FF9900">Certificate</b></a> Code &copy;2003-2011 <a href="http://www.phpwind.com" target="_blank" rel="nofollow"><b>phpwind.com</b></a> Corporation<br />
Total {took}(s) query {queries}, Time now is:{NOW:%m-%d %H:%M}, Gzip disabled <a href="http://www.miibeian.gov.cn/" target="_blank" rel="nofollow">鄂ICP备08012345号</a>
</div></div></div>
</body>
</html>"""

    def crumbs(self, board: Board | None, thread: Thread | None = None) -> str:
        out = []
        if board is not None:
            d = self.data
            cid = board.cat
            out.append(f'<a href="index.php?cateid={cid}">{esc(d.cat_name(cid))}</a>')
            if board.parent:
                parent = d.boards[board.parent]
                out.append(f'<a href="thread.php?fid={parent.fid}">{esc(parent.name)}</a>')
            out.append(f'<a href="thread.php?fid={board.fid}">{esc(board.name)}</a>')
        if thread is not None:
            out.append(f'<a href="read.php?tid={thread.tid}">{esc(thread.subject)}</a>')
        return "".join(f"<em>&raquo;</em> {c}" for c in out)

    def user(self, uid: int, css: str = "") -> str:
        m = self.data.members[uid]
        cls = f' class="{css}"' if css else ""
        return f'<a href="u.php?uid={uid}"{cls}>{esc(m.name)}</a>'

    # -- the board index ------------------------------------------------------------------------
    def board_row(self, board: Board) -> str:
        d = self.data
        threads, posts = d.board_counts(board)
        last = d.last_thread(board)
        lastpost = "暂无"
        if last is not None:
            p = last.posts[-1]
            short = last.subject if len(last.subject) <= 16 else last.subject[:16] + "..."
            lastpost = (
                f'<a href="read.php?tid={last.tid}&page=e#a" title="{esc(last.subject)}">{esc(short)}</a><br />'
                f'<span class="gray">作者: {esc(d.members[p.uid].name)}</span><br /><span class="f10 gray">{when_full(p.when)}</span>'
            )
        kids = d.children(board)
        subs = ""
        if kids:
            subs = '<br /><span class="s3">子版块: </span>' + " ".join(
                f'<a href="thread.php?fid={k.fid}" class="s4">{esc(k.name)}</a>' for k in kids
            )
        mods = ""
        if board.moderators:
            mods = '<br /><span class="gray">版主: </span>' + " ".join(self.user(u) for u in board.moderators)
        icon = "new" if d.today(board) else "old"
        return f"""
<tr class="tr3 f_one">
<td class="icon tac"><a href="thread.php?fid={board.fid}"><img src="images/wind/thread/{icon}.gif" alt="" /></a></td>
<th><h3 class="b"><a href="thread.php?fid={board.fid}" id="fn_{board.fid}">{esc(board.name)}</a></h3> <span class="s2 f10">(今日: {d.today(board)})</span><br /><span class="gray">{esc(board.description)}</span>{subs}{mods}</th>
<td class="tac"><span class="f12">{threads}</span> / <span class="f12">{posts}</span></td>
<td class="tal smalltxt">{lastpost}</td>
</tr>"""

    def category(self, cid: int) -> str:
        d = self.data
        rows = "".join(self.board_row(d.boards[fid]) for fid in d.cat_boards(cid))
        return f"""
<div class="t" style="margin-top:8px;">
<table cellspacing="0" cellpadding="0" width="100%" id="t_{cid}">
<tr><th class="h" colspan="4"><span class="fr"><a href="javascript:;" onclick="return IndexDeploy('{cid}',0)"><img id="img_{cid}" src="images/wind/index/cate_fold.gif" alt="" /></a></span><h2><a href="index.php?cateid={cid}">{esc(d.cat_name(cid))}</a></h2></th></tr>
<tr class="tr2"><td style="width:5%">&nbsp;</td><td class="tal">论坛</td><td class="tac" style="width:14%">主题 / 帖子</td><td class="tal" style="width:28%">最后发表</td></tr>
<tbody id="cate_{cid}">{rows}
</tbody>
</table>
</div>"""

    def infobox(self) -> str:
        """论坛动态: the 最新帖子 / 最新回复 / 热门帖子 / 精华帖子 lists."""
        d = self.data
        threads = d.all_threads()
        newest = sorted(threads, key=lambda t: -t.tid)[:8]
        replied = sorted((t for t in threads if len(t.posts) > 1), key=lambda t: t.posts[-1].when, reverse=True)[:8]
        hot = sorted(threads, key=lambda t: (-t.hits, t.tid))[:8]
        digest = [t for t in sorted(threads, key=lambda t: -t.tid) if t.digest][:8]

        def items(ts: list[Thread], suffix: str) -> str:
            return "".join(
                f'\n<li><a href="read.php?tid={t.tid}{suffix}" title="{esc(t.subject)}">{esc(t.subject)}</a></li>'
                for t in ts
            )

        cols = [
            ("最新帖子", items(newest, "")),
            ("最新回复", items(replied, "&page=e#a")),
            ("热门帖子", items(hot, "")),
            ("精华帖子", items(digest, "&toread=1")),
        ]
        boxes = "".join(
            f'\n<div class="infobox-col fl" style="width:24%"><h4 class="b">{name}</h4><ul class="list">{ul}\n</ul></div>'
            for name, ul in cols
        )
        return f"""
<div class="t" id="infobox"><table cellspacing="0" cellpadding="0" width="100%">
<tr><th class="h"><span class="fr"><a href="search.php?sch_time=newatc" rel="nofollow">更多</a></span>论坛动态</th></tr>
<tr><td class="f_one cc">{boxes}
</td></tr></table></div>"""

    def render_index(self, base: str, target: str, cateid: int = 0) -> str:
        d = self.data
        cats = "".join(self.category(cid) for cid, _ in d.categories if not cateid or cid == cateid)
        notice = d.notice_thread()
        online = d.online()
        people = " ".join(f'<a href="u.php?uid={u.uid}" class="s4">{esc(u.name)}</a>' for u in online)
        friends = " ".join(
            f'<a href="{url}" target="_blank">{name}</a>'
            for url, name in (
                ("http://www.phpwind.net/", "phpwind官方"),
                ("http://www.example.cn/whcar/", "江城汽车网"),
                ("http://www.example.cn/whfood/", "武汉美食地图"),
            )
        )
        newest = max(d.members.values(), key=lambda m: m.regdate)
        stats = (
            f"今日: <b>{d.day_posts(0)}</b> | 昨日: <b>{d.day_posts(1)}</b> | 帖子: <b>{d.total_posts()}</b> | "
            f"主题: <b>{len(d.all_threads())}</b> | 会员: <b>{len(d.members)}</b> | 新会员: {self.user(newest.uid)}"
        )
        body = f"""
<div id="notice" class="cc"><span class="b">公告: </span><a href="notice.php?fid=-1#1">{esc(notice.subject)}</a> <span class="gray">({notice.posts[0].when:%Y-%m-%d})</span></div>
<div class="cc mb10"><span class="fr">{stats}</span><a href="search.php?sch_time=newatc" rel="nofollow">查看新帖</a> | <a href="job.php?action=taglist" rel="nofollow">标签</a></div>{self.infobox()}{cats}
<div class="t" style="margin-top:8px;"><table cellspacing="0" cellpadding="0" width="100%">
<tr><th class="h">在线用户 - 共 {len(online) + 57} 人在线，{len(online)} 位会员，57 位访客</th></tr>
<tr class="tr3"><td class="f_one">{people}</td></tr></table></div>
<div class="t" style="margin-top:8px;"><table cellspacing="0" cellpadding="0" width="100%">
<tr><th class="h">友情链接</th></tr><tr class="tr3"><td class="f_one">{friends}</td></tr></table></div>"""
        title = FORUM if not cateid else f"{esc(d.cat_name(cateid))} - {FORUM}"
        return self.page(base, target, title=title, body=body)

    # -- thread lists ---------------------------------------------------------------------------
    def thread_row(self, t: Thread, page: int, topped_here: bool) -> str:
        d = self.data
        fp = f"&fpage={page}" if page > 1 else ""
        first, last = t.posts[0], t.posts[-1]
        pages = d.pages(t)
        multi = ""
        if pages > 1:
            nums = list(range(1, min(pages, 4) + 1)) if pages > 5 else list(range(1, pages + 1))
            links = " ".join(f'<a href="read.php?tid={t.tid}{fp}&page={n}">{n}</a>' for n in nums)
            if pages > 5:
                links += f' .. <a href="read.php?tid={t.tid}{fp}&page={pages}">{pages}</a>'
            multi = f' <span class="tpage">( <img src="images/wind/file/multipage.gif" align="absmiddle" alt="pages" /> {links} )</span>'
        label = ""
        if topped_here and t.topped:
            label = f'<img src="images/wind/file/headtopic_{t.topped}.gif" align="absmiddle" alt="{TOPPED[t.topped]}" title="{TOPPED[t.topped]}" /> '
        ttype = ""
        if t.ttype:
            ttype = f'[<a href="thread.php?fid={t.fid}&type={t.ttype}" class="s5">{d.type_name(t.ttype)}</a>] '
        marks = (
            ' <img src="images/wind/file/digest_1.gif" align="absmiddle" alt="精华帖" title="精华帖" />'
            if t.digest
            else ""
        )
        if NOW - last.when < timedelta(hours=24):
            marks += ' <img src="images/wind/file/new.gif" align="absmiddle" alt="新帖" />'
        icon = "topiclock" if t.locked else "topichot" if len(t.posts) > 30 else "topicnew"
        return f"""
<tr class="tr3 t_one">
<td class="icon tac"><a href="read.php?tid={t.tid}" target="_blank" title="新窗口打开"><img src="images/wind/thread/{icon}.gif" alt="" /></a></td>
<td class="subject" id="td_{t.tid}">{label}{ttype}<a href="read.php?tid={t.tid}{fp}" id="a_ajax_{t.tid}" class="subject_t f14">{esc(t.subject)}</a>{marks}{multi}</td>
<td class="author"><a href="u.php?uid={first.uid}" class="bl">{esc(d.members[first.uid].name)}</a><p class="f10 gray">{first.when:%Y-%m-%d}</p></td>
<td class="num"><em>{len(t.posts) - 1}</em>/{t.hits}</td>
<td class="author"><a href="read.php?tid={t.tid}&page=e#a" title="{esc(t.subject)}" class="f10">{when_list(last.when)}</a><p>by: {esc(d.members[last.uid].name)}</p></td>
</tr>"""

    def subboards(self, board: Board) -> str:
        kids = self.data.children(board)
        if not kids:
            return ""
        rows = "".join(self.board_row(k) for k in kids)
        return f"""
<div class="t mb10"><table cellspacing="0" cellpadding="0" width="100%">
<tr><th class="h" colspan="4">子版块</th></tr>
<tr class="tr2"><td style="width:5%">&nbsp;</td><td class="tal">论坛</td><td class="tac" style="width:14%">主题 / 帖子</td><td class="tal" style="width:28%">最后发表</td></tr>{rows}
</table></div>"""

    def render_board(self, base: str, target: str, board: Board, page: int, view: str = "") -> str:
        """A page of a board's thread list; ``view`` is the query of a filtered or sorted view (noise)."""
        d = self.data
        threads = d.view_threads(board, view)
        last = max(1, -(-len(threads) // THREADS_PER_PAGE))
        shown = threads[(page - 1) * THREADS_PER_PAGE : page * THREADS_PER_PAGE]
        fid = board.fid
        rows = []
        if page == 1 and not view:
            rows += [self.thread_row(t, page, True) for t in d.global_topped() if t.fid != fid]
        sticky = [t for t in shown if t.topped and not view]
        rows += [self.thread_row(t, page, True) for t in sticky]
        if rows:
            rows.append('\n<tr class="tr2"><td colspan="5" class="tal"><span class="b">普通主题</span></td></tr>')
        rows += [self.thread_row(t, page, bool(view)) for t in shown if t not in sticky]
        prefix = f"thread.php?fid={fid}{'&' + view if view else ''}&page="
        pages = pager(prefix, page, last)
        types = "".join(f' | <a href="thread.php?fid={fid}&type={n}">{d.type_name(n)}</a>' for n in board.types)
        threads_n, posts_n = d.board_counts(board)
        mods = " ".join(self.user(u) for u in board.moderators) or "暂无"
        post_button = f'<a href="post.php?fid={fid}" class="post fl" title="发新帖"><img src="images/wind/post.png" alt="发帖" /></a>'
        body = f"""
<div class="t mb10 cc" id="forum_head"><table cellspacing="0" cellpadding="0" width="100%"><tr><td class="f_one">
<span class="fr"><a href="rss.php?fid={fid}" target="_blank"><img src="images/wind/rss.gif" alt="RSS" /></a></span>
<h2 class="f16 b"><a href="thread.php?fid={fid}">{esc(board.name)}</a></h2>
<p class="gray">{esc(board.description)}</p>
<p>今日: <span class="s2">{d.today(board)}</span> | 主题: {threads_n} | 帖子: {posts_n} | 版主: {mods}</p>
</td></tr></table></div>{self.subboards(board) if page == 1 and not view else ""}
<div class="t3 cc">{post_button}<span class="fr">{pages}</span></div>
<div class="t z" style="margin:0;"><table cellspacing="0" cellpadding="0" width="100%" id="ajaxtable">
<tr><th class="h" colspan="5"><span class="fr">排序: <a href="thread.php?fid={fid}&orderway=postdate&asc=DESC">发布时间</a> | <a href="thread.php?fid={fid}&orderway=lastpost&asc=DESC">最后回复</a> | <a href="thread.php?fid={fid}&orderway=replies&asc=DESC">回复</a> | <a href="thread.php?fid={fid}&orderway=hits&asc=DESC">人气</a></span>
<a href="thread.php?fid={fid}" class="s4">全部</a> | <a href="thread.php?fid={fid}&search=digest">精华</a>{types}</th></tr>
<tr class="tr2"><td style="width:5%" class="tac">状态</td><td class="tal">标题</td><td class="tal y-style" style="width:13%">作者</td><td class="tal y-style" style="width:9%">回复/人气</td><td class="tal y-style" style="width:17%">最后发表</td></tr>
<tbody id="threadlist">{"".join(rows) or '<tr class="tr3"><td colspan="5" class="tac">本版块暂无帖子</td></tr>'}
</tbody></table></div>
<div class="t3 cc">{post_button}<span class="fr">{pages}</span></div>"""
        suffix = f" - 第{page}页" if page > 1 else ""
        head = f'\n<link rel="alternate" type="application/rss+xml" title="{esc(board.name)}" href="{base}/rss.php?fid={fid}" />'
        return self.page(
            base, target, title=f"{esc(board.name)}{suffix} - {FORUM}", body=body, crumbs=self.crumbs(board), head=head
        )

    # -- thread pages ---------------------------------------------------------------------------
    def quote(self, t: Thread, p: Post, up: str = "") -> str:
        q = p.quote
        assert q is not None
        name = esc(self.data.members[q.uid].name)
        text = "<br />".join(m for _, m in q.lines[: p.quote_lines])
        back = f'<a href="{up}job.php?action=topost&tid={t.tid}&pid={q.anchor}" target="_blank"><img src="images/back.gif" align="absbottom" border="0" alt="" /></a>'
        return (
            f'<div class="blockquote"><h6 class="quote"><span class="s3 f12 fn">引用{floor_ref(q.floor)}{name}于{when_full(q.when)}发表的</span> '
            f"{back} :</h6><blockquote>{text}</blockquote></div>"
        )

    def body(self, t: Thread, p: Post, up: str = "") -> str:
        """A post's text as rendered, its quote first; ``up`` leads to the forum's root from the page."""
        quote = self.quote(t, p, up) if p.quote is not None else ""
        return quote + "<br />".join(m for _, m in p.lines)

    def userinfo(self, m: Member) -> str:
        return f"""<ul>
<li>UID: {m.uid}</li>
<li>精华: {m.digests}</li>
<li>发帖: {m.posts}</li>
<li>威望: {m.rvrc} 点</li>
<li>金钱: {m.money} RMB</li>
<li>贡献值: {m.credit} 点</li>
<li>注册时间: {m.regdate:%Y-%m-%d}</li>
<li>最后登录: {m.lastvisit:%Y-%m-%d}</li>
</ul>"""

    def floor(self, t: Thread, p: Post, *, last_on_page: bool) -> str:
        d = self.data
        m = d.members[p.uid]
        anchor = p.anchor
        name = esc(m.name)
        title = f'\n<h1 id="subject_tpc" class="read_h1">{esc(t.subject)}</h1>' if p.floor == 0 else ""
        edited = ""
        if p.edited is not None:
            editor, when = p.edited
            edited = f'\n<div class="tips" id="alert_{anchor}" style="width:auto">[ 此帖被{esc(editor)}在{when_full(when)}重新编辑 ]</div>'
        sig = ""
        if m.signature:
            sig = f'\n<div class="signature" style="max-height:200px;maxHeight:200px;overflow:hidden;"><table width="100%"><tr><td>{m.signature}</td></tr></table></div>'
        mark = '<a name="a"></a>' if last_on_page else ""
        face = f"images/face/{m.face}" if m.face else "images/face/none.gif"
        report = f"sendmsg('pw_ajax.php','action=report&type=post&tid={t.tid}&pid={anchor}',this.id)"
        return f"""
<div class="t5 t2" style="border-top:0;">{mark}<a name="{anchor}"></a>
<table cellspacing="0" cellpadding="0" width="100%" class="floot">
<tr class="vt">
<td rowspan="2" class="floot_left">
<div class="readName b"><a href="u.php?uid={m.uid}">{name}</a></div>
<div class="floot_leftdiv">
<a href="u.php?uid={m.uid}" class="userCard face_img"><img class="pic" src="{face}" width="120" height="120" border="0" alt="" /></a>
<div class="user-infoWrap2 cc">
<span class="user-level">等级: {m.level}</span>
{self.userinfo(m)}
</div>
<div class="tac"><a href="message.php?action=write&touid={m.uid}" rel="nofollow">发消息</a></div>
</div>
</td>
<td class="floot_right" id="td_{anchor}">
<div class="tipTop s6">
<span class="fr"><a href="job.php?action=topost&tid={t.tid}&pid={anchor}" class="s3 b" title="楼层链接">{floor_name(p.floor)}</a></span>
<span class="mr5"><a href="read.php?tid={t.tid}&uid={m.uid}" title="只看该作者的帖子" rel="nofollow">只看该作者</a></span>
<span class="gray" title="{when_full(p.when)}">发表于: {when_full(p.when)}</span>
</div>{title}
<div class="tpc_content" id="read_{anchor}">{self.body(t, p)}</div>{edited}
</td>
</tr>
<tr><td class="floot_bottom">{sig}
<div class="tipBottom cc">
<div class="readbot fl"><a class="r-quote" href="post.php?action=quote&fid={t.fid}&tid={t.tid}&pid={anchor}&article={p.floor}" rel="nofollow" title="引用">引用</a> <a class="r-reply" href="post.php?action=reply&fid={t.fid}&tid={t.tid}" rel="nofollow" title="回复">回复</a> <a href="javascript:;" id="report_{anchor}" onclick="return {report}" title="举报">举报</a></div>
<div class="fr"><a href="javascript:scroll(0,0)" title="顶端">TOP</a></div>
</div>
</td></tr>
</table>
</div>"""

    def ad(self, t: Thread, n: int) -> str:
        text = ADS[(t.tid + n) % len(ADS)]
        return f'\n<div class="tpc_ad"><span class="s3">[广告]</span> <a href="{AD_LINK.format(aid=10 + n, pos="read", u=t.tid)}" target="_blank" rel="nofollow">{text}</a></div>'

    def render_thread(
        self, base: str, target: str, t: Thread, page: int, *, fpage: int = 0, uid: int = 0, desc: bool = False
    ) -> str:
        """A page of a thread; ``uid`` (只看该作者) and ``desc`` (倒序阅读) are the filtered views (noise)."""
        d = self.data
        board = d.boards[t.fid]
        posts = d.view_posts(t, uid, desc)
        last = max(1, -(-len(posts) // PER_PAGE))
        shown = posts[(page - 1) * PER_PAGE : page * PER_PAGE]
        floors = []
        for i, p in enumerate(shown):
            floors.append(self.floor(t, p, last_on_page=i == len(shown) - 1 and page == last))
            if i == 0 or (i == 5 and len(shown) > 7):
                floors.append(self.ad(t, i))
        if uid:
            prefix = f"read.php?tid={t.tid}&uid={uid}&page="
        elif desc:
            prefix = f"read.php?tid={t.tid}&ordertype=desc&page="
        else:
            prefix = f"read.php?tid={t.tid}&fpage={fpage}&toread=&page="
        pages = pager(prefix, page, last)
        back = f"thread.php?fid={t.fid}" + (f"&page={fpage}" if fpage > 1 else "")
        starter = t.posts[0].uid
        top = f"""
<div class="t3 cc">
<span class="fr"><a href="job.php?action=previous&fid={t.fid}&tid={t.tid}" title="上一主题">上一主题</a> | <a href="job.php?action=next&fid={t.fid}&tid={t.tid}" title="下一主题">下一主题</a></span>
<a href="post.php?fid={t.fid}" class="post fl" title="发新帖"><img src="images/wind/post.png" alt="发帖" /></a><a href="post.php?action=reply&fid={t.fid}&tid={t.tid}" class="post fl" title="回复"><img src="images/wind/reply.png" alt="回复" /></a>
<a href="{back}" class="fl">返回列表</a>
<span class="fr">{pages}</span>
</div>"""
        bottom = top.replace('<div class="t3 cc">', '<div class="t3 cc" id="bottom_pages">')
        body = f"""{top}
<div class="t5 cc" id="readTop"><table cellspacing="0" cellpadding="0" width="100%"><tr><td class="h">
<span class="fr"><a href="read.php?tid={t.tid}&uid={starter}" rel="nofollow">只看楼主</a> | <a href="read.php?tid={t.tid}&ordertype=desc" rel="nofollow">倒序阅读</a> | <a href="read.php?action=print&tid={t.tid}" target="_blank" rel="nofollow">打印</a> | <a href="simple/index.php?t{t.tid}.html" target="_blank">Lite版</a></span>
<span class="b">阅读: {t.hits} | 回复: {len(t.posts) - 1}</span>
</td></tr></table></div>{"".join(floors)}{bottom}
<div class="t cc" id="quickpost"><table cellspacing="0" cellpadding="0" width="100%"><tr><td class="h">快速回复</td></tr>
<tr><td class="f_one tac">您需要登录后才可以回帖 <a href="login.php" rel="nofollow">登录</a> | <a href="register.php" rel="nofollow">注册</a></td></tr></table></div>"""
        suffix = f" - 第{page}页" if page > 1 else ""
        title = f"{esc(t.subject)}{suffix} - {esc(board.name)} - {FORUM}"
        head = f'\n<link rel="alternate" type="application/rss+xml" title="{esc(board.name)}" href="{base}/rss.php?fid={t.fid}" />'
        return self.page(base, target, title=title, body=body, crumbs=self.crumbs(board, t), head=head)

    # -- lesser pages (noise) ---------------------------------------------------------------------
    def message(self, base: str, target: str, title: str, text: str, *, login: bool = False) -> str:
        """``Showmsg()``: PHPWind's message box (with the login form when a guest must log in)."""
        form = ""
        if login:
            form = (
                '<form action="login.php" method="post"><input type="hidden" name="jumpurl" value="index.php" />'
                '用户名 <input type="text" name="pwuser" size="16" /> '
                '密码 <input type="password" name="pwpwd" size="16" /> <button type="submit">登录</button> '
                '<a href="register.php">注册</a> | <a href="sendpwd.php">找回密码</a></form>'
            )
        body = (
            '\n<div class="t" style="width:500px;margin:40px auto;">'
            '<table cellspacing="0" cellpadding="0" width="100%">'
            f'<tr><th class="h">{title}</th></tr><tr><td class="f_one tac" style="padding:20px">{text}{form}'
            "<br /><br />"
            '<a href="javascript:history.go(-1);">返回继续操作</a></td></tr></table></div>'
        )
        return self.page(base, target, title=f"{title} - {FORUM}", body=body)

    def thread_list(self, threads: list[Thread], suffix: str = "") -> str:
        return "".join(
            f'\n<li><a href="read.php?tid={t.tid}{suffix}">{esc(t.subject)}</a> <span class="gray">'
            f"{esc(self.data.boards[t.fid].name)} | {when_full(t.posts[-1].when)}</span></li>"
            for t in threads
        )

    def profile(self, base: str, target: str, m: Member) -> str:
        d = self.data
        mine = [t for t in d.all_threads() if t.posts[0].uid == m.uid][:10]
        replies = sorted(
            ((t, p) for t in d.all_threads() for p in t.posts[1:] if p.uid == m.uid), key=lambda tp: -tp[1].pid
        )[:10]
        rows = "".join(
            f'\n<li><a href="job.php?action=topost&tid={t.tid}&pid={p.anchor}">回复: {esc(t.subject)}</a></li>'
            for t, p in replies
        )
        sig = f'<div class="signature">{m.signature}</div>' if m.signature else ""
        body = (
            f"<p>{esc(m.name)}（UID: {m.uid}） 等级: {m.level} 发帖: {m.posts} 注册时间: {m.regdate:%Y-%m-%d}</p>{sig}"
            f'<p><a href="message.php?action=write&touid={m.uid}">发消息</a></p>'
            f"<h4>最近主题</h4><ul>{self.thread_list(mine)}</ul><h4>最近回复</h4><ul>{rows}</ul>"
        )
        return self.message(base, target, f"{esc(m.name)}的个人空间", body)

    def rss(self, base: str, fid: int) -> Reply:
        d = self.data
        threads = [t for t in d.all_threads() if not fid or t.fid == fid]
        items = "".join(
            f"\n<item><title>{esc(t.subject)}</title><link>{base}/read.php?tid={t.tid}</link>"
            f"<description><![CDATA[{self.body(t, t.posts[0])}]]></description>"
            f"<author>{esc(d.members[t.posts[0].uid].name)}</author><category>{esc(d.boards[t.fid].name)}</category>"
            f"<pubDate>{t.posts[0].when:%a, %d %b %Y %H:%M:%S} +0800</pubDate></item>"
            for t in sorted(threads, key=lambda t: -t.tid)[:20]
        )
        title = d.boards[fid].name if fid else FORUM
        body = (
            f'<?xml version="1.0" encoding="gbk"?>\n<rss version="2.0"><channel><title>{esc(title)}</title>'
            f"<link>{base}/</link><description>Latest 20 threads of {esc(title)}</description>"
            f"<generator>phpwind v8.7</generator>{items}\n</channel></rss>"
        )
        return Reply(200, body, {"Content-Type": "application/xml; charset=gbk"}, charset="gbk")

    def render_print(self, t: Thread) -> str:
        d = self.data
        posts = "".join(
            f'\n<div class="print_tip"><b>{floor_name(p.floor)}</b> 作者: {esc(d.members[p.uid].name)} '
            f'发表于: {when_full(p.when)}</div>\n<div class="print_content">{self.body(t, p)}</div><hr />'
            for p in t.posts
        )
        return (
            '<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=gbk" />\n'
            f"<title>{esc(t.subject)} - 打印版 - {FORUM}</title>\n</head>\n<body>\n"
            f'<h2>{esc(t.subject)}</h2>{posts}\n<a href="read.php?tid={t.tid}">'
            f"查看完整版本: [-- {esc(t.subject)} --]</a>"
            "\n</body>\n</html>"
        )

    # -- the simple/ (Lite) version ----------------------------------------------------------------
    def simple_page(self, title: str, nav: str, body: str, full: str) -> str:
        return (
            '<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=gbk" />\n'
            f"<title>{title} - {FORUM} - Powered by phpwind</title>\n"
            '<link rel="stylesheet" type="text/css" href="../images/simple.css" />\n</head>\n<body>\n'
            f'<div class="wrap"><div class="nav"><a href="index.php">{FORUM}</a>{nav}</div>\n{body}\n'
            f'<div class="footer">查看完整版本: <a href="../{full}">[-- {title} --]</a> '
            '[-- <a href="#top">top</a> --]<br />Powered by phpwind v8.7 Code &copy;2003-2011 phpwind.com</div>'
            "</div>\n</body>\n</html>"
        )

    def simple_index(self) -> str:
        items = "".join(
            f'\n<li><a href="index.php?f{b.fid}.html">{esc(b.name)}</a></li>' for b in self.data.boards.values()
        )
        return self.simple_page(FORUM, "", f"<ul>{items}\n</ul>", "index.php")

    def simple_board(self, board: Board, page: int) -> str:
        threads = board.threads
        last = max(1, -(-len(threads) // SIMPLE_PER_PAGE))
        page = min(page, last)
        items = "".join(
            f'\n<li><a href="index.php?t{t.tid}.html">{esc(t.subject)}</a> ({len(t.posts) - 1})</li>'
            for t in threads[(page - 1) * SIMPLE_PER_PAGE : page * SIMPLE_PER_PAGE]
        )
        pages = " ".join(
            f"<b>{n}</b>" if n == page else f'<a href="index.php?f{board.fid}_{n}.html">{n}</a>'
            for n in range(1, last + 1)
        )
        body = f'<div class="pages">页码: {pages}</div>\n<ul>{items}\n</ul>'
        nav = f" -&gt; <b>{esc(board.name)}</b>"
        return self.simple_page(esc(board.name), nav, body, f"thread.php?fid={board.fid}")

    def simple_thread(self, t: Thread, page: int) -> str:
        d = self.data
        last = max(1, -(-len(t.posts) // SIMPLE_PER_PAGE))
        page = min(page, last)
        posts = "".join(
            f'\n<div class="thread"><div class="thread_name">{esc(d.members[p.uid].name)} - {floor_name(p.floor)}'
            f' - {when_full(p.when)}</div>\n<div class="thread_content">{self.body(t, p, "../")}</div></div>'
            for p in t.posts[(page - 1) * SIMPLE_PER_PAGE : page * SIMPLE_PER_PAGE]
        )
        pages = pager(f"index.php?t{t.tid}_", page, last, anchor=".html")
        board = d.boards[t.fid]
        nav = f' -&gt; <a href="index.php?f{board.fid}.html">{esc(board.name)}</a> -&gt; <b>{esc(t.subject)}</b>'
        return self.simple_page(esc(t.subject), nav, f"{pages}{posts}\n{pages}", f"read.php?tid={t.tid}")
