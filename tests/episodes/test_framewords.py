"""Frame words a claim adds to its lines (carebench.episodes.framewords), hand-written cases.

Worded apart from red team 7's strategies; each unsupported case is supported on 13c413e.
"""

from __future__ import annotations

import pytest

from carebench.episodes.framewords import TIME_KINDS, frame_shift
from carebench.episodes.support import Verdict, explain, support

LINE = (
    "Medicines: bisoprolol 2.5 mg once daily, started 3 months ago; "
    "levothyroxine 75 micrograms each morning; dalteparin 5000 units subcutaneously once daily."
)


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        ("Shall begin bisoprolol 2.5 mg once daily", "future"),
        ("Bisoprolol 2.5 mg once daily, to be commenced", "future"),
        ("To begin levothyroxine 75 micrograms each morning", "future"),
        ("Was on bisoprolol 2.5 mg once daily", "past"),
        ("Levothyroxine 75 micrograms each morning pre-admission", "past"),
        ("Bisoprolol 2.5 mg once daily unless symptomatic", "condition"),
        ("Dalteparin 5000 units subcutaneously once daily once agreed", "condition"),
        ("Bisoprolol 2.5 mg once daily dc'd", "stopped"),
        ("Hx of levothyroxine 75 micrograms each morning", "history"),
        ("r/o dalteparin 5000 units once daily", "query"),
    ],
)
def test_a_frame_word_the_line_lacks_makes_the_claim_wrong(claim: str, kind: str) -> None:
    shift = frame_shift(claim, LINE)
    assert shift is not None and shift.startswith(kind)
    # another time than the line's "now" contradicts it; a condition or a query withholds it
    wanted = Verdict.CONTRADICTS if kind in TIME_KINDS else Verdict.UNSUPPORTED
    assert support(claim, LINE) is wanted


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        (
            "Reduce to 2.5 mg twice daily if CrCl is 15-29",
            "Reduce to 2.5 mg twice daily if CrCl is 15-29 mL/min.",
        ),
        ("No hx of cancer", "No history of cancer; no weight loss."),
        ("Naproxen d/c 2 months ago", "Naproxen was stopped 2 months ago because of indigestion."),
        ("Will start sertraline 50 mg daily", "Plan: sertraline 50 mg daily, to start tomorrow."),
        ("Bisoprolol 2.5 mg once daily", LINE),
    ],
)
def test_a_frame_word_licensed_by_the_line_is_not_a_shift(claim: str, line: str) -> None:
    assert frame_shift(claim, line) is None


def test_a_stance_adverb_is_a_hedge() -> None:
    assert explain("Bisoprolol reportedly 2.5 mg once daily", LINE).startswith(
        "unsupported: hedged"
    )


def test_an_alternate_day_schedule_contradicts_a_daily_one() -> None:
    assert support("Dalteparin 5000 units subcutaneously on alternate days", LINE) is (
        Verdict.CONTRADICTS
    )


@pytest.mark.parametrize(
    "line",
    [
        "Plan: continue sertraline 100 mg daily; review in 6 weeks.",  # a plan, not a start
        "Sertraline 100 mg daily. Next review in 6 weeks.",  # "next" of another thing
    ],
)
def test_a_future_start_needs_a_start_in_the_line(line: str) -> None:
    """Round 9: a plan or "next" anywhere in the line licensed "will start X" (supported on
    447de44); the licence must be a future or plan word with its own start verb."""
    assert frame_shift("Will start sertraline 100 mg daily", line) is not None
    assert support("Due to start sertraline 100 mg daily", line) is Verdict.CONTRADICTS
    assert support("Sertraline 100 mg daily", line) is Verdict.SUPPORTED


def test_a_future_start_the_line_plans_is_licensed() -> None:
    line = "Plan: start sertraline 50 mg daily from Monday; first dose due at 14:00."
    assert frame_shift("Will start sertraline 50 mg daily", line) is None


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        # round 11: stop words that carry a status or a time are frame words (red team 9's third
        # hole, in kind; worded apart from its strategies)
        ("Now off bisoprolol 2.5 mg once daily", "stopped"),
        ("Levothyroxine 75 micrograms each morning - off", "stopped"),
        ("Bisoprolol 2.5 mg once daily back then", "past"),
        ("Dalteparin 5000 units subcutaneously once daily thereafter", "future"),
        ("Bisoprolol 2.5 mg once daily; none since", "ended"),
        ("Dalteparin 5000 units subcutaneously once daily or thereabouts", "bound"),
    ],
)
def test_a_stop_word_that_sets_status_or_time_is_a_frame(claim: str, kind: str) -> None:
    shift = frame_shift(claim, LINE)
    assert shift is not None and shift.startswith(kind)
    wanted = Verdict.CONTRADICTS if kind in TIME_KINDS else Verdict.UNSUPPORTED
    assert support(claim, LINE) is wanted


