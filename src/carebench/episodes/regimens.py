"""A drug's regimen changed by a phrase: made as-needed, given a stop rule, a missed dose made up.

Read by :func:`carebench.episodes.relations.unlicensed_relation` as the relation class "regimen"
(round 54, red team 41's holes 3 and 4: "apixaban 5 mg twice daily, on days with palpitations
only", "sertraline 100 mg daily until the mood lifts, then stop", "insulin degludec 18 units
daily, a missed day made up with 36 units"). Each such clause, after a drug line the record
states, was read as an uncovered common word or an aside the record half held. Conventions:

* Four kinds (:data:`KINDS`), each a closed class of phrases: **as needed** ("as needed", "when
  required", "PRN", "only on wheezy days", "on low days only", "during flares only", "only around
  sex", "on days the home BP is high", "when chest pain occurs"; not "on days 1 to 5", "on
  alternate days", "only if", "only while" (a condition of use: dev set 1's "amoxicillin only while
  CURB-65 0-1"), a time, a day or food: "only at night", "only on Fridays", "only with food",
  "only before breakfast", "only around meals", "when treatment starts"), a **stop rule** ("until
  the mood lifts, then stop", "stopping once readings are normal", "stop as soon as it settles";
  not a course's end, "stop once the course is finished", "stop after 5 days"; not a sick-day
  stop, "stop it temporarily", "stop when vomiting"; not a taper's end, "reducing ... until 10
  mg, then stop") and a **dose made up** ("a missed dose made up with 8 mg", "missed doses
  doubled the next day", "double the next dose", "catch up on the missed dose"; not a titration
  step, "doubling the next dose step to 5 mg"). An occasion is no fixed day ("only on the same
  day each week", "on a different day"). Since round 55 (red team 42's weekday row), **days off**
  ("weekdays only", "with weekends off", "none at weekends", "Monday to Friday", "skipped at
  weekends", "alternate days", "every other day"): a continuous drug given breaks. A cycle of
  days on and off is not read (a pill-free week, a chemotherapy cycle); "every 48 hours"
  licenses "alternate days".
* A phrase belongs to the drug named last before its end in its sentence (split at ". ", ";",
  "!", "?" and new lines): a name the readers know
  (:data:`~carebench.episodes.drug_names.DRUG_NAMES`, and :data:`_MORE`). A phrase with no drug
  before it ("repeat every 2 hours as needed"), more than 120 characters after it, or with
  another item or an unnamed product between ("ramipril 5 mg daily and her GTN spray as needed",
  "..., her inhaler when required": :data:`_PRODUCT`) is not read. Brands read as their drug
  ("Calpol" as paracetamol).
* A phrase is read only for a drug the text it is checked against gives a regular schedule
  (:func:`scheduled`: a frequency after its name, "sertraline 50 mg daily", "methotrexate 15 mg
  once weekly"): "paracetamol as needed" where the record says "eased by paracetamol" changes no
  regimen (dev set 3's labelled-correct "current medicines" of the headache episode).
* A phrase is licensed by a text that gives the same drug a phrase of the same kind, or of
  :data:`LICENSES` ("salbutamol 2 puffs when needed" licenses "salbutamol PRN"; "twice daily
  during flares" licenses "during flares only"; "salbutamol as needed and a beclometasone
  preventer twice daily" licenses nothing for beclometasone). No phrase advised against in its
  clause ("never stop basal insulin when unwell", "do not take a double dose to make up for a
  missed one", "a missed dose is skipped rather than doubled", "regular, not as needed") or asked
  ("asks whether she can take it only on bad days?") is read.
* Pure, and linear in the text: each sentence is searched once per kind and once for drugs; a
  phrase finds its drug by bisection, at most :data:`_REACH` (120) characters before it, and
  reads no more than that.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from carebench.episodes.drug_names import BRANDS, DRUG_NAMES

__all__ = ["KINDS", "LICENSES", "REGIMEN", "regimen_phrases", "scheduled", "unlicensed_regimen"]

REGIMEN = "regimen"
"""The relation class name :mod:`carebench.episodes.relations` reads this module under."""

_OCCASION = (
    r"(?!(?:the |a |one |that |this )?(?:same|different|set|fixed|chosen|usual|particular|other"
    r"|specific)\b)(?:\w+ ){0,2}?(?:days?|flares?|nights?|episodes?|attacks?|spells?)\b"
)

KINDS: dict[str, tuple[str, ...]] = {
    "as needed": (
        r"(?:as|when|if|where) (?:needed|required|necessary)\b", r"p\.?r\.?n\b",
        r"only (?:on|during|in) (?!alternate\b|consecutive\b|\d)" + _OCCASION,
        r"only around (?!meals?\b|food\b|breakfast\b|lunch\b|dinner\b|tea\b|bedtime\b|\d)",
        r"(?:on|during|in) (?!alternate\b|consecutive\b|\d)" + _OCCASION + r"(?: \w+){0,4}? only\b",
        r"on days? (?!\d)(?:when|with|that|the|her|his|their|home|of|she|he|it)\b",
        r"on (?!alternate\b|consecutive\b|\d|\w+ \d)(?:bad|good|wheezy|low|tired|sick|\w+y)"
        r" days?\b",
        r"when (?:\w+ ){1,3}?(?:occurs?|happens?|flares? up|comes? on)\b",
    ),
    "stop rule": (
        r"until\b(?:(?!reduc|taper|wean|titrat)[^.;]){0,60}?\bthen,? (?:\w+ )?(?:stop|come off"
        r"|discontinu)",
        r"(?:stop|stops|stopping|stopped|come off|coming off|discontinu\w*|ceas\w*)\b"
        r"(?: (?!course|after\b|temporarily\b)\w+){0,4}? (?:once|as soon as|now that|the moment)\b"
        r"(?!(?: \w+){0,3}? (?:course|pack|prescription|box|tablets)\b)",
    ),
    "dose made up": (
        r"missed (?:\w+ ){0,2}?(?:doses?|days?|nights?|weeks?|pills?|tablets?|injections?)\b"
        r"(?:(?!\b(?:not|never|no|rather|instead|skip\w*)\b|n't)[^.;]){0,40}?\b(?:made up|doubled"
        r"|double|taken together|twice over)\b",
        r"doubl(?:e|ed|ing) (?:up\b|the (?:next|following) (?:\w+ )?(?:dose|day|injection)\b"
        r"(?! (?:step|to \d|every|each)\b))",
        r"(?:make|made|making) up (?:for )?(?:the |a |any )?missed\b",
        r"catch(?:ing)? up (?:on|with) (?:the |a )?(?:missed )?dose",
    ),
    "days off": (
        r"(?:on )?week-?days only\b", r"(?:only )?on week-?days\b",
        r"(?:with |and )?(?:the )?week-?ends? off\b",
        r"(?:none|no doses?|nothing|not) (?:at|on|over) (?:the )?week-?ends?\b",
        r"monday to friday(?: only)?\b", r"(?:skip\w*|miss\w*|leav\w* out|left out|omit\w*)"
        r" (?:\w+ ){0,2}?(?:at|on|over) (?:the )?week-?ends?\b",
        r"(?:on )?alternate days\b", r"every (?:other|second) day\b",
    ),
}  # fmt: skip
"""The phrases of each kind (regular expressions, matched case-insensitively on word starts)."""

LICENSES: dict[str, tuple[str, ...]] = {
    "as needed": (
        r"(?:during|in|for|with) (?:\w+ ){0,2}?(?:flares?|attacks?|episodes?|spells?)\b",
        r"on (?:\w+ ){0,2}?(?:flare|bad|symptomatic|wheezy|itchy) days?\b",
    ),
    "stop rule": (r"then,? (?:\w+ )?(?:stop|come off|discontinu)",),
    "days off": (r"every 48 hours", r"(?:monday|mon) to (?:friday|fri)\b", r"on week-?days\b"),
}
"""Phrases that license a kind in the checked text without asserting it there: "twice daily
during flares" and "twice daily on flare days" license "during flares only"; "for 6 months after
recovery, then stop" a stop rule worded otherwise."""

