"""Where the learned scheduler's mean delay comes from, by what a page had shown when
its update came: never seen to change, seen to change once, one interval, or two or
more (seed model, revisit_sim's pages). For each state: updates detected, their mean
delay, the share of fetches spent on pages in that state, and the state's part of the
overall mean delay (the parts add up to the mean). Then where the fetches that saw no
change went for pages with one interval or more: by history length and by the page's
true z at the fetch, (time since its last true update - true mean) / true spread, as a
share of all fetches (fetches far left of 0 are spent before any update could come).

A third table splits the pages with intervals by history length: updates, mean
delay, fetches per update and their product (delay x fetches, seconds: for a page
polled around a Normal forecast it is about the forecast's spread, so it measures how
well the forecast is used whatever the budget). ``--scheduler pop-bayes`` measures the
reference learner of ``revisit_bayes.py`` (told the simulation's population) the same
way, for comparison.

    python benchmarks/revisit_states.py               # n = 10000, 14 days (about 2 min)
    python benchmarks/revisit_states.py --size 1000
    python benchmarks/revisit_states.py --scheduler pop-bayes   # about 12 min
"""

from __future__ import annotations

import argparse
import bisect
import sys
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from revisit_sim import DAY, Pages, seeded_pages, simulate

from topiccrawl.revisit import LearnedScheduler

STATES = ("clockwork, 2 or more intervals", "one interval", "seen to change once", "never seen to change")
Z_EDGES = (-8.0, -4.0, -2.0, 0.0, 2.0, 4.0)
HISTORIES = ((1, "1"), (2, "2-4"), (5, "5-9"), (10, "10-19"), (20, "20+"))
HISTORY_STARTS = [start for start, _ in HISTORIES]
ROWS = ((1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5-9"), (10, "10-19"), (20, "20-31"), (32, "32+"))
ROW_STARTS = [start for start, _ in ROWS]


def _learned(pages: Pages) -> tuple[object, Callable[[int], int]]:
    scheduler = LearnedScheduler()  # as revisit_sim builds it

    def history(key: int) -> int:
        page = scheduler._pages[key]  # a diagnostic: reads the model before the fetch is folded in
        return -2 if page.anchor is None else len(page.intervals) or -1

    return scheduler, history


def _pop_bayes(pages: Pages) -> tuple[object, Callable[[int], int]]:
    from revisit_bayes import PopulationBayes

    scheduler = PopulationBayes(pages, rate=10.0, step=10.0)

    def history(key: int) -> int:
        seen = len(scheduler.times.get(key, ()))  # changes seen so far
        return -2 if seen == 0 else (-1 if seen == 1 else seen - 1)

    return scheduler, history


SCHEDULERS = {"learned": _learned, "pop-bayes": _pop_bayes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=10000)
    parser.add_argument("--days", type=float, default=14.0)
    parser.add_argument("--warmup-days", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--scheduler", choices=sorted(SCHEDULERS), default="learned")
    args = parser.parse_args(argv)
    n, horizon, warmup = args.size, args.days * DAY, args.warmup_days * DAY
    pages = seeded_pages(n, "seed", horizon, args.seed)
    scheduler, history = SCHEDULERS[args.scheduler](pages)
    fetches, delay, updates = [0] * 4, [0.0] * 4, [0] * 4
    row_fetches, row_delay, row_updates = [0] * len(ROWS), [0.0] * len(ROWS), [0] * len(ROWS)
    last: dict[int, float] = {}
    by_z = [[0] * (len(Z_EDGES) + 1) for _ in HISTORIES]
    observe = scheduler.observe  # type: ignore[attr-defined]

    def counting_observe(key: int, t: float, changed: bool) -> None:
        k = history(key)
        state = 3 if k == -2 else (2 if k == -1 else (1 if k == 1 else 0))
        row = bisect.bisect_right(ROW_STARTS, k) - 1 if k > 0 else -1
        if t >= warmup:
            fetches[state] += 1
            if row >= 0:
                row_fetches[row] += 1
            i = key  # revisit_sim.simulate: page i is key i
            ups = pages.updates[i]
            j = bisect.bisect_right(ups, t)
            if k > 0 and j and not changed:
                z = (t - ups[j - 1] - pages.means[i]) / pages.sds[i]
                stratum = bisect.bisect_right(HISTORY_STARTS, k) - 1
                by_z[stratum][bisect.bisect_right(Z_EDGES, z)] += 1
            if changed:
                for u in ups[bisect.bisect_right(ups, last.get(key, -1.0)) : j]:
                    if u >= warmup:
                        delay[state] += t - u
                        updates[state] += 1
                        if row >= 0:
                            row_delay[row] += t - u
                            row_updates[row] += 1
        last[key] = t
        observe(key, t, changed)

    # the scheduler behind a counting front (a compiled scheduler's methods cannot be replaced)
    front = SimpleNamespace(add=scheduler.add, next_fetch=scheduler.next_fetch, observe=counting_observe)  # type: ignore[attr-defined]
    print(simulate(args.scheduler, front, pages, fetch_cost=0.1, horizon=horizon, warmup=warmup).row())
    total, spent = sum(updates), sum(fetches)
    print("\n| state of the page | updates | mean delay | share of fetches | part of the mean |")
    print("| --- | --- | --- | --- | --- |")
    for state, name in enumerate(STATES):
        mean = delay[state] / max(1, updates[state])
        share = 100 * fetches[state] / spent
        print(f"| {name} | {updates[state]} | {mean:.1f} s | {share:.0f}% | {delay[state] / total:.1f} s |")
    bounds = ("< -8", *(f"{lo:g} to {hi:g}" for lo, hi in pairwise(Z_EDGES)), ">= 4")
    print("\n| intervals | " + " | ".join(f"z {b}" for b in bounds) + " |")
    print("| --- " * (len(bounds) + 1) + "|")
    for (_, name), row in zip(HISTORIES, by_z, strict=True):
        print(f"| {name} | " + " | ".join(f"{100 * c / spent:.2f}%" for c in row) + " |")
    print("\n| intervals | updates | mean delay | fetches per update | delay x fetches |")
    print("| --- | --- | --- | --- | --- |")
    for (_, name), got, waited, spent_on in zip(ROWS, row_updates, row_delay, row_fetches, strict=True):
        mean, per = waited / max(1, got), spent_on / max(1, got)
        print(f"| {name} | {got} | {mean:.1f} s | {per:.1f} | {mean * per:.0f} s |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
