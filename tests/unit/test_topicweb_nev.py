"""The held-out new-energy-vehicle web: deterministic, labelled by subject, served, reachable."""

from __future__ import annotations

import http.client
import random
import re
import threading
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin, urlsplit
from urllib.request import urlopen

import pytest

from topiccrawl.demo.server import FixtureWeb, SiteRequest
from topiccrawl.demo.topicweb_nev import HOSTS, SEED_HOSTS, NevWeb
from topiccrawl.dictionary import parse_dictionary

FAKE_BASES = {h: f"http://127.0.0.{21 + i}:8000" for i, h in enumerate(HOSTS)}
HREF = re.compile(r'href="([^"#]+)')


@pytest.fixture(scope="module")
def big() -> NevWeb:
    web = NevWeb(size=8000, seed=5)
    web.bind(FAKE_BASES)
    return web


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[NevWeb, FixtureWeb]]:
    web = NevWeb(size=1500, seed=11)
    fw = FixtureWeb(web.sites(), web.hosts()).start()
    try:
        yield web, fw
    finally:  # nine servers stopping one after the other would take seconds
        stops = [threading.Thread(target=s.stop) for s in fw.servers.values()]
        for t in stops:
            t.start()
        for t in stops:
            t.join()


def _get(url: str) -> tuple[int, dict[str, str], bytes]:
    """One request, redirects not followed."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""))
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def test_same_seed_same_web_other_seed_other_web(big: NevWeb) -> None:
    again = NevWeb(size=8000, seed=5)
    again.bind(FAKE_BASES)
    assert again.targets == big.targets
    assert [(a.path, a.title, a.subject) for a in again.articles] == [
        (a.path, a.title, a.subject) for a in big.articles
    ]
    other = NevWeb(size=8000, seed=6)
    other.bind(FAKE_BASES)
    assert other.targets != big.targets


def test_size_and_share_of_on_topic_articles(big: NevWeb) -> None:
    assert 7800 <= len(big.articles) <= 8200
    share = len(big.targets) / len(big.articles)
    assert 0.08 <= share <= 0.125, share
    assert len({a.path for a in big.articles if a.host == "news"}) == sum(a.host == "news" for a in big.articles)


def test_seed_hosts_have_few_on_topic_pages(big: NevWeb) -> None:
    for host in SEED_HOSTS:
        mine = [a for a in big.articles if a.host == host]
        assert sum(a.on_topic for a in mine) / len(mine) < 0.04, host
    assert all(urlsplit(u).path == "/" for u in big.seed_urls())


def test_hosts_on_their_own_loopback_addresses(big: NevWeb) -> None:
    addresses = big.hosts()
    assert len(HOSTS) == 9
    assert sorted(addresses.values()) == [f"127.0.0.{i}" for i in range(21, 30)]
    assert {urlsplit(u).hostname for u in big.targets} >= {"127.0.0.22", "127.0.0.27", "127.0.0.28"}


def test_labels_are_subjects_not_word_counts(big: NevWeb) -> None:
    texts = {a.idx: "".join("".join(p) for p in big.body(a)) for a in big.articles}
    # hard negatives: off-topic articles that talk of new-energy vehicles, batteries or charging
    near = [
        a for a in big.articles if not a.on_topic and re.search("新能源汽车|新能源车|纯电|充电", a.title + texts[a.idx])
    ]
    assert {a.subject for a in near} >= {"hev", "stock_move", "ebike", "phone_charge"}
    # hard positives: on-topic articles naming only a model, with none of the generic words
    plain = [a for a in big.articles if a.on_topic and not re.search("新能源|电动|充电|电池|纯电|插混", a.title)]
    assert len(plain) > len(big.targets) // 5
    # and "新能源" in its energy sense
    assert any(a.subject == "solar_wind" and "新能源" in a.title for a in big.articles)


def test_also_on_topic_pages_are_copies_and_later_pages(big: NevWeb) -> None:
    extra = big.also_on_topic
    assert extra.isdisjoint(big.targets)
    assert any("/print/" in u for u in extra)
    assert any("&wfr=spider" in u for u in extra)
    assert any(re.search(r"/thread-\d+-[2-9]-1\.html", u) for u in extra)


def test_targets_and_seeds_are_served(served: tuple[NevWeb, FixtureWeb]) -> None:
    web, _ = served
    sample = random.Random(1).sample(sorted(web.targets), 60)
    sample += random.Random(2).sample(sorted(web.also_on_topic), 20)
    for url in web.seed_urls() + sample:
        with urlopen(url, timeout=10) as resp:
            assert resp.status == 200, url
            assert "text/html" in resp.headers["Content-Type"]


def test_the_forum_speaks_gbk(served: tuple[NevWeb, FixtureWeb]) -> None:
    web, _ = served
    thread = next(a for a in web.articles if a.host == "bbs")
    for url in (web.url("bbs", "/"), web.url("bbs", thread.path)):
        status, headers, body = _get(url)
        assert status == 200
        assert headers["content-type"] == "text/html; charset=gbk"
        assert b"charset=gbk" in body
        assert thread.title.encode("gbk") in body or url.endswith("/")
        with pytest.raises(UnicodeDecodeError):
            body.decode("utf-8")
        assert "车友汇论坛" in body.decode("gbk")
    status, headers, _ = _get(web.url("news", "/"))
    assert headers["content-type"] == "text/html; charset=utf-8"


def test_redirects_archives_and_misses(served: tuple[NevWeb, FixtureWeb]) -> None:
    web, _ = served
    entry = next(a for a in web.articles if a.host == "wiki")
    status, headers, _ = _get(web.url("wiki", "/item/" + entry.path.split("/")[2]))
    assert (status, headers["location"]) == (302, entry.path)
    target = sorted(web.targets)[0]
    status, headers, _ = _get(web.url("news", "/go?url=" + target.replace(":", "%3A").replace("/", "%2F")))
    assert (status, headers["location"]) == (302, target)
    assert _get(web.url("news", "/roll/2019-05-04.html"))[0] == 200  # an empty day of the archive
    assert _get(web.url("news", "/roll/2031-01-01.html"))[0] == 404
    assert _get(web.url("news", "/a/20230101/zzzzzz.html"))[0] == 404
    long_thread = max((a for a in web.articles if a.host == "bbs"), key=lambda a: a.pages)
    status, headers, _ = _get(web.url("bbs", f"/forum.php?mod=redirect&tid={long_thread.key}&goto=lastpost"))
    assert (status, headers["location"]) == (302, f"/thread-{long_thread.key}-{long_thread.pages}-1.html")
    assert b"Disallow" in _get(web.url("bbs", "/robots.txt"))[2]


def test_on_topic_pages_are_reachable_from_the_seeds(served: tuple[NevWeb, FixtureWeb]) -> None:
    """A breadth-first walk of the web's own links (rendered pages, redirects followed), not a crawler."""
    web, _ = served
    sites = web.sites()
    host_of = {base: host for host, base in web.base_urls.items()}
    seen, queue, depth = set(web.seed_urls()), deque(web.seed_urls()), dict.fromkeys(web.seed_urls(), 0)
    while queue:
        url = queue.popleft()
        parts = urlsplit(url)
        base = f"{parts.scheme}://{parts.netloc}"
        reply = sites[host_of[base]].handle(SiteRequest("GET", url[len(base) :], {}, base))
        assert reply.status in (200, 302), url
        if reply.status == 302:
            links = [reply.headers["Location"]]
        else:
            links = [h.replace("&amp;", "&") for h in HREF.findall(reply.payload().decode(reply.charset))]
        for link in links:
            nxt = urljoin(url, link)
            if nxt in seen or not nxt.startswith("http") or re.search(r"/roll/|\.(jpg|png|gif|pdf)$", nxt):
                continue
            seen.add(nxt)
            depth[nxt] = depth[url] + 1
            queue.append(nxt)
    assert web.targets <= seen
    assert min(depth[t] for t in web.targets) >= 1
    assert sorted(depth[t] for t in web.targets)[len(web.targets) // 2] >= 2  # most lie beyond the first hop


def test_the_users_dictionary() -> None:
    text = (Path(__file__).parents[2] / "seeds" / "nev.dictionary.txt").read_text(encoding="utf-8")
    terms = list(parse_dictionary(text))
    assert 30 <= len(terms) <= 60
    assert any(t.text == "新能源汽车" for t in terms)
