"""Topic dictionaries: loading (bundled name or file), weighted terms with URL aliases, dynamic growth."""

from topiccrawl.dictionary.growth import CrawlFeedback, DictionaryGrower, FeedbackSource, GrowthConfig, Judgement
from topiccrawl.dictionary.load import bundled_names, load_dictionary, parse_dictionary
from topiccrawl.dictionary.terms import LEARNED, STATIC, Term, TopicDictionary

__all__ = [
    "LEARNED",
    "STATIC",
    "CrawlFeedback",
    "DictionaryGrower",
    "FeedbackSource",
    "GrowthConfig",
    "Judgement",
    "Term",
    "TopicDictionary",
    "bundled_names",
    "load_dictionary",
    "parse_dictionary",
]
