"""Rules on the rendered episodes: blocks, deleted facts and annotation units.

Each problem is reported once per episode it is found in (an :class:`EpisodeIssue`); the validator
merges those into one line listing the surfaces and variants (see
:func:`carebench.episodes.rules.common.merge_scopes`), so messages quote the authored text, not
the text as substituted for one surface.
"""

from __future__ import annotations

from carebench.episodes.assemble import (
    AssemblyError,
    assemble_seed,
    render_blocks,
    slot_values,
    substitute,
    variant_spec,
)
from carebench.episodes.loading import ParsedSeed
from carebench.episodes.rules.common import contains, issue
from carebench.episodes.schema import BLOCK_ORDER, BlockKind, Variant
from carebench.episodes.seed import Seed
from carebench.episodes.sources import Source, items_from_texts, split_items
from carebench.errors import ValidationIssue

#: How many words of an evidence line an issue quotes.
QUOTED_WORDS = 6


def first_words(text: str, n: int = QUOTED_WORDS) -> str:
    """The first ``n`` words of ``text``, with ``...`` when there are more."""
    words = text.split()
    return " ".join(words[:n]) + (" ..." if len(words) > n else "")


def describe_items(items: list[Source]) -> str:
    """``R1 "first words ...", N1 "..."``: ids with the start of their lines."""
    return ", ".join(f'{item.id} "{first_words(item.text)}"' for item in items)


def where_phrase(seed: Seed, surface: str, variant: Variant, phrase: str) -> str:
    """Where ``phrase`` appears in one rendered episode: block, slot (if any) and evidence item."""
    blocks = render_blocks(seed, surface, variant)
    slots = slot_values(seed, surface, variant)
    places: list[str] = []
    for kind in BLOCK_ORDER:
        if not contains(blocks[kind], phrase):
            continue
        template = getattr(seed.blocks, kind.value)
        text = template if isinstance(template, str) else template.get(surface, "")
        in_slots = [
            n for n, v in sorted(slots.items()) if f"{{{n}}}" in text and contains(v, phrase)
        ]
        ids = [i.id for i in items_from_texts({kind: blocks[kind]}) if contains(i.text, phrase)]
        part = f"block {kind.value}"
        part += f", slot {', '.join(in_slots)}" if in_slots else " (its own text, not a slot)"
        part += f", item {', '.join(ids)}" if ids else ""
        places.append(part)
    return "; ".join(places) or "nowhere (after normalization)"


