"""Page rendering of the Invision Community 4.7 fixture (see :mod:`topiccrawl.demo.forum_ips`).

The markup follows IPS 4.7's default-theme templates (``forums/front/topics``, ``forums/front/forums``,
``forums/front/index``, ``core/global/global``) as they render for a guest; every link is absolute.
Templates are ``str.format`` strings (literal braces doubled).
"""

from __future__ import annotations

import base64
import hashlib
import json
from html import escape
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from topiccrawl.demo.server import Reply, SiteRequest, html

if TYPE_CHECKING:
    from topiccrawl.demo.forum_ips import Forum, IpsForum, Member, Post, Topic

Crumbs = list[tuple[str | None, str]]
_V = "8e0c7c9a1d1686307312"
_SORTS = [
    ("last_post", "desc", "Recently Updated"),
    ("title", "asc", "Title"),
    ("start_date", "desc", "Start Date"),
    ("views", "desc", "Most Viewed"),
    ("posts", "desc", "Most Replies"),
]


def _ips() -> Any:
    from topiccrawl.demo import forum_ips  # the sibling module imports this one

    return forum_ips


def esc(text: str) -> str:
    return escape(text, quote=True)


def _uniq(*parts: object) -> str:
    """Stands in for the ``mt_rand()`` ids IPS gives menus and pagers (deterministic here)."""
    return str(int(hashlib.md5("|".join(map(str, parts)).encode()).hexdigest()[:8], 16))


def time_tag(ts: int, lower: bool = False) -> str:
    """``DateTime::html()``; ``lower`` is ``html(FALSE)`` ('yesterday at …', 'just now')."""
    ips = _ips()
    shown = ips.relative(ts)
    if lower and shown.startswith(("Yesterday", "Just")):
        shown = shown[0].lower() + shown[1:]
    return f"<time datetime='{ips.iso(ts)}' title='{ips.title_date(ts)}' data-short='{ips.short(ts)}'>{shown}</time>"


# -- members ------------------------------------------------------------------------------------------


def letter_avatar(member: Member) -> str:
    hue = hashlib.md5(member.name.encode()).hexdigest()[:6]
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024" style="background:#{hue}"><g><text '
        'text-anchor="middle" dy=".35em" x="512" y="512" fill="#ffffff" font-size="700" font-family="-apple-system, '
        f'BlinkMacSystemFont, Roboto, Helvetica, Arial, sans-serif">{member.name[0]}</text></g></svg>'
    )
    return "data:image/svg+xml," + quote(svg, safe="")


def user_photo(f: IpsForum, b: str, member: Member, size: str = "tiny") -> str:
    url = b + f.profile_target(member)
    src = b + member.photo if member.photo else letter_avatar(member)
    name = esc(member.name)
    return (
        f'\n<a href="{url}" rel="nofollow" data-ipsHover data-ipsHover-width="370" data-ipsHover-target="{url}'
        f'?do=hovercard" class="ipsUserPhoto ipsUserPhoto_{size}" title="Go to {name}\'s profile">\n\t'
        f"<img src='{src}' alt='{name}' loading=\"lazy\">\n</a>\n"
    )


def user_link(f: IpsForum, b: str, member: Member, referrer: str = "") -> str:
    url = b + f.profile_target(member)
    ref = f"&amp;referrer={quote(quote(referrer, safe=''), safe='')}" if referrer else ""
    return (
        f"<a href='{url}' rel=\"nofollow\" data-ipsHover data-ipsHover-width='370' data-ipsHover-target='{url}"
        f'?do=hovercard{ref}\' title="Go to {esc(member.name)}\'s profile" class="ipsType_break">{esc(member.name)}</a>'
    )


def group_name(member: Member) -> str:
    return f"<span style='color:#ff0000'>{member.group}</span>" if member.group == "Administrators" else member.group


# -- pagers -------------------------------------------------------------------------------------------


def page_url(base: str, n: int) -> str:
    return base + (f"page/{n}/" if n > 1 else "")


_JUMP = """<li class='ipsPagination_pageJump'>
<a href='#' data-ipsMenu data-ipsMenu-closeOnClick='false' data-ipsMenu-appendTo='#{pid}' id='{pid}_jump'>Page \
{active} of {pages} &nbsp;<i class='fa fa-caret-down'></i></a>
<div class='ipsMenu ipsMenu_narrow ipsPadding ipsHide' id='{pid}_jump_menu'>
<form accept-charset='utf-8' method='post' action='{base}' data-role="pageJump" data-baseUrl='#'>
<ul class='ipsForm ipsForm_horizontal'>
<li class='ipsFieldRow'><input type='number' min='1' max='{pages}' placeholder='Page number' \
class='ipsField_fullWidth' name='page'></li>
<li class='ipsFieldRow ipsFieldRow_fullWidth'><input type='submit' class='ipsButton_fullWidth ipsButton \
ipsButton_verySmall ipsButton_primary' value='Go'></li>
</ul></form></div></li>"""


def pagination(base: str, pages: int, active: int, per_page: int, where: str = "") -> str:
    """``core/global/global/pagination``: first/prev, five pages either side, next/last, page jump."""
    if active <= 1 and pages <= 1:
        return ""
    pid = f"elPagination_{hashlib.md5(base.encode()).hexdigest()}_{_uniq(base, active, where)}"

    def li(cls: str, n: int, label: str, rel: str = "", title: str = "") -> str:
        extra = f' rel="{rel}"' if rel else ""
        tip = f" data-ipsTooltip title='{title}'" if title else ""
        return f"<li class='{cls}'><a href='{page_url(base, n)}'{extra} data-page='{n}'{tip}>{label}</a></li>"

    first, last = "<i class='fa fa-angle-double-left'></i>", "<i class='fa fa-angle-double-right'></i>"
    off = "" if active != 1 else " ipsPagination_inactive"
    items = [
        li(f"ipsPagination_first{off}", 1, first, "first", "First page"),
        li(f"ipsPagination_prev{off}", active - 1, "Prev", "prev", "Previous page"),
    ]
    items += [li("ipsPagination_page", i, str(i)) for i in range(max(1, active - 5), active)]
    items.append(li("ipsPagination_page ipsPagination_active", active, str(active)))
    items += [li("ipsPagination_page", i, str(i)) for i in range(active + 1, min(pages, active + 5) + 1)]
    off = "" if active != pages else " ipsPagination_inactive"
    items.append(li(f"ipsPagination_next{off}", min(active + 1, pages), "Next", "next", "Next page"))
    items.append(li(f"ipsPagination_last{off}", pages, last, "last", "Last page"))
    if pages > 1:
        items.append(_JUMP.format(pid=pid, active=active, pages=pages, base=base))
    return (
        f"\n<ul class='ipsPagination' id='{pid}' data-ipsPagination-seoPagination='true' data-pages='{pages}' "
        f"data-ipsPagination  data-ipsPagination-pages=\"{pages}\" data-ipsPagination-perPage='{per_page}'>\n\t"
        + "\n\t".join(items)
        + "\n</ul>\n"
    )


def mini_pagination(base: str, pages: int) -> str:
    if pages <= 1:
        return ""
    items = [
        f"<span class='ipsPagination_page'><a href='{page_url(base, i)}' data-ipsTooltip title='Go to page {i}'>"
        f"{i}</a></span>"
        for i in range(1, min(4, pages) + 1)
    ]
    if pages > 4:
        items.append(
            f"<span class='ipsPagination_last'><a href='{page_url(base, pages)}' data-ipsTooltip title='Go to last "
            f"page'>{pages} <i class='fa fa-caret-right'></i></a></span>"
        )
    mid = hashlib.md5(base.encode()).hexdigest()
    return (
        f"\n<span class='ipsPagination ipsPagination_mini' id='elPagination_{mid}'>\n\t"
        + "\n\t".join(items)
        + "\n</span>"
    )


def head_links(b: str, base: str, page: int, pages: int) -> str:
    out = []
    if page > 1:
        out += [("first", 1), ("prev", page - 1)]
    if page < pages:
        out += [("next", page + 1), ("last", pages)]
    return "".join(f'\n<link rel="{rel}" href="{b}{page_url(base, n)}" />' for rel, n in out)


# -- the page -----------------------------------------------------------------------------------------

_CRUMBS = """<nav class='ipsBreadcrumb ipsBreadcrumb_{where} ipsFaded_withHover'>
<ul class='ipsList_inline ipsPos_right'>
<li><a data-action="defaultStream" class='ipsType_light ' href='{b}/discover/'><i class="fa \
fa-newspaper-o"></i> <span>All Activity</span></a></li>
</ul><ul data-role="breadcrumbList">
<li><a title="Home" href='{b}/'><span><i class='fa fa-home'></i> Home <i class='fa \
fa-angle-right'></i></span></a></li>
{items}</ul></nav>"""

