"""Spans of time a handoff statement gives: held by the record for that content (round 44).

Hand-written cases in wording of their own (carebench.protocol.handoff_spans), not red team 34's.
"""

from __future__ import annotations

import pytest

from carebench.protocol.handoff_spans import spans, unheld_span
from carebench.protocol.handoff_truth import MOVED, untrue

RECORD = (
    "Call 14:05: Mrs Adeyemi, 67, breathless for 3 days, worse since lunchtime.\n"
    "Observations: heart rate 124, respiratory rate 28, SpO2 91 % in air.\n"
    "Plan: doxycycline 200 mg on day 1 then 100 mg daily for 5 days.\nNo flying for 6 weeks.\n"
    "Ankles swollen for the past fortnight; last admission 8 months ago.\n"
    "Paracetamol 1 g every 4-6 hours when needed."
)
SENTENCES = RECORD.split("\n")


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("for 2 weeks", {"span:20160"}),
        ("48 hours", {"span:2880"}),
        ("2/7", {"span:2880"}),
        ("every 4-6 hours", {"span:240", "span:360"}),
        ("within the hour", {"span:60"}),
        ("worse since Tuesday", {"since:tuesday"}),
        ("three times this month", {"this:month"}),
        ("3 days ago", set()),  # a point in time: time_keys reads it
        ("6 weeks old", set()),  # an age
        ("at 28 weeks", set()),  # a gestation
        ("26+4 weeks", set()),
        ("33 weeks' gestation", set()),
        ("24 weeks and 2 days pregnant", set()),
        ("71 years", set()),  # years are ages and histories
        ("day 3/7 of clarithromycin", set()),  # a day of a course
    ],
)
def test_spans_are_amounts_of_time_in_minutes(text: str, keys: set[str]) -> None:
    assert spans(text) == keys


def test_a_record_amount_before_ago_is_held() -> None:
    assert spans("last admission 8 months ago", record=True) == {"span:345600"}


@pytest.mark.parametrize(
    "text",
    [
        "heart rate 124 over ten minutes",  # the record times no pulse
        "doxycycline 100 mg daily for 6 weeks",  # the six weeks are the flying ban's
        "breathless since Monday",  # the record says since lunchtime
        "SpO2 91 % twice this week",
        "respiratory rate 28 at rest for 20 minutes",
    ],
)
def test_a_span_the_record_does_not_give_its_content_is_untrue(text: str) -> None:
    assert unheld_span(text, SENTENCES)
    assert untrue(text, RECORD) == MOVED


@pytest.mark.parametrize(
    "text",
    [
        "breathless for 72 hours",  # 3 days in other words
        "doxycycline 100 mg daily for five days",
        "no flying for 6 wks",
        "worse since lunchtime",
        "ankles swollen for 2 weeks",  # a fortnight
        "5 days",  # the span alone: any record sentence giving it holds it
        "paracetamol every 4 to 6 hours",
        "admitted 8 months ago",  # a point: time_keys' reading
    ],
)
def test_a_span_the_record_gives_is_held(text: str) -> None:
    assert unheld_span(text, SENTENCES) is None


def test_a_sentence_holds_its_spans_for_all_its_content() -> None:
    """A limit, kept on purpose: one record sentence with two facts holds either's span."""
    record = ["Plan: doxycycline 100 mg daily for 5 days; no flying for 6 weeks."]
    assert unheld_span("doxycycline 100 mg daily for 6 weeks", record) is None


def test_half_an_hour_is_thirty_minutes() -> None:
    """Round 49: "began half an hour ago" holds "for 30 min"; "an hour and a half" is 90."""
    record = ["She mentions a severe frontal headache that began half an hour ago."]
    assert spans("began half an hour ago", record=True) == {"span:30"}
    assert spans("one and a half hours") == spans("an hour and a half") == {"span:90"}
    assert unheld_span("severe frontal headache for 30 min", record) is None
    assert unheld_span("severe frontal headache for 3 hours", record) == "span:180"
