from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from topiccrawl.demo.changing import LAYOUTS, LIST_PATHS, ChangingSite
from topiccrawl.demo.server import SiteRequest
from topiccrawl.urlcluster import (
    Link,
    UrlPattern,
    ad_url,
    auto_choose,
    block_step,
    cluster_links,
    extract_links,
    is_view,
    list_score,
    marked_variant,
    named_by_path,
    ranked_clusters,
    script_target,
    select_links,
)

TIEBA = Path(__file__).resolve().parent.parent / "fixtures" / "real_pages" / "tieba_thread_list.html"
BASE = "http://127.0.0.1:8080"


def _page(site: ChangingSite, target: str) -> str:
    return site.handle(SiteRequest("GET", target, {}, BASE)).payload().decode("utf-8")


def test_extract_links_resolves_and_skips_non_links() -> None:
    html = (
        '<html><head><base href="http://example.org/dir/"></head><body><div>'
        '<a href="a.html#top">Ａ  one</a><a href="javascript:void(0)">js</a><a href="mailto:x@y">m</a>'
        '<a href="#">frag</a><a href="/p/1" title="titled"></a><a href="ftp://h/x">ftp</a>'
        '<a href="/img"><img alt="picture"></a></div></body></html>'
    )
    links = extract_links(html, "http://other.org/")
    assert [(link.url, link.text) for link in links] == [
        ("http://example.org/dir/a.html", "Ａ one"),
        ("http://example.org/p/1", "titled"),
        ("http://example.org/img", "picture"),
    ]
    assert links[0].dom_path == "html/body/div"


def test_clusters_by_directory_prefix_and_query_keys() -> None:
    links = [Link(f"http://h.org/news/2024/0{m}/t{i}.html", f"标题{i}新闻内容") for m in (5, 6) for i in range(3)]
    links += [Link(f"http://h.org/view.php?id={i}&cat=2", f"通知{i}") for i in range(3)]
    links += [Link("http://h.org/view.php?id=9", "单个"), Link("http://h.org/about.html", "关于")]
    by_desc = {c.pattern.describe(): set(c.urls) for c in cluster_links(links)}
    # Months are one directory shape; names share the prefix "t".
    assert len(by_desc["h.org/news/{n}/{n}/t{n}.html"]) == 6
    assert len(by_desc["h.org/view.php?cat=*&id=*"]) == 3
    assert by_desc["h.org/view.php?id=*"] == {"http://h.org/view.php?id=9"}


def test_static_prefix_cluster_matches_its_members_only() -> None:
    links = [Link(f"http://h.org/a/doc-{i}.shtml", "x") for i in (11, 12, 305)]
    links += [Link("http://h.org/a/index.shtml", "首页")]
    cluster = next(c for c in cluster_links(links) if c.pattern.level == "file" and len(c.urls) == 3)
    assert cluster.pattern.file_prefix == "doc"
    assert cluster.pattern.matches("http://h.org/a/doc-999.shtml")
    assert not cluster.pattern.matches("http://h.org/a/index.shtml")
    assert not cluster.pattern.matches("http://h.org/a/doc-1.html")
    assert not cluster.pattern.matches("http://other.org/a/doc-1.shtml")


segment = st.text(alphabet="abcxyz", min_size=1, max_size=5)


@given(
    dirs=st.lists(segment, min_size=0, max_size=3),
    stem=segment,
    ids=st.lists(st.integers(0, 10**6), min_size=2, max_size=8, unique=True),
    dynamic=st.booleans(),
)
def test_every_cluster_pattern_matches_its_members_and_round_trips(
    dirs: list[str], stem: str, ids: list[int], dynamic: bool
) -> None:
    path = "/" + "".join(d + "/" for d in dirs)
    if dynamic:
        urls = [f"http://h.org{path}{stem}.php?id={i}" for i in ids]
    else:
        urls = [f"http://h.org{path}{stem}{i}.html" for i in ids]
    links = [Link(u, f"标题{i}", "html/body/ul/li") for i, u in enumerate(urls)]
    for cluster in cluster_links(links):
        again = UrlPattern.from_dict(cluster.pattern.to_dict())
        assert again == cluster.pattern
        assert all(again.matches(link.url, link.dom_path) for link in cluster.links)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_auto_choose_finds_the_item_list_on_fixture_pages(layout: str) -> None:
    site = ChangingSite()
    target = LIST_PATHS[layout]
    chosen = auto_choose(extract_links(_page(site, target), BASE + target))
    assert chosen is not None
    assert set(chosen.urls) == set(site.item_urls(layout, BASE))


def test_auto_choose_finds_the_thread_list_on_a_real_tieba_page() -> None:
    html = TIEBA.read_text(encoding="utf-8")
    truth = {BASE + href for href in re.findall(r'href="(/p/\d+)"', html)}
    assert len(truth) == 50
    chosen = auto_choose(extract_links(html, BASE + "/f?kw=test"))
    assert chosen is not None
    got = set(chosen.urls)
    precision, recall = len(got & truth) / len(got), len(got & truth) / len(truth)
    assert precision >= 0.95 and recall >= 0.9, (precision, recall)


def test_auto_choose_finds_the_thread_list_on_a_real_discuz_page() -> None:
    import lxml.html

    html = (TIEBA.parent / "discuz_catalog.html").read_text(encoding="utf-8")
    url = "http://bbs.talkop.com/forum-1-1.html"
    # Discuz! marks thread titles with the class "xst"; a featured-threads sidebar
    # links the same threads' static URLs and must not be chosen.
    titles = lxml.html.document_fromstring(html).xpath('//a[contains(concat(" ", @class, " "), " xst ")]/@href')
    truth = {str(href) for href in titles}
    chosen = auto_choose(extract_links(html, url))
    assert chosen is not None and set(chosen.urls) == truth


