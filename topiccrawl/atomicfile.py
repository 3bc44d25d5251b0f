"""Files written whole or not at all: into a temporary file beside the target, flushed to the
disk, then renamed over it. A crash or a ``kill -9`` mid-write leaves the old file or the new
one, never half of one (a stats file, a forum crawl's checkpoint, the near-duplicate index)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any


@contextmanager
def atomic_open(path: str | Path, mode: str = "w", *, encoding: str | None = "utf-8") -> Iterator[IO[Any]]:
    """A file to write ``path``'s new content to (``mode`` "w" or "wb"), put in its place when the
    block ends without an error; on an error the old file stays and the temporary one goes."""
    if mode not in {"w", "wb"}:
        raise ValueError(f"atomic_open writes whole files: mode 'w' or 'wb', not {mode!r}")
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    try:
        with open(tmp, mode, encoding=None if "b" in mode else encoding) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` with :func:`atomic_open`."""
    with atomic_open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
