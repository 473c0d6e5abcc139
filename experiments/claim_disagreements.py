"""Print every labelled claim the claim-support scorer disagrees with, and tabulate the errors.

Usage: ``python experiments/claim_disagreements.py [SET ...] [--summary] [--held-out]`` (default:
every dev set of the packaged manifest; a held-out set only with ``--held-out``, because reading its
disagreements spends it: docs/protocol.md, "Keeping the held-out sets unseen"). For each disagreement: the claim, its cited lines, the adjudicated label,
the scorer's verdict and the rule behind it (:func:`carebench.episodes.support.explain`). Then, per
set: a confusion table (label -> verdict), the errors by kind (too lenient: unsupported called
supported; too strict: supported called unsupported; contradiction missed; false contradiction)
and by the writers' ``writer_kind``, and how often each rule gave the verdict on items of each
label (a rule's precision: how many of the items it decides carry the label it gives).
"""

from __future__ import annotations

import re
import sys
from collections import Counter

from carebench.episodes.support import explain
from carebench.protocol.scorer_validation import claim_verdict, load_labels, load_sets


def error_kind(label: str, verdict: str) -> str:
    """The kind of a disagreement between an adjudicated label and the scorer's verdict."""
    if label == "contradicts":
        return "contradiction missed"
    if verdict == "contradicts":
        return "false contradiction"
    return "too strict" if label == "supported" else "too lenient"


def rule(row: dict) -> str:
    """The rule behind the scorer's verdict, without the item's own terms."""
    if not row["cited"]:
        return "unsupported: cites nothing"
    reason = explain(str(row["text"]), "\n".join(str(c["text"]) for c in row["cited"]))
    reason = re.sub(r"\[.*\]", "[...]", reason)
    return re.sub(r"(quantity not held): .*", r"\1", re.sub(r" of \d+$", "", reason))


def main(argv: list[str]) -> None:
    """Print the disagreements of the named sets (all when none named)."""
    summary = "--summary" in argv
    names = [a for a in argv if not a.startswith("--")]
    for entry in load_sets():
        if names and entry.name not in names:
            continue
        if entry.role == "held-out" and "--held-out" not in argv:
            print(f"# {entry.name}: held out, skipped (--held-out reads it, and spends it)")
            continue
        rows = load_labels(entry.claims)
        confusion: Counter[tuple[str, str]] = Counter()
        kinds: Counter[str] = Counter()
        errors: Counter[tuple[str, str]] = Counter()
        rules: Counter[tuple[str, str]] = Counter()
        for row in rows:
            verdict = claim_verdict(row)
            writer = str(row.get("writer_kind", "?"))
            kinds[writer] += 1
            rules[(rule(row), row["final"])] += 1
            if verdict == row["final"]:
                continue
            confusion[(row["final"], verdict)] += 1
            errors[(error_kind(row["final"], verdict), writer)] += 1
            if summary:
                continue
            print(f"== {row['claim_id']} [{writer}] {row['final']} -> {verdict}")
            print(f"   claim: {row['text']}")
            for cited in row["cited"]:
                print(f"   {cited['id']}: {cited['text']}")
            print(f"   rule: {rule(row)}")
        print(f"# {entry.name} ({entry.role}): {sum(confusion.values())} of {len(rows)} disagree")
        for (label, verdict), n in confusion.most_common():
            print(f"#   {label} -> {verdict}: {n}")
        writers = sorted(kinds)
        print(
            "#   error kind by writer kind: " + " | ".join(f"{w} (n={kinds[w]})" for w in writers)
        )
        for kind in ("too lenient", "too strict", "contradiction missed", "false contradiction"):
            counts = [errors[(kind, w)] for w in writers]
            print(f"#     {kind}: {sum(counts)} = " + " + ".join(map(str, counts)))
        print("#   rule -> labels of the items it decided (supported / unsupported / contradicts)")
        for name in sorted({r for r, _ in rules}):
            s, u, c = (rules[(name, x)] for x in ("supported", "unsupported", "contradicts"))
            print(f"#     {name}: {s} / {u} / {c}")


if __name__ == "__main__":
    main(sys.argv[1:])
