"""Judge-validation pack items as annotation units: labels, checks, agreement, export.

The annotation app serves the items of an interruption study's judge-validation pack
(:func:`carebench.interruptions.validation.export_pack`) as a second kind of unit, with the same
blinding, claiming and adjudication rules as episode units. Pure functions; the store and the app
are the I/O edges.

Conventions:

* A pack item's label (:class:`JudgeLabel`) is a verdict, ``pass`` or ``fail``, answering the
  item's question (the canonical question asked after the interruption, or the required content
  points conveyed), and a free-text note.
* The one unit type is ``verdict`` (:data:`PACK_UNIT_TYPES`). Its disagreement type follows the
  rule for episode list units: when the two verdicts differ the adjudicator records
  ``clinical_fact`` (one annotator misjudged what the transcript shows), ``text_ambiguity`` (the
  transcript allows both readings) or ``leak`` (the verdict could be read off a surface cue);
  when they agree, ``none`` or one of those three (both may share an error).
* Agreement is percent agreement, Cohen's kappa and Krippendorff's alpha over items with two
  submitted verdicts, one nominal rating per item (:func:`pack_agreement`).
* The export (:func:`pack_export_files`) writes ``labels.csv`` in exactly the format
  ``carebench interrupt validate-judge --labels`` reads (``annotator_a`` is the first annotator to
  claim the item, ``annotator_b`` the second, ``resolved`` the adjudicated verdict), plus
  ``adjudication.csv`` with the names, notes and disagreement type of each item.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from carebench.episodes.review import DisagreementType
from carebench.errors import CarebenchError
from carebench.protocol.agreement import PairedAgreement, paired_agreement
from carebench.protocol.annotation import AdjudicatedUnit, RatedUnit, check_text
from carebench.protocol.spreadsheet import safe_cell

Verdict = Literal["pass", "fail"]
VERDICTS: tuple[Verdict, ...] = ("pass", "fail")
PACK_UNIT_TYPES: tuple[str, ...] = ("verdict",)
"""The unit types of a pack item (agreement and disagreement types are reported for these)."""
MAX_NOTE_CHARS = 5000

_JUDGED = (DisagreementType.CLINICAL_FACT, DisagreementType.TEXT_AMBIGUITY, DisagreementType.LEAK)


class JudgeLabel(BaseModel):
    """One person's answer to a pack item's question."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    verdict: Verdict
    note: str = ""


def make_judge_label(verdict: object, note: object = "") -> JudgeLabel:
    """A validated label from raw form or API values.

    Raises:
        CarebenchError: the verdict is not ``pass`` or ``fail``, or the note is not text or is
            longer than :data:`MAX_NOTE_CHARS`.
    """
    if verdict not in VERDICTS:
        raise CarebenchError(f"verdict: {verdict!r}; expected one of {list(VERDICTS)}")
    note = check_text(note, "note")
    if len(note) > MAX_NOTE_CHARS:
        raise CarebenchError(f"note: {len(note)} characters; at most {MAX_NOTE_CHARS} expected")
    return JudgeLabel(verdict=verdict, note=note.replace("\r\n", "\n"))


def allowed_pack_types(a: JudgeLabel, b: JudgeLabel) -> list[DisagreementType]:
    """The disagreement types an adjudicator may record for two verdicts (module doc)."""
    return list(_JUDGED) if a.verdict != b.verdict else [DisagreementType.NONE, *_JUDGED]


def check_pack_disagreements(
    a: JudgeLabel, b: JudgeLabel, disagreements: Mapping[str, DisagreementType | str]
) -> dict[str, DisagreementType]:
    """Validated disagreement types (one, for ``verdict``).

    Raises:
        CarebenchError: ``verdict`` is missing, another unit type is given, or the type is not
            allowed for this pair (the message lists the allowed values).
    """
    unknown = sorted(set(disagreements) - set(PACK_UNIT_TYPES))
    if "verdict" not in disagreements or unknown:
        raise CarebenchError(
            f"disagreement types: expected one for each of {list(PACK_UNIT_TYPES)}"
            + (f"; unknown {unknown}" if unknown else "")
        )
    allowed = allowed_pack_types(a, b)
    raw = disagreements["verdict"]
    kind = DisagreementType(raw) if raw in {t.value for t in DisagreementType} else None
    if kind not in allowed:
        raise CarebenchError(
            f"disagreement type of verdict: {raw!r} is not allowed here; expected one of "
            f"{[t.value for t in allowed]}"
        )
    return {"verdict": kind}


def pack_agreement(rated: Sequence[RatedUnit[JudgeLabel]]) -> dict[str, PairedAgreement]:
    """Agreement of the two annotators' verdicts, one nominal rating per item (by unit type)."""
    return {
        "verdict": paired_agreement(
            [r.first.verdict for r in rated], [r.second.verdict for r in rated], len(rated)
        )
    }


LABEL_COLUMNS = ("item_id", "annotator_a", "annotator_b", "resolved")
"""The columns of the labels CSV that :func:`carebench.interruptions.validation.agreement` reads."""


def format_labels(rows: Iterable[tuple[str, str, str, str]]) -> str:
    """The labels CSV :func:`carebench.interruptions.validation.agreement` reads: ``item_id, annotator_a, annotator_b, resolved``."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(LABEL_COLUMNS)
    writer.writerows(rows)
    return buffer.getvalue()


def pack_export_files(items: Sequence[AdjudicatedUnit[JudgeLabel]]) -> dict[str, str]:
    """``labels.csv`` (validate-judge's input) and ``adjudication.csv``, as ``name -> text``."""
    ordered = sorted(items, key=lambda i: i.unit_id)
    labels = format_labels(
        (i.unit_id, i.annotators[0][1].verdict, i.annotators[1][1].verdict, i.final.verdict)
        for i in ordered
    )
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        ["item_id", "annotator_a", "annotator_b", "adjudicator", "disagreement",
         "note_a", "note_b", "note_resolved"]
    )  # fmt: skip
    for i in ordered:
        (name_a, a), (name_b, b) = i.annotators
        cells = (i.unit_id, name_a, name_b, i.adjudicator, i.disagreements["verdict"].value,
                 a.note, b.note, i.final.note)  # fmt: skip
        writer.writerow([safe_cell(c) for c in cells])  # typed by people: safe in a spreadsheet
    return {"labels.csv": labels, "adjudication.csv": buffer.getvalue()}
