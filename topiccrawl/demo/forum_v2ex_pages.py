"""Templates of the V2EX fixture forum (v2ex.com as a logged-out browser sees it): the chrome (``#Top`` header,
``#Wrapper > .content`` with ``#Rightbar`` and ``#Main``, ``#Bottom`` footer), the home page with its tab bar and
node navigation, topic rows (``div.cell.item``), the node page, the topic page with its replies (``div.cell#r_RID``),
the pagers (``?p=N`` links, ``onclick`` prev/next), member pages, sign-in pages and V2EX's 404 pages.

:mod:`topiccrawl.demo.forum_v2ex` holds the content, the routing and the truth; its docstring says what is imitated.
Markup uses double-quoted attributes and root-relative links, as V2EX writes them. Times are the forum's clock
:data:`NOW` (Beijing time): ``title`` attributes hold ``2025-03-01 12:00:00 +08:00``, the visible text is relative
(``3 小时 4 分钟前``, ``12 天前``).
"""

from __future__ import annotations

import html as _html
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from topiccrawl.demo.forum_v2ex import Member, Node, Reply, Topic, V2exData

NOW = datetime(2025, 4, 9, 23, 12, 0)  # the forum's clock (Beijing time)
SITE = "V2EX"
REPLIES_PER_PAGE = 30
TOPICS_PER_PAGE = 20
HOME_TOPICS = 40
RECENT_PER_PAGE = 20
CDN = "https://cdn.v2ex.com"
# tab, label, the nodes it lists ([] for 最热 / 全部: every node)
TABS: list[tuple[str, str, list[str]]] = [
    ("tech", "技术", ["programmer", "python", "linux"]),
    ("creative", "创意", ["create"]),
    ("play", "好玩", ["share"]),
    ("jobs", "酷工作", ["jobs", "career"]),
    ("qna", "问与答", ["qna"]),
    ("hot", "最热", []),
    ("all", "全部", []),
]
DEFAULT_TAB = "tech"
STATIC = {
    "/about": (
        "关于",
        "V2EX 是创意工作者们的社区，是一个分享自己正在做的有趣事物、交流想法，可以遇见新朋友甚至新机会的地方。",
    ),
    "/faq": ("FAQ", "常见问题：如何注册？如何发帖？如何修改用户名？请先阅读社区规则。"),
    "/advertise": ("自助推广系统", "在 V2EX 推广你的产品、服务或活动，请通过自助推广系统提交。"),
    "/tools": ("实用小工具", "时区换算、IP 查询、Base64 编解码等小工具。"),
    "/help": ("帮助文档", "这里有关于 V2EX 的使用帮助，包括 Markdown 语法、节点介绍和账户设置。"),
    "/help/api": ("API", "V2EX API 2.0 Beta：使用 Personal Access Token 访问。"),
    "/top/rich": ("财富排行榜", "社区铜币财富排行。"),
    "/top/player": ("消费排行榜", "社区铜币消费排行。"),
    "/top/dau": ("今日活跃度排行榜", "今日活跃度排名前 100 的会员。"),
    "/worldclock": ("World Clock", "UTC / PVG / LAX / JFK 当前时间。"),
}


def esc(text: str) -> str:
    return _html.escape(text, quote=True)


def stamp(when: datetime) -> str:
    """The full timestamp V2EX puts in ``title`` attributes."""
    return when.strftime("%Y-%m-%d %H:%M:%S") + " +08:00"


def ago(when: datetime) -> str:
    seconds = int((NOW - when).total_seconds())
    if seconds < 60:
        return "几秒前"
    if seconds < 3600:
        return f"{seconds // 60} 分钟前"
    if seconds < 86400:
        h, m = seconds // 3600, seconds % 3600 // 60
        return f"{h} 小时 {m} 分钟前" if m else f"{h} 小时前"
    return f"{seconds // 86400} 天前"


def avatar(m: Member, size: str = "normal", width: int = 48) -> str:
    return (
        f'<img src="{esc(m.avatar_url(size))}" class="avatar" border="0" align="default" '
        f'style="width: {width}px; max-height: {width}px;" alt="{esc(m.name)}" />'
    )


def member_url(m: Member) -> str:
    return f"/member/{m.name}"


def topic_url(tid: int, page: int = 1) -> str:
    return f"/t/{tid}" + (f"?p={page}" if page > 1 else "")


