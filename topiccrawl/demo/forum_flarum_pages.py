"""Templates of the Flarum fixture forum (Flarum 1.8 as served to a client without JavaScript): the document
shell (``views/frontend/app.blade.php``), the forum layout (``forum.blade.php``), the no-JS wrapper
(``content.blade.php``, whose ``<noscript id="flarum-content">`` holds the content), the bare content views
(``content/index``, the tags extension's ``content/tag`` and ``content/tags``, ``content/discussion``), the user
page, Flarum's error pages and the PHP-style JSON of the preload payload and the API.

:mod:`topiccrawl.demo.forum_flarum` holds the content, the routing and the truth; its docstring says what is
imitated. Post HTML is stored with :data:`BASE` in place of the request's base URL (Flarum writes absolute
URLs) and filled in per request by :func:`absolute`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from topiccrawl.demo.forum_flarum import Discussion, Post, Tag, User

FORUM_TITLE = "Quillnote Community"
FORUM_DESCRIPTION = (
    "Discuss Quillnote, the open-source Markdown notebook: get help, share plugins and suggest features."
)
PER_PAGE = 20
ASSET_VERSION = "5c3e9b1f"
BASE = "@@BASE@@"  # the base URL, in stored post HTML
ERRORS = {
    404: "The requested resource was not found.",
    401: "You do not have permission to access this page. Try again after logging in.",
    405: "The requested method is not allowed.",
}


def esc(text: str) -> str:
    """Blade's ``{{ }}`` (``htmlspecialchars`` with ``ENT_QUOTES``)."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#039;")
    )


def esc_text(text: str) -> str:
    """TextFormatter's escaping of text nodes in ``contentHtml`` (quotes stay as they are)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def absolute(markup: str, base: str) -> str:
    return markup.replace(BASE, base)


# -- JSON as PHP writes it ------------------------------------------------------------------------
_HEX = {'\\"': "\\u0022", "<": "\\u003C", ">": "\\u003E", "&": "\\u0026", "'": "\\u0027"}
_TOKEN = re.compile(r"\\.|[<>&'/]")


def _php_string(s: str, slashes: bool) -> str:
    inner = json.dumps(s, ensure_ascii=True)[1:-1]

    def sub(m: re.Match[str]) -> str:
        tok = m.group(0)
        if tok == "/":
            return "\\/" if slashes else "/"
        return _HEX.get(tok, tok)

    return '"' + _TOKEN.sub(sub, inner) + '"'


def php_json(value: object, *, slashes: bool = True) -> str:  # noqa: PLR0911
    """``json_encode`` with Blade's ``@json`` flags (``JSON_HEX_TAG|APOS|AMP|QUOT``): ``<`` as ``\\u003C``, quotes
    in strings as ``\\u0022``, non-ASCII as ``\\uXXXX``, and (unless ``slashes=False``, as Laminas' JSON responses
    of the API) ``/`` as ``\\/``."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _php_string(value, slashes)
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{_php_string(str(k), slashes)}:{php_json(v, slashes=slashes)}" for k, v in
                              value.items()) + "}"  # fmt: skip
    if isinstance(value, Iterable):
        return "[" + ",".join(php_json(v, slashes=slashes) for v in value) + "]"
    raise TypeError(type(value))


