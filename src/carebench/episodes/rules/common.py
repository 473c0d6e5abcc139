"""What the seed rules share: located issues, episode-scoped issues and their merging, text walks.

A rule that checks rendered episodes finds the same problem in several of them (one authored
phrase, eight episodes). It reports each occurrence as an :class:`EpisodeIssue` naming its surface
and variant; :func:`merge_scopes` turns the occurrences of one problem (same file, line, field and
message) into one line that lists the surfaces and variants it affects.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from carebench.episodes.assemble import PLACEHOLDER, variant_spec
from carebench.episodes.loading import ParsedSeed
from carebench.episodes.schema import BLOCK_ORDER, Annotations, BlockKind, Variant
from carebench.episodes.seed import Seed, Text
from carebench.errors import ValidationIssue

__all__ = [
    "PLACEHOLDER",
    "EpisodeIssue",
    "annotation_texts",
    "contains",
    "issue",
    "merge_scopes",
    "slot_blocks",
    "strings",
    "texts",
]

Path = tuple[str | int, ...]


@dataclass(frozen=True, order=True)
class EpisodeIssue(ValidationIssue):
    """An issue found in one surface (and, where it applies, one variant) of a seed.

    Attributes:
        surface: the surface name the problem was found in.
        variant: the variant, or ``""`` when the problem is per surface only.
    """

    surface: str = ""
    variant: str = ""


def issue(
    parsed: ParsedSeed, path: Path, message: str, surface: str = "", variant: str = ""
) -> ValidationIssue:
    """A located issue; with ``surface`` (and ``variant``) an :class:`EpisodeIssue`."""
    line, dotted = parsed.line_of(path), ".".join(str(p) for p in path)
    if surface or variant:
        return EpisodeIssue(parsed.file, line, dotted, message, surface, variant)
    return ValidationIssue(parsed.file, line, dotted, message)


def _names(kind: str, values: list[str], every: list[str]) -> str:
    if len(values) == len(every) > 1 and kind == "variant":
        return "all variants"
    plural = kind + ("s" if len(values) > 1 else "")
    return f"{plural} {', '.join(values)}"


def merge_scopes(issues: Iterable[ValidationIssue]) -> list[ValidationIssue]:
    """One plain issue per problem: episode issues that differ only in scope become one line.

    The merged message starts with the scope, ``surfaces s1, s2; variants clean, stale:`` (``all
    variants`` when every variant is affected), in bank order (surfaces sorted, variants in
    :class:`Variant` order). Plain issues pass through unchanged.
    """
    out: list[ValidationIssue] = []
    groups: dict[tuple[str, int | None, str, str], list[EpisodeIssue]] = {}
    for item in issues:
        if isinstance(item, EpisodeIssue):
            key = (item.file, item.line, item.path, item.message)
            groups.setdefault(key, []).append(item)
        else:
            out.append(item)
    order = [v.value for v in Variant]
    for (file, line, path, message), found in groups.items():
        surfaces = sorted({i.surface for i in found if i.surface})
        variants = sorted({i.variant for i in found if i.variant}, key=order.index)
        scope = [_names("surface", surfaces, surfaces)] if surfaces else []
        if variants:
            scope.append(_names("variant", variants, order))
        out.append(ValidationIssue(file, line, path, f"{'; '.join(scope)}: {message}"))
    return out


def texts(seed: Seed) -> Iterator[tuple[Path, Text]]:
    """Every authored agent-visible text value with its field path."""
    for kind in BLOCK_ORDER:
        yield ("blocks", kind.value), getattr(seed.blocks, kind.value)
    for name, value in seed.slots.items():
        yield ("slots", name), value
    for variant in Variant:
        for name, value in variant_spec(seed, variant).change.items():
            yield ("variants", variant.value, "change", name), value


def annotation_texts(seed: Seed) -> Iterator[tuple[Path, str]]:
    """Every string of the seed's and its variants' annotation units, with its path.

    A list unit's strings are at ``(..., field, index)``; ``handoff_values``' at ``(...,
    "handoff_values", field name, index)`` (its field names were read as its strings before).
    """
    layers: list[tuple[tuple[str, ...], Annotations | None]] = [
        (("annotations",), seed.annotations)
    ]
    layers += [
        (("variants", v.value, "annotations"), variant_spec(seed, v).annotations) for v in Variant
    ]
    for base, layer in layers:
        if layer is None:
            continue
        for field, value in layer.model_dump().items():
            groups = value.items() if isinstance(value, dict) else [(None, value)]
            for key, items in groups:
                where = (*base, field) if key is None else (*base, field, key)
                for index, item in enumerate(items):
                    yield (*where, index), item


def strings(value: Text) -> list[str]:
    """The strings of a text value (one, or one per surface)."""
    return [value] if isinstance(value, str) else list(value.values())


def slot_blocks(seed: Seed) -> dict[str, dict[str, list[BlockKind]]]:
    """For each slot and surface, the blocks that embed it (once per occurrence).

    Counting is per surface: a block given per surface contributes its text for that surface only,
    a plain-string block contributes to every surface. Without surfaces (reported elsewhere) the
    plain strings are counted under the surface name ``""``.
    """
    surfaces = sorted(seed.surfaces) or [""]
    used: dict[str, dict[str, list[BlockKind]]] = {
        name: {surface: [] for surface in surfaces} for name in seed.slots
    }
    for kind in BLOCK_ORDER:
        value = getattr(seed.blocks, kind.value)
        for surface in surfaces:
            text = value if isinstance(value, str) else value.get(surface, "")
            for name in PLACEHOLDER.findall(text):
                if name in used:
                    used[name][surface].append(kind)
    return used


def contains(text: str, phrase: str) -> bool:
    """Case- and whitespace-insensitive containment, matching whole tokens at both ends."""
    words = phrase.split()
    if not words:
        return False
    pattern = r"\s+".join(re.escape(w) for w in words)
    return re.search(rf"(?<!\w){pattern}(?!\w)", text, re.IGNORECASE) is not None
