"""``scrapy template URL``: choose what to watch on a page (the seed's semi-automatic template).

Fetches the page with Scrapy's downloader (project settings, robots.txt,
charset fixes), clusters its links by URL shape (:mod:`topiccrawl.urlcluster`),
shows each cluster with its first link texts, and lets the user pick one: at
the prompt, with ``--pick N``, or ``--auto`` (the cluster that looks most like a
list of items). ``0`` (or ``--page``) picks the whole page. ``--json`` prints the
choice and the chosen cluster's links (text and URL) as JSON. The chosen
template is saved in the state store (unless ``--no-save``) and its id printed,
for ``scrapy watch add URL --template ID``.

    scrapy template https://example.org/news/ --auto --json
"""

from __future__ import annotations

import json
import logging
import sys
from argparse import ArgumentParser, Namespace
from collections.abc import AsyncIterator
from typing import Any

import scrapy
from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError
from scrapy.http import Response, TextResponse
from scrapy.settings import BaseSettings

from topiccrawl.commands.crawl import require_numeric_settings
from topiccrawl.commands.quiet import QuietLogging
from topiccrawl.netguard import AddressPolicy, UnsafeURLError, check_url
from topiccrawl.urlcluster import Cluster, Link, auto_choose, extract_links, ranked_clusters
from topiccrawl.watchtemplate import PageTemplate, Template, page_fingerprint, template_for_cluster, template_to_json

logger = logging.getLogger(__name__)

SHOWN_TEXTS = 10  # the seed shows the first 10 link texts of each cluster


def check_watch_url(url: str, settings: BaseSettings) -> str:
    """The URL, if topiccrawl may fetch it for a user; else a one-line :class:`UsageError`."""
    try:
        check_url(url, policy=AddressPolicy.from_settings(settings))
    except UnsafeURLError as exc:
        raise UsageError(f"refusing {url}: {exc}", print_help=False) from None
    return url


