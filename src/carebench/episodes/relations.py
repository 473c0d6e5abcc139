"""Relations a claim asserts between two things: each must be one its cited lines state (round 31).

Read by :func:`carebench.episodes.support.support`. Red team 22 joined two true claims with an
invented relation ("MRI no acute infarct caused by clopidogrel 75 mg daily", "folic acid 400
micrograms daily is the indication for BMI 24"); once two true claims joined by "and" were read
as true (round 31), such a claim was supported, its relation word an uncovered common word.
Conventions:

* A relation is a phrase of a closed class (:data:`RELATIONS`): a cause ("caused by", "due to",
  "because of", "secondary to", "as a result of", "led to", "explains", ...), an indication
  ("indicated for", "the indication for"), an interaction ("interacts with"), a masking
  ("masking", "masked by"); since round 51 (red team 38) a relevance ("relevant to", "has an
  effect on"; not a heading's "Relevant history", nor "affects", which places findings), its
  dismissal ("irrelevant to", "no bearing on", "does not matter", "can be ignored", "the kidney
  does not clear"), an unrelatedness ("unrelated to", "unaffected by", "no effect on"), a route of
  elimination ("renally cleared", "which the liver clears", "excreted by the kidneys"), a risk
  denied ("no hypoglycaemia risk", "not at risk"; not "no risk factors") and a day's doses taken
  at once ("both doses together", "all the day's tablets at once"; not when advised against:
  "not to give both doses at the same time", :data:`NEGATABLE`). A dismissal names what it
  dismisses ("not relevant to", "does not matter for"): a bare "not relevant" or "it does not
  matter how late" dismisses nothing. Since round 53 (red team 40) an interaction denied is a
  dismissal too ("safe with trimethoprim", "no interaction with clarithromycin", "does not
  interact").
* A claim that holds a relation of a class none of its cited lines holds asserts what they do
  not state: it is unsupported (:func:`unlicensed_relation`). Any phrase of the same class
  licenses it ("because of" in the line licenses "due to" in the claim), and a rule's condition
  ("if", "unless": :data:`LICENSES`) licenses a cause; the class is checked, not which two
  things it joins. "Due to" before a verb ("due to come off") is a time, not a cause. A relevance,
  its dismissal and an unrelatedness are three classes: a line that calls a value relevant does
  not license a claim that calls it irrelevant.
* Since round 52 a second product of one drug (:data:`DUPLICATE`, read by
  :func:`~carebench.episodes.duplicates.duplicate_product`: "sertraline 100 mg daily, plus Lustral
  100 mg daily") is a class too, licensed by a line or record that names the same drug twice so.
* Since round 53 (red team 40's "warfarin 3 mg daily, no INR checks needed", "TSH never needs
  rechecking") a **waiver** is a class: a check, test, level or monitoring declared not needed
  ("no INR checks needed", "bloods not required", "never needs rechecking", "no need for
  bloods", "without any monitoring", "obs can be stopped"). No line of bank 2.6 waives one, so a claim or handoff
  statement that does asserts what its lines do not.
* A handoff statement reads only :data:`RECORD_RELATIONS`, licensed by its episode's record.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from carebench.episodes.duplicates import unlicensed_duplicate

__all__ = ["DUPLICATE", "NEGATABLE", "RECORD_RELATIONS", "RELATIONS", "unlicensed_relation"]

_CHECK = (
    r"(?:checks?|checking|monitoring|tests?|testing|bloods?|rechecks?|re-checks?|levels?"
    r"|follow-?up|inrs?|u&es?|ecgs?|scans?|obs|observations)\b"
)
"""What a drug's monitoring is: a check, test, level, blood test, INR, U&E, ECG, observations."""

