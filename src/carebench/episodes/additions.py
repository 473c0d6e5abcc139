"""What a claim adds to its lines: segments that assert on their own, and retractions of the note.

Read by :mod:`carebench.episodes.support` (coverage) and :mod:`carebench.protocol.stated` (a
draft as read). Conventions:

* **Segments** (:func:`added`): a claim is split at commas, semicolons, colons, brackets, spaced
  dashes and sentence ends. A segment that holds a content term its lines do not hold (nowhere in
  the cited text: a term the cited text holds in a question is not added) but no covered term, no
  number or name with digits and no held unit asserts something of its own: its terms are
  *additions* ("..., tripled", "(voided)", "..., fine to skip", "- opposite", "Disregard all of the
  above."), and the claim is unsupported, unless the segment denies a finding ("no aura": the
  negation rules read it; a later segment of a denial and no content word, "..., ya no", "; or
  not", is itself an addition: :func:`_bare_denial`), attributes the claim to a source (a reporting word: "matching your
  report"), adds only words that restate a current standing
  (:data:`~carebench.episodes.readable.FILLER`: "taken as prescribed"), is a heading of one to
  three words before the claim's first colon that holds a section or fact label or a covered term
  ("Plan:", "Alternative (E2):"; not "Example only:", "Simulated:";
  :func:`~carebench.episodes.claimforms.heading` reads those), or each added word *stands in* for a word the claim leaves out between two of the words
  it shares with its line (:func:`stand_ins`): a paraphrase replaces words of its line ("urinalysis
  NAD" for "urine dipstick clear"), an addition appends a word to a claim its line already holds in
  full.
* **Retractions** (:func:`retraction`): a clause about the note itself (its deixis: "the above",
  "the following", "this note", "the whole note", "all of this", "everything here"; not "the
  summary", which names another record), with no number, whose verb takes the note as its object
  ("Disregard all of the above", "Please strike this note"; not a pointer of :data:`POINTERS`: "See
  / Continue / Confirm the above") or that holds a negation or status word ("None of this applies",
  "The above is not accurate"). It retracts the claims it points to: those before it for "above",
  "preceding", "previous", "prior", "earlier", "foregoing"; those after it for "following" or
  "below"; the whole note otherwise. The claim that holds it is retracted with them; a retracted
  claim states nothing.
"""

from __future__ import annotations

import re
from functools import cache

from lemminflect import getAllLemmas

from carebench.episodes.claimtext import NUMBER, term, tokens
from carebench.episodes.lexicon import (
    GENERIC_WORDS,
    NEGATIONS,
    NEUTRAL_HEADINGS,
    PLACEHOLDER_TERMS,
)
from carebench.episodes.matching import STOP_WORDS
from carebench.episodes.readable import FILLER, MARKERS

__all__ = ["POINTERS", "added", "retraction", "stand_ins"]

_SEGMENT = re.compile(r"[,;:()\[\]\n]|(?<=[.!?])\s+|\s[-\u2013\u2014]+\s")
_WORD = re.compile(r"[a-z][a-z']*|\d+")
_LEAD = frozenset({"please", "the", "all", "of", "key"})
_DENIALS = frozenset({"no", "nil", "without", "denies", "denied"})
_REPORTING = frozenset(
    {"say", "says", "said", "tell", "tells", "told", "report", "reports", "reported", "mention",
     "mentions", "mentioned", "state", "states", "stated"}
)  # fmt: skip
"""Reporting words (of :data:`~carebench.episodes.lexicon.GENERIC_WORDS`): a segment holding one
attributes the claim to a source ("matching your report") and adds no fact of its own."""
_GENERIC = frozenset(term(w) for w in GENERIC_WORDS | PLACEHOLDER_TERMS)


