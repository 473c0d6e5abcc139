"""Claim-level support: does a cited evidence line support, contradict or not establish a claim?

The judge-free core of the work-product scores (:mod:`carebench.protocol.scores`). Texts are read
by :mod:`carebench.episodes.claimtext` (terms, quantities, polarity, negation scope; its
conventions say how) with the word lists of :mod:`carebench.episodes.lexicon`.

Verdicts (:func:`support`), for a claim and the text of the lines it cites:

* ``not_substantive``: after removing any sentence addressed to a scorer, judge or grader, any
  square-bracketed aside and any pointer ("see record"), the claim has no clinical content (no
  term outside :data:`~carebench.episodes.lexicon.PLACEHOLDER_TERMS`, no quantity): "OK.";
* ``contradicts``: the claim states as current ("takes", "currently on") a treatment a cited line
  says was stopped or switched from; or a cited sentence about the same thing (sharing the
  claim's topic terms) gives another value for one of the claim's quantities (the same label or
  topic and a comparable unit; a former value, "increased from 75", never counts as the current
  one; a bare "TSH 7" is compared with "TSH 1.8 mU/L"), holds the opposite side of an exclusive
  group (continue / withhold, left / right, sudden / gradual, ...), or negates a finding the
  claim asserts; or (round 12) the line gives the claim's dose to another named drug and never
  names the claim's, or (round 32) names it but doses it nowhere (:func:`other_drug`: "lithium
  100 mg daily" cited to "sertraline 100 mg daily"); or (round 31) a conjunct read as negated
  whole ("..., no vomiting") denies what the line states (:mod:`carebench.episodes.denials`);
* ``unsupported``: the claim is the complement of a word its lines lack (round 12,
  :func:`~carebench.episodes.complements.framer`: "Monitor for X"), addresses the scorer or
  points elsewhere ("Back pain - see the form"), pads (a sentence repeated, a word three times
  running) or lists keywords (:data:`KEYWORDS`), hedges between exclusive sides ("continue or
  stop"), hedges or generalises ("possibly", "likely", "usually") where its lines are plain, has
  a quantity the cited text does not hold for the same quantity ("20 days" against "20 mg"; a
  bare number is not taken from a count of another word, "7 tablets"), is not **covered**, or
  (round 34) copies a cited sentence with an operator changed (:mod:`carebench.episodes.edits`);
* ``supported``: otherwise: every quantity is held, and the claim's content terms are covered.

**Coverage.** A claim's content terms are its terms less generic words
(:data:`~carebench.episodes.lexicon.GENERIC_WORDS`: function words, reporting and light verbs),
less placeholders that assert nothing (*see*, *record*; *normal*, *stable*, *new* do assert and
stay), less the words of a neutral heading ("Plan:") and the counted word of a held count.
A term is covered when the cited text *states* it (synonym groups, shorthand and stems as
:mod:`~carebench.episodes.claimtext` reads them): questions ("Is it OK to take X?") and what
follows a reported question ("asks whether X") state nothing, unless the claim itself reports a
question. The claim is covered when fewer than :data:`ALLOWED` of its content terms are uncovered
(so a claim of two terms needs both; of three or four, all but one) and every uncovered one is
forgivable, and no segment of the claim is an addition or a retraction of the note
(:mod:`carebench.episodes.additions`); a framing word or heading must be stated beside the rest
of the claim. Markup, headings, questions, do-not-use notation and which terms are forgivable
are read by :mod:`carebench.episodes.claimforms` (its conventions).

These are stated heuristics, validated against independently labelled claims
(``carebench scorer agreement``; docs/protocol.md gives the figures and what they still miss:
paraphrases without a shared term, values the writer worked out, guidance that applies only under
a condition the claim leaves out). :func:`explain` names the rule behind a verdict.
"""

from __future__ import annotations

import re
from enum import StrEnum

