"""The handoff scorer's worst case: every text of a handoff at its length bound, against the reference.

Run: .venv/bin/python benchmarks/bench_hostile_handoff.py [--episodes 3]

For the first emergency escalations of the bank, scores (``score_output``) the reference handoff
and hostile ones whose key findings, actions and 16 field values each fill
:data:`~carebench.agents.workproduct.MAX_ITEM_CHARS` with one repeated filler, alternately in the
same process, and prints seconds and the ratio hostile / reference per episode and filler: the
machines are noisy, so the ratio measured side by side is what is compared (docs/performance.md).
The scorer's per-string caches are cleared before each measurement.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import time

from carebench.agents.workproduct import (
    MAX_FIELDS,
    MAX_ITEM_CHARS,
    MAX_ITEMS,
    reference_work_product,
)
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action, Episode
from carebench.protocol.scores import score_output

FILLERS = (
    "a ",
    "ambulance ",
    "advised her to take aspirin 300 mg if no better, call 999 (SpO2 86 %), and ",
    "sertraline 100 mg daily plus Lustral 100 mg daily; ",
)


def _raw(handoff: dict[str, object]) -> str:
    return json.dumps({"action": "Escalate", "confidence": 1.0, "reason": "", "handoff": handoff})


def _hostile(reference: dict[str, object], filler: str) -> str:
    text = (filler * (MAX_ITEM_CHARS // len(filler) + 1))[:MAX_ITEM_CHARS]
    names = list(reference["fields"])  # type: ignore[call-overload]
    names += [f"extra {i}" for i in range(MAX_FIELDS - len(names))]
    items = [text] * MAX_ITEMS
    hostile = {**reference, "key_findings": items, "actions_taken": items}
    return _raw({**hostile, "fields": dict.fromkeys(names, text)})


def _seconds(episode: Episode, raw: str) -> float:
    for cached in gc.get_objects():  # every functools cache starts empty
        if isinstance(cached, functools._lru_cache_wrapper):
            cached.cache_clear()
    start = time.perf_counter()
    scored = score_output(episode, raw, Action.ESCALATE)
    elapsed = time.perf_counter() - start
    assert scored is not None
    return elapsed


def main() -> None:
    """Print the reference and hostile handoff's scoring time per episode and filler."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3)
    args = parser.parse_args()
    chosen = []
    for episode in load_bank():
        if episode.reference.primary is not Action.ESCALATE:
            continue
        handoff = reference_work_product(episode, Action.ESCALATE)["handoff"]
        if handoff["urgency"] == "emergency":
            chosen.append((episode, handoff))
    for episode, handoff in chosen[: args.episodes]:
        for filler in FILLERS:
            reference = _seconds(episode, _raw(handoff))
            hostile = _seconds(episode, _hostile(handoff, filler))
            print(
                f"{episode.episode_id}  filler {filler[:24]!r:28} reference {reference:.2f} s  "
                f"hostile {hostile:.2f} s  ratio {hostile / reference:.1f}"
            )


if __name__ == "__main__":
    main()
