"""Report sections are an open extension point: built-ins and plugins registered the same way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from carebench.agents.config import BackendConfig
from carebench.errors import CarebenchError
from carebench.report import Settings, build_report, builtin_sections
from carebench.report.models import ReportMetrics
from carebench.report.sections import (
    BUILTIN,
    SECTIONS,
    ReportContext,
    ReportSection,
    register_section,
    section_names,
)
from carebench.runs.config import RunConfig
from carebench.runs.execute import run_agent
from tests.conftest import write_custom_bank


def test_the_built_in_sections_are_registered_like_plugins() -> None:
    assert section_names()[: len(BUILTIN)] == list(BUILTIN)
    for name in BUILTIN:
        section = SECTIONS.get(name)
        assert isinstance(section, ReportSection) and section.key == name
        assert section is getattr(builtin_sections, name.upper())
    with pytest.raises(CarebenchError, match="unknown report section 'nope'; expected one of"):
        SECTIONS.get("nope")


def test_a_plugin_section_lands_in_metrics_html_and_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def compute(ctx: ReportContext, analysis: ReportMetrics) -> dict[str, Any]:
        seen["runs"] = [r.run_id for r in analysis.runs]
        seen["floor"] = analysis.has_section("keyword_floor")  # built-ins come first
        seen["manifest"] = ctx.manifests[analysis.runs[0].run_id].backend.model
        return {"episodes": len(ctx.frame), "nan": float("nan")}

    section = ReportSection(
        "episode_count",
        compute,
        html=lambda ctx, value: f'<h2 id="episode-count">{value["episodes"]} rows</h2>',
        markdown=lambda ctx, value: f"Episode count: {value['episodes']}",
    )
    monkeypatch.setattr(SECTIONS, "_items", dict(SECTIONS._items))
    register_section("zz-count", section)
    assert section_names()[-1] == "zz-count"
    bank = write_custom_bank(tmp_path / "bank")
    config = RunConfig(
        backend=BackendConfig(name="scripted", model="oracle"), bank_paths=(str(bank),)
    )
    run = run_agent(config, tmp_path).run_id
    report = build_report(tmp_path, [run], tmp_path / "r", "all", Settings(b=100))
    assert seen == {"runs": [run], "floor": True, "manifest": "oracle"}
    metrics = json.loads((tmp_path / "r" / "metrics.json").read_text())
    assert metrics["episode_count"] == {"episodes": 20, "nan": None}
    assert list(metrics)[-1] == "episode_count"  # after every built-in section
    assert report.analysis.plugin_sections()["episode_count"]["episodes"] == 20
    assert '<h2 id="episode-count">20 rows</h2>' in (tmp_path / "r" / "index.html").read_text()
    assert report.summary.endswith("Episode count: 20")


def test_a_section_that_does_not_apply_is_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(SECTIONS, "_items", dict(SECTIONS._items))
    register_section("zz-never", ReportSection("never", lambda ctx, analysis: None))
    bank = write_custom_bank(tmp_path / "bank")
    config = RunConfig(
        backend=BackendConfig(name="scripted", model="oracle"), bank_paths=(str(bank),)
    )
    run = run_agent(config, tmp_path).run_id
    report = build_report(tmp_path, [run], tmp_path / "r", "all", Settings(b=100))
    assert not report.analysis.has_section("never") and not report.analysis.plugin_sections()
    assert "never" not in json.loads((tmp_path / "r" / "metrics.json").read_text())
