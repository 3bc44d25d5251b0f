from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.redirectors import carried_url


@pytest.mark.parametrize(
    ("link", "target"),
    [
        ("http://a.cn/go?url=https%3A%2F%2Fb.cn%2Fa%2F7.html", "https://b.cn/a/7.html"),
        ("http://a.cn/out?u=http://b.cn/p/1", "http://b.cn/p/1"),
        ("https://www.google.com/url?q=https://b.org/x&sa=U&ved=0ah", "https://b.org/x"),
        ("https://l.facebook.com/l.php?u=https%3A%2F%2Fb.org%2F&h=AT0x", "https://b.org/"),
        ("https://link.zhihu.com/?target=https%3A//b.org/post", "https://b.org/post"),
        ("https://links.jianshu.com/go?to=https%3A%2F%2Fb.org%2F", "https://b.org/"),
        ("https://www.douban.com/link2/?url=http%3A%2F%2Fb.org%2Fq", "http://b.org/q"),
        ("http://a.cn/redirect.php?target=https%253A%252F%252Fb.org%252Fz", "https://b.org/z"),  # encoded twice
    ],
)
def test_a_redirector_link_carries_its_target(link: str, target: str) -> None:
    assert carried_url(link) == target


@pytest.mark.parametrize(
    "link",
    [
        "http://a.cn/article?id=5&from=http%3A%2F%2Fa.cn%2Flist%2F",  # an article naming where it came from
        "http://a.cn/go?id=8812",  # a redirector by id: nothing to read
        "http://a.cn/go?url=http://b.cn/1&back=http://a.cn/",  # two URLs: which is the target?
        "http://a.cn/go?url=http://b.cn/photo.jpg",  # an image, not a page
        "http://a.cn/go?url=ftp://b.cn/file",  # not http(s)
        "http://a.cn/go",
    ],
)
def test_links_that_are_no_plain_redirector_are_left_alone(link: str) -> None:
    assert carried_url(link) is None


@given(st.text(max_size=60))
def test_any_query_gives_none_or_an_absolute_http_url(query: str) -> None:
    target = carried_url(f"http://a.cn/go?{query}")
    assert target is None or target.lower().startswith(("http://", "https://"))
