"""The templates seen so far on a site, and a page's regions read with them.

Records found by repetition (:mod:`topiccrawl.forum.regions`), lists split into boxes
(:mod:`topiccrawl.forum.splitlists`), and the records of templates known from other pages: a
thread's last page of one post, a board's announcements in a box of their own.
"""

from __future__ import annotations

from collections import Counter

from lxml import html as lxml_html

from topiccrawl.forum.links import pattern_shape, url_pattern
from topiccrawl.forum.pagetypes import is_layout, is_navigation
from topiccrawl.forum.regions import Region, links_by_record, locations, marks_apart, record_links, template_key
from topiccrawl.forum.splitlists import page_regions
from topiccrawl.forum.templatematch import (
    Template,
    match_template,
    matched_elsewhere,
    named,
    named_alike,
    resemblance,
    same_template,
    template_fit,
)

THIN = 4  # mean elements per record below which a region is too thin to claim its place from a known template
BARE_RECORDS = 5  # links a list of bare links needs to be a page's content
BARE_TITLE = 8.0  # mean characters of their anchor text: titles, not a menu's words
APART_FIT = 0.8  # how closely a record must resemble a known template to be taken apart from its region


class TemplateBook:
    """The templates seen so far on a site, so that one template keeps one key across pages.

    A fresh region whose records look like a known template (same location, similar
    paths) takes that template's paths; templates marked as *sticky* (post and thread
    list templates) are looked for on every page even when they repeat fewer than
    three times there (a thread with one post is still a thread).
    """

    def __init__(self, templates: list[Template] | None = None, sticky: set[str] | None = None) -> None:
        self.templates: list[Template] = list(templates or [])
        self.sticky: set[str] = set(sticky or ())

    @staticmethod
    def key_of(template: Template) -> str:
        return template_key(template.location, template.paths, template.marks)

    def resolve(self, region: Region) -> Template:
        for t in self.templates:
            if (
                t.location == region.location
                and t.period == region.period
                and same_template(t.paths, region.paths)
                and not marks_apart(t.marks, region.marks)
            ):
                region.paths, region.marks = t.paths, t.marks
                return t
        t = Template.of(region)
        self.templates.append(t)
        return t

    def _known_records_apart(self, region: Region, found: set[str]) -> list[Region]:
        """``region``, or, when some of its records are those of a known content template and
        the others are not, those records as a region of that template and the rest as
        ``region``: boxes alike enough to repeat, one of them a known template's record (a
        thread's only post between its toolbar and its reply form, all ``div.t`` boxes)."""
        if region.key in self.sticky:
            return [region]
        for t in self.templates:
            key = self.key_of(t)
            if key not in self.sticky or key in found or t.location != region.location or t.period != region.period:
                continue
            # (closely: a template a few levels deep fits any box of the same frame loosely)
            ours = [
                r
                for r in region.records
                if r.size() >= 4 and resemblance(t, r) >= APART_FIT and named_alike(t, r.elements)
            ]
            if not ours or len(ours) == len(region.records):
                continue
            taken = {id(r.elements[0]) for r in ours}
            known = Region(region.parent, ours, [], t.period, t.paths, t.location, t.marks, matched=True)
            known.links = record_links(known)
            region.records = [r for r in region.records if id(r.elements[0]) not in taken]
            region.links = record_links(region)
            found.add(key)
            return [region, known]
        return [region]

    def regions(self, root: lxml_html.HtmlElement) -> list[Region]:
        where = locations(root)
        regions = page_regions(root, where)
        for r in regions:
            self.resolve(r)
        found = {r.key for r in regions}
        # A known template with another record period may explain a fresh region better
        # (two phpBB posts of three rows each look like six similar rows).
        for i, r in enumerate(regions):
            for t in self.templates:
                key = self.key_of(t)
                if key in self.sticky and key not in found and t.location == r.location and t.period != r.period:
                    m = match_template(r.parent, t)
                    if m is not None and m.parent is r.parent and len(m) * m.period >= len(r) * r.period:
                        regions[i] = m
                        found.add(key)
                        break
        regions = [part for r in regions for part in self._known_records_apart(r, found)]
        # Where a fresh region of another template already sits, the page shows its own
        # content: a thin known template must not be matched onto stray rows there.
        occupied = {r.location for r in regions if r.mean_record_size() >= THIN}
        # (nor does a thin region hold its parent against a known template: a board's few threads
        # share their table with the rows that head its groups, 'Important Threads', 'Normal
        # Threads', which repeat by themselves)
        held = [x.parent for x in regions if x.mean_record_size() >= THIN]
        matched: list[Region] = []
        for t in self.templates:
            key = self.key_of(t)
            # (unless the template's class names tell its rows from others: V2EX's sidebar of hot
            # topics sits where a thread's one or two replies do, at ``#Rightbar > .box > .cell``
            # and ``#Main > .box > .cell``)
            if key in self.sticky and key not in found and (t.location not in occupied or named(t)):
                r = match_template(root, t, held, where)
                if r is not None:
                    matched.append(r)
        # A list template's rows in a box of their own (announcements, stickies): too few to
        # repeat there, but their links are the list's links.
        for r in list(regions):
            if r.key in self.sticky and len(r) >= 3:
                matched.extend(matched_elsewhere(root, r, [x.parent for x in regions], where))
        # Two known templates matched on the same rows: keep the one the rows resemble
        # most, then the one that explains more of them.
        best: dict[int, tuple[tuple[float, int], Region]] = {}
        for r in matched:
            score = (round(template_fit(r), 2), len(r.records) * r.period)
            other = best.get(id(r.parent))
            if other is None or score > other[0]:
                best[id(r.parent)] = (score, r)
        return bare_list(self._without_split_markup(regions + [r for _score, r in best.values()]))

    def _without_split_markup(self, regions: list[Region]) -> list[Region]:
        """``regions`` but the split lists inside the records of a known content template: those
        records' own markup (each post's two bars of buttons, on a page of two posts: too few posts
        to repeat, so not known to be posts until the template was matched)."""
        if not any(r.split for r in regions):
            return regions
        inside_known = {
            id(el)
            for r in regions
            if r.key in self.sticky and not r.split
            for record in r.records
            for top in record.elements
            for el in top.iter()
        }
        return [r for r in regions if not (r.split and id(r.parent) in inside_known)]


