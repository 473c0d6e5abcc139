"""Atomic scores over runs: per-episode rows, then per run x task class means with intervals.

Conventions:
    * Only extended-output runs (manifest ``output == "extended"``) are scored.
    * A row is one stored record. An invalid decision, or a work product that breaks its rules,
      is counted in ``invalid_work_product`` and scores nothing; it is never dropped silently.
      A valid work product whose episode lacks the annotation units it is scored against (its
      seed declares no ``annotations:``, or no handoff units for a handoff) is counted in
      ``unannotated`` and scores nothing; a bank with no annotation units gets no floors.
    * Each score is averaged over the episodes it applies to (continuity and traceability: valid
      Answers with something to score; handoff completeness: valid Escalates); ``n`` says how many.
      ``overall`` is the floors' overall score of an episode (handoff completeness for a handoff,
      else min(continuity, traceability): :func:`carebench.protocol.floors.overall`), averaged
      over the episodes with a score. A run is flagged at or under a floor on the three scores
      only: every gaming policy games ``overall`` and keeps the reference's scores where it games
      nothing, so an overall floor over a run's episodes is no gaming agent's score.
    * Intervals are percentile intervals of the seed-clustered bootstrap (seeds resampled, never
      episodes; :func:`carebench.metrics.stats.ratio_interval`), fixed RNG seed.
    * Components are reported beside each score: for continuity the shares of required facts hit,
      of stale facts carried and of contradictions per scored draft; for traceability the shares
      of linked, unsupported and mismatched claims; for handoffs the shares of present and correct
      fields, with the weights of the score formulas (:mod:`carebench.protocol.scores`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carebench.episodes.schema import Action, Episode
from carebench.metrics.stats import DEFAULT_B, draw_counts, ratio_interval
from carebench.protocol.floors import (
    bank_floor_data,
    bank_floor_rows,
    floors,
    floors_on,
    overall,
)
from carebench.protocol.levels import EvidenceLevel
from carebench.protocol.score_results import MISMATCH_PENALTY
from carebench.protocol.scores import ClaimSupport, rule_support, score_output

if TYPE_CHECKING:
    import pandas as pd

    from carebench.protocol.claim_judge import ClaimJudge


def episode_scores(
    frame: pd.DataFrame, episodes: Mapping[str, Episode], judge: ClaimSupport = rule_support
) -> pd.DataFrame:
    """One row per record of ``frame`` with its atomic scores and components.

    Each row names its record (run id and display label, episode, sample ``repeat``), the
    episode's seed, split, variant and task class, and the action taken, so exported scores can
    be grouped as the report groups them.

    ``frame`` has the results-table columns run_id, episode_id, seed_id, task_class, action,
    status and raw_output; ``episodes`` maps episode id to episode (the run's bank); ``judge``
    decides claim support (the deterministic rules by default).
    """
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for record in frame.to_dict("records"):
        action = Action(str(record["action"])) if record["status"] == "ok" else None
        raw = record["raw_output"] if isinstance(record["raw_output"], str) else ""
        episode = episodes[str(record["episode_id"])]
        scored = score_output(episode, raw, action, judge)
        row: dict[str, Any] = {
            "run_id": record["run_id"],
            "label": record.get("label", record["run_id"]),
            "episode_id": record["episode_id"],
            "repeat": record.get("repeat", 0),
            "seed_id": record["seed_id"],
            "split": episode.split.value,
            "variant": episode.variant.value,
            "task_class": record["task_class"],
            "action": record["action"],
            "work_product_valid": scored.work_product_valid,
            "work_product_error": scored.error,
            "unannotated": scored.unannotated,
        }
        c, t, h = scored.continuity, scored.traceability, scored.handoff
        row.update(
            continuity=c.score if c else None,
            facts_required=c.required if c else None,
            facts_hit=c.hits if c else None,
            stale_carried=c.stale if c else None,
            contradictions=c.contradictions if c else None,
            traceability=t.score if t else None,
            claims=t.claims if t else None,
            linked=t.linked if t else None,
            unsupported=t.unsupported if t else None,
            mismatched=t.mismatched if t else None,
            handoff=h.score if h else None,
            fields_required=h.required if h else None,
            fields_present=h.present if h else None,
            fields_correct=h.correct if h else None,
            fields_missing=", ".join(h.missing) if h else None,
            fields_wrong=", ".join(h.wrong) if h else None,
            fields_misfiled=", ".join(h.misfiled) if h else None,
            fields_unjustified=", ".join(h.unjustified) if h else None,
            handoff_concision=h.concision if h else None,
            handoff_countermanded=h.countermanded if h else None,
            fields_unsafe=", ".join(h.unsafe) if h else None,
            under_triage=h.under_triage if h else None,
            handoff_unstated=h.unstated if h else None,
            handoff_unrouted=h.unrouted if h else None,
            overall=overall(scored),
        )
        rows.append(row)
    return pd.DataFrame(rows)


def _interval(rows: pd.DataFrame, column: str, b: int) -> dict[str, Any]:
    scored = rows[rows[column].notna()]
    seeds = sorted(rows["seed_id"].unique())
    sums = scored.groupby("seed_id")[column].sum().reindex(seeds, fill_value=0.0)
    counts = scored.groupby("seed_id")[column].count().reindex(seeds, fill_value=0)
    interval = ratio_interval(
        sums.to_numpy(float), counts.to_numpy(float), draw_counts(len(seeds), b), len(scored)
    )
    return interval.as_dict()


def _share(rows: pd.DataFrame, numerator: str, denominator: str) -> float | None:
    total = rows[denominator].sum()
    return float(rows[numerator].sum() / total) if total else None


def summarize(scores: pd.DataFrame, b: int = DEFAULT_B) -> list[dict[str, Any]]:
    """Per run x task class: each score with its interval and components (module conventions)."""
    out: list[dict[str, Any]] = []
    for (run_id, task_class), rows in scores.groupby(["run_id", "task_class"], sort=True):
        drafts = rows[rows["continuity"].notna() | rows["traceability"].notna()]
        handoffs = rows[rows["handoff"].notna()]
        out.append(
            {
                "run_id": run_id,
                "task_class": task_class,
                "records": len(rows),
                "invalid_work_product": int((~rows["work_product_valid"]).sum()),
                "unannotated": int(rows["unannotated"].astype(bool).sum()),
                "continuity": _interval(rows, "continuity", b),
                "traceability": _interval(rows, "traceability", b),
                "handoff": _interval(rows, "handoff", b),
                "overall": _interval(rows, "overall", b),
                "components": {
                    "facts_hit_share": _share(drafts, "facts_hit", "facts_required"),
                    "stale_per_draft": float(drafts["stale_carried"].mean())
                    if len(drafts)
                    else None,
                    "contradictions_per_draft": (
                        float(drafts["contradictions"].mean()) if len(drafts) else None
                    ),
                    "linked_share": _share(drafts, "linked", "claims"),
                    "unsupported_share": _share(drafts, "unsupported", "claims"),
                    "mismatched_share": _share(drafts, "mismatched", "claims"),
                    "fields_present_share": _share(handoffs, "fields_present", "fields_required"),
                    "fields_correct_share": _share(handoffs, "fields_correct", "fields_required"),
                },
                "weights": {
                    "continuity": "max(0, (hits - stale - contradictions) / required)",
                    "traceability": f"max(0, (linked - {MISMATCH_PENALTY} * mismatched) / claims)",
                    "handoff": "correct / required (5 routing fields + the seed's fields)",
                    "overall": "handoff for a handoff, else min(continuity, traceability)",
                },
            }
        )
    return out


def extended_runs(manifests: Mapping[str, Mapping[str, Any]]) -> Sequence[str]:
    """The ids of the runs made with extended output."""
    return [run_id for run_id, m in manifests.items() if m.get("output") == "extended"]


def work_product_scores(
    frame: pd.DataFrame,
    manifests: Mapping[str, Mapping[str, Any]],
    banks: Mapping[str, Sequence[Episode]],
    claim_judge: ClaimJudge | None = None,
) -> pd.DataFrame:
    """Per-episode atomic scores (:func:`episode_scores`) of the extended runs of ``frame``.

    With ``claim_judge``, claim support is the judge's (:mod:`carebench.protocol.claim_judge`).
    """
    import pandas as pd

    runs = set(extended_runs(manifests)) & {str(r) for r in frame["run_id"].unique()}
    if not runs:
        return pd.DataFrame()
    by_bank: dict[str, list[str]] = {}
    for run_id in sorted(runs):
        by_bank.setdefault(str(manifests[run_id]["bank_sha256"]), []).append(run_id)

    def scored(judge: ClaimSupport) -> pd.DataFrame:
        # each run against its own bank: two banks may share episode ids (a bank and its edit)
        parts = [
            episode_scores(
                frame[frame["run_id"].isin(ids)],
                {e.episode_id: e for e in banks.get(sha, ())},
                judge,
            )
            for sha, ids in sorted(by_bank.items())
        ]
        if len(parts) == 1:
            return parts[0]
        # the frame's run order, records in their order within each run
        order = {run_id: i for i, run_id in enumerate(frame["run_id"].astype(str).unique())}
        merged = pd.concat(parts, ignore_index=True)
        return merged.sort_values(
            "run_id", key=lambda c: c.astype(str).map(order), kind="stable"
        ).reset_index(drop=True)

    if claim_judge is None:
        return scored(rule_support)
    from carebench.protocol.claim_judge import with_judge

    return with_judge(claim_judge, scored)


def work_product_section(
    scores: pd.DataFrame,
    manifests: Mapping[str, Mapping[str, Any]],
    banks: Mapping[str, Sequence[Episode]],
    labels: Mapping[str, str],
    b: int = DEFAULT_B,
    cache_dir: Path | None = None,
) -> list[dict[str, Any]]:
    """The report's work-product rows: :func:`summarize` of :func:`work_product_scores`.

    Each row also names the run's display label and its evidence level (agent: a work product
    scored in synthetic episodes), and the scores on which it is at or under the gaming floor of
    its own episodes (its split and task class: :func:`~carebench.protocol.floors.floors_on`).
    Runs without extended output are not scored.
    """
    if scores.empty:
        return []
    runs = {str(r) for r in scores["run_id"].unique()}
    section = summarize(scores, b)
    data_of = {
        sha: bank_floor_data(sha, bank, cache_dir)
        for sha, bank in banks.items()
        if sha in {str(manifests[r]["bank_sha256"]) for r in runs}
    }
    for row in section:
        row["label"] = labels.get(str(row["run_id"]), str(row["run_id"]))
        row["evidence_level"] = EvidenceLevel.AGENT.value
        data = data_of.get(str(manifests[str(row["run_id"])]["bank_sha256"]))
        mine = (scores["run_id"] == row["run_id"]) & (scores["task_class"] == row["task_class"])
        floor = floors_on(data, list(scores.loc[mine, "episode_id"])) if data else {}
        row["at_or_under_floor"] = [
            name
            for name in ("continuity", "traceability", "handoff")  # not overall: module docs
            if _finite(row[name].get("estimate"))
            and (value := floor.get(name)) is not None
            and row[name]["estimate"] <= value + _TIE
        ]
    return section


_TIE = 1e-9
"""A mean equal to the floor up to rounding is at it (a gaming policy run as an agent)."""


def _finite(value: Any) -> bool:
    return isinstance(value, float | int) and value == value and value not in (float("inf"),)


def floor_section(
    manifests: Mapping[str, Mapping[str, Any]],
    banks: Mapping[str, Sequence[Episode]],
    cache_dir: Path | None = None,
) -> list[dict[str, Any]]:
    """Per bank of the extended runs: the reference and gaming-policy rows and the floors.

    The rows are computed once per bank (:func:`~carebench.protocol.floors.bank_floor_rows`;
    kept in ``cache_dir`` between reports).
    """
    shas = sorted({str(manifests[r]["bank_sha256"]) for r in extended_runs(manifests)})
    out = []
    for sha in shas:  # a bank with no annotation units has nothing to score, nor a floor
        if sha in banks and any(e.annotations is not None for e in banks[sha]):
            rows = bank_floor_rows(sha, banks[sha], cache_dir)
            out.append({"bank_sha256": sha, "rows": rows, "floors": floors(rows)})
    return out
