from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from carebench.errors import CarebenchError
from carebench.runs.results import COLUMNS, export_format, export_results, load_results
from carebench.runs.store import RunStore

from .conftest import run, scripted


@pytest.fixture
def workspace(tmp_path: Path, bank: list) -> Path:
    with RunStore(tmp_path / "carebench.db") as store:
        run(scripted("oracle", split="test"), bank, store)
        run(scripted("always-answer", split="test"), bank, store)
    return tmp_path


def test_one_row_per_episode_and_run(workspace: Path) -> None:
    frame = load_results(workspace)
    assert list(frame.columns) == COLUMNS
    assert len(frame) == 640
    assert frame.groupby("label").size().to_dict() == {
        "scripted:always-answer/vanilla": 320,
        "scripted:oracle/vanilla": 320,
    }


def test_correctness_and_escalation_flags(workspace: Path) -> None:
    frame = load_results(workspace)
    oracle = frame[frame["label"].str.contains("oracle")]
    answer = frame[frame["label"].str.contains("always-answer")]
    assert oracle["correct"].all()
    assert (oracle["escalated"] == oracle["escalation_required"]).all()
    assert not answer["escalated"].any()
    expected = answer["reference_acceptable"].str.split("|").apply(lambda acc: "Answer" in acc)
    assert (answer["correct"] == expected).all()
    assert int(oracle["escalation_required"].sum()) == 100


def test_select_runs_by_prefix_or_label(workspace: Path) -> None:
    assert set(load_results(workspace, ["oracle"])["label"]) == {"scripted:oracle/vanilla"}


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "parquet"])
def test_export_round_trips(workspace: Path, tmp_path: Path, fmt: str) -> None:
    frame = load_results(workspace)
    path = export_results(frame, tmp_path / f"out.{fmt}", fmt)
    if fmt == "jsonl":
        back = pd.DataFrame([json.loads(line) for line in path.read_text().splitlines()])
    elif fmt == "csv":
        back = pd.read_csv(path)
    else:
        back = pd.read_parquet(path)
    assert len(back) == len(frame)
    assert list(back["episode_id"]) == list(frame["episode_id"])
    assert list(back["correct"]) == list(frame["correct"])


@pytest.mark.parametrize(
    ("name", "fmt", "expected"),
    [
        ("m.csv", None, "csv"),
        ("m.PARQUET", None, "parquet"),
        ("m.jsonl", None, "jsonl"),
        ("m.json", None, "jsonl"),
        ("m.txt", None, "jsonl"),
        ("m", None, "jsonl"),
        ("m.txt", "parquet", "parquet"),
        ("m.csv", "csv", "csv"),
    ],
)
def test_export_format_is_read_from_the_suffix(name: str, fmt: str | None, expected: str) -> None:
    assert export_format(name, fmt) == expected


def test_export_format_refuses_a_suffix_of_another_format() -> None:
    """A new-user trial wrote Parquet into m.csv without a word."""
    with pytest.raises(CarebenchError, match=r"m\.csv: --format parquet .* pass --format csv"):
        export_format("m.csv", "parquet")
    with pytest.raises(CarebenchError, match=r"m\.json: --format csv"):
        export_format("m.json", "csv")


def test_missing_store_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CarebenchError, match="no run store here"):
        load_results(tmp_path / "nowhere")
