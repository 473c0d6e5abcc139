"""The form of a claim before its words are weighed: headings, questions, forgivable terms.

Markup is rendered first, by :func:`carebench.episodes.markup.render`.

Read by :mod:`carebench.episodes.support` with the word classes of
:mod:`carebench.episodes.lexicon`. Conventions:

* **Headings** (:func:`heading`): a head of one to three words before a colon made only of
  :data:`~carebench.episodes.lexicon.NEUTRAL_HEADINGS` words ("Plan:", "Current medications:")
  files the fact and is not content; any other heading is content, and one holding a word of a
  framing class (:func:`framing`: a person or relation, a time, a modal or plan, a status or
  classification: "Family history:", "Previous patient:", "Differential:", "Allergies:",
  "Target:") must be stated by a cited sentence that also states the rest of the claim.
* **Questions** (:func:`asks`, :func:`reports_question`): a claim that ends with a question mark
  (outside quotation marks) or asks for a question or a check ("Ask the patient whether X",
  "Check if X") states nothing; only a claim reporting someone's question ("She asks whether X",
  "wants to know if X") is read against everything its lines hold, questions included.
* **Forgivable terms** (:func:`forgivable`): a content term missing from the cited lines is
  forgiven only when every word it stands for is a common English word (lemminflect's dictionary
  knows it) outside every meaning-carrying class: a person or relation, a time or date, a modal or
  planning word, a status, negation or classification word, an exclusive side
  (:data:`~carebench.episodes.lexicon.POLARITY`), clinical vocabulary (anatomy, symptoms,
  substances and treatments; the synonym, shorthand and unit lists), a number or a do-not-use
  abbreviation. A word English does not know (a drug name, an abbreviation, a misspelling, a word
  of another language: "abgesetzt") is never forgiven. Round 10 inverts the default where a word
  can stand in for nothing: a word appended after the claim's last anchor (a covered word, a
  number, a status word its lines hold), in that anchor's segment ("X in theory", "X missed"), is
  forgiven only when it belongs to a closed class that carries nothing
  (:data:`~carebench.episodes.lexicon.EMPTY_WORDS`: prepositions, auxiliaries, present-state
  verbs: "is", "remains", "still", "prescribed"), may be a noun, lies in a denied or contrasted
  clause, a quotation or a clause naming its source ("matching your report"), or is an
  abbreviation; a later segment with no anchor is left to
  :func:`~carebench.episodes.additions.added`. Anywhere, a multiplier
  (:data:`~carebench.episodes.lexicon.QUANTIFIERS`: "double", "half", "single") and a unit after
  "per" ("per kg") are never forgiven.
"""

from __future__ import annotations

import re
from functools import cache

from lemminflect import getAllLemmas

from carebench.episodes.claimtext import NUMBER, analyze, term, tokens
from carebench.episodes.drug_names import DRUG_CLASSES
from carebench.episodes.exclusive import ROUTE, sides
from carebench.episodes.lexicon import (
    DO_NOT_USE,
    EMPTY_WORDS,
    FUNCTION_WORDS,
    GENERIC_WORDS,
    MODALS,
    NEGATIONS,
    NEUTRAL_HEADINGS,
    NUMBER_WORDS,
    PERSONS,
    QUANTIFIERS,
    REFERENCES,
    SCALE,
    SHORTHAND,
    STATUSES,
    SUBSTANCES,
    TIMES,
    UNITS,
)
from carebench.episodes.readable import UNREAD_SYMBOL
from carebench.episodes.roles import TOTAL_UNITS, total_tail

__all__ = [
    "asks",
    "drug_like",
    "forgivable",
    "framing",
    "heading",
    "held_units",
    "reports_question",
    "stated_terms",
    "unheld_drug",
    "unsafe_notation",
]

