"""Layout and rendering of the quantum-computing test web (:mod:`topiccrawl.demo.topicweb_quantum`).

Host profiles, URL shapes and the HTML of every kind of page: articles with their AMP and print
copies, forum threads, encyclopedia entries, list pages with their paginations, home pages, and
the furniture (mega-menu, trending sidebar, tag cloud, footer) that every page of a host repeats.
"""

from __future__ import annotations

import random
import re
import zlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from html import escape
from urllib.parse import parse_qsl, quote, unquote, urlsplit

from topiccrawl.demo import topicweb_quantum_vocab as V
from topiccrawl.demo.server import Reply

Section = tuple[str, str, float, dict[str, float]]


@dataclass(frozen=True)
class HostProfile:
    name: str
    address: str
    title: str
    share: float  # of all articles
    seed: bool  # its home page is a crawl seed
    per_page: int  # items per list page
    p_title: float  # share of article links whose anchor is the title
    jargon: float  # share of its on-topic articles written without the word "quantum"

    @property
    def sections(self) -> tuple[Section, ...]:
        return V.SECTIONS.get(self.name, ())


HOSTS: tuple[HostProfile, ...] = (
    HostProfile("technews", "127.0.0.41", "The Circuit", 0.19, True, 20, 0.4, 0.1),
    HostProfile("science", "127.0.0.42", "Science Wire", 0.14, False, 20, 0.6, 0.15),
    HostProfile("university", "127.0.0.43", "Northfield University News", 0.11, False, 12, 0.7, 0.25),
    HostProfile("markets", "127.0.0.44", "MarketPulse", 0.12, False, 25, 0.35, 0.05),
    HostProfile("secblog", "127.0.0.45", "Threat Vector", 0.06, False, 10, 0.6, 0.2),
    HostProfile("hpc", "127.0.0.46", "HPC Frontline", 0.12, True, 15, 0.35, 0.3),
    HostProfile("forum", "127.0.0.47", "The Workbench", 0.11, False, 30, 0.9, 0.35),
    HostProfile("wiki", "127.0.0.48", "OpenPedia", 0.11, False, 200, 1.0, 0.3),
    HostProfile("consumer", "127.0.0.49", "Good Gear & Living", 0.04, True, 12, 0.3, 0.0),
)  # fmt: skip
PROFILES = {p.name: p for p in HOSTS}
# List URLs per host and kind: (first page, page n); {k} list key, {n} page, {o} offset, {cid} category id.
LIST_URLS: dict[str, dict[str, tuple[str, str]]] = {
    "technews": {"sec": ("/section/{k}/", "/section/{k}/page/{n}/"), "tag": ("/tag/{k}/", "/tag/{k}/page/{n}/"),
                 "all": ("/latest/", "/latest/?page={n}"), "month": ("/{k}/", "/{k}/?page={n}"),
                 "day": ("/{k}/", "/{k}/?page={n}"), "author": ("/author/{k}/", "/author/{k}/page/{n}/")},
    "science": {"sec": ("/news/{k}/", "/news/{k}/?start={o}"), "month": ("/archive/{k}/", "/archive/{k}/?start={o}")},
    "university": {"all": ("/news/", "/news/?page={n}"),
                   "sec": ("/departments/{k}/news", "/departments/{k}/news?page={n}")},
    "markets": {"sec": ("/markets/{k}/", "/markets/{k}/?p={n}"), "tag": ("/quote/{k}", "/quote/{k}?page={n}")},
    "secblog": {"all": ("/", "/page/{n}/"), "sec": ("/category/{k}/", "/category/{k}/page/{n}/"),
                "tag": ("/tag/{k}/", "/tag/{k}/page/{n}/"), "month": ("/{k}/", "/{k}/page/{n}/")},
    "hpc": {"sec": ("/topics/{k}", "/topics/{k}?page={n}"), "tag": ("/topics/{k}", "/topics/{k}?page={n}"),
            "all": ("/news", "/news?page={n}")},
    "forum": {"all": ("/latest", "/latest?page={n}"), "sec": ("/c/{k}/{cid}", "/c/{k}/{cid}?page={n}"),
              "tag": ("/tag/{k}", "/tag/{k}?page={n}"), "user": ("/u/{k}", "/u/{k}?page={n}")},
    "wiki": {"sec": ("/wiki/Category:{k}", "/w/index.php?title=Category:{k}&pagefrom={n}")},
    "consumer": {"sec": ("/{k}/", "/{k}/?page={n}")},
}  # fmt: skip
ROBOTS = {"wiki": "Disallow: /w/\n", "markets": "Disallow: /print/\n", "technews": "Disallow: /search\n"}
STATIC = ("about", "contact", "privacy", "terms", "careers", "advertise", "newsletter")
START, DAYS = date(2022, 1, 1), 1277
WIKI_SAFE = "()_,:'!-"
SOURCE_ANCHORS = ("according to a report", "the paper", "as we reported", "here", "this explainer", "source")
_SLOT = re.compile(r"\{(\w+)\}")
_IMG = (
    b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
)


