"""A field value that says something else than its reference with its own words (field_sides)."""

from __future__ import annotations

import pytest

from carebench.protocol.field_sides import widened


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
