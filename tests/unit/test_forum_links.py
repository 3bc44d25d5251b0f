"""URL canonical form, URL patterns and page-flipping detection."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.forum.links import canonicalize, flip_text, narrower_queries, page_flip, pattern_shape, url_pattern


def test_canonicalize_drops_fragments_and_session_ids() -> None:
    assert canonicalize("http://f.test/viewtopic.php?t=5&sid=0123456789abcdef#p9") == "http://f.test/viewtopic.php?t=5"
    assert canonicalize("http://f.test/a?x=1&token=" + "ab12" * 8) == "http://f.test/a?x=1"
    assert canonicalize("http://F.test/thread-5-1-1.html?s=abc") == "http://f.test/thread-5-1-1.html"


def test_canonicalize_keeps_query_values_that_are_not_utf8() -> None:
    # Tieba's old-style bar links and GBK forums' search links percent-encode GBK bytes
    assert canonicalize("http://f.test/f?kw=%C0%BA%C7%F2&fr=x") == "http://f.test/f?fr=x&kw=%C0%BA%C7%F2"
    assert (
        canonicalize("http://f.test/f?kw=%E7%AF%AE%E7%90%83&ie=utf-8")
        == "http://f.test/f?ie=utf-8&kw=%E7%AF%AE%E7%90%83"
    )
    assert canonicalize("http://f.test/f?kw=篮球") == "http://f.test/f?kw=%E7%AF%AE%E7%90%83"


def test_url_pattern_masks_numbers_and_values() -> None:
    assert url_pattern("http://f.test/thread-12-3-1.html") == url_pattern("http://f.test/thread-7-1-1.html")
    assert url_pattern("http://f.test/v.php?t=5&start=20") == "f.test/v.php?start=\\d&t=\\d"
    assert url_pattern("http://f.test/login?next=/a") == url_pattern("http://f.test/login?next=/b/c")
    assert url_pattern("http://f.test/v.php?t=5") != url_pattern("http://f.test/v.php?p=5")


def test_flip_text() -> None:
    assert flip_text(" 3 ") == 3
    assert flip_text("[12]") == 12
    assert flip_text("下一页") == "next"
    assert flip_text("Next") == "next"
    assert flip_text("›") == "next"
    assert flip_text("只看该作者") is None
    assert flip_text("Next page »") == "next" and flip_text("下一页 >>") == "next" and flip_text("尾页 (9)") == "last"
    # a title that starts with a pager's word is a title (the thread was never fetched)
    assert flip_text("Nextcloud behind a reverse proxy: 502 errors") is None
    assert flip_text("Previously on the homelab") is None and flip_text("Next.js on Docker") is None


def test_path_style_page_flip() -> None:
    flip = page_flip("http://f.test/thread-5-1-1.html", "http://f.test/thread-5-3-1.html", "3")
    assert flip is not None and flip.value == 3 and not flip.inserted
    assert flip.key == "/thread-5-{}-1.html"
    # Another thread is not a page of this one; a non-pager anchor is not a flip.
    assert page_flip("http://f.test/thread-5-1-1.html", "http://f.test/thread-6-2-1.html", "2") is None
    assert page_flip("http://f.test/thread-5-1-1.html", "http://f.test/thread-5-2-1.html", "回复") is None


def test_query_style_page_flip_from_the_first_page() -> None:
    flip = page_flip("http://f.test/viewtopic.php?t=5", "http://f.test/viewtopic.php?t=5&start=15", "下一页")
    assert flip is not None and flip.inserted and flip.value == 15
    again = page_flip("http://f.test/viewtopic.php?t=5&start=15", "http://f.test/viewtopic.php?t=5&start=30", "3")
    assert again is not None and again.key == flip.key and not again.inserted


def test_sort_and_print_links_are_not_flips() -> None:
    base = "http://f.test/viewforum.php?f=2"
    assert page_flip(base, base + "&sk=t&sd=d", "Post time") is None
    assert page_flip("http://f.test/viewtopic.php?t=5", "http://f.test/viewtopic.php?t=5&view=print", "Print") is None


@given(st.integers(1, 5000), st.integers(1, 999), st.integers(1, 999))
def test_any_page_number_change_is_a_flip(tid: int, a: int, b: int) -> None:
    flip = page_flip(f"http://f.test/t/{tid}/page/{a}", f"http://f.test/t/{tid}/page/{b}", str(b))
    assert (flip is None) == (a == b)
    if flip is not None:
        assert flip.value == b


def test_queries_are_compared_as_parameter_sets() -> None:
    # Canonical URLs sort the query: parameter order means nothing.
    assert canonicalize("http://f.test/s.php?t=5&page=2") == canonicalize("http://f.test/s.php?page=2&t=5")
    first, second = "http://f.test/s.php?t=5", canonicalize("http://f.test/s.php?t=5&page=2")
    to_two = page_flip(first, second, "2")
    assert to_two is not None and to_two.value == 2 and to_two.inserted
    back = page_flip(second, first, "1")  # page 1 has no page parameter
    assert back is not None and back.value == 1 and back.key == to_two.key
    # A board's pager adds a constant parameter beside the page number.
    board = "http://f.test/f.php?f=2"
    p2, p3 = canonicalize(board + "&order=desc&page=2"), canonicalize(board + "&order=desc&page=3")
    a, b = page_flip(board, p2, "2"), page_flip(p2, p3, "3")
    assert a is not None and b is not None and a.key == b.key
    assert page_flip(p2, canonicalize(board + "&order=asc&page=3"), "3") is None  # another sort order
    # A 'go to last post' view's pager drops its goto parameter: not this URL's sequence.
    assert page_flip("http://f.test/s.php?goto=newpost&t=5", second, "2") is None
    assert flip_text("最后一页 »") == "last"


def test_canonicalize_drops_a_parameter_that_carries_the_referring_pages_query() -> None:
    # Discuz! links each thread with the list page it was found on: one thread, one URL
    on_page_1 = "http://f.test/forum.php?mod=viewthread&tid=109548&extra=page%3D1"
    filtered = "http://f.test/forum.php?mod=viewthread&tid=109548&extra=page%3D2%26filter%3Dtypeid%26typeid%3D145"
    assert canonicalize(on_page_1) == canonicalize(filtered) == "http://f.test/forum.php?mod=viewthread&tid=109548"
    # values that name something stay: a plain value, a path, a URL, a search for "a=b c"
    for name, value in [("page", "2"), ("q", "a%3Db+c"), ("next", "%2Flogin%3Fx%3D1"), ("u", "http%3A%2F%2Fa.test%2F")]:
        assert f"{name}=" in canonicalize(f"http://f.test/go.php?{name}={value}")


@pytest.mark.parametrize(
    ("first", "second", "key"),
    [
        ("/threads/a-title.5/", "/threads/a-title.5/page-2", "/threads/a-title.5/page-{}"),  # XenForo
        ("/threads/5-a-title", "/threads/5-a-title/page2", "/threads/5-a-title/page{}"),  # vBulletin 4
        ("/topic/a-title/", "/topic/a-title/page/2/", "/topic/a-title/page/{}/"),  # bbPress
        ("/topic/123-a-title/", "/topic/123-a-title/page/2/", "/topic/123-a-title/page/{}/"),  # Invision
    ],
)
def test_a_page_component_spliced_into_the_path_is_a_flip(first: str, second: str, key: str) -> None:
    base = "http://f.test"
    for anchor in ("2", "下一页", "Next ›"):
        flip = page_flip(base + first, base + second, anchor)
        assert flip is not None and (flip.key, flip.value, flip.inserted) == (key, 2, True)
    third = base + key.format(3)
    flip = page_flip(base + second, third, "3")
    assert flip is not None and (flip.key, flip.value, flip.inserted) == (key, 3, False)
    back = page_flip(base + second, base + first, "1")  # back to the first page, which has no component
    assert back is not None and (back.key, back.value) == (key, 1)
    # a numbered anchor must name the number spliced in; a replaced part is no splice
    assert page_flip(base + first, base + second, "3") is None
    assert page_flip(base + first, base + second.replace("title", "titre"), "2") is None


def test_a_splice_of_two_numbers_or_many_words_is_no_page() -> None:
    assert page_flip("http://f.test/threads/x.5/", "http://f.test/threads/x.5/page-2-3", "2") is None
    assert page_flip("http://f.test/threads/x.5/", "http://f.test/threads/x.5/reactions-by-member/2", "2") is None


@pytest.mark.parametrize(
    ("pattern", "shape"),
    [
        ("h/threads/mode-fixes-downtown.\\d/", "h/threads/*/"),  # a title slug (XenForo, Discourse)
        ("h/threads/mode-fixes-downtown.\\d/latest", "h/threads/*/latest"),
        ("h/thread-\\d-\\d-\\d.html", "h/thread-\\d-\\d-\\d.html"),  # ids, not words: kept
        ("h/space-uid-\\d.html", "h/space-uid-\\d.html"),
        ("h/whats-new/", "h/whats-new/"),  # two words: a section, not a title
        ("h/forums/phones-and-tablets.\\d/?prefix_id=\\d", "h/forums/*/?prefix_id=\\d"),
    ],
)
def test_pattern_shape_masks_title_slugs_only(pattern: str, shape: str) -> None:
    assert pattern_shape(pattern) == shape


def test_canonicalize_keeps_semicolon_separated_parameters_as_written() -> None:
    # SMF separates parameters by ';': 'topic=5.0%3Ball' is no page of SMF's
    assert canonicalize("http://f.test/index.php?topic=5.0;all") == "http://f.test/index.php?topic=5.0;all"
    assert canonicalize("http://f.test/index.php?action=profile;u=3") == "http://f.test/index.php?action=profile;u=3"
    # ... and a session id among them goes (SMF's redirects to cookie-less clients carry one)
    sid = "0123456789abcdef0123456789abcdef"
    assert canonicalize(f"http://f.test/index.php?PHPSESSID={sid};topic=5.msg7#msg7") == (
        "http://f.test/index.php?topic=5.msg7"
    )
    assert canonicalize(f"http://f.test/index.php?topic=5.0;PHPSESSID={sid}") == "http://f.test/index.php?topic=5.0"
    # a value written escaped stays escaped, a plain one plain
    assert canonicalize("http://f.test/s?q=a%3Bb&r=a;b") == "http://f.test/s?q=a%3Bb&r=a;b"


def test_url_pattern_splits_semicolons_and_masks_numbers_and_escaped_slugs() -> None:
    assert url_pattern("http://f.test/index.php?topic=224.0;all") == "f.test/index.php?all=&topic=\\d.\\d"
    assert url_pattern("http://f.test/index.php?topic=224.15") == url_pattern("http://f.test/index.php?topic=7.0")
    assert url_pattern("http://f.test/index.php?topic=7.0") != url_pattern("http://f.test/index.php?topic=7.msg9")
    # a title slug in Chinese is escaped UTF-8: one pattern for the slugs of any length
    a = url_pattern("http://f.test/topic/238-%E6%B1%82%E5%8A%A9-%E9%95%9C%E5%A4%B4/")
    b = url_pattern("http://f.test/topic/12-%E6%96%B0%E4%BA%BA-%E6%8A%A5%E5%88%B0%E5%95%A6/")
    assert a == b == "f.test/topic/\\d-%-%/"


def test_a_flip_may_add_constant_parameters_beside_the_page_number() -> None:
    # PHPWind 8.7 links a thread's pages from its first page as read.php?tid=5&fpage=0&toread=&page=2
    # (was no flip: two numeric parameters came at once, and no thread's later page was read)
    first = canonicalize("http://f.test/read.php?tid=5")
    for anchor, page in [("2", 2), ("下一页", 2), ("末页 »", 5)]:
        flip = page_flip(first, canonicalize(f"http://f.test/read.php?tid=5&fpage=0&toread=&page={page}"), anchor)
        assert flip is not None and flip.value == page and flip.inserted
        assert flip.key == "/read.php?fpage=0&page={}&tid=5&toread="


def test_an_id_and_a_count_added_to_a_url_are_no_flip() -> None:
    # Invision's 'who reacted' link, anchored by how many did: an id and a number come at once
    topic = canonicalize("http://f.test/topic/238-title/")
    assert page_flip(topic, canonicalize(f"{topic}?comment=3477&do=showReactionsComment&reaction=1"), "1") is None
    assert page_flip(topic, canonicalize(f"{topic}?comment=3477&reaction=2"), "下一页") is None


def test_a_flip_may_reset_a_number_to_0_beside_the_page_number() -> None:
    # a thread linked from its board's second page (read.php?tid=5&fpage=2) links its own pages
    # with the board page reset (was a pager of another URL: every such thread an alias)
    here = canonicalize("http://f.test/read.php?tid=5&fpage=2")
    flip = page_flip(here, canonicalize("http://f.test/read.php?tid=5&fpage=0&toread=&page=2"), "2")
    assert flip is not None and flip.value == 2 and flip.key == "/read.php?fpage=0&page={}&tid=5&toread="


@pytest.mark.parametrize("word", ["e", "last", "END"])
def test_a_last_page_named_by_a_word_flips_to_its_numbered_pages(word: str) -> None:
    # PHPWind's 'last post' cells link read.php?tid=5&page=e, whose pager links
    # &fpage=0&toread=&page=N: no flip (a word is no page number), so that page was read as page 1
    # of a thread of its own, about 20 posts a crawl at the wrong thread and position
    here = canonicalize(f"http://f.test/read.php?tid=5&page={word}")
    flip = page_flip(here, canonicalize("http://f.test/read.php?tid=5&fpage=0&toread=&page=2"), "2")
    assert flip is not None and flip.value == 2 and not flip.inserted
    assert flip.key == "/read.php?fpage=0&page={}&tid=5&toread="
    assert page_flip(here, canonicalize("http://f.test/read.php?tid=5&page=1"), "1") is not None


def test_another_word_in_the_page_parameter_is_another_view() -> None:
    here = canonicalize("http://f.test/list.php?fid=5&sort=name")
    assert page_flip(here, canonicalize("http://f.test/list.php?fid=5&sort=2"), "2") is None


def test_narrower_queries_leave_out_a_views_filters_and_keep_the_rest_in_order() -> None:
    url = canonicalize("http://f.test/read.php?tid=5&uid=7&ordertype=desc")
    narrower = list(narrower_queries(url))
    assert narrower[:3] == [  # one left out first
        "http://f.test/read.php?tid=5&uid=7",
        "http://f.test/read.php?ordertype=desc&uid=7",
        "http://f.test/read.php?ordertype=desc&tid=5",
    ]
    assert "http://f.test/read.php?tid=5" in narrower and "http://f.test/read.php" in narrower
    assert url not in narrower
    assert list(narrower_queries("http://f.test/p/5?see_lz=1")) == ["http://f.test/p/5"]
    assert list(narrower_queries("http://f.test/p/5")) == []
    # (a query this long is a search's or a form's: its subsets name no page worth the lookups)
    assert list(narrower_queries("http://f.test/s?" + "&".join(f"k{i}=1" for i in range(9)))) == []


@given(st.lists(st.from_regex(r"[a-z]{1,3}=[0-9a-z%]{0,4}", fullmatch=True), min_size=1, max_size=6, unique=True))
def test_narrower_queries_are_canonical_subsets(pieces: list[str]) -> None:
    url = canonicalize("http://f.test/x.php?" + "&".join(pieces))
    kept = set(urlsplit(url).query.split("&"))
    for narrower in narrower_queries(url):
        assert canonicalize(narrower) == narrower  # (so a lookup by it finds the page read under it)
        assert set(filter(None, urlsplit(narrower).query.split("&"))) < kept
