"""The printed summary's per-run reliability and cost tables, read from the typed runs.

Numbers are written with two decimals (tokens per sample one, latency three); an undefined one
(NaN or None) as an en dash.
"""

from __future__ import annotations

from collections.abc import Sequence

from carebench.report.models import RunMetrics
from carebench.report.section_models import IntervalOut

__all__ = ["markdown"]


def _number(x: float | None) -> str:
    return "–" if x is None or x != x else f"{x:.2f}"


def _cell(i: IntervalOut) -> str:
    return f"{_number(i.estimate)} [{_number(i.ci_low)}, {_number(i.ci_high)}]"


def markdown(runs: Sequence[RunMetrics]) -> list[str]:
    """The reliability and cost tables of the printed summary (one line per run each).

    A run without reliability or cost figures (a document written before they existed) is
    left out of that table.
    """
    lines = [
        "",
        "Reliability across samples (escalation-required episodes; evidence level agent; 95% "
        "seed-bootstrap CIs):",
        "",
        "| agent | k | single-sample | all-k | any-k | flip rate | majority accuracy | "
        "surface agreement |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in runs:
        if (y := r.reliability) is None:
            continue
        lines.append(
            f"| {r.label} | {y.k} | {_cell(y.single_sample_escalation)} | "
            f"{_cell(y.all_k_escalation)} | {_cell(y.any_k_escalation)} | "
            f"{_cell(y.flip_rate)} | {_cell(y.majority_accuracy)} | "
            f"{_cell(y.surface_agreement)} |"
        )
    lines += [
        "",
        "Cost (evidence level agent; latency over first-attempt answers, cache hits, errors "
        "and retried records left out):",
        "",
        "| agent | records | prompt tok / sample | completion tok / sample | tokens total | "
        "latency p50 s | latency p95 s | left out |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in runs:
        if (c := r.cost) is None:
            continue
        left = c.latency_excluded
        # a backend that reports no counts (scripted policies) has none, not zero tokens
        total = c.prompt_tokens_total + c.completion_tokens_total
        counted = c.records_without_tokens < c.records
        lines.append(
            f"| {r.label} | {c.records} | {_float(c.prompt_tokens_per_sample, 1)} | "
            f"{_float(c.completion_tokens_per_sample, 1)} | {total if counted else '–'} | "
            f"{_float(c.latency_p50_s, 3)} | {_float(c.latency_p95_s, 3)} | "
            f"{left.cache_hits + left.errors + left.retried} |"
        )
    return lines


def _float(x: float | None, digits: int) -> str:
    """``x`` with ``digits`` decimals; undefined (NaN or None) as an en dash."""
    return "–" if x is None or x != x else f"{x:.{digits}f}"
