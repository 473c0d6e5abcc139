"""A treatment's status taken from earlier in its own course: each status word binds to its drug.

A cited line often tells a drug's course ("Dr Kowalczyk stopped the amoxicillin started on
admission and prescribed clarithromycin"; "metformin (held on admission) ... restart
metformin"). A claim that gives the drug a status from earlier in that course ("amoxicillin
started", "metformin held") is covered word by word, yet states as current what the line has
moved on from. Conventions:

* the course has three stages: started (start, commence, prescribe, begin, initiate), stopped
  (stop, hold, withhold, discontinue, cease, suspend) and restarted (restart, resume,
  reintroduce);
* a status word binds to the nearest drug name in its sentence: a word English does not know,
  longer than an abbreviation (:func:`~carebench.episodes.claimforms.drug_like`), not a person's
  name after a title ("Dr Whitlock"); on a tie, the one before it;
* a claim moves a drug back in its course when it binds a status to the drug, and the latest
  stage of any status it states is earlier than the latest its cited lines bind to the drug
  ("amoxicillin started" against "stopped the amoxicillin"; "withhold X for the course and
  restart it" reaches the line's restart, whichever drug "restart" sits nearest; a drug the
  claim names without a status of its own, "replacing amoxicillin", is not read); the claim then
  contradicts its lines.
"""

from __future__ import annotations

import re

from carebench.episodes.claimforms import drug_like

__all__ = ["moved_back"]

_STAGES = (
    re.compile(r"^(start|commenc|prescrib|begin|began|begun|initiat)", re.IGNORECASE),
    re.compile(r"^(stop|held|hold|withh|discontinu|ceas|suspend)", re.IGNORECASE),
    re.compile(r"^(restart|resum|reintroduc|recommenc)", re.IGNORECASE),
)
_WORD = re.compile(r"[A-Za-z][A-Za-z-]*")
_SENTENCE = re.compile(r"[.;\n]+")
_PERSON = re.compile(r"\b(Dr|Mr|Mrs|Ms|Miss|Prof|Nurse|Sister)\b\.?(\s+[A-Z][\w'-]*){1,2}")


def _stage(word: str) -> int | None:
    for stage in (2, 1, 0):  # "restart" before "start"
        if _STAGES[stage].match(word):
            return stage
    return None


def _bound(text: str) -> list[tuple[str, int]]:
    """(drug, stage) for each status word of ``text`` bound to a drug (module conventions)."""
    out: list[tuple[str, int]] = []
    for sentence in _SENTENCE.split(_PERSON.sub(" ", text)):
        words = [w.lower() for w in _WORD.findall(sentence)]
        drugs = [i for i, w in enumerate(words) if drug_like(w)]
        if not drugs:
            continue
        for i, word in enumerate(words):
            stage = _stage(word)
            if stage is None:
                continue
            nearest = min(drugs, key=lambda j: (abs(j - i), j > i))
            out.append((words[nearest], stage))
    return out


def _latest(text: str) -> dict[str, int]:
    latest: dict[str, int] = {}
    for drug, stage in _bound(text):
        latest[drug] = max(stage, latest.get(drug, -1))
    return latest


def moved_back(claim: str, evidence: str) -> str | None:
    """The drug ``claim`` leaves at a stage its lines have moved past, described, or None."""
    bound = _latest(claim)
    if not bound:
        return None
    reached, later = max(bound.values()), _latest(evidence)
    for drug in sorted(bound):
        if later.get(drug, -1) > reached:
            return f"{drug!r} given stage {reached} of its course, the line stage {later[drug]}"
    return None