@pytest.mark.parametrize(
    "claim",
    [
        "Too breathless to get off the bed",  # a verb's particle, not a status
        "Dressings due to come off on day 5",
        "Off work for two weeks",
        "Daughter will ring back later on the ward phone",
    ],
)
def test_a_verb_particle_or_plain_later_is_no_frame(claim: str) -> None:
    assert frame_shift(claim, "") is None


# Round 22 (red team 18's contrast, approximation, question and topic): worded apart from its
# strategies; each unsupported case is supported on 0dbdcaa.
@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        ("Virtually bisoprolol 2.5 mg once daily", "approximation"),
        ("Levothyroxine not quite 75 micrograms each morning", "approximation"),
        ("Instead of dalteparin 5000 units subcutaneously once daily", "contrast"),
        ("Apart from bisoprolol 2.5 mg once daily", "contrast"),
        ("Wondered whether levothyroxine 75 micrograms each morning", "question"),
        ("Whether bisoprolol 2.5 mg once daily started 3 months ago", "question"),
        ("Booklet handed out about dalteparin 5000 units subcutaneously once daily", "topic"),
        ("Counselled about levothyroxine 75 micrograms each morning", "topic"),
        ("Once levothyroxine 75 micrograms each morning", "past"),
    ],
)
def test_a_qualifier_the_line_lacks_makes_the_claim_unsupported(claim: str, kind: str) -> None:
    shift = frame_shift(claim, LINE)
    assert shift is not None and shift.startswith(kind)
    assert support(claim, LINE) is not Verdict.SUPPORTED


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Nearly fainted in the queue", "She nearly fainted in the queue at 10:40."),
        ("Asks whether she can take ibuprofen", "Can I take ibuprofen with this?"),
        ("Leaflet given on head injury", "Head injury leaflet given; advice on red flags."),
        ("Rather than warfarin, apixaban 5 mg BD", "Switched from warfarin to apixaban 5 mg BD."),
        ("Sertraline 50 mg once daily", "Sertraline 50 mg once daily since May."),
        ("Once weekly methotrexate 15 mg", "Methotrexate 15 mg once weekly on Mondays."),
    ],
)
def test_a_qualifier_the_line_licenses_or_a_frequency_is_not_a_shift(claim: str, line: str) -> None:
    assert frame_shift(claim, line) is None


# Round 24 (red team 19's idioms, counterfactuals, inverted questions, generalisations and past
# states), worded apart from its strategies; each is supported on 45337f9.
@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        ("Nowhere near bisoprolol 2.5 mg once daily", "denial"),
        ("Seldom takes levothyroxine 75 micrograms each morning", "denial"),
        ("Should have had dalteparin 5000 units subcutaneously once daily", "counterfactual"),
        ("Are they on bisoprolol 2.5 mg once daily", "question"),
        ("As a rule levothyroxine 75 micrograms each morning", "general"),
        ("Had been bisoprolol 2.5 mg once daily", "past state"),
        ("Bordering on levothyroxine 75 micrograms each morning", "approximation"),
    ],
)
def test_an_idiom_or_auxiliary_frame_the_line_lacks_is_read(claim: str, kind: str) -> None:
    shift = frame_shift(claim, LINE)
    assert shift is not None and shift.startswith(kind)
    assert support(claim, LINE) is not Verdict.SUPPORTED


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Was given glucagon 1 mg IM", "Glucagon 1 mg IM given by the nurse at 10:25."),
        ("Has the oncology helpline card", "Has the 24-hour oncology helpline card."),
        ("Rarely drinks alcohol", "Alcohol: rarely, a glass at Christmas."),
        ("Would have been due on Monday", "Dose would have been due on Monday; held."),
    ],
)
def test_an_auxiliary_or_idiom_the_line_licenses_is_not_a_shift(claim: str, line: str) -> None:
    assert frame_shift(claim, line) is None


