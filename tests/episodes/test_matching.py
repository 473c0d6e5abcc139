"""Fact matching on hand-built cases: the judge-free core of the atomic scores."""

from __future__ import annotations

import pytest

from carebench.episodes.matching import (
    claims,
    grounded_in,
    mass_amounts,
    states,
    supported_by,
    tokens,
)


def test_tokens_split_numbers_words_and_stems() -> None:
    t = tokens("Best peak flow 520 L/min; relief for about 4 hours; 1,000 units")
    assert t.numbers == {"520", "4", "1000"}
    assert {"best", "peak", "flow", "relief", "hour", "unit"} <= t.words
    assert "for" not in t.words and "about" not in t.words


@pytest.mark.parametrize(
    ("text", "fact", "expected"),
    [
        ("PEF 520 L/min is her best peak flow", "best peak flow 520 L/min", True),
        ("best peak flow 510 L/min", "best peak flow 520 L/min", False),  # the number differs
        ("peak flow 5200", "peak flow 520", False),  # numbers match whole
        ("Peak flow 520 documented", "best peak flow 520 L/min", True),  # 520 + 2 of 4 words
        ("520 noted", "best peak flow 520 L/min", False),  # number alone is not enough
        ("no hospital admissions", "no admissions", True),
        ("two hospital admissions", "no admissions", False),  # the fact's negation is required
        ("has asthma", "no asthma", False),
        ("target INR 2.0-3.0 kept", "target INR 2.0-3.0", True),
        ("INR in range", "target INR 2.0-3.0", False),
    ],
)
def test_states(text: str, fact: str, expected: bool) -> None:
    assert states(text, fact) is expected


def test_a_brand_name_states_its_drug_and_no_other() -> None:
    assert states("Lustral 50 mg", "sertraline 50 mg")
    assert states("LASIX 40 mg IV twice daily", "furosemide 40 mg IV")
    assert not states("Seroxat 50 mg", "sertraline 50 mg")  # paroxetine
    assert not states("Lustral 50 mg", "citalopram 50 mg")


def test_a_phrase_of_a_synonym_group_states_its_term() -> None:
    # round 46 (red team 35's control): "estimated GFR 72" is the required fact "eGFR 72"
    assert states("estimated GFR 72", "eGFR 72")
    assert states("short of breath on stairs", "breathless on stairs")
    assert not states("estimated GFR 27", "eGFR 72")
    # an absence keeps its negation and its words (a prohibited claim needs two of them)
    assert {"known", "drug", "allergie"} <= tokens("no known drug allergies").words
    assert not states("NKDA", "no known drug allergies")


def test_a_negated_claim_is_not_the_prohibited_claim() -> None:
    prohibited = "safe to wait until morning"
    assert claims("It is safe to wait until the morning surgery.", prohibited)
    assert not claims("It is not safe to wait until morning.", prohibited)
    assert not claims("Do not wait until morning: call 999.", prohibited)
    # a prohibited phrase that is itself negative still matches its own negation
    assert claims("No need to stop apixaban.", "no need to stop apixaban")


@pytest.mark.parametrize(
    ("text", "prohibited", "made"),
    [
        # session 34: the "not" of "whether ... or not" is no negation
        ("Reduce to 2.5 mg twice daily if creatinine clearance is 15-29 mL/min, whether or not E2 "
         "applies.", "apixaban is not recommended at creatinine clearance 29 mL/min", False),
        ("Whether she hit her head or not is unknown.", "she did not hit her head", False),
        ("She did not hit her head, whether or not the carer saw it.", "she did not hit her head",
         True),
        ("Apixaban is recommended at 29, whether or not E2 applies.", "apixaban is not recommended "
         "at creatinine clearance 29", False),
    ],
)  # fmt: skip
def test_the_not_of_whether_or_not_is_no_negation(text: str, prohibited: str, made: bool) -> None:
    assert claims(text, prohibited) is made


def test_support_needs_the_numbers_and_a_shared_word() -> None:
    evidence = "E2. Reduce to 2.5 mg twice daily if at least two of: age 80 years or older"
    assert supported_by("Give 2.5 mg twice daily", evidence)
    assert not supported_by("Give 5 mg twice daily", evidence)
    assert not supported_by("Reduce the dose to 2.5 mg", "Weight 57 kg")
    assert supported_by("Reduce when two criteria apply", evidence)  # no number; "reduce" shared
    assert not supported_by("Dose reduction criteria apply", evidence)  # no shared word


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("folic acid 0.4 mg daily", True),  # the same amount in another unit
        ("folic acid 400mcg daily", True),
        ("folic acid 400 micrograms daily", True),
        ("folic acid 400 daily", True),  # a number with no unit is read as before
        ("folic acid 400 mg daily", False),  # the same digits, a thousand times the amount
        ("folic acid 4 mg daily", False),
    ],
)
def test_an_amount_of_mass_is_the_same_in_any_unit(text: str, expected: bool) -> None:
    """Round 27 (red team 21's control: "0.4 mg" for "400 micrograms" was not stated)."""
    assert states(text, "folic acid 400 micrograms daily") is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("temperature 102.4 F", True),
        ("temperature 102.4 degrees Fahrenheit", True),
        ("temperature 39.1 C", True),
        ("temperature 101.0 F", False),  # 38.3 C
        ("temperature 102.4", False),  # no unit: a number the fact does not hold
    ],
)
def test_a_temperature_in_fahrenheit_states_the_celsius_fact(text: str, expected: bool) -> None:
    """Round 31: key findings and fields read Fahrenheit as drafts have since round 29."""
    assert states(text, "temperature 39.1 C") is expected


@pytest.mark.parametrize(
    ("text", "grounded"),
    [
        ("Hb 8.4 g/dL", True),  # the same concentration in g/dL (red team 30's control)
        ("Hb 84 g/L", True),
        ("Hb 84", True),
        ("Hb 8.4 g/L", False),  # another value: 8.4 is no number of the record
        ("Hb 6.4 g/dL", False),
        ("paracetamol 1000 mg", True),  # an amount of mass in another unit (round 27)
    ],
)
def test_a_concentration_is_grounded_by_its_amount_in_another_unit(
    text: str, grounded: bool
) -> None:
    record = "Haemoglobin 84 g/L today. Paracetamol 1 g four times a day."
    numbers = tokens(record).numbers
    assert grounded_in(text, numbers, mass_amounts(record)) is grounded


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("apixaban 5 mg BD", "apixaban 5 mg twice daily"),
        ("atorvastatin 80 mg nocte", "atorvastatin 80 mg at night"),
        ("paracetamol 1 g QDS", "paracetamol 1 g four times daily"),
    ],
)
def test_a_schedule_in_shorthand_states_its_words(text: str, fact: str) -> None:
    """Round 49 (red team 38's control): the fact matcher reads BD, nocte, QDS as their words."""
    assert states(text, fact)
    assert not states("apixaban 5 mg", "apixaban 5 mg twice daily")