class _PageFetch(scrapy.Spider):
    """Fetches one URL and keeps the response for the command (not a registered spider)."""

    name = "topiccrawl-template-fetch"

    def __init__(self, url: str, holder: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.url = url
        self.holder = holder

    async def start(self) -> AsyncIterator[scrapy.Request]:
        yield scrapy.Request(self.url, callback=self.keep, errback=self.failed, dont_filter=True)

    def keep(self, response: Response) -> None:
        self.holder["response"] = response

    def failed(self, failure: Any) -> None:
        self.holder["error"] = f"{type(failure.value).__name__}: {failure.value}"


class Command(QuietLogging, ScrapyCommand):
    requires_project = True

    def syntax(self) -> str:
        return "[options] URL"

    def short_desc(self) -> str:
        return "Choose what to watch on a page: a cluster of its links, or the whole page"

    def add_options(self, parser: ArgumentParser) -> None:
        super().add_options(parser)
        choice = parser.add_mutually_exclusive_group()
        choice.add_argument("--auto", action="store_true", help="pick the cluster that looks most like a list")
        choice.add_argument("--pick", type=int, metavar="N", help="pick cluster N as listed (0: the whole page)")
        choice.add_argument("--page", action="store_true", help="watch the whole page (its main text)")
        parser.add_argument("--json", action="store_true", help="print the choice and its links as JSON")
        parser.add_argument("--no-save", action="store_true", help="only show the choice; do not save the template")
        parser.add_argument("--clusters", type=int, default=15, metavar="K", help="list at most K clusters")

    def run(self, args: list[str], opts: Namespace) -> None:
        require_numeric_settings(self.settings)
        if len(args) != 1:
            raise UsageError("scrapy template takes one URL", print_help=False)
        url = check_watch_url(args[0].strip(), self.settings)
        if opts.clusters < 1:
            raise UsageError("--clusters must be at least 1", print_help=False)
        response = self._fetch(url)
        links = extract_links(response.text, response.url)
        ranked = ranked_clusters(links, opts.clusters)
        cluster = self._choose(ranked, links, opts)
        template: Template = template_for_cluster(cluster) if cluster is not None else PageTemplate()
        template_id = None
        if not opts.no_save:
            from topiccrawl.store.watches import WatchStore

            store = WatchStore.in_state_dir(self.settings.get("TOPICCRAWL_STATE_DIR"))
            try:
                template_id = store.save_template(url, template_to_json(template))
            finally:
                store.close()
        self._report(url=url, response=response, cluster=cluster, template=template, template_id=template_id, opts=opts)

    def _fetch(self, url: str) -> TextResponse:
        holder: dict[str, Any] = {}
        assert self.crawler_process is not None
        self.crawler_process.crawl(_PageFetch, url=url, holder=holder)
        self.crawler_process.start()
        response = holder.get("response")
        if response is None:
            raise UsageError(f"could not fetch {url}: {holder.get('error', 'no response')}", print_help=False)
        if not isinstance(response, TextResponse):
            raise UsageError(f"{url} is not a text page ({response.headers.get('Content-Type')!r})", print_help=False)
        return response

    def _choose(self, ranked: list[Cluster], links: list[Link], opts: Namespace) -> Cluster | None:
        if opts.page:
            return None
        if opts.auto:
            return auto_choose(links)
        if opts.pick is not None:
            return self._by_number(ranked, opts.pick)
        self._print_clusters(ranked, sys.stderr if opts.json else sys.stdout)
        try:
            answer = input(f"Pick a cluster [0-{len(ranked)}] (0: the whole page): ")
        except EOFError:
            raise UsageError("no choice made; pass --pick N, --auto or --page", print_help=False) from None
        try:
            number = int(answer.strip())
        except ValueError:
            raise UsageError(f"{answer.strip()!r} is not a cluster number", print_help=False) from None
        return self._by_number(ranked, number)

    @staticmethod
    def _by_number(ranked: list[Cluster], number: int) -> Cluster | None:
        if number == 0:
            return None
        if not 1 <= number <= len(ranked):
            raise UsageError(f"no cluster {number}: the page has {len(ranked)} (0 is the whole page)", print_help=False)
        return ranked[number - 1]

    @staticmethod
    def _print_clusters(ranked: list[Cluster], out: Any) -> None:
        print("  0  the whole page (alert when its main text changes beyond noise)", file=out)
        for i, cluster in enumerate(ranked, 1):
            items = cluster.items()
            print(f"{i:3}  {len(items)} links  {cluster.pattern.describe()}  (score {cluster.score:.2f})", file=out)
            for link in items[:SHOWN_TEXTS]:
                print(f"       - {link.text or '(no text)'}", file=out)

    @staticmethod
    def _report(
        *,
        url: str,
        response: TextResponse,
        cluster: Cluster | None,
        template: Template,
        template_id: int | None,
        opts: Namespace,
    ) -> None:
        if cluster is not None:
            links = [{"text": link.text, "url": link.url} for link in cluster.items()]
            chosen: dict[str, Any] = {"kind": "links", "description": cluster.pattern.describe(), "size": len(links)}
        else:
            fingerprint = page_fingerprint(response.text, response.url)
            links = []
            chosen = {
                "kind": "page",
                "description": template.describe(),
                "title": fingerprint.title,
                "checksum": fingerprint.checksum,
                "simhash": f"{fingerprint.simhash:016x}",
            }
        if opts.json:
            doc = {"url": url, "chosen": chosen, "template": template.to_dict(), "links": links}
            if template_id is not None:
                doc["template_id"] = template_id
            print(json.dumps(doc, ensure_ascii=False, indent=2))
            return
        print(f"chosen: {chosen['description']}")
        for link in links[:SHOWN_TEXTS]:
            print(f"  - {link['text']}  {link['url']}")
        if len(links) > SHOWN_TEXTS:
            print(f"  ... {len(links) - SHOWN_TEXTS} more")
        print(f"template: {template_to_json(template)}")
        if template_id is not None:
            print(f"saved template {template_id}: scrapy watch add {url} --template {template_id}")
