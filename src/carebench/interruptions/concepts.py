"""Concept matching: the deterministic core of the concept judge, the tracker and scripted roles.

A concept set is a list of groups; it matches a text when every group matches, and a group matches
when any of its phrases occurs as consecutive whole words, case-insensitively (``red`` matches
"Red," but not "reduce").

Words are compared by their **forms** (see :func:`forms`): the lowercased word, its lemmas under
every part of speech by lemminflect (so comparatives and plurals meet their base: "redder" matches
``red``, "blurrier" ``blurry``, "lights" ``light``, "sorer" ``sore``, "seeing" ``see``), and for
an ``-ly`` adverb the adjective it is made from ("usually" matches ``usual``). Two words match when
their forms intersect. A phrase's word may be written as a prefix with ``*`` (``infect*`` matches
"infection", "infected"), and a phrase may hold a gap ``...`` that stands for up to
:data:`GAP_WORDS` words of the same sentence (``call ... now`` matches "call us now" and "call the
clinic now").

**Negation** (:func:`negated`): a match preceded by a negator (:data:`NEGATORS`) among the
:data:`NEGATION_WINDOW` words before it in the same clause does not count ("don't wear
sunglasses", "there is no need to ring us straight away"), nor one followed in its clause by a
negated word of use ("sunglasses won't help"); a negator right before "forget", "hesitate" or
"fail" negates nothing ("don't forget your sunglasses"). Inside a question nothing is negated
("no redness at all?" asks about redness).

**Sites and topics** (:func:`on_topic`): a point or question may name phrases it is *not about*
(another site, the other eye, another symptom or pathway). A question sentence naming one of them
(or referring back to a sentence naming one) does not ask; a clause naming one, unless it also
names what the point *is* about (its FAQ's triggers), is not evidence for the point, nor is a
pronoun clause continuing it ("some redness is normal too. It goes down." is not reassurance
about glare; "is your left eye red?" does not ask about the operated eye).

Sentences are split after ``.``, ``?`` or ``!`` followed by whitespace, and at line breaks. A
sentence **asks** (:func:`is_request`) when it is a question (ends in ``?``), a request to tell (it
contains "tell me", "let me know" and the like, see :data:`REQUEST_OPENERS`), or an embedded
question ("I need to check whether ...", "I was wondering if ...", :data:`EMBEDDED_QUESTION`),
except that a request opening on a condition ("If it gets red, let me know") or about a change to
come ("let me know if it goes red", :data:`SAFETY_NET`) is safety-netting advice for later, and a
question about what someone else said (:data:`THIRD_PARTY`) is not put to the patient. A cut-off
question asked what preceded its last comma (:func:`heard_question`). A question with no topic of
its own (it names none of the pathway's questions' concepts) that is short ("Has yours?", at most
:data:`ELLIPTICAL_WORDS` words) or refers back ("Has there been any in the eye?",
:data:`ANAPHORS`) is read together with the sentence before it, which carries its topic; a generic
check ("Any questions?", :data:`CHECKS`) borrows nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from lemminflect import getAllLemmas

if TYPE_CHECKING:
    from carebench.interruptions.pathway import Faq, Pathway, Question

Concepts = Sequence[Sequence[str]]

_SENTENCE_END = re.compile(r"(?<=[.?!])\s+|\n+")
_WORD = re.compile(r"[A-Za-z0-9&]+(?:['\u2019][A-Za-z]+)?")
GAP = "..."
"""A phrase word standing for up to :data:`GAP_WORDS` words."""
GAP_WORDS = 3
REQUEST_OPENERS = (
    "tell me",
    "tell us",
    "let me know",
    "let us know",
    "can you say",
    "could you say",
    "can you tell",
    "could you tell",
    "i need to know",
    "i'd like to know",
    "i would like to know",
    "i want to know",
    "describe",
)
"""Phrases that make a sentence a request to tell (an indirect question), case-insensitive."""
EMBEDDED_QUESTION = re.compile(
    r"(?<![\w'])(?:ask|asking|check|checking|know|wonder|wondering|wondered|find out)"
    r"(?:\s+(?:with\s+)?(?:you|u))?\s+(?:if|whether)(?![\w'])"
)
"""An embedded yes/no question: a verb of asking or checking followed by "if" or "whether"."""
_CUT_OFF = re.compile(r"(?:\u2014|\u2013|-|\u2026|\.\.\.)\s*$")
INTERROGATIVES = frozenset(
    [
        "have",
        "has",
        "had",
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "can",
        "could",
        "would",
        "will",
        "any",
        "how",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
    ]
)
"""Words that open a question (see :func:`heard_question`)."""
DISCOURSE = frozenset(["okay", "ok", "so", "and", "now", "right", "well", "then", "also", "sorry"])
"""Discourse words that may come before a question's opening word."""
SAFETY_NET = re.compile(
    r"\b(?:if|when|whenever|should)\s+(?:[\w']+\s+){0,3}?"
    r"(?:go|goes|gets?|becomes?|turns?|starts?|develops?|worsens?)\b"
)
"""A request about a change to come ("let me know if it gets red") is advice for later."""
THIRD_PARTY = re.compile(
    r"\b(?:anyone|anybody|someone|somebody|the doctor|the nurse|the optician|your (?:daughter|son|"
    r"husband|wife|partner|family|friends?|carer))\b[^?]*\b(?:said|say|says|told|tell|mentioned|"
    r"commented)\b"
)
"""A question about what someone else said is not the question put to the patient."""
CONDITIONAL_OPENERS = ("if", "when", "whenever", "should", "in case", "once", "as soon as")
"""A request opening with one of these is advice for later, not a question now."""
NEGATORS = frozenset(
    {
        "not",
        "don't",
        "dont",
        "never",
        "no",
        "avoid",
        "without",
        "isn't",
        "aren't",
        "won't",
        "shouldn't",
        "doesn't",
        "didn't",
        "stop",
        "needn't",
        "wouldn't",
        "nothing",
    }
)
"""Words that negate a match after them in the same clause (see :func:`negated`)."""
NEGATION_BREAKERS = frozenset({"forget", "hesitate", "fail"})
"""A negator right before one of these is no negation ("don't forget your sunglasses")."""
NEGATION_WINDOW = 5
USE_WORDS = frozenset(
    [
        "help",
        "helps",
        "needed",
        "need",
        "necessary",
        "matter",
        "work",
        "works",
        "required",
        "advised",
        "recommended",
    ]
)
"""Words of use that a negator after a match denies (see :func:`negated`)."""
"""How many words before a match :func:`negated` looks back for a negator."""
_CONTRACTED = frozenset({"ll", "d", "ve", "re", "m"})
_CLAUSE_END = re.compile(r"[,;:.!?\u2013\u2014]|\s-\s|\b(?:but|and|or|so|then|though)\b", re.I)
ELLIPTICAL_WORDS = 4
"""A question of at most this many words with no topic of its own is read with the one before."""
ANAPHORS = frozenset({"it", "its", "it's", "any", "that", "this", "one", "yours", "there", "those"})
"""Words by which a question without a topic of its own refers back to the sentence before it."""
PRONOUNS = frozenset({"it", "it's", "it'll", "that", "that's", "this", "they", "they'll", "these"})
"""Words that, opening a clause, continue the clause before it (see :func:`conveys`)."""
CHECKS = frozenset(
    {"question", "questions", "sense", "okay", "ok", "alright", "understand", "clear", "follow"}
)
"""Words of a generic check ("Any questions?", "Does that make sense?"), which borrows no topic."""


