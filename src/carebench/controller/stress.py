"""The detector stress audit (paper 000): recall on trigger phrases vs unseen paraphrases.

Two stress sets under ``scenarios/stress/``, each item a sentence with a detector-triggering phrase
and the same meaning with a paraphrase (``key`` names the paraphrased phrase):

* ``paper`` (``detectors.yaml``): 30 concepts, 10 per detector, as in paper 000. Written alongside
  the lexicon, so the lexicon's recall on it is optimistic.
* ``heldout`` (``heldout.yaml``): 45 concepts, 15 per detector, pre-registered: committed after the
  lexicon was frozen and before any detector ran on it; neither file is edited in response.

Recall is the share of a detector's items on which it fires, with a 95 % Wilson interval (10 or 15
items give wide intervals: 7/10 is 0.40 to 0.89). This is a mechanism audit, not clinical
validation; a test guarantees that no lexicon phrase or bag lists a paraphrase's key words.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from carebench.controller.detectors import DETECTORS, detectors
from carebench.episodes.loading import read_yaml
from carebench.errors import CarebenchError
from carebench.metrics.stats import wilson

STRESS_SETS = {"paper": "detectors.yaml", "heldout": "heldout.yaml"}


@cache
def stress_set(name: str = "paper") -> list[dict[str, str]]:
    """The items of one stress set (see the module docstring).

    Raises:
        CarebenchError: unknown set name.
    """
    if name not in STRESS_SETS:
        raise CarebenchError(
            f"unknown stress set {name!r}; expected one of {', '.join(STRESS_SETS)}"
        )
    source = files("carebench") / "scenarios" / "stress" / STRESS_SETS[name]
    data: list[dict[str, str]] = read_yaml(source.read_text("utf-8"), str(source))
    return data


@dataclass(frozen=True)
class AuditRow:
    """Recall of one detector of one family on one stress set's triggers and paraphrases."""

    stress_set: str
    family: str
    detector: str
    n: int
    trigger_hits: int
    paraphrase_hits: int
    missed_paraphrases: tuple[str, ...]

    @property
    def trigger_recall(self) -> float:
        """Share of trigger sentences on which the detector fires."""
        return self.trigger_hits / self.n

    @property
    def paraphrase_recall(self) -> float:
        """Share of paraphrased sentences on which the detector fires."""
        return self.paraphrase_hits / self.n

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready row with recalls and their 95 % Wilson intervals."""
        return asdict(self) | {
            "missed_paraphrases": list(self.missed_paraphrases),
            "trigger_recall": self.trigger_recall,
            "trigger_ci": list(wilson(self.trigger_hits, self.n)),
            "paraphrase_recall": self.paraphrase_recall,
            "paraphrase_ci": list(wilson(self.paraphrase_hits, self.n)),
        }


def audit(family: str, stress: str = "paper") -> list[AuditRow]:
    """Trigger and paraphrase recall per detector for one family on one stress set."""
    det = detectors(family)
    rows = []
    for d in DETECTORS:
        items = [s for s in stress_set(stress) if s["detector"] == d]
        fired_t = [getattr(det.detect_text(s["trigger"]), d) for s in items]
        fired_p = [getattr(det.detect_text(s["paraphrase"]), d) for s in items]
        rows.append(
            AuditRow(
                stress,
                family,
                d,
                len(items),
                sum(fired_t),
                sum(fired_p),
                tuple(s["key"] for s, hit in zip(items, fired_p, strict=True) if not hit),
            )
        )
    return rows


def audit_dict(family: str) -> list[dict[str, Any]]:
    """JSON-ready audit rows of one family on every stress set."""
    return [row.as_dict() for name in STRESS_SETS for row in audit(family, name)]
