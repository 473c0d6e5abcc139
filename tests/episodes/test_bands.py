"""A value's band in brackets (carebench.episodes.bands): hand-written cases."""

from __future__ import annotations

import pytest

from carebench.episodes.bands import misbanded, without_bands
from carebench.episodes.support import Verdict, support


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("NEWS2 11 (high-risk band)", "NEWS2 11"),
        ("33 weeks (preterm)", "33 weeks"),
        ("CHA2DS2-VASc 5 (high stroke risk)", "CHA2DS2-VASc 5"),
        ("haemoglobin 84 g/L (low)", "haemoglobin 84 g/L"),
        ("potassium 5.9 mmol/L (raised)", "potassium 5.9 mmol/L"),
        ("eGFR 22 (CKD stage 4)", "eGFR 22"),
        ("eGFR 22 mL/min/1.73m2 (stage G4)", "eGFR 22 mL/min/1.73m2"),
        ("PHQ-9 17 (moderately severe)", "PHQ-9 17"),
        ("GCS 14 (mild)", "GCS 14"),
    ],
)
def test_a_band_that_is_the_values_says_nothing_new(text: str, kept: str) -> None:
    assert without_bands(text) == kept
    assert misbanded(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "NEWS2 11 (low-risk band)",
        "33 weeks (term)",
        "PHQ-9 17 (mild)",
        "eGFR 22 (CKD stage 2)",
        "potassium 5.9 mmol/L (low)",
        "CURB-65 3 (moderate severity)",
    ],
)
def test_a_band_that_is_not_the_values_is_misbanded(text: str) -> None:
    assert misbanded(text) == text
    assert without_bands(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "for 2 weeks (mild)",  # a span, not a gestation's band
        "potassium 5.4 mmol/L (high)",  # between the reference range and the table: no band
        "haemoglobin 84 g/L (normal)",  # "normal" is read by the polarity readers
        "CK 9,800 U/L (markedly raised)",  # no band for CK
    ],
)
def test_what_is_not_a_band_is_left_alone(text: str) -> None:
    assert without_bands(text) == text
    assert misbanded(text) is None


def test_a_claims_band_is_dropped_or_contradicts_and_a_records_band_is_kept() -> None:
    line = "NEWS2 11 at 06:00; potassium 3.1 mmol/L (low)"
    assert support("NEWS2 11 (high-risk band)", line) is Verdict.SUPPORTED
    assert support("NEWS2 11 (low-risk band)", line) is Verdict.CONTRADICTS
    assert support("Potassium within normal range", line) is Verdict.CONTRADICTS
