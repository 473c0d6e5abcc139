"""Numbers in words and Roman numerals, and comparators as bounds (red team 5, holes H2 and H3)."""

from __future__ import annotations

import pytest

from carebench.episodes.claimtext import analyze
from carebench.episodes.matching import states
from carebench.episodes.numerals import (
    holds,
    months_of_age,
    roman_digits,
    roman_value,
    spelt_digits,
    twenty_four_hour,
    words_value,
)
from carebench.episodes.support import Verdict, support


@pytest.mark.parametrize(
    ("run", "value"),
    [
        ("forty", 40),
        ("twenty-four", 24),
        ("seventy five", 75),
        ("four hundred", 400),
        ("a hundred", 100),
        ("one hundred and twenty", 120),
        ("two thousand five hundred", 2500),
        ("one and a half", 1.5),
        ("two and a half", 2.5),
    ],
)
def test_a_run_of_number_words_is_one_number(run: str, value: float) -> None:
    assert words_value(run) == value


@pytest.mark.parametrize("run", ["one", "five six", "twenty thirty", "hundred"])
def test_a_run_that_is_not_one_number_has_no_value(run: str) -> None:
    assert words_value(run) is None


def test_spelt_numbers_become_digits_and_one_alone_stays_a_word() -> None:
    assert spelt_digits("folic acid forty micrograms daily") == "folic acid 40 micrograms daily"
    assert spelt_digits("one of her tablets, twenty-four hours") == "one of her tablets, 24 hours"
    assert spelt_digits("three and four") == "3 and 4"
    assert spelt_digits("a one-off dose") == "a one-off dose"


@pytest.mark.parametrize(
    ("numeral", "value"), [("MMMM", 4000), ("CD", 400), ("XL", 40), ("LXXV", 75), ("XC", 90)]
)
def test_valid_roman_numerals_have_their_value(numeral: str, value: int) -> None:
    assert roman_value(numeral) == value


@pytest.mark.parametrize("numeral", ["IIII", "VX", "IC", "MI5", ""])
def test_invalid_roman_numerals_have_none(numeral: str) -> None:
    assert roman_value(numeral) is None


def test_a_roman_numeral_is_a_number_only_before_a_unit() -> None:
    assert roman_digits("folic acid MMMM micrograms daily") == "folic acid 4000 micrograms daily"
    assert roman_digits("weight DLXX kg") == "weight 570 kg"
    for name in (
        "type II diabetes",
        "stage IV cancer",
        "factor V Leiden",
        "Mobitz II block",
        "grade III sprain",
        "CD4 count 350",
        "Tegretol XL 200 mg",
        "IV fluids 500 mL",
        "vitamin D 800 units",
        "vitamin D tablets",
        "history of MI",
    ):
        assert roman_digits(name) == name


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Folic acid forty micrograms daily", "Folic acid 400 micrograms daily."),
        ("Folic acid MMMM micrograms daily", "Folic acid 400 micrograms daily."),
        ("Folic acid CD mg daily", "Folic acid 400 micrograms daily."),
    ],
)
def test_a_wrong_value_in_words_or_roman_numerals_is_not_supported(claim: str, line: str) -> None:
    assert support(claim, line) is not Verdict.SUPPORTED


def test_a_right_value_in_words_is_supported() -> None:
    line = "Folic acid 400 micrograms daily."
    assert support("Folic acid four hundred micrograms daily", line) is Verdict.SUPPORTED
    assert support("Paracetamol two and a half grams", "Paracetamol 2.5 g today.") is (
        Verdict.SUPPORTED
    )


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("weight below 57 kg", "<"),
        ("creatinine clearance over 29 mL/min", ">"),
        ("more than 400 micrograms daily", ">"),
        ("at least 400 micrograms", ">="),
        ("no more than 3 g in a day", "<="),
        ("up to 10 puffs", "<="),
        ("eGFR 45 or more", ">="),
        ("SpO2 <92 %", "<"),
        ("SpO2 >= 92 %", ">="),
        ("symptoms for over 3 weeks", ">"),
    ],
)
def test_a_comparator_makes_the_number_a_bound(text: str, bound: str) -> None:
    assert analyze(text).quantities[0].bound == bound


@pytest.mark.parametrize(
    "text",
    [
        "cough over 2 days",
        "infusion given over 30 minutes",
        "creatinine up to 164 (baseline 85)",
        "K+ 3.1 -> 3.2 on repeat",
        "weight 57 kg",
    ],
)
def test_spans_rises_and_arrows_are_not_bounds(text: str) -> None:
    assert analyze(text).quantities[-1].bound == ""


