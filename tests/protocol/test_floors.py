"""Work-product floors on the packaged bank: computed here, never pinned (issue 21's goals)."""

from __future__ import annotations

import json

import pytest

from carebench.agents.backends.gaming import GAMING
from carebench.agents.backends.scripted import POLICIES
from carebench.episodes.bank import load_bank
from carebench.episodes.cache import derived_cache_dir
from carebench.episodes.canonical import bank_sha256
from carebench.protocol.floors import (
    GOAL_GAMING,
    GOAL_REFERENCE,
    bank_floor_rows,
    floor_data,
    floor_rows,
    floors,
)


@pytest.fixture(scope="module")
def rows() -> dict[str, dict[str, object]]:
    """The packaged bank's rows, computed by this session (its own cache folder, never pinned).

    Through :func:`bank_floor_rows` with the folder ``carebench report`` uses, so the suite's
    reports and these tests share one computation (150 s on a 2-core machine).
    """
    bank = load_bank()
    return {r["policy"]: r for r in bank_floor_rows(bank_sha256(bank), bank, derived_cache_dir())}


def test_every_gaming_policy_is_a_registered_scripted_policy() -> None:
    assert set(GAMING) <= set(POLICIES.names())


def test_the_reference_work_product_tops_every_score(rows: dict) -> None:
    for score in ("continuity", "traceability", "handoff", "overall"):
        assert rows["reference"][score] >= GOAL_REFERENCE, score


@pytest.mark.parametrize("score", ["continuity", "traceability"])
def test_no_gaming_policy_tops_a_draft_score_it_games(rows: dict, score: str) -> None:
    gamed = {n: r[score] for n, r in rows.items() if score in r.get("games", ())}
    assert gamed and all(v is not None and v <= GOAL_GAMING for v in gamed.values()), gamed


def test_no_gaming_policy_tops_the_handoff_score_it_games(rows: dict) -> None:
    gamed = {n: r["handoff"] for n, r in rows.items() if "handoff" in r.get("games", ())}
    assert {
        "game-placeholder",
        "game-copy-evidence",
        "game-copy-findings",
        "game-hedged-handoff",
        "game-findings-everywhere",
        "game-shifted-fields",
        "game-routing-only",
        "game-negated-frame",
        "game-resolved-handoff",
        "game-invisible-numbers",
        "game-conditional-wrap",
        "game-filler-fields",
        "game-wrong-subject",
        "game-explained-away",
        "game-time-shifted",
        "game-unsafe-interim",
        "game-padded-fields",
        "game-under-triage",
        "game-invented-findings",
        "game-fyi-admin",
        "game-handed-back",
        "game-quoted-reassurance",
        "game-not-current",
        "game-unmade-escalation",
    } <= set(gamed)
    assert all(v is not None and v <= GOAL_GAMING for v in gamed.values()), gamed


def test_the_red_team_kinds_are_floor_rows_under_the_goal(rows: dict) -> None:
    """Red-team round 3's kinds (issue 21), each shipped as a policy and scored, not pinned."""
    kinds = {
        "game-negated-frame": "traceability",
        "game-resolved-handoff": "handoff",
        "game-invisible-numbers": "traceability",
        "game-fragment-salad": "continuity",
        "game-conditional-wrap": "continuity",
        "game-filler-fields": "handoff",
    }
    for name, score in kinds.items():
        assert rows[name]["episodes"] > 0, name
        assert rows[name][score] <= GOAL_GAMING and rows[name]["overall"] <= GOAL_GAMING, name


def test_a_draft_of_true_irrelevant_evidence_is_under_the_goal(rows: dict) -> None:
    """Red team 5's irrelevant-true (H5): true, cited, and about nothing the task asks."""
    row = rows["game-irrelevant-true"]
    assert row["episodes"] > 0 and row["games"] == ["traceability"]
    assert row["traceability"] <= GOAL_GAMING and row["overall"] <= GOAL_GAMING


def test_every_gaming_policy_is_under_the_goal_overall(rows: dict) -> None:
    over = {n: r["overall"] for n, r in rows.items() if n != "reference"}
    assert all(v is not None and v <= GOAL_GAMING for v in over.values()), over


