"""Whether cited evidence holds a claim's quantity: values, units, bounds and approximations.

Split from :mod:`carebench.episodes.support` (the claim-support judge), which asks these questions
of every number a claim states. Conventions:
    * a value is held by the same value in a compatible unit, time status and place in a pair
      (48 hours = 2 days), under the claim's label or none, unless a current value of the
      claim's labelled quantity says otherwise (:func:`quantity_supported`);
    * a bound ("below 57 kg") only by a value that satisfies it strictly or a bound at the same
      threshold (:func:`bound_held`, :func:`carebench.episodes.numerals.holds`);
    * an approximate value within :data:`APPROXIMATE` of one that holds it, an approximate dose
      only exactly (:func:`approximately_held`).
"""

from __future__ import annotations

from carebench.episodes.claimtext import Analysis, Quantity, term
from carebench.episodes.drug_names import DRUG_CLASSES
from carebench.episodes.numerals import holds
from carebench.episodes.roles import DOSE_UNITS, roles_agree

__all__ = [
    "ANALYTE_UNITS",
    "APPROXIMATE",
    "DOSE_UNITS",
    "approximately_held",
    "bound_held",
    "comparable",
    "covered_by",
    "inconsistent_total",
    "labelled",
    "quantity_supported",
    "same_value",
    "term_found",
    "total_held",
]

APPROXIMATE = 0.1
"""How far (relative) an approximate value ("about 7.6 mg/kg") may be from the value of the same
quantity, or one worked out from the cited values, that holds it."""


ANALYTE_UNITS: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("potassium", "sodium", "glucos", "keton", "lactat", "urea", "magnesium", "calcium",
         "phosphat"),
        frozenset({"mmol/l"}),
    ),
    "creatinin": frozenset({"umol/l"}), "bilirubin": frozenset({"umol/l"}),
    "egfr": frozenset({"ml/min"}), "hba1c": frozenset({"mmol/mol", "%"}),
    "tsh": frozenset({"mu/l"}), "crp": frozenset({"mg/l"}),
    "haemoglobin": frozenset({"g/l", "g/dl"}), "inr": frozenset(),
}  # fmt: skip
"""Analyte (its term) -> the units its value is written in (UK laboratory conventions; the INR has
none). A unit given to a value its line writes bare must be one of these: "potassium 4.2 mmol/L"
restates "potassium 4.2", "potassium 4.2 mg/dL" is another value (round 32)."""


def _units_compatible(a: str, b: str) -> bool:
    """Equal units, one unit-less, or two counts of words ("4 wet" and "4 nappies")."""
    return not a or not b or a == b or (a[0] == "#" and b[0] == "#")


def _unit_fits(q: Quantity) -> bool:
    """Whether ``q``'s unit is one its analyte is written in (:data:`ANALYTE_UNITS`).

    Any unit fits a value whose label names no known analyte, and a count of words is no unit.
    """
    if not q.unit or q.unit.startswith("#"):
        return True
    return all(q.unit in ANALYTE_UNITS[t] for t in q.label if t in ANALYTE_UNITS)


def same_value(q: Quantity, e: Quantity) -> bool:
    """The same value in a compatible unit, time status and place in a pair (48 hours = 2 days).

    A unit one side adds to the other's bare value must be one its analyte is written in
    ("potassium 4.2 mg/dL" is not "potassium 4.2"; :func:`_unit_fits`).
    """
    if q.former != e.former or q.ago != e.ago or (q.order and e.order and q.order != e.order):
        return False
    if not roles_agree(q.role, e.role):
        return False  # "eGFR fell by 22" is not "eGFR 22"; "for 21 days" is not "every 21 days"
    if {q.order, e.order} == {0, 2} and q.label and e.label and not labelled(q, e):
        return False  # "pulse 96" is not the 96 of "BP 158/96": a pair's second part, relabelled
    qb, eb = q.base, e.base
    if qb and eb:
        return qb == eb
    if qb or eb:
        return q.value == e.value and not (e.unit if qb else q.unit) and _unit_fits(q if qb else e)
    fits = bool(q.unit and e.unit) or (_unit_fits(q) and _unit_fits(e))
    return q.value == e.value and _units_compatible(q.unit, e.unit) and fits


def _near(q: Quantity, e: Quantity) -> bool:
    """Within :data:`APPROXIMATE` of each other (relative), in the base unit where there is one."""
    a, b = (q.base[1], e.base[1]) if q.base and e.base else (q.value, e.value)
    return abs(a - b) <= APPROXIMATE * max(abs(a), abs(b))