@cache
def forms(word: str) -> frozenset[str]:
    """The forms a word is compared by (see the module conventions)."""
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s"):  # "sight's" -> "sight" (possessive or "is")
        w = w[:-2]
    out = {w}
    head, _, tail = w.partition("'")
    if tail in _CONTRACTED:  # "it'll" -> also "it"; "don't" stays whole (a negator)
        out.add(head)
    for lemmas in getAllLemmas(w).values():
        out.update(lemmas)
    if w.endswith("ly") and len(w) > 4:
        base = w[:-2]  # "usually" -> "usual"
        out.add(base[:-1] + "y" if base.endswith("i") else base)  # "easily" -> "easy"
    return frozenset(out)


_Token = tuple[int, int, frozenset[str]]
"""A word of a text: start offset, end offset, forms."""


@lru_cache(maxsize=512)
def _tokens(text: str) -> tuple[_Token, ...]:
    return tuple((m.start(), m.end(), forms(m.group())) for m in _WORD.finditer(text))


_Want = tuple[str, str | frozenset[str]]
"""A phrase word: ("prefix", p) for ``p*``, ("gap", "") for ``...``, else ("forms", forms)."""
_PUNCTUATION = re.compile(r"[,;:.!?\u2013\u2014]")
_TOPIC_BREAK = re.compile(r"[,;:\u2013\u2014]|\s-\s|\bbut\b", re.I)


@cache
def _phrase(phrase: str) -> tuple[_Want, ...]:
    out: list[_Want] = []
    for word in phrase.split():
        if word == GAP:
            if out and out[-1][0] != "gap":
                out.append(("gap", ""))
        elif word.endswith("*"):
            out.append(("prefix", word[:-1].lower()))
        else:
            out.extend(("forms", forms(w)) for w in _WORD.findall(word))
    while out and out[-1][0] == "gap":
        out.pop()
    return tuple(out)


