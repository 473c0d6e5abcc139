"""A claim judge validated on the deterministic scorer's labelled claims, beside the scorer."""

from __future__ import annotations

import pytest
from sklearn.metrics import cohen_kappa_score

from carebench.protocol.claim_judge import ClaimJudge
from carebench.protocol.judge_validation import _key, judge_agreement, labelled_subset
from carebench.protocol.scorer_validation import claim_verdict, load_labels, load_sets


def test_the_subset_is_evenly_spaced_over_the_set() -> None:
    rows = [{"claim_id": f"C{i:03d}"} for i in range(1, 11)]
    assert [r["claim_id"] for r in labelled_subset(rows, 4)] == ["C001", "C003", "C006", "C008"]
    assert labelled_subset(rows, None) == rows == labelled_subset(rows, 99)
    with pytest.raises(ValueError, match="at least 1"):
        labelled_subset(rows, 0)


def test_judge_and_scorer_are_scored_on_the_same_claims() -> None:
    judge = ClaimJudge("scripted:judge-garbage")  # every answer invalid: the rules decide
    rows = {(r["scorer"], r["subset"]): r for r in judge_agreement(judge, limit=40)}
    every = [row for entry in load_sets() for row in load_labels(entry.claims)]
    subset = labelled_subset(every, 40)
    finals = [r["final"] for r in subset]
    rules = [claim_verdict(r) for r in subset]
    kappa = cohen_kappa_score(finals, rules)
    assert rows[("rules", "all")]["n"] == 40
    assert rows[("rules", "all")]["kappa"] == pytest.approx(kappa)
    judged = rows[("judge scripted:judge-garbage", "all")]
    assert judged["kappa"] == pytest.approx(kappa)  # the fallback is the rules' verdict
    assert judged["invalid"] == judged["asked"] > 0 and judged["overruled"] == 0
    assert judged["reasons"] == {"no JSON object in the answer": judged["asked"]}
    assert judged["model_kappa"] < kappa  # the model's own answers: all "invalid"
    per_set = {s.name: rows[("rules", s.name)] for s in load_sets()}
    assert sum(r["n"] for r in per_set.values()) == 40
    assert {name: r["role"] for name, r in per_set.items()} == {s.name: s.role for s in load_sets()}


def test_a_judge_that_agrees_with_the_rules_never_credits_what_the_rules_do_not() -> None:
    judge = ClaimJudge("scripted:judge-rules")
    rows = {(r["scorer"], r["subset"]): r for r in judge_agreement(judge, limit=40)}
    judged, rules = rows[("judge scripted:judge-rules", "all")], rows[("rules", "all")]
    assert judged["invalid"] == 0
    # a multi-line claim cannot be supported by one quoted span: those are overruled
    assert judged["accuracy"] <= rules["accuracy"] + judged["overruled"] / 40
    every = [row for entry in load_sets() for row in load_labels(entry.claims)]
    for row in labelled_subset(every, 40):
        key = _key(row)
        if key is None:
            continue
        # the judge sees the claim less its pointers ("see physio form"); the rules hold a
        # deferral against the whole claim, and so must the judge's bearing check
        if judge.results[key].verdict.value == "supported":
            assert claim_verdict(row) == "supported", row["claim_id"]


def test_scorer_agreement_prints_the_judge_beside_the_scorer() -> None:
    from tests.conftest import run_cli

    shown = run_cli(
        "scorer", "agreement", "--judge", "scripted:judge-garbage", "--judge-limit", "20"
    )
    assert "Traceback" not in shown.stderr
    lines = shown.stdout.splitlines()
    header = lines.index(
        "claim support on the same labelled claims: deterministic scorer beside the judge"
    )
    rules, judge = lines[header + 2].split("\t"), lines[header + 3].split("\t")
    assert rules[:3] == ["rules", "all", "20"] and judge[:3] == [
        "judge scripted:judge-garbage",
        "all",
        "20",
    ]
    assert rules[4] == judge[4]  # every answer invalid: the rules' kappa
    assert judge[6] == judge[5]  # invalid == asked
    assert shown.returncode in (0, 1)  # 1: a held-out kappa under the goal (named on stderr)
    bad = run_cli("scorer", "agreement", "--judge", "openai:m@ftp://x")
    assert bad.returncode != 0 and "not an http" in bad.stderr and "Traceback" not in bad.stderr
