from __future__ import annotations

from topiccrawl.revisit import RevisitScheduler


def test_scheduler_interface_and_order() -> None:
    s = RevisitScheduler()
    assert s.next_fetch(0.0) is None
    s.add("a", 0.0)
    s.add("b", 10.0)
    key, when = s.next_fetch(0.0)
    assert (key, when) == ("a", 0.0)
    s.observe("a", 1.0, changed=False)
    key, when = s.next_fetch(1.0)
    assert key == "b" and when == 10.0
