"""Deterministic fact matching: does a text state a fact, or make a claim, the annotation names?

The judge-free core of the atomic scores. A fact phrase (``"best peak flow 520 L/min"``) is reduced to
its *numbers* and its *content words*, and a text states the fact when:

* every number of the fact occurs in the text as a number (``520`` matches ``520`` and ``520.0``
  does not; thousands separators are dropped, so ``1,000`` is ``1000``; a clock time is read in
  24 hours, hour unpadded: ``3:10 pm`` is ``15:10``, ``07:00`` is ``7 am``; a brand name is its
  drug, ``Lustral`` is ``sertraline``; a body temperature in
  Fahrenheit is read in Celsius, ``102.4 F`` is ``39.1``), a bound as the same
  bound (``below 57`` does not state ``57``, and ``57`` not ``below 57``; the comparators of
  :mod:`carebench.episodes.numerals`); and
* enough of the fact's content words occur in the text: at least half of them (rounded up) when the
  fact has a number, at least two thirds (rounded up) when it has none, and always at least one;
* every negation word of the fact (``no admissions``) occurs in the text too, so "has asthma" does
  not state "no asthma". The "not" of "whether ... or not" (regardless) is none (session 34:
  "... whether or not E2 applies" read as a negation). The negation words are a small closed
  list: reading every ``n't`` contraction, "cannot" and "unable" as "not" was tried in session
  34 and dropped (an independent review: negations are read over the whole text, so any
  contraction in a second sentence, "You won't need anything else.", then vetoed every
  prohibited claim, and "..., so it isn't meningitis" supplied a finding's "not").

Content words are lower-cased alphabetic tokens of three or more letters that are not stop words,
with a trailing ``s`` dropped from words of four or more letters (``hours`` = ``hour``). Hyphens and
slashes split tokens, so ``beclometasone/formoterol`` is two words.

A *claim* in a work product makes a prohibited claim when it states it in the sense above and does
not negate it: a claim containing a negation word (``not``, ``no``, ``never``, ``don't``, ``avoid``,
...) that the prohibited phrase itself lacks is read as denying it. This is a conservative, stated
heuristic: paraphrases with no shared words are missed (the LLM judge covers those), and the rules
are tested on hand-built cases in tests/episodes/test_matching.py.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache

from carebench.episodes.drug_names import BRANDS
from carebench.episodes.lexicon import ABSENCE_TERMS, SCALE, SHORTHAND, SYNONYMS
from carebench.episodes.numerals import (
    SIGN,
    celsius,
    months_of_age,
    numbers_with_bounds,
    twenty_four_hour,
)

_NUMBER = re.compile(SIGN + r"\d+(?:[.,]\d+)*")
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
NEGATIONS = frozenset(
    {"not", "no", "never", "none", "don't", "doesn't", "isn't", "shouldn't", "avoid", "without"}
)
_REGARDLESS = re.compile(r"\b(whether\b[^.;:!?]*?\bor\s+)not\b")
"""The "not" of "whether ... or not": regardless, no negation."""
STOP_WORDS = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "from",
        "this",
        "that",
        "these",
        "those",
        "was",
        "were",
        "are",
        "has",
        "have",
        "had",
        "his",
        "her",
        "him",
        "she",
        "they",
        "them",
        "their",
        "its",
        "into",
        "onto",
        "over",
        "under",
        "after",
        "before",
        "than",
        "then",
        "when",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "why",
        "how",
        "all",
        "any",
        "each",
        "per",
        "via",
        "about",
        "also",
        "been",
        "being",
        "can",
        "could",
        "did",
        "does",
        "done",
        "may",
        "might",
        "must",
        "shall",
        "should",
        "will",
        "would",
        "our",
        "your",
        "you",
        "yours",
        "ours",
        "there",
        "here",
        "only",
        "very",
        "just",
        "more",
        "most",
        "less",
        "such",
        "some",
        "other",
        "same",
        "both",
        "either",
        "neither",
        "nor",
        "but",
        "yet",
        "out",
        "off",
        "upon",
        "while",
        "where",
        "whether",
        "until",
    ]
)


@dataclass(frozen=True)
class Tokens:
    """The numbers and content words of a text."""

    numbers: frozenset[str]
    words: frozenset[str]
    exact: frozenset[str] = frozenset()
    """The numbers written at least once as a value, not a bound."""
    bounds: frozenset[str] = frozenset()
    """Each bound as its comparator and number ("<57" for "below 57")."""
    masses: frozenset[tuple[str, str]] = frozenset()
    """Each number written with a unit of mass (as a value, not only as a bound), with its amount
    in milligrams ("400 micrograms" is ("400", "0.4"))."""

    def amounts(self) -> frozenset[str]:
        """The amounts of mass the text states, in milligrams."""
        return frozenset(mg for _, mg in self.masses)


MASS_UNIT = r"mcg|micrograms?|\u00b5g|ug|mg|milligrams?|g|grams?"
"""The spellings of a unit of mass :func:`in_milligrams` converts (a regular-expression group)."""
_MASS = re.compile(
    rf"(?<![\d.,])(\d+(?:,\d{{3}})*(?:\.\d+)?)\s?({MASS_UNIT})\b"
    r"(?!\s?/|\s?per\b)"
)
"""A number written with a unit of mass, not of a concentration or rate ("84 g/L", "15 mg/kg",
"5 mg per kg" are not amounts)."""


def in_milligrams(number: str, unit: str) -> str:
    """An amount of mass in milligrams, as a number string ("400", "micrograms" is "0.4")."""
    if unit in ("mcg", "ug", "\u00b5g") or unit.startswith("microgram"):
        size = 0.001
    else:
        size = 1.0 if unit == "mg" or unit.startswith("milligram") else 1000.0
    return f"{float(number) * size:g}"


_BRAND = re.compile(r"\b(?:" + "|".join(map(re.escape, BRANDS)) + r")\b")
"""A brand name of a bank drug, read as the drug ("Lustral" is sertraline)."""


_PHRASES = dict(
    sorted(
        ((v, k) for k, vs in SYNONYMS.items() if k not in ABSENCE_TERMS for v in vs if " " in v),
        key=lambda p: -len(p[0]),
    )
)
_PHRASE = re.compile(r"\b(?:" + "|".join(map(re.escape, _PHRASES)) + r")\b")
"""A phrase of a synonym group, read as the group's term ("estimated GFR" is eGFR, "short of
breath" breathless: :data:`~carebench.episodes.lexicon.SYNONYMS`); not an absence ("no known
drug allergies" keeps its negation and its words)."""


