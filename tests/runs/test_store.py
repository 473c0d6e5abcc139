from __future__ import annotations

import hashlib
import os
import sqlite3
import zlib
from pathlib import Path

import pytest

from carebench.agents.backends.base import Generation
from carebench.episodes.bank import load_bank
from carebench.episodes.canonical import bank_sha256
from carebench.errors import CarebenchError
from carebench.runs.config import RunManifest
from carebench.runs.store import Record, RunStore, bank_copy


def _manifest(run_id: str = "r1", **extra: object) -> dict[str, object]:
    """A minimal valid run manifest (what :class:`RunManifest` requires), plus ``extra``."""
    return {
        "run_id": run_id,
        "label": "scripted:oracle/vanilla",
        "backend": {"name": "scripted", "model": "oracle"},
        "condition": "vanilla",
        "bank_sha256": "ab" * 32,
        **extra,
    }


def _record(status: str, action: str | None = "Answer", error: str | None = None) -> Record:
    return Record("r1", "ep", 0, "h", "{}", action, 0.5, "x", status, error, 0.1, 10, 5, 1, False)


def test_wal_mode_and_schema(tmp_path: Path) -> None:
    with RunStore(tmp_path / "db.sqlite") as store:
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        store.ensure_run("r1", "label", _manifest())
        manifest = store.manifest("r1")
        assert isinstance(manifest, RunManifest) and manifest.stored() == _manifest()
        assert manifest.bank_sha256 == "ab" * 32 and manifest.repeats == 1
        assert store.manifest("nope") is None


def test_first_manifest_wins(tmp_path: Path) -> None:
    with RunStore(tmp_path / "db") as store:
        store.ensure_run("r1", "label", _manifest(started_at="first"))
        kept = store.ensure_run("r1", "label", _manifest(started_at="second"))
        assert kept.started_at == "first"


def test_a_manifest_that_is_not_a_run_manifest_is_refused_by_run_and_field(
    tmp_path: Path,
) -> None:
    with RunStore(tmp_path / "db") as store:
        with pytest.raises(
            CarebenchError, match=r"manifest of run r1 is not a run manifest: label"
        ):
            store.ensure_run("r1", "label", {"run_id": "r1"})
        assert store.runs() == []  # nothing written
        store.ensure_run("r2", "label", _manifest("r2"))
        store._db.execute("UPDATE runs SET manifest = ? WHERE run_id = 'r2'", ('{"run_id": 1}',))
        with pytest.raises(
            CarebenchError, match=r"manifest of run r2 is not a run manifest: run_id"
        ):
            store.manifest("r2")


def test_final_records_are_never_overwritten(tmp_path: Path) -> None:
    with RunStore(tmp_path / "db") as store:
        store.ensure_run("r1", "label", _manifest())
        store.put_records([_record("ok", "Answer")])
        store.put_records([_record("ok", "Escalate")])
        assert [r.action for r in store.records("r1")] == ["Answer"]


def test_error_records_are_replaced_on_resume(tmp_path: Path) -> None:
    with RunStore(tmp_path / "db") as store:
        store.ensure_run("r1", "label", _manifest())
        store.put_records([_record("error", None, "timeout")])
        assert store.completed("r1") == set()
        store.put_records([_record("invalid", None, "no JSON object found")])
        (record,) = store.records("r1")
        assert record.status == "invalid" and record.error == "no JSON object found"
        assert store.completed("r1") == {("ep", 0)}


def test_cache_round_trip(tmp_path: Path) -> None:
    with RunStore(tmp_path / "db") as store:
        assert store.cache_get_many(["k"]) == {}
        store.put_records([], [("k", Generation("text", 3, 4))])
        store.put_records([], [("k", Generation("other", 1, 1))])
        assert store.cache_get_many(["k", "missing"]) == {"k": Generation("text", 3, 4)}


def test_not_a_database_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "carebench.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(CarebenchError, match=r"carebench.db: not a usable carebench store"):
        RunStore(path)
    assert path.read_bytes() == b"this is not sqlite" * 100


def test_newer_schema_is_refused_without_touching_data(tmp_path: Path) -> None:
    path = tmp_path / "db"
    with RunStore(path) as store:
        store.ensure_run("r1", "label", _manifest())
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value='99' WHERE key='schema_version'")
    db.commit()
    db.close()
    with pytest.raises(CarebenchError, match="schema version 99"):
        RunStore(path)
    assert sqlite3.connect(path).execute("SELECT count(*) FROM runs").fetchone()[0] == 1


