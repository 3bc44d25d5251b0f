"""Pages of the XenForo 2.2 fixture (see :mod:`topiccrawl.demo.forum_xenforo`): what each route renders.

The forum list (category blocks of ``div.node--forum`` nodes and the sidebar widgets), the forum view
(``div.structItem--thread`` rows, the filter bar, and its sorted or prefix-filtered views), the thread
view (``article.message--post`` posts, quotes, reactions, JSON-LD) and the noise pages (member
profiles, member lists, what's new, tags, RSS, help, login and the 'no permission' error). The shared
chrome (page shell, pager, ``<time>``, avatars, BB code) is :mod:`topiccrawl.demo.forum_xenforo_chrome`.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from datetime import UTC, datetime
from html import escape
from typing import TYPE_CHECKING, Any

from topiccrawl.demo.forum_xenforo_chrome import (
    avatar,
    bb,
    board_crumbs,
    pagenav,
    prefix_label,
    prefix_text,
    rel_links,
    shell,
    time_tag,
    title_header,
    user_link,
)
from topiccrawl.demo.forums_base import _Board, _Post
from topiccrawl.demo.server import Reply, SiteRequest, html

if TYPE_CHECKING:
    from topiccrawl.demo.forum_xenforo import XenforoForum, _User, _XfThread

_IMAGE, _NAME, _PUBLISHED = ' itemprop="image"', ' itemprop="name"', ' itemprop="datePublished"'
_SORT_MENU = [
    ("last_post_date", "desc", "Last message"),
    ("post_date", "desc", "First message"),
    ("title", "asc", "Title"),
    ("reply_count", "desc", "Replies"),
    ("view_count", "desc", "Views"),
]


def _xf() -> Any:
    from topiccrawl.demo import forum_xenforo  # the sibling module imports this one

    return forum_xenforo


# -- who reacted, the latest post ------------------------------------------------------------------


def reactors(f: XenforoForum, post: _Post) -> list[str]:
    rng = random.Random(post.pid)
    others = [n for n in f.vocab.names if n != post.author]
    return rng.sample(others, rng.choice([0, 0, 0, 1, 1, 2, 3, 5]))


def latest(f: XenforoForum, board: _Board) -> tuple[_XfThread, _Post]:
    thread = max(board.threads, key=lambda t: f.when[t.posts[-1].pid])
    return thread, thread.posts[-1]


# -- forum list ------------------------------------------------------------------------------------


def node(f: XenforoForum, board: _Board) -> str:
    fid = board.fid
    thread, last = latest(f, board)
    u = f.users[last.author]
    n_threads, n_msgs = len(board.threads), sum(len(t.posts) for t in board.threads)
    stats = (
        f'<dl class="pairs pairs--{{0}}"><dt>Threads</dt><dd>{_xf().number_short(n_threads)}</dd></dl>'
        f'<dl class="pairs pairs--{{0}}"><dt>Messages</dt><dd>{_xf().number_short(n_msgs)}</dd></dl>'
    )
    prefix = prefix_label(thread.prefix) + '<span class="label-append">&nbsp;</span>' if thread.prefix else ""
    return (
        f'<div class="node node--id{fid} node--depth2 node--forum node--read"><div class="node-body">'
        '<span class="node-icon" aria-hidden="true"><i class="fa--xf far fa-comments" aria-hidden="true"></i>'
        '</span><div class="node-main js-nodeMain"><h3 class="node-title">'
        f'<a href="{f.board_target(fid, 1)}" data-xf-init="element-tooltip" data-shortcut="node-description">'
        f"{escape(board.name)}</a></h3>"
        '<div class="node-description node-description--tooltip js-nodeDescTooltip">'
        f"{escape(f.data.description[fid])}</div>"
        f'<div class="node-meta"><div class="node-statsMeta">{stats.format("inline")}</div></div></div>'
        f'<div class="node-stats">{stats.format("rows")}</div>'
        f'<div class="node-extra"><div class="node-extra-icon">{avatar(u, "xs")}</div>'
        f'<div class="node-extra-row"><a href="{f.post_url(last.pid)}" class="node-extra-title" '
        f'title="{escape(thread.title)}">{prefix}{escape(thread.title)}</a></div>'
        '<div class="node-extra-row"><ul class="listInline listInline--bullet">'
        f'<li class="node-extra-date">{time_tag(f.when[last.pid])}</li>'
        f'<li class="node-extra-user">{user_link(u)}</li></ul></div></div></div></div>'
    )


def link_node(f: XenforoForum) -> str:
    nid, title = f.data.link_forum
    slug = _xf().slugify(title)
    return (
        f'<div class="node node--id{nid} node--depth2 node--link"><div class="node-body">'
        '<span class="node-icon" aria-hidden="true"><i class="fa--xf far fa-link" aria-hidden="true"></i></span>'
        f'<div class="node-main js-nodeMain"><h3 class="node-title"><a href="/link-forums/{slug}.{nid}/" '
        f'data-xf-init="element-tooltip" data-shortcut="node-description">{title}</a></h3>'
        '<div class="node-description node-description--tooltip js-nodeDescTooltip">The rules, on one page.'
        '</div></div><div class="node-stats node-stats--single"><dl class="pairs pairs--rows"><dt>Redirects</dt>'
        "<dd>1.2K</dd></dl></div></div></div>"
    )


def sidebar(f: XenforoForum) -> str:
    d = f.data
    names = f.vocab.names
    online = [f.users[n] for n in names[::3]]
    online_list = "".join(f"<li>{user_link(u)}</li>" for u in online)
    recent = sorted(d.threads.values(), key=lambda t: -f.when[t.posts[-1].pid])[:5]
    latest = []
    for t in recent:
        last = t.posts[-1]
        board = d.board_by_fid[t.board]
        prefix = prefix_label(t.prefix) + '<span class="label-append">&nbsp;</span>' if t.prefix else ""
        latest.append(
            '<li class="block-row"><div class="contentRow"><div class="contentRow-figure">'
            f'{avatar(f.users[last.author], "xxs")}</div><div class="contentRow-main '
            f'contentRow-main--close"><a href="/threads/{f.slugs[t.tid]}.{t.tid}/unread">{prefix}'
            f'{escape(t.title)}</a><div class="contentRow-minor contentRow-minor--hideLinks">'
            f'<ul class="listInline listInline--bullet"><li>Latest: {escape(last.author)}</li>'
            f'<li>{time_tag(f.when[last.pid])}</li></ul></div><div class="contentRow-minor '
            f'contentRow-minor--hideLinks"><a href="{f.board_target(board.fid, 1)}">{escape(board.name)}</a>'
            "</div></div></div></li>"
        )
    newest = max(f.users.values(), key=lambda u: u.joined)
    n_posts = sum(len(t.posts) for t in d.threads.values())
    return (
        '<div class="block" data-widget-section="onlineNow" data-widget-id="6" '
        'data-widget-key="forum_overview_members_online" data-widget-definition="members_online">'
        '<div class="block-container"><h3 class="block-minorHeader"><a href="/online/">Members online</a></h3>'
        '<div class="block-body"><div class="block-row block-row--minor"><ul class="listInline '
        f'listInline--comma">{online_list}</ul></div></div><div class="block-footer"><span '
        f'class="block-footer-counter">Total: {len(online) + 41} (members: {len(online)}, guests: 41)</span>'
        "</div></div></div>"
        '<div class="block" data-widget-section="latestPosts" data-widget-id="7" '
        'data-widget-key="forum_overview_new_posts" data-widget-definition="new_posts">'
        '<div class="block-container">'
        '<h3 class="block-minorHeader"><a href="/whats-new/posts/?skip=1" rel="nofollow">Latest posts</a></h3>'
        f'<ul class="block-body">{"".join(latest)}</ul></div></div>'
        '<div class="block" data-widget-section="forumStats" data-widget-id="8" '
        'data-widget-key="forum_overview_forum_statistics" data-widget-definition="forum_statistics">'
        '<div class="block-container"><h3 class="block-minorHeader">Forum statistics</h3>'
        '<div class="block-body block-row"><dl class="pairs pairs--justified count--threads"><dt>Threads</dt>'
        f'<dd>{len(d.threads):,}</dd></dl><dl class="pairs pairs--justified count--messages"><dt>Messages</dt>'
        f'<dd>{n_posts:,}</dd></dl><dl class="pairs pairs--justified count--users"><dt>Members</dt>'
        f'<dd>{len(f.users)}</dd></dl><dl class="pairs pairs--justified"><dt>Latest member</dt>'
        f"<dd>{user_link(newest)}</dd></dl></div></div></div>"
        '<div class="block" data-widget-section="onlineNow" data-widget-key="forum_overview_share_page">'
        '<div class="block-container"><h3 class="block-minorHeader">Share this page</h3>'
        '<div class="block-body block-row block-row--separated"><div class="shareButtons shareButtons--iconic" '
        'data-xf-init="share-buttons"><div class="shareButtons-buttons"><a class="shareButtons-button '
        'shareButtons-button--brand shareButtons-button--facebook" data-href="https://www.facebook.com/'
        'sharer.php?u={url}"><i aria-hidden="true"></i><span>Facebook</span></a><a class="shareButtons-button '
        'shareButtons-button--brand shareButtons-button--twitter" data-href="https://twitter.com/intent/tweet?'
        'url={url}&amp;text={title}"><i aria-hidden="true"></i><span>Twitter</span></a></div></div></div></div>'
        "</div>"
    )


def index_page(f: XenforoForum, req: SiteRequest) -> str:
    d = f.data
    blocks = []
    for i, (cid, cname, cdesc, boards) in enumerate(d.categories):
        nodes = "".join(node(f, b) for b in boards) + (link_node(f) if i == 0 else "")
        anchor = f"{_xf().slugify(cname)}.{cid}"
        blocks.append(
            f'<div class="block block--category block--category{cid}"><span class="u-anchorTarget" '
            f'id="{anchor}"></span><div class="block-container"><h2 class="block-header"><a href="/#{anchor}">'
            f'{escape(cname)}</a><span class="block-desc">{escape(cdesc)}</span></h2>'
            f'<div class="block-body">{nodes}</div></div></div>'
        )
    body = (
        '<div class="block-outer"><div class="block-outer-opposite"><div class="buttonGroup">'
        '<a href="/whats-new/posts/" class="button--link button" rel="nofollow"><span class="button-text">'
        f"New posts</span></a></div></div></div>{''.join(blocks)}"
    )
    header = title_header("Forums")
    return shell(
        f, req, template="forum_list", title="Forums", body=body, header=header, canonical="/", sidebar=sidebar(f)
    )


# -- forum view ------------------------------------------------------------------------------------


def thread_row(f: XenforoForum, t: _XfThread) -> str:
    first, last = t.posts[0], t.posts[-1]
    starter, poster = f.users[first.author], f.users[last.author]
    url = f.thread_target(t.tid, 1)
    pages = f.data.thread_pages(t)
    jump = ""
    if pages > 1:
        numbers = range(2, pages + 1) if pages <= 3 else range(pages - 2, pages + 1)
        jump = (
            '<span class="structItem-pageJump">'
            + "".join(f'<a href="{f.thread_target(t.tid, n)}">{n}</a>' for n in numbers)
            + "</span>"
        )
    status = ""
    if t.sticky:
        status = (
            '<li><i class="structItem-status structItem-status--sticky" aria-hidden="true" title="Sticky"></i>'
            '<span class="u-srOnly">Sticky</span></li>'
        )
    prefix = ""
    if t.prefix:
        prefix = f'<a href="{escape(f.prefix_url(t))}" class="labelLink" rel="nofollow">{prefix_label(t.prefix)}</a>'
    score = len(reactors(f, first))
    return (
        f'<div class="structItem structItem--thread{" is-prefix" + str(t.prefix) if t.prefix else ""} '
        f'js-inlineModContainer js-threadListItem-{t.tid}" data-author="{escape(first.author)}">'
        '<div class="structItem-cell structItem-cell--icon"><div class="structItem-iconContainer">'
        f"{avatar(starter, 's')}</div></div>"
        '<div class="structItem-cell structItem-cell--main" data-xf-init="touch-proxy">'
        f'<ul class="structItem-statuses">{status}</ul><div class="structItem-title">{prefix}'
        f'<a href="{url}" class="" data-tp-primary="on" data-xf-init="preview-tooltip" '
        f'data-preview-url="{url}preview">{escape(t.title)}</a></div>'
        f'<div class="structItem-minor"><ul class="structItem-parts"><li>{user_link(starter)}</li>'
        f'<li class="structItem-startDate"><a href="{url}" rel="nofollow">{time_tag(f.when[first.pid])}</a>'
        f"</li></ul>{jump}</div></div>"
        f'<div class="structItem-cell structItem-cell--meta" title="First message reaction score: {score}">'
        f'<dl class="pairs pairs--justified"><dt>Replies</dt><dd>{len(t.posts) - 1:,}</dd></dl>'
        f'<dl class="pairs pairs--justified structItem-minor"><dt>Views</dt><dd>{_xf().number_short(t.views)}</dd></dl>'
        '</div><div class="structItem-cell structItem-cell--latest">'
        f'<a href="/threads/{f.slugs[t.tid]}.{t.tid}/latest" rel="nofollow">'
        f"{time_tag(f.when[last.pid], 'structItem-latestDate u-dt')}</a>"
        f'<div class="structItem-minor">{user_link(poster)}</div></div>'
        '<div class="structItem-cell structItem-cell--icon structItem-cell--iconEnd">'
        f'<div class="structItem-iconContainer">{avatar(poster, "xxs")}</div></div></div>'
    )


def filter_bar(f: XenforoForum, board: _Board, filters: dict[str, str]) -> str:
    base = f.board_target(board.fid, 1)
    active = []
    prefix = filters.get("prefix_id")
    sort = {k: v for k, v in filters.items() if k in {"order", "direction"}}
    if prefix:
        rest = "&".join(f"{k}={v}" for k, v in sort.items())
        active.append(
            f'<li><a href="{escape(base + ("?" + rest if rest else ""))}" class="filterBar-filterToggle" '
            'data-xf-init="tooltip" title="Remove this filter"><span class="filterBar-filterToggle-label">'
            f"Prefix:</span> {escape(_xf().PREFIXES[int(prefix)][0])}</a></li>"
        )
    order = filters.get("order", "last_post_date")
    label = next((lbl for o, _, lbl in _SORT_MENU if o == order), "Last message")
    if "order" in filters:
        rest = f"prefix_id={prefix}" if prefix else ""
        active.append(
            f'<li><a href="{escape(base + ("?" + rest if rest else ""))}" class="filterBar-filterToggle" '
            'data-xf-init="tooltip" title="Return to the default order"><span class="filterBar-filterToggle-label">'
            f"Sort by:</span> {label}</a></li>"
        )
    sorts = "".join(
        f'<a href="{escape(f"{base}?order={o}&direction={d}")}" class="menu-linkRow" rel="nofollow">{lbl}</a>'
        for o, d, lbl in _SORT_MENU
    )
    filters_html = f'<ul class="filterBar-filters">{"".join(active)}</ul>' if active else ""
    return (
        f'<div class="block-filterBar"><div class="filterBar">{filters_html}'
        '<a class="filterBar-menuTrigger" data-xf-click="menu" role="button" tabindex="0" aria-expanded="false" '
        'aria-haspopup="true">Filters</a><div class="menu menu--wide" data-menu="menu" aria-hidden="true" '
        f'data-href="{base}filters" data-load-target=".js-filterMenuBody"><div class="menu-content">'
        '<h4 class="menu-header">Show only:</h4><div class="js-filterMenuBody"><div class="menu-row">Loading…'
        '</div></div></div></div><a class="filterBar-menuTrigger" data-xf-click="menu" role="button" '
        f'tabindex="0" aria-expanded="false" aria-haspopup="true">Sort by: {label}</a><div class="menu" '
        'data-menu="menu" aria-hidden="true"><div class="menu-content"><h4 class="menu-header">Sort by</h4>'
        f"{sorts}</div></div></div></div>"
    )


def render_board(
    f: XenforoForum,
    req: SiteRequest,
    *,
    board: _Board,
    page: int,
    threads: tuple[list[_XfThread], list[_XfThread]],
    last: int,
    url: Callable[[int], str],
    filters: dict[str, str],
) -> str:
    sticky, normal = threads
    groups = ""
    if sticky:
        groups += (
            '<div class="structItemContainer-group structItemContainer-group--sticky">'
            f"{''.join(thread_row(f, t) for t in sticky)}</div>"
        )
    rows = "".join(thread_row(f, t) for t in normal)
    if not rows and not sticky:
        rows = '<div class="structItem structItem--note">There are no threads in this forum.</div>'
    groups += f'<div class="structItemContainer-group js-threadList">{rows}</div>'
    nav = pagenav(url, page, last)
    desc = f.data.description[board.fid]
    body = (
        '<div class="block " data-xf-init="" data-type="thread" data-href="/inline-mod/">'
        f'<div class="block-outer"><div class="block-outer-main">{nav}</div></div>'
        f'<div class="block-container">{filter_bar(f, board, filters)}'
        f'<div class="block-body"><div class="structItemContainer">{groups}</div></div></div>'
        f'<div class="block-outer block-outer--after"><div class="block-outer-main">{nav}</div></div></div>'
    )
    action = (
        f'<div class="p-title-pageAction"><a href="{f.board_target(board.fid, 1)}post-thread" '
        'class="button--cta button button--icon button--icon--write" data-xf-click="prefix-grabber" '
        'rel="nofollow"><span class="button-text">Post thread</span></a></div>'
    )
    header = title_header(escape(board.name), escape(desc), action)
    rss = (
        f'\t<link rel="alternate" type="application/rss+xml" title="RSS feed for {escape(board.name)}" '
        f'href="{f.board_target(board.fid, 1)}index.rss" />\n'
    )
    return shell(
        f,
        req,
        template="forum_view",
        title=board.name + (f" | Page {page}" if page > 1 else ""),
        body=body,
        header=header,
        crumbs=board_crumbs(f, board.fid),
        canonical=f.board_target(board.fid, page),
        head=rel_links(req, url, page, last) + rss,
        description=desc,
        keys=(f"node-{board.fid}", ""),
    )


def board_page(f: XenforoForum, req: SiteRequest, board: _Board, page: int) -> str:
    listed: list[_XfThread] = f.data.list_page(board, page)
    threads = ([t for t in listed if t.sticky], [t for t in listed if not t.sticky])
    url = lambda n: f.board_target(board.fid, n)  # noqa: E731
    return render_board(
        f, req, board=board, page=page, threads=threads, last=f.data.list_pages(board), url=url, filters={}
    )


def filtered_page(f: XenforoForum, req: SiteRequest, board: _Board, page: int, params: dict[str, str]) -> str | None:
    """A sorted or prefix-filtered view of a forum (``params`` checked by the board): the same threads again."""
    order, direction = params.get("order", "last_post_date"), params.get("direction", "desc")
    prefix = params.get("prefix_id", "")
    keys: dict[str, Callable[[_XfThread], object]] = {
        "last_post_date": lambda t: f.when[t.posts[-1].pid],
        "post_date": lambda t: f.when[t.posts[0].pid],
        "title": lambda t: t.title.lower(),
        "reply_count": lambda t: len(t.posts),
        "view_count": lambda t: t.views,
        "first_post_reaction_score": lambda t: len(reactors(f, t.posts[0])),
    }
    chosen: list[_XfThread] = [t for t in board.threads if not prefix or t.prefix == int(prefix)]
    normal = sorted((t for t in chosen if not t.sticky), key=keys[order], reverse=direction == "desc")
    per = f.threads_per_page
    last = max(1, -(-len(normal) // per))
    if not 1 <= page <= last:
        return None
    filters = {
        k: v
        for k, v in (("prefix_id", prefix), ("order", params.get("order")), ("direction", params.get("direction")))
        if v
    }
    query = "&".join(f"{k}={v}" for k, v in filters.items())
    url = lambda n: f"{f.board_target(board.fid, n)}?{query}"  # noqa: E731
    sticky = [t for t in chosen if t.sticky] if page == 1 else []
    shown = (sticky, normal[(page - 1) * per : page * per])
    return render_board(f, req, board=board, page=page, threads=shown, last=last, url=url, filters=filters)


# -- thread view -----------------------------------------------------------------------------------


def quote(f: XenforoForum, quoted: _Post) -> str:
    u = f.users[quoted.author]
    return (
        f'<blockquote data-attributes="member: {u.uid}" data-quote="{escape(u.name)}" '
        f'data-source="post: {quoted.pid}" class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote '
        'js-expandWatch"><div class="bbCodeBlock-title">'
        f'<a href="/goto/post?id={quoted.pid}" class="bbCodeBlock-sourceJump" rel="nofollow" '
        f'data-xf-click="attribution" data-content-selector="#post-{quoted.pid}">{escape(u.name)} said:</a></div>'
        '<div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent js-expandContent ">'
        f'{bb(quoted.paragraphs)}</div><div class="bbCodeBlock-expandLink js-expandLink">'
        '<a role="button" tabindex="0">Click to expand...</a></div></div></blockquote>'
    )


def reactions_bar(f: XenforoForum, post: _Post) -> str:
    who = reactors(f, post)
    if not who:
        return '<div class="reactionsBar js-reactionsList "></div>'
    names = [f"<bdi>{escape(n)}</bdi>" for n in who]
    if len(names) == 1:
        text = names[0]
    elif len(names) <= 3:
        text = f"{', '.join(names[:-1])} and {names[-1]}"
    else:
        text = f"{', '.join(names[:2])} and {len(names) - 2} others"
    return (
        '<div class="reactionsBar js-reactionsList is-active"><ul class="reactionSummary"><li><span '
        'class="reaction reaction--small reaction--1" data-reaction-id="1"><i aria-hidden="true"></i><img '
        'src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" '
        'class="reaction-sprite js-reaction" alt="Like" title="Like" /></span></li></ul>'
        '<span class="u-srOnly">Reactions:</span><a class="reactionsBar-link" '
        f'href="/posts/{post.pid}/reactions" data-xf-click="overlay" data-cache="false" rel="nofollow">'
        f"{text}</a></div>"
    )


def article(f: XenforoForum, t: _XfThread, post: _Post) -> str:
    xf = _xf()
    u = f.users[post.author]
    pid, ts = post.pid, f.when[post.pid]
    link = f.post_url(pid)
    quoted = f.quotes.get(pid)
    banner = ""
    if u.staff:
        banner = (
            '<div class="userBanner userBanner--staff message-userBanner" dir="auto" itemprop="jobTitle">'
            '<span class="userBanner-before"></span><strong>Staff member</strong>'
            '<span class="userBanner-after"></span></div>'
        )
    edited = ""
    if pid in f.edited:
        edited = f'<div class="message-lastEdit">Last edited: {time_tag(f.edited[pid])}</div>'
    signature = ""
    if u.signature:
        signature = f'<aside class="message-signature"><div class="bbWrapper">{bb([u.signature])}</div></aside>'
    caption = f"{escape(u.name)} &middot; {xf.date_string(ts)} at {xf.time_string(ts)}"
    return (
        f'<article class="message message--post js-post js-inlineModContainer  " data-author="{escape(u.name)}" '
        f'data-content="post-{pid}" id="js-post-{pid}"><span class="u-anchorTarget" id="post-{pid}"></span>'
        '<div class="message-inner"><div class="message-cell message-cell--user">'
        '<section itemscope itemtype="https://schema.org/Person" class="message-user">'
        '<div class="message-avatar "><div class="message-avatar-wrapper">'
        f"{avatar(u, 'm', extra=_IMAGE)}</div></div>"
        '<div class="message-userDetails"><h4 class="message-name">'
        f"{user_link(u, extra=_NAME)}</h4>"
        f'<h5 class="userTitle message-userTitle" dir="auto" itemprop="jobTitle">{u.title}</h5>{banner}</div>'
        '<div class="message-userExtras"><dl class="pairs pairs--justified"><dt>Joined</dt>'
        f"<dd>{xf.date_string(u.joined)}</dd></dl>"
        f'<dl class="pairs pairs--justified"><dt>Messages</dt><dd>{u.messages:,}</dd></dl>'
        '<dl class="pairs pairs--justified"><dt>Reaction score</dt>'
        f"<dd>{u.reaction_score:,}</dd></dl></div>"
        '<span class="message-userArrow"></span></section></div>'
        '<div class="message-cell message-cell--main"><div class="message-main js-quickEditTarget">'
        '<header class="message-attribution message-attribution--split">'
        '<ul class="message-attribution-main listInline "><li class="u-concealed">'
        f'<a href="{link}" rel="nofollow">{time_tag(ts, extra=_PUBLISHED)}</a></li></ul>'
        '<ul class="message-attribution-opposite message-attribution-opposite--list ">'
        f'<li><a href="{link}" class="message-attribution-gadget" data-xf-init="share-tooltip" '
        f'data-href="/posts/{pid}/share" aria-label="Share" rel="nofollow"><i class="fa--xf far fa-share-alt" '
        'aria-hidden="true"></i></a></li>'
        f'<li><a href="{link}" rel="nofollow">#{f.position[pid]:,}</a></li></ul></header>'
        '<div class="message-content js-messageContent"><div class="message-userContent lbContainer '
        f'js-lbContainer " data-lb-id="post-{pid}" data-lb-caption-desc="{caption}">'
        '<article class="message-body js-selectToQuote"><div itemprop="text">'
        f'<div class="bbWrapper">{quote(f, quoted) if quoted else ""}{bb(post.paragraphs)}</div>'
        '</div><div class="js-selectToQuoteEnd">&nbsp;</div></article></div>'
        f"{edited}{signature}</div>"
        '<footer class="message-footer"><div class="message-actionBar actionBar">'
        '<div class="actionBar-set actionBar-set--external">'
        f'<a href="/posts/{pid}/react?reaction_id=1" class="reaction reaction--small actionBar-action '
        'actionBar-action--reaction" data-xf-init="reaction" data-reaction-id="1" rel="nofollow">'
        '<i aria-hidden="true"></i><img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAA'
        'EAAAIBRAA7" class="reaction-sprite js-reaction" alt="Like" title="Like" /><span class="reaction-text '
        'js-reactionText"><bdi>Like</bdi></span></a>'
        f'<a href="/threads/{f.slugs[t.tid]}.{t.tid}/reply?quote={pid}" class="actionBar-action '
        'actionBar-action--reply" title="Reply, quoting this message" rel="nofollow" data-xf-click="quote" '
        f'data-quote-href="/posts/{pid}/quote">Reply</a></div>'
        '<div class="actionBar-set actionBar-set--internal">'
        f'<a href="/posts/{pid}/report" class="actionBar-action actionBar-action--report" '
        'data-xf-click="overlay">Report</a></div></div>'
        f'{reactions_bar(f, post)}<div class="js-historyTarget message-historyTarget toggleTarget" '
        'data-href="trigger-href"></div></footer></div></div></div></article>'
    )


def json_ld(f: XenforoForum, req: SiteRequest, t: _XfThread) -> str:
    iso_time = _xf().iso_time
    first, last = t.posts[0], t.posts[-1]
    board = f.data.board_by_fid[t.board]
    body = " ".join(first.paragraphs)
    data = {
        "@context": "https://schema.org",
        "@type": "DiscussionForumPosting",
        "@id": req.base_url + f.thread_target(t.tid, 1),
        "headline": t.title,
        "articleBody": body[:497] + "..." if len(body) > 500 else body,
        "articleSection": board.name,
        "author": {"@type": "Person", "name": first.author},
        "datePublished": re.sub(r"(\d\d)(\d\d)$", r"\1:\2", iso_time(f.when[first.pid])),
        "dateModified": re.sub(r"(\d\d)(\d\d)$", r"\1:\2", iso_time(f.when[last.pid])),
        "interactionStatistic": {
            "@type": "InteractionCounter",
            "interactionType": "https://schema.org/ReplyAction",
            "userInteractionCount": len(t.posts) - 1,
        },
    }
    payload = json.dumps(data, indent=1).replace("</", "<\\/")
    return f'\t<script type="application/ld+json">\n{payload}\n\t</script>\n'


def thread_page(f: XenforoForum, req: SiteRequest, t: _XfThread, page: int) -> str:
    canonical = f.thread_target(t.tid, page)
    last = f.data.thread_pages(t)
    per = f.posts_per_page
    first = t.posts[0]
    starter = f.users[first.author]
    url = lambda n: f.thread_target(t.tid, n)  # noqa: E731
    nav = pagenav(url, page, last)
    articles = "".join(article(f, t, p) for p in t.posts[(page - 1) * per : page * per])
    title_html = escape(t.title)
    if t.prefix:
        title_html = f'{prefix_label(t.prefix)}<span class="label-append">&nbsp;</span>{title_html}'
    description = (
        '<ul class="listInline listInline--bullet"><li><i class="fa--xf far fa-user" aria-hidden="true" '
        'title="Thread starter"></i><span class="u-srOnly">Thread starter</span>'
        f'{user_link(starter, "username  u-concealed")}</li><li><i class="fa--xf far fa-clock" '
        'aria-hidden="true" title="Start date"></i><span class="u-srOnly">Start date</span>'
        f'<a href="{f.thread_target(t.tid, 1)}" class="u-concealed" rel="nofollow">'
        f"{time_tag(f.when[first.pid])}</a></li></ul>"
    )
    tags = ""
    if t.tags:
        links = "".join(f'<a href="/tags/{g}/" class="tagItem tagItem--tag_{g}" dir="auto">{g}</a>' for g in t.tags)
        tags = (
            f'<div class="block-outer block-outer--after"><dl class="tagList tagList--thread-{t.tid} ">'
            f'<dt><i class="fa--xf far fa-tags" aria-hidden="true" title="Tags"></i><span class="u-srOnly">Tags'
            f'</span></dt><dd><span class="js-tagList">{links}</span></dd></dl></div>'
        )
    body = (
        '<div class="block block--messages" data-xf-init="" data-type="post" data-href="/inline-mod/" '
        'data-search-target="*"><span class="u-anchorTarget" id="posts"></span>'
        f'<div class="block-outer"><div class="block-outer-main">{nav}</div></div>{tags}'
        '<div class="block-outer js-threadStatusField"></div><div class="block-container lbContainer" '
        'data-xf-init="lightbox select-to-quote" data-message-selector=".js-post" '
        f'data-lb-id="thread-{t.tid}" data-lb-universal="0"><div class="block-body js-replyNewMessageContainer">'
        f"{articles}</div></div>"
        f'<div class="block-outer block-outer--after"><div class="block-outer-main">{nav}</div>'
        '<div class="block-outer-opposite"><a href="/login/" class="button--link button--wrap button" '
        'data-xf-click="overlay"><span class="button-text">You must log in or register to reply here.</span>'
        "</a></div></div></div>"
        '<div class="blockMessage blockMessage--none"><div class="shareButtons shareButtons--iconic" '
        'data-xf-init="share-buttons" data-page-url="" data-page-title="" data-page-desc="" data-page-image="">'
        '<span class="shareButtons-label">Share:</span><div class="shareButtons-buttons">'
        '<a class="shareButtons-button shareButtons-button--brand shareButtons-button--facebook" '
        'data-href="https://www.facebook.com/sharer.php?u={url}"><i aria-hidden="true"></i><span>Facebook</span>'
        '</a><a class="shareButtons-button shareButtons-button--brand shareButtons-button--reddit" '
        'data-href="https://reddit.com/submit?url={url}&amp;title={title}"><i aria-hidden="true"></i>'
        "<span>Reddit</span></a></div></div></div>"
    )
    board = f.data.board_by_fid[t.board]
    crumbs = [*board_crumbs(f, t.board), (f.board_target(t.board, 1), board.name)]
    return shell(
        f,
        req,
        template="thread_view",
        title=prefix_text(t) + t.title + (f" | Page {page}" if page > 1 else ""),
        body=body,
        header=title_header(title_html, description),
        crumbs=crumbs,
        canonical=canonical,
        head=rel_links(req, url, page, last) + json_ld(f, req, t),
        description=" ".join(first.paragraphs)[:155],
        keys=(f"node-{t.board}", f"thread-{t.tid}"),
    )


# -- noise -----------------------------------------------------------------------------------------


def simple(f: XenforoForum, req: SiteRequest, title: str, content: str, template: str, *, status: int = 200) -> Reply:
    header = title_header(escape(title))
    body = f'<div class="block"><div class="block-container"><div class="block-body">{content}</div></div></div>'
    page = shell(f, req, template=template, title=title, body=body, header=header)
    return html(page, charset=f.charset, status=status)


def guest_error(f: XenforoForum, req: SiteRequest) -> Reply:
    """What a guest gets for report/react/reply/post-thread: XenForo's 'no permission' error (403)."""
    content = (
        '<div class="blockMessage blockMessage--error blockMessage--iconic">You must be logged-in to do that.'
        '</div><form action="/login/login" method="post" class="block"><div class="block-container">'
        '<div class="block-body"><dl class="formRow"><dt><label>Your name or email address</label></dt>'
        '<dd><input type="text" class="input" name="login" /></dd></dl><dl class="formRow"><dt>'
        '<label>Password</label></dt><dd><input type="password" class="input" name="password" />'
        '<a href="/lost-password/" data-xf-click="overlay">Forgot your password?</a></dd></dl></div>'
        '<div class="formSubmitRow"><button type="submit" class="button--primary button">Log in</button></div>'
        "</div></form>"
    )
    return simple(f, req, "Oops! We ran into some problems.", content, "login", status=403)


