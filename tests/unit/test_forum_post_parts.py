"""A post body's parts (``posttext.post_parts``): the poster's own words, the quotations beside
them (``topiccrawl.forum.quotes``), and the board's own lines that are neither (a code block's
title, a signature, an edit note), in the markup of the boards that write them."""

from __future__ import annotations

import pytest

from topiccrawl.forum.posts import PostFields, extract_posts
from topiccrawl.forum.posttext import post_parts
from topiccrawl.forum.quotes import quotations
from topiccrawl.forum.regions import find_regions, parse_html


def _body(inner: str):
    return parse_html(f"<html><body><div class='message'>{inner}</div></body></html>").find(".//div")


QUOTED = [
    # phpBB prosilver: the cite line (name, back link, date) inside the blockquote
    (
        '<blockquote><div><cite><a href="./memberlist.php?u=2">ann</a> wrote: <a href="./viewtopic.php?p=5">↑</a>'
        '<span class="responsive-hide">Fri Jul 19, 2024 12:06 am</span></cite>Use the vendor driver.</div></blockquote>'
        "It worked, thanks.",
        "ann wrote: ↑ Fri Jul 19, 2024 12:06 am Use the vendor driver.",
    ),
    # Discuz!: div.quote around a blockquote whose first line names the poster and date
    (
        '<div class="quote"><blockquote><font color="#999999">ann 发表于 2018-10-4 19:28</font><br />'
        "换个驱动试试</blockquote></div>换了，好了。",
        "ann 发表于 2018-10-4 19:28 换个驱动试试",
    ),
    # Discourse: aside.quote with a title line and a blockquote
    (
        '<aside class="quote" data-username="ann"><div class="title"><div class="quote-controls"></div>'
        '<img src="/a.png" class="avatar"> ann:</div><blockquote><p>Use the vendor driver.</p></blockquote></aside>'
        "<p>It worked, thanks.</p>",
        "ann: Use the vendor driver.",
    ),
    # vBulletin 4: the quote's container has a class, no blockquote
    (
        '<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container">'
        '<div class="bbcode_postedby">Originally Posted by <strong>ann</strong></div>'
        '<div class="message">Use the vendor driver.</div></div></div></div>It worked, thanks.',
        "Originally Posted by ann Use the vendor driver.",
    ),
    # vBulletin 3: a bare 'Quote:' label above a table holding the quoted post
    (
        '<div style="margin:20px; margin-top:5px; "><div class="smallfont" style="margin-bottom:2px">引用:</div>'
        '<table cellpadding="6"><tr><td class="alt2"><div>作者为 <strong>ann</strong></div>'
        '<div style="font-style:italic">换个驱动试试</div></td></tr></table></div>换了，好了。',
        "引用: 作者为 ann 换个驱动试试",
    ),
]


@pytest.mark.parametrize(("html", "quoted"), QUOTED)
def test_a_quotation_is_apart_from_the_posts_own_words(html: str, quoted: str) -> None:
    text, quotes = post_parts(_body(html))
    assert quotes == [quoted]
    assert text in {"It worked, thanks.", "换了，好了。"}


def test_nested_quotations_are_one_quotation_in_document_order() -> None:
    html = (
        "<blockquote><cite>bob wrote:</cite><blockquote><cite>ann wrote:</cite>A</blockquote>B</blockquote>"
        "C<blockquote><cite>cy wrote:</cite>D</blockquote>E"
    )
    text, quotes = post_parts(_body(html))
    assert quotes == ["bob wrote: ann wrote: A B", "cy wrote: D"]
    assert text == "C E"


def test_controls_that_make_quotes_and_inline_quotes_are_no_quotations() -> None:
    html = (
        '<div class="js-selectToQuote"><p>I read <q>works for me</q> in the manual.</p>'
        '<div class="quote-btn"><a href="/reply?quote=5">Quote</a></div></div>'
    )
    body = _body(html)
    assert quotations(body) == []
    text, quotes = post_parts(body)
    assert text == "I read works for me in the manual. Quote" and quotes == []


def test_a_post_that_is_all_blockquote_stays_its_own_text() -> None:
    # (an editor's indentation is a blockquote too: a post is never left without text)
    text, quotes = post_parts(_body("<blockquote><p>Indented all the way.</p></blockquote>"))
    assert (text, quotes) == ("Indented all the way.", [])


def test_a_code_blocks_title_is_the_boards_not_the_posters() -> None:
    mybb = (
        '<p>Try:</p><div class="codeblock"><div class="title">Code:</div>'
        '<div class="body"><code>ls -l</code></div></div>'
    )
    phpbb = '<div class="codebox"><p>Code: <a href="#">Select all</a></p><pre><code>ls -l</code></pre></div>'
    assert post_parts(_body(mybb))[0] == "Try: ls -l"
    assert post_parts(_body(phpbb))[0] == "ls -l"
    # the poster's own 'Code:' before a paragraph stays
    assert post_parts(_body("<p>Code:</p><p>none yet</p>"))[0] == "Code: none yet"


