"""A hostile fixture web: traps, bombs, stalls, bad redirects, robots.txt variants, bad charsets.

Four hosts (see :data:`HOSTS`) serve, between them, 20 content pages whose true
text is known (:attr:`HostileWeb.pages`) in GBK, GB2312, GB18030 (with four-byte
characters) and UTF-8, with the charset in the header, only in a late ``<meta>``,
nowhere, or declared wrongly; and everything a crawler should survive:

``/bomb.gz`` ``/bomb.deflate`` ``/bomb.br``
    compression bombs (a few MB on the wire, ``bomb_size`` bytes decompressed)
``/endless`` ``/stall`` ``/silent``
    a body that never ends, headers then nothing, no answer at all
``/loop/a`` ``/refresh/a``
    a redirect loop and a meta-refresh loop
``/challenge``
    a self-redirect that sets a cookie (the content is served once the cookie comes back)
``/to-file`` ``/to-data`` ``/to-internal``
    redirects to ``file:``, ``data:`` and a loopback host (the ``internal`` site)
``/cal?d=``
    a calendar linking to the next and previous day forever
``/s/list?sid=`` ``/rep/x/`` ``/grow?p=1``
    session ids, repeated path segments, growing query strings
``/malformed`` ``/big``
    broken HTML, an 8 MB page
``/private/``
    disallowed by robots.txt, which also has ``Crawl-delay`` (alt host) and ``Sitemap:``

The ``down`` host's robots.txt answers 500 and the ``mute`` host's never answers,
so RFC 9309 crawlers fetch nothing else there.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import threading
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from topiccrawl.demo.server import Reply, SiteRequest, html, not_found

# Site name -> loopback address. "internal" plays a private service that a
# public page redirects to; the others play public hosts.
HOSTS = {
    "main": "127.0.0.2",
    "alt": "127.0.0.3",
    "slow": "127.0.0.6",
    "down": "127.0.0.4",
    "mute": "127.0.0.5",
    "internal": "127.0.0.1",
}
CHALLENGE_COOKIE = "tc_challenge=passed"
CRAWL_DELAY = 1  # seconds, asked by the "slow" host's robots.txt
_FOUR_BYTE = "𠀀𠀁𠀂𪚥"  # CJK Extension B: GB18030 four-byte sequences, not in GBK

_TEXTS = [
    "武昌起义爆发于一九一一年十月十日，新军工程营首先发难，揭开了辛亥革命的序幕，各省纷纷响应。",
    "论坛新人报到，我主要关注数码产品和摄影器材，希望和大家多多交流，有问题一起讨论，谢谢各位。",
    "今天天气晴朗，我们全家去植物园散步，樱花开得正好，顺便拍了很多照片，晚上回家整理相册。",
    "孙中山先生提出三民主义，即民族、民权、民生，这一思想对近代中国的政治发展影响深远。",
    "这款手机的电池续航表现不错，连续使用一天没有问题，拍照效果也令人满意，夜景模式尤其出色。",
    "黄花岗起义是同盟会在广州发动的一次重要武装起义，虽然失败，但极大地鼓舞了革命党人的斗志。",
    "周末的篮球比赛非常精彩，双方一直咬得很紧，最后打到了加时赛，主队凭借一记三分球获胜。",
    "湖北军政府成立以后，黎元洪被推举为都督，军政府随即通电全国，号召各省起来推翻清朝统治。",
    "保路运动在四川兴起，成都请愿群众遭到镇压，清政府调湖北新军入川，成为武昌起义的导火索。",
    "小区门口新开了一家面馆，牛肉面汤头浓郁，面条劲道，价格也很实惠，下班以后经常去吃一碗。",
]

# (charset, declaration) of the 20 pages. Declarations: "header" (charset in
# Content-Type), "late-meta" (only in a <meta> after 6 KB of script), "none",
# "wrong-utf8" / "wrong-latin1" (the header names the wrong charset).
VARIANTS = [
    ("utf-8", "header"),
    ("gbk", "late-meta"),
    ("gbk", "none"),
    ("gb2312", "wrong-utf8"),
    ("gbk", "wrong-latin1"),
    ("gb18030", "late-meta"),
    ("utf-8", "none"),
    ("gb2312", "header"),
    ("gb18030", "none"),
    ("gbk", "wrong-utf8"),
    ("gbk", "header"),
    ("utf-8", "late-meta"),
    ("utf-8", "none"),
    ("gb2312", "none"),
    ("utf-8", "wrong-latin1"),
    ("gb18030", "wrong-latin1"),
    ("gbk", "none"),
    ("utf-8", "header"),
    ("gb2312", "late-meta"),
    ("gb18030", "header"),
]


@dataclass(frozen=True, slots=True)
class ContentPage:
    """One content page and its ground truth."""

    number: int
    site: str  # which host serves it
    path: str
    title: str
    text: str  # the true text of the page's article
    charset: str
    declared: str
    twin: int | None  # the page with the same title and text in another encoding


def _content_pages() -> list[ContentPage]:
    texts = [
        f"{_TEXTS[i % 10]}生僻字{_FOUR_BYTE}也要正确。" if charset == "gb18030" else _TEXTS[i % 10]
        for i, (charset, _declared) in enumerate(VARIANTS)
    ]
    pages = []
    for i, (charset, declared) in enumerate(VARIANTS):
        twin = (i + 10) % 20
        pages.append(
            ContentPage(
                number=i,
                site="alt" if i % 5 == 4 else "main",
                path="/challenge" if i == 7 else f"/p/{i}.html",
                title=f"第{i % 10}篇",
                text=texts[i],
                charset=charset,
                declared=declared,
                twin=twin if texts[twin] == texts[i] else None,
            )
        )
    return pages


def _page_html(page: ContentPage) -> str:
    head = f"<title>{page.title}</title>"
    if page.declared == "late-meta":
        # Kilobytes of inline script before the only charset declaration.
        script = "<script>var cfg = {" + ",".join(f'"k{i}": "{"x" * 40}"' for i in range(150)) + "};</script>"
        head = f'{script}<meta http-equiv="Content-Type" content="text/html; charset={page.charset}">{head}'
    return (
        f"<!DOCTYPE html><html><head>{head}</head><body>"
        f'<div id="nav"><a href="/">首页</a></div>'
        f'<div class="article"><h1>{page.title}</h1><p>{page.text}</p></div>'
        "</body></html>"
    )


def _content_reply(page: ContentPage) -> Reply:
    body = _page_html(page).encode(page.charset)
    header = {
        "header": f"text/html; charset={page.charset}",
        "late-meta": "text/html",
        "none": "text/html",
        "wrong-utf8": "text/html; charset=utf-8",
        "wrong-latin1": "text/html; charset=iso-8859-1",
    }[page.declared]
    return Reply(200, body, {"Content-Type": header})


@functools.cache
def _bomb(encoding: str, size: int) -> bytes:
    """``size`` zero bytes compressed with ``encoding`` (cached: building a bomb takes seconds)."""
    chunk = b"\0" * (1 << 20)
    if encoding == "br":
        import brotli

        brot = brotli.Compressor(quality=1)
        out = [brot.process(chunk) for _ in range(size // len(chunk))]
        out.append(brot.process(b"\0" * (size % len(chunk))))
        out.append(brot.finish())
        return b"".join(out)
    wbits = 31 if encoding == "gzip" else 15  # gzip container, or zlib (HTTP "deflate")
    comp = zlib.compressobj(9, zlib.DEFLATED, wbits)
    parts = [comp.compress(chunk) for _ in range(size // len(chunk))]
    parts.append(comp.compress(b"\0" * (size % len(chunk))))
    parts.append(comp.flush())
    return b"".join(parts)


def _links(hrefs: list[tuple[str, str]]) -> str:
    return "".join(f'<li><a href="{href}">{text}</a></li>' for href, text in hrefs)


def _doc(title: str, body: str) -> Reply:
    return html(f"<!DOCTYPE html><html><head><title>{title}</title></head><body>{body}</body></html>")


@dataclass
class HostileSite:
    """One host of the hostile web; ``name`` is a key of :data:`HOSTS`."""

    name: str
    web: HostileWeb

    def bind(self, base_urls: dict[str, str]) -> None:
        self.web.base_urls = dict(base_urls)

    def handle(self, request: SiteRequest) -> Reply:
        return self.web.handle(self.name, request)


@dataclass
class HostileWeb:
    """The whole hostile web: build sites with :meth:`sites`, serve with ``FixtureWeb(web.sites(), HOSTS)``.

    ``bomb_size`` is the decompressed size of the compression bombs,
    ``big_size`` the size of the big page, ``hang_seconds`` how long the stalling
    endpoints hang (they also stop when :meth:`release` is called),
    ``down_robots_failures`` how many times the ``down`` host's robots.txt
    answers 500 before it recovers (allowing everything).
    """

    bomb_size: int = 1 << 30
    big_size: int = 8 * 1024 * 1024
    hang_seconds: float = 600.0
    pages: list[ContentPage] = field(default_factory=_content_pages)
    base_urls: dict[str, str] = field(default_factory=dict)
    down_robots_failures: int = 1_000_000
    _released: threading.Event = field(default_factory=threading.Event)
    _down_robots_requests: int = 0

    def sites(self) -> dict[str, HostileSite]:
        return {name: HostileSite(name, self) for name in HOSTS}

    def warm(self) -> HostileWeb:
        """Build the compression bombs now (seconds for large ones), not while a crawler waits."""
        for encoding in ("gzip", "deflate", "br"):
            _bomb(encoding, self.bomb_size)
        return self

    def release(self) -> None:
        """Let hanging handlers return (call before stopping the servers)."""
        self._released.set()

    def seeds(self) -> list[str]:
        """Start URLs of a crawl: the front page of every public host."""
        return [self.base_urls[name] + "/" for name in ("main", "alt", "slow", "down", "mute")]

    def page_url(self, page: ContentPage) -> str:
        return self.base_urls[page.site] + page.path

    def handle(self, site: str, request: SiteRequest) -> Reply:  # noqa: PLR0911 - one branch per kind of host
        if request.path == "/robots.txt":
            return self._robots(site)
        if site == "internal":
            return _doc("internal", "<p>internal admin console: must never be fetched from a public page</p>")
        for page in self.pages:
            if page.site == site and page.path == request.path:
                if page.path == "/challenge" and CHALLENGE_COOKIE not in request.headers.get("cookie", ""):
                    # An anti-crawler challenge: redirect to the same URL with a cookie.
                    return Reply(302, b"", {"Location": request.path, "Set-Cookie": f"{CHALLENGE_COOKIE}; Path=/"})
                return _content_reply(page)
        if request.path in {"/", "/index.html"}:
            return self._index(site)
        if site != "main":
            return _doc(f"{site} page", f'<p>page {request.path} of {site}</p><a href="/">home</a>')
        return self._main(request)

    def _robots(self, site: str) -> Reply:  # noqa: PLR0911 - one variant per host
        text = "text/plain"
        if site == "main":
            sitemap = self.base_urls.get("main", "") + "/sitemap.xml"
            body = f"User-agent: *\nDisallow: /private/\n\nSitemap: {sitemap}\n"
            return Reply(200, body, {"Content-Type": text})
        if site == "alt":
            return Reply(404, "not found", {"Content-Type": text})
        if site == "slow":
            return Reply(200, f"User-agent: *\nCrawl-delay: {CRAWL_DELAY}\nAllow: /\n", {"Content-Type": text})
        if site == "down":
            # A server error that goes away: RFC 9309 crawlers try again later.
            self._down_robots_requests += 1
            if self._down_robots_requests <= self.down_robots_failures:
                return Reply(500, "<h1>Internal Server Error</h1>", {"Content-Type": "text/html"})
            return Reply(200, "User-agent: *\nAllow: /\n", {"Content-Type": text})
        if site == "mute":
            self._released.wait(self.hang_seconds)  # never answers
            return Reply(500, b"")
        return Reply(200, "User-agent: *\nAllow: /\n", {"Content-Type": text})

    def _index(self, site: str) -> Reply:
        hrefs = [(self.page_url(p), p.title) for p in self.pages if p.site == site]
        if site == "main":
            hrefs += [
                (path, path)
                for path in [
                    "/bomb.gz",
                    "/bomb.deflate",
                    "/bomb.br",
                    "/endless",
                    "/stall",
                    "/silent",
                    "/loop/a",
                    "/refresh/a",
                    "/to-file",
                    "/to-data",
                    "/to-internal",
                    "/cal?d=2024-01-01",
                    "/s/list?sid=0123456789abcdef0123456789abcdef",
                    "/rep/x/",
                    "/grow?p=1",
                    "/malformed",
                    "/big",
                    "/private/secret.html",
                ]
            ]
            hrefs += [(self.base_urls.get(s, "") + "/", s) for s in ("alt", "slow", "down", "mute")]
        if site in {"down", "mute", "slow"}:
            hrefs += [(f"/d/{i}.html", f"d{i}") for i in range(3)]
        return _doc(f"{site} index", f"<ul>{_links(hrefs)}</ul>")

    def _main(self, request: SiteRequest) -> Reply:  # noqa: PLR0911, PLR0912 - one branch per endpoint
        path = request.path
        if path.startswith("/bomb."):
            encoding = {"/bomb.gz": "gzip", "/bomb.deflate": "deflate", "/bomb.br": "br"}.get(path)
            if encoding is None:
                return not_found()
            body = _bomb(encoding, self.bomb_size)
            return Reply(200, body, {"Content-Type": "text/html", "Content-Encoding": encoding})
        if path == "/endless":
            return Reply(200, b"", {"Content-Type": "text/html"}, stream=self._endless())
        if path == "/stall":
            return Reply(200, b"", {"Content-Type": "text/html"}, stream=self._stall())
        if path == "/silent":
            self._released.wait(self.hang_seconds)
            return Reply(504, b"")
        if path in {"/loop/a", "/loop/b"}:
            return Reply(302, b"", {"Location": "/loop/b" if path == "/loop/a" else "/loop/a"})
        if path in {"/refresh/a", "/refresh/b"}:
            target = "/refresh/b" if path == "/refresh/a" else "/refresh/a"
            return html(f'<html><head><meta http-equiv="refresh" content="0; url={target}"></head><body></body></html>')
        if path == "/to-file":
            return Reply(302, b"", {"Location": "file:///etc/passwd"})
        if path == "/to-data":
            return Reply(302, b"", {"Location": "data:text/html,<a href='/'>x</a>"})
        if path == "/to-internal":
            return Reply(302, b"", {"Location": self.base_urls.get("internal", "") + "/admin"})
        if path == "/cal":
            return self._calendar(request.param("d") or "2024-01-01")
        if path == "/s/list":
            # Every page hands out a fresh session id in every link.
            sid = hashlib.md5(request.target.encode()).hexdigest()  # an id, not security
            links = [(f"/s/list?sid={sid}&page={n}", f"page {n}") for n in (1, 2)]
            links.append((f"/s/item;jsessionid={sid[:16]}", "item"))
            return _doc("session list", f"<ul>{_links(links)}</ul>")
        if path.startswith("/s/item"):
            return _doc("session item", "<p>item</p>")
        if path.startswith("/rep/"):
            return _doc("repeat", '<a href="x/">deeper</a> <a href="../x/x/">sideways</a>')
        if path == "/grow":
            target = request.target + f"&p{len(request.query)}=1"
            return _doc("grow", f'<a href="{target}">more</a>')
        if path == "/malformed":
            body = (
                "<html><head><title>broken</title><body><div><p>unclosed <b><i>nesting</b></i>"
                '<table><tr><td><a href="/p/0.html">first article</a><td><a href=/p/1.html>no quotes'
                f'<a href="{self.base_urls.get("down", "")}/d/0.html">down</a>'
                "</div></div></div><script>document.write('<a href=\"/x\">')</scr"
                "\x00\x01 <![CDATA[ stray ]]> &bogus; &#xD800; <a href='/malformed#frag'>self</a>"
            )
            return Reply(200, body.encode("utf-8", "surrogatepass"), {"Content-Type": "text/html; charset=utf-8"})
        if path == "/big":
            para = "<p>" + "大页面填充文字。" * 100 + "</p>\n"
            count = self.big_size // len(para.encode("utf-8"))
            return html(f"<html><head><title>big</title></head><body>{para * count}</body></html>")
        if path == "/sitemap.xml":
            urls = "".join(f"<url><loc>{self.page_url(p)}</loc></url>" for p in self.pages)
            body = f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>'
            return Reply(200, body, {"Content-Type": "application/xml"})
        if path.startswith("/private/"):
            return _doc("private", "<p>disallowed by robots.txt</p>")
        return not_found()

    def _calendar(self, day: str) -> Reply:
        try:
            date = dt.date.fromisoformat(day)
        except ValueError:
            return not_found()
        one = dt.timedelta(days=1)
        links = [(f"/cal?d={(date - one).isoformat()}", "前一天"), (f"/cal?d={(date + one).isoformat()}", "后一天")]
        return _doc(f"日历 {date}", f"<p>{date} 没有活动</p><ul>{_links(links)}</ul>")

    def _endless(self) -> Iterator[bytes]:
        yield b"<html><body>"
        chunk = b"<p>" + b"endless " * 8000 + b"</p>\n"
        while not self._released.is_set():
            yield chunk

    def _stall(self) -> Iterator[bytes]:
        yield b"<html><body><p>headers sent, now waiting"
        self._released.wait(self.hang_seconds)
