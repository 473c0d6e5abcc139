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
  matter how late" dismisses nothing.
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
* Since round 53 (red team 40's "warfarin 3 mg daily, no INR checks needed", "methotrexate 15
  mg weekly, safe with trimethoprim") two more classes: a **waiver**, a check, test, level or
  monitoring declared not needed from now on ("no INR checks needed", "bloods not required", "INR
  monitoring is unnecessary", "never needs rechecking", "no need for bloods", "INR testing can now
  stop"; not a history, "INR checks skipped since March", nor "no need to wait for bloods"), and
  an **interaction denied** ("safe with trimethoprim", "no interaction with clarithromycin", "won't
  interact with"; not "not safe with", which asserts one) with a medicine on its other side
  ("safe with her husband", "does not interact with mum" deny nothing). Neither is read inside a
  question ("asks whether paracetamol is safe to take with the warfarin"), and a line's "safe to
  keep taking with" licenses "safe to take with". No line of bank 2.6 waives monitoring.
* Since round 54 (red team 41's "apixaban 5 mg twice daily, on days with palpitations only") a
  regular drug's regimen changed (:data:`REGIMEN`, read by
  :func:`~carebench.episodes.regimens.unlicensed_regimen`: made as-needed, given a stop rule, a
  missed dose made up) is a class too, licensed only by a text that gives the same drug a phrase
  of the same kind.
* A handoff statement reads only :data:`RECORD_RELATIONS`, licensed by its episode's record.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from carebench.episodes.drug_names import DRUG_NAMES
from carebench.episodes.duplicates import unlicensed_duplicate
from carebench.episodes.regimens import REGIMEN, unlicensed_regimen

__all__ = [
    "DUPLICATE",
    "NEGATABLE",
    "RECORD_RELATIONS",
    "REGIMEN",
    "RELATIONS",
    "unlicensed_relation",
]

_CHECK = (
    r"(?:checks?|checking|monitoring|tests?|testing|bloods?|rechecks?|re-checks?|levels?"
    r"|inrs?|u&es?|ecgs?|scans?|obs|observations)\b"
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
        r"no (?:further |more |routine |regular )?(?:[\w/&-]+ ){0,3}?" + _CHECK
        + r" (?:is |are )?(?:\w+ )?(?:needed|required|necessary|indicated|warranted)",
        _CHECK + r" (?:is |are )?(?:not|never|no longer) (?:\w+ )?(?:needed|required|necessary"
        r"|indicated|warranted)",
        _CHECK + r" (?:is |are )?unnecessary",
        r"(?:never|no longer|doesn't|does not|do not|don't|won't|will not) (?:\w+ )?needs? "
        r"(?:\w+ ){0,2}?(?:checking|rechecking|re-checking|monitoring|testing|checks?|monitored"
        r"|tested|checked|rechecked)\b",
        r"no need to (?:re-?)?(?:check|test|monitor|measur)\w*",
        r"no need for (?:any |further |more )?(?:[\w/&-]+ ){0,2}?" + _CHECK,
        _CHECK + r" (?:can|could|may) (?:now )?(?:be )?(?:stop(?:ped)?|dropped|omitted|skipped"
        r"|ended|cease[ds]?)\b",
    ),
    "interaction denied": (
        r"(?<!not )(?<!n't )(?<!never )(?<!no longer )safe (?:to (?:\w+ ){1,2}?)?(?:with|alongside"
        r"|together with)\b",
        r"no (?:known |significant |clinically \w+ |\w+ )?interactions? (?:with|between)\b",
        r"(?:does|do|will|wo)(?: not|n't) (?:\w+ )?interact\b",
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

RECORD_RELATIONS = (
    "dismissal",
    "collapsed doses",
    "waiver",
    "interaction denied",
    DUPLICATE,
    REGIMEN,
)
"""The classes a handoff statement must find in its episode's record (round 51,
:mod:`carebench.protocol.handoff_truth`): a value declared irrelevant ("eGFR 48, irrelevant to
insulin", "no bearing on medicines", "can be ignored"), a day's doses taken at once and, since
round 53, monitoring waived ("warfarin 3 mg daily, no INR checks needed") and an interaction
denied ("safe with trimethoprim"), and since round 54 a regular drug's regimen changed. The other
classes stay claims' only. Handoff writers state causes, interactions, masking, the absence of
risk and a drug's relevance from clinical knowledge the record need not spell out: "antifolate
interaction with methotrexate", "paracetamol (may mask fever)" and "no acute risk reported" are
labelled-correct fields of dev set 3 that the record does not word so. And "unrelated to exertion",
"unaffected by pressure" and "no effect on the temperature" describe findings. A dismissal tells
the receiver to ignore what the record reports."""

LICENSES: dict[str, tuple[str, ...]] = {
    "interaction denied": (r"safe (?:to (?:\w+ ){1,3}?)?(?:with|alongside)",),
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
    claim_text: str,
    evidence_text: str,
    classes: Collection[str] = (*RELATIONS, DUPLICATE, REGIMEN),
) -> str | None:
    """The first relation phrase of ``claim_text`` whose class ``evidence_text`` lacks, or None.

    Args:
        claim_text: a claim (or a handoff statement).
        evidence_text: its cited lines (or the episode's record).
        classes: the classes read (default: all of :data:`RELATIONS`, :data:`DUPLICATE` and
            :data:`REGIMEN`; a handoff reads :data:`RECORD_RELATIONS`).
    """
    for name in classes:
        if name == DUPLICATE:
            second = unlicensed_duplicate(claim_text, evidence_text)
            if second is not None:
                return second
            continue
        if name == REGIMEN:
            changed = unlicensed_regimen(claim_text, evidence_text)
            if changed is not None:
                return changed
            continue
        # a dismissal is a negated relevance, read as itself only ("no bearing on" is no "bearing on")
        text = _CLAIMED["dismissal"].sub(" ", claim_text) if name == "relevance" else claim_text
        found = next((m for m in _CLAIMED[name].finditer(text) if _asserted(name, text, m)), None)
        if found is None or (name in NEGATABLE and _NEGATED.search(text[: found.start()])):
            continue
        if not _LICENSED[name].search(evidence_text):
            return found[0]
    return None


_ASKED = re.compile(
    r"\b(?:whether|asks?|asked|asking|wonders?|wondering|quer(?:y|ies|ied))\b[^.;!?]*$", re.I
)
_MEDICINE = re.compile(
    r"\b(?:"
    + DRUG_NAMES
    + r"|drugs?|medicines?|medications?|antibiotics?|tablets?|painkillers?|alcohol)\b",
    re.IGNORECASE,
)


def _asserted(name: str, text: str, found: re.Match[str]) -> bool:
    """Whether a waiver or interaction denial is asserted (not asked; a medicine on its side)."""
    if name not in ("waiver", "interaction denied"):
        return True
    before = text[max(0, found.start() - 200) : found.start()]
    after = text[found.end() : found.end() + 200]
    if _ASKED.search(before) or "?" in after.split(".")[0]:
        return False  # "asks whether paracetamol is safe to take with the warfarin?"
    return name != "interaction denied" or bool(_MEDICINE.search(after[:60]))
