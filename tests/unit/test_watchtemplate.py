from __future__ import annotations

import pytest

from topiccrawl.demo.changing import LIST_PATHS, ChangingSite
from topiccrawl.demo.server import SiteRequest
from topiccrawl.fingerprint import hamming
from topiccrawl.urlcluster import Link, UrlPattern, auto_choose, extract_links
from topiccrawl.watchtemplate import (
    AutoTemplate,
    LinkTemplate,
    PageTemplate,
    TemplateError,
    apply_links,
    new_items,
    page_changed,
    page_fingerprint,
    resolve_auto,
    template_for_cluster,
    template_from_json,
    template_to_json,
)

BASE = "http://127.0.0.1:8080"


def _page(site: ChangingSite, target: str) -> str:
    return site.handle(SiteRequest("GET", target, {}, BASE)).payload().decode("utf-8")


@pytest.mark.parametrize(
    "template",
    [
        AutoTemplate(),
        PageTemplate(5),
        PageTemplate(2, min_new_chars=1, digits=True),
        LinkTemplate(UrlPattern("file", "h.org", ("p",), False, file_shape="{n}", file_ext="")),
        LinkTemplate(UrlPattern("region", "h.org", (), True, file_name="a.php", query_keys=("id",), dom_path="x/y")),
    ],
)
def test_templates_round_trip_through_json(template: object) -> None:
    assert template_from_json(template_to_json(template)) == template  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not JSON"),
        ("[]", "JSON object"),
        ('{"kind": "css"}', "unknown template kind"),
        ('{"kind": "page", "threshold": 99}', "threshold"),
        ('{"kind": "page", "digits": "yes"}', "digits"),
        ('{"kind": "links", "pattern": {"level": "file"}}', "bad link template"),
    ],
)
def test_bad_templates_say_why(text: str, message: str) -> None:
    with pytest.raises(TemplateError, match=message):
        template_from_json(text)


def test_apply_links_keeps_page_order_and_longest_text() -> None:
    template = LinkTemplate(UrlPattern("file", "h.org", ("p",), False, file_shape="{n}", file_ext=""))
    links = [
        Link("http://h.org/p/2", "2"),
        Link("http://h.org/p/1", "第一个帖子"),
        Link("http://h.org/p/2", "第二个帖子"),
        Link("http://h.org/home/user", "用户"),
    ]
    items = apply_links(template, links)
    assert [(i.url, i.text, i.identity) for i in items] == [
        ("http://h.org/p/2", "第二个帖子", "//h.org/p/2"),
        ("http://h.org/p/1", "第一个帖子", "//h.org/p/1"),
    ]
    assert [i.url for i in new_items(items, {"http://h.org/p/2"})] == ["http://h.org/p/1"]


def test_constant_query_values_are_not_part_of_an_items_identity() -> None:
    # A session id and a "came from page 1" parameter are the same for every item of the page.
    page1 = [Link(f"http://h.org/view.php?tid={i}&sid=abc&extra=page1", f"帖子标题{i}") for i in range(1, 5)]
    chosen = auto_choose(page1)
    assert chosen is not None
    template = template_for_cluster(chosen)
    assert template.identity_keys == ("tid",)
    assert template_from_json(template_to_json(template)) == template
    known = {i.identity for i in apply_links(template, page1)}
    later = [Link(f"http://h.org/view.php?extra=page2&tid={i}&sid=xyz", f"帖子标题{i}") for i in range(1, 6)]
    fresh = new_items(apply_links(template, later), known)
    assert [i.url for i in fresh] == ["http://h.org/view.php?extra=page2&tid=5&sid=xyz"]


def test_link_template_finds_exactly_the_new_items_after_the_clock_advances() -> None:
    site = ChangingSite()
    target = LIST_PATHS["news"]
    template = resolve_auto(_page(site, target), BASE + target)
    assert isinstance(template, LinkTemplate)
    before = {i.url for i in apply_links(template, extract_links(_page(site, target), BASE + target))}
    site.advance(3)
    after = apply_links(template, extract_links(_page(site, target), BASE + target))
    assert [i.url for i in new_items(after, before)] == site.item_urls("news", BASE)[:3]


def test_resolve_auto_falls_back_to_the_whole_page_without_a_list() -> None:
    assert resolve_auto("<html><body><p>只有一段文字</p><a href='/a'>a</a></body></html>", BASE) == PageTemplate()