# -- the document ----------------------------------------------------------------------------------
def document(
    base: str,
    *,
    title: str,
    description: str,
    content: str,
    payload: Mapping[str, object],
    header_html: str,
    canonical: str | None = None,
    prev: str | None = None,
    nxt: str | None = None,
) -> str:
    """A whole Flarum page: head, header, the no-JS content in ``<noscript id="flarum-content">``, the scripts."""
    v = ASSET_VERSION
    head = [f'<link rel="stylesheet" href="{base}/assets/forum.css?v={v}">']
    if prev:
        head.append(f'<link rel="prev" href="{esc(prev)}">')
    if nxt:
        head.append(f'<link rel="next" href="{esc(nxt)}">')
    if canonical:
        head.append(f'<link rel="canonical" href="{esc(canonical)}">')
    head += [
        f'<link rel="preload" href="{base}/assets/forum.css?v={v}" as="style">',
        f'<link rel="preload" href="{base}/assets/forum.js?v={v}" as="script">',
        f'<link rel="preload" href="{base}/assets/forum-en.js?v={v}" as="script">',
        f'<link rel="preload" href="{base}/assets/fonts/fa-solid-900.woff2" as="font" type="font/woff2" '
        'crossorigin="">',
        f'<link rel="preload" href="{base}/assets/fonts/fa-regular-400.woff2" as="font" type="font/woff2" '
        'crossorigin="">',
        '<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, minimum-scale=1">',
        f'<meta name="description" content="{esc(description)}">',
        '<meta name="theme-color" content="#4D698E">',
        f'<link rel="shortcut icon" href="{base}/assets/favicon-k2ld0ajx.png">',
    ]
    return f"""<!doctype html>
<html  dir="ltr"        lang="en" >
    <head>
        <meta charset="utf-8">
        <title>{esc(title)}</title>

        {chr(10).join(head)}
    </head>

    <body>
        {header_html}

<div id="app" class="App">

    <div id="app-navigation" class="App-navigation"></div>

    <div id="drawer" class="App-drawer">

        <header id="header" class="App-header">
            <div id="header-navigation" class="Header-navigation"></div>
            <div class="container">
                <div class="Header-title">
                    <a href="{base}" id="home-link">
                                                    {esc(FORUM_TITLE)}
                                            </a>
                </div>
                <div id="header-primary" class="Header-primary"></div>
                <div id="header-secondary" class="Header-secondary"></div>
            </div>
        </header>

    </div>

    <main class="App-content">
        <div id="content"></div>

        <div id="flarum-loading" style="display: none">
    Loading...
</div>

<noscript>
    <div class="Alert">
        <div class="container">
            This site is best viewed in a modern browser with JavaScript enabled.
        </div>
    </div>
</noscript>

<div id="flarum-loading-error" style="display: none">
    <div class="Alert">
        <div class="container">
            Something went wrong while trying to load the full version of this site. Try hard-refreshing this \
page to fix the error.
        </div>
    </div>
</div>

<noscript id="flarum-content">
    {content}
</noscript>


        <div class="App-composer">
            <div class="container">
                <div id="composer"></div>
            </div>
        </div>
    </main>

</div>




        <div id="modal"></div>
        <div id="alerts"></div>

        <script>
            document.getElementById('flarum-loading').style.display = 'block';
            var flarum = {{extensions: {{}}}};
        </script>

        <script src="{base}/assets/forum.js?v={v}"></script>
<script src="{base}/assets/forum-en.js?v={v}"></script>

        <script id="flarum-json-payload" type="application/json">{php_json(payload)}</script>

        <script>
            const data = JSON.parse(document.getElementById('flarum-json-payload').textContent);
            document.getElementById('flarum-loading').style.display = 'none';

            try {{
                flarum.core.app.load(data);
                flarum.core.app.bootExtensions(flarum.extensions);
                flarum.core.app.boot();
            }} catch (e) {{
                var error = document.getElementById('flarum-loading-error');
                error.innerHTML += document.getElementById('flarum-content').textContent;
                error.style.display = 'block';
                throw e;
            }}
        </script>

    </body>
</html>
"""


def header_html(base: str) -> str:
    """The admin's 'custom header' (Appearance → Custom HTML): a project bar, the only plain link to ``/tags``."""
    return (
        '<div class="QnBar"><div class="container"><a href="https://quillnote.app" class="QnBar-brand">'
        'quillnote.app</a> <a href="https://docs.quillnote.app">Docs</a> <a href="https://quillnote.app/download">'
        'Download</a> <a href="https://github.com/quillnote/quillnote">GitHub</a> '
        f'<a href="{base}/tags">Browse tags</a></div></div>'
    )


# -- content views (the bare Blade views, indentation and all) --------------------------------------
def _discussion_items(discussions: Iterable[Discussion], base: str) -> str:
    return "".join(
        f"""
                    <li>
                <a href="{base}/d/{esc(d.key)}">
                    {esc(d.title)}
                </a>
            </li>"""
        for d in discussions
    )