def fill(tpl: str, rng: random.Random, extra: Mapping[str, str] | None = None) -> str:
    return _SLOT.sub(lambda m: (extra or {}).get(m.group(1)) or rng.choice(V.SLOTS[m.group(1)]), tpl)


def pick(rng: random.Random, pool: tuple[str, ...], jargon: bool, extra: Mapping[str, str] | None = None) -> str:
    """A filled template; with ``jargon`` one without the word "quantum" ("" if none is found)."""
    for _ in range(12):
        text = fill(rng.choice(pool), rng, extra)
        if not jargon or "quantum" not in text.lower():
            return text
    return ""


def entities(cast: int) -> dict[str, str]:
    """The values an article's entity slots keep throughout its text."""
    rng = random.Random(cast)
    return {slot: rng.choice(V.SLOTS[slot]) for slot in V.ENTITY_SLOTS}


def slugify(title: str, words: int = 8) -> str:
    return "-".join(re.sub(r"[^a-z0-9]+", " ", title.lower()).split()[:words]) or "item"


def norm_target(target: str) -> str:
    """Path and sorted query, unquoted: how the servers look requests up."""
    parts = urlsplit(target)
    path = unquote(parts.path)
    if not parts.query:
        return path
    return path + "?" + "&".join(f"{k}={v}" for k, v in sorted(parse_qsl(parts.query, keep_blank_values=True)))


def _a(href: str, text: str) -> str:
    return f'<a href="{escape(href)}">{text}</a>'


@dataclass(slots=True)
class Article:
    idx: int
    host: str
    section: str
    subject: str
    title: str
    day: date
    jargon: bool = False
    cast: int = 0  # seed of the article's entities (its company, chip, lab ...)
    num: int = 0
    key: str = ""
    path: str = ""
    pages: int = 1  # forum: pages of the thread; technews/secblog: comment pages (0: none)
    author: str = ""
    tags: tuple[str, ...] = ()
    related: list[int] = field(default_factory=list)
    outbound: list[int] = field(default_factory=list)

    @property
    def on_topic(self) -> bool:
        return self.subject in V.ON_TOPIC

    @property
    def family(self) -> str:
        return V.FAMILY.get(self.subject, self.subject)