# Round 28 (red team 21's kinds: exemplification, inversion, trends, dispositions, event-dated
# facts, pseudo-/former compounds, idioms of an end), worded apart from its strategies; each is
# supported on 79650b6.
@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        ("For example bisoprolol 2.5 mg once daily", "example"),
        ("Stuff like levothyroxine 75 micrograms each morning", "example"),
        ("Had they had dalteparin 5000 units subcutaneously once daily", "counterfactual"),
        ("Up from bisoprolol 2.5 mg once daily", "trend"),
        ("Peaked at levothyroxine 75 micrograms each morning", "trend"),
        ("Susceptible to dalteparin 5000 units subcutaneously once daily", "disposition"),
        ("On admission, bisoprolol 2.5 mg once daily", "event"),
        ("Bisoprolol 2.5 mg once daily pre-op", "event"),
        ("Erstwhile levothyroxine 75 micrograms each morning", "past"),
        ("So-called bisoprolol 2.5 mg once daily", "irrealis"),
        ("Levothyroxine 75 micrograms each morning - worn off now", "ended"),
    ],
)
def test_round_28_frames_the_line_lacks_are_read(claim: str, kind: str) -> None:
    shift = frame_shift(claim, LINE)
    assert shift is not None and shift.startswith(kind)
    assert support(claim, LINE) is not Verdict.SUPPORTED
    if kind in TIME_KINDS:  # another time than the line's current fact
        assert support(claim, LINE) is Verdict.CONTRADICTS


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Peak flow 430, up from 300 yesterday", "Peak flow 300 yesterday, 430 this evening."),
        ("Peak flow went up from 300 to 430", "Peak flow 300 yesterday, 430 this evening."),
        ("Got up from the floor unaided", "Fell at 08:30; got up alone straight away."),
        ("Fell from standing height", "Fell at 08:30 from standing; got up alone."),
        ("Dose reduced from 5 mg", "Warfarin dose reduced from 5 mg to 3 mg."),
        ("BP 112/70 at booking", "Booking visit today: BP 112/70, urine clear."),
        ("Temperature 38.4 C post-op day 3", "Day 3 after the operation: temperature 38.4 C."),
        ("Red flags such as chest pain", "Call 999 for red flags such as chest pain."),
        ("Prone to falls", "Frail, prone to falls; walks with a frame."),
        ("Feels like a band around the head", "Feels like a tight band around the head."),
    ],
)
def test_round_28_frames_the_line_licenses_or_a_comparison_are_not_shifts(
    claim: str, line: str
) -> None:
    assert frame_shift(claim, line) is None


@pytest.mark.parametrize(
    "claim",
    [
        "Bisoprolol 2.5 mg once daily - not really",
        "Levothyroxine 75 micrograms each morning; not really",
    ],
)
def test_a_retort_takes_the_claim_back(claim: str) -> None:
    assert support(claim, LINE) is Verdict.UNSUPPORTED


@pytest.mark.parametrize(
    "claim",
    [
        "Per the notes, bisoprolol 2.5 mg once daily",
        "According to her chart, levothyroxine 75 micrograms each morning",
        "Dalteparin 5000 units subcutaneously once daily per case notes",
    ],
)
def test_the_record_itself_as_a_source_is_no_frame(claim: str) -> None:
    """Round 29 (red team 22's controls, reworded): unsupported on 79650b6."""
    assert frame_shift(claim, LINE) is None and support(claim, LINE) is Verdict.SUPPORTED


@pytest.mark.parametrize(
    "claim",
    [
        "According to the notes from 2019, bisoprolol 2.5 mg once daily",
        "Per the chart of her neighbour, levothyroxine 75 micrograms each morning",
        "According to her son, dalteparin 5000 units subcutaneously once daily",
    ],
)
def test_another_record_or_person_as_a_source_is_still_a_frame(claim: str) -> None:
    assert support(claim, LINE) is not Verdict.SUPPORTED


@pytest.mark.parametrize(
    "claim",
    [
        "Bisoprolol 2.5 +/- 2.5 mg once daily",
        "Levothyroxine 75 give or take 75 micrograms each morning",
    ],
)
def test_a_margin_the_line_lacks_leaves_the_claim_unsupported(claim: str) -> None:
    """Round 29 (red team 22's margins, reworded): supported on 79650b6."""
    shift = frame_shift(claim, LINE)
    assert shift is not None and shift.startswith("margin")
    assert support(claim, LINE) is Verdict.UNSUPPORTED


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Bisoprolol XR 2.5 mg once daily", LINE),
        ("Levothyroxine 75 micrograms each morning, prolonged-release", LINE),
    ],
)
def test_a_formulation_the_lines_never_give_is_another_product(claim: str, line: str) -> None:
    """Round 30 (red team 23's release codes, reworded): supported on c4f1684."""
    shift = frame_shift(claim, line)
    assert shift is not None and shift.startswith("formulation")
    assert support(claim, line) is Verdict.UNSUPPORTED


def test_a_formulation_the_line_gives_or_a_look_alike_is_not_one() -> None:
    line = "Nitrofurantoin 100 mg modified-release twice daily for 3 days."
    assert frame_shift("Nitrofurantoin 100 mg MR twice daily for 3 days", line) is None
    assert frame_shift("ECG: SR, rate 72", "ECG sinus rhythm, rate 72.") is None
    assert frame_shift("Mr Jones takes bisoprolol 2.5 mg once daily", LINE) is None


@pytest.mark.parametrize(
    "claim",
    ["International normalised ratio 4.6 today", "Glycated haemoglobin 58 mmol/mol"],
)
def test_a_test_name_written_out_is_its_abbreviation(claim: str) -> None:
    """Round 30 (red team 23's control, reworded): unsupported on c4f1684."""
    line = "INR 4.6 today (target 2-3); HbA1c 58 mmol/mol in March."
    assert support(claim, line) is Verdict.SUPPORTED
