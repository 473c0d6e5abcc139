"""The race: one 400-episode evaluation through carebench, Inspect and a bare AsyncOpenAI loop.

Run: python benchmarks/bench_race.py [--rounds 3] [--concurrency 32] [--bank PATH ...]

All three send the same 400 prompts (carebench's rendered messages, uncertainty condition, the
decision JSON schema as structured output, temperature 0, 256 tokens) to the same instant
OpenAI-compatible server (carebench.testing.openai_stub in its own process, plan ``varied``: the
decision is a function of the messages, so the three agree only if they send the same prompts and
parse the answers the same way), at the same concurrency:

  bare        AsyncOpenAI + a semaphore, raw JSON parsed with carebench's contract (the limit)
  carebench   the runner, in-process, openai backend, fresh SQLite store per round (no cache hits);
              the bank and its hash are loaded once, outside the timing, for every side
  inspect     inspect_ai.eval of carebench/escalation (openai-api provider, max_connections =
              concurrency, display none, log written to a temp folder), if inspect_ai is installed

After an untimed warm-up of 64 requests, rounds rotate which side goes first; we report median episodes/s per side, the ratios
carebench / inspect (goal >= 2) and carebench / bare (goal >= 0.9), and whether the per-episode
decisions of the three are identical.

The bank: the packaged one (``--bank`` for other seed files); if it does not validate, a synthetic
400-episode bank (40 renamed copies of tests/fixtures/minimal_seed.yaml) stands in, which is
enough for throughput (the prompts are shorter than the real ones) and is said in the output.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

from carebench.agents.config import BackendConfig
from carebench.agents.contract import decision_json_schema, parse_decision
from carebench.agents.prompts import Condition, render_messages
from carebench.episodes.bank import load_bank, validate_paths
from carebench.episodes.canonical import bank_sha256
from carebench.episodes.schema import Episode
from carebench.runs.config import RunConfig
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore

sys.path.insert(0, str(Path(__file__).parent))
from bench_runner import _start_stub as _start_runner_stub

FIXTURE = Path(__file__).parents[1] / "tests" / "fixtures" / "minimal_seed.yaml"
CONDITION = Condition.UNCERTAINTY


def synthetic_bank(folder: Path) -> list[str]:
    """40 seeds (400 episodes) from the test fixture: 8 dev, 32 test, all four task classes."""
    base = yaml.safe_load(FIXTURE.read_text())
    classes = ["documentation_update", "evidence_retrieval", "patient_messaging", "triage_handoff"]
    for i in range(40):
        seed = {**base, "id": f"race-{i:02d}", "task_class": classes[i % 4]}
        seed["split"] = "dev" if i < 8 else "test"
        seed["topic"] = f"Race seed {i}"
        (folder / f"race-{i:02d}.yaml").write_text(yaml.safe_dump(seed, sort_keys=False))
    return [str(folder)]


def _start_stub() -> tuple[subprocess.Popen[bytes], str]:
    return _start_runner_stub("--plan", "varied")


async def _bare(url: str, episodes: list[Episode], concurrency: int) -> dict[str, str | None]:
    from openai import AsyncOpenAI

    client = AsyncOpenAI(base_url=url, api_key="none", max_retries=0)
    semaphore = asyncio.Semaphore(concurrency)
    response_format: Any = {
        "type": "json_schema",
        "json_schema": {"name": "decision", "schema": decision_json_schema(), "strict": True},
    }

    async def one(episode: Episode) -> tuple[str, str | None]:
        async with semaphore:
            response = await client.chat.completions.create(
                model="stub",
                messages=render_messages(episode, CONDITION),  # type: ignore[arg-type]
                temperature=0.0,
                max_tokens=256,
                response_format=response_format,
            )
        decision = parse_decision(response.choices[0].message.content or "").decision
        return episode.episode_id, decision.action.value if decision else None

    try:
        return dict(await asyncio.gather(*(one(e) for e in episodes)))
    finally:
        await client.close()


def run_bare(url: str, episodes: list[Episode], concurrency: int) -> dict[str, str | None]:
    return asyncio.run(_bare(url, episodes, concurrency))


def run_carebench(
    url: str, bank: list[Episode], bank_hash: str, paths: list[str] | None, concurrency: int
) -> dict[str, str | None]:
    config = RunConfig(
        backend=BackendConfig(name="openai", model="stub", base_url=url, api_key_env="STUB_KEY"),
        condition=CONDITION,
        split="all",
        bank_paths=tuple(paths) if paths else None,
        concurrency=concurrency,
        max_retries=0,
    )
    with tempfile.TemporaryDirectory() as tmp, RunStore(Path(tmp) / "carebench.db") as store:
        summary = asyncio.run(run_async(config, bank, store, bank_hash=bank_hash))
        return {r.episode_id: r.action for r in store.records(summary.run_id)}


def run_inspect(url: str, paths: list[str] | None, concurrency: int) -> dict[str, str | None]:
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import get_model

    from carebench.interop.inspect_task import escalation

    model = get_model("openai-api/stub/stub", base_url=url, api_key="none")
    task = escalation(condition=CONDITION.value, split="all", bank=paths)
    with tempfile.TemporaryDirectory() as tmp:
        [log] = inspect_eval(
            task, model=model, max_connections=concurrency, log_dir=tmp, display="none",
            log_samples=True, score=True,
        )  # fmt: skip
        assert log.status == "success", log.error
        return {
            str(s.id): next(iter(s.scores.values())).metadata["action"] for s in log.samples or []
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--bank", nargs="*", default=None, help="seed files or folders")
    args = parser.parse_args()
    import os

    os.environ.setdefault("STUB_KEY", "none")
    with tempfile.TemporaryDirectory() as seeds_tmp:
        paths: list[str] | None = args.bank
        note = "packaged bank" if not paths else f"bank {paths}"
        if not paths and validate_paths()[1]:
            paths = synthetic_bank(Path(seeds_tmp))
            note = "synthetic 400-episode bank (the packaged bank does not validate in this tree)"
        bank = load_bank(paths)
        bank_hash = bank_sha256(bank)  # known with the bank, as run_agent knows it from its cache
        n = len(bank)
        try:
            import inspect_ai

            have_inspect = True
            inspect_version = inspect_ai.__version__
        except ImportError:
            have_inspect, inspect_version = False, "not installed"
        sides: dict[str, Any] = {
            "bare": lambda: run_bare(url, bank, args.concurrency),
            "carebench": lambda: run_carebench(url, bank, bank_hash, paths, args.concurrency),
        }
        if have_inspect:
            sides["inspect"] = lambda: run_inspect(url, paths, args.concurrency)
        process, url = _start_stub()
        rates: dict[str, list[float]] = {name: [] for name in sides}
        decisions: dict[str, dict[str, str | None]] = {}
        try:
            run_bare(url, bank[:64], args.concurrency)  # warm the server (not timed)
            names = list(sides)
            for r in range(args.rounds):
                order = names[r % len(names) :] + names[: r % len(names)]
                for name in order:
                    start = time.perf_counter()
                    decisions[name] = sides[name]()
                    rates[name].append(n / (time.perf_counter() - start))
        finally:
            process.terminate()
            process.wait(timeout=10)
    print(f"{n} episodes ({note}); condition {CONDITION.value}; concurrency {args.concurrency}; "
          f"{args.rounds} round(s); inspect_ai {inspect_version}; python {sys.version.split()[0]}")  # fmt: skip
    median = {name: statistics.median(v) for name, v in rates.items()}
    for name, v in rates.items():
        print(f"  {name:<10} median {median[name]:8.1f} episodes/s  (rounds: "
              f"{', '.join(f'{x:.1f}' for x in v)})")  # fmt: skip
    per_round = ", ".join(
        f"{c / b:.2f}" for c, b in zip(rates["carebench"], rates["bare"], strict=True)
    )
    print(
        f"  carebench / bare    = {median['carebench'] / median['bare']:.2f}  (goal >= 0.9; "
        f"per round: {per_round})"
    )
    if "inspect" in median:
        print(f"  carebench / inspect = {median['carebench'] / median['inspect']:.2f}  (goal >= 2)")
    reference = decisions["bare"]
    assert len(reference) == n and all(a is not None for a in reference.values())
    for name, got in decisions.items():
        same = sum(got.get(k) == a for k, a in reference.items())
        print(f"  decisions {name:<10} identical to bare on {same}/{n} episodes")
    actions = sorted({str(a) for a in reference.values()})
    print(f"  (actions seen: {', '.join(actions)})")


if __name__ == "__main__":
    main()
