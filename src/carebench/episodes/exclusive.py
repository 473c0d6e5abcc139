"""Exclusive classes: a claim word swapped for another member of its class contradicts its line.

Read by :func:`carebench.episodes.support.support`. Conventions:

* A class (:data:`EXCLUSIVE`) is a tuple of *sides*; each side is a set of equivalent phrases
  over the claim's normalized tokens (:func:`~carebench.episodes.claimtext.tokens`, which already
  folds "od" / "once daily" to ``freq1``, "bd" to ``freq2``, "IV" to "intravenous", "PO" to "by
  mouth" and "PRN" to "as needed").
* A claim *swaps* a side (:func:`swapped`) when it holds a side that none of its cited lines
  holds while the lines hold another side of the same class ("folic acid 400 micrograms monthly"
  cited to "... daily"; "oral" cited to "IV"; "after starting" cited to "before starting"; "last Monday" cited to "next Monday"). It is
  a contradiction, never a forgivable paraphrase. A side one of the two words before it in its clause negates
  ("not improving", "nil by mouth") is not held (on either text). Dropping a class word is not a
  swap; only replacing it is.
* Round 43 (red team 33: "stools dark green" for "black", "would rather not speak" for
  "unable to speak", "sneezing" for "wheezing", "responds when spoken to" for "only when
  handled", "warm and dry" for "clammy", "narrow-complex" for "broad-complex", "hurts when
  pressed" for "hurts to breathe in"): classes of what a finding looks, sounds and feels like.
  "would not" / "won't" are no side of choice ("his hand would not grip"), and names that hold
  a colour ("red flag", "white cell count") hold no colour (:data:`_NOT_SIDES`).
* Blood groups: a letter of the ABO system after "group" or "type" (written in capitals: "blood
  group O", "type AB") is a side of its own class.
"""

from __future__ import annotations

import re
from functools import lru_cache

from carebench.episodes.claimtext import term, tokens
from carebench.episodes.lexicon import NEGATIONS

__all__ = [
    "DAYTIME",
    "DESCRIBED",
    "EXCLUSIVE",
    "ROUTE",
    "SCHEDULE",
    "SEVERITY_LOW",
    "SPAN",
    "exchanged",
    "sides",
    "swapped",
]

_REFUSING = ("won't", "will not", "would not", "wouldn't")
_SPEECH_ACTS = ("speak", "talk", "say", "tell", "answer")
""""won't speak", "would not say": a person's choice. "would not" alone is no side ("his hand
would not grip", "the key would not turn": an inability)."""

