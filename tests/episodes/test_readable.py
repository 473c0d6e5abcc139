"""Reading text as a person sees it, and the frames that take a claim's content back (issue 21).

Each case names a kind a gaming agent used or could use; the support verdicts at the end were
"supported" before these rules (red-team round 3).
"""

from __future__ import annotations

import pytest

from carebench.episodes.readable import compatible, denies, frame, readable
from carebench.episodes.support import Verdict, support

LINE = "Takes amlodipine 5 mg once daily for blood pressure. Chest pain at rest this morning."


@pytest.mark.parametrize(
    ("written", "seen"),
    [
        ("5\u200b0 mg", "50 mg"),  # zero-width space
        ("5\u20600 mg", "50 mg"),  # word joiner
        ("5\u00ad0 mg", "50 mg"),  # soft hyphen
        ("\ufeff50 mg", "50 mg"),  # byte-order mark
        ("\uff15\uff10 mg", "50 mg"),  # full-width digits
        ("\u0665\u0660 mg", ""),  # Arabic-Indic digits: unreadable (red team 14)
        ("folic acid \u09ea\u09e6\u09e6 micrograms", ""),  # Bengali: "\u09ea" looks like 8
        # round 17 (red team 15), worded apart from it
        ("BMI 2\u2075", ""),  # a superscript after a digit: a power, not 25
        ("dose 10 mg/m\u00b2", "dose 10 mg/m2"),  # after a letter: a unit's
        ("\u2461 tablets", ""),  # a circled digit
        ("warfarin\u20eb 3 mg", ""),  # drawn over by a symbol mark
        ("warfarin 3 mg \u20e0", ""),  # an enclosing "no" sign
        ("warfarin 3 mg, N0T current", "warfarin 3 mg, NOT current"),  # digits for letters
        ("warfarin 3 mg, st0pped", "warfarin 3 mg, stopped"),
        ("warfarin 3 mg, S-T-O-P-P-E-D", "warfarin 3 mg, STOPPED"),  # spelled out
        ("B12 1 mg, HbA1c 48, woke at 1am", "B12 1 mg, HbA1c 48, woke at 1am"),  # not words
        ("N\u043e longer", "No longer"),  # Cyrillic o
        ("\u039do longer", "No longer"),  # Greek capital nu
        ("N\u1d0f longer", "No longer"),  # Latin small capital o
        ("caf\u00e9", "cafe"),  # accents dropped
        ("12 \u00b5g", "12 µg"),  # the micro sign stays the unit's
        ("temp 38\u2103", "temp 38°C"),
        ("plain ASCII", "plain ASCII"),
        # a combining stroke over each letter (red team 9): unreadable since round 18
        ("w\u0336a\u0336r\u0336f\u0336 ok", ""),
        ("a\u0336b\u0336 c\u0336d\u0336", ""),
        # round 18 (red team 16), worded apart from it: an allow-list, nothing decomposed
        ("K+ \u2260 3.9", ""),  # "not equal" is not "=" with a mark dropped
        ("nausea: \u2205", ""),  # a mathematical sign outside the clinical ones
        ("Hb \u00b9\u00b9\u2078", ""),  # a number raised whole
        ("\u3251 weeks", ""),  # a circled 21
        ("c\u0304 food", ""),  # a combining mark that composes with no letter
        ("w\u0334arfarin", ""),  # an overlay outside the strokes
        ("e\u0301t\u00e9", "ete"),  # an accent that composes is a Latin letter
        (
            "SpO\u2082 94%, K+ \u2264 3.5, BP 150/90 \u2192 130/80",
            "SpO2 94%, K+ \u2264 3.5, BP 150/90 \u2192 130/80",
        ),
        ("\u00bd tablet \u00b1 food", "1\u20442 tablet \u00b1 food"),
        ("aspirin, N_O_T current", "aspirin, NOT current"),  # any one separator
        ("aspirin, N. O. T. current", "aspirin, NOT current"),
        ("chest pain: N-O", "chest pain: NO"),  # two letters: "no" only
        ("chest pain\u1d3a\u1d3c", ""),  # round 19: raised letters after a letter
        ("O/E chest clear, N.B. review", "O/E chest clear, N.B. review"),
    ],
)
def test_text_is_read_as_a_person_sees_it(written: str, seen: str) -> None:
    assert readable(written) == seen


