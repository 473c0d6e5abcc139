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
  a negation added inside the copy or left out of it ("have eased" for "have not eased"; a
  negation cut off at the copy's end is truncation); a negating prefix turned ("able" for
  "unable", "witnessed" for "unwitnessed"; "not able" says the same); the owner of a history
  entry cut off where the copy takes the whole entry ("heart attack at 60" from "father had a
  heart attack at 60", unless the text names a relative).
  Everything else may differ: light words, terms (judged by the term readers), the source's
  words outside the copied stretch (truncation), a list item left out, an operator moved a
  little.

A text is *edited* against a source when, for one of its segments, the source sentences it
copies the most weighty tokens of all hold it with an edit. A heuristic of form: it cannot see a
change written in other words, nor a changed content word ("room thermometer", "two
paracetamol" for "two boxes of paracetamol"), which are left to the term readers. Tuned until
no dev verdict moved (round 34 also saw held-out items: docs/protocol.md, rounds 34-36; round 36
looked at the dev sets only).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import lru_cache

from carebench.episodes.claimtext import term, tokens

__all__ = ["LIGHT", "NEAR", "edited"]

NEAR = 0.6
"""The share of a segment's weighty tokens that must align with a source sentence for a near
copy (two at least)."""

LIGHT = frozenset(
    {
        "a", "an", "the", "this", "that", "these", "those", "which", "who", "whom",
        "i", "me", "my", "mine", "we", "our", "you", "your", "he", "him", "his", "she", "her",
        "they", "them", "their", "it", "its", "patient", "pt", "child", "baby", "mum", "dad",
        "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "do",
        "does", "did", "'s", "'ve", "'m", "'re", "'d", "s", "ve", "m", "re", "d",
        "and", "also", "then", "so", "of", "plus", "&",
        "reports", "reported", "says", "said", "states", "stated", "noted", "notes", "describes",
        "described", "tells", "told", "mentions", "mentioned", "complains", "complaining",
        "today", "currently", "presently", "still", "just", "very", "really",
        "at", "on", "in", "rhd", "rh",
    }
)  # fmt: skip
"""Words a copy may add, drop or exchange without changing what it says: articles, pronouns and
the patient, auxiliaries, conjunctions, reporting verbs, the present ("today"; "now" is an
operator since round 35) and intensifiers. Prepositions of place and time ("at", "on", "in") are light alone; a weighty word
beside them is not ("on oxygen")."""

_AIR = re.compile(r"\b(?:(?:on|in|breathing)\s+)?(?:room\s+)?air\b|\bRA\b")
"""Breathing room air, however written ("in air", "on room air", "RA"): one phrase."""

OPERATORS: dict[str, str] = {
    # status of an event: done, still to come, not done, only offered
    "given": "given", "gave": "given", "administered": "given", "started": "given",
    "completed": "given", "finished": "given", "sent": "given", "done": "given",
    "due": "due", "planned": "due", "booked": "due", "scheduled": "due",
    "missed": "missed", "offered": "offered",
    # condition: "when" and "if" trigger, "unless" prevents
    "if": "if", "when": "if", "whenever": "if", "unless": "unless",
    # which end of a span, and which side of a time
    "until": "until", "till": "until", "once": "once", "since": "since", "from": "since",
    "before": "before", "ago": "ago", "earlier": "earlier",
    "previously": "earlier", "later": "later", "now": "now",
    # direction of spread
    "into": "into", "onto": "into", "toward": "into", "towards": "into",
    "off": "off", "away": "off",
    # the circumstance of a reading or a symptom
    "air": "air", "oxygen": "oxygen", "rest": "rest", "resting": "rest", "exertion": "exertion",
    "exercise": "exertion", "effort": "exertion", "climbing": "exertion", "stairs": "exertion",
    "standing": "standing", "sitting": "sitting", "seated": "sitting", "lying": "lying",
    # a drug held or resumed, and its route
    "held": "held", "withheld": "held", "stopped": "held", "suspended": "held", "paused": "held",
    "discontinued": "held", "stop": "held", "withhold": "held", "suspend": "held",
    "pause": "held", "resumed": "resumed", "restarted": "resumed", "continued": "resumed",
    "restart": "resumed", "resume": "resumed", "continue": "resumed",
    "intravenous": "iv", "intravenously": "iv", "mouth": "oral", "oral": "oral",
    "orally": "oral", "intramuscular": "im", "subcutaneous": "sc", "subcutaneously": "sc",
    "subcut": "sc", "sc": "sc",
    # with or without, and a repeat
    "with": "with", "without": "without", "again": "again",
    # scope and novelty
    "only": "only", "ever": "ever", "yet": "yet", "new": "new",
    "newly": "new",
    # round 36 (red team 28): a negation, an amount or a dose's direction, a course, a
    # judgement's result, an entry's category and whose history it is
    "not": "not", "no": "not", "never": "not", "nothing": "not", "none": "not", "nil": "not",
    "hardly": "not", "barely": "not", "scarcely": "not", "denies": "not", "denied": "not",
    "absent": "not", "negative": "not", "neg": "not",
    "increase": "up", "increased": "up", "increasing": "up", "increases": "up", "raise": "up",
    "raised": "up", "raising": "up", "rise": "up", "rising": "up", "risen": "up", "high": "up",
    "higher": "up", "more": "up", "greater": "up", "large": "up", "larger": "up",
    "double": "up", "doubled": "up", "doubling": "up", "escalate": "up", "escalated": "up",
    "extensive": "up", "widespread": "up", "massive": "up", "expedite": "up",
    "decrease": "down", "decreased": "down", "decreasing": "down", "decreases": "down",
    "reduce": "down", "reduced": "down", "reducing": "down", "reduces": "down", "low": "down",
    "lowered": "down", "lowering": "down", "falling": "down", "less": "down", "fewer": "down",
    "small": "down", "smaller": "down", "halve": "down", "halved": "down", "wean": "down",
    "weaned": "down", "weaning": "down", "taper": "down", "tapered": "down", "tapering": "down",
    "slight": "down", "minimal": "down", "localised": "down", "localized": "down",
    "worse": "worse", "worsen": "worse", "worsens": "worse", "worsening": "worse",
    "worsened": "worse", "deteriorate": "worse", "deteriorates": "worse", "harder": "worse",
    "deteriorating": "worse", "deteriorated": "worse", "better": "better", "easier": "better",
    "improve": "better", "improves": "better", "improving": "better", "improved": "better",
    "suggest": "for", "suggests": "for", "suggesting": "for", "suggestive": "for",
    "suggested": "for", "indicate": "for", "indicates": "for", "indicating": "for",
    "indicative": "for", "confirm": "for", "confirms": "for", "confirmed": "for",
    "consistent": "for", "meet": "for", "meets": "for", "met": "for", "recommend": "for",
    "recommended": "for", "recommends": "for", "advised": "for", "consented": "for",
    "accepted": "for", "agreed": "for", "exclude": "against", "excludes": "against",
    "excluded": "against", "excluding": "against", "fail": "against", "fails": "against",
    "failed": "against", "declined": "against", "refused": "against", "refuses": "against",
    "refuse": "against", "inconsistent": "against", "ruleout": "against",
    "allergy": "allergy", "allergies": "allergy", "allergic": "allergy",
    "intolerance": "intolerance", "intolerant": "intolerance", "intolerances": "intolerance",
    "familyhistory": "family",
    "stops": "held", "stopping": "held", "start": "resumed", "starts": "resumed",
    "starting": "resumed",
}  # fmt: skip
"""The words an edit is read in, each with its class: the words that fix what a sentence asserts
without being a term of it (an event's status, a condition's polarity, the end of a span, the side
of a time, a direction, a circumstance, a drug held or resumed and its route, "with" / "without",
a repeat, a scope), which the term readers mostly pass over. Two words of one class say the same
in a copy ("since" / "from" a time, "if" / "when"). Read by the word as written, not its stem."""

_NOT_YET = re.compile(r"\bnot\s+yet\b", re.IGNORECASE)
""""Not yet given" is "not given": its "yet" is the negation's, not a provisional result's."""

_PROVISIONAL = re.compile(r"\b(?:for now|so far|at present|as yet|for the time being)\b", re.I)
"""A result told as provisional, however written: one word ("yet")."""

_IN_TIME = re.compile(
    r"\bin\s+(an?\s+)?((?:\d+\s+|one\s+|two\s+|three\s+|four\s+|five\s+|six\s+|seven\s+|"
    r"eight\s+|nine\s+|ten\s+)?(?:min|minute|hour|hr|h|day|week|wk|month|year)s?)\b",
    re.IGNORECASE,
)
"""A time from now ("in 3 days", "in a week"): the side of a time opposite to "ago"."""

_MOVING_TO = re.compile(
    r"\b(spread\w*|radiat\w*|travel\w*|extend\w*|shoot\w*|(?:stepped|switched|changed|"
    r"converted)(?:\s+(?:down|up|over|back))?)\s+to\b",
    re.IGNORECASE,
)
""""To" after a verb of spreading or switching is a direction ("spreading to the arm", "stepped
down to hydrocortisone"): the class of "into"."""

_FAMILY = re.compile(
    r"\b(?:family\s+history|FHx?)(?:\s+of|\s*:)?|\b(?:(?:grand)?(?:father|mother|parent)|brother|"
    r"sister|sibling|aunt|uncle)s?(?=\s+(?:had|has|died)\b)",
    re.IGNORECASE,
)
"""Whose history an entry is: "family history of" ("FH:") and a relative who had or has a
condition ("father had a heart attack") are one word, an operator; "mother reports" is not."""

_RELATIVES = frozenset(
    term(w)
    for w in [
        "father", "mother", "parent", "brother", "sister", "sibling", "aunt", "uncle", "cousin",
        "grandparent", "grandmother", "grandfather", "relative", "family", "mum", "dad",
    ]
)  # fmt: skip
"""Words that say whose history an entry is: a copy holding one keeps its owner."""

_RULE_OUT = re.compile(r"\brul(?:e|ed|es|ing)\s+out\b", re.IGNORECASE)
_SIDE = re.compile(r"\bside[\s-]+effects?\b", re.IGNORECASE)
"""A drug's side effect is an intolerance, not an allergy (the category of a record entry)."""

_LIST = frozenset({",", ";", "and", "or"})
"""Tokens that mark a list boundary: a deleted stretch holding one leaves a list item out."""

_SEGMENT = re.compile(r"[,;:()\[\]\n]|(?<=[.!?])\s+|\s+-\s+")


def _segments(text: str) -> list[str]:
    return [s for s in _SEGMENT.split(text) if s.strip()]


def _sentences(source: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?;])\s+|\n+", source) if s.strip()]


@lru_cache(maxsize=65536)
def _keys(text: str, commas: bool = False) -> tuple[str, ...]:
    """The comparable tokens of ``text``; with ``commas``, a "," token at each list boundary."""
    text = _PROVISIONAL.sub(" yet ", _NOT_YET.sub("not", _AIR.sub(" in air ", text)))
    text = _IN_TIME.sub(lambda m: f" later {'1 ' if m[1] else ''}{m[2]}", text)
    text = _MOVING_TO.sub(r"\1 into", text)
    text = _FAMILY.sub(
        " familyhistory ", _RULE_OUT.sub(" ruleout ", _SIDE.sub(" intolerance ", text))
    )
    if not commas:
        return tuple(_key(t) for t in tokens(text))
    out: list[str] = []
    for i, part in enumerate(re.split(r"[,;:()]", text)):
        if i:
            out.append(",")
        out += [_key(t) for t in tokens(part)]
    return tuple(out)


def _key(token: str) -> str:
    """An operator's class, or the token's term.

    Operators are read by the word as written: "complete" is not "completed"; "n't" is "not".
    """
    return OPERATORS.get(token) or ("not" if token.endswith("n't") else term(token))


_LIGHT_KEYS = frozenset(term(w) for w in LIGHT)


def _light(key: str) -> bool:
    """Light: a :data:`LIGHT` word, a list boundary or a contraction's pronoun ("i've")."""
    return key in _LIGHT_KEYS or key == "," or ("'" in key and not key.endswith("n't"))


def _operator(key: str) -> bool:
    return key in _CLASSES


_CLASSES = frozenset(OPERATORS.values())
FAMILIES = (
    frozenset({"given", "due", "missed", "offered"}),
    frozenset({"if", "unless"}),
    frozenset({"until", "once", "since", "before"}),
    frozenset({"ago", "before", "later", "earlier", "now"}),
    frozenset({"into", "off", "since"}),
    frozenset({"only", "ever", "yet", "new"}),
    frozenset({"air", "oxygen"}),
    frozenset({"rest", "exertion", "standing", "sitting", "lying"}),
    frozenset({"held", "resumed", "up", "down"}),
    frozenset({"iv", "oral", "im", "sc"}),
    frozenset({"with", "without"}),
    frozenset({"worse", "better"}),
    frozenset({"for", "against"}),
    frozenset({"allergy", "intolerance"}),
)
"""The kinds an exchange is read in: an event's status, a condition's polarity, a span's bound,
the side of a time, a direction, a scope. An operator put for one of another kind is a rewording
("not yet started" where the line says "start ... if"), not an exchange."""


def _kin(a: str, b: str) -> bool:
    return any(a in f and b in f for f in FAMILIES)


_ALIKE = frozenset({"ago", "before"})
"""Two classes that say the same in a copy: "40 minutes ago" and "40 minutes before the call"."""
_WORDS = 5
"""How far (in source tokens) the source's own operator may stand from where the copy puts it for
the copy to have moved it rather than added one."""
INSERTED = frozenset({"unless", "once", "yet", "missed", "not"})
"""Operator classes that are an edit even where the copy adds them beside no other operator (a
summary adds "since", "if" or "until" freely; "unless" or "missed" reverses what it copies)."""
DROPPED = frozenset({"only", "ever", "new", "again", "not", "family"})
"""Operator classes that are an edit when left out of a copy ("rouses only to", "worst ever",
"with new confusion"); a summary may leave out the others ("settled since"). "New" is read
inside the copy only: a list of findings drops it from its head freely."""


def _edit(
    segment: tuple[str, ...], sentence: tuple[str, ...], whole: frozenset[str]
) -> tuple[int, str] | None:
    """(weighty tokens copied, the edit) of ``segment`` against ``sentence`` (module conventions).

    The edit is "" for a near copy with no edit; None for no near copy.
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
        flipped = _prefixed(segment[i1:i2], sentence[j1:j2])
        if flipped is not None:  # "able" for "unable"; "not able" for it says the same
            if flipped:
                return weighty, flipped
            continue
        facing = _facing(sentence, lost, i2 - i1, j1, j2, start, end)
        for key in segment[i1:i2]:
            if not _operator(key) or any(sentence[j] == key for j in lost if _close(j, j1, j2)):
                continue  # not an operator, or the source's own moved a little
            other = [t for t in facing if not {key, t} <= _ALIKE and _kin(key, t)]
            if key == "not" and not (tag == "insert" and start <= j1 < end):
                continue  # a negation is an edit added inside the copy only ("not" before a word)
            if other or key in INSERTED:
                return weighty, f"{key!r} for {' '.join(other) or 'nothing'!r}"
        dropped = [k for k in sentence[j1:j2] if k in DROPPED and k not in whole]
        if "family" in dropped and whole & _RELATIVES:  # "mother: stroke at 55"
            dropped.remove("family")
        inside = start < j1 and j2 < end and not _LIST & set(sentence[j1:j2])
        inside = inside and all(_light(k) or _operator(k) for k in segment[i1:i2])
        if inside and "not" in sentence[j1:j2] and not {"not"} & {*segment, *dropped}:
            dropped.append("not")  # a negation left out of the copy, though the text has others
        if not dropped:
            continue
        edge = (sentence[j2 - 1] if j2 == start else "", sentence[j1] if j1 == end else "")
        whole_entry = end == len(sentence) or sentence[end] == ","  # the copy takes the entry
        if j2 == start and "family" in dropped and whole_entry:  # "father had a" cut off
            edge = (next(k for k in reversed(sentence[j1:j2]) if not _light(k)), edge[1])
        cut = edge[0] in dropped and edge[0] not in _HEADS  # "new" heads a list it is cut from
        cut = cut or (edge[1] in dropped and edge[1] not in (*_HEADS, "not"))
        if inside or cut:  # a word left out of the copy, or the word its edge was cut at
            return weighty, f"{' '.join(dropped)!r} left out"
    return weighty, ""


_HEADS = frozenset({"new"})
"""Dropped classes read inside a copy only: a list of findings drops "new" from its head freely."""

_NEGATING = ("non", "un", "in", "im", "ir", "il", "dis", "ab", "a")
"""Prefixes that negate the word they stand before ("unable", "unwitnessed", "afebrile",
"irregular", "abnormal", "non-tender")."""


def _prefixed(copy: tuple[str, ...], source: tuple[str, ...]) -> str | None:
    """How an exchanged stretch turns a word's negating prefix, or None where it turns none.

    A word in ``copy`` and one in ``source`` that differ by a prefix of :data:`_NEGATING` (the rest
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
            if len(short) < 3 or not long_.endswith(short) or prefix not in _NEGATING:
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
    elif "," in sentence[j1:j2]:
        return []
    else:
        window, low, high = range(j1 - _EXCHANGE, j2 + _EXCHANGE + 1), j1, j2
    return [
        sentence[j] for j in lost if j in window and "," not in sentence[min(j, low) : max(j, high)]
    ]


def _close(j: int, j1: int, j2: int, reach: int = _WORDS) -> bool:
    """Whether source position ``j`` is within ``reach`` of the span ``j1:j2``."""
    return j1 - reach <= j < max(j2, j1 + 1) + reach


@lru_cache(maxsize=1024)
def _source_keys(source: str) -> tuple[tuple[tuple[str, ...], frozenset[str]], ...]:
    """Each source sentence's keys, with the set of them (a near copy shares two at least)."""
    keyed = (_keys(s, commas=True) for s in _sentences(source))
    return tuple((k, frozenset(k)) for k in keyed)


@lru_cache(maxsize=65536)
def edited(text: str, source: str) -> str | None:
    """How ``text`` near-copies a sentence of ``source`` with an edit (module conventions), or None.

    Returns a description ("'due' for 'given'", "'only' left out") of the first edited segment:
    one whose closest source sentences (those it copies the most weighty tokens of) all hold it
    with an edit.
    """
    sentences = _source_keys(source)
    whole = frozenset(_keys(text))
    for raw in _segments(text):
        segment = _keys(raw)
        if len(segment) < 3:
            continue
        weighty = {k for k in segment if not _light(k)}
        near = [s for s, words in sentences if len(weighty & words) >= min(2, len(weighty))]
        found = [e for e in (_edit(segment, s, whole) for s in near) if e is not None]
        best = max((n for n, _ in found), default=0)
        edits = [e for n, e in found if n == best]
        if edits and "" not in edits:
            return edits[0]
    return None
