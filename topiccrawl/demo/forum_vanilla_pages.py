"""Templates of the Vanilla Forums 2.8 fixture forum (default theme, guest view): the chrome (``div#Frame``,
the Banner menu, ``span.Breadcrumbs``, the MeBox, the search box, the Panel modules and the footer), the
category table, the discussion list (modern layout), the discussion page and the ``PagerModule``.

:mod:`topiccrawl.demo.forum_vanilla` holds the content, the routing, the truth and the lesser pages, and its
docstring says what is imitated. Links are written as Vanilla writes them: ``discussionUrl()``/
``categoryUrl()``/``commentUrl()`` absolute with the domain, ``userAnchor()`` and the sign-in links
root-relative (``/profile/Name``, ``/entry/signin?Target=discussion%2F12%2Fslug``), a category's latest post
protocol-relative (``//host/discussion/comment/7#Comment_7``). Dates are ``Gdn_Format::date($t, 'html')`` on
the forum's UTC clock :data:`NOW`: the time for today, 'June  3' this year, 'June 2024' before, always in a
``<time>`` with the full date in ``title`` and ISO 8601 in ``datetime``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING
from urllib.parse import quote, quote_plus, urlsplit

from topiccrawl.demo.server import Reply, SiteRequest

if TYPE_CHECKING:
    from topiccrawl.demo.forum_vanilla import Category, Discussion, Member, Post, VanillaData

NOW = datetime(2025, 4, 9, 16, 20, 0)  # the forum's clock (UTC), a Wednesday afternoon
SITE = "Homelab Commons"
VERSION = "2.8.4"
COMMENTS_PER_PAGE = 30  # Vanilla.Comments.PerPage
DISCUSSIONS_PER_PAGE = 30  # Vanilla.Discussions.PerPage
PAGER_RANGE = 3  # Garden.Modules.PagerRange


def esc(text: str) -> str:
    """``htmlspecialchars()`` with PHP 8's ENT_QUOTES."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#039;")
    )


def urlencode(text: str) -> str:
    """PHP's ``urlencode()``."""
    return quote_plus(text, safe="").replace("~", "%7E")


def profile_path(name: str) -> str:
    """``userUrl()``: ``/profile/`` and the raw-URL-encoded name."""
    return "/profile/" + quote(name, safe="")


def _hour(when: datetime) -> str:
    return f"{when.hour % 12 or 12:2d}:{when.minute:02d}{'AM' if when.hour < 12 else 'PM'}"


def full_date(when: datetime) -> str:
    """``Date.DefaultDateTimeFormat`` '%B %e, %Y %l:%M%p' (``%e`` and ``%l`` pad with a space)."""
    return f"{when:%B} {when.day:2d}, {when.year} {_hour(when)}"


def short_date(when: datetime) -> str:
    if when.date() == NOW.date():
        return _hour(when)  # '%l:%M%p'
    if when.year == NOW.year:
        return f"{when:%B} {when.day:2d}"  # '%B %e'
    return f"{when:%B %Y}"


def date_html(when: datetime) -> str:
    iso = when.strftime("%Y-%m-%dT%H:%M:%S+00:00")
    return f'<time title="{full_date(when)}" datetime="{iso}">{short_date(when)}</time>'


def big_number(n: int) -> str:
    """``Gdn_Format::bigNumber()``: '1.2K' from a thousand on."""
    return str(n) if n < 1000 else f"{n / 1000:.1f}K"


def plural(n: int, singular: str, plural_: str = "") -> str:
    return singular if n == 1 else plural_ or singular + "s"


def big_plural(n: int, singular: str) -> str:
    """``bigPlural()``: the short number in a span titled with the full count."""
    return f'<span title="{n:,} {plural(n, singular)}" class="Number">{big_number(n)}</span>'


@dataclass(frozen=True)
class Ctx:
    """One request as a template sees it."""

    req: SiteRequest

    @property
    def base(self) -> str:  # url('', true)
        return self.req.base_url

    @property
    def host(self) -> str:
        return urlsplit(self.req.base_url).netloc

    @property
    def self_url(self) -> str:
        """``$controller->SelfUrl``: the request path without its leading slash, no query."""
        return urlsplit(self.req.target).path.lstrip("/")

    def signin(self, target: str | None = None) -> str:
        target = self.self_url if target is None else target
        return "/entry/signin" + (f"?Target={urlencode(target)}" if target else "")

    def register(self, target: str | None = None) -> str:
        target = self.self_url if target is None else target
        return "/entry/register" + (f"?Target={urlencode(target)}" if target else "")


