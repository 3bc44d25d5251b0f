"""Enrichment: keywords, an extractive summary and, with a trained model, a category.

- ``TOPICCRAWL_ENRICH_ENABLED`` (True)
- ``TOPICCRAWL_KEYWORDS_TOP_K`` (10): keywords per record (0: none).
- ``TOPICCRAWL_SUMMARY_SENTENCES`` (3): sentences in ``summary`` (0: none).
- ``TOPICCRAWL_SUMMARY_MIN_CHARS`` (200): shorter texts get no summary (it would be the text).
- ``TOPICCRAWL_CLASSIFIER_PATH`` (unset): a model made by ``scrapy train-classifier``;
  when set, each record gets ``category``. Load only model files you made yourself
  (joblib files can run code).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import NotConfigured

from topiccrawl.args import SettingError
from topiccrawl.keywords import keywords
from topiccrawl.pipelines.common import handles
from topiccrawl.summary import summarize
from topiccrawl.textclf import TextClassifier

logger = logging.getLogger(__name__)


class EnrichmentPipeline:
    def __init__(self, crawler: Crawler) -> None:
        settings = crawler.settings
        self.crawler = crawler
        self.top_k = settings.getint("TOPICCRAWL_KEYWORDS_TOP_K", 10)
        self.sentences = settings.getint("TOPICCRAWL_SUMMARY_SENTENCES", 3)
        self.summary_min_chars = settings.getint("TOPICCRAWL_SUMMARY_MIN_CHARS", 200)
        self.classifier: TextClassifier | None = None
        model = settings.get("TOPICCRAWL_CLASSIFIER_PATH")
        if model:
            if not Path(model).is_file():
                raise SettingError(f"TOPICCRAWL_CLASSIFIER_PATH: no model file at {model}")
            self.classifier = TextClassifier.load(model)
            logger.info("category classifier %s: labels %s", model, ", ".join(self.classifier.labels))

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> EnrichmentPipeline:
        if not crawler.settings.getbool("TOPICCRAWL_ENRICH_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_ENRICH_ENABLED is off")
        return cls(crawler)

    def process_item(self, item: Any) -> Any:
        if not handles(item):
            return item
        text = item.get("text") or ""
        if not text.strip():
            return item
        if self.top_k > 0:
            item["keywords"] = keywords(text, self.top_k)
        if self.sentences > 0 and len(text) >= self.summary_min_chars:
            item["summary"] = summarize(text, self.sentences)
        if self.classifier is not None:
            title = item.get("title") or item.get("thread_title") or ""
            item["category"] = self.classifier.predict([f"{title}\n{text}"])[0]
        return item
