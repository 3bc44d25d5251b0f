"""A thread's opening post marked up apart from its replies (``topiccrawl.forum.leadpost``), the
buttons every post repeats (``pagetypes.buttons``) and the poster's links (``posts.poster_slots``)."""

from __future__ import annotations

from urllib.parse import urljoin

from topiccrawl.demo.forum_xenforo import XenforoForum
from topiccrawl.demo.server import SiteRequest
from topiccrawl.forum.leadpost import lead_post, lone_post, member_shape
from topiccrawl.forum.pagetypes import buttons, profile
from topiccrawl.forum.posts import PostRecord, body_shapes, learn_fields, poster_links, poster_slots
from topiccrawl.forum.regions import Region, find_regions, parse_html
from topiccrawl.spiders.forum_posts import _same_post

BASE = "http://forum.test/discussion/7/printers"
BAR = "".join(
    f'<a href="/react/{w}?id={{n}}">{w}</a> ' for w in ("Flag", "Quote", "Like", "Agree", "LOL", "Insightful")
)


def _comment(n: int, who: str, text: str) -> str:
    return (
        f'<li class="Item ItemComment" id="Comment_{n}"><div class="Comment">'
        f'<div class="Item-Header"><span class="Author"><a href="/profile/{who}" class="Username">{who}</a></span>'
        f'<span class="Meta"><a href="/discussion/comment/{n}">'
        f'<time datetime="2025-03-0{n}T10:00:00">2025-03-0{n} 10:00</time></a></span></div>'
        f'<div class="Item-Body"><div class="Message">{text}</div><div class="Reactions">{BAR.format(n=n)}</div>'
        "</div></div></li>"
    )


def _page(lead: str, panel: str = "", title: str = "Printers") -> str:
    comments = "".join(
        _comment(n, who, text)
        for n, who, text in [
            (1, "ann", "Try the driver from the vendor's site first."),
            (2, "bob", "Same here, the old one jammed every time."),
            (3, "cy", "Fixed it with a new roller, thanks all."),
            (4, "ann", "Glad it works now, mark it solved."),
        ]
    )
    return (
        f'<html><body><div id="Panel">{panel}</div><div id="Content"><h1>{title}</h1>{lead}'
        f'<div class="DataBox"><h2>Comments</h2><ul class="MessageList Comments">{comments}</ul></div>'
        "</div></body></html>"
    )


OPENING = (
    '<div id="Discussion_7" class="ItemDiscussion"><div class="Discussion">'
    '<div class="Item-Header"><span class="Author"><a href="/profile/dee" class="PhotoWrap" title="dee">'
    '<img src="/a.png" alt="dee"></a><a href="/profile/dee" class="Username">dee</a></span>'
    '<span class="Meta"><time datetime="2025-03-01T09:00:00">2025-03-01 09:00</time> in '
    '<a href="/categories/hw">HW</a></span>'
    '</div><div class="Item-Body"><div class="Message">My printer jams on every second page.</div></div>'
    "</div></div>"
)


def _replies(html: str) -> tuple[Region, list[Region]]:
    regions = find_regions(parse_html(html))
    main = max(regions, key=lambda r: sum(len(rec.text()) for rec in r.records))
    return main, regions


def _lead(html: str):
    main, regions = _replies(html)
    fields = learn_fields(main)
    assert fields is not None and fields.author is not None
    shapes = {member_shape(urljoin(BASE, a.get("href"))) for _, _, a in poster_links(main, fields)}
    others = [el for r in regions if r is not main for rec in r.records for e in rec.elements for el in e.iter()]
    return lead_post(main, lambda href: member_shape(urljoin(BASE, href)) in shapes, {id(el) for el in others})


def test_replies_under_a_bar_of_buttons_read_as_posts() -> None:
    main, _ = _replies(_page(OPENING))
    # the six buttons are the same in every post: the template's words, not the post's links
    assert {"Flag", "Quote", "Like", "Insightful"} <= buttons(main)
    assert profile(main).postlike


