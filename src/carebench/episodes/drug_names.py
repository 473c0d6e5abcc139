"""Drug names the claim and handoff readers know: UK brands and the classes of the bank's drugs.

Data only (general vocabulary, never the wording of a labelled item). :data:`BRANDS` is expanded
with the shorthand (:data:`carebench.episodes.lexicon.SHORTHAND`); :data:`DRUG_CLASSES` lets a claim
name a drug's class ("the steroid cream" for hydrocortisone 1 %).
"""

from __future__ import annotations

import re

BRANDS: dict[str, str] = {
    "calpol": "paracetamol", "panadol": "paracetamol", "nurofen": "ibuprofen",
    "brufen": "ibuprofen", "lustral": "sertraline", "zoloft": "sertraline",
    "cipramil": "citalopram", "prozac": "fluoxetine", "coumadin": "warfarin",
    "marevan": "warfarin", "eliquis": "apixaban", "xarelto": "rivaroxaban",
    "istin": "amlodipine", "norvasc": "amlodipine", "zocor": "simvastatin",
    "lipitor": "atorvastatin", "amoxil": "amoxicillin", "ventolin": "salbutamol",
    "salamol": "salbutamol", "clenil": "beclometasone", "qvar": "beclometasone",
    "eltroxin": "levothyroxine", "neurontin": "gabapentin", "klaricid": "clarithromycin",
    "zithromax": "azithromycin", "lantus": "glargine", "abasaglar": "glargine",
    "toujeo": "glargine", "tresiba": "degludec", "novorapid": "aspart",
    "macrobid": "nitrofurantoin", "macrodantin": "nitrofurantoin", "tritace": "ramipril",
    "cardicor": "bisoprolol", "congescor": "bisoprolol", "glucophage": "metformin",
    "clexane": "enoxaparin", "naprosyn": "naproxen", "inderal": "propranolol",
    "cerazette": "desogestrel", "taxotere": "docetaxel", "plavix": "clopidogrel",
    "augmentin": "co-amoxiclav", "piriton": "chlorphenamine", "keflex": "cefalexin",
    "losec": "omeprazole", "prostap": "leuprorelin", "zydol": "tramadol",
    "eumovate": "clobetasone", "vibramycin": "doxycycline", "glucogel": "glucose gel",
    "dioralyte": "oral rehydration solution", "epipen": "adrenaline auto-injector",
    "sando-k": "potassium chloride", "lasix": "furosemide", "aldactone": "spironolactone",
    "zestril": "lisinopril", "amaryl": "glimepiride", "seroxat": "paroxetine",
    "elavil": "amitriptyline", "gaviscon": "alginate", "peptac": "alginate",
    # round 52: other names of the same drugs, former British Approved Names and US names
    "frusemide": "furosemide", "albuterol": "salbutamol",
    "acetaminophen": "paracetamol", "beclomethasone": "beclometasone", "cephalexin": "cefalexin",
    "amoxycillin": "amoxicillin",
}  # fmt: skip
"""UK brand names of the bank's drugs and, since round 52, their other names (former British
Approved Names such as frusemide and amoxycillin, US names such as albuterol and acetaminophen),
read as the drug (general vocabulary, expanded with :data:`SHORTHAND`): "Lustral 50 mg" is
sertraline 50 mg."""

