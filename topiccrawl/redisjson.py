"""A JSON serializer for scrapy-redis queues (``SCHEDULER_SERIALIZER``).

scrapy-redis pickles requests by default, and unpickling what another machine
wrote to a shared Redis runs its code. This module has the ``dumps``/``loads``
pair scrapy-redis expects, over JSON.

JSON has no bytes, tuples, sets, dates or non-string keys, so these travel as
one-key tagged objects and come back as the same type:

==========================  =====================================
``bytes``                   ``{"__b64__": "<base64>"}``
``tuple``                   ``{"__tuple__": [...]}``
``set`` / ``frozenset``     ``{"__set__": [...]}`` / ``{"__frozenset__": [...]}``
``datetime.datetime``       ``{"__datetime__": "<ISO 8601>"}`` (keeps its UTC offset, not a zone name)
``datetime.date``           ``{"__date__": "YYYY-MM-DD"}``
a dict with a non-str key   ``{"__dict__": [[key, value], ...]}``
==========================  =====================================

A dict whose only key happens to be one of these tags also travels as
``__dict__`` pairs, so it is not mistaken for a tagged value. Anything else
(a Decimal, an object, a function) is refused with :class:`UnserializableError`,
a ``TypeError`` that names where the value sits (``meta['seen']``): the
scheduler then drops that request with an error line instead of queueing a
request that would come back changed. Nothing here evaluates code on ``loads``.
"""

from __future__ import annotations

import base64
import datetime
import json
from typing import Any

_BYTES = "__b64__"
_TUPLE = "__tuple__"
_SET = "__set__"
_FROZENSET = "__frozenset__"
_DATETIME = "__datetime__"
_DATE = "__date__"
_DICT = "__dict__"
_TAGS = frozenset({_BYTES, _TUPLE, _SET, _FROZENSET, _DATETIME, _DATE, _DICT})


class UnserializableError(TypeError):
    """A value JSON cannot carry; ``path`` says where it is (``meta['seen']``, ``cb_kwargs['tags'][0]``)."""

    def __init__(self, path: str, value: object) -> None:
        self.path = path or "<top>"
        super().__init__(f"{self.path}: cannot send {type(value).__name__} through Redis as JSON: {value!r:.80}")


def _at(path: str, key: object) -> str:
    return f"{path}[{key!r}]" if path else str(key)


def _encode(obj: Any, path: str = "") -> Any:
    if obj is None or isinstance(obj, str | int | float | bool):
        return obj
    if isinstance(obj, dict):
        plain = all(isinstance(k, str) for k in obj) and not (len(obj) == 1 and next(iter(obj)) in _TAGS)
        if plain:
            return {k: _encode(v, _at(path, k)) for k, v in obj.items()}
        return {_DICT: [[_encode(k, _at(path, k)), _encode(v, _at(path, k))] for k, v in obj.items()]}
    if isinstance(obj, list):
        return [_encode(v, _at(path, i)) for i, v in enumerate(obj)]
    return {_tag_of(obj, path): _encode_tagged(obj, path)}


def _tag_of(obj: Any, path: str) -> str:
    for kind, tag in _TAG_OF_TYPE:  # datetime before date: a datetime is a date
        if isinstance(obj, kind):
            return tag
    raise UnserializableError(path, obj)


def _encode_tagged(obj: Any, path: str) -> Any:
    if isinstance(obj, bytes):
        return base64.b64encode(obj).decode("ascii")
    if isinstance(obj, tuple):
        return [_encode(v, _at(path, i)) for i, v in enumerate(obj)]
    if isinstance(obj, set | frozenset):
        items = [_encode(v, f"{path}{{...}}") for v in obj]
        items.sort(key=lambda v: json.dumps(v, sort_keys=True))  # the same set always encodes the same way
        return items
    return obj.isoformat()  # datetime, date


_TAG_OF_TYPE: tuple[tuple[type, str], ...] = (
    (bytes, _BYTES),
    (tuple, _TUPLE),
    (frozenset, _FROZENSET),
    (set, _SET),
    (datetime.datetime, _DATETIME),
    (datetime.date, _DATE),
)
_DECODERS: dict[str, Any] = {
    _BYTES: base64.b64decode,
    _TUPLE: lambda value: tuple(_decode(v) for v in value),
    _SET: lambda value: {_decode(v) for v in value},
    _FROZENSET: lambda value: frozenset(_decode(v) for v in value),
    _DATETIME: datetime.datetime.fromisoformat,
    _DATE: datetime.date.fromisoformat,
    _DICT: lambda value: {_decode(k): _decode(v) for k, v in value},
}


def _decode(obj: Any) -> Any:
    if isinstance(obj, list):
        return [_decode(v) for v in obj]
    if not isinstance(obj, dict):
        return obj
    if len(obj) == 1:
        ((tag, value),) = obj.items()
        if tag in _DECODERS:
            return _DECODERS[tag](value)
    return {k: _decode(v) for k, v in obj.items()}


def dumps(obj: Any) -> bytes:
    """``obj`` as UTF-8 JSON; raises :class:`UnserializableError` (a TypeError) for a value it cannot carry."""
    return json.dumps(_encode(obj), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def loads(data: bytes | str) -> Any:
    return _decode(json.loads(data))
