"""NodeBB 3.x fixture forum in the default Harmony theme (English, UTF-8), as a guest without JavaScript sees the
server-rendered pages. Links are root-relative; the left sidebar's have ``/`` escaped as ``&#x2F;``.

Chrome: ``nav[component="sidebar/left"]`` with ``ul#main-nav`` (Categories ``/categories``, Recent ``/recent``,
Tags ``/tags``, Popular ``/popular``, Users ``/users``, Groups ``/groups``), the brand bar (logo and site title
linking ``/``), ``nav[component="sidebar/right"]`` (Search ``/search``, Register ``/register``, Login ``/login``),
``nav.breadcrumbs > ol.breadcrumb`` (Home ``/`` › parent category › category › current item, the current one
``li[component="breadcrumb/current"]`` without a link), the 'Powered by NodeBB' footer, a ``<noscript>`` alert.

Categories page ``/`` or ``/categories``: ``ul.categories-list`` of top-level ``li[component="categories/category"]``
(``data-cid``) with the icon, ``h2.title > a`` ``/category/{cid}/{slug}``, ``div.description``, topic and post
counts (``span.human-readable-number`` with the exact count in ``title``: '1.2k'), the children inside their
parent's row as ``ul.category-children > li.category-children-item > a`` (not as rows of their own), and the
``lastpost`` teaser of the newest post of the category or its children: the poster's avatar ``/user/{userslug}``,
``a.permalink.timeago`` (empty, ISO in ``title``) and a ``stretched-link``, both to ``/topic/{tid}/{slug}/{n}``
(``n`` the 1-based post index, none for a first post), and the post's text without tags. 'NodeBB Development' is
a parent that holds topics of its own *and* the child 'Plugin Development'.

Category pages ``/category/{cid}/{slug}``, later pages ``?page=N`` (20 topics a page): the category header (``h1``,
counts, RSS ``/category/{cid}.rss``, description), on the parent a 'Subcategories' ``ul.categories-list`` of the
child, 'Log in to post' ``/login``, then ``ul[component="category"].topics-list`` of
``li[component="category/topic"]`` (``data-tid``, ``data-index`` 0-based across the whole category, classes
``pinned``/``locked``): the starter's avatar link ``/user/{slug}``, ``h3[component="topic/header"] > a``
``/topic/{tid}/{slug}``, labels ``span[component="topic/pinned"]`` (``i.fa-thumbtack``) and ``topic/locked``
(``i.fa-lock``, ``hidden`` when not set), tag links ``/tags/{tag}``, the creation ``span.timeago``, votes, posts
and views (``span.human-readable-number``, exact in ``title``) and the teaser (last poster ``/user/…``,
``a.permalink.timeago`` and a stretched link ``/topic/{tid}/{slug}/{postcount}``, the last post's text; 'No
replies' for one-post topics). Pinned topics come first (they count in the 20 of a page), then by the last
post's time, newest first. ``partials/paginator.tpl``: ``nav[component="pagination"] > ul.pagination`` with
query-only links ``?page=N``; the previous/next chevrons (``rel="prev"``/``rel="next"``, ``disabled`` but still
linked on the first/last page), the current page an ``a`` *without* ``href`` (``aria-current="page"``), a mobile
``ul.pagination`` repeating the chevrons; ``<link rel="prev|next">`` in the head. No paginator on one-page lists.

Topic pages ``/topic/{tid}/{slug}``, later pages ``?page=N`` (20 posts a page, the first post counts):
``h1[component="post/header"] > span[component="topic/title"]``, labels, the category label, ``topic/tags``
(``/tags/{tag}``), ``topic/stats`` (posters, posts, views, followers), RSS ``/topic/{tid}.rss``, a hidden Reply
``/compose?tid={tid}``, 'Log in to reply' ``/login``; ``ul[component="topic"].posts`` of ``li[component="post"]``
(``data-index`` 0-based across the topic, ``data-pid``, ``data-uid``, ``data-username``, ``itemscope
itemtype="http://schema.org/Comment"``, class ``topic-owner-post`` for the starter's posts): the avatar link (an
``img`` or a letter ``span.avatar``), ``a[itemprop="author"]`` ``/user/{slug}`` with the username, an 'Admin'
group badge ``/groups/administrators``, ``a.permalink`` ``/post/{pid}`` holding the empty ``span.timeago`` (ISO
``title``), for edited posts ``i[component="post/edit-indicator"]`` and a visually hidden ``span[component=
"post/editor"]`` 'last edited by X' with a second ``span.timeago``, for replies ``a[component="post/parent"]``
``/post/{pid}`` '@user', ``div[component="post/content"]`` (markdown HTML: ``p``, ``strong``, ``em``, ``code``,
``pre > code.language-…``, ``ul``/``ol``, links ``rel="nofollow ugc"``, mentions ``a.plugin-mentions-user``
to the absolute ``{base}/uid/{uid}``, uploaded ``img.img-markdown``, emoji ``img.emoji``, quotes as a paragraph
'@user said in <a href="/post/{pid}">Title</a>:' followed by a ``blockquote``), then ``div[component=
"post/footer"]`` with ``div[component="post/signature"]``, the 'N Replies' toggle (``href="#"``, avatars
``/user/…`` and 'Last reply' ``span.timeago``), and ``href="#"`` reply/quote/vote/tools buttons. Pinned and locked
topics carry ``li[component="topic/event"]`` timeline entries ('X pinned this topic', ``/user/…``, a timeago)
after the first post. After the paginator, every page of a topic has 'Suggested Topics': a ``ul.topics-list`` of
up to five other topics of the category (the first of its listing) in the category row markup
(``li[component="category/topic"]``, with teasers).

URLs and redirects (``308`` when NodeBB fixes a slug, ``307`` for ``helpers.redirect``, ``302`` to ``/login``):
``/topic/{tid}`` or a wrong slug: 308 to ``/topic/{tid}/{slug}`` (post index and query kept);
``/topic/{tid}/{slug}/{n}`` (n the 1-based post index) is *served* (200) as the page holding post n, an alias of
that page (``?page=`` wins over ``n``), ``n`` beyond the post count: 308 to ``…/{postcount}``, ``n`` < 1: 308 to
the topic; ``/category/{cid}`` or a wrong slug: 308 to ``/category/{cid}/{slug}``; ``/category/{cid}/{slug}/{n}``
serves the page holding the n-th topic; ``?page=1`` and unknown extra parameters serve the same page; ``?page=``
not a number is page 1; ``?page=0`` or beyond the last page is a 404. Redirecting URLs have the kind and canonical
target of the page they lead to. ``/post/{pid}``: 307 to ``/topic/{tid}/{slug}/{index+1}`` (noise).

Noise (kind ``noise``, no canonical target): ``/post/{pid}``; ``/uid/{uid}`` (307 to ``/user/{slug}``);
``/recent`` and ``/popular`` (``?term=daily|weekly|monthly|alltime``) and ``/tags/{tag}``: paginated
(``?page=N``) topic lists in the category markup with category labels; ``/tags`` (tag cloud); ``/user/{slug}`` and
``/user/{slug}/{posts|topics|followers|following|best|groups}`` (posts in ``partials/posts_list.tpl``:
``li[component="post"]`` with the full ``div[component="post/content"]``, paginated); ``/users`` (any
``?section=``); ``/groups``, ``/groups/{slug}``; ``/search`` and ``/search?term=…`` (posts list, paginated);
``/login``, ``/register``, ``/reset``; ``/unread``, ``/compose?…``, ``/notifications``, ``/chats``: 302 to
``/login``; RSS ``/category/{cid}.rss``, ``/topic/{tid}.rss``, ``/recent.rss``, ``/popular.rss``,
``/tags/{tag}.rss``. Unknown paths, ids, users, tags or pages out of range: a 404 page, kind ``other``; so are
``robots.txt`` and static files (``/assets/…``).

Sizes: 7 categories at every size (6 top-level, 'Plugin Development' the child of 'NodeBB Development', which has
topics too). At ``size`` 1 about 150 topics and 2,500 posts: topics of one post, topics of 2 to 5 pages,
'Technical Support' 4 pages, 'General Discussion' 3 pages; at 0.3 the same categories with about 30% of the
topics (every category one page). tids are 4-5 digits, pids 5-6 digits, both in order of creation. The clock is
:data:`~topiccrawl.demo.forum_nodebb_pages.NOW`; templates are in :mod:`topiccrawl.demo.forum_nodebb_pages`.

Truth: ``thread_id`` the tid; ``thread_title`` the ``topic/title`` text; ``board`` the category's name;
``post_id`` the pid (``data-pid``); ``position`` ``data-index`` + 1; ``author`` the username; ``time`` the
``title`` of the post's own ``a.permalink > span.timeago`` ('2025-03-14T21:07:11.123Z'); ``text`` the text nodes
of ``div[component="post/content"]`` outside any ``blockquote``, each whitespace-normalised, joined with single
spaces (so '`x`.' gives 'x .'), then whitespace-normalised: paragraphs, the '@user said in Title:' line of a
quote, list items, code, link and mention texts; images (uploads, emoji) add nothing; edit notes and signatures
are outside the content. Canonical targets: ``/categories`` (also for ``/``), ``/category/{cid}/{slug}``,
``/category/{cid}/{slug}?page=P``, ``/topic/{tid}/{slug}``, ``/topic/{tid}/{slug}?page=P`` (P > 1).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from urllib.parse import parse_qs, quote, unquote, urlsplit

from topiccrawl.demo.forum_nodebb_pages import (
    GROUPS,
    NOW,
    POSTS_PER_PAGE,
    SITE,
    TOPICS_PER_PAGE,
    Ctx,
    NodebbPages,
    esc,
    iso,
    user_path,
)
from topiccrawl.demo.forum_truth import PageKind, RoutedTruth, TruthPost
from topiccrawl.demo.server import Reply, SiteRequest, html, redirect
from topiccrawl.textutil import normalize_space

# fmt: off
# cid, name, description, parent cid, weight (topics at size 1), topic key, icon, colour
_CATEGORIES = [
    (1, "Announcements", "Announcements regarding our community", 0, 5, "ann", "fa-bullhorn", "#fda34b"),
    (2, "General Discussion", "A place to talk about whatever you want", 0, 43, "general", "fa-comments-o",
     "#59b3d0"),
    (3, "Bug Reports", "Found a bug? Tell us how to reproduce it, with your NodeBB version.", 0, 14, "bugs", "fa-bug",
     "#e95c5a"),
    (4, "Technical Support", "Need help with installing or configuring NodeBB? Look here.", 0, 62, "support",
     "fa-question", "#86ba4b"),
    (5, "NodeBB Development", "Bugs, feature requests and talk about the core.", 0, 8, "dev", "fa-code", "#ab4642"),
    (6, "Plugin Development", "Writing plugins and widgets: hooks, the API and packaging.", 5, 12, "plugins",
     "fa-plug", "#7a4ba5"),
    (7, "Themes", "Skins, custom themes and CSS tweaks for Harmony and Persona.", 0, 8, "themes",
     "fa-paint-brush", "#4b8bba"),
]
_NAMES = [
    "admin", "mod_karen", "Dan Wilson", "pitaya", "nodeling", "redis_rob", "mongomary", "Jürgen", "css_wizard",
    "harmony_fan", "sam_deploys", "pluginpete", "yarnball", "quietlurker", "ops-olga", "TheRealTom", "vps_vince",
    "emoji_emma", "nginx_nick", "selfhost_sue", "bench_ben", "webhookwill", "postgres_pia", "Laura K", "devdaria",
    "oldschool_otto", "kat_codes", "mi_chen",
]
_SIGNATURES = [
    '<p>Running NodeBB on a $5 VPS since 2016 &#8212; <a href="https://example.com/blog" rel="nofollow ugc">'
    "my blog</a></p>",
    "<p><em>Please search before posting.</em></p>",
    "<p>Plugins: nodebb-plugin-calendar, nodebb-plugin-custom-pages</p>",
]
_SLOTS = {
    "plugin": ["nodebb-plugin-markdown", "nodebb-plugin-mentions", "nodebb-plugin-emoji", "nodebb-plugin-composer-"
               "default", "nodebb-plugin-dbsearch", "nodebb-plugin-sso-oauth2", "nodebb-plugin-s3-uploads",
               "nodebb-plugin-calendar", "nodebb-plugin-question-and-answer", "nodebb-widget-essentials"],
    "ver": ["3.8.4", "3.9.1", "3.10.2", "3.11.0", "3.12.1", "3.12.3", "3.7.5"],
    "db": ["MongoDB 7", "Redis 7.2", "PostgreSQL 16", "MongoDB 6"],
    "node": ["Node 18", "Node 20", "Node 22"],
    "os": ["Ubuntu 22.04", "Debian 12", "Docker", "AlmaLinux 9", "a Raspberry Pi"],
    "theme": ["Harmony", "Persona", "Lavender", "a custom child theme", "Peace"],
    "hook": ["filter:post.create", "action:topic.save", "filter:parse.post", "static:app.load",
             "filter:topic.build", "filter:category.build", "action:user.loggedIn"],
    "proxy": ["nginx", "Apache", "Caddy", "Traefik", "Cloudflare"],
}
_SUBJECTS = {
    "ann": ["NodeBB {ver} released", "Community guidelines: please read before posting", "Scheduled maintenance this "
            "weekend", "Welcome to the new forum theme", "Security advisory for versions before {ver}"],
    "general": ["What are you building with NodeBB?", "Show off your forum", "NodeBB vs Discourse in 2025",
                "How many users does your forum have?", "Moving from phpBB to NodeBB", "Favourite plugins?",
                "Is NodeBB a good fit for a small company?", "Hosting costs for a forum of {n}k users",
                "Running NodeBB on {os}", "Migrating 10 years of posts", "Dark mode for {theme}?",
                "Ideas for engaging a quiet community", "Best practices for moderation teams",
                "Anyone using {db} in production?", "What do you miss from the old Persona theme?"],
    "bugs": ["Upload fails with 413 behind {proxy}", "{plugin} breaks after upgrading to {ver}",
             "Notifications not marked as read", "Crash on build with {node}", "Search returns nothing with {db}",
             "Timestamps show the wrong timezone", "Emoji picker missing in the composer", "Chat messages duplicated",
             "Sorting by votes ignores pinned topics", "Memory leak in {ver}?"],
    "support": ["Can't log in after upgrade to {ver}", "Websockets failing behind {proxy}", "How to move from {db} to "
                "{db2}?", "./nodebb build runs out of memory", "Setting up email with SMTP", "{plugin} not showing up "
                "in ACP", "Installing on {os}", "Invalid CSRF token on login", "Slow page loads with {db}",
                "How do I change the default theme?", "Redirect loop after enabling SSL", "Restore from backup",
                "{node} not supported?", "Can't upload images larger than 1MB", "Email confirmation never arrives",
                "How to set up SSO with {plugin}", "Cluster setup with two instances", "Custom homepage route",
                "ACP shows the wrong version", "Uploads disappear after restart in {os}"],
    "dev": ["Proposal: better hooks for the composer", "Roadmap for {ver}", "Why does the API return 403 here?",
            "Deprecating the old socket.io methods", "TypeScript in core?", "Writing tests for core changes"],
    "plugins": ["How to register a route in a plugin", "Using {hook} to modify posts", "Plugin settings page not "
                "saving", "Publishing my first plugin to npm", "[Release] {plugin} fork with extra options",
                "Accessing the database from a plugin", "Widgets not rendering in {theme}", "Which hook fires on "
                "post edit?", "Client-side scripts in a plugin"],
    "themes": ["Custom header in {theme}", "Child theme of {theme}: templates not picked up", "Share your custom CSS",
               "Changing the font in {theme}", "Skin switcher missing", "How to hide the sidebar for guests?"],
}
_LINES = {
    "ann": ["This release contains a number of bug fixes and performance improvements.",
            "Please upgrade as soon as possible, especially if your forum is public.",
            "The full changelog is available on GitHub.", "Thanks to everyone who reported issues during the beta.",
            "As always, make a backup of your database before upgrading."],
    "general": ["We run a small community of about {n}00 members on {os}.", "I switched from another forum software "
                "last year and never looked back.", "The real-time updates are what sold it for me.",
                "Our users love the chat feature.", "Moderation got a lot easier with the post queue.",
                "I think the {theme} theme looks great on mobile.", "Hosting is cheap as long as you tune {db}."],
    "bugs": ["Steps to reproduce: open a topic, reply, then refresh the page.", "This started right after upgrading "
             "to {ver}.", "Running {node} with {db} on {os}.", "The browser console shows a 500 on the socket call.",
             "I can reproduce it on a clean install with no plugins.", "Disabling {plugin} makes it go away.",
             "Here is the stack trace from the log."],
    "support": ["I followed the installation docs but it fails at the setup step.", "My setup is {os} with {db} "
                "and {node}.", "The site loads but websockets keep reconnecting.", "Check your {proxy} config, it "
                "needs the upgrade headers.", "Did you run `./nodebb build` after changing it?", "Make sure the url "
                "in config.json matches the address you use.", "Try `./nodebb reset -p {plugin}` to disable it.",
                "The logs are in `logs/output.log`.", "Restart NodeBB after changing that setting."],
    "dev": ["The current hook only passes the post data, not the caller.", "I opened a pull request for this.",
            "That would break backwards compatibility for plugins.", "We could add a new filter hook instead.",
            "Tests pass locally but fail on CI with {db}."],
    "plugins": ["Register the hook in plugin.json and export the method from library.js.", "Use {hook} for that, "
                "it runs before the post is saved.", "Remember to activate the plugin and rebuild.",
                "The settings module stores everything under one hash.", "You can use the meta.settings helpers.",
                "My plugin works in development but not after `./nodebb build`."],
    "themes": ["Put the overrides in the custom CSS box in the ACP.", "The templates in your child theme need the "
               "same path as in {theme}.", "Clear the cache and rebuild, the old CSS is still served.",
               "Bootstrap 5 variables make this a lot easier.", "I changed the font with two lines of SCSS."],
}
_GENERIC = [
    "Thanks for the detailed explanation.", "Same problem here on {ver}.", "Which version are you on?",
    "Could you post the full error from the log?", "That fixed it for me, thanks!", "Good question, I was wondering "
    "that too.", "I would open an issue on GitHub for this.", "It works on my install, so it might be a plugin.",
    "Have you tried clearing the browser cache?", "This is **really** helpful, bookmarked.", "Run `./nodebb upgrade` "
    "and try again.", "Not sure, but I think it changed in {ver}.", "It depends on how many users you expect.",
]
_SHORT = ["+1", "Thanks!", "Same here.", "Bump", "Solved, thanks!", "Great work!", "Following.", "Nice :)",
          "Thank you!", "Confirmed on {ver}.", "Any update?"]
_CODE = [
    ("bash", ["./nodebb stop", "git fetch && git checkout v3.x", "./nodebb upgrade", "./nodebb start"]),
    ("json", ["{", '    "url": "https://forum.example.com",', '    "secret": "…",', '    "database": "mongo",',
              '    "port": 4567', "}"]),
    ("nginx", ["location / {", "    proxy_set_header Upgrade $http_upgrade;", '    proxy_set_header Connection '
               '"upgrade";', "    proxy_pass http://127.0.0.1:4567;", "}"]),
    ("javascript", ["plugin.filterPostCreate = async (hookData) => {", "    hookData.post.content += '\\n';",
                    "    return hookData;", "};"]),
    ("text", ["Error: listen EADDRINUSE: address already in use :::4567", "    at Server.setupListenHandle"]),
]
_LISTS = [["Stop NodeBB", "Back up the database", "Upgrade", "Rebuild and restart"],
          ["nodebb-plugin-calendar", "nodebb-plugin-custom-pages", "nodebb-widget-essentials"],
          ["Clear the cache", "Disable all plugins", "Enable them one by one"]]
_LINKS = [("https://docs.nodebb.org/configuring/proxies/nginx/", "the nginx guide"),
          ("https://docs.nodebb.org/development/plugins/", "the plugin docs"),
          ("https://github.com/NodeBB/NodeBB/issues", "the issue tracker")]
_TAGS = {"ann": ["release", "announcement"], "general": ["showcase", "hosting", "community"],
         "bugs": ["bug", "upgrade", "uploads"], "support": ["installation", "nginx", "mongodb", "redis", "upgrade"],
         "dev": ["core", "api"], "plugins": ["plugin", "hooks", "api"], "themes": ["harmony", "css", "theme"]}
_EMOJI = [("1f642", "🙂", ":)"), ("1f44d", "👍", ":+1:"), ("1f604", "😄", ":D")]
# fmt: on


@dataclass(eq=False)
class User:
    uid: int
    name: str
    slug: str
    admin: bool = False
    picture: str = ""
    color: str = "#e65100"
    signature: str = ""
    joined: datetime = NOW


@dataclass(eq=False)
class Post:
    pid: int
    topic: Topic
    index: int  # 0-based across the topic
    uid: int
    when: datetime
    pieces: list[str]  # the text nodes of the content outside blockquotes
    body: str  # the content HTML (``%BASE%`` stands for the forum's URL)
    teaser: str = ""
    votes: int = 0
    edited: tuple[datetime, int] | None = None
    reply_to: Post | None = None
    replies: list[Post] = field(default_factory=list)

    @property
    def text(self) -> str:
        return normalize_space(" ".join(normalize_space(p) for p in self.pieces))


@dataclass(eq=False)
class Topic:
    tid: int
    category: Category
    title: str
    slug: str  # "{tid}/{slugified title}", as NodeBB stores it
    pinned: bool
    locked: bool
    views: int
    followers: int
    tags: list[str]
    posts: list[Post] = field(default_factory=list)
    events: list[tuple[str, datetime, int]] = field(default_factory=list)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.posts) // POSTS_PER_PAGE))

    @property
    def votes(self) -> int:
        return self.posts[0].votes


@dataclass(eq=False)
class Category:
    cid: int
    name: str
    slug: str  # "{cid}/{slugified name}"
    description: str
    parent: Category | None
    key: str
    icon: str
    bg: str
    topics: list[Topic] = field(default_factory=list)
    children: list[Category] = field(default_factory=list)

    def family(self) -> list[Topic]:
        return [*self.topics, *(t for c in self.children for t in c.family())]

    @property
    def total_topics(self) -> int:
        return len(self.family())

    @property
    def total_posts(self) -> int:
        return sum(len(t.posts) for t in self.family())

    def last_post(self) -> Post | None:
        return max((t.posts[-1] for t in self.family()), key=lambda p: p.when, default=None)

    def listing(self) -> list[Topic]:
        ordered = sorted(self.topics, key=lambda t: (t.posts[-1].when, t.tid), reverse=True)
        return [t for t in ordered if t.pinned] + [t for t in ordered if not t.pinned]

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.topics) // TOPICS_PER_PAGE))


def slugify(text: str) -> str:
    """``utils.slugify``: letters (any script), digits, spaces and hyphens kept; spaces to hyphens; lowercase."""
    text = re.sub(r"[^\w\s-]|_", "", text.strip()).lower()
    return re.sub(r"-+", "-", re.sub(r"\s+", "-", text)).strip("-")


def _fill(rng: random.Random, text: str) -> str:
    for key, pool in _SLOTS.items():
        while "{" + key + "}" in text:
            text = text.replace("{" + key + "}", rng.choice(pool), 1)
        used = [x for x in pool if x in text]
        text = text.replace("{" + key + "2}", rng.choice([x for x in pool if x not in used]))
    return text.replace("{n}", str(rng.choice([2, 5, 12, 40])))


def _inline(text: str) -> tuple[list[str], str]:
    """A sentence with ``**bold**`` and ```code``` marks as (text nodes, HTML)."""
    nodes = [s for s in re.split(r"\*\*(.+?)\*\*|`(.+?)`", text) if s]
    markup = esc(text).replace("&#x27;", "'")
    markup = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", markup)
    markup = re.sub(r"`(.+?)`", r"<code>\1</code>", markup)
    return nodes, markup


def _message(rng: random.Random, key: str, kind: str, mention: User | None) -> tuple[list[str], list[str]]:
    """A post's own content as (text nodes, HTML blocks). ``kind``: short, normal, opening or long."""
    if kind == "short":
        text = _fill(rng, rng.choice(_SHORT))
        if text == "Nice :)":
            code, char, alt = _EMOJI[0]
            return ["Nice"], [
                f'<p>Nice <img src="/assets/plugins/nodebb-plugin-emoji/emoji/android/{code}.png?v='
                f'u8ahcjgv3mn" class="not-responsive emoji emoji-android emoji--slightly_smiling_face" '
                f'style="height:23px;width:auto;vertical-align:middle" title="{alt}" alt="{char}" /></p>'
            ]
        return [text], [f"<p>{esc(text)}</p>"]
    nodes: list[str] = []
    blocks: list[str] = []
    pool = _LINES[key] + ([] if kind == "opening" else _GENERIC)
    paragraphs = rng.randint(2, 4) if kind == "long" else rng.randint(1, 2)
    for p in range(paragraphs):
        parts = [_inline(_fill(rng, rng.choice(pool))) for _ in range(rng.randint(1, 3))]
        line = " ".join(m for _, m in parts)
        words = [w for n, _ in parts for w in n]
        if p == 0 and mention is not None:
            line = (
                f'<a class="plugin-mentions-user plugin-mentions-a" href="%BASE%/uid/{mention.uid}" '
                f'aria-label="Profile: {esc(mention.name)}">@<bdi>{esc(mention.name)}</bdi></a> {line}'
            )
            words = ["@", mention.name, *words]
        if rng.random() < 0.05:
            code, char, alt = rng.choice(_EMOJI)
            line += (
                f' <img src="/assets/plugins/nodebb-plugin-emoji/emoji/android/{code}.png?v=u8ahcjgv3mn" '
                f'class="not-responsive emoji emoji-android" style="height:23px;width:auto;vertical-align:middle"'
                f' title="{alt}" alt="{char}" />'
            )
        nodes += words
        blocks.append(f"<p>{line}</p>")
        if kind == "long" and p == 0 and rng.random() < 0.5:
            items = rng.choice(_LISTS)
            tag = rng.choice(["ul", "ol"])
            nodes += items
            blocks.append(f"<{tag}>\n" + "\n".join(f"<li>{esc(i)}</li>" for i in items) + f"\n</{tag}>")
        if kind == "long" and p == paragraphs - 2 and rng.random() < 0.6:
            lang, code = rng.choice(_CODE)
            nodes.append("\n".join(code))
            blocks.append(f'<pre><code class="language-{lang}">' + esc("\n".join(code)).replace("&#x27;", "'")
                          + "\n</code></pre>")  # fmt: skip
    if rng.random() < 0.06:
        stamp = 1700000000000 + rng.randrange(10**10)
        blocks.append(f'<p><img src="/assets/uploads/files/{stamp}-screenshot.png" alt="screenshot.png" '
                      'class="img-fluid img-markdown" /></p>')  # fmt: skip
    if rng.random() < 0.07:
        url, label = rng.choice(_LINKS)
        nodes += ["See", label, "for the details."]
        blocks.append(f'<p>See <a href="{url}" rel="nofollow ugc">{label}</a> for the details.</p>')
    return nodes, blocks


