"""A tiny mixed-encoding site: the demo's smallest job and the charset regression set.

Twelve articles in UTF-8 and GBK (one of them with a GB18030 four-byte character),
the charset declared in the header, only in a ``<meta>`` after 4 KB of script,
or nowhere. The site knows each page's true text.
"""

from __future__ import annotations

from dataclasses import dataclass

from topiccrawl.demo.server import Reply, SiteRequest, html, not_found

_TEXTS = [
    "武昌起义爆发于一九一一年十月十日，揭开了辛亥革命的序幕。",
    "论坛新人报到，请大家多多关照，有问题一起讨论。",
    "今天天气晴朗，适合去公园散步，顺便拍几张照片。",
    "孙中山先生提出三民主义：民族、民权、民生。",
    "这款手机的电池续航表现不错，拍照效果也令人满意。",
    "黄花岗起义是同盟会发动的一次重要武装起义。",
    "周末的篮球比赛非常精彩，双方打到了加时赛。",
    "湖北军政府成立后，黎元洪被推举为都督。",
    "生僻字测试：𠀀𠀁𠀂，这些字需要四字节的GB18030编码。",
    "清政府在革命浪潮中迅速瓦解，中华民国随之建立。",
    "小区门口新开了一家面馆，牛肉面味道很好。",
    "保路运动在四川兴起，成为武昌起义的导火索。",
]

# (charset, where it is declared): header, late meta (after 4 KB of script), or nowhere.
_VARIANTS = [
    ("utf-8", "header"),
    ("gbk", "late-meta"),
    ("gbk", "none"),
    ("utf-8", "none"),
    ("gbk", "header"),
    ("gb18030", "late-meta"),
]


def _encodable(text: str, charset: str) -> bool:
    try:
        text.encode(charset)
    except UnicodeEncodeError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class SamplePage:
    path: str
    title: str
    text: str
    charset: str
    declared: str


class SampleSite:
    """Index page linking to twelve articles in assorted encodings."""

    def __init__(self) -> None:
        self.pages = []
        for i, text in enumerate(_TEXTS):
            charset, declared = _VARIANTS[i % len(_VARIANTS)]
            if charset == "gbk" and not _encodable(text, "gbk"):
                charset = "gb18030"  # four-byte characters need GBK's superset
            self.pages.append(SamplePage(f"/a/{i}.html", f"文章{i}", text, charset, declared))
        self._by_path = {p.path: p for p in self.pages}

    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            return Reply(200, "User-agent: *\nAllow: /\n", {"Content-Type": "text/plain"})
        if request.path in {"/", "/index.html"}:
            links = "".join(f'<li><a href="{p.path}">{p.title}</a></li>' for p in self.pages)
            return html(f"<html><head><title>示例站点</title></head><body><ul>{links}</ul></body></html>")
        page = self._by_path.get(request.path)
        if page is None:
            return not_found()
        return self.render(page)

    @staticmethod
    def render(page: SamplePage) -> Reply:
        meta = ""
        script = ""
        if page.declared == "late-meta":
            script = "<script>var pad = '" + "x" * 5000 + "';</script>"
            meta = f'<meta http-equiv="Content-Type" content="text/html; charset={page.charset}">'
        body = (
            f"<html><head>{script}{meta}<title>{page.title}</title></head>"
            f'<body><div id="content"><p>{page.text}</p></div>'
            '<p><a href="/">返回首页</a></p></body></html>'
        )
        return html(body, charset=page.charset, header_charset=page.declared == "header")
