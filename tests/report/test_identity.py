"""Runs keep their identity in the report and in comparisons: run id, own bank, unique labels."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from carebench import load_bank
from carebench.agents.config import BackendConfig, SamplingParams
from carebench.errors import CarebenchError
from carebench.report import Settings, build_report, compare
from carebench.runs.config import RunConfig
from carebench.runs.execute import run_agent
from carebench.runs.results import load_runs
from tests.conftest import write_custom_bank

FAST = Settings(b=200)


def _run(ws: Path, bank: Path, policy: str, split: str = "all", seed: int = 0) -> str:
    config = RunConfig(
        backend=BackendConfig(name="scripted", model=policy),
        split=split,  # type: ignore[arg-type]
        bank_paths=(str(bank),),
        sampling=SamplingParams(seed=seed),
    )
    return run_agent(config, ws).run_id


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    root = tmp_path_factory.mktemp("identity")
    bank_a = write_custom_bank(root / "bank-a")
    bank_b = write_custom_bank(root / "bank-b", note=" Seen in the evening clinic.")
    ids = {
        "seed0": _run(root, bank_a, "random", seed=0),
        "seed1": _run(root, bank_a, "random", seed=1),
        "rule_dev": _run(root, bank_a, "rule", split="dev"),
        "other_bank": _run(root, bank_b, "random", seed=0),
    }
    return {"root": root, "bank_a": bank_a, "bank_b": bank_b, **ids}


def test_two_seeds_are_two_runs_in_the_report(ws: dict, tmp_path: Path) -> None:
    both = [ws["seed0"], ws["seed1"]]
    report = build_report(ws["root"], both, tmp_path, "all", FAST)
    runs = report.analysis.model_dump()["runs"]
    assert [r["run_id"] for r in runs] == both
    labels = [r["label"] for r in runs]
    # the workspace also holds a random run on another bank, so the bank is named too
    assert labels[0].startswith("scripted:random/vanilla [bank=") and labels[0].endswith("seed=0]")
    assert labels[1].endswith("seed=1]") and labels[0] != labels[1]
    tests = report.analysis.model_dump()["paired_tests"]["clean_vs_perturbed"]
    assert len(tests) == 2 * 4  # one family of four per run, never pooled by label
    for run_id, label in zip(both, labels, strict=True):
        alone = build_report(ws["root"], [run_id], tmp_path / run_id, "all", FAST)
        mine = [t for t in tests if t["comparison"].startswith(label + ":")]
        solo = alone.analysis.model_dump()["paired_tests"]["clean_vs_perturbed"]
        assert [(t["mean_a"], t["mean_b"], t["p_value"]) for t in mine] == [
            (t["mean_a"], t["mean_b"], t["p_value"]) for t in solo
        ]
    data = _viewer_data(tmp_path)
    assert data["runs"] == [{"id": r, "label": lab} for r, lab in zip(both, labels, strict=True)]
    assert len(data["rows"]) == 2 * 20


def _viewer_data(folder: Path) -> dict:
    page = (folder / "viewer.html").read_text()
    text = page.split('<script id="data" type="application/json">', 1)[1].split("</script>", 1)[0]
    return json.loads(text)  # type: ignore[no-any-return]


def test_compare_says_when_a_run_has_no_rows_in_the_split(ws: dict) -> None:
    with pytest.raises(CarebenchError, match=r"has no test-split results \(only dev\)"):
        compare(ws["root"], ws["rule_dev"], ws["seed0"])
    result = compare(ws["root"], ws["rule_dev"], ws["seed0"], split="dev")
    assert [t.name for t in result.tests] == ["accuracy", "sensitivity", "utility"]
    assert result.run_b == ws["seed0"] and result.label_b.endswith("seed=0]")


def test_compare_refuses_runs_on_different_banks(ws: dict) -> None:
    with pytest.raises(CarebenchError, match="paired seed-level tests across them are refused"):
        compare(ws["root"], ws["seed0"], ws["other_bank"], split="all")
    with pytest.raises(CarebenchError, match="same run"):
        compare(ws["root"], ws["seed0"], ws["seed0"])


def test_report_notes_different_banks_and_keeps_their_episodes_apart(
    ws: dict, tmp_path: Path
) -> None:
    report = build_report(ws["root"], [ws["seed0"], ws["other_bank"]], tmp_path, "all", FAST)
    note = report.analysis.model_dump()["bank_note"]
    assert note and "2 different episode banks" in note
    assert 'id="bank-note"' in (tmp_path / "index.html").read_text()
    assert "NOTE: These runs were made on 2 different episode banks" in report.summary
    # the same 20 episode ids in each bank, shown once per bank, each with its own text
    episodes = _viewer_data(tmp_path)["episodes"]
    assert len(episodes) == 40 and len({e["id"] for e in episodes}) == 20
    assert sum("Seen in the evening clinic." in e["transcript"] for e in episodes) == 20
    one_bank = build_report(ws["root"], [ws["seed0"], ws["seed1"]], tmp_path / "one", "all", FAST)
    assert one_bank.analysis.model_dump()["bank_note"] is None


def test_controller_section_uses_each_runs_own_bank(ws: dict, tmp_path: Path) -> None:
    report = build_report(ws["root"], [ws["seed0"], ws["other_bank"]], tmp_path, "test", FAST)
    section = report.analysis.model_dump()["controller"]
    assert {r["run_id"] for r in section["runs"]} == {ws["seed0"], ws["other_bank"]}
    loaded = load_runs(ws["root"], [ws["seed0"], ws["other_bank"]])
    assert [q["bank_sha256"] for q in section["detector_quality"]] == [
        loaded.manifests[ws["seed0"]].bank_sha256,
        loaded.manifests[ws["other_bank"]].bank_sha256,
    ]
    n = len(load_bank([ws["bank_a"]]))
    counts = section["detector_quality"][0]["families"]["regex"]
    assert all(q["tp"] + q["fp"] <= n for q in counts)


def _forget_bank_copies(workspace: Path) -> None:
    """Make the store one of a carebench that kept no bank copies."""
    with sqlite3.connect(workspace / "carebench.db") as db:
        db.execute("DELETE FROM banks")


def _transcripts(folder: Path) -> set[str]:
    return {e["transcript"] for e in _viewer_data(folder)["episodes"]}


def test_a_run_keeps_its_bank_after_the_seeds_move_or_change(tmp_path: Path) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    run_id = _run(tmp_path, bank, "oracle", split="test")
    before = build_report(tmp_path, None, tmp_path / "before", "test", FAST)
    moved = tmp_path / "moved"
    shutil.move(str(bank), moved)
    # edited in place as a newer release would ship them: the run still reads its own bank
    write_custom_bank(bank, note=" Edited after the run.")
    after = build_report(tmp_path, None, tmp_path / "after", "test", FAST)
    assert after.analysis.model_dump()["runs"][0]["run_id"] == run_id
    assert after.summary == before.summary
    assert _transcripts(tmp_path / "after") == _transcripts(tmp_path / "before")
    assert not any("Edited after the run." in t for t in _transcripts(tmp_path / "after"))
    # seeds passed explicitly are checked against the run's bank, never trusted
    with pytest.raises(CarebenchError, match="form bank"):
        build_report(tmp_path, None, tmp_path / "r", "test", FAST, bank=[bank])
    report = build_report(tmp_path, None, tmp_path / "r", "test", FAST, bank=[moved])
    assert report.summary == before.summary


def test_a_run_stored_without_a_bank_copy_names_a_moved_bank(tmp_path: Path) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    run_id = _run(tmp_path, bank, "oracle", split="test")
    _forget_bank_copies(tmp_path)
    moved = tmp_path / "moved"
    shutil.move(str(bank), moved)
    with pytest.raises(
        CarebenchError, match="pass the seed files or folders it was made on with --bank"
    ):
        build_report(tmp_path, None, tmp_path / "r", "test", FAST)
    report = build_report(tmp_path, None, tmp_path / "r", "test", FAST, bank=[moved])
    assert report.analysis.model_dump()["runs"][0]["run_id"] == run_id
    # a bank with other content is refused, naming both hashes
    write_custom_bank(tmp_path / "edited", note=" Edited.")
    with pytest.raises(CarebenchError, match="form bank"):
        build_report(tmp_path, None, tmp_path / "r", "test", FAST, bank=[tmp_path / "edited"])
    # running the same configuration again (nothing left to do) keeps the copy from then on
    run_agent(
        RunConfig(
            backend=BackendConfig(name="scripted", model="oracle"),
            split="test",
            bank_paths=(str(moved),),
        ),
        tmp_path,
    )
    shutil.rmtree(moved)
    assert build_report(tmp_path, None, tmp_path / "r2", "test", FAST).summary == report.summary


def test_a_damaged_bank_copy_is_named_read_around_and_repaired_by_a_rerun(
    tmp_path: Path,
) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    _run(tmp_path, bank, "oracle", split="test")
    with sqlite3.connect(tmp_path / "carebench.db") as db:
        db.execute("UPDATE banks SET episodes = ?", (b"not zlib",))
    assert build_report(tmp_path, None, tmp_path / "r", "test", FAST).analysis
    kept = tmp_path / "kept"
    shutil.move(str(bank), kept)
    with pytest.raises(CarebenchError) as caught:
        build_report(tmp_path, None, tmp_path / "r", "test", FAST)
    message = str(caught.value)
    assert "the stored copy of episode bank" in message and "is damaged" in message
    assert "run the run's command again with the seeds it was made on" in message
    assert "--bank" in message
    _run(tmp_path, kept, "oracle", split="test")  # nothing left to do; the copy is stored anew
    shutil.rmtree(kept)
    assert build_report(tmp_path, None, tmp_path / "r", "test", FAST).analysis


def test_the_manifest_records_the_bank_absolutely(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_custom_bank(tmp_path / "bank")
    monkeypatch.chdir(tmp_path)
    run_id = _run(tmp_path / "ws", Path("bank"), "oracle", split="dev")
    manifest = load_runs(tmp_path / "ws").manifests[run_id]
    assert manifest.bank_paths == [str(tmp_path / "bank")]
    assert len(manifest.bank_sha256) == 64
    monkeypatch.chdir("/")
    assert len(load_runs(tmp_path / "ws").frame) == 10
