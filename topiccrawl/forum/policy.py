"""Which links to fetch: link slots learned from outcomes, and URL patterns learned from fetches.

A *slot* is one link position inside the records of a repeated template (the
title link of a thread-list row, the author link of a post, the 'last post' link
of a board row). Following the seed paper, only links inside repeated regions are
candidates (plus page flipping, handled by the spider). A slot is explored with a
few sample fetches; the rest of its links wait (*parked*) until the samples say
where the slot leads:

* a slot is **wanted** when it leads to list or thread pages with new content and
  it *owns* that page type within its template: of several slots of one template
  that reach the same type (a thread's title link and its 'last post' link), the
  one with the longest anchor text (the title) owns it, the others are redundant.
  For a post's links, a list counts only once it is seen to *lead on*: a slot of its
  template is wanted. Posts link lists that lead nowhere (who reacted to a post, a
  member's followers); such a slot waits until that list's own samples say, and is
  unwanted if they lead nowhere;
* a slot is **unwanted** when its samples led only to other pages (profiles, login
  forms, print views), failed, or duplicated pages already fetched. Two of its links
  leading to one page (a login wall behind every post's 'report' link) take back what the
  first of them was taken for.

URL patterns learn alongside (iRobot/FoCUS): a pattern that led only to unwanted
pages is skipped anywhere on the site before fetching; a pattern that led to
wanted pages is followed even from a slot still being explored.
"""

from __future__ import annotations

import logging
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from topiccrawl.forum.dates import has_date
from topiccrawl.forum.links import pattern_shape

logger = logging.getLogger(__name__)

SAMPLES = 2
VIEWS_PER_WANTED = 3  # views per wanted page past which a URL pattern is no longer followed as wanted
UNWANTED_PARKED = 50  # links of kinds it has not tried that an unwanted slot keeps
_NUMBER = re.compile(r"[\d\s#.,:/()-]*")
WANTED_ROLES = frozenset({"list", "thread"})
# why a page is one the crawl has by other ways (see ``CrawlPolicy._state``)
REDUNDANT = ("alias", "variant", "redirect-unwanted", "jump", "feed", "poster")


@dataclass
class Slot:
    key: str  # "<template key>|<slot path>"
    template: str
    anchor_len: float = 0.0  # mean anchor length seen (titles are long)
    seen: int = 0
    sent: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)  # "wanted:<type>" / "unwanted:<why>"
    parked: list[Any] = field(default_factory=list)
    # URL patterns that led to wanted pages from this slot: one position in a record can
    # hold links of different kinds (the last poster's profile beside the 'last post'
    # link), and a wanted slot vouches only for the kinds it was seen to lead to.
    wanted_patterns: set[str] = field(default_factory=set)
    # ...and for links of those patterns' shapes (:func:`pattern_shape`): a board that puts the
    # title in each thread's URL gives every thread a pattern of its own
    wanted_shapes: set[str] = field(default_factory=set)
    shapes: Counter[str] = field(default_factory=Counter)  # links seen, by their URL patterns' shapes
    tried_shapes: set[str] = field(default_factory=set)  # shapes of the links whose pages it has learned from
    # ...and of those whose pages the crawl has by other ways (:data:`REDUNDANT`): a slot can hold
    # two kinds of link, one to pages of their own, the other to feeds of them
    redundant_shapes: set[str] = field(default_factory=set)
    fixed: str | None = None  # "follow"/"skip" from a site template
    lists: Counter[str] = field(default_factory=Counter)  # main template of each list page it led to

    def vouches(self, pattern: str) -> bool:
        """Whether the slot led to wanted pages by links of this pattern, or of its shape."""
        return pattern in self.wanted_patterns or pattern_shape(pattern) in self.wanted_shapes

    @property
    def answered(self) -> int:
        """Links of it whose pages (or failures) it has learned from."""
        return sum(self.outcomes.values())

    @property
    def wanted(self) -> int:
        """Links of it that led to wanted pages."""
        return sum(c for k, c in self.outcomes.items() if k.startswith("wanted:"))

    @property
    def views(self) -> int:
        """Links of it that led to views of pages read already (:mod:`topiccrawl.forum.views`)."""
        return self.outcomes["unwanted:view"]

    @property
    def samples_out(self) -> bool:
        """Whether links of it were sent and not answered yet."""
        return self.sent > self.answered

    @property
    def pending(self) -> bool:
        """Whether more may still be learned of it: links parked, or samples out."""
        return bool(self.parked) or self.samples_out


