from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from carebench import load_bank
from carebench.agents.backends import register_backend
from carebench.agents.backends.base import Generation, GenerationRequest
from carebench.agents.config import BackendConfig
from carebench.runs.config import RunConfig
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore
from tests.conftest import FixedBackend

PLANTED = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'


class Planted(FixedBackend):
    """Escalates every episode with a reason carrying markup, and one invalid output."""

    async def generate(self, request: GenerationRequest) -> Generation:
        if request.episode.variant.value == "stale":
            return Generation("</script><script>window.__pwned = 3</script> not json")
        return Generation(json.dumps({"action": "Escalate", "confidence": 0.6, "reason": PLANTED}))


register_backend("planted", Planted)


@pytest.fixture(scope="session")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ws")
    bank = load_bank()
    with RunStore(path / "carebench.db") as store:
        for policy in ("oracle", "always-escalate", "always-answer", "random"):
            config = RunConfig(backend=BackendConfig(name="scripted", model=policy))
            asyncio.run(run_async(config, bank, store))
        asyncio.run(run_async(RunConfig(backend=BackendConfig(name="planted")), bank, store))
    return path
