"""Structure rules: two surfaces, slots embedded once, placeholders defined, one-slot hooks."""

from __future__ import annotations

import re

from carebench.episodes.assemble import PLACEHOLDER, variant_spec
from carebench.episodes.loading import ParsedSeed
from carebench.episodes.rules.common import (
    Path,
    annotation_texts,
    issue,
    slot_blocks,
    strings,
    texts,
)
from carebench.episodes.schema import BLOCK_ORDER, BlockKind, Variant
from carebench.episodes.seed import Seed
from carebench.errors import ValidationIssue

SURFACES_PER_SEED = 2
_STRAY_BRACE = re.compile(r"[{}]")


def check_surfaces(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Exactly two surfaces with the same variable names; per-surface texts name both."""
    issues: list[ValidationIssue] = []
    names = sorted(seed.surfaces)
    if len(names) != SURFACES_PER_SEED:
        issues.append(
            issue(
                parsed,
                ("surfaces",),
                f"expected exactly {SURFACES_PER_SEED} surfaces, got {len(names)} ({names})",
            )
        )
    if names:
        first = set(seed.surfaces[names[0]])
        for name in names[1:]:
            other = set(seed.surfaces[name])
            if other != first:
                issues.append(
                    issue(
                        parsed,
                        ("surfaces", name),
                        f"variables differ from surface {names[0]!r}: missing "
                        f"{sorted(first - other)}, extra {sorted(other - first)}",
                    )
                )
    for path, value in texts(seed):
        if isinstance(value, dict) and sorted(value) != names:
            issues.append(
                issue(
                    parsed,
                    path,
                    f"per-surface text must give exactly the surfaces {names}, got {sorted(value)}",
                )
            )
    return issues


def _occurrences(kinds: list[BlockKind]) -> str:
    return f"{len(kinds)} ({', '.join(k.value for k in kinds) or 'none'})"


def check_slots_and_placeholders(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Each slot embedded exactly once per surface; every placeholder defined; no slot nesting."""
    issues: list[ValidationIssue] = []
    variables: set[str] = set().union(*(set(v) for v in seed.surfaces.values()))
    for name in sorted(set(seed.slots) & variables):
        issues.append(
            issue(parsed, ("slots", name), f"slot {name!r} has the same name as a surface variable")
        )
    for name, per_surface in slot_blocks(seed).items():
        if all(len(kinds) == 1 for kinds in per_surface.values()):
            continue
        found = {_occurrences(kinds) for kinds in per_surface.values()}
        if len(found) == 1:
            where = found.pop()
        else:
            where = "; ".join(
                f"{_occurrences(kinds)} for surface {surface!r}"
                for surface, kinds in per_surface.items()
            )
        issues.append(
            issue(
                parsed,
                ("slots", name),
                f"slot {name!r} must be embedded exactly once in the blocks, found {where}",
            )
        )
    for path, value in texts(seed):
        in_block = path[0] == "blocks"
        allowed = variables | set(seed.slots) if in_block else variables
        expected = "a slot or a surface variable" if in_block else "a surface variable"
        for text in strings(value):
            stray = _STRAY_BRACE.search(PLACEHOLDER.sub("", text))
            if stray:
                issues.append(
                    issue(
                        parsed,
                        path,
                        f"stray {stray.group(0)!r}: placeholders are {{name}} with letters, "
                        "digits and underscores only",
                    )
                )
            for name in sorted(set(PLACEHOLDER.findall(text)) - allowed):
                issues.append(
                    issue(
                        parsed,
                        path,
                        f"undefined placeholder {{{name}}}; expected {expected} "
                        f"({sorted(allowed)})",
                    )
                )
    for path, text in annotation_texts(seed):
        for name in sorted(set(PLACEHOLDER.findall(text)) - variables):
            issues.append(
                issue(
                    parsed,
                    path,
                    f"undefined placeholder {{{name}}}; expected a surface variable "
                    f"({sorted(variables)})",
                )
            )
    return issues


def check_hooks(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Clean changes nothing; every other variant replaces exactly one declared slot."""
    issues: list[ValidationIssue] = []
    embedded = slot_blocks(seed)
    for variant in Variant:
        change = variant_spec(seed, variant).change
        path: Path = ("variants", variant.value, "change")
        if variant is Variant.CLEAN:
            if change:
                issues.append(issue(parsed, path, "the clean variant must not change any slot"))
            continue
        if not change:
            issues.append(
                issue(
                    parsed,
                    ("variants", variant.value),
                    f"the {variant.value} variant has no hook: it must change exactly one slot",
                )
            )
            continue
        if len(change) > 1:
            issues.append(
                issue(
                    parsed,
                    path,
                    f"the {variant.value} variant changes {len(change)} slots "
                    f"({', '.join(sorted(change))}); a variant may change exactly one slot so "
                    "that its episodes differ from clean only in the manipulated part",
                )
            )
        for name, value in change.items():
            slot_path = (*path, name)
            if name not in seed.slots:
                issues.append(
                    issue(
                        parsed,
                        slot_path,
                        f"unknown slot {name!r}; declared slots: {sorted(seed.slots)}",
                    )
                )
                continue
            for surface in sorted(seed.surfaces):
                new = value if isinstance(value, str) else value.get(surface)
                old = seed.slots[name]
                old_text = old if isinstance(old, str) else old.get(surface)
                if new is not None and new.strip() == (old_text or "").strip():
                    issues.append(
                        issue(
                            parsed,
                            slot_path,
                            f"the hook repeats the clean text of slot {name!r} for surface "
                            f"{surface!r}; it must change it",
                        )
                    )
            blocks = sorted(
                {kind for kinds in embedded[name].values() for kind in kinds},
                key=BLOCK_ORDER.index,
            )
            if variant is Variant.LATE_RISK and set(blocks) - {BlockKind.AFTER_REQUEST}:
                block = ", ".join(kind.value for kind in blocks)
                issues.append(
                    issue(
                        parsed,
                        slot_path,
                        "the late_risk hook must change a slot of the after_request block "
                        f"(the cue arrives after the request); slot {name!r} is in {block}",
                    )
                )
    return issues
