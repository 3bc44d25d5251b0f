"""Project settings: polite defaults for real crawling.

Scrapy's own settings come first; the project's own components read settings
prefixed ``TOPICCRAWL_`` (listed, documented, at the bottom). Every value here can
be overridden per run with ``-s NAME=VALUE``.
"""

from __future__ import annotations

import os

BOT_NAME = "topiccrawl"
SPIDER_MODULES = ["topiccrawl.spiders"]
NEWSPIDER_MODULE = "topiccrawl.spiders"
COMMANDS_MODULE = "topiccrawl.commands"

# Identify ourselves; site owners need a way to reach whoever runs the crawl.
USER_AGENT = "topiccrawl/0.1 (+https://github.com/topiccrawl/topiccrawl; focused research crawler)"

# Politeness.
ROBOTSTXT_OBEY = True
CONCURRENT_REQUESTS = 16
CONCURRENT_REQUESTS_PER_DOMAIN = 4
DOWNLOAD_DELAY = 0.5
AUTOTHROTTLE_ENABLED = True
AUTOTHROTTLE_START_DELAY = 1.0
AUTOTHROTTLE_MAX_DELAY = 30.0
AUTOTHROTTLE_TARGET_CONCURRENCY = 2.0

# Bounds that keep a hostile or broken site from exhausting the machine.
# DOWNLOAD_MAXSIZE counts decompressed bytes, so it also stops compression bombs.
DOWNLOAD_MAXSIZE = 16 * 1024 * 1024
DOWNLOAD_WARNSIZE = 4 * 1024 * 1024
# A stalled server costs DOWNLOAD_TIMEOUT per attempt, times 1 + RETRY_TIMES; 20 s is
# ample for an HTML page from a working server.
DOWNLOAD_TIMEOUT = 20
URLLENGTH_LIMIT = 2048
DEPTH_LIMIT = 30
REDIRECT_MAX_TIMES = 10
RETRY_TIMES = 2
COOKIES_ENABLED = True

# Output: one JSON object per line, readable Chinese.
FEED_EXPORT_ENCODING = "utf-8"
FEED_FORMAT = "jsonlines"

TWISTED_REACTOR = "twisted.internet.asyncioreactor.AsyncioSelectorReactor"
LOG_LEVEL = "INFO"
LOGSTATS_INTERVAL = 30.0

# Scrapy's local consoles run any code sent to them (the telnet console, whose password goes to
# the log, and Scrapy 2.19's remote-control HTTP endpoint). A monitor runs for days next to the
# state store and the notification secrets, so they are off; -s TELNETCONSOLE_ENABLED=True or
# -s REMOTE_CONTROL_ENABLED=True turns one back on for debugging.
TELNETCONSOLE_ENABLED = False
REMOTE_CONTROL_ENABLED = False

# Every DNS answer is checked where the connection is made (no DNS rebinding).
TWISTED_DNS_RESOLVER = "topiccrawl.middlewares.ssrf.SafeResolver"

DOWNLOADER_MIDDLEWARES = {
    # Focused crawls: the stale copy of a URL whose priority a better link raised is dropped.
    "topiccrawl.middlewares.upgrades.SupersededRequestMiddleware": 30,
    # Refuse non-HTTP(S) schemes and private literal IPs, on every request and
    # redirect hop; before OffsiteMiddleware (50) so a refusal is logged as such.
    "topiccrawl.middlewares.ssrf.SSRFGuardMiddleware": 40,
    # At most TOPICCRAWL_HOST_PAGE_BUDGET pages per host: the last line against endless URL spaces.
    "topiccrawl.middlewares.traps.HostBudgetMiddleware": 60,
    # RFC 9309 robots.txt (4xx allows all, 5xx/unreachable disallows for a while, Crawl-delay).
    "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware": None,
    "topiccrawl.middlewares.robots.RobotsPolicyMiddleware": 100,
    # Fixes charsets that are missing from the header, declared late in the page, or wrong.
    "topiccrawl.middlewares.encoding.CharsetMiddleware": 560,
    # Redirects of `scrapy crawl forum` to targets known unwanted, and posters' pages it queued
    # while their slot looked wanted (its pages since mostly feeds), are dropped before they
    # are fetched (other spiders are untouched); after RedirectMiddleware (600).
    "topiccrawl.middlewares.forumfilter.ForumRequestFilterMiddleware": 590,
    # Cookie challenges and redirects to other schemes; between RedirectMiddleware (600)
    # and CookiesMiddleware (700).
    "topiccrawl.middlewares.redirects.RedirectGuardMiddleware": 650,
}

