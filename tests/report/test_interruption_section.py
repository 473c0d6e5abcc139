"""`carebench report` shows the workspace's interruption studies in their own section.

The scripted "cued" agent recovers exactly when cued (defensive prompt, tracker list, marker), so
its per-arm failure rates are known without running it (as in tests/interruptions/test_study.py).
"""

from __future__ import annotations

import csv
import html
import json
import math
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

import carebench
from carebench.cli import cli as main
from carebench.interruptions.cells import Arm, Cell
from carebench.interruptions.roles import parse_role
from carebench.interruptions.study import StudyConfig, run_study
from carebench.interruptions.validation import export_pack, validation_status
from carebench.report import Settings, build_report
from tests.conftest import write_custom_bank

FAILS = {
    Arm.BASELINE: 0,
    Arm.INTERRUPT: 1,
    Arm.MARKER_WITH: 0,
    Arm.MARKER_WITHOUT: 1,
    Arm.DEFENSIVE: 0,
    Arm.TRACKER: 0,
}
N = 3
SETTINGS = Settings(b=200)


def _study(ws: Path, seed: int = 0) -> str:
    config = StudyConfig(
        agent=parse_role("scripted:cued"), patient=parse_role("scripted:rule"), n=N, seed=seed
    )
    return run_study(config, ws).study_id


def _run(ws: Path, tmp_path: Path) -> None:
    bank = (str(write_custom_bank(tmp_path / "bank")),)
    config = carebench.RunConfig(
        backend=carebench.BackendConfig(name="scripted", model="rule"), bank_paths=bank
    )
    carebench.run_agent(config, ws)


def _check_cells(doc: dict) -> None:  # type: ignore[type-arg]
    cells = doc["cells"]
    assert len(cells) == len(Cell) * len(Arm)
    for r in cells:
        failures = N * FAILS[Arm(r["arm"])]
        low, high = proportion_confint(failures, N, alpha=0.05, method="wilson")
        assert (r["n"], r["judged"], r["yield"], r["failures"]) == (N, N, 1.0, failures)
        assert math.isclose(r["ci_low"], low, abs_tol=1e-9)
        assert math.isclose(r["ci_high"], high, abs_tol=1e-9)
    diffs = {(d["cell"], d["comparison"]): d for d in doc["differences"]}
    for cell in Cell:
        d = diffs[(cell.value, "interrupt - baseline")]
        low, high = confint_proportions_2indep(
            N * FAILS[Arm.INTERRUPT],
            N,
            N * FAILS[Arm.BASELINE],
            N,
            method="newcomb",
            compare="diff",
        )
        assert d["pp"] == 100.0 and d["ci_high"] == 100.0
        assert math.isclose(d["ci_low"], 100 * low, abs_tol=1e-9) and d["ci_low"] < 100.0
    assert doc["aggregate_score"] is None and doc["evidence_level"] == "simulated_workflow"