def test_noise_is_not_a_change_but_new_text_is() -> None:
    site = ChangingSite()
    noisy = [page_fingerprint(_page(site, "/page/noisy.html"), BASE) for _ in range(4)]
    assert len({fp.checksum for fp in noisy}) > 1  # the page does differ on every request
    assert not any(page_changed(noisy[0], fp) for fp in noisy[1:])
    first = page_fingerprint(_page(site, "/page/article.html"), BASE)
    site.advance()
    second = page_fingerprint(_page(site, "/page/article.html"), BASE)
    assert page_changed(first, second)
    assert not page_changed(None, second)  # a first observation is no change


TITLES = [
    "City opens new metro line today",
    "Spring job fair draws thousands of visitors",
    "Storm warning issued for coastal districts",
    "Exam registration schedule published online",
    "Old housing renovation program starts",
    "Three public hospitals to be built",
    "Night economy measures announced by council",
    "Food safety inspections expanded citywide",
]


def _news_list(count: int, suffix: str = "") -> str:
    """A news list page, newest first; ``suffix`` follows every item's file name (a session id)."""
    rows = "".join(
        f'<li><a href="/news/2024-05-{i + 1:02d}/doc-ihx{1000 + i}.shtml{suffix}">{TITLES[i]}</a></li>'
        for i in reversed(range(count))
    )
    return (
        '<html><body><div class="nav"><a href="/">Home</a> <a href="/about.html">About</a></div>'
        f'<div class="main"><ul class="list">{rows}</ul></div>'
        '<div class="foot"><a href="/privacy.html">Privacy</a></div></body></html>'
    )


@pytest.mark.parametrize(
    ("before", "after", "base_after"),
    [
        (";jsessionid=AAAA111", ";jsessionid=BBBB222", "http://h.org/news/"),
        ("?sid=AAAA1111", "?sid=BBBB2222", "http://h.org/news/"),
        ("?PHPSESSID=a1", "?PHPSESSID=b2", "http://h.org/news/"),
        ("", "", "https://h.org/news/"),  # the site moved to https
        ("", "", "https://h.org:443/news/"),
    ],
)
def test_a_new_session_or_scheme_makes_no_item_new(before: str, after: str, base_after: str) -> None:
    template = resolve_auto(_news_list(6, before), "http://h.org/news/")
    assert isinstance(template, LinkTemplate)
    known = {i.identity for i in apply_links(template, extract_links(_news_list(6, before), "http://h.org/news/"))}
    assert len(known) == 6
    later = apply_links(template, extract_links(_news_list(7, after), base_after))
    assert len(later) == 7
    assert [i.text for i in new_items(later, known)] == [TITLES[6]]


def test_keys_stored_before_identities_dropped_scheme_and_session_still_name_their_items() -> None:
    # Stored keys of a watch made by an older version: full URLs, with their session id.
    old_keys = {f"http://h.org/news/2024-05-{i + 1:02d}/doc-ihx{1000 + i}.shtml;jsessionid=AAAA111" for i in range(6)}
    template = resolve_auto(_news_list(6), "http://h.org/news/")
    assert isinstance(template, LinkTemplate)
    later = apply_links(template, extract_links(_news_list(7), "http://h.org/news/"))
    assert [i.text for i in new_items(later, old_keys)] == [TITLES[6]]
    # ... and the older "scheme://host/path?identity keys" form of dynamic pages.
    dynamic = LinkTemplate(
        UrlPattern("file", "h.org", (), True, file_name="view.php", query_keys=("sid", "tid")), ("tid",)
    )
    links = [Link(f"https://h.org/view.php?tid={i}&sid=x{i}", f"帖子标题{i}") for i in range(1, 4)]
    assert [i.url for i in new_items(apply_links(dynamic, links), {"http://h.org/view.php?tid=1"})] == [
        "https://h.org/view.php?tid=2&sid=x2",
        "https://h.org/view.php?tid=3&sid=x3",
    ]


def test_templates_made_from_session_urls_still_match_after_the_session_changes() -> None:
    # Before shapes left sessions out, ";jsessionid=..." was part of the file name (no extension).
    old = LinkTemplate(UrlPattern("directory", "h.org", ("news", "{n}-{n}-{n}")))
    shape = UrlPattern("file", "h.org", ("news", "{n}-{n}-{n}"), False, file_prefix="doc-ihx", file_ext="")
    older = LinkTemplate(shape)
    for template in (old, older):
        items = apply_links(template, extract_links(_news_list(7, ";jsessionid=BBBB222"), "http://h.org/news/"))
        assert len(items) == 7, template


def _notices(newest: int, count: int = 10) -> str:
    """A notice board, newest first; every link carries its position in the list (``pos=``), like spm tracking."""
    rows = "".join(
        f'<tr><td><a href="show.asp?id={i}&pos={k}">Notice number {i} about the spring semester</a></td></tr>'
        for k, i in enumerate(range(newest, newest - count, -1))
    )
    return (
        f'<html><body><div><a href="/">Home</a><a href="/about.html">About</a></div><table>{rows}</table></body></html>'
    )


