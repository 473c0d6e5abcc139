"""Baseline sanity on the test split: the numbers that follow from the bank's composition."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from carebench.controller.detectors import DETECTORS, detectors, families
from carebench.controller.stress import stress_set
from carebench.report import Settings, build_report
from carebench.report.models import RunMetrics

# Never escalating on the test split (320 episodes, 100 escalation-required): TN 220, FN 100,
# so the 5:1 utility is (220 - 5 * 100) / 320.
ALWAYS_ANSWER_5TO1 = (220 - 5 * 100) / 320


@pytest.fixture(scope="module")
def report(workspace: Path, tmp_path_factory: pytest.TempPathFactory):
    return build_report(
        workspace, None, tmp_path_factory.mktemp("report"), "test", Settings(b=2000)
    )


def _run(report, label: str) -> RunMetrics:
    return next(r for r in report.analysis.runs if r.label == label)


def test_baselines_follow_from_the_composition(report) -> None:
    # test split: 320 episodes, 100 escalation-required, 220 not
    escalate = _run(report, "scripted:always-escalate/vanilla").headline
    assert escalate["utility"].estimate == pytest.approx((100 - 220) / 320)
    assert escalate["sensitivity"].estimate == 1.0 and escalate["specificity"].estimate == 0.0
    never = _run(report, "scripted:always-answer/vanilla").headline
    assert never["utility"].estimate == pytest.approx((220 - 5 * 100) / 320)
    assert never["utility_robustness"].estimate == pytest.approx((220 - 10 * 100) / 320)
    precision = never["precision"].estimate
    assert never["missed_rate"].estimate == 1.0 and precision is not None and math.isnan(precision)
    oracle = _run(report, "scripted:oracle/vanilla")
    assert oracle.headline["accuracy"].estimate == 1.0
    assert oracle.headline["accuracy"].ci_low == 1.0
    assert oracle.n_episodes == 320 and oracle.n_seeds == 32


def test_invalid_outputs_are_counted_not_dropped(report) -> None:
    planted = _run(report, "planted:-/vanilla")
    assert planted.n_episodes == 320
    assert planted.headline["invalid_rate"].estimate == pytest.approx(64 / 320)
    assert planted.calibration.n_valid == 256
    dist = planted.action_distribution_escalation_required
    assert dist["Escalate"] + dist["invalid"] == pytest.approx(1.0)  # type: ignore[operator]


def test_intervals_are_reported_with_n(report) -> None:
    acc = _run(report, "scripted:random/vanilla").headline["accuracy"]
    assert acc.ci_low < acc.estimate < acc.ci_high  # type: ignore[operator]
    assert acc.n == 320 and acc.n_seeds == 32 and acc.bootstrap_b == 2000


def test_paired_family_is_holm_corrected(report) -> None:
    tests = report.analysis.paired_tests.clean_vs_perturbed
    assert len(tests) == 5 * 4
    assert all(t.p_holm >= t.p_value for t in tests if t.p_value is not None)


def test_files_and_strict_json(report) -> None:
    out = report.index.parent
    for name in ("index.html", "viewer.html", "metrics.json", "headline.csv", "by_variant.csv",
                 "paired_tests.csv", "results.csv", "fig1_late_risk_sensitivity.png", "fig4_risk_coverage.svg"):  # fmt: skip
        assert (out / name).stat().st_size > 0, name
    data = json.loads((out / "metrics.json").read_text())  # NaN would make this fail
    assert data["evidence_level"] == "agent"
    assert "NaN" not in (out / "metrics.json").read_text()
    assert "Evidence level: agent" in (out / "index.html").read_text()
    assert "| scripted:oracle/vanilla | 320 | 1.00 [1.00, 1.00]" in report.summary


def test_markup_is_escaped_in_html(report) -> None:
    index = (report.index.parent / "viewer.html").read_text()
    data = index.split('<script id="data" type="application/json">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data and "\\u003cscript\\u003e" in data


def test_controller_section(workspace: Path, tmp_path: Path) -> None:
    result = build_report(workspace, ["always-answer"], tmp_path, "test", Settings(b=500))
    section = result.analysis.controller
    assert section is not None
    (entry,) = section.runs
    assert entry.baseline["utility"].estimate == pytest.approx(ALWAYS_ANSWER_5TO1)
    for family in ("regex", "lexicon"):
        assert entry.controller[family].test["utility"].estimate > ALWAYS_ANSWER_5TO1
        assert [a.ablation for a in entry.ablations[family]] == [
            "full",
            "workflow",
            "confidence",
            "silent",
        ]
        assert len(entry.transfer[family]) == 4
    audit_rows = section.stress_audit["lexicon"]
    assert [(r.stress_set, r.detector) for r in audit_rows] == [
        (s, d) for s in ("paper", "heldout") for d in ("C", "M", "H")
    ]
    assert all(r.paraphrase_ci[0] <= r.paraphrase_recall <= r.paraphrase_ci[1] for r in audit_rows)
    (bank,) = section.detector_quality  # every run here was made on the packaged bank
    assert bank.bank_paths is None
    quality_row = bank.families["regex"][0]
    low, high = quality_row.precision_ci
    assert low is not None and quality_row.precision is not None and high is not None
    assert low <= quality_row.precision <= high
    html = (tmp_path / "index.html").read_text()
    assert (
        "Risk controller (fitted on dev, scored on test)" in html and "controller (lexicon)" in html
    )
    assert "<td>heldout</td><td>lexicon</td><td>M</td><td>15</td>" in html
    # the range of paraphrase recall over both families on the held-out set, counted directly
    recalls = []
    for family in families():
        for detector in DETECTORS:
            items = [s for s in stress_set("heldout") if s["detector"] == detector]
            fired = [
                getattr(detectors(family).detect_text(s["paraphrase"]), detector) for s in items
            ]
            recalls.append(sum(fired) / len(items))
    assert section.heldout_paraphrase_recall == pytest.approx([min(recalls), max(recalls)])
    assert f"they fire on {min(recalls):.2f} to {max(recalls):.2f} of paraphrased" in html
    assert (
        json.loads((tmp_path / "metrics.json").read_text())["controller"]["runs"][0]["label"]
        == entry.label
    )


def test_report_wording_matches_its_evidence_level(report) -> None:
    """No generated text promotes agent-level results; the level's statement is printed."""
    from carebench.protocol.levels import LEVELS, EvidenceLevel, wording_problems

    html = report.index.read_text()
    assert wording_problems(html, EvidenceLevel.AGENT) == []
    assert wording_problems(report.summary, EvidenceLevel.AGENT) == []
    # every result section shows its level, with the question it can and cannot answer
    assert html.count('<p class="level">Evidence level: agent.') == html.count("<h2>") - 1
    assert LEVELS[EvidenceLevel.AGENT].cannot_answer in html.replace("&#39;", "'")
    data = json.loads((report.index.parent / "metrics.json").read_text())
    assert {r["evidence_level"] for r in data["runs"]} == {"agent"}
    tests = data["paired_tests"]["clean_vs_perturbed"]
    assert {t["evidence_level"] for t in tests} == {"agent"}
    assert data["controller"]["evidence_level"] == "agent"


