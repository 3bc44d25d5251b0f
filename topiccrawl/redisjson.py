"""A JSON serializer for scrapy-redis queues (``SCHEDULER_SERIALIZER``).

scrapy-redis pickles requests by default, and unpickling what another machine
wrote to a shared Redis runs its code. This module has the ``dumps``/``loads``
pair scrapy-redis expects, over JSON, with bytes (bodies, headers) as base64.
"""

from __future__ import annotations

import base64
import json
from typing import Any

_BYTES = "__b64__"


def _encode(obj: Any) -> Any:
    if isinstance(obj, bytes):
        return {_BYTES: base64.b64encode(obj).decode("ascii")}
    if isinstance(obj, dict):
        return {str(k) if not isinstance(k, bytes) else k.decode("latin-1"): _encode(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_encode(v) for v in obj]
    if isinstance(obj, set | frozenset):
        return [_encode(v) for v in sorted(obj, key=repr)]
    if obj is None or isinstance(obj, str | int | float | bool):
        return obj
    raise TypeError(f"cannot send {type(obj).__name__} through Redis as JSON: {obj!r}")


def _decode(obj: Any) -> Any:
    if isinstance(obj, dict):
        if len(obj) == 1 and _BYTES in obj:
            return base64.b64decode(obj[_BYTES])
        return {k: _decode(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_decode(v) for v in obj]
    return obj


def dumps(obj: Any) -> bytes:
    return json.dumps(_encode(obj), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def loads(data: bytes | str) -> Any:
    return _decode(json.loads(data))