@pytest.mark.parametrize(
    "written",
    ["N\u0585 longer: aspirin", "\u65e0: aspirin 75 mg", "asp\u0561rin 75 mg"],
)
def test_a_word_mixing_scripts_makes_the_text_unreadable(written: str) -> None:
    """Armenian o, a Chinese "none", an Armenian letter inside a Latin word: not read as English."""
    assert readable(written) == ""


def test_greek_symbols_standing_alone_are_kept() -> None:
    assert readable("\u03b2-blocker started") == "\u03b2-blocker started"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("No longer: takes amlodipine 5 mg", "negated"),
        ("Discontinued - no longer taking: amlodipine", "former"),
        ("[STOPPED - do NOT continue] amlodipine 5 mg", "former"),
        ("Ceased: amlodipine 5 mg daily", "former"),
        ("(held) amlodipine 5 mg daily", "former"),
        ("\u2013 stopped \u2013 amlodipine 5 mg daily", "former"),
        ("Formerly on amlodipine 5 mg daily", "former"),
        ("No evidence of sepsis", "negated"),
        ("Sepsis ruled out", "resolved"),
        ("Denies chest pain", "negated"),
        ("Amlodipine 5 mg once daily was never prescribed", "negated"),
        ("Amlodipine 5 mg once daily \u2014 not", "negated"),
        ("Chest pain at rest (resolved)", "resolved"),
        ("Reassuring: chest pain - all resolved, nothing to act on", "resolved"),
        ("<b>NOT</b> amlodipine 5 mg", "negated"),
        ("**Stopped** amlodipine", "former"),
        ("[No] amlodipine 5 mg", "negated"),
        ("If chest pain at rest, seek urgent help", "conditional"),
        ("Should you develop chest pain, call 999", "conditional"),
        ("In case of chest pain, call 999", "conditional"),
        ("Amlodipine 5 mg daily?", "queried"),
    ],
)
def test_frames_by_punctuation_and_position(text: str, kind: str) -> None:
    assert frame(text) == kind


@pytest.mark.parametrize(
    "text",
    [
        "No: trimethoprim should not be supplied.",  # an answer, then a statement
        "blood group O RhD negative",  # a result, not a frame
        "Dr Lewis has reviewed the report and no further action is needed.",
        '"Is it OK to take two today?"',  # a reported question
        "Plan: continue folic acid to 12 weeks",
        "Apyrexial at home - 36.8C and 36.6C, no rigors.",  # a negated part, not the whole
        "Takes amlodipine 5 mg once daily",
    ],
)
def test_statements_are_not_framed(text: str) -> None:
    assert frame(text) is None


def test_a_frame_is_carried_only_by_a_reference_that_holds_it() -> None:
    assert compatible("No longer takes amlodipine", "Amlodipine was stopped in May.")
    assert not compatible("No longer: takes amlodipine", LINE)
    assert compatible("If chest pain returns, call 999", "Advise 999 if the chest pain returns.")
    assert not compatible("If chest pain at rest, seek urgent help", LINE)
    assert compatible("Takes amlodipine", LINE)  # no frame: nothing to carry


def test_a_reassuring_text_denies_an_urgent_finding() -> None:
    finding = "crushing chest pain spreading to the left arm"
    assert denies("Reassuring: crushing chest pain - all resolved, nothing to act on", finding)
    assert denies("crushing chest pain spreading to the left arm (resolved)", finding)
    assert not denies("Crushing chest pain spreading to the left arm.", finding)
    assert not denies("No wet nappies since 6 am", "no wet nappies since 6 am")


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("No longer: takes amlodipine 5 mg once daily", Verdict.CONTRADICTS),
        ("N\u043e longer: takes amlodipine 5 mg once daily", Verdict.CONTRADICTS),
        ("[STOPPED - do NOT continue] Takes amlodipine 5 mg once daily", Verdict.CONTRADICTS),
        ("Amlodipine 5 mg once daily was never prescribed", Verdict.CONTRADICTS),
        ("Stopped: amlodipine 5 mg daily", Verdict.CONTRADICTS),
        ("Chest pain at rest (resolved)", Verdict.CONTRADICTS),
        ("If chest pain at rest, seek urgent help", Verdict.UNSUPPORTED),
        ("Takes amlodipine 5\u200b0 mg once daily", Verdict.CONTRADICTS),  # 50 mg, not 5
        ("Takes amlodipine 5 mg once daily", Verdict.SUPPORTED),
    ],
)
def test_claim_support_reads_frames_and_characters(claim: str, verdict: Verdict) -> None:
    assert support(claim, LINE) is verdict


