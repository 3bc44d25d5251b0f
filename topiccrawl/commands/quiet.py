"""Commands whose output is their answer: they log warnings and errors only, unless asked for more.

A command's ``default_settings`` rank below the project's settings in Scrapy, so the project's
``LOG_LEVEL = "INFO"`` would bury ``scrapy template``'s clusters under the crawl's start-up lines
and its stats dump. Here the quiet level is set at the command line's priority when neither
``-L``/``--loglevel`` nor ``-s LOG_LEVEL=`` chose one.
"""

from __future__ import annotations

from argparse import Namespace

from scrapy.settings import SETTINGS_PRIORITIES, Settings

QUIET_LEVEL = "WARNING"


class QuietLogging:
    """Mixed into a command before :class:`~scrapy.commands.ScrapyCommand` (not a command itself:
    Scrapy takes every ``ScrapyCommand`` subclass of ``COMMANDS_MODULE`` for one)."""

    settings: Settings | None

    def process_options(self, args: list[str], opts: Namespace) -> None:
        super().process_options(args, opts)  # type: ignore[misc]
        assert self.settings is not None
        if (self.settings.getpriority("LOG_LEVEL") or 0) < SETTINGS_PRIORITIES["cmdline"]:
            self.settings.set("LOG_LEVEL", QUIET_LEVEL, priority="cmdline")
