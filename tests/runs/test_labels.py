"""Runs are identified by run id; display labels are unique and say what tells runs apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from carebench import load_bank
from carebench.agents.config import SamplingParams
from carebench.metrics.costs import CostMatrix
from carebench.runs.config import build_manifest
from carebench.runs.labels import display_labels
from carebench.runs.listing import list_runs
from carebench.runs.results import load_results
from carebench.runs.store import RunStore

from .conftest import run, scripted


def _manifest(**kwargs: Any) -> dict[str, Any]:
    return build_manifest(scripted("random", **kwargs), "ab" * 32, 10, {})


def test_a_unique_label_is_kept() -> None:
    a, b = _manifest(), build_manifest(scripted("oracle"), "ab" * 32, 10, {})
    assert display_labels({"a": a, "b": b}) == {
        "a": "scripted:random/vanilla",
        "b": "scripted:oracle/vanilla",
    }


def test_shared_labels_name_every_differing_field() -> None:
    manifests = {
        "s0": _manifest(sampling=SamplingParams(seed=0)),
        "s1": _manifest(sampling=SamplingParams(seed=1)),
        "t7": _manifest(sampling=SamplingParams(seed=1, temperature=0.7)),
        "c10": _manifest(costs=CostMatrix(c_fn=10.0), split="test"),
    }
    labels = display_labels(manifests)
    assert len(set(labels.values())) == 4
    assert labels["s0"] == "scripted:random/vanilla [c_fn=5, seed=0, temperature=0, split=all]"
    assert labels["c10"] == "scripted:random/vanilla [c_fn=10, seed=0, temperature=0, split=test]"
    other_bank = {**manifests["s0"], "bank_sha256": "cd" * 32}
    assert display_labels({"x": manifests["s0"], "y": other_bank}) == {
        "x": f"scripted:random/vanilla [bank={'ab' * 6}]",
        "y": f"scripted:random/vanilla [bank={'cd' * 6}]",
    }


def test_identical_identities_fall_back_to_the_run_id() -> None:
    same = _manifest()
    assert display_labels({"r1": same, "r2": dict(same)}) == {
        "r1": "scripted:random/vanilla [run r1]",
        "r2": "scripted:random/vanilla [run r2]",
    }


@pytest.fixture
def two_seeds(tmp_path: Path, custom_bank: Path) -> Path:
    paths = (str(custom_bank),)
    bank = load_bank(paths)
    with RunStore(tmp_path / "carebench.db") as store:
        for seed in (0, 1):
            config = scripted("random", bank_paths=paths, sampling=SamplingParams(seed=seed))
            run(config, bank, store)
    return tmp_path


def test_two_random_seeds_are_two_runs_everywhere(two_seeds: Path) -> None:
    frame = load_results(two_seeds)
    assert frame.groupby("run_id")["label"].nunique().eq(1).all()
    assert sorted(frame.groupby("label").size().items()) == [
        ("scripted:random/vanilla [seed=0]", 20),
        ("scripted:random/vanilla [seed=1]", 20),
    ]
    listed = list_runs(two_seeds)
    assert [r.label for r in listed] == [
        frame.loc[frame["run_id"] == r.run_id, "label"].iloc[0] for r in listed
    ]
    # a display label selects its run
    chosen = load_results(two_seeds, ["scripted:random/vanilla [seed=1]"])
    assert set(chosen["label"]) == {"scripted:random/vanilla [seed=1]"}


def test_a_plan_or_a_nested_field_reads_by_its_own_name() -> None:
    """A new-user trial: runs under and outside a plan were labelled '[c_fn=10, c_fp=1, ...,
    c_fn=10, c_fp=1, ..., name=p1, sha256=...]', every nested key by its last part only."""
    plan = {"name": "release", "sha256": "cd" * 32, "costs": {"default": {"c_fn": 10.0}}}
    manifests = {
        "a": {**_manifest(), "plan": plan},
        "b": _manifest(),
        "c": {**_manifest(), "plan": {**plan, "sha256": "ef" * 32}},  # another version of it
    }
    labels = display_labels(manifests)
    assert labels["a"] == f"scripted:random/vanilla [plan=release@{'cd' * 6}]"
    assert labels["b"] == "scripted:random/vanilla [plan=-]"
    assert labels["c"] == f"scripted:random/vanilla [plan=release@{'ef' * 6}]"
    assert len(set(labels.values())) == 3
