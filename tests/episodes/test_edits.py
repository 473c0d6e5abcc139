"""Near copies with an operator changed (round 34, carebench.episodes.edits).

Hand-written cases of the kinds red teams 26 and 27 found (experiments/redteam/round26_results.md,
round27_results.md), in wording of their own: no "edited" case below is an edit on the commit
before its round (41b35b7 for round 34, c6ac402 for round 35), and every correct rewording beside
them is one a clinician accepts (the module must leave it alone).
"""

from __future__ import annotations

import pytest

from carebench.episodes.edits import edited
from carebench.episodes.support import Verdict, explain, support
from carebench.protocol.handoff_safety import unsafe_fields
from carebench.protocol.handoff_truth import EDITED, untrue
from tests.protocol.handoffs import RECORD

SOURCE = (
    "Dose 2 of the course was given 9 days ago at the day unit. "
    "Ring 999 if she becomes drowsy or the rash spreads. "
    "Keep the splint on until the fracture clinic review. "
    "The ache is spreading into his left shoulder. "
    "SpO2 91 % in air, respiratory rate 26. "
    "The pain comes on at rest and lasts 20 minutes. "
    "She opens her eyes only to a loud voice. "
    "It is the worst pain he has ever had. "
    "Ultrasound of the gallbladder: no stones seen. "
    "Fever, cough and rigors since Tuesday. "
    "Warfarin held on admission, INR 6.2. "
    "Furosemide 40 mg IV twice daily from this morning. "
    "Migraine with aura since her teens. "
    "He vomited at 09:00 and again at 11:30 in the clinic. "
    "She is unable to finish a sentence and her lips look dusky. "
    "The bruise came after an unwitnessed fall on the stairs last night. "
    "He has passed hardly any urine since the morning. "
    "Family history of bowel cancer at 52; her father had a stroke at 70. "
    "Stop the ibuprofen today while the kidney function recovers. "
    "Ring 999 if her breathing gets worse or she becomes harder to rouse. "
    "The scan findings suggest appendicitis with a small abscess. "
    "Penicillin allergy with lip swelling in 2019. "
    "Plan: stop the apixaban tonight, then restart it after the endoscopy. "
    "Urgent ECG before any further salbutamol. "
    "The practice nurse will phone the patient this afternoon with the result. "
    "She calls the ward nurse by the wrong name. "
    "Hold lisinopril: check urea and electrolytes in 48 hours. "
    "No oral antibiotic: admission for IV treatment now. "
    "Sickness plan: hold metformin; sips of fluid every 15 minutes. "
    "Noisy breathing with each breath in, worse when crying. "
    "Call 999 if he becomes confused or his lips turn blue. "
    "New confusion and a temperature of 38.9 since this morning. "
    "Suspected meningitis: a rash that does not fade under a glass. "
    "Right knee swollen and hot since the fall. "
    "HbA1c 48 mmol/mol in October. "
    "Amoxicillin 500 mg three times daily for 5 days. "
    "Nifedipine 20 mg modified-release twice daily. "
    "Call an ambulance now for the crushing chest pain. "
    "Narrow-complex tachycardia at 180 on the monitor. "
    "Known hypothyroidism on levothyroxine. "
    "Possible sepsis from a chest source."
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Dose 2 of the course due 9 days ago", "'due' for 'given'"),  # status
        ("Dose 2 of the course missed 9 days ago", "'missed'"),
        ("Dose 2 of the course given in 9 days", "'later' for 'ago'"),  # side of a time
        ("ring 999 unless she becomes drowsy", "'unless' for 'if'"),  # condition
        ("keep the splint on once the fracture clinic review", "'once'"),  # bound of a span
        ("the ache is spreading from his left shoulder", "'since' for 'into'"),  # direction
        ("SpO2 91 % on oxygen", "'oxygen' for 'air'"),  # circumstance of a reading
        ("the pain comes on exertion and lasts 20 minutes", "'exertion' for 'rest'"),
        ("she opens her eyes to a loud voice", "'only' left out"),  # scope
        ("the worst pain he has had this week", "'ever' left out"),
        ("ultrasound of the gallbladder: no stones seen so far", "'yet'"),  # a result made interim
        # round 35 (red team 27, a fit)
        ("warfarin resumed on admission", "'resumed' for 'held'"),  # a drug's status
        ("furosemide 40 mg by mouth twice daily", "'oral' for 'iv'"),  # its route
        ("migraine without aura since her teens", "'without' for 'with'"),
        ("he vomited at 09:00 and at 11:30 in the clinic", "'again' left out"),  # a repeat
        # round 36 (red team 28, a fit)
        ("she is able to finish a sentence", "'not' left out"),  # 'unable' is 'not able'
        ("the bruise came after a witnessed fall on the stairs", "for"),
        ("he has passed urine since the morning", "'not' left out"),  # a negation left out
        ("bowel cancer at 52", "'family' left out"),  # whose history
        ("had a stroke at 70", "'family' left out"),
        ("double the ibuprofen today while the kidney function recovers", "'raised' for 'held'"),
        ("ring 999 if her breathing gets better", "'better' for 'worse'"),  # a trigger reversed
        ("the scan findings exclude appendicitis with a small abscess", "'rejected' for 'judged'"),
        ("penicillin side effect with lip swelling in 2019", "'intolerance' for 'allergy'"),
        # round 37 (red team 29, a fit)
        ("restart the apixaban after the endoscopy, then stop it tonight", "moved across"),  # steps
        ("any further salbutamol before an urgent ECG", "moved across"),
        ("the patient will phone the practice nurse this afternoon with the result", "exchanged"),
        ("the ward nurse calls her by the wrong name", "exchanged"),  # who has the sign
        ("lisinopril: hold urea and electrolytes in 48 hours", "carried across"),  # the object
        ("oral antibiotic: no admission for IV treatment now", "carried across"),
        ("hold sips of fluid every 15 minutes", "'held' for 'nothing'"),  # a hold added
        ("noisy breathing with each breath out", "'exhale' for 'inhale'"),  # a breath's phase
        # round 38 (red team 30, a fit)
        ("call 999 if he becomes confused and his lips turn blue", "'and' for 'or'"),  # a trigger
        # round 39 (red team 31, a fit)
        ("long-standing confusion and a temperature of 38.9", "'chronic' for 'new'"),  # onset
        ("usual confusion", "'chronic' for 'new'"),  # two words: the pair read
        ("confirmed meningitis", "'confirmed' for 'suspected'"),  # certainty
        ("left knee swollen and hot since the fall", "'left' for 'right'"),  # side
        ("HbA1c 48 mmol/mol today", "'today' for 'oct'"),  # an old result dated today
        ("amoxicillin 500 mg three times daily for 5 doses", "after 5"),  # another unit counted
        ("nifedipine 20 mg twice daily", "'release' left out"),  # the release form left out
        ("furosemide 40 mg twice daily from this morning", "'iv' left out"),  # IV left out
        ("call an ambulance now if the chest pain comes back", "condition added"),  # contingent
        # round 40 (red team 32, a fit)
        ("narrow-complex bradycardia at 180 on the monitor", "for 'tachycardia'"),  # prefix
        ("known hyperthyroidism", "for 'hypothyroid'"),  # two words: the pair read
        ("unlikely sepsis from a chest source", "'unlikely' for 'suspected'"),  # certainty
    ],
)
def test_an_operator_changed_in_a_near_copy_is_an_edit(text: str, kind: str) -> None:
    found = edited(text, SOURCE)
    assert found is not None and kind in found


