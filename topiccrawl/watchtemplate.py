"""Watch templates: what to watch on a page, how to read it, and whether it changed.

Three kinds, serialised as JSON (the README documents the format):

- ``{"kind": "links", "pattern": {...}}``: a link cluster (a
  :class:`~topiccrawl.urlcluster.UrlPattern`, optionally with the DOM region of
  the list). Applied to a page it yields the page's items (text, URL); a URL not
  seen before is a new item.
- ``{"kind": "page", "threshold": 3, "min_new_chars": 30}``: the whole page. Its
  main text is fingerprinted (SHA-1 checksum, 64-bit simhash, and a hash of each
  paragraph with its digits masked); the page changed when the checksum differs
  and either ``min_new_chars`` characters are in paragraphs it did not have
  before, or the simhashes are more than ``threshold`` bits apart. A timestamp,
  a counter or a short rotating advertisement does not count as a change; a new
  paragraph does, though on a long text it moves the simhash by a bit or two
  (the rule of the re-crawl notifier, :func:`topiccrawl.notify.changes.classify`).
  With ``"digits": true`` numbers are text like any other (a page of prices or
  scores): a paragraph whose number changed is a new paragraph.
- ``{"kind": "auto"}``: not yet chosen; the monitor resolves it with
  :func:`~topiccrawl.urlcluster.auto_choose` on the first fetch (falling back to
  the whole page when no cluster looks like a list) and stores the result.

Pure module (no Scrapy).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from topiccrawl.fingerprint import checksum, hamming, text_simhash
from topiccrawl.htmlprolog import without_xml_declaration
from topiccrawl.notify.changes import Fingerprint as ChangeFingerprint
from topiccrawl.notify.changes import fingerprint as change_fingerprint
from topiccrawl.notify.changes import new_chars
from topiccrawl.urlcluster import (
    Cluster,
    Link,
    UrlPattern,
    auto_choose,
    extract_links,
    named_by_path,
    select_links,
)
from topiccrawl.urltraps import location_key, strip_session

# Near-duplicate distance for 64-bit simhash (Manku et al.): at most 3 differing bits.
DEFAULT_PAGE_THRESHOLD = 3
DEFAULT_MIN_NEW_CHARS = 30  # as the re-crawl notifier (TOPICCRAWL_NOTIFY_MIN_NEW_CHARS; benchmarks/notify_noise.py)


class TemplateError(ValueError):
    """A template that cannot be read; the message says why."""


@dataclass(frozen=True, slots=True)
class LinkTemplate:
    pattern: UrlPattern
    # Dynamic pages: the query keys that tell items apart (see identity_keys()).
    # A key with one value for every item, like "extra=page%3D1", or a position
    # counter is left out of an item's identity, so the same item reached from
    # another page or at another position is not new. None: the whole URL.
    identity_keys: tuple[str, ...] | None = None
    kind: str = "links"

    def describe(self) -> str:
        return f"links {self.pattern.describe()}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "pattern": self.pattern.to_dict()}
        if self.identity_keys is not None:
            data["identity_keys"] = list(self.identity_keys)
        return data

    def item_key(self, url: str) -> str:
        """What identifies the item at ``url``: the URL (without its query when its path names it,
        :func:`~topiccrawl.urlcluster.named_by_path`), or its path and identity keys' values,
        without session parameters, scheme and default port (:func:`~topiccrawl.urltraps.location_key`),
        so the same item under a new session id or after a move to https is not new."""
        if self.identity_keys is not None:
            parts = urlsplit(url)
            pairs = parse_qsl(parts.query, keep_blank_values=True)
            values = sorted((k, v) for k, v in pairs if k in self.identity_keys)
            url = urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(values), ""))
        elif named_by_path(url):
            # a position-dependent tracking query (?ka=search_list_5) would make every item new
            # whenever one is added above it
            url = url.split("?", 1)[0]
        return location_key(url)


@dataclass(frozen=True, slots=True)
class PageTemplate:
    threshold: int = DEFAULT_PAGE_THRESHOLD
    kind: str = "page"
    min_new_chars: int = DEFAULT_MIN_NEW_CHARS
    digits: bool = False  # numbers count as text (prices, scores) instead of being masked as noise

    def describe(self) -> str:
        numbers = ", numbers included" if self.digits else ""
        return (
            f"whole page ({self.min_new_chars}+ characters of new text, or simhash distance > {self.threshold}"
            f"{numbers})"
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "threshold": self.threshold, "min_new_chars": self.min_new_chars}
        if self.digits:
            out["digits"] = True
        return out


@dataclass(frozen=True, slots=True)
class AutoTemplate:
    kind: str = "auto"

    def describe(self) -> str:
        return "auto (chosen on the first fetch)"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}


Template = LinkTemplate | PageTemplate | AutoTemplate


def template_from_dict(data: object) -> Template:
    if not isinstance(data, dict):
        raise TemplateError("a template is a JSON object with a 'kind'")
    kind = data.get("kind")
    if kind == "links":
        try:
            keys = data.get("identity_keys")
            identity = tuple(str(k) for k in keys) if keys is not None else None
            return LinkTemplate(UrlPattern.from_dict(data["pattern"]), identity)
        except (KeyError, TypeError, ValueError) as exc:
            raise TemplateError(f"bad link template: {exc}") from None
    if kind == "page":
        threshold = data.get("threshold", DEFAULT_PAGE_THRESHOLD)
        if not isinstance(threshold, int) or not 0 <= threshold < 64:
            raise TemplateError("a page template's threshold is a whole number of bits, 0..63")
        min_new = data.get("min_new_chars", DEFAULT_MIN_NEW_CHARS)
        if not isinstance(min_new, int) or min_new < 1:
            raise TemplateError("a page template's min_new_chars is a whole number of characters, 1 or more")
        digits = data.get("digits", False)
        if not isinstance(digits, bool):
            raise TemplateError("a page template's digits is true or false")
        return PageTemplate(threshold, min_new_chars=min_new, digits=digits)
    if kind == "auto":
        return AutoTemplate()
    raise TemplateError(f"unknown template kind {kind!r}: expected 'links', 'page' or 'auto'")


def template_from_json(text: str) -> Template:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TemplateError(f"template is not JSON: {exc.msg}") from None
    return template_from_dict(data)


def template_to_json(template: Template) -> str:
    return json.dumps(template.to_dict(), ensure_ascii=False, sort_keys=True)


def template_for_cluster(cluster: Cluster) -> LinkTemplate:
    """The template of a chosen cluster, with the identity keys its items show (dynamic pages)."""
    if not cluster.pattern.dynamic:
        return LinkTemplate(cluster.pattern)
    rows = []
    for url in dict.fromkeys(strip_session(u) for u in cluster.urls):  # page order
        parts = urlsplit(url)
        rows.append((parts.path, dict(parse_qsl(parts.query, keep_blank_values=True))))
    return LinkTemplate(cluster.pattern, identity_keys(rows))


# Sets of more keys than this are not tried: the items' varying keys are then all kept.
MAX_IDENTITY_KEYS = 3


def identity_keys(rows: Sequence[tuple[str, dict[str, str]]]) -> tuple[str, ...] | None:
    """The smallest set of query keys that, with the path, tells the items apart; None: every key.

    ``rows`` are the items' (path, query) in list order. A key with one value for
    every item (a session id, "came from page 1") tells nothing apart. A key whose
    values count the items' positions (consecutive integers rising down the list,
    like ``pos=0,1,2``) is used only when no other keys tell the items apart: one
    new item at the top would shift every item's position and make them all new.
    Of key sets of one size that tell the items apart, the one of the shortest values
    is taken: ids are short, a token of the visit is long so it cannot be guessed.
    """
    if len(rows) < 2:
        return None  # with one item nothing varies yet: keep every key
    keys = sorted({k for _, query in rows for k in query})
    columns = {k: [query.get(k) for _, query in rows] for k in keys}
    varying = [k for k in keys if len(set(columns[k])) > 1]
    if not varying:
        return None
    positional = {k for k in varying if _counts_positions(columns[k])}
    for pool in ([k for k in varying if k not in positional], varying):
        if len(pool) > 4 * MAX_IDENTITY_KEYS:
            continue
        for size in range(1, min(len(pool), MAX_IDENTITY_KEYS) + 1):
            apart = [
                chosen
                for chosen in combinations(pool, size)
                if len({(path, *(query.get(k) for k in chosen)) for path, query in rows}) == len(rows)
            ]
            if apart:
                # (of sets that tell the items apart alike, the one of the shortest values: an
                # item's id, ``tid=4182``, not a token of the visit, ``_i=7tslrvfMI8Mnwz``; of
                # sets as short, all together: a job's ``jk`` and its employer's ``fccid``, both
                # ids of 16 characters, of which only the first tells two jobs of one employer apart)
                shortest = min(_mean_length(columns, chosen) for chosen in apart)
                tied = {k for chosen in apart if _mean_length(columns, chosen) == shortest for k in chosen}
                return tuple(sorted(tied))
    return tuple(varying)


def _mean_length(columns: dict[str, list[str | None]], keys: tuple[str, ...]) -> float:
    """The mean length of the keys' values where the items have them (a key most items lack
    is not short for that)."""
    values = [v for k in keys for v in columns[k] if v is not None]
    return sum(map(len, values)) / max(1, len(values))


def _counts_positions(values: Sequence[str | None]) -> bool:
    """Whether ``values`` are at least three consecutive integers rising by one (a list position)."""
    if len(values) < 3 or not all(v is not None and v.isascii() and v.isdigit() for v in values):
        return False
    numbers = [int(v) for v in values]  # type: ignore[arg-type]
    return all(b - a == 1 for a, b in pairwise(numbers))


@dataclass(frozen=True, slots=True)
class PageItem:
    url: str
    text: str
    key: str = ""  # identity (see LinkTemplate.item_key); the URL when empty

    @property
    def identity(self) -> str:
        return self.key or self.url


def apply_links(template: LinkTemplate, links: Sequence[Link]) -> list[PageItem]:
    """The page's items under a link template: distinct items in page order, each with its longest text."""
    best: dict[str, PageItem] = {}
    for link in select_links(template.pattern, links):
        key = template.item_key(link.url)
        if key not in best or len(link.text) > len(best[key].text):
            best[key] = PageItem(best[key].url if key in best else link.url, link.text, key)
    return list(best.values())


