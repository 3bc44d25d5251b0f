"""Templates of the NGA fixture forum (bbs.nga.cn, 艾泽拉斯国家地理论坛, guest view without JavaScript): the
chrome (``#mainmenu`` top nav, ``#m_nav`` breadcrumb, footer), the board index, the board page with its
``#topicrows`` table, the thread page with its ``table.forumbox.postbox`` posts, the ``#pagebtop``/``#pagebbtm``
pagers, user profiles and the NGA error page.

:mod:`topiccrawl.demo.forum_nga` holds the content, the routing and the truth; its docstring says what is imitated.
Links are written as NGA writes them: mostly root-relative (``/read.php?tid=…``), in posts relative
(``read.php?…``, ``nuke.php?…``), with ``&amp;`` in attributes. Times are the forum's local clock :data:`NOW`,
shown as ``2025-03-14 21:07``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from topiccrawl.demo.forum_nga import Board, NgaData, Post, Thread, User

NOW = datetime(2025, 4, 9, 23, 12, 0)  # the forum's clock (Beijing time), a Wednesday night
SITE = "NGA玩家社区"
POSTS_PER_PAGE = 20
THREADS_PER_PAGE = 35
LOGIN = "/nuke.php?__lib=login&__act=account&login"
REGISTER = "/nuke.php?__lib=login&__act=account&register"
PAGER_RANGE = 4


def esc(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("'", "&#39;")
        .replace('"', "&quot;")
    )


def a(href: str) -> str:
    """An ``href`` attribute value: ``&`` as ``&amp;``."""
    return href.replace("&", "&amp;")


def stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M")


def short_stamp(when: datetime) -> str:
    """The board list's last-reply time: ``04-09 21:07`` this year, ``2024-11-02`` before."""
    return when.strftime("%m-%d %H:%M") if when.year == NOW.year else when.strftime("%Y-%m-%d")


def thread_url(tid: int, page: int | str = 1, *, root: bool = True) -> str:
    url = f"read.php?tid={tid}" + (f"&page={page}" if page != 1 else "")
    return "/" + url if root else url


def board_url(fid: int, page: int = 1, *, explicit: bool = False) -> str:
    return f"/thread.php?fid={fid}" + (f"&page={page}" if page > 1 or explicit else "")


def user_url(uid: int, *, root: bool = True) -> str:
    return ("/" if root else "") + f"nuke.php?func=ucp&uid={uid}"


def user_link(u: User, css: str = "author", *, root: bool = True, extra: str = "") -> str:
    return f"<a href='{a(user_url(u.uid, root=root))}' class='{css}'{extra}>{esc(u.name)}</a>"


# -- chrome ----------------------------------------------------------------------------------------
def page(title: str, body: str, *, crumbs: Iterable[tuple[str, str]] = (), body_id: str = "nga") -> str:
    """A whole page. ``crumbs``: (href, label) after the root 'NGA' link; an empty href is plain text."""
    nav = " &gt; ".join(
        ["<a href='/' class='nav_root'>NGA</a>"]
        + [f"<a href='{a(h)}' class='nav_link'>{esc(t)}</a>" if h else f"<span>{esc(t)}</span>" for h, t in crumbs]
    )
    return (
        "<!DOCTYPE html PUBLIC '-//W3C//DTD XHTML 1.0 Transitional//EN' "
        "'http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd'>\n"
        "<html xmlns='http://www.w3.org/1999/xhtml'>\n<head>\n"
        "<meta charset='gbk'/>\n"
        "<meta http-equiv='Content-Type' content='text/html; charset=gbk'/>\n"
        f"<title>{esc(title)}</title>\n"
        "<meta name='keywords' content='NGA,艾泽拉斯国家地理,魔兽世界,游戏,论坛'/>\n"
        "<link rel='stylesheet' href='https://img4.nga.178.com/common_res/css_bbs.css?2503' type='text/css'/>\n"
        "<link rel='shortcut icon' href='/favicon.ico' type='image/x-icon'/>\n"
        "<script src='https://img4.nga.178.com/common_res/js_bbscomm.js?2503'></script>\n"
        "</head>\n"
        f"<body id='{body_id}'>\n<div id='mainmenu'>\n<div class='stdbtn'><table class='stdbtn' "
        "cellspacing='0'><tbody><tr>"
        "<td><a href='/' class='mmdefault' title='返回首页'>首页</a></td>"
        "<td><a href='/thread.php?fid=-7' class='mmdefault'>网事杂谈</a></td>"
        f"<td><a href='{a(LOGIN)}' class='mmdefault'>登录</a></td>"
        f"<td><a href='{a(REGISTER)}' class='mmdefault'>注册</a></td>"
        "<td><a href='https://ngabbs.com/app.html' class='mmdefault'>客户端</a></td>"
        "</tr></tbody></table></div>\n</div>\n"
        "<noscript><div class='error_text'>您的浏览器禁用了JavaScript，部分功能可能无法使用</div></noscript>\n"
        f"<div id='m_nav' class='nav'><div class='bbsinfo'>{nav}</div></div>\n"
        f"<div id='mc'>\n{body}\n</div>\n"
        "<div id='footer'><div class='foot'>"
        "<a href='/misc/agreement.html'>用户协议</a> | <a href='/misc/privacy.html'>隐私政策</a> | "
        "<a href='/misc/contact.html'>联系我们</a> | "
        "<a href='https://beian.miit.gov.cn/' rel='nofollow'>沪ICP备12025433号</a><br/>"
        "<span class='silver'>Copyright &copy; 2002-2025 NGA.CN 艾泽拉斯国家地理论坛</span>"
        "</div></div>\n</body>\n</html>\n"
    )