def added(
    claim_text: str,
    uncovered: frozenset[str],
    covered: frozenset[str],
    evidence_text: str,
) -> list[str]:
    """The terms of ``claim_text`` that are additions, not stand-ins (module conventions), sorted.

    ``uncovered`` holds the claim's content terms its lines do not hold; ``covered`` its covered
    content terms and the units its held numbers name.
    """
    denial = _bare_denial(claim_text)
    if denial:
        return [denial]
    if not uncovered:
        return []
    head, colon, _ = claim_text.partition(":")
    heading = (  # "Plan:", "Bloods:", "Alternative (E2):"; not "Example only:", "Simulated:"
        bool(colon)
        and 0 < len(head.split()) <= 3
        and any(_labels(w, covered) for w in tokens(head))
    )
    words = _words(claim_text)
    found: set[int] = set()
    skip = range(len(_SEGMENT.split(head)) if heading else 0)
    for segment in {n for _, n in words} - set(skip):
        own = [i for i, (w, n) in enumerate(words) if n == segment]
        if any(_held(words[i][0]) or term(words[i][0]) in covered for i in own):
            continue
        if any(words[i][0] in _DENIALS for i in own):
            continue  # "no aura": a finding denied, which the negation rules read
        if any(words[i][0] in _REPORTING for i in own):
            continue  # "matching your report", "as she says": whose word it is, not a fact
        new = {i for i in own if term(words[i][0]) in uncovered}
        if any(words[i][0] not in FILLER for i in new):  # "taken as prescribed" restates
            found |= new
    found -= stand_ins([w for w, _ in words], found, covered, evidence_text)
    return sorted({term(words[i][0]) for i in found})


_LABELS = frozenset(
    {"alternative", "alternatives", "option", "options", "date", "dates", "baseline", "local",
     "systemic", "supplement", "supplements", "allergy", "allergies", "clinically", "overall"}
)  # fmt: skip
"""Heading words that label the kind of fact (with :data:`NEUTRAL_HEADINGS`): an allow-list."""


def _labels(word: str, covered: frozenset[str]) -> bool:
    """Whether a heading word labels a section or the fact (not "Example only:").

    A neutral heading or label word, a covered term that is not generic, or a name with digits.
    """
    return (
        word in NEUTRAL_HEADINGS
        or word in _LABELS
        or (term(word) in covered and term(word) not in _GENERIC)
        or _held(word)
    )


_ANSWERS = frozenset({"yes", "yeah", "yep", "and", "or", "but", "nor"})
"""Answer words and conjunctions: no content of their own ("- yes and no", "; or not")."""

_SEGMENT_SPLIT = re.compile(f"({_SEGMENT.pattern})")


def _bare_denial(claim_text: str) -> str | None:
    """The denial word of a segment after the claim's first that denies no content, or None.

    A segment holding a negation word but no content word (a word of 3 letters or more, not a stop
    word, answer word or conjunction) and no number ("..., ya no", "... - yes and no", "...; or
    not") negates or unsettles the claim it follows ("nil today", "no change needed" deny content). A segment after a colon states a heading's value
    ("Allergies: none"), and the claim's first segment answers ("No, not pregnant").
    """
    parts = _SEGMENT_SPLIT.split(claim_text)
    for k in range(2, len(parts), 2):
        if parts[k - 1] == ":" or not parts[k]:
            continue
        own = tokens(parts[k])
        denials = [w for w in own if w in _DENIALS or w in NEGATIONS]
        content = [
            w for w in own
            if _held(w) or (len(w) > 2 and w not in _DENIALS and w not in NEGATIONS
                            and w not in _ANSWERS and w not in STOP_WORDS)
        ]  # fmt: skip
        if denials and not content:
            return denials[0]
    return None


def _words(text: str) -> list[tuple[str, int]]:
    """The tokens of ``text`` with the index of the segment each is in."""
    return [(w, n) for n, seg in enumerate(_SEGMENT.split(text)) for w in tokens(seg or "")]


def _held(word: str) -> bool:
    """A number, or a name with digits ("G1", "grade1"), which the quantity check reads."""
    return bool(NUMBER.match(word)) or any(c.isdigit() for c in word)


