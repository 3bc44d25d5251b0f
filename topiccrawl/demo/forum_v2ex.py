"""V2EX fixture forum (www.v2ex.com, '创意工作者们的社区') as a logged-out browser sees it, served in UTF-8
(``Content-Type: text/html; charset=utf-8`` and V2EX's own
``<meta name="Content-Type" content="text/html;charset=utf-8">``).

Chrome on every page: ``#Top`` (logo link ``/``, a search form posting off-site to Google, 首页 ``/``, 注册 ``/signup``,
登录 ``/signin``), ``#Wrapper > .content`` holding ``#Leftbar`` (empty), ``#Rightbar`` and ``#Main``, and ``#Bottom``
(关于 ``/about``, 帮助文档 ``/help``, 自助推广系统 ``/advertise``, 博客 off-site, API ``/help/api``, FAQ ``/faq``,
实用小工具 ``/tools``, ``/worldclock#…`` clocks). ``#Rightbar``: the site intro box (``/signup``, ``/signin``) and
"今日热议主题" (``#TopicsHot``, the ten most-replied topics as plain ``/t/ID`` links, the same shape as topics
everywhere); on home pages also "最热节点" (``a.item_node`` ``/go/NAME``) and 社区运行状况 (``/top/rich``,
``/top/player``). Attributes are double-quoted, links root-relative. Titles: ``V2EX`` (home), ``V2EX › 问与答``
(node), ``TITLE - V2EX`` (topic).

Home ``/`` (kind ``index``, canonical ``/``; any query without ``tab`` is an alias) shows the default tab 技术:
``#Tabs`` (``/?tab=tech|creative|play|jobs|qna|hot|all``, the current one ``a.tab_current``), ``#SecondaryTabs``
(the tab's nodes ``/go/NAME``; every node for 最热/全部), up to 40 topic rows, "更多新主题" ``/recent``, then the
"节点导航" box (``/planes`` 浏览全部节点, one row per node group with every node ``/go/NAME``). The tab pages
``/?tab=X`` (unknown X: the default tab) are views: kind ``noise``, as are ``/recent`` and ``/recent?p=N`` (every
topic, 20 a page, by last reply) and ``/planes`` (all nodes by group). A topic row (``div.cell.item``): a table with
the avatar ``<a href="/member/NAME"><img class="avatar"></a>``, ``span.item_title > a.topic-link`` ``/t/ID#replyN``
(N the reply count, ``#reply0`` without replies), ``span.topic_info`` (``a.node`` ``/go/NODE``, ``strong > a``
``/member/NAME`` the author, ``<span title="2025-03-01 12:00:00 +08:00">3 小时 4 分钟前</span>`` the last reply's
time, or the topic's without replies, and "• 最后回复来自 <strong><a href="/member/NAME2">NAME2</a></strong>") and
``a.count_livid`` ``/t/ID#replyN`` (absent without replies).

Nodes (boards) ``/go/NAME`` and ``/go/NAME?p=N`` (kind ``board``; ``?p=1``, ``p=0`` or a non-numeric ``p`` are
aliases of ``/go/NAME``; other parameters are ignored): the node header (avatar, 主题总数 the node's topic count,
加入收藏 ``/favorite/node/NID?once=ONCE``, breadcrumb ``V2EX › TITLE``, intro, 全部主题 ``/go/NAME``, 创建新主题
``/new/NAME``), the pager, ``#TopicsNode`` with 20 rows a page ordered by last reply (newest first; rows as above
but ``div.cell.from_NAME.t_ID`` and without the node link), the pager again. Pager (``div.cell.ps_container``, only
when there are two pages or more): every page number, ``a.page_normal`` ``href="?p=N"`` (page 1 too: ``?p=1``) and
the current one ``span.page_current``, ``input.page_input``, and the ‹ › buttons as ``<td title="上一页"
onclick="location.href='/go/NAME?p=N';">`` (``onclick`` only, no ``href``; ``disable_now`` without ``onclick`` at
either end).

Topics ``/t/ID`` and ``/t/ID?p=N`` (kind ``thread``; the same aliases as nodes; a fragment is ignored): 30 replies a
page. EVERY page repeats the whole header box: ``div.header`` (author avatar link, breadcrumb ``V2EX › NODE`` with
the node link, ``h1`` the title, votes with ``javascript:`` links, ``small.gray`` '<a href="/member/AUTHOR">AUTHOR</a>
· <span title="…">1 天前</span> [· via iPhone] · 1234 次点击'), ``div.cell > div.topic_content`` (the opening post:
usually Markdown, ``div.markdown_body`` with ``p``, ``h2``, ``ul``/``ol``, ``pre > code``, inline ``code``/``strong``,
``a[rel=nofollow]`` links and ``img``; a quarter are V2EX's plain format: text lines split by ``<br />``, URLs
auto-linked), optional appendixes ``div.subtle`` ('第 1 条附言 · <span title="…">…</span>' in ``span.fade``, then
``div.topic_content``), ``div.topic_buttons`` (加入收藏 ``/favorite/topic/ID?once=ONCE``, Tweet ``#;`` with an
off-site ``onclick``, 忽略主题 ``/ignore/topic/ID?once=ONCE``, 感谢 ``/thank/topic/ID?once=ONCE``). Then the replies
box: ``div.cell`` 'N 条回复 • 2025-03-01 14:00:00 +08:00' (the last reply's time), the pager, one ``div.cell#r_RID``
per reply (a table: avatar link ``/member/NAME``, ``div.fr > span.no`` the floor, ``strong > a.dark`` ``/member/NAME``,
for the topic's author a ``div.badges > div.badge.op`` 'OP' badge, ``span.ago`` with the time in ``title``, sometimes
'via Android', ``span.small.fade`` '♥ 3' thanks, ``div.reply_content``), the pager again; without replies a
'目前尚无回复' box instead. Last a guest box: '请先 登录' ``/signin?next=/t/ID`` and 现在注册 ``/signup``. Reply
content: text with ``<br />`` line breaks, mentions ``@<a href="/member/NAME">NAME</a>``, floor references
``<a href="#replyN">#N</a>`` (written as links here; whether V2EX itself links them is uncertain), links to other
topics ``<a href="/t/ID" rel="nofollow">https://www.v2ex.com/t/ID</a>``, auto-linked external URLs and
``img.embedded_image`` (off-site). Floors are numbered 1, 2, … across the pages (page N holds floors 30(N-1)+1 …).

Members ``/member/NAME`` (kind ``noise``; names are ASCII letters, digits and underscores, one URL per name):
avatar, ``h1`` name, 'V2EX 第 N 号会员，加入于 …', 今日活跃度排名 ``/top/dau``; "NAME 最近创建的主题" (up to ten
topic rows, ``div.cell.item`` with the node link: looks like a board) and ``/member/NAME/topics`` (创建的更多主题:
all their topics, noise); "NAME 最近回复了" (up to ten ``div.dock_area`` headers '回复了 AUTHOR 创建的主题 › NODE ›
TITLE' each followed by ``div.inner > div.reply_content`` quoting the reply: looks like posts) and
``/member/NAME/replies`` (50, noise). Also noise: ``/signin`` (any query, e.g. ``?next=/t/ID``), ``/signup``,
``/forgot``, the footer and sidebar pages (``/about``, ``/faq``, ``/advertise``, ``/tools``, ``/help``, ``/help/api``,
``/top/rich``, ``/top/player``, ``/top/dau``, ``/worldclock``); and, for guests, 302 to ``/signin``: any path under
``/favorite/``, ``/unfavorite/``, ``/ignore/``, ``/unignore/``, ``/thank/``, ``/edit/``, ``/append/``, ``/new``,
``/new/NAME``, ``/notifications``, ``/settings``, and ``/t/ID/anything`` (e.g. ``/t/ID/edit``) of an existing topic.
Unknown topic, node or member ids, a page past the last, and every other path: V2EX's 404 page ('404 Topic Not
Found', '404 Node Not Found', '404 Member Not Found', '404 Page Not Found') with status 404, kind ``other``; so is
``/robots.txt`` (200, text).

At ``size`` 1: 3 node groups, 8 nodes, 160 topics, about 2,500 posts (opening posts plus replies), 62 members;
nodes of 1 to 3 pages, topics of 1 to 5 pages (one of five and one of four pages forced, and in every node one topic
with 0, 1 or 2 replies in turn). At 0.3 about a third of the topics (each node at least 3), one topic of four pages
forced. The clock is :data:`~topiccrawl.demo.forum_v2ex_pages.NOW`; templates are in
:mod:`topiccrawl.demo.forum_v2ex_pages`.

Truth: ``thread_id`` the topic id; ``thread_title`` the ``h1``; ``board`` the node's title; one post for the opening
post (position 1, page 1, although every page shows it; ``post_id`` the topic id; ``author`` the header's author;
``time`` the ``title`` of the header's time span; ``text`` the text of the header's ``div.topic_content`` followed by
the text of each appendix's ``div.topic_content``, without the '第 1 条附言' lines), then one post per reply
(position floor + 1, ``page_number`` its page, ``post_id`` RID of ``r_RID``, ``author`` the ``a.dark`` text,
``time`` the ``span.ago`` ``title``, ``text`` the text of ``div.reply_content``, mentions read '@NAME'). Text is the
text nodes as a reader sees them: inline elements run together, ``<br />`` and block elements (``p``, ``li``,
``pre``, ``h2``, ``div``…) break words apart; whitespace-normalised with :func:`~topiccrawl.textutil.normalize_space`.
Posts are listed node by node (节点导航 order), topic by topic in node listing order, floor by floor.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from urllib.parse import parse_qs, urlsplit

from topiccrawl.demo.forum_truth import PageKind, RoutedTruth, TruthPost
from topiccrawl.demo.forum_v2ex_pages import (
    CDN,
    DEFAULT_TAB,
    HOME_TOPICS,
    NOW,
    RECENT_PER_PAGE,
    REPLIES_PER_PAGE,
    SITE,
    STATIC,
    TABS,
    TOPICS_PER_PAGE,
    esc,
    home_body,
    member_body,
    member_list_body,
    node_body,
    node_url,
    not_found_body,
    page,
    planes_body,
    recent_body,
    reply_docks,
    rightbar,
    signin_body,
    stamp,
    static_body,
    topic_body,
    topic_row,
    topic_url,
)
from topiccrawl.demo.server import Reply as HttpReply
from topiccrawl.demo.server import SiteRequest, html, redirect
from topiccrawl.textutil import normalize_space

# fmt: off
# name, title, group, node id, intro, weight (topics at size 1)
_NODES = [
    ("qna", "问与答", "分享与探索", 12, "一个更好的世界需要你持续地提出好问题。", 48),
    ("share", "分享发现", "分享与探索", 16, "分享你看到的好玩的，有趣的，以及有价值的东西。", 22),
    ("create", "分享创造", "分享与探索", 17, "欢迎你在这里发布自己的最新作品！", 12),
    ("programmer", "程序员", "Geek", 300, "While code monkeys are not eating bananas, they're coding.", 36),
    ("python", "Python", "Geek", 90, "这里讨论各种 Python 语言编程的话题，也包括 Django，Tornado 等框架的讨论。", 14),
    ("linux", "Linux", "Geek", 11, "Linux 是一种自由和开放源码的类 UNIX 操作系统。", 8),
    ("jobs", "酷工作", "生活", 43, "这里只能发布招聘信息。求职请去求职节点。", 10),
    ("career", "职场话题", "生活", 770, "这里，我们聊聊那些工作中遇到的开心和不开心的事。", 10),
]
_NAMES = [
    "Livid", "tsunami0728", "Mr_Wang", "zhangsan1990", "kkdev", "jasonliu", "ohmyzsh", "nevermore", "coderabbit",
    "xiaoming", "yuanfang", "chenjun88", "zzx0609", "LeeReamond", "wxf666", "iamlinux", "bytebeaver", "sunnysky",
    "Hanada", "moyupig", "lovestudy", "gouzi", "Rrrrrr", "techguy42", "mcfly", "qiaozhi", "sparkle_7", "nullptr",
    "YanXiaoMo", "brucelee2008", "ChefWang", "darkflame", "flyingfish", "huahua233", "jimmy_k", "kuanglong",
    "littlebear", "maokebing", "neil1990", "orangeJuice", "pikachu025", "qwerty321", "raysonx", "shinji", "tomcat8",
    "uncle_bob", "vzexplorer", "wdlth", "xy2401", "yesterday", "zed_cn", "aloxaf", "bbbxxx", "cmdline", "dongyu",
    "echo_zhou", "fanfou", "guoli", "hhxxttxs", "iBugOne", "jackzhao", "keyboarder",
]
_TAGLINES = ["", "", "", "Keep it simple.", "写代码的", "Stay hungry, stay foolish.", "独立开发者", "摸鱼中……",
             "https://blog.example.com", "一个普通的后端"]
_VIA = ["iPhone", "Android"]
_SLOTS = {
    "lang": ["Go", "Rust", "Java", "TypeScript", "Python", "Kotlin", "C++", "Swift"],
    "tool": ["VS Code", "Cursor", "Neovim", "IntelliJ IDEA", "Docker Desktop", "Obsidian", "Raycast", "iTerm2"],
    "city": ["北京", "上海", "深圳", "杭州", "成都", "广州", "南京", "武汉"],
    "phone": ["iPhone 16 Pro", "Pixel 9", "小米 15", "一加 13", "iPhone 15"],
    "thing": ["JSON 格式化", "正则测试", "Cron 表达式", "图片压缩", "时区换算", "Markdown 转 PDF"],
    "company": ["某跨境电商", "某量化私募", "某 AI 创业公司", "某出海游戏公司", "某头部券商", "某自动驾驶公司"],
    "salary": ["30-50K", "25-40K·14 薪", "40-70K", "20-35K"],
    "book": ["人月神话", "程序员修炼之道", "设计数据密集型应用", "黑客与画家", "代码大全"],
    "topic": ["MVCC", "Raft", "TCP 三次握手", "Redis 持久化", "一致性哈希", "GC 调优"],
    "distro": ["Debian", "Arch", "Ubuntu", "Fedora", "NixOS", "Alpine"],
}
_TITLES = {
    "qna": ["有没有好用的 {tool} 替代品？", "{city}租房大家都用什么平台？", "家里宽带经常断流，怎么排查？",
            "新买的显示器有坏点，能退吗", "大家的 NAS 都存些什么？", "如何优雅地拒绝同事借钱？",
            "请教一下 {phone} 和 {phone2} 怎么选", "系统升级后 {tool} 打不开了", "有什么适合通勤时听的播客推荐？",
            "公司电脑能被监控到什么程度？", "想学 {lang}，有什么入门书推荐", "信用卡被盗刷了该怎么处理",
            "父母的手机总是被装各种流氓软件怎么办", "路由器放在哪里信号最好？", "{city}有什么值得周末去的地方",
            "大家用的密码管理器是哪个？", "域名续费突然涨价了，有什么便宜的注册商", "机械键盘轴体怎么选"],
    "share": ["发现一个很好用的在线 {thing} 工具", "分享一下我的桌面布置（2025 版）", "这个开源项目太惊艳了",
              "今天在{city}看到的神奇一幕", "推荐几个高质量的技术博客", "有人在用 {tool} 吗？分享一下我的配置",
              "记录一次家里网络改造", "重读《{book}》的一些感想", "整理了一份程序员常用的快捷键清单",
              "一个可以离线使用的 {thing} 网站"],
    "create": ["[自荐] 用 {lang} 写了一个极简的 RSS 阅读器", "做了一个帮助记单词的小程序，求体验",
               "周末写了个 {tool} 插件，开源了", "我的独立开发产品上线一周年，聊聊收入",
               "用 {lang} 重写了自己的博客系统",
               "做了个在线的 Markdown 简历生成器", "开源了一个轻量的 {thing} 工具，欢迎 star",
               "花了三个月做的番茄钟 App 上架了"],
    "programmer": ["大家现在写 {lang} 用什么编辑器", "被 code review 搞得心态崩了",
                   "{lang} 和 {lang2} 哪个更适合后端新项目",
                   "一个诡异的线上 bug，排查了两天", "现在还有必要手写 SQL 吗", "AI 写代码这么火，程序员会被替代吗",
                   "公司要求 100% 单元测试覆盖率，合理吗", "大家的 {tool} 配置分享一下", "微服务拆得太细了，怎么收场",
                   "Git 提交信息大家怎么写", "面试被问到 {topic}，答得一塌糊涂", "35 岁了还在写 CRUD，焦虑",
                   "为什么我的 Docker 镜像有 2G", "接手了一个没有文档的项目"],
    "python": ["Python 3.13 的 free-threading 有人试过吗", "uv 真香，pip 已经卸载了", "asyncio 里怎么优雅地处理超时",
               "Django 和 FastAPI 该选哪个", "pandas 处理千万行数据太慢了怎么办", "求推荐 Python 的类型检查工具",
               "请教一个 Python 装饰器的问题", "用 Python 写爬虫被封 IP 了", "Python 项目的依赖管理大家怎么做"],
    "linux": ["{distro} 滚挂了，怎么救回来", "大家的服务器都用什么发行版", "systemd 服务开机不自启，求助",
              "Linux 桌面 2025 年能日用了吗", "一条命令把 /usr 删了，还有救吗", "ZFS 还是 Btrfs",
              "从 {distro} 换到 {distro2} 的体验"],
    "jobs": ["[{city}] {company}招聘高级后端工程师（{lang}）", "[远程] 小团队招全栈开发，薪资 {salary}",
             "[{city}] 招前端工程师 React 方向 {salary}", "[{city}] {company}基础架构部门招 SRE",
             "[内推] {company} 2025 春招，各岗位都有", "[{city}/远程] 招 {lang} 开发，{salary}"],
    "career": ["裁员了，拿了 N+1，接下来怎么办", "工作 {n} 年，要不要转管理", "领导总是下班后发消息，怎么办",
               "{city}和{city2}的 offer 怎么选", "入职三个月想离职，会影响简历吗", "年终奖只发了一个月，还要不要留",
               "大家每天通勤多久", "被安排去做不喜欢的项目怎么办"],
}
_LINES = {
    "qna": ["之前用了很久，最近突然不好用了。", "网上搜了一圈，说法都不一样。", "预算不是问题，主要想要省心。",
            "身边的朋友都不太懂这个，只好来这里问问。", "试过重启和重置，都没有用。", "有经验的朋友能不能分享一下？",
            "我现在的方案是临时凑合的，总觉得不靠谱。", "其实主要是想听听大家的真实体验。",
            "官方客服说是正常现象，我不太信。",
            "家里老人用，所以越简单越好。", "看了几个测评视频，反而更纠结了。", "这种情况是不是只能认栽了？"],
    "share": ["用了一段时间，体验非常好。", "完全免费，也没有广告。", "作者更新很勤快，issue 回复也快。",
              "界面很干净，功能刚好够用。", "以前都是自己写脚本处理，现在省事多了。", "推荐给有同样需求的朋友。",
              "唯一的缺点是国内访问有点慢。", "顺手整理了一下笔记，放在下面。", "有类似好用的东西也欢迎推荐。",
              "我在公司也推荐给同事了，反响不错。"],
    "create": ["目前还是 MVP 阶段，欢迎大家提意见。", "前端用的 {lang}，后端是一个很小的 API 服务。",
               "没有登录，不收集任何数据。", "开源协议是 MIT，欢迎 PR。", "起因是自己有这个需求，市面上的都太重了。",
               "上线第一周有两百多个用户，挺意外的。", "下个版本打算加上同步功能。",
               "有任何 bug 直接在帖子里回复就行。",
               "送几个永久会员码，回复即可。", "设计稿是自己画的，比较粗糙，见谅。"],
    "programmer": ["我们组现在还在用 {lang}，历史包袱很重。", "测试环境一切正常，一上生产就出问题。",
                   "最后发现是时区的问题，太坑了。", "代码写得好不好，半年后自己看一遍就知道了。",
                   "需求一天一变，架构怎么设计都不够用。", "我现在基本离不开 {tool} 了。", "写注释的时间比写代码还长。",
                   "性能瓶颈其实在数据库，不在代码。", "老板说这个需求很简单，明天上线。", "重构之前一定要先补测试。",
                   "新人最好先把 Git 用熟。", "能跑就别动，这是血的教训。"],
    "python": ["我用的是 Python 3.12，系统是 macOS。", "换成 uv 以后装依赖快了十倍不止。",
               "GIL 的问题在大部分业务场景里其实不明显。", "类型注解加上以后，重构轻松了很多。",
               "pandas 可以试试换成 polars，速度快很多。", "FastAPI 写接口确实舒服，文档自动生成。",
               "Django 的 admin 还是无可替代。", "asyncio 的报错信息有时候真的很难看懂。",
               "建议用 pyproject.toml 管理项目配置。", "爬虫记得加延时，不然很容易被封。"],
    "linux": ["我用 {distro} 当主力系统已经五年了。", "滚动更新之前一定要看一眼公告。", "journalctl 里能看到具体报错。",
              "服务器还是 Debian 稳，装好基本不用管。", "桌面环境我现在用 KDE，比以前好太多了。",
              "快照真的救了我好几次。", "显卡驱动依然是最大的坑。", "用 Live USB 启动，chroot 进去修复就行。"],
    "jobs": ["负责核心业务系统的设计与开发。", "参与技术方案评审，推动落地。", "三年以上相关开发经验。",
             "熟悉常用的数据库和缓存中间件。", "有大规模分布式系统经验者优先。", "团队氛围轻松，不加班文化。",
             "弹性工作制，每年两次调薪机会。", "五险一金全额缴纳，另有补充医疗保险。",
             "base64 简历邮箱：aHJAZXhhbXBsZS5jb20=",
             "远程办公，需要能和团队保持每天的沟通。"],
    "career": ["在现在的公司待了{n}年，感觉学不到新东西了。", "领导人其实不坏，就是太能画饼了。",
               "身边的朋友都劝我先别裸辞。", "现在的行情，能有个稳定的工作就不错了。",
               "涨薪幅度只有百分之三，比通胀还低。",
               "通勤单程一个半小时，每天都很累。", "想转行，但又不知道能做什么。", "我的建议是先把身体照顾好。",
               "HR 说年后再谈，感觉就是拖。", "新的 offer 多了三成，但是要加班。"],
}
_GENERIC = ["说得有道理。", "同样的问题，蹲一个解决方案。", "这个得看具体情况吧。", "感谢分享，学到了。",
            "不太同意楼上的看法。", "确实是这样，我深有体会。", "先收藏了，回头慢慢看。", "V 站果然卧虎藏龙。",
            "楼主可以补充一下细节。", "我之前也踩过这个坑。", "已解决的话记得更新一下帖子。",
            "这种事情还是看个人选择。"]
_SHORT = ["+1", "mark", "同问", "插眼", "马克一下", "蹲一个", "感谢分享", "已 star", "好东西", "哈哈哈哈", "支持一下",
          "学习了", "问 AI 呀", "有意思", "楼主好人", "👍", "关注一下", "同感"]
_APPENDIX = ["更新：问题已经解决了，感谢各位的建议。", "补充一下：我的环境是公司内网，不能随便装软件。",
             "感谢大家的回复，最后选了楼上推荐的方案。", "有朋友私信问，统一回复一下：暂时不考虑换了。",
             "已经收到很多反馈，下一个版本会修复。", "补充：预算可以再加一点。",
             "标题可能有点歧义，我的意思是长期使用。"]
_HEADINGS = ["背景", "问题描述", "需求", "现状", "我的想法"]
_CODE = {
    "python": ("language-python", "import asyncio\n\nasync def main():\n    async with asyncio.timeout(5):\n"
                                  "        await fetch_all()\n\nasyncio.run(main())"),
    "shell": ("language-bash", "$ sudo systemctl status nginx\n● nginx.service - A high performance web server\n"
                               "     Active: failed (Result: exit-code)"),
    "go": ("language-go", "func main() {\n\tctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)\n"
                          "\tdefer cancel()\n\tif err := run(ctx); err != nil {\n\t\tlog.Fatal(err)\n\t}\n}"),
    "js": ("language-javascript", "const res = await fetch('/api/items?page=2');\nif (res.status >= 400) {\n"
                                  "  throw new Error(`bad status: ${res.status}`);\n}"),
}
_URLS = ["https://github.com/astral-sh/uv", "https://github.com/tldr-pages/tldr",
         "https://news.ycombinator.com/item?id=42817461",
         "https://sspai.com/post/93215", "https://github.com/sharkdp/bat", "https://www.ruanyifeng.com/blog/weekly/"]
_INLINE = ["uv pip install", "git rebase -i", "docker compose up -d", "SELECT ... FOR UPDATE", "systemctl enable"]
# fmt: on


@dataclass(eq=False)
class Member:
    name: str
    number: int
    joined: datetime
    tagline: str = ""
    gravatar: bool = False

    def avatar_url(self, size: str = "normal") -> str:
        h = hashlib.md5(self.name.encode()).hexdigest()
        if self.gravatar:
            px = {"mini": 24, "normal": 48, "large": 73}[size]
            return f"{CDN}/gravatar/{h}?s={px}&d=retro"
        return f"{CDN}/avatar/{h[:4]}/{h[4:8]}/{self.number}_{size}.png?m={1_500_000_000 + self.number * 97}"


@dataclass(eq=False)
class Reply:
    rid: int
    topic: Topic
    floor: int  # 1-based
    author: Member
    when: datetime
    html: str = ""
    text: str = ""
    thanks: int = 0
    via: str = ""

    @property
    def page(self) -> int:
        return (self.floor - 1) // REPLIES_PER_PAGE + 1


@dataclass(eq=False)
class Appendix:
    when: datetime
    html: str
    text: str


@dataclass(eq=False)
class Topic:
    tid: int
    node: Node
    title: str
    author: Member
    when: datetime
    html: str = ""
    text: str = ""
    via: str = ""
    clicks: int = 0
    favs: int = 0
    votes: int = 0
    appendices: list[Appendix] = field(default_factory=list)
    replies: list[Reply] = field(default_factory=list)

    @property
    def touched(self) -> datetime:
        return self.replies[-1].when if self.replies else self.when

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.replies) // REPLIES_PER_PAGE))

    @property
    def op_text(self) -> str:
        return normalize_space(" ".join([self.text, *(a.text for a in self.appendices)]))

    def page_replies(self, n: int) -> list[Reply]:
        return self.replies[(n - 1) * REPLIES_PER_PAGE : n * REPLIES_PER_PAGE]


@dataclass(eq=False)
class Node:
    nid: int
    name: str
    title: str
    group: str
    intro: str
    key: str
    topics: list[Topic] = field(default_factory=list)

    def listing(self) -> list[Topic]:
        """By last reply, newest first."""
        return sorted(self.topics, key=lambda t: (t.touched, t.tid), reverse=True)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.topics) // TOPICS_PER_PAGE))

    def page_items(self, n: int) -> list[Topic]:
        return self.listing()[(n - 1) * TOPICS_PER_PAGE : n * TOPICS_PER_PAGE]


class _Content:
    """HTML and the words a reader sees: inline markup runs together, ``brk`` markup (``<br />``, blocks) breaks."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.words: list[str] = []

    def text(self, t: str) -> None:
        self.parts.append(esc(t))
        self.words.append(t)

    def tag(self, markup: str, text: str = "") -> None:
        """Inline markup showing ``text`` (or nothing)."""
        self.parts.append(markup)
        self.words.append(text)

    def brk(self, markup: str) -> None:
        self.parts.append(markup)
        self.words.append(" ")

    def html(self) -> str:
        return "".join(self.parts)

    def plain(self) -> str:
        return normalize_space("".join(self.words))


