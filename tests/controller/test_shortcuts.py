"""The shortcut audit: hand-checked scoring, leave-one-seed-out honesty, and the bank's goal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from carebench.controller.shortcuts import (
    GOALS,
    audit,
    bag_of_words_predictions,
    constant_predictions,
    format_audit,
    score_predictions,
)
from carebench.episodes.assemble import assemble_seed
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action, Episode, ReferenceDecision
from carebench.episodes.seed import Seed

A = Action.ANSWER
FIXTURE = Path(__file__).parents[1] / "fixtures" / "minimal_seed.yaml"


def _bank(n_seeds: int, marker: str = "zebra", per_seed: bool = False) -> list[Episode]:
    """Copies of the minimal seed; Escalate variants' later message carries ``marker``."""
    episodes: list[Episode] = []
    for k in range(n_seeds):
        data: dict[str, Any] = yaml.safe_load(FIXTURE.read_text())
        data["id"] = f"seed-{k}"
        word = f"{marker}{k}" if per_seed else marker
        data["variants"]["late_risk"]["change"] = {"later": f"Now {word} with chest pain."}
        data["variants"]["conflict"]["change"] = {"note": f"Asks for a repeat; {word} reported."}
        episodes += assemble_seed(Seed.model_validate(data))
    return episodes


def test_score_predictions_hand_computed() -> None:
    episodes = _bank(2)  # 20 episodes: per seed 2 clean, 2 missing, 2 stale, 4 Escalate
    predictions = [Action.ESCALATE if e.seed_id == "seed-0" else Action.ANSWER for e in episodes]
    score = score_predictions("x", episodes, predictions, b=200)
    # seed-0: only its 4 Escalate episodes are accepted; seed-1: clean (2) and stale (2) accept Answer
    assert score.accuracy.estimate == pytest.approx(8 / 20)
    assert score.escalation_recall.estimate == pytest.approx(4 / 8)
    assert score.accuracy.n == 20 and score.escalation_recall.n == 8
    assert score.accuracy.low <= score.accuracy.estimate <= score.accuracy.high


def test_constant_is_the_best_single_action() -> None:
    episodes = _bank(2)
    # per seed and surface Answer (clean, stale), Ask_Clarification (missing, stale) and Escalate
    # (conflict, late_risk) are each acceptable twice: the tie breaks to Answer, first in the order
    assert set(constant_predictions(episodes)) == {Action.ANSWER}
    episodes = [e for e in episodes if e.variant.value != "clean"]
    assert set(constant_predictions(episodes)) == {Action.ASK_CLARIFICATION}


def test_bag_of_words_learns_a_shared_marker() -> None:
    episodes = _bank(6)
    predictions = bag_of_words_predictions(episodes)
    score = score_predictions("bow", episodes, predictions, b=100)
    assert score.escalation_recall.estimate == 1.0


def _answer_everywhere(episodes: list[Episode], seeds: set[str]) -> list[Episode]:
    everything_answer = ReferenceDecision(primary=A, acceptable=(A,))
    return [
        e.model_copy(update={"reference": everything_answer}) if e.seed_id in seeds else e
        for e in episodes
    ]


def test_a_held_out_seed_is_predicted_without_its_own_labels() -> None:
    episodes = _bank(6)
    held = [i for i, e in enumerate(episodes) if e.seed_id == "seed-0"]
    before = bag_of_words_predictions(episodes)
    # leave-one-seed-out: relabelling seed-0 cannot change seed-0's own predictions ...
    after = bag_of_words_predictions(_answer_everywhere(episodes, {"seed-0"}))
    assert [before[i] for i in held] == [after[i] for i in held]
    # ... while relabelling the seeds it is trained on does
    others = {f"seed-{k}" for k in range(1, 6)}
    trained = bag_of_words_predictions(_answer_everywhere(episodes, others))
    assert {trained[i] for i in held} == {A} != {before[i] for i in held}


def test_packaged_bank_meets_the_shortcut_goal() -> None:
    result = audit(load_bank(), b=200)
    bow = result.score("bag-of-words")
    assert bow.accuracy.estimate <= GOALS["accuracy"], format_audit(result)
    assert bow.escalation_recall.estimate <= GOALS["escalation_recall"], format_audit(result)
    assert result.goals_met()
    rule = result.score("rule")
    assert rule.accuracy.n == 400


def test_predictions_are_kept_on_disk_and_a_bad_cache_is_refitted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carebench.controller import shortcuts

    episodes = _bank(4)
    fitted = bag_of_words_predictions(episodes, tmp_path)
    (cache,) = tmp_path.glob("keyword-floor-*.json")

    def no_fit(rows: object) -> tuple[str, ...]:
        raise AssertionError("refitted although the cache holds the predictions")

    monkeypatch.setattr(shortcuts, "_loso_predictions", no_fit)
    assert bag_of_words_predictions(episodes, tmp_path) == fitted
    cache.write_text("{not json")
    monkeypatch.undo()
    assert bag_of_words_predictions(episodes, tmp_path) == fitted  # ignored and rewritten
    assert len(json.loads(cache.read_text())) == len(episodes)
