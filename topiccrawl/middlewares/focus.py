"""Focused crawling for any spider: score outgoing requests against a topic before they are scheduled.

Design. A spider middleware (``FocusMiddleware``) sees every request a callback
yields, before the engine hands it to the scheduler, so it is the one place
where a request's score can become its ``priority`` for every scheduler
(Scrapy's memory and disk priority queues, and scrapy-redis's sorted set). For
each request it computes the link score ``L(i)`` of :mod:`topiccrawl.relevance`
from the URL, the anchor text (``request.meta["anchor"]`` if the spider set it,
else the text of the response's ``<a>`` elements pointing at that URL) and
the parent page's relevance, sets ``request.priority = round(L * 1000)``
(Scrapy priorities are ints; equal scores map to equal priorities; with link
calibration, the default, ``L`` scaled by how links of its kind have fared in
this crawl: :mod:`topiccrawl.linkcalibration`), and drops
links below the threshold unless the path is within its tunnelling budget
(``meta["topic_hops"]`` counts consecutive below-threshold links since the
last on-topic page). Equal
priorities pop in arrival order because the topic spider uses FIFO queues
within each priority (``SCHEDULER_MEMORY_QUEUE``/``SCHEDULER_DISK_QUEUE``) and
the Redis frontier uses :class:`topiccrawl.redisqueue.FifoPriorityQueue`.

The middleware shares one :class:`Focus` (dictionary, growth, page scoring,
stats) with the spider: the topic spider builds it from its arguments; any other
spider becomes focused with ``-s TOPICCRAWL_FOCUS_DICTIONARY=NAME_OR_PATH``.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urldefrag

from scrapy import Request, signals
from scrapy.exceptions import NotConfigured
from scrapy.http import HtmlResponse, Response
from scrapy.spidermiddlewares.base import BaseSpiderMiddleware
from scrapy.utils.misc import load_object
from twisted.internet import task
from w3lib.url import safe_url_string

from topiccrawl import relevance as rel
from topiccrawl.args import SettingError, SpiderArgumentError
from topiccrawl.dictionary import DictionaryGrower, FeedbackSource, GrowthConfig, TopicDictionary, load_dictionary
from topiccrawl.linkcalibration import LinkCalibration, link_kind
from topiccrawl.maintext import extract_main_text
from topiccrawl.priorityupgrades import PriorityUpgrades
from topiccrawl.redirectors import carried_url
from topiccrawl.textutil import normalize_space
from topiccrawl.tokenize import add_words, tokenize
from topiccrawl.urltraps import SESSION_PARAMS, strip_session

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings

    from topiccrawl.textclf import TextClassifier

logger = logging.getLogger(__name__)

PAGE_KEY = "_topic_page"  # response.meta cache of the page's assessment
ANCHORS_KEY = "_topic_anchors"
PAGE_ID_KEY = "_topic_page_id"  # the page's id in the crawl, for LinkCalibration
# "topic": this project's scoring; baselines for benchmarks: "naive" (priority = number of
# dictionary terms in anchor and URL, nothing dropped) and "bfs" (every priority 0: FIFO, breadth-first).
SCORINGS = ("topic", "naive", "bfs")


@dataclass(frozen=True, slots=True)
class PageAssessment:
    relevance: float
    on_topic: bool
    title: str
    text: str
    author: str | None
    published: str | None


class Focus:
    """What a focused crawl knows: the dictionary and its growth, the scoring config, page relevance."""

    def __init__(
        self,
        dictionary: TopicDictionary,
        config: rel.ScoringConfig,
        *,
        page_threshold: float = 0.5,
        grower: DictionaryGrower | None = None,
        grow_every: int = 50,
        scoring: str = "topic",
        classifier: TextClassifier | None = None,
        classifier_label: str | None = None,
        session_params: Sequence[str] = SESSION_PARAMS,
        upgrades: PriorityUpgrades | None = None,
        calibration: LinkCalibration | None = None,
    ) -> None:
        self.dictionary = dictionary
        self.config = config
        self.page_threshold = page_threshold
        self.grower = grower
        self.grow_every = max(1, grow_every)
        self.scoring = scoring
        self.classifier = classifier
        self.classifier_label = classifier_label
        self.session_params = tuple(session_params)
        # Queued URLs whose priority a better link can still raise (None: off).
        self.upgrades = upgrades
        # Per kind of link, how often it led to an on-topic page (None: priorities are the formula's).
        self.calibration = calibration
        self._worker = secrets.token_hex(4)
        self.anchors = rel.AnchorStats()
        self.pages = 0
        self.on_topic = 0
        add_words(dictionary.words())

    @classmethod
    def from_settings(cls, settings: BaseSettings, dictionary: TopicDictionary, **kwargs: Any) -> Focus:
        config = rel.ScoringConfig(
            beta=settings.getfloat("TOPICCRAWL_TOPIC_BETA", 0.2),
            gamma=settings.getfloat("TOPICCRAWL_TOPIC_GAMMA", 0.3),
            decay=settings.getfloat("TOPICCRAWL_TOPIC_DECAY", 0.5),
            threshold=settings.getfloat("TOPICCRAWL_TOPIC_THRESHOLD", 0.2),
            max_tunnel_hops=settings.getint("TOPICCRAWL_TOPIC_TUNNEL_HOPS", 3),
            use_url=_getbool(settings, "TOPICCRAWL_TOPIC_USE_URL", True),
            use_anchor=_getbool(settings, "TOPICCRAWL_TOPIC_USE_ANCHOR", True),
            use_inheritance=_getbool(settings, "TOPICCRAWL_TOPIC_INHERIT", True),
            tunnelling=_getbool(settings, "TOPICCRAWL_TOPIC_TUNNELLING", True),
            generic_inherit=settings.getfloat("TOPICCRAWL_TOPIC_GENERIC_INHERIT", 1.0),
        )
        dictionary.max_learned = settings.getint("TOPICCRAWL_TOPIC_MAX_LEARNED", 200)
        grower = None
        if _getbool(settings, "TOPICCRAWL_TOPIC_GROW", True):
            grower = DictionaryGrower(
                dictionary,
                _feedback_source(settings),
                GrowthConfig(threshold=settings.getfloat("TOPICCRAWL_TOPIC_GROW_THRESHOLD", 0.2)),
            )
        scoring = settings.get("TOPICCRAWL_TOPIC_SCORING", "topic")
        if scoring not in SCORINGS:
            raise SettingError(f"TOPICCRAWL_TOPIC_SCORING={scoring!r}: expected one of {', '.join(SCORINGS)}")
        return cls(
            dictionary,
            config,
            page_threshold=settings.getfloat("TOPICCRAWL_TOPIC_PAGE_THRESHOLD", 0.5),
            grower=grower,
            grow_every=settings.getint("TOPICCRAWL_TOPIC_GROW_EVERY", 50),
            scoring=scoring,
            session_params=settings.getlist("TOPICCRAWL_SESSION_PARAMS", list(SESSION_PARAMS)),
            upgrades=_priority_upgrades(settings),
            calibration=_calibration(settings, config.decay),
            **kwargs,
        )

    @property
    def harvest_rate(self) -> float:
        return self.on_topic / self.pages if self.pages else 0.0

    # -- pages -------------------------------------------------------------------
    def assess(self, response: Response) -> PageAssessment:
        """Score a fetched page once (cached in ``response.meta``); feeds the dictionary's growth."""
        cached = response.meta.get(PAGE_KEY)
        if cached is not None:
            return cached
        page = self._score_page(response)
        response.meta[PAGE_KEY] = page
        self.pages += 1
        self.on_topic += page.on_topic
        if self.calibration is not None:
            # An id no other worker of a shared frontier gives a page: a child may be fetched by any of them.
            page_id = response.meta[PAGE_ID_KEY] = f"{self._worker}:{self.pages}"
            kind = response.meta.get("topic_kind")
            parent = response.meta.get("topic_parent")
            score = float(response.meta.get("topic_score", 0.0))
            self.calibration.page(page_id, str(kind) if kind else None, score, page.on_topic, parent)
        if self.grower is not None:
            words = tokenize(f"{page.title} {page.text}") + rel.url_tokens(response.url)
            self.grower.observe_page(words)
            if self.pages % self.grow_every == 0:
                for judgement in self.grower.step():
                    logger.info(
                        "Dictionary learned %r (weight %.2f, match %.2f over %d pages)",
                        judgement.term,
                        judgement.weight,
                        judgement.match,
                        judgement.pages,
                    )
        return page

    def _score_page(self, response: Response) -> PageAssessment:
        if not isinstance(response, HtmlResponse):
            return PageAssessment(0.0, False, "", "", None, None)
        main = extract_main_text(response.text, response.url)
        title = normalize_space(response.xpath("string(//title)").get() or "")
        if main is not None:
            text, author, published = main.text, main.author, main.date
            title = main.title or title
        else:  # nothing article-like: fall back to the body's visible text
            parts = response.xpath("//body//text()[not(ancestor::script)][not(ancestor::style)]").getall()
            text, author, published = normalize_space(" ".join(parts)), None, None
        if self.classifier is not None and self.classifier_label is not None:
            score = self.classifier.probability([f"{title}\n{text}"], self.classifier_label)[0]
        else:
            score = rel.page_relevance(tokenize(f"{title} {text}"), self.dictionary)
        score = round(score, 4)
        return PageAssessment(score, score >= self.page_threshold, title, text, author, published)

    # -- links -------------------------------------------------------------------
    def anchor_for(self, request: Request, response: Response) -> str:
        anchor = request.meta.get("anchor")
        if anchor is None:
            anchors = response.meta.get(ANCHORS_KEY)
            if anchors is None:
                anchors = _anchor_map(response, self.session_params)
                response.meta[ANCHORS_KEY] = anchors
            anchor = anchors.get(_anchor_key(request.url, self.session_params), "")
        return str(anchor)

    def score_request(self, request: Request, response: Response) -> rel.LinkScore | None:
        """The link's score, with its priority and meta set on the request; None to drop it."""
        page = self.assess(response)
        anchor = self.anchor_for(request, response)
        anchor_tokens = tokenize(anchor)
        url_toks = rel.url_tokens(request.url)
        self.anchors.observe(anchor, request.url)
        if self.grower is not None:
            self.grower.observe_link(anchor_tokens + url_toks)
        if self.scoring == "bfs":
            return rel.LinkScore(0.0, 0.0, 0.0, 0.0, 0.0, True, 0, True)
        if self.scoring == "naive":
            count = rel.naive_count(anchor_tokens, url_toks, self.dictionary)
            score = rel.LinkScore(0.0, 0.0, float(count), 0.0, float(count), count > 0, 0, True)
            request.priority = count
        else:
            h = rel.inherited(
                page.relevance, float(response.meta.get("topic_inherit", 0.0)), page.on_topic, self.config.decay
            )
            similarity = rel.anchor_similarity(anchor_tokens, self.dictionary, self.config.unknown_weight)
            generic = self.anchors.is_generic(anchor)
            score = rel.score_link(
                self.config,
                rel.url_score(url_toks, self.dictionary),
                similarity,
                h,
                # The irrelevant queue tunnels through off-topic pages: an on-topic page
                # ends the tunnel, so a chain of on-topic pages is never cut.
                0 if page.on_topic else int(response.meta.get("topic_hops", 0)),
                generic_anchor=generic,
            )
            if not score.fetch:
                return score
            if self.calibration is not None:
                # What is fetched stays the formula's decision; the order becomes the crawl's own estimate.
                kind = link_kind(similarity, score.url, generic, page.on_topic)
                request.meta["topic_kind"] = kind
                request.meta["topic_parent"] = response.meta.get(PAGE_ID_KEY)
                request.priority = rel.priority(self.calibration.estimate(kind, score.score))
            else:
                request.priority = rel.priority(score.score)
        request.meta.update(
            topic_score=round(score.score, 4),
            topic_inherit=round(score.inherited, 4),
            topic_hops=score.tunnel_hops,
            anchor=anchor,
        )
        return score