def _fill(rng: random.Random, text: str) -> str:
    for key, pool in _SLOTS.items():
        while "{" + key + "}" in text:
            text = text.replace("{" + key + "}", rng.choice(pool), 1)
        if "{" + key + "2}" in text:
            text = text.replace("{" + key + "2}", rng.choice([x for x in pool if x not in text]))
    return text.replace("{n}", str(rng.randint(2, 12)))


class _Bag:
    """Sentences drawn without repeats within one post (refilled when used up)."""

    def __init__(self, rng: random.Random, pool: list[str]) -> None:
        self.rng, self.pool = rng, pool
        self.left: list[str] = []

    def take(self, k: int = 1) -> str:
        out: list[str] = []
        for _ in range(k):
            if not self.left:
                self.left = self.rng.sample(self.pool, len(self.pool))
            out.append(_fill(self.rng, self.left.pop()))
        return "".join(out)


def _url_link(c: _Content, url: str, *, markdown: bool) -> None:
    rel = "nofollow" if markdown else "nofollow noopener"
    target = "" if markdown else ' target="_blank"'
    c.tag(f'<a{target} href="{esc(url)}" rel="{rel}">{esc(url)}</a>', url)


def _image(rng: random.Random, c: _Content, *, markdown: bool) -> None:
    code = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789") for _ in range(7))
    if markdown:
        c.tag(f'<img alt="image.png" src="https://i.v2ex.co/{code}.png" />')
    else:
        c.tag(f'<img src="https://i.imgur.com/{code}.png" class="embedded_image" rel="noreferrer" />')