_HEADER = """<div id='ipsLayout_header' class='ipsClearfix'>
<div id='elGuestTerms' class='ipsPad_half ipsJS_hide' data-role='guestTermsBar' \
data-controller='core.front.core.guestTerms'>
<div class='ipsLayout_container cGuestTerms'><div class='ipsGrid ipsGrid_collapsePhone'>
<div class='ipsGrid_span10 cGuestTerms_contents'><h2 class='ipsType_sectionHead'>Important Information</h2>
<p class='ipsType_reset ipsType_medium cGuestTerms_contents_text'>By using this site, you agree to our <a \
href='{b}/terms/'>Terms of Use</a> and <a href='{b}/privacy/'>Privacy Policy</a>. We have placed <a \
href='{b}/cookies/'>cookies</a> on your device to help make this website better. You can adjust your cookie \
settings, otherwise we'll assume you're okay to continue.</p>
</div><div class='ipsGrid_span2 cGuestTerms_button'>
<a href='{dismiss}' class='ipsButton ipsButton_veryLight ipsButton_large ipsButton_fullWidth' \
data-action="dismissTerms"><i class='fa fa-check'></i>&nbsp; I accept</a>
</div></div></div></div><header><div class='ipsLayout_container'>
<a href='{b}/' id='elLogo' accesskey='1'><img src="{b}/uploads/monthly_2023_02/logo.png.8b0f1c2d3e4f5a6b.png" \
alt='{site}'></a>
<ul id='elUserNav' class='ipsList_inline cSignedOut ipsResponsive_showDesktop'><li id='elSignInLink'>
<a href='{b}/login/' data-ipsMenu-closeOnClick="false" data-ipsMenu id='elUserSignIn'>Existing user? Sign In \
&nbsp;<i class='fa fa-caret-down'></i></a>
<div id='elUserSignIn_menu' class='ipsMenu ipsMenu_auto ipsHide'>
<form accept-charset='utf-8' method='post' action='{b}/login/'>
<input type="hidden" name="csrfKey" value="{csrf}"><input type='email' placeholder='Email Address' name='auth'>
<input type='password' placeholder='Password' name='password'>
<a href='{b}/lostpassword/' data-ipsDialog data-ipsDialog-title='Forgot your password?'>Forgot your \
password?</a>
<button type='submit' name='_processLogin' value='usernamepassword' class='ipsButton ipsButton_primary \
ipsButton_small'>Sign In</button>
</form></div></li>
<li><a href='{b}/register/' data-ipsDialog data-ipsDialog-size='narrow' data-ipsDialog-title='Sign Up' \
id='elRegisterButton' class='ipsButton ipsButton_normal ipsButton_primary'>Sign Up</a></li>
</ul></div></header><nav data-controller='core.front.core.navBar' class=' ipsResponsive_showDesktop'>
<div class='ipsNavBar_primary ipsLayout_container '><ul data-role="primaryNavBar" class='ipsClearfix'>{nav}</ul>
<div id='elSearchWrapper'><div id='elSearch' data-controller='core.front.core.quickSearch'>
<form accept-charset='utf-8' action='{b}/search/?do=quicksearch' method='post'>
<input type='search' id='elSearchField' placeholder='Search...' name='q' autocomplete='off' aria-label='Search'>
<button class='cSearchSubmit' type="submit" aria-label='Search'><i class="fa fa-search"></i></button></form>
</div></div></div></nav></div>"""

_PAGE = """<!DOCTYPE html><html lang="en-US" dir="ltr"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta property="og:title" content="{title}">
<meta property="og:type" content="website"><meta property="og:url" content="{b}{url}">
<meta name="description" content="{desc}"><meta property="og:description" content="{desc}">
<meta property="og:site_name" content="{site}"><meta property="og:locale" content="en_US">{head}
<link rel="manifest" href="{b}/manifest.webmanifest/">
<link rel='stylesheet' href='{b}/uploads/css_built_1/341e4a57816af3ba440d891ca87450ff_framework.css?v={v}' \
media='all'>
<link rel='stylesheet' href='{b}/uploads/css_built_1/341e4a57816af3ba440d891ca87450ff_core.css?v={v}' \
media='all'>
</head>
<body class='ipsApp ipsApp_front ipsJS_none ipsClearfix' data-controller='core.front.core.app' data-message="" \
data-pageApp='{app}' data-pageLocation='front' data-pageModule='{module}' data-pageController='{controller}' \
data-pageID='{page_id}'>
<a href='#ipsLayout_mainArea' class='ipsHide' title='Go to main content on this page' accesskey='m'>Jump to \
content</a>
{header}<main id='ipsLayout_body' class='ipsLayout_container'><div id='ipsLayout_contentArea'>
<div id='ipsLayout_contentWrapper'>{top}<div id='ipsLayout_mainArea'><a id='elContent'></a>{body}</div>{bottom}
</div>{side}</div></main><footer id='ipsLayout_footer' class='ipsClearfix'><div class='ipsLayout_container'>
<ul id="elFooterLinks" class='ipsList_inline ipsPos_right'>
<li><a href='#elNavTheme_menu' id='elNavTheme' data-ipsMenu data-ipsMenu-above>Theme <i class='fa \
fa-caret-down'></i></a></li>
<li><a href='{b}/privacy/'>Privacy Policy</a></li>
<li><a rel="nofollow" href='{b}/contact/' data-ipsdialog data-ipsDialog-remoteSubmit \
data-ipsdialog-title="Contact Us">Contact Us</a></li>
<li><a rel="nofollow" href='{b}/cookies/'>Cookies</a></li></ul><p id='elCopyright'>
<span id='elCopyright_userLine'>{site}</span>
<a rel='nofollow' title='Invision Community' href='https://www.invisioncommunity.com/'>Powered by Invision \
Community</a>
</p></div></footer>
<script type='text/javascript'>var ipsDebug=false; var ipsSettings={{baseURL:"{b}/",memberID:0}};</script>
<script src='{b}/uploads/javascript_global/root_library.js?v={v}' data-ips></script>{ld}</body></html>"""


def _crumbs(b: str, crumbs: Crumbs, where: str) -> str:
    items = [
        f"<li>{esc(label)}</li>"
        if target is None
        else f"<li><a href='{b}{target}'><span>{esc(label)} <i class='fa fa-angle-right'></i></span></a></li>"
        for target, label in crumbs
    ]
    return _CRUMBS.format(where=where, b=b, items="\n\t\t".join(items))


def _nav(b: str) -> str:
    def item(nid: int, target: str, label: str, ext: str, sub: str = "") -> str:
        app = "forums" if ext == "Forums" else "core"
        if sub:
            sub = f"\n\t\t\t\t<ul class='ipsNavBar_secondary ipsHide' data-role='secondaryNavBar'>{sub}</ul>"
        return (
            f'<li id=\'elNavSecondary_{nid}\' data-role="navBarItem" data-navApp="{app}" data-navExt="{ext}"><a '
            f'href="{b}{target}" data-navItem-id="{nid}">{label}<span class=\'ipsNavBar_active__identifier\'></span>'
            f"</a>{sub}</li>"
        )

    browse = [(8, "/forums/", "Forums", "Forums"), (10, "/staff/", "Staff", "StaffDirectory")]
    browse += [(11, "/online/", "Online Users", "OnlineUsers"), (12, "/leaderboard/", "Leaderboard", "Leaderboard")]
    activity = [(4, "/discover/", "All Activity", "AllActivity"), (6, "/search/", "Search", "Search")]
    return "\n\t\t\t".join(
        [
            item(1, "/", "Browse", "CustomItem", "".join(item(*x) for x in browse)),
            item(2, "/discover/", "Activity", "CustomItem", "".join(item(*x) for x in activity)),
            item(13, "/leaderboard/", "Leaderboard", "Leaderboard"),
        ]
    )


def _json_ld(b: str, crumbs: Crumbs, extra: list[dict]) -> str:
    site = _ips().SITE
    search = {"type": "SearchAction", "query-input": "required name=query", "target": f"{b}/search/?q={{query}}"}
    blocks: list[dict] = [
        {"@context": "http://www.schema.org", "publisher": f"{b}/#organization", "@type": "WebSite",
         "@id": f"{b}/#website", "mainEntityOfPage": f"{b}/", "name": site, "url": f"{b}/",
         "potentialAction": search, "inLanguage": [{"@type": "Language", "name": "English (USA)",
                                                    "alternateName": "en-US"}]},
        {"@context": "http://www.schema.org", "@type": "Organization", "@id": f"{b}/#organization", "name": site,
         "url": f"{b}/"},
    ]  # fmt: skip
    listed = [(t, label) for t, label in crumbs if t is not None]
    if listed:
        items = [
            {"@type": "ListItem", "position": i, "item": {"name": n, "@id": b + t}}
            for i, (t, n) in enumerate(listed, 1)
        ]
        blocks.append({"@context": "http://schema.org", "@type": "BreadcrumbList", "itemListElement": items})
    return "".join(
        "\n<script type='application/ld+json'>\n"
        + json.dumps(x, ensure_ascii=False, indent=4).replace("/", "\\/")
        + "\n</script>"
        for x in blocks + extra
    )


