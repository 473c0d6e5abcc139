"""Checklist answers and statements offered with their own negation, read as their answer.

Pure helper of :func:`carebench.episodes.markup.render`, which claims and handoffs share
(round 13, red team 11's checklists and disjunctions). Conventions, per part of a text (split at
``;`` and line ends):

* an item with an answer code at its end, after a colon, a dash or in brackets ("Fever 38.6 C:
  N", "Fever - neg", "Fever (N)", "Fever: -"), or "-ve" after a space ("Fever -ve", round 18:
  "-ve" is the clinical short form of a negative finding), reads as "no <item>"; one answered
  ``Y/N`` or ``?`` reads as "query <item>" (unanswered);
* an item offered with its own negation ("X or not", "X, or none", "X or otherwise") reads as
  "query <item>": it states neither;
* an item beside an empty checkbox ("[ ] X", "- [ ] X", "X [ ]", a ballot box) reads as "query
  <item>": nobody ticked it; a ticked box ("[x] X") is dropped (round 14, red team 12).
"""

from __future__ import annotations

import re

__all__ = ["UNTICKED", "answered"]

_CODED = re.compile(
    r"^(?P<item>.*?\w.*?)(?:\s*(?::|\s[-\u2013]\s|\()\s*(?P<code>n|neg|nve|-ve|[-\u2013]|y/n|yes/no|\?)"
    r"|\s+(?P<result>-ve|nve))\s*\)?\s*\.?\s*$",
    re.IGNORECASE,
)
"""A checklist item with its answer code at the end of its part ("Fever 38.6 C: N", "Fever -
neg", "Fever: -", "Fever -ve", "Fever (Y/N)"): N, neg, -ve or a dash answers no, Y/N or ? leaves
it unanswered (a query)."""
_EITHER = re.compile(
    r"^(?P<item>.*?\w.*?),?\s+or\s+(?:not|none|no|otherwise|neither|nothing)\b[\s?.!]*$",
    re.IGNORECASE,
)
"""A statement offered with its own negation ("X or not", "X, or none"): a query."""


UNTICKED = re.compile(r"(?:^\s*[-*+]\s+)?\[\s*\]|\u2610")
"""An empty checkbox (markdown "[ ]" or "- [ ]", a ballot box): an item nobody ticked."""
_TICKED = re.compile(r"(?:^\s*[-*+]\s+)?\[[xX\u2713\u2714]\]|[\u2611\u2612\u2705]")
"""A ticked checkbox ("[x]", "- [X]", a checked ballot box): the item is stated."""


def _coded(part: str) -> str:
    """``part`` with a checkbox, a checklist answer code (:data:`_CODED`) or its own negation read."""
    part = _TICKED.sub(" ", part)
    if UNTICKED.search(part):
        item = UNTICKED.sub(" ", part).strip()
        return f" query {item} " if re.search(r"\w", item) else " "
    either = _EITHER.match(part)
    if either is not None:
        return f" query {either['item'].strip()} "
    found = _CODED.match(part)
    if found is None:
        return part
    code = (found["code"] or found["result"]).lower()
    return f" {'query' if code in ('y/n', 'yes/no', '?') else 'no'} {found['item'].strip()} "


def answered(text: str) -> str:
    """``text`` with each part's checklist code or own negation read (module conventions)."""
    return "".join(_coded(part) for part in re.split(r"([;\n])", text))
