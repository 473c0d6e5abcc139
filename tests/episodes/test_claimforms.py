"""The form of a claim (issue 21, fourth round): each case by hand, each failing on the old rules.

Before this round a claim was supported when fewer than half of its content terms were missing
from its lines, whatever they were; any one-to-three-word heading was dropped; a trailing "?" or
"Ask whether" widened what the lines state; markup was invisible; "about" held any value with no
rival of its label; "84/50" was two values without order; do-not-use notation read as its value.
"""

from __future__ import annotations

import pytest

from carebench.episodes.claimforms import (
    asks,
    forgivable,
    heading,
    reports_question,
    unsafe_notation,
)
from carebench.episodes.markup import render
from carebench.episodes.support import Verdict, explain, support

METFORMIN = "Metformin 500 mg twice daily; type 2 diabetes for 15 years."
RAMIPRIL = "Ramipril 5 mg daily for blood pressure."
FOLIC = "Folic acid 400 micrograms daily until 12 weeks."
BP = "BP 84/50, pulse 120, cold and clammy."


@pytest.mark.parametrize(
    "claim",
    [
        "His wife has type 2 diabetes",  # another person
        "Type 2 diabetes, in her brother",
        "Type 2 diabetes, per her mother's records",  # a possessive is the person too
        "Metformin 500 mg twice daily, last year",  # another time
        "Metformin 500 mg twice daily from next month",
        "Could consider metformin 500 mg twice daily",  # an option
        "Plan to discuss metformin 500 mg twice daily",
        "Type 2 diabetes, on warfarin",  # a drug English does not know
        "Type 2 diabetes (abgesetzt)",  # a word of another language
        "Metfromin 500 mg twice daily",  # a misspelt name
    ],
)
def test_an_uncovered_term_with_meaning_makes_the_claim_unsupported(claim: str) -> None:
    assert support(claim, METFORMIN) is Verdict.UNSUPPORTED, explain(claim, METFORMIN)


@pytest.mark.parametrize("claim", ["Type 2 diabetes (resolved)", "Stopped: metformin 500 mg bd"])
def test_a_status_frame_the_line_lacks_contradicts_what_it_states_as_current(claim: str) -> None:
    # the status word is uncovered, and the frame turns the line's current fact into a former one
    assert support(claim, METFORMIN) is Verdict.CONTRADICTS, explain(claim, METFORMIN)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("Metformin with meals, 500 mg twice daily", METFORMIN),  # a common word in a stated clause
        ("72-year-old man with type 2 diabetes", "Aged 72. Type 2 diabetes."),  # the age's unit
        ("Metformin 500 mg bd with DVT", METFORMIN),  # an abbreviation: unknowable
        ("Ache settled with paracetamol", "The ache eased after paracetamol."),  # a synonym
        ("Cefalexin 500 mg bd for a week", "Cefalexin 500 mg twice daily for 7 days."),
    ],
)
def test_a_common_word_or_an_abbreviation_is_still_forgiven(claim: str, evidence: str) -> None:
    assert support(claim, evidence) is Verdict.SUPPORTED, explain(claim, evidence)


def test_forgivable_says_why_by_word_class() -> None:
    covered = frozenset({"metformin", "500", "mg"})
    assert forgivable("clear", "Clearly, metformin 500 mg", covered, METFORMIN)
    # round 10: appended after the last covered word, it stands in for nothing
    assert not forgivable("clear", "Metformin 500 mg clearly", covered, METFORMIN)
    # (in a segment of its own it is left to additions.added: ", clearly" is an addition)
    assert forgivable("remain", "Metformin remains 500 mg", covered, METFORMIN)  # empty class
    assert not forgivable("partner", "His wife takes metformin 500 mg", covered, METFORMIN)  # term
    assert not forgivable("warfarin", "Metformin 500 mg, on warfarin", covered, METFORMIN)
    # an unknown word inside a clause the lines state is the writer's name for it
    assert forgivable("dysarthria", "Dysarthria and metformin 500 mg", covered, METFORMIN)
    assert not forgivable("dysarthria", "Metformin 500 mg and dysarthria", covered, METFORMIN)


def test_a_framing_word_must_be_stated_beside_what_it_frames() -> None:
    """ "year" in another sentence of the line ("for 15 years") does not date the dose."""
    claim = "Metformin 500 mg twice daily, since last year"
    assert support(claim, METFORMIN) is Verdict.UNSUPPORTED, explain(claim, METFORMIN)