@pytest.mark.parametrize(
    "text",
    [
        "Dose 2 of the course was given 9 days ago",  # a light word added
        "dose 2 of the course administered 9 days ago",  # a status of the same class
        "dose 2 given 9 days before today",  # the same side of the time
        "ring 999 when she becomes drowsy",  # "when" triggers as "if" does
        "keep the splint on until fracture clinic",  # cut short
        "SpO2 91% on room air, RR 26",  # room air however written
        "fever and rigors since Tuesday",  # a list item left out
        "she opens her eyes only to a loud voice",  # a verbatim copy
        "the gallbladder ultrasound showed no stones",  # reworded: not a near copy
        "Crushing pain not yet treated",  # "not yet" is a negation, not an interim result
        "warfarin withheld on admission",  # a status of the same class
        "furosemide 40 mg intravenously twice daily",  # the same route
        "migraine with aura",  # cut short
        "she is not able to finish a sentence",  # the same negation in other words
        "unwitnessed fall on the stairs last night",  # cut short
        "he has passed very little urine since the morning",  # a negation's sense in other words
        "FH of bowel cancer at 52",  # "FH" is "family history"
        "father: stroke at 70",  # the relative named otherwise
        "stop ibuprofen today while kidney function recovers",  # light words left out
        "ring 999 if her breathing is getting worse",  # the same direction
        "the scan findings are suggestive of appendicitis",  # the same judgement
        "penicillin allergy with lip swelling",  # cut short
        "stop apixaban tonight, then restart after the endoscopy",  # light words left out
        "the practice nurse to phone the patient this afternoon",  # the same roles
        "lisinopril on hold: check U&E in 48 hours",  # the same object
        "no oral antibiotic; admit for IV treatment now",  # the colon as a semicolon
        "noisy breathing on inspiration, worse when crying",  # the phase in one word
        "call 999 if he becomes confused, or if his lips turn blue",  # the same trigger
        "acute confusion and a temperature of 38.9",  # the onset in a term
        "possible meningitis: a rash that does not fade",  # the same certainty
        "R knee swollen and hot since the fall",  # the side abbreviated
        "HbA1c 48 mmol/mol in Oct",  # the same month
        "amoxicillin 500 mg TDS for 5 days",  # shorthand
        "nifedipine MR 20 mg twice daily",  # the release form moved
        "call an ambulance now for the chest pain",  # no condition
        "ring 999 if she becomes drowsy",  # the source's own condition
        "narrow-complex tachycardia, rate 180",  # the same word
        "suspected sepsis from a chest source",  # the same certainty
    ],
)
def test_a_correct_rewording_is_not_an_edit(text: str) -> None:
    assert edited(text, SOURCE) is None


