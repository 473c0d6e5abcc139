"""Error analysis of the handoff-field scorer against the labelled sets (issue 21).

Run: .venv/bin/python experiments/handoff_errors.py [--set set-1] [--field NAME] [--kind wrong>correct]

Scores every labelled handoff of every set in the packaged manifest with the current scorer and
prints, per set, accuracy and Cohen's kappa, a confusion table (adjudicated label -> scorer label),
the disagreements by field kind (routing field or named field) and then every disagreement: the
handoff id, episode, field, adjudicated vs scorer label, the value written, the field's reference
values and the labellers' note where one hesitated. Used to find rules to improve *in kind*; no
labelled phrase goes into the scorer.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from carebench import load_bank
from carebench.agents.workproduct import ROUTING_FIELDS
from carebench.protocol.scorer_validation import _kappa, field_verdicts, load_labels, load_sets


def _value(row: dict[str, Any], name: str) -> str:
    handoff = row["handoff"]
    value = handoff.get(name) if name in ROUTING_FIELDS else handoff.get("fields", {}).get(name)
    return value if isinstance(value, str) else repr(value)


def main() -> None:
    """Print the disagreements of the handoff-field scorer with the adjudicated labels."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--set", dest="subset", default=None, help="only this set (set-1, set-2)")
    parser.add_argument("--field", default=None, help="only this field")
    parser.add_argument("--kind", default=None, help="only final>scorer, e.g. wrong>correct")
    parser.add_argument("--quiet", action="store_true", help="summary only")
    args = parser.parse_args()
    episodes = {e.episode_id: e for e in load_bank()}
    for entry in load_sets():
        if args.subset and entry.name != args.subset:
            continue
        rows = load_labels(entry.handoffs)
        items: list[tuple[str, str, str, dict[str, Any]]] = []
        for row in rows:
            episode = episodes[row["episode_id"]]
            units = episode.annotations
            predicted = field_verdicts(row, episode)
            for name, final in row["final"].items():
                refs: Any
                if name == "urgency":
                    refs = units.handoff_urgency if units else ()
                elif name == "destination":
                    refs = units.handoff_destinations if units else ()
                elif name in ROUTING_FIELDS:
                    refs = units.urgent_findings if units else ()
                else:
                    refs = units.handoff_values.get(name, ()) if units else ()
                items.append(
                    (final, predicted[name], name, {"row": row, "refs": refs, "episode": episode})
                )
        final = [i[0] for i in items]
        pred = [i[1] for i in items]
        acc = sum(a == b for a, b in zip(final, pred, strict=True)) / len(items)
        print(
            f"== {entry.name} ({entry.role}): n={len(items)} accuracy={acc:.3f} "
            f"kappa={_kappa(final, pred):.3f}"
        )
        print(
            "confusion (final>scorer):",
            dict(Counter(f"{a}>{b}" for a, b in zip(final, pred, strict=True))),
        )
        off = [i for i in items if i[0] != i[1]]
        kinds = Counter(("routing:" + i[2]) if i[2] in ROUTING_FIELDS else "named" for i in off)
        print("disagreements by field:", dict(kinds))
        writer = Counter(i[3]["row"].get("writer_kind", "?") for i in off)
        print("disagreements by writer kind:", dict(writer))
        if args.quiet:
            continue
        for f, p, name, ctx in off:
            if args.field and name != args.field:
                continue
            if args.kind and f"{f}>{p}" != args.kind:
                continue
            row = ctx["row"]
            notes = {k: v for k, v in (row.get("notes_a") or {}).items() if k == name}
            print(
                f"--- {row['handoff_id']} {row['episode_id']} [{row.get('writer_kind')}] "
                f"{name}: final={f} scorer={p} (a={row['labels_a'][name]} b={row['labels_b'][name]})"
            )
            print(f"    value: {_value(row, name)[:400]}")
            print(f"    refs:  {ctx['refs']}")
            if notes:
                print(f"    note:  {notes}")


if __name__ == "__main__":
    main()
