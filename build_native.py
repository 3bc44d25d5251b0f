"""Compile the revisit scheduler's modules with mypyc: optional, about 2.3x less CPU per fetch.

    .venv/bin/python build_native.py           # extension files next to topiccrawl/revisit/*.py
    .venv/bin/python build_native.py --clean   # remove them (the sources run again)

The modules stay plain, typed Python and run as such when nothing is built. When the build
fails (no C compiler, say) this script says so and exits 0: the scheduler is then only slower.
It records the hash of each source it compiled; ``topiccrawl.revisit`` runs the sources
instead of compiled modules that no longer match them (see ``topiccrawl/revisit/native.py``),
so editing a module never runs stale code, it only loses the speed until the next build.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent


def _load_native() -> ModuleType:
    """topiccrawl/revisit/native.py alone: importing the package would load the modules this rebuilds."""
    spec = importlib.util.spec_from_file_location("_topiccrawl_native", ROOT / "topiccrawl/revisit/native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


native = _load_native()

GROUP = "topiccrawl_revisit"  # name of the shared runtime library mypyc builds for the group


def built_files() -> list[Path]:
    files = [path for name in native.MODULES if (path := native.extension_of(name)) is not None]
    return files + sorted(ROOT.glob(f"{GROUP}__mypyc.*"))


def clean() -> None:
    for path in built_files():
        path.unlink()
    native.MANIFEST.unlink(missing_ok=True)


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    sources = [f"topiccrawl/revisit/{name}.py" for name in native.MODULES]
    hashes = {name: native.source_hash(name) for name in native.MODULES}
    with tempfile.TemporaryDirectory() as tmp:
        sources.append(f"--cache-dir={Path(tmp) / 'mypy'}")  # mypycify passes options on to mypy
        setup(
            name="topiccrawl-revisit-native",
            packages=[],
            py_modules=[],
            ext_modules=mypycify(sources, group_name=GROUP, target_dir=str(Path(tmp) / "c")),
            script_args=[
                "--quiet",
                "build_ext",
                "--inplace",
                f"--build-temp={Path(tmp) / 'build'}",
                f"--build-lib={Path(tmp) / 'lib'}",
            ],
        )
    native.MANIFEST.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled files")
    args = parser.parse_args(argv)
    clean()
    if args.clean:
        print("removed the compiled revisit modules: the sources run")
        return 0
    try:
        build()
    except (Exception, SystemExit) as exc:
        clean()
        print(f"build_native: not compiled ({exc!r}); the scheduler runs as plain Python", file=sys.stderr)
        return 0
    print(f"compiled {len(native.MODULES)} revisit modules with mypyc: {', '.join(native.MODULES)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
