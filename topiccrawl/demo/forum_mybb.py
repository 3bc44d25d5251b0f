"""MyBB 1.8 fixture forum in the default theme (English, UTF-8), as a guest sees it.

One PHP script per page type at the root, ``&``-separated queries, template links relative
(``showthread.php?tid=2``), profile, header and footer links absolute (``bburl``). Board index ``/`` or
``/index.php``: ``table.tborder`` per category (``thead`` heading linking the category as
``forumdisplay.php?fid=C``, ``tcat`` column heads, ``trow1``/``trow2`` forum rows with 'Sub Forums:' lists,
thread/post counts and the last post as ``showthread.php?tid=T&action=lastpost`` by a profile link
``member.php?action=profile&uid=U``), one category holding only a link forum that points off-site, and the
'Board Statistics' box. Forums ``forumdisplay.php?fid=N``, later pages ``&page=P`` (20 threads a page; page 1
is linked without ``page``): a 'Forums in …' table for a forum with a sub-forum, ``div.pagination``
(MyBB's ``multipage()``: '« Previous', a window of five pages, '1 ...'/'... N', 'Next »' and a 'Jump to
page' form), 'Post Thread' ``newthread.php?fid=N``, 'Mark this forum read'
``misc.php?action=markread&fid=N&my_post_key=…``, sort links in the column heads
(``&datecut=9999&prefix=0&sortby=subject&order=asc``), 'Forum Announcements' rows
(``announcements.php?aid=A``), an 'Important Threads' section of stickies (first page only: stickies count
in the paging, as MyBB sorts ``sticky DESC, lastpost DESC``) then 'Normal Threads'; thread rows
``tr.inline_row`` with the optional prefix, ``<span class=" subject_old" id="tid_T">`` title links, in-row
pages ``(Pages: 1 2 3 4 ... 8)`` linking ``showthread.php?tid=T&page=N`` (page 1 too), the starter, replies
linked ``misc.php?action=whoposted&tid=T``, views and 'Last Post' ``&action=lastpost``; the tfoot sort form,
the legend and the 'Forum Jump' select. Threads ``showthread.php?tid=T``, later pages ``&page=P`` (10 posts
a page): the subject in ``td.thead strong`` (a prefix such as ``[Solved]`` before it), 'Thread Modes'
popup (``mode=linear``/``mode=threaded&tid=T&pid=P#pidP``), ``div#posts`` of ``div.post.classic#post_PID``
preceded by ``<a name="pidPID">``: ``div.post_author`` (avatar, profile link, online status, user title,
stars, posts/threads/joined/reputation ``reputation.php?uid=U``; guests' posts show the name unlinked and
'Unregistered'), ``div.post_head`` with the post number link ``showthread.php?tid=T&pid=PID#pidPID``
('#3') and ``span.post_date`` ('06-12-2025, 10:22 AM'; within three hours ``<span title="06-12-2025,
01:40 PM">2 hours ago</span>``, then ``<span title="06-11-2025">Yesterday</span>, 11:01 PM`` and 'Today')
holding ``span.edited_post`` '(This post was last modified: … by X. Edit Reason: …)', the body
``div.post_body.scaleimages#pid_PID`` (``<br />`` lines, ``mycode_b``/``mycode_i`` spans, ``mycode_url``
links, ``mycode_img`` images, smilies, ``ul.mycode_list``, ``div.codeblock`` with a 'Code:' title, and
``blockquote.mycode_quote`` quotes headed ``<cite><span> (date)</span>X Wrote: <a
href="…/showthread.php?pid=P#pidP" class="quick_jump">``), ``div.signature.scaleimages``, and buttons
(email ``member.php?action=emailuser&uid=``, PM ``private.php?action=send&uid=``, website, find
``search.php?action=finduser&uid=``, report ``report.php?type=post&pid=``, quote
``newreply.php?tid=T&replyto=PID``); 'Next Oldest'/'Next Newest' (``&action=nextoldest``), 'View a Printable Version'
``printthread.php?tid=T``, ``sendthread.php?tid=T``,
'Subscribe to this thread' ``usercp2.php?…``. Every page's footer links 'Lite (Archive) Mode'
(``archive/index.php``, ``/forum-N.html``, ``/thread-T.html`` for the page at hand), 'Forum Team',
'Contact Us', 'Mark all forums read' and 'RSS Syndication'; the header Portal, Search, Member List,
Calendar, Help, Login, Register. Guests get a ``sid`` cookie, never a session id in URLs.

Noise (all kind ``noise``, no canonical target): category pages ``forumdisplay.php?fid=C``; the link forum
(302 off-site); sorted/filtered forum views (any of ``sortby``, ``order``, ``datecut``, ``prefix``);
announcements; ``action=lastpost``/``newpost``/``nextoldest``/``nextnewest`` (302 redirects; a missing
neighbour is an error page); threaded mode (one URL per post, its tree linking every other); print
(paginated), send-to-friend, new thread/reply, report, PM, e-mail, subscribe, reputation; profiles;
search with ``finduser``/``finduserthreads`` (302 to ``search.php?action=results&sid=…``, paginated);
member list (sort, order, letter filters and pages: several hundred URLs); portal (announcements forum's
first posts, paginated, and latest threads); the calendar (month ``?calendar=1&year=Y&month=M`` for any
year 1901-2037, week ``?action=weekview&calendar=1&week=TS``, day ``?action=dayview…``, events: a trap);
who's online (sorts, 'today'); team; stats; help (``misc.php?action=help&hid=N``); contact; login,
register, lost password; mark read (a 'friendly redirect' page); who posted; RSS page and
``syndication.php[?fid=N]`` feeds; the lite archive (duplicate views). Unknown scripts, forums or threads:
404, kind ``other``; so are ``robots.txt`` and static files.

At ``size`` 1 the forum has 8 forums with threads (one a sub-forum) in 3 categories, the third holding only
the link forum, 160 threads and about 2,600 posts, some threads of one post, every forum one of two pages,
three of six or more; at 0.3, the same forums, 42 threads and about 550 posts. The clock is
:data:`~topiccrawl.demo.forum_mybb_pages.NOW`. Templates are in :mod:`topiccrawl.demo.forum_mybb_pages`.

Truth: ``thread_title`` is the heading in ``td.thead strong`` as shown, the prefix included ('[Solved]
Title'); ``board`` the forum's name; ``post_id`` the post's ``div`` id ``post_PID``; ``author`` the display
name (a guest's name for guests' posts); ``time`` as shown, and for relative times the absolute
'06-12-2025, 01:40 PM' (the ``title`` of 'N hours ago', the ``title`` date plus the shown time for
'Today'/'Yesterday'); ``text`` what the author wrote, whitespace-normalised: paragraphs, list items and the
code of code blocks (not their 'Code:' title), link texts, without quotes, signatures, edit notes and
images (smilies included, which add no text). Canonical targets: ``/index.php`` (also for ``/`` and any
query), ``/forumdisplay.php?fid=N[&page=P]`` and ``/showthread.php?tid=T[&page=P]`` (``page`` only above
1). URLs MyBB serves as one of those pages have its kind and canonical target: ``&page=1``, pages out of
range or not numbers (page 1), ``page=last``, ``&pid=P`` and ``showthread.php?pid=P`` (the page holding P),
``mode=linear``, unknown extra parameters.
"""

from __future__ import annotations

import calendar
import hashlib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

