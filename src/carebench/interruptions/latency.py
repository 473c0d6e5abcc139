"""Agent-turn latency of an interruption study, per arm (paper 002 chooses voice agents for it).

Each agent turn a trial produces (the canned prelude excepted) is stored with its latency and its
source (``agent_latency`` in the trial's state):

* ``model``: answered by the model on the first attempt; ``seconds`` is the time of its call(s)
  from request to answer, as the study's role saw it (:class:`~.roles.CallRecord`);
* ``cached``: answered from the response cache (a resumed or repeated study);
* ``retried``: the model answered after transient failures, so backoff is in the time;
* ``scripted``: no model call (a scripted agent policy).

Conventions: p50 and p95 are numpy's linear-interpolation percentiles over the ``model`` turns
only; the other turns are left out and counted by source, as are the turns of trials stored before
latency was recorded (``not_recorded``: their count is the trial's ``agent_turns``). Every trial
that produced agent turns counts, whatever its outcome (judged, invalid or yield-filtered); a trial
that ended in an error stored no turns. With no ``model`` turn the percentiles are None.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from carebench.interruptions.roles import CallRecord

SOURCES = ("model", "cached", "retried", "scripted")
EXCLUDED = ("cached", "retried", "scripted", "not_recorded")

__all__ = ["EXCLUDED", "SOURCES", "latency_by_arm", "summary_line", "turn_latency"]


def turn_latency(calls: Sequence[CallRecord]) -> tuple[str, float | None]:
    """(source, seconds) of one agent turn from the model calls it made (see the conventions)."""
    if not calls:
        return "scripted", None
    seconds = sum(c.seconds for c in calls)
    if any(c.retries for c in calls):
        return "retried", seconds
    if all(c.cached for c in calls):
        return "cached", seconds
    return "model", seconds


def _percentile(values: list[float], q: float) -> float | None:
    import numpy as np

    return float(np.percentile(values, q)) if values else None


def latency_by_arm(trials: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per study and arm (in first-seen order): turns, timed turns, p50 / p95 and exclusions.

    ``trials`` are stored trials (``study_id``, ``arm`` and the payload's ``state``); a trial's
    ``label`` (else its ``model``) names the study in the rows.
    """
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    seconds: dict[tuple[str, str], list[float]] = {}
    for t in trials:
        state = t.get("state")
        if not state:
            continue  # an error: no turns were stored
        key = (str(t["study_id"]), str(t["arm"]))
        row = groups.setdefault(
            key,
            {
                "study_id": key[0],
                "label": t.get("label") or t.get("model") or key[0],
                "arm": key[1],
                "turns": 0,
                "timed": 0,
                "p50_s": None,
                "p95_s": None,
                "excluded": dict.fromkeys(EXCLUDED, 0),
            },
        )
        recorded = state.get("agent_latency")
        if recorded is None:
            n = int(state.get("agent_turns") or 0)
            row["turns"] += n
            row["excluded"]["not_recorded"] += n
            continue
        for entry in recorded:
            row["turns"] += 1
            if entry["source"] == "model":
                seconds.setdefault(key, []).append(float(entry["seconds"]))
            else:
                row["excluded"][entry["source"]] += 1
    for key, row in groups.items():
        timed = seconds.get(key, [])
        row.update(timed=len(timed), p50_s=_percentile(timed, 50), p95_s=_percentile(timed, 95))
    return list(groups.values())


def summary_line(row: dict[str, Any]) -> str:
    """One arm's latency as one line: ``arm: p50 1.20 s, p95 2.40 s over 30 model turns; ...``."""
    left = ", ".join(f"{n} {name.replace('_', ' ')}" for name, n in row["excluded"].items() if n)
    if row["timed"]:
        head = f"p50 {row['p50_s']:.2f} s, p95 {row['p95_s']:.2f} s over {row['timed']} model turns"
    else:
        head = "no model turn timed"
    return f"{row['arm']}: {head}" + (f"; left out: {left}" if left else "")
