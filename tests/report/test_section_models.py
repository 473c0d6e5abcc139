"""The models below metrics.json's top level: key order, kept number types, fields left out."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from carebench.report.models import FloorScore
from carebench.report.section_models import ControllerFit, IntervalOut, RunCost

INTERVAL = {"estimate": 0.5, "ci_low": 0.25, "ci_high": 0.75, "n": 20, "n_seeds": 2,
            "bootstrap_b": 100}  # fmt: skip

COST = {
    "evidence_level": "agent",
    "records": 20,
    "k": 1,
    "records_without_tokens": 0,
    "prompt_tokens_total": 2000,
    "completion_tokens_total": 400,
    "prompt_tokens_per_sample": 100.0,
    "completion_tokens_per_sample": 20.0,
    "prompt_tokens_per_episode_k": 100.0,
    "completion_tokens_per_episode_k": 20.0,
    "latency_n": 20,
    "latency_p50_s": math.nan,
    "latency_p95_s": 0.5,
    "latency_excluded": {"cache_hits": 0, "errors": 0, "retried": 0},
}


def test_a_dump_has_the_keys_in_the_order_they_were_computed_and_their_types() -> None:
    dumped = RunCost.model_validate(COST).model_dump()
    assert list(dumped) == list(COST)  # metrics.json's key order is the computation's
    assert isinstance(dumped["records"], int) and isinstance(dumped["latency_p95_s"], float)
    assert math.isnan(dumped["latency_p50_s"])
    assert {k: v for k, v in dumped.items() if k != "latency_p50_s"} == {
        k: v for k, v in COST.items() if k != "latency_p50_s"
    }


def test_a_field_that_does_not_apply_is_left_out_until_it_is_set() -> None:
    interval = IntervalOut.model_validate(INTERVAL)
    floor = FloorScore(accuracy=interval, escalation_recall=interval)
    assert "action" not in floor.model_dump()  # only the best constant names an action
    floor.action = "Escalate"
    assert floor.model_dump()["action"] == "Escalate"


def test_an_unknown_or_mistyped_field_is_refused() -> None:
    fit = {"w_c": 0.5, "w_m": 0.0, "w_h": 1.0, "w_u": 0.25, "tau_low": 0.5, "tau_high": "inf",
           "dev_utility": 0.1, "dev_accuracy": 0.8, "n_dev": 80, "ablation": "full"}  # fmt: skip
    assert ControllerFit.model_validate(fit).tau_high == "inf"  # an infinite threshold
    with pytest.raises(ValidationError, match="extra"):
        ControllerFit.model_validate({**fit, "w_x": 1.0})
    with pytest.raises(ValidationError, match="n_dev"):
        ControllerFit.model_validate({**fit, "n_dev": "many"})
