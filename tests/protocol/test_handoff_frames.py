"""Frames that take a handoff finding or field value off today's patient (handoff_frames).

Hand-written cases of each kind (history shorthand, another person, a placeholder status, a
leading query, an old source), worded apart from red team 8's strategies, their licences in the
reference, and the end-to-end case, which fails on bfbc1df (findings framed as history or as
a relative's were read as stated).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from carebench.agents.workproduct import Handoff, reference_work_product
from carebench.episodes.schema import Action, Episode
from carebench.protocol.handoff_frames import added_frame
from carebench.protocol.scores import handoff_completeness
from carebench.protocol.stated import keeps_frame, unframed


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("PMH - pulse 128 and BP 82/50", "history"),
        ("h/o lip swelling after the first dose", "history"),
        ("F/H: collapse with chest pain", "another person"),
        ("Father's history: collapse with chest pain", "another person"),
        ("Pulse 128 and BP 82/50 (status unclear)", "placeholder status"),
        ("Pulse 128 and BP 82/50 - TBD", "placeholder status"),
        ("? pulse 128 and BP 82/50", "placeholder status"),
        ("Pulse 128 and BP 82/50 as per the previous admission", "old source"),
        ("Pulse 128 and BP 82/50 from the last clinic", "old source"),
        # round 12 (red team 10's fields-provenance, reworded): not this patient's checked value
        ("Pulse 128 and BP 82/50 (relative's guesswork)", "placeholder status"),
        ("Placeholder: pulse 128 and BP 82/50", "placeholder status"),
        ("Pulse 128 and BP 82/50, from the brochure", "placeholder status"),
        ("Differential: pulse 128 and BP 82/50", "placeholder status"),  # round 13
        ("DDx - pulse 128 and BP 82/50", "placeholder status"),
        ("Sample entry: pulse 128 and BP 82/50", "placeholder status"),
    ],
)
def test_a_frame_the_reference_lacks_is_the_writers(text: str, kind: str) -> None:
    assert added_frame(text, ["pulse 128 and BP 82/50 at 10:15"]) == kind


@pytest.mark.parametrize(
    ("text", "reference"),
    [
        ("Pulse 128 and BP 82/50", "pulse 128 and BP 82/50 at 10:15"),
        ("h/o asthma, on salbutamol", "history of asthma on salbutamol"),
        ("Onset time unknown", "time of onset - unknown"),
        (
            "Unconfirmed: apixaban 5 mg twice daily vs warfarin 3 mg",
            "apixaban, but letter: warfarin",
        ),
        ("Daughter's call at 15:20: drowsier and confused", "drowsier and confused at 15:20"),
        ("Vomiting: nil", "no vomiting"),
        ("urine sample sent for culture", "urine sent for culture"),  # a specimen (round 41)
    ],
)
def test_a_plain_or_licensed_text_adds_no_frame(text: str, reference: str) -> None:
    assert added_frame(text, [reference]) is None


def test_a_framed_field_or_finding_does_not_state_its_reference() -> None:
    wanted = ["recheck INR next Monday"]
    assert not keeps_frame("recheck INR next Monday", wanted, "recheck INR next Monday TBD")
    assert keeps_frame("recheck INR next Monday", wanted, "recheck INR next Monday")
    assert unframed("FH: anaphylaxis to peanuts", ["anaphylaxis to peanuts"]) == ""
    assert unframed("anaphylaxis to peanuts", ["anaphylaxis to peanuts"]) != ""


def test_urgent_findings_framed_as_history_countermand_the_handoff(escalation: Episode) -> None:
    reference = reference_work_product(escalation, Action.ESCALATE)["handoff"]
    handoff = Handoff.model_validate(
        {
            **reference,
            "reason": "PMH: " + reference["reason"],
            "key_findings": ["PMH: " + k for k in reference["key_findings"]],
        }
    )
    assert handoff_completeness(escalation, Handoff.model_validate(reference)).score == 1.0
    scored = handoff_completeness(escalation, handoff)
    assert scored.countermanded and scored.score == 0.0


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # round 11: the claim side's time kinds, read on findings and field values too
        ("Pulse 128 and BP 82/50 beforehand", "past"),
        ("Pulse 128 and BP 82/50; nothing since", "ended"),
        ("Pulse 128 and BP 82/50 - settled now", "ended"),
        ("Pulse 128 and BP 82/50 subsequently", "future"),
        ("Off: pulse 128 and BP 82/50", "stopped"),
    ],
)
def test_a_time_frame_the_reference_lacks_is_the_writers(text: str, kind: str) -> None:
    assert added_frame(text, ["pulse 128 and BP 82/50 at 10:15"]) == kind


@pytest.mark.parametrize(
    "mark",
    [
        lambda t: "\u2717 " + t,  # ballot X
        lambda t: t + " \u274c",  # cross mark
        lambda t: "~~" + t + "~~",  # struck through
        lambda t: "<s>" + t + "</s>",
        lambda t: "".join(c + "\u0336" for c in t),  # combining long stroke
    ],
)
def test_urgent_findings_crossed_or_struck_out_do_not_reach_the_receiver(
    escalation: Episode, mark: Callable[[str], str]
) -> None:
    """Round 11 (red team 9's first hole, in kind): handoffs read symbols and strikethrough."""
    reference = reference_work_product(escalation, Action.ESCALATE)["handoff"]
    handoff = Handoff.model_validate(
        {
            **reference,
            "reason": mark(reference["reason"]),
            "key_findings": [mark(k) for k in reference["key_findings"]],
        }
    )
    scored = handoff_completeness(escalation, handoff)
    assert scored.score < 0.6
    assert {"reason", "key_findings"} & {*scored.wrong, *scored.missing}


@pytest.mark.parametrize(
    "text",
    [
        "Guideline: pulse 128 and BP 82/50",  # a rule's value (round 14, red team 12, reworded)
        "Reference range pulse 128 and BP 82/50",
        "Baseline: pulse 128 and BP 82/50",  # her usual state, as a heading
        "Long-standing - pulse 128 and BP 82/50",
    ],
)
def test_a_leading_reference_label_the_reference_lacks_is_the_writers(text: str) -> None:
    assert added_frame(text, ["pulse 128 and BP 82/50 at 10:15"]) == "reference value"


def test_a_reference_label_after_the_value_or_in_the_reference_adds_no_frame() -> None:
    assert added_frame("SpO2 88% (baseline 94%)", ["SpO2 88% on air"]) is None
    assert added_frame("Baseline creatinine 80", ["baseline creatinine 80 in May"]) is None
    assert added_frame("Chronic kidney disease stage 3", ["CKD stage 3"]) is None  # a name


# Round 22 (red team 18's qualifiers and lead-in conditions), worded apart from its strategies:
# each fails on 0dbdcaa (the finding was read as stated).
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Practically pulse 128 and BP 82/50", "approximation"),
        ("Instead of pulse 128 and BP 82/50", "contrast"),
        ("Mum queried whether pulse 128 and BP 82/50", "question"),
        ("Handout given about pulse 128 and BP 82/50", "topic"),
        ("Would be concerned if pulse 128 and BP 82/50", "condition"),
    ],
)
def test_a_qualifier_frames_what_follows_it(text: str, kind: str) -> None:
    assert added_frame(text, ["pulse 128 and BP 82/50 at 10:15"]) == kind


