"""What a reader sees in a claim or handoff text: normalised characters and the frame of a claim.

Read before any score reads a work product's text (:mod:`carebench.protocol.scores` and
:func:`carebench.episodes.support.support` call :func:`readable` once at their entry). Conventions:

* **Characters** (:func:`readable`): an allow-list (round 18, :func:`_allowed`). ASCII, letters
  (composed first, NFC, so an accent that composes with its letter is part of it), the clinical
  signs of :data:`SIGNS` (micro, degree, plus-minus, times, at most / at least, arrows, halves),
  dashes, brackets and quotation marks are read; so are compatibility forms whose folded form
  is ASCII (full-width and mathematical letters and digits, ligatures) and a superscript or
  subscript right after a letter (a unit's "m²", "SpO₂"). Any other character makes the text
  unreadable, :func:`readable` gives ``""`` (no content, so no credit): a mathematical sign
  ("≠", "∅"), a number raised whole or after a digit ("²⁴", "2⁴"), an enclosed or circled
  character, a combining mark that composes with no letter ("s̄", a stroke or overlay over each
  letter), digits of another script (a UK reader cannot read "৪০০", and "৪" looks like 8), a
  private-use character. Nothing is decomposed into what it is not (before round 18, "≠" was
  read as "=" with its stroke dropped). Then accents are dropped; format characters (category
  Cf: zero-width spaces and joiners, soft hyphens, direction marks, byte-order marks), control
  characters other than line breaks and tabs, and blank letters (Hangul and Braille blanks) are
  dropped, so "5", a zero-width space and "0" read as the "50" a person sees; a direction
  override makes the text unreadable; Latin letters with a plain letter in their Unicode name
  (small capitals, dotless i, script g) read as that letter; Cyrillic and Greek letters that
  look like Latin ones read as the Latin letter (:data:`LOOKALIKES`: "Nо" with a Cyrillic о is
  "No"); the minus sign reads as a hyphen; symbols are read as words (:data:`SYMBOLS`: a cross
  or an empty box is "[not]", an arrow "raised" / "reduced"), any other symbol as
  :data:`UNREAD_SYMBOL` (content no cited line states unless it holds the same symbol), never
  dropped. A text that still holds a letter of another script than Latin inside a word with
  Latin letters, or any letter of a script other than Latin and Greek, is not readable as
  English (``""``). Words spelled with digits for letters or letter by letter read as the word
  they spell (:func:`_spelled`). A comma between digits that groups no thousands is a decimal
  comma ("2,4" reads 2.4; "1,000" and a list "84,88,92" stay: round 20).
* **Frames** (:func:`frames`): a text presents its whole content as not a current fact when a
  *marker segment* governs it: a part of the text between punctuation (colons, semicolons,
  brackets, parentheses, dashes, commas, sentence ends; markdown and HTML wrappers are read as
  punctuation) made only of status markers (:data:`MARKERS`: negation, past or stopped status,
  resolution, exclusion, reassurance) and filler words (:data:`FILLER`), with at least one
  marker ("No longer:", "[STOPPED - do NOT continue]", "(resolved)", "- not", "Ruled out:"),
  before or after the content, but not a lone "No:" or "Yes:" opening the text (an answer);
  when a text of one segment opens or closes with a run of markers and filler ("Denies ...",
  "Formerly ...", "... was never prescribed", "... ruled out"; a closing run after "and" /
  "but" is a clause of its own; result words, "negative" and "absent", frame only as a segment
  of their own); when the text opens with a condition ("If ...", "In case ...", "Should ...",
  "Unless ...", "In the event ..."); or when it ends with a question mark outside quotation
  marks. The frame's kind is ``negated``, ``former``, ``resolved``, ``conditional`` or
  ``queried``. A frame is carried by a reference (:func:`compatible`) when the reference's
  sentences that share most of the governed words hold a status marker (any kind: "No longer
  takes X" is carried by "X was stopped"), a condition or a question.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from lemminflect import getAllLemmas

__all__ = [
    "FILLER",
    "LOOKALIKES",
    "MARKERS",
    "SYMBOLS",
    "UNREAD_SYMBOL",
    "compatible",
    "denies",
    "frame",
    "frames",
    "readable",
]

LOOKALIKES: dict[str, str] = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
    "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b",
    "А": "A", "В": "B", "Е": "E", "Ё": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "У": "Y", "Х": "X", "І": "I", "Ї": "I", "Ј": "J", "Ѕ": "S", "Ԁ": "D",
    "Һ": "H", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v", "ι": "i", "ρ": "p",
    "ϲ": "c", "ϳ": "j",
}  # fmt: skip
"""Cyrillic and Greek letters that look like Latin ones, and the Latin letter a reader sees."""

_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
_KEEP_CONTROL = frozenset("\n\t\r")
_NAME_LETTER = re.compile(
    r"^LATIN (SMALL |CAPITAL )?LETTER (?:SMALL CAPITAL |DOTLESS |SCRIPT )?([A-Z])$"
)
_WORD = re.compile(r"[^\W\d_]+")


def _script(char: str) -> str:
    return unicodedata.name(char, "UNKNOWN").split(" ")[0]


def _latin(char: str) -> str:
    """A non-ASCII Latin letter as the plain letter its name holds (``ᴏ`` -> ``o``), else itself."""
    found = _NAME_LETTER.match(unicodedata.name(char, ""))
    if found is None:
        return char
    return found[2] if found[1] == "CAPITAL " else found[2].lower()


SYMBOLS: dict[str, str] = {
    **dict.fromkeys(
        "\u2717\u2718\u274c\u274e\u2715\u2716\u2a2f\u26d4\U0001f6ab\U0001f6d1\u2610\u25a1\u25a2",
        " [not] ",
    ),
    **dict.fromkeys("\u2191\u2b06\u21e7\u2197\u21d1", " raised "),
    **dict.fromkeys("\u2193\u2b07\u21e9\u2198\u21d3", " reduced "),
    **dict.fromkeys("\u2713\u2714\u2611\u2705\u00a9\u00ae", " "),
    "\u00b0": "\u00b0",
}  # fmt: skip
"""Symbols that carry a status, read as the words a reader says for them: a cross, a no-entry sign
and an empty box (not done) are the marker segment "[not]", so each frames its text as negated
before or after it (:func:`frames`); an up or down arrow "raised" / "reduced"; a tick and the
copyright and registered signs say nothing; the degree sign is kept for units."""
UNREAD_SYMBOL = " unreadsymbol "
"""Any other symbol (Unicode category So outside :data:`SYMBOLS`: "⚠", "☒", an emoji): a word the
reader cannot say, so uncovered content unless a cited line holds the same symbol, never blank."""


def _char(char: str) -> str:
    if char in LOOKALIKES:
        return LOOKALIKES[char]
    if char in SYMBOLS:
        return SYMBOLS[char]
    if char == "\u2212":
        return "-"  # a minus sign reads as the hyphen-minus ("\u2212ve" is "-ve", round 18)
    category = unicodedata.category(char)
    if category == "So":
        return UNREAD_SYMBOL
    if category in ("Mn", "Me", "Cf") or char in _BLANK:
        return ""
    if category == "Cc":
        return char if char in _KEEP_CONTROL else ""
    if category in ("Zs", "Zl", "Zp"):
        return " " if category == "Zs" else "\n"
    if ord(char) > 127 and category.startswith("L") and _script(char) == "LATIN":
        return _latin(char)
    return char


_DIRECTION = re.compile("[\u202a-\u202e\u2066-\u2069]")
"""Directional overrides and isolates: a left-to-right note holding one displays in another order
than it is stored, so it is unreadable."""

SIGNS = frozenset(
    "\u00b5\u03bc\u00b0\u00b1\u00d7\u00f7\u2264\u2265\u2248\u2212\u2190\u2192\u2194\u00bd\u00bc\u00be\u00a3\u20ac\u00a5\u00a2\u2032\u2033\u2030\u00a7\u00b6\u2026\u2022\u00b7\u2023\u2043\u00a1\u00bf\ufe0e\ufe0f"
)
"""Signs a clinical note is written with, beyond ASCII, letters and punctuation (round 18): micro,
degree, plus-minus, times, divide, at most, at least, about, minus, arrows left and right,
halves and quarters, currency, prime marks, per mille, section, ellipsis, bullets and the
variation selectors that follow an emoji."""
_DRAWN = frozenset({"<circle>", "<square>", "<fraction>", "<vertical>", "<small>"})
_RAISED = frozenset({"<super>", "<sub>"})
_PUNCTUATION = frozenset({"Pd", "Ps", "Pe", "Pi", "Pf"})
_KEPT = frozenset({"So", "Cf", "Cc", "Zs", "Zl", "Zp"})
"""Categories read by :func:`_char` (symbols as words or unread, format characters dropped)."""


def _allowed(char: str, before: str) -> bool:
    """Whether a reader reads ``char`` as the scorer will, with ``before`` the character before it.

    An allow-list (round 18, red team 16): ASCII; a character whose compatibility form is ASCII
    (full-width and mathematical letters and digits, ligatures, no-break spaces) unless it is
    raised, lowered, circled, squared or a fraction; a letter (its script is read later); a
    superscript or subscript right after a letter (a unit's "m\u00b2", "SpO\u2082"; not a number
    raised whole, "\u00b2\u2074", nor after a digit, "2\u2074"); :data:`SIGNS`, dashes, brackets and
    quotation marks; symbols, format and control characters and spaces, which :func:`_char`
    reads. Any other character (a mathematical sign such as "\u2260" or "\u2205", a combining mark
    that does not compose with its letter, as in "s\u0304" or an overlay, an enclosed number, a
    private-use character) is not readable: nothing is decomposed into what it is not.
    """
    if char.isascii() or char in SIGNS or char in LOOKALIKES or char in SYMBOLS:
        return True
    tag = unicodedata.decomposition(char).split(" ", 1)[0]
    if tag in _RAISED:
        return before.isalpha() and unicodedata.category(char) == "No"  # "m²", not "ᴺᴼᵀ"
    if tag in _DRAWN:
        return False
    category = unicodedata.category(char)
    if unicodedata.normalize("NFKC", char).isascii() or category in _KEPT:
        return True
    return category[0] == "L" or category in _PUNCTUATION


def _all_allowed(text: str) -> bool:
    return all(_allowed(c, text[i - 1] if i else "") for i, c in enumerate(text))


_LEET = re.compile(
    r"\b(?=[A-Za-z]*[01345])(?:[A-Za-z]+[01345]+[A-Za-z][A-Za-z01345]*|0[A-Za-z]{2,})\b"
)
"""A word spelled with digits for letters ("N0T", "den1ed", "0ff"): a digit between letters, or
a zero before two letters ("B12", "P45", "1st", "1am", "HbA1c" are not)."""
_LEET_LETTERS = {"0": "o", "1": "il", "3": "e", "4": "a", "5": "s"}
_SPELLED_OUT = re.compile(r"\b[A-Za-z](?:([-._]\s?|\s)[A-Za-z])(?:\1[A-Za-z])*(?![A-Za-z])\.?")
"""A word spelled out letter by letter ("N-O-T", "N.O.T.", "N_O_T", "N. O. T.", "N O T"), three
letters or more, or "N-O" (round 18: any one separator, and "no" of two letters)."""


def _word(candidates: list[str], written: str) -> str | None:
    """The first candidate that is an English word, in the case ``written`` has, or None."""
    for candidate in candidates:
        if candidate.lower() == "no" or (len(candidate) >= 3 and getAllLemmas(candidate.lower())):
            return candidate.upper() if written.isupper() or candidate.isupper() else candidate
    return None


def _unleet(found: re.Match[str]) -> str:
    options = [""]
    for char in found[0]:
        options = [o + c for o in options for c in _LEET_LETTERS.get(char, char)]
    return _word(options, re.sub(r"\d", "", found[0])) or found[0]


def _spelled(text: str) -> str:
    """``text`` with words spelled in digits or letter by letter read as the word (round 17)."""
    text = _LEET.sub(_unleet, text) if re.search(r"[A-Za-z][01345]|[01345][A-Za-z]", text) else text
    if not _SPELLED_OUT.search(text):
        return text
    return _SPELLED_OUT.sub(lambda m: _word([re.sub(r"[^A-Za-z]", "", m[0])], m[0]) or m[0], text)


_DIGIT_COMMAS = re.compile(r"(?<![\d,])\d+(?:,\d+)+(?![\d,])")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+")


def _decimal_comma(found: re.Match[str]) -> str:
    """A comma between digits that groups no thousands is a decimal comma ("2,4" is 2.4)."""
    number = found[0]
    if _THOUSANDS.fullmatch(number) or number.count(",") > 1:
        return number
    return number.replace(",", ".")


_PERFECT = re.compile(
    r"\b(would|could|should|must|might|may|will|shall)['\u2019]ve\b"
    r"|\b(would|could|should|must|might)a\b",
    re.IGNORECASE,
)
"""A contracted or colloquial "have" after a modal ("would've", "shoulda", with a straight or a
curly apostrophe), read in full (round 26): every reading of a frame then sees "would have", as
it sees the full form."""


def _uncontracted(text: str) -> str:
    """``text`` with a contracted "have" written out ("would've had X" is "would have had X")."""
    return _PERFECT.sub(lambda m: f"{m[1] or m[2]} have", text)


@cache
def readable(text: str) -> str:
    """``text`` as a reader sees it, or ``""`` when it is not readable (module conventions)."""
    text = _uncontracted(_spelled(text))
    if "," in text:
        text = _DIGIT_COMMAS.sub(_decimal_comma, text)
    if text.isascii():
        return text
    text = unicodedata.normalize("NFC", text)
    if _DIRECTION.search(text) or not _all_allowed(text):
        return ""  # displayed reversed (round 15) or not plain text (round 18)
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    out = unicodedata.normalize("NFKC", "".join(_char(c) for c in folded.replace("\u03bc", "µ")))
    out = out.replace("\u03bc", "µ")  # NFKC reads the micro sign as Greek mu; units keep µ
    for word in _WORD.findall(out):
        scripts = {_script(c) for c in word if not c.isascii() and c != "µ"}
        if scripts and (scripts - {"GREEK"} or (len(word) > 1 and any(c.isascii() for c in word))):
            return ""
    return out


NEGATING = frozenset(
    {"no", "not", "never", "none", "nil", "nor", "neither", "without", "denies", "denied",
     "deny", "don't", "doesn't", "isn't", "wasn't", "aren't", "didn't",
     "won't", "cannot", "can't", "unable", "false", "untrue", "incorrect", "excluded", "exclude",
     "nah", "nope", "nowt", "zilch", "nada"}
)  # fmt: skip
FORMER = frozenset(
    {"stopped", "stop", "discontinued", "discontinue", "ceased", "cease", "held", "hold",
     "withheld", "withhold", "suspended", "paused", "halted", "cancelled", "canceled",
     "withdrawn", "formerly", "former", "previously", "previous", "past", "historical",
     "historic", "superseded", "obsolete", "expired", "longer", "old", "outdated", "replaced", "omit",
     "omitted", "ex"}
)  # fmt: skip
RESOLVED = frozenset(
    {"resolved", "resolving", "settled", "cleared", "gone", "recovered", "reassuring",
     "reassured", "reassurance", "nothing", "ruled"}
)  # fmt: skip
VOID = frozenset(
    {"error", "errors", "erroneous", "erroneously", "void", "voided", "invalid", "deleted",
     "retracted", "wrong", "demo", "mock", "dummy", "fictitious", "fictional"}
)  # fmt: skip
"""Words that void an entry ("X [entered in error]", "X (wrong patient)", "X [demo data]"): read
as its negation (round 14, red team 12)."""
RESULT = frozenset({"negative", "absent", "neg", "nve"})
"""Result words: a marker as a segment of their own ("[absent] X", "Screen: negative"), never at
the edge of a segment with content ("antibody screen negative" states a result)."""
MARKERS: dict[str, frozenset[str]] = {
    "negated": NEGATING | RESULT | VOID,
    "former": FORMER,
    "resolved": RESOLVED,
}
"""Status markers by the kind of frame they give a claim."""
FILLER = frozenset(
    {"a", "an", "the", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had",
     "do", "does", "did", "to", "of", "on", "in", "at", "for", "by", "with", "it",
     "this", "that", "these", "those", "any", "more", "anymore", "all", "now", "here", "there",
     "so", "as", "out", "up", "off", "yet", "still", "also", "please", "note", "status",
     "continue", "continued", "continuing", "take", "taking", "taken", "takes", "prescribed",
     "given", "used", "using", "started", "true", "case", "act", "action", "actions", "needed",
     "required", "further", "concern", "concerns", "worry", "worries", "issue", "issues",
     "problem", "problems", "current", "currently", "active", "valid", "applicable", "relevant",
     "confirmed", "present", "happened", "occurred", "found", "seen", "known", "reported",
     "documented", "recorded", "listed", "flagged", "item", "entry", "everything", "ever",
     "give", "use", "administer", "administered", "dispense", "dispensed", "prescribe",
     "supply", "supplied", "issued", "restart", "restarted", "entered"}
)  # fmt: skip
"""Words a marker segment may hold beside its markers ("do NOT continue", "nothing to act on",
"do not give", "(do not use)": order verbs, round 14, red team 12)."""

_SEGMENTS = re.compile(
    r"[;:,()\[\]{}<>\n|*_#`\"]|(?<=[.!?])\s+|\.\s*$|\s[-\u2010-\u2015~]+\s|[\u2010-\u2015]|--+"
)
_VALUED_AND = re.compile(r"\band\b(?=(?:(?!\band\b)[^,;:.!?\n])*\d)", re.IGNORECASE)
"""An "and" before a conjunct that holds a number: that conjunct is a segment of its own, asserted
(round 31: "No fever and vomited 3 times today"; the negation scope of
:mod:`carebench.episodes.claimtext` reads it so too)."""
_QUOTE = re.compile('["\u201c\u201d]')
"""A question inside quotation marks is reported speech, not the writer's query."""
_TAG = re.compile(r"</?[a-z][^>]*>", re.IGNORECASE)
_TOKENS = re.compile(r"[a-z][a-z']*|\d+")
_CONDITION = re.compile(
    r"^\W*(if|unless|should|whenever|provided|in case|in the event|were|suppose|supposing)\b", re.I
)


