"""Concept rules in kind: word forms, negation, requests, elliptical questions (issue 22, item 3)."""

from __future__ import annotations

from carebench.interruptions.concepts import asks, forms, matches

RED = [["red", "redness"]]


def test_inflections_match_their_lemma() -> None:
    assert matches("Is it redder than it was?", RED)
    assert matches("The lights seem glaring.", [["light"]])
    assert matches("It's usually fine.", [["usual"]])
    assert matches("Your sight's getting worse.", [["sight"]])
    assert "red" in forms("redder") and "see" in forms("seeing")
    assert not matches("We will reduce the dose.", RED)  # whole words, not substrings


def test_negated_advice_does_not_match() -> None:
    assert not matches("Don't wear sunglasses, the eye needs light.", [["sunglasses"]])
    assert not matches("Try not to take painkillers.", [["painkillers"]])
    assert matches("Wear sunglasses. Do not rub the eye.", [["sunglasses"]])


def test_requests_and_elliptical_questions_ask() -> None:
    assert asks("Tell me if the eye has got red at all.", RED)
    assert asks("Some eyes go a bit red after the op. Has yours?", RED)
    assert not asks("Some eyes go a bit red after the op. Any pain in it today, at all?", RED)
    assert not asks("The eye may look red.", RED)