def reactions_page(f: XenforoForum, req: SiteRequest, post: _Post) -> Reply:
    rows = (
        "".join(
            f'<li class="block-row block-row--separated"><div class="contentRow"><div class="contentRow-figure">'
            f'{avatar(f.users[n], "s")}</div><div class="contentRow-main"><h3 class="contentRow-header">'
            f"{user_link(f.users[n])}</h3></div></div></li>"
            for n in reactors(f, post)
        )
        or '<div class="block-row">No one has reacted to this post yet.</div>'
    )
    return simple(f, req, f"Members who reacted to message #{f.position[post.pid]}", rows, "reaction_list")


def member_page(f: XenforoForum, req: SiteRequest, u: _User) -> Reply:
    seen = max(
        (f.when[p.pid] for t in f.data.threads.values() for p in t.posts if p.author == u.name),
        default=u.joined,
    )
    content = (
        f'<div class="memberHeader "><div class="memberHeader-main"><div class="memberHeader-avatar">'
        f'{avatar(u, "l")}</div><div class="memberHeader-content memberHeader-content--info">'
        f'<h1 class="memberHeader-name"><span class="memberHeader-nameWrapper"><span class="username " '
        f'dir="auto" data-user-id="{u.uid}">{escape(u.name)}</span></span></h1><div '
        f'class="memberHeader-blurbContainer"><div class="memberHeader-blurb" dir="auto"><span class="userTitle" '
        f'dir="auto">{u.title}</span></div><div class="memberHeader-blurb"><dl class="pairs pairs--inline">'
        f'<dt>Joined</dt><dd>{time_tag(u.joined)}</dd></dl></div><div class="memberHeader-blurb">'
        f'<dl class="pairs pairs--inline"><dt>Last seen</dt><dd dir="auto">{time_tag(seen)}</dd></dl></div>'
        '</div></div></div><div class="memberHeader-stats"><div class="pairJustifier"><dl class="pairs '
        'pairs--rows pairs--rows--centered fauxBlockLink"><dt>Messages</dt><dd><a href="/search/member?user_id='
        f'{u.uid}" rel="nofollow" class="fauxBlockLink-linkRow u-concealed">{u.messages:,}</a></dd></dl>'
        '<dl class="pairs pairs--rows pairs--rows--centered"><dt>Reaction score</dt>'
        f"<dd>{u.reaction_score:,}</dd></dl></div></div></div>"
        f'<h2 class="block-tabHeader tabs"><a href="{u.url}" class="tabs-tab is-active">Profile posts</a>'
        f'<a href="{u.url}#latest-activity" class="tabs-tab">Latest activity</a>'
        f'<a href="{u.url}#recent-content" class="tabs-tab">Postings</a>'
        f'<a href="{u.url}#about" class="tabs-tab">About</a></h2>'
        f'<div class="block-row">There are no messages on {escape(u.name)}\'s profile yet.</div>'
    )
    return simple(f, req, u.name, content, "member_view")


