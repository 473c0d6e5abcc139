"""Numbers written in words or Roman numerals, and comparators that make a number a bound.

The layer under :mod:`carebench.episodes.claimtext` and :mod:`carebench.episodes.matching`: it
rewrites a text's spelt numbers as digits and reads which numbers are bounds. Conventions:

* **Number words**: a run of number words is one number: ``forty`` = 40, ``twenty-four`` = 24,
  ``four hundred`` = 400, ``two thousand five hundred`` = 2500, ``one and a half`` = 1.5,
  ``a hundred`` = 100. *One* alone stays a word ("one of", "one tablet"); it is a number only in
  a compound ("one hundred", "twenty-one", "one and a half"). Ordinals ("fourth") stay words.
* **Roman numerals** (upper case, valid: ``MMMM``, ``CD``, ``XL``, ``LXXV``) are numbers only in a
  quantity position: just before a unit of measure (``CD mg``, ``XL micrograms``). A numeral after
  a name that takes one (``type II``, ``stage IV``, ``factor V``, ``Mobitz II``, ``grade III``)
  and every other use (``IV fluids``, ``Tegretol XL 200 mg``, ``MI``, ``CD4``) stays a word.
* **Bounds**: a comparator written before a number makes it a bound (:data:`BOUNDS`): ``<``,
  ``more than``, ``over``, ``above``, ``exceeds`` (``>``); ``at least``, ``≥``, ``no less than``,
  ``minimum`` (``>=``); ``less than``, ``fewer than``, ``under``, ``below`` (``<``); ``up to``,
  ``at most``, ``no more than``, ``maximum``, ``≤`` (``<=``); so does ``or more`` / ``or less``
  after the number and its unit. ``over`` before a time ("over 2 days", "given over 30
  minutes") is a span, not a bound, unless after ``for`` ("for over 3 weeks"); ``up to``
  bounds a dose, volume, time or count ("up to 10 puffs"), not a measurement ("creatinine up to
  164": it rose). An arrow ("3.1 -> 3.2") is a change, not a comparator.
* **Clock times** (:func:`clock_times`): a 12-hour time is written in 24 hours ("3:10 pm" =
  "15:10", "7am" = "07:00", "12 a.m." = "00:00"; a part of the day only after a time word or
  "o'clock": "since 10 this morning" = "10:00", "at 4 in the afternoon" = "16:00", while "takes
  2 in the morning" is a count) and every ``H:MM`` time as one term
  ``at<H>h<MM>`` with the hour unpadded ("03:10" = "3:10"), so "3:10 am" is not "3:10 pm".
* **Fahrenheit** (:func:`celsius`, round 29; matching too since round 31): a body temperature
  in Fahrenheit (90-113 F: "100.8 F", "102 °F", "102.4 degrees F") is read in Celsius to one
  decimal ("38.2 c"), so it states the record's Celsius value; a whole number glued to or before a
  bare "F" stays ("92F" is a 92-year-old woman), as does any number outside the range.
* **Ordinals in digits** ("1st", "2nd", "12th") are their words ("first", "second", "twelfth"):
  a rank, not a count of a thing called "st".
"""

from __future__ import annotations

import re
from functools import cache

from carebench.episodes.lexicon import SCALE, UNITS

_UNITS_WORD = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_WORD_VALUE = _UNITS_WORD | _TENS | _SCALES
_NUMBER_WORD = "|".join(sorted(_WORD_VALUE, key=len, reverse=True))
_RUN = re.compile(
    rf"(?<!\w)(?:an?\s+(?=(?:hundred|thousand)\b))?(?:{_NUMBER_WORD})"
    rf"(?:(?:\s+and\s+|\s+|-)(?:{_NUMBER_WORD}))*"
    r"(?:\s+and\s+a\s+(?:half|quarter))?(?!\w)",
    re.IGNORECASE,
)
_FRACTION = {"half": 0.5, "quarter": 0.25}


def words_value(run: str) -> float | None:
    """The value of a run of number words ("two thousand five hundred" = 2500), or None.

    None for a run that is not one number ("one" alone, "five six": two numbers side by side).
    """
    words = re.split(r"[\s-]+", run.lower().strip())
    fraction = 0.0
    if len(words) >= 3 and words[-3:-1] == ["and", "a"] and words[-1] in _FRACTION:
        fraction, words = _FRACTION[words[-1]], words[:-3]
    if words and words[0] in ("a", "an"):
        words[0] = "one"
    words = [w for w in words if w != "and"]
    if not words or (words == ["one"] and not fraction):
        return None
    total = current = 0
    last = ""  # the kind of the previous word: unit, tens or scale
    for w in words:
        if w in _SCALES:
            if current == 0:
                return None
            current *= _SCALES[w]
            if _SCALES[w] >= 1000:
                total, current = total + current, 0
            last = "scale"
        elif w in _TENS:
            if last in ("unit", "tens"):
                return None
            current += _TENS[w]
            last = "tens"
        else:
            if last == "unit" or (last == "tens" and _UNITS_WORD[w] >= 10):
                return None
            current += _UNITS_WORD[w]
            last = "unit"
    return total + current + fraction