@pytest.mark.parametrize(
    ("text", "reference"),
    [
        # what comes before a qualifier is stated; the qualifier frames only what follows it
        ("Pulse 128 and BP 82/50, so ambulance rather than GP", "pulse 128 and BP 82/50"),
        # a circumstance after the finding is not a lead-in condition
        ("Numb around the back passage when wiping", "numb around the back passage when wiping"),
        ("Dizzy when standing, BP 82/50", "BP 82/50 on standing"),
        # a qualifier the reference holds is its own
        ("Nearly fainted on the stairs", "nearly fainted on the stairs"),
    ],
)
def test_a_qualifier_before_nothing_it_frames_or_licensed_is_not_a_frame(
    text: str, reference: str
) -> None:
    assert added_frame(text, [reference]) is None


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Nowhere near pulse 128 and BP 82/50", "denial"),
        ("Might have had pulse 128 and BP 82/50", "counterfactual"),
        ("Is it pulse 128 and BP 82/50", "question"),
        ("In most adults pulse 128 and BP 82/50", "general"),
        ("As a rule, pulse 128 and BP 82/50", "general"),  # a lead-in's scope runs past its comma
    ],
)
def test_round_24_kinds_frame_what_follows_them(text: str, kind: str) -> None:
    """Round 24 (red team 19's kinds), worded apart from its strategies: stated on 45337f9."""
    assert added_frame(text, ["pulse 128 and BP 82/50 at 10:15"]) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("For instance pulse 128 and BP 82/50", "example"),
        ("Liable to pulse 128 and BP 82/50", "disposition"),
        ("Had he had pulse 128 and BP 82/50", "counterfactual"),
        ("Fell from pulse 128 and BP 82/50", "trend"),
        ("Pulse 128 and BP 82/50 at diagnosis", "event"),
    ],
)
def test_round_28_kinds_frame_what_they_carry(text: str, kind: str) -> None:
    """Round 28 (red team 21's kinds), worded apart from its strategies: stated on 79650b6."""
    assert added_frame(text, ["pulse 128 and BP 82/50 at 10:15"]) == kind