def pager(box_id: str, current: int, pages: int, url: Callable[[int], str]) -> str:
    """NGA's ``#pagebtop``/``#pagebbtm``: ``<<`` first, 上一页, numbers (the current one not linked), 下一页, ``>>``."""
    if pages <= 1:
        return f"<div id='{box_id}' class='pager'></div>"
    cells: list[str] = []
    if current > 1:
        cells.append(f"<td><a href='{a(url(1))}' title='首页' class='uitxt1'>&lt;&lt;</a></td>")
        cells.append(f"<td><a href='{a(url(current - 1))}' title='上一页' class='uitxt1'>上一页</a></td>")
    lo, hi = max(1, current - PAGER_RANGE), min(pages, current + PAGER_RANGE)
    for n in range(lo, hi + 1):
        if n == current:
            cells.append(f"<td><a class='invert' title='当前页'>{n}</a></td>")
        else:
            cells.append(f"<td><a href='{a(url(n))}' title='第{n}页'>{n}</a></td>")
    if current < pages:
        cells.append(f"<td><a href='{a(url(current + 1))}' title='下一页' class='uitxt1'>下一页</a></td>")
        cells.append(f"<td><a href='{a(url(pages))}' title='尾页({pages})' class='uitxt1'>&gt;&gt;</a></td>")
    return (
        f"<div id='{box_id}' class='pager'><table class='stdbtn' cellspacing='0'><tbody><tr>"
        + "".join(cells)
        + f"<td><span class='silver'>共{pages}页</span></td></tr></tbody></table></div>"
    )


def error_page(message: str, code: int) -> str:
    body = (
        "<div class='module_wrap'><div class='forumbox'><div class='title'>提示信息</div>"
        f"<div class='error'>ERROR:<!--msgcodestart-->{code}<!--msgcodeend--> {esc(message)}<br/><br/>"
        "<a href='/'>返回首页</a> | <a href='javascript:history.back()'>后退</a></div></div></div>"
    )
    return page(f"提示信息 {SITE}", body, body_id="errpage")


# -- index -----------------------------------------------------------------------------------------
def index_body(data: NgaData) -> str:
    cats: list[str] = []
    for n, (cate, boards) in enumerate(data.categories().items(), 1):
        items = "".join(
            f"<div class='b'><a href='/thread.php?fid={b.fid}' class='name' id='fid{b.fid}'>"
            f"<img src='https://img4.nga.178.com/proxy/cache_attach/ficon/{abs(b.fid)}u.png' alt=''/>{esc(b.name)}"
            f"</a><p class='info'>{esc(b.desc)}</p><p class='silver'>主题: {len(b.threads)} 回复: "
            f"{sum(len(t.posts) - 1 for t in b.threads)}</p></div>"
            for b in boards
        )
        cats.append(
            f"<div class='catenew' id='cate{n}'><a name='cat{n}'></a><h2 class='catetitle'>{esc(cate)}</h2>"
            f"<div class='b_list'>{items}</div></div>"
        )
    return (
        "<div id='indexBlock'>\n<div class='module_wrap'><div class='forumbox'><div class='title'>公告</div>"
        "<div class='ubbcode'>欢迎访问NGA玩家社区。请遵守<a href='/misc/agreement.html'>用户协议</a>，"
        "友善发言。</div></div></div>\n" + "\n".join(cats) + "\n</div>"
    )


