"""End to end: re-crawls with ``-a notify=1`` send email (real SMTP) and a webhook (real HTTP) for new pages only."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.helpers import crawl
from tests.integration.notify_receivers import (
    SMTP_PASSWORD,
    WEBHOOK_TOKEN,
    SMTPReceiver,
    WebhookReceiver,
)
from topiccrawl.demo.server import FixtureWeb, Reply, SiteRequest, html, not_found
from topiccrawl.store.events import DONE, EventStore

pytestmark = pytest.mark.integration

ARTICLES = {
    "/news/1.html": ("武昌起义纪念", "武昌起义爆发于一九一一年十月十日，揭开了辛亥革命的序幕。"),
    "/news/2.html": ("保路运动", "保路运动在四川兴起，成为武昌起义的导火索。"),
}
NEW_PATH, NEW_TITLE = "/news/3.html", "湖北军政府成立"
NEW_TEXT = "湖北军政府成立后，黎元洪被推举为都督，各省纷纷响应。"


class NewsSite:
    """A news index whose clock changes on every visit the test asks for, and which can gain an article."""

    def __init__(self) -> None:
        self.articles = dict(ARTICLES)
        self.clock = "2026-11-30 08:00:00"

    def handle(self, request: SiteRequest) -> Reply:
        if request.path == "/robots.txt":
            return Reply(200, "User-agent: *\nAllow: /\n", {"Content-Type": "text/plain"})
        footer = f"<p class='clock'>页面生成时间 {self.clock}，在线 {len(self.clock) * 37} 人</p>"
        if request.path == "/":
            links = "".join(f'<li><a href="{p}">{t}</a></li>' for p, (t, _) in self.articles.items())
            return html(f"<html><head><title>新闻</title></head><body><ul>{links}</ul>{footer}</body></html>")
        if request.path in self.articles:
            title, text = self.articles[request.path]
            return html(f"<html><head><title>{title}</title></head><body><p>{text}</p>{footer}</body></html>")
        return not_found()


@pytest.fixture
def receivers() -> Iterator[tuple[SMTPReceiver, WebhookReceiver]]:
    smtp, hook = SMTPReceiver().start(), WebhookReceiver().start()
    yield smtp, hook
    smtp.stop()
    hook.stop()


def test_recrawl_notifies_new_page_by_email_and_webhook_and_noise_sends_nothing(
    tmp_path: Path, serve: Callable[..., FixtureWeb], receivers: tuple[SMTPReceiver, WebhookReceiver]
) -> None:
    smtp, hook = receivers
    site = NewsSite()
    web = serve({"news": site})
    start = web.base_urls["news"] + "/"
    # DEBUG: Apprise and urllib3 log URLs and request lines there; secrets must not show even so.
    settings = {"TOPICCRAWL_NOTIFY_URLS": [smtp.url, hook.url], "TOPICCRAWL_NOTIFY_TIMEOUT": 10, "LOG_LEVEL": "DEBUG"}

    def run(n: int) -> str:
        out = tmp_path / f"run{n}"
        out.mkdir()
        result = crawl(
            "follow",
            out,
            args={"start_url": start, "notify": "1"},
            settings={**settings, "TOPICCRAWL_STATE_DIR": str(tmp_path / "state")},
        ).check()
        return result.log

    logs = [run(1)]  # the first crawl only records
    assert smtp.messages == [] and hook.posts == []

    site.articles[NEW_PATH] = (NEW_TITLE, NEW_TEXT)
    site.clock = "2026-11-30 09:15:42"
    logs.append(run(2))
    new_url = web.base_urls["news"] + NEW_PATH
    assert len(smtp.messages) == 1, "one folded email for the crawl's changes"
    mail = smtp.messages[0]
    assert NEW_TITLE in mail.text and new_url in mail.text
    assert NEW_TITLE in mail.html and new_url in mail.html
    assert mail.rcpt == ["reader@example.org"]
    assert len(hook.posts) == 1
    assert NEW_TITLE in hook.posts[0]["message"] and new_url in hook.posts[0]["message"]
    assert hook.paths[0] == f"/hook?token={WEBHOOK_TOKEN}"
    # Old articles whose only change is the clock are not news.
    for path, (title, _) in ARTICLES.items():
        assert web.base_urls["news"] + path not in mail.text, title

    site.clock = "2026-12-01 23:59:59"  # noise only
    logs.append(run(3))
    assert len(smtp.messages) == 1 and len(hook.posts) == 1

    store = EventStore.open(tmp_path / "state")
    assert {e.state for e in store.entries()} == {DONE}
    assert any(e.event.item_url == new_url and e.event.kind == "new_item" for e in store.entries())
    for log in logs:
        assert SMTP_PASSWORD not in log and WEBHOOK_TOKEN not in log


def test_a_first_crawl_cut_short_by_max_pages_is_no_baseline_for_the_next(
    tmp_path: Path, serve: Callable[..., FixtureWeb]
) -> None:
    hook = WebhookReceiver().start()
    try:
        site = NewsSite()
        site.articles.update(
            {
                "/news/a.html": ("南京临时政府", "南京临时政府成立，孙中山就任临时大总统，定都南京。"),
                "/news/b.html": ("清帝退位", "清帝溥仪颁布退位诏书，两千多年的帝制就此终结。"),
                "/news/c.html": ("二次革命", "宋教仁遇刺之后，国民党人发动讨伐袁世凯的战争。"),
                "/news/d.html": ("护国战争", "蔡锷在云南起兵反对袁世凯称帝，各省相继宣布独立。"),
            }
        )
        web = serve({"news": site})
        settings = {"TOPICCRAWL_NOTIFY_URLS": [hook.url], "TOPICCRAWL_STATE_DIR": str(tmp_path / "state")}
        args = {"start_url": web.base_urls["news"] + "/", "notify": "1"}
        first = crawl("follow", tmp_path / "run1", args={**args, "max_pages": 1}, settings=settings).check()
        assert first.stats.get("finish_reason") == "max_pages"
        assert len(first.items) < len(site.articles) + 1  # it did not reach every page
        second = crawl("follow", tmp_path / "run2", args=args, settings=settings).check()
        assert len(second.items) > len(first.items)  # it reached pages the first one had not
        store = EventStore.open(tmp_path / "state")
        assert store.latest_event_id() == 0  # the unchanged site has nothing new
        assert hook.posts == []
        assert "stopped early (max_pages)" in first.log
        # the full crawl finished: now it is the baseline, and a new article is news
        site.articles[NEW_PATH.replace("3", "9")] = (NEW_TITLE, NEW_TEXT)
        crawl("follow", tmp_path / "run3", args=args, settings=settings).check()
        assert [e.item_title for e in store.events_since(0, 100)] == [NEW_TITLE]
    finally:
        hook.stop()
