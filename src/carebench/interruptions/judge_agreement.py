"""The judges' agreement with the packaged labelled validation sets (issue 22, item 3).

The sets live in ``carebench/scenarios/validation/interruptions/``; ``manifest.yaml`` (format
version :data:`FORMAT_VERSION`) lists them, each with a **role** and its provenance:

* ``dev``: the concept rules were tuned on it (in kind: word forms, synonym groups, negation,
  sites, question detection; never the set's phrases). Its figures say how well the rules fit
  what they were built from, not how well they generalise.
* ``held-out``: written, labelled and adjudicated without sight of the code or the concept lists,
  and never tuned on. Its figures are the **headline**: a judge passes when its kappa reaches
  :data:`~carebench.interruptions.validation.VALIDATED_KAPPA` on **every** held-out set, and fails
  when there is none (nothing unseen has confirmed it).

Every writer, labeller and adjudicator of the packaged sets was an AI session of one model, not a
clinician (see the manifest's provenance).

Each judge is scored on its own: the **gathering** judge (target question asked?) on a set's
gathering file, the **provision** judge (every content point conveyed?) on its provision file, and,
for information, each provision point separately. The figures are accuracy and Cohen's kappa
(scikit-learn) against the adjudicated labels (``label``), beside the two labellers' agreement with
each other (``labeller_a`` vs ``labeller_b``: how clear the labels are).
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

import yaml

from carebench.errors import CarebenchError
from carebench.interruptions.cells import Phase
from carebench.interruptions.judges import LLMJudge, Verdict, concept_verdict
from carebench.interruptions.pathway import Pathway, load_pathway
from carebench.interruptions.validation import VALIDATED_KAPPA, kappa_and_agreement

FORMAT_VERSION = 2
ROLES = ("dev", "held-out")
_MANIFEST = "validation/interruptions/manifest.yaml"


@dataclass(frozen=True)
class LabelledTurn:
    """One labelled agent turn: the heard text, the adjudicated label and each labeller's."""

    item_id: str
    pathway: str
    text: str
    label: dict[str, bool]
    labellers: tuple[dict[str, bool], ...] = field(default=())


@dataclass(frozen=True)
class LabelledSet:
    """One labelled set: its id, role (dev | held-out) and turns per judge."""

    set_id: str
    role: str
    turns: dict[Phase, list[LabelledTurn]]


def _folder() -> Any:
    return files("carebench") / "scenarios" / "validation" / "interruptions"


def manifest() -> dict[str, Any]:
    """The sets' manifest (format version, sets with roles, provenance).

    Raises:
        CarebenchError: the manifest has another format version or a set has a bad role.
    """
    doc: dict[str, Any] = yaml.safe_load((_folder() / "manifest.yaml").read_text(encoding="utf-8"))
    if doc.get("format_version") != FORMAT_VERSION:
        raise CarebenchError(
            f"{_MANIFEST}: format_version {doc.get('format_version')!r}; expected {FORMAT_VERSION}"
        )
    for set_id, entry in doc["sets"].items():
        if entry.get("role") not in ROLES:
            raise CarebenchError(
                f"{_MANIFEST}: sets.{set_id}.role {entry.get('role')!r}; expected one of {ROLES}"
            )
    return doc


def _turn(name: str, line_no: int, d: dict[str, Any]) -> LabelledTurn:
    try:
        label = {k: bool(v) for k, v in d["label"].items()}
        labellers = tuple(
            {k: bool(v) for k, v in d[who].items() if k in label}
            for who in ("labeller_a", "labeller_b")
            if who in d
        )
        return LabelledTurn(str(d["item_id"]), str(d["pathway"]), str(d["text"]), label, labellers)
    except (KeyError, TypeError, AttributeError) as exc:
        raise CarebenchError(f"{name}:{line_no}: bad labelled turn: missing or bad {exc}") from exc