# -- board -----------------------------------------------------------------------------------------
def topic_row(t: Thread, i: int, users: dict[int, User]) -> str:
    first, last = t.posts[0], t.posts[-1]
    starter, replier = users[first.uid], users[last.uid]
    mini = ""
    if t.pages > 1:
        shown = list(range(2, min(t.pages, 4) + 1))
        if t.pages > 4:
            shown.append(t.pages)
        mini = (
            " <span class='t_pager'>[ "
            + " ".join(f"<a href='{a(thread_url(t.tid, n))}' class='silver'>{n}</a>" for n in shown)
            + " ]</span>"
        )
    flag = "<span class='block_txt block_txt_c0'>置顶</span> " if t.pinned else ""
    row = 1 + i % 2
    return (
        f"<tbody><tr class='topicrow{' topicrow_top' if t.pinned else ''} row{row}'>"
        f"<td class='c1'><a id='t_rc{row}_{i}' title='打开新窗口' href='{a(thread_url(t.tid, 'e'))}#a' "
        f"class='replies'>{len(t.posts) - 1}</a></td>"
        f"<td class='c2'>{flag}<a href='{a(thread_url(t.tid))}' id='t_tt{row}_{i}' class='topic'>{esc(t.title)}</a>"
        f"{mini}</td>"
        f"<td class='c3'>{user_link(starter, extra=f' title={chr(39)}用户ID {starter.uid}{chr(39)}')}<br/>"
        f"<span class='silver postdate'>{first.when:%Y-%m-%d}</span></td>"
        f"<td class='c4'><a href='{a(thread_url(t.tid, 'e'))}#a' class='silver replydate'>{short_stamp(last.when)}"
        f"</a><br/><span class='replyer'>{esc(replier.name)}</span></td>"
        "</tr></tbody>"
    )


def topic_table(threads: list[Thread], users: dict[int, User]) -> str:
    head = (
        "<thead><tr class='block_txt_c0'><th class='c1'>回复</th><th class='c2'>标题</th><th class='c3'>作者</th>"
        "<th class='c4'>最后回复</th></tr></thead>"
    )
    rows = "\n".join(topic_row(t, i, users) for i, t in enumerate(threads))
    if not rows:
        rows = "<tbody><tr><td colspan='4' class='silver'>没有符合条件的主题</td></tr></tbody>"
    return f"<div id='m_threads'><table class='forumbox' id='topicrows' cellspacing='1'>{head}\n{rows}\n</table></div>"


def board_body(  # noqa: PLR0917
    b: Board,
    current: int,
    threads: list[Thread],
    data: NgaData,
    url: Callable[[int], str],
    pages: int,
    *,
    heading: str = "",
) -> str:
    hot = sorted(b.threads, key=lambda t: (-len(t.posts), t.tid))[:5]
    hot_box = "".join(f"<li><a href='{a(thread_url(t.tid))}'>{esc(t.title)}</a></li>" for t in hot)
    subs = " ".join(f"<a href='/thread.php?stid={s}' class='b'>{esc(name)}</a>" for s, name, _ in b.stids)
    tools = (
        f"<td><a href='{a(f'/post.php?action=new&fid={b.fid}')}' class='uitxt1'>发帖</a></td>"
        f"<td><a href='{a(f'/thread.php?fid={b.fid}&recommend=1')}'>精华区</a></td>"
        f"<td><a href='{a(f'/thread.php?fid={b.fid}&order_by=postdatedesc')}'>按发布时间</a></td>"
        f"<td><a href='{a(board_url(b.fid))}'>按回复时间</a></td>"
    )
    return (
        f"<div id='m_fopts'><h1 class='x'><a href='{a(board_url(b.fid))}'>{esc(b.name)}</a>{esc(heading)}</h1>"
        f"<p class='silver'>{esc(b.desc)}</p>"
        + (
            f"<div id='sub_forums' class='cateblock'><span class='silver'>子版面/合集: </span>{subs}</div>"
            if subs
            else ""
        )
        + f"</div>\n<div id='boardrules' class='module_wrap'><div class='forumbox'><div class='title'>版规</div>"
        f"<div class='ubbcode'>{b.rules}</div></div></div>\n"
        f"<div id='m_pbtntop'><table class='stdbtn' cellspacing='0'><tbody><tr>{tools}</tr></tbody></table>"
        f"{pager('pagebtop', current, pages, url)}</div>\n"
        f"<div id='m_side'><div class='module_wrap' id='hottopics'><div class='forumbox'><div class='title'>"
        f"热门主题</div><ul>{hot_box}</ul></div></div></div>\n"
        f"{topic_table(threads, data.users)}\n"
        f"<div id='m_pbtnbtm'>{pager('pagebbtm', current, pages, url)}</div>"
    )