_QUOTED = re.compile(r"\"[^\"]*\"|\u201c[^\u201d]*\u201d")
_REQUEST = re.compile(
    r"^\W*(?:(?:please|remember to|need to|needs to|we need to|we will|will|to|must|should)\s+)?"
    r"(?:ask|check|confirm|clarify|establish|find out|enquire|inquire|verify|determine|query)"
    r"(?:\s+[\w']+){0,3}?\s+(?:whether|if|about)\b",
    re.IGNORECASE,
)
_REPORTED = re.compile(
    r"\b(?:asks|asked|asking|wonders|wondered|wondering|wants to know|wanted to know"
    r"|would like to know|enquires|enquired|inquires|inquired|queries|queried|question)\b",
    re.IGNORECASE,
)


def _english(word: str) -> bool:
    word = word.split("'")[0]  # "you're", "she's": the word before the apostrophe
    return bool(getAllLemmas(word)) or word in GENERIC_WORDS or word in FUNCTION_WORDS


def _lemmas(word: str) -> set[str]:
    return {lemma for forms in getAllLemmas(word).values() for lemma in forms}


_CLASSES = (PERSONS, TIMES, MODALS, STATUSES, REFERENCES)
_VOCABULARY = SUBSTANCES | frozenset(DRUG_CLASSES) | frozenset(DO_NOT_USE) | frozenset(NUMBER_WORDS)
_MEANING_TERMS = frozenset(term(w) for w in _VOCABULARY)
_PER_UNIT = frozenset(
    w for w, u in UNITS.items() if SCALE.get(u, ("",))[0] in ("mass", "volume", "length")
)
"""Units a dose may be divided by ("4 mg daily per kg"): one after "per" changes the dose."""
_DOSE_UNITS = frozenset(
    w for w, u in UNITS.items() if SCALE.get(u, ("",))[0] in ("mass", "volume")
) - {"kg", "kilograms", "l", "litres"} | {"unit", "units"}
"""Units of a dose ("100 mg", "5 mL", "24 units"), not of a time, a count or a body weight
("tremor, 4 kg weight loss")."""
_DOSE_FORMS = frozenset(
    {"tablet", "tablets", "tab", "tabs", "capsule", "capsules", "caps", "syrup", "solution",
     "suspension", "liquid", "elixir", "linctus", "sachet", "sachets", "puff", "puffs",
     "inhaler", "lozenge", "lozenges", "spoon", "spoons", "spoonful",
     "spoonfuls", "dose", "doses", "pack", "packs", "box", "boxes", "bottle", "bottles",
     "units", "unit", "course", "time"}
)  # fmt: skip
"""What a measured amount names ("5 mL of the syrup", "28 tabs", "in 2 weeks' time"): the only
nouns a number or its unit may head after a claim's last anchor. Round 12: any noun was (red
team 10's "40 mg overdose", "22 mL/min withdrawal", "every 21 days toxicity"). A form that fixes
another route (cream, gel, patch, pessary, spray, drops) is not one (round 13, red team 11's
dose-form: "as 100 mg cream" for tablets)."""
_FILED = frozenset(
    {"signature", "regimen", "alternative", "prescription", "supply", "request", "form", "script"}
)
"""Nouns that say where a fact is filed or what role it plays ("for GP signature", "is the
alternative"): the only nouns forgiven after a claim's last anchor besides a measured thing's
name. Round 12: any noun was (red team 10's "X toxicity", "X holiday", "X enema")."""
_MULTIPLIER = re.compile(r"[x\u00d7]\d+(?:\.\d+)?")
"""A glued multiplier ("x4", "×2"): after a dose's unit, a quantifier
(:data:`~carebench.episodes.lexicon.QUANTIFIERS`) written as a token; after an event or a name
("vomited x2", "T2DM x12 yrs") a count or a duration."""
_DRUG_STATES = frozenset(
    {
        "allergy",
        "allergic",
        "intolerance",
        "intolerant",
        "sensitivity",
        "reaction",
        "stopped",
        "started",
        "completed",
        "discontinued",
        "ceased",
        "withheld",
        "held",
        "restarted",
        "switched",
        "given",
        "taken",
        "prescribed",
        "dispensed",
    }
)
"""Words whose subject is the drug before them ("clarithromycin allergy", "doxycycline stopped").
Not "course": a line naming the class ("a short macrolide course") is cited for the drug of that
class."""
_UNREAD = UNREAD_SYMBOL.strip()
ABBREVIATION = 4
"""An unknown word this short (or one with a digit) is an abbreviation or a name with a number
("DVT", "LMP", "G2"): forgiven like a common word, since English cannot say what it names."""


