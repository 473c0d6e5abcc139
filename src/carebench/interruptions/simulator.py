"""The transcript simulator: one trial, turn by turn, with explicit state.

``Simulator.next_turn(history, state) -> (turn, state)`` adds one turn. A trial starts from the
cell's canned prelude (the pathway's opening exchange, the questions before the target and, for
provision cells, the rest of the script and the patient's FAQ question) and then alternates:

* **agent turn**: the agent sees the turns as heard (cut turns truncated), plus the defensive
  instruction (``defensive`` arm) or the open obligations (``tracker`` arm).
* **patient turn**: in an interrupting arm, the first agent turn that carries the cell's target (the
  target question for gathering cells; the answer to the FAQ for provision cells) is interrupted:
  (a) the decision is that rule (``decision=rule``), or the patient simulator's (``decision=patient``:
  it answers whether it would cut in on the target turn; an answer that is not yes or no is retried
  up to ``max_attempts`` times, then the trial is yield-filtered; a no yield-filters it too, with its
  own reason); (b) the patient simulator proposes a literal word-boundary prefix,
  validated by :func:`.truncation.check_prefix` and the cell's rule (a transitional cut ends a
  sub-unit; the kept text must not already complete the obligation); an invalid proposal is retried
  up to ``max_attempts`` times, after which the trial is **yield-filtered** and counted; (c) the
  patient's interrupting turn is produced in the arm's mode (directive, free or hard-coded; the
  marker arms are hard-coded, with and without the marker). Otherwise the patient replies
  cooperatively.

The window: a trial ends ``follow_up`` agent turns after the target turn. An interrupting trial in
which no target turn appears within ``target_turns`` agent turns is yield-filtered too (the
interruption never happened). Baseline trials run the same window without interrupting.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from carebench.interruptions.cells import Arm, Cell, Decision, PatientMode, Phase
from carebench.interruptions.concepts import point_conveyed, question_asked
from carebench.interruptions.latency import turn_latency
from carebench.interruptions.pathway import Pathway
from carebench.interruptions.players import Agent, AgentContext, Patient
from carebench.interruptions.roles import CallRecord
from carebench.interruptions.transcript import Turn, delivered
from carebench.interruptions.truncation import check_prefix


@dataclass(frozen=True)
class TrialState:
    """Everything the simulator knows about a trial besides its history.

    Attributes:
        agent_turns: agent turns produced after the prelude.
        target_turn: the 1-based agent turn carrying the target, once seen.
        interrupted: whether the interruption happened.
        attempts: placement proposals made; ``rejected`` the reasons of the invalid ones, each with
            the proposed text (``...; proposed: '...'``) (and of
            invalid decisions, prefixed ``decision:``).
        decisions: interruption decisions asked of the patient simulator (``decision=patient``).
        filtered: why the trial was yield-filtered, or None.
        done: whether the trial is over.
        latencies: per agent turn, its (source, seconds) (:mod:`.latency`).
    """

    agent_turns: int = 0
    target_turn: int | None = None
    interrupted: bool = False
    attempts: int = 0
    decisions: int = 0
    rejected: tuple[str, ...] = ()
    filtered: str | None = None
    done: bool = False
    latencies: tuple[tuple[str, float | None], ...] = ()


def prelude(pathway: Pathway, cell: Cell) -> list[Turn]:
    """The canned opening of a trial in ``cell``, ending with the patient's turn."""
    turns = [
        Turn(speaker="agent", text=pathway.agent.opening, prelude=True),
        Turn(speaker="patient", text=pathway.persona.consent, prelude=True),
    ]
    for question in pathway.questions:
        if cell.phase is Phase.GATHERING and question.id == pathway.target_question:
            break
        turns.append(Turn(speaker="agent", text=question.text, prelude=True))
        turns.append(Turn(speaker="patient", text=question.patient_answer, prelude=True))
    if cell.phase is Phase.PROVISION:
        turns.append(Turn(speaker="agent", text=pathway.agent.anything_else, prelude=True))
        turns.append(Turn(speaker="patient", text=pathway.faq.patient_question, prelude=True))
    return turns


def rule_violation(pathway: Pathway, cell: Cell, kept: str) -> str | None:
    """Why a (literal) kept text breaks the cell's rule: it must not complete the obligation."""
    if cell.phase is Phase.GATHERING and question_asked(kept, pathway, pathway.target):
        return "the kept text already asks the target question"
    faq = pathway.faq
    if cell.phase is Phase.PROVISION and all(point_conveyed(kept, faq, p.id) for p in faq.points):
        return "the kept text already conveys every required content point"
    return None


DECLINED = "the patient simulator chose not to interrupt"
PROPOSAL_CHARS = 2000
"""A rejected cut proposal is stored with its text, up to this many characters."""


def parse_decision(answer: str) -> bool | None:
    """A decision answer's first word as yes (True) or no (False); None when it is neither."""
    words = answer.strip().split(maxsplit=1)
    word = words[0].strip(".,!;:\"'*").lower() if words else ""
    return {"yes": True, "no": False}.get(word)


def carries_target(pathway: Pathway, cell: Cell, text: str, agent_turn: int) -> bool:
    """Whether an agent turn is the cell's target turn."""
    if cell.phase is Phase.GATHERING:
        return question_asked(text, pathway, pathway.target)
    return agent_turn == 1


