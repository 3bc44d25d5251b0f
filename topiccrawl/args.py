"""Parsing and checking of spider arguments (``-a name=value``), with errors a user can act on."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit


class UserInputError(ValueError):
    """Something the user gave (an argument, a setting, a file) is unusable; the message says which.

    ``scrapy crawl`` turns one raised anywhere during start-up (a spider's
    ``__init__``, ``from_crawler`` or ``start()``, a component's ``from_crawler``)
    into one line ``error: <what>; <what to do>`` and exit status 2.
    """


class SpiderArgumentError(UserInputError):
    """A ``-a`` argument is missing or malformed; the message says which and what to do."""


class SettingError(UserInputError):
    """A ``TOPICCRAWL_`` (or Scrapy) setting has a value the project cannot use."""


def error_line(exc: UserInputError, spider: str) -> str:
    """``<what is wrong>; <what to do>`` for ``exc``, the text after ``error:`` that ``scrapy crawl`` prints."""
    message = str(exc)
    if ";" in message:  # the message already says what to do
        return message
    if isinstance(exc, SettingError):
        return f"{message}; fix the setting (-s NAME=VALUE or settings.py; the settings table is in the README)"
    return f"{message}; fix the -a arguments (the {spider} spider's arguments are in the README)"


def parse_int(name: str, value: object, *, minimum: int | None = None) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        raise SpiderArgumentError(f"-a {name}={value!r}: expected a whole number") from None
    if minimum is not None and number < minimum:
        raise SpiderArgumentError(f"-a {name}={number}: must be at least {minimum}")
    return number


def parse_float(name: str, value: object, *, low: float | None = None, high: float | None = None) -> float:
    try:
        number = float(str(value).strip())
    except ValueError:
        raise SpiderArgumentError(f"-a {name}={value!r}: expected a number") from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise SpiderArgumentError(f"-a {name}={number}: must be between {low} and {high}")
    return number


def parse_bool(name: str, value: object) -> bool:
    text = str(value).strip().lower()
    if text in {"1", "true", "yes", "on"}:
        return True
    if text in {"0", "false", "no", "off", ""}:
        return False
    raise SpiderArgumentError(f"-a {name}={value!r}: expected true or false")


def check_http_url(url: str, *, source: str) -> str:
    url = url.strip()
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError as exc:  # "Invalid IPv6 URL"
        raise SpiderArgumentError(f"{source}: {url!r} is not a valid URL ({exc})") from None
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        raise SpiderArgumentError(f"{source}: {url!r} is not an http(s) URL")
    return url


def read_seed_file(path: str | Path) -> list[str]:
    """URLs from a seed file: one per line; blank lines and ``#`` comments are ignored."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpiderArgumentError(f"-a seeds={path}: no such file") from None
    except UnicodeDecodeError:
        raise SpiderArgumentError(f"-a seeds={path}: not a UTF-8 text file") from None
    urls = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            urls.append(check_http_url(line, source=f"{path}:{lineno}"))
    if not urls:
        raise SpiderArgumentError(f"-a seeds={path}: the file lists no URLs")
    return urls


def start_urls_from_args(
    start_url: str | None = None, start_urls: str | None = None, seeds: str | None = None
) -> list[str]:
    """The start URLs given by ``-a start_url=``, ``-a start_urls=a,b`` or ``-a seeds=FILE``."""
    urls: list[str] = []
    if start_url:
        urls.append(check_http_url(start_url, source="-a start_url"))
    if start_urls:
        urls.extend(check_http_url(u, source="-a start_urls") for u in str(start_urls).split(",") if u.strip())
    if seeds:
        urls.extend(read_seed_file(seeds))
    if not urls:
        raise SpiderArgumentError("no start URL: pass -a start_url=URL, -a start_urls=URL1,URL2 or -a seeds=FILE")
    return list(dict.fromkeys(urls))
