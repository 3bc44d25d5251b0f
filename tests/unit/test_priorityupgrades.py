from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.priorityupgrades import PriorityUpgrades


def test_only_a_better_link_by_the_margin_upgrades_and_only_before_dispatch() -> None:
    up = PriorityUpgrades(margin=100)
    assert up.offer(b"a", 300) == "new"
    assert up.offer(b"a", 399) == "keep"  # not better by the margin
    assert up.offer(b"a", 450) == "upgrade"
    assert up.offer(b"a", 500) == "keep"  # measured against the upgraded copy
    assert up.dispatch(b"a", 450) is True
    assert up.offer(b"a", 1000) == "keep"  # already on its way: nothing to raise
    assert up.dispatch(b"a", 300) is False  # the stale copy
    assert (up.upgrades, up.dropped) == (1, 1)


def test_the_stale_copy_is_dropped_when_it_comes_first() -> None:
    up = PriorityUpgrades(margin=100)
    up.offer(b"a", 100)
    up.offer(b"a", 700)
    assert up.dispatch(b"a", 100) is False
    assert up.dispatch(b"a", 700) is True


def test_urls_never_upgraded_are_untouched_and_pinned_ones_never_upgrade() -> None:
    up = PriorityUpgrades(margin=100)
    up.offer(b"a", 100)
    assert up.dispatch(b"a", 100) is True
    assert up.dispatch(b"a", 100) is True  # a spider's own dont_filter copy still goes
    assert up.dispatch(b"unknown", 5) is True
    up.pin(b"seed")
    assert up.offer(b"seed", 1000) == "keep"
    with pytest.raises(ValueError, match="margin"):
        PriorityUpgrades(margin=0)


@given(st.lists(st.tuples(st.booleans(), st.integers(0, 1000)), max_size=30), st.booleans())
def test_exactly_one_copy_of_an_offered_url_is_dispatched(events: list[tuple[bool, int]], best_first: bool) -> None:
    """Whatever the order of offers and dispatches, and whichever copy a queue hands out
    first (the best one, or the oldest), the copies scheduled ("new" and "upgrade") lead to
    exactly one download once every queued copy has reached the downloader."""
    up = PriorityUpgrades(margin=50)
    queued: list[int] = []
    downloads = 0

    def pop() -> int:
        return queued.pop(queued.index(max(queued)) if best_first else 0)

    for is_offer, priority in events:
        if is_offer:
            if up.offer(b"u", priority) != "keep":
                queued.append(priority)
        elif queued:
            downloads += up.dispatch(b"u", pop())
    while queued:
        downloads += up.dispatch(b"u", pop())
    assert downloads == (1 if any(is_offer for is_offer, _ in events) else 0)