DRUG_CLASSES: dict[str, frozenset[str]] = {
    "antibiotic": frozenset({
        "amoxicillin", "co-amoxiclav", "coamoxiclav", "penicillin", "phenoxymethylpenicillin",
        "flucloxacillin", "cefalexin", "clarithromycin", "erythromycin", "azithromycin",
        "doxycycline", "nitrofurantoin", "trimethoprim", "metronidazole", "ciprofloxacin",
        "gentamicin", "ceftriaxone", "clindamycin"}),
    "steroid": frozenset({
        "hydrocortisone", "clobetasone", "clobetasol", "betamethasone", "mometasone",
        "prednisolone", "dexamethasone", "beclometasone", "budesonide", "fluticasone"}),
    "antidepressant": frozenset({
        "sertraline", "citalopram", "fluoxetine", "paroxetine", "mirtazapine", "amitriptyline",
        "venlafaxine"}),
    "painkiller": frozenset({
        "paracetamol", "ibuprofen", "naproxen", "codeine", "co-codamol", "tramadol", "morphine",
        "oxycodone"}),
    "opioid": frozenset({"codeine", "co-codamol", "tramadol", "morphine", "oxycodone"}),
    "nsaid": frozenset({"ibuprofen", "naproxen", "diclofenac"}),
    "diuretic": frozenset({"furosemide", "spironolactone", "bendroflumethiazide", "indapamide"}),
    "antihistamine": frozenset({"chlorphenamine", "cetirizine", "loratadine"}),
    "anticoagulant": frozenset({
        "apixaban", "rivaroxaban", "edoxaban", "dabigatran", "warfarin", "enoxaparin"}),
    # round 49 (red team 38's control "sertraline 100 mg daily (an SSRI)"): narrower classes
    "ssri": frozenset({"sertraline", "citalopram", "escitalopram", "fluoxetine", "paroxetine"}),
    "statin": frozenset({"atorvastatin", "simvastatin", "rosuvastatin", "pravastatin"}),
    "antiplatelet": frozenset({
        "aspirin", "clopidogrel", "ticagrelor", "prasugrel", "dipyridamole"}),
    "macrolide": frozenset({"clarithromycin", "erythromycin", "azithromycin"}),
    "benzodiazepine": frozenset({
        "diazepam", "lorazepam", "temazepam", "midazolam", "chlordiazepoxide"}),
    "ace-inhibitor": frozenset({"ramipril", "lisinopril", "perindopril", "enalapril"}),
    "beta-blocker": frozenset({"bisoprolol", "propranolol", "atenolol", "metoprolol"}),
    "calcium-channel-blocker": frozenset({"amlodipine", "nifedipine", "diltiazem", "verapamil"}),
    "low-molecular-weight-heparin": frozenset({"enoxaparin", "dalteparin", "tinzaparin"}),
    "proton-pump-inhibitor": frozenset({"omeprazole", "lansoprazole"}),
}  # fmt: skip
"""Drug classes and the bank's drugs that belong to them: a claim that names the class of a
drug its line names says less, not something else ("the steroid cream" for hydrocortisone 1 %)."""

INSULIN_ACTIONS: dict[str, frozenset[str]] = {
    "basal": frozenset({"glargine", "degludec", "detemir", "isophane"}),
    "background": frozenset({"glargine", "degludec", "detemir", "isophane"}),
    "long-acting": frozenset({"glargine", "degludec", "detemir"}),
    "intermediate-acting": frozenset({"isophane"}),
    "bolus": frozenset({"aspart", "lispro", "glulisine", "soluble"}),
    "mealtime": frozenset({"aspart", "lispro", "glulisine", "soluble"}),
    "rapid-acting": frozenset({"aspart", "lispro", "glulisine"}),
    "fast-acting": frozenset({"aspart", "lispro", "glulisine"}),
    "quick-acting": frozenset({"aspart", "lispro", "glulisine"}),
    "short-acting": frozenset({"soluble"}),
}
"""Insulins by their action, as the BNF and patient leaflets class them: a long-acting (basal)
insulin is glargine, degludec or detemir; a rapid-acting (mealtime) one aspart, lispro or
glulisine ("insulin glargine (long-acting)" says no more than "insulin glargine")."""

KNOWN_DRUGS: frozenset[str] = frozenset(
    {*BRANDS.values(), *(d for drugs in DRUG_CLASSES.values() for d in drugs)}
    | {d for drugs in INSULIN_ACTIONS.values() for d in drugs}
)
"""Every drug named above (brands read as theirs, class members, insulins by action)."""
DRUG_NAMES = "|".join(re.escape(n) for n in sorted({*KNOWN_DRUGS, *BRANDS}, key=len, reverse=True))
"""Every drug and brand name, longest first, as the body of a regular-expression alternation."""
