"""Whole-command speed, as a user runs it: start-up and rate, against a bare client.

Run: .venv/bin/python benchmarks/bench_command.py [--rounds 5]

Every measurement is a fresh process timed from spawn to exit, against the same instant local
OpenAI-compatible server (carebench.testing.openai_stub, its own process), interleaved round by round
so machine noise hits both sides alike; medians are reported.

(a) ``carebench --help`` against ``python -c pass`` (the interpreter's own start).
(b) One episode and the whole bank (400 episodes) through ``carebench run --backend openai
    --concurrency 32`` with a fresh workspace, against a bare AsyncOpenAI script (semaphore 32)
    that sends the same prompts, pre-rendered to a JSON file so it imports nothing of carebench.
    Start-up is the one-episode time; rate is (400 - 1) / (t400 - t1).
(c) Inspect's ``inspect eval`` on the same server, when ``inspect_ai`` and carebench's Inspect
    task are installed (skipped otherwise).
"""

from __future__ import annotations

import argparse
import json
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


def _timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from carebench.agents.contract import decision_json_schema

    bank = load_bank()
    schema = {"name": "agent_decision", "schema": decision_json_schema(), "strict": True}
    tmp = Path(tempfile.mkdtemp(prefix="carebench-bench-"))
    requests = {n: tmp / f"requests-{n}.json" for n in (1, len(bank))}
    for n, path in requests.items():
        items = [
            {"messages": render_messages(e, Condition.VANILLA), "schema": schema} for e in bank[:n]
        ]
        path.write_text(json.dumps(items))
    bare_script = tmp / "bare.py"
    bare_script.write_text(BARE)
    carebench = str(Path(sys.executable).with_name("carebench"))
    inspect = shutil.which("inspect", path=str(Path(sys.executable).parent))
    process, url = _start_stub()
    times: dict[str, list[float]] = {}
    try:
        for r in range(args.rounds):
            sides = [
                ("python -c pass", [sys.executable, "-c", "pass"]),
                ("carebench --help", [carebench, "--help"]),
            ]
            for n, path in requests.items():
                sides.append((f"bare {n}", [sys.executable, str(bare_script), url, str(path)]))
                only = ["--episode", bank[0].episode_id] if n == 1 else []
                sides.append(
                    (
                        f"carebench {n}",
                        [carebench, "run", "--backend", "openai", "--base-url", url,
                         "--model", "stub", "--api-key-env", "CAREBENCH_BENCH_KEY",
                         "--concurrency", "32", "--quiet", "--workspace",
                         str(tmp / f"ws-{r}-{n}"), *only],
                    )
                )  # fmt: skip
            if r % 2:
                sides.reverse()
            for name, argv in sides:
                times.setdefault(name, []).append(_timed(argv))
    finally:
        process.terminate()
        shutil.rmtree(tmp, ignore_errors=True)
    med = {k: statistics.median(v) for k, v in times.items()}
    n = len(bank)
    print(f"rounds: {args.rounds} (medians, seconds)")
    for name, value in med.items():
        print(f"  {name:<20} {value:.3f}")
    print(
        f"carebench --help minus interpreter start: {med['carebench --help'] - med['python -c pass']:.3f} s"
    )
    print(f"one episode: carebench - bare = {med['carebench 1'] - med['bare 1']:+.3f} s")
    for side in ("bare", "carebench"):
        rate = (n - 1) / (med[f"{side} {n}"] - med[f"{side} 1"])
        print(
            f"{side}: {n / med[f'{side} {n}']:.0f} episodes/s whole command, {rate:.0f}/s after start-up"
        )
    print(
        f"whole command ratio carebench / bare (400): {med[f'bare {n}'] / med[f'carebench {n}']:.2f}"
    )
    if inspect is None:
        print("inspect: not installed (pip install 'carebench[inspect]' to include it)")


if __name__ == "__main__":
    main()