def _pager(prev: str | None, nxt: str | None) -> str:
    out = ""
    if prev:
        out += f'\n            <a href="{esc(prev)}">&laquo; Previous Page</a>\n    '
    if nxt:
        out += f'\n            <a href="{esc(nxt)}">Next Page &raquo;</a>\n    '
    return out


def index_content(
    heading: str, discussions: list[Discussion], base: str, *, prev: str | None, nxt: str | None,
    description: str | None = None,
) -> str:  # fmt: skip
    desc = f"\n    <p>{esc(description)}</p>" if description is not None else ""
    return f"""<div class="container">
    <h2>{esc(heading)}</h2>{desc}

    <ul>{_discussion_items(discussions, base)}
            </ul>

    {_pager(prev, nxt)}
</div>
"""


def tags_content(tags: list[Tag], base: str) -> str:
    items = "".join(
        f"""
                <li>
                    <a href="{base}/t/{esc(t.slug)}">
                        {esc(t.name)}
                    </a>

                                    </li>"""
        for t in tags
    )
    return f"""<div class="container">
    <h2>Tags</h2>

            <ul>{items}
                        </ul>
            <ul>
                        </ul>
    </div>
"""


def post_items(posts: Iterable[Post], users: Mapping[int, User], base: str) -> str:
    return "".join(
        f"""
                            <div>
                                                <h3>{esc(users[p.uid].name)}</h3>
                <div class="Post-body">
                    {absolute(p.html, base)}
                </div>
            </div>

            <hr>
        """
        for p in posts
    )


def discussion_content(
    title: str, posts: list[Post], users: Mapping[int, User], base: str, *, prev: str | None, nxt: str | None
) -> str:
    return f"""<div class="container">
    <h2>{esc(title)}</h2>

    <div>
        {post_items(posts, users, base)}    </div>

    {_pager(prev, nxt)}
</div>
"""


def user_content(name: str, posts: list[Post], users: Mapping[int, User], base: str) -> str:
    return f"""<div class="container">
    <h2>{esc(name)}</h2>

    <div>
        {post_items(posts, users, base)}    </div>
</div>
"""


# -- error pages (views/error/*.blade.php in layouts/basic.blade.php) -------------------------------
def error_page(status: int, base: str) -> str:
    back = (
        f'\n  <p>\n    <a href="{base}">\n      Return to {esc(FORUM_TITLE)}\n    </a>\n  </p>' if status == 404 else ""
    )
    return f"""<!doctype html>
<html>
  <head>
    <meta charset="utf-8">
    <title>{esc(FORUM_TITLE)}</title>
    <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1">
    <style>
      * {{
        box-sizing: border-box;
      }}
      body {{
        background: #fff;
        margin: 0;
        padding: 0;
        line-height: 1.5;
      }}
      body, input, button {{
        font-family: 'Open Sans', sans-serif;
        font-size: 16px;
        color: #7E96B3;
      }}
      .container {{
        margin: 100px auto;
        max-width: 450px;
        padding: 0 15px;
      }}
      a {{
        color: #e7672e;
        text-decoration: none;
      }}
    </style>
  </head>

  <body>
    <div class="container">
      <p>
    {esc(ERRORS[status])}
  </p>{back}
    </div>
  </body>
</html>
"""


def robots_txt(base: str) -> str:
    return "User-agent: *\nDisallow: /api/\nDisallow: /settings\nDisallow: /notifications\n"


FORUM_CSS = (
    ".App{position:relative;padding-top:52px}.App-header{height:52px;position:fixed;top:0;left:0;right:0}"
    ".Post-body{line-height:1.7;overflow:hidden}.Post-body blockquote{background:#e8ecf3;border-radius:4px;"
    "padding:1px 1em}.PostMention,.UserMention{background:#e8ecf3;border-radius:4px;padding:2px 5px}\n"
)
FORUM_JS = "/* Flarum 1.8.5 forum bundle */\n(()=>{var t={};flarum.core={app:{load:function(e){t=e}}}})();\n"
