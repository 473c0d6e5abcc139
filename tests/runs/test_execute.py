"""run_agent and load_runs read the bank through the user's validated-bank cache."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from carebench.agents.config import BackendConfig, SamplingParams
from carebench.episodes import bank as bank_module
from carebench.episodes.bank import BANK_VERSION
from carebench.episodes.cache import cache_file, user_cache_dir
from carebench.episodes.canonical import bank_sha256
from carebench.report import Settings, build_report
from carebench.runs.config import RunConfig, RunManifest
from carebench.runs.execute import run_agent
from carebench.runs.listing import list_runs
from carebench.runs.results import load_runs
from carebench.runs.resume import unresumable
from carebench.runs.store import RunStore
from tests.conftest import write_custom_bank


def _config(bank: Path, seed: int = 0) -> RunConfig:
    return RunConfig(
        backend=BackendConfig(name="scripted", model="oracle"),
        bank_paths=(str(bank),),
        sampling=SamplingParams(seed=seed),
    )


def _no_validation(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the bank was validated again")

    monkeypatch.setattr(bank_module, "load_bank", refuse)


def test_runs_reuse_the_validated_bank(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    expected = bank_sha256(bank_module.load_bank([bank]))
    ws = tmp_path / "ws"
    first = run_agent(_config(bank, seed=0), ws)
    assert cache_file(user_cache_dir(), [bank]).is_file()  # the user's cache, not the workspace's
    assert not (ws / "cache").exists()
    _no_validation(monkeypatch)
    second = run_agent(_config(bank, seed=1), ws)
    assert second.completed_now == 20 and second.ok == 20
    with RunStore(ws / "carebench.db") as store:
        hashes = {store.manifest(r.run_id).bank_sha256 for r in (first, second)}  # type: ignore[union-attr]
    assert hashes == {expected}
    assert len(load_runs(ws).frame) == 40  # the report's path reads the cached bank too


def test_an_edited_bank_makes_a_new_run(tmp_path: Path) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    ws = tmp_path / "ws"
    before = run_agent(_config(bank), ws)
    write_custom_bank(bank, note=" Edited after the first run.")
    after = run_agent(_config(bank), ws)
    assert after.run_id != before.run_id and after.already_done == 0
    with RunStore(ws / "carebench.db") as store:
        manifest = store.manifest(after.run_id)
    assert manifest is not None
    assert manifest.bank_sha256 == bank_sha256(bank_module.load_bank([bank]))


def test_a_new_workspace_reuses_the_validated_bank(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    run_agent(_config(bank), tmp_path / "first")
    _no_validation(monkeypatch)
    again = run_agent(_config(bank), tmp_path / "second")  # another workspace, same user
    assert again.completed_now == 20 and again.ok == 20


def test_with_the_cache_switched_off_the_bank_is_validated_and_nothing_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    monkeypatch.setenv("CAREBENCH_CACHE_DIR", "")
    calls: list[object] = []
    real = bank_module.load_bank

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(bank_module, "load_bank", counted)
    run_agent(_config(bank, seed=0), tmp_path / "ws")
    run_agent(_config(bank, seed=1), tmp_path / "ws")
    assert len(calls) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bank", "ws"]


def test_a_refused_run_leaves_no_store_behind_and_an_existing_one_untouched(
    tmp_path: Path,
) -> None:
    """A new-user trial: `carebench run --model nosuch` exited 2 and left an empty store."""
    from carebench.errors import CarebenchError

    bank = (str(write_custom_bank(tmp_path / "bank")),)
    nosuch = RunConfig(backend=BackendConfig(name="scripted", model="nosuch"), bank_paths=bank)
    with pytest.raises(CarebenchError, match="unknown scripted policy 'nosuch'"):
        run_agent(nosuch, tmp_path / "ws")
    assert not (tmp_path / "ws").exists()
    oracle = RunConfig(backend=BackendConfig(name="scripted", model="oracle"), bank_paths=bank)
    run_agent(oracle, tmp_path / "ws")
    with pytest.raises(CarebenchError):
        run_agent(nosuch, tmp_path / "ws")
    with RunStore(tmp_path / "ws" / "carebench.db") as store:
        assert len(store.runs()) == 1  # the store that held a run is kept as it was


def test_a_rerun_after_the_seeds_changed_says_it_is_a_new_run(tmp_path: Path) -> None:
    """A new-user trial: re-running a command after editing the seeds silently made a new run
    ("0 already stored" the only hint), leaving the old one to wait for a resume that cannot come."""
    bank = write_custom_bank(tmp_path / "bank")
    first = run_agent(_config(bank), tmp_path / "ws")
    assert first.notes == []
    write_custom_bank(bank, note=" Edited after the first run.")
    other_seed = run_agent(_config(bank, seed=1), tmp_path / "ws")
    assert other_seed.notes == []  # another setting: not the same run on another bank
    second = run_agent(_config(bank), tmp_path / "ws")
    assert second.run_id != first.run_id
    [note] = second.notes
    assert note.startswith(f"run {second.run_id} is new: the same settings were run as ")
    assert f"as {first.run_id} on episode bank " in note and "kept as it was" in note
    assert run_agent(_config(bank), tmp_path / "ws").notes == []  # nothing left to do: no note
    chosen = write_custom_bank(tmp_path / "other", note=" Another bank the user chose.")
    assert run_agent(_config(chosen), tmp_path / "ws").notes == []  # other seeds, not changed ones


def test_an_interrupted_run_on_changed_seeds_is_not_told_to_resume(tmp_path: Path) -> None:
    """Session 31 left this: after the seeds changed, `runs list` still told an interrupted run to
    "run the same command again", which now makes another run."""
    bank = write_custom_bank(tmp_path / "bank")
    first = run_agent(_config(bank), tmp_path / "ws").run_id
    with RunStore(tmp_path / "ws" / "carebench.db") as store:
        store._db.execute("DELETE FROM records WHERE rowid IN (SELECT rowid FROM records LIMIT 5)")
    [cut] = list_runs(tmp_path / "ws")
    assert cut.note.endswith("(an interrupted run; run the same command again to resume it)")
    write_custom_bank(bank, note=" Edited after the first run.")
    run_agent(_config(bank, seed=1), tmp_path / "ws")  # another setting: changes nothing
    assert list_runs(tmp_path / "ws")[0].note == cut.note
    second = run_agent(_config(bank), tmp_path / "ws").run_id
    rows = {r.run_id: r for r in list_runs(tmp_path / "ws")}
    assert rows[first].note == (
        f"⚠ incomplete: 15 of 20 records stored; it cannot be resumed: the same command made run "
        f"{second} on changed seeds since, so it resumes this run only if the seeds are restored"
    )
    assert rows[second].note == ""
    loaded = load_runs(tmp_path / "ws", [first])  # what `runs show` and `report RUN` say
    assert loaded.unresumable == {first: rows[first].unresumable}
    report = build_report(tmp_path / "ws", [first], tmp_path / "r", "all", Settings(b=20))
    assert f"it cannot be resumed: the same command made run {second}" in report.summary
    stored = rows[first].manifest.stored()
    packaged = RunManifest.model_validate({**stored, "bank_paths": None, "bank_version": "2.0"})
    assert unresumable(packaged, []) == (
        f"it was made on the packaged bank 2.0, and this carebench ships {BANK_VERSION}, so the "
        "same command starts a new run"
    )
    current = RunManifest.model_validate(
        {**stored, "bank_paths": None, "bank_version": BANK_VERSION}
    )
    assert unresumable(current, []) is None


def test_a_new_run_on_a_bank_mends_its_damaged_copy(tmp_path: Path) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    run_agent(_config(bank), tmp_path / "ws")
    with RunStore(tmp_path / "ws" / "carebench.db") as store:
        store._db.execute("UPDATE banks SET episodes = ?", (b"damaged",))
    run_agent(_config(bank, seed=1), tmp_path / "ws")  # another run on the same bank
    with RunStore(tmp_path / "ws" / "carebench.db") as store:
        sha = store.runs()[0].manifest.bank_sha256
        assert not store.bank_damaged(sha) and store.bank(sha) is not None
