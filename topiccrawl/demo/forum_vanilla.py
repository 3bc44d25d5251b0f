"""Vanilla Forums 2.8 fixture forum in the default theme (English, UTF-8), as a guest without JavaScript sees it.

Pretty URLs, links mostly absolute with the domain. Board index ``/`` or ``/categories`` (``DefaultController``
is ``categories``, the table layout): ``table.DataTable.CategoryTable`` rows (``h3`` name links, descriptions,
``bigPlural()`` discussion/comment counts as ``<span class="Number" title="1,234 comments">1.2K</span>``, the
latest post as a protocol-relative ``//host/discussion/comment/C#Comment_C`` link by ``/profile/Name``), one
parent category showing only categories (``Smart Home``, its child ``Home Assistant`` a ``Depth2`` row).
Categories ``/categories/{slug}``, later pages ``/p{N}`` (30 discussions a page): ``h1.H.HomepageTitle``,
``div.PageControls`` with ``span.PagerNub`` and the ``PagerModule`` (``#PagerBefore``/``#PagerAfter``
``div.Pager.NumberedPager``: ``a.Previous``/``span.Previous`` when disabled, ``a.Pager-p.p-N``, ``Highlight``
on the current page, ``rel="prev"``/``rel="next"``, ``span.Ellipsis``, ``a.Next``), 'New Discussion'
``/post/discussion/{slug}``, ``ul.DataList.Discussions`` of ``li.Item.ItemDiscussion#Discussion_D`` rows
(modern layout: ``div.Title`` > ``a``, an in-title ``span.MiniPager`` for discussions of several pages,
``div.Meta.Meta-Discussion`` with ``span.Tag-Announcement``/``Tag-Closed``/Q&A tags, ``DiscussionAuthor``,
``ViewCount``, ``CommentCount``, the hidden ``DiscussionScore``, ``LastCommentBy`` 'Most recent by X' or
'Started by X' and ``LastCommentDate``). Announcements (``li.Item.Announcement``) come first on page 1 only;
they count in the pager's total, as Vanilla's does. Discussions ``/discussion/{id}/{slug}``, later pages
``/p{N}`` (30 comments a page; the opening post is not a comment and shows on page 1 only):
``div.MessageList.Discussion`` > ``div#Item_0.PageTitle`` ``h1``, ``div#Discussion_D.Item.ItemDiscussion`` >
``div.Discussion`` > ``div.Item-Header.DiscussionHeader`` (``span.Author``: ``a.PhotoWrap`` avatar and
``a.Username``; ``span.AuthorInfo``: ``AuthorTitle``, ``AuthorLocation``, ``RoleTitle``; ``div.Meta
.DiscussionMeta``: ``span.MItem.DateCreated a.Permalink <time>``, 'edited …' ``span.DateUpdated``, the
category) and ``div.Item-Body`` > ``div.Message.userContent``, inline tags, ``div.Reactions`` (Flag menu:
Spam/Abuse, Quote ``/post/quote/D/Comment_C``, Like/Agree/LOL/Insightful ``/react/comment/like?id=C``); on
Q&A pages the accepted answers again in ``div.DataBox.DataBox-AcceptedAnswers`` (page 1, the same
``Comment_C`` ids twice); then ``div.CommentsWrap`` with ``span#PagerBefore``, ``div.DataBox
.DataBox-Comments`` > ``ul.MessageList.DataList.Comments`` > ``li.Item.ItemComment#Comment_C`` (same inner
structure in ``div.Comment``, ``div.Item-Header.CommentHeader``, the permalink
``/discussion/comment/C#Comment_C`` named ``Item_N``, ``span#latest`` in the last comment),
``div.Signature.UserSignature.userContent``, ``#PagerAfter`` and 'Sign In or Register to comment.'. Bodies
are Vanilla's Wysiwyg HTML: ``p``, ``strong``, ``code.CodeInline``, ``pre.CodeBlock``, lists, ``rel="nofollow"``
links, ``@mention`` links, uploaded images and emoji images, ``blockquote.Quote.UserQuote`` with
``div.QuoteAuthor`` ('X said:') and ``div.QuoteText``. Dates are ``<time title="April  3, 2025  5:02PM"
datetime="2025-04-03T17:02:11+00:00">April  3</time>`` (time of day today, month and day this year, month and
year before). Chrome: Banner menu (Discussions, Activity, Sign In), MeBox (Sign In · Register), the search form
(GET ``/search?Search=``), ``span.Breadcrumbs`` (Home › Parent › Category), the Panel (guest box, New
Discussion, quick links incl. 'My Bookmarks', the categories box, 'In this Discussion', 'Popular Tags'
``/discussions/tagged/{tag}``), 'Forum Software Powered by Vanilla'. Every page's sign-in and register links
carry ``?Target=`` its own path (the comment box's with a leading slash, a second pair of URLs per page).

Noise (kind ``noise``, no canonical target): the parent category's page; ``/discussions`` (recent, paginated,
page 1 linked as ``/discussions/p1``); ``/discussions/bookmarked`` (302 to sign in); tag views
``/discussions/tagged/{tag}[/p{N}]``; RSS ``…/feed.rss`` of categories, tags, discussions and ``/discussions``;
``/discussion/comment/{C}`` (302 to the page holding the comment, ``#Comment_C``); ``/discussion/embed/…``;
profiles ``/profile/{name}``, ``/profile/{id}/{name}``, ``/profile/{activity|discussions|comments}/{id}/{name}
[/p{N}]``; ``/activity[/p{N}]`` (every post and join: dozens of pages); ``/entry/signin``, ``/entry/register``,
``/entry/passwordrequest`` (with any ``Target``); search ``/search[/p{N}]?Search=…`` (any query, paginated);
``/post/…``, ``/react/…``, ``/messages/…`` (302 to sign in). Unknown paths, discussions, categories, users or
pages out of range: a 404 page, kind ``other``; so are ``robots.txt`` and static files.

At ``size`` 1 the forum has 8 categories with discussions (one the child of a parent holding none), 160-odd
discussions and about 2,500 posts, some discussions of one post, two categories of three pages, discussions of
two, three and four pages; at 0.3 the same categories with about 30% of the discussions. The clock is
:data:`~topiccrawl.demo.forum_vanilla_pages.NOW`; templates are in :mod:`topiccrawl.demo.forum_vanilla_pages`.

Truth: ``thread_title`` is the ``h1``; ``board`` the category's name; ``post_id`` ``Discussion_D`` for the
opening post, ``Comment_C`` for comments; ``author`` the user name; ``time`` the ``title`` of the post's
``DateCreated`` ``<time>`` whitespace-normalised ('April 3, 2025 5:02PM'); ``text`` what the author wrote,
whitespace-normalised: paragraphs, list items, code, link and mention texts, without quotes, signatures, edit
notes and images. Canonical targets: ``/categories`` (also for ``/``), ``/categories/{slug}[/p{N}]`` and
``/discussion/{id}/{slug}[/p{N}]`` (``p`` only above 1). URLs Vanilla serves as one of those pages have its
kind and canonical target: ``/p1``, ``/p0``, a page segment without ``p{N}`` (page 1), ``/discussion/{id}``
without a slug, a wrong slug, ``/discussion/{id}/p2`` (``p2`` is taken as the slug: page 1), a trailing slash,
any query string.
"""