def test_rows_whose_links_differ_are_no_posts_for_their_buttons() -> None:
    rows = "".join(
        f'<tr><td><a href="/t/{n}">Thread title number {n} about printers</a></td>'
        f'<td><a href="/u/{n}">user{n}</a></td><td>3 replies</td><td><a href="/t/{n}?last">Last</a></td></tr>'
        for n in range(8)
    )
    main, _ = _replies(f"<html><body><table>{rows}</table></body></html>")
    assert buttons(main) == frozenset({"Last"})
    assert not profile(main).postlike and profile(main).listlike


def test_the_posters_links_are_the_author_fields() -> None:
    main, _ = _replies(_page(OPENING))
    fields = learn_fields(main)
    assert fields is not None
    assert {a.get("href") for _, _, a in poster_links(main, fields)} == {"/profile/ann", "/profile/bob", "/profile/cy"}
    # (a slot is a path of tags: the permalink in the date's line, span/a as the name is, shares it)
    assert poster_slots(main, fields) == {"0:div/div/span/a"}


def test_the_opening_post_above_the_replies_is_read() -> None:
    lead = _lead(_page(OPENING))
    assert lead is not None
    assert (lead.author, lead.text, lead.post_id) == ("dee", "My printer jams on every second page.", "Discussion_7")
    assert lead.time is not None and lead.time.startswith("2025-03-01")


def test_a_header_naming_the_starter_is_no_post() -> None:
    # 'Thread starter dee · Start date March 1' under the title: the block holds the heading
    header = (
        '<div class="p-title"><h1>Printers</h1><div class="p-description">Thread starter '
        '<a href="/profile/dee">dee</a> · <time datetime="2025-03-01T09:00:00">March 1</time></div>'
        "<div>Tags: printing, drivers</div></div>"
    )
    html = _page("", title="").replace("<h1></h1>", header)
    assert _lead(html) is None


def test_a_box_of_members_is_no_post() -> None:
    panel = (
        '<div class="Box"><h4>In this Discussion</h4><ul><li><a href="/profile/cy">cy</a> '
        '<time datetime="2025-03-03T10:00:00">March 3</time></li></ul></div>'
    )
    assert _lead(_page("", panel)) is None
    lead = _lead(_page(OPENING, panel))
    assert lead is not None and lead.author == "dee"


def test_a_box_of_the_most_liked_replies_leads_no_opening_post() -> None:
    # Douban repeats its most-liked replies above the list, in the list's markup
    liked = "".join(
        _comment(n, who, text)
        for n, who, text in [(5, "eve", "Top reply, the roller it was!"), (6, "fay", "Agreed, rollers wear out.")]
    )
    liked = f'<ul class="MessageList Popular">{liked}{_comment(8, "gus", "Also good advice for lasers.")}</ul>'
    assert _lead(_page(liked)) is None
    lead = _lead(_page(OPENING + liked))
    assert lead is not None and lead.author == "dee"


def test_member_shapes_name_the_directory_or_the_query() -> None:
    assert member_shape("http://h/profile/MikaT") == member_shape("http://h/profile/dee")
    assert member_shape("http://h/people/52766897/") == member_shape("http://h/people/sherryl/")
    assert member_shape("http://h/u.php?uid=5") == member_shape("http://h/u.php?uid=77")
    assert member_shape("http://h/profile/dee") != member_shape("http://h/categories/hw")


