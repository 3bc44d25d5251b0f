"""Views of pages already read: the same records, filtered or reordered, under another URL."""

from __future__ import annotations

from topiccrawl.forum.regions import Region, find_regions, parse_html
from topiccrawl.forum.views import SeenRecords


def _posts(*numbers: int) -> Region:
    posts = "".join(
        f"<div class='post'><a href='/u/{n % 3}'>member{n % 3}</a><p>post number {n} says something new</p></div>"
        for n in numbers
    )
    return max(find_regions(parse_html(f"<html><body><div id='posts'>{posts}</div></body></html>")), key=len)


def test_a_members_posts_only_or_newest_first_is_a_view_of_the_pages_read() -> None:
    seen = SeenRecords()
    assert not seen.shown_before("/t/5", _posts(1, 2, 3, 4, 5, 6))
    assert not seen.shown_before("/t/5?page=2", _posts(7, 8, 9))  # the thread's next page
    assert seen.shown_before("/t/5?uid=1", _posts(1, 4, 7))  # one member's posts, over both pages
    assert seen.shown_before("/t/5?order=desc", _posts(9, 8, 7, 6, 5, 4))
    # the same page read again (a redirect's target and a link to it) is no view of itself
    assert not seen.shown_before("/t/5", _posts(1, 2, 3, 4, 5, 6))


def test_a_page_with_a_few_records_read_elsewhere_is_no_view() -> None:
    seen = SeenRecords()
    assert not seen.shown_before("/t/5", _posts(1, 2, 3))
    # a board's page whose first row moved there from the page before (a new thread on top)
    assert not seen.shown_before("/t/6", _posts(3, 10, 11, 12, 13))
    assert seen.shown_before("/t/7", _posts(10, 11, 12, 13))


def test_records_too_short_to_tell_apart_say_nothing() -> None:
    seen = SeenRecords()
    short = max(
        find_regions(parse_html("<html><body><ul>" + "<li><a href='/u'>u</a> +1</li>" * 4 + "</ul></body></html>")),
        key=len,
    )
    assert not seen.shown_before("/t/1", short)
    assert not seen.shown_before("/t/2", short)  # "+1" is said in every thread
