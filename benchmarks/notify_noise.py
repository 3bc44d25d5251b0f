"""How well does "changed beyond noise" separate real changes from noise on real pages?

For each saved page, the text a crawl fingerprints (all body text, text nodes joined by
spaces, as the ``follow`` spider records it) is perturbed many times:

- noise: every number changes (clocks, dates, counters) and one short text node
  (<= 20 characters: an ad, a "who is online" line) is replaced by another;
- change: a new paragraph or post (40-200 characters taken from another page) is inserted
  between two text nodes;
- small change: the same with 10-30 characters (a one-line reply).

It prints, per rule, the share of noise variants reported as changed (false alarms) and
the share of changes reported (recall): the simhash distance alone (k bits), and the
project's rule (new text >= m characters, or simhash distance > 3).

    python benchmarks/notify_noise.py [DIR_WITH_HTML_PAGES] [--variants 20]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

from lxml import html as lxml_html

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from topiccrawl.charset import detect_encoding
from topiccrawl.notify.changes import Change, Fingerprint, classify, fingerprint
from topiccrawl.textutil import normalize_space

DEFAULT_DIR = Path(__file__).resolve().parent.parent.parent / "shared" / "fixtures" / "real_pages"
FILLER = "广告推荐热门在线会员欢迎今日最新活动优惠限时特价"


def page_text(raw: bytes) -> str:
    doc = lxml_html.fromstring(raw.decode(detect_encoding(raw).encoding, errors="replace"))
    return normalize_space(" ".join(doc.xpath("//body//text()[not(ancestor::script)][not(ancestor::style)]")))


def noise(text: str, rng: random.Random) -> str:
    text = re.sub(r"\d+", lambda m: str(rng.randrange(10 ** len(m.group()))), text)
    nodes = text.split(" ")
    short = [i for i, n in enumerate(nodes) if 0 < len(n) <= 20]
    if short:
        i = rng.choice(short)
        nodes[i] = "".join(rng.choice(FILLER) for _ in range(len(nodes[i])))
    return " ".join(nodes)


def insert(text: str, donor: str, rng: random.Random, low: int, high: int) -> str:
    n = rng.randint(low, high)
    start = rng.randrange(max(1, len(donor) - n))
    nodes = text.split(" ")
    nodes.insert(rng.randrange(len(nodes) + 1), donor[start : start + n].replace(" ", ""))
    return " ".join(nodes)


def rate(base: Fingerprint, fps: list[Fingerprint], **rule: int) -> int:
    return sum(classify(base, fp, **rule) is Change.CHANGED for fp in fps)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("pages", nargs="?", default=str(DEFAULT_DIR))
    ap.add_argument("--variants", type=int, default=20)
    args = ap.parse_args()
    paths = sorted(Path(args.pages).glob("*.html"))
    if not paths:
        sys.exit(f"no .html pages in {args.pages}")
    texts = {p.name: page_text(p.read_bytes()) for p in paths}
    rng = random.Random(0)
    rules: dict[str, dict[str, int]] = {
        "simhash k=0": {"max_noise_distance": 0, "min_new_chars": 10**9},
        "simhash k=3": {"max_noise_distance": 3, "min_new_chars": 10**9},
        "new>=10|k=3": {"max_noise_distance": 3, "min_new_chars": 10},
        "new>=20|k=3": {"max_noise_distance": 3, "min_new_chars": 20},
        "new>=30|k=3 (default)": {"max_noise_distance": 3, "min_new_chars": 30},
        "new>=50|k=3": {"max_noise_distance": 3, "min_new_chars": 50},
    }
    totals = {name: [0, 0, 0] for name in rules}
    for name, text in texts.items():
        base = fingerprint(text)
        donors = [t for n, t in texts.items() if n != name] or [text]
        noisy = [fingerprint(noise(text, rng)) for _ in range(args.variants)]
        big = [fingerprint(insert(text, rng.choice(donors), rng, 40, 200)) for _ in range(args.variants)]
        small = [fingerprint(insert(text, rng.choice(donors), rng, 10, 30)) for _ in range(args.variants)]
        for rule, kw in rules.items():
            totals[rule][0] += rate(base, noisy, **kw)
            totals[rule][1] += rate(base, big, **kw)
            totals[rule][2] += rate(base, small, **kw)
    n = len(texts) * args.variants
    chars = sorted(len(t) for t in texts.values())
    print(f"{len(texts)} pages ({chars[0]}-{chars[-1]} characters of text), {args.variants} variants of each kind each")
    print(f"{'rule':24} {'false alarms':>12} {'recall 40-200':>14} {'recall 10-30':>13}")
    for rule, (fa, big_hits, small_hits) in totals.items():
        print(f"{rule:24} {fa / n:12.1%} {big_hits / n:14.1%} {small_hits / n:13.1%}")


if __name__ == "__main__":
    main()