def test_holds_reads_values_and_bounds_as_hand_worked() -> None:
    assert not holds("", 57, "<", 57)  # she weighs 57: "below 57" is false
    assert holds("", 57, "<", 60) and holds("", 57, "<=", 60)
    assert not holds("", 400, ">=", 400)  # "at least 400 micrograms" of a 400 microgram dose
    assert not holds("", 29, ">", 29)  # 29 is inside the 15-29 band
    assert holds("<", 30, "<", 30) and holds(">=", 92, "<", 92)  # a threshold, either branch
    assert not holds("<=", 7, "<=", 14)  # "up to 7 days" does not allow "up to 14 days"
    assert not holds("<", 30, "", 25) and holds("", 57, "", 57)


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Weight below 57 kg", "Weight 57 kg on the ward scales today."),
        ("Creatinine clearance over 29 mL/min", "Creatinine clearance 29 mL/min."),
        ("Folic acid more than 400 micrograms daily", "Folic acid 400 micrograms daily."),
        (
            "Hydrocortisone 1% once daily for up to 14 days",
            "Hydrocortisone 1% once daily for up to 7 days.",
        ),
    ],
)
def test_a_bound_the_line_does_not_imply_is_not_supported(claim: str, line: str) -> None:
    assert support(claim, line) is not Verdict.SUPPORTED


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Weight below 60 kg", "Weight 57 kg on the ward scales today."),
        (
            "eGFR 72, above the 45 threshold",
            "eGFR 72 mL/min. Nitrofurantoin if eGFR is 45 or more.",
        ),
        ("He smokes fewer than 30 cigarettes a day", "Smokes 20 cigarettes a day."),
        ("Cough over 2 days", "Cough for 2 days, no fever."),
        ("K+ 3.1 -> 3.2 on repeat", "Potassium 3.1 mmol/L; repeat potassium 3.2 mmol/L."),
    ],
)
def test_a_bound_the_line_implies_and_a_span_are_supported(claim: str, line: str) -> None:
    assert support(claim, line) is Verdict.SUPPORTED


def test_a_bound_never_states_an_exact_fact() -> None:
    assert not states("Weight below 57 kg", "weight 57 kg")
    assert not states("Folic acid at least 400 micrograms daily", "folic acid 400 micrograms daily")
    assert states("eGFR under 30 on the last check", "eGFR below 30")
    assert states("Weight 57 kg today", "weight 57 kg")


def test_another_limit_of_the_same_kind_contradicts() -> None:
    line = "Hydrocortisone 1% cream once daily for up to 7 days."
    assert support("Hydrocortisone 1% cream for up to 14 days", line) is Verdict.CONTRADICTS


@pytest.mark.parametrize(
    ("written", "minutes"),
    [
        ("3:10 am", 190),
        ("at 03:10", 190),
        ("3:10 pm", 910),
        ("15:10", 910),
        ("7am", 420),
        ("7 p.m.", 1140),
        ("12 a.m.", 0),
        ("12 pm", 720),
        ("since 10 this morning", 600),
        ("at 4 in the afternoon", 960),
        ("10 o'clock this evening", 1320),
    ],
)
def test_a_clock_time_is_one_quantity_in_minutes_after_midnight(written: str, minutes: int) -> None:
    """12-hour and 24-hour times read alike ("3:10 pm" is 15:10), padded or not ("03:10")."""
    (time,) = analyze(written).quantities
    assert (time.value, time.unit) == (minutes, "clock")


def test_a_time_of_the_wrong_half_of_the_day_contradicts_its_line() -> None:
    assert support("Vomited at 3:10 am", "vomited at 03:10") is Verdict.SUPPORTED
    assert support("Vomited at 3:10 pm", "vomited at 03:10") is Verdict.CONTRADICTS
    assert support("First dose due 2 pm", "first dose due at 14:00") is Verdict.SUPPORTED
    assert support("Obs at 08:00: T 36.9", "observations at 08:00: temperature 36.9 C") is (
        Verdict.SUPPORTED
    )  # the time ends a value's label: 36.9 is the temperature's
    assert states("only felt two kicks since 10:00", "two small kicks since 10 am")
    assert not states("only felt two kicks since 10:00", "two small kicks since 10 pm")


def test_a_count_before_a_part_of_the_day_is_not_a_time() -> None:
    assert twenty_four_hour("takes 2 in the morning and 2 at night") == (
        "takes 2 in the morning and 2 at night"
    )
    assert twenty_four_hour("given 1 this morning") == "given 1 this morning"
    assert twenty_four_hour("seen at 10 this morning").split() == ["seen", "at", "10:00"]


def test_ordinals_in_digits_are_words_not_counts() -> None:
    assert analyze("2nd dose").quantities == ()
    assert {"first", "tablet"} <= analyze("1st dose 14:00").terms
    assert "dose14" not in analyze("dose 14:00").terms  # the time is not "dose 14", a name


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("t 101.3 f", "38.5 c"),
        ("temperature 102 °f", "38.9 c"),
        ("102.4 degrees fahrenheit", "39.1 c"),
        ("dorothy keane, 92f, day 2", "92f"),  # an age and sex, not 33.3 C
        ("aged 94 f", "94 f"),
    ],
)
def test_a_body_temperature_in_fahrenheit_is_read_in_celsius_and_an_age_is_not(
    text: str, read: str
) -> None:
    """Round 31: since fact matching reads Fahrenheit too, "92F" (a 92-year-old woman) would have
    stopped stating the age 92; a bare whole number before "F" is left as written."""
    from carebench.episodes.numerals import celsius

    assert read in celsius(text)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("age 1 year 10 months", "age 22 months"),
        ("Oliver, 1 year and 7 months", "Oliver, 19 months"),
        ("aged 2 years, 3 months", "aged 27 months"),
        ("2 years ago; 3 months of cough", "2 years ago; 3 months of cough"),  # no age
    ],
)
def test_an_age_in_years_and_months_is_read_in_months(text: str, read: str) -> None:
    assert months_of_age(text) == read


def test_a_converted_age_states_the_records_and_a_wrong_one_does_not() -> None:
    from carebench.episodes.matching import states
    from carebench.protocol.handoff_spans import unheld_span

    assert support("age 1 year 10 months", "Maya Iqbal, 22 months, born at term") is (
        Verdict.SUPPORTED
    )
    assert states("age 1 year 10 months", "age 22 months")
    assert not states("age 2 years 10 months", "age 22 months")
    assert (
        unheld_span("Maya Iqbal, 1 year 10 months", ["Maya Iqbal, 22 months, born at term"]) is None
    )
