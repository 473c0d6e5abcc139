"""The report's reliability and cost figures on hand-built result rows."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from carebench.metrics.reliability import INVALID, all_k, flipped, majority
from carebench.report.cost_section import run_cost
from carebench.report.reliability_section import episode_table, reliability

# (seed, surface, variant, required, acceptable, actions of repeats 0, 1, 2; None = invalid)
EPISODES = [
    ("s1", "a", "late_risk", True, "Escalate", ["Escalate", "Escalate", "Escalate"]),
    ("s1", "b", "late_risk", True, "Escalate", ["Escalate", "Answer", None]),
    ("s2", "a", "late_risk", True, "Escalate", ["Answer", "Escalate", "Answer"]),
    ("s2", "b", "late_risk", True, "Escalate", ["Answer", "Escalate", "Escalate"]),
    ("s1", "a", "clean", False, "Answer", ["Answer", "Ask_Clarification", "Answer"]),
    ("s1", "b", "clean", False, "Answer", ["Answer", "Answer", "Answer"]),
]


def _rows() -> pd.DataFrame:
    rows = []
    for seed, surface, variant, required, acceptable, actions in EPISODES:
        for repeat, action in enumerate(actions):
            valid = action is not None
            rows.append(
                {
                    "run_id": "r", "episode_id": f"{seed}-{surface}-{variant}",
                    "repeat": repeat, "seed_id": seed, "task_class": "triage_handoff",
                    "surface": surface, "variant": variant, "escalation_required": required,
                    "reference_acceptable": acceptable, "action": action, "valid": valid,
                    "status": "ok" if valid else "invalid",
                    "escalated": valid and action == "Escalate",
                    "correct": valid and action == acceptable,
                    "latency_s": 0.1 * (repeat + 1), "prompt_tokens": 100 if valid else None,
                    "completion_tokens": 20 if valid else None, "attempts": 1 + (repeat == 2),
                    "cache_hit": surface == "b" and repeat == 0,
                }
            )  # fmt: skip
    return pd.DataFrame(rows)


def test_episode_table_agrees_with_the_per_episode_definitions() -> None:
    ep = episode_table(_rows()).set_index("episode_id")
    for seed, surface, variant, _, _, actions in EPISODES:
        row = ep.loc[f"{seed}-{surface}-{variant}"]
        cats = [a if a is not None else INVALID for a in actions]
        assert row["majority"] == majority(cats)
        assert bool(row["flip"]) == flipped(cats)
        assert row["c"] == cats.count("Escalate") and row["n"] == 3


def test_run_figures_are_the_hand_computed_ones() -> None:
    y = reliability(_rows(), repeats=3, b=200)
    # escalations on the 4 required episodes: 3, 1, 1, 2 of 3
    assert y["single_sample_escalation"]["estimate"] == pytest.approx(7 / 12)
    assert y["all_k_escalation"]["estimate"] == pytest.approx(1 / 4)
    assert y["any_k_escalation"]["estimate"] == pytest.approx(1.0)
    assert y["by_variant"]["late_risk"]["all_k_escalation"]["estimate"] == all_k(3, 3, 3) / 4
    # flips: every episode but s1-a-late_risk and s1-b-clean disagrees
    assert y["flip_rate"]["estimate"] == pytest.approx(4 / 6)
    # majorities: Escalate (ok), tie Escalate/Answer/invalid -> Escalate (first, ok),
    # Answer (wrong), Escalate (ok), Answer (ok), Answer (ok)
    assert y["majority_accuracy"]["estimate"] == pytest.approx(5 / 6)
    assert y["majority_sensitivity"]["estimate"] == pytest.approx(3 / 4)
    # surfaces, repeat by repeat: s1 late (E,E) (E,A) (E,inv): 1/3; s2 late (A,A) (E,E) (A,E):
    # 2/3; s1 clean (A,A) (Ask,A) (A,A): 2/3
    assert y["surface_agreement"]["estimate"] == pytest.approx(5 / 9)
    assert y["surface_agreement"]["n_seeds"] == 2


def test_row_order_changes_nothing() -> None:
    rows = _rows()
    shuffled = rows.sample(frac=1, random_state=3).reset_index(drop=True)
    # NaN (no clean episode is escalation-required) compares equal only as text
    same = [json.dumps(reliability(r, repeats=3, b=200)) for r in (rows, shuffled)]
    assert same[0] == same[1]
    a, b = (episode_table(r).set_index("episode_id") for r in (rows, shuffled))
    assert a[["n", "c", "kinds", "majority"]].equals(b[["n", "c", "kinds", "majority"]])


def test_surface_agreement_needs_two_surfaces_and_both_repeats() -> None:
    rows = _rows()
    one = reliability(rows[rows["surface"] == "a"], repeats=3, b=200)
    assert one["surface_agreement"]["n"] == 0 and one["flip_rate"]["n"] == 3
    # repeat 2 of s1-b-late_risk missing: its pair leaves, the others stay; three seed x variant
    # groups with 1 of 2, 2 of 3 and 2 of 3 pairs agreeing
    gone = (rows["episode_id"] == "s1-b-late_risk") & (rows["repeat"] == 2)
    y = reliability(rows[~gone], repeats=3, b=200)
    assert y["surface_agreement"]["n"] == 3
    assert y["surface_agreement"]["estimate"] == pytest.approx(5 / 8)


def test_fewer_samples_than_k_are_left_out_and_counted() -> None:
    rows = _rows()
    y = reliability(rows[~((rows["episode_id"] == "s2-a-late_risk") & (rows["repeat"] == 2))], 3)
    assert y["n_short"] == 1 and y["samples_min"] == 2
    assert y["all_k_escalation"]["n"] == 3


def test_cost_counts_what_latency_leaves_out() -> None:
    c = run_cost(_rows(), repeats=3)
    assert c.records == 18 and c.records_without_tokens == 1
    assert c.prompt_tokens_total == 1700 and c.completion_tokens_per_episode_k == 60
    # 3 cache hits (surface b, repeat 0), retried: repeat 2 of the 6 episodes
    assert c.latency_excluded.model_dump() == {"cache_hits": 3, "errors": 0, "retried": 6}
    assert c.latency_n == 9
    # timed: repeat 0 of surface a (0.1 s, 3 records) and repeat 1 of all six (0.2 s)
    assert c.latency_p50_s == pytest.approx(0.2)