def test_a_position_parameter_is_not_part_of_an_items_identity() -> None:
    # Both id and pos are consecutive integers here; pos is the one that counts the list's positions.
    template = resolve_auto(_notices(3010), "http://h.org/notice/")
    assert isinstance(template, LinkTemplate) and template.identity_keys == ("id",)
    known = {i.identity for i in apply_links(template, extract_links(_notices(3010), "http://h.org/notice/"))}
    later = apply_links(template, extract_links(_notices(3011), "http://h.org/notice/"))
    assert [i.url for i in new_items(later, known)] == ["http://h.org/notice/show.asp?id=3011&pos=0"]


def test_a_tracking_query_after_a_page_named_by_its_path_is_not_part_of_its_identity() -> None:
    def jobs(newest: int) -> str:
        rows = "".join(
            f'<li><a href="/job/{i}.html?ka=search_list_{k}">Engineer position number {i}</a></li>'
            for k, i in enumerate(range(newest, newest - 6, -1))
        )
        return f'<html><body><ul class="jobs">{rows}</ul></body></html>'

    template = resolve_auto(jobs(1406), "http://h.org/jobs/")
    assert isinstance(template, LinkTemplate)
    known = {i.identity for i in apply_links(template, extract_links(jobs(1406), "http://h.org/jobs/"))}
    # one new job at the top moves every other job's position in its query
    later = apply_links(template, extract_links(jobs(1407), "http://h.org/jobs/"))
    assert [i.url for i in new_items(later, known)] == ["http://h.org/job/1407.html?ka=search_list_0"]


def test_a_tracking_query_after_a_directory_named_by_an_id_is_not_part_of_its_identity() -> None:
    # a chart whose links carry their rank (IMDb's /title/tt0111161/?ref_=chttp_t_1): a film that
    # moves up a place is no new film
    def chart(order: list[int]) -> str:
        rows = "".join(
            f'<li><a href="/title/tt{t:07d}/?ref_=chttp_t_{rank}">{rank}. The film numbered {t}</a></li>'
            for rank, t in enumerate(order, 1)
        )
        return f'<html><body><ul class="chart">{rows}</ul></body></html>'

    films = [111161, 68646, 468569, 71562, 50083, 108052]
    template = resolve_auto(chart(films), "http://h.org/chart/")
    assert isinstance(template, LinkTemplate)
    known = {i.identity for i in apply_links(template, extract_links(chart(films), "http://h.org/chart/"))}
    later = apply_links(template, extract_links(chart([1375666, *films[::-1]]), "http://h.org/chart/"))
    assert [i.url for i in new_items(later, known)] == ["http://h.org/title/tt1375666/?ref_=chttp_t_1"]


@pytest.mark.parametrize(
    ("queries", "expected"),
    [
        # the smallest set that tells the items apart: fid (the board) varies but says nothing more than tid
        (["tid=7&fid=1", "tid=5&fid=2", "tid=2&fid=1", "tid=1&fid=3"], ("tid",)),
        # two keys together, a position counter (from 1) left out
        (["cat=a&n=1&rank=1", "cat=b&n=1&rank=2", "cat=a&n=2&rank=3", "cat=b&n=7&rank=4"], ("cat", "n")),
        # a position counter that is all there is stays: without it every item would be the same
        (["p=0", "p=1", "p=2"], ("p",)),
        # ids that merely happen to rise by one are still used when nothing else tells the items apart
        (["id=41&sort=new", "id=42&sort=new", "id=43&sort=new"], ("id",)),
        # a token of the visit tells the items apart too, but the next fetch brings new ones: the id
        (["tid=4182&_i=7tslrvfMI8Mnwz", "tid=97&_i=Qx81LmzP0aTrew", "tid=4001&_i=Zk3mW8pLq2Vbnc"], ("tid",)),
        # two ids as short, each telling these items apart (a job's and its employer's): both, so
        # that a second job of one employer is still a new item
        (
            [
                "fccid=8db40a6f7f4ccc91&jk=426a5621c7ae467e&xkcb=SoCA6FDkpt_fPvJIvwq503I2t",
                "fccid=c858633616c6662e&jk=d123268fa7a436c1&xkcb=SoCx5onxXvsLm6j5ehxWq81Lm",
                "fccid=717e66ab95feac62&jk=15842905eaaadf56&xkcb=SoCPA4NMTHzq28fTBFle7tslr",
            ],
            ("fccid", "jk"),
        ),
    ],
)
def test_identity_keys_are_the_smallest_set_that_tells_items_apart(
    queries: list[str], expected: tuple[str, ...]
) -> None:
    cluster = auto_choose([Link(f"http://h.org/view.php?{q}", f"帖子标题不同的第{n}个") for n, q in enumerate(queries)])
    assert cluster is not None
    assert template_for_cluster(cluster).identity_keys == expected