from topiccrawl.demo.forum_mybb_pages import (
    FORUM,
    NEW_THREAD,
    NOW,
    PER_PAGE,
    STATIC,
    THREADS_PER_PAGE,
    Ctx,
    MybbPages,
    absolute,
    esc,
    my_date,
    number,
)
from topiccrawl.demo.forum_truth import PageKind, RoutedTruth, TruthPost
from topiccrawl.demo.server import Reply, SiteRequest, html, not_found, redirect
from topiccrawl.textutil import normalize_space

# fid, parent, type (c category, f forum, l link), name, description, weight (threads at size 1), topic
# fmt: off
_FORUMS = [
    (1, 0, "c", "General", "News, introductions and everything else.", 0, ""),
    (2, 1, "f", "Announcements", "Forum news, rule changes and maintenance windows.", 6, "news"),
    (3, 1, "f", "Introductions", "New here? Tell us about your lab.", 12, "intro"),
    (4, 1, "f", "Off-Topic Lounge", "Anything that doesn't fit anywhere else.", 16, "lounge"),
    (5, 0, "c", "Homelab", "", 0, ""),
    (6, 5, "f", "Servers & Hardware", "Rack servers, mini PCs, power draw and noise.", 32, "hw"),
    (7, 6, "f", "Storage & NAS", "ZFS, RAID, disks and backups.", 14, "nas"),
    (8, 5, "f", "Networking", "Routers, firewalls, VLANs, Wi-Fi and 10GbE.", 28, "net"),
    (9, 5, "f", "Self-Hosted Software", "Containers, VMs and the apps you run on them.", 32, "apps"),
    (10, 5, "f", "Scripts & Automation", "Ansible, shell scripts, cron jobs and home automation.", 20, "scripts"),
    (11, 0, "c", "Resources", "", 0, ""),
    (12, 11, "l", "Homelab Wiki", "Guides and build logs (external site).", 0, ""),
]
_LINKTO = "https://wiki.example.org/homelab/"
_NAMES = [
    *("Admin_Rick", "mod_jenna", "packetpusher", "ZFS_Zealot", "tinkerer42", "Brandon K.", "rackmount_ray"),
    *("sysadmin_sam", "Lena", "noisyfans", "old_greg", "kubekid", "Marta O'Neil", "HomeOpsHenry", "vlan_vic"),
    *("pi_hole_pete", "Dusty", "cheapskate_chris", "Ingrid", "nerdherder", "Tomasz", "ElectricSheep"),
    *("quiet_quinn", "r00tbeer", "WattWatcher", "Yusuf", "Deb & Dan"),
]
_GUESTS = ["curious_visitor", "Guest_Tom", "anon_lurker", "Mike (guest)"]
_SIGNATURES = [
    'Lab: 3x OptiPlex 7060 Micro, Proxmox cluster, <a href="https://blog.example.net/lab" target="_blank" '
    'rel="noopener" class="mycode_url">build log</a>',
    '<span style="font-style: italic;" class="mycode_i">There is no cloud, it\'s just someone else\'s computer.</span>',
    "R720 | 2x E5-2650 v2 | 192GB | way too loud",
    "If it isn't backed up, it doesn't exist.",
    "OPNsense &gt; everything else. Fight me.",
    '<img src="%BB%/uploads/sig_banner.png" loading="lazy" alt="[Image: sig_banner.png]" class="mycode_img" />',
    "-- Ingrid",
    "Power bill: yes.",
]
_TITLES = ["Junior Member", "Member", "Senior Member", "Posting Freak"]
_HW = ["Dell R720", "HP DL380 Gen9", "Lenovo M720q", "Supermicro X10SRL", "Intel NUC 11", "Raspberry Pi 5"]
_HW += ["OptiPlex 7060 Micro", "Minisforum MS-01", "Dell R730xd", "HP EliteDesk 800 G4"]
_APP = ["Nextcloud", "Jellyfin", "Home Assistant", "Vaultwarden", "Immich", "Paperless-ngx", "Gitea", "Pi-hole"]
_APP += ["Uptime Kuma", "Nginx Proxy Manager", "Frigate", "Authentik"]
_NET = ["pfSense", "OPNsense", "UniFi Dream Machine", "MikroTik hEX", "TP-Link Omada", "OpenWrt"]
_DISK = ["WD Red Plus 8TB", "IronWolf 12TB", "Samsung 870 EVO", "Crucial MX500", "Exos X18 16TB", "WD Blue SN580"]
_OS = ["Proxmox VE 8", "TrueNAS Scale", "Unraid", "Debian 12", "Ubuntu Server 24.04", "TrueNAS Core"]
_SLOTS = {"hw": _HW, "app": _APP, "net": _NET, "disk": _DISK, "os": _OS}
_SUBJECTS = {
    "news": ["Forum upgraded to MyBB 1.8.38", "Scheduled downtime this {day}", "New sub-forum: Storage & NAS",
             "Please read before posting: forum rules", "Spam wave: new accounts need approval",
             "Lab of the month: {hw}", "We moved to a new server ({hw})", "Summer build contest results"],
    "intro": ["Hi from {place}!", "New member, running {os} on a {hw}", "Long time lurker, first post",
              "Hello everyone, starting my first homelab", "Greetings from {place}", "Just joined, {app} fan here",
              "Another {hw} owner says hi", "Hey all, network engineer by day"],
    "lounge": ["What are you listening to while racking servers?", "Show your desk setup 2025",
               "Power bill confessions", "Coffee or tea during late-night maintenance?",
               "Funniest outage you've caused", "Books for sysadmins?",
               "Wife acceptance factor: how do you hide the rack?", "Garage vs. basement vs. closet",
               "Your most useless self-hosted service", "Anyone going to the {place} meetup?"],
    "hw": ["{hw} idles at {n}W, is that normal?", "Fan noise on the {hw} after BIOS update",
           "Finally racked my {hw}", "RAM compatibility for the {hw}", "Is the {hw} still worth it in 2025?",
           "Moving from a {hw} to mini PCs", "Cheap 10GbE NICs that work with {os}", "UPS sizing for a half rack",
           "{hw} won't POST after adding a GPU", "Best low-power CPU for a 24/7 box?",
           "iDRAC says PSU redundancy lost on the {hw}", "{hw} vs {hw2}"],
    "nas": ["{disk} keeps dropping out of the pool", "ZFS mirror or RAIDZ1 for four {disk} drives?",
            "Migrating from {os} to {os2}", "SMART errors on a brand new {disk}", "Offsite backup strategy?",
            "Scrub takes {n} hours, normal?", "HBA in IT mode for {os}", "Shucking drives: still worth it?"],
    "net": ["VLANs with {net} and a managed switch", "Wi-Fi drops every night at 3 AM",
            "{net} vs {net2} for a home lab", "Double NAT with the ISP router", "WireGuard tunnel slow from outside",
            "10GbE between two {hw} nodes", "DNS not resolving local hosts after {net} update",
            "IPv6 prefix delegation on {net}", "Best way to isolate IoT devices?", "Port forwarding stopped working"],
    "apps": ["{app} behind a reverse proxy: 502 errors", "Docker compose vs Kubernetes for {n} services",
             "{app} running out of memory", "Backing up {app} data properly", "{app} or {app2}?",
             "Let's Encrypt certs not renewing", "How do you update your containers?", "{app} slow on {os}",
             "LXC or VM for {app}?", "Single sign-on for all my services"],
    "scripts": ["Ansible playbook to bootstrap new VMs", "Cron job runs twice every night",
                "Share your backup scripts", "Automating {app} updates with a script", "Wake-on-LAN from {app}",
                "Bash: rotating logs the easy way", "Monitoring disk temps with a script",
                "Python script to check certificate expiry"],
}
_PLACES = ["Ohio", "Berlin", "Toronto", "Melbourne", "Kraków", "Leeds", "Austin", "São Paulo", "Oslo"]
_LINES = {
    "news": ["The forum will be offline for about an hour while we move the database.",
             "Please keep threads on topic and search before asking.",
             "Thanks to everyone who donated toward the hosting.",
             "If you notice anything broken after the upgrade, reply here.", "Attachments are now limited to 10 MB."],
    "intro": ["I've been lurking for a few months and finally made an account.",
              "My lab is a single {hw} running {os} in a closet.",
              "By day I do help desk work, by night I break things.",
              "Mostly here to learn about networking and storage.", "Looking forward to learning from all of you."],
    "lounge": ["Honestly the rack is the loudest thing in the house.", "My partner calls it the blinky box.",
               "I listen to old podcasts while cable managing.",
               "We did a whole weekend of maintenance and it was fun.", "Coffee, obviously, and too much of it."],
    "hw": ["The {hw} pulls about {n}W from the wall at idle.", "I swapped the fans and it got a lot quieter.",
           "Check the BIOS power profile, the default is performance.",
           "Used enterprise gear is cheap but the power bill isn't.", "My {hw} runs {os} without any issues.",
           "Make sure the RAM is registered ECC, not unbuffered.",
           "The iDRAC fan override trick works but do it at your own risk.",
           "A mini PC cluster is much easier on noise."],
    "nas": ["Run a long SMART test before you trust a new drive.", "RAIDZ1 with large drives makes resilvers scary.",
            "I keep a second copy on an old {hw} at my parents' house.", "Snapshots are not backups, but they help.",
            "My {disk} drives have been fine for three years.",
            "Flash the HBA to IT mode and let ZFS see the disks."],
    "net": ["Tag the VLANs on the trunk port and leave the native VLAN alone.",
            "I run {net} on a small fanless box.", "Turn off band steering and see if the drops go away.",
            "Put the ISP router in bridge mode if you can.", "WireGuard is much faster than OpenVPN in my tests.",
            "Check the MTU, that bit me more than once.", "Your DHCP lease time might be too short."],
    "apps": ["I run {app} in Docker behind a reverse proxy.",
             "Check the container logs first, the error is usually obvious",
             "Give it more memory, the default limit is tiny.", "I back up the volumes every night with restic.",
             "{app} has been rock solid for me on {os}.", "Pin your image versions instead of using latest.",
             "The proxy needs the websocket headers or it breaks."],
    "scripts": ["I keep all my playbooks in a Git repo.", "Cron uses a very minimal PATH, so use full paths.",
                "The script checks the exit code and sends me a notification.",
                "Systemd timers are nicer than cron for this.", "Test it with a dry run first.",
                "Logs go to a file that logrotate cleans up weekly."],
}
_GENERIC = [
    "Thanks for the detailed write-up, this helped a lot.", "I had the exact same problem last month.",
    "Did you try rebooting after the update?", "What version are you running?", "That's what I would do too.",
    "Post your config and we can take a look.", "Not sure about that, but it's worth a try.",
    "Following this thread, I'm curious how it turns out.", "It depends a lot on what you want to run.",
    "I went the other way and regret nothing.", "Good point, I hadn't thought of that.", "Any update on this?",
    "Spent a whole evening on this, so you're not alone.", "The docs are pretty clear on it.",
    "Keep it simple at first and add things later.", "I'd say it's worth it if you get it cheap.",
    "Power usage is the main thing to watch.", "Mine has been running for about {n} days now.",
]
_SHORT = [
    "Thanks!", "+1", "Same here.", "Bump.", "This worked for me, thanks!", "Subscribed.", "Nice!", "Following.",
    "Great write-up.", "Marking as solved, thanks everyone.", "Agreed.", "Welcome aboard!", "LOL", "Any news?",
]
_CODE = [
    ["services:", "  jellyfin:", "    image: jellyfin/jellyfin:10.9", "    restart: unless-stopped",
     "    volumes:", "      - ./config:/config", "      - /mnt/media:/media:ro"],
    ["zpool status -v tank", "smartctl -a /dev/sda | grep -i reallocated"],
    ["server {", "    listen 443 ssl;", "    server_name cloud.example.lan;",
     "    location / { proxy_pass http://127.0.0.1:8080; }", "}"],
    ["0 3 * * * /usr/local/bin/backup.sh > /var/log/backup.log 2>&1"],
    ["#!/bin/bash", 'for host in pve1 pve2 pve3; do', '  ssh "$host" "apt update && apt -y upgrade"', "done"],
    ["import ssl, socket", "ctx = ssl.create_default_context()",
     "with ctx.wrap_socket(socket.socket(), server_hostname=host) as s:", "    s.connect((host, 443))"],
    ["auto vmbr0.20", "iface vmbr0.20 inet static", "    address 10.0.20.2/24"],
]
_LISTS = [
    ["Update the BIOS first", "Reset the BMC", "Re-seat the RAM", "Try one DIMM per channel"],
    ["restic for the backups", "Backblaze B2 as the offsite target", "a weekly restore test"],
    ["Proxmox on the mini PCs", "TrueNAS in a VM with the HBA passed through", "Docker in an LXC for the apps"],
    ["VLAN 10: trusted", "VLAN 20: servers", "VLAN 30: IoT", "VLAN 99: management"],
]
_SMILIES = [("smile", "Smile", 1), ("wink", "Wink", 2), ("biggrin", "Big Grin", 3), ("tongue", "Tongue", 4)]
_EVENTS = {1: (date(2025, 6, 21), "Homelab meetup"), 2: (date(2025, 6, 8), "Forum maintenance"),
           3: (date(2025, 7, 31), "Summer build contest deadline"), 4: (date(2024, 12, 14), "Holiday swap")}
