"""What the learned scheduler would gain from knowing its young pages' laws exactly (seed model).

A page seen to change at most once has no interval of its own, and the learned
scheduler waits on the hazard its state's population has shown so far
(:mod:`topiccrawl.revisit.hazard`). ``told-young`` is the learned scheduler with
those waits taken instead from the exact predictive laws of ``revisit_bayes.py``'s
``pop-bayes`` (the simulation's population: mean uniform in [3600, 360000] s, uniform
first phase), for the pages in the states named by ``--states``:

* ``never``: never seen to change;
* ``ratio``: seen to change once, less time since that change than the first took;
* ``after``: seen to change once, more time since that change than the first took.

Everything else is the learned scheduler's own: it still learns its population
tables from every fetch, and every page with an interval waits on its own forecast.
No scheduler can be told this; the figure bounds what a better estimate of the
young pages' hazards could be worth.

    python benchmarks/revisit_young.py --sizes 1000                    # about 2 min
    python benchmarks/revisit_young.py --sizes 1000 --states ratio,after
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from revisit_bayes import Predictive, Surprises, after_one, first_update
from revisit_oracles import reference_parser, reference_runs
from revisit_sim import simulate

from topiccrawl.revisit import LearnedScheduler
from topiccrawl.revisit.hazard import switch_age
from topiccrawl.revisit.model import PageModel

STATES = ("never", "ratio", "after")


class ToldYoung(LearnedScheduler):
    """The learned scheduler, its young pages in ``states`` waiting on their exact laws."""

    def __init__(self, states: frozenset[str]) -> None:
        super().__init__()
        self.states = states
        self.surprises = Surprises()
        self.first = first_update()
        self.laws: dict[int, tuple[float, Predictive]] = {}  # by id of the page: (its anchor, its law)

    def _told(self, page: PageModel, t: float) -> Predictive | None:
        if page.anchor is None:
            return self.first if "never" in self.states else None
        first_age = max(0.0, page.anchor - page.born)  # type: ignore[operator]  # a page with a change has a birth
        state = "ratio" if t - page.anchor < switch_age(first_age) else "after"
        if state not in self.states:
            return None
        hit = self.laws.get(id(page))
        if hit is None or hit[0] != page.anchor:
            width = math.sqrt(12.0 * page.anchor_var)  # the change's bracket (anchor_var = width^2 / 12)
            law = after_one(page.anchor, width, page.anchor - 0.5 * width)
            hit = self.laws[id(page)] = (page.anchor, law)
        return hit[1]

    def _young_step(self, page, last, fetch_time, theta):  # type: ignore[no-untyped-def]
        wait = super()._young_step(page, last, fetch_time, theta)  # the population tables still learn
        law = self._told(page, fetch_time)
        return wait if law is None else self.surprises.wait(law, fetch_time, theta)

    def _wait(self, page, t0, theta):  # type: ignore[no-untyped-def]
        law = None if page.intervals or page.born is None else self._told(page, t0)
        return super()._wait(page, t0, theta) if law is None else self.surprises.wait(law, t0, theta)


def main(argv: list[str] | None = None) -> int:
    parser = reference_parser(__doc__)
    parser.add_argument("--states", default=",".join(STATES), help=f"young states told their law, of {STATES}")
    args = parser.parse_args(argv)
    states = frozenset(args.states.split(","))
    if not states <= set(STATES):
        parser.error(f"--states: choose from {', '.join(STATES)}")
    for pages, run in reference_runs(args):
        sched = ToldYoung(states)
        res = simulate("told-young", sched, pages, **run)
        print(res.row(), f" (states told: {','.join(sorted(states))}; past the law: {sched.surprises.count} waits)")
        print(simulate("learned", LearnedScheduler(), pages, **run).row(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