def _read(name: str) -> list[LabelledTurn]:
    resource = _folder() / name
    if not resource.is_file():
        raise CarebenchError(f"{_MANIFEST}: set file {name!r} is missing")
    turns = []
    for i, line in enumerate(resource.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                d = json.loads(line)
            except ValueError as exc:
                raise CarebenchError(f"{name}:{i}: not a JSON object: {exc}") from exc
            turns.append(_turn(name, i, d))
    return turns


def load_sets() -> list[LabelledSet]:
    """Every set of the manifest, in manifest order."""
    out = []
    for set_id, entry in manifest()["sets"].items():
        turns = {phase: _read(entry["files"][phase.value]) for phase in Phase}
        for phase, items in entry.get("items", {}).items():
            if len(turns[Phase(phase)]) != items:
                raise CarebenchError(
                    f"{_MANIFEST}: sets.{set_id}.items.{phase} says {items}; "
                    f"{entry['files'][phase]} has {len(turns[Phase(phase)])}"
                )
        out.append(LabelledSet(set_id, entry["role"], turns))
    return out


def load_set(phase: Phase, set_id: str | None = None) -> list[LabelledTurn]:
    """The labelled turns of ``phase``'s judge in one set (default: the first), in file order."""
    sets = load_sets()
    chosen = next((s for s in sets if set_id in (None, s.set_id)), None)
    if chosen is None:
        raise CarebenchError(
            f"no labelled set {set_id!r}; expected one of {[s.set_id for s in sets]}"
        )
    return chosen.turns[phase]


def _verdict_points(pathway: Pathway, phase: Phase, verdict: Verdict) -> dict[str, bool | None]:
    if phase is Phase.GATHERING:
        return {"asked": verdict.passed}
    return {
        p.id: (None if verdict.passed is None else verdict.points.get(p.id))
        for p in pathway.faq.points
    }


def concept_predictions(phase: Phase, turns: list[LabelledTurn]) -> list[dict[str, bool | None]]:
    """The concept judge's finding per point for each turn."""
    pathways: dict[str, Pathway] = {}
    out = []
    for t in turns:
        pathway = pathways.setdefault(t.pathway, load_pathway(t.pathway))
        out.append(_verdict_points(pathway, phase, concept_verdict(pathway, phase, t.text)))
    return out


def llm_predictions(
    judge: LLMJudge, phase: Phase, turns: list[LabelledTurn], seed: int = 0
) -> list[dict[str, bool | None]]:
    """The LLM judge's finding per point for each turn (None where its answer was invalid)."""

    async def run() -> list[dict[str, bool | None]]:
        out = []
        for t in turns:
            pathway = load_pathway(t.pathway)
            verdict = await judge.judge_text(pathway, phase, t.text, seed)
            out.append(_verdict_points(pathway, phase, verdict))
        return out

    return asyncio.run(run())


def sample(turns: list[LabelledTurn], n: int | None) -> list[LabelledTurn]:
    """``n`` turns spread evenly over ``turns`` (all of them when ``n`` is None or not smaller)."""
    if n is None or n >= len(turns):
        return list(turns)
    if n < 1:
        raise CarebenchError(f"the sample size must be at least 1; got {n}")
    return [turns[math.floor(i * len(turns) / n)] for i in range(n)]


def _score(pairs: list[tuple[bool, bool | None]]) -> dict[str, Any]:
    valid = [(int(label), int(pred)) for label, pred in pairs if pred is not None]
    result: dict[str, Any] = {"n": len(pairs), "invalid": len(pairs) - len(valid)}
    if valid:
        ka = kappa_and_agreement([p for _, p in valid], [label for label, _ in valid])
        result.update(accuracy=ka["percent_agreement"] / 100, kappa=ka["kappa"])
    else:
        result.update(accuracy=None, kappa=None)
    return result


def agreement(
    phase: Phase, turns: list[LabelledTurn], predictions: list[dict[str, bool | None]]
) -> dict[str, Any]:
    """A judge's verdict and each point scored against the adjudicated labels of one set.

    Also the two labellers' verdict agreement (``labellers``; None when a set lacks them).
    """
    pairs = list(zip(turns, predictions, strict=True))
    verdicts = [
        (all(t.label.values()), None if None in p.values() else all(p.values())) for t, p in pairs
    ]
    points = {
        point: _score([(t.label[point], p[point]) for t, p in pairs]) for point in turns[0].label
    }
    two = [t for t in turns if len(t.labellers) == 2]
    labellers = (
        _score([(all(t.labellers[0].values()), all(t.labellers[1].values())) for t in two])
        if two and len(two) == len(turns)
        else None
    )
    return {"verdict": _score(verdicts), "points": points, "labellers": labellers}


Predictions = list[dict[str, bool | None]]
Predict = Callable[[Phase, list[LabelledTurn]], Predictions]
"""A judge as the agreement sees it: the finding per point for each turn of one phase."""


def judge_results(
    sets: list[LabelledSet], predict: Predict, limit: int | None = None
) -> dict[str, Any]:
    """One judge on every set: ``{set_id: {"role", phase: agreement}}`` plus ``passed`` per phase.

    Args:
        sets: the labelled sets.
        predict: ``(phase, turns) -> predictions`` (:func:`concept_predictions` or an LLM's).
        limit: score each set and judge on an even sample of this many turns (:func:`sample`).
    """
    out: dict[str, Any] = {"sets": {}}
    for s in sets:
        entry: dict[str, Any] = {"role": s.role}
        for phase, turns in s.turns.items():
            chosen = sample(turns, limit)
            entry[phase.value] = agreement(phase, chosen, predict(phase, chosen))
        out["sets"][s.set_id] = entry
    out["passed"] = {phase.value: _passed(out["sets"], phase) for phase in Phase}
    return out


def _passed(by_set: dict[str, Any], phase: Phase) -> bool:
    held = [r[phase.value]["verdict"]["kappa"] for r in by_set.values() if r["role"] == "held-out"]
    return bool(held) and all(k is not None and k >= VALIDATED_KAPPA for k in held)


def report(judges: dict[str, dict[str, Any]]) -> str:
    """The agreement tables as text: one line per judge x phase x set, points after, verdicts."""
    lines = [
        "Agreement with the adjudicated labels (AI-written turns labelled by AI sessions of one "
        "model, not clinicians); headline = the held-out set(s), never tuned on.",
        f"{'judge':<22}{'phase':<11}{'set (role)':<22}{'n':>4}{'acc':>7}{'kappa':>8}"
        f"{'labellers':>10}  points (kappa)",
    ]
    for name, result in judges.items():
        for phase in Phase:
            for set_id, entry in result["sets"].items():
                r = entry[phase.value]
                v, pts = r["verdict"], r["points"]
                ab = _fmt(r["labellers"]["kappa"]) if r["labellers"] else "n/a"
                points = ", ".join(f"{pid} {_fmt(s['kappa'])}" for pid, s in pts.items())
                where = f"{set_id} ({entry['role']})"
                lines.append(
                    f"{name:<22}{phase.value:<11}{where:<22}{v['n']:>4}"
                    f"{_fmt(v['accuracy']):>7}{_fmt(v['kappa']):>8}{ab:>10}  "
                    + (points if phase is Phase.PROVISION else "")
                    + (f" invalid {v['invalid']}" if v["invalid"] else "")
                )
        for phase in Phase:
            held = [s for s, e in result["sets"].items() if e["role"] == "held-out"]
            if not held:
                lines.append(f"  -> {name} {phase.value}: FAILS (no held-out set to confirm it)")
                continue
            verdict = "passes" if result["passed"][phase.value] else "FAILS"
            lines.append(
                f"  -> {name} {phase.value}: {verdict} (kappa >= {VALIDATED_KAPPA} on every "
                f"held-out set: {', '.join(held)})"
            )
    return "\n".join(lines)


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"
