"""Whether a clinician can read a handoff text: runs of words neither English nor the record knows.

A helper of :func:`carebench.protocol.scores.handoff_completeness` (issue 21, the sixth red
team's hole H9), in kind with :func:`carebench.episodes.readable.readable`, which gives a text
holding a letter of a script other than Latin (and Greek) no content. Conventions:

* A word is *known* when English knows it (lemminflect's dictionary, the stop, generic and
  function words of :mod:`carebench.episodes.lexicon` and its shorthand), when the episode's
  record holds it (its transcript, evidence, urgent findings and handoff reference values: the
  record's own drug names, eponyms and people's names), or when it is written as an
  abbreviation (two letters or more in capitals, a capital after the first letter, or a digit:
  "CRB", "SpO2", "RhD"). Numbers and known words end a run; punctuation and a lone unknown
  letter ("x", Spanish "y") do not.
* A text holding a run of :data:`UNREADABLE_RUN` or more unknown words in a row ("pero ya esta
  bien", "le dije que") is *unreadable*: a clinician cannot act on words they cannot read, so
  the field it fills is not credited, and an unreadable reason, key finding or action is read
  as a possible countermand (the receiver who can read it may be told the opposite).
"""

from __future__ import annotations

import re
from functools import cache

from lemminflect import getAllLemmas

from carebench.agents.workproduct import Handoff
from carebench.episodes import lexicon
from carebench.episodes.matching import STOP_WORDS

__all__ = [
    "COUNTERMANDING",
    "UNREADABLE_RUN",
    "field_texts",
    "unknown_runs",
    "unreadable",
    "unreadable_fields",
]

UNREADABLE_RUN = 3
"""Unknown words in a row that make a text unreadable. Two in a row occur in correct clinical
English ("cauda equina", "Rh neg", "vs arrhythmia" in the dev labelled sets, where the record
lacks them); no run of three does in the dev sets or the reference handoffs."""
COUNTERMANDING = ("reason", "key_findings", "actions_taken")
"""The fields whose unreadable text is read as a possible countermand (vetoed), not only as
uncredited."""

_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:'[a-z]+)?|\d+")
_WORD = re.compile(r"[a-z]+")
_LEXICON: frozenset[str] = frozenset(
    w
    for words in (
        STOP_WORDS,
        lexicon.GENERIC_WORDS,
        lexicon.FUNCTION_WORDS,
        lexicon.PLACEHOLDER_TERMS,
        lexicon.NEGATIONS,
        lexicon.SUBSTANCES,
        lexicon.SHORTHAND,
        lexicon.NUMBER_WORDS,
        lexicon.UNITS,
    )
    for entry in words
    for w in _WORD.findall(str(entry).lower())
)


@cache
def _english(word: str) -> bool:
    return word in _LEXICON or bool(getAllLemmas(word))


def _abbreviation(token: str) -> bool:
    return any(c.isdigit() for c in token) or (
        len(token) >= 2 and any(c.isupper() for c in token[1:])
    )


@cache
def _vocabulary(record: str) -> frozenset[str]:
    return frozenset(_WORD.findall(record.lower()))


def unknown_runs(text: str, record: str) -> list[list[str]]:
    """The runs of words of ``text`` that neither English nor ``record`` knows (module conventions)."""
    known = _vocabulary(record)
    runs: list[list[str]] = []
    run: list[str] = []
    for token in _TOKEN.findall(text):
        word = token.lower().split("'")[0]
        readable = token.isdigit() or _abbreviation(token) or word in known or _english(word)
        if len(word) < 2 and not readable:
            continue  # a lone unknown letter ("x 2", Spanish "y") neither ends nor extends a run
        if readable:
            if run:
                runs.append(run)
            run = []
        else:
            run.append(token)
    return [*runs, run] if run else runs


def unreadable(text: str, record: str) -> bool:
    """Whether ``text`` holds a run of :data:`UNREADABLE_RUN` unknown words (module conventions)."""
    return any(len(run) >= UNREADABLE_RUN for run in unknown_runs(text, record))


def unreadable_fields(handoff: Handoff, record: str) -> tuple[str, ...]:
    """The fields of ``handoff`` (routing texts, then named fields) with an unreadable text."""
    return tuple(
        name
        for name, values in field_texts(handoff).items()
        if any(unreadable(v, record) for v in values)
    )


def field_texts(handoff: Handoff) -> dict[str, tuple[str, ...]]:
    """Every text of ``handoff`` by field: the routing texts, then the named fields."""
    return {
        "reason": (handoff.reason,),
        "key_findings": tuple(handoff.key_findings),
        "actions_taken": tuple(handoff.actions_taken),
        **{name: (value,) for name, value in handoff.fields.items()},
    }
