"""Agreement of the judges with the packaged labelled sets: computed here, not pinned (issue 22)."""

from __future__ import annotations

import asyncio
import json

import pytest
from click.testing import CliRunner
from sklearn.metrics import cohen_kappa_score

from carebench.cli import cli
from carebench.interruptions.cells import Phase
from carebench.interruptions.judge_agreement import (
    agreement,
    concept_predictions,
    llm_predictions,
    load_set,
    manifest,
)
from carebench.interruptions.judges import LLMJudge


def test_sets_are_packaged_with_provenance() -> None:
    doc = manifest()
    assert doc["format_version"] == 1 and "not clinicians" in " ".join(doc["provenance"].values())
    for phase in Phase:
        turns = load_set(phase)
        assert len(turns) >= 60 and len({t.item_id for t in turns}) == len(turns)


@pytest.mark.parametrize("phase", list(Phase))
def test_concept_agreement_equals_scikit_learn(phase: Phase) -> None:
    turns = load_set(phase)
    preds = concept_predictions(phase, turns)
    result = agreement(phase, turns, preds)
    held = [(t, p) for t, p in zip(turns, preds, strict=True) if t.split == "held-out"]
    labels = [int(all(t.label.values())) for t, _ in held]
    judged = [int(all(p.values())) for _, p in held]
    assert result["held-out"]["verdict"]["kappa"] == pytest.approx(
        cohen_kappa_score(judged, labels)
    )
    assert result["all"]["verdict"]["n"] == len(turns)
    assert result["passed"] == (result["held-out"]["verdict"]["kappa"] >= 0.8)


class _Echo:
    """An LLM judge backend that says every point was conveyed, quoting the whole judged text."""

    max_concurrency = None
    cacheable = False

    def describe(self) -> dict:
        return {}

    async def generate(self, request):  # type: ignore[no-untyped-def]
        from carebench.agents.backends.base import Generation

        schema = request.schema
        if "asked" in schema["properties"]:
            return Generation(json.dumps({"asked": False, "span": ""}))
        ids = list(schema["properties"]["points"]["properties"])
        return Generation(json.dumps({"points": {i: {"conveyed": False, "span": ""} for i in ids}}))

    async def aclose(self) -> None:
        return None


def test_llm_judge_is_scored_on_the_same_sets() -> None:
    from carebench.agents.backends import register_backend
    from carebench.interruptions.roles import BackendPool, ModelRole, parse_role

    register_backend("test-echo", lambda config: _Echo())
    judge = LLMJudge(ModelRole("judge", parse_role("test-echo", role="judge"), BackendPool()))
    turns = load_set(Phase.GATHERING)[:6]
    preds = llm_predictions(judge, Phase.GATHERING, turns)
    assert preds == [{"asked": False}] * 6
    assert asyncio.iscoroutinefunction(judge.judge_text)


def test_command_prints_both_halves_and_exits_by_the_headline() -> None:
    result = CliRunner().invoke(cli, ["interrupt", "judge-agreement"])
    assert "held-out" in result.output and "dev" in result.output
    assert "not clinicians" in result.output
    sets = {ph: load_set(ph) for ph in Phase}
    passed = all(agreement(ph, t, concept_predictions(ph, t))["passed"] for ph, t in sets.items())
    assert result.exit_code == (0 if passed else 1)
