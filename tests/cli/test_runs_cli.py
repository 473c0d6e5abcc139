"""``carebench runs export`` and ``report`` on hostile stored outputs; refused commands lose nothing.

One extended run on a small custom bank answers every episode with one hostile work product
(handoff fields not a mapping, key findings a string, an unknown urgency, a 10 MB reason, control
characters, NUL, spreadsheet formulas). The commands read it through the CLI, as a user would.
"""

from __future__ import annotations

import asyncio
import csv
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pandas as pd
import pytest

from carebench import load_bank
from carebench.agents.backends import register_backend
from carebench.agents.backends.base import Generation, GenerationRequest
from carebench.agents.config import BackendConfig
from carebench.runs.config import RunConfig
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore
from tests.conftest import FixedBackend, run_cli, write_custom_bank


def _handoff(**change: Any) -> dict[str, Any]:
    base = {"urgency": "same_day", "destination": "care_team_same_day", "reason": "r",
            "key_findings": ["k"], "actions_taken": [], "fields": {}}  # fmt: skip
    return {**base, **change}


FORMULA = '=HYPERLINK("http://evil.example","click")'
# (action, work product, decision reason): each episode of the bank gets one, in episode-id order
CASES: list[tuple[str, dict[str, Any], str]] = [
    ("Escalate", {"handoff": _handoff(fields=["a", "b"])}, "fields not a mapping"),
    ("Escalate", {"handoff": _handoff(key_findings="chest pain")}, "findings a string"),
    ("Escalate", {"handoff": _handoff(urgency="asap")}, "unknown urgency"),
    ("Escalate", {"handoff": _handoff(reason="x" * 10_000_000)}, "a 10 MB reason"),
    ("Escalate", {"handoff": _handoff(reason="esc\x1b[2J bell\x07")}, "control characters"),
    ("Escalate", {"handoff": _handoff(reason="nul\x00", key_findings=["\x00"])}, "nul\x00 here"),
    ("Escalate", {"handoff": _handoff(reason=FORMULA, key_findings=["@SUM(A1)"])}, FORMULA),
    ("Escalate", {"handoff": "see record"}, "+cmd|' /C calc'!A0"),
    ("Answer", {"draft": [{"text": "=1+1", "sources": "E1"}]}, "-2+3"),
    ("Answer", {"draft": "not a list"}, "@SUM(A1)"),
]


class Hostile(FixedBackend):
    """Answers the i-th episode (by id) with CASES[i % len(CASES)]."""

    order: ClassVar[list[str]] = []

    async def generate(self, request: GenerationRequest) -> Generation:
        assert request.episode is not None
        action, product, reason = CASES[self.order.index(request.episode.episode_id) % len(CASES)]
        answer = {"action": action, "confidence": 0.5, "reason": reason, "draft": [],
                  "handoff": None, **product}  # fmt: skip
        return Generation(json.dumps(answer))


register_backend("hostile-work-product", Hostile)


HOSTILE_RUN: list[str] = []


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hostile")
    folder = str(write_custom_bank(path / "bank"))
    bank = load_bank([folder])
    Hostile.order = sorted(e.episode_id for e in bank)
    with RunStore(path / "carebench.db") as store:
        for name, model in (("hostile-work-product", None), ("scripted", "oracle")):
            backend = BackendConfig(name=name, model=model)
            config = RunConfig(backend=backend, output="extended", bank_paths=[folder])
            summary = asyncio.run(run_async(config, bank, store))
            HOSTILE_RUN[:] = HOSTILE_RUN or [summary.run_id]
    return path


def _snapshot(workspace: Path) -> list[tuple[Any, ...]]:
    """Every stored run and record, as the store holds them."""
    with sqlite3.connect(workspace / "carebench.db") as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return [
            (table, *row)
            for table in sorted(tables)
            for row in db.execute(f"SELECT * FROM {table} ORDER BY 1")
        ]


