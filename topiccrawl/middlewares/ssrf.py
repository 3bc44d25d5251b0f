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
with the guard on (an intranet host you trust). Requests through an HTTP proxy
are resolved by the proxy and not covered.
"""

from __future__ import annotations

import ipaddress
import logging
from typing import TYPE_CHECKING, Any

from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.resolver import CachingThreadedResolver
from scrapy.utils.httpobj import urlparse_cached

from topiccrawl.netguard import ALLOWED_SCHEMES, is_public_address

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from scrapy import Request
    from scrapy.crawler import Crawler
    from twisted.internet.base import ReactorBase
    from twisted.internet.defer import Deferred

logger = logging.getLogger(__name__)


class UnsafeAddressError(ConnectionError):
    """A host name resolved to an address the SSRF guard refuses (not retried)."""


class AddressPolicy:
    """Which addresses may be fetched: public ones, plus explicitly allowed networks."""

    def __init__(self, allow_private: bool, allowed_networks: Iterable[str] = ()) -> None:
        self.allow_private = allow_private
        self.allowed = [ipaddress.ip_network(n, strict=False) for n in allowed_networks]

    @classmethod
    def from_settings(cls, settings: Any) -> AddressPolicy:
        return cls(
            settings.getbool("TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES"),
            settings.getlist("TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS"),
        )

    def allows(self, address: str) -> bool:
        if self.allow_private:
            return True
        ip = ipaddress.ip_address(address.split("%", 1)[0])
        if any(ip in network for network in self.allowed if network.version == ip.version):
            return True
        return is_public_address(str(ip))


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
    """Refuse requests for non-HTTP(S) schemes and for private literal IP hosts."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.policy = AddressPolicy.from_settings(crawler.settings)
        _CRAWLER_POLICIES.append(self.policy)
        self._logged: set[tuple[str, str]] = set()

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> SSRFGuardMiddleware:
        if not crawler.settings.getbool("TOPICCRAWL_SSRF_GUARD_ENABLED", True):
            raise NotConfigured("TOPICCRAWL_SSRF_GUARD_ENABLED is off")
        return cls(crawler)

    def _refuse(self, request: Request, reason: str) -> None:
        if self.crawler.stats is not None:
            self.crawler.stats.inc_value(f"topiccrawl/ssrf/refused/{reason}")
        host = urlparse_cached(request).netloc
        if (reason, host) not in self._logged:  # once per reason and host; the stats count every one
            self._logged.add((reason, host))
            logger.warning(
                "SSRF guard refused %s (%s); set TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES=True to allow", request.url, reason
            )
        raise IgnoreRequest(f"SSRF guard: {reason}")

    def process_request(self, request: Request) -> None:
        parts = urlparse_cached(request)
        # data: URIs reach neither the network nor local files (spiders use them to
        # wake themselves up); a redirect to one is refused by the redirect guard.
        if parts.scheme not in ALLOWED_SCHEMES and parts.scheme != "data":
            self._refuse(request, "scheme")
        address = _literal_ip(parts.hostname or "")
        if address is not None and not self.policy.allows(address):
            self._refuse(request, "private_address")


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
