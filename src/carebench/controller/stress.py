"""The detector stress audit (paper 000): recall on trigger phrases vs unseen paraphrases.

``scenarios/stress/detectors.yaml`` holds 30 concepts, 10 per detector, each a sentence with a
detector-triggering phrase and the same sentence with a meaning-preserving paraphrase. Recall is the
share of a detector's 10 sentences on which it fires. This is a mechanism audit, not clinical
validation: the same authors wrote the lexicon and the stress set; a test only guarantees that no
lexicon phrase or bag lists a paraphrase's key words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

import yaml

from carebench.controller.detectors import DETECTORS, detectors


@cache
def stress_set() -> list[dict[str, str]]:
    """The 30 stress items."""
    data: list[dict[str, str]] = yaml.safe_load(
        (files("carebench") / "scenarios" / "stress" / "detectors.yaml").read_text("utf-8")
    )
    return data


@dataclass(frozen=True)
class AuditRow:
    """Recall of one detector of one family on triggers and paraphrases."""

    family: str
    detector: str
    n: int
    trigger_recall: float
    paraphrase_recall: float
    missed_paraphrases: tuple[str, ...]


def audit(family: str) -> list[AuditRow]:
    """Trigger and paraphrase recall per detector for one family."""
    det = detectors(family)
    rows = []
    for d in DETECTORS:
        items = [s for s in stress_set() if s["detector"] == d]
        fired_t = [getattr(det.detect_text(s["trigger"]), d) for s in items]
        fired_p = [getattr(det.detect_text(s["paraphrase"]), d) for s in items]
        rows.append(
            AuditRow(
                family,
                d,
                len(items),
                sum(fired_t) / len(items),
                sum(fired_p) / len(items),
                tuple(s["key"] for s, hit in zip(items, fired_p, strict=True) if not hit),
            )
        )
    return rows


def audit_dict(family: str) -> list[dict[str, Any]]:
    """JSON-ready audit rows."""
    return [
        row.__dict__ | {"missed_paraphrases": list(row.missed_paraphrases)} for row in audit(family)
    ]
