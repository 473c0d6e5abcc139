"""The words near copies are read in: light words, operators and phrases read as one word.

Used by :mod:`carebench.episodes.edits`: light words, operators and their classes, and the
phrases rewritten before a text is read.

Conventions: an operator's *class* is a string that names its kind ("held", "raised", "not");
classes of one :data:`FAMILIES` entry may be exchanged for one another (an edit); the word lists
are read by the word as written, not its stem. Rounds 34-37 of issue 21 (docs/scorer-history.md).
"""

from __future__ import annotations

import re

from carebench.episodes.claimtext import term

__all__ = [
    "ABSENT_ONLY",
    "ACTORS",
    "COUNTED",
    "DATES",
    "DROPPED",
    "FAMILIES",
    "HEADS",
    "INSERTED",
    "LIGHT",
    "NEGATING",
    "OPERATORS",
    "OPPOSED",
    "ORDER",
    "PARTIES",
    "RELATIVES",
    "normalise",
    "operator_class",
]  # fmt: skip

LIGHT = frozenset(
    {
        "a", "an", "the", "this", "that", "these", "those", "which", "who", "whom",
        "i", "me", "my", "mine", "we", "our", "you", "your", "he", "him", "his", "she", "her",
        "they", "them", "their", "it", "its", "patient", "pt", "child", "baby", "mum", "dad",
        "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "do",
        "does", "did", "'s", "'ve", "'m", "'re", "'d", "s", "ve", "m", "re", "d",
        "and", "also", "then", "so", "of", "plus", "&",
        "reports", "reported", "says", "said", "states", "stated", "noted", "notes", "describes",
        "described", "tells", "told", "mentions", "mentioned", "complains", "complaining",
        "today", "currently", "presently", "still", "just", "very", "really",
        "at", "on", "in", "rhd", "rh",
    }
)  # fmt: skip
"""Words a copy may add, drop or exchange without changing what it says: articles, pronouns and
the patient, auxiliaries, conjunctions, reporting verbs, the present ("today"; "now" is an
operator since round 35) and intensifiers. Prepositions of place and time ("at", "on", "in") are
light alone; a weighty word beside them is not ("on oxygen")."""

_AIR = re.compile(r"\b(?:(?:on|in|breathing)\s+)?(?:room\s+)?air\b|\bRA\b")
"""Breathing room air, however written ("in air", "on room air", "RA"): one phrase."""

_ROUNDS_36_37 = {
    "not": (
        "not no never nothing none nil hardly barely scarcely denies denied cannot absent "
        "negative neg"
    ),
    "raised": (
        "increase increased increasing increases raise raised raising rise rising risen "
        "high higher more greater large larger double doubled doubling escalate escalated "
        "extensive widespread massive expedite"
    ),
    "lowered": (
        "decrease decreased decreasing decreases reduce reduced reducing reduces low "
        "lowered lowering falling less fewer small smaller halve halved wean weaned "
        "weaning taper tapered tapering slight minimal localised localized"
    ),
    "worse": (
        "worse worsen worsens worsening worsened deteriorate deteriorates harder "
        "deteriorating deteriorated"
    ),
    "better": "better easier improve improves improving improved",
    "judged": (
        "suggest suggests suggesting suggestive suggested indicate indicates indicating "
        "indicative consistent meet meets met recommend "
        "recommended recommends advised consented accepted agreed"
    ),
    "rejected": (
        "exclude excludes excluded excluding fail fails failed declined refused refuses "
        "refuse inconsistent ruleout"
    ),
    "allergy": "allergy allergies allergic",
    "intolerance": "intolerance intolerant intolerances",
    "inhale": "inhaling inspiration inspiratory",
    "exhale": "exhaling expiration expiratory",
    "family": "familyhistory",
    "former": "ex former formerly",
    "held": "stops stopping hold holding omit omitted",
    "resumed": "start starts starting",
}
"""Operator classes of rounds 36-37 (red teams 28-29), each with its words: a negation, an
amount's or a dose's direction, a course, a judgement's result, an entry's category, a breath's
phase, whose history an entry is and whether a state is past ("ex-smoker"); also "hold",
"omit", "start", "stop" for the drug classes of round 35."""
_MONTHS = (
    "january jan", "february feb", "april apr", "june jun", "july jul", "august aug",
    "september sep sept", "october oct", "november nov", "december dec",
)  # fmt: skip
"""The months, each with its short form ("march" and "may" are more often verbs)."""
_ROUND_39 = {
    "chronic": "longstanding chronic lifelong usual",
    "suspected": "suspected suspect possible possibly probable probably presumed queried",
    "unlikely": "unlikely improbable doubtful",
    "confirmed": "confirmed confirm confirms definite definitely proven",
    "left": "left",
    "right": "right",
    "release": "modifiedrelease mr sr xl",
    "today": "today tonight",
    "tomorrow": "tomorrow",
    "yesterday": "yesterday",
    **{
        d: d for d in ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    },
    **{m.split()[1]: m for m in _MONTHS},
}
"""Operator classes of round 39 (red team 31), each with its words: an onset ("new" /
"long-standing", "usual"), a diagnosis's certainty ("suspected" / "confirmed"; "unlikely" since
round 40), a side ("left" / "right"), a modified release, and the day a result or event is dated
("today", "Thursday", "in September")."""

