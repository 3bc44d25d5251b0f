"""The forum spider's reading of one page: its regions, its content, its role, and the URL it is
to be read at.

A page's role ("list", "thread" or "other") is first what its regions show
(:func:`~topiccrawl.forum.pagetypes.feature`), then what most pages of its content's template
were read as: one page of short replies must not turn a post template into a list. Where the
page lives is its own URL, unless it names another that the crawl has not fetched (a canonical
URL, or the URL its heading links): the page is then read as that one, which is not fetched
again.

Part of :class:`topiccrawl.spiders.forum.ForumSpider`: the spider's mixin above
:class:`~topiccrawl.spiders.forum_checkpoint.Resumable`."""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

from topiccrawl.forum.links import pattern_shape, url_pattern
from topiccrawl.forum.pageinfo import (
    Flips,
    canonical_url,
    has_pager,
    heading_home,
    lives_elsewhere,
    names_title,
    numbers_beside,
    page_flips,
    page_heading,
    records_digest,
)
from topiccrawl.forum.pagetypes import PageFeature, feature, main_region, profile
from topiccrawl.forum.posts import PostRecord, holds_a_post, holds_posts
from topiccrawl.forum.regions import Region
from topiccrawl.spiders.forum_checkpoint import Resumable

logger = logging.getLogger(__name__)

ROLE_PAGES = 3  # pages of a template read before it is taken for a list (see _template_role)
SHARED_CANONICAL = 3  # a canonical URL named by pages of more contents than this is not theirs
NAVIGATION = frozenset({"list", "thread"})  # the roles of pages a forum is read by


@dataclass(slots=True)
class PageRead:
    """One page as :meth:`PageReading._read_page` read it."""

    root: Any  # the parsed document
    regions: list[Region]  # its repeated regions, but post templates matched onto boxes of no post
    feat: PageFeature  # its templates and its role, as voted by its template's pages
    main: Region | None  # its content
    lone: PostRecord | None  # the one post of a thread without replies, when its content holds none

    @property
    def role(self) -> str:
        return self.feat.role


@dataclass(slots=True)
class Placement:
    """Where a page is read (:meth:`PageReading._place`)."""

    url: str  # the page's own URL, or the one it is read as
    flips: Flips  # its page-flipping links, read at ``url``
    alias: bool  # the page is another's, reached by a URL of its own: its link is no way to it


