"""The forum spider's second looks: pages read before the templates settled, kept and read
again as they do. A board read first may be what teaches the template of its sticky rows; a
thread read before its posts' template was known takes the box of other threads under its
posts for its content, and may even be skipped as a copy of another thread's box.

Part of :class:`topiccrawl.spiders.forum.ForumSpider`:
the spider's mixin above :class:`~topiccrawl.spiders.forum_links.LinkFollowing`."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from scrapy.http import Response

from topiccrawl.forum.links import canonicalize, narrower_queries
from topiccrawl.forum.pageinfo import Flips, page_flips, page_heading, records_digest, thread_title, titled_heading
from topiccrawl.forum.posts import learn_fields
from topiccrawl.forum.regions import Region, parse_html
from topiccrawl.spiders.forum_links import LinkFollowing

logger = logging.getLogger(__name__)

RELIST_LIMIT = 20  # first list pages whose links are read again once a template is known
MIN_POSTS_BESIDE = 3  # records of a region beside a list's that may be posts not known yet
REREAD_LIMIT = 50  # thread pages read under an undecided template, read again once a post template is proved
FETCH_AGAIN_LIMIT = 500  # pages read under a box seen beside posts, fetched again at the end
VIEW_LIMIT = 50  # list views of an undecided template kept until it proves a list's


@dataclass(slots=True)
class EarlyList:
    """A list page read before the templates settled, kept to be read again as they do."""

    url: str
    text: str
    info: dict[str, Any]  # the request's forum meta
    known: int  # _known_templates() when it was last read
    read_as: str | None  # the template it was first read with, or the one its posts were read again with
    thread: bool = False  # read as a thread page, its posts held: read again only as one
    # skipped as a copy or a view of other pages by the records of its template then: read
    # again only when those of another template are new (a topic whose 'Suggested topics' box,
    # the first rows of its board, was taken for its content shows its neighbours' box)
    duplicate: bool = False


class SecondLooks(LinkFollowing):
    def _keep(  # noqa: PLR0917 - the page as _handle read it
        self,
        url: str,
        text: str,
        info: dict[str, Any],
        known: int,
        role: str,
        main: Region | None,
        regions: list[Region],
        *,
        fresh: bool = True,
        skipped: str | None = None,
    ) -> None:
        """Keep a page just read, to be read again as templates become known: the first list
        pages, thread pages read under a template not yet decided a thread page's, list pages
        whose content's template other pages read as threads or beside whose content a region
        holds what may be posts, and pages ``skipped`` as a copy or a view of pages read before
        whose content may be no more than a box of other threads beside posts not known yet (read
        again only as threads). A page read again from 'other'
        (not ``fresh``) is kept only for the posts beside its content."""
        template = main.key if main is not None else None
        undecided = template is not None and self._thread_template_state(template) != "thread"
        room = len(self.reread) < REREAD_LIMIT
        if skipped is not None:
            # (a list page while the first are kept: a topic without replies shows its box and
            # one post, no region until the post template is known)
            early = len(self.relist) < RELIST_LIMIT
            if (
                undecided
                and room
                and (role == "thread" or (role == "list" and (early or self._posts_beside(main, regions))))
            ):
                self.reread.append(EarlyList(url, text, info, known, template, thread=True, duplicate=True))
                logger.debug("Page %s: a %s under template %s, to be read again", url, skipped, template)
        elif role == "list" and fresh and len(self.relist) < RELIST_LIMIT:
            self.relist.append(EarlyList(url, text, info, known, template))
        elif role == "thread" and fresh and undecided and room:
            # (a thread's own posts may be no region yet, and a box of other threads under them,
            # in a list's template known from the boards, taken for its content: NodeBB's
            # suggested topics under a topic's first posts; the page's own links may prove that
            # template a list's, and its posts dropped, while it is read)
            self.reread.append(EarlyList(url, text, info, known, template, thread=True))
        elif (
            role == "list"
            and template is not None
            and url not in self.tentative_pages
            and not self._proved_posts(template)
            and room
            and (self._template_role(template) in {"thread", "posts"} or self._posts_beside(main, regions))
        ):
            # (past the first list pages, or read again from 'other': a topic's last page of two
            # posts, no region until their template is known, read by the box of other topics
            # under them; or a page read as a list under a template other pages read as threads,
            # while one of its slots seemed to lead to other threads: a reply's slot that holds
            # both its poster's link and its permalink, before its author field was learned)
            self.reread.append(EarlyList(url, text, info, known, template))

    def _decided_views(self) -> Iterator[Any]:
        """The links of list views kept while their template was undecided, once it is a list's."""
        # (decided before yielding, as in _emit_confirmed: the callback is consumed lazily)
        states = {key: self._thread_template_state(key) if key else "posts" for key in {v.read_as for v in self.views}}
        decided = [view for view in self.views if states[view.read_as] == "list"]
        self.views = [view for view in self.views if states[view.read_as] == "open"]
        for view in decided:
            _root, regions, _main, heading, flips = self._read_again(view)
            self._inc("pages/view_links")
            yield from self._links(view.url, regions, "list", view.info, heading, flips, flipping=view.info["flipping"])

    def _read_again(self, early: EarlyList) -> tuple[Any, list[Region], Region | None, str | None, Flips]:
        """A kept page read again with what is known now: its root, regions, main region, heading
        and flips."""
        root = parse_html(early.text)
        regions = self.book.regions(root)
        main = self._main_region(self._content(early.url, self._shape(early.url, early.info), regions))
        heading = titled_heading(page_heading(root), early.info.get("anchor"))
        return root, regions, main, heading, page_flips(early.url, root, main)

    def _relink(self) -> Iterator[Any]:
        """The links of list pages read before a template they hold was known, again: a board's
        sticky threads sit in a group of their own, one or two rows that are a region only once
        the rows' template is known, which the board read first may have been what taught it.
        A page holding a region of a proved post template now was a thread read too early: a
        thread of two posts, read before any other, whose largest region then was the menu (and
        whose breadcrumbs, taken for its content, became a known template, preferred as content
        on the thread pages read next)."""
        now = self._known_templates()
        for early in [*self.relist, *self.reread]:
            if early.known >= now:
                continue
            url, info, read_as = early.url, early.info, early.read_as
            root, regions, main, heading, flips = self._read_again(early)
            template = main.key if main is not None else None
            early.known = now
            # A list page read under a template since proved a post template, its posts not
            # held (the template's links were taken to lead on then: a NodeBB topic read while
            # its posts' template still linked other topics), was a thread page too.
            proved_since = (
                template == read_as
                and not early.thread
                and url not in self.tentative_pages
                and template is not None
                and self._proved_posts(template)
            )
            if main is not None and (main.key != read_as or proved_since) and self._template_role(main.key) == "posts":
                # (read_as changes only here: a page relinked as a list under a template not yet
                # proved a post template has had no posts read, unless it was a tentative one)
                if early.duplicate and not self._first_read(url, main, regions):
                    continue
                # What it was first read as goes: its posts held, or its page awaiting the rest. A
                # tentative list page's posts too: a thread page read by its box of participants
                # (Vanilla's 'In this Discussion', a poster and a date each) gave those as posts.
                if early.thread or url in self.tentative_pages:
                    self.held = [(key, post) for key, post in self.held if post.page_url != url]
                    self.assembler.drop_page(self._thread_url(url, info, flips), self._page_number(info, flips))
                early.read_as, early.thread = template, True
                self._inc("pages/reread_as_thread")
                logger.debug("Page %s: read again as a thread page (template %s)", url, template)
                fields = self._post_fields(main)
                yield from self._posts(url, main, fields, info, thread_title(root, heading), flips, regions)
                yield from self._links(url, regions, "thread", info, heading, flips)
                continue
            if early.thread:
                continue
            if template is None and (lone := self._lone_post(url, root, regions, info)) is not None:
                # (a topic without replies read by the box of other topics under its post, a box
                # known since for a side box: NodeBB's 'Suggested topics')
                early.thread = True
                self._inc("pages/reread_as_thread")
                yield from self._lone(url, lone, info, thread_title(root, heading))
                continue
            self._inc("pages/relinked")
            yield from self._links(url, regions, "list", info, heading, flips)

    @staticmethod
    def _posts_beside(main: Region | None, regions: list[Region]) -> bool:
        """Whether a region of another template than ``main``'s holds records with a poster or a
        date: posts, maybe, whose template is not known yet."""
        if main is None:
            return False
        for r in regions:
            if r.key == main.key or len(r) < MIN_POSTS_BESIDE:
                continue
            fields = learn_fields(r)
            if fields is not None and (fields.author is not None or fields.time is not None):
                return True
        return False

    def _first_read(self, url: str, main: Region, regions: list[Region]) -> bool:
        """Whether the records of ``main`` are no other page's, neither a copy's nor a view's
        (and are noted as ``url``'s, when so): a page skipped as either, read again under
        another template."""
        digest = records_digest(main, regions)
        if digest is None or self.fingerprints.get(digest, url) != url:
            return False
        if self.seen_records.shown_before(url, self._beside(main, regions)):
            return False
        self.fingerprints[digest] = url
        return True

    def _narrower_thread(self, url: str, info: dict[str, Any], main: Region, flips: Flips) -> bool:
        """Whether a thread page a link led to is another view of a thread page read before: its
        URL is that page's with parameters added, and its posts are in the same template. A
        thread's first page links its posts by one member (PHPWind's ``&uid=``, Tieba's
        ``?see_lz=1``), sorted (``&ordertype=desc``) or printable, each showing posts of its later
        pages, not read yet: the records read before would not tell it for a view. Not a page
        of a sequence past its first (a board row's links to a thread's later pages add the
        page's number, and the thread's own pager, reaching the same URL, asks for no second
        fetch of it); nor a page its pager led to."""
        if info.get("slot") is None or (flips.current or 1) > 1:
            return False
        for narrower in narrower_queries(canonicalize(url)):
            read = self.page_names.get(narrower)
            if read is not None and read[0] == main.key and read[2] == "thread":
                logger.debug("Page %s: a view of %s", url, narrower)
                return True
        return False

    def _read_under_side_boxes(self) -> list[str]:
        """Pages read as lists that gave no post, whose content was a template that other pages
        of their URL shape showed beside their posts (:mod:`~topiccrawl.forum.sides`), to be
        fetched again once the crawl has run dry. Short threads read before their posts'
        template was proved take a box beside their one to three posts for their content
        (Vanilla's tag cloud); the box, a known content template from then on, matches even
        the thread's own line of tags on the next ones, and the side-box rule cannot bar it when
        early pages took it for content more than half as often as later ones showed it beside
        posts. Past the first list pages none is kept to be read again: in one Vanilla crawl in
        about forty, 33 such threads and their 41 posts were lost. Fetched again, with those
        boxes barred and the link that first led there, they read as the threads they are."""
        found: list[str] = []
        for url, (template, info) in self.list_reads.items():
            if self.sides.shown_beside_posts(self._shape(url, info), template, self._proved_posts):
                found.append(url)
                if len(found) >= FETCH_AGAIN_LIMIT:
                    break
        return found

    def _last_relink(self, response: Response) -> Iterator[Any]:
        for early in [*self.relist, *self.reread]:
            early.known = -1
        yield from self._relink()
