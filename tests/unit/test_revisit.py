"""Unit tests of the revisit schedulers, driven by an injected clock."""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest

from topiccrawl.revisit import (
    AdaptiveIntervalScheduler,
    LearnedScheduler,
    RevisitScheduler,
    RoundRobinScheduler,
    SeedDoublingScheduler,
)

ALL = [RevisitScheduler, RoundRobinScheduler, SeedDoublingScheduler, AdaptiveIntervalScheduler]


def drive(scheduler, truth, until: float, fetch_cost: float = 0.0):
    """Fetch whatever the scheduler says until ``until``; ``truth(key, t0, t1)`` says
    whether the key changed in (t0, t1]. Returns the fetches as (key, time)."""
    now = 0.0
    last: dict[str, float] = {}
    fetches = []
    while True:
        nxt = scheduler.next_fetch(now)
        if nxt is None:
            break
        key, when = nxt
        t = max(now, when)
        if t >= until:
            break
        changed = key in last and truth(key, last[key], t)
        last[key] = t
        scheduler.observe(key, t, changed)
        fetches.append((key, t))
        now = t + fetch_cost
    return fetches


@pytest.mark.parametrize("cls", ALL)
def test_interface_no_args_and_remove(cls) -> None:
    s = cls()
    assert s.next_fetch(0.0) is None
    s.add("a", 0.0)
    s.add("b", 0.0)
    s.add("a", 5.0)  # adding twice keeps one entry
    key, when = s.next_fetch(0.0)
    assert key in {"a", "b"} and when >= 0.0
    s.observe(key, when, changed=False)
    other = "b" if key == "a" else "a"
    assert s.next_fetch(when)[0] == other
    s.remove(other)
    s.remove("never-added")
    s.observe("never-added", 1.0, changed=True)  # ignored
    assert s.next_fetch(when)[0] == key
    s.remove(key)
    assert s.next_fetch(when) is None


def test_new_keys_are_fetched_first_in_order_of_addition() -> None:
    s = RevisitScheduler(max_rate=100.0, host_gap=0.0)
    for k in "abc":
        s.add(k, 0.0)
    order = []
    for _ in range(3):
        key, when = s.next_fetch(0.0)
        s.observe(key, when, changed=False)
        order.append(key)
    assert order == ["a", "b", "c"]


def test_nutch_rule_waits_until_due() -> None:
    s = AdaptiveIntervalScheduler(initial_interval=100.0, min_interval=10.0, max_rate=10.0, host_gap=0.0)
    s.add("a", 0.0)
    s.observe("a", 0.0, changed=False)
    assert s.next_fetch(1.0) == ("a", pytest.approx(140.0))
    s.observe("a", 140.0, changed=True)
    assert s.next_fetch(141.0) == ("a", pytest.approx(140.0 + 112.0))


@pytest.mark.parametrize("cls", ALL)
def test_global_rate_bound_is_respected(cls) -> None:
    s = cls(max_rate=2.0, host_gap=0.0)
    for i in range(20):
        s.add(f"k{i}", 0.0)
    rng = random.Random(5)
    fetches = drive(s, lambda k, a, b: rng.random() < 0.3, until=200.0)
    times = [t for _, t in fetches]
    assert len(times) >= 20
    assert all(b - a >= 0.5 - 1e-9 for a, b in itertools.pairwise(times))


@pytest.mark.parametrize("cls", ALL)
def test_per_host_gap_is_respected(cls) -> None:
    s = cls(max_rate=100.0, host_gap=3.0)
    keys = [f"https://h{h}.example/p{i}" for h in range(3) for i in range(5)] + ["plain-key"]
    for k in keys:
        s.add(k, 0.0)
    fetches = drive(s, lambda k, a, b: False, until=120.0)
    last: dict[str, float] = {}
    for key, t in fetches:
        host = key.split("/")[2] if "://" in key else None
        if host is not None:
            assert t - last.get(host, -math.inf) >= 3.0 - 1e-9, (key, t)
            last[host] = t
    assert {k.split("/")[2] for k, _ in fetches if "://" in k} == {"h0.example", "h1.example", "h2.example"}


def test_periodic_page_fetches_concentrate_near_its_updates() -> None:
    """A page updated every 1000 s (+-20 s) among pages that never change: after a
    few cycles most of its fetches fall near the update times."""
    period = 1000.0
    rng = random.Random(3)
    updates = []
    t = 500.0
    while t < 30000:
        updates.append(t)
        t += period + rng.gauss(0.0, 20.0)

    def truth(key, a, b):
        return key == "clock" and any(a < u <= b for u in updates)

    s = RevisitScheduler(max_rate=1.0, host_gap=0.0, min_interval=0.0)
    s.add("clock", 0.0)
    for i in range(20):
        s.add(f"still{i}", 0.0)
    fetches = drive(s, truth, until=updates[-1] + 10, fetch_cost=1.0)
    late = [t for k, t in fetches if k == "clock" and t > updates[6]]
    near = [t for t in late if min(abs(t - u) for u in updates) < 150.0]
    assert len(late) > 20
    assert len(near) / len(late) > 0.5  # 150 s around each update is 30% of the time
    # detection delay of the late updates is far below the 21 s of round robin's cycle / 2
    delays = []
    for u in updates[8:-1]:
        delays.append(min(t for k, t in fetches if k == "clock" and t >= u) - u)
    assert sum(delays) / len(delays) < 5.0


