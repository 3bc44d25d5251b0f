"""What ``scrapy demo`` runs: one entry per spider, each against its fixture site.

Each job names the sites it needs (served together by one :class:`FixtureWeb`),
the spider to run, and how to build the spider's arguments from the servers'
base URLs. Adding a spider to the demo means adding one :class:`DemoJob` here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from topiccrawl.demo.changing import LIST_PATHS, ChangingSite
from topiccrawl.demo.forums import DiscuzForum, PhpbbForum
from topiccrawl.demo.sample import SampleSite
from topiccrawl.demo.server import Site
from topiccrawl.demo.topicweb import TopicWeb, host_addresses, seed_urls


@dataclass(frozen=True)
class DemoJob:
    name: str  # also the output file's stem: <out>/<name>.jsonl
    spider: str
    description: str
    sites: Callable[[], Mapping[str, Site]]
    spider_args: Callable[[Mapping[str, str]], dict[str, Any]]
    hosts: Mapping[str, str] = field(default_factory=dict)
    settings: Mapping[str, Any] = field(default_factory=dict)


DEMO_JOBS: list[DemoJob] = [
    DemoJob(
        name="forum",
        spider="forum",
        description="every post of two fixture forums (Discuz!-like in GBK, phpBB-like in UTF-8)",
        sites=lambda: {"discuz": DiscuzForum(size=0.5), "phpbb": PhpbbForum(size=0.5)},
        spider_args=lambda urls: {"start_urls": f"{urls['discuz']}/,{urls['phpbb']}/"},
    ),
    DemoJob(
        name="topic",
        spider="topic",
        description="best-first focused crawl of a 2,000-page topical web on six hosts (topic: 辛亥革命)",
        sites=lambda: TopicWeb(2000).sites(),
        spider_args=lambda urls: {"start_urls": ",".join(seed_urls(urls)), "dictionary": "xinhai", "max_pages": 300},
        hosts=host_addresses(),
    ),
    DemoJob(
        name="monitor",
        spider="monitor",
        description="watches a news list and an article that change every 2 s; reports new items and page changes",
        sites=lambda: {"changing": ChangingSite(tick_seconds=2.0)},
        spider_args=lambda urls: {
            "watch": f"{urls['changing']}{LIST_PATHS['news']},{urls['changing']}/page/article.html",
            "duration": 7,
        },
        settings={"TOPICCRAWL_MONITOR_MAX_INTERVAL": 1.0, "TOPICCRAWL_MONITOR_RATE": 10.0},
    ),
    DemoJob(
        name="sample",
        spider="follow",
        description="breadth-first crawl of a small site in mixed encodings (UTF-8, GBK, GB18030)",
        sites=lambda: {"sample": SampleSite()},
        spider_args=lambda urls: {"start_url": urls["sample"] + "/"},
    ),
]
