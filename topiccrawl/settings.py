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

# --- hostile web (traps, bombs, robots, SSRF) ---
# A stalled server costs DOWNLOAD_TIMEOUT per attempt, times 1 + RETRY_TIMES;
# 20 s is ample for an HTML page from a working server, and keeps a stalled
# endpoint from holding a crawl for 90 s.
DOWNLOAD_TIMEOUT = 20
# Every DNS answer is checked where the connection is made (no DNS rebinding).
TWISTED_DNS_RESOLVER = "topiccrawl.middlewares.ssrf.SafeResolver"
DOWNLOADER_MIDDLEWARES["scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware"] = None
DOWNLOADER_MIDDLEWARES["topiccrawl.middlewares.robots.RobotsPolicyMiddleware"] = 100
# Before OffsiteMiddleware (50), so a refused target is logged as such.
DOWNLOADER_MIDDLEWARES["topiccrawl.middlewares.ssrf.SSRFGuardMiddleware"] = 40
DOWNLOADER_MIDDLEWARES["topiccrawl.middlewares.traps.HostBudgetMiddleware"] = 60
# Between CookiesMiddleware (700) and RedirectMiddleware (600).
DOWNLOADER_MIDDLEWARES["topiccrawl.middlewares.redirects.RedirectGuardMiddleware"] = 650
SPIDER_MIDDLEWARES = globals().get("SPIDER_MIDDLEWARES", {})
SPIDER_MIDDLEWARES["topiccrawl.middlewares.traps.TrapGuardMiddleware"] = 850
# Networks fetched even with TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES off (e.g. ["10.1.2.0/24"]).
TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS: list[str] = []
# Pages fetched per host at most (0: no limit): the last line against endless URL spaces.
TOPICCRAWL_HOST_PAGE_BUDGET = 20000
TOPICCRAWL_MAX_REPEATED_SEGMENTS = 3
TOPICCRAWL_MAX_QUERY_PARAMS = 16
TOPICCRAWL_MAX_QUERY_LENGTH = 512
# A self-redirect that sets a cookie is retried with the cookie this many times.
TOPICCRAWL_CHALLENGE_RETRIES = 1
TOPICCRAWL_ROBOTS_TIMEOUT = 10.0
TOPICCRAWL_ROBOTS_RETRY_AFTER = 600.0
TOPICCRAWL_ROBOTS_MAX_CRAWL_DELAY = 60.0