def test_a_thread_without_replies_is_its_opening_post() -> None:
    html = _page(OPENING).replace('<ul class="MessageList Comments">', '<ul class="MessageList Comments" hidden>')
    root = parse_html(html.split('<div class="DataBox">')[0] + "</div></body></html>")
    is_poster = lambda href: member_shape(urljoin(BASE, href)) == member_shape(urljoin(BASE, "/profile/x"))  # noqa: E731
    lone = lone_post(root, is_poster)
    assert lone is not None and (lone.author, lone.text) == ("dee", "My printer jams on every second page.")
    # a page of links to members with dates and no post (a member list) holds none
    members = "".join(
        f'<li><a href="/profile/u{n}">u{n}</a> <time datetime="2025-03-0{n}T10:00:00">2025-03-0{n}</time></li>'
        for n in range(1, 5)
    )
    assert lone_post(parse_html(f"<html><body><h1>Members</h1><ul>{members}</ul></body></html>"), is_poster) is None


def test_the_opening_posts_text_is_the_element_marked_up_as_the_replies_text() -> None:
    # Vanilla: tags, the reactions bar and a signature share the body's block with the message
    tagged = OPENING.replace(
        "</div></div></div></div>",
        '</div><div class="InlineTags Meta">Tagged: <a href="/tagged/hw">hw</a></div>'
        f'<div class="Reactions">{BAR.format(n=7)}</div><div class="Signature Message">-- dee</div></div></div></div>',
    )
    main, _ = _replies(_page(tagged))
    fields = learn_fields(main)
    assert fields is not None
    shapes = {member_shape(urljoin(BASE, a.get("href"))) for _, _, a in poster_links(main, fields)}

    def is_poster(href: str) -> bool:
        return member_shape(urljoin(BASE, href)) in shapes

    lead = lead_post(main, is_poster, frozenset(), body_shapes(main, fields))
    assert lead is not None and lead.text == "My printer jams on every second page."
    # without the replies' markup to go by, the whole block is the post, as before
    bare = lead_post(main, is_poster)
    assert bare is not None and bare.text.startswith("My printer jams") and "Tagged: hw" in bare.text


def test_the_opening_posts_text_is_the_replies_body_when_their_field_is_its_paragraphs() -> None:
    # Each reply's message one paragraph: the field is learned as the message's ``p``, which names no
    # class to find the opening post's message by, and that post was read as its whole box again
    tagged = OPENING.replace(
        "second page.</div></div></div></div>",
        'second page.</div><div class="InlineTags Meta">Tagged: <a href="/tagged/hw">hw</a></div>'
        f'<div class="Reactions">{BAR.format(n=7)}</div></div></div></div>',
    )
    html = _page(tagged).replace('<div class="Message">', '<div class="Message"><p>')
    html = html.replace('</div><div class="Reactions">', '</p></div><div class="Reactions">')
    html = html.replace("second page.</div>", "second page.</p></div>")
    main, _ = _replies(html)
    fields = learn_fields(main)
    assert fields is not None and fields.content.endswith("div.Message/p")
    shapes = {member_shape(urljoin(BASE, a.get("href"))) for _, _, a in poster_links(main, fields)}
    lead = lead_post(
        main, lambda href: member_shape(urljoin(BASE, href)) in shapes, frozenset(), body_shapes(main, fields)
    )
    assert lead is not None and lead.text == "My printer jams on every second page."


DOUBAN_TOPIC = (
    "<html><body><div id='content'><h1>政治什么时候开始背？</h1><div class='article'>"
    "<div class='topic-content' id='topic-content'>"
    "<div class='user-face'><a href='/people/17/'><img src='/u.jpg' alt='阿呆'/></a></div>"
    "<div class='topic-doc'><h3><span class='from'>来自: <a href='/people/17/'>阿呆</a></span>"
    "<span class='create-time'>2025-09-05 10:27:36</span></h3>"
    "<div class='topic-content'><div class='rich-content'><p>上班的意义可能就是下班吧。</p></div></div>"
    "<div class='sns-bar'><a href='/login?r=1' class='fav-add'>喜欢</a><span><a href='?type=like'>32人</a>喜欢</span>"
    "<a href='/login?r=1'>收藏</a><span>17</span><a href='/login?r=1'>转发</a><span>3</span></div></div></div>"
    "<div class='comment-form'><p class='pl'>你需要<a href='https://www.douban.com/accounts/login?r=1'>登录</a>"
    "后才能回应 · <a href='https://www.douban.com/accounts/register'>注册</a></p></div>"
    "</div></div></body></html>"
)


