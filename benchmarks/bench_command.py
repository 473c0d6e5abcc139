"""Whole-command speed, as a user runs it: start-up and rate, against a bare client.

Run: .venv/bin/python benchmarks/bench_command.py [--rounds 5]

Every measurement is a fresh process timed from spawn to exit (wall time, and the CPU time the
process used, user + system, which the machine's other load disturbs less), against the same
instant local OpenAI-compatible server (carebench.testing.openai_stub, its own process),
interleaved round by round (the order reversed every other round) so machine noise hits every side
alike; medians are reported, with each round's carebench / bare ratio to show the spread.

(a) ``carebench --help`` against ``python -c pass`` (the interpreter's own start).
(b) One episode and the whole bank (400 episodes) through ``carebench run --backend openai
    --concurrency 32``, against a bare AsyncOpenAI script (semaphore 32) that sends the same
    prompts, pre-rendered to a JSON file so it imports nothing of carebench. Start-up is the
    one-episode time; rate is (400 - 1) / (t400 - t1). carebench runs three times per round, each
    a new run (``--seed`` = round, so nothing is resumed or served from the response cache):
    ``warm``, in a workspace that has run before; ``new workspace``, in a fresh workspace with the
    user's validated-bank cache filled (any later first command in a new workspace); ``first``,
    in a fresh workspace with an empty bank cache (the first command after installing or
    upgrading carebench: the bank is validated and the cache written). The benchmark's user cache
    is a temporary folder (CAREBENCH_CACHE_DIR), never the real one.

(c) When Inspect is installed (the ``inspect`` extra): the same one and 400 episodes through
    ``inspect eval carebench/escalation -T split=all`` (openai-api provider against the same
    stub, ``--max-connections 32``, ``--display none``, log written; ``--limit 1`` for one
    episode). bench_race.py races Inspect in-process as well and checks that the decisions agree.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from carebench import load_bank
from carebench.agents.prompts import Condition, render_messages

sys.path.insert(0, str(Path(__file__).parent))
from bench_runner import _start_stub

BARE = """
import asyncio, json, sys
from openai import AsyncOpenAI

async def main(url, path):
    requests = json.load(open(path))
    client = AsyncOpenAI(base_url=url, api_key="none", max_retries=0)
    semaphore = asyncio.Semaphore(32)
    async def one(item):
        async with semaphore:
            r = await client.chat.completions.create(
                model="stub", messages=item["messages"], temperature=0.0, max_tokens=256,
                seed=0, response_format={"type": "json_schema", "json_schema": item["schema"]})
            return r.choices[0].message.content
    await asyncio.gather(*(one(item) for item in requests))

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


