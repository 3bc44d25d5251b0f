"""A text classifier for Chinese (and mixed) pages: TF-IDF over jieba tokens, then a linear model.

Trained from labelled JSONL examples (``{"text": ..., "label": ...}`` per line) by
``scrapy train-classifier``; used for page relevance by the topic spider and for
``category`` by the enrichment pipeline. Models are saved with joblib to a
local file the user made; never load a model file from an untrusted source.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from topiccrawl.tokenize import tokenize


class TrainingDataError(ValueError):
    """The labelled examples cannot train a classifier (missing fields, one label only, ...)."""


@dataclass(frozen=True, slots=True)
class Example:
    text: str
    label: str


def read_examples(path: str | Path, *, text_field: str = "text", label_field: str = "label") -> list[Example]:
    """Examples from a JSONL file; a line without text or label is an error naming the line."""
    examples = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise TrainingDataError(f"{path}:{lineno}: not JSON ({exc.msg})") from None
            text, label = record.get(text_field), record.get(label_field)
            if not isinstance(text, str) or not text.strip() or label is None:
                raise TrainingDataError(f"{path}:{lineno}: needs a non-empty {text_field!r} and a {label_field!r}")
            examples.append(Example(text, str(label)))
    return examples


def _analyzer(text: str) -> list[str]:
    return tokenize(text)


class TextClassifier:
    """TF-IDF (jieba tokens, sublinear tf) + logistic regression."""

    def __init__(self, pipeline: object) -> None:
        self._pipeline = pipeline

    @classmethod
    def train(cls, examples: Iterable[Example], *, max_features: int = 50_000) -> TextClassifier:
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.linear_model import LogisticRegression
        from sklearn.pipeline import make_pipeline

        examples = list(examples)
        labels = {e.label for e in examples}
        if len(labels) < 2:
            raise TrainingDataError(f"need examples of at least two labels, got {sorted(labels)}")
        pipeline = make_pipeline(
            TfidfVectorizer(analyzer=_analyzer, sublinear_tf=True, max_features=max_features),
            LogisticRegression(max_iter=1000, class_weight="balanced"),
        )
        pipeline.fit([e.text for e in examples], [e.label for e in examples])
        return cls(pipeline)

    @property
    def labels(self) -> list[str]:
        return [str(c) for c in self._pipeline.classes_]

    def predict(self, texts: Sequence[str]) -> list[str]:
        return [str(label) for label in self._pipeline.predict(list(texts))]

    def probability(self, texts: Sequence[str], label: str) -> list[float]:
        """Probability of ``label`` for each text."""
        index = self.labels.index(label)
        return [float(row[index]) for row in self._pipeline.predict_proba(list(texts))]

    def save(self, path: str | Path) -> None:
        import joblib

        joblib.dump(self._pipeline, path)

    @classmethod
    def load(cls, path: str | Path) -> TextClassifier:
        import joblib

        return cls(joblib.load(path))
