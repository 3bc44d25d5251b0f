"""Templates of the NodeBB 3.x fixture forum (Harmony theme, guest view, server-side rendered): the chrome (left
sidebar ``nav[component="sidebar/left"]`` with ``ul#main-nav``, the right sidebar with search, register and login,
``ol.breadcrumb``, the footer), the categories list (``partials/categories/item.tpl`` and ``lastpost.tpl``), the
topic list (``partials/topics_list.tpl``), the topic page (``topic.tpl`` and ``partials/topic/post.tpl``), the
posts list of profiles and search (``partials/posts_list.tpl``) and ``partials/paginator.tpl``.

:mod:`topiccrawl.demo.forum_nodebb` holds the content, the routing, the truth and says what is imitated. Links are
root-relative (``config.relative_path``) and, in attributes written by benchpress, have their slashes escaped as
``&#x2F;`` in the navigation (as NodeBB's ``{./route}`` does); canonical and ``og:url`` links and the mentions
plugin's ``/uid/{uid}`` links are absolute. Times are ISO 8601 in the ``title`` of an empty ``span.timeago`` (the
client fills in '3 days ago'); numbers go through ``humanReadableNumber`` ('1.2k') with the exact count in
``title``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from html import escape
from typing import TYPE_CHECKING
from urllib.parse import quote, urlsplit

from topiccrawl.demo.server import SiteRequest

if TYPE_CHECKING:
    from topiccrawl.demo.forum_nodebb import Category, NodebbData, Post, Topic, User

NOW = datetime(2025, 5, 20, 9, 41, 7)  # the forum's clock (UTC)
SITE = "NodeBB Community"
VERSION = "3.12.3"
CACHE_BUSTER = "u8ahcjgv3mn"
TOPICS_PER_PAGE = 20  # the guest's topicsPerPage
POSTS_PER_PAGE = 20  # the guest's postsPerPage
GROUPS = [("administrators", "Administrators"), ("global-moderators", "Global Moderators"),
          ("plugin-developers", "Plugin Developers")]  # fmt: skip


def esc(text: str) -> str:
    """``validator.escape``-like escaping of text and attribute values."""
    return escape(text, quote=True).replace("&#x27;", "&#x27;")


def bench(url: str) -> str:
    """Benchpress's escaping of a URL in an attribute: ``/`` as ``&#x2F;``."""
    return esc(url).replace("/", "&#x2F;")


def iso(when: datetime) -> str:
    """``timestampISO``: milliseconds and Z."""
    return f"{when:%Y-%m-%dT%H:%M:%S}.{when.microsecond // 1000:03d}Z"


def human(n: int) -> str:
    """``utils.makeNumberHumanReadable``."""
    if n >= 1_000_000:
        return f"{n / 1_000_000:.1f}m"
    if n >= 1000:
        return f"{n / 1000:.1f}k"
    return str(n)


def user_path(u: User) -> str:
    return "/user/" + quote(u.slug)


@dataclass(frozen=True)
class Ctx:
    """One request as a template sees it."""

    req: SiteRequest

    @property
    def base(self) -> str:
        return self.req.base_url

    @property
    def path(self) -> str:
        return urlsplit(self.req.target).path


_NAV = [
    ("/categories", "fa-list", "Categories"),
    ("/recent", "fa-clock-o", "Recent"),
    ("/tags", "fa-tags", "Tags"),
    ("/popular", "fa-fire", "Popular"),
    ("/users", "fa-user", "Users"),
    ("/groups", "fa-group", "Groups"),
]