def _written(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


_ONE_WORD = re.compile(rf"\b({_NUMBER_WORD})\b", re.IGNORECASE)


def _spelt(match: re.Match[str]) -> str:
    value = words_value(match[0])
    if value is not None:
        return _written(value)
    return _ONE_WORD.sub(  # not one number ("three and four"): each word on its own
        lambda m: m[0] if m[0].lower() in ("one", *_SCALES) else str(_WORD_VALUE[m[0].lower()]),
        match[0],
    )


_ROMAN = re.compile(r"\b(M{0,4})(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})\b")
_ROMAN_VALUES = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}
NAMED_BY_NUMERAL = frozenset(
    {
        "type",
        "stage",
        "grade",
        "class",
        "factor",
        "mobitz",
        "phase",
        "level",
        "part",
        "schedule",
        "category",
        "tier",
        "step",
        "nerve",
        "vitamin",
        "hepatitis",
        "protein",
        "lead",
        "cranial",
        "fontaine",
        "nyha",
        "cn",
    }
)
"""Names a Roman numeral (or letter) after them belongs to: "type II", "factor V", "vitamin D"."""


def roman_value(numeral: str) -> int | None:
    """The value of a valid upper-case Roman numeral ("MMMM" = 4000, "XL" = 40), or None."""
    if not numeral or not _ROMAN.fullmatch(numeral):
        return None
    total = 0
    for i, ch in enumerate(numeral):
        value = _ROMAN_VALUES[ch]
        after = _ROMAN_VALUES[numeral[i + 1]] if i + 1 < len(numeral) else 0
        total += -value if value < after else value
    return total


_ROMAN_BEFORE_UNIT = re.compile(r"(?<![\w-])([MDCLXVI]+)(?![\w-])(\s+)([A-Za-zµ]+)")
_PREVIOUS_WORD = re.compile(r"([A-Za-z]+)\W*$")


def _roman_quantity(text: str) -> str:
    """``text`` with each Roman numeral just before a unit of measure written in digits."""

    def one(match: re.Match[str]) -> str:
        numeral, space, unit = match[1], match[2], match[3]
        canonical = UNITS.get(unit.lower())
        value = roman_value(numeral)
        previous = _PREVIOUS_WORD.search(text[: match.start()])
        named = previous is not None and previous[1].lower() in NAMED_BY_NUMERAL
        if value is None or canonical is None or named or canonical.startswith("#"):
            return match[0]
        if len(numeral) == 1 and canonical not in SCALE:
            return match[0]  # "D tablets": a letter before a count is a name
        return f"{value}{space}{unit}"

    return _ROMAN_BEFORE_UNIT.sub(one, text)


@cache
def roman_digits(text: str) -> str:
    """``text`` with each Roman numeral in a quantity position written in digits (case kept)."""
    return _roman_quantity(text)


_TWELVE_HOUR = re.compile(
    r"(\b(?:at|since|from|until|till|by|before|after|around|about|to)\s+)?"
    r"\b(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?m\b\.?|(o'clock\s+)?(?:(?:this|in the)"
    r"\s+(?:(morning)|afternoon|evening)|tonight)\b)"
)
"""A 12-hour time: a number with am / pm, or with "this morning" / "in the afternoon" /
"tonight" after a time word or "o'clock" ("since 10 this morning"; not the count in "takes 2 in
the morning"). "This evening" is read as "tonight" (:data:`~carebench.episodes.lexicon.SYNONYMS`)."""
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})\b")
_PADDED = re.compile(r"\b0(\d):(\d{2})\b")


def _twenty_four(match: re.Match[str]) -> str:
    lead, hour, minutes, half = match[1] or "", int(match[2]), match[3] or "00", match[4]
    if not 1 <= hour <= 12 or int(minutes) > 59:
        return match[0]
    if half is None and not (lead or match[5] or match[3]):  # "2 in the morning": a count
        return match[0]
    afternoon = half == "p" or (half is None and match[6] is None)
    return f"{lead} {hour % 12 + (12 if afternoon else 0)}:{minutes} "


