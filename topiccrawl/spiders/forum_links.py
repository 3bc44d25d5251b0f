"""The forum spider's link following: page flips, and links inside repeated regions by their
slot (:mod:`topiccrawl.forum.policy`), sampled, parked or followed.

Part of :class:`topiccrawl.spiders.forum.ForumSpider`:
the spider's mixin above :class:`~topiccrawl.spiders.forum_posts.ThreadPosts`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urljoin, urlsplit

import scrapy

from topiccrawl.forum.links import canonicalize, flip_text, pattern_shape, url_pattern
from topiccrawl.forum.pageinfo import Flips, more_links, title_key
from topiccrawl.forum.pagetypes import profile
from topiccrawl.forum.posts import is_mention, poster_slots, posters
from topiccrawl.forum.regions import Region
from topiccrawl.spiders.forum_posts import ThreadPosts

MAX_POST_SLOTS = 3  # link slots of a post-like region tried in turn
LIST_ANCHORS = 4  # anchors kept of the list links to one URL (title, last post, pages...)
MEMBER_PAGE_LIMIT = 100_000  # members' pages remembered (a bound on memory)
FEED_PAGES = 2  # pages of the link's own template a page must name in its records to be a feed of them
ALSO_SLOTS = 4  # slots noted that link a page asked for already, besides the one that led to it
ALSO_LINKED_PAGES = 50_000  # pages whose other slots are noted


class LinkFollowing(ThreadPosts):
    def _links(  # noqa: PLR0917
        self,
        url: str,
        regions: list[Region],
        role: str,
        info: dict[str, Any],
        heading: str | None,
        flips: Flips,
        *,
        flipping: str = "all",
    ) -> Iterator[scrapy.Request]:
        """Requests for the page's flips and for the links in its repeated regions. A list view
        (a list page whose records were mostly read before on other lists) has its links
        followed too, for the threads only it shows, and of its flips ``flipping`` "next" or
        "none" (see :meth:`_next_after_view`)."""
        # (a page read as a list whose posts are held is a thread's page all the same: its later
        # pages must join the thread its posts were filed under)
        threadlike = role == "thread" or url in self.tentative_pages
        thread_url = self._thread_url(url, info, flips) if threadlike else None
        # Page flipping: same sequence, one page component changed. ``flips`` were read with
        # the page's main region; marking that region's template sticky cannot change which
        # region is main, so they hold here too.
        if flipping == "all":
            yield from self._flip_requests(info, flips, thread_url)
        elif flipping == "next":
            yield from self._next_after_view(info, flips)
        # Links inside repeated regions, by slot.
        page_links: dict[str, list[tuple[str, str]]] = {}  # slot -> its links (URL, pattern) on this page
        keyed: dict[tuple[str, str], list[tuple[str, str]]] = {}  # (slot, URL shape) -> (poster, URL) of posts
        resolve = _resolver(url)
        for region in regions:
            prof = profile(region)
            if not prof.rich:
                continue
            votes = self.template_roles.get(region.key)
            postlike = votes.most_common(1)[0][0] == "thread" if votes else prof.postlike
            primary = self._primary_slots(region) if postlike else None
            posters = self._note_posters(region, postlike, resolve, held=url in self.tentative_pages)
            patterns: dict[str, str] = {}
            for link in region.links:
                if link.record >= 0:
                    patterns.setdefault(resolve(link.url)[1], link.slot)
            slot_records: dict[str, set[int]] = {}
            for link, target, pattern in _most_common_shape_first(region, resolve):
                text = link.text
                slot_path = link.slot if link.record >= 0 else patterns.get(pattern)
                if slot_path is None:
                    continue  # an extra (ad, banner) unlike any record link
                slot = self.policy.slot(region.key, slot_path, text, pattern)
                page_links.setdefault(slot.key, []).append((target, pattern))
                if (poster := posters.get(link.record)) is not None:
                    keyed.setdefault((slot.key, pattern_shape(pattern)), []).append((poster, target))
                mention = is_mention(text)
                # (mentions in many posts made the slot of a post's links one of most records, and
                # its links to other threads then made the post template a list's)
                if link.record >= 0 and not mention:
                    slot_records.setdefault(slot.key, set()).add(link.record)
                    self._note_titled_link(slot.key, text, heading, {url, thread_url})
                meta = {"slot": slot.key, "pattern": pattern, "board": heading, "anchor": text}
                if role == "list" and target != url:
                    # a list whose records read as posts (a user's feed, search results) names
                    # no board for the threads it links; a page linking itself (a thread's first
                    # page read as a list, its "share" link) names no board for itself
                    self._note_list_link(target, None if postlike else heading, text)
                lesser = primary is not None and slot_path not in primary
                yield from self._follow(target, meta, slot, lesser=lesser, mention=mention)
            self._count_presence(region, slot_records)
        self._count_targets(page_links)
        self._count_poster_keys(keyed)

    def _follow(
        self, url: str, meta: dict[str, Any], slot: Any, *, lesser: bool, mention: bool
    ) -> Iterator[scrapy.Request]:
        """A request for a record's link, parked when it is one of a post's ``lesser`` links
        whose slot is not known to be wanted, or none for a mention."""
        if mention:
            yield from self._mention(url, meta, slot)
            return
        if lesser and self.policy.state(slot) != "wanted":
            # Posts link to their authors, replies, quotes: of a post-like region the
            # title-like link is tried first; the others wait, and get a sample only
            # when the crawl runs dry (a board index with descriptions looks post-like).
            self._park(url, meta, slot)
            return
        yield from self._maybe(url, meta, slot)

    def _mention(self, url: str, meta: dict[str, Any], slot: Any) -> Iterator[scrapy.Request]:
        """A mention ('@name') links the member's page from a post: a profile, or a feed of the
        member's posts that the threads show, never a way to a thread the lists do not link. It
        is not fetched: a sample of its slot learns so without it. (A member's page reached
        first by a mention read as a thread page, as it shows the member's posts, and made the
        post template a list's: its posts link their threads.)"""
        self._inc("skipped/mention")
        if url not in self.requested and self.policy.decide(slot, meta["pattern"]).action == "explore":
            yield from self._learn(meta, "unwanted", "other", "mention")

    def _more(self, url: str, role: str, main: Region | None, heading: str | None) -> Iterator[scrapy.Request]:
        """Follow the 'more' links of a list page (:func:`~topiccrawl.forum.pageinfo.more_links`),
        as its own pager's: the list continues there."""
        if role != "list" or main is None:
            return
        for target in more_links(url, main):
            meta = {"slot": None, "pattern": url_pattern(target), "board": heading}
            yield from self._maybe(target, meta, None, priority=10)

    def _note_posters(
        self, region: Region, postlike: bool, resolve: Callable[[str], tuple[str, str]], held: bool = False
    ) -> dict[int, str]:
        """Note the slots of a post template's author field: the poster's links, which name the
        poster's page as a list's link names its thread, lead to no thread of their own; and the
        pages they link, members' pages. Returns each post's poster
        (:func:`~topiccrawl.forum.posts.posters`), by record index.

        Of a region read as a list whose posts are ``held`` (a thread's first page, its template
        undecided) only the pages are noted, and its slots as the template's author field
        (``author_slots``, which tells them from a feed's links to other threads): taken for
        posters' links, its slots would count against lists whose rows name their starters (or,
        misread, their boards) the same way."""
        fields = self.fields.get(region.key)
        if fields is None or not (postlike or held):
            return {}
        slots, by_record = posters(region, fields)
        if len(self.member_pages) < MEMBER_PAGE_LIMIT:
            self.member_pages.update(resolve(href)[0] for href in by_record.values())
        self.author_slots.update(f"{region.key}|{path}" for path in slots)
        if not postlike:
            return {}
        self.poster_slots.update(f"{region.key}|{path}" for path in slots)
        return by_record

    def _feeds_back(self, url: str, main: Region, info: dict[str, Any]) -> bool:
        """Whether a page reached through a record's link is a feed of the pages that link came
        from: its own records name, by their titles, pages of the link's template that the crawl
        has read (a member's page listing their posts' threads, or the boards they posted in;
        a thread's tag, whose list names threads), or, for a poster's page (a member's page
        reached by a poster's name), threads of any post template, by any of its fields. It
        leads back to pages the crawl reaches by their own lists, and a slot that leads to such
        pages would fetch one per member (or tag) of the site."""
        slot = info.get("slot")
        if not slot:
            return False
        template = slot.split("|", 1)[0]
        if template == main.key:
            return False  # (a thread's link to another page of posts: a page of its own kind)
        # (a poster's link names the poster's page: a thread reached from a member's stream is
        # no feed of members, which its posters' names are; known as posters' names once they
        # have posted twice, and as the links of the page's own author field before)
        fields = self._post_fields(main)
        templates = {template}
        poster_page = self._poster_page(url, info.get("anchor"))
        if poster_page:
            # A poster's page reached from a box beside the posts ('In this discussion': the
            # posters' names, linking what their author fields link) or from a reply within a
            # post (Tieba's 楼中楼) feeds back the threads of the site's posts.
            templates.update(key for key in self.poster_names if key not in self.feed_templates)
        named: list[tuple[str, str]] = []  # (slot of the link, page it names)
        names: dict[str, set[str]] = {}  # slot -> its anchors
        for link in main.links:
            if link.record < 0:
                continue
            anchor = title_key(link.text)
            names.setdefault(link.slot, set()).add(anchor)
            page = self.page_titles.get(anchor)
            if page is not None and page[0] in templates and page[1] != url and not self._poster_name(link.text):
                named.append((link.slot, page[1]))
        named = self._named_lists_mostly(named, names)
        if len({page for _, page in named}) < FEED_PAGES:
            return False
        if poster_page:
            return True  # (whichever field names them: Tieba's user pages name threads where posts name posters)
        own_posters = poster_slots(main, fields) if fields is not None else frozenset()  # (a walk of the records)
        return len({page for slot, page in named if slot not in own_posters}) >= FEED_PAGES

    def _named_lists_mostly(self, named: list[tuple[str, str]], names: dict[str, set[str]]) -> list[tuple[str, str]]:
        """``named`` but the lists named by a slot most of whose anchors name nothing read. A
        member's page names the boards they posted in, few, each read early; a board's rows name
        their authors, many, and an author's page read as a list of their topics (V2EX's members'
        pages show the topic rows' template) makes no board a feed of the home page."""
        by_slot: dict[str, set[str]] = {}
        for slot, page in named:
            by_slot.setdefault(slot, set()).add(page)
        few = {slot for slot, pages in by_slot.items() if 2 * len(pages) < len(names.get(slot, ()))}
        return [(slot, page) for slot, page in named if slot not in few or not self._read_as_list(page)]

    def _read_as_list(self, page: str) -> bool:
        # (a thread's page read as a list while its template was undecided is a thread's)
        return self.page_names.get(page, ("", None, ""))[2] == "list" and page not in self.tentative_pages

    def _note_list_link(self, target: str, heading: str | None, anchor: str) -> None:
        """What a list says of a page it links: its board (the list's heading) and its title."""
        if heading:
            self.list_boards.setdefault(target, heading)
        anchors = self.list_anchors.setdefault(target, [])
        if len(anchors) < LIST_ANCHORS and anchor not in anchors:
            anchors.append(anchor)

    def _primary_slots(self, region: Region) -> set[str] | None:
        """Slots of a post-like region worth a look: the title-like (longest-anchor) one,
        and the next ones only once those before have proved useless. A board index with
        descriptions looks post-like too, and its board link need not be its longest."""
        order = self.primary.get(region.key)
        if order is None:
            lengths: dict[str, list[int]] = {}
            for link in region.links:
                if link.record >= 0 and len(link.text) >= 2 and flip_text(link.text) is None:
                    lengths.setdefault(link.slot, []).append(len(link.text))
            order = sorted(lengths, key=lambda k: (-sum(lengths[k]) / len(region.records), k))[:MAX_POST_SLOTS]
            if len(region) >= 3:
                self.primary[region.key] = order
        allowed = set()
        for path in order:
            allowed.add(path)
            slot = self.policy.slots.get(f"{region.key}|{path}")
            if slot is None or self.policy.state(slot) != "unwanted":
                break
        return allowed

    def _park(self, url: str, meta: dict[str, Any], slot: Any) -> None:
        if url in self.requested or (slot.key, url) in self.parked or urlsplit(url).netloc.lower() not in self.hosts:
            return
        if self.policy.pattern_state(meta["pattern"]) == "unwanted" or self.policy.state(slot) == "unwanted":
            self._inc("skipped/post_region_link")
            return
        self.parked.add((slot.key, url))
        slot.parked.append((url, meta))
        self._inc("parked/post_region_link")

    def _flip_requests(
        self, info: dict[str, Any], flips: Flips, thread_url: str | None, *, next_only: bool = False
    ) -> Iterator[scrapy.Request]:
        """Requests for the page's own flips (only the next page's, with ``next_only``)."""
        current = self._page_number(info, flips)
        following = flips.next or next((t for t, n in flips.labels.items() if n == current + 1), None)
        for target, flip in flips.own:
            if next_only and target != following:
                continue
            if flip.inserted:
                self.first_page_keys.add(flip.key)
                if thread_url is not None and current == 1:
                    self._note_first_page(_page_url(thread_url, flip.key, 1), thread_url)
            elif flip.key in self.first_page_keys and flip.value <= 1:
                self._inc("skipped/first_page_alias")
                continue
            elif flip.value <= 1 < current and not info.get("thread_url"):
                # (a later page entered directly, by a 'last page' link: its pager's page 1 is
                # often another URL of the page the thread's title links, PHPWind's
                # '&fpage=0&toread=&page=1' for 'read.php?tid=5', and read first it is a
                # duplicate that makes the thread pages' pattern unwanted; the lists reach page 1)
                self._inc("skipped/first_page_from_later")
                continue
            meta = {
                "slot": None,
                "pattern": url_pattern(target),
                "board": info.get("board"),  # (flipped pages stay in the board they were found in)
                "thread_url": thread_url,
                "flip": True,
                "anchor": info.get("anchor"),
                "page": flips.labels.get(target)
                or (current + 1 if target == flips.next else (current - 1 or None) if target == flips.prev else None),
            }
            if next_only:
                meta["after_view"] = True
            yield from self._maybe(target, meta, None, priority=10)

    def _next_after_view(self, info: dict[str, Any], flips: Flips) -> Iterator[scrapy.Request]:
        """The next page of a list view that shows a thread no page showed before, once: a
        board's first page shows the newest threads, which the front page or a 'latest' list
        may have shown already, while its later pages hold threads no other list reached. A
        sorted or filtered view of a board read in part costs one page more, as that page, a
        view too, goes no further."""
        if info.get("after_view"):
            return
        for request in self._flip_requests(info, flips, None, next_only=True):
            self._inc("pages/view_next")
            yield request

    def _maybe(self, url: str, meta: dict[str, Any], slot: Any, priority: int = 0) -> Iterator[scrapy.Request]:
        if urlsplit(url).scheme not in {"http", "https"} or urlsplit(url).netloc.lower() not in self.hosts:
            return
        if url in self.requested:
            if slot is not None:
                self._note_known_target(slot.key, url)
                # (which other places link it: a thread of one post, first reached by a link that
                # led to no thread page before, is read by the lists' links to it, however it was
                # read meanwhile: it may be read again, fetched again or looked at last)
                also = self.linked_also.get(url)
                if also is None and len(self.linked_also) < ALSO_LINKED_PAGES:
                    also = self.linked_also[url] = []
                if also is not None and len(also) < ALSO_SLOTS and slot.key not in also:
                    also.append(slot.key)
            return
        decision = self.policy.decide(slot, meta["pattern"])
        if decision.action == "skip":
            self._inc(f"skipped/{decision.reason}")
            return
        if decision.action == "park":
            if (slot.key, url) not in self.parked:
                self.parked.add((slot.key, url))
                slot.parked.append((url, meta))
            return
        self.requested.add(url)
        self._inc(f"links/{decision.reason}")
        yield self._request(url, meta, priority=priority if decision.action == "follow" else 3)


def _page_url(url: str, key: str, number: int) -> str:
    """The URL of page ``number`` of the sequence ``key`` (a :class:`PageFlip` key: path and query
    with the page as "{}") on ``url``'s site."""
    parts = urlsplit(url)
    return canonicalize(f"{parts.scheme}://{parts.netloc}{key.format(number)}")


def _resolver(url: str) -> Callable[[str], tuple[str, str]]:
    """A link's canonical URL and its pattern, from its ``href`` on the page at ``url``, each
    worked out once a page (a page's links are read twice, and many repeat: a poster's, a board's)."""
    resolved: dict[str, tuple[str, str]] = {}

    def resolve(href: str) -> tuple[str, str]:
        if (found := resolved.get(href)) is None:
            target = canonicalize(urljoin(url, href))
            found = resolved[href] = (target, url_pattern(target))
        return found

    return resolve


def _most_common_shape_first(region: Region, resolve: Callable[[str], tuple[str, str]]) -> list[tuple[Any, str, str]]:
    """The region's links worth a look, with their URLs and patterns, slot by slot in document
    order, and within a slot the links of its most common shape first: a slot's first links are
    its samples, and a label linking a filtered list (XenForo's thread prefixes) comes before
    the title it sits beside."""
    links = []
    for link in region.links:
        if len(link.text) < 2 or flip_text(link.text) is not None:
            continue
        links.append((link, *resolve(link.url)))
    kinds = [(link.slot, pattern_shape(pattern)) for link, _, pattern in links]
    counts = Counter(kinds)
    first: dict[str, int] = {}
    for i, (slot, _) in enumerate(kinds):
        first.setdefault(slot, i)
    order = sorted(range(len(links)), key=lambda i: (first[kinds[i][0]], -counts[kinds[i]], i))
    return [links[i] for i in order]
