"""Scripted dialogue policies: deterministic agents and patients for baselines, tests and benchmarks.

Select them with the role spec ``scripted:POLICY``. They read only what a model would read (the
agent its chat messages, the patient the utterance or turns it is given) plus the pathway's data.

Agent policies (script units are the pathway's questions and the FAQ answers' sentences):
    recovering  after an interruption, answers any new patient question, then completes every unit
                that was cut off before moving on.
    forgetful   treats a unit it started as done, so a cut-off question or answer is never finished.
    cued        recovers everything when cued by the defensive instruction in the system prompt or
                by the marker opening the patient's interrupting turn ("sorry to interrupt"); with
                an obligation-tracker list it completes **exactly the listed obligations** (a
                listed question is asked, a listed FAQ's unheard sentences are said), so a wrong
                list leads it wrong and the tracker arm measures the tracker; otherwise forgetful.
                With a correct tracker, per-cell failure rates are known in advance: 0 % at
                baseline, 100 % in the interrupt and marker-without arms, 0 % in marker-with,
                defensive and tracker.

Patient policies:
    rule        cuts by the cell's rule: gathering cells just before the target question's first
                concept word; provision-transitional at the first sentence end; provision-competitive
                at the last word boundary in the first third of the answer. Interrupting turns are the
                pathway's hard-coded utterance; replies answer script questions from the pathway.
    paraphrase  like ``rule`` but proposes a reworded cut that is never a literal prefix (to exercise
                bounded retries and yield filtering).
    declining   like ``rule`` but, asked whether to interrupt (``--decision patient``), says no.

Asked whether to interrupt, ``rule`` and ``paraphrase`` say yes.
"""

from __future__ import annotations

from collections.abc import Sequence

from carebench.agents.prompts import Message
from carebench.errors import CarebenchError
from carebench.interruptions import prompts
from carebench.interruptions.cells import Cell, Phase
from carebench.interruptions.concepts import first_match, matches, question_asked
from carebench.interruptions.pathway import Pathway
from carebench.interruptions.players import AgentContext
from carebench.interruptions.transcript import Delivered
from carebench.interruptions.truncation import cut_points, nearest_cut

AGENT_POLICIES = ("recovering", "forgetful", "cued")
PATIENT_POLICIES = ("rule", "paraphrase", "declining")
RESUME = "To finish what I was saying:"


def _started(unit: str, said: Sequence[str]) -> bool:
    """Whether some said text ends with a proper, word-boundary prefix of ``unit``."""
    return any(text.endswith(unit[:k]) for k in cut_points(unit) for text in said)


def tracker_list(messages: list[Message]) -> list[str] | None:
    """The obligations listed under the tracker header of the system prompt (None: no header)."""
    system = messages[0]["content"]
    if prompts.TRACKER_HEADER not in system:
        return None
    tail = system.split(prompts.TRACKER_HEADER, 1)[1]
    return [line[2:].strip() for line in tail.splitlines() if line.startswith("- ")]


def _cued(messages: list[Message], pathway: Pathway) -> bool:
    system = messages[0]["content"]
    if prompts.DEFENSIVE_INSTRUCTION in system:
        return True
    last = messages[-1]["content"] if messages[-1]["role"] == "user" else ""
    return last.lower().startswith(pathway.interruptions.marker.lower())


