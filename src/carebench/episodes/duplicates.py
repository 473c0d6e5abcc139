"""A second product of one drug: the drug named twice, by two of its names, each with a dose.

Read by :func:`carebench.episodes.relations.unlicensed_relation` as the relation class "duplicate
product" (round 52, red team 39's hole 6). "sertraline 100 mg daily, plus Lustral 100 mg daily"
and "apixaban 5 mg twice daily, plus Eliquis 5 mg twice daily" tell the reader the patient takes
the drug twice over (a double dose); each name with its dose was supported by a line that names
one of them. Conventions:

* A name is a generic the readers know or a UK brand of one
  (:data:`~carebench.episodes.drug_names.BRANDS`); two names are one drug when they read as the
  same generic. A mention is a name followed, within two words, by an amount and its unit ("80
  mg", "75 micrograms", "2 tablets").
* Two mentions of one drug under different names are a duplicate, unless the second glosses the
  first: it opens a bracket ("sertraline 100 mg (Lustral 100 mg)") or follows a word that says the
  names are one ("i.e.", "also known as", "brand", "as", "or", "equivalent", "="). The same name
  twice ("warfarin 5 mg on Monday, warfarin 3 mg on Tuesday") is a schedule, not a duplicate.
* Pure: text in, the second mention (or None) out.
"""

from __future__ import annotations

import re
from functools import lru_cache

from carebench.episodes.drug_names import BRANDS, KNOWN_DRUGS

__all__ = ["duplicate_product"]

_NAMES: dict[str, str] = {**{d: d for d in KNOWN_DRUGS}, **BRANDS}
"""Every name the readers know, lower case, to the generic it reads as."""

_MENTION = re.compile(
    r"\b(?P<name>"
    + "|".join(re.escape(n) for n in sorted(_NAMES, key=len, reverse=True))
    + r")\b(?:\s+[\w/-]+){0,2}?\s+\d+(?:[./]\d+)*\s*(?:mg|g|micrograms?|mcg|units?|ml"
    r"|tablets?|capsules?|puffs?|sachets?)\b",
    re.IGNORECASE,
)
_GLOSS = re.compile(
    r"[(=]|\b(?:i\.?e|aka|also known as|known as|brand(?:ed)?|as|or|same as|equivalent"
    r"|called|sold as|marketed as)\b",
    re.IGNORECASE,
)
"""Between two names, what makes the second a gloss of the first, not a second product."""


@lru_cache(maxsize=4096)
def duplicate_product(text: str) -> str | None:
    """The second mention of a drug already named with a dose under another name, or None.

    Args:
        text: a claim, a handoff statement or a record.

    Returns:
        The second mention's text ("Lustral 100 mg"), or None when the text names no drug twice
        as two products (module conventions).
    """
    mentions = list(_MENTION.finditer(text))
    for i, first in enumerate(mentions):
        drug = _NAMES[first["name"].lower()]
        for second in mentions[i + 1 :]:
            name = second["name"].lower()
            if _NAMES[name] != drug or name == first["name"].lower():
                continue
            if not _GLOSS.search(text[first.end() : second.start()]):
                return second[0]
    return None
