"""Per-episode work-product rows (`carebench runs export --scores`): every component exported."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from carebench.agents.backends.gaming import resolved_handoff, shifted_fields
from carebench.agents.backends.gaming_untrue import unsafe_interim
from carebench.agents.workproduct import reference_work_product
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action
from carebench.protocol.summary import episode_scores


def _row(episode_id: str, output: dict) -> dict:
    return {
        "run_id": "r",
        "episode_id": episode_id,
        "seed_id": episode_id.split(".")[0],
        "task_class": "triage_handoff",
        "action": "Escalate",
        "status": "ok",
        "raw_output": json.dumps(output),
    }


def test_misfiled_fields_and_concision_are_exported_beside_missing_and_wrong() -> None:
    episodes = {e.episode_id: e for e in load_bank()}
    episode = next(
        e
        for e in episodes.values()
        if Action.ESCALATE in e.reference.acceptable and len(e.annotations.handoff_fields) >= 3
    )
    output = shifted_fields(episode, Action.ESCALATE)
    row = episode_scores(pd.DataFrame([_row(episode.episode_id, output)]), episodes).iloc[0]
    misfiled = row["fields_misfiled"].split(", ")
    assert misfiled and set(misfiled) <= set(episode.annotations.handoff_fields)
    assert 0 < row["handoff_concision"] <= 1
    assert row["handoff"] < 0.3  # the shifted-fields floor: misfiling costs the score


def test_a_countermanded_handoff_is_exported_as_such() -> None:
    episodes = {e.episode_id: e for e in load_bank()}
    episode = next(e for e in episodes.values() if e.reference.primary is Action.ESCALATE)
    output = resolved_handoff(episode, Action.ESCALATE)
    row = episode_scores(pd.DataFrame([_row(episode.episode_id, output)]), episodes).iloc[0]
    assert bool(row["handoff_countermanded"]) and row["handoff"] == 0.0


def test_countermanding_fields_and_under_triage_are_exported() -> None:
    episodes = {e.episode_id: e for e in load_bank()}
    episode = next(
        e
        for e in episodes.values()
        if e.reference.primary is Action.ESCALATE
        and set(e.annotations.handoff_urgency) == {"emergency"}
    )
    output = unsafe_interim(episode, Action.ESCALATE)
    output["handoff"]["urgency"] = "same_day"
    row = episode_scores(pd.DataFrame([_row(episode.episode_id, output)]), episodes).iloc[0]
    assert row["fields_unsafe"] == "actions_taken"
    assert row["under_triage"] == 1
    assert row["handoff"] < 0.1  # quartered twice


def test_a_handoff_that_does_not_say_why_is_exported_unstated_and_quartered() -> None:
    episodes = {e.episode_id: e for e in load_bank()}
    episode = next(e for e in episodes.values() if e.reference.primary is Action.ESCALATE)
    output = reference_work_product(episode, Action.ESCALATE)
    full = episode_scores(pd.DataFrame([_row(episode.episode_id, output)]), episodes).iloc[0]
    output["handoff"] = {**output["handoff"], "reason": "", "key_findings": []}
    row = episode_scores(pd.DataFrame([_row(episode.episode_id, output)]), episodes).iloc[0]
    assert not bool(full["handoff_unstated"]) and bool(row["handoff_unstated"])
    required, correct = int(row["fields_required"]), int(row["fields_correct"])
    unjustified = len(str(row["fields_unjustified"]).split(", "))
    assert row["handoff"] == pytest.approx((correct - unjustified) / required * 0.25)


def test_the_overall_score_is_exported_and_summarised_as_the_floors_define_it() -> None:
    """A new-user trial found the floors' overall score in no report table."""
    from carebench.protocol.summary import summarize

    episodes = {e.episode_id: e for e in load_bank()}
    escalate = next(e for e in episodes.values() if e.reference.primary is Action.ESCALATE)
    answer = next(e for e in episodes.values() if e.reference.primary is Action.ANSWER)
    rows = [
        _row(escalate.episode_id, reference_work_product(escalate, Action.ESCALATE)),
        _row(answer.episode_id, reference_work_product(answer, Action.ANSWER))
        | {"action": "Answer"},
    ]
    scores = episode_scores(pd.DataFrame(rows), episodes)
    handoff, draft = scores.iloc[0], scores.iloc[1]
    assert handoff["label"] == "r"  # no label column in the frame: the run id
    assert handoff["overall"] == handoff["handoff"]
    assert draft["overall"] == min(draft["continuity"], draft["traceability"])
    summary = summarize(scores, b=50)
    assert all("overall" in row and "overall" in row["weights"] for row in summary)
    assert sorted(row["overall"]["estimate"] for row in summary) == sorted(
        scores.groupby("task_class")["overall"].mean()
    )
