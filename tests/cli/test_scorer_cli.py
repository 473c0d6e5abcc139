"""``carebench scorer agreement``: one row per labelled set and component, roles named."""

from __future__ import annotations

import json

from carebench.protocol.scorer_validation import load_sets
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
