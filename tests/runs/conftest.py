from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from carebench import load_bank
from carebench.agents.config import BackendConfig
from carebench.runs.config import RunConfig
from carebench.runs.runner import RunSummary, run_async
from carebench.runs.store import RunStore


@pytest.fixture(scope="session")
def bank() -> list:
    return load_bank()


@pytest.fixture
def store(tmp_path: Path):
    with RunStore(tmp_path / "carebench.db") as opened:
        yield opened


def scripted(policy: str = "oracle", **kwargs) -> RunConfig:
    return RunConfig(backend=BackendConfig(name="scripted", model=policy), **kwargs)


def run(config: RunConfig, bank: list, store: RunStore, **kwargs) -> RunSummary:
    return asyncio.run(run_async(config, bank, store, **kwargs))
