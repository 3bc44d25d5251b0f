"""Post fields on board software the fixture forums do not imitate (``topiccrawl.forum.posts``):
quotes that carry their own author and date, relative times with the date in a tooltip,
English month names, and a profile box whose 'Joined:' date comes before the post's."""

from __future__ import annotations

from topiccrawl.forum.dates import RELATIVE_TIME_RE, TIME_RE
from topiccrawl.forum.pagetypes import main_region
from topiccrawl.forum.posts import PostRecord, extract_posts, holds_posts, learn_fields
from topiccrawl.forum.posttext import post_text
from topiccrawl.forum.regions import find_regions, parse_html

BODIES = [
    "The battery lasts two days with normal use but the camera drains it",
    "I tried resetting the phone and updating the firmware, which helped a bit",
    "Does anyone know if the new kernel fixes wifi drops on older routers",
    "My setup uses a mesh network and the problem only appears after sleep",
    "Thanks for the detailed answer, it worked for me after replacing the cable",
    "Bought a spare one from the shop downtown, the price was fair",
]
AUTHORS = ["alice", "bob_k", "carol99", "dmitri", "eve.w", "frank"]


def _phpbb_post(i: int, when: str, quote: str = "") -> str:
    """A phpBB 3 (prosilver) post: profile box first, with the poster's join date."""
    return (
        f'<div id="p{100 + i}" class="post"><div class="inner">'
        f'<dl class="postprofile"><dt><a href="/u/{i}">{AUTHORS[i]}</a></dt>'
        f"<dd><strong>Joined:</strong> Mon Feb 13, 2017 9:12 pm</dd></dl>"
        f'<div class="postbody"><h3><a href="#p{100 + i}">Re: Battery drain</a></h3>'
        f'<p class="author">by <strong><a href="/u/{i}">{AUTHORS[i]}</a></strong> &raquo; {when}</p>'
        f'<div class="content">{quote}{BODIES[i]}</div></div></div></div>'
    )


def _posts(html: str) -> list[PostRecord]:
    main = main_region(find_regions(parse_html(f"<html><body><div id='posts'>{html}</div></body></html>")))
    assert main is not None and len(main) >= 6
    fields = learn_fields(main)
    assert fields is not None
    return extract_posts(main, fields)


def test_quotes_with_their_own_date_do_not_make_the_post_body_look_like_a_header() -> None:
    # Most posts quote another, and each quote carries the quoted post's date (phpBB's <cite>,
    # Discuz's "xxx 发表于 2023-3-1 09:00"): the body is still the text field.
    quote = (
        "<blockquote><cite><a href='/u/9'>zed</a> wrote: Sat Mar 02, 2024 3:15 pm</cite>"
        "Has anyone seen the battery problem after the update</blockquote>"
    )
    html = "".join(_phpbb_post(i, f"Sun Mar {3 + i:02d}, 2024 10:0{i} am", quote if i % 3 else "") for i in range(6))
    posts = _posts(html)
    assert [p.author for p in posts] == AUTHORS
    for i, post in enumerate(posts):
        assert post.text.endswith(BODIES[i])
    # the post's own time, not the quoted post's, nor the poster's join date
    assert [p.time for p in posts] == [f"Sun Mar {3 + i:02d}, 2024 10:0{i} am" for i in range(6)]


def test_relative_times_count_as_dates_and_the_tooltip_gives_the_absolute_one() -> None:
    def post(i: int) -> str:
        when = f'<span title="2023-3-{i + 1} 10:15">{i + 1} 天前</span>' if i % 2 else f"2023-3-{i + 1} 10:15"
        return (
            f'<table id="pid{i}"><tr><td class="pls"><a href="/u/{i}">{AUTHORS[i]}</a></td>'
            f'<td class="plc"><div class="pi"><em>发表于 {when}</em></div>'
            f'<div class="t_f">{BODIES[i]}</div></td></tr></table>'
        )

    # an ad styled like a post, with no date, is still left out
    ad = '<table id="ad1"><tr><td class="pls"><a href="/shop">shop</a></td><td class="plc">Buy now</td></tr></table>'
    posts = _posts("".join(post(i) for i in range(3)) + ad + "".join(post(i) for i in range(3, 6)))
    assert [p.text for p in posts] == BODIES
    assert [p.time for p in posts] == [f"2023-3-{i + 1} 10:15" for i in range(6)]


