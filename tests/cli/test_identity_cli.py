"""The CLI keeps runs apart and reads each run's own bank (custom banks, no packaged seeds)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import run_cli, write_custom_bank

cli = run_cli


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cli-identity")
    bank = write_custom_bank(root / "bank")
    for args in (["--model", "random", "--seed", "0"], ["--model", "random", "--seed", "1"],
                 ["--model", "rule", "--split", "dev"]):  # fmt: skip
        done = cli("run", "--backend", "scripted", *args, "--bank", str(bank), "--quiet",
                   "--workspace", str(root))  # fmt: skip
        assert done.returncode == 0, done.stderr
    return root


def test_runs_list_tells_seeds_apart(ws: Path) -> None:
    listing = cli("runs", "list", "--workspace", str(ws)).stdout
    assert "scripted:random/vanilla [seed=0]" in listing
    assert "scripted:random/vanilla [seed=1]" in listing


def test_compare_names_the_run_without_rows_in_the_split(ws: Path) -> None:
    result = cli("compare", "rule", "scripted:random/vanilla [seed=0]", "--workspace", str(ws))
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("error: run ")
    assert "(scripted:rule/vanilla) has no test-split results (only dev)" in result.stderr
    ok = cli("compare", "scripted:random/vanilla [seed=0]", "scripted:random/vanilla [seed=1]",
             "--workspace", str(ws))  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("A = scripted:random/vanilla [seed=0]")


def test_controller_and_report_use_the_runs_bank(ws: Path) -> None:
    fitted = cli("controller", "fit", "scripted:random/vanilla [seed=1]", "--workspace", str(ws))
    assert fitted.returncode == 0, fitted.stderr
    assert json.loads(fitted.stdout)["n_dev"] == 10
    applied = cli("controller", "apply", "scripted:random/vanilla [seed=1]", "--family",
                  "lexicon", "--workspace", str(ws))  # fmt: skip
    assert applied.returncode == 0, applied.stderr
    report = cli("report", "--workspace", str(ws), "--out", str(ws / "r"), "--bootstrap", "100")
    assert report.returncode == 0, report.stderr
    section = json.loads((ws / "r" / "metrics.json").read_text())["controller"]
    assert len(section["runs"]) == 2


def test_detect_and_audit_take_a_bank(ws: Path) -> None:
    table = cli("detect", "--bank", str(ws / "bank"))
    assert table.returncode == 0, table.stderr
    assert len(table.stdout.splitlines()) == 1 + 20
    one = cli("detect", "custom-dev.s1.conflict", "--bank", str(ws / "bank"))
    assert one.returncode == 0 and one.stdout.startswith("custom-dev.s1.conflict  C=")
    unknown = cli("detect", "custom-dev.s9.clean", "--bank", str(ws / "bank"))
    assert unknown.returncode == 2 and "--bank" in unknown.stderr
    audit = cli("detectors", "audit", "--bank", str(ws / "bank"))
    assert audit.returncode == 0, audit.stderr


def test_episodes_show_unknown_id_says_how_to_pass_a_bank(ws: Path) -> None:
    result = cli("episodes", "show", "custom-dev.s1.clen", str(ws / "bank"))
    assert result.returncode == 2
    assert f"no episode with id 'custom-dev.s1.clen' in {ws / 'bank'}" in result.stderr
    assert "did you mean custom-dev.s1.clean" in result.stderr
    assert "carebench episodes show custom-dev.s1.clen SEED_FILE_OR_FOLDER" in result.stderr


def test_a_moved_bank_is_read_from_the_store_or_named_with_the_way_out(
    ws: Path, tmp_path: Path
) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    assert cli("run", "--backend", "scripted", "--split", "test", "--bank", str(bank), "--quiet",
               "--workspace", str(tmp_path)).returncode == 0  # fmt: skip
    bank.rename(tmp_path / "moved")
    kept = cli("runs", "show", "oracle", "--workspace", str(tmp_path))
    assert kept.returncode == 0 and "records 10" in kept.stdout
    # seeds passed that cannot be read are named as the ones passed, with their first problem,
    # and the way out is to leave --bank off while the store keeps the copy
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "seed.yaml").write_text("id: x\n")
    bad = cli("runs", "show", "oracle", "--bank", str(tmp_path / "bad"), "--workspace",
              str(tmp_path))  # fmt: skip
    assert bad.returncode == 2
    assert f"the seeds passed with --bank ({tmp_path / 'bad'}) cannot be loaded" in bad.stderr
    assert "seed.yaml:1: format:" in bad.stderr
    assert "leave out --bank: the store keeps a copy" in bad.stderr
    empty = cli("runs", "show", "oracle", "--bank", "", "--workspace", str(tmp_path))
    assert empty.returncode == 2 and "an empty path" in empty.stderr
    with sqlite3.connect(tmp_path / "carebench.db") as db:  # a store from before bank copies
        db.execute("DELETE FROM banks")
    lost = cli("runs", "show", "oracle", "--workspace", str(tmp_path))
    assert lost.returncode == 2 and "with --bank" in lost.stderr and "internal" not in lost.stderr
    found = cli("runs", "show", "oracle", "--bank", str(tmp_path / "moved"), "--workspace",
                str(tmp_path))  # fmt: skip
    assert found.returncode == 0 and "records 10" in found.stdout
