"""Near-duplicate index benchmark: topiccrawl.simhash_index versus simhash.SimhashIndex.

Both get the same random 64-bit fingerprints and the same queries: stored
fingerprints with 0..k bits flipped (planted near duplicates, which must be found)
and random fingerprints (which, at these sizes, have no stored neighbour within k
bits). Each (index, size) runs in a fresh subprocess so its peak RSS is honest.

    python benchmarks/simhash_index.py            # 100k and 1M both, 10M ours alone
    python benchmarks/simhash_index.py --sizes 100000 --no-10m

Memory is the growth of peak RSS while building the index (the fingerprint
array itself is made before and not counted for either). The last line gives the
1M figures: ``index_qps=... anchor_qps=... qps_ratio=... mem_ratio=... recall=...``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
K = 3
PLANTED_PER_DISTANCE = 2_500  # planted queries for each distance 0..k
RANDOM_QUERIES = 10_000


def _rss_kib() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _data(n: int, seed: int = 20070508) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(stored fingerprints, queries, planted target of each query or 0 for random)."""
    rng = np.random.default_rng(seed)
    stored = rng.integers(0, 2**64, size=n, dtype=np.uint64, endpoint=False)
    queries, targets = [], []
    for distance in range(K + 1):
        picks = stored[rng.integers(0, n, size=PLANTED_PER_DISTANCE)]
        flipped = picks.copy()
        for row in range(len(flipped)):
            for bit in rng.choice(64, size=distance, replace=False):
                flipped[row] ^= np.uint64(1) << np.uint64(bit)
        queries.append(flipped)
        targets.append(picks)
    queries.append(rng.integers(0, 2**64, size=RANDOM_QUERIES, dtype=np.uint64))
    targets.append(np.zeros(RANDOM_QUERIES, dtype=np.uint64))
    return stored, np.concatenate(queries), np.concatenate(targets)


def _score(queries: np.ndarray, targets: np.ndarray, found: list[set[int]]) -> dict[str, float]:
    planted = targets != 0
    hits = sum(1 for i in np.flatnonzero(planted) if int(targets[i]) in found[i])
    false = 0
    for i, values in enumerate(found):
        q = int(queries[i])
        false += sum(1 for v in values if (q ^ v).bit_count() > K)
        if not planted[i]:
            false += len(values)  # random queries have no true neighbour at these sizes
    return {"recall": hits / int(planted.sum()), "false_matches": false}


def run_ours(n: int, blocks: int | None = None) -> dict[str, float]:
    sys.path.insert(0, str(ROOT))
    from topiccrawl.simhash_index import SimhashIndex

    stored, queries, targets = _data(n)
    base = _rss_kib()
    t0 = time.perf_counter()
    index = SimhashIndex(K, blocks=blocks)
    index.add_many(stored)
    build = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    qidx, values = index.query_many(queries)
    batch = time.perf_counter() - t0
    found: list[set[int]] = [set() for _ in range(len(queries))]
    for q, v in zip(qidx.tolist(), values.tolist(), strict=True):
        found[q].add(v)
    single = queries[:2_000]
    t0 = time.perf_counter()
    for q in single.tolist():
        index.query_one(q)
    one = time.perf_counter() - t0
    # Inserting one at a time while crawling: buffer plus periodic merges.
    extra = np.random.default_rng(7).integers(0, 2**64, size=50_000, dtype=np.uint64).tolist()
    t0 = time.perf_counter()
    for v in extra:
        index.add(v)
    insert = time.perf_counter() - t0
    return {
        "build_s": build,
        "qps": len(queries) / batch,
        "single_qps": len(single) / one,
        "insert_per_s": len(extra) / insert,
        "mem_mb": max(peak - base, 0) / 1024,
        **_score(queries, targets, found),
    }


def run_anchor(n: int) -> dict[str, float]:
    from simhash import Simhash
    from simhash import SimhashIndex as AnchorIndex

    stored, queries, targets = _data(n)
    base = _rss_kib()
    t0 = time.perf_counter()
    index = AnchorIndex([(str(v), Simhash(int(v))) for v in stored.tolist()], f=64, k=K)
    build = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    found = [{int(x) for x in index.get_near_dups(Simhash(int(q)))} for q in queries.tolist()]
    elapsed = time.perf_counter() - t0
    return {
        "build_s": build,
        "qps": len(queries) / elapsed,
        "mem_mb": max(peak - base, 0) / 1024,
        **_score(queries, targets, found),
    }


def _child(which: str, n: int, blocks: int | None) -> dict[str, float]:
    cmd = [sys.executable, __file__, "--child", which, "--n", str(n)]
    if blocks:
        cmd += ["--blocks", str(blocks)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--no-10m", action="store_true", help="skip our index at 10M")
    parser.add_argument("--no-anchor", action="store_true", help="run our index only")
    parser.add_argument("--child", choices=["ours", "anchor"])
    parser.add_argument("--n", type=int)
    parser.add_argument("--blocks", type=int, help="our index's blocks (default k+1: fewest tables, least memory)")
    args = parser.parse_args()
    if args.child:
        import logging

        logging.disable(logging.CRITICAL)  # simhash logs every large bucket
        print(json.dumps(run_ours(args.n, args.blocks) if args.child == "ours" else run_anchor(args.n)))
        return
    sizes = [int(s) for s in args.sizes.split(",") if s]
    runs = [(n, which) for n in sizes for which in ("ours", "anchor") if which == "ours" or not args.no_anchor]
    if not args.no_10m:
        runs.append((10_000_000, "ours"))
    results: dict[tuple[int, str], dict[str, float]] = {}
    print(
        f"k={K}, our blocks={args.blocks or K + 1}, queries: {PLANTED_PER_DISTANCE} planted per distance 0..{K}"
        f" + {RANDOM_QUERIES} random"
    )
    for n, which in runs:
        r = _child(which, n, args.blocks)
        results[(n, which)] = r
        extra = ""
        if which == "ours":
            extra = f" single_qps={r['single_qps']:,.0f} insert/s={r['insert_per_s']:,.0f}"
        print(
            f"{which:6} n={n:>10,} build={r['build_s']:.2f}s qps={r['qps']:,.0f} mem={r['mem_mb']:.1f}MB "
            f"recall={r['recall']:.4f} false={r['false_matches']}{extra}",
            flush=True,
        )
    if not sizes:
        return
    n = 1_000_000 if (1_000_000, "ours") in results else max(sizes)
    ours, anchor = results[(n, "ours")], results[(n, "anchor")]
    print(
        f"index_qps={ours['qps']:.0f} anchor_qps={anchor['qps']:.0f} qps_ratio={ours['qps'] / anchor['qps']:.1f} "
        f"mem_ratio={ours['mem_mb'] / anchor['mem_mb']:.3f} recall={ours['recall']:.4f}"
    )


if __name__ == "__main__":
    main()