from __future__ import annotations

import hashlib
import random
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from urllib.parse import parse_qs, quote, unquote, urlsplit

from topiccrawl.demo.forum_truth import PageKind, RoutedTruth, TruthPost
from topiccrawl.demo.forum_vanilla_pages import (
    COMMENTS_PER_PAGE,
    DISCUSSIONS_PER_PAGE,
    NOW,
    SITE,
    Ctx,
    VanillaPages,
    date_html,
    esc,
    full_date,
    profile_path,
    urlencode,
)
from topiccrawl.demo.server import Reply, SiteRequest, html, redirect
from topiccrawl.textutil import normalize_space

# fmt: off
# cid, slug, name, description, parent, display, weight (discussions at size 1), topic, Q&A
_CATEGORIES = [
    (1, "announcements", "Announcements", "Forum news: upgrades, rules and maintenance windows.", 0, "D", 3, "news", 0),
    (2, "introductions", "Introductions", "New here? Say hello and tell us what runs in your closet.", 0, "D", 5,
     "intro", 0),
    (3, "hardware", "Hardware & Servers", "Mini PCs, rack servers, UPSes, power draw and fan noise.", 0, "D", 60,
     "hw", 0),
    (4, "networking", "Networking", "Routers, firewalls, VLANs, Wi-Fi, DNS and VPNs.", 0, "D", 10, "net", 0),
    (5, "self-hosted-apps", "Self-Hosted Apps", "Docker, reverse proxies and the services you run on them.", 0, "D",
     60, "apps", 0),
    (6, "smart-home", "Smart Home", "Home automation, sensors and everything that blinks.", 0, "C", 0, "", 0),
    (7, "home-assistant", "Home Assistant", "Automations, integrations, Zigbee and Z-Wave.", 6, "D", 8, "ha", 0),
    (8, "help", "Help & Troubleshooting", "Stuck? Ask a question and accept the answer that fixed it.", 0, "D", 8,
     "help", 1),
    (9, "off-topic", "Off-Topic", "Anything that doesn't fit anywhere else.", 0, "D", 5, "lounge", 0),
]
_NAMES = [
    "Rhea_admin", "mod_tobias", "packetwrangler", "zfs_or_bust", "lowpower_lee", "ContainerCat", "Jürgen", "nas_nora",
    "vlan_victor", "quietfan", "BitRotBen", "hass_hal", "ZigbeeZoe", "selfhost_sam", "proxmox_pia", "cronjob_carl",
    "UPS_Ursula", "dnsdan", "grafana_greta", "lurker_luis", "raspberry_raj", "coldaisle", "MikaT", "oldschool_otto",
    "wattmeter", "Priya_K", "tinfoilhat", "debian_dee",
]
_TITLES = ["Keeper of the rack", "ZFS evangelist", "Professional cable tangler", "Blinkenlights enthusiast", ""]
_LOCATIONS = ["Leeds, UK", "Austin, TX", "Graz", "Wellington", "Montréal", "Pune", "Rotterdam", "Ohio", "Kraków"]
_SIGNATURES = [
    '<p>Proxmox x3, TrueNAS, one very tired <a href="https://www.raspberrypi.com/" rel="nofollow">Raspberry Pi</a></p>',
    "<p><em>If it isn't backed up, it doesn't exist.</em></p>",
    "<p>Lab: OptiPlex 7060 Micro | 64GB | 2x NVMe | pfSense on a Protectli</p>",
    "<p>Running everything in Docker since 2017 and still learning.</p>",
    '<p><img src="%BASE%/uploads/signatures/homelab-badge.png" alt="" /></p>',
    "<p>-- sent from the basement</p>",
]
_HW = ["Lenovo M720q", "Dell R730xd", "OptiPlex 7060 Micro", "HP EliteDesk 800 G4", "Supermicro X11SCH", "Intel NUC 12",
       "Minisforum MS-01", "Raspberry Pi 5", "Dell R640", "Beelink EQ12"]
_APP = ["Nextcloud", "Jellyfin", "Immich", "Vaultwarden", "Paperless-ngx", "Gitea", "Uptime Kuma", "Traefik",
        "Nginx Proxy Manager", "Authentik", "Plex", "Audiobookshelf"]
_NET = ["OPNsense", "pfSense", "UniFi", "MikroTik", "OpenWrt", "Omada"]
_DISK = ["WD Red Plus 8TB", "IronWolf Pro 12TB", "Exos X16", "Samsung 990 Pro", "Crucial P3", "Toshiba MG08"]
_OS = ["Proxmox VE 8", "TrueNAS Scale", "Unraid", "Debian 12", "Ubuntu 24.04", "NixOS"]
_DEV = ["Aqara door sensors", "Shelly relays", "a SONOFF Zigbee dongle", "IKEA Tradfri bulbs", "a Z-Wave lock",
        "ESPHome plugs", "a Tuya thermostat", "Hue motion sensors"]
_PLACES = ["Leeds", "Graz", "Austin", "Wellington", "Pune", "Rotterdam", "the Midwest", "Kraków"]
_SLOTS = {"hw": _HW, "app": _APP, "net": _NET, "disk": _DISK, "os": _OS, "dev": _DEV, "place": _PLACES}
_SUBJECTS = {
    "news": ["Welcome to {site}: please read before posting", "Forum rules and posting guidelines",
             "Upgraded to Vanilla 2.8: what changed", "Maintenance window this Sunday", "Spam filter tweaks",
             "New category: Home Assistant", "Signatures are back", "We moved to a new host ({hw})"],
    "intro": ["Hello from {place}!", "New member, running {os} on a {hw}", "First post after years of lurking",
              "Hi all, starting my first homelab", "Greetings from {place}", "Just joined, big {app} fan",
              "Network engineer by day, tinkerer by night"],
    "hw": ["{hw} idles at {n}W, is that normal?", "Fan noise on the {hw} after a BIOS update", "Finally racked my {hw}",
           "RAM compatibility for the {hw}", "Is the {hw} still worth it in 2025?", "Moving from a {hw} to mini PCs",
           "Cheap 10GbE NICs that work with {os}", "UPS sizing for a half rack", "{hw} won't POST after adding a GPU",
           "Best low-power CPU for a 24/7 box?", "{disk} keeps dropping out of the pool",
           "ZFS mirror or RAIDZ1 for four {disk} drives?", "SMART errors on a brand new {disk}", "{hw} vs {hw2}",
           "HBA in IT mode for {os}", "Noctua swap on the {hw}: worth it?", "PSU efficiency at low load",
           "Shucking drives in 2025", "Cooling a closet rack in summer", "Used enterprise SSDs: good idea?"],
    "net": ["VLANs with {net} and a managed switch", "Wi-Fi drops every night at 3 AM", "{net} vs {net2} at home",
            "Double NAT with the ISP router", "WireGuard slow from outside", "Local DNS stopped resolving",
            "IPv6 prefix delegation on {net}", "Best way to isolate IoT devices?", "Port forwarding stopped working"],
    "apps": ["{app} behind a reverse proxy: 502 errors", "Docker compose vs Kubernetes for {n} services",
             "{app} running out of memory", "Backing up {app} data properly", "{app} or {app2}?",
             "Let's Encrypt certs not renewing", "How do you update your containers?", "{app} slow on {os}",
             "LXC or VM for {app}?", "Single sign-on for everything with {app}", "Migrating {app} to new storage",
             "Share your docker-compose.yml for {app}", "{app} mobile app can't connect remotely",
             "Postgres or SQLite for {app}?", "Monitoring stack: what do you run?", "Secrets in compose files"],
    "ha": ["Zigbee mesh keeps dropping {dev}", "Automation triggers twice", "Presence detection that actually works",
           "Energy dashboard with {dev}", "Migrating Home Assistant from a Pi to a {hw}", "Z-Wave JS vs Zigbee2MQTT",
           "Blueprint for motion lights with {dev}", "HA backup to NAS fails", "Voice assistant without the cloud"],
    "help": ["Can't reach {app} from my phone", "Proxmox host loses network after reboot", "Docker eats all my disk",
             "{net} blocks my game console", "Nextcloud stuck in maintenance mode", "Pool degraded, what now?",
             "SSH key auth suddenly refused", "Container can't resolve DNS", "Certificate error only on Android"],
    "lounge": ["What's on your desk right now?", "Power bill confessions", "Funniest outage you've caused",
               "Books for aspiring sysadmins?", "Coffee or tea during late-night maintenance?",
               "How do you explain the rack to visitors?", "Your most useless self-hosted service",
               "Anyone going to the {place} meetup?"],
}
_ANNOUNCE = {"hw": ["Read this first: hardware buying guide and FAQ"],
             "apps": ["Read first: how to ask for help with a container"]}
