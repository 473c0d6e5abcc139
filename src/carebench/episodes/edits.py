"""Near copies: a text that copies a source sentence but for a word that changes what it says.

Round 34 (issue 21, red team 26). The claim and handoff readers judge a text by its *terms*, and
the words that fix what a sentence asserts are mostly not terms: "given" / "due", "if" /
"unless", "until" / "once", "into" / "from", "2 weeks ago" / "in 2 weeks", "in air" / "on
oxygen", "only", "ever". A gaming agent copies the record and changes one of them. This module
reads such a change by its kind, whatever the words around it: a segment of a text that copies a
source sentence nearly word for word may not exchange, add or drop an **operator** there.

Conventions:

* **Segments.** The text is cut at commas, semicolons, colons, brackets, dashes and sentence
  ends; each segment of three tokens or more is read on its own. Tokens are those of
  :func:`~carebench.episodes.claimtext.tokens` (shorthand expanded, numbers normalized), compared
  by :func:`~carebench.episodes.claimtext.term` (synonym groups and stems); "room air" in any
  form is one phrase, "not yet" is "not", "for now" / "so far" / "at present" are "yet", and
  "in 3 days" is "later 3 days".
* **Operators** (:data:`OPERATORS`): words of a closed set of kinds (:data:`FAMILIES`): an
  event's status (given, due, missed, offered), a condition's polarity (if, unless), a span's
  bound (until, once, since), the side of a time (ago, before, later, earlier), a direction
  (into, from, off), a circumstance (in air, on oxygen; at rest, on exertion, standing) and a
  scope (only, ever, yet, new), a drug held or resumed and its route (IV, oral), "with" or
  "without", a repeat ("again"); since round 36 also a negation ("no", "never", "hardly",
  "n't"), an amount's or a dose's direction ("increase", "double" / "reduce", "halve"), a
  course ("worse", "harder" / "better", "easier"), a judgement's result ("suggest", "meet",
  "recommended" / "exclude", "fail", "declined"), an entry's category ("allergy" / "side
  effect", "intolerance") and whose history it is ("family history of", "father had"). Words
  of one class say the same ("since" / "from").
* **A near copy** of a source sentence: the segment and the sentence align (difflib's longest
  matching blocks; :data:`LIGHT` words do not anchor a block) on two weighty tokens or more and
  :data:`NEAR` of the segment's weighty tokens, or on all of them.
* **An edit** in a near copy: an operator the copy puts where the source had another of the same
  kind, next to it (within :data:`_EXCHANGE` tokens, no list boundary between: "due" for
  "given", "from" for "into", "in 8 days" for "8 days ago"); an operator of :data:`INSERTED`
  added anywhere ("unless", "once", "yet"); an operator of :data:`DROPPED` left out from inside
  the copied stretch, or cut off at its edge ("rouses only to", "the worst she has ever had");
  a negation left out of the copy ("have eased" for "have not eased"; one cut off at the copy's
  end is truncation; one *added* is not read: summaries add "no" freely); a negating prefix
  turned ("able" for "unable", "witnessed" for "unwitnessed"; "not able" says the same); the
  owner of a history entry cut off where the copy takes the whole entry ("heart attack at 60"
  from "father had a heart attack at 60", unless the text names a relative); since round 37 an
  operator carried across a colon onto what follows ("Sando-K: hold repeat potassium" for "hold
  Sando-K: repeat potassium"), and "hold", "increase" or "reduce" added where the sentence has
  none; since round 39 a number kept with another unit counted after it ("for 3 doses" for "for
  3 days"), a date the source sentence does not give ("TSH 1.8 today" for "TSH 1.8 ... in
  September"), and a two-word text whose operator the source puts another of its kind for
  ("long-standing confusion" where the source has "new confusion"); since round 40 a word with
  the opposite prefix ("bradycardia" for "tachycardia", "hyperthyroidism"); since round 43 a
  side of an exclusive class (:mod:`carebench.episodes.exclusive`) put where the segment's
  closest source sentences hold another and the source holds none of it ("ramipril 5 mg only as
  needed" for "daily", "stools dark green" for "black"), read on segments that share half their
  weighty tokens with the sentence, not only on near copies.
  Everything else may differ: light words, terms (judged by the term readers), the source's
  words outside the copied stretch (truncation), a list item left out, an operator moved a
  little.
* **A reordered sentence** (round 37): a sentence of the text whose weighty words a source
  sentence holds (:data:`NEAR` of them, three at least) in another order, where a step moved
  so that "then" or "before" stands at its other end ("X, then Y" for "Y, then X"), or a person
  and the patient are exchanged around the same word ("patient to contact the clinician").
* **A contingent order** (round 39): an order to act at once ("now", "immediately", "999")
  copied with a condition the source does not give ("call 999 now if she gets worse").

The word lists are in :mod:`carebench.episodes.edit_words`. A text is *edited* against a source
when, for one of its segments, the source sentences it copies the most weighty tokens of all
hold it with an edit, or when one of its sentences is reordered. A heuristic of form: it cannot
see a change written in other words, nor a changed content word ("room thermometer", "two
paracetamol" for "two boxes of paracetamol"), which are left to the term readers. Tuned until
no dev verdict moved (round 34 also saw held-out items: docs/scorer-history.md, rounds 34-37;
rounds 35-37 looked at the dev sets only).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from difflib import Match, SequenceMatcher
from functools import lru_cache
from itertools import pairwise
from typing import TypeAlias

from carebench.episodes.claimtext import NUMBER, term, tokens
from carebench.episodes.edit_words import (
    ABSENT_ONLY,
    ACTORS,
    COUNTED,
    DATES,
    DROPPED,
    FAMILIES,
    HEADS,
    INSERTED,
    LIGHT,
    NEGATING,
    OPERATORS,
    OPPOSED,
    ORDER,
    PARTIES,
    RELATIVES,
    normalise,
    operator_class,
)
from carebench.episodes.exclusive import exchanged
from carebench.episodes.lexicon import UNITS

__all__ = ["LIGHT", "NEAR", "edited"]

NEAR = 0.6
"""The share of a segment's weighty tokens that must align with a source sentence for a near
copy (two at least)."""

Opcode: TypeAlias = tuple[str, int, int, int, int]
Keyed: TypeAlias = tuple[tuple[str, ...], frozenset[str], Counter[str]]
"""A source sentence's keys, their set and the count of their weighty ones."""