class NodebbData:
    """Users, categories, topics and posts, from a seeded RNG."""

    def __init__(self, seed: int, size: float) -> None:  # noqa: PLR0912, PLR0915
        rng = random.Random(seed)
        self.categories: dict[int, Category] = {}
        for cid, name, desc, parent, _, key, icon, bg in _CATEGORIES:
            c = Category(cid, name, f"{cid}/{slugify(name)}", desc, self.categories.get(parent), key, icon, bg)
            self.categories[cid] = c
            if c.parent is not None:
                c.parent.children.append(c)
        uids = [1, *sorted(rng.sample(range(2, 4800), len(_NAMES) - 1))]
        self.users = {uid: User(uid, name, slugify(name)) for uid, name in zip(uids, _NAMES, strict=True)}
        self.by_slug = {u.slug: u for u in self.users.values()}
        colors = ["#e65100", "#1b5e20", "#3f51b5", "#9c27b0", "#607d8b", "#f44336", "#009688"]
        for i, u in enumerate(self.users.values()):
            u.admin = u.uid == 1
            u.color = colors[i % len(colors)]
            u.picture = f"/assets/uploads/profile/uid-{u.uid}/{u.uid}-profileavatar.png" if i % 3 != 1 else ""
            u.signature = _SIGNATURES[i % len(_SIGNATURES)] if i % 5 == 2 else ""
        mods = uids[:2]
        protos: list[tuple[Category, bool, list[datetime], list[int]]] = []
        for cid, _, _, _, weight, key, _, _ in _CATEGORIES:
            c = self.categories[cid]
            n = max(3, round(weight * size))
            for t in range(n):
                if key == "support" and t == 1:
                    length = rng.randint(84, 98)  # five pages
                elif key in {"general", "plugins"} and t == 2:
                    length = rng.randint(61, 78)  # four pages
                elif key == "bugs" and t == 1:
                    length = rng.randint(44, 58)  # three pages
                elif t == 0:
                    length = 1
                else:
                    lo, hi = rng.choices([(1, 1), (2, 6), (7, 14), (15, 20), (21, 36), (41, 58)],
                                         [7, 20, 28, 15, 18, 9])[0]  # fmt: skip
                    length = rng.randint(lo, hi)
                mean = rng.choice([30 * 60, 4 * 3600, 20 * 3600, 2 * 86400])
                gaps = [45 + int(rng.expovariate(1 / mean)) for _ in range(length - 1)]
                end_ago = rng.randint(10 * 60, 30 * 3600) if rng.random() < 0.25 else rng.randint(2, 600) * 86400
                start = NOW - timedelta(seconds=end_ago + sum(gaps), milliseconds=rng.randrange(1000))
                times = [start]
                for gap in gaps:
                    times.append(times[-1] + timedelta(seconds=gap, milliseconds=rng.randrange(-400, 400)))
                starter = rng.choice(mods) if key == "ann" else rng.choice(uids[2:])
                authors = [starter] + [starter if rng.random() < 0.15 else rng.choice(uids) for _ in gaps]
                pinned = (key == "ann" and t < 2) or (key == "support" and t == 3)
                protos.append((c, pinned, times, authors))
        protos.sort(key=lambda p: p[2][0])
        self.topics: dict[int, Topic] = {}
        titles: set[str] = set()
        tid = 8000 + rng.randint(0, 900)
        pending: list[tuple[datetime, Topic, int, int]] = []
        for c, pinned, times, authors in protos:
            tid += rng.randint(3, 40)
            title = ""
            while not title or title in titles:
                title = _fill(rng, rng.choice(_SUBJECTS[c.key]))
                if title in titles and rng.random() < 0.3:
                    title += f" ({rng.choice(['again', 'help', 'solved', 'v2'])})"
            titles.add(title)
            locked = (c.key == "ann" and len(times) == 1) or rng.random() < 0.04
            tags = sorted(set(rng.sample(_TAGS[c.key], min(len(_TAGS[c.key]), rng.randint(0, 2)))))
            views = len(times) * rng.randint(20, 120) + rng.randint(15, 1400)
            t = Topic(tid, c, title, f"{tid}/{slugify(title)}", pinned, locked, views, rng.randint(1, 9), tags)
            if pinned:
                t.events.append(("pin", times[0] + timedelta(minutes=rng.randint(1, 50)), mods[0]))
            if locked and len(times) > 1:
                t.events.append(("lock", times[-1] + timedelta(minutes=rng.randint(5, 90)), mods[1]))
            self.topics[tid] = t
            c.topics.append(t)
            pending += [(w, t, i, authors[i]) for i, w in enumerate(times)]
        pid = 93000 + rng.randint(0, 2000)
        for when, t, i, uid in sorted(pending, key=lambda x: (x[0], x[1].tid, x[2])):
            pid += rng.randint(1, 7)
            if i == 0:
                kind = "long" if rng.random() < 0.5 else "opening"
            else:
                kind = rng.choices(["short", "normal", "long"], [16, 64, 20])[0]
            others = [p for p in t.posts if p.uid != uid]
            mention = self.users[rng.choice(others).uid] if others and rng.random() < 0.06 else None
            nodes, blocks = _message(rng, t.category.key, kind, mention)
            post = Post(pid, t, i, uid, when, nodes, "", votes=rng.choice([0, 0, 0, 1, 1, 2, 3, 5, 12]))
            quote_of = None
            if i and kind != "short" and rng.random() < 0.12:
                quote_of = t.posts[-1] if rng.random() < 0.7 else rng.choice(t.posts)
                qu = self.users[quote_of.uid]
                first = quote_of.body.split("</p>", 1)[0]
                quoted = (first[first.index("<p>") :] + "</p>") if "<p>" in first else "<p>…</p>"
                post.pieces = ["@", qu.name, "said in", t.title, ":", *nodes]
                blocks = [
                    f'<p><a class="plugin-mentions-user plugin-mentions-a" href="%BASE%/uid/{qu.uid}" aria-label="'
                    f'Profile: {esc(qu.name)}">@<bdi>{esc(qu.name)}</bdi></a> said in <a href="/post/{quote_of.pid}">'
                    f"{esc(t.title)}</a>:</p>",
                    f"<blockquote>\n{quoted}\n</blockquote>",
                    *blocks,
                ]
                post.reply_to = quote_of
                quote_of.replies.append(post)
            post.body = "\n".join(blocks)
            post.teaser = post.text
            if when < NOW - timedelta(hours=3) and rng.random() < 0.07:
                edit = min(NOW - timedelta(minutes=2), when + timedelta(seconds=rng.randint(60, 2 * 86400)))
                post.edited = (edit, mods[1] if rng.random() < 0.2 else uid)
            t.posts.append(post)
        self.posts = {p.pid: p for t in self.topics.values() for p in t.posts}
        for u in self.users.values():
            mine = [p.when for p in self.posts.values() if p.uid == u.uid]
            u.joined = min(mine, default=NOW - timedelta(days=400)) - timedelta(days=rng.randint(1, 900))

    # -- queries ----------------------------------------------------------------------------------
    def ordered(self) -> list[Category]:
        out: list[Category] = []
        for c in self.categories.values():
            if c.parent is None:
                out += [c, *c.children]
        return out

    def recent(self) -> list[Topic]:
        return sorted(self.topics.values(), key=lambda t: (t.posts[-1].when, t.tid), reverse=True)

    def popular(self) -> list[Topic]:
        return sorted(self.topics.values(), key=lambda t: (len(t.posts), t.views, t.tid), reverse=True)

    def tags(self) -> dict[str, list[Topic]]:
        out: dict[str, list[Topic]] = {}
        for t in self.recent():
            for tag in t.tags:
                out.setdefault(tag, []).append(t)
        return dict(sorted(out.items()))

    def suggested(self, t: Topic) -> list[Topic]:
        same = [x for x in t.category.listing() if x is not t]
        return same[:5]