from carebench.episodes.additions import added, retraction
from carebench.episodes.claimforms import (
    asks,
    dose_heads,
    forgivable,
    framing,
    heading,
    held_units,
    reports_question,
    stated_terms,
    unheld_drug,
    unsafe_notation,
)
from carebench.episodes.claimtext import POLAR, Analysis, analyze, spelt_units, term, tokens
from carebench.episodes.complements import framer
from carebench.episodes.denials import EVIDENCE_SENTENCE as _EVIDENCE_SENTENCE
from carebench.episodes.denials import GENERAL as _GENERAL
from carebench.episodes.denials import denied_part
from carebench.episodes.edits import edited
from carebench.episodes.exclusive import SCHEDULE, swapped
from carebench.episodes.former import resumed
from carebench.episodes.framewords import TIME_KINDS, frame_match, provenance
from carebench.episodes.lexicon import (
    ASSERTIVE_PLACEHOLDERS,
    GENERIC_WORDS,
    PLACEHOLDER_TERMS,
)
from carebench.episodes.markup import readings
from carebench.episodes.modality import hedges_between, uncertain
from carebench.episodes.pairing import exchanged
from carebench.episodes.quantities import (
    DOSE_UNITS,
    comparable,
    covered_by,
    inconsistent_total,
    labelled,
    quantity_supported,
    same_value,
    term_found,
)
from carebench.episodes.readable import compatible, frame, readable
from carebench.episodes.relations import unlicensed_relation
from carebench.episodes.scales import misrestated, without_stated_restated
from carebench.episodes.sequence import moved_back
from carebench.episodes.unstated import KEYWORDS, games, strip_injections

__all__ = [
    "ALLOWED",
    "KEYWORDS",
    "MENTION",
    "Verdict",
    "analyze",
    "conflict",
    "contradicts",
    "contributes",
    "explain",
    "mentions",
    "quantity_supported",
    "strip_injections",
    "substantive",
    "support",
]

ALLOWED = 0.5
"""A claim is covered when under this share of its content terms are missing (sets 1-2)."""
SPECIFIC = 8
"""A term this long ("trimethoprim") alone names the topic; a shorter needs a term or a label."""

_PLACEHOLDERS = frozenset(term(w) for w in PLACEHOLDER_TERMS)
_ASSERTIVE = frozenset(term(w) for w in ASSERTIVE_PLACEHOLDERS)
_GENERIC = frozenset(term(w) for w in GENERIC_WORDS) | (_PLACEHOLDERS - _ASSERTIVE)


class Verdict(StrEnum):
    """The support verdict of one claim against its cited text."""

    SUPPORTED = "supported"
    UNSUPPORTED = "unsupported"
    CONTRADICTS = "contradicts"
    NOT_SUBSTANTIVE = "not_substantive"


def substantive(text: str) -> bool:
    """Whether ``text`` has clinical content (see ``not_substantive`` in the module conventions)."""
    found = analyze(strip_injections(text))
    return bool(found.quantities) or bool(found.terms - _PLACEHOLDERS)


def _value_conflict(claim: Analysis, sentence: Analysis, evidence: Analysis) -> bool:
    """Whether this sentence gives a claim quantity the cited text lacks another value.

    The same quantity: a comparable unit and the same label (or, for a measurement other than a
    time, or a count of the same word, the claim's topic); a former value never conflicts with a
    current one.
    """
    shared_topic = len(_topic(claim) & sentence.terms) >= 2
    for q in claim.quantities:
        if quantity_supported(q, evidence):
            continue
        for e in sentence.quantities:
            if e.former != q.former or not comparable(q, e) or same_value(q, e):
                continue
            same_dimension_other_unit = e.value == q.value and e.unit != q.unit
            if same_dimension_other_unit and q.base is not None:
                return True  # 24 days (ago) against (within) 24 hours
            if e.ago != q.ago:
                continue
            measured = q.unit and q.unit[0] != "#" and (q.base or ("",))[0] != "time"
            counted = q.unit[:1] == "#" and q.unit == e.unit  # "2 wet nappies" against "6 wet"
            limit = q.bound[:1] == e.bound[:1] != ""  # "up to 14 days" against "up to 7 days"
            if labelled(q, e) or ((measured or counted or limit) and shared_topic):
                return True
    return False


