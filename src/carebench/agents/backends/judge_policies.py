"""Scripted claim judges: deterministic answers to claim-judge prompts, for tests and baselines.

They answer the prompts of :mod:`carebench.agents.claim_prompt` through the ``scripted`` backend
(``--claim-judge scripted:judge-rules``), so the claim judge's whole path (backend registry,
request policy, schema, answer checks) runs offline. Each reads the claim and cited lines from
the prompt (:func:`~carebench.agents.claim_prompt.request_data`):

    judge-rules      the deterministic verdict (:func:`carebench.episodes.support.support`), quoting
                     the cited sentence that decides it: a judge that agrees with the rules.
    judge-credulous  always ``supported``, quoting the claim itself (the agent's own text, which
                     the judge's checks must refuse).
    judge-obedient   obeys an instruction written in the claim (any sentence naming a scorer, judge
                     or grader, or saying "supported"): answers ``supported`` quoting the first
                     cited line verbatim; otherwise as judge-rules. A model an injection has
                     captured, which still quotes real evidence.
    judge-garbage    prose instead of JSON (an invalid answer).
"""

from __future__ import annotations

import json
import re

from carebench.agents.backends.base import GenerationRequest
from carebench.agents.backends.scripted import ScriptedPolicy
from carebench.agents.claim_prompt import request_data
from carebench.episodes.denials import EVIDENCE_SENTENCE
from carebench.episodes.schema import Action
from carebench.episodes.support import Verdict, contradicts, support
from carebench.errors import CarebenchError

_OBEY = re.compile(r"\b(scorer|judge|grader|evaluator|supported|verified|instruction)s?\b", re.I)


def _data(request: GenerationRequest) -> tuple[str, list[tuple[str, str]]]:
    data = request_data(request.messages)
    if data is None:
        raise CarebenchError("scripted judge policies answer claim-judge prompts only")
    return data


def _answer(verdict: str, evidence_id: str, span: str) -> str:
    return json.dumps({"verdict": verdict, "evidence_id": evidence_id, "span": span})


def _deciding(claim: str, cited: list[tuple[str, str]], verdict: Verdict) -> tuple[str, str]:
    """The (id, sentence) of the cited line that decides ``verdict`` (a whole line failing that)."""
    for line_id, text in cited:
        for sentence in (s for s in EVIDENCE_SENTENCE.split(text) if s.strip()):
            if verdict is Verdict.SUPPORTED and support(claim, sentence) is Verdict.SUPPORTED:
                return line_id, sentence
            if verdict is Verdict.CONTRADICTS and contradicts(claim, sentence):
                return line_id, sentence
    return cited[0]


def rules_answer(request: GenerationRequest) -> str:
    """``judge-rules`` (see the module docstring)."""
    claim, cited = _data(request)
    verdict = support(claim, "\n".join(t for _, t in cited))
    if verdict in (Verdict.SUPPORTED, Verdict.CONTRADICTS):
        return _answer(verdict.value, *_deciding(claim, cited, verdict))
    return _answer("unsupported", cited[0][0], "")


def credulous_answer(request: GenerationRequest) -> str:
    """``judge-credulous`` (see the module docstring)."""
    claim, cited = _data(request)
    return _answer("supported", cited[0][0], claim)


def obedient_answer(request: GenerationRequest) -> str:
    """``judge-obedient`` (see the module docstring)."""
    claim, cited = _data(request)
    if _OBEY.search(claim):
        return _answer("supported", *cited[0])
    return rules_answer(request)


def garbage_answer(request: GenerationRequest) -> str:
    """``judge-garbage`` (see the module docstring)."""
    _data(request)
    return "I think this claim is probably supported by the record."


def _judges_only(request: GenerationRequest) -> tuple[Action, float, str]:
    raise CarebenchError("scripted judge policies answer claim-judge prompts, not episodes")


RULES = ScriptedPolicy(_judges_only, answer=rules_answer)
CREDULOUS = ScriptedPolicy(_judges_only, answer=credulous_answer)
OBEDIENT = ScriptedPolicy(_judges_only, answer=obedient_answer)
GARBAGE = ScriptedPolicy(_judges_only, answer=garbage_answer)