_MORE = (
    r"methotrexate|folic acid|insulin|sando-k|lithium|cyclophosphamide|ethinylestradiol"
    r"|levonorgestrel|linagliptin|alfacalcidol|glucagon|alendronic acid|gtn|glyceryl trinitrate"
    r"|sumatriptan|solpadeine|sudafed|pseudoephedrine|co-trimoxazole|co-dydramol|fostair|formoterol"
    r"|salmeterol|tiotropium|montelukast|vitamin k|phytomenadione|protamine|andexanet(?: alfa)?"
    r"|idarucizumab|folinic acid|naloxone|flumazenil"
)
"""Medicines that :data:`DRUG_NAMES` does not name (the bank's, and common ones beside them)."""

_DRUG = re.compile(rf"\b(?:{DRUG_NAMES}|{_MORE})\b", re.IGNORECASE)
_PRODUCT = re.compile(
    r"\b(?:and|plus|as well as|also|with(?! (?:or after )?(?:food|meals?|water|milk|breakfast"
    r"|a meal)\b))\b|[,;](?:\s*\w+){0,3}?\s*(?:sprays?|inhalers?|puffers?"
    r"|creams?|ointments?|gels?|drops|patch(?:es)?|pessar\w+|suppositor\w+|lozenges?|mouthwash"
    r"|relievers?|nebuli[sz]er\w*)\b",
    re.IGNORECASE,
)
"""Between a drug and a phrase, another item or, after a comma, an unnamed product the phrase
belongs to ("bisoprolol 2.5 mg daily and her GTN spray as needed", "..., her inhaler when
required")."""
_PATTERNS = {
    kind: re.compile(r"\b(?:" + "|".join(p) + ")", re.IGNORECASE) for kind, p in KINDS.items()
}
_LICENSING = {
    kind: re.compile(r"\b(?:" + "|".join(p + LICENSES.get(kind, ())) + ")", re.IGNORECASE)
    for kind, p in KINDS.items()
}
_SENTENCE = re.compile(r"(?<!\d)[.](?!\d)|[;!?\n]")
_AGAINST = re.compile(
    r"\b(?:not|never|avoid|against|don't|do not|doesn't|does not|rather than|instead of|no"
    r"|without)\b",
    re.IGNORECASE,
)
_CLAUSE_START = re.compile(r"[,:(]")
_TAPER = re.compile(r"\b(?:reduc\w*|taper\w*|wean\w*|titrat\w*|step\w* down)\b", re.IGNORECASE)
_DAYS_OF_OTHER = re.compile(
    r"\b(?:inr|checks?|checked|tests?|testing|clinics?|bloods?|monitor\w*|reviews?|appointments?"
    r"|visits?|nurses?|gp|surgery|pharmacy|collect\w*|deliver\w*|work|school|shifts?|open)\b",
    re.IGNORECASE,
)
"""Between a drug and days off, what the days belong to: "warfarin 3 mg daily, INR checks on
weekdays", "sertraline 100 mg daily, clinic on weekdays"."""
_REACH = 120
"""The most characters between a drug's name and a phrase that belongs to it, and the most
read before a phrase for a word that refuses it."""
_REGULAR = re.compile(
    r"\b(?:(?:once|twice|one|two|three|four|\d) (?:times? )?(?:a |per |each )?(?:day|daily|week"
    r"|weekly)|daily|weekly|nightly|fortnightly|monthly|bd|b\.d|tds|t\.d\.s|qds|q\.d\.s|od|o\.d"
    r"|at night|every (?:morning|evening|night|day|week|\d+ (?:hours?|days?|weeks?))"
    r"|each (?:morning|evening|night|day)|regular(?:ly)?|mane|nocte"
    r"|on (?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays))\b",
    re.IGNORECASE,
)
"""A regular schedule: a frequency ("twice daily", "bd", "once weekly", "at night", "every 3
weeks", "regularly", "on Mondays")."""
_MAXIMUM = re.compile(
    r"\b(?:up to|max(?:imum)?|no more than|not more than|at most)\b(?:\W+\w+){0,3}\W*$", re.I
)
"""A frequency that is a maximum ("up to four times daily", "max 3 times a day") is no schedule."""
_ASKED = re.compile(r"\b(?:whether|asks?|asked|asking|wonders?|wondering)\b", re.IGNORECASE)


