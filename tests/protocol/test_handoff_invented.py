"""Relative time, untitled names, invented findings and field order (red teams 6-7: H5, H12-H15).

Hand-written cases for carebench.protocol.handoff_when, handoff_invented and handoff_order; each
fails on the scorer before them (the text was read as true, or the field value as correct). The
wording differs from the red teams' strategies on purpose.
"""

from __future__ import annotations

import pytest

from carebench.agents.workproduct import Handoff, reference_work_product
from carebench.episodes.schema import Action, Episode
from carebench.protocol.handoff_invented import invented_denial, rescaled_dose
from carebench.protocol.handoff_order import delays, order_swapped
from carebench.protocol.handoff_reading import identity_exact, inverts
from carebench.protocol.handoff_safety import VETO_FACTOR, unsafe_fields
from carebench.protocol.handoff_truth import INVENTED, MOVED, OTHER, untrue
from carebench.protocol.scores import handoff_completeness
from tests.protocol.handoffs import RECORD

URGENT = ("crushing chest pain spreading to the left arm",)


@pytest.mark.parametrize(
    "text",
    [
        "Crushing chest pain spreading to the left arm - initially",
        "Crushing chest pain spreading to the left arm, transiently",
        "To begin with, crushing chest pain spreading to the left arm",
    ],
)
def test_a_relative_time_on_the_red_flag_moves_it(text: str) -> None:
    assert untrue(text, RECORD, (), URGENT) == MOVED
    assert unsafe_fields({"reason": [text]}, RECORD, {}, True, URGENT) == ("reason",)


@pytest.mark.parametrize(
    "text",
    [
        "Crushing chest pain spreading to the left arm, initially 5/10, now worse",
        "Earlier a similar ache when walking uphill",  # not the red flag: narrative
    ],
)
def test_a_relative_time_anchored_to_now_or_off_the_red_flag_is_not_moved(text: str) -> None:
    assert untrue(text, RECORD, (), URGENT) is None


def test_an_untitled_name_the_record_lacks_is_another_person() -> None:
    text = "Owen Hartley - crushing chest pain spreading to the left arm"
    assert untrue(text, RECORD, (), URGENT) == OTHER
    assert untrue("Crushing Chest pain spreading to the left arm", RECORD, (), URGENT) is None


@pytest.mark.parametrize(
    "text",
    [
        "Breath sounds clear",  # no record sentence says anything is clear
        "Abdomen soft, rest of examination unremarkable",
        "Sweaty and grey; no pain",  # the record has pain, never denied
        "Heart rate 44, crushing chest pain",  # 44 is no heart rate the record gives (it has 118)
    ],
)
def test_a_finding_the_record_does_not_give_is_invented(text: str) -> None:
    record = RECORD + "\nHeart rate 118."
    urgent = (*URGENT, "heart rate 118")
    assert untrue(text, record, (), urgent) == INVENTED
    assert unsafe_fields({"key_findings": [text]}, record, {}, True, urgent) == ("key_findings",)


@pytest.mark.parametrize(
    "text",
    [
        "Heart rate 118, sweaty and grey",
        "Sweaty and grey, not clear why",  # a negated normal word asserts nothing
        "14:05 obs: heart rate 96, normal",  # values the record holds (its 14:05 reading)
        "No fever reported",  # the record never mentions fever: not contradicted
    ],
)
def test_a_finding_the_record_gives_is_not_invented(text: str) -> None:
    record = RECORD + "\nAt 14:05 heart rate 96.\nHeart rate 118 now."
    urgent = (*URGENT, "heart rate 118")
    assert untrue(text, record, (), urgent) != INVENTED


def test_without_urgent_findings_nothing_is_read_as_invented() -> None:
    assert untrue("Breath sounds clear", RECORD) is None


@pytest.mark.parametrize(
    ("value", "reference", "swapped"),
    [
        ("review after 2 weeks", "review within 2 weeks", True),
        ("ring back 30 minutes before the dose", "ring back 30 minutes after the dose", True),
        ("at most 1.5 litres a day", "at least 1.5 litres a day", True),
        ("less than 4 hours", "more than 4 hours", True),
        ("hold until reviewed", "held since reviewed", True),
        ("review within 2 weeks", "review within 2 weeks", False),
        ("walked 5 m before stopping", "gasping after 5 metres", False),  # not the same thing
        ("no more than 2 tablets", "at most 2 tablets", False),
        ("rash within minutes of the first dose", "rash minutes after the first dose", False),
    ],
)
def test_an_order_or_comparator_the_other_way_inverts_the_field(
    value: str, reference: str, swapped: bool
) -> None:
    assert order_swapped(value, [reference]) is swapped
    assert inverts(value, [reference], emergency_only=False) is swapped


def test_an_identity_field_that_carries_a_time_or_condition_is_not_the_value() -> None:
    wanted = ["07700 900456"]
    assert identity_exact("callback number", "07700 900456", wanted)
    assert identity_exact("callback number", "07700 900456 (mobile, daughter)", wanted)
    assert delays("07700 900456, not before 7 pm", wanted) is not None
    assert not identity_exact(
        "callback number", "07700 900456 - only if no answer, 9:30 am", wanted
    )
    assert not identity_exact("caller name", "Ana Silva, after lunch", ["Ana Silva"])
    # a time the reference itself gives is the value's
    assert identity_exact("callback number", "07700 900456 after 5 pm", ["07700 900456 after 5 pm"])


