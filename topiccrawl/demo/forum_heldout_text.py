"""Chinese words for the held-out forum: board themes, titles, posts, user names, signatures.

Only characters every GBK code page has, so the forum serves identical text in
UTF-8, GBK and GB18030.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

CATEGORIES = [
    ("综合讨论区", "天南地北，什么都可以聊"),
    ("生活休闲区", "吃喝玩乐，生活点滴"),
    ("技术交流区", "软硬件、编程与数码"),
    ("文化兴趣区", "读书、历史与影视"),
]

# (board name, description, nouns the board's talk is about)
THEMES = [
    ("数码硬件", "手机、电脑、相机等数码产品讨论", ["显卡", "固态硬盘", "机械键盘", "路由器", "笔记本", "显示器"]),
    ("汽车天地", "买车、用车、养车经验交流", ["发动机", "变速箱", "轮胎", "保养周期", "油耗", "新能源车"]),
    ("旅游摄影", "游记、攻略与摄影作品", ["云南", "青海湖", "广角镜头", "三脚架", "民宿", "自驾路线"]),
    ("美食厨房", "家常菜谱与各地小吃", ["红烧肉", "手擀面", "火锅底料", "烤箱", "酸菜鱼", "饺子馅"]),
    ("历史文化", "上下五千年，历史与传统文化", ["辛亥革命", "唐朝", "宋词", "敦煌壁画", "丝绸之路", "科举制度"]),
    ("体育运动", "篮球、足球、跑步与健身", ["篮球", "晨跑", "羽毛球拍", "马拉松", "健身计划", "游泳"]),
    ("影视娱乐", "电影、电视剧、纪录片", ["纪录片", "科幻电影", "配乐", "剧本", "票房", "动画片"]),
    ("育儿亲子", "孩子的吃穿住行与教育", ["幼儿园", "辅食", "绘本", "疫苗", "儿童房", "学区"]),
    ("编程开发", "程序员的技术交流", ["数据库", "服务器", "正则表达式", "缓存", "接口设计", "编译器"]),
]

RANKS = ["新手上路", "初级会员", "中级会员", "高级会员", "资深会员", "论坛元老"]
DELETE_REASONS = ["广告", "重复发帖", "人身攻击", "与主题无关", "违反版规"]

_TITLES = [
    "求助：{n}怎么选？",
    "【分享】我的{n}使用心得",
    "{n}大家怎么看？",
    "关于{n}和{m}的一点体会",
    "新手请教{n}的问题",
    "【讨论】{n}到底值不值得？",
    "{n}踩坑记录，长文慎入",
    "晒晒我的{n}",
    "有人了解{n}吗？急！",
    "{n}和{m}，纠结了一个月",
    "聊聊{n}这些年的变化",
]
_STICKY_TITLES = ["【公告】本版版规，发帖前请务必阅读", "【置顶】{n}常见问题汇总（持续更新）", "【置顶】{n}精华帖索引"]

_SENTENCES = [
    "最近入手了{n}，用了{k}个星期，整体感觉{a}。",
    "请问各位，{n}和{m}哪个更值得投入？预算有限。",
    "我觉得楼主说的{n}问题确实存在，我之前也遇到过。",
    "关于{n}，网上的说法很多，但大多数人没有实际经验。",
    "昨天和朋友聊到{n}，大家的看法差别很大。",
    "个人经验是先把{n}搞清楚，再考虑{m}。",
    "{n}这个东西，说难不难，关键是要有耐心。",
    "建议去看看官方的说明，{n}的细节写得比较清楚。",
    "我们这边{n}的价格比去年涨了不少，{m}倒是便宜了。",
    "楼上说得对，{n}确实要注意，尤其是{m}方面。",
    "补充一点：{n}和{m}最好不要同时考虑，容易顾此失彼。",
    "有没有人试过把{n}和{m}结合起来？效果怎么样？",
    "说实话，{n}这方面我走了不少弯路，花了{k}百块才明白。",
    "第一次接触{n}的时候完全摸不着头脑，现在总算入门了。",
    "看了这么多回复，我的结论是{n}{a}，{m}见仁见智。",
    "周末又研究了一下{n}，发现之前的理解有偏差。",
    "家里人一开始不支持我折腾{n}，后来也慢慢接受了。",
]
_ADJECTIVES = ["还不错", "一般般", "非常满意", "有点失望", "超出预期", "中规中矩", "性价比很高"]
_SHORT = [
    "顶一个！",
    "支持楼主",
    "mark一下，回头细看",
    "同问，坐等高手解答",
    "谢谢分享",
    "路过，帮顶",
    "学习了",
    "楼主辛苦了",
    "已收藏",
    "说得太对了",
    "+1",
]
_OPENERS = ["各位坛友好，", "潜水很久了，第一次发帖。", "先说结论：", "背景交代一下：", ""]

_NAME_HEADS = ["江南", "老王", "小猫", "风中", "北方", "大漠", "清风", "星空", "青山", "蓝色", "快乐", "杭州", "阿飞"]
_NAME_TAILS = ["烟雨", "在路上", "钓鱼", "的承诺", "的狼", "明月", "孤烟", "徐来", "漫步", "看客", "大叔", "观察员"]
_LATIN_NAMES = ["dragon", "tony", "sky_walker", "leo", "kevin", "momo", "ice_tea", "jackie"]
_SIGNATURES = [
    "生活不止眼前的苟且，还有诗和远方。",
    "QQ群：{k}{k}{k}{k}{k} 欢迎同好交流",
    "人生苦短，及时行乐",
    "本人所有回复仅代表个人观点",
    "宁静致远，淡泊明志",
    "每天进步一点点",
]

SORT_KEYS: dict[str, Callable[[Any], Any]] = {
    "lastpost": lambda t: (t.last.when, t.tid),
    "title": lambda t: (t.title, t.tid),
    "postusername": lambda t: (t.posts[0].author.name, t.tid),
    "replycount": lambda t: (len(t.posts), t.tid),
    "views": lambda t: (t.views, t.tid),
}


def _fill(rng: random.Random, pattern: str, theme: int) -> str:
    nouns = THEMES[theme][2]
    n, m = rng.sample(nouns, 2)
    return pattern.format(n=n, m=m, a=rng.choice(_ADJECTIVES), k=rng.randint(2, 9))


def title(rng: random.Random, theme: int, sticky: bool) -> str:
    return _fill(rng, rng.choice(_STICKY_TITLES if sticky else _TITLES), theme)


def body(rng: random.Random, theme: int, *, long: bool, position: int = 0) -> list[str]:
    """Paragraphs of one post: one-liners are common in replies, first posts run longer."""
    if not long and rng.random() < 0.3:
        return ["沙发" if position == 2 and rng.random() < 0.5 else rng.choice(_SHORT)]
    paragraphs = rng.randint(2, 5) if long else rng.choices([1, 2, 3], weights=[6, 3, 1])[0]
    out = []
    for i in range(paragraphs):
        sentences = "".join(_fill(rng, rng.choice(_SENTENCES), theme) for _ in range(rng.randint(1, 4)))
        out.append((rng.choice(_OPENERS) if i == 0 and long else "") + sentences)
    return out


def user_name(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.2:
        return f"{rng.choice(_LATIN_NAMES)}{rng.randint(1, 2020)}"
    name = rng.choice(_NAME_HEADS) + rng.choice(_NAME_TAILS)
    return name + (str(rng.randint(1, 99)) if r < 0.45 else "")


def signature(rng: random.Random) -> str:
    return rng.choice(_SIGNATURES).format(k=rng.randint(1, 9))