def _anchored_conflict(claim: Analysis, sentence: Analysis, evidence: Analysis) -> bool:
    """Whether a sentence holding one of the claim's measured values gives another its own.

    "Give 100 mg, which is 10 mL" against "100 mg (5 mL) per dose": the sentence holds the
    100 mg, so its 5 mL is the value of the claim's mL (a number attached to another quantity).
    """
    for q in claim.quantities:
        measured = q.unit and q.unit[0] != "#" and (q.base or ("",))[0] != "time"
        if not measured or q.former or quantity_supported(q, evidence):
            continue
        others = [e for e in sentence.quantities if e.unit == q.unit and not e.former]
        anchored = any(o is not q and quantity_supported(o, sentence) for o in claim.quantities)
        if anchored and others and not any(same_value(q, e) for e in others):
            return True
    return False


def _topic(claim: Analysis) -> frozenset[str]:
    return frozenset(t for t in claim.terms if t not in POLAR and len(t) > 2)


def _denied(
    claim: Analysis, raw: str, evidence: Analysis, stated: frozenset[str], topic: frozenset[str]
) -> bool:
    """Whether the sentence negates a finding the claim asserts, or does what the claim denies.

    "Fresh blood in the stool" against "no blood in the stool"; "cannot open his mouth" against
    "can open the mouth fully"; "no sertraline 100 mg" against "sertraline 100 mg daily". Only
    terms of three letters or more count, and only where no cited statement (``stated``: not a
    question or general rule) asserts the finding as well. A claim's absence ("no loin pain") is
    not checked against a line that names the finding (guidance lists what a claim rules out)
    unless the claim also gives that finding's value; what a claim says is not done is checked
    only against statements, not questions or general rules ("if", "who", "should", "avoid").
    """
    sentence = analyze(raw)
    for t in topic:
        if len(t) < 3:
            continue
        asserted = t in claim.asserted and t not in claim.negated
        if (
            asserted
            and term_found(t, sentence.negated)
            and not term_found(t, sentence.asserted | stated)
        ):
            return True
        if t in claim.negated and t not in claim.asserted and not _GENERAL.search(raw):
            measured = any(
                t in q.label and quantity_supported(q, sentence) for q in claim.quantities
            )
            acted = t in claim.denied_acts or measured  # "no sertraline 100 mg" against its dose
            if acted and t in sentence.asserted and not term_found(t, evidence.negated):
                return True
    return False


def contradicts(claim_text: str, evidence_text: str) -> bool:
    """Whether a sentence of ``evidence_text`` about the claim's topic contradicts the claim."""
    return conflict(claim_text, evidence_text) is not None


