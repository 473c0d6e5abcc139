"""Deterministic assembly of a seed into its 10 episodes (2 surfaces x 5 variants), with no LLM.

Conventions:
    * Placeholders are ``{name}``; a name resolves to a slot first, then to a surface variable. Slot
      text may itself hold surface variables (one level; slots never nest).
    * A variant's hook replaces the text of exactly one slot; every other slot and block is shared
      with clean, so the episodes of a seed are paired.
    * Each block is whitespace-normalized after substitution: runs of spaces collapse to one, lines
      are right-stripped, at most one blank line separates paragraphs, and the block is stripped.
      A slot emptied by a hook therefore leaves no stray spaces or blank lines.
    * Annotation units may use surface variables too; they are substituted per surface. A variant's
      ``annotations`` replace the seed's field by field, except ``handoff_values``, which they
      update key by key. Unless declared, an episode's admissible
      sources are derived (:func:`carebench.episodes.sources.default_admissible`): every evidence
      item less those carrying the text the stale variant replaced.
    * Episode ids are ``<seed id>.<surface>.<variant>``; surfaces are ordered by name, variants in the
      order clean, missing, stale, conflict, late_risk.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from carebench.episodes.schema import (
    ACTION_MEANINGS,
    BLOCK_ORDER,
    DEFAULT_HEADERS,
    ActionOption,
    Annotations,
    Block,
    BlockKind,
    Episode,
    ReferenceDecision,
    Variant,
)
from carebench.episodes.seed import Seed, Text, VariantSpec

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_SPACES = re.compile(r"[ \t]+")
_BLANKS = re.compile(r"\n{3,}")


class AssemblyError(ValueError):
    """A seed could not be assembled; the validator reports these as located issues."""


def text_for(value: Text, surface: str) -> str:
    """The text of ``value`` for ``surface`` (a per-surface mapping or a shared string)."""
    if isinstance(value, str):
        return value
    if surface not in value:
        raise AssemblyError(f"no text for surface {surface!r}")
    return value[surface]


def normalize(text: str) -> str:
    """Whitespace-normalize one block (see the module conventions)."""
    lines = [_SPACES.sub(" ", line).strip() for line in text.strip().splitlines()]
    return _BLANKS.sub("\n\n", "\n".join(lines)).strip()


def substitute(template: str, values: Mapping[str, str]) -> str:
    """Replace every ``{name}`` in ``template`` by ``values[name]``.

    Raises:
        AssemblyError: a placeholder has no value.
    """

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise AssemblyError(f"undefined placeholder {{{name}}}")
        return values[name]

    return PLACEHOLDER.sub(replace, template)


def variant_spec(seed: Seed, variant: Variant) -> VariantSpec:
    """The authored spec of one variant."""
    spec: VariantSpec = getattr(seed.variants, variant.value)
    return spec


def slot_values(seed: Seed, surface: str, variant: Variant) -> dict[str, str]:
    """Resolved slot texts for one surface and variant (the hook applied, variables substituted)."""
    variables = {name: str(value) for name, value in seed.surfaces[surface].items()}
    raw = {name: text_for(value, surface) for name, value in seed.slots.items()}
    for name, value in variant_spec(seed, variant).change.items():
        raw[name] = text_for(value, surface)
    return {name: substitute(text, variables) for name, text in raw.items()}


# Work on recent seeds, keyed by object identity and checked against the object itself (seeds are
# frozen): validation and assembly render each episode up to four times and assemble each seed
# twice; these caches do each once.
_CACHE_MAX = 4096
_RENDERED: dict[Hashable, tuple[Seed, Any]] = {}
_ASSEMBLED: dict[Hashable, tuple[Seed, Any]] = {}


def _per_seed(
    cache: dict[Hashable, tuple[Seed, Any]], key: Hashable, seed: Seed, build: Callable[[], Any]
) -> Any:
    """``build()`` for ``seed`` under ``key``, computed once while ``seed`` is the same object."""
    hit = cache.get(key)
    if hit is not None and hit[0] is seed:
        return hit[1]
    value = build()
    if len(cache) >= _CACHE_MAX:
        cache.clear()
    cache[key] = (seed, value)
    return value


def render_blocks(seed: Seed, surface: str, variant: Variant) -> dict[BlockKind, str]:
    """The five normalized block texts of one episode."""

    def build() -> dict[BlockKind, str]:
        variables = {name: str(value) for name, value in seed.surfaces[surface].items()}
        values = {**variables, **slot_values(seed, surface, variant)}
        return {
            kind: normalize(substitute(text_for(getattr(seed.blocks, kind.value), surface), values))
            for kind in BLOCK_ORDER
        }

    return dict(_per_seed(_RENDERED, (id(seed), surface, variant), seed, build))


def episode_annotations(
    seed: Seed, surface: str, variant: Variant, blocks: Mapping[BlockKind, str]
) -> Annotations | None:
    """The annotation units of one episode (see the module conventions), variables substituted."""
    from carebench.episodes.sources import (
        default_admissible,
        items_from_texts,
        superseded_sentences,
    )

    declared = variant_spec(seed, variant).annotations
    if seed.annotations is None and declared is None:
        return None
    units: dict[str, Any] = {}
    explicit: set[str] = set()
    for layer in (seed.annotations, declared):
        if layer is not None:
            dumped = layer.model_dump(include=layer.model_fields_set)
            if "handoff_values" in dumped:  # merged key by key, not replaced
                dumped["handoff_values"] = {
                    **units.get("handoff_values", {}),
                    **dumped["handoff_values"],
                }
            units.update(dumped)
            explicit |= layer.model_fields_set
    variables = {name: str(value) for name, value in seed.surfaces[surface].items()}
    values: dict[str, Any] = {
        field: (
            {k: tuple(substitute(v, variables) for v in vs) for k, vs in items.items()}
            if isinstance(items, dict)
            else tuple(substitute(item, variables) for item in items)
        )
        for field, items in units.items()
    }
    if "superseded" not in explicit and variant is Variant.STALE:
        stale = slot_values(seed, surface, Variant.STALE)
        clean = slot_values(seed, surface, Variant.CLEAN)
        values["superseded"] = tuple(
            sentence
            for name in variant_spec(seed, variant).change
            for sentence in superseded_sentences(normalize(stale[name]), normalize(clean[name]))
        )
    if "admissible_sources" not in explicit:
        items = items_from_texts(blocks, values.get("superseded", ()))
        values["admissible_sources"] = default_admissible(items)
    return Annotations(**values)


def assemble_seed(seed: Seed) -> list[Episode]:
    """Assemble the 10 episodes of one seed, in surface-name then variant order.

    Validation assembles every valid seed and loading assembles it again, so the episodes of
    recent seed objects are kept (by identity, like :func:`render_blocks`; episodes are frozen).

    Raises:
        AssemblyError: a placeholder or surface text is missing (the validator reports these first).
    """
    return list(_per_seed(_ASSEMBLED, id(seed), seed, lambda: tuple(_assemble(seed))))


def _assemble(seed: Seed) -> list[Episode]:
    """The episodes of :func:`assemble_seed`, built."""
    meanings = ACTION_MEANINGS[seed.task_class]
    action_space = tuple(ActionOption(action=a, meaning=meanings[a]) for a in seed.actions)
    headers = {**DEFAULT_HEADERS, **seed.headers}
    episodes: list[Episode] = []
    for surface in sorted(seed.surfaces):
        for variant in Variant:
            blocks = render_blocks(seed, surface, variant)
            reference = variant_spec(seed, variant).reference
            episodes.append(
                Episode(
                    episode_id=f"{seed.id}.{surface}.{variant.value}",
                    seed_id=seed.id,
                    task_class=seed.task_class,
                    topic=seed.topic,
                    surface=surface,
                    variant=variant,
                    split=seed.split,
                    context_packet=f"{blocks[BlockKind.SETTING]}\n\n{blocks[BlockKind.RECORD]}",
                    state_change=(
                        f"{blocks[BlockKind.NEW_INFORMATION]}\n\n{blocks[BlockKind.AFTER_REQUEST]}"
                    ),
                    action_space=action_space,
                    reference=ReferenceDecision(
                        primary=reference.primary, acceptable=reference.acceptable_set()
                    ),
                    rationale=reference.rationale.strip(),
                    transcript=tuple(
                        Block(kind=kind, title=headers[kind], text=blocks[kind])
                        for kind in BLOCK_ORDER
                    ),
                    annotations=episode_annotations(seed, surface, variant, blocks),
                )
            )
    return episodes
