"""A news site full of near duplicates: the dedup pipelines' fixture.

Distinct articles on one topic (local history and culture news), each published
several ways, as sites do:

- ``/news/N.html``: the article with the site's navigation, sidebar ads and footer;
- ``/print/N.html``: the print version (no boilerplate, same text);
- ``/mirror/N.html``: a syndicated copy with another site's boilerplate;
- ``/news/N-edit.html``: a small edit (a corrected word and an editor's note);
- ``/news/N-update.html``: the same article with a changed timestamp line;

plus an index page linking to everything. Every variant of article N is "the same
article": a crawl should store each article once. ``DupSite.truth`` maps each
path to its article number. Texts are generated deterministically from a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from topiccrawl.demo.server import Reply, SiteRequest, html, not_found

_PEOPLE = ["王建国", "李秀英", "张伟", "刘洋", "陈静", "杨帆", "赵磊", "黄敏", "周婷", "吴强", "徐丽", "孙浩"]
_PLACES = ["武汉", "长沙", "成都", "南京", "杭州", "西安", "广州", "昆明", "太原", "福州", "济南", "合肥"]
_THINGS = [
    "古城墙",
    "老码头",
    "祠堂",
    "石桥",
    "会馆",
    "书院",
    "旧报馆",
    "钟楼",
    "茶馆",
    "戏台",
    "古井",
    "老街区",
    "纪念馆",
    "藏书楼",
    "牌坊",
]
_GROUPS = ["文物部门", "高校研究团队", "社区志愿者", "地方志办公室", "博物馆", "民间收藏家", "考古队", "档案馆"]
_TEMPLATES = [
    "{year}年{month}月，{place}的{thing}修缮工程正式启动，预计投入资金{money}万元。",
    "{person}是{group}的负责人，他介绍说，这座{thing}始建于清代，至今已有{age}多年历史。",
    "据{group}统计，今年到访{place}{thing}的游客已超过{count}万人次，同比增长{pct}%。",
    "在修缮过程中，工作人员发现了一批{age}年前的木刻雕版，上面刻有当地商号的名称。",
    "{person}表示，保护{thing}不仅是保护建筑本身，更是保护一座城市的集体记忆。",
    "{place}市民{person}从小在{thing}附近长大，她说这里的每一块砖都有故事。",
    "专家建议，对{thing}的保护应当遵循“修旧如旧”的原则，尽量保留原有的材料和工艺。",
    "{group}计划在{year}年底前完成{thing}周边{count}处历史建筑的测绘和建档工作。",
    "记者在{place}走访时看到，{thing}前的广场上，老人们正在下棋、听戏、聊天。",
    "当地还将结合{thing}开发研学线路，让中小学生在实地参观中了解{place}的近代史。",
    "{person}回忆，{year}年的一场大雨曾让{thing}的屋顶严重受损，是街坊们自发捐款修好的。",
    "此次整理出的{count}份档案中，包括地契、账本、书信和老照片，时间跨度近{age}年。",
    "{group}与{place}的{count}所学校签订协议，每学期组织学生参与{thing}的讲解志愿服务。",
    "资料显示，{thing}在抗战时期曾作为临时医院，收治过数百名伤员。",
    "为了减少对{thing}的干扰，周边道路将实行限行，大型车辆须绕行{count}公里。",
    "{person}认为，数字化是文物保护的新方向，三维扫描可以永久保存{thing}的细节。",
    "{place}文旅部门透露，{thing}夜间开放试点将于{month}月推出，票价为{money}元。",
    "不少网友在社交平台上分享了{thing}修缮前后的对比照片，引发了热烈讨论。",
    "{group}在{thing}地基下发掘出一口明代水井，井壁的青砖保存完好。",
    "对于商业开发与保护之间的矛盾，{person}坦言，关键在于找到合理的平衡点。",
    "今年{month}月，{place}首次举办{thing}文化节，吸引了{count}多个非遗项目参展。",
    "目前，{thing}的主体结构加固已完成{pct}%，彩绘和门窗的修复仍在进行中。",
    "{person}说，希望更多年轻人走进{thing}，听听老一辈讲述这座城市的过去。",
    "{group}还出版了一本关于{place}{thing}的图册，收录照片{count}余幅。",
]
_NAV = "首页 新闻 本地 文化 历史 旅游 评论 图片 视频 专题 登录 注册"
_ADS = [
    "【广告】暑期特价机票低至三折，立即抢购！",
    "【推广】老字号月饼礼盒限时八折",
    "【广告】本地装修公司免费上门量房",
]
_FOOTER = "关于我们 | 联系方式 | 广告服务 | 网站地图 | 版权所有 © 城市新闻网 京ICP备00000000号"
_MIRROR_NAV = "资讯聚合 热点 财经 科技 娱乐 体育 汽车 房产 更多频道"
_MIRROR_FOOTER = "本文转载自城市新闻网，版权归原作者所有，如有侵权请联系删除。聚合资讯平台 © 2024"


@dataclass(frozen=True, slots=True)
class Article:
    number: int
    title: str
    paragraphs: tuple[str, ...]
    published: str


def _article(number: int, rng: random.Random) -> Article:
    thing = rng.choice(_THINGS)
    place = rng.choice(_PLACES)
    sentences = []
    for template in rng.sample(_TEMPLATES, 12):
        sentences.append(
            template.format(
                year=rng.randint(1990, 2024),
                month=rng.randint(1, 12),
                place=place,
                thing=thing,
                person=rng.choice(_PEOPLE),
                group=rng.choice(_GROUPS),
                money=rng.randint(50, 900),
                age=rng.randint(80, 400),
                count=rng.randint(3, 90),
                pct=rng.randint(5, 60),
            )
        )
    paragraphs = tuple("".join(sentences[i : i + 3]) for i in range(0, len(sentences), 3))
    day = f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    return Article(number, f"{place}{thing}保护工作取得新进展（{number}）", paragraphs, day)


VARIANTS = ("news", "print", "mirror", "edit", "update")


class DupSite:
    """``articles`` distinct articles, each in the five variants above."""

    def __init__(self, articles: int = 8, seed: int = 4) -> None:
        rng = random.Random(seed)
        self.articles = [_article(i, rng) for i in range(articles)]
        self.truth: dict[str, int] = {}
        for a in self.articles:
            for variant in VARIANTS:
                self.truth[self.path(a.number, variant)] = a.number

    @staticmethod
    def path(number: int, variant: str) -> str:
        return {
            "news": f"/news/{number}.html",
            "print": f"/print/{number}.html",
            "mirror": f"/mirror/{number}.html",
            "edit": f"/news/{number}-edit.html",
            "update": f"/news/{number}-update.html",
        }[variant]

    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            return Reply(200, "User-agent: *\nAllow: /\n", {"Content-Type": "text/plain"})
        if request.path in {"/", "/index.html"}:
            return html(self.index())
        number = self.truth.get(request.path)
        if number is None:
            return not_found()
        variant = next(v for v in VARIANTS if self.path(number, v) == request.path)
        return html(self.render(self.articles[number], variant))

    def index(self) -> str:
        items = "".join(
            f'<li><a href="{self.path(a.number, v)}">{a.title} [{v}]</a></li>' for a in self.articles for v in VARIANTS
        )
        return f"<html><head><title>城市新闻网</title></head><body><h1>城市新闻网</h1><ul>{items}</ul></body></html>"

    def render(self, article: Article, variant: str) -> str:
        paragraphs = list(article.paragraphs)
        stamp = f"发布时间：{article.published} 08:30 来源：城市新闻网"
        if variant == "edit":
            paragraphs[0] = paragraphs[0].replace("，", "，据悉，", 1)
            paragraphs.append("（本文有删改，责任编辑：刘晓）")
        if variant == "update":
            stamp = f"发布时间：{article.published} 17:45（更新） 来源：城市新闻网"
        body = "".join(f"<p>{p}</p>" for p in paragraphs)
        head = f'<head><meta charset="utf-8"><title>{article.title}</title></head>'
        main = f'<article><h1>{article.title}</h1><p class="time">{stamp}</p>{body}</article>'
        if variant == "print":
            return f"<html>{head}<body>{main}</body></html>"
        if variant == "mirror":
            nav, footer, aside = _MIRROR_NAV, _MIRROR_FOOTER, "热门推荐：明星八卦 | 股市行情 | 今日油价"
        else:
            nav, footer, aside = _NAV, _FOOTER, " ".join(_ADS)
        related = "".join(
            f'<li><a href="{self.path(a.number, "news")}">{a.title}</a></li>'
            for a in self.articles
            if a.number != article.number
        )[:600]
        return (
            f"<html>{head}<body><div class='nav'>{nav}</div>"
            f"<div class='main'>{main}</div>"
            f"<div class='sidebar'>{aside}<ul>{related}</ul></div>"
            f"<div class='footer'>{footer}</div></body></html>"
        )
