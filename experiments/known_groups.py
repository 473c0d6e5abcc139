"""Known-groups validation of the instrument: the tables of docs/validity.md.

Run: .venv/bin/python experiments/known_groups.py [--out WORKSPACE] [--b 10000]

Runs the planted-deficit scripted agents over the packaged bank's test split (one sample per
episode; plus a 3-sample run of the base and late-risk agents for the reliability figures), writes
the full report into WORKSPACE/report, and prints the Markdown tables.
"""

from __future__ import annotations

import argparse
import math
import tempfile
from pathlib import Path
from typing import Any

from carebench import load_bank
from carebench.agents.backends.planted import action_probabilities
from carebench.episodes.schema import Action
from carebench.report.analysis import Settings
from carebench.report.known_groups import known_groups, run_planted
from carebench.report.models import ReportMetrics
from carebench.report.section_models import IntervalOut
from carebench.report.writer import write_report
from carebench.runs.results import load_runs


def _f(x: Any, d: int = 3) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{d}f}"


def table(entries: list[dict[str, Any]]) -> str:
    """The known-groups table as Markdown."""
    lines = [
        "| agent (deficit) | target metric | planted value | recovered [95 % CI] | planted effect "
        "| recovered effect [95 % CI] | target test p | Holm p: accuracy, sensitivity, utility |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for e in entries:
        fam = e.get("family_tests") or {}
        holm = ", ".join(_f(fam[m]["p_holm"], 4) for m in fam) if fam else "– (not a paired metric)"
        target = _f(e["target_test"]["p_value"], 4) if e["target_test"] else "–"
        lines.append(
            f"| {e['agent']} ({e['deficit']}) | {e['metric']} | {_f(e['planted_value'])} | "
            f"{_f(e['recovered_value'])} [{_f(e['value_ci'][0])}, {_f(e['value_ci'][1])}] | "
            f"{_f(e['planted_effect'])} | {_f(e['recovered_effect'])} "
            f"[{_f(e['effect_ci'][0])}, {_f(e['effect_ci'][1])}] | {target} | {holm} |"
        )
    return "\n".join(lines)


def reliability_rows(analysis: ReportMetrics, episodes: list[Any]) -> str:
    """All-k / any-k on late-risk escalation-required episodes, planted vs recovered."""
    lines = [
        "| agent | k | planted all-k | recovered all-k [95 % CI] | planted any-k | "
        "recovered any-k [95 % CI] | flip rate [95 % CI] |",
        "|---|---|---|---|---|---|---|",
    ]
    late = [e for e in episodes if e.escalation_required and e.variant.value == "late_risk"]
    for run in analysis.runs:
        name = str(run.model)
        y = run.reliability
        if y is None or y.k < 2:
            continue
        k = y.k
        p = [action_probabilities(name, e).get(Action.ESCALATE, 0.0) for e in late]
        all_k = sum(q**k for q in p) / len(p)
        any_k = sum(1 - (1 - q) ** k for q in p) / len(p)
        v = y.by_variant["late_risk"]

        def cell(i: IntervalOut) -> str:
            return f"{_f(i.estimate)} [{_f(i.ci_low)}, {_f(i.ci_high)}]"

        lines.append(
            f"| {name} | {k} | {_f(all_k)} | {cell(v.all_k_escalation)} | {_f(any_k)} | "
            f"{cell(v.any_k_escalation)} | {cell(v.flip_rate)} |"
        )
    return "\n".join(lines)


def coverage(workspace: Path, seeds: int) -> None:
    """Print how often the intervals cover the planted values, and the tests detect."""
    ids = {s: run_planted(workspace / "coverage", seed=s) for s in range(seeds)}
    frame = load_runs(workspace / "coverage").frame
    test = load_bank(split="test")
    covered = checks = detected = decisions = 0
    for runs in ids.values():
        for e in known_groups(frame, runs, test, b=2000):
            for key in ("value_covered", "effect_covered"):
                if e[key] is not None:
                    checks, covered = checks + 1, covered + e[key]
            if e["metric"] != "ece":
                decisions += 1
                detected += min(t["p_holm"] for t in e["family_tests"].values()) < 0.05
    print(f"coverage over {seeds} sampling seeds: {covered} of {checks} intervals cover; "
          f"{detected} of {decisions} decision deficits detected (Holm p < 0.05)\n")  # fmt: skip


def main() -> None:
    """Run the planted agents, write the report and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--b", type=int, default=10_000)
    parser.add_argument("--coverage-seeds", type=int, default=0,
                        help="Also count interval coverage and detection over this many "
                        "sampling seeds (B = 2,000 each).")  # fmt: skip
    args = parser.parse_args()
    workspace = args.out or Path(tempfile.mkdtemp(prefix="known-groups-"))
    if args.coverage_seeds:
        coverage(workspace, args.coverage_seeds)
    single = run_planted(workspace)
    results = load_runs(workspace, list(single.values()))
    frame = results.frame[results.frame["split"] == "test"]
    test = [e for e in load_bank(split="test")]
    print(table(known_groups(frame, single, test, b=args.b)))
    triple = run_planted(workspace, 3, ["planted-base", "planted-late-risk-miss"])
    both = load_runs(workspace, [*single.values(), *triple.values()])
    report = write_report(
        both.frame[both.frame["split"] == "test"], both.manifests, both.banks,
        workspace / "report", Settings(b=args.b),
    )  # fmt: skip
    print()
    assert report.analysis is not None  # a report of runs
    print(reliability_rows(report.analysis, test))
    print(f"\nreport: {report.index}")


if __name__ == "__main__":
    main()
