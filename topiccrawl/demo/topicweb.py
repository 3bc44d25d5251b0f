"""A topical fixture web: thousands of labelled Chinese pages on several hosts.

Built for measuring focused crawlers on the seed paper's topic (the 1911 Xinhai
Revolution) the way real topical webs behave:

* several hosts (one per loopback address, so each gets its own download slot):
  a portal, a tech site, a lifestyle site, a history site, a news site and a
  culture forum, each with its own mix of categories;
* topical locality: an article's "related" links go to its own category more
  often than chance, and to neighbouring categories (late-Qing history is next
  to the revolution) more often than to others; the seeds are the home pages of
  hosts with no on-topic pages, so a crawler must cross off-topic pages first;
* anchors that describe the target (its title) only sometimes, else generic
  ('更多', '下一页', '详情', a number);
* URL paths that sometimes carry topic words in pinyin or English
  (``/xinhai/wuchang-qiyi-123.html``) and sometimes are opaque ids;
* text generated from the topic's vocabulary and from off-topic vocabularies
  with realistic overlap (Qing history pages mention the revolution, tech pages
  talk of a "技术革命", travel pages of Wuhan's museums), and words of the topic
  that no curated dictionary lists (for the dynamic dictionary to find);
* navigation, a footer and "previous/next" links on every page.

Deterministic for a given ``(size, seed)``. Ground truth: :attr:`TopicWeb.targets`
(absolute URLs of on-topic articles, known after :meth:`bind`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Protocol

from topiccrawl.demo.server import Reply, SiteRequest, html, not_found

TOPIC = "xinhai"

# Category vocabularies. The topic's own list mixes words a curated dictionary has
# with words it lacks (people and places of the Wuchang uprising).
VOCAB: dict[str, list[str]] = {
    "xinhai": [
        "辛亥革命",
        "武昌起义",
        "孙中山",
        "黄兴",
        "同盟会",
        "黎元洪",
        "湖北军政府",
        "保路运动",
        "中华民国",
        "临时大总统",
        "南京临时政府",
        "清帝退位",
        "黄花岗起义",
        "三民主义",
        "革命党人",
        "新军",
        "共进会",
        "文学社",
        "阳夏战役",
        "宋教仁",
        "秋瑾",
        "林觉民",
        "十八星旗",
        "熊秉坤",
        "蔡济民",
        "吴兆麟",
        "蒋翊武",
        "彭楚藩",
        "楚望台",
        "汤化龙",
        "首义精神",
    ],
    "qing": [
        "清朝",
        "康熙",
        "乾隆",
        "雍正",
        "鸦片战争",
        "洋务运动",
        "戊戌变法",
        "慈禧",
        "光绪",
        "紫禁城",
        "八国联军",
        "科举",
        "李鸿章",
        "曾国藩",
        "太平天国",
        "圆明园",
    ],
    "tech": [
        "人工智能",
        "芯片",
        "技术革命",
        "算法",
        "智能手机",
        "互联网",
        "数据中心",
        "云计算",
        "革命性",
        "新能源汽车",
        "半导体",
        "操作系统",
        "开源",
        "大模型",
    ],
    "sports": ["足球", "篮球", "联赛", "冠军", "球员", "教练", "世界杯", "进球", "奥运会", "马拉松"],
    "food": ["美食", "火锅", "小吃", "厨师", "餐厅", "菜谱", "川菜", "面条", "甜品", "食材"],
    "travel": ["旅游", "景点", "门票", "酒店", "古镇", "自驾", "攻略", "博物馆", "武汉", "长江", "黄鹤楼"],
    "finance": ["股票", "基金", "利率", "银行", "投资", "理财", "市场", "经济", "债券", "汇率"],
}
# Words an off-topic page of a category borrows now and then (realistic overlap).
BORROW: dict[str, list[str]] = {
    "qing": ["辛亥革命", "孙中山", "清帝退位", "革命党人", "袁世凯"],
    "tech": ["革命", "技术革命", "共和"],
    "travel": ["辛亥革命", "武昌", "纪念馆", "黄兴"],
    "finance": ["民国", "革命"],
}
URL_WORDS: dict[str, list[str]] = {
    "xinhai": ["xinhai", "wuchang-qiyi", "1911", "tongmenghui", "sun-yat-sen", "huanghuagang", "shouyi", "geming"],
    "qing": ["qing", "qingchao", "kangxi", "qianlong", "yapian", "wuxu", "history"],
    "tech": ["tech", "ai", "chip", "revolution", "mobile", "cloud"],
    "sports": ["sports", "nba", "zuqiu", "football"],
    "food": ["food", "meishi", "recipe"],
    "travel": ["travel", "lvyou", "jingdian", "wuhan"],
    "finance": ["finance", "gupiao", "licai", "money"],
}
CHANNEL_NAMES: dict[str, list[str]] = {
    "xinhai": ["辛亥专题", "近代风云", "百年回望"],
    "qing": ["清史", "明清档案", "历史"],
    "tech": ["科技", "数码"],
    "sports": ["体育", "赛事"],
    "food": ["美食", "吃货"],
    "travel": ["旅游", "出行"],
    "finance": ["财经", "理财"],
}
# Where an article's off-category links go: neighbours first.
NEIGHBOURS: dict[str, list[str]] = {
    "xinhai": ["qing", "qing", "travel"],
    "qing": ["xinhai", "travel", "travel", "finance"],
    "tech": ["finance", "sports"],
    "sports": ["food", "tech"],
    "food": ["travel", "sports"],
    "travel": ["food", "qing", "qing"],
    "finance": ["tech", "travel"],
}
# name, display name, category mix
HOST_PROFILES: list[tuple[str, str, dict[str, float]]] = [
    ("portal", "综合门户", {"tech": 0.2, "sports": 0.2, "finance": 0.2, "food": 0.15, "travel": 0.15, "qing": 0.1}),
    ("tech", "科技前沿", {"tech": 0.7, "finance": 0.3}),
    ("life", "生活频道", {"food": 0.4, "travel": 0.4, "sports": 0.2}),
    ("history", "华夏往事", {"qing": 0.45, "xinhai": 0.45, "travel": 0.1}),
    ("news", "每日新闻", {"xinhai": 0.15, "qing": 0.15, "finance": 0.2, "sports": 0.2, "tech": 0.15, "travel": 0.15}),
    ("culture", "文化论坛", {"travel": 0.3, "qing": 0.3, "xinhai": 0.2, "food": 0.2}),
]
SEED_HOSTS = ("portal", "tech", "life")
GENERIC_ANCHORS = ["更多", "下一页", "详情", "点击查看", "阅读全文", ">>", "查看原文"]
TITLE_SUFFIX = [
    "的历史意义",
    "始末",
    "新探",
    "回顾",
    "研究综述",
    "背后的故事",
    "全解析",
    "十问",
    "亲历记",
    "一览",
    "发展趋势",
]
FILLER = [
    "近日，记者走访了相关单位和专家。",
    "欢迎读者在评论区留言讨论。",
    "本文内容仅供参考，转载请注明出处。",
    "相关话题持续引发网友热议。",
    "图片来源于网络，如有侵权请联系删除。",
]
TEMPLATES = [
    "{a}与{b}的关系一直受到关注。",
    "关于{a}，{b}方面的资料显示了许多细节。",
    "学者认为{a}对{b}产生了深远影响。",
    "本文介绍{a}和{b}的基本情况。",
    "很多读者关心{a}，也关心{b}。",
    "从{a}到{b}，这段经历值得回味。",
    "{a}的相关内容可以参考{b}的记载。",
]
PER_CHANNEL_PAGE = 15


@dataclass
class Article:
    host: str
    path: str
    category: str
    title: str
    paragraphs: list[str]
    links: list[tuple[int, str]] = field(default_factory=list)  # (article index, anchor)
    channel: tuple[str, str] = ("", "")  # (host, category)
    prev: int | None = None
    next: int | None = None


def _channel_path(slug: str, page: int) -> str:
    return f"/channel/{slug}/" if page == 1 else f"/channel/{slug}/?page={page}"


def host_names(hosts: int = len(HOST_PROFILES)) -> list[str]:
    return [HOST_PROFILES[i % len(HOST_PROFILES)][0] + ("" if i < len(HOST_PROFILES) else str(i)) for i in range(hosts)]


def host_addresses(hosts: int = len(HOST_PROFILES)) -> dict[str, str]:
    """Loopback address per host: 127.0.0.2, 127.0.0.3, ... (one Scrapy download slot each)."""
    return {h: f"127.0.0.{2 + i}" for i, h in enumerate(host_names(hosts))}


def seed_urls(base_urls: Mapping[str, str]) -> list[str]:
    """The seeds of a crawl of this web: home pages of the hosts without on-topic pages."""
    return [url + "/" for name, url in base_urls.items() if name.rstrip("0123456789") in SEED_HOSTS]


class TopicWeb:
    """The whole web: articles, channels and home pages of every host, with ground truth."""

    def __init__(self, size: int = 3000, seed: int = 2011, hosts: int = len(HOST_PROFILES)) -> None:
        self.size = size
        self.rng = random.Random(seed)
        self.host_names = host_names(hosts)
        self.profiles = {name: HOST_PROFILES[i % len(HOST_PROFILES)] for i, name in enumerate(self.host_names)}
        self.articles: list[Article] = []
        self.channels: dict[tuple[str, str], list[int]] = {}
        self.channel_slugs: dict[tuple[str, str], str] = {}
        self.channel_names: dict[tuple[str, str], str] = {}
        self._paths: dict[tuple[str, str], int] = {}
        self.base_urls: dict[str, str] = {}
        self._build()

    # -- generation ------------------------------------------------------------
    def _build(self) -> None:
        rng = self.rng
        for i in range(self.size):
            host = self.host_names[i % len(self.host_names)]
            mix = self.profiles[host][2]
            category = rng.choices(list(mix), weights=list(mix.values()))[0]
            self.articles.append(self._article(i, host, category))
            self.channels.setdefault((host, category), []).append(i)
        by_category: dict[str, list[int]] = {}
        for i, art in enumerate(self.articles):
            by_category.setdefault(art.category, []).append(i)
            self._paths[(art.host, art.path)] = i
        for (host, category), members in self.channels.items():
            descriptive = rng.random() < 0.5
            slug = rng.choice(URL_WORDS[category]) if descriptive else f"col{rng.randrange(10, 99)}"
            while slug in {s for (h, _), s in self.channel_slugs.items() if h == host}:
                slug += "x"
            self.channel_slugs[(host, category)] = slug
            self.channel_names[(host, category)] = rng.choice(CHANNEL_NAMES[category])
            for pos, idx in enumerate(members):
                art = self.articles[idx]
                art.channel = (host, category)
                art.prev = members[pos - 1] if pos > 0 else None
                art.next = members[pos + 1] if pos + 1 < len(members) else None
        for art in self.articles:
            for _ in range(rng.randint(5, 9)):
                if rng.random() < 0.7:
                    pool = by_category[art.category]
                else:
                    pool = by_category.get(rng.choice(NEIGHBOURS[art.category])) or by_category[art.category]
                    if rng.random() < 0.3:
                        pool = by_category[rng.choice(list(by_category))]
                if rng.random() < 0.6:  # same host more often
                    same = [j for j in rng.sample(pool, min(len(pool), 12)) if self.articles[j].host == art.host]
                    target = same[0] if same else rng.choice(pool)
                else:
                    target = rng.choice(pool)
                art.links.append((target, self._anchor(self.articles[target])))

    def _article(self, i: int, host: str, category: str) -> Article:
        rng = self.rng
        words = VOCAB[category]
        lead = rng.choice(words)
        title = lead + rng.choice(TITLE_SUFFIX)
        paragraphs = []
        for _ in range(rng.randint(3, 5)):
            sentences = []
            for _ in range(rng.randint(2, 4)):
                if rng.random() < 0.25:
                    sentences.append(rng.choice(FILLER))
                    continue
                a, b = rng.choice(words), rng.choice(words)
                if category in BORROW and rng.random() < 0.15:
                    b = rng.choice(BORROW[category])
                sentences.append(rng.choice(TEMPLATES).format(a=a, b=b))
            paragraphs.append("".join(sentences))
        paragraphs[0] = f"{lead}是本文的主题。" + paragraphs[0]
        if rng.random() < 0.35:
            path = f"/{rng.choice(URL_WORDS[category])}/{rng.choice(URL_WORDS[category])}-{i}.html"
        elif rng.random() < 0.5:
            path = f"/a/{rng.getrandbits(40):010x}.html"
        else:
            path = f"/article.php?id={100000 + i}"
        return Article(host, path, category, title, paragraphs)

    def _anchor(self, target: Article) -> str:
        if self.rng.random() < 0.45:
            return target.title
        return self.rng.choice([*GENERIC_ANCHORS, str(self.rng.randint(1, 20))])

    # -- ground truth ----------------------------------------------------------
    def bind(self, base_urls: Mapping[str, str]) -> None:
        self.base_urls = dict(base_urls)

    def url(self, host: str, path: str) -> str:
        return self.base_urls[host] + path

    @property
    def targets(self) -> set[str]:
        """Absolute URLs of the on-topic pages (known once the servers are bound)."""
        return {self.url(a.host, a.path) for a in self.articles if a.category == TOPIC}

    def seed_urls(self) -> list[str]:
        """The crawl's seeds: home pages of hosts without on-topic pages."""
        return seed_urls(self.base_urls)

    def sites(self) -> dict[str, HostSite]:
        return {h: HostSite(self, h) for h in self.host_names}

    def hosts(self) -> dict[str, str]:
        """Loopback address per host: 127.0.0.2, 127.0.0.3, ..."""
        return host_addresses(len(self.host_names))

    # -- rendering -------------------------------------------------------------
    def _page(self, host: str, title: str, main: str) -> str:
        nav = "".join(
            f'<a href="{_channel_path(self.channel_slugs[(host, c)], 1)}">{escape(self.channel_names[(host, c)])}</a> '
            for c in sorted({c for h, c in self.channels if h == host})
        )
        friends = "".join(
            f'<a href="{self.url(h, "/")}">{escape(self.profiles[h][1])}</a> ' for h in self.host_names if h != host
        )
        site = escape(self.profiles[host][1])
        return (
            f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{escape(title)} - {site}</title></head><body>"
            f'<div class="header"><a href="/">首页</a> {nav}<a href="/login">登录</a></div>'
            f'<div class="main">{main}</div>'
            f'<div class="footer"><a href="/about">关于我们</a> <a href="/contact">联系我们</a> '
            f"友情链接：{friends}<p>版权所有 © {site}</p></div></body></html>"
        )

    def render_article(self, idx: int) -> str:
        art = self.articles[idx]
        paras = "".join(f"<p>{escape(p)}</p>" for p in art.paragraphs)
        related = "".join(
            f'<li><a href="{self.url(self.articles[j].host, self.articles[j].path)}">{escape(anchor)}</a></li>'
            for j, anchor in art.links
        )
        pager = ""
        if art.prev is not None:
            pager += f'<a href="{self.articles[art.prev].path}">上一篇</a> '
        if art.next is not None:
            pager += f'<a href="{self.articles[art.next].path}">下一篇</a>'
        main = (
            f'<article><h1>{escape(art.title)}</h1><div class="meta">发布时间：2021-10-{1 + idx % 28:02d}</div>'
            f'<div class="content">{paras}</div></article>'
            f'<div class="related"><h3>相关阅读</h3><ul>{related}</ul></div><div class="pager">{pager}</div>'
        )
        return self._page(art.host, art.title, main)

    def render_channel(self, host: str, category: str, page: int) -> str | None:
        members = self.channels[(host, category)]
        chunk = members[(page - 1) * PER_CHANNEL_PAGE : page * PER_CHANNEL_PAGE]
        if not chunk:
            return None
        slug = self.channel_slugs[(host, category)]
        items = "".join(
            f'<li><a href="{self.articles[j].path}">{escape(self.articles[j].title)}</a></li>' for j in chunk
        )
        more = ""
        if page * PER_CHANNEL_PAGE < len(members):
            more = f'<a href="{_channel_path(slug, page + 1)}">下一页</a>'
        name = self.channel_names[(host, category)]
        return self._page(host, f"{name} 第{page}页", f"<h2>{escape(name)}</h2><ul>{items}</ul>{more}")

    def render_home(self, host: str) -> str:
        picks = [j for j in range(len(self.articles)) if self.articles[j].host == host][:20]
        items = "".join(
            f'<li><a href="{self.articles[j].path}">{escape(self.articles[j].title)}</a></li>' for j in picks
        )
        return self._page(host, "首页", f"<h2>热点</h2><ul>{items}</ul>")

    def handle(self, host: str, request: SiteRequest) -> Reply:
        path = request.path
        if path == "/robots.txt":
            return Reply(200, "User-agent: *\nDisallow: /login\n", {"Content-Type": "text/plain"})
        if path == "/":
            return html(self.render_home(host))
        if path in {"/about", "/contact"}:
            return html(self._page(host, "关于我们", "<p>本站由志愿者维护。</p>"))
        if path.startswith("/channel/"):
            body = self._channel_page(host, path.split("/")[2], request.param("page", "1") or "1")
        else:
            idx = self._paths.get((host, request.target))
            body = None if idx is None else self.render_article(idx)
        return html(body) if body else not_found()

    def _channel_page(self, host: str, slug: str, page: str) -> str | None:
        for (h, c), s in self.channel_slugs.items():
            if h == host and s == slug:
                return self.render_channel(h, c, int(page)) if page.isdigit() and int(page) > 0 else None
        return None


class HostedWeb(Protocol):
    """A web of several hosts served by one object (:class:`TopicWeb` and the held-out webs)."""

    def bind(self, base_urls: Mapping[str, str]) -> None: ...

    def handle(self, host: str, request: SiteRequest) -> Reply: ...


class HostSite:
    """One host of a :class:`HostedWeb`, as a fixture :class:`~topiccrawl.demo.server.Site`."""

    def __init__(self, web: HostedWeb, host: str) -> None:
        self.web = web
        self.host = host

    def bind(self, base_urls: Mapping[str, str]) -> None:
        self.web.bind(base_urls)

    def handle(self, request: SiteRequest) -> Reply:
        return self.web.handle(self.host, request)
