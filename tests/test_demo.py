"""The demo's main job as a library call (scripted runs only: the embedded model is not needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from carebench.agents.config import BackendConfig
from carebench.demo import run_demo
from carebench.episodes import bank as bank_module
from carebench.runs.config import RunConfig


def test_the_demo_validates_the_bank_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CAREBENCH_CACHE_DIR", str(tmp_path / "user-cache"))
    loads: list[object] = []
    real = bank_module.load_seeds

    def counting(*args: object, **kwargs: object) -> object:
        loads.append(args)  # every validation of the bank reads its seeds
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bank_module, "load_seeds", counting)
    configs = [
        RunConfig(backend=BackendConfig(name="scripted", model=p), split="all")
        for p in ("oracle", "always-answer")
    ]
    result = run_demo(tmp_path / "out", configs=configs, split="all")
    assert len(loads) == 1
    assert len(result.runs) == 2 and result.report.index.exists()
    assert (tmp_path / "out" / "episodes" / "episodes.jsonl").exists()