@cache
def framing(word: str) -> bool:
    """Whether ``word`` names a person, a time, a modal or plan, or a status (module conventions)."""
    word = word.lower().split("'")[0]  # "mother's": the word before the apostrophe
    found = {word, *_lemmas(word)}
    return any(w in group for group in _CLASSES for w in found)


@cache
def _meaningful(word: str) -> bool:
    """Whether a common English word carries framing or clinical meaning (module conventions)."""
    if framing(word):
        return True
    found = {word, *_lemmas(word)}
    return bool(found & (_VOCABULARY | QUANTIFIERS)) or term(word) in _MEANING_TERMS


def drug_like(word: str) -> bool:
    """Whether ``word`` (lower case) may name a drug.

    Letters only, unknown to English, longer than an abbreviation ("amoxicillin", "metformin";
    not "insulin", "mg", "PPI").
    """
    return word.isalpha() and len(word) > ABBREVIATION and not _english(word)


def _unknown(word: str) -> bool:
    """Whether ``word`` is a word English does not know, longer than an abbreviation."""
    if _english(word):
        return False
    return (len(word) > ABBREVIATION and not any(c.isdigit() for c in word)) or word in DO_NOT_USE


def forgivable(found: str, text: str, covered: frozenset[str], evidence_text: str) -> bool:
    """Whether the term ``found`` of a claim ``text`` may be missing from its lines.

    Every word of ``text`` whose term is ``found`` must be a common English word outside every
    meaning-carrying class, or an abbreviation; a word English does not know only where the claim
    denies it ("no trismus") or inside a clause that states something else its lines state
    (``covered``: the claim's covered terms), and never a misspelling of a word of
    ``evidence_text`` (module conventions).
    """
    written, negated = text.lower(), analyze(text).negated
    words = tokens(text)
    own = {i for i, w in enumerate(words) if term(w) == found}
    if any(words[i] == _UNREAD for i in own):
        return False  # a symbol the reader cannot say (readable.UNREAD_SYMBOL)
    if all(words[i] in EMPTY_WORDS for i in own):
        return True  # a word of a closed class that carries nothing ("remains on X")
    if all(sides(words[i]) and sides(words[i]) <= sides(evidence_text) for i in own):
        return True  # the lines' own side in another spelling ("daily" for "once a day")
    if found not in negated and _tail(words, own, covered, text, evidence_text):
        return False  # appended to what the lines state, not in place of a cited word
    for i in sorted(own):
        if _MULTIPLIER.fullmatch(words[i]) and i and words[i - 1] in _DOSE_UNITS:
            return False  # "400 micrograms x4 daily": four times the dose, read as a quantifier
        if found not in negated and any(g == ROUTE and k for g, k in sides(words[i])):
            return False  # "IV", "intrathecal": a route other than by mouth the lines never give
    for word in (words[i] for i in sorted(own)):
        word = word if word in written else _abbreviation(word, text)
        if word in _PER_UNIT and re.search(rf"\bper\s+{re.escape(word)}\b", written):
            return False  # "X 4 mg daily per kg": the dose multiplied by the weight
        if _english(word):
            if _meaningful(word) or _owner(word, written):
                return False
        elif _unknown(word) and (
            _misspelt(word, evidence_text)
            or (found not in negated and not _beside_covered(word, text, covered))
        ):
            return False
    return found in negated or not any(
        drug_like(w) and not sides(w) and _names_dose(w, text, evidence_text)
        for w in (words[i] for i in own)
    )


def unheld_drug(text: str, evidence_text: str) -> str | None:
    """A drug ``text`` doses that ``evidence_text`` never names, or None.

    A word that may name a drug (:func:`_named`: drug-like, or an English noun such as
    "lithium") heading a dose or a drug's state (:func:`_names_dose`), not a misspelling of a
    line's word: "methotrexate 100 mg daily" where the record gives sertraline 100 mg daily.
    """
    for word in dict.fromkeys(tokens(text)):
        if (
            _named(word)
            and not sides(word)
            and _names_dose(word, text, evidence_text)
            and not _misspelt(word, evidence_text)  # "metfromin": the lines' drug, misspelt
        ):
            return word
    return None