def test_never_changing_page_is_fetched_rarely() -> None:
    s = RevisitScheduler(max_rate=1.0, host_gap=0.0, min_interval=0.0)
    s.add("busy", 0.0)
    s.add("still", 0.0)
    rng = random.Random(1)
    fetches = drive(s, lambda k, a, b: k == "busy" and rng.random() < 1 - math.exp(-(b - a) / 60), until=20000.0)
    busy = sum(1 for k, _ in fetches if k == "busy")
    still = sum(1 for k, _ in fetches if k == "still")
    assert still * 3 < busy


def test_state_export_import_round_trip() -> None:
    s = RevisitScheduler(max_rate=1.0, host_gap=0.0, min_interval=0.0)
    for k in ("a", "b", "https://x.example/"):
        s.add(k, 0.0)
    drive(s, lambda k, a, b: k != "b" and int(a / 300) != int(b / 300), until=5000.0)
    state = json.loads(json.dumps(s.export_state()))  # JSON-able
    restored = RevisitScheduler(max_rate=1.0, host_gap=0.0, min_interval=0.0)
    restored.import_state(state)
    assert restored.export_state()["pages"].keys() == state["pages"].keys()
    for key, entry in state["pages"].items():
        again = restored.export_state()["pages"][key]
        assert again["intervals"] == entry["intervals"]
        assert again["changes"] == pytest.approx(entry["changes"])
        assert again["due_in"] == pytest.approx(entry["due_in"])
    assert restored.theta == pytest.approx(s.theta)
    assert restored.export_state()["young"] == state["young"]  # the population priors too
    assert restored.export_state()["calibration"] == state["calibration"]
    assert restored.export_state()["insurance"] == state["insurance"]
    assert sum(state["young"]["never"]["exposure"]) > 0
    assert len(state["pages"]["a"]["intervals"]) >= 3
    # it schedules as the original would: same next key
    assert restored.next_fetch(5000.0)[0] == s.next_fetch(5000.0)[0]


def test_import_rejects_unknown_version() -> None:
    with pytest.raises(ValueError, match="version"):
        RevisitScheduler().import_state({"version": 99, "pages": {}})


@pytest.mark.parametrize("kwargs", [{"max_rate": 0.0}, {"host_gap": -1.0}, {"min_interval": -1.0}])
def test_bad_parameters_are_refused(kwargs) -> None:
    with pytest.raises(ValueError):
        LearnedScheduler(**kwargs)


def test_restored_scheduler_keeps_the_min_interval() -> None:
    s = RevisitScheduler(max_rate=10.0, host_gap=0.0, min_interval=30.0)
    s.add("a", 0.0)
    s.observe("a", 100.0, changed=False)
    restored = RevisitScheduler(max_rate=10.0, host_gap=0.0, min_interval=30.0)
    restored.import_state(s.export_state())
    key, when = restored.next_fetch(101.0)
    assert key == "a" and when >= 130.0


@pytest.mark.parametrize("insurance", [0.005, 0.0002])
def test_a_clockwork_page_far_from_its_forecast_waits_into_the_window_not_past_it(insurance: float) -> None:
    from topiccrawl.revisit.model import PageModel

    page = PageModel(last_fetch=0.0, born=0.0, anchor=0.0, intervals=[20000.0, 23000.0] * 12, changes=24.0)
    page.exposure = 24 * 21500.0
    page.refit()
    page.w_exp = insurance  # a weak memoryless part: its local hazard alone would say "wait days"
    t = 0.0
    while t < page.mu - 2 * page.sigma:
        t += page.wait_for(t, 25.0, 3600.0)
    # the fetches step into the window before the forecast instead of jumping over it
    assert page.mu - 2 * page.sigma <= t < page.mu - page.sigma


@pytest.mark.parametrize(("z0", "theta"), [(-3.0, 5.0), (0.0, 50.0), (1.0, 300.0), (2.7, 3000.0)])
def test_the_wait_of_a_clockwork_page_meets_theta_even_when_the_update_is_likely_within_it(
    z0: float, theta: float
) -> None:
    # past its forecast the chance of an update within the wait saturates: the local
    # guess sqrt(2 theta / hazard) falls short and the solver has to search upward
    from topiccrawl.revisit.model import PageModel, _cdf

    page = PageModel(anchor=0.0, changes=1e6, exposure=1e6 * 100000.0)
    page.mu, page.sigma, page.w_exp = 100000.0, 3000.0, 0.0
    t0 = page.mu + z0 * page.sigma
    d = page.wait_for(t0, theta, 3600.0)
    s0 = 1.0 - _cdf(z0)
    steps = 20000
    du = d / steps
    waited = sum((_cdf(z0 + (k + 0.5) * du / page.sigma) - _cdf(z0)) / s0 for k in range(steps)) * du
    assert waited == pytest.approx(theta, rel=0.02)


def test_a_page_whose_intervals_vary_like_a_gamma_of_shape_4_is_still_a_clock() -> None:
    # CV 0.45: the hazard still climbs steeply after each change, so a forecast beats
    # steady polling; only near the exponential's CV of 1 does the memoryless part take over
    from topiccrawl.revisit.model import MIN_EXP_WEIGHT, PageModel

    rng = random.Random(4)
    spread = [rng.gammavariate(4.0, 250.0) for _ in range(400)]
    mean = sum(spread) / len(spread)
    cv = math.sqrt(sum((x - mean) ** 2 for x in spread) / (len(spread) - 1)) / mean
    assert 0.4 < cv < 0.6
    gamma = PageModel(anchor=0.0, intervals=spread[:200])
    gamma.refit()
    exponential = PageModel(anchor=0.0, intervals=[rng.expovariate(1.0 / 1000.0) for _ in range(200)])
    exponential.refit()
    assert gamma.w_exp < 0.25
    assert exponential.w_exp > 0.75
    assert gamma.w_exp >= MIN_EXP_WEIGHT
