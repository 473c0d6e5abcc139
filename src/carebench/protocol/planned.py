"""A report under an analysis plan: which runs the planned comparisons name, and departures.

Pure functions over run manifests, display labels and registered plans; the statistics are in
:mod:`carebench.report.analysis`.

Conventions:
    * The plan a report is made under is the one asked for, else the plan every reported run was
      made under (its latest registered version); runs made under no plan give no plan, and the
      report is labelled "no registered plan: exploratory".
    * A departure is anything the report shows that the registered plan did not declare: a run made
      without a plan, under another plan, or under another version of this plan (with the fields
      that changed and both registration times); declared costs that differ from the plan's; a
      reported split the plan does not cite; a planned comparison whose run is missing or
      ambiguous; comparisons outside the plan (shown as exploratory, never corrected with the
      planned family).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from carebench.metrics.stats import PairedTest
from carebench.protocol.plans import ROLES, PlannedComparison, changed_fields
from carebench.protocol.registry import RegisteredPlan

EXPLORATORY = "no registered plan: exploratory"


@dataclass(frozen=True)
class Side:
    """What one side of a planned comparison resolved to: a run id, or why not."""

    name: str
    run_id: str | None
    problem: str | None = None
    ambiguous: bool = False


def resolve_side(
    name: str,
    labels: Mapping[str, str],
    manifests: Mapping[str, Mapping[str, Any]],
    plan_name: str | None = None,
) -> Side:
    """The run a comparison side names among the reported runs (module docstring of plans).

    Exact matches (run id prefix, display label, stored label) win over loose ones (label without
    its ``/condition`` suffix, scripted role). Among several matches, runs made under the plan
    named ``plan_name`` are preferred; if several remain the side is ambiguous.
    """

    def stored(run_id: str) -> str:
        return str(manifests[run_id].get("label", ""))

    is_id = len(name) >= 6 and all(c in "0123456789abcdef" for c in name)
    exact = [
        r
        for r in labels
        if (is_id and r.startswith(name)) or labels[r] == name or stored(r) == name
    ]
    role = f"scripted:{name}" if name in ROLES else None
    loose = [
        r
        for r in labels
        if stored(r).split("/")[0] in {name, role} or labels[r].split("/")[0] in {name, role}
    ]
    matches = exact or loose
    if len(matches) > 1 and plan_name is not None:
        under = [r for r in matches if (manifests[r].get("plan") or {}).get("name") == plan_name]
        matches = under or matches
    if len(matches) == 1:
        return Side(name, matches[0])
    if not matches:
        reported = ", ".join(sorted(set(labels.values()))) or "none"
        return Side(
            name,
            None,
            f"no reported run matches {name!r} (reported runs: {reported}; an extended-output "
            "run's label ends in /extended)",
        )
    shown = ", ".join(f"{labels[r]} ({r})" for r in matches)
    return Side(name, None, f"{name!r} matches {len(matches)} runs ({shown}); name a run id", True)


def resolve_comparison(
    comparison: PlannedComparison,
    labels: Mapping[str, str],
    manifests: Mapping[str, Mapping[str, Any]],
    plan_name: str | None = None,
    output: str = "decision",
) -> tuple[list[str | None], str | None]:
    """The run ids a planned comparison's two sides name, and why it cannot be tested (or None).

    Each side is resolved by :func:`resolve_side`, first among the runs made with ``output`` (the
    kind of run the metric is planned on: ``decision`` for the decision family, ``extended`` for
    the work-product one), then among all: "oracle" names the decision run of the oracle in a
    decision test and its extended run in a work-product test. A side that names no run (or
    several), or two sides naming one run, is the reason the test is not computed.
    """
    kind = {r: label for r, label in labels.items() if _output(manifests[r]) == output}
    sides = [
        side
        if (side := resolve_side(n, kind, manifests, plan_name)).run_id or side.ambiguous
        else resolve_side(n, labels, manifests, plan_name)
        for n in (comparison.a, comparison.b)
    ]
    ids = [s.run_id for s in sides]
    problem = "; ".join(s.problem for s in sides if s.problem) or None
    if problem is None and ids[0] == ids[1]:
        problem = f"both sides name run {ids[0]}"
    return ids, problem


def _output(manifest: Mapping[str, Any]) -> str:
    """What a run's agents wrote: ``decision`` or ``extended`` (manifests without it: decision)."""
    return str(manifest.get("output") or "decision")