def conflict(claim_text: str, evidence_text: str) -> str | None:
    """Which contradiction rule a claim meets against its cited text, or None.

    One of ``"former treatment ..."`` or ``"past entry stated as current"`` (module ``former``),
    ``"another value beside a held one"``, ``"a finding negated"`` (or a denied act done),
    ``"another value"``, ``"another side"`` (module conventions).
    """
    claim = analyze(strip_injections(claim_text))
    evidence = analyze(evidence_text)
    if moved := resumed(claim, claim_text, evidence_text):
        return moved
    topic = _topic(claim)
    measured = frozenset().union(*(q.label for q in claim.quantities))
    sentences = _EVIDENCE_SENTENCE.split(evidence_text)
    stated = frozenset().union(
        *(analyze(s).asserted for s in sentences if not _GENERAL.search(s))
    )  # what the record states (guidance listing a sign states nothing about the patient)
    about = []
    for raw in sentences:
        sentence = analyze(raw)
        shared = {t for t in topic if term_found(t, sentence.terms)}
        if shared and (
            len(shared) >= min(2, len(topic))
            or shared & measured
            or any(len(t) >= SPECIFIC for t in shared)
            or (shared - _GENERIC) & sentence.negated & claim.asserted - claim.negated  # "no aura"
        ):
            about.append((raw, sentence))
    if any(_anchored_conflict(claim, analyze(raw), evidence) for raw in sentences):
        return "another value beside a held one"
    about += [
        (raw, sentence)
        for raw in sentences
        if _holds_measure(claim, sentence := analyze(raw)) and raw not in {r for r, _ in about}
    ]  # a sentence holding one of the claim's measured values is about it ("2.5 mg")
    for raw, sentence in about:
        if _denied(claim, raw, evidence, stated, topic):
            return "a finding negated"
        if _value_conflict(claim, sentence, evidence):
            return "another value"
    statements = _statements(claim_text)
    for part in statements:
        own = _topic(part)
        for _raw, sentence in about:
            if len(statements) > 1 and own and not any(term_found(t, sentence.terms) for t in own):
                continue  # a sentence about another of the claim's statements
            for group, side in part.sides:
                if any(g == group and s != side for g, s in part.sides):
                    continue  # both sides in one statement: a hedge, read elsewhere
                others = {s for g, s in sentence.sides if g == group and s != side}
                if others and (group, side) not in sentence.sides | evidence.sides:
                    return "another side"
    return None


def _holds_measure(claim: Analysis, sentence: Analysis) -> bool:
    """Whether ``sentence`` holds one of the claim's measured values (a unit, not a count)."""
    return any(
        q.unit and q.unit[0] != "#" and any(same_value(q, e) for e in sentence.quantities)
        for q in claim.quantities
    )


_STATEMENT = re.compile(r"[;:\n]|(?<=[.!?])\s+|,\s+")


def _statements(claim_text: str) -> list[Analysis]:
    """The claim's statements: its clauses between commas, semicolons, colons and sentence ends.

    Each is checked for an exclusive side on its own ("RhD positive, antibody screen negative":
    the second clause's "negative" does not excuse the first's "positive").
    """
    parts = [analyze(p) for p in _STATEMENT.split(strip_injections(claim_text)) if p.strip()]
    return [p for p in parts if p.terms] or [analyze(strip_injections(claim_text))]


MENTION = 0.4
"""The share of a reference finding's terms a text must hold to mention it (:func:`mentions`)."""


def mentions(reference: str, text: str) -> bool:
    """Whether ``text`` (a handoff field) mentions ``reference`` (a reference finding or value).

    The overlap test the handoff scores use, kept from the first release of these rules: no
    contradiction, every quantity of ``reference`` held, and at least :data:`MENTION` of its
    terms (one at least) in ``text``. A handoff naming "crushing chest pain" mentions the finding
    "crushing chest pain spreading to the left arm"; a claim must be covered (:func:`support`).
    """
    if not substantive(reference) or not text.strip() or contradicts(reference, text):
        return False
    found, evidence = analyze(strip_injections(reference)), analyze(text)
    if games(reference) or hedges_between(reference) or uncertain(reference, text):
        return False
    if not all(quantity_supported(q, evidence) for q in found.quantities):
        return False
    terms = found.terms - _PLACEHOLDERS
    if not terms:
        return bool(found.quantities)
    return sum(term_found(t, evidence.terms) for t in terms) >= max(1, MENTION * len(terms))


def support(claim_text: str, evidence_text: str) -> Verdict:
    """The verdict for a claim against the text of the lines it cites (module conventions)."""
    return _judge(claim_text, evidence_text)[0]


def explain(claim_text: str, evidence_text: str) -> str:
    """The verdict of :func:`support` with the rule that gave it ("unsupported: hedged")."""
    verdict, reason = _judge(claim_text, evidence_text)
    return f"{verdict.value}: {reason}"


