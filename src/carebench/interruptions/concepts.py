"""Concept matching: the deterministic core of the concept judge, the tracker and scripted roles.

A concept set is a list of groups; it matches a text when every group matches, and a group matches
when any of its phrases occurs as consecutive whole words, case-insensitively (``red`` matches
"Red," but not "reduce").

Words are compared by their **forms** (see :func:`forms`): the lowercased word, its lemmas under
every part of speech by lemminflect (so "redder" matches ``red``, "lights" ``light``, "sorer"
``sore``, "seeing" ``see``), and for an ``-ly`` adverb the adjective it is made from ("usually"
matches ``usual``). Two words match when their forms intersect. A phrase's word may also be written
as a prefix with ``*`` (``infect*`` matches "infection", "infected").

Sentences are split after ``.``, ``?`` or ``!`` followed by whitespace. A sentence **asks** when it
is a question (ends in ``?``) or a request to tell (it opens with, or contains, "tell me", "let me
know", "can you say" and the like, see :data:`REQUEST_OPENERS`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache

from lemminflect import getAllLemmas

Concepts = Sequence[Sequence[str]]

_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")
_WORD = re.compile(r"[A-Za-z0-9]+(?:['\u2019][A-Za-z]+)?")
REQUEST_OPENERS = (
    "tell me",
    "let me know",
    "let us know",
    "can you say",
    "could you say",
    "can you tell",
    "could you tell",
    "i need to know",
    "i'd like to know",
    "i would like to know",
    "describe",
)
"""Phrases that make a sentence a request to tell (an indirect question), case-insensitive."""
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
    }
)
"""Words that negate a match right after them (see :func:`negated`)."""
_CLAUSE_END = re.compile(r"[,;:.!?\u2013\u2014]|\s-\s")
ELLIPTICAL_WORDS = 4
"""A question of at most this many words is read with the sentence before it ("Has yours?")."""


@cache
def forms(word: str) -> frozenset[str]:
    """The forms a word is compared by (see the module conventions)."""
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s"):  # "sight's" -> "sight" (possessive or "is")
        w = w[:-2]
    out = {w}
    for lemmas in getAllLemmas(w).values():
        out.update(lemmas)
    if w.endswith("ly") and len(w) > 4:
        base = w[:-2]  # "usually" -> "usual"
        out.add(base[:-1] + "y" if base.endswith("i") else base)  # "easily" -> "easy"
    return frozenset(out)


@lru_cache(maxsize=512)
def _tokens(text: str) -> tuple[tuple[int, frozenset[str]], ...]:
    return tuple((m.start(), forms(m.group())) for m in _WORD.finditer(text))


@cache
def _phrase(phrase: str) -> tuple[tuple[bool, str | frozenset[str]], ...]:
    """A phrase's words: (True, prefix) for ``word*``, else (False, forms)."""
    out: list[tuple[bool, str | frozenset[str]]] = []
    for word in phrase.split():
        if word.endswith("*"):
            out.append((True, word[:-1].lower()))
        else:
            out.append((False, forms(word.strip(".,;:"))))
    return tuple(out)


def _word_matches(token: frozenset[str], want: tuple[bool, str | frozenset[str]]) -> bool:
    prefix, value = want
    if prefix:
        assert isinstance(value, str)
        return any(f.startswith(value) for f in token)
    assert isinstance(value, frozenset)
    return not token.isdisjoint(value)


def negated(text: str, start: int) -> bool:
    """Whether a match at ``start`` is negated (see :data:`NEGATORS`).

    Negated means a negator among the three words before it in the same clause (back to the last
    ``,;:.!?`` or dash).
    """
    clause = _CLAUSE_END.split(text[:start])[-1]
    before = [w.lower().replace("\u2019", "'") for w in _WORD.findall(clause)][-3:]
    return any(w in NEGATORS for w in before)


def phrase_match(text: str, phrase: str) -> int | None:
    """Start offset of the first un-negated occurrence of ``phrase`` in ``text``, or None.

    Words are compared by their forms; an occurrence preceded by a negator (:func:`negated`:
    "don't wear sunglasses", "try not to take painkillers") does not count.
    """
    words = _phrase(phrase)
    tokens = _tokens(text)
    n = len(words)
    for i in range(len(tokens) - n + 1):
        hit = all(_word_matches(tokens[i + j][1], words[j]) for j in range(n))
        if hit and not negated(text, tokens[i][0]):
            return tokens[i][0]
    return None


def first_match(text: str, group: Sequence[str]) -> int | None:
    """Start offset of the earliest phrase of ``group`` in ``text``, or None."""
    starts = [s for p in group if (s := phrase_match(text, p)) is not None]
    return min(starts) if starts else None


def matches(text: str, concepts: Concepts) -> bool:
    """Whether every group of ``concepts`` matches somewhere in ``text``."""
    return all(first_match(text, group) is not None for group in concepts)


def sentences(text: str) -> list[str]:
    """The text's sentences (stripped, non-empty)."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def is_request(sentence: str) -> bool:
    """Whether ``sentence`` asks: a question, or a request to tell (see the module conventions)."""
    if sentence.rstrip().endswith("?"):
        return True
    low = " ".join(sentence.lower().replace("\u2019", "'").split())
    return any(re.search(rf"(?<![\w']){re.escape(o)}(?![\w'])", low) for o in REQUEST_OPENERS)


def asks(text: str, concepts: Concepts) -> bool:
    """Whether ``text`` contains a sentence that asks (:func:`is_request`) matching ``concepts``.

    An elliptical question (at most :data:`ELLIPTICAL_WORDS` words: "Has yours?") is matched
    together with the sentence before it, which carries its content.
    """
    parts = sentences(text)
    for i, s in enumerate(parts):
        if not is_request(s):
            continue
        context = parts[i - 1] + " " + s if i and len(_WORD.findall(s)) <= ELLIPTICAL_WORDS else s
        if matches(context, concepts):
            return True
    return False
