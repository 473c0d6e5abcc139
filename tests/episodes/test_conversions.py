"""A quantity's bracketed equivalent in another unit (round 45, carebench.episodes.conversions)."""

from __future__ import annotations

import pytest

from carebench.episodes.conversions import misglossed, without_glosses
from carebench.episodes.support import Verdict, support
from carebench.protocol.grounding import unnumbered
from carebench.protocol.handoff_truth import INVENTED, untrue


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("weighs 89 kg (about 14 stone)", "weighs 89 kg"),
        ("weighs 89 kg (196 lb)", "weighs 89 kg"),
        ("lactulose 15 mL (1 tablespoon) twice daily", "lactulose 15 mL twice daily"),
        ("2.5 mL (half a teaspoon)", "2.5 mL"),
        ("temperature 39.4 C (102.9 F)", "temperature 39.4 C"),
        ("capillary glucose 2.9 mmol/L (52 mg/dL)", "capillary glucose 2.9 mmol/L"),
    ],
)
def test_a_gloss_of_the_same_amount_is_dropped(text: str, plain: str) -> None:
    assert without_glosses(text) == plain
    assert misglossed(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "weighs 89 kg (about 11 stone)",
        "lactulose 15 mL (1 teaspoon) twice daily",
        "temperature 39.4 C (100.4 F)",
        "capillary glucose 2.9 mmol/L (29 mg/dL)",
    ],
)
def test_a_gloss_of_another_amount_is_misglossed(text: str) -> None:
    assert misglossed(text) is not None
    assert without_glosses(text) == text


def test_brackets_that_are_no_gloss_are_left_alone() -> None:
    for text in (
        "100 mg (5 mL)",
        "89 kg (weighed today)",
        "15 mL (15 mL)",
        "potassium 5.9 mmol/L (106 mg/dL)",  # mmol/L and mg/dL convert only for glucose
    ):
        assert without_glosses(text) == text and misglossed(text) is None


def test_a_right_gloss_is_grounded_and_supported_and_a_wrong_one_is_not() -> None:
    record = "Weight 89 kg on the ward scales today."
    assert "14" not in unnumbered("weight 89 kg (about 14 stone)")
    assert untrue("weight 89 kg (about 14 stone)", record) is None
    assert untrue("weight 89 kg (about 11 stone)", record) == INVENTED
    assert support("Weight 89 kg (about 14 stone) today", record) is Verdict.SUPPORTED
    assert support("Weight 89 kg (about 11 stone) today", record) is Verdict.CONTRADICTS