def kept_in_family(name: str, test: PairedTest | None = None) -> PairedTest:
    """A planned test that stays in its Holm family with p = 1 (not computed, or no paired seed).

    Keeping it can only make the family's correction stricter; ``test`` keeps its counts and
    means when it was computed on no paired seed.
    """
    if test is None:
        return PairedTest(name, 0, float("nan"), float("nan"), float("nan"), 1.0)
    return replace(test, p_value=1.0)


def figures_of(test: PairedTest) -> dict[str, Any]:
    """A paired test's figures as report rows name them (its comparison's name left out)."""
    return {
        "n_seeds": test.n_pairs,
        "mean_a": test.mean_a,
        "mean_b": test.mean_b,
        "wilcoxon_statistic": test.statistic,
        "p_value": test.p_value,
        "p_holm": test.p_holm,
        "method": test.method,
    }


def report_plan(
    asked: RegisteredPlan | None,
    manifests: Mapping[str, Mapping[str, Any]],
    latest: Mapping[str, RegisteredPlan],
) -> RegisteredPlan | None:
    """The plan a report is made under (see the module docstring).

    Args:
        asked: the plan asked for (``carebench report --plan``), if any.
        manifests: the reported runs' manifests.
        latest: plan name -> its latest registered version.
    """
    if asked is not None:
        return asked
    names = {(m.get("plan") or {}).get("name") for m in manifests.values()}
    if len(names) == 1 and None not in names:
        (name,) = names
        return latest.get(str(name))
    return None


def departures(
    plan: RegisteredPlan,
    manifests: Mapping[str, Mapping[str, Any]],
    labels: Mapping[str, str],
    versions: Mapping[str, RegisteredPlan],
    splits: list[str],
) -> list[str]:
    """Every way the reported runs depart from ``plan`` (see the module docstring).

    Args:
        plan: the plan the report is made under.
        manifests: run id -> manifest of every reported run.
        labels: run id -> display label.
        versions: plan SHA-256 -> registered plan, for every plan the runs were made under.
        splits: the splits the report shows.
    """
    from carebench.metrics.costs import declared_costs

    out = []
    for run_id, manifest in manifests.items():
        who = f"run {labels[run_id]} ({run_id}, started {manifest.get('started_at', '?')})"
        ref = manifest.get("plan")
        recorded = manifest.get("plan_content")
        if not ref:
            out.append(f"{who} was made without an analysis plan")
        elif ref["sha256"] == plan.sha256 and recorded and recorded != plan.plan.canonical():
            fields = changed_fields(recorded, plan.plan.canonical())
            out.append(
                f"{who} recorded plan {plan.name!r} sha256 {plan.sha256[:12]} with other content "
                f"than the registered plan of that hash (changed fields: {', '.join(fields)}): "
                "the registered plan was rewritten"
            )
        elif ref["sha256"] != plan.sha256:
            used = versions.get(ref["sha256"])
            if used is None:
                out.append(
                    f"{who} was made under plan {ref['name']!r} sha256 {ref['sha256'][:12]}, "
                    "which this workspace has not registered"
                )
            else:
                fields = changed_fields(used.plan.canonical(), plan.plan.canonical())
                same = used.name == plan.name
                out.append(
                    f"{who} was made under plan {used}; this report uses {plan}"
                    + (f"; changed fields: {', '.join(fields)}" if same else "")
                )
        primary, robustness = declared_costs(dict(manifest))
        if (primary, robustness) != (plan.plan.costs, plan.plan.robustness_costs):
            out.append(
                f"{who} declared costs {primary.describe()} (robustness "
                f"{robustness.describe()}); the plan declares {plan.plan.costs.describe()} "
                f"(robustness {plan.plan.robustness_costs.describe()}); its utilities use its "
                "own declared costs"
            )
    extra = [s for s in splits if s not in plan.plan.splits]
    if extra:
        out.append(
            f"this report shows split(s) {', '.join(extra)}; the plan cites "
            f"{', '.join(plan.plan.splits)}"
        )
    return out