@dataclass(frozen=True)
class Simulator:
    """One cell x arm of a study for one pathway, with its players and parameters."""

    pathway: Pathway
    cell: Cell
    arm: Arm
    agent: Agent
    patient: Patient
    mode: PatientMode = PatientMode.DIRECTIVE
    decision: Decision = Decision.RULE
    max_attempts: int = 3
    target_turns: int = 2
    follow_up: int = 2

    def start(self) -> tuple[list[Turn], TrialState]:
        """The prelude and the initial state."""
        return prelude(self.pathway, self.cell), TrialState()

    async def next_turn(
        self, history: list[Turn], state: TrialState, seed: int
    ) -> tuple[Turn | None, TrialState]:
        """Produce the next turn (None when the trial ends without one) and the new state."""
        if state.done:
            raise ValueError("the trial is over")
        heard = tuple(delivered(history))
        if history[-1].speaker == "patient":
            calls: list[CallRecord] = []
            defensive = self.arm is Arm.DEFENSIVE
            context = AgentContext(self.pathway, heard, defensive=defensive, calls=calls)
            text = await self.agent.respond(context, seed * 1000 + state.agent_turns)
            state = replace(state, latencies=(*state.latencies, turn_latency(calls)))
            n = state.agent_turns + 1
            target = state.target_turn
            if target is None and carries_target(self.pathway, self.cell, text, n):
                target = n
            done = (target is not None and n >= target + self.follow_up) or (
                target is None and n >= self.target_turns + self.follow_up
            )
            filtered = state.filtered
            if self.arm.interrupts and target is None and n >= self.target_turns:
                filtered, done = "no target turn: the interruption never happened", True
            state = replace(state, agent_turns=n, target_turn=target, done=done, filtered=filtered)
            return Turn(speaker="agent", text=text), state
        agent_text = history[-1].text
        if self.arm.interrupts and not state.interrupted and state.target_turn == state.agent_turns:
            return await self._interrupt(history, state, agent_text, seed)
        reply = await self.patient.reply(self.pathway, heard, seed * 1000 + 500 + state.agent_turns)
        return Turn(speaker="patient", text=reply), state

    async def _decide(
        self, history: list[Turn], state: TrialState, utterance: str, seed: int
    ) -> TrialState:
        """Ask the patient simulator whether to interrupt; sets ``filtered`` unless it says yes."""
        heard = delivered(history[:-1])
        rejected = list(state.rejected)
        decisions = state.decisions
        while decisions < self.max_attempts:
            answer = await self.patient.decide(
                self.pathway, self.cell, heard, utterance, seed * 1000 + 800 + decisions
            )
            decisions += 1
            verdict = parse_decision(answer)
            if verdict is not None:
                state = replace(state, decisions=decisions, rejected=tuple(rejected))
                return state if verdict else replace(state, filtered=DECLINED, done=True)
            rejected.append(f"decision: expected yes or no, got {answer[:80]!r}")
        reason = f"no valid interruption decision in {self.max_attempts} attempt(s)"
        return replace(
            state, decisions=decisions, rejected=tuple(rejected), filtered=reason, done=True
        )

    async def _interrupt(
        self, history: list[Turn], state: TrialState, utterance: str, seed: int
    ) -> tuple[Turn | None, TrialState]:
        if self.decision is Decision.PATIENT:
            state = await self._decide(history, state, utterance, seed)
            if state.filtered is not None:
                return None, state
        rejected = list(state.rejected)
        kept: str | None = None
        attempts = state.attempts
        subunit = self.cell.itype.value == "transitional"
        while attempts < self.max_attempts:
            proposal = await self.patient.place(
                self.pathway, self.cell, utterance, seed * 1000 + 900 + attempts
            )
            attempts += 1
            problem = check_prefix(utterance, proposal, subunit=subunit)
            if problem is None:
                problem = rule_violation(self.pathway, self.cell, proposal.strip())
            if problem is None:
                kept = proposal.strip()
                break
            rejected.append(f"{problem}; proposed: {proposal.strip()[:PROPOSAL_CHARS]!r}")
        state = replace(state, attempts=attempts, rejected=tuple(rejected))
        if kept is None:
            reason = f"no valid cut in {self.max_attempts} attempt(s)"
            return None, replace(state, filtered=reason, done=True)
        move = self.pathway.interruptions.move(self.cell)
        mode = PatientMode.HARD_CODED if self.arm.hard_coded else self.mode
        if mode is PatientMode.HARD_CODED:
            text = move.utterance
            if self.arm is Arm.MARKER_WITH:
                text = f"{self.pathway.interruptions.marker} {text}"
        else:
            cut_history = [*history[:-1], history[-1].model_copy(update={"text": kept})]
            directive = move.directive if mode is PatientMode.DIRECTIVE else None
            text = await self.patient.interrupt(
                self.pathway, self.cell, directive, delivered(cut_history), seed * 1000 + 950
            )
        turn = Turn(speaker="patient", text=text, cuts=len(kept))
        return turn, replace(state, interrupted=True)

    async def run(self, seed: int) -> tuple[list[Turn], TrialState]:
        """Run one trial to its end."""
        history, state = self.start()
        while not state.done:
            turn, state = await self.next_turn(history, state, seed)
            if turn is not None:
                history.append(turn)
        return history, state
