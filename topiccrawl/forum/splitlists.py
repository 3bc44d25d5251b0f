"""Lists split into boxes: records of one template spread over several parents at one place.

A board index puts each category's boards in a table of its own, so a category of one or two
boards repeats nothing under its parent (:func:`topiccrawl.forum.regions.find_regions` needs three
records), while all of them together are the index's list of boards. :func:`page_regions` is a
page's repeated regions plus these.
"""

from __future__ import annotations

from collections import Counter

from lxml import html as lxml_html

from topiccrawl.forum.regions import (
    PRESENTATIONAL,
    SIMILARITY,
    Locations,
    Record,
    Region,
    child_elements,
    find_regions,
    label_by_structure,
    locations,
    record_links,
    record_marks,
    subtree_paths,
)

ONCE_PER_RECORD = 0.8  # share of a region's records holding one box each that makes the boxes its markup
SPLIT_MIN_SIZE = 4  # elements per record of a split region (a rich record, as page roles count it)


def page_regions(root: lxml_html.HtmlElement, where: Locations | None = None) -> list[Region]:
    """The page's repeated regions (:func:`find_regions`), then the lists split over several
    parents (:func:`split_regions`). ``where``: :func:`locations` of ``root``, when the caller has them."""
    regions = find_regions(root)
    return regions + split_regions(where if where is not None else locations(root), regions)


def split_regions(
    where: Locations, regions: list[Region], min_records: int = 3, threshold: float = SIMILARITY
) -> list[Region]:
    """Records of one template spread over several parents at the same place in the page, too
    few under any one of them to repeat there, but ``min_records`` or more in all: the boards of
    a board index whose categories hold one or two boards each, each category a table of its
    own. One region per parent, all of one template (one key), as a list split into boxes.
    ``regions``: the page's regions found under one parent each (:func:`find_regions`).

    Only rich records (:data:`SPLIT_MIN_SIZE` elements or more each) that make up most of
    their parent's children, only where some parent holds two of them (a post's author box,
    once per post, is no list), none inside the records of another split region, looked for
    first as it lies higher in the page (the cells of a board's row are no list), and not one
    box in every record of a region (a Discuz! post's table of two rows is the post's own
    markup)."""
    out: list[Region] = []
    taken = {id(r.parent) for r in regions}
    enclosing: dict[int, tuple[int, int]] | None = None  # (mapped when first asked: most pages split nothing)
    inside: set[int] = set()
    for location in sorted(where, key=lambda loc: loc.count("/")):
        parents = [p for p in where[location] if id(p) not in taken and id(p) not in inside]
        if len(parents) < 2:
            continue
        groups: dict[str, list[tuple[int, lxml_html.HtmlElement]]] = {}
        for pi, parent in enumerate(parents):
            for kid in child_elements(parent):
                if kid.tag not in PRESENTATIONAL:
                    groups.setdefault(kid.tag, []).append((pi, kid))
        for members in groups.values():
            boxes = _split_boxes(parents, members, min_records, threshold)
            if boxes is None:
                continue
            if enclosing is None:
                enclosing = _enclosing_records(regions)
            if _once_per_record([enclosing.get(id(parents[pi])) for pi in boxes], regions):
                continue
            counts: Counter[str] = Counter()
            for _, sig in (rs for rows in boxes.values() for rs in rows):
                counts.update(f"0:{p}" for p in sig)
            total = sum(len(rows) for rows in boxes.values())
            common = frozenset(p for p, c in counts.items() if c * 2 >= total)
            marks = record_marks([r for rows in boxes.values() for r, _ in rows])
            for pi, rows in sorted(boxes.items()):
                region = Region(parents[pi], [r for r, _ in rows], [], 1, common, location, marks, split=True)
                region.links = record_links(region)
                out.append(region)
                taken.add(id(parents[pi]))
                inside.update(id(el) for r, _ in rows for el in r.elements[0].iter())
    return out


def _enclosing_records(regions: list[Region]) -> dict[int, tuple[int, int]]:
    """Each element inside a record of ``regions`` (by id; the page's :func:`locations` keep the
    elements alive) -> (region, record) of the nearest record holding it."""
    enclosing: dict[int, tuple[int, int]] = {}
    for ri, region in enumerate(regions):
        for rec_i, record in enumerate(region.records):
            for top in record.elements:
                enclosing.update((id(el), (ri, rec_i)) for el in top.iter() if el is not top)
    return enclosing


def _split_boxes(
    parents: list[lxml_html.HtmlElement],
    members: list[tuple[int, lxml_html.HtmlElement]],
    min_records: int,
    threshold: float,
) -> dict[int, list[tuple[Record, frozenset[str]]]] | None:
    """The records (with their signatures) of the most common template among ``members`` (the
    children of one tag of ``parents``, by parent index), by parent, or None if they make no
    split region (see :func:`split_regions`)."""
    rich = [(pi, Record([kid])) for pi, kid in members]
    rich = [(pi, r) for pi, r in rich if r.size() >= SPLIT_MIN_SIZE]
    if len(rich) < min_records or len({pi for pi, _ in rich}) < 2:
        return None
    sigs = [subtree_paths(r.elements[0]) for _, r in rich]
    labels = label_by_structure(sigs, threshold)
    label = Counter(labels).most_common(1)[0][0]
    boxes: dict[int, list[tuple[Record, frozenset[str]]]] = {}
    for (pi, r), lab, sig in zip(rich, labels, sigs, strict=True):
        if lab == label:
            boxes.setdefault(pi, []).append((r, sig))
    boxes = {pi: rows for pi, rows in boxes.items() if 2 * len(rows) > len(child_elements(parents[pi]))}
    if sum(len(rows) for rows in boxes.values()) < min_records or len(boxes) < 2:
        return None
    return boxes if max(len(rows) for rows in boxes.values()) >= 2 else None


def _once_per_record(places: list[tuple[int, int] | None], regions: list[Region]) -> bool:
    """Whether boxes at ``places`` (region, record) sit one in each of most records of one region."""
    if not places or any(p is None for p in places):
        return False
    owners = {p[0] for p in places if p is not None}
    if len(owners) != 1:
        return False
    records = {p[1] for p in places if p is not None}
    return len(records) == len(places) and len(records) >= ONCE_PER_RECORD * len(regions[owners.pop()].records)