def test_resolve_by_prefix_and_label(tmp_path: Path) -> None:
    with RunStore(tmp_path / "db") as store:
        store.ensure_run("abc123", "scripted:oracle/vanilla", _manifest("abc123"))
        store.ensure_run("abd456", "scripted:rule/vanilla", _manifest("abd456"))
        assert store.resolve("abc") == "abc123"
        assert store.resolve("rule") == "abd456"
        with pytest.raises(CarebenchError, match="2 runs match 'ab'"):
            store.resolve("ab")
        with pytest.raises(CarebenchError, match="no run matches 'zzz'"):
            store.resolve("zzz")


def test_a_store_with_flipped_bytes_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "carebench.db"
    with RunStore(path) as store:
        store.ensure_run("r1", "label", _manifest())
        store.put_records([], [(f"k{i}", Generation("x" * 2000, 1, 1)) for i in range(200)])
    data = bytearray(path.read_bytes())
    assert len(data) > 40 * 4096
    for at in range(20 * 4096, 30 * 4096, 7):  # pages in the middle of the file, header intact
        data[at] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(CarebenchError, match=r"carebench.db: not a usable carebench store") as err:
        RunStore(path)
    assert "\n" not in str(err.value)
    assert path.read_bytes() == bytes(data)


def test_an_empty_store_file_is_refused_not_reused(tmp_path: Path) -> None:
    path = tmp_path / "carebench.db"
    path.write_bytes(b"")
    with pytest.raises(CarebenchError, match=r"carebench.db: the store file is empty \(0 bytes"):
        RunStore(path)
    assert path.read_bytes() == b""


def test_a_bank_copy_round_trips_and_is_checked(tiny_bank_dir: Path, tmp_path: Path) -> None:
    bank = load_bank([tiny_bank_dir])
    sha = bank_sha256(bank)
    with RunStore(tmp_path / "db") as store:
        assert store.bank(sha) is None
        with pytest.raises(CarebenchError, match=r"these episodes are not bank 000000000000"):
            store.put_bank(bank, "0" * 64)
        store.put_bank(bank, sha)
        store.put_bank(bank, sha)  # kept once
        assert store.bank(sha) == bank
        assert store._db.execute("SELECT COUNT(*) FROM banks").fetchone()[0] == 1
        body = zlib.compress(b'{"episode_id": 1}')
        store._db.execute("UPDATE banks SET episodes = ?", (body,))
        with pytest.raises(CarebenchError, match=r"its content has another hash"):
            store.bank(sha)
        wrong = b'{"episode_id": 1}'
        store._db.execute(
            "INSERT INTO banks VALUES (?, ?, '')",
            (hashlib.sha256(wrong).hexdigest(), zlib.compress(wrong)),
        )
        with pytest.raises(CarebenchError, match=r"does not read as episodes of this carebench"):
            store.bank(hashlib.sha256(wrong).hexdigest())


def test_deleting_a_run_drops_a_bank_copy_no_other_run_needs(
    tiny_bank_dir: Path, tmp_path: Path
) -> None:
    bank = load_bank([tiny_bank_dir])
    sha = bank_sha256(bank)
    with RunStore(tmp_path / "db") as store:
        store.put_bank(bank, sha)
        for run_id in ("r1", "r2"):
            store.ensure_run(run_id, run_id, _manifest(run_id, bank_sha256=sha))
        store.ensure_run("r3", "r3", _manifest("r3"))  # another bank, no copy
        store.delete_run("r1")
        assert store.bank(sha) == bank  # r2 was made on it
        store._db.execute("UPDATE runs SET manifest = 'garbled' WHERE run_id = 'r3'")
        store.delete_run("r2")
        assert store.bank(sha) == bank  # r3's manifest cannot be read: it may be on this bank
        store.delete_run("r3")  # a run whose manifest is unreadable is still removed
        assert store.bank(sha) is None  # and then no run needs the copy
        assert store._db.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 0


def test_a_store_from_before_bank_copies_gains_the_table(tmp_path: Path) -> None:
    with RunStore(tmp_path / "db") as store:
        store.ensure_run("r1", "label", _manifest())
        store._db.execute("DROP TABLE banks")
        store._db.execute("DELETE FROM schema_tables WHERE name = 'banks'")
    with RunStore(tmp_path / "db") as store:
        assert store.bank("ab" * 32) is None
        assert store.manifest("r1") is not None