def thread_list(f: XenforoForum, threads: list[_XfThread]) -> str:
    return (
        '<div class="structItemContainer"><div class="structItemContainer-group js-threadList">'
        f"{''.join(thread_row(f, t) for t in threads)}</div></div>"
    )


def new_posts_page(f: XenforoForum, req: SiteRequest) -> Reply:
    recent = sorted(f.data.threads.values(), key=lambda t: -f.when[t.posts[-1].pid])[:20]
    return simple(f, req, "New posts", thread_list(f, recent), "whats_new_posts")


def tag_page(f: XenforoForum, req: SiteRequest, tag: str) -> Reply:
    tagged = [t for t in f.data.threads.values() if tag in t.tags]
    rows = "".join(
        '<li class="block-row block-row--separated"><div class="contentRow"><div class="contentRow-main">'
        f'<h3 class="contentRow-title"><a href="{f.thread_target(t.tid, 1)}">{escape(t.title)}</a></h3>'
        f'<div class="contentRow-minor contentRow-minor--hideLinks"><ul class="listInline listInline--bullet">'
        f"<li>{escape(t.posts[0].author)}</li><li>Thread</li><li>{time_tag(f.when[t.posts[0].pid])}</li>"
        f'<li>Forum: <a href="{f.board_target(t.board, 1)}">'
        f"{escape(f.data.board_by_fid[t.board].name)}</a></li></ul></div></div></div></li>"
        for t in tagged
    )
    return simple(f, req, f"Tagged content: {tag}", f'<ol class="block-body">{rows}</ol>', "tag_view")


