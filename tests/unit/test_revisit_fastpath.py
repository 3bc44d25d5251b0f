"""The learned scheduler's per-fetch shortcuts give what the general code gives.

The hot path of LearnedScheduler.observe keeps per-page caches (a young page's age
bin) and inlines exposure bookkeeping, table look-ups and the in-bin wait; these
tests hold it to the general path it replaced.
"""

from __future__ import annotations

import math
import random

from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.revisit.hazard import BinnedCounts, YoungHazards, age_bin, age_edge, age_unit, hazard_rate
from topiccrawl.revisit.learned import LearnedScheduler, _young_wait
from topiccrawl.revisit.tagqueue import TagQueue
from topiccrawl.revisit.zhazard import ZHazard, ZTable

from .test_revisit import drive


class GeneralPath(LearnedScheduler):
    """Every unchanged fetch takes the general path (PageModel.record, YoungHazards.observe,
    ZHazard.observe with BinnedCounts.expose, _periodic_wait / the young wait from scratch)."""

    def _young_step(self, page, last, fetch_time, theta):  # type: ignore[no-untyped-def]
        self._learn("", page, fetch_time, False, 0)
        return self._wait(page, fetch_time, theta)

    def _z_step(self, page, last, fetch_time, theta, k):  # type: ignore[no-untyped-def]
        self._learn("", page, fetch_time, False, k)
        return self._wait(page, fetch_time, theta)


def _truth(seed: int, n: int):  # type: ignore[no-untyped-def]
    """Pages changing like jittered clocks (half of them) or Poisson processes."""
    rng = random.Random(seed)
    changes: dict[str, list[float]] = {}
    for i in range(n):
        mean, t, times = rng.uniform(600.0, 6000.0), rng.uniform(0.0, 3000.0), []
        while t < 4e5:
            times.append(t)
            t += max(1.0, rng.gauss(mean, 0.1 * mean)) if i % 2 else rng.expovariate(1.0 / mean)
        changes[f"page-{i}"] = times
    return lambda key, t0, t1: any(t0 < u <= t1 for u in changes[key])


def test_the_fast_path_schedules_and_learns_as_the_general_path() -> None:
    truth = _truth(7, 40)
    fast, general = (cls(max_rate=1.0, host_gap=0.0, min_interval=0.0) for cls in (LearnedScheduler, GeneralPath))
    for s in (fast, general):
        for i in range(40):
            s.add(f"page-{i}", 0.0)
    got, want = drive(fast, truth, 1.5e5), drive(general, truth, 1.5e5)
    assert [k for k, _ in got] == [k for k, _ in want]
    assert all(math.isclose(a, b, rel_tol=1e-12) for (_, a), (_, b) in zip(got, want, strict=True))
    mine, theirs = fast.export_state(), general.export_state()
    for part in ("young", "calibration"):
        assert mine[part] == theirs[part]
    # the run exercised both shortcuts: young pages and pages with a few intervals
    assert sum(mine["young"]["never"]["exposure"]) > 0  # type: ignore[index]
    assert sum(sum(t["exposure"]) for t in mine["calibration"]["tables"]) > 0  # type: ignore[index]


@given(st.integers(1, 25), st.floats(-8.0, 8.0), st.floats(0.0, 0.5))
def test_zhazard_observe_exposes_a_span_inside_one_bin_as_binned_counts_does(k: int, z0: float, span: float) -> None:
    hazard = ZHazard()
    hazard.observe(k, z0, z0 + span, changed=False)
    reference = ZTable()
    BinnedCounts.expose(reference, z0, z0 + span)
    assert hazard.table(k).exposure == reference.exposure


@given(st.floats(1.0, 1e6), st.floats(1e-4, 50.0), st.floats(1e-7, 1e-2), st.booleans())
def test_young_wait_skips_the_second_lookup_only_inside_the_bin(
    age: float, theta: float, own_rate: float, once: bool
) -> None:
    young = YoungHazards()
    rng = random.Random(3)
    for _ in range(300):  # some population data, so rates differ from bin to bin
        start = rng.uniform(0.0, 2e5)
        young.observe(5000.0 if once else None, start, start + rng.uniform(10.0, 5e4), rng.random() < 0.5)
    first = 5000.0 if once else None
    hazards, unit = young.hazards(first), age_unit(first)
    b = age_bin(age)  # age in the state's units
    # the wait without the shortcut: the hazard averaged over the wait, always looked up again
    h = unit * hazard_rate(hazards, b, own_rate / unit)
    d = math.sqrt(2.0 * theta / h)
    h = 0.5 * (h + unit * hazard_rate(hazards, age_bin(age + d * unit), own_rate / unit))
    d = math.sqrt(2.0 * theta / h)
    want = d if h * d < 0.5 else theta + 1.0 / h
    got = _young_wait(hazards, b, age, theta, own_rate, edge=age_edge(b), unit=unit)
    assert math.isclose(got, want, rel_tol=1e-12)


def test_tag_queue_skips_replaced_and_removed_keys_and_keeps_equal_tags_in_order() -> None:
    queue = TagQueue(max_rate=10.0, host_gap=0.0)
    for key in "abcd":
        queue.push(key, 1.0)
    queue.push("a", 5.0)  # re-queued below the top: its old entry is stale
    queue.discard("b")
    order = []
    now = 0.0
    while (head := queue.peek(now)) is not None and len(order) < 3:
        key, when = head
        order.append(key)
        queue.requeue(key, when, 100.0 + len(order), when)
        now = when
    assert order == ["c", "d", "a"]
    assert len(queue) == 3 and "b" not in queue
    assert queue.tag("c") == 101.0
