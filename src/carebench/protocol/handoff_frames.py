"""Frames that take a handoff finding or field value out of today's patient, today.

Pure helper of :func:`carebench.protocol.stated.unframed` (reason and key findings) and
:func:`~carebench.protocol.stated.keeps_frame` (named fields). A text that states the record's
words inside one of these frames does not state them as a current fact of this patient:

* **another time**: history shorthand ("Hx:", "PMH:", "h/o"), a past, stopped, ended or future
  frame ("beforehand", "off", "but not since", "over now", "afterwards", "down from", "at
  booking": round 28's trends and clinical events): read by the claim
  side's closed classes, :func:`carebench.episodes.framewords.frame_match` (its
  :data:`~carebench.episodes.framewords.TIME_KINDS`), not a second list;
* **a qualifier** (rounds 22 and 24, the claim side's
  :data:`~carebench.episodes.framewords.QUALIFIER_KINDS`): an approximation, a contrast, a
  reported question, a topic, a denial by idiom, a counterfactual or a generalisation ("Nearly
  X", "Rather than X", "Asked whether X", "Leaflet given on X", "Far from X", "Would have had
  X", "Classically, X"), and a condition led into ("Would worry if X"): each frames only what
  follows it (:data:`_SCOPED`);
* **another person** (:data:`_PERSON`: "FHx:", "FH", "family history", "mother's history");
* **a placeholder status** (:data:`_STATUS`: "- status unknown", "... n/a", "... nil",
  "... TBC", "(unconfirmed)", and a leading query "?", "query", "Differential:", "Ddx", "r/o"):
  not known, not applicable or
  not confirmed; or not this patient's checked value (round 12, red team 10: "(patient's
  guess)", "Template:", "- sample", "(per the leaflet)");
* **an old source** (:data:`_SOURCE`: "per old notes", "at the last visit", "last admission");
* **a reference value** (:data:`_REFERENCE`: "Threshold X", "Baseline: X", "Chronic: X",
  "Textbook example: X"): a rule's or the patient's usual value, not this finding now (round
  14, red team 12).

A frame is the writer's only where what the text is checked against (the record's finding or
the field's reference) lacks a word of the same kind (:data:`_KINDS`): "h/o" is licensed by
"history" or "previous", a placeholder status by a reference that is itself unsettled (the
same status word, a conflict: "X, but the letter says Y"). An urgent finding stated only inside
such a frame countermands the handoff (:func:`~carebench.protocol.stated.countermanded`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.episodes.framewords import (
    QUALIFIER_KINDS,
    TIME_KINDS,
    compared,
    event_dated,
    frame_match,
    qualifier,
)
from carebench.episodes.matching import states, tokens

__all__ = ["added_frame"]

_PERSON = re.compile(
    r"(?<![\w/])(fhx|fh|f/h)(?![\w/])|\bfamily (history|hx)\b"
    r"|\b(mother|father|mum|dad|sister|brother|sibling|twin|grand\w+|aunt|uncle|cousin"
    r"|relative)('s|s')\s+(history|hx|pmh|diagnosis|condition|illness|results?|notes?)\b",
    re.IGNORECASE,
)
_STATUS = re.compile(
    r"\bstatus (unknown|unclear|uncertain|tbc)\b|[-–(:]\s*(unknown|unclear|uncertain)\b"
    r"|(?<![\w/])(n/a|tbc|tbd)(?![\w/])|\w+(\s+\S+){2,}\s+[-–(]?\s*nil\W*$|\b(to be confirmed|unconfirmed|not applicable)\b"
    r"|^\W*(\?|query\b|\?\?|(differentials?|ddx|d/dx|dd|r/o|rule out)\b)|\b(guess(ed|work)?|template"
    r"|sample (?:text|value|data|entry|answer|output)|dummy|placeholder|lorem ipsum"
    r"|(per|from|in) (the |a )?(leaflet|brochure|package insert|textbook|website))\b",
    re.IGNORECASE,
)
_SOURCE = re.compile(
    r"\b(as )?(per|from|according to|in) (the |her |his )?(old|previous|prior|earlier|last|pre-?op"
    r"|discharge) (notes?|chart|letters?|records?|summary|admission|visit|clinic)\b"
    r"|\b(at|on|during|from) (the |her |his )?(last|previous|prior|earlier) (visit|admission"
    r"|attendance|appointment|clinic|review|stay)\b|\blast (admission|visit|attendance)\b",
    re.IGNORECASE,
)
_LABELS = (
    r"(thresholds?|triggers?|cut-?offs?|guidelines?|(reference|normal|target) (range|value)s?"
    r"|ref(erence)? range|textbook|examples?|benchmark|hypothetical)\b"
    r"|(baseline|chronic|long-?standing|typical|background|criteri(on|a))\s*(:|[-\u2013]\s)"
)
_REFERENCE = re.compile(rf"^\W*({_LABELS})", re.IGNORECASE)
"""A leading label that makes a value a rule's, a range's or an example's ("Threshold X",
"Textbook example: X"), or a heading that files it as the patient's usual state ("Baseline: X",
"Chronic - X"; not "Chronic kidney disease"); round 14, red team 12. Only as the value's first
word: "88% (baseline 94%)" states the value now."""
_UNSETTLED = re.compile(
    rf"{_STATUS.pattern}|\b(but|vs|versus|conflict\w*|discrepan\w*|differ\w*|unclear|uncertain"
    r"|unknown|not (yet )?(known|confirmed|clear))\b",
    re.IGNORECASE,
)
"""A reference that is itself unsettled (a conflict, "not yet known") licenses a status that
says so ("Unconfirmed: apixaban ... vs warfarin ...")."""
_KINDS: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    ("another person", _PERSON, re.compile(r"\b(family|fhx?|mother|father|relative)", re.I)),
    ("placeholder status", _STATUS, _UNSETTLED),
    ("old source", _SOURCE, re.compile(r"\b(previous|prior|old|last|earlier|discharge)\b", re.I)),
)
"""Per kind: the text's pattern, and what a reference must hold to license it."""