def node_url(name: str, page: int = 1) -> str:
    return f"/go/{name}" + (f"?p={page}" if page > 1 else "")


# -- chrome ----------------------------------------------------------------------------------------
def page(title: str, main: str, rightbar: str = "", *, description: str = "") -> str:
    desc = f'<meta name="description" content="{esc(description)}" />\n' if description else ""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="zh-CN">\n<head>\n'
        '<meta name="Content-Type" content="text/html;charset=utf-8">\n'
        '<meta name="Referrer" content="unsafe-url">\n'
        '<meta content="True" name="HandheldFriendly">\n'
        '<meta name="theme-color" content="#ffffff">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=0">\n'
        f"<title>{esc(title)}</title>\n{desc}"
        '<link rel="stylesheet" type="text/css" media="screen" href="/static/css/basic.css?v=3.9.8.5" />\n'
        '<link rel="stylesheet" type="text/css" media="screen" href="/static/css/desktop.css?v=3.9.8.5" />\n'
        '<link rel="icon" sizes="192x192" href="/static/icon-192.png" />\n'
        '<script src="/static/js/jquery.js?v=3.9.8.5" type="text/javascript"></script>\n'
        '<script type="text/javascript">var csrfToken = null; var once = null;</script>\n'
        "</head>\n<body>\n"
        f"{top_bar()}\n"
        '<div id="Wrapper">\n<div class="content">\n<div id="Leftbar"></div>\n'
        f'<div id="Rightbar">\n<div class="sep20"></div>\n{rightbar}\n</div>\n'
        f'<div id="Main">\n<div class="sep20"></div>\n{main}\n</div>\n'
        '</div>\n<div class="c"></div>\n<div class="sep20"></div>\n</div>\n'
        f"{bottom()}\n</body>\n</html>\n"
    )


def top_bar() -> str:
    return (
        '<div id="Top">\n<div class="content">\n<div class="site-nav">\n'
        '<a href="/" name="top" title="way to explore"><div id="Logo"></div></a>\n'
        '<div id="search-container"><form action="https://www.google.com/search" method="get" id="search-form">'
        '<input type="hidden" name="sitesearch" value="v2ex.com" />'
        '<input id="search" type="text" name="q" maxlength="128" autocomplete="off" tabindex="1" /></form>'
        '<div id="search-result" class="box"></div></div>\n'
        '<div class="tools"><a href="/" class="top">首页</a><a href="/signup" class="top">注册</a>'
        '<a href="/signin" class="top">登录</a></div>\n'
        "</div>\n</div>\n</div>"
    )


def bottom() -> str:
    links = [
        ("/about", "关于", "_self"),
        ("/help", "帮助文档", "_self"),
        ("/advertise", "自助推广系统", "_self"),
        ("https://blog.v2ex.com/", "博客", "_blank"),
        ("/help/api", "API", "_self"),
        ("/faq", "FAQ", "_self"),
        ("/tools", "实用小工具", "_self"),
    ]
    dot = ' &nbsp; <span class="snow">·</span> &nbsp; '
    strong = dot.join(f'<a href="{h}" class="dark" target="{t}">{label}</a>' for h, label, t in links)
    return (
        '<div id="Bottom">\n<div class="content">\n<div class="inner">\n<div class="sep10"></div>\n'
        '<div class="fr"><a href="https://www.digitalocean.com/?refcode=1b51f1a7651d" target="_blank">'
        '<div id="DigitalOcean"></div></a></div>\n'
        f'<strong>{strong}{dot}2347 人在线</strong> &nbsp; <span class="fade">最高记录 6679</span>\n'
        '<div class="sep20"></div>\n创意工作者们的社区\n<div class="sep5"></div>\n'
        'World is powered by solitude\n<div class="sep20"></div>\n'
        '<span class="small fade">VERSION: 3.9.8.5 · 31ms · <a href="/worldclock#utc">UTC 15:12</a> · '
        '<a href="/worldclock#pvg">PVG 23:12</a> · <a href="/worldclock#lax">LAX 08:12</a> · '
        '<a href="/worldclock#jfk">JFK 11:12</a><br />♥ Do have faith in what you\'re doing.</span>\n'
        '<div class="sep10"></div>\n</div>\n</div>\n</div>'
    )