def rss(f: XenforoForum, req: SiteRequest, board: _Board | None) -> str:
    """The RSS feed of a forum's threads, or of the whole board's (``board`` None)."""
    xf = _xf()
    threads = [t for t in f.data.threads.values() if board is None or t.board == board.fid]
    threads.sort(key=lambda t: -f.when[t.posts[0].pid])
    items = "".join(
        f"<item><title>{escape(t.title)}</title>"
        f"<pubDate>{datetime.fromtimestamp(f.when[t.posts[0].pid], UTC):%a, %d %b %Y %H:%M:%S} +0000</pubDate>"
        f'<link>{req.base_url}{f.thread_target(t.tid, 1)}</link><guid isPermaLink="false">{t.tid}</guid>'
        f"<author>invalid@example.com ({escape(t.posts[0].author)})</author>"
        f"<dc:creator>{escape(t.posts[0].author)}</dc:creator>"
        f'<content:encoded><![CDATA[<div class="bbWrapper">{bb(t.posts[0].paragraphs)}</div>]]>'
        f"</content:encoded><slash:comments>{len(t.posts) - 1}</slash:comments></item>"
        for t in threads[:20]
    )
    title = board.name if board is not None else "Latest threads"
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
        'xmlns:slash="http://purl.org/rss/1.0/modules/slash/"><channel>'
        f"<title>{escape(title)}</title><description>{escape(title)}</description>"
        f"<pubDate>{datetime.fromtimestamp(xf.NOW, UTC):%a, %d %b %Y %H:%M:%S} +0000</pubDate>"
        f"<generator>{xf.SITE}</generator><link>{req.base_url}/</link>{items}</channel></rss>"
    )