SPIDER_MIDDLEWARES = {
    # Bad input raised by a spider's start() closes it with the reason bad_input (exit status 2).
    "topiccrawl.middlewares.startguard.StartGuardMiddleware": 990,
    # Scores requests of focused spiders and sets their priority before scheduling.
    "topiccrawl.middlewares.focus.FocusMiddleware": 600,
    # Canonical URLs (session ids out) and trap-shaped URLs dropped.
    "topiccrawl.middlewares.traps.TrapGuardMiddleware": 850,
    # Records each page's HTML and HTTP validators for the main-text and storage steps.
    "topiccrawl.pipelines.maintext.PageContextMiddleware": 950,
}

# Main text -> exact duplicates -> near duplicates -> enrichment -> storage -> change notification.
ITEM_PIPELINES = {
    "topiccrawl.pipelines.maintext.MainTextPipeline": 100,
    "topiccrawl.pipelines.exactdup.ExactDuplicatePipeline": 200,
    "topiccrawl.pipelines.neardup.NearDuplicatePipeline": 300,
    "topiccrawl.pipelines.enrich.EnrichmentPipeline": 500,
    "topiccrawl.pipelines.storage.StoragePipeline": 800,
    "topiccrawl.pipelines.notify.ChangeNotifyPipeline": 950,
}

EXTENSIONS = {
    "topiccrawl.extensions.statsfile.StatsFile": 500,
    # Sends queued notifications during any crawl.
    "topiccrawl.extensions.notify_outbox.NotifyOutbox": 600,
}

ADDONS = {
    # Shared Redis frontier and dedup when TOPICCRAWL_REDIS_URL is set.
    "topiccrawl.addons.Distributed": 0,
}

# === topiccrawl's own settings ==================================================

# --- general ---
# Fetch private, loopback and link-local addresses on behalf of users (watch and
# template URLs). Off for safety; the tests and the offline demo turn it on.
TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES = False
# Where crawl state lives (page records, watches, outbox, near-duplicate index);
# the environment variable of the same name sets the default (one state per deployment).
TOPICCRAWL_STATE_DIR = os.environ.get("TOPICCRAWL_STATE_DIR", ".topiccrawl")
# Write the final crawl stats as JSON to this path (unset: off).
TOPICCRAWL_STATS_FILE = None
# Redis URL of a distributed crawl's shared frontier and dedup (unset: single machine).
TOPICCRAWL_REDIS_URL = None
# Seconds a popped request stays leased to its worker (renewed three times per lease while
# the worker lives); a killed worker's requests return to the queue this long after it died.
TOPICCRAWL_REDIS_LEASE = 300.0
# Seconds a worker retries an unreachable Redis before closing (finish reason redis_unavailable).
TOPICCRAWL_REDIS_RETRY_TIMEOUT = 60.0
# The distributed crawl this worker joins: its Redis keys are <spider>:<job>:... Unset: derived
# from the spider's name and start URLs (workers of one crawl agree; other start URLs, other keys).
# Set a new value to crawl the same start URLs afresh; workers of one job must all use it.
TOPICCRAWL_REDIS_JOB = None
# Expired leases after which a request is set aside in <spider>:<job>:requests:dead (0: never).
TOPICCRAWL_REDIS_MAX_DELIVERIES = 3

