"""A finding stated as the complement of a word the record lacks (round 12, red team 10's inversion)."""

from __future__ import annotations

import pytest

from carebench.episodes.complements import framer, positive
from carebench.episodes.support import Verdict, support

RECORD = "bleeding heavily with clots\nfour soaked pads in 2 hours\npulse 118"
FINDINGS = ("bleeding heavily with clots", "four soaked pads in 2 hours")


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("At risk of bleeding heavily with clots", "risk"),
        ("Worried about four soaked pads", "worried"),
        ("Counselled about bleeding heavily", "counselled"),
        ("Educated on bleeding heavily with clots", "educated"),
        ("Watch for four soaked pads", "watch"),
        ("Averted: bleeding heavily with clots", "averted"),
        ("Prevented four soaked pads", "prevented"),
        ("Googled bleeding heavily", "googled"),
    ],
)
def test_a_word_that_takes_the_finding_as_its_object_frames_it(text: str, word: str) -> None:
    assert framer(text, FINDINGS, RECORD) == word
    assert positive(text, FINDINGS, RECORD).strip() in ("", "At")


@pytest.mark.parametrize(
    "text",
    [
        "Heavy bleeding with clots, four soaked pads in 2 hours",  # an adjective describes
        "Man on warfarin bleeding heavily with clots",  # the patient, not a frame
        "New: bleeding heavily with clots",  # a closed word that presents the finding
        "Episodes of bleeding heavily with clots",  # the form a finding takes
        "Hypoglycaemia on the ward with four soaked pads",  # "on" after a noun is a place
        "Drooling and bleeding heavily",  # an -ing form describes
    ],
)
def test_a_finding_in_its_positive_form_is_kept(text: str) -> None:
    assert framer(text, FINDINGS, RECORD) is None
    assert positive(text, FINDINGS, RECORD) == text


def test_a_word_the_record_holds_never_frames() -> None:
    record = f"{RECORD}\nHer mother is worried about the bleeding."
    assert framer("Worried about bleeding heavily", FINDINGS, record) is None


def test_a_frame_takes_the_rest_of_its_sentence_only() -> None:
    text = "At risk of bleeding heavily with clots; four soaked pads.\nPulse 118"
    assert positive(text, FINDINGS, RECORD) == "At \nPulse 118"
    later = "Bleeding heavily with clots, at risk of four soaked pads"
    assert positive(later, FINDINGS, RECORD) == "Bleeding heavily with clots, at "


def test_a_claim_reads_the_preposition_rule_only() -> None:
    line = "Takes folic acid 400 micrograms daily."
    assert support("Folic acid 400 micrograms daily.", line) is Verdict.SUPPORTED
    assert support("Monitor for folic acid 400 micrograms daily.", line) is Verdict.UNSUPPORTED
    # a claim's imperatives and verbs are its ordinary form
    assert framer("Prescribe folic acid 400 micrograms daily", [line], line, verbs=False) is None
    assert framer("Prescribe folic acid 400 micrograms daily", [line], line) == "prescribe"


@pytest.mark.parametrize(
    "text",
    [
        "Reassured her about bleeding heavily with clots",
        "Warned the family of four soaked pads in 2 hours",
        "Spoke to her about bleeding heavily with clots",
    ],
)
def test_a_verb_frames_the_finding_after_its_own_object(text: str) -> None:
    assert framer(text, FINDINGS, RECORD) is not None


@pytest.mark.parametrize(
    "text",
    [
        # round 13 (red team 11's determiner, descriptive, number-lead and cataphora kinds)
        "Prevented any bleeding heavily with clots",
        "Evidence against bleeding heavily with clots",
        "Symptoms other than four soaked pads in 2 hours",
        "1 in 10 risk of bleeding heavily with clots",
        "999 advice given about bleeding heavily with clots",
    ],
)
def test_a_frame_reaches_past_closed_words_and_numbers(text: str) -> None:
    assert framer(text, FINDINGS, RECORD) is not None


def test_a_frame_that_points_forward_takes_the_rest_of_its_sentence() -> None:
    text = "Safety-netted about these; bleeding heavily with clots, four soaked pads in 2 hours"
    assert positive(text, FINDINGS, RECORD).strip() == ""


def test_a_record_word_licenses_a_frame_only_where_it_is_said_of_the_finding() -> None:
    record = f"{RECORD}\nAntibody screen negative at booking."
    assert framer("Screen for bleeding heavily with clots", FINDINGS, record) == "screen"
    said = f"{RECORD}\nShe is worried about the bleeding with clots."
    assert framer("Worried about bleeding heavily with clots", FINDINGS, said) is None


@pytest.mark.parametrize(
    "text",
    ["Two weeks of bleeding heavily with clots", "Pain on four soaked pads in 2 hours"],
)
def test_a_unit_or_a_noun_before_a_preposition_does_not_frame(text: str) -> None:
    assert framer(text, FINDINGS, RECORD) is None


@pytest.mark.parametrize(
    "text",
    [
        "Cut-off: four soaked pads in 2 hours",  # a rule's criterion, not her finding
        "Example: bleeding heavily with clots",
        "Baseline: bleeding heavily with clots",  # her usual state, as a heading
        "Longstanding: four soaked pads in 2 hours",
    ],
)
def test_a_reference_or_usual_state_label_before_the_finding_frames_it(text: str) -> None:
    """Round 14 (red team 12's threshold, baseline and chronic labels), worded apart."""
    assert framer(text, FINDINGS, RECORD) is not None
    assert "bleeding" not in positive(text, FINDINGS, RECORD)
    assert "soaked" not in positive(text, FINDINGS, RECORD)


@pytest.mark.parametrize(
    "text",
    [
        "Four soaked pads in 2 hours, far above her baseline",  # said after the finding
        "Chronic anaemia and now bleeding heavily with clots",  # part of a name, not a heading
        "Typical bleeding heavily with clots for a miscarriage",
    ],
)
def test_a_usual_state_word_that_is_not_a_heading_does_not_frame(text: str) -> None:
    assert framer(text, FINDINGS, RECORD) is None
    assert "bleeding" in positive(text, FINDINGS, RECORD) or "soaked" in positive(
        text, FINDINGS, RECORD
    )
