"""The layers contract: one list of layers, enforced by import-linter, imports pointing down."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from carebench._layers import LAYERS, at_or_below

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "src" / "carebench"


def _contract() -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    (contract,) = config["tool"]["importlinter"]["contracts"]
    return dict(contract)


def test_the_import_linter_contract_is_the_documented_layer_list() -> None:
    contract = _contract()
    assert contract["type"] == "layers" and contract["exhaustive"] is True
    assert tuple(contract["layers"]) == LAYERS  # type: ignore[arg-type]


def test_every_module_of_the_package_is_in_a_layer() -> None:
    named = {n.strip() for line in LAYERS for n in line.split("|")}
    present = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"} | {
        p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()
    }
    present -= {"scenarios", "schemas"}  # data folders
    assert present == named


def test_at_or_below_lists_a_layer_and_everything_under_it() -> None:
    assert at_or_below("episodes") == [
        "episodes",
        "store",
        "registry",
        "errors",
        "_version",
        "_layers",
    ]
    assert at_or_below("_version") == ["errors", "_version", "_layers"]


@pytest.mark.skipif(
    shutil.which("lint-imports", path=str(Path(sys.executable).parent)) is None,
    reason="import-linter is a test dependency",
)
def test_import_linter_keeps_the_contract() -> None:
    """A module importing upwards (inside a function too) fails the contract."""
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert exe is not None
    out = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 kept, 0 broken" in out.stdout
