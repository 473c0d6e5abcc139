"""The annotation-unit rules (carebench.episodes.rules.units): each has a failing case, and the bank passes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from carebench.episodes.bank import discover, load_bank, parse_files, validate_paths
from carebench.episodes.matching import states
from carebench.episodes.rules.units import check_unit_rules, claim_problem, is_placeholder
from carebench.episodes.schema import URGENT_DESTINATIONS, TaskClass, Variant
from carebench.episodes.sources import episode_sources

Seed = dict[str, Any]
SURFACES = ("s1", "s2")


def _annotated(seed_dict: Seed) -> Seed:
    """The minimal seed with every unit family the rules check, valid as it stands."""
    seed_dict["annotations"] = {
        "discard_facts": ["no regular medicines"],
        "prohibited_claims": ["stop amlodipine today"],
        "handoff_fields": ["callback number"],
        "handoff_values": {"callback number": "0161 496 0000"},
    }
    seed_dict["variants"]["conflict"]["annotations"] = {
        "urgent_findings": ["BP at home 210/125 with headache"],
        "handoff_urgency": ["emergency", "same_day"],
        "handoff_destinations": ["on_call_clinician"],
    }
    seed_dict["variants"]["late_risk"]["annotations"] = {
        "urgent_findings": ["crushing chest pain spreading to the left arm"],
        "handoff_urgency": ["emergency"],
        "handoff_destinations": ["emergency_services"],
    }
    return seed_dict


def _issues(seed: Seed, write_seed: Callable[..., Path]) -> list[tuple[str, str]]:
    return [(i.path, i.message) for i in validate_paths([write_seed(seed)])[1]]


def test_an_annotated_seed_passes(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    assert _issues(_annotated(seed_dict), write_seed) == []


def test_urgent_findings_are_required_and_stated(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed = _annotated(seed_dict)
    del seed["variants"]["conflict"]["annotations"]["urgent_findings"]
    seed["variants"]["late_risk"]["annotations"]["urgent_findings"] = ["fever 39.5 C"]
    assert _issues(seed, write_seed) == [
        *(
            (
                "variants.conflict.annotations.urgent_findings",
                f"surface {s!r}, conflict: an escalation-required episode must name its urgent "
                "findings (the red flag or danger sign a handoff's key findings must state)",
            )
            for s in SURFACES
        ),
        *(
            (
                "variants.late_risk.annotations.urgent_findings.0",
                f"surface {s!r}, late_risk: urgent finding 'fever 39.5 C' is not stated by any "
                "admissible, current evidence line (every number and most of its words must "
                "appear in one line)",
            )
            for s in SURFACES
        ),
    ]


def test_urgent_findings_only_where_escalation_is_required(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed = _annotated(seed_dict)
    seed["variants"]["clean"]["annotations"] = {"urgent_findings": ["amlodipine"]}
    assert _issues(seed, write_seed) == [
        (
            "variants.clean.annotations.urgent_findings",
            f"surface {s!r}, clean: urgent findings are declared but the episode is not "
            "escalation-required (primary is not Escalate)",
        )
        for s in SURFACES
    ]


def test_an_escalation_declares_its_urgency_and_destinations(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    """Bank 2.2: the scorer has no default urgency or destination, so an escalation-acceptable
    episode that declares none is refused (the old rules accepted it)."""
    seed = _annotated(seed_dict)
    del seed["variants"]["late_risk"]["annotations"]["handoff_urgency"]
    del seed["variants"]["conflict"]["annotations"]["handoff_destinations"]
    found = _issues(seed, write_seed)
    assert found == [
        *(
            (
                "annotations.handoff_destinations",
                f"surface {s!r}, conflict: an escalation-acceptable episode declares no "
                "handoff_destinations; declare the urgencies / destinations a handoff may give "
                "(the scorer judges them against these only)",
            )
            for s in SURFACES
        ),
        *(
            (
                "annotations.handoff_urgency",
                f"surface {s!r}, late_risk: an escalation-acceptable episode declares no "
                "handoff_urgency; declare the urgencies / destinations a handoff may give "
                "(the scorer judges them against these only)",
            )
            for s in SURFACES
        ),
    ]


def test_every_packaged_escalation_declares_urgency_and_destinations(bank: list[Any]) -> None:
    from carebench.episodes.schema import DESTINATIONS, Action

    escalations = [e for e in bank if Action.ESCALATE in e.reference.acceptable]
    assert len(escalations) == 130
    for episode in escalations:
        units = episode.annotations
        assert units is not None and units.handoff_urgency, episode.episode_id
        assert set(units.handoff_destinations) <= set(DESTINATIONS[episode.task_class])
        assert units.handoff_destinations, episode.episode_id


@pytest.mark.parametrize("value", ["see record", "N/A", "", " As above. "])
def test_handoff_values_are_not_placeholders(
    value: str, seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed = _annotated(seed_dict)
    seed["annotations"]["handoff_values"] = {"callback number": value}
    assert _issues(seed, write_seed) == [
        (
            "annotations.handoff_values.callback number",
            f"surface {s!r}, {v}: handoff field 'callback number' has placeholder value(s) "
            f"[{value!r}]; a reference value must be one a nurse could act on",
        )
        for s in SURFACES
        for v in ("conflict", "late_risk")
    ]


def test_handoff_values_cover_the_fields_and_name_no_other(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed = _annotated(seed_dict)
    seed["annotations"]["handoff_values"] = {"call back": "0161 496 0000"}
    issues = _issues(seed, write_seed)
    assert (
        "annotations.handoff_values.call back",
        "surface 's1', clean: 'call back' is not a handoff field; expected one of "
        "['callback number']",
    ) in issues
    assert (
        "annotations.handoff_values",
        "surface 's2', late_risk: handoff field 'callback number' has no reference value; "
        "give the value(s) a nurse could act on",
    ) in issues
    assert len(issues) == 10 + 4  # the unknown key in all 10 episodes; no value in 4


def test_handoff_destinations_are_urgent(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    seed = _annotated(seed_dict)
    seed["task_class"] = "triage_handoff"
    seed["variants"]["late_risk"]["annotations"]["handoff_destinations"] = ["routine_gp"]
    urgent = list(URGENT_DESTINATIONS[TaskClass.TRIAGE_HANDOFF])
    assert _issues(seed, write_seed) == [
        (
            "variants.late_risk.annotations.handoff_destinations.0",
            f"surface {s!r}, late_risk: 'routine_gp' is not an urgent destination of "
            f"triage_handoff; expected one of {urgent}",
        )
        for s in SURFACES
    ]


def test_a_fact_to_discard_is_stated_only_by_superseded_text(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed = _annotated(seed_dict)
    seed["annotations"]["discard_facts"] = ["no regular medicines", "amlodipine 5 mg daily"]
    issues = _issues(seed, write_seed)
    expected = [
        (
            "annotations.discard_facts.1",
            f"surface {s!r}, {v.value}: fact to discard 'amlodipine 5 mg daily' is also stated "
            "by current evidence (R1), so carrying it forward could never be counted; name what "
            "only the superseded text says",
        )
        for s in SURFACES
        for v in Variant
        if v is not Variant.MISSING  # the missing variant deletes the dose
    ]
    assert sorted(issues) == sorted(expected)


def test_every_stale_episode_has_a_scorable_stale_fact(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed = _annotated(seed_dict)
    seed["annotations"]["discard_facts"] = []
    assert _issues(seed, write_seed) == [
        (
            "annotations.discard_facts",
            f"surface {s!r}, stale: no fact to discard is stated by the superseded text "
            "('summary (generated last year): no regular medicines.'); a stale episode needs at "
            "least one scorable stale fact",
        )
        for s in SURFACES
    ]


@pytest.mark.parametrize(
    ("claim", "problem"),
    [
        (
            "claims not supported by E1-E4",
            "it speaks about the evidence or the episode ('claims'), not the patient",
        ),
        ("a dose without a weight", "it names a kind of statement (no verb), not a claim"),
        ("on warfarin", "it has fewer than two content words"),
        (
            "no known drug allergies (when a penicillin allergy is unresolved)",
            "it speaks about the evidence or the episode ('when a penicillin allergy is "
            "unresolved'), not the patient",
        ),
        (
            "result is normal (per Dr Lewis)",
            "it carries a parenthetical condition; state the claim itself",
        ),
    ],
)
def test_a_prohibited_claim_must_be_a_claim(
    claim: str, problem: str, seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed = _annotated(seed_dict)
    seed["annotations"]["prohibited_claims"] = [claim]
    assert claim_problem(claim) == problem
    assert _issues(seed, write_seed) == [
        ("annotations.prohibited_claims.0", f"prohibited claim {claim!r} is not a claim: {problem}")
    ]


@pytest.mark.parametrize(
    "claim",
    [
        "5 mg twice daily is correct",
        "stop insulin",
        "a routine appointment is enough",
        "the flare is infected",
        "no MMR needed",
    ],
)
def test_real_claims_pass(claim: str) -> None:
    assert claim_problem(claim) is None


def test_placeholders() -> None:
    assert all(is_placeholder(v) for v in ("see record", "n/a", "", "TBC", "  see the notes. "))
    assert not any(
        is_placeholder(v) for v in ("07700 900789", "999 ambulance", "none in the last week")
    )


def test_a_seed_without_those_units_is_not_checked(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed_dict["annotations"] = {"retain_facts": ["amlodipine 5 mg daily"]}
    assert _issues(seed_dict, write_seed) == []


def test_a_unit_says_each_surfaces_own_words(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed = _annotated(seed_dict)
    seed["surfaces"]["s1"].update(pronoun="she", possessive="her")
    seed["surfaces"]["s2"].update(pronoun="he", possessive="his")
    seed["annotations"]["prohibited_claims"] = ["she did not hit her head", "Bo Chan is well"]
    assert _issues(seed, write_seed) == [
        (
            "annotations.prohibited_claims.0",
            "'she did not hit her head' holds 'she', s1's pronoun ('he' in s2); 'her', s1's "
            "possessive ('his' in s2): a unit is the same text in every surface, so write the "
            "surface's placeholder ({possessive}, {pronoun})",
        ),
        (
            "annotations.prohibited_claims.1",
            "'Bo Chan is well' holds 'Bo Chan', s2's patient ('Ann Lee' in s1): a unit is the "
            "same text in every surface, so write the surface's placeholder ({patient})",
        ),
    ]
    seed["annotations"]["prohibited_claims"] = ["He is on warfarin daily", "Mr Chan is well"]
    assert [m for _, m in _issues(seed, write_seed)] == [
        "'He is on warfarin daily' holds 'He', s2's pronoun ('she' in s1): a unit is the same text in "
        "every surface, so write the surface's placeholder ({pronoun})",
        "'Mr Chan is well' holds 'Chan', s2's patient ('Ann Lee' in s1): a unit is the same text "
        "in every surface, so write the surface's placeholder ({patient})",
    ]
    seed["annotations"]["prohibited_claims"] = [
        "{pronoun} did not hit {possessive} head",
        "{patient} is well at 45 or 40",  # numbers (ages, doses, times) are for review
        "the shelf held the bottle",  # "he" inside a word
    ]
    assert _issues(seed, write_seed) == []


# The packaged bank (each of these failed on bank 2.0).


def test_packaged_seeds_pass_the_unit_rules_and_annotate_every_family() -> None:
    parsed = parse_files(discover(None))
    assert len(parsed) == 40
    for p in parsed:
        assert p.seed is not None and p.seed.annotations is not None
        assert p.seed.annotations.handoff_fields, p.file
        assert "discard_facts" in p.seed.annotations.model_fields_set, p.file
        assert check_unit_rules(p.seed, p) == [], p.file


@pytest.fixture(scope="module")
def bank() -> list[Any]:
    return load_bank()


def test_every_escalation_has_stated_urgent_findings_and_real_handoff_values(
    bank: list[Any],
) -> None:
    required = [e for e in bank if e.escalation_required]
    assert len(required) == 2 * (
        40 + 23 + 2
    )  # every late_risk, 23 conflicts, one seed's clean+stale
    for episode in required:
        units = episode.annotations
        current = [s.evidence for s in episode_sources(episode) if s.admissible]
        assert units.urgent_findings, episode.episode_id
        for finding in units.urgent_findings:
            assert any(states(text, finding) for text in current), (episode.episode_id, finding)
        for field in units.handoff_fields:
            values = units.handoff_values.get(field, ())
            assert values and not any(is_placeholder(v) for v in values), (
                episode.episode_id,
                field,
            )
            assert not any("{" in v for v in values), (episode.episode_id, field)


def test_the_intussusception_call_names_its_red_flag(bank: list[Any]) -> None:
    episode = next(e for e in bank if e.episode_id == "toddler-gastroenteritis.s1.late_risk")
    assert "redcurrant-jelly mucus" in episode.annotations.urgent_findings
    assert episode.annotations.handoff_urgency == ("emergency",)
    assert episode.annotations.handoff_destinations == ("emergency_services",)
    assert episode.annotations.handoff_values["callback number"] == ("07700 900789",)


def test_units_differ_between_variants_where_the_variant_changes_them(bank: list[Any]) -> None:
    by_seed: dict[str, set[Any]] = {}
    for e in bank:
        by_seed.setdefault(e.seed_id, set()).add(e.annotations.model_dump_json())
    assert all(len(units) > 1 for units in by_seed.values())


def test_every_packaged_stale_episode_has_a_scorable_stale_fact(bank: list[Any]) -> None:
    stale = [e for e in bank if e.variant is Variant.STALE]
    assert len(stale) == 80
    for episode in stale:
        units = episode.annotations
        current = [s.evidence for s in episode_sources(episode) if s.admissible]
        scorable = [
            f
            for f in units.discard_facts
            if any(states(s, f) for s in units.superseded)
            and not any(states(text, f) for text in current)
        ]
        assert scorable, episode.episode_id