# -- thread ----------------------------------------------------------------------------------------
def poster_cell(u: User, floor: int) -> str:
    avatar = (
        f"<a href='{a(user_url(u.uid, root=False))}' class='avatar_link'><img class='avatar' "
        f"src='https://img.nga.178.com/avatars/2002/{u.avatar}' alt='' style='max-width:180px'/></a><br/>"
        if u.avatar
        else ""
    )
    badge = f"<span class='block_txt block_txt_c2 small'>{esc(u.badge)}</span><br/>" if u.badge else ""
    return (
        f"<td class='c1' id='posterinfo{floor}'><span class='posterinfo'>"
        f"{user_link(u, 'author b', root=False, extra=f' id={chr(39)}postauthor{floor}{chr(39)}')}<br/>"
        f"<span class='silver stxt'>UID:{u.uid}</span><br/>{avatar}{badge}"
        f"<div class='stat'><span class='usercol'>级别: {esc(u.level)}</span><br/>"
        f"<span class='usercol'>声望: {u.fame}</span><br/><span class='usercol'>威望: {u.prestige}</span><br/>"
        f"<span class='usercol'>发帖: {u.post_count}</span><br/>"
        f"<span class='usercol'>注册: {u.regdate:%Y-%m-%d}</span></div></span></td>"
    )


def post_table(p: Post, t: Thread, data: NgaData, *, single: bool = False) -> str:
    u = data.users[p.uid]
    f = p.floor
    subject = f"<h3 id='postsubject{f}'>{esc(t.title)}</h3>" if f == 0 else ""
    edited = ""
    if p.edited is not None:
        editor = data.users[p.edited[1]].name
        edited = f"<div class='alterinfo silver'>[ 本帖最后由 {esc(editor)} 于 {stamp(p.edited[0])} 修改 ]</div>"
    sign = f"<div class='sigline'></div><div id='postsign{f}' class='sign ubbcode'>{u.sign}</div>" if u.sign else ""
    base = f"tid={t.tid}&pid={p.pid}"
    buttons = (
        f"<a href='{a(f'post.php?action=reply&fid={t.board.fid}&{base}')}' class='small_colored_text_btn'>回复</a> "
        f"<a href='{a(f'post.php?action=quote&fid={t.board.fid}&{base}')}' class='small_colored_text_btn'>引用</a> "
        f"<a href='{a(f'nuke.php?func=add_point&{base}')}' class='small_colored_text_btn'>评分</a> "
        f"<a href='{a(f'nuke.php?func=report&{base}')}' class='small_colored_text_btn'>举报</a>"
    )
    floor_link = (
        f"<a href='{a(f'read.php?pid={p.pid}')}' class='small_colored_text_btn stxt'>#{f}</a>"
        if single
        else f"<a href='#{f}' name='{f}' class='small_colored_text_btn block_txt_c0 stxt' title='第{f}楼'>#{f}</a>"
    )
    return (
        "<table class='forumbox postbox' cellspacing='1px'><tbody>"
        f"<tr id='post1strow{f}' class='postrow row{1 + f % 2}'>"
        f"{poster_cell(u, f)}"
        f"<td class='c2' id='postcontainer{f}'><a id='pid{p.pid}Anchor'></a><a name='l{f}'></a>"
        f"<div class='postInfo' id='postInfo{f}'>{floor_link} "
        f"<span id='postdate{f}' title='发表时间'>{stamp(p.when)}</span> "
        f"<span class='right'><a href='{a(f'read.php?tid={t.tid}&authorid={u.uid}')}' class='silver'>只看该作者</a>"
        "</span></div>\n"
        f"{subject}<span id='postcontent{f}' class='postcontent ubbcode'>{p.html}</span>\n{edited}{sign}"
        f"<div class='postBtns' id='postBtns{f}'>{buttons}</div></td></tr></tbody></table>"
    )


