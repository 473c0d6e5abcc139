"""Which handoff-field rule earns what, on each labelled set (issue 21's generalisation check).

Run: .venv/bin/python experiments/handoff_ablation.py [WORD ...]

(WORD: only the rules whose label holds one of these words, e.g. ``asides``.)

Scores every labelled handoff field of both sets with the current scorer, then with each rule of
:mod:`carebench.protocol.handoff_reading` (and two of :mod:`carebench.protocol.scores`) switched
off in turn, and prints accuracy and Cohen's kappa per set. A rule found on one set's errors
earns its keep only if it also helps (or does not hurt) the other set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

from carebench import load_bank
from carebench.protocol import handoff_reading, handoff_truth, scores
from carebench.protocol.aside_validation import aside_items
from carebench.protocol.scorer_validation import _kappa, field_items, load_labels, load_sets

RULES: dict[str, tuple[str, Callable[..., Any]]] = {
    "modality (plain)": ("plain", lambda text, reference="": text),
    "content-free values": ("content_free", lambda *a, **k: False),
    "yes/no answers": ("answer_matches", lambda *a, **k: None),
    "actions at the episode's speed": ("action_problem", lambda *a, **k: None),
    "misfiled values": ("misfiled", lambda *a, **k: False),
    "same text in every field": ("same_text", lambda *a, **k: False),
    "exclusive values": ("other_member", lambda *a, **k: False),
    "all but one of 4+ findings, the reason's count": (
        "states_enough",
        lambda text, findings, reason="": scores.states_all(text, findings),
    ),
    "another amount": ("handoff_reading.other_amount", lambda *a, **k: False),
    "value-less answer to a deferring reference": ("defers_as_reference", lambda *a, **k: False),
    "destination by role (round 3)": (
        "destination_matches",
        lambda value, allowed, emergency: value in allowed,
    ),
    "reference values with their history (round 3)": (
        "handoff_reading.holds_values",
        lambda *a, **k: False,
    ),
    "statements untrue of the episode (round 4)": ("handoff_truth.untrue", lambda *a, **k: None),
    "unfounded key findings (round 4)": ("handoff_truth.unfounded", lambda *a, **k: False),
    "actions judged per clause (round 4)": (
        "handoff_reading.unsafe_action",
        lambda *a, **k: None,
    ),
    "unfounded asides after key findings (round 20)": (
        "handoff_truth.unfounded_aside",
        lambda *a, **k: False,
    ),
    "field numbers read with their labels (round 21)": (
        "handoff_reading._misvalues",
        lambda *a, **k: False,
    ),
}


@contextmanager
def _off(name: str, replacement: Callable[..., Any]) -> Iterator[None]:
    module, _, attribute = name.rpartition(".")
    targets = {"handoff_reading": handoff_reading, "handoff_truth": handoff_truth}
    target = targets.get(module, scores)
    with mock.patch.object(target, attribute, replacement):
        yield


def _figures(episodes: dict[str, Any]) -> list[str]:
    out = []
    for entry in load_sets():
        items = field_items(load_labels(entry.handoffs), episodes)
        pred, final = [i[0] for i in items], [i[1] for i in items]
        acc = sum(p == f for p, f in zip(pred, final, strict=True)) / len(items)
        out.append(f"{entry.name} {acc:.3f} / {_kappa(final, pred):.3f}")
    for component, name, _, found in aside_items(episodes):  # round 20's aside sets
        pred, final = [i[0] for i in found], [i[1] for i in found]
        acc = sum(p == f for p, f in zip(pred, final, strict=True)) / len(found)
        out.append(f"{name} {component} {acc:.3f} / {_kappa(final, pred):.3f}")
    return out


def main(words: list[str]) -> None:
    """Print accuracy / kappa per set with all rules, then with each chosen rule off."""
    episodes = {e.episode_id: e for e in load_bank()}
    print("| rule switched off | figures per set: accuracy / kappa |")
    print("|---|---|")
    print("| (none: the scorer as shipped) | " + " | ".join(_figures(episodes)) + " |")
    for label, (name, replacement) in RULES.items():
        if words and not any(w in label for w in words):
            continue
        with _off(name, replacement):
            print(f"| {label} | " + " | ".join(_figures(episodes)) + " |")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
