"""The judges' agreement with the packaged labelled validation sets (issue 22, item 3).

The sets live in ``carebench/scenarios/validation/interruptions/`` (``manifest.yaml`` gives the
format version and the provenance: agent turns written by one AI session that never saw the
judges' concepts, labelled by two further AI sessions of the same model, blind to the judges, to
the writer's intent and to each other; they agreed on every unit, so the adjudicated label is the
agreed one). They are not clinicians' labels.

Each judge is scored on its own set: the **gathering** judge (target question asked?) on
``gathering.jsonl``, the **provision** judge (every content point conveyed?) on
``provision.jsonl``, and, for information, each provision point separately. The figures are
accuracy and Cohen's kappa (scikit-learn) against the adjudicated labels, on the **dev** half (odd
item numbers, the only half the concept rules were tuned on), the **held-out** half (even item
numbers: the headline) and all items. A judge passes when its held-out kappa reaches
:data:`~carebench.interruptions.validation.VALIDATED_KAPPA`.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

import yaml

from carebench.errors import CarebenchError
from carebench.interruptions.cells import Phase
from carebench.interruptions.judges import LLMJudge, Verdict, concept_verdict
from carebench.interruptions.pathway import Pathway, load_pathway
from carebench.interruptions.validation import VALIDATED_KAPPA, kappa_and_agreement

FORMAT_VERSION = 1
SPLITS = ("dev", "held-out", "all")


@dataclass(frozen=True)
class LabelledTurn:
    """One labelled agent turn: the heard text and the adjudicated label per point."""

    item_id: str
    pathway: str
    text: str
    label: dict[str, bool]

    @property
    def split(self) -> str:
        """``dev`` for odd item numbers, ``held-out`` for even ones."""
        return "dev" if int(self.item_id[1:]) % 2 else "held-out"


def _folder() -> Any:
    return files("carebench") / "scenarios" / "validation" / "interruptions"


def manifest() -> dict[str, Any]:
    """The sets' manifest (format version, provenance).

    Raises:
        CarebenchError: the manifest has another format version.
    """
    doc: dict[str, Any] = yaml.safe_load((_folder() / "manifest.yaml").read_text(encoding="utf-8"))
    if doc.get("format_version") != FORMAT_VERSION:
        raise CarebenchError(
            f"validation/interruptions/manifest.yaml: format_version "
            f"{doc.get('format_version')!r}; expected {FORMAT_VERSION}"
        )
    return doc


def load_set(phase: Phase) -> list[LabelledTurn]:
    """The labelled turns of ``phase``'s judge, in file order."""
    name = manifest()["sets"][phase.value]["file"]
    text = (_folder() / name).read_text(encoding="utf-8")
    return [
        LabelledTurn(d["item_id"], d["pathway"], d["text"], dict(d["label"]))
        for d in map(json.loads, text.splitlines())
        if d
    ]


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
    """Per split: the judge's verdict and each point, scored against the adjudicated labels."""
    out: dict[str, Any] = {}
    for split in SPLITS:
        rows = [
            (t, p)
            for t, p in zip(turns, predictions, strict=True)
            if split == "all" or t.split == split
        ]
        verdicts = [
            (all(t.label.values()), None if None in p.values() else all(p.values()))
            for t, p in rows
        ]
        points = {
            point: _score([(t.label[point], p[point]) for t, p in rows]) for point in turns[0].label
        }
        out[split] = {"verdict": _score(verdicts), "points": points}
    kappa = out["held-out"]["verdict"]["kappa"]
    out["passed"] = kappa is not None and kappa >= VALIDATED_KAPPA
    return out


def report(judges: dict[str, dict[Phase, dict[str, Any]]]) -> str:
    """The agreement tables as text: one line per judge x phase x split, points after."""
    lines = [
        "Agreement with the adjudicated labels (AI-written turns labelled by two AI sessions of "
        "the same model, not clinicians); headline = held-out half (even items).",
        f"{'judge':<22}{'phase':<11}{'split':<10}{'n':>4}{'acc':>7}{'kappa':>8}  points (kappa)",
    ]
    for name, phases in judges.items():
        for phase, result in phases.items():
            for split in SPLITS:
                v = result[split]["verdict"]
                pts = ", ".join(
                    f"{pid} {_fmt(s['kappa'])}" for pid, s in result[split]["points"].items()
                )
                lines.append(
                    f"{name:<22}{phase.value:<11}{split:<10}{v['n']:>4}{_fmt(v['accuracy']):>7}"
                    f"{_fmt(v['kappa']):>8}  {pts if phase is Phase.PROVISION else ''}"
                    + (f" invalid {v['invalid']}" if v["invalid"] else "")
                )
            verdict = "passes" if result["passed"] else "FAILS"
            lines.append(
                f"  -> {name} {phase.value}: {verdict} (held-out kappa >= {VALIDATED_KAPPA})"
            )
    return "\n".join(lines)


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"