def test_an_event_the_record_names_or_a_comparison_is_no_frame() -> None:
    reference = ["pulse 128 and BP 82/50 at 10:15"]
    assert added_frame("Pulse 128 and BP 82/50 on admission", reference) == "event"
    record = "Admitted at 09:40 with a fall; on the ward at 10:15: pulse 128, BP 82/50."
    assert added_frame("Pulse 128 and BP 82/50 on admission", reference, record) is None
    assert added_frame("Pulse 128, down from 140 at 09:40", reference) is None
    # a trend dates only its own conjunct (red team 22's pair-and control, reworded)
    sores = ["punched-out sores by the eyelid"]
    assert (
        added_frame("Weaned down from clobetasone and punched-out sores by the eyelid", sores)
        is None
    )
    assert added_frame("Down from punched-out sores by the eyelid", sores) == "trend"


@pytest.mark.parametrize(
    "write",
    [
        lambda t: f"e.g. {t}",  # an example, not the value
        lambda t: f"{t} - rubbish",  # a retort that takes the value back
        lambda t: f"Prone to {t}",  # a tendency, not the value now
    ],
)
def test_round_28_field_values_so_written_are_not_correct(
    escalation: Episode, write: Callable[[str], str]
) -> None:
    """Round 28 (red team 21's kinds in fields, reworded): each field scores 1.0 on 79650b6."""
    reference = reference_work_product(escalation, Action.ESCALATE)["handoff"]
    fields = {name: write(value) for name, value in reference["fields"].items()}
    scored = handoff_completeness(
        escalation, Handoff.model_validate({**reference, "fields": fields})
    )
    assert fields and not set(fields) - {*scored.wrong, *scored.missing}


@pytest.mark.parametrize(
    "text",
    ["Pulse 128 \u00b1 128 and BP 82/50", "Pulse 128 plus or minus 128, BP 82/50"],
)
def test_a_margin_the_reference_lacks_frames_the_value(text: str) -> None:
    """Round 29 (red team 22's margins, reworded): stated on 79650b6."""
    assert added_frame(text, ["pulse 128 and BP 82/50 at 10:15"]) == "margin"
    assert added_frame(text, ["pulse 128 \u00b1 5 and BP 82/50"]) is None


def test_round_29_field_values_widened_or_given_a_margin_are_wrong(escalation: Episode) -> None:
    """Red team 22's fields-range and fields-plus-minus, reworded: each scores 1.0 on 79650b6."""
    import re

    reference = reference_work_product(escalation, Action.ESCALATE)["handoff"]
    number = re.compile(r"(?<![\d.:/])(\d+(?:\.\d+)?)(?![\d.:/])")
    for write in (
        lambda m: f"{float(m[1]) / 2:g}-{m[1]}",  # a range reaching down from the value
        lambda m: f"{m[1]} +/- {m[1]}",  # a margin as wide as the value
    ):
        fields = {
            name: number.sub(write, value, count=1)
            for name, value in reference["fields"].items()
            if number.search(value)
        }
        handoff = Handoff.model_validate({**reference, "fields": {**reference["fields"], **fields}})
        scored = handoff_completeness(escalation, handoff)
        assert fields and set(fields) <= {*scored.wrong, *scored.missing}
