"""Full interruption study (4 cells x 6 arms x n = 30) with instant scripted roles.

Measures the wall time of the whole study and the simulator's overhead per trial against the
roles' own time (scripted roles: the time spent inside agent/patient/judge calls, timed around
each call). Run: PYTHONPATH=src python benchmarks/bench_interrupt.py
"""

from __future__ import annotations

import asyncio
import tempfile
import time

from carebench.interruptions.cells import Arm, Cell
from carebench.interruptions.judges import ConceptJudge
from carebench.interruptions.pathway import load_pathway
from carebench.interruptions.roles import parse_role
from carebench.interruptions.scripted import ScriptedAgent, ScriptedPatient
from carebench.interruptions.simulator import Simulator
from carebench.interruptions.study import StudyConfig, run_study
from carebench.interruptions.transcript import delivered


class Timed:
    """Wraps a player and sums the time spent in its calls."""

    def __init__(self, inner: object) -> None:
        self.inner, self.seconds = inner, 0.0

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        method = getattr(self.inner, name)

        async def call(*args, **kwargs):  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            try:
                return await method(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - start

        return call


async def overhead(n: int) -> tuple[float, float, int]:
    pathway = load_pathway("cataract-follow-up")
    agent, patient, judge = (
        Timed(ScriptedAgent("cued")),
        Timed(ScriptedPatient("rule")),
        Timed(ConceptJudge()),
    )
    start = time.perf_counter()
    trials = 0
    for cell in Cell:
        for arm in Arm:
            sim = Simulator(pathway, cell, arm, agent, patient)  # type: ignore[arg-type]
            for t in range(n):
                history, _ = await sim.run(t)
                await judge.judge(pathway, cell, delivered(history), t)
                trials += 1
    total = time.perf_counter() - start
    return total, agent.seconds + patient.seconds + judge.seconds, trials


def main() -> None:
    with tempfile.TemporaryDirectory() as ws:
        config = StudyConfig(
            agent=parse_role("scripted:cued"), patient=parse_role("scripted:rule"), n=30
        )
        start = time.perf_counter()
        summary = run_study(config, ws)
        wall = time.perf_counter() - start
    print(
        f"full study: {summary.total} trials (judged {summary.judged}) in {wall:.2f} s incl. store writes"
    )
    total, roles, trials = asyncio.run(overhead(30))
    print(
        f"in memory: {trials} trials in {total:.2f} s; roles {roles:.2f} s; simulator overhead "
        f"{1000 * (total - roles) / trials:.2f} ms/trial vs roles {1000 * roles / trials:.2f} ms/trial"
    )


if __name__ == "__main__":
    main()