_ROUND_41 = {
    "preventer": "preventer preventers",
    "reliever": "reliever relievers",
    "basal": "basal background",
    "mealtime": "mealtime bolus prandial",
    "spoken": "phone phones phoned phoning telephone telephoned ring rang speak contact",
    "written": "write writes wrote writing letter email emailed post posted",
    "permanent": "permanent permanently indefinitely forgood",
    "atmost": "atmost",
    "atleast": "atleast",
}
"""Operator classes of round 41 (red team 32), each with its words: a drug's role in its class
(an inhaler's "preventer" / "reliever", "basal" / "mealtime" insulin), the channel of a contact
(spoken: "phone", "ring"; written: "write", "letter", "email") and a stop made permanent ("for
good", "indefinitely"), which is an edit wherever a copy adds it."""

DATES = frozenset(
    c
    for c in _ROUND_39
    if c not in {"chronic", "suspected", "unlikely", "confirmed", "left", "right", "release"}
)
"""The classes of a date: a day or a month. A copy may not date what it copies by another day
than its source sentence does, wherever in the sentence the date stands."""


OPERATORS: dict[str, str] = {
    # status of an event: done, still to come, not done, only offered
    "given": "given", "gave": "given", "administered": "given", "started": "given",
    "completed": "given", "finished": "given", "sent": "given", "done": "given",
    "due": "due", "planned": "due", "booked": "due", "scheduled": "due",
    "missed": "missed", "offered": "offered",
    # condition: "when" and "if" trigger, "unless" prevents
    "if": "if", "when": "if", "whenever": "if", "unless": "unless",
    # which end of a span, and which side of a time
    "until": "until", "till": "until", "once": "once", "since": "since", "from": "since",
    "before": "before", "ago": "ago", "earlier": "earlier",
    "previously": "earlier", "later": "later", "now": "now",
    # direction of spread
    "into": "into", "onto": "into", "toward": "into", "towards": "into",
    "off": "off", "away": "off",
    # the circumstance of a reading or a symptom
    "air": "air", "oxygen": "oxygen", "rest": "rest", "resting": "rest", "exertion": "exertion",
    "exercise": "exertion", "effort": "exertion", "climbing": "exertion", "stairs": "exertion",
    "standing": "standing", "sitting": "sitting", "seated": "sitting", "lying": "lying",
    # a drug held or resumed, and its route
    "held": "held", "withheld": "held", "stopped": "held", "suspended": "held", "paused": "held",
    "discontinued": "held", "stop": "held", "withhold": "held", "suspend": "held",
    "pause": "held", "resumed": "resumed", "restarted": "resumed", "continued": "resumed",
    "restart": "resumed", "resume": "resumed", "continue": "resumed",
    "intravenous": "iv", "intravenously": "iv", "mouth": "oral", "oral": "oral",
    "orally": "oral", "intramuscular": "im", "subcutaneous": "sc", "subcutaneously": "sc",
    "subcut": "sc", "sc": "sc",
    # with or without, and a repeat
    "with": "with", "without": "without", "again": "again",
    # scope and novelty
    "only": "only", "ever": "ever", "yet": "yet", "new": "new",
    "newly": "new",
    **{w: c for c, words in _ROUNDS_36_37.items() for w in words.split()},
    **{w: c for c, words in _ROUND_39.items() for w in words.split()},
    **{w: c for c, words in _ROUND_41.items() for w in words.split()},
}  # fmt: skip
"""The words an edit is read in, each with its class: the words that fix what a sentence asserts
without being a term of it (an event's status, a condition's polarity, the end of a span, the side
of a time, a direction, a circumstance, a drug held or resumed and its route, "with" / "without",
a repeat, a scope), which the term readers mostly pass over. Two words of one class say the same
in a copy ("since" / "from" a time, "if" / "when"). Read by the word as written, not its stem."""