_PREFIXES = ["[Solved]", "[Help]", "[Guide]"]
_PREFIX_COLOURS = {"[Solved]": "#2e7d32", "[Help]": "#c62828", "[Guide]": "#1565c0"}

# fmt: on


@dataclass(eq=False)
class Member:
    uid: int
    name: str
    regdate: datetime
    lastvisit: datetime
    postnum: int = 0
    threadnum: int = 0
    group: str = ""  # "Administrator", "Super Moderator" or "" (Registered)
    title: str = "Member"
    stars: int = 2
    reputation: int = 0
    avatar: bool = False
    signature: str = ""
    hide_email: bool = True
    website: str = ""


@dataclass(eq=False)
class Post:
    pid: int
    tid: int
    uid: int  # 0: a guest
    when: datetime
    subject: str
    plain: list[str]  # what the author wrote, a piece each
    html: str  # the parsed message (``%BB%`` stands for the forum's URL)
    guest: str = ""
    icon: str = ""
    quote: Post | None = None
    edited: tuple[datetime, int, str] | None = None

    def display_name(self, data: MybbData) -> str:
        return data.members[self.uid].name if self.uid else self.guest

    def quotable(self) -> str:
        return self.html


@dataclass(eq=False)
class Thread:
    tid: int
    fid: int
    subject: str
    prefix: str
    sticky: bool
    closed: bool
    views: int
    icon: str = ""
    posts: list[Post] = field(default_factory=list)


@dataclass(eq=False)
class Forum:
    fid: int
    parent: int
    kind: str
    name: str
    description: str
    linkto: str = ""
    threads: list[Thread] = field(default_factory=list)