def test_english_dates_with_month_names_are_dates() -> None:
    for text in ["January 2, 2023, 3:35am", "Mar 02, 2024 3:15 pm", "2 January 2023 at 10:15", "Sept. 9, 2021"]:
        assert TIME_RE.search(f"posted {text} by x"), text
    for text in ["3 天前", "昨天 10:15", "Today, 10:15 AM", "5 minutes ago", "半小时前", "yesterday at 9:02 pm"]:
        assert RELATIVE_TIME_RE.search(text), text
    # within the last week, XenForo and Invision name the day (a date only the header tells apart
    # from the post: a body with "Saturday at 11:47 PM" in most posts would be taken for the date)
    for text in ["Saturday at 11:47 PM", "Posted Monday at 3:12 PM", "星期六 10:15", "周日 09:02"]:
        assert RELATIVE_TIME_RE.search(text), text
    # words that merely start like a month, and dates' look-alikes in prose, are not dates
    prose = ["the market 12, 2020 was", "version 3.1 released", "today I tried it", "今天天气不错", "see you Saturday"]
    for text in prose:
        assert not TIME_RE.search(text) and not RELATIVE_TIME_RE.search(text), text

    def post(i: int) -> str:
        return (
            f'<article id="post_{i}"><div class="topic-meta-data"><span class="names">'
            f'<a href="/u/{AUTHORS[i]}">{AUTHORS[i]}</a></span>'
            f'<span class="post-time">January {i + 2}, 2023, 3:3{i}am</span></div>'
            f'<div class="cooked"><p>{BODIES[i]}</p></div></article>'
        )

    posts = _posts("".join(post(i) for i in range(6)))
    assert [p.text for p in posts] == BODIES
    assert [p.author for p in posts] == AUTHORS
    assert [p.time for p in posts] == [f"January {i + 2}, 2023, 3:3{i}am" for i in range(6)]


def test_numeric_dates_with_the_year_last_are_dates_and_the_poster_box_is_no_post_text() -> None:
    for text in ["06-12-2025, 01:40 PM", "12.06.2025 13:40", "06/12/25 13:40", "Yesterday , 08:35 PM"]:
        assert TIME_RE.search(text) or RELATIVE_TIME_RE.search(text), text
    for text in ["version 1.2.25 is out", "call 12-34 now", "3.14159"]:
        assert not TIME_RE.search(text), text

    # MyBB 1.8: an anchor before each post (a record of two elements), a poster box with varying
    # statistics, and the date as "06-12-2025, 01:40 PM" or "<span title=…>Yesterday</span>, 08:35 PM".
    def post(i: int) -> str:
        shown = (
            f"06-0{i + 1}-2025, 0{i + 1}:40 PM"
            if i % 2
            else f'<span title="06-0{i + 1}-2025">Yesterday</span>, 08:3{i} PM'
        )
        return (
            f'<a name="pid{i}" id="pid{i}"></a><div class="post classic" id="post_{i}">'
            f'<div class="post_author"><div class="author_information"><strong><a href="/u/{i}">{AUTHORS[i]}</a>'
            f"</strong><br /><span>Member</span></div><div>Posts: {40 + 7 * i} Joined: Oct 20{10 + i} "
            f'Reputation: {i}</div></div><div class="post_content"><div class="post_head">'
            f'<span class="post_date">{shown}</span></div><div class="post_body">{BODIES[i]}</div></div></div>'
        )

    posts = _posts("".join(post(i) for i in range(6)))
    assert [p.text for p in posts] == BODIES
    assert [p.author for p in posts] == AUTHORS
    assert all(p.time for p in posts)


def test_letter_avatars_are_not_authors_and_a_date_shown_alone_takes_its_time_from_the_attribute() -> None:
    # XenForo: a default avatar shows the poster's initial before the name; posts older than a
    # week show their date alone, the exact time only in <time datetime>
    def post(i: int) -> str:
        name = AUTHORS[i]
        return (
            f'<article id="js-post-{100 + i}"><div class="user"><div class="avatar"><a href="/m/{i}">'
            f'<span>{name[0].upper()}</span></a></div><h4><a href="/m/{i}">{name}</a></h4>'
            "<dl><dt>Joined</dt><dd>Mar 3, 2019</dd></dl></div>"
            f'<header><a href="/p/{i}"><time datetime="2024-06-0{i + 1}T14:3{i}:00+0000" '
            f'title="Jun {i + 1}, 2024 at 2:3{i} PM">Jun {i + 1}, 2024</time></a></header>'
            f'<div class="body">{BODIES[i]}</div></article>'
        )

    posts = _posts("".join(post(i) for i in range(6)))
    assert [p.author for p in posts] == AUTHORS
    assert [p.time for p in posts] == [f"2024-06-0{i + 1}T14:3{i}:00" for i in range(6)]
    assert [p.text for p in posts] == BODIES


