"""The obligation tracker (beyond paper 002): an agent wrapper that keeps unfinished obligations open.

Paper 002 proposes, without testing it, an explicit record of unresolved clinical obligations. The
tracker computes, before every agent turn and from the turns as heard, which required items the
patient has not yet heard in full, and lists them in the agent's system prompt until they are:

    * a history-taking question is **open** once the agent started asking it (a question sentence of
      the agent's produced text, cut or not, matches its concepts) and **closed** once a complete,
      untruncated agent turn asked it;
    * a required content point of an FAQ is open once the patient asked that FAQ and closed once the
      agent text the patient heard **after asking it** conveys it (the same text and rules as the
      provision judge: the canned prelude never closes a point, nor do stray words such as "I
      will note that right away", nor a partial delivery that misses one of the point's concepts).

Matching uses the pathway's concept sets (:mod:`.concepts`), the same as the concept judge, and
prelude turns are never evidence. The
orchestrator of a cascaded voice agent knows where speech was cut, so using the lost text is
legitimate; the agent itself still sees only what was heard.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from carebench.interruptions.cells import Phase
from carebench.interruptions.concepts import matches, point_conveyed, question_asked
from carebench.interruptions.judges import judged_text
from carebench.interruptions.pathway import Pathway
from carebench.interruptions.players import Agent, AgentContext
from carebench.interruptions.transcript import Delivered


def open_obligations(pathway: Pathway, heard: Sequence[Delivered]) -> list[str]:
    """Obligations started or triggered but not yet delivered, in pathway order."""
    agent = [t for t in heard if t.speaker == "agent" and not t.prelude]
    complete = "\n".join(t.kept for t in agent if not t.truncated)
    produced = [t.kept + t.lost for t in agent]
    out = [
        f'Ask: "{q.text}"'
        for q in pathway.questions
        if any(question_asked(text, pathway, q) for text in produced)
        and not question_asked(complete, pathway, q)
    ]
    for faq in pathway.faqs:
        asked_at = next(
            (
                i
                for i, t in enumerate(heard)
                if t.speaker == "patient" and matches(t.kept, faq.triggers)
            ),
            None,
        )
        if not faq.points or asked_at is None:
            continue
        after = judged_text(heard[asked_at + 1 :], Phase.PROVISION)
        out.extend(
            f"Tell the patient ({faq.id}): {p.description}"
            for p in faq.points
            if not point_conveyed(after, faq, p.id)
        )
    return out


class TrackedAgent:
    """Wraps an agent so every turn sees the open obligations."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner

    async def respond(self, context: AgentContext, seed: int) -> str:
        """Add the open obligations to the context, then ask the wrapped agent."""
        obligations = tuple(open_obligations(context.pathway, context.heard))
        return await self.inner.respond(replace(context, open_obligations=obligations), seed)
