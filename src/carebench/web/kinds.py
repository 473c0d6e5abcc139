"""The two kinds of unit the app serves, as one strategy: parsing, templates, page context, export.

:class:`EpisodeUnits` serves episode units (:class:`carebench.protocol.annotation.Unit`, labelled
with the protocol's units); :class:`PackUnits` the items of a judge-validation pack
(:class:`carebench.interruptions.validation.PackItem`, labelled ``pass`` / ``fail`` with a note).
The routers (:mod:`carebench.web.pages`, :mod:`carebench.web.api`) are written once over
:class:`UnitKind`; agreement and the export come from the protocol's
:class:`~carebench.protocol.annotation_kind.LabelKind` the kind names.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from typing_extensions import override

from carebench.episodes.review import LIST_UNITS, UNIT_TYPES, DisagreementType, UnitLabels
from carebench.errors import CarebenchError
from carebench.interruptions.validation import PackItem
from carebench.protocol.annotation import (
    Unit,
    allowed_types,
    check_text,
    differing_units,
    make_labels,
    normalize_item,
    structural_type,
)
from carebench.protocol.annotation_kind import (
    EPISODE_LABELS,
    PACK_LABELS,
    AnyLabels,
    LabelKind,
)
from carebench.protocol.annotation_store import AnnotationStore, StoredAdjudication, pack_kind
from carebench.protocol.pack_annotation import JudgeLabel, allowed_pack_types, make_judge_label

AnyUnit = Unit | PackItem
TEXT_UNITS = tuple(u for u in LIST_UNITS if u != "admissible_sources")
"""The list units typed one per line (admissible sources are ticked)."""


class UnitKind(ABC):
    """What differs between episode units and pack items; the routers hold the rest."""

    name: ClassVar[str]
    """``episode`` or ``pack`` (the ``kind`` of ``GET /api/units``)."""
    labels: ClassVar[LabelKind[Any]]
    label_template: ClassVar[str]
    adjudicate_template: ClassVar[str]
    noun: ClassVar[str]
    fields: ClassVar[tuple[str, ...]]
    """The keys of a label on the API."""

    @abstractmethod
    def register(self, store: AnnotationStore, units: Sequence[Any]) -> None:
        """Record ``units`` in ``store`` (refused for a database of another kind)."""

    @abstractmethod
    def unit_json(self, unit: Any) -> dict[str, Any]:
        """The unit as ``GET /api/units/{unit}`` answers it."""

    def row_json(self, unit: Any) -> dict[str, Any]:
        """What ``GET /api/units`` adds to a unit's id, kind and status."""
        return {}

    @abstractmethod
    def values(self, labels: Any | None) -> dict[str, Any]:
        """Form values of a stored label (empty ones for None)."""

    @abstractmethod
    def form_values(self, form: Any, prefix: str = "") -> dict[str, Any]:
        """Form values read from a submitted form (field names ``prefix`` + name)."""

    @abstractmethod
    def api_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Form values read from an API body's ``labels`` or ``final``.

        Raises:
            CarebenchError: an unknown key, or a value of the wrong type (naming the key).
        """

    @abstractmethod
    def parse(self, values: dict[str, Any], unit: Any) -> AnyLabels:
        """The validated label of ``values`` (CarebenchError naming the field otherwise)."""

    @abstractmethod
    def adjudication_defaults(
        self, a: Any, b: Any, adjudication: StoredAdjudication | None
    ) -> dict[str, Any]:
        """The adjudication form's context for two labels.

        Keys: ``differing`` (unit types), ``types`` (allowed types per unit type), the prefilled
        ``values`` and ``chosen`` types (the recorded adjudication's when there is one).
        """

    def chosen(self, form: Any) -> dict[str, str]:
        """The disagreement types chosen on the adjudication form (``type_<unit type>``)."""
        return {t: str(form.get(f"type_{t}", "")) for t in self.labels.unit_types}

    def check_fields(self, raw: Mapping[str, Any]) -> None:
        """Refuse keys an API label does not have."""
        unknown = sorted(set(raw) - set(self.fields))
        if unknown:
            raise CarebenchError(
                f"unknown field(s) {unknown}; expected some of {list(self.fields)}"
            )


def _str_list(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise CarebenchError(f"{what}: expected a list of strings")
    return list(value)


class EpisodeUnits(UnitKind):
    """Episode units: a decision, six lists, a note and a rationale per seed x variant."""

    name = "episode"
    labels = EPISODE_LABELS
    label_template = "unit.j2"
    adjudicate_template = "adjudicate.j2"
    noun = "unit"
    fields = ("primary", "acceptable", *LIST_UNITS, "note", "rationale")

    @override
    def register(self, store: AnnotationStore, units: Sequence[Any]) -> None:
        store.register_units([(u.id, u.source_ids) for u in units])

    @override
    def unit_json(self, unit: Any) -> dict[str, Any]:
        return {
            "unit": unit.id,
            "kind": "episode",
            "seed": unit.seed_id,
            "variant": unit.variant.value,
            "task_class": unit.task_class.value,
            "topic": unit.topic,
            "transcript": unit.transcript,
            "sources": [{"id": s.id, "text": s.text} for s in unit.sources],
        }

    @override
    def row_json(self, unit: Any) -> dict[str, Any]:
        return {"task_class": unit.task_class.value}

    @override
    def values(self, labels: Any | None) -> dict[str, Any]:
        if labels is None:
            empty: dict[str, Any] = {name: [] for name in LIST_UNITS}
            return {**empty, "primary": None, "acceptable": [], "note": "", "rationale": ""}
        data: dict[str, Any] = labels.model_dump(mode="json")
        return data

    @override
    def form_values(self, form: Any, prefix: str = "") -> dict[str, Any]:
        values: dict[str, Any] = {
            "primary": str(form.get(prefix + "primary", "")),
            "acceptable": [str(a) for a in form.getlist(prefix + "acceptable")],
            "admissible_sources": [str(s) for s in form.getlist(prefix + "admissible_sources")],
            "note": str(form.get(prefix + "note", "")).replace("\r\n", "\n"),
            "rationale": str(form.get(prefix + "rationale", "")),
        }
        for name in TEXT_UNITS:
            values[name] = str(form.get(prefix + name, "")).splitlines()
        return values

    @override
    def api_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        self.check_fields(raw)
        values: dict[str, Any] = {
            name: check_text(raw.get(name, ""), name) for name in ("primary", "note", "rationale")
        }
        for name in ("acceptable", *LIST_UNITS):
            values[name] = _str_list(raw.get(name, []), name)
        return values

    @override
    def parse(self, values: dict[str, Any], unit: Any) -> UnitLabels:
        if not values["primary"]:
            raise CarebenchError("choose a primary action")
        lists = {name: values[name] for name in LIST_UNITS}
        return make_labels(
            values["primary"],
            values["acceptable"],
            lists,
            values["note"],
            unit,
            values["rationale"],
        )

    @override
    def adjudication_defaults(
        self, a: Any, b: Any, adjudication: StoredAdjudication | None
    ) -> dict[str, Any]:
        differing = differing_units(a, b)
        context: dict[str, Any] = {
            "differing": differing,
            "types": {t: allowed_types(a, b, t) for t in UNIT_TYPES},
        }
        if adjudication is not None:
            context["chosen"] = {k: v.value for k, v in adjudication.disagreements.items()}
            context["values"] = self.values(adjudication.final)
            return context
        chosen = {t: "" for t in UNIT_TYPES}
        chosen["decision"] = structural_type(a, b).value
        for t in LIST_UNITS:
            if t not in differing:
                chosen[t] = DisagreementType.NONE.value
        default = self.values(None)
        if "decision" not in differing:
            default["primary"] = a.primary.value
            default["acceptable"] = [x.value for x in a.acceptable]
        for t in LIST_UNITS:
            theirs = {normalize_item(x) for x in getattr(b, t)}
            default[t] = [x for x in getattr(a, t) if normalize_item(x) in theirs]
        if normalize_item(a.rationale) == normalize_item(b.rationale):
            default["rationale"] = a.rationale
        context["chosen"], context["values"] = chosen, default
        return context


class PackUnits(UnitKind):
    """Judge-validation pack items: a verdict and a note per item."""

    name = "pack"
    labels = PACK_LABELS
    label_template = "pack_item.j2"
    adjudicate_template = "pack_adjudicate.j2"
    noun = "item"
    fields = ("verdict", "note")

    @override
    def register(self, store: AnnotationStore, units: Sequence[Any]) -> None:
        store.register_units([(i.id, ()) for i in units], kind=pack_kind([i.id for i in units]))

    @override
    def unit_json(self, unit: Any) -> dict[str, Any]:
        return {
            "unit": unit.id,
            "kind": "pack",
            "question": unit.question,
            "transcript": unit.transcript,
        }

    @override
    def values(self, labels: Any | None) -> dict[str, Any]:
        return {"verdict": "", "note": ""} if labels is None else labels.model_dump(mode="json")

    @override
    def form_values(self, form: Any, prefix: str = "") -> dict[str, Any]:
        return {
            "verdict": str(form.get(prefix + "verdict", "")),
            "note": str(form.get(prefix + "note", "")),
        }

    @override
    def api_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        self.check_fields(raw)
        return {"verdict": raw.get("verdict"), "note": raw.get("note", "")}

    @override
    def parse(self, values: dict[str, Any], unit: Any) -> JudgeLabel:
        return make_judge_label(values["verdict"] or None, values["note"])

    @override
    def adjudication_defaults(
        self, a: Any, b: Any, adjudication: StoredAdjudication | None
    ) -> dict[str, Any]:
        differs = a.verdict != b.verdict
        context: dict[str, Any] = {
            "differing": ["verdict"] if differs else [],
            "types": {"verdict": allowed_pack_types(a, b)},
        }
        if adjudication is not None:
            context["values"] = self.values(adjudication.final)
            context["chosen"] = {"verdict": adjudication.disagreements["verdict"].value}
        else:
            context["values"] = {"verdict": "" if differs else a.verdict, "note": ""}
            context["chosen"] = {"verdict": "" if differs else DisagreementType.NONE.value}
        return context


def unit_kind(units: Sequence[AnyUnit]) -> UnitKind:
    """The kind of ``units``: episode units or pack items.

    Raises:
        CarebenchError: both kinds at once.
    """
    items = [u for u in units if isinstance(u, PackItem)]
    if items and len(items) != len(units):
        raise CarebenchError("serve episode units or the items of one pack, not both at once")
    return PackUnits() if items else EpisodeUnits()