def dose_heads(text: str) -> set[tuple[str, str, str]]:
    """(word, number, unit) of each dose in ``text`` whose head may name a drug (:func:`_named`)."""
    words = (*tokens(text), "", "")
    return {
        (w, words[k + 1], words[k + 2])
        for k, w in enumerate(words[:-2])
        if _named(w) and _dosed(words, k)
    }


def _dosed(words: tuple[str, ...], k: int) -> bool:
    """Whether ``words[k]`` is followed by a number and a dose unit ("methotrexate 100 mg")."""
    return bool(NUMBER.match(words[k + 1])) and words[k + 2] in _DOSE_UNITS


def _named(word: str) -> bool:
    """Whether ``word`` may name a drug.

    Drug-like (:func:`drug_like`), or a word English knows only as a noun, outside the closed
    classes ("lithium" and "aspirin" are English nouns; "acting" in "long-acting" is not only one).
    """
    return drug_like(word) or (
        word.isalpha()
        and len(word) > ABBREVIATION
        and set(getAllLemmas(word)) == {"NOUN"}
        and word not in GENERIC_WORDS
        and word not in EMPTY_WORDS
        and word not in _DOSE_FORMS
        and word not in UNITS
        and word not in NEUTRAL_HEADINGS  # "meds taken", "medication stopped"
    )


def _names_dose(word: str, text: str, evidence_text: str) -> bool:
    """Whether ``word`` heads a dose or a drug's state in ``text``: what the claim is about.

    "methotrexate 100 mg", "clarithromycin allergy".
    A drug the lines never name is never forgiven there, however many of the claim's other
    words they cover: it is the claim's subject (red team 10's drug-swap: "methotrexate 100 mg
    daily" for "sertraline 100 mg daily"; allergen-swap).

    A shortening of a word of ``evidence_text`` ("simva" for simvastatin), or a part of one
    ("amoxiclav" of "co-amoxiclav"), names the lines' drug.
    """
    words = (*tokens(text), "", "")
    return any(
        w == word and (_dosed(words, k) or words[k + 1] in _DRUG_STATES)
        for k, w in enumerate(words[:-2])
    ) and not any(w.startswith(word) for w in re.findall(r"[a-z]+", evidence_text.lower()))


def _tail(
    words: tuple[str, ...], own: set[int], covered: frozenset[str], text: str, evidence_text: str
) -> bool:
    """Whether the words at ``own`` are appended after the claim's last anchor.

    An anchor is a covered term, a number (or a name with digits) or a status word the lines
    hold ("off", "negative": stop words, not terms): a word after the last one
    stands in for none of the lines' words ("X in theory", "X missed"). An abbreviation ("ECG
    SR") and a clause that names its source ("matching your report") or denies or contrasts ("the
    criterion is not met", "rather than the spacer") are not read as appended.
    """
    shared = set(tokens_written(evidence_text)) & STATUSES  # "came off" for "is off"
    anchors = [
        i for i, w in enumerate(words)
        if term(w) in covered or NUMBER.match(w) or any(c.isdigit() for c in w) or w in shared
    ]  # fmt: skip
    if not anchors or any(i <= anchors[-1] for i in own):
        return False
    if any(not _english(words[i]) and not _unknown(words[i]) for i in own):
        return False  # an abbreviation English cannot read
    if all(_head_noun(words, i) or words[i] in _FILED for i in own):
        # a thing named ("21-day regimen") or where the fact is filed ("for signature")
        return False
    if any(words[i] in tokens(q) for q in _QUOTED.findall(text) for i in own):
        return False  # a quotation reports its words
    for clause in _CLAUSE.split(text):
        held = set(tokens(clause))
        if any(words[i] in held for i in own) and not any(words[k] in held for k in anchors):
            return False  # a segment of its own: additions.added reads it
        if any(words[i] in held for i in own) and (
            held & (_REPORTING | NEGATIONS) or _CONTRAST.search(clause)
        ):
            return False  # "matching your report", "criterion not met", "rather than X"
    return True


