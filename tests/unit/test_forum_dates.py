"""Comparable dates of forum posts (``topiccrawl.forum.dates``)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.forum.dates import MIN_PAIRS, chronological, date_key


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("发表于 2018-10-4 19:09", (2018, 10, 4, 19, 9, 0)),
        ("2019年7月3日 21:35:07", (2019, 7, 3, 21, 35, 7)),
        ("2024/01/05T14:32", (2024, 1, 5, 14, 32, 0)),
        ("2024.1.5", (2024, 1, 5, 0, 0, 0)),
        ("Mon Feb 13, 2017 9:12 pm", (2017, 2, 13, 21, 12, 0)),
        ("Posted: January 2, 2023, 12:35am", (2023, 1, 2, 0, 35, 0)),
        ("2 January 2023 at 10:15", (2023, 1, 2, 10, 15, 0)),
        ("posted 12, 2020 by Mar 3, 2021", (2021, 3, 3, 0, 0, 0)),  # a word that is no month is passed over
        ("10-4 19:09", (0, 10, 4, 19, 9, 0)),
        ("06-12-2025, 01:40 PM", (2025, 6, 12, 13, 40, 0)),  # month first (MyBB, US boards)
        ("13/06/2025 21:05", (2025, 6, 13, 21, 5, 0)),  # a first number over 12 is the day
        ("12.06.2025 13:40", (2025, 6, 12, 13, 40, 0)),  # dots: day first (German and Russian boards)
        ("06/12/25 13:40", (2025, 6, 12, 13, 40, 0)),
    ],
)
def test_date_key_reads_the_formats_boards_print(text: str, key: tuple[int, ...]) -> None:
    assert date_key(text) == key


@pytest.mark.parametrize("text", ["3 天前", "yesterday", "", "Joined: Mar 2005", "第 12 楼", "version 1.2.25"])
def test_date_key_is_none_without_an_absolute_date(text: str) -> None:
    assert date_key(text) is None


def test_a_few_neighbours_say_nothing() -> None:
    dates = [f"2020-1-{d} 10:00" for d in range(1, MIN_PAIRS + 1)]  # MIN_PAIRS - 1 pairs
    assert chronological(dates) is None
    assert chronological([*dates, None, "3 天前", "2020-1-30 10:00"]) == 1.0


def test_profile_dates_in_no_order_score_low() -> None:
    joined = ["2018-6-17 17:49", "2019-12-4 01:24", "2017-3-2 08:00", "2019-11-28 11:51", "2018-1-9 10:42"]
    assert chronological(joined) == 0.5


_when = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2030, 1, 1))


@given(st.lists(_when, min_size=MIN_PAIRS + 1, max_size=30), st.booleans(), st.sampled_from(["iso", "en", "zh"]))
def test_dates_in_page_order_score_one_either_way(times: list[datetime], newest_first: bool, style: str) -> None:
    times = sorted((t.replace(second=0, microsecond=0) for t in times), reverse=newest_first)
    fmt = {"iso": "%Y-%m-%d %H:%M", "en": "%b %d, %Y %I:%M %p", "zh": "%Y年%m月%d日 %H:%M"}[style]
    shown = [t.strftime(fmt) for t in times]
    assert chronological(shown) == 1.0
    assert [date_key(s) for s in shown] == [(t.year, t.month, t.day, t.hour, t.minute, 0) for t in times]


@given(st.lists(_when, min_size=MIN_PAIRS + 1, max_size=30, unique=True))
def test_one_step_back_in_a_sorted_thread_costs_one_pair(times: list[datetime]) -> None:
    times = sorted(times)
    # a post moved to the front (a pinned first post, a reply by a wrong clock) breaks one neighbour pair
    moved = [times[-1], *times[:-1]]
    shown = [(t - timedelta(seconds=t.second)).strftime("%Y-%m-%d %H:%M") for t in moved]
    score = chronological(shown)
    assert score is not None and score >= (len(shown) - 2) / (len(shown) - 1)
