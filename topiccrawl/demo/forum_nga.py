"""NGA fixture forum (bbs.nga.cn, 艾泽拉斯国家地理论坛 / NGA玩家社区), as a guest without JavaScript sees its
server-rendered pages, served in GBK (``Content-Type: text/html; charset=gbk`` and ``<meta charset='gbk'/>``).

Table layouts, single-quoted attributes, ``&amp;`` in links, links mostly root-relative (``/read.php?…``), inside
posts relative (``read.php?…``, ``nuke.php?…``). Every page has the top nav ``#mainmenu`` (首页 ``/``, 网事杂谈,
登录 ``/nuke.php?__lib=login&__act=account&login``, 注册 ``…&register``, 客户端 off-site), the breadcrumb
``#m_nav`` (``a.nav_root`` 'NGA' › board › thread; the category is not linked) and a footer (``/misc/agreement.html``,
``/misc/privacy.html``, ``/misc/contact.html``). Board index ``/`` (also ``/index.php`` and any query string):
``#indexBlock`` with ``div.catenew`` categories (``h2.catetitle``, not links) of ``div.b`` boards
(``a.name`` ``/thread.php?fid=N``, fids may be negative: ``-7`` 网事杂谈, ``-447601``).

Boards ``/thread.php?fid=N`` and ``/thread.php?fid=N&page=P`` (35 threads a page, ordered by last reply; pinned
threads first on page 1 only, in addition to the 35 and not counted by the pager): ``#m_fopts`` (``h1`` board
link, description, ``#sub_forums`` links ``/thread.php?stid=S``), ``#boardrules`` (版规), ``#m_pbtntop``
(发帖 ``/post.php?action=new&fid=N``, 精华区 ``&recommend=1``, sort ``&order_by=postdatedesc``, 按回复时间
``/thread.php?fid=N``) with the pager ``#pagebtop``, the sidebar ``#hottopics`` (five most-replied threads of the
board, plain ``/read.php?tid=T`` links), ``table#topicrows`` with one ``tbody`` per ``tr.topicrow`` (pinned also
``topicrow_top`` with a '置顶' badge): ``td.c1`` reply count ``a.replies`` to ``/read.php?tid=T&page=e#a``,
``td.c2`` ``a.topic`` title ``/read.php?tid=T`` and for threads of several pages ``span.t_pager`` ``[ 2 3 4 N ]``
(``/read.php?tid=T&page=N``), ``td.c3`` ``a.author`` ``/nuke.php?func=ucp&uid=U`` and the start date, ``td.c4``
last reply time ``a.replydate`` (again ``&page=e#a``) and ``span.replyer`` name (not linked); then ``#pagebbtm``.
Pagers: ``table.stdbtn`` cells ``<<`` (first page, linked as ``&page=1``), 上一页, numbers within 4 of the
current page (the current one an ``a.invert`` without ``href``), 下一页, ``>>`` (last), '共N页'.

Threads ``/read.php?tid=T`` and ``/read.php?tid=T&page=P`` (20 posts a page, floors numbered from 0 across the
thread). ``<title>`` is 'thread title board name NGA玩家社区'. ``#m_pbtntop`` (回复 ``/post.php?action=reply…``,
只看楼主 ``/read.php?tid=T&authorid=U``, 倒序 ``/read.php?tid=T&order_by=postdatedesc``, 刷新
``/read.php?tid=T[&page=P]&rand=NNN``) and ``#pagebtop``; ``#m_posts_c`` holds one ``table.forumbox.postbox``
per post: ``tr#post1strow{F}.postrow`` (F the floor), ``td.c1#posterinfo{F}`` (``a.author.b#postauthor{F}``
``nuke.php?func=ucp&uid=U`` named by the user name, 'UID:…', an avatar link to the same profile, a badge, 级别,
声望, 威望, 发帖, 注册 date), ``td.c2#postcontainer{F}`` (``a#pid{P}Anchor``, ``a[name=l{F}]``, ``div.postInfo``
with the floor link ``#F`` (``href='#F'``), ``span#postdate{F}`` '2025-03-14 21:07' and 只看该作者
``read.php?tid=T&authorid=U``; floor 0 only: ``h3#postsubject0`` the title; ``span#postcontent{F}.postcontent
.ubbcode``; an edit note ``div.alterinfo`` '[ 本帖最后由 X 于 … 修改 ]'; a signature ``div.sign``; ``div.postBtns``:
回复/引用 ``post.php?action=reply|quote&fid=N&tid=T&pid=P``, 评分 ``nuke.php?func=add_point&tid=T&pid=P``, 举报
``nuke.php?func=report…``). Content is UBB rendered to HTML: lines split by ``<br/>``, ``<b>``, ``span.red``,
``div.quote`` (header ``<b>Reply to <a href='read.php?pid=P'>Reply</a> Post by <a href='nuke.php?func=ucp&uid=U'>
[name]</a> (time)</b><br/>`` then the quoted post's first line), ``[img]`` and smilies ``img.smile_ac`` off-site,
``[url]`` links ``a.urlincontent`` off-site, ``[tid]`` links ``/read.php?tid=T`` to other threads (text
``[title]``), ``[collapse]`` as ``div.collapse_btn`` (button and caption) and ``div.collapse_content`` (hidden by
CSS, present in the HTML). Then ``#pagebbtm`` and a quick-reply box asking to log in. Every post, floor 0
included, has its own 9-digit pid; tids have 8 digits, uids 8 digits.

Noise (kind ``noise``, no canonical target): profiles ``/nuke.php?func=ucp&uid=U`` (the user's threads as
``/read.php?tid=T`` links, recent replies as ``/read.php?pid=P``); ``/nuke.php?__lib=login…`` (login, register:
any ``__act``); ``/nuke.php?func=add_point|report…`` and ``/post.php?…`` (302 to the login page); 'only this
author' ``/read.php?tid=T&authorid=U[&page=P]`` and reversed ``/read.php?tid=T&order_by=…[&page=P]`` (thread
pages of their own, 20 posts a page, duplicates of posts); the single-post view ``/read.php?pid=P`` (any ``pid``
parameter, with or without ``tid``); board views ``/thread.php?fid=N&order_by=…``, ``&recommend=1`` (精华),
``/thread.php?authorid=U`` (a user's threads), ``/thread.php?stid=S`` (合集 sub-boards listing some of the
board's threads), ``&key=`` searches (a page past a view's last: 404); ``/misc/*.html`` static pages.
Aliases (their page's kind and canonical target): ``page=1``, ``page=0`` or a non-numeric page (page 1),
parameters in any order, extra parameters ``rand``, ``_ff``, ``lite`` and the like, and
``read.php?tid=T&page=e`` (the last page). Unknown
tid/fid/uid/pid/stid, a missing tid or fid, or a page beyond the last: NGA's error page (``div.error``
'ERROR:<!--msgcodestart-->7<!--msgcodeend--> 帖子不存在或已被删除') with status 404, kind ``other``; so are
``/robots.txt`` (200, text) and every other path.

At ``size`` 1 the forum has 7 boards in 4 categories, about 155 threads (4 pinned) and about 2,500 posts; boards
of 1 to 3 pages, threads of 1 to 6 pages (one of six, one of five, one of four pages forced). At 0.3 the same
boards with about 30% of the threads (each board at least two), one thread of four pages forced. The clock is
:data:`~topiccrawl.demo.forum_nga_pages.NOW`; templates are in :mod:`topiccrawl.demo.forum_nga_pages`.

Truth: ``thread_id`` the tid; ``thread_title`` the ``h3#postsubject0``; ``board`` the board's name; ``post_id``
the pid (``a#pid{P}Anchor``); ``author`` the ``a.author`` text; ``time`` the ``span#postdate{F}`` text;
``text`` the text nodes of ``span.postcontent``, excluding those inside ``div.quote`` and ``div.collapse_btn``
(images carry no text; signatures and edit notes are outside the span), joined with single spaces and
whitespace-normalised (:func:`~topiccrawl.textutil.normalize_space`). Posts are listed board by board (index
order), thread by thread in board listing order (pinned first), floor by floor.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from urllib.parse import parse_qs, urlencode, urlsplit

from topiccrawl.demo.forum_nga_pages import (
    LOGIN,
    NOW,
    POSTS_PER_PAGE,
    SITE,
    THREADS_PER_PAGE,
    a,
    board_body,
    board_url,
    error_page,
    esc,
    index_body,
    login_body,
    misc_body,
    page,
    pager,
    post_table,
    profile_body,
    stamp,
    thread_body,
    thread_url,
    topic_table,
    user_url,
)
from topiccrawl.demo.forum_truth import PageKind, RoutedTruth, TruthPost
from topiccrawl.demo.server import Reply, SiteRequest, html, redirect
from topiccrawl.textutil import normalize_space

# fmt: off
# fid, name, category, description, topic, weight (threads at size 1), pinned
_BOARDS = [
    (7, "艾泽拉斯议事厅", "魔兽世界", "魔兽世界综合讨论区：版本资讯、职业讨论与副本攻略", "wow", 10, 1),
    (414, "游戏综合讨论", "游戏综合", "单机、主机与网络游戏的综合讨论", "games", 12, 0),
    (650, "原神", "游戏综合", "原神相关讨论：攻略、抽卡与同人", "genshin", 7, 0),
    (334, "硬件配置", "电脑硬件与数码", "装机、配置单与硬件故障求助", "hw", 40, 1),
    (436, "消费电子", "电脑硬件与数码", "手机、平板与数码产品资讯讨论", "digital", 5, 0),
    (-7, "网事杂谈", "综合讨论", "生活、工作与杂七杂八的闲聊", "chat", 74, 2),
    (-447601, "二次元国家地理", "综合讨论", "动画、漫画与手办周边", "acg", 4, 0),
]
_NAMES = [
    "凉风有信", "霜之哀伤", "无敌小黑猫", "鱼塘老板", "DrSlump", "快乐的小蝌蚪", "阿尔萨斯之怒", "nga_lurker",
    "夜雨声烦", "提瓦特摸鱼人", "板砖侠", "一只咸鱼", "momo酱", "老王隔壁", "吃瓜群众甲", "风暴之灵", "硬件民工",
    "显卡吃灰", "ZenMaster", "蓝色的猫", "熬夜冠军", "不想上班", "奶茶三分糖", "钢铁直男", "白给大师", "北方的狼",
    "南山南", "小号而已", "Sylvanas", "摸鱼达人", "流浪法师", "沉默的羔羊", "西瓜太郎", "Kira_Yamato", "苟住别浪",
    "月下独酌", "随风而逝", "豆腐脑要咸的", "天选打工人", "黑曜石",
]
_LEVELS = ["学徒", "见习", "新手", "初窥门径", "略有小成", "渐入佳境", "登堂入室", "炉火纯青", "登峰造极"]
_BADGES = ["", "", "", "版主", "魔兽世界玩家", "硬件达人", "十周年纪念", "原神玩家"]
_SIGNS = [
    "<b>人生苦短，及时行乐</b>", "每天都是新的一天。", "<span class='gray'>我只是一条路过的咸鱼</span>",
    "<img src='https://img.nga.178.com/attachments/mon_201909/02/sign_banner.png' alt=''/>",
    "魔兽世界 国服 / 燃烧之刃 / 部落",
]
_SLOTS = {
    "cls": ["战士", "圣骑士", "猎人", "潜行者", "牧师", "死亡骑士", "萨满祭司", "法师", "术士", "武僧", "德鲁伊",
            "恶魔猎手", "唤魔师"],
    "boss": ["加洛德", "斯提克斯", "恩佐斯", "巫妖王", "伊利丹", "基尔加丹", "萨格拉斯"],
    "game": ["艾尔登法环", "黑神话：悟空", "博德之门3", "塞尔达传说：王国之泪", "怪物猎人：荒野", "赛博朋克2077",
             "最终幻想7重生", "空洞骑士", "双人成行", "巫师3"],
    "char": ["纳西妲", "雷电将军", "钟离", "胡桃", "芙宁娜", "那维莱特", "玛薇卡", "希诺宁", "茜特菈莉"],
    "ver": ["5.3", "5.4", "5.5"],
    "cpu": ["R7 9800X3D", "i5-13600KF", "R5 7500F", "i7-14700K", "U7 265K", "R9 9950X"],
    "gpu": ["RTX 5070 Ti", "RTX 4060", "RX 9070 XT", "RTX 4070 Super", "RX 7800 XT", "RTX 5080"],
    "budget": ["5000", "6000", "8000", "1万", "1.5万"],
    "phone": ["小米15", "iPhone 16", "华为Mate 70", "一加13", "vivo X200", "OPPO Find X8"],
    "city": ["上海", "北京", "成都", "杭州", "深圳", "武汉", "西安", "长沙", "重庆", "南京"],
    "anime": ["葬送的芙莉莲", "药屋少女的呢喃", "间谍过家家", "孤独摇滚", "我推的孩子", "鬼灭之刃", "迷宫饭",
              "电锯人"],
}
_SUBJECTS = {
    "wow": ["[讨论] 11.1版本{cls}现在还能玩吗", "[求助] 新人{cls}该选哪个天赋", "地心之战第二赛季大秘境{n}层心得",
            "[吐槽] 今天又被随机队坑了", "{cls}的新天赋树是不是改废了", "怀旧服开荒记录：{boss}终于倒了",
            "[讨论] 安德麦解放区的掉落是不是太抠了", "老玩家回归，求推荐一个服务器", "[心得] {cls}单刷旧团本攻略",
            "关于幻化收集的一点小问题", "[讨论] {cls}和{cls2}哪个更适合新手", "[求助] 插件更新以后界面全乱了"],
    "games": ["[讨论] {game}值不值得首发入", "[求助] {game}卡在第{n}章了怎么办", "今年的年度游戏你们觉得是谁",
              "{game}通关了，说说感想", "[讨论] 现在的3A游戏是不是越来越难做了", "Steam春促买了啥",
              "[闲聊] 最近有什么好玩的独立游戏推荐", "{game}和{game2}比哪个更好玩", "[吐槽] {game}的优化实在太差了",
              "[讨论] {game}的结局你们看懂了吗"],
    "genshin": ["[讨论] {ver}版本{char}值不值得抽", "[求助] 深渊第{n}层怎么配队", "[闲聊] 今天又歪了",
                "{char}的圣遗物怎么刷比较好", "[攻略] 新地图全宝箱收集路线", "萌新求问：{char}和{char2}先培养谁",
                "[讨论] {ver}版本剧情大家觉得怎么样"],
    "hw": ["[装机] {budget}预算求配置单", "{cpu}配{gpu}会不会瓶颈", "[求助] 新装的机器开机黑屏",
           "{gpu}和{gpu2}怎么选", "[讨论] 现在入DDR5内存还是再等等", "[晒单] 终于攒好了人生第一台主机",
           "电源用{n}0W的够不够", "[求助] 固态温度{n}度正常吗", "[讨论] {cpu}的功耗是不是有点离谱",
           "[求助] 显卡风扇狂转但是温度不高", "[装机] {budget}纯游戏主机，大佬帮看看", "[讨论] 水冷还是风冷"],
    "digital": ["[新闻] {phone}正式发布，售价{n}99元起", "{phone}值得换吗", "[讨论] 国补之后手机价格是真香",
                "[求助] 预算{n}00买什么平板", "[讨论] 折叠屏现在成熟了吗", "充电头越来越多，大家怎么收纳",
                "[讨论] {phone}和{phone2}怎么选"],
    "chat": ["[讨论] 大家平时下班后都干啥", "[吐槽] 今天在{city}地铁上遇到的奇葩事",
             "[闲聊] 三十岁了突然不知道该干什么",
             "[求助] 租房遇到黑中介怎么办", "[讨论] 你们觉得{city}适合定居吗", "[水] 今天的晚饭，求评价",
             "[讨论] 年终奖发了多少", "工作{n}年了，要不要跳槽", "[分享] 第一次自己做饭，居然挺好吃",
             "[闲聊] 周末去{city}玩了两天", "[讨论] 从{city}搬到{city2}是什么体验", "[求助] 相亲被放鸽子了怎么办",
             "[闲聊] 大家的午饭一般花多少钱", "[讨论] 你们会给父母买保险吗", "[吐槽] 公司又开始996了"],
    "acg": ["[讨论] 本季新番你在追哪部", "[闲聊] {anime}最新一集看哭了", "[求助] 求推荐类似{anime}的番",
            "[讨论] {anime}第二季制作组换了是好是坏", "[晒图] 入坑三年的手办墙", "[讨论] 漫画党来聊聊{anime}的后续"],
}
_PINNED = {
    "wow": ["[公告] 艾泽拉斯议事厅版规（2025年修订）"],
    "hw": ["[公告] 装机求助请先阅读本帖并按格式发帖"],
    "chat": ["[公告] 网事杂谈版规及违规处理公示", "[活动] 晒出你的年夜饭，参与有奖"],
}
_LINES = {
    "wow": ["这赛季{cls}的输出确实有点拉胯，大秘境里基本没人要。",
            "装等到了六百二以后提升就很慢了，每周就等宝库那一件。",
            "建议先把声望刷了，后面解锁的东西挺多的。", "昨晚打了一晚上{boss}，灭了十几次才过。",
            "团长指挥很清楚，就是DPS不够，狂暴了。", "天赋我是照着网上的主流配置点的，感觉还行。",
            "大秘境主要还是看路线和打断，装等其次。", "这个版本的剧情做得比上个版本好多了。",
            "金团价格又涨了，G价现在快到{n}了。", "我玩了十几年{cls}，从来没见过改得这么离谱的。",
            "幻化收集是真的上头，一晚上就刷了好几件。", "建议楼主先去看看插件，WA和DBM装上再说。",
            "拍卖行的材料价格一天一个样，囤货要谨慎。", "随机团本难度还是太低了，基本闭着眼睛打。",
            "坐骑掉率太感人了，刷了两百多次还没出。"],
    "games": ["{game}我玩了{n}个小时，整体还是很满意的。", "优化确实一般，我这配置进城就掉帧。",
              "剧情前期有点慢热，过了中段就好起来了。", "首发价太贵了，等打折再说吧。",
              "这游戏的地图设计真的是教科书级别的。", "Boss战难度曲线有点奇怪，前面难后面反而简单。",
              "手柄玩起来比键鼠舒服多了。", "多周目内容太少了，通关一次就没什么动力了。",
              "配乐是真的好听，原声带已经循环好几天了。", "建议关掉动态模糊，不然看久了会晕。",
              "存档丢了一次，直接心态爆炸。", "Steam评价褒贬不一，主要是优化问题。",
              "强烈推荐和朋友一起玩，单人体验差一截。", "{game}的支线任务比主线还好玩。"],
    "genshin": ["小保底又歪了七七，我真的会谢。", "这期深渊对单体输出要求挺高的。",
                "圣遗物副本刷了一个月，暴击头还是没出。", "新地图探索度刷满大概要{n}个小时。",
                "{char}的机制挺有意思的，就是有点吃命座。", "建议先拉满天赋，武器可以用四星代替。",
                "每天上线清个体力，感觉已经成了上班。", "剧情这次写得还不错，就是对话太长了。",
                "抽卡还是看缘分，我九十抽才出金。", "配队可以参考一下坛子里的攻略帖，写得很详细。",
                "原石攒了两个版本，就等{char}复刻。"],
    "hw": ["{cpu}配{gpu}完全没问题，玩游戏绰绰有余。", "电源别省钱，买个靠谱牌子的金牌。",
           "内存建议直接上32G，现在价格不贵。", "主板B650就够了，没必要上X670。",
           "散热用个六热管风冷就够，没必要上水冷。", "黑屏先检查一下显卡供电线插紧了没有。",
           "先更新一下BIOS，很多兼容问题都是这个引起的。", "固态温度{n}度正常，别太担心。",
           "这个预算建议把钱多花在显卡上。", "机箱风道很重要，前进后出就行。",
           "二手矿卡风险太大了，不建议萌新碰。", "跑了一晚上的烤机，温度稳定在七十度左右。",
           "显卡价格最近又涨了，能等就再等等。", "{gpu}在2K分辨率下基本能全高特效。"],
    "digital": ["{phone}的影像提升挺明显的，夜景尤其好。", "续航一天一充没问题，重度使用也撑得住。",
                "系统广告还是有点多，关掉个性化推荐会好一点。", "国补以后便宜了好几百，确实很香。",
                "信号比上一代好多了，电梯里也不断网。", "发热控制一般，打游戏半小时就烫手。",
                "屏幕素质没得说，就是有点反光。", "等等党永远不亏，双十一肯定更便宜。",
                "快充确实快，半小时就能充到八十。", "折叠屏的折痕还是能看出来，但不影响使用。"],
    "chat": ["我在{city}待了{n}年，感觉生活节奏还是太快了。", "下班回家基本就是躺着刷手机，什么都不想干。",
             "房租已经占了工资的一半，存不下钱。", "建议楼主先冷静一下，别冲动做决定。",
             "说实话这种事情还是得看个人情况。", "我们公司今年年终奖直接没了，心态崩了。",
             "周末出去走走挺好的，总比在家躺着强。", "黑中介这种直接打12345投诉，挺管用的。",
             "三十岁才是人生的开始，不用太焦虑。", "楼主这个饭看起来很有食欲啊。",
             "同感，我也是每天都在纠结要不要辞职。", "这个问题在坛子里讨论过很多次了，可以搜一下。",
             "吃了两顿火锅，感觉整个人都活过来了。", "跳槽之前一定要先找好下家，别裸辞。",
             "{city}的夏天实在是太热了，出门五分钟就一身汗。"],
    "acg": ["{anime}这一集的作画真的太强了。", "原作党表示动画改得还挺忠实的。",
            "这季度的番整体质量都不错，就是有点太多了。", "配乐一出来我就绷不住了。",
            "推荐可以去看看同一个监督的其他作品。", "手办这个坑一入就出不来了，钱包已经空了。",
            "剧情节奏有点拖，原作三话的内容拍了一集。", "角色塑造很成功，每个人都有自己的故事。",
            "追完以后还去把漫画补了一遍。", "制作组换了以后风格变化挺大的，需要适应。"],
}
_GENERIC = [
    "楼主说得对。", "我也有同样的问题，蹲一个解决办法。", "这个得看具体情况吧。", "感谢分享，学到了。",
    "不太同意楼上的看法。", "有一说一，确实是这样。", "先收藏了，回头慢慢看。", "坛子里果然卧虎藏龙。",
    "这帖子怎么又被顶上来了。", "楼上说的没毛病。", "我之前也踩过这个坑，说多了都是泪。",
    "更新一下，问题已经解决了，谢谢各位。", "建议楼主补充一下细节，不然不好判断。", "看完只想说一句：真实。",
]
_SHORT = ["+1", "mark", "马克", "顶", "支持", "已阅", "插眼", "前排", "同问", "草", "哈哈哈哈", "路过", "蹲",
          "zsbd", "楼主好人", "233", "顶一下", "好家伙"]
_SMILES = [("ac0", "哭笑"), ("ac2", "喷"), ("ac7", "汗"), ("ac12", "晕"), ("ac16", "赞同"), ("ac21", "偷吃"),
           ("ac25", "怕"), ("ac30", "抠鼻")]
_COLLAPSE = ["剧透", "配置单", "截图", "详细过程", "原文"]
_LINKS = ["https://www.bilibili.com/video/BV1xK4y1T7aB", "https://www.zhihu.com/question/58210943",
          "https://www.bilibili.com/video/BV1Gj411k7Tz", "https://weibo.com/1642909335/OqL1p2XyA"]
# fmt: on


@dataclass(eq=False)
class User:
    uid: int
    name: str
    level: str = ""
    badge: str = ""
    fame: int = 0
    prestige: int = 0
    post_count: int = 0
    regdate: datetime = NOW
    avatar: str = ""
    sign: str = ""


@dataclass(eq=False)
class Post:
    pid: int
    tid: int
    floor: int
    uid: int
    when: datetime
    html: str = ""
    pieces: list[str] = field(default_factory=list)  # the text nodes the author wrote, in order
    edited: tuple[datetime, int] | None = None

    @property
    def text(self) -> str:
        return normalize_space(" ".join(self.pieces))

    @property
    def page(self) -> int:
        return self.floor // POSTS_PER_PAGE + 1


@dataclass(eq=False)
class Thread:
    tid: int
    board: Board
    title: str
    pinned: bool
    posts: list[Post] = field(default_factory=list)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.posts) // POSTS_PER_PAGE))


@dataclass(eq=False)
class Board:
    fid: int
    name: str
    cate: str
    desc: str
    topic: str
    rules: str = ""
    threads: list[Thread] = field(default_factory=list)
    stids: list[tuple[int, str, list[Thread]]] = field(default_factory=list)

    def listing(self) -> list[Thread]:
        """Pinned threads first, then by last reply, newest first."""
        pinned = sorted((t for t in self.threads if t.pinned), key=lambda t: t.tid)
        rest = sorted((t for t in self.threads if not t.pinned), key=lambda t: (t.posts[-1].when, t.tid), reverse=True)
        return pinned + rest

    @property
    def regular(self) -> list[Thread]:
        return [t for t in self.listing() if not t.pinned]

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.regular) // THREADS_PER_PAGE))

    def page_items(self, n: int) -> list[Thread]:
        shown = self.regular[(n - 1) * THREADS_PER_PAGE : n * THREADS_PER_PAGE]
        return [t for t in self.listing() if t.pinned] + shown if n == 1 else shown


class _Content:
    """UBB rendered to HTML, keeping the text nodes the author wrote (adjacent text merges into one node)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pieces: list[str] = []
        self._open = False  # the last thing written was a text node

    def text(self, t: str) -> None:
        self.parts.append(esc(t))
        if self._open:
            self.pieces[-1] += t
        else:
            self.pieces.append(t)
        self._open = True

    def tag(self, markup: str, text: str = "") -> None:
        """Markup holding ``text`` as its single text node (or no text)."""
        self.parts.append(markup)
        if text:
            self.pieces.append(text)
        self._open = False

    def html(self) -> str:
        return "".join(self.parts)


