r"""CSV files safe to open in a spreadsheet: the CSV files carebench writes for people to open.

A CSV file's text cells hold text that models and users wrote (an agent's reason and raw output,
run labels, model names). A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@``
as a formula (CSV or formula injection: ``=HYPERLINK(...)`` in a model's reason is a link a
reviewer may click), and control characters (NUL, escape sequences) corrupt terminals and some
CSV readers. pandas' ``to_csv`` writes both as they are. The run and score exports
(``carebench runs export --format csv``), the report's CSV tables and the annotation app's
``adjudication.csv`` and the interruption study's blinded pack (``carebench interrupt pack --out
x.csv``, read back by the pack app through :func:`read_cell`) go through :func:`write_csv` or :func:`safe_cell`. (It sits in the protocol
layer, the lowest that every one of those writers may import.)

Conventions (docs/report.md, "Exports"):
    * Only text cells change; numbers, booleans and missing values are written as pandas writes
      them (a negative number stays a number).
    * A text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a
      leading apostrophe (``'=1+1``), which spreadsheets show as text and do not evaluate
      (OWASP's advice for CSV injection).
    * A control character other than tab, newline and carriage return is written as the visible
      escape ``\xNN`` (NUL as ``\x00``), so the cell says what was there.
    * JSON Lines and Parquet exports are not changed: they are for programs, and keep the text
      exactly as stored. A pandas user who wants the stored text reads those, or strips the
      apostrophe a CSV cell starts with.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

__all__ = ["FORMULA_PREFIXES", "read_cell", "safe_cell", "spreadsheet_safe", "write_csv"]


def safe_cell(value: Any) -> Any:
    """``value`` as a CSV cell may hold it (module conventions); non-text values unchanged."""
    if not isinstance(value, str):
        return value
    text = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", value)
    return "'" + text if text.startswith(FORMULA_PREFIXES) else text


def read_cell(text: str) -> str:
    r"""A text cell that :func:`safe_cell` wrote, read back: the apostrophe it added is removed.

    Only an apostrophe before a formula prefix is removed (a cell that starts ``'=`` was written
    from ``=``); the ``\xNN`` escapes of control characters stay visible, as a reader sees them.
    """
    if text.startswith("'") and text[1:].startswith(FORMULA_PREFIXES):
        return text[1:]
    return text


def spreadsheet_safe(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` whose text cells are safe in a spreadsheet (module conventions)."""
    out = frame.copy()
    for column in out.columns:
        if out[column].dtype == object or str(out[column].dtype) in ("string", "str"):
            out[column] = out[column].map(safe_cell, na_action="ignore")
    out.columns = [safe_cell(str(c)) for c in out.columns]
    return out


def write_csv(frame: pd.DataFrame, path: str | Path) -> None:
    """Write ``frame`` as CSV (no index), its text cells made safe (module conventions)."""
    spreadsheet_safe(frame).to_csv(path, index=False)