def test_a_lone_post_is_not_the_login_prompt_below_it_nor_its_bar_of_likes() -> None:
    post = lone_post(parse_html(DOUBAN_TOPIC), lambda href: href.startswith("/people/"))
    assert post is not None
    assert (post.author, post.text) == ("阿呆", "上班的意义可能就是下班吧。")
    assert post.time == "2025-09-05 10:27:36"


def test_an_opening_post_that_says_what_its_first_reply_says_is_still_a_post() -> None:
    lead = PostRecord("Discussion_7", "dee", None, "Same here.")
    assert not _same_post(lead, PostRecord("Comment_8", "dee", None, "Same here."))
    assert _same_post(lead, PostRecord("Discussion_7", "dee", None, "Same here, edited."))
    assert _same_post(PostRecord(None, "dee", None, "Same here."), PostRecord("Comment_8", "dee", None, "Same here."))


# V2EX: the thread's header holds the starter's links and the date beside the heading; the post's
# text is the block below it, in the same box; the replies are in a box of their own
HEADED = (
    '<div id="Main"><div class="box"><div class="header"><div class="fr"><a href="/profile/dee">'
    '<img src="/a.png" alt="dee"></a></div><a href="/">Home</a> › <a href="/go/hw">HW</a><h1>Printers</h1>'
    '<small class="gray"><a href="/profile/dee">dee</a> · <span title="2025-03-01 09:00:00">3 days ago</span>'
    " · 120 views</small></div>"
    '<div class="cell"><div class="topic_content">My printer jams on every second page.</div></div>'
    '<div class="topic_buttons"><a href="/fav/7">Favourite</a> <a href="/thank/7">Thank</a></div></div>{replies}</div>'
)


def test_an_opening_post_below_a_header_naming_its_starter_and_date_is_read() -> None:
    comments = _page("").split('<div class="DataBox">')[1].split("</div></body>")[0]
    html = "<html><body>" + HEADED.format(replies=f'<div class="box">{comments}</div>') + "</body></html>"
    lead = _lead(html)
    assert lead is not None
    assert (lead.author, lead.text) == ("dee", "My printer jams on every second page.")
    assert lead.time is not None and lead.time.startswith("2025-03-01")
    assert lead.post_id is None  # (not 'Main', the page's column)
    # the same header above replies in its own box, the first of them the opening post: nothing below
    # the header is a post's text ('Started by dee' over the thread's posts)
    bare = HEADED.replace(
        '<div class="cell"><div class="topic_content">My printer jams on every second page.</div></div>', ""
    )
    assert _lead("<html><body>" + bare.format(replies=f'<div class="box">{comments}</div>') + "</body></html>") is None
    # ...or its box holds the replies
    header = HEADED.split('<div class="cell">', maxsplit=1)[0]
    boxed = f"<html><body>{header}{comments}</div></div></body></html>"
    assert _lead(boxed) is None


def test_a_members_page_headed_by_their_name_and_join_date_is_no_post() -> None:
    # XenForo's profile: the avatar's link (its letter 'G', labelled grace_h), the heading grace_h
    # and 'Joined Sep 22, 2021' in the header, 'Messages 7,380 Reaction score 1,325' below it
    site = XenforoForum(size=0.3)
    page = site.handle(SiteRequest("GET", "/members/grace_h.1458/", {}, "http://xf.test")).payload()
    base = "http://xf.test/members/grace_h.1458/"
    poster = member_shape(urljoin(base, "/members/ann.7/"))
    assert lone_post(parse_html(page), lambda href: member_shape(urljoin(base, href)) == poster) is None