_BOUNDS = frozenset({",", "|"})
_LIST = frozenset({",", "|", ";", "and", "or"})
"""Tokens that mark a list boundary: a deleted stretch holding one leaves a list item out."""

_SEGMENT = re.compile(r"[,;:()\[\]\n]|(?<=[.!?])\s+|\s+-\s+")


def _segments(text: str) -> list[str]:
    return [s for s in _SEGMENT.split(text) if s.strip()]


def _text_sentences(text: str) -> list[str]:
    """The sentences of a claim or handoff text (cut at sentence ends and line breaks)."""
    return [s for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


def _read(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each segment of ``text`` with the keys of those before it in its sentence."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for sentence in _text_sentences(text):
        before: tuple[str, ...] = ()
        for raw in _segments(sentence):
            out.append((raw, before))
            before += _keys(raw)
    return out


def _sentences(source: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?;])\s+|\n+", source) if s.strip()]


@lru_cache(maxsize=65536)
def _keys(text: str, commas: bool = False) -> tuple[str, ...]:
    """The comparable tokens of ``text``; with ``commas``, a "," token at each list boundary.

    A colon's boundary is "|" (a label and its value, a drug and what to do instead:
    :func:`_carried`); both are :data:`_BOUNDS`.
    """
    text = normalise(text)
    if not commas:
        return tuple(_key(t) for t in tokens(text))
    out: list[str] = []
    for part in re.split(r"([,;:()])", text):
        out += (
            ["|" if part == ":" else ","] if part in ",;:()" and part else map(_key, tokens(part))
        )
    return tuple(out)


def _key(token: str) -> str:
    """An operator's class, or the token's term.

    Operators are read by the word as written (:func:`~.edit_words.operator_class`).
    """
    return operator_class(token) or term(token)


_LIGHT_KEYS = frozenset(term(w) for w in LIGHT)


def _light(key: str) -> bool:
    """Light: a :data:`LIGHT` word, a list boundary or a contraction's pronoun ("i've")."""
    return key in _LIGHT_KEYS or key in _BOUNDS or ("'" in key and not key.endswith("n't"))


def _operator(key: str) -> bool:
    return key in _CLASSES


_CLASSES = frozenset(OPERATORS.values())


def _kin(a: str, b: str) -> bool:
    return any(a in f and b in f for f in FAMILIES)


_ALIKE = frozenset({"ago", "before"})
"""Two classes that say the same in a copy: "40 minutes ago" and "40 minutes before the call"."""
_WORDS = 5
"""How far (in source tokens) the source's own operator may stand from where the copy puts it for
the copy to have moved it rather than added one."""


def _edit(
    segment: tuple[str, ...],
    sentence: tuple[str, ...],
    whole: frozenset[str],
    before: tuple[str, ...] = (),
) -> tuple[int, str] | None:
    """(weighty tokens copied, the edit) of ``segment`` against ``sentence`` (module conventions).

    ``whole`` is every key of the text; ``before`` the keys of the segment before this one (a
    negation there reaches this one: "no loin pain, rigors or vomiting"). The edit is "" for a
    near copy with no edit; None for no near copy.
    """
    matcher = SequenceMatcher(_light, segment, sentence, autojunk=False)
    blocks = [b for b in matcher.get_matching_blocks() if b.size]
    matched = [segment[k] for b in blocks for k in range(b.a, b.a + b.size)]
    weighty = sum(not _light(k) for k in matched)
    wanted = sum(not _light(k) for k in segment)
    whole_copy = weighty == wanted >= 1 and len(segment) >= 3
    if not whole_copy and (weighty < 2 or weighty < NEAR * wanted):
        return None
    used = {k for b in blocks for k in range(b.b, b.b + b.size)}
    lost = [j for j in range(len(sentence)) if j not in used and _operator(sentence[j])]
    start, end = blocks[0].b, blocks[-1].b + blocks[-1].size
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if found := _scoped(segment, sentence, i1, i2, j1, j2) or _recounted(
            segment, sentence, i1, i2, j1, j2
        ):
            return weighty, found
        if tag == "replace" and (twin := _opposed(segment[i1:i2], sentence[j1:j2])):
            return weighty, twin
        flipped = _prefixed(segment[i1:i2], sentence[j1:j2])
        if flipped is not None:  # "able" for "unable"; "not able" for it says the same
            if flipped:
                return weighty, flipped
            continue
        facing = _facing(sentence, lost, i2 - i1, j1, j2, start, end)
        for key in segment[i1:i2]:
            if not _operator(key) or any(sentence[j] == key for j in lost if _close(j, j1, j2)):
                continue  # not an operator, or the source's own moved a little
            dated = key in DATES and key not in sentence and sorted(DATES.intersection(sentence))
            if dated:  # "TSH 1.8 today" for "TSH 1.8 ... in September"
                return weighty, f"{key!r} for {dated[0]!r}"
            other = [t for t in facing if not {key, t} <= _ALIKE and _kin(key, t)]
            if other or (key in INSERTED and not (key in ABSENT_ONLY and key in sentence)):
                return weighty, f"{key!r} for {' '.join(other) or 'nothing'!r}"
        kept = {*whole - {"not"}, *segment, *before}  # a negation reaches the next segment only
        dropped = [k for k in sentence[j1:j2] if k in DROPPED and k not in kept]
        if "family" in dropped and whole & RELATIVES:  # "mother: stroke at 55"
            dropped.remove("family")
        inside = start < j1 and j2 < end and not _LIST & set(sentence[j1:j2])
        inside = inside and all(_light(k) or _operator(k) for k in segment[i1:i2])
        if inside and "not" in sentence[j1:j2] and not {"not"} & {*segment, *dropped}:
            dropped.append("not")  # a negation left out of the copy, though the text has others
        if not dropped:
            continue
        edge = (sentence[j2 - 1] if j2 == start else "", sentence[j1] if j1 == end else "")
        whole_entry = end == len(sentence) or sentence[end] in _BOUNDS  # the copy takes the entry
        if j2 == start and "family" in dropped and whole_entry:  # "father had a" cut off
            edge = (next(k for k in reversed(sentence[j1:j2]) if not _light(k)), edge[1])
        cut = edge[0] in dropped and edge[0] not in HEADS  # "new" heads a list it is cut from
        cut = cut or (edge[1] in dropped and edge[1] not in (*HEADS, "not"))
        if inside or cut:  # a word left out of the copy, or the word its edge was cut at
            return weighty, f"{' '.join(dropped)!r} left out"
    return weighty, _carried(segment, sentence, blocks)


def _scoped(
    segment: tuple[str, ...], sentence: tuple[str, ...], i1: int, i2: int, j1: int, j2: int
) -> str:
    """A condition whose reach a copy changes, or "" (round 38, red team 30).

    "If A and also B" for "if A or B": a trigger that now needs both. (A word put inside a kept
    negation, "no motorway driving" for "no driving", is not read: the same form is a correct
    specific paraphrase, "no PV bleeding" for "no bleeding", in labelled dev items.)
    """
    if "or" in sentence[j1:j2] and "and" in segment[i1:i2] and "if" in segment[:i1]:
        return "'and' for 'or' in a condition"
    return ""


def _recounted(
    segment: tuple[str, ...], sentence: tuple[str, ...], i1: int, i2: int, j1: int, j2: int
) -> str:
    """A number the copy keeps with another unit of :data:`COUNTED` after it, or "" (round 39).

    "Sando-K ... for 2 doses" for "for 2 days", "for 7 doses" for "for 7 days": the copy counts
    another thing by the source's number (red team 31).
    """
    if i1 == i2 or j1 == j2 or not i1 or not j1 or segment[i1 - 1] != sentence[j1 - 1]:
        return ""
    mine, theirs = segment[i1], sentence[j1]
    if not NUMBER.match(segment[i1 - 1]) or mine == theirs:
        return ""
    noun = all(w.isalpha() and len(w) > 3 and w not in UNITS for w in (mine, theirs))
    noun = noun and not _light(mine) and not _operator(mine)
    noun = noun and term(mine) not in {term(w) for w in sentence}
    if {mine, theirs} <= COUNTED or noun:
        return f"{mine!r} for {theirs!r} after {segment[i1 - 1]}"
    return ""


def _carried(segment: tuple[str, ...], sentence: tuple[str, ...], blocks: list[Match]) -> str:
    """An operator the copy carries across a colon onto what follows it, or "".

    Round 37 (red team 29): "hold repeat potassium" from "hold Sando-K: repeat potassium", "no
    hospital assessment" from "no community antibiotic: hospital assessment now". The copy joins
    a copied stretch of operators only (light words aside) to a stretch the source has after a
    colon, leaving out what the operator governed.
    """
    for first, second in pairwise(blocks):
        gap = sentence[first.b + first.size : second.b]
        ops = [k for k in sentence[first.b : first.b + first.size] if not _light(k)]
        joined = second.a == first.a + first.size and "|" in gap
        if joined and ops and all(map(_operator, ops)) and any(not _light(k) for k in gap):
            return f"{ops[-1]!r} carried across {' '.join(k for k in gap if not _light(k))!r}"
    return ""


def _order_side(keys: tuple[str, ...], step: set[str]) -> bool | None:
    """Whether the order word of ``keys`` stands before the step's words (None: no order word)."""
    at = [i for i, k in enumerate(keys) if k in ORDER]
    words = [i for i, k in enumerate(keys) if k in step]
    return at[0] < words[0] if at and words else None


def _moved(segment: tuple[str, ...], sentence: tuple[str, ...], ops: Sequence[Opcode]) -> str:
    """A stretch of the source the copy puts on the other side of what stood beside it, or "".

    Round 37 (red team 29): "warfarin 4 mg daily, then omit tonight's dose" for "omit tonight's
    dose, then warfarin 4 mg daily", "any antibiotic before a full blood count" for "a full
    blood count before any antibiotic" (a step moved so that an :data:`ORDER` word stands at its
    other end). A list item moved across others ("cough and fever") is a rewording.
    """
    gone = [(j1, j2) for tag, _, _, j1, j2 in ops if tag in ("insert", "replace")]  # source only
    for tag, i1, i2, q, _ in ops:
        if tag not in ("delete", "replace"):  # the copy's own stretch, put at source position q
            continue
        put = [k for k in segment[i1:i2] if not _light(k)]
        for j1, j2 in gone:
            if not put or Counter(put) - Counter(k for k in sentence[j1:j2] if not _light(k)):
                continue
            crossed = sentence[min(j2, q) : max(j1, q)]
            weighty = [k for k in crossed if not _light(k)]
            step = set(put) - ORDER
            mine, theirs = (_order_side(x, step) for x in (segment[i1:i2], sentence[j1:j2]))
            if weighty and None not in (mine, theirs) and mine != theirs:  # "X, then" / "then X"
                return f"{' '.join(put)!r} moved across {' '.join(weighty)!r}"
    return ""


def _roles(mine: tuple[str, ...], theirs: tuple[str, ...]) -> str:
    """A person of :data:`ACTORS` and the patient (:data:`PARTIES`) in the other order, or "".

    Round 37 (red team 29): "patient to contact the clinician" for "clinician to contact the
    patient", "the carer mistakes her" for "she mistakes the carer": who acts and who is acted on
    (or has the sign) are exchanged. Each side is read at the first person it names and the
    first mention of the patient, around a weighty word both have between them ("contact",
    "mistakes"); a person after "by" is the agent of a passive ("the patient to be phoned by the
    clinician") and is not read.
    """

    def order(keys: tuple[str, ...]) -> tuple[str, bool, frozenset[str]] | None:
        person = next((i for i, k in enumerate(keys) if k in ACTORS), None)
        party = next((i for i, k in enumerate(keys) if k in PARTIES), None)
        if person is None or party is None or "by" in keys[max(0, person - 2) : person]:
            return None
        between = keys[min(person, party) + 1 : max(person, party)]
        if _LIST & set(between):
            return None
        return keys[person], person < party, frozenset(k for k in between if not _light(k))

    a, b = order(mine), order(theirs)
    if a is None or b is None or a[0] != b[0] or a[1] == b[1] or not a[2] & b[2]:
        return ""  # the same person, on the other side of the same words
    return f"{a[0]!r} and the patient exchanged"


def _opposed(copy: Sequence[str], source: Sequence[str]) -> str:
    """A word of ``copy`` that is a word of ``source`` with the opposite prefix, or "".

    :data:`OPPOSED` (round 40, red team 32): "bradycardia" for "tachycardia", "hypotension" for
    "hypertension"; the rest of the word (three letters or more) is the same.
    """
    for x in copy:
        for y in source:
            for a, b in (*OPPOSED, *((b, a) for a, b in OPPOSED)):
                rest = x[len(a) :]
                if x.startswith(a) and y.startswith(b) and len(rest) >= 3 and y[len(b) :] == rest:
                    return f"{x!r} for {y!r}"
    return ""


def _prefixed(copy: tuple[str, ...], source: tuple[str, ...]) -> str | None:
    """How an exchanged stretch turns a word's negating prefix, or None where it turns none.

    A word in ``copy`` and one in ``source`` that differ by a prefix of :data:`NEGATING` (the rest
    three letters or more) are one word, negated or not; the stretch says the opposite of the
    source's where the prefixes and the "not" words on each side differ in parity ("able" for
    "unable", "witnessed" for "unwitnessed"; "not able" for "unable" says the same: ""). None
    where no such pair faces each other.
    """
    for x in copy:
        for y in source:
            if x == y:
                continue
            short, long_ = (x, y) if len(x) < len(y) else (y, x)
            prefix = long_[: len(long_) - len(short)]
            if len(short) < 3 or not long_.endswith(short) or prefix not in NEGATING:
                continue
            mine = copy.count("not") + (long_ == x)
            theirs = source.count("not") + (long_ == y)
            return f"{x!r} for {y!r}" if (mine - theirs) % 2 else ""
    return None


_EXCHANGE = 2
"""How far (in source tokens) an operator the copy lost may stand from the one it added for the
two to be an exchange ("given in 8 days" for "given 8 days ago": "in" and "ago" are two apart)."""


def _facing(
    sentence: tuple[str, ...], lost: list[int], width: int, j1: int, j2: int, start: int, end: int
) -> list[str]:
    """The operators the copy lost that a stretch of ``width`` copy tokens stands in for.

    The stretch replaces ``sentence[j1:j2]``. Before the copied part (``start``), only the
    tokens next to it face the stretch; after it (``end``), those next to it; inside, the span and
    the tokens within :data:`_EXCHANGE` of it ("given in 8 days" for "given 8 days ago"). No list
    boundary may stand between (a word of another list item is not exchanged).
    """
    if j2 <= start:  # before the copied part: the tokens next to it
        window, low, high = range(j2 - width - 1, j2 + _EXCHANGE + 1), j2, j2
    elif j1 >= end:  # after it
        window, low, high = range(j1 - _EXCHANGE, j1 + width + 1), j1, j1
    elif _BOUNDS & set(sentence[j1:j2]):
        return []
    else:
        window, low, high = range(j1 - _EXCHANGE, j2 + _EXCHANGE + 1), j1, j2
    return [
        sentence[j]
        for j in lost
        if j in window and not _BOUNDS & set(sentence[min(j, low) : max(j, high)])
    ]


def _close(j: int, j1: int, j2: int, reach: int = _WORDS) -> bool:
    """Whether source position ``j`` is within ``reach`` of the span ``j1:j2``."""
    return j1 - reach <= j < max(j2, j1 + 1) + reach


@lru_cache(maxsize=1024)
def _source_keys(source: str) -> tuple[Keyed, ...]:
    """Each source sentence's keys, their set and the count of their weighty ones.

    A near copy shares two keys at least; a reordered sentence shares its weighty ones
    (:func:`_swapped`).
    """
    keyed = (_keys(s, commas=True) for s in _sentences(source))
    return tuple((k, frozenset(k), Counter(t for t in k if not _light(t))) for k in keyed)


@lru_cache(maxsize=65536)
def edited(text: str, source: str) -> str | None:
    """How ``text`` near-copies a sentence of ``source`` with an edit (module conventions), or None.

    Returns a description ("'due' for 'given'", "'only' left out") of the first edited segment:
    one whose closest source sentences (those it copies the most weighty tokens of) all hold it
    with an edit.
    """
    sentences = _source_keys(source)
    whole = frozenset(_keys(text))
    for raw, before in _read(text):
        segment = _keys(raw)
        if len(segment) == 2 and (paired := _paired(segment, sentences)):
            return paired
        if len(segment) < 3 or len(raw.split()) < 2:
            continue  # one word is no copy, whatever its expansion ("haemoptysis", round 44)
        weighty = {k for k in segment if not _light(k)}
        near = [
            i
            for i, (_, words, _) in enumerate(sentences)
            if len(weighty & words) >= min(2, len(weighty))
        ]
        found = [(e, i) for i in near if (e := _edit(segment, sentences[i][0], whole, before))]
        best = max((n for (n, _), _ in found), default=0)
        edits = [e for (n, e), _ in found if n == best]
        if edits and "" not in edits:
            return edits[0]
        if side := _side_swapped(raw, text, weighty, near, sentences, source):
            return side
    return _swapped(text, source) or _contingent(text, sentences)


def _side_swapped(
    raw: str,
    text: str,
    weighty: set[str],
    near: list[int],
    sentences: tuple[Keyed, ...],
    source: str,
) -> str:
    """A side of an exclusive class the segment puts for another its closest sentences hold, or "".

    Round 43 (red team 33): "ramipril 5 mg only as needed" for "ramipril 5 mg daily", "stools
    dark green and sticky" for "stools black and sticky"
    (:func:`~carebench.episodes.exclusive.exchanged`). The closest sentences are those sharing the
    most weighty tokens with it, two at least and half of its own; every one of them must hold
    another side, the source none of the segment's (a segment may join two sentences: "X 1 g
    four times daily and Y 100 mg daily") and the text none of theirs ("4 mg daily (28 mg
    weekly)"). The time of day is not read ("yesterday evening" for
    "last night").
    """
    shared = {i: len(weighty & sentences[i][1]) for i in near}
    best = max(shared.values(), default=0)
    if best < 2 or best < len(weighty) / 2:
        return ""
    if exchanged(raw, source, text) is None:
        return ""  # the record holds the side somewhere (two drugs, two schedules)
    raws = _sentences(source)
    sides = [exchanged(raw, raws[i], text) for i, n in shared.items() if n == best]
    return f"{sides[0]!r} for another side of its class" if all(sides) else ""


_AT_ONCE = frozenset({"now", "urgent", "999", "112", "911", "ambul"})
"""Keys of an order to act at once ("now", "immediately", "urgent", "emergency", "999",
"ambulance"): the order a condition may not be appended to (:func:`_contingent`)."""
_CONDITIONS = frozenset({"if", "unless"})


def _contingent(text: str, sentences: tuple[Keyed, ...]) -> str | None:
    """An order to act at once, copied whole, with a condition the source does not give, or None.

    Round 39 (red team 31): "call 999 now if she gets worse", "urgent CT chest recommended if the
    cough persists" for the source's unconditional order. The text before the condition holds a
    word of :data:`_AT_ONCE` and two weighty words or more, a source sentence with no condition
    holds every one of them, and no source sentence with a condition holds :data:`NEAR` of the
    condition's words (a copied safety-net, "call 999 if she becomes drowsy", is the source's
    own).
    """
    for part in re.split(r"[;\n]|(?<=[.!?])\s+", text):
        keys = _keys(part)
        at = next((i for i, k in enumerate(keys) if k in _CONDITIONS), None)
        if at is None or not _AT_ONCE & set(keys[:at]):
            continue
        kept = [k for k in keys[:at] if not _light(k)]
        tail = [k for k in keys[at + 1 :] if not _light(k)]
        if len(kept) < 2 or not tail:
            continue
        orders = [w for _, w, _ in sentences if all(k in w for k in kept) and not _CONDITIONS & w]
        held = any(
            _CONDITIONS & w and sum(k in w for k in tail) >= NEAR * len(tail)
            for _, w, _ in sentences
        )
        if orders and not held:
            return f"condition added to {' '.join(kept)!r}"
    return None


def _paired(segment: tuple[str, ...], sentences: tuple[Keyed, ...]) -> str:
    """A two-word text that is a source word pair with one word exchanged, or "".

    Too short for a near copy, so read against the source's word pairs: its operator exchanged
    for another of its kind (round 39, red team 31: "long-standing confusion" where the source
    has only "new confusion", "right forearm" where it has only "left forearm"), or its second
    word's prefix turned (round 40, red team 32: "primary hyperthyroidism" for "primary
    hypothyroidism", :data:`OPPOSED`). "" where the source also has the text's pair.
    """
    first, second = segment
    pairs = {(s[i], s[i + 1]) for s, _, _ in sentences for i in range(len(s) - 1)}
    if segment in pairs:
        return ""
    for a, b in sorted(pairs):
        if a == first and (twin := _opposed((second,), (b,))):
            return twin
    if not _operator(first) or _light(second) or _operator(second):
        return ""
    theirs = {a for a, b in pairs if b == second}
    other = sorted(t for t in theirs if t != first and _kin(first, t) and not {first, t} <= _ALIKE)
    return f"{first!r} for {other[0]!r}" if other else ""


def _swapped(text: str, source: str) -> str | None:
    """A sentence of ``text`` that holds a source sentence's words with a step or person moved.

    Read on whole sentences (list boundaries kept as tokens) whose weighty tokens the source
    sentence holds, three at least and :data:`NEAR` of them, in any order (:func:`_moved`).
    """
    for part in _text_sentences(text):
        mine = _keys(part, commas=True)
        bag = Counter(k for k in mine if not _light(k))
        wanted = sum(bag.values())
        if wanted < 3:
            continue
        for theirs, _, counted in _source_keys(source):
            shared = bag & counted
            if sum(shared.values()) < max(3, NEAR * wanted):
                continue
            ops = SequenceMatcher(_light, mine, theirs, autojunk=False).get_opcodes()
            if found := _moved(mine, theirs, ops) or _roles(mine, theirs):
                return found
    return None
