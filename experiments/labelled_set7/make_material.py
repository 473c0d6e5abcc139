# Kept as run to make labelled set 7 (session 21, 2026-12-05); paths are that session's.
# Order: make_material.py, (writers), prep_labels.py, (labellers), merge.py, (adjudicator), assemble.py.
"""Sample set-7 episodes and write the material writers and labellers see (no labels, no units)."""

import json
import pathlib
import random
from collections import defaultdict

from carebench.agents.prompts import render_messages
from carebench.agents.workproduct import handoff_fields
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action

VAL = pathlib.Path("/work/main/src/carebench/scenarios/validation/workproduct")
used = set()
for f in VAL.glob("*.jsonl"):
    for line in f.read_text().splitlines():
        if line.strip():
            used.add(json.loads(line)["episode_id"])
bank = load_bank()
rng = random.Random(20261205)
out = pathlib.Path("/work/labelwork7/set7/material/episodes")
out.mkdir(parents=True, exist_ok=True)
chosen = {"draft": [], "escalation": []}
for group in ("draft", "escalation"):
    by_class = defaultdict(list)
    for e in bank:
        if e.episode_id in used and group == "draft":
            continue
        esc = e.reference.primary is Action.ESCALATE
        if (group == "escalation") != esc:
            continue
        if (
            group == "draft"
            and e.reference.primary is not Action.ANSWER
            and e.variant.value == "clean"
        ):
            pass
        by_class[e.task_class.value].append(e)
    for cls, eps in sorted(by_class.items()):
        rng.shuffle(eps)
        seeds = set()
        for e in eps:
            if e.seed_id in seeds and group == "draft":
                continue
            seeds.add(e.seed_id)
            chosen[group].append(e)
            if len(seeds) == 4 and group == "draft":
                break
chosen["draft"] = chosen["draft"][:15]
esc = chosen["escalation"]
rng.shuffle(esc)
picked, seeds2 = [], set()
for e in esc:
    if e.seed_id not in seeds2:
        seeds2.add(e.seed_id)
        picked.append(e)
chosen["escalation"] = picked[:10]
for group, eps in chosen.items():
    for e in eps:
        msgs = render_messages(e, "vanilla", extended=True)
        head = f"# Episode {e.episode_id}\n\nTask class: {e.task_class.value}\n\n"
        if group == "escalation":
            head += "Handoff form fields (named fields): " + ", ".join(handoff_fields(e)) + "\n\n"
        (out / f"{e.episode_id}.md").write_text(
            head
            + "## Instructions the assistant received\n\n"
            + msgs[0]["content"]
            + "\n\n## What the assistant received (transcript)\n\n"
            + msgs[1]["content"]
        )
    print(group, len(eps), sorted(e.variant.value for e in eps))
(pathlib.Path("/work/labelwork7/set7/material/episodes.json")).write_text(
    json.dumps({g: [e.episode_id for e in eps] for g, eps in chosen.items()}, indent=1)
)
