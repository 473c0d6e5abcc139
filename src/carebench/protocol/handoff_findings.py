"""Whether a handoff's reason or key findings state each urgent finding, or contradict one.

Pure helpers of :func:`carebench.protocol.scores.handoff_completeness`, split from
:mod:`carebench.protocol.handoff_reading`. Conventions:

* A handoff text is read as *segments*, one per line or semicolon (the key findings are joined
  one a line);
  each urgent finding is judged on its own, never half of them.
* **Numbers sit with their own label** (:func:`paired`): a finding's labelled value is held by
  the same value under the label that matches the finding's best among the text's values
  ("pulse 84; haemoglobin 118" does not hold "pulse 118"; "heart rate 24" does not hold
  "respiratory rate 24" beside "respiratory rate 11"). A time unit is part of the quantity
  ("two weeks" is not "two hours"; 48 hours is 2 days).
* **Contradiction** (:func:`contradicted`): a text contradicts a finding when the value of the
  finding's label in it is another ("NEWS2 112" for "NEWS2 11": :func:`misvalued`), or when a
  segment about the finding (it holds :data:`~carebench.episodes.support.MENTION` of the
  finding's terms) calls it minor (a low severity the finding does not hold: "mild, giving
  away belongings"), or a clause of it about the finding holds another side of an exclusive
  class (:data:`~carebench.episodes.exclusive.EXCLUSIVE`, severity included) and not the
  finding's ("bleeding lightly" for "bleeding heavily", "easy to rouse" for "hard to rouse",
  "plenty of urine" for "hardly any urine"), or gives it a course that makes it less urgent and
  that the finding does not hold (:data:`EASED`: "intermittent", "comes and goes", "came on
  gradually"; round 32, red team 24: the course of a red flag is what triage reads).
* A finding is **stated** (:func:`finding_stated`) when nothing in the text contradicts it and
  its quantities are paired, or, without quantities, a segment states or mentions it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.episodes.claimtext import Analysis, Quantity
from carebench.episodes.exclusive import SEVERITY_LOW, sides
from carebench.episodes.matching import states
from carebench.episodes.quantities import comparable, same_value, term_found
from carebench.episodes.support import MENTION, analyze, mentions, quantity_supported

__all__ = [
    "ALL_BUT_ONE",
    "EASED",
    "contradicted",
    "finding_stated",
    "misvalued",
    "misvalues_every",
    "paired",
    "states_all",
    "states_enough",
    "truncated",
]

ALL_BUT_ONE = 4
"""From this many urgent findings on, a list may leave one out (it has picked out the picture)."""


SCHEDULE_CLASSES = 3
"""The first classes of :data:`~carebench.episodes.exclusive.EXCLUSIVE` (frequency, route,
release) qualify a dose, which its quantities and the dose fields judge; a reason naming two
drugs names two schedules."""
_CLAUSE = re.compile(r"[,;:()\[\]]|(?<=[.!?])\s+")


def _segments(text: str) -> list[str]:
    return [s for s in re.split(r"[\n;]", text) if s.strip()] or [text]


def _shared(q: Quantity, e: Quantity) -> int:
    """How many of ``q``'s label terms ``e``'s label holds."""
    return sum(term_found(t, e.label) for t in q.label)


def paired(q: Quantity, written: Analysis) -> bool:
    """Whether ``written`` holds ``q``'s value under ``q``'s own label (module conventions).

    The value is held as :func:`~carebench.episodes.quantities.quantity_supported` says, and,
    when ``q`` has a label that some written value shares, by a value whose label shares as
    many of its terms as the best of them.
    """
    if not quantity_supported(q, written):
        return False
    if not q.label:
        return True
    if q.unit and not any(
        same_value(q, e) and (e.unit or not e.label or _shared(q, e)) for e in written.quantities
    ):
        return False  # "smoker 20 a day" does not hold "tightness for 20 minutes"
    best = max((_shared(q, e) for e in written.quantities if not e.former), default=0)
    return best == 0 or any(same_value(q, e) and _shared(q, e) == best for e in written.quantities)


def misvalued(q: Quantity, written: Analysis) -> bool:
    """Whether ``written`` gives ``q``'s labelled quantity another value and not ``q``'s.

    Another value of the same kind (:func:`~carebench.episodes.quantities.comparable`) under
    every term of ``q``'s label, current, where ``q``'s value is not paired (:func:`paired`).
    """
    if not q.label or paired(q, written):
        return False
    return any(
        not e.former and _shared(q, e) == len(q.label) and comparable(q, e) and not same_value(q, e)
        for e in written.quantities
    )


def misvalues_every(value: str, wanted: Sequence[str]) -> bool:
    """Whether ``value`` gives, for every reference value, a labelled quantity of it another value.

    Read as an urgent finding's value is (:func:`misvalued`:
    the quantity's label with another value of its kind, and not its own), so numbers moved
    between labels or a dose's unit scaled a thousandfold are wrong however many terms match
    (round 21, red team 18).
    """
    written = analyze(value)
    return bool(wanted) and all(
        any(misvalued(q, written) for q in analyze(ref).quantities) for ref in wanted
    )


EASED = frozenset({"intermittent", "gradual"})
"""Terms (lexicon.SYNONYMS keys) of a course that makes a finding less urgent: episodic or of
gradual onset. Not "settles" or "eases": easing with rest is part of what exertional angina is,
and a finding that has settled is read by the aside rules."""


def _about(segment: str, finding: Analysis) -> bool:
    """Whether ``segment`` holds a share of the finding's terms (at least one).

    The share is :data:`~carebench.episodes.support.MENTION`, the overlap of a mention.
    """
    terms = analyze(segment).terms
    held = sum(term_found(t, terms) for t in finding.terms)
    return held >= max(1, MENTION * len(finding.terms))


def _swaps(clause: str, held: frozenset[tuple[int, int]]) -> bool:
    """Whether ``clause`` holds another side of a class than the finding's sides ``held``.

    Only where it holds none of the finding's own sides of that class; a dose's schedule classes
    aside (:data:`SCHEDULE_CLASSES`).
    """
    written = sides(clause)
    return any(
        g >= SCHEDULE_CLASSES
        and (g, s) not in held
        and any(h == g for h, _ in held)
        and not any((h, k) in written for h, k in held if h == g)
        for g, s in written
    )


def contradicted(text: str, finding: str) -> bool:
    """Whether ``text`` contradicts the urgent ``finding`` (module conventions)."""
    found = analyze(finding)
    written = analyze(text)
    if any(misvalued(q, written) for q in found.quantities):
        return True
    held = sides(finding)
    for segment in _segments(text):
        if not _about(segment, found):
            continue
        if SEVERITY_LOW not in held and SEVERITY_LOW in sides(segment):
            return True  # "mild, giving away belongings": the urgent finding made minor
        written = analyze(segment)
        if (written.terms - written.negated) & EASED - found.terms:
            return True  # "lips grey-blue, intermittent": a continuous red flag made episodic
        if any(_about(c, found) and _swaps(c, held) for c in _CLAUSE.split(segment)):
            return True
    return False


def finding_stated(text: str, finding: str) -> bool:
    """Whether ``text`` states an urgent ``finding`` (module conventions).

    A finding that holds a measurement (a quantity other than a time ago) is stated when each of
    its quantities is paired, with its unit ("CBG 1.9 mmol/L" states "capillary glucose 1.9
    mmol/L"); a number attached to another unit or label ("20 days" for "20 minutes") does not. Otherwise when a segment states it by
    the fact matcher or mentions it (:func:`~carebench.episodes.support.mentions`, the overlap
    test handoffs use). Either way nothing in ``text`` may contradict it (:func:`contradicted`).
    """
    if contradicted(text, finding):
        return False
    quantities = [q for q in analyze(finding).quantities if not q.ago]
    if any(q.unit != "clock" for q in quantities):  # a measurement, not only when
        written = analyze(text)
        clocks = any(e.unit == "clock" for e in written.quantities)
        return all(paired(q, written) for q in quantities if clocks or q.unit != "clock")
    return any(
        (states(s, finding) or mentions(finding, s)) and not truncated(s, finding)
        for s in _segments(text)
    )


_WORDS = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_NEGATING = frozenset(
    {"not", "no", "nothing", "never", "none", "nor", "hardly", "barely", "scarcely", "cannot",
     "can't", "don't", "doesn't", "won't", "without", "unable"}
)  # fmt: skip
"""Words that make a finding what it is by what is absent ("do not fade", "nothing will come
out", "hardly any urine")."""


def truncated(segment: str, finding: str) -> bool:
    """Whether ``segment`` copies words of ``finding`` in order but leaves out its negation.

    Round 41 (red team 32): "pin-prick purple spots" for "pin-prick purple spots that do not fade
    under a pressed glass", "bladder feels full" for "bladder feels full yet nothing will come
    out", "passed urine" for "passed hardly any urine". Every word of the segment is the
    finding's, in the finding's order (two words at least); a word of :data:`_NEGATING` is among
    the finding's words it leaves out and none is in the segment. The copy keeps the noun and
    drops what made it a red flag, so it does not state the finding.
    """
    mine, theirs = _WORDS.findall(segment.lower()), _WORDS.findall(finding.lower())
    if len(mine) < 2 or _NEGATING & set(mine):
        return False
    rest = iter(theirs)
    if not all(word in rest for word in mine):  # a subsequence of the finding's words
        return False
    return bool(_NEGATING & (set(theirs) - set(mine)))


def states_all(text: str, findings: Sequence[str]) -> bool:
    """Whether ``text`` states every one of ``findings`` (:func:`finding_stated`)."""
    return all(finding_stated(text, f) for f in findings)


def states_enough(text: str, findings: Sequence[str], reason: str = "") -> bool:
    """Whether ``text`` states the urgent findings: all of them, or all but one of four or more.

    None may be contradicted in ``text`` (:func:`contradicted`): a list that names most of a
    picture has picked out what makes it urgent, one that misstates a part of it has not. A
    finding the handoff's ``reason`` states counts as stated (the receiver reads both).
    """
    if any(contradicted(text, f) for f in findings):
        return False
    stated = sum(finding_stated(text, f) or finding_stated(reason, f) for f in findings)
    slack = 1 if len(findings) >= ALL_BUT_ONE else 0
    return stated >= len(findings) - slack


def misstated(reason: str, findings: Sequence[str], urgent: Sequence[str]) -> tuple[str, ...]:
    """The routing fields (``reason``, ``key_findings``) that contradict an urgent finding.

    A red flag told with another value or a lower severity ("pulse 84" for "pulse 118", "mild,
    bleeding lightly" for "bleeding heavily") is acted on as told: the receiver triages the
    misstated picture, so such a field countermands the escalation, as one that explains the
    finding away does (:func:`contradicted`).
    """
    texts = {"reason": reason, "key_findings": "\n".join(findings)}
    return tuple(n for n, t in texts.items() if any(contradicted(t, f) for f in urgent))