_VOIDED = frozenset({"patient", "person", "chart", "record", "data", "entry", "notes"})
"""What a void word may say an entry belongs to or is ("(wrong patient)", "[demo data]"): filler
only beside a word of :data:`VOID` ("Previous patient:" is another person, not a void)."""


def _segment_kind(words: list[str]) -> str | None:
    """The frame kind of a segment made only of markers and filler, else None."""
    voided = any(w in VOID for w in words)
    if not words or not all(w in FILLER or _marker(w) or (voided and w in _VOIDED) for w in words):
        return None
    for kind, markers in MARKERS.items():
        if any(w in markers for w in words):
            return kind
    return None


def _edge(words: list[str]) -> str | None:
    """The kind of a marker run that opens or closes a segment holding content, else None.

    "No longer takes X", "Formerly X", "X was never prescribed", "X ruled out": the run holds a
    marker and only markers and filler, and content stands on its other side.
    """
    content = [i for i, w in enumerate(words) if w not in FILLER and not _marker(w)]
    if not content:
        return None
    last = content[-1]
    opening, closing = words[: content[0]], words[last + 1 :]
    if RESULT & {*opening, *closing}:
        return None
    return _segment_kind(opening) or (None if words[last] in _JOINS else _segment_kind(closing))


_JOINS = frozenset({"and", "or", "but", "so", "then", "while", "because"})
"""A marker run after one of these opens a clause of its own ("X reviewed and no action needed")."""


