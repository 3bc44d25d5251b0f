"""Precision and recall of the near-duplicate rule (simhash within k bits) on built page pairs.

Pairs come from the duplicate fixture site (``topiccrawl.demo.dupsite``): for each
article, the same article with other boilerplate (a mirror), its print version,
a small edit, a changed timestamp, and edit-versus-timestamp (two changes); and,
as negatives, every pair of distinct articles, all on the same topic with a
shared vocabulary. Fingerprints are taken exactly as the pipeline does: main
text by trafilatura, then ``text_fingerprint``.

    python benchmarks/neardup_quality.py [--articles 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from topiccrawl.demo.dupsite import VARIANTS, DupSite
from topiccrawl.fingerprint import hamming, text_fingerprint
from topiccrawl.maintext import extract_main_text

POSITIVE_KINDS = {
    "other boilerplate (mirror)": ("news", "mirror"),
    "print version": ("news", "print"),
    "small edit": ("news", "edit"),
    "changed timestamp": ("news", "update"),
    "edit vs timestamp": ("edit", "update"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--k", type=int, default=3)
    args = parser.parse_args()
    site = DupSite(args.articles, args.seed)
    fps: dict[tuple[int, str], int | None] = {}
    for article in site.articles:
        for variant in VARIANTS:
            main = extract_main_text(
                site.render(article, variant), f"http://news.test{site.path(article.number, variant)}"
            )
            fps[(article.number, variant)] = text_fingerprint(main.text) if main else None

    def distance(a: tuple[int, str], b: tuple[int, str]) -> int:
        fa, fb = fps[a], fps[b]
        return 65 if fa is None or fb is None else hamming(fa, fb)

    positives: dict[str, list[int]] = defaultdict(list)
    for article in site.articles:
        for kind, (x, y) in POSITIVE_KINDS.items():
            positives[kind].append(distance((article.number, x), (article.number, y)))
    negatives = [distance((a.number, "news"), (b.number, "news")) for a, b in itertools.combinations(site.articles, 2)]
    all_pos = [d for ds in positives.values() for d in ds]
    print(f"{len(all_pos)} duplicate pairs, {len(negatives)} same-topic distinct pairs, {args.articles} articles")
    for kind, ds in positives.items():
        print(f"  {kind:28} recall@k={args.k}: {sum(d <= args.k for d in ds) / len(ds):.3f}  max distance {max(ds)}")
    print(f"  distinct articles: min distance {min(negatives)}")
    print("k  precision recall")
    for k in range(9):
        tp = sum(d <= k for d in all_pos)
        fp = sum(d <= k for d in negatives)
        precision = tp / (tp + fp) if tp + fp else 1.0
        print(f"{k}  {precision:.3f}     {tp / len(all_pos):.3f}")
    tp = sum(d <= args.k for d in all_pos)
    fp = sum(d <= args.k for d in negatives)
    print(f"k={args.k} precision={tp / (tp + fp) if tp + fp else 1.0:.3f} recall={tp / len(all_pos):.3f}")


if __name__ == "__main__":
    main()
