"""``scrapy train-classifier``: see :mod:`topiccrawl.commands.train_classifier`."""

from __future__ import annotations

from scrapy.commands import ScrapyCommand

from topiccrawl.commands.train_classifier import TrainClassifier


class Command(TrainClassifier, ScrapyCommand):
    pass
