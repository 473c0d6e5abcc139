"""`carebench power` with the default grid: wall time, and where it goes.

Run: .venv/bin/python benchmarks/bench_power.py [--rounds 3]

(1) The whole command as a user runs it (`carebench power --family-size 3 --difference 0.1`:
    four metrics, 1,000 simulated experiments per evaluation, bisection to 0.005), in a fresh
    process each round. Goal: under 10 s on 2 cores. Baseline, same rounds: `carebench --help`
    (process start alone); the ratio is the command's work over the interpreter's start.
(2) In process: the simulation alone per metric, and the vectorized signed-rank p-values against
    scipy.stats.wilcoxon called row by row on the same 2,000 x 32 differences (the speed-up that
    makes the default grid fit).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from scipy.stats import wilcoxon

from carebench import load_bank
from carebench.metrics.power import METRICS, minimum_detectable_difference, signed_rank_p, structure


def _timed(argv: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Print the figures of docs/performance.md's power section."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    carebench = str(Path(sys.executable).with_name("carebench"))
    command = [carebench, "power", "--family-size", "3", "--difference", "0.1"]
    runs = [_timed(command) for _ in range(args.rounds)]
    starts = [_timed([carebench, "--help"]) for _ in range(args.rounds)]
    wall = [r[0] for r in runs]
    print(
        f"carebench power (default grid): wall {statistics.median(wall):.2f} s median "
        f"(rounds {', '.join(f'{w:.2f}' for w in wall)}), CPU {statistics.median(r[1] for r in runs):.2f} s"
    )
    print(
        f"  over process start (carebench --help): x{statistics.median(wall) / statistics.median(s[0] for s in starts):.1f}"
    )
    seeds = structure(load_bank(split="test"))
    for metric in METRICS:
        start = time.perf_counter()
        minimum_detectable_difference(metric, seeds, family_size=3, difference=0.1)
        print(f"  {metric}: {time.perf_counter() - start:.2f} s")
    rng = np.random.default_rng(0)
    d = np.round(rng.normal(0.05, 0.2, (2000, 32)), 1)
    start = time.perf_counter()
    signed_rank_p(d)
    ours = time.perf_counter() - start
    start = time.perf_counter()
    for row in d:
        if np.any(row != 0):
            wilcoxon(row, zero_method="wilcox", correction=False, method="approx")
    theirs = time.perf_counter() - start
    print(
        f"signed-rank p of 2,000 x 32: vectorized {ours:.3f} s, scipy row by row {theirs:.2f} s "
        f"(x{theirs / ours:.0f})"
    )


if __name__ == "__main__":
    main()
