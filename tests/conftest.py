from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def seed_dict() -> dict[str, Any]:
    """A fresh copy of the minimal valid seed, as plain data."""
    return yaml.safe_load((FIXTURES / "minimal_seed.yaml").read_text())


@pytest.fixture
def write_seed(tmp_path: Path) -> Callable[..., Path]:
    """Write seed data (a dict or raw text) as a YAML file under tmp_path."""

    def write(data: dict[str, Any] | str, name: str = "seed.yaml") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False)
        path.write_text(text)
        return path

    return write