def _head_noun(words: tuple[str, ...], i: int) -> bool:
    """Whether ``words[i]`` is a dose form and follows a number or its unit (not a name with digits).

    "of", "the", "a" may come between ("5 mL of the syrup").
    """
    k = i - 1
    while k > 0 and words[k] in ("of", "the", "a", "an"):  # "5 mL of the syrup"
        k -= 1
    before = words[k] if k >= 0 else ""
    measured = bool(NUMBER.fullmatch(before)) or (
        k > 0 and before in UNITS and any(c.isdigit() for c in words[k - 1])
    )  # not a name with digits: "daily" is read as "freq1"
    return measured and words[i] in _DOSE_FORMS


_CONTRAST = re.compile(r"\b(rather than|instead of)\b", re.IGNORECASE)
_REPORTING = frozenset(
    {"say", "says", "said", "tell", "tells", "told", "report", "reports", "reported", "mention",
     "mentions", "mentioned", "state", "states", "stated"}
)  # fmt: skip
"""Reporting words: a clause holding one names whose word the claim is ("matching your report")."""

_SELF = frozenset({"patient", "patients", "pt", "client", "own"})


def _owner(word: str, written: str) -> bool:
    """Whether ``word`` is written as a possessive ("donor's X"): it names whose the fact is.

    A fact the cited lines hold for the patient is not another person's; only the words for the
    patient themself (:data:`_SELF`) may own it uncited.
    """
    stem = word.split("'")[0]
    owned = re.search(rf"\b{re.escape(stem)}(?:'s\b|s'(?!\w))", written)
    return bool(owned) and stem not in _SELF


_CLAUSE = re.compile(r"[,;:()\[\]\n]|(?<=[.!?])\s+|\s[-\u2013\u2014]\s")


def _beside_covered(word: str, text: str, covered: frozenset[str]) -> bool:
    """Whether a clause of ``text`` holding ``word`` states a covered term or a number."""
    for clause in _CLAUSE.split(text):
        words = tokens(clause)
        if word in words and any(
            NUMBER.match(w) or (w != word and term(w) in covered) for w in words
        ):
            return True
    return False


def _misspelt(word: str, evidence_text: str) -> bool:
    """Whether ``word`` is one or two edits (a transposition is one) from a word of the lines."""
    return any(
        w != word and abs(len(w) - len(word)) <= 2 and _edits(word, w) <= 2
        for w in set(tokens_written(evidence_text))
        if len(w) > ABBREVIATION
    )


def _edits(a: str, b: str) -> int:
    """The optimal-string-alignment distance between ``a`` and ``b`` (a transposition is one)."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def _abbreviation(word: str, text: str) -> str:
    """The shorthand of ``text`` that ``word`` was expanded from ("sats" for *oxygen*), or it."""
    for short in tokens_written(text):
        if short in SHORTHAND and word in SHORTHAND[short].split():
            return short
    return word


def tokens_written(text: str) -> list[str]:
    """The lower-case words of ``text`` as written, before shorthand is expanded."""
    return re.findall(r"[a-z][a-z0-9&+/.'-]*", text.lower())


def heading(claim_text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(neutral heading terms, framing heading terms) of a heading opening ``claim_text``.

    A head of one to three words before a colon, with text after it: its terms are neutral when
    every word is a neutral heading word or generic; else the terms of its framing words are
    returned as framing (they must be stated beside the rest of the claim) and the rest of the
    heading is content.
    """
    head, colon, rest = claim_text.partition(":")
    words = tokens(head)
    if not colon or not rest.strip() or not 0 < len(words) <= 3:
        return frozenset(), frozenset()
    if all(w in NEUTRAL_HEADINGS or w in GENERIC_WORDS for w in words):
        return analyze(head).terms, frozenset()
    if any(w in NEGATIONS for w in words):  # "No: X" answers; "Not pregnant: ..." states
        return frozenset(), frozenset()
    return frozenset(), frozenset(term(w) for w in words if framing(w))