def test_pasting_the_evidence_into_a_handoff_costs_concision(rows: dict) -> None:
    """Its urgency, destination and actions are the reference's; the pasted texts cost the rest."""
    episode = next(e for e in load_bank() if e.reference.primary.value == "Escalate")
    write, _ = GAMING["game-copy-findings"]
    from carebench.agents.workproduct import Handoff
    from carebench.protocol.scores import handoff_completeness

    pasted = Handoff.model_validate(write(episode, episode.reference.primary)["handoff"])
    scored = handoff_completeness(episode, pasted)
    assert {"urgency", "destination"}.isdisjoint(scored.wrong + scored.missing)
    assert scored.concision == 0.0 and scored.score == 0.0


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


def _paraphrase_drafts_mean() -> float:
    """Mean traceability of drafts of set 1's correct and paraphrased claims that are supported
    against the current bank (set 1's labels, or its ``current`` relabels where a cited line has
    changed since labelling), one draft per episode: shorthand, synonyms and other word order,
    written by a session that never saw the scorer. Set 1 is the set the scorer was tuned on."""
    from carebench.protocol.labelled_sets import load_labels, load_sets
    from carebench.protocol.paraphrase import correct_drafts, mean_traceability

    episodes = {e.episode_id: e for e in load_bank()}
    (entry,) = (s for s in load_sets() if s.name == "set-1")
    assert entry.current
    made = correct_drafts(load_labels(entry.claims), episodes, load_labels(entry.current))
    assert not made.drifted, (
        f"set 1's claims {', '.join(made.drifted)} cite lines the bank has changed since they "
        f"were labelled; relabel them against the current lines in {entry.current}"
    )
    assert len(made.drafts) >= 20
    mean = mean_traceability(made, episodes)
    assert mean is not None
    return mean


def test_correct_drafts_written_independently_score_at_least_0_8() -> None:
    """Issue 21's goal, on set 1 (the scorer was tuned on it; the held-out sets score 0.4-0.6,
    docs/protocol.md). Met from session 34, when claims no longer true of the current bank's
    lines stopped counting as correct (0.787 with them)."""
    assert _paraphrase_drafts_mean() >= 0.8


def test_bank_floor_rows_are_computed_once_per_bank_and_kept_in_the_cache(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carebench.protocol import floors as module

    bank = load_bank()
    episodes = [e for e in bank if e.seed_id == bank[0].seed_id]
    calls: list[int] = []

    def counted(eps: object) -> dict[str, object]:
        calls.append(1)
        return floor_data(eps)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "floor_data", counted)
    monkeypatch.setattr(module, "_COMPUTED", {})
    first = module.bank_floor_rows("sha-a", episodes, tmp_path)
    assert module.bank_floor_rows("sha-a", episodes, tmp_path) == first
    assert len(calls) == 1
    monkeypatch.setattr(module, "_COMPUTED", {})  # a new process: the cache folder answers
    assert module.bank_floor_rows("sha-a", episodes, tmp_path) == first
    assert len(calls) == 1
    assert len(list(tmp_path.glob("floors-*.json"))) == 1
    assert first == json.loads(json.dumps(floor_rows(episodes)))


def test_the_docs_table_gives_the_floor_rows_computed_here(rows: dict) -> None:
    """docs/protocol.md's floor table, row by row in the order of the rows (found stale in 15
    rows by a new-user trial: it had not been regenerated since round 25)."""
    import re
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    table = doc.split("On the packaged bank 2.6:", 1)[1].split("\n\n", 2)[1]
    stated = [
        [c.strip() for c in line.strip("|").split("|")][1:]
        for line in table.splitlines()[2:]
        if re.match(r"^\| ", line)
    ]

    def cell(value: object) -> str:
        return "-" if value is None else f"{value:.2f}"

    computed = [
        [
            str(r["episodes"]),
            *(cell(r[k]) for k in ("continuity", "traceability", "handoff", "overall")),
        ]
        for r in rows.values()
    ]
    assert stated == computed
