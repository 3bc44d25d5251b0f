"""What a reader sees of a post's elements: their text, and the time they show.

Text leaves out scripts, styles, words for screen readers only and what the page hides;
a post body's text also leaves out the board's own notices inside it (a login prompt,
an edit notice). A record's time is the first date it shows, else one in a date
attribute, else a relative time ("3 天前").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from lxml import etree
from lxml import html as lxml_html

from topiccrawl.forum.dates import RELATIVE_TIME_RE, TIME_RE, has_date
from topiccrawl.forum.quotes import quotations
from topiccrawl.forum.rendering import rendered
from topiccrawl.textutil import LINKLESS_TEXT, SCREEN_READER_ONLY, normalize_space

_DATE_ATTRS = ("datetime", "title", "data-time", "data-datetime")
_CLOCK_RE = re.compile(r"\d{1,2}:\d{2}")
_TEXT = ".//text()[not(ancestor::script)][not(ancestor::style)][not(ancestor::noscript)]"
# Words for screen readers alone are no text either: a status "Offline" inside the avatar's link
# would be read as part of the poster's name, and that field taken for the author's. (Their
# elements are looked for once a page, and text nodes checked only on a page that has some: a
# test of every text node's ancestors in the XPath made reading a page seven times as slow, and
# looking for them under every element read nearly twice as slow.)
_SCREEN_READER = f"//*[{SCREEN_READER_ONLY}]"
_PAGES_KEPT = 4  # pages whose screen-reader elements are remembered (the page being read, mostly)
_screen_reader_cache: dict[int, tuple[lxml_html.HtmlElement, set[lxml_html.HtmlElement]]] = {}
_STYLE = "translate(@style, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ ', 'abcdefghijklmnopqrstuvwxyz')"
_VISIBLE_TEXT = (
    _TEXT + f"[not(ancestor-or-self::*[@hidden or contains({_STYLE}, 'display:none')"
    f" or contains({_STYLE}, 'visibility:hidden')])]"
)
PROMPT_CHARS = 200  # longest login prompt inside a post
_SIGNATURE_MARK = re.compile(r"(?i)(?:^|[\s_-])(?:\w*signature|sign|sig)(?:[\s_-]|$)")
_SIGNATURE_ID = re.compile(r"(?i)sig(?:nature)?[_-]?\d*")
TOGGLE_CHARS = 60  # longest line of a button that shows a hidden block
CODE_LABEL_CHARS = 30  # longest 'Code: Select all' title
_CODE_LABEL = re.compile(r"(?i)\s*(?:code|代码|程序代码)\s*[:：]?\s*")
STATUS_CHARS = 80  # longest edit notice opening a post
_LOGIN_URL = re.compile(r"(?i)[/?&=._-](?:log_?in|logging|sign_?in|sign_?up|register|reg)(?:\b|_)")
_LOGIN_TEXT = re.compile(r"(?i)\s*(?:登录|登陆|注册|立即注册|log ?in|sign ?in|sign ?up|register)\s*")
_INLINE = frozenset({"i", "em", "span", "font", "small"})
_LINES = frozenset({"div", "p"})


@functools.cache
def _compiled(xpath: str) -> etree.XPath:
    # (asked of every post's every element: ``el.xpath(str)`` compiles the expression each time,
    # twice the cost of evaluating it)
    return etree.XPath(xpath)


def _shown(el: lxml_html.HtmlElement, xpath: str) -> list[str]:
    """The text nodes ``xpath`` selects in ``el``, but those inside an element for screen readers."""
    texts = _compiled(xpath)(el)
    marked = _screen_reader_elements(el)
    if not marked:
        return texts
    kept = []
    for text in texts:
        node = _owner(text)
        while node is not None and node not in marked and node is not el:
            node = node.getparent()
        if node is None or node not in marked:
            kept.append(text)
    return kept


def _owner(text: Any) -> lxml_html.HtmlElement:
    """The element a text node (an lxml "smart string") is the text of."""
    owner = text.getparent()
    if text.is_tail:  # the text after an element belongs to its parent
        owner = owner.getparent()
    return owner


def _screen_reader_elements(el: lxml_html.HtmlElement) -> set[lxml_html.HtmlElement]:
    root = el.getroottree().getroot()
    cached = _screen_reader_cache.get(id(root))
    if cached is None or cached[0] is not root:
        if len(_screen_reader_cache) >= _PAGES_KEPT:
            _screen_reader_cache.pop(next(iter(_screen_reader_cache)))
        # (the root is kept with its elements: while it lives, its id is no other page's)
        cached = _screen_reader_cache[id(root)] = (root, set(root.xpath(_SCREEN_READER)))
    return cached[1]


def element_text(el: lxml_html.HtmlElement) -> str:
    """Whitespace-normalised text of ``el`` without scripts and styles, text nodes joined by spaces."""
    return _joined(_shown(el, _TEXT))


def _joined(texts: list[str]) -> str:
    return normalize_space(" ".join(t.strip() for t in texts if t.strip()))


def visible_text(el: lxml_html.HtmlElement) -> str:
    """The text of ``el`` as a reader sees it (:func:`rendered`), without scripts, styles and
    what the page hides (inline ``display:none``, ``visibility:hidden``, the ``hidden``
    attribute): Discuz!'s attachment tips ("下载附件 保存到相册 … 上传") and user cards sit in a
    post hidden until hovered, and a reader never sees them there."""
    return rendered(el, _shown(el, _VISIBLE_TEXT))


def _login_prompt(
    link: lxml_html.HtmlElement, body: lxml_html.HtmlElement, absolute: bool = False
) -> lxml_html.HtmlElement | None:
    """The block of ``body`` that a link to the login or sign-up page belongs to, when it is a
    notice rather than the post (at most PROMPT_CHARS of text): a board shows guests "register
    to see attachments, 您需要 登录 才可以下载或查看" inside the first post (Discuz!). Inside a
    post only a relative link is the board's own (a poster's link to another site's sign-up page
    is absolute); ``absolute`` takes absolute ones too, for a block that is nothing else."""
    href = (link.get("href") or "").strip()
    if not href or ("//" in href and not absolute) or href.startswith(("#", "javascript:")):
        return None
    if not (_LOGIN_URL.search("/" + href) or _LOGIN_TEXT.fullmatch(element_text(link))):
        return None
    block = None
    el = link
    while el is not None and el is not body:
        if len(element_text(el)) > PROMPT_CHARS:
            break
        block = el
        el = el.getparent()
    return block if block is not None and block is not link else None


def _status_lines(
    body: lxml_html.HtmlElement, signatures: Sequence[lxml_html.HtmlElement] = ()
) -> list[lxml_html.HtmlElement]:
    """Short dated lines that open or close the post body in an element of their own: an edit
    notice, which some boards put inside the message ("本帖最后由 X 于 2018-10-4 19:28 编辑"
    first, Discuz!; "Edited 7 hours ago by X" last, Invision; XenForo's ``div.message-lastEdit``
    'Last edited: Tuesday at 2:48 AM'). An inline element whose text shows a date, or a block
    whose date is the board's markup (a ``<time datetime>``, a ``data-time``): a poster's own
    last paragraph may name a date, but writes no date attributes."""
    kids = [kid for kid in body if isinstance(kid.tag, str) and not any(kid is s for s in signatures)]
    if not kids:
        return []
    ends = []
    if not (body.text or "").strip() and kids[0] is body[0]:
        ends.append(kids[0])
    if not (kids[-1].tail or "").strip() and kids[-1] is not kids[0]:
        ends.append(kids[-1])  # (the last line but the signature: XenForo's note comes before it)
    found = []
    for end in ends:
        if not isinstance(end.tag, str) or end.tag not in _INLINE | _LINES:
            continue
        text = element_text(end)
        rest = len(element_text(body)) - len(text)
        if not text or len(text) > STATUS_CHARS or rest <= 0:
            continue
        if (end.tag in _INLINE and has_date(text)) or attr_time([end], set()) is not None:
            found.append(end)
    return found


def post_text(body: lxml_html.HtmlElement) -> str:
    """The poster's own words in a post body (:func:`post_parts`)."""
    return post_parts(body)[0]