def _timed(argv: list[str], cache: Path | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one process run to completion.

    ``cache``: the user cache folder the process gets (CAREBENCH_CACHE_DIR).
    """
    env = {**os.environ, "CAREBENCH_CACHE_DIR": str(cache)} if cache else None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _ratios(times: dict[str, list[tuple[float, float]]], fast: str, slow: str) -> str:
    """Per-round ``fast / slow`` wall-time ratios (the spread), as text."""
    return ", ".join(f"{f[0] / s[0]:.2f}" for f, s in zip(times[fast], times[slow], strict=True))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from carebench.agents.contract import decision_json_schema

    bank = load_bank()
    schema = {"name": "agent_decision", "schema": decision_json_schema(), "strict": True}
    tmp = Path(tempfile.mkdtemp(prefix="carebench-bench-"))
    n = len(bank)
    requests = {k: tmp / f"requests-{k}.json" for k in (1, n)}
    for k, path in requests.items():
        items = [
            {"messages": render_messages(e, Condition.VANILLA), "schema": schema} for e in bank[:k]
        ]
        path.write_text(json.dumps(items))
    bare_script = tmp / "bare.py"
    bare_script.write_text(BARE)
    carebench = str(Path(sys.executable).with_name("carebench"))
    inspect = Path(sys.executable).with_name("inspect")
    process, url = _start_stub()
    os.environ.update(STUB_BASE_URL=url, STUB_API_KEY="none")  # Inspect's openai-api/stub

    def run_argv(workspace: Path, k: int, seed: int) -> list[str]:
        only = ["--episode", bank[0].episode_id] if k == 1 else []
        return [carebench, "run", "--backend", "openai", "--base-url", url, "--model", "stub",
                "--api-key-env", "CAREBENCH_BENCH_KEY", "--concurrency", "32", "--quiet",
                "--seed", str(seed), "--workspace", str(workspace), *only]  # fmt: skip

    times: dict[str, list[tuple[float, float]]] = {}
    cache = tmp / "user-cache"
    try:
        for k in requests:  # untimed warm-up: fills the user's bank cache, opens the workspaces
            _timed(run_argv(tmp / f"warm-{k}", k, 0), cache)
        for r in range(args.rounds):
            sides: list[tuple[str, list[str], Path | None]] = [
                ("python -c pass", [sys.executable, "-c", "pass"], None),
                ("carebench --help", [carebench, "--help"], cache),
            ]
            for k, path in requests.items():
                bare = [sys.executable, str(bare_script), url, str(path)]
                sides += [
                    (f"bare {k}", bare, None),
                    (f"carebench {k}", run_argv(tmp / f"warm-{k}", k, r + 1), cache),
                    (f"carebench {k} new", run_argv(tmp / f"new-{r}-{k}", k, 0), cache),
                    (f"carebench {k} first", run_argv(tmp / f"first-{r}-{k}", k, 0),
                     tmp / f"empty-cache-{r}-{k}"),
                ]  # fmt: skip
                if inspect.exists():
                    only = ["--limit", "1"] if k == 1 else []
                    sides.append((f"inspect {k}", [str(inspect), "eval", "carebench/escalation",
                        "-T", "split=all", "--model", "openai-api/stub/stub",
                        "--max-connections", "32", "--display", "none",
                        "--log-dir", str(tmp / "inspect-logs"), *only], cache))  # fmt: skip
            if r % 2:
                sides.reverse()
            for name, argv, user_cache in sides:
                times.setdefault(name, []).append(_timed(argv, user_cache))
    finally:
        process.terminate()
        shutil.rmtree(tmp, ignore_errors=True)
    med = {k: statistics.median(w for w, _ in v) for k, v in times.items()}
    cpu = {k: statistics.median(c for _, c in v) for k, v in times.items()}
    print(f"rounds: {args.rounds} (medians; wall and CPU seconds)")
    for name in times:
        print(f"  {name:<22} wall {med[name]:.3f}   cpu {cpu[name]:.3f}")
    print(
        f"carebench --help minus interpreter start: {med['carebench --help'] - med['python -c pass']:.3f} s"
    )
    for side in ("carebench 1", "carebench 1 new", "carebench 1 first"):
        print(
            f"one episode: {side} - bare = {med[side] - med['bare 1']:+.3f} s wall, "
            f"{cpu[side] - cpu['bare 1']:+.3f} s cpu; rounds: "
            + ", ".join(
                f"{c[0] - b[0]:+.2f}" for c, b in zip(times[side], times["bare 1"], strict=True)
            )
        )
    if "inspect 1" in times:
        print(
            f"one episode: inspect - bare = {med['inspect 1'] - med['bare 1']:+.3f} s wall; "
            f"carebench {n} / inspect {n}: {med[f'inspect {n}'] / med[f'carebench {n}']:.1f}x"
        )
    sided = [("bare", ""), ("carebench", ""), ("carebench", " new"), ("carebench", " first")]
    for side, suffix in sided + ([("inspect", "")] if "inspect 1" in times else []):
        whole, one = f"{side} {n}{suffix}", f"{side} 1{suffix}"
        rate = (n - 1) / (med[whole] - med[one])
        print(
            f"{side}{suffix}: {n / med[whole]:.0f} episodes/s whole command, "
            f"{rate:.0f}/s after start-up"
        )
    for side in (f"carebench {n}", f"carebench {n} new", f"carebench {n} first"):
        print(
            f"whole command ratio {side} / bare: {med[f'bare {n}'] / med[side]:.2f} "
            f"(rounds: {_ratios(times, f'bare {n}', side)})"
        )


if __name__ == "__main__":
    main()
