"""Pages that change on a controllable clock, for monitoring (watch templates, the monitor spider).

:class:`ChangingSite` serves, on one host:

- list pages in three realistic layouts that gain items as the clock advances
  (newest first, the latest :attr:`ChangingSite.page_size` shown), each with the
  navigation, sidebar, pagination, footer and advertisement links real pages have:

  ``/news/``        a news portal (static ``/news/YYYY-MM-DD/doc-<id>.shtml`` articles,
                    a "hot" sidebar that links older articles of the same URL shape)
  ``/notice/``      a school notice board in a table (dynamic ``show.asp?id=&cat=``)
  ``/forum.php?mod=forumdisplay&fid=2``  a Discuz!-like thread list (author,
                    last-post and page links of the same script)

  These answer ``ETag``/``Last-Modified`` and reply 304 to a matching
  conditional request, as real servers do for unchanged content.
- ``/page/noisy.html``: an article whose only changes are noise (a generation
  timestamp and a rotating advertisement) on every request; no validators.
- ``/page/article.html``: an article that gains a paragraph per clock tick (plus
  the same noise).

The clock advances with :meth:`ChangingSite.advance` (tests in the same process),
``GET /_admin/advance?n=1`` (anyone), or by itself every ``tick_seconds`` (the
demo); ``GET /_admin/clock`` reads it. The
site knows its ground truth: :meth:`ChangingSite.item_urls` lists the item links
a list page shows at the current clock.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import formatdate, parsedate_to_datetime
from html import escape

from topiccrawl.demo.server import Reply, SiteRequest, html, not_found

LAYOUTS = ("news", "notice", "forum")
LIST_PATHS = {"news": "/news/", "notice": "/notice/", "forum": "/forum.php?mod=forumdisplay&fid=2"}
_EPOCH = 1_700_000_000  # Last-Modified of clock 0
_TICK_SECONDS = 3600

_PLACES = ["北京", "上海", "广州", "深圳", "杭州", "成都", "武汉", "西安", "南京", "济南", "重庆", "天津"]
_SUBJECTS = [
    "地铁新线开通运营",
    "举办春季招聘会",
    "发布暴雨蓝色预警",
    "公布高考报名安排",
    "启动老旧小区改造",
    "新建三所公立医院",
    "推出夜间经济措施",
    "开展食品安全检查",
    "调整公交线路走向",
    "召开科技创新大会",
    "发放消费券第二批",
    "完成河道综合治理",
    "上线政务服务平台",
]
_NOTICES = [
    "关于做好{n}年暑假放假工作的通知",
    "关于开展第{n}期教师教学能力培训的通知",
    "关于公布{n}年度科研项目立项名单的通知",
    "关于组织学生参加第{n}届创新创业大赛的通知",
    "关于图书馆第{n}次系统升级暂停服务的公告",
    "关于做好第{n}批奖学金评审工作的通知",
]
_THREADS = [
    "新人报到，第{n}次发帖请多关照",
    "求助：第{n}个问题怎么解决",
    "分享一组周末拍的照片（{n}）",
    "讨论：这款手机值得买吗 第{n}弹",
    "【经验】装修踩过的坑 第{n}篇",
    "有没有一起去爬山的？第{n}期",
]
_ADS = ["限时特惠：会员五折起", "下载客户端，领取新人礼包", "品牌家电以旧换新补贴"]
_ARTICLE = [
    "本市今日召开新闻发布会，介绍了今年上半年经济运行的总体情况。",
    "发布会上，有关负责人表示，工业生产稳中有升，消费市场持续回暖。",
    "在基础设施建设方面，多条道路和轨道交通项目按计划推进。",
    "与此同时，就业形势保持稳定，城镇新增就业人数同比增长。",
    "下一步，将继续优化营商环境，加大对中小企业的扶持力度。",
    "专家认为，随着一系列政策落地见效，全年目标任务有望顺利完成。",
]
_UPDATES = [
    "最新消息：市交通部门宣布，新开通的三条公交线路将于下周一起正式运营，沿线居民出行将更加便利。",
    "据统计部门最新发布的数据，本季度全市社会消费品零售总额达到历史同期最高水平，餐饮和旅游消费增长明显。",
    "另据了解，相关部门正在研究出台新的住房保障政策，重点解决新市民和青年人的住房困难问题。",
    "此外，全市将新建和改扩建一批中小学校和幼儿园，预计新增学位两万余个，缓解入学压力。",
]


@dataclass(frozen=True, slots=True)
class ListItem:
    index: int  # 0-based creation order
    url: str  # path (and query) on the site
    title: str


class ChangingSite:
    """List and article pages that change when the clock advances; see the module docstring."""

    def __init__(self, initial_items: int = 24, page_size: int = 20, tick_seconds: float | None = None) -> None:
        self.initial_items = initial_items
        self.page_size = page_size
        # With tick_seconds the clock also advances by itself (the offline demo).
        self.tick_seconds = tick_seconds
        self._started = time.monotonic()
        self._clock = 0
        self._requests = 0  # drives the noise (timestamp, rotating ad)
        self._lock = threading.Lock()

    # -- clock -------------------------------------------------------------
    @property
    def clock(self) -> int:
        ticks = int((time.monotonic() - self._started) / self.tick_seconds) if self.tick_seconds else 0
        with self._lock:
            return self._clock + ticks

    def advance(self, n: int = 1) -> int:
        """Advance the clock by ``n`` ticks: every list page gains ``n`` items."""
        with self._lock:
            self._clock += n
        return self.clock

    # -- ground truth --------------------------------------------------------
    def items(self, layout: str) -> list[ListItem]:
        """Items a list page shows now, newest first."""
        total = self.initial_items + self.clock
        shown = range(total - 1, max(-1, total - 1 - self.page_size), -1)
        return [self._item(layout, i) for i in shown]

    def item_urls(self, layout: str, base_url: str = "") -> list[str]:
        return [base_url + item.url for item in self.items(layout)]

    @staticmethod
    def _item(layout: str, i: int) -> ListItem:
        if layout == "news":
            day = 1 + i % 28
            title = f"{_PLACES[i % len(_PLACES)]}{_SUBJECTS[i % len(_SUBJECTS)]}（第{i + 1}期）"
            return ListItem(i, f"/news/2024-05-{day:02d}/doc-ihx{100000 + i * 37}.shtml", title)
        if layout == "notice":
            return ListItem(i, f"/notice/show.asp?id={3000 + i}&cat=5", _NOTICES[i % len(_NOTICES)].format(n=i + 1))
        return ListItem(i, f"/forum.php?mod=viewthread&tid={50000 + i}", _THREADS[i % len(_THREADS)].format(n=i + 1))

    # -- serving -------------------------------------------------------------
    def handle(self, request: SiteRequest) -> Reply:
        with self._lock:
            self._requests += 1
            requests = self._requests
        path = request.path
        if path == "/robots.txt":
            return Reply(200, "User-agent: *\nAllow: /\n", {"Content-Type": "text/plain"})
        if path == "/_admin/advance":
            try:
                n = int(request.param("n", "1") or "1")
            except ValueError:
                return Reply(400, "n must be a whole number\n", {"Content-Type": "text/plain"})
            return Reply(200, f"{self.advance(n)}\n", {"Content-Type": "text/plain"})
        if path == "/_admin/clock":
            return Reply(200, f"{self.clock}\n", {"Content-Type": "text/plain"})
        noise = _noise(requests)
        if path == "/forum.php" and request.param("mod") == "forumdisplay":
            path = "/forum.php?mod=forumdisplay"
        page = self._pages.get(path)
        if page is None:
            return not_found()
        name, render = page
        body = render(noise)
        return body if isinstance(body, Reply) else self._conditional(request, name, body)

    @property
    def _pages(self) -> dict[str, tuple[str, Callable[[_Noise], str | Reply]]]:
        return {
            "/news/": ("news", self._news),
            "/notice/": ("notice", self._notice),
            "/forum.php?mod=forumdisplay": ("forum", self._forum),
            # Noise on every request and no validators, as pages with a clock in them often are.
            "/page/noisy.html": (
                "noisy",
                lambda noise: html(_article_page("市政府召开上半年经济运行新闻发布会", _ARTICLE, noise)),
            ),
            "/page/article.html": ("article", self._article),
        }

    def _article(self, noise: _Noise) -> str:
        updates = [_UPDATES[k % len(_UPDATES)] + f"（更新{k + 1}）" for k in range(self.clock)]
        return _article_page("本市经济运行情况通报（持续更新）", _ARTICLE + updates, noise)

    def _conditional(self, request: SiteRequest, name: str, body: str) -> Reply:
        """Reply with validators; 304 when the client's copy is current."""
        clock = self.clock
        etag = '"' + hashlib.sha1(f"{name}:{clock}".encode()).hexdigest()[:16] + '"'
        modified = _EPOCH + clock * _TICK_SECONDS
        validators = {"ETag": etag, "Last-Modified": formatdate(modified, usegmt=True)}
        if_none_match = request.headers.get("if-none-match")
        if if_none_match is not None:
            if etag in [t.strip() for t in if_none_match.split(",")]:
                return Reply(304, b"", validators)
        elif (since := request.headers.get("if-modified-since")) is not None:
            try:
                if parsedate_to_datetime(since).timestamp() >= modified:
                    return Reply(304, b"", validators)
            except (TypeError, ValueError):
                pass  # unparsable date: send the page
        return html(body, headers=validators)

    def _news(self, noise: _Noise) -> str:
        items = "".join(
            f'<li><a href="{it.url}" target="_blank">{escape(it.title)}</a>'
            f'<span class="time">05-{1 + it.index % 28:02d}</span></li>'
            for it in self.items("news")
        )
        older = [self._item("news", i) for i in range(min(5, self.initial_items))]
        hot = "".join(f'<li><a href="{it.url}">{escape(it.title)}</a></li>' for it in older)
        pages = "".join(f'<a href="/news/list_{p}.shtml">{p}</a>' for p in range(2, 6))
        main = (
            '<div class="main"><h2>滚动新闻</h2><ul class="news-list">'
            + items
            + f'</ul><div class="pages">{pages}<a href="/news/list_2.shtml">下一页</a></div></div>'
            f'<div class="side"><h3>热点排行</h3><ol>{hot}</ol></div>'
        )
        return _portal("新闻中心", main, noise)

    def _notice(self, noise: _Noise) -> str:
        rows = "".join(
            f'<tr><td class="title"><a href="{it.url}" title="{escape(it.title)}">{escape(it.title)}</a></td>'
            f"<td>教务处</td><td>2024-{1 + it.index % 12:02d}-{1 + it.index % 28:02d}</td></tr>"
            for it in self.items("notice")
        )
        pages = "".join(f'<a href="/notice/list.asp?cat=5&amp;page={p}">{p}</a>' for p in range(1, 6))
        main = (
            '<div class="location">当前位置：<a href="/index.asp">首页</a> &gt; <a href="/notice/">通知公告</a></div>'
            f'<table class="list"><tr><th>标题</th><th>发布单位</th><th>日期</th></tr>{rows}</table>'
            f'<div class="page">共5页 {pages}<a href="/notice/list.asp?cat=5&amp;page=2">下一页</a></div>'
        )
        return _portal("通知公告", main, noise, nav_dynamic=True)

    def _forum(self, noise: _Noise) -> str:
        rows = []
        for it in self.items("forum"):
            tid = 50000 + it.index
            uid = 100 + it.index % 9
            pages = ""
            if it.index % 3 == 0:
                pages = "".join(
                    f'<a href="/forum.php?mod=viewthread&amp;tid={tid}&amp;page={p}">{p}</a>' for p in (2, 3)
                )
            rows.append(
                f'<tbody id="normalthread_{tid}"><tr><th class="common">'
                f'<a href="/forum.php?mod=viewthread&amp;tid={tid}" class="s xst">{escape(it.title)}</a>'
                f'<span class="tps">{pages}</span></th>'
                f'<td class="by"><cite><a href="/home.php?mod=space&amp;uid={uid}">用户{uid}</a></cite></td>'
                f'<td class="num"><a href="/forum.php?mod=viewthread&amp;tid={tid}" class="xi2">'
                f"{it.index % 50}</a></td>"
                f'<td class="by"><a href="/forum.php?mod=redirect&amp;tid={tid}&amp;goto=lastpost#lastpost">'
                f"2024-5-{1 + it.index % 28} 12:00</a></td></tr></tbody>"
            )
        boards = "".join(
            f'<a href="/forum.php?mod=forumdisplay&amp;fid={fid}">{name}</a>'
            for fid, name in ((2, "综合讨论"), (3, "摄影"), (4, "数码"), (5, "装修"))
        )
        main = (
            f'<div class="boards">{boards}</div>'
            '<div class="pg"><a href="/forum.php?mod=forumdisplay&amp;fid=2&amp;page=2">2</a>'
            '<a href="/forum.php?mod=forumdisplay&amp;fid=2&amp;page=3">3</a></div>'
            f'<table id="threadlisttableid">{"".join(rows)}</table>'
            '<a href="/member.php?mod=logging&amp;action=login">登录</a>'
        )
        return _portal("综合讨论 - 论坛", main, noise, nav_dynamic=True)


