"""A one-seed bank with annotation units, for the protocol tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from carebench import load_bank
from carebench.episodes.schema import Action, Episode

FIXTURE = Path(__file__).parents[1] / "fixtures" / "minimal_seed.yaml"


@pytest.fixture(scope="session")
def annotated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Episode]:
    """Episodes of the minimal seed with units, keyed by variant name (surface s1)."""
    data: dict[str, Any] = yaml.safe_load(FIXTURE.read_text())
    data["annotations"] = {
        "retain_facts": ["amlodipine 5 mg daily"],
        "discard_facts": ["no regular medicines"],
        "prohibited_claims": ["stop amlodipine"],
        "handoff_fields": ["callback number", "current dose"],
        "handoff_values": {
            "callback number": "reply to {patient}'s portal message",
            "current dose": "amlodipine 5 mg daily",
        },
    }
    # Escalation-required variants name their urgent findings (carebench.episodes.rules.units).
    # ... and declare the urgencies and destinations a handoff may give (the validator requires it).
    routing = {
        "handoff_urgency": ["emergency", "same_day"],
        "handoff_destinations": ["care_team_same_day", "on_call_clinician", "emergency_services"],
    }
    data["variants"]["conflict"]["annotations"] = {
        "urgent_findings": ["BP 210/125 with headache"],
        **routing,
    }
    data["variants"]["late_risk"]["annotations"] = {
        "urgent_findings": ["crushing chest pain spreading to the left arm"],
        **routing,
    }
    folder = tmp_path_factory.mktemp("annotated")
    (folder / "minimal-seed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return {e.variant.value: e for e in load_bank([folder]) if e.surface == "s1"}


@pytest.fixture(scope="session")
def escalation() -> Episode:
    """The bank's first triage-handoff escalation whose only allowed urgency is emergency."""
    return next(
        e
        for e in load_bank()
        if e.reference.primary is Action.ESCALATE
        and e.annotations is not None
        and set(e.annotations.handoff_urgency) == {"emergency"}
        and e.task_class.value == "triage_handoff"
    )
