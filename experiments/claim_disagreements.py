"""Print every labelled claim the claim-support scorer disagrees with, with its cited lines.

Usage: ``python experiments/claim_disagreements.py [SET ...] [--summary]`` (default: every set of
the packaged manifest). For each disagreement: the claim, its cited lines, the adjudicated label,
the scorer's verdict and the scorer's reason (:func:`carebench.episodes.support.explain`), then a
confusion table (label -> verdict) and the count by writer kind per set.
"""

from __future__ import annotations

import sys
from collections import Counter

from carebench.episodes.support import explain
from carebench.protocol.scorer_validation import claim_verdict, load_labels, load_sets


def main(argv: list[str]) -> None:
    """Print the disagreements of the named sets (all when none named)."""
    summary = "--summary" in argv
    names = [a for a in argv if not a.startswith("--")]
    for entry in load_sets():
        if names and entry.name not in names:
            continue
        rows = load_labels(entry.claims)
        confusion: Counter[tuple[str, str]] = Counter()
        kinds: Counter[str] = Counter()
        wrong_kinds: Counter[str] = Counter()
        for row in rows:
            verdict = claim_verdict(row)
            kinds[row.get("writer_kind", "?")] += 1
            if verdict == row["final"]:
                continue
            confusion[(row["final"], verdict)] += 1
            wrong_kinds[row.get("writer_kind", "?")] += 1
            if summary:
                continue
            print(f"== {row['claim_id']} [{row.get('writer_kind')}] {row['final']} -> {verdict}")
            print(f"   claim: {row['text']}")
            for cited in row["cited"]:
                print(f"   {cited['id']}: {cited['text']}")
            evidence = "\n".join(str(c["text"]) for c in row["cited"])
            print(
                f"   reason: {explain(str(row['text']), evidence) if row['cited'] else 'cites nothing'}"
            )
        print(f"# {entry.name} ({entry.role}): {sum(confusion.values())} of {len(rows)} disagree")
        for (label, verdict), n in confusion.most_common():
            print(f"#   {label} -> {verdict}: {n}")
        print(
            "#   by writer kind: "
            + ", ".join(f"{k} {wrong_kinds[k]}/{n}" for k, n in kinds.items())
        )


if __name__ == "__main__":
    main(sys.argv[1:])
