"""Douban groups fixture (豆瓣小组, ``www.douban.com/group/…``) as a logged-out visitor sees it: Chinese, UTF-8.

Links are absolute, as Douban writes them (here the fixture's base URL); other Douban hosts stay external.
Chrome on every page: ``div#db-global-nav`` (登录/注册 ``/accounts/login?redir=<this page's URL>&source=group``:
one login URL per page; 下载豆瓣客户端; 豆瓣/读书/电影/音乐/同城/小组/阅读/FM/时间/豆品, other hosts but 同城
``/location`` and 小组 ``/group``), ``div#db-nav-group`` (logo ``/group``, search form ``/group/search?cat=1019``,
首页 ``/group/``, 精选 ``/group/explore``, 我的小组 ``/group/mine``), ``div#dale_…`` ad slots, ``div#footer``
(关于豆瓣 · 在豆瓣工作 · 联系我们 · 法律声明 · 帮助中心 · 移动应用 · 豆瓣广告, and Douban's hidden honeypot link
``/hnypt/variformcyst.py``). A ``bid`` cookie is set on the first visit.

Board index: the group directory ``/group/explore`` (发现小组): tag tabs ``?tag=…``, ``div.group-list`` of
``div.result`` cards (``/group/{slug}/``, 'N 个租客 在此聚集' in the group's own word for members, the
description), then the 精选讨论 feed of ``div.channel-item`` (likes, topic link, snippet, 来自 group, pubtime),
paginated ``?start=15`` (noise). ``/``, ``/group`` and ``/group/`` answer 302 to it (logged out, Douban sends
``/group/`` to ``/group/explore``): kind index, canonical ``/group/explore``. Groups are the boards; slugs are
names or numbers (``/group/beijingzufang/``, ``/group/638298/``).

Group home ``/group/{slug}/``: ``div#group-info`` (icon, ``h1``, ``div.group-board``: 创建于, 组长 link,
``div.group-intro``, tags to ``/group/explore?tag=``), 加入小组 (login), 发言 (``new_topic``, 302 to login), 最近讨论
with 全部 ``discussion?start=0`` and 精华 ``discussion?start=0&type=elite``, the group's tabs ``?tab=N``, the
``table.olt`` of the newest 50 topics (the list's own order: stickies, then by last reply), '> 更多小组讨论'
``discussion?start=50`` (``start=0`` for groups of 50 topics or fewer); aside: 最近加入, 浏览所有{word}
``/group/{slug}/members`` (35 a page over every member: thousands of pages), 相关小组, RSS
``/feed/group/{slug}/discussion``. **The group home is a board page of its own** (kind board, canonical
``/group/{slug}/``, one of :meth:`index_targets`): the directory and every sidebar lead there and only there,
and the list is reached from it; its table repeats the list's first two pages.

Discussion list ``/group/{slug}/discussion?start=N`` (25 a page): tabs 最新 (this list), 热门 ``&type=hot``, 精华
``&type=elite``; ``table.olt`` rows: ``td.title a`` (``title`` the whole title, the text cut at 30 characters
with '...'), ``span.pl`` '[置顶]' for stickies (page 1 only), ``span.elite_topic_lable`` '精', the author
``/people/{uid}/``, ``td.r-count`` (empty for none), ``td.time`` '11-28 15:03' (earlier years '2024-11-28');
``div.paginator`` (``span.prev``/``span.next`` with ``<link rel="prev|next">``, ``span.thispage`` with
``data-total-page``, ``?start=`` links, ``span.break``); aside ``div.group-item`` (group link ``?ref=sidebar``).

Topic ``/group/topic/{id}/``, later pages ``?start=100``, ``?start=200`` (100 comments a page). Every page
repeats the ``h1`` title and the opening post, as Douban does: ``div#topic-content`` with ``div.user-face``,
``div.topic-doc`` > ``h3`` (``span.from`` '来自: ' author link and the author's signature in parentheses,
``span.create-time.color-green``, ``span.ip-location``), ``div#link-report`` > ``div.rich-content.topic-richtext``
(``<p data-align="">`` paragraphs, ``<br>`` lines, ``div.image-container`` images, outside links through
``/link2/?url=`` (302 off-site), links to other topics with ``?_i=…&_dtcc=1``), ``div.topic-opt`` (只看楼主
``?author=1``, 最新回应 ``?start=N#last``, 举报 ``/misc/audit_report?url=``), ``div.sns-bar`` (喜欢/收藏/转发 to
login; 'N人喜欢' ``?type=like``). Page 1 then has 最赞回应 ``ul#popular-comments``: up to five most-liked
comments from any page, in the comments' own markup and ids (duplicates). Then 回应 ``ul#comments.topic-reply``
of ``li.clearfix.comment-item.reply-item`` (``id``, ``data-cid``): ``div.user-face``, ``div.reply-doc.content`` >
``div.bg-img-green`` > ``h4`` (author link, ``span.topic-author-icon`` 楼主 for the topic's author,
``span.pubtime`` '2025-11-28 16:20:01 北京'), an optional ``div.reply-quote`` > ``div.reply-quote-content``
(``span.short.ref-content``, hidden ``span.all.ref-content``, ``a.toggle-reply``, ``span.pubdate`` author link;
'该回应已被删除' for a deleted one), ``div.comment-photos``, ``p.reply-content``, ``div.operation_div`` (赞 (N),
回应 ``?cid={cid}#last``, 删除 to login, 举报); ``div.paginator``, ``div#last``, the 'login to reply' box; aside:
group box, 最新话题, 相关小组, ads; a JSON-LD ``DiscussionForumPosting`` in the head.

Noise (no canonical target): ``?author=1``, ``?type=…`` and ``?cid=…`` views of a topic and a ``start`` past
its last page; ``/group/{slug}/?tab=N`` and ``?action=…``; discussion lists with a ``type`` or ``tab`` or a
``start`` past the end; ``/group/explore?tag=…`` and ``?start=15…``; ``/group/search`` (``cat=1019`` groups,
``cat=1013`` topics, paginated); ``/group/{slug}/members?start=N``; ``/group/{slug}/new_topic``,
``/group/mine``, ``/group/my_topics``, ``/group/topic/{id}/add_comment`` (302 to login); the RSS feed; profiles
``/people/{uid}/`` (of posters, of every member listed, '[已注销]' closed accounts) and their ``statuses``,
``contacts``, ``rev_contacts``; ``/group/people/{uid}/publish|reply|joins`` (paginated topic lists: duplicate
views); ``/accounts/login|register|resetpassword``; ``/link2/?url=`` (302 off-site); ``/misc/audit_report``;
``/about``, ``/jobs``, ``/about/legal``, ``/doubanapp/…``, ``/partner/``, ``/location…``; the honeypot (403).
Unknown paths, groups, topics or people: 404, kind ``other``; so is ``robots.txt`` (Douban's rules).

Canonical targets: ``/group/explore``; ``/group/{slug}/``; ``/group/{slug}/discussion?start={25*(p-1)}`` (page 1
``?start=0``, as Douban links it); ``/group/topic/{id}/`` and ``/group/topic/{id}/?start={100*(p-1)}`` for p > 1.
URLs that serve (or 301 to) one of those pages have its kind and canonical target: ``?start=0`` on a topic,
``start`` off a page boundary (rounded down; Douban would start the page there), bad ``start`` values (page 1),
tracking parameters (``_i``, ``_dtcc``, ``ref``, …), a missing trailing slash (``/group/topic/{id}``,
``/group/{slug}``: Douban answers 301 to the slashed URL).

At ``size`` 1: 7 groups, 165 topics, about 2,600 posts, 11 list pages (two groups of three), 173 topic pages;
stickies in five groups; most topics with 0-15 replies, six with 100-280 (2-3 pages). At 0.3: the same groups,
49 topics, about 720 posts, 7 list pages, 51 topic pages. The clock is
:data:`~topiccrawl.demo.forum_douban_pages.NOW`; templates are in :mod:`topiccrawl.demo.forum_douban_pages`.

Truth: ``thread_title`` the ``h1`` text; ``board`` the group's name; ``post_id`` ``topic-{id}`` for the opening
post, else the comment's ``data-cid``; ``author`` the name shown ('[已注销]' for closed accounts); ``time`` as
shown, without the IP location; ``text`` the opening post's paragraphs (link texts included, images not) or the
comment's ``p.reply-content``, without the quoted reply, whitespace-normalised (``<br>`` and paragraph breaks
read as spaces). The opening post is on page 1 only (position 1); the 最赞回应 copies are not posts.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from urllib.parse import parse_qs, quote, urlsplit

from topiccrawl.demo.forum_douban_pages import (
    FEED_PER_PAGE,
    MEMBERS_PER_PAGE,
    NOW,
    PER_PAGE,
    TOPICS_PER_PAGE,
    Ctx,
    DoubanPages,
    esc,
    full_time,
    intval,
)
from topiccrawl.demo.forum_truth import PageKind, RoutedTruth, TruthPost
from topiccrawl.demo.server import Reply, SiteRequest, html, not_found, redirect
from topiccrawl.textutil import normalize_space

# -- words ------------------------------------------------------------------------------------------
# fmt: off
# slug, name, theme, topics at size 1, members, the group's word for members, created, tags, intro, tabs
_GROUPS: list[tuple[str, str, str, int, int, str, date, list[str], list[str], list[tuple[int, str]]]] = [
    ("beijingzufang", "北京租房", "zufang", 56, 512347, "租客", date(2008, 3, 17), ["租房", "北京", "合租"],
     ["个人房源优先，中介发帖请注明。", "发帖请写清楚区域、价格、户型和联系方式。", "谨防诈骗，看房前不要转账。"],
     [(41, "出租"), (42, "求租"), (43, "转租")]),
    ("638298", "考研交流互助", "kaoyan", 51, 183422, "研友", date(2016, 5, 8), ["考研", "学习", "上岸"],
     ["一起备考，互相监督，明年春天见。", "经验贴、资料分享、找研友都可以发在这里。"],
     [(11, "经验"), (12, "打卡"), (13, "求助")]),
    ("286720", "我们都是读书人", "dushu", 15, 98211, "读书人", date(2009, 11, 2), ["读书", "文学", "书单"],
     ["读书、聊书、交换书。", "好书不厌百回读。"], []),
    ("filmcamera", "胶片摄影爱好者", "sheying", 13, 76533, "胶片人", date(2010, 6, 21), ["摄影", "胶片", "器材"],
     ["分享胶片作品、器材和冲扫经验。", "作业帖请注明相机和胶卷。"], []),
    ("maomi", "我家猫主子", "chongwu", 12, 231904, "铲屎官", date(2012, 8, 8), ["猫", "宠物", "生活"],
     ["晒猫、养猫经验、领养信息。", "不欢迎任何形式的虐猫言论。"], [(71, "晒猫"), (72, "求助"), (73, "领养")]),
    ("712341", "上班这件小事", "shangban", 10, 402118, "打工人", date(2019, 4, 1), ["工作", "职场", "生活"],
     ["打工人的树洞。", "吐槽、求助、分享，都可以。"], []),
    ("cookingtogether", "一起来做饭", "chufang", 8, 65210, "饭友", date(2011, 1, 15), ["美食", "做饭", "生活"],
     ["一个人也要好好吃饭。", "晒菜请附上做法。"], []),
]
_BIG = [("zufang", 118), ("kaoyan", 104), ("shangban", 236), ("chongwu", 131), ("kaoyan", 162), ("zufang", 275)]
_STICKIES = {"zufang": 2, "kaoyan": 2, "dushu": 1, "sheying": 1, "chongwu": 1, "shangban": 0, "chufang": 0}
_PHOTO_RATE = {"zufang": 0.35, "sheying": 0.7, "chongwu": 0.5, "chufang": 0.5}
_NAMES = [
    "小鹿乱撞", "momo", "阿白", "一只橘猫🍊", "Vivian", "北漂小王", "今天也要早睡", "Sherry_L", "南风知我意",
    "是阿June呀", "七月", "Rocky", "大脸猫", "木子李", "胖虎", "jojo", "山山而川", "Kiki酱", "林深时见鹿", "午后红茶",
    "一颗柠檬", "Leo", "土豆不是豆", "阿肆", "十三", "没有名字", "夏天的风", "Mr.Chen", "小满", "风吹麦浪", "Echo",
    "老王", "懒猫不懒", "无敌小飞侠", "慢慢来", "橙子", "鱼丸粗面", "赵小姐", "青山", "喵喵喵", "R&B小王子",
    "豆友1763529", "西二旗打工人", "咸鱼翻身失败", "Annie 安妮", "周末不加班", "芋泥波波", "江湖人称小李", "一碗米饭",
    "白日梦想家", "花卷妈妈", "阿Ken", "暴躁兔子", "北方的雪", "<小透明>", "野生程序员", "柚子茶", "大橘为重", "Hugo",
    "默默", "晚风", "锦鲤本鲤",
]
_HANDLES = [
    "momo1993", "xiaolu", "vivianw", "leo2046", "sherryl", "echoz", "jojo7", "kiki77", "rockyli", "linshen",
    "mrchen88", "xiaoman", "qingshan", "maomao", "annie_an", "hugo", "wanfeng", "baiyun", "youzi", "dajuzi",
]
_SIGNATURES = [
    "生活不止眼前的苟且", "慢慢来，比较快", "今天也要加油鸭", "一只咸鱼", "在路上", "理想主义者", "认真生活",
    "不要温和地走进那个良夜", "早睡早起",
]
_INTROS = [
    "随便看看。", "北京，互联网民工。", "爱猫，爱书，爱睡觉。", "胶片、咖啡和旧东西。", "在努力考研的路上。", "",
]
_PROVINCES = [
    "北京", "北京", "北京", "上海", "广东", "浙江", "江苏", "四川", "湖北", "山东", "河南", "天津", "辽宁", "陕西",
    "福建", "湖南", "重庆", "河北", "美国", "日本",
]
_SYN_A = ["小", "阿", "大", "老", "一只", "不吃", "爱吃", "今天", "晚安", "快乐的", "安静的", "北方的"]
_SYN_B = ["鱼", "猫", "兔子", "土豆", "花生", "雨", "星星", "小明", "豆子", "饺子", "月亮", "树", "Lily", "Tom"]
_SLOTS = {
    "place": [
        "望京", "回龙观", "天通苑", "双井", "西二旗", "五道口", "国贸", "亦庄", "北苑", "大望路", "知春路", "劲松",
        "酒仙桥", "草房", "立水桥", "芍药居",
    ],
    "line": ["地铁14号线", "地铁13号线", "地铁10号线", "地铁6号线", "地铁5号线", "昌平线", "八通线", "15号线"],
    "price": ["2800", "3200", "3500", "3900", "4200", "4800", "2500", "5600"],
    "xiaoqu": ["望京西园三区", "龙泽苑", "天通苑东三区", "富力城", "育新花园", "劲松八区", "花家地西里"],
    "huxing": ["两居室的主卧", "三居室的次卧", "一居室整租", "两居室整租", "loft"],
    "year": ["26", "27"],
    "score": ["356", "371", "389", "402", "335", "98", "112"],
    "school": ["北大", "浙大", "华科", "中山", "川大", "南大", "人大", "北师大", "武大", "厦大"],
    "major": ["计算机", "新传", "法硕", "金融专硕", "心理学", "汉硕", "教育学", "会计专硕"],
    "book": [
        "《活着》", "《百年孤独》", "《置身事内》", "《额尔古纳河右岸》", "《我与地坛》", "《长安的荔枝》",
        "《三体》", "《始于极限》", "《我的天才女友》", "《秋园》",
    ],
    "author": ["余华", "马尔克斯", "迟子建", "史铁生", "马伯庸", "刘慈欣", "上野千鹤子", "费兰特", "阿城"],
    "camera": ["理光GR3", "尼康FM2", "佳能AE-1", "奥林巴斯mju2", "宾得MX", "美能达X-700", "禄来35", "海鸥DF-1"],
    "film": ["柯达Gold200", "富士C200", "Portra400", "乐凯200", "伊尔福HP5", "柯达UltraMax400", "CineStill800T"],
    "lab": ["蓝调冲扫", "老胶片工作室", "光影冲印", "豆豆冲扫"],
    "cat": ["橘猫", "狸花", "英短蓝白", "布偶", "三花", "奶牛猫", "暹罗"],
    "catname": ["煤球", "豆包", "年糕", "咪咪", "花卷", "橘座", "汤圆", "可乐"],
    "age": ["一岁", "两岁", "三岁半", "五个月", "七岁"],
    "food": ["鸡肉冻干", "主食罐", "自制猫饭", "羊奶粉"],
    "company": ["大厂", "外企", "国企", "互联网小厂", "创业公司", "事业单位"],
    "dish": ["红烧肉", "可乐鸡翅", "番茄炒蛋", "酸菜鱼", "葱油拌面", "糖醋排骨", "土豆炖牛腩", "蒜蓉西兰花"],
    "fail": ["糊锅", "太咸", "肉发柴", "出水"],
    "ingredient": ["鸡翅八个、可乐一罐、姜三片", "五花肉一斤、冰糖一小把、八角两个", "番茄两个、鸡蛋三个、葱花少许"],
    "n": ["5", "8", "10", "15", "20", "30"],
    "month": ["3", "6", "9", "10", "11", "12"],
}
_TITLES = {
    "zufang": [
        "【个人直租】{place} {line} 精装主卧 {price}/月 押一付一 可短租 房东直租无中介",
        "{place}附近求租一居室，预算{price}以内", "转租｜{place}地铁站旁次卧，{month}月可入住，{price}元",
        "求助：退租时中介扣押金怎么办？", "{place}整租两居室 南北通透 无中介费", "女生求合租，{place}/{place2}都可以",
        "避雷！{place}某公寓二房东跑路了", "第一次在北京租房，有哪些坑需要注意",
        "{place}三居主卧带独卫 {price}，限女生", "自如和贝壳哪个靠谱一点？", "暖气不热房东不管，可以找谁",
        "【已租】{place} 小两居", "北漂五年，搬了七次家，说说我的租房经历", "{place}有没有养猫友好的房子",
        "{line}沿线求推荐通勤方便的小区", "房东突然要涨租{n}%，合同还没到期",
        "【出租】{xiaoqu} {huxing} {price}元 拎包入住", "在{place}和{place2}之间纠结住哪",
        "求租｜{line}沿线 单间 {price}以内 爱干净不养宠", "室友半夜打游戏太吵了怎么沟通",
    ],
    "kaoyan": [
        "{year}考研{school}{major}，求一个研友一起打卡", "二战{school}，现在开始还来得及吗",
        "{major}专业课到底怎么复习，求上岸学长学姐指路", "政治什么时候开始背？肖四还是腿姐？",
        "今天模考数学只考了{score}，心态崩了", "分享一下我{school}{major}上岸经验（长文）",
        "在职考研的姐妹们都是怎么安排时间的", "英语一作文模板有必要背吗", "考研期间失眠怎么办",
        "调剂还有希望吗，初试{score}分", "图书馆占座现在都几点去？", "现场确认需要带哪些材料？",
        "复试被刷了，来这里记录一下", "{school}{major}复试线出了吗", "每日打卡｜第{n}天，今天学了十个小时",
        "跨考{major}，零基础从哪里开始",
    ],
    "dushu": [
        "最近在读{book}，有没有一起读的", "读完{book}，久久不能平静", "{author}的书应该从哪一本开始读？",
        "求推荐：适合通勤时看的书", "今年读的最好的一本书是什么", "纸质书还是电子书？说说你的习惯",
        "有没有人觉得{book}被高估了", "每月读书打卡｜{month}月", "二手书交换，坐标北京", "读不进去书怎么办",
        "重读{book}，和十年前的感受完全不一样",
    ],
    "sheying": [
        "新入{camera}，第一卷{film}的样片", "{film}和{film2}哪个更适合拍人像",
        "冲扫一卷多少钱算正常？北京有推荐的店吗", "二手{camera}快门不准，还能修吗", "扫描出来偏绿是什么原因",
        "【作业】{place}的秋天 | {camera} + {film}", "胶片涨价太离谱了，还在坚持拍吗",
        "求助：相机过机场安检胶卷会不会曝光", "入门胶片机选择困难症，求推荐", "一些街拍，欢迎交流",
    ],
    "chongwu": [
        "晒猫｜我家{cat}{catname}今天{age}了", "猫咪突然不吃东西，需要去医院吗", "求推荐性价比高的猫粮",
        "{catname}又把花瓶打碎了……", "第一次养猫，需要准备些什么", "小区捡到一只{cat}，有没有人想领养",
        "猫咪绝育后多久可以洗澡", "主子每天凌晨四点跑酷，有办法吗", "冻干和罐头到底哪个好",
        "分享一下我家猫的迷惑行为",
    ],
    "shangban": [
        "领导下班后还在群里发消息，要回吗", "工作三年，第一次裸辞", "在{company}做了两年，想跳槽但不知道去哪",
        "同事总是把自己的活推给我，该怎么拒绝", "周末被叫去加班没有加班费，正常吗", "年终奖还没发，你们公司发了吗",
        "入职一周就想跑路了", "大家午饭都怎么解决的", "试用期被辞退，可以要求赔偿吗",
        "有没有人和我一样，上班只想摸鱼", "35岁危机真的存在吗",
    ],
    "chufang": [
        "今天做了{dish}，第一次成功！", "{dish}怎么做才不会{fail}？", "一人食｜下班二十分钟搞定晚饭",
        "求推荐一口好用的铁锅", "空气炸锅到底值不值得买", "分享一个超简单的{dish}做法", "周末在家做了一桌菜，晒晒",
        "带饭党都带些什么",
    ],
}
_LINES = {
    "zufang": [
        "房子在{place}，步行到{line}大概{n}分钟。", "主卧朝南，采光很好，带一个小阳台，可以晒被子。",
        "家电齐全：冰箱、洗衣机、空调、热水器都有，拎包入住。",
        "租金{price}元/月，押一付三，水电燃气按实际使用缴纳。", "室友是两个上班族，作息规律，都很爱干净。",
        "不接受养宠物，也不接受吸烟的朋友，请见谅。", "因为工作调动要离开北京，所以急转，价格可以再商量。",
        "我的预算在{price}左右，希望离地铁近一点，通勤一小时以内。", "看了好几套房子，不是太远就是太贵，真的很头疼。",
        "中介说押金要等下一个租客入住才能退，这合理吗？", "有意向的请豆邮联系我，看房时间周末都可以。",
        "小区是老小区，但物业还可以，楼下就是菜市场和超市。", "签合同前一定要核实房东的房产证和身份证。",
        "去年冬天暖气一直不热，找了物业三次才修好。", "宜家&无印良品风格，家具都是新买的。",
    ],
    "kaoyan": [
        "本科是双非，跨考{major}，目标{school}。", "每天早上七点到图书馆，晚上十点回宿舍，已经坚持了三个月。",
        "数学基础比较差，高数看了两遍还是很多题不会做。", "英语单词每天背一百个，但总感觉记不住。",
        "专业课的参考书目有五本，感觉根本看不完。", "政治打算九月再开始，先把精力放在数学上。",
        "上岸的学姐说真题要反复做，至少刷三遍。", "最近状态很差，一坐下来就想刷手机。",
        "想找一个同目标的研友，互相监督打卡。", "初试{score}分，排名不太理想，在等复试线。",
        "复试的时候老师问了很多项目经历，我准备得不够充分。", "希望大家都能上岸，明年春天见！",
    ],
    "dushu": [
        "这本书我断断续续读了一个月，终于读完了。", "{author}的文字很克制，但每一句都很有力量。",
        "印象最深的是中间那一段，写得太好了，反复看了好几遍。", "以前总觉得自己没时间读书，后来发现是没有养成习惯。",
        "现在每天睡前读半小时，一年下来也读了二十多本。", "电子书方便，但还是更喜欢纸质书翻页的感觉。",
        "推荐给所有在大城市打拼的人。", "有些地方翻译得有点生硬，可能看原版会更好。",
        "读完去看了豆瓣的书评，发现大家的感受都差不多。",
    ],
    "sheying": [
        "这卷是用{camera}拍的，胶卷是{film}，自己送去冲扫的。", "阴天拍的片子颜色有点灰，后期稍微调了一下。",
        "第一次拍胶片，三十六张里能看的大概只有十张。", "测光全靠感觉，下次还是要带个测光表。",
        "冲扫店说底片有点欠曝，建议下次多给一档。", "现在一卷胶卷加冲扫要一百多块，按快门之前都会犹豫很久。",
        "最喜欢的是最后一张，光线刚刚好。", "镜头是二手的，有一点点霉，但拍出来影响不大。",
    ],
    "chongwu": [
        "{catname}是一只{cat}，今年{age}，性格特别粘人。", "今天早上起来发现它一口猫粮都没吃，精神也不太好。",
        "之前一直吃某进口粮，最近涨价了想换一个。", "去宠物医院做了检查，医生说没什么大问题，可能是应激。",
        "家里的绿植已经全部被它啃过一遍了。", "每天下班回家它都会在门口等我，感觉一天的疲惫都没了。",
        "驱虫、疫苗都按时做了，体重也正常。", "有没有养猫的朋友给点建议，新手真的很慌。",
    ],
    "shangban": [
        "在{company}工作快三年了，每天九点上班，经常十点才下班。", "领导总是在周五下午布置任务，周一早上就要。",
        "想辞职，但是房租和信用卡账单让我不敢轻举妄动。", "新来的同事很有想法，但是和老员工沟通有点问题。",
        "劳动合同上写的是双休，但实际上经常单休。", "今天开了一整天的会，真正干活的时间不到两个小时。",
        "HR说试用期不合格可以直接辞退，不需要赔偿，真的是这样吗？", "上班的意义可能就是下班吧。",
    ],
    "chufang": [
        "材料很简单：{ingredient}，家里基本都有。", "先把肉焯水，去掉血沫，然后小火慢炖四十分钟。",
        "第一次做，火候没掌握好，有一点糊底。", "调料：生抽两勺、老抽半勺、糖一勺，其他看个人口味。",
        "下班回家实在太累，就想做点简单又好吃的。", "家里人都说比外面饭店做得好吃，开心。",
        "用的是空气炸锅，一百八十度十五分钟，中间翻一次面。",
    ],
}
_OP_OPEN = ["如题。", "第一次在小组发帖，有不对的地方请指出。", "潜水很久了，第一次发帖。"]
_OP_CLOSE = ["先谢谢大家了！", "以上，欢迎讨论。", "有同样经历的朋友可以聊聊。", "写得有点乱，大家将就看。"]
_LISTING = [
    ("小区", "{xiaoqu}"), ("户型", "{huxing}"), ("租金", "{price}元/月"), ("交通", "{line}，步行{n}分钟"),
    ("联系方式", "豆邮或评论区留言"),
]
_REPLIES = {
    "zufang": [
        "请问还在吗？想周末去看看。", "已豆邮，麻烦楼主看一下。", "这个价格在{place}算很良心了。",
        "二房东一定要小心，合同要跟房东签。", "可以打12345投诉，我上次就是这样解决的。",
        "我也在{place}住，通勤确实方便。", "请问可以短租三个月吗？", "离地铁站具体多远？晚上回来安全吗？",
        "楼主最后怎么解决的，同遇到了这个问题。", "照片看着不错，请问是几楼？有电梯吗？",
    ],
    "kaoyan": [
        "加油！一起上岸！", "同{school}，可以互相监督", "政治建议早点开始，选择题很重要",
        "我去年也是这个分数，最后调剂上岸了", "求经验贴，真的很需要", "数学一定要多做题，光看视频没用",
        "心态最重要，别和别人比", "哭了，看到这个帖子感觉自己不是一个人", "楼主方便说下参考书吗",
        "现场确认带身份证和学信网的学籍证明就行", "图书馆六点半就排队了，卷死了",
    ],
    "dushu": [
        "马住，书荒了", "{book}我也很喜欢！", "推荐{book}，很适合通勤读", "同感，后劲太大了",
        "读不进去的时候可以试试听书", "我是从{book}开始入坑的", "纸质书党+1", "楼主的书单好棒，抄作业了",
        "微信读书可以找到吗",
    ],
    "sheying": [
        "第三张好喜欢！", "{film}的颜色真的绝", "北京推荐去{lab}冲扫", "偏绿可能是扫描的问题，可以让店里重扫",
        "过安检让工作人员手检就好", "快门不准可以找老师傅修，不贵", "好有氛围感", "请问是什么扫描仪？",
        "入门推荐傻瓜机，别一上来就买贵的",
    ],
    "chongwu": [
        "好可爱！！！", "吸猫.jpg", "建议还是去医院看一下，别拖", "可以试试{food}，我家猫很爱吃",
        "凌晨跑酷是常态，习惯就好哈哈哈", "绝育后伤口愈合了再洗，一般两周", "想领养！已豆邮",
        "{catname}这个名字好可爱", "我家的也这样，猫就是液体",
    ],
    "shangban": [
        "不回，明天上班再说", "建议先找好下家再辞职", "试用期辞退也要提前三天通知，可以去劳动仲裁", "太真实了",
        "抱抱楼主", "我们公司今年没有年终奖", "摸鱼是打工人最后的倔强", "加班记得留证据", "换个角度想，至少还有工资",
    ],
    "chufang": [
        "看起来好香！", "求详细菜谱", "糖色要小火慢慢炒", "收藏了，周末试试", "带饭党表示这个很合适",
        "铁锅推荐去章丘买", "空气炸锅真的是懒人神器", "我每次都{fail}，求指导",
    ],
}
_REPLY_GENERIC = [
    "我之前也遇到过类似的情况，后来慢慢就好了。", "楼主说得很有道理，不过每个人情况不一样吧。",
    "建议多问几个人再做决定。", "看完真的很有共鸣。", "这种事情还是要多留个心眼。", "谢谢分享，对我帮助很大。",
    "同样的问题，蹲一个解答。", "感觉楼主已经做得很好了，别太焦虑。", "这个帖子要火", "支持一下，写得很用心。",
    "我也是这么过来的，熬过去就好了", "这个问题我研究过，主要看个人需求", "收藏了，以后可能用得上", "楼上说得对",
    "有一说一，确实是这样", "这种情况还挺常见的", "去年遇到过一模一样的事", "可以先试试，不行再说", "真的太难了",
    "看评论区学到了很多", "不太同意楼主的观点，不过尊重", "建议发到相关小组问问", "希望楼主一切顺利", "求后续！",
    "我朋友也是这样，后来换了就好了", "真的不要犹豫，冲就完事了", "慢慢来，别着急",
]
_PREFIX = [
    "", "", "", "", "楼主，", "说实话，", "哈哈", "我觉得", "同感，", "emmm ", "个人经验：", "回楼上，", "唉，",
]
_SUFFIX = ["", "", "", "", "！", "～", "。。。", " 共勉", " 加油", "（小声）", " 哈哈哈", "+1"]
_SHORT = [
    "同问", "蹲", "蹲一个后续", "up", "+1", "谢谢楼主", "dd", "顶", "mark", "码住", "马克一下", "同", "哈哈哈哈哈",
    "楼主加油", "帮顶", "已私信", "感谢分享！", "学到了", "好巧，我也是", "路过", "插眼", "说得太对了", "<3",
]
_STARTER = [
    "谢谢大家的回复！", "已解决，谢谢各位。", "更新一下：已经搞定了，谢谢关心。", "回复楼上：是的",
    "还在的，欢迎豆邮。", "补充一下，{place}那边我也看过，不太合适。", "自己顶一下", "谢谢提醒，我会注意的。",
]
_STICKY_TITLES = ["【组规】发帖前必读", "【置顶】{group}公告 & 防骗指南", "【置顶】新人报到楼"]
_RULES = [
    "请大家文明交流，互帮互助。", "禁止人身攻击、地域黑和任何形式的广告。",
    "违规帖子会被直接删除，屡次违规者移出小组。", "有问题可以豆邮组长或管理员。", "发帖前请先搜索，避免重复提问。",
    "本组不欢迎引战和刷屏。",
]
_RULES_BY_THEME = {
    "zufang": [
        "本组仅限个人房源，中介发帖必须注明“中介”。", "发帖请注明区域、价格、户型和联系方式。",
        "看房前不要转账，谨防假房东诈骗。",
    ],
    "kaoyan": ["资料分享请勿附带收费链接。", "打卡楼请统一在置顶帖回复。"],
}
_OUTSIDE = [
    "https://www.zhihu.com/question/5{n}8{n}", "https://mp.weixin.qq.com/s/#",
    "https://www.xiaohongshu.com/explore/#", "https://bj.ke.com/zufang/BJ{n}9{n}.html",
    "https://book.douban.com/subject/3{n}{n}/",
]
_STATIC = {
    "/about": ("关于豆瓣", "豆瓣是一个社区网站。"),
    "/about/legal": ("法律声明", "豆瓣网站的所有内容受法律保护。"),
    "/jobs": ("在豆瓣工作", "我们正在招聘。"),
    "/doubanapp/": ("豆瓣App", "下载豆瓣App。"),
    "/doubanapp/app": ("豆瓣App", "扫码下载豆瓣App。"),
    "/partner/": ("豆瓣广告", "豆瓣广告服务。"),
}
_ROBOTS = """User-agent: *
Disallow: /subject_search
Disallow: /amazon_search
Disallow: /search
Disallow: /group/search
Disallow: /event/search
Disallow: /celebrities/search
Disallow: /location/drama/search
Disallow: /forum/
Disallow: /new_subject
Disallow: /service/iframe
Disallow: /j/
Disallow: /link2/
Disallow: /recommend/
Disallow: /doubanapp/card
Disallow: /update/topic/
Disallow: /share/
Allow: /ads.txt