# --- pipelines: main text, duplicates, enrichment, storage ---
TOPICCRAWL_MAINTEXT_ENABLED = True
TOPICCRAWL_MAINTEXT_REPLACE = True  # spider text -> extracted main text (False: fill empty fields only)
TOPICCRAWL_EXACTDUP_ENABLED = True
TOPICCRAWL_EXACTDUP_ACTION = "drop"  # or "mark" (keep, with duplicate_of)
TOPICCRAWL_NEARDUP_ENABLED = True
TOPICCRAWL_NEARDUP_K = 3  # Hamming distance of near duplicates, bits of 64
TOPICCRAWL_NEARDUP_ACTION = "drop"  # or "mark"
TOPICCRAWL_NEARDUP_MIN_FEATURES = 8  # fewer distinct tokens: no simhash, checksum only
TOPICCRAWL_NEARDUP_INDEX = "neardup.npz"  # in TOPICCRAWL_STATE_DIR
TOPICCRAWL_ENRICH_ENABLED = True
TOPICCRAWL_KEYWORDS_TOP_K = 10
TOPICCRAWL_SUMMARY_SENTENCES = 3
TOPICCRAWL_SUMMARY_MIN_CHARS = 200
TOPICCRAWL_CLASSIFIER_PATH = None  # model from `scrapy train-classifier`; sets `category`
TOPICCRAWL_STORAGE_ENABLED = True

# --- notifications (the pipeline runs last; the outbox extension sends) ---
# Master switch for the notification pipeline and the outbox extension.
TOPICCRAWL_NOTIFY_ENABLED = True
# Apprise URLs every event is sent to (per-watch URLs are added from the watches table).
TOPICCRAWL_NOTIFY_URLS: list[str] = []
# Compare every record of any crawl with earlier crawls and notify about new/changed ones
# (per crawl: -a notify=1). The first crawl of a (spider, host) only records.
TOPICCRAWL_NOTIFY_CHANGES = False
# Simhash bits (of 64) a page may differ by and still count as unchanged (digits are masked first).
TOPICCRAWL_NOTIFY_NOISE_DISTANCE = 3
# A page with at least this many characters of new text (new paragraphs, posts, entries) has changed.
TOPICCRAWL_NOTIFY_MIN_NEW_CHARS = 30
# Seconds an event waits for more events of the same watch to fold into one message.
TOPICCRAWL_NOTIFY_FOLD_WINDOW = 30.0
# Seconds between outbox drains during a crawl.
TOPICCRAWL_NOTIFY_DRAIN_INTERVAL = 5.0
# Seconds per network operation of one send (connect, read).
TOPICCRAWL_NOTIFY_TIMEOUT = 15.0
# Retry a failing channel after base * 2**(attempt-1) seconds, at most cap (+/-10% jitter).
TOPICCRAWL_NOTIFY_RETRY_BASE = 30.0
TOPICCRAWL_NOTIFY_RETRY_CAP = 3600.0
# Give up on an entry after this many attempts (0: never).
TOPICCRAWL_NOTIFY_MAX_ATTEMPTS = 50
# A send claimed longer ago than this belongs to a stopped process.
TOPICCRAWL_NOTIFY_LEASE = 300.0
# After such a stop: False = never resend (at most once), True = resend (at least once).
TOPICCRAWL_NOTIFY_RESEND_UNCERTAIN = False
# `scrapy feed serve` binds here by default.
TOPICCRAWL_FEED_HOST = "127.0.0.1"
TOPICCRAWL_FEED_PORT = 8077

# --- monitor: watch templates, watches, the monitor spider ---
# Most fetches per second of `scrapy crawl monitor`, over all watches (Scrapy's
# per-host politeness still applies on top).
TOPICCRAWL_MONITOR_RATE = 1.0
# Seconds between re-reads of the watches table (picks up `scrapy watch add/remove`).
TOPICCRAWL_MONITOR_RELOAD = 10.0
# Fetch every watch at least this often (seconds), whatever the revisit scheduler
# says; 0 leaves it all to the scheduler.
TOPICCRAWL_MONITOR_MAX_INTERVAL = 0.0
# Least seconds between the revisit scheduler's fetches of two keys on one host
# (URL keys only; watches are keyed by id, so Scrapy's per-host slots apply there).
TOPICCRAWL_MONITOR_HOST_GAP = 5.0
# Least seconds between two fetches of one watch, however often it changes.
TOPICCRAWL_MONITOR_MIN_INTERVAL = 30.0

