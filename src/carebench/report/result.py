"""What writing a report returns (its own module, so report sections need not import the writer)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carebench.report.models import ReportMetrics

__all__ = ["ReportResult"]


@dataclass(frozen=True)
class ReportResult:
    """Where the report is, its Markdown summary and its typed analysis (metrics.json's model)."""

    index: Path
    summary: str
    analysis: ReportMetrics = field(repr=False)

    def __str__(self) -> str:
        """The summary, then where the report is."""
        return f"{self.summary.rstrip()}\n\nreport: {self.index}"
