"""A fact's result word, what a swapped claim costs a draft, misleading omissions (issue 21, H3)."""

from __future__ import annotations

import pytest

from carebench.agents.workproduct import Claim
from carebench.episodes.schema import Episode
from carebench.protocol.omissions import closes, truncates
from carebench.protocol.result_words import keeps_result
from carebench.protocol.scores import continuity, traceability
from carebench.protocol.stated import asserts
from carebench.protocol.wrong_claims import SWAP_FACTOR, rescaled, swaps, tenfold


def test_a_fact_without_its_result_word_is_not_stated() -> None:
    assert not asserts("antibody screen", "antibody screen negative")
    assert not asserts("blood group O RhD", "blood group O RhD negative")
    assert not asserts("spironolactone", "spironolactone held")
    assert asserts("Antibody screen: negative.", "antibody screen negative")
    assert asserts("O Rh-negative, blood group O", "blood group O RhD negative")
    assert keeps_result("amoxicillin discontinued", "amoxicillin stopped")  # a synonym side
    assert not keeps_result("amoxicillin continued", "amoxicillin stopped")
    assert keeps_result("dressings off at day 5", "dressings off at day 5")  # "off": no term


def test_a_dose_without_its_frequency_does_not_state_the_regimen(
    annotated: dict[str, Episode],
) -> None:
    stale = annotated["stale"]  # retain "amlodipine 5 mg daily"; R1 "Takes amlodipine 5 mg daily."
    assert continuity(stale, [Claim(text="Takes amlodipine 5 mg.", sources=("R1",))]).hits == 0
    assert continuity(stale, [Claim(text="Amlodipine 5 mg od.", sources=("R1",))]).hits == 1


def _draft(dose: str) -> list[Claim]:
    right = ("Amlodipine 5 mg daily.", "Amlodipine 5 mg once daily.")
    return [Claim(text=t, sources=("R1",)) for t in (dose, *right)]


def test_one_swapped_frequency_quarters_the_whole_draft(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]  # R1 "Takes amlodipine 5 mg daily."
    wrong = _draft("Takes amlodipine 5 mg twice daily.")
    trace, cont = traceability(stale, wrong), continuity(stale, wrong)
    assert (trace.linked, trace.contradicted, trace.swapped, cont.swapped) == (2, 1, 1, 1)
    assert trace.score == pytest.approx((2 - 0.5) / 3 * SWAP_FACTOR)  # 0.125, was 0.5
    assert cont.score == pytest.approx(1 * (1 - 1 / 3) * SWAP_FACTOR)  # 0.167, was 0.667
    right = traceability(stale, _draft("Takes amlodipine 5 mg daily."))
    assert (right.linked, right.swapped, right.score) == (3, 0, 1.0)


def test_another_number_keeps_its_share_of_the_draft(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]
    trace = traceability(stale, _draft("Takes amlodipine 10 mg daily."))
    assert (trace.contradicted, trace.swapped) == (1, 0)  # caught per claim, no veto


def test_a_swap_is_a_side_replaced_not_a_value() -> None:
    line = "Furosemide 40 mg IV twice daily; left knee"
    assert swaps("Furosemide 40 mg oral twice daily", line)
    assert swaps("Furosemide 40 mg IV twice daily; right knee", line)
    assert not swaps("Furosemide 80 mg IV twice daily", line)
    assert not swaps("Furosemide 40 mg twice daily", line)  # dropping a route is no swap


def test_a_fact_less_its_result_word_truncates_it() -> None:
    assert truncates("blood group O RhD", "blood group O RhD negative")
    assert truncates("Spironolactone.", "spironolactone held")
    assert not truncates("spironolactone held", "spironolactone held")  # stated, not truncated
    assert not truncates("weight 4.3 kg at the 6-week check", "6-week check normal")  # its own
    assert not truncates("amlodipine 5 mg", "amlodipine 5 mg")  # no result word to drop


def test_a_blanket_closure_is_not_a_scoped_one() -> None:
    assert closes("Nothing else of note.")
    assert closes("No other concerns")
    assert not closes("No other regular medicines")  # closes its list only
    assert not closes("no more than a week")


def test_a_closure_over_a_missing_fact_quarters_continuity(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]  # one required fact, "amlodipine 5 mg daily"
    asks = Claim(text="Asks for a repeat of amlodipine.", sources=("N1",))
    closed = Claim(text="Nothing else of note.", sources=("N1",))
    assert continuity(stale, [asks, closed]).misleading == 1
    full = [Claim(text="Takes amlodipine 5 mg daily.", sources=("R1",)), closed]
    assert continuity(stale, full).misleading == 0  # nothing missing: the closure is true
    truncated = continuity(stale, [Claim(text="Amlodipine 5 mg", sources=("R1",))])
    assert (truncated.hits, truncated.misleading) == (0, 1)


@pytest.mark.parametrize(
    ("claim", "line", "swap"),
    [
        ("Folic acid 400 mg daily.", "Takes folic acid 400 micrograms daily.", True),
        ("Warfarin 4 g daily.", "Warfarin 4 mg daily.", True),
        (
            "Check potassium 1-2 days after starting.",
            "Check potassium 1-2 weeks after starting.",
            True,
        ),
        ("Warfarin 5 mg daily.", "Warfarin 4 mg daily.", False),  # another value, kept its share
        ("Review due in about 7 weeks.", "Hydrocortisone up to 7 days; review in 3 months.", False),
    ],
)
def test_a_number_in_another_unit_of_its_dimension_is_a_swap(
    claim: str, line: str, swap: bool
) -> None:
    assert rescaled(claim, line) is swap
    assert swaps(claim, line) is swap


def test_a_claim_marked_former_where_its_line_is_current_is_a_swap() -> None:
    # round 12 (red team 10's ex-prefix): a hyphenated former prefix reads as "former"
    assert swaps("Ex-warfarin 4 mg daily.", "Takes warfarin 4 mg daily.")
    assert swaps("Stopped: warfarin 4 mg daily.", "Takes warfarin 4 mg daily.")
    assert not swaps("Ex-smoker, 20 pack-years.", "Ex-smoker; 20 pack-years.")


@pytest.mark.parametrize(
    ("claim", "line", "shifted"),
    [
        ("Levothyroxine 1000 micrograms daily.", "Levothyroxine 100 micrograms daily.", True),
        ("Enoxaparin 4 mg once daily.", "Enoxaparin 40 mg once daily.", True),  # a lost zero
        ("Insulin aspart 60 units.", "Insulin aspart 6 units with meals.", True),
        ("Levothyroxine 100 micrograms daily.", "Levothyroxine 100 micrograms daily.", False),
        ("Enoxaparin 40 mg; 400 mg total.", "Enoxaparin 40 mg daily; 400 mg over 10 days.", False),
        ("Paracetamol 1 g four times a day.", "Paracetamol 500 mg tablets.", False),  # other unit
    ],
)
def test_a_number_shifted_by_a_power_of_ten_in_its_unit_is_read(
    claim: str, line: str, shifted: bool
) -> None:
    """Round 14 (red team 12's tenfold field numbers): a dropped or added decimal point."""
    assert tenfold(claim, line) is shifted