def _code_labels(body: lxml_html.HtmlElement) -> list[lxml_html.HtmlElement]:
    """The boards' 'Code:' titles above the code blocks of a post (MyBB's ``div.title``, phpBB's
    'Code: Select all', SMF's 'Code: [Select]', vBulletin's ``div.smallfont``): the board's words,
    not the poster's. Looked for beside the block and beside its two nearest ancestors."""
    found = []
    for code in body.iter("pre", "code"):
        node = code
        for _ in range(3):
            if node is body or node is None:
                break
            prev = _previous_element(node)
            if prev is not None:
                own = " ".join(prev.xpath(LINKLESS_TEXT))
                if len(element_text(prev)) <= CODE_LABEL_CHARS and _CODE_LABEL.fullmatch(own):
                    found.append(prev)
                break
            node = node.getparent()
    return found


def _previous_element(el: lxml_html.HtmlElement) -> lxml_html.HtmlElement | None:
    """The element before ``el`` among its siblings, past comments."""
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    return prev


def signatures(body: lxml_html.HtmlElement) -> list[lxml_html.HtmlElement]:
    """The poster's signature inside a post body, where the board marks it as one (XenForo's
    ``aside.message-signature``, phpBB's and MyBB's ``div.signature``, Discuz!'s ``div.sign``,
    Invision's ``data-role="memberSignature"``): the same lines under every post of the poster,
    not this post's words (a signature after a line of underscores is cut by the caller)."""
    found = []
    for el in body.iterdescendants():
        if not isinstance(el.tag, str):
            continue
        marks = f"{el.get('class') or ''} {el.get('data-role') or ''}"
        if _SIGNATURE_MARK.search(marks) or _SIGNATURE_ID.fullmatch(el.get("id") or ""):
            found.append(el)
    return found