def new_items(items: Iterable[PageItem], known: Iterable[str]) -> list[PageItem]:
    """Items whose identity is not in ``known``, in page order.

    Both sides are compared as :func:`~topiccrawl.urltraps.location_key`, so keys
    stored before identities dropped the scheme and session ids (full URLs, or
    ``scheme://host/path?identity``) still name the same items.
    """
    seen = {location_key(key) for key in known}
    return [item for item in items if location_key(item.identity) not in seen]


# A link template matching fewer than this share of the previous fetch's items (or none) looks broken.
MATCH_DROP = 0.25


def match_drop(previous: int | None, now: int) -> str | None:
    """Why ``now`` matched items after ``previous`` look like a redesign that broke the template, or None."""
    if not previous or (now and now >= MATCH_DROP * previous):
        return None
    return f"template matched {now} items, {previous} on the previous fetch: the page's layout may have changed"


@dataclass(frozen=True, slots=True)
class PageFingerprint:
    checksum: str
    simhash: int
    title: str = ""
    text: str = field(default="", repr=False)
    # the text's simhash and paragraph hashes with its digits masked (notify.changes), to count
    # new text and to ignore changed numbers; None for a reference stored before they were kept
    paragraphs: ChangeFingerprint | None = field(default=None, repr=False)


def page_fingerprint(html: str, url: str | None = None, *, digits: bool = False) -> PageFingerprint:
    """Fingerprint of a page's main text (falling back to all body text for pages with no article);
    ``digits``: its numbers are kept in the paragraph hashes and the simhash, not masked."""
    from topiccrawl.maintext import extract_main_text

    main = extract_main_text(html, url)
    if main is not None:
        title, text = main.title, main.text
    else:
        title, text = "", _body_text(html)
    paragraphs = change_fingerprint(text, mask_digits=not digits)
    return PageFingerprint(checksum(text), text_simhash(text), title, text, paragraphs)


