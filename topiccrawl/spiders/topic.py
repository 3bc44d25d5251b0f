"""``scrapy crawl topic``: best-first focused crawl with a dynamic topic dictionary (seed paper 003).

    scrapy crawl topic -a seeds=seeds/xinhai.txt -a dictionary=xinhai -a max_pages=5000 -O pages.jsonl

Arguments: ``seeds``/``start_url``/``start_urls`` (start URLs), ``dictionary``
(a bundled name such as ``xinhai`` or the path of a term file), ``max_pages``
(stop after that many fetched pages; 0 = no limit), ``on_topic_only`` (export
only on-topic pages), ``classifier`` (a model file trained by
``scrapy train-classifier``: page relevance becomes its probability of
``classifier_label``, default the label that looks positive). Link scoring,
priorities and tunnelling happen in :class:`topiccrawl.middlewares.focus.FocusMiddleware`;
this spider only fetches, scores pages and extracts links.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Self

import scrapy
from scrapy.crawler import Crawler
from scrapy.exceptions import CloseSpider
from scrapy.http import HtmlResponse, Response
from scrapy.linkextractors import LinkExtractor

from topiccrawl.args import SpiderArgumentError, parse_bool, parse_int, start_urls_from_args
from topiccrawl.dictionary import load_dictionary
from topiccrawl.items import TopicPage
from topiccrawl.middlewares.focus import Focus
from topiccrawl.textutil import normalize_space, utc_now_iso

logger = logging.getLogger(__name__)

_POSITIVE_LABELS = ("on_topic", "relevant", "topic", "positive", "pos", "yes", "true", "1")


def load_classifier(path: str, label: str | None) -> tuple[Any, str]:
    """The classifier at ``path`` and the label whose probability is page relevance."""
    from topiccrawl.textclf import TextClassifier

    if not Path(path).is_file():
        raise SpiderArgumentError(f"-a classifier={path}: no such file")
    try:
        clf = TextClassifier.load(path)
        labels = clf.labels
    except Exception as exc:
        raise SpiderArgumentError(f"-a classifier={path}: not a topiccrawl classifier model ({exc})") from None
    if label is None:
        label = next((lb for lb in labels if lb.lower() in _POSITIVE_LABELS), None)
        if label is None:
            raise SpiderArgumentError(
                f"-a classifier={path}: say which label is on-topic with -a classifier_label= (one of {labels})"
            )
    elif label not in labels:
        raise SpiderArgumentError(f"-a classifier_label={label}: the model's labels are {labels}")
    return clf, label


class TopicSpider(scrapy.Spider):
    name = "topic"
    custom_settings = {
        # The focus middleware sets priorities; depth must not rewrite them, and equal
        # priorities pop first-in-first-out (Scrapy's defaults are LIFO). One global
        # best-first order: Scrapy's default DownloaderAwarePriorityQueue takes turns
        # between hosts, fetching a poor link from an idle host before a good one from
        # a busy host. Politeness stays with the downloader's per-host slots.
        "DEPTH_PRIORITY": 0,
        "SCHEDULER_PRIORITY_QUEUE": "scrapy.pqueues.ScrapyPriorityQueue",
        "SCHEDULER_MEMORY_QUEUE": "scrapy.squeues.FifoMemoryQueue",
        "SCHEDULER_DISK_QUEUE": "scrapy.squeues.PickleFifoDiskQueue",
    }

    def __init__(
        self,
        start_url: str | None = None,
        start_urls: str | None = None,
        seeds: str | None = None,
        *,
        dictionary: str | None = None,
        max_pages: str | int = 0,
        on_topic_only: str | bool = False,
        classifier: str | None = None,
        classifier_label: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.start_urls = start_urls_from_args(start_url, start_urls, seeds)
        if not dictionary:
            raise SpiderArgumentError("-a dictionary=: give a bundled dictionary name (e.g. xinhai) or a term file")
        self.topic_dictionary = load_dictionary(dictionary)
        self.max_pages = parse_int("max_pages", max_pages, minimum=0)
        self.on_topic_only = parse_bool("on_topic_only", on_topic_only)
        self.classifier, self.classifier_label = (
            load_classifier(classifier, classifier_label) if classifier else (None, None)
        )
        self.link_extractor = LinkExtractor()
        self.pages_seen = 0

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> Self:
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.topic_focus = Focus.from_settings(
            crawler.settings,
            spider.topic_dictionary,
            classifier=spider.classifier,
            classifier_label=spider.classifier_label,
        )
        return spider

    async def start(self) -> AsyncIterator[scrapy.Request]:
        for url in self.start_urls:
            yield scrapy.Request(url, meta={"anchor": ""})

    def parse(self, response: Response) -> Any:
        if not isinstance(response, HtmlResponse):
            return
        self.pages_seen += 1
        if self.max_pages and self.pages_seen > self.max_pages:
            raise CloseSpider("max_pages")
        page = self.topic_focus.assess(response)
        if page.on_topic or not self.on_topic_only:
            yield TopicPage(
                url=response.url,
                title=page.title,
                text=page.text,
                author=page.author,
                published=page.published,
                relevance=page.relevance,
                on_topic=page.on_topic,
                link_score=response.meta.get("topic_score"),
                depth=response.meta.get("depth", 0),
                parent_url=(response.request.headers.get("Referer", b"").decode() or None)
                if response.request
                else None,
                anchor=response.meta.get("anchor") or None,
                fetched_at=utc_now_iso(),
            )
        for link in self.link_extractor.extract_links(response):
            yield scrapy.Request(link.url, meta={"anchor": normalize_space(link.text)})
