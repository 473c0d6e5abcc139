"""CSV cells safe in a spreadsheet: formula prefixes neutralised, control characters visible."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from carebench.protocol.spreadsheet import read_cell, safe_cell, spreadsheet_safe, write_csv


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1", "'+1"),
        ("-x", "'-x"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("nul\x00 esc\x1b[2J", "nul\\x00 esc\\x1b[2J"),
        ("\x00=1", "\\x00=1"),  # escaped first: it no longer starts with a formula character
        ("two\nlines\tand a tab", "two\nlines\tand a tab"),
        ("plain 1 + 1 = 2", "plain 1 + 1 = 2"),
        ("", ""),
    ],
)
def test_text_cells_are_made_safe(text: str, cell: str) -> None:
    assert safe_cell(text) == cell


@pytest.mark.parametrize(
    "text", ['=HYPERLINK("http://x")', "+1", "-x", "@SUM(A1)", "\t=1", "'quoted'", "'", "plain"]
)
def test_a_safe_cell_reads_back_as_written(text: str) -> None:
    assert read_cell(safe_cell(text)) == text


def test_reading_back_keeps_control_character_escapes_visible() -> None:
    assert read_cell(safe_cell("nul\x00")) == "nul\\x00"


def test_numbers_booleans_and_missing_values_are_left_alone(tmp_path: Path) -> None:
    frame = pd.DataFrame({"n": [-1.5, 2.0], "b": [True, False], "s": ["=1", None], "o": [-3, "-3"]})
    safe = spreadsheet_safe(frame)
    assert safe["n"].tolist() == [-1.5, 2.0] and safe["b"].tolist() == [True, False]
    assert safe["s"].tolist()[0] == "'=1" and pd.isna(safe["s"].tolist()[1])
    assert safe["o"].tolist() == [-3, "'-3"]  # only the text cell changes
    assert frame["s"].tolist()[0] == "=1"  # the caller's frame is not changed
    write_csv(frame, tmp_path / "t.csv")
    back = pd.read_csv(tmp_path / "t.csv")
    assert back["n"].tolist() == [-1.5, 2.0] and back["s"].tolist()[0] == "'=1"