def _hostile_rows(frame: pd.DataFrame) -> pd.DataFrame:
    return frame[frame["run_id"].astype(str) == HOSTILE_RUN[0]]


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "parquet"])
def test_scores_export_keeps_every_hostile_record_as_an_invalid_row(
    workspace: Path, tmp_path: Path, fmt: str
) -> None:
    out = tmp_path / f"scores.{fmt}"
    result = run_cli("runs", "export", "--scores", "--format", fmt, "--out", str(out),
                     "--workspace", str(workspace))  # fmt: skip
    assert result.returncode == 0, result.stderr
    read = {"csv": pd.read_csv, "jsonl": lambda p: pd.read_json(p, lines=True),
            "parquet": pd.read_parquet}[fmt]  # fmt: skip
    frame = read(out)
    assert len(frame) == 2 * 20  # both runs, every episode: nothing dropped
    # each row is named as the report groups it (a new user found no split column)
    assert set(frame["split"]) == {"dev", "test"} and set(frame["repeat"]) == {0}
    labels = {"hostile-work-product:-/vanilla/extended", "scripted:oracle/vanilla/extended"}
    assert set(frame["label"]) == labels
    assert set(frame["variant"]) == {"clean", "missing", "stale", "conflict", "late_risk"}
    assert (frame.groupby("seed_id")["split"].nunique() == 1).all()
    hostile = _hostile_rows(frame)
    invalid = hostile[~hostile["work_product_valid"].astype(bool)]
    # every case but the formula handoff (plain text: valid, scored) is invalid, with its reason
    assert len(hostile) == 20 and len(invalid) == 20 - 2, hostile["work_product_error"].tolist()
    errors = " | ".join(invalid["work_product_error"].astype(str))
    for expected in ("handoff.fields: Input should be an object",
                     "handoff.key_findings: Input should be a list",
                     "handoff.urgency: Input should be", "the decision is invalid",
                     "handoff.reason: control character U+001B",
                     "handoff.reason: control character U+0000", "draft.0.sources",
                     "draft: Input should be a list"):  # fmt: skip
        assert expected in errors