EXCLUSIVE: tuple[tuple[frozenset[str], ...], ...] = (
    (  # frequency
        frozenset({"freq1", "daily", "every day", "once a day", "nightly", "mornings"}),
        frozenset({"freq2"}),
        frozenset({"freq3"}),
        frozenset({"freq4"}),
        frozenset({"freq5", "freq6"}),
        frozenset({"freqmany", "hourly"}),
        frozenset({"weekly", "once a week", "every week"}),
        frozenset({"freqw2"}),
        frozenset({"freqw3"}),
        frozenset({"every other day", "alternate days", "every second day", "alternate day"})
        | {"every other night", "alternate nights"},
        frozenset({"fortnightly", "every two weeks", "every 2 weeks"}),
        frozenset({"monthly", "once a month", "every month"}),
        frozenset({"yearly", "annually", "once a year", "every year"}),
        frozenset({"as needed", "as required", "when required", "when needed"}),
    ),
    (  # route
        frozenset({"oral", "orally", "by mouth"}),
        frozenset({"intravenous", "intravenously"}),
        frozenset({"subcutaneous", "subcutaneously", "subcut", "s/c"}),
        frozenset({"intramuscular", "intramuscularly"}),
        frozenset({"inhaled", "inhaler", "nebulised", "nebulized", "nebuliser", "nebulizer"}),
        frozenset({"topical", "topically"}),
        frozenset({"rectal", "rectally"}),
        frozenset({"sublingual", "sublingually"}),
        frozenset({"intrathecal", "intrathecally", "epidural", "epidurally"}),
        frozenset({"transdermal"}),
        frozenset({"intranasal", "nasal"}),
    ),
    (  # release
        frozenset({"modified release", "slow release", "sustained release", "extended release"})
        | {"prolonged release"},
        frozenset({"immediate release", "standard release"}),
    ),
    (frozenset({"left"}), frozenset({"right"})),
    (frozenset({"upper"}), frozenset({"lower"})),
    (frozenset({"before", "prior to"}), frozenset({"after"})),
    (frozenset({"since"}), frozenset({"until"})),
    (frozenset({"next"}), frozenset({"last", "previous"})),
    (  # time of day
        frozenset({"mornings", "morning"}),
        frozenset({"midday", "noon", "lunchtime"}),
        frozenset({"evening", "evenings"}),
        frozenset({"nightly", "night", "bedtime"}),
    ),
    (  # trend
        frozenset({"improving", "improved", "improves", "better"}),
        frozenset({"worsening", "worsened", "worsens", "worse", "deteriorating", "deteriorated"}),
    ),
    (
        frozenset({"rising", "rose", "risen", "rises", "climbing"}),
        frozenset({"falling", "fell", "fallen", "falls", "dropping", "dropped"}),
    ),
    (  # how often, compared (round 31: "coming less often" cited to "more often")
        frozenset({"more often", "more frequent", "more frequently", "increasingly often"})
        | {"more than usual"},
        frozenset({"less often", "less frequent", "less frequently", "more rarely", "rarer"})
        | {"less than usual", "fewer than usual"},
    ),
    (  # pace (round 31: "walking quickly" cited to "walking slowly")
        frozenset({"quickly", "quicker", "rapidly", "faster"}),
        frozenset({"slowly", "slow", "slower"}),
    ),
    (  # the span a review falls in (round 12, red team 10: "same-month" for "same-day")
        frozenset({"sameday", "same-day", "same day"}),
        frozenset({"same-week", "same week"}),
        frozenset({"same-month", "same month"}),
    ),
    (  # colour (round 43, red team 33: "stools dark green" for "black"; "straw" for "cola")
        frozenset({"black", "tarry"}),
        frozenset({"grey", "gray", "ashen"}),
        frozenset({"blue", "bluish", "blueish", "cyanosed", "cyanotic"}),
        frozenset({"pink", "pinkish", "rosy"}),
        frozenset({"red", "reddish", "redness", "reddened", "scarlet", "bright red"}),
        frozenset({"white", "whitish"}),
        frozenset({"yellow", "yellowish", "straw", "jaundiced"}),
        frozenset({"green", "greenish"}),
        frozenset({"brown", "brownish", "cola", "tea coloured"}),
        frozenset({"purple", "purplish", "violet"}),
    ),
    (  # ability or choice (round 43, red team 33: "won't speak" for "cannot speak")
        frozenset({"cannot", "can't", "unable", "not able", "could not", "couldn't", "had to"})
        | {"has to", "have to", "needed to", "needs to", "forced to", "incapable"},
        frozenset({"unwilling", "rather not", "chose to"})
        | {"chooses to", "choosing to", "by choice", "likes to", "prefers to"}
        | {"does not want", "doesn't want", "did not want", "didn't want", "wanted to"}
        | {f"{will} {act}" for will in _REFUSING for act in _SPEECH_ACTS},
    ),
    # round 43 (red team 33): what a finding sounds, looks and feels like, and what brings it on
    (
        frozenset({"wheeze", "wheezing", "wheezy", "whistle", "whistling"}),
        frozenset({"sneeze", "sneezing", "sniffle", "sniffles", "sniffling", "snuffly"})
        | {"snuffling", "snore", "snoring", "snort", "snorting"},
        frozenset({"grunt", "grunting"}),
        frozenset({"stridor", "crowing"}),
    ),
    (
        frozenset({"alert", "fully awake", "wide awake", "wakes fully"}),
        frozenset({"to voice", "to a voice", "spoken to", "talked to", "loud voice"}),
        frozenset({"when handled", "to pain", "painful stimulus"}),
        frozenset({"unresponsive", "unrousable", "no response"}),
    ),
    (
        frozenset({"clammy", "sweaty", "sweating", "damp", "moist"}),
        frozenset({"dry"}),
    ),
    (frozenset({"cold", "cool", "chilly"}), frozenset({"warm", "hot"})),
    (
        frozenset({"broad complex", "wide complex"}),
        frozenset({"narrow complex"}),
    ),
    (
        frozenset({"spiculated", "irregular margin", "irregular margins", "ill defined"}),
        frozenset({"smooth", "well circumscribed", "well defined", "regular margin"}),
    ),
    (
        frozenset({"breathe in", "breathing in", "deep breath", "deep breaths", "pleuritic"})
        | {"on inspiration", "to breathe"},
        frozenset({"pressed", "press", "pressing", "touch", "touched", "palpation"}),
        frozenset({"twist", "twisting", "bend", "bending"}),
    ),
    (  # severity / intensity: the low side first (SEVERITY_LOW)
        frozenset({"mild", "mildly", "mildest", "slight", "slightly", "minor", "lightly"})
        | {"light bleeding", "easy", "easily", "plenty of"},
        frozenset({"moderate", "moderately"}),
        frozenset({"severe", "severely", "heavy", "heavily", "hard", "worst", "hardly any"})
        | {"barely any", "profuse", "profusely"},
    ),
)
"""Exclusive classes (frequency, route, release, side, site, temporal order, time of day, trend,
how often, pace, review span; since round 43 colour, ability or choice, breath sound, conscious
level, skin moisture and warmth, complex width, a mass's margin, what brings a pain on; then
severity), each a tuple of sides of equivalent phrases (module conventions)."""
ROUTE = next(i for i, c in enumerate(EXCLUSIVE) if "oral" in c[0])
"""The index of the route class in :data:`EXCLUSIVE` (its first side, by mouth, the default)."""
DAYTIME = next(i for i, c in enumerate(EXCLUSIVE) if "midday" in c[1])
"""The index of the time-of-day class in :data:`EXCLUSIVE`."""
DESCRIBED = frozenset(
    range(
        next(i for i, c in enumerate(EXCLUSIVE) if "black" in c[0]),
        next(i for i, c in enumerate(EXCLUSIVE) if "pleuritic" in c[0]) + 1,
    )
)
"""The classes of what a finding looks, sounds and feels like (round 43: colour to what brings a
pain on): a named field's value is read against its reference on these alone (the field readers
judge the others: an order's timing, a severity)."""
SPAN = next(i for i, c in enumerate(EXCLUSIVE) if "same-day" in c[0])
"""The index of the review-span class in :data:`EXCLUSIVE` (same day, same week, same month)."""
SEVERITY_LOW = (len(EXCLUSIVE) - 1, 0)
"""The (class, side) of a low severity or intensity ("mild", "lightly", "easy", "plenty of"):
a handoff that says it of an urgent finding makes it minor."""