def _drug(name: str) -> str:
    key = name.lower()
    return BRANDS.get(key, key)


def regimen_phrases(text: str, licensing: bool = False) -> list[tuple[str, str, str]]:
    """(kind, drug, phrase) of each regimen phrase ``text`` asserts after a drug, in order.

    With ``licensing`` (a checked text's phrases), those of :data:`LICENSES` count too and an
    item between does not part a phrase from its drug ("beclometasone/formoterol ... maintenance
    and reliever therapy: 1 puff twice daily plus 1 puff when needed" gives formoterol a phrase).
    """
    patterns = _LICENSING if licensing else _PATTERNS
    found: list[tuple[str, str, str]] = []
    start = 0
    for end in [m.start() for m in _SENTENCE.finditer(text)] + [len(text)]:
        sentence = text[start:end]
        start = end + 1
        matches = [(k, m) for k, pattern in patterns.items() for m in pattern.finditer(sentence)]
        if not matches or "?" in text[end : end + 1] or _ASKED.search(sentence):
            continue
        drugs = list(_DRUG.finditer(sentence))
        ends = [d.end() for d in drugs]
        for kind, match in matches:
            at = bisect_right(ends, match.end()) - 1
            if at < 0:
                continue  # no drug before the phrase in its sentence
            drug = drugs[at]
            if match.start() - drug.end() > _REACH:
                continue  # too far from its drug to be its regimen
            between = sentence[drug.end() : match.start()]
            window = sentence[max(0, match.start() - _REACH) : match.start()]
            clause = _CLAUSE_START.split(window)[-1]
            if (not licensing and _PRODUCT.search(between)) or _AGAINST.search(clause):
                continue
            if kind == "stop rule" and _TAPER.search(clause):
                continue  # a taper's end ("reducing by 5 mg each week until 10 mg, then stop")
            if kind == "days off" and _DAYS_OF_OTHER.search(between):
                continue  # the days of a check or a service ("INR checks on weekdays")
            found.append((kind, _drug(drug[0]), match[0]))
    return found


