"""Exclusive classes: a class word replaced by another member contradicts (round 6, H1 and H2)."""

from __future__ import annotations

import pytest

from carebench.episodes.exclusive import swapped
from carebench.episodes.support import Verdict, support


@pytest.mark.parametrize(
    ("claim", "line", "phrase"),
    [
        ("Folic acid 400 micrograms monthly", "Folic acid 400 micrograms daily.", "monthly"),
        ("Furosemide 40 mg oral twice daily", "Furosemide 40 mg IV bd.", "oral"),
        ("CK 110 U/L after starting", "CK 110 U/L before starting atorvastatin.", "after"),
        ("Blood group A RhD negative", "Blood group O RhD negative.", "blood group A"),
        ("Remove the loose upper tooth", "Remove the loose lower tooth.", "upper"),
        ("Metformin 500 mg immediate release", "Metformin 500 mg modified release.",
         "immediate release"),
        ("Recheck INR last Monday", "Recheck INR next Monday.", "last"),
        ("Atorvastatin 80 mg at midday", "Atorvastatin 80 mg at night.", "midday"),
        ("Bleeding lightly with clots", "Bleeding heavily with clots.", "lightly"),  # severity
        ("Passed plenty of urine", "Passed hardly any urine today.", "plenty of"),
        # round 31: how often, compared; pace
        ("The episodes are coming less often", "The episodes are coming more often.",
         "less often"),
        ("Headaches more frequent this week", "Headaches less frequent since the change.",
         "more frequent"),
        ("Came on walking quickly uphill", "Came on walking slowly on the flat.", "quickly"),
        # round 43 (red team 33): a colour; ability made choice
        ("Stools dark green and sticky", "Stools black and sticky for two days.", "green"),
        ("Urine straw-coloured", "Urine the colour of cola since yesterday.", "straw"),
        ("Lips pale pink", "Her lips are grey-blue.", "pink"),
        ("Would rather not speak", "Unable to speak in sentences.", "rather not"),
        ("Chose to sit down for a chat", "Had to sit down gasping after 5 metres.", "chose to"),
        ("Does not want sips of water", "Cannot keep sips of water down.", "does not want"),
        ("Would not say how she fell", "She could not say how she fell.", "would not say"),
        ("A snuffly noise when she breathes", "A wheezy noise when she breathes out.", "snuffly"),
        ("Responds when spoken to", "Responds only when handled.", "spoken to"),
        ("Skin warm and dry", "Skin cold and clammy.", "dry"),
        ("Narrow-complex tachycardia at 180", "Broad-complex tachycardia at 180.",
         "narrow complex"),
        ("A smooth 2 cm mass", "A spiculated 2 cm mass.", "smooth"),
    ],
)  # fmt: skip
def test_a_swapped_class_word_contradicts(claim: str, line: str, phrase: str) -> None:
    assert swapped(claim, line) == phrase
    assert support(claim, line) is Verdict.CONTRADICTS


def test_what_brings_a_pain_on_is_a_class() -> None:
    """Round 43: "hurts when pressed" for "hurts to breathe in" (the claim reader already calls
    it unsupported: "pressed" is nowhere in the line)."""
    assert swapped("Chest hurts when pressed", "Chest hurts to breathe in.") == "pressed"
    assert support("Chest hurts when pressed", "Chest hurts to breathe in.") is not (
        Verdict.SUPPORTED
    )


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Ramipril 5 mg od", "Ramipril 5 mg once daily."),  # od = once daily
        ("Furosemide 40 mg intravenous twice daily", "Furosemide 40 mg IV BD."),
        ("Folic acid 400 micrograms", "Folic acid 400 micrograms daily."),  # dropped, not swapped
        ("Breathing worse", "Breathing not improving."),  # a negated side is not held
        ("Blood group O RhD negative", "Blood group O RhD negative."),
        ("Next cycle due in 21 days", "G-CSF not prescribed; next cycle due in 21 days."),
        ("Last BP 128/80", "BP 128/80 last week. Next of kin: daughter."),
        ("Severe chest pain", "Chest pain, heavy and crushing."),  # one severity side
        ("Nifedipine slow release 30 mg", "Nifedipine modified release 30 mg; walks quickly."),
        ("Episodes more frequent", "The episodes are coming more often."),  # one side
        ("Black, tarry stools", "Stools black and sticky for two days."),  # tarry: black
        ("About 5 cm of redness", "Red for about 5 cm around it."),
        ("Red flags: black stools", "Stools black and sticky."),  # a red flag is no colour
        ("White cell count 0.4", "Lips blue; neutrophils 0.4."),
        ("Hand could not grip the door", "His hand would not grip the car door."),  # inanimate
        ("Unable to say how she fell", "She could not say how she fell."),  # one side
        ("Muffled voice, drooling", "Voice thick and muffled; alert."),  # a voice: no level
        ("Cool, clammy and grey", "Cold and sweaty, grey."),
    ],
)
def test_equivalent_negated_or_dropped_class_words_are_no_swap(claim: str, line: str) -> None:
    assert swapped(claim, line) is None


@pytest.mark.parametrize("claim", ["400 micrograms daily", "40 mg IV twice daily"])
def test_a_dose_with_no_label_is_unsupported(claim: str) -> None:
    """Round 6, H11: a dose with its schedule or route and no drug states no fact."""
    line = "Takes folic acid 400 micrograms daily. Furosemide 40 mg IV twice daily. 33 weeks."
    assert support(claim, line) is Verdict.UNSUPPORTED
    assert support("Folic acid 400 micrograms daily", line) is Verdict.SUPPORTED
    assert support("33 weeks", line) is Verdict.SUPPORTED  # an answer's value alone


def test_a_weekly_total_of_seven_doses_is_no_schedule() -> None:
    """Round 44 (red team 34's control): "4 mg daily (28 mg weekly)" sums the daily doses."""
    line = "Phenprocoumon 3 mg daily (21 mg per week)."
    assert swapped("phenprocoumon 3 mg once a day (21 mg weekly)", line) is None
    assert swapped("phenprocoumon 21 mg weekly", line) == "weekly"  # a weekly schedule
    assert swapped("phenprocoumon 3 mg daily (20 mg weekly)", line) == "weekly"  # not seven
