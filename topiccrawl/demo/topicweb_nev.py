"""A held-out topical fixture web: the Chinese web on new-energy vehicles (新能源汽车).

Nine hosts, one per loopback address (127.0.0.21 ... 127.0.0.29), made to look like the
sites an analyst would crawl for the topic, all rendered on demand:

==========  ============  =====================================================================
host        address       looks like / URL shapes
==========  ============  =====================================================================
news        127.0.0.21    general portal (seed): ``/a/20241103/ab12cd.html``, ``/guonei/index_2.shtml``,
                          print ``/print/KEY.html``, mobile ``/m/a/...``, comments ``/comment/KEY?p=2``,
                          tags ``/tag/新能源/``, topics ``/zt/xinnengyuan/``, day archive ``/roll/2024-11-03.html``
                          (2015-2030: thousands of mostly empty days), ``/search?q=``, redirects ``/go?url=``
auto        127.0.0.22    auto portal: ``/pingce/202411/1298765.html`` (+ ``-2.html`` pages), ``/ev/3/``,
                          ``/all/57/``, model pages ``/series/105.html``, comments ``/comment/ID-2.html``
tech        127.0.0.23    3C site (seed): ``/0/781/234.htm``, ``/phone/list_2.html``, ``/list/9.html``, tags
finance     127.0.0.24    stock news: ``/a/20241103xxxxxxxxxx.html``, ``/gongsi/?page=2``, ``/quote/300750.html``
energy      127.0.0.25    energy industry (solar, wind, storage, oil, charging): ``/news/20241103/1410234.shtml``
gov         127.0.0.26    provincial department: ``/zwgk/tzgg/202411/t20241103_8812.html``,
                          ``/zcjd/content.jsp?id=8812``, ``index_1.htm`` pagination, PDF attachments
bbs         127.0.0.27    Discuz! car-owners' forum in **GBK**: ``thread-TID-2-1.html``, ``forum-37-5.html``,
                          ``forum.php?mod=viewthread&tid=`` duplicates, printable, ``archiver/?tid-1.html``
wiki        127.0.0.28    encyclopedia: ``/item/%E8%94%9A%E6%9D%A5/1234567`` (``/item/NAME`` redirects),
                          categories ``/fenlei/交通?page=2``, homonyms (海豹 the animal, 汉朝 the dynasty)
media       127.0.0.29    self-media platform: ``/s?id=1780...`` (+ ``&wfr=spider&for=pc`` duplicates),
                          authors ``/u?app_id=...&p=2``, feeds ``/feed?tab=qiche&p=3``
==========  ============  =====================================================================

Every page has a mega-menu (with "新能源" items on most hosts), breadcrumbs, the host's
identical hot-article and ranking sidebars, a tag cloud or hub links, an image-only ad and a
footer of channel and service links; home pages link the other hosts (友情链接). Anchors are
titles, truncated titles, generic words ("阅读全文", "详情>>", "更多") or page numbers; list
items often link an image with no text.

**Labelling rule.** Each article's subject is drawn before its text is written, and the
ground truth is that subject (:data:`~topiccrawl.demo.topicweb_nev_vocab.ON_TOPIC`), never a
count of words. On topic: new-energy vehicles as Chinese policy defines them (battery-electric,
plug-in hybrid incl. range extenders, fuel-cell), their models, ownership, charging and battery
swapping, power batteries for vehicles, the NEV market (sales, deliveries, exports) and NEV
policy; company news whose subject is a company's NEV business (比亚迪 monthly sales, 宁德时代
power-battery earnings). Off topic however close: share-price moves of NEV stocks and the
"新能源汽车板块", lithium and 碳酸锂 prices and mines, stationary storage, solar/wind "新能源",
hydrogen production, non-plug-in hybrids (凯美瑞双擎: not NEVs, no green plate), petrol-car
reviews, e-bikes (电动车 in its everyday sense), phone batteries and fast charging, smart-driving
chips. Per document one target: its canonical page. Print, mobile and tracking-parameter
copies, later pages, comment pages and forum reply pages of on-topic documents are in
:attr:`NevWeb.also_on_topic` (a benchmark may count them as neither hit nor miss).

Seeds: the home pages of ``news`` and ``tech`` (about 2% of their articles on topic).
Deterministic for ``(size, seed)``; ``NevWeb(size=8000)`` has about 10% on-topic articles.
"""

from __future__ import annotations

import random
import re
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from html import escape
from urllib.parse import quote, unquote

from topiccrawl.demo import topicweb_nev_vocab as V
from topiccrawl.demo.server import Reply, SiteRequest, html, not_found, redirect
from topiccrawl.demo.topicweb import HostSite

HOSTS = tuple(V.HOST_SHARE)
SEED_HOSTS = ("news", "tech")
CHARSET = {"bbs": "gbk"}
EPOCH, DAYS = date(2023, 1, 1), 731  # articles are dated 2023-2024
CAL_FIRST, CAL_LAST = date(2015, 1, 1), date(2030, 12, 31)  # the news portal's day archive
GIF = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"  # noqa: E501
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
TITLES = {s: V.lines(t[0]) for s, t in V.T.items()}
SENTS = {s: V.lines(t[1]) for s, t in V.T.items()}
GROUP_SENTS = {g: V.lines(t) for g, t in V.GROUP_SENTS.items()}
WIKI_T = {k: V.lines(t) for k, t in V.WIKI_T.items()}
fill, _pick = V.fill, V.pick


def _a(href: str, text: str, attrs: str = "") -> str:
    """An anchor; ``text`` is HTML already."""
    return f'<a href="{escape(href)}"{attrs}>{text}</a>'


def _bare(body: str, charset: str = "utf-8", head: str = "") -> str:
    """A page without furniture: print versions, mobile pages, the forum's archiver."""
    meta = f'<meta http-equiv="Content-Type" content="text/html; charset={charset}" />'
    return f"<html><head>{meta}{head}</head><body>{body}</body></html>"


def host_addresses() -> dict[str, str]:
    """Loopback address per host: 127.0.0.21, 127.0.0.22, ... (one Scrapy download slot each)."""
    return {h: f"127.0.0.{21 + i}" for i, h in enumerate(HOSTS)}


