"""Reading claims: quantities with their units and status, negation scope, terms."""

from __future__ import annotations

import pytest

from carebench.episodes.claimtext import LIST_WORDS, analyze, term, tokens
from carebench.episodes.lexicon import POLARITY, SCALE, SHORTHAND, UNITS


def test_a_quantity_carries_its_unit_label_and_base_value() -> None:
    (q,) = analyze("Restart 48 h after the last dose").quantities
    assert (q.value, q.unit, q.base) == (48.0, "hour", ("time", 48.0))
    (d,) = analyze("restart 2 days after").quantities
    assert d.base == q.base  # 2 days = 48 hours
    (inr,) = analyze("INR 5.8 today").quantities
    assert "inr" in inr.label and inr.unit == ""  # a time word is not a thing the value counts
    (k,) = analyze("potassium 4.2 last week").quantities
    assert k.unit == "" and analyze("4 wet nappies").quantities[0].unit == "#wet"
    (egfr,) = analyze("eGFR 48 mL/min/1.73m2").quantities  # the body-surface part of the unit
    assert (egfr.value, egfr.unit) == (48.0, "ml/min")


def test_former_ago_and_approximate_values_are_marked() -> None:
    old, new = analyze("Dose increased from 75 micrograms to 100 micrograms").quantities
    assert old.former and not new.former
    (ago,) = analyze("dispensed 23 days ago").quantities
    assert ago.ago
    (about,) = analyze("about 7.6 mg/kg").quantities
    assert about.approximate


def test_names_with_digits_ordinals_and_scores_are_not_counts() -> None:
    assert analyze("PHQ-9 17").quantities[0].value == 17.0
    assert "phq9" in analyze("PHQ-9 17").terms
    assert analyze("Diarrhoea grade 1").quantities == ()
    (pain,) = analyze("pain 6/10").quantities
    assert (pain.value, pain.unit) == (6.0, "/10")
    assert [q.value for q in analyze("BP 112/70").quantities] == [112.0, 70.0]


def test_negation_runs_through_a_short_list_and_stops_at_a_verb_form() -> None:
    found = analyze("no cough, fever, eating small meals")
    assert {"cough", "fever"} <= found.negated
    assert {"eat", "meal"} <= found.asserted
    listed = analyze("denies cough, SOB, dysuria or bleeding gums")
    assert {"cough", "breathless", "gum"} <= listed.negated
    assert LIST_WORDS == 2


def test_a_verb_negation_stops_at_a_preposition_and_is_a_denied_act() -> None:
    found = analyze("BP not controlled on a calcium-channel blocker")
    assert term("controlled") in found.negated and "calcium-channel-blocker" in found.asserted
    assert term("controlled") in found.denied_acts
    assert analyze("no loin pain").denied_acts == frozenset()


def test_a_verb_negation_ends_before_a_verb_form_after_and() -> None:
    """Round 41 (dev set 3's W3C156, set 1's C187): a new predicate is asserted."""
    found = analyze("cannot bend the knee and limps to the door")
    assert term("bend") in found.negated and {term("limps"), "door"} <= found.asserted
    coughing = analyze("not settling and waking her at night")
    assert term("settling") in coughing.negated
    assert term("waking") in coughing.asserted
    assert term("talk") in analyze("cannot walk and talk").negated  # not a verb form


def test_a_denied_change_and_a_free_word() -> None:
    """Round 41 (dev set 3's W3C024, W3C193): "no change of brand", "pain-free"."""
    change = analyze("no change of inhaler since March")
    assert term("change") in change.negated and term("inhaler") in change.terms
    assert term("inhaler") not in change.negated | change.asserted  # not changed: neither side
    free = analyze("itch-free, sleeping well")
    assert term("itch") in free.negated and term("sleeping") in free.asserted


def test_shorthand_expands_to_terms_and_frequencies() -> None:
    assert "freq2" in analyze("apixaban 5 mg BD").terms
    assert "freq1" in analyze("amlodipine 5 mg daily").terms  # a dose written daily
    assert "nightly" in analyze("gabapentin 300 mg nocte").terms
    assert tokens("bladder/bowel") == ("bladder", "bowel")
    assert tokens("5 mmol/l") == ("5", "mmol/l")


def test_the_lexicon_is_consistent() -> None:
    polar = [t for group in POLARITY for side in group for t in side]
    assert len(polar) == len(set(polar))  # a term holds one side of one group
    assert {unit for unit in UNITS.values() if not unit.startswith("#")} >= set(SCALE)
    assert all(k == k.lower() for k in SHORTHAND)


@pytest.mark.parametrize(
    "text",
    [
        "Callback 07700 900123.",
        "Clarithromycin inhibits CYP3A4.",
        "Cycle 2 given.",
        "Type 2 diabetes.",
    ],
)
def test_identifiers_and_numbered_names_are_not_quantities(text: str) -> None:
    """A phone number, an enzyme name and "cycle N" / "type N" name things; they are not amounts."""
    assert analyze(text).quantities == ()
    assert all(not t[0].isdigit() for t in analyze(text).terms)