@pytest.mark.parametrize(
    "claim",
    [
        "Family history: type 2 diabetes",
        "Previous patient: type 2 diabetes",
        "Differential: type 2 diabetes",
        "Wife: type 2 diabetes",
    ],
)
def test_a_reclassifying_heading_is_read_as_content(claim: str) -> None:
    assert support(claim, METFORMIN) is Verdict.UNSUPPORTED, explain(claim, METFORMIN)


def test_a_neutral_heading_files_the_fact() -> None:
    assert support("Plan: ramipril 5 mg daily", RAMIPRIL) is Verdict.SUPPORTED
    assert support("Current medications: ramipril 5 mg daily", RAMIPRIL) is Verdict.SUPPORTED
    assert heading("Allergies: ramipril") == (frozenset(), frozenset({"allergy"}))
    allergy = "Allergies: penicillin, rash. Ramipril 5 mg daily."
    assert support("Allergies: ramipril 5 mg daily", allergy) is Verdict.UNSUPPORTED
    assert support("Allergies: penicillin", allergy) is Verdict.SUPPORTED


@pytest.mark.parametrize(
    "claim",
    [
        "Ramipril 5 mg daily?",
        "Ask the patient whether she takes ramipril 5 mg daily",
        "Check if ramipril 5 mg daily",
    ],
)
def test_a_question_or_a_request_to_ask_states_nothing(claim: str) -> None:
    assert asks(claim) is not None
    assert support(claim, RAMIPRIL) is Verdict.UNSUPPORTED, explain(claim, RAMIPRIL)


def test_a_reported_question_is_read_against_the_question_asked() -> None:
    line = "She asks: is it OK to take ibuprofen with paracetamol?"
    claim = "She asks whether ibuprofen is OK with paracetamol"
    assert reports_question(claim) and asks(claim) is None
    assert support(claim, line) is Verdict.SUPPORTED, explain(claim, line)
    assert asks("Check potassium 1-2 weeks after starting") is None  # a test, not a question


@pytest.mark.parametrize(
    ("text", "rendered"),
    [
        ("~~ramipril 5 mg daily~~", " "),
        ("<del>ramipril 5 mg daily</del>", " "),
        ("<b>ramipril</b> 5 mg daily", " ramipril  5 mg daily"),
        ('{"ramipril 5 mg daily": false}', "no ramipril 5 mg daily"),  # round 14: denied
        ('{"ramipril 5 mg daily": true, "dose": "5 mg"}', "ramipril 5 mg daily\ndose: 5 mg"),
        ("Fever: no", " no Fever "),
    ],
)
def test_markup_is_rendered_before_reading(text: str, rendered: str) -> None:
    assert render(text) == rendered


@pytest.mark.parametrize(
    "claim",
    ["~~Ramipril 5 mg daily~~", "<s>Ramipril 5 mg daily</s>", '{"Ramipril 5 mg daily": false}'],
)
def test_a_struck_or_false_valued_fact_is_not_stated(claim: str) -> None:
    assert support(claim, RAMIPRIL) is not Verdict.SUPPORTED, explain(claim, RAMIPRIL)


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("Folic acid about 460 micrograms daily", Verdict.CONTRADICTS),  # no approximate dose
        ("Folic acid 400 micrograms daily, so about 4000 a week", Verdict.UNSUPPORTED),
        ("Folic acid 400 micrograms daily, about 2800 micrograms in a week", Verdict.SUPPORTED),
    ],
)
def test_an_approximate_value_must_be_near_a_value_that_holds_it(
    claim: str, verdict: Verdict
) -> None:
    assert support(claim, FOLIC) is verdict, explain(claim, FOLIC)


def test_an_approximate_measurement_is_held_by_its_own_quantity_only() -> None:
    line = "Peak flow 430 L/min today; best 520 L/min."
    assert support("Peak flow about 440 L/min", line) is Verdict.SUPPORTED
    assert support("Peak flow ~83% of best", line) is Verdict.SUPPORTED  # 430 / 520
    assert support("Heart rate about 440", line) is Verdict.UNSUPPORTED  # another label


def test_an_ordered_pair_keeps_its_order() -> None:
    assert support("BP 84/50", BP) is Verdict.SUPPORTED
    assert support("BP 50/84", BP) is Verdict.CONTRADICTS, explain("BP 50/84", BP)