def intro_box() -> str:
    return (
        '<div class="box">\n<div class="cell"><strong>V2EX = way to explore</strong><div class="sep5"></div>'
        '<span class="fade">V2EX 是一个关于分享和探索的地方</span></div>\n'
        '<div class="inner"><div class="sep5"></div><div align="center">'
        '<a href="/signup" class="super normal button">现在注册</a><div class="sep5"></div>'
        '<div class="sep10"></div>已注册用户请 &nbsp;<a href="/signin">登录</a></div></div>\n</div>'
    )


def hot_box(topics: Iterable[Topic]) -> str:
    cells = "".join(
        f'<div class="cell from_{esc(t.author.name)} hot_t_{t.tid}">'
        '<table cellpadding="0" cellspacing="0" border="0" width="100%"><tr>'
        f'<td width="24" valign="middle" align="center"><a href="{member_url(t.author)}">'
        f'{avatar(t.author, "mini", 24)}</a></td><td width="10"></td>'
        f'<td width="auto" valign="middle"><span class="item_hot_topic_title">'
        f'<a href="{topic_url(t.tid)}">{esc(t.title)}</a></span></td></tr></table></div>\n'
        for t in topics
    )
    head = '<div class="cell"><span class="fade">今日热议主题</span></div>'
    return f'<div class="box" id="TopicsHot">\n{head}\n{cells}</div>'


def rightbar(data: V2exData, *, home: bool = False) -> str:
    parts = [intro_box(), hot_box(data.hot_topics())]
    if home:
        nodes = "".join(
            f'<a href="{node_url(n.name)}" class="item_node">{esc(n.title)}</a>'
            for n in sorted(data.nodes.values(), key=lambda n: -len(n.topics))
        )
        parts.append(f'<div class="box">\n<div class="cell"><span class="fade">最热节点</span></div>\n'
                     f'<div class="cell">{nodes}</div>\n</div>')  # fmt: skip
        rows = "".join(
            f'<tr><td width="80" align="right"><span class="gray">{label}</span></td>'
            f'<td width="auto" align="left"><strong>{value}</strong></td></tr>'
            for label, value in (("注册会员", 735412), ("主题", 1123387), ("回复", 15975210))
        )
        parts.append(
            '<div class="box">\n<div class="cell"><span class="fade">社区运行状况</span></div>\n'
            f'<div class="cell"><table cellpadding="5" cellspacing="0" border="0" width="100%">{rows}</table></div>\n'
            '<div class="inner"><span class="chevron">›</span> <a href="/top/rich">财富排行榜</a>'
            '<div class="sep5"></div><span class="chevron">›</span> <a href="/top/player">消费排行榜</a></div>\n</div>'
        )
    return '\n<div class="sep20"></div>\n'.join(parts)


def pager(current: int, pages: int, path: str) -> str:
    """V2EX's pager: ``a.page_normal`` ``?p=N`` links, ``span.page_current``, ``input.page_input``, and the
    prev/next buttons as table cells with an ``onclick`` (no ``href``)."""
    if pages <= 1:
        return ""
    nums = " ".join(
        f'<span class="page_current">{n}</span>' if n == current else f'<a href="?p={n}" class="page_normal">{n}</a>'
        for n in range(1, pages + 1)
    )
    cell = 'width="50%" align="center" class="super normal_page_right button{}"{} title="{}"'

    def button(target: int, label: str, entity: str, ok: bool, style: str) -> str:
        if not ok:
            return f"<td {cell.format(' disable_now', style, label)}>{entity}</td>"
        click = f" onclick=\"location.href='{path}?p={target}';\" onmouseover=\"this.style.cursor='pointer';\""
        return f"<td {cell.format('', style + click, label)}>{entity}</td>"

    prev = button(current - 1, "上一页", "&lsaquo;", current > 1, ' style="border-right: none;"')
    nxt = button(current + 1, "下一页", "&rsaquo;", current < pages, "")
    return (
        '<div class="cell ps_container"><table cellpadding="0" cellspacing="0" border="0" width="100%"><tr>'
        f'<td width="92%" align="left">{nums} <input type="number" class="page_input" autocomplete="off" '
        f'value="{current}" min="1" max="{pages}" onkeydown="if (event.keyCode == 13) '
        "location.href = '?p=' + this.value\"></td>"
        '<td width="8%" align="right"><table cellpadding="0" cellspacing="0" border="0" width="100%"><tr>'
        f"{prev}{nxt}</tr></table></td></tr></table></div>"
    )


