from __future__ import annotations

import pytest

from topiccrawl.args import SettingError
from topiccrawl.redisjob import check_job, default_job, job_keys


def test_workers_of_one_crawl_agree_on_the_job() -> None:
    a = default_job("follow", ["https://a.example/", "https://b.example/"])
    assert a == default_job("follow", ["https://b.example/", "https://a.example/", "https://a.example/"])
    assert len(a) == 12 and all(c in "0123456789abcdef" for c in a)


def test_other_start_urls_or_another_spider_get_another_job() -> None:
    a = default_job("follow", ["https://a.example/"])
    assert a != default_job("follow", ["https://b.example/"])
    assert a != default_job("follow", ["https://a.example/", "https://b.example/"])
    assert a != default_job("topic", ["https://a.example/"])


def test_keys_are_spider_then_job() -> None:
    keys = job_keys("follow", "run-2")
    assert (keys.queue, keys.dupefilter) == ("follow:run-2:requests", "follow:run-2:dupefilter")


@pytest.mark.parametrize("value", ["2024-06-01", "site.a_run-3", "x"])
def test_usable_job_ids(value: str) -> None:
    assert check_job(value) == value


@pytest.mark.parametrize("value", ["", "a b", "a:b", "-x", "a" * 65, "%(spider)s"])
def test_job_ids_that_would_break_the_keys_are_refused(value: str) -> None:
    with pytest.raises(SettingError, match="TOPICCRAWL_REDIS_JOB"):
        check_job(value)
