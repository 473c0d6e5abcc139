"""A drug's regular regimen changed by a phrase the record does not give it (round 54).

Hand-written cases in wording of their own (carebench.episodes.regimens): red team 41 made regular
drugs as-needed, gave them a stop rule at the first improvement and made up missed doses.
"""

from __future__ import annotations

import pytest

from carebench.episodes.regimens import regimen_phrases, scheduled, unlicensed_regimen
from carebench.episodes.relations import RECORD_RELATIONS, unlicensed_relation
from carebench.episodes.support import Verdict, explain, support

RECORD = (
    "Bisoprolol 2.5 mg once daily; fluticasone preventer inhaler two puffs twice daily; "
    "salbutamol 2 puffs when needed; naproxen for the knee on bad days. Levothyroxine 75 "
    "micrograms each morning. Methotrexate 10 mg once weekly (Fridays)."
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("bisoprolol 2.5 mg once daily, only on days the pulse is fast", "as needed"),
        ("fluticasone preventer, on breathless days only", "as needed"),
        ("levothyroxine 75 micrograms, during tired spells only", "as needed"),
        ("bisoprolol 2.5 mg PRN for palpitations", "as needed"),
        ("methotrexate 10 mg weekly, on days the joints are swollen", "as needed"),
        (
            "levothyroxine 75 micrograms each morning until she feels herself, then stop",
            "stop rule",
        ),
        ("bisoprolol 2.5 mg daily, coming off it as soon as the pulse settles", "stop rule"),
        (
            "methotrexate 10 mg weekly, a missed week doubled the following Friday",
            "dose made up",
        ),
        ("levothyroxine 75 micrograms: double the next dose after a missed one", "dose made up"),
    ],
)
def test_a_regular_drug_given_another_regimen_must_be_stated(text: str, kind: str) -> None:
    assert [k for k, _, _ in regimen_phrases(text)] == [kind]
    assert unlicensed_regimen(text, RECORD) is not None, text
    assert unlicensed_relation(text, RECORD, RECORD_RELATIONS) is not None, text
    line = (
        "Bisoprolol 2.5 mg once daily; levothyroxine 75 micrograms each morning. "
        "Methotrexate 10 mg once weekly."
    )
    claim = text if text[0].isupper() else text[0].upper() + text[1:]
    assert support(claim, line) is not Verdict.SUPPORTED, explain(claim, line)


@pytest.mark.parametrize(
    "text",
    [
        "salbutamol PRN",  # the record's own as-needed reliever
        "naproxen only on bad days",  # the record gives naproxen no regular schedule
        "paracetamol as needed",  # nor paracetamol, which it does not name
        "bisoprolol 2.5 mg daily, regular, not as needed",
        "levothyroxine 75 micrograms; never stop it once the TSH is normal",
        "methotrexate 10 mg weekly; a missed dose is not doubled",
        "methotrexate 10 mg weekly; do not double up if a dose is missed",
        "she asks whether the bisoprolol can be taken only on fast days",
        "bisoprolol 2.5 mg once daily, only if the heart rate is above 60",
        "methotrexate 10 mg weekly, only while the eGFR is above 30",
        "methotrexate 10 mg on days 1 and 8",
        "repeat every 4 hours as needed",  # names no drug
        # an independent review's false positives on the round's first commit
        "methotrexate 10 mg once weekly, only on Fridays",
        "levothyroxine 75 micrograms, only on an empty stomach, only before breakfast",
        "naproxen only with food; bisoprolol 2.5 mg, only in the evening",
        "bisoprolol 2.5 mg once daily and her GTN spray as needed",
        "bisoprolol 2.5 mg once daily, reliever inhaler when required",
        "bisoprolol 2.5 mg once daily; sumatriptan when required",
        "levothyroxine 75 micrograms daily; palpitations are common when treatment starts",
        "do not take a double dose of levothyroxine to make up for a missed one",
        "methotrexate 10 mg weekly: a missed dose is skipped rather than doubled",
        "bisoprolol 2.5 mg daily: stop once the course is finished",
        "methotrexate 10 mg weekly; a missed week is doubled the following Friday",  # a ";" ends
        "bisoprolol 2.5 mg once daily, its effect reversed with glucagon if needed",  # its antidote
        # the review's probes rerun on the mended round
        "methotrexate 10 mg once weekly, taken only on the same day each week",
        "bisoprolol 2.5 mg daily; stop it temporarily once vomiting starts (sick-day rules)",
        "levothyroxine 75 micrograms, reducing by 25 micrograms monthly until 25, then stop",
        "bisoprolol 1.25 mg daily, doubling the next dose step to 2.5 mg in 2 weeks",
        "fluticasone preventer twice daily with a blue reliever inhaler as needed",
        "warfarin 3 mg daily, with INR checks only on days the clinic is open",
    ],
)  # fmt: skip
def test_the_records_regimens_refusals_and_questions_are_no_change(text: str) -> None:
    assert unlicensed_regimen(text, RECORD) is None, text