def test_an_edited_claim_is_unsupported_by_the_line_it_copies() -> None:
    line = "Methotrexate 15 mg weekly, last dose given 2 days ago."
    assert support("Methotrexate 15 mg weekly, last dose given 2 days ago", line) is (
        Verdict.SUPPORTED
    )
    claim = "Methotrexate 15 mg weekly, last dose due 2 days ago"
    assert support(claim, line) is Verdict.UNSUPPORTED
    assert "near copy" in explain(claim, line)


def test_an_edited_statement_is_untrue_and_countermands_the_escalation() -> None:
    # RECORD: "... crushing chest pain spreading to the left arm for 20 minutes ..."
    assert untrue("crushing chest pain spreading from the left arm", RECORD) == EDITED
    assert untrue("crushing chest pain spreading to the left arm", RECORD) is None
    texts = {
        "reason": ["Crushing chest pain spreading to the left arm."],
        "key_findings": ["Similar ache next week when walking uphill"],  # "last week"
        "glucose plan": ["Discharge on glargine 24 units unless 22:00"],
    }
    found = unsafe_fields(texts, RECORD, {}, emergency_only=True)
    assert found == ("glucose plan",)


ROUND_41 = (
    "Omit the bisoprolol until the heart rate is rechecked on Friday. "
    "The nurse will telephone the patient this afternoon with the biopsy result. "
    "Budesonide preventer two puffs morning and night, terbutaline as required. "
    "On sick days keep the basal insulin at the usual dose and check ketones. "
    "She can manage only 2 sentences before stopping for breath. "
    "Troponin 52 ng/L, a possibly haemolysed sample at 10:00."
)
"""Round 41 (red team 32's kinds, in wording of its own): a drug's role, a contact's channel, a
hold made permanent, a counted noun swapped and a doubt left out."""


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("omit the bisoprolol for good until the heart rate is rechecked", "permanent"),
        ("the nurse will write to the patient this afternoon with the biopsy result", "written"),
        ("budesonide reliever two puffs morning and night", "reliever"),
        ("on sick days keep the mealtime insulin at the usual dose", "mealtime"),
        ("she can manage only 2 paragraphs before stopping for breath", "paragraph"),
        ("troponin 52 ng/L, a haemolysed sample at 10:00", "suspected"),
    ],
)
def test_round_41_kinds_are_edits(text: str, kind: str) -> None:
    found = edited(text, ROUND_41)
    assert found is not None and kind in found


@pytest.mark.parametrize(
    "text",
    [
        "omit bisoprolol until the heart rate is rechecked on Friday",
        "the nurse will phone the patient this afternoon with the biopsy result",
        "budesonide preventer 2 puffs morning and night",
        "on sick days keep basal insulin at the usual dose and check ketones",
        "she manages only 2 sentences before she stops for breath",
    ],
)
def test_round_41_rewordings_are_not_edits(text: str) -> None:
    assert edited(text, ROUND_41) is None


ROUND_43 = (
    "Regular medicines: bisoprolol 2.5 mg daily and paracetamol 1 g four times daily. "
    "Since Sunday her stools have been black and sticky. "
    "Left calf swollen and tender for two days."
)
"""Round 43 (red team 33's kind, in wording of its own): a copy with a side of an exclusive class
exchanged (a schedule, a colour, a side)."""


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("bisoprolol 2.5 mg only when required", "when required"),
        ("since Sunday her stools have been dark green and sticky", "green"),
        ("right calf swollen and tender for two days", "right"),
    ],
)
def test_round_43_a_side_exchanged_in_a_copy_is_an_edit(text: str, side: str) -> None:
    found = edited(text, ROUND_43)
    assert found is not None and side in found


@pytest.mark.parametrize(
    "text",
    [
        "bisoprolol 2.5 mg od",
        "paracetamol 1 g qds",
        "black, tarry stools since Sunday",  # one side of the colour class
        "bisoprolol 2.5 mg daily, paracetamol 1 g four times a day",  # two drugs' sides
        "swollen tender left calf for 2 days",
    ],
)
def test_round_43_the_same_side_is_not_an_edit(text: str) -> None:
    assert edited(text, ROUND_43) is None


def test_a_one_word_gloss_is_no_copy() -> None:
    """Round 44 (red team 34's control): a term that expands to a record phrase is no near copy.

    "haemoptysis" expands to "blood in sputum"; the record's earlier "no haemoptysis" is
    superseded by the coughed-up blood, and the gloss drops no negation from a copy.
    """
    record = (
        "Review 2 weeks ago: cough, no haemoptysis.\nToday: coughed up fresh blood this morning."
    )
    assert edited("coughed up fresh blood (haemoptysis) this morning", record) is None
    assert edited("no blood in sputum", record) is None
