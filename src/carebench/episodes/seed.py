"""The seed authoring format: one YAML file per seed, validated by these pydantic models.

A seed holds five block templates (setting, record, new information, request, after-request), named
*slots* that the blocks embed as ``{slot_name}``, two *surfaces* (variable sets such as names and ages,
embedded as ``{variable}``), and five variants. Each non-clean variant is a *hook*: it replaces the
text of exactly one slot, so every variant differs from clean in that slot alone (the paired design).
Any text value may be a plain string (shared by both surfaces) or a mapping from surface name to
string. docs/authoring.md documents the format with a worked example; this module is its schema.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from carebench.episodes.formats import SEED_FORMAT
from carebench.episodes.schema import Action, Annotations, BlockKind, Split, TaskClass

Text = str | dict[str, str]
"""A text value: one string for both surfaces, or one string per surface name."""

ScalarVar = str | int | float


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ReferenceSpec(_Strict):
    """The reference decision of one variant, as authored."""

    primary: Action = Field(description="The single best action under the reference policy.")
    acceptable: list[Action] | None = Field(
        default=None,
        description="Every action the policy accepts, primary included; defaults to [primary].",
    )
    rationale: str = Field(description="One line a clinician can check, defending the label.")

    def acceptable_set(self) -> tuple[Action, ...]:
        """The acceptable set as authored, or ``(primary,)`` when omitted."""
        return tuple(self.acceptable) if self.acceptable else (self.primary,)


class VariantSpec(_Strict):
    """One variant: the slot text its hook replaces, and its reference decision."""

    change: dict[str, Text] = Field(
        default_factory=dict,
        description="The hook: slot name -> replacement text. Empty for clean; one slot otherwise.",
    )
    deletes: list[str] = Field(
        default_factory=list,
        description=(
            "Missing variant only: the key phrases or values of the fact it deletes (surface "
            "variables allowed). None may appear anywhere in that variant's rendered episode."
        ),
    )
    reference: ReferenceSpec
    annotations: Annotations | None = Field(
        default=None,
        description=(
            "Annotation units for this variant only; each field given here replaces the seed's "
            "field of the same name (e.g. facts that only the stale variant supersedes)."
        ),
    )


class MissingVariantSpec(VariantSpec):
    """The missing variant: a variant that must also declare the fact it deletes."""

    deletes: list[str] = Field(
        min_length=1,
        description=(
            "Required: the key phrases or values of the fact this variant deletes (surface "
            "variables allowed). Each must appear in the clean episode and none anywhere in this "
            "variant's rendered episode."
        ),
    )


class Variants(_Strict):
    """All five variants; each must be present."""

    clean: VariantSpec
    missing: MissingVariantSpec
    stale: VariantSpec
    conflict: VariantSpec
    late_risk: VariantSpec


class Blocks(_Strict):
    """The five block templates, in reading order; each must be present and non-empty."""

    setting: Text
    record: Text
    new_information: Text
    request: Text
    after_request: Text


class Seed(_Strict):
    """One hand-authored seed scenario (one YAML file)."""

    format: Literal["carebench-seed/2"] = Field(
        description=(
            f"The seed format version, {SEED_FORMAT}. Files without it are format 1: run "
            "`carebench episodes migrate` (CHANGELOG.md)."
        )
    )
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Unique kebab-case identifier.")
    task_class: TaskClass
    split: Split
    topic: str = Field(min_length=1, description="Clinical topic, one short line.")
    actions: list[Action] = Field(
        default_factory=lambda: list(Action),
        description="The allowed action space; all four actions unless restricted.",
    )
    headers: dict[BlockKind, str] = Field(
        default_factory=dict, description="Optional block titles replacing the defaults."
    )
    surfaces: dict[str, dict[str, ScalarVar]] = Field(
        description="Exactly two surface parameterizations: name -> variables."
    )
    blocks: Blocks
    slots: dict[str, Text] = Field(
        default_factory=dict, description="Named text pieces the blocks embed; hooks replace them."
    )
    variants: Variants
    annotations: Annotations | None = None
