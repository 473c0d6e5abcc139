"""Concept matching: the deterministic core of the concept judge, the tracker and scripted roles.

A concept set is a list of groups; it matches a text when every group matches, and a group matches
when any of its phrases occurs as whole words, case-insensitively (``red`` matches "Red," but not
"reduce"). Sentences are split after ``.``, ``?`` or ``!`` followed by whitespace.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

Concepts = Sequence[Sequence[str]]

_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")


@cache
def _phrase(phrase: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(w) for w in phrase.split())
    return re.compile(rf"(?<![\w']){words}(?![\w'])", re.IGNORECASE)


def first_match(text: str, group: Sequence[str]) -> int | None:
    """Start offset of the earliest phrase of ``group`` in ``text``, or None."""
    starts = [m.start() for p in group if (m := _phrase(p).search(text))]
    return min(starts) if starts else None


def matches(text: str, concepts: Concepts) -> bool:
    """Whether every group of ``concepts`` matches somewhere in ``text``."""
    return all(first_match(text, group) is not None for group in concepts)


def sentences(text: str) -> list[str]:
    """The text's sentences (stripped, non-empty)."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def asks(text: str, concepts: Concepts) -> bool:
    """Whether ``text`` contains a question (a sentence ending in ``?``) matching ``concepts``."""
    return any(s.endswith("?") and matches(s, concepts) for s in sentences(text))
