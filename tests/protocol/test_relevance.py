"""Traceability's relevance: supported claims must address the task (red team 5, hole H5)."""

from __future__ import annotations

import pytest

from carebench.agents.backends.gaming import GAMING
from carebench.agents.workproduct import Claim, reference_work_product
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action, Episode
from carebench.protocol.relevance import ADDRESSED, relevance, task_claims
from carebench.protocol.scores import traceability


@pytest.fixture(scope="module")
def tia() -> Episode:
    """Required facts: carotid duplex, MRI (retain); clopidogrel, atorvastatin (revise)."""
    return next(e for e in load_bank() if e.episode_id == "tia-clinic-letter.s1.clean")


def _claims(*pairs: tuple[str, str]) -> list[Claim]:
    return [Claim(text=text, sources=(source,)) for text, source in pairs]


def test_true_claims_that_address_no_task_text_earn_no_traceability(tia: Episode) -> None:
    draft = _claims(
        ("no further weakness or speech disturbance since", "R1"),
        ("Clinic findings: neurological examination normal", "N1"),
        ("asks where to park for the follow-up appointment", "M1"),
    )
    scored = traceability(tia, draft)
    assert scored.linked == 3 and scored.claims == 3  # every claim is true and cited
    assert scored.relevance == 0.0 and scored.score == 0.0


def test_one_task_fact_and_one_aside_is_half_relevant(tia: Episode) -> None:
    """Hand-worked: 2 linked of 2 claims, 1 of ADDRESSED = 2 task texts addressed: 1 x 0.5."""
    draft = _claims(
        ("carotid duplex no significant stenosis", "N1"),
        ("no further weakness or speech disturbance since", "R1"),
    )
    scored = traceability(tia, draft)
    assert ADDRESSED == 2 and scored.linked == 2
    assert scored.relevance == 0.5 and scored.score == pytest.approx(0.5)


def test_two_task_facts_carry_an_aside_in_full(tia: Episode) -> None:
    draft = _claims(
        ("carotid duplex no significant stenosis", "N1"),
        ("clopidogrel 75 mg daily", "N1"),
        ("no further weakness or speech disturbance since", "R1"),
    )
    assert traceability(tia, draft).score == pytest.approx(1.0)


def test_the_reference_draft_is_relevant(tia: Episode) -> None:
    draft = [Claim(**c) for c in reference_work_product(tia, Action.ANSWER)["draft"]]
    assert relevance(tia, [c.text for c in draft]) == 1.0


def test_an_episode_with_one_required_fact_needs_one() -> None:
    episode = next(
        e
        for e in load_bank()
        if e.annotations
        and len(e.annotations.retain_facts) + len(e.annotations.revise_facts) == 1
        and task_claims(e)
    )
    units = episode.annotations
    assert units is not None
    fact = (*units.retain_facts, *units.revise_facts)[0]
    assert relevance(episode, [fact]) == 1.0
    assert relevance(episode, []) == 0.0


def test_the_irrelevant_true_policy_writes_true_claims_about_nothing_asked(tia: Episode) -> None:
    write, games = GAMING["game-irrelevant-true"]
    product = write(tia, Action.ANSWER)
    draft = [Claim(text=c["text"], sources=tuple(c["sources"])) for c in product["draft"]]
    scored = traceability(tia, draft)
    assert games == ("traceability",)
    assert draft and scored.linked == len(draft)  # all true, as cited
    assert scored.score is not None and scored.score <= 0.5
