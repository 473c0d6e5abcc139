"""Write the benchmark's report (bench_report.py's synthetic runs) into a folder, for comparing trees.

Run: PYTHONPATH=<tree>/src .venv/bin/python benchmarks/report_outputs.py OUT [--runs 10] [--b 1000]
     [--cache DIR] [--seed 0]

Used to check that a change to the report's speed leaves its content alone: write the report
with two trees (or twice with one tree, cache empty then filled) and compare their metrics.json
with benchmarks/compare_metrics.py (the printed summary is written as summary.txt, compared too).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from bench_report import synthetic
from carebench import load_bank
from carebench.episodes.canonical import bank_sha256
from carebench.report.analysis import Settings
from carebench.report.writer import write_report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--b", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cache", type=Path, default=None)
    args = parser.parse_args()
    bank = load_bank()
    frame, manifests = synthetic(bank, args.runs, 1, np.random.default_rng(args.seed))
    banks = {bank_sha256(bank): bank}
    settings = Settings(b=args.b)
    result = write_report(frame, manifests, banks, args.out, settings, frame, args.cache)
    (args.out / "summary.txt").write_text(result.summary, "utf-8")


if __name__ == "__main__":
    main()
