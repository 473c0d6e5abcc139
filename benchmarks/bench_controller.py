"""Controller fitting cost, side by side with a brute-force baseline, and its scaling.

Run: .venv/bin/python benchmarks/bench_controller.py [--rounds 3]

(1) The full grid (625 weight vectors x 82 x 82 threshold pairs) on the 400-episode bank, random
    agent decisions: carebench's vectorized fit vs a brute-force loop that scores every
    (weights, tau_high, tau_low) with numpy on the same rows. The brute force is run on a sample of
    weight vectors and extrapolated to 625 (it would take minutes). Goal: fit well under a second.
(2) Fit time on 4,000 / 20,000 / 100,000 rows (the bank repeated): time per row should stay flat.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from carebench import load_bank
from carebench.controller.detectors import detect_episode
from carebench.controller.risk import THRESHOLDS, Inputs, decide, fit, outcomes, weight_grid
from carebench.metrics.costs import PRIMARY
from carebench.metrics.escalation import confusion, utility

ACTIONS = np.array(["Answer", "Ask_Clarification", "Abstain", "Escalate"], dtype=object)


def inputs(repeats: int, rng: np.random.Generator) -> Inputs:
    bank = load_bank()
    flags = np.array([detect_episode(e, "regex").as_tuple() for e in bank], dtype=float)
    n = len(bank) * repeats
    return Inputs(
        np.tile(flags, (repeats, 1)),
        np.round(rng.uniform(0.3, 1.0, n), 2),
        rng.choice(ACTIONS, n, p=[0.45, 0.25, 0.05, 0.25]),
        [frozenset(a.value for a in e.reference.acceptable) for e in bank] * repeats,
        np.tile([e.escalation_required for e in bank], repeats),
    )


def brute_force_per_weight(x: Inputs, weights: np.ndarray) -> float:
    start = time.perf_counter()
    for th in THRESHOLDS:
        for tl in THRESHOLDS[th >= THRESHOLDS]:
            correct, escalated = outcomes(x, decide(x, weights, tl, th))
            utility(confusion(x.required, escalated), PRIMARY)
            correct.mean()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    x = inputs(1, rng)
    grid = weight_grid("full")
    fit(x)  # warm-up
    fits, brutes = [], []
    for _ in range(args.rounds):
        start = time.perf_counter()
        fit(x)
        fits.append(time.perf_counter() - start)
        brutes.append(brute_force_per_weight(x, grid[rng.integers(len(grid))]) * len(grid))
    f, b = statistics.median(fits), statistics.median(brutes)
    print(
        f"(1) full grid on {x.n} rows: 625 weight vectors x {len(THRESHOLDS)}^2/2 threshold pairs, {args.rounds} rounds"
    )
    print(
        f"    carebench fit (vectorized): {f * 1000:.1f} ms (median)  rounds: {[round(v * 1000, 1) for v in fits]}"
    )
    print(
        f"    brute-force loop, extrapolated from one weight vector per round: {b:.0f} s (median)"
    )
    print(f"    speed-up: {b / f:,.0f}x   goal: fit well under 1 s")
    print("(2) fit time vs rows")
    for repeats in (10, 50, 250):
        big = inputs(repeats, rng)
        start = time.perf_counter()
        fit(big)
        elapsed = time.perf_counter() - start
        print(f"    n = {big.n:>7,}: {elapsed:6.2f} s = {elapsed / big.n * 1e6:6.2f} us/row")


if __name__ == "__main__":
    main()
