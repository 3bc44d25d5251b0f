"""URL shapes: :class:`UrlPattern` and how links' URLs are generalised into one.

A pattern is a shape at one of :data:`LEVELS`: a URL's host; its directory
(digit runs and opaque ids generalised); its file name (for static pages the
longest prefix shared with another file of the directory, or the name's shape,
and the extension; for dynamic pages the script name and its query keys); that
file shape at one DOM region or inside a list's container; or any URL at one
block's place. :func:`named_by_path` tells a page named by its path from one
whose query only says where the link was.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from urllib.parse import parse_qsl, urlsplit

from topiccrawl.urlcluster.links import _DIGIT, _DIGITS, Link, _inside, _same_place, marked_variant
from topiccrawl.urltraps import netloc_key, strip_session

LEVELS = ("host", "directory", "file", "region", "container", "block")
_ID_IN_NAME = re.compile(r"\d{3}")
_OPAQUE_ID = re.compile(r"[0-9A-Za-z]+")
_TRAILING_ID = re.compile(r"[\d_\-.]+$")
# A file-name prefix shorter than this is no evidence of a common kind of page.
MIN_PREFIX = 2


def _generalise(segment: str) -> str:
    return _DIGITS.sub("{n}", segment)


def _generalise_directory(segment: str) -> str:
    """A directory with digit runs generalised, and an opaque id (``4193b5343ceb801b``, ``1p3k22i``:
    letters and digits mixed, six characters or more) as ``{id}``: one directory per item is one
    kind of page."""
    if len(segment) >= 6 and _OPAQUE_ID.fullmatch(segment) and not segment.isdigit() and _DIGIT.search(segment):
        return "{id}"
    return _generalise(segment)


def _split_path(path: str) -> tuple[tuple[str, ...], str]:
    """(directory segments, file name) of a URL path."""
    parts = path.split("/")
    return tuple(p for p in parts[:-1] if p), parts[-1]


def _split_ext(name: str) -> tuple[str, str]:
    stem, dot, ext = name.rpartition(".")
    if not dot or not stem or not ext.isalnum():
        return name, ""
    return stem, ext.lower()


@dataclass(frozen=True, slots=True)
class UrlPattern:
    """A URL shape at one granularity level; serialisable, and matches single URLs."""

    level: str
    host: str
    directory: tuple[str, ...] | None = None  # generalised segments ({n} for digit runs)
    dynamic: bool | None = None
    file_prefix: str | None = None  # static pages: shared prefix of the file stem
    file_shape: str | None = None  # static pages without a shared prefix: stem with {n} for digits
    file_ext: str | None = None
    file_name: str | None = None  # dynamic pages: the script name
    query_keys: tuple[str, ...] | None = None  # dynamic pages: sorted query keys
    # region level: the anchors' exact tag path; container level: the tag path of
    # the element that holds the list (anchors anywhere below it match)
    dom_path: str | None = None
    # container level: how many items one record (child of the container) holds
    per_record: int | None = None
    # container level: the container's path with classes (a sidebar of the same tags is outside
    # it); block level: the anchors' path with classes (any URL there matches)
    block_path: str | None = None
    # container level: the items' own place (their anchors' path with classes), where a link is an
    # item whatever its URL when its text reads like the others' (a school's news on its WeChat)
    item_block: str | None = None

    def matches(self, url: str, dom_path: str | None = None) -> bool:
        """Whether ``url`` (found at ``dom_path``, when known) has this shape.

        Shapes are of URLs without session parameters (``;jsessionid=``, ``?sid=``:
        see :func:`~topiccrawl.urltraps.strip_session`), so a new session id does not
        change what matches; a URL with its session is tried too, for patterns made
        before shapes left sessions out.
        """
        if self.level == "block":
            return True  # any URL: the place is the pattern (:meth:`matches_link`)
        stripped = strip_session(url)
        return self._matches(stripped, dom_path) or (stripped != url and self._matches(url, dom_path))

    def matches_link(self, link: Link) -> bool:
        """Whether a link of a page has this shape, at this pattern's place in the page."""
        if self.block_path is not None and link.block:
            if self.level == "block":
                return link.block == self.block_path or marked_variant(link.block, self.block_path)
            if not _inside(link.block, self.block_path):
                return False
            if self.item_block is not None and _same_place(link.block, self.item_block):
                return True
        elif self.level == "block":
            return False  # (a link without its classes cannot be placed)
        return self.matches(link.url, link.dom_path)

    def _matches(self, url: str, dom_path: str | None) -> bool:
        parts = urlsplit(url)
        if netloc_key(parts.scheme, parts.netloc) != self.host and parts.netloc.lower() != self.host:
            return False
        if self.level == "host":
            return True
        segments, name = _split_path(parts.path)
        if self.directory is not None and tuple(map(_generalise_directory, segments)) != self.directory:
            return False
        if self.level == "directory":
            return True
        if self.dynamic:
            file_ok = self._dynamic_matches(name, parts.query)
        else:
            file_ok = self._static_matches(segments, name, parts.query)
        if not file_ok or dom_path is None or self.level not in ("region", "container"):
            return file_ok
        inside = self.level == "container" and dom_path.startswith(f"{self.dom_path}/")
        return inside or dom_path == self.dom_path

    def _dynamic_matches(self, name: str, query: str) -> bool:
        keys = tuple(sorted({k for k, _ in parse_qsl(query, keep_blank_values=True)}))
        return bool(query) and name == self.file_name and keys == self.query_keys

    def _static_matches(self, segments: tuple[str, ...], name: str, query: str) -> bool:
        stem, ext = _split_ext(name)
        if (query and not _names_item(segments, name)) or ext != (self.file_ext or ""):
            return False
        if self.file_prefix:
            return stem.startswith(self.file_prefix)
        return _generalise(stem) == (self.file_shape or "")

    def describe(self) -> str:
        if self.level == "block":
            return f"any link at <{self.block_path}>"
        if self.level == "host":
            return f"{self.host}/*"
        directory = "/" + "/".join(self.directory or ()) + ("/" if self.directory else "")
        if self.level == "directory":
            return f"{self.host}{directory}*"
        if self.dynamic:
            keys = "&".join(f"{k}=*" for k in self.query_keys or ())
            text = f"{self.host}{directory}{self.file_name}?{keys}"
        else:
            ext = f".{self.file_ext}" if self.file_ext else ""
            stem = f"{self.file_prefix}*" if self.file_prefix else (self.file_shape or "")
            text = f"{self.host}{directory}{stem}{ext}"
        if self.level == "region":
            text += f"  at <{self.dom_path}>"
        elif self.level == "container":
            text += f"  in <{self.block_path or self.dom_path}>"
        return text

    def to_dict(self) -> dict[str, object]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> UrlPattern:
        if data.get("level") not in LEVELS or not isinstance(data.get("host"), str):
            raise ValueError(f"not a URL pattern: {data!r}")
        kwargs = dict(data)
        for key in ("directory", "query_keys"):
            if kwargs.get(key) is not None:
                kwargs[key] = tuple(str(x) for x in kwargs[key])  # type: ignore[union-attr]
        allowed = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in kwargs.items() if k in allowed})  # type: ignore[arg-type]