RELATIONS: dict[str, tuple[str, ...]] = {
    "cause": (
        r"caus(?:e|es|ed|ing)\b", r"due to(?! (?:be|come|start|stop|finish|begin|restart|have)\b)",
        r"because\b", r"secondary to", r"as a result of",
        r"result(?:s|ed|ing)? (?:from|in)", r"(?:led|leads?|leading) to", r"owing to",
        r"attribut(?:ed|able) to", r"responsible for", r"(?:triggered|provoked|brought on) by",
        r"explain(?:s|ed|ing)?\b", r"accounts? for",
    ),
    "indication": (r"indicat(?:ed|ion)s? for", r"the indication\b"),
    "interaction": (r"interact(?:s|ed|ing|ion|ions)?\b",),
    "masking": (r"mask(?:s|ed|ing)?\b",),
    "relevance": (
        r"(?<!not )relevan(?:t|ce) (?:to|for)\b", r"(?<!no )(?<!any )bear(?:s|ing)? on\b",
        r"matters? (?:for|to)\b", r"(?:an?|some) (?:\w+ )?(?:effect|impact|influence) on\b",
    ),
    "dismissal": (
        r"irrelevan(?:t|ce) (?:to|for)\b", r"not (?:\w+ )?relevant (?:to|for)\b",
        r"(?:of )?no (?:\w+ )?(?:bearing|relevance) (?:on|to|for)\b",
        r"(?:does|do|did|will|would|can|could)(?: not|n't) matter (?:for|to)\b",
        r"can be (?:safely )?ignored (?:for|in|with)\b", r"harmless (?:with|at|for|in)\b",
        r"(?:kidneys?|liver)(?: \w+)? (?:does|do)(?: not|n't) (?:clear|excrete|metaboli[sz]e)",
        r"safe (?:with|alongside|together with|to (?:take|give|use|combine) with)\b",
        r"no (?:known |significant |clinically \w+ |\w+ )?interactions? (?:with|between)\b",
        r"(?:does|do|will)(?: not|n't) (?:\w+ )?interact\b",
    ),
    "unrelatedness": (
        r"(?:not |un)affected by\b", r"(?:no|little) (?:\w+ )?(?:effect|impact|influence) on\b",
        r"unrelated to\b", r"nothing to do with\b", r"no (?:link|connection) (?:to|with)\b",
    ),
    "elimination": (
        r"(?:kidneys?|liver|renal(?:ly)?|hepatic(?:ally)?)(?:\s+\w+){0,3}?\s+(?<!creatinine )"
        r"(?:clear(?:s|ed)?\b(?! (?:him|her|them|for|to)\b)|excret|metaboli[sz]|eliminat|breaks? down)",
        r"(?:cleared|excreted|metaboli[sz]ed|eliminated|broken down)(?: \w+)? (?:by|through|via|in)"
        r" (?:the )?(?:kidneys?|liver)",
    ),
    "harmless": (
        r"(?:no|not an?|not at|without|zero|nil) (?:\w+ )?risk(?! factors?)", r"risk-free",
        r"poses? no\b", r"(?:no|not a) (?:\w+ )?(?:danger|hazard)\b",
    ),
    "waiver": (
        r"no (?:further |more |routine |regular |need (?:for|to) )?(?:[\w/&-]+ ){0,3}?" + _CHECK
        + r" (?:is |are )?(?:\w+ )?(?:needed|required|necessary|indicated|warranted)",
        _CHECK + r" (?:is |are )?(?:not|never|no longer) (?:\w+ )?(?:needed|required|necessary"
        r"|indicated|warranted)",
        r"(?:never|no longer|not|doesn't|does not|do not|don't|won't|will not) (?:\w+ )?needs? "
        r"(?:\w+ ){0,2}?(?:checking|rechecking|re-checking|monitoring|testing|checks?|monitored"
        r"|tested|checked|rechecked)\b",
        r"without (?:any )?(?:need for )?(?:[\w/&-]+ )?(?:monitoring|checks|blood tests|testing)",
        r"no need (?:for|to) (?:[\w/&-]+ ){0,3}?(?:(?:re-?)?(?:check|test|monitor|measur)\w*\b|"
        + _CHECK + ")",
        r"(?:monitoring|checks|rechecks|testing|obs|observations) (?:can be |to be |were |was )?"
        r"(?:stopped|dropped|omitted|skipped|unnecessary|stood down)",
    ),
    "collapsed doses": (
        r"(?:both|all|the day's|each day's|a day's) (?:\w+ ){0,3}?(?:doses|tablets|capsules|pills)"
        r"\W+(?:\w+\W+){0,3}?(?:together|at once|in one go|at the same time)",
    ),
}  # fmt: skip
"""Classes of relation phrases (regular expressions, matched case-insensitively on word starts)."""