def test_words_for_screen_readers_are_no_part_of_a_field() -> None:
    # NodeBB (Bootstrap): the avatar's link holds the poster's status for screen readers
    # ("Offline"), and a letter avatar's initial when the poster has no picture; the name follows
    # in a link of its own
    def post(i: int) -> str:
        name = AUTHORS[i]
        picture = f'<img src="/u/{i}.png" alt="{name}">' if i % 2 else f"<span>{name[0].upper()}</span>"
        return (
            f'<li component="post" data-index="{i}"><div class="row"><div class="avatar"><a href="/user/{name}">'
            f'{picture}<span class="status"><span class="visually-hidden">Offline</span></span></a></div>'
            f'<div class="body"><div class="header"><a class="name" href="/user/{name}">{name}</a>'
            f'<a class="permalink" href="/post/{i}"><span class="timeago" title="2024-06-0{i + 1}T14:3{i}:00.000Z">'
            f'</span></a></div><div class="content"><p>{BODIES[i]}</p>'
            '<p class="sr-only">End of post</p></div></div></div></li>'
        )

    posts = _posts("<ul>" + "".join(post(i) for i in range(6)) + "</ul>")
    assert [p.author for p in posts] == AUTHORS
    assert [p.text for p in posts] == BODIES


BODY = "楼层{}的正文，今天去公园拍照，天气不错"


def _floor(i: int, replies: int) -> str:
    """A Tieba floor: the first carries an extra class, a few hold nested replies (楼中楼) with
    their own authors and times, which hold more text than the floor's own short post."""
    first = " d_post_content_firstfloor" if i == 0 else ""
    nested = "".join(
        f'<li class="lzl_single_post"><a href="/home?un=r{k}">回复者{k}号</a>:<span class="lzl_content_main">'
        f"楼中楼的回复内容第{k}条，说得很有道理，我也这么认为</span>"
        f'<span class="lzl_time">2024-5-{3 + k} 21:3{k}</span></li>'
        for k in range(replies)
    )
    return (
        f'<div class="l_post"><div class="d_author"><ul class="p_author"><li class="d_name">'
        f'<a href="/home?un={i}" class="p_author_name">{AUTHORS[i]}</a></li></ul></div>'
        f'<div class="d_post_content_main{first}"><div class="p_content"><div id="post_content_{900 + i}" '
        f'class="d_post_content">{BODY.format(i)}</div></div><div class="core_reply"><div class="post-tail-wrap">'
        f'<span class="tail-info">{i + 1}楼</span><span class="tail-info">2024-05-0{i + 1} 21:17</span></div>'
        f'<ul class="j_lzl_m_w">{nested}</ul></div></div></div>'
    )


def test_nested_replies_and_a_first_post_marked_apart_do_not_move_the_fields() -> None:
    posts = _posts("".join(_floor(i, 4 if i in {1, 4} else 0) for i in range(6)))
    assert [p.text for p in posts] == [BODY.format(i) for i in range(6)]  # not the 楼中楼 block
    assert [p.author for p in posts] == AUTHORS
    assert [p.time for p in posts] == [f"2024-05-0{i + 1} 21:17" for i in range(6)]  # the first post's too


MOODS = ["2018-6-17 17:49", "2019-12-4 01:24", "2017-3-2 08:00", "2019-11-28 11:51", "2018-1-9 10:42", "2016-5-5 09:09"]


def _mood_post(i: int, when: str, mood: str) -> str:
    """A Discuz!-style post whose profile box carries a sign-in plugin's date (the poster's
    last sign-in, in no order along the thread) in a field shorter than the post's header."""
    return (
        f'<div id="post_{200 + i}" class="post"><table class="plhin"><tr><td class="pls">'
        f'<div class="authi"><a href="/space-uid-{i}.html" class="xw1">{AUTHORS[i]}</a></div>'
        f'<div class="qdsmile"><center>Mood</center><b>ok</b> {mood}</div></td>'
        f'<td class="plc"><div class="pti"><em id="authorposton{200 + i}">Posted on {when}</em></div>'
        f'<div class="t_f">{BODIES[i]}</div></td></tr></table></div>'
    )