_SCHEDULE = {
    k: v
    for k, v in SHORTHAND.items()
    if k in {"od", "o.d.", "bd", "bid", "b.d.", "tds", "tid", "qds", "qid", "nocte", "mane"}
}
_SHORT = re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, _SCHEDULE)) + r")(?![\w])")
"""A dose's schedule in shorthand, read as its words ("BD" is twice daily, "nocte" at night;
round 49, red team 38's control: "apixaban 5 mg BD" states "apixaban 5 mg twice daily")."""


def _stem(word: str) -> str:
    return word[:-1] if len(word) >= 4 and word.endswith("s") and not word.endswith("ss") else word


@cache
def tokens(text: str) -> Tokens:
    """The numbers and content words of ``text`` (see the module conventions)."""
    lowered = twenty_four_hour(celsius(months_of_age(text.lower())))
    lowered = _BRAND.sub(lambda m: BRANDS[m[0]], lowered)
    lowered = _PHRASE.sub(lambda m: _PHRASES[m[0]], lowered)
    lowered = _SHORT.sub(lambda m: _SCHEDULE[m[0]], lowered)
    numbers = frozenset(n.replace(",", "") for n in _NUMBER.findall(lowered))
    read = numbers_with_bounds(lowered)
    bounds = frozenset(b + n for b, n in read if b)
    only_bound = {n for b, n in read if b} - {n for b, n in read if not b}
    words = frozenset(
        _stem(w)
        for w in _WORD.findall(_NUMBER.sub(" ", lowered))
        if len(w) >= 3 and w not in STOP_WORDS
    )
    masses = frozenset(
        (raw, in_milligrams(raw, m[2]))
        for m in _MASS.finditer(lowered)
        if (raw := m[1].replace(",", "")) not in only_bound  # "at least 400 mcg": no amount
    )
    return Tokens(numbers, words, numbers - only_bound, bounds, masses)