@pytest.mark.parametrize(
    ("claim", "notation"),
    [
        ("Ramipril 5.0 mg daily", "5.0 mg"),
        ("Ramipril .5 mg daily", ".5 mg"),  # a naked decimal: read as 5 mg (red team 9)
        ("Ramipril 5 mg QD", "QD"),
        ("Insulin 24 U", "24 U"),
    ],
)
def test_do_not_use_notation_is_not_supported(claim: str, notation: str) -> None:
    assert unsafe_notation(claim) == notation
    assert support(claim, RAMIPRIL + " Insulin 24 units.") is Verdict.UNSUPPORTED
    assert unsafe_notation("CK 110 U/L") is None  # units per litre, not U for units
    assert unsafe_notation("Colchicine 0.5 mg twice daily") is None  # the leading zero is written


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Methotrexate 100 mg daily.", "Takes sertraline 100 mg daily."),
        ("Clarithromycin allergy (rash).", "Amoxicillin allergy: rash."),
        ("Folic acid 400 micrograms x4 daily.", "Takes folic acid 400 micrograms daily."),
    ],
)
def test_a_drug_the_lines_never_name_or_a_glued_multiplier_is_not_forgiven(
    claim: str, line: str
) -> None:
    assert support(claim, line) is not Verdict.SUPPORTED, explain(claim, line)


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Hold simva 20 mg nocte now.", "Simvastatin 20 mg at night: hold it now."),
        ("T2DM x12 yrs on metformin.", "Type 2 diabetes for 12 years on metformin."),
        (
            "Coryzal 2/7, sibling with a cold.",
            "Snuffly blocked nose for 2 days; sibling has a cold.",
        ),
    ],
)
def test_a_shortened_drug_a_count_or_a_duration_is_still_read(claim: str, line: str) -> None:
    assert support(claim, line) is Verdict.SUPPORTED, explain(claim, line)


@pytest.mark.parametrize(
    "claim",
    [
        # round 12 (red team 10's complication-noun, status-noun, route-lead, ex-prefix, wean-lead)
        "Folic acid 400 micrograms daily toxicity.",
        "Warfarin 4 mg daily holiday.",
        "IV folic acid 400 micrograms daily.",
        "Intrathecal folic acid 400 micrograms daily.",
        "Ex-folic acid 400 micrograms daily.",
        "Taper folic acid 400 micrograms daily.",
    ],
)
def test_an_appended_noun_a_route_a_former_prefix_or_a_taper_is_not_forgiven(claim: str) -> None:
    line = "Folic acid 400 micrograms daily; warfarin 4 mg daily."
    assert support(claim, line) is not Verdict.SUPPORTED, explain(claim, line)


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Oral folic acid 400 micrograms daily.", "Folic acid 400 micrograms daily."),
        (
            "Repeat request: levothyroxine 100 mcg od, for GP signature.",
            "Levothyroxine 100 micrograms daily, dispensed against the GP prescription.",
        ),
        ("Paracetamol 5 mL of the syrup.", "Paracetamol 5 mL of syrup."),
    ],
)
def test_the_default_route_a_filing_noun_or_a_measured_thing_is_still_read(
    claim: str, line: str
) -> None:
    assert support(claim, line) is Verdict.SUPPORTED, explain(claim, line)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # round 13 (red team 11's checklist codes and disjunctions)
        ("Fever 38.6 C: N", "no Fever 38.6 C"),
        ("Fever 38.6 C - N", "no Fever 38.6 C"),
        ("Fever 38.6 C (neg)", "no Fever 38.6 C"),
        ("Fever 38.6 C: Y/N", "query Fever 38.6 C"),
        ("Folic acid 400 micrograms daily or not", "query Folic acid 400 micrograms daily"),
        ("Fever, or none", "query Fever"),
        ("Take it with or without food", "Take it with or without food"),
        ("Grade N2", "Grade N2"),
    ],
)
def test_a_checklist_code_or_a_statement_with_its_own_negation_is_read(
    text: str, read: str
) -> None:
    assert render(text).strip() == read


def test_a_dose_form_that_fixes_another_route_is_not_forgiven() -> None:
    line = "Takes sertraline 100 mg daily."
    claim = "Sertraline 100 mg daily (as 100 mg cream)."
    assert support(claim, line) is Verdict.UNSUPPORTED, explain(claim, line)
    tablets = "Sertraline 100 mg daily (as 100 mg tablets)."
    assert support(tablets, line) is Verdict.SUPPORTED, explain(tablets, line)


