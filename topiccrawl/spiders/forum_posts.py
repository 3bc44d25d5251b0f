"""The forum spider's posts: a thread page's records become :class:`ForumPost` items once their
template is known to be a thread page's (not a list's), assembled thread by thread.

Part of :class:`topiccrawl.spiders.forum.ForumSpider`: the spider's mixin above
:class:`~topiccrawl.spiders.forum_evidence.TemplateEvidence`, which tells whether a template is a
thread page's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any
from urllib.parse import urljoin

from topiccrawl.forum.leadpost import lead_post, lone_post, member_shape
from topiccrawl.forum.pageinfo import Flips, page_heading, titled_heading
from topiccrawl.forum.posts import (
    PostFields,
    PostRecord,
    body_shapes,
    extract_posts,
    learn_fields,
    names_posters,
    poster_links,
)
from topiccrawl.forum.regions import Region, record_nodes
from topiccrawl.forum.threads import AssembledPost
from topiccrawl.items import ForumPost
from topiccrawl.spiders.forum_evidence import TemplateEvidence
from topiccrawl.textutil import utc_now_iso

FIRST_PAGE_LIMIT = 100_000  # other URLs of threads' first pages remembered (a bound on memory)


class ThreadPosts(TemplateEvidence):
    def _posts(  # noqa: PLR0917
        self,
        url: str,
        main: Region,
        fields: PostFields | None,
        info: dict[str, Any],
        title: str | None,
        flips: Flips,
        regions: list[Region],
    ) -> Iterator[Any]:
        """The posts of ``main`` read with ``fields`` (:meth:`_post_fields`, worked out by the caller,
        which may read the page otherwise when there are none)."""
        if fields is None:
            self._inc("pages/no_post_fields")
            return
        posts = extract_posts(main, fields)
        current = self._page_number(info, flips)
        if names_posters(fields):
            self.poster_names.setdefault(main.key, Counter()).update(p.author for p in posts if p.author)
        lead = self._lead_post(url, main, fields, regions) if current == 1 else None
        if lead is not None and not any(_same_post(lead, p) for p in posts):
            self._inc("posts/lead")
            posts = [lead, *posts]
        last = max([current, *flips.numbers, current + 1 if flips.next else 1])
        thread_url = self._thread_url(url, info, flips)
        done = self.assembler.add(thread_url, current, url, posts, last_page=last, title=title, board=info.get("board"))
        self.thread_template[thread_url] = main.key
        for post in done:
            self.held.append((main.key, post))
        yield from self._emit_confirmed()

    def _post_fields(self, main: Region) -> PostFields | None:
        """The fields of ``main``'s records read as posts, or None when they hold neither a poster
        nor a date: such records are no posts (a list of members' cards, "Messages: 12, Reaction
        score: 3", reads as posts by its text alone; so do the paragraphs of an opening post)."""
        fields = self.fields.get(main.key)
        if fields is None:
            fields = learn_fields(main)
            if fields is None:
                return None
            if len(main) >= 3 and (fields.author or fields.time):
                # (fields without a poster or a date may be a few posts' misreading: a later page
                # learns them again)
                self.fields[main.key] = fields
        return None if fields.author is None and fields.time is None else fields

    def _lead_post(self, url: str, main: Region, fields: PostFields, regions: list[Region]) -> PostRecord | None:
        """The thread's opening post, when it stands above its replies in a template of its own
        (:func:`~topiccrawl.forum.leadpost.lead_post`): found by the kind of link the replies'
        posters have."""
        shapes = {member_shape(urljoin(url, a.get("href"))) for _, _, a in poster_links(main, fields)}
        if not shapes:
            return None
        # (other regions' records: boxes repeated from the page's content, Douban's most-liked
        # replies above the list, whose posters' links lead no post)
        others = record_nodes(r for r in regions if r is not main)
        bodies = body_shapes(main, fields)

        def is_poster(href: str) -> bool:
            return member_shape(urljoin(url, href)) in shapes

        lead = lead_post(main, is_poster, {id(el) for el in others}, bodies)
        if lead is not None:
            self.poster_shapes.update(shapes)  # (the site marks opening posts up apart: see _lone_post)
            self.body_shapes.update(bodies)
        return lead

    def _lone_post(self, url: str, root: Any, regions: list[Region], info: dict[str, Any]) -> PostRecord | None:
        """The one post of a thread without replies, on a site whose opening posts are marked up
        apart from the replies (:func:`~topiccrawl.forum.leadpost.lone_post`): such a page holds
        no repeated region. Only on a page reached by a link of a slot that has led to thread
        pages, or linked by one since (a page read as nothing waits for another look, and
        learns which lists link it: the latest thread of a board, on the index, is often one of
        a single post and the first of its slot to be read), and by no poster's link, and not
        titled by the post's poster (a member's page)."""
        if not self.poster_shapes:
            return None
        # (the link that led here, and others the lists have since shown to it)
        slots = [self.policy.slots.get(key) for key in [info.get("slot"), *self.linked_also.get(url, [])] if key]
        if not slots or any(slot is None or slot.key in self.poster_slots for slot in slots):
            return None
        if not any(slot.outcomes["wanted:thread"] for slot in slots if slot is not None):
            return None
        shapes = self.poster_shapes
        records = record_nodes(regions)

        def is_poster(href: str) -> bool:
            return member_shape(urljoin(url, href)) in shapes

        post = lone_post(root, is_poster, {id(el) for el in records}, frozenset(self.body_shapes))
        if post is None or post.author == page_heading(root):
            return None
        return post

    def _lone(self, url: str, post: PostRecord, info: dict[str, Any], title: str | None) -> Iterator[ForumPost]:
        for done in self.assembler.add(url, 1, url, [post], last_page=1, title=title, board=info.get("board")):
            if self._members_page(done):
                self._inc("posts_dropped/member_page")
                continue
            self._inc("posts/lone")
            yield self._item(done)

    @staticmethod
    def _page_number(info: dict[str, Any], flips: Flips) -> int:
        """The page's number in its sequence: its pager's, else (a pager with "next" links only
        numbers no page) the one the flip that led here gave it, else 1."""
        return flips.current or info.get("page") or 1

    def _thread_url(self, url: str, info: dict[str, Any], flips: Flips) -> str:
        """The thread a page belongs to: the one its flip came from, else its first page when it
        links that and is a later page (a thread entered at its last page), else the page itself;
        a first page known under another URL is that URL (:meth:`_note_first_page`)."""
        later = self._page_number(info, flips) > 1
        found = info.get("thread_url") or (flips.first if later and flips.first else url)
        return self.first_pages.get(found, found)

    def _note_first_page(self, alias: str, thread_url: str) -> None:
        """``alias`` is another URL of ``thread_url``'s first page: its pager's link to page 1
        (PHPWind's ``read.php?tid=5&fpage=0&toread=&page=1`` for ``read.php?tid=5``), which a
        later page entered directly (a 'last page' link, ``&page=e``) names as its thread."""
        if alias == thread_url or alias in self.first_pages or len(self.first_pages) >= FIRST_PAGE_LIMIT:
            return
        self.first_pages[alias] = thread_url
        if (template := self.thread_template.pop(alias, None)) is not None:
            self.thread_template.setdefault(thread_url, template)
        for post in self.assembler.merge(alias, thread_url):
            self.held.append((self._template_of(post), post))

    def _emit_confirmed(self, final: bool = False) -> Iterator[ForumPost]:
        # Decide everything before yielding: Scrapy consumes callback generators lazily
        # and interleaved, so shared state must not change under a suspended loop.
        ready, keep = [], []
        states: dict[str, str] = {}
        members_only: dict[str, bool] = {}
        for key, post in self.held:
            if key not in states:
                states[key] = self._thread_template_state(key, final)
            state = states[key]
            if (state != "open" or final) and self._members_page(post):
                self._inc("posts_dropped/member_page")
                continue
            # at the end an undecided template's posts go out, but those of a page read as a
            # list only if most pages of the template read as threads; a template of which several
            # pages were read and none as a thread's is a list's, even when its slots lead nowhere
            # the crawl followed (a board index's category boxes, each row's links a slot of its
            # own, requested from elsewhere first or leading to the categories' views)
            if state == "thread" and self._template_role(key) == "list":
                state = "list"
            if state == "thread" and not final and post.page_url in self.member_pages:
                if key not in members_only:
                    members_only[key] = not self._read_as_thread_elsewhere(key)
                if members_only[key]:
                    keep.append((key, post))  # (a member's page read as a thread: see _read_as_thread_elsewhere)
                    continue
            if state == "thread" or (final and state != "list" and self._held_post_is_thread(key, post)):
                ready.append(post)
            elif state == "open" and not final:  # at the end nothing is kept: the idle handler would flush forever
                keep.append((key, post))
            else:
                self._inc("posts_dropped/list_page")
        self.held = keep
        if final and ready:
            # posts of a template never decided during the crawl: all in memory until now
            self._inc("posts_held_to_end", len(ready))
        for post in ready:
            yield self._item(post)

    def _held_post_is_thread(self, key: str, post: AssembledPost) -> bool:
        if post.page_url not in self.tentative_pages:
            return True
        votes = self.template_roles.get(key, Counter())
        return votes["thread"] > votes["list"]

    def _list_title(self, thread_url: str, title: str | None) -> str | None:
        """The thread's title as its list links it, when the page's heading is that after a short
        label: a thread first reached from a box of latest posts has no anchor to drop its label
        by (XenForo's "Question", Discuz!'s "[分类]") until its board's list links it."""
        for anchor in self.list_anchors.get(thread_url, ()):
            if (titled := titled_heading(title, anchor)) != title:
                return titled
        return title

    def _item(self, p: AssembledPost) -> ForumPost:
        self._inc("posts")
        self.list_reads.pop(p.page_url, None)  # (a page that gave posts is no list to fetch again)
        return ForumPost(
            thread_url=p.thread_url,
            thread_title=self._list_title(p.thread_url, p.thread_title),
            # the board of the list that links the thread, when one does: the page that linked it
            # first may have been a user's feed or a box of recent threads
            board=self.list_boards.get(p.thread_url) or p.board,
            page_url=p.page_url,
            page_number=p.page_number,
            position=p.position,
            post_id=p.post.post_id,
            author=p.post.author,
            time=p.post.time,
            text=p.post.text,
            quotes=list(p.post.quotes),
            fetched_at=utc_now_iso(),
        )


def _same_post(a: PostRecord, b: PostRecord) -> bool:
    """Whether two records are one post shown twice (a reply copied into a box above the list):
    by the site's post ids when both have one (an opening post and its first reply can say the
    same thing, by the same poster), else by poster and text."""
    if a.post_id and b.post_id:
        return a.post_id == b.post_id
    return (a.author, a.text) == (b.author, b.text)