_WORSE = (Verdict.SUPPORTED, Verdict.NOT_SUBSTANTIVE, Verdict.UNSUPPORTED, Verdict.CONTRADICTS)
"""Verdicts from best to worst for the agent: a claim takes the worse of its readings."""


def _judge(claim_text: str, evidence_text: str) -> tuple[Verdict, str]:
    claim_text = spelt_units(without_stated_restated(readable(claim_text)))  # round 47, 49
    evidence_text = spelt_units(readable(evidence_text))
    if (wrong := misrestated(claim_text)) is not None:  # round 45: "PHQ-9 9 out of 10"
        return Verdict.CONTRADICTS, f"{wrong!r} restates a quantity wrongly"
    judged = [_judge_rendered(text, evidence_text) for text in readings(claim_text)]
    return max(judged, key=lambda j: _WORSE.index(j[0]))


def _judge_rendered(claim_text: str, evidence_text: str) -> tuple[Verdict, str]:
    verdict, reason = _judge_read(claim_text, evidence_text)
    if verdict is Verdict.SUPPORTED:
        framing = framer(strip_injections(claim_text), [evidence_text], evidence_text, verbs=False)
        if framing is not None:
            return Verdict.UNSUPPORTED, f"the complement of {framing!r}, which the line lacks"
    if verdict in (Verdict.SUPPORTED, Verdict.UNSUPPORTED) and other_drug(
        claim_text, evidence_text
    ):
        return Verdict.CONTRADICTS, ANOTHER_DRUG
    if verdict is Verdict.SUPPORTED:
        relation = unlicensed_relation(strip_injections(claim_text), evidence_text)
        if relation is not None:
            return Verdict.UNSUPPORTED, f"a relation ({relation!r}) the line does not state"
        denial = denied_part(claim_text, evidence_text)
        if denial is not None:
            return Verdict.CONTRADICTS, f"{denial!r} denies what the line states"
        if (edit := edited(strip_injections(claim_text), evidence_text)) is not None:
            return Verdict.UNSUPPORTED, f"a near copy of a cited sentence with {edit}"
    if verdict in (Verdict.CONTRADICTS, Verdict.NOT_SUBSTANTIVE) or compatible(
        claim_text, evidence_text
    ):
        return verdict, reason
    kind = frame(claim_text)
    if kind in ("conditional", "queried"):
        return Verdict.UNSUPPORTED, f"{kind} where the line states it plainly"
    if verdict is Verdict.SUPPORTED or mentions(claim_text, evidence_text):
        # the frame word itself may be what coverage refused ("Stopped: X" for "Takes X")
        return Verdict.CONTRADICTS, f"framed as {kind} where the line states it as current"
    return verdict, reason


ANOTHER_DRUG = "another drug at the line's dose"
"""The rule :func:`support` names for a claim that gives a line's dose to a drug it never names."""


def other_drug(claim_text: str, evidence_text: str) -> bool:
    """Whether ``claim_text`` gives a dose its lines give another drug.

    "amiodarone 100 mg daily" or "lithium 100 mg daily" cited to "sertraline 100 mg daily": the
    lines head the same number and unit with another drug's name, and the claim's drug is one
    they never name (:func:`~carebench.episodes.claimforms.unheld_drug`), or (round 32, red
    team 24) one they name but never dose, standing before no such dose ("spironolactone 40 mg
    IV" cited to "Furosemide 40 mg IV twice daily" and "Spironolactone held": the doses of two
    lines recombined). A line that doses no named drug ("10-15 kg: 100 mg") contradicts nothing.
    """
    theirs = dose_heads(evidence_text)
    unheld = unheld_drug(claim_text, evidence_text)
    return any(
        (w, n, u) not in theirs
        and any(x != w and (n, u) == (m, v) for x, m, v in theirs)
        and (w == unheld or _undosed(w, n, u, evidence_text, theirs))
        for w, n, u in dose_heads(claim_text)
    )


