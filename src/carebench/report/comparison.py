"""Comparing two stored runs: paired seed-level Wilcoxon tests, Holm across the three metrics."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from carebench.errors import CarebenchError
from carebench.metrics.costs import ClassCosts, CostMatrix
from carebench.metrics.stats import PairedTest
from carebench.report.analysis import compare_runs


@dataclass(frozen=True)
class Comparison:
    """Run A vs run B on one split: who they are, and the paired tests."""

    run_a: str
    run_b: str
    label_a: str
    label_b: str
    split: str
    costs: CostMatrix | ClassCosts
    tests: list[PairedTest]
    note: str | None = None

    def __str__(self) -> str:
        """The comparison as ``carebench compare`` prints it.

        Who A and B are, then one row per metric: seeds, means, Wilcoxon W, p, Holm-adjusted p and
        how p was computed (exact or the normal approximation).
        """
        from carebench.report.writer import fmt

        lines = [
            f"A = {self.label_a}  (run {self.run_a})",
            f"B = {self.label_b}  (run {self.run_b})",
            f"split {self.split}; per-seed metrics; utility under {self.costs.describe()}",
            *([f"note: {self.note}"] if self.note else []),
            "",
            f"{'metric':<12} {'seeds':>5} {'mean A':>7} {'mean B':>7} {'W':>8} {'p':>8} "
            f"{'p Holm':>8}  p method",
        ]
        lines += [
            f"{t.name:<12} {t.n_pairs:>5} {fmt(t.mean_a, 3):>7} {fmt(t.mean_b, 3):>7} "
            f"{fmt(t.statistic, 1):>8} {fmt(t.p_value, 4):>8} {fmt(t.p_holm, 4):>8}  {t.method}"
            for t in self.tests
        ]
        return "\n".join(lines)


def compare(
    workspace: str | Path,
    run_a: str,
    run_b: str,
    *,
    split: str = "test",
    costs: CostMatrix | ClassCosts | None = None,
    bank: Sequence[str | Path] | None = None,
) -> Comparison:
    """Compare two stored runs on ``split`` (``dev``, ``test`` or ``all``), paired by seed.

    Args:
        workspace: the workspace folder or store file.
        run_a: run id, unique prefix or label.
        run_b: run id, unique prefix or label.
        split: the episodes to compare on.
        costs: the costs of the utility comparison (default: the runs' declared costs; when the
            two runs declare different costs, run A's, and :attr:`Comparison.note` says so).
        bank: seed files or folders to read the runs' bank from (see
            :func:`carebench.runs.results.load_runs`).

    Raises:
        CarebenchError: a run is unknown, both names are the same run, a run has no results in
            the split, or the runs were made on different episode banks.
    """
    from carebench.runs.results import load_runs

    loaded = load_runs(workspace, [run_a, run_b], bank=bank)
    if len(loaded.manifests) < 2:
        raise CarebenchError(f"{run_a!r} and {run_b!r} are the same run; compare two runs")
    id_a, id_b = loaded.manifests
    frame = loaded.frame if split == "all" else loaded.frame[loaded.frame["split"] == split]
    for run_id in (id_a, id_b):
        if not (frame["run_id"] == run_id).any():
            who = f"run {run_id} ({loaded.labels[run_id]})"
            ran = sorted(set(loaded.frame.loc[loaded.frame["run_id"] == run_id, "split"]))
            if not ran:
                raise CarebenchError(f"{who} has no results yet; run it first")
            raise CarebenchError(
                f"{who} has no {split}-split results (only {' and '.join(ran)}); compare on "
                f"--split {ran[0]}, or run it on the {split} split (carebench run --split {split})"
            )
    sha_a, sha_b = (loaded.manifests[r].bank_sha256 for r in (id_a, id_b))
    if sha_a != sha_b:
        raise CarebenchError(
            f"run {id_a} ({loaded.labels[id_a]}) was made on episode bank {sha_a[:12]} and run "
            f"{id_b} ({loaded.labels[id_b]}) on bank {sha_b[:12]}: their seeds are not the same "
            "clinical situations, so paired seed-level tests across them are refused"
        )

    note = None
    if costs is None:
        costs, costs_b = (loaded.manifests[r].declared_costs()[0] for r in (id_a, id_b))
        if costs != costs_b:
            note = (
                f"the runs declare different costs (A: {costs.describe()}; B: "
                f"{costs_b.describe()}); utility is compared under A's"
            )
    tests = compare_runs(frame[frame["run_id"] == id_a], frame[frame["run_id"] == id_b], costs)
    labels = loaded.labels
    return Comparison(id_a, id_b, labels[id_a], labels[id_b], split, costs, tests, note)
