"""Refuse fetches of private, loopback and link-local targets made on behalf of users (SSRF).

Pure functions; the Scrapy side (a downloader middleware that also checks
redirects and DNS answers) builds on :func:`check_address` and :func:`check_url`.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

ALLOWED_SCHEMES = frozenset({"http", "https"})
# 100.64.0.0/10 (CGNAT) is not "private" to the ipaddress module but is not public either.
_CGNAT = ipaddress.ip_network("100.64.0.0/10")


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
        raise UnsafeURLError(
            f"{address} is a private, loopback or link-local address; "
            "set TOPICCRAWL_ALLOW_PRIVATE_ADDRESSES=True to allow it"
        )


def resolve_host(host: str) -> list[str]:
    """Every address (IPv4 and IPv6) ``host`` resolves to for TCP, sorted; blocking, and
    raises OSError (or UnicodeError for a malformed name) when it does not resolve."""
    return sorted({str(info[4][0]) for info in socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)})


def check_url(url: str, *, allow_private: bool = False, resolve: bool = True) -> None:
    """Raise :class:`UnsafeURLError` for a non-HTTP(S) URL or one whose host is not public.

    With ``resolve`` the host name is looked up and every answer must be public,
    so a name that points at 127.0.0.1 is refused as well as the literal address.
    """
    parts = urlsplit(url)
    if parts.scheme.lower() not in ALLOWED_SCHEMES:
        raise UnsafeURLError(f"{url!r} is not an http(s) URL")
    host = parts.hostname
    if not host:
        raise UnsafeURLError(f"{url!r} has no host")
    if allow_private:
        return
    try:
        addresses = [str(ipaddress.ip_address(host))]
    except ValueError:
        if host.lower() == "localhost" or host.lower().endswith(".localhost"):
            raise UnsafeURLError(f"{host} is a loopback name") from None
        if not resolve:
            return
        try:
            addresses = resolve_host(host)
        except OSError as exc:
            raise UnsafeURLError(f"cannot resolve {host}: {exc}") from exc
    for address in addresses:
        check_address(address.split("%", 1)[0], allow_private=False)