def _fill(rng: random.Random, text: str) -> str:
    for key, pool in _SLOTS.items():
        while "{" + key + "}" in text:
            text = text.replace("{" + key + "}", rng.choice(pool), 1)
        if "{" + key + "2}" in text:
            text = text.replace("{" + key + "2}", rng.choice([x for x in pool if x not in text]))
    return text.replace("{n}", str(rng.randint(3, 30)))


class _Bag:
    """Sentences drawn without repeats within one post (refilled when used up)."""

    def __init__(self, rng: random.Random, pool: list[str]) -> None:
        self.rng, self.pool = rng, pool
        self.left: list[str] = []

    def take(self, k: int) -> str:
        out: list[str] = []
        for _ in range(k):
            if not self.left:
                self.left = self.rng.sample(self.pool, len(self.pool))
            out.append(_fill(self.rng, self.left.pop()))
        return "".join(out)


class NgaData:
    """Users, boards, threads and posts, from a seeded RNG."""

    def __init__(self, seed: int, size: float) -> None:  # noqa: PLR0912, PLR0915
        rng = random.Random(seed)
        uids = sorted(rng.sample(range(10_000_000, 66_000_000), len(_NAMES)))
        rng.shuffle(uids)
        self.users: dict[int, User] = {}
        for i, (uid, name) in enumerate(zip(uids, _NAMES, strict=True)):
            u = User(uid, name, level=rng.choice(_LEVELS), fame=rng.randint(-5, 300), prestige=rng.randint(0, 30))
            u.badge = "版主" if i < 2 else rng.choice(_BADGES[:3] + _BADGES[4:])
            u.regdate = datetime(2006, 1, 1) + timedelta(days=(uid - 10_000_000) * 6_800 // 56_000_000 + i)
            u.avatar = f"{uid % 1000:03d}/{hashlib.md5(name.encode()).hexdigest()[:16]}.jpg" if i % 3 else ""
            u.sign = _SIGNS[i % len(_SIGNS)] if i % 4 == 1 else ""
            self.users[uid] = u
        mods, others = uids[:2], uids[2:]
        self.boards: dict[int, Board] = {}
        protos: list[tuple[Board, bool, list[datetime], list[int]]] = []
        forced = [(101, 120), (81, 100), (61, 80)] if size >= 0.6 else [(61, 80)]
        for fid, name, cate, desc, topic, weight, n_pinned in _BOARDS:
            b = Board(fid, name, cate, desc, topic)
            b.rules = (
                f"1. 请勿发布与{esc(name)}无关的内容，违者锁帖。<br/>2. 标题请加上[讨论]、[求助]等分类前缀。<br/>"
                "3. 禁止人身攻击、地域黑及引战言论。<br/>4. 详细版规见置顶帖。"
            )
            self.boards[fid] = b
            n = max(2, round(weight * size))
            for t in range(n + n_pinned):
                pinned = t < n_pinned
                if pinned:
                    length = rng.randint(2, 12)
                elif forced and t == n_pinned and weight >= 12:
                    length = rng.randint(*forced.pop(0))
                else:
                    lo, hi = rng.choices([(1, 1), (2, 8), (9, 20), (21, 40), (41, 60), (61, 90)],
                                         [12, 38, 31, 11, 4, 2])[0]  # fmt: skip
                    length = rng.randint(lo, hi)
                mean = rng.choice([8 * 60, 45 * 60, 4 * 3600, 30 * 3600])
                gaps = [30 + int(rng.expovariate(1 / mean)) for _ in range(length - 1)]
                busy = topic == "chat"
                end_ago = rng.randint(5 * 60, 20 * 3600) if rng.random() < (0.4 if busy else 0.2) else (
                    rng.randint(86400, 380 * 86400))  # fmt: skip
                times = [NOW - timedelta(seconds=end_ago + sum(gaps))]
                for gap in gaps:
                    times.append(times[-1] + timedelta(seconds=gap))
                starter = rng.choice(mods) if pinned else rng.choice(others)
                authors = [starter] + [starter if rng.random() < 0.15 else rng.choice(uids) for _ in gaps]
                protos.append((b, pinned, times, authors))
        protos.sort(key=lambda p: p[2][0])
        self.threads: dict[int, Thread] = {}
        titles: set[str] = set()
        tid = 41_873_000
        all_posts: list[tuple[datetime, Thread, int, int]] = []
        for b, pinned, times, authors in protos:
            tid += rng.randint(3_000, 14_000)
            title = ""
            while not title or title in titles:
                pool = _PINNED[b.topic] if pinned else _SUBJECTS[b.topic]
                title = _fill(rng, rng.choice([p for p in pool if p not in titles] or pool))
                if title in titles and pinned:
                    title += "（续）"
            titles.add(title)
            t = Thread(tid, b, title, pinned)
            self.threads[tid] = t
            b.threads.append(t)
            all_posts += [(w, t, i, authors[i]) for i, w in enumerate(times)]
        pid = 805_000_000 + rng.randint(0, 99_999)
        self.pids: dict[int, Post] = {}
        for when, t, i, uid in sorted(all_posts, key=lambda x: (x[0], x[1].tid, x[2])):
            pid += rng.randint(40, 2_500)
            p = Post(pid, t.tid, i, uid, when)
            self._write(rng, p, t)
            if when < NOW - timedelta(hours=1) and rng.random() < 0.07:
                edit = min(NOW - timedelta(minutes=2), when + timedelta(seconds=rng.randint(60, 2 * 86400)))
                p.edited = (edit, mods[0] if rng.random() < 0.2 else uid)
            t.posts.append(p)
            self.pids[pid] = p
        stid = 40_001_000
        for b in self.boards.values():
            if len(b.threads) >= 8:
                for k, label in enumerate(["攻略与资料合集", "精品讨论合集"][: 1 + (len(b.threads) >= 30)]):
                    stid += rng.randint(10_000, 90_000)
                    b.stids.append((stid, f"{b.name}{label}", b.listing()[k + 1 :: 4]))
        counts: dict[int, int] = {}
        for p in self.pids.values():
            counts[p.uid] = counts.get(p.uid, 0) + 1
        for u in self.users.values():
            u.post_count = counts.get(u.uid, 0) * rng.randint(20, 200) + rng.randint(0, 99)

    def _write(self, rng: random.Random, p: Post, t: Thread) -> None:  # noqa: PLR0912, PLR0915
        """The post's UBB rendered: an optional quote, then short, normal or long text."""
        c = _Content()
        topic = t.board.topic
        if p.floor >= 2 and rng.random() < 0.15:
            q = t.posts[-1] if rng.random() < 0.7 else rng.choice(t.posts[1:] or t.posts)
            qu = self.users[q.uid]
            c.tag(
                f"<div class='quote'><b>Reply to <a href='{a(f'read.php?pid={q.pid}')}' class='b'>Reply</a> Post by "
                f"<a href='{a(user_url(qu.uid, root=False))}' class='b'>[{esc(qu.name)}]</a> ({stamp(q.when)})</b>"
                f"<br/>{esc(q.pieces[0] if q.pieces else '')}</div>"
            )
        if p.floor == 0:
            kind = "long" if rng.random() < 0.5 else "normal"
        else:
            kind = rng.choices(["short", "normal", "long"], [22, 60, 18])[0]
        if kind == "short":
            c.text(rng.choice(_SHORT))
            if rng.random() < 0.3:
                self._smile(rng, c)
            p.html, p.pieces = c.html(), c.pieces
            return
        bag = _Bag(rng, _LINES[topic] + ([] if p.floor == 0 else _GENERIC))
        lines = rng.randint(3, 6) if kind == "long" else rng.randint(1, 2)
        for n in range(lines):
            if n:
                c.tag("<br/><br/>" if kind == "long" else "<br/>")
            k = rng.randint(1, 3)
            if kind == "long" and rng.random() < 0.25:
                if k > 1:
                    c.text(bag.take(k - 1))
                css = rng.choice(["b", "red"])
                strong = bag.take(1)
                c.tag(f"<b>{esc(strong)}</b>" if css == "b" else f"<span class='red'>{esc(strong)}</span>", strong)
                c.text(bag.take(1))
            else:
                c.text(bag.take(k))
            if rng.random() < 0.08:
                self._smile(rng, c)
        if kind == "long" and rng.random() < 0.2:
            title = rng.choice(_COLLAPSE)
            inner = [bag.take(rng.randint(1, 2)) for _ in range(rng.randint(1, 3))]
            c.tag(
                f"<div class='collapse_btn'><button name='collapseSwitchButton' type='button' "
                f"onclick='ubbcode.collapse(this)'>+</button> <b>{esc(title)}</b> 点击显示隐藏的内容</div>"
                "<div class='collapse_content ubbcode' style='display:none'>"
            )
            for j, line in enumerate(inner):
                if j:
                    c.tag("<br/>")
                c.text(line)
            c.tag("</div>")
        if rng.random() < 0.08:
            h = hashlib.md5(f"{p.pid}".encode()).hexdigest()
            c.tag(
                f"<br/><img src='https://img.nga.178.com/attachments/mon_{p.when:%Y%m}/{p.when:%d}/"
                f"{t.board.fid}Q{h[:6]}-{h[6:12]}K2aT3cSzk-qo.jpg' style='max-width:100%' alt=''/>"
            )
        if rng.random() < 0.04:
            c.tag("<br/>")
            c.text("参考：")
            url = rng.choice(_LINKS)
            c.tag(f"<a href='{url}' class='urlincontent' target='_blank'>{url}</a>", url)
        others = [o for o in t.board.threads if o is not t]
        if others and rng.random() < 0.03:
            o = rng.choice(others)
            c.tag("<br/>")
            c.text("之前也有人问过：")
            c.tag(f"<a href='{a(thread_url(o.tid))}' class='b'>[{esc(o.title)}]</a>", f"[{o.title}]")
        p.html, p.pieces = c.html(), c.pieces

    @staticmethod
    def _smile(rng: random.Random, c: _Content) -> None:
        code, name = rng.choice(_SMILES)
        c.tag(
            f"<img src='https://img4.nga.178.com/ngabbs/post/smile/{code}.png' class='smile_ac' alt='[s:ac:{name}]'/>"
        )

    # -- queries ---------------------------------------------------------------------------------
    def categories(self) -> dict[str, list[Board]]:
        out: dict[str, list[Board]] = {}
        for b in self.boards.values():
            out.setdefault(b.cate, []).append(b)
        return out

    def ordered_threads(self) -> list[Thread]:
        return [t for bs in self.categories().values() for b in bs for t in b.listing()]


@dataclass
class Route:
    kind: PageKind
    canonical: str | None
    render: Callable[[str], str | Reply | None]  # called with the requester's base URL


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _page(value: str | None) -> int:
    """PHP's ``intval()``: non-numeric, 0 or negative pages are page 1."""
    n = _int(value)
    return n if n is not None and n > 0 else 1


def _paged(items: list, n: int, per: int) -> list:  # type: ignore[type-arg]
    return items[(n - 1) * per : n * per]


class NgaForum(RoutedTruth):
    """NGA: ``/thread.php?fid=-7&page=2``, ``/read.php?tid=43012345&page=3``, GBK."""

    name = "nga"

    def __init__(self, size: float = 1.0, *, seed: int = 7) -> None:
        self.charset = "gbk"
        self.size = size
        self.data = NgaData(seed, size)

    # -- truth ---------------------------------------------------------------------------------
    def start_target(self) -> str:
        return "/"

    def thread_target(self, t: Thread, n: int = 1) -> str:
        return thread_url(t.tid, n)

    def board_target(self, b: Board, n: int = 1) -> str:
        return board_url(b.fid, n)

    def thread_targets(self) -> frozenset[str]:
        return frozenset(self.thread_target(t, n) for t in self.data.threads.values() for n in range(1, t.pages + 1))

    def index_targets(self) -> frozenset[str]:
        boards = (self.board_target(b, n) for b in self.data.boards.values() for n in range(1, b.pages + 1))
        return frozenset(["/", *boards])

    def posts(self) -> list[TruthPost]:
        return [
            TruthPost(
                thread_id=str(t.tid),
                thread_title=t.title,
                board=t.board.name,
                page_number=p.page,
                position=p.floor + 1,
                post_id=str(p.pid),
                author=self.data.users[p.uid].name,
                time=stamp(p.when),
                text=p.text,
            )
            for t in self.data.ordered_threads()
            for p in t.posts
        ]

    # -- routing -------------------------------------------------------------------------------
    def resolve(self, target: str) -> Route | None:  # noqa: PLR0911
        parts = urlsplit(target)
        path = parts.path
        params = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        if path in {"/", "/index.php"}:
            return Route("index", "/", lambda base: page(SITE, index_body(self.data), body_id="indexpage"))
        if path == "/thread.php":
            return self.board_route(params)
        if path == "/read.php":
            return self.read_route(params)
        if path == "/nuke.php":
            return self.nuke_route(params)
        if path == "/post.php":
            return Route("noise", None, lambda base: redirect(base + LOGIN, charset="gbk"))
        misc = {"/misc/agreement.html": "用户协议", "/misc/privacy.html": "隐私政策", "/misc/contact.html": "联系我们"}
        if path in misc:
            return Route("noise", None, lambda base: page(f"{misc[path]} {SITE}", misc_body(misc[path])))
        return None

    def board_route(self, params: dict[str, str]) -> Route | None:  # noqa: PLR0911, PLR0912
        data = self.data
        if "stid" in params:
            found = [(b, s) for b in data.boards.values() for s in b.stids if str(s[0]) == params["stid"]]
            if not found:
                return None
            b, (stid, label, items) = found[0]

            def sub(base: str) -> str:
                body = board_body(b, 1, items, data, lambda n: f"/thread.php?stid={stid}&page={n}", 1,
                                  heading=f" > {label}")  # fmt: skip
                return page(f"{label} {SITE}", body, crumbs=[(board_url(b.fid), b.name), ("", label)])

            return Route("noise", None, sub)
        if "authorid" in params and "fid" not in params:
            uid = _int(params["authorid"])
            if uid not in data.users:
                return None
            u = data.users[uid]
            mine = sorted((t for t in data.threads.values() if t.posts[0].uid == uid), key=lambda t: -t.tid)
            if _page(params.get("page")) > max(1, -(-len(mine) // THREADS_PER_PAGE)):
                return None
            return Route(
                "noise",
                None,
                lambda base: self.listing_page(
                    f"{u.name}的主题", mine, _page(params.get("page")), f"/thread.php?authorid={uid}&page={{}}", None
                ),
            )
        b = data.boards.get(_int(params.get("fid")) or 0)
        if b is None:
            return None
        n = _page(params.get("page"))
        if any(k in params for k in ("order_by", "recommend", "key", "authorid")):
            items = b.regular
            if "order_by" in params:
                items = sorted(items, key=lambda t: -t.tid)
            if "recommend" in params:
                items = [t for t in items if len(t.posts) >= 15]
            if "key" in params:
                items = [t for t in items if params["key"] and params["key"] in t.title]
            if "authorid" in params:
                items = [t for t in items if str(t.posts[0].uid) == params["authorid"]]
            query = urlencode({k: v for k, v in params.items() if k != "page"}, encoding="gbk")
            if n > max(1, -(-len(items) // THREADS_PER_PAGE)):
                return None
            return Route("noise", None, lambda base: self.listing_page(
                b.name, items, n, f"/thread.php?{query}&page={{}}", b))  # fmt: skip
        if n > b.pages:
            return None

        def render(base: str) -> str:
            body = board_body(b, n, b.page_items(n), data, lambda k: board_url(b.fid, k, explicit=True), b.pages)
            return page(f"{b.name} {SITE}", body, crumbs=[(board_url(b.fid), b.name)], body_id="threadlist")

        return Route("board", self.board_target(b, n), render)

    def listing_page(self, title: str, items: list[Thread], n: int, fmt: str, b: Board | None) -> str | None:
        pages = max(1, -(-len(items) // THREADS_PER_PAGE))
        if n > pages:
            return None
        shown = _paged(items, n, THREADS_PER_PAGE)
        if b is not None:
            body = board_body(b, n, shown, self.data, fmt.format, pages)
            return page(f"{title} {SITE}", body, crumbs=[(board_url(b.fid), b.name)], body_id="threadlist")
        body = (
            f"<h1>{esc(title)}</h1>{pager('pagebtop', n, pages, fmt.format)}{topic_table(shown, self.data.users)}"
            f"{pager('pagebbtm', n, pages, fmt.format)}"
        )
        return page(f"{title} {SITE}", body)

    def read_route(self, params: dict[str, str]) -> Route | None:  # noqa: PLR0911
        data = self.data
        if params.get("pid"):
            p = data.pids.get(_int(params["pid"]) or 0)
            if p is None:
                return None
            t = data.threads[p.tid]

            def single(base: str) -> str:
                body = (
                    f"<div class='silver'>单帖模式 <a href='{a(thread_url(t.tid))}'>返回主题</a> "
                    f"<a href='{a(thread_url(t.tid, p.page))}'>所在页</a></div>"
                    f"<div id='m_posts'><div id='m_posts_c'>{post_table(p, t, data, single=True)}</div></div>"
                )
                return page(f"{t.title} {t.board.name} {SITE}", body, crumbs=self.thread_crumbs(t))

            return Route("noise", None, single)
        t = data.threads.get(_int(params.get("tid")) or 0)
        if t is None:
            return None
        raw = params.get("page")
        n = t.pages if raw == "e" else _page(raw)
        if "authorid" in params or "order_by" in params:
            posts = t.posts
            if "authorid" in params:
                posts = [p for p in posts if str(p.uid) == params["authorid"]]
            if "order_by" in params:
                posts = posts[::-1]
            pages = max(1, -(-len(posts) // POSTS_PER_PAGE))
            if raw == "e":
                n = pages
            if n > pages:
                return None
            query = urlencode({k: v for k, v in params.items() if k not in {"page", "rand"}}, encoding="gbk")
            view = "只看该作者" if "authorid" in params else "倒序浏览"
            return Route(
                "noise",
                None,
                lambda base: self.thread_page(
                    t, n, _paged(posts, n, POSTS_PER_PAGE), pages, lambda k: f"/read.php?{query}&page={k}", view
                ),
            )
        if n > t.pages:
            return None
        return Route("thread", self.thread_target(t, n), lambda base: self.thread_page(
            t, n, _paged(t.posts, n, POSTS_PER_PAGE), t.pages, lambda k: thread_url(t.tid, k) if k > 1 else
            f"/read.php?tid={t.tid}&page=1"))  # fmt: skip

    def thread_crumbs(self, t: Thread) -> list[tuple[str, str]]:
        return [("", t.board.cate), (board_url(t.board.fid), t.board.name), (thread_url(t.tid), t.title)]

    def thread_page(  # noqa: PLR0917
        self, t: Thread, n: int, posts: list[Post], pages: int, url: Callable[[int], str], view: str = ""
    ) -> str:
        rand = int(hashlib.md5(f"{t.tid}/{n}".encode()).hexdigest()[:4], 16) % 1000
        body = thread_body(t, n, posts, self.data, url, pages, rand=rand, view=view)
        return page(f"{t.title} {t.board.name} {SITE}", body, crumbs=self.thread_crumbs(t), body_id="readpage")

    def nuke_route(self, params: dict[str, str]) -> Route | None:
        data = self.data
        if "__lib" in params and params["__lib"] == "login":
            register = "register" in params
            title = "注册" if register else "登录"
            return Route("noise", None, lambda base: page(f"{title} {SITE}", login_body(register)))
        func = params.get("func")
        if func in {"add_point", "report"}:
            return Route("noise", None, lambda base: redirect(base + LOGIN, charset="gbk"))
        if func == "ucp":
            u = data.users.get(_int(params.get("uid")) or 0)
            if u is None:
                return None
            mine = sorted((t for t in data.threads.values() if t.posts[0].uid == u.uid), key=lambda t: -t.tid)[:20]
            replies = sorted((p for p in data.pids.values() if p.uid == u.uid and p.floor), key=lambda p: -p.pid)[:10]
            return Route(
                "noise",
                None,
                lambda base: page(
                    f"{u.name} 的用户信息 {SITE}", profile_body(u, mine, replies, data), crumbs=[("", "用户信息")]
                ),
            )
        return None

    # -- serving -------------------------------------------------------------------------------
    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            body = "User-agent: *\nDisallow: /nuke.php\nDisallow: /post.php\nDisallow: /misc/\n"
            return Reply(200, body, {"Content-Type": "text/plain; charset=gbk"}, charset="gbk")
        route = self.resolve(request.target)
        out = None if route is None else route.render(request.base_url)
        if out is None:
            path = request.path
            msg = (
                "帖子不存在或已被删除"
                if path == "/read.php"
                else "版面不存在"
                if path == "/thread.php"
                else "页面不存在"
            )
            return html(error_page(msg, 7), charset="gbk", status=404)
        return out if isinstance(out, Reply) else html(out, charset="gbk")
