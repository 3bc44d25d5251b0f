"""Side boxes: templates that pages of one URL shape show beside their posts (``forum/sides.py``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.forum.sides import SIDE_PAGES, SIDE_RATIO, SideBoxes

TOPIC = "bbs.test/topic/\\d/*"


def _posts(key: str) -> bool:
    return key == "posts"


def test_a_box_beside_the_posts_of_two_pages_is_a_side_box_of_their_shape_only() -> None:
    sides = SideBoxes()
    sides.note(TOPIC, "posts", ["posts", "suggested", "menu"])
    assert not sides.is_side(TOPIC, "suggested", _posts)  # (one page says little)
    sides.note(TOPIC, "posts", ["suggested", "menu"])
    assert sides.is_side(TOPIC, "suggested", _posts)
    assert not sides.is_side(TOPIC, "posts", _posts)
    assert not sides.is_side("bbs.test/category/\\d/*", "suggested", _posts)


def test_a_box_repeated_on_one_page_counts_as_one_page() -> None:
    # (NodeBB shows a vote box beside every post: one page is still one page of evidence)
    sides = SideBoxes()
    sides.note(TOPIC, "posts", ["votes"] * 5)
    assert sides.beside_posts(TOPIC, "votes", _posts) == 1
    assert not sides.is_side(TOPIC, "votes", _posts)


def test_only_pages_whose_content_is_a_post_template_count_as_it_is_known_when_asked() -> None:
    # (a thread page read as a list under another region must not bar its posts' template)
    sides = SideBoxes()
    for _ in range(5):
        sides.note(TOPIC, "rows", ["posts"])
    assert not sides.is_side(TOPIC, "posts", _posts)
    assert sides.beside_posts(TOPIC, "posts", _posts) == 0
    # ... and a template proved a post template later counts its earlier pages
    assert sides.is_side(TOPIC, "posts", lambda key: key == "rows")


def test_a_box_often_the_content_of_pages_of_the_shape_is_no_side_box_there() -> None:
    sides = SideBoxes()
    for _ in range(3):
        sides.note(TOPIC, "posts", ["box"])
    sides.note(TOPIC, "box", ["posts"])
    sides.note(TOPIC, "box", ["posts"])
    assert not sides.is_side(TOPIC, "box", _posts)  # 3 pages beside, 2 as content
    for _ in range(2):
        sides.note(TOPIC, "posts", ["box"])
    assert sides.is_side(TOPIC, "box", _posts)  # 5 beside, more than twice 2


def test_pairs_past_the_limit_are_not_counted_but_those_counted_go_on() -> None:
    sides = SideBoxes(limit=1)
    sides.note(TOPIC, "posts", ["a", "b"])
    sides.note(TOPIC, "posts", ["a", "b"])
    assert sides.is_side(TOPIC, "a", _posts)
    assert not sides.is_side(TOPIC, "b", _posts)


@given(st.lists(st.tuples(st.sampled_from(["posts", "box", "menu"]), st.booleans()), max_size=40))
def test_a_side_box_is_beside_posts_often_enough_and_seldom_the_content(pages: list[tuple[str, bool]]) -> None:
    sides = SideBoxes()
    for content, with_box in pages:
        sides.note(TOPIC, content, ["posts", "menu", *(["box"] if with_box else [])])
    beside = sum(1 for content, with_box in pages if content == "posts" and with_box)
    as_content = sum(1 for content, _ in pages if content == "box")
    expected = beside >= SIDE_PAGES and beside > SIDE_RATIO * as_content
    assert sides.is_side(TOPIC, "box", _posts) == expected


def test_a_post_template_is_never_a_side_box() -> None:
    # (a board's rows that still pass for posts, taken for a short thread's content, must not bar
    # the posts beside them on every later page)
    sides = SideBoxes()
    for _ in range(4):
        sides.note(TOPIC, "rows", ["posts"])
    assert not sides.is_side(TOPIC, "posts", lambda key: key in {"rows", "posts"})
    assert sides.is_side(TOPIC, "posts", lambda key: key == "rows")


def test_a_box_shown_beside_posts_is_barred_from_a_page_fetched_again_however_often_it_was_content() -> None:
    # (Vanilla's tag cloud, taken for the content of short threads read before their posts'
    # template was proved, more often than half as often as later pages showed it beside posts)
    sides = SideBoxes()
    for _ in range(SIDE_PAGES - 1):
        sides.note(TOPIC, "posts", ["cloud"])
    for _ in range(10):
        sides.note(TOPIC, "cloud", ["posts"])
    assert not sides.shown_beside_posts(TOPIC, "cloud", _posts)  # (one page too few)
    sides.note(TOPIC, "posts", ["cloud"])
    assert sides.shown_beside_posts(TOPIC, "cloud", _posts)
    assert not sides.is_side(TOPIC, "cloud", _posts)  # (the rule for a first read still holds it content)
    assert not sides.shown_beside_posts(TOPIC, "posts", _posts)
    assert not sides.shown_beside_posts("bbs.test/category/\\d/*", "cloud", _posts)
