"""The printed summary's reliability and cost tables read the typed runs."""

from __future__ import annotations

import math

from carebench.report.models import RunMetrics
from carebench.report.run_tables import markdown
from carebench.report.section_models import IntervalOut, Reliability, RunCost
from tests.report.test_section_models import COST, INTERVAL


def _figures(estimate: float) -> dict[str, object]:
    interval = {**INTERVAL, "estimate": estimate}
    return {
        "single_sample_escalation": interval,
        "all_k_escalation": interval,
        "any_k_escalation": interval,
        "n_short": 0,
        "flip_rate": {**interval, "estimate": math.nan, "ci_low": None},
        "majority_accuracy": interval,
        "majority_sensitivity": interval,
        "surface_agreement": interval,
    }


def test_each_run_is_one_line_of_each_table_with_undefined_numbers_as_dashes() -> None:
    reliability = Reliability.model_validate(
        {
            "k": 3,
            "evidence_level": "agent",
            "n_episodes": 20,
            "samples_min": 3,
            "samples_max": 3,
            "n_single_sample": 0,
            **_figures(0.75),
            "by_task_class": {},
            "by_variant": {},
        }
    )
    run = RunMetrics.model_construct(
        label="a", reliability=reliability, cost=RunCost.model_validate(COST)
    )
    lines = markdown([run])
    [reliability_line] = [ln for ln in lines if ln.startswith("| a | 3 |")]
    assert reliability_line == (
        "| a | 3 | 0.75 [0.25, 0.75] | 0.75 [0.25, 0.75] | 0.75 [0.25, 0.75] | – [–, 0.75] | "
        "0.75 [0.25, 0.75] | 0.75 [0.25, 0.75] |"
    )
    [cost_line] = [ln for ln in lines if ln.startswith("| a | 20 |")]
    assert cost_line == "| a | 20 | 100.0 | 20.0 | 2400 | – | 0.500 | 0 |"
    # a backend that reports no token counts (the scripted policies) shows none, not nan or 0
    uncounted = RunCost.model_validate(
        {**COST, "records_without_tokens": 20, "prompt_tokens_per_sample": math.nan,
         "completion_tokens_per_sample": math.nan, "prompt_tokens_total": 0,
         "completion_tokens_total": 0}
    )  # fmt: skip
    lines = markdown([RunMetrics.model_construct(label="s", reliability=None, cost=uncounted)])
    assert [ln for ln in lines if ln.startswith("| s |")] == [
        "| s | 20 | – | – | – | – | 0.500 | 0 |"
    ]


def test_a_run_without_the_figures_is_left_out_of_their_tables() -> None:
    run = RunMetrics.model_construct(label="old", reliability=None, cost=None)
    assert not any(ln.startswith("| old |") for ln in markdown([run]))
    assert IntervalOut.model_validate(INTERVAL).n == 20