def test_container_template_selects_one_item_per_record_and_drops_repeated_badges() -> None:
    html = "<html><body><div><ul>{}</ul></div><div><a href='/p/9'>侧栏里的另一个帖子标题</a></div></body></html>"
    rows = "".join(
        f"<li><div><a href='/p/{i}'>第{i}个帖子的标题比较长</a></div>"
        f"<span><a href='/p/1000'>认证</a><a href='/u/{i}'>作者</a></span></li>"
        for i in range(1, 6)
    )
    rows += "<li><ul><li><div><a href='/p/77'>置顶帖子的标题也很长</a></div></li></ul></li>"
    links = extract_links(html.format(rows), "http://h.org/")
    chosen = auto_choose(links)
    assert chosen is not None and chosen.pattern.level == "container"
    assert set(chosen.urls) == {f"http://h.org/p/{i}" for i in (1, 2, 3, 4, 5, 77)}
    again = UrlPattern.from_dict(chosen.pattern.to_dict())
    assert [link.url for link in select_links(again, links)] == [link.url for link in chosen.links]


def test_navigation_only_page_has_no_list() -> None:
    links = [Link(f"http://h.org/{name}.html", name) for name in ("about", "contact", "help")]
    assert auto_choose(links) is None
    assert all(c.score < 0.5 for c in ranked_clusters(links))


def _aggregator(stories: list[tuple[str, str]]) -> str:
    """A link aggregator's front page: each story's title links its own site, with a 'from' link,
    a comments link and a user link beside it, under a menu."""
    menu = "".join(f"<a href='/{w}'>{w}</a> | " for w in ("newest", "past", "comments", "ask", "show", "jobs"))
    rows = "".join(
        f"<tr class='athing submission' id='{i}'><td class='title'><span class='titleline'>"
        f"<a href='{url}'>{title}</a><span class='sitebit'> (<a href='from?site=s{i}.org'>s{i}.org</a>)</span>"
        f"</span></td></tr><tr><td class='subtext'><a href='user?id=u{i}'>u{i}</a> "
        f"<a href='item?id={i}'>{i % 7} comments</a></td></tr>"
        for i, (url, title) in enumerate(stories, 1)
    )
    table = f"<table><tr><td>{menu}</td></tr><tr><td><table>{rows}</table></td></tr></table>"
    return f"<html><body><center>{table}</center></body></html>"


STORIES = [
    (f"https://site{i}.example/{path}", f"{title} number {i}")
    for i, (path, title) in enumerate(
        [
            ("blog/post", "Why databases choose B-trees"),
            ("a?id=3", "A new way to write parsers"),
            ("2026/11/x.html", "The history of the humble spreadsheet"),
            ("", "Show HN: a tiny web server in C"),
            ("p/9", "Notes on running a small forum for ten years"),
            ("story", "How rivers carve canyons over time"),
        ]
        * 3,
        1,
    )
]


def test_a_list_of_links_to_many_sites_is_found_by_its_place_and_keeps_finding_new_items() -> None:
    url = "https://news.example.com/"
    chosen = auto_choose(extract_links(_aggregator(STORIES), url))
    assert chosen is not None and chosen.pattern.level == "block"
    assert chosen.urls == [story_url for story_url, _ in STORIES]
    # the saved template, on the next version of the page: one story more at the top, the last gone
    later = [("https://elsewhere.example/new", "A story that was not there before"), *STORIES[:-1]]
    pattern = UrlPattern.from_dict(chosen.pattern.to_dict())
    assert [link.url for link in select_links(pattern, extract_links(_aggregator(later), url))] == [
        story_url for story_url, _ in later
    ]


def test_a_sidebar_of_the_same_tags_and_url_shape_is_left_out_of_the_list() -> None:
    def page(main: range, hot: range) -> str:
        def items(ids: range) -> str:
            return "".join(f"<li><a href='/news/2026-11/{i}.html'>第{i}条新闻的标题有十几个字长</a></li>" for i in ids)

        return (
            f"<html><body><div class='col'><div class='list'><ul>{items(main)}</ul></div></div>"
            f"<div class='col'><div class='hot'><ul>{items(hot)}</ul></div></div></body></html>"
        )

    links = extract_links(page(range(100, 112), range(1, 9)), "http://gov.example.cn/tzgg/")
    assert len({link.dom_path for link in links}) == 1  # the same tags: only classes tell the two apart
    chosen = auto_choose(links)
    assert chosen is not None
    assert chosen.urls == [f"http://gov.example.cn/news/2026-11/{i}.html" for i in range(100, 112)]
    pattern = UrlPattern.from_dict(chosen.pattern.to_dict())
    later = extract_links(page(range(100, 113), range(2, 10)), "http://gov.example.cn/tzgg/")
    assert {link.url for link in select_links(pattern, later)} == {
        f"http://gov.example.cn/news/2026-11/{i}.html" for i in range(100, 113)
    }


def test_rows_with_their_own_ids_as_classes_are_one_block_whatever_lies_between_them() -> None:
    import lxml.html

    def page(tokens: list[str], stickied: int) -> str:
        rows = "".join(
            f'<div class="thing id-t3_{token} link{" stickied" if i < stickied else ""}"><p class="title">'
            f'<a class="title" href="https://s{i}.example/{token}">A story that is long enough {token}</a></p></div>'
            '<div class="clearleft"></div>'
            for i, token in enumerate(tokens)
        )
        footer = '<div class="footer"><a href="/a">about</a><a href="/b">blog</a><a href="/c">careers</a></div>'
        return f'<html><body><div id="siteTable">{rows}</div>{footer}</body></html>'

    first = ["1p3k22i", "1p3k20s", "1p3jz1y", "1p3jyb6", "1p3jwaj"]
    doc = lxml.html.document_fromstring(page(first, 2))
    steps = {block_step(el) for el in doc.iter("div") if "thing" in (el.get("class") or "")}
    assert steps == {"div.link.thing"}
    chosen = auto_choose(extract_links(page(first, 2), "https://r.example/"))
    assert chosen is not None and chosen.pattern.level == "block" and len(chosen.urls) == 5
    # a later fetch: other rows pinned, a new story on top; the saved template finds every row
    later = ["1p3m0aa", *first]
    pattern = UrlPattern.from_dict(chosen.pattern.to_dict())
    found = select_links(pattern, extract_links(page(later, 4), "https://r.example/"))
    assert [link.url for link in found] == [f"https://s{i}.example/{token}" for i, token in enumerate(later)]