_NOT_YET = re.compile(r"\bnot\s+yet\b", re.IGNORECASE)
""""Not yet given" is "not given": its "yet" is the negation's, not a provisional result's."""

_PROVISIONAL = re.compile(r"\b(?:for now|so far|at present|as yet|for the time being)\b", re.I)
"""A result told as provisional, however written: one word ("yet")."""

_IN_TIME = re.compile(
    r"\bin\s+(an?\s+)?((?:\d+\s+|one\s+|two\s+|three\s+|four\s+|five\s+|six\s+|seven\s+|"
    r"eight\s+|nine\s+|ten\s+)?(?:min|minute|hour|hr|h|day|week|wk|month|year)s?)\b",
    re.IGNORECASE,
)
"""A time from now ("in 3 days", "in a week"): the side of a time opposite to "ago"."""

_MOVING_TO = re.compile(
    r"\b(spread\w*|radiat\w*|travel\w*|extend\w*|shoot\w*|(?:stepped|switched|changed|"
    r"converted)(?:\s+(?:down|up|over|back))?)\s+to\b",
    re.IGNORECASE,
)
""""To" after a verb of spreading or switching is a direction ("spreading to the arm", "stepped
down to hydrocortisone"): the class of "into"."""

_FAMILY = re.compile(
    r"\b(?:family\s+history|FHx?)(?:\s+of|\s*:)?|\b(?:(?:grand)?(?:father|mother|parent)|brother|"
    r"sister|sibling|aunt|uncle)s?(?=\s+(?:had|died)\b[^.;,]*?\b(?:at|aged)\s+\d)",
    re.IGNORECASE,
)
"""Whose history an entry is: "family history of" ("FH:") and a relative who had a condition at
an age ("father had a heart attack at 60") are one word, an operator. "Mother reports" is not,
nor "her father has crushing chest pain" (a caller's relative is often the patient)."""

RELATIVES = frozenset(
    term(w)
    for w in [
        "father", "mother", "parent", "brother", "sister", "sibling", "aunt", "uncle", "cousin",
        "grandparent", "grandmother", "grandfather", "relative", "family", "mum", "dad",
    ]
)  # fmt: skip
"""Words that say whose history an entry is: a copy holding one keeps its owner."""

_WRITE_TO = re.compile(r"\b(write|writes|wrote|writing|email|emailed)\s+to\b", re.I)
""""To" after a verb of writing is its own ("write to the patient" is "phone the patient" with
another channel, round 41)."""

_UNABLE = re.compile(r"\bunable\b", re.IGNORECASE)
""""Unable" is "not able", as "cannot" is "not": the negation is read as one."""
_ONE_WORD = re.compile(
    r"\b(long)[\s-]+(standing)\b|\b(modified|prolonged|slow|extended)[\s-]+(release)\b|"
    r"\b(for)\s+(good)\b",
    re.I,
)
"""Two words read as one operator: "long-standing" (not a posture), "modified-release", "for
good" (round 41)."""

_PHASE = re.compile(r"\b(breath(?:e|es|ed|ing)?)\s+(in|out)\b", re.IGNORECASE)
"""A breath's phase ("each breath in", "as I breathe out"): "in" and "out" are light alone."""


def _phase(m: re.Match[str]) -> str:
    return f"{m[1]} {'inhaling' if m[2].lower() == 'in' else 'exhaling'}"


