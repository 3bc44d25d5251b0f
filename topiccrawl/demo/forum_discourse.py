"""Discourse fixture forum, as Discourse serves crawlers and browsers without JavaScript.

No ``.php``, no page numbers: categories are ``/c/SLUG/ID`` with 0-based ``?page=1`` pages,
topics ``/t/SLUG/ID`` with 1-based ``?page=2`` pages of 20 posts, and both page only through
'next page' (and, on topics, 'previous page') links. The home page is the latest topics of all
categories (``/latest?page=N``), ``/categories`` the board index. Topic rows carry tags
(``/tag/NAME`` lists are noise: the same topics again), a category badge and an activity link
to the last post (``/t/SLUG/ID/N``, the page holding post N: noise); a post is a
``div.crawler-post`` with its author, a ``<time>`` with a long English date ('January 2, 2024,
3:35am') and its number; quotes are ``<aside class="quote">`` (no date, as in Discourse); posts
their authors withdrew stay in the thread, and under each topic a 'Suggested Topics' list.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html import escape

from topiccrawl.demo.forums_base import ENGLISH, _Board, _FixtureForum, _Post, _Thread, pick_quotes, post_datetime
from topiccrawl.demo.server import SiteRequest

SITE = "Gadget Community"
TAGS = ["battery", "wifi", "camera", "firmware", "charger"]
_FOOTER = [
    ("/", "Home"),
    ("/categories", "Categories"),
    ("/guidelines", "FAQ/Guidelines"),
    ("/tos", "Terms of Service"),
]
WITHDRAWN = "(post withdrawn by author, will be automatically deleted in 24 hours unless flagged)"


def shown_time(post: _Post) -> str:
    when = post_datetime(post)
    clock = f"{when.hour % 12 or 12}:{when.minute:02d}{'am' if when.hour < 12 else 'pm'}"
    return f"{when:%B} {when.day}, {when.year}, {clock}"


def slug(text: str) -> str:
    return "-".join(re.findall(r"[a-z]+", text.lower())[:5]) or "topic"


class DiscourseForum(_FixtureForum):
    """Discourse's crawler view: ``/c/slug/2?page=1``, ``/t/slug/105?page=2``, next-only pagers."""

    name = "discourse"
    vocab = replace(ENGLISH, deleted_rate=0.03)
    posts_per_page = 20  # Discourse's fixed chunk size
    threads_per_page = 15  # the site's 'topic page size' setting (Discourse's default is 30)
    routes = [
        (r"/|/latest(?:\?page=(?P<page>\d+))?", "_index"),
        (r"/categories", "_index_categories"),
        (r"/c/[\w-]+/(?P<fid>\d+)(?:\?page=(?P<page>\d+))?", "_board"),
        (r"/t/[\w-]+/(?P<tid>\d+)(?:\?page=(?P<page>\d+))?", "_thread"),
        (r"/t/[\w-]+/(?P<tid>\d+)/(?P<n>\d+)", "_noise_postlink"),
        (r"/t/[\w-]+/(?P<tid>\d+)/print", "_noise_print"),
        (r"/tag/(?P<tag>\w+)(?:\?page=(?P<page>\d+))?", "_noise_tag"),
        (r"/u/(?P<user>\w+)", "_noise_profile"),
        (r"/(?:login|signup|guidelines|tos|privacy)", "_noise_static"),
    ]

    def __init__(self, *, size: float = 1.0, charset: str = "utf-8", seed: int = 43) -> None:
        super().__init__(size=size, charset=charset, seed=seed)
        self.quotes = pick_quotes(self.data, seed + 1, 0.25)
        self.slugs = {t.tid: slug(t.title) for t in self.data.threads.values()}
        self.position = {p.pid: i + 1 for t in self.data.threads.values() for i, p in enumerate(t.posts)}

    # -- truth -----------------------------------------------------------------
    def tags(self, t: _Thread) -> list[str]:
        return [TAGS[t.tid % 5], TAGS[(t.tid * 3 + 1) % 5]][: 1 + t.tid % 2]

    def latest(self, threads: list[_Thread]) -> list[_Thread]:
        """Pinned topics first, then by last activity."""
        return sorted(threads, key=lambda t: (not t.sticky, -t.posts[-1].pid))

    def list_pages(self, threads: list[_Thread]) -> int:
        return max(1, -(-len(threads) // self.threads_per_page))

    def canonical(self, target: str) -> str | None:
        found = self._route(target)
        if found is None:
            return None
        handler, m = found
        page = int(m["page"] or 0) if "page" in m.re.groupindex else 0
        if handler.__name__ == "_index":
            return f"/latest?page={page}" if page else "/"
        if handler.__name__ == "_index_categories":
            return "/categories"
        if handler.__name__ == "_board":
            return self.board_target(int(m["fid"]), page + 1)
        return super().canonical(target)

    def index_targets(self) -> frozenset[str]:
        latest = {f"/latest?page={n}" for n in range(1, self.list_pages(list(self.data.threads.values())))}
        boards = {
            self.board_target(b.fid, n) for b in self.data.boards for n in range(1, self.list_pages(b.threads) + 1)
        }
        return frozenset({"/", "/categories"} | latest | boards)

    def board_target(self, fid: int, page: int) -> str:
        board = self.data.board_by_fid[fid]
        return f"/c/{slug(board.name)}/{fid}" + (f"?page={page - 1}" if page > 1 else "")

    def thread_target(self, tid: int, page: int) -> str:
        return f"/t/{self.slugs[tid]}/{tid}" + (f"?page={page}" if page > 1 else "")

    def post_anchor(self, post: _Post) -> str:
        return f"post_{self.position[post.pid]}"

    def truth_time(self, post: _Post) -> str:
        return shown_time(post)

    def truth_text(self, post: _Post) -> str:
        if post.deleted:
            return WITHDRAWN
        quoted = self.quotes.get(post.pid)
        quote = f"{quoted.author}: {' '.join(quoted.paragraphs)} " if quoted else ""
        return quote + " ".join(post.paragraphs)

    # -- rendering -------------------------------------------------------------
    def _page(self, req: SiteRequest, title: str, body: str, canonical: str) -> str:
        nav = "".join(
            f"<li itemscope itemtype='http://schema.org/SiteNavigationElement'><span itemprop='name'>"
            f"<a href='{href}' itemprop='url'>{label} </a></span></li>"
            for href, label in _FOOTER
        )
        return (
            f'<!DOCTYPE html><html lang="en"><head><meta charset="{self.charset}">'
            f"<title>{escape(title)} - {SITE}</title>"
            f'<meta name="description" content="{escape(title)}">'
            f'<link rel="canonical" href="{req.base_url}{canonical}">'
            '<link rel="alternate" type="application/rss+xml" title="RSS" href="/latest.rss"></head>'
            '<body class="crawler"><header><a href="/"><img src="/uploads/logo.png" '
            f'alt="{SITE}" id="site-logo"></a><a href="/login" class="login-button">Log In</a>'
            f'<a href="/signup">Sign Up</a></header><div id="main-outlet" class="wrap" role="main">{body}</div>'
            f"<footer class='container wrap'><nav class='crawler-nav'><ul>{nav}</ul></nav>"
            "<p class='powered-by-link'>Powered by <a href=\"https://www.discourse.org\">Discourse</a>, "
            "best viewed with JavaScript enabled</p></footer></body></html>"
        )

    def _tag_links(self, t: _Thread) -> str:
        return "".join(f"<a href='/tag/{g}' class='discourse-tag'>{g}</a>" for g in self.tags(t))

    def _table(self, threads: list[_Thread], start: int = 0) -> str:
        rows = []
        for pos, t in enumerate(threads, start + 1):
            b = self.data.board_by_fid[t.board]
            last = t.posts[-1]
            rows.append(
                f"<tr class='topic-list-item'><td class='main-link' itemprop='itemListElement' itemscope "
                f"itemtype='http://schema.org/ListItem'><meta itemprop='position' content='{pos}'>"
                f"<span class='link-top-line'><a itemprop='url' href='{self.thread_target(t.tid, 1)}' "
                f"class='title raw-link raw-topic-link'>{escape(t.title)}</a></span>"
                f"<div class='link-bottom-line'><a href='{self.board_target(b.fid, 1)}' class='badge-wrapper bullet'>"
                f"<span class='badge-category-bg'></span><span class='category-name'>{escape(b.name)}</span></a>"
                f"<div class='discourse-tags'>{self._tag_links(t)}</div></div></td>"
                f"<td class='replies'><span class='posts' title='posts'>{len(t.posts) - 1}</span></td>"
                f"<td class='views'><span class='views' title='views'>{t.tid * 13 % 700}</span></td>"
                f"<td class='activity'><a href='/t/{self.slugs[t.tid]}/{t.tid}/{len(t.posts)}'>"
                f"{shown_time(last).rsplit(',', 1)[0]}</a></td></tr>"
            )
        return (
            "<div class='topic-list-container' itemscope itemtype='http://schema.org/ItemList'>"
            "<table class='topic-list'><thead><tr><th>Topic</th><th class='replies'>Replies</th>"
            f"<th class='views'>Views</th><th>Activity</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        )

    def _listing(self, req: SiteRequest, threads: list[_Thread], base: str, page: int, title: str) -> str | None:
        """Page ``page`` (0-based) of a topic list, with a 'next page' link and nothing else to page by."""
        per = self.threads_per_page
        if not 0 <= page < self.list_pages(threads):
            return None
        nav = ""
        if (page + 1) * per < len(threads):
            sep = "&" if "?" in base else "?"
            nav = (
                "<div class='navigation' role='navigation' itemscope "
                "itemtype='http://schema.org/SiteNavigationElement'><span itemprop='name'><b>"
                f"<a rel='next' itemprop='url' href='{base}{sep}page={page + 1}'>next page</a></b></span></div>"
            )
        canonical = base + (f"?page={page}" if page else "")
        body = f"<h1>{escape(title)}</h1>{self._table(threads[page * per : (page + 1) * per], page * per)}{nav}"
        return self._page(req, title, body, "/" if canonical == "/latest" else canonical)

    def _index(self, m: re.Match[str], req: SiteRequest) -> str | None:
        threads = self.latest(list(self.data.threads.values()))
        return self._listing(req, threads, "/latest", int(m["page"] or 0), "Latest topics")

    def _index_categories(self, m: re.Match[str], req: SiteRequest) -> str:
        rows = "".join(
            f"<tr><td class='category'><h3><a href='{self.board_target(b.fid, 1)}'>{escape(b.name)}</a></h3>"
            f"<div class='category-description'>Talk about {escape(b.name.lower())} here</div></td>"
            f"<td class='topics'><span class='value'>{len(b.threads)}</span><span class='unit'>/ week</span></td></tr>"
            for b in self.data.boards
        )
        body = f"<h1>Categories</h1><table class='category-list'><tbody>{rows}</tbody></table>"
        return self._page(req, "Categories", body, "/categories")

    def _board(self, m: re.Match[str], req: SiteRequest) -> str | None:
        board: _Board | None = self.data.board_by_fid.get(int(m["fid"]))
        if board is None:
            return None
        base = self.board_target(board.fid, 1)
        return self._listing(req, self.latest(board.threads), base, int(m["page"] or 0), board.name)

    def _post(self, t: _Thread, p: _Post) -> str:
        n = self.position[p.pid]
        quoted = self.quotes.get(p.pid)
        quote = ""
        if quoted:
            quote = (
                f'<aside class="quote no-group" data-username="{quoted.author}" '
                f'data-post="{self.position[quoted.pid]}" '
                f'data-topic="{t.tid}"><div class="title"><div class="quote-controls"></div><img alt="" width="24" '
                f'height="24" src="/user_avatar/{quoted.author}/48/1.png" class="avatar"> {escape(quoted.author)}:'
                f"</div><blockquote>{''.join(f'<p>{escape(x)}</p>' for x in quoted.paragraphs)}</blockquote></aside>"
            )
        text = [WITHDRAWN] if p.deleted else p.paragraphs
        when = post_datetime(p)
        likes = f"<span class='post-likes'>{p.pid % 7} Likes</span>" if p.pid % 7 else ""
        return (
            f"<div id='post_{n}' itemprop='comment' itemscope itemtype='http://schema.org/Comment' "
            "class='topic-body crawler-post'><div class='crawler-post-meta'><span class='creator' itemprop='author' "
            f"itemscope itemtype='http://schema.org/Person'><a itemprop='url' href='/u/{p.author}'>"
            f"<span itemprop='name'>{escape(p.author)}</span></a></span>"
            f"<link itemprop='mainEntityOfPage' href='{self.thread_target(t.tid, 1)}'>"
            f"<span class='crawler-post-infos'><time itemprop='datePublished' datetime='{when:%Y-%m-%dT%H:%M:%SZ}' "
            f"class='post-time'>{shown_time(p)}</time><span itemprop='position'>{n}</span></span></div>"
            f"<div class='post' itemprop='text'>{quote}{''.join(f'<p>{escape(x)}</p>' for x in text)}</div>"
            f"<div itemprop='interactionStatistic'>{likes}</div></div>"
        )

    def _thread(self, m: re.Match[str], req: SiteRequest, page: int | None = None) -> str | None:
        t = self.data.threads.get(int(m["tid"]))
        page = page or int(m["page"] or 1)
        if t is None or not 1 <= page <= self.data.thread_pages(t):
            return None
        b = self.data.board_by_fid[t.board]
        per = self.posts_per_page
        nav = []
        if page > 1:
            prev = self.thread_target(t.tid, page - 1)
            nav.append(f"<span itemprop='name'><a href='{prev}' rel='prev' itemprop='url'>← previous page</a></span>")
        if page < self.data.thread_pages(t):
            nxt = self.thread_target(t.tid, page + 1)
            nav.append(f"<span itemprop='name'><a href='{nxt}' rel='next' itemprop='url'>next page →</a></span>")
        others = [x for x in self.latest(b.threads) if x is not t][:5]
        body = (
            f"<div id='topic-title'><h1><a href='{self.thread_target(t.tid, 1)}'>{escape(t.title)}</a></h1>"
            f"<div class='topic-category'><a href='{self.board_target(b.fid, 1)}' class='badge-wrapper bullet'>"
            f"<span class='category-name' itemprop='name'>{escape(b.name)}</span></a></div>"
            f"<div class='topic-tags'>{self._tag_links(t)}</div></div>"
            "<div itemscope itemtype='http://schema.org/DiscussionForumPosting'>"
            f"<meta itemprop='headline' content='{escape(t.title)}'>"
            f"{''.join(self._post(t, p) for p in t.posts[(page - 1) * per : page * per])}</div>"
            f"<div role='navigation' class='topic-body crawler-post'>{''.join(nav)}</div>"
            f"<div id='suggested-topics'><h3>Suggested Topics</h3>{self._table(others)}</div>"
        )
        return self._page(req, t.title, body, self.thread_target(t.tid, page))

    def _noise_postlink(self, m: re.Match[str], req: SiteRequest) -> str | None:
        t = self.data.threads.get(int(m["tid"]))
        n = int(m["n"])
        if t is None or not 1 <= n <= len(t.posts):
            return None
        return self._thread(m, req, (n - 1) // self.posts_per_page + 1)

    def _noise_print(self, m: re.Match[str], req: SiteRequest) -> str | None:
        t = self.data.threads.get(int(m["tid"]))
        if t is None:
            return None
        posts = "".join(f"<div><b>{p.author}</b> {shown_time(p)}<p>{self.truth_text(p)}</p></div>" for p in t.posts)
        return f"<html><head><title>{escape(t.title)}</title></head><body>{posts}</body></html>"

    def _noise_tag(self, m: re.Match[str], req: SiteRequest) -> str | None:
        if m["tag"] not in TAGS:
            return None
        threads = self.latest([t for t in self.data.threads.values() if m["tag"] in self.tags(t)])
        return self._listing(req, threads, f"/tag/{m['tag']}", int(m["page"] or 0), f"Topics tagged {m['tag']}")

    def _noise_profile(self, m: re.Match[str], req: SiteRequest) -> str | None:
        name = m["user"]
        if name not in self.vocab.names:
            return None
        return self._page(req, name, f"<h1>{name}</h1><p>Joined March 2021</p>", f"/u/{name}")

    def _noise_static(self, m: re.Match[str], req: SiteRequest) -> str:
        return self._page(req, SITE, f"<h1>{SITE}</h1><p>Please log in.</p>", req.path)
