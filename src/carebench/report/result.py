"""What writing a report returns (its own module, so report sections need not import the writer)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from carebench.report.models import ReportMetrics

__all__ = ["ReportResult"]


@dataclass(frozen=True)
class ReportResult:
    """Where the report is, its Markdown summary and what metrics.json holds.

    Attributes:
        index: the report's index.html.
        summary: the printed Markdown summary.
        analysis: the typed analysis (metrics.json's model); None for the report of a workspace
            holding interruption studies and no runs.
        interruptions: the interruption studies' metrics (None: the workspace has none).
    """

    index: Path
    summary: str
    analysis: ReportMetrics | None = field(repr=False)
    interruptions: dict[str, Any] | None = field(default=None, repr=False)

    def __str__(self) -> str:
        """The summary, then where the report is."""
        return f"{self.summary.rstrip()}\n\nreport: {self.index}"