_NOT_MORE = re.compile(
    r"\b(?:no|not)\s+(?:more|longer|later|greater)\s+than\b|\bnot\s+(?:to\s+)?exceed(?:ing)?\b",
    re.IGNORECASE,
)
_NOT_LESS = re.compile(
    r"\b(?:no|not)\s+(?:less|fewer|shorter|sooner|earlier)\s+than\b", re.IGNORECASE
)
_AT_MOST = re.compile(
    r"\bup\s+to\b|\bat\s+most\b|\b(?:a\s+)?max(?:imum)?\.?(?:\s+of)?(?=\s*\d)"
    r"|\b(?:less|fewer|shorter)\s+than(?=\s*\d)|\b(?:under|below)(?=\s*\d)",
    re.IGNORECASE,
)
_AT_LEAST = re.compile(
    r"\bat\s+least\b|\b(?:a\s+)?min(?:imum)?\.?(?:\s+of)?(?=\s*\d)"
    r"|\b(?:more|longer|greater)\s+than(?=\s*\d)|\b(?:over|above)(?=\s*\d)",
    re.IGNORECASE,
)
"""A bound's side, read as one word (round 47, red team 36: "for no more than 7 days" is "for up
to 7 days", and "for at least 7 days" is its other side); "over", "under", "more than" and
their kin only before a number ("over the past week" is no bound)."""
_AT_ONCE = re.compile(r"\b(?:at\s+once|straight\s+away|right\s+away)\b", re.IGNORECASE)
"""Immediacy, read as "now": "at once" is no span's "once" (round 47, red team 36's control)."""
_RULE_OUT = re.compile(r"\brul(?:e|ed|es|ing)\s+out\b", re.IGNORECASE)
_SIDE = re.compile(r"\bside[\s-]+effects?\b", re.IGNORECASE)
"""A drug's side effect is an intolerance, not an allergy (the category of a record entry)."""


FAMILIES = (
    frozenset({"given", "due", "missed", "offered"}),
    frozenset({"if", "unless"}),
    frozenset({"until", "once", "since", "before"}),
    frozenset({"ago", "before", "later", "earlier", "now"}),
    frozenset({"into", "off", "since"}),
    frozenset({"only", "ever", "yet", "new"}),
    frozenset({"air", "oxygen"}),
    frozenset({"rest", "exertion", "standing", "sitting", "lying"}),
    frozenset({"held", "resumed", "raised", "lowered"}),
    frozenset({"iv", "oral", "im", "sc"}),
    frozenset({"with", "without"}),
    frozenset({"worse", "better"}),
    frozenset({"judged", "rejected"}),
    frozenset({"allergy", "intolerance"}),
    frozenset({"inhale", "exhale"}),
    frozenset({"new", "chronic"}),
    frozenset({"suspected", "confirmed", "unlikely"}),
    frozenset({"confirmed", "rejected"}),
    frozenset({"left", "right"}),
    DATES,
    frozenset({"preventer", "reliever"}),
    frozenset({"basal", "mealtime"}),
    frozenset({"spoken", "written"}),
    frozenset({"atmost", "atleast"}),
)
"""The kinds an exchange is read in: an event's status, a condition's polarity, a span's bound,
the side of a time, a direction, a scope. An operator put for one of another kind is a rewording
("not yet started" where the line says "start ... if"), not an exchange."""

INSERTED = frozenset(
    {"unless", "once", "yet", "missed", "held", "raised", "lowered", "former", "permanent"}
)
"""Operator classes that are an edit even where the copy adds them beside no other operator (a
summary adds "since", "if" or "until" freely; "unless", "missed", "hold" or "double" reverses
what it copies; since round 37 "hold", "increase" and "reduce" and their kin)."""
ABSENT_ONLY = frozenset({"held", "raised", "lowered"})
"""Inserted classes that are an edit only where the source sentence has none of them ("hold"
added to a copied "capillary glucose checks overnight"); one of them elsewhere in the sentence
may be moved ("low-risk foot at the check" told as "the check was low risk")."""
DROPPED = frozenset(
    {"only", "ever", "new", "again", "not", "family", "former", "iv", "release", "suspected"}
)
"""Operator classes that are an edit when left out of a copy ("rouses only to", "worst ever",
"with new confusion"); a summary may leave out the others ("settled since"). "New" is read
inside the copy only: a list of findings drops it from its head freely. Since round 39 an IV
route and a modified-release form (SC and IM may be left out: "enoxaparin 40 mg once daily");
since round 41 a hypothesis's "suspected" / "possible" ("potassium 5.9, haemolysed" for
"possibly haemolysed": a doubt left out is a certainty put in)."""


