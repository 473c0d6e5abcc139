"""Semantic validation of seeds and of a whole bank; every rule returns located issues.

Structural problems (missing or unknown fields, wrong types, malformed YAML, duplicate keys, an
older format version) come from :mod:`carebench.episodes.loading`. The design rules (surfaces, hooks
and the paired design, placeholders, reference decisions, leakage of the design into agent-visible
text, deleted facts, annotation units, the file name) live in :mod:`carebench.episodes.rules`,
registered in :data:`~carebench.episodes.rules.SEED_RULES`; this module runs them and adds the
bank rules (duplicate ids, class folders, split balance). All issues of a file are collected; none
stops the others, and a problem found in several episodes is one line listing them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

from carebench.episodes.assemble import AssemblyError, assemble_seed
from carebench.episodes.loading import ParsedSeed
from carebench.episodes.rules import SEED_RULES
from carebench.episodes.rules.common import issue, merge_scopes
from carebench.episodes.rules.labels import HEADER_LEAK, TEXT_LEAK
from carebench.episodes.schema import Split, TaskClass
from carebench.errors import ValidationIssue

__all__ = ["HEADER_LEAK", "TEXT_LEAK", "check_bank", "check_seed", "validate_seed"]


def check_seed(parsed: ParsedSeed) -> tuple[list[ValidationIssue], list[ValidationIssue]]:
    """The errors and the warnings of one parsed seed, each merged to one line per problem.

    Errors are the structural ones plus every registered rule's findings. Rules of the ``rendered``
    and ``warning`` stages run only when no ``structure`` rule found a problem; the seed is
    assembled at the end when nothing else did (an assembly error is then an issue too). A
    warning never makes the seed invalid.
    """
    issues = list(parsed.issues)
    seed = parsed.seed
    if seed is None:
        return issues, []
    found: dict[str, list[ValidationIssue]] = {
        "structure": [],
        "design": [],
        "rendered": [],
        "warning": [],
    }
    for rule in SEED_RULES:
        if rule.stage in ("rendered", "warning") and found["structure"]:
            continue
        found[rule.stage] += rule.check(seed, parsed)
    issues += merge_scopes(found["structure"] + found["design"] + found["rendered"])
    if not issues:
        try:
            assemble_seed(seed)
        except (AssemblyError, ValueError) as exc:
            issues.append(issue(parsed, (), f"cannot assemble episodes: {exc}"))
    return issues, merge_scopes(found["warning"])


def validate_seed(parsed: ParsedSeed) -> list[ValidationIssue]:
    """All errors of one parsed seed (:func:`check_seed` without its warnings)."""
    return check_seed(parsed)[0]


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
                issue(p, ("id",), f"duplicate seed id {seed_id!r} (also in {first_file[seed_id]})")
            )
        else:
            first_file[seed_id] = p.file
        parent = p.file.replace("\\", "/").rsplit("/", 2)
        folder = parent[1] if len(parent) == 3 else ""
        if folder in {t.value for t in TaskClass} and folder != p.seed.task_class.value:
            issues.append(
                issue(
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
