"""Profile one *cold new* report: a known bank, runs never reported (see bench_report.py).

Run: .venv/bin/python benchmarks/profile_report.py OUT [--runs 10] [--b 10000] [--top 30]

A report on runs A fills a new user cache folder (bank-level entries: detector flags and quality,
the keyword floor, the stress audit); then runs B, never reported, are reported under cProfile
with CPU time (``time.process_time``) as its clock, so that other work on a shared machine
inflates it less than wall time. Prints the wall and CPU time of the unprofiled report on runs C
(also never reported, same cache as B had), then the profile's top carebench functions by
cumulative CPU time; the profile is kept as OUT/cold-new.prof for ``python -m pstats``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import shutil
import sys
import tempfile
import time
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
    parser.add_argument("--b", type=int, default=10_000)
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot  # imports are not counted, as in bench_report.py

    import carebench.report.builtin_sections  # noqa: F401

    bank = load_bank()
    banks = {bank_sha256(bank): bank}
    settings = Settings(b=args.b)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        known = Path(tmp) / "known"
        frame, manifests = synthetic(bank, args.runs, 1, np.random.default_rng(1))
        write_report(frame, manifests, banks, args.out / "a", settings, frame, known)
        for seed, profiled in ((3, False), (2, True)):
            cache = Path(tmp) / f"cache{seed}"
            shutil.copytree(known, cache)
            frame, manifests = synthetic(bank, args.runs, 1, np.random.default_rng(seed))
            profile = cProfile.Profile(time.process_time) if profiled else None
            wall, cpu = time.perf_counter(), time.process_time()
            if profile:
                profile.enable()
            write_report(frame, manifests, banks, args.out / f"r{seed}", settings, frame, cache)
            if profile:
                profile.disable()
                profile.dump_stats(str(args.out / "cold-new.prof"))
            else:
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                print(f"cold new, not profiled: wall {wall:.2f} s, CPU {cpu:.2f} s")
    stats = pstats.Stats(str(args.out / "cold-new.prof"))
    stats.sort_stats("cumulative").print_stats("carebench", args.top)


if __name__ == "__main__":
    main()
