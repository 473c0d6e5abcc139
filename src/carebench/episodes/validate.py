"""Semantic validation of seeds and of a whole bank; every rule returns located issues.

Structural problems (missing or unknown fields, wrong types, malformed YAML, duplicate keys) come
from :mod:`carebench.episodes.loading`. This module adds the design rules: surfaces, hooks and the
paired design, placeholders, reference decisions, leakage of the design into agent-visible text,
duplicate ids and split balance. All issues of a file are collected; none stops the others.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator

from carebench.episodes.assemble import (
    PLACEHOLDER,
    AssemblyError,
    assemble_seed,
    render_blocks,
    substitute,
    variant_spec,
)
from carebench.episodes.loading import ParsedSeed
from carebench.episodes.schema import (
    BLOCK_ORDER,
    Action,
    Annotations,
    BlockKind,
    Split,
    TaskClass,
    Variant,
)
from carebench.episodes.seed import Seed, Text
from carebench.episodes.unit_rules import check_unit_rules
from carebench.errors import ValidationIssue

SURFACES_PER_SEED = 2
_STRAY_BRACE = re.compile(r"[{}]")

# Words that would tell the agent which variant or label it is looking at. Agent-visible text
# (blocks, slots, hooks, surface variables) must not contain them.
TEXT_LEAK = re.compile(
    r"\b(late[_ -]risk|variants?|perturb\w*|stale\w*|conflict\w*|escalat\w*|abstain\w*"
    r"|ask[_ ]clarification|reference (?:decision|action)|acceptable set|gold label)\b",
    re.IGNORECASE,
)
# Block headers are the same for every variant, so they must not even hint at a perturbation.
HEADER_LEAK = re.compile(
    TEXT_LEAK.pattern[:-3]
    + r"|clean|missing|late|risk|outdated|contradict\w*|red flag|label\w*|reference)\b",
    re.IGNORECASE,
)


def _issue(parsed: ParsedSeed, path: tuple[str | int, ...], message: str) -> ValidationIssue:
    return ValidationIssue(
        parsed.file, parsed.line_of(path), ".".join(str(p) for p in path), message
    )


def _texts(seed: Seed) -> Iterator[tuple[tuple[str | int, ...], Text]]:
    """Every authored text value with its field path."""
    for kind in BLOCK_ORDER:
        yield ("blocks", kind.value), getattr(seed.blocks, kind.value)
    for name, value in seed.slots.items():
        yield ("slots", name), value
    for variant in Variant:
        for name, value in variant_spec(seed, variant).change.items():
            yield ("variants", variant.value, "change", name), value


def _annotation_texts(seed: Seed) -> Iterator[tuple[tuple[str | int, ...], str]]:
    layers: list[tuple[tuple[str, ...], Annotations | None]] = [
        (("annotations",), seed.annotations)
    ]
    layers += [
        (("variants", v.value, "annotations"), variant_spec(seed, v).annotations) for v in Variant
    ]
    for base, layer in layers:
        if layer is None:
            continue
        for field, items in layer.model_dump().items():
            for index, item in enumerate(items):
                yield (*base, field, index), item


def _strings(value: Text) -> list[str]:
    return [value] if isinstance(value, str) else list(value.values())


def check_surfaces(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Exactly two surfaces with the same variable names; per-surface texts name both."""
    issues: list[ValidationIssue] = []
    names = sorted(seed.surfaces)
    if len(names) != SURFACES_PER_SEED:
        issues.append(
            _issue(
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
                    _issue(
                        parsed,
                        ("surfaces", name),
                        f"variables differ from surface {names[0]!r}: missing "
                        f"{sorted(first - other)}, extra {sorted(other - first)}",
                    )
                )
    for path, value in _texts(seed):
        if isinstance(value, dict) and sorted(value) != names:
            issues.append(
                _issue(
                    parsed,
                    path,
                    f"per-surface text must give exactly the surfaces {names}, got {sorted(value)}",
                )
            )
    return issues


def _slot_blocks(seed: Seed) -> dict[str, dict[str, list[BlockKind]]]:
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


def _occurrences(kinds: list[BlockKind]) -> str:
    return f"{len(kinds)} ({', '.join(k.value for k in kinds) or 'none'})"


def check_slots_and_placeholders(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Each slot embedded exactly once per surface; every placeholder defined; no slot nesting."""
    issues: list[ValidationIssue] = []
    variables: set[str] = set().union(*(set(v) for v in seed.surfaces.values()))
    for name in sorted(set(seed.slots) & variables):
        issues.append(
            _issue(
                parsed, ("slots", name), f"slot {name!r} has the same name as a surface variable"
            )
        )
    for name, per_surface in _slot_blocks(seed).items():
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
            _issue(
                parsed,
                ("slots", name),
                f"slot {name!r} must be embedded exactly once in the blocks, found {where}",
            )
        )
    for path, value in _texts(seed):
        in_block = path[0] == "blocks"
        allowed = variables | set(seed.slots) if in_block else variables
        expected = "a slot or a surface variable" if in_block else "a surface variable"
        for text in _strings(value):
            stray = _STRAY_BRACE.search(PLACEHOLDER.sub("", text))
            if stray:
                issues.append(
                    _issue(
                        parsed,
                        path,
                        f"stray {stray.group(0)!r}: placeholders are {{name}} with letters, "
                        "digits and underscores only",
                    )
                )
            for name in sorted(set(PLACEHOLDER.findall(text)) - allowed):
                issues.append(
                    _issue(
                        parsed,
                        path,
                        f"undefined placeholder {{{name}}}; expected {expected} "
                        f"({sorted(allowed)})",
                    )
                )
    for path, text in _annotation_texts(seed):
        for name in sorted(set(PLACEHOLDER.findall(text)) - variables):
            issues.append(
                _issue(
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
    slot_blocks = _slot_blocks(seed)
    for variant in Variant:
        change = variant_spec(seed, variant).change
        path: tuple[str | int, ...] = ("variants", variant.value, "change")
        if variant is Variant.CLEAN:
            if change:
                issues.append(_issue(parsed, path, "the clean variant must not change any slot"))
            continue
        if not change:
            issues.append(
                _issue(
                    parsed,
                    ("variants", variant.value),
                    f"the {variant.value} variant has no hook: it must change exactly one slot",
                )
            )
            continue
        if len(change) > 1:
            issues.append(
                _issue(
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
                    _issue(
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
                        _issue(
                            parsed,
                            slot_path,
                            f"the hook repeats the clean text of slot {name!r} for surface "
                            f"{surface!r}; it must change it",
                        )
                    )
            blocks = sorted(
                {kind for kinds in slot_blocks[name].values() for kind in kinds},
                key=BLOCK_ORDER.index,
            )
            if variant is Variant.LATE_RISK and set(blocks) - {BlockKind.AFTER_REQUEST}:
                block = ", ".join(kind.value for kind in blocks)
                issues.append(
                    _issue(
                        parsed,
                        slot_path,
                        "the late_risk hook must change a slot of the after_request block "
                        f"(the cue arrives after the request); slot {name!r} is in {block}",
                    )
                )
    return issues


def check_references(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Reference actions inside the allowed space, primary in acceptable, one-line rationale."""
    issues: list[ValidationIssue] = []
    allowed = [a.value for a in seed.actions]
    for variant in Variant:
        reference = variant_spec(seed, variant).reference
        base = ("variants", variant.value, "reference")
        if reference.primary.value not in allowed:
            issues.append(
                _issue(
                    parsed,
                    (*base, "primary"),
                    f"action {reference.primary.value} is not in the allowed action space {allowed}",
                )
            )
        acceptable = [a.value for a in reference.acceptable_set()]
        for index, action in enumerate(a.value for a in reference.acceptable or []):
            if action not in allowed:
                issues.append(
                    _issue(
                        parsed,
                        (*base, "acceptable", index),
                        f"action {action} is not in the allowed action space {allowed}",
                    )
                )
        if reference.primary.value not in acceptable:
            issues.append(
                _issue(
                    parsed,
                    (*base, "acceptable"),
                    f"the primary action {reference.primary.value} must be in the acceptable set "
                    f"{acceptable}",
                )
            )
        if len(set(acceptable)) != len(acceptable):
            issues.append(
                _issue(parsed, (*base, "acceptable"), "the acceptable set repeats an action")
            )
        rationale = reference.rationale.strip()
        if PLACEHOLDER.search(rationale):
            issues.append(
                _issue(
                    parsed,
                    (*base, "rationale"),
                    "the rationale is shared by both surfaces and cannot use placeholders",
                )
            )
        if not rationale or "\n" in rationale:
            issues.append(
                _issue(parsed, (*base, "rationale"), "the rationale must be one non-empty line")
            )
    return issues


def check_escalation_sets(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Escalate is in an acceptable set exactly when it is the primary action.

    Decision accuracy scores membership in the acceptable set; escalation utility scores the binary
    decision Escalate vs not against the primary action. The two agree only if an escalation-required
    episode accepts nothing but Escalate and no other episode accepts Escalate, so the bank must say
    which side of the line each episode is on.
    """
    issues: list[ValidationIssue] = []
    for variant in Variant:
        reference = variant_spec(seed, variant).reference
        acceptable = reference.acceptable_set()
        path = ("variants", variant.value, "reference", "acceptable")
        if reference.primary is Action.ESCALATE and set(acceptable) != {Action.ESCALATE}:
            others = sorted(a.value for a in acceptable if a is not Action.ESCALATE)
            issues.append(
                _issue(
                    parsed,
                    path,
                    f"an escalation-required episode (primary Escalate) must accept only Escalate; "
                    f"remove {others}: an 'accurate' non-escalation would cost c_FN in utility",
                )
            )
        if reference.primary is not Action.ESCALATE and Action.ESCALATE in acceptable:
            issues.append(
                _issue(
                    parsed,
                    path,
                    f"Escalate is acceptable but the primary action is {reference.primary.value}; "
                    "make Escalate the primary (escalation-required) or remove it from the set",
                )
            )
    return issues


def _contains(text: str, phrase: str) -> bool:
    """Case- and whitespace-insensitive containment, matching whole tokens at both ends."""
    words = phrase.split()
    if not words:
        return False
    pattern = r"\s+".join(re.escape(w) for w in words)
    return re.search(rf"(?<!\w){pattern}(?!\w)", text, re.IGNORECASE) is not None


def check_deletions(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """The missing variant declares the fact it deletes, and no trace of it stays rendered.

    Paper 000: a missing variant deletes a decision-critical fact. ``deletes`` lists its key
    phrases or values; each must appear in the clean episode (else it names nothing) and none may
    appear anywhere in the missing episode, for any surface (a digest restating it would undo the
    deletion). Other variants may not declare ``deletes``.
    """
    issues: list[ValidationIssue] = []
    for variant in Variant:
        if variant is not Variant.MISSING and variant_spec(seed, variant).deletes:
            issues.append(
                _issue(
                    parsed,
                    ("variants", variant.value, "deletes"),
                    "only the missing variant deletes a fact; remove 'deletes' here",
                )
            )
    spec = variant_spec(seed, Variant.MISSING)
    base = ("variants", Variant.MISSING.value, "deletes")
    if not spec.deletes:
        issues.append(
            _issue(
                parsed,
                ("variants", Variant.MISSING.value),
                "the missing variant must declare 'deletes': the key phrases or values of the "
                "fact it deletes, so the validator can check that no trace of it remains",
            )
        )
        return issues
    for surface in sorted(seed.surfaces):
        variables = {k: str(v) for k, v in seed.surfaces[surface].items()}
        try:
            clean = "\n".join(render_blocks(seed, surface, Variant.CLEAN).values())
            missing = "\n".join(render_blocks(seed, surface, Variant.MISSING).values())
            phrases = [substitute(p, variables) for p in spec.deletes]
        except AssemblyError:
            return issues  # reported by the placeholder and rendering rules
        for index, phrase in enumerate(phrases):
            if not _contains(clean, phrase):
                issues.append(
                    _issue(
                        parsed,
                        (*base, index),
                        f"surface {surface!r}: deleted phrase {phrase!r} does not appear in the "
                        "clean episode, so it names no fact that the variant deletes",
                    )
                )
            elif _contains(missing, phrase):
                issues.append(
                    _issue(
                        parsed,
                        (*base, index),
                        f"surface {surface!r}: deleted phrase {phrase!r} still appears in the "
                        "missing episode; delete it everywhere (digests and summaries included)",
                    )
                )
    return issues


def _unit_path(seed: Seed, variant: Variant, field: str) -> tuple[str, ...]:
    """Where an episode's annotation field was authored: the variant's override, else the seed."""
    declared = variant_spec(seed, variant).annotations
    if declared is not None and field in declared.model_fields_set:
        return ("variants", variant.value, "annotations", field)
    return ("annotations", field)


def check_annotations(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Annotation units name what the episodes say (carebench.episodes.matching decides "states").

    Facts to retain or revise must be stated by one evidence line of the clean episode, facts to
    discard by one line of the stale episode (else a scorer could never find them), and declared admissible sources must be
    evidence-item ids of every episode they apply to (see carebench.episodes.sources).
    """
    from carebench.episodes.matching import states
    from carebench.episodes.sources import split_items

    issues: list[ValidationIssue] = []
    checks = (
        (Variant.CLEAN, ("retain_facts", "revise_facts"), "clean"),
        (Variant.STALE, ("discard_facts",), "stale"),
    )
    try:
        episodes = assemble_seed(seed)  # kept for loading: the seed is assembled once
    except (AssemblyError, ValueError):
        return issues  # check_rendering, or validate_seed's own assembly, says why
    for episode in episodes:
        surface, variant, units = episode.surface, episode.variant, episode.annotations
        if units is None:
            return issues
        items = split_items(episode.transcript)
        for checked, fields, name in checks:
            for field in fields if variant is checked else ():
                for index, fact in enumerate(getattr(units, field)):
                    if not any(states(item.text, fact) for item in items):
                        issues.append(
                            _issue(
                                parsed,
                                (*_unit_path(seed, variant, field), index),
                                f"surface {surface!r}: {fact!r} is not stated by any one "
                                f"evidence line of the {name} episode (every number and most "
                                "of its words must appear in one line; see "
                                "carebench.episodes.matching)",
                            )
                        )
        ids = {item.id for item in items}
        for index, source in enumerate(units.admissible_sources):
            if source not in ids:
                issues.append(
                    _issue(
                        parsed,
                        (*_unit_path(seed, variant, "admissible_sources"), index),
                        f"surface {surface!r}, {variant.value}: {source!r} is not an evidence "
                        f"item of the episode; expected one of {sorted(ids)}",
                    )
                )
    return issues


def check_leaks(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """No design or label words in agent-visible text; no perturbation hints in headers."""
    issues: list[ValidationIssue] = []
    for kind, title in seed.headers.items():
        match = HEADER_LEAK.search(title)
        if match:
            issues.append(
                _issue(
                    parsed,
                    ("headers", kind.value),
                    f"header {title!r} contains {match.group(0)!r}, which hints at the variant or "
                    "label; headers are shared by all variants and must stay neutral",
                )
            )
    visible: list[tuple[tuple[str | int, ...], str]] = [
        (path, text) for path, value in _texts(seed) for text in _strings(value)
    ]
    for surface, variables in seed.surfaces.items():
        visible.extend((("surfaces", surface, k), str(v)) for k, v in variables.items())
    for path, text in visible:
        match = TEXT_LEAK.search(text)
        if match:
            issues.append(
                _issue(
                    parsed,
                    path,
                    f"agent-visible text contains {match.group(0)!r}, a design or label word that "
                    "would leak the variant or the reference decision",
                )
            )
    return issues


def check_rendering(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Render every episode: no empty block; each variant differs from clean in exactly one block."""
    issues: list[ValidationIssue] = []
    for surface in sorted(seed.surfaces):
        try:
            clean = render_blocks(seed, surface, Variant.CLEAN)
            for variant in Variant:
                blocks = (
                    clean if variant is Variant.CLEAN else render_blocks(seed, surface, variant)
                )
                for kind in BLOCK_ORDER:
                    if not blocks[kind]:
                        issues.append(
                            _issue(
                                parsed,
                                ("blocks", kind.value),
                                f"block renders empty for surface {surface!r}, variant "
                                f"{variant.value}",
                            )
                        )
                if variant is Variant.CLEAN:
                    continue
                changed = [k.value for k in BLOCK_ORDER if blocks[k] != clean[k]]
                if len(changed) != 1:
                    issues.append(
                        _issue(
                            parsed,
                            ("variants", variant.value),
                            f"surface {surface!r}: the {variant.value} episode differs from clean "
                            f"in {len(changed)} blocks ({', '.join(changed) or 'none'}); it must "
                            "differ in exactly the block of its hooked slot",
                        )
                    )
        except AssemblyError as exc:
            issues.append(_issue(parsed, ("surfaces", surface), f"cannot render: {exc}"))
    return issues


def validate_seed(parsed: ParsedSeed) -> list[ValidationIssue]:
    """All issues of one parsed seed: structural ones plus every design rule."""
    issues = list(parsed.issues)
    seed = parsed.seed
    if seed is None:
        return issues
    structural = (
        check_surfaces(seed, parsed)
        + check_slots_and_placeholders(seed, parsed)
        + check_hooks(seed, parsed)
    )
    issues += (
        structural
        + check_references(seed, parsed)
        + check_escalation_sets(seed, parsed)
        + check_leaks(seed, parsed)
    )
    if not structural:
        issues += (
            check_rendering(seed, parsed)
            + check_deletions(seed, parsed)
            + check_annotations(seed, parsed)
            + check_unit_rules(seed, parsed)
        )
        if not issues:
            try:
                assemble_seed(seed)
            except (AssemblyError, ValueError) as exc:
                issues.append(_issue(parsed, (), f"cannot assemble episodes: {exc}"))
    return issues


def check_bank(parsed: Iterable[ParsedSeed], bank_name: str) -> list[ValidationIssue]:
    """Bank-level rules: unique seed ids, class directory matches, and a balanced split.

    Balance: every task class present has the same number of dev seeds and the same number of test
    seeds, so per-class results on either split weigh classes equally.
    """
    issues: list[ValidationIssue] = []
    seeds = [p for p in parsed if p.seed is not None]
    first_file: dict[str, str] = {}
    for p in seeds:
        assert p.seed is not None
        seed_id = p.seed.id
        if seed_id in first_file:
            issues.append(
                _issue(p, ("id",), f"duplicate seed id {seed_id!r} (also in {first_file[seed_id]})")
            )
        else:
            first_file[seed_id] = p.file
        parent = p.file.replace("\\", "/").rsplit("/", 2)
        folder = parent[1] if len(parent) == 3 else ""
        if folder in {t.value for t in TaskClass} and folder != p.seed.task_class.value:
            issues.append(
                _issue(
                    p,
                    ("task_class",),
                    f"task class {p.seed.task_class.value} does not match the folder "
                    f"{folder!r} the file is in",
                )
            )
    counts: dict[Split, Counter[TaskClass]] = defaultdict(Counter)
    for p in seeds:
        assert p.seed is not None
        counts[p.seed.split][p.seed.task_class] += 1
    classes = sorted({p.seed.task_class for p in seeds if p.seed is not None})
    for split in Split:
        per_class = {c.value: counts[split][c] for c in classes}
        values = set(per_class.values())
        if len(values) > 1:
            issues.append(
                ValidationIssue(
                    bank_name,
                    None,
                    "split",
                    f"unbalanced {split.value} split: seeds per task class {per_class}; every "
                    f"task class needs the same number of {split.value} seeds",
                )
            )
    return issues