class VanillaPages:
    """The templates. Mixed into :class:`~topiccrawl.demo.forum_vanilla.VanillaForum`, which provides the data."""

    data: VanillaData

    # -- urls ------------------------------------------------------------------------------------
    def discussion_url(self, ctx: Ctx, d: Discussion, page: int = 1) -> str:
        """``discussionUrl($d, $page)``: for guests page 1 has no ``/p1``."""
        return f"{ctx.base}/discussion/{d.did}/{d.slug}" + (f"/p{page}" if page > 1 else "")

    def category_url(self, ctx: Ctx, c: Category, page: int = 1) -> str:
        return f"{ctx.base}/categories/{c.slug}" + (f"/p{page}" if page > 1 else "")

    def comment_url(self, ctx: Ctx, p: Post) -> str:
        return f"{ctx.base}/discussion/comment/{p.pid}#Comment_{p.pid}"

    def post_url(self, ctx: Ctx, p: Post) -> str:
        return self.comment_url(ctx, p) if p.pid else self.discussion_url(ctx, self.data.discussions[p.did])

    # -- users -----------------------------------------------------------------------------------
    def user_anchor(self, u: Member, css: str = "Username js-userCard") -> str:
        return f'<a href="{profile_path(u.name)}" class="{css}" data-userid="{u.uid}">{esc(u.name)}</a>'

    def user_photo(self, ctx: Ctx, u: Member, size: str = "Medium") -> str:
        src = (
            f"{ctx.base}/uploads/userpics/{u.photo}"
            if u.photo
            else (f"{ctx.base}/applications/dashboard/design/images/defaulticon.png")
        )
        return (
            f'<a title="{esc(u.name)}" href="{profile_path(u.name)}" class="PhotoWrap js-userCard" data-userid="'
            f'{u.uid}"><img src="{src}" alt="{esc(u.name)}" class="ProfilePhoto ProfilePhoto{size}" /></a>'
        )

    # -- chrome ----------------------------------------------------------------------------------
    def page(
        self,
        ctx: Ctx,
        title: str,
        content: str,
        *,
        crumbs: Iterable[tuple[str, str, str]] = (),
        panel: str = "",
        body_id: str = "dashboard_home_index",
        body_class: str = "Dashboard Home",
        canonical: str = "",
        head: str = "",
        description: str = "",
        resolved: str = "",
        status_title: str = "",
    ) -> str:
        """The default theme's ``default.master.tpl``. ``title`` is raw text (escaped here)."""
        base = ctx.base
        meta = {
            "AnalyticsTask": "tick", "TagHint": "Start to type...", "Path": ctx.self_url, "Args": "",
            "ResolvedPath": resolved or "dashboard/home/index", "SignedIn": 0, "ConfirmEmail": False,
            "WebRoot": base + "/", "UrlFormat": "/{Path}", "TransientKey": False, "ui": {
                "siteName": SITE, "locale": "en", "inputFormat": "Wysiwyg"}, "Vanilla_Comments_AutoRefresh": 0,
        }  # fmt: skip
        gdn = json.dumps(meta, separators=(",", ":")).replace("/", "\\/")
        links = f'  <link rel="canonical" href="{canonical}" />\n' if canonical else ""
        desc = esc(description or title)
        crumb_html = self.breadcrumbs(ctx, list(crumbs))
        signin, register = ctx.signin(), ctx.register()
        full_title = f"{esc(title)} — {SITE}" if title != SITE else SITE
        return (
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n'
            f"  <title>{status_title or full_title}</title>\n"
            f'  <link rel="stylesheet" href="{base}/applications/dashboard/design/style.css?v={VERSION}" '
            'media="all" />\n'
            f'  <link rel="stylesheet" href="{base}/applications/dashboard/design/style-compat.css?v={VERSION}" '
            'media="all" />\n'
            f'  <link rel="stylesheet" href="{base}/applications/vanilla/design/tag.css?v={VERSION}" media="all" />\n'
            f'  <link rel="stylesheet" href="{base}/plugins/Reactions/design/reactions.css?v=1.4.5" media="all" />\n'
            f'  <link rel="stylesheet" href="{base}/plugins/QnA/design/qna.css?v=1.4.1" media="all" />\n'
            f'  <link rel="shortcut icon" href="{base}/uploads/favicon_6f1d3e.ico" type="image/x-icon" />\n'
            f"{links}"
            f'  <meta property="og:site_name" content="{SITE}" />\n'
            f'  <meta name="twitter:title" property="og:title" content="{esc(title)}" />\n'
            + (f'  <meta property="og:url" content="{canonical}" />\n' if canonical else "")
            + f'  <meta name="description" property="og:description" content="{desc}" />\n'
            f"{head}"
            f'  <script>gdn=window.gdn||{{}};gdn.meta={gdn};\ngdn.permissions={{"permissions":'
            '{"discussions.view":true,"profiles.view":true},"bans":[],"isAdmin":false};</script>\n'
            f'  <script src="{base}/js/library/jquery.js?v={VERSION}"></script>\n'
            f'  <script src="{base}/js/library/jquery.form.js?v={VERSION}"></script>\n'
            f'  <script src="{base}/js/global.js?v={VERSION}"></script>\n'
            f'  <script src="{base}/plugins/Reactions/js/reactions.js?v=1.4.5"></script>\n'
            "  <noscript><style>body {visibility: visible !important;}</style></noscript>\n"
            "</head>\n"
            f'<body id="{body_id}" class="{body_class}">\n'
            '   <div id="Frame">\n'
            '      <div class="Top">\n         <div class="Row">\n            <div class="TopMenu">\n'
            '               <!-- <a href="/" class="MenuItem">Home</a> -->\n'
            "            </div>\n         </div>\n      </div>\n"
            '      <div class="Banner">\n         <div class="Row">\n'
            f'            <strong class="SiteTitle"><a href="{base}/">{SITE}</a></strong>\n'
            "            <ul>\n"
            f'               <li><a href="{base}/discussions" class="">Discussions</a></li>\n'
            f'               <li><a href="{base}/activity" class="">Activity</a></li>\n'
            f'               <li><a href="{signin}" rel="nofollow" class="SignInPopup">Sign In</a></li>\n'
            "            </ul>\n         </div>\n      </div>\n"
            '      <div id="Body">\n         <div class="Row">\n'
            f'            <div class="BreadcrumbsWrapper">{crumb_html}</div>\n'
            '            <div class="Column PanelColumn" id="Panel">\n'
            '               <div class="MeBox MeBox-SignIn"><div class="SignInLinks">'
            f'<a href="{signin}" rel="nofollow" class="SignInPopup">Sign In</a> <span class="Bullet">&middot;</span> '
            f'<a href="{register}" class="ApplyButton" rel="nofollow">Register</a> </div> </div>\n'
            '               <div class="SiteSearch" role="search"><form method="get" action="/search"><div>'
            '<input type="text" id="Form_Search" name="Search" value="" placeholder="Search" accesskey="/" '
            'aria-label="Enter your search term." title="Enter your search term." class="InputBox js-search" />'
            '<input type="submit" id="Form_Go" name="" aria-label="Search" class="Button" value="Go" />'
            "</div></form></div>\n"
            f"{panel}\n"
            "            </div>\n"
            f'            <div class="Column ContentColumn" id="Content">{content}</div>\n'
            "         </div>\n      </div>\n"
            '      <div id="Foot">\n         <div class="Row">\n'
            '            <a href="https://vanillaforums.com" class="PoweredByVanilla" title="Community Software by '
            'Vanilla Forums">Forum Software Powered by Vanilla</a>\n'
            "         </div>\n      </div>\n"
            "   </div>\n"
            f'   <div id="AppFooter"><!-- Page generated for {esc(ctx.self_url or "/")} --></div>\n'
            "</body>\n</html>\n"
        )

    def breadcrumbs(self, ctx: Ctx, crumbs: list[tuple[str, str, str]]) -> str:
        """``Gdn_Theme::breadcrumbs()``: (url, label, css class) after 'Home', nested ``itemprop="child"``."""
        if not crumbs:
            return ""
        out = (
            '<span class="Breadcrumbs" itemscope itemtype="http://data-vocabulary.org/Breadcrumb">'
            f'<span class="CrumbLabel CrumbLabel HomeCrumb"><a href="{ctx.base}/" itemprop="url">'
            '<span itemprop="title">Home</span></a></span> '
        )
        for i, (url, label, css) in enumerate(crumbs):
            last = " Last" if i == len(crumbs) - 1 else ""
            out += (
                '<span itemprop="child" itemscope itemtype="http://data-vocabulary.org/Breadcrumb">'
                f'<span class="Crumb">›</span> <span class="CrumbLabel {css}{last}"><a href="{url}" itemprop="url">'
                f'<span itemprop="title">{esc(label)}</span></a></span> '
            )
        return out + "</span>" * len(crumbs) + "</span>"

    def category_crumbs(self, ctx: Ctx, c: Category) -> list[tuple[str, str, str]]:
        chain = [c]
        while chain[0].parent is not None:
            chain.insert(0, chain[0].parent)
        return [(self.category_url(ctx, x), x.name, f"Category-{x.slug}") for x in chain]

    # -- panel -------------------------------------------------------------------------------------
    def panel(self, ctx: Ctx, *, active: Category | None = None, new: str = "", extra: str = "",
              filter_active: str = "") -> str:  # fmt: skip
        base = ctx.base
        guest = (
            '<div class="Box GuestBox">\n   <h4>Howdy, Stranger!</h4>\n'
            "   <p>It looks like you're new here. Sign in or register to get started.</p>\n"
            f'   <p><a href="{ctx.signin()}" class="Button Primary SignInPopup" rel="nofollow">Sign In</a> '
            f'<a href="{ctx.register()}" class="Button ApplyButton" rel="nofollow">Register</a></p>\n</div>'
        )
        button = (
            f'<div class="BoxButtons BoxNewDiscussion"><a href="{base}/post/discussion{new}" '
            'class="Button Primary Action NewDiscussion">New Discussion</a></div>'
        )

        def item(key: str, url: str, sprite: str, label: str) -> str:
            cls = f"{key} Active" if key == filter_active else key
            sprite_ = f'<span aria-hidden="true" class="Sprite {sprite}"></span>'
            return f'<li class="{cls}"><a href="{url}">{sprite_} {label}</a></li>'

        filters = (
            '<div class="BoxFilter BoxDiscussionFilter"><span class="sr-only BoxFilter-HeadingWrap">'
            '<h2 class="BoxFilter-Heading">Quick Links</h2></span><ul role="nav" class="FilterMenu">'
            + item("AllCategories", f"{base}/categories", "SpAllCategories", "Categories")
            + item("Discussions", f"{base}/discussions", "SpDiscussions", "Recent Discussions")
            + item("Activities", f"{base}/activity", "SpActivity", "Activity")
            + item("MyBookmarks", f"{base}/discussions/bookmarked", "SpBookmarks", "My Bookmarks")
            + "</ul></div>"
        )
        d = self.data
        rows = [
            f'<li class="ClearFix Depth1"><a href="{base}/categories" class="ItemLink ItemLinkAllCategories">'
            f'<span class="Aside"><span class="Count">{big_plural(len(d.discussions), "discussion")}</span></span> '
            "All Categories</a></li>"
        ]
        for c in d.ordered():
            act = " Active" if active is c else ""
            rows.append(
                f'<li class="ClearFix Depth{c.depth} Category-{c.slug}{act}"><a href="{self.category_url(ctx, c)}" '
                f'class="ItemLink"><span class="Aside"><span class="Count">{big_plural(c.count_all, "discussion")}'
                f"</span></span> {esc(c.name)}</a></li>"
            )
        categories = (
            '<div class="Box BoxCategories">\n   <h4 aria-level="2">Categories</h4>\n'
            '   <ul class="PanelInfo PanelCategories">\n      ' + "\n      ".join(rows) + "\n   </ul>\n</div>"
        )
        tags = "".join(
            f'<li class="TagCloud-Item"><a href="{base}/discussions/tagged/{quote(t)}" class="Tag_{t}">{esc(t)}</a> '
            f'<span class="Count">{n}</span></li>'
            for t, n in d.popular_tags()
        )
        cloud = f'<div class="Box Tags"><h4>Popular Tags</h4><ul class="TagCloud">{tags}</ul></div>'
        return "\n".join([guest, button, filters, extra, categories, cloud])

    # -- pager -----------------------------------------------------------------------------------
    def pager(self, current: int, pages: int, url: Callable[[int], str], pid: str, wrap: str = "div") -> str:
        """``PagerModule::numbered()``: « 1 2 3 … 9 » with ``rel`` on the neighbours; nothing for one page."""
        if pages <= 1:
            return ""
        show = PAGER_RANGE * 2 + 1
        if show + 2 >= pages:
            show = pages
        if pages <= show:
            nums: list[int | None] = list(range(1, pages + 1))
        elif current + PAGER_RANGE <= show + 1:
            nums = [*range(1, show + 1), None, pages]
        elif current + PAGER_RANGE >= pages - 1:
            nums = [1, None, *range(pages - show + 1, pages + 1)]
        else:
            nums = [1, None, *range(current - PAGER_RANGE, current + PAGER_RANGE + 1), None, pages]
        out = []
        if current == 1:
            out.append('<span class="Previous Pager-nav" aria-disabled="true">«</span>')
        else:
            out.append(
                f'<a href="{url(current - 1)}" class="Previous Pager-nav" rel="prev" aria-label="Previous Page">«</a>'
            )
        for n in nums:
            if n is None:
                out.append('<span class="Ellipsis">…</span>')
                continue
            css = ("Highlight " if n == current else "") + f"Pager-p p-{n}"
            css += " FirstPage" if n == 1 else " LastPage" if n == pages else ""
            rel = ' rel="prev"' if n == current - 1 else ' rel="next"' if n == current + 1 else ""
            out.append(f'<a href="{url(n)}" class="{css}"{rel} aria-label="Page {n}">{n}</a>')
        if current == pages:
            out.append('<span class="Next Pager-nav" aria-disabled="true">»</span>')
        else:
            out.append(f'<a href="{url(current + 1)}" class="Next Pager-nav" rel="next" aria-label="Next Page">»</a>')
        return f'<{wrap} id="{pid}" class="Pager NumberedPager">{"".join(out)}</{wrap}>'

    def rel_links(self, current: int, pages: int, url: Callable[[int], str]) -> str:
        out = ""
        if current > 1:
            out += f'  <link rel="prev" href="{url(current - 1)}" />\n'
        if current < pages:
            out += f'  <link rel="next" href="{url(current + 1)}" />\n'
        return out

    # -- category table (index and parent categories) -------------------------------------------------
    def category_table(self, ctx: Ctx, cats: list[Category]) -> str:
        """``writeCategoryTable()``: a row per category, its children as Depth2 rows under it."""
        head = (
            "<thead>\n<tr>\n"
            '   <td class="CategoryName" role="columnheader"><div class="Wrap">Category</div></td>\n'
            '   <td class="BigCount CountDiscussions" role="columnheader"><div class="Wrap">Discussions</div></td>\n'
            '   <td class="BigCount CountComments" role="columnheader"><div class="Wrap">Comments</div></td>\n'
            '   <td class="BlockColumn LatestPost"><div class="Wrap">Latest Post</div></td>\n'
            "</tr>\n</thead>"
        )
        rows: list[str] = []

        def walk(items: list[Category]) -> None:
            for c in items:
                rows.append(self.category_row(ctx, c))
                walk(c.children)

        walk(cats)
        return (
            '<div class="DataTableWrap">\n<table class="DataTable CategoryTable">\n'
            f"{head}\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table>\n</div>"
        )

    def category_row(self, ctx: Ctx, c: Category) -> str:
        last = c.last_post()
        latest = ""
        if last is not None:
            d = self.data.discussions[last.did]
            author = self.data.members[last.uid]
            url = (
                f"//{ctx.host}/discussion/comment/{last.pid}#Comment_{last.pid}"
                if last.pid
                else ("//" + ctx.host + urlsplit(self.discussion_url(ctx, d)).path)
            )
            short = d.name if len(d.name) <= 100 else d.name[:100] + "…"
            where = ""
            if d.category is not c:
                where = (
                    f' <span>in <a href="//{ctx.host}/categories/{d.category.slug}">{esc(d.category.name)}</a></span>'
                )
            latest = (
                f"{self.user_photo(ctx, author, 'Small')}"
                f'<a href="{url}" class="BlockTitle LatestPostTitle" title="{esc(d.name)}">{esc(short)}</a>\n'
                f'<div class="Meta">\n{self.user_anchor(author, "UserLink MItem")}\n<span class="Bullet">•</span>\n'
                f'<a href="{url}" class="CommentDate MItem">{date_html(last.when)}</a>{where}\n</div>'
            )
        return (
            f'<tr class="Item Depth{c.depth} Category-{c.slug}">\n'
            '   <td class="CategoryName">\n      <div class="Wrap">\n         <div class="Options"></div>\n'
            f'         <h3 aria-level="3"><a href="{self.category_url(ctx, c)}">{esc(c.name)}</a></h3>\n'
            f'         <div class="CategoryDescription">{esc(c.description)}</div>\n      </div>\n   </td>\n'
            f'   <td class="BigCount CountDiscussions">\n      <div class="Wrap">'
            f"{big_plural(c.count_all, 'discussion')}"
            "</div>\n   </td>\n"
            f'   <td class="BigCount CountComments">\n      <div class="Wrap">'
            f"{big_plural(c.count_comments, 'comment')}</div>\n   </td>\n"
            f'   <td class="BlockColumn LatestPost">\n      <div class="Block Wrap">{latest}</div>\n   </td>\n</tr>'
        )

    # -- discussion list ---------------------------------------------------------------------------
    def tags_html(self, d: Discussion) -> str:
        out = ""
        if d.announce:
            out += ' <span class="Tag Tag-Announcement" title="Announcement">Announcement</span> '
        if d.closed:
            out += ' <span class="Tag Tag-Closed" title="Closed">Closed</span> '
        if d.question:
            cls, text, title = {
                "Accepted": ("Accepted", "Answered", "This question has an accepted answer."),
                "Answered": ("Answered", "Answered", "This question has an answer."),
            }.get(d.qna, ("Question", "Question", "This is a question."))
            out += f' <span class="Tag QnA-Tag-{cls}" data-qna="{cls}" title="{title}">{text}</span> '
        return out

    def mini_pager(self, ctx: Ctx, d: Discussion) -> str:
        pages = d.pages
        if pages <= 1:
            return ""
        nums = list(range(1, pages + 1)) if pages < 5 else [1, 2, None, pages - 1, pages]
        links = "".join(
            '<span class="Elipsis">...</span>' if n is None else f'<a href="{self.discussion_url(ctx, d, n)}">{n}</a>'
            for n in nums
        )
        return f' <span class="MiniPager">{links}</span>'

    def discussion_row(self, ctx: Ctx, d: Discussion, alt: bool, *, show_category: bool) -> str:
        """``writeDiscussion()`` of the modern layout."""
        css = "Item" + (" Alt" if alt else "") + (" Announcement" if d.announce else "")
        css += (" Closed" if d.closed else "") + " ItemDiscussion" + (" ItemQuestion" if d.question else "")
        first, last = d.posts[0], d.posts[-1]
        starter = self.data.members[first.uid]
        comments = len(d.posts) - 1
        if comments:
            recent = (
                f' <span class="MItem LastCommentBy">Most recent by {self.user_anchor(self.data.members[last.uid])}'
                f'</span>  <span class="MItem LastCommentDate">{date_html(last.when)}</span>'
            )
        else:
            recent = (
                f' <span class="MItem LastCommentBy">Started by {self.user_anchor(starter)}</span>  '
                f'<span class="MItem LastCommentDate">{date_html(first.when)}</span> '
            )
        category = ""
        if show_category:
            c = d.category
            link = f'<a href="{self.category_url(ctx, c)}">{esc(c.name)}</a>'
            category = f'<span class="MItem Category Category-{c.slug}">{link}</span>'
        return (
            f'<li id="Discussion_{d.did}" class="{css}">\n'
            '   <span class="Options"></span>\n'
            '   <div class="ItemContent Discussion">\n'
            '      <div class="Title" role="heading" aria-level="3">\n'
            f'         <a href="{self.discussion_url(ctx, d)}">'
            f"{esc(d.name)}</a>{self.mini_pager(ctx, d)}\n      </div>\n"
            f'      <div class="Meta Meta-Discussion">\n         {self.tags_html(d)}'
            f'<span class="MItem DiscussionAuthor">{self.user_anchor(starter)}</span>\n'
            f'         <span class="MItem MCount ViewCount">{big_plural(d.views, "view")} {plural(d.views, "view")}'
            "</span>\n"
            f'         <span class="MItem MCount CommentCount">{big_plural(comments, "comment")} '
            f"{plural(comments, 'comment')}</span>\n"
            f'         <span class="MItem MCount DiscussionScore Hidden">{big_plural(d.score, "point")} '
            f"{plural(d.score, 'point')}</span>\n"
            f"         {recent}{category}\n      </div>\n   </div>\n</li>"
        )

    def discussion_list(self, ctx: Ctx, items: list[Discussion], *, show_category: bool) -> str:
        if not items:
            return '<div class="Empty">No discussions were found.</div>'
        rows = [self.discussion_row(ctx, d, i % 2 == 1, show_category=show_category) for i, d in enumerate(items)]
        return (
            '<h2 class="sr-only">Discussion List</h2>\n<ul class="DataList Discussions">\n'
            + "\n".join(rows)
            + "\n</ul>"
        )

    def listing(
        self, ctx: Ctx, title: str, description: str, items: list[Discussion], *, page: int, pages: int,
        url: Callable[[int], str], new: str = "", show_category: bool = False,
    ) -> str:  # fmt: skip
        """``discussions/index.php``: heading, top and bottom page controls around the list."""
        nub = '<span class="PagerNub">&#160;</span>'
        button = (
            f'<a href="{ctx.base}/post/discussion{new}" class="Button Action Primary NewDiscussion">New Discussion</a>'
        )
        top = self.pager(page, pages, url, "PagerBefore")
        bottom = self.pager(page, pages, url, "PagerAfter")
        desc = f'<div class="P PageDescription">{esc(description)}</div>\n' if description else ""
        return (
            f'<h1 class="H HomepageTitle">{esc(title)}</h1>\n{desc}'
            f'<div class="PageControls Top">\n{nub}{top}\n{button}\n</div>\n'
            f"{self.discussion_list(ctx, items, show_category=show_category)}\n"
            f'<div class="PageControls Bottom">\n{nub}{bottom}\n{button}\n</div>'
        )

    # -- discussion page ---------------------------------------------------------------------------
    def author_block(self, ctx: Ctx, u: Member) -> str:
        info = ""
        if u.title:
            info += f' <span class="MItem AuthorTitle">{esc(u.title)}</span>'
        if u.location:
            info += f' <span class="MItem AuthorLocation">{esc(u.location)}</span>'
        if u.role != "Member":
            info += f' <span class="MItem RoleTitle">{u.role}</span>'
        return (
            '<div class="AuthorWrap">\n'
            f'   <span class="Author">\n      {self.user_photo(ctx, u)}{self.user_anchor(u)}\n   </span>\n'
            f'   <span class="AuthorInfo">{info}\n   </span>\n</div>'
        )

    def date_updated(self, p: Post) -> str:
        if p.edited is None:
            return ""
        when, uid = p.edited
        by = f" by {self.data.members[uid].name}" if uid != p.uid else ""
        title = esc(f"Edited {full_date(when)}{by}.")
        return (
            f' <span class="MItem"> <span title="{title}" class="DateUpdated">edited {date_html(when)}</span> </span>'
        )

    def reactions(self, ctx: Ctx, p: Post) -> str:
        kind, rid = ("comment", p.pid) if p.pid else ("discussion", p.did)
        react = f"{ctx.base}/react/{kind}/{{}}?id={rid}&amp;selfreact=true"

        def button(code: str, label: str) -> str:
            return (
                f'<a class="Hijack ReactButton ReactButton-{label}" href="{react.format(code)}" title="{label}" '
                f'rel="nofollow" role="button"><span class="ReactSprite React-{label} Reaction"></span> '
                f'<span class="ReactLabel">{label}</span></a>'
            )

        record = f"Comment_{p.pid}" if p.pid else f"Discussion_{p.did}"
        quote_ = (
            f'<a href="{ctx.base}/post/quote/{p.did}/{record}" class="ReactButton Quote Visible" rel="nofollow">'
            '<span class="ReactSprite ReactQuote"></span> <span class="ReactLabel">Quote</span></a>'
        )
        return (
            '<div class="Reactions">'
            '<span class="FlagMenu ToggleFlyout"><a class="Hijack ReactButton ReactButton-Flag" href="#" title="Flag" '
            'rel="nofollow" role="button"><span class="ReactSprite ReactFlag"></span> <span class="ReactLabel">Flag'
            '</span></a><ul class="Flyout MenuItems Flags" style="display: none;">'
            f"<li>{button('spam', 'Spam')}</li><li>{button('abuse', 'Abuse')}</li></ul></span> "
            f'{quote_} <span class="ReactMenu"><span class="ReactButtons">{button("like", "Like")} '
            f"{button('agree', 'Agree')} {button('lol', 'LOL')} {button('insightful', 'Insightful')}</span></span>"
            "</div>"
        )

    def message(self, ctx: Ctx, p: Post) -> str:
        body = p.body.replace("%BASE%", ctx.base)
        if p.quote is not None:
            q = p.quote
            name = self.data.members[q.uid].name
            body = (
                '<blockquote class="Quote UserQuote"><div class="QuoteAuthor">'
                f'<a href="{profile_path(name)}">{esc(name)}</a> said:</div><div class="QuoteText">'
                f"{q.quotable().replace('%BASE%', ctx.base)}</div></blockquote>\n{body}"
            )
        return body

    def item_body(self, ctx: Ctx, p: Post, d: Discussion) -> str:
        u = self.data.members[p.uid]
        extra = ""
        if not p.pid and d.tags:
            tags = "".join(
                f'<li><a href="{ctx.base}/discussions/tagged/{quote(t)}" class="Tag_{t}">{esc(t)}</a></li>'
                for t in d.tags
            )
            extra += (
                '<div class="InlineTags Meta"><span class="TagsLabel">Tagged:</span>'
                f'<ul class="TagCloud">{tags}</ul></div>'
            )
        if u.signature:
            extra += f'<div class="Signature UserSignature userContent">{u.signature.replace("%BASE%", ctx.base)}</div>'
        return (
            '<div class="Item-BodyWrap">\n   <div class="Item-Body">\n'
            f'      <div class="Message userContent">\n{self.message(ctx, p)}\n      </div>\n'
            f"      {extra}{self.reactions(ctx, p)}\n   </div>\n</div>"
        )

    def opening_post(self, ctx: Ctx, d: Discussion) -> str:
        p = d.posts[0]
        u = self.data.members[p.uid]
        c = d.category
        return (
            f'<div id="Discussion_{d.did}" class="Item ItemDiscussion Role_{u.role}">\n'
            '<div class="Discussion">\n'
            f'<div class="Item-Header DiscussionHeader">\n{self.author_block(ctx, u)}\n'
            '<div class="Meta DiscussionMeta">\n'
            f'   <span class="MItem DateCreated">\n      <a href="{self.discussion_url(ctx, d)}" class="Permalink" '
            f'rel="nofollow">{date_html(p.when)}</a>\n   </span>\n'
            f"   {self.date_updated(p)}"
            f' <span class="MItem Category"> in <a href="{self.category_url(ctx, c)}">{esc(c.name)}</a></span> \n'
            "</div>\n</div>\n"
            f"{self.item_body(ctx, p, d)}\n</div>\n</div>"
        )

    def comment(self, ctx: Ctx, d: Discussion, p: Post, offset: int, *, latest: bool) -> str:
        """``writeComment()``; ``offset`` is the comment's 1-based number in the discussion."""
        u = self.data.members[p.uid]
        css = "Item" + (" Alt" if offset % 2 == 0 else "") + " ItemComment"
        css += " isOriginalPoster" if p.uid == d.posts[0].uid else ""
        css += " QnA-Item-Accepted" if p.accepted else ""
        css += f" Role_{u.role}"
        accepted = (
            ' <span class="MItem QnA-Box QnA-Accepted" title="This was an accepted answer.">'
            '<span class="QnA-Status">Accepted Answer</span></span>'
            if p.accepted
            else ""
        )
        stub = '<span id="latest"></span>\n' if latest else ""
        return (
            f'<li class="{css}" id="Comment_{p.pid}">\n<div class="Comment">\n{stub}<div class="Options"></div>\n'
            f'<div class="Item-Header CommentHeader">\n{self.author_block(ctx, u)}\n'
            '<div class="Meta CommentMeta CommentInfo">\n'
            f'   <span class="MItem DateCreated">\n      <a href="{self.comment_url(ctx, p)}" class="Permalink" '
            f'name="Item_{offset}" rel="nofollow">{date_html(p.when)}</a>\n   </span>\n'
            f"   {self.date_updated(p)}{accepted}\n</div>\n</div>\n"
            f"{self.item_body(ctx, p, d)}\n</div>\n</li>"
        )

    def discussion_body(self, ctx: Ctx, d: Discussion, page: int) -> str:
        """``discussion/index.php``: title, the opening post on page 1, accepted answers, the comments."""
        pages = d.pages
        comments = d.posts[1:]
        start = (page - 1) * COMMENTS_PER_PAGE
        shown = comments[start : start + COMMENTS_PER_PAGE]
        out = [
            '<div class="MessageList Discussion">\n<!-- Page Title -->\n<div id="Item_0" class="PageTitle">\n'
            f'<div class="Options"></div>\n<h1>{esc(d.name)}</h1>\n</div>\n'
        ]
        if page == 1:
            out.append(self.opening_post(ctx, d))
        out.append("</div>")
        answers = [p for p in comments if p.accepted]
        if page == 1 and answers:
            heading = "Best Answer" if len(answers) == 1 else "Best Answers"
            copies = "\n".join(self.comment(ctx, d, p, 0, latest=False) for p in answers)
            out.append(
                f'<div class="DataBox DataBox-AcceptedAnswers"><h2 class="CommentHeading">{heading}</h2>\n'
                f'<ul class="MessageList DataList AcceptedAnswers">\n{copies}\n</ul>\n</div>'
            )

        def url(n: int) -> str:
            return self.discussion_url(ctx, d, n)

        items = "\n".join(
            self.comment(ctx, d, p, start + i + 1, latest=start + i + 1 == len(comments)) for i, p in enumerate(shown)
        )
        heading = '<h2 class="CommentHeading">Comments</h2>\n' if shown else ""
        out.append(
            '<div class="CommentsWrap">\n'
            f'<span class="BeforeCommentHeading">{self.pager(page, pages, url, "PagerBefore", "span")}</span>\n'
            f'<div class="DataBox DataBox-Comments">\n{heading}<ul class="MessageList DataList Comments">\n{items}\n'
            "</ul>\n</div>\n"
            f'<div class="P PagerWrap">{self.pager(page, pages, url, "PagerAfter")}</div>\n</div>'
        )
        if d.closed:
            out.append('<div class="Foot Closed"><div class="Note Closed">This discussion has been closed.</div></div>')
        else:
            target = "/" + ctx.self_url
            out.append(
                '<div class="Foot Closed"><div class="Note Closed SignInOrRegister">'
                f'<a href="{ctx.signin(target)}" class="Popup">Sign In</a> or '
                f'<a href="{ctx.register(target)}">Register</a> to comment.</div></div>'
            )
        return "\n".join(out)

    def in_this_discussion(self, d: Discussion) -> str:
        last: dict[int, datetime] = {}
        for p in d.posts:
            last[p.uid] = p.when
        people = sorted(last.items(), key=lambda x: x[1], reverse=True)[:20]
        rows = "".join(
            f"<li>{self.user_anchor(self.data.members[uid], 'UserLink')} "
            f'<span class="Aside">{date_html(when)}</span></li>'
            for uid, when in people
        )
        return (
            '<div class="Box BoxInThisDiscussion"><h4 aria-level="2">In this Discussion</h4>'
            f'<ul class="PanelInfo PanelInThisDiscussion">{rows}</ul></div>'
        )

    # -- lesser pages ----------------------------------------------------------------------------
    def render_rss(self, ctx: Ctx, title: str, link: str, items: list[Discussion], comments: bool = False) -> Reply:
        rows = []
        if comments:
            d = items[0]
            entries = [(p, d) for p in d.posts[1:]][-30:]
        else:
            entries = [(d.posts[0], d) for d in sorted(items, key=lambda d: d.posts[0].when, reverse=True)[:20]]
        for p, d in entries:
            url = self.comment_url(ctx, p) if p.pid else self.discussion_url(ctx, d)
            rows.append(
                f"      <item>\n         <title>{esc(d.name)}</title>\n         <link>{url}</link>\n"
                f"         <pubDate>{p.when:%a, %d %b %Y %H:%M:%S} +0000</pubDate>\n"
                f"         <category>{esc(d.category.name)}</category>\n"
                f"         <dc:creator>{esc(self.data.members[p.uid].name)}</dc:creator>\n"
                f'         <guid isPermaLink="false">{p.pid or d.did}@/'
                f"{'comments' if p.pid else 'discussions'}</guid>\n"
                f"         <description><![CDATA[{self.message(ctx, p)}]]></description>\n      </item>"
            )
        body = (
            '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" '
            'xmlns:atom="http://www.w3.org/2005/Atom">\n   <channel>\n'
            f"      <title>{esc(title)} — {SITE}</title>\n      <link>{link}</link>\n"
            f"      <pubDate>{NOW:%a, %d %b %Y %H:%M:%S} +0000</pubDate>\n      <language>en</language>\n"
            f'      <atom:link href="{ctx.base}/{esc(ctx.self_url)}" rel="self" type="application/rss+xml"/>\n'
            + "\n".join(rows)
            + "\n   </channel>\n</rss>\n"
        )
        return Reply(200, body, {"Content-Type": "application/rss+xml; charset=utf-8"})

    def render_embed(self, ctx: Ctx, d: Discussion) -> str:
        items = "\n".join(self.comment(ctx, d, p, i + 1, latest=False) for i, p in enumerate(d.posts[1:31]))
        return (
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n  <title>' + esc(d.name) + f" — {SITE}</title>\n"
            '  <meta name="robots" content="noindex" />\n</head>\n<body id="vanilla_discussion_embed" class="Vanilla '
            'Discussion embed">\n<div class="Embed">\n'
            f'<div class="EmbedHeader"><a href="{self.discussion_url(ctx, d)}" target="_top">{esc(d.name)}</a></div>\n'
            f'<ul class="MessageList DataList Comments">\n{items}\n</ul>\n'
            f'<p class="EmbedFoot"><a href="{self.discussion_url(ctx, d)}" target="_top">'
            "View the full discussion</a></p>"
            "\n</div>\n</body>\n</html>\n"
        )

    def activity_items(self, ctx: Ctx, events: list[tuple[datetime, Member, Post | None]]) -> str:
        rows = []
        for when, m, p in events:
            photo = self.user_photo(ctx, m, "Medium").replace(profile_path(m.name), f"/profile/{m.uid}/{quote(m.name)}")
            if p is None:
                kind, what, excerpt = "Join", " joined.", ""
            else:
                d = self.data.discussions[p.did]
                link = f'<a href="{self.post_url(ctx, p)}">{esc(d.name)}</a>'
                kind, what = ("Comment", f" commented on {link}.") if p.pid else ("NewDiscussion", f" started {link}.")
                text = " ".join(p.plain)
                excerpt = f'<div class="Excerpt userContent">{esc(text[:200] + ("…" if len(text) > 200 else ""))}</div>'
            rows.append(
                f'<li id="Activity_{(p.pid or p.did) if p else m.uid + 90000}" '
                f'class="Item Activity Activity-{kind} HasPhoto">'
                f'<div class="Author Photo">{photo}</div><div class="ItemContent Activity"><div class="Title">'
                f"{self.user_anchor(m)}{what}</div>{excerpt}"
                f'<div class="Meta"><span class="MItem DateCreated">{date_html(when)}</span></div></div></li>'
            )
        return '<ul class="DataList Activities">\n' + "\n".join(rows) + "\n</ul>"

    def render_entry(self, ctx: Ctx, what: str, target: str) -> str:
        signin, register = ctx.signin(target), ctx.register(target)
        if what == "signin":
            title = "Sign In"
            inner = (
                f'<form method="post" action="{esc(signin)}" autocomplete="off"><ul>'
                '<li><label for="Form_Email">Email/Username</label><input type="text" id="Form_Email" name="Email" '
                'value="" class="InputBox" /></li><li><label for="Form_Password">Password</label>'
                '<input type="password" '
                'id="Form_Password" name="Password" value="" class="InputBox Password" /> '
                f'<a href="{ctx.base}/entry/passwordrequest" class="ForgotPassword">Forgot?</a></li></ul>'
                '<div class="Buttons"><input type="submit" value="Sign In" class="Button Primary" /> <label '
                'class="RememberMe"><input type="checkbox" name="RememberMe" value="1" checked="checked" /> Keep me '
                "signed in</label></div>"
                f'<p class="SignUpWrap">Don\'t have an account? <a href="{esc(register)}" class="Popup">'
                "Create One.</a></p></form>"
            )
        elif what == "register":
            title = "Register"
            inner = (
                f'<form method="post" action="{esc(register)}"><ul><li><label>Email</label><input type="text" '
                'name="Email" /></li><li><label>Username</label><input type="text" name="Name" /></li><li><label>'
                'Password</label><input type="password" name="Password" /></li><li><label><input type="checkbox" '
                f'name="TermsOfService" value="1" /> I agree to the <a href="{ctx.base}/home/termsofservice" '
                'class="Popup">terms of service</a></label></li></ul><input type="submit" value="Sign Up" '
                f'class="Button Primary" /></form><p>Already have an account? <a href="{esc(signin)}">Sign In</a></p>'
            )
        else:
            title = "Reset my password"
            inner = (
                f'<form method="post" action="{ctx.base}/entry/passwordrequest"><label>Enter your email address or '
                'username</label><input type="text" name="Email" /><input type="submit" value="Request a new password" '
                f'class="Button Primary" /></form><p><a href="{esc(signin)}">I remember now!</a></p>'
            )
        return self.box_page(ctx, title, f'<div class="Box MainForm">{inner}</div>', body_id=f"dashboard_entry_{what}")

    # -- small pages -------------------------------------------------------------------------------
    def box_page(self, ctx: Ctx, title: str, inner: str, *, status_title: str = "", body_id: str = "") -> str:
        content = f'<h1 class="H">{esc(title)}</h1>\n<div class="P">{inner}</div>'
        return self.page(
            ctx, title, content, panel=self.panel(ctx), status_title=status_title,
            body_id=body_id or "dashboard_home_index", body_class="Dashboard Home",
        )  # fmt: skip

    def not_found_page(self, ctx: Ctx, what: str = "Page") -> str:
        inner = (
            '<div class="Center SplashInfo"><p>The page you were looking for could not be found.</p></div>'
            f'<p><a href="{ctx.base}/">Back to the community</a></p>'
        )
        return self.box_page(ctx, f"{what} Not Found", inner, body_id="dashboard_home_filenotfound")
