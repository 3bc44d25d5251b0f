from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from scrapy import Request
from scrapy.utils.request import request_from_dict

from topiccrawl import redisjson

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | st.binary(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
    max_leaves=20,
)


@given(json_values)
def test_roundtrip(value: object) -> None:
    assert redisjson.loads(redisjson.dumps(value)) == value


def test_request_dict_roundtrips_without_pickle() -> None:
    request = Request(
        "http://127.0.0.1/页面", method="POST", body=b"\x00\xff", headers={"X": "1"}, meta={"score": 0.5}, priority=7
    )
    data = request.to_dict()
    restored = request_from_dict(redisjson.loads(redisjson.dumps(data)))
    assert restored.url == request.url
    assert restored.body == b"\x00\xff"
    assert restored.priority == 7
    assert restored.meta["score"] == 0.5
    assert b"pickle" not in redisjson.dumps(data)
