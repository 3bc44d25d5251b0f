"""Real receivers for notification tests: an SMTP server (aiosmtpd) and an HTTP webhook endpoint."""

from __future__ import annotations

import email
import email.policy
import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

SMTP_USER = "crawler"
SMTP_PASSWORD = "Sm7p-pa55word-9f3k"  # must never appear in logs or last_error
WEBHOOK_TOKEN = "wh00k-t0ken-8c1d2e"  # likewise


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(predicate: Callable[[], bool], timeout: float = 30.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@dataclass
class Mail:
    subject: str
    text: str
    html: str
    rcpt: list[str]


class SMTPReceiver:
    """aiosmtpd on 127.0.0.1 with AUTH (no TLS, like a local relay), recording every message.

    Recipients in ``refuse`` are refused at RCPT TO (550), as a relay refuses an unknown user.
    """

    def __init__(self, port: int | None = None, refuse: frozenset[str] = frozenset()) -> None:
        self.port = port or free_port()
        self.refuse = refuse
        self.messages: list[Mail] = []
        self._lock = threading.Lock()
        self._controller: Controller | None = None

    @property
    def url(self) -> str:
        return (
            f"mailto://{SMTP_USER}:{SMTP_PASSWORD}@127.0.0.1:{self.port}"
            "?from=crawler@example.org&to=reader@example.org&mode=insecure"
        )

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if address in self.refuse:
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        text = html = ""
        for part in msg.walk():
            if part.get_content_type() == "text/plain":
                text += part.get_content()
            elif part.get_content_type() == "text/html":
                html += part.get_content()
        with self._lock:
            self.messages.append(Mail(str(msg["subject"]), text, html, list(envelope.rcpt_tos)))
        return "250 OK"

    @staticmethod
    def _auth(server: Any, session: Any, envelope: Any, mechanism: str, auth_data: Any) -> AuthResult:
        ok = auth_data.login == SMTP_USER.encode() and auth_data.password == SMTP_PASSWORD.encode()
        return AuthResult(success=ok)

    def start(self) -> SMTPReceiver:
        self._controller = Controller(
            self, hostname="127.0.0.1", port=self.port, authenticator=self._auth, auth_require_tls=False
        )
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None


class WebhookReceiver:
    """An HTTP endpoint recording JSON POSTs; ``fail_first`` answers 500 that many times first."""

    def __init__(self, fail_first: int = 0) -> None:
        self.posts: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self.fail_first = fail_first
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if receiver.fail_first > 0:
                    receiver.fail_first -= 1
                    self.send_response(500)
                    self.end_headers()
                    return
                receiver.paths.append(self.path)
                receiver.posts.append(json.loads(body))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"json://127.0.0.1:{self.port}/hook?-token={WEBHOOK_TOKEN}"

    def start(self) -> WebhookReceiver:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
