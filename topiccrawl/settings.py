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

# --- forum spider ---
# Where `scrapy crawl forum` saves the learned site template (<host>.forum-template.json).
# Unset: next to the first local feed file (posts.jsonl -> posts.forum-template.json).
TOPICCRAWL_FORUM_TEMPLATE_DIR = None
# Sample fetches per link slot / URL pattern before a slot is followed or dropped.
TOPICCRAWL_FORUM_SAMPLES = 2
