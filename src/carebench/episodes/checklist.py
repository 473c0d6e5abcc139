"""Checklist answers and statements offered with their own negation, read as their answer.

Pure helper of :func:`carebench.episodes.claimforms.render`, which claims and handoffs share
(round 13, red team 11's checklists and disjunctions). Conventions, per part of a text (split at
``;`` and line ends):

* an item with an answer code at its end, after a colon, a dash or in brackets ("Fever 38.6 C:
  N", "Fever - neg", "Fever (N)"), reads as "no <item>"; one answered ``Y/N`` or ``?`` reads as
  "query <item>" (unanswered);
* an item offered with its own negation ("X or not", "X, or none", "X or otherwise") reads as
  "query <item>": it states neither.
"""

from __future__ import annotations

import re

__all__ = ["answered"]

_CODED = re.compile(
    r"^(?P<item>.*?\w.*?)\s*(?::|\s[-\u2013]\s|\()\s*(?P<code>n|neg|y/n|yes/no|\?)\s*\)?\s*\.?\s*$",
    re.IGNORECASE,
)
"""A checklist item with its answer code at the end of its part ("Fever 38.6 C: N", "Fever -
neg", "Fever (Y/N)"): N or neg answers no, Y/N or ? leaves it unanswered (a query)."""
_EITHER = re.compile(
    r"^(?P<item>.*?\w.*?),?\s+or\s+(?:not|none|no|otherwise|neither|nothing)\b[\s?.!]*$",
    re.IGNORECASE,
)
"""A statement offered with its own negation ("X or not", "X, or none"): a query."""


def _coded(part: str) -> str:
    """``part`` with a checklist answer code (:data:`_CODED`) or its own negation read."""
    either = _EITHER.match(part)
    if either is not None:
        return f" query {either['item'].strip()} "
    found = _CODED.match(part)
    if found is None:
        return part
    code = found["code"].lower()
    return f" {'no' if code in ('n', 'neg') else 'query'} {found['item'].strip()} "


def answered(text: str) -> str:
    """``text`` with each part's checklist code or own negation read (module conventions)."""
    return "".join(_coded(part) for part in re.split(r"([;\n])", text))
