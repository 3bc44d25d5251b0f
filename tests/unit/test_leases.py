from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.leases import Holdings, RetryWindow, lease_timings
from topiccrawl.notify.backoff import Backoff


@given(st.floats(min_value=0.01, max_value=1e6))
def test_leases_are_renewed_three_times_per_lease_and_swept_at_least_every_30_s(lease: float) -> None:
    t = lease_timings(lease)
    assert t.renew_every * 3 == pytest.approx(lease)
    assert t.sweep_every <= min(t.renew_every, 30.0)


@pytest.mark.parametrize("bad", [0.0, -1.0, float("nan"), float("inf")])
def test_a_lease_must_be_a_positive_finite_number(bad: float) -> None:
    with pytest.raises(ValueError, match="lease"):
        lease_timings(bad)


class _Req:
    """Requests compare by identity, as Scrapy's do."""


def test_holdings_release_what_the_engine_no_longer_has_in_progress() -> None:
    a, b, c = _Req(), _Req(), _Req()
    held: Holdings[_Req] = Holdings()
    for request, member in ((a, b"m-a"), (b, b"m-b"), (c, b"m-c")):
        held.take(request, member)
    assert held.finished({a, b, c}) == []
    assert held.finished({b}) == [b"m-a", b"m-c"]
    assert held.members() == [b"m-b"]
    assert held.finished(None) == [b"m-b"]  # the engine has no slot any more: all done
    assert len(held) == 0


def test_two_equal_pops_are_two_holdings() -> None:
    first, second = _Req(), _Req()
    held: Holdings[_Req] = Holdings()
    held.take(first, b"same")
    held.take(second, b"same")
    assert held.finished({second}) == [b"same"]
    assert held.release_all() == [b"same"]


def test_retry_window_backs_off_then_gives_up_after_the_timeout() -> None:
    window = RetryWindow(timeout=60.0, backoff=Backoff(base=0.5, cap=5.0, jitter=0.0))
    assert window.may_try(0.0) and not window.down
    assert window.failed(100.0)  # starts the outage: the one failure to log
    assert not window.may_try(100.4) and window.may_try(100.5)
    assert not window.failed(100.5)
    assert not window.may_try(101.4) and window.may_try(101.5)
    for _ in range(10):
        window.failed(120.0)
    assert window.next_try == 125.0  # capped
    assert not window.expired(159.9) and window.expired(160.0)


def test_retry_window_recovers_and_reports_the_outage_length() -> None:
    window = RetryWindow(timeout=60.0, backoff=Backoff(base=0.5, cap=5.0, jitter=0.0))
    assert window.succeeded(5.0) == 0.0
    window.failed(10.0)
    window.failed(11.0)
    assert window.succeeded(13.5) == pytest.approx(3.5)
    assert not window.down and window.may_try(13.5) and not window.expired(1e9)
    assert window.failed(20.0)  # a new outage starts afresh