def _getbool(settings: BaseSettings, name: str, default: bool) -> bool:
    """A boolean setting; numeric ones are checked by ``scrapy crawl`` before the crawl starts."""
    try:
        return settings.getbool(name, default)
    except ValueError:
        raise SettingError(f"{name}={settings.get(name)!r} is not a boolean; use true or false") from None


def _priority_upgrades(settings: BaseSettings) -> PriorityUpgrades | None:
    if not _getbool(settings, "TOPICCRAWL_TOPIC_UPGRADES", True):
        return None
    margin = settings.getfloat("TOPICCRAWL_TOPIC_UPGRADE_MARGIN", 0.1)
    if not 0 < margin <= 1:
        raise SettingError(f"TOPICCRAWL_TOPIC_UPGRADE_MARGIN must be in (0, 1], got {margin}")
    if settings.get("TOPICCRAWL_REDIS_URL"):
        # The stale copy may be popped by another worker, which cannot tell it from any other.
        logger.info("focus: priority upgrades are off with a shared Redis frontier")
        return None
    return PriorityUpgrades(rel.priority(margin))


def _calibration(settings: BaseSettings, decay: float) -> LinkCalibration | None:
    if not _getbool(settings, "TOPICCRAWL_TOPIC_CALIBRATE", True):
        return None
    weight = settings.getfloat("TOPICCRAWL_TOPIC_CALIBRATION_PRIOR", 10.0)
    if weight <= 0:
        raise SettingError(f"TOPICCRAWL_TOPIC_CALIBRATION_PRIOR must be positive, got {weight}")
    # A hub is one hop short of an on-topic page: worth what inheritance keeps over one hop.
    return LinkCalibration(weight, hub_credit=decay)