ORDER = frozenset({"then", "before", "followed"})
"""Words that order two steps: a step moved across one is done at another time."""

ACTORS = frozenset(
    term(w)
    for w in [
        "clinician", "doctor", "gp", "nurse", "midwife", "pharmacist", "consultant", "surgeon",
        "radiologist", "team", "carer", "family", "relative", "daughter", "son", "wife",
        "husband", "partner", "parent", "mother", "father", "paramedic", "receptionist",
    ]
)  # fmt: skip
"""Who acts or has a sign besides the patient (read by :mod:`carebench.episodes.edits`)."""

PARTIES = frozenset(
    term(w) for w in ["she", "her", "he", "him", "they", "them", "patient", "pt", "i", "me"]
)
"""The patient, however named."""


COUNTED = frozenset(
    term(w)
    for w in [
        "minutes", "hours", "days", "weeks", "months", "years", "doses", "puffs", "applications",
        "drops", "sachets", "mg", "g", "micrograms", "ml",
    ]
)  # fmt: skip
"""Units a number counts in: a copy that keeps the number and puts another of them after it
("for 3 doses" for "for 3 days", round 39) counts something else ("doses" is read as tablets)."""

HEADS = frozenset({"new"})
"""Dropped classes read inside a copy only: a list of findings drops "new" from its head freely."""

NEGATING = ("non", "un", "in", "im", "ir", "il", "dis", "ab", "a")
"""Prefixes that negate the word they stand before ("unable", "unwitnessed", "afebrile",
"irregular", "abnormal", "non-tender")."""

OPPOSED = (("tachy", "brady"), ("hyper", "hypo"), ("macro", "micro"))
"""Prefixes that make a word its opposite ("bradycardia" / "tachycardia", "hypotension" /
"hypertension", "hyperthyroidism" / "hypothyroidism"; round 40, red team 32)."""


def operator_class(token: str) -> str | None:
    """The class of an operator token (:data:`OPERATORS`; "n't" is "not"), or None.

    Read by the word as written: "complete" is not "completed".
    """
    return OPERATORS.get(token) or ("not" if token.endswith("n't") else None)


def normalise(text: str) -> str:
    """``text`` with the phrases an operator is read from rewritten as one word.

    Room air however written; "not yet" as "not"; a provisional result as "yet"; "in 3 days" as
    "later 3 days"; "spreading to" and "stepped down to" as "into"; a breath's phase; "unable"
    as "not able"; "rule out", "side effect" and "family history of" (or a relative who "had")
    as one word each; since round 39 "long-standing" and "modified-release" too; since round 41
    "write to" as "write" and "for good" as one word; since round 47 a bound's side ("no more
    than", "up to": "atmost"; "at least", "no less than": "atleast") and "at once" or "straight
    away" as "now".
    """
    text = _PROVISIONAL.sub(" yet ", _NOT_YET.sub("not", _AIR.sub(" in air ", text)))
    text = _IN_TIME.sub(lambda m: f" later {'1 ' if m[1] else ''}{m[2]}", text)
    text = _WRITE_TO.sub(r"\1", _MOVING_TO.sub(r"\1 into", text))
    text = _UNABLE.sub("not able", _PHASE.sub(_phase, text))
    text = _NOT_LESS.sub(" atleast ", _NOT_MORE.sub(" atmost ", text))
    text = _AT_LEAST.sub(" atleast ", _AT_MOST.sub(" atmost ", text))
    text = _AT_ONCE.sub(" now ", text)
    text = _ONE_WORD.sub(
        lambda m: "longstanding" if m[1] else "forgood" if m[5] else "modifiedrelease", text
    )
    return _FAMILY.sub(
        " familyhistory ", _RULE_OUT.sub(" ruleout ", _SIDE.sub(" intolerance ", text))
    )