def stand_ins(
    claim: list[str], added: set[int], covered: frozenset[str], evidence_text: str
) -> set[int]:
    """The positions of ``added`` words of ``claim`` (its tokens) that stand in for cited words.

    The claim's covered words and numbers are aligned with the cited text in order (each with
    its first occurrence after the previous match, else its first). An added word stands in
    when the cited text between the matches on either side of it holds a content word (not
    generic, not a number) the claim lacks. A word before the first match or after the last
    stands in for nothing: "X, tripled" appends to X whatever follows X in the line.
    """
    mine = {term(w) for w in claim}
    words = _words(evidence_text)
    matched: dict[int, int] = {}
    last = -1
    for i, word in enumerate(claim):
        if _held(word) or term(word) in covered:
            hits = [j for j, (w, _) in enumerate(words) if w == word or term(w) == term(word)]
            if hits:
                matched[i] = last = next((j for j in hits if j > last), hits[0])

    kept: set[int] = set()
    for i in added:
        left = max((k for k in matched if k < i), default=None)
        right = min((k for k in matched if k > i), default=None)
        if left is not None and right is not None and matched[left] < matched[right]:
            window = list(range(matched[left] + 1, matched[right]))
        else:
            window = []  # before the first match or after the last: appended, not replaced
        if any(
            not _held(w) and term(w) not in _GENERIC and term(w) not in mine
            for w in (words[k][0] for k in window)
        ):
            kept.add(i)
    return kept


POINTERS = frozenset(
    {"see", "refer", "read", "note", "check", "confirm", "follow", "use", "apply", "continue",
     "consult", "review", "keep", "act", "discuss", "action", "as", "per", "include", "add"}
)  # fmt: skip
"""Imperatives that point to the note or act on it rather than retract it ("See above")."""

_DEIXIS = re.compile(
    r"\b(?:(?:the|all\s+(?:of\s+)?the|everything|anything|all|each|every)\s+"
    r"(?P<before>above|preceding|previous|prior|earlier|foregoing)"
    r"|(?P<listed>(?:findings|items|entries|points|lines|notes|details|claims|statements)\s+above)"
    r"|(?P<after>(?:the|all\s+(?:of\s+)?the|everything)\s+(?:following|below))"
    r"|(?P<whole>(?:this|these|entire|whole)\s+(?:note|message|draft|summary|entry|text"
    r"|reply|answer|handover|list|claims?|statements?|points?)"
    r"|(?:all|none|any|each|some|most|parts?)\s+of\s+(?:this|these|that|it|them)"
    r"|everything\s+(?:here|said|written|so\s+far)))\b",
    re.IGNORECASE,
)
_VOIDING = frozenset(NEGATIONS).union(*MARKERS.values()) | {
    "wrong", "error", "erroneous", "invalid", "retracted", "struck", "deleted", "removed",
}  # fmt: skip
"""Negation and status words that, said of the note, take it back ("none", "not", "wrong")."""
_DEICTIC = frozenset({"above", "preceding", "previous", "prior", "earlier", "foregoing", "below"})


@cache
def _imperative(word: str) -> bool:
    """Whether ``word`` reads as the base form of a verb ("disregard", "ignore")."""
    return word in getAllLemmas(word, upos="VERB").get("VERB", ())


def retraction(claim_text: str) -> str | None:
    """Which claims a retraction in ``claim_text`` voids: ``"before"``, ``"after"``, ``"whole"``.

    None when the claim retracts nothing (module conventions).
    """
    for clause in _SEGMENT.split(claim_text):
        deixis = _DEIXIS.search(clause)
        words = _WORD.findall(clause.lower())
        if deixis is None or not words or any(w.isdigit() for w in words):
            continue
        lead = [w for w in _WORD.findall(clause[: deixis.start()].lower()) if w not in _LEAD]
        verb = lead[0] if len(lead) == 1 else ""  # the verb whose object is the note
        retracts = (_imperative(verb) and verb not in POINTERS) or any(
            w in _VOIDING and w not in _DEICTIC for w in words
        )
        if retracts:
            return (
                "before"
                if deixis["listed"]
                else next(k for k in ("before", "after", "whole") if deixis[k])
            )
    return None
