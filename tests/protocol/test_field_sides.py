"""A field value that says something else than its reference with its own words (field_sides)."""

from __future__ import annotations

import pytest

from carebench.protocol.field_sides import drops_order, made_optional, unordered, widened


@pytest.mark.parametrize(
    ("value", "reference"),
    [
        ("INR 2.8-5.6 this morning", "INR 5.6 this morning"),
        ("dalteparin 2500-5000 units daily", "dalteparin 5000 units daily"),
        ("pulse 64 to 128", "pulse 128"),
    ],
)
def test_a_single_value_widened_into_a_range_is_not_the_value(value: str, reference: str) -> None:
    """Round 29 (red team 22's fields-range, reworded): correct on 79650b6."""
    assert widened(value, reference)


@pytest.mark.parametrize(
    ("value", "reference"),
    [
        ("U&E in 1-2 weeks", "repeat U&E in 1-2 weeks"),
        ("INR 5.6 this morning", "INR 5.6 this morning"),
        ("BP 82/50 at 10:15-10:20", "BP 82/50 at 10:15"),
        ("weight 12-13 kg", "weight not recorded"),
    ],
)
def test_the_references_range_or_a_plain_value_is_not_widened(value: str, reference: str) -> None:
    assert not widened(value, reference)


@pytest.mark.parametrize(
    "value",
    [
        "consider stopping the ramipril today",
        "ideally no driving for 6 months",
        "try not to miss the long-acting insulin",
        "stop the ramipril today if possible",
    ],
)
def test_an_order_made_optional_is_not_its_reference(value: str) -> None:
    """Round 40 (red team 32): written in other words than its strategies."""
    references = [
        "stop the ramipril today",
        "no driving for 6 months",
        "never miss the long-acting insulin",
    ]
    assert made_optional(value, "\n".join(references))
    assert unordered(value, references)


def test_an_optional_word_the_reference_has_is_its_own() -> None:
    assert not made_optional("consider a statin at review", "consider a statin at review")
    assert not made_optional("stop the ramipril today", "stop the ramipril today")


@pytest.mark.parametrize(
    ("value", "dropped"),
    [
        ("recheck U&E in 48 hours", True),  # "hold lisinopril:" left out
        ("driving for 6 months", True),  # the negation left out
        ("lisinopril held; recheck U&E in 48 hours", False),  # the order kept, reworded
        ("hold lisinopril", False),  # a part of the reference that keeps its order
        ("recheck potassium tomorrow", False),  # not a copy of the reference
    ],
)
def test_an_order_left_out_of_a_copied_reference(value: str, dropped: bool) -> None:
    references = ["hold lisinopril: recheck U&E in 48 hours", "no driving for 6 months"]
    assert drops_order(value, references) is dropped


def test_a_subjective_end_makes_the_order_optional() -> None:
    """Round 41 (red team 32's kind, other words): the receiver stops when the patient likes."""
    reference = "hold the metformin until the eGFR is repeated on Monday"
    assert made_optional("hold the metformin until she feels better", reference)
    assert made_optional("hold the metformin till it settles", reference)
    assert not made_optional("hold metformin until the eGFR is repeated", reference)
    assert not made_optional("paracetamol until the pain settles", "paracetamol until it settles")


def test_a_choice_among_options_leaves_the_order_to_the_receiver() -> None:
    """Round 41 (dev set 3's W3H36, other words): "as appropriate" offers every destination."""
    reference = "999 ambulance now"
    assert made_optional("999 / urgent GP / pharmacy as appropriate", reference)
    assert made_optional("ED or GP, whichever is nearer", reference)
    assert not made_optional("999 ambulance now", reference)
