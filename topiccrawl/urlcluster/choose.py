"""The list of a page: which cluster to take, and which of a page's links a pattern selects.

:func:`auto_choose` takes the most list-like of the URL-shape clusters (a
region widened to its whole list container) and the :func:`block_lists` found
by place; :func:`select_links` applies a chosen pattern to a page, keeping each
list record's items.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import replace
from urllib.parse import urlsplit

from topiccrawl.urlcluster.clusters import Cluster, _common_depth, _text_length, list_score, ranked_clusters
from topiccrawl.urlcluster.links import Link, ad_url, carries_url, in_ad_box
from topiccrawl.urlcluster.patterns import UrlPattern, _file_shapes, _host_directory
from topiccrawl.urltraps import netloc_key

# Below this score nothing looks like a list (e.g. three short navigation links):
# about log2(3) links of 3-character titles, or 5 links of 1-2 characters.
MIN_LIST_SCORE = 0.5
# Share of a block's links of one URL shape for the list to be that shape's (the rest: ads, outside links).
BLOCK_SHAPE_SHARE = 0.75
# Share of a record's longest item text from which more of its links are items too (titles, not page numbers).
TITLE_SHARE = 0.5
# Typical URLs per record from which a list's links may be its records' attributes (authors, tags).
ATTRIBUTE_RUN = 2
# Levels above a list's container within which another list's records may be its records' twins
# (a ``dt`` beside each ``dd``).
RECORD_LEVELS = 2
TWIN_SLACK = 0.2  # share of records one list may have more than its twin (a paper with no author links)


def auto_choose(links: Sequence[Link]) -> Cluster | None:
    """The cluster that looks most like a list of items, or None when none scores :data:`MIN_LIST_SCORE`:
    the best of the URL-shape clusters (a region taken with its whole list) and the block lists."""
    ranked = ranked_clusters(links)
    best = ranked[0] if ranked else None
    if best is not None and best.pattern.level == "region":
        best = _whole_list(best, links)
    blocks = block_lists(links)
    if blocks and (best is None or blocks[0].score > best.score):
        best = blocks[0]
    if best is None or best.score < MIN_LIST_SCORE:
        return None
    best = _items_of_attributes(best, [*ranked, *blocks], links) or best
    kept = _without_ads(best.links)  # (as select_links leaves them out later)
    return replace(best, links=[link for link in best.links if link.url in kept])


def _items_of_attributes(best: Cluster, candidates: Sequence[Cluster], links: Sequence[Link]) -> Cluster | None:
    """The list whose records ``best`` lists attributes of, or None: when ``best``'s records
    typically hold :data:`ATTRIBUTE_RUN` of its URLs or more (a paper's authors, each their own
    page), a list-like cluster of distinct texts with one URL in each of as many records of the
    same list, the records' own or their twins (the ``dt`` beside each ``dd``: the papers' links),
    holds the items. (A letter's group of a category page has no such twin: its records are the
    items' groups.)"""
    depth = _common_depth(best.links)
    if depth == 0:
        return None
    per_record = _per_record(best.links, depth)
    if len(per_record) < 3 or statistics.median(per_record.values()) < ATTRIBUTE_RUN:
        return None
    for other in candidates:
        if other is best or other.score < MIN_LIST_SCORE or set(other.urls) & set(best.urls):
            continue
        texts = [link.text for link in other.items()]
        if len(set(texts)) < len(texts):
            continue
        shared = _common_depth([*best.links, *other.links])
        if shared == 0 or shared < depth - RECORD_LEVELS:
            continue
        theirs = _per_record(other.links, shared)
        mine = _per_record(best.links, shared)
        twins = abs(len(theirs) - len(mine)) <= TWIN_SLACK * len(theirs)
        if twins and set(theirs.values()) == {1}:
            return _whole_list(other, links) if other.pattern.level == "region" else other
    return None


def _per_record(links: Sequence[Link], depth: int) -> dict[tuple[int, ...], int]:
    """URLs of ``links`` in each record (child of the container ``depth`` levels down)."""
    urls: dict[tuple[int, ...], set[str]] = defaultdict(set)
    for link in links:
        urls[link.dom_position[: depth + 1]].add(link.url)
    return {record: len(found) for record, found in urls.items()}


def block_lists(links: Sequence[Link]) -> list[Cluster]:
    """The lists of a page found by place: for each block (links of one path of tags and classes)
    with three URLs or more, its container (the deepest element holding them all) with the links
    there of the block's URL shape when most of its links have one, else the block's links whatever
    their URLs; each record's items as :func:`select_links` takes them. Most list-like first."""
    blocks: dict[str, list[Link]] = defaultdict(list)
    for link in links:
        if link.block:
            blocks[link.block].append(link)
    out = []
    for path, members in blocks.items():
        if len({link.url for link in members}) < 3:
            continue
        depth = _common_depth(members)
        if depth == 0:
            continue
        container = "/".join(members[0].dom_path.split("/")[:depth])
        typical = _typical_per_record(members, depth)
        shape, share = _main_shape(members)
        if share >= BLOCK_SHAPE_SHARE:
            block_path = "/".join(path.split("/")[:depth])
            pattern = replace(
                shape, level="container", dom_path=container, per_record=typical, block_path=block_path, item_block=path
            )
        else:
            host = netloc_key(*urlsplit(members[0].url)[:2])
            pattern = UrlPattern("block", host, dom_path=container, per_record=typical, block_path=path)
        cluster = Cluster(pattern, select_links(pattern, links))
        cluster.score = list_score(cluster)
        out.append(cluster)
    out.sort(key=lambda c: -c.score)
    return out


def _typical_per_record(links: Sequence[Link], depth: int) -> int | None:
    record_tag = _record_tag(links, depth)
    per_record: dict[tuple[int, ...], set[str]] = defaultdict(set)
    for link in links:
        per_record[_record_of(link, depth, record_tag)].add(link.url)
    return round(statistics.median(len(urls) for urls in per_record.values())) if per_record else None


def _main_shape(links: Sequence[Link]) -> tuple[UrlPattern, float]:
    """The ``file``-level shape most of the links have, and their share."""
    by_dir: dict[tuple[str, tuple[str, ...]], list[Link]] = defaultdict(list)
    for link in links:
        by_dir[_host_directory(link.url)].append(link)
    shapes = _file_shapes(by_dir)
    counts = Counter(shapes[link.url] for members in by_dir.values() for link in members)
    shape, count = counts.most_common(1)[0]
    return shape, count / len(links)


def _whole_list(region: Cluster, links: Sequence[Link]) -> Cluster:
    """A region's list container, with every link of the region's URL shape inside it.

    A list's items do not always share one tag path (pinned threads are marked
    up differently from ordinary ones), but they share the element that holds
    the list: the deepest common ancestor of the region's anchors. A sidebar
    linking the same kind of URL lies outside it.
    """
    depth = _common_depth(region.links)
    if depth == 0:
        return region
    container = "/".join(region.links[0].dom_path.split("/")[:depth])
    typical = _typical_per_record(region.links, depth)
    places = Counter(link.block for link in region.links if link.block)
    item_block = places.most_common(1)[0][0] if places else None
    pattern = replace(region.pattern, level="container", dom_path=container, per_record=typical, item_block=item_block)
    cluster = Cluster(pattern, select_links(pattern, links))
    cluster.score = list_score(cluster)
    return cluster


def _record_tag(links: Sequence[Link], depth: int) -> str:
    """The tag of a list's records: the most common tag of the container's children on the links' paths."""
    tags = Counter(parts[depth] for link in links if len(parts := link.dom_path.split("/")) > depth)
    return tags.most_common(1)[0][0] if tags else ""


def _record_of(link: Link, depth: int, record_tag: str) -> tuple[int, ...]:
    """The record holding a link: its deepest ancestor with the record tag, at or below the container's children.

    The deepest, so that a record nesting a sub-list (pinned threads grouped in
    one ``li``) counts each sub-record as a record.
    """
    tags = link.dom_path.split("/")
    for j in range(len(tags) - 1, depth - 1, -1):
        if tags[j] == record_tag:
            return link.dom_position[: j + 1]
    return link.dom_position[: depth + 1]


def _titled_strangers(pattern: UrlPattern, matched: list[Link]) -> list[Link]:
    """The links of the pattern's shape, and those of other URLs at the items' place whose texts are
    titles as long as theirs: not an attachment's "附件", a vote count, an ad's slogan."""
    shaped = [pattern.matches(link.url, link.dom_path) for link in matched]
    lengths = [_text_length(link.text) for link, ok in zip(matched, shaped, strict=True) if ok]
    if not lengths:
        return matched
    floor = TITLE_SHARE * statistics.median(lengths)
    return [
        link
        for link, ok in zip(matched, shaped, strict=True)
        if ok or (floor > 0 and _text_length(link.text) >= floor and not carries_url(link.url))
    ]


def select_links(pattern: UrlPattern, links: Sequence[Link]) -> list[Link]:
    """The links of a page that a pattern selects: its matches, minus non-items inside a list container.

    Inside a container, a URL linked from several records (a badge in every
    author's row) is not an item, and a record holds ``per_record`` items: those
    with the longest texts (a thread's title, not its author's badges).
    """
    matched = [link for link in links if pattern.matches_link(link)]
    if pattern.level not in ("container", "block") or not pattern.dom_path:
        kept = _without_ads(matched)
        return [link for link in matched if link.url in kept]
    if pattern.item_block is not None:
        matched = _titled_strangers(pattern, matched)
    depth = pattern.dom_path.count("/") + 1
    record_tag = _record_tag(matched, depth)
    records: dict[str, set[tuple[int, ...]]] = defaultdict(set)
    longest: dict[str, float] = defaultdict(float)
    for link in matched:
        records[link.url].add(_record_of(link, depth, record_tag))
        longest[link.url] = max(longest[link.url], _text_length(link.text))
    by_record: dict[tuple[int, ...], list[str]] = defaultdict(list)
    for url, where in records.items():
        # (a record inside another holding the same URL is the same item: a title's box beside
        # the thumbnail in one news item, when records are divs)
        outer = {r for r in where if not any(o != r and r[: len(o)] == o for o in where)}
        if len(outer) > 1:
            outer = _one_card(url, outer, matched, depth)
        if len(outer) == 1:
            by_record[next(iter(outer))].append(url)
    keep: set[str] = set()
    for urls in by_record.values():
        urls.sort(key=lambda u: -longest[u])
        limit = pattern.per_record or len(urls)
        # A record holding more items than records typically do (a letter's group on a category
        # page) keeps those whose texts are titles as long as its own: not a row's page numbers.
        title = TITLE_SHARE * longest[urls[0]]
        keep.update(u for rank, u in enumerate(urls) if rank < limit or longest[u] >= title > 0)
    keep &= _without_ads([link for link in matched if link.url in keep])
    return [link for link in matched if link.url in keep]


def _without_ads(links: Sequence[Link]) -> set[str]:
    """The URLs of a list's links but its ads, when they are a few of them: URLs that read as an
    ad's (:func:`ad_url`), or linked from inside an element whose class names an ad
    (``div.advertisement``, ``li.is-sponsored``: :func:`in_ad_box`). A site whose every listing
    reads so (leboncoin's ``/ad/…``) keeps them all."""
    urls = {link.url for link in links}
    ads = {link.url for link in links if ad_url(link.url) or in_ad_box(link.block)}
    return urls - ads if len(ads) < len(urls) / 2 else urls


def _one_card(url: str, records: set[tuple[int, ...]], links: Sequence[Link], depth: int) -> set[tuple[int, ...]]:
    """Records linking one URL, as one record when they are boxes of one card: their nearest common
    ancestor inside the container links no other URL (a news card's picture box and title box,
    both ``div``). Else they stay apart: an author linked from every row of a list."""
    first, last = min(records), max(records)  # (the common start of all: that of the extremes)
    card = first[: next((i for i, (a, b) in enumerate(zip(first, last, strict=False)) if a != b), len(first))]
    if len(card) <= depth or any(link.url != url and link.dom_position[: len(card)] == card for link in links):
        return records
    return {card}
