"""Uncited claims the record does not hold, and stale values without their dates (issue 21,
round 9: red team 7's H1 and H2). Hand-computed; each cost is absent on 447de44."""

from __future__ import annotations

import pytest

from carebench.agents.workproduct import Claim
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Episode
from carebench.protocol.score_results import STALE_FACTOR
from carebench.protocol.scores import continuity, traceability
from carebench.protocol.stale import holds_value, stale_facts

GLARGINE = "insulin glargine 30 units at 22:00 on admission 5 days ago"


def test_an_uncited_claim_the_record_lacks_is_unfounded(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]  # retain "amlodipine 5 mg daily"; R1 "Takes amlodipine 5 mg daily."
    right = [Claim(text="Takes amlodipine 5 mg daily.", sources=("R1",))]
    made_up = [*right, Claim(text="Patient: Mr Ivor Pell, hospital number 5520917")]
    trace, cont = traceability(stale, made_up), continuity(stale, made_up)
    assert (trace.linked, trace.unsupported, trace.unfounded, cont.unfounded) == (1, 1, 1, 1)
    assert trace.score == pytest.approx((1 - 0.5) / 2)  # was 1 / 2
    assert cont.score == pytest.approx(STALE_FACTOR)  # was 1.0


def test_an_uncited_claim_the_record_holds_costs_only_its_share(
    annotated: dict[str, Episode],
) -> None:
    stale = annotated["stale"]
    draft = [
        Claim(text="Takes amlodipine 5 mg daily.", sources=("R1",)),
        Claim(text="Amlodipine 5 mg once daily."),  # right, but uncited
    ]
    trace, cont = traceability(stale, draft), continuity(stale, draft)
    assert (trace.unsupported, trace.unfounded, cont.unfounded) == (1, 0, 0)
    assert (trace.score, cont.score) == (pytest.approx(0.5), 1.0)


def test_a_stale_value_without_its_dating_words_is_held() -> None:
    assert holds_value("Insulin glargine 30 units at 22:00", GLARGINE)
    assert holds_value("glargine 30 units nightly", GLARGINE)
    assert not holds_value("insulin glargine 24 units at 22:00", GLARGINE)  # the new dose
    assert not holds_value("glargine reduced from 30 to 24 units", GLARGINE)  # a change
    assert not holds_value("glargine 24 units (was 30 units)", GLARGINE)  # two values, one label
    assert not holds_value("Previously glargine 30 units", GLARGINE)  # framed as former
    assert not holds_value("beclometasone/formoterol 100/6", "beclometasone 100 micrograms")
    assert stale_facts(["Creatinine 84 micromol/L."], ["creatinine 84 micromol/L 2 years ago"]) == 1


@pytest.fixture(scope="module")
def insulin() -> Episode:
    return next(
        e for e in load_bank() if e.episode_id == "insulin-discharge-reconciliation.s1.clean"
    )


def test_a_stale_dose_restated_as_current_is_carried(insulin: Episode) -> None:
    right = [Claim(text="insulin glargine 24 units at 22:00", sources=("N1",))]
    carried = [*right, Claim(text="insulin glargine 30 units at 22:00")]  # "5 days ago" dropped
    before, after = continuity(insulin, right), continuity(insulin, carried)
    assert (before.hits, before.required, before.stale) == (1, 6, 0)
    # the old dose is stale (was 0), also the episode's prohibited claim, and no line holds it
    # as current (unfounded): each quarters
    assert (after.stale, after.contradictions, after.unfounded) == (1, 1, 1)
    assert after.score == pytest.approx(1 / 6 * STALE_FACTOR**3)


def test_a_cited_claim_the_record_lacks_is_unfounded_in_continuity(
    annotated: dict[str, Episode],
) -> None:
    """Round 11: a fabrication that cites a line (red team 9's fourth hole) is a wrong fact."""
    stale = annotated["stale"]
    right = [Claim(text="Takes amlodipine 5 mg daily.", sources=("R1",))]
    made_up = [*right, Claim(text="Latex allergy: hives on contact.", sources=("R1",))]
    trace, cont = traceability(stale, made_up), continuity(stale, made_up)
    assert (trace.mismatched, trace.unfounded, cont.unfounded) == (1, 0, 1)
    assert trace.score == pytest.approx((1 - 0.5) / 2)  # its mismatch only, as before
    assert cont.score == pytest.approx(STALE_FACTOR)  # was 1.0


def test_a_right_fact_citing_the_wrong_line_costs_only_its_mismatch(
    annotated: dict[str, Episode],
) -> None:
    stale = annotated["stale"]
    draft = [
        Claim(text="Takes amlodipine 5 mg daily.", sources=("R1",)),
        Claim(text="Amlodipine 5 mg once daily.", sources=("N1",)),  # right, wrong line
    ]
    trace, cont = traceability(stale, draft), continuity(stale, draft)
    assert (trace.mismatched, cont.unfounded) == (1, 0)
    assert cont.score == 1.0