User-agent: Wandoujia Spider
Disallow: /

User-agent: Mediapartners-Google
Disallow: /subject_search
Disallow: /amazon_search
Disallow: /search
Disallow: /group/search
Disallow: /event/search
Disallow: /celebrities/search
Disallow: /location/drama/search
Disallow: /j/
"""
# fmt: on


@dataclass(eq=False)
class User:
    uid: str
    name: str
    province: str
    joined: date
    signature: str = ""
    intro: str = ""


@dataclass(eq=False)
class Comment:
    cid: int
    user: User
    when: datetime
    lines: list[str]
    province: str
    likes: int = 0
    quote: Comment | None = None
    quote_gone: bool = False  # quotes a comment since deleted
    image: str = ""


@dataclass(eq=False)
class Topic:
    tid: int
    group: Group
    title: str
    user: User
    when: datetime
    province: str
    blocks: list[str]  # the rich text's HTML blocks (@BASE@ for the site's URL)
    plain: list[str]  # what the author wrote, a piece each
    sticky: bool = False
    elite: bool = False
    tab: int | None = None
    likes: int = 0
    collects: int = 0
    reshares: int = 0
    comments: list[Comment] = field(default_factory=list)

    @property
    def last(self) -> datetime:
        return self.comments[-1].when if self.comments else self.when


@dataclass(eq=False)
class Group:
    slug: str
    name: str
    theme: str
    members: int
    word: str
    created: date
    tags: list[str]
    intro: list[str]
    tabs: list[tuple[int, str]]
    icon: int
    leader: User
    active: list[User] = field(default_factory=list)
    topics: list[Topic] = field(default_factory=list)


def _code(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(n))


def _fill(rng: random.Random, text: str) -> str:
    for key, pool in _SLOTS.items():
        while "{" + key + "}" in text:
            text = text.replace("{" + key + "}", rng.choice(pool), 1)
        while "{" + key + "2}" in text:
            text = text.replace("{" + key + "2}", rng.choice(pool), 1)
    return text


class DoubanData:
    """Users, groups, topics and comments, from a seeded RNG."""

    def __init__(self, seed: int, size: float) -> None:
        rng = random.Random(seed)
        self.users: dict[str, User] = {}
        handles = iter(rng.sample(_HANDLES, len(_HANDLES)))
        people: list[User] = []
        for name in _NAMES:
            uid = next(handles, "") if rng.random() < 0.35 else ""
            uid = uid or str(rng.randint(1_000_000, 199_999_999))
            joined = date(2006, 3, 7) + timedelta(days=rng.randint(0, 6700))
            sig = rng.choice(_SIGNATURES) if rng.random() < 0.3 else ""
            people.append(User(uid, name, rng.choice(_PROVINCES), joined, sig, rng.choice(_INTROS)))
        gone = [User(str(rng.randint(1_000_000, 199_999_999)), "[已注销]", "", date(2015, 1, 1)) for _ in range(3)]
        for u in people + gone:
            self.users[u.uid] = u
        self.groups: list[Group] = []
        for i, (slug, name, theme, _, members, word, created, tags, intro, tabs) in enumerate(_GROUPS):
            leader = people[i * 3]
            active = [leader, *rng.sample([p for p in people if p is not leader], 24)]
            icon = rng.randint(10000, 699999)
            g = Group(slug, name, theme, members, word, created, tags, intro, tabs, icon, leader, active)
            self.groups.append(g)
        self.by_slug = {g.slug: g for g in self.groups}
        self.tags = list(dict.fromkeys(t for g in self.groups for t in g.tags))
        self._topics(rng, size, gone)

    def _topics(self, rng: random.Random, size: float, gone: list[User]) -> None:
        plan = _BIG[: max(1, round(len(_BIG) * size))]
        protos: list[tuple[datetime, Group, bool, list[datetime]]] = []
        for g, spec in zip(self.groups, _GROUPS, strict=True):
            n = max(2, round(spec[3] * size))
            stickies = min(n - 1, _STICKIES.get(g.theme, 1))
            big = [length for theme, length in plan if theme == g.theme]
            for t in range(n):
                if t < stickies:
                    count, mean, end_ago = rng.randint(2, 24), 9 * 86400, rng.randint(86400, 50 * 86400)
                elif big:
                    count, mean = big.pop(0) + rng.randint(-4, 4), rng.choice([300, 700, 1500])
                    end_ago = rng.randint(300, 4 * 86400)
                else:
                    lo, hi = rng.choices(
                        [(0, 0), (1, 3), (4, 8), (9, 15), (16, 30), (31, 60)], [18, 27, 23, 16, 11, 5]
                    )[0]
                    count, mean = rng.randint(lo, hi), rng.choice([1200, 7200, 28800, 129600])
                    recent = rng.random() < 0.3
                    end_ago = rng.randint(600, 2 * 86400) if recent else rng.randint(2 * 86400, 420 * 86400)
                gaps = [45 + int(rng.expovariate(1 / mean)) for _ in range(count)]
                start = NOW - timedelta(seconds=end_ago + sum(gaps))
                times = []
                for gap in gaps:
                    times.append((times[-1] if times else start) + timedelta(seconds=gap))
                protos.append((start, g, t < stickies, times))
        protos.sort(key=lambda p: p[0])
        self.topics: dict[int, Topic] = {}
        tid = 301_200_000 + rng.randint(0, 90000)
        pending: list[tuple[datetime, Topic, int]] = []
        for start, g, sticky, times in protos:
            tid += rng.randint(300, 60000)
            topic = self._topic(rng, tid, g, sticky, start)
            self.topics[tid] = topic
            g.topics.append(topic)
            for when in times:
                self._comment(rng, topic, when, gone)
            pending += [(c.when, topic, i) for i, c in enumerate(topic.comments)]
        cid = 4_412_000_000 + rng.randint(0, 900000)
        for _, topic, i in sorted(pending, key=lambda x: (x[0], x[1].tid, x[2])):
            cid += rng.randint(3, 900)
            topic.comments[i].cid = cid
        for topic in self.topics.values():
            topic.likes = int(rng.expovariate(1 / 12)) + len(topic.comments) // 3
            topic.collects, topic.reshares = int(topic.likes * rng.uniform(0.2, 0.9)), int(topic.likes * 0.1)
            topic.elite = not topic.sticky and (
                rng.random() < 0.08 or (len(topic.comments) > 100 and rng.random() < 0.5)
            )

    def _topic(self, rng: random.Random, tid: int, g: Group, sticky: bool, when: datetime) -> Topic:
        theme = g.theme
        if sticky:
            used = {x.title for x in g.topics}
            title = rng.choice([t for t in (t.replace("{group}", g.name) for t in _STICKY_TITLES) if t not in used])
            user, pool = g.leader, _RULES + _RULES_BY_THEME.get(theme, [])
            pieces = rng.sample(pool, min(len(pool), rng.randint(3, 6)))
            blocks = [f'<p data-align="">{esc(p)}</p>' for p in pieces]
            return Topic(tid, g, title, user, when, user.province, blocks, pieces, sticky=True)
        used = {t.title for t in g.topics}
        title = ""
        while not title or title in used:
            title = _fill(rng, rng.choice(_TITLES[theme]))
        user = rng.choice(g.active[1:])
        blocks, plain = self._richtext(rng, g, title)
        province = user.province if rng.random() < 0.9 else rng.choice(_PROVINCES)
        tab = rng.choice(g.tabs)[0] if g.tabs else None
        return Topic(tid, g, title, user, when, province, blocks, plain, tab=tab)

    def _richtext(self, rng: random.Random, g: Group, title: str) -> tuple[list[str], list[str]]:
        """An opening post as (HTML blocks, the text of each)."""
        theme = g.theme
        blocks: list[str] = []
        plain: list[str] = []
        if theme == "zufang" and re.search("直租|转租|整租|出租|主卧|已租", title) and rng.random() < 0.7:
            for label, value in _LISTING:
                line = f"{label}：{_fill(rng, value)}"
                plain.append(line)
                blocks.append(f'<p data-align=""><strong>{esc(label)}</strong>：{esc(line[len(label) + 1 :])}</p>')
        pool = rng.sample(_LINES[theme], len(_LINES[theme]))
        paragraphs = rng.randint(3, 7) if rng.random() < 0.25 else rng.randint(1, 3)
        photos = _PHOTO_RATE.get(theme, 0.1)
        for p in range(paragraphs):
            sentences = [_fill(rng, pool.pop()) for _ in range(rng.randint(1, 3)) if pool]
            if p == 0 and rng.random() < 0.25:
                sentences.insert(0, rng.choice(_OP_OPEN))
            if p == paragraphs - 1 and rng.random() < 0.3:
                sentences.append(rng.choice(_OP_CLOSE))
            if not sentences:
                break
            br = rng.random() < 0.2  # lines in one paragraph: <br> between them, else run on
            plain.append((" " if br else "").join(sentences))
            blocks.append(f'<p data-align="">{("<br>" if br else "").join(esc(s) for s in sentences)}</p>')
            if rng.random() < 0.08:
                blocks.append('<p data-align=""><br></p>')
            if rng.random() < photos and p < 4:
                for _ in range(rng.randint(1, 3)):
                    blocks.append(
                        '<div class="image-container image-float-center">\n  <div class="image-wrapper">\n'
                        '    <img src="https://img9.doubanio.com/view/group_topic/l/public/'
                        f'p{rng.randint(10**8, 10**9)}.webp" width="500" />\n  </div>\n</div>'
                    )
        if rng.random() < 0.07:
            url = _fill(rng, rng.choice(_OUTSIDE)).replace("#", _code(rng, 10))
            lead = rng.choice(["参考：", "原文链接：", "详情见"])
            plain.append(lead + url)
            blocks.append(
                f'<p data-align="">{lead}<a href="@BASE@/link2/?url={quote(url, safe="")}" target="_blank" '
                f'rel="nofollow">{esc(url)}</a></p>'
            )
        earlier = [t for t in g.topics if not t.sticky]
        if earlier and rng.random() < 0.07:
            other = rng.choice(earlier)
            lead = rng.choice(["之前发过的帖子：", "上一篇在这里："])
            plain.append(lead + other.title)
            blocks.append(
                f'<p data-align="">{lead}<a href="@BASE@/group/topic/{other.tid}/?_i={rng.randint(10**6, 10**7)}'
                f'{_code(rng, 6)}&amp;_dtcc=1" target="_blank">{esc(other.title)}</a></p>'
            )
        return blocks, plain

    def _comment(self, rng: random.Random, topic: Topic, when: datetime, gone: list[User]) -> None:
        theme, g = topic.group.theme, topic.group
        starter = rng.random() < 0.15
        user = topic.user if starter else rng.choice(gone) if rng.random() < 0.015 else rng.choice(g.active)
        roll = rng.random()
        replies = _REPLIES[theme] + _REPLY_GENERIC
        if starter and rng.random() < 0.4:
            lines = [_fill(rng, rng.choice(_STARTER))]
        elif roll < 0.32:
            lines = [rng.choice(_SHORT)]
        elif roll < 0.87:
            first = rng.choice(_PREFIX) + _fill(rng, rng.choice(replies)) + rng.choice(_SUFFIX)
            lines = [" ".join([first, *(_fill(rng, rng.choice(replies)) for _ in range(rng.randint(0, 1)))])]
        else:
            lines = [_fill(rng, rng.choice(replies + _LINES[theme])) for _ in range(rng.randint(2, 3))]
        if rng.random() < 0.05:
            lines[-1] += rng.choice(["😂", "🥲", "👍", "[捂脸]", "hhh"])
        province = user.province if user.province and rng.random() < 0.9 else rng.choice(_PROVINCES)
        c = Comment(0, user, when, lines, province)
        earlier = topic.comments
        if earlier and rng.random() < (0.45 if starter else 0.17):
            c.quote = earlier[-1] if rng.random() < 0.65 else rng.choice(earlier)
        elif earlier and rng.random() < 0.01:
            c.quote_gone = True
        c.likes = rng.choices([0, rng.randint(1, 4), rng.randint(5, 30), rng.randint(31, 300)], [70, 20, 8, 2])[0]
        if rng.random() < _PHOTO_RATE.get(theme, 0.1) / 8:
            c.image = str(rng.randint(10**8, 10**9))
        topic.comments.append(c)

    # -- queries ---------------------------------------------------------------------------------
    def listing(self, g: Group, kind: str = "") -> list[Topic]:
        by_last = sorted(g.topics, key=lambda t: (t.last, t.tid), reverse=True)
        if kind == "elite":
            return [t for t in by_last if t.elite]
        if kind == "hot":
            return sorted(g.topics, key=lambda t: (-len(t.comments), -t.tid))
        if kind == "new":
            return sorted(g.topics, key=lambda t: -t.tid)
        return sorted((t for t in g.topics if t.sticky), key=lambda t: t.tid) + [t for t in by_last if not t.sticky]

    def pages(self, t: Topic) -> int:
        return max(1, -(-len(t.comments) // PER_PAGE))

    def list_pages(self, g: Group) -> int:
        return max(1, -(-len(g.topics) // TOPICS_PER_PAGE))

    def popular(self, t: Topic) -> list[Comment]:
        if len(t.comments) < 10:
            return []
        return sorted((c for c in t.comments if c.likes >= 5), key=lambda c: -c.likes)[:5]

    def featured(self) -> list[Topic]:
        return sorted((t for t in self.topics.values() if not t.sticky), key=lambda t: (-t.likes, t.tid))[:45]

    def user(self, uid: str) -> User | None:
        """A poster, or any member the member lists show (uids 200000000-299999999)."""
        if uid in self.users:
            return self.users[uid]
        if not (uid.isdigit() and 200_000_000 <= int(uid) < 300_000_000):
            return None
        h = int(hashlib.md5(uid.encode()).hexdigest(), 16)
        name = _SYN_A[h % len(_SYN_A)] + _SYN_B[(h >> 8) % len(_SYN_B)]
        joined = date(2008, 1, 1) + timedelta(days=(h >> 16) % 6000)
        return User(uid, name, _PROVINCES[(h >> 24) % len(_PROVINCES)], joined)


@dataclass(frozen=True)
class Route:
    kind: PageKind
    canonical: str | None
    render: Callable[[Ctx], str | Reply | None]


class DoubanGroups(DoubanPages, RoutedTruth):
    """Douban groups: ``/group/explore``, ``/group/{slug}/discussion?start=25``, ``/group/topic/{id}/?start=100``."""

    name = "douban"

    def __init__(self, size: float = 1.0, *, seed: int = 20051206) -> None:
        self.charset = "utf-8"
        self.seed = seed
        self.data = DoubanData(seed, size)

    # -- truth -----------------------------------------------------------------------------------
    def start_target(self) -> str:
        return "/"

    def board_target(self, slug: str, page: int) -> str:
        return f"/group/{slug}/discussion?start={(page - 1) * TOPICS_PER_PAGE}"

    def thread_target(self, tid: int, page: int) -> str:
        return f"/group/topic/{tid}/" + (f"?start={(page - 1) * PER_PAGE}" if page > 1 else "")

    def thread_targets(self) -> frozenset[str]:
        d = self.data
        return frozenset(self.thread_target(t.tid, p) for t in d.topics.values() for p in range(1, d.pages(t) + 1))

    def index_targets(self) -> frozenset[str]:
        d = self.data
        boards = [self.board_target(g.slug, p) for g in d.groups for p in range(1, d.list_pages(g) + 1)]
        return frozenset(["/group/explore", *(f"/group/{g.slug}/" for g in d.groups), *boards])

    def posts(self) -> list[TruthPost]:
        out = []
        for g in self.data.groups:
            for t in self.data.listing(g):
                tid = str(t.tid)
                text = normalize_space(" ".join(t.plain))
                out.append(TruthPost(tid, t.title, g.name, 1, 1, f"topic-{tid}", t.user.name, full_time(t.when), text))
                for i, c in enumerate(t.comments, start=1):
                    page = (i - 1) // PER_PAGE + 1
                    text = normalize_space(" ".join(c.lines))
                    out.append(
                        TruthPost(tid, t.title, g.name, page, i + 1, str(c.cid), c.user.name, full_time(c.when), text)
                    )
        return out

    # -- routing ---------------------------------------------------------------------------------
    def resolve(self, target: str) -> Route | None:  # noqa: PLR0911, PLR0912
        parts = urlsplit(target.partition("#")[0])
        params = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        path, query = parts.path, parts.query
        if path in {"/", "/group", "/group/"}:
            return Route("index", "/group/explore", lambda ctx: redirect(f"{ctx.bb}/group/explore"))
        if path == "/group/explore":
            start, tag = max(0, intval(params.get("start"))), params.get("tag", "")
            if tag or start >= FEED_PER_PAGE:
                start -= start % FEED_PER_PAGE
                return Route("noise", None, lambda ctx: self.render_explore(ctx, start, tag))
            return Route("index", "/group/explore", lambda ctx: self.render_explore(ctx, 0, ""))
        if m := re.fullmatch(r"/group/topic/(\d+)(/?)(add_comment)?", path):
            topic = self.data.topics.get(int(m[1]))
            if topic is None:
                return None
            if m[3]:
                return Route("noise", None, lambda ctx: redirect(ctx.login.replace("&amp;", "&")))
            if not m[2]:
                return self._slash(path, query)
            return self.resolve_topic(topic, params)
        if m := re.fullmatch(r"/group/people/([^/]+)/(publish|reply|joins)", path):
            u = self.data.user(m[1])
            which, start = m[2], max(0, intval(params.get("start")))
            return (
                None if u is None else Route("noise", None, lambda ctx: self.render_user_topics(ctx, u, which, start))
            )
        if path == "/group/search":
            return Route("noise", None, lambda ctx: self.render_search(ctx, params))
        if path in {"/group/mine", "/group/my_topics"}:
            return Route("noise", None, lambda ctx: redirect(ctx.login.replace("&amp;", "&")))
        if m := re.fullmatch(r"/group/([^/]+)(/?)(discussion|members|new_topic)?", path):
            g = self.data.by_slug.get(m[1])
            if g is None or (m[3] and not m[2]):
                return None
            if not m[2]:
                return self._slash(path, query)
            return self.resolve_group(g, m[3] or "", params)
        if m := re.fullmatch(r"/feed/group/([^/]+)/discussion", path):
            g = self.data.by_slug.get(m[1])
            return None if g is None else Route("noise", None, lambda ctx: self.render_feed(ctx, g))
        render = self.noise_route(path, params, query)
        return None if render is None else Route("noise", None, render)

    def _slash(self, path: str, query: str) -> Route | None:
        """Douban answers a missing trailing slash with a 301 to the page: that page's kind and canonical."""
        inner = self.resolve(path + "/" + (f"?{query}" if query else ""))
        if inner is None:
            return None
        where = path + "/" + (f"?{query}" if query else "")
        return Route(inner.kind, inner.canonical, lambda ctx: redirect(ctx.bb + where, 301))

    def resolve_topic(self, t: Topic, params: dict[str, str]) -> Route:
        pages = self.data.pages(t)
        if params.get("author"):
            return Route("noise", None, lambda ctx: self.render_topic(ctx, t, 1, "author"))
        if "type" in params:
            return Route("noise", None, lambda ctx: self.render_topic(ctx, t, 1, "like"))
        if "cid" in params:
            index = next((i for i, c in enumerate(t.comments) if str(c.cid) == params["cid"]), 0)
            return Route("noise", None, lambda ctx: self.render_topic(ctx, t, index // PER_PAGE + 1))
        page = max(0, intval(params.get("start"))) // PER_PAGE + 1
        if page > pages:
            return Route("noise", None, lambda ctx: self.render_topic(ctx, t, page, "empty"))
        return Route("thread", self.thread_target(t.tid, page), lambda ctx: self.render_topic(ctx, t, page))

    def resolve_group(self, g: Group, sub: str, params: dict[str, str]) -> Route:
        start = max(0, intval(params.get("start")))
        if sub == "members":
            return Route("noise", None, lambda ctx: self.render_members(ctx, g, start - start % MEMBERS_PER_PAGE))
        if sub == "new_topic" or (not sub and params.get("action")):
            return Route("noise", None, lambda ctx: redirect(ctx.login.replace("&amp;", "&")))
        if not sub:
            if "tab" in params:
                tab = intval(params["tab"])
                return Route("noise", None, lambda ctx: self.render_home(ctx, g, tab))
            return Route("board", f"/group/{g.slug}/", lambda ctx: self.render_home(ctx, g, None))
        page, kind = start // TOPICS_PER_PAGE + 1, params.get("type", "")
        if kind or "tab" in params or page > self.data.list_pages(g):
            return Route("noise", None, lambda ctx: self.render_discussion(ctx, g, page, kind))
        return Route("board", self.board_target(g.slug, page), lambda ctx: self.render_discussion(ctx, g, page))

    # -- noise: the pages a crawler does not need ----------------------------------------------------
    def noise_route(  # noqa: PLR0911
        self, path: str, params: dict[str, str], query: str
    ) -> Callable[[Ctx], str | Reply | None] | None:
        if m := re.fullmatch(r"/people/([^/]+)(/?)(statuses|contacts|rev_contacts)?", path):
            u = self.data.user(m[1])
            if u is None or (m[3] and not m[2]):
                return None
            if not m[2]:
                return lambda ctx: redirect(f"{ctx.bb}{path}/" + (f"?{query}" if query else ""), 301)
            sub = m[3] or ""
            return lambda ctx: self.render_profile(ctx, u, sub)
        if m := re.fullmatch(r"/accounts/(login|register|resetpassword)", path):
            return lambda ctx: self.render_account(ctx, m[1], params)
        if path == "/link2/":
            url = params.get("url", "")
            return (lambda ctx: redirect(url)) if url.startswith(("http://", "https://")) else None
        if path == "/misc/audit_report":
            return lambda ctx: self.simple(
                ctx,
                "举报",
                [
                    f'<form method="post" action="{ctx.bb}/misc/audit_report"><input type="hidden" name="url" '
                    f'value="{esc(params.get("url", ""))}"/>请选择举报理由：<select name="reason"><option>广告</option>'
                    "<option>色情</option><option>人身攻击</option></select></form>",
                    f'<a href="{ctx.login}">登录</a>后才能举报',
                ],
            )
        if path == "/hnypt/variformcyst.py":
            return lambda ctx: html("<html><body><h1>403 Forbidden</h1></body></html>", status=403)
        if path in _STATIC or path.startswith("/location"):
            title, text = _STATIC.get(path, ("豆瓣同城", "发现你所在城市的活动。"))
            return lambda ctx: self.simple(ctx, title, [esc(text)])
        return None

    # -- serving ---------------------------------------------------------------------------------
    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            return Reply(200, _ROBOTS, {"Content-Type": "text/plain"})
        route = self.resolve(request.target)
        if route is None:
            return not_found()
        out = route.render(Ctx(request))
        if out is None:
            return not_found()
        reply = out if isinstance(out, Reply) else html(out, charset="utf-8")
        if not re.search(r"(^|;\s*)bid=", request.headers.get("cookie", "")):
            agent = request.headers.get("user-agent", "")
            bid = hashlib.md5(f"{self.seed}:{agent}".encode()).hexdigest()[:11]
            reply.headers["Set-Cookie"] = f"bid={bid}; Expires=Sat, 28-Nov-26 10:42:07 GMT; Path=/"
        return reply
