"""The two kinds of annotation unit as one strategy: what a label is, its agreement and its export.

An annotation database holds episode units (:mod:`carebench.protocol.annotation`) or the items of
one judge-validation pack (:mod:`carebench.protocol.pack_annotation`). Everything the store, the
agreement report and the export do differently for the two is a field of :class:`LabelKind`, so
they are written once; :func:`label_kind` picks the kind of a database.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from carebench.episodes.review import UNIT_TYPES, DisagreementType, UnitLabels
from carebench.errors import CarebenchError
from carebench.protocol.agreement import PairedAgreement
from carebench.protocol.annotation import (
    AdjudicatedUnit,
    L,
    RatedUnit,
    agreement_by_unit_type,
    check_disagreements,
    export_files,
)
from carebench.protocol.pack_annotation import (
    PACK_UNIT_TYPES,
    JudgeLabel,
    check_pack_disagreements,
    pack_agreement,
    pack_export_files,
)

AnyLabels = UnitLabels | JudgeLabel
"""A label of either kind of unit: an episode unit's, or a pack item's verdict."""
EPISODE = "episode"
PACK_PREFIX = "pack:"


@dataclass(frozen=True)
class LabelKind(Generic[L]):
    """One kind of unit, as the store, agreement and export see it.

    Attributes:
        name: ``episode`` or ``pack``.
        model: the label's pydantic model.
        unit_types: the unit types agreement and disagreement types are reported for.
        folders: the export's folders that exist even when nothing is adjudicated.
        agreement: agreement per unit type of the units with two submitted labels.
        check: validated disagreement types of a pair (first, second, chosen types).
        export: the export's files (``relative path -> text``) of the adjudicated units.
    """

    name: str
    model: type[L]
    unit_types: tuple[str, ...]
    folders: tuple[str, ...]
    agreement: Callable[[Sequence[RatedUnit[L]]], dict[str, PairedAgreement]]
    check: Callable[[L, L, Mapping[str, DisagreementType | str]], dict[str, DisagreementType]]
    export: Callable[[Sequence[AdjudicatedUnit[L]]], dict[str, str]]

    def coerce(self, labels: AnyLabels, unit: str) -> L:
        """``labels`` as this kind's model.

        Raises:
            CarebenchError: the database holds the other kind's label for ``unit``.
        """
        if not isinstance(labels, self.model):
            raise CarebenchError(f"{unit}: holds a label of another kind where {self.name} belong")
        return labels


EPISODE_LABELS: LabelKind[UnitLabels] = LabelKind(
    "episode labels",
    UnitLabels,
    UNIT_TYPES,
    ("review", "labels"),
    agreement_by_unit_type,
    check_disagreements,
    export_files,
)
PACK_LABELS: LabelKind[JudgeLabel] = LabelKind(
    "judge-pack verdicts",
    JudgeLabel,
    PACK_UNIT_TYPES,
    (),
    pack_agreement,
    check_pack_disagreements,
    pack_export_files,
)


def is_pack(kind: str | None) -> bool:
    """Whether a database of this kind (``AnnotationStore.kind``) holds pack items."""
    return kind is not None and kind.startswith(PACK_PREFIX)


def label_kind(kind: str | None) -> LabelKind[Any]:
    """The strategy for a database of ``kind`` (``episode``, ``pack:...``; None: empty, episode)."""
    return PACK_LABELS if is_pack(kind) else EPISODE_LABELS


def parse_labels(data: Any) -> AnyLabels:
    """A stored label (a dict): a pack item's verdict when it has one, else an episode unit's."""
    if isinstance(data, dict) and "verdict" in data:
        return JudgeLabel.model_validate(data)
    return UnitLabels.model_validate(data)


def agreement_report(
    name: str,
    kind: LabelKind[Any],
    rated: Sequence[RatedUnit[Any]],
    disagreements: Sequence[Mapping[str, DisagreementType]],
) -> dict[str, Any]:
    """The agreement report (``agreement.json``) of a database of kind ``name``.

    Args:
        name: the database's kind (``episode`` or ``pack:...``).
        kind: its strategy.
        rated: the units with two submitted labels.
        disagreements: the disagreement types of each adjudicated unit.
    """
    counts: dict[str, dict[str, int]] = {}
    for unit_type in kind.unit_types if disagreements else ():
        counts[unit_type] = {t.value: 0 for t in DisagreementType}
        for found in disagreements:
            counts[unit_type][found[unit_type].value] += 1
    return {
        "kind": name,
        "units_with_two_labels": len(rated),
        "units_adjudicated": len(disagreements),
        "agreement": {k: v.as_dict() for k, v in kind.agreement(rated).items()},
        "disagreements": counts,
    }


def format_percent(share: float | None) -> str:
    """A share in [0, 1] as a percentage with two decimals (``86.46 %``), like validate-judge."""
    return "n/a" if share is None else f"{100 * share:.2f} %"


def format_coefficient(x: float | None) -> str:
    """A kappa or alpha with three decimals, ``n/a`` when undefined (None)."""
    return "n/a" if x is None else f"{x:.3f}"


def format_agreement(data: dict[str, Any]) -> str:
    """Markdown tables of an agreement report (``agreement_json``; undefined coefficients n/a).

    Percent agreement is shown in percent (:func:`format_percent`); ``agreement.json`` keeps it as
    a share in [0, 1] (field ``percent``).
    """
    fmt = format_coefficient
    lines = [
        f"Units with two submitted labels: {data['units_with_two_labels']}; "
        f"adjudicated: {data['units_adjudicated']}.",
        "",
        "| unit type | units | paired ratings | percent agreement | Cohen's kappa | "
        "Krippendorff's alpha |",
        "|---|---|---|---|---|---|",
    ]
    for name, row in data["agreement"].items():
        lines.append(
            f"| {name} | {row['units']} | {row['ratings']} | {format_percent(row['percent'])} | "
            f"{fmt(row['kappa'])} | {fmt(row['alpha'])} |"
        )
    if data["disagreements"]:
        kinds = [t.value for t in DisagreementType]
        lines += ["", "| unit type | " + " | ".join(kinds) + " |", "|---" * (len(kinds) + 1) + "|"]
        for name, counts in data["disagreements"].items():
            lines.append(f"| {name} | " + " | ".join(str(counts[k]) for k in kinds) + " |")
    return "\n".join(lines)
