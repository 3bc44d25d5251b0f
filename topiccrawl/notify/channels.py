"""Sending a message to one notification URL through Apprise, with a timeout and a redacted error.

Apprise covers email (``mailto://``, ``mailtos://``), SMS gateways, Telegram, DingTalk,
WeCom, ntfy, plain webhooks (``json://``, ``jsons://``) and many more with one URL
syntax. Calls block (SMTP, HTTP): callers run :func:`send` in a worker thread, never
on the Twisted reactor.

Secrets: every error text is scrubbed of the URL's secrets, and a filter on Apprise's and
the HTTP client's loggers scrubs every secret of every URL this process has checked or sent
to: Apprise logs an ntfy topic, a webhook path or a whole unusable URL verbatim (its
``secure_logging`` hides passwords only), and urllib3 logs request paths. As a backstop
the filter also shows any ``scheme://...`` in those records as :func:`mask_channel_url` does.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from topiccrawl.notify.message import Message
from topiccrawl.notify.redact import mask_channel_url, mask_urls, redact_text, secrets_of

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SendResult:
    ok: bool
    error: str | None = None  # redacted
    permanent: bool = False  # retrying cannot help (the URL itself is unusable)


class _SecretScrubber(logging.Filter):
    """Rewrites Apprise and urllib3 log records: URLs masked, no registered secret left in them."""

    def __init__(self) -> None:
        super().__init__()
        self.secrets: set[str] = set()
        self._lock = threading.Lock()

    def add(self, secrets: set[str]) -> None:
        with self._lock:
            self.secrets |= secrets

    def scrub(self, text: str) -> str:
        with self._lock:
            secrets = set(self.secrets)
        return redact_text(mask_urls(text), secrets)

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = self.scrub(record.getMessage())
        record.args = None
        if record.exc_info and record.exc_info[0] is not None:
            # A traceback's text quotes exception messages, which may quote the URL.
            record.exc_text = self.scrub(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = self.scrub(record.exc_text)
        return True


_scrubber = _SecretScrubber()
# Logger filters apply to records logged on that very logger, so every logger that may see a
# channel URL gets one: Apprise's, and the HTTP client's (urllib3 logs request lines with
# their query string at DEBUG, tokens included).
for _name in ("apprise", "urllib3.connectionpool", "urllib3.connection", "urllib3.util.retry", "requests"):
    logging.getLogger(_name).addFilter(_scrubber)


def register_secrets(url: str) -> set[str]:
    """Teach the log scrubber ``url``'s secrets; call before Apprise sees the URL (it logs URLs at DEBUG)."""
    secrets = secrets_of(url)
    _scrubber.add(secrets)
    return secrets


def _scheme(url: str) -> str:
    """The URL's scheme, the one part of an unparsable notification URL safe to quote."""
    return url.partition("://")[0][:20] if "://" in url else "?"


def describe(url: str) -> str:
    """A loggable form of ``url`` (:func:`~topiccrawl.notify.redact.mask_channel_url`), or ``<unusable ...>``."""
    if not is_usable(url):  # registers the URL's secrets with the log scrubber as well
        return f"<unusable {_scheme(url)} URL>"
    return redact_text(mask_channel_url(url), secrets_of(url))


def is_usable(url: str) -> bool:
    """Whether Apprise can build a notifier from ``url`` (syntax only; nothing is sent)."""
    import apprise

    register_secrets(url)
    try:
        return bool(apprise.Apprise.instantiate(url, suppress_exceptions=True))
    except Exception:
        return False


def send(url: str, message: Message, *, timeout: float = 15.0) -> SendResult:
    """Deliver ``message`` to ``url``; blocking, bounded by ``timeout`` per network operation."""
    import apprise

    secrets = register_secrets(url)
    plugin = apprise.Apprise.instantiate(url, suppress_exceptions=True)
    if not plugin:
        # Never quote the URL itself: a malformed one defeats any parser that would mask it.
        return SendResult(
            False, f"not a usable notification URL (scheme {_scheme(url)!r}); check its syntax", permanent=True
        )
    # Bound every socket operation: a black-holed SMTP or webhook host must not hang a sender.
    plugin.socket_connect_timeout = timeout
    plugin.socket_read_timeout = timeout
    # ``notify_format`` is the plugin's native format, or (Apprise 2.x) a tuple whose first one is native:
    # email gets HTML (with a text alternative), webhooks and chat services get plain text.
    formats = getattr(plugin, "notify_format", None)
    native = formats[0] if isinstance(formats, tuple) and formats else formats
    html_capable = native == apprise.NotifyFormat.HTML
    apobj = apprise.Apprise()
    apobj.add(plugin)
    with apprise.LogCapture(level=logging.WARNING, fmt="%(message)s") as captured:
        try:
            if html_capable:
                ok = apobj.notify(body=message.html, title=message.title, body_format=apprise.NotifyFormat.HTML)
            else:
                ok = apobj.notify(body=message.text, title=message.title, body_format=apprise.NotifyFormat.TEXT)
        except Exception as exc:  # a plugin bug must not kill the sender; the row is retried
            return SendResult(False, redact_text(f"{type(exc).__name__}: {exc}", secrets))
    if ok:
        return SendResult(True)
    detail = " | ".join(line.strip() for line in captured.getvalue().splitlines() if line.strip())[-1000:]
    return SendResult(False, redact_text(detail or "delivery failed", secrets))
