"""The report's figures with run labels far longer than the axes (found by a new-user trial)."""

from __future__ import annotations

import warnings
from typing import Any

from carebench.report.figures import FIGURES, _draw_files


def _run(label: str, accuracy: float) -> dict[str, Any]:
    interval = {"estimate": accuracy, "ci_low": accuracy - 0.1, "ci_high": accuracy + 0.05}
    return {
        "label": label,
        "headline": {"late_risk_sensitivity": interval},
        "by_variant": {
            v: {"accuracy": interval}
            for v in ("clean", "missing", "stale", "conflict", "late_risk")
        },
        "calibration": {
            "reliability": [{"n": 4, "mean_confidence": 0.8, "accuracy": accuracy}],
        },
        "risk_coverage": {"coverage": [0.5, 1.0], "risk": [0.1, 1 - accuracy]},
    }


def test_long_labels_draw_without_a_layout_warning_and_stay_on_the_canvas() -> None:
    long = "openai:a-very-long-model-name-from-a-registry/vanilla [plan=my-preregistered-plan]"
    analysis = {"runs": [_run(long, 0.7), _run(long + " [seed=1]", 0.6)]}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Tight layout not applied" was a UserWarning
        files = _draw_files(analysis)
    assert set(files) == set(FIGURES)
    svg = files["fig1_late_risk_sensitivity"][1]
    width, height = (
        float(svg.split(f'{d}="', 1)[1].split("pt", 1)[0]) for d in ("width", "height")
    )
    assert width > 6 * 72 and height > 3.6 * 72  # the canvas grew to hold the rotated labels


def test_a_run_with_no_valid_output_is_named_without_a_legend_warning() -> None:
    """A new-user trial saw "No artists with labels found to put in legend" on stderr."""
    run = _run("scripted:errors/vanilla", 0.0)
    run["calibration"]["reliability"] = []
    run["risk_coverage"] = {"coverage": [], "risk": []}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        files = _draw_files({"runs": [run]})
    assert "no valid output to draw" in files["fig4_risk_coverage"][1]
    assert "no valid output to draw" in files["fig3_reliability"][1]