def _feedback_source(settings: BaseSettings) -> FeedbackSource:
    """An instance of the ``TOPICCRAWL_TOPIC_FEEDBACK`` class (a dotted path)."""
    spec = settings.get("TOPICCRAWL_TOPIC_FEEDBACK", "topiccrawl.dictionary.CrawlFeedback")
    try:
        feedback_cls = load_object(spec)
    except (ImportError, NameError, ValueError, AttributeError) as exc:
        raise SettingError(
            f"TOPICCRAWL_TOPIC_FEEDBACK={spec!r} cannot be loaded ({exc}); give the dotted path of a feedback "
            "source class, e.g. topiccrawl.dictionary.CrawlFeedback"
        ) from None
    if not callable(feedback_cls):
        raise SettingError(f"TOPICCRAWL_TOPIC_FEEDBACK={spec!r} is not a class")
    return feedback_cls()


def _anchor_key(url: str, session_params: Sequence[str] = SESSION_PARAMS) -> str:
    """A link's URL as the anchor map knows it: no fragment, no session id (TrapGuardMiddleware strips
    session ids from requests before this middleware sees them; the page's hrefs still carry them),
    and a redirector link as the URL it carries (TrapGuardMiddleware fetches that)."""
    url = urldefrag(url)[0]
    return strip_session(carried_url(url) or url, session_params)


