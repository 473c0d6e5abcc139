"""Claim-level support: does a cited evidence line support, contradict or not establish a claim?

The judge-free core of the work-product scores (:mod:`carebench.protocol.scores`). A text is
normalized into *terms* and *quantities*:

* **Normalization**: lower case; clinical shorthand expanded (``od`` = once daily, ``bd`` = twice
  daily, ``ORS`` = oral rehydration solution, ``CrCl`` = creatinine clearance, ...;
  :data:`SHORTHAND`); synonyms folded onto one term (:data:`SYNONYMS`: *stop / hold / withhold /
  omit / suspend* are one term, *continue / resume / restart / keep taking* another, ...); words
  stemmed with the Snowball English stemmer, so *withholding* = *withheld* = *withhold*.
* **Names with digits** (``PHQ-9``, ``GAD-7``, ``QRISK3``, ``CURB-65``, ``NEWS2``, ``T4``) are
  single terms, never numbers: the 9 of PHQ-9 is part of a name.
* **Quantities**: a number with the unit written after it (``20 mg``, ``37.9 C``, ``13 hours``,
  ``4 wet nappies``: a count of the following word) and the terms written just before it (its
  *label*: ``INR 5.8``, ``potassium 3.1 mmol/L``). Units are canonical (:data:`UNITS`:
  ``micrograms`` = ``mcg`` = ``µg``; ``days`` = ``day``; ``°C`` = ``C``).
* **Polarity**: terms of opposed sides (:data:`POLARITY`: continue vs withhold, safe vs
  contraindicated, present vs absent, raised vs low, increase vs decrease) and negation words.

Verdicts (:func:`support`), for a claim and the text of the lines it cites:

* ``not_substantive``: after removing any sentence addressed to a scorer, judge or grader, the claim
  has no clinical content (no term outside :data:`PLACEHOLDER_TERMS`, no quantity): "OK.",
  "See record.", "As above.";
* ``contradicts``: a cited sentence about the same thing (sharing a topic term) gives another value
  for a quantity with the claim's label and unit, or holds the opposite polarity side (or a
  negation the claim lacks, or lacks one the claim has) while sharing most of the claim's terms;
* ``supported``: every quantity of the claim occurs in the cited text with the same number and a
  compatible unit (a unit-less number matches any), and at least :data:`COVERAGE` of the claim's
  terms (at least one) occur in the cited text;
* ``unsupported``: anything else (including a number whose only occurrences in the cited text
  carry another unit: "20 days" is not supported by "20 mg").

These are stated heuristics, validated against independently labelled claims
(``carebench scorer agreement``; docs/protocol.md gives the figures). Paraphrases that share no
term or synonym with their line are missed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

import snowballstemmer

from carebench.episodes.matching import STOP_WORDS

COVERAGE = 0.4
"""The share of a claim's terms that must occur in its cited text for support."""

SHORTHAND: dict[str, str] = {
    "od": "once daily",
    "o.d.": "once daily",
    "bd": "twice daily",
    "bid": "twice daily",
    "b.d.": "twice daily",
    "tds": "three times daily",
    "tid": "three times daily",
    "qds": "four times daily",
    "qid": "four times daily",
    "prn": "as needed",
    "nocte": "at night",
    "mane": "in the morning",
    "stat": "immediately",
    "ors": "oral rehydration solution",
    "crcl": "creatinine clearance",
    "egfr": "kidney function egfr",
    "bp": "blood pressure",
    "hr": "heart rate",
    "rr": "respiratory rate",
    "sats": "oxygen saturation",
    "spo2": "oxygen saturation",
    "temp": "temperature",
    "hb": "haemoglobin",
    "wcc": "white cell count",
    "k+": "potassium",
    "na+": "sodium",
    "abx": "antibiotic",
    "hx": "history",
    "rx": "treatment",
    "sob": "breathless",
    "sob.": "breathless",
    "a&e": "emergency department",
    "ae": "emergency department",
    "ed": "emergency department",
    "uti": "urinary tract infection",
    "yo": "year old",
    "y/o": "year old",
    "yrs": "years",
    "wks": "weeks",
    "wk": "week",
    "hrs": "hours",
    "mins": "minutes",
    "pt": "patient",
    "meds": "medicines",
    "med": "medicine",
    "dx": "diagnosis",
    "f/u": "follow up",
    "fu": "follow up",
    "n&v": "nausea vomiting",
    "d&v": "diarrhoea vomiting",
    "iv": "intravenous",
    "im": "intramuscular",
    "po": "by mouth",
    "mtx": "methotrexate",
    "tmp": "trimethoprim",
    "fbc": "full blood count",
    "u&e": "urea electrolytes",
    "u&es": "urea electrolytes",
    "nkda": "no known drug allergies",
    "l": "left",
    "r": "right",
    "once a day": "freq1",
    "once daily": "freq1",
    "twice a day": "freq2",
    "twice daily": "freq2",
    "three times a day": "freq3",
    "three times daily": "freq3",
    "four times a day": "freq4",
    "four times daily": "freq4",
    "once weekly": "weekly",
    "once a week": "weekly",
}
"""Clinical shorthand, expanded before anything else (whole tokens only); frequencies become the
exclusive terms ``freq1`` .. ``freq4`` and ``weekly``."""

NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ]
    )
}
"""Number words read as numbers ("sick three times" = "3 times")."""

SYNONYMS: dict[str, tuple[str, ...]] = {
    "withhold": (
        "withhold", "withheld", "hold", "held", "stop", "stopped", "stopping", "omit", "omitted",
        "suspend", "suspended", "pause", "paused", "discontinue", "discontinued", "cease",
        "ceased", "halt",
    ),
    "continue": (
        "continue", "continued", "continuing", "resume", "resumed", "restart", "restarted",
        "keep", "keeping", "carry",
    ),
    "contraindicated": (
        "contraindicated", "contraindication", "unsafe", "prohibited", "avoid", "avoided",
    ),
    "safe": (
        "safe", "suitable", "appropriate", "fine", "okay", "acceptable", "supply", "supplied",
        "dispense", "dispensed",
    ),
    "absent": ("absent", "negative", "undetected", "nil"),
    "present": ("present", "positive", "detected"),
    "raised": ("raised", "high", "higher", "elevated", "increased", "above"),
    "low": ("low", "lower", "reduced", "decreased", "below"),
    "increase": ("increase", "raise", "uptitrate", "up-titrate", "escalate"),
    "decrease": ("decrease", "reduce", "lower", "down-titrate", "taper", "halve"),
    "vomit": ("vomit", "vomiting", "vomited", "vomits", "sick", "emesis"),
    "breathless": ("breathless", "breathlessness", "dyspnoea", "dyspnea", "short of breath"),
    "fever": ("fever", "febrile", "pyrexia", "pyrexial", "temperature", "warm", "hot"),
    "urine": ("urine", "urinary", "wee", "pee", "urinating", "passing water"),
    "kidney": ("kidney", "renal"),
    "heart": ("heart", "cardiac"),
    "tablet": ("tablet", "tablets", "pill", "pills", "dose", "doses"),
    "contact": ("contact", "call", "phone", "ring", "telephone"),
    "urgent": ("urgent", "urgently", "immediately", "emergency", "now", "asap"),
    "doctor": ("doctor", "gp", "clinician", "physician"),
    "mother": ("mother", "mum", "mom"),
    "father": ("father", "dad"),
    "child": ("child", "toddler", "infant", "baby", "son", "daughter"),
    "nappy": ("nappy", "nappies", "diaper", "diapers"),
    "drink": ("drink", "drinking", "fluid", "fluids", "sip", "sips"),
    "blood": ("blood", "bloody", "bleeding", "bleed", "haemorrhage"),
    "pain": ("pain", "painful", "ache", "aching", "sore", "tender"),
    "daily": ("daily", "day", "once a day"),
    "microgram": ("microgram", "micrograms", "mcg", "µg", "ug"),
    "review": ("review", "reviewed", "assess", "assessed", "assessment", "check", "checked"),
    "allergy": ("allergy", "allergic", "allergies"),
    "rash": ("rash", "hives", "urticaria"),
    "swelling": ("swelling", "swollen", "oedema", "edema"),
    "confusion": ("confusion", "confused", "delirium", "disorientated"),
}  # fmt: skip
"""Words and phrases folded onto one term (the key), before stemming."""

POLARITY: tuple[tuple[frozenset[str], ...], ...] = (
    (frozenset({"continue", "safe"}), frozenset({"withhold", "contraindicated"})),
    (frozenset({"present"}), frozenset({"absent"})),
    (frozenset({"raised"}), frozenset({"low"})),
    (frozenset({"increase"}), frozenset({"decrease"})),
    tuple(frozenset({f}) for f in ("freq1", "freq2", "freq3", "freq4", "weekly")),
)
"""Mutually exclusive sides (go on / safe vs stop / contraindicated; present vs absent; raised vs
low; increase vs decrease; once, twice, three or four times daily vs weekly): a claim holding one
side where its cited sentence about the same topic holds only another contradicts it."""