def test_same_day_is_one_term_and_not_a_daily_dose() -> None:
    assert [term(w) for w in tokens("seen the same day")][-1] == term("same-day") == "sameday"
    assert "sameday" not in analyze("same-month review today").terms
    assert "daily" not in analyze("same-day review today").terms


@pytest.mark.parametrize(
    ("shorthand", "written"),
    [
        ("pain six out of ten", "pain 6/10"),
        ("approx 10/40 by dates", "about 10 weeks by dates"),
        ("at 24+2/40", "24 weeks 2 days"),
        ("coryzal x2 days", "runny nose for 2 days"),
        ("coryzal 2/7", "snuffly blocked nose for 2 days"),
        ("CRT <2 s", "capillary refill under 2 seconds"),
        ("eased by 3-4 min rest", "easing within 3 to 4 minutes of rest"),
        ("30 pk-yr smoker", "smoker, 30 pack-years"),
        ("leuprorelin 3-monthly", "leuprorelin every 3 months"),
        ("salbutamol last used 1/12 ago", "salbutamol last used a month ago"),
        ("INR recheck next Mon", "recheck INR next Monday"),
        ("HR 88", "pulse of 88"),
        ("keep the moisturiser going", "keep the emollient going"),
        ("Lustral 50 mg daily", "sertraline 50 mg daily"),
        ("apixaban reduced to 2.5 mg BD", "reduce to 2.5 mg twice daily"),
        ("ibuprofen: repeat, max three doses in 24 h", "ibuprofen, repeat up to three times a day"),
        (
            "hydrocortisone once a day for no more than a week",
            "hydrocortisone once daily for up to 7 days",
        ),
        ("eczema since a baby", "eczema since infancy"),
        ("nil allergies", "no regular medicines, no known allergies"),  # round 39: shorthand
        ("omit this evening's dose", "omit tonight's dose, then warfarin 4 mg daily"),  # in phrases
        ("type 2 diabetes mellitus", "type 2 diabetes for 15 years"),  # "mellitus" says nothing new
        ("PHQ-9 score 9 today", "PHQ-9 9 today, down from 17 at diagnosis"),  # nor does "score"
    ],
)
def test_general_shorthand_is_read_as_its_line(shorthand: str, written: str) -> None:
    """Clinical shorthand, units after a number, lay/clinical pairs and UK brand names."""
    from carebench.episodes.support import Verdict, support

    assert support(shorthand, written) is Verdict.SUPPORTED


def test_a_unit_word_is_a_unit_only_after_a_number() -> None:
    assert "min" in analyze("min dose").terms
    assert analyze("in her 20s").quantities[0].unit != "second"
    (swapped,) = [q.unit for q in analyze("for x2 weeks").quantities]
    assert swapped == "week"


def test_a_brand_of_another_drug_is_another_drug() -> None:
    from carebench.episodes.support import Verdict, support

    assert support("Nurofen 100 mg", "paracetamol 100 mg") is Verdict.CONTRADICTS


@pytest.mark.parametrize(
    ("text", "daily"),
    [
        ("100 mg sertraline daily", "freq1"),  # dose before drug: once daily
        ("400 micrograms folic acid daily", "freq1"),
        ("sertraline 100 mg daily", "freq1"),
        ("100 mg twice daily", "freq2"),
        ("500 mg total daily", "daily"),  # a total, not a schedule
    ],
)
def test_daily_after_a_dose_and_its_drug_is_once_daily(text: str, daily: str) -> None:
    """Round 27 (red team 21's control: dose before drug lost its schedule)."""
    assert tokens(text)[-1] == daily


@pytest.mark.parametrize(
    ("text", "celsius"),
    [("T 101.3 F", 38.5), ("temperature 99.5 °F", 37.5), ("103.1 degrees Fahrenheit", 39.5)],
)
def test_a_body_temperature_in_fahrenheit_is_read_in_celsius(text: str, celsius: float) -> None:
    """Round 29 (red team 22's control, reworded): read as another unit on 79650b6."""
    (q,) = analyze(text).quantities
    assert (q.value, q.unit) == (celsius, "c")


def test_an_age_or_count_before_f_is_not_a_temperature() -> None:
    (q,) = analyze("aged 42 F").quantities
    assert q.value == 42.0 and q.unit != "c"


def test_a_time_that_has_passed_is_a_time_ago() -> None:
    """Round 41 (dev set 1's C111): "5 weeks have passed" is 5 weeks ago."""
    passed = analyze("6 weeks have passed since the first dose").quantities[0]
    assert passed.ago and passed.value == 6
