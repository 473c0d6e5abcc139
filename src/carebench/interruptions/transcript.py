"""Turns and transcripts: what each party said and what the other party actually heard.

A history is append-only. An interrupting patient turn records ``cuts``, the number of characters of
the preceding agent turn that were spoken before the patient came in; that agent turn's delivered
text is the exact prefix ``text[:cuts]``. The agent only ever sees delivered text, as a cascaded
voice agent (speech-to-text -> LLM -> text-to-speech) would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

Speaker = Literal["agent", "patient"]


class Turn(BaseModel):
    """One turn. ``prelude`` marks the canned opening exchange; ``cuts`` marks an interruption."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    speaker: Speaker
    text: str
    prelude: bool = False
    cuts: int | None = None


class Delivered(BaseModel):
    """A turn as heard: ``kept`` is the delivered text, ``lost`` what the cut removed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    speaker: Speaker
    kept: str
    lost: str
    prelude: bool
    interruption: bool

    @property
    def truncated(self) -> bool:
        """Whether the turn was cut off."""
        return bool(self.lost)


def delivered(history: Sequence[Turn]) -> list[Delivered]:
    """Apply every interruption's cut to the agent turn before it."""
    out: list[Delivered] = []
    for i, turn in enumerate(history):
        nxt = history[i + 1] if i + 1 < len(history) else None
        cut = nxt.cuts if nxt is not None and turn.speaker == "agent" else None
        kept, lost = (turn.text, "") if cut is None else (turn.text[:cut], turn.text[cut:])
        out.append(
            Delivered(
                speaker=turn.speaker,
                kept=kept,
                lost=lost,
                prelude=turn.prelude,
                interruption=turn.cuts is not None,
            )
        )
    return out
