from __future__ import annotations

from scrapy import Request
from scrapy.http import HtmlResponse
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from topiccrawl.middlewares.encoding import CharsetMiddleware

TEXT = "版主您好，这是第一楼的回复内容。"


def test_gbk_page_with_wrong_header_reads_right() -> None:
    crawler = get_crawler(settings_dict={})
    crawler.stats.open_spider()
    mw = build_from_crawler(CharsetMiddleware, crawler)
    body = (
        "<html><head><script>" + "v" * 6000 + f"</script><meta charset='gbk'></head><body><p>{TEXT}</p></body></html>"
    ).encode("gbk")
    response = HtmlResponse("http://127.0.0.1/t", body=body, headers={"Content-Type": "text/html; charset=iso-8859-1"})
    # Without the middleware, Scrapy misreads this page.
    assert TEXT not in response.text
    fixed = mw.process_response(Request(response.url), response)
    assert TEXT in fixed.text
    assert crawler.stats.get_value("topiccrawl/charset/override") == 1


def test_a_lying_utf8_bom_is_cut_from_the_body() -> None:
    crawler = get_crawler(settings_dict={})
    crawler.stats.open_spider()
    mw = build_from_crawler(CharsetMiddleware, crawler)
    body = b"\xef\xbb\xbf" + f"<html><head><meta charset='gbk'></head><body><p>{TEXT}</p></body></html>".encode("gbk")
    response = HtmlResponse("http://127.0.0.1/t", body=body, headers={"Content-Type": "text/html"})
    assert TEXT not in response.text  # Scrapy obeys the BOM
    fixed = mw.process_response(Request(response.url), response)
    assert TEXT in fixed.text
    assert fixed.body == body[3:]
    assert crawler.stats.get_value("topiccrawl/charset/override") == 1


def test_big5_page_with_a_latin1_header_reads_right() -> None:
    crawler = get_crawler(settings_dict={})
    crawler.stats.open_spider()
    mw = build_from_crawler(CharsetMiddleware, crawler)
    text = "請問這個問題要怎麼解決？謝謝大家的幫忙！"
    body = f"<html><head><meta charset='big5'></head><body><p>{text}</p></body></html>".encode("big5")
    response = HtmlResponse("http://127.0.0.1/t", body=body, headers={"Content-Type": "text/html; charset=ISO-8859-1"})
    assert text not in response.text
    assert text in mw.process_response(Request(response.url), response).text
