"""The first `carebench demo`'s time, split into its phases (bank, scripted baselines, model, report).

Run: .venv/bin/python benchmarks/bench_demo.py [--out DIR] [--split dev]

As a first demo on a new machine sees it: an empty user cache (``CAREBENCH_CACHE_DIR`` is set to
a new temporary folder) and a new workspace. The phases are those of
:func:`carebench.demo.run_demo`, timed one by one; the install (``make install``) is timed
outside, see docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--split", default="dev")
    args = parser.parse_args()
    os.environ["CAREBENCH_CACHE_DIR"] = tempfile.mkdtemp(prefix="carebench-cache-")
    out = args.out or Path(tempfile.mkdtemp(prefix="carebench-demo-"))
    print(f"load average before: {os.getloadavg()}")
    start = time.perf_counter()
    from carebench.demo import demo_configs
    from carebench.episodes.bank import write_bank
    from carebench.episodes.cache import load_bank_cached, user_cache_dir
    from carebench.report import build_report
    from carebench.runs.execute import run_agent

    phases: dict[str, float] = {"imports": time.perf_counter() - start}
    start = time.perf_counter()
    write_bank(load_bank_cached(None, user_cache_dir()).episodes, out / "episodes")
    phases["bank (validate, write)"] = time.perf_counter() - start
    run_ids = []
    for config in demo_configs(args.split):
        start = time.perf_counter()
        summary = run_agent(config, out)
        name = "model" if config.backend.name == "embedded" else "scripted baselines"
        phases[name] = phases.get(name, 0.0) + time.perf_counter() - start
        run_ids.append(summary.run_id)
    start = time.perf_counter()
    build_report(out, run_ids, out / "report", args.split)
    phases["report"] = time.perf_counter() - start
    print(f"load average after: {os.getloadavg()}")
    for name, seconds in phases.items():
        print(f"{name:<24} {seconds:8.1f} s")
    print(f"{'total':<24} {sum(phases.values()):8.1f} s  (workspace {out})")


if __name__ == "__main__":
    main()
