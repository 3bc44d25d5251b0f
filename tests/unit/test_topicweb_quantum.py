"""The held-out quantum-computing test web: deterministic, labelled, served, and crawlable from its seeds."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections import Counter, deque
from collections.abc import Callable
from html import unescape
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from topiccrawl.demo import topicweb_quantum_vocab as V
from topiccrawl.demo.server import FixtureWeb, SiteRequest
from topiccrawl.demo.topicweb_quantum import HOSTS, QuantumWeb

DICTIONARY = Path(__file__).resolve().parents[2] / "seeds" / "quantum.dictionary.txt"
HREF = re.compile(r'href="([^"]+)"')
FAKE = {p.name: f"http://{p.address}:8000" for p in HOSTS}


def _bound(size: int = 8000, seed: int = 1998) -> QuantumWeb:
    web = QuantumWeb(size=size, seed=seed)
    web.bind(FAKE)
    return web


@pytest.fixture(scope="module")
def web() -> QuantumWeb:
    return _bound()


def _get(web: QuantumWeb, url: str) -> tuple[int, dict[str, str], str]:
    """A page of a bound web, asked in-process (no servers)."""
    parts = urlsplit(url)
    base = f"{parts.scheme}://{parts.netloc}"
    host = next(h for h, b in web.base_urls.items() if b == base)
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    reply = web.handle(host, SiteRequest("GET", target, {}, base))
    body = reply.payload().decode() if "text/html" in reply.headers.get("Content-Type", "") else ""
    return reply.status, reply.headers, body


def _fetch(url: str) -> tuple[int, str]:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=10) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, ""


def test_same_seed_same_web_and_another_seed_another() -> None:
    a, b, c = _bound(2000, 7), _bound(2000, 7), _bound(2000, 8)
    assert a.targets == b.targets
    assert [x.title for x in a.articles] == [x.title for x in b.articles]
    assert _get(a, a.seed_urls()[0])[2] == _get(b, b.seed_urls()[0])[2]
    assert a.targets != c.targets


def test_size_and_on_topic_share(web: QuantumWeb) -> None:
    assert len(web.articles) == 8000
    on = sum(a.on_topic for a in web.articles)
    assert 0.08 <= on / len(web.articles) <= 0.12
    assert len(web.targets) >= on  # plus the reply pages of on-topic threads
    assert {urlsplit(u).hostname for u in web.targets} >= {"127.0.0.42", "127.0.0.43", "127.0.0.47", "127.0.0.48"}
    assert web.hosts() == {p.name: f"127.0.0.{41 + i}" for i, p in enumerate(HOSTS)}


def test_seed_hosts_have_few_on_topic_pages(web: QuantumWeb) -> None:
    seeds = {urlsplit(u).netloc for u in web.seed_urls()}
    assert len(seeds) == 3
    for host in (h for h, b in web.base_urls.items() if urlsplit(b).netloc in seeds):
        own = [a for a in web.articles if a.host == host]
        assert sum(a.on_topic for a in own) / len(own) <= 0.05, host
    assert not any(a.on_topic for a in web.articles if a.host == "consumer")


def test_targets_and_duplicates_answer_in_process(web: QuantumWeb) -> None:
    for url in sorted(web.targets):
        status, _, body = _get(web, url)
        assert status == 200 and "<h1>" in body, url
    dups = web.duplicates
    kinds = Counter(re.sub(r"[0-9a-f]{6}|\d+", "#", urlsplit(u).path + "?" + urlsplit(u).query)[:12] for u in dups)
    assert len(kinds) >= 4  # AMP, print, printable, comment pages
    for dup, canonical in list(dups.items())[::400]:
        status, _, body = _get(web, dup)
        assert status == 200 and f'rel="canonical" href="{canonical}"' in body, dup


def test_served_through_fixture_web(serve: Callable[..., FixtureWeb]) -> None:
    web = QuantumWeb(size=8000, seed=1998)
    fw = serve(web.sites(), web.hosts())
    assert set(fw.base_urls) == {p.name for p in HOSTS}
    for url in web.seed_urls():
        status, body = _fetch(url)
        assert status == 200 and "mega-menu" in body, url
    targets = sorted(web.targets)
    for url in targets[:: max(1, len(targets) // 40)]:
        assert _fetch(url)[0] == 200, url
    for url in list(web.duplicates)[::1500]:
        assert _fetch(url)[0] == 200, url
    technews = fw.base_urls["technews"]
    assert _fetch(technews + "/robots.txt")[0] == 200
    assert _fetch(technews + "/no/such/page")[0] == 404
    # a redirect through /out lands on the other host's page
    hop = f"{technews}/out?u=" + urllib.request.quote(targets[0], safe="")
    assert _fetch(hop)[0] == 200


def test_on_topic_pages_reachable_from_the_seeds() -> None:
    web = _bound(size=3000, seed=11)
    seen, queue = set(web.seed_urls()), deque(web.seed_urls())
    while queue:
        url = queue.popleft()
        status, headers, body = _get(web, url)
        links = [headers["Location"]] if status in (301, 302) else [unescape(h) for h in HREF.findall(body)]
        base = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        for href in links:
            link = (base + href if href.startswith("/") else href).split("#")[0]
            if link.startswith("http://127.0.0.4") and "/img/" not in link and link not in seen:
                seen.add(link)
                queue.append(link)
    assert web.targets <= seen
    assert len(seen) > 5000


def test_labels_come_from_subjects_not_words(web: QuantumWeb) -> None:
    # hard positives: on-topic articles whose text never says "quantum"
    jargon = [a for a in web.articles if a.on_topic and a.jargon]
    assert len(jargon) > 50
    for a in jargon[:50]:
        text = " ".join(s for p in web.body(a) for s in p) + " " + a.title
        assert "quantum" not in text.lower(), a.title
    # hard negatives: off-topic articles about post-quantum crypto, quantum physics, Quantum Corp, quantum dots ...
    negatives = Counter(a.subject for a in web.articles if not a.on_topic and "quantum" in a.title.lower())
    assert {"pqc", "quantum_physics", "quantum_corp", "quantum_dots"} <= set(negatives)
    assert set(web.borderline.values()) <= set(V.BORDERLINE.values()) and len(web.borderline) > 300
    labels = web.labels
    assert all(labels[u] in V.ON_TOPIC for u in web.targets if "?page=" not in u)


def test_dictionary_file() -> None:
    terms = []
    for line in DICTIONARY.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t") if "\t" in line else line.split()
        assert fields and fields[0].strip(), line
        if len(fields) > 1:
            assert float(fields[1]) > 0, line
        terms.append(fields[0])
    assert 30 <= len(terms) <= 60
    assert len(set(terms)) == len(terms)