def test_a_block_step_leaves_out_digits_and_state_classes() -> None:
    import lxml.html

    row = lxml.html.fragment_fromstring("<tr class='trow2 odd topic_12 current'></tr>")
    assert block_step(row) == "tr.topic.trow"
    assert block_step(lxml.html.fragment_fromstring("<a></a>")) == "a"
    # a hash a build of the site's styles renames is no part of the block (the next build renames it)
    assert block_step(lxml.html.fragment_fromstring("<li class='row styles_item__3xK9a css-1q2w3e'></li>")) == "li.row"


def test_an_item_whose_title_box_sits_inside_it_beside_a_thumbnail_is_one_item() -> None:
    # div records: the title's div inside the item's div is no record of its own, and the item's URL,
    # linked from the thumbnail and the title, is not a badge repeated across records
    items = "".join(
        f'<div class="news-item">{"" if i % 4 == 0 else f"<a class=thumb href=/a/{i}.html><img alt=pic></a>"}'
        f'<div class="txt"><h3><a href="/a/{i}.html">第{i}条新闻的标题有十几个字那么长</a></h3>'
        f"<p>摘要文字</p></div></div>"
        for i in range(1, 13)
    )
    hot = "".join(f'<li><a href="/a/{i}.html">热门新闻第{i}条的标题也不短</a></li>' for i in range(20, 26))
    foot = f'<div class="hot"><ul>{hot}</ul></div><div class="foot"><a href="/about">关于</a></div>'
    html = f'<html><body><div class="news-list">{items}</div>{foot}</body></html>'
    chosen = auto_choose(extract_links(html, "http://hk.example/"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"http://hk.example/a/{i}.html" for i in range(1, 13))


def test_an_items_picture_and_title_in_sibling_boxes_of_one_card_are_one_item() -> None:
    # div records: the picture's box and the title's box are siblings inside the card, so neither
    # holds the other; the card holds no other item, so its URL is the card's item, not a badge
    title = "第{}条新闻的标题有十几个字那么长"
    cards = "".join(
        f'<div><div class="card"><div class="pic"><a href="/newsDetail_forward_{i}">{title.format(i)}</a></div>'
        f'<div class="title"><a href="/newsDetail_forward_{i}">{title.format(i)}</a></div></div></div>'
        for i in range(100, 112)
    )
    # a sidebar linking articles of the same shape, with their authors
    side = "".join(
        f'<li><a href="/newsDetail_forward_{i}">视频第{i}条的标题也有十来个字</a><a href="/user_{i}">作者{i}</a></li>'
        for i in range(1, 9)
    )
    html = f'<html><body><main><div class="list">{cards}</div><aside><ul>{side}</ul></aside></main></body></html>'
    chosen = auto_choose(extract_links(html, "http://card.example/"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"http://card.example/newsDetail_forward_{i}" for i in range(100, 112))


def test_a_url_that_rows_of_one_group_share_is_still_no_item() -> None:
    # rows grouped in one box (pinned threads) each link their thread and the same series page:
    # the rows' common box holds other items, so the series page is no card's item
    def row(i: int) -> str:
        return (
            f'<div class="row"><div class="t"><a href="/t/{i}.html">第{i}个主题的标题写得足够长一些</a></div>'
            f'<div class="s"><a href="/t/500.html">连载合集：这一系列帖子的总目录页</a></div></div>'
        )

    groups = "".join(f'<div class="group">{"".join(row(i) for i in range(g, g + 4))}</div>' for g in (300, 310, 320))
    html = f'<html><body><div class="topics">{groups}</div></body></html>'
    chosen = auto_choose(extract_links(html, "http://row.example/"))
    assert chosen is not None
    want = {f"http://row.example/t/{g + i}.html" for g in (300, 310, 320) for i in range(4)}
    assert set(chosen.urls) == want


def test_an_action_link_that_carries_the_pages_url_back_is_no_item_however_titled() -> None:
    # each card's "add to watch list" link is named by its aria-label, longer than the title, and
    # returns to the search page (ru=...): an action, not the item
    back = "ru=https%3A%2F%2Fshop.example%2Fsch%3Fq%3Dcamera"
    cards = "".join(
        f'<li class="s-item"><a class="s-item__link" href="/itm/{i}"><span>Film camera model {i} boxed</span></a>'
        f'<a aria-label="watch Film camera model {i} boxed with lens and strap" '
        f'href="/myb/WatchListAdd?item={i}&srt=x{i}&{back}"><span class="heart"></span></a></li>'
        for i in range(5001, 5013)
    )
    html = f'<html><body><ul class="srp-results">{cards}</ul></body></html>'
    chosen = auto_choose(extract_links(html, "https://shop.example/sch?q=camera"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"https://shop.example/itm/{i}" for i in range(5001, 5013))


_FIRST = ["Maria", "Jonas", "Rahul", "Tomás", "Wei", "Anna", "Kenji", "Fatima", "Lucas"]
_LAST = ["Schneider", "García", "Nakamura", "Li", "Zhang", "Kowalska", "Okafor", "Silva", "Dubois", "Novak", "Haddad"]


def _paper_listing(papers: range) -> str:
    """An arXiv-style listing: each paper's ``dt`` links its abstract by id, its ``dd`` holds the
    title as plain text and two to four authors' links, each author's page their own."""

    def authors(i: int) -> str:
        names = [f"{_FIRST[(i + k) % len(_FIRST)]} {_LAST[(i * 3 + k) % len(_LAST)]}" for k in range(2 + i % 3)]
        return ", ".join(f'<a href="/a/{n.split()[1].lower()}_{n[0].lower()}_{i}">{n}</a>' for n in names)

    rows = "".join(
        f'<dt><a href="/abs/2406.{i:05d}" title="Abstract">arXiv:2406.{i:05d}</a> '
        f'[<a href="/pdf/2406.{i:05d}">pdf</a>]</dt>'
        f'<dd><div class="meta"><div class="list-title">Title: A study of thing {i} in language models</div>'
        f'<div class="list-authors">{authors(i)}</div></div></dd>'
        for i in papers
    )
    return f'<html><body><main><div id="dlpage"><dl id="articles">{rows}</dl></div></main></body></html>'


def test_a_lists_runs_of_authors_are_attributes_of_the_papers_its_twin_records_link() -> None:
    # Each paper's authors outnumber and outscore its one abstract link (the title is plain
    # text, the link reads "arXiv:ID"): they are its attributes, the abstracts are the items.
    chosen = auto_choose(extract_links(_paper_listing(range(9000, 9030)), "https://arxiv.example/list/cs.CL/recent"))
    assert chosen is not None
    assert sorted(chosen.urls) == [f"https://arxiv.example/abs/2406.{i:05d}" for i in range(9000, 9030)]


def test_a_category_pages_letter_groups_are_still_its_list() -> None:
    # several items to a record, but no list of one link to each of as many records beside them
    groups = "".join(
        f'<div class="group"><h3>{letter}</h3><ul>'
        + "".join(f'<li><a href="/wiki/{letter}{i}_place">{letter}{i} place name</a></li>' for i in range(6))
        + "</ul></div>"
        for letter in "ABCDEFG"
    )
    html = f'<html><body><div id="mw-pages"><div class="columns">{groups}</div></div></body></html>'
    chosen = auto_choose(extract_links(html, "https://wiki.example/wiki/Category:Places"))
    assert chosen is not None
    assert len(chosen.urls) == 42


@pytest.mark.parametrize(
    ("block", "other", "variant"),
    [
        ("main/ol/li/article.topic/h1/a", "main/ol/li/article.topic.topic-with-excerpt/h1/a", True),
        ("div.list/p.title/a.title", "div.list/p.title/a.stickied-link.title", True),
        ("section/ul/li/a", "section/ul/li.feature/a", True),  # (a plain row's anchor's parent)
        ("div.grid/div.item-container/div.info/a", "div.grid/div.is-sponsored.item-container/div.info/a", False),
        ("ul/li.item/a", "ul/li.ad-slot.item/a", False),
        ("ul/li.item/a", "ul/li.head.item/a", True),  # ('ad' inside a word is no ad)
        ("body/table/tr/td/a", "body/table.listtab/tr/td/a", False),  # (a plain box high up: another box)
        ("ul/li.a/a", "ul/li.b/a", False),  # (neither adds to the other)
        ("ul/li.x/span/a", "ul/li.x.y/span.z/a", False),  # (two steps differ)
        ("ul/li/a", "ol/li/a", False),
    ],
)
def test_a_class_marking_some_records_keeps_them_in_their_place(block: str, other: str, variant: bool) -> None:
    assert marked_variant(block, other) is variant
    assert marked_variant(other, block) is variant


def test_a_pinned_rows_marked_anchor_on_a_later_fetch_is_still_an_item_and_a_sponsored_row_is_not() -> None:
    # a list of stories on other sites is found by its place (a block), and a saved template
    # matches that place on later fetches
    sites = ["blog.one.example", "news.two.example", "three.example", "garden.four.example", "five.example"]

    def page(rows: str) -> str:
        return f'<html><body><div id="main"><ol class="topics">{rows}</ol></div></body></html>'

    def row(i: int, extra: str = "") -> str:
        return (
            f'<li class="row"><a class="title {extra}" href="https://{sites[i % 5]}/{i}/story">'
            f"Story number {i} about gardening in small flats</a></li>"
        )

    first = page("".join(row(i) for i in range(1, 13)))
    chosen = auto_choose(extract_links(first, "https://links.example/new"))
    assert chosen is not None and chosen.pattern.level == "block"
    later = page(row(99, extra="stickied") + row(98, extra="is-sponsored") + "".join(row(i) for i in range(2, 14)))
    got = {link.url for link in select_links(chosen.pattern, extract_links(later, "https://links.example/new"))}
    assert f"https://{sites[99 % 5]}/99/story" in got  # (a pinned story, its anchor marked)
    assert f"https://{sites[98 % 5]}/98/story" not in got
    assert len(got) == 13


@pytest.mark.parametrize(
    ("url", "ad"),
    [
        ("https://ad.doubleclick.net/ddm/trackclk/N123.456/B789;dc_trk_aid=601;dc_trk_cid=223", True),
        ("https://www.oschina.example/action/visit/ad?id=1261", True),
        ("https://go.deals.example/ad/3f8a1c2e/?ad_id=20250108_11&ad_pos=feed_4", True),
        ("https://jobs.example/pagead/clk?ad=-6NYlbfkN0&p=1", True),
        ("https://shop.example/sspa/click?ie=UTF8&spc=MTo0", True),
        ("https://www.leboncoin.example/ad/voitures/2876543210", True),  # (by itself; see below)
        ("https://events.example/e/summit-tickets-771209883451?aff=search&_eboga=promoted", True),
        ("https://shop.example/list?sort=promoted_first", False),
        ("https://news.example/2024/ad-hoc-meeting-on-budget", False),
        ("https://shadow.example/head/1", False),
        ("https://video.example/video?aid=5&bvid=BV1x", False),
        ("https://news.example/world/2024/may/17/story", False),
    ],
)
def test_an_ads_url_is_told_by_its_server_its_path_or_its_query(url: str, ad: bool) -> None:
    assert ad_url(url) is ad


def _deal_cards(hrefs: list[str]) -> str:
    cards = "".join(
        f'<li class="feed-row"><div class="img"><a href="{href}"><img src="/i/{n}.jpg"></a></div>'
        f'<h5 class="title"><a href="{href}">好价第{n}条：某品牌无线耳机限时直降一百元</a></h5></li>'
        for n, href in enumerate(hrefs)
    )
    return f'<html><body><div class="main"><ul class="feed-list">{cards}</ul></div></body></html>'


def test_a_few_ads_styled_as_a_lists_items_are_left_out_and_a_list_of_ad_urls_is_kept() -> None:
    deals = [f"/p/{n}/" for n in range(130000, 130012)]
    ads = ["https://go.deals.example/ad/3f8a/?ad_id=11&ad_pos=feed_4", "/action/visit/ad?id=7"]
    html = _deal_cards(deals[:4] + ads[:1] + deals[4:9] + ads[1:] + deals[9:])
    chosen = auto_choose(extract_links(html, "https://www.deals.example/jingxuan/"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"https://www.deals.example{d}" for d in deals)
    # a site whose every listing's URL reads as an ad's (leboncoin's /ad/<category>/<id>)
    listings = [f"/ad/voitures/{n}" for n in range(2876543200, 2876543212)]
    chosen = auto_choose(extract_links(_deal_cards(listings), "https://www.classifieds.example/voitures"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"https://www.classifieds.example{d}" for d in listings)


@pytest.mark.parametrize(
    ("titles", "nav"),
    [
        (  # a Korean board (zboard): Hangul titles, and its menu
            "오늘 점심 뭐 드셨나요|사과값 너무 비싸네요|전기차 보조금 얼마나 나오나요|주말에 등산 가실 분|"
            "아이폰 루머 보셨나요|이사 업체 추천 부탁|고양이 사료 뭐 먹이세요|비 오는 날 드라이브|"
            "노트북 새로 샀어요|야근 너무 힘드네요|축구 경기 보신 분|여름 휴가 어디로 가세요",
            ["로그인", "회원가입", "고객센터", "자유게시판", "이벤트"],
        ),
        (  # a Russian forum: Cyrillic titles
            "Программы для Windows|Проблема с драйвером видеокарты|Какой антивирус выбрать|Обновление системы|"
            "Не работает звук|Лучший браузер|Ошибка при установке|Вопрос по роутеру|Помогите с ноутбуком|"
            "Резервное копирование|Медленный интернет|Настройка принтера",
            ["Вход", "Регистрация", "Правила", "Поиск", "Форумы"],
        ),
    ],
)
def test_titles_in_hangul_or_cyrillic_read_as_titles(titles: str, nav: list[str]) -> None:
    rows = "".join(
        f'<tr><td><a href="view.php?id=free&no={9000 + n}&page=1">{title}</a></td><td>06-{n + 10}</td></tr>'
        for n, title in enumerate(titles.split("|"))
    )
    menu = "".join(f'<a href="board.php?id=m{n}">{text}</a> ' for n, text in enumerate(nav))
    pager = "".join(f'<a href="zboard.php?id=free&page={n}&divpage=1">{n}</a> ' for n in range(2, 11))
    html = f"<html><body><div>{menu}</div><table>{rows}</table><div>{pager}</div></body></html>"
    chosen = auto_choose(extract_links(html, "https://board.example/zboard/zboard.php?id=free"))
    assert chosen is not None  # (before: no list at all, the titles counting nothing)
    assert sorted(chosen.urls) == sorted(
        f"https://board.example/zboard/view.php?id=free&no={9000 + n}&page=1" for n in range(12)
    )


@pytest.mark.parametrize(
    ("onclick", "target"),
    [
        ("openBookDetail('../opac/item.php?marc_no=0000712345');return false;", "../opac/item.php?marc_no=0000712345"),
        ("window.open('https://x.example/a', '_blank')", "https://x.example/a"),
        ("location.href='/t/5'", "/t/5"),
        ('show("detail_17.html")', "detail_17.html"),
        ("addBookShelf('0000712345');", ""),  # (an id, no URL)
        ("track('click', 'nav')", ""),
        ("setHomepage();", ""),
        ("javascript:openDetail('/zwgk/content.jsp?id=20240611001')", "/zwgk/content.jsp?id=20240611001"),
    ],
)
def test_an_anchors_script_names_the_url_it_opens(onclick: str, target: str) -> None:
    assert script_target(onclick) == target


def test_a_list_whose_titles_open_their_items_by_script_is_found() -> None:
    # a library catalogue's new books: each title is a script anchor opening the book's page,
    # beside a real link "详细信息" to the same page, and script-only actions
    books = "".join(
        f'<li><a href="javascript:void(0);" onclick="openBookDetail(\'../opac/item.php?marc_no={n}\');'
        f'return false;">{n % 7 + 1}.第{n}本新书的书名：机器学习与数据挖掘</a> '
        f'<a href="../opac/item.php?marc_no={n}">详细信息</a> '
        f'<a href="javascript:void(0);" onclick="addBookShelf(\'{n}\');">加入书架</a></li>'
        for n in range(712340, 712356)
    )
    html = f'<html><body><div class="newbooks"><ul>{books}</ul></div></body></html>'
    links = extract_links(html, "http://opac.example:8080/newbook/newbook_cls_book.php?s=A")
    titles = [link for link in links if "书名" in link.text]
    assert len(titles) == 16 and titles[0].url == "http://opac.example:8080/opac/item.php?marc_no=712340"
    assert not [link for link in links if link.text == "加入书架"]
    # (a script in the href itself, as many government sites write their notices' links)
    notice = "<a href=\"javascript:openDetail('/zwgk/content.jsp?id=7')\">关于开展安全生产检查的通知</a>"
    (link,) = extract_links(f"<html><body>{notice}</body></html>", "http://gov.example/zwgk/list.jsp")
    assert link.url == "http://gov.example/zwgk/content.jsp?id=7"
    chosen = auto_choose(links)
    assert chosen is not None
    assert len(chosen.urls) == 16 and all("marc_no=" in url for url in chosen.urls)


def test_an_entry_in_a_box_classed_as_an_ad_is_left_out_and_a_discounted_product_is_not() -> None:
    # a feed's ad entry is styled as the posts, linked through the advertiser's tracking URL on
    # another host, and wrapped in div.advertisement; a product on sale is li.product.promo
    def entry(n: int, box: str = "entry", href: str = "") -> str:
        return (
            f'<li class="item"><div class="{box}"><div class="title-row"><a href="{href or f"/post/{n}"}">'
            f"第{n}篇前端文章：从零实现一个虚拟列表组件</a></div></div></li>"
        )

    ad = entry(0, "advertisement entry", "https://ads.volc.example/landing?utm_source=feed&utm_medium=card")
    rest = "".join(entry(n) for n in range(3, 12))
    html = f'<html><body><ul class="entry-list">{entry(1)}{entry(2)}{ad}{rest}</ul></body></html>'
    chosen = auto_choose(extract_links(html, "https://juejin.example/frontend"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"https://juejin.example/post/{n}" for n in range(1, 12))
    products = "".join(
        f'<li class="product{" promo" if n % 3 == 0 else ""}"><a href="/products/blend-{n}">'
        f"Dark roast coffee blend number {n}, whole bean</a></li>"
        for n in range(12)
    )
    chosen = auto_choose(extract_links(f"<html><body><ul>{products}</ul></body></html>", "https://shop.example/c"))
    assert chosen is not None and len(chosen.urls) == 12


def test_a_lists_sections_that_differ_by_a_class_are_one_list_and_a_sidebar_is_not() -> None:
    def section(classes: str, ul: str, ids: range) -> str:
        rows = "".join(
            f'<li class="row"><a class="topictitle" href="./viewtopic.php?t={i}">Topic {i} about old computers</a>'
            f'<div class="pagination"><a href="./viewtopic.php?t={i}">1</a></div></li>'
            for i in ids
        )
        return f'<div class="{classes}"><div class="inner"><ul class="{ul}">{rows}</ul></div></div>'

    def page(pinned: range, topics: range) -> str:
        hot = "".join(
            f'<li><a href="./viewtopic.php?t={i}">Hot topic {i} people read a lot</a></li>' for i in (7, 8, 9)
        )
        return (
            f'<html><body><div class="page-body">{section("forumbg announcement", "topiclist", pinned)}'
            f"{section('forumbg', 'topiclist topics', topics)}</div>"
            f'<div class="side"><ul class="hot">{hot}</ul></div></body></html>'
        )

    url = "https://forum.example/viewforum.php?f=2"
    chosen = auto_choose(extract_links(page(range(1, 4), range(100, 112)), url))
    assert chosen is not None
    expected = [f"https://forum.example/viewtopic.php?t={i}" for i in [*range(1, 4), *range(100, 112)]]
    assert chosen.urls == expected
    pattern = UrlPattern.from_dict(chosen.pattern.to_dict())
    later = select_links(pattern, extract_links(page(range(1, 3), range(100, 113)), url))
    assert {link.url for link in later} == {
        f"https://forum.example/viewtopic.php?t={i}" for i in [*range(1, 3), *range(100, 113)]
    }


def test_a_sidebar_sharing_a_layout_frameworks_classes_with_the_list_is_not_inside_it() -> None:
    # Semantic UI's grid: the main column is ``div.column.twelve.wide``, the sidebar
    # ``div.column.four.sidebar.wide``. They share classes, but neither's are the other's with a
    # class added, so the sidebar's hot stories (some of them the list's too) stay out.
    def item(i: int) -> str:
        return (
            f'<div class="item news-item"><a class="image small ui" href="/news/{i}"><img src="/i/{i}.png"></a>'
            f'<div class="content"><h3 class="header"><a href="/news/{i}">开源项目第{i}号发布新版本</a></h3>'
            f'<div class="extra"><a class="comments" href="/news/{i}#comments">{i % 50}</a></div></div></div>'
        )

    hot = "".join(
        f'<div class="item"><a class="content" href="/news/{i}">热门资讯第{i}号的标题</a></div>'
        for i in (105, 108, 90, 91, 92)
    )
    html = (
        '<html><body><div class="container"><div class="grid ui">'
        f'<div class="column twelve wide"><div class="ui">{"".join(item(i) for i in range(100, 120))}</div></div>'
        f'<div class="column four sidebar wide"><div class="box-item segment ui"><div class="list relaxed ui">{hot}'
        "</div></div></div></div></div></body></html>"
    )
    chosen = auto_choose(extract_links(html, "https://osc.example/news/industry"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"https://osc.example/news/{i}" for i in range(100, 120))


def test_a_container_template_saved_before_block_paths_still_selects_the_items() -> None:
    # as `scrapy template` saved it before links carried their classes (the README's example)
    saved = {
        "level": "container",
        "host": "127.0.0.1:8080",
        "directory": ["news", "{n}-{n}-{n}"],
        "dynamic": False,
        "file_prefix": "doc-ihx",
        "file_ext": "shtml",
        "dom_path": "html/body/div/div/ul",
        "per_record": 1,
    }
    site = ChangingSite()
    site.advance(3)
    links = extract_links(_page(site, LIST_PATHS["news"]), BASE + LIST_PATHS["news"])
    selected = select_links(UrlPattern.from_dict(saved), links)
    assert [link.url for link in selected] == site.item_urls("news", BASE)


PLACES = ["ndaby", "skeholm", "rnavik", "valsund", "ldertorp", "mmerhavn"]


def test_sections_of_a_list_keep_every_title_and_a_rows_page_numbers_stay_out() -> None:
    sizes = [6, 1, 2, 1, 5, 2, 1]
    groups = "".join(
        f'<div class="mw-category-group"><h3>{chr(65 + g)}</h3><ul>'
        + "".join(
            f'<li><a href="/wiki/{chr(65 + g)}{PLACES[k]}_Lighthouse">{chr(65 + g)}{PLACES[k]} Lighthouse</a></li>'
            for k in range(n)
        )
        + "</ul></div>"
        for g, n in enumerate(sizes)
    )
    # a navbox of the same directory elsewhere on the page: the list is found by its place
    navbox = "".join(f'<li><a href="/wiki/Lighthouses_in_{c}">{c}</a></li>' for c in ("Norway", "Sweden", "Denmark"))
    html = (
        f'<html><body><div id="mw-pages"><div class="mw-category">{groups}</div></div>'
        f'<div class="navbox"><ul>{navbox}</ul></div></body></html>'
    )
    chosen = auto_choose(extract_links(html, "https://wiki.example/wiki/Category:Lighthouses"))
    assert chosen is not None and len(chosen.urls) == sum(sizes)
    # a thread list whose rows link their later pages with the title's URL shape
    rows = "".join(
        f'<tr><th><a href="thread-{t}-1-1.html">帖子{t}的标题足够长可以算作标题</a>'
        + '<span class="tps">'
        + "".join(f'<a href="thread-{t}-{p}-1.html">{p}</a>' for p in range(2, 2 + t % 5))
        + "</span></th></tr>"
        for t in range(10, 30)
    )
    html = f"<html><body><table>{rows}</table></body></html>"
    chosen = auto_choose(extract_links(html, "http://bbs.example/forum-2-1.html"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"http://bbs.example/thread-{t}-1-1.html" for t in range(10, 30))


def test_every_links_block_is_its_anchors_steps_computed_afresh() -> None:
    # extract_links shares steps and siblings' classes between a page's links; the sharing must
    # not mix up elements (an lxml proxy's id is reused once the proxy is gone)
    import lxml.html
    from w3lib.encoding import html_to_unicode

    page = (
        Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "list_pages" / "batch3" / "forum_vbulletin5.html"
    )
    _, body = html_to_unicode(None, page.read_bytes())
    doc = lxml.html.document_fromstring(body)
    anchors = [a for a in doc.iter("a") if (a.get("href") or "").strip()[:1] not in ("", "#")]
    anchors = [a for a in anchors if not a.get("href").strip().lower().startswith(("javascript:", "mailto:"))]
    afresh = ["/".join(block_step(el) for el in [*reversed(list(a.iterancestors())), a]) for a in anchors]
    links = extract_links(body, "https://community.example/forum/hardware/")
    assert len(links) == len(afresh) > 300
    assert [link.block for link in links] == afresh


def test_words_for_screen_readers_are_not_a_links_text() -> None:
    html = (
        '<html><body><p><a href="/save/1">Save job<span class="govuk-visually-hidden"> Economist</span></a>'
        '<a href="/more/2">Read more<span class="sr-only">about the budget</span> here</a>'
        '<a href="/icon/3"><i aria-hidden="true">*</i><span class="screen-reader-text">Print</span></a>'
        "</p></body></html>"
    )
    texts = [link.text for link in extract_links(html, "http://h.example/")]
    # an icon link with no shown words keeps what a screen reader says
    assert texts == ["Save job", "Read more here", "*Print"]


def test_a_link_to_this_page_filtered_another_way_is_a_view() -> None:
    page = "https://jobs.example/search?keywords=analyst&sort=closing&page=1"
    assert is_view("https://jobs.example/search?keywords=analyst&department=hmrc", page)
    assert is_view("https://jobs.example/search?keywords=analyst&sort=recent", page)
    # an id among the changed values: an item shown by the same script, or another page of the list
    assert not is_view("https://jobs.example/search?keywords=analyst&save=876238", page)
    assert not is_view("https://jobs.example/search?keywords=analyst&sort=closing&page=2", page)
    cms = "http://gov.example/index.php?m=content&c=index&a=lists&catid=5"
    assert not is_view("http://gov.example/index.php?m=content&c=index&a=show&catid=5&id=100", cms)
    # nothing of the page's own query kept, another script, or no query: not this page's filter
    assert not is_view("https://jobs.example/search?department=hmrc", page)
    assert not is_view("https://jobs.example/jobs?keywords=analyst&department=hmrc", page)
    assert not is_view("https://jobs.example/search", page)


def test_a_link_every_few_rows_share_is_an_attribute_not_an_item() -> None:
    rows = "".join(
        f'<li><h2><a href="/jobs/{i}">Analyst {i}</a></h2><p><a href="/departments/{d}">{name}</a></p></li>'
        for i, (d, name) in enumerate(
            [
                ("dwp", "Department for Work and Pensions"),
                ("hmrc", "HM Revenue and Customs"),
                ("ons", "Office for National Statistics"),
                ("moj", "Ministry of Justice and Courts"),
            ]
            * 3
        )
    )
    links = extract_links(f"<html><body><ul>{rows}</ul></body></html>", "https://jobs.example/search")
    departments = next(c for c in cluster_links(links) if c.pattern.describe() == "jobs.example/departments/*")
    assert list_score(departments) == 0.0
    chosen = auto_choose(links)
    assert chosen is not None and sorted(chosen.urls) == sorted(f"https://jobs.example/jobs/{i}" for i in range(12))


def test_a_results_page_with_repeated_titles_facets_and_hidden_labels_picks_its_results() -> None:
    """Job titles repeat (one role at several employers); the facets are links to the same search
    with long names; every row has a 'Save job' link whose hidden words repeat the title."""
    roles = ["Economist", "Risk Analyst", "Data Analyst", "Statistician"]
    departments = ["Department for Work and Pensions", "Department for Education", "Ministry of Defence"]
    rows = "".join(
        f'<li class="result"><h2><a href="/jobs/{100 + i}">{roles[i % 4]}</a></h2>'
        f'<p><a href="/departments/{i % 3}">{departments[i % 3]}</a></p>'
        f'<p><a href="?save={100 + i}">Save job<span class="visually-hidden"> {roles[i % 4]} at '
        f"{departments[i % 3]}</span></a></p></li>"
        for i in range(16)
    )
    facets = "".join(
        f'<li><a href="/search?keywords=analyst&department={name.split()[-1].lower()}">{name} and Agencies</a></li>'
        for name in [*departments, "Office for National Statistics", "HM Revenue and Customs", "Cabinet Office"]
    )
    html = (
        f'<html><body><div class="filters"><ul>{facets}</ul></div>'
        f'<div class="main"><ul class="results">{rows}</ul></div></body></html>'
    )
    chosen = auto_choose(extract_links(html, "https://jobs.example/search?keywords=analyst&sort=closing"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"https://jobs.example/jobs/{100 + i}" for i in range(16))


def test_an_overlay_link_is_named_by_its_aria_label() -> None:
    html = (
        '<html><body><a href="/a/1" aria-label="Suspect charged"></a>'
        '<a href="/a/2" aria-label="412 comments"><span>412</span></a></body></html>'
    )
    assert [link.text for link in extract_links(html, "http://h.example/")] == ["Suspect charged", "412"]


def test_a_tracking_query_after_a_named_page_keeps_its_shape() -> None:
    links = [Link(f"http://h.example/job/{1000 + i}.html", f"工程师职位{i}") for i in range(5)]
    links.append(Link("http://h.example/job/2000.html?ka=search_list_5", "全栈工程师"))
    shapes = {c.pattern.describe(): set(c.urls) for c in cluster_links(links) if c.pattern.level == "file"}
    assert shapes == {"h.example/job/{n}.html": {link.url for link in links}}
    pattern = next(c.pattern for c in cluster_links(links) if c.pattern.level == "file")
    assert pattern.matches("http://h.example/job/3000.html?utm_source=x")
    # a script named by a word takes its identity from the query: still a shape of its own
    assert not pattern.matches("http://h.example/job/list.html?id=5")
    item = UrlPattern("file", "h.example", (), False, file_shape="index{n}", file_ext="php")
    assert not item.matches("http://h.example/index2.php?option=com_content&id=5")


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("http://h.example/job/2000.html?ka=search_list_5", True),
        ("http://h.example/title/tt0111161/?ref_=chttp_t_1", True),
        ("http://h.example/questions/4182/?tab=votes", True),
        ("http://h.example/news/?page=2", False),
        ("http://h.example/?id=5", False),
        ("http://h.example/view.php?tid=4182", False),
    ],
)
def test_a_page_is_named_by_its_path_when_its_file_or_its_last_directory_holds_an_id(url: str, named: bool) -> None:
    assert named_by_path(url) is named


def test_cards_with_and_without_a_picture_are_one_place_of_a_list() -> None:
    cards = "".join(
        f'<li class="grid-item"><div class="card{" card--image" if i % 3 == 0 else ""}">'
        f'<h3><a class="headline" href="/world/2024/may/{10 + i}/story-{i}">'
        f"Story number {i} about the world today</a></h3>"
        "</div></li>"
        for i in range(12)
    )
    # a shorter list elsewhere, every link at one place, with titles as long
    most_read = "".join(
        f'<li><a href="/{section}/2024/may/1/read-{k}">Read story {k} about the world today</a></li>'
        for k, section in enumerate(["sport", "culture", "money", "science", "film", "music", "books", "travel"])
    )
    html = f'<html><body><main><ul class="grid">{cards}</ul><ol class="most-read">{most_read}</ol></main></body></html>'
    chosen = auto_choose(extract_links(html, "https://news.example/world"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"https://news.example/world/2024/may/{10 + i}/story-{i}" for i in range(12))


def test_a_lists_item_on_another_site_is_kept_and_an_ads_redirect_is_not() -> None:
    rows = "".join(
        f'<li><span class="date">2026-11-{10 + i}</span>'
        f'<a href="/info/1011/{3000 + i}.htm">学院新闻标题第{i}条内容摘要</a></li>'
        for i in range(10)
    )
    rows += '<li><span class="date">2026-11-30</span><a href="https://mp.weixin.qq.com/s/AbC">我院获批两项国家重点研发计划</a></li>'
    rows += '<li><span class="date">2026-11-30</span><a href="/upload/2026/a.doc">附件</a></li>'
    rows += (
        '<li><span class="date">2026-11-30</span>'
        '<a href="https://ad.example/click?ext=aHR0cHM6Ly9zaG9wLmV4YW1wbGU=">限时特惠商品推荐广告标题</a></li>'
    )
    sidebar = "".join(f'<li><a href="/info/1012/{5000 + k}.htm">热点{k}</a></li>' for k in range(4))
    html = (
        f'<html><body><div class="news-list"><ul>{rows}</ul></div>'
        f'<div class="hot"><ul>{sidebar}</ul></div></body></html>'
    )
    chosen = auto_choose(extract_links(html, "https://cs.example.edu.cn/xyxw.htm"))
    assert chosen is not None
    expected = {f"https://cs.example.edu.cn/info/1011/{3000 + i}.htm" for i in range(10)}
    assert set(chosen.urls) == expected | {"https://mp.weixin.qq.com/s/AbC"}
    # the template keeps them on the next version of the page
    pattern = UrlPattern.from_dict(chosen.pattern.to_dict())
    later = html.replace("/s/AbC", "/s/XyZ")
    assert "https://mp.weixin.qq.com/s/XyZ" in {
        link.url for link in select_links(pattern, extract_links(later, "https://cs.example.edu.cn/xyxw.htm"))
    }


def test_a_directory_per_item_named_by_an_opaque_id_is_one_shape() -> None:
    hashes = ["4193b5343ceb801b", "ed20d7f0ff7c5cab", "2d75444f9883bf5d", "9a0c1e77d2b34f10"]
    links = [Link(f"http://bbs.example/thread/{h}/{1000 + i}-1.html", f"帖子标题{i}") for i, h in enumerate(hashes)]
    files = {c.pattern.describe() for c in cluster_links(links) if c.pattern.level == "file"}
    assert files == {"bbs.example/thread/{id}/{n}-{n}.html"}
    # a slug is words, not an id: each its own directory
    slugs = [Link(f"http://shop.example/{s}/p/N82E1", s) for s in ("rtx-4070-ti-16gb", "rx-7900-xt-20g")]
    assert all(len(c.urls) == 1 for c in cluster_links(slugs) if c.pattern.level != "host")


def test_a_feed_whose_posts_are_linked_by_their_time_is_a_list() -> None:
    cards = "".join(
        f'<div class="card"><a class="name" href="//weibo.example/u/{100 + i % 4}">用户{i % 4}</a>'
        f'<p class="txt">微博正文内容第{i}条，北京今天下雪了，大家出门注意保暖。</p>'
        f'<div class="from"><a href="//weibo.example/{100 + i % 4}/Q{i}xYz{i}">'
        f"今天{20 - i // 3}:{10 + i}</a></div></div>"
        for i in range(12)
    )
    hot = "".join(f'<li><a href="/weibo?q=%23topic{k}%23&t=31">北京初雪话题{k}</a></li>' for k in range(10))
    html = f'<html><body><div class="feed">{cards}</div><ul class="hot">{hot}</ul></body></html>'
    chosen = auto_choose(extract_links(html, "https://s.weibo.example/weibo?q=%E5%8C%97%E4%BA%AC"))
    assert chosen is not None
    assert sorted(chosen.urls) == sorted(f"https://weibo.example/{100 + i % 4}/Q{i}xYz{i}" for i in range(12))