class V2exData:
    """Members, nodes, topics and replies, from a seeded RNG."""

    def __init__(self, seed: int, size: float) -> None:  # noqa: PLR0912, PLR0915
        rng = random.Random(seed)
        self.once = rng.randint(10_000, 99_999)
        numbers = [1, *sorted(rng.sample(range(2_000, 720_000), len(_NAMES) - 1))]
        order = [0, *rng.sample(range(1, len(_NAMES)), len(_NAMES) - 1)]
        span = (datetime(2025, 2, 1) - datetime(2010, 4, 25)).total_seconds()
        self.members: dict[str, Member] = {}
        for i, name in enumerate(_NAMES):
            number = numbers[order[i]]
            joined = datetime(2010, 4, 25) + timedelta(seconds=int(span * number / 720_000) + rng.randint(0, 86_399))
            m = Member(name, number, joined, rng.choice(_TAGLINES), gravatar=i % 7 == 3)
            self.members[name] = m
        people = list(self.members.values())
        self.nodes: dict[str, Node] = {}
        forced_big = {"qna": (121, 150), "programmer": (91, 120)} if size >= 0.6 else {"qna": (91, 120)}
        protos: list[tuple[Node, list[datetime], list[Member]]] = []
        for i, (name, title, group, nid, intro, weight) in enumerate(_NODES):
            nd = Node(nid, name, title, group, intro, name)
            self.nodes[name] = nd
            for k in range(max(3, round(weight * size))):
                if k == 0 and name in forced_big:
                    length = rng.randint(*forced_big[name])
                elif k == 1:
                    length = i % 3
                else:
                    lo, hi = rng.choices([(0, 0), (1, 2), (3, 10), (11, 25), (26, 60), (61, 90)],
                                         [7, 12, 38, 29, 12, 2])[0]  # fmt: skip
                    length = rng.randint(lo, hi)
                mean = rng.choice([4 * 60, 20 * 60, 90 * 60, 6 * 3600])
                gaps = [20 + int(rng.expovariate(1 / mean)) for _ in range(length)]
                end_ago = rng.randint(90, 20 * 3600) if rng.random() < 0.35 else rng.randint(86_400, 300 * 86_400)
                times = [NOW - timedelta(seconds=end_ago + sum(gaps))]
                for gap in gaps:
                    times.append(times[-1] + timedelta(seconds=gap))
                author = rng.choice(people[1:])
                authors = [author] + [author if rng.random() < 0.12 else rng.choice(people) for _ in gaps]
                protos.append((nd, times, authors))
        protos.sort(key=lambda p: p[1][0])
        self.topics: dict[int, Topic] = {}
        titles: set[str] = set()
        tid = 1_098_000 + rng.randint(0, 999)
        stream: list[tuple[datetime, Topic, int, Member]] = []
        for nd, times, authors in protos:
            tid += rng.randint(40, 420)
            pool = _TITLES[nd.key]
            title = ""
            while not title or title in titles:
                title = _fill(rng, rng.choice([p for p in pool if p not in titles] or pool))
                if title in titles and rng.random() < 0.5:
                    title += rng.choice(["？", "（求助）", "，在线等"])
            titles.add(title)
            t = Topic(tid, nd, title, authors[0], times[0])
            t.via = rng.choice(_VIA) if rng.random() < 0.1 else ""
            t.votes = rng.randint(1, 30) if rng.random() < 0.25 else 0
            self.topics[tid] = t
            nd.topics.append(t)
            self._write_topic(rng, t)
            stream += [(w, t, f, authors[f]) for f, w in enumerate(times) if f]
        rid = 15_800_000 + rng.randint(0, 99_999)
        self.replies: dict[int, Reply] = {}
        for when, t, floor, who in sorted(stream, key=lambda x: (x[0], x[1].tid, x[2])):
            rid += rng.randint(3, 150)
            r = Reply(rid, t, floor, who, when)
            r.thanks = rng.randint(1, 25) if rng.random() < 0.22 else 0
            r.via = rng.choice(_VIA) if rng.random() < 0.18 else ""
            self._write_reply(rng, r)
            t.replies.append(r)
            self.replies[rid] = r
        for t in self.topics.values():
            n = len(t.replies)
            t.clicks = n * rng.randint(30, 90) + rng.randint(60, 900)
            t.favs = rng.randint(0, n // 3 + 2)
            if NOW - t.when > timedelta(hours=2) and rng.random() < 0.12:
                last = t.when
                for _ in range(1 + (rng.random() < 0.3)):
                    room = int(min(NOW - timedelta(minutes=5) - last, timedelta(days=3)).total_seconds())
                    if room < 120:
                        break
                    last += timedelta(seconds=rng.randint(60, room))
                    t.appendices.append(self._appendix(rng, last))

    # -- writing ---------------------------------------------------------------------------------
    def _write_topic(self, rng: random.Random, t: Topic) -> None:
        """The opening post: V2EX's plain format (lines and ``<br />``) or Markdown (``div.markdown_body``)."""
        key = t.node.key
        bag = _Bag(rng, _LINES[key])
        c = _Content()
        if key != "jobs" and rng.random() < 0.25:
            for n in range(rng.randint(1, 4)):
                if n:
                    c.brk("<br />")
                c.text(bag.take(rng.randint(1, 2)))
            if rng.random() < 0.15:
                c.brk("<br />")
                _url_link(c, rng.choice(_URLS), markdown=False)
        else:
            c.brk('<div class="markdown_body">')
            if key == "jobs":
                self._job_ad(rng, c, bag, t.title)
            else:
                self._markdown(rng, c, bag, key)
            c.brk("</div>")
        t.html, t.text = c.html(), c.plain()

    @staticmethod
    def _items(rng: random.Random, c: _Content, bag: _Bag, tag: str) -> None:
        c.brk(f"<{tag}>\n")
        for _ in range(rng.randint(2, 4)):
            c.brk("<li>")
            c.text(bag.take())
            c.brk("</li>\n")
        c.brk(f"</{tag}>\n")

    def _job_ad(self, rng: random.Random, c: _Content, bag: _Bag, title: str) -> None:
        c.brk("<p>")
        c.text(f"{title.rsplit('] ', 1)[-1]}，欢迎投递。")
        c.brk("</p>\n")
        for heading in ("岗位职责", "任职要求"):
            c.brk("<h2>")
            c.text(heading)
            c.brk("</h2>\n")
            self._items(rng, c, bag, "ul")
        c.brk("<p>")
        c.text(bag.take())
        c.brk("</p>")

    def _markdown(self, rng: random.Random, c: _Content, bag: _Bag, key: str) -> None:
        if rng.random() < 0.15:
            c.brk("<h2>")
            c.text(rng.choice(_HEADINGS))
            c.brk("</h2>\n")
        for n in range(rng.randint(1, 3)):
            c.brk("<p>")
            c.text(bag.take(rng.randint(1, 3)))
            if rng.random() < 0.15:
                c.text("比如 ")
                word = rng.choice(_INLINE)
                c.tag(f"<code>{esc(word)}</code>", word)
                c.text(" 这样。")
            if rng.random() < 0.1:
                strong = bag.take()
                c.tag(f"<strong>{esc(strong)}</strong>", strong)
            c.brk("</p>\n")
            if n == 0 and rng.random() < 0.25:
                self._items(rng, c, bag, rng.choice(["ul", "ol"]))
        if key in {"programmer", "python", "linux"} and rng.random() < 0.45:
            lang = {"python": "python", "linux": "shell"}.get(key) or rng.choice(["go", "js", "python"])
            css, code = _CODE[lang]
            c.brk(f'<pre><code class="{css}">')
            c.text(code)
            c.brk("</code></pre>\n")
        if rng.random() < 0.2 or (key == "create" and rng.random() < 0.6):
            c.brk("<p>")
            c.text("地址：" if key == "create" else "参考：")
            _url_link(c, rng.choice(_URLS), markdown=True)
            c.brk("</p>\n")
        if rng.random() < 0.12:
            c.brk("<p>")
            _image(rng, c, markdown=True)
            c.brk("</p>\n")

    def _appendix(self, rng: random.Random, when: datetime) -> Appendix:
        c = _Content()
        line = rng.choice(_APPENDIX)
        if rng.random() < 0.6:
            c.brk('<div class="markdown_body"><p>')
            c.text(line)
            c.brk("</p></div>")
        else:
            c.text(line)
        return Appendix(when, c.html(), c.plain())

    def _write_reply(self, rng: random.Random, r: Reply) -> None:
        t = r.topic
        c = _Content()
        if t.replies and rng.random() < 0.3:
            earlier = t.replies[-6:]
            target = rng.choice(earlier)
            who = target.author if rng.random() < 0.8 else t.author
            c.text("@")
            c.tag(f'<a href="/member/{esc(who.name)}">{esc(who.name)}</a>', who.name)
            c.text(" ")
            if rng.random() < 0.25:
                c.tag(f'<a href="#reply{target.floor}">#{target.floor}</a>', f"#{target.floor}")
                c.text(" ")
        kind = rng.choices(["short", "normal", "long"], [25, 60, 15])[0]
        if kind == "short":
            c.text(rng.choice(_SHORT))
        else:
            bag = _Bag(rng, _LINES[t.node.key] + _GENERIC)
            for n in range(rng.randint(2, 4) if kind == "long" else rng.randint(1, 2)):
                if n:
                    c.brk("<br />")
                c.text(bag.take(rng.randint(1, 2)))
        if rng.random() < 0.04:
            c.brk("<br />")
            _url_link(c, rng.choice(_URLS), markdown=False)
        others = [o for o in t.node.topics if o is not t]
        if others and rng.random() < 0.04:
            o = rng.choice(others)
            c.text(" 之前有人问过：")
            c.tag(f'<a href="/t/{o.tid}" rel="nofollow">https://www.v2ex.com/t/{o.tid}</a>',
                  f"https://www.v2ex.com/t/{o.tid}")  # fmt: skip
        if rng.random() < 0.04:
            c.brk("<br />")
            _image(rng, c, markdown=False)
        r.html, r.text = c.html(), c.plain()

    # -- queries ---------------------------------------------------------------------------------
    def groups(self) -> dict[str, list[Node]]:
        out: dict[str, list[Node]] = {}
        for nd in self.nodes.values():
            out.setdefault(nd.group, []).append(nd)
        return out

    def by_touch(self) -> list[Topic]:
        return sorted(self.topics.values(), key=lambda t: (t.touched, t.tid), reverse=True)

    def hot_topics(self) -> list[Topic]:
        return sorted(self.topics.values(), key=lambda t: (-len(t.replies), -t.tid))[:10]

    def tab_topics(self, tab: str) -> list[Topic]:
        if tab == "hot":
            return sorted(self.topics.values(), key=lambda t: (-len(t.replies), -t.tid))[:30]
        names = next(nodes for name, _, nodes in TABS if name == tab)
        return [t for t in self.by_touch() if not names or t.node.name in names][:HOME_TOPICS]

    def ordered_topics(self) -> list[Topic]:
        return [t for nodes in self.groups().values() for nd in nodes for t in nd.listing()]


@dataclass
class Route:
    kind: PageKind
    canonical: str | None
    render: Callable[[str], str | HttpReply | None]  # called with the requester's base URL


def _page(value: str | None) -> int:
    """``?p=``: non-numeric, 0 or negative pages are page 1."""
    try:
        n = int(value) if value is not None else 1
    except ValueError:
        return 1
    return max(n, 1)


_GUARDED = {
    "favorite",
    "unfavorite",
    "ignore",
    "unignore",
    "thank",
    "edit",
    "append",
    "new",
    "notifications",
    "settings",
}


class V2exForum(RoutedTruth):
    """V2EX: ``/go/qna?p=2``, ``/t/1098765?p=3``, ``/member/Livid``, UTF-8."""

    name = "v2ex"

    def __init__(self, size: float = 1.0, *, seed: int = 7) -> None:
        self.charset = "utf-8"
        self.size = size
        self.data = V2exData(seed, size)

    # -- truth ---------------------------------------------------------------------------------
    def start_target(self) -> str:
        return "/"

    def thread_targets(self) -> frozenset[str]:
        return frozenset(topic_url(t.tid, n) for t in self.data.topics.values() for n in range(1, t.pages + 1))

    def index_targets(self) -> frozenset[str]:
        nodes = (node_url(nd.name, n) for nd in self.data.nodes.values() for n in range(1, nd.pages + 1))
        return frozenset(["/", *nodes])

    def posts(self) -> list[TruthPost]:
        out: list[TruthPost] = []
        for t in self.data.ordered_topics():
            out.append(self._post(t, 1, 1, str(t.tid), t.author, t.when, t.op_text))
            out += [self._post(t, r.page, r.floor + 1, str(r.rid), r.author, r.when, r.text) for r in t.replies]
        return out

    @staticmethod
    def _post(  # noqa: PLR0917
        t: Topic, page_number: int, position: int, post_id: str, who: Member, when: datetime, text: str
    ) -> TruthPost:
        return TruthPost(str(t.tid), t.title, t.node.title, page_number, position, post_id, who.name, stamp(when), text)

    # -- routing -------------------------------------------------------------------------------
    def resolve(self, target: str) -> Route | None:  # noqa: PLR0911
        parts = urlsplit(target)
        path = parts.path
        params = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        data = self.data
        if path == "/":
            if "tab" in params:
                tab = params["tab"] if params["tab"] in {name for name, _, _ in TABS} else DEFAULT_TAB
                return Route("noise", None, lambda base: self.home(tab))
            return Route("index", "/", lambda base: self.home(DEFAULT_TAB))
        if path == "/recent":
            return self.recent_route(_page(params.get("p")))
        if m := re.fullmatch(r"/go/([a-z0-9]+)", path):
            return self.node_route(m[1], _page(params.get("p")))
        if m := re.fullmatch(r"/t/(\d+)", path):
            return self.topic_route(int(m[1]), _page(params.get("p")))
        if (m := re.fullmatch(r"/t/(\d+)/[^/]+", path)) and int(m[1]) in data.topics:
            return Route("noise", None, lambda base: redirect(base + "/signin"))
        if m := re.fullmatch(r"/member/([A-Za-z0-9_]+)(/topics|/replies)?", path):
            return self.member_route(m[1], m[2] or "")
        if path in {"/signin", "/signup", "/forgot"}:
            what = {"/signin": "登录", "/signup": "注册", "/forgot": "通过电子邮件重设密码"}[path]
            body = signin_body(params.get("next"), signup=path != "/signin")
            return Route("noise", None, lambda base: page(f"{SITE} › {what}", body, rightbar(data)))
        if path.split("/")[1] in _GUARDED:
            return Route("noise", None, lambda base: redirect(base + "/signin"))
        if path in STATIC:
            title, text = STATIC[path]
            return Route(
                "noise", None, lambda base: page(f"{SITE} › {title}", static_body(title, text), rightbar(data))
            )
        if path == "/planes":
            return Route("noise", None, lambda base: page(f"{SITE} › 节点导航", planes_body(data), rightbar(data)))
        return None

    def home(self, tab: str) -> str:
        data = self.data
        return page(SITE, home_body(data, tab, data.tab_topics(tab)), rightbar(data, home=True),
                    description="创意工作者们的社区。讨论编程、设计、硬件、游戏等令人激动的话题。")  # fmt: skip

    def recent_route(self, n: int) -> Route | None:
        topics = self.data.by_touch()
        pages = max(1, -(-len(topics) // RECENT_PER_PAGE))
        if n > pages:
            return None
        shown = topics[(n - 1) * RECENT_PER_PAGE : n * RECENT_PER_PAGE]
        return Route("noise", None, lambda base: page(f"{SITE} › 最近的主题", recent_body(shown, n, pages),
                                                      rightbar(self.data)))  # fmt: skip

    def node_route(self, name: str, n: int) -> Route | None:
        nd = self.data.nodes.get(name)
        if nd is None or n > nd.pages:
            return None
        body = node_body(nd, n, nd.page_items(n), self.data.once)
        return Route("board", node_url(name, n), lambda base: page(f"{SITE} › {nd.title}", body, rightbar(self.data)))

    def topic_route(self, tid: int, n: int) -> Route | None:
        t = self.data.topics.get(tid)
        if t is None or n > t.pages:
            return None

        def render(base: str) -> str:
            body = topic_body(t, n, t.page_replies(n), self.data.once)
            desc = f"{t.node.title} - @{t.author.name} - {t.op_text[:120]}"
            return page(f"{t.title} - {SITE}", body, rightbar(self.data), description=desc)

        return Route("thread", topic_url(tid, n), render)

    def member_route(self, name: str, sub: str) -> Route | None:
        data = self.data
        m = data.members.get(name)
        if m is None:
            return None
        topics = sorted((t for t in data.topics.values() if t.author is m), key=lambda t: -t.tid)
        replies = sorted((r for r in data.replies.values() if r.author is m), key=lambda r: (r.when, r.rid))[::-1]
        if sub == "/topics":
            inner = "\n".join(topic_row(t) for t in topics)
            body = member_list_body(m, f"{esc(name)} 创建的所有主题", inner)
            return Route("noise", None, lambda base: page(f"{SITE} › {name} › 全部主题", body, rightbar(data)))
        if sub == "/replies":
            body = member_list_body(m, f"{esc(name)} 的全部回复", reply_docks(replies[:50]))
            return Route("noise", None, lambda base: page(f"{SITE} › {name} › 全部回复", body, rightbar(data)))
        body = member_body(m, topics[:10], replies[:10])
        return Route("noise", None, lambda base: page(f"{SITE} › {name}", body, rightbar(data)))

    # -- serving -------------------------------------------------------------------------------
    def handle(self, request: SiteRequest) -> HttpReply:
        if request.path == "/robots.txt":
            body = "User-agent: *\nDisallow: /favorite/\nDisallow: /ignore/\nDisallow: /thank/\nDisallow: /_captcha\n"
            return HttpReply(200, body, {"Content-Type": "text/plain; charset=utf-8"})
        route = self.resolve(request.target)
        out = None if route is None else route.render(request.base_url)
        if out is None:
            path = request.path
            what = next((w for p, w in (("/t/", "Topic"), ("/go/", "Node"), ("/member/", "Member"))
                         if path.startswith(p)), "Page")  # fmt: skip
            return html(page(f"{SITE} › 404 {what} Not Found", not_found_body(what), rightbar(self.data)), status=404)
        return out if isinstance(out, HttpReply) else html(out)