def static_page(f: XenforoForum, req: SiteRequest) -> Reply:
    path = f.strip_session(req.target)
    users = sorted(f.users.values(), key=lambda u: -u.messages)
    member_list = "".join(
        f'<li class="block-row"><div class="contentRow"><div class="contentRow-figure">{avatar(u, "s")}'
        f'</div><div class="contentRow-main"><h3 class="contentRow-header">{user_link(u)}</h3>'
        f'<div class="contentRow-minor">{u.title} &middot; Messages: {u.messages:,}</div></div></div></li>'
        for u in users
    )
    pages: dict[str, tuple[str, str, str]] = {
        "/members/": ("Notable members", "member_notable", f'<ol class="listPlain">{member_list}</ol>'),
        "/members/list/": ("Registered members", "member_list", f'<ol class="listPlain">{member_list}</ol>'),
        "/online/": ("Current visitors", "online_list", f'<ol class="listPlain">{member_list[:2000]}</ol>'),
        "/login/": (
            "Log in",
            "login",
            '<form action="/login/login" method="post"><input name="login" />'
            '<a href="/lost-password/">Forgot your password?</a></form>',
        ),
        "/register/": (
            "Register",
            "register_form",
            '<form action="/register/register" method="post">'
            '<input name="username" /><a href="/help/terms/">terms and rules</a></form>',
        ),
        "/lost-password/": ("Lost password", "lost_password", '<form method="post"><input name="email" /></form>'),
        "/whats-new/": (
            "What's new",
            "whats_new",
            '<a href="/whats-new/posts/">New posts</a> <a href="/whats-new/profile-posts/">New profile posts</a>',
        ),
        "/whats-new/profile-posts/": (
            "New profile posts",
            "whats_new_profile_posts",
            '<div class="block-row">No results found.</div>',
        ),
        "/help/": (
            "Help",
            "help_index",
            '<a href="/help/terms/">Terms and rules</a> <a href="/help/'
            'privacy-policy/">Privacy policy</a> <a href="/help/cookies/">Cookie usage</a>',
        ),
        "/help/terms/": ("Terms and rules", "help_page", "<p>Be excellent to each other.</p>"),
        "/help/privacy-policy/": ("Privacy policy", "help_page", "<p>We keep as little as we can.</p>"),
        "/help/cookies/": ("Cookie usage", "help_page", "<p>This site uses cookies.</p>"),
        "/misc/contact": (
            "Contact us",
            "contact_form",
            '<form method="post"><textarea name="message"></textarea></form>',
        ),
        "/account/dismiss-notice": (
            "Dismiss notice",
            "account_dismiss_notice",
            "<p>The notice has been dismissed.</p>",
        ),
    }
    if path.startswith("/search/"):
        title, template, content = (
            "Search",
            "search_form",
            (
                '<form action="/search/search" method="post"><input type="search" name="keywords" /></form>'
                if "user_id" not in path
                else '<div class="block-row">No results found.</div>'
            ),
        )
    else:
        title, template, content = pages[path]
    return simple(f, req, title, content, template)
