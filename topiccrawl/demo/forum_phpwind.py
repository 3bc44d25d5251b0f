"""PHPWind 8.7 fixture in the default ``wind`` style (Chinese, served as GBK), as a guest sees it.

Pages are ``Content-Type: text/html; charset=gbk`` with the same charset in a ``<meta http-equiv>``; links
are relative with raw ``&`` (``read.php?tid=12&page=2``). Board index ``index.php`` (also ``/`` and
``index.php?m=bbs``, the 论坛 tab): a 公告 line (``notice.php``), the 论坛动态 box (最新帖子
``read.php?tid=T``, 最新回复 ``read.php?tid=T&page=e#a``, 热门帖子, 精华帖子 ``&toread=1``), then one
``<div class="t">`` table per category (``index.php?cateid=C`` heading) of ``tr.tr3.f_one`` board rows:
``thread.php?fid=F`` (``h3 > a#fn_F``), (今日: N), description, 子版块 and 版主 links, 主题 / 帖子 counts
and the last post as ``read.php?tid=T&page=e#a``; then who is online, friend links and statistics.
Boards ``thread.php?fid=F&page=P`` (20 threads a page; board's own 置顶 threads first, then by last post;
the 总置顶 announcement is listed again at the top of every other board's first page; the board with a
sub-board lists it on its first page): header with ``rss.php?fid=F``, 发帖 ``post.php?fid=F``, sort links
(``&orderway=postdate|lastpost|replies|hits&asc=DESC``), 精华 ``&search=digest`` and 主题分类 ``&type=N``
filters, and ``table#ajaxtable`` rows ``tr.tr3.t_one``: icon link ``read.php?tid=T``, ``[type]``, title
``a#a_ajax_T`` to ``read.php?tid=T`` (``&fpage=P`` on board page P > 1), digest/new marks, in-row page
links ``read.php?tid=T&page=N`` (1-4, '..' and the last), author ``u.php?uid=U`` with the start date,
replies/hits, last post time ('今天 10:22', '昨天 23:01', else ``Y-m-d H:i``) linked ``&page=e#a``.
Threads ``read.php?tid=T&page=P`` (10 floors a page, the first post counting): 上一主题/下一主题
(``job.php?action=previous|next&fid=F&tid=T``), 返回列表, the pager (``read.php?tid=T&fpage=F&toread=&page=N``
with 首页/上一页/下一页/末页 and a jump box), 只看楼主/倒序阅读/打印/Lite版 links, then floors: a
``table.floot`` each, after ``<a name="tpc">`` / ``<a name="PID">``, with the author (``div.readName``,
avatar, level, UID/发帖/威望/金钱 ..., 发消息 ``message.php``), ``div.tipTop`` with the floor label
(楼主/沙发/板凳/地板/4楼 ...) linked ``job.php?action=topost&tid=T&pid=PID``, 只看该作者
``read.php?tid=T&uid=U`` and '发表于: 2013-05-01 10:22'; on the first floor the title in
``h1#subject_tpc.read_h1``; the text in ``div.tpc_content#read_tpc`` / ``#read_PID`` (lines joined by
``<br />``, bold, red text, smileys, links; quotes ``div.blockquote`` '引用第3楼X于2013-05-01 10:00发表的
[back link] :' + ``blockquote``); an edit note ``div.tips`` '[ 此帖被X在… 重新编辑 ]' after it; the
signature ``div.signature``; 引用 (``post.php?action=quote&fid=F&tid=T&pid=PID&article=N``), 回复 and
举报 (script). A ``div.tpc_ad`` ad with an off-site tracking link follows the first floor of each page
(and the sixth of a full one). Pages of a thread name it only in ``<title>`` and the breadcrumb, except
page 1's ``h1``.

Noise: ``read.php?tid=T&uid=U`` (只看该作者, paged ``&page=N``), ``&ordertype=desc`` (倒序, paged),
``read.php?action=print&tid=T``, ``simple/`` (the Lite version: ``simple/index.php?f4.html``,
``?f4_2.html``, ``?t123.html``, ``?t123_2.html``, linking back ``../read.php?tid=T``), ``job.php``
(``action=previous|next`` 302 to the neighbouring thread of the board list or say there is none, ``taglist``,
``action=topost`` 302 to ``read.php?tid=T&page=N#PID``), ``post.php`` (any action: the guest's 'please log
in' message), ``message.php``, ``u.php?uid=U`` profiles (recent threads and replies), ``member.php``,
``sort.php``, ``search.php`` (form, ``sch_time=newatc`` and ``digest=1`` lists linking ``&toread=1``),
``login.php``, ``register.php``, ``sendpwd.php``, ``faq.php``, ``notice.php``, ``hack.php?H_name=…``,
``apps.php?q=…``, ``rss.php[?fid=F]`` (RSS, GBK), ``index.php?cateid=C``, sorted and filtered thread
lists. robots.txt is 'other'. Unknown ids and scripts are 404.

Content comes from a seeded RNG (the seed is a constructor argument). At ``size`` 1: 7 boards
(笔记本专区 a sub-board of 电脑硬件) in 3 categories, 11 board pages, 150 threads (360 thread pages) and
2,819 posts; at 0.3: 4 boards (手机数码, 电脑硬件 with its sub-board, 灌水乐园) in 2 categories, 5 board
pages, 42 threads (83 thread pages) and 620 posts. 手机数码 always runs to two board pages. Every board
but 公告与站务 has a thread of one post, one of two and one active today or yesterday, and (with six
threads or more) one of exactly 10 or 20 posts and one of 11 or 21; 手机数码, 电脑硬件 and 灌水乐园 each
have one of five pages or more. Thread titles are unique.

Truth: ``thread_title`` is the subject as in page 1's ``h1#subject_tpc`` (and ``<title>``), ``board`` the
board's name, ``post_id`` the floor's anchor name: ``tpc`` for the first post (PHPWind's first post has
no pid), the numeric pid for replies (the element id is ``read_`` + it); ``author`` the display name;
``time`` as the floor header shows it ('2013-05-01 10:22', never relative); ``text`` what the author
wrote, whitespace-normalised with ``<br />`` read as a space, without the quote block, the edit note,
the signature and the ads. Canonical targets are ``/index.php``, ``/thread.php?fid=F&page=P`` and
``/read.php?tid=T&page=P`` for every page, page 1 included. URLs PHPWind serves as those pages have that
kind and canonical target: ``/``, ``index.php?m=bbs``; ``thread.php?fid=F`` (no page), pages past the end
(the last page) or below 1 (the first), ``&orderway=lastpost`` with ``asc=DESC`` or no ``asc`` (the
default order); ``read.php?tid=T`` (page 1), ``page=e`` (the last page), pages out of range, and
``fpage=``, ``toread=`` and any other parameter PHPWind ignores. Parameters are read by name, last one
winning, numbers as PHP's ``intval``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from urllib.parse import parse_qsl

from topiccrawl.demo.forum_phpwind_pages import (
    NOW,
    PER_PAGE,
    THREADS_PER_PAGE,
    PhpwindPages,
    esc,
    when_full,
)
from topiccrawl.demo.forum_truth import PageKind, RoutedTruth, TruthPost
from topiccrawl.demo.server import Reply, SiteRequest, not_found, redirect
from topiccrawl.textutil import normalize_space

_CATS = {1: "站务管理", 3: "数码科技", 10: "生活休闲"}
# fid, category, parent, name, description, threads at size 1, the subject's theme
_BOARDS = [
    (2, 1, 0, "公告与站务", "论坛公告、版规、站务反馈，有问题请在这里提", 6, "notice"),
    (4, 3, 0, "手机数码", "手机、平板、相机，刷机与使用心得交流", 36, "phone"),
    (6, 3, 0, "电脑硬件", "装机、DIY、硬件评测与故障求助", 26, "pc"),
    (9, 3, 6, "笔记本专区", "笔记本选购、升级与维修", 12, "laptop"),
    (7, 3, 0, "软件与网络", "系统、软件、宽带与路由器", 22, "soft"),
    (11, 10, 0, "美食天地", "吃在江城，热干面到小龙虾", 18, "food"),
    (12, 10, 0, "灌水乐园", "灌水聊天，轻松一下（请勿发广告）", 30, "chat"),
]
_PICK = [4, 6, 9, 12, 2, 7, 11]  # boards kept as the forum shrinks, in this order
_LONG = {4: 58, 6: 47, 12: 83}  # a thread of five pages or more in these boards
_TYPES = {1: "求助", 2: "分享", 3: "讨论"}
_TYPED = {4, 6, 7}
_ITEMS = {
    "phone": ["iPhone 5", "小米2S", "三星 Galaxy S4", "HTC One", "魅族MX2", "华为 P6", "Lumia 920", "索尼 Xperia Z"],
    "pc": ["GTX 660", "HD 7850", "i5-3470", "i7-3770K", "B75主板", "三星 840 固态硬盘", "航嘉电源", "AOC 显示器"],
    "laptop": ["ThinkPad X220", "联想 Y480", "华硕 A55", "戴尔 灵越14R", "MacBook Air", "宏碁 4750G", "神舟 K580"],
    "soft": ["Win7", "Win8", "Ubuntu 12.04", "Office 2010", "360安全卫士", "迅雷", "无线路由器", "Chrome"],
    "food": ["热干面", "豆皮", "周黑鸭", "排骨藕汤", "小龙虾", "糊汤粉", "面窝", "烧烤"],
    "chat": ["高考", "端午节", "加班", "堵车", "房价", "相亲", "下雨天", "发工资"],
}
_SUBJECTS = {
    "phone": [
        "{x}刷机后信号变差怎么办",
        "入手{x}一周的使用感受",
        "{x}和{y}该选哪个？纠结中",
        "求推荐{x}的手机壳和贴膜",
        "{x}电池不耐用，是不是买到翻新机了",
        "【分享】{x}拍照样张，多图慎入",
        "{x}升级后微信闪退，有人遇到吗",
        "二手{x}什么价位合适",
        "AT&T版{x}有锁怎么解",
    ],
    "pc": [
        "{x}装机配置求指点，预算4000",
        "{x}温度过高怎么解决",
        "晒晒我的新电脑：{x}+{y}",
        "{x}开机黑屏，求助！",
        "{x}值不值得买？",
        "{x}跑分偏低是什么原因",
        "老电脑升级{x}有没有必要",
        "{x}和{y}对比测试",
    ],
    "laptop": [
        "{x}加装固态硬盘教程",
        "{x}风扇噪音大怎么办",
        "{x}屏幕有亮点能换吗",
        "预算五千，{x}还是{y}",
        "{x}装Win7驱动问题",
        "{x}键盘进水了，还有救吗",
    ],
    "soft": [
        "{x}装完后开机很慢",
        "{x}的几个实用小技巧",
        "{x}老是掉线怎么回事",
        "电信宽带+{x}设置教程",
        "{x}和{y}冲突了怎么办",
        "【原创】我用{x}这么多年的心得",
        "“{x}”到底好不好用？",
    ],
    "food": [
        "户部巷的{x}还有以前的味道吗",
        "推荐几家好吃的{x}店",
        "在家做{x}的方法分享",
        "{x}和{y}，你更喜欢哪个",
        "光谷附近哪家{x}最好吃",
        "今天吃了一家超赞的{x}，附图",
    ],
    "chat": [
        "{x}的话题，大家来聊聊",
        "又到{x}了，你们怎么过",
        "关于{x}的一点牢骚",
        "今天又遇到{x}，心好累",
        "说说你印象最深的一次{x}",
        "《{x}》——一个老网友的回忆",
    ],
}
_NOTICES = [
    "江城网友之家版规（2013年修订版），发帖前请务必阅读",
    "关于近期集中清理广告帖的公告",
    "版主招募：数码区、生活区诚邀热心网友",
    "论坛服务器迁移完成，访问有问题请在此反馈",
    "新会员必读：发帖前请先搜索",
    "端午节有奖征文活动获奖名单公布",
    "积分与等级规则调整说明",
]
_CLAUSES = [
    *("这个问题我也遇到过", "刷机之后电量掉得特别快", "去售后问了一下说要返厂", "用了半年基本没出过毛病"),
    *("价格比去年降了不少", "建议先备份好数据再动手", "网上的教程大多数都过时了", "楼主说的情况很常见"),
    *("我觉得还是看个人需求", "性价比确实不错", "做工比想象中要好", "散热是个大问题", "周末去电脑城看了一圈"),
    *("朋友推荐的那家店还可以", "排队排了快一个小时", "味道跟小时候差不多", "老板人很实在", "分量足，价格也公道"),
    *("下班路上堵了四十分钟", "最近天气闷得慌", "单位又通知周六加班", "房贷压力确实大", "等了好久终于到货了"),
    *("客服态度还算不错", "系统重装以后就好了", "驱动一定要去官网下载", "路由器重启一下试试"),
    *("换了根网线马上就正常了", "别贪便宜买水货", "发票和保修卡要收好", "孩子明年也要中考了", "早上五点就起来排队"),
    *("这个价位没有更好的选择了", "说实话我不太看好", "等下一代出来再说吧", "论坛里搜一下有很多类似的帖子"),
    *("版主能不能整理一个汇总帖", "先收藏了慢慢看", "不知道有没有更好的办法", "实测下来效果还行"),
]
_OPENERS = ["说实话，", "个人觉得", "我这边", "前几天", "昨天", "其实", "补充一下，", "顺便问一句，", "回楼上，", ""]
_ENDS = ["。", "。", "。", "！", "？", "……", "。。。"]
_SHORT = ["顶", "沙发", "支持楼主", "路过", "学习了", "谢谢分享", "马克一下", "好帖子必须顶", "坐等高手"]
_SHORT += ["同问", "帮顶", "楼主好人", "已收藏", "围观", "飘过", "顶一个！", "mark"]
_SMILEYS = 14
_NAMES = [
    *("江城老王", "阿杰", "小鱼儿", "kevin2008", "风中的鱼", "楚天舒", "光谷码农", "汉口小妹", "木子李"),
    *("武昌鱼", "老猫", "Sunny_wh", "清风徐来", "黄鹤楼下", "东湖边", "ZHANG_Wei", "小胖子", "一叶知秋"),
    *("江汉路路", "阿呆", "热干面控", "雨后彩虹", "半杯咖啡", "数码控", "tom_cat", "哈哈镜", "南湖渔夫"),
    *("蓝色天空", "二手玫瑰", "夜猫子", "大白菜", "过江龙", "冰糖葫芦", "李老师", "菜鸟一枚", "晴川阁"),
]
_SIGNATURES = [
    "生活就像一盒巧克力，你永远不知道下一块是什么味道。",
    '<a href="http://blog.example.cn/wh_coder" target="_blank">我的博客，欢迎来踩</a>',
    '<font color="blue">诚信交易，非诚勿扰</font>',
    "武汉，每天不一样！",
    "数码无罪，剁手有理",
    '<img src="attachment/sig/flower.gif" border="0" alt="" /> 爱生活，爱江城',
    "宁可累死在路上，也不闲死在家里",
    "QQ群：12345678（满）",
]
_LEVELS = [(5000, "天使"), (2000, "光明使者"), (1000, "风云使者"), (600, "精灵王"), (300, "圣骑士")]
_LEVELS += [(150, "骑士"), (50, "侠客")]


@dataclass(frozen=True)
class Member:
    uid: int
    name: str
    regdate: datetime
    lastvisit: datetime
    posts: int
    digests: int
    rvrc: int
    money: int
    credit: int
    level: str
    signature: str = ""  # HTML
    face: str = ""


@dataclass(eq=False)
class Post:
    pid: int  # 0 for the first post, PHPWind's 'tpc'
    uid: int
    when: datetime
    floor: int  # 0-based position in the thread
    lines: list[tuple[str, str]]  # (what the author wrote, as rendered), a line each
    quote: Post | None = None
    quote_lines: int = 1
    edited: tuple[str, datetime] | None = None  # by whom, when

    @property
    def anchor(self) -> str:
        return str(self.pid) if self.pid else "tpc"


@dataclass(eq=False)
class Thread:
    tid: int
    fid: int
    subject: str
    ttype: int
    topped: int  # 0, 1 (置顶) or 3 (总置顶)
    digest: bool
    locked: bool
    hits: int
    item: str = ""  # what it is about (a phone, a dish ...), which its posts mention
    posts: list[Post] = field(default_factory=list)


@dataclass(eq=False)
class Board:
    fid: int
    cat: int
    parent: int
    name: str
    description: str
    theme: str
    types: list[int] = field(default_factory=list)
    moderators: list[int] = field(default_factory=list)
    threads: list[Thread] = field(default_factory=list)  # as the list shows them


def _sentence(rng: random.Random, item: str) -> str:
    clauses = rng.sample(_CLAUSES, rng.randint(1, 3))
    if item and rng.random() < 0.35:
        clauses[0] = f"{item}{rng.choice(['的话，', '这块，', '买了以后', '用下来'])}{clauses[0]}"
    return rng.choice(_OPENERS) + "，".join(clauses) + rng.choice(_ENDS)


def _line(rng: random.Random, item: str) -> tuple[str, str]:
    sentences = [_sentence(rng, item) for _ in range(rng.randint(1, 3))]
    plain = "".join(sentences)
    markup = esc(plain)
    roll = rng.random()
    if roll < 0.05:
        markup = f"<b>{markup}</b>"
    elif roll < 0.09:
        markup = f'<font color="red">{markup}</font>'
    if rng.random() < 0.08:
        markup += f'<img src="images/post/smile/default/{rng.randint(1, _SMILEYS)}.gif" align="absbottom" alt="" />'
    return plain, markup


def _lines(rng: random.Random, item: str, first: bool) -> list[tuple[str, str]]:
    roll = rng.random()
    if not first and roll < 0.3:
        word = rng.choice(_SHORT)
        return [(word, esc(word))]
    n = rng.randint(3, 7) if first or roll > 0.88 else rng.randint(1, 3)
    out = [_line(rng, item) for _ in range(n)]
    if rng.random() < 0.05:
        url = f"http://www.example.cn/bbs/{rng.randint(100, 999)}.html"
        out.append((f"参考：{url}", f'参考：<a href="{url}" target="_blank">{url}</a>'))
    return out


def _length(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.18:
        return rng.randint(1, 5)
    if roll < 0.45:
        return rng.randint(6, 12)
    if roll < 0.72:
        return rng.randint(13, 22)
    if roll < 0.93:
        return rng.randint(23, 40)
    return rng.randint(41, 66)


class PhpwindData:
    """Members, boards, threads and posts, from a seeded RNG."""

    def __init__(self, seed: int, size: float) -> None:
        rng = random.Random(seed)
        keep = set(_PICK[: max(4, round(len(_PICK) * size))])
        uids = [1, *sorted(rng.sample(range(2, 6000), len(_NAMES) - 1))]
        self.uid_of = dict(zip(_NAMES, uids, strict=True))
        self.boards: dict[int, Board] = {}
        for fid, cat, parent, name, desc, _, theme in _BOARDS:
            if fid in keep:
                board = Board(fid, cat, parent, name, desc, theme, sorted(_TYPES) if fid in _TYPED else [])
                board.moderators = [uids[1 + len(self.boards) % 3]] + ([1] if fid == 2 else [])
                self.boards[fid] = board
        self.categories = [
            (cid, name) for cid, name in _CATS.items() if any(b.cat == cid for b in self.boards.values())
        ]
        protos: list[tuple[datetime, Thread, list[datetime], list[str]]] = []
        subjects: set[str] = set()
        for fid, *_, count, theme in _BOARDS:
            if fid not in keep:
                continue
            n = len(_NOTICES) - 1 if theme == "notice" else max(4, round(count * size))
            n = max(n, THREADS_PER_PAGE + 1) if fid == _PICK[0] else n  # its list always runs to two pages
            n_top = 3 if theme == "notice" else rng.choice([0, 1, 1, 2]) if fid != 9 else 0
            for i in range(n):
                protos.append(self._proto(rng, self.boards[fid], i, n_top, subjects))
        protos.sort(key=lambda p: p[0])
        self.threads: dict[int, Thread] = {}
        tid = 1000
        for _, thread, _, _ in protos:
            tid += rng.randint(1, 9)
            thread.tid = tid
            self.threads[tid] = thread
        events = sorted((w, p[1].tid, i, p) for p in protos for i, w in enumerate(p[2]))
        pid = 20000
        for when, _, i, (_, thread, _, authors) in events:
            pid += rng.randint(1, 5)
            post = Post(pid if i else 0, self.uid_of[authors[i]], when, i, _lines(rng, thread.item, i == 0))
            thread.posts.append(post)
        self._decorate(rng)
        self.members = self._members(rng)
        for board in self.boards.values():
            board.threads = self.listing(board)

    def _proto(
        self, rng: random.Random, board: Board, i: int, n_top: int, subjects: set[str]
    ) -> tuple[datetime, Thread, list[datetime], list[str]]:
        """The ``i``-th thread of a board (the first ``n_top`` topped): thread, post times and authors."""
        notice = board.theme == "notice"
        topped = (3 if i == 0 else 1) if notice and i < n_top else int(i < n_top)
        k = i - n_top
        length = rng.randint(1, 12) if notice else _length(rng)
        if not notice:
            forced = {0: rng.randint(6, 15), 1: 1, 2: 2, 3: _LONG.get(board.fid, 0), 4: rng.choice([10, 20])}
            forced[5] = forced[4] + 1
            length = forced.get(k) or length
        gap_mean = rng.choice([15 * 60, 2 * 3600, 10 * 3600, 2 * 86400])
        gaps = [60 + int(rng.expovariate(1 / gap_mean)) for _ in range(length - 1)]
        if topped:
            end_ago = rng.randint(30 * 86400, 600 * 86400)
        elif k == 0 or rng.random() < 0.22:  # active lately: '今天'/'昨天' on the list
            end_ago = rng.randint(10 * 60, 40 * 3600)
        else:
            end_ago = rng.randint(3 * 86400, 900 * 86400)
        times = [NOW - timedelta(seconds=end_ago + sum(gaps))]
        for gap in gaps:
            times.append(times[-1] + timedelta(seconds=gap))
        times = [t.replace(second=0) for t in times]
        starter = rng.choice(_NAMES[:2]) if notice else rng.choice(_NAMES)
        authors = [starter] + [starter if rng.random() < 0.15 else rng.choice(_NAMES) for _ in gaps]
        if notice:
            subject, x = _NOTICES[i], ""
        else:
            items = _ITEMS[board.theme]
            subject = x = ""
            for _ in range(20):
                x, y = rng.sample(items, 2)
                subject = rng.choice(_SUBJECTS[board.theme]).format(x=x, y=y)
                if subject not in subjects:
                    break
            while subject in subjects:
                subject += "（续）"
        subjects.add(subject)
        ttype = rng.choice([0, *board.types]) if board.types else 0
        hits = length * rng.randint(8, 60) + rng.randint(20, 900)
        thread = Thread(0, board.fid, subject, ttype, topped, rng.random() < 0.1, rng.random() < 0.05, hits, x)
        return times[0], thread, times, authors

    def _decorate(self, rng: random.Random) -> None:
        """Quotes of earlier floors and edit notes."""
        name_of = {uid: name for name, uid in self.uid_of.items()}
        for thread in self.threads.values():
            for i, p in enumerate(thread.posts):
                if i and rng.random() < 0.12:
                    p.quote = thread.posts[i - 1] if rng.random() < 0.7 else rng.choice(thread.posts[:i])
                    p.quote_lines = len(p.quote.lines) if len(p.quote.lines) <= 2 else rng.randint(1, 2)
                if p.when < NOW - timedelta(hours=2) and rng.random() < 0.08:
                    edit = min(NOW - timedelta(minutes=3), p.when + timedelta(minutes=rng.randint(2, 240)))
                    p.edited = (name_of[p.uid] if rng.random() < 0.85 else "江城老王", edit)

    def _members(self, rng: random.Random) -> dict[int, Member]:
        written: dict[int, list[datetime]] = {uid: [] for uid in self.uid_of.values()}
        for thread in self.threads.values():
            for p in thread.posts:
                written[p.uid].append(p.when)
        signed = set(rng.sample(range(len(_NAMES)), len(_SIGNATURES)))
        sigs = iter(_SIGNATURES)
        out = {}
        for i, name in enumerate(_NAMES):
            uid = self.uid_of[name]
            times = written[uid] or [NOW - timedelta(days=rng.randint(5, 300))]
            posts = len(written[uid]) + rng.choice([rng.randint(0, 60), rng.randint(60, 3000)])
            level = next((lv for limit, lv in _LEVELS if posts >= limit), "新手上路")
            level = "管理员" if i == 0 else "论坛版主" if i < 4 else level
            out[uid] = Member(
                uid,
                name,
                min(times) - timedelta(days=rng.randint(1, 900), seconds=rng.randint(0, 86399)),
                max(*times, NOW - timedelta(hours=rng.randint(0, 200))),
                posts,
                rng.choice([0, 0, 0, 1, 2, 5]),
                posts // 10 + rng.randint(0, 30),
                posts * 3 + rng.randint(0, 500),
                rng.randint(0, 50),
                level,
                next(sigs) if i in signed else "",
                f"{rng.randint(1, 40)}.jpg" if rng.random() < 0.5 else "",
            )
        return out

    # -- queries ----------------------------------------------------------------------------------
    def listing(self, board: Board, order: str = "lastpost", asc: bool = False) -> list[Thread]:
        own = [t for t in self.threads.values() if t.fid == board.fid]
        keys: dict[str, Callable[[Thread], object]] = {
            "lastpost": lambda t: (t.posts[-1].when, t.tid),
            "postdate": lambda t: t.tid,
            "replies": lambda t: (len(t.posts), t.tid),
            "hits": lambda t: (t.hits, t.tid),
        }
        ordered = sorted(own, key=keys[order], reverse=not asc)  # type: ignore[arg-type]
        return sorted(ordered, key=lambda t: -t.topped)

    def view_threads(self, board: Board, view: str) -> list[Thread]:
        """The threads of a board's list, or of a filtered (``search=digest``, ``type=N``) or sorted view."""
        if not view:
            return board.threads
        params = dict(parse_qsl(view))
        if "search" in params:
            return [t for t in board.threads if t.digest]
        if "type" in params:
            return [t for t in board.threads if t.ttype == _intval(params["type"])]
        return self.listing(board, params.get("orderway", "lastpost"), params.get("asc", "DESC").upper() == "ASC")

    def view_posts(self, thread: Thread, uid: int, desc: bool) -> list[Post]:
        posts = [p for p in thread.posts if p.uid == uid] if uid else thread.posts
        return posts[::-1] if desc else posts

    def all_threads(self) -> list[Thread]:
        return [t for b in self.boards.values() for t in b.threads]

    def global_topped(self) -> list[Thread]:
        return [t for t in self.all_threads() if t.topped == 3]

    def notice_thread(self) -> Thread:
        return (self.global_topped() or self.all_threads())[0]

    def pages(self, thread: Thread) -> int:
        return max(1, -(-len(thread.posts) // PER_PAGE))

    def list_pages(self, board: Board) -> int:
        return max(1, -(-len(board.threads) // THREADS_PER_PAGE))

    def cat_name(self, cid: int) -> str:
        return _CATS[cid]

    def cat_boards(self, cid: int) -> list[int]:
        return [b.fid for b in self.boards.values() if b.cat == cid and not b.parent]

    def children(self, board: Board) -> list[Board]:
        return [b for b in self.boards.values() if b.parent == board.fid]

    def family(self, board: Board) -> list[Thread]:
        return [t for b in [board, *self.children(board)] for t in b.threads]

    def board_counts(self, board: Board) -> tuple[int, int]:
        threads = self.family(board)
        return len(threads), sum(len(t.posts) for t in threads)

    def last_thread(self, board: Board) -> Thread | None:
        return max(self.family(board), key=lambda t: t.posts[-1].when, default=None)

    def today(self, board: Board) -> int:
        return sum(p.when.date() == NOW.date() for t in self.family(board) for p in t.posts)

    def day_posts(self, ago: int) -> int:
        day = NOW.date() - timedelta(days=ago)
        return sum(p.when.date() == day for t in self.all_threads() for p in t.posts)

    def total_posts(self) -> int:
        return sum(len(t.posts) for t in self.all_threads())

    def online(self) -> list[Member]:
        return [m for m in self.members.values() if NOW - m.lastvisit < timedelta(hours=3)]

    def type_name(self, n: int) -> str:
        return _TYPES[n]

    def neighbour(self, thread: Thread, action: str) -> Thread | None:
        """``job.php?action=previous|next``: the thread listed above/below in the board's default list."""
        listed = self.boards[thread.fid].threads
        i = listed.index(thread) + (-1 if action == "previous" else 1)
        return listed[i] if 0 <= i < len(listed) else None


def _intval(text: str | None) -> int:
    """PHP's ``intval``: the leading integer of a string, 0 without one."""
    text = (text or "").strip()
    sign = -1 if text.startswith("-") else 1
    digits = ""
    for ch in text.lstrip("+-"):
        if not ch.isdigit():
            break
        digits += ch
    return sign * int(digits) if digits else 0


@dataclass(frozen=True)
class Route:
    kind: PageKind
    canonical: str | None
    render: Callable[[str, str], str | Reply]  # (base URL, target) -> page


class PhpwindForum(PhpwindPages, RoutedTruth):
    """PHPWind 8.7 (wind style), GBK: ``thread.php?fid=4&page=2``, ``read.php?tid=1234&page=3``."""

    name = "phpwind"
    charset = "gbk"

    def __init__(self, size: float = 1.0, seed: int = 87) -> None:
        self.seed = seed
        self.data = PhpwindData(seed, size)

    # -- truth ------------------------------------------------------------------------------------
    def start_target(self) -> str:
        return "/"

    def board_target(self, fid: int, page: int) -> str:
        return f"/thread.php?fid={fid}&page={page}"

    def thread_target(self, tid: int, page: int) -> str:
        return f"/read.php?tid={tid}&page={page}"

    def thread_targets(self) -> frozenset[str]:
        d = self.data
        return frozenset(self.thread_target(t.tid, p) for t in d.all_threads() for p in range(1, d.pages(t) + 1))

    def index_targets(self) -> frozenset[str]:
        d = self.data
        boards = [self.board_target(b.fid, p) for b in d.boards.values() for p in range(1, d.list_pages(b) + 1)]
        return frozenset(["/index.php", *boards])

    def posts(self) -> list[TruthPost]:
        d = self.data
        out = []
        for board in d.boards.values():
            for t in board.threads:
                for i, p in enumerate(t.posts):
                    text = normalize_space(" ".join(plain for plain, _ in p.lines))
                    author = d.members[p.uid].name
                    where = (i // PER_PAGE + 1, i + 1, p.anchor, author, when_full(p.when), text)
                    out.append(TruthPost(str(t.tid), t.subject, board.name, *where))
        return out

    # -- routing ----------------------------------------------------------------------------------
    def resolve(self, target: str) -> Route | None:  # noqa: PLR0911
        """What PHPWind does with a target: the page's kind, canonical target and renderer."""
        path, _, query = target.partition("#")[0].partition("?")
        params = dict(parse_qsl(query, keep_blank_values=True))
        d = self.data
        if path == "/robots.txt":
            return Route("other", None, lambda base, tg: self.robots())
        if path in {"/simple/", "/simple/index.php"}:
            return self.resolve_simple(query)
        if path in {"/", "/index.php"}:
            cateid = _intval(params.get("cateid"))
            if cateid:
                ok = any(cid == cateid for cid, _ in d.categories)
                return Route("noise", None, lambda b, tg: self.render_index(b, tg, cateid)) if ok else None
            return Route("index", "/index.php", self.render_index)
        if path == "/thread.php":
            return self.resolve_board(params)
        if path == "/read.php":
            return self.resolve_read(params)
        if path == "/job.php":
            return self.resolve_job(params)
        render = self.lesser(path.lstrip("/"), params)
        return None if render is None else Route("noise", None, render)

    def resolve_board(self, params: dict[str, str]) -> Route | None:
        board = self.data.boards.get(_intval(params.get("fid")))
        if board is None:
            return None
        view = ""
        if "search" in params or _intval(params.get("type")):
            view = "search=digest" if "search" in params else f"type={_intval(params['type'])}"
        else:  # an unknown orderway is the default order, last post first
            order = params.get("orderway", "")
            order = order if order in {"postdate", "replies", "hits"} else "lastpost"
            asc = params.get("asc", "").upper() == "ASC"
            if order != "lastpost" or asc:
                view = f"orderway={order}&asc={'ASC' if asc else 'DESC'}"
        last = max(1, -(-len(self.data.view_threads(board, view)) // THREADS_PER_PAGE))
        page = min(max(1, _intval(params.get("page"))), last)
        if view:
            return Route("noise", None, lambda b, tg: self.render_board(b, tg, board, page, view))
        return Route("board", self.board_target(board.fid, page), lambda b, tg: self.render_board(b, tg, board, page))

    def resolve_read(self, params: dict[str, str]) -> Route | None:
        d = self.data
        thread = d.threads.get(_intval(params.get("tid")))
        if thread is None:
            return None
        if params.get("action") == "print":
            return Route("noise", None, lambda b, tg: self.render_print(thread))
        uid = _intval(params.get("uid"))
        desc = params.get("ordertype") == "desc"
        posts = d.view_posts(thread, uid, desc)
        if not posts:
            return None
        last = max(1, -(-len(posts) // PER_PAGE))
        page = last if params.get("page") == "e" else min(max(1, _intval(params.get("page"))), last)
        fpage = max(0, _intval(params.get("fpage")))
        if uid or desc:
            return Route(
                "noise", None, lambda b, tg: self.render_thread(b, tg, thread, page, fpage=fpage, uid=uid, desc=desc)
            )
        return Route(
            "thread",
            self.thread_target(thread.tid, page),
            lambda b, tg: self.render_thread(b, tg, thread, page, fpage=fpage),
        )

    def resolve_job(self, params: dict[str, str]) -> Route | None:
        d = self.data
        action = params.get("action", "")
        thread = d.threads.get(_intval(params.get("tid")))
        if action == "taglist":
            return Route("noise", None, lambda b, tg: self.message(b, tg, "标签", "暂无热门标签。"))
        if thread is None or action not in {"previous", "next", "topost"}:
            return None
        if action == "topost":
            pid = params.get("pid", "")
            at = next((p.floor for p in thread.posts if p.anchor == pid), None)
            if at is None:
                return None
            where = f"read.php?tid={thread.tid}&page={at // PER_PAGE + 1}#{pid}"
            return Route("noise", None, lambda b, tg: self.redirect(b, where))
        other = d.neighbour(thread, action)
        if other is None:
            text = "没有上一主题了" if action == "previous" else "没有下一主题了"
            return Route("noise", None, lambda b, tg: self.message(b, tg, "提示信息", text))
        return Route("noise", None, lambda b, tg: self.redirect(b, f"read.php?tid={other.tid}"))

    def resolve_simple(self, query: str) -> Route | None:
        d = self.data
        q = query.removesuffix(".html")
        if not q:
            return Route("noise", None, lambda b, tg: self.simple_index())
        head, _, page_s = q[1:].partition("_")
        if not head.isdigit() or (page_s and not page_s.isdigit()):
            return None
        page = max(1, int(page_s or 1))
        if q[0] == "f" and int(head) in d.boards:
            board = d.boards[int(head)]
            return Route("noise", None, lambda b, tg: self.simple_board(board, page))
        if q[0] == "t" and int(head) in d.threads:
            thread = d.threads[int(head)]
            return Route("noise", None, lambda b, tg: self.simple_thread(thread, page))
        return None

    # -- serving ----------------------------------------------------------------------------------
    def handle(self, request: SiteRequest) -> Reply:
        route = self.resolve(request.target)
        if route is None:
            return not_found()
        out = route.render(request.base_url, request.target)
        if isinstance(out, Reply):
            return out
        return Reply(200, out, {"Content-Type": "text/html; charset=gbk"}, charset="gbk")

    def robots(self) -> Reply:
        body = "User-agent: *\nDisallow: /admin.php\nDisallow: /data/\nDisallow: /attachment/\n"
        return Reply(200, body, {"Content-Type": "text/plain"})

    def redirect(self, base: str, where: str) -> Reply:
        return redirect(f"{base}/{where}", charset="gbk")

    # -- lesser pages (noise) ---------------------------------------------------------------------
    def lesser(self, script: str, params: dict[str, str]) -> Callable[[str, str], str | Reply] | None:  # noqa: PLR0911, PLR0912
        d = self.data
        need_login = "您还没有登录或注册，暂时不能使用此功能!!"
        if script in {"post.php", "message.php"}:
            return lambda b, tg: self.message(b, tg, "提示信息", need_login, login=True)
        if script == "apps.php" and params.get("q") in {"article", "photos", "weibo"}:
            return lambda b, tg: self.message(b, tg, "提示信息", need_login, login=True)
        if script == "login.php":
            return lambda b, tg: self.message(b, tg, "登录", "请输入用户名和密码", login=True)
        if script == "sendpwd.php":
            return lambda b, tg: self.message(b, tg, "找回密码", "请输入注册时填写的邮箱。")
        if script == "register.php":
            terms = '请阅读 <a href="faq.php">论坛注册协议</a>，同意后 <a href="register.php?step=2">继续注册</a>'
            return lambda b, tg: self.message(b, tg, "注册", terms)
        if script == "faq.php":
            return lambda b, tg: self.message(b, tg, "帮助", "发帖、积分、等级与勋章的说明。")
        if script == "hack.php" and params.get("H_name") in {"medal", "bank", "invite"}:
            return lambda b, tg: self.message(b, tg, "应用", "游客无法查看此应用，请先登录。", login=True)
        if script == "notice.php":
            notices = [t for t in d.all_threads() if d.boards[t.fid].theme == "notice"]
            return lambda b, tg: self.message(b, tg, "论坛公告", f"<ul>{self.thread_list(notices)}</ul>")
        if script == "search.php":
            return self.search(params)
        if script == "member.php":
            items = "".join(
                f'<li><a href="u.php?uid={m.uid}">{esc(m.name)}</a> {m.level} 发帖: {m.posts}</li>'
                for m in sorted(d.members.values(), key=lambda m: m.uid)
            )
            return lambda b, tg: self.message(b, tg, "会员列表", f"<ul>{items}</ul>")
        if script == "sort.php":
            hot = sorted(d.all_threads(), key=lambda t: (-len(t.posts), t.tid))[:10]
            return lambda b, tg: self.message(b, tg, "统计排行", f"<ul>{self.thread_list(hot)}</ul>")
        if script == "u.php":
            member = d.members.get(_intval(params.get("uid")))
            if member is None:
                return lambda b, tg: self.message(b, tg, "提示信息", need_login, login=True)
            return lambda b, tg: self.profile(b, tg, member)
        if script == "rss.php":
            fid = _intval(params.get("fid"))
            if fid and fid not in d.boards:
                return None
            return lambda b, tg: self.rss(b, fid)
        return None

    def search(self, params: dict[str, str]) -> Callable[[str, str], str]:
        d = self.data
        if params.get("sch_time") == "newatc":
            found = sorted(d.all_threads(), key=lambda t: -t.tid)[:30]
        elif params.get("digest") == "1":
            found = [t for t in d.all_threads() if t.digest]
        else:
            form = '<form action="search.php" method="post">关键字 <input name="keyword" /> <button>搜索</button>'
            form += "</form>"
            return lambda b, tg: self.message(b, tg, "搜索", form)
        return lambda b, tg: self.message(b, tg, "搜索结果", f"<ul>{self.thread_list(found, '&toread=1')}</ul>")
