"""A small threaded HTTP server for fixture sites, with a server-side request log.

A *site* is any object with ``handle(request: SiteRequest) -> Reply``; it may also
define ``bind(base_urls)`` to learn the base URLs of all servers of its web once
they are listening (for absolute links across hosts). Servers listen on
127.0.0.x on a free port and run in daemon threads, so they work both beside a
Scrapy process (the demo) and inside pytest while a crawl runs in a subprocess.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Protocol, runtime_checkable
from urllib.parse import parse_qs, urlsplit

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SiteRequest:
    method: str
    target: str  # path and query, as sent
    headers: Mapping[str, str]  # lower-cased names
    base_url: str  # "http://127.0.0.1:PORT" of the server that received it

    @property
    def path(self) -> str:
        return urlsplit(self.target).path

    @property
    def query(self) -> dict[str, list[str]]:
        return parse_qs(urlsplit(self.target).query, keep_blank_values=True)

    def param(self, name: str, default: str | None = None) -> str | None:
        values = self.query.get(name)
        return values[0] if values else default

    @property
    def url(self) -> str:
        return self.base_url + self.target


@dataclass(slots=True)
class Reply:
    status: int = 200
    body: bytes | str = b""
    headers: dict[str, str] = field(default_factory=dict)
    # For endless or slow bodies: chunks written one by one after the headers
    # (no Content-Length; the body ends when the connection closes).
    stream: Iterable[bytes] | None = None
    charset: str = "utf-8"  # used to encode a str body

    def payload(self) -> bytes:
        if isinstance(self.body, bytes):
            return self.body
        return self.body.encode(self.charset)


def html(
    body: str,
    *,
    charset: str = "utf-8",
    header_charset: bool = True,
    status: int = 200,
    headers: Mapping[str, str] | None = None,
) -> Reply:
    """An HTML reply; ``header_charset=False`` leaves the charset out of Content-Type."""
    ctype = f"text/html; charset={charset}" if header_charset else "text/html"
    return Reply(status, body, {"Content-Type": ctype, **(headers or {})}, charset=charset)


def redirect(location: str, status: int = 302, charset: str = "utf-8") -> Reply:
    """A redirect to ``location`` with an empty HTML body."""
    return Reply(status, "", {"Location": location, "Content-Type": f"text/html; charset={charset}"})


def not_found() -> Reply:
    return html("<html><body><h1>404 Not Found</h1></body></html>", status=404)


@runtime_checkable
class Site(Protocol):
    def handle(self, request: SiteRequest) -> Reply: ...


@dataclass(frozen=True, slots=True)
class Hit:
    """One request as the server saw it."""

    time: float
    server: str  # base URL of the server
    method: str
    target: str
    status: int
    user_agent: str

    @property
    def url(self) -> str:
        return self.server + self.target


class RequestLog:
    """Thread-safe, append-only log of the requests a group of servers answered."""

    def __init__(self) -> None:
        self._hits: list[Hit] = []
        self._lock = threading.Lock()

    def add(self, hit: Hit) -> None:
        with self._lock:
            self._hits.append(hit)

    def hits(self) -> list[Hit]:
        with self._lock:
            return list(self._hits)

    def urls(self, *, exclude_robots: bool = True) -> list[str]:
        return [h.url for h in self.hits() if not (exclude_robots and h.target == "/robots.txt")]

    def clear(self) -> None:
        with self._lock:
            self._hits.clear()

    def write_jsonl(self, path: str | Path) -> None:
        with open(path, "w", encoding="utf-8") as f:
            for hit in self.hits():
                f.write(json.dumps(asdict(hit), ensure_ascii=False) + "\n")


def _make_handler(server: FixtureServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"
        server_version = "topiccrawl-fixture/1"

        def do_GET(self) -> None:
            self._serve()

        def do_HEAD(self) -> None:
            self._serve(head=True)

        def _serve(self, head: bool = False) -> None:
            arrived = time.time()  # when the crawler asked: the site's own work must not shift it
            headers = {k.lower(): v for k, v in self.headers.items()}
            request = SiteRequest(self.command, self.path, headers, server.base_url)
            try:
                reply = server.site.handle(request)
            except Exception:
                logger.exception("Fixture site failed on %s", self.path)
                reply = html("<h1>500</h1>", status=500)
            if server.latency:
                time.sleep(server.shuffle.random() * server.latency)
            server.log.add(
                Hit(arrived, server.base_url, self.command, self.path, reply.status, headers.get("user-agent", ""))
            )
            try:
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                if reply.stream is None:
                    payload = reply.payload()
                    if "Content-Length" not in reply.headers:
                        self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    if not head:
                        self.wfile.write(payload)
                else:
                    self.end_headers()
                    if not head:
                        self._write_stream(reply.stream)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up: expected with endless bodies

        def _write_stream(self, chunks: Iterable[bytes]) -> None:
            for chunk in chunks:
                if server.stopping.is_set():
                    return
                self.wfile.write(chunk)
                self.wfile.flush()

        def log_message(self, format: str, *args: object) -> None:
            pass  # the RequestLog is the log

    return Handler


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


class FixtureServer:
    """Serve one site on ``host`` (127.0.0.1 by default) and a free port, in a thread.

    ``latency``: each answer waits a random time up to that many seconds, so that answers to
    concurrent requests come back in another order each run (a crawl whose result depends on
    that order shows it in a few runs instead of now and then)."""

    def __init__(
        self,
        site: Site,
        host: str = "127.0.0.1",
        port: int = 0,
        log: RequestLog | None = None,
        latency: float = 0.0,
    ) -> None:
        self.site = site
        self.latency = latency
        self.shuffle = random.Random()
        self.log = log if log is not None else RequestLog()
        self.stopping = threading.Event()
        self._httpd = _Server((host, port), _make_handler(self))
        self._thread = threading.Thread(target=self._httpd.serve_forever, name=f"fixture-{host}", daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def url(self, target: str = "/") -> str:
        return self.base_url + target

    def start(self) -> FixtureServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> FixtureServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class FixtureWeb:
    """Several named sites served together, sharing one request log.

    ``hosts`` maps a site name to the loopback address it listens on, so a web of
    several hosts (127.0.0.2, 127.0.0.3, ...) gets one Scrapy download slot per
    host, as real hosts would.
    """

    def __init__(self, sites: Mapping[str, Site], hosts: Mapping[str, str] | None = None, latency: float = 0.0) -> None:
        self.log = RequestLog()
        hosts = hosts or {}
        self.servers = {
            name: FixtureServer(site, hosts.get(name, "127.0.0.1"), log=self.log, latency=latency)
            for name, site in sites.items()
        }

    @property
    def base_urls(self) -> dict[str, str]:
        return {name: s.base_url for name, s in self.servers.items()}

    def start(self) -> FixtureWeb:
        urls = self.base_urls
        for server in self.servers.values():
            bind = getattr(server.site, "bind", None)
            if bind is not None:
                bind(urls)
        for server in self.servers.values():
            server.start()
        return self

    def stop(self) -> None:
        for server in self.servers.values():
            server.stop()

    def __enter__(self) -> FixtureWeb:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __iter__(self) -> Iterator[str]:
        return iter(self.servers)