@dataclass(frozen=True)
class Announcement:
    aid: int
    fid: int  # -1: every forum
    uid: int
    subject: str
    start: datetime
    text: str


def _fill(rng: random.Random, text: str) -> str:
    for key, pool in _SLOTS.items():
        while "{" + key + "}" in text:
            text = text.replace("{" + key + "}", rng.choice(pool), 1)
        text = text.replace("{" + key + "2}", rng.choice(pool))
    text = text.replace("{place}", rng.choice(_PLACES)).replace("{day}", rng.choice(["Sunday", "Saturday"]))
    return text.replace("{n}", str(rng.choice([35, 48, 60, 85, 110, 140, 190, 250])))


def _message(rng: random.Random, topic: str, kind: str) -> tuple[list[str], str]:
    """A message as (pieces of plain text, parsed HTML). ``kind``: short, normal or long."""
    if kind == "short":
        text = rng.choice(_SHORT)
        return [text], esc(text)
    plain: list[str] = []
    blocks: list[str] = []
    paragraphs = rng.randint(1, 2) if kind == "normal" else rng.randint(2, 4)
    pool = _LINES[topic] + _GENERIC
    for p in range(paragraphs):
        sentences = [_fill(rng, rng.choice(pool)) for _ in range(rng.randint(1, 3))]
        marks = [esc(s) for s in sentences]
        roll = rng.random()
        if roll < 0.07:
            marks[0] = f'<span style="font-weight: bold;" class="mycode_b">{marks[0]}</span>'
        elif roll < 0.11:
            marks[-1] = f'<span style="font-style: italic;" class="mycode_i">{marks[-1]}</span>'
        line = " ".join(marks)
        if rng.random() < 0.08:
            name, alt, n = rng.choice(_SMILIES)
            line += f' <img src="%BB%/images/smilies/{name}.png" alt="{alt}" title="{alt}" class="smilie smilie_{n}" />'
        plain += sentences
        blocks.append(line)
        if kind == "long" and p == 0 and rng.random() < 0.5:
            items = rng.choice(_LISTS)
            plain += items
            lis = "\n".join(f"<li>{esc(i)}</li>" for i in items)
            blocks.append(f'<ul class="mycode_list">{lis}\n</ul>')
        if kind == "long" and p == paragraphs - 2 and rng.random() < 0.6:
            code = rng.choice(_CODE)
            plain += [c.strip() for c in code]
            lines = "<br />\n".join(esc(c).replace("  ", "&nbsp;&nbsp;") for c in code)
            blocks.append(
                '<div class="codeblock"><div class="title">Code:</div><div class="body" dir="ltr"><code>'
                f"{lines}</code></div></div>"
            )
    if rng.random() < 0.07:
        image = "".join(rng.choice("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(7))
        src = f"https://i.imgur.com/{image}.jpg"
        blocks.append(f'<img src="{src}" loading="lazy" alt="[Image: {image}.jpg]" class="mycode_img" />')
    if rng.random() < 0.05:
        url = f"https://www.example.com/{rng.choice(['guide', 'review', 'forum', 'docs'])}/{rng.randint(10, 999)}"
        plain.append(f"More here: {url}")
        blocks.append(f'More here: <a href="{url}" target="_blank" rel="noopener" class="mycode_url">{url}</a>')
    return plain, "<br />\n<br />\n".join(blocks)


class MybbData:
    """Members, forums, threads, posts and announcements, from a seeded RNG."""

    def __init__(self, seed: int, size: float) -> None:  # noqa: PLR0912, PLR0915
        rng = random.Random(seed)
        self.forums: dict[int, Forum] = {}
        for fid, parent, kind, name, desc, _, _ in _FORUMS:
            self.forums[fid] = Forum(fid, parent, kind, name, desc, _LINKTO if kind == "l" else "")
        uids = [1, *sorted(rng.sample(range(2, 1800), len(_NAMES) - 1))]
        self.members = {uid: Member(uid, name, NOW, NOW) for uid, name in zip(uids, _NAMES, strict=True)}
        self.members[uids[0]].group, self.members[uids[1]].group = "Administrator", "Super Moderator"
        protos: list[tuple[int, str, str, bool, bool, list[datetime], list[int]]] = []
        used: set[str] = set()
        scale = size**1.15
        big_left = max(1, round(3 * size))
        for fid, _, kind, _, _, weight, topic in _FORUMS:
            if kind != "f":
                continue
            n = max(3, round(weight * scale))
            n_sticky = 2 if topic == "news" else rng.choice([0, 1, 1, 2])
            for t in range(n):
                if topic == "news":
                    length = rng.randint(1, 12)
                elif t == n_sticky:
                    length = 1
                elif t == n_sticky + 1:
                    length = rng.randint(11, 20)
                elif big_left and topic in {"hw", "apps", "net"} and t == n_sticky + 2:
                    length, big_left = rng.randint(52, 78), big_left - 1
                else:
                    lo, hi = rng.choices(
                        [(1, 1), (2, 5), (6, 10), (11, 20), (21, 30), (31, 40), (41, 50)],
                        [6, 18, 20, 25, 17, 10, 4],
                    )[0]
                    length = rng.randint(lo, hi)
                subject = ""
                while not subject or subject in used:
                    subject = _fill(rng, rng.choice(_SUBJECTS[topic]))
                used.add(subject)
                mean = rng.choice([30 * 60, 4 * 3600, 20 * 3600, 3 * 86400])
                gaps = [90 + int(rng.expovariate(1 / mean)) for _ in range(length - 1)]
                if t < n_sticky:
                    end_ago = rng.randint(30 * 86400, 700 * 86400)
                elif rng.random() < 0.25 or t == n_sticky + 1:
                    end_ago = rng.randint(10 * 60, 40 * 3600)
                else:
                    end_ago = rng.randint(2 * 86400, 800 * 86400)
                times = [NOW - timedelta(seconds=end_ago + sum(gaps))]
                for gap in gaps:
                    times.append(times[-1] + timedelta(seconds=gap))
                staff = [uids[0], uids[1]]
                starter = rng.choice(staff) if topic == "news" else rng.choice(uids[2:])
                authors = [starter] + [starter if rng.random() < 0.2 else rng.choice(uids) for _ in gaps]
                authors = [0 if i and topic != "news" and rng.random() < 0.02 else a for i, a in enumerate(authors)]
                protos.append((fid, topic, subject, t < n_sticky, topic == "news" and t < n_sticky, times, authors))
        protos.sort(key=lambda p: p[5][0])
        self.threads: dict[int, Thread] = {}
        tid = 0
        posts: list[tuple[datetime, Thread, int, str, int]] = []
        for fid, topic, subject, sticky, closed, times, authors in protos:
            tid += rng.randint(1, 3)
            prefix = (
                rng.choice(_PREFIXES)
                if topic in {"hw", "nas", "net", "apps", "scripts"} and rng.random() < 0.15
                else ""
            )
            views = len(times) * rng.randint(20, 90) + rng.randint(15, 600)
            icon = rng.choice(["exclamation", "question", "lightbulb", "thumbsup", ""]) if rng.random() < 0.15 else ""
            thread = Thread(tid, fid, subject, prefix, sticky, closed or rng.random() < 0.04, views, icon)
            self.threads[tid] = thread
            self.forums[fid].threads.append(thread)
            posts += [(w, thread, i, topic, authors[i]) for i, w in enumerate(times)]
        pid = 0
        for when, thread, i, topic, uid in sorted(posts, key=lambda x: (x[0], x[1].tid, x[2])):
            pid += rng.randint(1, 3)
            kind = (
                "long" if i == 0 and rng.random() < 0.4 else rng.choices(["short", "normal", "long"], [16, 66, 18])[0]
            )
            plain, markup = _message(rng, topic, kind)
            subject = thread.subject if i == 0 else f"RE: {thread.subject}"
            post = Post(pid, thread.tid, uid, when, subject, plain, markup, rng.choice(_GUESTS) if not uid else "")
            if i and rng.random() < 0.15:
                earlier = thread.posts
                post.quote = earlier[-1] if rng.random() < 0.7 else rng.choice(earlier)
            if when < NOW - timedelta(hours=1) and rng.random() < 0.08:
                edit = min(NOW - timedelta(minutes=2), when + timedelta(seconds=rng.randint(60, 2 * 86400)))
                editor = uids[1] if rng.random() < 0.15 or not uid else uid
                post.edited = (edit, editor, rng.choice(["", "", "typo", "added config"]))
            post.icon = rng.choice(["smile", "question", "exclamation"]) if rng.random() < 0.05 else ""
            thread.posts.append(post)
        self.posts = {p.pid: p for t in self.threads.values() for p in t.posts}
        self._members(rng)
        self.announcements = [
            Announcement(1, -1, uids[0], "Forum rules (please read)", NOW - timedelta(days=400), "Be nice."),
            Announcement(2, 2, uids[1], "Posting guidelines for guests", NOW - timedelta(days=35), "Use a real name."),
        ]

    def _members(self, rng: random.Random) -> None:
        written: dict[int, list[Post]] = {uid: [] for uid in self.members}
        for p in self.posts.values():
            if p.uid:
                written[p.uid].append(p)
        sigs = iter(_SIGNATURES)
        for i, u in enumerate(self.members.values()):
            mine = written[u.uid]
            first = min((p.when for p in mine), default=NOW - timedelta(days=rng.randint(30, 900)))
            u.regdate = first - timedelta(days=rng.randint(1, 900), seconds=rng.randint(0, 86399))
            last = max((p.when for p in mine), default=first)
            u.lastvisit = max(last, NOW - timedelta(minutes=rng.randint(1, 12))) if rng.random() < 0.2 else last
            u.postnum = len(mine) + rng.randint(0, 60)
            u.threadnum = sum(1 for t in self.threads.values() if t.posts[0].uid == u.uid)
            u.title = "Administrator" if u.group == "Administrator" else "Super Moderator" if u.group else ""
            if not u.group:
                u.stars = 1 + (u.postnum >= 50) + (u.postnum >= 100) + (u.postnum >= 250)
                u.title = _TITLES[u.stars - 1]
            else:
                u.stars = 5
            u.reputation = rng.choice([0, 0, 1, 2, 3, 5, 8, 13, 21])
            u.avatar = rng.random() < 0.6
            u.signature = next(sigs, "") if i % 3 == 1 else ""
            u.hide_email = rng.random() < 0.7
            u.website = (
                f"https://{u.name.lower().replace(' ', '').replace('.', '')[:10]}.example.net/" if i % 7 == 3 else ""
            )
        self.sids = {
            hashlib.md5(f"{kind}:{uid}".encode()).hexdigest(): (kind, uid)
            for uid in self.members
            for kind in ("posts", "threads")
        }

    # -- queries ---------------------------------------------------------------------------------
    def children(self, fid: int) -> list[Forum]:
        return [f for f in self.forums.values() if f.parent == fid]

    def ordered(self) -> list[Forum]:
        out: list[Forum] = []

        def walk(fid: int) -> None:
            for f in self.children(fid):
                out.append(f)
                walk(f.fid)

        walk(0)
        return out

    def depth(self, forum: Forum) -> int:
        return 0 if not forum.parent else 1 + self.depth(self.forums[forum.parent])

    def crumbs(self, forum: Forum) -> list[tuple[str, str]]:
        chain = [forum]
        while chain[0].parent:
            chain.insert(0, self.forums[chain[0].parent])
        return [(f"forumdisplay.php?fid={f.fid}", esc(f.name)) for f in chain]

    def family(self, forum: Forum) -> list[Forum]:
        return [forum, *(f for k in self.children(forum.fid) for f in self.family(k))]

    def forum_stats(self, forum: Forum) -> tuple[int, int]:
        threads = [t for f in self.family(forum) for t in f.threads]
        return len(threads), sum(len(t.posts) for t in threads)

    def last_post(self, forum: Forum) -> Post | None:
        return max((t.posts[-1] for f in self.family(forum) for t in f.threads), key=lambda p: p.pid, default=None)

    def listing(self, forum: Forum, sortby: str = "lastpost", order: str = "desc") -> list[Thread]:
        keys: dict[str, Callable[[Thread], object]] = {
            "subject": lambda t: t.subject.lower(),
            "starter": lambda t: t.posts[0].display_name(self).lower(),
            "replies": lambda t: len(t.posts),
            "views": lambda t: t.views,
            "lastpost": lambda t: t.posts[-1].pid,
        }
        ordered = sorted(forum.threads, key=keys.get(sortby, keys["lastpost"]), reverse=order != "asc")  # type: ignore[arg-type]
        return [t for t in ordered if t.sticky] + [t for t in ordered if not t.sticky]

    def pages(self, thread: Thread) -> int:
        return max(1, -(-len(thread.posts) // PER_PAGE))

    def list_pages(self, forum: Forum) -> int:
        return max(1, -(-len(forum.threads) // THREADS_PER_PAGE))

    def prefix_html(self, thread: Thread) -> str:
        return f'<span style="color: {_PREFIX_COLOURS[thread.prefix]};">{thread.prefix}</span>' if thread.prefix else ""

    def shown_title(self, thread: Thread) -> str:
        return f"{thread.prefix} {thread.subject}" if thread.prefix else thread.subject

    def neighbour(self, thread: Thread, older: bool) -> Thread | None:
        """'Next Oldest'/'Next Newest': the thread of the same forum with the next older/newer last post."""
        same = sorted(self.forums[thread.fid].threads, key=lambda t: t.posts[-1].pid)
        i = same.index(thread)
        j = i - 1 if older else i + 1
        return same[j] if 0 <= j < len(same) else None


@dataclass(frozen=True)
class Route:
    kind: PageKind
    canonical: str | None
    render: Callable[[Ctx], str | Reply | None]


def intval(value: str | None) -> int:
    """PHP's ``(int)``: leading digits, else 0."""
    m = re.match(r"\s*([+-]?\d+)", value or "")
    return int(m.group(1)) if m else 0


def _redirect(location: str) -> Reply:
    return redirect(location, charset="UTF-8")


class MybbForum(MybbPages, RoutedTruth):
    """MyBB 1.8: ``/forumdisplay.php?fid=2&page=2``, ``/showthread.php?tid=7&page=3``."""

    name = "mybb"

    def __init__(self, size: float = 1.0, *, seed: int = 18) -> None:
        self.charset = "utf-8"
        self.seed = seed
        self.data = MybbData(seed, size)

    # -- truth -----------------------------------------------------------------------------------
    def start_target(self) -> str:
        return "/"

    def board_target(self, fid: int, page: int) -> str:
        return f"/forumdisplay.php?fid={fid}" + (f"&page={page}" if page > 1 else "")

    def thread_target(self, tid: int, page: int) -> str:
        return f"/showthread.php?tid={tid}" + (f"&page={page}" if page > 1 else "")

    def thread_targets(self) -> frozenset[str]:
        d = self.data
        return frozenset(self.thread_target(t.tid, p) for t in d.threads.values() for p in range(1, d.pages(t) + 1))

    def index_targets(self) -> frozenset[str]:
        d = self.data
        forums = [f for f in d.forums.values() if f.kind == "f"]
        return frozenset(
            ["/index.php", *(self.board_target(f.fid, p) for f in forums for p in range(1, d.list_pages(f) + 1))]
        )

    def posts(self) -> list[TruthPost]:
        d = self.data
        out = []
        for forum in d.ordered():
            for thread in d.listing(forum):
                for i, p in enumerate(thread.posts):
                    out.append(
                        TruthPost(
                            str(thread.tid),
                            d.shown_title(thread),
                            forum.name,
                            i // PER_PAGE + 1,
                            i + 1,
                            f"post_{p.pid}",
                            p.display_name(d),
                            absolute(p.when),
                            normalize_space(" ".join(p.plain)),
                        )
                    )
        return out

    # -- routing ---------------------------------------------------------------------------------
    def resolve(self, target: str) -> Route | None:
        parts = urlsplit(target.partition("#")[0])
        params = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        path = parts.path
        if path in {"/", "/index.php"}:
            return Route("index", "/index.php", self.render_index)
        if path == "/forumdisplay.php":
            return self.resolve_forum(params)
        if path == "/showthread.php":
            return self.resolve_thread(params)
        render = self.noise_route(path, params)
        return None if render is None else Route("noise", None, render)

    def resolve_forum(self, params: dict[str, str]) -> Route | None:
        d = self.data
        forum = d.forums.get(intval(params.get("fid")))
        if forum is None:
            return None
        if forum.kind == "l":
            return Route("noise", None, lambda ctx: _redirect(forum.linkto))
        if forum.kind == "c":
            return Route("noise", None, lambda ctx: self.render_category(ctx, forum))
        page = intval(params.get("page"))
        page = page if 1 <= page <= d.list_pages(forum) else 1
        if any(k in params for k in ("sortby", "order", "datecut", "prefix")):
            sortby = params.get("sortby", "lastpost")
            sortby = sortby if sortby in {"subject", "starter", "replies", "views", "lastpost"} else "lastpost"
            order = "asc" if params.get("order") == "asc" else "desc"
            return Route("noise", None, lambda ctx: self.render_forum(ctx, forum, page, sortby, order))
        return Route("board", self.board_target(forum.fid, page), lambda ctx: self.render_forum(ctx, forum, page))

    def resolve_thread(self, params: dict[str, str]) -> Route | None:  # noqa: PLR0911
        d = self.data
        post = d.posts.get(intval(params.get("pid")))
        tid = intval(params.get("tid"))
        if not tid and post is not None:
            tid = post.tid
        thread = d.threads.get(tid)
        if thread is None:
            return None
        action = params.get("action", "")
        if action == "lastpost":
            last = thread.posts[-1].pid
            return Route("noise", None, lambda ctx: _redirect(f"showthread.php?tid={tid}&pid={last}#pid{last}"))
        if action == "newpost":
            return Route("noise", None, lambda ctx: _redirect(f"showthread.php?tid={tid}"))
        if action in {"nextoldest", "nextnewest"}:
            other = d.neighbour(thread, action == "nextoldest")
            if other is None:
                word = "older" if action == "nextoldest" else "newer"
                text = f"There are no threads that are {word} than the one you were previously viewing."
                return Route("noise", None, lambda ctx: self.error(ctx, text))
            return Route("noise", None, lambda ctx: _redirect(f"showthread.php?tid={other.tid}"))
        if params.get("mode") == "threaded":
            shown = post if post is not None and post.tid == tid else thread.posts[0]
            return Route("noise", None, lambda ctx: self.render_threaded(ctx, thread, shown))
        pages = d.pages(thread)
        page = intval(params.get("page"))
        if post is not None:
            count = sum(1 for p in thread.posts if p.when <= post.when)
            page = max(1, -(-count // PER_PAGE))
        if params.get("page") == "last":
            page = pages
        page = page if 1 <= page <= pages else 1
        return Route("thread", self.thread_target(tid, page), lambda ctx: self.render_thread(ctx, thread, page))

    # -- noise: the pages a crawler does not need ----------------------------------------------------
    # fmt: off
    def noise_route(  # noqa: PLR0911, PLR0912
        self, path: str, params: dict[str, str]
    ) -> Callable[[Ctx], str | Reply | None] | None:
        """The renderer of a noise page (None: 404)."""
        d, action, page = self.data, params.get("action", ""), max(1, intval(params.get("page")))
        member, thread = d.members.get(intval(params.get("uid"))), d.threads.get(intval(params.get("tid")))
        forum = d.forums.get(intval(params.get("fid")))
        if path == "/member.php" and action in STATIC:
            return lambda ctx: self.static(ctx, action)
        if path == "/member.php" and member is not None and action in {"profile", "emailuser"}:
            return (lambda ctx: self.render_profile(ctx, member)) if action == "profile" else self.no_permission
        if path in {"/private.php", "/usercp.php", "/usercp2.php", "/report.php", "/sendthread.php"}:
            return self.no_permission
        if path == "/reputation.php" and member is not None:
            return lambda ctx: self.box(ctx, f"Reputation Report for {esc(member.name)}", [
                f"{self.profile_link(ctx, member.uid)}: total reputation {member.reputation}"])
        if path == "/printthread.php" and thread is not None:
            return lambda ctx: self.render_print(ctx, thread, page if page <= d.pages(thread) else 1)
        if path == "/newreply.php" and thread is not None:
            return lambda ctx: self.render_reply(ctx, thread, d.posts.get(intval(params.get("replyto"))))
        if path == "/newthread.php" and forum is not None and forum.kind == "f":
            return lambda ctx: self.box(ctx, "Post a new Thread", [f"Forum: {esc(forum.name)}", NEW_THREAD])
        if path == "/announcements.php":
            a = next((a for a in d.announcements if a.aid == intval(params.get("aid"))), None)
            return None if a is None else lambda ctx: self.box(ctx, esc(a.subject), [
                f"{self.profile_link(ctx, a.uid)} &middot; {my_date(a.start)}", esc(a.text)])
        if path == "/search.php" and action in {"finduser", "finduserthreads"} and member is not None:
            sid = hashlib.md5(f"{'posts' if action == 'finduser' else 'threads'}:{member.uid}".encode()).hexdigest()
            return lambda ctx: _redirect(f"search.php?action=results&sid={sid}")
        if path == "/search.php" and action == "results":
            found = d.sids.get(params.get("sid", ""))
            return None if found is None else lambda ctx: self.render_results(ctx, *found, page)
        if path == "/misc.php" and action == "markread":
            back = f"forumdisplay.php?fid={forum.fid}" if forum is not None else "index.php"
            return lambda ctx: self.render_redirect(ctx, back)
        if path == "/misc.php" and action == "whoposted" and thread is not None:
            return lambda ctx: self.render_whoposted(ctx, thread, params.get("sort", ""))
        if path == "/misc.php" and action == "help":
            return lambda ctx: self.render_help(ctx, intval(params.get("hid")))
        if path.startswith("/archive/index.php"):
            return self.archive_route(path, params)
        simple: dict[str, Callable[[Ctx], str | Reply]] = {
            "/memberlist.php": lambda ctx: self.render_memberlist(ctx, params, page),
            "/calendar.php": lambda ctx: self.render_calendar(ctx, params),
            "/portal.php": lambda ctx: self.render_portal(ctx, page),
            "/online.php": lambda ctx: self.render_online(ctx, params.get("action") == "today"),
            "/showteam.php": self.render_team, "/stats.php": self.render_stats,
            "/contact.php": lambda ctx: self.static(ctx, "contact"),
            "/search.php": lambda ctx: self.static(ctx, "search"),
            "/misc.php": lambda ctx: self.static(ctx, "syndication"),
            "/syndication.php": lambda ctx: self.render_rss(ctx, forum),
        }
        return None if path == "/misc.php" and action != "syndication" else simple.get(path)

    def archive_route(self, path: str, params: dict[str, str]) -> Callable[[Ctx], str | Reply | None] | None:
        d = self.data
        rest = path[len("/archive/index.php") :].lstrip("/") or next(iter(params), "")
        m = re.fullmatch(r"(forum|thread)-(\d+)(?:-(\d+))?\.html", rest)
        if not rest or m is None:
            return None if rest else self.render_archive
        forum, thread, page = d.forums.get(int(m[2])), d.threads.get(int(m[2])), int(m[3] or 1)
        if m[1] == "forum" and forum is not None and not forum.linkto:
            return lambda ctx: self.archive_forum(ctx, forum, page if page <= d.list_pages(forum) else 1)
        if m[1] == "thread" and thread is not None:
            return lambda ctx: self.archive_thread(ctx, thread, page if page <= d.pages(thread) else 1)
        return None

    def render_category(self, ctx: Ctx, cat: Forum) -> str:
        table = self.forum_table(ctx, cat, self.data.children(cat.fid))
        title, archive = f"{FORUM} - {esc(cat.name)}", f"/forum-{cat.fid}.html"
        return self.page(ctx, title, table, self.data.crumbs(cat), archive=archive)

    def render_profile(self, ctx: Ctx, u: Member) -> str:
        bb, uid, days = ctx.bb, u.uid, max(1, (NOW - u.regdate).days)
        rows = [f'<span class="largetext"><strong>{esc(u.name)}</strong></span> <span>({u.title})</span>',
                f"Joined: {absolute(u.regdate)}", f"Last Visit: {my_date(u.lastvisit)}",
                f"Total Posts: {number(u.postnum)} ({u.postnum / days:.2f} posts per day) "
                f'<a href="{bb}/search.php?action=finduser&amp;uid={uid}">Find All Posts</a>',
                f'Total Threads: {u.threadnum} <a href="{bb}/search.php?action=finduserthreads&amp;uid={uid}">Find All'
                f' Threads</a>', f'Reputation: <a href="{bb}/reputation.php?uid={uid}">{u.reputation}</a>',
                f'<a href="{bb}/private.php?action=send&amp;uid={uid}">Send {esc(u.name)} a private message.</a>']
        if u.website:
            rows.append(f'Homepage: <a href="{u.website}" target="_blank" rel="noopener">{u.website}</a>')
        if u.signature:
            signature = self.message_html(ctx, u.signature)
            rows.append(f"<fieldset><legend><strong>Signature</strong></legend>{signature}</fieldset>")
        return self.box(ctx, f"Profile of {esc(u.name)}", rows)

    def render_memberlist(self, ctx: Ctx, params: dict[str, str], page: int) -> str:
        d, bb = self.data, ctx.bb
        keys: dict[str, Callable[[Member], object]] = {
            "username": lambda u: u.name.lower(), "regdate": lambda u: u.regdate, "lastvisit": lambda u: u.lastvisit,
            "postnum": lambda u: u.postnum, "threadnum": lambda u: u.threadnum, "referrals": lambda u: u.uid}
        sort = params.get("sort", "") if params.get("sort", "") in keys else "regdate"
        order = "descending" if params.get("order") == "descending" else "ascending"
        letter = params.get("letter", "").upper()
        letter = letter if letter == "-1" or (len(letter) == 1 and letter.isalpha()) else ""
        people = [u for u in d.members.values()
                  if not letter or (u.name[0].upper() == letter if letter != "-1" else not u.name[0].isalpha())]
        people.sort(key=keys[sort], reverse=order == "descending")  # type: ignore[arg-type]
        page = page if page <= max(1, -(-len(people) // 20)) else 1
        base = f"{bb}/memberlist.php" + (f"?letter={letter}&amp;" if letter else "?")
        flip = {True: "descending", False: "ascending"}
        heads = " | ".join(f'<a href="{base}sort={k}&amp;order={flip[k == sort and order == "ascending"]}">{k}</a>'
                           for k in keys)
        letters = " ".join(f'<a href="{bb}/memberlist.php?letter={c}">{"#" if c == "-1" else c}</a>'
                           for c in ["-1", *map(chr, range(65, 91))])
        rows = [f'{letters} <a href="{bb}/memberlist.php">All</a>', heads]
        rows += [f"{self.profile_link(ctx, u.uid)} &middot; {u.title} &middot; {absolute(u.regdate)} &middot; "
                 f"{my_date(u.lastvisit)} &middot; {number(u.postnum)} &middot; {u.threadnum}"
                 for u in people[(page - 1) * 20 : page * 20]]
        url = f"memberlist.php?sort={sort}&amp;order={order}" + (f"&amp;letter={letter}" if letter else "")
        return self.box(ctx, "Member List", [*rows, self.multipage(len(people), 20, page, url) or "&nbsp;"])

    def render_calendar(self, ctx: Ctx, params: dict[str, str]) -> str:  # noqa: PLR0911
        action, base = params.get("action", ""), "calendar.php?action={}&amp;calendar=1"
        if action == "addevent":
            return self.no_permission(ctx)
        if action == "event":
            event = _EVENTS.get(intval(params.get("eid")))
            if event is None:
                return self.error(ctx, "The specified event does not exist.")
            return self.box(ctx, event[1], [f"{event[0]:%m-%d-%Y} &middot; {self.profile_link(ctx, 1)}"])
        year, month = intval(params.get("year")), intval(params.get("month"))
        year, month = (year if 1901 <= year <= 2037 else NOW.year), (month if 1 <= month <= 12 else NOW.month)

        def day_link(when: date) -> str:
            url = f"{base.format('dayview')}&amp;year={when.year}&amp;month={when.month}&amp;day={when.day}"
            return f'<a href="{url}">{when.day}</a>' + "".join(
                f'<br /><a href="calendar.php?action=event&amp;eid={eid}">{t}</a>' for eid, (on, t) in _EVENTS.items()
                if on == when)

        def week_link(start: date) -> str:
            return f'<a href="{base.format("weekview")}&amp;week={calendar.timegm(start.timetuple())}">&raquo;</a>'

        def sunday(when: date) -> date:
            return when - timedelta(days=(when.weekday() + 1) % 7)

        if action == "weekview":
            ts = intval(params.get("week"))
            if not -2145916800 <= ts <= 2145830400:
                return self.error(ctx, "Invalid week.")
            start = sunday(datetime.fromtimestamp(ts, UTC).date())
            week = timedelta(days=7)
            rows = [f"{week_link(start - week)} Previous Week | Next Week {week_link(start + week)}"]
            rows += [f"{start + timedelta(days=i):%A} " + day_link(start + timedelta(days=i)) for i in range(7)]
            return self.box(ctx, f"Calendar - Week of {start:%B %d, %Y}", rows)
        if action == "dayview":
            try:
                when = date(year, month, intval(params.get("day")))
            except ValueError:
                return self.error(ctx, "Invalid day.")
            month_url = f"calendar.php?calendar=1&amp;year={when.year}&amp;month={when.month}"
            return self.box(ctx, f"Calendar - {when:%A, %B %d, %Y}", [
                f'<a href="{month_url}">{when:%B %Y}</a> {week_link(sunday(when))}', day_link(when)])
        first, start = date(year, month, 1), sunday(date(year, month, 1))
        prev_m, next_m = (year - (month == 1), (month - 2) % 12 + 1), (year + (month == 12), month % 12 + 1)
        moves = ((prev_m, "&laquo; Previous"), (next_m, "Next &raquo;"))
        rows = [" ".join(f'<a href="calendar.php?calendar=1&amp;year={y}&amp;month={m}">{label}</a>'
                         for (y, m), label in moves if 1901 <= y <= 2037)
                + ' <a href="calendar.php?action=addevent&amp;calendar=1">Add Event</a>']
        while start < date(*next_m, 1):
            days = [start + timedelta(days=i) for i in range(7)]
            rows.append(week_link(start) + " " + " | ".join(day_link(x) for x in days if x.month == month))
            start += timedelta(days=7)
        return self.box(ctx, f"Calendar - {first:%B %Y}", rows)

    def render_portal(self, ctx: Ctx, page: int) -> str:
        d = self.data
        news = sorted(d.forums[2].threads, key=lambda t: -t.tid)
        page = page if page <= max(1, -(-len(news) // 5)) else 1
        rows = [f'<strong><a href="showthread.php?tid={t.tid}">{esc(t.subject)}</a></strong><br />Posted: '
                f"{my_date(t.posts[0].when)} by {self.author_link(ctx, t.posts[0])}<br />"
                f"{self.message(ctx, t.posts[0])}"
                f'<br /><a href="showthread.php?tid={t.tid}">Replies ({len(t.posts) - 1})</a>'
                for t in news[(page - 1) * 5 : page * 5]]
        latest = sorted(d.threads.values(), key=lambda t: -t.posts[-1].pid)[:10]
        rows += [self.multipage(len(news), 5, page, "portal.php") or "&nbsp;", "<strong>Latest Threads</strong><br />"
                 + "<br />".join(f'<a href="showthread.php?tid={t.tid}&amp;action=lastpost">{esc(t.subject)}</a>'
                                 f" Last Post: {self.author_link(ctx, t.posts[-1])} {my_date(t.posts[-1].when)}"
                                 for t in latest)]
        return self.box(ctx, "Portal", rows)

    def render_online(self, ctx: Ctx, today: bool) -> str:
        d, bb = self.data, ctx.bb
        people = [u for u in d.members.values() if NOW - u.lastvisit < timedelta(hours=24 if today else 0.25)]
        where = sorted(d.threads.values(), key=lambda t: -t.posts[-1].pid)
        rows = [" | ".join(f'<a href="{bb}/online.php?sortby={k}">{k}</a>' for k in ("username", "time", "location"))
                + f' | <a href="{bb}/online.php?action=today">Today\'s Visitors</a>']
        rows += [f"{self.profile_link(ctx, u.uid)} {my_date(u.lastvisit)} Reading thread <a href=\"showthread.php?tid="
                 f'{where[i % len(where)].tid}">{esc(where[i % len(where)].subject)}</a>' for i, u in enumerate(people)]
        return self.box(ctx, "Today's Visitors" if today else "Who's Online", rows)

    def render_team(self, ctx: Ctx) -> str:
        return self.box(ctx, "Forum Team", [
            f'{self.profile_link(ctx, u.uid)} {u.group} <a href="{ctx.bb}/private.php?action=send&amp;uid={u.uid}">PM'
            "</a>"
            for u in self.data.members.values() if u.group])

    def render_stats(self, ctx: Ctx) -> str:
        d = self.data
        top = sorted(d.threads.values(), key=lambda t: (-len(t.posts), t.tid))[:5]
        viewed = sorted(d.threads.values(), key=lambda t: (-t.views, t.tid))[:5]
        posters = sorted(d.members.values(), key=lambda u: (-u.postnum, u.uid))[:5]
        link = '<a href="showthread.php?tid={}">{}</a>'
        return self.box(ctx, "Board Statistics", [
            f"Posts: {number(len(d.posts))} Threads: {number(len(d.threads))} Members: {len(d.members)}",
            "Most replied to threads: " + ", ".join(link.format(t.tid, esc(t.subject)) for t in top),
            "Most viewed threads: " + ", ".join(link.format(t.tid, esc(t.subject)) for t in viewed),
            "Top posters: " + ", ".join(self.profile_link(ctx, u.uid) for u in posters)])

    def render_results(self, ctx: Ctx, kind: str, uid: int, page: int) -> str:
        d = self.data
        if kind == "posts":
            found = sorted((p for p in d.posts.values() if p.uid == uid), key=lambda p: -p.pid)
            rows = [f'<a href="showthread.php?tid={p.tid}&amp;pid={p.pid}#pid{p.pid}">{esc(p.subject)}</a> '
                    f"{my_date(p.when)} &middot; {esc(' '.join(p.plain)[:200])}"
                    for p in found[(page - 1) * 20 : page * 20]]
        else:
            found = sorted((t.posts[0] for t in d.threads.values() if t.posts[0].uid == uid), key=lambda p: -p.pid)
            rows = [f'<a href="showthread.php?tid={p.tid}">{esc(d.threads[p.tid].subject)}</a>'
                    for p in found[(page - 1) * 20 : page * 20]]
        sid = hashlib.md5(f"{kind}:{uid}".encode()).hexdigest()
        url = f"search.php?action=results&amp;sid={sid}&amp;sortby=dateline&amp;order=desc"
        return self.box(ctx, "Search Results", [*rows, self.multipage(len(found), 20, page, url) or "-"])

    def render_rss(self, ctx: Ctx, forum: Forum | None) -> Reply:
        threads = [t for t in self.data.threads.values() if forum is None or t.fid == forum.fid]
        items = "".join(
            f"\t\t<item>\n\t\t\t<title><![CDATA[{t.subject}]]></title>\n\t\t\t<link>{ctx.bb}/showthread.php?tid={t.tid}"
            f"</link>\n\t\t\t<pubDate>{t.posts[0].when:%a, %d %b %Y %H:%M:%S} +0000</pubDate>\n\t\t\t<description>"
            f"<![CDATA[{' '.join(t.posts[0].plain)[:300]}]]></description>\n\t\t</item>\n"
            for t in sorted(threads, key=lambda t: -t.tid)[:15])
        body = (f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">\n\t<channel>\n\t\t<title>'
                f"<![CDATA[{FORUM}]]></title>\n\t\t<link>{ctx.bb}/</link>\n{items}\t</channel>\n</rss>")
        return Reply(200, body, {"Content-Type": "text/xml; charset=UTF-8"})

    # fmt: on

    # -- serving ---------------------------------------------------------------------------------
    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            return Reply(200, "User-agent: *\nDisallow: /admin/\nDisallow: /install/\n", {"Content-Type": "text/plain"})
        route = self.resolve(request.target)
        if route is None:
            return not_found()
        out = route.render(Ctx(request))
        if out is None:
            return not_found()
        reply = out if isinstance(out, Reply) else html(out, charset="UTF-8")
        cookies = request.headers.get("cookie", "")
        if not re.search(r"(^|;\s*)sid=\w", cookies):
            agent = request.headers.get("user-agent", "")
            sid = hashlib.md5(f"{self.seed}:{request.target}:{agent}".encode()).hexdigest()
            reply.headers["Set-Cookie"] = f"sid={sid}; path=/; HttpOnly"
        return reply
