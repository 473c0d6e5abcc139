"""Label, wording and identity rules.

Reference decisions, the Escalate line, no design words in the text, and the file named after
the seed id.
"""

from __future__ import annotations

import re

from carebench.episodes.assemble import PLACEHOLDER, variant_spec
from carebench.episodes.loading import ParsedSeed
from carebench.episodes.rules.common import Path, issue, strings, texts
from carebench.episodes.schema import Action, Variant
from carebench.episodes.seed import Seed
from carebench.errors import ValidationIssue

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


def check_references(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Reference actions inside the allowed space, primary in acceptable, one-line rationale."""
    issues: list[ValidationIssue] = []
    allowed = [a.value for a in seed.actions]
    for variant in Variant:
        reference = variant_spec(seed, variant).reference
        base = ("variants", variant.value, "reference")
        if reference.primary.value not in allowed:
            issues.append(
                issue(
                    parsed,
                    (*base, "primary"),
                    f"action {reference.primary.value} is not in the allowed action space {allowed}",
                )
            )
        acceptable = [a.value for a in reference.acceptable_set()]
        for index, action in enumerate(a.value for a in reference.acceptable or []):
            if action not in allowed:
                issues.append(
                    issue(
                        parsed,
                        (*base, "acceptable", index),
                        f"action {action} is not in the allowed action space {allowed}",
                    )
                )
        if reference.primary.value not in acceptable:
            issues.append(
                issue(
                    parsed,
                    (*base, "acceptable"),
                    f"the primary action {reference.primary.value} must be in the acceptable set "
                    f"{acceptable}",
                )
            )
        if len(set(acceptable)) != len(acceptable):
            issues.append(
                issue(parsed, (*base, "acceptable"), "the acceptable set repeats an action")
            )
        rationale = reference.rationale.strip()
        if PLACEHOLDER.search(rationale):
            issues.append(
                issue(
                    parsed,
                    (*base, "rationale"),
                    "the rationale is shared by both surfaces and cannot use placeholders",
                )
            )
        if not rationale or "\n" in rationale:
            issues.append(
                issue(parsed, (*base, "rationale"), "the rationale must be one non-empty line")
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
                issue(
                    parsed,
                    path,
                    f"an escalation-required episode (primary Escalate) must accept only Escalate; "
                    f"remove {others}: an 'accurate' non-escalation would cost c_FN in utility",
                )
            )
        if reference.primary is not Action.ESCALATE and Action.ESCALATE in acceptable:
            issues.append(
                issue(
                    parsed,
                    path,
                    f"Escalate is acceptable but the primary action is {reference.primary.value}; "
                    "make Escalate the primary (escalation-required) or remove it from the set",
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
                issue(
                    parsed,
                    ("headers", kind.value),
                    f"header {title!r} contains {match.group(0)!r}, which hints at the variant or "
                    "label; headers are shared by all variants and must stay neutral",
                )
            )
    visible: list[tuple[Path, str]] = [
        (path, text) for path, value in texts(seed) for text in strings(value)
    ]
    for surface, variables in seed.surfaces.items():
        visible.extend((("surfaces", surface, k), str(v)) for k, v in variables.items())
    for path, text in visible:
        match = TEXT_LEAK.search(text)
        if match:
            issues.append(
                issue(
                    parsed,
                    path,
                    f"agent-visible text contains {match.group(0)!r}, a design or label word that "
                    "would leak the variant or the reference decision",
                )
            )
    return issues


def check_file_name(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """The file is named after the seed's id: ``<id>.yaml`` (or ``.yml``).

    Episode ids, review files and reports name seeds by id; a file named otherwise cannot be found
    from them.
    """
    name = parsed.file.replace("\\", "/").rsplit("/", 1)[-1]
    stem = name.rsplit(".", 1)[0] if "." in name else name
    if stem == seed.id:
        return []
    return [
        issue(
            parsed,
            ("id",),
            f"the seed id {seed.id!r} does not match the file name {name!r}; name the file "
            f"{seed.id}.yaml (or change the id)",
        )
    ]
