"""A value's band in brackets: "NEWS2 11 (high-risk band)", "33 weeks (preterm)".

Round 47 (issue 21, red team 36's control "severity band correct", 0.65, scored as low as its
wrong twin "both-severity-band-misnamed"). A writer names the band a score, stage or result falls
in; the band is a public fact of the value, so a right one states nothing new and a wrong one
("NEWS2 11 (low-risk band)", "PHQ-9 17 (mild)", "33 weeks (term)") tells the receiver the value
is less (or more) grave than it is. Conventions:

* :data:`BANDS` holds, per value, its bands as (lowest value, band): published scoring rules and
  UK reference ranges only (no licensed text): NEWS2 (0-4 low, 5-6 medium, 7+ high), CURB-65
  (0-1 low, 2 moderate, 3-5 high), CRB-65 (0 low, 1-2 moderate, 3-4 high), PHQ-9 (0-4 minimal,
  5-9 mild, 10-14 moderate, 15-19 moderately severe, 20-27 severe), GAD-7 (0-4 minimal, 5-9
  mild, 10-14 moderate, 15-21 severe), CHA2DS2-VASc (0 low, 1 moderate, 2+ high), GCS (3-8
  severe, 9-12 moderate, 13-15 mild), eGFR stages (G5 under 15, G4 15-29, G3b 30-44, G3a
  45-59, G2 60-89, G1 90+), gestation in weeks (preterm under 37, term 37-41, post-term 42+),
  and potassium (mmol/L: low under 3.5, high over 5.5), sodium (mmol/L: low under 133, high
  over 146) and haemoglobin (g/L: low under 115, high over 180); a result between a reference
  range's limit and these is given no band (ranges differ by sex and laboratory).
* A band is a bracket right after the value whose words are a band word (low, medium,
  moderate, intermediate, high, raised, elevated, minimal, mild, moderately severe, severe,
  preterm, term, post-term, "stage N", "stage GN" or "GN"; not "normal", which the polarity
  readers read) and words about it (risk, band,
  range, score, stroke, severity, CKD, depression, anxiety, markedly). Synonyms are one band
  ("raised", "elevated" are high; "intermediate", "medium" moderate for a risk score).
* :func:`without_bands` drops a right band; :func:`misbanded` gives a wrong one. A bracket
  holding anything else, or a value outside the table, is no band.
"""

from __future__ import annotations

import re

__all__ = ["BANDS", "misbanded", "without_bands"]

BANDS: dict[str, tuple[tuple[float, str], ...]] = {
    "news2": ((0, "low"), (5, "moderate"), (7, "high")),
    "curb-65": ((0, "low"), (2, "moderate"), (3, "high")),
    "crb-65": ((0, "low"), (1, "moderate"), (3, "high")),
    "phq-9": ((0, "minimal"), (5, "mild"), (10, "moderate"), (15, "moderately severe"),
              (20, "severe")),
    "gad-7": ((0, "minimal"), (5, "mild"), (10, "moderate"), (15, "severe")),
    "cha2ds2-vasc": ((0, "low"), (1, "moderate"), (2, "high")),
    "gcs": ((3, "severe"), (9, "moderate"), (13, "mild")),
    "egfr": ((0, "stage 5"), (15, "stage 4"), (30, "stage 3b"), (45, "stage 3a"),
             (60, "stage 2"), (90, "stage 1")),
    "weeks": ((0, "preterm"), (37, "term"), (42, "post-term")),
    "potassium": ((0, "low"), (3.5, ""), (5.5, "high")),
    "sodium": ((0, "low"), (133, ""), (146, "high")),
    "haemoglobin": ((0, "low"), (115, ""), (180, "high")),
}  # fmt: skip
"""Each value's bands from its lowest value up ("" where no band is given)."""
_ALIASES = {
    "news 2": "news2", "phq9": "phq-9", "gad7": "gad-7", "curb65": "curb-65", "crb65": "crb-65",
    "cha2ds2vasc": "cha2ds2-vasc", "glasgow coma scale": "gcs", "k": "potassium",
    "k+": "potassium", "na": "sodium", "hb": "haemoglobin", "hgb": "haemoglobin",
    "hemoglobin": "haemoglobin", "estimated gfr": "egfr", "wks": "weeks", "week": "weeks",
}  # fmt: skip
_WORDS = {
    "low": "low", "medium": "moderate", "moderate": "moderate", "intermediate": "moderate",
    "high": "high", "raised": "high", "elevated": "high", "minimal": "minimal", "mild": "mild",
    "moderately severe": "moderately severe", "severe": "severe", "preterm": "preterm",
    "premature": "preterm", "term": "term", "full term": "term", "full-term": "term",
    "post-term": "post-term", "postterm": "post-term", "post-dates": "post-term",
}  # fmt: skip
_BAND_WORD = "|".join(
    re.escape(w).replace(r"\ ", r"\s+").replace(r"\-", "[- ]?")
    for w in sorted(_WORDS, key=len)[::-1]
)
_STAGE = r"(?:ckd\s+)?(?:stage\s+g?|g)(?P<stage>[1-5][ab]?)"
_ABOUT = r"(?:risk|band|range|score|stroke|severity|ckd|depression|anxiety|markedly|very|the)"
_BRACKET = rf"\(\s*(?:{_ABOUT}[\s-]+)*(?:(?P<band>{_BAND_WORD})|{_STAGE})(?:[\s-]+{_ABOUT})*\s*\)"
_NAMES = "|".join(
    re.escape(n).replace(r"\ ", r"\s+") for n in sorted([*BANDS, *_ALIASES], key=len)[::-1]
)
_BANDED = re.compile(
    rf"(?<![\w-])(?:(?P<name>{_NAMES})(?![\w-])[\s:=]*(?:score\s+|of\s+|was\s+|is\s+)?"
    rf"(?P<value>\d+(?:\.\d+)?)|(?P<weeks>\d{{1,2}})\s*(?P<unit>weeks?|wks?)\b)"
    rf"(?:\s*(?:mmol/l|g/l|ml/min(?:/1\.73\s*m2)?))?(?P<gloss>\s*{_BRACKET})",
    re.IGNORECASE,
)


_FOLDED = {re.sub(r"[\s-]+", " ", word): band for word, band in _WORDS.items()}
"""Each band word with its spaces and hyphens folded to one space, and its band."""


def _right(m: re.Match[str]) -> bool | None:
    """Whether a band is its value's; None when it is no band (none of its value's bands)."""
    name = "weeks" if m["weeks"] else re.sub(r"\s+", " ", m["name"].lower())
    name = _ALIASES.get(name, name)
    value = float(m["weeks"] or m["value"])
    found = ""
    for lowest, band in BANDS[name]:
        if value >= lowest:
            found = band
    folded = re.sub(r"[\s-]+", " ", (m["band"] or "").lower())
    written = f"stage {m['stage'].lower()}" if m["stage"] else _FOLDED.get(folded, "")
    if not found or written not in {band for _, band in BANDS[name]}:
        return None
    return found == written


def without_bands(text: str) -> str:
    """``text`` less each band that is its value's (module conventions)."""
    if "(" not in text:
        return text

    return _BANDED.sub(
        lambda m: m.group(0)[: m.start("gloss") - m.start()] if _right(m) else m.group(0), text
    )


def misbanded(text: str) -> str | None:
    """A band of ``text`` that is not its value's, or None."""
    if "(" not in text:
        return None
    return next((m.group(0) for m in _BANDED.finditer(text) if _right(m) is False), None)