def bare_list(regions: list[Region]) -> list[Region]:
    """``regions``, the longest list of bare titled links among them marked as the page's content
    (``Region.bare``) when no region has richer records: an index that is a ``<ul>`` of
    ``<li><a>Title</a></li>`` and nothing else, as Flarum serves its pages to a browser without
    scripts. Its records hold one link each, whose text is the record's, to pages of mostly one URL
    shape; a trail of links or the blocks of the page's layout are no such list, and a menu's words
    are too short for titles.
    On any page with richer records (every other forum's lists and threads) nothing changes."""
    if any(r.mean_record_size() >= THIN for r in regions):
        return regions
    best = None
    for r in regions:
        if len(r.records) < BARE_RECORDS or is_navigation(r) or is_layout(r):
            continue
        links = links_by_record(r)
        if any(len(own) != 1 or own[0].text != rec.text() for own, rec in zip(links, r.records, strict=True)):
            continue
        if sum(len(own[0].text) for own in links) / len(links) < BARE_TITLE:
            continue
        # (a list's items are pages of one kind, most of them one URL shape; a footer's links to
        # the team, the rules and the contact form are not)
        shapes = Counter(pattern_shape(url_pattern(own[0].url)) for own in links)
        if 2 * shapes.most_common(1)[0][1] < len(links):
            continue
        if best is None or len(r.records) > len(best.records):
            best = r
    if best is not None:
        best.bare = True
    return regions
