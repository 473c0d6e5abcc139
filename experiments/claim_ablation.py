"""What each claim-support rule earns on each labelled set: accuracy / kappa with it switched off.

Run: ``.venv/bin/python experiments/claim_ablation.py``. Each rule is a private reader of
:mod:`carebench.episodes.support`, replaced for one pass by a stand-in that never fires. A rule
designed while a set was held out, measured on that set, is a cross-set estimate (docs/protocol.md
says which set each rule was designed on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from unittest import mock

import carebench.episodes.support as support
from carebench.protocol.scorer_validation import _kappa, claim_items, load_labels, load_sets

RULES: dict[str, tuple[str, Callable[..., Any]]] = {
    "a finding negated (round 1)": ("_denied", lambda *a: False),
    "questions state nothing (round 2)": ("_stated_terms", lambda ev: support.analyze(ev).terms),
    "former treatment stated as current (round 2)": ("_resumed", lambda *a: False),
    "a line holding one value gives another its own (round 2)": (
        "_anchored_conflict",
        lambda *a: False,
    ),
    "hedges and generalisations (round 2)": ("_uncertain", lambda *a: False),
    "sides per statement (round 3)": (
        "_statements",
        lambda text: [support.analyze(support.strip_injections(text))],
    ),
    "a measured value makes a sentence about the claim (round 3)": (
        "_holds_measure",
        lambda *a: False,
    ),
}


def _figures() -> str:
    out = []
    for entry in load_sets():
        items = claim_items(load_labels(entry.claims))
        pred, final = [i[0] for i in items], [i[1] for i in items]
        accuracy = sum(p == f for p, f in zip(pred, final, strict=True)) / len(items)
        out.append(f"{accuracy:.3f} / {_kappa(final, pred):.3f}")
    return " | ".join(out)


def main() -> None:
    """Print accuracy / kappa per set with every rule, then with each rule off."""
    print("| rule switched off | " + " | ".join(s.name for s in load_sets()) + " |")
    print("|---|" + "---|" * len(load_sets()))
    print(f"| (none: the scorer as shipped) | {_figures()} |")
    for label, (name, replacement) in RULES.items():
        with mock.patch.object(support, name, replacement):
            print(f"| {label} | {_figures()} |")


if __name__ == "__main__":
    main()