# Round 14 (red team 12): hidden markup, checkboxes, bracketed statuses, form answers, reference
# labels and order verbs. Worded apart from the red team's strategies.
LISINOPRIL = "Lisinopril 10 mg once daily; potassium 4.8 mmol/L on Tuesday."


@pytest.mark.parametrize(
    ("text", "rendered"),
    [
        ("<!-- lisinopril 10 mg once daily -->", ""),
        ("Potassium 4.8 <!-- unchecked", "Potassium 4.8"),
        ("||lisinopril 10 mg once daily||", ""),
        ("- [ ] potassium 4.8 mmol/L", "query potassium 4.8 mmol/L"),
        ("\u2610 potassium 4.8 mmol/L", "query potassium 4.8 mmol/L"),
        ("[x] potassium 4.8 mmol/L", "potassium 4.8 mmol/L"),
        ("cough: false", "no cough"),
        ("cough: null", "query cough"),
        ('{"cough": false, "wheeze": null}', "no cough query wheeze"),
    ],
)
def test_hidden_markup_checkboxes_and_form_answers_are_rendered(text: str, rendered: str) -> None:
    assert " ".join(render(text).split()) == rendered


@pytest.mark.parametrize(
    "claim",
    [
        "[ ] lisinopril 10 mg once daily",  # nobody ticked it
        "<!-- lisinopril 10 mg once daily -->",  # nobody sees it
        "Lisinopril 10 mg once daily [recorded in error]",  # a bracketed status is read
        "Lisinopril 10 mg once daily [another patient's chart]",
        "Lisinopril 10 mg once daily [mock entry]",
        # round 16: an aside about the note is read when it says anything but drafting words
        "Lisinopril 10 mg once daily [reviewed with pharmacy: discontinued in May]",
        "Lisinopril 10 mg once daily [checked: no longer relevant]",
        "Lisinopril 10 mg once daily (not to be dispensed)",  # an order verb under a negation
        "Lisinopril 10 mg once daily - do not administer",
        "Cutoff potassium 4.8 mmol/L on Tuesday",  # a rule's value, not hers
        "Textbook potassium 4.8 mmol/L on Tuesday",
        "Avoid lisinopril 10 mg once daily",  # a prohibition of her current medicine
    ],
)
def test_hidden_unticked_voided_or_reference_valued_claims_are_not_supported(claim: str) -> None:
    assert support(claim, LISINOPRIL) is not Verdict.SUPPORTED, explain(claim, LISINOPRIL)


@pytest.mark.parametrize(
    "claim",
    [
        "Lisinopril 10 mg once daily [R1]",  # a citation aside
        "Lisinopril 10 mg once daily [R1, N2]",
        "[Draft reviewed before sending] Lisinopril 10 mg once daily",  # about the note itself
        "[x] Lisinopril 10 mg once daily",  # a ticked box states it
        "[R1]: Lisinopril 10 mg once daily",  # not a link definition (CommonMark): shown
    ],
)
def test_asides_about_the_note_and_ticked_boxes_keep_the_claim(claim: str) -> None:
    assert support(claim, LISINOPRIL) is Verdict.SUPPORTED, explain(claim, LISINOPRIL)


@pytest.mark.parametrize(
    "claim",
    [
        '<div style="visibility:hidden">Lisinopril 10 mg once daily</div>',  # round 15: hidden
        '<p class="faded">Lisinopril 10 mg once daily</p>',  # styled: not trusted as seen
        "~Lisinopril 10 mg once daily~",  # single-tilde strikethrough
        "[ref-2]: Lisinopril",  # a link-reference definition renders as nothing
        '<input type="checkbox" name="k"> Potassium 4.8 mmol/L on Tuesday',  # an unticked box
        "[   ] Potassium 4.8 mmol/L on Tuesday",
        "Lisinopril 10 mg once daily [reviewed - from a different patient's record]",
        "\u202dLisinopril 10 mg once daily",  # a direction override: displayed otherwise
    ],
)
def test_text_a_reader_does_not_see_as_written_is_not_supported(claim: str) -> None:
    """Round 15 (red team 13's rendering kinds), worded apart from its strategies."""
    assert support(claim, LISINOPRIL) is not Verdict.SUPPORTED, explain(claim, LISINOPRIL)


def test_an_approximate_dose_with_tildes_is_not_struck() -> None:
    assert render("~10 mg once daily, ~3 doses") == "~10 mg once daily, ~3 doses"