# -- topic rows --------------------------------------------------------------------------------------
def topic_row(t: Topic, *, node: bool = True, item: bool = True) -> str:
    """A topic in a list: home tabs, /recent and member pages (``div.cell.item``, with the node link) or a node page
    (``div.cell.from_NAME.t_ID``, without it). The time is the last reply's (the topic's if it has none)."""
    n = len(t.replies)
    who = esc(t.author.name)
    cls = "cell item" if item else f"cell from_{who} t_{t.tid}"
    node_link = f'<a class="node" href="{node_url(t.node.name)}">{esc(t.node.title)}</a> &nbsp;•&nbsp; ' if node else ""
    last = ""
    if n:
        lw = esc(t.replies[-1].author.name)
        last = f' &nbsp;•&nbsp; 最后回复来自 <strong><a href="/member/{lw}">{lw}</a></strong>'
    count = f'<a href="/t/{t.tid}#reply{n}" class="count_livid">{n}</a>' if n else ""
    return (
        f'<div class="{cls}" style="">'
        '<table cellpadding="0" cellspacing="0" border="0" width="100%"><tr>'
        f'<td width="48" valign="top" align="center"><a href="/member/{who}">{avatar(t.author)}</a></td>'
        '<td width="10"></td><td width="auto" valign="middle">'
        f'<span class="item_title"><a href="/t/{t.tid}#reply{n}" class="topic-link" id="topic-link-{t.tid}">'
        f'{esc(t.title)}</a></span><div class="sep5"></div><span class="topic_info">{node_link}'
        f'<strong><a href="/member/{who}">{who}</a></strong> &nbsp;•&nbsp; '
        f'<span title="{stamp(t.touched)}">{ago(t.touched)}</span>{last}</span></td>'
        f'<td width="70" align="right" valign="middle">{count}</td></tr></table></div>'
    )


# -- home ----------------------------------------------------------------------------------------------
def node_nav(data: V2exData) -> str:
    rows = "".join(
        '<div class="cell"><table cellpadding="0" cellspacing="0" border="0"><tr>'
        f'<td align="right" width="80"><span class="fade">{esc(group)}</span></td>'
        '<td style="line-height: 200%; padding-left: 10px; word-break: keep-all;">'
        + "&nbsp; &nbsp; ".join(
            f'<a href="{node_url(n.name)}" style="font-size: 14px;">{esc(n.title)}</a>' for n in nodes
        )
        + "</td></tr></table></div>\n"
        for group, nodes in data.groups().items()
    )
    return (
        '<div class="box">\n<div class="cell"><div class="fr"><a href="/planes">浏览全部节点</a></div>'
        f'<span class="fade"><strong>V2EX</strong> / 节点导航</span></div>\n{rows}</div>'
    )


def home_body(data: V2exData, tab: str, topics: list[Topic]) -> str:
    tabs = "".join(
        f'<a href="/?tab={name}" class="{"tab_current" if name == tab else "tab"}">{label}</a>'
        for name, label, _ in TABS
    )
    names = next(nodes for name, _, nodes in TABS if name == tab) or list(data.nodes)
    secondary = " &nbsp; &nbsp; ".join(
        f'<a href="{node_url(name)}">{esc(data.nodes[name].title)}</a>' for name in names
    )
    rows = "\n".join(topic_row(t) for t in topics)
    return (
        f'<div class="box">\n<div class="inner" id="Tabs">{tabs}</div>\n'
        f'<div class="cell" id="SecondaryTabs">{secondary}</div>\n{rows}\n'
        '<div class="inner"><span class="chevron">→</span> <a href="/recent">更多新主题</a></div>\n</div>\n'
        f'<div class="sep20"></div>\n{node_nav(data)}'
    )


def recent_body(topics: list[Topic], current: int, pages: int) -> str:
    rows = "\n".join(topic_row(t) for t in topics)
    return (
        '<div class="box">\n<div class="header"><a href="/">V2EX</a> <span class="chevron">&nbsp;›&nbsp;</span> '
        f"最近的主题</div>\n{pager(current, pages, '/recent')}\n{rows}\n{pager(current, pages, '/recent')}\n</div>"
    )


