"""Agent and patient players: the interfaces the simulator drives, and their model-backed versions.

The agent sees an :class:`AgentContext` (pathway, the turns as heard, arm additions) rendered into
chat messages; the patient simulator places cuts, produces interrupting turns and cooperative
replies. Scripted versions live in :mod:`.scripted`; the obligation tracker wraps any agent
(:mod:`.tracker`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from carebench.agents.prompts import Message
from carebench.interruptions import prompts
from carebench.interruptions.cells import Cell
from carebench.interruptions.pathway import Pathway
from carebench.interruptions.roles import CallRecord, ModelRole
from carebench.interruptions.transcript import Delivered


@dataclass(frozen=True)
class AgentContext:
    """What the agent is given for one turn.

    ``calls`` collects the model calls the turn makes (:class:`~.roles.CallRecord`, for its
    latency); an agent that makes none (a scripted policy) leaves it empty.
    """

    pathway: Pathway
    heard: tuple[Delivered, ...]
    defensive: bool = False
    open_obligations: tuple[str, ...] = ()
    calls: list[CallRecord] | None = field(default=None, compare=False, hash=False)

    def messages(self) -> list[Message]:
        """The chat messages the agent receives."""
        system = prompts.agent_system_prompt(
            self.pathway, defensive=self.defensive, open_obligations=self.open_obligations
        )
        return prompts.agent_messages(system, self.heard)


class Agent(Protocol):
    """The agent under test."""

    async def respond(self, context: AgentContext, seed: int) -> str:
        """The agent's next turn."""
        ...


class Patient(Protocol):
    """The patient simulator."""

    async def decide(
        self, pathway: Pathway, cell: Cell, heard: Sequence[Delivered], utterance: str, seed: int
    ) -> str:
        """Whether to cut in on ``utterance`` (the agent's turn after ``heard``): yes or no."""
        ...

    async def place(self, pathway: Pathway, cell: Cell, utterance: str, seed: int) -> str:
        """Propose the kept text: a literal word-boundary prefix of ``utterance``."""
        ...

    async def interrupt(
        self,
        pathway: Pathway,
        cell: Cell,
        directive: str | None,
        heard: Sequence[Delivered],
        seed: int,
    ) -> str:
        """The interrupting turn (``directive`` None: free mode, told only the type)."""
        ...

    async def reply(self, pathway: Pathway, heard: Sequence[Delivered], seed: int) -> str:
        """A cooperative reply to the agent's last (heard) turn."""
        ...


class ModelAgent:
    """An agent played by a model role."""

    def __init__(self, role: ModelRole) -> None:
        self.role = role

    async def respond(self, context: AgentContext, seed: int) -> str:
        """One completion over the rendered messages."""
        return (await self.role.complete(context.messages(), seed, calls=context.calls)).strip()


class ModelPatient:
    """A patient simulator played by a model role."""

    def __init__(self, role: ModelRole) -> None:
        self.role = role

    async def decide(
        self, pathway: Pathway, cell: Cell, heard: Sequence[Delivered], utterance: str, seed: int
    ) -> str:
        """Ask whether to interrupt (the answer is validated by the simulator, not here)."""
        messages = prompts.decision_messages(pathway, cell, heard, utterance)
        return await self.role.complete(messages, seed)

    async def place(self, pathway: Pathway, cell: Cell, utterance: str, seed: int) -> str:
        """Ask for the literal prefix (validated by the simulator, not here)."""
        return await self.role.complete(prompts.placement_messages(pathway, cell, utterance), seed)

    async def interrupt(
        self,
        pathway: Pathway,
        cell: Cell,
        directive: str | None,
        heard: Sequence[Delivered],
        seed: int,
    ) -> str:
        """Generate the interrupting turn."""
        messages = prompts.interruption_messages(pathway, cell, directive, heard)
        return (await self.role.complete(messages, seed)).strip()

    async def reply(self, pathway: Pathway, heard: Sequence[Delivered], seed: int) -> str:
        """Generate a cooperative reply."""
        return (await self.role.complete(prompts.reply_messages(pathway, heard), seed)).strip()
