"""Errors a user can act on: each names the file, field or value and what was expected."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import ValidationError

#: pydantic's Python type words, as the JSON or YAML a user wrote names them.
_JSON_WORDS = (
    ("a valid tuple", "a list"),
    ("a valid list", "a list"),
    ("a valid dictionary", "an object"),
    ("a valid string", "a string"),
    ("Tuple should", "List should"),
    ("Dictionary should", "Object should"),
    (" after validation", ""),
)


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


def sorted_issues(issues: Iterable[ValidationIssue]) -> list[ValidationIssue]:
    """``issues`` in reading order: by file, line (none first), field path, then message."""
    return sorted(issues, key=lambda i: (i.file, i.line or 0, i.path, i.message))


class RunFailedError(CarebenchError):
    """A run invocation got no answer at all: every request it made ended in an error."""

    exit_code = 3


class BankValidationError(CarebenchError):
    """The scenario bank failed validation; ``issues`` lists every problem found."""

    def __init__(self, issues: list[ValidationIssue]) -> None:
        self.issues = sorted_issues(issues)
        lines = "\n".join(f"  {issue}" for issue in self.issues)
        super().__init__(f"the scenario bank has {len(self.issues)} validation error(s):\n{lines}")


def first_error(exc: ValidationError, top: str = "") -> tuple[str, str]:
    """Where pydantic's first error is and what it says, for a one-line message.

    Args:
        exc: the validation error.
        top: the name to use when the error is about the whole object (an empty path).

    Returns:
        The dotted field path (``sets.0.role``) and the message, without pydantic's
        ``Value error, `` prefix (a validator's own words follow it).
    """
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or top
    return where, error_message(first)


def error_message(error: Mapping[str, Any]) -> str:
    """One pydantic error's message in the words of the JSON it was read from.

    pydantic's ``Value error, `` prefix is dropped (a validator's own words follow it), and its
    Python type names are the JSON ones ("a valid tuple" is "a list", "a valid dictionary" "an
    object").
    """
    message = str(error["msg"]).removeprefix("Value error, ")
    for python, json in _JSON_WORDS:
        message = message.replace(python, json)
    return message
