"""The dates forums print: where a text shows one (:data:`TIME_RE`, :data:`RELATIVE_TIME_RE`), and
comparable forms of them, to tell a post's own time from other dates.

A post's header is not the only dated field of its record: profile boxes show the poster's
join date, last visit, or a sign-in plugin's "TA的每日心情 … 2018-6-17 17:49" (Discuz!'s
dsu_paulsign, on many Chinese boards). Those differ between posters as post times do, and are
often the shorter field. What sets post times apart is their order: a thread lists its posts
oldest first (or, on some boards, newest first), so along the page they only rise (or fall),
while the poster's dates come in no order at all. :func:`chronological` measures that.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTHS = {m: i for i, m in enumerate(_MONTH_NAMES, 1)}
_CLOCK = r"(?:(?:\s*|T|,?\s+(?:at\s+)?)(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?m\b\.?)?)?"
_YMD = re.compile(r"(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?" + _CLOCK, re.IGNORECASE)
_MDY = re.compile(r"\b([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})" + _CLOCK, re.IGNORECASE)
_DMY = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4})" + _CLOCK, re.IGNORECASE)
# the year last, in numbers: "06-12-2025" (month first in the US), "12.06.2025" (day first with dots)
_NUMERIC_YEAR_LAST = re.compile(
    r"\b(\d{1,2})([-/.])(\d{1,2})[-/.](\d{4}|\d{2}(?=\s*,?\s+\d{1,2}:))" + _CLOCK, re.IGNORECASE
)
_MD = re.compile(r"\b(\d{1,2})[-/](\d{1,2})\s+(\d{1,2}):(\d{2})")  # "10-4 19:09": this year's, no year shown

# How forums print a post's time, to find one in a record's text:
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_HHMM = r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\b\.?)?"
TIME_RE = re.compile(
    r"(?:\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?(?:(?:\s*|T)\d{1,2}:\d{2}(?::\d{2})?)?)"
    r"|(?:\d{1,2}[-/]\d{1,2}\s+\d{1,2}:\d{2})"
    # the year last: "06-12-2025, 01:40 PM" (MyBB), "12.06.2025 13:40" (European boards), "06/12/25 13:40"
    rf"|(?:\b\d{{1,2}}[-/.]\d{{1,2}}[-/.]\d{{4}}\b(?:\s*,?\s+(?:at\s+)?{_HHMM})?)"
    rf"|(?:\b\d{{1,2}}[-/.]\d{{1,2}}[-/.]\d{{2}}\s*,?\s+{_HHMM})"
    r"|(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*\s+\w{3}\s+\d{1,2},\s+\d{4}\s+\d{1,2}:\d{2}(?:\s*[ap]m)?)"
    # "January 2, 2023, 3:35am", "Mar 02, 2024 3:15 pm", "2 January 2023 at 10:15"
    rf"|(?:\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}(?:,?\s+(?:at\s+)?{_HHMM})?)"
    rf"|(?:\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+\d{{4}}(?:,?\s+(?:at\s+)?{_HHMM})?)",
    re.IGNORECASE,
)
# Boards print recent posts' times relative to now ("3 天前", "昨天 10:15", "Today, 10:15 AM",
# "5 minutes ago"), often with the absolute time in a title attribute.
RELATIVE_TIME_RE = re.compile(
    r"\d+\s*(?:秒|分钟|分鐘|小时|小時|天|周|星期|个月|個月)前|半小时前|半小時前"
    r"|(?:昨天|前天|今天)\s*\d{1,2}:\d{2}"
    rf"|\b(?:today|yesterday)\b\s*,?\s*(?:at\s+)?{_HHMM}"  # ("Yesterday , 08:35 PM": a tag's text ends at the comma)
    # within the last week: "Saturday at 11:47 PM" (XenForo, Invision), "星期六 10:15", "周六 10:15"
    rf"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s*(?:at\s+)?{_HHMM}"
    r"|(?:星期|周)[一二三四五六日天]\s*\d{1,2}:\d{2}"
    r"|\b(?:\d+|an?|one)\s+(?:second|minute|hour|day|week|month|year)s?\s+ago\b|\ba moment ago\b|\bjust now\b",
    re.IGNORECASE,
)
# Fewer ordered neighbours than this say nothing: three posters' join dates are in order one time in three.
MIN_PAIRS = 4
DateKey = tuple[int, int, int, int, int, int]


def _clock(hour: str | None, minute: str | None, second: str | None, half: str | None) -> tuple[int, int, int]:
    if hour is None:
        return 0, 0, 0
    h = int(hour) % 12 + (12 if half and half.lower() == "p" else 0) if half else int(hour)
    return h, int(minute or 0), int(second or 0)


def date_key(text: str) -> DateKey | None:
    """(year, month, day, hour, minute, second) of the first absolute date in ``text``; None
    when it holds none this module reads (relative times such as "3 天前" among them).
    A date shown without its year gets year 0: comparable with others of the same page only."""
    if m := _YMD.search(text):
        return (int(m[1]), int(m[2]), int(m[3]), *_clock(m[4], m[5], m[6], m[7]))
    for pattern, (mon, day, year) in ((_MDY, (1, 2, 3)), (_DMY, (2, 1, 3))):
        for m in pattern.finditer(text):
            if month := _MONTHS.get(m[mon].lower()):
                return (int(m[year]), month, int(m[day]), *_clock(m[4], m[5], m[6], m[7]))
    if m := _NUMERIC_YEAR_LAST.search(text):
        first, second = int(m[1]), int(m[3])
        day_first = m[2] == "." or first > 12  # (a day over 12 tells; else the separator's custom)
        day, month = (first, second) if day_first else (second, first)
        year = int(m[4]) + (2000 if len(m[4]) == 2 else 0)
        return (year, month, day, *_clock(m[5], m[6], m[7], m[8]))
    if m := _MD.search(text):
        return (0, int(m[1]), int(m[2]), int(m[3]), int(m[4]), 0)
    return None


def chronological(values: Sequence[str | None]) -> float | None:
    """How well ``values`` (one per record, in page order; None where a record has none) keep
    one direction: the larger share of neighbouring readable dates that rise, or that fall
    (equal counts both ways). None when fewer than :data:`MIN_PAIRS` neighbours can be compared."""
    keys = [k for v in values if v and (k := date_key(v)) is not None]
    pairs = list(pairwise(keys))
    if len(pairs) < MIN_PAIRS:
        return None
    rising = sum(1 for a, b in pairs if b >= a)
    falling = sum(1 for a, b in pairs if b <= a)
    return max(rising, falling) / len(pairs)


def has_date(text: str) -> bool:
    """Whether ``text`` shows a date or time as forums print one, absolute or relative."""
    return bool(TIME_RE.search(text) or RELATIVE_TIME_RE.search(text))