def planes_body(data: V2exData) -> str:
    boxes = "".join(
        f'<div class="box"><div class="header"><span class="fr fade">{len(nodes)} 个节点</span>{esc(group)}</div>'
        '<div class="inner">'
        + " ".join(f'<a href="{node_url(n.name)}" class="item_node">{esc(n.title)}</a>' for n in nodes)
        + '</div></div><div class="sep20"></div>'
        for group, nodes in data.groups().items()
    )
    return (
        '<div class="box"><div class="header"><a href="/">V2EX</a> <span class="chevron">&nbsp;›&nbsp;</span> '
        f'节点导航</div></div><div class="sep20"></div>{boxes}'
    )


# -- node ----------------------------------------------------------------------------------------------
def node_body(nd: Node, current: int, topics: list[Topic], once: int) -> str:
    rows = "\n".join(topic_row(t, node=False, item=False) for t in topics)
    path = node_url(nd.name)
    return (
        '<div class="box">\n<div class="node_header">'
        f'<div class="node_avatar"><div style="float: left; display: inline-block; margin-right: 10px;">'
        f'<img src="{CDN}/navatar/{nd.nid:04d}/{nd.nid * 7 % 10000:04d}/{nd.nid}_large.png?m=1700000000" '
        f'border="0" align="default" width="72" alt="{esc(nd.title)}" /></div></div>'
        '<div class="node_info"><div class="fr f12"><span>主题总数</span> '
        f'<strong>{len(nd.topics)}</strong> <span class="snow">&nbsp;•&nbsp;</span> '
        f'<a href="/favorite/node/{nd.nid}?once={once}">加入收藏</a></div>'
        f'<a href="/">V2EX</a> <span class="chevron">&nbsp;›&nbsp;</span> {esc(nd.title)}'
        f'<div class="sep10"></div><span class="f12">{esc(nd.intro)}</span></div>'
        '<div class="cell_tabs flex-one-row"><div><a href="' + path + '" class="cell_tab_current">全部主题</a></div>'
        '<div class="fr"><a href="/new/' + nd.name + '" class="super normal button">创建新主题</a></div></div>'
        "</div>\n"
        f"{pager(current, nd.pages, path)}\n"
        f'<div id="TopicsNode">\n{rows}\n</div>\n'
        f"{pager(current, nd.pages, path)}\n</div>"
    )


# -- topic ---------------------------------------------------------------------------------------------
def topic_body(t: Topic, current: int, replies: list[Reply], once: int) -> str:
    who = esc(t.author.name)
    via = f" · via {t.via}" if t.via else ""
    appendices = "".join(
        f'<div class="subtle"><span class="fade">第 {i} 条附言 &nbsp;·&nbsp; '
        f'<span title="{stamp(a.when)}">{ago(a.when)}</span></span><div class="sep5"></div>'
        f'<div class="topic_content">{a.html}</div></div>\n'
        for i, a in enumerate(t.appendices, 1)
    )
    buttons = (
        '<div class="topic_buttons"><div class="fr topic_stats" style="padding-top: 4px;">'
        f"{t.clicks} 次点击 &nbsp;∙&nbsp; {t.favs} 人收藏 &nbsp;</div>"
        f'<a href="/favorite/topic/{t.tid}?once={once}" class="tb">加入收藏</a> &nbsp;'
        f'<a href="#;" onclick="window.open(\'https://twitter.com/share?url=https://www.v2ex.com/t/{t.tid}'
        f"&amp;related=v2ex', '_blank', 'width=550,height=370');\" class=\"tb\">Tweet</a> &nbsp;"
        f'<a href="/ignore/topic/{t.tid}?once={once}" class="tb">忽略主题</a> &nbsp;'
        f'<a href="/thank/topic/{t.tid}?once={once}" class="tb">感谢</a></div>'
    )
    head = (
        '<div class="box" style="border-bottom: 0px;">\n<div class="header">'
        f'<div class="fr"><a href="/member/{who}">{avatar(t.author, "large", 73)}</a></div>'
        f'<a href="/">V2EX</a> <span class="chevron">&nbsp;›&nbsp;</span> '
        f'<a href="{node_url(t.node.name)}">{esc(t.node.title)}</a><div class="sep10"></div>'
        f"<h1>{esc(t.title)}</h1>"
        f'<div id="topic_{t.tid}_votes" class="votes"><a href="javascript:" onclick="upVoteTopic({t.tid});" '
        f'class="vote"><i class="fa fa-chevron-up"></i> &nbsp;{t.votes or ""}</a> &nbsp;<a href="javascript:" '
        f'onclick="downVoteTopic({t.tid});" class="vote"><i class="fa fa-chevron-down"></i></a></div> &nbsp; '
        f'<small class="gray"><a href="/member/{who}">{who}</a> · <span title="{stamp(t.when)}">{ago(t.when)}</span>'
        f"{via} · {t.clicks} 次点击</small></div>\n"
        f'<div class="cell"><div class="topic_content">{t.html}</div></div>\n'
        f"{appendices}{buttons}\n</div>"
    )
    if t.replies:
        path = topic_url(t.tid)
        cells = "\n".join(reply_cell(r) for r in replies)
        box = (
            '<div class="box">\n<div class="cell"><div class="fr" style="margin: -3px -5px 0px 0px;"></div>'
            f'<span class="gray">{len(t.replies)} 条回复 &nbsp;<strong class="snow">•</strong> &nbsp;'
            f"{stamp(t.replies[-1].when)}</span></div>\n"
            f"{pager(current, t.pages, path)}\n{cells}\n{pager(current, t.pages, path)}\n</div>"
        )
    else:
        box = (
            '<div class="box transparent"><div class="inner" style="text-align: center">'
            "<span>目前尚无回复</span></div></div>"
        )
    guest = (
        '<div class="box"><div class="cell"><div class="fr"><a href="#;" onclick="goTop();">↑ 回到顶部</a></div>'
        f'请先 <a href="/signin?next=/t/{t.tid}" class="normal button">登录</a> 后发表回复，'
        '还没有账号？<a href="/signup">现在注册</a></div></div>'
    )
    return f'{head}\n<div class="sep20"></div>\n{box}\n<div class="sep20"></div>\n{guest}'