class Renderer:
    """Page rendering for :class:`~topiccrawl.demo.topicweb_quantum.QuantumWeb` (mixed into it)."""

    seed: int
    articles: list[Article]
    lists: dict[str, dict[str, list[int]]]
    routes: dict[str, dict[str, tuple[str, object, int]]]
    trending: dict[str, list[int]]
    base_urls: dict[str, str]
    _chrome_cache: dict[str, tuple[str, str, str]]
    _navboxes: dict[str, list[int]]

    def url(self, host: str, path: str) -> str:
        return self.base_urls[host] + path

    # -- URLs --------------------------------------------------------------------------------
    def list_url(self, host: str, key: str, page: int = 1) -> str:
        kind, _, k = key.partition(":")
        first, nth = LIST_URLS[host][kind]
        cid = zlib.crc32(k.encode()) % 90 + 10
        return (first if page == 1 else nth).format(k=k, n=page, o=(page - 1) * PROFILES[host].per_page, cid=cid)

    def href(self, src: str, a: Article) -> str:
        """Link from a page of host ``src`` to article ``a`` (cross-host links of news sites go via /out)."""
        if a.host == src:
            return a.path
        url = self.url(a.host, a.path)
        return "/out?u=" + quote(url, safe="") if src in ("technews", "markets") else url

    # -- text --------------------------------------------------------------------------------
    def body(self, a: Article) -> list[list[str]]:
        """The article's paragraphs, as lists of sentences (the same on every copy of the page)."""
        rng = random.Random(f"{self.seed}:body:{a.idx}")
        extra = entities(a.cast) | {"name": a.title.split(" (")[0]}
        if a.subject.startswith("wiki_"):
            pool, generic, share = V.WIKI_GENERAL_SENTS[a.subject[5:]], (), 1.0
        else:
            pool, generic, share = V.SUBJECTS[a.subject][1], V.GENERIC, 0.62
        if a.host in ("wiki", "forum"):
            generic, share = (), 1.0
        paragraphs, used = [], set()
        for _ in range(rng.randint(4, 8) if a.host != "forum" else rng.randint(1, 2)):
            sentences = []
            for _ in range(rng.randint(2, 4)):
                own = rng.random() < share or not generic or not (paragraphs or sentences)  # the lead is on subject
                s = self._sentence(rng, pool if own else generic, a.jargon, used, extra)
                if s:
                    sentences.append(s)
            if sentences:
                paragraphs.append(sentences)
        if (paragraphs and a.subject == "ai_hype") or (
            paragraphs and not a.on_topic and a.host in ("technews", "markets", "hpc") and rng.random() < 0.05
        ):
            rng.choice(paragraphs).append(rng.choice(V.PASSING))
        return paragraphs or [[a.title + "."]]

    @staticmethod
    def _sentence(
        rng: random.Random, pool: tuple[str, ...], jargon: bool, used: set[str], extra: Mapping[str, str] | None = None
    ) -> str:
        """A sentence from a template not used yet in this text (without "quantum" if ``jargon``)."""
        for _ in range(12):
            tpl = rng.choice(pool)
            text = fill(tpl, rng, extra)
            if tpl not in used and not (jargon and "quantum" in text.lower()):
                used.add(tpl)
                return text
        return ""

    def teaser(self, a: Article) -> str:
        return self.body(a)[0][0]

    # -- page parts --------------------------------------------------------------------------
    def link(self, rng: random.Random, src: str, a: Article, p_title: float | None = None) -> str:
        """One link to ``a``: its title, an image (alt text or not) or a generic anchor."""
        p = PROFILES[src].p_title if p_title is None else p_title
        r = rng.random()
        if r < p:
            text = escape(a.title)
        elif r < p + 0.15:
            alt = escape(a.title) if rng.random() < 0.4 else ""
            text = f'<img src="/img/{a.key}.jpg" alt="{alt}" width="320" height="180">'
        else:
            text = escape(rng.choice((*V.GENERIC_ANCHORS, str(rng.randint(1, 9)))))
        return _a(self.href(src, a), text)

    def _chrome(self, host: str) -> tuple[str, str, str]:
        """Navigation, sidebar and footer of a host: the same on all its pages."""
        if host not in self._chrome_cache:
            prof, lists = PROFILES[host], self.lists[host]
            tags = sorted((k for k in lists if k.startswith("tag:")), key=lambda k: -len(lists[k]))
            menu = []
            for slug, name, _, _ in prof.sections:
                in_sec = Counter(t for j in lists.get(f"sec:{slug}", []) for t in self.articles[j].tags)
                sub = [f"tag:{t}" for t, _ in in_sec.most_common(4) if f"tag:{t}" in lists]
                subs = "".join(f"<li>{_a(self.list_url(host, t), escape(t[4:].replace('-', ' ')))}</li>" for t in sub)
                if f"sec:{slug}" in lists:
                    menu.append(f"<li>{_a(self.list_url(host, f'sec:{slug}'), escape(name))}<ul>{subs}</ul></li>")
            wiki_cats = ("Quantum computing", "Quantum mechanics", "Supercomputers", "Films", "Living people")
            extra = {"technews": [("Quantum", "/tag/quantum/"), ("Latest", "/latest/"), ("Archive", "/archive/")],
                     "hpc": [("Quantum", "/topics/quantum"), ("All news", "/news")],
                     "markets": [(t, f"/quote/{t}") for t in ("NVDA", "AAPL", "IONQ", "TSLA", "QMCO")],
                     "university": [("All news", "/news/"), *((n, f"/departments/{s}/") for s, n, *_ in prof.sections)],
                     "forum": [("Latest", "/latest")], "science": [("Archive", "/archive/")],
                     "wiki": [("Main page", "/wiki/Main_Page"), *((c, f"/wiki/Category:{c}") for c in wiki_cats)],
                     }.get(host, [])  # fmt: skip
            menu += [f"<li>{_a(u, escape(t))}</li>" for t, u in extra if norm_target(u) in self.routes[host]]
            nav = f'<nav class="mega-menu"><ul>{"".join(menu)}</ul></nav>'
            trend = "".join(f"<li>{self._trend_link(host, self.articles[j])}</li>" for j in self.trending[host])
            cloud = "".join(_a(self.list_url(host, t), escape(t[4:])) + " " for t in tags[:30])
            aside = f'<aside><section class="trending"><h2>Most popular</h2><ol>{trend}</ol></section>'
            aside += f'<section class="tag-cloud"><h2>Topics</h2>{cloud}</section></aside>' if cloud else "</aside>"
            sister = " · ".join(_a(self.url(p.name, "/"), escape(p.title)) for p in HOSTS if p.name != host and
                                (p.seed or p.name in ("markets", "science")))  # fmt: skip
            statics = " · ".join(_a(f"/{s}/", s.title()) for s in STATIC)
            foot = f"<footer><p>{statics}</p><p>Our network: {sister}</p><p>© 2025 {escape(prof.title)}. All rights "
            foot += "reserved. Use of this site constitutes acceptance of our terms.</p></footer>"
            self._chrome_cache[host] = (nav, aside, foot)
        return self._chrome_cache[host]

    def _trend_link(self, host: str, a: Article) -> str:
        href = f"/r?id={a.key}&src=popular" if host == "markets" else a.path
        return _a(href, escape(a.title))

    def page(self, host: str, title: str, main: str, crumbs: list[tuple[str, str]], head: str = "") -> str:
        nav, aside, foot = self._chrome(host)
        site = escape(PROFILES[host].title)
        trail = " › ".join(_a(u, escape(t)) if u else escape(t) for t, u in [("Home", "/"), *crumbs])
        return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)} | {site}</title>'
                f'<link rel="stylesheet" href="/static/site.css">{head}</head><body><header>'
                f'<a class="logo" href="/"><img src="/img/logo.gif" alt="{site}"></a>{nav}'
                f'<form action="/search"><input name="q" placeholder="Search"></form></header>'
                f'<nav class="breadcrumbs">{trail}</nav><main>{main}</main>{aside}{foot}</body></html>')  # fmt: skip

    def _pager(self, host: str, key: str, page: int, last: int) -> str:
        if last <= 1:
            return ""
        url = lambda n: self.list_url(host, key, n)  # noqa: E731
        if host == "secblog":  # WordPress: only older / newer
            links = ([_a(url(page + 1), "← Older posts")] if page < last else []) + (
                [_a(url(page - 1), "Newer posts →")] if page > 1 else [])  # fmt: skip
        elif host == "hpc":  # "Load more" with no page numbers
            links = [_a(url(page + 1), "Load more stories")] if page < last else []
        else:
            links = [_a(url(1), "« First"), _a(url(page - 1), "‹ Prev")] if page > 1 else []
            links += [_a(url(n), str(n)) if n != page else f"<span>{n}</span>"
                      for n in range(max(1, page - 3), min(last, page + 3) + 1)]  # fmt: skip
            links += [_a(url(page + 1), "Next ›"), _a(url(last), "Last »")] if page < last else []
        return f'<nav class="pagination">{" ".join(links)}</nav>'

    def _around_web(self, rng: random.Random, host: str) -> str:
        if host not in ("technews", "markets", "consumer"):
            return ""
        picks = [self.articles[rng.randrange(len(self.articles))] for _ in range(4)]
        cards = "".join(self.link(rng, host, a, p_title=0.2) for a in picks if a.host != host)
        return f'<section class="around-the-web"><h2>Around the web</h2>{cards}<small>Sponsored</small></section>'

    # -- pages ---------------------------------------------------------------------------------
    def render_article(self, a: Article, variant: str = "article", n: int = 1) -> str:
        h, prof = a.host, PROFILES[a.host]
        rng = random.Random(f"{self.seed}:{variant}:{a.idx}:{n}")
        if h == "forum":
            return self.render_thread(a, n, rng)
        paragraphs = [" ".join(escape(s) for s in p) for p in self.body(a)]
        if variant in ("amp", "print"):
            canon = self.url(h, a.path)
            back = _a(a.path, "View full article") if variant == "print" else _a("/", escape(prof.title))
            text = "".join(f"<p>{p}</p>" for p in paragraphs)
            amp = " amp" if variant == "amp" else ""
            return (f'<!DOCTYPE html><html{amp} lang="en"><head><meta charset="utf-8"><title>{escape(a.title)}</title>'
                    f'<link rel="canonical" href="{canon}"></head><body><h1>{escape(a.title)}</h1>'
                    f"<p>{a.day:%B %d, %Y}</p>{text}<p>{back}</p></body></html>")  # fmt: skip
        refs = []
        for j in a.outbound:  # sources and further reading: inside the text, or as references
            t = self.articles[j]
            if h == "wiki":
                refs.append(f"<li>{_a(self.href(h, t), escape(t.title))}. {escape(PROFILES[t.host].title)}.</li>")
                continue
            k = rng.randrange(len(paragraphs))
            anchor = escape(t.title) if t.host == "wiki" or rng.random() < 0.4 else rng.choice(SOURCE_ANCHORS)
            paragraphs[k] += f" ({_a(self.href(h, t), anchor)})"
        if h == "wiki":
            return self.render_wiki(a, paragraphs, refs, rng, variant)
        sec = next((s for s in prof.sections if s[0] == a.section), ("", "", 0, {}))
        crumbs = [(sec[1], self.list_url(h, f"sec:{a.section}"))]
        date_html = f"{a.day:%B %d, %Y}"
        if h == "technews":
            date_html = _a(self.list_url(h, f"day:{a.day:%Y/%m/%d}"), date_html)
            crumbs.append((f"{a.day:%B %Y}", self.list_url(h, f"month:{a.day:%Y/%m}")))
        elif h in ("science", "secblog"):
            date_html = _a(self.list_url(h, f"month:{a.day:%Y/%m}"), date_html)
        author = a.author.replace("-", " ").title()
        byline = _a(self.list_url(h, f"author:{a.author}"), author) if h == "technews" else escape(author)
        tags = " ".join(_a(self.list_url(h, f"tag:{t}"), escape(t)) for t in a.tags if f"tag:{t}" in self.lists[h])
        heading = rng.choice(("Related", "Read next", "You may also like", f"More from {prof.title}", "Recommended"))
        related = "".join(f"<li>{self.link(rng, h, self.articles[j])}</li>" for j in a.related)
        prevnext, tools, comments = self._article_tools(a, rng, variant, n)
        text = "".join(f"<p>{p}</p>" for p in paragraphs)
        main = (f'<article><h1>{escape(a.title)}</h1><p class="byline">By {byline} · {date_html}</p>'
                f'<img src="/img/{a.key}.jpg" alt="">{text}<p class="tags">{tags}</p><p class="tools">{tools}</p>'
                f'{comments}</article><section class="related"><h2>{heading}</h2><ul>{related}</ul></section>'
                f'<nav class="prev-next">{prevnext}</nav>{self._around_web(rng, h)}')  # fmt: skip
        head = f'<link rel="canonical" href="{self.url(h, a.path)}">'
        if h in ("technews", "hpc"):
            amp = "/amp" + a.path if h == "technews" else a.path + "?amp=1"
            head += f'<link rel="amphtml" href="{self.url(h, amp)}">'
        return self.page(h, a.title, main, crumbs, head)

    def _article_tools(self, a: Article, rng: random.Random, variant: str, n: int) -> tuple[str, str, str]:
        """Previous/next links, print and comment links, and a blog post's comments."""
        h = a.host
        siblings = self.lists[h].get(f"sec:{a.section}", [])
        pos = siblings.index(a.idx) if a.idx in siblings else -1
        prevnext = ""
        for label, k in (("← Previous", pos + 1), ("Next →", pos - 1)):
            if pos >= 0 and 0 <= k < len(siblings):
                t = self.articles[siblings[k]]
                prevnext += _a(t.path, escape(t.title) if h == "secblog" else label) + " "
        ncom = f"{a.pages * 10 - rng.randrange(9)} comments"
        tools = {"science": _a(a.path + "&print=1", "Print"), "markets": _a(f"/print/{a.key}", "Print"),
                 "technews": _a(a.path + "comments/", ncom) if a.pages else "",
                 "secblog": _a(f"/?p={a.num}", "Short link") + " " + (
                     _a(a.path + "comment-page-2/", "Older comments") if a.pages > 1 else ""),
                 }.get(h, "")  # fmt: skip
        if variant == "wpcomments":
            tools = _a(a.path if n == 2 else a.path + f"comment-page-{n - 1}/", "Newer comments")
            tools += " " + _a(a.path + f"comment-page-{n + 1}/", "Older comments") if n < a.pages else ""
        comments = ""
        if h == "secblog" and a.pages:
            comments = (
                "<ol class=comments>" + "".join(f"<li>{escape(c)}</li>" for c in rng.sample(V.COMMENTS, 4)) + "</ol>"
            )
        return prevnext, tools, comments

    def render_thread(self, a: Article, n: int, rng: random.Random) -> str:
        users = self.lists["forum"]
        names = sorted(k[5:] for k in users if k.startswith("user:"))
        posts = []
        total = (a.pages - 1) * 20 + random.Random(f"{self.seed}:posts:{a.idx}").randint(1, 20)
        pool, cast = V.SUBJECTS[a.subject][1], entities(a.cast)
        for i in range((n - 1) * 20, min(total, n * 20)):
            prng = random.Random(f"{self.seed}:post:{a.idx}:{i}")
            if i == 0:
                body = [prng.choice(V.FORUM_OPEN)] + [s for p in self.body(a) for s in p]
                who = a.author
            else:
                body = [prng.choice(V.FORUM_REPLY)] if prng.random() < 0.4 else []
                used: set[str] = set()
                body += [self._sentence(prng, pool, a.jargon, used, cast) for _ in range(prng.randint(1, 3))]
                who = prng.choice(names)
            text = " ".join(escape(s) for s in body if s)
            share = _a(f"/t/{a.num}", "Share") if i == 0 else ""
            posts.append(f'<div class="post" id="post_{i + 1}"><a class="user" href="/u/{who}">{who}</a>'
                         f'<span class="post-number">#{i + 1}</span><p>{text}</p>{share}</div>')  # fmt: skip
        pages = " ".join(_a(a.path + (f"?page={k}" if k > 1 else ""), str(k)) if k != n else f"<span>{k}</span>"
                         for k in range(1, a.pages + 1))  # fmt: skip
        nxt = _a(f"{a.path}?page={n + 1}", "next page →") if n < a.pages else ""
        sec = next(s for s in PROFILES["forum"].sections if s[0] == a.section)
        tags = " ".join(_a(self.list_url("forum", f"tag:{t}"), escape(t)) for t in a.tags)
        suggested = "".join(f"<li>{_a(self.articles[j].path, escape(self.articles[j].title))}</li>" for j in a.related)
        main = (f'<h1>{escape(a.title)}</h1><p>{_a(self.list_url("forum", f"sec:{a.section}"), escape(sec[1]))} {tags}'
                f'</p>{"".join(posts)}<nav class="pagination">{pages if a.pages > 1 else ""} {nxt}</nav>'
                f'<section class="suggested"><h2>Suggested topics</h2><ul>{suggested}</ul></section>')  # fmt: skip
        head = f'<link rel="canonical" href="{self.url("forum", a.path + (f"?page={n}" if n > 1 else ""))}">'
        crumbs = [(sec[1], self.list_url("forum", f"sec:{a.section}"))]
        return self.page("forum", a.title + (f" - page {n}" if n > 1 else ""), main, crumbs, head)

    def render_wiki(self, a: Article, paragraphs: list[str], refs: list[str], rng: random.Random, variant: str) -> str:
        lead = V.WIKI_LEAD.get(a.family, "a subject of this encyclopedia")
        if a.section == "bio":
            bios = V.WIKI_BIO.get(a.family, V.WIKI_BIO["general"])
            lead_text = escape(fill(rng.choice(bios), rng, {"name": a.title.split(" (")[0]}))
        else:
            lead_text = f"<b>{escape(a.title)}</b> is {lead}."
        see_also = [self.articles[j] for j in a.related]
        parts = [f"<p>{lead_text} {paragraphs[0]}</p>"]
        heads = rng.sample(V.WIKI_SECTIONS[:5], 3)
        for i, p in enumerate(paragraphs[1:]):
            if i < len(heads) and i % 2 == 0:
                parts.append(f'<h2 id="{heads[i]}">{heads[i]}</h2>')
            inline = f" See {_a(see_also[i].path, escape(see_also[i].title))}." if i < len(see_also) else ""
            parts.append(f"<p>{p}{inline}</p>")
        parts.append(
            "<h2>See also</h2><ul>" + "".join(f"<li>{_a(t.path, escape(t.title))}</li>" for t in see_also) + "</ul>"
        )
        parts.append(f"<h2>References</h2><ol>{''.join(refs)}</ol>" if refs else "")
        if a.family in ("qc", "qphys"):
            box = [t for t in self._navbox(a.family) if t.idx != a.idx]
            parts.append(
                '<table class="navbox"><tr><td>'
                + " · ".join(_a(t.path, escape(t.title)) for t in box)
                + "</td></tr></table>"
            )
        cats = " | ".join(_a(self.list_url("wiki", "sec:" + c.replace(" ", "_")), escape(c)) for c in a.tags)
        title_q = quote(a.title.replace(" ", "_"), safe=WIKI_SAFE)
        if variant == "history":
            days = sorted(
                (START + timedelta(days=rng.randrange(DAYS)) for _ in range(rng.randint(3, 30))), reverse=True
            )
            revs = "".join(f"<li>{d:%d %B %Y} {escape(rng.choice(V.PEOPLE))}</li>" for d in days)
            main = f"<h1>{escape(a.title)}: Revision history</h1><ul>{revs}</ul>{_a(a.path, 'Back to article')}"
            return self.page("wiki", a.title + ": Revision history", main, [], '<meta name="robots" content="noindex">')
        tabs = (f'<div class="tabs">{_a(a.path, "Article")} '
                f"{_a(f'/w/index.php?title={title_q}&action=history', 'View history')} "
                f"{_a(f'/w/index.php?title={title_q}&printable=yes', 'Printable version')}</div>")  # fmt: skip
        main = f"{tabs}<h1>{escape(a.title)}</h1>{''.join(parts)}<div id=catlinks>Categories: {cats}</div>"
        return self.page("wiki", a.title, main, [], f'<link rel="canonical" href="{self.url("wiki", a.path)}">')

    def _navbox(self, family: str) -> list[Article]:
        """The navigation box of a family's encyclopedia entries (the same on all of them)."""
        if family not in self._navboxes:
            entries = [a.idx for a in self.articles if a.host == "wiki" and a.family == family and a.section != "bio"]
            self._navboxes[family] = entries[:30]
        return [self.articles[j] for j in self._navboxes[family]]

    def render_list(self, host: str, key: str, page: int) -> str:
        prof, items = PROFILES[host], self.lists[host][key]
        kind, _, k = key.partition(":")
        rng = random.Random(f"{self.seed}:list:{host}:{key}:{page}")
        chunk = [self.articles[j] for j in items[(page - 1) * prof.per_page : page * prof.per_page]]
        sec_names = {s[0]: s[1] for s in prof.sections}
        name = {"sec": sec_names.get(k, k.replace("_", " ")), "tag": f"Tagged: {k}", "all": "Latest",
                "month": f"Archive: {k}", "day": f"Archive: {k}", "author": k.replace("-", " ").title(),
                "user": f"Topics started by {k}"}[kind]  # fmt: skip
        if host == "wiki":
            rows = "".join(f"<li>{_a(a.path, escape(a.title))}</li>" for a in chunk)
            title = f"Category:{k.replace('_', ' ')}"
            body = f"<h1>{escape(title)}</h1><p>Pages in this category:</p><ul class=columns>{rows}</ul>"
        elif host == "forum":
            rows = ""
            for a in chunk:
                mini = " ".join(_a(f"{a.path}?page={n}", str(n)) for n in range(2, a.pages + 1))
                replies = (a.pages - 1) * 20 + rng.randint(0, 19)
                rows += (
                    f"<tr><td>{_a(a.path, escape(a.title))} {mini}</td><td>{replies}</td><td>{a.day:%b %d}</td></tr>"
                )
            title, body = name, f"<h1>{escape(name)}</h1><table class=topic-list>{rows}</table>"
        else:
            cards = []
            for a in chunk:
                img = _a(self.href(host, a), f'<img src="/img/{a.key}.jpg" alt="">') if rng.random() < 0.5 else ""
                if rng.random() < prof.p_title + 0.3:
                    head = f"<h3>{_a(self.href(host, a), escape(a.title))}</h3>"
                    more = _a(self.href(host, a), rng.choice(V.GENERIC_ANCHORS)) if rng.random() < 0.3 else ""
                else:
                    head = f"<h3>{escape(a.title)}</h3>"
                    more = (
                        _a(self.href(host, a), rng.choice(V.GENERIC_ANCHORS)) if img == "" or rng.random() < 0.5 else ""
                    )
                cards.append(f'<div class="card">{img}{head}<p>{escape(self.teaser(a))}</p>{more}</div>')
            title, body = name, f"<h1>{escape(name)}</h1>{''.join(cards)}"
        last = (len(items) - 1) // prof.per_page + 1
        title += f" - Page {page}" if page > 1 else ""
        return self.page(host, title, body + self._pager(host, key, page, last), [(name, self.list_url(host, key))])

    def render_home(self, host: str) -> str:
        prof, lists = PROFILES[host], self.lists[host]
        rng = random.Random(f"{self.seed}:home:{host}")
        if host == "secblog":
            return self.render_list(host, "all", 1)
        if host == "wiki":
            qc = [a for a in self.articles if a.host == "wiki"]
            picks = rng.sample(qc, min(25, len(qc)))
            body = "<h1>Welcome to OpenPedia</h1><h2>From today's featured article</h2>"
            body += "".join(f"<p>{_a(a.path, escape(a.title))}</p>" for a in picks[:1])
            body += "<h2>In the news</h2><ul>" + "".join(f"<li>{_a(a.path, escape(a.title))}</li>" for a in picks[1:])
            cats = sorted(k for k in lists if k.startswith("sec:"))
            body += "</ul><h2>Browse</h2>" + " · ".join(
                _a(self.list_url(host, c), escape(c[4:].replace("_", " "))) for c in cats
            )
            return self.page(host, "Main Page", body, [])
        blocks = []
        latest = sorted((a for a in self.articles if a.host == host), key=lambda a: a.day, reverse=True)[:12]
        blocks.append(
            "<section><h2>Latest</h2><ul>"
            + "".join(f"<li>{self.link(rng, host, a)}</li>" for a in latest)
            + "</ul></section>"
        )
        for slug, name, _, _ in prof.sections:
            top = [self.articles[j] for j in lists.get(f"sec:{slug}", [])[:5]]
            more = _a(self.list_url(host, f"sec:{slug}"), f"More {escape(name)} »")
            items = "".join(f"<li>{self.link(rng, host, a)}</li>" for a in top)
            blocks.append(f"<section><h2>{escape(name)}</h2><ul>{items}</ul>{more}</section>")
        return self.page(host, prof.title, "".join(blocks) + self._around_web(rng, host), [])

    def render_misc(self, host: str, kind: str, key: str) -> str:
        if kind == "static":
            text = f"<h1>{key.title()}</h1><p>{escape(PROFILES[host].title)} is an independent publication.</p>"
            return self.page(host, key.title(), text, [])
        if kind == "archive":  # technews and science: index of the months
            months = sorted({k for k in self.lists[host] if k.startswith("month:")}, reverse=True)
            rows = "".join(f"<li>{_a(self.list_url(host, m), m[6:])}</li>" for m in months)
            return self.page(host, "Archive", f"<h1>Archive</h1><ul>{rows}</ul>", [])
        slug, name = next((s[0], s[1]) for s in PROFILES[host].sections if s[0] == key)  # university department
        text = f"<h1>Department of {escape(name)}</h1><p>Research, teaching and news from the department.</p>"
        return self.page(host, name, text + _a(self.list_url(host, f"sec:{slug}"), "Department news"), [(name, "")])

    def render_comments(self, a: Article, n: int) -> str:
        rng = random.Random(f"{self.seed}:comments:{a.idx}:{n}")
        rows = "".join(f"<li><b>{escape(rng.choice(V.PEOPLE))}</b> {escape(c)}</li>" for c in rng.sample(V.COMMENTS, 6))
        pager = " ".join(_a(a.path + "comments/" + (f"?page={k}" if k > 1 else ""), f"Page {k}")
                         for k in range(1, a.pages + 1))  # fmt: skip
        main = f"<h1>Comments: {_a(a.path, escape(a.title))}</h1><ol>{rows}</ol><p>{pager}</p>"
        return self.page(a.host, f"Comments on {a.title}", main, [("Comments", "")])

    def render(self, host: str, kind: str, key: object, n: int) -> str:
        """The page a route names: ``(kind, key, n)`` as registered by the web."""
        if kind == "list":
            return self.render_list(host, str(key), n)
        if kind == "home":
            return self.render_home(host)
        if kind in ("static", "archive", "dept"):
            return self.render_misc(host, kind, str(key))
        a = self.articles[int(str(key))]
        return self.render_comments(a, n) if kind == "comments" else self.render_article(a, kind, n)

    def render_asset(self, host: str, path: str) -> Reply:
        if path == "/robots.txt":
            return Reply(200, "User-agent: *\n" + ROBOTS.get(host, "Disallow:\n"), {"Content-Type": "text/plain"})
        if path.startswith("/img/"):
            return Reply(200, _IMG, {"Content-Type": "image/gif"})
        return Reply(200, "body{font-family:sans-serif}", {"Content-Type": "text/css"})
