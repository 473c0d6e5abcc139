"""Reading a claim or an evidence line: its terms, quantities, polarity sides and negation scope.

The text layer under :mod:`carebench.episodes.support`, with the word lists of
:mod:`carebench.episodes.lexicon`. Conventions:

* **Normalization**: lower case; clinical shorthand expanded (``od`` = once daily, ``nocte`` = at
  night, ``apyrexial`` = no fever, every 6 hours = four times daily, ...); synonyms folded onto one term; each other word stemmed by
  the Snowball English stemmer (*withholding* = *withheld*, *severity* = *severe*). lemminflect's
  lemmas (*took* = *take*), alone or before the stemmer, agreed less with the labelled claims
  (docs/scorer-history.md). ``word/word`` is two words unless it is a unit (``mmol/L``).
* **Names with digits** (``PHQ-9``, ``GAD-7``, ``QRISK3``, ``CURB-65``, ``NEWS2``, ``MMR2``) are
  single terms, never numbers.
* **Quantities**: a number with the unit written after it (``20 mg``, ``37.9 C``, ``48 h``) or a
  count of the word after it (``6 wet nappies``: unit ``#wet``; a count of one is an article,
  not a quantity), a score out of 10 (``pain 6/10``: unit ``/10``), and its *label*: up to four
  terms written just before it in the same clause (``INR 5.8``). Units of one dimension convert
  (:data:`~carebench.episodes.lexicon.SCALE`: 48 hours = 2 days). A number after ``from`` in a
  clause about a change ("increased from 75 micrograms") is a *former* value; a time followed by
  ``ago`` ("23 days ago") is a point in time, not a duration; a number after ``about``,
  ``roughly``, ``~`` ... is *approximate* (a value the writer worked out; "so" is not a
  marker); a number after a comparator ("below 57 kg", "at least 400 micrograms", "45 or more")
  is a *bound*, and numbers in words ("forty") and Roman numerals before a unit ("CD mg") are
  numbers (:mod:`carebench.episodes.numerals`). ``a/b`` (``84/50``, ``430/520``) is an ordered pair: its first and second values keep
  their places (*order* 1 and 2). A number bound to the
  name before it is part of the name (``grade 1``, ``stage 2``, ``step 2``, ``cycle 3``,
  ``type 2``, ``dose 2``, ...); phone numbers (a leading 0, five digits or more) and names such as
  ``3A4`` are identifiers, not numbers. A clock time is one quantity, unit ``clock``, in minutes
  after midnight, however written ("3:10 pm" = "15:10" = 910; :mod:`carebench.episodes.numerals`).
* **Written forms of one quantity** (round 25): a unit that is another word elsewhere only after
  a number ("3-4 min", "CRT <2 s"), "x2 days" (for 2 days), "six out of ten" (6/10), "10/40" and
  "24+2/40" (weeks of gestation), "3-monthly" (every 3 months), "three doses in 24 h" (three
  times a day), "a week" after a bound or span word ("no more than a week") and "a month ago";
  ordinals in digits ("1st") are words.
* **Negation scope**: a cue of absence (``no``, ``denies``, ``without``, ...;
  :data:`NOUN_CUES`) negates the words after it to the end of its comma segment; a verb's
  negation (``not``, ``cannot``, ``never``) its verb phrase, up to a preposition after its first
  content word. A scope runs on through the next segments of a list while they
  hold ``or`` / ``nor``, start with a cue, or are short (:data:`LIST_WORDS` words or fewer) and
  do not open with a verb form (``-ing`` / ``-ed``) or a number; the first comma after a condition
  ("if BP is not controlled, add ...") ends the scope, as does an ``and`` before a conjunct
  that holds a number (round 31: "no acute infarct and clopidogrel 75 mg daily"); since round 41
  a verb's negation ends at an ``and`` before a verb form ("cannot swallow saliva and spits it
  out"), a change's at its ``of`` / ``in`` ("no change of brand": what is not changed is neither
  denied nor asserted), and "X-free" denies X; clauses end
  at ``; : . ( )``, a dash, ``but``,
  ``however``, ``although``, ``except``, ``which`` and ``and`` before a verb.
* **Polarity**: terms of exclusive sides (:data:`~carebench.episodes.lexicon.POLARITY`); a negated
  term of a two-sided group holds the other side ("should not be supplied" = withhold).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import snowballstemmer

from carebench.episodes.lexicon import (
    ABSENCE_TERMS,
    NEGATIONS,
    POLARITY,
    SCALE,
    SHORTHAND,
    SYNONYMS,
    UNITS,
)
from carebench.episodes.matching import STOP_WORDS
from carebench.episodes.numerals import (
    COMPARATOR_WORDS,
    SIGN,
    bound_after,
    bound_before,
    celsius,
    clock_times,
    months_of_age,
    ordinal_words,
    roman_digits,
    spelt_digits,
)
from carebench.episodes.roles import number_role
from carebench.episodes.scales import without_restated

LABEL_TERMS = 4
"""How many terms before a number (in its clause) make its label."""
LIST_WORDS = 2
NOUN_CUES = frozenset({"no", "none", "without", "nor", "neither", "non"})
"""Cues that deny the things listed after them; the other cues (``not``, ``cannot``, ``never``)
deny a verb phrase, which ends at a preposition after its first content word ("not controlled
on a calcium-channel blocker" denies *controlled* only)."""
_PREPOSITIONS = frozenset(
    [
        "on",
        "in",
        "at",
        "for",
        "with",
        "by",
        "from",
        "during",
        "after",
        "before",
        "since",
        "because",
        "as",
    ]
)
"""A comma segment of at most this many words continues a negated list."""

_STOP = STOP_WORDS | frozenset(
    [
        "is",
        "be",
        "a",
        "an",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "or",
        "it",
        "as",
        "if",
        "so",
        "he",
        "we",
        "i",
        "me",
        "my",
        "us",
        "one",
    ]
)  # and short function words
_STEMMER = snowballstemmer.stemmer("english")
_FOLD = {
    variant: key for key, variants in SYNONYMS.items() for variant in variants if " " not in variant
}
_PHRASES = sorted(
    ((v, k) for k, vs in SYNONYMS.items() for v in vs if " " in v), key=lambda p: -len(p[0])
)
POLAR = {
    term: (i, side)
    for i, pair in enumerate(POLARITY)
    for side, terms in enumerate(pair)
    for term in terms
}
"""Term -> (polarity group, side)."""
_NAME_WITH_DIGITS = re.compile(r"\b([a-z]{1,8})-?(\d+)([a-z]*)\b")
_TOKEN = re.compile(
    SIGN + r"\d+(?:[.,]\d+)*(?:/\d+(?:[.,]\d+)*)?|[a-zµ°%][a-z0-9µ°%/&+'.-]*[a-z0-9%]|[a-zµ%~<>≤≥]"
)
NUMBER = re.compile(r"^-?\d+(?:[.,]\d+)*(?:/\d+(?:[.,]\d+)*)?$")
"""A number as a token: a minus sign before it is its sign ("BMI -24" is not 24; red team 17)."""
CITATION = re.compile(r"^[rnem]\d{1,2}$")
_QUANTITY_CLAUSE = re.compile(r"[;()\n]|:(?!\d\d)|(?<=[.!?])\s+|,\s+|\s[-\u2013\u2014]\s")
_NEGATION_CLAUSE = re.compile(
    r"[;:!?()\n]|\.(?!\d)|\s[-\u2013\u2014]\s|\b(?:but|however|although|though|except|which)\b"
    r"|\band\s+(?=(?:\w+\s+)?(?:is|are|was|were|has|have|had|may|can|could|should|must|will"
    r"|would|needs?|takes?|does|did|feels?|says?|gets?)\b)"
)
_ARROW = re.compile(r"-+>|=>|\u2192")
"""An arrow ("3.1 -> 3.2"): a change, not a comparator."""
_APPROXIMATE = frozenset({"about", "roughly", "approximately", "approx", "around", "~"})
_CONDITION = re.compile(r"(if|when|unless|where|whether)\b")
_CHANGE = re.compile(r"\b(increas|reduc|decreas|chang|switch|rais|lower|titrat|went|moved)")
_SHORT = re.compile(
    r"(?<![\w&+/])("
    + "|".join(re.escape(k) for k in sorted(SHORTHAND, key=len, reverse=True))
    + r")(?![\w&+/])"
)
_DOSE_DAILY = re.compile(
    r"\b(\d+(?:\.\d+)?\s*(?:mg|mcg|micrograms?|g|units?|ml|tablets?|capsules?|puffs?))"
    r"((?:\s+(?!(?:once|twice|thrice|times?|every|each|per|a|an|x|total)\b)[a-z][\w-]*){0,2})"
    r"\s+daily\b"
)
"""A dose then "daily", with up to two words of the drug's name between ("5 mg daily", "400
micrograms folic acid daily", round 27): once daily. Not after a count of times ("twice")."""
_EVERY_HOURS = re.compile(r"\b(?:every|each)\s+(\d+)\s*(?:hours?|hrs?|h)\b|\bq(\d+)h\b")


def _per_day(match: re.Match[str]) -> str:
    hours = int(match[1] or match[2])
    times = 24 // hours if hours and 24 % hours == 0 else 0
    return f" freq{times} " if 1 <= times <= 6 else " freqmany "


_ORDINAL = re.compile(
    r"\b(grade|stage|step|class|level|tier|phase|cycle|type|round|part|dose|visit|version)\s+(\d+)\b"
)
#: Identifiers, not amounts: phone numbers (a leading 0 and 5 digits or more), enzyme-like names
#: (``3A4``).
_IDENTIFIER = re.compile(r"\b(0\d{4,}(?: \d{3,})*|\d+[a-z]+\d+[a-z]*)\b")
_PAIRS = re.compile(r"\b([a-z]{3,})/([a-z]{3,})\s+(\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)\b")
"""Two names and two values written as pairs ("ethinylestradiol/levonorgestrel 30/150")."""


def _identifier(match: re.Match[str]) -> str:
    """One letters-only term for an identifier (digits spelt as letters: "3a4" -> "iddae")."""
    return " id" + match[1].replace(" ", "").translate(_DIGITS_AS_LETTERS) + " "


_DIGITS_AS_LETTERS = str.maketrans("0123456789", "abcdefghij")


@dataclass(frozen=True)
class Quantity:
    """A number with its canonical unit (``""`` when none), its label and its time status."""

    value: float
    unit: str
    label: frozenset[str]
    former: bool = False
    ago: bool = False
    approximate: bool = False
    order: int = 0
    """1 or 2 for the first or second value of an ordered pair ("84/50": systolic, diastolic), 0
    for a value on its own."""
    bound: str = ""
    """``<``, ``<=``, ``>`` or ``>=`` for a bound ("below 57 kg", "at least 400 micrograms"; see
    :mod:`carebench.episodes.numerals`), ``""`` for a value."""
    role: str = ""
    """What the number is in its clause: ``""`` (a value), ``change``, ``item``, ``total``, or for
    a time ``every``, ``for``, ``at`` (:mod:`carebench.episodes.roles`)."""

    @property
    def base(self) -> tuple[str, float] | None:
        """(dimension, value in the dimension's base unit), or None for a unit without scale."""
        scale = SCALE.get(self.unit)
        return None if scale is None else (scale[0], round(self.value * scale[1], 6))


@dataclass(frozen=True)
class Analysis:
    """The terms, quantities and polarity of a text (see the module conventions)."""

    terms: frozenset[str]
    quantities: tuple[Quantity, ...]
    sides: frozenset[tuple[int, int]]
    negated: frozenset[str]
    asserted: frozenset[str]
    denied_acts: frozenset[str] = frozenset()


@cache
def term(word: str) -> str:
    """The term of one lower-case word: its synonym group, a name with digits, or its stem."""
    folded = _FOLD.get(word, word)
    if folded in SYNONYMS or folded in POLAR or _NAME_WITH_DIGITS.fullmatch(folded):
        return folded
    return str(_STEMMER.stemWord(folded))


def _number(text: str) -> float | None:
    head = text.split("/")[0].replace(",", "")
    try:
        return float(head)
    except ValueError:
        return None


def _expand(text: str) -> str:
    for _ in range(3):  # "od" -> "once daily" -> "freq1"
        expanded = _SHORT.sub(lambda m: f" {SHORTHAND[m[1]]} ", text)
        if expanded == text:
            break
        text = expanded
    return text


_NUMERATORS = {
    "millimole": "mmol", "millimol": "mmol", "mmol": "mmol", "micromole": "umol",
    "micromol": "umol", "umol": "umol",
    "milligram": "mg", "mg": "mg", "gram": "g", "g": "g", "millilitre": "ml", "milliliter": "ml",
    "ml": "ml", "litre": "l", "liter": "l",
}  # fmt: skip
_DENOMINATORS = {
    "litre": "l", "liter": "l", "l": "l", "decilitre": "dl", "deciliter": "dl", "dl": "dl",
    "minute": "min", "min": "min", "kilogram": "kg", "kg": "kg",
}  # fmt: skip
_PER = re.compile(
    r"\b(" + "|".join(_NUMERATORS) + r")s?\s+per\s+(" + "|".join(_DENOMINATORS) + r")s?\b",
    re.IGNORECASE,
)
"""A unit spelt out as "X per Y" ("millimoles per litre", "mL per minute"), read as its symbol
when the lexicon knows the pair (round 49, red team 38's control)."""


def spelt_units(text: str) -> str:
    """``text`` with each unit spelt as "X per Y" the lexicon knows written as its symbol."""

    def fold(m: re.Match[str]) -> str:
        unit = f"{_NUMERATORS[m[1].lower()]}/{_DENOMINATORS[m[2].lower()]}"
        return unit if unit in UNITS else m[0]

    return _PER.sub(fold, text)


def _split_words(token: str) -> list[str]:
    """``bladder/bowel``, ``low-risk`` -> two words; units, numbers and listed synonyms stay whole."""
    if "/" in token and token not in UNITS and not NUMBER.match(token):
        parts = [p for p in token.split("/") if p]
        if all(p.isalpha() and len(p) > 2 for p in parts):
            return parts
    if "-" in token and token not in UNITS and token not in _FOLD:
        parts = [p for p in token.split("-") if p]
        if len(parts) > 1 and all(p.isalpha() for p in parts):
            return parts
    return [token]


@cache
def tokens(text: str) -> tuple[str, ...]:
    """The normalized tokens of ``text`` (see the module conventions)."""
    text = without_restated(text)  # "PHQ-9 9/27" is "PHQ-9 9" (round 45)
    text = _ARROW.sub(" ", roman_digits(text)).replace("<=", "≤").replace(">=", "≥")
    lowered = _expand(" " + text.lower().replace("°c", " °c").replace("\u2019", "'") + " ")
    lowered = months_of_age(celsius(lowered))  # 100.8 f: 38.2 c; 1 year 10 months: 22 months
    lowered = spelt_units(lowered)  # "millimoles per litre" is mmol/l (round 49)
    lowered = re.sub(r"/\s*1\.73\s*m(?:2|²)", "", lowered)  # ml/min/1.73m2 is eGFR's ml/min
    lowered = re.sub(r"  +", " ", lowered)  # a phrase reads across expanded shorthand ("nil ...")
    for phrase, key in _PHRASES:
        if phrase in lowered:
            lowered = lowered.replace(phrase, f" {key} ")
    lowered = clock_times(ordinal_words(spelt_digits(lowered)))  # before "dose 2" is a name
    lowered = _PAIRS.sub(r"\1 \3 and \2 \4", lowered)  # "a/b 30/150": a 30 and b 150
    lowered = _NAME_WITH_DIGITS.sub(lambda m: f"{m[1]}{m[2]}{m[3]}", lowered)
    lowered = _ORDINAL.sub(lambda m: f" {m[1]}{m[2]} ", lowered)  # grade 1: a name, not a count
    lowered = _IDENTIFIER.sub(_identifier, lowered)
    lowered = lowered.replace("~", " ~ ")
    lowered = re.sub(r"\b(\d{1,3})[mf]\b", r"\1 year old", lowered)  # 71M: a 71-year-old man
    lowered = _EVERY_N.sub(lambda m: f"every {m[1]} {_PERIODS[m[2]]}", lowered)  # 3-monthly
    lowered = _AFTER_NUMBER.sub(lambda m: f"{m[1]} {_SPELT_UNITS[m[2] or m[3]]}", lowered)
    lowered = _TIMES_OVER.sub(r"for \1 \2", lowered)  # "x2 days": for 2 days
    lowered = _DOSES_A_DAY.sub(r"\1 times a day", lowered)  # "3 doses in 24 h": 3 times a day
    lowered = _ONE_PERIOD.sub(r"\1 1 \2", lowered)  # "no more than a week": than 1 week
    lowered = re.sub(r"\b(\d+) out of (\d+)\b", r"\1/\2", lowered)  # six out of ten: 6/10
    lowered = re.sub(r"\b(\d{2,3}) over (\d{2,3})\b", r"\1/\2", lowered)  # BP 84 over 50: 84/50
    lowered = _GESTATION.sub(r"\1 weeks \2 days", lowered)  # 24+2/40: 24 weeks 2 days
    lowered = _BEFORE_NOW.sub(r"\1 ago", lowered)  # "10 weeks before today": 10 weeks ago
    for denominator, unit in (("7", "days"), ("12", "months"), ("52", "weeks"), ("40", "weeks")):
        lowered = re.sub(rf"\b([1-9]\d?)/{denominator}\b", rf"\1 {unit}", lowered)
    lowered = re.sub(  # ranges: 10-15 kg = 10 kg to 15 kg
        r"\b(\d+(?:\.\d+)?)\s*(?:-|to)\s*(\d+(?:\.\d+)?)\s*([a-zµ%][a-z/%]*)",
        r"\1 \3 to \2 \3",
        lowered,
    )
    lowered = re.sub(r"\b([1-6]) times (a |per )?(day|daily)\b", lambda m: f" freq{m[1]} ", lowered)
    lowered = _DOSE_DAILY.sub(r"\1\2 freq1", lowered)  # "5 mg daily" is once daily
    lowered = _EVERY_HOURS.sub(_per_day, lowered)  # every 6 hours is four times daily
    lowered = re.sub(r"([a-z])/(\d)", r"\1 per \2", lowered)  # 100 mg/5 mL
    lowered = re.sub(r"(\d)([a-zµ°%])", r"\1 \2", lowered)  # 20mg -> 20 mg
    return tuple(w for t in _TOKEN.findall(lowered) for w in _split_words(t))


_PERIODS = {"hourly": "hours", "daily": "days", "weekly": "weeks", "monthly": "months",
            "yearly": "years"}  # fmt: skip
_EVERY_N = re.compile(r"\b(\d+)[- ](hourly|daily|weekly|monthly|yearly)\b")
"""A period written as an adjective ("3-monthly", "4-hourly"): every 3 months, every 4 hours."""
_SPELT_UNITS = {"min": "minutes", "sec": "seconds", "secs": "seconds", "s": "seconds"}
_AFTER_NUMBER = re.compile(r"\b(\d+(?:\.\d+)?)(?:\s*(min|secs?)|\s+(s))\b")
"""Units that are other words elsewhere, read as units only after a number ("3-4 min", "CRT
<2 s"; not "min dose", "in her 20s")."""
_TIMES_OVER = re.compile(
    r"\bx\s?(\d+)\s+(minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?|yrs?)\b"
)
_GESTATION = re.compile(r"\b(\d{1,2})\s?\+\s?([0-6])\s?(?:/40|weeks?\b|wks?\b)")
_BEFORE_NOW = re.compile(
    r"\b(\d+(?:\.\d+)?\s*(?:hours?|days?|weeks?|months?|years?))\s+"
    r"(?:before (?:today|now)|(?:have|has) (?:now )?(?:passed|elapsed|gone by))\b"
)
"""A time before now written out ("8 days before today", since round 41 "5 weeks have passed"):
"ago" (red team 26's control; not "earlier" or "prior", which are often relative to another
event, nor "previously", a frame word)."""
_DOSES_A_DAY = re.compile(r"\b([1-6]) doses (?:in|per|a|every) (?:24 ?h|24 hours|day)\b")
_ONE_PERIOD = re.compile(r"\b(than|to|within|over|after|for)\s+an?\s+(hour|day|week|month|year)\b")
""""A week" after a bound or span word is one week ("no more than a week", "within a day"); not
after "in", where it is often a rate ("2800 micrograms in a week")."""
_AT = re.compile(r"at(\d{1,2})")
_MINUTES = re.compile(r"h(\d\d)")
"""The two tokens of a clock time (:func:`~carebench.episodes.numerals.clock_times`)."""


def _label(words: tuple[str, ...], i: int) -> frozenset[str]:
    before: list[str] = []
    for t in reversed(words[:i]):
        if NUMBER.match(t) or _MINUTES.fullmatch(t) or len(before) == LABEL_TERMS:
            break
        kept = t not in _STOP and t not in UNITS and t not in NEGATIONS and len(t) > 1
        if kept and t not in COMPARATOR_WORDS:
            before.append(term(t))
    return frozenset(before)


_WHEN = frozenset(
    {"last", "next", "today", "yesterday", "tonight", "now", "currently", "earlier", "previously",
     "overnight", "since", "recently"}
)  # fmt: skip
"""Words of time after a number that are not a thing it counts ("potassium 4.2 last week")."""
_NOT_COUNTED = _STOP | _WHEN
"""Words after a number that it does not count: stop words and :data:`_WHEN`."""


def _quantities(clause: str) -> list[Quantity]:
    words = tokens(clause)
    change = bool(_CHANGE.search(clause.lower()))
    out: list[Quantity] = []
    for i, token in enumerate(words):
        clock = _AT.fullmatch(token)
        nxt = words[i + 1] if i + 1 < len(words) else ""
        minutes = _MINUTES.fullmatch(nxt)
        if clock and minutes:  # "at15 h10": 15:10 is 910 minutes into the day
            minute = float(int(clock[1]) * 60 + int(minutes[1]))
            out.append(Quantity(minute, "clock", _label(words, i)))
            continue
        value = _number(token) if NUMBER.match(token) else None
        if value is None:
            continue
        unit = UNITS.get(nxt, "")
        day_unit = False
        if "/" in token and token.split("/")[1] in ("10", "100"):
            unit = "/" + token.split("/")[1]
        elif not unit and i and UNITS.get(words[i - 1], "") in SCALE:
            unit, day_unit = UNITS[words[i - 1]], True  # "day 28" is 28 days
        elif not unit and nxt and not NUMBER.match(nxt) and nxt not in _NOT_COUNTED:
            unit = "#" + term(nxt)
        former = change and "from" in words[max(0, i - 2) : i]
        ago = bool(unit) and i + 2 < len(words) and words[i + 2] == "ago"
        approximate = bool(_APPROXIMATE & set(words[max(0, i - 2) : i]))
        bound = bound_before(words, i, unit) or bound_after(words, i)
        label = _label(words, i)
        pair = "/" in token and not unit.startswith("/")  # 112/70: both parts are values, in order
        second = _number(token.split("/")[1]) if pair else None
        order = 1 if second is not None else 0
        time = SCALE.get(unit, ("",))[0] == "time" and not ago
        role = number_role(words, i, unit, time, day_unit)
        out.append(Quantity(value, unit, label, former, ago, approximate, order, bound, role))
        if second is not None:
            out.append(Quantity(second, unit, label, former, ago, approximate, 2, bound, role))
    return out


def _continues(words: tuple[str, ...]) -> bool:
    """Whether a comma segment after a negated one is still part of the negated list."""
    if not words:
        return True
    if words[0] in NEGATIONS or "or" in words or "nor" in words:
        return True
    first = words[0]
    verb_form = first.endswith(("ing", "ed")) and first not in _FOLD
    return len(words) <= LIST_WORDS and not verb_form and not NUMBER.match(first)


def _verb_form(words: tuple[str, ...]) -> bool:
    """Whether ``words`` open with a verb form (``-ing``, ``-ed``, a third-person ``-s``)."""
    first = words[0] if words else ""
    return (
        len(first) > 3
        and first.isalpha()
        and first not in _STOP
        and (first.endswith(("ing", "ed")) or (first.endswith("s") and not first.endswith("ss")))
    )


_FREE = re.compile(r"\b([a-z]+)-free\b")
""""Pain-free", "symptom-free": the word before "-free" is denied ("non pain")."""
_CHANGE_HEADS = frozenset(
    {"change", "changes", "difference", "rise", "fall", "increase", "decrease"}
)
"""Nouns of a change: after "no change", its "of" / "in" complement is not denied."""


def _valued(words: tuple[str, ...]) -> bool:
    """Whether the conjunct that ``words`` open (up to the next "and") holds a number.

    Round 31: a conjunct with its own value is asserted, not a further item of a negated list.
    """
    conjunct = words[: words.index("and")] if "and" in words else words
    return any(NUMBER.match(w) for w in conjunct)


def _scope(text: str) -> tuple[set[str], set[str], set[str]]:
    """(negated, asserted, denied acts) terms of ``text`` (see the module conventions).

    Denied acts are the terms a verb's negation denies ("cannot open", "do not shower").
    """
    negated: set[str] = set()
    asserted: set[str] = set()
    acts: set[str] = set()
    for clause in _NEGATION_CLAUSE.split(_FREE.sub(r"non \1", text.lower())):
        if not clause:
            continue
        scope = False
        for n, segment in enumerate(clause.split(",")):
            words = tokens(segment)
            if n == 1 and _CONDITION.match(clause.strip()):
                scope = False  # "if BP is not controlled, add ...": the condition ends here
            scope = scope and _continues(words)
            narrow = seen = prefix = unchanged = False
            for i, token in enumerate(words):
                if token == "and" and scope and _valued(words[i + 1 :]):
                    scope = narrow = False  # "no acute infarct and | clopidogrel 75 mg daily"
                elif token == "and" and narrow and _verb_form(words[i + 1 : i + 2]):
                    scope = narrow = False  # "cannot swallow saliva and | spits it into a cup"
                elif token in ("of", "in") and scope and i and words[i - 1] in _CHANGE_HEADS:
                    scope, unchanged = False, True  # "no change of | brand": neither side
                elif token == "non":  # "non-valvular": the prefix denies its own word only
                    prefix = True
                elif token in NEGATIONS:
                    scope, narrow, seen = True, token not in NOUN_CUES, False
                elif narrow and seen and token in _PREPOSITIONS:
                    scope = narrow = False  # "not controlled | on a calcium-channel blocker"
                elif token not in _STOP and not NUMBER.match(token) and len(token) > 2:
                    found = term(token)
                    if unchanged:
                        continue  # what is not changed is neither denied nor asserted
                    denied = (scope or prefix) and found not in ABSENCE_TERMS
                    (negated if denied else asserted).add(found)
                    if narrow:
                        acts.add(found)
                    seen, prefix = True, False
    return negated, asserted, acts


@cache
def analyze(text: str) -> Analysis:
    """The terms, quantities and polarity of ``text`` (see the module conventions)."""
    terms = [
        term(t)
        for t in tokens(text)
        if not NUMBER.match(t)
        and t not in _STOP
        and len(t) >= 2
        and t not in NEGATIONS
        and not CITATION.match(t)
    ]
    quantities = [
        q for clause in _QUANTITY_CLAUSE.split(text) if clause for q in _quantities(clause)
    ]
    negated, asserted, acts = _scope(text)
    sides = frozenset(
        (group, 1 - side if t in negated and len(POLARITY[group]) == 2 else side)
        for t in terms
        if t in POLAR
        for group, side in [POLAR[t]]
    )
    return Analysis(
        frozenset(terms),
        tuple(quantities),
        sides,
        frozenset(negated),
        frozenset(asserted),
        frozenset(acts),
    )