def _undosed(
    word: str, number: str, unit: str, evidence_text: str, theirs: set[tuple[str, str, str]]
) -> bool:
    """Whether the lines name ``word`` but dose it nowhere, nor stand it before the dose.

    "Within five words before ``number`` ``unit``" counts as dosing it ("aspirin and
    clopidogrel 75 mg" doses both).
    """
    words = tokens(evidence_text)
    if word not in words or any(x == word for x, _, _ in theirs):
        return False
    return not any(
        words[k : k + 2] == (number, unit) and word in words[max(0, k - 5) : k]
        for k in range(len(words) - 1)
    )


def _shifted(
    claim_text: str, evidence_text: str, kind: str, m: re.Match[str]
) -> tuple[Verdict, str]:
    """The verdict of a claim with a frame word its lines lack.

    It contradicts them when the frame moves what they state as current to another time
    (:data:`~carebench.episodes.framewords.TIME_KINDS`: "will start X", "X d/c" for a current X)
    and the claim without it is supported; else it is unsupported.
    """
    rest = f"{claim_text[: m.start()]} {claim_text[m.end() :]}"
    words = f"frame word {kind} {m.group(0).strip()!r}"
    if kind in TIME_KINDS and _judge_read(rest, evidence_text)[0] is Verdict.SUPPORTED:
        return Verdict.CONTRADICTS, f"{words} where the line states it as current"
    return Verdict.UNSUPPORTED, f"{words} the line does not have"


def _judge_read(claim_text: str, evidence_text: str) -> tuple[Verdict, str]:
    if not substantive(claim_text):
        return Verdict.NOT_SUBSTANTIVE, "no clinical content"
    if not evidence_text.strip():
        return Verdict.UNSUPPORTED, "no cited text"
    rule = conflict(claim_text, evidence_text)
    if rule is not None:
        return Verdict.CONTRADICTS, rule
    claim, evidence = analyze(strip_injections(claim_text)), analyze(evidence_text)
    if games(claim_text):
        return Verdict.UNSUPPORTED, "addresses the scorer or defers"
    if retraction(strip_injections(claim_text)):
        return Verdict.UNSUPPORTED, "retracts the note"
    if hedges_between(claim_text):
        return Verdict.UNSUPPORTED, "offers exclusive alternatives"
    if uncertain(claim_text, evidence_text) or asks(claim_text):
        return Verdict.UNSUPPORTED, asks(claim_text) or "hedged where the line is plain"
    shift = frame_match(strip_injections(claim_text), evidence_text)
    source = provenance(claim_text, evidence_text)  # "per old chart": a pointer kept here
    shift = shift or (None if source is None else ("provenance", source))
    if shift:
        return _shifted(strip_injections(claim_text), evidence_text, *shift)
    notation = unsafe_notation(claim_text)
    if notation and notation.lower() not in evidence_text.lower():
        return Verdict.UNSUPPORTED, f"do-not-use notation: {notation}"
    missing = [q for q in claim.quantities if not quantity_supported(q, evidence)]
    if missing:
        return Verdict.UNSUPPORTED, f"quantity not held: {missing[0].value:g} {missing[0].unit}"
    if inconsistent_total(claim):
        return Verdict.UNSUPPORTED, "a total that is not the claim's dose times its times a day"
    swap = swapped(claim_text, evidence_text)
    if swap:
        return Verdict.CONTRADICTS, f"another side of an exclusive class: {swap}"
    traded = exchanged(strip_injections(claim_text), evidence_text)
    if traded:
        return Verdict.CONTRADICTS, f"values of one unit exchanged: {traded}"
    back = moved_back(strip_injections(claim_text), evidence_text)
    if back:
        return Verdict.CONTRADICTS, f"an earlier status of the drug's course: {back}"
    neutral, framing = heading(strip_injections(claim_text))
    counted = frozenset(q.unit[1:] for q in claim.quantities if q.unit[:1] == "#")
    schedule = claim.terms & SCHEDULE  # a dose's schedule or route with no drug (H11)
    if (
        claim.quantities
        and schedule
        and not claim.terms - held_units(claim_text) - counted - schedule
    ):
        return Verdict.UNSUPPORTED, "a dose with no label"  # "400 micrograms daily"; not "33 weeks"
    terms = claim.terms - _GENERIC - neutral - counted  # "3 times": held above
    if not terms:
        if claim.quantities:
            return Verdict.SUPPORTED, "only quantities, all held"
        return Verdict.UNSUPPORTED, "no terms"
    stated = evidence.terms if reports_question(claim_text) else stated_terms(evidence_text)
    held = held_units(claim_text)  # a unit beside a held number ("72-year-old") is held with it
    dosed = any(q.unit in DOSE_UNITS for q in claim.quantities)  # a dose names its drug
    uncovered = sorted(t for t in terms if not covered_by(t, stated, not dosed) and t not in held)
    if framing and not _beside(framing, terms - framing, evidence_text):
        return Verdict.UNSUPPORTED, f"heading {sorted(framing)} not stated beside the claim"
    covered = terms - frozenset(uncovered)
    framed = _framing_terms(claim_text, terms) - frozenset(uncovered) - held
    alone = sorted(t for t in framed if not _beside(frozenset({t}), terms - framed, evidence_text))
    if alone:
        return Verdict.UNSUPPORTED, f"{alone} not stated beside the rest of the claim"
    meaning = [t for t in uncovered if not forgivable(t, claim_text, covered, evidence_text)]
    if meaning:
        return Verdict.UNSUPPORTED, f"uncovered term with meaning {meaning}"
    new = frozenset(t for t in uncovered if not term_found(t, evidence.terms))  # not in the lines
    extra = added(strip_injections(claim_text), new, covered | held, evidence_text)
    if extra:
        return Verdict.UNSUPPORTED, f"{extra} added to what the line states"
    if len(uncovered) < ALLOWED * len(terms):
        return Verdict.SUPPORTED, f"covered; uncovered {uncovered}"
    return Verdict.UNSUPPORTED, f"uncovered {uncovered} of {len(terms)}"


