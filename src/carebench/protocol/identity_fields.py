"""Identity fields of a handoff (who the patient or caller is, how to reach them), read exactly.

Pure helper of :mod:`carebench.protocol.handoff_reading` (which re-exports it) and of
:func:`carebench.protocol.scores.handoff_completeness`: split from ``handoff_reading`` by concept
(round 13, the module-size limit).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.protocol.handoff_order import delays

__all__ = ["IDENTITY", "identity_exact"]

IDENTITY = re.compile(r"\b(caller|patient|child|baby|who|callback|phone|telephone)\b", re.I)
"""Named fields that say who the patient or caller is, or how to reach them (caller name,
callback number, caller relationship, patient name, who reviewed)."""
_NAME = re.compile(r"\b(?!(?:Dr|Mr|Mrs|Ms|Miss|Mx)\b)[A-Z][a-z]+\b")
_PHONE = re.compile(r"\d{5,}")
_REACH = re.compile(r"\b(callback|phone|telephone|number|name|age|contact)\b", re.IGNORECASE)
"""Identity fields that hold only who the person is or how to reach them (no time on them)."""


def identity_exact(field: str, value: str, wanted: Sequence[str]) -> bool:
    """Whether an identity field's value holds every name and phone number of one reference.

    Identity fields (:data:`IDENTITY`) are exact, not read by overlap: "Rhys Smith" for "Rhys
    Morgan" or one wrong digit of a callback number reaches another person. A name field ("...
    name", "who ...") needs the reference's capitalised words (a title such as "Dr" aside), any
    other identity field its digit runs of five or more, phone numbers (an age is not
    identity); other fields, and references without them, always pass. A name, number or age
    that carries a time or condition its references lack (:func:`~.handoff_order.delays`:
    "07700 900123, best after 6 pm") is not the value.
    """
    if not IDENTITY.search(field):
        return True
    if wanted and _REACH.search(field) and delays(value, wanted):
        return False
    kind = _NAME if re.search(r"\b(name|who)\b", field, re.I) else _PHONE
    held = {w.lower() for w in re.findall(r"\w+", value)}
    digits = re.sub(r"\D", "", value)
    return not wanted or any(
        all(w.lower() in held or (w.isdigit() and w in digits) for w in kind.findall(r))
        for r in wanted
    )