def _collapsed(body: lxml_html.HtmlElement) -> tuple[list[lxml_html.HtmlElement], list[lxml_html.HtmlElement]]:
    """Blocks hidden until a button just before them shows them (a spoiler, NGA's ``[collapse]``:
    ``<div class="collapse_btn"><button>+</button> 配置单 点击显示隐藏的内容</div>`` then the
    hidden ``div.collapse_content``), with their buttons' lines: the block is the poster's, the
    line the board's. Only a ``button``: Discuz! hides its attachment tips after an image that
    opens on a click, and those are no part of the post."""
    revealed, toggles = [], []
    for block in body.xpath(f".//*[contains({_STYLE}, 'display:none')]"):
        toggle = _previous_element(block)
        if toggle is None or len(element_text(toggle)) > TOGGLE_CHARS:
            continue
        if toggle.tag == "button" or toggle.find(".//button") is not None:
            revealed.append(block)
            toggles.append(toggle)
    return revealed, toggles


def text_outside(el: lxml_html.HtmlElement, blocks: list[lxml_html.HtmlElement]) -> str:
    """``element_text`` of ``el`` without the text inside any of ``blocks``."""
    return _joined(_outside(_shown(el, _TEXT), blocks)) if blocks else element_text(el)


def _outside(texts: list[Any], blocks: list[lxml_html.HtmlElement]) -> list[Any]:
    """The text nodes of ``texts`` that are in none of ``blocks``."""
    nodes = [n for block in blocks for n in block.iter()]  # kept alive: a proxy's id is its own while it lives
    skip = {id(n) for n in nodes}
    return [text for text in texts if id(_owner(text)) not in skip]