@dataclass(slots=True)
class Article:
    """A document: a news or review article, a forum thread, an encyclopedia entry."""

    idx: int
    host: str
    channel: str
    subject: str  # decided first; the text follows from it
    title: str
    day: int
    fixed: dict[str, str]  # the model, company, city... the text is about
    tags: list[str]
    pages: int = 1  # pages of a long review, or of a forum thread
    comments: int = 0
    author: int = 0
    key: str = ""
    path: str = ""

    @property
    def on_topic(self) -> bool:
        return self.subject in V.ON_TOPIC

    @property
    def date(self) -> date:
        return EPOCH + timedelta(self.day)

    @property
    def model(self) -> str:
        return self.fixed.get("ev") or self.fixed.get("ice") or self.fixed.get("hev") or ""


class NevWeb:
    """The whole web: articles, lists and furniture of every host, with ground truth."""

    def __init__(self, size: int = 8000, seed: int = 2024) -> None:
        self.size, self.seed = size, seed
        self.rng = random.Random(seed)
        self.articles: list[Article] = []
        self.routes: dict[tuple[str, str], tuple] = {}  # (host, unquoted target) -> what it shows
        self.by: dict[tuple[str, str, str], list[int]] = {}  # indexes, newest first
        self.lists: dict[tuple[str, str, str], list[int]] = {}  # the list pages: (host, kind, key)
        self.list_names: dict[tuple[str, str, str], str] = {}
        self.base_urls: dict[str, str] = {}
        self._furniture: dict[str, tuple[str, str, str]] = {}
        self._build()

    # -- generation ----------------------------------------------------------------------------
    def _build(self) -> None:
        rng = self.rng
        self.authors: list[tuple[str, str, dict[str, float], int]] = []  # name, beat, subjects, app_id
        taken: set[str] = set()
        for k in range(max(12, round(self.size * V.HOST_SHARE["media"]) // 12)):
            tab = _pick(rng, {c[0]: c[2] for c in V.CHANNELS["media"]})
            name = ""
            while not name or name in taken:
                name += rng.choice(V.NAMES + V.GIVEN) + rng.choice(V.GIVEN)
            taken.add(name)
            name += rng.choice(V.AUTHOR_SUFFIX[tab])
            self.authors.append((name, tab, rng.choice(V.AUTHOR_BEATS[tab]), 1560000000000 + k * 7919))
        self._author_weights = [1 / (k + 1) ** 0.6 for k in range(len(self.authors))]  # a few prolific ones
        self.users = max(40, round(self.size * V.HOST_SHARE["bbs"]) // 4)
        self._wiki_pool = {s: self._wiki_names(rng, s) for s in ("wiki_ev", "wiki_misc")}
        for host in HOSTS:
            made = [self._new(host, rng) for _ in range(max(10, round(self.size * V.HOST_SHARE[host])))]
            made.sort(key=lambda a: a.day)  # ids grow with time
            counter = {"tech": 780000, "gov": 8000}.get(host, 1_280_000)
            for a in made:
                counter += rng.randint(1, 40)
                a.idx = len(self.articles)
                self._shape(a, counter)
                self.articles.append(a)
                for variant, page, path in self._variants(a):
                    self.routes[(host, unquote(path))] = ("art", a.idx, variant, page)
        self._index()
        self._make_lists()

    def _new(self, host: str, rng: random.Random) -> Article:
        chans = {c[0]: c for c in V.CHANNELS[host]}
        channel, author = _pick(rng, {k: c[2] for k, c in chans.items()}), 0
        mix = chans[channel][3]
        if host == "media":
            author = rng.choices(range(len(self.authors)), self._author_weights)[0]
            channel, mix = self.authors[author][1], self.authors[author][2]
        subject, fixed = _pick(rng, mix), {}
        if host == "wiki":
            pool = self._wiki_pool[subject]
            name, fixed["kind"] = pool.pop() if pool else (fill(rng, "{person}", {}), "person")
            title = fixed["name"] = name
        else:
            title = rng.choice(V.TITLE_PREFIX.get(host, [""])) + fill(rng, rng.choice(TITLES[subject]), fixed)
        tags = [fill(rng, t, fixed) for t in V.TAGS.get(subject, "").split() if "{" not in t or t[1:-1] in fixed]
        a = Article(0, host, channel, subject, title, rng.randrange(DAYS), fixed, rng.sample(tags, min(len(tags), 3)))
        if host in ("news", "auto", "tech"):
            a.comments = min(600, int(8 * rng.paretovariate(1.2)) - 8)
        if host == "auto" and channel == "pingce" and rng.random() < 0.6:
            a.pages = rng.randint(2, 4)
        if host == "bbs":  # replies: most threads a few, some hundreds
            a.pages, author = 1 + min(400, int(10 * rng.paretovariate(1.1)) - 10) // 20, rng.randrange(self.users)
        a.author = author
        return a

    def _wiki_names(self, rng: random.Random, subject: str) -> list[tuple[str, str]]:
        pools = V.WIKI_ON if subject == "wiki_ev" else V.WIKI_OFF
        names = [(n, kind) for kind, ns in pools.items() for n in ns]
        if subject == "wiki_ev":  # model years are entries of their own
            names += [(f"{n}（{y}款）", "model") for y in (2021, 2022, 2023) for n in V.WIKI_ON["model"]]
        rng.shuffle(names)
        return names

    def _shape(self, a: Article, counter: int) -> None:
        """The article's id and path, by the host's URL shape (ids look random, grow with time)."""
        h = (counter * 2654435761) % 10**10
        keys = {"news": f"{h % 16**6:06x}", "finance": f"{a.date:%Y%m%d}{h:010d}", "wiki": str(h % 10**8),
                "media": str(1_780_000_000_000_000_000 + counter * 104729)}  # fmt: skip
        a.key = keys.get(a.host, str(counter))
        shape = "/zcjd/content.jsp?id={key}" if a.channel == "zcjd" else V.PATHS[a.host]
        a.path = shape.format(ch=a.channel, ym=f"{a.date:%Y%m}", ymd=f"{a.date:%Y%m%d}", key=a.key,
                              k1=counter // 1000, k2=f"{counter % 1000:03d}", qname=quote(a.title))  # fmt: skip

    def _variants(self, a: Article) -> Iterator[tuple[str, int, str]]:
        """Every URL that shows (part of) the article: (variant, page, path), its own path first."""
        yield "", 1, a.path
        cpages = range(1, -(-a.comments // 20) + 1)
        if a.host == "news":
            yield "print", 1, f"/print/{a.key}.html"
            yield "mobile", 1, "/m" + a.path
            yield from (("comments", p, f"/comment/{a.key}" + (f"?p={p}" if p > 1 else "")) for p in cpages)
        elif a.host in ("auto", "tech"):
            yield from (("page", p, a.path.replace(".html", f"-{p}.html")) for p in range(2, a.pages + 1))
            shape = "/comment/{k}-{p}.html" if a.host == "auto" else "/comment/{k}.htm?p={p}"
            yield from (("comments", p, shape.format(k=a.key, p=p)) for p in cpages)
        elif a.host == "bbs":
            yield from (("page", p, f"/thread-{a.key}-{p}-1.html") for p in range(2, a.pages + 1))
            yield "dynamic", 1, f"/forum.php?mod=viewthread&tid={a.key}&extra=page%3D1"
            yield "print", 1, f"/forum.php?mod=viewthread&action=printable&tid={a.key}"
            yield "archiver", 1, f"/archiver/?tid-{a.key}.html"
        elif a.host == "media":
            yield "dup", 1, a.path + "&wfr=spider&for=pc"

    def _keys(self, a: Article) -> list[tuple[str, str, str]]:
        """The indexes and lists an article is in."""
        h = a.host
        keys = [(h, "ch", a.channel), (h, "all", ""), (h, "s", a.subject), ("*", "s", a.subject),
                (h, "g", V.GROUP[a.subject])] + [(h, "tag", t) for t in a.tags]  # fmt: skip
        if h == "auto" and a.model:
            keys.append((h, "series", str(100 + V.SERIES.index(a.model))))
        if h == "finance":
            keys += [(h, "quote", c) for n, c in V.CODES.items() if n in a.title]
        if h in ("news", "auto", "media"):
            keys += [("news", "zt", z) for z, (_, t) in V.ZT.items() if t in a.tags]
        if h == "media":
            keys.append((h, "author", str(self.authors[a.author][3])))
        if h == "bbs":
            keys.append((h, "space", str(a.author)))
        if h == "news":
            keys.append((h, "day", str(a.date)))
        if h == "gov" and (a.on_topic or a.subject == "gov_other"):
            keys.append((h, "zt", "xnyqc" if a.on_topic else "yshj"))
        return keys

    def _index(self) -> None:
        for a in sorted(self.articles, key=lambda a: (-a.day, a.idx)):
            for k in self._keys(a):
                self.by.setdefault(k, []).append(a.idx)
        for host in HOSTS:  # the same hot and ranking lists on every page of a host
            mine = self.by[(host, "all", "")]
            self.by[(host, "hot", "")] = random.Random(f"{self.seed}/hot/{host}").sample(mine, min(20, len(mine)))
            self.routes[(host, "/")] = ("home", host)
        for a in self.articles:  # the encyclopedia redirects a bare name to its entry
            if a.host == "wiki":
                self.routes.setdefault(("wiki", f"/item/{a.title}"), ("redir", a.idx))

    def _make_lists(self) -> None:
        names = {c[0]: c[1] for cs in V.CHANNELS.values() for c in cs}
        names |= {z: t for z, (t, _) in V.ZT.items()} | {"xnyqc": "新能源汽车推广应用", "yshj": "优化营商环境"}
        for (host, kind, key), items in self.by.items():
            if (host, kind) not in V.LISTS:
                continue
            if kind == "series":
                name = V.SERIES[int(key) - 100]
            elif kind == "author":
                name = next(au[0] for au in self.authors if str(au[3]) == key)
            else:
                name = "最新文章" if kind == "all" else names.get(key, key)
            self._add_list(host, kind, key, name, items[:60] if kind in ("zt", "space") else items)
            if host == "bbs" and kind == "ch":
                self._add_list(host, "arch", key, name, items)

    def _add_list(self, host: str, kind: str, key: str, name: str, items: list[int]) -> None:
        self.lists[(host, kind, key)], self.list_names[(host, kind, key)] = items, name
        for p in range(1, self._npages(host, items) + 1):
            self.routes[(host, unquote(self.list_url(host, kind, key, p)))] = ("list", kind, key, p)

    def _npages(self, host: str, items: list[int]) -> int:
        return max(1, -(-len(items) // V.PER_PAGE.get(host, 20)))

    # -- the public interface --------------------------------------------------------------------
    def bind(self, base_urls: Mapping[str, str]) -> None:
        self.base_urls = dict(base_urls)
        self._furniture.clear()

    def url(self, host: str, path: str) -> str:
        return self.base_urls[host] + path

    @property
    def targets(self) -> set[str]:
        """Absolute URLs of the on-topic documents' canonical pages (known once the servers are bound)."""
        return {self.url(a.host, a.path) for a in self.articles if a.on_topic}

    @property
    def also_on_topic(self) -> set[str]:
        """Other URLs showing on-topic documents: copies, later pages, comments, replies."""
        return {self.url(a.host, p) for a in self.articles if a.on_topic for v, n, p in self._variants(a) if v or n > 1}

    def seed_urls(self) -> list[str]:
        """The crawl's seeds: home pages of the general portal and the tech site (few on-topic pages)."""
        return [self.base_urls[h] + "/" for h in SEED_HOSTS]

    def sites(self) -> dict[str, HostSite]:
        return {h: HostSite(self, h) for h in HOSTS}

    def hosts(self) -> dict[str, str]:
        return host_addresses()

    def page_counts(self) -> dict[str, Counter[str]]:
        """Pages per host: articles, on_topic, list, secondary (copies, later pages, comments), home, redir."""
        out = {h: Counter[str]() for h in HOSTS}
        for (host, _), route in self.routes.items():
            kind = route[0] if route[0] != "art" else "secondary" if route[2] or route[3] > 1 else "article"
            out[host][kind] += 1
        for a in self.articles:
            out[a.host]["on_topic"] += a.on_topic
        out["news"]["calendar"] = (CAL_LAST - CAL_FIRST).days + 1
        return out

    # -- links -----------------------------------------------------------------------------------
    def list_url(self, host: str, kind: str, key: str, page: int = 1) -> str:
        first, later = V.LISTS[(host, kind)]
        return (first if page == 1 else later).format(key=key, p=page, q=page - 1)

    def href(self, here: str, idx: int, variant: str = "") -> str:
        """A link from a page of ``here``; portals send links to other hosts through a redirect."""
        a = self.articles[idx]
        path = a.path + "&wfr=spider&for=pc" if variant == "dup" else a.path
        if a.host == here:
            return path
        absolute = self.url(a.host, path)
        return f"/go?url={quote(absolute, safe='')}" if here in ("news", "finance") else absolute

    def anchor(self, rng: random.Random, idx: int, here: str, *, generic: float = 0.05) -> str:
        """A link to an article: its title, a truncated title, or now and then a generic word."""
        a, r = self.articles[idx], rng.random()
        if r < generic:
            return _a(self.href(here, idx), rng.choice(V.GENERIC))
        text = a.title if r < 0.75 or len(a.title) < 20 else a.title[:18] + "…"
        return _a(self.href(here, idx), escape(text), f' title="{escape(a.title)}"')

    def related(self, a: Article, k: int) -> list[int]:
        """Topical locality: mostly the same subject, then channel, near groups, the host, the web."""
        rng, out, g = random.Random(f"{self.seed}/rel/{a.idx}"), [], V.GROUP[a.subject]
        for _ in range(4 * k):
            r = rng.random()
            near = (a.host, "g", rng.choice((g, *V.NEAR.get(g, ()))))
            key = ((a.host, "s", a.subject) if r < 0.45 else (a.host, "ch", a.channel) if r < 0.65
                   else near if r < 0.8 else (a.host, "all", "") if r < 0.9 else ("*", "s", a.subject))  # fmt: skip
            pick = rng.choice(self.by.get(key) or self.by[(a.host, "all", "")])
            if pick != a.idx and pick not in out:
                out.append(pick)
            if len(out) == k:
                break
        return out

    # -- text ------------------------------------------------------------------------------------
    def body(self, a: Article) -> list[list[str]]:
        """Paragraphs of sentences, the same every time for the same article."""
        rng, fixed = random.Random(f"{self.seed}/body/{a.idx}"), dict(a.fixed)
        if a.host == "wiki":
            pool = WIKI_T[a.fixed["kind"]] + WIKI_T["any"]
        else:
            pool = SENTS[a.subject] + (SENTS["chat"][:2] if a.host == "bbs" else [])
        picked = rng.sample(pool, min(len(pool), rng.randint(5, 11)))
        if a.host not in ("wiki", "gov"):
            picked += rng.sample(GROUP_SENTS[V.GROUP[a.subject]], rng.randint(0, 2))
            rng.shuffle(picked)
        sents = [fill(rng, s, fixed) for s in picked]
        if a.host == "news":
            agency = rng.choice(["新华社", "中新网", "央视新闻", "本网综合"])
            sents[0] = f"（{agency}记者 {fill(rng, '{person}', {})}）{sents[0]}"
        cuts = sorted(rng.sample(range(1, len(sents)), min(len(sents) - 1, rng.randint(1, 4))))
        return [sents[i:j] for i, j in zip([0, *cuts], [*cuts, len(sents)], strict=True)]

    def summary(self, idx: int) -> str:
        return self.body(self.articles[idx])[0][0][:60]

    # -- furniture -------------------------------------------------------------------------------
    def _exists(self, host: str, url: str) -> bool:
        return url.startswith(("http", "/forum.php?gid")) or (host, unquote(url)) in self.routes

    def _nav(self, host: str) -> str:
        """The top bar and the mega-menu, the same on every page."""
        ch = [(c[1], self.list_url(host, "ch", c[0])) for c in V.CHANNELS[host] if (host, "ch", c[0]) in self.lists]
        (label, link), sub = V.MEGA[host]
        if host == "auto":  # the models menu
            sub = [(m, self.list_url("auto", "series", str(100 + V.SERIES.index(m)))) for m in V.SERIES[::4]]
        elif host == "wiki":
            sub = [(c[1], self.list_url("wiki", "ch", c[0])) for c in V.CHANNELS["wiki"]]
        items = "".join(f"<li>{_a(u, n)}</li>" for n, u in [("首页", "/"), *ch, *V.NAV_EXTRA.get(host, [])])
        drop = "".join(f"<li>{_a(u, n)}</li>" for n, u in sub if self._exists(host, u))
        top = _a("/member.php?mod=logging", "登录") + _a("/member.php?mod=register", "注册") + _a("/app.html", "客户端")
        mega = f'<li class="mega">{_a(link, label)}<ul>{drop}</ul></li>'
        return f'<div class="topbar">{top}</div><ul class="nav">{items}{mega}</ul>'

    def _side(self, host: str) -> str:
        """Hot articles, a ranking, a tag cloud or hub links, an ad: the same on every page."""
        rng, hot = random.Random(f"{self.seed}/side/{host}"), self.by[(host, "hot", "")]
        top = "".join(
            f"<li><em>{i + 1}</em>{self.anchor(rng, x, host, generic=0)}</li>" for i, x in enumerate(hot[:10])
        )
        rank = "".join(f"<li>{self.anchor(rng, x, host, generic=0)}</li>" for x in hot[10:])
        if host in V.TAG_HOSTS:
            tags = Counter(t for a in self.articles if a.host == host for t in a.tags).most_common(30)
            cloud = " ".join(_a(f"/tag/{quote(t) if host == 'energy' else t}/", t) for t, _ in tags)
        elif host == "auto":  # image-only links to model pages, the alt text sometimes the model
            series = [(int(k[2]), V.SERIES[int(k[2]) - 100]) for k in self.lists if k[:2] == ("auto", "series")]
            cloud = "".join(_a(f"/series/{i}.html", f'<img src="/img/s{i}.jpg" alt="{m if i % 3 else ""}">')
                            for i, m in sorted(series)[:20])  # fmt: skip
        else:
            cloud = " ".join(_a(self.list_url(host, "ch", c[0]), c[1]) for c in V.CHANNELS[host])
        series = sorted(k[2] for k in self.lists if k[:2] == ("auto", "series"))
        ad = self.url("auto", self.list_url("auto", "series", rng.choice(series)))
        ad = f"/go?url={quote(ad, safe='')}" if host in ("news", "finance") else ad
        cal = " ".join(_a(f"/roll/2024-12-{d:02d}.html", str(d)) for d in range(1, 32)) if host == "news" else ""
        return (f'<div class="side"><div class="ad">{_a(ad, "<img src=/img/ad1.jpg>", " target=_blank")}</div>'
                f'<h3>热门文章</h3><ol>{top}</ol><h3>排行榜</h3><ul>{rank}</ul><div class="tags">{cloud}</div>'
                f'<div class="calendar">{cal}</div></div>')  # fmt: skip

    def _foot(self, host: str) -> str:
        links = " | ".join(_a(p, n) for p, n in V.STATIC.items())
        links += "</p><p>" + " | ".join(_a(self.list_url(host, "ch", k[2]), self.list_names[k]) for k in self.lists
                                        if k[:2] == (host, "ch"))  # fmt: skip
        icp = f"京ICP备{zlib.crc32(host.encode()) % 10**8:08d}号"
        return f'<div class="footer"><p>{links}</p><p>Copyright © 2003-2024 {V.SITE[host][0]} 版权所有 {icp}</p></div>'

    def _page(self, host: str, title: str, crumbs: list[tuple[str, str]], main: str, *, side: bool = True) -> str:
        if host not in self._furniture:
            self._furniture[host] = (self._nav(host), self._side(host), self._foot(host))
        nav, sidebar, foot = self._furniture[host]
        name, long_name = V.SITE[host]
        crumb = " &gt; ".join(_a(u, escape(n)) if u else escape(n) for n, u in crumbs)
        meta = (f'<meta http-equiv="Content-Type" content="text/html; charset={CHARSET[host]}" />'
                if host in CHARSET else '<meta charset="utf-8">')  # fmt: skip
        logo = _a("/", f'<img src="/img/logo.png" alt="{name}">')
        return (f'<!DOCTYPE html><html><head>{meta}<title>{escape(title)}_{name}</title><meta name="keywords" '
                f'content="{long_name}"></head><body><div class="header">{logo}'
                f'{nav}</div><div class="crumbs">{crumb}</div><div class="wrap"><div class="main">{main}</div>'
                f'{sidebar if side else ""}</div>{foot}</body></html>')  # fmt: skip

    def _pager(self, page: int, pages: int, url: Callable[[int], str]) -> str:
        if pages <= 1:
            return ""
        out = [_a(url(1), "首页")] + ([_a(url(page - 1), "上一页")] if page > 1 else [])
        out += [
            _a(url(p), str(p)) if p != page else f"<b>{p}</b>"
            for p in range(max(1, page - 4), min(pages, page + 5) + 1)
        ]
        out += [_a(url(page + 1), "下一页")] if page < pages else []
        return '<div class="pages">' + "".join(out) + _a(url(pages), "尾页") + "</div>"

    # -- pages -----------------------------------------------------------------------------------
    def item(self, host: str, idx: int, rng: random.Random) -> str:
        """One entry of a list, in the host's style."""
        a, href = self.articles[idx], self.href(host, idx)
        day = f"{a.date:%Y-%m-%d}"
        if host in ("news", "auto", "energy"):  # thumbnail (no text), title, summary, "详情"
            alt = escape(a.title) if rng.random() < 0.3 else ""
            img = _a(href, f'<img src="/img/t{idx}.jpg" alt="{alt}">') if host != "energy" else ""
            more = _a(href, rng.choice(V.GENERIC))
            head = self.anchor(rng, idx, host, generic=0)
            return f"<li>{img}<h3>{head}</h3><p>{escape(self.summary(idx))}…{more}</p><span>{day}</span></li>"
        if host == "gov":
            t = a.title if len(a.title) <= 24 else a.title[:22] + "..."
            return f"<li>{_a(href, escape(t), f' title={escape(a.title)!r}')}<span>[{day}]</span></li>"
        if host == "bbs":
            pages = " ".join(_a(f"/thread-{a.key}-{p}-1.html", str(p)) for p in range(2, min(a.pages, 6) + 1))
            user = _a(f"/space-uid-{a.author}.html", V.NICKS[a.author % len(V.NICKS)])
            replies = (a.pages - 1) * 20 + idx % 20
            title = _a(href, escape(a.title), " class=xst")
            return f"<tr><th>{title} {pages}</th><td>{user}<em>{day}</em></td><td>{replies}</td></tr>"
        if host == "media":  # a card: image-only link, the title as plain text, "阅读全文"
            au, href = self.authors[a.author], self.href(host, idx, "dup" if rng.random() < 0.4 else "")
            img, author = _a(href, f'<img src="/img/c{idx}.jpg">'), _a(f"/u?app_id={au[3]}", escape(au[0]))
            more = _a(href, "阅读全文")
            return f'<div class="card">{img}<div class="t">{escape(a.title)}</div>{author} {day} {more}</div>'
        return f"<li>{self.anchor(rng, idx, host)}<span>{day}</span></li>"

    def render_list(self, host: str, kind: str, key: str, page: int, view: str = "") -> str:
        items, name = self.lists[(host, kind, key)], self.list_names[(host, kind, key)]
        n, rng = V.PER_PAGE.get(host, 20), random.Random(f"{self.seed}/list/{host}/{kind}/{key}/{page}")
        rows = "".join(self.item(host, i, rng) for i in items[(page - 1) * n : page * n])
        if kind == "arch":
            return _bare(f"<h1>{name}</h1><ul>{rows}</ul>", "gbk")
        rows = f'<table id="threadlist">{rows}</table>' if host == "bbs" else f'<ul class="list">{rows}</ul>'
        top = ""
        if host == "bbs" and kind == "ch":  # views of the same board, and the sticky rules thread
            views = (("lastpost", "最新"), ("heat", "热门"), ("digest&digest=1", "精华"))
            top = " ".join(_a(f"/forum.php?mod=forumdisplay&fid={key}&filter={f}", t) for f, t in views)
            top += '<tbody id="stickthread">' + _a("/thread-1-1-1.html", "【版规】本版发帖须知，违者删帖") + "</tbody>"
        pager = (
            "" if view else self._pager(page, self._npages(host, items), lambda p: self.list_url(host, kind, key, p))
        )
        title = f"{name}_第{page}页" if page > 1 else name
        return self._page(host, title, [("首页", "/"), (name, "")], f"<h1>{escape(name)}</h1>{top}{rows}{pager}")

    def render_article(self, a: Article, variant: str = "", page: int = 1) -> str:
        host, rng = a.host, random.Random(f"{self.seed}/page/{a.idx}/{variant}/{page}")
        paras = self.body(a)
        if a.pages > 1:  # a long review over several pages
            paras = paras[page - 1 :: a.pages] or paras[-1:]
        bodies = []
        for k, para in enumerate(paras):
            text = escape("".join(para))
            if host == "auto" and k == 0 and a.model:  # the model's name links its page
                text = text.replace(a.model, _a(f"/series/{100 + V.SERIES.index(a.model)}.html", a.model), 1)
            bodies.append(f"<p>{text}</p>")
            if rng.random() < 0.3:
                alt = escape(a.title) if rng.random() < 0.4 else ""
                bodies.append(f'<p><img src="/img/{a.idx}_{k}.jpg" alt="{alt}"></p>')
        main = f"<h1>{escape(a.title)}</h1>{self._meta(a, rng)}<div class='content'>{''.join(bodies)}</div>"
        if variant in ("print", "mobile"):
            return _bare(main, head=f'<link rel="canonical" href="{self.url(host, a.path)}">')
        if a.pages > 1:
            main += self._pager(page, a.pages, lambda p: a.path if p == 1 else a.path.replace(".html", f"-{p}.html"))
        name = self.list_names[(host, "ch", a.channel)]
        crumbs = [("首页", "/"), (name, self.list_url(host, "ch", a.channel)), ("正文", "")]
        return self._page(host, a.title, crumbs, main + self._around(a, rng))

    def _meta(self, a: Article, rng: random.Random) -> str:
        when = f"{a.date:%Y-%m-%d} {rng.randint(7, 22):02d}:{rng.randint(0, 59):02d}"
        if a.host == "gov":  # the government-information table
            number = f"江东工信〔{a.date.year}〕{int(a.key) % 97}号"
            cells = [("索引号", f"11340000/{a.date.year}-{a.key}"), ("发布机构", V.SITE["gov"][0]),
                     ("文号", number), ("成文日期", f"{a.date:%Y-%m-%d}")]  # fmt: skip
            return (
                "<table class='xxgk'><tr>" + "".join(f"<td>{k}：</td><td>{v}</td>" for k, v in cells) + "</tr></table>"
            )
        if a.host == "media":
            au = self.authors[a.author]
            face = _a(f"/u?app_id={au[3]}", f'<img src="/img/u{a.author}.jpg">')
            return f'<div class="author">{face}{_a(f"/u?app_id={au[3]}", escape(au[0]))} {when}</div>'
        source = V.SITE[a.host][0]
        if a.host == "news" and a.channel == "qiche" and rng.random() < 0.6:  # syndicated from the auto portal
            source = _a(self.url("auto", "/"), V.SITE["auto"][0])
        return f'<div class="info">{when} 来源：{source} 作者：{fill(rng, "{person}", {})}</div>'

    def _around(self, a: Article, rng: random.Random) -> str:
        """Tags, stocks, attachments, previous/next, related articles and comments under an article."""
        host, out = a.host, []
        if a.tags and host in V.TAG_HOSTS:
            out.append("关键词：" + " ".join(_a(f"/tag/{quote(t) if host == 'energy' else t}/", t) for t in a.tags))
        if host == "finance" and (codes := [(n, c) for n, c in V.CODES.items() if n in a.title]):
            out.append("相关股票：" + " ".join(_a(f"/quote/{c}.html", f"{n}({c})") for n, c in codes))
        if host == "gov":
            pdf = _a(f"/{a.channel}/P0{a.key}.pdf", f"1.{escape(a.title[:20])}.pdf")
            out.append(f"附件：{pdf} 【{_a('javascript:window.print()', '打印本页')}】")
        chan = self.by[(host, "ch", a.channel)]
        at = chan.index(a.idx)
        for label, j in (("上一篇", at + 1), ("下一篇", at - 1)):
            if 0 <= j < len(chan):
                b = self.articles[chan[j]]
                out.append(_a(b.path, f"{label}：{escape(b.title)}" if host in ("news", "energy", "gov") else label))
        heading = {"finance": "相关阅读", "energy": "相关推荐", "gov": "相关链接", "media": "相关推荐",
                   "bbs": "相关帖子"}  # fmt: skip
        rel = "".join(f"<li>{self.anchor(rng, i, host)}</li>" for i in self.related(a, rng.randint(5, 8)))
        out.append(f"<h3>{heading.get(host, '相关文章')}</h3><ul>{rel}</ul>")
        if host == "media":
            mine = self.lists[("media", "author", str(self.authors[a.author][3]))][:5]
            out.append(
                "<h3>作者最新文章</h3>" + "".join(f"<p>{self.anchor(rng, i, host, generic=0)}</p>" for i in mine)
            )
        if a.comments:
            first = next(path for v, _, path in self._variants(a) if v == "comments")
            out.append(f'<div class="cmt">{_a(first, f"查看全部{a.comments}条评论")}</div>')
        if host == "news":
            out.append(_a(f"/print/{a.key}.html", "打印") + _a(f"/m{a.path}", "手机版") + _a("javascript:;", "分享"))
        return '<div class="around">' + "<br>".join(out) + "</div>"

    def render_comments(self, a: Article, page: int) -> str:
        rng = random.Random(f"{self.seed}/cmt/{a.idx}/{page}")
        pool = V.COMMENTS.get(V.GROUP[a.subject], []) + V.COMMENTS["misc"]
        n = min(20, a.comments - 20 * (page - 1))
        rows = "".join(f"<li><b>{rng.choice(V.NICKS)}</b> {rng.choice(V.SLOTS['city'])}网友：{rng.choice(pool)}"
                       f"<span>{rng.randint(0, 999)}赞</span></li>" for _ in range(n))  # fmt: skip
        urls = {n: path for v, n, path in self._variants(a) if v == "comments"}
        main = f"<h1>网友评论：{_a(a.path, escape(a.title))}</h1><ul>{rows}</ul>"
        main += self._pager(page, len(urls), urls.__getitem__)
        return self._page(a.host, f"{a.title}_评论", [("首页", "/"), ("评论", "")], main, side=False)

    def render_thread(self, a: Article, variant: str, page: int) -> str:
        """A forum thread's page: the lead post on page 1, 20 posts a page."""
        rng = random.Random(f"{self.seed}/thread/{a.idx}/{page}")
        posts = [f'<div class="t_f">{"<br>".join(escape("".join(p)) for p in self.body(a))}</div>'] if page == 1 else []
        group = V.COMMENTS["ev"] if a.on_topic else V.COMMENTS["car"] if V.GROUP[a.subject] == "car" else []
        pool = V.REPLIES + group * 2 + V.COMMENTS["misc"]
        in_thread = (a.pages - 1) * 20 + a.idx % 20 + 1
        for k in range(min(20, in_thread - (page - 1) * 20) - (page == 1)):
            uid = rng.randrange(self.users)
            who = _a(f"/space-uid-{uid}.html", V.NICKS[uid % len(V.NICKS)])
            post = f'<div class="t_f" id="post_{a.idx}{page:03d}{k:02d}">{rng.choice(pool)}</div>'
            posts.append(f'<div class="pls">{who}</div>{post}')
        body = f"<h1>{escape(a.title)}</h1>" + "".join(posts)
        if variant in ("print", "archiver"):
            return _bare(body, "gbk")
        body += self._pager(page, a.pages, lambda p: f"/thread-{a.key}-{p}-1.html")
        body += (_a(f"/forum.php?mod=viewthread&action=printable&tid={a.key}", "打印")
                 + _a(f"/forum.php?mod=redirect&tid={a.key}&goto=lastpost#lastpost", "跳到最后")
                 + _a(f"/forum-{a.channel}-1.html", "返回列表") + self._around(a, rng))  # fmt: skip
        board = self.list_names[("bbs", "ch", a.channel)]
        return self._page(
            "bbs", a.title, [("论坛", "/forum.php"), (board, f"/forum-{a.channel}-1.html"), (a.title, "")], body
        )

    def render_entry(self, a: Article) -> str:
        """An encyclopedia entry: sections with links to other entries, references to articles elsewhere."""
        rng = random.Random(f"{self.seed}/entry/{a.idx}")
        same, secs = self.by[("wiki", "s", a.subject)], []
        for k, para in enumerate(self.body(a)):
            linked = [self.articles[j] for j in rng.sample(same, min(3, len(same)))]
            links = " ".join(
                _a(quote(f"/item/{b.title}") if rng.random() < 0.5 else b.path, escape(b.title)) for b in linked
            )
            head = ["概述", "发展历程", "主要特点", "相关信息", "影响"][k % 5]
            secs.append(f'<h2 id="{k + 1}">{head}</h2><p>{escape("".join(para))}参见{links}。</p>')
        other = V.HOMONYMS.get(a.title) or next((n for n, b in V.HOMONYMS.items() if b == a.title), "")
        if ("wiki", f"/item/{other}") in self.routes:
            see = _a(quote(f"/item/{other}"), other)
            secs.insert(0, f'<div class="polysemant">{escape(a.title)}是一个多义词，另见{see}</div>')
        pool = self.by.get(("*", "s", "ev_model" if a.on_topic else "domestic"), [])
        refs = [self.articles[j] for j in rng.sample(pool, min(3, len(pool)))]
        refs_html = "".join(f"<li>{_a(self.url(b.host, b.path), escape(b.title))}</li>" for b in refs)
        cat = self.list_names[("wiki", "ch", a.channel)]
        crumbs = [("首页", "/"), (cat, self.list_url("wiki", "ch", a.channel)), (a.title, "")]
        return self._page(
            "wiki", a.title, crumbs, f"<h1>{escape(a.title)}</h1>{''.join(secs)}<h2>参考资料</h2><ol>{refs_html}</ol>"
        )

    def render_home(self, host: str) -> str:
        rng, blocks = random.Random(f"{self.seed}/home/{host}"), []
        if host == "news":
            blocks.append("<h2>热搜</h2>" + " ".join(_a(f"/search?q={w}", w) for w in V.HOT_SEARCH))
            blocks += [_a(f"/zt/{z}/", f'<img src="/img/zt_{z}.jpg">') for z in V.ZT] + [_a("/roll/", "滚动新闻")]
        if host == "gov":  # banner images, no text
            blocks += [_a(f"/ztzl/{z}/index.htm", f'<img src="/img/banner_{z}.jpg">') for z in ("xnyqc", "yshj")]
        if host == "bbs":
            blocks.append(" ".join(_a(f"/forum.php?gid={g}", n) for g, (n, _) in V.BBS_GROUPS.items()))
        lists = [(c[1], "ch", c[0]) for c in V.CHANNELS[host]] + ([("推荐", "all", "")] if host == "media" else [])
        for name, kind, key in lists:
            if (host, kind, key) in self.lists:
                url, rows = self.list_url(host, kind, key), self.lists[(host, kind, key)][: 8 + 22 * (host == "media")]
                shown = "".join(self.item(host, i, rng) for i in rows)
                blocks.append(f"<h2>{_a(url, name)}</h2><ul>{shown}</ul>{_a(url, '更多&gt;&gt;')}")
        friends = " ".join(_a(self.url(h, "/"), V.SITE[h][0], " target=_blank") for h in HOSTS if h != host)
        blocks.append(f'<div class="friendlinks">友情链接：{friends}</div>')  # on the home page only, as sites do
        return self._page(host, V.SITE[host][1], [("首页", "")], "".join(blocks))

    def render_roll(self, day: date) -> str:
        """The news portal's day archive: any day of 2015-2030, most of them empty."""
        rng, items = random.Random(f"{self.seed}/roll/{day}"), self.by.get(("news", "day", str(day)), [])
        rows = "".join(self.item("news", i, rng) for i in items) or "<li>暂无内容</li>"
        first = day.replace(day=1)
        nxt = (first + timedelta(days=32)).replace(day=1)
        grid = " ".join(
            _a(f"/roll/{first + timedelta(d):%Y-%m-%d}.html", str(d + 1)) for d in range((nxt - first).days)
        )
        moves = [
            (day - timedelta(1), "前一天"),
            (day + timedelta(1), "后一天"),
            (first - timedelta(1), "上月"),
            (nxt, "下月"),
        ]
        moves_html = " ".join(_a(f"/roll/{d:%Y-%m-%d}.html", t) for d, t in moves if CAL_FIRST <= d <= CAL_LAST)
        years = " ".join(_a(f"/roll/{y}-01-01.html", f"{y}年") for y in range(CAL_FIRST.year, CAL_LAST.year + 1))
        main = f"<h1>滚动新闻 {day:%Y年%m月%d日}</h1><ul>{rows}</ul><div>{moves_html}</div>"
        main += f"<div>{grid}</div><div>{years}</div>"
        return self._page("news", f"滚动新闻_{day}", [("首页", "/"), ("滚动", "/roll/")], main)

    def render_search(self, q: str, page: int) -> str | None:
        news = [self.articles[i] for i in self.by[("news", "all", "")]]
        hits = [a.idx for a in news if q and (q in a.title or q in a.tags)]
        pages = max(1, -(-len(hits) // 10))
        if page > pages:
            return None
        rng = random.Random(f"{self.seed}/search/{q}/{page}")
        rows = "".join(self.item("news", i, rng) for i in hits[(page - 1) * 10 : page * 10]) or "<li>没有结果</li>"
        main = f"<h1>“{escape(q)}”的搜索结果</h1><ul>{rows}</ul>"
        main += self._pager(page, pages, lambda p: f"/search?q={q}&page={p}")
        return self._page("news", f"{q}_搜索", [("首页", "/"), ("搜索", "")], main)

    def render_static(self, host: str, path: str) -> str:
        name = V.STATIC.get(path) or V.EXTRA_STATIC[path]
        text = f"<p>{V.SITE[host][0]}{name}：请联系 service@example.com。</p>"
        if path == "/sitemap.html":
            text = "".join(f"<li>{_a(self.list_url(host, 'ch', c[0]), c[1])}</li>" for c in V.CHANNELS[host])
        return self._page(host, name, [("首页", "/"), (name, "")], text, side=False)

    # -- serving ---------------------------------------------------------------------------------
    def handle(self, host: str, request: SiteRequest) -> Reply:
        target = unquote(request.target)
        route = self.routes.get((host, "/" if target in ("/forum.php", "/index.html") else target))
        if route is None:
            return self._dynamic(host, request, target)
        if route[0] == "redir":
            return redirect(self.articles[route[1]].path)
        return self._reply(host, self._render(host, route))

    def _render(self, host: str, route: tuple) -> str:
        if route[0] == "home":
            return self.render_home(host)
        if route[0] == "list":
            return self.render_list(host, *route[1:])
        a, variant, page = self.articles[route[1]], route[2], route[3]
        if variant == "comments":
            return self.render_comments(a, page)
        if host == "wiki":
            return self.render_entry(a)
        return (self.render_thread if host == "bbs" else self.render_article)(a, variant, page)

    def _reply(self, host: str, body: str | None) -> Reply:
        if body is None:
            return not_found()
        charset = CHARSET.get(host, "utf-8")
        return html(body.encode(charset, "xmlcharrefreplace").decode(charset), charset=charset)

    def _dynamic(self, host: str, request: SiteRequest, target: str) -> Reply:
        """Pages not in the routing table: robots, images, redirects, the day archive, search, Discuz!."""
        path = request.path
        if path == "/robots.txt":
            return Reply(200, V.ROBOTS[host], {"Content-Type": "text/plain"}) if host in V.ROBOTS else not_found()
        if path.endswith((".jpg", ".png", ".gif", ".pdf")):
            pdf = path.endswith(".pdf")
            return Reply(200, PDF if pdf else GIF, {"Content-Type": "application/pdf" if pdf else "image/gif"})
        if path == "/go" and (url := request.param("url")):
            return redirect(url)
        if host == "bbs" and path not in V.EXTRA_STATIC:
            return self._bbs(request)
        body = None
        if path in V.STATIC or path in V.EXTRA_STATIC:
            body = self.render_static(host, path)
        elif host == "news" and (m := re.fullmatch(r"/roll/(?:(\d{4})-(\d\d)-(\d\d)\.html)?", target)):
            day = date(*map(int, m.groups())) if m.group(1) else EPOCH + timedelta(DAYS - 1)
            body = self.render_roll(day) if CAL_FIRST <= day <= CAL_LAST else None
        elif host == "news" and path == "/search":
            body = self.render_search(request.param("q") or "", int(request.param("page") or 1))
        return self._reply(host, body)

    def _bbs(self, request: SiteRequest) -> Reply:
        """Discuz!'s dynamic URLs: board groups, board views, the archiver, spaces, thread redirects."""
        mod, tid, fid, path = request.param("mod"), request.param("tid"), request.param("fid") or "", request.path
        thread = self.routes.get(("bbs", f"/thread-{tid}-1-1.html"))
        body = None
        if path == "/forum.php" and (group := V.BBS_GROUPS.get(request.param("gid") or "")):
            rows = "".join(f"<li>{_a(f'/forum-{b}-1.html', self.list_names[('bbs', 'ch', b)])}</li>" for b in group[1]
                           if ("bbs", "ch", b) in self.lists)  # fmt: skip
            body = self._page("bbs", group[0], [("论坛", "/forum.php"), (group[0], "")], f"<ul>{rows}</ul>")
        elif mod == "forumdisplay" and ("bbs", "ch", fid) in self.lists:
            body = self.render_list("bbs", "ch", fid, 1, view=request.param("filter") or "")
        elif path == "/archiver/" and not request.query:
            body = _bare(
                "".join(f"<li>{_a(f'/archiver/?fid-{c[0]}.html', c[1])}</li>" for c in V.CHANNELS["bbs"]), "gbk"
            )
        elif (m := re.fullmatch(r"/space-uid-(\d+)\.html", path)) and int(m.group(1)) < self.users:
            name = f"{V.NICKS[int(m.group(1)) % len(V.NICKS)]}的个人空间"
            body = self._page("bbs", name, [("论坛", "/forum.php"), ("空间", "")], "<p>TA还没有发表主题</p>")
        elif thread and mod == "redirect":  # "跳到最后": to the thread's last page
            return redirect(f"/thread-{tid}-{self.articles[thread[1]].pages}-1.html")
        elif path in V.STATIC:
            body = self.render_static("bbs", path)
        elif thread and mod == "viewthread":
            body = self.render_thread(self.articles[thread[1]], "dynamic", int(request.param("page") or 1))
        return self._reply("bbs", body)
