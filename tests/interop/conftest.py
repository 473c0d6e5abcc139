from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

FIXTURE = Path(__file__).parents[1] / "fixtures" / "minimal_seed.yaml"


def write_seeds(folder: Path, topic: str = "Second seed") -> Path:
    """Two seeds: the fixture (dev) and a copy in test; 20 episodes."""
    folder.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = yaml.safe_load(FIXTURE.read_text())
    (folder / "minimal-seed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    other = {**data, "id": "second-seed", "split": "test", "topic": topic}
    (folder / "second-seed.yaml").write_text(yaml.safe_dump(other, sort_keys=False))
    return folder


@pytest.fixture
def seeds_dir(tmp_path: Path) -> Path:
    return write_seeds(tmp_path / "seeds")