def reply_cell(r: Reply) -> str:
    who = esc(r.author.name)
    op = '<div class="badges"><div class="badge op">OP</div></div>' if r.author is r.topic.author else ""
    via = f" &nbsp;via {r.via}" if r.via else ""
    thanks = f' &nbsp; &nbsp;<span class="small fade">♥ {r.thanks}</span>' if r.thanks else ""
    return (
        f'<div id="r_{r.rid}" class="cell">\n<table cellpadding="0" cellspacing="0" border="0" width="100%"><tr>'
        f'<td width="48" valign="top" align="center"><a href="/member/{who}">{avatar(r.author)}</a></td>'
        '<td width="10" valign="top"></td><td width="auto" valign="top" align="left">'
        f'<div class="fr"> &nbsp; &nbsp; <span class="no">{r.floor}</span></div><div class="sep3"></div>'
        f'<strong><a href="/member/{who}" class="dark">{who}</a></strong>{op} &nbsp; &nbsp;'
        f'<span class="ago" title="{stamp(r.when)}">{ago(r.when)}</span>{via}{thanks}'
        f'<div class="sep5"></div><div class="reply_content">{r.html}</div></td></tr></table>\n</div>'
    )


# -- member and other noise ------------------------------------------------------------------------
def member_body(m: Member, topics: list[Topic], replies: list[Reply]) -> str:
    who = esc(m.name)
    rows = "\n".join(topic_row(t) for t in topics) or (
        '<div class="inner"><span class="gray">目前还没有创建过主题</span></div>'
    )
    docks = reply_docks(replies)
    return (
        '<div class="box">\n<div class="cell"><table cellpadding="0" cellspacing="0" border="0" width="100%"><tr>'
        f'<td width="73" valign="top" align="center">{avatar(m, "large", 73)}<div class="sep10"></div></td>'
        '<td width="10"></td><td width="auto" valign="top" align="left">'
        f'<h1 style="margin-bottom: 5px;">{who}</h1><span class="bigger">{esc(m.tagline)}</span>'
        f'<div class="sep10"></div><span class="gray">V2EX 第 {m.number} 号会员，加入于 {stamp(m.joined)}'
        f'<div class="sep5"></div>今日活跃度排名 <a href="/top/dau">{m.number % 9000 + 100}</a></span>'
        "</td></tr></table></div>\n</div>\n"
        '<div class="sep20"></div>\n<div class="box">\n'
        f'<div class="cell"><span class="gray">{who} 最近创建的主题</span></div>\n{rows}\n'
        f'<div class="inner"><span class="chevron">»</span> <a href="/member/{who}/topics">{who} 创建的更多主题</a>'
        "</div>\n</div>\n"
        '<div class="sep20"></div>\n<div class="box">\n'
        f'<div class="cell"><span class="gray">{who} 最近回复了</span></div>\n{docks}\n'
        f'<div class="inner"><span class="chevron">»</span> <a href="/member/{who}/replies">{who} 创建的更多回复</a>'
        "</div>\n</div>"
    )