_CONCENTRATION = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)\s?(g|mg)\s?/\s?(dl|l)\b")
"""A mass concentration ("84 g/L", "8.4 g/dL", "5 mg/L")."""


def _concentrations(text: str) -> frozenset[tuple[str, str]]:
    """Each concentration of ``text`` as (number, amount): the amount in g/L ("84 g/l")."""
    found = set()
    for m in _CONCENTRATION.finditer(text.lower()):
        size = SCALE[f"{m[2]}/{m[3]}"][1]  # the lexicon's size of the unit in g/L
        found.add((m[1], f"{float(m[1]) * size:g} g/l"))
    return frozenset(found)


@cache
def mass_amounts(text: str) -> frozenset[str]:
    """Every amount of mass ``text`` writes (bounds included, in mg) and concentration (in g/L).

    A handoff's grounding: "at most 4 g a day" grounds "4 g" and "4000 mg"; "Hb 84 g/L" grounds
    "8.4 g/dL" (round 38, red team 30's control).
    """
    masses = {in_milligrams(m[1].replace(",", ""), m[2]) for m in _MASS.finditer(text.lower())}
    return frozenset(masses | {amount for _, amount in _concentrations(text)})


def grounded_in(text: str, numbers: frozenset[str], amounts: frozenset[str]) -> bool:
    """Whether every number of ``text`` is one of ``numbers`` (a record's).

    An amount of mass is read as its amount, which must be one of ``amounts`` (milligrams,
    :func:`mass_amounts`): "0.1 mg" is grounded by "100 micrograms"; "1 mg" is not grounded by
    a "1" elsewhere. A mass concentration is grounded by its number or by its amount ("8.4
    g/dL" by "84 g/L").
    """
    found = tokens(text)
    massed = {raw for raw, _ in found.masses}
    converted = {raw for raw, amount in _concentrations(text) if amount in amounts}
    return found.amounts() <= amounts and found.numbers - massed - converted <= numbers


def _negations(text: str) -> frozenset[str]:
    """The negation words of ``text``, less the "not" of "whether ... or not"."""
    words = _WORD.findall(_REGARDLESS.sub(r"\1", text.lower()))
    return frozenset(w for w in words if w in NEGATIONS)


def _same_amount(number: str, want: Tokens, have: Tokens) -> bool:
    """Whether ``have`` states the fact's ``number``, its amount where it is one of mass.

    An amount of mass is the same in another unit ("0.4 mg" for "400 micrograms") and another
    amount with the same digits ("400 mg" for "400 micrograms") is not (round 27).
    """
    mass = frozenset(mg for raw, mg in want.masses if raw == number)
    if not mass:
        return number in have.exact
    written = frozenset(mg for raw, mg in have.masses if raw == number)
    if number in have.exact and (not written or written & mass):
        return True
    return bool(mass & have.amounts())


def states(text: str, fact: str) -> bool:
    """Whether ``text`` states ``fact`` (see the module conventions)."""
    want, have = tokens(fact), tokens(text)
    same = all(_same_amount(n, want, have) for n in want.exact)
    if not (same and want.bounds <= have.bounds) or not _negations(fact) <= _negations(text):
        return False
    if not want.words:
        return bool(want.numbers)
    share = 0.5 if want.numbers else 2 / 3
    needed = max(1, math.ceil(share * len(want.words)))
    return len(want.words & have.words) >= needed


def claims(text: str, prohibited: str) -> bool:
    """Whether ``text`` makes the ``prohibited`` claim: states it without an added negation."""
    return states(text, prohibited) and _negations(text) <= _negations(prohibited)


def supported_by(claim: str, evidence: str) -> bool:
    """Whether ``evidence`` supports ``claim``.

    It does when every number of the claim occurs in the evidence and at least one of the claim's
    content words does; a claim with neither is not checkable and counts as supported.
    """
    want, have = tokens(claim), tokens(evidence)
    if not want.numbers <= have.numbers:
        return False
    return not want.words or bool(want.words & have.words)