def _word_matches(token: frozenset[str], want: _Want) -> bool:
    kind, value = want
    if kind == "prefix":
        assert isinstance(value, str)
        return any(f.startswith(value) for f in token)
    assert isinstance(value, frozenset)
    return not token.isdisjoint(value)


def _match_end(text: str, tokens: Sequence[_Token], i: int, words: Sequence[_Want]) -> int | None:
    """The token index after ``words`` matched from token ``i`` on, or None.

    A gap never crosses punctuation.
    """
    if not words:
        return i
    if words[0][0] == "gap":
        for j in range(i, min(i + GAP_WORDS, len(tokens) - 1) + 1):
            if _PUNCTUATION.search(text[tokens[i - 1][1] : tokens[j][0]]):
                return None
            if (end := _match_end(text, tokens, j, words[1:])) is not None:
                return end
        return None
    if i >= len(tokens) or not _word_matches(tokens[i][2], words[0]):
        return None
    return _match_end(text, tokens, i + 1, words[1:])


def negated(text: str, start: int, end: int | None = None) -> bool:
    """Whether a match at ``start`` (ending at ``end``) is negated (see :data:`NEGATORS`).

    Negated means a negator among the :data:`NEGATION_WINDOW` words before it in the same clause
    (back to the last ``,;:.!?``, dash or clause-joining "but", "and", "or", "so", "then"), or,
    after it in its clause, a negator right before a word of use (:data:`USE_WORDS`: "sunglasses
    won't help", "painkillers aren't needed").
    """
    if end is not None:
        after = [
            w.lower().replace("\u2019", "'")
            for w in _WORD.findall(_CLAUSE_END.split(text[end:])[0])
        ]
        if any(
            w in NEGATORS and after[k + 1 : k + 3] and USE_WORDS & set(after[k + 1 : k + 3])
            for k, w in enumerate(after)
        ):
            return True
    clause = _CLAUSE_END.split(text[:start])[-1]
    before = [w.lower().replace("\u2019", "'") for w in _WORD.findall(clause)][-NEGATION_WINDOW:]
    return any(
        w in NEGATORS and (k + 1 == len(before) or before[k + 1] not in NEGATION_BREAKERS)
        for k, w in enumerate(before)
    )


def phrase_match(text: str, phrase: str, negation: bool = True) -> int | None:
    """Start offset of the first un-negated occurrence of ``phrase`` in ``text``, or None.

    Words are compared by their forms; an occurrence preceded by a negator (:func:`negated`:
    "don't wear sunglasses", "try not to take painkillers") does not count, unless ``negation``
    is False (in a question, "no redness at all?" still asks about redness).
    """
    words = _phrase(phrase)
    tokens = _tokens(text)
    if not words:
        return None
    for i in range(len(tokens)):
        end = _match_end(text, tokens, i, words)
        if end is not None and not (negation and negated(text, tokens[i][0], tokens[end - 1][1])):
            return tokens[i][0]
    return None


def first_match(text: str, group: Sequence[str], negation: bool = True) -> int | None:
    """Start offset of the earliest phrase of ``group`` in ``text``, or None."""
    starts = [s for p in group if (s := phrase_match(text, p, negation)) is not None]
    return min(starts) if starts else None


def matches(text: str, concepts: Concepts, negation: bool = True) -> bool:
    """Whether every group of ``concepts`` matches somewhere in ``text`` (see :func:`phrase_match`)."""
    return all(first_match(text, group, negation) is not None for group in concepts)