def test_report_has_the_study_section_next_to_the_runs(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    _run(ws, tmp_path)
    _study(ws)
    result = build_report(ws, out_dir=tmp_path / "r", split="all", settings=SETTINGS)
    out = tmp_path / "r"
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["runs"] and "interruptions" in metrics
    _check_cells(metrics["interruptions"])
    index = result.index.read_text()
    assert 'id="interruption-study"' in index and "Table I" in index
    section = index.split('id="interruption-study"', 1)[1].split("</section>", 1)[0]
    for cell in Cell:
        assert f'id="interruption-{cell.value}"' in section
    # a figure per cell, embedded; the deployment profile is shown after (next to) the cells
    assert section.count("data:image/png;base64,") == len(Cell)
    assert section.index("Deployment interruption profile") > section.index(
        'id="interruption-provision-competitive"'
    )
    assert "not validated" in section and "concept" in section
    # transcripts with truncation points, linked from the section and the viewer
    assert 'href="interruptions.html"' in section
    assert 'href="interruptions.html"' in (out / "viewer.html").read_text()
    page = (out / "interruptions.html").read_text()
    assert page.count('class="cut"') > 0 and 'id="transcripts"' in page
    assert all((out / f"interruptions-{c.value}.png").is_file() for c in Cell)
    # the printed summary: interrupt vs baseline per model x cell
    assert "| provision-competitive | 1.00 [" in result.summary
    assert result.summary.count("+100.0") == len(Cell)


def test_a_workspace_with_studies_only_gets_their_report(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    _study(ws)
    result = build_report(ws, out_dir=tmp_path / "r")
    metrics = json.loads((tmp_path / "r" / "metrics.json").read_text())
    assert list(metrics) == ["interruptions"]
    _check_cells(metrics["interruptions"])
    index = result.index.read_text()
    assert 'id="interruption-study"' in index and 'href="interruptions.html"' in index
    assert 'id="transcripts"' not in index
    assert 'id="transcripts"' in (tmp_path / "r" / "interruptions.html").read_text()


def test_a_workspace_without_studies_has_no_section_and_is_not_written(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    _run(ws, tmp_path)
    build_report(ws, out_dir=tmp_path / "r", split="all", settings=SETTINGS)
    assert "interruptions" not in json.loads((tmp_path / "r" / "metrics.json").read_text())
    assert not (tmp_path / "r" / "interruptions.html").exists()
    assert 'id="interruption-study"' not in (tmp_path / "r" / "index.html").read_text()
    with sqlite3.connect(ws / "carebench.db") as con:  # the report created no study tables
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert not any(t.startswith("interrupt_") for t in tables)


def test_recorded_judge_validation_is_named_in_both_reports(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    sid = _study(ws)
    _, key = export_pack(ws, sid, tmp_path / "pack.csv", per_stratum=1)
    labels = tmp_path / "labels.csv"
    with labels.open("w", newline="") as handle:
        w = csv.writer(handle)
        w.writerow(["item_id", "annotator_a", "annotator_b", "resolved"])
        for k in json.loads(key.read_text()):
            w.writerow([k["item_id"], *[k["judge_label"]] * 3])
    runner = CliRunner()
    args = ["interrupt", "validate-judge", "--labels", str(labels), "--key", str(key)]
    done = runner.invoke(main, [*args, "--workspace", str(ws)])
    assert done.exit_code == 0, done.output
    assert "recorded for judge concept" in done.output
    build_report(ws, out_dir=tmp_path / "r")
    studies = json.loads((tmp_path / "r" / "metrics.json").read_text())["interruptions"]["studies"]
    assert studies[0]["judge_validation"]["judge_vs_resolved"]["kappa"] == 1.0
    index = (tmp_path / "r" / "index.html").read_text()
    ok = "validated (kappa 1.000 >= 0.80)"
    assert studies[0]["judge_validation_status"] == f"validated (gathering: {ok}; provision: {ok})"
    assert "gathering judge vs resolved labels kappa 1.000, 100.0 % agreement" in index
    standalone = runner.invoke(
        main, ["interrupt", "report", "--workspace", str(ws), "--out", str(tmp_path / "s")]
    )
    assert standalone.exit_code == 0, standalone.output
    assert "kappa 1.000" in (tmp_path / "s" / "interruptions.html").read_text()
    default = runner.invoke(main, ["interrupt", "report", "--workspace", str(ws)])
    assert default.exit_code == 0 and (ws / "interruptions" / "interruptions.html").is_file()
    elsewhere = runner.invoke(main, [*args, "--workspace", str(tmp_path / "none")])
    assert elsewhere.exit_code == 0 and "not recorded" in elsewhere.output


def test_a_validation_applies_to_its_packs_study_and_a_poor_judge_fails_it(
    tmp_path: Path,
) -> None:
    ws = tmp_path / "ws"
    packed, other = _study(ws), _study(ws, seed=1)
    assert packed != other
    _, key = export_pack(ws, packed, tmp_path / "pack.csv", per_stratum=1)
    keys = json.loads(key.read_text())
    flip = {"pass": "fail", "fail": "pass"}
    labels = tmp_path / "labels.csv"
    with labels.open("w", newline="") as handle:
        w = csv.writer(handle)
        w.writerow(["item_id", "annotator_a", "annotator_b", "resolved"])
        for k in keys:  # the annotators agree with each other and never with the judge
            w.writerow([k["item_id"], *[flip[k["judge_label"]]] * 3])
    judge = [k["judge_label"] == "pass" for k in keys]
    kappa = cohen_kappa_score(judge, [not j for j in judge])
    assert kappa < 0.8
    runner = CliRunner()
    args = ["interrupt", "validate-judge", "--labels", str(labels), "--key", str(key)]
    done = runner.invoke(main, [*args, "--workspace", str(ws)])
    assert done.exit_code == 1, done.output  # a judge failed validation
    status = "failed validation (gathering: failed validation"
    assert status in done.output and packed in done.output and other not in done.output
    result = runner.invoke(
        main, ["interrupt", "report", "--workspace", str(ws), "--out", str(tmp_path / "s")]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "s" / "metrics.json").read_text())
    by = {s["study_id"]: s for s in doc["studies"]}
    assert by[packed]["judge_validation_status"].startswith(status)
    assert by[packed]["judge_validation"]["studies"] == [packed]
    assert by[other]["judge_validation_status"] == by[other]["judge_validation"] == "not validated"
    page = (tmp_path / "s" / "interruptions.html").read_text()
    shown = html.escape(by[packed]["judge_validation_status"])
    assert page.count(shown) == 1
    assert ">validated" not in page and "not validated" in page
    # a result given with --validation also applies to its pack's study only
    given = tmp_path / "val.json"
    given.write_text(done.output[: done.output.rindex("}") + 1])
    again = runner.invoke(
        main,
        [
            "interrupt",
            "report",
            "--workspace",
            str(ws),
            "--out",
            str(tmp_path / "g"),
            "--validation",
            str(given),
        ],
    )
    assert again.exit_code == 0, again.output
    doc = json.loads((tmp_path / "g" / "metrics.json").read_text())
    assert [s["judge_validation_status"] for s in doc["studies"]].count("not validated") == 1


def test_validation_status_wording() -> None:
    from carebench.interruptions.validation import _status

    def doc(kappa: float | None, other: float = 1.0) -> dict:  # type: ignore[type-arg]
        return {
            "judges": {
                "gathering": {"status": _status(other)},
                "provision": {"status": _status(kappa)},
            }
        }

    ok = "gathering: validated (kappa 1.000 >= 0.80)"
    assert (
        validation_status(doc(0.8))
        == f"validated ({ok}; provision: validated (kappa 0.800 >= 0.80))"
    )
    assert (
        validation_status(doc(0.7999))
        == f"failed validation ({ok}; provision: failed validation (kappa 0.7999 < 0.80))"
    )
    assert "kappa -0.083 < 0.80" in validation_status(doc(-0.083))
    assert validation_status(doc(None)).startswith("not validated (gathering")
    assert validation_status({}).startswith("not validated")
    # a pooled-only result (written before per-judge validation) is not a validation
    pooled = {"judge_vs_resolved": {"kappa": 0.887, "percent_agreement": 95.0, "n": 40}}
    assert validation_status(pooled).startswith("not validated")


def test_cli_report_names_the_transcripts_page(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    _study(ws)
    done = CliRunner().invoke(
        main, ["report", "--workspace", str(ws), "--out", str(tmp_path / "r")]
    )
    assert done.exit_code == 0, done.output
    assert "interruption-study transcripts:" in done.output and "viewer" not in done.output


def test_a_failing_judge_cannot_hide_behind_a_good_one_when_pooled(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    sid = _study(ws)
    _, key = export_pack(ws, sid, tmp_path / "pack.csv", per_stratum=2)
    keys = json.loads(key.read_text())
    labels = tmp_path / "labels.csv"
    flip = {"pass": "fail", "fail": "pass"}
    provision = [k for k in keys if k["cell"].startswith("provision")]
    wrong = {k["item_id"] for k in provision[:4]}
    with labels.open("w", newline="") as handle:
        w = csv.writer(handle)
        w.writerow(["item_id", "annotator_a", "annotator_b", "resolved"])
        for k in keys:
            label = flip[k["judge_label"]] if k["item_id"] in wrong else k["judge_label"]
            w.writerow([k["item_id"], label, label, label])
    from carebench.interruptions.validation import agreement, validated

    result = agreement(labels, key)
    by = result["judges"]
    assert by["gathering"]["kappa"] == 1.0 and by["provision"]["kappa"] < 0.8
    assert not validated(result)
    assert validation_status(result).startswith("failed validation")
    args = ["interrupt", "validate-judge", "--labels", str(labels), "--key", str(key)]
    assert CliRunner().invoke(main, args).exit_code == 1


def _five_model_table() -> Any:
    import pandas as pd

    rows = []
    for m in range(5):
        for arm in Arm:
            rate = {Arm.BASELINE: 0.0, Arm.TRACKER: math.nan}.get(arm, 0.5)
            rows.append(
                {"model": f"model-{m} with a long name", "cell": "gathering-competitive",
                 "arm": arm.value, "rate": rate, "ci_low": rate * 0.8, "ci_high": min(1.0, rate + 0.2)}
            )  # fmt: skip
    return pd.DataFrame(rows)


def test_figure_legend_never_covers_bars_and_zero_differs_from_na() -> None:
    import matplotlib.pyplot as plt

    from carebench.interruptions.report import figure

    fig = figure(_five_model_table(), "gathering-competitive")
    try:
        fig.canvas.draw()
        ax = fig.axes[0]
        legend = ax.get_legend().get_window_extent()
        assert not legend.overlaps(ax.get_window_extent())
        labels = [t.get_text() for t in ax.texts]
        assert labels.count("0 %") == 5 and labels.count("n/a") == 5
    finally:
        plt.close(fig)


@pytest.fixture(scope="module")
def study_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A standalone study report, made before the browser's event loop starts."""
    tmp = tmp_path_factory.mktemp("study-page")
    _study(tmp / "ws")
    result = CliRunner().invoke(
        main, ["interrupt", "report", "--workspace", str(tmp / "ws"), "--out", str(tmp / "s")]
    )
    assert result.exit_code == 0, result.output
    return tmp / "s" / "interruptions.html"


def test_transcripts_name_the_lost_point_in_chromium(study_page: Path, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    try:
        page.goto(study_page.as_uri())
        summaries = page.locator("summary").all_inner_texts()
        failed = [s for s in summaries if "FAILED" in s]
        assert failed and all(
            "not conveyed: " in s or "target question not asked after the cut (redness)" in s
            for s in failed
        )
        assert any("gathering" in s and "(redness)" in s for s in failed)
        assert any("provision" in s and "not conveyed: " in s for s in failed)
        images = page.locator("img").all()
        assert images and all(
            page.evaluate("(img) => img.naturalWidth", img.element_handle()) > 0 for img in images
        )
    finally:
        page.close()
