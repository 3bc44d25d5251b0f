"""Run the revisit modules compiled by ``build_native.py`` only when they match their sources.

``build_native.py`` compiles this package's pure modules with mypyc into extension files next to
them (about 2.3x less CPU per fetch) and records the hash of each source it compiled. Python
imports an extension before a source of the same name, so an extension built from an older source
would run stale code: :func:`prepare`, called by the package before anything is imported from it,
loads every module from source instead when any compiled one no longer matches its source, when
loading the compiled ones fails, or when ``TOPICCRAWL_PURE_PYTHON`` is set (a test compares the
two). All or nothing: compiled modules call each other directly, not through ``sys.modules``.

This module itself is never compiled.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
from pathlib import Path

logger = logging.getLogger(__name__)

PACKAGE = "topiccrawl.revisit"
HERE = Path(__file__).resolve().parent
# in dependency order, so each module finds the ones it imports already loaded
MODULES = (
    "hazard",
    "insurance",
    "spread",
    "regimes",
    "model",
    "mixture",
    "queue",
    "slotheap",
    "tagqueue",
    "zhazard",
    "forecastscore",
    "learned",
)
MANIFEST = HERE / "_native.json"
PURE_ENV = "TOPICCRAWL_PURE_PYTHON"


def source_hash(name: str) -> str:
    return hashlib.sha256((HERE / f"{name}.py").read_bytes()).hexdigest()


def extension_of(name: str) -> Path | None:
    """The compiled file of module ``name``, if one was built."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = HERE / f"{name}{suffix}"
        if path.exists():
            return path
    return None


def compiled_modules() -> list[str]:
    """Modules of :data:`MODULES` with a compiled file beside their source."""
    return [name for name in MODULES if extension_of(name) is not None]


def stale_modules(built: list[str]) -> list[str]:
    """Those of the compiled modules ``built`` whose source changed since the build (all of them
    without a manifest)."""
    try:
        hashes = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return built
    if not isinstance(hashes, dict):
        return built
    return [name for name in built if hashes.get(name) != source_hash(name)]


def load_sources() -> None:
    """Import every module of :data:`MODULES` from its ``.py`` file, whatever is compiled beside it."""
    for name in MODULES:
        sys.modules.pop(f"{PACKAGE}.{name}", None)
    for name in MODULES:
        fullname = f"{PACKAGE}.{name}"
        spec = importlib.util.spec_from_file_location(fullname, HERE / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[fullname] = module
        spec.loader.exec_module(module)


def prepare() -> bool:
    """Make the package's modules importable, compiled when that is safe; True when they are compiled."""
    if os.environ.get(PURE_ENV):
        load_sources()
        return False
    built = compiled_modules()
    if not built:
        return False
    stale = stale_modules(built)
    if stale:
        logger.warning(
            "compiled revisit modules %s do not match their sources (edited since the build): "
            "running the sources; rebuild with `python build_native.py`",
            ", ".join(stale),
        )
        load_sources()
        return False
    try:
        for name in MODULES:
            importlib.import_module(f"{PACKAGE}.{name}")
    except ImportError as exc:
        logger.warning("cannot load the compiled revisit modules (%s): running the sources", exc)
        load_sources()
        return False
    return True
