"""Save and load what was learned about a forum, as human-readable, hand-editable JSON.

The file lists the page types (role, URL patterns, example URLs), the repeated
templates (where the region sits, the tag paths of a record, whether it is a post
or thread-list template, and where posts keep their text and author), the link
slots with their decision (``follow``/``skip``) and the URL patterns with theirs.
``-a template=FILE`` reloads it: the crawl then follows the saved decisions and
learns nothing. To correct a site, edit a ``decision`` or a ``post_fields`` path.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from topiccrawl.atomicfile import write_atomic
from topiccrawl.forum.pagetypes import PageTypes
from topiccrawl.forum.policy import CrawlPolicy
from topiccrawl.forum.posts import PostFields
from topiccrawl.forum.templatebook import TemplateBook
from topiccrawl.forum.templatematch import Template

# 2: link slots number a record's cells (``0:div[2]/div/a``); a version 1 file's slot paths
# would match no link, and with a template unlisted slots are skipped: nothing would be fetched.
VERSION = 2


class SiteTemplateError(ValueError):
    """The site template file is missing or malformed."""


@dataclass
class SiteTemplate:
    start_url: str = ""
    page_types: list[dict[str, Any]] = field(default_factory=list)
    templates: list[dict[str, Any]] = field(default_factory=list)
    slots: list[dict[str, Any]] = field(default_factory=list)
    url_patterns: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> str:
        data = {"version": VERSION, **self.__dict__}
        return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n"

    def save(self, path: str | Path) -> Path:
        write_atomic(path, self.to_json())
        return Path(path)

    @classmethod
    def load(cls, path: str | Path) -> SiteTemplate:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SiteTemplateError(f"{path}: no such file") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise SiteTemplateError(f"{path}: not a JSON file ({e})") from None
        if not isinstance(data, dict) or "version" not in data:
            raise SiteTemplateError(f"{path}: not a topiccrawl forum template (version {VERSION})")
        if data["version"] != VERSION:
            raise SiteTemplateError(
                f"{path}: a forum template of version {data['version']!r}, this topiccrawl reads version "
                f"{VERSION}; crawl once without -a template= to learn the site again"
            )
        try:
            t = cls(
                str(data.get("start_url", "")),
                list(data.get("page_types", [])),
                list(data["templates"]),
                list(data["slots"]),
                dict(data.get("url_patterns", {})),
            )
            for tpl in t.templates:
                _template(tpl)
            for slot in t.slots:
                if slot["decision"] not in {"follow", "skip"}:
                    raise ValueError(f"slot decision {slot['decision']!r} is not follow/skip")
        except (KeyError, TypeError, ValueError) as e:
            raise SiteTemplateError(f"{path}: malformed ({e})") from None
        return t

    # -- conversion to and from the crawl's live state ------------------------------
    def book(self) -> TemplateBook:
        templates = [_template(d) for d in self.templates]
        sticky = {TemplateBook.key_of(t) for t, d in zip(templates, self.templates, strict=True) if d.get("role")}
        return TemplateBook(templates, sticky)

    def fields(self) -> dict[str, PostFields]:
        out = {}
        for d in self.templates:
            pf = d.get("post_fields")
            if pf and pf.get("content"):
                key = TemplateBook.key_of(_template(d))
                out[key] = PostFields(pf["content"], pf.get("author"), pf.get("time"))
        return out

    def apply(self, policy: CrawlPolicy) -> None:
        for d in self.slots:
            s = policy.slot(d["template"], d["path"], "x" * int(d.get("anchor_len", 1)))
            s.fixed = d["decision"]
        policy.fixed_patterns.update(self.url_patterns)
        policy.default_skip = True


def _template(d: dict[str, Any]) -> Template:
    # (``marks``, the class names, are optional: a file saved before they were read has none)
    return Template(d["location"], frozenset(d["paths"]), int(d.get("period", 1)), frozenset(d.get("marks", ())))


def from_state(
    start_url: str, types: PageTypes, book: TemplateBook, fields: dict[str, PostFields], policy: CrawlPolicy
) -> SiteTemplate:
    """The site template of a finished (or running) crawl."""
    roles: dict[str, str] = {}
    for t in types.types:
        for key in t.templates:
            if key in book.sticky:
                roles.setdefault(key, t.role)
    templates = []
    for tpl in book.templates:
        key = TemplateBook.key_of(tpl)
        if key not in book.sticky and not policy.by_template.get(key):
            continue
        entry: dict[str, Any] = {
            "key": key,
            "role": roles.get(key, "list") if key in book.sticky else None,
            "location": tpl.location,
            "period": tpl.period,
            "paths": sorted(tpl.paths),
        }
        if tpl.marks:
            entry["marks"] = sorted(tpl.marks)
        if key in fields:
            entry["post_fields"] = {
                "content": fields[key].content,
                "author": fields[key].author,
                "time": fields[key].time,
            }
        templates.append(entry)
    slots = []
    for s in policy.slots.values():
        state = policy.state(s)
        if state in {"open", "waiting"}:
            continue
        template, path = s.key.split("|", 1)
        slots.append(
            {
                "template": template,
                "path": path,
                "decision": "follow" if state == "wanted" else "skip",
                "anchor_len": round(s.anchor_len, 1),
                "outcomes": dict(s.outcomes),
            }
        )
    patterns = {}
    for p in sorted(policy.patterns):
        state = policy.pattern_state(p)
        if state != "open":
            patterns[p] = "follow" if state == "wanted" else "skip"
    page_types = [
        {
            "id": t.id,
            "role": t.role,
            "pages": len(t.crawled),
            "url_patterns": [p for p, _ in t.patterns.most_common()],
            "examples": t.examples,
            "templates": sorted(t.templates),
        }
        for t in types.types
    ]
    return SiteTemplate(start_url, page_types, templates, slots, patterns)
