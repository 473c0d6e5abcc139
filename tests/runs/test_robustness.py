"""Hostile model output, replaced model files, locked and foreign stores, non-finite settings:
each becomes a stored record or a clear error, and nothing stored is lost."""

from __future__ import annotations

import json
import math
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from carebench.agents.backends import register_backend
from carebench.agents.backends.base import Generation, GenerationRequest
from carebench.agents.config import BackendConfig
from carebench.agents.requests import stored_text, truncation_marker
from carebench.episodes.canonical import bank_sha256
from carebench.errors import CarebenchError
from carebench.metrics.costs import CostMatrix
from carebench.runs.config import RunConfig
from carebench.runs.results import export_results, load_results
from carebench.runs.runner import cache_key
from carebench.runs.store import RunStore
from carebench.store import StoreLockedError

from .conftest import run, scripted

NESTED = '{"action": "Escalate", "reason": ' + "[" * 1000
BRACES = "{" * 400_000


class Hostile:
    """Answers every episode with the text in option ``text`` (or a valid decision)."""

    max_concurrency = None
    cacheable = False

    def __init__(self, config: BackendConfig) -> None:
        self.text = {"nested": NESTED, "braces": BRACES}.get(config.options.get("text", ""))

    def describe(self) -> dict[str, Any]:
        return {}

    def notes(self) -> list[str]:
        return []

    async def generate(self, request: GenerationRequest) -> Generation:
        if self.text is None:
            return Generation(json.dumps({"action": "Answer", "confidence": 0.5, "reason": "r"}))
        return Generation(self.text)

    async def aclose(self) -> None:
        pass


class NotFound(Hostile):
    """Stops the run at its first request, like an HTTP 404 from the openai backend."""

    async def generate(self, request: GenerationRequest) -> Generation:
        raise CarebenchError("the endpoint refused the request (HTTP 404)")


register_backend("hostile", Hostile)
register_backend("notfound", NotFound)


def hostile(text: str, **kwargs: Any) -> RunConfig:
    return RunConfig(backend=BackendConfig(name="hostile", options={"text": text}), **kwargs)


@pytest.mark.parametrize("text", ["nested", "braces"])
def test_hostile_output_becomes_an_invalid_record(
    text: str, tiny_bank: list, store: RunStore
) -> None:
    summary = run(hostile(text), tiny_bank, store)
    records = store.records(summary.run_id)
    assert summary.invalid == len(records) == len(tiny_bank)
    assert {r.status for r in records} == {"invalid"}
    # stored whole up to MAX_STORED_CHARS, beyond it cut with a marker naming the full length
    assert records[0].raw_output == stored_text(NESTED if text == "nested" else BRACES)
    if text == "braces":
        assert records[0].raw_output.endswith(truncation_marker(len(BRACES)))
    # and a resume has nothing left to do (the old failure re-ran the same episode forever)
    assert run(hostile(text), tiny_bank, store).completed_now == 0


# item 8: cache and run identity ---------------------------------------------------------------
def _embedded(path: Path, **backend: Any) -> RunConfig:
    return RunConfig(backend=BackendConfig(name="embedded", model=str(path), **backend))


def test_replacing_the_model_file_changes_cache_key_and_run_id(tmp_path: Path) -> None:
    model = tmp_path / "model.gguf"
    model.write_bytes(b"GGUF one")
    messages = [{"role": "user", "content": "x"}]
    before = (cache_key(_embedded(model), messages, 0), _embedded(model).run_id("bank"))
    model.write_bytes(b"GGUF two, a different model")
    after = (cache_key(_embedded(model), messages, 0), _embedded(model).run_id("bank"))
    assert before[0] != after[0] and before[1] != after[1]
    import hashlib

    identity = _embedded(model).identity("bank")
    assert identity["backend"]["model_sha256"] == hashlib.sha256(model.read_bytes()).hexdigest()


