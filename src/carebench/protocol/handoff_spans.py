"""Spans of time a handoff statement gives its content: held by the record for that content.

Round 44 (issue 21, red team 34's inserted periods). A reading added to
:func:`carebench.protocol.handoff_truth.untrue_statement`. Conventions:

* **A span** is an amount of time, a number and a unit ("for 2 weeks", "over two minutes",
  "48 hours", "2/7", "a fortnight"), read in minutes so that "48 hours" is "2 days"; both ends of
  a range count ("4-6 hours"), "within the hour" is an hour and "the past fortnight" two weeks.
  A span before "ago" is a point in time, left to
  :func:`~carebench.protocol.handoff_truth.time_keys`. An anchor is a span too: "since" before
  a day, a meal or a part of the day ("since Tuesday", "since teatime"), and "this" before a
  week, month or year ("twice this year"). Ages, gestations and years are not read ("6 weeks
  old", "at 28 weeks", "26+4 weeks", "33 weeks' gestation", "24 weeks and 2 days pregnant",
  "71 years").
* **Held**: each span of a statement must be given by a record sentence (transcript, urgent
  findings, reference values) that shares the statement's content, its terms or numbers less
  the span itself; a clause that is only a span ("7 days") is held by any sentence giving it.
  "pulse 118 over two minutes" where the record times no pulse, "clopidogrel 75 mg daily for 1
  month" where the month is another sentence's driving ban, "10 times since Tuesday" where the
  record counts since teatime: the statement puts its content over an amount of time the record
  does not, a fact a receiver would act on (a course to stop, a rate to discount).

A whole record sentence holds its spans for all its content ("discharge ...; diabetes nurse
review in 1 week" holds "1 week after discharge", and so a sentence with a course and a driving
ban holds the ban's month for the course). Paraphrase is free inside the unit ("72 hours" for "3
days"); a span the agent works out from two dates ("for 2 days" from "since Monday") is not held:
the record must say it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from carebench.episodes.lexicon import NUMBER_WORDS
from carebench.episodes.numerals import months_of_age
from carebench.episodes.support import analyze

__all__ = ["spans", "unheld_span"]

_MINUTES = {
    "minute": 1, "min": 1, "hour": 60, "hr": 60, "h": 60, "day": 1440, "week": 10080,
    "wk": 10080, "fortnight": 20160, "month": 43200,
}  # fmt: skip
"""Minutes in each unit (a month is 30 days)."""
_COUNT = r"\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_AMOUNT = re.compile(
    r"(?<!\bat )(?<!\bunder )(?<!\bbelow )(?<!\bthan )(?<!\bage )(?<!\baged )(?<!\bhalf )"
    r"(?<!\bsince )(?<!\bfrom )(?<!\buntil )(?<!\bby )"
    rf"(?<![\w./+])(?:(\d+(?:\.\d+)?)\s*(?:-|–|to|or)\s*)?({_COUNT})[\s-]*"
    r"(minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?|fortnights?|months?)\b"
    r"(?![\s-]*old\b)(?!['’]?\s*(?:and\s+\d+\s+days?\s+)?(?:pregnant|gestation|of pregnancy)\b)"
    r"(\s+(?:ago|back|earlier|before)\b)?",
    re.IGNORECASE,
)
"""An amount of time: a count (or a range's two ends) and a unit. Not an age or a gestation
("6 weeks old", "aged 22 months", "at 10 weeks", "since 28 weeks", "under 3 months", "26+4
weeks") nor years
(ages and histories: :func:`~carebench.protocol.handoff_invented.stretched` reads a year put for
a day). A statement's amount before "ago" is a point (its own reading); a record's is held."""
_CLINICAL = re.compile(r"(?<![\w./])(?<!day )(\d+)\s*/\s*(7|52)(?![\d/])", re.IGNORECASE)
"""Clinical notation: "2/7" is two days, "4/52" four weeks ("day 3/7" is a day of a course)."""
_WITHIN = re.compile(r"\bwithin the hour\b", re.IGNORECASE)
_FORTNIGHT = re.compile(r"\b(?:the (?:past|last) |past |last )fortnight\b", re.IGNORECASE)
_DAYS = (
    "monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|last night|this morning"
    "|breakfast|lunch|lunchtime|teatime|tea|dinner|supper|midnight|midday|noon|bedtime"
)
_SINCE = re.compile(rf"\bsince\s+(?:(?:last|this)\s+)?({_DAYS})\b", re.IGNORECASE)
_THIS = re.compile(r"\b(?:this|the past|the last)\s+(week|month|year)\b", re.IGNORECASE)
_HALF = re.compile(
    rf"\b(?:half an? (hour|day)|(?:({_COUNT}) and a half (hours?|days?|weeks?))"
    rf"|(?:({_COUNT}) (hours?|days?|weeks?) and a half))\b(\s+(?:ago|back|earlier|before)\b)?",
    re.IGNORECASE,
)
"""Halves: "half an hour" is 30 minutes, "an hour and a half" and "one and a half hours" 90."""
_DIGITS = re.compile(r"\d+(?:\.\d+)?")
_CLAUSE = re.compile(r"[,:()\[\]]|\s[-–]\s")
"""Where a statement's clauses part: each span is read with its own clause's content."""


def _minutes(count: str, unit: str, more: float = 0.0) -> str:
    word = count.lower()
    value = 1.0 if word in {"a", "an", "one"} else float(NUMBER_WORDS.get(word, word))
    return f"span:{(value + more) * _MINUTES[unit.lower().rstrip('s')]:.10g}"


def _halves(text: str, record: bool) -> set[str]:
    keys = set()
    for m in _HALF.finditer(text):
        if m.group(6) and not record:
            continue
        if m.group(1):
            keys.add(_minutes("1", m.group(1), -0.5))
        else:
            keys.add(_minutes(m.group(2) or m.group(4), m.group(3) or m.group(5), 0.5))
    return keys


@lru_cache(maxsize=65536)
def spans(text: str, record: bool = False) -> frozenset[str]:
    """The spans ``text`` gives (module conventions): ``span:<minutes>``, ``since:<when>``.

    With ``record``, an amount before "ago" counts ("last went two days ago" holds "constipated
    2 days").
    """
    text = months_of_age(text)  # "1 year 10 months" is the record's "22 months" (round 47)
    keys = _halves(text, record)  # "half an hour" (round 49)
    text = _HALF.sub(" ", text)
    keys |= {f"since:{m.group(1).lower()}" for m in _SINCE.finditer(text)}
    keys |= {f"this:{m.group(1).lower()}" for m in _THIS.finditer(text)}
    for m in _AMOUNT.finditer(text):
        if m.group(4) and not record:
            continue
        keys.add(_minutes(m.group(2), m.group(3)))
        if m.group(1):
            keys.add(_minutes(m.group(1), m.group(3)))
    for m in _CLINICAL.finditer(text):
        keys.add(_minutes(m.group(1), "day" if m.group(2) == "7" else "week"))
    if _WITHIN.search(text):
        keys.add("span:60")
    if _FORTNIGHT.search(text):
        keys.add("span:20160")
    return frozenset(keys)


def _without_spans(text: str) -> str:
    for pattern in (_HALF, _AMOUNT, _CLINICAL, _WITHIN, _FORTNIGHT, _SINCE, _THIS):
        text = pattern.sub(" ", text)
    return text


@lru_cache(maxsize=65536)
def _content(text: str) -> tuple[frozenset[str], frozenset[str]]:
    return analyze(text).terms, frozenset(_DIGITS.findall(text))


def unheld_span(statement: str, sentences: Sequence[str]) -> str | None:
    """A span of ``statement`` no record sentence about its content gives, or None (conventions)."""
    keys = spans(statement)
    if not keys:
        return None
    terms, numbers = _content(_without_spans(statement))
    for clause in _CLAUSE.split(statement):
        if unheld := _unheld(clause, terms, numbers, sentences):
            return unheld
    return None


def _unheld(
    clause: str, terms: frozenset[str], numbers: frozenset[str], sentences: Sequence[str]
) -> str | None:
    """A span of ``clause`` no record sentence sharing the statement's content gives, or None."""
    keys = spans(clause)
    if not keys:
        return None
    bare = not any(_content(_without_spans(clause)))  # "7 days", "None in the last week"
    for key in sorted(keys):
        if not any(
            key in spans(s, record=True) and (bare or _shares(terms, numbers, s)) for s in sentences
        ):
            return key
    return None


def _shares(terms: frozenset[str], numbers: frozenset[str], sentence: str) -> bool:
    theirs, digits = _content(_without_spans(sentence))
    return bool(terms & theirs or numbers & digits)
