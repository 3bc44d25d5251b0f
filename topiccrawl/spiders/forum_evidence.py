"""The forum spider's evidence on templates: whether a post-like template is a thread page's or
a list's, and which links are its posters'.

A list's records each link a page of their own; a post's author links the poster's page, which
repeats within a page (one member posts many times) and leads to pages about the poster, not on.
So a template is a thread page's only once none of its link slots leads on to other pages: the
slots' samples, the titles their links name, the share of records they are in and the posters'
names they carry are counted here as the crawl reads pages.

Part of :class:`topiccrawl.spiders.forum.ForumSpider`:
the first of the spider's mixins, on the state of :class:`~topiccrawl.spiders.forum_state.ForumState`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from topiccrawl.forum.links import pattern_shape
from topiccrawl.forum.pageinfo import MIN_TITLE, names_title, title_key, titled_heading
from topiccrawl.forum.policy import Slot
from topiccrawl.forum.regions import Region
from topiccrawl.forum.threads import AssembledPost
from topiccrawl.spiders.forum_state import ForumState

# A slot of whose first SLOT_LINKS_SAMPLE links (MIN_SLOT_LINKS at least) this share are distinct
# on their page links a page per record: navigation. Authors repeat (5 posters in a thread of 20 posts).
DISTINCT_TARGETS = 0.8
MEMBER_POSTS = 2  # posts by one name that make a page titled by it a member's page
MIN_SLOT_LINKS = 6  # links that can show a slot repeating
DECIDED_SLOT_LINKS = 20  # links that show it does not (before: undecided, until the crawl ends)
SLOT_LINKS_SAMPLE = 500
MOST_RECORDS = 0.6  # share of a region's records with a link in a slot for it to speak for them
FEW_RECORDS = 0.3  # share below which a slot's links are a record's now and then, no list's
TITLED_PAGES = 2  # pages a slot must name by their titles for its links to name them, unsampled
KNOWN_TARGETS = 8  # a slot's links already requested from elsewhere that are kept, to learn where it leads
# Posters shown twice or more on a page, whose links in a slot agree (one URL per poster, another
# for each poster), that show the slot's links of a URL shape to be the poster's own, not the post's
POSTER_KEYED = 2
POSTER_KEY_NOISE = 0.1  # share of posters whose links differ that still leaves a shape the poster's
POSTER_KEY_SAMPLE = 200  # posters counted per slot and shape
HELD_PAGES = 20  # pages of a post template read as posts after which its posts go out, its slots decided or not


class TemplateEvidence(ForumState):
    def _poster_page(self, url: str, anchor: str | None) -> bool:
        """Whether ``url``, linked by ``anchor``, is a poster's page: one the posts' author fields
        link, reached by a poster's name. (Not on the author fields' word alone: a board's rows
        read as posts, their pages held, put boards among the members' pages.)"""
        return url in self.member_pages and self._poster_name(anchor)

    def _poster_name(self, name: str | None, against: str | None = None) -> bool:
        """Whether ``name`` is that of a poster of :data:`MEMBER_POSTS` posts read or more. Not
        posts of a template of feeds, nor, ``against`` a template, posts of a template fewer of
        whose pages read as threads: a member's page read as a thread before it was known for a
        feed has the threads' titles where posts have their posters (Tieba's user pages, their
        template found a feed's late or never), and every post of a thread the member posted in
        twice went as a member's page's (69-856 of 4,860 in one Tieba crawl in four). Threads
        outnumber the members' pages a crawl reads, which are samples of the posters' links."""
        if not name:
            return False
        floor = self._read_as_threads(against) if against else 0
        return (
            sum(
                names[name]
                for key, names in self.poster_names.items()
                # (nor a list's: its rows, read as posts while the template was undecided, name
                # their "posters" by their first short field, V2EX's node of each topic, and the
                # nodes' pages were taken for posters' pages; the name is looked up first, as the
                # template's state is asked of its every slot, and this of every post emitted)
                if names[name]
                and key not in self.feed_templates
                and self._read_as_threads(key) >= floor
                and self._thread_template_state(key) != "list"
            )
            >= MEMBER_POSTS
        )

    def _read_as_thread_elsewhere(self, key: str) -> bool:
        """Whether a page of the template ``key`` that no post's author field links read as a
        thread page. A member's page may read as a thread before its template is known for a
        feed's (Tieba's user pages, their excerpts titled by the threads), and its title is no
        poster's name ('路飞的贴吧'): its posts wait until a page of its template that is no
        member's reads as a thread, or the crawl ends, by when a feed has shown what it is (15
        excerpts of each of 15 members' pages went out as posts in one Tieba crawl in six)."""
        # (asked again at every page read while such posts wait: a member's page noted as one
        # after it was read counts from then on, and a thread template's first page answers).
        # HELD_PAGES pages read as threads are no sample of members' pages, whatever the author
        # fields linked: a board's rows misread as posts name their threads where the poster
        # would be, and every floor of a Tieba crawl was held to its end.
        return self._read_as_threads(key) >= HELD_PAGES or any(
            url not in self.member_pages for url in self.thread_pages.get(key, ())
        )

    def _read_as_threads(self, key: str) -> int:
        """How many pages of the template ``key`` read as thread pages."""
        votes = self.template_roles.get(key)
        return votes["thread"] if votes else 0

    def _members_page(self, post: AssembledPost) -> bool:
        """Whether the post's page is titled by the name of a poster of several posts: a member's
        page, which may read as a thread (a stream of the member's replies), but whose records are
        the threads' posts again, read at their own places."""
        return self._poster_name(post.thread_title, self._template_of(post))

    def _thread_template_state(self, key: str, final: bool = False) -> str:
        """A post-like template is a thread page's only once none of its link slots leads on to
        other pages. A list's records each link a page of their own (a thread, a board); a slot
        whose links repeat within a page (a post's author: one user posts many times) leads to
        pages about the poster, however they read (Tieba's user pages are feeds of posts,
        XenForo's member pages lists of activity), not on; nor does a slot in few of the records
        (a post's mention of a member, whose page leads on to the member's posts). Nor is a
        template of feeds (:meth:`_feeds_back`): its pages read before it was known to be one
        were no thread's."""
        if key in self.feed_templates:
            return "list"
        slots = self.policy.by_template.get(key, [])
        if any(self._links_other_threads(s.key) for s in slots):
            return "list"
        states = [self.policy.state(s) for s in slots]
        undecided = any(
            st == "waiting" or (st == "open" and self._may_decide(s)) for s, st in zip(slots, states, strict=True)
        )
        # (a slot's redirect to a page on its way: that page may show the slot names threads)
        undecided = undecided or not states
        undecided = undecided or any(self.naming_pending[s.key] > 0 for s in slots)
        listish = self._read_mostly_as_lists(key)
        for slot, state in zip(slots, states, strict=True):
            # (a slot never sampled, of a template read as lists: see _known_targets_lead_on)
            unsampled = listish and state == "open" and not slot.outcomes
            if state != "wanted" and not unsampled and not self.policy.outranked(slot):
                continue
            if self._repeats_within_pages(slot.key) or slot.key in self.poster_slots or self._poster_keyed(slot):
                continue  # the poster's links
            if self._in_few_records(slot.key):
                continue  # a post's occasional link: a mention of a member, another thread
            if unsampled:
                leads = self._known_targets_lead_on(slot.key, key)
                if leads is None:
                    undecided = True  # the pages it links are on their way
                if not leads:
                    continue
            if final or self._slot_links(slot.key) >= DECIDED_SLOT_LINKS:
                return "list"
            undecided = True  # too few links yet to tell a list's from a poster's
        if undecided and self._template_role(key) == "posts" and self.template_roles[key]["thread"] >= HELD_PAGES:
            # Its slots still being sampled (who reacted to a post: lists whose own links are
            # sampled when the crawl runs dry) must not hold every post of the crawl in memory
            # until its end. So many pages read as posts, and none of its slots leading on, make
            # it a thread page's; a slot that proves to lead on after all turns it into a list.
            return "thread"
        return "open" if undecided else "thread"

    def _read_mostly_as_lists(self, key: str) -> bool:
        votes = self.template_roles.get(key, Counter())
        return votes["list"] > votes["thread"]

    def _known_targets_lead_on(self, slot_key: str, template: str) -> bool | None:
        """Whether a slot whose links were all fetched from elsewhere before it could sample one
        leads to list or thread pages of another template, as its samples would have shown (a
        category page's rows link boards the index had queued already); None while none of those
        pages does and some are still on their way. Members' pages do not count: a post's
        poster's page, linked again by a reply within the post (Tieba's 楼中楼), a mention or
        a list of who liked it, may read as a list, and leads to pages about the member."""
        targets = [url for url in self.known_targets.get(slot_key, ()) if url not in self.member_pages]
        if any((read := self.page_names.get(url)) is not None and read[0] != template for url in targets):
            return True
        return None if any(url not in self.done for url in targets) else False

    def _known_leads(self, slot: Slot) -> tuple[Counter[str], bool]:
        """What the pages a slot links, requested from elsewhere first, were read as (a list of a
        thread template's is a thread's first page), and whether some are still on their way."""
        types: Counter[str] = Counter()
        pending = False
        for url in self.known_targets.get(slot.key, ()):
            read = self.page_names.get(url)
            if read is not None:
                template, _heading, role = read
                types["thread" if self._template_role(template) in {"thread", "posts"} else role] += 1
            elif url not in self.done:
                pending = True
        return types, pending

    def _note_known_target(self, slot_key: str, url: str) -> None:
        """A slot's link to a page already requested from elsewhere (a few per slot)."""
        targets = self.known_targets.setdefault(slot_key, [])
        if len(targets) < KNOWN_TARGETS and url not in targets:
            targets.append(url)

    def _repeats_within_pages(self, slot_key: str) -> bool:
        """Whether the slot's links repeat within their pages, as a poster's do (one member posts
        many times in a thread), where a list's records each link a page of their own. Counted
        page by page: across pages a list's links repeat too (one topic is on its category's
        list and on its tags'). Only the links of the slot's most common URL shape count: a
        position in a record can hold two kinds of link, as XenForo's rows hold a thread's title
        or, in some rows, its prefix label, which links the board filtered by it, many times a
        page."""
        by_shape = self.slot_targets.get(slot_key)
        if not by_shape:
            return False
        seen, distinct = max(by_shape.values())
        return seen >= MIN_SLOT_LINKS and distinct < DISTINCT_TARGETS * seen

    def _count_poster_keys(self, keyed: dict[tuple[str, str], list[tuple[str, str]]]) -> None:
        """Add one page's links of posts, each with its post's poster, per slot and URL shape, to
        the (posters whose links agree, posters whose links differ) counts (see :meth:`_poster_keyed`).
        A poster agrees when the links of their posts on the page are one URL that no other
        poster's post links; posters shown once tell nothing."""
        for (key, shape), pairs in keyed.items():
            by_shape = self.poster_keys.setdefault(key, {})
            agree, differ = by_shape.get(shape, (0, 0))
            if agree + differ >= POSTER_KEY_SAMPLE:
                continue
            targets: dict[str, set[str]] = {}
            owners: dict[str, set[str]] = {}
            shown: Counter[str] = Counter()
            for poster, target in pairs:
                targets.setdefault(poster, set()).add(target)
                owners.setdefault(target, set()).add(poster)
                shown[poster] += 1
            for poster, urls in targets.items():
                if shown[poster] < 2:
                    continue
                if len(urls) == 1 and len(owners[next(iter(urls))]) == 1:
                    agree += 1
                else:
                    differ += 1
            by_shape[shape] = (agree, differ)

    def _poster_keyed(self, slot: Slot) -> bool:
        """Whether every kind of link (URL shape) by which the slot led to wanted pages is the
        poster's own: a post's button bar holds, in one slot, links of the post ('report',
        'quote') and links of its poster ('send a message', 'find all posts'); the latter lead
        to pages about the poster (their posts, a login form read as a list), which say nothing
        of whether the posts' template is a list's."""
        return bool(slot.wanted_shapes) and all(self._poster_shape(slot.key, s) for s in slot.wanted_shapes)

    def _poster_shape(self, slot_key: str, shape: str) -> bool:
        """Whether the slot's links of a URL shape are each post's poster's (see :meth:`_count_poster_keys`)."""
        agree, differ = self.poster_keys.get(slot_key, {}).get(shape, (0, 0))
        return agree >= POSTER_KEYED and differ <= POSTER_KEY_NOISE * agree

    def _slot_links(self, slot_key: str) -> int:
        return sum(seen for seen, _ in self.slot_targets.get(slot_key, {}).values())

    def _in_few_records(self, slot_key: str) -> bool:
        """Whether few records of the slot's pages have a link in it. A list's records each link
        a page of their own; a post links a page now and then (a member it mentions, whose page
        lists their posts and leads on: that makes no list of the thread)."""
        with_link, records = self.slot_presence.get(slot_key, (0, 0))
        return with_link < FEW_RECORDS * records

    def _may_decide(self, slot: Slot) -> bool:
        """Whether an open slot will be decided while the crawl goes on: it has samples out, or
        links parked to be sampled next. Not a slot whose links were all skipped by their URL
        pattern (Tieba's replies within a floor link members' pages, a pattern other slots
        showed to lead nowhere), nor one of a post's lesser links (quote, reply, share), parked
        until the crawl runs dry: holding a post template's posts for those held every post
        of the crawl in memory until its end. But any parked slot of a template read as lists
        by its first few pages (a board index's rows, whose board links wait while their URL
        pattern is sampled from another region of the page): such pages are few."""
        if slot.samples_out:
            return True
        template, path = slot.key.split("|", 1)
        if not slot.parked:
            return False
        early_list = self._template_role(template) == "open" and self._read_mostly_as_lists(template)
        return early_list or path in self.primary.get(template, ())

    def _links_other_threads(self, slot_key: str) -> bool:
        """Whether most records of the slot's template link, in this slot, a thread of its own
        by its title: a user's feed or a search result, each record an excerpt of another thread,
        whose records read as posts (an author, a date, text) but are no thread's posts. Not a
        post now and then linking another thread (the slot is in few records), nor a post's
        author, whose page its link names too: a member's page is no thread page, but it may read
        as one (a stream of the member's posts), and the poster's links repeat within a page."""
        named = self.named_templates.get(slot_key)
        # (the poster's links: the template's author field, whether its pages read as posts or as
        # lists whose posts are held; a few short threads read first link each poster once, and a
        # poster's page, named by the link, can read as a thread)
        if not named or slot_key in self.author_slots:
            return False
        with_link, records = self.slot_presence.get(slot_key, (0, 0))
        if not records or with_link < MOST_RECORDS * records:
            return False
        if self._repeats_within_pages(slot_key):
            return False
        return any(self._template_role(t) in {"thread", "posts"} for t in named)

    def _note_named_page(self, info: dict[str, Any], heading: str | None, template: str) -> None:
        """A slot's sample read as a thread or list page (a thread's first pages can read as
        lists), or a redirect to one read before: note its template when the link named it by
        its title and it is not the page the link was on (a post's permalink names its own
        thread)."""
        anchor = info.get("anchor")
        here = titled_heading(heading, anchor)
        # a slot link's "board" is the heading of the page it was on
        if info.get("slot") and names_title(anchor, here) and not names_title(info.get("board"), here):
            self.named_templates.setdefault(info["slot"], set()).add(template)

    def _note_title(self, heading: str | None, template: str, url: str) -> None:
        if heading and len(title := title_key(heading)) >= MIN_TITLE:
            self.page_titles.setdefault(title, (template, url))

    def _note_titled_link(self, slot_key: str, anchor: str, heading: str | None, here: set[str | None]) -> None:
        """A record's link whose anchor is the title of a page read, other than this page and its
        thread, names that page's template, as a sample of the link would (see
        :meth:`_note_named_page`): a member's stream of posts links each post's thread by its
        title, through a redirect to the post whose URL pattern is known to lead nowhere (who
        reacted to a post shares it), and is never sampled."""
        named = self.page_titles.get(title_key(anchor))
        template = slot_key.split("|", 1)[0]
        if not named or named[0] == template or named[1] in here or names_title(anchor, heading):
            return
        # (a signature linking the poster's own thread by its title names one page, a feed many)
        pages = self.titled_pages.setdefault(slot_key, set())
        if len(pages) < TITLED_PAGES:
            pages.add(named[1])
        if len(pages) >= TITLED_PAGES:
            self.named_templates.setdefault(slot_key, set()).add(named[0])

    def _count_presence(self, region: Region, slot_records: dict[str, set[int]]) -> None:
        """Add one region's records to the (records with a link in the slot, records) counts."""
        for key, records in slot_records.items():
            with_link, seen = self.slot_presence.get(key, (0, 0))
            self.slot_presence[key] = (with_link + len(records), seen + len(region.records))

    def _count_targets(self, page_links: dict[str, list[tuple[str, str]]]) -> None:
        """Add one page's links (URL, pattern), per slot and URL shape, to the (links, distinct on
        their page) counts."""
        for key, links in page_links.items():
            if self._slot_links(key) >= SLOT_LINKS_SAMPLE:
                continue
            urls: dict[str, list[str]] = {}
            for url, pattern in links:
                urls.setdefault(pattern_shape(pattern), []).append(url)
            by_shape = self.slot_targets.setdefault(key, {})
            for shape, shown in urls.items():
                seen, distinct = by_shape.get(shape, (0, 0))
                by_shape[shape] = (seen + len(shown), distinct + len(set(shown)))