@dataclass(frozen=True, slots=True)
class _Noise:
    timestamp: str
    ad: str
    ad_id: int


def _noise(requests: int) -> _Noise:
    seconds = requests * 7
    stamp = f"2024-05-12 {8 + seconds // 3600 % 12:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    return _Noise(stamp, _ADS[requests % len(_ADS)], requests % len(_ADS))


def _portal(title: str, main: str, noise: _Noise, nav_dynamic: bool = False) -> str:
    sections = [("首页", "/"), ("国内", "/china/"), ("国际", "/world/"), ("体育", "/sports/"), ("科技", "/tech/")]
    if nav_dynamic:
        sections = [("学校概况", "/about.asp?mid=1"), ("机构设置", "/about.asp?mid=2"), ("招生就业", "/zs.asp")]
    nav = "".join(f'<li><a href="{href}">{name}</a></li>' for name, href in sections)
    return (
        f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title></head><body>'
        f'<div class="top"><a href="/login.html">登录</a> <a href="/register.html">注册</a>'
        f' <span class="now">{noise.timestamp}</span></div>'
        f'<div class="nav"><ul>{nav}</ul></div>'
        f'<div class="ad"><a href="/ad/click?id={noise.ad_id}">{noise.ad}</a></div>'
        f'<div class="content">{main}</div>'
        '<div class="footer"><a href="/about.html">关于我们</a> | <a href="/contact.html">联系我们</a> | '
        '<a href="/sitemap.html">网站地图</a> | <a href="http://beian.miit.gov.cn/">京ICP备12345678号</a></div>'
        "</body></html>"
    )


def _article_page(title: str, paragraphs: list[str], noise: _Noise) -> str:
    body = "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
    return (
        f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title></head><body>'
        f'<div class="nav"><a href="/">首页</a> <a href="/news/">新闻</a></div>'
        f'<div class="ad"><a href="/ad/click?id={noise.ad_id}">{noise.ad}</a></div>'
        f'<article><h1>{title}</h1><p class="meta">页面生成时间：{noise.timestamp}</p>{body}</article>'
        '<div class="footer"><a href="/about.html">关于我们</a></div></body></html>'
    )