@dataclass
class Route:
    kind: PageKind
    canonical: str | None
    render: Callable[[Ctx], str | Reply | None]


def _int(text: str | None) -> int | None:
    return int(text) if text is not None and re.fullmatch(r"\d+", text) else None


def _pages(n: int, per: int = TOPICS_PER_PAGE) -> int:
    return max(1, -(-n // per))


class NodebbForum(NodebbPages, RoutedTruth):
    """NodeBB 3.x, Harmony: ``/category/4/technical-support?page=2``, ``/topic/9123/some-title?page=3``."""

    name = "nodebb"

    def __init__(self, size: float = 1.0, *, seed: int = 11) -> None:
        self.charset = "utf-8"
        self.seed = seed
        self.data = NodebbData(seed, size)

    # -- truth ------------------------------------------------------------------------------------
    def start_target(self) -> str:
        return "/"

    def board_target(self, c: Category, page: int = 1) -> str:
        return f"/category/{c.slug}" + (f"?page={page}" if page > 1 else "")

    def thread_target(self, t: Topic, page: int = 1) -> str:
        return f"/topic/{t.slug}" + (f"?page={page}" if page > 1 else "")

    def thread_targets(self) -> frozenset[str]:
        return frozenset(self.thread_target(t, p) for t in self.data.topics.values() for p in range(1, t.pages + 1))

    def index_targets(self) -> frozenset[str]:
        boards = self.data.ordered()
        return frozenset(["/categories", *(self.board_target(c, p) for c in boards for p in range(1, c.pages + 1))])

    def posts(self) -> list[TruthPost]:
        out = []
        for c in self.data.ordered():
            for t in c.listing():
                for p in t.posts:
                    page = p.index // POSTS_PER_PAGE + 1
                    out.append(TruthPost(str(t.tid), t.title, c.name, page, p.index + 1, str(p.pid),
                                         self.data.users[p.uid].name, iso(p.when), p.text))  # fmt: skip
        return out

    # -- routing ------------------------------------------------------------------------------------
    def resolve(self, target: str) -> Route | None:
        parts = urlsplit(target.partition("#")[0])
        query = parse_qs(parts.query, keep_blank_values=True)
        params = {k: v[0] for k, v in query.items()}
        segs = [unquote(s) for s in parts.path.split("/")[1:]]
        while segs and not segs[-1]:
            segs.pop()
        if not segs or segs == ["categories"]:
            return Route("index", "/categories", self.render_index)
        head, rest = segs[0], segs[1:]
        if head == "category" and rest and _int(rest[0]) is not None:
            return self.resolve_category(rest, params, parts.query)
        if head == "topic" and rest and _int(rest[0]) is not None:
            return self.resolve_topic(rest, params, parts.query)
        if segs[-1].endswith(".rss"):
            feed = self.feed_route(segs)
            return None if feed is None else Route("noise", None, feed)
        render = self.noise_route(segs, params)
        return None if render is None else Route("noise", None, render)

    def _page_param(self, params: dict[str, str], pages: int) -> int | None:
        """``?page=``: a number in range, 1 when not a number, None (404) when out of range."""
        raw = params.get("page")
        if raw is None or not re.fullmatch(r"-?\d+", raw.strip()):
            return 1
        page = int(raw)
        return page if 1 <= page <= pages else None

    def resolve_category(self, args: list[str], params: dict[str, str], qs: str) -> Route | None:
        c = self.data.categories.get(int(args[0]))
        if c is None or len(args) > 3:
            return None
        n = _int(args[2]) if len(args) > 2 else None
        if len(args) > 2 and n is None:
            return None
        page = self._page_param(params, c.pages)
        if page is None:
            return None
        if "page" not in params and n is not None:
            page = max(1, -(-n // TOPICS_PER_PAGE))
            if page > c.pages:
                return None
        canonical = self.board_target(c, page)
        if len(args) < 2 or args[1] != c.slug.split("/", 1)[1]:
            location = f"/category/{c.slug}" + (f"/{n}" if n is not None else "") + (f"?{qs}" if qs else "")
            return Route("board", canonical, lambda ctx: redirect(location, 308))
        return Route("board", canonical, lambda ctx: self.render_category(ctx, c, page))

    def resolve_topic(self, args: list[str], params: dict[str, str], qs: str) -> Route | None:  # noqa: PLR0911
        t = self.data.topics.get(int(args[0]))
        if t is None or len(args) > 3:
            return None
        n = _int(args[2]) if len(args) > 2 else None
        if len(args) > 2 and n is None:
            return None
        page = self._page_param(params, t.pages)
        if page is None:
            return None
        suffix = f"?{qs}" if qs else ""
        if "page" not in params and n is not None:
            page = min(t.pages, max(1, -(-n // POSTS_PER_PAGE)))
        canonical = self.thread_target(t, page)
        if len(args) < 2 or args[1] != t.slug.split("/", 1)[1]:
            location = f"/topic/{t.slug}" + (f"/{n}" if n is not None else "") + suffix
            return Route("thread", canonical, lambda ctx: redirect(location, 308))
        if n is not None and n > len(t.posts):
            location = f"/topic/{t.slug}/{len(t.posts)}{suffix}"
            return Route("thread", canonical, lambda ctx: redirect(location, 308))
        if n is not None and n < 1:
            return Route("thread", canonical, lambda ctx: redirect(f"/topic/{t.slug}{suffix}", 308))
        return Route("thread", canonical, lambda ctx: self.render_topic(ctx, t, page))

    def feed_route(self, segs: list[str]) -> Callable[[Ctx], Reply] | None:
        data, last = self.data, segs[-1].removesuffix(".rss")
        topics: list[Topic] | None = None
        title, link = SITE, "/"
        if len(segs) == 2 and segs[0] == "category" and _int(last) in data.categories:
            c = data.categories[int(last)]
            topics, title, link = [t for t in data.recent() if t.category is c], c.name, f"/category/{c.slug}"
        elif len(segs) == 2 and segs[0] == "topic" and _int(last) in data.topics:
            t = data.topics[int(last)]
            items = [(f"Reply to {t.title} on {iso(p.when)}", f"/post/{p.pid}", p.body, p.when) for p in t.posts]
            return lambda ctx: self.rss_reply(ctx, t.title, f"/topic/{t.slug}", items)
        elif segs in (["recent.rss"], ["popular.rss"]):
            topics, title = (data.recent() if last == "recent" else data.popular()), f"{last.title()} Topics"
        elif len(segs) == 2 and segs[0] == "tags" and last in data.tags():
            topics, title, link = data.tags()[last], f"Topics tagged with {last}", f"/tags/{quote(last)}"
        if topics is None:
            return None
        rows = [(t.title, f"/topic/{t.slug}", t.posts[0].body, t.posts[0].when) for t in topics[:20]]
        return lambda ctx: self.rss_reply(ctx, title, link, rows)

    def rss_reply(self, ctx: Ctx, title: str, link: str, items: list[tuple[str, str, str, datetime]]) -> Reply:
        body = self.rss(ctx, title, link, [(a, b, c.replace("%BASE%", ctx.base), d) for a, b, c, d in items])
        return Reply(200, body, {"Content-Type": "application/rss+xml; charset=utf-8"})

    def noise_route(  # noqa: PLR0911, PLR0912
        self, segs: list[str], params: dict[str, str]
    ) -> Callable[[Ctx], str | Reply | None] | None:
        """The renderer of a noise page (None: 404)."""
        data, head, rest = self.data, segs[0], segs[1:]
        if head == "post" and len(rest) == 1 and _int(rest[0]) in data.posts:
            p = data.posts[int(rest[0])]
            return lambda ctx: redirect(f"/topic/{p.topic.slug}/{p.index + 1}", 307)
        if head == "uid" and rest and _int(rest[0]) in data.users:
            u = data.users[int(rest[0])]
            tail = "".join("/" + quote(s) for s in rest[1:])
            return lambda ctx: redirect(user_path(u) + tail, 307)
        if head in {"unread", "compose", "notifications", "chats", "bookmarks"} and len(rest) <= 1:
            return lambda ctx: redirect("/login", 302)
        if head in {"login", "register", "reset"} and not rest:
            return lambda ctx: self.simple_page(ctx, head.title(), self.login_form(head == "register")
                                                if head != "reset" else self.reset_form(), head)  # fmt: skip
        if head in {"recent", "popular"} and not rest:
            topics = data.recent() if head == "recent" else data.popular()
            extra = f"&term={quote(params['term'])}" if head == "popular" and params.get("term") else ""
            page = self._page_param(params, _pages(len(topics)))
            return None if page is None else lambda ctx: self.render_list(ctx, head.title(), topics, page, extra)
        if head == "tags":
            tags = data.tags()
            if not rest:
                return lambda ctx: self.render_tags(ctx, tags)
            if len(rest) == 1 and rest[0] in tags:
                topics, page = tags[rest[0]], self._page_param(params, _pages(len(tags[rest[0]])))
                return None if page is None else lambda ctx: self.render_list(ctx, f"#{rest[0]}", topics, page)
            return None
        if head == "user" and rest and rest[0] in data.by_slug and len(rest) <= 2:
            u = data.by_slug[rest[0]]
            tab = rest[1] if len(rest) > 1 else ""
            if tab not in {"", "posts", "topics", "followers", "following", "best", "groups"}:
                return None
            return lambda ctx: self.render_user(ctx, u, tab, params)
        if head == "users" and not rest:
            return self.render_users
        if head == "groups" and len(rest) <= 1:
            if rest and rest[0] not in dict(GROUPS):
                return None
            return lambda ctx: self.render_groups(ctx, rest[0] if rest else "")
        if head == "search" and not rest:
            return lambda ctx: self.render_search(ctx, params.get("term", ""), params)
        return None

    # -- canonical pages ---------------------------------------------------------------------------------
    def render_index(self, ctx: Ctx) -> str:
        roots = [c for c in self.data.categories.values() if c.parent is None]
        content = (
            '<div data-widget-area="header"></div>\n<div class="categories-container">\n'
            '<h2 class="visually-hidden">Categories</h2>\n'
            f"{self.categories_list(roots)}\n</div>"
        )
        return self.page(
            ctx, "", content, template="categories", body_class="page-categories", canonical="/categories",
            links=[("alternate", "/recent.rss")], description="Discussion forum of the NodeBB project",
        )  # fmt: skip

    def render_category(self, ctx: Ctx, c: Category, page: int) -> str:
        start = (page - 1) * TOPICS_PER_PAGE
        topics = c.listing()[start : start + TOPICS_PER_PAGE]
        key = f"cid:{c.cid}:tids"
        sub = (
            '<div class="subcategory"><p class="mb-0 fw-semibold">Subcategories</p>\n'
            f"{self.categories_list(c.children)}\n</div>\n"
            if c.children
            else ""
        )
        content = (
            '<div class="category-header d-flex flex-column gap-2">\n<div class="d-flex gap-2 align-items-center mb-1">'
            f'{self.category_icon(c)}<h1 class="tracking-tight fs-2 fw-semibold mb-0">{esc(c.name)}</h1></div>\n'
            f'<div class="d-flex flex-wrap gap-2">{self.stat(c.total_topics, "Topics")}'
            f'{self.stat(c.total_posts, "Posts")}<a href="/category/{c.cid}.rss" itemprop="item" target="_blank" '
            'class="badge text-body border border-gray-300 stats text-xs"><i class="fa fa-rss text-primary"></i></a>'
            f'</div>\n<div class="description text-secondary text-sm w-100"><p>{esc(c.description)}</p></div>\n</div>\n'
            f"{sub}"
            '<div class="d-flex flex-column gap-3">\n<div class="topic-list-header sticky-tools d-flex flex-wrap '
            'gap-1 py-2">\n<a component="category/post/guest" href="/login" class="btn btn-primary btn-sm">Log in '
            'to post</a>\n<div class="btn-group bottom-sheet" component="thread/sort"><button class="btn btn-ghost '
            'btn-sm dropdown-toggle" data-bs-toggle="dropdown" type="button"><i class="fa fa-fw fa-arrow-down-wide-'
            'short text-primary"></i><span class="d-none d-md-inline fw-semibold">Sort by</span></button><ul '
            'class="dropdown-menu p-1 text-sm" role="menu"><li><a class="dropdown-item" href="#" data-sort="'
            'recently_replied">Recently Replied</a></li><li><a class="dropdown-item" href="#" data-sort="'
            'most_votes">Most Votes</a></li></ul></div>\n</div>\n'
            f'<div class="category">\n{self.topics_list(topics, start, show_category=False, set_key=key)}'
            f"\n{self.paginator(page, c.pages)}\n</div>\n</div>"
        )
        return self.page(
            ctx, c.name, content, template="category", canonical=self.board_target(c, page),
            body_class=f"page-category page-category-{c.cid} page-category-{c.slug.split('/')[1]}",
            links=[("alternate", f"/category/{c.cid}.rss"), *self.rel_links(c.slug, "category", page, c.pages)],
            description=c.description, crumbs=self.category_crumbs(c, True),
        )  # fmt: skip

    def rel_links(self, slug: str, kind: str, page: int, pages: int) -> list[tuple[str, str]]:
        out = []
        if page > 1:
            out.append(("prev", f"/{kind}/{slug}" + (f"?page={page - 1}" if page > 2 else "")))
        if page < pages:
            out.append(("next", f"/{kind}/{slug}?page={page + 1}"))
        return out

    def render_topic(self, ctx: Ctx, t: Topic, page: int) -> str:
        c = t.category
        crumbs = [*self.category_crumbs(c, False), (t.title, "")]
        starter = self.data.users[t.posts[0].uid]
        links = [
            ("alternate", f"/topic/{t.tid}.rss"),
            *self.rel_links(t.slug, "topic", page, t.pages),
            ("up", f"{ctx.base}/category/{c.slug}"),
            ("author", f"{ctx.base}{user_path(starter)}"),
        ]
        return self.page(
            ctx, t.title, self.topic_body(ctx, t, page, t.pages, self.data.suggested(t)), template="topic",
            body_class=f"page-topic page-topic-{t.tid} page-topic-{t.slug.split('/')[1]} page-topic-category-{c.cid}",
            canonical=self.thread_target(t, page), links=links, description=t.posts[0].teaser[:160], crumbs=crumbs,
        )  # fmt: skip

    # -- noise pages ------------------------------------------------------------------------------------
    def render_list(self, ctx: Ctx, title: str, topics: list[Topic], page: int, extra: str = "") -> str:
        start = (page - 1) * TOPICS_PER_PAGE
        shown = topics[start : start + TOPICS_PER_PAGE]
        content = (
            f'<div class="d-flex flex-column gap-3"><h2 class="fw-semibold tracking-tight mb-0">{esc(title)}</h2>\n'
            '<div class="topic-list-header sticky-tools d-flex gap-1 py-2"><a component="category/post/guest" '
            'href="/login" class="btn btn-primary btn-sm">Log in to post</a></div>\n'
            f'<div class="category">{self.topics_list(shown, start, show_category=True)}\n'
            f"{self.paginator(page, _pages(len(topics)), extra)}</div></div>"
        )
        template = "tag" if title.startswith("#") else title.lower()
        return self.page(ctx, title.lstrip("#"), content, template=template, body_class=f"page-{template}",
                         crumbs=[("Home", "/"), (title.lstrip("#"), "")])  # fmt: skip

    def user_posts(self, u: User) -> list[Post]:
        return sorted((p for p in self.data.posts.values() if p.uid == u.uid), key=lambda p: p.when, reverse=True)

    def render_user(self, ctx: Ctx, u: User, tab: str, params: dict[str, str]) -> str | None:
        posts = self.user_posts(u)
        base = user_path(u)
        tabs = "".join(
            f'<a href="{base}{"/" + key if key else ""}" class="btn btn-ghost btn-sm{" active" if key == tab else ""}">'
            f"{label}</a>"
            for key, label in (("", "Overview"), ("posts", "Posts"), ("topics", "Topics"), ("best", "Best"),
                               ("groups", "Groups"), ("followers", "Followers"), ("following", "Following"))
        )  # fmt: skip
        header = (
            f'<div class="account d-flex flex-column gap-3"><div class="d-flex gap-3">{self.avatar(u, 128)}'
            f'<div><h2 class="fullname fw-semibold fs-2 tracking-tight mb-0">{esc(u.name)}</h2><div class="username '
            f'text-muted">@{esc(u.slug)}</div></div></div><div class="d-flex flex-wrap gap-2">{tabs}</div>'
            f'<div class="d-flex gap-2">{self.stat(len(posts), "Posts")}<span class="text-sm">Joined <span '
            f'class="timeago" title="{iso(u.joined)}"></span></span></div>'
        )
        extra = ""
        if tab in {"posts", "topics", "best", ""}:
            items = posts
            if tab == "topics":
                items = [p for p in posts if p.index == 0]
            elif tab == "best":
                items = sorted(posts, key=lambda p: (-p.votes, p.pid))
            per = 4 if tab == "" else 20
            pages = _pages(len(items), per)
            page = self._page_param(params, pages) if tab else 1
            if page is None:
                return None
            title = "Recent Posts" if tab == "" else {"posts": "Posts", "topics": "Topics", "best": "Best"}[tab]
            body = f'<h3 class="fw-semibold fs-5">{title}</h3>' + self.posts_list(
                ctx, items[(page - 1) * per : page * per]
            )
            extra = self.paginator(page, pages) if tab else ""
        elif tab == "groups":
            admin = '<a href="/groups/administrators">Administrators</a>'
            body = f'<div class="groups list">{admin if u.admin else "No groups"}</div>'
        else:
            others = [x for x in self.data.users.values() if x is not u and (x.uid + u.uid) % 4 == 0]
            body = '<div class="users row">' + "".join(
                f'<div class="user"><a href="{user_path(x)}">{self.avatar(x, 64)}</a><a href="{user_path(x)}">'
                f"{esc(x.name)}</a></div>" for x in others) + "</div>"  # fmt: skip
        return self.page(ctx, u.name, f"{header}{body}{extra}</div>", template=f"account/{tab or 'profile'}",
                         body_class="page-user", crumbs=[("Home", "/"), ("Users", "/users"), (u.name, "")])  # fmt: skip

    def render_search(self, ctx: Ctx, term: str, params: dict[str, str]) -> str | None:
        words = term.lower().split()
        found = [p for p in sorted(self.data.posts.values(), key=lambda p: p.when, reverse=True)
                 if words and all(w in (p.text + " " + p.topic.title).lower() for w in words)]  # fmt: skip
        pages = _pages(len(found))
        page = self._page_param(params, pages)
        if page is None:
            return None
        results = ""
        if words:
            results = (
                f'<div class="alert alert-info">{len(found)} result(s) matching "{esc(term)}"</div>'
                + self.posts_list(ctx, found[(page - 1) * 20 : page * 20])
                + self.paginator(page, pages, f"&term={quote(term)}")
            )
        return self.simple_page(ctx, "Search", self.search_form(term) + results, "search")

    # -- serving ----------------------------------------------------------------------------------------
    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            body = "User-agent: *\nDisallow: /admin/\nDisallow: /reset/\nDisallow: /compose\n\nSitemap: /sitemap.xml\n"
            return Reply(200, body, {"Content-Type": "text/plain; charset=utf-8"})
        ctx = Ctx(request)
        route = self.resolve(request.target)
        out = None if route is None else route.render(ctx)
        if out is None:
            return html(self.not_found_page(ctx), charset="utf-8", status=404, headers={"X-Powered-By": "NodeBB"})
        reply = out if isinstance(out, Reply) else html(out, charset="utf-8")
        reply.headers.setdefault("X-Powered-By", "NodeBB")
        return reply