_PARTS = re.compile(r"[:;,()\n–]|(?<!\b[a-z])\.|\s-\s", re.IGNORECASE)
"""Segment breaks: punctuation, a spaced dash; not the dot of a one-letter abbreviation ("e.g.")."""


_SCOPED = QUALIFIER_KINDS | {"condition"}
"""Kinds that frame what follows them in their segment (round 22): a qualifier ("Nearly X",
"Rather than X", "Asked whether X", "Leaflet given on X") or a condition led into
(:data:`_LEAD_IN`, after no word of the reference: "Would worry if X", "If X"; not "Numb when
wiping"): what they frame is not stated, what comes before them is ("X, rather than Y")."""


_LEAD_IN = re.compile(r"(if|unless|provided|providing|in the event|(as|so) long as)\b", re.I)
"""Conditions that lead into what they frame ("Would worry if X"); "when", "where", "once" and
"as X" also describe a circumstance of what comes before them ("Dizzy when standing")."""


def _held(text: str) -> frozenset[str]:
    """The numbers and content words of ``text`` (:func:`~carebench.episodes.matching.tokens`)."""
    found = tokens(text)
    return found.numbers | found.words


_FORMULATION = frozenset({"formulation"})
_WHOLE = TIME_KINDS | {"margin"}
"""Kinds that frame their whole segment: another time ("X beforehand") and a margin ("X \u00b1 X",
round 29), which leaves the value before it standing only in name."""
_CONJUNCT = re.compile(r"\s(?:and|but|plus|with|while|whereas)\s", re.IGNORECASE)


def _untrended(part: str, before: str, wanted: frozenset[str]) -> bool:
    """Whether a trend in ``part`` leaves the reference values it is checked for standing.

    It compares where a current value comes first in its sentence ("SpO2 86 %, down from 94
    %": :func:`~carebench.episodes.framewords.compared`), and it dates only its own conjunct:
    "stepped down from clobetasone and new sores" makes the clobetasone the old treatment, not
    the sores (round 28).
    """
    found = qualifier(part, "", frozenset({"trend"}))
    if found is None or compared(before + part[: found[1].start()], part[found[1].end() :]):
        return True
    return not _held(_CONJUNCT.split(part[found[1].end() :])[0]) & wanted


def added_frame(text: str, references: Sequence[str], record: str = "") -> str | None:
    """The kind of frame ``text`` adds that none of ``references`` licenses, or None.

    The frame covers every reference ``text`` states (all of them where it states none), so
    each must license it ("PMH: A; B; C" frames A as history though C says "after"); with no
    references every frame is the writer's. A time frame is the claim side's class
    (:func:`~carebench.episodes.framewords.frame_match`), read per segment (split at
    punctuation) so that another frame word elsewhere does not hide it; a qualifier
    (:data:`_SCOPED`) frames what follows it in its segment (or the next segment, where nothing
    follows it in its own), and counts only where a reference the text states is left unstated
    without that scope; the other kinds are this module's. A time set by a clinical event
    ("at booking", "post-op": :func:`~carebench.episodes.framewords.event_dated`, round 28) is
    licensed by the episode's ``record`` as well as by the references: "1 week after discharge"
    stands in a discharge episode, "bleeding at booking" does not in a telephone call.
    """
    stated = [r for r in references if states(text, r)]
    refs = stated or list(references) or [""]
    parts = _PARTS.split(text)
    wanted = _held(" ".join(refs))
    offset = 0
    for i, part in enumerate(parts):  # the shorthand's own segment: "PMH: <reason with if>"
        offset = text.find(part, offset)
        kind = (frame_match(part, "") or ("",))[0]
        if kind == "trend" and _untrended(part, text[:offset], wanted):
            kind = ""
        if kind == "event":
            if event_dated(part, "\n".join((record, *references))):
                return kind
        elif kind in _WHOLE and any((frame_match(part, r) or ("",))[0] == kind for r in refs):
            return kind
        found = qualifier(part, "", _SCOPED)
        if found and found[0] == "formulation" and not qualifier(part, record, _FORMULATION):
            found = None  # the product the record names ("nitrofurantoin MR"; round 30)
        if found and any(qualifier(part, r, _SCOPED) for r in refs):
            start = found[1].start()
            if found[0] == "condition" and (
                not _LEAD_IN.match(found[1][0]) or _held(part[:start]) & wanted
            ):
                continue  # "Numb when wiping": a circumstance of what comes before, not a lead-in
            scope = part[start:]  # the qualifier's scope: what follows it in its segment,
            if not _held(scope[len(found[1][0]) :]) and i + 1 < len(parts):
                scope = f"{scope} {parts[i + 1]}"  # or the next one ("Classically, X")
                rest = text.replace(part[start:], " ").replace(parts[i + 1], " ", 1)
            else:
                rest = text.replace(scope, " ")
            if (_held(scope) & wanted) - _held(rest) and (
                not stated or any(not states(rest, r) for r in stated)
            ):
                return found[0]
    label = _REFERENCE.search(text)
    if label and not all(
        re.search(rf"\b{re.escape(label[1].split()[0].rstrip(':-'))}", r, re.I) for r in refs
    ):
        return "reference value"
    for kind, pattern, licence in _KINDS:
        if pattern.search(text) and not all(licence.search(r) for r in refs):
            return kind
    return None
