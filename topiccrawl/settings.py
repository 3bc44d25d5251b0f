"""Project settings: polite defaults for real crawling.

Scrapy's own settings come first; the project's own components read settings
prefixed ``TOPICCRAWL_`` (listed, documented, at the bottom). Every value here can
be overridden per run with ``-s NAME=VALUE``.
"""

from __future__ import annotations

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
DOWNLOAD_TIMEOUT = 30
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

DOWNLOADER_MIDDLEWARES = {
    # Runs before Scrapy decodes anything in a spider: fixes charsets that are
    # missing from the header, declared late in the page, or declared wrongly.
    "topiccrawl.middlewares.encoding.CharsetMiddleware": 560,
}

# --- topiccrawl's own settings -------------------------------------------------
# Fetch private, loopback and link-local addresses on behalf of users (watch and
# template URLs). Off for safety; the tests and the offline demo turn it on.
TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES = False
# Where crawl state lives (page records, watches, outbox, near-duplicate index).
TOPICCRAWL_STATE_DIR = ".topiccrawl"

EXTENSIONS = {
    "topiccrawl.extensions.statsfile.StatsFile": 500,
}
# Write the final crawl stats as JSON to this path (unset: off).
TOPICCRAWL_STATS_FILE = None

ADDONS = {
    "topiccrawl.addons.Distributed": 0,
}
# Redis URL of a distributed crawl's shared frontier and dedup (unset: single machine).
TOPICCRAWL_REDIS_URL = None

# --- topic spider (focused crawling) ---
# Scores every request of a focused spider and sets its priority before scheduling.
# Active for the topic spider, or for any spider given TOPICCRAWL_FOCUS_DICTIONARY.
SPIDER_MIDDLEWARES = {**globals().get("SPIDER_MIDDLEWARES", {}), "topiccrawl.middlewares.focus.FocusMiddleware": 600}
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
TOPICCRAWL_TOPIC_GROW = True  # grow the dictionary during the crawl
TOPICCRAWL_TOPIC_GROW_THRESHOLD = 0.2  # admission threshold on the feedback match (delta)
TOPICCRAWL_TOPIC_GROW_EVERY = 50  # judge candidates every N pages
TOPICCRAWL_TOPIC_MAX_LEARNED = 200  # bound on learned terms
TOPICCRAWL_TOPIC_FEEDBACK = "topiccrawl.dictionary.CrawlFeedback"  # feedback source class
TOPICCRAWL_TOPIC_DICTIONARY_OUT = None  # where to save the final dictionary (default: beside the feed)