DUPLICATE = "duplicate product"
"""A class read by :func:`~carebench.episodes.duplicates.unlicensed_duplicate`, not by a phrase
(round 52): one drug named twice, under two names, each with a dose."""

RECORD_RELATIONS = ("dismissal", "collapsed doses", "waiver", DUPLICATE)
"""The classes a handoff statement must find in its episode's record (round 51,
:mod:`carebench.protocol.handoff_truth`): a value declared irrelevant ("eGFR 48, irrelevant to
insulin", "no bearing on medicines", "can be ignored"), a day's doses taken at once and, since
round 53, monitoring waived ("warfarin 3 mg daily, no INR checks needed"). The other
classes stay claims' only. Handoff writers state causes, interactions, masking, the absence of
risk and a drug's relevance from clinical knowledge the record need not spell out: "antifolate
interaction with methotrexate", "paracetamol (may mask fever)" and "no acute risk reported" are
labelled-correct fields of dev set 3 that the record does not word so. And "unrelated to exertion",
"unaffected by pressure" and "no effect on the temperature" describe findings. A dismissal tells
the receiver to ignore what the record reports."""

LICENSES: dict[str, tuple[str, ...]] = {
    "cause": (r"if\b", r"unless\b"),
    "collapsed doses": (
        r"\d+ (?:\w+ )?(?:doses|tablets|capsules|pills)\W+(?:\w+\W+){0,3}?"
        r"(?:together|at once|in one go|at the same time)",
    ),
}
"""Phrases that license a class without naming it: a rule's condition ("reduce if CrCl is
15-29") licenses "reduced because CrCl is 29"; a line's "2 tablets together" licenses "both
tablets together" (not a bare "at the same time": "do not give paracetamol and ibuprofen at the
same time" licenses no day's doses at once)."""

NEGATABLE = frozenset({"collapsed doses"})
"""Classes whose phrase, advised against just before, is no relation ("not to give both doses
together", "advised against giving both doses together", "rather than give both doses
together"; not "did not realise and took both doses together")."""
_NEGATED = re.compile(
    r"\b(?:not|never|avoid|against|don't|do not|rather than|instead of)(?:\W+\w+){0,2}\W*$",
    re.IGNORECASE,
)


def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(phrases) + ")", re.IGNORECASE)


_CLAIMED = {name: _pattern(phrases) for name, phrases in RELATIONS.items()}
_LICENSED = {
    name: _pattern(phrases + LICENSES.get(name, ())) for name, phrases in RELATIONS.items()
}


def unlicensed_relation(
    claim_text: str, evidence_text: str, classes: Collection[str] = (*RELATIONS, DUPLICATE)
) -> str | None:
    """The first relation phrase of ``claim_text`` whose class ``evidence_text`` lacks, or None.

    Args:
        claim_text: a claim (or a handoff statement).
        evidence_text: its cited lines (or the episode's record).
        classes: the classes read (default: all of :data:`RELATIONS` and :data:`DUPLICATE`; a
            handoff reads :data:`RECORD_RELATIONS`).
    """
    for name in classes:
        if name == DUPLICATE:
            second = unlicensed_duplicate(claim_text, evidence_text)
            if second is not None:
                return second
            continue
        # a dismissal is a negated relevance, read as itself only ("no bearing on" is no "bearing on")
        text = _CLAIMED["dismissal"].sub(" ", claim_text) if name == "relevance" else claim_text
        found = _CLAIMED[name].search(text)
        if found is None or (name in NEGATABLE and _NEGATED.search(text[: found.start()])):
            continue
        if not _LICENSED[name].search(evidence_text):
            return found[0]
    return None
