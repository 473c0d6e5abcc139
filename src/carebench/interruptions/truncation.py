"""Literal word-boundary truncation: the kept text is an exact prefix of the agent's utterance.

Conventions:
    * A cut is valid when the kept text is non-empty, is ``utterance[:k]`` exactly (no paraphrase,
      no added or changed character), ends with a non-space character and is followed in the
      utterance by whitespace (a word boundary), and leaves at least one word unsaid.
    * A transitional (sub-unit) cut must in addition end a sub-unit, which is a **sentence**: its
      last character, ignoring closing quotes and brackets, is one of ``. ? !`` (a comma, colon or
      semicolon ends a phrase, not a sentence: "Yes," is not a place where an answer could be
      complete).
    * Proposed prefixes are compared after stripping surrounding whitespace only.
"""

from __future__ import annotations

import re

SUBUNIT_END = ".?!"
_CLOSERS = "\"')]’”"


def cut_points(utterance: str) -> list[int]:
    """Every valid cut length ``k``: ``utterance[:k]`` ends a word and more words follow."""
    body = utterance.rstrip()
    return [m.start() for m in re.finditer(r"(?<=\S)\s+(?=\S)", body)]


def is_subunit_end(prefix: str) -> bool:
    """Whether ``prefix`` ends at a sub-unit boundary (see module conventions)."""
    stripped = prefix.rstrip(_CLOSERS)
    return bool(stripped) and stripped[-1] in SUBUNIT_END


def check_prefix(utterance: str, prefix: str, *, subunit: bool = False) -> str | None:
    """Why ``prefix`` is not a valid cut of ``utterance``, or None when it is.

    Args:
        utterance: the agent's full turn.
        prefix: the proposed kept text (surrounding whitespace is ignored).
        subunit: require a sub-unit boundary (transitional interruptions).
    """
    kept = prefix.strip()
    if not kept:
        return "the kept text is empty"
    if not utterance.startswith(kept):
        return "the kept text is not an exact prefix of the agent's utterance"
    if len(kept) not in set(cut_points(utterance)):
        if len(kept) >= len(utterance.rstrip()):
            return "the kept text is the whole utterance (nothing was cut)"
        return "the cut is not at a word boundary"
    if subunit and not is_subunit_end(kept):
        return "a transitional cut must end a sub-unit, a sentence (after . ? or !)"
    return None


def nearest_cut(utterance: str, before: int, *, subunit: bool = False) -> int | None:
    """The last valid cut length at or before offset ``before`` (None if there is none)."""
    candidates = [
        k
        for k in cut_points(utterance)
        if k <= before and (not subunit or is_subunit_end(utterance[:k]))
    ]
    return candidates[-1] if candidates else None
