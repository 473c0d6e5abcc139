"""Dataset export: Parquet / JSONL per split round-trip to the same episodes, and a truthful card."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from carebench import load_bank
from carebench.episodes.canonical import bank_sha256
from carebench.episodes.export import episode_from_row, export_bank
from carebench.episodes.render import render_transcript
from carebench.errors import CarebenchError

FIXTURE = Path(__file__).parents[1] / "fixtures" / "minimal_seed.yaml"

ROUTING = {"handoff_urgency": ["emergency"], "handoff_destinations": ["emergency_services"]}


@pytest.fixture
def seeds_dir(tmp_path: Path) -> Path:
    """Two seeds: the fixture (dev) and a copy in test with annotations (so both shapes occur)."""
    folder = tmp_path / "seeds"
    folder.mkdir()
    data: dict[str, Any] = yaml.safe_load(FIXTURE.read_text())
    (folder / "minimal-seed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    other = {**data, "id": "second-seed", "split": "test", "topic": "Second seed"}
    other["annotations"] = {
        "retain_facts": ["amlodipine"],
        "handoff_fields": ["callback number"],
        "handoff_values": {"callback number": "reply to {patient}'s portal message"},
    }
    other["variants"] = {
        **data["variants"],
        "conflict": {
            **data["variants"]["conflict"],
            "annotations": {"urgent_findings": ["210/125"], **ROUTING},
        },
        "late_risk": {
            **data["variants"]["late_risk"],
            "annotations": {"urgent_findings": ["crushing chest pain"], **ROUTING},
        },
    }
    (folder / "second-seed.yaml").write_text(yaml.safe_dump(other, sort_keys=False))
    return folder


def _by_split(episodes: list[Any]) -> dict[str, list[Any]]:
    return {s: [e for e in episodes if e.split.value == s] for s in ("dev", "test")}


def test_parquet_round_trip_with_pyarrow(seeds_dir: Path, tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    bank = load_bank([seeds_dir])
    assert any(e.annotations for e in bank) and any(e.annotations is None for e in bank)
    result = export_bank(bank, tmp_path / "hf", "hf", version="9.9")
    for split, expected in _by_split(bank).items():
        table = pq.read_table(result.files[split])
        rows = table.to_pylist()
        assert [episode_from_row(r) for r in rows] == expected
        assert [r["text"] for r in rows] == [render_transcript(e) for e in expected]
        assert [r["escalation_required"] for r in rows] == [
            e.reference.primary.value == "Escalate" for e in expected
        ]
    # same schema in every split, so `datasets` sees one set of features
    assert pq.read_schema(result.files["dev"]) == pq.read_schema(result.files["test"])


def test_hf_folder_loads_with_datasets(seeds_dir: Path, tmp_path: Path) -> None:
    datasets = pytest.importorskip("datasets", reason="datasets is not installed (test extra)")
    bank = load_bank([seeds_dir])
    export_bank(bank, tmp_path / "hf", "hf")
    loaded = datasets.load_dataset(str(tmp_path / "hf"), cache_dir=str(tmp_path / "hf-cache"))
    assert set(loaded) == {"dev", "test"}
    for split, expected in _by_split(bank).items():
        assert [episode_from_row(dict(r)) for r in loaded[split]] == expected


def test_jsonl_round_trip(seeds_dir: Path, tmp_path: Path) -> None:
    bank = load_bank([seeds_dir])
    result = export_bank(bank, tmp_path / "jl", "jsonl")
    for split, expected in _by_split(bank).items():
        lines = result.files[split].read_text("utf-8").splitlines()
        assert [episode_from_row(json.loads(line)) for line in lines] == expected
    manifest = json.loads(result.files["manifest"].read_text())
    assert manifest["episodes_sha256"] == bank_sha256(bank)


def test_card_states_hash_version_splits_license_and_evidence_level(
    seeds_dir: Path, tmp_path: Path
) -> None:
    bank = load_bank([seeds_dir])
    card = export_bank(bank, tmp_path / "hf", "hf", version="9.9").files["card"].read_text()
    header = yaml.safe_load(card.split("---")[1])
    assert header["license"] == "apache-2.0"
    files = {f["split"]: f["path"] for f in header["configs"][0]["data_files"]}
    assert files == {"dev": "data/dev.parquet", "test": "data/test.parquet"}
    assert bank_sha256(bank) in card
    assert "Bank version: 9.9" in card
    n_dev = sum(e.split.value == "dev" for e in bank)
    assert f"| dev | {n_dev} |" in card
    assert "never a claim of clinical validity" in card
    assert "Apache-2.0" in card


def test_export_is_deterministic(seeds_dir: Path, tmp_path: Path) -> None:
    bank = load_bank([seeds_dir])
    a = export_bank(bank, tmp_path / "a", "hf")
    b = export_bank(bank, tmp_path / "b", "hf")
    for key in ("dev", "test", "card", "manifest"):
        assert a.files[key].read_bytes() == b.files[key].read_bytes()


def test_bad_format_and_unwritable_folder(seeds_dir: Path, tmp_path: Path) -> None:
    bank = load_bank([seeds_dir])
    with pytest.raises(CarebenchError, match="unknown export format 'csv'"):
        export_bank(bank, tmp_path / "x", "csv")  # type: ignore[arg-type]
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(CarebenchError, match="is a file; the export needs a folder"):
        export_bank(bank, blocker, "jsonl")
    with pytest.raises(CarebenchError, match="cannot write the export"):
        export_bank(bank, blocker / "below", "jsonl")


def test_cli_export(seeds_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "carebench", "episodes", "export", "--format", "jsonl", str(out),
         str(seeds_dir)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "wrote 20 episodes (jsonl)" in result.stdout
    assert (out / "data" / "test.jsonl").exists() and (out / "README.md").exists()
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    bad = subprocess.run(
        [sys.executable, "-m", "carebench", "episodes", "export", str(blocker), str(seeds_dir)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr


def test_a_test_only_bank_exports_and_loads_without_an_empty_dev_split(
    seeds_dir: Path, tmp_path: Path
) -> None:
    datasets = pytest.importorskip("datasets", reason="datasets is not installed (test extra)")
    (seeds_dir / "minimal-seed.yaml").unlink()  # left: second-seed, split test
    bank = load_bank([seeds_dir])
    result = export_bank(bank, tmp_path / "hf", "hf")
    assert sorted(p.name for p in (tmp_path / "hf" / "data").iterdir()) == ["test.parquet"]
    card = result.files["card"].read_text()
    header = yaml.safe_load(card.split("---")[1])
    assert header["configs"][0]["data_files"] == [{"split": "test", "path": "data/test.parquet"}]
    assert "| dev |" not in card and "no dev episodes, so that split has no file" in card
    loaded = datasets.load_dataset(str(tmp_path / "hf"), cache_dir=str(tmp_path / "cache"))
    assert set(loaded) == {"test"}
    assert len(loaded["test"]) == 10
    test_only = datasets.load_dataset(
        str(tmp_path / "hf"), split="test", cache_dir=str(tmp_path / "cache2")
    )
    assert [episode_from_row(dict(r)) for r in test_only] == bank


def test_export_refuses_a_folder_that_is_not_a_previous_export(
    seeds_dir: Path, tmp_path: Path
) -> None:
    bank = load_bank([seeds_dir])
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "README.md").write_text("my notes")
    with pytest.raises(CarebenchError, match=r"is not empty \(README.md\) and is not a previous"):
        export_bank(bank, notes, "hf")
    assert (notes / "README.md").read_text() == "my notes"  # nothing overwritten
    export_bank(bank, notes, "hf", force=True)
    assert (notes / "manifest.json").exists()
    # over a previous export: allowed, and split files the new export does not write are gone
    previous = tmp_path / "previous"
    export_bank(bank, previous, "jsonl")
    export_bank([e for e in bank if e.split.value == "test"], previous, "hf")
    assert sorted(p.name for p in (previous / "data").iterdir()) == ["test.parquet"]


def test_cli_export_refuses_a_non_empty_folder(seeds_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("x")
    args = [sys.executable, "-m", "carebench", "episodes", "export", str(out), str(seeds_dir)]
    bad = subprocess.run(args, capture_output=True, text=True, check=False)
    assert bad.returncode == 2
    assert "is not a previous carebench export" in bad.stderr and "--force" in bad.stderr
    forced = subprocess.run([*args, "--force"], capture_output=True, text=True, check=False)
    assert forced.returncode == 0, forced.stderr
    assert (out / "keep.txt").read_text() == "x"
