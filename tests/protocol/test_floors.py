"""Work-product floors on the packaged bank: computed here, never pinned (issue 21's goals)."""

from __future__ import annotations

import json

import pytest

from carebench.agents.backends.gaming import GAMING
from carebench.agents.backends.scripted import POLICIES
from carebench.episodes.bank import load_bank
from carebench.protocol.floors import GOAL_GAMING, GOAL_REFERENCE, floor_rows, floors


@pytest.fixture(scope="module")
def rows() -> dict[str, dict[str, object]]:
    return {r["policy"]: r for r in floor_rows(load_bank())}


def test_every_gaming_policy_is_a_registered_scripted_policy() -> None:
    assert set(GAMING) <= set(POLICIES.names())


def test_the_reference_work_product_tops_the_draft_scores(rows: dict) -> None:
    assert rows["reference"]["continuity"] >= GOAL_REFERENCE
    assert rows["reference"]["traceability"] >= GOAL_REFERENCE


@pytest.mark.parametrize("score", ["continuity", "traceability"])
def test_no_gaming_policy_tops_a_draft_score_it_games(rows: dict, score: str) -> None:
    gamed = {n: r[score] for n, r in rows.items() if score in r.get("games", ())}
    assert gamed and all(v is not None and v <= GOAL_GAMING for v in gamed.values()), gamed


def test_placeholder_and_copied_handoffs_stay_under_the_floor_goal(rows: dict) -> None:
    for name in ("game-placeholder", "game-copy-evidence"):
        assert rows[name]["handoff"] <= GOAL_GAMING, (name, rows[name]["handoff"])


def test_every_gaming_policy_is_under_the_goal_overall_but_copy_findings(rows: dict) -> None:
    over = {
        n: r["overall"] for n, r in rows.items() if n != "reference" and r["overall"] is not None
    }
    assert all(v <= GOAL_GAMING for n, v in over.items() if n != "game-copy-findings"), over


def test_floors_are_the_highest_gaming_mean_per_score(rows: dict) -> None:
    result = floors(list(rows.values()))
    expected = max(r["traceability"] for r in rows.values() if "traceability" in r.get("games", ()))
    assert result["traceability"] == expected


def test_a_gaming_policy_runs_through_the_scripted_backend() -> None:
    import asyncio

    from carebench.agents.backends.base import GenerationRequest
    from carebench.agents.backends.scripted import ScriptedBackend
    from carebench.agents.config import BackendConfig, SamplingParams
    from carebench.agents.workproduct import work_product_schema

    episode = next(e for e in load_bank() if e.reference.primary.value == "Answer")
    backend = ScriptedBackend(BackendConfig(name="scripted", model="game-copy-evidence"))
    request = GenerationRequest(
        messages=[{"role": "user", "content": "x"}],
        params=SamplingParams(),
        episode=episode,
        schema=work_product_schema(episode),
        repeat=0,
    )
    out = json.loads(asyncio.run(backend.generate(request)).text)
    assert out["action"] == "Answer"
    assert all(c["sources"] for c in out["draft"]) and out["draft"]
