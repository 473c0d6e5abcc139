"""``carebench scorer agreement``: one row per labelled set and component, roles named."""

from __future__ import annotations

import json
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
    assert {(r["subset"], r["role"]) for r in rows} == {(s.name, s.role) for s in sets}
    assert {r["component"] for r in rows} == {"claim support", "handoff fields"}
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
        "episode_id": "x.s1.clean",
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
    assert result.returncode == (1 if held_out_short else 0), result.stderr
    if held_out_short:
        assert "claim support on set-extra" in result.stderr
