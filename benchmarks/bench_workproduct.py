"""The work-product scorer's cost on the reference work products, side by side with another tree.

Run: .venv/bin/python benchmarks/bench_workproduct.py [--rounds 3] [--baseline PATH]

Scores the reference work product (drafts and handoffs, `score_output`) of every episode whose
reference action is Answer or Escalate, once per round, in a new Python process per measurement
(imports and loading the bank are made before the clock starts and not counted; the scorer's
per-string caches start empty). With ``--baseline PATH`` (the ``src`` folder of another checkout,
e.g. a git worktree of an earlier commit), each round times that tree and this one alternately
and prints the ratio this / baseline per round: the machines are noisy, so only ratios measured
side by side are compared (docs/performance.md).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

_CHILD = """
import json, time
from carebench.agents.workproduct import reference_work_product
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action
from carebench.protocol.scores import score_output
episodes = [e for e in load_bank() if e.reference.primary in (Action.ANSWER, Action.ESCALATE)]
outputs = []
for e in episodes:
    action = e.reference.primary
    product = reference_work_product(e, action)
    outputs.append(json.dumps({"action": action.value, "confidence": 1.0, "reason": "", **product}))
start = time.perf_counter()
for e, raw in zip(episodes, outputs, strict=True):
    score_output(e, raw, e.reference.primary)
print(len(episodes), time.perf_counter() - start)
"""


def _time(src: Path) -> tuple[int, float]:
    env = {**os.environ, "PYTHONPATH": str(src), "CAREBENCH_CACHE_DIR": ""}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    return int(out[0]), float(out[1])


def main() -> None:
    """Time the scorer here (and on ``--baseline``) and print seconds and ratios per round."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", type=Path, default=None)
    args = parser.parse_args()
    here = Path(__file__).resolve().parents[1] / "src"
    for k in range(args.rounds):
        n, this = _time(here)
        line = f"round {k + 1}: {n} reference work products, this tree {this:.1f} s"
        if args.baseline is not None:
            _, base = _time(args.baseline)
            line += f", baseline {base:.1f} s, ratio {this / base:.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