def is_notice(body: lxml_html.HtmlElement) -> bool:
    """Whether all ``body`` shows is the board's notice to guests ('你需要 登录 后才能回应 · 注册')."""
    bound = body.getparent()  # (so that the prompt's block can be ``body`` itself)
    bound = body if bound is None else bound
    noise = [block for a in body.iter("a") if (block := _login_prompt(a, bound, absolute=True)) is not None]
    if not noise:
        return False
    return not any(text.strip() for text in _outside(_shown(body, _VISIBLE_TEXT), noise))


def post_parts(body: lxml_html.HtmlElement) -> tuple[str, list[str]]:
    """``visible_text`` of a post body split into the poster's own words and the passages it
    quotes (:func:`~topiccrawl.forum.quotes.quotations`, each its text as shown, with the 'X
    wrote:' line its block holds). The board's own notices are neither: a login prompt and an
    opening or closing edit notice (see :func:`_login_prompt`, :func:`_status_lines`). A post
    that is all notice or all quotation stays as shown (an editor's indentation is a
    ``blockquote`` too)."""
    noise = [block for a in body.iter("a") if (block := _login_prompt(a, body)) is not None]
    signed = signatures(body)
    noise.extend(signed)
    noise.extend(_status_lines(body, signed))
    noise.extend(_code_labels(body))
    revealed, toggles = _collapsed(body)
    noise.extend(toggles)
    quoted = quotations(body)
    if not noise and not quoted:
        return visible_text(body), []
    texts = [*_shown(body, _VISIBLE_TEXT), *(t for block in revealed for t in _shown(block, _TEXT))]
    kept = _outside(texts, [*noise, *quoted])
    own = rendered(body, kept)
    if not own:
        return visible_text(body), []
    return own, [text for el in quoted if (text := visible_text(el))]


def unquoted_text(el: lxml_html.HtmlElement) -> str:
    """``element_text`` without the quotations inside ``el``: a quoted post brings its own
    author and date, which say nothing about the element quoting it."""
    text = element_text(el)
    for quote in el.iter("blockquote", "q"):
        text = text.replace(element_text(quote), " ", 1)
    return normalize_space(text)


def attr_time(elements: list[lxml_html.HtmlElement], exclude: set[int]) -> str | None:
    """The first absolute date in a ``datetime`` or ``title`` attribute (a relative time's
    tooltip, a ``<time>`` element), outside the nodes in ``exclude``."""
    for root in elements:
        for el in root.iter():
            if not isinstance(el.tag, str) or id(el) in exclude:
                continue
            for attr in _DATE_ATTRS:
                value = el.get(attr)
                if value and (m := TIME_RE.search(value)):
                    return m.group(0)
    return None


def _exact_time(elements: list[lxml_html.HtmlElement], shown: str, exclude: set[int]) -> str | None:
    """The date-time with a clock in a date attribute of the element that shows the date ``shown``
    (its text is that date and little more): ``<time datetime="2025-01-05T14:32:00">Jan 5, 2025</time>``."""
    for root in elements:
        for el in root.iter():
            if not isinstance(el.tag, str) or id(el) in exclude:
                continue
            text = normalize_space(el.text_content())
            if shown not in text or len(text) > len(shown) + 12:
                continue
            for attr in _DATE_ATTRS:
                value = el.get(attr)
                if value and (m := TIME_RE.search(value)) and _CLOCK_RE.search(m.group(0)):
                    return m.group(0)
    return None


def record_time(
    elements: list[lxml_html.HtmlElement], skip_text: str = "", exclude: set[int] | None = None
) -> str | None:
    """When a post was written: the first absolute date in the text (without ``skip_text``,
    the post body), else in a date attribute (outside ``exclude``), else a relative time."""
    text = " ".join(element_text(e) for e in elements)
    if skip_text:
        text = text.replace(skip_text, " ")
    if m := TIME_RE.search(text):
        shown = m.group(0)
        # A date without its time ("Jan 5, 2025") whose element carries the exact time in an attribute.
        return shown if _CLOCK_RE.search(shown) else _exact_time(elements, shown, exclude or set()) or shown
    if found := attr_time(elements, exclude or set()):
        return found
    m = RELATIVE_TIME_RE.search(text)
    return m.group(0) if m else None
