"""Record types the spiders emit: the contract of the exported JSONL datasets.

Field names are stable; new fields may be added, none renamed or removed. Every
field is documented in the README ("Item fields"). Fields filled by the pipelines
(``checksum``, ``simhash``, ``duplicate_of``, ``keywords``, ``summary``,
``category``) are declared on every record type that flows through them.
"""

from __future__ import annotations

from scrapy import Field, Item


class _Enriched(Item):
    """Fields the pipelines add to any record."""

    checksum = Field()  # hex SHA-1 of the normalised text (exact-duplicate key)
    simhash = Field()  # 64-bit simhash of the text, as a 16-digit hex string
    duplicate_of = Field()  # URL/id of the stored record this one nearly duplicates
    keywords = Field()  # list[str], most salient first
    summary = Field()  # a few extractive sentences
    category = Field()  # label from the user's trained classifier, if any


class ForumPost(_Enriched):
    """One post of a forum thread."""

    thread_url = Field()  # URL of the thread's first page (one thread, however many pages)
    thread_title = Field()
    board = Field()  # name of the board (sub-forum) the thread is in, if known
    page_url = Field()  # URL of the thread page the post was read from
    page_number = Field()  # 1-based page of the thread
    position = Field()  # 1-based position of the post in the whole thread
    post_id = Field()  # the site's own post id or anchor, if the page has one
    author = Field()
    time = Field()  # post time as shown on the page (string), if present
    text = Field()  # the poster's own words, clean and whitespace-normalised, without the posts it quotes
    quotes = Field()  # list[str]: the passages of other posts it quotes, in order (empty if none)
    fetched_at = Field()  # ISO 8601 UTC time the page was fetched


class TopicPage(_Enriched):
    """One page fetched by a focused (topical) crawl."""

    url = Field()
    title = Field()
    text = Field()  # main text, without navigation, ads and footers
    author = Field()  # from the page's metadata, if present
    published = Field()  # publication date from the page's metadata, if present
    relevance = Field()  # page relevance to the topic, 0..1
    on_topic = Field()  # bool: relevance above the on-topic threshold
    link_score = Field()  # score of the link the page was fetched by, 0..1
    depth = Field()  # link distance from a seed
    parent_url = Field()  # page the link was found on (None for seeds)
    anchor = Field()  # anchor text of that link
    fetched_at = Field()


class ChangeEvent(Item):
    """Something new or changed on a watched page, or in a re-crawl."""

    event_id = Field()  # id in the state store's event log (the feed cursor)
    watch_id = Field()  # id of the watch, or None for a crawl's own change events
    watch_url = Field()  # the watched page (or the crawled page)
    kind = Field()  # "new_item" | "page_changed" | "new_thread" | "new_post" | "changed_page"
    item_url = Field()  # URL of the new item, if any
    item_title = Field()  # its link text or title
    detected_at = Field()  # ISO 8601 UTC time of detection
    source = Field()  # spider that detected it