def _clock(match: re.Match[str]) -> str:
    hour, minutes = int(match[1]), match[2]
    return match[0] if hour > 24 or int(minutes) > 59 else f" at{hour}h{minutes} "


def twenty_four_hour(lowered: str) -> str:
    """``lowered`` (lower case) with each clock time as ``H:MM``, 24 hours, hour unpadded."""
    return _PADDED.sub(r"\1:\2", _TWELVE_HOUR.sub(_twenty_four, lowered))


_DEGREES_F = r"°\s?f|deg(?:rees?)?\s+f(?:ahrenheit)?|fahrenheit"
_FAHRENHEIT = re.compile(
    rf"(?<![\d.])(?:(\d{{2,3}}\.\d+)\s*(?:{_DEGREES_F}|f)|(\d{{2,3}})\s*(?:{_DEGREES_F}))\b"
)
"""A temperature in Fahrenheit: a decimal before "F", or any number before a degree sign or word
("92F" is a 92-year-old woman, not 33.3 C)."""


def _celsius(m: re.Match[str]) -> str:
    value = float(m[1] or m[2])
    return f" {(value - 32) * 5 / 9:.1f} c " if 90 <= value <= 113 else m[0]


def celsius(lowered: str) -> str:
    """``lowered`` (lower case) with each body temperature in Fahrenheit in Celsius (conventions)."""
    return _FAHRENHEIT.sub(_celsius, lowered)


_AGE = re.compile(
    r"\b(\d{1,2})\s*(?:years?|yrs?|y)(?:\s*,\s*|\s+and\s+|\s+)(\d{1,2})\s*(?:months?|mo|m)\b",
    re.IGNORECASE,
)


def months_of_age(text: str) -> str:
    """``text`` with an age in years and months written in months.

    "1 year 10 months" is "22 months" (round 47, red team 37's control).
    """
    return _AGE.sub(lambda m: f"{12 * int(m[1]) + int(m[2])} months", text)


def clock_times(lowered: str) -> str:
    """``lowered`` (lower case) with each clock time one term (module conventions)."""
    return _CLOCK.sub(_clock, twenty_four_hour(lowered))


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth", "eleventh", "twelfth")  # fmt: skip
_ORDINAL_DIGITS = re.compile(r"\b([1-9]|1[0-2])(?:st|nd|rd|th)\b")


def ordinal_words(lowered: str) -> str:
    """``lowered`` with "1st" .. "12th" written as words (module conventions)."""
    return _ORDINAL_DIGITS.sub(lambda m: _ORDINALS[int(m[1]) - 1], lowered)


@cache
def spelt_digits(text: str) -> str:
    """``text`` with each number spelt in words written in digits."""
    return _RUN.sub(_spelt, text)


BOUNDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("no", "more", "than"), "<="),
    (("not", "more", "than"), "<="),
    (("no", "less", "than"), ">="),
    (("not", "less", "than"), ">="),
    (("no", "fewer", "than"), ">="),
    (("no", "greater", "than"), "<="),
    (("more", "than"), ">"),
    (("greater", "than"), ">"),
    (("higher", "than"), ">"),
    (("less", "than"), "<"),
    (("fewer", "than"), "<"),
    (("lower", "than"), "<"),
    (("at", "least"), ">="),
    (("at", "most"), "<="),
    (("up", "to"), "<="),
    (("in", "excess", "of"), ">"),
    (("over",), ">"),
    (("above",), ">"),
    (("exceeds",), ">"),
    (("exceeding",), ">"),
    (("exceeded",), ">"),
    (("under",), "<"),
    (("below",), "<"),
    (("minimum",), ">="),
    (("min",), ">="),
    (("maximum",), "<="),
    (("max",), "<="),
    ((">",), ">"),
    (("<",), "<"),
    (("≥",), ">="),
    (("≤",), "<="),
)
"""Comparator phrases (as tokens) written before a number, and the bound each makes."""
AFTER: dict[tuple[str, str], str] = {
    ("or", "more"): ">=",
    ("or", "above"): ">=",
    ("or", "over"): ">=",
    ("or", "greater"): ">=",
    ("or", "higher"): ">=",
    ("or", "less"): "<=",
    ("or", "fewer"): "<=",
    ("or", "below"): "<=",
    ("or", "under"): "<=",
    ("or", "lower"): "<=",
}
"""Comparator phrases written after a number and its unit ("2 days or more")."""
_SPANS = frozenset({"over"})
COMPARATOR_WORDS = frozenset(w for p, _ in BOUNDS for w in p if w.isalpha()) - {"no", "not", "to"}
"""The words of the comparators: a bound's, never part of its label ("max 20 mg")."""


