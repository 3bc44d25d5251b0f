from __future__ import annotations

import pytest

from topiccrawl.netguard import AddressPolicy, UnsafeURLError, check_url, is_public_address


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",
        "100.64.0.1",
        "::1",
        "fe80::1",
        "::ffff:127.0.0.1",
        "0.0.0.0",
        "224.0.0.1",
    ],
)
def test_non_public_addresses(address: str) -> None:
    assert not is_public_address(address)


@pytest.mark.parametrize("address", ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"])
def test_public_addresses(address: str) -> None:
    assert is_public_address(address)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/",
        "http://[::1]:8080/",
        "http://localhost/",
        "file:///etc/passwd",
        "ftp://8.8.8.8/",
        "http:///nohost",
        "http://169.254.169.254/latest/meta-data/",
    ],
)
def test_refused_urls(url: str) -> None:
    with pytest.raises(UnsafeURLError):
        check_url(url)


def test_private_allowed_by_setting() -> None:
    check_url("http://127.0.0.1:8000/", allow_private=True)
    with pytest.raises(UnsafeURLError):  # the scheme is never allowed
        check_url("file:///etc/passwd", allow_private=True)


def test_public_literal_passes() -> None:
    check_url("https://8.8.8.8/", resolve=False)


def test_allowed_private_networks_are_honoured() -> None:
    policy = AddressPolicy(False, ["127.0.0.0/8"])
    check_url("http://127.0.0.1:8000/", policy=policy)
    check_url("http://127.3.4.5/", policy=policy)
    for refused in ("http://10.0.0.1/", "http://[::1]/", "http://localhost/"):  # localhost is ::1 too
        with pytest.raises(UnsafeURLError, match="TOPICCRAWL_ALLOWED_PRIVATE_NETWORKS"):
            check_url(refused, policy=policy)
    check_url("http://localhost:8000/", policy=AddressPolicy(False, ["127.0.0.0/8", "::1/128"]))
    with pytest.raises(UnsafeURLError, match="is not an http"):  # the scheme is never allowed
        check_url("file:///etc/passwd", policy=AddressPolicy(False, ["0.0.0.0/0"]))


def test_malformed_urls_are_refused_not_raised_as_other_errors() -> None:
    with pytest.raises(UnsafeURLError, match="not a valid URL"):
        check_url("http://[::1/", allow_private=True)
