"""``carebench scorer agreement``: one row per labelled set and component, roles named."""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from carebench.episodes.bank import load_bank
from carebench.protocol.scorer_validation import field_verdicts, load_sets
from tests.conftest import run_cli


def test_agreement_prints_every_set_with_its_role() -> None:
    result = run_cli("scorer", "agreement", "--json")
    rows = json.loads(result.stdout)
    sets = load_sets()
    asides = {("asides-a", "dev"), ("asides-b", "held-out")}  # round 20's aside sets
    assert {(r["subset"], r["role"]) for r in rows} == {(s.name, s.role) for s in sets} | asides
    assert {r["component"] for r in rows} == {
        "claim support",
        "handoff fields",
        "aside findings",
        "aside fields",
    }
    held_out_short = [r for r in rows if r["role"] == "held-out" and (r["kappa"] or 0) < 0.8]
    assert result.returncode == (1 if held_out_short else 0), result.stderr


def test_the_table_says_who_labelled() -> None:
    result = run_cli("scorer", "agreement")
    assert "set-1\tdev\t" in result.stdout
    assert "not clinicians" in result.stdout


def _third_set(folder: Path, claims: list[dict[str, Any]], role: str) -> Path:
    """A copy of the packaged manifest (its sets made dev) with a small extra set of ``role`` added.

    The packaged sets become dev so that the extra set alone decides the exit code.
    """
    packaged = files("carebench") / "scenarios" / "validation" / "workproduct"
    folder.mkdir()
    for item in packaged.iterdir():
        if item.is_file():
            (folder / item.name).write_bytes(item.read_bytes())
    (folder / "claims-extra.jsonl").write_text(
        "".join(json.dumps(c) + "\n" for c in claims), "utf-8"
    )
    handoff = json.loads((folder / "handoffs-2.jsonl").read_text("utf-8").splitlines()[0])
    episode = next(e for e in load_bank() if e.episode_id == handoff["episode_id"])
    scored = field_verdicts(handoff, episode)  # labels that agree: only the claims differ
    assert len(set(scored.values())) > 1
    handoff.update(handoff_id="WXH001", labels_a=scored, labels_b=scored, final=scored)
    (folder / "handoffs-extra.jsonl").write_text(json.dumps(handoff) + "\n", "utf-8")
    (folder / "PROVENANCE-extra.md").write_text("A test set.\n", "utf-8")
    manifest = (folder / "sets.yaml").read_text("utf-8").replace("role: held-out", "role: dev")
    (folder / "sets.yaml").write_text(
        manifest + f"  - name: set-extra\n    role: {role}\n    claims: claims-extra.jsonl\n"
        "    handoffs: handoffs-extra.jsonl\n    provenance: PROVENANCE-extra.md\n",
        "utf-8",
    )
    return folder


def _claim(number: int, text: str, line: str, final: str) -> dict[str, Any]:
    return {
        "format": "carebench-scorer-labels/1",
        "claim_id": f"WXC{number:03d}",
        "episode_id": "antenatal-booking-note.s2.stale",  # a real episode: ids are checked
        "text": text,
        "cited": [{"id": "N1", "text": line}],
        "label_a": final,
        "label_b": final,
        "final": final,
        "disagreement": None,
        "writer_kind": "test",
    }


LINE = "Temperature 38.2 C at 09:00; no rash; continue amoxicillin 500 mg three times daily."
AGREED = [
    _claim(1, "Temperature 38.2 C at 09:00.", LINE, "supported"),
    _claim(2, "Temperature 39.5 C at 09:00.", LINE, "contradicts"),
    _claim(3, "Chest X-ray clear.", LINE, "unsupported"),
    _claim(4, "Amoxicillin 500 mg three times daily continues.", LINE, "supported"),
]
DISAGREED = [  # the labels are the opposite of what any sensible scorer says
    _claim(1, "Temperature 38.2 C at 09:00.", LINE, "contradicts"),
    _claim(2, "Temperature 39.5 C at 09:00.", LINE, "supported"),
    _claim(3, "Chest X-ray clear.", LINE, "supported"),
    _claim(4, "Amoxicillin 500 mg three times daily continues.", LINE, "unsupported"),
]


@pytest.mark.parametrize(
    ("claims", "role"), [(AGREED, "held-out"), (DISAGREED, "held-out"), (DISAGREED, "dev")]
)
def test_an_added_set_is_read_from_the_manifest_and_its_role_sets_the_exit_code(
    tmp_path: Path, claims: list[dict[str, Any]], role: str
) -> None:
    folder = _third_set(tmp_path / "sets", claims, role)
    result = run_cli("scorer", "agreement", "--json", "--sets", str(folder))
    rows = {(r["component"], r["subset"]): r for r in json.loads(result.stdout)}
    extra = rows[("claim support", "set-extra")]
    assert extra["n"] == 4 and extra["role"] == role
    assert rows[("handoff fields", "set-extra")]["n"] > 0
    held_out_short = [
        r for r in rows.values() if r["role"] == "held-out" and (r["kappa"] or 0) < 0.8
    ]
    assert bool(held_out_short) == (claims is DISAGREED and role == "held-out")
    table = run_cli("scorer", "agreement", "--sets", str(folder)).stdout
    assert f"PROVENANCE notes in {folder}" in table  # the folder given, not the packaged one
    assert result.returncode == (1 if held_out_short else 0), result.stderr
    if held_out_short:
        assert "claim support on set-extra" in result.stderr