def test_a_batch_keeps_the_bank_copy_with_its_run(tiny_bank_dir: Path, tmp_path: Path) -> None:
    bank = load_bank([tiny_bank_dir])
    sha = bank_sha256(bank)
    copy = bank_copy(bank, sha)
    manifest = _manifest(bank_sha256=sha)
    with RunStore(tmp_path / "db") as store:
        store.put_records([], [("k", Generation("t", 1, 1))], run=("r1", "l", manifest), bank=copy)
        assert store.bank(sha) is None  # no record, no run: nothing kept for it
        store.put_records([_record("ok")], run=("r1", "l", manifest), bank=copy)
        assert store.bank(sha) == bank
        store.delete_run("r1")  # deleted while its command still runs: the next batch restores
        assert store.bank(sha) is None
        store.put_records([_record("ok")], run=("r1", "l", manifest), bank=copy)
        assert store.manifest("r1") is not None and store.bank(sha) == bank


def _unwritable(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """``os.access`` as a user without write permission on ``target`` sees it (root always may)."""
    real = os.access
    monkeypatch.setattr(
        "carebench.store.os.access",
        lambda p, mode: False if Path(p) == target and mode == os.W_OK else real(p, mode),
    )


def _says_unwritable(message: str, where: Path, what: str) -> None:
    assert message.startswith(f"{where}: the {what} is not writable"), message
    assert "copy the workspace" in message
    assert "damaged" not in message and "Restore" not in message


def test_a_store_in_a_folder_that_cannot_be_written_is_named_not_called_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workspace = tmp_path / "archived"
    with RunStore(workspace / "carebench.db") as store:
        store.ensure_run("r1", "label", _manifest())
    before = (workspace / "carebench.db").read_bytes()
    _unwritable(monkeypatch, workspace)
    with pytest.raises(CarebenchError) as caught:
        RunStore(workspace / "carebench.db")
    _says_unwritable(str(caught.value), workspace, "folder")
    assert (workspace / "carebench.db").read_bytes() == before


def test_a_read_only_store_file_is_read_and_refused_for_a_run_or_a_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "carebench.db"
    with RunStore(path) as store:
        store.ensure_run("r1", "label", _manifest())
    _unwritable(monkeypatch, path)
    with RunStore(path) as store:
        assert store.manifest("r1") is not None  # reading needs only the folder
        with pytest.raises(CarebenchError) as caught:
            store.writable()  # what `carebench run` asks before its first request
        _says_unwritable(str(caught.value), path, "store file")
    # a write SQLite refuses as read-only (a read-only file or file system) says so too
    with RunStore(path) as store:
        store._db.close()
        store._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        with pytest.raises(CarebenchError) as caught:
            store.ensure_run("r2", "label", _manifest("r2"))
        _says_unwritable(str(caught.value), path, "store (or its file system)")


def test_a_new_workspace_under_a_folder_that_cannot_be_written_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _unwritable(monkeypatch, tmp_path)
    with pytest.raises(CarebenchError, match=rf"^{tmp_path}: the folder is not writable"):
        RunStore(tmp_path / "new" / "deeper" / "carebench.db")
    assert not (tmp_path / "new").exists()


def test_a_revision_with_changed_package_files_is_marked_dirty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run made from an edited checkout recorded the commit alone, which did not give the code."""
    import shutil
    import subprocess

    from carebench.runs.config import folder_revision

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))  # no enclosing checkout

    assert folder_revision(tmp_path) is None  # not a checkout
    package = tmp_path / "src" / "carebench"
    package.mkdir(parents=True)
    (package / "scores.py").write_text("A = 1\n")

    settings = ("-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false")

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", *settings, *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout.strip()

    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "first")
    head = git("rev-parse", "HEAD")
    assert folder_revision(package) == head
    (tmp_path / "README.md").write_text("outside the package\n")
    (tmp_path / ".gitignore").write_text("*.pyc\n")
    (package / "scores.pyc").write_text("ignored\n")
    assert folder_revision(package) == head
    (package / "new-seed.yaml").write_text("untracked\n")  # read by the packaged bank
    assert folder_revision(package) == f"{head}-dirty"
    (package / "new-seed.yaml").unlink()
    (package / "scores.py").write_text("A = 2\n")
    assert folder_revision(package) == f"{head}-dirty"
    git("add", ".")  # staged is still not the commit
    assert folder_revision(package) == f"{head}-dirty"