def _body_text(html: str) -> str:
    import lxml.html

    from topiccrawl.textutil import normalize_space

    try:
        doc = lxml.html.document_fromstring(without_xml_declaration(html))
    except (ValueError, lxml.etree.ParserError):
        return ""
    for el in doc.xpath("//script|//style|//noscript"):
        el.drop_tree()
    return normalize_space(doc.text_content())


def page_changed(
    old: PageFingerprint | None,
    new: PageFingerprint,
    threshold: int = DEFAULT_PAGE_THRESHOLD,
    min_new_chars: int = DEFAULT_MIN_NEW_CHARS,
) -> bool:
    """True when the main text changed beyond noise (never for the first observation)."""
    if old is None or old.checksum == new.checksum:
        return False
    if old.paragraphs is None or new.paragraphs is None:  # a reference stored before paragraphs were kept
        return hamming(old.simhash, new.simhash) > threshold
    if new_chars(old.paragraphs, new.paragraphs) >= min_new_chars:
        return True
    # digits masked (unless the template keeps them): a date or a counter in the text is not a change
    return hamming(old.paragraphs.simhash, new.paragraphs.simhash) > threshold


def resolve_auto(html: str, url: str) -> Template:
    """The template ``auto`` stands for on this page: the most list-like link cluster, else the whole page."""
    cluster = auto_choose(extract_links(html, url))
    return template_for_cluster(cluster) if cluster is not None else PageTemplate()