def sentences(text: str) -> list[str]:
    """The text's sentences (stripped, non-empty)."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def _normal(sentence: str) -> str:
    return " ".join(sentence.lower().replace("\u2019", "'").split())


def _has(low: str, phrase: str) -> bool:
    return re.search(rf"(?<![\w']){re.escape(phrase)}(?![\w'])", low) is not None


def is_request(sentence: str) -> bool:
    """Whether ``sentence`` asks: a question or a request to tell (see the module conventions)."""
    if THIRD_PARTY.search(_normal(sentence)):
        return False
    if sentence.rstrip().endswith("?"):
        return True
    low = _normal(sentence)
    if any(low.startswith(c + " ") for c in CONDITIONAL_OPENERS) or SAFETY_NET.search(low):
        return False
    return any(_has(low, o) for o in REQUEST_OPENERS) or EMBEDDED_QUESTION.search(low) is not None


def heard_question(sentence: str) -> str | None:
    """The complete question a cut-off sentence put before its last comma, or None.

    A sentence cut off (it ends in a dash or an ellipsis) that opens as a question
    (:data:`INTERROGATIVES`, after discourse words such as "okay") asked what precedes its last
    comma: "Have you noticed any redness in the eye, or has it—" asked "Have you noticed any
    redness in the eye?"; "Have you noticed any redness in the—" asked nothing.
    """
    if not _CUT_OFF.search(sentence) or "," not in sentence:
        return None
    head = sentence[: sentence.rfind(",")]
    words = [w.lower() for w in _WORD.findall(head)]
    while words and words[0] in DISCOURSE:
        words.pop(0)
    return head + "?" if words and words[0] in INTERROGATIVES else None


def on_topic(sentence: str, not_about: Sequence[str], about: Concepts = ()) -> bool:
    """Whether a sentence may be evidence for a point (see the module conventions, sites and topics).

    Args:
        sentence: one sentence.
        not_about: phrases naming what the point is not about (another site, symptom or pathway).
        about: concept groups naming what it is about; a sentence naming any of them stays on topic.
    """
    if not not_about or first_match(sentence, not_about) is None:
        return True
    return any(first_match(sentence, group) is not None for group in about)


def _refers_back(sentence: str) -> bool:
    words = [w.lower().replace("\u2019", "'") for w in _WORD.findall(sentence)]
    if any(w in CHECKS for w in words):
        return False
    return len(words) <= ELLIPTICAL_WORDS or any(w in ANAPHORS for w in words)


def asks(
    text: str,
    concepts: Concepts,
    *,
    not_about: Sequence[str] = (),
    topics: Sequence[Concepts] = (),
) -> bool:
    """Whether ``text`` has a sentence that asks (:func:`is_request`) matching ``concepts``.

    Args:
        text: the agent's text.
        concepts: the question's concept groups.
        not_about: phrases of other sites the question is not about (see :func:`on_topic`).
        topics: every question's concepts; a question naming none of them has no topic of its own
            and, when short or referring back, is read with the sentence before it.
    """
    parts = sentences(text)
    for i, s in enumerate(parts):
        if not is_request(s):
            heard = heard_question(s)
            if heard is None:
                continue
            s = heard
        own = (
            any(matches(s, t) for t in topics)
            if topics
            else len(_WORD.findall(s)) > ELLIPTICAL_WORDS
        )
        context = s
        if i and not own and _refers_back(s):
            context = parts[i - 1] + " " + s
        elif i and not_about and _refers_back(s) and not on_topic(parts[i - 1], not_about):
            context = parts[i - 1] + " " + s  # "Your left eye. Is that one red?"
        if matches(context, concepts, negation=False) and on_topic(context, not_about):
            return True
    return False


def clauses(text: str) -> list[str]:
    """The text's clauses: its sentences split at ``,;:`` dashes and "but" (stripped, non-empty)."""
    return [c.strip() for s in sentences(text) for c in _TOPIC_BREAK.split(s) if c.strip()]


def conveys(
    text: str, concepts: Concepts, *, not_about: Sequence[str] = (), about: Concepts = ()
) -> bool:
    """Whether ``text`` conveys ``concepts``, counting only its on-topic clauses (:func:`on_topic`).

    Topic is decided clause by clause (:func:`clauses`), so "it's normal, but if it gets redder,
    ring us" keeps its reassurance while "some redness is normal too" is about redness; a clause
    that continues an off-topic statement of the point (it opens with a pronoun, :data:`PRONOUNS`,
    and names no topic of ``about``: "It goes down.") is off topic too.
    """
    if not_about:
        kept, previous_off = [], False
        for clause in clauses(text):
            off = not on_topic(clause, not_about, about)
            if not off and previous_off and _continues(clause, about):
                off = True  # "Some redness is normal too. It goes down."
            if off:
                previous_off = matches(clause, concepts)
            else:
                kept.append(clause)
                if matches(clause, concepts) or not _continues(clause, about, neutral=True):
                    previous_off = False
        text = "; ".join(kept)
    return matches(text, concepts)


def _continues(clause: str, about: Concepts, neutral: bool = False) -> bool:
    """Whether a clause continues the one before it: no topic of its own and a pronoun opening.

    With ``neutral`` any opening will do: a clause with no topic passes the topic on.
    """
    words = [w.lower().replace("\u2019", "'") for w in _WORD.findall(clause)]
    own = any(first_match(clause, group) is not None for group in about)
    return not own and bool(words) and (neutral or words[0] in PRONOUNS)


def question_asked(text: str, pathway: Pathway, question: Question) -> bool:
    """Whether ``text`` asks ``question`` of ``pathway`` (:func:`asks` with its sites and topics)."""
    return asks(
        text,
        question.concepts,
        not_about=question.not_about,
        topics=[q.concepts for q in pathway.questions],
    )


def point_conveyed(text: str, faq: Faq, point_id: str) -> bool:
    """Whether ``text`` conveys the content point ``point_id`` of ``faq`` (:func:`conveys`)."""
    point = next(p for p in faq.points if p.id == point_id)
    return conveys(text, point.concepts, not_about=point.not_about, about=faq.triggers)