def _article(paragraph: str = "", digits: str = "") -> str:
    """A saved Sina article, with ``paragraph`` inserted after its third paragraph and its
    figures replaced by ``digits`` (when given)."""
    import re
    from pathlib import Path

    from lxml import html as lxml_html

    from topiccrawl.charset import detect_encoding

    raw = (Path(__file__).resolve().parent.parent / "fixtures" / "news" / "sina_article.html").read_bytes()
    doc = lxml_html.fromstring(raw.decode(detect_encoding(raw).encoding, errors="replace"))
    paragraphs = [p for p in doc.iter("p") if len(p.text_content().strip()) > 30]
    if paragraph:
        new = lxml_html.Element("p")
        new.text = paragraph
        paragraphs[2].addnext(new)
    if digits:
        for p in paragraphs:
            p.text = re.sub(r"\d+", digits, p.text or "")
    return lxml_html.tostring(doc, encoding="unicode")


def test_a_new_paragraph_in_a_watched_article_is_a_change_and_changed_figures_are_not() -> None:
    before = page_fingerprint(_article(), "http://news.example.com/a.shtml")
    added = (
        "武昌起义爆发后各省纷纷响应，清政府的统治迅速瓦解；"
        "孙中山在南京就任临时大总统，中华民国就此成立，辛亥革命结束了帝制。"
    )
    after = page_fingerprint(_article(added), "http://news.example.com/a.shtml")
    # one paragraph in an article of 1000 characters moves the simhash by a few bits at most:
    # the old rule missed it, the new text is what tells
    assert hamming(before.simhash, after.simhash) <= 3
    assert page_changed(before, after)
    # the thresholds are the template's: below what changed it fires, above it does not
    masked = hamming(before.paragraphs.simhash, after.paragraphs.simhash)  # type: ignore[union-attr]
    assert page_changed(before, after, threshold=masked, min_new_chars=len(added))
    assert not page_changed(before, after, threshold=masked, min_new_chars=len(added) + 1)
    # the article's figures changed (a view counter, a corrected date): no new text, digits masked
    renumbered = page_fingerprint(_article(digits="7"), "http://news.example.com/a.shtml")
    assert renumbered.checksum != before.checksum and not page_changed(before, renumbered)


def test_a_reference_stored_without_paragraphs_is_compared_by_its_simhash() -> None:
    from dataclasses import replace

    before = page_fingerprint(_article(), "http://news.example.com/a.shtml")
    legacy = replace(before, paragraphs=None)  # as a watch baselined by an earlier version
    after = page_fingerprint(_article(digits="7"), "http://news.example.com/a.shtml")
    assert page_changed(legacy, after) == (hamming(before.simhash, after.simhash) > 3)


def test_page_template_min_new_chars_round_trips_and_is_checked() -> None:
    template = template_from_json('{"kind": "page", "threshold": 3, "min_new_chars": 50}')
    assert isinstance(template, PageTemplate) and template.min_new_chars == 50
    assert template_from_json(template_to_json(template)) == template
    assert template_from_json('{"kind": "page"}') == PageTemplate()  # templates saved before keep working
    with pytest.raises(TemplateError):
        template_from_json('{"kind": "page", "min_new_chars": 0}')


def test_a_page_template_that_keeps_digits_sees_a_changed_number() -> None:
    # A page of prices or scores: the numbers are what changes, and masked as noise they never
    # did. With "digits" the paragraph whose figure changed is new text.
    url = "http://news.example.com/a.shtml"
    template = template_from_json('{"kind": "page", "digits": true, "min_new_chars": 1}')
    assert isinstance(template, PageTemplate) and template.digits and "numbers included" in template.describe()
    assert "digits" not in template_to_json(PageTemplate())  # templates stored before read the same
    before = page_fingerprint(_article(), url, digits=True)
    renumbered = page_fingerprint(_article(digits="7"), url, digits=True)
    assert page_changed(before, renumbered, template.threshold, template.min_new_chars)
    assert not page_changed(before, page_fingerprint(_article(), url, digits=True), template.threshold, 1)
    # the same change under the default template is noise
    assert not page_changed(page_fingerprint(_article(), url), page_fingerprint(_article(digits="7"), url))