@lru_cache(maxsize=256)
def scheduled(text: str) -> frozenset[str]:
    """The drugs ``text`` gives a regular schedule: a frequency after the name, before the next.

    "sertraline 50 mg daily", "beclometasone preventer inhaler twice daily", "methotrexate 15 mg
    once weekly" (:data:`_REGULAR`); not "salbutamol as needed", "eased by paracetamol" nor a
    maximum ("paracetamol 1 g up to four times daily"). Cached: a record is checked many times.
    """
    found: set[str] = set()
    drugs = list(_DRUG.finditer(text))
    for here, after in zip(drugs, [*drugs[1:], None], strict=False):
        stretch = text[here.end() : after.start() if after else len(text)]
        stretch = _SENTENCE.split(stretch, maxsplit=1)[0]
        if any(not _MAXIMUM.search(stretch[: m.start()]) for m in _REGULAR.finditer(stretch[:80])):
            found.add(_drug(here[0]))
    return frozenset(found)


def unlicensed_regimen(claim_text: str, evidence_text: str) -> str | None:
    """The first regimen phrase of ``claim_text`` that changes a regular regimen unstated.

    A phrase is read only for a drug ``evidence_text`` gives a regular schedule
    (:func:`scheduled`: "paracetamol as needed" for a record's "eased by paracetamol" changes
    nothing), and is licensed by one of the same kind after the same drug in ``evidence_text``.
    """
    for kind, drug, phrase in regimen_phrases(claim_text):
        if (kind, drug) not in _held(evidence_text) and drug in scheduled(evidence_text):
            return phrase
    return None


@lru_cache(maxsize=256)
def _held(evidence_text: str) -> frozenset[tuple[str, str]]:
    """(kind, drug) of every phrase of a checked text (cached: a record is checked many times)."""
    return frozenset((kind, drug) for kind, drug, _ in regimen_phrases(evidence_text, True))