def shell(
    f: IpsForum,
    req: SiteRequest,
    title: str,
    body: str,
    crumbs: Crumbs,
    *,
    canonical: str | None = None,
    head: str = "",
    desc: str = "",
    where: tuple[str, str, str, int] = ("forums", "forums", "index", 0),
    side: str = "",
    ld: list[dict] | None = None,
) -> str:
    b, site = req.base_url, esc(_ips().SITE)
    if canonical:
        head += f'\n<link rel="canonical" href="{b}{canonical}" />'
    if side:
        side = (
            "\n<div id='ipsLayout_sidebar' class='ipsLayout_sidebarright ' "
            "data-controller='core.front.widgets.sidebar'>"
            f"\n\t<div data-role='widgetReceiver' data-orientation='vertical' data-widgetArea='sidebar'>\n\t\t<ul "
            f"class='ipsList_reset'>{side}\n\t\t</ul>\n\t</div>\n</div>"
        )
    dismiss = esc(b + f.dismiss_link(req))
    header = _HEADER.format(b=b, site=site, dismiss=dismiss, csrf=f.csrf_key(), nav=_nav(b))
    app, module, controller, page_id = where
    return _PAGE.format(
        title=esc(title), b=b, url=canonical or req.target, desc=esc(desc or _ips().SITE), site=site, head=head,
        v=_V, app=app, module=module, controller=controller, page_id=page_id, header=header, body=body, side=side,
        top=_crumbs(b, crumbs, "top"), bottom=_crumbs(b, crumbs, "bottom"), ld=_json_ld(b, crumbs, ld or []),
    )  # fmt: skip


# -- index, categories, forums ------------------------------------------------------------------------

_FORUM_ROW = """
<li class="cForumRow ipsDataItem ipsDataItem_responsivePhoto  ipsClearfix" data-forumID="{fid}">
<div class="ipsDataItem_icon ipsDataItem_category">
<span class='ipsItemStatus ipsItemStatus_large cForumIcon_normal ipsItemStatus_read' ><i class="fa \
fa-comments"></i></span>
</div><div class="ipsDataItem_main"><h4 class="ipsDataItem_title ipsType_break"><a href="{url}">{name}</a>
</h4>{subs}
<div class='ipsType_richText ipsDataItem_meta ipsContained' data-controller='core.front.core.lightboxedImages'>
<p>{desc}</p></div></div><div class="ipsDataItem_stats ipsDataItem_statsLarge"><dl>
<dt class="ipsDataItem_stats_number">{count}</dt><dd class="ipsDataItem_stats_type ipsType_light"> {posts}</dd>
</dl></div><ul class="ipsDataItem_lastPoster ipsDataItem_withPhoto">{last}</ul></li>"""

_LAST_POSTER = """
<li>{photo}</li><li class='ipsDataItem_lastPoster__title'><a href="{turl}" title='{title}'>{title}</a></li>
<li class='ipsType_light ipsType_blendLinks'>By {link}, <a href='{turl}' title='Go to last post'>{time}</a></li>"""


def subtree(f: IpsForum, fid: int) -> list[int]:
    out = [fid]
    for child in f.data.forums[fid].children:
        out += subtree(f, child)
    return out


def forum_row(f: IpsForum, b: str, forum: Forum) -> str:
    d = f.data
    subs = ""
    if forum.children:
        subs = "".join(
            f'\n\t\t\t<li class=""><a href="{b}{f.board_target(c)}">{esc(d.forums[c].name)}</a></li>'
            for c in forum.children
        )
        subs = f'\n\t\t<ul class="ipsDataItem_subList ipsList_inline">{subs}\n\t\t</ul>'
    topics = [t for fid in subtree(f, forum.fid) for t in d.forums[fid].topics]
    count = sum(len(t.posts) for t in topics)
    last = ""
    if topics:
        post = max((t.posts[-1] for t in topics), key=lambda p: p.when)
        topic, member = d.topics[post.tid], d.members[post.author]
        last = _LAST_POSTER.format(
            photo=user_photo(f, b, member), turl=b + f.thread_target(topic.tid), title=esc(topic.title),
            link=user_link(f, b, member, b + "/"), time=time_tag(post.when),
        )  # fmt: skip
    return _FORUM_ROW.format(
        fid=forum.fid, url=b + f.board_target(forum.fid), name=esc(forum.name), subs=subs, last=last,
        desc=esc(forum.description), count=_ips().number_short(count), posts="post" if count == 1 else "posts",
    )  # fmt: skip


def _widget(title: str, inner: str, key: str) -> str:
    return (
        f"\n<li class='ipsWidget ipsWidget_vertical ipsBox' data-blockID='app_core_{key}' data-blockConfig=\"true\" "
        f"data-controller='core.front.widgets.block'>\n\t<h3 class='ipsType_reset ipsWidget_title'>{title}</h3>\n\t"
        f"<div class='ipsWidget_inner ipsPad'>{inner}\n\t</div>\n</li>"
    )


