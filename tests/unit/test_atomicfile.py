from __future__ import annotations

from pathlib import Path

import pytest

from topiccrawl.atomicfile import atomic_open, write_atomic


def test_a_file_is_written_whole_in_a_new_directory_and_replaced(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "state.json"
    write_atomic(target, "新的 one")
    assert target.read_text(encoding="utf-8") == "新的 one"
    write_atomic(target, b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"
    assert sorted(p.name for p in target.parent.iterdir()) == ["state.json"]


def test_an_error_while_writing_keeps_the_old_file_and_leaves_no_temporary_one(tmp_path: Path) -> None:
    target = tmp_path / "stats.json"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError), atomic_open(target) as f:
        f.write("half of the new")
        raise RuntimeError("killed mid-write")
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.json"]


def test_only_whole_writes_are_opened(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="mode"), atomic_open(tmp_path / "x", "a"):
        pass
