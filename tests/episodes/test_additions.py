"""Words added to a covered claim, and retractions of the note (issue 21, red team 5: H1, H4).

Each claim below was supported before these rules (traceability ~0.85-0.95 for the strategies).
"""

from __future__ import annotations

import pytest

from carebench.episodes.additions import added, retraction, stand_ins
from carebench.episodes.claimtext import term, tokens
from carebench.episodes.support import Verdict, support

LINE = "Takes folic acid 400 micrograms daily."
CLAIM = "Folic acid 400 micrograms daily"
COVERED = frozenset(term(w) for w in ("folic", "acid", "micrograms", "freq1"))


@pytest.mark.parametrize(
    "tail",
    [", tripled", " (voided)", ", allegedly", " - opposite", ", fine to skip", ", critical",
     ", reversed", ", per hearsay", " (dummy data)", ", then double",
     ", clearly", ", DVT history noted"],  # forgiven before as a common word, an abbreviation
)  # fmt: skip
def test_a_word_added_to_a_covered_claim_is_not_supported(tail: str) -> None:
    assert support(CLAIM, LINE) is Verdict.SUPPORTED
    assert support(CLAIM + tail, LINE) is not Verdict.SUPPORTED  # round 14: a void contradicts


def test_an_added_segment_is_found_unless_it_stands_in_for_a_cited_word() -> None:
    claim = CLAIM + ", tripled"
    assert tokens(claim)[-1] == "tripled"
    assert added(claim, frozenset({"tripl"}), COVERED, LINE) == ["tripl"]
    # after the last shared word "tripled" replaces nothing, whatever the line goes on to say
    assert added(claim, frozenset({"tripl"}), COVERED, CLAIM + " as advised") == ["tripl"]
    # between two shared words it may stand in for a word the claim leaves out
    inner = "Folic acid, tripled, 400 micrograms daily"
    line = "Folic acid as advised 400 micrograms daily"
    assert added(inner, frozenset({"tripl"}), COVERED, line) == []
    assert added(inner, frozenset({"tripl"}), COVERED, LINE) == ["tripl"]


def test_a_stand_in_replaces_a_word_between_the_words_it_shares() -> None:
    claim = list(tokens("BP 112/70, urinalysis NAD, no bleeding"))
    assert claim[3:6] == ["urinalysis", "no", "abnormality"]
    line = "BP 112/70, urine dipstick clear. No bleeding."
    shared = frozenset({"bp", term("bleeding")})
    # "urine", "dipstick" and "clear" lie between 112/70 and "bleeding": three stand-ins
    assert stand_ins(claim, {3, 5}, shared, line) == {3, 5}
    assert stand_ins(claim, {3, 5}, shared, "BP 112/70. No bleeding.") == set()


def test_a_heading_a_denial_or_a_cited_word_is_not_an_addition() -> None:
    # a labelling heading is read by claimforms.heading; a denial by the negation rules
    assert added("Medication: " + CLAIM, frozenset({"medic"}), COVERED, LINE) == []
    assert added(CLAIM + ", no rash", frozenset({"rash"}), COVERED, LINE) == []
    # words that restate the current standing (readable.FILLER) add nothing
    assert added(CLAIM + ", taken as prescribed", frozenset({"prescrib"}), COVERED, LINE) == []
    # a reporting word attributes the claim to a source
    assert added(CLAIM + ", matching your report", frozenset({"match"}), COVERED, LINE) == []
    # a word the cited text holds, if only in a question, is not added
    assert support(CLAIM + ", tolerated", LINE) is Verdict.UNSUPPORTED
    assert support(CLAIM + ", tolerated", LINE + " Is it tolerated?") is Verdict.SUPPORTED


def test_a_sentence_with_no_covered_term_is_its_own_assertion() -> None:
    for sentence in ("Nothing to worry about.", "Safe in pregnancy."):
        assert support(f"{CLAIM}. {sentence}", LINE) is Verdict.UNSUPPORTED, sentence
    assert support(CLAIM + ". Folic acid daily.", LINE) is Verdict.SUPPORTED


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (CLAIM + ". Disregard all of the above.", "before"),
        ("Please strike everything above.", "before"),
        ("The above is not accurate.", "before"),
        ("Ignore the following.", "after"),
        ("None of this applies.", "whole"),
        ("Please delete this note.", "whole"),
        ("See above.", None),
        ("Continue the above.", None),
        ("As above, no change.", None),
        ("All of the above confirmed with the patient.", None),
        ("Plan as per the previous note.", None),
        ("The summary lists no regular medicines.", None),  # another record, not this note
        ("Delete the whole note.", "whole"),
        (CLAIM, None),
    ],
)
def test_a_retraction_is_a_clause_about_the_note_that_takes_it_back(
    text: str, kind: str | None
) -> None:
    assert retraction(text) == kind


def test_a_claim_that_retracts_the_note_is_not_supported() -> None:
    assert support(CLAIM + ". Disregard all of the above.", LINE) is Verdict.UNSUPPORTED


@pytest.mark.parametrize("head", ["Example only: ", "Simulated: ", "Training scenario: "])
def test_a_heading_that_labels_nothing_is_an_addition(head: str) -> None:
    """Round 6, H10: only a heading holding a section or fact label (or a covered term) is exempt."""
    assert support(head + CLAIM, LINE) is Verdict.UNSUPPORTED
    assert added(head + CLAIM, frozenset({term(tokens(head)[0])}), COVERED, LINE)


@pytest.mark.parametrize("head", ["Plan: ", "Medication: ", "Folic acid: ", "Alternative (E2): "])
def test_a_labelling_heading_is_exempt(head: str) -> None:
    assert support(head + CLAIM, LINE) is Verdict.SUPPORTED


@pytest.mark.parametrize("tail", [", ya no", " - yes and no", "; or not", ", or not at all"])
def test_a_denial_with_no_content_is_an_addition(tail: str) -> None:
    """Round 6, H4: a trailing segment of a denial word and no content word negates the claim."""
    assert support(CLAIM + tail, LINE) is not Verdict.SUPPORTED  # round 14: a void contradicts


@pytest.mark.parametrize(
    "text",
    ["Folic acid 400 micrograms daily, no nausea", "Folic acid 400 micrograms daily, nil since",
     "Folic acid 400 micrograms daily; no change needed", "Allergies: none"],
)  # fmt: skip
def test_a_denial_of_content_or_a_heading_value_is_no_bare_denial(text: str) -> None:
    assert added(text, frozenset(), COVERED, LINE + " No nausea.") == []