def test_api_key_variable_name_is_not_identity(tmp_path: Path) -> None:
    model = tmp_path / "model.gguf"
    model.write_bytes(b"GGUF")
    messages = [{"role": "user", "content": "x"}]
    a, b = _embedded(model), _embedded(model, api_key_env="OTHER_KEY")
    assert cache_key(a, messages, 0) == cache_key(b, messages, 0)
    assert a.run_id("bank") == b.run_id("bank")
    assert "api_key_env" not in json.dumps(a.identity("bank"))


def test_missing_model_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CarebenchError, match="no such GGUF model file"):
        _embedded(tmp_path / "gone.gguf").run_id("bank")


# item 22: the key variable's name, empty runs --------------------------------------------------
@pytest.mark.parametrize("value", ["sk-abc123secret", "1VAR", "MY VAR", ""])
def test_a_key_passed_as_variable_name_is_refused_without_echo(value: str) -> None:
    with pytest.raises(ValidationError) as caught:
        BackendConfig(name="openai", model="m", api_key_env=value)
    assert "environment variable" in str(caught.value)
    if value:
        assert value not in str(caught.value)


def test_a_run_stopped_before_its_first_record_is_not_registered(
    tiny_bank: list, store: RunStore
) -> None:
    with pytest.raises(CarebenchError, match="HTTP 404"):
        run(RunConfig(backend=BackendConfig(name="notfound"), concurrency=1), tiny_bank, store)
    assert store.runs() == []
    assert store._db.execute("SELECT COUNT(*) FROM banks").fetchone()[0] == 0  # no bank copy
    run(RunConfig(backend=BackendConfig(name="scripted"), concurrency=1), tiny_bank, store)
    assert store.bank(bank_sha256(tiny_bank)) == tiny_bank  # kept with the first records


# item 9 and 22: exports ------------------------------------------------------------------------
@pytest.fixture
def workspace(tmp_path: Path, tiny_bank: list, tiny_bank_dir: Path) -> Path:
    with RunStore(tmp_path / "carebench.db") as store:
        run(hostile("nested", bank_paths=(str(tiny_bank_dir),)), tiny_bank, store)
    return tmp_path


def test_jsonl_export_writes_null_not_nan(workspace: Path, tmp_path: Path) -> None:
    frame = load_results(workspace)
    assert frame["confidence"].isna().all()  # invalid records have no confidence
    path = export_results(frame, tmp_path / "out.jsonl", "jsonl")
    text = path.read_text()
    assert "NaN" not in text
    rows = [json.loads(line, parse_constant=lambda c: pytest.fail(c)) for line in text.splitlines()]
    assert len(rows) == len(frame) and all(r["confidence"] is None for r in rows)


def test_export_needs_an_existing_folder(workspace: Path, tmp_path: Path) -> None:
    frame = load_results(workspace)
    target = tmp_path / "no" / "such" / "out.jsonl"
    with pytest.raises(CarebenchError, match="does not exist"):
        export_results(frame, target, "jsonl")
    assert not (tmp_path / "no").exists()


# item 18: a store locked by another process ----------------------------------------------------
def test_a_long_foreign_lock_stops_with_a_clear_error_and_keeps_records(
    tmp_path: Path, tiny_bank: list
) -> None:
    path = tmp_path / "carebench.db"
    config = scripted(episode_ids=(tiny_bank[0].episode_id,))
    with RunStore(path) as store:
        first = run(config, tiny_bank, store)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with (
            RunStore(path, lock_timeout_s=0.2) as store,
            pytest.raises(StoreLockedError, match="another process held the write lock"),
        ):
            run(scripted(), tiny_bank, store)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert StoreLockedError.exit_code not in (0, 1, 2)
    with RunStore(path) as store:
        assert len(store.records(first.run_id)) == 1
        resumed = run(scripted(), tiny_bank, store)
        assert resumed.ok == len(tiny_bank)


