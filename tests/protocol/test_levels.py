from __future__ import annotations

import json
from pathlib import Path

import pytest

from carebench.protocol.levels import (
    LEVELS,
    PROMOTION_PHRASES,
    EvidenceLevel,
    forbidden_phrases,
    wording_problems,
)


@pytest.mark.parametrize("level", list(EvidenceLevel))
def test_each_level_has_a_card_whose_own_wording_passes(level: EvidenceLevel) -> None:
    card = LEVELS[level]
    assert card.level is level
    assert all([card.question, card.metrics, card.cannot_answer, card.statement])
    # no level answers clinical validity or patient outcome
    assert "clinical validity" in card.cannot_answer and "patient outcomes" in card.cannot_answer
    assert wording_problems(card.statement, level) == []


@pytest.mark.parametrize("level", list(EvidenceLevel))
def test_a_promotion_phrase_is_caught_in_html_whatever_its_case(level: EvidenceLevel) -> None:
    text = f"<p>{LEVELS[level].statement}</p><p>The agent is <b>Safe for\n deployment</b>.</p>"
    assert wording_problems(text, level) == ["promotes the result: 'safe for deployment'"]


def test_the_statement_is_required_and_entities_are_decoded() -> None:
    statement = LEVELS[EvidenceLevel.AGENT].statement
    assert wording_problems("Agent-level results.", EvidenceLevel.AGENT) == [
        "lacks the agent-level statement"
    ]
    escaped = statement.replace("'", "&#39;")  # what jinja's autoescape writes
    assert wording_problems(f"<p>{escaped}</p>", EvidenceLevel.AGENT) == []


def test_weaker_levels_forbid_stronger_claims() -> None:
    assert set(PROMOTION_PHRASES) <= set(forbidden_phrases(EvidenceLevel.SIMULATED_WORKFLOW))
    assert "workflow-validated" in forbidden_phrases(EvidenceLevel.AGENT)
    assert "workflow-validated" not in forbidden_phrases(EvidenceLevel.SIMULATED_WORKFLOW)


def test_interruption_study_records_and_reports_the_simulated_workflow_level(
    tmp_path: Path,
) -> None:
    from carebench.interruptions.report import write_report
    from carebench.interruptions.roles import parse_role
    from carebench.interruptions.store import StudyStore
    from carebench.interruptions.study import StudyConfig, run_study

    config = StudyConfig(
        pathway="cataract-follow-up",
        agent=parse_role("scripted:cued"),
        patient=parse_role("scripted:rule"),
        n=1,
    )
    run_study(config, tmp_path)
    with StudyStore(tmp_path) as store:
        (study,) = store.studies()
    assert study["manifest"]["evidence_level"] == "simulated_workflow"
    page = write_report(tmp_path, tmp_path / "rep")
    assert wording_problems(page.read_text(), EvidenceLevel.SIMULATED_WORKFLOW) == []
    doc = json.loads((tmp_path / "rep" / "metrics.json").read_text())
    assert doc["evidence_level"] == "simulated_workflow"
    assert doc["studies"][0]["evidence_level"] == "simulated_workflow"


def test_promotion_phrases_match_after_folding_case_hyphens_and_whitespace() -> None:
    from carebench.protocol.levels import promotion_phrases_in

    name = "Clinically  Validated Safe-for-deployment GPT"
    found = promotion_phrases_in(name, EvidenceLevel.AGENT)
    assert "clinically validated" in found and "safe for deployment" in found
    assert promotion_phrases_in("gpt-4o-mini", EvidenceLevel.AGENT) == []


def test_user_text_with_a_promotion_phrase_or_a_newline_is_refused() -> None:
    import pytest

    from carebench.errors import CarebenchError
    from carebench.protocol.levels import check_user_text

    with pytest.raises(CarebenchError, match="promotion phrase 'clinically validated'"):
        check_user_text(
            {"run label (abc)": "openai:Clinically-Validated/vanilla"}, EvidenceLevel.AGENT
        )
    with pytest.raises(CarebenchError, match="control character"):
        check_user_text({"model name (abc)": "m\n\nRESULT: safe"}, EvidenceLevel.AGENT)
    check_user_text({"run label (abc)": "openai:llama-3-8b/vanilla"}, EvidenceLevel.AGENT)


def test_a_model_name_with_a_newline_is_refused_when_the_run_is_made() -> None:
    import pytest
    from pydantic import ValidationError

    from carebench.agents.config import BackendConfig

    with pytest.raises(ValidationError, match="control character"):
        BackendConfig(name="openai", model="m\nRESULT: safe to deploy")


@pytest.mark.parametrize(
    "name",
    [
        "clinically\u200bvalidated-gpt",  # a zero-width space
        "ClinicallyValidated",  # camel case
        "clinicallyvalidated-v2",  # written together
        "Ｃｌｉｎｉｃａｌｌｙ Ｖａｌｉｄａｔｅｄ",  # full-width letters
    ],
)
def test_a_disguised_promotion_phrase_in_a_name_is_caught(name: str) -> None:
    """A new-user trial got these model names past the rule (session 28)."""
    from carebench.protocol.levels import promotion_phrases_in

    assert promotion_phrases_in(name, EvidenceLevel.AGENT, joined=True) == ["clinically validated"]


def test_prose_is_not_read_joined() -> None:
    """Across words a joined reading would find phrases prose does not say ("unsafe. To deploy")."""
    from carebench.protocol.levels import promotion_phrases_in

    text = "The agent is unsafe. To deploy it would need a prospective study."
    assert promotion_phrases_in(text, EvidenceLevel.AGENT) == []
    assert promotion_phrases_in(text, EvidenceLevel.AGENT, joined=True) == ["safe to deploy"]


def test_a_plan_named_or_described_with_a_promotion_phrase_is_refused_when_registered() -> None:
    from carebench.errors import CarebenchError
    from carebench.protocol.plans import parse_plan

    with pytest.raises(CarebenchError, match="name: contains the promotion phrase"):
        parse_plan("format: carebench-plan/2\nname: clinically-validated-release\n", "p.yaml")
    with pytest.raises(CarebenchError, match="description: contains the promotion phrase"):
        parse_plan(
            "format: carebench-plan/2\nname: ok\ndescription: safe for deployment\n", "p.yaml"
        )
    assert parse_plan("format: carebench-plan/2\nname: release-2\n", "p.yaml").name == "release-2"
