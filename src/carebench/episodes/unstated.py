"""Text in a claim that states nothing: sentences addressed to a scorer, asides, pointers, padding.

Part of the judge-free claim reader (:mod:`carebench.episodes.support`): :func:`strip_injections`
removes what a claim says to its reader rather than about the patient, and :func:`games` says
whether a claim addresses the scorer, defers to the record, pads or lists keywords.
"""

from __future__ import annotations

import re

from carebench.episodes.claimtext import tokens
from carebench.episodes.lexicon import GENERIC_WORDS
from carebench.episodes.matching import STOP_WORDS

__all__ = ["KEYWORDS", "games", "strip_injections"]

_INJECTION = re.compile(
    r"(\b(scorer|judge|grader|evaluator|assessor|annotator|marker|reviewer|system|ai|model)\b"
    r"\s*(note|instruction)?\s*[:,]|\binstructions?\s+(to|for)\s+(the\s+)?\w+\s*:"
    r"|\bscoring\s+(note|instruction)|\b(mark|label|score|rate|treat|count|consider)(ed|s)?\b"
    r"[^.]{0,40}\b(as\s+)?(supported|correct|fully|verified|valid|pass(ed)?)\b"
    r"|\bground truth\b|\bignore (the )?(previous|above|prior)\b)",
    re.IGNORECASE,
)
_PLACES = (
    r"(record|notes?|chart|results?|panel|letter|above|below|evidence|items?|attached"
    r"|documentation|form|report|summary|digest|list|message|file)"
)
_POINTER = re.compile(
    rf"\b(see|refer to|as per|per)\s+(the\s+)?([\w-]+\s+){{0,2}}({_PLACES}|[rnem]\d{{1,2}})\b",
    re.IGNORECASE,
)
_DEFERRAL = re.compile(rf"\b(see|refer to)\s+(the\s+)?([\w-]+\s+){{0,2}}{_PLACES}\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_ASIDE = re.compile(r"\[([^\]]*)\]")
_IDS = re.compile(
    r"^\s*(?:[A-Za-z]{1,3}\d{1,3}|\d{1,3})(?:\s*(?:[,;&/]|and)\s*(?:[A-Za-z]{1,3}\d{1,3}|\d{1,3}))*\s*$"
)
"""An aside of citation ids or footnote numbers ("[E2]", "[R1, N3]", "[1]")."""
_META = re.compile(
    r"\b(draft\w*|check\w*|verif\w*|review\w*|proofread\w*|cit(e|ed|es|ing|ation)s?|sources?)\b",
    re.IGNORECASE,
)
"""Words of an aside about the note itself, not the patient ("[Draft checked against all
evidence]", "[source: E2]")."""
_NOTE_WORDS = re.compile(
    r"\b(against|all|with|the|a|an|by|for|of|and|on|to|in|at|as|from|per|this|each|every|fully"
    r"|note|notes|line|lines|evidence|record|chart|items?|entry|entries|claims?|ids?|above|below"
    r"|done|ok|okay|complete|completed|no|further|more|needed|required|before|sending|signing|final|again|[A-Za-z]{1,3}\d{1,3}|\d{1,3})\b",
    re.IGNORECASE,
)
"""Words an aside about the note may hold beside its drafting words ("[Draft checked against
all evidence]", "[source: E2]")."""


def _about_note(inner: str) -> bool:
    """Whether an aside speaks only of the note: drafting words, note words and ids, nothing else.

    Round 16 (red team 14) flipped the default of round 15, which read an aside about the note
    only when it held a word from a list of standing words ("[verified with pharmacy: ceased in
    March]", "[reviewed: no longer applies]" passed): any other word makes it a parenthesis.
    """
    rest = _NOTE_WORDS.sub(" ", _META.sub(" ", inner))
    return _META.search(inner) is not None and not re.search(r"[A-Za-z]", rest)


_TEMPLATE = re.compile(
    r"^\s*(redacted|removed|withheld|insert\b.*|x+|\.+|(patient|caller|gp|doctor"
    r"|clinician)?'?s? ?(name|number|phone|telephone|mobile|date|address|details|dob|nhs number))"
    r"\s*$",
    re.IGNORECASE,
)
"""A template's placeholder in brackets ("[REDACTED]", "[Patient name]", "[insert dose]"):
deleted, so a field holding only one is missing."""
_PUNCTUATION = re.compile(r"[,.;:!?)](?:\s|$)|\(")
KEYWORDS = 12
"""A claim of this many words or more with no punctuation and almost no function words is a list
of keywords, not a statement. Words are counted as written (round 31: counted after shorthand was
written out, "CKD stage 4 and eGFR 22" was thirteen words with one function word)."""
_SMALL = frozenset({"a", "an", "at", "by", "in", "is", "of", "on", "or", "to"})
"""Short function words (prepositions, articles) beside the generic and stop words."""


def _aside(found: re.Match[str]) -> str:
    """A square-bracketed aside: deleted when it is about the note, else read as a parenthesis."""
    inner = found[1]
    if (
        not inner.strip()
        or _IDS.match(inner)
        or _TEMPLATE.match(inner)
        or _about_note(inner)
        or _INJECTION.search(inner)
    ):
        return " "
    return f" ({inner}) "


def strip_injections(text: str) -> str:
    """``text`` less sentences addressed to a scorer, judge or grader, asides and pointers.

    Asides are square-bracketed notes about the note itself ("[draft checked]", "[E2]",
    "[Grader: ...]") that hold nothing but drafting words, note words and ids (round 16: any
    other word, "[verified: belongs to the previous patient]", is read); any other bracket is read as a parenthesis, so "X [entered
    in error]" voids X (round 14, red team 12: every bracket was deleted). Pointers are phrases
    such as "see record" or "as per E2".
    """
    text = _ASIDE.sub(_aside, text)
    kept = " ".join(s for s in _SENTENCE.split(text) if s and not _INJECTION.search(s))
    return _POINTER.sub(" ", kept)


def games(text: str) -> bool:
    """Whether ``text`` addresses the scorer, defers to the record, pads or lists keywords.

    "See the physio form" defers; "as per E2" only cites (it is stripped, not held against).
    Padding repeats a sentence or a word three times in a row ("stable, stable, stable"); a
    keyword list has :data:`KEYWORDS` words or more, no punctuation and fewer than one function
    word in ten.
    """
    if _INJECTION.search(_ASIDE.sub(" ", text)) or _DEFERRAL.search(text):
        return True
    sentences = [" ".join(tokens(s)) for s in _SENTENCE.split(text) if tokens(s)]
    if len(set(sentences)) < len(sentences):
        return True
    words = tokens(text)
    if any(words[i] == words[i + 1] == words[i + 2] for i in range(len(words) - 2)):
        return True
    written = [w.lower() for w in text.split()]  # as written: "CKD" is one word, not three
    function = sum(w in GENERIC_WORDS or w in STOP_WORDS or w in _SMALL for w in written)
    return (
        len(written) >= KEYWORDS and not _PUNCTUATION.search(text) and function < 0.1 * len(written)
    )
