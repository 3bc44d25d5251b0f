"""What the forum spider's mixins share: the crawl's state, set up here, and the spider's own
methods they call, declared here once for type checkers.

The mixins build on each other: :class:`~topiccrawl.spiders.forum_evidence.TemplateEvidence`
(whether a template is a thread page's), then :class:`~topiccrawl.spiders.forum_posts.ThreadPosts`
(posts), then :class:`~topiccrawl.spiders.forum_links.LinkFollowing` (links), then
:class:`~topiccrawl.spiders.forum_reread.SecondLooks` (pages read again), then
:class:`~topiccrawl.spiders.forum_checkpoint.Resumable` (pause and resume), then
:class:`~topiccrawl.spiders.forum_reading.PageReading` (one page's role and place), and the spider
on top.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from topiccrawl.forum.chrome import Chrome
from topiccrawl.forum.pagetypes import PageTypes
from topiccrawl.forum.policy import CrawlPolicy
from topiccrawl.forum.sides import SideBoxes
from topiccrawl.forum.templatebook import TemplateBook
from topiccrawl.forum.threads import AssembledPost, ThreadAssembler
from topiccrawl.forum.views import SeenRecords
from topiccrawl.textutil import utc_now_iso

if TYPE_CHECKING:
    import scrapy

    from topiccrawl.forum.posts import PostFields
    from topiccrawl.forum.regions import Region
    from topiccrawl.spiders.forum_reread import EarlyList


class ForumState:
    """What the crawl has learned and done so far, set up empty (a site template loaded by
    the spider then fills in its part)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # noqa: PLR0915 - an attribute per line
        super().__init__(*args, **kwargs)
        spider_attributes = set(vars(self))
        self.job_started = utc_now_iso()  # (kept when the crawl is resumed: see pipelines.exactdup)
        self.hosts: set[str] = set()
        self.policy = CrawlPolicy()
        self.types = PageTypes()
        self.book = TemplateBook()
        self.chrome = Chrome()
        self.sides = SideBoxes()
        self.fields: dict[str, PostFields] = {}
        self.assembler = ThreadAssembler()
        self.requested: set[str] = set()
        # A parked link does not claim its URL: the same URL may turn up later in a slot
        # that is wanted (a thread linked from a box of recent threads and from its board).
        self.parked: set[tuple[str, str]] = set()  # (slot key, URL)
        self.fingerprints: dict[str, str] = {}  # main region's records digest -> the URL first read with it
        self.fingerprint_slots: dict[str, str] = {}  # ... -> the slot whose link led there, if one did
        self.seen_records = SeenRecords()  # records of pages' content, each with the page it was first read on
        self.first_page_keys: set[str] = set()
        # pages read as nothing, kept for another look (URL -> text, meta) once more is known
        self.recheck: dict[str, tuple[str, dict[str, Any]]] = {}
        self.late: dict[str, tuple[str, dict[str, Any]]] = {}  # ... whose looks are used up, for one at the end
        self.relist: list[EarlyList] = []  # the first list pages, read again as templates become known
        self.reread: list[EarlyList] = []  # the first thread pages of undecided templates, likewise
        self.relinked_last = False  # whether the kept pages were read again once more as the crawl ran dry
        self.fetched_again = False  # whether the pages read under side boxes were fetched again
        # page URL -> the slots that linked it after it was asked for, besides the one that led to it
        # (ALSO_SLOTS at most; see _lone_post)
        self.linked_also: dict[str, list[str]] = {}
        # page read as a list -> its content's template, and the meta of the link that led to it
        self.list_reads: dict[str, tuple[str, dict[str, Any]]] = {}
        self.views: list[EarlyList] = []  # list views of undecided templates, followed once they prove lists'
        self.post_templates: set[str] = set()  # templates whose pages read as posts (see _template_role)
        self.held: list[tuple[str, AssembledPost]] = []  # posts waiting for their page type to be confirmed
        self.tentative_pages: set[str] = set()  # pages read as lists whose posts are held all the same
        self.thread_template: dict[str, str] = {}  # thread URL -> its post template key
        self.first_pages: dict[str, str] = {}  # another URL of a thread's first page -> the thread URL
        self.template_roles: dict[str, Counter[str]] = {}
        self.primary: dict[str, list[str]] = {}  # post template key -> its slots, longest anchor first
        self.pages = 0
        self.canonical_sources: dict[str, set[str]] = {}  # canonical URL -> contents of the pages naming it
        self.list_boards: dict[str, str] = {}  # URL -> heading of the first list page linking it
        self.list_anchors: dict[str, list[str]] = {}  # URL -> anchors of list links to it (a few)
        # slot -> URL shape -> (links seen, distinct on their pages)
        self.slot_targets: dict[str, dict[str, tuple[int, int]]] = {}
        self.slot_presence: dict[str, tuple[int, int]] = {}  # slot -> (records with a link in it, records)
        # slot -> URL shape -> (posters whose links agree, posters whose links differ): ThreadPosts._poster_keyed
        self.poster_keys: dict[str, dict[str, tuple[int, int]]] = {}
        self.named_templates: dict[str, set[str]] = {}  # slot -> templates of pages its links named by title
        self.poster_names: dict[str, Counter[str]] = {}  # post template -> posters' names -> posts read by them
        self.poster_slots: set[str] = set()  # slots of post templates' author fields (:func:`poster_slots`)
        self.author_slots: set[str] = set()  # author fields' slots of regions read as posts or held posts
        self.member_pages: set[str] = set()  # pages the posts' author fields link
        self.poster_shapes: set[tuple[str, str, tuple[str, ...]]] = set()  # where opening posts' posters link
        self.body_shapes: set[tuple[str, str]] = set()  # (tag, class) of the text of their replies
        # list or thread URL -> (template, heading, what it was read as: "list" or "thread")
        self.page_names: dict[str, tuple[str, str | None, str]] = {}
        self.page_titles: dict[str, tuple[str, str]] = {}  # heading of a list or thread page -> (template, URL)
        self.titled_pages: dict[str, set[str]] = {}  # slot -> pages its anchors named by title (a few)
        self.redirected_here: dict[str, list[dict[str, Any]]] = {}  # URL not read yet -> links that redirected to it
        self.naming_pending: Counter[str] = Counter()  # slot -> its redirects to pages not read yet
        self.known_targets: dict[str, list[str]] = {}  # slot -> links of it requested from elsewhere first (a few)
        self.thread_pages: dict[str, list[str]] = {}  # template -> its pages read as threads
        self.feed_templates: set[str] = set()  # templates of pages found to be feeds of pages the crawl reads
        # template -> (slot, URL pattern, role) of the first pages of it reached by a slot and wanted
        # (FEED_TAKEN_BACK at most), taken back should it prove a feed's
        self.wanted_reads: dict[str, list[tuple[str, str, str]]] = {}
        self.done: set[str] = set()  # URLs requested whose response or failure has come (and redirects' targets)
        self.pending: dict[str, tuple[dict[str, Any], int]] = {}  # URL requested, no answer yet -> (meta, priority)
        # (what a checkpoint saves: the attributes above, none of the spider's own)
        self.state_names = tuple(name for name in vars(self) if name not in spider_attributes)

    def crawl_state(self) -> dict[str, Any]:
        """The crawl's state, to be saved: one object, so that what two attributes share stays shared."""
        return {name: getattr(self, name) for name in self.state_names}

    if TYPE_CHECKING:  # the spider's own methods

        def _inc(self, key: str, n: int = 1) -> None: ...

        def _request(self, url: str, info: dict[str, Any], priority: int = 0) -> scrapy.Request: ...

        def _known_templates(self) -> int: ...

        def _shape(self, url: str, info: dict[str, Any]) -> str: ...

        def _content(self, url: str, shape: str, regions: list[Region], again: bool = False) -> list[Region]: ...

        def _main_region(self, content: list[Region]) -> Region | None: ...

        def _proved_posts(self, key: str) -> bool: ...

        def _template_role(self, key: str) -> str: ...

        def _template_of(self, post: AssembledPost) -> str: ...

        def _beside(self, main: Region, regions: list[Region]) -> Region: ...