def test_a_licence_is_the_same_drug_and_kind() -> None:
    record = "Salbutamol as needed and a beclometasone preventer twice daily."
    assert scheduled(record) == {"beclometasone"}
    assert unlicensed_regimen("salbutamol when required", record) is None
    assert unlicensed_regimen("beclometasone only on wheezy days", record) == "only on wheezy days"
    stated = f"{record} Beclometasone may be used only on wheezy days in summer."
    assert unlicensed_regimen("beclometasone only on wheezy days", stated) is None
    mart = "Budesonide/formoterol: 1 puff twice daily plus 1 puff when needed, up to 8 a day."
    assert unlicensed_regimen("budesonide/formoterol 1 puff bd + 1 PRN", mart) is None
    flares = "Hydrocortisone 1 % cream once daily during flares."
    assert unlicensed_regimen("hydrocortisone 1 % during flares only", flares) is None
    flare_days = "Hydrocortisone 1 % cream twice daily on flare days."
    assert (
        unlicensed_regimen("hydrocortisone 1 % twice daily on flare days only", flare_days) is None
    )
    course = "Sertraline 50 mg daily for 6 months after recovery, then stop."
    assert unlicensed_regimen("sertraline until 6 months after recovery, then stop", course) is None


def test_no_drug_in_the_checked_text_schedules_nothing() -> None:
    """An independent review's crash: a record naming no drug."""
    assert scheduled("Fever since yesterday; drinking well.") == set()
    assert unlicensed_regimen("Calpol 2.5 ml given when required", "Fever since yesterday.") is None


def test_reading_is_linear_on_hostile_text() -> None:
    text = "warfarin 3 mg daily, " * 2000 + "only on good days"
    assert unlicensed_regimen(text, "Warfarin 3 mg daily.") == "only on good days"


@pytest.mark.parametrize(
    "text",
    [
        "bisoprolol 2.5 mg once daily, weekdays only",
        "levothyroxine 75 micrograms each morning with weekends off",
        "bisoprolol 2.5 mg once daily on weekdays, nothing at the weekend",
        "levothyroxine 75 micrograms, Monday to Friday",
        "bisoprolol 2.5 mg once daily, skipped over the weekend",
        "levothyroxine 75 micrograms each morning on alternate days",
        "bisoprolol 2.5 mg every other day",
    ],
)
def test_days_off_for_a_continuous_drug_are_a_regimen_change(text: str) -> None:
    """Round 55 (red team 42's weekday row): a daily drug given breaks the record lacks."""
    assert {kind for kind, _, _ in regimen_phrases(text)} == {"days off"}
    assert unlicensed_regimen(text, RECORD) is not None


@pytest.mark.parametrize(
    "text",
    [
        "bisoprolol 2.5 mg once daily, BP clinic on weekdays",  # the days of a service
        "levothyroxine 75 micrograms each morning, blood tests Monday to Friday",
        "bisoprolol 2.5 mg once daily, including weekends",
        "bisoprolol 2.5 mg once daily; she works weekdays only",  # another sentence
        "methotrexate 10 mg once weekly on Fridays",
        "levothyroxine 75 micrograms, 21 days on, 7 days off",  # a cycle is not read
    ],
)
def test_days_of_something_else_or_a_fixed_weekly_day_are_not_days_off(text: str) -> None:
    assert unlicensed_regimen(text, RECORD) is None


def test_days_off_the_record_gives_the_same_drug_are_licensed() -> None:
    record = "Prednisolone 10 mg on alternate days; bisoprolol 2.5 mg once daily."
    assert unlicensed_regimen("prednisolone 10 mg every other day", record) is None
    assert unlicensed_regimen("bisoprolol 2.5 mg on alternate days", record) is not None
    every_48 = "Prednisolone 10 mg every 48 hours."
    assert unlicensed_regimen("prednisolone 10 mg on alternate days", every_48) is None
