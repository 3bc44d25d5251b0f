from __future__ import annotations

import json
from pathlib import Path

import pytest

from topiccrawl.textclf import Example, TextClassifier, TrainingDataError, read_examples


def test_train_predict_save_load(tmp_path: Path) -> None:
    on = ["武昌起义 辛亥革命 同盟会 孙中山", "黄花岗起义 革命党人 清政府", "辛亥革命 中华民国 临时政府"]
    off = ["手机 电池 续航 拍照", "篮球 比赛 加时赛 球迷", "面馆 牛肉面 味道 小区"]
    clf = TextClassifier.train([Example(t, "on") for t in on] + [Example(t, "off") for t in off])
    assert clf.predict(["孙中山 领导 辛亥革命"]) == ["on"]
    path = tmp_path / "model.joblib"
    clf.save(path)
    loaded = TextClassifier.load(path)
    assert loaded.probability(["篮球 比赛"], "off")[0] > 0.5


def test_bad_examples(tmp_path: Path) -> None:
    path = tmp_path / "ex.jsonl"
    path.write_text(json.dumps({"text": "a"}) + "\n", encoding="utf-8")
    with pytest.raises(TrainingDataError, match=":1:"):
        read_examples(path)
    with pytest.raises(TrainingDataError, match="two labels"):
        TextClassifier.train([Example("a", "x"), Example("b", "x")])
