"""``scrapy train-classifier EXAMPLES.jsonl -o MODEL.joblib``: train the category classifier.

EXAMPLES.jsonl has one labelled example per line, ``{"text": "...", "label": "..."}``
(field names changeable with ``--text-field``/``--label-field``). The model is
what ``TOPICCRAWL_CLASSIFIER_PATH`` points the enrichment pipeline at.

Scrapy names a command after its module, and module names cannot hold a hyphen
in an import statement, so the command class lives in ``train-classifier.py``
and the logic here, in a mixin that Scrapy does not list as a second command.
"""

from __future__ import annotations

import logging
from argparse import ArgumentParser, Namespace
from collections import Counter
from pathlib import Path

from scrapy.exceptions import UsageError

from topiccrawl.textclf import TextClassifier, TrainingDataError, read_examples

logger = logging.getLogger(__name__)


class TrainClassifier:
    """The command's behaviour; combined with ScrapyCommand in ``train-classifier.py``."""

    requires_project = False
    default_settings = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "EXAMPLES.jsonl -o MODEL.joblib"

    def short_desc(self) -> str:
        return "Train the category classifier from labelled JSONL examples"

    def add_options(self, parser: ArgumentParser) -> None:
        super().add_options(parser)  # type: ignore[misc]
        parser.add_argument("-o", "--output", dest="model", help="where to write the model (joblib)")
        parser.add_argument("--text-field", default="text", help="JSON field with the text (default: text)")
        parser.add_argument("--label-field", default="label", help="JSON field with the label (default: label)")

    def run(self, args: list[str], opts: Namespace) -> None:
        if len(args) != 1:
            raise UsageError("give one file of labelled examples: scrapy train-classifier EXAMPLES.jsonl -o MODEL")
        if not opts.model:
            raise UsageError("say where to write the model: -o MODEL.joblib")
        examples_path = Path(args[0])
        if not examples_path.is_file():
            raise UsageError(f"no such file: {examples_path}")
        try:
            examples = read_examples(examples_path, text_field=opts.text_field, label_field=opts.label_field)
            classifier = TextClassifier.train(examples)
        except (TrainingDataError, UnicodeDecodeError) as exc:
            raise UsageError(str(exc)) from None
        model = Path(opts.model)
        model.parent.mkdir(parents=True, exist_ok=True)
        classifier.save(model)
        counts = Counter(e.label for e in examples)
        summary = ", ".join(f"{label}: {n}" for label, n in sorted(counts.items()))
        print(f"trained on {len(examples)} examples ({summary}); model written to {model}")
        print(f"use it with: scrapy crawl SPIDER -s TOPICCRAWL_CLASSIFIER_PATH={model}")