class ScriptedAgent:
    """A deterministic agent; see the module docstring."""

    def __init__(self, policy: str) -> None:
        if policy not in AGENT_POLICIES:
            raise CarebenchError(
                f"unknown scripted agent policy {policy!r}; expected one of {', '.join(AGENT_POLICIES)}"
            )
        self.policy = policy

    async def respond(self, context: AgentContext, seed: int) -> str:
        """The next turn from the call script."""
        return self.turn(context.messages(), context.pathway)

    def turn(self, messages: list[Message], pathway: Pathway) -> str:
        """The policy's next turn given the chat messages."""
        said = [m["content"] for m in messages if m["role"] == "assistant"]
        recover = self.policy == "recovering" or (
            self.policy == "cued" and _cued(messages, pathway)
        )
        listed = tracker_list(messages) if self.policy == "cued" and not recover else None

        def full(unit: str) -> bool:
            return any(unit in text for text in said)

        def pending(unit: str) -> bool:
            if listed is not None and f'Ask: "{unit}"' in listed:
                return True
            return not full(unit) if recover else not (full(unit) or _started(unit, said))

        def resumes(faq_id: str) -> bool:
            if listed is not None:
                return any(o.startswith(f"Tell the patient ({faq_id}):") for o in listed)
            return recover

        last_user = messages[-1]["content"] if messages[-1]["role"] == "user" else ""
        parts: list[str] = []
        for faq in pathway.faqs:
            unit = " ".join(faq.answer)
            if matches(last_user, faq.triggers) and not full(unit) and not _started(unit, said):
                parts.append(unit)
                break
        for faq in pathway.faqs:
            if resumes(faq.id):
                unit = " ".join(faq.answer)
                if _started(unit, said) and not full(unit):
                    rest = [s for s in faq.answer if not full(s)]
                    parts.append(f"{RESUME} {' '.join(rest)}")
        question = next((q.text for q in pathway.questions if pending(q.text)), None)
        if question is not None:
            parts.append(question)
        elif not parts:
            parts.append(
                pathway.agent.anything_else
                if pending(pathway.agent.anything_else)
                else pathway.agent.closing
            )
        return " ".join(parts)


class ScriptedPatient:
    """A deterministic patient simulator; see the module docstring."""

    def __init__(self, policy: str) -> None:
        if policy not in PATIENT_POLICIES:
            raise CarebenchError(
                f"unknown scripted patient policy {policy!r}; expected one of "
                f"{', '.join(PATIENT_POLICIES)}"
            )
        self.policy = policy

    async def decide(
        self, pathway: Pathway, cell: Cell, heard: Sequence[Delivered], utterance: str, seed: int
    ) -> str:
        """Yes, except for the ``declining`` policy."""
        return "No." if self.policy == "declining" else "Yes."

    async def place(self, pathway: Pathway, cell: Cell, utterance: str, seed: int) -> str:
        """The cut under the cell's rule (``paraphrase``: a deliberately non-literal one)."""
        kept = rule_cut(pathway, cell, utterance)
        if self.policy == "paraphrase":
            return f"So the agent said something like: {kept.lower()}"
        return kept

    async def interrupt(
        self,
        pathway: Pathway,
        cell: Cell,
        directive: str | None,
        heard: Sequence[Delivered],
        seed: int,
    ) -> str:
        """The pathway's utterance for the cell."""
        return pathway.interruptions.move(cell).utterance

    async def reply(self, pathway: Pathway, heard: Sequence[Delivered], seed: int) -> str:
        """Answer a script question, decline more questions, or acknowledge."""
        last = next((t.kept for t in reversed(heard) if t.speaker == "agent"), "")
        for question in pathway.questions:
            if question_asked(last, pathway, question):
                return question.patient_answer
        if pathway.agent.anything_else in last:
            return pathway.persona.no_more_questions
        return pathway.persona.acknowledgement


def rule_cut(pathway: Pathway, cell: Cell, utterance: str) -> str:
    """The kept text under the scripted rule for ``cell`` ("" when the rule finds no cut)."""
    if cell.phase is Phase.GATHERING:
        starts = [first_match(utterance, g) for g in pathway.target.concepts]
        found = [s for s in starts if s is not None]
        k = nearest_cut(utterance, min(found) - 1) if found else None
    elif cell is Cell.PROVISION_TRANSITIONAL:
        ends = [c for c in cut_points(utterance) if utterance[c - 1] in ".?!"]
        k = ends[0] if ends else nearest_cut(utterance, len(utterance), subunit=True)
    else:
        k = nearest_cut(utterance, len(utterance) // 3)
    return utterance[:k] if k else ""