def test_the_post_time_is_the_field_in_page_order_not_a_shorter_profile_date() -> None:
    posted = [f"2018-10-4 {h}:{m:02d}" for h, m in [(19, 9), (19, 13), (20, 27), (21, 5), (22, 0), (23, 48)]]
    moods = MOODS
    posts = _posts("".join(_mood_post(i, posted[i], moods[i]) for i in range(6)))
    assert [p.time for p in posts] == posted
    assert [p.author for p in posts] == AUTHORS


def test_a_thread_listed_newest_first_keeps_its_post_times() -> None:
    posted = [f"2021-3-{d} 10:00" for d in (28, 21, 14, 9, 5, 1)]
    moods = [m.replace("201", "202", 1) for m in MOODS]
    posts = _posts("".join(_mood_post(i, posted[i], moods[i]) for i in range(6)))
    assert [p.time for p in posts] == posted


def test_hidden_parts_of_a_post_are_not_its_text() -> None:
    from lxml import html as lxml_html

    from topiccrawl.forum.posttext import visible_text

    el = lxml_html.fragment_fromstring(
        "<div>shown <div class='tip' style='position: absolute; DISPLAY : none'>下载附件 保存到相册</div>"
        "<span hidden>card</span><i style='visibility:hidden'>ghost</i><b>also shown</b>"
        "<script>var x = 1;</script></div>"
    )
    assert visible_text(el) == "shown also shown"


SHORT = [
    "潜水很久了，第一次发帖。有没有人试过把烤箱和饺子馅结合起来？",
    "沙发，楼主辛苦了，这个问题我也想知道",
    "我觉得楼主说的烤箱问题确实存在，我之前也遇到过。",
    "已收藏，回头细看，先顶一下",
    "同问，坐等高手解答，预算有限",
    "看了这么多回复，我的结论是烤箱一般般。",
]
TITLE = "红烧肉和手擀面，纠结了一个月"


def _vb3_post(i: int) -> str:
    """A vBulletin 3 post: the cell holds an optional title line, the message and a signature."""
    title = TITLE if i == 0 else "回复: " + TITLE if i in (2, 4) else ""
    head = f'<div class="smallfont"><strong>{title}</strong></div><hr />' if title else ""
    signature = "<div>__________________<br />生活不止眼前的苟且，还有诗和远方。</div>" if i % 2 else ""
    return (
        f'<table class="tborder" id="post{100 + i}"><tr><td class="thead">2024-03-0{i + 1} 10:1{i} #{i + 1}</td></tr>'
        f'<tr><td class="alt2"><div><a href="/member.php?u={i}">{AUTHORS[i]}</a></div><div>注册日期: 2019-01</div></td>'
        f'<td class="alt1">{head}<div id="post_message_{100 + i}">{SHORT[i]}</div>{signature}</td></tr></table>'
    )


def test_a_post_title_signature_or_ad_in_the_post_cell_is_not_the_post_text() -> None:
    # Short replies, two of them titled "回复: <thread title>" like the first post, signatures
    # and an ad styled as a post: more than a tenth of the cell's text, yet not the post text.
    ad = '<table class="tborder"><tr><td class="alt1">年终特惠，全场包邮，点击了解详情</td></tr></table>'
    html = "".join(_vb3_post(i) + (ad if i == 0 else "") for i in range(6))
    posts = _posts(html)
    assert [p.text for p in posts] == SHORT
    assert [p.author for p in posts] == AUTHORS


def test_a_region_holds_posts_only_when_most_records_have_the_text_field() -> None:
    # A board index's rows can match a post template by their tags alone (a matched region);
    # read as posts they gave a post of board names. Its records lack the post's text field.
    posts = "".join(_phpbb_post(i, f"Mon Mar {i + 4}, 2024 10:1{i} am") for i in range(6))
    main = main_region(find_regions(parse_html(f"<html><body><div id='posts'>{posts}</div></body></html>")))
    assert main is not None
    fields = learn_fields(main)
    assert fields is not None and fields.content.endswith("div.content")
    assert holds_posts(main, fields)
    boards = "".join(
        f'<div class="post"><div class="inner"><dl class="postprofile"><dt><a href="/f/{i}">Board {i}</a></dt>'
        f"<dd>Topics: {i}</dd></dl><div class='postbody'><h3><a href='/f/{i}'>Board {i}</a></h3></div></div></div>"
        for i in range(6)
    )
    index = main_region(find_regions(parse_html(f"<html><body><div id='boards'>{boards}</div></body></html>")))
    assert index is not None and len(index) == 6
    assert not holds_posts(index, fields)
    # a deleted post (its header kept, no text field) among posts leaves them posts
    deleted = posts.replace(f'<div class="content">{BODIES[2]}</div>', "<em>This post was deleted.</em>")
    region = main_region(find_regions(parse_html(f"<html><body><div id='posts'>{deleted}</div></body></html>")))
    assert region is not None and len(region) == 6 and deleted != posts
    assert holds_posts(region, fields)


