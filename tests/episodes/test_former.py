"""A treatment stated as current that the cited lines say was stopped (moved from support.py)."""

from __future__ import annotations

from carebench.episodes.claimtext import analyze
from carebench.episodes.former import resumed

LINE = "Naproxen 500 mg twice daily, started for a sprain, was stopped 2 months ago."


def test_a_stopped_treatment_stated_as_current_is_resumed() -> None:
    claim = "Takes naproxen 500 mg twice daily"
    assert resumed(analyze(claim), claim, LINE)


def test_a_claim_that_places_it_in_the_past_is_not() -> None:
    claim = "Naproxen was stopped 2 months ago"
    assert not resumed(analyze(claim), claim, LINE)
    switched = "Switched from desogestrel 18 months ago to the combined pill."
    assert resumed(analyze("Currently on desogestrel"), "Currently on desogestrel", switched)


def _moved(claim: str, line: str) -> str | None:
    return resumed(analyze(claim), claim, line)


def test_a_stopped_treatment_names_its_rule() -> None:
    assert _moved("Takes naproxen 500 mg twice daily", LINE) == "former treatment stated as current"


def test_a_value_the_line_dates_to_the_past_stated_as_current() -> None:
    rule = "past entry stated as current"
    diagnosis = "PHQ-9 was 17 at diagnosis; repeat today is 9."
    assert _moved("PHQ-9 17 today", diagnosis) == rule
    assert _moved("Hb 92 now", "Hb 92 two weeks ago.") == rule
    assert _moved("TSH 1.8 currently", "TSH 1.8 in September, on 100 micrograms.") == rule
    assert _moved("Creatinine 90 today", "Creatinine 150 today (baseline 90).") == rule


def test_a_value_dated_to_now_or_kept_in_its_past_is_not_moved() -> None:
    assert _moved("PHQ-9 9 today", "PHQ-9 was 17 at diagnosis. Repeat PHQ-9 today is 9.") is None
    assert _moved("PHQ-9 17 at diagnosis", "PHQ-9 was 17 at diagnosis.") is None
    assert _moved("Hb 92 today", "Hb 92 today, 105 last month.") is None
    assert _moved("eGFR 38", "eGFR 38 before starting ramipril.") is None  # no time claimed
    assert _moved("Hb 92 today", "Hb 92.") is None  # an undated value is not dated to the past


def test_a_claim_that_dates_its_value_itself_is_not_moved() -> None:
    line = "Cycle 2 of docetaxel was given 8 days ago."
    assert _moved("Cycle 2 given 8 days before today", line) is None
    assert _moved("Cycle 2 given 8 days ago, reviewed today", line) is None


def test_a_finding_the_line_dates_to_the_past_stated_as_current() -> None:
    line = "X-ray requested 10 days ago. Phone review 3 days ago (Dr Lewis): cough improving."
    assert _moved("cough improving at phone review today", line) == "past entry stated as current"
    assert _moved("cough improving at phone review 3 days ago", line) is None
    assert _moved("cough improving at phone review", line) is None  # no time claimed
