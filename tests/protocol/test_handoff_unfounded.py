"""A field value that copies its reference and adds what the record lacks (round 43).

Hand-written cases in wording of their own (carebench.protocol.handoff_unfounded).
"""

from __future__ import annotations

import pytest

from carebench.protocol.handoff_unfounded import unfounded_aside, unfounded_tail

RECORD = (
    "Caller: his wife, Moira; callback 07700 900456. Angus, 67, central chest pain for 40 "
    "minutes, sweaty; aspirin 300 mg chewed at 09:10 on the call handler's advice."
)
DISPOSITION = ("emergency ambulance now",)


@pytest.mark.parametrize(
    "value",
    [
        "emergency ambulance now; meanwhile walk him round the garden to loosen the chest",
        "emergency ambulance now (a retired paramedic neighbour will drive him instead)",
        "Give three glyceryl trinitrate sprays first - emergency ambulance now",
    ],
)
def test_a_copied_reference_with_an_unfounded_addition(value: str) -> None:
    assert unfounded_tail(value, DISPOSITION, RECORD)


@pytest.mark.parametrize(
    "value",
    [
        "emergency ambulance now",
        "Emergency ambulance now; aspirin 300 mg chewed at 09:10",  # the record's own
        "emergency ambulance now (wife Moira on 07700 900456)",
        "999 ambulance straight away; meanwhile keep him resting",  # no copy: not read here
    ],
)
def test_other_values_are_not_read_as_unfounded_tails(value: str) -> None:
    assert not unfounded_tail(value, DISPOSITION, RECORD)


def test_a_reference_is_copied_only_at_word_boundaries() -> None:
    """ "mother" inside "grandmother" is no copy of the reference "mother" (round 43)."""
    value = "grandmother, who looks after him on weekdays"
    assert not unfounded_tail(value, ("mother",), "Caller: his grandmother; callback 07700 900456.")
    assert unfounded_tail(
        "mother, a retired midwife who will watch him overnight", ("mother",), "Caller: his mother."
    )


def test_a_class_gloss_is_no_unfounded_aside_in_a_handoff() -> None:
    record = (
        "Discharge today on insulin glargine 24 units at 22:00 and metformin 500 mg twice daily."
    )
    assert not unfounded_aside("insulin glargine (long-acting) 24 units at 22:00", record)
    assert unfounded_aside("insulin glargine (rapid-acting) 24 units at 22:00", record)