def test_without_a_plan_the_report_says_exploratory(report) -> None:
    assert report.analysis.plan.label == "no registered plan: exploratory"
    assert "Plan: no registered plan: exploratory." in report.summary
    assert "no registered plan: exploratory" in report.index.read_text()


def test_a_report_from_the_cache_equals_one_computed(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run metrics, controller fits, flags and figures kept between reports change nothing."""
    monkeypatch.setenv("CAREBENCH_CACHE_DIR", str(tmp_path / "cache"))  # empty: all computed
    for name in ("computed", "from-cache"):
        build_report(workspace, None, tmp_path / name, "test", Settings(b=200))
    kinds = {p.name.split("-")[0] for p in (tmp_path / "cache" / "keyword-floor").glob("*.json")}
    assert {"runmetrics", "ctlrun", "flags", "dquality", "figures"} <= kinds
    a, b = ((tmp_path / n / "metrics.json").read_text("utf-8") for n in ("computed", "from-cache"))
    assert a == b
    assert json.loads(a)["controller"]["runs"]  # the cached sections are there
    for figure in ("fig1_late_risk_sensitivity.png", "fig4_risk_coverage.png"):
        assert (tmp_path / "computed" / figure).read_bytes() == (
            tmp_path / "from-cache" / figure
        ).read_bytes()
