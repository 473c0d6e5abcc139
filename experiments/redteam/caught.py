"""Which red-team handoff rewrites the scorer catches field by field (docs/protocol.md, round 49).

Run from the repository root: ``.venv/bin/python experiments/redteam/caught.py 38``. For each main
strategy of ``roundNN_strategies.py``: the Escalate episodes whose handoff it changes, and in how
many of them every changed handoff field (named fields, reason, key findings, actions, routing)
is scored wrong or missing. A caught field still costs only its share of the handoff score.

``caught.py --labelled`` prints what a veto on any wrong named field would cost, per labelled set
(aggregates only): the handoffs whose named fields the labellers call none wrong, and how many of
them the scorer calls a named field wrong in; the handoffs with a labelled-wrong named field, and
how many of those it catches.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from carebench.agents.workproduct import Handoff
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action
from carebench.protocol.scores import handoff_completeness

_ROUTING = ("reason", "key_findings", "actions_taken", "urgency", "destination")


def main(round_number: str) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    module = importlib.import_module(f"round{round_number}_strategies")
    episodes = [e for e in load_bank() if e.reference.primary is Action.ESCALATE]
    for name, write in module.STRATEGIES.items():
        changed_handoffs = caught = 0
        for episode in episodes:
            reference = module._ref(episode, Action.ESCALATE)["handoff"]
            product = write(episode, Action.ESCALATE)
            handoff = product.get("handoff")
            if not handoff or handoff == reference:
                continue
            fields = handoff.get("fields", {})
            changed = [k for k in fields if fields[k] != reference.get("fields", {}).get(k)]
            changed += [k for k in _ROUTING if handoff.get(k) != reference.get(k)]
            scored = handoff_completeness(episode, Handoff.model_validate(handoff))
            changed_handoffs += 1
            caught += set(changed) <= set(scored.wrong) | set(scored.missing)
        print(f"{name:50s} changed handoffs {changed_handoffs:3d}  every change caught {caught:3d}")


def labelled() -> None:
    from carebench.protocol.labelled_sets import load_set, load_sets
    from carebench.protocol.scorer_validation import field_verdicts

    episodes = {e.episode_id: e for e in load_bank()}
    for entry in load_sets():
        _, handoffs = load_set(entry, None, episodes)
        clean = vetoed = bad = found = 0
        for row in handoffs:
            predicted = field_verdicts(row, episodes[row["episode_id"]])
            named = [k for k in row["final"] if k not in _ROUTING]
            if not named:
                continue
            if all(row["final"][k] != "wrong" for k in named):
                clean += 1
                vetoed += any(predicted[k] == "wrong" for k in named)
            else:
                bad += 1
                found += any(predicted[k] == "wrong" for k in named if row["final"][k] == "wrong")
        print(
            f"{entry.name} ({entry.role}): {clean} handoffs with no named field labelled wrong, "
            f"{vetoed} of them scored with one wrong; {bad} with one labelled wrong, {found} caught"
        )


if __name__ == "__main__":
    labelled() if sys.argv[1] == "--labelled" else main(sys.argv[1])
