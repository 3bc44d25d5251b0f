from __future__ import annotations

import datetime
import zoneinfo

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scrapy import Request
from scrapy.utils.request import request_from_dict

from topiccrawl import redisjson

_fixed_offsets = st.integers(-23 * 60, 23 * 60).map(lambda m: datetime.timezone(datetime.timedelta(minutes=m)))
_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.text()
    | st.binary()
    | st.datetimes()
    | st.datetimes(timezones=_fixed_offsets)
    | st.dates()
)
_keys = st.text() | st.integers() | st.binary() | st.sampled_from(sorted(redisjson._TAGS))
_hashables = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | st.binary() | st.dates(),
    lambda children: st.tuples(children, children) | st.frozensets(children, max_size=3),
    max_leaves=6,
)
json_values = st.recursive(
    _scalars,
    lambda children: (
        st.lists(children)
        | st.dictionaries(_keys, children)
        | st.lists(children, max_size=4).map(tuple)
        | st.sets(_hashables, max_size=4)
        | st.frozensets(_hashables, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_roundtrip(value: object) -> None:
    restored = redisjson.loads(redisjson.dumps(value))
    assert restored == value
    assert _types(restored) == _types(value)  # a tuple stays a tuple, an int key an int


def _types(value: object) -> object:
    """The value's structure with every leaf replaced by its type (== alone equates 1 and True, (1,) and [1] not)."""
    if isinstance(value, dict):
        return (dict, sorted((repr(k), type(k).__name__, _types(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return (type(value), [_types(v) for v in value])
    if isinstance(value, set | frozenset):
        return (type(value), sorted(repr(_types(v)) for v in value))
    return type(value)


def test_common_meta_types_come_back_as_themselves() -> None:
    meta = {
        "seen": datetime.datetime(2024, 5, 1, 12, 0, tzinfo=datetime.UTC),
        "day": datetime.date(2024, 5, 1),
        "tags": {"a", "b"},
        "pos": (1, 2),
        "ranks": {1: "x", 2: "y"},
        "__b64__": "not bytes",
    }
    restored = redisjson.loads(redisjson.dumps(meta))
    assert restored == meta
    assert type(restored["pos"]) is tuple and type(restored["tags"]) is set
    assert list(restored["ranks"]) == [1, 2]
    assert restored["seen"].tzinfo is not None


def test_a_zoned_datetime_comes_back_as_the_same_instant_with_its_offset() -> None:
    zoned = datetime.datetime(2024, 5, 1, 12, 0, tzinfo=zoneinfo.ZoneInfo("Asia/Shanghai"))
    restored = redisjson.loads(redisjson.dumps(zoned))
    assert restored == zoned and restored.utcoffset() == datetime.timedelta(hours=8)
    assert restored.tzinfo == datetime.timezone(datetime.timedelta(hours=8))  # the zone's name is not kept


def test_a_dict_keyed_by_a_tag_alone_is_not_taken_for_a_tagged_value() -> None:
    for tag in redisjson._TAGS:
        value = {tag: "x"}
        assert redisjson.loads(redisjson.dumps(value)) == value


@pytest.mark.parametrize(
    ("value", "path"),
    [
        ({"meta": {"price": __import__("decimal").Decimal("1.5")}}, "meta['price']"),
        ({"cb_kwargs": {"items": [1, object()]}}, "cb_kwargs['items'][1]"),
        ({"meta": {"when": datetime.time(12, 0)}}, "meta['when']"),
    ],
)
def test_other_types_are_refused_naming_where_they_are(value: object, path: str) -> None:
    with pytest.raises(redisjson.UnserializableError) as caught:
        redisjson.dumps(value)
    assert caught.value.path == path
    assert path in str(caught.value)
    assert isinstance(caught.value, TypeError)  # what Scrapy's own disk queues raise and catch


def test_request_dict_roundtrips_without_pickle() -> None:
    request = Request(
        "http://127.0.0.1/页面",
        method="POST",
        body=b"\x00\xff",
        headers={"X": "1"},
        meta={"score": 0.5, "seen": datetime.datetime(2024, 5, 1)},
        cb_kwargs={"pos": (1, 2)},
        priority=7,
    )
    data = request.to_dict()
    restored = request_from_dict(redisjson.loads(redisjson.dumps(data)))
    assert restored.url == request.url
    assert restored.body == b"\x00\xff"
    assert restored.headers.get("X") == b"1"
    assert restored.priority == 7
    assert restored.meta["score"] == 0.5
    assert restored.meta["seen"] == datetime.datetime(2024, 5, 1)
    assert restored.cb_kwargs["pos"] == (1, 2)
    assert b"pickle" not in redisjson.dumps(data)