_LINES = {
    "news": ["The forum will be read-only for about an hour while the database moves.",
             "Please search before posting, most questions have been answered before.",
             "Be kind, assume good intent and keep it on topic.", "Thanks to everyone who chipped in for hosting.",
             "If something looks broken after the upgrade, reply here with a screenshot."],
    "intro": ["I've been reading here for months and finally made an account.",
              "My lab is a single {hw} running {os} in a hallway closet.",
              "By day I do help desk work, by night I break my own network.",
              "Mostly here to learn about storage and backups.", "Looking forward to stealing all your ideas."],
    "hw": ["The {hw} pulls about {n}W from the wall at idle.", "Swapping the fans made it a lot quieter.",
           "Check the BIOS power profile, the default is max performance.",
           "Used enterprise gear is cheap, the power bill is not.", "My {hw} runs {os} without any issues.",
           "Make sure the RAM is registered ECC, not unbuffered.", "A mini PC cluster is much easier on noise.",
           "Run a long SMART test before you trust a new drive.", "I keep a cold spare {disk} on the shelf.",
           "Flash the HBA to IT mode and let ZFS see the disks directly."],
    "net": ["Tag the VLANs on the trunk port and leave the native VLAN alone.",
            "I run {net} on a small fanless box.", "Turn off band steering and see if the drops stop.",
            "Put the ISP router in bridge mode if it lets you.", "Check the MTU, it bit me more than once.",
            "Your DHCP lease time might be far too short.", "WireGuard has been much faster than OpenVPN for me."],
    "apps": ["I run {app} in Docker behind a reverse proxy.",
             "Check the container logs first, the error is usually there.",
             "Give it more memory, the default limit is tiny.", "I back up the volumes every night with restic.",
             "{app} has been rock solid for me on {os}.", "Pin your image versions instead of using latest.",
             "The proxy needs the websocket headers or the app breaks.",
             "Watchtower updated it overnight and broke it."],
    "ha": ["My Zigbee coordinator sits on a USB extension cable, away from the USB 3 ports.",
           "I moved the automations to YAML so they live in Git.",
           "{dev} have been reliable since the firmware update.", "The energy dashboard finally shows sane numbers.",
           "Presence detection works best with two sources combined.",
           "Restart Home Assistant after adding the integration."],
    "help": ["It worked fine until yesterday and I didn't change anything, honestly.",
             "Here's what the logs say right before it fails.", "I already tried rebooting the host twice.",
             "Did you check the firewall rules on the host itself?", "Try it from another device on the same network.",
             "That sounds like a DNS problem, it's always DNS."],
    "lounge": ["Honestly the rack is the loudest thing in the house.", "My partner calls it the humming cupboard.",
               "Coffee, obviously, and too much of it.", "I once unplugged the router to plug in the vacuum.",
               "A whole weekend of maintenance and I enjoyed every minute."],
}
_GENERIC = [
    "Thanks for the detailed write-up, that helped a lot.", "I had the exact same problem last month.",
    "What version are you running?", "That's what I would do too.", "Post your config and we can take a look.",
    "Not sure about that, but it's worth a try.", "Following, I'm curious how this turns out.",
    "It depends a lot on what you want to run on it.", "I went the other way and regret nothing.",
    "Good point, I hadn't thought of that.", "Keep it simple first and add things later.",
    "Power usage is the main thing to watch.", "Mine has been running for about {n} days without a reboot.",
    "The docs cover this, but they bury it in a footnote.", "Did you try `docker compose logs -f` yet?",
    "I'd say it's **worth it** if you can get one cheap.", "Have a look at `journalctl -b -1` after the next crash.",
]
_SHORT = ["Thanks!", "+1", "Same here.", "Bump.", "This worked for me, thanks!", "Nice!", "Following.", "Agreed.",
          "Great write-up.", "Welcome aboard!", "LOL", "Any news on this?", "Solved, thanks everyone."]
_CODE = [
    ["services:", "  immich-server:", "    image: ghcr.io/immich-app/immich-server:v1.131.3",
     "    restart: unless-stopped", "    volumes:", "      - /mnt/photos:/usr/src/app/upload"],
    ["zpool status -v tank", "smartctl -a /dev/sdb | grep -i -E 'realloc|pending'"],
    ["server {", "    listen 443 ssl;", "    server_name cloud.home.arpa;",
     "    location / { proxy_pass http://10.0.20.5:8080; }", "}"],
    ["30 3 * * * /usr/local/bin/backup.sh >> /var/log/backup.log 2>&1"],
    ["automation:", "  - alias: Hallway motion light", "    trigger:", "      - platform: state",
     "        entity_id: binary_sensor.hallway_motion", "        to: 'on'"],
    ["auto vmbr0.30", "iface vmbr0.30 inet static", "    address 10.0.30.2/24"],
    ["for host in pve1 pve2 pve3; do", '  ssh "$host" "apt update && apt -y full-upgrade"', "done"],
]
_LISTS = [["Update the BIOS first", "Reset the BMC", "Re-seat the RAM", "Try one DIMM per channel"],
          ["restic for the backups", "Backblaze B2 offsite", "a monthly restore test"],
          ["VLAN 10: trusted", "VLAN 20: servers", "VLAN 30: IoT", "VLAN 99: management"],
          ["Proxmox on the mini PCs", "TrueNAS in a VM with the HBA passed through", "Docker in an LXC"]]
_LINKS = [("https://www.home-assistant.io/docs/", "the Home Assistant docs"), ("https://docs.docker.com/compose/",
          "the Compose reference"), ("https://openzfs.github.io/openzfs-docs/", "OpenZFS docs"),
          ("https://pve.proxmox.com/wiki/Main_Page", "Proxmox wiki")]
_TAGS = {"hw": ["hardware", "power", "zfs", "noise"], "net": ["networking", "vlan", "wireguard", "dns"],
         "apps": ["docker", "reverse-proxy", "backup", "nextcloud"], "ha": ["zigbee", "automation", "esphome"],
         "help": ["docker", "dns", "proxmox"], "lounge": ["fun"], "intro": ["introductions"], "news": ["meta"]}