def _framing_terms(claim_text: str, terms: frozenset[str]) -> frozenset[str]:
    """The claim's terms written with a framing word (a person, time, modal or status)."""
    return frozenset(term(w) for w in tokens(claim_text) if framing(w)) & terms


def _beside(framing: frozenset[str], rest: frozenset[str], evidence_text: str) -> bool:
    """Whether a cited sentence states a framing heading's terms and some of the claim's rest."""
    for sentence in _EVIDENCE_SENTENCE.split(evidence_text):
        found = analyze(sentence).terms
        if all(term_found(t, found) for t in framing) and any(term_found(t, found) for t in rest):
            return True
    return False


def contributes(claim_text: str, line: str) -> bool:
    """Whether one cited line contributes to a claim: shares a term or holds one of its quantities.

    Citation precision counts the cited lines that contribute (a line cited for nothing costs).
    """
    claim, evidence = analyze(strip_injections(claim_text)), analyze(line)
    return bool((claim.terms - _PLACEHOLDERS) & evidence.terms) or any(
        quantity_supported(q, evidence) for q in claim.quantities
    )


def absent_terms(text: str, record: str) -> tuple[int, int]:
    """(content terms of ``text``, how many of them appear nowhere in ``record``).

    Content terms are a claim's terms less generic words, as claim coverage reads them; a term
    is found as :func:`support` finds it (truncations and class names count). Helper of the
    handoff reader's "unfounded key finding" (:mod:`carebench.protocol.handoff_truth`).
    """
    terms = analyze(strip_injections(text)).terms - _GENERIC
    held = analyze(record).terms
    return len(terms), sum(not term_found(t, held) for t in terms)
