"""Identity fields of a handoff (who the patient or caller is, how to reach them), read exactly.

Pure helper of :mod:`carebench.protocol.handoff_reading` (which re-exports it) and of
:func:`carebench.protocol.scores.handoff_completeness`: split from ``handoff_reading`` by concept
(round 13, the module-size limit).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.agents.workproduct import Handoff
from carebench.protocol.handoff_order import delays

__all__ = ["IDENTITY", "dialled_as_recorded", "identity_exact", "phones_as_written"]

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


_DIALLED = re.compile(r"(?<![\w+])(?:\+|00)?\d(?:[\d \-]|\(0\)\s?){8,16}\d(?![\w])")
"""A run that may be a telephone number: ten digits or more, spaces, hyphens, a leading "+" or
"00" and a bracketed trunk "(0)" allowed between them."""


def _dialled(number: str) -> str:
    """The national digits a telephone number dials.

    "+44 7700 900966", "0044 (0)7700-900966" and "07700900966" are all "07700900966" (the UK
    country code 44 is read as the trunk 0).
    """
    digits = re.sub(r"\D", "", number.replace("(0)", ""))
    international = number.lstrip().startswith(("+", "00"))
    if number.lstrip().startswith("00"):
        digits = digits[2:]
    if international and digits.startswith("44"):
        digits = "0" + digits[2:]
    return digits


def phones_as_written(text: str, known: Sequence[str]) -> str:
    """``text`` with each telephone number written as ``known`` writes the same number.

    Round 27 (red team 21's controls): "+44 7700 900966" and "07700900966" for the record's
    "07700 900966" were read as other numbers, so a right callback number was a wrong identity
    field. A number is the same when it dials the same national digits (:func:`_dialled`); a
    number ``known`` does not hold is left as written (still checked exactly).
    """
    return _as_written(text, _forms(known))


def _forms(known: Sequence[str]) -> dict[str, str]:
    """The telephone numbers ``known`` writes: national digits -> the number as written."""
    forms = {_dialled(m[0]): m[0].strip() for k in known for m in _DIALLED.finditer(k)}
    return {d: f for d, f in forms.items() if len(d) >= 10}


def _as_written(text: str, forms: dict[str, str]) -> str:
    if not forms:
        return text
    return _DIALLED.sub(lambda m: forms.get(_dialled(m[0]), m[0]), text)


def dialled_as_recorded(handoff: Handoff, known: Sequence[str]) -> Handoff:
    """``handoff`` with each telephone number written as ``known`` (the record) writes it.

    "+44 7700 900966" or "07700900966" for the record's "07700 900966" is the same number
    (:func:`phones_as_written`), not another person's (round 27).
    """
    forms = _forms(known)  # read the record once, not once per text

    def written(text: str) -> str:
        return _as_written(text, forms)

    return handoff.model_copy(
        update={
            "reason": written(handoff.reason),
            "key_findings": tuple(map(written, handoff.key_findings)),
            "actions_taken": tuple(map(written, handoff.actions_taken)),
            "fields": {n: written(v) for n, v in handoff.fields.items()},
        }
    )
