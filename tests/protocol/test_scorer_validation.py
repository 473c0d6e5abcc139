"""The scorer's agreement with the packaged labelled set: computed, with the goal stated."""

from __future__ import annotations

from sklearn.metrics import cohen_kappa_score

from carebench.episodes.bank import load_bank
from carebench.protocol.scorer_validation import claim_verdict, load_labels, scorer_agreement


def test_the_labelled_set_has_the_promised_size_and_two_labels_each() -> None:
    claims, handoffs = load_labels("claims"), load_labels("handoffs")
    assert len(claims) >= 300 and len(handoffs) >= 60
    assert all(
        {c["label_a"], c["label_b"], c["final"]} <= {"supported", "unsupported", "contradicts"}
        for c in claims
    )
    fields = [v for h in handoffs for v in h["final"].values()]
    assert set(fields) <= {"correct", "wrong", "missing"}


def test_agreement_figures_match_scikit_learn_on_the_same_pairs() -> None:
    rows = {
        (r.component, r.subset): r for r in scorer_agreement({e.episode_id: e for e in load_bank()})
    }
    claims = load_labels("claims")
    predicted = [claim_verdict(c) for c in claims]
    final = [c["final"] for c in claims]
    every = rows[("claim support", "all")]
    assert every.n == len(claims)
    assert abs(every.kappa - cohen_kappa_score(final, predicted)) < 1e-12
    assert every.accuracy == sum(p == f for p, f in zip(predicted, final, strict=True)) / len(final)
    assert rows[("claim support", "dev (tuned on)")].n + rows[
        ("claim support", "held out")
    ].n == len(claims)


def test_the_scorer_beats_chance_on_held_out_claims() -> None:
    """The goal is kappa >= 0.8 (not met yet: docs/protocol.md gives the figure); chance is 0."""
    rows = {
        (r.component, r.subset): r for r in scorer_agreement({e.episode_id: e for e in load_bank()})
    }
    assert rows[("claim support", "held out")].kappa > 0.4
    assert rows[("handoff fields", "held out (all)")].kappa > 0.3