def reply_docks(replies: list[Reply]) -> str:
    """A member's replies: a ``div.dock_area`` header (回复了 AUTHOR 创建的主题 › NODE › TITLE) and the reply quoted."""
    return "\n".join(
        '<div class="dock_area"><table cellpadding="0" cellspacing="0" border="0" width="100%"><tr>'
        '<td style="padding: 10px 15px 8px 15px; font-size: 12px; text-align: left;">'
        f'<div class="fr"><span class="fade" title="{stamp(r.when)}">{ago(r.when)}</span></div>'
        f'<span class="gray">回复了 <a href="/member/{esc(r.topic.author.name)}">{esc(r.topic.author.name)}</a> '
        f'创建的主题 <span class="chevron">›</span> <a href="{node_url(r.topic.node.name)}">'
        f'{esc(r.topic.node.title)}</a> <span class="chevron">›</span> <a href="/t/{r.topic.tid}#reply'
        f'{len(r.topic.replies)}">{esc(r.topic.title)}</a></span></td></tr></table></div>\n'
        f'<div class="inner"><div class="reply_content">{r.html}</div></div>'
        for r in replies
    )


def member_list_body(m: Member, what: str, inner: str) -> str:
    who = esc(m.name)
    return (
        '<div class="box">\n<div class="header"><a href="/">V2EX</a> <span class="chevron">&nbsp;›&nbsp;</span> '
        f'<a href="/member/{who}">{who}</a> <span class="chevron">&nbsp;›&nbsp;</span> {what}</div>\n{inner}\n</div>'
    )


def signin_body(next_: str | None, signup: bool = False) -> str:
    what = "注册" if signup else "登录"
    hidden = f'<input type="hidden" value="{esc(next_)}" name="next" />' if next_ else ""
    other = (
        '<a href="/signin">已有账号？登录</a>'
        if signup
        else '<a href="/forgot">我忘记密码了</a> &nbsp; <a href="/signup">现在注册</a>'
    )
    return (
        '<div class="box">\n<div class="header"><a href="/">V2EX</a> <span class="chevron">&nbsp;›&nbsp;</span> '
        f'{what}</div>\n<div class="cell"><form method="post" action="/{"signup" if signup else "signin"}">'
        '<table cellpadding="5" cellspacing="0" border="0" width="100%">'
        '<tr><td width="120" align="right">用户名</td><td><input type="text" class="sl" name="u" /></td></tr>'
        '<tr><td width="120" align="right">密码</td><td><input type="password" class="sl" name="p" /></td></tr>'
        '<tr><td width="120" align="right">你是机器人么？</td><td><img src="/_captcha?once=0" alt="captcha" />'
        '<input type="text" class="sl" name="c" /></td></tr>'
        f'<tr><td></td><td>{hidden}<input type="submit" class="super normal button" value="{what}" /></td></tr>'
        f'</table></form></div>\n<div class="inner">{other}</div>\n</div>'
    )


def static_body(title: str, text: str) -> str:
    return (
        '<div class="box">\n<div class="header"><a href="/">V2EX</a> <span class="chevron">&nbsp;›&nbsp;</span> '
        f'{esc(title)}</div>\n<div class="cell"><div class="markdown_body"><p>{esc(text)}</p></div></div>\n</div>'
    )


def not_found_body(what: str) -> str:
    return (
        '<div class="box">\n<div class="header"><a href="/">V2EX</a> <span class="chevron">&nbsp;›&nbsp;</span> '
        f'404 {what} Not Found</div>\n<div class="cell"><span class="gray">你要查看的页面不存在，可能已经被删除，'
        '或者地址输入有误。</span></div>\n<div class="inner"><a href="/">返回首页</a></div>\n</div>'
    )