class PageReading(Resumable):
    def _read_page(self, url: str, root: Any, info: dict[str, Any]) -> PageRead:
        """The page's regions, content and role. A page read as a list or a thread makes its
        content's template known (sticky) and notes the regions beside it."""
        regions = [r for r in self.book.regions(root) if not self._false_post_match(r)]
        shape = self._shape(url, info)
        content = self._content(url, shape, regions, again=bool(info.get("fetched_again")))
        feat = feature(regions, url_pattern(url), self.book.sticky, content)
        main = self._main_region(content)
        lone = self._lone_post(url, root, regions, info) if main is None else None
        if lone is not None:
            feat.role = "thread"  # (a thread without replies, on a site that marks opening posts up apart)
        if main is not None:
            feat.role = self._voted_role(main, feat.role)
            if feat.role in NAVIGATION:
                self.book.sticky.add(main.key)
                self.sides.note(shape, main.key, (r.key for r in regions))
        return PageRead(root, regions, feat, main, lone)

    def _voted_role(self, main: Region, role: str) -> str:
        """The role of a page whose content is ``main`` and whose regions read as ``role``: a
        template keeps the role most of its pages had."""
        self.chrome.mark_content(main)
        votes = self.template_roles.setdefault(main.key, Counter())
        votes[role] += 1
        if self._template_role(main.key) == "posts":
            self.post_templates.add(main.key)
        if self._thread_template_state(main.key) == "list":
            return "list"  # its records link to more list or thread pages: navigation
        if votes["thread"]:
            # Some page of it read as posts and none of its links leads anywhere (yet):
            # short replies beside long toolbars must not make a thread page a list.
            return "thread"
        return votes.most_common(1)[0][0]

    def _place(self, url: str, page: PageRead, info: dict[str, Any], jump: bool) -> Placement:
        """Where the page fetched at ``url`` is read, and whether it is an alias of another."""
        root, main, role = page.root, page.main, page.role
        canonical = canonical_url(url, root)
        shared = canonical is not None and self._shared_canonical(url, canonical, main, page.regions)
        flips = page_flips(url, root, main)
        named = canonical is not None and canonical != url and not shared
        canonical_flips = page_flips(canonical, root, main) if named and canonical else flips
        # A pager of queries alone ('?page=2') is every URL's own: the page's place is its
        # canonical, when that is the page the pager marks current ('?page=2', not the first
        # page that some sites name for every page of a thread).
        placed = named and flips.query_only and canonical_flips.numbers_current(str(canonical))
        if (
            named
            and canonical
            and role in NAVIGATION
            and canonical not in self.requested
            and urlsplit(canonical).netloc.lower() in self.hosts
            and (not flips.own or placed)
            and (not canonical_flips.own or (canonical_flips.current and not self._from_own_template(info, main)))
        ):
            # The page names a URL of its own that the crawl has not fetched (phpBB links
            # viewtopic.php?f=2&t=5, its canonical is viewtopic.php?t=5; Discuz! links
            # forum.php?mod=viewthread&tid=5, its canonical is thread-5-1-1.html, whose pager
            # the page shows): read it as that page, which is then not fetched again. A page
            # of a sequence only when its pager says which page it is (a 'next'-only pager
            # does not, and the sequence's own pager reaches it) and when a list led here: a
            # post's link to a page of posts (a permalink, "view in context") is no way into
            # a thread, and reading its target as one would make the post template a list's.
            self._read_as(url, canonical, "pages/read_as_canonical")
            url, flips = canonical, canonical_flips
        # (a post's permalink to a later page of a thread whose pager links '?page=N' alone shows
        # that pager again at the permalink's own URL: the page is the one its canonical names)
        permalink = named and canonical != url and self._from_own_template(info, main)
        alias = (
            role in NAVIGATION
            and info.get("slot") is not None
            and (not flips.own or permalink or placed)
            and (flips.foreign or lives_elsewhere(url, root, canonical=not shared))
        )
        if alias and not (jump or flips.foreign) and (canonical is None or shared):
            home = self._home_to_read(url, root, main, info)
            if home is not None:
                logger.debug("Page %s: read as %s, the URL its heading links", url, home)
                self._read_as(url, home, "pages/read_as_home")
                # (and its pager read at that URL: at the first URL, '&toread=1', it flipped no page of
                # the thread, and the title's link, taken as requested, was the only way to page 2)
                return Placement(home, page_flips(home, root, main), alias=False)
        return Placement(url, flips, alias)

    def _known_templates(self) -> int:
        """How much is known of templates: those taken for content, those proved post templates, and
        the kinds of link that name an opening post's poster (a thread of one post read before them
        showed no post: :meth:`_lone_post`)."""
        return len(self.book.sticky) + len(self.post_templates) + len(self.poster_shapes)

    @staticmethod
    def _shape(url: str, info: dict[str, Any]) -> str:
        """The URL shape a page counts under for :class:`SideBoxes`: a thread's later pages count
        with its first page."""
        return pattern_shape(url_pattern(info.get("thread_url") or url))

    def _content(self, url: str, shape: str, regions: list[Region], again: bool = False) -> list[Region]:
        """The regions that may hold the page's content (:meth:`Chrome.content`), but the side
        boxes of pages of its shape (:mod:`~topiccrawl.forum.sides`) whose records hold neither
        poster nor date: records that do may be the posts, which the post templates' own rules
        tell apart (a thread's first pages, read under its board's rows, must not bar its posts).
        A page fetched ``again`` (:meth:`_read_under_side_boxes`) bars every template other pages
        of its shape showed beside posts, however often pages read early took it for content."""
        if again:
            return [
                r
                for r in self.chrome.content(url, regions)
                if not self.sides.shown_beside_posts(shape, r.key, self._proved_posts)
            ]
        return [
            r
            for r in self.chrome.content(url, regions)
            if not self.sides.is_side(shape, r.key, self._proved_posts) or self._post_fields(r) is not None
        ]

    def _proved_posts(self, key: str) -> bool:
        """Whether ``key`` is a post template: its pages read as posts, and its links are not
        known to lead on (a board's rows read as posts, an excerpt, a poster and a date, until
        their links prove to lead to threads)."""
        return self._template_role(key) == "posts" and self._thread_template_state(key) != "list"

    def _main_region(self, content: list[Region]) -> Region | None:
        """The page's content: a region of a post template when it has one, else the region
        :func:`main_region` takes. A known template comes first there, but known is whatever
        some page was read with: a thread of two posts read before any other is read by its
        breadcrumbs, whose template, known from then on, beats a later two-post thread's posts
        (a region only by matching a known template)."""
        posts = [r for r in content if self._proved_posts(r.key) and self._holds_posts(r)]
        return main_region(posts, self.book.sticky) or main_region(content, self.book.sticky)

    def _read_as(self, url: str, own: str, stat: str) -> None:
        """Read the page at ``url`` as the page at ``own``, which is then not fetched: what the
        lists linking ``url`` said of it (its board, its anchors) holds for ``own``."""
        logger.debug("Page %s: read as %s (%s)", url, own, stat)
        self.requested.add(own)
        self._inc(stat)
        if url in self.list_boards:
            self.list_boards.setdefault(own, self.list_boards[url])
        if url in self.list_anchors:
            self.list_anchors.setdefault(own, self.list_anchors[url])

    def _home_to_read(self, url: str, root: Any, main: Region | None, info: dict[str, Any]) -> str | None:
        """The URL an alias page names as its own (its heading's link), when the page is to be
        read as that URL: the link that led here is the page's title, the page shows no pager,
        and the crawl has not fetched that URL. A board's later pages link each thread with the
        board's page beside it (PHPWind's read.php?tid=5&fpage=2), and the title link is the only
        way into those threads. Only a URL that is that URL and numbers beside it (where the link
        was: ``fpage=2``): one with words beside it is an action or a view (vBulletin's
        ``goto=newpost``, ``ordertype=desc``) and stays an alias, as does a 'last post' link,
        named by a date."""
        if not names_title(info.get("anchor"), page_heading(root, titles=False)) or has_pager(url, root, main):
            return None
        home = heading_home(url, root)
        if home is None or home in self.requested or not numbers_beside(url, home):
            return None
        return home if urlsplit(home).netloc.lower() in self.hosts else None

    @staticmethod
    def _beside(main: Region, regions: list[Region]) -> Region:
        """``main`` with the records of the page's other regions under its parent: a row of a
        known template taken out of a list (a global announcement atop a board) is the page's
        main region, and alone, read on every board before, it made the board a view."""
        records = [rec for r in regions if r.parent is main.parent for rec in r.records]
        return replace(main, records=records) if len(records) > len(main.records) else main

    def _false_post_match(self, region: Region) -> bool:
        """Whether ``region`` is a post template matched onto boxes that hold no post's fields
        and read as a list. A member's profile box is framed like a post (``div > table > tr >
        td > div``): read as the template's, it made the profile a list page holding the post
        template, and every thread page, holding it too, joined that list's page type. (A
        deleted post alone on a thread's last page holds none of the fields either, but reads
        as posts.)"""
        fields = self.fields.get(region.key)
        if not region.matched or fields is None or holds_a_post(region, fields):
            return False
        return not profile(region).postlike

    def _holds_posts(self, region: Region) -> bool:
        fields = self.fields.get(region.key)
        return fields is not None and (not region.matched or holds_posts(region, fields))

    def _template_role(self, key: str) -> str:
        """What pages of template ``key`` are taken for: "posts" once ROLE_PAGES of them read as
        posts and hardly any as a list (a post template, whose links to lists must show that
        those lists lead on), "thread" once one read as posts (as :meth:`_voted_role` takes them),
        else "list", or "open" while fewer than ROLE_PAGES have been read (a thread's first
        pages can read as lists)."""
        votes = self.template_roles.get(key, Counter())
        if votes["thread"] >= ROLE_PAGES * (votes["list"] + 1):
            return "posts"
        if votes["thread"]:
            return "thread"
        return "list" if votes.total() >= ROLE_PAGES else "open"

    @staticmethod
    def _from_own_template(info: dict[str, Any], main: Region | None) -> bool:
        """Whether the link that led here sits in the records of this page's own template."""
        slot = info.get("slot")
        return bool(slot and main is not None and slot.split("|", 1)[0] == main.key)

    def _shared_canonical(self, url: str, canonical: str, main: Region | None, regions: list[Region]) -> bool:
        """Whether the site names ``canonical`` for many pages of different content (a
        misconfigured site-wide canonical is common): then it says nothing about ``url``. Pages
        of one content are its aliases, however many: NodeBB serves each post's permalink as
        the page holding the post, which names that page's URL."""
        if canonical == url:
            return len(self.canonical_sources.get(canonical, ())) > SHARED_CANONICAL
        contents = self.canonical_sources.setdefault(canonical, set())
        if len(contents) <= SHARED_CANONICAL:
            contents.add(records_digest(main, regions) or url)
        return len(contents) > SHARED_CANONICAL