def asks(claim_text: str) -> str | None:
    """Why ``claim_text`` states nothing as a question or a request to ask, or None."""
    unquoted = _QUOTED.sub(" ", claim_text).strip()
    if _REQUEST.search(unquoted):
        return "asks for a question or a check"
    if unquoted.rstrip(" .)]*_").endswith("?") and not reports_question(claim_text):
        return "a question"
    return None


def reports_question(claim_text: str) -> bool:
    """Whether ``claim_text`` reports someone's question ("She asks whether X", "wants to know if")."""
    reported = _REPORTED.search(claim_text)
    return reported is not None and not _REQUEST.search(claim_text)


_TRAILING_ZERO = re.compile(
    r"(?<![\d.])(?:\d+\.0|\.\d+)\s*(?:mg|g|mcg|micrograms?|ml|units?)\b", re.I
)
"""A dose with a trailing zero ("5.0 mg", read as 50 mg) or without its leading zero (".4 mg",
read as 4 mg): the Joint Commission's paired rule, one mistake in two directions."""
_DO_NOT_USE = re.compile(
    r"(?<![\w.])(?:" + "|".join(re.escape(a) for a in DO_NOT_USE) + r")(?![\w.])",
    re.IGNORECASE,
)
_UNIT_U = re.compile(r"\b\d+(?:\.\d+)?\s*(?:u|iu)(?![/\w])", re.IGNORECASE)


def unsafe_notation(claim_text: str) -> str | None:
    """The do-not-use notation a claim writes (a trailing or missing leading zero, QD, µg, U), or None.

    U and IU count only after a number ("24 U"); QD, QOD, µg and cc anywhere as a word.
    """
    zero = _TRAILING_ZERO.search(claim_text)
    if zero:
        return zero[0]
    found = _DO_NOT_USE.search(claim_text)
    if found and found[0].lower() not in ("u", "iu"):
        return found[0]
    unit = _UNIT_U.search(claim_text)
    return unit[0] if unit else None


#: A question, or a clause reporting one: it asks, it does not state ("asks whether X").
_ASKED = re.compile(
    r"\?|\b(whether|wonder\w*|ask(?:s|ed|ing)?\s+(?:if|about|for|to)|(?:check|know|see)\s+(?:that|if))\b",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")


def stated_terms(evidence_text: str) -> frozenset[str]:
    """The terms of what the cited text states.

    Its sentences less questions ("Is X OK?") and less what follows a reported question ("asks
    whether X").
    """
    kept = []
    for sentence in _SENTENCE.split(evidence_text):
        asked = _ASKED.search(sentence)
        if asked is None:
            kept.append(sentence)
        elif asked[0] != "?":  # "... and asks whether X": what comes before is stated
            kept.append(sentence[: asked.start()])
    return analyze(" ".join(kept)).terms


_TOTAL_WORDS = frozenset({"day", "days", "week", "weeks", "total", "daily", "in"})


def held_units(claim_text: str) -> frozenset[str]:
    """Terms of the words a number names as its unit or counted thing ("3 times", "72-year-old").

    Only within the number's clause: "BMI 24 - opposite" names no unit.

    Support reads them with the quantity (which must be held), not as content terms.
    """
    held: set[str] = set()
    for clause in _CLAUSE.split(claim_text):  # "BMI 24 - opposite": no unit across a dash
        words = tokens(clause)
        for i, word in enumerate(words[:-1]):
            if NUMBER.match(word) and not NUMBER.match(words[i + 1]):
                held.add(term(words[i + 1]))
                after = words[i + 2 : i + 3]
                if UNITS.get(words[i + 1]) == "year" and after == ("old",):
                    held.add(term("old"))
                elif UNITS.get(words[i + 1]) in SCALE and after == ("ago",):
                    held.add(term("ago"))  # "2 weeks ago": a point in time the quantity holds
                if UNITS.get(words[i + 1], "") in TOTAL_UNITS:  # "10 mg a day (in total)"
                    held |= {term(w) for w in total_tail(words, i) if w in _TOTAL_WORDS}
    return frozenset(held)