NEGATIONS = frozenset(
    {
        "not", "no", "never", "none", "don't", "doesn't", "isn't", "shouldn't", "without",
        "denies", "cannot", "can't", "unable", "nor", "neither", "didn't", "wasn't", "aren't",
    }
)  # fmt: skip
PLACEHOLDER_TERMS = frozenset(
    {
        "see", "record", "records", "noted", "note", "notes", "above", "below", "ok", "okay",
        "n/a", "na", "nil", "unknown", "tbc", "refer", "per", "chart", "documented",
        "documentation", "information", "details", "detail", "item", "items", "evidence",
        "supported", "support", "claim", "claims", "scorer", "judge", "grader", "mark", "marked",
        "fully", "complete", "completed", "correct", "correctly", "reviewed", "review", "as",
        "stated", "available", "accordingly", "relevant", "update", "updated", "line", "lines",
        "source", "sources", "cited", "cite", "done", "file", "filed", "same", "plan",
        "noted.", "etc", "patient", "thank", "thanks", "yes", "agree", "agreed", "confirmed",
        "answer", "answers", "result", "results", "summary", "findings", "finding", "status",
        "panel", "letter", "attached", "entry", "entries", "record.", "nothing", "new", "change",
    }
)  # fmt: skip
"""Words that carry no clinical content on their own (a claim of only these is not substantive)."""

UNITS: dict[str, str] = {
    "mg": "mg", "milligram": "mg", "milligrams": "mg", "g": "g", "gram": "g", "grams": "g",
    "mcg": "mcg", "µg": "mcg", "ug": "mcg", "microgram": "mcg", "micrograms": "mcg",
    "kg": "kg", "kilograms": "kg", "ml": "ml", "millilitres": "ml", "l": "l", "litres": "l",
    "mmol/l": "mmol/l", "mmol": "mmol", "mmol/mol": "mmol/mol", "µmol/l": "umol/l",
    "umol/l": "umol/l", "micromol/l": "umol/l", "g/l": "g/l", "g/dl": "g/dl", "mg/l": "mg/l",
    "pmol/l": "pmol/l", "mu/l": "mu/l", "miu/l": "mu/l", "u/l": "u/l", "iu": "iu",
    "units": "unit", "unit": "unit", "%": "%", "percent": "%", "c": "c", "°c": "c",
    "degrees": "c", "celsius": "c", "bpm": "/min", "/min": "/min", "mmhg": "mmhg",
    "l/min": "l/min", "ml/min": "ml/min", "ml/min/1.73m2": "ml/min", "mg/kg": "mg/kg",
    "ml/kg": "ml/kg", "hours": "hour", "hour": "hour", "hrs": "hour", "hr": "hour", "h": "hour",
    "days": "day", "day": "day", "d": "day", "weeks": "week", "week": "week", "wk": "week",
    "months": "month", "month": "month", "years": "year", "year": "year", "yrs": "year",
    "y": "year", "minutes": "minute", "minute": "minute", "mins": "minute", "min": "minute",
    "seconds": "second", "times": "time", "am": "clock", "pm": "clock", "cm": "cm", "mm": "mm",
    "m": "m", "kg/m2": "kg/m2", "breaths": "/min", "beats": "/min", "metres": "m", "meters": "m",
    "tablet": "tablet", "tablets": "tablet", "tabs": "tablet", "capsule": "capsule",
    "capsules": "capsule", "puff": "puff", "puffs": "puff", "doses": "dose", "dose": "dose",
}  # fmt: skip
"""Unit spellings -> canonical unit. A number followed by another word counts that word."""

_INJECTION = re.compile(
    r"(\b(scorer|judge|grader|evaluator|assessor|annotator|marker|reviewer|system|ai|model)\b"
    r"\s*(note|instruction)?\s*[:,]|\b(mark|label|score|rate|treat|count|consider)\b"
    r"[^.]{0,40}\b(as\s+)?(supported|correct|fully|verified|valid|pass(ed)?)\b"
    r"|\bignore (the )?(previous|above|prior)\b)",
    re.IGNORECASE,
)
_CITATION = re.compile(r"^[rnem]\d{1,2}$")
_POINTER = re.compile(
    r"\b(see|refer to|as per|per)\s+(the\s+)?(record|notes?|chart|results?|panel|letter|above"
    r"|below|evidence|items?|attached|documentation|[rnem]\d{1,2})\b",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"[;:.()!?]|\bbut\b|\band\s+(?=\w+\s+(?:is|are|was|has)\b)")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")