SCHEDULE = frozenset(
    term(p)
    for sides in EXCLUSIVE[:3]
    for side in sides
    for p in side
    if " " not in p and p not in {"yearly", "annually"}  # "annual check": a kind of check
)
"""Terms of a frequency, route or release: with a dose they are a quantity, not its label
("400 micrograms daily" is a value; a claim of only values and these states nothing)."""

_ABO = re.compile(r"\b(?:[Gg]roup|[Tt]ype)\s+(AB|A|B|O)(?![A-Za-z])")
_GROUPS = ("O", "A", "B", "AB")
_CLAUSE = re.compile(r"[,;:()\[\]\n]|(?<=[.!?])\s+")
_NOT_SIDES = frozenset(
    {"next of", "slow release"}  # "next of kin" is no time; a release
    | {"red flag", "red flags", "white cell", "white cells", "white blood", "white count"}
    | {"red cell", "red cells", "red blood", "red book", "blue badge", "yellow card"}
    | {"green light", "blue light", "blue lights"}  # names of things, no colour of a finding
)
_DENIED = frozenset(NEGATIONS) | {"nil", "denies", "denied"}


def _sides(text: str) -> dict[tuple[int, int], str]:
    """The (class, side) pairs ``text`` holds, each with a phrase, less those a word negates."""
    return dict(_held(text))