def thread_body(  # noqa: PLR0917
    t: Thread,
    current: int,
    posts: list[Post],
    data: NgaData,
    url: Callable[[int], str],
    pages: int,
    *,
    rand: int,
    view: str = "",
) -> str:
    starter = t.posts[0].uid
    tools = (
        f"<td><a href='{a(f'/post.php?action=reply&fid={t.board.fid}&tid={t.tid}')}' class='uitxt1'>回复</a></td>"
        f"<td><a href='{a(f'/read.php?tid={t.tid}&authorid={starter}')}'>只看楼主</a></td>"
        f"<td><a href='{a(f'/read.php?tid={t.tid}&order_by=postdatedesc')}'>倒序</a></td>"
        f"<td><a href='{a(thread_url(t.tid, current) + f'&rand={rand}')}'>刷新</a></td>"
    )
    rows = "\n".join(post_table(p, t, data) for p in posts)
    if not rows:
        rows = "<div class='silver'>没有符合条件的回复</div>"
    return (
        f"<div id='m_pbtntop'><table class='stdbtn' cellspacing='0'><tbody><tr>{tools}</tr></tbody></table>"
        f"{pager('pagebtop', current, pages, url)}</div>\n"
        + (f"<div class='silver' id='viewmode'>{esc(view)}</div>\n" if view else "")
        + f"<div id='m_posts'><div id='m_posts_c'>\n{rows}\n</div></div>\n"
        f"<div id='m_pbtnbtm'>{pager('pagebbtm', current, pages, url)}</div>\n"
        f"<div id='quickreply' class='module_wrap'><div class='forumbox'><div class='title'>快速回复</div>"
        f"<div class='silver'>你需要<a href='{a(LOGIN)}'>登录</a>后才可以回复 "
        f"<a href='{a(REGISTER)}'>注册</a></div></div></div>"
    )


# -- noise pages -----------------------------------------------------------------------------------
def profile_body(u: User, threads: list[Thread], replies: list[Post], data: NgaData) -> str:
    rows = "".join(
        f"<tr><td><a href='{a(thread_url(t.tid))}' class='b'>{esc(t.title)}</a></td>"
        f"<td><a href='{a(board_url(t.board.fid))}' class='silver'>{esc(t.board.name)}</a></td>"
        f"<td class='silver'>{stamp(t.posts[0].when)}</td></tr>"
        for t in threads
    )
    reps = "".join(
        f"<li><a href='{a(f'/read.php?pid={p.pid}')}'>{esc(data.threads[p.tid].title)}</a> "
        f"<span class='silver'>{stamp(p.when)}</span></li>"
        for p in replies
    )
    avatar = f"<img src='https://img.nga.178.com/avatars/2002/{u.avatar}' alt=''/>" if u.avatar else ""
    return (
        f"<div id='ucp' class='module_wrap'><div class='forumbox'><div class='title'>用户信息</div>"
        f"<table class='forumbox'><tbody><tr><td rowspan='6'>{avatar}</td><td>用户名: <b>{esc(u.name)}</b></td></tr>"
        f"<tr><td>UID: {u.uid}</td></tr><tr><td>级别: {esc(u.level)}</td></tr><tr><td>声望: {u.fame} 威望: "
        f"{u.prestige}</td></tr><tr><td>发帖: {u.post_count}</td></tr><tr><td>注册日期: {u.regdate:%Y-%m-%d}</td>"
        f"</tr></tbody></table></div></div>\n"
        f"<div class='module_wrap'><div class='forumbox'><div class='title'>最近主题 "
        f"<a href='{a(f'/thread.php?authorid={u.uid}')}' class='silver'>[全部]</a></div>"
        f"<table class='forumbox'><tbody>{rows}</tbody></table></div></div>\n"
        f"<div class='module_wrap'><div class='forumbox'><div class='title'>最近回复</div><ul>{reps}</ul></div></div>"
    )


def login_body(register: bool) -> str:
    what = "注册" if register else "登录"
    other = (f"<a href='{a(LOGIN)}'>已有账号？登录</a>" if register else
             f"<a href='{a(REGISTER)}'>没有账号？注册</a>")  # fmt: skip
    return (
        f"<div class='module_wrap'><div class='forumbox'><div class='title'>{what}</div>"
        f"<form method='post' action='/nuke.php?__lib=login&amp;__act=account'><input type='text' name='name' "
        f"placeholder='手机号/邮箱/用户名'/><input type='password' name='password'/>"
        f"<button type='submit'>{what}</button></form><div>{other}</div></div></div>"
    )


def misc_body(title: str) -> str:
    return (
        f"<div class='module_wrap'><div class='forumbox'><div class='title'>{esc(title)}</div>"
        "<div class='ubbcode'>本站内容由用户发布，仅代表发布者个人观点。如有问题请联系管理员。</div></div></div>"
    )