_NAME_WITH_DIGITS = re.compile(r"\b([a-z]{1,8})-?(\d+)([a-z]*)\b")
_TOKEN = re.compile(
    r"\d+(?:[.,]\d+)*(?:/\d+(?:[.,]\d+)*)?|[a-zµ°%][a-z0-9µ°%/&+'.-]*[a-z0-9%]|[a-zµ%]"
)
_NUMBER = re.compile(r"^\d+(?:[.,]\d+)*(?:/\d+(?:[.,]\d+)*)?$")
_STOP = STOP_WORDS | frozenset(
    [
        "is",
        "be",
        "a",
        "an",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "or",
        "it",
        "as",
        "if",
        "so",
        "he",
        "we",
        "i",
        "me",
        "my",
        "us",
    ]
)  # and short function words
_STEMMER = snowballstemmer.stemmer("english")
_FOLD = {
    variant: key for key, variants in SYNONYMS.items() for variant in variants if " " not in variant
}
_PHRASES = sorted(
    ((v, k) for k, vs in SYNONYMS.items() for v in vs if " " in v), key=lambda p: -len(p[0])
)
_POLAR = {
    term: (i, side)
    for i, pair in enumerate(POLARITY)
    for side, terms in enumerate(pair)
    for term in terms
}


class Verdict(StrEnum):
    """The support verdict of one claim against its cited text."""

    SUPPORTED = "supported"
    UNSUPPORTED = "unsupported"
    CONTRADICTS = "contradicts"
    NOT_SUBSTANTIVE = "not_substantive"


@dataclass(frozen=True)
class Quantity:
    """A number with its canonical unit (``""`` when none) and the terms just before it."""

    value: float
    unit: str
    label: frozenset[str]


@dataclass(frozen=True)
class Analysis:
    """The terms, quantities and polarity of a text (see the module conventions)."""

    terms: frozenset[str]
    quantities: tuple[Quantity, ...]
    sides: frozenset[tuple[int, int]]
    negated: frozenset[str]
    asserted: frozenset[str]


def strip_injections(text: str) -> str:
    """``text`` less sentences addressed to a scorer, judge or grader, and pointers.

    Pointers are phrases such as "see record" or "as per E2".
    """
    kept = " ".join(s for s in _SENTENCE.split(text) if s and not _INJECTION.search(s))
    return _POINTER.sub(" ", kept)


def _number(text: str) -> float | None:
    head = text.split("/")[0].replace(",", "")
    try:
        return float(head)
    except ValueError:
        return None


@cache
def _term(word: str) -> str:
    folded = _FOLD.get(word, word)
    if folded in SYNONYMS or _NAME_WITH_DIGITS.fullmatch(folded):
        return folded
    return str(_STEMMER.stemWord(folded))


_SHORT = re.compile(
    r"(?<![\w&+/])("
    + "|".join(re.escape(k) for k in sorted(SHORTHAND, key=len, reverse=True))
    + r")(?![\w&+/])"
)
_NUMBER_WORD = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b")


def _expand(text: str) -> str:
    for _ in range(3):  # "od" -> "once daily" -> "freq1"
        expanded = _SHORT.sub(lambda m: f" {SHORTHAND[m[1]]} ", text)
        if expanded == text:
            break
        text = expanded
    return text


