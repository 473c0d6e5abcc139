"""Relative time and untitled names in a handoff statement (red team 7's holes H13 and H15).

Readings added to :func:`carebench.protocol.handoff_truth.time_keys` and
:func:`~carebench.protocol.handoff_truth.person_keys`. Conventions:

* **Relative time** (:func:`relative_keys`): a word that places a finding before now without a
  date is a point in time, as "yesterday" is: ``rel:before`` for the relative-past words of the
  claims' time class (:data:`~carebench.episodes.lexicon.TIMES`: "earlier", "initially",
  "originally", "previously", "formerly") and their phrases ("at first", "to begin with"),
  ``rel:brief`` for transience ("briefly", "transiently", "for a moment"). Said of an urgent
  finding, it must be the record's for the same content (:func:`moved_relative`: "heart rate
  172, at first" where the record gives no earlier time moves the red flag into the past). A statement that anchors itself to now
  ("earlier today", "now superseded", "still") narrates a change and is not moved.
* **Untitled names** (:func:`name_keys`): two capitalised words in a row ("Peter Walsh: ..."),
  neither of them a word of the record in any case, name a person the record does not. A
  title is not needed to make a name ("Mrs Okafor" is read by the titled rule).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from carebench.episodes.claimtext import term
from carebench.episodes.lexicon import GENERIC_WORDS, TIMES
from carebench.episodes.support import analyze, mentions

__all__ = [
    "RELATIVE_PAST",
    "TRANSIENT",
    "moved_relative",
    "name_keys",
    "relative_keys",
    "relative_pattern",
]

RELATIVE_PAST = frozenset(
    w for w in TIMES if w in {"earlier", "initially", "originally", "previously", "formerly"}
) | {"at first", "at the start", "to begin with", "at onset", "earlier on"}
"""Relative-past words (the claims' time class, :data:`~carebench.episodes.lexicon.TIMES`, and
phrases of the same kind): the finding was so before now."""
TRANSIENT = frozenset(
    {"briefly", "transiently", "transient", "momentarily", "fleetingly", "for a moment"}
    | {"for a few seconds", "for a minute", "temporarily"}
)
"""Transience: the finding was so for a moment and has passed."""
_ANCHORED = re.compile(
    r"\b(now|currently|still|today|tonight|this (morning|afternoon|evening)|superseded"
    r"|supersedes|out of date|replaced|updated|since then|no longer|but|then)\b",
    re.IGNORECASE,
)
"""A statement that ties its earlier finding to now ("earlier today", "now superseded",
"initially negative, now positive") narrates a change rather than moving the finding."""


def _alternation(words: frozenset[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len)[::-1])


_RELATIVE = re.compile(rf"\b({_alternation(RELATIVE_PAST)})\b", re.IGNORECASE)
_TRANSIENT = re.compile(rf"\b({_alternation(TRANSIENT)})\b", re.IGNORECASE)


def relative_pattern() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The patterns of relative-past and transient words (removed before content is read)."""
    return _RELATIVE, _TRANSIENT


def relative_keys(text: str, record: bool = False) -> frozenset[str]:
    """The relative points in time ``text`` gives: ``rel:before``, ``rel:brief`` (conventions).

    Args:
        text: a handoff statement, or with ``record`` a record sentence.
        record: read as the record (every relative word counts, anchored or not).
    """
    if not record and _ANCHORED.search(text):
        return frozenset()
    keys = set()
    if _RELATIVE.search(text):
        keys.add("rel:before")
    if _TRANSIENT.search(text):
        keys.add("rel:brief")
    return frozenset(keys)


_GENERIC = frozenset(term(w) for w in GENERIC_WORDS)


@lru_cache(maxsize=65536)
def _terms(text: str) -> frozenset[str]:
    return analyze(text).terms - _GENERIC


def moved_relative(statement: str, sentences: Sequence[str], urgent: Sequence[str]) -> bool:
    """Whether ``statement`` moves an urgent finding before now by a relative word (conventions).

    It mentions one of the ``urgent`` findings and gives a relative time (:func:`relative_keys`)
    that no record sentence sharing its content gives. A relative word on other content (an
    earlier, superseded reading: "earlier peak flow 370") is narrative, not a moved red flag.
    """
    keys = relative_keys(statement)
    if not keys or not any(mentions(u, statement) for u in urgent):
        return False
    content = _terms(_TRANSIENT.sub(" ", _RELATIVE.sub(" ", statement)))
    return any(
        not any(k in relative_keys(s, record=True) and content & _terms(s) for s in sentences)
        for k in keys
    )


_PAIR = re.compile(r"(?<![\w'’])([A-Z][a-z]+)\s+([A-Z][a-z]+)(?![\w'’])")


def name_keys(text: str, record_words: frozenset[str]) -> frozenset[str]:
    """The untitled names in ``text`` the record does not have (``name:Peter Walsh``).

    ``record_words`` are the record's words, lower-cased: a pair either of whose words the record
    has, in any case ("Chest Pain", "Mrs Okafor's Daughter"), is not an unknown name.
    """
    return frozenset(
        f"name:{m.group(1)} {m.group(2)}"
        for m in _PAIR.finditer(text)
        if m.group(1).lower() not in record_words and m.group(2).lower() not in record_words
    )
