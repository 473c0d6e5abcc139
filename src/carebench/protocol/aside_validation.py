"""The handoff scorer against independently labelled *asides* (round 20).

An aside is what a handoff adds after a key finding or a field's value: a parenthesis, a dash, a
trailing clause. Some leave the finding standing (a source, a time, the patient's words); others
take it back (not current, someone else's, not real, unreliable, resolved, dismissed). Red teams
8-17 got through the scorer with such asides in words its lists did not hold, so two sets of them
were written and labelled blind to the scorer: ``asides-a.jsonl`` (dev) and ``asides-b.jsonl``
(held out). Who wrote and labelled them (AI sessions, not clinicians):
``src/carebench/scenarios/validation/workproduct/PROVENANCE-asides.md``.

Each row (format ``carebench-aside-labels/1``) names an episode of the packaged bank, a slot of
its reference handoff (a key finding's index, or a field's name), the slot's careful text, the
writer's text with the aside (``text``) and, for a finding, the writer's ``bare`` line without it.
The scorer's verdict (:func:`aside_verdict`) puts the bare line (a field: the careful value) and
then the text into the reference handoff's slot and scores both with
:func:`~carebench.protocol.scores.handoff_completeness`: ``undermines`` when the text scores
lower, else ``keeps``. It is compared with the adjudicated label (``final``) per component
(``aside findings``, ``aside fields``): n, accuracy, Cohen's kappa, and the two labellers' kappa.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from importlib.resources.abc import Traversable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from carebench.agents.workproduct import Handoff, reference_work_product
from carebench.episodes.schema import Episode
from carebench.errors import CarebenchError, first_error
from carebench.protocol.labelled_sets import packaged_folder
from carebench.protocol.scores import handoff_completeness

__all__ = [
    "ASIDE_COMPONENTS",
    "ASIDE_FORMAT",
    "ASIDE_SETS",
    "AsideRow",
    "aside_items",
    "aside_verdict",
    "load_asides",
]

ASIDE_FORMAT = "carebench-aside-labels/1"
ASIDE_SETS = (("asides-a", "dev", "asides-a.jsonl"), ("asides-b", "held-out", "asides-b.jsonl"))
"""(name, role, file) of each packaged aside set; asides-b was scored once, after round 20's
rule was fixed on asides-a and the dev labelled sets (docs/scorer-history.md)."""
ASIDE_COMPONENTS = {"finding": "aside findings", "field": "aside fields"}

Reading = Literal["keeps", "undermines"]
Item = tuple[str, str, str, str]
"""(predicted, final, label_a, label_b) of one labelled aside."""


class AsideRow(BaseModel):
    """One labelled aside (module conventions)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["carebench-aside-labels/1"]
    item_id: str = Field(min_length=1, max_length=64)
    case: str = Field(min_length=1, max_length=64)
    episode_id: str = Field(min_length=1, max_length=200)
    type: Literal["finding", "field"]
    slot: int | str
    careful: str = Field(max_length=4000)
    bare: str | None = Field(default=None, max_length=4000)
    text: str = Field(max_length=4000)
    writer_intent: Reading
    writer_kind: str = Field(max_length=200)
    label_a: Reading
    label_b: Reading
    final: Reading
    disagreement: Literal["guideline", "clinical", "slip"] | None


def load_asides(file: str, folder: Traversable | None = None) -> list[AsideRow]:
    """The rows of one aside file.

    Raises:
        CarebenchError: a line that is not JSON or not a valid row; the message names the file,
            the line and the field.
    """
    path = (folder or packaged_folder()) / file
    rows: list[AsideRow] = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(AsideRow.model_validate(json.loads(line)))
        except (ValueError, ValidationError) as exc:
            where = ""
            if isinstance(exc, ValidationError):
                field, message = first_error(exc)
                where = f" field {field}: {message}"
            else:
                where = f" not JSON ({exc})"
            raise CarebenchError(
                f"{path}:{number}:{where} (a {ASIDE_FORMAT} row: format, item_id, episode_id, "
                "type finding|field, slot, careful, text, labels keeps|undermines)"
            ) from exc
    return rows


def _placed(reference: dict[str, Any], row: AsideRow, text: str) -> Handoff:
    """The reference handoff with ``text`` in the row's slot."""
    data = copy.deepcopy(reference)
    if row.type == "finding":
        findings = data["key_findings"]
        if not isinstance(row.slot, int) or not 0 <= row.slot < len(findings):
            raise CarebenchError(f"aside {row.item_id}: no key finding {row.slot!r}")
        findings[row.slot] = text
    else:
        if row.slot not in data["fields"]:
            raise CarebenchError(f"aside {row.item_id}: no field {row.slot!r}")
        data["fields"][row.slot] = text
    return Handoff.model_validate(data)


def aside_verdict(episode: Episode, row: AsideRow) -> Reading:
    """``undermines`` when the row's text scores lower than its bare line (module conventions)."""
    reference = reference_work_product(episode, episode.reference.primary)["handoff"]
    if reference is None:
        raise CarebenchError(f"aside {row.item_id}: episode {row.episode_id} has no handoff")
    base = row.bare if row.type == "finding" and row.bare is not None else row.careful
    before = handoff_completeness(episode, _placed(reference, row, base)).score or 0.0
    after = handoff_completeness(episode, _placed(reference, row, row.text)).score or 0.0
    return "undermines" if after < before - 1e-9 else "keeps"


def aside_items(
    episodes: Mapping[str, Episode], folder: Traversable | None = None
) -> list[tuple[str, str, str, list[Item]]]:
    """(component, set, role, items) of each aside set and component (module conventions).

    :func:`carebench.protocol.scorer_validation.scorer_agreement` turns them into agreement rows.

    Raises:
        CarebenchError: a bad row, or one naming an episode ``episodes`` does not have.
    """
    loaded = [(name, role, file, load_asides(file, folder)) for name, role, file in ASIDE_SETS]
    out: list[tuple[str, str, str, list[Item]]] = []
    for name, role, file, rows in loaded:  # every file is checked before any is scored
        for kind, component in ASIDE_COMPONENTS.items():
            chosen: Sequence[AsideRow] = [r for r in rows if r.type == kind]
            items: list[Item] = []
            for row in chosen:
                episode = episodes.get(row.episode_id)
                if episode is None:
                    raise CarebenchError(
                        f"{file}: aside {row.item_id}: no episode {row.episode_id}"
                    )
                items.append((aside_verdict(episode, row), row.final, row.label_a, row.label_b))
            out.append((component, name, role, items))
    return out
