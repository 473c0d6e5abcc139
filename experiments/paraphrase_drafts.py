"""Print the mean traceability of correct, paraphrased drafts built from each labelled set.

Usage: ``python experiments/paraphrase_drafts.py [--held-out]`` (every dev set of the packaged
manifest; held-out sets only with ``--held-out``). Per set, one draft per episode of the claims
its writers marked correct or paraphrase that are supported against the current bank
(:func:`carebench.protocol.paraphrase.correct_drafts`: the adjudicated label, or the set's
``current`` relabel where a cited line has changed since labelling; a changed claim with no
relabel is left out and counted), each citing its labelled lines (the figure
``tests/protocol/test_floors.py`` computes for set 1): what correct drafts written without the
scorer in view score, the cost side of every claim rule.
"""

from __future__ import annotations

import sys

from carebench.episodes.bank import load_bank
from carebench.protocol.labelled_sets import load_labels, load_sets
from carebench.protocol.paraphrase import correct_drafts, mean_traceability


def main(argv: list[str]) -> None:
    """Print one line per dev set (held-out sets too with ``--held-out``): name, drafts, mean."""
    episodes = {e.episode_id: e for e in load_bank()}
    for entry in load_sets():
        if entry.role == "held-out" and "--held-out" not in argv:
            print(f"{entry.name}\theld out, skipped (--held-out reads it)")
            continue
        current = load_labels(entry.current) if entry.current else []
        made = correct_drafts(load_labels(entry.claims), episodes, current)
        mean = mean_traceability(made, episodes)
        print(
            f"{entry.name}\t{len(made.drafts)} drafts\t{'-' if mean is None else f'{mean:.3f}'}"
            f"\t{made.relabelled} relabelled"
            f"\t{len(made.drifted)} changed since labelling, left out"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
