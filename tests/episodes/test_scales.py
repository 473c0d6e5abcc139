"""Clinical scores' maxima (round 45, carebench.episodes.scales), in wording of their own."""

from __future__ import annotations

import pytest

from carebench.episodes.scales import MAXIMA, misscaled, without_maxima
from carebench.episodes.support import Verdict, support
from carebench.protocol.grounding import unnumbered
from carebench.protocol.handoff_truth import INVENTED, untrue
from carebench.protocol.wrong_claims import swaps


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("GAD-7 12 out of 21", "GAD-7 12"),
        ("GCS 13/15 on arrival", "GCS 13 on arrival"),
        ("qSOFA 2 (of a possible 3)", "qSOFA 2"),
        ("CRB-65 score of 1 of a maximum of 4", "CRB-65 score of 1"),
        ("HAS-BLED 3", "HAS-BLED 3"),  # no maximum given
    ],
)
def test_the_scales_own_maximum_is_dropped(text: str, plain: str) -> None:
    assert without_maxima(text) == plain
    assert misscaled(text) is None


@pytest.mark.parametrize(
    "text", ["GAD-7 12 out of 30", "GCS 13/20 on arrival", "qSOFA 4 of 3", "AMTS 6 (max 12)"]
)
def test_another_maximum_or_a_value_above_it_is_misscaled(text: str) -> None:
    assert misscaled(text) is not None
    assert without_maxima(text) == text


def test_every_maximum_is_a_whole_number_above_zero() -> None:
    assert all(isinstance(m, int) and m > 0 for m in MAXIMA.values())


def test_a_claim_with_the_scales_maximum_is_supported_and_another_is_a_swap() -> None:
    line = "Anxiety screen today: GAD-7 12."
    assert support("GAD-7 12 out of 21 today", line) is Verdict.SUPPORTED
    assert support("GAD-7 12 out of 40 today", line) is Verdict.CONTRADICTS
    assert swaps("GAD-7 12 out of 40 today", line)


def test_a_handoff_maximum_is_no_episode_number_unless_wrong() -> None:
    record = "Confused since noon; GCS 13 at 14:10; BP 92/50."
    assert "15" not in unnumbered("GCS 13/15 at 14:10")
    assert untrue("GCS 13 out of 15 at 14:10", record) is None
    assert untrue("GCS 13 out of 50 at 14:10", record) == INVENTED
