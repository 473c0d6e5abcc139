"""Annotation units of paper 001 per seed x variant: the units to label, checks, agreement, export.

Pure functions over plain data; the SQLite store (:mod:`carebench.protocol.annotation_store`) and
the web app (:mod:`carebench.web`) are the I/O edges.

Conventions:

* One **unit** is one seed x variant, id ``<seed id>.<variant>``. Labels are per variant and shared
  by both surfaces; annotators read the first surface's (``s1``) transcript.
* A label (:class:`~carebench.episodes.review.UnitLabels`) holds the primary action, the acceptable
  set, six lists (:data:`~carebench.episodes.review.LIST_UNITS`), a note and a one-line rationale
  (what the seed's ``reference.rationale`` holds, so an export can be pasted into a seed). List items are
  compared after :func:`normalize_item` (case-folded, whitespace collapsed, trailing ``.,;:``
  dropped), so wording that differs beyond that is a disagreement the adjudicator resolves.
* Agreement is reported per unit type (:func:`agreement_by_unit_type`): the primary action is a
  categorical rating per unit; the acceptable set is a categorical rating per unit whose category
  is the set; each list type is a binary rating (proposed or not) per unit x candidate item, where
  a seed's candidates are every item either annotator proposed for any variant of that seed (plus,
  for admissible sources, every evidence item id of the unit). Candidates are pooled per seed
  because the facts are the seed's and the variant decides which apply: an item one annotator
  gives for the clean variant and both leave out of the missing one is agreement on the latter.
  (Candidates only from the one unit would leave no item both raters omitted, so kappa could never
  be positive.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import yaml

from carebench.episodes.review import (
    LIST_UNITS,
    UNIT_TYPES,
    DisagreementType,
    Label,
    ProtocolReview,
    Review,
    SeedReview,
    UnitLabels,
    VariantReview,
)
from carebench.episodes.schema import Action, Episode, TaskClass, Variant
from carebench.episodes.sources import episode_sources
from carebench.errors import CarebenchError
from carebench.protocol.agreement import PairedAgreement, paired_agreement

MAX_ITEMS = 100
MAX_ITEM_CHARS = 500
MAX_NOTE_CHARS = 5000
MAX_RATIONALE_CHARS = 1000
AGREEMENT_TYPES: tuple[str, ...] = ("primary", "acceptable", *LIST_UNITS)
"""The unit types agreement is reported for (the decision split into primary and set)."""

_UNIT_ID = re.compile(r"^([a-z0-9][a-z0-9-]*)\.([a-z_]+)$")
_SPACE = re.compile(r"\s+")
_ACTION_ORDER = {a: i for i, a in enumerate(Action)}
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
L = TypeVar("L")
"""A label of one kind of unit (episode labels or a pack item's verdict)."""


def check_text(value: object, what: str) -> str:
    r"""``value`` as text that UTF-8 can store.

    Raises:
        CarebenchError: ``value`` is not a string, or holds a lone surrogate (``\ud800``), which
            no UTF-8 file or SQLite text can hold; the message names ``what``.
    """
    if not isinstance(value, str):
        raise CarebenchError(f"{what}: expected text")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise CarebenchError(
            f"{what}: character {exc.start + 1} is a lone surrogate, not Unicode text"
        ) from exc
    return value


@dataclass(frozen=True)
class SourceItem:
    """One citable evidence item of a unit's transcript."""

    id: str
    text: str


@dataclass(frozen=True)
class Unit:
    """One annotation unit: a seed x variant and the text annotators read."""

    id: str
    seed_id: str
    variant: Variant
    task_class: TaskClass
    topic: str
    transcript: str
    sources: tuple[SourceItem, ...]

    @property
    def source_ids(self) -> tuple[str, ...]:
        """The ids of the unit's evidence items, in reading order."""
        return tuple(s.id for s in self.sources)


def unit_id(seed_id: str, variant: Variant | str) -> str:
    """The unit id ``<seed id>.<variant>``."""
    return f"{seed_id}.{Variant(variant).value}"


def parse_unit_id(text: str) -> tuple[str, Variant]:
    """Seed id and variant of a unit id.

    Raises:
        CarebenchError: ``text`` is not ``<seed id>.<variant>``.
    """
    match = _UNIT_ID.match(text)
    if match is None or match.group(2) not in {v.value for v in Variant}:
        raise CarebenchError(
            f"unit id {text!r}: expected <seed id>.<variant> with a variant among "
            f"{[v.value for v in Variant]}"
        )
    return match.group(1), Variant(match.group(2))


def _episode_sources(episode: Episode) -> tuple[SourceItem, ...]:
    return tuple(SourceItem(s.id, s.text) for s in episode_sources(episode))


def build_units(
    episodes: Iterable[Episode],
    seeds: Sequence[str] = (),
    variants: Sequence[Variant | str] = (),
) -> list[Unit]:
    """The annotation units of a bank, optionally restricted to some seeds and variants.

    Args:
        episodes: the bank's episodes (both surfaces; the first surface seen per seed is shown).
        seeds: keep only these seed ids (all when empty).
        variants: keep only these variants (all when empty).

    Raises:
        CarebenchError: a selected seed id is not in the bank, or nothing is selected.
    """
    from carebench.episodes.render import render_transcript

    wanted_variants = {Variant(v) for v in variants}
    episodes = list(episodes)
    known = {e.seed_id for e in episodes}
    unknown = sorted(set(seeds) - known)
    if unknown:
        raise CarebenchError(
            f"seed id(s) {unknown} are not in the bank (it has {len(known)} seeds)"
        )
    units: dict[str, Unit] = {}
    for e in episodes:
        if seeds and e.seed_id not in seeds:
            continue
        if wanted_variants and e.variant not in wanted_variants:
            continue
        uid = unit_id(e.seed_id, e.variant)
        if uid not in units:
            units[uid] = Unit(
                uid,
                e.seed_id,
                e.variant,
                e.task_class,
                e.topic,
                render_transcript(e),
                _episode_sources(e),
            )
    if not units:
        raise CarebenchError("the selection leaves no unit to annotate")
    return list(units.values())


def normalize_item(text: str) -> str:
    """The comparison form of a list item: case-folded, whitespace collapsed, no trailing .,;:."""
    return _SPACE.sub(" ", text).strip().rstrip(".,;:").strip().casefold()


def clean_items(items: Iterable[str], what: str) -> list[str]:
    """Items stripped, blanks dropped, duplicates (after normalizing) dropped, first spelling kept.

    Raises:
        CarebenchError: more than :data:`MAX_ITEMS` items, or an item over
            :data:`MAX_ITEM_CHARS` characters (the message names ``what``).
    """
    kept: dict[str, str] = {}
    for raw in items:
        item = _SPACE.sub(" ", check_text(raw, what)).strip()
        if not item:
            continue
        if len(item) > MAX_ITEM_CHARS:
            raise CarebenchError(
                f"{what}: an item has {len(item)} characters; at most {MAX_ITEM_CHARS} expected"
            )
        kept.setdefault(normalize_item(item), item)
    if len(kept) > MAX_ITEMS:
        raise CarebenchError(f"{what}: {len(kept)} items; at most {MAX_ITEMS} expected")
    return list(kept.values())


def make_labels(
    primary: str,
    acceptable: Iterable[str],
    lists: Mapping[str, Iterable[str]],
    note: str,
    unit: Unit,
    rationale: str = "",
) -> UnitLabels:
    """Validated labels for ``unit`` from raw form or API values.

    The primary action is added to the acceptable set; the set is stored in the action order. The
    rationale must be one line without ``{name}`` placeholders (what a seed's rationale allows).

    Raises:
        CarebenchError: an unknown action, an admissible source that is not one of the unit's
            evidence items, an unknown list name, text that is not Unicode, a rationale over
            one line or with a placeholder, or a size limit exceeded.
    """
    check_text(note, "note")
    rationale = check_text(rationale, "rationale").strip()
    if "\n" in rationale or "\r" in rationale:
        raise CarebenchError("rationale: expected one line")
    if _PLACEHOLDER.search(rationale):
        raise CarebenchError("rationale: a seed's rationale cannot hold a {name} placeholder")
    if len(rationale) > MAX_RATIONALE_CHARS:
        raise CarebenchError(
            f"rationale: {len(rationale)} characters; at most {MAX_RATIONALE_CHARS} expected"
        )
    actions = {a.value: a for a in Action}
    names = [primary, *acceptable]
    bad = [n for n in names if n not in actions]
    if bad:
        raise CarebenchError(f"unknown action(s) {bad}; expected some of {list(actions)}")
    unknown_lists = sorted(set(lists) - set(LIST_UNITS))
    if unknown_lists:
        raise CarebenchError(
            f"unknown unit(s) {unknown_lists}; expected some of {list(LIST_UNITS)}"
        )
    chosen = sorted({actions[n] for n in names}, key=_ACTION_ORDER.__getitem__)
    cleaned = {name: clean_items(lists.get(name, ()), name) for name in LIST_UNITS}
    not_sources = [s for s in cleaned["admissible_sources"] if s not in unit.source_ids]
    if not_sources:
        raise CarebenchError(
            f"admissible_sources: {not_sources} are not evidence items of {unit.id} "
            f"(its items: {list(unit.source_ids)})"
        )
    if len(note) > MAX_NOTE_CHARS:
        raise CarebenchError(f"note: {len(note)} characters; at most {MAX_NOTE_CHARS} expected")
    return UnitLabels(
        primary=actions[primary], acceptable=chosen, note=note, rationale=rationale, **cleaned
    )


def _items(labels: UnitLabels, unit_type: str) -> frozenset[str]:
    return frozenset(normalize_item(x) for x in getattr(labels, unit_type))


def differing_units(a: UnitLabels, b: UnitLabels) -> list[str]:
    """The unit types (:data:`UNIT_TYPES`) on which two labels differ."""
    out = []
    if a.decision().key() != b.decision().key():
        out.append("decision")
    out += [u for u in LIST_UNITS if _items(a, u) != _items(b, u)]
    return out


def structural_type(a: UnitLabels, b: UnitLabels) -> DisagreementType:
    """The decision unit's type read off the labels: none, primary_action or acceptable_set."""
    if a.primary != b.primary:
        return DisagreementType.PRIMARY_ACTION
    if frozenset(a.acceptable) != frozenset(b.acceptable):
        return DisagreementType.ACCEPTABLE_SET
    return DisagreementType.NONE


def allowed_types(a: UnitLabels, b: UnitLabels, unit_type: str) -> list[DisagreementType]:
    """The disagreement types an adjudicator may record for ``unit_type`` of this pair.

    A unit on which the labels differ needs a type other than ``none``; ``primary_action`` and
    ``acceptable_set`` belong to the decision unit and must match what differs; ``clinical_fact``,
    ``text_ambiguity`` and ``leak`` are always allowed (both annotators may share an error).
    """
    judged = [
        DisagreementType.CLINICAL_FACT,
        DisagreementType.TEXT_AMBIGUITY,
        DisagreementType.LEAK,
    ]
    if unit_type == "decision":
        found = structural_type(a, b)
        return [found, *judged]
    if unit_type not in LIST_UNITS:
        raise CarebenchError(f"unknown unit type {unit_type!r}; expected one of {list(UNIT_TYPES)}")
    same = _items(a, unit_type) == _items(b, unit_type)
    return [DisagreementType.NONE, *judged] if same else judged


def check_disagreements(
    a: UnitLabels, b: UnitLabels, disagreements: Mapping[str, DisagreementType | str]
) -> dict[str, DisagreementType]:
    """Validated disagreement types, one per unit type.

    Raises:
        CarebenchError: a unit type is missing or unknown, or its type is not allowed (see
            :func:`allowed_types`); the message names the unit type and the allowed values.
    """
    missing = [u for u in UNIT_TYPES if u not in disagreements]
    unknown = sorted(set(disagreements) - set(UNIT_TYPES))
    if missing or unknown:
        raise CarebenchError(
            f"disagreement types: expected one for each of {list(UNIT_TYPES)}"
            + (f"; missing {missing}" if missing else "")
            + (f"; unknown {unknown}" if unknown else "")
        )
    out: dict[str, DisagreementType] = {}
    for unit_type in UNIT_TYPES:
        raw = disagreements[unit_type]
        allowed = allowed_types(a, b, unit_type)
        try:
            kind = DisagreementType(raw)
        except ValueError:
            kind = None
        if kind not in allowed:
            raise CarebenchError(
                f"disagreement type of {unit_type}: {raw!r} is not allowed here; expected one of "
                f"{[t.value for t in allowed]}"
            )
        out[unit_type] = kind
    return out


@dataclass(frozen=True)
class RatedUnit(Generic[L]):
    """Two annotators' submitted labels of one unit, in claim order (first, second)."""

    unit_id: str
    first: L
    second: L
    source_ids: tuple[str, ...] = ()


def _acceptable_category(labels: UnitLabels) -> str:
    return "+".join(a.value for a in sorted(set(labels.acceptable), key=_ACTION_ORDER.__getitem__))


def agreement_by_unit_type(
    rated: Sequence[RatedUnit[UnitLabels]],
) -> dict[str, PairedAgreement]:
    """Percent agreement, Cohen's kappa and Krippendorff's alpha per unit type (module doc)."""
    out = {
        "primary": paired_agreement(
            [r.first.primary.value for r in rated],
            [r.second.primary.value for r in rated],
            len(rated),
        ),
        "acceptable": paired_agreement(
            [_acceptable_category(r.first) for r in rated],
            [_acceptable_category(r.second) for r in rated],
            len(rated),
        ),
    }
    by_seed: dict[str, list[RatedUnit[UnitLabels]]] = {}
    for r in rated:
        by_seed.setdefault(parse_unit_id(r.unit_id)[0], []).append(r)
    for unit_type in LIST_UNITS:
        a: list[bool] = []
        b: list[bool] = []
        for group in by_seed.values():
            pool: set[str] = set()
            for r in group:
                pool |= _items(r.first, unit_type) | _items(r.second, unit_type)
                if unit_type == "admissible_sources":
                    pool |= {normalize_item(s) for s in r.source_ids}
            for r in group:
                first, second = _items(r.first, unit_type), _items(r.second, unit_type)
                for item in sorted(pool):
                    a.append(item in first)
                    b.append(item in second)
        out[unit_type] = paired_agreement(a, b, len(rated))
    return out


@dataclass(frozen=True)
class AdjudicatedUnit(Generic[L]):
    """One adjudicated unit, ready to export (annotators in claim order)."""

    unit_id: str
    annotators: tuple[tuple[str, L], tuple[str, L]]
    final: L
    disagreements: Mapping[str, DisagreementType]
    adjudicator: str


def _change(first: UnitLabels, final: UnitLabels) -> str:
    if first.decision().key() == final.decision().key():
        return ""

    def show(label: Label) -> str:
        return f"{label.primary.value} {sorted(a.value for a in label.acceptable)}"

    return f"first annotator's {show(first.decision())} adjudicated to {show(final.decision())}"


def _dump(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def export_files(units: Sequence[AdjudicatedUnit[UnitLabels]]) -> dict[str, str]:
    """The release files of adjudicated units, as ``relative path -> YAML text``.

    * ``review/<seed>.yaml``: the bank's review format (:class:`SeedReview`), ``author`` and
      ``reviewer`` being the first and second annotator, each variant carrying ``protocol``;
    * ``labels/<seed>.yaml``: the seed-format fragment ``variants: {<variant>: {reference:
      {primary, acceptable, rationale}, annotations: {retain_facts: [...], ...}}}`` of the final
      labels: everything a seed's variant takes from the labels, so it can be pasted into the seed
      (``rationale`` is left out when the adjudicator gave none; the seed validator then asks
      for it).
    """
    by_seed: dict[str, list[AdjudicatedUnit[UnitLabels]]] = {}
    for u in units:
        by_seed.setdefault(parse_unit_id(u.unit_id)[0], []).append(u)
    files: dict[str, str] = {}
    for seed_id in sorted(by_seed):
        group = sorted(
            by_seed[seed_id], key=lambda u: list(Variant).index(parse_unit_id(u.unit_id)[1])
        )
        variants: dict[Variant, VariantReview] = {}
        fragment: dict[str, Any] = {}
        for u in group:
            variant = parse_unit_id(u.unit_id)[1]
            (_, first), (_, second) = u.annotators
            variants[variant] = VariantReview(
                author=first.decision(),
                reviewer=second.decision(),
                adjudicated=u.final.decision(),
                disagreement=u.disagreements["decision"],
                change=_change(first, u.final),
                reviewer_notes=second.note,
                protocol=ProtocolReview(
                    annotators=dict(u.annotators),
                    final=u.final,
                    disagreements=dict(u.disagreements),
                ),
            )
            reference: dict[str, Any] = {
                "primary": u.final.primary.value,
                "acceptable": [a.value for a in u.final.acceptable],
            }
            if u.final.rationale:
                reference["rationale"] = u.final.rationale
            fragment[variant.value] = {
                "reference": reference,
                "annotations": {name: list(getattr(u.final, name)) for name in LIST_UNITS},
            }
        review = SeedReview(
            seed=seed_id,
            review=Review(
                reviewer="second annotator: "
                + ", ".join(sorted({u.annotators[1][0] for u in group})),
                adjudicator=", ".join(sorted({u.adjudicator for u in group})),
                variants=variants,
            ),
        )
        files[f"review/{seed_id}.yaml"] = _dump(review.model_dump(mode="json"))
        files[f"labels/{seed_id}.yaml"] = _dump({"seed": seed_id, "variants": fragment})
    return files
