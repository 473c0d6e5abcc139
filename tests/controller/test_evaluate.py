from __future__ import annotations

import asyncio

import numpy as np
import pytest

from carebench import load_bank
from carebench.agents.config import BackendConfig
from carebench.controller.evaluate import ablations, apply_fit, episode_flags, fit_run, transfer
from carebench.runs.config import RunConfig
from carebench.runs.results import load_results
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore

# Never escalating on the test split (320 episodes, 100 escalation-required): TN 220, FN 100,
# so the 5:1 utility is (220 - 5 * 100) / 320.
ALWAYS_ANSWER_5TO1 = (220 - 5 * 100) / 320  # test split: 100 of 320 escalation-required
ALWAYS_ESCALATE_5TO1 = (100 - 220) / 320


@pytest.fixture(scope="module")
def frame(tmp_path_factory: pytest.TempPathFactory):
    path = tmp_path_factory.mktemp("ctl")
    with RunStore(path / "carebench.db") as store:
        asyncio.run(
            run_async(
                RunConfig(backend=BackendConfig(name="scripted", model="always-answer")),
                load_bank(),
                store,
            )
        )
    return load_results(path)


def test_fit_never_touches_test_labels(frame) -> None:
    flags = episode_flags(load_bank(), "regex")
    original = fit_run(frame, flags)
    corrupted = frame.copy()
    test = corrupted["split"] == "test"
    corrupted.loc[test, "escalation_required"] = ~corrupted.loc[test, "escalation_required"]
    corrupted.loc[test, "reference_acceptable"] = "Abstain"
    corrupted.loc[test, "confidence"] = 0.01
    assert fit_run(corrupted, flags) == original


def test_controller_helps_a_never_escalating_agent(frame) -> None:
    flags = episode_flags(load_bank(), "regex")
    fitted = fit_run(frame, flags)
    test = frame[frame["split"] == "test"]
    after = apply_fit(test, flags, fitted)
    assert after["escalated"].sum() > 0 == test["escalated"].sum()
    assert (after.loc[after["escalated"], "action"] == "Escalate").all()


def test_ablations_and_transfer(frame) -> None:
    flags = episode_flags(load_bank(), "lexicon")
    rows = ablations(frame, flags)
    assert [r["ablation"] for r in rows] == ["full", "workflow", "confidence", "silent"]
    assert rows[1]["fit"]["w_u"] == 0.0
    assert rows[2]["fit"]["w_c"] == rows[2]["fit"]["w_m"] == rows[2]["fit"]["w_h"] == 0.0
    # silent: the full fit with every detector off on test. always-answer has one confidence
    # (0.5) and its full fit puts no weight on it, so R = 0 on every row: everything escalates if
    # the fitted tau_high is 0 (the detectors did not beat escalating everything on dev), else
    # nothing is overridden and the agent stands alone
    full, silent = rows[0], rows[3]
    assert silent["fit"] == full["fit"] and full["fit"]["w_u"] == 0.0
    assert full["utility"] > ALWAYS_ANSWER_5TO1
    everything = full["fit"]["tau_high"] <= 0
    assert (silent["utility"], silent["missed_rate"]) == (
        pytest.approx(ALWAYS_ESCALATE_5TO1 if everything else ALWAYS_ANSWER_5TO1),
        0.0 if everything else 1.0,
    )
    held = transfer(frame, flags)
    assert [r["held_out"] for r in held] == [
        "documentation_update",
        "evidence_retrieval",
        "patient_messaging",
        "triage_handoff",
    ]
    assert all(r["n"] == 80 for r in held)


def test_one_search_gives_the_ablations_the_separate_fits_give(frame) -> None:
    flags = episode_flags(load_bank(), "lexicon")
    # ablations() without a full fit searches the full grid once for all three
    assert ablations(frame, flags) == ablations(frame, flags, full=fit_run(frame, flags))


def test_inputs_built_once_are_the_per_split_inputs(frame) -> None:
    from carebench.controller.evaluate import frame_inputs, inputs_from_frame, with_flags

    flags = episode_flags(load_bank(), "regex")
    whole = with_flags(frame_inputs(frame), frame["episode_id"].to_numpy(object), flags)
    dev = (frame["split"] == "dev").to_numpy()
    part, direct = whole.take(dev), inputs_from_frame(frame[dev], flags)
    for name in ("flags", "confidence", "required"):
        assert np.array_equal(getattr(part, name), getattr(direct, name), equal_nan=True)
    assert list(part.action) == list(direct.action) and part.acceptable == direct.acceptable