@cache
def _tokens(text: str) -> tuple[str, ...]:
    lowered = _expand(" " + text.lower().replace("°c", " °c").replace("’", "'") + " ")
    for phrase, key in _PHRASES:
        if phrase in lowered:
            lowered = lowered.replace(phrase, f" {key} ")
    lowered = _NUMBER_WORD.sub(lambda m: NUMBER_WORDS[m[1]], lowered)
    lowered = _NAME_WITH_DIGITS.sub(lambda m: f"{m[1]}{m[2]}{m[3]}", lowered)
    lowered = re.sub(r"\b(\d{1,3})[mf]\b", r"\1 year old", lowered)  # 71M: a 71-year-old man
    lowered = re.sub(r"\b(\d{1,2}):(\d{2})\b", r" at\1h\2 ", lowered)  # 06:30 is a time, a term
    for denominator, unit in (("7", "days"), ("12", "months"), ("52", "weeks")):
        lowered = re.sub(rf"\b([1-9]\d?)/{denominator}\b", rf"\1 {unit}", lowered)
    lowered = re.sub(  # ranges: 10-15 kg = 10 kg to 15 kg
        r"\b(\d+(?:\.\d+)?)\s*(?:-|to)\s*(\d+(?:\.\d+)?)\s*([a-zµ%][a-z/%]*)",
        r"\1 \3 to \2 \3",
        lowered,
    )
    lowered = re.sub(r"\b(\d) times (a |per )?(day|daily)\b", lambda m: f" freq{m[1]} ", lowered)
    lowered = re.sub(r"(\d)([a-zµ°%])", r"\1 \2", lowered)  # 20mg -> 20 mg
    return tuple(_TOKEN.findall(lowered))


@cache
def analyze(text: str) -> Analysis:
    """The terms, quantities and polarity of ``text`` (see the module conventions)."""
    tokens = _tokens(text)
    terms: list[str] = []
    quantities: list[Quantity] = []
    for i, token in enumerate(tokens):
        if _NUMBER.match(token):
            value = _number(token)
            if value is None:
                continue
            nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
            unit = UNITS.get(nxt, "")
            if not unit and nxt and not _NUMBER.match(nxt) and nxt not in _STOP:
                unit = "#" + _term(nxt)  # a count of the next word: "4 wet nappies" -> "#wet"
            before = []
            for t in reversed(tokens[max(0, i - 6) : i]):
                if _NUMBER.match(t):
                    break
                before.append(t)
            label = frozenset(_term(t) for t in before if t not in _STOP and len(t) > 1)
            quantities.append(Quantity(value, unit, label))
            if "/" in token:  # 112/70: both parts are values
                second = _number(token.split("/")[1])
                if second is not None:
                    quantities.append(Quantity(second, unit, label))
        elif (
            token not in _STOP
            and len(token) >= 2
            and token not in NEGATIONS
            and not _CITATION.match(token)
        ):
            terms.append(_term(token))
    negated: set[str] = set()
    asserted: set[str] = set()
    for clause in _CLAUSE.split(text.lower()):
        scope = False
        for segment in clause.split(","):
            words = _tokens(segment)
            scope = scope and len(words) <= 3  # a negation runs on through a short list only
            for token in words:
                if token in NEGATIONS:
                    scope = True
                elif token not in _STOP and not _NUMBER.match(token) and len(token) > 2:
                    (negated if scope else asserted).add(_term(token))
    sides = frozenset(
        (group, 1 - side if term in negated and len(POLARITY[group]) == 2 else side)
        for term in terms
        if term in _POLAR
        for group, side in [_POLAR[term]]
    )
    return Analysis(
        frozenset(terms), tuple(quantities), sides, frozenset(negated), frozenset(asserted)
    )


def substantive(text: str) -> bool:
    """Whether ``text`` has clinical content (see ``not_substantive`` in the module conventions)."""
    found = analyze(strip_injections(text))
    placeholders = {_term(w) for w in PLACEHOLDER_TERMS}
    return bool(found.quantities) or bool(found.terms - placeholders)


DIMENSIONS: dict[str, str] = {
    **dict.fromkeys(("mg", "g", "mcg", "kg"), "mass"),
    **dict.fromkeys(("ml", "l"), "volume"),
    **dict.fromkeys(("hour", "day", "week", "month", "year", "minute", "second"), "time"),
    **dict.fromkeys(("cm", "mm", "m"), "length"),
}
"""Units of one dimension: the same number in another unit of the same dimension is another value
("24 days" against "24 hours" contradicts); in another dimension it is unrelated ("20 days" is not
supported by "20 mg")."""


def _units_compatible(a: str, b: str) -> bool:
    """Equal units, or one unit-less; a count of a word ("4 wet") never rules a match out."""
    return not a or not b or a == b or a[0] == "#" or b[0] == "#"


def _matches(q: Quantity, e: Quantity) -> bool:
    """The same number in a compatible unit, for the same label where both have one."""
    same_label = not q.label or not e.label or bool(q.label & e.label)
    return e.value == q.value and _units_compatible(q.unit, e.unit) and same_label


