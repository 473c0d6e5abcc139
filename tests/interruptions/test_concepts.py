"""Concept rules in kind: word forms, negation, requests, elliptical questions (issue 22, item 3)."""

from __future__ import annotations

from carebench.interruptions.concepts import asks, conveys, forms, matches

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


def test_comparatives_contractions_and_gaps() -> None:
    assert matches("Is your vision any blurrier?", [["blurry"]])
    assert matches("It'll ease in a week or two.", [["it ... ease"]])
    assert matches("Ring the eye clinic now.", [["ring ... now"]])
    assert matches("Call us now.", [["call ... now"]])
    assert not matches("Call us. Now, about the glare.", [["call ... now"]])  # not across a stop
    assert not matches("Call the clinic in the morning now and then.", [["call ... now"]])  # > 3


def test_negation_reaches_its_clause_and_double_negatives_do_not_negate() -> None:
    urgent = [["straight away"]]
    assert not matches("You don't need to ring us straight away.", urgent)
    assert not matches("There's no need to rush to A&E.", [["A&E"]])
    assert matches("Don't hesitate to call us straight away.", urgent)
    assert matches("Don't forget your sunglasses when you go out.", [["sunglasses"]])
    assert matches("If it doesn't settle, call straight away.", urgent)  # another clause


def test_a_question_is_not_negated_by_its_own_words() -> None:
    assert asks("No redness at all?", RED)
    assert asks("You haven't had any redness, have you?", RED)


def test_embedded_questions_ask_and_conditional_requests_do_not() -> None:
    assert asks("I was wondering whether the eye has gone red at all.", RED)
    assert asks("I need to check if there's been any redness.", RED)
    assert not asks("If the eye goes red, let me know.", RED)
    assert not asks("When it gets redder, tell us.", RED)


def test_a_question_without_a_topic_borrows_the_one_before() -> None:
    topics = [RED, [["pain"]], [["drops"]]]
    assert asks("I'd like to ask about redness. Has there been any in the eye?", RED, topics=topics)
    assert not asks("Watch out for redness. Any questions?", RED, topics=topics)
    assert not asks("Some eyes go red. Any pain in it today, at all?", RED, topics=topics)
    assert not asks("I'll ask about redness later. How are the drops going?", RED, topics=topics)


def test_other_sites_are_not_the_question() -> None:
    sites = ["left eye", "other eye", "cheek", "skin", "tape"]
    assert not asks("Is your left eye looking red at all?", RED, not_about=sites)
    assert not asks("Any redness on the skin from the tape?", RED, not_about=sites)
    assert not asks("And your left eye, the one not done. Is that one red?", RED, not_about=sites)
    assert asks(
        "Your left eye was fine, you said. Is the eye you had done red?", RED, not_about=sites
    )
    assert asks("Is the eye looking red at all?", RED, not_about=sites)


def test_a_point_counts_only_its_on_topic_clauses() -> None:
    normal = [["normal", "settle", "go down"]]
    off = ["red", "redness", "bruis*"]
    about = [["light", "glare"]]
    assert conveys("It's normal, but if it gets redder, ring us.", normal, not_about=off)
    assert conveys("Glare and a little redness are normal.", normal, not_about=off, about=about)
    assert not conveys(
        "Some redness is normal too, after the op. It goes down.", normal, not_about=off
    )
    assert not conveys("Some bruising is normal.", normal, not_about=off, about=about)


def test_a_cut_off_question_asked_what_came_before_its_last_comma() -> None:
    assert asks("Have you noticed any redness in the eye, or has it\u2014", RED)
    assert asks("Okay, any redness in the eye, or has it become more...", RED)
    assert not asks("Okay. Have you noticed any redness in the\u2014", RED)
    assert not asks("Redness, pain, or\u2014", RED)  # a list, not a question


def test_safety_netting_and_third_party_reports_do_not_ask() -> None:
    assert not asks("Let me know if it goes red.", RED)
    assert asks("Let me know if there's been any redness.", RED)
    assert not asks("Has anyone at home said your eye looks red?", RED)
    assert asks("Has your daughter noticed any redness in it?", RED)


def test_a_negated_use_after_the_advice_negates_it() -> None:
    glasses = [["sunglasses"]]
    assert not matches("Sunglasses won't help with that.", glasses)
    assert not matches("Sunglasses aren't needed.", glasses)
    assert matches("Wear sunglasses, they help.", glasses)
    assert matches("Sunglasses are not a bad idea.", glasses)
