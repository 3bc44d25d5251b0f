"""SSRF guard: never connect to loopback, private, link-local, CGNAT or IPv4-mapped addresses.

Two parts, both enabled globally (``TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES=False`` by
default, so public crawls are unaffected and internal targets are refused):

* :class:`SSRFGuardMiddleware`, a downloader middleware, checks every request
  before it is downloaded, redirected requests included (they pass through the
  downloader middlewares again): non-HTTP(S) schemes and literal IP hosts.
* :class:`SafeResolver`, installed as ``TWISTED_DNS_RESOLVER``, checks every DNS
  answer at connect time. Checking a name in the middleware and connecting later
  would let a second DNS answer (DNS rebinding) point the connection elsewhere;
  the resolver's answer is the address the connection uses, so that is where the
  check belongs.

``TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS`` lists networks that stay allowed even
with the guard on (an intranet host you trust).

Proxies: a request sent through an HTTP(S) proxy (``meta["proxy"]``, or the
``http_proxy``/``https_proxy`` environment variables minus ``no_proxy``, as
Scrapy's ``HttpProxyMiddleware`` applies them) connects to the proxy, and the
proxy resolves the target, so :class:`SafeResolver` never sees the target's
name. For those requests the middleware resolves the name itself (in a thread,
every IPv4 and IPv6 answer, cached for ``TOPICCRAWL_SSRF_PROXY_DNS_TTL``
seconds) and refuses it when any answer is refused. (The connection to the
proxy itself goes through :class:`SafeResolver`, literal IPs included, so a
proxy on a private address needs its network allowed.) Limits: the proxy
resolves the name again and may get another answer (split-horizon DNS, a proxy
inside another network, DNS rebinding between our lookup and its own); a name
that does not resolve here is let through, because a proxy may know names we
do not; and a proxy set in ``meta`` by a middleware that runs after this one
(priority 40) is not seen.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from typing import TYPE_CHECKING
from urllib.request import proxy_bypass

from scrapy.downloadermiddlewares.httpproxy import HttpProxyMiddleware
from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.resolver import CachingThreadedResolver
from scrapy.utils.datatypes import LocalCache
from scrapy.utils.defer import maybe_deferred_to_future
from scrapy.utils.httpobj import urlparse_cached
from twisted.internet.defer import Deferred
from twisted.internet.threads import deferToThread

from topiccrawl.netguard import ALLOWED_SCHEMES, AddressPolicy, resolve_host

if TYPE_CHECKING:
    from collections.abc import Sequence
    from urllib.parse import ParseResult

    from scrapy import Request
    from scrapy.crawler import Crawler
    from twisted.internet.base import ReactorBase

logger = logging.getLogger(__name__)


class UnsafeAddressError(ConnectionError):
    """A host name resolved to an address the SSRF guard refuses (not retried)."""


def _literal_ip(host: str) -> str | None:
    try:
        return str(ipaddress.ip_address(host.strip("[]")))
    except ValueError:
        return None


# Policies of the crawlers running in this process. The resolver is one per
# process (per reactor) and cannot tell which crawler a lookup is for, so it
# allows an address its own settings refuse only when every crawler allows it
# (e.g. ``scrapy demo``, which turns the guard off per crawler).
_CRAWLER_POLICIES: list[AddressPolicy] = []


class SSRFGuardMiddleware:
    """Refuse non-HTTP(S) schemes, private literal IP hosts, and proxied names resolving to private addresses."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        settings = crawler.settings
        self.policy = AddressPolicy.from_settings(settings)
        _CRAWLER_POLICIES.append(self.policy)
        self._logged: set[tuple[str, str]] = set()
        # The schemes HttpProxyMiddleware (750, after us) sends through an environment proxy:
        # the same class reads the environment the same way, once, when the crawler starts. (Should
        # HttpProxyMiddleware be removed from DOWNLOADER_MIDDLEWARES, we check names it would not proxy: safe.)
        self.env_proxy_schemes: frozenset[str] = frozenset(
            HttpProxyMiddleware(settings.get("HTTPPROXY_AUTH_ENCODING")).proxies
            if settings.getbool("HTTPPROXY_ENABLED")
            else ()
        )
        self.proxy_dns_ttl = settings.getfloat("TOPICCRAWL_SSRF_PROXY_DNS_TTL")
        # host -> (monotonic expiry, first refused address or None)
        self._proxy_dns: LocalCache[str, tuple[float, str | None]] = LocalCache(settings.getint("DNSCACHE_SIZE"))
        self._lookups: dict[str, list[Deferred[str | None]]] = {}  # host -> requests waiting on its lookup

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> SSRFGuardMiddleware:
        if not crawler.settings.getbool("TOPICCRAWL_SSRF_GUARD_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_SSRF_GUARD_ENABLED is off")
        return cls(crawler)

    def _refuse(self, request: Request, reason: str, detail: str = "") -> None:
        if self.crawler.stats is not None:
            self.crawler.stats.inc_value(f"topiccrawl/ssrf/refused/{reason}")
        host = urlparse_cached(request).netloc
        if (reason, host) not in self._logged:  # once per reason and host; the stats count every one
            self._logged.add((reason, host))
            logger.warning(
                "SSRF guard refused %s (%s%s); set TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES=True to allow",
                request.url,
                reason,
                f": {detail}" if detail else "",
            )
        raise IgnoreRequest(f"SSRF guard: {reason}")

    async def process_request(self, request: Request) -> None:
        parts = urlparse_cached(request)
        # data: URIs reach neither the network nor local files (spiders use them to
        # wake themselves up); a redirect to one is refused by the redirect guard.
        if parts.scheme not in ALLOWED_SCHEMES and parts.scheme != "data":
            self._refuse(request, "scheme")
        host = parts.hostname or ""
        address = _literal_ip(host)
        if address is not None:
            if not self.policy.allows(address):
                self._refuse(request, "private_address")
        elif host and not self.policy.allow_private and self.uses_proxy(request, parts):
            refused = await self._refused_address(host)
            if refused is not None:
                self._refuse(request, "private_address_via_proxy", f"{host} resolves to {refused}")

    def uses_proxy(self, request: Request, parts: ParseResult | None = None) -> bool:
        """Whether the request will be sent through a proxy: HttpProxyMiddleware's decision, made ahead of it."""
        if "proxy" in request.meta:  # set by the spider; None or "" means no proxy, even from the environment
            return bool(request.meta["proxy"])
        parts = parts or urlparse_cached(request)
        if parts.scheme not in self.env_proxy_schemes:
            return False
        # no_proxy applies to http(s) only, and is read from the environment on every request.
        return parts.scheme not in {"http", "https"} or (bool(parts.hostname) and not proxy_bypass(parts.hostname))

    async def _refused_address(self, host: str) -> str | None:
        """The first address ``host`` resolves to that the policy refuses, or None (all allowed, or unresolved)."""
        cached = self._proxy_dns.get(host)
        if cached is not None and cached[0] > time.monotonic():
            return cached[1]
        waiters = self._lookups.get(host)
        if waiters is not None:  # requests for a host arrive together: one lookup answers them all
            waiter: Deferred[str | None] = Deferred()
            waiters.append(waiter)
            return await maybe_deferred_to_future(waiter)
        waiters = self._lookups[host] = []
        try:
            refused = await self._lookup(host)
        except BaseException as exc:
            for waiter in waiters:
                waiter.errback(exc)
            raise
        finally:
            del self._lookups[host]
        if self.proxy_dns_ttl > 0:
            self._proxy_dns[host] = (time.monotonic() + self.proxy_dns_ttl, refused)
        for waiter in waiters:
            waiter.callback(refused)
        return refused

    async def _lookup(self, host: str) -> str | None:
        if self.crawler.stats is not None:
            self.crawler.stats.inc_value("topiccrawl/ssrf/proxy_lookups")
        try:
            addresses = await maybe_deferred_to_future(deferToThread(resolve_host, host))
        except (OSError, UnicodeError) as exc:
            # The proxy may know names this host does not (an intranet proxy): let the request go.
            logger.debug("SSRF guard: %s does not resolve here (%s); leaving it to the proxy", host, exc)
            if self.crawler.stats is not None:
                self.crawler.stats.inc_value("topiccrawl/ssrf/proxy_unresolved")
            return None
        return next((address for address in addresses if not self.policy.allows(address)), None)


class SafeResolver(CachingThreadedResolver):
    """Scrapy's caching resolver that fails names resolving to a refused address."""

    policy: AddressPolicy

    @classmethod
    def from_crawler(cls, crawler: Crawler, reactor: ReactorBase) -> SafeResolver:
        # ``crawler`` is the crawler process here (one resolver per reactor): settings, no stats.
        resolver = super().from_crawler(crawler, reactor)
        resolver.policy = AddressPolicy.from_settings(crawler.settings)
        return resolver

    def getHostByName(self, name: str, timeout: Sequence[int] = ()) -> Deferred[str]:
        return super().getHostByName(name, timeout).addCallback(self._check, name)

    def _check(self, address: str, name: str) -> str:
        if self.policy.allows(address):
            return address
        if _CRAWLER_POLICIES and all(policy.allows(address) for policy in _CRAWLER_POLICIES):
            return address
        logger.warning("SSRF guard refused %s: it resolves to %s, a non-public address", name, address)
        raise UnsafeAddressError(f"{name} resolves to non-public address {address}")