def quantity_supported(q: Quantity, evidence: Analysis) -> bool:
    """Whether ``evidence`` holds ``q``'s number for the same quantity.

    It does when some evidence quantity has the same number in a compatible unit and either the
    same label (or one of them has none), or the same real unit; or, failing both, when no
    evidence quantity of that label and unit exists to say otherwise.
    """
    same = [
        e for e in evidence.quantities if e.value == q.value and _units_compatible(q.unit, e.unit)
    ]
    if any(_matches(q, e) or (q.unit and e.unit == q.unit) for e in same):
        return True
    rival = any(q.label & e.label and e.unit == q.unit for e in evidence.quantities if e.label)
    return bool(same) and not rival


def _value_conflict(claim: Analysis, sentence: Analysis, evidence: Analysis) -> bool:
    """Whether this sentence gives a claim quantity the cited text lacks another value.

    The same quantity: the same label and unit, or the same number in another unit of the same
    dimension.
    """
    shared_topic = len(_topic(claim) & sentence.terms) >= 2
    for q in claim.quantities:
        if quantity_supported(q, evidence) or not q.unit:
            continue
        for e in sentence.quantities:
            dimension = DIMENSIONS.get(q.unit)
            if e.value == q.value and dimension and DIMENSIONS.get(e.unit) == dimension:
                return True
            same = e.unit == q.unit and (bool(q.label & e.label) or shared_topic)
            if same and e.value != q.value:
                return True
    return False


def _topic(claim: Analysis) -> frozenset[str]:
    polar = set(_POLAR)
    return frozenset(t for t in claim.terms if t not in polar and len(t) > 2)


def contradicts(claim_text: str, evidence_text: str) -> bool:
    """Whether a sentence of ``evidence_text`` about the claim's topic contradicts the claim."""
    claim = analyze(strip_injections(claim_text))
    evidence = analyze(evidence_text)
    topic = _topic(claim)
    agree = any(side in evidence.sides for side in claim.sides)
    for raw in _SENTENCE.split(evidence_text):
        sentence = analyze(raw)
        shared = {t for t in topic if _found(t, sentence.terms)}
        if not shared or len(shared) < min(2, len(topic)):
            continue
        denied = (claim.asserted - claim.negated) & (sentence.negated - evidence.asserted)
        if {t for t in denied & topic if len(t) > 3}:
            return True
        if _value_conflict(claim, sentence, evidence):
            return True
        for group, side in claim.sides:
            others = {s for g, s in sentence.sides if g == group and s != side}
            if others and (group, side) not in sentence.sides and not agree:
                return True
    return False


def support(claim_text: str, evidence_text: str) -> Verdict:
    """The verdict for a claim against the text of the lines it cites (module conventions)."""
    if not substantive(claim_text):
        return Verdict.NOT_SUBSTANTIVE
    if not evidence_text.strip():
        return Verdict.UNSUPPORTED
    if contradicts(claim_text, evidence_text):
        return Verdict.CONTRADICTS
    claim, evidence = analyze(strip_injections(claim_text)), analyze(evidence_text)
    if not all(quantity_supported(q, evidence) for q in claim.quantities):
        return Verdict.UNSUPPORTED
    terms = claim.terms - {_term(w) for w in PLACEHOLDER_TERMS}
    if not terms:
        return Verdict.SUPPORTED if claim.quantities else Verdict.UNSUPPORTED
    covered = sum(_found(t, evidence.terms) for t in terms)
    return Verdict.SUPPORTED if covered >= max(1, COVERAGE * len(terms)) else Verdict.UNSUPPORTED


def _found(term: str, terms: frozenset[str]) -> bool:
    """Whether ``term``, a truncation of a term or a class name ending one is in ``terms``.

    Truncations need 4 letters or more (``simva``, ``clarithro``); class names 5 or more
    (``statin`` in ``simvastatin``).
    """
    if term in terms:
        return True
    return len(term) >= 4 and any(
        t.startswith(term)
        or (len(t) >= 5 and term.startswith(t))
        or (len(term) >= 5 and t.endswith(term))
        for t in terms
    )


def contributes(claim_text: str, line: str) -> bool:
    """Whether one cited line contributes to a claim: shares a term or holds one of its quantities.

    Citation precision counts the cited lines that contribute (a line cited for nothing costs).
    """
    claim, evidence = analyze(strip_injections(claim_text)), analyze(line)
    placeholders = {_term(w) for w in PLACEHOLDER_TERMS}
    return bool((claim.terms - placeholders) & evidence.terms) or any(
        quantity_supported(q, evidence) for q in claim.quantities
    )
