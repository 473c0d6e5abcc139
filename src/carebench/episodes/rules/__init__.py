"""The seed validation rules, and the one place they are registered (:data:`SEED_RULES`).

A rule is a function ``check(seed, parsed) -> list[ValidationIssue]`` over one parsed seed. It
runs at one of three stages:

* ``structure``: rules the rendering depends on (surfaces, slots and placeholders, hooks). When any
  of them reports an issue, the ``rendered`` stage is skipped (it could only repeat them);
* ``design``: rules on the authored values alone (references, leaks, file name);
* ``rendered``: rules that render the episodes (blocks, deleted facts, annotation units);
* ``warning``: rules whose findings are warnings, not errors (the seed stays valid); they run
  when the ``rendered`` stage does (:func:`~carebench.episodes.validate.check_seed`).

To add a rule, write the function in a module of this package and add one :class:`SeedRule` line
to :data:`SEED_RULES`. A rule that finds a problem in several episodes reports each occurrence as
an :class:`~carebench.episodes.rules.common.EpisodeIssue` (``issue(..., surface=, variant=)``);
the validator merges them into one line per problem.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from carebench.episodes.loading import ParsedSeed
from carebench.episodes.rules.labels import (
    check_escalation_sets,
    check_file_name,
    check_leaks,
    check_references,
)
from carebench.episodes.rules.rendered import (
    check_annotations,
    check_deletions,
    check_rendering,
    check_stale_sources,
)
from carebench.episodes.rules.structure import (
    check_hooks,
    check_slots_and_placeholders,
    check_surfaces,
)
from carebench.episodes.rules.units import check_surface_words, check_unit_rules
from carebench.episodes.seed import Seed
from carebench.errors import ValidationIssue

Stage = Literal["structure", "design", "rendered", "warning"]
Check = Callable[[Seed, ParsedSeed], list[ValidationIssue]]


@dataclass(frozen=True)
class SeedRule:
    """One registered rule: its check function and the stage it runs at."""

    check: Check
    stage: Stage


SEED_RULES: tuple[SeedRule, ...] = (
    SeedRule(check_surfaces, "structure"),
    SeedRule(check_slots_and_placeholders, "structure"),
    SeedRule(check_hooks, "structure"),
    SeedRule(check_references, "design"),
    SeedRule(check_escalation_sets, "design"),
    SeedRule(check_leaks, "design"),
    SeedRule(check_file_name, "design"),
    SeedRule(check_surface_words, "design"),
    SeedRule(check_rendering, "rendered"),
    SeedRule(check_deletions, "rendered"),
    SeedRule(check_annotations, "rendered"),
    SeedRule(check_unit_rules, "rendered"),
    SeedRule(check_stale_sources, "warning"),
)
"""Every seed rule, in the order they run (the registration point; see the module docstring)."""

__all__ = ["SEED_RULES", "Check", "SeedRule", "Stage"]
