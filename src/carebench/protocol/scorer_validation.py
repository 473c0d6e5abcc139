"""The work-product scorer against independently labelled claims and handoff fields.

The labelled sets ship in ``carebench/scenarios/validation/workproduct/``, named by the manifest
``sets.yaml`` (format ``carebench-scorer-sets/1``): each set has a name, a role (``dev``: the
scorer was tuned on it; ``held-out``: never looked at while tuning, the headline figure), its
claims and handoffs files (format ``carebench-scorer-labels/1``) and a PROVENANCE note saying who
wrote and labelled it (AI sessions blind to the scorer, not clinicians); reading and checking them is
:mod:`carebench.protocol.labelled_sets`. Components:

* **claim support**: the scorer's verdict for each claim against the lines it cites (a claim citing
  nothing is unsupported; "not substantive" counts as unsupported), against the adjudicated label
  supported / unsupported / contradicts;
* **handoff fields**: the scorer's missing / wrong / correct for every field of each labelled
  handoff, scored on the episode of the packaged bank it was written for;
* **aside findings** and **aside fields** (round 20, packaged sets only): whether an aside after a
  key finding or a field's value keeps it or takes it back
  (:mod:`carebench.protocol.aside_validation`).

Each component reports, per set, n, accuracy and Cohen's kappa (scikit-learn
``cohen_kappa_score``; None when undefined) against the adjudicated labels, beside the two
labellers' kappa with each other. :data:`GOAL_KAPPA` is the goal per component, judged on the
held-out sets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from carebench.agents.workproduct import Handoff
from carebench.episodes.schema import Episode
from carebench.episodes.support import Verdict, support
from carebench.errors import CarebenchError
from carebench.protocol.aside_validation import aside_items
from carebench.protocol.labelled_sets import (
    FORMAT,
    SETS_FORMAT,
    LabelledSet,
    SetsManifest,
    load_labels,
    load_set,
    load_sets,
    packaged_folder,
)
from carebench.protocol.scores import handoff_completeness

GOAL_KAPPA = 0.8
COMPONENTS = ("claim support", "handoff fields")

__all__ = [
    "COMPONENTS",
    "FORMAT",
    "GOAL_KAPPA",
    "SETS_FORMAT",
    "Agreement",
    "LabelledSet",
    "SetsManifest",
    "claim_items",
    "claim_verdict",
    "field_items",
    "field_verdicts",
    "load_labels",
    "load_sets",
    "packaged_agreement",
    "scorer_agreement",
]


@dataclass(frozen=True)
class Agreement:
    """One component's agreement with the adjudicated labels on one labelled set."""

    component: str
    subset: str
    role: str
    n: int
    accuracy: float | None
    kappa: float | None
    annotator_kappa: float | None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return dict(self.__dict__)


def _kappa(a: Sequence[str], b: Sequence[str]) -> float | None:
    from sklearn.metrics import cohen_kappa_score

    if not a or len(set(a) | set(b)) < 2:
        return None
    value = float(cohen_kappa_score(list(a), list(b)))
    return None if value != value else value  # NaN: undefined


def claim_verdict(row: Mapping[str, Any]) -> str:
    """The scorer's label for one labelled claim."""
    if not row["cited"]:
        return Verdict.UNSUPPORTED.value
    verdict = support(str(row["text"]), "\n".join(str(c["text"]) for c in row["cited"]))
    return Verdict.UNSUPPORTED.value if verdict is Verdict.NOT_SUBSTANTIVE else verdict.value


def field_verdicts(row: Mapping[str, Any], episode: Episode) -> dict[str, str]:
    """The scorer's missing / wrong / correct for every field of one labelled handoff.

    A handoff that breaks the contract's schema (as an agent's would be recorded invalid) has
    every field scored missing.
    """
    try:
        handoff = Handoff.model_validate(row["handoff"])
    except ValidationError:
        return dict.fromkeys(row["final"], "missing")
    scored = handoff_completeness(episode, handoff)
    return {
        name: "missing"
        if name in scored.missing
        else "wrong"
        if name in scored.wrong
        else "correct"
        for name in row["final"]
    }


