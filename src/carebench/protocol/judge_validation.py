"""A claim judge against the same labelled claims as the deterministic scorer.

The labelled set is :mod:`carebench.protocol.scorer_validation`'s (AI sessions blind to the
scorer, not clinicians). The judge is scored exactly as it scores claims in a report: a claim that
cites nothing is unsupported and a claim without clinical content is unsupported (neither is
sent to the model, as :mod:`carebench.protocol.scores` never asks about them); every other claim
gets the judge's verdict after its checks (:mod:`carebench.protocol.claim_judge`), with the
deterministic fallback for invalid answers.

Conventions:
    * ``limit`` bounds the set for slow judges: that many claims, evenly spaced over the set in
      claim-id order (claim ``floor(i * n / limit)`` for i = 0 .. limit - 1), so the subset keeps
      the set's mix of writers' intentions; the deterministic scorer is scored on the same subset
      beside it.
    * Per scorer and subset ("all", then each labelled set of the manifest by name, with its
      role: dev, the scorer was tuned on it, or held-out, the headline): n, accuracy and
      Cohen's kappa against the adjudicated labels (None when undefined); for the judge also the
      invalid answers, the overruled verdicts, their reasons (counted) and the kappa of the model's
      own answers (before checks and fallback; an invalid answer is its own label, "invalid",
      which always disagrees).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from importlib.resources.abc import Traversable
from typing import Any, TypeVar

from carebench.episodes.support import substantive
from carebench.protocol.agreement import cohen_kappa
from carebench.protocol.claim_judge import Cited, ClaimJudge, JudgedClaim
from carebench.protocol.scorer_validation import claim_verdict, load_labels, load_sets

T = TypeVar("T")


def labelled_subset(rows: Sequence[T], limit: int | None) -> list[T]:
    """``limit`` rows evenly spaced over ``rows`` (all of them when None or not fewer)."""
    if limit is None or limit >= len(rows):
        return list(rows)
    if limit < 1:
        raise ValueError(f"limit {limit}: expected at least 1 claim")
    return [rows[i * len(rows) // limit] for i in range(limit)]


def _key(row: Mapping[str, Any]) -> tuple[str, Cited] | None:
    """What the judge is asked for a labelled claim; None when it is never asked."""
    if not row["cited"] or not substantive(str(row["text"])):
        return None
    return str(row["text"]), tuple((str(c["id"]), str(c["text"])) for c in row["cited"])


def _figures(pairs: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """n, accuracy and kappa of (predicted, final) pairs."""
    if not pairs:
        return {"n": 0, "accuracy": None, "kappa": None}
    kappa = cohen_kappa([f for _, f in pairs], [p for p, _ in pairs])
    return {
        "n": len(pairs),
        "accuracy": sum(p == f for p, f in pairs) / len(pairs),
        "kappa": None if math.isnan(kappa) else kappa,
    }


def judge_agreement(
    judge: ClaimJudge, limit: int | None = None, folder: Traversable | None = None
) -> list[dict[str, Any]]:
    """The deterministic scorer's and ``judge``'s agreement on the labelled claims (or a subset).

    ``folder`` holds the manifest (default: the packaged sets). Returns one row per scorer and
    subset (module conventions).
    """
    sets = load_sets(folder)
    tagged = [(row, entry.name) for entry in sets for row in load_labels(entry.claims, folder)]
    chosen_rows = labelled_subset(tagged, limit)
    rows = [row for row, _ in chosen_rows]
    set_of = [name for _, name in chosen_rows]
    keys = [_key(row) for row in rows]
    judge.run([k for k in keys if k is not None])
    outcomes: list[JudgedClaim | None] = [judge.results[k] if k is not None else None for k in keys]
    out = []
    subsets = [("all", "all")] + [(entry.name, entry.role) for entry in sets]
    for subset, role in subsets:
        chosen = [
            (row, outcome)
            for row, outcome, name in zip(rows, outcomes, set_of, strict=True)
            if subset == "all" or name == subset
        ]
        finals = [str(row["final"]) for row, _ in chosen]
        rules = [claim_verdict(row) for row, _ in chosen]
        judged = [o.verdict.value if o else "unsupported" for _, o in chosen]
        model = [(o.answer or "invalid") if o else "unsupported" for _, o in chosen]
        asked = [o for _, o in chosen if o is not None]
        out.append(
            {
                "scorer": "rules",
                "subset": subset,
                "role": role,
                **_figures(list(zip(rules, finals, strict=True))),
            }
        )
        model_kappa = _figures(list(zip(model, finals, strict=True)))["kappa"]
        out.append(
            {
                "scorer": f"judge {judge.name}",
                "subset": subset,
                "role": role,
                **_figures(list(zip(judged, finals, strict=True))),
                "asked": len(asked),
                "invalid": sum(o.invalid is not None for o in asked),
                "overruled": sum(o.overruled is not None for o in asked),
                "model_kappa": model_kappa,
                "reasons": dict(
                    Counter(_reason(o) for o in asked if o.invalid or o.overruled).most_common()
                ),
            }
        )
    return out


def _reason(outcome: JudgedClaim) -> str:
    """An invalid or overruled outcome's reason, without its particulars (ids, quotes)."""
    if outcome.overruled:
        return f"overruled: {outcome.overruled}"
    reason = str(outcome.invalid)
    if reason.startswith("evidence_id"):
        return "evidence_id is not a cited id"
    if "is not quoted from line" in reason:
        return "span not quoted from its line: " + reason.split(" (")[1].rstrip(")")
    return reason.split(": ")[0]