# item 19: foreign databases and corrupted manifests --------------------------------------------
def test_a_database_with_other_tables_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE foo (x)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(CarebenchError, match=r"not a carebench store \(it holds table\(s\) foo\)"):
        RunStore(path)
    assert path.read_bytes() == before
    tables = sqlite3.connect(path).execute("SELECT name FROM sqlite_master").fetchall()
    assert tables == [("foo",)]


def test_a_corrupted_manifest_names_the_run(tmp_path: Path, tiny_bank: list) -> None:
    path = tmp_path / "carebench.db"
    with RunStore(path) as store:
        summary = run(scripted(), tiny_bank, store)
    db = sqlite3.connect(path)
    db.execute("UPDATE runs SET manifest = '{\"run_id\": ' WHERE run_id = ?", (summary.run_id,))
    db.commit()
    db.close()
    with RunStore(path) as store:
        for read in (store.runs, lambda: store.manifest(summary.run_id)):
            with pytest.raises(CarebenchError, match=f"manifest of run {summary.run_id}"):
                read()


# item 20: non-finite and negative settings -----------------------------------------------------
@pytest.mark.parametrize("value", [math.nan, math.inf, -1.0])
def test_costs_must_be_finite_and_non_negative(value: float) -> None:
    with pytest.raises(ValidationError):
        CostMatrix(c_fn=value)


@pytest.mark.parametrize("field", ["timeout_s", "backoff_base_s", "backoff_max_s"])
def test_operational_settings_must_be_finite(field: str) -> None:
    with pytest.raises(ValidationError, match="finite"):
        RunConfig(**{field: math.nan})


def test_manifests_are_strict_json(tmp_path: Path) -> None:
    with RunStore(tmp_path / "db") as store, pytest.raises(CarebenchError, match="NaN or infinite"):
        store.ensure_run("r1", "label", {"run_id": "r1", "x": math.nan})


@pytest.mark.parametrize("delay", ["nan", "inf", "-1", "soon"])
def test_scripted_delay_must_be_finite_seconds(delay: str) -> None:
    from carebench.agents.backends import create_backend

    with pytest.raises(CarebenchError, match=f"--option delay={delay}: expected a finite"):
        create_backend(BackendConfig(name="scripted", options={"delay": delay}))


# item 21: a run with nothing but errors --------------------------------------------------------
def test_summary_says_when_nothing_succeeded(tiny_bank: list, store: RunStore) -> None:
    from carebench.errors import RunFailedError

    class Down(Hostile):
        async def generate(self, request: GenerationRequest) -> Generation:
            from carebench.agents.backends.base import RequestRejectedError

            raise RequestRejectedError("HTTP 400: bad request")

    register_backend("down", Down)
    summary = run(RunConfig(backend=BackendConfig(name="down")), tiny_bank, store)
    assert summary.errors == len(store.records(summary.run_id)) and summary.nothing_succeeded
    with pytest.raises(RunFailedError, match="every request of this invocation failed"):
        summary.check()
    assert not run(scripted(), tiny_bank, store).nothing_succeeded


def test_one_answer_keeps_a_failing_run_going(tiny_bank: list, store: RunStore) -> None:
    """The fail-fast stop applies only while nothing has been answered."""

    class MostlyDown(Hostile):
        async def generate(self, request: GenerationRequest) -> Generation:
            from carebench.agents.backends.base import RequestRejectedError

            if (
                request.episode is not None
                and request.episode.episode_id == tiny_bank[1].episode_id
            ):
                return Generation('{"action": "Answer", "confidence": 0.5, "reason": "r"}')
            raise RequestRejectedError("HTTP 400: bad request")

    register_backend("mostly-down", MostlyDown)
    config = RunConfig(backend=BackendConfig(name="mostly-down"), concurrency=1)
    summary = run(config, tiny_bank, store)
    assert summary.ok == 1 and summary.errors == len(tiny_bank) - 1
    assert not any("stopped after" in n for n in summary.notes)