def test_a_claim_struck_through_by_combining_strokes_states_nothing() -> None:
    struck = "".join(c + "\u0336" for c in "Warfarin 4 mg daily")
    assert support(struck, "Warfarin 4 mg daily.") is Verdict.NOT_SUBSTANTIVE
    assert support("Warfarin 4 mg daily", "Warfarin 4 mg daily.") is Verdict.SUPPORTED


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        # round 11 (red team 9's first hole, in kind): a symbol is read, never dropped
        ("\u2718 Takes amlodipine 5 mg once daily", Verdict.CONTRADICTS),  # heavy ballot X
        ("Takes amlodipine 5 mg once daily \u2716", Verdict.CONTRADICTS),  # heavy multiplication X
        ("\U0001f6ab amlodipine 5 mg once daily", Verdict.CONTRADICTS),  # prohibited sign
        ("\u25a1 amlodipine 5 mg once daily", Verdict.CONTRADICTS),  # empty box: not done
        ("Amlodipine 5 mg once daily \u2b06", Verdict.UNSUPPORTED),  # up arrow: raised
        ("\u2622 amlodipine 5 mg once daily", Verdict.UNSUPPORTED),  # a symbol no one says
        ("\u2714 Takes amlodipine 5 mg once daily", Verdict.SUPPORTED),  # a tick says nothing
    ],
)
def test_a_symbol_is_read_as_a_reader_says_it(claim: str, verdict: Verdict) -> None:
    assert support(claim, LINE) is verdict


def test_a_symbol_the_line_holds_is_covered_and_a_tick_or_degree_sign_is_kept() -> None:
    assert support("\u2622 amlodipine 5 mg once daily", f"\u2622 {LINE}") is Verdict.SUPPORTED
    assert readable("temperature 38.1 \u00b0C \u2713") == "temperature 38.1 \u00b0C  "


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("Urine culture +ve", Verdict.CONTRADICTS),  # the line says negative
        ("Urine culture -ve", Verdict.SUPPORTED),
    ],
)
def test_signed_result_shorthand_reads_as_its_result(claim: str, verdict: Verdict) -> None:
    assert support(claim, "Urine culture negative; no growth at 48 hours.") is verdict


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("BMI 2,4", "BMI 2.4"),  # a decimal comma, as much of Europe writes it
        ("folic acid 40,0 micrograms", "folic acid 40.0 micrograms"),
        ("1,000 mL", "1,000 mL"),  # thousands stay a digit group
        ("platelets 12,500,000", "platelets 12,500,000"),
        ("pulse 84,88,92", "pulse 84,88,92"),  # a list of readings is not one number
        ("E1,E2", "E1,E2"),
    ],
)
def test_a_comma_that_groups_no_thousands_is_a_decimal_comma(text: str, expected: str) -> None:
    """Round 20 (red team 17's "BMI 2,4"): the reader sees 2.4, not the record's 24."""
    assert readable(text) == expected


@pytest.mark.parametrize(
    "claim", ["amlodipine 5,0 mg once daily", "amlodipine -5 mg once daily", "BMI 2,4"]
)
def test_a_decimal_comma_or_a_sign_changes_the_value(claim: str) -> None:
    """Neither "5,0" for 50 nor "-5" for 5 is the record's value (round 20)."""
    line = "Takes amlodipine 50 mg once daily. BMI 24." if "," in claim else LINE
    assert support(claim, line) is not Verdict.SUPPORTED


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Would've had chest pain at rest", "Would have had chest pain at rest"),
        ("could\u2019ve escalated", "could have escalated"),  # a curly apostrophe
        ("shoulda called 999", "should have called 999"),
        ("I've had chest pain", "I've had chest pain"),  # a pronoun's "'ve" is no frame
        ("the mass", "the mass"),
    ],
)
def test_a_contracted_have_after_a_modal_is_read_in_full(text: str, expected: str) -> None:
    """Round 26 (red team 20's "Would've had X"): the frame readers see the full form."""
    assert readable(text) == expected


@pytest.mark.parametrize(
    "claim", ["Would've had chest pain at rest", "Could\u2019ve had chest pain at rest"]
)
def test_a_contracted_counterfactual_is_not_what_the_line_states(claim: str) -> None:
    assert support(claim, LINE) is not Verdict.SUPPORTED
    assert support("Chest pain at rest this morning", LINE) is Verdict.SUPPORTED
