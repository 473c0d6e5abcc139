"""A run whose records are mostly errors is shown as such, not scored as an agent that never escalates."""

from __future__ import annotations

import asyncio
from pathlib import Path

from carebench.agents.backends import register_backend
from carebench.agents.backends.base import (
    Generation,
    GenerationRequest,
    RequestRejectedError,
)
from carebench.agents.config import BackendConfig
from carebench.report.analysis import analyze
from carebench.report.writer import markdown_summary, write_report
from carebench.runs.config import RunConfig
from carebench.runs.results import load_results
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore

from .conftest import Planted

WARNING = "⚠ 100% of records are errors: metrics not meaningful"


class Down(Planted):
    async def generate(self, request: GenerationRequest) -> Generation:
        raise RequestRejectedError("HTTP 400: bad request")


register_backend("down-for-report", Down)


def test_error_dominated_run_is_flagged(
    tmp_path: Path, tiny_bank: list, tiny_bank_dir: Path
) -> None:
    bank_paths = (str(tiny_bank_dir),)
    with RunStore(tmp_path / "carebench.db") as store:
        for backend in (BackendConfig(name="down-for-report"), BackendConfig(name="scripted")):
            config = RunConfig(backend=backend, bank_paths=bank_paths)
            asyncio.run(run_async(config, tiny_bank, store))
        frame = load_results(tmp_path)
        manifests = {r: store.manifest(r) for r in frame["run_id"].unique()}
    assert all(m is not None for m in manifests.values())
    analysis = analyze(frame, manifests)
    by_label = {r.label: r for r in analysis.runs}
    down, oracle = by_label["down-for-report:-/vanilla"], by_label["scripted:oracle/vanilla"]
    assert down.error_dominated and down.headline["error_rate"].estimate == 1.0
    assert down.error_note == WARNING
    assert not oracle.error_dominated and oracle.error_note == ""
    lines = markdown_summary(analysis).splitlines()
    assert any(line.startswith(f"| down-for-report:-/vanilla ({WARNING})") for line in lines)
    banks = {str(sha): tiny_bank for sha in frame["bank_sha256"].unique()}
    result = write_report(frame, manifests, banks, tmp_path / "report")
    assert WARNING in result.index.read_text()


def test_any_error_is_a_warning_that_says_what_errors_do_to_specificity() -> None:
    """A new-user trial: a server failing on some episodes raised specificity without a warning."""
    from carebench.report.run_metrics import error_note

    assert error_note(0.0) == ""
    assert error_note(0.1).startswith("⚠ errors 10%: counted as not escalated (misses where")
    assert "they raise specificity" in error_note(0.1)
    assert error_note(0.001).startswith("⚠ errors <1%:")  # not "0%"
    assert error_note(0.5).startswith("⚠ errors 50%")  # not over half: still scored
    assert error_note(0.51) == "⚠ 51% of records are errors: metrics not meaningful"
