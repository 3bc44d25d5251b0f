"""Refuse fetches of private, loopback and link-local targets made on behalf of users (SSRF).

Pure functions; the Scrapy side (a downloader middleware that also checks
redirects and DNS answers) builds on :func:`check_address` and :func:`check_url`.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

ALLOWED_SCHEMES = frozenset({"http", "https"})
# 100.64.0.0/10 (CGNAT) is not "private" to the ipaddress module but is not public either.
_CGNAT = ipaddress.ip_network("100.64.0.0/10")


_REFUSED = (
    "a private, loopback or link-local address; set TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES=True,"
    " or list its network in TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS, to allow it"
)


class UnsafeURLError(ValueError):
    """A URL that topiccrawl refuses to fetch on a user's behalf."""


def is_public_address(address: str) -> bool:
    """True when ``address`` (IPv4 or IPv6) is a globally routable unicast address."""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address):
        mapped = ip.ipv4_mapped or ip.sixtofour
        if mapped is not None:
            return is_public_address(str(mapped))
    if ip.version == 4 and ip in _CGNAT:
        return False
    return ip.is_global and not ip.is_multicast


def check_address(address: str, *, allow_private: bool = False) -> None:
    """Raise :class:`UnsafeURLError` unless fetching from ``address`` is allowed."""
    if allow_private:
        return
    if not is_public_address(address):
        raise UnsafeURLError(f"{address} is {_REFUSED}")


class AddressPolicy:
    """Which addresses may be fetched: public ones, plus explicitly allowed networks.

    Built from the settings ``TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES`` and
    ``TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS`` (:meth:`from_settings`); the downloader's
    SSRF guard and the monitor's commands and spider use the same one.
    """

    def __init__(self, allow_private: bool = False, allowed_networks: Iterable[str] = ()) -> None:
        self.allow_private = allow_private
        self.allowed = [ipaddress.ip_network(n, strict=False) for n in allowed_networks]

    @classmethod
    def from_settings(cls, settings: Any) -> AddressPolicy:
        """From Scrapy settings (anything with ``getbool`` and ``getlist``)."""
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


def resolve_host(host: str) -> list[str]:
    """Every address (IPv4 and IPv6) ``host`` resolves to for TCP, sorted; blocking, and
    raises OSError (or UnicodeError for a malformed name) when it does not resolve."""
    return sorted({str(info[4][0]) for info in socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)})


def check_url(
    url: str, *, allow_private: bool = False, resolve: bool = True, policy: AddressPolicy | None = None
) -> None:
    """Raise :class:`UnsafeURLError` for a non-HTTP(S) URL or one whose host ``policy`` refuses.

    ``policy`` defaults to public addresses only, or everything with ``allow_private``.
    With ``resolve`` the host name is looked up and every answer must be allowed,
    so a name that points at 127.0.0.1 is refused as well as the literal address.
    """
    policy = policy or AddressPolicy(allow_private)
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError as exc:  # "Invalid IPv6 URL", a bad port
        raise UnsafeURLError(f"{url!r} is not a valid URL ({exc}); check its host and port") from None
    if parts.scheme.lower() not in ALLOWED_SCHEMES:
        raise UnsafeURLError(f"{url!r} is not an http(s) URL")
    if not host:
        raise UnsafeURLError(f"{url!r} has no host")
    if policy.allow_private:
        return
    loopback_name = host.lower() == "localhost" or host.lower().endswith(".localhost")
    try:
        addresses = [str(ipaddress.ip_address(host))]
    except ValueError:
        if loopback_name:
            addresses = ["127.0.0.1", "::1"]
        elif not resolve:
            return
        else:
            try:
                addresses = resolve_host(host)
            except OSError as exc:
                raise UnsafeURLError(f"cannot resolve {host}: {exc}") from exc
    for address in addresses:
        if policy.allows(address):
            continue
        if address == host:
            raise UnsafeURLError(f"{address} is {_REFUSED}")
        what = "is a loopback name" if loopback_name else "resolves to"
        raise UnsafeURLError(f"{host} {what} {address}, {_REFUSED}")
