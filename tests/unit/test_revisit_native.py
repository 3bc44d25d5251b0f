"""The revisit modules compiled by build_native.py (mypyc) schedule exactly as their sources do.

The build runs here, on a copy of the package in a temporary directory, so the test does not
depend on whether the checkout was built and never touches its files.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from topiccrawl.revisit import native

ROOT = Path(__file__).resolve().parents[2]

# A small simulated web driven through the public interface; prints what the schedule did. Its
# argument, if any, is the simulated time in seconds (3e5 by default).
DRIVER = r"""
import hashlib, json, random, sys
import topiccrawl.revisit as revisit
import topiccrawl.revisit.learned as learned

horizon = float(sys.argv[1]) if len(sys.argv) > 1 else 3e5
rng = random.Random(5)
n = 40
pages = {}
for i in range(n):
    mean = rng.uniform(600.0, 20000.0)
    if i % 4 == 0:  # memoryless pages
        t, times = 0.0, []
        while t < horizon:
            t += rng.expovariate(1.0 / mean)
            times.append(t)
    else:  # clockwork pages
        t, times = rng.uniform(0.0, mean), []
        while t < horizon:
            times.append(t)
            t += max(1.0, rng.gauss(mean, 0.05 * mean))
    pages[f"page-{i}"] = times
s = revisit.RevisitScheduler()
for key in pages:
    s.add(key, 0.0)
seen = dict.fromkeys(pages, 0)
now, trail = 0.0, hashlib.sha256()
while now < horizon:
    key, when = s.next_fetch(now)
    t = max(now, when)
    times = pages[key]
    j = seen[key]
    while j < len(times) and times[j] <= t:
        j += 1
    changed = j > seen[key]
    seen[key] = j
    s.observe(key, t, changed)
    trail.update(f"{key} {t!r} {changed}".encode())
    now = t + 1.0
state = json.dumps(s.export_state(), sort_keys=True)
print(json.dumps({
    "compiled": revisit.COMPILED,
    "learned_file": learned.__file__,
    "trail": trail.hexdigest(),
    "state": hashlib.sha256(state.encode()).hexdigest(),
}))
"""


# What a simulator written with NumPy passes: NumPy bools and numbers, keys that are not strings.
LOOSE = r"""
import json
import numpy as np
import topiccrawl.revisit as revisit

s = revisit.RevisitScheduler()
s.add("a", 0)
s.add(7, np.float32(0.0))
s.add(("t", 1), np.int64(0))
fetches = []
now = 0.0
for i in range(60):
    key, when = s.next_fetch(np.float64(now))
    t = max(now, when)
    s.observe(key, np.float32(t) if i % 2 else np.int64(int(t)), np.bool_(i % 7 == 0))
    fetches.append([repr(key), round(float(t), 6)])
    now = t + 1.0
print(json.dumps({"compiled": revisit.COMPILED, "fetches": fetches}))
"""


# Simulated seconds of a run that only shows which modules were loaded: a few fetches of each
# page through the scheduler, a tenth of the DRIVER's run that compares the schedules.
LOADED_ONLY = 3e4


def _run(
    cwd: Path, *, pure: bool = False, code: str = DRIVER, horizon: float | None = None
) -> tuple[dict[str, object], str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(cwd)}
    if pure:
        env["TOPICCRAWL_PURE_PYTHON"] = "1"
    args = [] if horizon is None else [str(horizon)]
    proc = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=True
    )
    return json.loads(proc.stdout.strip().splitlines()[-1]), proc.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package's sources, built with build_native.py."""
    work = tmp_path_factory.mktemp("native")
    (work / "topiccrawl").mkdir()
    shutil.copy(ROOT / "topiccrawl" / "__init__.py", work / "topiccrawl")
    shutil.copytree(
        ROOT / "topiccrawl" / "revisit",
        work / "topiccrawl" / "revisit",
        ignore=shutil.ignore_patterns("*.so", "_native.json", "__pycache__"),
    )
    shutil.copy(ROOT / "build_native.py", work)
    proc = subprocess.run(
        [sys.executable, "build_native.py"], cwd=work, capture_output=True, text=True, timeout=600, check=True
    )
    assert f"compiled {len(native.MODULES)} revisit modules" in proc.stdout, proc.stderr
    return work


def test_compiled_modules_schedule_exactly_as_the_sources(built: Path) -> None:
    compiled, _ = _run(built)
    pure, _ = _run(built, pure=True)
    assert compiled["compiled"] is True and str(compiled["learned_file"]).endswith(".so")
    assert pure["compiled"] is False and str(pure["learned_file"]).endswith("learned.py")
    assert compiled["trail"] == pure["trail"]  # every fetch: same key, same time, same outcome
    assert compiled["state"] == pure["state"]  # and the same learned state


def test_compiled_modules_take_numpy_values_and_any_hashable_key_as_the_sources_do(built: Path) -> None:
    compiled, _ = _run(built, code=LOOSE)
    pure, _ = _run(built, pure=True, code=LOOSE)
    assert compiled["compiled"] is True and pure["compiled"] is False
    assert compiled["fetches"] == pure["fetches"]
    assert {key for key, _ in compiled["fetches"]} == {"'a'", "7", "('t', 1)"}  # type: ignore[union-attr]


def test_a_source_edited_after_the_build_runs_instead_of_its_stale_extension(built: Path) -> None:
    source = built / "topiccrawl" / "revisit" / "spread.py"
    original = source.read_text(encoding="utf-8")
    try:
        source.write_text(original + "\n# edited after the build\n", encoding="utf-8")
        result, stderr = _run(built, horizon=LOADED_ONLY)
    finally:
        source.write_text(original, encoding="utf-8")
    assert result["compiled"] is False and str(result["learned_file"]).endswith("learned.py")
    assert "do not match their sources" in stderr and "spread" in stderr
    assert _run(built, horizon=LOADED_ONLY)[0]["compiled"] is True  # the source restored, the build is used again


def test_clean_removes_every_compiled_file(built: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    subprocess.run(
        [sys.executable, "build_native.py", "--clean"], cwd=copy, check=True, capture_output=True, timeout=60
    )
    assert not list(copy.rglob("*.so")) and not (copy / "topiccrawl" / "revisit" / "_native.json").exists()
    assert _run(copy, horizon=LOADED_ONLY)[0]["compiled"] is False