def _anchor_map(response: Response, session_params: Sequence[str] = SESSION_PARAMS) -> dict[str, str]:
    """Link URL (see :func:`_anchor_key`) -> the distinct anchor texts of the links to it on this page."""
    if not isinstance(response, HtmlResponse):
        return {}
    texts: dict[str, list[str]] = {}
    for a in response.xpath("//a[@href]"):
        href = a.attrib.get("href", "").strip()
        if not href or href.startswith(("#", "javascript:", "mailto:")):
            continue
        url = _anchor_key(safe_url_string(response.urljoin(href), encoding=response.encoding), session_params)
        text = normalize_space(" ".join(a.xpath(".//text()").getall()) or a.attrib.get("title", ""))
        if text and text not in texts.setdefault(url, []):
            texts[url].append(text)
    return {url: " ".join(t) for url, t in texts.items()}


class FocusMiddleware(BaseSpiderMiddleware):
    """Scores outgoing requests of any spider and sets their priority (see the module docstring)."""

    def __init__(self, crawler: Crawler, focus: Focus) -> None:
        super().__init__(crawler)
        self.focus = focus
        self.interval = crawler.settings.getfloat("LOGSTATS_INTERVAL", 60.0)
        self._loop: task.LoopingCall | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> FocusMiddleware:
        focus = getattr(crawler.spider, "topic_focus", None)
        if focus is None:
            spec = crawler.settings.get("TOPICCRAWL_FOCUS_DICTIONARY")
            if not spec:  # the usual case for a spider without a topic: no warning on every crawl
                raise NotConfigured
            try:
                dictionary = load_dictionary(spec)
            except SpiderArgumentError as exc:  # its messages name -a dictionary=; here it is a setting
                raise SettingError(str(exc).replace("-a dictionary=", "TOPICCRAWL_FOCUS_DICTIONARY=", 1)) from None
            focus = Focus.from_settings(crawler.settings, dictionary)
            crawler.spider.topic_focus = focus  # type: ignore[union-attr]
        _warn_about_queues(crawler.settings)
        mw = cls(crawler, focus)
        crawler.signals.connect(mw.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(mw.spider_closed, signal=signals.spider_closed)
        return mw

    # -- requests -----------------------------------------------------------------
    def get_processed_request(self, request: Request, response: Response | None) -> Request | None:
        stats = self.crawler.stats
        assert stats is not None
        upgrades = self.focus.upgrades
        if upgrades is not None and (request.meta.get("dont_focus") or response is None):
            # scheduled as the spider says: a better link must not add a copy
            upgrades.pin(self.crawler.request_fingerprinter.fingerprint(request))
        if request.meta.get("dont_focus"):
            return request
        if response is None:  # a seed: best priority, inherits nothing, no tunnelling spent
            request.priority = rel.priority(1.0)
            request.meta.setdefault("topic_score", 1.0)
            request.meta.setdefault("topic_inherit", 0.0)
            request.meta.setdefault("topic_hops", 0)
            return request
        score = self.focus.score_request(request, response)
        if score is None:
            return request
        stats.inc_value("topic/links_scored")
        if not score.fetch:
            stats.inc_value("topic/links_dropped")
            return None
        stats.inc_value("topic/links_relevant" if score.relevant else "topic/links_tunnelled")
        if upgrades is not None and not request.dont_filter:
            fp = self.crawler.request_fingerprinter.fingerprint(request)
            if upgrades.offer(fp, request.priority) == "upgrade":
                # A better link to a queued URL: a copy at the better priority goes past the
                # dupefilter, and the stale copy is dropped when it reaches the downloader.
                request.dont_filter = True
                stats.inc_value("topic/priority_upgrades")
        return request

    def get_processed_item(self, item: Any, response: Response | None) -> Any:
        if response is not None:
            self._record_page(response)
        return item

    def _record_page(self, response: Response) -> None:
        self.focus.assess(response)
        self._update_stats()

    def _update_stats(self) -> None:
        stats = self.crawler.stats
        assert stats is not None
        stats.set_value("topic/pages", self.focus.pages)
        stats.set_value("topic/pages_on_topic", self.focus.on_topic)
        stats.set_value("topic/harvest_rate", round(self.focus.harvest_rate, 4))
        stats.set_value("topic/dictionary/terms", len(self.focus.dictionary))
        stats.set_value("topic/dictionary/learned", self.focus.dictionary.count("learned"))

    # -- periodic log and final dictionary ---------------------------------------
    def spider_opened(self) -> None:
        if self.interval > 0:
            self._loop = task.LoopingCall(self.log)
            self._loop.start(self.interval, now=False)

    def log(self) -> None:
        d = self.focus.dictionary
        logger.info(
            "Harvest rate %.1f%% (%d on-topic of %d pages); dictionary %d terms (%d learned)",
            100 * self.focus.harvest_rate,
            self.focus.on_topic,
            self.focus.pages,
            len(d),
            d.count("learned"),
        )

    def spider_closed(self) -> None:
        if self._loop is not None and self._loop.running:
            self._loop.stop()
        self._update_stats()  # pages that yielded no item (on_topic_only) count too
        self.log()
        if self.focus.calibration is not None:
            logger.info(
                "Link kinds by pages fetched (kind, pages, on-topic rate): %s",
                ", ".join(f"{k} {n} {rate:.2f}" for k, n, rate in self.focus.calibration.summary()),
            )
        path = dictionary_output_path(self.crawler.settings)
        self.focus.dictionary.save(path)
        logger.info("Saved the topic dictionary (static and learned terms) to %s", path)


def _warn_about_queues(settings: BaseSettings) -> None:
    """Scores only become a best-first order with a global priority queue and FIFO within a priority."""
    if "Lifo" in str(settings.get("SCHEDULER_MEMORY_QUEUE", "")):
        logger.warning(
            "Focused crawl with a LIFO memory queue: equal scores pop last-in-first-out; "
            "set SCHEDULER_MEMORY_QUEUE=scrapy.squeues.FifoMemoryQueue"
        )
    if "DownloaderAware" in str(settings.get("SCHEDULER_PRIORITY_QUEUE", "")):
        logger.warning(
            "Focused crawl with DownloaderAwarePriorityQueue: hosts take turns, so a poor link of an idle "
            "host pops before a good one of a busy host; set SCHEDULER_PRIORITY_QUEUE="
            "scrapy.pqueues.ScrapyPriorityQueue for one best-first order"
        )


def dictionary_output_path(settings: BaseSettings) -> Path:
    """``TOPICCRAWL_TOPIC_DICTIONARY_OUT``, else ``<feed stem>.dictionary.jsonl`` beside the first local
    feed, else ``<TOPICCRAWL_STATE_DIR>/topic-dictionary.jsonl``."""
    explicit = settings.get("TOPICCRAWL_TOPIC_DICTIONARY_OUT")
    if explicit:
        return Path(explicit)
    for uri in settings.getdict("FEEDS"):
        text = str(uri)
        if text.startswith("file://"):
            text = text[len("file://") :]
        if "://" not in text and "%(" not in text:
            feed = Path(text)
            return feed.with_name(f"{feed.stem}.dictionary.jsonl")
    return Path(settings.get("TOPICCRAWL_STATE_DIR", ".topiccrawl")) / "topic-dictionary.jsonl"