def _real_discuz_posts(name: str) -> list[PostRecord]:
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "fixtures" / "real_pages" / name).read_text(encoding="utf-8")
    main = main_region(find_regions(parse_html(page)))
    assert main is not None
    fields = learn_fields(main)
    assert fields is not None
    return extract_posts(main, fields)


def test_a_boards_login_prompt_and_edit_notice_are_not_post_text() -> None:
    # Saved Discuz! pages: a guest sees "马上注册 … 您需要 登录 才可以下载或查看，没有帐号？ 立即注册"
    # inside the first post, and edited posts open with "本帖最后由 <user> 于 <date> 编辑".
    for name in ("discuz_thread_3.html", "discuz_thread_6.html", "discuz_thread_13.html"):
        posts = _real_discuz_posts(name)
        assert len(posts) == 10
        assert not any("立即注册" in p.text or "马上注册" in p.text or "本帖最后由" in p.text for p in posts)
        assert all(p.text for p in posts)
    posts = _real_discuz_posts("discuz_thread_3.html")
    assert posts[0].text.startswith("本帖内容为独立汉化作品")  # the post itself is kept
    assert posts[2].text.startswith("辛苦辛苦！！ 收藏、点赞、回复一条龙")
    assert posts[1].text == "编辑帖子居然比翻译还累 我真是没有料到，鹰目每次都辛苦啦……"  # a pasted backspace is no text


def test_a_posters_own_sign_up_link_and_a_post_that_is_all_prompt_keep_their_text() -> None:
    def text(body: str) -> str:
        return post_text(parse_html(f"<html><body><div class='message'>{body}</div></body></html>").find(".//div"))

    prompt = '<div class="tip">Please <a href="member.php?action=login">log in</a> to see attachments.</div>'
    assert text(prompt + BODIES[0]) == BODIES[0]  # the board's prompt (a relative link to its login) is dropped
    own = 'Vote here: <a href="https://poll.example.org/register">register</a> first, it takes a minute.'
    assert text(f"<p>{own}</p>{BODIES[1]}") == f"Vote here: register first, it takes a minute. {BODIES[1]}"
    alone = '<div class="tip">Please <a href="/login.php">log in</a> to see this post.</div>'
    assert text(alone) == "Please log in to see this post."  # nothing else to show: the prompt stays
    assert text(f"<em>Last edited by bob on 2024-03-04 11:00</em><br/>{BODIES[3]}") == BODIES[3]
    # a date of the post's own, in its text, is no edit notice; nor is a notice that is the whole post
    assert text(f"On <em>2024-03-05</em> it broke. {BODIES[4]}") == f"On 2024-03-05 it broke. {BODIES[4]}"
    assert text("<em>Edited 2024-03-05</em>") == "Edited 2024-03-05"
    # Invision closes an edited post with its notice
    edited = "<span class='ipsType_light'><strong>Edited 7 hours ago by 清风</strong><br>typo</span>"
    assert text(f"<p>{BODIES[2]}</p>{edited}") == BODIES[2]
    # ... but a post that ends on a dated remark of its own in <em> keeps it when the text runs on after it
    assert text(f"<p>{BODIES[2]}</p><em>2024-03-05</em> and it works now") == (
        f"{BODIES[2]} 2024-03-05 and it works now"
    )


def test_a_first_post_that_fell_out_of_its_region_is_a_post_all_the_same() -> None:
    # PHPWind frames a thread's toolbar like its posts (``div > table > tr > td``), before the
    # first post, which alone carries the thread's title (``h1``). Children are labelled by the
    # first kind they are alike enough: the posts were taken for the toolbar's kind, the first
    # post was a kind of its own, and every thread lost its opening post (144 of 150 threads).
    from topiccrawl.demo.forum_phpwind import PhpwindForum
    from topiccrawl.demo.server import SiteRequest
    from topiccrawl.forum.posts import with_stray_posts

    site = PhpwindForum(size=0.3)
    truth = site.posts()
    thread = next(p.thread_id for p in truth if p.position == 10)  # a full first page
    page = site.handle(SiteRequest("GET", f"/read.php?tid={thread}", {}, "http://forum.test")).payload()
    main = main_region(find_regions(parse_html(page)))
    assert main is not None and len(main) == 9  # the region alone misses the first post
    fields = learn_fields(main)
    assert fields is not None
    records = with_stray_posts(main, fields)
    assert len(records) == 10
    assert [r.elements[0] for r in records[1:]] == [r.elements[0] for r in main.records]
    posts = extract_posts(main, fields)
    want = [p for p in truth if p.thread_id == thread and p.page_number == 1]
    assert [(p.author, p.time) for p in posts] == [(p.author, p.time) for p in want]
    assert posts[0].text.startswith(want[0].text[:20])
    # an ad between the posts, framed otherwise, holds no post's fields and stays out
    assert "[广告]" not in " ".join(p.text for p in posts)


