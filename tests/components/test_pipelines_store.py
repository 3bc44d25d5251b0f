"""The page store survives a killed writer; ``scrapy train-classifier`` end to end."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.helpers import PROJECT_ROOT, run_scrapy
from topiccrawl.store.pages import PageRecord, SqlitePageStore

WRITER = """
import sys
from topiccrawl.store.pages import PageRecord, SqlitePageStore
store = SqlitePageStore(sys.argv[1])
i = 0
while True:
    store.put(PageRecord(key=f"http://a.test/{i}", url=f"http://a.test/{i}", checksum="c" * 40,
                         simhash=(1 << 64) - 1 - i, etag=f'"{i}"', title="x" * 2000, page_type="topic_page"))
    i += 1
    if i == 50:
        print("ready", flush=True)
"""


def test_killed_writer_leaves_a_readable_store_without_half_records(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    time.sleep(0.3)  # let it get well into writing
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)

    store = SqlitePageStore(path)
    assert store._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    records = store.all()
    assert len(records) >= 50
    for record in records:  # every committed record is whole
        i = int(record.key.rsplit("/", 1)[1])
        assert record.etag == f'"{i}"' and record.simhash == (1 << 64) - 1 - i
        assert record.checksum == "c" * 40 and record.title == "x" * 2000
    # And the store takes new writes after the crash.
    store.put(PageRecord(key="after", url="http://a.test/after"))
    assert store.get("after") is not None


def test_simhash_high_bit_round_trips_through_sqlite(tmp_path: Path) -> None:
    store = SqlitePageStore(tmp_path / "s.sqlite3")
    store.put(PageRecord(key="k", url="u", simhash=1 << 63))
    assert store.get("k").simhash == 1 << 63
    assert store.key_for_simhash(1 << 63) == "k"


def test_train_classifier_command_end_to_end(tmp_path: Path) -> None:
    examples = tmp_path / "examples.jsonl"
    rows = [{"text": t, "label": "history"} for t in ["辛亥革命 武昌起义", "孙中山 同盟会 起义", "清朝 革命 历史"]]
    rows += [{"text": t, "label": "sport"} for t in ["篮球 比赛 球员", "足球 联赛 进球", "马拉松 冠军 比赛"]]
    examples.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")
    model = tmp_path / "out" / "model.joblib"
    proc = run_scrapy("train-classifier", str(examples), "-o", str(model))
    assert proc.returncode == 0, proc.stderr
    assert "trained on 6 examples (history: 3, sport: 3)" in proc.stdout

    from topiccrawl.textclf import TextClassifier

    classifier = TextClassifier.load(model)
    assert classifier.predict(["武昌起义 革命", "篮球 比赛"]) == ["history", "sport"]


def test_train_classifier_rejects_bad_input_in_one_line(tmp_path: Path) -> None:
    one_label = tmp_path / "one.jsonl"
    one_label.write_text('{"text": "a b", "label": "x"}\n{"text": "c d", "label": "x"}\n', encoding="utf-8")
    proc = run_scrapy("train-classifier", str(one_label), "-o", str(tmp_path / "m.joblib"))
    assert proc.returncode != 0
    assert "need examples of at least two labels" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "m.joblib").exists()
    missing = run_scrapy("train-classifier", str(tmp_path / "examples.jsonl"))
    assert missing.returncode != 0 and "-o MODEL.joblib" in missing.stderr
