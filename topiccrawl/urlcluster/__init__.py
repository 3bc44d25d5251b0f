"""Cluster a page's links by URL shape, and pick the cluster that looks like a list of items.

The seed's Algorithm 1: links of one kind of item share a host, a directory, a
file-name prefix (static pages) or a dynamic page with the same query keys. We
group links at increasing granularity:

1. ``host``: the host (and port);
2. ``directory``: host plus the directory path, digit runs generalised (so
   ``/2024/05/`` and ``/2024/06/`` are one directory);
3. ``file``: for static pages the file name's longest prefix shared with
   another file of the directory (digits cut off, so ids do not split it) and
   its extension; for dynamic pages (a query string) the file name and the set
   of query keys;
4. ``region``: a ``file`` cluster split by the links' tag path in the DOM, for
   pages that link the same kind of URL from a list and from a sidebar.

Lists whose items share no URL shape (a news roll over several channels' hosts,
a link aggregator's stories, a blog's slugs) or share it with a sidebar are found
from the other side: links in one *block*, the same path of tags and classes
(``div.list/ul/li/a``, where the sidebar is ``div.hot/ul/li/a``), become a list
``container`` that keeps the block's URL shape when most of its links have one,
or a ``block`` pattern (any URL at that path) when they do not.

Each cluster carries a :class:`UrlPattern` that matches single URLs, so a chosen
cluster becomes a template that applies to later versions of the page.
:func:`auto_choose` scores clusters by how much they look like a list of items
(many distinct links, title-like anchor texts that differ from each other, one
repeated DOM position) with no knowledge of any particular site.

Modules: :mod:`~topiccrawl.urlcluster.links` (a page's links, their texts and
places in the DOM), :mod:`~topiccrawl.urlcluster.patterns` (URL shapes),
:mod:`~topiccrawl.urlcluster.clusters` (clustering and scoring) and
:mod:`~topiccrawl.urlcluster.choose` (the chosen list and the links a pattern
selects); everything public is importable from here.

Pure package: lxml only, no Scrapy.
"""

from __future__ import annotations

from topiccrawl.urlcluster.choose import (
    BLOCK_SHAPE_SHARE,
    MIN_LIST_SCORE,
    TITLE_SHARE,
    auto_choose,
    block_lists,
    select_links,
)
from topiccrawl.urlcluster.clusters import STAMP_LENGTH, Cluster, cluster_links, list_score, ranked_clusters
from topiccrawl.urlcluster.links import Link, ad_url, block_step, extract_links, is_view, marked_variant, script_target
from topiccrawl.urlcluster.patterns import LEVELS, MIN_PREFIX, UrlPattern, named_by_path

__all__ = [
    "BLOCK_SHAPE_SHARE",
    "LEVELS",
    "MIN_LIST_SCORE",
    "MIN_PREFIX",
    "STAMP_LENGTH",
    "TITLE_SHARE",
    "Cluster",
    "Link",
    "UrlPattern",
    "ad_url",
    "auto_choose",
    "block_lists",
    "block_step",
    "cluster_links",
    "extract_links",
    "is_view",
    "list_score",
    "marked_variant",
    "named_by_path",
    "ranked_clusters",
    "script_target",
    "select_links",
]
