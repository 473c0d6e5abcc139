"""The work-product scorer against independently labelled claims and handoff fields.

The labelled set ships in ``carebench/scenarios/validation/workproduct/`` (its PROVENANCE.md says
who wrote and labelled it: AI sessions blind to the scorer, not clinicians). Components:

* **claim support**: the scorer's verdict for each claim against the lines it cites (a claim citing
  nothing is unsupported; "not substantive" counts as unsupported), against the adjudicated label
  supported / unsupported / contradicts;
* **handoff fields**: the scorer's missing / wrong / correct for every field of each labelled
  handoff, scored on the episode of the packaged bank it was written for.

Each component reports n, accuracy and Cohen's kappa (scikit-learn ``cohen_kappa_score``; None
when undefined), for all items and separately for the dev half the scorer was tuned on
(odd-numbered claims) and the held-out rest (even-numbered claims, every handoff), plus the two
labellers' kappa with each other. :data:`GOAL_KAPPA` is the goal per component.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

from pydantic import ValidationError

from carebench.agents.workproduct import Handoff
from carebench.episodes.schema import Episode
from carebench.episodes.support import Verdict, support
from carebench.errors import CarebenchError
from carebench.protocol.scores import handoff_completeness

GOAL_KAPPA = 0.8
FORMAT = "carebench-scorer-labels/1"


@dataclass(frozen=True)
class Agreement:
    """One component's agreement with the adjudicated labels on one subset."""

    component: str
    subset: str
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


def load_labels(name: str) -> list[dict[str, Any]]:
    """The labelled items of ``claims`` or ``handoffs``.

    Raises:
        CarebenchError: a line is not JSON or names another format.
    """
    path = files("carebench") / "scenarios" / "validation" / "workproduct" / f"{name}.jsonl"
    rows = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CarebenchError(f"{path}:{number}: not JSON ({exc.msg})") from exc
        if row.get("format") != FORMAT:
            raise CarebenchError(
                f"{path}:{number}: format {row.get('format')!r}; expected {FORMAT}"
            )
        rows.append(row)
    return rows


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


def _agreement(component: str, subset: str, items: list[tuple[str, str, str, str]]) -> Agreement:
    """``items``: (predicted, final, label_a, label_b)."""
    predicted = [i[0] for i in items]
    final = [i[1] for i in items]
    accuracy = (
        sum(p == f for p, f in zip(predicted, final, strict=True)) / len(items) if items else None
    )
    return Agreement(
        component,
        subset,
        len(items),
        accuracy,
        _kappa(final, predicted),
        _kappa([i[2] for i in items], [i[3] for i in items]),
    )


def scorer_agreement(episodes: Mapping[str, Episode]) -> list[Agreement]:
    """Agreement of the scorer with the labelled set, per component and subset.

    Args:
        episodes: episode id -> episode of the packaged bank (for the handoffs' reference values).

    Raises:
        CarebenchError: a labelled handoff names an episode the bank does not have.
    """
    claims = load_labels("claims")
    rows: dict[str, list[tuple[str, str, str, str]]] = {"dev": [], "held_out": []}
    for row in claims:
        subset = "dev" if int(str(row["claim_id"])[1:]) % 2 else "held_out"
        rows[subset].append((claim_verdict(row), row["final"], row["label_a"], row["label_b"]))
    fields: list[tuple[str, str, str, str]] = []
    for row in load_labels("handoffs"):
        episode = episodes.get(str(row["episode_id"]))
        if episode is None:
            raise CarebenchError(
                f"labelled handoff {row['handoff_id']}: no episode {row['episode_id']}"
            )
        predicted = field_verdicts(row, episode)
        fields += [
            (predicted[name], final, row["labels_a"][name], row["labels_b"][name])
            for name, final in row["final"].items()
        ]
    return [
        _agreement("claim support", "all", rows["dev"] + rows["held_out"]),
        _agreement("claim support", "dev (tuned on)", rows["dev"]),
        _agreement("claim support", "held out", rows["held_out"]),
        _agreement("handoff fields", "held out (all)", fields),
    ]