def test_a_quotation_inside_inline_markup_of_a_quotation_is_part_of_it() -> None:
    html = '<blockquote><font size="2"><div class="quote"><blockquote>A</blockquote></div>B</font></blockquote>C'
    text, quotes = post_parts(_body(html))
    assert (text, quotes) == ("C", ["A B"])


@pytest.mark.parametrize(
    "signature",
    [
        '<aside class="message-signature"><div class="bbWrapper">Pixel 8 Pro | GrapheneOS</div></aside>',
        '<div class="sign">签名：好好学习</div>',
        '<div data-role="memberSignature"><p>My blog</p></div>',
        '<div id="sig8844" class="content">Running Linux since 2001</div>',
    ],
)
def test_a_signature_the_board_marks_as_one_is_not_the_posts_text(signature: str) -> None:
    text, _ = post_parts(_body(f'<article><div class="bbWrapper">Screen was tried screen?</div></article>{signature}'))
    assert text == "Screen was tried screen?"
    # a class naming a design or an assignment is no signature mark
    kept = '<div class="design">Two columns.</div><div class="assignment">Due Friday.</div>'
    assert post_parts(_body(kept))[0] == "Two columns. Due Friday."


def test_an_edit_note_the_board_dates_in_its_markup_is_not_the_posts_text() -> None:
    xenforo = (
        '<div class="bbWrapper">Camera one.</div><div class="message-lastEdit">Last edited: '
        '<time datetime="2025-06-10T02:48:58+0100">Tuesday at 2:48 AM</time></div>'
    )
    assert post_parts(_body(xenforo))[0] == "Camera one."
    signed = xenforo + '<aside class="message-signature">ThinkPad X220 forever.</aside>'
    assert post_parts(_body(signed))[0] == "Camera one."  # (the note comes before the signature)
    # a last paragraph of the poster's own that names a date stays
    own = "<p>See you there.</p><p>Meetup on 2025-06-10 10:00</p>"
    assert post_parts(_body(own))[0] == "See you there. Meetup on 2025-06-10 10:00"


def _posts(bodies: list[str]):
    items = "".join(
        f'<li class="post"><a class="user" href="/user/u{n}">u{n}</a><span class="when">2025-03-0{n} 10:00</span>'
        f'<div class="content">{body}</div><div class="footer"><a href="/post/{n}/reply">Reply</a></div></li>'
        for n, body in enumerate(bodies, 1)
    )
    regions = find_regions(parse_html(f'<html><body><ul class="posts">{items}</ul></body></html>'))
    return max(regions, key=lambda r: len(r.records))


def test_a_text_field_learned_as_the_bodys_paragraphs_reads_the_whole_body() -> None:
    # (NodeBB, in crawl orders whose first posts were all paragraphs: the lists and code between
    # them were lost)
    region = _posts(
        [
            "<p>First.</p><ul><li>Stop</li><li>Upgrade</li></ul><pre><code>./nodebb start</code></pre><p>Done.</p>",
            "<p>Second.</p><p>More.</p>",
            "<p>Third.</p><blockquote><p>Second.</p></blockquote><p>Agreed.</p>",
            "<p>Fourth.</p>",
        ]
    )
    fields = PostFields(content="0:div.content/p", author="0:a.user", time="0:span.when")
    posts = extract_posts(region, fields)
    assert [p.text for p in posts] == [
        "First. Stop Upgrade ./nodebb start Done.",
        "Second. More.",
        "Third. Agreed.",
        "Fourth.",
    ]
    assert posts[2].quotes == ("Second.",)
    # a body holding a bar of links beside its paragraphs is not read whole
    region = _posts(['<p>First.</p><div class="tools"><a href="/x">Share</a></div>', "<p>Second.</p>", "<p>Third.</p>"])
    assert [p.text for p in extract_posts(region, fields)] == ["First.", "Second.", "Third."]


def test_a_block_a_button_shows_is_the_posters_and_the_buttons_line_the_boards() -> None:
    nga = (
        "多周目内容太少了。<div class='collapse_btn'><button type='button' onclick='ubbcode.collapse(this)'>+</button> "
        "<b>配置单</b> 点击显示隐藏的内容</div>"
        "<div class='collapse_content' style='display:none'>建议关掉动态模糊。</div>"
    )
    assert post_parts(_body(nga))[0] == "多周目内容太少了。 建议关掉动态模糊。"
    # hidden text after anything but a button stays hidden (Discuz!'s attachment tips, its jammer)
    discuz = (
        '<img src="/a.jpg" onclick="zoom(this)"><div class="tip" style="display: none">下载附件 保存到相册</div>'
        '上班<span style="display:none">jammer</span>的意义'
    )
    assert post_parts(_body(discuz))[0] == "上班的意义"
