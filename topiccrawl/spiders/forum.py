"""``scrapy crawl forum``: every post of every thread of an unknown forum, fetching few pages.

    scrapy crawl forum -a start_url=https://bbs.example.com/ -O posts.jsonl
    scrapy crawl forum -a start_url=https://bbs.example.com/ -a template=posts.forum-template.json -O more.jsonl

Each page is parsed into repeated regions (:mod:`topiccrawl.forum.regions`), given a
role and clustered into a page type (:mod:`topiccrawl.forum.pagetypes`; the spider's side, and
the URL a page is read at, in :mod:`topiccrawl.spiders.forum_reading`); links are
followed only from repeated regions, by learned slot and URL-pattern decisions
(:mod:`topiccrawl.forum.policy`), plus page-flipping links
(:mod:`topiccrawl.forum.links`; the spider's side in :mod:`topiccrawl.spiders.forum_links`);
thread pages become :class:`ForumPost` items (:mod:`topiccrawl.forum.posts`; the spider's side
in :mod:`topiccrawl.spiders.forum_posts`). What was learned is saved as a site template
(:mod:`topiccrawl.forum.sitetemplate`) next to the feed, or in
``TOPICCRAWL_FORUM_TEMPLATE_DIR``. With ``JOBDIR`` the crawl can be stopped and resumed
(:mod:`topiccrawl.spiders.forum_checkpoint`).

    scrapy crawl forum -a start_url=https://bbs.example.com/ -s JOBDIR=jobs/bbs -o posts.jsonl
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import scrapy
from scrapy import signals
from scrapy.exceptions import CloseSpider, DontCloseSpider
from scrapy.http import HtmlResponse, Response
from twisted.python.failure import Failure

from topiccrawl.args import SpiderArgumentError, parse_int, start_urls_from_args
from topiccrawl.forum.links import canonicalize, pattern_shape, url_pattern
from topiccrawl.forum.pageinfo import Flips, page_heading, records_digest, thread_title, titled_heading
from topiccrawl.forum.regions import parse_html
from topiccrawl.forum.sitetemplate import SiteTemplate, SiteTemplateError, from_state
from topiccrawl.forum.threads import AssembledPost
from topiccrawl.middlewares.forumfilter import RedirectUnwanted, SlotUnwanted
from topiccrawl.spiders.forum_reading import NAVIGATION, PageRead, PageReading
from topiccrawl.spiders.forum_reread import VIEW_LIMIT, EarlyList

logger = logging.getLogger(__name__)
STATS = "topiccrawl/forum"
RECHECK_LIMIT = 500  # pages kept for a second look once a post/list template is known
RECHECK_TIMES = 3  # looks a page gets, each when more is known of templates than at the last
LOCAL = {"allow_offsite": True}  # the meta of a data: URL the idle handler schedules (see _local)
LIST_READS_LIMIT = 20_000  # pages read as lists remembered with the link that led to each (a bound on memory)
UNWANTED_PATTERN = "of a URL pattern found unwanted since it was queued"
FEED_TAKEN_BACK = 4  # pages of a template, wanted by their links, taken back should it prove a feed's
_DOCUMENT = re.compile(r"<(?:html|head|body|title)\b", re.IGNORECASE)  # a page, not a fragment of one


class ForumSpider(PageReading, scrapy.Spider):
    name = "forum"
    # A forum is read by its own links; the URL a post's outbound link carries leaves the forum.
    custom_settings = {"TOPICCRAWL_UNWRAP_REDIRECTORS": False}

    def __init__(
        self,
        start_url: str | None = None,
        start_urls: str | None = None,
        seeds: str | None = None,
        template: str | None = None,
        max_pages: str | int = 0,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.start_urls = [canonicalize(u) for u in start_urls_from_args(start_url, start_urls, seeds)]
        self.max_pages = parse_int("max_pages", max_pages, minimum=0)
        self.hosts = {urlsplit(u).netloc.lower() for u in self.start_urls}
        self._hook_policy()
        self.template_path = template
        if template:
            self._load_template(template)

    def _load_template(self, template: str) -> None:
        """What an earlier crawl of the site learned (``-a template=FILE``): its templates, post
        fields and slot decisions."""
        try:
            site = SiteTemplate.load(template)
        except SiteTemplateError as e:
            raise SpiderArgumentError(f"-a template={template}: {e}") from None
        self.book = site.book()
        self.fields = site.fields()
        site.apply(self.policy)

    @classmethod
    def from_crawler(cls, crawler: Any, *args: Any, **kwargs: Any) -> ForumSpider:
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.policy.samples = crawler.settings.getint("TOPICCRAWL_FORUM_SAMPLES", 2)
        spider._set_up_checkpoints(crawler)
        crawler.signals.connect(spider._idle, signal=signals.spider_idle)
        crawler.signals.connect(spider._closed, signal=signals.spider_closed)
        return spider

    # -- requests ------------------------------------------------------------------
    async def start(self) -> AsyncIterator[Any]:
        if self.resumed and self.requested:  # (saved as it opened, a crawl has requested nothing yet)
            for out in self._resumed_start():
                yield out
            return
        for url in self.start_urls:
            self.requested.add(url)
            yield self._request(url, {"slot": None, "pattern": url_pattern(url)})

    def _request(self, url: str, info: dict[str, Any], priority: int = 0) -> scrapy.Request:
        self.pending[url] = (info, priority)
        return scrapy.Request(
            url, callback=self.parse, errback=self._failed, priority=priority, meta={"forum": info}, dont_filter=True
        )

    def _answered(self, urls: list[str], done: list[str] | None = None) -> None:
        """The requests for ``urls`` (a URL and those that redirected to it) answered: no longer
        pending, and ``done`` (all of them unless said) done."""
        self.done.update(urls if done is None else done)
        for u in urls:
            self.pending.pop(u, None)

    def _inc(self, key: str, n: int = 1) -> None:
        assert self.crawler.stats is not None
        self.crawler.stats.inc_value(f"{STATS}/{key}", n)

    # -- parsing -------------------------------------------------------------------
    def parse(self, response: Response) -> Iterator[Any]:
        self._checkpoint_due()  # (before this page: saved, it is still unanswered and is asked again)
        return self._reading(self._read_response(response))

    def _read_response(self, response: Response) -> Iterator[Any]:
        info = response.meta["forum"]
        url = canonicalize(response.url)
        self._answered([url, *(canonicalize(u) for u in response.meta.get("redirect_urls", ()))])
        if not isinstance(response, HtmlResponse):
            yield from self._learn(info, "unwanted", "other", "not-html")
            return
        self.pages += 1
        if self.max_pages and self.pages > self.max_pages:
            raise CloseSpider("max_pages")
        if not _DOCUMENT.search(response.text):
            # A fragment a page's script loads into it (Tieba's /p/comment: more replies to
            # one floor) is no page of the forum: read as a thread, it made the floors' own
            # template a list's, and its replies posts of a thread of their own.
            self._inc("pages/fragment")
            yield from self._learn(info, "unwanted", "other", "fragment")
            return
        self.requested.add(url)  # a redirect's target: its own links to it need no second fetch
        # A redirect to an anchor in a page or to a thread's later page: a 'go to post' link
        request = response.request
        jump = bool(response.meta.get("redirect_urls")) and request is not None and bool(urlsplit(request.url).fragment)
        yield from self._handle(url, response.text, info, jump=jump)

    def _handle(
        self, url: str, text: str, info: dict[str, Any], mode: str = "fresh", jump: bool = False
    ) -> Iterator[Any]:
        """Analyse one page. ``mode``: "fresh" (just fetched) or "recheck" (was "other"; a
        template learned since may change that). ``jump``: the link that led here redirected to
        an anchor in this page (a post: 'go to last post')."""
        try:
            root = parse_html(text)
        except ValueError:
            yield from self._learn(info, "unwanted", "other", "unparsable")
            return
        known = self._known_templates()
        page = self._read_page(url, root, info)
        role, main, regions = page.role, page.main, page.regions
        if mode == "recheck" and role == "other":
            # (still nothing: a later template, or the first opening post's poster link, may tell)
            self._look_again(url, text, info)
            return
        placement = self._place(url, page, info, jump)
        url, flips, alias = placement.url, placement.flips, placement.alias
        ptype = self._page_type(url, page)
        outcome, why = self._verdict(url, page, info, flips, alias)
        logger.debug("Page %s: %s, type %s, %s (%s), mode %s", url, role, ptype, outcome, why, mode)
        if role == "other" and len(self.recheck) < RECHECK_LIMIT and mode == "fresh":
            # (a flip too: a board's last page of one thread, read before the row template was
            # known, repeats nothing, and its thread is linked from nowhere else)
            self.recheck[url] = (text, {**info, "jump": True} if jump else info)
        outcome, why, refetched = self._against_pages_read(url, page, info, outcome, why)
        shown = self._note_names(url, page, info, mode)
        template = main.key if main is not None else None
        if jump and outcome == "wanted":
            # A link that redirects to a post of a thread ('latest', 'unread', 'go to last post',
            # vBulletin's goto=newpost) reaches a page the thread's title link and pager reach:
            # a redirect per link spent on nothing. The page is read; the link's slot learns that
            # it jumps, which counts against it as an alias does. (Whatever the page read as: a
            # short thread reached so before the post template is known reads as a list.)
            yield from self._learn(info, "unwanted", role, "jump", template)
        else:
            yield from self._learn(info, outcome, role, why, template)
        if refetched:
            self._inc("skipped_pages/refetched")
            return
        heading = titled_heading(shown, info.get("anchor"))
        if outcome != "wanted":
            yield from self._skipped(
                url, text, info, page, why, fresh=mode == "fresh", known=known, heading=heading, flips=flips
            )
            return
        yield from self._read_wanted(url, info, page, heading, flips)
        if main is not None:
            self.policy.read.add(main.key)
        self._keep(url, text, info, known, role, main, regions, fresh=mode == "fresh")
        if self._known_templates() > known and mode == "fresh":
            yield from self._recheck()
            yield from self._relink()

    def _look_again(self, url: str, text: str, info: dict[str, Any]) -> None:
        """Keep a page read as nothing on a second look for another, while it has looks left."""
        rechecks = info.get("rechecks", 0) + 1
        if rechecks < RECHECK_TIMES and len(self.recheck) < RECHECK_LIMIT:
            self.recheck[url] = (text, {**info, "rechecks": rechecks})
        elif rechecks == RECHECK_TIMES and len(self.late) < RECHECK_LIMIT:
            self.late[url] = (text, {**info, "rechecks": rechecks})

    def _page_type(self, url: str, page: PageRead) -> str:
        """The name of the page type the page joins (a new one is logged)."""
        ptype, new = self.types.add(url, page.feat)
        if new:
            logger.info("Page type %s found: %s (pattern %s)", ptype.name, url, page.feat.pattern)
            self._inc("types")
        self._inc(f"pages/{ptype.role}")
        assert self.crawler.stats is not None
        self.crawler.stats.set_value(f"{STATS}/pages_before_types_settled", self.types.settled_after)
        return ptype.name

    def _verdict(self, url: str, page: PageRead, info: dict[str, Any], flips: Flips, alias: bool) -> tuple[str, str]:
        """Whether the page is one the link that led here was worth following for, and why.
        Outcomes are kept per role: a slot that leads to thread pages leads to thread pages
        whichever page type the clustering put them in."""
        main = page.main
        if page.role not in NAVIGATION:
            return "unwanted", page.role
        if alias:
            return "unwanted", "alias"
        if main is not None and self._feeds_back(url, main, info):
            self.feed_templates.add(main.key)
            return "unwanted", "feed"
        if page.role == "thread" and main is not None and self._narrower_thread(url, info, main, flips):
            return "unwanted", "variant"  # a thread's posts by one member, sorted, printable
        return "wanted", page.role

    def _against_pages_read(
        self, url: str, page: PageRead, info: dict[str, Any], outcome: str, why: str
    ) -> tuple[str, str, bool]:
        """The verdict on a wanted page once its content is compared with the pages read before
        (a duplicate, a wall, a view), and whether it is one of them read again under its own URL."""
        main = page.main
        digest = records_digest(main, page.regions) if outcome == "wanted" else None
        if not digest:
            return outcome, why, False
        twin = self.fingerprints.get(digest)
        # The same URL read twice (a redirect's target and a link to it were in flight together)
        # is no duplicate the link is to blame for: the link leads where it should.
        if twin == url:
            return outcome, why, True
        slot = info.get("slot")
        if twin is not None:
            if page.role != "thread" and slot is not None and self.fingerprint_slots.get(digest) == slot:
                # Two links of one slot led to one page that is no thread's: a wall each of its links
                # shows (a login or 'no permission' page behind every post's 'report' and 'PM'
                # buttons), whatever the first read as. (A thread reached under two URLs from one
                # slot, a sticky thread from a board's first and second pages, is no wall.)
                return "unwanted", "wall", False
            return "unwanted", "duplicate", False
        self.fingerprints[digest] = url
        if slot is not None:
            self.fingerprint_slots[digest] = slot
        if main is not None and self.seen_records.shown_before(url, self._beside(main, page.regions)):
            return "unwanted", "view", False  # a member's posts only, newest first, a category's boards
        return outcome, why, False

    def _note_names(self, url: str, page: PageRead, info: dict[str, Any], mode: str) -> str | None:
        """The page's heading, noted with its template as the name of the page and of the links
        that led here (see :meth:`_note_named_page`)."""
        main, role = page.main, page.role
        shown = page_heading(page.root) if role in NAVIGATION else None
        template = main.key if main is not None else None
        if template is not None and role == "list" and len(self.list_reads) < LIST_READS_LIMIT:
            self.list_reads[url] = (template, info)  # (see _read_under_side_boxes)
        elif role == "thread":
            self.list_reads.pop(url, None)
        if template is not None and role in NAVIGATION and mode == "fresh":
            self.page_names[url] = (template, shown, role)
            if role == "thread":
                self.thread_pages.setdefault(template, []).append(url)
            for title in {shown, titled_heading(shown, info.get("anchor"))}:  # (with and without a label)
                self._note_title(title, template, url)
            waiting = self.redirected_here.pop(url, [])
            for linked in [info, *waiting]:
                self._note_named_page(linked, shown, template)
            self.naming_pending.subtract(linked["slot"] for linked in waiting)
        return shown

    def _skipped(
        self,
        url: str,
        text: str,
        info: dict[str, Any],
        page: PageRead,
        why: str,
        *,
        fresh: bool,
        known: int,
        heading: str | None,
        flips: Flips,
    ) -> Iterator[Any]:
        """A page not worth its link: counted, kept for a second look when it is a copy or a
        view of pages read before, and a view's links followed for the threads only it shows."""
        main, role = page.main, page.role
        if why in {"duplicate", "wall", "view", "alias", "feed", "variant"}:
            self._inc(f"skipped_pages/{why}")
        if why in {"duplicate", "view"} and fresh and main is not None:
            self._keep(url, text, info, known, role, main, page.regions, skipped=why)
        if why != "view" or role != "list" or main is None:
            return
        # (a view's links are followed for the threads only it shows, once its template is
        # known for a list's: a thread page can read as a list while its template is undecided,
        # and a thread's posts shown again elsewhere make it a view)
        flipping = "next" if self.seen_records.unread(self._beside(main, page.regions)) else "none"
        if self._thread_template_state(main.key) == "list":
            self._inc("pages/view_links")
            yield from self._links(url, page.regions, role, info, heading, flips, flipping=flipping)
        elif len(self.views) < VIEW_LIMIT:
            self.views.append(EarlyList(url, text, {**info, "flipping": flipping}, known, main.key))

    def _read_wanted(
        self, url: str, info: dict[str, Any], page: PageRead, heading: str | None, flips: Flips
    ) -> Iterator[Any]:
        """A wanted page's posts, its links and its 'more' links."""
        main, role, regions = page.main, page.role, page.regions
        # The first page of a post template can read as a list (short replies, each with links)
        # before any other page has voted. Its posts are held like any others, and kept only if
        # the template proves to be a thread page's (see _emit_confirmed).
        tentative = role == "list" and main is not None and self._thread_template_state(main.key) == "open"
        if tentative:
            self.tentative_pages.add(url)
        lone = page.lone
        fields = self._post_fields(main) if main is not None and (role == "thread" or tentative) else None
        if main is not None and role == "thread" and fields is None:
            # (a thread without replies whose opening post's paragraphs repeat: its content holds
            # no post, and its one post stands apart as on any reply-less thread of the site)
            lone = self._lone_post(url, page.root, regions, info)
        if main is not None and (role == "thread" or tentative) and lone is None:
            yield from self._posts(url, main, fields, info, thread_title(page.root, heading), flips, regions)
        elif lone is not None:
            yield from self._lone(url, lone, info, thread_title(page.root, heading))
        yield from self._links(url, regions, role, info, heading, flips)
        yield from self._more(url, role, main, heading)

    def _anchor_len(self, slot_key: str | None) -> float:
        slot = self.policy.slots.get(slot_key or "")
        return slot.anchor_len if slot is not None else 0.0

    def _learn(
        self, info: dict[str, Any], outcome: str, page_type: str, why: str, template: str | None = None
    ) -> Iterator[Any]:
        if not info.get("pattern") or info.get("fetched_again"):
            return  # (a page fetched again is no second sample of the link that led to it)
        if (
            outcome == "wanted"
            and (slot := info.get("slot"))
            and self._poster_shape(slot, pattern_shape(info["pattern"]))
        ):
            # (a post's link that is its poster's own, whatever it read as: pages about the poster)
            outcome, why = "unwanted", "poster"
        elif outcome == "wanted" and info.get("slot") and template in self.feed_templates:
            # A page of a template other pages showed to be a feed of pages the crawl reads (a
            # member's posts, whose threads the boards list) vouches for no link: one that names
            # no page read yet is a feed all the same (the member posted in threads not reached
            # yet), and a slot vouched by two of them fetches every member's page of the site.
            outcome, why = "unwanted", "feed"
        released = self.policy.record(
            info.get("slot"), info["pattern"], outcome=outcome, page_type=page_type, why=why, template=template
        )
        if template is not None and why == "feed":
            # The pages of the template read before it was known for a feed's (a member's page
            # read as a thread while no poster's name was known) vouch for their links no more:
            # taken for wanted, they made the members' pages' URL pattern wanted, and every
            # slot linking members' pages followed it.
            for slot, pattern, role in self.wanted_reads.pop(template, []):
                released += self.policy.take_back(slot, pattern, role, "feed", template)
        elif outcome == "wanted" and (slot := info.get("slot")) and template is not None:
            reads = self.wanted_reads.setdefault(template, [])
            if len(reads) < FEED_TAKEN_BACK:
                reads.append((slot, info["pattern"], page_type))
        yield from self._released(released)
        if self.held:
            # a slot decided may decide its template: held posts go out now, not with the next thread page
            yield from self._emit_confirmed()
        if self.views:
            yield from self._decided_views()

    def _released(self, links: list[Any]) -> Iterator[scrapy.Request]:
        """Requests for parked links the policy has released, but those asked for meanwhile."""
        for url, meta in links:
            if url not in self.requested:
                self.requested.add(url)
                self._inc("links/released")
                yield self._request(url, meta, priority=5)

    def _recheck(self) -> Iterator[Any]:
        pending, self.recheck = self.recheck, {}
        for url, (text, info) in pending.items():
            # (a page reached by a jump, read as nothing the first time, was still reached by one)
            yield from self._handle(url, text, info, mode="recheck", jump=bool(info.get("jump")))

    # -- failures and redirects ---------------------------------------------------------
    def _failed(self, failure: Failure) -> Iterator[scrapy.Request]:
        return self._reading(self._failure(failure))

    def _failure(self, failure: Failure) -> Iterator[scrapy.Request]:
        request = getattr(failure, "request", None)
        if request is None:
            return
        info = request.meta.get("forum", {})
        target = canonicalize(request.url)
        # (a dropped redirect's first URL is no page read: only its target counts as done)
        self._answered([target, *(canonicalize(u) for u in request.meta.get("redirect_urls", ()))], done=[target])
        if isinstance(failure.value, SlotUnwanted):
            # (no page read: nothing to learn of its slot)
            self._inc(
                "skipped/queued_unwanted_pattern"
                if UNWANTED_PATTERN in str(failure.value)
                else "skipped/queued_poster_page"
            )
            return
        if isinstance(failure.value, RedirectUnwanted):
            if named := self.page_names.get(target):
                self._note_named_page(info, named[1], named[0])  # a redirect to a page read before
            elif info.get("slot") and len(self.redirected_here) < RECHECK_LIMIT:
                self.redirected_here.setdefault(target, []).append(info)  # ... or still on its way
                self.naming_pending[info["slot"]] += 1
            self._inc("skipped/redirect-unwanted")
            yield from self._learn(info, "unwanted", "other", "redirect-unwanted")
            return
        self._inc("fetch_failed")
        yield from self._learn(info, "unwanted", "error", "error")

    def redirect_unwanted(self, url: str) -> str | None:
        """Why a redirect to ``url`` is not worth following (a redirect is a link: its
        target is judged by what the crawl knows of its URL pattern), or None."""
        url = canonicalize(url)
        if self.policy.pattern_state(url_pattern(url)) == "unwanted":
            return "of an unwanted URL pattern"
        if url in self.requested:
            return "already fetched"
        return None

    def slot_unwanted(self, url: str, info: dict[str, Any]) -> str | None:
        """Why a link queued is no longer worth fetching, or None:

        * its URL pattern has led only to unwanted pages since (taken for wanted by its first
          page, which proved a feed's later: the slots that followed the pattern on that word
          queued one member's page per poster). The link would be skipped were it met now.
        * it is a poster's page (one the posts' author fields link, named by a poster's name)
          and more of its slot's pages have turned out feeds or aliases since than new lists or
          threads. Only posters' pages: one is no way to a thread the boards do not list, while
          a slot's other links may be."""
        slot = self.policy.slots.get(info.get("slot") or "")
        if slot is None:
            return None
        if self.policy.pattern_state(info.get("pattern") or url_pattern(canonicalize(url))) == "unwanted":
            return UNWANTED_PATTERN
        if not self.policy.redundant(slot) or not self._poster_page(canonicalize(url), info.get("anchor")):
            return None
        return "a poster's page, its slot's pages since mostly feeds"

    # -- end of crawl ------------------------------------------------------------------
    def _idle(self) -> None:
        engine = self.crawler.engine
        assert engine is not None
        scheduled = False
        for request in self._released(self.policy.settle_samples()):
            engine.crawl(request)
            scheduled = True
        for url, meta in self.policy.next_samples(done=self.requested.__contains__):
            self.requested.add(url)
            self._inc("links/slot-sample")
            engine.crawl(self._request(url, meta, priority=3))
            scheduled = True
        if not scheduled and (self.recheck or self.late):
            # A last look at the pages read as nothing, now that the crawl knows all it will: their
            # looks during the crawl may all have come in its first seconds, before the lists had
            # shown which kind of page links them. (Each gets one: its looks are used up.)
            self.recheck = {
                url: (text, {**info, "rechecks": RECHECK_TIMES})
                for url, (text, info) in {**self.recheck, **self.late}.items()
            }
            self.late = {}
            self._inc("pages/last_look", len(self.recheck))
            engine.crawl(self._local("_last_look"))
            scheduled = True
        if not scheduled and not self.relinked_last and (self.relist or self.reread):
            # The kept pages read again once more, whatever is known: a template proved a post
            # template changes how many templates are known, but its links proved to lead
            # nowhere after that do not, and a topic read as a list under it is a thread.
            self.relinked_last = True
            engine.crawl(self._local("_last_relink"))
            scheduled = True
        if not scheduled and (self.held or len(self.assembler)):
            engine.crawl(self._local("_flush"))
            scheduled = True
        if not scheduled and not self.fetched_again:
            # (after the flush: every post the crawl will give of the pages read so far is out)
            self.fetched_again = True
            for url in self._read_under_side_boxes():
                self._inc("pages/fetched_again")
                engine.crawl(self._request(url, {**self.list_reads[url][1], "fetched_again": True}, priority=3))
                scheduled = True
        if scheduled:
            raise DontCloseSpider

    def _local(self, method: str) -> scrapy.Request:
        """A request that costs the site nothing, for the method named to run as a callback: an
        idle handler may not yield."""
        meta = {**LOCAL, "forum_local": method}
        return scrapy.Request("data:,", callback=self._run_local, dont_filter=True, meta=meta)

    def _run_local(self, response: Response) -> Iterator[Any]:
        return self._reading(getattr(self, response.meta["forum_local"])(response))

    def _last_look(self, response: Response) -> Iterator[Any]:
        yield from self._recheck()

    def _flush(self, response: Response) -> Iterator[Any]:
        for post in self.assembler.flush():
            self.held.append((self._template_of(post), post))
        yield from self._emit_confirmed(final=True)

    def _template_of(self, post: AssembledPost) -> str:
        return self.thread_template.get(post.thread_url, "")

    def _closed(self, reason: str) -> None:
        assert self.crawler.stats is not None
        self._save_at_close()
        for slot in self.policy.slots.values():
            logger.debug(
                "Slot %s: %s, sent %d, parked %d, outcomes %s",
                slot.key,
                self.policy.state(slot),
                slot.sent,
                len(slot.parked),
                dict(slot.outcomes),
            )
        logger.debug("Held posts at close: %d", len(self.held))
        for t in self.types.types:
            logger.info(
                "Page type %s: %d pages, patterns %s, e.g. %s",
                t.name,
                len(t.crawled),
                ", ".join(p for p, _ in t.patterns.most_common(3)),
                ", ".join(t.examples),
            )
            self.crawler.stats.set_value(f"{STATS}/type/{t.name}/pages", len(t.crawled))
            self.crawler.stats.set_value(f"{STATS}/type/{t.name}/example", t.examples[0] if t.examples else "")
        path = self._template_file()
        if path is not None and not self.template_path:
            site = from_state(self.start_urls[0], self.types, self.book, self.fields, self.policy)
            site.save(path)
            logger.info("Site template saved to %s (reuse with -a template=%s)", path, path)
            self.crawler.stats.set_value(f"{STATS}/template_file", str(path))

    def _template_file(self) -> Path | None:
        settings = self.crawler.settings
        host = next(iter(sorted(self.hosts)), "forum").replace(":", "_")
        folder = settings.get("TOPICCRAWL_FORUM_TEMPLATE_DIR")
        if folder:
            return Path(folder) / f"{host}.forum-template.json"
        for uri in settings.getdict("FEEDS") or {}:
            parts = urlsplit(str(uri))
            if parts.scheme in {"", "file"}:
                feed = Path(parts.path if parts.scheme == "file" else str(uri).split(":jsonlines")[0])
                return feed.with_name(feed.name.split(".")[0] + ".forum-template.json")
        return None