def check_deletions(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """The missing variant declares the fact it deletes, and no trace of it stays rendered.

    Paper 000: a missing variant deletes a decision-critical fact. ``deletes`` lists its key
    phrases or values; each must appear in the clean episode (else it names nothing) and none may
    appear anywhere in the missing episode, for any surface (a digest restating it would undo the
    deletion); the issue names the block, slot and evidence item where it remains. Other
    variants may not declare ``deletes`` (that the missing variant does is a schema rule).
    """
    issues: list[ValidationIssue] = []
    for variant in Variant:
        if variant is not Variant.MISSING and variant_spec(seed, variant).deletes:
            issues.append(
                issue(
                    parsed,
                    ("variants", variant.value, "deletes"),
                    "only the missing variant deletes a fact; remove 'deletes' here",
                )
            )
    spec = variant_spec(seed, Variant.MISSING)
    base = ("variants", Variant.MISSING.value, "deletes")
    for surface in sorted(seed.surfaces):
        variables = {k: str(v) for k, v in seed.surfaces[surface].items()}
        try:
            clean = "\n".join(render_blocks(seed, surface, Variant.CLEAN).values())
            missing = "\n".join(render_blocks(seed, surface, Variant.MISSING).values())
            phrases = [substitute(p, variables) for p in spec.deletes]
        except AssemblyError:
            return issues  # reported by the placeholder and rendering rules
        for index, (authored, phrase) in enumerate(zip(spec.deletes, phrases, strict=True)):
            if not contains(clean, phrase):
                message = (
                    f"deleted phrase {authored!r} does not appear in the clean episode, so it "
                    "names no fact that the variant deletes"
                )
            elif contains(missing, phrase):
                where = where_phrase(seed, surface, Variant.MISSING, phrase)
                message = (
                    f"deleted phrase {authored!r} still appears in the missing episode, in "
                    f"{where}; delete it everywhere (digests and summaries included)"
                )
            else:
                continue
            issues.append(issue(parsed, (*base, index), message, surface=surface))
    return issues


def _unit_path(seed: Seed, variant: Variant, field: str) -> tuple[str, ...]:
    """Where an episode's annotation field was authored: the variant's override, else the seed."""
    declared = variant_spec(seed, variant).annotations
    if declared is not None and field in declared.model_fields_set:
        return ("variants", variant.value, "annotations", field)
    return ("annotations", field)


def _authored(seed: Seed, variant: Variant, field: str, index: int, fallback: str) -> str:
    """The authored (unsubstituted) value of an annotation unit, for messages."""
    declared = variant_spec(seed, variant).annotations
    layer = declared if declared is not None and field in declared.model_fields_set else None
    values = getattr(layer or seed.annotations, field, ()) if (layer or seed.annotations) else ()
    return str(values[index]) if index < len(values) else fallback


def check_annotations(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Annotation units name what the episodes say (carebench.episodes.matching decides "states").

    Facts to retain or revise must be stated by one evidence line of the clean episode, facts to
    discard by one line of the stale episode (else a scorer could never find them); a fact to
    retain or revise must also be supported, by the claim reader, by the lines that state it
    (bank 2.3: "amoxicillin allergy: maculopapular rash" was stated by a letter that never said
    "allergy", so the reference draft's claim was unsupported); and declared
    admissible sources must be evidence-item ids of every episode they apply to (see
    carebench.episodes.sources); an unknown id is reported with the ids and the first words of
    their lines.
    """
    from carebench.episodes.matching import states
    from carebench.episodes.support import Verdict, explain, support

    issues: list[ValidationIssue] = []
    checks = (
        (Variant.CLEAN, ("retain_facts", "revise_facts"), "clean"),
        (Variant.STALE, ("discard_facts",), "stale"),
    )
    try:
        episodes = assemble_seed(seed)  # kept for loading: the seed is assembled once
    except (AssemblyError, ValueError):
        return issues  # check_rendering, or validate_seed's own assembly, says why
    first_surface: dict[Variant, list[Source]] = {}  # the ids quoted: the first clean episode
    for episode in episodes:
        surface, variant, units = episode.surface, episode.variant, episode.annotations
        if units is None:
            return issues
        items = split_items(episode.transcript)
        shown = first_surface.setdefault(Variant.CLEAN, items)  # the first clean episode's
        own = sorted(i.id for i in items)
        differ = (
            "" if own == sorted(i.id for i in shown) else f" (this episode's: {', '.join(own)})"
        )
        for checked, fields, name in checks:
            for field in fields if variant is checked else ():
                for index, fact in enumerate(getattr(units, field)):
                    stating = [item.text for item in items if states(item.text, fact)]
                    evidence = "\n".join(stating)
                    if (
                        stating
                        and field != "discard_facts"
                        and support(fact, evidence) is not Verdict.SUPPORTED
                    ):
                        issues.append(
                            issue(
                                parsed,
                                (*_unit_path(seed, variant, field), index),
                                f"{_authored(seed, variant, field, index, fact)!r} is stated by "
                                "an evidence line of the clean episode, but a draft claim that "
                                "says it and cites the lines stating it is not supported by "
                                f"them ({explain(fact, evidence)}), so no draft could be "
                                "credited with it: word the fact as the evidence does, or let "
                                "the evidence say it (carebench.episodes.support)",
                                surface=surface,
                            )
                        )
                    if not stating:
                        issues.append(
                            issue(
                                parsed,
                                (*_unit_path(seed, variant, field), index),
                                f"{_authored(seed, variant, field, index, fact)!r} is not stated "
                                f"by any one evidence line of the {name} episode (every number "
                                "and most of its words must appear in one line; see "
                                "carebench.episodes.matching)",
                                surface=surface,
                            )
                        )
        ids = {item.id for item in items}
        for index, source in enumerate(units.admissible_sources):
            if source not in ids:
                issues.append(
                    issue(
                        parsed,
                        (*_unit_path(seed, variant, "admissible_sources"), index),
                        f"{source!r} is not an evidence item id of the episode; the ids are "
                        f"{describe_items(shown)}{differ} (`carebench episodes show --items "
                        f"{seed.id} PATHS` prints every episode's lines in full)",
                        surface=surface,
                        variant=variant.value,
                    )
                )
    return issues


def _declared(seed: Seed, variant: Variant, field: str) -> bool:
    """Whether the seed or the variant declares annotation ``field`` (else it is derived)."""
    layers = (seed.annotations, variant_spec(seed, variant).annotations)
    return any(layer is not None and field in layer.model_fields_set for layer in layers)


def check_stale_sources(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Warning: a declared admissible source whose line is only superseded (stale) text.

    docs/protocol.md: an item made only of superseded text cannot be cited, so scorers treat it as
    inadmissible whatever ``admissible_sources`` says; the declaration is then misleading rather
    than wrong, hence a warning (the seed stays valid). Derived admissible sources never include
    such an item. The message quotes the item's line as first found (first surface in bank order),
    so one problem is one line listing the surfaces and variants it affects.
    """
    try:
        episodes = assemble_seed(seed)
    except (AssemblyError, ValueError):
        return []  # the rendering rules say why
    issues: list[ValidationIssue] = []
    quoted: dict[tuple[str | int, ...], str] = {}
    for episode in episodes:
        units, variant = episode.annotations, episode.variant
        if units is None or not _declared(seed, variant, "admissible_sources"):
            continue
        items = {i.id: i for i in split_items(episode.transcript, units.superseded)}
        for index, source in enumerate(units.admissible_sources):
            item = items.get(source)
            if item is None or item.evidence:
                continue  # an unknown id is an error (check_annotations); a current line is fine
            path: tuple[str | int, ...] = (*_unit_path(seed, variant, "admissible_sources"), index)
            quote = quoted.setdefault(path, first_words(item.text))
            message = (
                f'seed {seed.id}: admissible source {source} "{quote}" is only superseded '
                "text, which cannot be cited (docs/protocol.md), so scorers treat it as "
                "inadmissible; remove it from admissible_sources or name the line with the "
                "current value"
            )
            issues.append(
                issue(parsed, path, message, surface=episode.surface, variant=variant.value)
            )
    return issues


def _check_blocks(
    seed: Seed, parsed: ParsedSeed, surface: str, clean: dict[BlockKind, str]
) -> list[ValidationIssue]:
    issues: list[ValidationIssue] = []
    for variant in Variant:
        blocks = clean if variant is Variant.CLEAN else render_blocks(seed, surface, variant)
        for kind in BLOCK_ORDER:
            if not blocks[kind]:
                issues.append(
                    issue(
                        parsed,
                        ("blocks", kind.value),
                        "block renders empty",
                        surface=surface,
                        variant=variant.value,
                    )
                )
        if variant is Variant.CLEAN:
            continue
        changed = [k.value for k in BLOCK_ORDER if blocks[k] != clean[k]]
        if len(changed) != 1:
            issues.append(
                issue(
                    parsed,
                    ("variants", variant.value),
                    f"the {variant.value} episode differs from clean in {len(changed)} blocks "
                    f"({', '.join(changed) or 'none'}); it must differ in exactly the block of "
                    "its hooked slot",
                    surface=surface,
                )
            )
    return issues


def check_rendering(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Render every episode: no empty block; each variant differs from clean in exactly one block."""
    issues: list[ValidationIssue] = []
    for surface in sorted(seed.surfaces):
        try:
            issues += _check_blocks(
                seed, parsed, surface, render_blocks(seed, surface, Variant.CLEAN)
            )
        except AssemblyError as exc:
            issues.append(issue(parsed, ("surfaces", surface), f"cannot render: {exc}"))
    return issues


__all__ = [
    "check_annotations",
    "check_deletions",
    "check_rendering",
    "check_stale_sources",
    "first_words",
]