def test_a_judge_that_never_answers_validly_does_not_pass_on_the_rules_fallback(
    tmp_path: Path,
) -> None:
    """Invalid answers fall back to the rules; on a set where the rules reach the goal, a judge
    answering only prose had the rules' kappa and exited 0 (found by a new-user trial). The
    gate takes the lower of the judge's kappa and the model's own."""
    folder = _third_set(tmp_path / "sets", AGREED, "held-out")
    result = run_cli(
        "scorer", "agreement", "--sets", str(folder), "--judge", "scripted:judge-garbage"
    )
    assert result.returncode == 1, result.stdout
    assert "judge scripted:judge-garbage claim support on set-extra" in result.stderr
    rules = run_cli("scorer", "agreement", "--sets", str(folder), "--judge", "scripted:judge-rules")
    assert rules.returncode == 0, rules.stderr


def _one_set(folder: Path, claims: str, handoffs: str, manifest: str | None = None) -> Path:
    """A folder with one held-out set whose files hold the given text."""
    folder.mkdir()
    (folder / "claims.jsonl").write_text(claims, "utf-8")
    (folder / "handoffs.jsonl").write_text(handoffs, "utf-8")
    (folder / "P.md").write_text("A test set.\n", "utf-8")
    (folder / "sets.yaml").write_text(
        manifest
        if manifest is not None
        else "format: carebench-scorer-sets/1\nsets:\n  - {name: x, role: held-out, "
        "claims: claims.jsonl, handoffs: handoffs.jsonl, provenance: P.md}\n",
        "utf-8",
    )
    return folder


def _packaged_line(name: str, **change: Any) -> str:
    packaged = files("carebench") / "scenarios" / "validation" / "workproduct" / name
    row = {**json.loads(packaged.read_text("utf-8").splitlines()[0]), **change}
    return json.dumps({k: v for k, v in row.items() if v is not None}) + "\n"


CLAIM, HANDOFF = _packaged_line("claims.jsonl"), _packaged_line("handoffs.jsonl")
TWICE = "format: carebench-scorer-sets/1\nsets:\n" + (
    "  - {name: x, role: dev, claims: claims.jsonl, handoffs: handoffs.jsonl, provenance: P.md}\n"
    * 2
)
HOSTILE_SETS: dict[str, tuple[str | None, str, str, str]] = {  # manifest, claims, handoffs, error
    "no manifest": ("", CLAIM, HANDOFF, r"sets\.yaml: cannot read the manifest"),
    "two sets named x": (TWICE, CLAIM, HANDOFF, r"sets\.yaml:1: set name\(s\) x given twice"),
    "a claim without final": (
        None,
        _packaged_line("claims.jsonl", final=None),
        HANDOFF,
        r"claims\.jsonl:1: final: required field is missing",
    ),
    "a claim with an unknown label": (
        None,
        _packaged_line("claims.jsonl", final="true"),
        HANDOFF,
        r"claims\.jsonl:1: final: got 'true'; input should be 'supported'",
    ),
    "an episode not in the bank": (
        None,
        CLAIM,
        _packaged_line("handoffs.jsonl", episode_id="nope.s1.clean"),
        r"handoffs\.jsonl:1: episode_id: 'nope\.s1\.clean' is not an episode of the bank",
    ),
    "an empty claims file": (None, "", HANDOFF, r"claims\.jsonl: no labelled items"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_SETS))
def test_a_hostile_sets_folder_is_one_clear_error_and_exit_2(tmp_path: Path, case: str) -> None:
    manifest, claims, handoffs, message = HOSTILE_SETS[case]
    folder = _one_set(tmp_path / "sets", claims, handoffs, manifest)
    if manifest == "":
        (folder / "sets.yaml").unlink()
    result = run_cli("scorer", "agreement", "--sets", str(folder))
    assert result.returncode == 2, result.stderr
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("error: ") and "Traceback" not in result.stderr
    assert re.search(message, result.stderr), result.stderr


def test_floors_prints_every_policy_and_keeps_the_rows_in_the_cache(tmp_path: Path) -> None:
    """`scorer floors` reuses the rows a report keeps (a new-user trial: it always recomputed,
    minutes, with no word printed)."""
    import os
    import subprocess
    import sys

    from carebench.agents.backends.gaming import GAMING

    seed = next(
        (files("carebench") / "scenarios" / "escalation").iterdir()  # type: ignore[attr-defined]
    )
    env = {**os.environ, "CAREBENCH_CACHE_DIR": str(tmp_path)}
    args = [sys.executable, "-m", "carebench", "scorer", "floors", "--bank", str(seed)]
    first = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    assert first.returncode == 0, first.stderr
    policies = [line.split("\t")[0] for line in first.stdout.splitlines()[1:]]
    assert policies == ["reference", *GAMING]
    assert "gaming policies" in first.stderr
    assert list(tmp_path.rglob("floors-*.json"))
    again = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    assert again.stdout == first.stdout