def test_results_csv_export_neutralises_formulas_and_control_characters(
    workspace: Path, tmp_path: Path
) -> None:
    out = tmp_path / "results.csv"
    result = run_cli("runs", "export", "--format", "csv", "--out", str(out),
                     "--workspace", str(workspace))  # fmt: skip
    assert result.returncode == 0, result.stderr
    with out.open(newline="", encoding="utf-8") as handle:
        cells = [c for row in csv.reader(handle) for c in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@")]
    assert not [c for c in cells if "\x00" in c or "\x1b" in c]
    reasons = set(_hostile_rows(pd.read_csv(out))["reason"].dropna())
    assert {"'" + FORMULA, "'+cmd|' /C calc'!A0", "'-2+3", "'@SUM(A1)", "nul\\x00 here"} <= reasons
    jsonl = tmp_path / "results.jsonl"
    assert (
        run_cli("runs", "export", "--out", str(jsonl), "--workspace", str(workspace)).returncode
        == 0
    )
    exact = set(_hostile_rows(pd.read_json(jsonl, lines=True))["reason"].dropna())
    assert {FORMULA, "nul\x00 here"} <= exact  # JSON Lines keep the stored text exactly


def test_the_report_counts_every_invalid_work_product(workspace: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = run_cli("report", "--split", "all", "--bootstrap", "100", "--out", str(out),
                     "--workspace", str(workspace))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    metrics = json.loads((out / "metrics.json").read_text("utf-8"), parse_constant=_no_nan)
    rows = [r for r in metrics["work_products"] if r["label"].startswith("hostile")]
    assert sum(r["records"] for r in rows) == 20
    assert sum(r["invalid_work_product"] for r in rows) == 20 - 2  # the formula handoffs are valid
    episodes = [e for e in metrics["work_product_episodes"] if e["run_id"] == rows[0]["run_id"]]
    assert len(episodes) == 20 and sum(not e["work_product_valid"] for e in episodes) == 18
    with (out / "results.csv").open(newline="", encoding="utf-8") as handle:
        assert not [c for row in csv.reader(handle) for c in row if c[:1] in ("=", "+", "-", "@")]


def _no_nan(name: str) -> None:
    raise AssertionError(f"metrics.json holds {name}: not strict JSON")


def test_refused_commands_leave_the_store_unchanged(workspace: Path, tmp_path: Path) -> None:
    before = _snapshot(workspace)
    bad_plan = tmp_path / "plan.yaml"
    bad_plan.write_text("format: carebench-plan/2\nname: p\nwork_product_weights: {x: 1}\n")
    ws = ["--workspace", str(workspace)]
    refused = [
        ["runs", "export", "--out", str(tmp_path / "no-such-folder" / "x.csv"), *ws],
        ["runs", "export", "--scores", "--out", str(tmp_path / "x.csv"), "no-such-run", *ws],
        ["report", "--plan", "no-such-plan", "--out", str(tmp_path / "r"), *ws],
        ["plan", "register", str(bad_plan), *ws],
        ["run", "--backend", "scripted", "--model", "oracle", "--plan", "no-such-plan", *ws],
    ]
    for args in refused:
        result = run_cli(*args)
        assert result.returncode == 2, (args, result.stderr)
        assert result.stderr.startswith("error: ") and "Traceback" not in result.stderr, args
        assert _snapshot(workspace) == before, args
    listed = run_cli("runs", "list", *ws)
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 1 + 2


def test_a_model_name_the_report_would_refuse_is_refused_before_the_run(tmp_path: Path) -> None:
    """A promotion phrase in the model name made a run that no report could include and no
    command could rename (found by a new-user trial); it is refused before anything runs."""
    result = run_cli(
        "run", "--backend", "openai", "--model", "Clinically-Validated GPT",
        "--base-url", "http://127.0.0.1:9/v1", "--split", "test", "--workspace", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 2, result.stdout
    assert "promotion phrase 'clinically validated'" in result.stderr
    assert "Traceback" not in result.stderr
    assert not list(tmp_path.iterdir())  # nothing stored


def test_runs_list_aligns_long_labels_and_marks_an_interrupted_run(tmp_path: Path) -> None:
    """A new-user trial found the columns misaligned under a long label and an interrupted run
    (65 of 80 records) listed, shown and reported like a complete one."""
    bank = str(write_custom_bank(tmp_path / "bank"))
    ws = ["--workspace", str(tmp_path / "ws")]
    oracle = ["run", "--backend", "scripted", "--model", "oracle", "--bank", bank, *ws]
    for extra in ([], ["--temperature", "0.7", "--repeats", "2", "--cost-fn", "7"]):
        assert run_cli(*oracle, *extra).returncode == 0
    with sqlite3.connect(tmp_path / "ws" / "carebench.db") as db:
        run_id = db.execute(
            "SELECT run_id FROM runs WHERE json_extract(manifest, '$.sampling.repeats') = 2"
        ).fetchone()[0]
        db.execute(
            "DELETE FROM records WHERE run_id=? AND episode_id LIKE 'custom-test%'", (run_id,)
        )
    header, *rows = run_cli("runs", "list", *ws).stdout.splitlines()
    assert len(rows) == 2 and "repeats=2, temperature=0.7]" in rows[1]  # labels told apart
    split, ok, planned = (header.index(c) for c in ("split", "   ok", "planned"))
    for row, stored in zip(rows, ("20", "20"), strict=True):  # under its header, long label too
        assert row[split : split + 4] == "all " and row[ok : ok + 5].strip() == stored
    assert [row[planned : planned + 7].strip() for row in rows] == ["20", "40"]
    assert [r.split()[0] for r in rows if "incomplete" in r] == [run_id]
    assert "⚠ incomplete: 20 of 40 records stored" in rows[1]
    shown = run_cli("runs", "show", run_id, *ws)
    assert shown.returncode == 0 and "⚠ incomplete: 20 of 40 records stored" in shown.stdout


def test_runs_show_says_why_a_run_of_errors_has_accuracy_zero(tmp_path: Path) -> None:
    """A new-user trial read "decision accuracy 0.000" for a run whose every request failed as a
    verdict on the model; the line now says how errors count and where their messages are.

    The runner stops sending once FAIL_FAST (8) requests have all failed, so 8 to 10 error records
    are stored, depending on how many were already in flight (CI, under load, stored 8).
    """
    bank = str(write_custom_bank(tmp_path / "bank"))
    ws = ["--workspace", str(tmp_path / "ws")]
    made = run_cli(
        "run", "--backend", "openai", "--model", "m", "--base-url", "http://127.0.0.1:9/v1",
        "--retries", "0", "--bank", bank, "--split", "test", *ws,
    )  # fmt: skip
    assert made.returncode == 3, made.stderr  # every request failed
    shown = run_cli("runs", "show", "m", *ws)
    assert shown.returncode == 0, shown.stderr
    assert re.search(
        r"errors (?:8|9|10); decision accuracy 0\.000 \(invalid outputs and errors count as "
        r"incorrect\)",
        shown.stdout,
    ), shown.stdout
    assert "read the raw outputs and error messages with carebench runs export m" in shown.stdout


def test_a_run_with_a_corrupted_manifest_can_be_deleted_and_only_it(tmp_path: Path) -> None:
    """A new-user trial found one corrupted manifest blocking every command on the workspace, with
    no way to remove that run; `runs delete` removes it (and only it) without reading it. Until
    then the other runs stay listed and usable by name; a command on every run refuses."""
    bank = str(write_custom_bank(tmp_path / "bank"))
    ws = ["--workspace", str(tmp_path / "ws")]
    for policy in ("oracle", "rule"):
        made = run_cli("run", "--backend", "scripted", "--model", policy, "--bank", bank, *ws)
        assert made.returncode == 0, made.stderr
    with sqlite3.connect(tmp_path / "ws" / "carebench.db") as db:
        (bad,) = db.execute("SELECT run_id FROM runs WHERE label LIKE '%oracle%'").fetchone()
        (good,) = db.execute("SELECT run_id FROM runs WHERE run_id != ?", (bad,)).fetchone()
        db.execute("UPDATE runs SET manifest='{\"run_id\": 5' WHERE run_id=?", (bad,))
    listed = run_cli("runs", "list", *ws)
    assert listed.returncode == 1, listed.stderr
    _header, first, damaged = listed.stdout.splitlines()
    assert first.split()[:2] == [good, "scripted:rule/vanilla"] and first.split()[3] == "20"
    assert damaged.startswith(f"{bad}  scripted:oracle/vanilla") and "⚠ unreadable" in damaged
    assert "is corrupted" in damaged and f"carebench runs delete {bad}`" in damaged
    shown = run_cli("runs", "show", "rule", *ws)  # the other run, by its label
    assert shown.returncode == 0 and "records 20: valid 20" in shown.stdout, shown.stderr
    exported = run_cli("runs", "export", good, "--out", str(tmp_path / "one.csv"), *ws)
    assert exported.returncode == 0 and "wrote 20 rows" in exported.stdout, exported.stderr
    every = run_cli("runs", "export", "--out", str(tmp_path / "all.csv"), *ws)  # every run: refused
    assert every.returncode == 2 and f"carebench runs delete {bad}" in every.stderr
    assert "or name the runs to use" in every.stderr and not (tmp_path / "all.csv").exists()
    named = run_cli("runs", "show", bad, *ws)
    assert named.returncode == 2 and f"run {bad} is corrupted" in named.stderr
    empty = run_cli("runs", "delete", "", "--yes", *ws)  # "" prefixes every id: refused
    assert empty.returncode == 2 and "give the run id" in empty.stderr
    refused = run_cli("runs", "delete", bad[:6], *ws)  # no --yes and no answer: nothing deleted
    assert refused.returncode == 2  # the prompt names the run the prefix matched (new-user trial)
    named_as = f"scripted:oracle/vanilla [run={bad}]"  # unread: its stored label and id
    assert f"delete run {bad} ({named_as}) and all its records" in refused.stdout
    assert "the input ended" in refused.stderr and f"runs delete {bad} --yes" in refused.stderr
    assert "Traceback" not in refused.stderr and "aborted" not in refused.stderr
    declined = run_cli("runs", "delete", bad[:6], *ws, input="n\n")
    assert declined.returncode == 0 and "nothing deleted" in declined.stdout
    deleted = run_cli("runs", "delete", bad[:6], "--yes", *ws)
    assert deleted.returncode == 0, deleted.stderr
    assert deleted.stdout.startswith(f"deleted run {bad} ({named_as}) and its 20 ")
    _header, *rows = run_cli("runs", "list", *ws).stdout.splitlines()
    assert len(rows) == 1 and "scripted:rule/vanilla" in rows[0] and rows[0].split()[3] == "20"


def test_an_export_never_overwrites_the_store(workspace: Path, tmp_path: Path) -> None:
    """A new-user trial wiped every stored run with `runs export --out <workspace>/carebench.db`."""
    store = workspace / "carebench.db"
    before = store.read_bytes()
    for fmt in ("csv", "jsonl", "parquet"):
        result = run_cli("runs", "export", "--format", fmt, "--out", str(store),
                         "--workspace", str(workspace))  # fmt: skip
        assert result.returncode == 2 and "refusing to overwrite it" in result.stderr
        assert "Traceback" not in result.stderr
    assert store.read_bytes() == before
    assert run_cli("runs", "list", "--workspace", str(workspace)).returncode == 0
    plan = tmp_path / "plan.yaml"
    plan.write_text("format: carebench-plan/1\nname: p\n", "utf-8")
    migrated = run_cli("plan", "migrate", str(plan), "--out", str(store))
    assert migrated.returncode == 2 and store.read_bytes() == before


def test_a_report_names_the_runs_its_split_leaves_out(tmp_path: Path) -> None:
    """A new-user trial's demo run (dev only) vanished from a default (test) report unmentioned."""
    bank = str(write_custom_bank(tmp_path / "bank"))
    ws = ["--workspace", str(tmp_path / "ws")]
    for policy, split in (("oracle", "test"), ("rule", "dev")):
        made = run_cli("run", "--backend", "scripted", "--model", policy, "--split", split,
                       "--bank", bank, *ws)  # fmt: skip
        assert made.returncode == 0, made.stderr
    shown = run_cli("report", "--bootstrap", "100", "--out", str(tmp_path / "rep"), *ws)
    assert shown.returncode == 0, shown.stderr
    assert "leaves out run(s) with no test-split results: scripted:rule/vanilla" in shown.stdout
    assert ": dev). Report them with --split." in shown.stdout
    named = run_cli("report", "rule", "--out", str(tmp_path / "rep2"), *ws)  # named: refused
    assert named.returncode == 2 and "for the named run(s) scripted:rule/vanilla (" in named.stderr
    assert "): only dev; choose --split or leave them out" in named.stderr


def test_the_database_guard_never_reads_a_pipe(tmp_path: Path) -> None:
    """Only a regular file is read: opening a pipe or a device to read could block forever."""
    import os

    from carebench.store import refuse_overwriting_database

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    refuse_overwriting_database(fifo)  # returns at once: a pipe is no database
    refuse_overwriting_database(tmp_path / "absent.csv")
    (tmp_path / "export.csv").write_text("a,b\n", "utf-8")
    refuse_overwriting_database(tmp_path / "export.csv")


def test_an_export_whose_suffix_names_another_format_is_refused(
    workspace: Path, tmp_path: Path
) -> None:
    """A new-user trial wrote Parquet into m.csv; now the format follows the suffix or is refused."""
    ws = ("--workspace", str(workspace))
    out = tmp_path / "m.csv"
    refused = run_cli("runs", "export", "--format", "parquet", "--out", str(out), *ws)
    assert refused.returncode == 2 and "--format parquet would write parquet" in refused.stderr
    assert not out.exists()
    inferred = run_cli("runs", "export", "--out", str(out), *ws)
    assert inferred.returncode == 0, inferred.stderr
    assert pd.read_csv(out)["run_id"].nunique() == 2  # CSV, read from the suffix


def test_a_run_is_deleted_by_the_label_runs_list_shows(tmp_path: Path) -> None:
    """A new-user trial: two runs of one setting on two banks are listed as
    ``scripted:oracle/vanilla [bank=...]``; delete refused that label, which every other command
    takes, and its prompt showed the stored label the two runs share."""
    ws = ["--workspace", str(tmp_path / "ws")]
    for name, note in (("a", ""), ("b", " Seen in the evening clinic.")):
        bank = str(write_custom_bank(tmp_path / name, note=note))
        made = run_cli("run", "--backend", "scripted", "--split", "test", "--bank", bank, *ws)
        assert made.returncode == 0, made.stderr
    _header, first, _second = run_cli("runs", "list", *ws).stdout.splitlines()
    label = first[first.index("scripted:oracle/vanilla [bank=") :].split("]")[0] + "]"
    asked = run_cli("runs", "delete", label, *ws, input="n\n")
    assert asked.returncode == 0 and f"({label}) and all its records" in asked.stdout
    deleted = run_cli("runs", "delete", label, "--yes", *ws)
    assert deleted.returncode == 0 and f"({label}) and its 10 records" in deleted.stdout
    vague = run_cli("runs", "delete", "oracle", "--yes", *ws)  # a part of a label: never
    assert vague.returncode == 2 and "no run matches 'oracle'" in vague.stderr
    assert len(run_cli("runs", "list", *ws).stdout.splitlines()) == 2


def test_a_label_a_damaged_run_shares_names_neither_run_alone(tmp_path: Path) -> None:
    """The independent review of session 33: with one of two same-label runs damaged, the label
    `runs list` showed for both made `runs delete LABEL --yes` delete the healthy run."""
    bank = str(write_custom_bank(tmp_path / "bank"))
    ws = ["--workspace", str(tmp_path / "ws")]
    for seed in ("0", "1"):
        made = run_cli("run", "--backend", "scripted", "--bank", bank, "--seed", seed, *ws)
        assert made.returncode == 0, made.stderr
    with sqlite3.connect(tmp_path / "ws" / "carebench.db") as db:
        ids = [r for (r,) in db.execute("SELECT run_id FROM runs ORDER BY created_at")]
        db.execute("UPDATE runs SET manifest='{' WHERE run_id=?", (ids[1],))
    listed = run_cli("runs", "list", *ws).stdout.splitlines()
    assert listed[1].startswith(f"{ids[0]}  scripted:oracle/vanilla [run={ids[0]}] "), listed
    assert listed[2].startswith(f"{ids[1]}  scripted:oracle/vanilla [run={ids[1]}] "), listed
    vague = run_cli("runs", "delete", "scripted:oracle/vanilla", "--yes", *ws)
    assert vague.returncode == 2 and "2 runs match" in vague.stderr
    shown = run_cli("runs", "show", f"scripted:oracle/vanilla [run={ids[0]}]", *ws)
    assert shown.returncode == 0 and "records 20" in shown.stdout, shown.stderr
    closed = subprocess.run(  # stdin closed, not at its end
        [sys.executable, "-m", "carebench", "runs", "delete", ids[1], *ws],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert closed.returncode == 2 and "the input ended" in closed.stderr, closed.stderr
    rerun = run_cli("run", "--backend", "scripted", "--bank", bank, "--seed", "0", *ws)
    assert rerun.returncode == 0, rerun.stderr  # a damaged run beside it blocks nothing
    with sqlite3.connect(tmp_path / "ws" / "carebench.db") as db:
        assert db.execute("SELECT COUNT(*) FROM runs").fetchone() == (2,)
