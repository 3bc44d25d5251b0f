"""Page chrome of the XenForo 2.2 fixture (see :mod:`topiccrawl.demo.forum_xenforo`).

What every page shares, as XenForo's default style prints it for a guest: the page shell (``<head>``,
``p-nav`` header, notices, breadcrumbs, footer, the cookie notice and the ``XF.config`` script), the
``div.pageNav`` pager, ``<time>`` tags, avatars, user links, prefix labels and BB code. The pages
themselves are in :mod:`topiccrawl.demo.forum_xenforo_pages`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from topiccrawl.demo.server import SiteRequest

if TYPE_CHECKING:
    from topiccrawl.demo.forum_xenforo import XenforoForum, _User, _XfThread

_ASSET_VERSION = "1676401234"


def _xf() -> Any:
    from topiccrawl.demo import forum_xenforo  # the sibling module imports this one (through the pages)

    return forum_xenforo


def _csrf(target: str) -> str:
    return f"{_xf().NOW},{hashlib.md5(target.encode()).hexdigest()}"


# -- times, users, prefix labels, BB code ----------------------------------------------------------


def time_tag(ts: int, cls: str = "u-dt", extra: str = "") -> str:
    xf = _xf()
    ds, tstr = xf.date_string(ts), xf.time_string(ts)
    return (
        f'<time  class="{cls}" dir="auto" datetime="{xf.iso_time(ts)}" data-time="{ts}" data-date-string="{ds}" '
        f'data-time-string="{tstr}" title="{ds} at {tstr}"{extra}>{xf.shown_time(ts)}</time>'
    )


def user_link(u: _User, cls: str = "username ", extra: str = "") -> str:
    name = escape(u.name)
    inner = f'<span class="username--staff username--admin">{name}</span>' if u.staff else name
    return (
        f'<a href="{u.url}" class="{cls}" dir="auto" data-user-id="{u.uid}" data-xf-init="member-tooltip"{extra}>'
        f"{inner}</a>"
    )


def avatar(u: _User, size: str, extra: str = "") -> str:
    letter = "m" if size in {"m", "l"} else "s"
    pixels = {"xxs": 24, "xs": 32, "s": 48, "m": 96, "l": 192}[size]
    common = f'data-user-id="{u.uid}" data-xf-init="member-tooltip"'
    if u.letter_avatar:
        hue = hashlib.md5(u.name.encode()).hexdigest()
        return (
            f'<a href="{u.url}" class="avatar avatar--{size} avatar--default avatar--default--dynamic" {common} '
            f'style="background-color: #{hue[:6]}; color: #{hue[6:12]}"><span class="avatar-u{u.uid}-{letter}" '
            f'role="img" aria-label="{escape(u.name)}">{escape(u.name[0].upper())}</span></a>'
        )
    src = f"/data/avatars/{letter}/{u.uid // 1000}/{u.uid}.jpg?{u.joined}"
    return (
        f'<a href="{u.url}" class="avatar avatar--{size}" {common}><img src="{src}" '
        f'srcset="/data/avatars/l/{u.uid // 1000}/{u.uid}.jpg?{u.joined} 2x" alt="{escape(u.name)}" '
        f'class="avatar-u{u.uid}-{letter}" width="{pixels}" height="{pixels}" loading="lazy"{extra} /></a>'
    )


def prefix_label(prefix: int) -> str:
    title, cls = _xf().PREFIXES[prefix]
    return f'<span class="label {cls}" dir="auto">{escape(title)}</span>'


def prefix_text(t: _XfThread) -> str:
    return f"{_xf().PREFIXES[t.prefix][0]} - " if t.prefix else ""


def bb(paragraphs: list[str]) -> str:
    """BB code as XenForo renders it: a line break per line, a blank line between paragraphs, URLs linked."""

    def line(text: str) -> str:
        return re.sub(
            r"https?://\S+",
            lambda m: (
                f'<a href="{m[0]}" target="_blank" class="link link--external" rel="nofollow ugc noopener">{m[0]}</a>'
            ),
            escape(text),
        )

    return "<br />\n<br />\n".join(line(p) for p in paragraphs)


# -- pager, breadcrumbs, page shell ----------------------------------------------------------------


def pagenav(url: Callable[[int], str], page: int, last: int) -> str:
    """XenForo's pager: first, last, two either side of the current page, '…' for the rest; every
    number a link; 'Prev'/'Next' jumps; and the small-screen 'pageNavSimple' beside it."""
    if last <= 1:
        return ""
    jump_url = escape(url(987654).replace("987654", "%page%"))
    jump_menu = (
        '<div class="menu menu--pageJump" data-menu="menu" aria-hidden="true"><div class="menu-content">'
        '<h4 class="menu-tabHeader tabs" data-xf-init="tabs" role="tablist"><span class="hScroller" '
        'data-xf-init="h-scroller"><span class="hScroller-scroll"><a class="tabs-tab is-active" role="tab" '
        'tabindex="0">Go to page</a></span></span></h4><div class="menu-row" data-xf-init="page-jump" '
        f'data-page-url="{jump_url}"><div class="inputGroup inputGroup--numbers"><div class="inputGroup '
        'inputGroup--numbers inputNumber" data-xf-init="number-box"><input type="number" pattern="\\d*" '
        'class="input input--number js-numberBoxTextInput input input--numberNarrow js-pageJumpPage" '
        f'value="{page}" '
        f'min="1" max="{last}" step="1" required="required" data-menu-autofocus="true" /></div>'
        '<span class="inputGroup-text"><button type="button" class="button js-pageJumpGo">'
        '<span class="button-text">Go</span></button></span></div></div></div></div>'
    )
    skip = (
        '<li class="pageNav-page pageNav-page--skip pageNav-page--skip{}"><a data-xf-init="tooltip" '
        'title="Go to page" data-xf-click="menu" role="button" tabindex="0" aria-expanded="false" '
        f'aria-haspopup="true">…</a>{jump_menu}</li>'
    )
    lo, hi = max(2, page - 2), min(last - 1, page + 2)

    def item(n: int) -> str:
        cls = "pageNav-page "
        if n == page:
            cls = "pageNav-page pageNav-page--current "
        elif lo <= n < page:
            cls = "pageNav-page pageNav-page--earlier"
        elif page < n <= hi:
            cls = "pageNav-page pageNav-page--later"
        return f'<li class="{cls}"><a href="{escape(url(n))}">{n}</a></li>'

    items = [item(1)]
    if lo > 2:
        items.append(skip.format("Start"))
    items += [item(n) for n in range(lo, hi + 1)]
    if hi < last - 1:
        items.append(skip.format("End"))
    items.append(item(last))
    prev = f'<a href="{escape(url(page - 1))}" class="pageNav-jump pageNav-jump--prev">Prev</a>' if page > 1 else ""
    nxt = f'<a href="{escape(url(page + 1))}" class="pageNav-jump pageNav-jump--next">Next</a>' if page < last else ""
    simple = []
    if page > 1:
        simple.append(f'<a href="{escape(url(1))}" class="pageNavSimple-el pageNavSimple-el--first">First</a>')
        simple.append(f'<a href="{escape(url(page - 1))}" class="pageNavSimple-el pageNavSimple-el--prev">Prev</a>')
    simple.append(
        '<a class="pageNavSimple-el pageNavSimple-el--current" data-xf-init="tooltip" title="Go to page" '
        f'data-xf-click="menu" role="button" tabindex="0" aria-expanded="false" aria-haspopup="true">'
        f"{page} of {last}</a>{jump_menu}"
    )
    if page < last:
        simple.append(
            f'<a href="{escape(url(page + 1))}" class="pageNavSimple-el pageNavSimple-el--next">Next '
            '<i aria-hidden="true"></i></a>'
        )
        simple.append(f'<a href="{escape(url(last))}" class="pageNavSimple-el pageNavSimple-el--last">Last</a>')
    return (
        f'<nav class="pageNavWrapper pageNavWrapper--mixed "><div class="pageNav  ">{prev}'
        f'<ul class="pageNav-main">{"".join(items)}</ul>{nxt}</div>'
        f'<div class="pageNavSimple">{"".join(simple)}</div></nav>'
    )


def breadcrumbs(crumbs: list[tuple[str, str]], variant: str = "") -> str:
    items = "".join(
        '<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">'
        f'<a href="{href}" itemprop="item"><span itemprop="name">{escape(label)}</span></a>'
        f'<meta itemprop="position" content="{i}" /></li>'
        for i, (href, label) in enumerate([("/", "Forums"), *crumbs], 1)
    )
    cls = f"p-breadcrumbs p-breadcrumbs--{variant}" if variant else "p-breadcrumbs "
    return f'<ul class="{cls}" itemscope itemtype="https://schema.org/BreadcrumbList">{items}</ul>'


def board_crumbs(f: XenforoForum, fid: int) -> list[tuple[str, str]]:
    cid, cname = f.category_of[fid]
    return [(f"/#{_xf().slugify(cname)}.{cid}", cname)]


def shell(
    f: XenforoForum,
    req: SiteRequest,
    *,
    template: str,
    title: str,
    body: str,
    header: str = "",
    crumbs: list[tuple[str, str]] | None = None,
    canonical: str = "",
    head: str = "",
    sidebar: str = "",
    description: str = "",
    keys: tuple[str, str] = ("", ""),
) -> str:
    site = _xf().SITE
    base = req.base_url
    crumbs = crumbs or []
    canon = ""
    if canonical:
        canon = (
            f'<link rel="canonical" href="{escape(base + canonical)}" />'
            f'<meta property="og:url" content="{escape(base + canonical)}" />'
        )
    desc = escape(description or "A community for people who take their gadgets apart.")
    main_cls = "p-body-main p-body-main--withSidebar " if sidebar else "p-body-main  "
    side_col = '<div class="p-body-sidebarCol"></div>' if sidebar else ""
    side = f'<div class="p-body-sidebar">{sidebar}</div>' if sidebar else ""
    section = "forums" if template in {"forum_list", "forum_view", "thread_view"} else template
    nav = navigation(section)
    config = json.dumps(
        {
            "url": {
                "fullBase": f"{base}/",
                "basePath": "/",
                "css": f"/css.php?css=__SENTINEL__&s=1&l=1&d={_ASSET_VERSION}",
                "keepAlive": "/login/keep-alive",
            },
            "cookie": {"path": "/", "domain": "", "prefix": "xf_", "secure": False},
            "csrf": _csrf(req.target),
            "js": {},
            "visitorCounts": {"conversations_unread": "0", "alerts_unviewed": "0", "total_unread": "0"},
        }
    ).replace("/", "\\/")
    phrases = json.dumps(
        {
            "date_x_at_time_y": "{date} at {time}",
            "day_x_at_time_y": "{day} at {time}",
            "yesterday_at_x": "Yesterday at {time}",
            "x_minutes_ago": "{minutes} minutes ago",
            "one_minute_ago": "1 minute ago",
            "a_moment_ago": "A moment ago",
            "today_at_x": "Today at {time}",
            "in_a_moment": "In a moment",
        }
    )
    return (
        f'<!DOCTYPE html>\n<html id="XF" lang="en-US" dir="LTR" data-app="public" data-template="{template}" '
        f'data-container-key="{keys[0]}" data-content-key="{keys[1]}" data-logged-in="false" '
        f'data-cookie-prefix="xf_" data-csrf="{_csrf(req.target)}" class="has-no-js template-{template}">\n'
        f'<head>\n\t<meta charset="{f.charset}" />\n\t<meta http-equiv="X-UA-Compatible" content="IE=Edge" />\n'
        '\t<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">\n'
        f"\t<title>{escape(title)} | {site}</title>\n"
        '\t<link rel="manifest" href="/webmanifest.php">\n\t<meta name="theme-color" content="#185886" />\n'
        f'\t<meta name="description" content="{desc}" />\n\t<meta property="og:description" content="{desc}" />\n'
        f'\t<meta property="og:site_name" content="{site}" />\n\t<meta property="og:type" content="website" />\n'
        f'\t<meta property="og:title" content="{escape(title)}" />\n'
        f'\t<meta property="twitter:title" content="{escape(title)}" />\n\t{canon}\n{head}'
        f'\t<link rel="alternate" type="application/rss+xml" title="RSS feed for {site}" '
        'href="/forums/-/index.rss" />\n'
        '\t<link rel="stylesheet" href="/css.php?css=public%3Anormalize.css%2Cpublic%3Afa.css%2Cpublic%3A'
        f'core.less%2Cpublic%3Aapp.less&amp;s=1&amp;l=1&amp;d={_ASSET_VERSION}&amp;k=5e2b1c0d" />\n'
        '\t<script src="/js/xf/preamble.min.js?_v=3f2a1b9c"></script>\n</head>\n'
        f'<body data-template="{template}">\n'
        '<div class="p-pageWrapper" id="top">\n'
        '<header class="p-header" id="header"><div class="p-header-inner"><div class="p-header-content">'
        '<div class="p-header-logo p-header-logo--image"><a href="/"><img src="/styles/default/xenforo/'
        f'xenforo-logo.png" srcset="" alt="{site}" width="100" height="36" /></a></div></div></div></header>\n'
        f"{nav}\n"
        '<div class="p-body">\n<div class="p-body-inner">\n<!--XF:EXTRA_OUTPUT-->\n'
        '<ul class="notices notices--block  js-notices" data-xf-init="notices" data-type="block" '
        'data-scroll-interval="6"><li class="notice js-notice notice--primary" data-notice-id="2" '
        'data-delay-duration="0" data-display-duration="0" data-auto-dismiss="" data-visibility="">'
        '<div class="notice-content">Welcome to the Gadget Hub! <a href="/register/">Register</a> to join '
        "the discussion, it only takes a minute.</div></li></ul>\n"
        f"{breadcrumbs(crumbs)}\n"
        '<noscript class="js-jsWarning"><div class="blockMessage blockMessage--important blockMessage--iconic '
        'u-noJsOnly">JavaScript is disabled. For a better experience, please enable JavaScript in your browser '
        "before proceeding.</div></noscript>\n"
        f"{header}\n"
        f'<div class="{main_cls}"><div class="p-body-contentCol"></div>{side_col}'
        f'<div class="p-body-content"><div class="p-body-pageContent">{body}</div></div>'
        f"{side}</div>\n"
        f"{breadcrumbs(crumbs, 'bottom')}\n</div>\n</div>\n"
        f"{footer()}\n</div> <!-- closing p-pageWrapper -->\n"
        '<div class="u-bottomFixer js-bottomFixTarget"><ul class="notices notices--bottom_fixer  js-notices" '
        'data-xf-init="notices" data-type="bottom_fixer" data-scroll-interval="6"><li class="notice js-notice '
        'notice--primary notice--cookie" data-notice-id="-1" data-delay-duration="0" data-display-duration="0" '
        'data-auto-dismiss="0" data-visibility=""><div class="notice-content"><div class="u-alignCenter">This '
        "site uses cookies to help personalise content, tailor your experience and to keep you logged in if you "
        "register.<br />By continuing to use this site, you are consenting to our use of cookies.</div>"
        '<div class="u-inputSpacer u-alignCenter"><a href="/account/dismiss-notice" class="js-noticeDismiss '
        'button--notice button"><span class="button-text">Accept</span></a><a href="/help/cookies/" '
        'class="button--notice button"><span class="button-text">Learn more…</span></a></div></div></li></ul>'
        "</div>\n"
        f'<script src="/js/xf/core-compiled.js?_v=3f2a1b9c"></script>\n<script>\n\tjQuery.extend(true, XF.config, '
        f"{config});\n\tjQuery.extend(XF.phrases, {phrases});\n</script>\n"
        '<form style="display:none" hidden="hidden"><input type="text" name="_xfClientLoadTime" value="" '
        'id="_xfClientLoadTime" title="_xfClientLoadTime" tabindex="-1" /></form>\n</body>\n</html>'
    )


def navigation(section: str) -> str:
    site = _xf().SITE

    def el(href: str, label: str, nav_id: str, menu: list[tuple[str, str]]) -> str:
        selected = " is-selected" if nav_id == section else ""
        rows = "".join(
            f'<a href="{h}" class="menu-linkRow u-indentDepth0 js-offCanvasCopy " data-nav-id="{nav_id}{i}">'
            f"{escape(label_)}</a>"
            for i, (h, label_) in enumerate(menu)
        )
        return (
            f'<li><div class="p-navEl{selected}" data-has-children="true"><a href="{href}" '
            f'class="p-navEl-link p-navEl-link--splitMenu " data-nav-id="{nav_id}">{escape(label)}</a>'
            '<a data-xf-key="1" data-xf-click="menu" data-menu-pos-ref="< .p-navEl" class="p-navEl-splitTrigger" '
            'role="button" tabindex="0" aria-label="Toggle expanded" aria-expanded="false" aria-haspopup="true">'
            '</a><div class="menu menu--structural" data-menu="menu" aria-hidden="true"><div class="menu-content">'
            f"{rows}</div></div></div></li>"
        )

    items = [
        el("/", "Forums", "forums", [("/whats-new/posts/", "New posts"), ("/search/?type=post", "Search forums")]),
        el(
            "/whats-new/",
            "What's new",
            "whatsNew",
            [("/whats-new/posts/", "New posts"), ("/whats-new/profile-posts/", "New profile posts")],
        ),
        el(
            "/members/",
            "Members",
            "members",
            [("/members/list/", "Registered members"), ("/online/", "Current visitors")],
        ),
    ]
    return (
        '<div class="p-navSticky p-navSticky--primary" data-xf-init="sticky-header"><nav class="p-nav">'
        '<div class="p-nav-inner"><button type="button" class="button--plain p-nav-menuTrigger button" '
        'data-xf-click="off-canvas" data-menu=".js-headerOffCanvasMenu" tabindex="0" aria-label="Menu">'
        '<span class="button-text"><i aria-hidden="true"></i></span></button>'
        f'<div class="p-nav-smallLogo"><a href="/"><img src="/styles/default/xenforo/xenforo-logo.png" alt="{site}"'
        ' /></a></div><div class="p-nav-scroller hScroller" data-xf-init="h-scroller" '
        'data-auto-scroll=".p-navEl.is-selected"><div class="hScroller-scroll">'
        f'<ul class="p-nav-list js-offCanvasNavSource">{"".join(items)}</ul></div></div>'
        '<div class="p-nav-opposite"><div class="p-navgroup p-account p-navgroup--guest">'
        '<a href="/login/" class="p-navgroup-link p-navgroup-link--textual p-navgroup-link--logIn" '
        'data-xf-click="overlay" data-follow-redirects="on"><span class="p-navgroup-linkText">Log in</span></a>'
        '<div class="p-navgroup-divider"></div><a href="/register/" class="p-navgroup-link '
        'p-navgroup-link--textual p-navgroup-link--register" data-xf-click="overlay" data-follow-redirects="on">'
        '<span class="p-navgroup-linkText">Register</span></a></div><div class="p-navgroup p-discovery">'
        '<a href="/whats-new/" class="p-navgroup-link p-navgroup-link--iconic p-navgroup-link--whatsnew" '
        'aria-label="What&#039;s new" title="What&#039;s new"><i aria-hidden="true"></i>'
        '<span class="p-navgroup-linkText">What\'s new</span></a><a href="/search/" class="p-navgroup-link '
        'p-navgroup-link--iconic p-navgroup-link--search" data-xf-click="menu" data-xf-key="/" '
        'aria-label="Search" aria-expanded="false" aria-haspopup="true" title="Search"><i aria-hidden="true">'
        '</i><span class="p-navgroup-linkText">Search</span></a><div class="menu menu--structural menu--wide" '
        'data-menu="menu" aria-hidden="true"><form action="/search/search" method="post" class="menu-content" '
        'data-xf-init="quick-search"><h3 class="menu-header">Search</h3><div class="menu-row"><input '
        'type="text" class="input" name="keywords" placeholder="Search…" aria-label="Search" '
        'data-menu-autofocus="true" /></div></form></div></div></div></div></nav></div>'
        '<div class="p-sectionLinks"><div class="p-sectionLinks-inner hScroller" data-xf-init="h-scroller">'
        '<div class="hScroller-scroll"><ul class="p-sectionLinks-list"><li><div class="p-navEl ">'
        '<a href="/whats-new/posts/" class="p-navEl-link " data-xf-key="alt+1" data-nav-id="newPosts">New posts'
        '</a></div></li><li><div class="p-navEl "><a href="/search/?type=post" class="p-navEl-link " '
        'data-xf-key="alt+2" data-nav-id="searchForums">Search forums</a></div></li></ul></div></div></div>'
    )


def footer() -> str:
    return (
        '<footer class="p-footer" id="footer"><div class="p-footer-inner"><div class="p-footer-row">'
        '<div class="p-footer-row-main"><ul class="p-footer-linkList"><li><a href="/misc/contact" '
        'data-xf-click="overlay">Contact us</a></li></ul></div><div class="p-footer-row-opposite">'
        '<ul class="p-footer-linkList"><li><a href="/misc/contact" data-xf-click="overlay">Contact us</a></li>'
        '<li><a href="/help/terms/">Terms and rules</a></li><li><a href="/help/privacy-policy/">Privacy policy'
        '</a></li><li><a href="/help/">Help</a></li><li><a href="https://www.example.com/">Home</a></li>'
        '<li><a href="/forums/-/index.rss" target="_blank" class="p-footer-rssLink" title="RSS"><span '
        'aria-hidden="true"><i class="fa--xf far fa-rss" aria-hidden="true"></i><span class="u-srOnly">RSS'
        "</span></span></a></li></ul></div></div>"
        '<div class="p-footer-copyright"><a href="https://xenforo.com" class="u-concealed" dir="ltr" '
        'target="_blank" rel="sponsored noopener">Community platform by XenForo<sup>&reg;</sup> '
        '<span class="copyright">&copy; 2010-2022 XenForo Ltd.</span></a></div></div></footer>'
    )


def title_header(title_html: str, description: str = "", action: str = "") -> str:
    desc = f'<div class="p-description">{description}</div>' if description else ""
    return (
        f'<div class="p-body-header"><div class="p-title "><h1 class="p-title-value">{title_html}</h1>'
        f"{action}</div>{desc}</div>"
    )


def rel_links(req: SiteRequest, url: Callable[[int], str], page: int, last: int) -> str:
    links = []
    if page > 1:
        links.append(f'\t<link rel="prev" href="{escape(req.base_url + url(page - 1))}" />\n')
    if page < last:
        links.append(f'\t<link rel="next" href="{escape(req.base_url + url(page + 1))}" />\n')
    return "".join(links)