@lru_cache(maxsize=65536)
def _held(text: str) -> tuple[tuple[tuple[int, int], str], ...]:
    found: dict[tuple[int, int], str] = {}
    for clause in _CLAUSE.split(_weekly_totals(text)):
        found |= _clause_sides(tokens(clause))
    for m in _ABO.finditer(text):
        found[(len(EXCLUSIVE), _GROUPS.index(m[1]))] = f"blood group {m[1]}"
    return tuple(found.items())


_WEEKLY = re.compile(
    r"\b(\d+(?:\.\d+)?)\s*(mg|g|micrograms?|mcg|units?)\s+(?:weekly|a week|every week|each week)\b",
    re.IGNORECASE,
)


def _weekly_totals(text: str) -> str:
    """``text`` with a weekly total that is seven of its doses read as a total, not a schedule.

    "warfarin 4 mg daily (28 mg weekly)": 28 mg is seven 4 mg doses, so "weekly" there sums the
    daily schedule (round 44: red team 34's control) and is read as "per week"; "methotrexate 15
    mg weekly" is a schedule.
    """

    def total(m: re.Match[str]) -> str:
        unit = m.group(2).lower().rstrip("s")
        doses = re.findall(rf"\b(\d+(?:\.\d+)?)\s*{unit}s?\b", text, re.IGNORECASE)
        seven = any(abs(float(d) * 7 - float(m.group(1))) < 1e-9 for d in doses)
        return f"{m.group(1)} {m.group(2)} per week" if seven else m.group(0)

    return _WEEKLY.sub(total, text) if _WEEKLY.search(text) else text


_BY_FIRST: dict[str, list[tuple[int, int, tuple[str, ...]]]] = {}
for _group, _class_sides in enumerate(EXCLUSIVE):
    for _side, _phrases in enumerate(_class_sides):
        for _phrase in sorted(_phrases):
            _words = tuple(_phrase.split())
            _BY_FIRST.setdefault(_words[0], []).append((_group, _side, _words))
"""Each phrase of :data:`EXCLUSIVE` under its first word (a clause is read word by word)."""


def _clause_sides(words: tuple[str, ...]) -> dict[tuple[int, int], str]:
    """The (class, side) pairs one clause's tokens hold, less those a word before negates."""
    found: dict[tuple[int, int], str] = {}
    for i, word in enumerate(words):
        for group, side, phrase in _BY_FIRST.get(word, ()):
            size = len(phrase)
            if (
                words[i : i + size] == phrase
                and not _DENIED & set(words[max(0, i - 2) : i])
                and " ".join(words[i : i + size + 1]) not in _NOT_SIDES
            ):
                found.setdefault((group, side), " ".join(phrase))
    return found


def sides(text: str) -> frozenset[tuple[int, int]]:
    """The (class, side) pairs ``text`` holds, less those a word before negates."""
    return frozenset(_sides(text))


def swapped(claim_text: str, evidence_text: str) -> str | None:
    """The phrase of the first side ``claim_text`` swaps for another its lines hold, or None.

    See the module conventions: the claim's side is held by none of ``evidence_text`` and
    another side of its class is.
    """
    held = _sides(evidence_text)
    for (group, side), phrase in sorted(_sides(claim_text).items()):
        if (group, side) not in held and any(g == group for g, _ in held):
            return phrase
    return None


def exchanged(
    text: str, source: str, whole: str = "", groups: frozenset[int] | None = None
) -> str | None:
    """The phrase of a side ``text`` puts for another of ``source``'s, holding none of them, or None.

    Stricter than :func:`swapped` (round 43, read on near copies by
    :mod:`carebench.episodes.edits`): neither ``text`` nor the ``whole`` text it is part of
    holds a side of the class that ``source`` holds ("4 mg daily (28 mg weekly)" keeps "daily"),
    and the time of day is not read ("yesterday evening" for "last night"); with ``groups``,
    only those classes are read.
    """
    held = _sides(source)
    written = _sides(text)
    kept = {*written, *_sides(whole)}
    for (group, side), phrase in sorted(written.items()):
        if groups is not None and group not in groups:
            continue
        theirs = {s for g, s in held if g == group}
        mine = {s for g, s in kept if g == group}
        if group != DAYTIME and side not in theirs and theirs and not theirs & mine:
            return phrase
    return None