def browsing(f: IpsForum, seed: str) -> list[Member]:
    """Members 'recently browsing' a page: a few, fixed per page."""
    names = sorted(f.data.members)
    key = int(hashlib.md5(seed.encode()).hexdigest()[:8], 16)
    return [f.data.members[names[(key // 7 + 5 * i) % len(names)]] for i in range(key % 4)]


def index_page(f: IpsForum, req: SiteRequest) -> str:
    b, d = req.base_url, f.data
    cats = ""
    for root in d.roots:
        cat = d.forums[root]
        rows = "".join(forum_row(f, b, d.forums[c]) for c in cat.children)
        cats += (
            f"\n<li data-categoryID='{cat.fid}' class='cForumRow ipsBox ipsSpacer_bottom ipsResponsive_pull'>\n\t<h2 "
            "class=\"ipsType_sectionTitle ipsType_reset cForumTitle\">\n\t\t<a href='#' class='ipsPos_right ipsJS_show "
            "ipsType_noUnderline cForumToggle' data-action='toggleCategory' data-ipsTooltip title='Toggle this "
            f"category'></a>\n\t\t<a href='{b}{f.board_target(cat.fid)}'>{esc(cat.name)}</a>\n\t</h2>\n\t<ol "
            f'class="ipsDataList ipsDataList_large ipsDataList_zebra" data-role="forums">{rows}\n\t</ol>\n</li>'
        )
    body = (
        "<div class='ipsPageHeader ipsClearfix ipsMargin_bottom cForumHeader ipsHeaderButtons ipsFlex "
        "ipsFlex-ai:center "
        "ipsFlex-jc:between'>\n\t<h1 class='ipsType_pageTitle ipsFlex-flex:11 ipsType_break'>Forums</h1>\n</div>\n"
        "<section>\n<ol class='ipsList_reset cForumList' data-controller='core.global.core.table, forums.front.forum."
        f"forumList' data-baseURL=''>{cats}\n</ol>\n</section>"
    )
    online = list({m.uid: m for m in [*browsing(f, "online"), *(d.members[n] for n in sorted(d.members)[:2])]}.values())
    posts = sum(len(t.posts) for t in d.topics.values())
    names = "".join(f"\n\t\t\t<li>{user_link(f, b, m)}</li>" for m in online)
    side = _widget(
        f"Who's Online <span class='ipsType_light ipsType_unbold ipsType_medium'>{len(online)} Members, 0 Anonymous, "
        f"17 Guests</span> <a href='{b}/online/' class='ipsType_medium ipsPos_right'>(See full list)</a>",
        f"\n\t\t<ul class='ipsList_inline ipsList_csv ipsList_noSpacing ipsType_normal'>{names}\n\t\t</ul>",
        "whosOnline_a1b2c3",
    )
    stats = [("Total Topics", f"{len(d.topics):,}"), ("Total Posts", f"{posts:,}")]
    stats_rows = "".join(
        f"\n\t\t\t<li class='ipsDataItem'><div class='ipsDataItem_main ipsPos_middle'><strong>{k}</strong></div><div "
        "class='ipsDataItem_stats ipsDataItem_stats_large'><span "
        f"class='ipsDataItem_stats_number'>{v}</span></div></li>"
        for k, v in stats
    )
    side += _widget("Forum Statistics", f"\n\t\t<ul class='ipsDataList'>{stats_rows}\n\t\t</ul>", "stats_d4e5f6")
    desc = "华语数码文史社区：手机、相机、历史、篮球与游戏。"
    return shell(f, req, f"Forums - {_ips().SITE}", body, [], canonical="/", side=side, desc=desc)


def _follow(b: str, area: str, oid: int, count: int) -> str:
    base = f"{b}/index.php?app=core&amp;module=system&amp;controller=notifications&amp;do=%s&amp;follow_app=forums"
    base += f"&amp;follow_area={area}&amp;follow_id={oid}"
    return (
        f'\n<div class="ipsFollow ipsPos_middle ipsButton ipsButton_light ipsButton_verySmall '
        f'{"" if count else "ipsButton_disabled"}" data-role="followButton">\n\t<a href=\'{base % "follow"}\' '
        "title='Sign in to follow this' data-ipsTooltip rel=\"nofollow\"><span>Followers</span></a>\n\t<a "
        f"href='{base % 'followers'}' title='See who follows this' class='ipsCommentCount' data-ipsTooltip "
        "data-ipsDialog "
        f"data-ipsDialog-title='Who follows this' rel=\"nofollow\">{count}</a>\n</div>"
    )


def _forum_header(b: str, forum: Forum) -> str:
    follow = ""
    if not forum.category:
        count = int(hashlib.md5(forum.name.encode()).hexdigest()[:2], 16) % 40
        follow = (
            "\n\t\t<hr class='ipsHr ipsResponsive_hidePhone' />\n\t\t<div class='ipsClearfix ipsResponsive_hidePhone'>"
            f"<div class='ipsPos_right'>{_follow(b, 'forum', forum.fid, count)}</div></div>"
        )
    return (
        '<div class="ipsPageHeader  ipsBox ipsResponsive_pull ipsPadding ipsClearfix" >\n\t<header>\n\t\t<h1 '
        f"class=\"ipsType_pageTitle\">{esc(forum.name)}</h1>\n\t\t<div class='ipsType_richText ipsType_normal' "
        f"data-controller='core.front.core.lightboxedImages' >\n<p>\n\t{esc(forum.description)}\n</p>\n</div>{follow}"
        "\n\t</header>\n</div>"
    )


def crumbs_for(f: IpsForum, fid: int) -> Crumbs:
    out: Crumbs = []
    node: int | None = fid
    while node is not None:
        out.append((f.board_target(node), f.data.forums[node].name))
        node = f.data.forums[node].parent
    return out[::-1]


def _forum_list(f: IpsForum, b: str, forum: Forum, heading: str) -> str:
    rows = "".join(forum_row(f, b, f.data.forums[c]) for c in forum.children)
    return (
        "\n<div class='ipsList_reset cForumList ipsBox ipsSpacer_bottom ipsResponsive_pull' "
        "data-controller='core.global."
        f"core.table, forums.front.forum.forumList' data-baseURL=''>\n\t<h2 class='ipsType_sectionTitle ipsType_reset'>"
        f'{heading}</h2>\n\t<ol class="ipsDataList ipsDataList_zebra ipsDataList_large ipsAreaBackground_reset">{rows}'
        "\n\t</ol>\n</div>"
    )


def category_page(f: IpsForum, req: SiteRequest, cat: Forum) -> str:
    b = req.base_url
    body = _forum_header(b, cat) + _forum_list(f, b, cat, "Forums")
    crumbs: Crumbs = [(f.board_target(cat.fid), cat.name)]
    title = f"{cat.name} - {_ips().SITE}"
    where = ("forums", "forums", "forums", cat.fid)
    return shell(f, req, title, body, crumbs, canonical=f.board_target(cat.fid), desc=cat.description, where=where)


_TOPIC_ROW = """
<li class="ipsDataItem ipsDataItem_responsivePhoto     " data-rowID='{tid}'><div class='ipsDataItem_main'>
<h4 class='ipsDataItem_title ipsContained_container'>{pinned}<span class='ipsType_break ipsContained'>
<a href='{turl}' class='' title='{title} '  data-ipsHover data-ipsHover-target='{turl}?preview=1' \
data-ipsHover-timeout='1.5'>
<span>{title}</span></a></span>{mini}</h4>
<div class='ipsDataItem_meta ipsType_reset ipsType_light ipsType_blendLinks'><span>By {starter}, </span>{started}
</div></div><ul class='ipsDataItem_stats'><li >
<span class='ipsDataItem_stats_number'>{replies}</span>
<span class='ipsDataItem_stats_type'>{replies_label}</span></li><li class='ipsType_light'>
<span class='ipsDataItem_stats_number'>{views}</span><span class='ipsDataItem_stats_type'>{views_label}</span>
</li></ul><ul class='ipsDataItem_lastPoster ipsDataItem_withPhoto ipsType_blendLinks'><li>{photo}</li>
<li>{last}</li><li class="ipsType_light">
<a href='{turl}?do=getLastComment' title='Go to last post' class='ipsType_blendLinks'>{when}</a></li></ul></li>"""


def topic_row(f: IpsForum, b: str, topic: Topic) -> str:
    d, ips = f.data, _ips()
    turl = b + f.thread_target(topic.tid)
    last = topic.posts[-1]
    lastm = d.members[last.author]
    pinned = (
        '\n\t\t\t<span><span class="ipsBadge ipsBadge_icon ipsBadge_small ipsBadge_positive" data-ipsTooltip '
        "title='Pinned'><i class='fa fa-thumb-tack'></i></span></span>"
    )
    replies = len(topic.posts) - 1
    return _TOPIC_ROW.format(
        tid=topic.tid, pinned=pinned if topic.pinned else "", turl=turl, title=esc(topic.title),
        mini=mini_pagination(turl, d.topic_pages(topic)), starter=user_link(f, b, d.members[topic.posts[0].author]),
        started=time_tag(topic.posts[0].when, lower=True), replies=ips.number_short(replies),
        replies_label="reply" if replies == 1 else "replies", views=ips.number_short(topic.views),
        views_label="view" if topic.views == 1 else "views", photo=user_photo(f, b, lastm),
        last=user_link(f, b, lastm), when=time_tag(last.when),
    )  # fmt: skip


_TABLE = """
<div data-controller='forums.front.forum.forumPage'>
<ul class="ipsToolList ipsToolList_horizontal ipsToolList_horizontal--flex ipsClearfix ipsSpacer_both"></ul>
<div class='ipsBox ipsResponsive_pull' data-baseurl='{url}' data-resort='listResort' data-tableID='topics' \
data-controller='core.global.core.table'>
<h2 class='ipsType_sectionTitle ipsHide ipsType_medium ipsType_reset ipsClear'>{count} topics in this forum</h2>
<div class="ipsButtonBar ipsPad_half ipsClearfix ipsClear"><ul class="ipsButtonRow ipsPos_right ipsClearfix">
<li>
<a href="#elSortByMenu_menu" id="elSortByMenu_{uid}" data-role='sortButton' data-ipsMenu \
data-ipsMenu-activeClass="ipsButtonRow_active" data-ipsMenu-selectable="radio">Sort By <i class="fa \
fa-caret-down"></i></a>
<ul class="ipsMenu ipsMenu_auto ipsMenu_withStem ipsMenu_selectable ipsHide" id="elSortByMenu_{uid}_menu">{menu}
<li class="ipsMenu_item " data-noSelect="true"><a \
href='{url}?advancedSearchForm=1&amp;sortby=last_post&amp;sortdirection=desc' rel="nofollow" data-ipsDialog \
data-ipsDialog-title='Custom Sort'>Custom</a></li>
</ul></li></ul><div data-role="tablePagination" {hide_attr}>{top}</div></div>
<ol class='ipsClear ipsDataList cForumTopicTable  cTopicList ' id='elTable_{uid}' data-role="tableRows">{rows}
</ol>
<div class="ipsButtonBar ipsPad_half ipsClearfix ipsClear {hide}" data-role="tablePagination">{bottom}</div>
</div></div>"""


def forum_page(f: IpsForum, req: SiteRequest, forum: Forum, page: int, sort: tuple[str, str] | None = None) -> str:
    b, d = req.base_url, f.data
    base = f.board_target(forum.fid)
    pages = d.forum_pages(forum)
    topics = d.page_topics(forum, page)
    if sort is not None:  # a duplicate view: the forum's topics in another order (page 1)
        keys = {"title": lambda t: t.title, "start_date": lambda t: t.posts[0].when, "views": lambda t: t.views}
        key = keys.get(sort[0], (lambda t: len(t.posts)) if sort[0] == "posts" else (lambda t: t.posts[-1].when))
        topics = sorted(forum.topics, key=key, reverse=sort[1] == "desc")[: d.topics_per_page]
    checked = sort[0] if sort else "last_post"
    menu = "\n\t\t\t\t\t\t".join(
        f'<li class="ipsMenu_item {"ipsMenu_itemChecked" if k == checked else ""}" data-ipsMenuValue="{k}" '
        f"data-sortDirection='{dr}'><a href=\"{b}{base}?sortby={k}&amp;sortdirection={dr}\" "
        f'rel="nofollow">{label}</a></li>'
        for k, dr, label in _SORTS
    )
    hide = "ipsHide" if pages <= 1 else ""
    table = _TABLE.format(
        url=b + base, count=len(forum.topics), uid=_uniq(base, "table"), menu=menu, hide=hide,
        hide_attr=f"class='{hide}'" if hide else "", rows="".join(topic_row(f, b, t) for t in topics),
        top=pagination(b + base, pages, page, d.topics_per_page, "top"),
        bottom=pagination(b + base, pages, page, d.topics_per_page, "bottom"),
    )  # fmt: skip
    subforums = _forum_list(f, b, forum, "Subforums") if forum.children else ""
    body = _forum_header(b, forum) + subforums + table + recently_browsing(f, b, browsing(f, req.target))
    head = head_links(b, base, page, pages) + (
        f'\n<link rel="alternate" type="application/rss+xml" title="{esc(forum.name)} Latest Topics" '
        f'href="{b}/forum/{forum.fid}-{forum.slug}.xml/" />'
    )
    title = f"{forum.name}{f' - Page {page}' if page > 1 else ''} - {_ips().SITE}"
    canonical = page_url(base, page) if sort is None else base
    where = ("forums", "forums", "forums", forum.fid)
    crumbs = crumbs_for(f, forum.fid)
    return shell(f, req, title, body, crumbs, canonical=canonical, head=head, desc=forum.description, where=where)


def recently_browsing(f: IpsForum, b: str, members: list[Member]) -> str:
    names = "".join(f"\n\t\t\t<li>{user_link(f, b, m)}</li>" for m in members) or (
        "\n\t\t\t<li class='ipsType_reset ipsType_medium ipsType_light'>No registered users viewing this page.</li>"
    )
    n = len(members)
    return (
        "\n<div class='ipsWidget ipsWidget_horizontal ipsBox ipsMargin_top' data-blockTitle=\"Recently Browsing\">\n\t"
        f"<h3 class='ipsType_reset ipsWidget_title'>Recently Browsing <span class='ipsType_light ipsType_unbold "
        f"ipsType_medium'>{n} {'member' if n == 1 else 'members'}</span></h3>\n\t<div class='ipsWidget_inner ipsPad'>"
        "\n\t\t<ul class='ipsList_inline ipsList_csv ipsList_noSpacing "
        f"ipsType_normal'>{names}\n\t\t</ul>\n\t</div>\n</div>"
    )


# -- topics -------------------------------------------------------------------------------------------

_QUOTE = """<blockquote class="ipsQuote" data-ipsquote="" data-ipsquote-contentapp="forums" \
data-ipsquote-contentclass="forums_Topic" data-ipsquote-contentcommentid="{pid}" \
data-ipsquote-contentid="{tid}" data-ipsquote-contenttype="forums" data-ipsquote-timestamp="{ts}" \
data-ipsquote-userid="{uid}" data-ipsquote-username="{name}">
<div class="ipsQuote_citation">{citation}</div><div class="ipsQuote_contents">{contents}</div></blockquote>"""


def content(f: IpsForum, b: str, post: Post) -> str:
    """The stored post HTML, as IPS's editor wrote it."""
    parts = []
    if (q := post.quote) is not None:
        contents = "\n\n".join(f"\t\t<p>\n\t\t\t{esc(p)}\n\t\t</p>" for p in q.paragraphs)
        parts.append(
            _QUOTE.format(pid=q.pid, tid=q.tid, ts=q.when, uid=f.data.members[q.author].uid, name=esc(q.author),
                          citation=esc(post.citation), contents=contents)
        )  # fmt: skip
    for i, para in enumerate(post.paragraphs):
        text = esc(para)
        if i == 0 and post.mention:
            m = f.data.members[post.mention]
            url = b + f.profile_target(m)
            text = (
                f'<a contenteditable="false" data-ipshover="" data-ipshover-target="{url}?do=hovercard" '
                f'data-mentionid="{m.uid}" href="{url}" rel="">@{esc(m.name)}</a>&nbsp;{text}'
            )
        parts.append(f"<p>\n\t{text}\n</p>")
        if i == 0 and post.blank_after_first:
            parts.append("<p>\n\t&nbsp;\n</p>")
    if post.link:
        parts.append(f'<p>\n\t<a href="{post.link}" rel="external nofollow">{post.link}</a>\n</p>')
    return "\n\n".join(parts) + "\n"


def _reactions(url: str, post: Post, b: str) -> str:
    if not post.reactions:
        inner = (
            "<div class='ipsReact_reactCountOnly ipsAreaBackground_light ipsType_blendLinks ipsHide' "
            "data-role='reactCount'>"
            f"\n\t\t\t<a href='{url}' data-ipsTooltip title='See who reacted to this' data-ipsDialog "
            "data-ipsDialog-title="
            "'See who reacted to this'><span data-role='reactCountText'>0</span></a>\n\t\t</div>"
        )
    else:
        inner = (
            "<div class='ipsReact_blurb ' data-role='reactionBlurb'>\n\t\t\t<ul "
            "class='ipsReact_reactions'>\n\t\t\t\t<li "
            f"class='ipsReact_reactCount'>\n\t\t\t\t\t<a href='{url}&amp;reaction=1' data-ipsDialog "
            "data-ipsDialog-size="
            "'medium' data-ipsDialog-title='See who reacted to this' data-ipsTooltip data-ipsTooltip-safe title=\"See "
            "who "
            f"reacted &quot;Like&quot;\">\n\t\t\t\t\t\t<span><img src='{b}/uploads/reactions/react_like.png' "
            'alt="Like" '
            f'loading="lazy"></span>\n\t\t\t\t\t\t<span>{post.reactions}</span>\n\t\t\t\t\t</a>\n\t\t\t\t</li>\n\t\t\t'
            "</ul>\n\t\t</div>"
        )
    return (
        "\n\t<div data-controller='core.front.core.reaction' class='ipsItemControls_right ipsClearfix '>\n\t\t<div "
        f"class='ipsReact ipsPos_right'>\n\t\t{inner}\n\t\t</div>\n\t</div>"
    )


_SHARE = """
<div class='ipsPadding ipsHide cPostShareMenu' id='elShareComment_{pid}_menu'>
<h5 class='ipsType_normal ipsType_reset'>Link to comment</h5>
<input type='text' value='{link}' class='ipsField_fullWidth'>
<h5 class='ipsType_normal ipsType_reset ipsSpacer_top'>Share on other sites</h5>
<ul class='ipsList_inline ipsList_noSpacing ipsClearfix' data-controller="core.front.core.sharelink">
<li><a href="https://www.linkedin.com/shareArticle?mini=true&amp;url={enc}&amp;title={qtitle}" rel="nofollow \
noopener" class="cShareLink cShareLink_linkedin" target="_blank" data-role="shareLink" title='Share on \
LinkedIn' data-ipsTooltip><i class="fa fa-linkedin"></i></a></li>
<li><a href="https://x.com/share?url={enc}" class="cShareLink cShareLink_x" target="_blank" \
data-role="shareLink" title='Share on X' data-ipsTooltip rel='nofollow noopener'><i class="fa \
fa-x"></i></a></li>
<li><a href="https://www.facebook.com/sharer/sharer.php?u={enc}" class="cShareLink cShareLink_facebook" \
target="_blank" data-role="shareLink" title='Share on Facebook' data-ipsTooltip rel='noopener nofollow'><i \
class="fa fa-facebook"></i></a></li>
<li><a href="https://www.reddit.com/submit?url={enc}&amp;title={qtitle}" rel="nofollow noopener" \
class="cShareLink cShareLink_reddit" target="_blank" title='Share on Reddit' data-ipsTooltip><i class="fa \
fa-reddit"></i></a></li>
</ul><hr class='ipsHr'>
<button class='ipsHide ipsButton ipsButton_small ipsButton_light ipsButton_fullWidth ipsMargin_top:half' \
data-controller='core.front.core.webshare' data-role='webShare' data-webShareTitle='{title}' \
data-webShareText='{text}' data-webShareUrl='{link}'>More sharing options...</button>
</div>"""

_POST = """
<a id='comment-{pid}'></a>
<article  id='elComment_{pid}' class='cPost ipsBox ipsResponsive_pull  ipsComment  ipsComment_parent \
ipsClearfix ipsClear ipsColumns ipsColumns_noSpacing ipsColumns_collapsePhone    '>
<div class='cAuthorPane_mobile ipsResponsive_showPhone'><div class='cAuthorPane_photo'>
<div class='cAuthorPane_photoWrap'>{photo}{badge}</div></div><div class='cAuthorPane_content'>
<h3 class='ipsType_sectionHead cAuthorPane_author ipsType_break ipsType_blendLinks ipsFlex ipsFlex-ai:center'>
{link}</h3><div class='ipsType_light ipsType_reset'>{posted}</div></div></div>
<aside class='ipsComment_author cAuthorPane ipsColumn ipsColumn_medium ipsResponsive_hidePhone'>
<h3 class='ipsType_sectionHead cAuthorPane_author ipsType_blendLinks ipsType_break'><strong>{link}</strong></h3>
<ul class='cAuthorPane_info ipsList_reset'><li data-role='photo' class='cAuthorPane_photo'>
<div class='cAuthorPane_photoWrap'>{photo}{badge}</div></li><li data-role='group'>{group}</li>
<li data-role='stats' class='ipsMargin_top'>
<ul class="ipsList_reset ipsType_light ipsFlex ipsFlex-ai:center ipsFlex-jc:center ipsGap_row:2 \
cAuthorPane_stats">
<li><a href="{profile}content/" rel="nofollow" title="{count_title}" data-ipsTooltip class="ipsType_blendLinks">
<i class="fa fa-comment"></i> {count}</a></li></ul></li></ul></aside>
<div class='ipsColumn ipsColumn_fluid ipsMargin:none'>
<div id='comment-{pid}_wrap' data-controller='core.front.core.comment' data-commentApp='forums' \
data-commentType='forums' data-commentID="{pid}" data-quoteData='{quote_data}' class='ipsComment_content \
ipsType_medium'>
<div class='ipsComment_meta ipsType_light ipsFlex ipsFlex-ai:center ipsFlex-jc:between ipsFlex-fd:row-reverse'>
<div class='ipsType_light ipsType_reset ipsType_blendLinks ipsComment_toolWrap'>
<div class='ipsResponsive_hidePhone ipsComment_badges'>
<ul class='ipsList_reset ipsFlex ipsFlex-jc:end ipsFlex-fw:wrap ipsGap:2 ipsGap_row:1'>{author_badge}</ul></div>
<ul class='ipsList_reset ipsComment_tools'><li>
<a href='#elControls_{pid}_menu' class='ipsComment_ellipsis' id='elControls_{pid}' title='More options...' \
data-ipsMenu data-ipsMenu-appendTo='#comment-{pid}_wrap'><i class='fa fa-ellipsis-h'></i></a>
<ul id='elControls_{pid}_menu' class='ipsMenu ipsMenu_narrow ipsHide'>
<li class='ipsMenu_item'><a href='{share}' {share_rel}title='Share this post' data-ipsDialog \
data-ipsDialog-size='narrow' data-ipsDialog-content='#elShareComment_{pid}_menu' data-ipsDialog-title="Share \
this post" id='elSharePost_{pid}' data-role='shareComment'>Share</a></li>
</ul></li></ul></div><div class='ipsType_reset ipsResponsive_hidePhone'>{posted}
<span class='ipsResponsive_hidePhone'>{edited}</span></div></div><div class='cPost_contentWrap'>
<div data-role='commentContent' class='ipsType_normal ipsType_richText ipsPadding_bottom ipsContained' \
data-controller='core.front.core.lightboxedImages'>
{content}{edit_line}</div><div class='ipsItemControls'>{reactions}
<ul class='ipsComment_controls ipsClearfix ipsItemControls_left' data-role="commentControls">
<li data-ipsQuote-editor='topic_comment' data-ipsQuote-target='#comment-{pid}' class='ipsJS_show'>
<button class='ipsButton ipsButton_light ipsButton_verySmall ipsButton_narrow cMultiQuote ipsHide' \
data-action='multiQuoteComment' data-ipsTooltip data-ipsQuote-multiQuote data-mqId='mq{pid}' \
title='MultiQuote'><i class='fa fa-plus'></i></button>
</li><li data-ipsQuote-editor='topic_comment' data-ipsQuote-target='#comment-{pid}' class='ipsJS_show'>
<a href='#' data-action='quoteComment' data-ipsQuote-singleQuote>Quote</a></li>
<li class='ipsHide' data-role='commentLoading'><span class='ipsLoading ipsLoading_tiny \
ipsLoading_noAnim'></span></li>
</ul></div>{signature}</div>{share_menu}</div></div></article>"""


def post_container(f: IpsForum, b: str, topic: Topic, post: Post, referrer: str) -> str:
    member = f.data.members[post.author]
    pid, turl = post.pid, b + f.thread_target(topic.tid)
    link = f"{turl}?do=findComment&amp;comment={pid}"
    first = post is topic.posts[0]
    badge = (
        '\n\t\t\t\t<span class="cAuthorPane_badge cAuthorPane_badge--moderator" data-ipsTooltip '
        f'title="{esc(member.name)}'
        ' is a moderator"></span>'
        if member.group != "Members"
        else ""
    )
    author_badge = ""
    if not first and post.author == topic.posts[0].author:
        author_badge = (
            '\n\t\t\t\t\t<li><strong class="ipsBadge ipsBadge_large ipsComment_authorBadge">Author</strong></li>'
        )
    edit_line = ""
    if post.edited:
        at, by, reason = post.edited
        edit_line = (
            f"\n\n<span class='ipsType_reset ipsType_medium ipsType_light' data-excludequote>\n\t<strong>Edited "
            f"{time_tag(at)} by {esc(by)}</strong>\n\t" + (f"<br>{esc(reason)}\n" if reason else "") + "</span>\n"
        )
    signature = ""
    if member.signature:
        signature = (
            '\n\t\t<div data-role="memberSignature" class=\'ipsResponsive_hidePhone ipsBorder_top '
            "ipsPadding_vertical'>"
            "\n\t\t\t<div data-ipsLazyLoad class='ipsType_richText ipsType_normal' data-controller='core.front.core."
            f"lightboxedImages'>\n<p>\n\t{esc(member.signature)}\n</p>\n\t\t\t</div>\n\t\t</div>"
        )
    quote_data = {"userid": member.uid, "username": member.name, "timestamp": post.when, "contentapp": "forums",
                  "contenttype": "forums", "contentid": topic.tid, "contentclass": "forums_Topic",
                  "contentcommentid": pid}  # fmt: skip
    share_menu = _SHARE.format(
        pid=pid, link=link, enc=quote(link.replace("&amp;", "&"), safe=""), qtitle=quote(topic.title),
        title=esc(topic.title), text=esc(" ".join(post.paragraphs)),
    )  # fmt: skip
    return _POST.format(
        pid=pid, photo=user_photo(f, b, member, "large"), badge=badge, link=user_link(f, b, member, referrer),
        posted=f"<a href='{link}' rel=\"nofollow\" class='ipsType_blendLinks'>Posted {time_tag(post.when)}</a>",
        group=group_name(member), profile=b + f.profile_target(member), count=_ips().number_short(member.posts),
        count_title=f"{member.posts:,} {'post' if member.posts == 1 else 'posts'}",
        quote_data=esc(json.dumps(quote_data, ensure_ascii=False, separators=(",", ":"))), author_badge=author_badge,
        share=turl if first else link, share_rel="" if first else 'rel="nofollow" ',
        edited="\n\t\t\t\t(edited)" if post.edited else "", content=content(f, b, post), edit_line=edit_line,
        reactions=_reactions(f"{turl}?do=showReactionsComment&amp;comment={pid}", post, b), signature=signature,
        share_menu=share_menu,
    )  # fmt: skip


def _topic_ld(f: IpsForum, b: str, topic: Topic, posts: list[Post], pages: int) -> dict:
    iso, turl = _ips().iso, b + f.thread_target(topic.tid)

    def person(name: str) -> dict:
        m = f.data.members[name]
        image = b + m.photo if m.photo else letter_avatar(m)
        return {"@type": "Person", "name": m.name, "image": image, "url": b + f.profile_target(m)}

    first = topic.posts[0]
    counters = [("ViewAction", topic.views), ("CommentAction", len(topic.posts) - 1)]
    comments = [
        {"@type": "Comment", "@id": f"{turl}#comment-{p.pid}", "url": f"{turl}#comment-{p.pid}",
         "author": person(p.author), "dateCreated": iso(p.when), "text": p.own_text, "upvoteCount": p.reactions}
        for p in posts if p is not first
    ]  # fmt: skip
    return {
        "name": topic.title, "headline": topic.title, "text": first.own_text, "dateCreated": iso(first.when),
        "datePublished": iso(first.when), "dateModified": iso(topic.posts[-1].when), "pageStart": 1,
        "pageEnd": pages, "author": person(first.author), "publisher": {"@id": f"{b}/#organization"},
        "interactionStatistic": [
            {"@type": "InteractionCounter", "interactionType": f"http://schema.org/{k}", "userInteractionCount": v}
            for k, v in counters
        ],
        "@context": "http://schema.org", "@type": "DiscussionForumPosting", "@id": turl,
        "isPartOf": {"@id": f"{b}/#website"}, "url": turl, "discussionUrl": turl,
        "mainEntityOfPage": {"@type": "WebPage", "@id": turl}, "comment": comments,
    }  # fmt: skip


_TOPIC = """<div class='ipsPageHeader ipsResponsive_pull ipsBox ipsPadding sm:ipsPadding:half ipsMargin_bottom'>
<div class='ipsFlex ipsFlex-ai:center ipsFlex-fw:wrap ipsGap:4'><div class='ipsFlex-flex:11'>
<h1 class='ipsType_pageTitle ipsContained_container'>{pinned}<span class='ipsType_break ipsContained'>
<span>{title}</span></span></h1></div></div><hr class='ipsHr'>
<div class='ipsPageHeader__meta ipsFlex ipsFlex-jc:between ipsFlex-ai:center ipsFlex-fw:wrap ipsGap:3'>
<div class='ipsFlex-flex:11'>
<div class='ipsPhotoPanel ipsPhotoPanel_mini ipsPhotoPanel_notPhone ipsClearfix'>{photo}<div>
<p class='ipsType_reset ipsType_blendLinks'><span class='ipsType_normal'><strong>By {starter}, </strong><br />
<span class='ipsType_light'>{started} in <a href="{forum_url}">{forum}</a></span></span></p></div></div></div>
<div class='ipsFlex-flex:01 ipsResponsive_hidePhone'>
<div class='ipsFlex ipsFlex-ai:center ipsFlex-jc:center ipsGap:3 ipsGap_row:0'>
<a href='#elShareItem_menu' id='elShareItem' data-ipsMenu class='ipsShareButton ipsButton ipsButton_verySmall \
ipsButton_link ipsButton_link--light'><span><i class='fa fa-share-alt'></i></span> &nbsp;Share</a>{follow}
</div></div></div></div><div class='ipsClearfix'>
<ul class="ipsToolList ipsToolList_horizontal ipsClearfix ipsSpacer_both ipsResponsive_hidePhone"></ul></div>
<div id='comments' data-controller='core.front.core.commentFeed,forums.front.topic.view, \
core.front.core.ignoredComments' data-autoPoll data-baseURL='{turl}' {last_page}data-feedID='topic-{tid}' \
class='cTopic ipsClear ipsSpacer_top'>{top}
<div id="elPostFeed" data-role='commentFeed' data-controller='core.front.core.moderation' >
<form action="{page_url}?csrfKey={csrf}&amp;do=multimodComment" method="post" data-ipsPageAction \
data-role='moderationTools'>{articles}
</form></div>{bottom}<a id='replyForm'></a>
<div data-role='replyArea' class='cTopicPostArea ipsBox ipsResponsive_pull ipsPadding cTopicPostArea_noSize \
ipsSpacer_top'>
<div class='ipsType_center ipsPad cGuestTeaser'>
<h2 class='ipsType_pageTitle'>Create an account or sign in to comment</h2>
<p class='ipsType_light ipsType_normal ipsType_reset ipsSpacer_top ipsSpacer_half'>You need to be a member in \
order to leave a comment</p>
<div class='ipsBox ipsPad ipsSpacer_top'><div class='ipsGrid ipsGrid_collapsePhone'>
<div class='ipsGrid_span6 cGuestTeaser_left'><h2 class='ipsType_sectionHead'>Create an account</h2>
<p class='ipsType_normal ipsType_reset ipsType_light ipsSpacer_bottom'>Sign up for a new account in our \
community. It's easy!</p>
<a href='{b}/register/' class='ipsButton ipsButton_primary ipsButton_small' data-ipsDialog \
data-ipsDialog-size='narrow' data-ipsDialog-title='Sign Up'>Register a new account</a>
</div><div class='ipsGrid_span6 cGuestTeaser_right'><h2 class='ipsType_sectionHead'>Sign in</h2>
<p class='ipsType_normal ipsType_reset ipsType_light ipsSpacer_bottom'>Already have an account? Sign in \
here.</p>
<a href='{b}/login/?ref={ref}' data-ipsDialog data-ipsDialog-size='medium' data-ipsDialog-remoteVerify="false" \
data-ipsDialog-title="Sign In Now" class='ipsButton ipsButton_primary ipsButton_small'>Sign In Now</a>
</div></div></div></div></div></div><div class='ipsPager ipsSpacer_top'><div class="ipsPager_prev">
<a href="{forum_url}" title="Go to {forum}" rel="parent"><span class="ipsPager_type">Go to topic listing</span>
</a></div><div class='ipsPager_next'><a href="{turl}?do=nextUnread" title='Go to next unread topic'>
<span class="ipsPager_type">Next unread topic</span></a></div></div>"""


def topic_page(f: IpsForum, req: SiteRequest, topic: Topic, page: int) -> str:
    b, d = req.base_url, f.data
    base = f.thread_target(topic.tid)
    turl, forum = b + base, d.forums[topic.fid]
    pages, posts = d.topic_pages(topic), d.page_posts(topic, page)
    starter = d.members[topic.posts[0].author]
    pinned = (
        "\n\t\t\t\t<span><span class=\"ipsBadge ipsBadge_icon ipsBadge_positive\" data-ipsTooltip title='Pinned'><i "
        "class='fa fa-thumb-tack'></i></span></span>"
    )
    top = pagination(turl, pages, page, d.posts_per_page, "top")
    if top:
        box = "ipsBox ipsResponsive_pull ipsPadding:half ipsClearfix ipsClear ipsMargin_bottom"
        top = f'\n<div class="{box}">{top}</div>'
    bottom = pagination(turl, pages, page, d.posts_per_page, "bottom")
    if bottom:
        bottom = f"\n<div class='ipsBox ipsPadding:half ipsMargin_top ipsClearfix ipsClear'>{bottom}</div>"
    follow = _follow(b, "topic", topic.tid, topic.tid % 4)
    body = _TOPIC.format(
        pinned=pinned if topic.pinned else "", title=esc(topic.title), photo=user_photo(f, b, starter, "mini"),
        starter=user_link(f, b, starter, req.url), started=time_tag(topic.posts[0].when),
        forum_url=b + f.board_target(forum.fid), forum=esc(forum.name), follow=follow, top=top, bottom=bottom,
        turl=turl, last_page="data-lastPage " if page == pages else "", tid=topic.tid, csrf=f.csrf_key(),
        page_url=page_url(turl, page), articles="".join(post_container(f, b, topic, p, req.url) for p in posts),
        b=b, ref=quote(base64.b64encode(req.url.encode()).decode(), safe=""),
    )  # fmt: skip
    body += recently_browsing(f, b, browsing(f, req.target))
    crumbs: Crumbs = [*crumbs_for(f, forum.fid), (None, topic.title)]
    title = f"{topic.title}{f' - Page {page}' if page > 1 else ''} - {forum.name} - {_ips().SITE}"
    head = head_links(b, base, page, pages) + (
        f'\n<meta property="og:updated_time" content="{_ips().iso(topic.posts[-1].when)}">\n<link rel="alternate" '
        f'type="application/rss+xml" title="{esc(forum.name)} Latest Topics" '
        f'href="{b}/forum/{forum.fid}-{forum.slug}.xml/" />'
    )
    return shell(
        f, req, title, body, crumbs, canonical=page_url(base, page), head=head,
        desc=" ".join(topic.posts[0].paragraphs)[:300], where=("forums", "forums", "topic", topic.tid),
        ld=[_topic_ld(f, b, topic, posts, pages)],
    )  # fmt: skip


# -- noise --------------------------------------------------------------------------------------------


def simple(f: IpsForum, req: SiteRequest, title: str, inner: str, crumbs: Crumbs | None = None) -> str:
    body = (
        f"<div class='ipsPageHeader ipsClearfix ipsSpacer_bottom'>\n\t<h1 class='ipsType_pageTitle'>{esc(title)}</h1>"
        f"\n</div>\n<div class='ipsBox ipsPadding ipsResponsive_pull'>{inner}\n</div>"
    )
    where = ("core", "system", "index", 0)
    return shell(f, req, f"{title} - {_ips().SITE}", body, crumbs or [(None, title)], where=where)


_STREAM_ITEM = """
<li class='ipsStreamItem ipsStreamItem_contentBlock ipsStreamItem_expanded ipsAreaBackground_reset ipsPad' \
data-role='activityItem' data-timestamp='{ts}'>
<div class='ipsStreamItem_container ipsClearfix'>
<div class='ipsStreamItem_header ipsPhotoPanel ipsPhotoPanel_mini'>{photo}<div>
<h2 class='ipsType_reset ipsStreamItem_title ipsContained_container'><span class='ipsType_break \
ipsContained'><a href='{link}' data-linkType="link" data-searchable>{title}</a></span></h2>
<p class='ipsType_reset ipsStreamItem_status ipsType_blendLinks'>{who} replied to a topic in <a \
href='{forum_url}'>{forum}</a></p>
</div></div><div class='ipsStreamItem_snippet ipsType_break'>
<div class='ipsType_richText ipsContained ipsType_medium'><div data-ipsTruncate data-ipsTruncate-size='3 lines' \
data-ipsTruncate-type='remove'>{text}</div></div>
</div><ul class='ipsList_inline ipsStreamItem_meta'>
<li class='ipsType_light ipsType_medium'><a href='{link}' class='ipsType_blendLinks'><i class='fa \
fa-clock-o'></i> {time}</a></li>
</ul></div></li>"""


def stream(f: IpsForum, b: str, posts: list[Post]) -> str:
    """An activity stream of posts: the text of posts shown on topic pages (duplicates)."""
    d, items = f.data, ""
    for p in posts:
        topic, member = d.topics[p.tid], d.members[p.author]
        items += _STREAM_ITEM.format(
            ts=p.when, photo=user_photo(f, b, member, "mini"), title=esc(topic.title),
            link=f"{b}{f.thread_target(p.tid)}?do=findComment&amp;comment={p.pid}", who=user_link(f, b, member),
            forum_url=b + f.board_target(topic.fid), forum=esc(d.forums[topic.fid].name), text=esc(p.own_text),
            time=time_tag(p.when),
        )  # fmt: skip
    return f"\n<ol class='ipsStream ipsList_reset' data-role='activityStream' id='elStream_0'>{items}\n</ol>"


def profile_page(f: IpsForum, req: SiteRequest, member: Member, content: bool) -> str:
    b = req.base_url
    theirs = sorted((p for p in f.data.post_by_id.values() if p.author == member.name), key=lambda p: -p.when)[:25]
    seen = theirs[0].when if theirs else member.joined
    stats = [("Posts", f"{member.posts:,}"), ("Joined", time_tag(member.joined)), ("Last visited", time_tag(seen))]
    inner = (
        f"\n<header data-role=\"profileHeader\">\n\t<div class='ipsPageHead_special cProfileHeaderMinimal' "
        f"id='elProfileHeader'>\n\t\t<div id='elProfilePhoto'>{user_photo(f, b, member, 'xlarge')}</div>\n\t\t<h1 "
        f"class='ipsType_reset ipsPageHead_barText'>{esc(member.name)}</h1>\n\t\t<span "
        "class='ipsPageHead_barText_small'>"
        f"{group_name(member)}</span>\n\t</div>\n\t<div id='elProfileStats' class='ipsClearfix'>\n\t\t<ul "
        "class='ipsList_reset ipsFlex ipsFlex-ai:center ipsFlex-fw:wrap ipsPos_left'>"
        + "".join(f"\n\t\t\t<li><h4 class='ipsType_minorHeading'>{k}</h4>{v}</li>" for k, v in stats)
        + f"\n\t\t</ul>\n\t\t<a href='{b}{f.profile_target(member)}content/' class='ipsButton ipsButton_veryLight "
        "ipsButton_verySmall ipsPos_right'><i class='fa fa-bars'></i> &nbsp;See their activity</a>\n\t</div>\n</header>"
        + stream(f, b, theirs if content else theirs[:5])
    )
    title = f"{member.name}'s Content" if content else member.name
    return simple(f, req, title, inner, [(f.profile_target(member), member.name), (None, title)])


def hovercard(f: IpsForum, req: SiteRequest, member: Member) -> str:
    b = req.base_url
    inner = (
        "\n<div class='ipsPad_half cUserHovercard' "
        f"id='elUserHovercard_{member.uid}'>{user_photo(f, b, member, 'large')}"
        "\n\t<h2 class='ipsType_reset "
        f"ipsType_sectionHead'>{user_link(f, b, member)}</h2>\n\t<p>{group_name(member)}</p>"
        f"\n\t<dl><dt>Posts</dt><dd>{member.posts:,}</dd><dt>Joined</dt><dd>{time_tag(member.joined)}</dd></dl>\n</div>"
    )
    return simple(f, req, member.name, inner)


def reactions_page(f: IpsForum, req: SiteRequest, post: Post) -> str:
    b, names = req.base_url, sorted(f.data.members)
    who = [f.data.members[names[(post.pid + 3 * i) % len(names)]] for i in range(post.reactions)]
    rows = "".join(
        f"\n\t<li class='ipsDataItem'><div class='ipsDataItem_icon'>{user_photo(f, b, m)}</div><div "
        f"class='ipsDataItem_main'>{user_link(f, b, m)}</div></li>"
        for m in who
    )
    rows = rows or "\n\t<li class='ipsDataItem'><p class='ipsType_light'>There are no reactions to display.</p></li>"
    return simple(f, req, "See who reacted to this", f"\n<ol class='ipsDataList'>{rows}\n</ol>")


def embed_page(f: IpsForum, req: SiteRequest, topic: Topic, post: Post) -> str:
    """``?do=embed``: the bare card other sites embed (no chrome)."""
    b, m = req.base_url, f.data.members[post.author]
    forum = f.data.forums[topic.fid]
    return (
        f'<!DOCTYPE html>\n<html lang="en-US" dir="ltr">\n<head>\n\t<meta charset="utf-8">\n\t<title>{esc(topic.title)}'
        '</title>\n\t<meta name="robots" content="noindex">\n</head>\n<body class=\'unloaded ipsApp ipsApp_front '
        "ipsClearfix ipsLayout_noBackground ipsJS_none ipsApp_embed'>\n<div class='ipsRichEmbed'>\n\t<div "
        f"class='ipsRichEmbed_header ipsAreaBackground_light ipsClearfix'>{user_photo(f, b, m)}<p class='ipsRichEmbed_"
        f"originalItem ipsType_reset'>{user_link(f, b, m)} posted a topic in <a href='{b}{f.board_target(forum.fid)}'>"
        f"{esc(forum.name)}</a></p></div>\n\t<div class='ipsPadding'>\n\t\t<h3 class='ipsRichEmbed_itemTitle "
        f"ipsType_blendLinks'><a href='{b}{f.thread_target(topic.tid)}' target='_top'>{esc(topic.title)}</a></h3>"
        f"\n\t\t<div class='ipsType_richText ipsType_medium' data-truncate='3'>{esc(post.own_text)}</div>\n\t\t<p "
        f"class='ipsType_reset ipsType_light'>{time_tag(post.when)}</p>\n\t</div>\n</div>\n</body>\n</html>"
    )


def preview_fragment(f: IpsForum, req: SiteRequest, topic: Topic) -> str:
    b, first = req.base_url, topic.posts[0]
    m = f.data.members[first.author]
    inner = (
        f"\n<div class='cTopicHovercard' data-controller='forums.front.forum.hovercard' data-topicID='{topic.tid}'>"
        f"\n\t<div class='ipsPhotoPanel ipsPhotoPanel_tiny ipsClearfix'>{user_photo(f, b, m)}<div "
        "class='ipsType_small'>"
        f"<strong>{esc(m.name)}</strong><p class='ipsType_reset ipsType_light'>{time_tag(first.when)}</p></div></div>"
        f"\n\t<hr class='ipsHr'>\n\t<div class='ipsType_richText ipsType_small'>\n{content(f, b, first)}</div>\n</div>"
    )
    return simple(f, req, topic.title, inner)


def follow_page(f: IpsForum, req: SiteRequest, action: str) -> str | Reply:
    if action == "followers":
        return simple(f, req, "Who follows this", "\n<p class='ipsType_light'>Nobody is following this yet.</p>")
    inner = (
        "\n<div class='ipsType_center ipsPad'>\n\t<p class='ipsType_large'>Sorry, you don't have permission for "
        "that!</p>"
        f"\n\t<p>Error code: 2C154/1</p>\n\t<a href='{req.base_url}/login/' class='ipsButton ipsButton_primary'>Sign "
        "In</a>"
        "\n</div>"
    )
    return html(simple(f, req, "Sorry, there is a problem", inner), status=403)


_FORMS = {
    "login": ("Sign In", "<input type='email' name='auth'><input type='password' name='password'><a "
              "href='{b}/lostpassword/'>Forgot your password?</a> <a href='{b}/register/'>Sign Up</a><button "
              "type='submit'>Sign In</button>"),
    "register": ("Sign Up", "<input type='text' name='username'><a href='{b}/terms/'>Terms of Use</a>"),
    "lostpassword": ("Forgot Password", "<input type='email' name='email_address'>"),
    "contact": ("Contact Us", "<textarea name='contact_text'></textarea>"),
    "search": ("Search", "<input type='search' name='q'><input type='hidden' name='quick' value='1'>"),
}  # fmt: skip
_TEXTS = {
    "privacy": ("Privacy Policy", "我们只收集运营社区所需的最少信息。"),
    "terms": ("Registration Terms", "请遵守社区规则，友善交流。"),
    "cookies": ("Cookies", "本站使用 cookies 以改善浏览体验。"),
}


def static_page(f: IpsForum, req: SiteRequest) -> str:
    """Forms, texts, member lists and activity streams: nothing a forum crawler needs."""
    b, d, key = req.base_url, f.data, req.path.strip("/")
    members = sorted(d.members.values(), key=lambda x: -x.posts)
    if key in {"online", "leaderboard", "staff"} or "type=core_members" in req.target:
        chosen = {"online": members[:5], "staff": [x for x in members if x.group != "Members"]}.get(key, members)
        rows = "".join(
            f"\n\t<li class='ipsDataItem'><div class='ipsDataItem_icon'>{user_photo(f, b, x)}</div><div "
            f"class='ipsDataItem_main'>{user_link(f, b, x)} <span class='ipsType_light'>{group_name(x)} &middot; "
            f"{x.posts:,} posts</span></div></li>"
            for x in chosen
        )
        titles = {"online": "Online Users", "leaderboard": "Leaderboard", "staff": "Our Staff"}
        return simple(f, req, titles.get(key, "Members"), f"\n<ol class='ipsDataList'>{rows}\n</ol>")
    recent = sorted(d.post_by_id.values(), key=lambda p: -p.when)[:25]
    if key == "discover":
        return simple(f, req, "All Activity", stream(f, b, recent))
    if key in _TEXTS:
        return simple(f, req, _TEXTS[key][0], f"\n<p>{_TEXTS[key][1]}</p>")
    title, fields = _FORMS[key]
    method = "get" if key == "search" else "post"
    inner = f"\n<form accept-charset='utf-8' method='{method}' action='{b}/{key}/'>{fields.format(b=b)}</form>"
    if key == "search" and "quick=1" in req.target:
        inner += stream(f, b, recent[:10])
    return simple(f, req, title, inner)


def rss(f: IpsForum, req: SiteRequest, forum: Forum) -> str:
    b = req.base_url
    items = "".join(
        f"<item><title>{esc(t.title)}</title><link>{b}{f.thread_target(t.tid)}</link><description><![CDATA["
        f'{content(f, b, t.posts[0])}]]></description><guid isPermaLink="false">{t.tid}</guid><pubDate>'
        f"{_ips().utc(t.posts[0].when):%a, %d %b %Y %H:%M:%S} +0000</pubDate></item>"
        for t in sorted(forum.topics, key=lambda t: -t.posts[0].when)[:25]
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>{esc(forum.name)} Latest Topics'
        f"</title><link>{b}{f.board_target(forum.fid)}</link><description>{esc(forum.name)} Latest Topics</description>"
        f"<language>en</language>{items}</channel></rss>"
    )


def sitemap(f: IpsForum, req: SiteRequest) -> str:
    b, iso = req.base_url, _ips().iso
    head = '<?xml version="1.0" encoding="UTF-8"?>\n'
    if "file=" not in req.target:
        return (
            f'{head}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>{b}/sitemap.php?file='
            f"sitemap_content_forums_Topic</loc><lastmod>{iso(_ips().NOW)}</lastmod></sitemap></sitemapindex>"
        )
    urls = "".join(
        f"<url><loc>{b}{f.thread_target(t.tid)}</loc><lastmod>{iso(t.posts[-1].when)}</lastmod></url>"
        for t in sorted(f.data.topics.values(), key=lambda t: -t.posts[-1].when)
    )
    return f'{head}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>'
