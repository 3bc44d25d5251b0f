"""``scrapy feed serve``: serve change events as a JSON feed (with a cursor) and as Atom.

    scrapy feed serve [--port 8077] [--host 127.0.0.1]

``GET /events.json?since=N&limit=M`` returns events with id > N (oldest first) and
``next_since``; ``GET /events.atom`` returns the latest events as Atom. Ctrl-C stops.
"""

from __future__ import annotations

from argparse import ArgumentParser, Namespace

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from topiccrawl.commands.crawl import require_numeric_settings
from topiccrawl.feed.server import FeedServer


class Command(ScrapyCommand):
    requires_project = True
    default_settings = {"LOG_LEVEL": "INFO"}

    def syntax(self) -> str:
        return "serve [--port N] [--host ADDR]"

    def short_desc(self) -> str:
        return "Serve change events as a JSON feed and as Atom over HTTP"

    def add_options(self, parser: ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--port", type=int, default=None, help="port (default TOPICCRAWL_FEED_PORT)")
        parser.add_argument("--host", default=None, help="address to bind (default TOPICCRAWL_FEED_HOST, 127.0.0.1)")

    def run(self, args: list[str], opts: Namespace) -> None:
        require_numeric_settings(self.settings)
        if args != ["serve"]:
            raise UsageError("usage: scrapy feed serve [--port N] [--host ADDR]")
        port = opts.port if opts.port is not None else self.settings.getint("TOPICCRAWL_FEED_PORT", 8077)
        host = opts.host or self.settings.get("TOPICCRAWL_FEED_HOST", "127.0.0.1")
        if not 0 <= port <= 65535:
            raise UsageError(f"--port {port}: must be between 0 and 65535")
        try:
            server = FeedServer(self.settings.get("TOPICCRAWL_STATE_DIR", ".topiccrawl"), host, port)
        except OSError as exc:
            raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
        print(f"feed: serving {server.base_url}/events.json and {server.base_url}/events.atom", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.httpd.server_close()