# --- hostile web: traps, robots, redirects, SSRF ---
# Networks fetched even with TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES off (e.g. ["10.1.2.0/24"]).
TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS: list[str] = []
# Seconds the SSRF guard keeps its own lookup of a host name that is fetched through a
# proxy (the proxy resolves it, so the crawler's resolver never sees it); 0: no cache.
TOPICCRAWL_SSRF_PROXY_DNS_TTL = 300.0
# Pages fetched per host at most (0: no limit): the last line against endless URL spaces.
TOPICCRAWL_HOST_PAGE_BUDGET = 20000
TOPICCRAWL_MAX_REPEATED_SEGMENTS = 3
TOPICCRAWL_MAX_QUERY_PARAMS = 16
TOPICCRAWL_MAX_QUERY_LENGTH = 512
# A link through a redirector (/go?url=https://…) is fetched as the URL it carries (the forum
# spider turns this off: it reads a forum by the forum's own links).
TOPICCRAWL_UNWRAP_REDIRECTORS = True
# A self-redirect that sets a cookie is retried with the cookie this many times.
TOPICCRAWL_CHALLENGE_RETRIES = 1
TOPICCRAWL_ROBOTS_TIMEOUT = 10.0
TOPICCRAWL_ROBOTS_RETRY_AFTER = 600.0
TOPICCRAWL_ROBOTS_MAX_CRAWL_DELAY = 60.0

# --- topic spider and the focus middleware (focused crawling) ---
TOPICCRAWL_FOCUS_DICTIONARY = None  # dictionary name or file that makes any spider focused
TOPICCRAWL_TOPIC_SCORING = "topic"  # "topic" (this project) or "naive" (count of terms, a baseline)
TOPICCRAWL_TOPIC_BETA = 0.2  # W = beta * URL(i) + (1 - beta) * sim(anchor, T)
TOPICCRAWL_TOPIC_GAMMA = 0.3  # L = gamma * inherited + (1 - gamma) * W
TOPICCRAWL_TOPIC_DECAY = 0.5  # inheritance decay per hop
TOPICCRAWL_TOPIC_THRESHOLD = 0.2  # epsilon: links below it are tunnelled or dropped
TOPICCRAWL_TOPIC_TUNNEL_HOPS = 3  # consecutive below-threshold links a path may cross
TOPICCRAWL_TOPIC_PAGE_THRESHOLD = 0.5  # page relevance at which a page is on topic
TOPICCRAWL_TOPIC_USE_URL = True
TOPICCRAWL_TOPIC_USE_ANCHOR = True
TOPICCRAWL_TOPIC_INHERIT = True
TOPICCRAWL_TOPIC_TUNNELLING = True
TOPICCRAWL_TOPIC_UPGRADES = True  # a better link to a queued URL raises its priority (off with Redis)
TOPICCRAWL_TOPIC_UPGRADE_MARGIN = 0.1  # by at least this much of the 0..1 score
TOPICCRAWL_TOPIC_GENERIC_INHERIT = 1.0  # share of the inherited score a generic anchor stands for
TOPICCRAWL_TOPIC_CALIBRATE = True  # order links by how often their kind led to on-topic pages
TOPICCRAWL_TOPIC_CALIBRATION_PRIOR = 10.0  # pseudo-pages at the formula score per link kind
TOPICCRAWL_TOPIC_GROW = True  # grow the dictionary during the crawl
TOPICCRAWL_TOPIC_GROW_THRESHOLD = 0.2  # admission threshold on the feedback match (delta)
TOPICCRAWL_TOPIC_GROW_EVERY = 50  # judge candidates every N pages
TOPICCRAWL_TOPIC_MAX_LEARNED = 200  # bound on learned terms
TOPICCRAWL_TOPIC_FEEDBACK = "topiccrawl.dictionary.CrawlFeedback"  # feedback source class
TOPICCRAWL_TOPIC_DICTIONARY_OUT = None  # where to save the final dictionary (default: beside the feed)

# --- forum spider ---
# Where `scrapy crawl forum` saves the learned site template (<host>.forum-template.json).
# Unset: next to the first local feed file (posts.jsonl -> posts.forum-template.json).
TOPICCRAWL_FORUM_TEMPLATE_DIR = None
# Sample fetches per link slot / URL pattern before a slot is followed or dropped.
TOPICCRAWL_FORUM_SAMPLES = 2
# Seconds between saves of a forum crawl's state in JOBDIR while it runs (it is saved at every
# close too); 0: at closes only.
TOPICCRAWL_FORUM_CHECKPOINT = 60.0
