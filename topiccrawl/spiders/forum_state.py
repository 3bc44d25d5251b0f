"""What the forum spider's mixins share: the crawl's state, which
:class:`~topiccrawl.spiders.forum.ForumSpider` sets up in ``__init__``, and the spider's own
methods they call, declared here once for type checkers.

The mixins build on each other: :class:`~topiccrawl.spiders.forum_posts.ThreadPosts` (posts),
then :class:`~topiccrawl.spiders.forum_links.LinkFollowing` (links), then
:class:`~topiccrawl.spiders.forum_reread.SecondLooks` (pages read again), and the spider on top.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import scrapy

    from topiccrawl.forum.policy import CrawlPolicy
    from topiccrawl.forum.posts import PostFields
    from topiccrawl.forum.regions import Region
    from topiccrawl.forum.templatebook import TemplateBook
    from topiccrawl.forum.threads import AssembledPost, ThreadAssembler
    from topiccrawl.forum.views import SeenRecords
    from topiccrawl.spiders.forum_reread import EarlyList


class ForumState:
    # where links go: the policy's slots, what was requested or parked
    policy: CrawlPolicy
    hosts: set[str]
    requested: set[str]
    parked: set[tuple[str, str]]
    recheck: dict[str, tuple[str, dict[str, Any]]]
    done: set[str]
    # templates: the book of page types, each template's roles and post fields
    book: TemplateBook
    template_roles: dict[str, Counter[str]]
    fields: dict[str, PostFields]
    feed_templates: set[str]
    named_templates: dict[str, set[str]]
    # threads and their pages
    assembler: ThreadAssembler
    held: list[tuple[str, AssembledPost]]
    tentative_pages: set[str]
    thread_template: dict[str, str]
    first_pages: dict[str, str]
    first_page_keys: set[str]
    fingerprints: dict[str, str]
    seen_records: SeenRecords
    # what list pages and slots say of the pages they link
    list_boards: dict[str, str]
    list_anchors: dict[str, list[str]]
    primary: dict[str, list[str]]
    slot_targets: dict[str, dict[str, tuple[int, int]]]
    slot_presence: dict[str, tuple[int, int]]
    known_targets: dict[str, list[str]]
    page_titles: dict[str, tuple[str, str]]
    titled_pages: dict[str, set[str]]
    naming_pending: Counter[str]
    page_names: dict[str, tuple[str, str | None, str]]
    # posters: their names, link slots and link shapes
    poster_keys: dict[str, dict[str, tuple[int, int]]]
    poster_slots: set[str]
    poster_names: Counter[str]
    poster_shapes: set[tuple[str, str, tuple[str, ...]]]
    # pages kept to be read again
    relist: list[EarlyList]
    reread: list[EarlyList]
    views: list[EarlyList]

    if TYPE_CHECKING:  # the spider's own methods

        def _inc(self, key: str, n: int = 1) -> None: ...

        def _request(self, url: str, info: dict[str, Any], priority: int = 0) -> scrapy.Request: ...

        def _known_templates(self) -> int: ...

        def _shape(self, url: str, info: dict[str, Any]) -> str: ...

        def _content(self, url: str, shape: str, regions: list[Region]) -> list[Region]: ...

        def _main_region(self, content: list[Region]) -> Region | None: ...

        def _proved_posts(self, key: str) -> bool: ...

        def _template_role(self, key: str) -> str: ...

        def _template_of(self, post: AssembledPost) -> str: ...

        def _beside(self, main: Region, regions: list[Region]) -> Region: ...
