"""Errors a user can act on: each names the file, field or value and what was expected."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class ValidationIssue:
    """One problem found in an authored file.

    Attributes:
        file: the file the problem is in, as given by the caller.
        line: 1-based line of the offending node, or None when no line applies.
        path: dotted field path inside the file (``variants.missing.change``), or ``""``.
        message: what is wrong and what was expected.
    """

    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        field = f" {self.path}:" if self.path else ""
        return f"{where}:{field} {self.message}"


class CarebenchError(Exception):
    """An error caused by input or configuration, reported to the user without a traceback.

    Attributes:
        exit_code: the CLI's exit status for this error (2: bad input or configuration).
    """

    exit_code: int = 2


class RunFailedError(CarebenchError):
    """A run invocation got no answer at all: every request it made ended in an error."""

    exit_code = 3


class BankValidationError(CarebenchError):
    """The scenario bank failed validation; ``issues`` lists every problem found."""

    def __init__(self, issues: list[ValidationIssue]) -> None:
        self.issues = sorted(issues, key=lambda i: (i.file, i.line or 0, i.path, i.message))
        lines = "\n".join(f"  {issue}" for issue in self.issues)
        super().__init__(f"the scenario bank has {len(self.issues)} validation error(s):\n{lines}")
