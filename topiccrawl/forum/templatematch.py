"""Finding a known template's records on a page (:mod:`topiccrawl.forum.regions` finds regions
afresh; this finds them again).

A :class:`Template` is what a region's records look like: their location in the page, the
tag paths they share and their class names. Once a page type's template is known, its
region is found on another page of the type even with one or two records
(:func:`match_template`), beside other parents at the same place (:func:`matched_elsewhere`),
or record by record anywhere (:func:`template_records`).
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import html as lxml_html

from topiccrawl.forum.regions import (
    MARKS_ENOUGH,
    Locations,
    Record,
    Region,
    child_elements,
    jaccard,
    locations,
    marks_apart,
    record_links,
    record_marks,
    subtree_paths,
    without_layout_blocks,
)


@dataclass(frozen=True, slots=True)
class Template:
    """What a region's records look like: enough to find the region again with a single record."""

    location: str
    paths: frozenset[str]
    period: int = 1
    marks: frozenset[str] = frozenset()

    @classmethod
    def of(cls, region: Region) -> Template:
        return cls(region.location, region.paths, region.period, region.marks)


def same_template(known: frozenset[str], fresh: frozenset[str]) -> bool:
    """Whether a fresh region's shared paths are a known template's: similar, or one set is
    the other plus a few more paths (on a page where most posts quote another, the quote's
    markup is shared by most records and joins the paths; the template is still the posts')."""
    if jaccard(known, fresh) >= 0.7:
        return True
    small = min(known, fresh, key=len)
    return len(small) >= 4 and len(known & fresh) >= 0.9 * len(small) and jaccard(known, fresh) >= 0.5


def _fits(template: Template, elements: list[lxml_html.HtmlElement]) -> bool:
    got = {f"{i}:{p}" for i, el in enumerate(elements) for p in subtree_paths(el)}
    # Both ways: the record has most of the template, and little else (a thin template
    # must not match any table row of the page).
    return jaccard(template.paths, frozenset(got)) >= 0.5 and named_alike(template, elements)


def named_alike(template: Template, elements: list[lxml_html.HtmlElement]) -> bool:
    """Whether a record (its ``elements``) is not told apart from ``template`` by their class
    names (:func:`marks_apart`): its tags alone may fit a template of another kind of record."""
    return not named(template) or not marks_apart(template.marks, record_marks([Record(elements)]))


def named(template: Template) -> bool:
    """Whether ``template``'s class names are enough to tell its records from others alike in tags
    (:func:`marks_apart`)."""
    return len(template.marks) >= MARKS_ENOUGH


def resemblance(template: Template, record: Record) -> float:
    return jaccard(
        template.paths, frozenset(f"{i}:{p}" for i, el in enumerate(record.elements) for p in subtree_paths(el))
    )


def template_fit(region: Region) -> float:
    """Mean similarity of a matched region's records to its template."""
    template = Template.of(region)
    sims = [resemblance(template, r) for r in region.records]
    return sum(sims) / len(sims) if sims else 0.0


def _matched_under(el: lxml_html.HtmlElement, template: Template) -> Region | None:
    """The records of ``template`` among ``el``'s children, as a region, or None."""
    kids = child_elements(el)
    k = template.period
    records: list[Record] = []
    i = 0
    while i <= len(kids) - k:
        if _fits(template, kids[i : i + k]):
            records.append(Record(kids[i : i + k]))
            i += k
        else:
            i += 1
    records = without_layout_blocks(records)
    if not records:
        return None
    kept = {id(e) for r in records for e in r.elements}
    extras = [c for c in kids if id(c) not in kept]
    return Region(el, records, extras, k, template.paths, template.location, template.marks)


def _parents_at(
    root: lxml_html.HtmlElement, location: str, taken: list[lxml_html.HtmlElement], where: Locations | None = None
) -> list[lxml_html.HtmlElement]:
    taken_ids = {id(p) for p in taken}
    found = (where if where is not None else locations(root)).get(location, [])
    return [el for el in found if id(el) not in taken_ids]


def match_template(
    root: lxml_html.HtmlElement,
    template: Template,
    taken_parents: list[lxml_html.HtmlElement] | None = None,
    where: Locations | None = None,
) -> Region | None:
    """The region of ``template`` on this page (under ``root``, ``root`` included), even with
    one or two records; parents that already hold a region of their own (``taken_parents``)
    are left to it. ``where``: :func:`locations` of ``root``, when the caller has them."""
    # The most records, and of as many the closest to the template: a thread's last page of one
    # post holds another box of the same frame before it (NGA's pager table beside each post table).
    best: Region | None = None
    best_fit = -1.0  # best's fit, worked out only when another region has as many records
    for el in _parents_at(root, template.location, taken_parents or [], where):
        region = _matched_under(el, template)
        if region is None:
            continue
        if best is None or len(region.records) > len(best.records):
            best, best_fit = region, -1.0
        elif len(region.records) == len(best.records):
            if best_fit < 0:
                best_fit = template_fit(best)
            if (fit := template_fit(region)) > best_fit:
                best, best_fit = region, fit
    if best is not None:
        best.links = record_links(best)
        best.matched = True
    return best


def matched_elsewhere(
    root: lxml_html.HtmlElement,
    region: Region,
    taken_parents: list[lxml_html.HtmlElement],
    where: Locations | None = None,
) -> list[Region]:
    """Rows of ``region``'s template under other parents at the same place in the page (but
    ``taken_parents``): a board's announcements and stickies in a box of their own."""
    template = Template.of(region)
    out = []
    for el in _parents_at(root, region.location, taken_parents, where):
        found = _matched_under(el, template)
        if found is not None:
            found.links = record_links(found)
            found.matched = True
            out.append(found)
    return out


def template_records(
    root: lxml_html.HtmlElement, template: Template, skip: lxml_html.HtmlElement | None = None
) -> list[Record]:
    """Every record of ``template`` on the page, under any parent but ``skip`` (single rows
    kept apart from their region: an announcement above a board's threads)."""
    taken = [skip] if skip is not None else []  # an element's truth is its having children: test for None
    regions = (_matched_under(el, template) for el in _parents_at(root, template.location, taken))
    return [record for region in regions if region is not None for record in region.records]