Item = tuple[str, str, str, str]
"""(predicted, final, label_a, label_b) of one labelled claim or field."""


def _agreement(component: str, name: str, role: str, items: Sequence[Item]) -> Agreement:
    predicted = [i[0] for i in items]
    final = [i[1] for i in items]
    accuracy = (
        sum(p == f for p, f in zip(predicted, final, strict=True)) / len(items) if items else None
    )
    return Agreement(
        component,
        name,
        role,
        len(items),
        accuracy,
        _kappa(final, predicted),
        _kappa([i[2] for i in items], [i[3] for i in items]),
    )


def claim_items(rows: Sequence[Mapping[str, Any]]) -> list[Item]:
    """The claim items of labelled rows."""
    return [(claim_verdict(r), r["final"], r["label_a"], r["label_b"]) for r in rows]


def field_items(rows: Sequence[Mapping[str, Any]], episodes: Mapping[str, Episode]) -> list[Item]:
    """The handoff-field items of labelled rows, scored on their episodes.

    Raises:
        CarebenchError: a labelled handoff names an episode ``episodes`` does not have.
    """
    items: list[Item] = []
    for row in rows:
        episode = episodes.get(str(row["episode_id"]))
        if episode is None:
            raise CarebenchError(
                f"labelled handoff {row['handoff_id']}: no episode {row['episode_id']}"
            )
        predicted = field_verdicts(row, episode)
        items += [
            (predicted[name], final, row["labels_a"][name], row["labels_b"][name])
            for name, final in row["final"].items()
        ]
    return items


def scorer_agreement(
    episodes: Mapping[str, Episode], folder: Traversable | None = None
) -> list[Agreement]:
    """Agreement of the scorer with every labelled set of the manifest, per component and set.

    Args:
        episodes: episode id -> episode of the packaged bank (for the handoffs' reference values).
        folder: the folder holding ``sets.yaml`` (default: the packaged one, whose aside sets,
            :mod:`carebench.protocol.aside_validation`, are reported too).

    Raises:
        CarebenchError: a bad manifest or labels file (:mod:`carebench.protocol.labelled_sets`),
            raised before any set is scored.
    """
    loaded = [(entry, *load_set(entry, folder, episodes)) for entry in load_sets(folder)]
    out: list[Agreement] = []
    for entry, claims, handoffs in loaded:  # every set is checked before any is scored
        out.append(_agreement(COMPONENTS[0], entry.name, entry.role, claim_items(claims)))
        out.append(
            _agreement(COMPONENTS[1], entry.name, entry.role, field_items(handoffs, episodes))
        )
    if folder is None:  # the packaged aside sets (round 20, carebench.protocol.aside_validation)
        out += [_agreement(*found) for found in aside_items(episodes)]
    return out


def packaged_agreement(cache_dir: Path | None = None) -> list[dict[str, Any]]:
    """:func:`scorer_agreement` on the packaged sets and bank, as JSON-ready rows.

    Kept in ``cache_dir`` between reports, keyed by the labelled sets' bytes and the source of
    every module at or below this layer (the scorer), so a new set or a scorer change recomputes
    it. Each row: component, set, role, n, accuracy, kappa and the labellers' kappa.
    """
    import hashlib

    from carebench.derived import cached_json, key
    from carebench.episodes.bank import load_bank

    folder = packaged_folder()
    digest = hashlib.sha256()
    for item in sorted(folder.iterdir(), key=lambda x: x.name):
        if item.is_file():
            digest.update(item.name.encode() + b"\0" + item.read_bytes() + b"\0")

    def compute() -> list[dict[str, Any]]:
        rows = scorer_agreement({e.episode_id: e for e in load_bank()})
        return [
            {
                "component": r.component,
                "set": r.subset,
                "role": r.role,
                "n": r.n,
                "accuracy": r.accuracy,
                "kappa": r.kappa,
                "labellers_kappa": r.annotator_kappa,
            }
            for r in rows
        ]

    entry = key("protocol", "scorer-agreement", digest.digest())
    return cached_json(cache_dir, "agreement", entry, compute)
