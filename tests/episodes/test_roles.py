"""A number's role (round 33): red team 25's rewrites that keep a line's numbers and words.

Each case was written by hand from red team 25's report (experiments/redteam/round25_results.md);
every "wrong" case below was supported or scored in full on b5cfb2e, and every correct rewording
beside it is one a clinician accepts.
"""

from __future__ import annotations

import pytest

from carebench.episodes.claimtext import analyze
from carebench.episodes.quantities import inconsistent_total
from carebench.episodes.roles import roles_agree
from carebench.episodes.support import Verdict, explain, support
from carebench.protocol.handoff_findings import finding_stated
from carebench.protocol.handoff_reading import field_value_correct


def _roles(text: str) -> list[tuple[float, str]]:
    return [(q.value, q.role) for q in analyze(text).quantities]


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        ("eGFR fell by 22", [(22, "change")]),
        ("heart rate up by 150", [(150, "change")]),
        ("a rise of 2 in the score", [(2, "change")]),
        ("PHQ-9 item 9 today", [(9, "item")]),
        ("docetaxel every 21 days", [(21, "every")]),
        ("clarithromycin for 7 days, day 3 today", [(7, "for"), (3, "at")]),
        ("enoxaparin to complete 28 days", [(28, "for")]),
        ("BP 116/72 at 28 weeks", [(116, ""), (72, ""), (28, "at")]),
        ("midwife-led care since 28 weeks", [(28, "at")]),
        ("follow-up booked for 4 weeks after starting", [(4, "")]),
        ("apixaban 5 mg twice daily (10 mg a day)", [(5, ""), (10, "total")]),
        ("a total of 4 g in 24 hours", [(4, "total"), (24, "")]),
        ("23 days ago", [(23, "")]),
    ],
)
def test_a_numbers_role_is_read_from_the_words_beside_it(
    text: str, roles: list[tuple[float, str]]
) -> None:
    assert _roles(text) == roles


def test_an_unmarked_value_agrees_with_every_role_but_a_change_or_an_item() -> None:
    assert roles_agree("", "for") and roles_agree("every", "") and roles_agree("", "total")
    assert not roles_agree("", "change") and not roles_agree("item", "")
    assert not roles_agree("every", "for") and not roles_agree("for", "at")


@pytest.mark.parametrize(
    ("claim", "line", "verdict"),
    [
        # the role of a time
        ("docetaxel 75 mg/m2 for 21 days", "docetaxel 75 mg/m2 every 21 days", Verdict.CONTRADICTS),
        ("docetaxel 75 mg/m2 every 3 weeks", "docetaxel 75 mg/m2 every 21 days", Verdict.SUPPORTED),
        ("clarithromycin 500 mg twice daily every 7 days",
         "Clarithromycin 500 mg twice daily for 7 days, day 3 today.", Verdict.CONTRADICTS),
        ("clarithromycin 500 mg twice daily for 7 days",
         "Clarithromycin 500 mg twice daily for 7 days, day 3 today.", Verdict.SUPPORTED),
        ("enoxaparin 40 mg once daily every 28 days",
         "Enoxaparin 40 mg once daily to complete 28 days.", Verdict.CONTRADICTS),
        ("BP 116/72 for 28 weeks", "BP 116/72 at 28 weeks.", Verdict.UNSUPPORTED),
        ("dressings off for 5 days", "Dressings off at day 5.", Verdict.CONTRADICTS),
        ("midwife-led care since 28 weeks", "Moved to midwife-led care at 28 weeks.",
         Verdict.SUPPORTED),
        ("follow-up booked at 4 weeks", "Follow-up booked for 4 weeks after starting.",
         Verdict.SUPPORTED),
        # a value as a change or an item
        ("eGFR fell by 22", "eGFR 22 today.", Verdict.CONTRADICTS),
        ("heart rate up by 150", "Heart rate 150.", Verdict.CONTRADICTS),
        ("PHQ-9 item 9 today", "PHQ-9 9 today.", Verdict.CONTRADICTS),
        ("creatinine increased by 40 umol/L", "Creatinine increased by 40 umol/L since March.",
         Verdict.SUPPORTED),
        # a pair's part relabelled; "over" for the slash
        ("clinic BP 158, pulse 96", "Clinic BP 158/96.", Verdict.UNSUPPORTED),
        ("clinic BP 158 over 96", "Clinic BP 158/96.", Verdict.SUPPORTED),
        # a day's total
        ("apixaban 5 mg twice daily (10 mg a day)", "Apixaban 5 mg twice daily.", Verdict.SUPPORTED),
        ("paracetamol 1 g four times daily (4 g a day)", "Paracetamol 1 g four times daily.",
         Verdict.SUPPORTED),
        ("apixaban 5 mg twice daily (5 mg a day in total)", "Apixaban 5 mg twice daily.",
         Verdict.UNSUPPORTED),
        ("metformin 500 mg twice daily (500 mg a day in total) restarted",
         "Metformin 500 mg twice daily restarted.", Verdict.UNSUPPORTED),
        ("amlodipine 5 mg a day", "Amlodipine 5 mg once daily.", Verdict.SUPPORTED),
        ("amlodipine 5 mg daily", "Amlodipine 5 mg a day.", Verdict.SUPPORTED),
    ],
)  # fmt: skip
def test_round_33_a_number_keeps_its_role(claim: str, line: str, verdict: Verdict) -> None:
    assert support(claim, line) is verdict, explain(claim, line)


def test_a_stated_total_must_be_the_texts_own_dose_times_its_times_a_day() -> None:
    assert inconsistent_total(analyze("paracetamol 1 g four times daily (1 g a day in total)"))
    assert not inconsistent_total(analyze("paracetamol 1 g four times daily (4 g a day)"))
    assert not inconsistent_total(analyze("10 mg a day"))  # no dose and frequency to check it by
    wanted = ["paracetamol 1 g four times daily"]
    assert not field_value_correct(
        "paracetamol 1 g four times daily (1 g a day in total)", wanted, ""
    )
    assert field_value_correct("paracetamol 1 g four times daily (4 g a day)", wanted, "")


def test_a_handoff_finding_written_as_a_change_is_not_stated() -> None:
    assert finding_stated("SpO2 89 % in air; heart rate 150", "heart rate 150")
    assert not finding_stated("SpO2 up by 89 % in air; heart rate up by 150", "heart rate 150")


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("depressive episode diagnosed 10 weeks before today", Verdict.SUPPORTED),
        ("depressive episode diagnosed 10 weeks before now", Verdict.SUPPORTED),
        ("depressive episode diagnosed 10 weeks", Verdict.UNSUPPORTED),  # a span, not a point
    ],
)
def test_a_time_before_today_is_a_time_ago(claim: str, verdict: Verdict) -> None:
    """Red team 26's control: "10 weeks before today" for "10 weeks ago" scored 0.191."""
    line = "Depressive episode diagnosed 10 weeks ago."
    assert support(claim, line) is verdict, explain(claim, line)