def test_a_date_shown_without_its_year_marks_the_header_by_its_attribute() -> None:
    # Vanilla shows "March 27" (this year's dates) with the year and time only in <time datetime>,
    # beside a member's title; read by their text alone, no box was dated and the whole record,
    # header and all, was taken for the post's text, with no poster and no date
    titles = ["Blinkenlights enthusiast", "", "ZFS evangelist", "Professional cable tangler", "", "Graz"]
    posts = "".join(
        f'<li class="Item" id="Comment_{i}"><div class="Comment"><div class="Header">'
        f'<span class="Author"><a href="/profile/{AUTHORS[i]}">{AUTHORS[i]}</a> <span>{titles[i]}</span></span>'
        f'<span class="Meta"><a href="/discussion/comment/{i}"><time datetime="2025-03-2{i}T10:0{i}:00+00:00">'
        f"March 2{i}</time></a></span></div>"
        f'<div class="Body"><div class="Message">{BODIES[i]}</div></div></div></li>'
        for i in range(6)
    )
    region = main_region(find_regions(parse_html(f"<html><body><ul>{posts}</ul></body></html>")))
    assert region is not None
    fields = learn_fields(region)
    assert fields is not None and fields.content.endswith("div.Message") and fields.author is not None
    got = extract_posts(region, fields)
    assert [(p.author, p.text) for p in got] == list(zip(AUTHORS, BODIES, strict=True))
    assert all(p.time and p.time.startswith("2025-03-2") for p in got)


def test_signatures_under_short_posts_do_not_widen_the_text_field_to_the_reactions_bar() -> None:
    # A thread page of five short replies, three under long signatures of their own, then a bar of
    # reaction buttons: scored with the signatures, the box holding body, signature and bar outscored
    # the body by more than the margin, and every post's text ended "Flag Quote Like Agree LOL"
    short = ["Agreed.", "Same here, thanks.", "Try a new cable first.", "Works for me now.", "+1"]
    signatures = [
        "Lab: OptiPlex 7060 Micro | 64GB | 2x NVMe | pfSense on a Protectli box in the cupboard",
        "",
        "Homelab: three Raspberry Pi nodes running k3s, Longhorn storage and a very noisy switch",
        "",
        "Proxmox cluster of four mini computers, Ceph, Grafana dashboards everywhere you look",
    ]
    bar = (
        '<div class="Reactions"><a href="#" role="button">Flag</a> <a href="/post/quote">Quote</a> '
        '<a href="/react/like" role="button">Like</a> <a href="/react/agree" role="button">Agree</a> '
        '<a href="/react/lol" role="button">LOL</a></div>'
    )
    posts = "".join(
        f'<li class="Item ItemComment" id="Comment_{i}"><div class="Comment"><div class="Item-Header">'
        f'<span class="Author"><a href="/profile/{AUTHORS[i]}">{AUTHORS[i]}</a></span>'
        f'<span class="Meta"><time datetime="2025-03-2{i}T10:0{i}:00+00:00">March 2{i}</time></span></div>'
        f'<div class="Item-BodyWrap"><div class="Item-Body"><div class="Message userContent">{short[i]}</div>'
        + (f'<div class="Signature UserSignature userContent"><p>{signatures[i]}</p></div>' if signatures[i] else "")
        + f"{bar}</div></div></div></li>"
        for i in range(5)
    )
    region = main_region(find_regions(parse_html(f"<html><body><ul>{posts}</ul></body></html>")))
    assert region is not None
    fields = learn_fields(region)
    assert fields is not None and fields.content.endswith("div.Message.userContent")
    assert [(p.author, p.text) for p in extract_posts(region, fields)] == list(zip(AUTHORS, short, strict=False))
