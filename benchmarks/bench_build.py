"""Time to validate, assemble and serialize the episode bank, against a YAML-parsing baseline.

Run: .venv/bin/python benchmarks/bench_build.py [--repeats N]

Both measurements run side by side in one process, interleaved, so machine noise hits both; the
figure to quote is the ratio (full build / bare safe YAML load of the same seed files, libyaml where available) and the
absolute median time per episode, extrapolated to the 400-episode bank.
"""

from __future__ import annotations

import argparse
import statistics
import time

import yaml

from carebench.episodes.bank import load_bank
from carebench.episodes.canonical import episodes_bytes
from carebench.episodes.files import discover

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    files = discover()
    texts = [f.read_text() for f in files]
    full: list[float] = []
    base: list[float] = []
    n_episodes = 0
    for _ in range(args.repeats):
        start = time.perf_counter()
        for text in texts:
            yaml.load(text, Loader=LOADER)
        base.append(time.perf_counter() - start)
        start = time.perf_counter()
        episodes = load_bank()
        episodes_bytes(episodes)
        full.append(time.perf_counter() - start)
        n_episodes = len(episodes)
    full_s, base_s = statistics.median(full), statistics.median(base)
    print(f"seeds: {len(files)}  episodes: {n_episodes}  repeats: {args.repeats}")
    print(
        f"baseline safe YAML load ({LOADER.__name__}) of the seed files: {base_s * 1000:.1f} ms (median)"
    )
    print(f"full build (validate + assemble + serialize): {full_s * 1000:.1f} ms (median)")
    print(f"ratio full / baseline: {full_s / base_s:.2f}")
    per_episode = full_s / n_episodes
    print(
        f"per episode: {per_episode * 1000:.3f} ms; 400 episodes extrapolated: {per_episode * 400:.3f} s"
    )


if __name__ == "__main__":
    main()