class NodebbPages:
    """The templates. Mixed into :class:`~topiccrawl.demo.forum_nodebb.NodebbForum`, which provides the data."""

    data: NodebbData

    # -- small partials --------------------------------------------------------------------------
    def avatar(self, u: User, size: int, css: str = "avatar-rounded") -> str:
        """``buildAvatar``: the uploaded picture or a letter icon."""
        if u.picture:
            return (
                f'<img title="{esc(u.name)}" data-uid="{u.uid}" class="avatar {css}" alt="{esc(u.name)}" '
                f'loading="lazy" component="user/picture" src="{u.picture}" style="--avatar-size: {size}px;" '
                'onError="this.remove()" itemprop="image" />'
            )
        return (
            f'<span title="{esc(u.name)}" data-uid="{u.uid}" class="avatar {css}" component="user/picture" '
            f'style="--avatar-size: {size}px; background-color: {u.color};">{esc(u.name[:1].upper())}</span>'
        )

    def category_icon(self, c: Category, size: int = 40) -> str:
        return (
            '<span class="icon d-inline-flex justify-content-center align-items-center align-middle rounded-1 '
            f'flex-shrink-0" style="background-color: {c.bg}; border-color: {c.bg}!important; color: #ffffff; '
            f'width:{size}px; height: {size}px; font-size: {size // 2}px;"><i class="fa fa-fw {c.icon}"></i></span>'
        )

    def category_label(self, c: Category) -> str:
        """``buildCategoryLabel(category, "a", "border")``."""
        return (
            f'<a href="/category/{c.slug}" class="badge px-1 text-truncate text-decoration-none border" '
            f'style="color: #ffffff; background-color: {c.bg}; border-color: {c.bg}!important;">'
            f'<i class="fa fa-fw {c.icon}"></i> {esc(c.name)}</a>'
        )

    def stat(self, n: int, label: str) -> str:
        return (
            f'<span class="badge text-body border border-gray-300 stats text-xs"><span title="{n}" '
            f'class="fw-bold human-readable-number">{human(n)}</span> <span class="text-lowercase fw-normal">'
            f"{label}</span></span>"
        )

    def tag_list(self, tid: int, tags: list[str], css: str = "lh-1 tag-list d-flex flex-wrap gap-1") -> str:
        links = "".join(
            f'<a href="/tags/{quote(t)}"><span class="badge border border-gray-300 fw-normal tag tag-class-{t}" '
            f'data-tag="{esc(t)}">{esc(t)}</span></a>'
            for t in tags
        )
        hidden = "" if tags else " hidden"
        return f'<span data-tid="{tid}" component="topic/tags" class="{css}{hidden}">{links}</span>'

    def paginator(self, page: int, pages: int, extra: str = "") -> str:
        """``partials/paginator.tpl``: query-only links (``?page=N``); the current page is not a link."""
        if pages <= 1:
            return '<nav component="pagination" class="pagination-container hidden" aria-label="Pagination"></nav>'
        prev, nxt = max(1, page - 1), min(pages, page + 1)
        items = [
            f'<li class="page-item{" disabled" if page == 1 else ""}"><a class="page-link rounded fw-secondary px-3"'
            f' href="?page={prev}{extra}" data-page="{prev}" rel="prev" aria-label="Previous Page">'
            '<i class="fa fa-chevron-left"></i> </a></li>'
        ]
        for n in range(1, pages + 1):
            if n == page:
                items.append(
                    f'<li class="page-item page active"><a class="page-link rounded fw-secondary px-3" '
                    f'data-page="{n}" aria-current="page">{n}</a></li>'
                )
            else:
                items.append(
                    f'<li class="page-item page"><a class="page-link rounded fw-secondary px-3" '
                    f'href="?page={n}{extra}" data-page="{n}">{n}</a></li>'
                )
        items.append(
            f'<li class="page-item{" disabled" if page == pages else ""}"><a class="page-link rounded fw-secondary '
            f'px-3" href="?page={nxt}{extra}" data-page="{nxt}" rel="next" aria-label="Next Page">'
            '<i class="fa fa-chevron-right"></i> </a></li>'
        )
        return (
            '<nav component="pagination" class="pagination-container mt-3" aria-label="Pagination">\n'
            '<ul class="pagination pagination-sm gap-1 hidden-xs hidden-sm justify-content-center">\n'
            + "\n".join(items)
            + "\n</ul>\n"
            '<ul class="pagination pagination-sm hidden-md hidden-lg justify-content-center">'
            f'<li class="page-item{" disabled" if page == 1 else ""}"><a class="page-link" href="?page={prev}{extra}"'
            f' data-page="{prev}"><i class="fa fa-chevron-left"></i></a></li>'
            f'<li class="page-item"><a class="page-link" href="#"><span component="pagination/current-page">{page}'
            f"</span> / {pages}</a></li>"
            f'<li class="page-item{" disabled" if page == pages else ""}"><a class="page-link" '
            f'href="?page={nxt}{extra}" data-page="{nxt}"><i class="fa fa-chevron-right"></i></a></li></ul>\n</nav>'
        )

    def breadcrumbs(self, crumbs: list[tuple[str, str]]) -> str:
        """``partials/breadcrumbs.tpl``: (text, url) pairs, the last one current (no url)."""
        items = []
        for i, (text, url) in enumerate(crumbs, 1):
            if url:
                items.append(
                    '<li itemscope="itemscope" itemprop="itemListElement" itemtype="http://schema.org/ListItem" '
                    f'class="breadcrumb-item "><meta itemprop="position" content="{i}" />'
                    f'<a href="{url}" itemprop="item"><span class="fw-semibold" itemprop="name">{esc(text)}</span>'
                    "</a></li>"
                )
            else:
                items.append(
                    '<li component="breadcrumb/current" itemscope="itemscope" itemprop="itemListElement" '
                    'itemtype="http://schema.org/ListItem" class="breadcrumb-item active"><meta itemprop="position" '
                    f'content="{i}" /><span class="fw-semibold" itemprop="name">{esc(text)}</span></li>'
                )
        return (
            '<nav aria-label="breadcrumb" class="breadcrumbs">\n<ol class="breadcrumb mb-0" itemscope="itemscope" '
            'itemprop="breadcrumb" itemtype="http://schema.org/BreadcrumbList">\n'
            + "\n".join(items)
            + "\n</ol>\n</nav>"
        )

    def category_crumbs(self, c: Category, current: bool) -> list[tuple[str, str]]:
        chain = [*([c.parent] if c.parent else []), c]
        out = [("Home", "/")]
        out += [(x.name, "" if current and x is c else f"/category/{x.slug}") for x in chain]
        return out

    # -- the page --------------------------------------------------------------------------------
    def page(
        self,
        ctx: Ctx,
        title: str,
        content: str,
        *,
        template: str,
        body_class: str = "",
        canonical: str = "",
        links: Iterable[tuple[str, str]] = (),
        description: str = "",
        crumbs: list[tuple[str, str]] | None = None,
    ) -> str:
        """``header.tpl`` + content + ``footer.tpl`` of Harmony. ``title`` is raw text."""
        base = ctx.base
        full_title = f"{esc(title)} | {SITE}" if title else SITE
        link_tags = "".join(f'<link rel="{rel}" href="{href}" />\n' for rel, href in links)
        if canonical:
            link_tags += f'<link rel="canonical" href="{base}{canonical}" />\n'
        config = {
            "relative_path": "", "upload_url": "/assets/uploads", "asset_base_url": "/assets", "siteTitle": SITE,
            "browserTitle": SITE, "loggedIn": False, "uid": 0, "usePagination": False,
            "theme:id": "nodebb-theme-harmony",
            "cache-buster": f"v={CACHE_BUSTER}", "version": VERSION, "topicsPerPage": TOPICS_PER_PAGE,
            "postsPerPage": POSTS_PER_PAGE, "userLang": "en-GB", "defaultLang": "en-GB",
        }  # fmt: skip
        nav = "\n".join(
            f'<li class="nav-item mx-2{" active" if ctx.path == route else ""}" title="{label}">'
            f'<a class="nav-link navigation-link d-flex gap-2 justify-content-between align-items-center" '
            f'href="{bench(route)}" aria-label="{label}"><span class="d-flex gap-2 align-items-center text-nowrap '
            f'truncate-open"><span class="position-relative"><i class="fa fa-fw {icon}" data-content=""></i>'
            '<span component="navigation/count" class="visible-closed position-absolute top-0 start-100 '
            'translate-middle badge rounded-1 bg-primary hidden"></span></span><span class="nav-text small '
            f'visible-open fw-semibold text-truncate">{label}</span></span></a></li>'
            for route, icon, label in _NAV
        )
        crumb_html = self.breadcrumbs(crumbs) + "\n" if crumbs else ""
        return (
            '<!DOCTYPE html>\n<html lang="en-GB" data-dir="ltr" style="direction: ltr;">\n<head>\n'
            f"<title>{full_title}</title>\n"
            '<meta name="viewport" content="width&#x3D;device-width, initial-scale&#x3D;1.0" />\n'
            '<meta name="content-type" content="text/html; charset=UTF-8" />\n'
            '<meta name="apple-mobile-web-app-capable" content="yes" />\n'
            '<meta name="mobile-web-app-capable" content="yes" />\n'
            f'<meta property="og:site_name" content="{SITE}" />\n'
            f'<meta name="description" content="{esc(description or SITE)}" />\n'
            f'<meta property="og:title" content="{esc(title or SITE)}" />\n'
            + (f'<meta property="og:url" content="{base}{canonical}" />\n' if canonical else "")
            + f'<link rel="stylesheet" type="text/css" href="/assets/client.css?v={CACHE_BUSTER}" />\n'
            f'<link rel="icon" type="image/x-icon" href="/assets/uploads/system/favicon.ico?v={CACHE_BUSTER}" />\n'
            '<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials" />\n'
            f'<link rel="search" type="application/opensearchdescription+xml" title="{SITE}" href="/osd.xml" />\n'
            f"{link_tags}"
            f"<script>\nvar config = JSON.parse('{json.dumps(config, separators=(',', ':'))}');\n"
            'var app = { user: JSON.parse(\'{"uid":0,"username":"[[global:guest]]"}\') };\n</script>\n'
            "</head>\n"
            f'<body class="{body_class} template-{template} page-status-200 theme-harmony user-guest skin-noskin">\n'
            '<a class="visually-hidden-focusable position-absolute top-0 start-0 p-3 m-3 bg-body" style="z-index: '
            '1021;" href="#content">Skip to content</a>\n'
            '<div class="layout-container d-flex justify-content-between pb-4 pb-md-0">\n'
            '<nav component="sidebar/left" class="open text-dark bg-light sidebar sidebar-left start-0 border-end '
            'vh-100 d-none d-lg-flex flex-column justify-content-between sticky-top">\n'
            '<ul id="main-nav" class="list-unstyled d-flex flex-column w-100 gap-2 mt-2 overflow-y-auto">\n'
            f"{nav}\n</ul>\n"
            '<div class="sidebar-toggle-container align-self-start"><div class="sidebar-toggle m-2 d-none d-lg-block">'
            '<a href="#" role="button" component="sidebar/toggle" class="nav-link d-flex gap-2 align-items-center '
            'p-2 pointer w-100 text-nowrap" title="Expand" aria-label="Sidebar Toggle"><i class="fa fa-fw '
            'fa-angles-right"></i><i class="fa fa-fw fa-angles-left"></i><span class="nav-text visible-open small">'
            "Collapse</span></a></div></div>\n</nav>\n"
            '<main id="panel" class="d-flex flex-column gap-3 flex-grow-1 mt-3" style="min-width: 0;">\n'
            '<div class="container-lg px-md-4 brand-container">\n<div class="col-12 d-flex border-bottom pb-3 ">\n'
            '<div component="brand/container" class="d-flex gap-3 p-2 rounded-1 align-items-center">\n'
            '<a component="brand/anchor" href="/" title="Brand Logo"><img component="brand/logo" alt="NodeBB" '
            f'class="" src="/assets/uploads/system/site-logo.svg?v={CACHE_BUSTER}" height="auto" width="auto" /></a>\n'
            f'<a component="siteTitle" class="text-truncate align-self-stretch align-items-center d-flex" href="/">'
            f'<h1 class="fs-6 fw-bold text-body mb-0">{SITE}</h1></a>\n</div>\n</div>\n</div>\n'
            '<div class="container-lg px-md-4 d-flex flex-column gap-3 h-100 mb-5 mb-lg-0" id="content">\n'
            '<noscript>\n<div class="alert alert-danger"><p>Your browser does not seem to support JavaScript. As a '
            "result, your viewing experience will be diminished, and you have been placed in <strong>read-only mode"
            "</strong>.</p><p>Please download a browser that supports JavaScript, or enable it if it's disabled "
            "(i.e. NoScript).</p></div>\n</noscript>\n"
            f"{crumb_html}{content}\n"
            '<div data-widget-area="footer"><div class="text-center small text-muted py-3">'
            '<a href="https://www.nodebb.org" target="_blank" rel="noopener">Powered by NodeBB</a> | '
            '<a href="https://github.com/NodeBB/NodeBB/graphs/contributors" target="_blank" rel="noopener">'
            "Contributors</a></div></div>\n</div>\n</main>\n"
            '<nav component="sidebar/right" class="open text-dark bg-light sidebar sidebar-right end-0 border-start '
            'vh-100 d-none d-lg-flex flex-column sticky-top">\n<ul id="logged-out-menu" class="list-unstyled d-flex '
            'flex-column w-100 gap-2 mt-2">\n'
            '<li class="nav-item mx-2 order-last order-md-first" title="Search"><a class="nav-link d-flex gap-2 '
            'align-items-center" href="/search" role="button" component="sidebar/search"><i class="fa fa-fw '
            'fa-search"></i><span class="nav-text small visible-open fw-semibold">Search</span></a></li>\n'
            '<li class="nav-item mx-2" title="Register"><a class="nav-link" href="/register"><i class="fa fa-fw '
            'fa-user-plus"></i><span class="nav-text small visible-open fw-semibold">Register</span></a></li>\n'
            '<li class="nav-item mx-2" title="Login"><a class="nav-link" href="/login"><i class="fa fa-fw '
            'fa-sign-in"></i><span class="nav-text small visible-open fw-semibold">Login</span></a></li>\n'
            "</ul>\n</nav>\n</div>\n"
            f'<script defer src="/assets/nodebb.min.js?v={CACHE_BUSTER}"></script>\n</body>\n</html>\n'
        )

    # -- categories --------------------------------------------------------------------------------
    def lastpost(self, c: Category) -> str:
        """``partials/categories/lastpost.tpl``: the newest post of the category and its children."""
        p = c.last_post()
        if p is None:
            return (
                f'<div class="lastpost border-start border-2 lh-sm h-100" style="border-color: {c.bg}!important;">'
                '<div component="category/posts" class="ps-2"><div class="post-content overflow-hidden text-xs">'
                "No new posts.</div></div></div>"
            )
        t, u = p.topic, self.data.users[p.uid]
        href = f"/topic/{t.slug}/{p.index + 1}" if p.index else f"/topic/{t.slug}"
        return (
            f'<div class="lastpost border-start border-2 lh-sm h-100" style="border-color: {c.bg}!important;">\n'
            '<div component="category/posts" class="ps-2 text-xs d-flex flex-column h-100 gap-1">\n'
            f'<div class="text-nowrap text-truncate"><a class="text-decoration-none avatar-tooltip" '
            f'title="{esc(u.name)}" href="{user_path(u)}">{self.avatar(u, 18)}</a>'
            f'<a class="permalink text-muted timeago text-xs" href="{href}" title="{iso(p.when)}" '
            'aria-label="Last post"></a></div>\n'
            '<div class="post-content text-xs text-break line-clamp-sm-2 lh-sm position-relative flex-fill">'
            f'<a class="stretched-link" tabindex="-1" href="{href}" aria-label="Last post"></a>{esc(p.teaser)}</div>\n'
            "</div>\n</div>"
        )

    def category_item(self, c: Category) -> str:
        """``partials/categories/item.tpl``; children are listed inside their parent's row."""
        children = ""
        if c.children:
            children = (
                '<ul class="list-unstyled category-children row row-cols-1 row-cols-md-2 g-2 my-1 w-100">'
                + "".join(
                    f'<li data-cid="{ch.cid}" class="category-children-item small"><div class="d-flex gap-1">'
                    '<i class="fa fa-fw fa-caret-right text-primary" style="margin-top:3px;"></i>'
                    f'<a href="/category/{ch.slug}" class="text-reset fw-semibold">{esc(ch.name)}</a></div></li>'
                    for ch in c.children
                )
                + "</ul>"
            )
        topics, posts = c.total_topics, c.total_posts
        return (
            f'<li component="categories/category" data-cid="{c.cid}" '
            f'data-parent-cid="{c.parent.cid if c.parent else 0}"'
            ' class="w-100 border-bottom py-3 py-lg-4 gap-lg-0 gap-2 d-flex flex-column flex-lg-row '
            f'align-items-start category-{c.cid} ">\n<meta itemprop="name" content="{esc(c.name)}">\n'
            '<div class="d-flex col-lg-7 gap-2 gap-lg-3">\n'
            f'<div class="flex-shrink-0">{self.category_icon(c)}</div>\n'
            '<div class="flex-grow-1 d-flex flex-wrap gap-1 me-0 me-lg-2">\n'
            '<h2 class="title text-break fs-4 fw-semibold m-0 tracking-tight w-100">'
            f'<a class="text-reset" href="/category/{c.slug}" itemprop="url">{esc(c.name)}</a></h2>\n'
            f'<div class="description text-muted text-sm w-100 line-clamp-sm-5"><p>{esc(c.description)}</p></div>\n'
            f'<div class="d-flex gap-1 d-block d-lg-none w-100">{self.stat(topics, "Topics")}'
            f"{self.stat(posts, 'Posts')}</div>\n{children}\n</div>\n</div>\n"
            '<div class="d-flex col-lg-5 col-12 align-content-stretch">\n'
            '<div class="meta stats d-none d-lg-grid col-6 gap-1 pe-2 text-muted" style="grid-template-columns: 1fr '
            '1fr;">\n'
            '<div class="overflow-hidden rounded-1 d-flex flex-column align-items-center">'
            f'<span class="fs-5 ff-secondary lh-1 human-readable-number" title="{topics}">{human(topics)}</span>'
            '<span class="d-none d-xl-flex text-lowercase text-xs">topics</span></div>\n'
            '<div class="overflow-hidden rounded-1 d-flex flex-column align-items-center">'
            f'<span class="fs-5 ff-secondary lh-1 human-readable-number" title="{posts}">{human(posts)}</span>'
            '<span class="d-none d-xl-flex text-lowercase text-xs">posts</span></div>\n</div>\n'
            f'<div component="topic/teaser" class="teaser ps-5 ps-lg-0 col-lg-6 col-12 d-none d-lg-block">\n'
            f"{self.lastpost(c)}\n</div>\n</div>\n</li>"
        )

    def categories_list(self, cats: list[Category]) -> str:
        return (
            '<ul class="categories-list list-unstyled" itemscope itemtype="http://www.schema.org/ItemList">\n'
            + "\n".join(self.category_item(c) for c in cats)
            + "\n</ul>"
        )

    # -- topic lists -------------------------------------------------------------------------------
    def topic_row(self, t: Topic, index: int, *, show_category: bool) -> str:
        """One ``li[component="category/topic"]`` of ``partials/topics_list.tpl``."""
        u = self.data.users[t.posts[0].uid]
        last = t.posts[-1]
        lu = self.data.users[last.uid]
        classes = " ".join(x for x in ("pinned" if t.pinned else "", "locked" if t.locked else "") if x)
        hidden = {True: "", False: "hidden"}
        labels = (
            '<span component="topic/watched" class="badge border border-gray-300 text-body hidden"><i class="fa '
            'fa-bell-o"></i><span> Watching</span></span>'
            f'<span component="topic/pinned" class="badge border border-gray-300 text-body {hidden[t.pinned]}">'
            '<i class="fa fa-thumbtack"></i><span> Pinned</span></span>'
            f'<span component="topic/locked" class="badge border border-gray-300 text-body {hidden[t.locked]}">'
            '<i class="fa fa-lock"></i><span> Locked</span></span>'
        )
        category = (
            f'<div component="topic/category" class="d-inline-block">{self.category_label(t.category)}</div>'
            if show_category
            else ""
        )
        if len(t.posts) == 1:
            teaser = '<div class="ps-2 text-xs">No replies</div>'
        else:
            href = f"/topic/{t.slug}/{len(t.posts)}"
            teaser = (
                f'<div class="ps-2"><a href="{user_path(lu)}" class="text-decoration-none">'
                f"{self.avatar(lu, 18, 'avatar-tooltip not-responsive')}</a>"
                f'<a class="permalink text-muted timeago text-xs" href="{href}" title="{iso(last.when)}" '
                'aria-label="Last post"></a></div>'
                '<div class="post-content text-xs ps-2 line-clamp-sm-2 lh-sm text-break position-relative flex-fill">'
                f'<a class="stretched-link" tabindex="-1" href="{href}" aria-label="Last post"></a>{esc(last.teaser)}'
                "</div>"
            )

        def count(css: str, n: int, label: str, icon: str) -> str:
            return (
                f'<div class="{css} overflow-hidden d-flex flex-column align-items-center"><span class="fs-4 '
                f'human-readable-number" title="{n}">{human(n)}</span><span class="d-none d-xl-flex text-uppercase '
                f'text-xs">{label}</span><i class="d-xl-none fa fa-fw text-xs text-muted opacity-75 {icon}"></i></div>'
            )

        return (
            f'<li component="category/topic" class="category-item hover-parent border-bottom py-3 py-lg-4 d-flex '
            f'flex-column flex-lg-row align-items-start {classes}" data-tid="{t.tid}" data-index="{index}" '
            f'data-cid="{t.category.cid}" itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">\n'
            f'<link itemprop="url" content="/topic/{t.slug}" />\n<meta itemprop="name" content="{esc(t.title)}" />\n'
            '<meta itemprop="itemListOrder" content="descending" />\n'
            f'<meta itemprop="position" content="{index + 1}" />\n'
            f'<a id="{index}" data-index="{index}" component="topic/anchor"></a>\n'
            '<div class="d-flex p-0 col-12 col-lg-7 gap-2 gap-lg-3 pe-1 align-items-start ">\n'
            '<div class="flex-shrink-0 position-relative"><a class="d-inline-block text-decoration-none '
            f'avatar-tooltip" title="{esc(u.name)}" href="{user_path(u)}">{self.avatar(u, 40)}</a></div>\n'
            '<div class="flex-grow-1 d-flex flex-wrap gap-1 position-relative">\n'
            '<h3 component="topic/header" class="title text-break fs-5 fw-semibold m-0 tracking-tight w-100">'
            f'<a class="text-reset" href="/topic/{t.slug}">{esc(t.title)}</a></h3>\n'
            f'<span component="topic/labels" class="d-flex flex-wrap gap-1 w-100">{labels}{category}'
            f"{self.tag_list(t.tid, t.tags)}"
            '<div class="d-flex d-lg-none gap-1 w-100 align-items-center text-muted">'
            f"{self.stat(t.votes, 'votes')}{self.stat(len(t.posts), 'posts')}{self.stat(t.views, 'views')}</div>"
            f'<span class="text-xs text-muted"><span class="timeago" title="{iso(t.posts[0].when)}"></span></span>'
            "</span>\n</div>\n</div>\n"
            '<div class="d-flex p-0 col-lg-5 col-12 align-content-stretch">\n'
            '<div class="meta stats d-none d-lg-grid col-6 gap-1 pe-2 text-muted" style="grid-template-columns: '
            '1fr 1fr 1fr;">'
            + count("stats-votes", t.votes, "votes", "fa-chevron-up")
            + count("stats-postcount", len(t.posts), "posts", "fa-message")
            + count("stats-viewcount", t.views, "views", "fa-eye")
            + "</div>\n"
            f'<div component="topic/teaser" class="teaser col-lg-6 col-12 d-none d-lg-block">{teaser}</div>\n'
            "</div>\n</li>"
        )

    def topics_list(self, topics: list[Topic], start: int, *, show_category: bool, set_key: str = "") -> str:
        rows = "\n".join(self.topic_row(t, start + i, show_category=show_category) for i, t in enumerate(topics))
        return (
            f'<ul component="category" class="topics-list list-unstyled" itemscope itemtype="http://www.schema.org/'
            f'ItemList" data-nextstart="{start + len(topics)}" data-set="{set_key}">\n{rows}\n</ul>'
        )

    # -- posts ---------------------------------------------------------------------------------------
    def content(self, ctx: Ctx, p: Post) -> str:
        return p.body.replace("%BASE%", ctx.base)

    def post_item(self, ctx: Ctx, p: Post) -> str:
        """``partials/topic/post.tpl`` in ``li[component="post"]``."""
        t, u = p.topic, self.data.users[p.uid]
        owner = " topic-owner-post" if p.uid == t.posts[0].uid else ""
        badge = (
            '<a href="/groups/administrators" class="badge rounded-1 text-uppercase text-truncate text-decoration-none"'
            ' style="color:#ffffff;background-color: #ff0000;"><i class="fa fa-shield"></i><span class="badge-text '
            'align-text-bottom">Admin</span></a>'
            if u.admin
            else ""
        )
        parent = ""
        if p.reply_to is not None:
            pu = self.data.users[p.reply_to.uid]
            parent = (
                '<a component="post/parent" class="btn btn-ghost btn-sm d-flex gap-2 text-truncate text-nowrap" '
                f'data-topid="{p.reply_to.pid}" href="/post/{p.reply_to.pid}"><i class="fa fa-fw fa-reply '
                f'text-primary"></i><span class="text-muted text-truncate">@{esc(pu.name)}</span></a>'
            )
        edited = ""
        if p.edited is not None:
            eu = self.data.users[p.edited[1]]
            edited = (
                f'<i component="post/edit-indicator" class="fa fa-edit text-muted edit-icon" title="Edited '
                f'{p.edited[0]:%b %d, %Y, %I:%M %p}"></i><span data-editor="{esc(eu.slug)}" component="post/editor" '
                f'class="visually-hidden">last edited by {esc(eu.name)} <span class="timeago text-muted" '
                f'title="{iso(p.edited[0])}"></span></span>'
            )
        signature = (
            f'<div component="post/signature" data-uid="{u.uid}" class="text-xs text-muted mt-2">{u.signature}</div>'
            if u.signature
            else ""
        )
        replies = ""
        if p.replies:
            last = max(r.when for r in p.replies)
            n = len(p.replies)
            avatars = "".join(
                f'<a href="{user_path(self.data.users[r.uid])}" class="text-decoration-none">'
                f"{self.avatar(self.data.users[r.uid], 16)}</a>"
                for r in p.replies[:4]
            )
            replies = (
                '<a component="post/reply-count" data-target-component="post/replies/container" href="#" class="d-flex '
                "gap-2 align-items-center mt-2 btn btn-ghost ff-secondary border rounded-1 p-1 text-muted "
                f'text-decoration-none text-xs"><span component="post/reply-count/avatars" class="d-flex gap-1 ">'
                f'{avatars}</span><span class="ms-2 replies-count fw-semibold" component="post/reply-count/text" '
                f'data-replies="{n}">{n} {"Reply" if n == 1 else "Replies"}</span><span class="ms-2 replies-last '
                f'hidden-xs fw-semibold">Last reply <span class="timeago" title="{iso(last)}"></span></span>'
                '<i class="fa fa-fw fa-chevron-down" component="post/replies/open"></i></a>'
            )
        return (
            f'<li component="post" class="{owner}" data-index="{p.index}" data-pid="{p.pid}" data-uid="{u.uid}" '
            f'data-timestamp="{int(p.when.timestamp() * 1000)}" data-username="{esc(u.name)}" '
            f'data-userslug="{esc(u.slug)}" itemprop="comment" itemscope itemtype="http://schema.org/Comment">\n'
            f'<a component="post/anchor" data-index="{p.index}" id="{p.index + 1}"></a>\n'
            f'<meta itemprop="datePublished" content="{iso(p.when)}">\n'
            f'<meta itemprop="dateModified" content="{iso(p.edited[0]) if p.edited else ""}">\n'
            '<div class="d-flex align-items-start gap-3">\n'
            '<div class="bg-body d-none d-sm-block rounded-circle" style="outline: 2px solid var(--bs-body-bg);">'
            f'<a class="d-inline-block position-relative text-decoration-none" href="{user_path(u)}" '
            f'aria-label="Profile page for user {esc(u.name)}">{self.avatar(u, 48)}<span component="user/status" '
            'class="position-absolute top-100 start-100 border border-white border-2 rounded-circle status offline">'
            '<span class="visually-hidden">Offline</span></span></a></div>\n'
            '<div class="post-container d-flex flex-grow-1 flex-column w-100" style="min-width:0;">\n'
            '<div class="d-flex align-items-center gap-1 flex-wrap w-100 post-header mt-1">\n'
            f'<a class="fw-bold text-nowrap text-truncate" href="{user_path(u)}" itemprop="author" '
            f'data-username="{esc(u.name)}" data-uid="{u.uid}">{esc(u.name)}</a>\n{badge}\n'
            '<div class="d-flex gap-1 align-items-center">'
            f'<a class="permalink text-muted" href="/post/{p.pid}"><span class="timeago text-muted" '
            f'title="{iso(p.when)}"></span></a>{edited}</div>\n{parent}\n'
            '<div class="d-flex align-items-center gap-1 justify-content-end flex-grow-1"><span class="bookmarked '
            'opacity-0 text-primary"><i class="fa fa-bookmark-o"></i></span></div>\n</div>\n'
            f'<div class="content text-break" component="post/content" itemprop="text">\n{self.content(ctx, p)}\n'
            "</div>\n"
            f'<div component="post/footer" class="post-footer border-bottom pb-2">\n{signature}\n'
            f'<div class="d-flex flex-wrap-reverse gap-2 justify-content-end">{replies}\n'
            '<div component="post/actions" class="d-flex flex-grow-1 align-items-center justify-content-end gap-1 '
            'post-tools">'
            '<a component="post/reply" href="#" class="btn btn-ghost btn-sm hidden" title="Reply"><i class="fa fa-fw '
            'fa-reply text-primary"></i></a>'
            '<a component="post/quote" href="#" class="btn btn-ghost btn-sm hidden" title="Quote"><i class="fa fa-fw '
            'fa-quote-right text-primary"></i></a>'
            '<div class="d-flex votes align-items-center">'
            '<a component="post/upvote" href="#" class="btn btn-ghost btn-sm" title="Upvote post"><i class="fa fa-fw '
            f'fa-chevron-up text-primary"></i></a><meta itemprop="upvoteCount" content="{p.votes}">'
            '<meta itemprop="downvoteCount" content="0">'
            f'<a href="#" class="px-2 mx-1 btn btn-ghost btn-sm" component="post/vote-count" data-votes="{p.votes}" '
            f'title="Voters">{p.votes}</a>'
            '<a component="post/downvote" href="#" class="btn btn-ghost btn-sm" title="Downvote post"><i class="fa '
            'fa-fw fa-chevron-down text-primary"></i></a></div>'
            '<span component="post/tools" class="dropdown bottom-sheet "><a class="btn btn-ghost btn-sm ff-secondary '
            'dropdown-toggle" href="#" data-bs-toggle="dropdown" aria-haspopup="true" aria-expanded="false" '
            'aria-label="Post tools"><i class="fa fa-fw fa-ellipsis-v text-primary"></i></a><ul class="dropdown-menu '
            'dropdown-menu-end p-1 text-sm" role="menu"></ul></span>'
            "</div>\n</div>\n"
            '<div component="post/replies/container" class="my-2 col-11 border rounded-1 p-3 hidden-empty"></div>\n'
            "</div>\n</div>\n</div>\n</li>"
        )

    def event_item(self, ctx: Ctx, t: Topic, kind: str, when: datetime, uid: int) -> str:
        """A ``li[component="topic/event"]`` of the timeline (pinned or locked by a moderator)."""
        u = self.data.users[uid]
        icon, text = {"pin": ("fa-thumbtack", "pinned this topic"), "lock": ("fa-lock", "locked this topic")}[kind]
        return (
            f'<li component="topic/event" class="timeline-event text-muted d-flex align-items-center gap-2 pt-4" '
            f'data-topic-event-id="{t.tid % 97 + (kind == "lock")}" data-topic-event-type="{kind}">'
            f'<div class="timeline-badge"><i class="fa {icon}"></i></div><span class="timeline-text small d-flex '
            f'align-items-center gap-1 flex-wrap"><a href="{user_path(u)}">{self.avatar(u, 16)}</a>'
            f'<a href="{user_path(u)}">{esc(u.name)}</a> {text} <span class="timeago timeline-text" '
            f'title="{iso(when)}"></span></span></li>'
        )

    def posts_list(self, ctx: Ctx, posts: list[Post]) -> str:
        """``partials/posts_list.tpl`` (profiles, search): ``li[component="post"]`` with the full content."""
        rows = []
        for p in posts:
            u = self.data.users[p.uid]
            rows.append(
                f'<li component="post" class="posts-list-item" data-pid="{p.pid}" data-uid="{u.uid}">\n'
                f'<a href="/post/{p.pid}" class="topic-title fw-semibold fs-5 mb-2 text-reset text-break d-block">'
                f'{esc(p.topic.title)}</a>\n<div class="post-body d-flex flex-column gap-1 mb-2">\n'
                '<div class="d-flex gap-2 post-info text-sm align-items-center"><div class="post-author d-flex '
                f'align-items-center gap-1"><a class="lh-1 text-decoration-none" href="{user_path(u)}">'
                f'{self.avatar(u, 16, "not-responsive")}</a><a class="lh-1 fw-semibold" href="{user_path(u)}">'
                f'{esc(u.name)}</a></div><span class="timeago text-muted lh-1" title="{iso(p.when)}"></span></div>\n'
                f'<div component="post/content" class="content text-sm text-break">{self.content(ctx, p)}</div>\n'
                f'</div>\n<div class="mb-3 d-flex gap-2">{self.category_label(p.topic.category)}</div>\n</li>'
            )
        return '<ul component="posts" class="posts-list list-unstyled">\n' + "\n".join(rows) + "\n</ul>"

    def topic_body(self, ctx: Ctx, t: Topic, page: int, pages: int, suggested: list[Topic]) -> str:
        """``topic.tpl``: the header, the posts of the page, the paginator and the suggested topics."""
        c = t.category
        starter = self.data.users[t.posts[0].uid]
        shown = t.posts[(page - 1) * POSTS_PER_PAGE : page * POSTS_PER_PAGE]
        items: list[str] = []
        for p in shown:
            items.append(self.post_item(ctx, p))
            for kind, when, uid in t.events:
                if p.index == 0 and page == 1:
                    items.append(self.event_item(ctx, t, kind, when, uid))
        posters = len({p.uid for p in t.posts})
        hidden = {True: "", False: " hidden"}
        first_text = " ".join(t.posts[0].teaser.split()[:40])
        return (
            f'<div class="flex-fill" itemid="/topic/{t.slug}" itemscope itemtype="https://schema.org/'
            'DiscussionForumPosting">\n'
            f'<meta itemprop="headline" content="{esc(t.title)}">\n<meta itemprop="text" content="{esc(first_text)}">\n'
            f'<meta itemprop="url" content="/topic/{t.slug}">\n'
            f'<meta itemprop="datePublished" content="{iso(t.posts[0].when)}">\n'
            f'<meta itemprop="dateModified" content="{iso(t.posts[-1].when)}">\n'
            '<div itemprop="author" itemscope itemtype="https://schema.org/Person">'
            f'<meta itemprop="name" content="{esc(starter.name)}"><meta itemprop="url" content="{user_path(starter)}">'
            "</div>\n"
            '<div class="d-flex flex-column gap-3">\n<div class="d-flex gap-2 flex-wrap">\n'
            '<div class="d-flex flex-column gap-3 flex-grow-1">\n'
            '<h1 component="post/header" class="tracking-tight fw-semibold fs-3 mb-0 text-break ">'
            f'<span class="topic-title" component="topic/title">{esc(t.title)}</span></h1>\n'
            '<div class="topic-info d-flex gap-2 align-items-center flex-wrap ">\n'
            '<span component="topic/labels" class="d-flex gap-2 ">'
            f'<span component="topic/pinned" class="badge badge border border-gray-300 text-body{hidden[t.pinned]}">'
            '<i class="fa fa-thumbtack"></i> Pinned</span>'
            f'<span component="topic/locked" class="badge badge border border-gray-300 text-body{hidden[t.locked]}">'
            f'<i class="fa fa-lock"></i> Locked</span>{self.category_label(c)}</span>\n'
            f"{self.tag_list(t.tid, t.tags, 'lh-1 tags tag-list d-flex flex-wrap hidden-xs hidden-empty gap-2')}\n"
            '<div class="d-flex gap-2" component="topic/stats">'
            f"{self.stat(posters, 'Posters')}{self.stat(len(t.posts), 'Posts')}{self.stat(t.views, 'Views')}"
            f"{self.stat(t.followers, 'Followers')}</div>\n"
            "</div>\n</div>\n"
            '<div class="d-flex flex-wrap gap-2 align-items-start mt-2 hidden-empty" component="topic/thread-tools">'
            f'<a href="/topic/{t.tid}.rss" class="btn btn-ghost btn-sm" target="_blank" title="RSS Feed">'
            '<i class="fa fa-rss text-primary"></i></a>'
            '<a component="topic/follow" href="#" class="btn btn-ghost btn-sm hidden"><i class="fa fa-bell-o"></i> '
            "Watch</a>"
            f'<a href="/compose?tid={t.tid}" class="btn btn-sm btn-primary hidden" component="topic/reply" '
            'data-ajaxify="false" role="button"><i class="fa fa-reply d-sm-block d-md-none"></i><span class="d-none '
            'd-md-block">Reply</span></a>'
            f'<a component="topic/reply/guest" href="/login" class="btn btn-sm btn-primary">Log in to reply</a></div>\n'
            "</div>\n"
            '<div class="row mb-4 mb-lg-0">\n<div class="topic col-lg-12">\n'
            f'<div component="topic/browsing-users" class="inline-block hidden-xs hidden-empty"></div>\n'
            f'<ul component="topic" class="posts timeline list-unstyled mt-sm-2 p-0 py-3" data-tid="{t.tid}" '
            f'data-cid="{c.cid}">\n' + "\n".join(items) + "\n</ul>\n"
            f"{self.paginator(page, pages)}\n</div>\n</div>\n"
            '<div class="suggested-topics mt-4">\n<h3 class="fw-semibold fs-5 mb-0">Suggested Topics</h3>\n'
            '<ul class="topics-list list-unstyled" data-nextstart="5">\n'
            + "\n".join(self.topic_row(s, i, show_category=True) for i, s in enumerate(suggested))
            + "\n</ul>\n</div>\n</div>\n</div>"
        )

    # -- forms ----------------------------------------------------------------------------------------
    def login_form(self, register: bool) -> str:
        if register:
            fields = (
                '<div class="mb-2"><label for="email">Email Address</label><input class="form-control" type="email" '
                'placeholder="Email Address" name="email" id="email" /></div>'
                '<div class="mb-2"><label for="username">Username</label><input class="form-control" type="text" '
                'placeholder="Username" name="username" id="username" /></div>'
                '<div class="mb-2"><label for="password">Password</label><input class="form-control" type="password" '
                'name="password" id="password" /></div>'
            )
            return (
                '<div class="row register flex-fill"><div class="d-flex flex-column gap-2 col-md-6">\n'
                '<h2 class="tracking-tight fw-semibold text-center">Register</h2>\n'
                f'<form component="register/local" role="form" action="/register" method="post">{fields}'
                '<button class="btn btn-primary" id="register" type="submit">Register Now</button></form>\n'
                '<div class="alert alert-info">Already have an account? <a href="/login">Login</a></div>\n</div></div>'
            )
        return (
            '<div class="row login flex-fill"><div class="d-flex flex-column gap-2 col-md-6">\n'
            '<h2 class="tracking-tight fw-semibold text-center">Login</h2>\n'
            '<form class="d-flex flex-column gap-3" role="form" method="post" id="login-form" action="/login">'
            '<div class="mb-2 d-flex flex-column gap-2"><label for="username">Username / Email</label><input '
            'class="form-control" type="text" placeholder="Username / Email" name="username" id="username" '
            'autocorrect="off" autocapitalize="off" autocomplete="nickname" /></div>'
            '<div class="mb-2 d-flex flex-column gap-2"><label for="password">Password</label><input '
            'class="form-control" type="password" placeholder="Password" name="password" id="password" '
            'autocomplete="current-password" /><p id="caps-lock-warning" class="text-danger hidden">Caps Lock is '
            'enabled</p></div><div class="form-check"><input class="form-check-input" type="checkbox" '
            'name="remember" id="remember" checked /><label class="form-check-label" for="remember">Remember Me?'
            '</label></div><button class="btn btn-primary" id="login" type="submit">Login</button>'
            '<div class="alert alert-danger alert-dismissible hidden" id="login-error-notify"></div>'
            '<div class="d-flex flex-column gap-2"><span class="text-sm">Don\'t have an account? '
            '<a href="/register">Register</a></span><a id="reset-link" class="text-sm" href="/reset">'
            "Forgot Password?</a></div></form>\n</div></div>"
        )

    def search_form(self, term: str) -> str:
        return (
            '<form action="/search" method="get" class="d-flex flex-column gap-2" id="advanced-search">'
            f'<input type="text" class="form-control" name="term" placeholder="Search" value="{esc(term)}" '
            'id="search-input"><select name="in" class="form-select" id="search-in"><option value="titlesposts">'
            'Titles and Posts</option><option value="titles">Titles</option><option value="posts">Posts</option>'
            '<option value="categories">Categories</option><option value="users">Users</option><option value="tags">'
            'Tags</option></select><button type="submit" class="btn btn-primary">Search</button></form>'
        )

    def simple_page(self, ctx: Ctx, title: str, body: str, template: str, crumbs: bool = True) -> str:
        return self.page(
            ctx, title, f'<div class="{template}">\n{body}\n</div>', template=template,
            body_class=f"page-{template}", crumbs=[("Home", "/"), (title, "")] if crumbs else None,
        )  # fmt: skip

    def not_found_page(self, ctx: Ctx) -> str:
        body = (
            '<div class="flex-fill"><h2 class="fw-semibold">Not Found</h2><div class="alert alert-warning mb-0">'
            '<p>You seem to have stumbled upon a page that does not exist.</p><p><a href="/">Return to the home '
            "page</a></p></div></div>"
        )
        return self.page(ctx, "Not Found", body, template="404", body_class="page-404")

    def rss(self, ctx: Ctx, title: str, link: str, items: Iterable[tuple[str, str, str, datetime]]) -> str:
        """A feed: (title, link, description, date) items."""
        out = [
            '<?xml version="1.0" encoding="UTF-8"?><rss xmlns:dc="http://purl.org/dc/elements/1.1/" '
            'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" '
            f'version="2.0"><channel><title><![CDATA[{title}]]></title><link>{ctx.base}{link}</link>'
            f"<generator>RSS for Node</generator><lastBuildDate>{NOW:%a, %d %b %Y %H:%M:%S} GMT</lastBuildDate>"
        ]
        for item_title, item_link, desc, when in items:
            out.append(
                f"<item><title><![CDATA[{item_title}]]></title><description><![CDATA[{desc}]]></description>"
                f'<link>{ctx.base}{item_link}</link><guid isPermaLink="true">{ctx.base}{item_link}</guid>'
                f"<pubDate>{when:%a, %d %b %Y %H:%M:%S} GMT</pubDate></item>"
            )
        return "".join(out) + "</channel></rss>"

    # -- lesser pages ------------------------------------------------------------------------------------
    def render_tags(self, ctx: Ctx, tags: dict[str, list[Topic]]) -> str:
        cloud = "".join(
            f'<div class="tag-item"><a href="/tags/{quote(tag)}" data-tag="{esc(tag)}" class="d-flex gap-2 '
            f'align-items-center text-reset"><span class="tag-item fw-semibold text-truncate">{esc(tag)}</span>'
            f'<span class="tag-topic-count text-xs text-muted" title="{len(ts)}">{len(ts)}</span></a></div>'
            for tag, ts in tags.items()
        )
        return self.simple_page(
            ctx, "Tags", f'<div class="tags row row-cols-2 row-cols-md-4 g-2">{cloud}</div>', "tags"
        )

    def reset_form(self) -> str:
        return (
            '<h2 class="fw-semibold">Reset Password</h2><form role="form" action="/reset" method="post">'
            '<input type="email" class="form-control" id="email" placeholder="Enter Email Address" /><button '
            'class="btn btn-primary" id="reset" type="submit">Send Reset Email</button></form>'
        )

    def render_users(self, ctx: Ctx) -> str:
        cards = "".join(
            f'<li class="users-box" data-uid="{u.uid}"><a href="{user_path(u)}">{self.avatar(u, 64)}</a><div '
            f'class="user-info"><a class="fw-semibold" href="{user_path(u)}">{esc(u.name)}</a><span class="text-xs '
            f'text-muted">Joined <span class="timeago" title="{iso(u.joined)}"></span></span></div></li>'
            for u in sorted(self.data.users.values(), key=lambda u: u.uid)
        )
        sections = "".join(f'<a class="btn btn-ghost btn-sm" href="/users?section={s}">{label}</a>'
                           for s, label in (("joindate", "Newest"), ("sort-posts", "Top Posters"),
                                            ("sort-reputation", "Most Reputation")))  # fmt: skip
        return self.simple_page(ctx, "Users", f'<div class="d-flex gap-1">{sections}</div><ul id="users-container" '
                                f'class="users-container list-unstyled">{cards}</ul>', "users")  # fmt: skip

    def render_groups(self, ctx: Ctx, slug: str) -> str:
        if slug:
            members = [self.data.users[1]] if slug == "administrators" else list(self.data.users.values())[1:4]
            rows = "".join(f'<li><a href="{user_path(u)}">{esc(u.name)}</a></li>' for u in members)
            return self.simple_page(ctx, dict(GROUPS)[slug], f'<ul class="members">{rows}</ul>', "groups/details")
        cards = "".join(
            f'<div class="card"><a href="/groups/{s}" class="fw-semibold">{esc(name)}</a></div>' for s, name in GROUPS
        )
        return self.simple_page(ctx, "Groups", f'<div class="groups list row">{cards}</div>', "groups/list")


Renderer = Callable[[Ctx], str]
