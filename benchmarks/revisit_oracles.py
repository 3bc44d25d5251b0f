"""Reference points for the revisit simulation: schedulers that are told what the
learned one has to learn (issue 6 quotes the first: about 0.4 s, 3.5 s and 36 s).

* ``oracle``: knows every page's true law and the time of its last true update;
* ``known-law``: knows every page's true mean and spread (and that its first
  update comes at a uniform phase), but not when its updates happen: it learns
  the phase from fetch outcomes alone, as the learned scheduler does.

Both use the learned scheduler's rule and code for the wait (fetch when the
expected undetected wait reaches theta, ``PageModel.wait_for``, the same 0.1%
memoryless insurance) and its virtual-time queue, so the gap between
``known-law`` and ``learned`` is the price of learning each page's mean and
spread from its first few changes. Seed model only.

``--park`` queues waits over an hour as reviews rather than one virtual-time tag
(what ``revisit_bayes.py``'s schedulers, which have no insurance, need); with the
insurance it changes nothing measurable (known-law 4.23 s at n = 1000 either way).

    python benchmarks/revisit_oracles.py                 # n = 100, 1000, 10000; 14 days
    python benchmarks/revisit_oracles.py --sizes 1000
"""

from __future__ import annotations

import argparse
import bisect
import math
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from revisit_sim import DAY, Pages, seeded_pages, simulate

from topiccrawl.revisit.model import MIN_EXP_WEIGHT, PageModel
from topiccrawl.revisit.tagqueue import TagQueue

PARK = 3600.0  # longest wait queued in one piece when parking


class Told:
    """Virtual-time queue and wait rule of LearnedScheduler; the page's law comes from the truth."""

    def __init__(self, pages: Pages, *, knows_phase: bool, rate: float, park: bool = False) -> None:
        self.pages = pages
        self.park = park
        self.parked: set[int] = set()
        self.knows_phase = knows_phase
        self.queue = TagQueue(rate, 0.0)
        self.models: dict[int, PageModel] = {}
        self.anchor: dict[int, float] = {}  # known-law: midpoint of the last change bracket
        self.last: dict[int, float] = {}
        self.vtime, self.scale = 0.0, 1.0
        self.real_sum = self.virtual_sum = 0.0
        self.last_observe: float | None = None

    def add(self, key: int, now: float) -> None:
        self.queue.push(key, self.vtime)
        i = key  # revisit_sim.simulate: page i is key i
        model = self.models[key] = PageModel(changes=1e6, exposure=1e6 * self.pages.means[i])
        model.mu, model.sigma, model.w_exp = self.pages.means[i], self.pages.sds[i], MIN_EXP_WEIGHT

    def next_fetch(self, now: float) -> tuple[str, float] | None:
        while True:
            nxt = self.queue.peek(now)
            if nxt is None or nxt[0] not in self.parked:
                return nxt
            # a long wait comes up for review, not a fetch: theta may have moved since it was set
            key = nxt[0]
            last = self.last[key]
            i = key  # revisit_sim.simulate: page i is key i
            left = last + self._wait(key, i, last, self.scale * self.scale) - max(now, nxt[1])
            # from the reviewed tag on, not the virtual clock: a review fetches nothing, so
            # the clock may not have moved and a review at the clock would come up again at once
            self._queue_wait(key, left, review=self.queue.tag(key))

    def _queue_wait(self, key: int, wait: float, *, review: float | None = None) -> None:
        """Queue ``key`` ``wait`` seconds from now on the virtual clock; when parking, a wait longer
        than PARK is queued as a review at PARK, so a drift of theta cannot carry it past a change."""
        start = self.vtime
        if self.park and wait > PARK:
            self.parked.add(key)
            wait = PARK
            start = start if review is None else max(start, review)
        else:
            self.parked.discard(key)
        tag = start + max(wait, 0.0) / self.scale
        if review is not None:
            self.queue.push(key, tag)
        else:
            self.queue.requeue(key, self.last[key], tag, self.last[key])

    def observe(self, key: int, fetch_time: float, changed: bool) -> None:
        tag = self.queue.tag(key)
        if tag > self.vtime:  # the scale estimate of LearnedScheduler._advance
            if self.last_observe is not None:
                decay = 1.0 - 1.0 / 2000.0
                self.real_sum = self.real_sum * decay + max(0.0, fetch_time - self.last_observe)
                self.virtual_sum = self.virtual_sum * decay + (tag - self.vtime)
                self.scale = self.real_sum / self.virtual_sum
            self.last_observe, self.vtime = fetch_time, tag
        i = key  # revisit_sim.simulate: page i is key i
        if changed and key in self.last:
            self.anchor[key] = 0.5 * (self.last[key] + fetch_time)
        self.last[key] = fetch_time
        self._queue_wait(key, self._wait(key, i, fetch_time, self.scale * self.scale))

    def _wait(self, key: int, i: int, t: float, theta: float) -> float:
        mean = float(self.pages.means[i])
        if self.knows_phase:
            ups = self.pages.updates[i]
            j = bisect.bisect_right(ups, t)
            anchor = ups[j - 1] if j else None
        else:
            anchor = self.anchor.get(key)
        if anchor is None:  # before the first update, which comes at a uniform phase in (0, mean)
            left = max(mean - t, 1.0)
            d = math.sqrt(2.0 * theta * left)
            return d if d < left else left + 2.0 * theta
        model = self.models[key]
        model.anchor = anchor
        return model.wait_for(t, theta, 3600.0)


def reference_parser(doc: str) -> argparse.ArgumentParser:
    """The command line of the reference benchmarks (revisit_sim's pages and defaults)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--days", type=float, default=14.0)
    parser.add_argument("--warmup-days", type=float, default=2.0)
    parser.add_argument("--fetch-cost", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=6)
    return parser


def reference_runs(args: argparse.Namespace) -> Iterator[tuple[Pages, dict[str, float]]]:
    """Each size's pages (revisit_sim's, seed model) and the keywords of :func:`simulate` for them."""
    horizon, warmup = args.days * DAY, args.warmup_days * DAY
    print(f"{args.days:g} days, first {args.warmup_days:g} warm-up; seed model; seed {args.seed}")
    for n in (int(x) for x in args.sizes.split(",")):
        print(f"\nn = {n}")
        pages = seeded_pages(n, "seed", horizon, args.seed)
        yield pages, {"fetch_cost": args.fetch_cost, "horizon": horizon, "warmup": warmup}


def main(argv: list[str] | None = None) -> int:
    parser = reference_parser(__doc__)
    parser.add_argument("--park", action="store_true", help="queue waits over an hour as reviews")
    args = parser.parse_args(argv)
    for pages, run in reference_runs(args):
        for name, knows_phase in (("oracle", True), ("known-law", False)):
            told = Told(pages, knows_phase=knows_phase, rate=1.0 / args.fetch_cost, park=args.park)
            print(simulate(name, told, pages, **run).row(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
