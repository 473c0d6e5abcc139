"""A second product of one drug: the drug named twice, by two of its names, each with a dose.

Read by :func:`carebench.episodes.relations.unlicensed_relation` as the relation class "duplicate
product" (round 52, red team 39's hole 6). "sertraline 100 mg daily, plus Lustral 100 mg daily"
and "apixaban 5 mg twice daily, plus Eliquis 5 mg twice daily" tell the reader the patient takes
the drug twice over (a double dose); each name with its dose was supported by a line that names
one of them. Conventions:

* A name is a generic the readers know, a UK brand or another name of one
  (:data:`~carebench.episodes.drug_names.BRANDS`: "Lustral", "frusemide") or a combination product
  (:data:`COMBINATIONS`: co-codamol holds paracetamol). Two names are one drug when they share an
  ingredient. A mention is a name followed, within two words, by an amount ("80 mg", "75
  micrograms", "24 mmol", "two tablets").
* Two mentions under different names are a duplicate when the second is *added* to the first:
  joined by "plus", "and", "with" (not "with food"), "as well as", "alongside", "also", "together
  with", "on top of" or "in addition to", within 80 characters and no sentence end, with no word
  of a change between them ("switched from Lipitor 20 mg to atorvastatin 40 mg", "stopped Zocor
  40 mg, now simvastatin 20 mg", "instead of"), and no word after the second that stops it or
  calls it the same drug ("co-codamol two tablets and paracetamol 1 g stopped", "... are the
  same"). A gloss is no second product: the second inside a bracket opened after the first
  ("sertraline 100 mg (Lustral 100 mg)"). Nor is a strength ("Calpol 120 mg/5 mL with
  paracetamol 180 mg per dose"). The same name twice ("warfarin 5 mg on Monday, warfarin 3 mg on
  Tuesday") is a schedule.
* A duplicate is licensed only by a text that duplicates the same drug (:func:`duplicated`).
* Pure, and linear in the text: each mention is compared with the next few only.
"""

from __future__ import annotations

import re
from functools import lru_cache

from carebench.episodes.drug_names import BRANDS, KNOWN_DRUGS

__all__ = ["COMBINATIONS", "duplicate_product", "duplicated", "unlicensed_duplicate"]

COMBINATIONS: dict[str, frozenset[str]] = {
    "co-codamol": frozenset({"paracetamol", "codeine"}),
    "co-dydramol": frozenset({"paracetamol", "dihydrocodeine"}),
    "solpadeine": frozenset({"paracetamol", "codeine"}),
    "migraleve": frozenset({"paracetamol", "codeine"}),
    "co-amoxiclav": frozenset({"amoxicillin", "clavulanic acid"}),
    "co-trimoxazole": frozenset({"trimethoprim", "sulfamethoxazole"}),
    "fostair": frozenset({"beclometasone", "formoterol"}),
}
"""Combination products and their ingredients (general prescribing knowledge)."""

_INGREDIENTS: dict[str, frozenset[str]] = {
    **{d: frozenset({d}) for d in KNOWN_DRUGS},
    **{b: frozenset({d}) for b, d in BRANDS.items()},
    **COMBINATIONS,
    "augmentin": COMBINATIONS["co-amoxiclav"],
}
"""Every name the readers know, lower case, to the ingredients it holds."""

_AMOUNT = (
    r"(?:\d+(?:[./]\d+)*|one|two|three|four|five|six)\s*(?:mg|g|micrograms?|mcg|units?|ml|mmol"
    r"|tablets?|capsules?|puffs?|sachets?)\b"
)
_MENTION = re.compile(
    r"\b(?P<name>"
    + "|".join(re.escape(n) for n in sorted(_INGREDIENTS, key=len, reverse=True))
    + r")\b(?:\s+[\w/-]+){0,2}?\s+"
    + _AMOUNT,
    re.IGNORECASE,
)
_JOINED = re.compile(
    r"\b(?:plus|and|with(?! (?:food|meals?|water|milk)\b)|as well as|alongside|also"
    r"|together with|on top of|in addition to)\b",
    re.IGNORECASE,
)
_CHANGE = re.compile(
    r"\b(?:from|instead|stop\w*|switch\w*|chang\w*|swap\w*|replac\w*|now|previously|formerly"
    r"|was|then|or|i\.?e|aka|known as|equivalent|same as|brand\w*)\b|[.=\n]",
    re.IGNORECASE,
)
_AFTER = re.compile(
    r"^\s*(?:/\s*\d*\s*ml\b|per\b)|^[^.;\n]{0,60}?\b(?:stop\w*|discontinu\w*|withh\w*|held"
    r"|the same|one drug|one and the same|same drug|same thing|switch\w*|instead|replac\w*)\b",
    re.IGNORECASE,
)
"""After the second mention: a strength ("120 mg/5 mL", "per puff"), or a word that says it was
stopped or is the first drug ("co-codamol two tablets and paracetamol 1 g stopped", "Sando-K and
potassium chloride 24 mmol are the same")."""
_WINDOW = 80
_NEXT = 3


def _duplicates(text: str) -> list[tuple[frozenset[str], str]]:
    """(shared ingredients, second mention) of each duplicate in ``text`` (module conventions)."""
    mentions = list(_MENTION.finditer(text))
    found = []
    for i, first in enumerate(mentions):
        held = _INGREDIENTS[first["name"].lower()]
        for second in mentions[i + 1 : i + 1 + _NEXT]:
            between = text[first.end() : second.start()]
            name = second["name"].lower()
            shared = held & _INGREDIENTS[name]
            if (
                shared
                and name != first["name"].lower()
                and len(between) <= _WINDOW
                and _JOINED.search(between)
                and not _CHANGE.search(between)
                and between.count("(") <= between.count(")")
                and not _AFTER.search(text[second.end() : second.end() + 80])
                and not _AFTER.match(text[first.end() : first.end() + 20])
            ):
                found.append((shared, second[0]))
    return found


@lru_cache(maxsize=4096)
def duplicate_product(text: str) -> str | None:
    """The first mention that adds a second product of a drug already named, or None.

    Args:
        text: a claim, a handoff statement or a record.

    Returns:
        The second mention's text ("Lustral 100 mg"), or None (module conventions).
    """
    found = _duplicates(text)
    return found[0][1] if found else None


@lru_cache(maxsize=1024)
def duplicated(text: str) -> frozenset[str]:
    """The ingredients ``text`` names twice as two products (what it licenses)."""
    return frozenset(i for shared, _ in _duplicates(text) for i in shared)


def unlicensed_duplicate(claim_text: str, evidence_text: str) -> str | None:
    """A duplicate in ``claim_text`` of a drug ``evidence_text`` does not duplicate, or None."""
    licensed = duplicated(evidence_text)
    for shared, second in _duplicates(claim_text):
        if not shared & licensed:
            return second
    return None
