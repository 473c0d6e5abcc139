"""Display labels for runs: readable, unique, and saying what tells two runs apart.

A run's identity is its run id (a hash of everything that defines it, see
:meth:`carebench.runs.config.RunConfig.identity`); its stored label ``backend:model/condition`` is
only a name and is shared by runs that differ in seed, temperature, split, cost matrix, bank...

Convention: among the runs of a workspace (:func:`carebench.runs.results.load_runs` labels over the
whole store, so a run keeps one label in every command), a run whose stored label is unique keeps
it; runs that share a label get the identity fields that differ among them appended in brackets, e.g.
``scripted:random/vanilla [seed=1]`` (hashes shortened to 12 characters, an episode list shown by
its length). Runs that still collide (identical identity fields, e.g. manifests from another
carebench version) get their run id appended instead.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd


@cache
def _identity_keys() -> tuple[str, ...]:
    """The manifest fields that make two runs the same run (those of RunConfig.identity)."""
    from carebench.runs.config import RunConfig

    return RunConfig.identity_keys()


def _flatten(value: Any, path: str, out: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for key in sorted(value):
            _flatten(value[key], f"{path}.{key}" if path else str(key), out)
    else:
        out[path] = value


def identity_fields(manifest: Mapping[str, Any]) -> dict[str, Any]:
    """The identity fields of a manifest, flattened to dotted paths (``sampling.seed``...)."""
    out: dict[str, Any] = {}
    for name in _identity_keys():
        _flatten(manifest.get(name), name, out)
    return out


def _show(path: str, value: Any, nested: bool = False) -> str:
    name = path if nested else path.rsplit(".", 1)[-1]
    if name.endswith("sha256") and isinstance(value, str):
        return f"{name.removesuffix('sha256').rstrip('._') or 'sha256'}={value[:12]}"
    if name == "episode_ids":
        return f"episodes={len(value)}" if value else "episodes=all"
    if isinstance(value, float):
        return f"{name}={value:g}"
    return f"{name}={'-' if value is None else value}"


def _differences(
    differing: list[str], mine: Mapping[str, Any], everyone: list[dict[str, Any]]
) -> list[str]:
    """What tells this run apart, one item per differing field, grouped by its top-level key.

    A field shows by its last part (``seed=1``), or by its whole path where two differing fields
    share that part (``sampling.seed=1`` beside ``other.seed=2``), so no two items read alike;
    a key with a name (a plan) shows only its name (``plan=release``, ``plan=-`` without one;
    with its hash where the names tie).
    """
    groups: dict[str, list[str]] = defaultdict(list)
    for path in differing:
        groups[path.split(".", 1)[0]].append(path)
    named = {
        t for t, ps in groups.items() if len(ps) > 1 and any(f"{t}.name" in f for f in everyone)
    }
    lasts: dict[str, int] = defaultdict(int)
    for path in (p for t, ps in groups.items() if t not in named for p in ps):
        lasts[path.rsplit(".", 1)[-1]] += 1
    items: list[str] = []
    for top, paths in groups.items():
        name = f"{top}.name"
        if top in named:
            items.append(f"{top}={'-' if mine.get(name) is None else mine[name]}")
            sha = f"{top}.sha256"
            namesakes = {repr(f.get(sha)) for f in everyone if f.get(name) == mine.get(name)}
            if mine.get(name) is not None and len(namesakes) > 1:
                items[-1] += f"@{str(mine.get(sha))[:12]}"  # two versions of one plan
        else:
            items += [_show(p, mine.get(p), lasts[p.rsplit(".", 1)[-1]] > 1) for p in paths]
    return items


def display_labels(manifests: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """A unique display label per run id among ``manifests`` (see the module docstring).

    Args:
        manifests: run id -> stored manifest (its ``label`` and identity fields are read).
    """
    groups: dict[str, list[str]] = defaultdict(list)
    for run_id, manifest in manifests.items():
        groups[str(manifest.get("label") or run_id)].append(run_id)
    labels: dict[str, str] = {}
    for base, run_ids in groups.items():
        if len(run_ids) == 1:
            labels[run_ids[0]] = base
            continue
        fields = {run_id: identity_fields(manifests[run_id]) for run_id in run_ids}
        paths = sorted({p for f in fields.values() for p in f})
        differing = [p for p in paths if len({repr(f.get(p)) for f in fields.values()}) > 1]
        for run_id in run_ids:
            shown = ", ".join(_differences(differing, fields[run_id], list(fields.values())))
            labels[run_id] = f"{base} [{shown}]" if shown else base
    counts: dict[str, int] = defaultdict(int)
    for label in labels.values():
        counts[label] += 1
    return {
        run_id: f"{label} [run {run_id}]" if counts[label] > 1 else label
        for run_id, label in labels.items()
    }


def frame_labels(frame: pd.DataFrame, manifests: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Run id -> display label for the runs of a results table.

    The table's ``label`` column when it already gives each run one label and no two runs the
    same (as :func:`carebench.runs.results.load_results` does); otherwise
    :func:`display_labels` over ``manifests``.
    """
    pairs = frame[["run_id", "label"]].drop_duplicates()
    if pairs["run_id"].is_unique and pairs["label"].is_unique:
        return {
            str(r): str(label) for r, label in zip(pairs["run_id"], pairs["label"], strict=True)
        }
    return display_labels(manifests)