def comparable(q: Quantity, e: Quantity) -> bool:
    """Two values of one kind of quantity: one dimension, one unit, or two counts."""
    qb, eb = q.base, e.base
    if qb and eb:
        return qb[0] == eb[0]
    if (not q.unit or not e.unit) and labelled(q, e):
        return True  # "TSH 7" against "TSH 1.8 mU/L": one of them left the unit off
    return q.unit == e.unit or (q.unit[:1] == "#" and e.unit[:1] == "#")


def labelled(q: Quantity, e: Quantity) -> bool:
    """Whether two quantities share a label term (truncations and class names count)."""
    return any(term_found(t, e.label) for t in q.label)


def quantity_supported(q: Quantity, evidence: Analysis) -> bool:
    """Whether ``evidence`` holds ``q``'s value for the same quantity.

    It does when some evidence quantity has the same value in a compatible unit and the same
    label (or one of them has none), and is not a reference value the claim does not name as one
    (:data:`REFERENCE_LABELS`); or, failing that, when one has the same value and no evidence
    quantity with the claim's label gives that quantity another value. A bound is held as
    :func:`bound_held` says, an approximate value that is not a dose as :func:`approximately_held`
    says, an approximate dose only exactly.
    """
    if q.bound:
        return bound_held(q, evidence.quantities)
    if q.role.startswith("total"):
        return total_held(q, evidence.quantities, evidence.terms)
    if q.approximate:  # a value the writer worked out
        return approximately_held(q, evidence.quantities, evidence.terms)
    same = [
        e
        for e in evidence.quantities
        if same_value(q, e) and not _borrowed(q, e) and not _reference_for(e, q)
    ]
    if any(not q.label or not e.label or labelled(q, e) for e in same):
        return True
    rival = any(labelled(q, e) and comparable(q, e) and not e.former for e in evidence.quantities)
    return bool(same) and not rival


REFERENCE_LABELS = frozenset({"target", "goal", "best", "predict", "baselin", "usual", "ideal"})
"""Label terms that make a value a reference for the measurement, not the measurement ("target
INR 2.0-3.0", "best peak flow 450"): such a value holds a claim's value only under the same word
(round 32)."""


def _reference_for(e: Quantity, q: Quantity) -> bool:
    """Whether ``e`` is a reference value (:data:`REFERENCE_LABELS`) that ``q`` does not name.

    A bare value ("(430/520)") names no measurement, so any value may hold it.
    """
    return bool(q.label) and bool(e.label & REFERENCE_LABELS - q.label)


def bound_held(q: Quantity, evidence: tuple[Quantity, ...]) -> bool:
    """Whether a value or bound of ``q``'s quantity implies the bound ``q`` (numerals.holds)."""
    held = []
    for e in evidence:
        if e.former != q.former or e.ago != q.ago or not comparable(q, e):
            continue
        claimed, cited = (q.base[1], e.base[1]) if q.base and e.base else (q.value, e.value)
        if holds(e.bound, cited, q.bound, claimed):
            held.append(e)
    if any(not q.label or not e.label or labelled(q, e) for e in held):
        return True
    rival = any(labelled(q, e) and comparable(q, e) and not e.former for e in evidence)
    return bool(held) and not rival


_DAILY = frozenset({"freq1", "daily", "nightly", "mornings"})
"""Terms of a value given once a day, whose week's total is seven times it."""


def approximately_held(
    q: Quantity, evidence: tuple[Quantity, ...], terms: frozenset[str] = frozenset()
) -> bool:
    """Whether an approximate ``q`` is within :data:`APPROXIMATE` of a value that holds it.

    One of the same quantity (a comparable unit and the claim's label; a claim value without a
    label only by one without) and not a former value; or one worked out from the cited values:
    values in the claim's unit: k times a value where the cited ``terms`` give it k times a day
    (``freq2`` .. ``freq4``: a day's total) or seven times where they give a daily value (a
    week's; round 32: "about 300 mg" is not held by "75 mg daily"), a sum or difference of two,
    a product that gives the unit (30 mg/kg x 12.6 kg), a ratio that gives it (mg/kg) or a ratio
    of two values of one unit as a percentage ("~83 %" of 430/520). A unit-less approximate value
    is held only by a value of its own label.
    """
    same = [
        e
        for e in evidence
        if comparable(q, e) and (labelled(q, e) if q.label else not e.label) and not e.former
    ]
    if q.unit and any(same_value(q, e) and not e.former for e in evidence):
        return True  # "~5 cm" beside "5 cm": the value itself, whatever its label
    tolerance = 0.0 if q.unit in DOSE_UNITS else APPROXIMATE  # a dose is exact or worked out
    if any(_near(q, e) if tolerance else same_value(q, e) for e in same):
        return True
    values = [e for e in evidence if not e.former and e.unit][:30]
    daily = _times_a_day(terms)  # a day's total: k doses a day; a week's: 7 of a daily one
    times = (daily - {1}) | ({7} if 1 in daily else set())
    worked = {e.value * k for e in values if e.unit == q.unit for k in times}
    for a in values:
        for b in values:
            if a.unit == b.unit == q.unit:
                worked |= {a.value + b.value, abs(a.value - b.value)}
            if b.value and q.unit == f"{a.unit}/{b.unit}":
                worked.add(a.value / b.value)
            if b.value and q.unit == "%" and a.unit == b.unit:
                worked.add(100 * a.value / b.value)
            if q.unit and a.unit.startswith(f"{q.unit}/") and b.unit == a.unit.split("/")[1]:
                worked.add(a.value * b.value)  # 30 mg/kg x 12.6 kg
    return bool(q.unit) and any(
        abs(q.value - w) <= tolerance * max(abs(q.value), abs(w)) + 1e-9 for w in worked
    )


