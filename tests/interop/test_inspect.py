"""Inspect interop, both directions, offline: the task under mockllm and under the stub server,
and the importer that turns Inspect logs into carebench runs (report and compare then work)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "inspect_ai",
    reason="inspect_ai is not installed: pip install 'carebench[inspect]' (the test extra has it)",
)

from inspect_ai import eval as inspect_eval
from inspect_ai.model import ModelOutput, ModelUsage, get_model

from carebench import load_bank
from carebench.agents.config import BackendConfig
from carebench.agents.contract import decision_json_schema
from carebench.agents.prompts import Condition, prompt_hash, render_messages
from carebench.cli import main as carebench_main
from carebench.episodes.bank import validate_paths
from carebench.episodes.canonical import bank_sha256
from carebench.errors import CarebenchError
from carebench.interop.inspect_import import import_log
from carebench.interop.inspect_task import escalation
from carebench.runs.config import RunConfig
from carebench.runs.results import load_results
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore
from carebench.testing.openai_stub import ANSWER, make_app, serve_in_thread

from .conftest import write_seeds

DECISION = {"action": "Escalate", "confidence": 0.7, "reason": "red flag"}


def _cli(argv: list[str]) -> int:
    try:
        carebench_main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def _output(text: str) -> ModelOutput:
    """A mock output with usage set (else mockllm counts tokens with tiktoken, which downloads)."""
    output = ModelOutput.from_content("mockllm/model", text)
    output.usage = ModelUsage(input_tokens=100, output_tokens=20, total_tokens=120)
    return output


def _mock_eval(seeds_dir: Path, log_dir: Path, outputs: list[str], **task_args: object):
    model = get_model("mockllm/model", custom_outputs=[_output(text) for text in outputs])
    task = escalation(bank=str(seeds_dir), **task_args)  # type: ignore[arg-type]
    [log] = inspect_eval(task, model=model, log_dir=str(log_dir), display="none")
    return log


def test_task_uses_carebench_prompts_and_scores_with_the_contract(
    seeds_dir: Path, tmp_path: Path
) -> None:
    bank = load_bank([seeds_dir])
    outputs = [json.dumps(DECISION)] * (len(bank) - 1) + ["not json at all"]
    log = _mock_eval(seeds_dir, tmp_path / "logs", outputs, split="all", condition="uncertainty")
    assert log.status == "success"
    by_id = {e.episode_id: e for e in bank}
    assert {s.id for s in log.samples} == set(by_id)
    invalid = 0
    for sample in log.samples:
        episode = by_id[sample.id]
        expected = render_messages(episode, Condition.UNCERTAINTY)
        sent = [{"role": m.role, "content": m.text} for m in sample.input]
        assert sent == expected
        assert sample.metadata["prompt_hash"] == prompt_hash(expected)
        score = next(iter(sample.scores.values()))
        if score.metadata["status"] == "invalid":
            invalid += 1
            assert score.value == "I" and score.metadata["action"] is None
            continue
        acceptable = {a.value for a in episode.reference.acceptable}
        assert score.metadata["action"] == "Escalate"
        assert score.metadata["confidence"] == 0.7
        assert score.value == ("C" if "Escalate" in acceptable else "I")
    assert invalid == 1


def test_split_selects_episodes_and_bad_arguments_are_named(seeds_dir: Path) -> None:
    test_ids = {e.episode_id for e in load_bank([seeds_dir], split="test")}
    assert {s.id for s in escalation(bank=str(seeds_dir), split="test").dataset} == test_ids
    with pytest.raises(CarebenchError, match="condition 'bogus'"):
        escalation(condition="bogus", bank=str(seeds_dir))
    with pytest.raises(CarebenchError, match="split 'train'"):
        escalation(split="train", bank=str(seeds_dir))


def test_import_makes_a_run_that_report_reads(seeds_dir: Path, tmp_path: Path) -> None:
    bank = load_bank([seeds_dir])
    outputs = [json.dumps(DECISION)] * (len(bank) - 1) + ["not json at all"]
    log = _mock_eval(seeds_dir, tmp_path / "logs", outputs, split="all")
    workspace = tmp_path / "ws"
    with RunStore(workspace / "carebench.db") as store:
        first = import_log(log.location, store, (str(seeds_dir),))
        again = import_log(log.location, store, (str(seeds_dir),))
        assert again.run_id == first.run_id
        assert len(store.records(first.run_id)) == len(bank)
        assert store.bank(bank_sha256(bank)) == bank  # kept with the imported records
    assert (first.ok, first.invalid, first.errors) == (len(bank) - 1, 1, 0)
    frame = load_results(workspace)
    assert len(frame) == len(bank)
    assert set(frame["label"]) == {"inspect:model/vanilla"}
    by_id = {e.episode_id: e for e in bank}
    for row in frame.itertuples():
        acceptable = {a.value for a in by_id[row.episode_id].reference.acceptable}
        assert row.correct == (row.status == "ok" and "Escalate" in acceptable)
        assert row.prompt_hash == prompt_hash(
            render_messages(by_id[row.episode_id], Condition.VANILLA)
        )


def test_report_reads_an_imported_run(seeds_dir: Path, tmp_path: Path) -> None:
    if validate_paths()[1]:
        pytest.skip(
            "the packaged bank does not validate now; the report's controller section loads it"
        )
    log = _mock_eval(seeds_dir, tmp_path / "logs", [json.dumps(DECISION)] * 20, split="all")
    workspace = tmp_path / "ws"
    with RunStore(workspace / "carebench.db") as store:
        import_log(log.location, store, (str(seeds_dir),))
    assert _cli(
            ["report", "--workspace", str(workspace), "--out", str(tmp_path / "rep"),
             "--bootstrap", "100", "--split", "all"]
        ) == 0  # fmt: skip
    assert (tmp_path / "rep" / "index.html").exists()


def test_import_refuses_changed_bank_and_foreign_files(tmp_path: Path) -> None:
    seeds = write_seeds(tmp_path / "seeds")
    log = _mock_eval(seeds, tmp_path / "logs", [json.dumps(DECISION)] * 20, split="all")
    write_seeds(seeds, topic="Edited after the eval")
    with RunStore(tmp_path / "ws" / "carebench.db") as store:
        with pytest.raises(CarebenchError, match="was made on episode bank"):
            import_log(log.location, store, (str(seeds),))
        junk = tmp_path / "junk.eval"
        junk.write_text("not a log")
        with pytest.raises(CarebenchError, match=r"junk\.eval: not a readable Inspect eval log"):
            import_log(junk, store)
        assert store.runs() == []


def test_against_the_stub_server_inspect_and_carebench_agree(
    seeds_dir: Path, tmp_path: Path
) -> None:
    app = make_app(["ok"])
    bank = load_bank([seeds_dir])
    test_bank = [e for e in bank if e.split.value == "test"]
    workspace = tmp_path / "ws"
    with serve_in_thread(app) as url:
        model = get_model("openai-api/stub/stub", base_url=url, api_key="stub-key")
        task = escalation(bank=str(seeds_dir), split="test", condition="uncertainty")
        [log] = inspect_eval(task, model=model, log_dir=str(tmp_path / "logs"), display="none")
        assert log.status == "success"
        # Inspect asked for carebench's decision schema as structured output
        formats = [b.get("response_format") for b in app.state.bodies]
        assert len(formats) == len(test_bank)
        for fmt in formats:
            assert fmt["type"] == "json_schema"
            assert (
                fmt["json_schema"]["schema"]["properties"]["action"]["enum"]
                == (decision_json_schema()["properties"]["action"]["enum"])
            )
        config = RunConfig(
            backend=BackendConfig(name="openai", model="stub", base_url=url),
            condition=Condition.UNCERTAINTY,
            split="test",
            bank_paths=(str(seeds_dir),),
        )
        with RunStore(workspace / "carebench.db") as store:
            summary = asyncio.run(run_async(config, bank, store))
            imported = import_log(log.location, store, (str(seeds_dir),))
    assert imported.ok == summary.ok == len(test_bank)
    frame = load_results(workspace)
    mine = frame[frame["run_id"] == summary.run_id].set_index("episode_id")
    theirs = frame[frame["run_id"] == imported.run_id].set_index("episode_id")
    assert list(mine.index) == list(theirs.index)
    assert (mine["action"] == ANSWER["action"]).all()
    assert (mine["action"] == theirs["action"]).all()
    assert (mine["confidence"] == theirs["confidence"]).all()
    assert (mine["prompt_hash"] == theirs["prompt_hash"]).all()
    assert _cli(
            ["compare", summary.run_id, imported.run_id, "--workspace", str(workspace),
             "--split", "test"]
        ) == 0  # fmt: skip


def test_inspect_cli_finds_the_registered_task(seeds_dir: Path, tmp_path: Path) -> None:
    from importlib.metadata import entry_points

    if not any(
        ep.value == "carebench.interop._registry" for ep in entry_points(group="inspect_ai")
    ):
        pytest.skip("carebench is not installed (pip install -e .), so its entry point is absent")
    inspect_bin = Path(sys.executable).parent / "inspect"
    with serve_in_thread(make_app(["ok"])) as url:
        result = subprocess.run(
            [str(inspect_bin), "eval", "carebench/escalation", "-T", "condition=uncertainty",
             "-T", "split=test", "-T", f"bank={seeds_dir}", "--model", "openai-api/stub/stub",
             "--log-dir", str(tmp_path / "logs"), "--display", "none"],
            capture_output=True, text=True, check=False, timeout=300,
            env={**os.environ, "STUB_BASE_URL": url, "STUB_API_KEY": "stub-key"},
        )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    [log_file] = list((tmp_path / "logs").glob("*.eval"))
    out = subprocess.run(
        [sys.executable, "-m", "carebench", "runs", "import-inspect", str(log_file),
         "--bank", str(seeds_dir), "--workspace", str(tmp_path / "ws")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "imported" in out.stdout and "records" in out.stdout


def test_failed_samples_are_stored_as_errors(seeds_dir: Path, tmp_path: Path) -> None:
    from inspect_ai.log import EvalError, read_eval_log, write_eval_log

    log = _mock_eval(seeds_dir, tmp_path / "logs", [json.dumps(DECISION)] * 20, split="all")
    edited = read_eval_log(log.location)
    failed = edited.samples[3]
    failed.error = EvalError(message="provider exploded", traceback="", traceback_ansi="")
    edited.samples[4].output.choices = []
    path = tmp_path / "edited.eval"
    write_eval_log(edited, str(path))
    with RunStore(tmp_path / "ws" / "carebench.db") as store:
        summary = import_log(path, store, (str(seeds_dir),))
        records = {r.episode_id: r for r in store.records(summary.run_id)}
    assert (summary.ok, summary.errors) == (18, 2)
    assert records[str(failed.id)].status == "error"
    assert records[str(failed.id)].error == "inspect: provider exploded"
    assert records[str(edited.samples[4].id)].error == "inspect: the sample has no model output"


def test_imported_runs_name_a_backend_that_cannot_generate(seeds_dir: Path, tmp_path: Path) -> None:
    from carebench.agents.backends import create_backend

    log = _mock_eval(seeds_dir, tmp_path / "logs", [json.dumps(DECISION)] * 10, split="dev")
    with RunStore(tmp_path / "ws" / "carebench.db") as store:
        summary = import_log(log.location, store, (str(seeds_dir),))
        manifest = store.manifest(summary.run_id)
    assert manifest is not None and manifest.backend.name == "inspect"
    with pytest.raises(CarebenchError, match="carebench runs import-inspect"):
        create_backend(BackendConfig(name="inspect", model="mockllm/model"))


def _edited_log(seeds_dir: Path, tmp_path: Path, edit) -> Path:  # type: ignore[no-untyped-def]
    from inspect_ai.log import read_eval_log, write_eval_log

    log = _mock_eval(seeds_dir, tmp_path / "logs", [json.dumps(DECISION)] * 10, split="dev")
    edited = read_eval_log(log.location)
    edit(edited)
    path = tmp_path / "edited.eval"
    write_eval_log(edited, str(path))
    return path


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda m: m.pop("condition"), r"carebench\.condition: Field required"),
        (lambda m: m.update(condition="sneaky"), r"carebench\.condition: Input should be"),
        (lambda m: m.update(split="holdout"), r"carebench\.split: 'holdout' is not one of"),
        (
            lambda m: m.update(bank_paths="/etc"),
            r"carebench\.bank_paths: Input should be a list",
        ),
        (lambda m: m.pop("bank_sha256"), r"carebench\.bank_sha256: Field required"),
    ],
)
def test_crafted_metadata_gives_one_line_errors(
    seeds_dir: Path,
    tmp_path: Path,
    change,
    expected: str,  # type: ignore[no-untyped-def]
) -> None:
    path = _edited_log(seeds_dir, tmp_path, lambda log: change(log.eval.metadata["carebench"]))
    with RunStore(tmp_path / "ws" / "carebench.db") as store:
        with pytest.raises(CarebenchError, match=expected) as err:
            import_log(path, store, (str(seeds_dir),))
        assert "\n" not in str(err.value)
        assert store.runs() == []


def test_bank_paths_are_never_read_from_a_log(seeds_dir: Path, tmp_path: Path) -> None:
    path = _edited_log(
        seeds_dir,
        tmp_path,
        lambda log: log.eval.metadata["carebench"].update(bank_paths=["/usr/share"]),
    )
    with (
        RunStore(tmp_path / "ws" / "carebench.db") as store,
        pytest.raises(CarebenchError, match=r"never reads from a log\); name the bank yourself"),
    ):
        import_log(path, store)


def test_a_failed_eval_is_refused_unless_allowed(seeds_dir: Path, tmp_path: Path) -> None:
    from inspect_ai.log import EvalError

    def fail(log) -> None:  # type: ignore[no-untyped-def]
        log.status = "error"
        log.error = EvalError(message="tokenizer download failed", traceback="", traceback_ansi="")

    path = _edited_log(seeds_dir, tmp_path, fail)
    with RunStore(tmp_path / "ws" / "carebench.db") as store:
        with pytest.raises(CarebenchError, match=r"did not succeed \(status error: tokenizer"):
            import_log(path, store, (str(seeds_dir),))
        assert store.runs() == []
        summary = import_log(path, store, (str(seeds_dir),), allow_failed=True)
    assert summary.status == "error"


def test_decompression_is_bounded_by_declared_and_actual_sizes(
    seeds_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import zipfile

    from carebench.interop import inspect_import

    path = _edited_log(seeds_dir, tmp_path, lambda log: None)
    biggest = max(i.file_size for i in zipfile.ZipFile(path).infolist())
    monkeypatch.setattr(inspect_import, "MAX_MEMBER_BYTES", biggest - 1)
    with (
        RunStore(tmp_path / "ws" / "carebench.db") as store,
        pytest.raises(CarebenchError, match=r"edited\.eval: member .* declares \d+ bytes"),
    ):
        import_log(path, store, (str(seeds_dir),))
    # a member whose header understates its size is stopped while it is read (zipfile stops at
    # the declared size, then finds the CRC wrong): a one-line error, bounded memory
    bomb = tmp_path / "bomb.eval"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("header.json", b"0" * (4 * 1024 * 1024))
    data = bytearray(bomb.read_bytes())
    real = (4 * 1024 * 1024).to_bytes(4, "little")
    for at in [i for i in range(len(data) - 3) if data[i : i + 4] == real]:
        data[at : at + 4] = (1000).to_bytes(4, "little")  # declared: 1,000 bytes
    bomb.write_bytes(bytes(data))
    monkeypatch.setattr(inspect_import, "MAX_MEMBER_BYTES", 1024 * 1024)
    with pytest.raises(CarebenchError, match=r"bomb\.eval: not a readable Inspect eval log: Bad"):
        inspect_import.check_archive(bomb)
