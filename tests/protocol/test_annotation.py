"""Annotation units: labels, disagreement rules, agreement per unit type and the export format."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from sklearn.metrics import cohen_kappa_score

from carebench.episodes.review import DisagreementType, UnitLabels, load_reviews
from carebench.episodes.schema import Action, Variant
from carebench.errors import CarebenchError
from carebench.protocol.annotation import (
    AdjudicatedUnit,
    RatedUnit,
    Unit,
    agreement_by_unit_type,
    allowed_types,
    build_units,
    check_disagreements,
    differing_units,
    export_files,
    make_labels,
    parse_unit_id,
)
from tests.conftest import run_cli

NONE = DisagreementType.NONE


@pytest.fixture(scope="module")
def units(tiny_bank: list) -> dict[str, Unit]:
    return {u.id: u for u in build_units(tiny_bank)}


def _labels(primary: str, *acceptable: str, **lists: list[str]) -> UnitLabels:
    return UnitLabels(
        primary=Action(primary), acceptable=[Action(primary), *map(Action, acceptable)], **lists
    )


def test_one_unit_per_seed_and_variant_from_the_first_surface(tiny_bank: list) -> None:
    units = build_units(tiny_bank)
    assert [u.id for u in units] == [f"tiny-seed.{v.value}" for v in Variant]
    clean = next(e for e in tiny_bank if e.surface == "s1" and e.variant is Variant.CLEAN)
    assert "Ann Lee" in units[0].transcript and "Bo Chan" not in units[0].transcript
    assert units[0].transcript.startswith(f"## {clean.transcript[0].title}")
    assert units[0].sources and all(s.text in units[0].transcript for s in units[0].sources)


def test_selection(tiny_bank: list) -> None:
    assert [u.id for u in build_units(tiny_bank, variants=["stale"])] == ["tiny-seed.stale"]
    with pytest.raises(CarebenchError, match=r"\['nope'\] are not in the bank"):
        build_units(tiny_bank, seeds=["nope"])


def test_unit_ids() -> None:
    assert parse_unit_id("tiny-seed.late_risk") == ("tiny-seed", Variant.LATE_RISK)
    for bad in ("tiny-seed", "tiny-seed.bogus", "Tiny.clean", "../x.clean"):
        with pytest.raises(CarebenchError, match=r"expected <seed id>\.<variant>"):
            parse_unit_id(bad)


def test_make_labels_cleans_and_checks(units: dict[str, Unit]) -> None:
    unit = units["tiny-seed.clean"]
    source = unit.source_ids[0]
    labels = make_labels(
        "Escalate",
        ["Ask_Clarification"],
        {
            "retain_facts": ["  amlodipine   5 mg ", "Amlodipine 5 mg.", ""],
            "admissible_sources": [source],
        },
        "a note",
        unit,
    )
    # the primary joins the acceptable set, in the action order; duplicates after normalizing go
    assert labels.acceptable == [Action.ASK_CLARIFICATION, Action.ESCALATE]
    assert labels.retain_facts == ["amlodipine 5 mg"]
    assert labels.admissible_sources == [source]
    with pytest.raises(
        CarebenchError, match=r"admissible_sources: \['E99'\] are not evidence items"
    ):
        make_labels("Answer", [], {"admissible_sources": ["E99"]}, "", unit)
    with pytest.raises(CarebenchError, match=r"unknown action\(s\) \['Guess'\]"):
        make_labels("Guess", [], {}, "", unit)
    with pytest.raises(CarebenchError, match=r"unknown unit\(s\) \['facts'\]"):
        make_labels("Answer", [], {"facts": ["x"]}, "", unit)
    with pytest.raises(CarebenchError, match="retain_facts: 101 items; at most 100"):
        make_labels("Answer", [], {"retain_facts": [f"f{i}" for i in range(101)]}, "", unit)


def test_primary_outside_the_acceptable_set_is_rejected() -> None:
    with pytest.raises(ValueError, match="must contain the primary action Escalate"):
        UnitLabels(primary=Action.ESCALATE, acceptable=[Action.ANSWER])


def test_differing_units_and_allowed_types() -> None:
    a = _labels("Answer", retain_facts=["BP 130/80"], handoff_fields=["callback"])
    b = _labels("Answer", "Ask_Clarification", retain_facts=["bp 130/80."])
    assert differing_units(a, b) == ["decision", "handoff_fields"]
    assert allowed_types(a, b, "decision")[0] is DisagreementType.ACCEPTABLE_SET
    assert NONE not in allowed_types(a, b, "handoff_fields")
    assert NONE in allowed_types(a, b, "retain_facts")
    c = _labels("Escalate")
    assert allowed_types(a, c, "decision")[0] is DisagreementType.PRIMARY_ACTION


def test_check_disagreements_names_the_unit_and_the_allowed_values() -> None:
    a, b = _labels("Answer"), _labels("Escalate", handoff_fields=["urgency"])
    good = {"decision": "primary_action", "handoff_fields": "text_ambiguity"}
    good |= {u: "none" for u in ("retain_facts", "revise_facts", "discard_facts")}
    good |= {u: "none" for u in ("prohibited_claims", "admissible_sources")}
    assert check_disagreements(a, b, good)["decision"] is DisagreementType.PRIMARY_ACTION
    with pytest.raises(CarebenchError, match="handoff_fields: 'none' is not allowed here"):
        check_disagreements(a, b, good | {"handoff_fields": "none"})
    with pytest.raises(CarebenchError, match="decision: 'acceptable_set' is not allowed"):
        check_disagreements(a, b, good | {"decision": "acceptable_set"})
    with pytest.raises(CarebenchError, match=r"missing \['decision'\]"):
        check_disagreements(a, b, {k: v for k, v in good.items() if k != "decision"})


def test_agreement_per_unit_type_by_hand() -> None:
    rated = [
        RatedUnit(
            "s.clean",
            _labels("Answer", retain_facts=["x", "y"]),
            _labels("Answer", retain_facts=["X"]),
            ("R1", "R2"),
        ),
        RatedUnit(
            "s.missing",
            _labels("Ask_Clarification", "Answer", admissible_sources=["R1"]),
            _labels("Escalate", admissible_sources=["R1", "R2"]),
            ("R1", "R2"),
        ),
        RatedUnit("s.stale", _labels("Answer"), _labels("Answer"), ("R1",)),
    ]
    result = agreement_by_unit_type(rated)
    primary = result["primary"]
    assert primary.units == 3 and primary.ratings == 3
    assert primary.kappa == pytest.approx(
        cohen_kappa_score(
            ["Answer", "Ask_Clarification", "Answer"], ["Answer", "Escalate", "Answer"]
        )
    )
    # retain_facts: the seed's pool is {x, y}; per unit x item, sorted items x, y:
    # clean (1,1) (1,0); missing (0,0) (0,0); stale (0,0) (0,0)
    retain = result["retain_facts"]
    a = [1, 1, 0, 0, 0, 0]
    b = [1, 0, 0, 0, 0, 0]
    assert retain.ratings == 6
    assert retain.percent == pytest.approx(5 / 6)
    assert retain.kappa == pytest.approx(cohen_kappa_score(a, b))
    # admissible sources: the pool holds every evidence item id (R1, R2) even if nobody chose it
    sources = result["admissible_sources"]
    assert sources.ratings == 6 and sources.percent == pytest.approx(5 / 6)
    assert result["acceptable"].percent == pytest.approx(2 / 3)


def _final(primary: str, acceptable: list[str]) -> UnitLabels:
    return UnitLabels(
        primary=Action(primary),
        acceptable=[Action(a) for a in acceptable],
        retain_facts=["amlodipine 5 mg"],
        handoff_fields=["callback number"],
        note="final <b>note</b>",
    )


# the tiny seed's labels (tests/conftest.py), adjudicated unchanged
TINY = {
    "clean": ("Answer", ["Answer"]),
    "missing": ("Ask_Clarification", ["Ask_Clarification"]),
    "stale": ("Answer", ["Answer", "Ask_Clarification"]),
    "conflict": ("Escalate", ["Escalate"]),
    "late_risk": ("Escalate", ["Escalate"]),
}


def _adjudicated() -> list[AdjudicatedUnit]:
    out = []
    for variant, (primary, acceptable) in TINY.items():
        first = _labels("Answer", note="first <script>x</script>")
        second = _final(primary, acceptable)
        kinds = check_disagreements(
            first,
            second,
            {
                "decision": "none"
                if primary == "Answer" and acceptable == ["Answer"]
                else ("primary_action" if primary != "Answer" else "acceptable_set"),
                "retain_facts": "clinical_fact",
                "handoff_fields": "text_ambiguity",
                **{u: "none" for u in ("revise_facts", "discard_facts", "prohibited_claims")},
                "admissible_sources": "none",
            },
        )
        out.append(
            AdjudicatedUnit(
                f"tiny-seed.{variant}",
                (("alice", first), ("bob", second)),
                _final(primary, acceptable),
                kinds,
                "judy",
            )
        )
    return out


def test_export_is_the_review_format_and_the_seed_fragment(
    tmp_path: Path, tiny_bank_dir: Path
) -> None:
    files = export_files(_adjudicated())
    assert sorted(files) == ["labels/tiny-seed.yaml", "review/tiny-seed.yaml"]
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    (review,) = load_reviews(tmp_path / "review")
    assert review.review is not None
    assert review.review.adjudicator == "judy" and "bob" in review.review.reviewer
    stale = review.review.variants[Variant.STALE]
    assert stale.author.primary is Action.ANSWER and stale.disagreement.value == "acceptable_set"
    assert stale.protocol is not None
    assert stale.protocol.annotators["alice"].note == "first <script>x</script>"
    assert stale.protocol.final.handoff_fields == ["callback number"]
    assert stale.protocol.disagreements["retain_facts"] is DisagreementType.CLINICAL_FACT
    fragment = yaml.safe_load(files["labels/tiny-seed.yaml"])
    assert fragment["variants"]["stale"] == {
        "reference": {"primary": "Answer", "acceptable": ["Answer", "Ask_Clarification"]},
        "annotations": {
            "retain_facts": ["amlodipine 5 mg"],
            "revise_facts": [],
            "discard_facts": [],
            "prohibited_claims": [],
            "admissible_sources": [],
            "handoff_fields": ["callback number"],
        },
    }
    # `carebench episodes review` reads the export; its adjudicated labels are the seed's
    done = run_cli("episodes", "review", "--reviews", str(tmp_path / "review"), str(tiny_bank_dir))
    assert done.returncode == 0, done.stderr
    assert "units (seed x variant): 5" in done.stdout