def _times_a_day(terms: frozenset[str]) -> set[int]:
    """How many times a day the ``terms`` give a dose (``freq1`` .. ``freq4``, daily words)."""
    return {k for k in (1, 2, 3, 4) if f"freq{k}" in terms} | ({1} if terms & _DAILY else set())


def total_held(q: Quantity, evidence: tuple[Quantity, ...], terms: frozenset[str]) -> bool:
    """Whether a day's (or week's) total ``q`` is held by the cited quantities.

    By a total of the same value and period, or by a dose in its unit times the times a day the
    cited ``terms`` give (seven times that for a week's total, and only for it: round 38). "10 mg
    a day" is held by "5 mg twice daily"; "500 mg a day in total" is not held by "500 mg twice
    daily" (round 33, red team 25).
    """
    if any(same_value(q, e) and e.role == q.role for e in evidence):
        return True
    times = _times_a_day(terms)
    if q.role == "total-week":
        times = {7 * k for k in times}
    doses = [
        e for e in evidence if e.unit == q.unit and not e.former and not e.role.startswith("total")
    ]
    return any(abs(e.value * k - q.value) < 1e-9 for e in doses for k in times)


def inconsistent_total(text: Analysis) -> bool:
    """Whether a text states a total that is not its own dose times its times a day.

    Only a text that gives a dose in the total's unit and how often: "paracetamol 1 g four times
    daily (1 g a day in total)" is inconsistent; "10 mg a day" alone is not read here.
    """
    totals = [q for q in text.quantities if q.role.startswith("total")]
    doses = [q for q in text.quantities if not q.role.startswith("total") and not q.former]
    how_often = frozenset(t for t in text.terms if t.startswith("freq"))  # not the total's "a day"
    if not totals or not _times_a_day(how_often):
        return False
    return any(
        any(d.unit == t.unit for d in doses) and not total_held(t, tuple(doses), how_often)
        for t in totals
    )


def _borrowed(q: Quantity, e: Quantity) -> bool:
    """Whether a unit-less, labelled claim number would be taken from another quantity.

    "TSH 7" is not held by "7 tablets", "on 7 March" or "ferritin 7 ug/L": a bare number with
    a label does not match a count of a word, nor a number with a unit and another label.
    """
    if q.unit or not q.label or not e.unit or labelled(q, e):
        return False
    return e.unit[0] == "#" or bool(e.label)


_DRUG_CLASSES = {term(c): tuple(map(term, drugs)) for c, drugs in DRUG_CLASSES.items()}


def term_found(word: str, terms: frozenset[str]) -> bool:
    """Whether ``word``, a truncation of a term or a class name ending one is in ``terms``.

    Truncations need 4 letters or more (``simva``, ``clarithro``); class names 5 or more
    (``statin`` in ``simvastatin``).
    """
    if word in terms:
        return True
    return len(word) >= 4 and any(
        t.startswith(word)
        or (len(t) >= 5 and word.startswith(t))
        or (len(word) >= 5 and t.endswith(word))
        for t in terms
    )


def covered_by(word: str, terms: frozenset[str], classes: bool = True) -> bool:
    """Whether a claim's ``word`` is covered by ``terms``.

    It is when it is found (:func:`term_found`) or, with ``classes``, is a drug class one of
    whose drugs is found (:data:`~carebench.episodes.drug_names.DRUG_CLASSES`: "the steroid cream"
    for hydrocortisone 1 %). For coverage only: a class is not its drug where a line negates or
    asserts it ("no anticoagulant now" still denies "on warfarin"), nor where the claim gives a
    dose (round 27, red team 21: "antidepressant 100 mg daily" does not name the drug the dose
    is of; the caller passes ``classes=False``).
    """
    found = _DRUG_CLASSES.get(word, ()) if classes else ()
    return term_found(word, terms) or any(term_found(d, terms) for d in found)