_EMOJI = [("smile", ":)"), ("wink", ";)"), ("grin", ":D")]
# fmt: on


@dataclass(eq=False)
class Member:
    uid: int
    name: str
    role: str = "Member"
    title: str = ""
    location: str = ""
    photo: str = ""
    signature: str = ""
    joined: datetime = NOW
    last_active: datetime = NOW
    visits: int = 0
    points: int = 0


@dataclass(eq=False)
class Post:
    pid: int  # the comment id (0 for the opening post)
    did: int
    uid: int
    when: datetime
    plain: list[str]  # what the author wrote, a piece each
    body: str  # the formatted body without the quote (``%BASE%`` stands for the forum's URL)
    quote: Post | None = None
    edited: tuple[datetime, int] | None = None
    accepted: bool = False

    def quotable(self) -> str:
        return self.body.split("</p>", 1)[0] + "</p>" if self.body.startswith("<p>") else self.body

    @property
    def anchor(self) -> str:
        return f"Comment_{self.pid}" if self.pid else f"Discussion_{self.did}"


@dataclass(eq=False)
class Discussion:
    did: int
    category: Category
    name: str
    slug: str
    announce: int  # 0, 1 (everywhere) or 2 (its category only)
    closed: bool
    views: int
    tags: list[str]
    question: bool = False
    qna: str = ""
    score: int = 0
    posts: list[Post] = field(default_factory=list)

    @property
    def pages(self) -> int:
        return max(1, -(-(len(self.posts) - 1) // COMMENTS_PER_PAGE))

    @property
    def last(self) -> datetime:
        return self.posts[-1].when


@dataclass(eq=False)
class Category:
    cid: int
    slug: str
    name: str
    description: str
    parent: Category | None
    display: str  # "D": discussions, "C": categories
    topic: str
    qna: bool
    discussions: list[Discussion] = field(default_factory=list)
    children: list[Category] = field(default_factory=list)

    @property
    def depth(self) -> int:
        return 1 if self.parent is None else 1 + self.parent.depth

    def family(self) -> list[Discussion]:
        return [*self.discussions, *(d for c in self.children for d in c.family())]

    @property
    def count_all(self) -> int:
        return len(self.family())

    @property
    def count_comments(self) -> int:
        return sum(len(d.posts) - 1 for d in self.family())

    def last_post(self) -> Post | None:
        return max((d.posts[-1] for d in self.family()), key=lambda p: p.when, default=None)

    def listing(self) -> list[Discussion]:
        """Announcements first, then by the last comment's date."""
        ordered = sorted(self.discussions, key=lambda d: d.last, reverse=True)
        return [d for d in ordered if d.announce] + [d for d in ordered if not d.announce]

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.discussions) // DISCUSSIONS_PER_PAGE))

    def page_items(self, page: int) -> list[Discussion]:
        """Page 1 holds the announcements and 30 others; the pager counts the announcements too."""
        items = self.listing()
        ann = [d for d in items if d.announce]
        rest = items[len(ann) :]
        shown = rest[(page - 1) * DISCUSSIONS_PER_PAGE : page * DISCUSSIONS_PER_PAGE]
        return ann + shown if page == 1 else shown


def gdn_url(text: str) -> str:
    """``Gdn_Format::url()``: accents transliterated, apostrophes dropped, punctuation to hyphens, lowercase."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = re.sub(r"'", "", text)
    text = re.sub(r"[^\w]|_", "-", text)
    return quote(re.sub(r"-+", "-", text.lower()).strip("-"))


def _fill(rng: random.Random, text: str) -> str:
    for key, pool in _SLOTS.items():
        while "{" + key + "}" in text:
            text = text.replace("{" + key + "}", rng.choice(pool), 1)
        used = [x for x in pool if x in text]
        text = text.replace("{" + key + "2}", rng.choice([x for x in pool if x not in used]))
    return text.replace("{site}", SITE).replace("{n}", str(rng.choice([14, 23, 38, 52, 75, 110, 160, 240])))


def _inline(text: str) -> tuple[str, str]:
    """A sentence with ``**bold**`` and ```code``` marks as (plain text, HTML)."""
    plain = text.replace("**", "").replace("`", "")
    markup = esc(text).replace("&#039;", "'")
    markup = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", markup)
    markup = re.sub(r"`(.+?)`", r'<code class="CodeInline">\1</code>', markup)
    return plain, markup


def _message(rng: random.Random, topic: str, kind: str, mention: str = "") -> tuple[list[str], str]:
    """A message as (pieces of plain text, Wysiwyg HTML). ``kind``: short, normal or long."""
    if kind == "short":
        text = rng.choice(_SHORT)
        return [text], f"<p>{esc(text)}</p>"
    plain: list[str] = []
    blocks: list[str] = []
    paragraphs = rng.randint(2, 4) if kind == "long" else rng.randint(1, 2)
    pool = _LINES[topic] + (_GENERIC if kind != "opening" else [])
    for p in range(paragraphs):
        pieces = [_inline(_fill(rng, rng.choice(pool))) for _ in range(rng.randint(1, 3))]
        line = " ".join(m for _, m in pieces)
        words = [t for t, _ in pieces]
        if p == 0 and mention:
            line = f'<a href="{profile_path(mention)}">@{esc(mention)}</a> {line}'
            words.insert(0, f"@{mention}")
        if rng.random() < 0.06:
            name, alt = rng.choice(_EMOJI)
            line += (
                f' <img class="emoji" src="%BASE%/resources/emoji/{name}.png" title="{alt}" alt="{alt}" height="20" />'
            )
        plain += words
        blocks.append(f"<p>{line}</p>")
        if kind == "long" and p == 0 and rng.random() < 0.5:
            items = rng.choice(_LISTS)
            tag = rng.choice(["ul", "ol"])
            plain += items
            blocks.append(f"<{tag}>" + "".join(f"<li>{esc(i)}</li>" for i in items) + f"</{tag}>")
        if kind == "long" and p == paragraphs - 2 and rng.random() < 0.6:
            code = rng.choice(_CODE)
            plain += code
            blocks.append('<pre class="CodeBlock"><code>' + esc("\n".join(code)) + "</code></pre>")
    if rng.random() < 0.06:
        image = hashlib.md5(f"{rng.random()}".encode()).hexdigest()[:12].upper()
        blocks.append(f'<p><img src="%BASE%/uploads/editor/{image[:2].lower()}/{image}.png" alt="image" /></p>')
    if rng.random() < 0.07:
        url, label = rng.choice(_LINKS)
        plain.append(f"See {label} for the details.")
        blocks.append(f'<p>See <a href="{url}" rel="nofollow">{label}</a> for the details.</p>')
    return plain, "\n".join(blocks)


class VanillaData:
    """Members, categories, discussions and comments, from a seeded RNG."""

    def __init__(self, seed: int, size: float) -> None:  # noqa: PLR0912, PLR0915
        rng = random.Random(seed)
        self.categories: dict[str, Category] = {}
        by_id: dict[int, Category] = {}
        for cid, slug, name, desc, parent, display, _, topic, qna in _CATEGORIES:
            c = Category(cid, slug, name, desc, by_id.get(parent), display, topic, bool(qna))
            by_id[cid] = self.categories[slug] = c
            if c.parent is not None:
                c.parent.children.append(c)
        uids = [1, *sorted(rng.sample(range(2, 2400), len(_NAMES) - 1))]
        self.members = {uid: Member(uid, name) for uid, name in zip(uids, _NAMES, strict=True)}
        self.by_name = {m.name.lower(): m for m in self.members.values()}
        self.members[uids[0]].role, self.members[uids[1]].role = "Administrator", "Moderator"
        for i, m in enumerate(self.members.values()):
            m.title = rng.choice(_TITLES) if rng.random() < 0.3 else ""
            m.location = rng.choice(_LOCATIONS) if rng.random() < 0.4 else ""
            m.photo = f"{m.uid % 997}/n{hashlib.md5(m.name.encode()).hexdigest()[:10].upper()}.jpg" if i % 3 else ""
            m.signature = _SIGNATURES[i // 4 % len(_SIGNATURES)] if i % 4 == 2 else ""
        protos: list[tuple[Category, int, list[datetime], list[int]]] = []
        scale = size**1.1
        big = {3: max(1, round(3 * size)), 4: max(1, round(2 * size))}
        for cid, _, _, _, _, display, weight, topic, _ in _CATEGORIES:
            if display != "D":
                continue
            c = by_id[cid]
            n_ann = {"news": 2, "hw": 1, "apps": 1}.get(topic, 0)
            n = max(3, round(weight * scale))
            if -(-n // DISCUSSIONS_PER_PAGE) < -(-(n + n_ann) // DISCUSSIONS_PER_PAGE):
                n += 1  # Vanilla would show an empty last page: keep the fixture clear of it
            for t in range(n + n_ann):
                if topic == "news":
                    length = rng.randint(1, 9)
                elif t == n_ann:
                    length = 1
                elif topic in {"hw", "apps", "net", "ha"} and big[4] and t == n_ann + 2:
                    length, big[4] = rng.randint(92, 119), big[4] - 1
                elif topic in {"hw", "apps", "ha"} and big[3] and t in {n_ann + 3, n_ann + 7}:
                    length, big[3] = rng.randint(63, 88), big[3] - 1
                else:
                    lo, hi = rng.choices([(1, 1), (2, 5), (6, 12), (13, 22), (23, 31), (32, 58)],
                                         [8, 22, 28, 23, 12, 7])[0]  # fmt: skip
                    length = rng.randint(lo, hi)
                mean = rng.choice([40 * 60, 5 * 3600, 22 * 3600, 3 * 86400])
                gaps = [60 + int(rng.expovariate(1 / mean)) for _ in range(length - 1)]
                if t < n_ann:
                    end_ago = rng.randint(40 * 86400, 500 * 86400)
                elif rng.random() < 0.3:
                    end_ago = rng.randint(5 * 60, 30 * 3600)
                else:
                    end_ago = rng.randint(2 * 86400, 700 * 86400)
                times = [NOW - timedelta(seconds=end_ago + sum(gaps))]
                for gap in gaps:
                    times.append(times[-1] + timedelta(seconds=gap))
                starter = rng.choice(uids[:2]) if topic == "news" else rng.choice(uids[2:])
                authors = [starter] + [starter if rng.random() < 0.18 else rng.choice(uids) for _ in gaps]
                protos.append((c, 2 if t < n_ann and topic != "news" else int(t < n_ann), times, authors))
        protos.sort(key=lambda p: p[2][0])
        self.discussions: dict[int, Discussion] = {}
        names: set[str] = set()
        did = 4
        posts: list[tuple[datetime, Discussion, int, int]] = []
        for c, announce, times, authors in protos:
            did += rng.randint(1, 4)
            name = ""
            while not name or name in names:
                name = _fill(rng, rng.choice(_ANNOUNCE[c.topic] if announce == 2 else _SUBJECTS[c.topic]))
            names.add(name)
            closed = (c.topic == "news" and len(times) == 1) or rng.random() < 0.04
            views = len(times) * rng.randint(15, 80) + rng.randint(20, 900)
            tags = sorted(set(rng.sample(_TAGS[c.topic], min(len(_TAGS[c.topic]), rng.randint(0, 2)))))
            if c.topic != "news" and int(hashlib.md5(name.encode()).hexdigest(), 16) % 5 < 2:
                tags = sorted({*tags, "homelab"})  # one broad tag, its view paginated
            d = Discussion(did, c, name, gdn_url(name), announce, closed, views, tags, question=c.qna)
            d.score = rng.choice([0, 0, 0, 1, 2, 5])
            self.discussions[did] = d
            c.discussions.append(d)
            posts += [(w, d, i, authors[i]) for i, w in enumerate(times)]
        cid = 1037
        for when, d, i, uid in sorted(posts, key=lambda x: (x[0], x[1].did, x[2])):
            topic = d.category.topic
            kind = (
                "long" if i == 0 and rng.random() < 0.45 else rng.choices(["short", "normal", "long"], [15, 66, 19])[0]
            )
            earlier = [p for p in d.posts if p.uid != uid]
            mention = self.members[rng.choice(earlier).uid].name if i and earlier and rng.random() < 0.06 else ""
            plain, body = _message(rng, topic, "opening" if i == 0 and kind == "normal" else kind, mention)
            if i:
                cid += rng.randint(1, 3)
            post = Post(cid if i else 0, d.did, uid, when, plain, body)
            if i and rng.random() < 0.12:
                post.quote = d.posts[-1] if rng.random() < 0.7 else rng.choice(d.posts)
            if when < NOW - timedelta(hours=2) and rng.random() < 0.08:
                edit = min(NOW - timedelta(minutes=3), when + timedelta(seconds=rng.randint(60, 3 * 86400)))
                post.edited = (edit, uids[1] if rng.random() < 0.2 else uid)
            d.posts.append(post)
        for d in self.discussions.values():
            if d.question:
                answers = [p for p in d.posts[1:] if p.uid != d.posts[0].uid]
                if answers and rng.random() < 0.65:
                    rng.choice(answers).accepted = True
                    d.qna = "Accepted"
                elif answers:
                    d.qna = "Answered"
        self.comments = {p.pid: p for d in self.discussions.values() for p in d.posts[1:]}
        for m in self.members.values():
            mine = [p.when for d in self.discussions.values() for p in d.posts if p.uid == m.uid]
            first = min(mine, default=NOW - timedelta(days=rng.randint(20, 900)))
            m.joined = first - timedelta(days=rng.randint(1, 700), seconds=rng.randint(0, 86399))
            m.last_active = max(mine, default=first) + timedelta(minutes=rng.randint(1, 90))
            m.last_active = min(m.last_active, NOW)
            m.visits = len(mine) * rng.randint(2, 9) + rng.randint(1, 40)
            m.points = len(mine) + rng.randint(0, 120)

    # -- queries ---------------------------------------------------------------------------------
    def ordered(self) -> list[Category]:
        out: list[Category] = []

        def walk(items: list[Category]) -> None:
            for c in items:
                out.append(c)
                walk(c.children)

        walk([c for c in self.categories.values() if c.parent is None])
        return out

    def recent(self) -> list[Discussion]:
        ordered = sorted(self.discussions.values(), key=lambda d: d.last, reverse=True)
        return [d for d in ordered if d.announce == 1] + [d for d in ordered if d.announce != 1]

    def popular_tags(self) -> list[tuple[str, int]]:
        counts: dict[str, int] = {}
        for d in self.discussions.values():
            for t in d.tags:
                counts[t] = counts.get(t, 0) + 1
        return sorted(counts.items(), key=lambda x: (-x[1], x[0]))[:12]

    def tagged(self, tag: str) -> list[Discussion]:
        return [d for d in self.recent() if tag in d.tags]

    def page_of(self, p: Post) -> int:
        if not p.pid:
            return 1
        return (self.discussions[p.did].posts.index(p) - 1) // COMMENTS_PER_PAGE + 1

    def all_posts(self) -> list[Post]:
        return sorted((p for d in self.discussions.values() for p in d.posts), key=lambda p: p.when, reverse=True)


@dataclass
class Route:
    kind: PageKind
    canonical: str | None
    render: Callable[[Ctx], str | Reply | None]


def _page_arg(segment: str | None) -> int:
    """``offsetLimit()``: 'p3' anywhere in the segment is page 3; anything else (or p0) is page 1."""
    m = re.search(r"p(\d+)", segment or "", re.IGNORECASE)
    return max(1, int(m[1])) if m else 1


class VanillaForum(VanillaPages, RoutedTruth):
    """Vanilla 2.8: ``/categories/hardware/p2``, ``/discussion/1234/some-title/p3``."""

    name = "vanilla"

    def __init__(self, size: float = 1.0, *, seed: int = 3) -> None:
        self.charset = "utf-8"
        self.seed = seed
        self.data = VanillaData(seed, size)

    # -- truth -----------------------------------------------------------------------------------
    def start_target(self) -> str:
        return "/"

    def board_target(self, c: Category, page: int) -> str:
        return f"/categories/{c.slug}" + (f"/p{page}" if page > 1 else "")

    def thread_target(self, d: Discussion, page: int) -> str:
        return f"/discussion/{d.did}/{d.slug}" + (f"/p{page}" if page > 1 else "")

    def thread_targets(self) -> frozenset[str]:
        return frozenset(
            self.thread_target(d, p) for d in self.data.discussions.values() for p in range(1, d.pages + 1)
        )

    def index_targets(self) -> frozenset[str]:
        boards = [c for c in self.data.ordered() if c.display == "D"]
        return frozenset(["/categories", *(self.board_target(c, p) for c in boards for p in range(1, c.pages + 1))])

    def posts(self) -> list[TruthPost]:
        out = []
        for c in self.data.ordered():
            for d in c.listing():
                for i, p in enumerate(d.posts):
                    page = 1 if i == 0 else (i - 1) // COMMENTS_PER_PAGE + 1
                    author = self.data.members[p.uid].name
                    text = normalize_space(" ".join(p.plain))
                    out.append(TruthPost(str(d.did), d.name, c.name, page, i + 1, p.anchor, author,
                                         normalize_space(full_date(p.when)), text))  # fmt: skip
        return out

    # -- routing ---------------------------------------------------------------------------------
    def resolve(self, target: str) -> Route | None:
        parts = urlsplit(target.partition("#")[0])
        params = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        segs = [unquote(s) for s in parts.path.split("/")[1:]]
        segs[:1] = [s.lower() for s in segs[:1]]
        while segs and not segs[-1]:
            segs.pop()
        if not segs or segs == ["categories"]:
            return Route("index", "/categories", self.render_index)
        if segs[-1] == "feed.rss":
            feed = self.feed_route(segs[:-1])
            return None if feed is None else Route("noise", None, feed)
        if segs[0] == "categories":
            return self.resolve_category(segs[1:])
        if segs[0] == "discussion" and len(segs) > 1 and segs[1].isdigit():
            return self.resolve_discussion(segs[1:])
        render = self.noise_route(segs, params)
        return None if render is None else Route("noise", None, render)

    def resolve_category(self, args: list[str]) -> Route | None:
        c = self.data.categories.get(args[0].lower())
        if c is None:
            return None
        page = _page_arg(args[1] if len(args) > 1 else None)
        if c.display == "C":
            return Route("noise", None, lambda ctx: self.render_parent(ctx, c)) if page == 1 else None
        if page > c.pages:
            return None
        return Route("board", self.board_target(c, page), lambda ctx: self.render_category(ctx, c, page))

    def resolve_discussion(self, args: list[str]) -> Route | None:
        d = self.data.discussions.get(int(args[0]))
        if d is None:
            return None
        page = _page_arg(args[2] if len(args) > 2 else None)
        if page > d.pages:
            return None
        return Route("thread", self.thread_target(d, page), lambda ctx: self.render_discussion(ctx, d, page))

    def feed_route(self, segs: list[str]) -> Callable[[Ctx], Reply] | None:
        data = self.data
        if segs in (["discussions"], ["categories"], []):
            return lambda ctx: self.render_rss(ctx, "Recent Discussions", f"{ctx.base}/discussions", data.recent())
        if len(segs) == 2 and segs[0] == "categories" and segs[1].lower() in data.categories:
            c = data.categories[segs[1].lower()]
            return lambda ctx: self.render_rss(ctx, c.name, self.category_url(ctx, c), c.family())
        if len(segs) == 3 and segs[:2] == ["discussions", "tagged"] and data.tagged(segs[2]):
            return lambda ctx: self.render_rss(ctx, f"Tagged with {segs[2]}", f"{ctx.base}/discussions/tagged/"
                                               f"{quote(segs[2])}", data.tagged(segs[2]))  # fmt: skip
        if len(segs) >= 2 and segs[0] == "discussion" and segs[1].isdigit() and int(segs[1]) in data.discussions:
            d = data.discussions[int(segs[1])]
            return lambda ctx: self.render_rss(ctx, d.name, self.discussion_url(ctx, d), [d], comments=True)
        return None

    # fmt: off
    def noise_route(  # noqa: PLR0911, PLR0912
        self, segs: list[str], params: dict[str, str]
    ) -> Callable[[Ctx], str | Reply | None] | None:
        """The renderer of a noise page (None: 404)."""
        data, head, rest = self.data, segs[0], segs[1:]
        if head == "discussions":
            if rest[:1] == ["bookmarked"]:
                return lambda ctx: redirect(ctx.base + ctx.signin("discussions/bookmarked"))
            if rest[:1] == ["tagged"] and len(rest) >= 2:
                items, tag = data.tagged(rest[1]), rest[1]
                page = _page_arg(rest[2] if len(rest) > 2 else None)
                if not items or page > -(-len(items) // DISCUSSIONS_PER_PAGE):
                    return None
                return lambda ctx: self.render_list(ctx, f"Tagged with {tag}", items, page,
                                                    f"{ctx.base}/discussions/tagged/{quote(tag)}/p{{}}")
            page = _page_arg(rest[0] if rest else None)
            if (rest and not re.fullmatch(r"p\d+", rest[0], re.I)) or page > -(-len(data.discussions) // 30):
                return None
            return lambda ctx: self.render_list(ctx, "Recent Discussions", data.recent(), page,
                                                f"{ctx.base}/discussions/p{{}}", recent=True)
        if head == "discussion" and rest[:1] == ["comment"] and len(rest) > 1 and rest[1].isdigit():
            p = data.comments.get(int(rest[1]))
            return None if p is None else lambda ctx: redirect(
                f"{self.discussion_url(ctx, data.discussions[p.did], data.page_of(p))}#Comment_{p.pid}")
        if head == "discussion" and rest[:1] == ["embed"]:
            d = data.discussions.get(int(rest[1])) if len(rest) > 1 and rest[1].isdigit() else None
            d = d or data.discussions.get(int(params.get("vanilla_discussion_id", "0") or 0) if
                                          params.get("vanilla_discussion_id", "").isdigit() else 0)
            return None if d is None else lambda ctx: self.render_embed(ctx, d)
        if head == "profile":
            return self.profile_route(rest)
        if head == "activity":
            page = _page_arg(rest[0] if rest else None)
            total = len(data.all_posts()) + len(data.members)
            return None if page > -(-total // 30) else lambda ctx: self.render_activity(ctx, page)
        if head == "entry" and rest[:1] in (["signin"], ["register"], ["passwordrequest"]):
            return lambda ctx: self.render_entry(ctx, rest[0], params.get("Target", ""))
        if head == "search":
            page = _page_arg(rest[0] if rest else None)
            return lambda ctx: self.render_search(ctx, params.get("Search", ""), page)
        if head == "home" and rest == ["termsofservice"]:
            terms = "<p>Be excellent to each other. No spam, no piracy, no personal attacks.</p>"
            return lambda ctx: self.box_page(ctx, "Terms of Service", terms, body_id="dashboard_home_termsofservice")
        if head in {"post", "react", "messages"} or (head == "discussion" and rest[:1] == ["bookmark"]):
            return lambda ctx: redirect(ctx.base + ctx.signin())
        return None
    # fmt: on

    def profile_route(self, rest: list[str]) -> Callable[[Ctx], str | None] | None:
        data = self.data
        tab = rest[0] if rest and rest[0] in {"activity", "discussions", "comments"} else ""
        args = rest[1:] if tab else rest
        if len(args) >= 2 and args[0].isdigit():
            m = data.members.get(int(args[0]))
            page = _page_arg(args[2] if len(args) > 2 else None)
        elif len(args) == 1:
            m, page = data.by_name.get(args[0].lower()), 1
        else:
            return None
        if m is None:
            return None
        return lambda ctx: self.render_profile(ctx, m, tab or "activity", page)

    # -- the canonical pages -------------------------------------------------------------------------
    def render_index(self, ctx: Ctx) -> str:
        roots = [c for c in self.data.categories.values() if c.parent is None]
        content = (
            '<h1 class="H HomepageTitle">Categories</h1>\n'
            f'<div class="P PageDescription">Welcome to {SITE}: homelabs, self-hosting and home automation.</div>\n'
            f"{self.category_table(ctx, roots)}"
        )
        head = (
            f'  <link rel="alternate" type="application/rss+xml" title="Recent Discussions — {SITE}" '
            f'href="{ctx.base}/discussions/feed.rss" />\n'
        )
        return self.page(
            ctx, "Categories", content, panel=self.panel(ctx, filter_active="AllCategories"),
            body_id="vanilla_categories_index", body_class="Vanilla Categories isDesktop index Section-CategoryList",
            canonical=f"{ctx.base}/categories", head=head, resolved="vanilla/categories/index",
        )  # fmt: skip

    def render_parent(self, ctx: Ctx, c: Category) -> str:
        content = (
            f'<h1 class="H HomepageTitle">{esc(c.name)}</h1>\n'
            f'<div class="P PageDescription">{esc(c.description)}</div>\n'
            f"{self.category_table(ctx, c.children)}"
        )
        return self.page(
            ctx, c.name, content, crumbs=self.category_crumbs(ctx, c), panel=self.panel(ctx, active=c),
            body_id="vanilla_categories_index",
            body_class=f"Vanilla Categories isDesktop index Section-Category-{c.slug}",
            canonical=self.category_url(ctx, c), resolved="vanilla/categories/index",
        )  # fmt: skip

    def render_category(self, ctx: Ctx, c: Category, page: int) -> str:
        def url(n: int) -> str:
            return self.category_url(ctx, c, n)

        content = self.listing(
            ctx, c.name, c.description, c.page_items(page), page=page, pages=c.pages, url=url, new=f"/{c.slug}"
        )
        head = (
            f'  <link rel="alternate" type="application/rss+xml" title="{esc(c.name)} — {SITE}" '
            f'href="{self.category_url(ctx, c)}/feed.rss" />\n' + self.rel_links(page, c.pages, url)
        )
        title = c.name if page == 1 else f"{c.name} - Page {page}"
        return self.page(
            ctx, title, content, crumbs=self.category_crumbs(ctx, c), panel=self.panel(ctx, active=c, new=f"/{c.slug}"),
            body_id="vanilla_categories_index",
            body_class=f"Vanilla Categories isDesktop index Section-DiscussionList Section-Category-{c.slug}",
            canonical=url(page), head=head, description=c.description, resolved="vanilla/categories/index",
        )  # fmt: skip

    def render_discussion(self, ctx: Ctx, d: Discussion, page: int) -> str:
        def url(n: int) -> str:
            return self.discussion_url(ctx, d, n)

        c = d.category
        first = " ".join(d.posts[0].plain)
        panel = self.panel(ctx, active=c, new=f"/{c.slug}", extra=self.in_this_discussion(d))
        title = d.name if page == 1 else f"{d.name} - Page {page}"
        section = "Section-Discussion" + (" Section-Question" if d.question else "")
        return self.page(
            ctx, title, self.discussion_body(ctx, d, page), crumbs=self.category_crumbs(ctx, c), panel=panel,
            body_id="vanilla_discussion_index",
            body_class=f"Vanilla Discussion isDesktop index {section} Section-Category-{c.slug}",
            canonical=url(page), head=self.rel_links(page, d.pages, url), description=first[:160],
            resolved="vanilla/discussion/index",
        )  # fmt: skip

    # -- noise pages -------------------------------------------------------------------------------
    def render_list(self, ctx: Ctx, title: str, items: list[Discussion], page: int, fmt: str, *,
                    recent: bool = False) -> str:  # fmt: skip
        pages = max(1, -(-len(items) // DISCUSSIONS_PER_PAGE))
        if recent:
            ann = [d for d in items if d.announce == 1]
            rest = items[len(ann) :]
            shown = (ann if page == 1 else []) + rest[(page - 1) * 30 : page * 30]
        else:
            shown = items[(page - 1) * 30 : page * 30]

        def url(n: int) -> str:
            return fmt.format(n)

        content = self.listing(ctx, title, "", shown, page=page, pages=pages, url=url, show_category=True)
        canonical = fmt.format(page).removesuffix("/p1")
        return self.page(
            ctx, title, content, panel=self.panel(ctx, filter_active="Discussions" if recent else ""),
            body_id="vanilla_discussions_index",
            body_class="Vanilla Discussions isDesktop index Section-DiscussionList",
            canonical=canonical, head=self.rel_links(page, pages, url), resolved="vanilla/discussions/index",
        )  # fmt: skip

    def events(self, member: Member | None = None) -> list[tuple[datetime, Member, Post | None]]:
        data = self.data
        out: list[tuple[datetime, Member, Post | None]] = [
            (p.when, data.members[p.uid], p) for p in data.all_posts() if member is None or p.uid == member.uid
        ]
        out += [(m.joined, m, None) for m in data.members.values() if member is None or m is member]
        return sorted(out, key=lambda e: e[0], reverse=True)

    def render_activity(self, ctx: Ctx, page: int) -> str:
        events = self.events()
        pages = -(-len(events) // 30)

        def url(n: int) -> str:
            return f"{ctx.base}/activity/p{n}"

        content = (
            f'<h1 class="H">Recent Activity</h1>\n{self.activity_items(ctx, events[(page - 1) * 30 : page * 30])}\n'
            f'<div class="P PagerWrap">{self.pager(page, pages, url, "PagerMore")}</div>'
        )
        return self.page(
            ctx, "Recent Activity", content, panel=self.panel(ctx, filter_active="Activities"),
            body_id="dashboard_activity_index", body_class="Dashboard Activity isDesktop index Section-ActivityList",
            resolved="dashboard/activity/index",
        )  # fmt: skip

    def render_profile(self, ctx: Ctx, m: Member, tab: str, page: int) -> str | None:
        data = self.data
        started = [d for d in data.recent() if d.posts[0].uid == m.uid]
        written = [p for p in data.all_posts() if p.uid == m.uid and p.pid]
        base = f"/profile/{{}}/{m.uid}/{quote(m.name)}"
        active = ' class="Active"'
        tabs = "".join(
            f'<li{active if t == tab else ""}><a href="{base.format(t)}" class="TabLink">{label}'
            + (f' <span class="Aside"><span class="Count">{n}</span></span>' if n is not None else "")
            + "</a></li>"
            for t, label, n in (("activity", "Activity", None), ("discussions", "Discussions", len(started)),
                                ("comments", "Comments", len(written)))
        )  # fmt: skip
        count = len(started) if tab == "discussions" else len(written) if tab == "comments" else 0
        pages = max(1, -(-count // 30))
        if page > pages:
            return None

        def url(n: int) -> str:
            return ctx.base + base.format(tab) + f"/p{n}"

        if tab == "discussions":
            body = self.discussion_list(ctx, started[(page - 1) * 30 : page * 30], show_category=True)
        elif tab == "comments":
            rows = [
                f'<li id="Comment_{p.pid}" class="Item"><div class="ItemContent"><div class="Message">'
                f'{esc(" ".join(p.plain)[:250])}</div><div class="Meta"><span class="MItem">'
                f'<a href="{self.comment_url(ctx, p)}">{esc(data.discussions[p.did].name)}</a></span> '
                f'<span class="MItem">{date_html(p.when)}</span></div></div></li>'
                for p in written[(page - 1) * 30 : page * 30]
            ]
            body = '<ul class="DataList SearchResults">\n' + "\n".join(rows) + "\n</ul>"
        else:
            body = self.activity_items(ctx, self.events(m)[:20])
        about = "".join(
            f'<dt class="{k}">{label}</dt><dd class="{k}">{v}</dd>'
            for k, label, v in (("Name", "Username", esc(m.name)), ("Location", "Location", esc(m.location)),
                                ("Joined", "Joined", date_html(m.joined)), ("Visits", "Visits", str(m.visits)),
                                ("LastActive", "Last Active", date_html(m.last_active)), ("Roles", "Roles", m.role),
                                ("Points", "Points", str(m.points)))
            if v
        )  # fmt: skip
        content = (
            f'<div class="Profile">\n<div class="User" itemscope itemtype="http://schema.org/Person">\n'
            f'<h1 class="H">{esc(m.name)}</h1>\n<div class="About P"><h2 class="H">About</h2><dl class="About">{about}'
            f'</dl></div>\n</div>\n<div class="Tabs ProfileTabs"><ul>{tabs}</ul></div>\n{body}\n'
            f'<div class="P PagerWrap">{self.pager(page, pages, url, "PagerAfter")}</div>\n</div>'
        )
        photo = (
            f'<div class="Box PhotoBox">{self.user_photo(ctx, m, "Large")}</div>'
            f'<div class="BoxButtons"><a href="{ctx.base}/messages/add/{quote(m.name)}" class="Button">Message</a>'
            "</div>"
        )
        return self.page(
            ctx, m.name, content, panel=photo + self.panel(ctx),
            body_id="dashboard_profile_index", body_class="Dashboard Profile isDesktop index Section-Profile",
            canonical=f"{ctx.base}{profile_path(m.name)}", resolved="dashboard/profile/index",
        )  # fmt: skip

    def render_search(self, ctx: Ctx, query: str, page: int) -> str:
        data = self.data
        words = query.lower().split()
        found: list[Post] = []
        if words:
            for p in data.all_posts():
                d = data.discussions[p.did]
                hay = (" ".join(p.plain) + (" " + d.name if not p.pid else "")).lower()
                if all(w in hay for w in words):
                    found.append(p)
        pages = max(1, -(-len(found) // 20))
        rows = []
        for p in found[(page - 1) * 20 : page * 20]:
            d, m = data.discussions[p.did], data.members[p.uid]
            text = " ".join(p.plain)
            rows.append(
                f'<li class="Item Item-Search"><h3><a href="{self.post_url(ctx, p)}">{esc(d.name)}</a></h3>'
                f'<div class="Item-Body Media"><div class="Media-Body"><div class="Meta"><span class="MItem-Author">'
                f'{self.user_anchor(m)}</span> · <span class="MItem-DateInserted">{date_html(p.when)}</span> · '
                f'<span class="MItem-Location">in <a href="{self.category_url(ctx, d.category)}">{esc(d.category.name)}'
                f'</a></span></div><div class="Summary">{esc(text[:180])}</div></div></div></li>'
            )
        q = urlencode(query)

        def url(n: int) -> str:
            return f"{ctx.base}/search/p{n}?Search={q}"

        results = (
            f'<ol id="search-results" class="DataList DataList-Search" start="{(page - 1) * 20 + 1}">'
            + "".join(rows)
            + "</ol>"
            if rows
            else '<p class="NoResults">No results for &#8216;' + esc(query) + "&#8217;.</p>"
        )
        content = (
            '<h1 class="sr-only">Search</h1>\n'
            f'<div class="SearchForm"><form method="get" action="{ctx.base}/search"><input type="text" name="Search" '
            f'value="{esc(query)}" class="InputBox BigInput" /><input type="submit" value="Search" class="Button" />'
            f"</form></div>\n{results if words else ''}\n"
            f'<div class="PageControls Bottom">{self.pager(page, pages, url, "PagerAfter") if words else ""}</div>'
        )
        return self.page(
            ctx, "Search", content, panel=self.panel(ctx), body_id="dashboard_search_index",
            body_class="Dashboard Search isDesktop index", resolved="dashboard/search/index",
        )  # fmt: skip

    # -- serving ---------------------------------------------------------------------------------
    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            body = "User-agent: *\nDisallow: /entry/\nDisallow: /messages/\nDisallow: /dashboard/\n"
            return Reply(200, body, {"Content-Type": "text/plain; charset=utf-8"})
        ctx = Ctx(request)
        route = self.resolve(request.target)
        out = None if route is None else route.render(ctx)
        if out is None:
            return html(self.not_found_page(ctx), charset="utf-8", status=404)
        reply = out if isinstance(out, Reply) else html(out, charset="utf-8")
        reply.headers.setdefault("X-Frame-Options", "SAMEORIGIN")
        return reply