def _marker(word: str) -> bool:
    return any(word in markers for markers in MARKERS.values())


@cache
def frames(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The frame of ``text`` as a whole: ``((kind, the words it governs),)``, or ``()``.

    A condition that opens the text, a question mark that closes it, a marker segment (not a
    lone "No:" answering a question) and, in a text of one segment, a marker run at its start
    or end govern every word of the text ("Denies chest pain", "Formerly on X", "X ruled out").
    An "and" before a conjunct with a number ends a segment (:data:`_VALUED_AND`).
    A negated part inside a longer claim ("..., no rigors") frames that part only and is read by
    the negation scope of :mod:`carebench.episodes.claimtext`, not here. Words are kept as their
    first five letters, markers and filler left out.
    """
    text = _VALUED_AND.sub(" | ", _TAG.sub(" | ", readable(text)))
    whole = frozenset(_stems(text))
    if not whole:
        return ()
    if _CONDITION.match(text):
        return (("conditional", whole),)
    if text.rstrip(" .)]*_").endswith("?") and not _QUOTE.search(text):
        return (("queried", whole),)
    segments = [w for w in (_TOKENS.findall(s.lower()) for s in _SEGMENTS.split(text) if s) if w]
    if len(segments) > 1:
        for words in segments:
            kind = _segment_kind(words)
            if kind is not None and not (words == segments[0] and _ANSWER.match(text)):
                return ((kind, whole),)
    if len(segments) == 1:
        kind = _edge(segments[0])
        if kind is not None:
            return ((kind, whole),)
    return ()


def frame(text: str) -> str | None:
    """The kind of the first frame of ``text`` (:func:`frames`), or None."""
    found = frames(text)
    return found[0][0] if found else None


_SENTENCES = re.compile(r"(?<=[.!?;])\s+|\n+")
_CONDITIONAL = re.compile(r"\b(if|unless|should|whenever|in case|in the event|when)\b", re.I)
_QUERY = re.compile(r"\?|\b(whether|query|queried|ask\w*)\b", re.I)
_STATUS = NEGATING | RESULT | FORMER | RESOLVED
_ANSWER = re.compile(r"^\s*(no|yes)\s*[:.,;]", re.IGNORECASE)
"""A lone "No:" opening a claim answers the question asked; it does not negate what follows
("[No] X", in brackets, does)."""


def _stems(text: str) -> set[str]:
    return {
        w[:5]
        for w in _TOKENS.findall(text.lower())
        if len(w) > 2 and not _marker(w) and w not in FILLER and not w.isdigit()
    }


def compatible(framed: str, reference: str) -> bool:
    """Whether ``reference`` carries each frame of ``framed`` where it speaks of the same thing.

    A text with no frame is compatible with anything. Otherwise, for each frame, the sentences
    of ``reference`` that share a governed word (its first five letters) must hold the frame: a
    condition for a conditional, a question for a question, and any status marker for a negated,
    former or resolved frame ("No longer takes X" is compatible with "X was stopped"); a frame
    whose words no sentence shares is not carried.
    """
    sentences = [(s, _stems(s)) for s in _SENTENCES.split(readable(reference))]
    for kind, governed in frames(framed):
        if not governed:
            continue
        overlap = [len(stems & governed) for _, stems in sentences]
        best = max(overlap, default=0)
        if not best:
            continue  # the reference does not speak of it: nothing to carry or contradict
        about = [s for (s, _), n in zip(sentences, overlap, strict=True) if n == best]
        if kind == "conditional":
            ok = any(_CONDITIONAL.search(s) for s in about)
        elif kind == "queried":
            ok = any(_QUERY.search(s) for s in about)
        else:
            ok = any(set(_TOKENS.findall(s.lower())) & _STATUS for s in about)
        if not ok:
            return False
    return True


def denies(text: str, finding: str) -> bool:
    """Whether ``text`` frames ``finding`` as negated, former or resolved where it is not.

    The frame of ``text`` (:func:`frames`) is a status frame, it governs at least half of the
    finding's words, and the finding does not carry it ("Reassuring: chest pain - all
    resolved" denies "crushing chest pain"; "no wet nappies since 6 am" denies nothing that
    says the same).
    """
    wanted = _stems(readable(finding))
    for kind, governed in frames(text):
        if kind in MARKERS and wanted and 2 * len(wanted & governed) >= len(wanted):
            return not compatible(text, finding)
    return False