def _limit(unit: str) -> bool:
    """Whether ``up to`` before a value of this canonical unit is a limit.

    A dose, volume, time or count is ("up to 10 puffs"); a measurement is not ("creatinine up to
    164": it rose to it).
    """
    return unit.startswith("#") or SCALE.get(unit, ("",))[0] in ("mass", "volume", "time")


def bound_before(words: tuple[str, ...], i: int, unit: str) -> str:
    """The bound a comparator just before ``words[i]`` (a number of canonical ``unit``) makes.

    ``""`` when none: "over 2 days" is a span (unless "for over"), "up to 164" a rise unless the
    unit is a limit's (:func:`_limit`).
    """
    time = SCALE.get(unit, ("",))[0] == "time"
    for phrase, bound in BOUNDS:
        n = len(phrase)
        if i >= n and words[i - n : i] == phrase:
            if phrase[0] in _SPANS and time and (i < 2 or words[i - 2] != "for"):
                return ""
            if phrase == ("up", "to") and not _limit(unit):
                return ""
            return bound
    return ""


def bound_after(words: tuple[str, ...], i: int) -> str:
    """The bound ``or more`` / ``or less`` after ``words[i]`` (a number) and its unit makes."""
    for start in (i + 1, i + 2):
        if tuple(words[start : start + 2]) in AFTER:
            return AFTER[(words[start], words[start + 1])]
    return ""


def holds(bound: str, value: float, claim_bound: str, claim_value: float) -> bool:
    """Whether a value ``bound`` ``value`` (``""``: exactly) implies ``claim_bound`` ``claim_value``.

    A value implies a bound it satisfies strictly ("57" implies "below 60", not "below 57" nor
    "at most 57": a bound at the value itself adds a range the line does not give, as "at least
    400 micrograms" of a 400 microgram dose); a bound, a bound at its own value on either side (a threshold and its other branch:
    "92 % or more" holds "under 92 %"), never one at another value ("up to 7 days" does not allow
    "up to 14 days"). An exact claim is implied only by the same exact value.
    """
    if not claim_bound:
        return not bound and value == claim_value
    if bound:  # the same threshold, either side of it ("under 92 %" beside "92 % or more")
        return value == claim_value
    if value == claim_value:  # "at least 400 micrograms" is not the 400 micrograms prescribed
        return False
    return value < claim_value if claim_bound[0] == "<" else value > claim_value


def _phrase(words: tuple[str, ...]) -> str:
    return r"\s+".join(re.escape(w) for w in words)


SIGN = r"(?:(?<![\w.-])-)?"
"""A number's minus sign: a hyphen after a space, a bracket or the start, never inside a word or
a range ("BMI -24" is -24, "5-10" is a range; round 20, red team 17). Part of every number
pattern the readers share (here, :mod:`carebench.episodes.matching`,
:mod:`carebench.episodes.claimtext`)."""
_BEFORE = {" ".join(p): b for p, b in BOUNDS}
_COMPARED = re.compile(
    r"(?:(?<![\w=-])("
    + "|".join(_phrase(p) for p, _ in sorted(BOUNDS, key=lambda pb: -len(" ".join(pb[0]))))
    + r")\s*)?(?<![\d.,])("
    + SIGN
    + r"\d+(?:[.,]\d+)*)(?=(?:\s*([a-zµ%/]+))?)(?=(?:\s*[a-zµ%/]+)?\s+(or\s+\w+))?"
)
_TIME_UNITS = frozenset(k for k, v in UNITS.items() if SCALE.get(v, ("",))[0] == "time")


def numbers_with_bounds(lowered: str) -> tuple[tuple[str, str], ...]:
    """(bound, number) for each number of a lower-case text (``""``: not a bound; commas dropped).

    The bounds of the module conventions, for the fact matcher: "below 57 kg" is ("<", "57").
    """
    out: list[tuple[str, str]] = []
    for match in _COMPARED.finditer(lowered):
        phrase, number, unit, after = match[1], match[2], match[3] or "", match[4] or ""
        bound = _BEFORE[" ".join(phrase.split())] if phrase else ""
        words = phrase.split() if phrase else []
        if words and words[0] in _SPANS and unit in _TIME_UNITS:
            start = lowered[: match.start()].split()
            bound = bound if start and start[-1] == "for" else ""
        if words == ["up", "to"] and not _limit(UNITS.get(unit, f"#{unit}" if unit else "")):
            bound = ""  # "creatinine up to 164": risen to a measured value
        if not bound and after:
            first, _, second = after.partition(" ")
            bound = AFTER.get((first, second.strip()), "")
        out.append((bound, number.replace(",", "")))
    return tuple(out)