def test_an_invented_normal_finding_countermands_the_escalation(escalation: Episode) -> None:
    reference = reference_work_product(escalation, Action.ESCALATE)["handoff"]
    full = handoff_completeness(escalation, Handoff.model_validate(reference))
    lead = ["examination otherwise unremarkable", *reference["key_findings"]]
    scored = handoff_completeness(
        escalation, Handoff.model_validate({**reference, "key_findings": lead})
    )
    assert full.score == 1.0
    assert "key_findings" in scored.wrong and "key_findings" in scored.unsafe
    assert scored.score is not None and scored.score <= VETO_FACTOR


def test_a_time_span_in_another_unit_than_the_record_gives_is_untrue() -> None:
    record = RECORD + "\nDocetaxel every 21 days; cycle 2 given 8 days ago."
    assert untrue("Docetaxel every 21 weeks", record) == MOVED
    assert untrue("Cycle 2 given 8 months ago", record) == MOVED
    assert untrue("Chest pain for 20 minutes, cycle 2 given 8 days ago", record) is None
    # in the reason or key findings it misstates the record's findings, so it countermands
    assert untrue("Docetaxel every 21 weeks", record, (), URGENT) == INVENTED


def test_a_finding_value_the_reference_values_give_otherwise_countermands() -> None:
    record = RECORD + "\nOn bisoprolol 5 mg daily."
    references = {"current dose": ["bisoprolol 5 mg daily"]}
    texts = {"key_findings": ["Crushing chest pain spreading to the left arm", "bisoprolol 50 mg"]}
    assert unsafe_fields(texts, record, references, True, URGENT) == ("key_findings",)
    texts = {"key_findings": ["Crushing chest pain spreading to the left arm", "bisoprolol 5 mg"]}
    assert unsafe_fields(texts, record, references, True, URGENT) == ()


@pytest.mark.parametrize(
    ("value", "reference"),
    [
        # round 11 (red team 9's hole 9): a negated order word is the other side
        ("urgent bloods not before the first antibiotic dose", "bloods before the first dose"),
        ("review no sooner than 48 hours", "review within 48 hours"),
    ],
)
def test_a_negated_order_word_reads_as_the_other_side(value: str, reference: str) -> None:
    assert order_swapped(value, [reference])


def test_an_observation_the_record_never_took_is_invented() -> None:
    """Round 11 (red team 9's invented vitals): any observation, not only an urgent one's."""
    from carebench.protocol.handoff_invented import invented_value

    record = "Crushing chest pain spreading to the left arm for 20 minutes, sweaty and grey."
    assert invented_value("Pulse 68, RR 14, sats 99 % on air", record) == "heart rate"
    assert invented_value("Pulse 68", f"{record} Pulse 68 at rest.") is None
    assert invented_value("sats 91 %", f"{record} Probe reads 91 %.") is None  # worded otherwise
    assert invented_value("Crushing chest pain for 20 minutes", record) is None


@pytest.mark.parametrize(
    ("statement", "unit"),
    [
        ("Takes levothyroxine 75 milligrams each morning", "mg"),
        ("Drank 250 litres of squash since noon", "l"),
    ],
)
def test_a_dose_in_another_unit_of_its_kind_is_invented(statement: str, unit: str) -> None:
    """Round 23 (red team 18's unit swap), worded apart from it: read as true on 45337f9."""
    record = "Takes levothyroxine 75 micrograms each morning. Drank 250 mL of squash since noon."
    found = rescaled_dose(statement, record)
    assert found is not None and found.endswith(unit)
    assert untrue(statement, record, urgent=URGENT) == INVENTED
    assert rescaled_dose("Levothyroxine 75 micrograms each morning", record) is None
    assert rescaled_dose("Levothyroxine 0.075 mg each morning", record) is None  # not the number


def test_a_dose_in_a_unit_of_another_kind_under_its_label_is_invented() -> None:
    """Round 44 (red team 34's "insulin glargine 24 mL"), worded apart from it."""
    record = "Insulin detemir 14 units at bedtime. Lactulose 15 mL twice daily."
    assert rescaled_dose("insulin detemir 14 mL at bedtime", record) == "14 ml"
    assert rescaled_dose("lactulose 15 units twice daily", record) == "15 unit"
    assert untrue("insulin detemir 14 mL at bedtime", record) == INVENTED  # a named field too
    assert rescaled_dose("insulin detemir 14 units at bedtime", record) is None
    assert rescaled_dose("weight 14 kg", record) is None  # no dose unit, no shared label


def test_a_denial_the_record_contradicts_is_invented_in_any_field() -> None:
    """Round 44 (red team 34's "no oxygen"): the record gives it and never denies it."""
    record = "Oxygen 2 L/min via nasal cannula started at 09:10.\nNo chest pain."
    sentences = record.split("\n")
    assert invented_denial("no oxygen", sentences) == "no oxygen"
    assert untrue("salbutamol nebuliser; no oxygen", record) == INVENTED
    assert invented_denial("no chest pain", sentences) is None  # the record denies it too
    assert invented_denial("no oxygen dose in the record", sentences) is None
