"""What writing a report returns (its own module, so report sections need not import the writer)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["ReportResult"]


@dataclass(frozen=True)
class ReportResult:
    """Where the report is, and its Markdown summary."""

    index: Path
    summary: str
    analysis: dict[str, Any] = field(repr=False)

    def __str__(self) -> str:
        """The summary, then where the report is."""
        return f"{self.summary.rstrip()}\n\nreport: {self.index}"
