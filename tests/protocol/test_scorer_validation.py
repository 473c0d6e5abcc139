"""The scorer's agreement with the packaged labelled sets: computed, with the goal stated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sklearn.metrics import cohen_kappa_score

from carebench.episodes.bank import load_bank
from carebench.errors import CarebenchError
from carebench.protocol.scorer_validation import (
    GOAL_KAPPA,
    claim_items,
    claim_verdict,
    load_labels,
    load_sets,
    scorer_agreement,
)


@pytest.fixture(scope="module")
def rows() -> dict[tuple[str, str], object]:
    agreement = scorer_agreement({e.episode_id: e for e in load_bank()})
    return {(r.component, r.subset): r for r in agreement}


def test_the_manifest_names_each_set_with_its_role_and_files() -> None:
    sets = load_sets()
    assert sets and {s.role for s in sets} <= {"dev", "held-out"}
    assert sets[0].name == "set-1" and sets[0].role == "dev"
    for entry in sets:
        claims, handoffs = load_labels(entry.claims), load_labels(entry.handoffs)
        assert claims and handoffs
        assert all(
            {c["label_a"], c["label_b"], c["final"]} <= {"supported", "unsupported", "contradicts"}
            for c in claims
        )
        fields = [v for h in handoffs for v in h["final"].values()]
        assert set(fields) <= {"correct", "wrong", "missing"}


def test_set_1_has_the_promised_size() -> None:
    assert len(load_labels("claims")) >= 300 and len(load_labels("handoffs")) >= 60


def test_agreement_figures_match_scikit_learn_on_the_same_pairs(rows: dict) -> None:
    claims = load_labels("claims")
    predicted = [claim_verdict(c) for c in claims]
    final = [c["final"] for c in claims]
    every = rows[("claim support", "set-1")]
    assert every.n == len(claims) and every.role == "dev"
    assert abs(every.kappa - cohen_kappa_score(final, predicted)) < 1e-12
    assert every.accuracy == sum(p == f for p, f in zip(predicted, final, strict=True)) / len(final)
    labellers = cohen_kappa_score([c["label_a"] for c in claims], [c["label_b"] for c in claims])
    assert abs(every.annotator_kappa - labellers) < 1e-12


def test_every_set_reports_both_components(rows: dict) -> None:
    for entry in load_sets():
        for component in ("claim support", "handoff fields"):
            assert rows[(component, entry.name)].n > 0


def test_the_packaged_aside_sets_are_reported_beside_the_labelled_sets(rows: dict) -> None:
    """Round 20: asides after key findings and field values (carebench.protocol.aside_validation)."""
    for name, role in (("asides-a", "dev"), ("asides-b", "held-out")):
        assert (
            rows[("aside findings", name)].n == 180 and rows[("aside findings", name)].role == role
        )
        assert rows[("aside fields", name)].n == 60


def test_the_dev_set_reaches_the_goal_on_handoff_fields(rows: dict) -> None:
    """Met on set 1 (tuned on, so it shows fit, not generalisation; docs/protocol.md)."""
    assert rows[("handoff fields", "set-1")].kappa >= GOAL_KAPPA


def test_handoff_fields_reach_the_goal_on_both_sets(rows: dict) -> None:
    """Issue 21's third pass: both sets are development data for handoffs (fit, not prediction;
    docs/scorer-history.md gives what each rule earns on each set; set 3 is the held-out check)."""
    for subset in ("set-1", "set-2"):
        assert rows[("handoff fields", subset)].kappa >= GOAL_KAPPA, subset


def test_claim_support_beats_chance_on_both_halves_of_the_dev_set() -> None:
    """The claim goal (kappa >= 0.8) is not met on set 1 (docs/protocol.md gives the figure);
    this asserts only that each half is well above chance (0)."""
    claims = load_labels("claims")
    for parity in (0, 1):
        half = [c for c in claims if int(str(c["claim_id"])[1:]) % 2 == parity]
        items = claim_items(half)
        kappa = cohen_kappa_score([i[1] for i in items], [i[0] for i in items])
        assert kappa > 0.6, (parity, kappa)


def _write(folder: Path, manifest: str) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "sets.yaml").write_text(manifest, "utf-8")
    return folder


def test_a_manifest_naming_a_missing_file_is_one_clear_error(tmp_path: Path) -> None:
    folder = _write(
        tmp_path / "v",
        "format: carebench-scorer-sets/1\nsets:\n  - {name: s2, role: held-out,"
        " claims: claims-2.jsonl, handoffs: handoffs-2.jsonl, provenance: P.md}\n",
    )
    with pytest.raises(CarebenchError, match=r"set s2: no file 'claims-2.jsonl'"):
        load_sets(folder)


def test_a_manifest_with_a_bad_role_names_the_field(tmp_path: Path) -> None:
    folder = _write(
        tmp_path / "v",
        "format: carebench-scorer-sets/1\nsets:\n  - {name: s2, role: test,"
        " claims: c.jsonl, handoffs: h.jsonl, provenance: P.md}\n",
    )
    with pytest.raises(CarebenchError, match=r"sets\.yaml:3: sets\.0\.role: got 'test'"):
        load_sets(folder)


def test_a_labels_line_of_another_format_names_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "c.jsonl").write_text('{"format": "other/1"}\n', "utf-8")
    with pytest.raises(CarebenchError, match=r"c\.jsonl:1: format 'other/1'"):
        load_labels("c.jsonl", tmp_path)


def test_the_docs_table_gives_the_figures_computed_here(rows: dict) -> None:
    """docs/protocol.md's agreement table states this commit's figures, every set and component.

    A row is labelled by the set's name and role ("set-3 (dev since round 3)", "set-4 (held
    out)"), so a new set needs a docs row, not a code change.

    A held-out row that differs fails without printing either figure, so a developer who runs the
    suite does not learn how a rule moved the held-out sets; ``CAREBENCH_DEV_ONLY=1`` skips the
    held-out rows altogether (docs/protocol.md, "Keeping the held-out sets unseen").
    """
    import os
    import re

    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text("utf-8")
    dev_only = os.environ.get("CAREBENCH_DEV_ONLY") == "1"
    for entry in load_sets():
        held_out = entry.role == "held-out"
        if held_out and dev_only:
            continue
        role = "held out" if held_out else "dev"
        for component in ("claim support", "handoff fields"):
            row = rows[(component, entry.name)]
            line = re.search(
                rf"^\| {re.escape(entry.name)} \({role}[^)|]*\) \| {component} \| (.+) \|$",
                doc,
                re.M,
            )
            assert line, (entry.name, role, component)
            stated = tuple(c.strip() for c in line[1].split("|"))
            computed = (
                str(row.n),
                f"{row.accuracy:.2f}",
                f"{row.kappa:.2f}",
                f"{row.annotator_kappa:.2f}",
            )
            same = stated == computed
            if held_out:
                assert same, f"{entry.name} {component}: the docs row is not this commit's figure"
            else:
                assert stated == computed, (entry.name, component)


def test_the_packaged_agreement_is_computed_once_and_kept_in_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carebench.protocol import scorer_validation as module

    calls: list[int] = []
    real = module.scorer_agreement

    def counted(episodes: Any, folder: Any = None) -> Any:
        calls.append(1)
        return real(episodes, folder)

    monkeypatch.setattr(module, "scorer_agreement", counted)
    first = module.packaged_agreement(tmp_path)
    assert module.packaged_agreement(tmp_path) == first and len(calls) == 1
    assert {r["set"] for r in first} == {s.name for s in load_sets()} | {"asides-a", "asides-b"}
    assert len(list(tmp_path.glob("agreement-*.json"))) == 1