def _static_prefixes(stems: Iterable[str]) -> dict[str, str]:
    """For each stem, its longest common prefix with another stem, with any trailing id cut off."""
    ordered = sorted(set(stems))
    result: dict[str, str] = {}
    for i, stem in enumerate(ordered):
        best = ""
        # In sorted order the longest common prefix is with a neighbour.
        for j in (i - 1, i + 1):
            if 0 <= j < len(ordered):
                other = ordered[j]
                n = 0
                while n < min(len(stem), len(other)) and stem[n] == other[n]:
                    n += 1
                if n > len(best):
                    best = stem[:n]
        best = _TRAILING_ID.sub("", best)
        result[stem] = best if len(best) >= MIN_PREFIX else ""
    return result


def _host_directory(url: str) -> tuple[str, tuple[str, ...]]:
    """A URL's host and its directory with digit runs generalised; shapes leave session ids out
    (see :meth:`UrlPattern.matches`)."""
    parts = urlsplit(strip_session(url))
    return netloc_key(parts.scheme, parts.netloc), tuple(map(_generalise_directory, _split_path(parts.path)[0]))


def _file_shapes(by_dir: dict[tuple[str, tuple[str, ...]], list[Link]]) -> dict[str, UrlPattern]:
    """The ``file``-level pattern of each URL of links grouped by (host, directory)."""
    shapes: dict[str, UrlPattern] = {}
    for (host, directory), members in by_dir.items():
        shapes.update(_file_patterns(members, host, directory))
    return shapes


def named_by_path(url: str) -> bool:
    """Whether a URL's page is named by its path, so that its query (``?utm_source=``,
    ``?ka=search_list_5``, ``?ref_=chttp_t_5``) only says where the link was: its file name holds
    an id, or its last directory does (:func:`_names_item`)."""
    return _names_item(*_split_path(urlsplit(url).path))


def _names_item(segments: tuple[str, ...], name: str) -> bool:
    """Whether a path names its page: its file name holds an id, or it ends in a slash after a
    directory that holds one (``/title/tt0111161/``, ``/questions/4182/``)."""
    if name:
        return _has_id(_split_ext(name)[0])
    return bool(segments) and _has_id(segments[-1])


def _has_id(stem: str) -> bool:
    """Whether a file name holds an id (``t20261125_1297317``, ``47973``): its page is named by its path,
    and a query string after it (``?utm_source=``, ``?from=list``) says where the link was, not what
    it leads to."""
    return _ID_IN_NAME.search(stem) is not None


def _file_patterns(links: Sequence[Link], host: str, directory: tuple[str, ...]) -> dict[str, UrlPattern]:
    """The ``file``-level pattern of each URL of one directory cluster."""
    static: list[str] = []
    out: dict[str, UrlPattern] = {}
    for link in links:
        parts = urlsplit(strip_session(link.url))
        segments, name = _split_path(parts.path)
        if parts.query and not _names_item(segments, name):
            keys = tuple(sorted({k for k, _ in parse_qsl(parts.query, keep_blank_values=True)}))
            out[link.url] = UrlPattern("file", host, directory, True, file_name=name, query_keys=keys)
        else:
            static.append(name)
    prefixes = _static_prefixes(_split_ext(n)[0] for n in static)
    for link in links:
        if link.url in out:
            continue
        stem, ext = _split_ext(_split_path(urlsplit(strip_session(link.url)).path)[1])
        prefix = prefixes.get(stem, "")
        # Without a shared prefix, names of one shape ("123", "n123") are one kind
        # of page and a word ("about") is its own.
        shape = None if prefix else _generalise(stem)
        out[link.url] = UrlPattern(
            "file", host, directory, False, file_prefix=prefix or None, file_shape=shape, file_ext=ext
        )
    return out
