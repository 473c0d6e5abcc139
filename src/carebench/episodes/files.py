"""Where seed files are: the packaged bank's folder and discovery under user paths.

Kept apart from :mod:`carebench.episodes.bank` so that finding (and hashing) the seed files imports
neither the YAML loader nor the validation rules (see :mod:`carebench.episodes.cache`).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path

from carebench.errors import CarebenchError


def default_scenario_dir() -> Path:
    """The escalation seeds shipped inside the package."""
    return Path(str(files("carebench") / "scenarios" / "escalation"))


PathsArg = str | Path | Sequence[str | Path] | None
"""Seed paths as callers give them: one path (a ``str`` is one path, never a list of letters), a
list of paths, or None for the packaged bank."""


def as_paths(paths: PathsArg) -> list[Path] | None:
    """``paths`` as a list of paths (None or empty: None, the packaged bank)."""
    if paths is None:
        return None
    if isinstance(paths, str | Path):
        return [Path(paths)]
    return [Path(p) for p in paths] or None


def discover(paths: PathsArg = None) -> list[Path]:
    """Seed files under ``paths`` (files or folders, searched recursively), sorted.

    Raises:
        CarebenchError: a path does not exist, or no seed file was found.
    """
    roots = as_paths(paths) or [default_scenario_dir()]
    found: set[Path] = set()
    for root in roots:
        if root.is_file():
            found.add(root)
        elif root.is_dir():
            found.update(
                p for p in root.rglob("*") if p.suffix in {".yaml", ".yml"} and p.is_file()
            )
        else:
            raise CarebenchError(f"{root}: no such file or folder (expected seed YAML files)")
    if not found:
        raise CarebenchError(
            f"no seed files (*.yaml, *.yml) under {', '.join(str(r) for r in roots)}"
        )
    return sorted(found)
