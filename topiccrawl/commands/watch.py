"""``scrapy watch add|list|remove``: the pages ``scrapy crawl monitor`` watches.

    scrapy watch add URL [--template auto|page|ID|JSON] [--notify APPRISE_URL ...] [--force]
    scrapy watch list [--json]
    scrapy watch remove ID

``--template`` is ``auto`` (default: the most list-like link cluster, chosen on
the first fetch), ``page`` (the whole page's main text), the id of a template
saved by ``scrapy template URL``, or a template as JSON. Notification
URLs are Apprise URLs stored with the watch; listings mask their secrets.
Watches live in the state store (``TOPICCRAWL_STATE_DIR``). A URL already
watched (the same page: session ids, fragment and query key order aside) is
refused, naming the watch, unless ``--force``: two watches notify twice.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser, Namespace
from datetime import UTC, datetime

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from topiccrawl.commands.crawl import require_numeric_settings
from topiccrawl.commands.quiet import QuietLogging
from topiccrawl.commands.template import check_watch_url
from topiccrawl.notify.channels import is_usable
from topiccrawl.store.watches import Watch, WatchStore
from topiccrawl.urltraps import canonical_url
from topiccrawl.watchtemplate import (
    AutoTemplate,
    PageTemplate,
    TemplateError,
    template_from_json,
    template_to_json,
)

ACTIONS = ("add", "list", "remove")
_MAX_ID = 2**63 - 1  # SQLite's largest integer


def _id(text: str) -> int | None:
    """``text`` as a watch or template id (ASCII digits, within SQLite's range), else None."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        return None
    return min(int(text), _MAX_ID)  # a larger number is no id that exists


def _when(timestamp: float | None) -> str:
    if timestamp is None:
        return "never"
    return datetime.fromtimestamp(timestamp, UTC).isoformat(timespec="seconds")


class Command(QuietLogging, ScrapyCommand):
    requires_project = True

    def syntax(self) -> str:
        return "add URL [--template T] [--notify URL ...] [--force] | list [--json] | remove ID"

    def short_desc(self) -> str:
        return "Add, list or remove watched pages"

    def add_options(self, parser: ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument(
            "--template", default="auto", help="auto (default), page, a saved template id, or template JSON"
        )
        parser.add_argument(
            "--notify",
            action="extend",
            nargs="+",
            default=[],
            metavar="URL",
            help="Apprise URL(s) to notify (repeatable; put the watched URL first)",
        )
        parser.add_argument("--json", action="store_true", help="list: print JSON (secrets masked)")
        parser.add_argument("--force", action="store_true", help="add: add the URL even if it is already watched")

    def run(self, args: list[str], opts: Namespace) -> None:
        require_numeric_settings(self.settings)
        if not args or args[0] not in ACTIONS:
            raise UsageError(f"expected one of: {', '.join(ACTIONS)}", print_help=False)
        action, rest = args[0], args[1:]
        store = WatchStore.in_state_dir(self.settings.get("TOPICCRAWL_STATE_DIR"))
        try:
            if action == "add":
                self._add(store, rest, opts)
            elif action == "list":
                if rest:
                    raise UsageError("scrapy watch list takes no arguments", print_help=False)
                self._list(store, opts)
            else:
                self._remove(store, rest)
        finally:
            store.close()

    def _add(self, store: WatchStore, rest: list[str], opts: Namespace) -> None:
        if len(rest) != 1:
            raise UsageError("scrapy watch add takes one URL", print_help=False)
        url = check_watch_url(rest[0].strip(), self.settings)
        template_json = self._template(store, opts.template.strip())
        notify = [u.strip() for u in opts.notify if u.strip()]
        for n, target in enumerate(notify, 1):
            if "://" not in target:
                raise UsageError("--notify takes Apprise URLs such as mailto://... or json://...", print_help=False)
            # Refuse now what the sender would refuse at the first change (the URL is not echoed: secrets).
            if not is_usable(target):
                raise UsageError(
                    f"--notify URL #{n} ({target.partition('://')[0][:20]}://…) is not a usable Apprise URL;"
                    " check it with: scrapy notify test URL",
                    print_help=False,
                )
        if not opts.force:
            same = canonical_url(url)
            for watch in store.watches():
                if canonical_url(watch.url) == same:
                    raise UsageError(
                        f"{url} is already watched (watch {watch.id}); pass --force to add a second watch of it",
                        print_help=False,
                    )
        watch_id = store.add_watch(url, template_json, notify)
        print(f"watch {watch_id}: {url} ({template_from_json(template_json).describe()})")

    @staticmethod
    def _template(store: WatchStore, value: str) -> str:
        if value == "auto":
            return template_to_json(AutoTemplate())
        if value == "page":
            return template_to_json(PageTemplate())
        if (template_id := _id(value)) is not None:
            saved = store.template(template_id)
            if saved is None:
                raise UsageError(f"no saved template {value}; see scrapy template URL", print_help=False)
            return saved[1]
        try:
            return template_to_json(template_from_json(value))
        except TemplateError as exc:
            raise UsageError(f"--template: {exc}", print_help=False) from None

    @staticmethod
    def _row(store: WatchStore, watch: Watch) -> dict[str, object]:
        try:
            template = template_from_json(watch.template).describe()
        except TemplateError:
            template = "(unreadable template)"
        last = store.last_fetch(watch.id)
        return {
            "id": watch.id,
            "url": watch.url,
            "template": template,
            "notify": watch.masked_notify,
            "last_fetch": _when(watch.last_fetch_at),
            "last_status": watch.last_status,
            "last_change": _when(watch.last_change_at),
            # why the last fetch failed, or what looked wrong (a template that stopped matching)
            "last_error": last.error if last is not None else None,
        }

    def _list(self, store: WatchStore, opts: Namespace) -> None:
        rows = [self._row(store, w) for w in store.watches()]
        if opts.json:
            print(json.dumps(rows, ensure_ascii=False, indent=2))
            return
        if not rows:
            print("no watches; add one with: scrapy watch add URL")
            return
        for row in rows:
            notify = ", ".join(row["notify"]) or "(global channels only)"  # type: ignore[arg-type]
            print(f"{row['id']:>4}  {row['url']}")
            print(f"      template: {row['template']}; notify: {notify}")
            status = row["last_status"]
            outcome = "" if status is None else " (download failed)" if status == 0 else f" (HTTP {status})"
            print(f"      last fetch: {row['last_fetch']}{outcome}; last change: {row['last_change']}")
            if row["last_error"]:
                print(f"      last error: {row['last_error']}")

    @staticmethod
    def _remove(store: WatchStore, rest: list[str]) -> None:
        watch_id = _id(rest[0]) if len(rest) == 1 else None
        if watch_id is None:
            raise UsageError("scrapy watch remove takes one watch id (see scrapy watch list)", print_help=False)
        if not store.remove(watch_id):
            raise UsageError(f"no watch {rest[0].strip()}; see scrapy watch list", print_help=False)
        print(f"removed watch {watch_id}")
