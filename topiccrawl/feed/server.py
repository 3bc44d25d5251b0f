"""A small HTTP server for the event feed (stdlib ``http.server``, one thread per request).

Routes: ``/events.json?since=N&limit=M`` (JSON feed; ``next_since`` is the cursor) and
``/events.atom?limit=M`` (the latest M events as Atom). Read-only; binds 127.0.0.1 by
default, since the feed may reveal what someone watches.
"""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from topiccrawl.feed.render import atom_feed, json_feed
from topiccrawl.store.events import EventStore

logger = logging.getLogger(__name__)

DEFAULT_LIMIT = 100
MAX_LIMIT = 1000


class FeedRequestError(ValueError):
    """A bad query parameter: answered with 400 and this message."""


def _int_param(query: dict[str, list[str]], name: str, default: int, low: int, high: int) -> int:
    values = query.get(name)
    if not values:
        return default
    try:
        number = int(values[0])
    except ValueError:
        raise FeedRequestError(f"{name} must be a whole number") from None
    if not low <= number <= high:
        raise FeedRequestError(f"{name} must be between {low} and {high}")
    return number


def _handler(state_dir: Path) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "topiccrawl-feed/1"

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            query = parse_qs(parts.query)
            try:
                if parts.path == "/events.json":
                    since = _int_param(query, "since", 0, 0, 2**63 - 1)
                    limit = _int_param(query, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT)
                    events = self._store(lambda s: s.events_since(since, limit))
                    body = json_feed(events, since=since, feed_url=self._url("/events.json")).encode("utf-8")
                    self._reply(200, "application/feed+json; charset=utf-8", body)
                elif parts.path == "/events.atom":
                    limit = _int_param(query, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT)

                    def latest(s: EventStore) -> list:
                        return s.events_since(max(0, s.latest_event_id() - limit), limit)

                    events = self._store(latest)
                    updated = max(
                        (e.detected_at for e in events), default=datetime.now(UTC).isoformat(timespec="seconds")
                    )
                    body = atom_feed(events, feed_url=self._url("/events.atom"), updated=updated)
                    self._reply(200, "application/atom+xml; charset=utf-8", body)
                else:
                    self._reply(404, "text/plain; charset=utf-8", b"not found: try /events.json or /events.atom\n")
            except FeedRequestError as exc:
                self._reply(400, "text/plain; charset=utf-8", f"bad request: {exc}\n".encode())
            except Exception:  # a broken store must not leave clients hanging up without an answer
                logger.exception("feed: failed to answer %s", parts.path)
                self._reply(500, "text/plain; charset=utf-8", b"internal error\n")

        def _store(self, read):  # type: ignore[no-untyped-def]
            store = EventStore.open(state_dir)
            try:
                return read(store)
            finally:
                store.close()

        def _url(self, path: str) -> str:
            host, port = self.server.server_address[:2]
            return f"http://{host}:{port}{path}"

        def _reply(self, status: int, ctype: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            logger.debug("feed: " + format, *args)

    return Handler


class FeedServer:
    """Serve the feed of the state store in ``state_dir``; ``port=0`` picks a free port."""

    def __init__(self, state_dir: str | Path, host: str = "127.0.0.1", port: int = 0) -> None:
        self.httpd = ThreadingHTTPServer((host, port), _handler(Path(state_dir)))
        self.httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def serve_forever(self) -> None:
        self.httpd.serve_forever()

    def start(self) -> FeedServer:
        self._thread = threading.Thread(target=self.httpd.serve_forever, name="feed-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
