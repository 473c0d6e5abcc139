"""metrics.json is typed: validated against a published JSON schema that cannot drift."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from carebench.agents.config import BackendConfig
from carebench.errors import CarebenchError
from carebench.report import Settings, build_report
from carebench.report.models import ReportMetrics, metrics_json_schema
from carebench.report.writer import metrics_json
from carebench.runs.config import RunConfig
from carebench.runs.execute import run_agent
from tests.conftest import write_custom_bank

SCHEMA = Path(__file__).parents[2] / "src" / "carebench" / "schemas" / "metrics.schema.json"


def test_metrics_json_schema_has_not_drifted() -> None:
    assert SCHEMA.read_text() == metrics_json_schema(), (
        "run: python -c 'from carebench.report.models import metrics_json_schema as s; "
        'print(s(), end="")\' > src/carebench/schemas/metrics.schema.json'
    )


@pytest.fixture(scope="module")
def metrics(tmp_path_factory: pytest.TempPathFactory) -> dict:
    ws = tmp_path_factory.mktemp("typed")
    bank = write_custom_bank(ws / "bank")
    runs = [
        run_agent(
            RunConfig(backend=BackendConfig(name="scripted", model=p), bank_paths=(str(bank),)),
            ws,
        ).run_id
        for p in ("oracle", "random")
    ]
    build_report(ws, runs, ws / "report", "all", Settings(b=100))
    return json.loads((ws / "report" / "metrics.json").read_text())


def test_a_reports_metrics_json_validates_against_the_shipped_schema(metrics: dict) -> None:
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(metrics, schema)
    typed = ReportMetrics.model_validate(metrics)
    assert [r.run_id for r in typed.runs] == [r["run_id"] for r in metrics["runs"]]
    assert (
        typed.runs[0].headline["accuracy"].estimate
        == metrics["runs"][0]["headline"]["accuracy"]["estimate"]
    )
    assert all(t.method for t in typed.paired_tests.clean_vs_perturbed)


def test_a_document_off_the_schema_is_refused(metrics: dict) -> None:
    schema = json.loads(SCHEMA.read_text())
    broken = json.loads(json.dumps(metrics))
    del broken["runs"][0]["headline"]["accuracy"]["ci_low"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)
    with pytest.raises(CarebenchError, match=r"metrics.json does not match its schema at runs\.0"):
        metrics_json(broken)


def test_run_manifests_are_typed(tmp_path: Path) -> None:
    from carebench.runs.config import RunManifest, build_manifest

    config = RunConfig(backend=BackendConfig(name="scripted", model="oracle"))
    manifest = build_manifest(config, "ab" * 32, 400, {})
    typed = RunManifest.model_validate(manifest)
    assert (typed.run_id, typed.backend.name, typed.backend.model) == (
        config.run_id("ab" * 32),
        "scripted",
        "oracle",
    )
    assert typed.bank_paths is None and typed.n_episodes == 400
    assert typed.repeats == config.sampling.repeats and typed.output == "decision"
    assert typed.model_extra is not None and "template_sha256" in typed.model_extra
    assert typed.stored() == manifest  # the stored JSON object, as it was written
    assert typed.declared_costs() == config.declared_costs()
    with pytest.raises(ValueError, match="bank_sha256"):
        RunManifest.model_validate({k: v for k, v in manifest.items() if k != "bank_sha256"})


def test_the_typed_results_example_in_docs_runs_as_written(tmp_path: Path) -> None:
    import re
    import subprocess
    import sys

    doc = (Path(__file__).parents[2] / "docs" / "report.md").read_text()
    section = doc[doc.index("### Typed results") :]
    block = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert block is not None
    bank = write_custom_bank(tmp_path / "bank")
    config = RunConfig(
        backend=BackendConfig(name="scripted", model="oracle"), bank_paths=(str(bank),)
    )
    run_agent(config, tmp_path / "carebench-out")
    result = subprocess.run(
        [sys.executable, "-c", block.group(1)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    first, second = result.stdout.splitlines()
    assert first.startswith("scripted:oracle/vanilla 1.0 ")  # the oracle's test accuracy
    assert second.startswith("tau_high ")  # dev and test loaded: the controller was fitted
