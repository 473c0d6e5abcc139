"""The report's figures (analogues of paper 000's Figures 1-4), drawn with matplotlib (Agg).

Each figure is written as PNG and SVG; the PNG bytes are returned for embedding in index.html.
Drawing takes seconds, so the files are kept in the report's cache folder, keyed by the numbers
and labels drawn, the matplotlib version and the code (:mod:`carebench.derived`).
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

from carebench.derived import cached_json, key
from carebench.episodes.schema import Variant

FIGURES = {
    "fig1_late_risk_sensitivity": "Late-risk sensitivity (share of late red flags escalated), 95% seed-bootstrap CI",
    "fig2_variant_accuracy": "Decision accuracy by variant",
    "fig3_reliability": "Reliability curves (valid outputs; equal-width bins)",
    "fig4_risk_coverage": "Risk-coverage curves (valid outputs; ties accepted together)",
}


def _nothing_drawn(label: str) -> str:
    """A legend entry for a run with no point on a curve (no valid, confident output)."""
    return f"{label} (no valid output to draw)"


def _err(interval: dict[str, float]) -> tuple[float, float]:
    est, low, high = interval["estimate"], interval["ci_low"], interval["ci_high"]
    if any(v != v for v in (est, low, high)):  # NaN
        return 0.0, 0.0
    return max(est - low, 0.0), max(high - est, 0.0)


def draw(
    analysis: dict[str, Any], out_dir: Path, cache_dir: Path | None = None
) -> dict[str, bytes]:
    """Write the four figures into ``out_dir`` (drawn, or from ``cache_dir``); return PNG bytes."""
    from importlib.metadata import version

    drawn = [
        {
            "label": r["label"],
            "late_risk": r["headline"]["late_risk_sensitivity"],
            "by_variant": {v.value: r["by_variant"][v.value]["accuracy"] for v in Variant},
            "reliability": r["calibration"]["reliability"],
            "risk_coverage": r["risk_coverage"],
        }
        for r in analysis["runs"]
    ]
    entry = key("report", "figures", drawn, version("matplotlib"))
    files = cached_json(cache_dir, "figures", entry, lambda: _draw_files(analysis))
    pngs = {}
    for name, (png, svg) in files.items():
        pngs[name] = base64.b64decode(png)
        (out_dir / f"{name}.png").write_bytes(pngs[name])
        (out_dir / f"{name}.svg").write_text(svg, "utf-8")
    return pngs


def _draw_files(analysis: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Draw the four figures: name -> (PNG as base64, SVG text)."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    runs = analysis["runs"]
    labels = [r["label"] for r in runs]
    n = len(runs)
    files: dict[str, tuple[str, str]] = {}
    width = max(6.0, 1.2 + 0.9 * n)

    def save(fig: Any, name: str) -> None:
        # bbox_inches="tight" grows the canvas to fit long run labels (tight_layout warned and
        # clipped them instead)
        svg, png = io.StringIO(), io.BytesIO()
        fig.savefig(svg, format="svg", bbox_inches="tight")
        fig.savefig(png, format="png", dpi=90, bbox_inches="tight")
        files[name] = (base64.b64encode(png.getvalue()).decode("ascii"), svg.getvalue())
        plt.close(fig)

    def save_unit_square(fig: Any, ax: Any, xlabel: str, ylabel: str, name: str) -> None:
        """Axes for a curve of rates over [0, 1] x [0, 1], one legend entry per run."""
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1.02)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.legend(fontsize=6)
        save(fig, name)

    fig, ax = plt.subplots(figsize=(width, 3.6))
    values = [r["headline"]["late_risk_sensitivity"] for r in runs]
    errors = [[_err(v)[0] for v in values], [_err(v)[1] for v in values]]
    ax.bar(range(n), [v["estimate"] for v in values], yerr=errors, capsize=3, color="#4a78b5")
    ax.set_xticks(range(n), labels, rotation=30, ha="right", fontsize=7)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("late-risk sensitivity")
    save(fig, "fig1_late_risk_sensitivity")

    fig, ax = plt.subplots(figsize=(max(6.0, width), 3.8))
    variants = [v.value for v in Variant]
    bar = 0.8 / max(n, 1)
    for i, run in enumerate(runs):
        est = [run["by_variant"][v]["accuracy"]["estimate"] for v in variants]
        spans = [_err(run["by_variant"][v]["accuracy"]) for v in variants]
        err = [[low for low, _ in spans], [high for _, high in spans]]
        ax.bar(
            [k + i * bar for k in range(len(variants))],
            est,
            bar,
            yerr=err,
            capsize=2,
            label=run["label"],
        )
    ax.set_xticks([k + 0.4 - bar / 2 for k in range(len(variants))], variants)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("decision accuracy")
    ax.legend(fontsize=6, ncol=2)
    save(fig, "fig2_variant_accuracy")

    fig, ax = plt.subplots(figsize=(5.0, 4.6))
    ax.plot([0, 1], [0, 1], color="grey", linestyle="--", linewidth=1)
    for run in runs:
        bins = [b for b in run["calibration"]["reliability"] if b["n"]]
        ax.plot(
            [b["mean_confidence"] for b in bins],
            [b["accuracy"] for b in bins],
            marker="o",
            markersize=3,
            label=run["label"] if bins else _nothing_drawn(run["label"]),
        )
    save_unit_square(fig, ax, "mean stated confidence", "accuracy", "fig3_reliability")

    fig, ax = plt.subplots(figsize=(5.0, 4.6))
    for run in runs:
        curve = run["risk_coverage"]
        if curve["coverage"]:
            ax.step(
                [0.0, *curve["coverage"]],
                [curve["risk"][0], *curve["risk"]],
                where="post",
                label=run["label"],
            )
        else:  # no valid output: still named in the legend (an empty legend also warned)
            ax.plot([], [], label=_nothing_drawn(run["label"]))
    save_unit_square(fig, ax, "coverage", "risk (1 - accuracy of accepted)", "fig4_risk_coverage")
    return files
