"""Count the dev labelled claims read as making one of their episode's prohibited claims.

Usage: ``python experiments/prohibited_misreads.py [-v]``. For every claim of dev sets 1-3 whose
episode declares prohibited claims, whether
:func:`carebench.protocol.stated.prohibited_made` reads it as making one, counted by its
adjudicated label (a labelled-supported claim read so is a correct claim divided by 4; a
contradicts or unsupported one read so is a wrong claim caught). ``-v`` lists the claims read as
making one. The figures docs/protocol.md gives ("Annotation units") come from here.
"""

from __future__ import annotations

import sys
from collections import Counter

from carebench.episodes.bank import load_bank
from carebench.protocol.labelled_sets import load_labels, load_sets
from carebench.protocol.stated import prohibited_made


def main(argv: list[str]) -> None:
    """Print one line per (label, read as making one) with its count."""
    episodes = {e.episode_id: e for e in load_bank()}
    count: Counter[tuple[str, bool]] = Counter()
    for entry in load_sets():
        if entry.role != "dev":
            continue
        for row in load_labels(entry.claims):
            units = episodes[row["episode_id"]].annotations
            if units is None or not units.prohibited_claims:
                continue
            made = [c for c in units.prohibited_claims if prohibited_made([row["text"]], [c])]
            count[(row["final"], bool(made))] += 1
            if made and "-v" in argv:
                print(
                    f"{entry.name}\t{row['final']}\t{row['episode_id']}\t{row['text']!r} -> {made}"
                )
    for (label, made), n in sorted(count.items()):
        print(f"{label}\t{'read as making one' if made else 'not'}\t{n}")


if __name__ == "__main__":
    main(sys.argv[1:])