@dataclass(frozen=True, slots=True)
class Decision:
    action: str  # "follow" | "explore" | "park" | "skip"
    reason: str


def title_length(anchor: str) -> int:
    """How long an anchor is as a title: its length, but 0 for a date, a time or a number.
    A 'last post' link shows when ("2024-4-24 00:27", "3 天前"), and is longer than many a
    Chinese thread title ("求助", "新人报到")."""
    if has_date(anchor) or _NUMBER.fullmatch(anchor):
        return 0
    return len(anchor)


def _most_reached(types: Counter[str]) -> str | None:
    """The page type reached most often (threads first among equals), or None."""
    return max(types, key=lambda t: (types[t], t == "thread")) if types else None


def _no_role(template: str) -> str:
    return "list"


def _no_leads(slot: Slot) -> tuple[Counter[str], bool]:
    return Counter(), False


class CrawlPolicy:
    def __init__(self, samples: int = SAMPLES) -> None:
        self.samples = samples
        self.slots: dict[str, Slot] = {}
        self.patterns: dict[str, Counter[str]] = defaultdict(Counter)  # pattern -> wanted/unwanted
        self.pattern_views: Counter[str] = Counter()  # pattern -> views of pages read already it led to
        self.fixed_patterns: dict[str, str] = {}  # from a site template: pattern -> follow/skip
        # Samples per URL pattern: one pattern is explored a few times site-wide, whatever
        # slot it turns up in (profile links sit in many templates).
        self.sampled: Counter[str] = Counter()
        self.default_skip = False  # with a site template: slots it does not list are skipped
        self.by_template: dict[str, list[Slot]] = defaultdict(list)
        self.read: set[str] = set()  # templates of list pages whose links have been read
        # What a template's pages read as, by the spider's votes: "thread", "list", or "open"
        # while too few pages have voted. A slot that led to a page of a thread template read as
        # a list (its first page, of short replies) led to a thread.
        self.template_role: Callable[[str], str] = _no_role
        # What the pages a never-sampled slot links, requested from elsewhere first, were read as
        # (page type -> count), and whether some are still on their way: what its samples would
        # have said (see :meth:`_owner`).
        self.known_leads: Callable[[Slot], tuple[Counter[str], bool]] = _no_leads

    def __getstate__(self) -> dict[str, Any]:
        """What is saved of the policy: all but its owner's hooks, which its owner sets again."""
        return {k: v for k, v in self.__dict__.items() if k not in {"template_role", "known_leads"}}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.template_role = _no_role
        self.known_leads = _no_leads

    # -- slots -----------------------------------------------------------------
    def slot(self, template: str, path: str, anchor: str, pattern: str | None = None) -> Slot:
        key = f"{template}|{path}"
        s = self.slots.get(key)
        if s is None:
            s = self.slots[key] = Slot(key, template)
            self.by_template[template].append(s)
        s.anchor_len = (s.anchor_len * s.seen + title_length(anchor)) / (s.seen + 1)
        s.seen += 1
        if pattern is not None:
            s.shapes[pattern_shape(pattern)] += 1
        return s

    @staticmethod
    def _reach(s: Slot) -> int:
        """How many of the slot's links were of the kinds it led to wanted pages by (all of its
        links before it did): a board row's cell of moderators and child boards is seen in every
        row, its links to boards in a few."""
        if not s.wanted_shapes or not s.shapes:
            return s.seen
        return sum(s.shapes[shape] for shape in s.wanted_shapes)

    def _owner(self, template: str, page_type: str, visiting: frozenset[str], rival_of: Slot) -> str | None:
        """The slot of ``template`` that owns ``page_type`` in ``rival_of``'s eyes: of those whose
        samples mostly reached it, the longest-anchored. A slot never sampled, because every link
        of it had been requested from elsewhere first, competes by what those pages were read as:
        a topic row's category link, whose categories the index lists above the topics, is still
        the row's way to lists, and a tag link beside it (a list of the same topics again) is not.
        A slot whose links of the kinds it leads by are less than half as many as ``rival_of``'s
        (:meth:`_reach`) is no rival of it: a title and its 'last post' link sit in every row and
        reach the same pages, while the child-board links of a few rows of a board index reach
        other boards than the rows' own links do."""
        best, best_len = None, -1.0
        reach = self._reach(rival_of)
        for s in self.by_template.get(template, ()):
            if s.anchor_len <= best_len or (s is not rival_of and 2 * self._reach(s) < reach):
                continue
            if self._main_type(s) == page_type:
                if page_type == "list" and self._lists_lead_on(s, visiting) == "no":
                    continue
                best, best_len = s.key, s.anchor_len
            elif not s.outcomes and not s.fixed and _most_reached(self.known_leads(s)[0]) == page_type:
                best, best_len = s.key, s.anchor_len
        return best

    def _wanted_types(self, s: Slot) -> Counter[str]:
        """The wanted page types ``s`` led to, with their counts, a list of a template since
        proved a thread page's counting as a thread (a thread's first page read as a list before
        its template was known)."""
        types = Counter({o[7:]: c for o, c in s.outcomes.items() if o.startswith("wanted:") and c})
        threads = sum(c for t, c in s.lists.items() if self.template_role(t) in {"thread", "posts"})
        if threads and types["list"]:
            moved = min(threads, types["list"])
            types["list"] -= moved
            types["thread"] += moved
        return +types

    def _main_type(self, s: Slot) -> str | None:
        """The page type most of the slot's wanted samples reached: the type it may own. A board
        index's 'last post' cell links each board's latest thread and, now and then, a child
        board: it competes for threads, and leaves the lists to the boards' own links."""
        return _most_reached(self._wanted_types(s))

    def leads_on(self, template: str, visiting: frozenset[str] = frozenset()) -> str:
        """Whether list pages of ``template`` lead on: "yes" (a slot of it is wanted, or its pages
        are thread pages after all), "no" (every slot of it is decided unwanted, or its pages were
        read and hold no slot) or "unknown" (also while too few of its pages have been read to
        tell a list from a thread's first page)."""
        role = self.template_role(template)
        if role in {"thread", "posts"}:
            return "yes"
        if role == "open":
            return "unknown"
        if template in visiting:
            return "no"  # a loop of lists adds nothing the other slots do not say
        slots = self.by_template.get(template)
        if not slots:
            return "no" if template in self.read else "unknown"
        verdict = "no"
        inner = visiting | {template}
        for o in slots:
            state = self._state(o, inner)
            if state == "wanted":
                return "yes"
            if state != "unwanted" and o.pending:
                verdict = "unknown"
        return verdict

    def _lists_lead_on(self, s: Slot, visiting: frozenset[str]) -> str:
        """Whether the lists ``s`` led to lead on (see :meth:`leads_on`), taken together. Asked
        only of the links of posts: a list's own links to lists (boards, sub-boards) are taken
        at their word, as a thread's first pages often read as lists before its template is
        known, and a slot held back then loses the links it skips."""
        if not s.lists or self.template_role(s.template) != "posts":
            return "yes"  # (or lists recorded without their template: a site template's slots)
        verdicts = {self.leads_on(t, visiting) for t in s.lists}
        return "yes" if "yes" in verdicts else "unknown" if "unknown" in verdicts else "no"

    def _longer_anchored(self, s: Slot) -> Iterator[Slot]:
        """The other learned slots of ``s``'s template whose anchors are longer (title-like)."""
        return (o for o in self.by_template.get(s.template, ()) if o.anchor_len > s.anchor_len and not o.fixed)

    def _rival_pending(self, s: Slot) -> bool:
        """Whether a longer-anchored slot of the template has samples out and no answer yet, or,
        never sampled, links requested from elsewhere that are still on their way."""
        return any(not o.outcomes and (o.sent or self.known_leads(o)[1]) for o in self._longer_anchored(s))

    def _titled_sibling(self, s: Slot) -> bool:
        """Whether a longer-anchored slot of the template leads to wanted pages or has samples out."""
        return any(
            (o.sent and not o.outcomes) or any(k.startswith("wanted:") for k in o.outcomes)
            for o in self._longer_anchored(s)
        )

    def state(self, s: Slot) -> str:
        """ "wanted", "unwanted", "open" (still exploring) or "waiting" (it would be wanted, but
        another slot of its template that may own its page type has samples out, or the lists
        it led to have not shown yet whether they lead on)."""
        return self._state(s, frozenset())

    def redundant(self, s: Slot) -> bool:
        """Whether more of the slot's samples led to pages the crawl has by other ways (aliases,
        views, feeds, posters' pages: the reasons listed in :meth:`_state`) than to new ones."""
        return self._fed_back(s) or self._views_mostly(s)

    @staticmethod
    def _fed_back(s: Slot) -> bool:
        return sum(s.outcomes[f"unwanted:{why}"] for why in REDUNDANT) > s.wanted

    def _views_mostly(self, s: Slot) -> bool:
        return bool(s.wanted and s.views > VIEWS_PER_WANTED * s.wanted and self._to_lists(s))

    def _state(self, s: Slot, visiting: frozenset[str]) -> str:
        if s.fixed:
            return "wanted" if s.fixed == "follow" else "unwanted"
        if self.redundant(s):
            # it leads to other URLs of pages that have their own, or to other views of thread
            # pages read (one member's posts, sorted), or through redirects to pages the crawl
            # has, or jumps to posts (a box of latest posts linking each thread's 'latest'
            # redirect), or to feeds of the pages it is on (a poster's page), or to pages of each
            # post's poster (their posts, a form to message them); or to lists mostly shown
            # before, sorted another way (a board's 'sort by' links)
            return "unwanted"
        unknown = False
        for page_type in self._wanted_types(s):
            if page_type == "list":
                leads = self._lists_lead_on(s, visiting)
                if leads != "yes":
                    unknown = unknown or leads == "unknown"
                    continue
            if self._owner(s.template, page_type, visiting, s) == s.key:
                # A longer-anchored slot of the template whose samples are still out may own
                # the type instead: following this one now would fetch what the title links
                # reach again, under other URLs ('last post' before the title's samples return).
                return "waiting" if self._rival_pending(s) else "wanted"
        if unknown:
            return "waiting"
        decided = s.answered
        if decided >= self.samples or (decided and any(k.startswith("wanted:") for k in s.outcomes)):
            return "unwanted"
        return "open"

    def outranked(self, s: Slot) -> bool:
        """Whether ``s`` is unwanted only because another slot of its template owns the page
        type its samples reached: its links lead on all the same (a category row's title link,
        outranked by the link to the latest post's category in a few rows, which had the longer
        anchors), so the records it is in are a list's, not posts."""
        if s.fixed or self.redundant(s) or self.state(s) != "unwanted":
            return False
        return any(
            page_type != "list" or self._lists_lead_on(s, frozenset()) == "yes" for page_type in self._wanted_types(s)
        )

    # -- patterns --------------------------------------------------------------
    def pattern_state(self, pattern: str) -> str:
        fixed = self.fixed_patterns.get(pattern)
        if fixed:
            return "wanted" if fixed == "follow" else "unwanted"
        c = self.patterns.get(pattern)
        if not c:
            return "open"
        if c["wanted"]:
            # (a pattern whose first pages were new and whose later ones are views of pages read
            # since, as 'only this author' is when it comes before its thread, is no longer vouched for)
            views = self.pattern_views[pattern]
            return "wanted" if c["wanted"] >= c["unwanted"] and views <= VIEWS_PER_WANTED * c["wanted"] else "open"
        return "unwanted" if c["unwanted"] >= self.samples else "open"

    # -- decisions ---------------------------------------------------------------
    def decide(self, s: Slot | None, pattern: str) -> Decision:  # noqa: PLR0911, PLR0912 - one return per rule
        pstate = self.pattern_state(pattern)
        if pstate == "unwanted":
            return Decision("skip", "pattern-unwanted")
        if s is None:  # page flipping and start URLs
            return Decision("follow", "flip")
        if self.default_skip and not s.fixed:
            return Decision("skip", "not-in-template")
        state = self.state(s)
        if state == "wanted" and (s.vouches(pattern) or s.fixed or pstate == "wanted"):
            if self._split(s):
                if s.sent < self.samples + s.views and self.sampled[pattern] < self.samples:
                    s.sent += 1
                    self.sampled[pattern] += 1
                    return Decision("explore", "slot-split-sample")
                return Decision("park", "slot-split")
            if self._samples_out(s):
                return Decision("park", "slot-samples-out")
            return Decision("follow", "slot-wanted")
        if state == "unwanted":
            if self._shape_wanted(s, pattern):
                return Decision("follow", "slot-shape-wanted")
            if pattern_shape(pattern) in s.tried_shapes or len(s.parked) >= UNWANTED_PARKED:
                return Decision("skip", "slot-unwanted")
            # A kind of link its unwanted samples were not waits, as in an undecided slot: a
            # thread's title beside its type label, which links a filtered view of the board,
            # in one slot made unwanted by the labels' views read first; the titles skipped
            # then were not met again.
            return Decision("park", "slot-unwanted-untried")
        if state == "waiting":
            return Decision("park", "slot-waiting")  # not even a wanted pattern: the rival may own it
        if pstate == "wanted" and not self._titled_sibling(s):
            # (beside a longer-anchored slot that leads somewhere, this one is more likely its
            # 'last post' twin: it is sampled like any other slot instead)
            return Decision("follow", "pattern-wanted")
        # A pattern already sampled elsewhere waits for that answer. In a wanted slot, a
        # link of another shape is sampled by its pattern alone.
        if (state == "wanted" or s.sent < self.samples) and self.sampled[pattern] < self.samples:
            s.sent += 1
            self.sampled[pattern] += 1
            return Decision("explore", "slot-sample")
        return Decision("park", "slot-undecided")

    def record(
        self, slot_key: str | None, pattern: str, *, outcome: str, page_type: str, why: str, template: str | None = None
    ) -> list[Any]:
        """Learn from one fetched page (outcome "wanted" or "unwanted"; ``template``: the page's
        main template); returns parked links that may now be followed. A *view* (the records of
        pages read already, filtered or reordered: :mod:`topiccrawl.forum.views`) counts against
        its slot, not its URL pattern: a category's page shows the index's rows of its boards, and
        its URL is a board's."""
        if why == "wall":
            # (the page its first link led to, taken for a wanted one, was the same wall)
            self._retract_pattern(pattern)
        if why == "view":
            self.pattern_views[pattern] += 1
            if self.sampled[pattern]:
                self.sampled[pattern] -= 1  # (it told nothing of the pattern: another slot may sample it)
        elif not (why == "duplicate" and slot_key is None):
            # (a duplicate reached by a page's own flip or 'more' link is that page's list again
            # under another URL, and says nothing of the pattern: a small Douban group's
            # discussion?start=0 repeats its home, and two such made a larger group's list unwanted)
            self.patterns[pattern]["wanted" if outcome == "wanted" else "unwanted"] += 1
        if slot_key is None or slot_key not in self.slots:
            return []
        s = self.slots[slot_key]
        s.tried_shapes.add(pattern_shape(pattern))
        if outcome == "wanted":
            s.outcomes[f"wanted:{page_type}"] += 1
            s.wanted_patterns.add(pattern)
            s.wanted_shapes.add(pattern_shape(pattern))
            if page_type == "list" and template:
                s.lists[template] += 1
        else:
            if why == "wall" and (taken := next((k for k in s.outcomes if k.startswith("wanted:")), None)):
                self._retract(s, taken, "wall")
            s.outcomes[f"unwanted:{why}"] += 1
            if why in REDUNDANT:
                s.redundant_shapes.add(pattern_shape(pattern))
        return self.release()

    def take_back(
        self, slot_key: str, pattern: str, page_type: str, why: str, template: str | None = None
    ) -> list[Any]:
        """Count a page that was learned from as wanted as unwanted for ``why`` after all (a
        member's page read as a thread, before later pages of its template showed them feeds):
        for its link's slot and for its URL pattern. Returns parked links that may now be
        followed, as :meth:`record` does."""
        self._retract_pattern(pattern)
        s = self.slots.get(slot_key)
        if s is None or not s.outcomes[f"wanted:{page_type}"]:
            return []
        self._retract(s, f"wanted:{page_type}", why)
        if page_type == "list" and template and s.lists[template]:
            s.lists[template] -= 1
        if not s.wanted:  # (a slot no page is wanted from vouches for no kind of link)
            s.wanted_patterns.clear()
            s.wanted_shapes.clear()
        return self.release()

    def _retract_pattern(self, pattern: str) -> None:
        """Count one of the pattern's wanted pages as unwanted, if it has one."""
        if self.patterns[pattern]["wanted"]:
            self.patterns[pattern]["wanted"] -= 1
            self.patterns[pattern]["unwanted"] += 1

    @staticmethod
    def _retract(s: Slot, taken: str, why: str) -> None:
        s.outcomes[taken] -= 1
        if not s.outcomes[taken]:
            del s.outcomes[taken]
        s.outcomes[f"unwanted:{why}"] += 1

    def _shape_wanted(self, s: Slot, pattern: str) -> bool:
        """Whether links of ``pattern``'s shape lead to wanted pages from ``s``, a slot unwanted
        for where its other kind of link leads: V2EX's topic rows hold the title and the topic's
        node in one ``td/span/a``, and a node's page lists topics the home page lists (a feed of
        them), while the titles lead to the topics."""
        return self._fed_back_only(s) and self._kind_wanted(s, pattern_shape(pattern))

    def _fed_back_only(self, s: Slot) -> bool:
        """Whether ``s`` is redundant for the feeds and aliases it led to, not for views of lists."""
        return self._fed_back(s) and not self._views_mostly(s)

    @staticmethod
    def _kind_wanted(s: Slot, shape: str) -> bool:
        return shape in s.wanted_shapes and shape not in s.redundant_shapes

    def _samples_out(self, s: Slot) -> bool:
        """Whether the slot, wanted by fewer pages than it samples, has samples still out: they
        may show its wanted page a wall (every post's 'Report' leads a guest to one login page,
        read as a list the first time), so its links wait for them. Its state does not: the
        templates it decides are decided as soon as it is wanted."""
        return not s.fixed and s.wanted < self.samples and s.samples_out

    def _to_lists(self, s: Slot) -> bool:
        """Whether every wanted page the slot led to was a list."""
        return not s.fixed and set(self._wanted_types(s)) == {"list"}

    def _split(self, s: Slot) -> bool:
        """Whether the slot led to lists, and to as many views of lists read already: which came
        first was chance (a board's 'sort by' link answered before the board itself, read as
        something else, shows rows new to the crawl), so its links wait while more samples
        tell, one more for each view, until its new lists outnumber its views or its views
        outweigh them (VIEWS_PER_WANTED each: then it is unwanted). Its state does not wait,
        as with :meth:`_samples_out`: only its links."""
        return 0 < s.wanted <= s.views and self._to_lists(s)

    def settle_samples(self) -> list[Any]:
        """When the crawl runs dry no sample is on its way: those never answered (dropped on
        the way, by a filter that calls no callback) are forgotten, and the parked links of the
        slots wanted then are released."""
        for s in self.slots.values():
            s.sent = min(s.sent, s.answered)
        return self.release()

    def release(self) -> list[Any]:
        """Parked links of slots now wanted (links of unwanted slots stay parked: a page
        re-examined later, once a template is known, may still turn a slot wanted).
        Only links of the URL patterns the slot led to wanted pages are released; those
        whose pattern proved unwanted are dropped."""
        released = []
        for other in self.slots.values():
            if (
                other.parked
                and not self._samples_out(other)
                and not self._split(other)
                and self.state(other) == "wanted"
            ):
                go, stay = [], []
                for p in other.parked:
                    pattern = p[1].get("pattern", "")
                    vouched = other.fixed or other.vouches(pattern) or self.pattern_state(pattern) == "wanted"
                    if vouched:
                        go.append(p)
                    elif self.pattern_state(pattern) != "unwanted":
                        stay.append(p)  # another kind of link: waits for its pattern's samples
                if go:
                    logger.debug("Slot %s wanted: %d links released (%s)", other.key, len(go), dict(other.outcomes))
                released.extend(go)
                other.parked[:] = stay
            elif other.parked and other.wanted_shapes and not other.fixed and self._fed_back_only(other):
                # (unwanted for its feeds: see _shape_wanted; cheaper asked so than by its state,
                # and once for the slot, not for each of its parked links)
                go = [p for p in other.parked if self._kind_wanted(other, pattern_shape(p[1].get("pattern", "")))]
                if go:
                    logger.debug("Slot %s: %d links of a wanted kind released", other.key, len(go))
                    released.extend(go)
                    gone = {id(p) for p in go}
                    other.parked[:] = [p for p in other.parked if id(p) not in gone]
        return released

    def next_samples(self, done: Callable[[str], bool] = lambda url: False) -> list[Any]:
        """When the crawl runs dry: one more sample from each slot not unwanted whose links
        have a pattern not yet sampled enough (its earlier samples may have been filtered)."""
        out = []
        for s in self.slots.values():
            if not s.parked or s.fixed or self.default_skip:
                continue  # a site template's decisions are final: no sampling
            if self.state(s) == "unwanted":
                # One link of a kind the slot never tried and whose pattern leads to wanted pages
                # elsewhere: a board's sub-board link shares its cell with the moderators' links,
                # which make the slot unwanted, and no other page may link that board.
                untried = [
                    p
                    for p in s.parked
                    if self.pattern_state(p[1]["pattern"]) == "wanted"
                    and pattern_shape(p[1]["pattern"]) not in s.tried_shapes
                    and not done(p[0])
                ]
                if untried:
                    s.parked.remove(untried[0])
                    s.tried_shapes.add(pattern_shape(untried[0][1]["pattern"]))
                    out.append(untried[0])
                continue
            # Links whose pattern is known to lead nowhere, or fetched meanwhile, are not
            # samples worth taking.
            s.parked = [p for p in s.parked if self.pattern_state(p[1]["pattern"]) != "unwanted" and not done(p[0])]
            # A pattern sampled enough elsewhere has had its say, unless it said "wanted": a
            # board index read as posts parks its board links behind each board's 'last post'
            # link (the longest anchor, which leads to threads), while another slot's samples
            # show the boards' pattern leads to lists.
            fresh = [
                p
                for p in s.parked
                if self.sampled[p[1]["pattern"]] < self.samples or self.pattern_state(p[1]["pattern"]) == "wanted"
            ]
            if not fresh:
                continue
            s.parked.remove(fresh[0])
            self.sampled[fresh[0][1]["pattern"]] += 1
            out.append(fresh[0])
            s.sent += 1
        return out
